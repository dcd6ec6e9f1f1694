"""``scala40 arena``: bots against bots on duplicate deals, with honest statistics.

Why duplicate: in rummy the cards decide much of a single hand, so a few hundred hands
of free play barely separate two bots. Here every deal (a hand's deck, or a whole
match's seed) is replayed once per seating, the line-up rotated one seat each time, so
every bot gets every seat's cards and card luck cancels out. Each seat's bot draws its
random numbers from a generator seeded by the run seed, the deal and the *seat* (not
the bot), so two copies of the same bot replay each other's games exactly and
``--bots easy,easy`` splits the wins exactly in half: the format's own sanity check.

Why a paired edge as well as win rates: a bot's mean penalty per hand, taken deal by deal
and set against another bot's on the very same deals and seatings, cancels the card luck
both shared, so it separates two bots with far fewer hands (``pairs`` in ``--json``: edge
= a's mean minus b's, negative when a pays less, with its standard error over deals).

Why this shape: every game is a pure function of the settings, the deal and the
rotation, so games can be played in any number of worker processes and gathered back in
deal order; the results are the same for any ``--workers`` (only the measured speed,
``decisions_per_s``, depends on the machine, and bots thinking against the clock do).

``--random-rules`` plays each deal under its own table: every RULES.md §12 key that
changes play (and, for matches, how a match runs) is drawn at random from the run seed
and the deal (:func:`random_rules`), the same in every seating; keys the table changed
with ``--rules``/``--rule`` stay fixed. It is how the bots are shown never to attempt an
illegal move under any rules: ``--json`` lists how often each value was drawn
(``rule_draws``) and every illegal attempt with its deal's rules (``illegal_attempts``).

Bots see only their seat's :class:`~scala40.engine.views.PlayerView`. The arena is the
referee: an illegal attempt is counted (``illegal``) and replaced by a legal fallback so
a long run goes on, and a hand that never ends (reshuffles can make a hand last forever)
is abandoned at :data:`MAX_TURNS` turns and counted (``abandoned``), never hidden.

An entry ``cmd:COMMAND`` is an outside program playing over the bot protocol
(docs/bot-protocol.md, :class:`~scala40.bots.program.ProgramBot`). It sees only its
seat's view like any bot; each decision it fails (garbage, an illegal or unreadable
action, a timeout, a crash, too much output) is taken by a built-in bot, and the reasons
are counted per bot (``fallbacks``) and listed (``fallback_log``) in ``--json``.
"""

from __future__ import annotations

import inspect
import math
import random
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from multiprocessing import get_context
from typing import Any, Final

from scala40.bots import Bot, canonical_level, make_bot
from scala40.bots.base import PREFIX
from scala40.bots.program import ProgramBot
from scala40.engine.actions import Action, Discard, DrawStock, TakeBack
from scala40.engine.cards import pack_list
from scala40.engine.discard import legal_discards
from scala40.engine.errors import IllegalAction, RulesError
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView

HANDS: Final = "hands"
MATCHES: Final = "matches"

MAX_TURNS: Final = 1000
"""A hand still going after this many turns is abandoned: with reshuffles a hand may
legally never end, and one such hand must not stall a whole run."""

MAX_TURN_ACTIONS: Final = 200
"""A bot still acting after this many actions in one turn is not going to end it; the
arena ends the turn for it with fallback actions, each counted as illegal."""

MAX_LOGGED: Final = 20
"""Illegal attempts listed one by one in ``--json`` (all are counted)."""

MAX_MATCH_HANDS: Final = 500
"""A match still going after this many hands is abandoned (re-entries can prolong one)."""

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

ELO_PRIOR: Final = 0.5
"""Virtual wins each bot is given against each other bot in the rating fit: without
them a bot that never lost (or never won) would have an infinite rating."""


class ArenaError(ValueError):
    """Settings the arena cannot run (the command line reports them with exit status 2)."""


# Settings ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArenaConfig:
    """Everything that decides a run's results (``workers`` and the display aside)."""

    bots: tuple[str, ...]
    """Bot levels, one per line-up entry, as :func:`~scala40.bots.make_bot` takes them."""
    rules: Rules
    mode: str
    """:data:`HANDS` (single hands) or :data:`MATCHES` (whole matches under the rules)."""
    count: int
    """Deals: hands or matches, each played once per seating."""
    seed: int
    think_ms: float | None = None
    workers: int = 1
    random_rules: bool = False
    """Each deal under its own rule keys, drawn by :func:`random_rules` (seeded)."""
    verbose: bool = False
    """Keep what protocol programs say (``log`` messages, standard error) in each game's
    :attr:`GameOutcome.program_notes`, for their authors."""

    @property
    def players(self) -> int:
        return self.rules.players

    def rules_for(self, deal: int) -> Rules:
        """The rules deal ``deal`` is played under (the same in every seating)."""
        if not self.random_rules:
            return self.rules
        return random_rules(self.rules, self.seed, deal, matches=self.mode == MATCHES)

    @property
    def names(self) -> list[str]:
        return entry_names(self.bots)

    def lineup(self, rotation: int) -> tuple[int, ...]:
        """The entry index at each seat in ``rotation``: the bots listed in ``--bots``
        fill the seats in turn (repeating when there are more seats than bots), then
        everybody moves ``rotation`` seats along."""
        n = self.players
        return tuple(((s + rotation) % n) % len(self.bots) for s in range(n))


