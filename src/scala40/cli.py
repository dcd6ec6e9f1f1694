"""The ``scala40`` command line: a referee for paper-card tables, and room for more tools.

Every command that depends on the table's rules takes ``--rules PRESET`` and repeated
``--rule KEY=VALUE`` (the keys ``scala40 rules`` lists), composed as ``Rules.build``
composes them; use :func:`rules_options` and :func:`rules_from_options` for new commands.

Exit codes, the same for every command: 0 the answer is yes / all is well, 1 the answer is
no (an invalid meld), 2 the input could not be read (a card, meld, rule key or value).
On exit 2 the message naming the bad token goes to stderr and nothing goes to stdout,
even with ``--json``: a program reading stdout gets one whole JSON object or nothing.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from scala40 import __version__
from scala40.engine.errors import RulesError
from scala40.engine.rules import (
    KEYS,
    NUMBER_RANGES,
    PRESETS,
    RangeWords,
    Rules,
    unknown_key_message,
)
from scala40.engine.scoring import cards_penalty
from scala40.notation.cards import format_cards, parse_cards
from scala40.notation.errors import NotationError
from scala40.notation.referee import check_melds
from scala40.words import Words, language_of_environment, languages

F = TypeVar("F", bound=Callable[..., Any])


class InputError(click.ClickException):
    """Input the command cannot read: exit status 2, message on stderr."""

    exit_code = 2


def rules_options(command: F) -> F:
    """Add ``--rules PRESET`` and ``--rule KEY=VALUE`` (repeatable) to a command."""
    command = click.option(
        "--rule",
        "rule_items",
        multiple=True,
        metavar="KEY=VALUE",
        help="Change one rule key (`scala40 rules` lists them), e.g. --rule opening_points=51."
        " Repeatable.",
    )(command)
    command = click.option(
        "--rules",
        "preset",
        metavar="PRESET",
        default=None,
        help=f"Start from a named preset ({', '.join(sorted(PRESETS))}); default FISCA.",
    )(command)
    return command


def rules_from_options(preset: str | None, rule_items: Sequence[str]) -> Rules:
    """The table's rules from ``--rules`` and ``--rule`` values, or :class:`InputError`."""
    changes: dict[str, str] = {}
    for item in rule_items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f'--rule takes KEY=VALUE, not "{item}"')
        changes[key.strip()] = value.strip()
    try:
        return Rules.build(preset, changes)
    except RulesError as err:
        raise InputError(str(err)) from None


def emit_json(data: Any) -> None:
    """Print one JSON object on one line (what ``--json`` promises)."""
    click.echo(json.dumps(data, ensure_ascii=False))


@click.group()
@click.version_option(__version__, prog_name="scala40")
def main() -> None:
    """Scala 40, Italy's favourite rummy: a rules referee and tools to play."""


@main.command()
@rules_options
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.argument("melds", nargs=-1, required=True, metavar="MELD...")
def check(
    preset: str | None, rule_items: tuple[str, ...], as_json: bool, melds: tuple[str, ...]
) -> None:
    """Judge melds laid on a paper table: valid? worth? do they open together?

    Each MELD is one argument, its cards in table order: "KH KD KC" "3S 4S 5S". Cards are
    7H, 10H or TH, QS, AS, 7♥, JK; a joker may name what it stands for: JK=7D. A run may
    be written descending; a joker's place in a run fixes what it is.

    Exit 0 when every meld is valid, 1 when one is not, 2 when the text cannot be read
    (then nothing is printed on stdout, even with --json).
    """
    rules = rules_from_options(preset, rule_items)
    try:
        verdict = check_melds(melds, rules)
    except NotationError as err:
        raise InputError(str(err)) from None
    if as_json:
        emit_json(verdict.as_json())
    else:
        for m in verdict.melds:
            if m.meld is not None:
                # A run's jokers are what their place makes them: show that reading.
                reading = f" ({m.meld.text()})" if m.meld.is_run and m.meld.jokers else ""
                click.echo(f"{m.pretty}: a valid {m.kind}{reading}, {m.points(rules)} points")
            else:
                click.echo(f"{m.pretty}: not valid: {m.reason}")
        if verdict.opens:
            ending = f"opens ({rules.opening_points} needed)"
        else:
            ending = f"does not open ({verdict.not_opening})"
        click.echo(f"Total {verdict.total} points: {ending}")
    if not verdict.all_valid:
        raise SystemExit(1)


@main.command()
@rules_options
@click.option("--json", "as_json", is_flag=True, help='Print {"penalty": N}.')
@click.argument("cards", nargs=-1, required=True, metavar="CARDS...")
def penalty(
    preset: str | None, rule_items: tuple[str, ...], as_json: bool, cards: tuple[str, ...]
) -> None:
    """What the cards left in a hand cost when someone else goes out.

    CARDS may be one argument "JK KH 4C" or several: JK KH 4C (= 25 + 10 + 4 = 39).
    """
    rules = rules_from_options(preset, rule_items)
    try:
        kinds = parse_cards(cards)
    except NotationError as err:
        raise InputError(str(err)) from None
    points = cards_penalty(kinds, rules)
    if as_json:
        emit_json({"penalty": points})
    else:
        shown = format_cards(kinds, pretty=True) or "no cards"
        click.echo(f"{shown}: {points} points")


# rules -------------------------------------------------------------------------------------


