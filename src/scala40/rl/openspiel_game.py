"""Scala 40 as an OpenSpiel Python game: ``pyspiel.load_game("python_scala40", {...})``.

One game is one hand. Chance is explicit: the deal is ``13 * players + 1`` chance nodes
(each card of each hand, then the card turned up on the pozzo), and every draw from the
stock is a chance node over the cards not yet seen there, each kind weighted by its copies.
Player moves are the ids of :mod:`scala40.rl.encoding`, with the same masks and opening
build as the PettingZoo environment.

Parameters: ``players`` (2..6, default 2), ``rules`` (``"key=value,key=value"`` in the
``--rule`` syntax; ``"preset=house"`` picks a preset) and ``max_moves`` (default 1000:
a hand still going after that many moves, chance included, ends as if the stock had run
out: everyone pays what is in hand). Returns are zero-sum:
``(mean penalty - own penalty) / 100``.

The information state string is the seat's own history: its cards as dealt and drawn,
every public move (an engine action in text), and its own opening steps; others' opening
steps show only as ``?``. The information state tensor and the observation are the
seat's observation tensor (:mod:`scala40.rl.observation`). ``resample_from_infostate``
deals the unseen cards again with :func:`scala40.engine.views.resample`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from scala40.engine.actions import Action, DrawStock
from scala40.engine.cards import JOKER, KINDS, card_name, pack_counts, penalty_table
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.scoring import hand_penalties
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample
from scala40.rl.encoding import DRAW_STOCK
from scala40.rl.moves import Build, Moves
from scala40.rl.observation import ObservationEncoder

SHORT_NAME = "python_scala40"
DEFAULTS: dict[str, Any] = {"players": 2, "rules": "", "max_moves": 1000}


def rules_from_param(text: str, players: int) -> Rules:
    """Rules from the ``rules`` parameter (``key=value`` pairs separated by commas)."""
    changes: dict[str, Any] = {}
    preset = None
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"rules parameter {item!r} is not key=value")
        if key.strip() == "preset":
            preset = value.strip()
        else:
            changes[key.strip()] = value.strip()
    changes["players"] = str(players)
    return Rules.build(preset, changes)


class Setup:
    """What a game's parameters fix: rules, the move translation, the observation."""

    def __init__(self, params: dict[str, Any]) -> None:
        params = {**DEFAULTS, **params}
        players = int(params["players"])
        if not 2 <= players <= 6:
            raise ValueError(f"players must be 2 to 6, not {players}")
        self.players = players
        self.rules = rules_from_param(str(params["rules"]), players)
        self.max_moves = int(params["max_moves"])
        if self.max_moves < 1:
            raise ValueError("max_moves must be at least 1")
        self.moves = Moves(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.moves.layout)


_SETUPS: dict[tuple[tuple[str, Any], ...], Setup] = {}