def split_bots(text: str) -> list[str]:
    """The entries of a ``--bots`` list: split at commas outside quotes.

    A program's command may hold commas when quoted; one level of quotes is removed
    here, and the command's own quoting (a second level) is read by :func:`shlex.split`
    when it is run. Empty entries are kept, for :func:`make_config` to refuse.

    >>> split_bots('club,cmd:"python bot.py --depth=1,2"')
    ['club', 'cmd:python bot.py --depth=1,2']
    >>> split_bots("easy,cmd:'node bot.js'")
    ['easy', 'cmd:node bot.js']
    """
    entries: list[str] = []
    current: list[str] = []
    quote: str | None = None
    for char in text:
        if quote is not None:
            if char == quote:
                quote = None
            else:
                current.append(char)
        elif char in "'\"":
            quote = char
        elif char == ",":
            entries.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    if quote is not None:
        raise ArenaError(f"--bots has a quote {quote} that is never closed: {text}")
    entries.append("".join(current).strip())
    return entries


def line_up_entry(level: str) -> str:
    """A line-up entry as stored: a level by its canonical name (an old name such as
    ``heuristic`` is ``club``), a program's command as written."""
    level = level.strip()
    if level[: len(PREFIX)].lower() == PREFIX:
        return PREFIX + level[len(PREFIX) :].strip()
    try:
        return canonical_level(level)
    except ValueError:
        return level.lower()  # refused with the levels' names below


def entry_names(levels: Sequence[str]) -> list[str]:
    """Result names: the level, with ``#1``, ``#2`` ... when a level is listed twice."""
    out = []
    for i, level in enumerate(levels):
        same = [j for j, other in enumerate(levels) if other == level]
        out.append(f"{level}#{same.index(i) + 1}" if len(same) > 1 else level)
    return out


def make_config(
    bots: Sequence[str],
    rules: Rules,
    *,
    hands: int | None = None,
    matches: int | None = None,
    seed: int = 1,
    think_ms: float | None = None,
    workers: int = 1,
    random_rules: bool = False,
    verbose: bool = False,
) -> ArenaConfig:
    """Checked settings, or :class:`ArenaError` saying what is wrong with them."""
    levels = tuple(line_up_entry(b) for b in bots)
    if any(not b for b in levels):
        raise ArenaError("--bots takes bot levels separated by commas, e.g. easy,beginner")
    if len(levels) < 2:
        raise ArenaError("--bots needs at least two bots to compare, e.g. easy,beginner")
    for level in levels:
        try:
            make_bot(level)
        except ValueError as err:
            raise ArenaError(str(err)) from None
    if len(levels) > rules.players:
        raise ArenaError(f"{len(levels)} bots do not fit at a table of {rules.players} players")
    if rules.partnerships:
        raise ArenaError("the arena compares bots seat by seat: partnerships are not supported")
    if (hands is None) == (matches is None):
        raise ArenaError("give either --hands H or --matches M (one of them, not both)")
    count = hands if hands is not None else matches
    assert count is not None
    if count < 1:
        raise ArenaError(f"--{HANDS if hands is not None else MATCHES} must be 1 or more")
    if workers < 1:
        raise ArenaError("--workers must be 1 or more")
    if think_ms is not None and not think_ms > 0:
        raise ArenaError("--think-ms must be more than 0")
    mode = HANDS if hands is not None else MATCHES
    return ArenaConfig(levels, rules, mode, count, seed, think_ms, workers, random_rules, verbose)


# Random rules -------------------------------------------------------------------------------

PLAY_KEYS: Final[dict[str, tuple[Any, ...]]] = {
    "jokers": (None, 0, 2, 3, 6),
    "decks": (2, 3),
    "no_joker_first_discard": (False, True),
    "first_pozzo_free": (False, True),
    "face_values": ("standard", "high"),
    "lone_ace_counts_one": (False, True),
    "jokers_per_meld": (1, 2, "any"),
    "min_naturals": (1, 2, 3),
    "two_natural_aces_in_run": (False, True),
    "max_run_length_5": (False, True),
    "complete_set_to_stock": (False, True),
    "fit_discard_ban": ("fisca", "unopened_only", "always", "never"),
    "opening_points": (0, 25, 40, 51, 60, 80),
    "open_from_pozzo": ("no", "opening", "any_use", "keep"),
    "keep_pozzo_card": (False, True),
    "open_without_jokers": ("no", "fisca", "strict"),
    "keep_swapped_joker": (False, True),
    "go_out_without_discard": (False, True, "double"),
    "stock_out": ("reshuffle", "end_hand"),
    "reshuffle_limit": (0, 1, 3, None),
    "unopened_penalty": ("count", "flat100", "double"),
    "chiusura_in_mano_double": (False, True),
}
"""The RULES.md §12 keys that change how a hand is played, each with values to draw from
(every listed value for the keys with a few; common table values for the numbers)."""

MATCH_KEYS: Final[dict[str, tuple[Any, ...]]] = {
    "elimination": (101, 151, 201),
    "reentry": (False, True),
    "reentry_limit": (1, 2, "any"),
}
"""Keys that change how a match runs, drawn besides :data:`PLAY_KEYS` under ``--matches``."""