def _range_words(w: Words) -> RangeWords:
    """How the values of a number key are said in ``w``'s language (the range is the
    engine's); the glue between the parts stays the engine's: a space, "; ", ", "."""
    return RangeWords(
        or_more=w("term.rules.range.orMore"),
        either=w("term.rules.range.either"),
        between=w("term.rules.range.between"),
        with_decks=" " + w("term.rules.range.withDecks"),
        up_to="; " + w("term.rules.range.upTo"),
        or_none=", " + w("term.rules.range.orNone"),
        or_any=", " + w("term.rules.range.orAny"),
    )


def _typed(value: Any) -> str:
    """A value as it is typed after ``--rule KEY=``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _rule_help(entry: dict[str, Any], w: Words) -> dict[str, Any]:
    """One key of the catalogue in ``w``'s language: meaning, default, values, presets, and
    the rules page's example of it (one text for the terminal and the web)."""
    from scala40.rulebook.book import example  # plain data, no web stack

    key = entry["key"]
    suffix = "_" + w.lang
    if "choices" in entry:
        values = ", ".join(_typed(c["value"]) for c in entry["choices"])
    elif entry.get("type") == "boolean":
        values = "true, false"
    else:
        none_means = entry.get("none_label" + suffix, "")
        values = NUMBER_RANGES[key].words(none_means=none_means, say=_range_words(w))
    info: dict[str, Any] = {
        "key": key,
        "default": entry["default"],
        "values": values,
        "meaning": entry["label" + suffix],
    }
    if "choices" in entry and any(c["label_en"] != str(c["value"]) for c in entry["choices"]):
        info["choices"] = [
            {"value": c["value"], "meaning": c["label" + suffix]} for c in entry["choices"]
        ]
    info["presets"] = {name: changes[key] for name, changes in PRESETS.items() if key in changes}
    info["example"] = example(key, w.lang)
    return info


def _preset_help(name: str, preset: dict[str, Any], w: Words) -> dict[str, Any]:
    """One preset of the catalogue in ``w``'s language: what it is and what it changes."""
    return {
        "preset": name,
        "meaning": preset["label_" + w.lang],
        "changes": preset["changes"],
    }


def _rules_text(keys: list[dict[str, Any]], presets: list[dict[str, Any]], w: Words) -> str:
    head = f"{w('term.rules.key'):<24} {w('term.rules.default'):<11} {w('term.rules.values')}"
    lines = [w("term.rules.title"), "", head]
    for info in keys:
        lines.append(f"{info['key']:<24} {_typed(info['default']):<11} {info['values']}")
        lines.append(f"    {info['meaning']}")
    lines += ["", w("term.rules.presets")]
    for p in presets:
        changes = ", ".join(f"{k}={_typed(v)}" for k, v in p["changes"].items())
        text = f"{p['meaning']}: {changes or w('term.rules.allDefaults')}"
        lines.append(
            textwrap.fill(
                text, 92, initial_indent=f"  {p['preset']:<7} ", subsequent_indent=" " * 10
            )
        )
    lines += ["", w("term.rules.usage")]
    return "\n".join(lines)


def _key_text(info: dict[str, Any], w: Words) -> str:
    key = info["key"]
    lines = [f"{key}: {info['meaning']}", f"{w('term.rules.defaultIs')}: {_typed(info['default'])}"]
    if "choices" in info:
        width = max(len(_typed(c["value"])) for c in info["choices"])
        lines.append(f"{w('term.rules.valuesAre')}:")
        for c in info["choices"]:
            mark = f" {w('term.rules.isDefault')}" if c["value"] == info["default"] else ""
            lines.append(f"  {_typed(c['value']):<{width}}  {c['meaning']}{mark}")
    else:
        lines.append(f"{w('term.rules.valuesAre')}: {info['values']}")
    for name, value in info["presets"].items():
        lines.append(f"{w('term.rules.inPreset')} {name}: {_typed(value)}")
    lines.append(f"{w('term.rules.example')}: {info['example']}")
    lines.append(f"{w('term.rules.changeIt')}: --rule {key}={w('term.rules.value')}")
    return "\n".join(lines)


def _preset_text(info: dict[str, Any], keys: dict[str, dict[str, Any]], w: Words) -> str:
    lines = [f"{info['preset']}: {info['meaning']}"]
    if info["changes"]:
        lines.append(f"{w('term.rules.changes')}:")
        for key, value in info["changes"].items():
            meaning = keys[key]["meaning"]
            for c in keys[key].get("choices", ()):
                if c["value"] == value:
                    meaning = f"{meaning}: {c['meaning']}"
            lines.append(f"  {key}={_typed(value)}  ({meaning})")
    else:
        lines.append(w("term.rules.allDefaults"))
    lines.append(f"{w('term.rules.useIt')}: --rules {info['preset']}")
    return "\n".join(lines)


