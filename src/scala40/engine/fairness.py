"""A verifiable shuffle for every hand: commit to a secret, mix in the players' entropy,
reveal the secret when the hand is over.

Why: at a web table the server shuffles, so a player has to trust it. With this scheme
nobody has to:

1. Before hand ``n`` is dealt, every seat sees a **commitment**: the SHA-256 of the hand's
   32-byte **secret** (:func:`commitment`). Once published, the server cannot change the
   secret without the commitment showing it.
2. Seats may add **contributions** of their own (random bytes from the browser or the
   terminal) after seeing the commitment. The deck comes from the secret *and* every
   contribution (:func:`deal_seed`), so the server cannot steer it toward a deck either:
   it fixed the secret before it saw what the players would add.
3. When the hand is over the secret is **revealed**. Anyone recomputes the commitment, the
   seed and the deck (:func:`verify_hand`) and replays the hand from it.

The secrets of a match come from its seed (:func:`hand_secret`, a one-way hash of the seed
and the hand number), so revealing one hand's secret tells nothing of the next hands.

The deck is shuffled by a procedure written out here so that a program in any language
can redo it (docs/fair-deal.md): Fisher-Yates from the last position down, each draw an
unbiased integer below ``i + 1`` taken from a SHA-256 stream of the seed, by rejection.
Standard library only, like the rest of the engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from scala40.engine.cards import pack_list
from scala40.engine.rules import Rules

SECRET_BYTES = 32
CONTRIBUTION_MAX_BYTES = 64
"""A seat's contribution is at most this long: entropy, not a payload."""

_SECRET_TAG = b"scala40 hand secret v1\x00"
_COMMIT_TAG = b"scala40 commitment v1\x00"
_SEED_TAG = b"scala40 deal seed v1\x00"
_STREAM_TAG = b"scala40 shuffle stream v1\x00"


class FairnessError(ValueError):
    """A value of the scheme is malformed (named in the message)."""


def hand_secret(match_seed: int, number: int) -> bytes:
    """The secret of hand ``number`` of the match with ``match_seed`` (one-way: revealing
    it shows nothing of the seed, hence nothing of the other hands)."""
    if match_seed < 0 or number < 1:
        raise FairnessError("the seed must be 0 or more and hands are numbered from 1")
    data = _SECRET_TAG + match_seed.to_bytes(16, "big") + number.to_bytes(8, "big")
    return hashlib.sha256(data).digest()


def commitment(secret: bytes) -> str:
    """What every seat sees before the deal: the SHA-256 of the secret, in hex."""
    _check_secret(secret)
    return hashlib.sha256(_COMMIT_TAG + secret).hexdigest()


def check_contribution(contribution: bytes) -> None:
    """Refuse, by name, a contribution that is empty or too long."""
    if not isinstance(contribution, bytes) or not 1 <= len(contribution) <= CONTRIBUTION_MAX_BYTES:
        raise FairnessError(
            f"a contribution is 1 to {CONTRIBUTION_MAX_BYTES} bytes of entropy, "
            f"not {contribution!r:.40}"
        )


def deal_seed(secret: bytes, contributions: Sequence[bytes]) -> bytes:
    """The seed the deck is shuffled from: the secret and every contribution, in the order
    they are listed (seat order), each with its length so no two lists hash alike."""
    _check_secret(secret)
    h = hashlib.sha256(_SEED_TAG + secret)
    for c in contributions:
        check_contribution(c)
        h.update(len(c).to_bytes(2, "big") + c)
    return h.digest()


class _Stream:
    """Bytes from SHA-256(tag, seed, counter) blocks, read in order."""

    __slots__ = ("_buffer", "_counter", "_seed")

    def __init__(self, seed: bytes) -> None:
        self._seed = seed
        self._counter = 0
        self._buffer = b""

    def take(self, n: int) -> bytes:
        while len(self._buffer) < n:
            block = _STREAM_TAG + self._seed + self._counter.to_bytes(8, "big")
            self._buffer += hashlib.sha256(block).digest()
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, bound: int) -> int:
        """An unbiased integer in ``0 .. bound - 1``: 4-byte draws, the top of the range
        that does not divide evenly rejected."""
        span = 1 << 32
        limit = span - span % bound
        while True:
            value = int.from_bytes(self.take(4), "big")
            if value < limit:
                return value % bound