MATCH_ENDS: Final[tuple[dict[str, Any], ...]] = (
    {},
    {"single_hand": True},
    {"target_total": 301},
    {"fixed_hands": 3},
)
"""How a drawn match ends: elimination (the default), one hand, a target, fixed hands."""


def json_text(value: Any) -> str:
    """A rule value as JSON writes it (``None`` -> ``"null"``, ``True`` -> ``"true"``)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def random_rules(base: Rules, seed: int, deal: int, *, matches: bool = False) -> Rules:
    """The rules of deal ``deal`` under ``--random-rules``: every play key (and, for
    matches, every match key) drawn at random, seeded by the run seed and the deal.

    Keys the table changed from the FISCA defaults (``--rules``/``--rule``) stay as
    given, and so do the players and the partnerships. A draw the rules refuse (a pack
    too small for the table) is drawn again.
    """
    pinned = base.changes()
    rng = random.Random(f"arena:{seed}:rules:{deal}")
    pools = {**PLAY_KEYS, **(MATCH_KEYS if matches else {})}
    for _ in range(100):
        changes: dict[str, Any] = {k: rng.choice(v) for k, v in pools.items() if k not in pinned}
        if matches and not any(k in pinned for k in ("single_hand", "target_total", "fixed_hands")):
            changes.update(rng.choice(MATCH_ENDS))
        changes.update(pinned)
        try:
            return Rules.build(None, changes)
        except RulesError:
            continue
    raise ArenaError(f"no valid random rules drawn around {pinned}")  # pragma: no cover


# Playing ------------------------------------------------------------------------------------


@dataclass(slots=True)
class GameOutcome:
    """One game (a deal played in one seating), per seat of the table."""

    deal: int
    rotation: int
    lineup: tuple[int, ...]
    deal_key: str
    """A fingerprint of what was dealt: equal for every seating of the same deal."""
    abandoned: bool = False
    winners: tuple[int, ...] = ()
    """The winning seat; several when a stock-out leaves a tie for the lowest penalty."""
    hands: list[int] = field(default_factory=list)
    """Hands each seat finished (the abandoned one not counted)."""
    penalty: list[int] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)
    open_turns: list[int] = field(default_factory=list)
    """Sum over opened hands of the seat's own turn number at the opening (1 = first)."""
    went_out: list[int] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    times: list[list[float]] = field(default_factory=list)
    """Per seat, how long each decision took, in seconds (for the percentiles)."""
    illegal: list[int] = field(default_factory=list)
    illegal_log: list[tuple[int, str]] = field(default_factory=list)
    """What each illegal attempt was (seat, action, the referee's reason), for a report."""
    fallbacks: list[dict[str, int]] = field(default_factory=list)
    """Per seat, a protocol bot's incidents by reason (empty for built-in bots)."""
    fallback_decisions: list[int] = field(default_factory=list)
    """Per seat, decisions a built-in bot took for a protocol bot."""
    fallback_log: list[tuple[int, str, str]] = field(default_factory=list)
    """Each protocol incident: (seat, reason, what happened)."""
    program_names: dict[int, str] = field(default_factory=dict)
    """Per seat played by a protocol program, the name it gave in ``ready``."""
    program_notes: list[tuple[int, str]] = field(default_factory=list)
    """With ``verbose``: each line a program said (seat, ``log: …`` or ``stderr: …``)."""

    @classmethod
    def start(cls, deal: int, rotation: int, lineup: tuple[int, ...], key: str) -> GameOutcome:
        n = len(lineup)
        return cls(
            deal,
            rotation,
            lineup,
            key,
            hands=[0] * n,
            penalty=[0] * n,
            opened=[0] * n,
            open_turns=[0] * n,
            went_out=[0] * n,
            decisions=[0] * n,
            seconds=[0.0] * n,
            times=[[] for _ in range(n)],
            illegal=[0] * n,
            fallbacks=[{} for _ in range(n)],
            fallback_decisions=[0] * n,
        )


def build_bot(level: str, think_ms: float | None) -> Bot:
    """A fresh bot of ``level``, given the time budget if it takes one.

    The budget goes through ``make_bot(level, think_ms=...)`` when the factory accepts
    that keyword, else onto the bot's own ``think_ms`` attribute when it has one; bots
    without a budget ignore it. Fresh bots per game keep games independent of each other
    (and so of how they are spread over worker processes).
    """
    if think_ms is None:
        return make_bot(level)
    params = inspect.signature(make_bot).parameters.values()
    if any(p.name == "think_ms" or p.kind is p.VAR_KEYWORD for p in params):
        factory: Callable[..., Bot] = make_bot
        return factory(level, think_ms=think_ms)
    bot = make_bot(level)
    if hasattr(bot, "think_ms"):
        bot.think_ms = think_ms
    return bot


def deal_of(rules: Rules, seed: int, deal: int) -> tuple[list[int], int]:
    """The deck (top card last) and reshuffle seed of single-hand deal ``deal``."""
    rng = random.Random(f"arena:{seed}:hand:{deal}")
    deck = pack_list(rules.decks, rules.joker_count)
    rng.shuffle(deck)
    return deck, rng.getrandbits(63)


def match_seed_of(seed: int, deal: int) -> int:
    """The seed of match ``deal``: every seating of it gets the same decks hand by hand."""
    return random.Random(f"arena:{seed}:match:{deal}").getrandbits(63)