@main.command("rules")
@click.argument("key", required=False)
@click.option(
    "--lang",
    type=click.Choice(languages(), case_sensitive=False),
    default=language_of_environment,
    show_default=False,
    help="Language of the explanations (en English, it Italian). Default: the locale's"
    " (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def rules_command(key: str | None, lang: str, as_json: bool) -> None:
    """Explain the rule keys: their defaults, the values they take and what they mean.

    Without KEY, lists every key and the presets; with KEY (a rule key or a preset name),
    explains that one. The keys are what --rule KEY=VALUE changes in every command that
    depends on the rules (and what the web lobby offers in plain words).
    """
    from scala40.rulebook.labels import rules_catalogue  # plain data, no web stack

    w = Words(lang.lower())
    catalogue = rules_catalogue()
    keys = {e["key"]: _rule_help(e, w) for e in catalogue["keys"]}
    presets = {name: _preset_help(name, p, w) for name, p in catalogue["presets"].items()}
    if key is None:
        ordered = [keys[k] for k in KEYS]
        if as_json:
            emit_json({"keys": ordered, "presets": list(presets.values())})
        else:
            click.echo(_rules_text(ordered, list(presets.values()), w))
        return
    name = key.strip()
    if name in keys:
        if as_json:
            emit_json(keys[name])
        else:
            click.echo(_key_text(keys[name], w))
    elif name in presets:
        if as_json:
            emit_json(presets[name])
        else:
            click.echo(_preset_text(presets[name], keys, w))
    else:
        raise InputError(unknown_key_message(name))


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--seconds", default=5.0, show_default=True, help="How long to play hands for steps_per_s."
)
@click.option("--seed", default=1, show_default=True, help="Seed of the dealt hands.")
@click.option(
    "--rl", "rl", is_flag=True, help="Measure the PettingZoo environment instead (env_steps_per_s)."
)
@click.option(
    "--openspiel",
    is_flag=True,
    help="Measure the OpenSpiel game against OpenSpiel's gin rummy, with and without the"
    " observation tensor (rounds alternate; --seconds is the run's CPU time).",
)
@click.option(
    "--legal",
    "legal",
    is_flag=True,
    help="Measure only legal actions at the discard step and random-legal play, in rounds"
    " (median, min and max of each figure).",
)
def bench(as_json: bool, seconds: float, seed: int, rl: bool, openspiel: bool, legal: bool) -> None:
    """Measure the engine: actions per second, clone, legal actions, the opening solver.

    The first figure, build, says which build was measured: compiled (mypyc) or pure.

    With --rl, the learning environment: random legal steps per second with observations
    and masks (needs the rl extra), and with OpenSpiel installed the same at two players
    against OpenSpiel's gin rummy environment, in alternating rounds (their ratio). With
    --legal, the legal-action generator alone: mean µs at the discard step over fixed
    dealt positions, and random-legal steps per second, each as the median and range of
    five rounds. Prints figures; it asserts nothing
    (speed depends on the machine and its load).

    With --openspiel, random legal play through pyspiel's API of python_scala40 and of
    gin_rummy, with and without observation_tensor at each decision: steps a second, their
    ratio (median and range over alternating rounds) and the tensor's cost per call.
    """
    if rl and openspiel:
        raise InputError("--rl and --openspiel measure different things: give one of them")
    if openspiel:
        from scala40.rl.bench import run_openspiel  # the rl extra is imported only when asked for

        figures = run_openspiel(seconds=seconds, seed=seed)
    elif rl:
        from scala40.rl.bench import run_rl, run_rl_vs_gin_env  # the rl extra, when asked for

        figures = run_rl(seconds=seconds, seed=seed)
        figures.update(run_rl_vs_gin_env(seconds=seconds, seed=seed))
    elif legal:
        from scala40.bench import measure_legal

        figures = measure_legal(seconds=seconds, seed=seed)
    else:
        from scala40.bench import run  # a benchmark is not on every command's path

        figures = run(seconds=seconds, seed=seed)
    if as_json:
        emit_json(figures)
        return
    for key, value in figures.items():
        click.echo(f"{key:>16}: {value}")


@main.command()
@rules_options
@click.option("--players", type=int, default=None, help="Players at the table, you included.")
@click.option(
    "--bots",
    "levels",
    default="easy",
    show_default=True,
    metavar="LEVELS",
    help="Bot levels (beginner, easy, club, expert, master; the old names random, greedy,"
    " heuristic, strong still work), comma-separated: one for all bots, or one per bot.",
)
@click.option("--seed", type=int, default=None, help="Seed for a reproducible game.")
@click.option(
    "--plain",
    is_flag=True,
    help="Line mode (screen readers, pipes); the default when not on a terminal.",
)
@click.option(
    "--lang",
    type=click.Choice(languages(), case_sensitive=False),
    default=language_of_environment,
    show_default=False,
    help="The player's language, of every sentence and of the command words typed in line"
    " mode (it: pesca, scarta QS, attacca 8S 2; the English ones are read too). Cards stay"
    " 7H, QS, JK. Default: the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English.",
)
def play(
    preset: str | None,
    rule_items: tuple[str, ...],
    players: int | None,
    levels: str,
    seed: int | None,
    plain: bool,
    lang: str,
) -> None:
    """Play a match against bots in the terminal: you are seat 0.

    On a terminal this is a full-screen game driven by keys (? lists them). With --plain,
    or when input or output is not a terminal, it is line mode: type actions as text
    (draw, pozzo, open KH KD KC | 3S 4S 5S, layoff 8S 2, discard QS) or help, hint,
    legal, quit. End of input quits, so a scripted game can be piped in. Both speak the
    player's language (--lang).
    """
    from scala40.play_text import bot_levels, console_reader, play_game

    words = [w for w in levels.split(",") if w.strip()]
    items = list(rule_items)
    if players is not None:
        items.append(f"players={players}")
    elif len(words) > 1 and not any(i.strip().startswith("players") for i in items):
        items.append(f"players={len(words) + 1}")
    rules = rules_from_options(preset, items)
    try:
        chosen = bot_levels(words, rules.players)
    except ValueError as err:
        raise InputError(str(err)) from None
    if not plain and sys.stdin.isatty() and sys.stdout.isatty():
        from scala40.tui.app import run_app

        run_app(rules, chosen, seed, lang.lower())
        return
    play_game(rules, chosen, console_reader(), click.echo, seed, lang.lower())


