"""``scala40 score``: the score sheet of a real-card game, kept at the terminal by prompts.

Plain questions and answers, so it works in any terminal, with a screen reader and from
a script (answers piped on standard input). The sheet is saved after every hand, in the
web server's store (see :mod:`scala40.scoresheet.history`), so ``/score`` shows it to
whoever opens the keeper link printed at the start; end of input saves and stops, and
``--resume ID`` carries on.

Every question, line and refusal is a message of the catalogue (:mod:`scala40.words`) in
the player's language, and so are the answers it takes: yes and no, the ways a game ends,
the commands at "who went out". The English answers are always taken too, so a table
that learnt them from the English help is never stuck. The questions are asked with
plain :func:`click.prompt` (never ``click.confirm`` or a click type), because click would
add its own English words: ``[y/N]``, ``Error: ... is not a valid integer``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import click

from scala40.scoresheet.export import (
    hands_left_text,
    notes,
    printable,
    result_text,
    table_text,
    to_csv,
    unit_status,
)
from scala40.scoresheet.history import SavedSheet, SheetChanged, SheetShelf
from scala40.scoresheet.sheet import (
    Entry,
    HandLine,
    PaperHand,
    ScoreSheet,
    ScoreSheetError,
    card_language,
    parse_entry,
    refusal,
    words_of,
)
from scala40.words import Words

ENDINGS: Mapping[str, str] = {
    "elimination": "term.score.answer.elimination",
    "fixed": "term.score.answer.fixed",
    "target": "term.score.answer.target",
    "single": "term.score.answer.single",
}
"""How a game may end, and the catalogue's answers that choose each."""

TEAM_SCORES: Mapping[str, str] = {
    "sum": "term.score.answer.sum",
    "worst": "term.score.answer.worst",
}
"""What a team scores (the rule's values), and the answers that choose each."""

UNOPENED: Mapping[str, str] = {
    "count": "term.score.answer.count",
    "flat100": "term.score.answer.flat100",
    "double": "term.score.answer.double",
}
"""What a player who had not opened pays (the rule's values), and the answers for each."""

COMMANDS: Mapping[str, str] = {
    "help": "term.score.command.help",
    "quit": "term.score.command.quit",
    "table": "term.score.command.table",
    "undo": "term.score.command.undo",
}
"""What may be typed at "who went out" instead of a name, and the words for each."""

KEEPERS: Mapping[str, str] = {
    "here": "term.score.keeper.here",
    "web": "term.score.keeper.web",
    "nobody": "term.score.keeper.nobody",
}
"""Who keeps a listed sheet, in words."""


# Asking ------------------------------------------------------------------------------------
def answers(w: Words, key: str) -> list[str]:
    """The answers a message lists (comma-separated, lower case) in the player's language
    then in English, the first one being what the question shows."""
    found: list[str] = []
    for words in (w, words_of()):
        for word in words(key).split(","):
            word = word.strip().lower()
            if word and word not in found:
                found.append(word)
    return found


def ask_yes(w: Words, question: str, default: bool = False) -> bool:
    """A yes-or-no question; empty is ``default``, anything else is asked again."""
    suffix = w("term.score.yesNo.yes" if default else "term.score.yesNo.no")
    while True:
        answer = click.prompt(f"{question} {suffix}", default="", show_default=False)
        answer = answer.strip().lower()
        if not answer:
            return default
        if answer in answers(w, "term.score.answer.yes"):
            return True
        if answer in answers(w, "term.score.answer.no"):
            return False
        click.echo(w("term.score.error.invalidInput"))


def ask_choice(w: Words, question: str, options: Mapping[str, str], default: str) -> str:
    """One of ``options`` (a value and the key of its answers), by its word in the
    player's language, in English, or the value itself; asked again until it is one."""
    shown = {value: answers(w, key)[0] for value, key in options.items()}
    while True:
        answer = click.prompt(
            f"{question} ({', '.join(shown.values())})", default=shown[default]
        ).strip()
        for value, key in options.items():
            if answer.lower() in (value, *answers(w, key)):
                return value
        choices = ", ".join(repr(word) for word in shown.values())
        click.echo(w("term.score.error.notChoice", value=repr(answer), choices=choices))


def ask_number(w: Words, question: str, default: int | None = None) -> int:
    """A whole number, asked again until it is one."""
    while True:
        answer = click.prompt(question, default=None if default is None else str(default))
        try:
            return int(answer.strip())
        except ValueError:
            click.echo(w("term.score.error.notInteger", value=repr(answer)))