def _seat_rngs(config: ArenaConfig, deal: int) -> list[random.Random]:
    # Seeded by seat, not by bot: identical bots in a rotated seating replay each other.
    return [
        random.Random(f"arena:{config.seed}:{config.mode}:{deal}:seat:{s}")
        for s in range(config.players)
    ]


def fallback_action(deal: Deal, rng: random.Random) -> Action:
    """A legal action that moves the game on: draw from the stock, else discard, else
    any legal action but a take-back (which would undo the turn's progress)."""
    if deal.phase == DRAW:
        return DrawStock()
    discards = legal_discards(deal)
    if discards:
        return Discard(rng.choice(discards))
    actions = legal_actions(deal)
    pool = [a for a in actions if not isinstance(a, TakeBack)] or actions
    return rng.choice(pool)


def _drive_hand(
    deal: Deal,
    apply: Callable[[Action], None],
    view: Callable[[int], PlayerView],
    bots: Sequence[Bot],
    rngs: Sequence[random.Random],
    out: GameOutcome,
) -> bool:
    """Play ``deal`` to its end through ``apply``; ``False`` if abandoned at the cap."""
    acts = 0
    turn = deal.turns_done
    while not deal.over:
        if deal.turns_done >= MAX_TURNS:
            return False
        p = deal.current
        seat = deal.seats[p]
        was_open = deal.opened[p]
        own_turn = deal.turns_done // deal.n + 1
        acts = acts + 1 if deal.turns_done == turn else 1
        turn = deal.turns_done
        if acts > MAX_TURN_ACTIONS:
            out.illegal[seat] += 1
            out.illegal_log.append((seat, f"no end to the turn after {acts - 1} actions"))
            apply(fallback_action(deal, rngs[seat]))
        else:
            bot = bots[seat]
            starting = bot.start_seconds if isinstance(bot, ProgramBot) else 0.0
            start = time.perf_counter()
            action = bot.choose(view(seat), rngs[seat])
            took = time.perf_counter() - start
            if isinstance(bot, ProgramBot):  # a program's start is not its thinking
                took -= bot.start_seconds - starting
            out.seconds[seat] += took
            out.times[seat].append(took)
            out.decisions[seat] += 1
            try:
                apply(action)
            except IllegalAction as err:
                out.illegal[seat] += 1
                out.illegal_log.append((seat, f"{action!r} refused: {err.reason}"))
                apply(fallback_action(deal, rngs[seat]))
        if not was_open and deal.opened[p]:
            out.opened[seat] += 1
            out.open_turns[seat] += own_turn
    result = deal.result
    assert result is not None
    for q, s in enumerate(deal.seats):
        out.hands[s] += 1
        out.penalty[s] += result.penalties[q]
        out.went_out[s] += result.winner == q
    return True


def play_game(config: ArenaConfig, deal: int, rotation: int) -> GameOutcome:
    """Play deal ``deal`` with the line-up rotated ``rotation`` seats.

    Protocol bots' programs are ended when the game ends, however it ends, and what
    they did wrong is copied into the outcome.
    """
    lineup = config.lineup(rotation)
    bots = [build_bot(config.bots[e], config.think_ms) for e in lineup]
    programs = {s: b for s, b in enumerate(bots) if isinstance(b, ProgramBot)}
    for bot in programs.values():
        bot.keep_notes = config.verbose
    try:
        out = _play_game(config, deal, rotation, lineup, bots, programs)
    finally:
        for bot in programs.values():
            bot.close()
    for seat, bot in programs.items():
        out.fallbacks[seat] = bot.fallback_reasons()
        out.fallback_decisions[seat] = bot.fallback_decisions
        out.fallback_log += [(seat, i.reason.value, i.detail) for i in bot.incidents]
        out.program_notes += [(seat, line) for line in bot.notes]
        if bot.program_name is not None:
            out.program_names[seat] = bot.program_name
    return out


def _play_game(
    config: ArenaConfig,
    deal: int,
    rotation: int,
    lineup: tuple[int, ...],
    bots: Sequence[Bot],
    programs: dict[int, ProgramBot],
) -> GameOutcome:
    rngs = _seat_rngs(config, deal)
    rules = config.rules_for(deal)
    if config.mode == HANDS:
        deck, shuffle_seed = deal_of(rules, config.seed, deal)
        key = f"{zlib.crc32(bytes(deck)):08x}:{shuffle_seed:x}"
        out = GameOutcome.start(deal, rotation, lineup, key)
        hand = Deal.deal(rules, deck, None, shuffle_seed)
        if not _drive_hand(hand, hand.apply, lambda s: PlayerView.of(hand, s), bots, rngs, out):
            out.abandoned = True
            return out
        result = hand.result
        assert result is not None
        if result.winner is not None:
            out.winners = (hand.seats[result.winner],)
        else:
            low = min(result.penalties)
            out.winners = tuple(s for q, s in enumerate(hand.seats) if result.penalties[q] == low)
        paid = {s: result.penalties[q] for q, s in enumerate(hand.seats)}
        winner = None if result.winner is None else hand.seats[result.winner]
        for bot in programs.values():
            bot.hand_over(1, winner, paid, paid)
            bot.match_over(out.winners, paid)
        return out
    match_seed = match_seed_of(config.seed, deal)
    out = GameOutcome.start(deal, rotation, lineup, f"{match_seed:x}")
    match = Match(rules, seed=match_seed, first_dealer=0)
    while not match.over:
        hand = match.deal
        if match.hand_number > MAX_MATCH_HANDS or not _drive_hand(
            hand, match.apply, partial(PlayerView.of_match, match), bots, rngs, out
        ):
            out.abandoned = True
            return out
        record = match.history[-1]
        result = record.result
        winner = None if result.winner is None else hand.seats[result.winner]
        for bot in programs.values():
            bot.hand_over(record.number, winner, record.penalties, record.totals)
    assert match.winner is not None
    out.winners = (match.winner,)
    totals = {s: match.totals[rules.unit_of(s)] for s in range(rules.players)}
    for bot in programs.values():
        bot.match_over(out.winners, totals)
    return out