@main.command()
@rules_options
@click.option(
    "--bots",
    "bot_list",
    required=True,
    metavar="A,B[,C...]",
    help="Bot levels (beginner, easy, club, expert, master, search; the old names random,"
    " greedy, heuristic, strong still work), or cmd:COMMAND.",
)
@click.option("--players", type=int, default=None, help="Seats at the table [one per bot].")
@click.option("--hands", type=int, default=None, help="Deals of single hands to play.")
@click.option("--matches", type=int, default=None, help="Whole matches to play.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the deals.")
@click.option("--think-ms", type=float, default=None, help="Time budget for bots that take one.")
@click.option("--workers", type=int, default=1, show_default=True, help="Worker processes.")
@click.option(
    "--random-rules",
    is_flag=True,
    help="Draw each deal's rule keys at random (seeded); --rule keys stay fixed.",
)
@click.option("--plot", type=click.Path(dir_okay=False), default=None, help="Write a PNG.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option(
    "--verbose",
    is_flag=True,
    help="Print what cmd: programs say (log messages, standard error) to standard error.",
)
def arena(
    preset: str | None,
    rule_items: tuple[str, ...],
    bot_list: str,
    players: int | None,
    hands: int | None,
    matches: int | None,
    seed: int,
    think_ms: float | None,
    workers: int,
    random_rules: bool,
    plot: str | None,
    as_json: bool,
    verbose: bool,
) -> None:
    """Bots against bots on duplicate deals: each deal is replayed in every seating.

    --hands H plays H single hands, --matches M whole matches, each once per seating of
    the bots listed in --bots (a level may be listed twice: easy,easy). Prints each
    bot's win rate with a 95% interval, penalty, opening turn, going-out rate and rating.
    An entry cmd:COMMAND is a program playing over the bot protocol (docs/bot-protocol.md),
    e.g. --bots 'club,cmd:"python examples/bots/simple.py"'. With --verbose, what such
    programs say (their log messages and standard error) is printed after the run.
    """
    from scala40 import arena as ar  # imported here: only this command needs the arena

    try:
        bots = ar.split_bots(bot_list)
    except ar.ArenaError as err:
        raise InputError(str(err)) from None
    items = list(rule_items)
    if players is not None:
        items.append(f"players={players}")
    elif not any(i.strip().startswith("players") for i in items):
        items.append(f"players={max(2, len(bots))}")
    rules = rules_from_options(preset, items)
    try:
        config = ar.make_config(
            bots,
            rules,
            hands=hands,
            matches=matches,
            seed=seed,
            think_ms=think_ms,
            workers=workers,
            random_rules=random_rules,
            verbose=verbose,
        )
    except ar.ArenaError as err:
        raise InputError(str(err)) from None
    if plot is not None and not ar.plot_available():
        raise InputError("--plot needs matplotlib: pip install 'scala40[plot]'")
    games = config.count * config.players
    with ar.progress_bar(games, "arena", shown=not as_json) as advance:
        report = ar.run(config, advance)
    for line in ar.program_notes(report):
        click.echo(line, err=True)
    if plot is not None:
        ar.write_plot(report, plot)
    if as_json:
        emit_json(report.as_json())
    else:
        click.echo(ar.format_report(report))


