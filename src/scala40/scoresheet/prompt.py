"""``scala40 score``: the score sheet of a real-card game, kept at the terminal by prompts.

Plain questions and answers, so it works in any terminal, with a screen reader and from
a script (answers piped on standard input). The sheet is saved after every hand, in the
web server's store (see :mod:`scala40.scoresheet.history`), so ``/score`` shows it to
whoever opens the keeper link printed at the start; end of input saves and stops, and
``--resume ID`` carries on.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any

import click

from scala40.notation.people import Lang
from scala40.scoresheet.export import (
    notes,
    printable,
    result_text,
    table_text,
    to_csv,
    unit_status,
)
from scala40.scoresheet.history import SavedSheet, SheetChanged, SheetShelf
from scala40.scoresheet.sheet import Entry, PaperHand, ScoreSheet, ScoreSheetError, parse_entry

HELP = """\
At "who went out": a name (or its first letters, or the player number), "-" if the
stock ran out and everybody counts, "u" to undo the last hand, "t" for the table,
"q" to save and stop. Points left may be a number, a sum (25+10+4) or the cards
themselves (JK KH 4C), which the program counts."""


def ask_rules(players: int) -> dict[str, Any]:
    """The scoring rules a paper table agrees on before the first hand."""
    changes: dict[str, Any] = {}
    if players in (4, 6) and click.confirm(
        "Partnerships (partners sit alternately)?", default=False
    ):
        changes["partnerships"] = True
        changes["team_score"] = click.prompt(
            "A team scores", type=click.Choice(["sum", "worst"]), default="sum"
        )
    end = click.prompt(
        "How does the game end? elimination / fixed N (hands) / target N (total) / single",
        default="elimination",
    ).strip()
    word, _, number = end.partition(" ")
    word = word.lower()
    if word.startswith("sing"):
        changes["single_hand"] = True
        return changes
    if word.startswith("fix"):
        changes["fixed_hands"] = number.strip() or click.prompt("How many hands", type=int)
    elif word.startswith("tar"):
        changes["target_total"] = number.strip() or click.prompt("Target total", type=int)
    elif not word.startswith("elim"):
        raise ScoreSheetError(
            f"the game ends by elimination, fixed N, target N or single, not {end!r}"
        )
    else:
        limit = 201 if changes.get("partnerships") else 101
        changes["elimination"] = click.prompt("Elimination limit", default=limit, type=int)
    if word.startswith("elim") and not changes.get("partnerships"):
        # The engine lets no team re-enter: the question is for players alone.
        again = click.prompt(
            "Re-entry after elimination: no / once / N times / any", default="no"
        ).strip()
        again = again.lower()
        if again not in ("no", "n", "0"):
            changes["reentry"] = True
            changes["reentry_limit"] = {"once": 1, "yes": 1, "y": 1}.get(again, again)
    changes["unopened_penalty"] = click.prompt(
        "A player who had not opened pays",
        type=click.Choice(["count", "flat100", "double"]),
        default="count",
    )
    changes["chiusura_in_mano_double"] = click.confirm(
        "After a chiusura in mano, players who had opened pay double?", default=False
    )
    return changes


def _seats(sheet: ScoreSheet, text: str, allowed: set[int]) -> frozenset[int]:
    seats = set()
    for word in text.replace(",", " ").split():
        seat = sheet.seat_of(word)
        if seat not in allowed:
            raise ScoreSheetError(f"{sheet.name(seat)} does not play this hand")
        seats.add(seat)
    return frozenset(seats)


def ask_hand(sheet: ScoreSheet, first: str, lang: Lang = Lang.EN) -> PaperHand:
    """Ask the rest of a hand once the table has said who went out (``first``); cards
    left are read with ``lang``'s suit letters (:mod:`scala40.notation.people`)."""
    standing = sheet.standing()
    playing = standing.next_seats
    went_out = None if first.strip() == "-" else sheet.seat_of(first)
    if went_out is not None and went_out not in playing:
        raise ScoreSheetError(f"{sheet.name(went_out)} does not play this hand")
    rules = sheet.rules
    if standing.playoff is not None or rules.single_hand:
        return PaperHand(went_out)
    chiusura = doubled = False
    if went_out is not None:
        chiusura = click.confirm("Chiusura in mano (the whole hand at once)?", default=False)
        if rules.go_out_without_discard == "double":
            doubled = click.confirm(
                "Went out without a discard (the others pay double)?", default=False
            )
    others = [s for s in playing if s != went_out]
    text = click.prompt(
        "Who had not opened? (names, empty for nobody)", default="", show_default=False
    )
    not_opened = _seats(sheet, text, set(others))
    left: dict[int, Entry] = {}
    probe = PaperHand(went_out, {}, not_opened, chiusura, doubled)
    for seat in others:
        if sheet.pays_flat(probe, seat):
            click.echo(f"{sheet.name(seat)} had not opened: pays a flat 100.")
            continue
        while True:
            raw = click.prompt(f"{sheet.name(seat)}: points or cards left")
            try:
                left[seat] = parse_entry(raw, sheet.name(seat), lang)
                break
            except ScoreSheetError as err:
                click.echo(f"  {err}")
    return PaperHand(went_out, left, not_opened, chiusura, doubled)