def play_deal(config: ArenaConfig, deal: int) -> list[GameOutcome]:
    """Every seating of one deal (the unit of work sent to a worker process)."""
    return [play_game(config, deal, r) for r in range(config.players)]


def _play_task(task: tuple[ArenaConfig, int]) -> list[GameOutcome]:
    return play_deal(*task)


# Statistics ---------------------------------------------------------------------------------


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: unlike the normal approximation it stays
    inside [0, 1] and is honest near 0% and 100%, where a clear ladder's rates sit."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(beats: Sequence[Sequence[float]], prior: float = ELO_PRIOR) -> list[float]:
    """Elo-scale ratings, mean 1500, from ``beats[i][j]`` = times ``i`` beat ``j``.

    The Bradley-Terry model's maximum-likelihood strengths (Hunter's MM iteration) put on
    the Elo scale (400 points = 10:1 odds). Unlike iterative Elo the fit does not depend
    on the order games were played in. ``prior`` virtual wins for each side of every
    pair keep ratings finite when a bot never lost.
    """
    k = len(beats)
    w = [[beats[i][j] + prior if i != j else 0.0 for j in range(k)] for i in range(k)]
    wins = [sum(row) for row in w]
    p = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            denom = sum((w[i][j] + w[j][i]) / (p[i] + p[j]) for j in range(k) if j != i)
            new.append(wins[i] / denom if denom > 0 else p[i])
        logs = [math.log(x) for x in new]
        mean = sum(logs) / k
        new = [math.exp(x - mean) for x in logs]
        done = max(abs(a - b) for a, b in zip(new, p, strict=True)) < 1e-12
        p = new
        if done:
            break
    ratings = [400 * math.log10(x) for x in p]
    shift = 1500 - sum(ratings) / k
    return [r + shift for r in ratings]


@dataclass(slots=True)
class BotResult:
    """One line-up entry's results over the whole run (all its seats together)."""

    bot: str
    level: str
    seats: int
    name: str = ""
    """What the report shows it as: the entry, or a program's ``ready`` name."""
    games: int = 0
    wins: float = 0.0
    hands: int = 0
    penalty: int = 0
    opened: int = 0
    open_turns: int = 0
    went_out: int = 0
    decisions: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    """How long each decision took, in seconds."""
    illegal: int = 0
    abandoned: int = 0
    elo: float = 1500.0
    fallbacks: dict[str, int] = field(default_factory=dict)
    """A protocol bot's incidents by reason (see :class:`~scala40.bots.program.Reason`)."""
    fallback_decisions: int = 0

    def decision_ms(self) -> dict[str, float]:
        """The median, 95th percentile and longest decision, in milliseconds."""
        if not self.times:
            return {"p50": 0.0, "p95": 0.0, "max": 0.0}
        ordered = sorted(self.times)
        last = len(ordered) - 1

        def at(q: float) -> float:
            return round(ordered[min(last, math.ceil(q * len(ordered)) - 1)] * 1000.0, 3)

        return {"p50": at(0.5), "p95": at(0.95), "max": round(ordered[-1] * 1000.0, 3)}

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def as_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "bot": self.bot,
            "name": self.name or self.bot,
            "win_rate": round(self.win_rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
            "mean_penalty": round(self.penalty / self.hands, 2) if self.hands else 0.0,
            "elo": round(self.elo, 1),
            "level": self.level,
            "seats": self.seats,
            "games": self.games,
            "wins": round(self.wins, 4),
            "hands": self.hands,
            "mean_open_turn": round(self.open_turns / self.opened, 2) if self.opened else None,
            "open_rate": round(self.opened / self.hands, 4) if self.hands else 0.0,
            "go_out_rate": round(self.went_out / self.hands, 4) if self.hands else 0.0,
            "decisions": self.decisions,
            "decisions_per_s": round(self.decisions / self.seconds, 1) if self.seconds else 0.0,
            "decision_ms": self.decision_ms(),
            "illegal": self.illegal,
            "abandoned": self.abandoned,
            "fallbacks": dict(sorted(self.fallbacks.items())),
            "fallback_decisions": self.fallback_decisions,
        }