@main.command("bot-check")
@click.option(
    "--hands",
    type=click.IntRange(0),
    default=3,
    show_default=True,
    help="Whole hands to play against the club bot after the set-up situations.",
)
@click.option(
    "--decision-ms",
    type=click.FloatRange(min=1, min_open=False),
    default=5000.0,
    show_default=True,
    help="The time limit of one decision (the protocol's is 5000 ms).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the whole hands.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.argument("command", nargs=-1, required=True)
def bot_check(
    hands: int, decision_ms: float, seed: int, as_json: bool, command: tuple[str, ...]
) -> None:
    """Check that a bot program speaks the bot protocol (docs/bot-protocol.md).

    COMMAND is one argument holding a command line ('python mybot.py --fast') or, after
    --, the program and its arguments. The program meets its handshake, set-up positions
    forcing each phase of a turn, joker declarations and house keys that change what is
    legal, then a few whole hands against the club bot. Each check passes or fails; a
    failure shows the message sent, the answer received and why it is wrong.

    Exit 0 when every check passed, 1 when one failed, 2 when the command cannot be run.
    """
    import shlex

    from scala40.botcheck.report import format_report
    from scala40.botcheck.run import Settings, run_checks

    line = command[0] if len(command) == 1 else shlex.join(command)
    try:
        report = run_checks(Settings(line, decision_ms=decision_ms, hands=hands, seed=seed))
    except ValueError as err:
        raise InputError(str(err)) from None
    if as_json:
        emit_json(report.as_json())
    else:
        click.echo(format_report(report))
    if not report.passed:
        sys.exit(1)


@main.command()
@rules_options
@click.option(
    "--bots", "bot_list", required=True, metavar="A,B[,C...]", help="Bots, the top seed first."
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["round-robin", "knockout"]),
    default="round-robin",
    show_default=True,
    help="Everyone meets everyone, or a seeded bracket.",
)
@click.option("--hands", type=int, default=None, help="Deals of single hands a pairing.")
@click.option("--matches", type=int, default=None, help="Whole matches a pairing.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the deals.")
@click.option("--think-ms", type=float, default=None, help="Time budget for bots that take one.")
@click.option("--workers", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--plot", type=click.Path(dir_okay=False), default=None, help="Write a PNG.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def tournament(
    preset: str | None,
    rule_items: tuple[str, ...],
    bot_list: str,
    fmt: str,
    hands: int | None,
    matches: int | None,
    seed: int,
    think_ms: float | None,
    workers: int,
    plot: str | None,
    as_json: bool,
) -> None:
    """A tournament of bots: heads-up pairings on duplicate deals, standings and ratings.

    Round-robin (everyone meets everyone; a pairing won scores 1, level 0.5) or knockout
    (the first bot listed is the top seed). Each pairing is an arena run of --hands H or
    --matches M deals, both seatings each. Standings show points, win rate, penalty a hand
    and an OpenSkill rating with its interval; --json prints everything, --plot draws the
    ratings. Entries are bot levels (beginner, easy, club, expert, master, search; the old
    names still work) or cmd:COMMAND (docs/bot-protocol.md).
    """
    from scala40 import arena as ar
    from scala40 import tournament as tm

    try:
        bots = ar.split_bots(bot_list)
    except ar.ArenaError as err:
        raise InputError(str(err)) from None
    items = list(rule_items)
    if not any(i.strip().startswith("players") for i in items):
        items.append("players=2")
    rules = rules_from_options(preset, items)
    try:
        config = tm.make_config(
            bots,
            rules,
            format=fmt,
            hands=hands,
            matches=matches,
            seed=seed,
            think_ms=think_ms,
            workers=workers,
        )
    except tm.TournamentError as err:
        raise InputError(str(err)) from None
    if plot is not None and not ar.plot_available():
        raise InputError("--plot needs matplotlib: pip install 'scala40[plot]'")
    with ar.progress_bar(tm.total_games(config), "tournament", shown=not as_json) as advance:
        report = tm.run(config, advance)
    if plot is not None:
        tm.write_plot(report, plot)
    if as_json:
        emit_json(report.as_json())
    else:
        click.echo(tm.format_report(report))


class _WordedInputError(InputError):
    """An :class:`InputError` of ``scala40 score`` shown in the player's language (click
    puts an English ``Error:`` before the message; the catalogue says that word here)."""

    def __init__(self, message: str, words: Words) -> None:
        super().__init__(message)
        self.words = words

    def show(self, file: IO[Any] | None = None) -> None:
        shown = self.words("term.score.error.shown", message=self.format_message())
        click.echo(shown, file=file, err=True)


@contextmanager
def _worded_errors(words: Words) -> Iterator[None]:
    """Show the :class:`InputError` raised inside in ``words``' language."""
    try:
        yield
    except InputError as err:
        raise _WordedInputError(err.format_message(), words) from None


@main.command()
@rules_options
@click.option("--players", "names", default=None, metavar="NAMES", help="Names, comma-separated.")
@click.option("--list", "list_all", is_flag=True, help="List the saved score sheets.")
@click.option(
    "--export", "export_id", default=None, metavar="ID", help="Print a saved sheet, as a table."
)
@click.option("--csv", "as_csv", is_flag=True, help="With --export: as CSV, for a spreadsheet.")
@click.option("--json", "as_json", is_flag=True, help="With --export: as JSON, everything kept.")
@click.option("--resume", "resume_id", default=None, metavar="ID", help="Carry on a saved game.")
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help="The web server's database URL, if serve was given --db; default SQLite in $SCALA40_DATA.",
)
@click.option(
    "--url",
    "base_url",
    default="http://127.0.0.1:8000",
    show_default=True,
    help="The web server's address, for the links printed.",
)
@click.option(
    "--lang",
    type=click.Choice(languages()),
    default=language_of_environment,
    show_default=False,
    help="The player's language: of the questions, the sheet and the cards typed (it reads"
    " C Q F P as cuori, quadri, fiori, picche, so 4C is the 4♥; en reads H D C S; suit"
    " symbols and words, 4♥ or 4 cuori, read in both). Default: the locale's (LANGUAGE,"
    " LC_ALL, LC_MESSAGES, LANG), else English.",
)
def score(
    preset: str | None,
    rule_items: tuple[str, ...],
    names: str | None,
    list_all: bool,
    export_id: str | None,
    as_csv: bool,
    as_json: bool,
    resume_id: str | None,
    db_url: str | None,
    base_url: str,
    lang: str,
) -> None:
    """Keep the score of a game played with real cards: penalties, eliminations, winner.

    Asks for the players and (unless --rules/--rule give them) the scoring rules, then
    each hand: who went out, who had not opened, what everyone had left (points, or the
    cards: the program counts them). Saved after every hand in the web server's database
    in $SCALA40_DATA, so `scala40 serve` shows the sheet at /score to whoever opens the
    keeper link printed at the start (--resume ID prints it again); --list shows the
    sheets made on the web too.
    """
    from sqlalchemy.exc import SQLAlchemyError

    from scala40.notation.codec import rules_changes
    from scala40.scoresheet.history import Keyring, SheetFiles
    from scala40.scoresheet.prompt import score_command
    from scala40.scoresheet.sheet import ScoreSheetError
    from scala40.storage.sheets import SheetStore, TerminalSheets, sheets_dir
    from scala40.storage.store import Store, default_db_url

    w = Words(lang)
    with _worded_errors(w):
        changes = rules_changes(rules_from_options(preset, rule_items))
        changes.pop("players", None)
        asked = preset is None and not rule_items
        if as_csv and as_json:
            raise InputError(w("term.score.error.csvOrJson"))
        form = "csv" if as_csv else "json" if as_json else None
        if db_url is not None:
            from scala40.server.serve import check_db_url

            try:
                check_db_url(db_url)
            except ValueError as err:
                raise InputError(str(err)) from None
        store = Store(db_url or default_db_url())
        try:
            store.migrate()
            shelf = TerminalSheets(SheetStore(store), Keyring(sheets_dir()), base_url)
            moved = shelf.import_files(SheetFiles(sheets_dir()))
            if moved:
                click.echo(w("term.score.moved", n=len(moved)), err=True)
            score_command(
                shelf,
                None,
                changes,
                asked,
                names,
                list_all,
                export_id,
                form,
                resume_id,
                w,
            )
        except ScoreSheetError as err:
            raise InputError(err.say(w)) from None
        except SQLAlchemyError as err:
            raise InputError(w("term.score.error.store", error=err)) from None
        finally:
            store.close()


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
@click.option("--step", is_flag=True, help="Pause before each action: Enter for the next one.")
@click.option(
    "--lang",
    type=click.Choice(languages(), case_sensitive=False),
    default=language_of_environment,
    show_default=False,
    help="The language the game is told in. Default: the locale's (LANGUAGE, LC_ALL,"
    " LC_MESSAGES, LANG), else English.",
)
def replay(record: str, step: bool, lang: str) -> None:
    """Tell a saved game RECORD.json hand by hand: every action, the table after each
    hand, penalties and totals. With --step, press Enter for each action (q stops)."""
    from scala40.tui.replay import replay_command

    try:
        replay_command(record, step, lang.lower())
    except NotationError as err:
        raise InputError(str(err)) from None