def _ending(w: Words, word: str) -> str | None:
    """The way a game ends that an answer names: at least three letters of one of its
    words (``elim``, ``fix``, ``secca``), or ``None``."""
    typed = word.lower()
    if len(typed) < 3:
        return None
    for ending, key in ENDINGS.items():
        if any(a.startswith(typed) or typed.startswith(a) for a in answers(w, key)):
            return ending
    return None


def _reentry(w: Words) -> dict[str, Any]:
    """The re-entry rule keys for players alone (the engine lets no team re-enter)."""
    shown = answers(w, "term.score.answer.no")[0]
    again = click.prompt(w("term.score.ask.reentry"), default=shown).strip().lower()
    first = again.split()[0] if again else ""
    if first in ("0", *answers(w, "term.score.answer.no")):
        return {}
    if first in answers(w, "term.score.answer.once") + answers(w, "term.score.answer.yes"):
        return {"reentry": True, "reentry_limit": 1}
    if first in answers(w, "term.score.answer.any"):
        return {"reentry": True, "reentry_limit": "any"}
    return {"reentry": True, "reentry_limit": first}


def ask_rules(players: int, w: Words | None = None) -> dict[str, Any]:
    """The scoring rules a paper table agrees on before the first hand."""
    w = w or words_of()
    changes: dict[str, Any] = {}
    if players in (4, 6) and ask_yes(w, w("score.setup.partners") + "?"):
        changes["partnerships"] = True
        changes["team_score"] = ask_choice(w, w("term.score.ask.teamScore"), TEAM_SCORES, "sum")
    shown = answers(w, ENDINGS["elimination"])[0]
    end = click.prompt(w("term.score.ask.end"), default=shown).strip()
    word, _, number = end.partition(" ")
    ending = _ending(w, word)
    if ending is None:
        raise refusal("term.score.error.end", answer=repr(end))
    if ending == "single":
        changes["single_hand"] = True
        return changes
    if ending == "fixed":
        changes["fixed_hands"] = number.strip() or ask_number(w, w("term.score.ask.hands"))
    elif ending == "target":
        changes["target_total"] = number.strip() or ask_number(w, w("score.limit.target"))
    else:
        limit = 201 if changes.get("partnerships") else 101
        changes["elimination"] = ask_number(w, w("term.score.ask.elimination"), limit)
        if not changes.get("partnerships"):
            changes.update(_reentry(w))
    changes["unopened_penalty"] = ask_choice(w, w("term.score.ask.unopened"), UNOPENED, "count")
    changes["chiusura_in_mano_double"] = ask_yes(w, w("term.score.ask.chiusuraDouble"))
    return changes


def _seats(sheet: ScoreSheet, text: str, allowed: set[int]) -> frozenset[int]:
    seats = set()
    for word in text.replace(",", " ").split():
        seat = sheet.seat_of(word)
        if seat not in allowed:
            raise refusal("term.score.error.notPlaying", who=sheet.name(seat))
        seats.add(seat)
    return frozenset(seats)


def _left(sheet: ScoreSheet, seat: int, w: Words) -> Entry:
    """What a player had left, asked until it reads (a bad card is named, then asked again)."""
    name = sheet.name(seat)
    while True:
        raw = click.prompt(w("term.score.ask.left", name=name))
        try:
            return parse_entry(raw, name, card_language(w.lang))
        except ScoreSheetError as err:
            click.echo("  " + err.say(w))


def ask_hand(sheet: ScoreSheet, first: str, w: Words | None = None) -> PaperHand:
    """Ask the rest of a hand once the table has said who went out (``first``); cards
    left are read with the suit letters of the player's language
    (:mod:`scala40.notation.people`)."""
    w = w or words_of()
    standing = sheet.standing()
    playing = standing.next_seats
    went_out = None if first.strip() == "-" else sheet.seat_of(first)
    if went_out is not None and went_out not in playing:
        raise refusal("term.score.error.notPlaying", who=sheet.name(went_out))
    rules = sheet.rules
    if standing.playoff is not None or rules.single_hand:
        return PaperHand(went_out)
    chiusura = doubled = False
    if went_out is not None:
        chiusura = ask_yes(w, w("term.score.ask.chiusura"))
        if rules.go_out_without_discard == "double":
            doubled = ask_yes(w, w("term.score.ask.doubled"))
    others = [s for s in playing if s != went_out]
    text = click.prompt(w("term.score.ask.notOpened"), default="", show_default=False)
    not_opened = _seats(sheet, text, set(others))
    left: dict[int, Entry] = {}
    probe = PaperHand(went_out, {}, not_opened, chiusura, doubled)
    for seat in others:
        if sheet.pays_flat(probe, seat):
            click.echo(w("term.score.flat", name=sheet.name(seat)))
        else:
            left[seat] = _left(sheet, seat, w)
    return PaperHand(went_out, left, not_opened, chiusura, doubled)