def show_line(sheet: ScoreSheet) -> None:
    standing = sheet.standing()
    line = standing.lines[-1]
    entered = sheet.hands[-1].left
    paid = ", ".join(
        f"{sheet.name(s)} {line.penalties[s]}"
        + (
            f" (cards {line.counted[s]})"
            if s in entered and line.counted[s] != line.penalties[s]
            else ""
        )
        for s in line.seats
        if s != line.went_out
    )
    click.echo(f"Hand {line.number}: {notes(sheet, line)}. Pay: {paid or 'nothing'}.")
    for unit in range(sheet.units):
        click.echo("  " + unit_status(sheet, standing, unit))
    left = sheet.hands_left(standing)
    if left and not standing.over:
        click.echo(f"  {left} of {sheet.rules.fixed_hands} hands left")


def _links(shelf: SheetShelf, sheet_id: str) -> None:
    click.echo(
        "On the web (scala40 serve, same data folder), open to keep it in your browser:\n"
        f"  {shelf.keeper_link(sheet_id)}\n"
        "  (that link lets whoever opens it enter hands: keep it to yourself)\n"
        f"The other players follow the score at {shelf.share_link(sheet_id)}"
    )


def run(shelf: SheetShelf, saved: SavedSheet, lang: Lang = Lang.EN) -> SavedSheet:
    """The hand loop: ask each hand, score it, save, until someone wins or the table stops."""
    sheet_id, sheet = saved.id, saved.sheet
    stop = f"Saved as {sheet_id}: carry on with scala40 score --resume {sheet_id}"
    click.echo(f"Score sheet {sheet_id}. Type ? for help.")
    _links(shelf, sheet_id)
    while True:
        standing = sheet.standing()
        if standing.over:
            click.echo(table_text(sheet, standing))
            click.echo(f"*** {result_text(sheet, standing)}! *** Saved as {sheet_id}.")
            return saved
        number = len(standing.lines) + 1
        playing = ", ".join(sheet.name(s) for s in standing.next_seats)
        kind = "play-off " if standing.playoff is not None else ""
        click.echo(
            f"\nHand {number} ({kind}{sheet.name(standing.next_dealer)} deals; playing: {playing})"
        )
        try:
            first = click.prompt("Who went out? (name, - for nobody, ? for help)").strip()
        except click.Abort:
            click.echo("\n" + stop)
            return saved
        word = first.lower()
        if word in ("?", "h", "help"):
            click.echo(HELP)
            continue
        if word in ("q", "quit"):
            click.echo(stop)
            return saved
        if word in ("t", "table"):
            click.echo(table_text(sheet, standing))
            continue
        undo = word in ("u", "undo")
        try:
            if undo:
                saved = shelf.change(sheet_id, len(sheet.hands), ScoreSheet.undo)
            else:
                hand = ask_hand(sheet, first, lang)
                saved = shelf.change(sheet_id, len(sheet.hands), partial(ScoreSheet.add, hand=hand))
        except click.Abort:
            click.echo("\n" + stop)
            return saved
        except SheetChanged:
            # The keeper link is open in a browser too, and a hand went in there.
            saved = shelf.load(sheet_id)
            sheet = saved.sheet
            click.echo(
                "The sheet changed meanwhile (on the web): here it is; enter the hand again."
            )
            click.echo(table_text(sheet))
            continue
        except ScoreSheetError as err:
            click.echo(f"Cannot undo: {err}" if undo else f"Not entered: {err}")
            continue
        sheet = saved.sheet
        if undo:
            click.echo(f"Hand {number - 1} taken off the sheet.")
        else:
            show_line(sheet)