@main.command()
@click.argument("record", type=click.Path(dir_okay=False))
def verify(record: str) -> None:
    """Check that every hand of RECORD.json was shuffled fairly.

    A table deals each hand from a secret it commits to (a SHA-256 shown to every seat
    before the deal) mixed with the seats' own entropy, and reveals the secret when the
    hand is over. This recomputes each deck from the secret and the contributions,
    checks the secret against the commitment and replays every action. Exit status 0:
    verified; 1: the record fails (the hand and the reason are printed)."""
    from scala40.notation.record import verify as verify_record

    try:
        text = Path(record).read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot read {record}: {err.strerror}") from None
    try:
        hands = verify_record(text)
    except NotationError as err:
        click.echo(f"NOT verified: {err}")
        raise SystemExit(1) from None
    click.echo(
        f"verified: {hands} hand{'s' if hands != 1 else ''}; every deck is the one its "
        "secret, committed to before the deal, and the seats' entropy shuffle, and every "
        "action replays"
    )


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help="Database URL (postgresql+psycopg://…); default SQLite in $SCALA40_DATA.",
)
@click.option(
    "--grace",
    type=float,
    default=60.0,
    show_default=True,
    help="Seconds before a bot plays for a dropped player.",
)
@click.option(
    "--bot-pause", type=float, default=0.8, show_default=True, help="Seconds a bot waits per move."
)
@click.option(
    "--summary-pause",
    type=click.FloatRange(0),
    default=30.0,
    show_default=True,
    help="Most seconds a table waits after a hand for its players to close the summary (0: none).",
)
@click.option(
    "--secret-file",
    default=None,
    metavar="PATH",
    help="The server's secret key (seals deal seeds at rest) [$SCALA40_DATA/server.key].",
)
@click.option(
    "--allow-origin",
    "origins",
    multiple=True,
    metavar="ORIGIN",
    help="Another site allowed to use the API and WebSockets, e.g. https://x.org. Repeatable.",
)
@click.option(
    "--max-tables",
    type=click.IntRange(1),
    default=1000,
    show_default=True,
    help="Unfinished tables the server holds at most.",
)
@click.option(
    "--tables-per-minute",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="New tables one client address may create a minute.",
)
@click.option(
    "--bot",
    "program_bots",
    multiple=True,
    metavar="NAME=COMMAND",
    help="A program over the bot protocol the lobby offers as a bot, e.g. "
    "simple='python examples/bots/simple.py'. Repeatable; docs/bot-protocol.md.",
)
@click.option(
    "--bot-time",
    type=click.FloatRange(0.1, 60.0),
    default=5.0,
    show_default=True,
    help="Seconds a --bot program has for one move; past it a built-in bot moves.",
)
@click.option(
    "--max-programs",
    type=click.IntRange(0),
    default=None,
    metavar="N",
    help="--bot programs running at once on this server; a table past it is refused, a"
    " program that would start past it is replaced by a built-in bot for that move"
    " [16 a core, one per 128 MiB of memory].",
)
@click.option(
    "--programs-per-address",
    type=click.IntRange(0),
    default=10,
    show_default=True,
    help="--bot programs running at once for the tables one client address made.",
)
@click.option(
    "--remote-bot-tables",
    type=click.IntRange(1),
    default=4,
    show_default=True,
    help="Tables one remote bot account (/ws/bot) may sit at at once.",
)
@click.option(
    "--remote-grace",
    type=click.FloatRange(0),
    default=10.0,
    show_default=True,
    help="Seconds a remote bot's move waits for its dropped socket to come back before a"
    " built-in bot plays its seat (until it is back).",
)
@click.option(
    "--bot-processes",
    type=click.IntRange(0, 64),
    default=None,
    metavar="N",
    help="Worker processes the bots think in, so no bot holds up another table; 0: in a"
    " thread of the server [one per core].",
)
@click.option(
    "--redis",
    "redis_url",
    default=None,
    metavar="URL",
    help="Run as one node of a cluster: Redis carries messages between the nodes, which"
    " share one PostgreSQL --db (docs/deploy.md), e.g. redis://127.0.0.1:6379/0.",
)
@click.option(
    "--node",
    default=None,
    metavar="NAME",
    help="This node's name in the cluster, unique among running nodes [random, e.g."
    " node-3f9a0c12d4e6: /api/health shows it, so it names nothing of the host].",
)
@click.option(
    "--lease-seconds",
    type=click.FloatRange(0.5, 60.0),
    default=5.0,
    show_default=True,
    help="With --redis: how long a node's hold on a table lasts unless renewed (a dead"
    " node's tables move on after about this).",
)
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help="With --redis: this node's own address as clients reach it (e.g."
    " https://cards.example.org/n/node2); a table page whose socket reaches another node is"
    " sent here for this node's tables instead of being relayed (docs/deploy.md).",
)
@click.option(
    "--ipv6-prefix",
    type=click.IntRange(32, 128),
    default=64,
    show_default=True,
    help="Count IPv6 clients by their network of this many bits in the per-address limits"
    " (a home is usually given a whole /64); 128 counts each address.",
)
@click.option(
    "--pyodide",
    "pyodide_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    metavar="DIR",
    help="A local copy of Pyodide for /play, the table against bots in the browser [the"
    " pinned release, fetched with npm once and kept in the user's cache].",
)
@click.option("--no-play", is_flag=True, help="Do not offer /play (the local table against bots).")
@click.option("--dev", is_flag=True, help="Also serve the API docs (/docs, /redoc, /openapi.json).")
def serve(
    host: str,
    port: int,
    db_url: str | None,
    grace: float,
    bot_pause: float,
    summary_pause: float,
    secret_file: str | None,
    origins: tuple[str, ...],
    max_tables: int,
    tables_per_minute: int,
    program_bots: tuple[str, ...],
    bot_time: float,
    max_programs: int | None,
    programs_per_address: int,
    remote_bot_tables: int,
    remote_grace: float,
    bot_processes: int | None,
    redis_url: str | None,
    node: str | None,
    lease_seconds: float,
    public_url: str | None,
    ipv6_prefix: int,
    pyodide_dir: Path | None,
    no_play: bool,
    dev: bool,
) -> None:
    """Start the web table: a lobby, real-time games with friends and bots, history, and
    at /play a table against bots that runs in the visitor's browser, offline too.

    Limits, timeouts and what each refusal means: docs/server.md.
    """
    from scala40.server.serve import run  # imported here: the web stack is heavy
    from scala40.server.settings import Settings, machine_programs
    from scala40.server.table.program_seats import parse_bot_option

    programs: dict[str, str] = {}
    for option in program_bots:
        try:
            name, command = parse_bot_option(option)
        except ValueError as err:
            raise click.BadParameter(str(err), param_hint="--bot") from None
        if name in programs:
            raise click.BadParameter(f"bot name {name!r} is given twice", param_hint="--bot")
        programs[name] = command
    settings = Settings(
        db_url=db_url or "",
        grace_seconds=grace,
        bot_pause=bot_pause,
        summary_seconds=summary_pause,
        secret_file=secret_file or "",
        allowed_origins=origins,
        max_live_tables=max_tables,
        tables_per_minute=tables_per_minute,
        program_bots=tuple(programs.items()),
        program_decision_ms=bot_time * 1000,
        max_live_programs=machine_programs() if max_programs is None else max_programs,
        programs_per_address=programs_per_address,
        remote_bot_tables=remote_bot_tables,
        remote_grace_seconds=remote_grace,
        bot_processes=(os.cpu_count() or 1) if bot_processes is None else bot_processes,
        redis_url=redis_url or "",
        node=node or "",
        lease_seconds=lease_seconds,
        public_url=public_url or "",
        ipv6_prefix=ipv6_prefix,
        dev=dev,
        play_dir="" if no_play else _play_site(pyodide_dir),
    )
    try:
        run(host=host, port=port, settings=settings)
    except ValueError as err:
        raise InputError(str(err)) from None


