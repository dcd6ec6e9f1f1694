"""The club player: never illegal under any table, stronger than greedy, explains itself.

Legality is checked against the *true* hand before every action (the bot only ever sees
its view). Behaviour is pinned on small set-up positions: a dead near-run goes first, the
next player is not fed, jokers are laid when the hand is about to end, a chiusura in mano
is taken, the pozzo is taken to open. Strength is a fixed-seed duplicate heads-up sample
against greedy, with a margin well inside what the sample measures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import get_type_hints

import pytest

from scala40.bots import LEVELS, GreedyBot, HeuristicBot, Hint, heuristic, make_bot
from scala40.bots.base import Bot
from scala40.engine.actions import Action, Discard, DrawStock, LayOff, Open, TakePozzo
from scala40.engine.cards import JOKER, KINDS, kind_of, pack_counts
from scala40.engine.match import Match
from scala40.engine.melds import TableMeld
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.play_text import bot_reader, names_of, play_match

from .duplicate import duplicate, summarize

H, D, C, S = 0, 1, 2, 3


def card(text: str) -> int:
    """``"10H"`` -> the kind of the 10 of hearts; ``"JK"`` -> a joker."""
    if text == "JK":
        return JOKER
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    rank_text, suit = text[:-1], "HDCS".index(text[-1])
    rank = ranks.get(rank_text) or int(rank_text)
    return kind_of(suit, rank)


def cards(text: str) -> list[int]:
    return [card(t) for t in text.split()]


# Never illegal --------------------------------------------------------------------------

TABLES: dict[str, tuple[str | None, dict[str, str]]] = {
    "fisca": (None, {}),
    "house": ("house", {}),
    "2p": (None, {"players": "2"}),
    "3p": (None, {"players": "3"}),
    "5p": (None, {"players": "5"}),
    "6p": (None, {"players": "6"}),
    "any_use": (None, {"open_from_pozzo": "any_use"}),
    "opening_pozzo": (None, {"open_from_pozzo": "opening", "players": "3"}),
    "keep_joker": (None, {"keep_swapped_joker": "true"}),
    "jokers_fisca": (None, {"open_without_jokers": "fisca"}),
    "out_no_discard": (None, {"go_out_without_discard": "double", "players": "3"}),
    "jokers_2": (None, {"jokers_per_meld": "2", "jokers": "6"}),
    "ban_always": (None, {"fit_discard_ban": "always", "players": "2"}),
    "partners": (None, {"partnerships": "true", "elimination": "61"}),
    "keep_pozzo": (None, {"keep_pozzo_card": "true", "open_from_pozzo": "keep"}),
    "odd_tables": (
        None,
        {
            "face_values": "high",
            "first_pozzo_free": "true",
            "unopened_penalty": "flat100",
            "chiusura_in_mano_double": "true",
            "open_without_jokers": "strict",
            "max_run_length_5": "true",
            "complete_set_to_stock": "true",
            "stock_out": "end_hand",
        },
    ),
}

ACTIONS_PER_MATCH = 3000
"""Several hands per table and seed, and still a quick suite."""


def drive(rules: Rules, bots: Sequence[Bot], seed: int, limit: int = ACTIONS_PER_MATCH) -> Match:
    """Play from the bots' views, checking each action against the true hand first."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if match.over:
            break
        seat = match.current_seat
        action = bots[seat].choose(PlayerView.of_match(match, seat), rng)
        refusal = match.deal.check(action)
        assert refusal is None, f"{bots[seat].name} at seat {seat} tried {action}: {refusal.reason}"
        match.apply(action)
    return match


@pytest.mark.parametrize("table", sorted(TABLES))
@pytest.mark.parametrize("seed", range(5))
def test_never_illegal_and_always_by_plan(table: str, seed: int) -> None:
    """Heuristic players (against each other and against greedy) only play legal actions,
    and their own plan always had one: the fallback is never needed."""
    preset, keys = TABLES[table]
    rules = Rules.build(preset, keys)
    players = [HeuristicBot() for _ in range(rules.players)]
    bots: list[Bot] = [
        players[s] if s % 2 == 0 or seed == 0 else GreedyBot() for s in range(rules.players)
    ]
    match = drive(rules, bots, seed * 7919 + len(table))
    assert match.history, "at least one hand was played to its end"
    assert sum(b.fallbacks for b in players) == 0