def list_text(saved: list[SavedSheet]) -> str:
    """One line per stored game: ID, date, players, hands, result, and who keeps it."""
    if not saved:
        return "No score sheets saved yet."
    keepers = {"here": "kept here", "web": "kept on the web", "nobody": "read-only"}
    lines = []
    for s in saved:
        standing = s.sheet.standing()
        status = result_text(s.sheet, standing)
        hands = len(standing.lines)
        lines.append(
            f"{s.id}  {s.created[:16].replace('T', ' ')}  {', '.join(s.sheet.players)}"
            f"  {hands} hand{'' if hands == 1 else 's'}  {status}  ({keepers[s.keeper]})"
        )
    return "\n".join(lines)


def export_text(saved: SavedSheet, form: str) -> str:
    """A saved sheet as ``text`` (a sheet to print), ``csv`` or ``json`` (everything)."""
    if form == "csv":
        return to_csv(saved.sheet)
    if form == "json":
        return json.dumps(saved.to_json(), ensure_ascii=False, indent=1) + "\n"
    return printable(saved.sheet, saved.id, saved.created, saved.finished)


def new_sheet(
    names: str | None, preset: str | None, changes: Mapping[str, Any], ask: bool
) -> ScoreSheet:
    """Players and rules from the options, asking for whatever they leave out."""
    if names is None:
        names = click.prompt("Players (names separated by commas, in seating order)")
    players = [n.strip() for n in names.split(",") if n.strip()]
    rule_changes = dict(changes)
    if ask:
        rule_changes.update(ask_rules(len(players)))
    sheet = ScoreSheet.new(players, rule_changes, preset)
    if len(players) > 1:
        dealer = click.prompt("Who deals first?", default=players[0])
        sheet = ScoreSheet.new(players, rule_changes, preset, sheet.seat_of(dealer))
    return sheet


def score_command(
    shelf: SheetShelf,
    preset: str | None,
    changes: Mapping[str, Any],
    asked: bool,
    names: str | None,
    list_all: bool,
    export_id: str | None,
    form: str | None,
    resume_id: str | None,
    lang: Lang = Lang.EN,
) -> None:
    """What ``scala40 score`` does with its options (raises :class:`ScoreSheetError`).

    ``form`` is the export format asked for (``csv``, ``json``; ``None``: the printable
    sheet), and goes with ``export_id`` alone. ``lang`` decides the suit letters of the
    cards typed (Italian: C Q F P for cuori, quadri, fiori, picche).
    """
    if list_all:
        click.echo(list_text(shelf.listing()))
        return
    if export_id is not None:
        click.echo(export_text(shelf.load(export_id), form or "text"), nl=False)
        return
    if form is not None:
        raise ScoreSheetError(f"--{form} goes with --export ID")
    if resume_id is not None:
        saved = shelf.load(resume_id)
        if saved.keeper != "here":
            who = (
                "nobody (it was saved before sheets had keepers)"
                if saved.keeper == "nobody"
                else "the browser that started it: enter its hands there"
            )
            raise ScoreSheetError(
                f"score sheet {saved.id} is kept by {who}; here it can be listed and"
                f" exported (scala40 score --export {saved.id})"
            )
        run(shelf, saved, lang)
        return
    sheet = new_sheet(names, preset, changes, asked)
    run(shelf, shelf.start(sheet), lang)
