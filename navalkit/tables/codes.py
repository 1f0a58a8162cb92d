"""Table codes, seat tokens and seat links.

A **table code** is what a teacher writes on the board: six capital letters from an alphabet
without the letters that read like digits or like each other (no I, L, O), drawn with
:mod:`secrets`. 23**6 is about 148 million codes, so a class cannot find another class's table
by trying codes; uniqueness is checked by the store when the table is inserted. Codes are
read forgivingly: case and spaces or dashes do not matter (``" kx-pd ra"`` is ``KXPDRA``).

A **seat token** is the secret that proves a browser holds a seat (``secrets.token_urlsafe``,
256 bits). The store keeps only its SHA-256 digest, so a copy of the store does not let
anyone sit down in a student's seat. A **seat link** is the code and the token together
(``KXPDRA-<token>``): it brings the same student back to the same seat from any browser.
"""

from __future__ import annotations

import hashlib
import re
import secrets

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "new_code",
    "new_token",
    "normalize_code",
    "parse_seat_link",
    "seat_link",
    "token_digest",
]

#: the letters a code is made of: A-Z less I, L and O (read as 1, 1 and 0)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
_CODE = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
_SEPARATORS = re.compile(r"[\s\-_.]+")
#: the longest text read as a token (token_urlsafe(32) is 43 characters)
MAX_TOKEN_CHARS = 200


def new_code() -> str:
    """A fresh table code (the store checks that no table has it yet)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str | None:
    """``text`` as a table code (capitals, no spaces or dashes), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    code = _SEPARATORS.sub("", text).upper()
    return code if _CODE.fullmatch(code) else None


def new_token() -> str:
    """A fresh seat token: URL-safe text of 256 random bits."""
    return secrets.token_urlsafe(32)


def token_digest(token: object) -> str | None:
    """What the store keeps of a token (its SHA-256, hex), or None for a value that cannot be
    a token."""
    if not isinstance(token, str) or not 0 < len(token.strip()) <= MAX_TOKEN_CHARS:
        return None
    return hashlib.sha256(token.strip().encode("utf-8")).hexdigest()


def seat_link(code: str, token: str) -> str:
    """The text that brings a student back to a seat: ``CODE-token``."""
    return f"{code}-{token}"


def parse_seat_link(text: str) -> tuple[str, str]:
    """``(code, token)`` from a seat link (spaces around it are ignored); ValueError if it is
    not one. The code is checked for its shape only; the token by the table."""
    code, sep, token = text.strip().partition("-")
    normal = normalize_code(code)
    if not sep or normal is None or token_digest(token) is None:
        raise ValueError("That is not a seat link: it looks like ABCDEF-followed-by-a-secret.")
    return normal, token.strip()