@pytest.mark.pure_only  # patches heuristic._Decision.play
def test_falls_back_to_a_legal_action_when_its_plan_has_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With its plan emptied the bot still plays legally (greedy's choice, else any legal
    action) and counts each fallback."""
    monkeypatch.setattr(heuristic._Decision, "play", lambda self: iter(()))
    rules = Rules.build(None, {"players": "3"})
    bots = [HeuristicBot() for _ in range(3)]
    match = drive(rules, bots, 4, limit=400)
    assert match.history or match.deal.turns_done > 10
    assert all(b.fallbacks > 0 for b in bots)


# Stronger than greedy ---------------------------------------------------------------------


def test_beats_greedy_heads_up_on_duplicate_deals() -> None:
    """40 deals, each played twice with seats swapped. Measured with these seeds: the
    heuristic pays about 10 points a hand less than greedy (standard error about 2.4), and
    goes out in about three hands of four; asserted with a wide margin."""
    rules = Rules.build(None, {"players": "2"})
    games = duplicate(rules, HeuristicBot, GreedyBot, deals=40, seed=0)
    s = summarize(games)
    assert s.games == 80
    assert s.mean_first < s.mean_second - 5
    assert s.diff + 2 * s.stderr < 0
    assert s.out_first > 1.5 * s.out_second


# Hints ----------------------------------------------------------------------------------------


def positions(rules: Rules, seed: int, count: int) -> list[tuple[Deal, int]]:
    """Positions of a heuristic-vs-greedy match, draw and play phases alike."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    bots = [HeuristicBot() if s % 2 == 0 else GreedyBot() for s in range(rules.players)]
    out: list[tuple[Deal, int]] = []
    step = 0
    while not match.over and len(out) < count:
        seat = match.current_seat
        if step % 3 == 0:
            out.append((match.deal.clone(), seat))
        match.apply(bots[seat].choose(PlayerView.of(match.deal, seat), rng))
        step += 1
    return out


@pytest.mark.parametrize("table", ["fisca", "house", "2p", "keep_joker", "out_no_discard"])
def test_hints_name_legal_moves(table: str) -> None:
    preset, keys = TABLES[table]
    rules = Rules.build(preset, keys)
    bot = HeuristicBot()
    for hand, seat in positions(rules, 3, 40):
        view = PlayerView.of(hand, seat)
        advice = bot.hint(view, random.Random(1))
        assert isinstance(advice, Hint)
        assert hand.check(advice.action) is None, advice.text
        assert advice.text and advice.text[0].islower()
        assert advice.action == bot.choose(view, random.Random(1))
        # The rest of the turn is legal too, in the true hand.
        probe = hand.clone()
        probe.apply(advice.action)
        for action in advice.then:
            assert probe.check(action) is None, (action, advice.text)
            probe.apply(action)


def position(
    rules: Rules,
    hands: Sequence[Sequence[int]],
    *,
    draw: int | None = None,
    table: Sequence[TableMeld] = (),
    pozzo: Sequence[int] = (),
    opened: Sequence[bool] | None = None,
    known: Sequence[Sequence[int]] | None = None,
    turns_done: int | None = None,
) -> Deal:
    """Player 0 to move; with ``draw``, that card is on top of the stock and is drawn."""
    left = pack_counts(rules.decks, rules.joker_count)
    for k in [*(c for h in hands for c in h), *pozzo, *(c for m in table for c in m.cards())]:
        left[k] -= 1
    stock = [k for k in range(KINDS) for _ in range(left[k])]
    if draw is not None:
        stock.remove(draw)
        stock.append(draw)
    hand = Deal.setup(
        rules,
        hands,
        table=table,
        pozzo=pozzo,
        stock=stock,
        opened=opened,
        known=known,
        turns_done=turns_done,
    )
    if draw is not None:
        hand.apply(DrawStock())
    return hand


def choice(deal: Deal, bot: Bot | None = None) -> Action:
    bot = bot or HeuristicBot()
    action = bot.choose(PlayerView.of(deal, 0), random.Random(0))
    assert deal.check(action) is None
    return action


def test_hint_opens_then_names_the_discard() -> None:
    rules = Rules.build(None, {"players": "2"})
    mine = cards("KS KH KC 3S 4S 5S 9D 2H 7C QD 6H JC 10H")
    other = cards("2C 3C 4C 5C 6C 8C 9C 10C QC 2D 3D 4D 5D")
    hand = position(rules, [mine, other], draw=card("8D"), pozzo=[card("AS")])
    advice = HeuristicBot().hint(PlayerView.of(hand, 0), random.Random(0))
    assert isinstance(advice.action, Open)
    assert advice.text.startswith("open with ")
    assert "= 42" in advice.text
    assert "; then discard the " in advice.text
    assert isinstance(advice.then[-1], Discard)