# Telling -----------------------------------------------------------------------------------
def _paid(sheet: ScoreSheet, line: HandLine, seat: int, w: Words) -> str:
    """``Carla 39``, or ``Carla 78 (cards 39)`` when doubling made the cards typed cost more."""
    name, paid = sheet.name(seat), line.penalties[seat]
    if seat in sheet.hands[-1].left and line.counted[seat] != paid:
        return w("term.score.paidCounted", name=name, paid=paid, counted=line.counted[seat])
    return f"{name} {paid}"


def show_line(sheet: ScoreSheet, w: Words | None = None) -> None:
    """The hand just entered: what happened, who pays what, and where everyone stands."""
    w = w or words_of()
    standing = sheet.standing()
    line = standing.lines[-1]
    paid = ", ".join(_paid(sheet, line, s, w) for s in line.seats if s != line.went_out)
    said = notes(sheet, line, w)
    click.echo(
        w("term.score.line", n=line.number, notes=said, paid=paid or w("term.score.nothing"))
    )
    for unit in range(sheet.units):
        click.echo("  " + unit_status(sheet, standing, unit, w))
    if sheet.hands_left(standing):
        click.echo("  " + hands_left_text(sheet, standing, w))


def _links(shelf: SheetShelf, sheet_id: str, w: Words) -> None:
    keeper, share = shelf.keeper_link(sheet_id), shelf.share_link(sheet_id)
    click.echo(w("term.score.links", keeper=keeper, share=share))


def command_of(w: Words, word: str) -> str | None:
    """The command typed at "who went out" (``help``, ``quit``, ``table``, ``undo``), or
    ``None`` for a name."""
    typed = word.strip().lower()
    return next((c for c, key in COMMANDS.items() if typed in answers(w, key)), None)


def _hand_head(sheet: ScoreSheet, w: Words) -> str:
    """``Hand 3 (Anna deals; playing: Bruno, Carla, Anna)``: the hand about to be entered."""
    standing = sheet.standing()
    key = "term.score.playoffHead" if standing.playoff is not None else "term.score.handHead"
    return w(
        key,
        n=len(standing.lines) + 1,
        dealer=sheet.name(standing.next_dealer),
        playing=", ".join(sheet.name(s) for s in standing.next_seats),
    )


def change(
    shelf: SheetShelf, sheet_id: str, sheet: ScoreSheet, how: Callable[[ScoreSheet], ScoreSheet]
) -> SavedSheet:
    """Apply ``how`` to the stored sheet, which had ``sheet``'s hands when read.

    It is tried on ``sheet`` first, so a refusal is the sheet's own, said in the player's
    language (the store passes refusals on as English text); the store then applies it to
    what it holds, which a browser keeping the same sheet may have changed meanwhile.
    """
    how(sheet)
    return shelf.change(sheet_id, len(sheet.hands), how)


def run(shelf: SheetShelf, saved: SavedSheet, w: Words | None = None) -> SavedSheet:
    """The hand loop: ask each hand, score it, save, until someone wins or the table stops."""
    w = w or words_of()
    sheet_id, sheet = saved.id, saved.sheet
    stop = w("term.score.stop", id=sheet_id)
    click.echo(w("term.score.start", id=sheet_id))
    _links(shelf, sheet_id, w)
    while True:
        standing = sheet.standing()
        if standing.over:
            click.echo(table_text(sheet, standing, w))
            click.echo(w("term.score.over", result=result_text(sheet, standing, w), id=sheet_id))
            return saved
        click.echo("\n" + _hand_head(sheet, w))
        try:
            first = click.prompt(w("term.score.ask.wentOut")).strip()
        except click.Abort:
            click.echo("\n" + stop)
            return saved
        command = command_of(w, first)
        if command == "help":
            click.echo(w("term.score.help"))
            continue
        if command == "quit":
            click.echo(stop)
            return saved
        if command == "table":
            click.echo(table_text(sheet, standing, w))
            continue
        undo = command == "undo"
        try:
            if undo:
                saved = change(shelf, sheet_id, sheet, ScoreSheet.undo)
            else:
                hand = ask_hand(sheet, first, w)
                saved = change(shelf, sheet_id, sheet, partial(ScoreSheet.add, hand=hand))
        except click.Abort:
            click.echo("\n" + stop)
            return saved
        except SheetChanged:
            # The keeper link is open in a browser too, and a hand went in there.
            saved = shelf.load(sheet_id)
            sheet = saved.sheet
            click.echo(w("term.score.changed"))
            click.echo(table_text(sheet, words=w))
            continue
        except ScoreSheetError as err:
            key = "term.score.cannotUndo" if undo else "term.score.notEntered"
            click.echo(w(key, error=err.say(w)))
            continue
        sheet = saved.sheet
        if undo:
            click.echo(w("term.score.undone", n=len(standing.lines)))
        else:
            show_line(sheet, w)


