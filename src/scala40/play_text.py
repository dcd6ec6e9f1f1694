"""``scala40 play`` in line mode: one person against bots, in any terminal or from a script.

Everything is plain lines of text in and out, so the same loop serves a person at a
terminal, a scripted game fed on standard input (end of input quits cleanly) and tests
that drive the human seat with a bot (:func:`bot_reader`). The human seat is shown only
its own :class:`~scala40.engine.views.PlayerView`, and bots get nothing else either; what
bots do is told in public terms (a draw from the stock never names the card).
Actions are typed in the notation's action text; an illegal one prints the engine's
reason and changes nothing.

Every sentence is the catalogue's, in the player's language (``--lang``, else the
locale). The command words are too (``term.plain.cmd.*``: in Italian ``pesca``, ``scarta
QS``, ``attacca 8S 2 basso``...), the English ones always understood beside them; the
cards stay as the notation writes them (``7H``, ``QS``, ``JK=7D`` or ``7♥``), and the
moves the hint lists are written in the player's command words, ready to type.
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
from scala40.notation.actions import format_action, parse_action
from scala40.notation.cards import format_card, format_cards, parse_cards
from scala40.notation.errors import NotationError
from scala40.notation.melds import format_meld
from scala40.words import SOURCE_LANGUAGE, Words
from scala40.words.hints import hint_words, move_words, refusal_words

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

COMMANDS = ("draw", "pozzo", "open", "meld", "layoff", "swap", "discard", "takeback")
"""The notation's action words: each has a word in every language (``term.plain.cmd.*``)."""
HELPERS = ("help", "show", "hint", "legal", "quit")
"""The words that ask for something instead of playing."""
ENDS = ("low", "high")
"""The ends of a run a lay-off may name."""


class BotError(RuntimeError):
    """A bot attempted an illegal action or never ended its turn (a bug in the bot)."""


def names_of(players: int, words: Words | None = None) -> list[str]:
    """The seats' names: the person, then ``Bot 1``, ``Bot 2``..."""
    w = words or Words()
    return [w("term.game.name.you")] + [w("term.plain.botName", n=s) for s in range(1, players)]


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


def level_words(level: str, words: Words) -> str:
    """A bot's level in the player's words (``bot.level.<level>``, as the pages say it);
    a level the catalogue does not know (a program's ``cmd:...``) as it is written."""
    try:
        key = f"bot.level.{canonical_level(level)}"
    except ValueError:
        return level_label(level)
    return words(key) if words.has(key) else level_label(level)


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


# The command words -----------------------------------------------------------------------


def command_words(words: Words) -> dict[str, str]:
    """Every word a player may type for a command, by the notation's word it stands for:
    the language's (``pesca``) and the English one (``draw``)."""
    known = (*COMMANDS, *HELPERS, *ENDS)
    table = {word: word for word in known}
    table.update({words(f"term.plain.cmd.{word}").lower(): word for word in known})
    table["?"] = "help"
    table["exit"] = "quit"
    return table


def as_notation(line: str, words: Words) -> str:
    """A typed line in the notation's words: the command and a lay-off's end translated
    (``attacca 8S 2 basso`` → ``layoff 8S 2 low``), the cards left as typed."""
    tokens = line.split()
    if not tokens:
        return line
    table = command_words(words)
    verb = table.get(tokens[0].lower(), tokens[0])
    rest = tokens[1:]
    if verb == "layoff" and len(rest) == 3:
        rest[2] = table.get(rest[2].lower(), rest[2])
    return " ".join([verb, *rest])


def typed(action: Action, words: Words) -> str:
    """An action as the player would type it, in their command words (``scarta Q♠``)."""
    verb, *rest = format_action(action, pretty=True).split(" ")
    if isinstance(action, LayOff) and action.end is not None:
        rest[-1] = words(f"term.plain.cmd.{action.end}")
    return " ".join([words(f"term.plain.cmd.{verb}"), *rest])


# The game ----------------------------------------------------------------------------------