# Behaviour ----------------------------------------------------------------------------------


def test_a_dead_near_run_goes_before_a_live_one() -> None:
    """2♥ 3♥ wait on A♥ or 4♥, and both copies of each are in the pozzo: dead. The live
    9♣ 10♣ are kept although they cost more (greedy throws the 10♣)."""
    rules = Rules.build(None, {"players": "2"})
    mine = cards("2H 3H 9C")
    other = cards("2S 5S 7D 9D JD KD 3C 5C 7C QS KS 4D 6D")
    hand = position(
        rules,
        [mine, other],
        draw=card("10C"),
        pozzo=cards("AH 4H AH 4H 6S"),
        opened=[True, False],
    )
    assert choice(hand) in (Discard(card("2H")), Discard(card("3H")))
    assert choice(hand, GreedyBot()) == Discard(card("10C"))


def test_does_not_feed_what_the_next_player_collects() -> None:
    """The next player visibly holds 9♣ 9♦ (kept from the pozzo): the 9♥ stays in hand,
    though it costs more than the 8♠."""
    rules = Rules.build(None, {"players": "2", "keep_pozzo_card": "true"})
    mine = cards("9H 8S 2C")
    other = cards("9C 9D 5S 7D JD KD 3C 5C 7C QS KS 4D 6D")
    hand = position(
        rules,
        [mine, other],
        draw=card("3C"),
        opened=[True, True],
        known=[[], cards("9C 9D")],
        pozzo=[card("6S")],
    )
    assert choice(hand) == Discard(card("8S"))
    advice = HeuristicBot().hint(PlayerView.of(hand, 0), random.Random(0))
    assert "next player has not picked up" in advice.text


def test_lays_the_joker_when_the_hand_is_about_to_end() -> None:
    rules = Rules.build(None, {"players": "2"})
    run = TableMeld.run(S, 5, 7)
    mine = cards("JK 2C 9D KH 4D QC 6H")
    for other_size, lays in ((1, True), (11, False)):
        other = cards("2S 7D 9C JD KD 3C 5C 7C QS KS 4C")[:other_size]
        hand = position(
            rules,
            [mine, other],
            draw=card("10S"),
            table=[run],
            opened=[True, True],
            pozzo=[card("3D")],
        )
        action = choice(hand)
        assert (isinstance(action, LayOff) and action.card == JOKER) is lays, action


def test_takes_a_chiusura_in_mano() -> None:
    """3♥ 4♥ 5♥ + 7♣ 7♦ 7♠ = 33 is no opening, but the whole hand goes down at once."""
    rules = Rules.build(None, {"players": "2"})
    mine = cards("3H 4H 5H 7C 7D 7S")
    other = cards("2S 7H 9C JD KD 3C 5C 8C QS KS 4C 6D 2D")
    hand = position(rules, [mine, other], draw=card("9S"), pozzo=[card("3D")])
    advice = HeuristicBot().hint(PlayerView.of(hand, 0), random.Random(0))
    assert isinstance(advice.action, Open) and "chiusura in mano" in advice.text
    probe = hand.clone()
    probe.apply(advice.action)
    for action in advice.then:
        probe.apply(action)
    assert probe.result is not None and probe.result.chiusura_in_mano
    assert probe.result.penalties == (0, 100)


def test_takes_the_pozzo_card_that_opens() -> None:
    rules = Rules.build(None, {"players": "2", "open_from_pozzo": "opening"})
    mine = cards("KS KH 10D JD QD 2C 5H 7S 9C 4D 6C 8H 3S")
    other = cards("2S 7H 9S JS KD 3C 5C 8C QS 4C 6D 2D 3H")
    hand = position(rules, [mine, other], pozzo=[card("KC")])
    assert hand.phase == DRAW
    assert choice(hand) == TakePozzo()
    assert choice(position(rules, [mine, other], pozzo=[card("4S")])) == DrawStock()


def test_never_melds_itself_incartato() -> None:
    """Three 7s are a set, but laying all three leaves nothing to discard; with
    ``go_out_without_discard`` the same set goes out."""
    other = cards("2S 7H 9S JS KD 3C 5C 8C QS 4C 6D 2D 3H")
    for keys, goes_out in (({}, False), ({"go_out_without_discard": "true"}, True)):
        rules = Rules.build(None, {"players": "2", **keys})
        hand = position(
            rules,
            [cards("7C 7D"), other],
            draw=card("7S"),
            opened=[True, True],
            pozzo=[card("3D")],
        )
        action = choice(hand)
        hand.apply(action)
        assert (hand.result is not None) is goes_out


