"""Every notebook runs top to bottom, and is committed with its outputs stripped.

The notebooks are found under the checkout's ``notebooks/`` (or ``$NAVALKIT_NOTEBOOKS``).
Run only these with ``pytest -m notebook``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest

from navalkit._paths import find_notebooks

NOTEBOOKS = Path(os.environ.get("NAVALKIT_NOTEBOOKS") or Path(__file__).parents[1] / "notebooks")
NOTEBOOK_PATHS = find_notebooks(NOTEBOOKS) if NOTEBOOKS.is_dir() else []
IDS = [p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOK_PATHS]
CELL_TIMEOUT = 600


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=IDS)
def test_notebook_executes(path: Path) -> None:
    """Run every cell with a python3 kernel, in the notebook's own folder."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()


@pytest.mark.parametrize("path", NOTEBOOK_PATHS, ids=IDS)
def test_notebook_is_stripped(path: Path) -> None:
    """No outputs, no execution counts, no saved widget state (nbstripout does all three);
    and every cell has its id (nbformat 4.5: a cell without one is a warning now, an error in
    later versions; JupyterLab adds it, a cell written by a script may lack it)."""
    raw = json.loads(path.read_text())
    if (raw["nbformat"], raw["nbformat_minor"]) >= (4, 5):
        no_id = [n for n, cell in enumerate(raw["cells"], start=1) if "id" not in cell]
        assert not no_id, f"{path.name}: cells {no_id} have no id (nbformat.validator.normalize)"
    nb = nbformat.read(path, as_version=4)
    dirty = []
    for number, cell in enumerate(nb.cells, start=1):
        if cell.cell_type != "code":
            continue
        if cell.get("outputs"):
            dirty.append(f"cell {number} has outputs")
        if cell.get("execution_count") is not None:
            dirty.append(f"cell {number} has an execution count")
    if "widgets" in nb.metadata:
        dirty.append("notebook metadata holds saved widget state")
    assert not dirty, f"{path.name} is not stripped (run nbstripout on it):\n" + "\n".join(dirty)
