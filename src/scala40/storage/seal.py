"""Deal seeds sealed at rest: the database alone does not tell the cards in play.

A table's seed decides every card of every hand, so whoever reads it knows every hand in
play. The store keeps it encrypted with a key that lives outside the database (a file
beside it, ``server.key``, mode 0600): the seed is XORed with a keystream made from
HMAC-SHA256(key, table id), unique per table because table ids are. A database dump, a
read-only replica or a leaked backup of the database shows only sealed values.

The trade-off (docs/server.md): the key file must be kept and backed up with the database.
Without it, unfinished tables cannot be rebuilt (they are left as stored, with a log
line); finished matches are unaffected, because their record (with the seed, public once
the match is over) is stored in clear.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import tempfile
from pathlib import Path

KEY_BYTES = 32
SEED_MASK = (1 << 63) - 1
"""Seeds are 63-bit (they fit PostgreSQL's signed BIGINT); so are sealed values."""


class SecretKeyError(ValueError):
    """The key file exists but cannot be used (named in the message)."""


def load_or_create_key(path: Path) -> bytes:
    """The server's key from ``path``; a new random key is written there on first use."""
    if path.exists():
        try:
            key = bytes.fromhex(path.read_text(encoding="ascii").strip())
        except (ValueError, OSError) as err:
            raise SecretKeyError(f"the key file {path} cannot be read: {err}") from None
        if len(key) < 16:
            raise SecretKeyError(f"the key file {path} holds no key (64 hex digits expected)")
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_bytes(KEY_BYTES)
    # The key is written whole to a private temporary file, then linked to its name, which
    # fails if the name exists: two servers starting at once on one data directory keep one
    # key, and neither ever reads a key file that is still being written.
    fd, draft = tempfile.mkstemp(prefix=".server-key-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as out:
            out.write(key.hex() + "\n")
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(draft, path)
        except FileExistsError:
            return load_or_create_key(path)
    finally:
        os.unlink(draft)
    return key


def fingerprint(key: bytes) -> str:
    """A value that tells keys apart without telling the key (stored in the database)."""
    return hmac.new(key, b"scala40 key fingerprint", hashlib.sha256).hexdigest()


def network_digest(key: bytes | None, network: str) -> str:
    """What a seat keeps of where its person joined from: a keyed digest of their network
    (an address, or an IPv6 client's /64), equal for equal networks and telling nothing of
    the address to whoever reads the database without the key (32 hex digits)."""
    mac = hmac.new(key or b"", b"scala40 network " + network.encode("utf-8"), hashlib.sha256)
    return mac.hexdigest()[:32]


def _keystream(key: bytes, table_id: str) -> int:
    digest = hmac.new(key, b"scala40 seed " + table_id.encode("utf-8"), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") & SEED_MASK


def seal_seed(key: bytes, table_id: str, seed: int) -> int:
    """The value stored for ``seed`` (XOR is its own inverse: :func:`open_seed` undoes it)."""
    return (seed & SEED_MASK) ^ _keystream(key, table_id)


def open_seed(key: bytes, table_id: str, sealed: int) -> int:
    return (sealed & SEED_MASK) ^ _keystream(key, table_id)
