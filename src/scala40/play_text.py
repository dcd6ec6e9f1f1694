"""``scala40 play`` in line mode: one person against bots, in any terminal or from a script.

Everything is plain lines of text in and out, so the same loop serves a person at a
terminal, a scripted game fed on standard input (end of input quits cleanly) and tests
that drive the human seat with a bot (:func:`bot_reader`). The human seat is shown only
its own :class:`~scala40.engine.views.PlayerView`, and bots get nothing else either; what
bots do is told in public terms (a draw from the stock never names the card).
Actions are typed in the notation's action text; an illegal one prints the engine's
reason and changes nothing.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Mapping, Sequence

import click

from scala40.bots import OFFERED, Bot, canonical_level, level_label, make_bot
from scala40.bots.heuristic import hint as club_hint
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
from scala40.engine.analysis import best_opening, counts_of, meld_readings, solve
from scala40.engine.cards import JOKER, suit_of
from scala40.engine.errors import IllegalAction
from scala40.engine.legal import legal_actions
from scala40.engine.match import HandRecord, Match
from scala40.engine.melds import SWAP
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.scoring import cards_penalty
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample
from scala40.notation.actions import describe_action, format_action, parse_action
from scala40.notation.cards import format_card, format_cards, parse_cards
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld

HUMAN = 0
"""The person always sits at seat 0; every other seat is a bot."""

Reader = Callable[[str, PlayerView], str | None]
"""The human seat's next line, given the prompt and its view; ``None`` at end of input."""
Writer = Callable[[str], None]

MAX_BOT_ACTIONS = 1000
"""A bot still acting after this many actions in one turn is stuck: a bug, not a game."""

LEGAL_SHOWN = 60
HINT_SHOWN = 6
"""Moves of one kind the hint lists before it says how many more ``legal`` would list."""
HINT_OPENINGS_SHOWN = 3
"""Fewer openings: each is a long line of melds."""
HINT_SEED = 0
"""The hint deals the unseen cards with a seed of its own: the person's moves do not depend
on them, and the bots' generator is left alone, so asking never changes the match."""

HELP = """\
Actions (cards as 7H 10H QS AS JK or 7♥; table melds by number, 0 first):
  draw                         draw from the stock
  pozzo                        take the top card of the pozzo
  open KH KD KC | 3S 4S 5S     open with melds split by |
  meld 9H 10H JH               lay a new meld (once opened)
  layoff 8S 2 [low|high]       lay a card off on table meld 2 (JK=7D names a joker)
  swap 7D 1                    put the 7♦ in place of the joker of meld 1
  discard QS                   discard (ends your turn)
  takeback                     take back everything laid down this turn
Helpers: hint (a suggested move through to the discard, your moves now, and a plan),
legal (every legal action), show, help, quit
A meld whose joker could stand for more than one card is asked about: answer with the
number shown, or the card the joker stands for (or type it: JK=7C)."""


class BotError(RuntimeError):
    """A bot attempted an illegal action or never ended its turn (a bug in the bot)."""


def names_of(players: int) -> list[str]:
    return ["You"] + [f"Bot {s}" for s in range(1, players)]


def bot_reader(bot: Bot, rng: random.Random) -> Reader:
    """A reader that lets ``bot`` type the human seat's lines (for tests and demos)."""

    def read(prompt: str, view: PlayerView) -> str | None:
        return format_action(bot.choose(view, rng))

    return read


def bot_levels(words: Sequence[str], players: int) -> list[str]:
    """One canonical level per bot seat from ``--bots``: one word for all, or one per bot.

    An old name (``heuristic``) is its level's (``club``); ``ValueError`` names the levels a
    player is offered when a word is none.
    """
    levels = []
    for word in [w for w in words if w.strip()] or ["easy"]:
        try:
            levels.append(canonical_level(word))
        except ValueError:
            raise ValueError(
                f"unknown bot level {word.strip().lower()!r}: choose among {', '.join(OFFERED)}"
            ) from None
    if len(levels) == 1:
        return levels * (players - 1)
    if len(levels) != players - 1:
        raise ValueError(
            f"--bots lists {len(levels)} levels for {players - 1} bots: give one, or one per bot"
        )
    return levels