def play_turn(deal: Deal, bot: HeuristicBot) -> list[Action]:
    """The bot's whole turn in ``deal`` (player 0), every action checked."""
    actions: list[Action] = []
    while deal.current == 0 and deal.result is None and len(actions) < 30:
        action = bot.choose(PlayerView.of(deal, 0), random.Random(0))
        assert deal.check(action) is None, action
        deal.apply(action)
        actions.append(action)
    return actions


def test_never_strands_the_pozzo_card_as_its_last_card() -> None:
    """Under ``keep_pozzo_card`` the K♠ taken from the pozzo may stay in hand but is not
    this turn's discard: laying 7♥ 8♥ 9♥ first would leave only the K♠. The bot lays the
    K♠ off instead and discards from the run, with no take-back."""
    rules = Rules.build(None, {"players": "2", "keep_pozzo_card": "true"})
    kings = TableMeld.set_of(13, [H, D, C])
    other = cards("2S 7D 9C JD 3C 5C 7C QS 4C 6D 2D 3H 5H")
    hand = position(
        rules,
        [cards("7H 8H 9H"), other],
        table=[kings],
        opened=[True, True],
        pozzo=cards("3D KS"),
    )
    bot = HeuristicBot()
    actions = play_turn(hand, bot)
    assert actions[0] == TakePozzo()
    assert isinstance(actions[-1], Discard) and bot.fallbacks == 0


def test_opens_keeping_a_discard_besides_the_kept_pozzo_card() -> None:
    """``open_from_pozzo = "keep"``: the 5♠ taken may stay in hand but is not this turn's
    discard, so the whole hand cannot go down around it; the bot opens with one card less
    and discards that."""
    rules = Rules.build(None, {"players": "2", "open_from_pozzo": "keep"})
    mine = cards("KH KD KC KS QH QD QC JH JD JC 10H 10D 10C")
    other = cards("2S 7H 9S JS 3C 5C 8C QS 4C 6D 2D 3H 5H")
    hand = position(rules, [mine, other], pozzo=cards("3D 5S"))
    bot = HeuristicBot()
    actions = play_turn(hand, bot)
    assert actions[0] == TakePozzo() and isinstance(actions[1], Open)
    assert isinstance(actions[-1], Discard) and bot.fallbacks == 0


def test_flat100_keeps_high_cards_for_the_opening() -> None:
    """Unopened under a flat 100, what the cards cost does not matter until the hand
    opens: the king pair stays for the opening though the opponent is about to go out."""
    mine = cards("KS KH QD 2C 5H 7S 9C 4D 6C 8H 3S JC 10D")
    other = cards("2S 7H")
    table = [TableMeld.run(C, 3, 6)]
    picks = {}
    for penalty in ("count", "flat100"):
        rules = Rules.build(None, {"players": "2", "unopened_penalty": penalty})
        hand = position(
            rules,
            [mine, other],
            draw=card("AD"),
            table=table,
            opened=[False, True],
            pozzo=[card("3D")],
        )
        picks[penalty] = choice(hand)
    assert picks["flat100"] not in (Discard(card("KS")), Discard(card("KH")))


# Views only, and fast -------------------------------------------------------------------------


@pytest.mark.pure_only  # compiled methods keep no annotations
def test_choose_takes_a_view_only() -> None:
    hints = get_type_hints(HeuristicBot.choose)
    assert hints["view"] is PlayerView and hints["return"] == Action
    assert get_type_hints(HeuristicBot.hint)["view"] is PlayerView
    assert isinstance(HeuristicBot(), Bot)
    assert LEVELS["club"] is HeuristicBot and make_bot("heuristic").name == "heuristic"


class Spy:
    """Records what the game loop hands the bot."""

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen: list[object] = []

    def choose(self, view: PlayerView, rng: random.Random) -> Action:
        self.seen.append(view)
        return self.inner.choose(view, rng)


def test_the_game_loop_hands_it_views_only() -> None:
    rules = Rules.build(None, {"players": "3", "elimination": "41"})
    spies = {s: Spy(HeuristicBot()) for s in (1, 2)}
    person = Spy(HeuristicBot())
    out: list[str] = []
    winner = play_match(
        Match(rules, seed=8),
        spies,
        bot_reader(person, random.Random(1)),
        out.append,
        random.Random(2),
        names_of(3),
    )
    assert winner is not None
    for spy in (*spies.values(), person):
        assert spy.seen and all(type(v) is PlayerView for v in spy.seen)