def list_text(saved: list[SavedSheet], w: Words | None = None) -> str:
    """One line per stored game: ID, date, players, hands, result, and who keeps it."""
    w = w or words_of()
    if not saved:
        return w("term.score.list.none")
    lines = []
    for s in saved:
        standing = s.sheet.standing()
        status = result_text(s.sheet, standing, w)
        hands = w.count("score.history.hands", len(standing.lines))
        lines.append(
            f"{s.id}  {s.created[:16].replace('T', ' ')}  {', '.join(s.sheet.players)}"
            f"  {hands}  {status}  ({w(KEEPERS[s.keeper])})"
        )
    return "\n".join(lines)


def export_text(saved: SavedSheet, form: str, w: Words | None = None) -> str:
    """A saved sheet as ``text`` (a sheet to print), ``csv`` or ``json`` (everything)."""
    w = w or words_of()
    if form == "csv":
        return to_csv(saved.sheet, w)
    if form == "json":
        return json.dumps(saved.to_json(), ensure_ascii=False, indent=1) + "\n"
    return printable(saved.sheet, saved.id, saved.created, saved.finished, w)


def new_sheet(
    names: str | None,
    preset: str | None,
    changes: Mapping[str, Any],
    ask: bool,
    w: Words | None = None,
) -> ScoreSheet:
    """Players and rules from the options, asking for whatever they leave out."""
    w = w or words_of()
    if names is None:
        names = click.prompt(w("term.score.ask.players"))
    players = [n.strip() for n in names.split(",") if n.strip()]
    rule_changes = dict(changes)
    if ask:
        rule_changes.update(ask_rules(len(players), w))
    sheet = ScoreSheet.new(players, rule_changes, preset)
    if len(players) > 1:
        dealer = click.prompt(w("term.score.ask.dealer"), default=players[0])
        sheet = ScoreSheet.new(players, rule_changes, preset, sheet.seat_of(dealer))
    return sheet


def _resumable(saved: SavedSheet) -> SavedSheet:
    """A sheet this terminal may enter hands on, or why not (and what it may do instead)."""
    if saved.keeper == "here":
        return saved
    key = (
        "term.score.error.keptByNobody"
        if saved.keeper == "nobody"
        else "term.score.error.keptByBrowser"
    )
    raise refusal(key, id=saved.id)


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
    words: Words | None = None,
) -> None:
    """What ``scala40 score`` does with its options (raises :class:`ScoreSheetError`).

    ``form`` is the export format asked for (``csv``, ``json``; ``None``: the printable
    sheet), and goes with ``export_id`` alone. ``words`` is the player's language: what
    is asked and printed, and the suit letters of the cards typed (Italian: C Q F P for
    cuori, quadri, fiori, picche).
    """
    w = words or words_of()
    if list_all:
        click.echo(list_text(shelf.listing(), w))
        return
    if export_id is not None:
        click.echo(export_text(shelf.load(export_id), form or "text", w), nl=False)
        return
    if form is not None:
        raise refusal("term.score.error.formWithExport", form=form)
    if resume_id is not None:
        run(shelf, _resumable(shelf.load(resume_id)), w)
        return
    try:
        sheet = new_sheet(names, preset, changes, asked, w)
    except click.Abort:
        # Input ended before the game began: say so as click would, in the player's words.
        click.echo(err=True)
        click.echo(w("term.score.aborted"), err=True)
        raise click.exceptions.Exit(1) from None
    run(shelf, shelf.start(sheet), w)
