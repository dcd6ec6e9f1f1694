"""``scala40 replay RECORD.json``: a saved game told hand by hand, or stepped through.

A finished record holds every deal and every action, so a replay may show everything:
the hands as dealt, every card drawn, the table after each hand, what each player paid
and the totals. The record is checked first by :func:`scala40.notation.record.replay`
(a broken record is refused, naming the hand and action); then the match is played
again from the recorded decks, one action at a time, telling each one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from scala40.engine.actions import DrawStock, TakePozzo
from scala40.engine.analysis import counts_of
from scala40.engine.match import HandRecord, Match
from scala40.notation.actions import describe_action, parse_action
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import rules_from_changes
from scala40.notation.melds import format_meld
from scala40.notation.record import load_record, replay
from scala40.tui.text import count, hand_text

Writer = Callable[[str], None]


def _match_of(rec: Mapping[str, Any]) -> Match:
    rules = rules_from_changes(rec.get("rules", {}))
    deals = {
        entry["number"]: ([parse_card(c) for c in entry["deck"]], entry["shuffle_seed"])
        for entry in rec["hands"]
    }
    return Match(rules, rec.get("seed"), rec["first_dealer"], deals=deals)


def _drawn(before: list[int], after: list[int]) -> int:
    b, a = counts_of(before), counts_of(after)
    return next(k for k in range(len(a)) if a[k] > b[k])


def story(record: str | Mapping[str, Any]) -> Iterator[str]:
    """The record as lines of text: one per action, blocks at each hand's start and end.

    Raises :class:`~scala40.notation.errors.NotationError` before telling anything if
    the record does not replay.
    """
    for _, line in steps(record):
        yield line


def steps(record: str | Mapping[str, Any]) -> Iterator[tuple[bool, str]]:
    """:func:`story`'s lines, each marked ``True`` when it tells one action."""
    for line in _told(record):
        yield isinstance(line, _Action), str(line)


class _Action(str):
    """A line of the story that tells one action (where ``--step`` pauses)."""

    __slots__ = ()


def _told(record: str | Mapping[str, Any]) -> Iterator[str]:
    rec = load_record(record)
    replay(rec)
    names = list(rec["seats"])
    match = _match_of(rec)
    yield f"Scala 40: {', '.join(names)}."
    for entry in rec["hands"]:
        deal = match.deal
        yield ""
        yield (
            f"=== Hand {entry['number']}: {names[match.dealer]} deals. "
            f"Order: {', '.join(names[s] for s in deal.seats)} ==="
        )
        for p, seat in enumerate(deal.seats):
            yield f"  {names[seat]} is dealt: {hand_text(deal.hand_cards(p))}"
        yield f"  Turned up on the pozzo: {format_card(deal.pozzo[-1], pretty=True)}"
        done = len(match.history)
        for i, text in enumerate(entry["actions"], 1):
            deal = match.deal
            player = deal.current
            seat = deal.seats[player]
            action = parse_action(text)
            before = deal.hand_cards(player)
            top = deal.pozzo[-1] if deal.pozzo else None
            match.apply(action)
            drawn = None
            if isinstance(action, DrawStock | TakePozzo) and match.deal is deal:
                drawn = _drawn(before, deal.hand_cards(player))
            yield _Action(f"  {i:>3}. {names[seat]} {describe_action(action, top, drawn)}")
            if len(match.history) > done:
                yield from _hand_end(match, deal, match.history[-1], names)
    yield ""
    if match.over:
        assert match.winner is not None
        yield f"*** {_unit(match, match.winner, names)} wins the match. ***"
    else:
        yield "The record stops here: the match was not finished."


def _unit(match: Match, unit: int, names: list[str]) -> str:
    if not match.rules.partnerships:
        return names[unit]
    return "Team " + "+".join(n for s, n in enumerate(names) if match.team_of(s) == unit)


def _hand_end(match: Match, hand: Any, record: HandRecord, names: list[str]) -> Iterator[str]:
    result = record.result
    if result.winner is not None:
        how = " with a chiusura in mano" if result.chiusura_in_mano else ""
        yield f"--- {names[record.seats[result.winner]]} goes out{how}. ---"
    else:
        yield "--- The stock ran out: everybody counts. ---"
    yield "  Table:"
    if not hand.table:
        yield "    (no melds)"
    for i, meld in enumerate(hand.table):
        yield f"    {i}: {format_meld(meld, pretty=True)}"
    for p, seat in enumerate(record.seats):
        left = result.hands[p]
        if left:
            shown = f"{count(len(left))}: {hand_text(left)}"
        else:
            shown = "went out" if p == result.winner else "no cards"
        yield f"  {names[seat]} pays {record.penalties[seat]} ({shown})"
    totals = " · ".join(f"{_unit(match, u, names)} {t}" for u, t in sorted(record.totals.items()))
    yield f"  Totals: {totals}"
    for u in record.eliminated:
        yield f"  {_unit(match, u, names)} is out of the match."
    for u, total in record.reentered.items():
        yield f"  {_unit(match, u, names)} re-enters at {total}."


def tell(record: str | Mapping[str, Any], write: Writer, wait: Callable[[], bool] | None) -> None:
    """Write the story; with ``wait``, pause before each action until it returns ``True``
    (``False`` stops the replay)."""
    for is_action, line in steps(record):
        if wait is not None and is_action and not wait():
            write("Replay stopped.")
            return
        write(line)


def replay_command(path: str, step: bool) -> None:
    """What ``scala40 replay`` does: read the file, tell the game (raises on a bad record)."""
    import sys
    from pathlib import Path

    import click

    from scala40.notation.errors import NotationError

    try:
        text = Path(path).read_text("utf-8")
    except OSError as err:
        raise NotationError(f"cannot read {path}: {err.strerror or err}") from None

    def wait() -> bool:
        click.echo("[Enter: next action, q: stop] ", nl=False)
        line = sys.stdin.readline()
        if not sys.stdin.isatty():
            click.echo()
        return bool(line) and line.strip().lower() not in ("q", "quit")

    tell(text, click.echo, wait if step else None)