def play_game(
    rules: Rules,
    levels: Sequence[str],
    read: Reader,
    write: Writer,
    seed: int | None = None,
    lang: str = SOURCE_LANGUAGE,
) -> int | None:
    """Play a whole match, seat 0 by ``read``, seat ``s`` by a bot of ``levels[s - 1]``,
    every sentence in the language ``lang``.

    Returns the winning seat (or team, with partnerships), or ``None`` if the person quit.
    """
    words = Words(lang)
    bots = {s: make_bot(levels[s - 1]) for s in range(1, rules.players)}
    match = Match(rules, seed=seed)
    bot_rng = random.Random(f"bots:{seed}") if seed is not None else random.Random()
    names = names_of(rules.players, words)
    against = ", ".join(
        words("bot.name", n=s, level=level_words(levels[s - 1], words)) for s in bots
    )
    write(words("term.game.against", bots=against))
    write(words("term.plain.typeHelp"))
    return play_match(match, bots, read, write, bot_rng, names, words)


def play_match(
    match: Match,
    bots: Mapping[int, Bot],
    read: Reader,
    write: Writer,
    rng: random.Random,
    names: Sequence[str],
    words: Words | None = None,
) -> int | None:
    """The game loop: bots act, the person types, hands are scored, until a winner."""
    w = words or Words()
    seen_hand = 0
    show = True
    acts = 0
    while not match.over:
        if match.hand_number != seen_hand:
            seen_hand = match.hand_number
            _announce_hand(match, names, write, w)
            show = True
        seat = match.current_seat
        deal = match.deal
        view = PlayerView.of(deal, seat)
        done = len(match.history)
        turn = (match.hand_number, deal.turns_done)
        bot = bots.get(seat)
        if bot is not None:
            action = bot.choose(view, rng)
            top = view.pozzo[-1] if view.pozzo else None
            try:
                match.apply(action)
            except IllegalAction as err:
                raise BotError(
                    f"{names[seat]} tried {format_action(action)}: {err.reason}"
                ) from err
            write(move_words(w, action, names[seat], pozzo_top=top))
            show = True
            acts = acts + 1 if turn == (match.hand_number, match.deal.turns_done) else 0
            if acts > MAX_BOT_ACTIONS:
                raise BotError(f"{names[seat]} did not end its turn")
        else:
            if show:
                write(render(view, match, names, w))
                show = False
            prompt = w("term.plain.prompt.draw" if view.phase == DRAW else "term.plain.prompt.play")
            line = read(f"{prompt}> ", view)
            if line is None or command_words(w).get(line.strip().lower()) == "quit":
                write(w("term.plain.bye"))
                return None
            show = _human_line(line.strip(), view, match, write, rng, read, w)
        if len(match.history) > done:
            write(hand_summary(match, match.history[-1], names, w))
            show = True
    write(_winner_text(match, names, w))
    return match.winner


def _human_line(
    line: str,
    view: PlayerView,
    match: Match,
    write: Writer,
    rng: random.Random,
    read: Reader | None = None,
    words: Words | None = None,
) -> bool:
    """Do what the person typed; ``True`` when the position changed (show it again).
    A meld whose joker could stand for several cards is asked about first (``read``)."""
    w = words or Words()
    if not line:
        return False
    helper = command_words(w).get(line.lower())
    if helper == "help":
        write(w("term.plain.help"))
    elif helper == "show":
        return True
    elif helper == "hint":
        write(hint(view, w))
    elif helper == "legal":
        write(legal_text(view, rng, w))
    else:
        try:
            action = parse_action(as_notation(line, w))
        except NotationError as err:
            write(w("term.plain.unreadable", err=_unreadable(line, err, w)))
            return False
        if read is not None and isinstance(action, Open | Meld):
            meant = _jokers_meant(action, view, read, write, w)
            if meant is None:
                return False
            action = meant
        try:
            match.apply(action)
        except IllegalAction as err:
            write(w("term.game.refused", why=refusal_words(w, err)))
            return False
        return _after_human(action, view, match, write, w)
    return False


def _unreadable(line: str, err: NotationError, words: Words) -> str:
    """What is wrong with a line that is no command. In English the notation's own words;
    in another language the first thing wrong: a word that is no command, a word that is
    no card, else the command's form (see help)."""
    if words.lang == SOURCE_LANGUAGE:
        return str(err)
    table = command_words(words)
    verb, *rest = line.split()
    if table.get(verb.lower()) not in COMMANDS:
        return words("term.plain.notACommand", word=verb)
    for token in rest:
        if token == "|" or token.isdigit() or token.lower() in table:
            continue
        try:
            parse_cards(token)
        except NotationError:
            return words("term.plain.notACard", card=token)
    return words("term.plain.badForm", verb=verb)


