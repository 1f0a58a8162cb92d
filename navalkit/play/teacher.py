"""The teacher key: what lets a page show the teacher's controls (every hand, the seats).

``navalkit serve`` makes a random key for its session (or takes ``NAVALKIT_TEACHER_KEY`` from
the environment), hands it to the pages' kernels through that variable, and prints a teacher
link that carries it (``?teacher=<key>``). A page opened without the key, or with a wrong one,
is a student's page: it shows no teacher control. The key is compared in constant time and
never written back to a page.

The server-free site has no server to keep a key: ``navalkit build-site`` makes one, prints
the teacher link, and writes only the key's SHA-256 into the site (``NAVALKIT_TEACHER_HASH``
in the page's Python), so the site's files do not give the key away.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets

TEACHER_KEY_ENV = "NAVALKIT_TEACHER_KEY"
#: where the server-free site's Python finds the SHA-256 of its teacher key
TEACHER_HASH_ENV = "NAVALKIT_TEACHER_HASH"

#: a key shorter than this is not taken (a guessable key is no key)
MIN_KEY_LENGTH = 16


def new_teacher_key() -> str:
    """A fresh random key (about 128 bits), safe in a URL."""
    return secrets.token_urlsafe(18)


def teacher_key() -> str | None:
    """This server's teacher key, if it has one."""
    key = os.environ.get(TEACHER_KEY_ENV, "")
    return key if len(key) >= MIN_KEY_LENGTH else None


def key_hash(key: str) -> str:
    """The SHA-256 of a teacher key, in hex (what a server-free site keeps of it)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def is_teacher_key(given: str) -> bool:
    """Is ``given`` this server's teacher key (or, on the server-free site, the key whose hash
    the site was built with)?"""
    key = teacher_key()
    if key is not None:
        return hmac.compare_digest(given.encode(), key.encode())
    digest = os.environ.get(TEACHER_HASH_ENV, "")
    return (
        len(digest) == 64
        and len(given) >= MIN_KEY_LENGTH
        and hmac.compare_digest(key_hash(given), digest)
    )


__all__ = [
    "TEACHER_HASH_ENV",
    "TEACHER_KEY_ENV",
    "is_teacher_key",
    "key_hash",
    "new_teacher_key",
    "teacher_key",
]
