"""Tables across machines: students at one game from their own browsers.

A **table** is one game shared through a store (SQLite in a data folder by default, or
PostgreSQL): each student's page, in its own process, joins a seat with the table's code
and then plays through :class:`Tables` with its secret seat token.

>>> from navalkit.tables import Tables
>>> tables = Tables("/tmp/navalkit-demo", teacher_key="s3cret")   # doctest: +SKIP
>>> new = tables.create_table("naval_war", 3, bots={2: "medium"})  # doctest: +SKIP
>>> token = tables.join(new.code, 0, "Ann")                         # doctest: +SKIP
>>> view = tables.view(new.code, token)                             # doctest: +SKIP
>>> tables.move(new.code, token, view.legal_actions[0], view.seq)  # doctest: +SKIP

Modules: :mod:`.service` (the API pages call), :mod:`.store` (the two backends, one SQL code
path), :mod:`.views` (the data objects handed out), :mod:`.codes` (codes, tokens, seat links),
:mod:`.errors` (one refusal class per case), :mod:`.env` (the store every page of a server opens,
from ``$NAVALKIT_DATA`` or ``$NAVALKIT_TABLES_URL``). No widget library is imported here.
"""

from navalkit.core.errors import TableError

from .codes import normalize_code, parse_seat_link, seat_link
from .env import DATA_ENV, TABLES_URL_ENV, open_from_env, store_from_env
from .errors import (
    BadRequestError,
    GameNotRunningError,
    IllegalMoveError,
    NoSuchTableError,
    NotYourTurnError,
    RulesChangedError,
    SeatTakenError,
    StaleMoveError,
    StoreBusyError,
    StoreError,
    StoreFullError,
    TeacherKeyError,
    WrongTokenError,
)
from .service import Tables
from .store import (
    COMPUTER,
    ENDED,
    FREE,
    HUMAN,
    OPEN,
    OVER,
    PLAYING,
    TableStore,
    default_data_dir,
    open_store,
)
from .views import NewTable, SeatInfo, SeatView, TableStamp, TableSummary, TeacherView

__all__ = [
    "COMPUTER",
    "DATA_ENV",
    "ENDED",
    "FREE",
    "HUMAN",
    "OPEN",
    "OVER",
    "PLAYING",
    "TABLES_URL_ENV",
    "BadRequestError",
    "GameNotRunningError",
    "IllegalMoveError",
    "NewTable",
    "NoSuchTableError",
    "NotYourTurnError",
    "RulesChangedError",
    "SeatInfo",
    "SeatTakenError",
    "SeatView",
    "StaleMoveError",
    "StoreBusyError",
    "StoreError",
    "StoreFullError",
    "TableError",
    "TableStamp",
    "TableStore",
    "TableSummary",
    "Tables",
    "TeacherKeyError",
    "TeacherView",
    "WrongTokenError",
    "default_data_dir",
    "normalize_code",
    "open_from_env",
    "open_store",
    "parse_seat_link",
    "seat_link",
    "store_from_env",
]
