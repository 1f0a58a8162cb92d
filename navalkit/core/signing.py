"""Signed saves: an HMAC with a secret this machine keeps, so an edited save is refused.

The key is 32 random bytes in a file created on first use, outside the notebooks folder:
``$NAVALKIT_SAVE_KEY_FILE``, or ``~/.navalkit/save.key`` (readable by its owner only). A
record signed here carries ``"signature"``: the HMAC-SHA256 of its canonical body. Play pages
load pasted or uploaded saves only if this machine signed them; a notebook may load any.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

KEY_FILE_ENV = "NAVALKIT_SAVE_KEY_FILE"


def key_path() -> Path:
    return Path(os.environ.get(KEY_FILE_ENV) or Path.home() / ".navalkit" / "save.key")


def save_key() -> bytes:
    """This machine's signing key, made on first use.

    Several processes may make it at once (a class's kernels starting on a new server): each
    writes a key of its own to a file of its own, then links that file to the key's name,
    which only the first link gets. The key file so appears whole or not at all, and every
    process then reads the one key (before, a second maker failed on the file the first had
    just created, and a reader between the two steps read it empty)."""
    path = key_path()
    try:
        key = path.read_bytes()
    except FileNotFoundError:
        key = _make_key(path)
    if len(key) < 32:
        raise OSError(f"the save key in {path} is too short; delete it to make a new one")
    return key


def _make_key(path: Path) -> bytes:
    """A new key at ``path``, or the one another process put there first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(32)
    draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(key)
        try:
            os.link(draft, path)
        except FileExistsError:
            return path.read_bytes()
        return key
    finally:
        draft.unlink(missing_ok=True)


def signature(canonical_body: str) -> str:
    """The HMAC-SHA256 of a record's canonical body, in hex."""
    return hmac.new(save_key(), canonical_body.encode("utf-8"), hashlib.sha256).hexdigest()


def is_signed_here(canonical_body: str, given: object) -> bool:
    """Was this body signed with this machine's key?"""
    return isinstance(given, str) and hmac.compare_digest(signature(canonical_body), given)
