"""Seat tokens: a secret for the browser, only its hash for the database."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    """A fresh seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the database keeps of a token (SHA-256, hex): a leaked row seats nobody."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    """A short, unguessable table id for share links."""
    return secrets.token_urlsafe(6)