@dataclass(slots=True)
class ArenaReport:
    """A finished run: the settings, each bot's results and every game in deal order."""

    config: ArenaConfig
    results: list[BotResult]
    outcomes: list[GameOutcome]
    seconds: float

    @property
    def names(self) -> list[str]:
        """Each entry as shown: a program by its ``ready`` name (:func:`shown_names`)."""
        return shown_names(self.config.bots, self.outcomes)

    @property
    def games(self) -> int:
        return sum(not o.abandoned for o in self.outcomes)

    @property
    def abandoned(self) -> int:
        return sum(o.abandoned for o in self.outcomes)

    def as_json(self) -> dict[str, Any]:
        c = self.config
        return {
            "bots": list(c.bots),
            "players": c.players,
            "hands": c.count if c.mode == HANDS else None,
            "matches": c.count if c.mode == MATCHES else None,
            "seed": c.seed,
            "rules": c.rules.changes(),
            "think_ms": c.think_ms,
            "workers": c.workers,
            "mode": c.mode,
            "games": self.games,
            "abandoned": self.abandoned,
            "max_turns": MAX_TURNS,
            "random_rules": c.random_rules,
            "rule_draws": self.rule_draws() if c.random_rules else None,
            "illegal_attempts": self.illegal_attempts()[:MAX_LOGGED],
            "fallback_log": self.fallback_log()[:MAX_LOGGED],
            "results": [r.as_json() for r in self.results],
            "pairs": [p.as_json() for p in self.pairs()],
        }

    def pairs(self) -> list[PairEdge]:
        """The paired per-hand edge of every pair of bots (see :class:`PairEdge`)."""
        return pair_edges(self.config.names, self.outcomes)

    def rule_draws(self) -> dict[str, dict[str, int]]:
        """Under random rules: for each key, how many deals were played with each value."""
        c = self.config
        draws: dict[str, dict[str, int]] = {}
        for deal in range(c.count):
            rules = c.rules_for(deal)
            for key in (*PLAY_KEYS, *(MATCH_KEYS if c.mode == MATCHES else ())):
                value = json_text(getattr(rules, key))
                draws.setdefault(key, {}).setdefault(value, 0)
                draws[key][value] += 1
            if c.mode == MATCHES:
                ends = ("single_hand", "target_total", "fixed_hands")
                end = next((k for k in ends if getattr(rules, k)), "elimination")
                draws.setdefault("match_end", {}).setdefault(end, 0)
                draws["match_end"][end] += 1
        return draws

    def illegal_attempts(self) -> list[dict[str, Any]]:
        """Every illegal attempt: the deal, the bot, what it tried and the deal's rules."""
        c = self.config
        names = c.names
        return [
            {
                "deal": o.deal,
                "rotation": o.rotation,
                "bot": names[o.lineup[seat]],
                "what": what,
                "rules": c.rules_for(o.deal).changes(),
            }
            for o in self.outcomes
            for seat, what in o.illegal_log
        ]

    def fallback_log(self) -> list[dict[str, Any]]:
        """Every protocol bot incident: the deal, the bot, the reason and what happened."""
        names = self.config.names
        return [
            {
                "deal": o.deal,
                "rotation": o.rotation,
                "bot": names[o.lineup[seat]],
                "reason": reason,
                "detail": detail,
            }
            for o in self.outcomes
            for seat, reason, detail in o.fallback_log
        ]

    def cumulative(self) -> list[list[float]]:
        """Each bot's win rate after each completed game, in deal order (for the plot)."""
        k = len(self.results)
        wins = [0.0] * k
        series: list[list[float]] = [[] for _ in range(k)]
        played = 0
        for o in self.outcomes:
            if o.abandoned:
                continue
            played += 1
            for e, share in _shares(o).items():
                wins[e] += share
            for e in range(k):
                series[e].append(wins[e] / played)
        return series


@dataclass(frozen=True, slots=True)
class PairEdge:
    """How much less one bot pays per hand than another over the very same deals.

    Per deal (all its seatings together, so both bots held every seat's cards), each bot's
    mean penalty per hand; ``edge`` is the mean over deals of a's minus b's (negative: a is
    better) and ``se`` its standard error across deals. Pairing by deal removes the card
    luck both bots shared, which is why it separates bots with far fewer hands than win
    rates do.
    """

    a: str
    b: str
    edge: float
    se: float
    deals: int

    def as_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "edge": round(self.edge, 3),
            "se": None if math.isnan(self.se) else round(self.se, 3),
            "deals": self.deals,
        }


def shown_names(entries: Sequence[str], outcomes: Sequence[GameOutcome]) -> list[str]:
    """How each line-up entry is shown: a protocol program by the name it gave in
    ``ready`` (its author's name for it, not the command that runs it; the first one it
    gave), anything else by its entry; ``#1``, ``#2`` ... where two would look alike."""
    said: dict[int, str] = {}
    for o in outcomes:
        for seat, name in sorted(o.program_names.items()):
            said.setdefault(o.lineup[seat], name)
    return entry_names([said.get(e, entry) for e, entry in enumerate(entries)])


