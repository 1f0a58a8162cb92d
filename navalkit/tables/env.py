"""Where a server's pages find the class's tables: one store for every page's kernel.

``navalkit serve --data DIR`` (or ``--tables-url postgresql://...``) starts Voila with
``$NAVALKIT_DATA`` (or ``$NAVALKIT_TABLES_URL``) set, and every kernel Voila starts inherits
it, so the table page of each student and the teacher's dashboard open the same store:
:func:`open_from_env`. The URL wins over the folder when both are set.
"""

from __future__ import annotations

import os
from pathlib import Path

from .service import Tables
from .store import default_data_dir

__all__ = ["DATA_ENV", "TABLES_URL_ENV", "open_from_env", "store_from_env"]

#: the data folder of the embedded store (read by :func:`default_data_dir` too)
DATA_ENV = "NAVALKIT_DATA"
#: a PostgreSQL URL for the store (several server machines share it)
TABLES_URL_ENV = "NAVALKIT_TABLES_URL"


def store_from_env() -> str | Path:
    """What the store is opened from: ``$NAVALKIT_TABLES_URL`` if set, else the data folder
    (``$NAVALKIT_DATA`` or the default folder)."""
    url = os.environ.get(TABLES_URL_ENV, "").strip()
    return url if url else default_data_dir()


def open_from_env(*, timeout: float = 5.0) -> Tables:
    """The table service on this server's store (see the module's docstring), with the
    server's teacher key (``$NAVALKIT_TEACHER_KEY``). A store that cannot be opened raises
    :class:`~navalkit.tables.StoreError` with the reason in words."""
    return Tables(store_from_env(), timeout=timeout)