def setup_key(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The key of a game's parameters in the shared setups (made on first use)."""
    key = tuple(sorted({**DEFAULTS, **params}.items()))
    if key not in _SETUPS:
        _SETUPS[key] = Setup(dict(key))
    return key


def setup_of(params: dict[str, Any]) -> Setup:
    """The (shared) setup for a game's parameters; states find it from their game."""
    return _SETUPS[setup_key(params)]


_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python Scala 40",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class Scala40Game(pyspiel.Game):  # type: ignore[misc]
    """One hand of Scala 40 for OpenSpiel."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**DEFAULTS, **(params or {})}
        setup = setup_of(params)
        players = setup.players
        self.rules = setup.rules
        self.max_moves = setup.max_moves
        self.moves = setup.moves
        self.encoder = setup.encoder
        pens = penalty_table(self.rules.face_values)
        pack = pack_counts(self.rules.decks, self.rules.joker_count)
        worst = 2 * sum(pens[k] * pack[k] for k in range(KINDS)) + 200 * players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.moves.size,
            max_chance_outcomes=KINDS,
            num_players=players,
            min_utility=-worst / 100.0,
            max_utility=worst / 100.0,
            utility_sum=0.0,
            max_game_length=self.max_moves,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> Scala40State:
        return Scala40State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Scala40Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Scala40Observer(self, perfect_recall)


class Progress:
    """Everything that changes during a game, in one object with a cheap deep copy.

    pyspiel clones a Python state by deep-copying its attributes; keeping them here (and
    the rules, caches and tables in a shared :class:`Setup`) makes that a few list copies
    and one ``Deal.clone``.
    """

    __slots__ = (
        "build",
        "deal",
        "dealt",
        "drawing",
        "left",
        "log",
        "mask",
        "moves_made",
        "public",
    )

    def __init__(self, setup: Setup) -> None:
        rules = setup.rules
        self.dealt: list[int] = []
        self.left = pack_counts(rules.decks, rules.joker_count)
        """Cards not yet dealt (during the deal)."""
        self.deal: Deal | None = None
        self.build: Build | None = None
        self.drawing = False
        """The current player chose to draw from the stock: a chance node picks the card."""
        self.moves_made = 0
        self.log: list[list[str]] = [[] for _ in range(setup.players)]
        """Each seat's own history (its information state)."""
        self.public: list[str] = []
        """The history as a seat with no cards of its own would see it."""
        self.mask: np.ndarray[Any, np.dtype[np.int8]] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Progress:
        c = Progress.__new__(Progress)
        c.dealt = self.dealt[:]
        c.left = self.left[:]
        c.deal = self.deal.clone() if self.deal is not None else None
        c.build = self.build.copy() if self.build is not None else None
        c.drawing = self.drawing
        c.moves_made = self.moves_made
        c.log = [lst[:] for lst in self.log]
        c.public = self.public[:]
        c.mask = None
        return c


class Scala40State(pyspiel.State):  # type: ignore[misc]
    """A hand in progress, chance nodes included."""

    def __init__(self, game: Scala40Game) -> None:
        super().__init__(game)
        self.key = setup_key(game.get_parameters())
        self.progress = Progress(self.setup)

    @property
    def setup(self) -> Setup:
        return _SETUPS[self.key]

    # Who moves -----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.progress.deal is None or self.progress.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        return self.progress.deal.current

    def is_terminal(self) -> bool:
        if self.progress.deal is not None and self.progress.deal.over:
            return True
        return self.progress.moves_made >= self.setup.max_moves

    def _legal_actions(self, player: int) -> list[int]:
        assert self.progress.deal is not None and player == self.progress.deal.current
        # nonzero() of a bool array is several times as fast as of the int8 mask itself.
        legal: list[int] = self._legal_mask().astype(np.bool_).nonzero()[0].tolist()
        return legal

    def _legal_mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self.progress.mask is None:
            assert self.progress.deal is not None
            self.progress.mask = self.setup.moves.mask(self.progress.deal, self.progress.build)
        return self.progress.mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.progress.deal is None:
            left = self.progress.left[:]
            if (
                len(self.progress.dealt) == 13 * self.setup.players
                and self.setup.rules.no_joker_first_discard
            ):
                left[JOKER] = 0  # the turned-up card is never a joker under this rule
            total = sum(left)
            return [(k, c / total) for k, c in enumerate(left) if c]
        stock = self.progress.deal.stock
        unseen = stock[self.progress.deal.bottom_known :]
        if not unseen:
            return [(stock[-1], 1.0)]
        counts = Counter(unseen)
        return [(k, counts[k] / len(unseen)) for k in sorted(counts)]

    # Moving ------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self.is_chance_node():
            if action not in {k for k, _ in self.chance_outcomes()}:
                raise ValueError(f"{action!r} is not a chance outcome here")
        else:
            size = self.setup.moves.size
            if not 0 <= action < size:
                raise ValueError(f"action {action!r} is outside 0..{size - 1}")
            if not self._legal_mask()[action]:
                what = self.setup.moves.layout.describe(action)
                raise ValueError(f"{what} (id {action}) is not legal now")
        self.progress.moves_made += 1
        self.progress.mask = None
        if self.progress.deal is None:
            self._deal(action)
            return
        deal = self.progress.deal
        if self.progress.drawing:
            self._draw(action)
            return
        p = deal.current
        if action == DRAW_STOCK and deal.phase == DRAW:
            self.progress.drawing = True
            self._public(f"{p}:draw")
            return
        result = self.setup.moves.resolve_legal(deal, self.progress.build, action)
        if result is None or isinstance(result, Build):
            self.progress.build = result
            for q in range(self.setup.players):
                self.progress.log[q].append(f"{p}:{action}" if q == p else f"{p}:?")
            self.progress.public.append(f"{p}:?")
            return
        self.progress.build = None
        self._public(f"{p}:{_action_text(result)}")
        deal.apply(result)

    def _public(self, token: str) -> None:
        for q in range(self.setup.players):
            self.progress.log[q].append(token)
        self.progress.public.append(token)

    def _deal(self, kind: int) -> None:
        self.progress.left[kind] -= 1
        i = len(self.progress.dealt)
        self.progress.dealt.append(kind)
        if i < 13 * self.setup.players:
            self.progress.log[i % self.setup.players].append(f"d{kind}")
            return
        self._public(f"z{kind}")
        rest = [k for k in range(KINDS) for _ in range(self.progress.left[k])]
        deck = rest + self.progress.dealt[::-1]
        self.progress.deal = Deal.deal(self.setup.rules, deck, tuple(range(self.setup.players)))

    def _draw(self, kind: int) -> None:
        deal = self.progress.deal
        assert deal is not None
        stock = deal.stock
        if deal.bottom_known < len(stock):
            # The drawn card comes from the part nobody has seen: put a copy on top.
            at = max(i for i in range(deal.bottom_known, len(stock)) if stock[i] == kind)
            stock[at], stock[-1] = stock[-1], stock[at]
        self.progress.drawing = False
        self.progress.log[deal.current].append(f"s{kind}")
        deal.apply(DrawStock())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {card_name(action)}"
        return self.setup.moves.layout.describe(action)

    # Ending ------------------------------------------------------------------------------
    def returns(self) -> list[float]:
        if not self.is_terminal() or self.progress.deal is None:
            return [0.0] * self.setup.players
        deal = self.progress.deal
        if deal.result is not None:
            pays = list(deal.result.penalties)
        else:
            pays = hand_penalties(deal.hands, deal.opened, None, False, False, self.setup.rules)
        mean = sum(pays) / len(pays)
        return [(mean - pay) / 100.0 for pay in pays]

    # Information ---------------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        return f"p{p} " + " ".join(self.progress.log[p])

    def observation_string(self, player: int | None = None) -> str:
        p = self.current_player() if player is None else player
        return _observation_text(self, p)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The seat's observation as a list of floats, as pyspiel's own method returns it.

        pyspiel's C++ answers a Python game's ``observation_tensor`` by building a new
        initial state to learn the tensor's size, writing that state's tensor, writing
        this one through the observer, and converting all 4,173 floats to Python objects
        one by one: four fifths of the call. Here the observation is written once and the
        list made from its few non-zero entries (:meth:`ObservationEncoder.list_from_hand`);
        the tests hold it equal to the C++ path's list. C++ callers still use the observer.
        """
        return _tensor_list(self, "observation_tensor", player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information state tensor: the observation tensor (see the module's notes)."""
        return _tensor_list(self, "information_state_tensor", player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Scala40State:
        """A state ``player_id`` cannot tell from this one: unseen cards dealt again.

        Uses :func:`scala40.engine.views.resample` on the seat's view; another player's
        opening under construction (private to them) is dropped, and the other seats'
        histories keep the public moves and the hand each holds in the new world (their old
        private cards are not theirs there).
        """
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        other: Scala40State = self.clone()
        if self.progress.deal is None:
            other._redeal(player_id, rng)
            return other
        view = PlayerView.of(self.progress.deal, player_id)
        other.progress.deal = resample(view, rng)
        # Others' histories in the new world: their private tokens belonged to the old one,
        # so each keeps the public moves and the cards it holds here. Without those cards two
        # worlds that deal a seat different hands would give it one information state with two
        # sets of legal moves, and a search keyed by information state (ISMCTS) breaks.
        for q in range(self.setup.players):
            if q != player_id:
                held = ".".join(str(k) for k in other.progress.deal.hand_cards(q))
                other.progress.log[q] = [*other.progress.public, f"h{held}"]
        if self.progress.deal.current != player_id:
            other.progress.build = None
        other.progress.mask = None
        return other

    def _redeal(self, player_id: int, rng: random.Random) -> None:
        """During the deal: others' cards so far drawn again from what the seat has not seen."""
        pool = pack_counts(self.setup.rules.decks, self.setup.rules.joker_count)
        for i, k in enumerate(self.progress.dealt):
            if i % self.setup.players == player_id or i == 13 * self.setup.players:
                pool[k] -= 1
        cards = [k for k in range(KINDS) for _ in range(pool[k])]
        rng.shuffle(cards)
        left = pack_counts(self.setup.rules.decks, self.setup.rules.joker_count)
        for i in range(len(self.progress.dealt)):
            if i % self.setup.players != player_id and i != 13 * self.setup.players:
                self.progress.dealt[i] = cards.pop()
            left[self.progress.dealt[i]] -= 1
        self.progress.left = left
        n = self.setup.players
        for q in range(n):
            if q != player_id:
                mine = self.progress.dealt[q::n]
                self.progress.log[q] = [f"d{k}" for k in mine]

    def __str__(self) -> str:
        if self.progress.deal is None:
            return f"dealing: {len(self.progress.dealt)} cards dealt"
        deal = self.progress.deal
        table = " | ".join(m.text() for m in deal.table) or "-"
        top = card_name(deal.pozzo[-1]) if deal.pozzo else "-"
        cards = " / ".join(
            " ".join(card_name(k) for k in deal.hand_cards(p)) for p in range(self.setup.players)
        )
        return f"table: {table}; pozzo: {top}; hands: {cards}; to play: {deal.current}"


def _action_text(action: Action) -> str:
    return repr(action).replace(" ", "")


def _observation_text(state: Scala40State, player: int) -> str:
    deal = state.progress.deal
    if deal is None:
        own = [
            k
            for i, k in enumerate(state.progress.dealt)
            if i % state.setup.players == player and i < 13 * state.setup.players
        ]
        return f"p{player} dealing: " + " ".join(card_name(k) for k in sorted(own))
    view = PlayerView.of(deal, player)
    mine = " ".join(card_name(k) for k in view.hand)
    table = " | ".join(m.text() for m in view.table) or "-"
    top = card_name(view.pozzo[-1]) if view.pozzo else "-"
    building = ""
    if state.progress.build is not None and deal.current == player:
        building = " building: " + " + ".join(str(s) for s in state.progress.build.specs)
    return (
        f"p{player} hand: {mine}; table: {table}; pozzo: {top}; sizes: {list(view.hand_sizes)}; "
        f"opened: {[int(o) for o in view.opened]}; stock: {view.stock_size}; "
        f"to play: {view.current} ({view.phase}){building}"
    )


def _seat_of(state: Scala40State, method: str, player: int | None) -> int:
    """The seat a tensor is asked for, or the error pyspiel's own method raises."""
    p = state.current_player() if player is None else int(player)
    if not 0 <= p < state.setup.players:
        asked = "the player to move" if player is None else "player"
        raise pyspiel.SpielError(
            f"{method}: {asked} {p} is not a seat of this game (0..{state.setup.players - 1})"
        )
    return p


def _tensor_list(state: Scala40State, method: str, player: int | None) -> list[float]:
    p = _seat_of(state, method, player)
    deal = state.progress.deal
    encoder = state.setup.encoder
    if deal is None:
        out = np.zeros(encoder.size, np.float32)
        _write_dealing(state, p, out)
        dealt: list[float] = out.tolist()
        return dealt
    return encoder.list_from_hand(deal, p, (), _own_build(state, p))


def _own_build(state: Scala40State, player: int) -> Build | None:
    """The opening ``player`` is composing, if it is the one to move (others' is private)."""
    deal = state.progress.deal
    return state.progress.build if deal is not None and deal.current == player else None


def _write_dealing(state: Scala40State, player: int, out: np.ndarray[Any, Any]) -> None:
    """During the deal: the cards the seat was dealt so far, and nothing else."""
    out.fill(0.0)
    own = state.setup.encoder.view(out, "hand")
    n = state.setup.players
    for i, k in enumerate(state.progress.dealt):
        if i % n == player and i < 13 * n:
            own[k] += 1.0


class Scala40Observer:
    """The PyObserver of the game: the seat's observation tensor and a text."""

    def __init__(self, game: Scala40Game, perfect_recall: bool) -> None:
        self._game = setup_of(game.get_parameters())
        self._perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Scala40State, player: int) -> None:
        if state.progress.deal is None:
            _write_dealing(state, player, self.tensor)
            return
        build = _own_build(state, player)
        self._game.encoder.from_hand(state.progress.deal, player, (), build, self.tensor)

    def string_from(self, state: Scala40State, player: int) -> str:
        if self._perfect_recall:
            return state.information_state_string(player)
        return _observation_text(state, player)


_registered = False


def register() -> None:
    """Register ``python_scala40`` with pyspiel (once per process)."""
    global _registered
    if not _registered:
        pyspiel.register_game(_GAME_TYPE, Scala40Game)
        _registered = True


register()