def console_reader() -> Reader:
    """Lines from standard input; a piped script's lines are echoed so the log reads well."""

    def read(prompt: str, view: PlayerView) -> str | None:
        click.echo(prompt, nl=False)
        echo = not sys.stdin.isatty()
        try:
            line: str = sys.stdin.readline()
        except KeyboardInterrupt:
            line = ""
        if not line:
            click.echo()
            return None
        if echo:
            click.echo(line.rstrip("\n"))
        return line

    return read


def play_game(
    rules: Rules,
    levels: Sequence[str],
    read: Reader,
    write: Writer,
    seed: int | None = None,
) -> int | None:
    """Play a whole match, seat 0 by ``read``, seat ``s`` by a bot of ``levels[s - 1]``.

    Returns the winning seat (or team, with partnerships), or ``None`` if the person quit.
    """
    bots = {s: make_bot(levels[s - 1]) for s in range(1, rules.players)}
    match = Match(rules, seed=seed)
    bot_rng = random.Random(f"bots:{seed}") if seed is not None else random.Random()
    names = names_of(rules.players)
    against = ", ".join(f"{names[s]} ({level_label(levels[s - 1])})" for s in bots)
    write(f"Scala 40: you against {against}.")
    write("Type help for the commands.")
    return play_match(match, bots, read, write, bot_rng, names)


def play_match(
    match: Match,
    bots: Mapping[int, Bot],
    read: Reader,
    write: Writer,
    rng: random.Random,
    names: Sequence[str],
) -> int | None:
    """The game loop: bots act, the person types, hands are scored, until a winner."""
    seen_hand = 0
    show = True
    acts = 0
    while not match.over:
        if match.hand_number != seen_hand:
            seen_hand = match.hand_number
            _announce_hand(match, names, write)
            show = True
        seat = match.current_seat
        deal = match.deal
        view = PlayerView.of(deal, seat)
        done = len(match.history)
        turn = (match.hand_number, deal.turns_done)
        bot = bots.get(seat)
        if bot is not None:
            action = bot.choose(view, rng)
            text = describe_action(action, view.pozzo[-1] if view.pozzo else None)
            try:
                match.apply(action)
            except IllegalAction as err:
                raise BotError(
                    f"{names[seat]} tried {format_action(action)}: {err.reason}"
                ) from err
            write(f"{names[seat]} {text}")
            show = True
            acts = acts + 1 if turn == (match.hand_number, match.deal.turns_done) else 0
            if acts > MAX_BOT_ACTIONS:
                raise BotError(f"{names[seat]} did not end its turn")
        else:
            if show:
                write(render(view, match, names))
                show = False
            prompt = "draw> " if view.phase == DRAW else "play> "
            line = read(prompt, view)
            if line is None or line.strip().lower() in ("quit", "exit"):
                write("You leave the table. Goodbye.")
                return None
            show = _human_line(line.strip(), view, match, write, rng, read)
        if len(match.history) > done:
            write(hand_summary(match, match.history[-1], names))
            show = True
    write(_winner_text(match, names))
    return match.winner


def _human_line(
    line: str,
    view: PlayerView,
    match: Match,
    write: Writer,
    rng: random.Random,
    read: Reader | None = None,
) -> bool:
    """Do what the person typed; ``True`` when the position changed (show it again).
    A meld whose joker could stand for several cards is asked about first (``read``)."""
    word = line.lower()
    if not line:
        return False
    if word in ("help", "?"):
        write(HELP)
    elif word == "show":
        return True
    elif word == "hint":
        write(hint(view))
    elif word == "legal":
        write(legal_text(view, rng))
    else:
        try:
            action = parse_action(line)
        except NotationError as err:
            write(f"Cannot read that: {err}  (type help for the commands)")
            return False
        if read is not None and isinstance(action, Open | Meld):
            meant = _jokers_meant(action, view, read, write)
            if meant is None:
                return False
            action = meant
        try:
            match.apply(action)
        except IllegalAction as err:
            write(f"Not allowed: {err.reason}")
            return False
        return _after_human(action, view, match, write)
    return False


