"""Widgets: the only place (with games/*/explain.py) that imports ipywidgets and ipycanvas."""

from .app import HUMAN, GameApp

__all__ = ["HUMAN", "GameApp"]
