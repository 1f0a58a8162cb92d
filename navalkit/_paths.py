"""Where navalkit's notebooks live, in a wheel install and in a source checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


def packaged_notebooks_dir() -> Path:
    """The copy a wheel carries (pyproject force-includes ``notebooks/`` there)."""
    return _PACKAGE_DIR / "notebooks"


def checkout_notebooks_dir() -> Path:
    """The ``notebooks/`` folder next to the package in a source checkout."""
    return _PACKAGE_DIR.parent / "notebooks"


def notebooks_dir() -> Path:
    """The notebooks to serve: the packaged copy if present, else the checkout's folder."""
    packaged = packaged_notebooks_dir()
    if packaged.is_dir():
        return packaged
    return checkout_notebooks_dir()


def find_notebooks(root: Path) -> list[Path]:
    """Every ``*.ipynb`` under ``root`` (sorted), skipping checkpoints and hidden folders."""
    found = []
    for path in sorted(root.rglob("*.ipynb")):
        parts = path.relative_to(root).parts
        if any(p.startswith(".") for p in parts):
            continue
        found.append(path)
    return found