ASK_JOKER = "Which card does the joker stand for?"
NOT_LAID = "Nothing laid: answer with a number from 1 to {n} or the card the joker stands for."


def _jokers_meant(
    action: Open | Meld, view: PlayerView, read: Reader, write: Writer
) -> Open | Meld | None:
    """``action`` with each meld's joker declared as the person means it, or ``None``
    (nothing to lay: the answer was no choice).

    A meld's readings are the engine's (:func:`meld_readings`). Those that agree with the
    text typed (its order; a joker written ``JK=7C``) decide it when there is one; when
    several agree (``open QH QS JK``: the Q♦ or the Q♣), or none does but the cards make
    melds (``7S JK 6S``), the person is asked, as the web table asks. Cards that make no
    meld go as typed, so the engine's refusal names the problem."""
    specs = action.melds if isinstance(action, Open) else (action.meld,)
    meant: list[MeldSpec] = []
    for spec in specs:
        options = meld_readings(spec.cards, view.rules)
        agree = [o for o in options if _agrees(o, spec)] or options
        if len(agree) <= 1:
            meant.append(agree[0] if agree else spec)
            continue
        write(ASK_JOKER)
        for n, option in enumerate(agree, 1):
            write(f"  {n}  {format_meld(option, pretty=True)}")
        answer = read("joker> ", view)
        chosen = _chosen(answer or "", agree)
        if chosen is None:
            write(NOT_LAID.format(n=len(agree)))
            return None
        write(f"You lay {format_meld(chosen, pretty=True)}.")
        meant.append(chosen)
    return Open(tuple(meant)) if isinstance(action, Open) else Meld(meant[0])


def _agrees(option: MeldSpec, typed: MeldSpec) -> bool:
    """Whether a reading is the typed meld: the same order, and any joker declared as typed."""
    return option.cards == typed.cards and all(
        t is None or t == o for o, t in zip(option.declared, typed.declared, strict=True)
    )


def _chosen(answer: str, options: Sequence[MeldSpec]) -> MeldSpec | None:
    """The option an answer names: its number, or the card its joker stands for."""
    answer = answer.strip()
    if answer.isdigit():
        n = int(answer)
        return options[n - 1] if 1 <= n <= len(options) else None
    try:
        cards = parse_cards(answer.removeprefix("JK="))
    except NotationError:
        return None
    named = [o for o in options if len(cards) == 1 and cards[0] in o.declared]
    return named[0] if len(named) == 1 else None


def _after_human(action: Action, view: PlayerView, match: Match, write: Writer) -> bool:
    """Tell the person what their action did; ``True`` when the table must be shown again."""
    if isinstance(action, Discard):
        write(f"You discard {format_card(action.card, pretty=True)}.")
        return False
    if isinstance(action, DrawStock | TakePozzo):
        before = counts_of(view.hand)
        now = PlayerView.of(match.deal, HUMAN).hand
        after = counts_of(now)
        card = next(k for k, n in enumerate(after) if n > before[k])
        where = "from the stock" if isinstance(action, DrawStock) else "from the pozzo"
        write(f"You take {format_card(card, pretty=True)} {where}. Your hand: {hand_text(now)}")
        return False
    return True


# Showing the position ------------------------------------------------------------------


def hand_text(cards: Sequence[int]) -> str:
    """Cards grouped by suit (♥ ♦ ♣ ♠, ace low), jokers last, with suit symbols."""
    groups: list[str] = []
    for suit in range(4):
        same = [k for k in cards if k != JOKER and suit_of(k) == suit]
        if same:
            groups.append(format_cards(sorted(same), pretty=True))
    jokers = [k for k in cards if k == JOKER]
    if jokers:
        groups.append(format_cards(jokers))
    return "   ".join(groups) if groups else "(no cards)"