def pair_edges(names: Sequence[str], outcomes: Sequence[GameOutcome]) -> list[PairEdge]:
    """:class:`PairEdge` for every pair of line-up entries (a before b in the line-up).

    A deal with an abandoned seating is left out: there the two bots did not play the same
    hands. A pair needs at least two deals for a standard error (``se`` is ``nan`` below).
    """
    by_deal: dict[int, list[GameOutcome]] = {}
    for o in outcomes:
        by_deal.setdefault(o.deal, []).append(o)
    k = len(names)
    per_deal: list[list[float | None]] = []
    for games in by_deal.values():
        if any(o.abandoned for o in games):
            continue
        penalty = [0] * k
        hands = [0] * k
        for o in games:
            for seat, entry in enumerate(o.lineup):
                penalty[entry] += o.penalty[seat]
                hands[entry] += o.hands[seat]
        per_deal.append([penalty[e] / hands[e] if hands[e] else None for e in range(k)])
    edges = []
    for a in range(k):
        for b in range(a + 1, k):
            diffs = [
                ma - mb
                for row in per_deal
                if (ma := row[a]) is not None and (mb := row[b]) is not None
            ]
            n = len(diffs)
            mean = sum(diffs) / n if n else 0.0
            if n >= 2:
                var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
                se = math.sqrt(var / n)
            else:
                se = math.nan
            edges.append(PairEdge(names[a], names[b], mean, se, n))
    return edges


def _shares(o: GameOutcome) -> dict[int, float]:
    """Each entry's share of a game's win (a tie for the lowest penalty splits it)."""
    shares: dict[int, float] = {}
    for s in o.winners:
        shares[o.lineup[s]] = shares.get(o.lineup[s], 0.0) + 1 / len(o.winners)
    return shares


def summarize(config: ArenaConfig, outcomes: Sequence[GameOutcome], seconds: float) -> ArenaReport:
    """Per-bot results from the games (which must be in deal order, for the plot)."""
    names = config.names
    k = len(names)
    shown = shown_names(config.bots, outcomes)
    results = [
        BotResult(name, level, config.lineup(0).count(e), shown[e])
        for e, (name, level) in enumerate(zip(names, config.bots, strict=True))
    ]
    beats = [[0.0] * k for _ in range(k)]
    for o in outcomes:
        present = sorted(set(o.lineup))
        for s, e in enumerate(o.lineup):
            r = results[e]
            r.hands += o.hands[s]
            r.penalty += o.penalty[s]
            r.opened += o.opened[s]
            r.open_turns += o.open_turns[s]
            r.went_out += o.went_out[s]
            r.decisions += o.decisions[s]
            r.seconds += o.seconds[s]
            r.times += o.times[s]
            r.illegal += o.illegal[s]
            r.fallback_decisions += o.fallback_decisions[s]
            for reason, n in o.fallbacks[s].items():
                r.fallbacks[reason] = r.fallbacks.get(reason, 0) + n
        if o.abandoned:
            for e in present:
                results[e].abandoned += 1
            continue
        shares = _shares(o)
        for e in present:
            results[e].games += 1
            results[e].wins += shares.get(e, 0.0)
        # The winner beats every other bot at the table: the comparison the win rate makes.
        for e, share in shares.items():
            for other in present:
                if other != e:
                    beats[e][other] += share
    for r, elo in zip(results, bradley_terry(beats), strict=True):
        r.elo = elo
    return ArenaReport(config, results, list(outcomes), seconds)


# Running ------------------------------------------------------------------------------------


def run(config: ArenaConfig, progress: Callable[[int], None] | None = None) -> ArenaReport:
    """Play every seating of every deal and gather the results.

    ``progress(n)`` is called as each deal's ``n`` games finish. With ``workers`` above 1
    deals go to a pool of processes (started fresh, not forked, which is safe whatever
    threads the caller runs); results come back in deal order whatever finishes first.
    """
    start = time.perf_counter()
    by_deal: dict[int, list[GameOutcome]] = {}
    if config.workers == 1:
        for deal in range(config.count):
            by_deal[deal] = play_deal(config, deal)
            if progress is not None:
                progress(len(by_deal[deal]))
    else:
        with ProcessPoolExecutor(config.workers, mp_context=get_context("spawn")) as pool:
            futures = {pool.submit(_play_task, (config, d)): d for d in range(config.count)}
            for future in as_completed(futures):
                by_deal[futures[future]] = future.result()
                if progress is not None:
                    progress(len(by_deal[futures[future]]))
    outcomes = [o for deal in range(config.count) for o in by_deal[deal]]
    return summarize(config, outcomes, time.perf_counter() - start)