def _play_site(pyodide_dir: Path | None) -> str:
    """The local table's site for /play, kept in the user's cache by its version; ""
    with a warning when Pyodide cannot be had (the server runs on without /play)."""
    from scala40.web_export.pyodide_dist import PyodideUnavailable, cache_root
    from scala40.web_export.site import kept_export

    try:
        return str(kept_export(cache_root() / "play", pyodide_dir).folder)
    except PyodideUnavailable as err:
        click.echo(f"scala40 serve: no /play ({err})", err=True)
        return ""


@main.command("export-web")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--pyodide",
    "pyodide_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    metavar="DIR",
    help="A local copy of Pyodide's files (an unpacked npm package) [the pinned release,"
    " fetched with npm once and kept in the user's cache].",
)
def export_web(folder: Path, pyodide_dir: Path | None) -> None:
    """Write FOLDER: a static site where one person plays bots in the browser, with no
    server and, after the first visit, no connection.

    Publish FOLDER as it is on any static host (README: "Play offline").
    """
    from scala40.web_export.pyodide_dist import PyodideUnavailable
    from scala40.web_export.site import export_site

    try:
        done = export_site(folder, pyodide_dir)
    except PyodideUnavailable as err:
        raise InputError(str(err)) from None
    click.echo(
        f"wrote {len(done.files)} files ({done.total_bytes / 1e6:.1f} MB) to {done.folder}:"
        " serve the folder as a static site and open its index.html"
    )


