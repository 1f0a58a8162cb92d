"""The teacher key: what lets a page show the teacher's controls (every hand, the seats).

``navalkit serve`` makes a random key for its session (or takes ``NAVALKIT_TEACHER_KEY`` from
the environment), hands it to the pages' kernels through that variable, and prints a teacher
link that carries it (``?teacher=<key>``). A page opened without the key, or with a wrong one,
is a student's page: it shows no teacher control. The key is compared in constant time and
never written back to a page.
"""

from __future__ import annotations

import hmac
import os
import secrets

TEACHER_KEY_ENV = "NAVALKIT_TEACHER_KEY"

#: a key shorter than this is not taken (a guessable key is no key)
MIN_KEY_LENGTH = 16


def new_teacher_key() -> str:
    """A fresh random key (about 128 bits), safe in a URL."""
    return secrets.token_urlsafe(18)


def teacher_key() -> str | None:
    """This server's teacher key, if it has one."""
    key = os.environ.get(TEACHER_KEY_ENV, "")
    return key if len(key) >= MIN_KEY_LENGTH else None


def is_teacher_key(given: str) -> bool:
    """Is ``given`` this server's teacher key?"""
    key = teacher_key()
    return key is not None and hmac.compare_digest(given.encode(), key.encode())


__all__ = ["TEACHER_KEY_ENV", "is_teacher_key", "new_teacher_key", "teacher_key"]