def _jokers_meant(
    action: Open | Meld, view: PlayerView, read: Reader, write: Writer, words: Words
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
        write(words("term.plain.askJoker"))
        for n, option in enumerate(agree, 1):
            write(f"  {n}  {format_meld(option, pretty=True)}")
        answer = read(f"{words('term.plain.prompt.joker')}> ", view)
        chosen = _chosen(answer or "", agree)
        if chosen is None:
            write(words("term.plain.notLaid", n=len(agree)))
            return None
        write(words("term.plain.youLay", meld=format_meld(chosen, pretty=True)))
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


def _after_human(
    action: Action, view: PlayerView, match: Match, write: Writer, words: Words
) -> bool:
    """Tell the person what their action did; ``True`` when the table must be shown again."""
    if isinstance(action, Discard):
        write(words("term.plain.youDiscard", card=format_card(action.card, pretty=True)))
        return False
    if isinstance(action, DrawStock | TakePozzo):
        before = counts_of(view.hand)
        now = PlayerView.of(match.deal, HUMAN).hand
        after = counts_of(now)
        card = next(k for k, n in enumerate(after) if n > before[k])
        key = "term.plain.tookStock" if isinstance(action, DrawStock) else "term.plain.tookPozzo"
        shown = format_card(card, pretty=True)
        write(words(key, card=shown, hand=hand_text(now, words)))
        return False
    return True


# Showing the position ------------------------------------------------------------------


def hand_text(cards: Sequence[int], words: Words) -> str:
    """Cards grouped by suit (♥ ♦ ♣ ♠, ace low), jokers last, with suit symbols."""
    groups: list[str] = []
    for suit in range(4):
        same = [k for k in cards if k != JOKER and suit_of(k) == suit]
        if same:
            groups.append(format_cards(sorted(same), pretty=True))
    jokers = [k for k in cards if k == JOKER]
    if jokers:
        groups.append(format_cards(jokers))
    return "   ".join(groups) if groups else words("term.game.noCards")


def render(view: PlayerView, match: Match, names: Sequence[str], words: Words) -> str:
    """The human seat's whole picture of the hand: what a player at a real table sees."""
    w = words
    rules = view.rules
    turn = "term.plain.turnDraw" if view.phase == DRAW else "term.plain.turnPlay"
    lines = [w(turn, n=match.hand_number), w("term.game.tableLabel")]
    if not view.table:
        lines.append("  " + w("term.plain.noMelds"))
    for i, meld in enumerate(view.table):
        points = w("table.meldPoints", points=meld.points(rules))
        lines.append(f"  {i}: {format_meld(meld, pretty=True)}  ({points})")
    top = format_card(view.pozzo[-1], pretty=True) if view.pozzo else w("term.game.pozzoEmpty")
    pozzo, stock = _count(len(view.pozzo), w), _count(view.stock_size, w)
    lines.append(w("term.plain.pozzoStock", top=top, pozzo=pozzo, stock=stock))
    for p, seat in enumerate(view.seats):
        if p != view.me:
            lines.append("  " + _other_line(view, match, names, p, seat, w))
    lines.append(w("term.plain.scores", scores=score_line(match, names, w)))
    if view.opened[view.me]:
        mine = w("term.game.youOpened")
    else:
        mine = w("term.plain.youNotOpened", n=rules.opening_points)
    cards = _count(len(view.hand), w)
    lines.append(w("term.plain.yourHand", cards=cards, state=mine, hand=hand_text(view.hand, w)))
    return "\n".join(lines)


def _other_line(
    view: PlayerView, match: Match, names: Sequence[str], p: int, seat: int, w: Words
) -> str:
    """Another player as the person sees them: cards held, opened, cards known."""
    facts = [_count(view.hand_sizes[p], w)]
    facts.append(w("table.opened") if view.opened[p] else w("table.notOpened"))
    if view.known[p]:
        facts.append(w("term.game.holds", cards=format_cards(view.known[p], pretty=True)))
    partner = match.rules.partnerships and match.team_of(seat) == match.team_of(HUMAN)
    mark = " " + w("term.game.partner") if partner else ""
    return f"{names[seat]}{mark}: {', '.join(facts)}"


def _says(
    names: Sequence[str],
    unit: int,
    key: str,
    words: Words,
    match: Match | None = None,
    **values: object,
) -> str:
    """``Bot 2 goes out`` but ``You go out``: the message ``key`` for a seat (or team), its
    ``KEY + "You"`` form for the person."""
    if match is not None and match.rules.partnerships:
        return words(key, name=team_name(match, unit, names, words), **values)
    if unit == HUMAN:
        return words(key + "You", **values)
    return words(key, name=names[unit], **values)


def _count(n: int, words: Words) -> str:
    return words.count("term.game.cards", n)


def score_line(match: Match, names: Sequence[str], words: Words) -> str:
    if match.rules.partnerships:
        return " · ".join(
            f"{team_name(match, u, names, words)} {t}" for u, t in enumerate(match.totals)
        )
    out = " " + words("term.game.out")
    return " · ".join(
        f"{names[s]} {t}" + (out if match.eliminated[s] else "") for s, t in enumerate(match.totals)
    )


def team_name(match: Match, unit: int, names: Sequence[str], words: Words) -> str:
    if not match.rules.partnerships:
        return names[unit]
    members = [names[s] for s in range(match.rules.players) if match.team_of(s) == unit]
    return words("term.game.team", members="+".join(members))


def _announce_hand(match: Match, names: Sequence[str], write: Writer, words: Words) -> None:
    deal = match.deal
    order = ", ".join(names[s] for s in deal.seats)
    kind = f" ({words('term.game.playoff')})" if match.playoff is not None else ""
    key = "term.game.announce.you" if match.dealer == HUMAN else "term.game.announce.seat"
    name = names[match.dealer]
    write("\n" + words(key, n=match.hand_number, kind=kind, name=name, order=order))
    if HUMAN not in deal.seats:
        write(words("term.plain.sitOut"))
    write(words("term.game.pozzoTurned", card=format_card(deal.pozzo[-1], pretty=True)))


# Helpers the person can ask for -------------------------------------------------------------


def hint(view: PlayerView, words: Words | None = None) -> str:
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
    w = words or Words()
    world = resample(view, random.Random(HINT_SEED))
    actions = legal_actions(world)
    if not view.opened[view.me] and view.phase != DRAW:
        best = best_opening(counts_of(view.hand), view.rules)
        if best is not None and best.opens:
            first = Open(best.solution.specs())
            if first in actions:  # the analysis's best opening leads the list
                actions.remove(first)
                actions.insert(0, first)
    lines = [
        *suggestion_text(view, w),
        w("term.plain.movesNow"),
        *moves_text(world, actions, w),
    ]
    plan = _plan(view, world, w)
    if plan:
        lines.append(plan)
    return "\n".join(lines)


def suggestion_text(view: PlayerView, words: Words | None = None) -> list[str]:
    """The club player's move as typed (``Suggested: …``), the rest of its turn through
    the discard (``  then: …``) and why. Its unseen cards are dealt with the hint's own
    seed, like the rest of the hint, so asking changes nothing in the game."""
    w = words or Words()
    found = club_hint(view, random.Random(HINT_SEED))
    lines = [w("term.plain.suggested", move=typed(found.action, w))]
    lines += ["  " + w("term.plain.then", move=typed(a, w)) for a in found.then]
    lines.append("  " + w("term.plain.why", why=hint_words(w, found.reasons)))
    return lines


def moves_text(world: Deal, actions: Sequence[Action], words: Words | None = None) -> list[str]:
    """The legal ``actions`` of ``world`` grouped by kind, one line each, with the engine's
    reasons for a pozzo it refuses and for cards it will not let go."""
    w = words or Words()
    by_kind: dict[type, list[Action]] = {kind: [] for kind in _MOVE_KINDS}
    for action in actions:
        by_kind[type(action)].append(action)
    lines: list[str] = []
    for kind, moves in by_kind.items():
        label = w(f"term.plain.kind.{_MOVE_KINDS[kind]}")
        if kind is TakePozzo and world.pozzo:
            label += f" ({format_card(world.pozzo[-1], pretty=True)})"
        if moves:
            lines.append(_moves_line(label, moves, w))
        elif kind is TakePozzo and world.phase == DRAW:
            refused = world.check(TakePozzo())
            if refused is not None:
                lines.append("  " + w("term.plain.notPozzo", why=refusal_words(w, refused)))
        if kind is Discard and world.phase != DRAW:
            lines.extend(_discard_refusals(world, moves, w))
            out = [a for a in actions if _goes_out(world, a)]
            if out:
                lines.append(_moves_line(w("term.plain.kind.goesOut"), out, w))
    return lines


def _discard_refusals(world: Deal, discards: Sequence[Action], words: Words) -> list[str]:
    """Why the cards held but not among the legal ``discards`` may not go, each reason
    once (a ban on the whole turn is the same for every card). The engine's English
    reasons are clauses, joined by semicolons; another language's are sentences."""
    allowed = {a.card for a in discards if isinstance(a, Discard)}
    reasons: list[str] = []
    for card in sorted(set(world.hand_cards(world.current)) - allowed):
        refused = world.check(Discard(card))
        if refused is not None and (why := refusal_words(words, refused)) not in reasons:
            reasons.append(why)
    if not reasons:
        return []
    joined = ("; " if words.lang == SOURCE_LANGUAGE else " ").join(reasons)
    return ["  " + words("term.plain.notDiscard", why=joined)]


_MOVE_KINDS: Mapping[type, str] = {
    # In the order the player thinks of them: first the draw, then what to lay down.
    DrawStock: "draw",
    TakePozzo: "pozzo",
    Open: "open",
    Meld: "meld",
    LayOff: "layoff",
    SwapJoker: "swap",
    Discard: "discard",
    TakeBack: "takeback",
}
"""Each kind of move and its label's message (``term.plain.kind.<name>``)."""


def _moves_line(label: str, actions: Sequence[Action], words: Words) -> str:
    """``  Lay-offs (3): layoff 8♠ 2 · …``: a kind, how many, the first few as typed."""
    limit = HINT_OPENINGS_SHOWN if isinstance(actions[0], Open) else HINT_SHOWN
    shown = " · ".join(typed(a, words) for a in actions[:limit])
    more = len(actions) - limit
    legal = words("term.plain.cmd.legal")
    tail = " · " + words("term.plain.more", n=more, legal=legal) if more > 0 else ""
    many = f" ({len(actions)})" if len(actions) > 1 else ""
    return f"  {label}{many}: {shown}{tail}"


def _goes_out(world: Deal, action: Action) -> bool:
    """Whether ``action`` ends the hand with the person out (not merely ends it, as when
    the stock runs out): played on a copy of the world, so the engine decides."""
    probe = world.clone()
    probe.apply(action)
    return probe.result is not None and probe.result.winner == world.current


def _plan(view: PlayerView, world: Deal, words: Words) -> str:
    """The best opening (and whether it reaches the threshold), or the melds the hand
    could lay and, before the draw, the cards that fit the table."""
    w = words
    rules = view.rules
    counts = counts_of(view.hand)
    before = " " + w("term.plain.beforeDraw") if view.phase == DRAW else ""
    if not view.opened[view.me]:
        best = best_opening(counts, rules)
        if best is None or not best.melds:
            return w("term.plain.noMeldYet", before=before)
        melds = " | ".join(format_meld(m, pretty=True) for m in best.melds)
        verdict = w("table.openingOk") if best.opens else w("term.plain.notEnough")
        return w(
            "term.plain.bestOpening",
            before=before,
            melds=melds,
            n=best.points,
            verdict=verdict,
            need=rules.opening_points,
        )
    out = []
    sol = solve(counts, rules, objective="penalty", leave=1)
    if sol is not None and sol.melds:
        melds = " | ".join(format_meld(m, pretty=True) for m in sol.melds)
        out.append(w("term.plain.couldLay", before=before, melds=melds))
    if view.phase == DRAW:
        out.extend(_fits(view, world, w))
    return "\n".join(out)


def _fits(view: PlayerView, world: Deal, w: Words) -> list[str]:
    """Before the draw: the cards held that fit the table, and those that could free a
    joker."""
    fits = world.fits()
    lay, swap = [], []
    for k in sorted(set(view.hand)):
        targets = [str(t) for t, how in fits.get(k, ()) if how != SWAP]
        card = format_card(k, pretty=True)
        if targets:
            lay.append(w("term.plain.fitsMeld", card=card, targets=", ".join(targets)))
        if any(how == SWAP for _, how in fits.get(k, ())):
            swap.append(card)
    lines = []
    if lay:
        lines.append(w("term.plain.fitsTable", cards=", ".join(lay)))
    if swap:
        lines.append(w("term.plain.freesJoker", cards=", ".join(swap)))
    return lines


def legal_text(view: PlayerView, rng: random.Random, words: Words | None = None) -> str:
    """Every legal action now, as typed text (long lists are cut short)."""
    w = words or Words()
    actions = legal_actions(resample(view, rng))
    lines = [typed(a, w) for a in actions[:LEGAL_SHOWN]]
    if len(actions) > LEGAL_SHOWN:
        lines.append(w("term.plain.legalMore", n=len(actions) - LEGAL_SHOWN))
    return w("term.plain.legalNow") + "\n  " + "\n  ".join(lines)


# The end of a hand and of the match ---------------------------------------------------------


def hand_summary(
    match: Match, record: HandRecord, names: Sequence[str], words: Words | None = None
) -> str:
    """Every hand revealed with what it pays, and the running score table."""
    w = words or Words()
    result = record.result
    rules = match.rules
    if result.winner is not None:
        how = " " + w("term.game.chiusura") if result.chiusura_in_mano else ""
        doubled = " " + w("term.game.doubled") if result.doubled else ""
        seat = record.seats[result.winner]
        head = _says(names, seat, "term.plain.goesOut", w, how=how, doubled=doubled)
    else:
        head = w("term.game.nobodyOut")
    lines = [w("term.plain.handOver", n=record.number, head=head)]
    width = max(len(names[s]) for s in record.seats)
    for p, seat in enumerate(record.seats):
        cards = result.hands[p]
        counted = cards_penalty(cards, rules)
        paid = result.penalties[p]
        worth = " " + w("term.game.worth", n=counted) if counted != paid else ""
        name = f"{names[seat]:<{width}}"
        hand = hand_text(cards, w)
        pays = w("term.plain.pays", name=name, n=f"{paid:>3}", worth=worth, hand=hand)
        lines.append("  " + pays)
    lines.append(score_table(match, names, w))
    for u in record.eliminated:
        lines.append(_says(names, u, "term.game.outOfMatch", w, match))
    for u, total in record.reentered.items():
        lines.append(_says(names, u, "term.game.reenters", w, match, n=total))
    if match.playoff is not None and not match.over:
        tied = ", ".join(team_name(match, u, names, w) for u in match.playoff)
        lines.append(w("score.result.tie", names=tied))
    return "\n".join(lines)


def score_table(match: Match, names: Sequence[str], words: Words | None = None) -> str:
    """What every seat paid hand by hand, and the running totals."""
    w = words or Words()
    seats = range(match.rules.players)
    widths = [max(5, len(names[s])) for s in seats]
    cells = " ".join(f"{names[s]:>{n}}" for s, n in zip(seats, widths, strict=True))
    rows = [f"  {w('term.game.scoreHand'):<4} {cells}"]
    for rec in match.history:
        paid = [
            f"{rec.penalties[s]:>{n}}" if s in rec.penalties else f"{'-':>{n}}"
            for s, n in zip(seats, widths, strict=True)
        ]
        rows.append(f"  {rec.number:>4} " + " ".join(paid))
    rows.append(w("term.game.totals", totals=score_line(match, names, w)))
    return "\n".join(rows)


def _winner_text(match: Match, names: Sequence[str], words: Words) -> str:
    winner = match.winner
    assert winner is not None
    if match.rules.partnerships:
        return words("term.game.win.team", name=team_name(match, winner, names, words))
    if winner == HUMAN:
        return words("term.game.win.you")
    return words("term.game.win.seat", name=names[winner])