@main.command("bot-account")
@click.argument("name")
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help="The server's database URL; default SQLite in $SCALA40_DATA.",
)
@click.option(
    "--seating",
    type=click.Choice(["owner", "anyone"]),
    default="anyone",
    show_default=True,
    help="Who may seat the bot at a table: anyone, or only its owner (this account has none:"
    " then only its own bot-only tables).",
)
def bot_account(name: str, db_url: str | None, seating: str) -> None:
    """Make a remote bot account NAME on the server's database and print its secret key
    (shown once): the bot connects with it (scala40 bot-connect; docs/bot-protocol.md)."""
    from scala40.server.settings import Settings
    from scala40.storage.bot_accounts import BotAccounts, Seating, bot_name
    from scala40.storage.nicknames import BadName
    from scala40.storage.players import NicknameTaken
    from scala40.storage.store import Store

    try:
        checked = bot_name(name)
    except BadName as err:
        raise InputError(str(err)) from None
    store = Store(Settings(db_url=db_url or "").database_url())
    try:
        store.migrate()
        account, key = BotAccounts(store.engine).create(checked, None, Seating(seating))
    except NicknameTaken as err:
        raise InputError(str(err)) from None
    finally:
        store.close()
    click.echo(f"bot account {account.name} made; its key (shown once, keep it secret):")
    click.echo(key)


def bot_socket_url(url: str) -> str:
    """The bot socket's address from a server's: ``http://h:8000`` is
    ``ws://h:8000/ws/bot``; a ``ws://`` or ``wss://`` address with a path is taken as it is.

    >>> bot_socket_url("https://example.org/"), bot_socket_url("ws://h:1/ws/bot")
    ('wss://example.org/ws/bot', 'ws://h:1/ws/bot')
    """
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    scheme = {"http": "ws", "https": "wss"}.get(parts.scheme, parts.scheme)
    if scheme not in ("ws", "wss") or not parts.netloc:
        raise InputError(f"{url!r} is no server address: http(s)://HOST[:PORT] or ws(s)://…")
    path = parts.path if parts.path not in ("", "/") else "/ws/bot"
    return urlunsplit((scheme, parts.netloc, path, parts.query, ""))


@main.command("bot-connect", context_settings={"ignore_unknown_options": True})
@click.argument("url")
@click.option(
    "--key",
    envvar="SCALA40_BOT_KEY",
    required=True,
    help="The bot account's secret key [$SCALA40_BOT_KEY, which other users cannot read"
    " in the process list].",
)
@click.option(
    "--games",
    type=click.IntRange(1),
    default=None,
    metavar="N",
    help="Stop after N matches are over [play until stopped].",
)
@click.argument("command", nargs=-1, required=True, type=click.UNPROCESSED)
def bot_connect(url: str, key: str, games: int | None, command: tuple[str, ...]) -> None:
    """Bring a pipe bot (the programs `serve --bot` and the arena run) to a server as a
    bot account: scala40 bot-connect http://HOST:8000 --key KEY -- python bot.py.

    One copy of COMMAND runs per game; messages are relayed both ways; a dropped socket is
    reconnected. docs/bot-protocol.md, "Remote bots"."""
    import asyncio
    import shutil

    from scala40.bot_connect import KeyRefused, relay

    if shutil.which(command[0]) is None:
        raise InputError(f"program {command[0]!r} not found")
    try:
        played = asyncio.run(relay(bot_socket_url(url), key, command, games=games))
    except KeyRefused as err:
        raise InputError(f"the server refused the key: {err}") from None
    except KeyboardInterrupt:
        return
    click.echo(f"{played} matches played", err=True)


@main.command()
@click.option(
    "--url",
    "urls",
    required=True,
    multiple=True,
    metavar="URL",
    help="The server, e.g. http://127.0.0.1:8000; repeat for the nodes of a cluster (each"
    " table is then played through all of them).",
)
@click.option(
    "--tables", type=click.IntRange(1, 1000), default=10, show_default=True, help="Tables of 4."
)
@click.option(
    "--hands", type=click.IntRange(1, 50), default=1, show_default=True, help="Hands per table."
)
@click.option(
    "--think-ms", type=float, default=500.0, show_default=True, help="Mean pause per move."
)
@click.option(
    "--workers",
    type=click.IntRange(1, 16),
    default=1,
    show_default=True,
    help="Client processes sharing the tables.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the clients' play.")
@click.option(
    "--seconds",
    type=click.FloatRange(min=1.0),
    default=None,
    metavar="S",
    help="Stop the clients after S seconds [when every match is over].",
)
@click.option(
    "--direct",
    is_flag=True,
    help="Ask, as the table page does, to be sent to the node that plays each table (nodes"
    " started with --public-url) instead of being relayed.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def loadtest(
    urls: tuple[str, ...],
    tables: int,
    hands: int,
    think_ms: float,
    workers: int,
    seed: int,
    seconds: float | None,
    direct: bool,
    as_json: bool,
) -> None:
    """Play TABLES tables of four scripted people against a running server.

    Prints actions per second and the latency from sending a move to receiving the state
    it produced (p50, p90, p99). A benchmark: it asserts nothing.
    """
    from scala40.loadtest import run  # imported here: only this command needs it

    figures = run(
        urls,
        tables,
        hands=hands,
        think_ms=think_ms,
        seed=seed,
        workers=workers,
        seconds=seconds,
        direct=direct,
    )
    if as_json:
        emit_json(figures)
        return
    for key, value in figures.items():
        click.echo(f"{key:>14}: {value}")
