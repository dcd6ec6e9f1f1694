"""``scala40 replay RECORD.json``: a saved game told hand by hand, or stepped through.

A finished record holds every deal and every action, so a replay may show everything:
the hands as dealt, every card drawn, the table after each hand, what each player paid
and the totals. The record is checked first by :func:`scala40.notation.record.replay`
(a broken record is refused, naming the hand and action); then the match is played
again from the recorded decks, one action at a time, telling each one, in the player's
language (``scala40 replay --lang``, else the locale), as the terminal game tells a match.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from scala40.engine.actions import DrawStock, TakePozzo
from scala40.engine.analysis import counts_of
from scala40.engine.match import HandRecord, Match
from scala40.engine.position import HandResult
from scala40.notation.actions import parse_action
from scala40.notation.cards import format_card, parse_card
from scala40.notation.codec import rules_from_changes
from scala40.notation.melds import format_meld
from scala40.notation.record import load_record, replay
from scala40.tui.text import count, hand_text
from scala40.words import SOURCE_LANGUAGE, Words
from scala40.words.hints import move_words

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


def story(record: str | Mapping[str, Any], words: Words | None = None) -> Iterator[str]:
    """The record as lines of text: one per action, blocks at each hand's start and end,
    in the language of ``words`` (English when none).

    Raises :class:`~scala40.notation.errors.NotationError` before telling anything if
    the record does not replay.
    """
    for _, line in steps(record, words):
        yield line


def steps(
    record: str | Mapping[str, Any], words: Words | None = None
) -> Iterator[tuple[bool, str]]:
    """:func:`story`'s lines, each marked ``True`` when it tells one action."""
    for line in _told(record, words or Words()):
        yield isinstance(line, _Action), str(line)


class _Action(str):
    """A line of the story that tells one action (where ``--step`` pauses)."""

    __slots__ = ()


def _told(record: str | Mapping[str, Any], w: Words) -> Iterator[str]:
    rec = load_record(record)
    replay(rec)
    names = list(rec["seats"])
    match = _match_of(rec)
    yield f"Scala 40: {', '.join(names)}."
    for entry in rec["hands"]:
        deal = match.deal
        yield ""
        order = ", ".join(names[s] for s in deal.seats)
        dealer = names[match.dealer]
        yield w("term.game.announce.seat", n=entry["number"], kind="", name=dealer, order=order)
        for p, seat in enumerate(deal.seats):
            hand = hand_text(deal.hand_cards(p), w)
            yield "  " + w("term.replay.dealt", name=names[seat], hand=hand)
        yield "  " + w("term.game.pozzoTurned", card=format_card(deal.pozzo[-1], pretty=True))
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
            told = move_words(w, action, names[seat], pozzo_top=top, drawn=drawn)
            yield _Action(f"  {i:>3}. {told}")
            if len(match.history) > done:
                yield from _hand_end(match, deal, match.history[-1], names, w)
    yield ""
    if match.over:
        assert match.winner is not None
        yield w("term.game.win.seat", name=_unit(match, match.winner, names, w))
    else:
        yield w("term.replay.unfinished")


def _unit(match: Match, unit: int, names: list[str], w: Words) -> str:
    """A seat's name, or a team's with partnerships."""
    if not match.rules.partnerships:
        return names[unit]
    members = "+".join(n for s, n in enumerate(names) if match.team_of(s) == unit)
    return w("term.game.team", members=members)


def _hand_end(
    match: Match, hand: Any, record: HandRecord, names: list[str], w: Words
) -> Iterator[str]:
    result = record.result
    if result.winner is not None:
        how = " " + w("term.game.chiusura") if result.chiusura_in_mano else ""
        yield w("term.replay.goesOut", name=names[record.seats[result.winner]], how=how)
    else:
        yield w("term.replay.stockOut")
    yield "  " + w("term.game.tableLabel")
    if not hand.table:
        yield "    " + w("term.replay.noMelds")
    for i, meld in enumerate(hand.table):
        yield f"    {i}: {format_meld(meld, pretty=True)}"
    for p, seat in enumerate(record.seats):
        yield "  " + _paid(w, names[seat], record.penalties[seat], result.hands[p], p, result)
    totals = " · ".join(
        f"{_unit(match, u, names, w)} {t}" for u, t in sorted(record.totals.items())
    )
    yield "  " + w("term.game.totals", totals=totals)
    for u in record.eliminated:
        yield "  " + w("term.game.outOfMatch", name=_unit(match, u, names, w))
    for u, total in record.reentered.items():
        yield "  " + w("term.game.reenters", name=_unit(match, u, names, w), n=total)


def _paid(
    w: Words, name: str, penalty: int, left: Sequence[int], p: int, result: HandResult
) -> str:
    """What one player paid at the hand's end, and the cards it paid for."""
    if left:
        shown = w("term.replay.left", cards=count(len(left), w), hand=hand_text(left, w))
    else:
        shown = w("term.replay.wentOut") if p == result.winner else w("term.replay.noCards")
    return w("term.replay.pays", name=name, n=penalty, shown=shown)


def tell(
    record: str | Mapping[str, Any],
    write: Writer,
    wait: Callable[[], bool] | None,
    words: Words | None = None,
) -> None:
    """Write the story; with ``wait``, pause before each action until it returns ``True``
    (``False`` stops the replay)."""
    w = words or Words()
    for is_action, line in steps(record, w):
        if wait is not None and is_action and not wait():
            write(w("term.replay.stopped"))
            return
        write(line)


def replay_command(path: str, step: bool, lang: str = SOURCE_LANGUAGE) -> None:
    """What ``scala40 replay`` does: read the file, tell the game in the player's language
    ``lang`` (raises on a bad record)."""
    import sys
    from pathlib import Path

    import click

    from scala40.notation.errors import NotationError

    try:
        text = Path(path).read_text("utf-8")
    except OSError as err:
        raise NotationError(f"cannot read {path}: {err.strerror or err}") from None

    words = Words(lang)

    def wait() -> bool:
        click.echo(words("term.replay.wait") + " ", nl=False)
        line = sys.stdin.readline()
        if not sys.stdin.isatty():
            click.echo()
        return bool(line) and line.strip().lower() not in ("q", "quit")

    tell(text, click.echo, wait if step else None, words)