def shuffled(rules: Rules, seed: bytes) -> tuple[list[int], int]:
    """The deck (kinds, top card last) and the reshuffle seed a deal seed gives.

    The pack in its fixed order (:func:`~scala40.engine.cards.pack_list`), then
    Fisher-Yates: for ``i`` from the last index down to 1, swap position ``i`` with a
    position drawn below ``i + 1``. The reshuffle seed is the next 8 bytes, 63 bits.
    """
    if len(seed) != SECRET_BYTES:
        raise FairnessError(f"a deal seed is {SECRET_BYTES} bytes, not {len(seed)}")
    deck = pack_list(rules.decks, rules.joker_count)
    stream = _Stream(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck, int.from_bytes(stream.take(8), "big") >> 1


@dataclass(frozen=True, slots=True)
class FairDeal:
    """One hand's shuffle as the record keeps it: enough for anyone to check the deck."""

    commitment: str
    """Published before the deal."""
    contributions: tuple[bytes, ...]
    """The seats' entropy, in seat order of arrival as the server listed it."""
    secret: bytes | None = None
    """Revealed when the hand is over (``None`` before)."""

    def revealed(self) -> bool:
        return self.secret is not None


@unique
class Mismatch(StrEnum):
    """Why a hand's deck is not the committed one (the codes pages translate)."""

    NOT_REVEALED = "not_revealed"
    COMMITMENT = "commitment"
    DECK = "deck"
    RESHUFFLE_SEED = "reshuffle_seed"
    MALFORMED = "malformed"


MISMATCH_REASONS: dict[Mismatch, str] = {
    Mismatch.NOT_REVEALED: "the secret has not been revealed",
    Mismatch.COMMITMENT: "the revealed secret does not match the commitment made before the deal",
    Mismatch.DECK: "the deck is not the one the secret and the contributions shuffle",
    Mismatch.RESHUFFLE_SEED: (
        "the reshuffle seed is not the one the secret and the contributions give"
    ),
    Mismatch.MALFORMED: "the secret or a contribution is malformed",
}


def check_hand(
    rules: Rules, deal: FairDeal, deck: Sequence[int], shuffle_seed: int
) -> Mismatch | None:
    """Why ``deck`` and ``shuffle_seed`` are not what ``deal`` commits to, or ``None`` if
    they are: the secret must match the commitment, and the deck must be the one the
    secret and the contributions shuffle."""
    if deal.secret is None:
        return Mismatch.NOT_REVEALED
    try:
        if commitment(deal.secret) != deal.commitment:
            return Mismatch.COMMITMENT
        expected, reseed = shuffled(rules, deal_seed(deal.secret, deal.contributions))
    except FairnessError:
        return Mismatch.MALFORMED
    if list(deck) != expected:
        return Mismatch.DECK
    if shuffle_seed != reseed:
        return Mismatch.RESHUFFLE_SEED
    return None


def verify_hand(rules: Rules, deal: FairDeal, deck: Sequence[int], shuffle_seed: int) -> str | None:
    """:func:`check_hand` in words (``None``: the deck is the committed one)."""
    found = check_hand(rules, deal, deck, shuffle_seed)
    return None if found is None else MISMATCH_REASONS[found]


def _check_secret(secret: bytes) -> None:
    if not isinstance(secret, bytes) or len(secret) != SECRET_BYTES:
        raise FairnessError(f"a hand secret is {SECRET_BYTES} bytes")


__all__ = [
    "CONTRIBUTION_MAX_BYTES",
    "MISMATCH_REASONS",
    "SECRET_BYTES",
    "FairDeal",
    "FairnessError",
    "Mismatch",
    "check_contribution",
    "check_hand",
    "commitment",
    "deal_seed",
    "hand_secret",
    "shuffled",
    "verify_hand",
]