@contextmanager
def progress_bar(total: int, label: str, *, shown: bool = True) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error (rich) when it is a terminal, else nothing shown.

    Standard output stays clean for the table or the JSON object; ``shown=False`` (as
    with ``--json``) keeps standard error quiet too, for programs that run the arena.
    """
    if not shown or not sys.stderr.isatty():
        yield lambda n: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda n: bar.advance(task, n)


# Showing ------------------------------------------------------------------------------------


def format_report(report: ArenaReport) -> str:
    """The results table, strongest first by rating, with the settings above it."""
    c = report.config
    rules = c.rules.changes()
    rules.pop("players", None)
    rule_text = ", ".join(f"{k}={v}" for k, v in rules.items()) or "FISCA defaults"
    if c.random_rules:
        fixed = f" (fixed: {rule_text})" if rules else ""
        rule_text = f"drawn at random for each deal from every key that changes play{fixed}"
    unit = "hand" if c.mode == HANDS else "match"
    lines = [
        f"Arena: {' vs '.join(report.names)}, {c.players} players, "
        f"{c.count} {c.mode if c.count != 1 else unit} x {c.players} seatings"
        f" = {len(report.outcomes)} games, seed {c.seed}"
        + (f", think {c.think_ms:g} ms" if c.think_ms is not None else ""),
        f"Rules: {rule_text}",
        "",
    ]
    head = (
        f"{'bot':<12} {'games':>6} {'win rate':>8}  {'95% CI':<15} {'penalty':>7} "
        f"{'opens@':>6} {'out':>5} {'Elo':>6} {'dec/s':>8} {'p95 ms':>7} {'illegal':>7} "
        f"{'abandon':>7}"
    )
    lines += [head, "-" * len(head)]
    for r in sorted(report.results, key=lambda r: -r.elo):
        j = r.as_json()
        low, high = j["ci95"]
        opens = "-" if j["mean_open_turn"] is None else f"{j['mean_open_turn']:.1f}"
        lines.append(
            f"{r.name:<12} {r.games:>6} {j['win_rate']:>8.1%}  "
            f"{f'[{low:.1%}, {high:.1%}]':<15} {j['mean_penalty']:>7.1f} "
            f"{opens:>6} {j['go_out_rate']:>5.0%} {j['elo']:>6.0f} "
            f"{j['decisions_per_s']:>8.0f} {j['decision_ms']['p95']:>7.1f} {r.illegal:>7} "
            f"{r.abandoned:>7}"
        )
    pairs = pair_edges(report.names, report.outcomes)
    if pairs:
        lines += ["", "Paired edge per hand over the same deals (a - b; negative: a pays less):"]
        for p in pairs:
            se = "n/a" if math.isnan(p.se) else f"{p.se:.2f}"
            verdict = _edge_verdict(p)
            lines.append(
                f"  {p.a} vs {p.b}: {p.edge:+.2f} ± {se} points a hand"
                f" over {p.deals} deals{verdict}"
            )
    lines += [
        "",
        f"win rate: games won (a game is a {unit} in one seating); penalty: mean per hand;",
        "opens@: mean own turn of opening; out: hands gone out; Elo: Bradley-Terry, mean 1500;",
        "dec/s: decisions a second; p95 ms: 95 in 100 decisions took at most this long.",
    ]
    if any(r.seats > 1 for r in report.results):
        shares = ", ".join(f"{r.name} {r.seats}/{c.players}" for r in report.results)
        lines.append(f"Seats per bot (an equal bot's expected win rate): {shares}.")
    if report.abandoned:
        lines.append(
            f"{report.abandoned} game(s) abandoned: a hand passed {MAX_TURNS} turns"
            + (f" or a match {MAX_MATCH_HANDS} hands" if c.mode == MATCHES else "")
            + "; they count in no win rate."
        )
    illegal = sum(r.illegal for r in report.results)
    if illegal:
        lines.append(f"{illegal} illegal action(s) replaced by a legal fallback, first:")
        for a in report.illegal_attempts()[:5]:
            lines.append(f"  deal {a['deal']}, {a['bot']}: {a['what']}")
    for r in report.results:
        if r.fallbacks:
            reasons = ", ".join(f"{k} {n}" for k, n in sorted(r.fallbacks.items()))
            lines.append(
                f"{r.name}: {r.fallback_decisions} decision(s) taken by a built-in bot ({reasons})."
            )
    lines.append(f"Played in {report.seconds:.1f} s with {c.workers} worker(s).")
    return "\n".join(lines)


def program_notes(report: ArenaReport) -> list[str]:
    """What the programs said (``--verbose``), one line each, in deal and seating order:
    ``deal 1, seating 2, seat 1 (mybot): log: …`` (a program by its ``ready`` name)."""
    names = report.names
    return [
        f"deal {o.deal + 1}, seating {o.rotation + 1}, seat {seat} ({names[o.lineup[seat]]}): "
        + line
        for o in report.outcomes
        for seat, line in o.program_notes
    ]


def edge_is_clear(edge: float, se: float) -> bool:
    """Whether a penalty edge is beyond two standard errors (about 95%): a difference the
    deals show, not luck. Without a standard error (one deal) nothing is clear."""
    return not math.isnan(se) and abs(edge) > 2 * se


def _edge_verdict(p: PairEdge) -> str:
    """Which bot the edge favours, when it is beyond two standard errors."""
    if not edge_is_clear(p.edge, p.se):
        return " (no clear difference)"
    better = p.a if p.edge < 0 else p.b
    return f" ({better} better)"


def plot_available() -> bool:
    """Whether ``--plot`` can work (matplotlib is an optional extra: ``scala40[plot]``)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def write_plot(report: ArenaReport, path: str) -> None:
    """A PNG of each bot's cumulative win rate over the games, an equal bot's share of
    the wins dashed: where the lines settle, and whether they have, at a glance."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    series = report.cumulative()
    c = report.config
    for share in sorted({r.seats for r in report.results}):
        ax.axhline(share / c.players, color="grey", ls="--", lw=0.8)
    for r, ys in zip(report.results, series, strict=True):
        ax.plot(range(1, len(ys) + 1), ys, label=f"{r.name} (Elo {r.elo:.0f})")
    ax.set_xlabel(f"games ({c.mode}, every seating, in deal order)")
    ax.set_ylabel("cumulative win rate")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(f"scala40 arena, {c.players} players, seed {c.seed}")
    ax.legend(loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, format="png")
    plt.close(fig)