def render(view: PlayerView, match: Match, names: Sequence[str]) -> str:
    """The human seat's whole picture of the hand: what a player at a real table sees."""
    rules = view.rules
    phase = "draw a card" if view.phase == DRAW else "meld, lay off, then discard"
    lines = [f"--- Hand {match.hand_number}, your turn: {phase} ---", "Table:"]
    if not view.table:
        lines.append("  (no melds yet)")
    for i, meld in enumerate(view.table):
        lines.append(f"  {i}: {format_meld(meld, pretty=True)}  ({meld.points(rules)} pts)")
    top = format_card(view.pozzo[-1], pretty=True) if view.pozzo else "empty"
    lines.append(f"Pozzo: {top} ({_count(len(view.pozzo))})   Stock: {_count(view.stock_size)}")
    others = []
    for p, seat in enumerate(view.seats):
        if p == view.me:
            continue
        facts = [_count(view.hand_sizes[p]), "opened" if view.opened[p] else "not opened"]
        if view.known[p]:
            facts.append("holds " + format_cards(view.known[p], pretty=True))
        partner = match.rules.partnerships and match.team_of(seat) == match.team_of(HUMAN)
        others.append(f"  {names[seat]}{' (partner)' if partner else ''}: {', '.join(facts)}")
    lines.extend(others)
    lines.append("Scores: " + score_line(match, names))
    mine = "opened" if view.opened[view.me] else f"not opened, {rules.opening_points} to open"
    lines.append(f"Your hand ({_count(len(view.hand))}; {mine}): {hand_text(view.hand)}")
    return "\n".join(lines)


def _says(
    names: Sequence[str], unit: int, verb: str, you_verb: str, match: Match | None = None
) -> str:
    """``Bot 2 goes`` but ``You go``: a seat (or team) with the verb agreeing."""
    if match is not None and match.rules.partnerships:
        return f"{team_name(match, unit, names)} {verb}"
    return f"{names[unit]} {you_verb if unit == HUMAN else verb}"


