"""Shared helpers of the property tests: rule strategies, random play, state fingerprints.

Nothing here reads the rules document: everything the tests need is built from the
engine's public API (``Rules``, ``Hand``, ``legal_actions``, ``Match``).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from scala40.engine.actions import (
    Action,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    MeldSpec,
    Open,
    SwapJoker,
    TakeBack,
    TakePozzo,
)
from scala40.engine.cards import JOKER, KINDS, kind_of, pack_counts, pack_list
from scala40.engine.errors import IllegalAction, RulesError
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.melds import HIGH, LOW, TableMeld, build_meld
from scala40.engine.position import CACHE_SLOTS, Position
from scala40.engine.rules import Rules
from scala40.engine.state import Deal

# Rules ----------------------------------------------------------------------------------

HAND_KEYS: dict[str, st.SearchStrategy[Any]] = {
    "players": st.integers(2, 6),
    "decks": st.sampled_from([2, 2, 3]),
    "jokers": st.sampled_from([None, None, 0, 1, 2, 3, 6]),
    "no_joker_first_discard": st.booleans(),
    "first_pozzo_free": st.booleans(),
    "face_values": st.sampled_from(["standard", "high"]),
    "lone_ace_counts_one": st.booleans(),
    "jokers_per_meld": st.sampled_from([1, 2, "any"]),
    "min_naturals": st.integers(1, 3),
    "two_natural_aces_in_run": st.booleans(),
    "max_run_length_5": st.booleans(),
    "complete_set_to_stock": st.booleans(),
    "fit_discard_ban": st.sampled_from(["fisca", "unopened_only", "always", "never"]),
    "opening_points": st.sampled_from([40, 40, 0, 15, 51]),
    "open_from_pozzo": st.sampled_from(["no", "opening", "any_use", "keep"]),
    "keep_pozzo_card": st.booleans(),
    "open_without_jokers": st.sampled_from(["no", "fisca", "strict"]),
    "keep_swapped_joker": st.booleans(),
    "go_out_without_discard": st.sampled_from([False, True, "double"]),
    "stock_out": st.sampled_from(["reshuffle", "end_hand"]),
    "reshuffle_limit": st.sampled_from([0, 1, 3, None]),
    "unopened_penalty": st.sampled_from(["count", "flat100", "double"]),
    "chiusura_in_mano_double": st.booleans(),
}
"""Every §12 key that changes how a hand is played or scored."""

MATCH_KEYS: dict[str, st.SearchStrategy[Any]] = {
    "elimination": st.sampled_from([51, 61, 80]),
    "reentry": st.booleans(),
    "reentry_limit": st.sampled_from([1, 2]),
    "single_hand": st.booleans(),
    "target_total": st.sampled_from([None, None, None, 90]),
    "fixed_hands": st.sampled_from([None, None, None, 1, 3]),
    "partnerships": st.booleans(),
    "team_score": st.sampled_from(["sum", "worst"]),
}


def _build(values: dict[str, Any]) -> Rules | None:
    try:
        return Rules(**values)
    except RulesError:
        return None


def rules_strategy(*, match_keys: bool = False, **fixed: Any) -> st.SearchStrategy[Rules]:
    """Rules drawn over the §12 keys; combinations ``Rules`` rejects are skipped."""
    keys = dict(HAND_KEYS)
    if match_keys:
        keys.update(MATCH_KEYS)
    for key, value in fixed.items():
        keys[key] = value if isinstance(value, st.SearchStrategy) else st.just(value)
    return st.fixed_dictionaries(keys).map(_build).filter(lambda r: r is not None)  # type: ignore[return-value]


def pack_of(rules: Rules) -> list[int]:
    return pack_counts(rules.decks, rules.joker_count)


def deal(rules: Rules, seed: int) -> Deal:
    """A hand dealt from a deck shuffled by ``seed`` (reshuffles driven by ``seed`` too)."""
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(seed).shuffle(deck)
    return Deal.deal(rules, deck, shuffle_seed=seed)


# Random play ----------------------------------------------------------------------------


MELDING = (Open, Meld, LayOff, SwapJoker)


def choose(
    actions: list[Action], rng: random.Random, take_back: float = 0.02, meld_bias: float = 0.25
) -> Action:
    """Uniform among the legal actions, avoiding TakeBack unless it is alone (or rarely).

    With ``meld_bias`` the policy first picks, that often, among the melding actions
    (when there are some), which keeps random hands from dragging on for thousands of
    turns without anyone going out.
    """
    assert actions, "a hand in progress must offer at least one legal action"
    if meld_bias and rng.random() < meld_bias:
        melding = [a for a in actions if isinstance(a, MELDING)]
        if melding:
            return rng.choice(melding)
    plain = [a for a in actions if not isinstance(a, TakeBack)]
    if plain and rng.random() >= take_back:
        return rng.choice(plain)
    return rng.choice(actions)


def play_hand(
    deal: Deal,
    rng: random.Random,
    max_steps: int = 6000,
    meld_bias: float = 0.25,
) -> list[Action]:
    """Play random legal actions until the hand ends; returns the actions taken."""
    taken: list[Action] = []
    while not deal.over:
        assert len(taken) < max_steps, f"hand not over after {max_steps} actions"
        action = choose(legal_actions(deal), rng, meld_bias=meld_bias)
        deal.apply(action)
        taken.append(action)
    return taken


def advance(deal: Deal, rng: random.Random, steps: int) -> list[Action]:
    """Up to ``steps`` random legal actions (fewer if the hand ends)."""
    taken: list[Action] = []
    for _ in range(steps):
        if deal.over:
            break
        action = choose(legal_actions(deal), rng)
        deal.apply(action)
        taken.append(action)
    return taken


# Fingerprints ------------------------------------------------------------------------------


def _freeze(value: Any) -> Any:
    if isinstance(value, TableMeld):
        return (
            "meld",
            value.is_run,
            value.suit,
            value.lo,
            value.hi,
            value.rank,
            value.slots,
            value.jokers,
        )
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def slot_names(cls: type) -> tuple[str, ...]:
    """The attributes a slotted class declares: ``__slots__`` in the pure build; a class
    compiled by mypyc keeps no ``__slots__`` and lists them in ``__mypyc_attrs__``."""
    names: tuple[str, ...] = getattr(cls, "__mypyc_attrs__", None) or cls.__slots__
    return names


def fingerprint(deal: Deal) -> dict[str, Any]:
    """Every field of the state (caches aside) as comparable immutable values."""
    return {
        name: _freeze(getattr(deal, name))
        for name in slot_names(Position)
        if name not in CACHE_SLOTS
    }


def diff(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [k for k in a if a[k] != b[k]]


def match_fingerprint(match: Match) -> dict[str, Any]:
    out = {name: _freeze(getattr(match, name)) for name in slot_names(Match) if name != "deal"}
    out["deal"] = fingerprint(match.deal)
    return out


def conserved(deal: Deal) -> bool:
    """Every card of the pack is somewhere exactly once per copy (RULES.md §1)."""
    return deal.pack_count().exact


# The wider universe of actions -------------------------------------------------------------


def run_specs(counts: list[int], rules: Rules) -> list[MeldSpec]:
    """Runs the hand could lay, with every placement of up to three held jokers."""
    jokers = min(counts[JOKER], 3)
    out: list[MeldSpec] = []
    for suit in range(4):
        for lo in range(1, 13):
            for hi in range(lo + 2, 15):
                kinds = [kind_of(suit, r) for r in range(lo, hi + 1)]
                seen: Counter[int] = Counter()
                missing = []
                for i, k in enumerate(kinds):
                    seen[k] += 1
                    if counts[k] < seen[k]:
                        missing.append(i)
                if len(missing) > jokers:
                    break
                others = [i for i in range(len(kinds)) if i not in missing]
                for extra in range(jokers - len(missing) + 1):
                    for more in combinations(others, extra):
                        slots = {*missing, *more}
                        if len(slots) == len(kinds):
                            continue
                        cards = tuple(JOKER if i in slots else k for i, k in enumerate(kinds))
                        out.append(MeldSpec(cards))
    return out


def set_specs(counts: list[int]) -> list[MeldSpec]:
    """Sets the hand could lay, every joker with every declared identity."""
    out: list[MeldSpec] = []
    jokers = min(counts[JOKER], 3)
    for rank in range(1, 14):
        for size in (3, 4):
            for suits in combinations(range(4), size):
                kinds = [kind_of(s, rank) for s in suits]
                for j in range(min(jokers, size) + 1):
                    for slots in combinations(range(size), j):
                        naturals = [k for i, k in enumerate(kinds) if i not in slots]
                        if not naturals or any(counts[k] < 1 for k in naturals):
                            continue
                        cards = tuple(JOKER if i in slots else k for i, k in enumerate(kinds))
                        declared = tuple(k if i in slots else None for i, k in enumerate(kinds))
                        out.append(MeldSpec(cards, declared))
    return out


def meld_universe(counts: list[int], rules: Rules) -> list[MeldSpec]:
    specs = run_specs(counts, rules) + set_specs(counts)
    # Descending spellings of a few runs too (a run may be written either way).
    out = list(specs)
    for s in specs[::7]:
        out.append(MeldSpec(tuple(reversed(s.cards)), tuple(reversed(s.declared))))
    return out


def valid_specs(specs: list[MeldSpec], rules: Rules) -> list[tuple[MeldSpec, TableMeld]]:
    out = []
    for s in specs:
        try:
            out.append((s, build_meld(s.cards, s.declared, rules)))
        except IllegalAction:
            continue
    return out


def action_universe(deal: Deal, rng: random.Random, opens: int = 40) -> list[Action]:
    """A superset of the legal actions, built without the legal-action generator."""
    out: list[Action] = [DrawStock(), TakePozzo(), TakeBack()]
    out.extend(Discard(k) for k in range(KINDS))
    targets = range(len(deal.table) + 1)  # one past the end: no such meld
    for t in targets:
        for k in range(KINDS):
            for end in (None, LOW, HIGH):
                out.append(LayOff(k, t, end))
            if k < 52:
                out.append(SwapJoker(k, t))
        if t < len(deal.table):
            meld = deal.table[t]
            if meld.is_run:
                # A joker declared as what its end makes it, or as something else.
                for end, rank in ((LOW, meld.lo - 1), (HIGH, meld.hi + 1), (HIGH, meld.lo)):
                    if 1 <= rank <= 14:
                        out.append(LayOff(JOKER, t, end, kind_of(meld.suit, rank)))
            else:
                for s in range(4):
                    out.append(LayOff(JOKER, t, None, kind_of(s, meld.rank)))
    if deal.phase == "play":
        counts = deal.hands[deal.current]
        specs = valid_specs(meld_universe(counts, deal.rules), deal.rules)
        out.extend(Meld(s) for s, _ in specs)
        out.extend(Open((s,)) for s, _ in specs)
        for i in range(opens if specs else 0):
            size = rng.randint(2, 4)
            if i % 3 == 0:
                # Any melds at all, a meld possibly twice: mostly refused.
                picked = [s for s, _ in rng.choices(specs, k=size)]
            else:
                # Disjoint melds the hand holds together: openings worth checking.
                left = list(counts)
                picked = []
                for s, _ in rng.sample(specs, len(specs)):
                    need = Counter(s.cards)
                    if all(left[k] >= c for k, c in need.items()):
                        for k, c in need.items():
                            left[k] -= c
                        picked.append(s)
                        if len(picked) == size:
                            break
            if picked:
                out.append(Open(tuple(picked)))
    return out


def open_key(action: Open, rules: Rules) -> Counter[Any]:
    """An opening as a multiset of the melds it lays (order and spelling aside)."""
    return Counter(_freeze(build_meld(s.cards, s.declared, rules)) for s in action.melds)


def outcome(deal: Deal, action: Action) -> dict[str, Any] | None:
    probe = deal.clone()
    try:
        probe.apply(action)
    except IllegalAction:
        return None
    return fingerprint(probe)


def examples(count: int) -> settings:
    """The suite's Hypothesis settings: ``count`` examples, the same ones every run."""
    return settings(
        max_examples=count,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
