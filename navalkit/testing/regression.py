"""Helpers for the games' regression goldens (behaviour frozen before speed work)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType


def load_recorder(path: Path, name: str) -> ModuleType:
    """Import the golden's recorder script at ``path`` as module ``name`` (test folders are
    not packages), once."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def first_difference(got: Sequence[str], want: Sequence[str]) -> str:
    """Where a replay first departs from the recording, in words."""
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return f"entry {i}: got {a!r}, recorded {b!r}"
    return f"lengths differ: got {len(got)}, recorded {len(want)}"