def _count(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def score_line(match: Match, names: Sequence[str]) -> str:
    if match.rules.partnerships:
        return " · ".join(f"{team_name(match, u, names)} {t}" for u, t in enumerate(match.totals))
    return " · ".join(
        f"{names[s]} {t}" + (" (out)" if match.eliminated[s] else "")
        for s, t in enumerate(match.totals)
    )


def team_name(match: Match, unit: int, names: Sequence[str]) -> str:
    if not match.rules.partnerships:
        return names[unit]
    members = [names[s] for s in range(match.rules.players) if match.team_of(s) == unit]
    return "Team " + "+".join(members)


def _announce_hand(match: Match, names: Sequence[str], write: Writer) -> None:
    deal = match.deal
    order = ", ".join(names[s] for s in deal.seats)
    kind = " (playoff: first to go out wins)" if match.playoff is not None else ""
    dealer = _says(names, match.dealer, "deals", "deal")
    write(f"\n=== Hand {match.hand_number}{kind}: {dealer}. Order: {order} ===")
    if HUMAN not in deal.seats:
        write("You are not in this hand: the bots play it out.")
    write(f"Turned up on the pozzo: {format_card(deal.pozzo[-1], pretty=True)}")


# Helpers the person can ask for -------------------------------------------------------------


def hint(view: PlayerView) -> str:
    """A suggested move, what the person may do now, then a plan.

    The suggestion is the club player's (:func:`scala40.bots.heuristic.hint`), as the
    person would type it; after the draw it goes on, a line each, to the discard that
    ends the turn (or to going out), with the reason for each step. The moves are the
    engine's legal actions, grouped by kind (draw, pozzo, openings, new melds, lay-offs,
    joker swaps, discards, what goes out now, the take-back), a few of each as the text
    to type. What the engine refuses is said in its own words: why the
    pozzo may not be taken, why a card may not be discarded. The plan comes from the
    analysis: the best opening, or the melds the hand could lay.
    """
    world = resample(view, random.Random(HINT_SEED))
    actions = legal_actions(world)
    if not view.opened[view.me] and view.phase != DRAW:
        best = best_opening(counts_of(view.hand), view.rules)
        if best is not None and best.opens:
            first = Open(best.solution.specs())
            if first in actions:  # the analysis's best opening leads the list
                actions.remove(first)
                actions.insert(0, first)
    lines = [*suggestion_text(view), "Your moves now (type one):", *moves_text(world, actions)]
    plan = _plan(view, world)
    if plan:
        lines.append(plan)
    return "\n".join(lines)


def suggestion_text(view: PlayerView) -> list[str]:
    """The club player's move as typed (``Suggested: …``), the rest of its turn through
    the discard (``  then: …``) and why. Its unseen cards are dealt with the hint's own
    seed, like the rest of the hint, so asking changes nothing in the game."""
    found = club_hint(view, random.Random(HINT_SEED))
    lines = [f"Suggested: {format_action(found.action, pretty=True)}"]
    lines += [f"  then: {format_action(a, pretty=True)}" for a in found.then]
    lines.append(f"  Why: {found.text}")
    return lines


def moves_text(world: Deal, actions: Sequence[Action]) -> list[str]:
    """The legal ``actions`` of ``world`` grouped by kind, one line each, with the engine's
    reasons for a pozzo it refuses and for cards it will not let go."""
    by_kind: dict[type, list[Action]] = {kind: [] for kind in _MOVE_KINDS}
    for action in actions:
        by_kind[type(action)].append(action)
    lines: list[str] = []
    for kind, moves in by_kind.items():
        label = _MOVE_KINDS[kind]
        if kind is TakePozzo and world.pozzo:
            label += f" ({format_card(world.pozzo[-1], pretty=True)})"
        if moves:
            lines.append(_moves_line(label, moves))
        elif kind is TakePozzo and world.phase == DRAW:
            refused = world.check(TakePozzo())
            if refused is not None:
                lines.append(f"  Not the pozzo: {refused.reason}")
        if kind is Discard and world.phase != DRAW:
            lines.extend(_discard_refusals(world, moves))
            out = [a for a in actions if _goes_out(world, a)]
            if out:
                lines.append(_moves_line("Goes out now", out))
    return lines


def _discard_refusals(world: Deal, discards: Sequence[Action]) -> list[str]:
    """Why the cards held but not among the legal ``discards`` may not go, each reason
    once (a ban on the whole turn is the same for every card)."""
    allowed = {a.card for a in discards if isinstance(a, Discard)}
    reasons: list[str] = []
    for card in sorted(set(world.hand_cards(world.current)) - allowed):
        refused = world.check(Discard(card))
        if refused is not None and refused.reason not in reasons:
            reasons.append(refused.reason)
    return ["  Not to discard: " + "; ".join(reasons)] if reasons else []


_MOVE_KINDS: Mapping[type, str] = {
    # In the order the player thinks of them: first the draw, then what to lay down.
    DrawStock: "Draw",
    TakePozzo: "Take the pozzo",
    Open: "Openings",
    Meld: "New melds",
    LayOff: "Lay-offs",
    SwapJoker: "Joker swaps",
    Discard: "Discards",
    TakeBack: "Take back",
}


def _moves_line(label: str, actions: Sequence[Action]) -> str:
    """``  Lay-offs (3): layoff 8♠ 2 · …``: a kind, how many, the first few as typed."""
    limit = HINT_OPENINGS_SHOWN if isinstance(actions[0], Open) else HINT_SHOWN
    shown = " · ".join(format_action(a, pretty=True) for a in actions[:limit])
    more = len(actions) - limit
    tail = f" · and {more} more (legal lists them all)" if more > 0 else ""
    many = f" ({len(actions)})" if len(actions) > 1 else ""
    return f"  {label}{many}: {shown}{tail}"


def _goes_out(world: Deal, action: Action) -> bool:
    """Whether ``action`` ends the hand with the person out (not merely ends it, as when
    the stock runs out): played on a copy of the world, so the engine decides."""
    probe = world.clone()
    probe.apply(action)
    return probe.result is not None and probe.result.winner == world.current


def _plan(view: PlayerView, world: Deal) -> str:
    """The best opening (and whether it reaches the threshold), or the melds the hand
    could lay and, before the draw, the cards that fit the table."""
    rules = view.rules
    counts = counts_of(view.hand)
    before = " (with your cards before the draw)" if view.phase == DRAW else ""
    if not view.opened[view.me]:
        best = best_opening(counts, rules)
        if best is None or not best.melds:
            return f"No meld in your hand yet{before}."
        melds = " | ".join(format_meld(m, pretty=True) for m in best.melds)
        verdict = "enough to open" if best.opens else "not enough"
        text = f"Best opening{before}: {melds} = {best.points} points: {verdict}"
        return text + f" ({rules.opening_points} needed)."
    out = []
    sol = solve(counts, rules, objective="penalty", leave=1)
    if sol is not None and sol.melds:
        melds = " | ".join(format_meld(m, pretty=True) for m in sol.melds)
        out.append(f"Melds you could lay{before}: {melds}")
    if view.phase == DRAW:
        fits = world.fits()
        lay, swap = [], []
        for k in sorted(set(view.hand)):
            targets = [str(t) for t, how in fits.get(k, ()) if how != SWAP]
            if targets:
                lay.append(f"{format_card(k, pretty=True)} (meld {', '.join(targets)})")
            if any(how == SWAP for _, how in fits.get(k, ())):
                swap.append(format_card(k, pretty=True))
        if lay:
            out.append("Cards that fit the table: " + ", ".join(lay))
        if swap:
            out.append("Cards that could free a joker: " + ", ".join(swap))
    return "\n".join(out)


def legal_text(view: PlayerView, rng: random.Random) -> str:
    """Every legal action now, as typed text (long lists are cut short)."""
    actions = legal_actions(resample(view, rng))
    lines = [format_action(a, pretty=True) for a in actions[:LEGAL_SHOWN]]
    if len(actions) > LEGAL_SHOWN:
        lines.append(f"... and {len(actions) - LEGAL_SHOWN} more")
    return "Legal now:\n  " + "\n  ".join(lines)


# The end of a hand and of the match ---------------------------------------------------------


def hand_summary(match: Match, record: HandRecord, names: Sequence[str]) -> str:
    """Every hand revealed with what it pays, and the running score table."""
    result = record.result
    rules = match.rules
    if result.winner is not None:
        how = " with a chiusura in mano" if result.chiusura_in_mano else ""
        doubled = " (the others pay double)" if result.doubled else ""
        head = _says(names, record.seats[result.winner], "goes", "go") + f" out{how}{doubled}."
    else:
        head = "Nobody went out: the stock ran out and everybody counts."
    lines = [f"--- Hand {record.number} is over: {head} ---"]
    width = max(len(names[s]) for s in record.seats)
    for p, seat in enumerate(record.seats):
        cards = result.hands[p]
        counted = cards_penalty(cards, rules)
        worth = f" (cards worth {counted})" if counted != result.penalties[p] else ""
        lines.append(
            f"  {names[seat]:<{width}}  pays {result.penalties[p]:>3}{worth}: {hand_text(cards)}"
        )
    lines.append(score_table(match, names))
    for u in record.eliminated:
        lines.append(_says(names, u, "is", "are", match) + " out of the match.")
    for u, total in record.reentered.items():
        lines.append(_says(names, u, "re-enters", "re-enter", match) + f" at {total}.")
    if match.playoff is not None and not match.over:
        tied = ", ".join(team_name(match, u, names) for u in match.playoff)
        lines.append(f"Tie between {tied}: single hands decide, first to go out wins.")
    return "\n".join(lines)


def score_table(match: Match, names: Sequence[str]) -> str:
    """What every seat paid hand by hand, and the running totals."""
    seats = range(match.rules.players)
    widths = [max(5, len(names[s])) for s in seats]
    head = "  hand " + " ".join(f"{names[s]:>{w}}" for s, w in zip(seats, widths, strict=True))
    rows = [head]
    for rec in match.history:
        cells = [
            f"{rec.penalties[s]:>{w}}" if s in rec.penalties else f"{'-':>{w}}"
            for s, w in zip(seats, widths, strict=True)
        ]
        rows.append(f"  {rec.number:>4} " + " ".join(cells))
    rows.append("Totals: " + score_line(match, names))
    return "\n".join(rows)


def _winner_text(match: Match, names: Sequence[str]) -> str:
    winner = match.winner
    assert winner is not None
    if match.rules.partnerships:
        return f"*** {team_name(match, winner, names)} wins the match! ***"
    if winner == HUMAN:
        return "*** You win the match! ***"
    return f"*** {names[winner]} wins the match. ***"
