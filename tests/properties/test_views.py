"""Hidden information (RULES.md §11): a seat's view holds nothing it may not know.

Two true states that differ only in what a seat cannot see (the other players' private
cards, the stock order, the reshuffle seed) must give that seat the same view; and
``resample`` deals a full hand consistent with the view without copying the truth.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from scala40.engine.actions import Discard, LayOff, TakeBack, TakePozzo
from scala40.engine.cards import KINDS, kind_of, pack_list
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.melds import TableMeld
from scala40.engine.phases import PLAY
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView, resample

from .support import advance, choose, deal, examples, rules_strategy

H, D, C, S = range(4)

PROPS = settings(
    max_examples=80,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def view_diff(a: PlayerView, b: PlayerView) -> list[str]:
    return [f.name for f in fields(PlayerView) if getattr(a, f.name) != getattr(b, f.name)]


def mid_hand(rules: Rules, seed: int, steps: int) -> Deal:
    """A hand after up to ``steps`` random actions, still in progress."""
    hand = deal(rules, seed)
    rng = random.Random(seed ^ 0xABC)
    for _ in range(steps):
        probe = hand.clone()
        advance(probe, rng, 1)
        if probe.over:
            break
        hand = probe
    return hand


def private(deal: Deal, p: int) -> list[int]:
    """Copies player ``p`` holds that are not publicly known to be there (as kinds)."""
    return [k for k in range(KINDS) for _ in range(deal.hands[p][k] - deal.known[p][k])]


def perturb_hidden(deal: Deal, me: int, rng: random.Random, swaps: int = 6) -> Deal:
    """A copy of ``deal`` whose hidden cards differ, everything ``me`` can see kept.

    Private cards of other players are exchanged with each other and with stock cards
    (above the publicly known bottom of the stock); the stock is reordered; the
    reshuffle seed changes. The current player's hand at the draw moves with its cards.
    """
    h = deal.clone()
    h.stock = list(h.stock)
    others = [p for p in range(h.n) if p != me]
    snapshot_hand = None
    if h.turn.start is not None and h.turn.start.hand is not None:
        snapshot_hand = list(h.turn.start.hand)
    for _ in range(swaps):
        holders = [p for p in others if private(h, p)]
        zones: list[int | None] = [*holders]
        if len(h.stock) > h.bottom_known:
            zones.append(None)  # the stock
        if len(zones) < 2:
            break
        a, b = rng.sample(zones, 2)
        out = _take(h, a, rng)
        into = _take(h, b, rng)
        if out == into:
            _put(h, a, out, snapshot_hand)
            _put(h, b, into, snapshot_hand)
            continue
        _put(h, a, into, snapshot_hand, replaced=out)
        _put(h, b, out, snapshot_hand, replaced=into)
    top = h.stock[h.bottom_known :]
    rng.shuffle(top)
    h.stock[h.bottom_known :] = top
    h.shuffle_seed = rng.getrandbits(63)
    if snapshot_hand is not None:
        start = h.turn.start
        assert start is not None
        h.turn = h.turn._replace(start=start._replace(hand=tuple(snapshot_hand)))
    h._fits = None
    return h


def _take(h: Deal, zone: int | None, rng: random.Random) -> int:
    if zone is None:
        i = rng.randrange(h.bottom_known, len(h.stock))
        return h.stock.pop(i)
    card = rng.choice(private(h, zone))
    h.hands[zone][card] -= 1
    return card


def _put(
    h: Deal,
    zone: int | None,
    card: int,
    snapshot_hand: list[int] | None,
    replaced: int | None = None,
) -> None:
    if zone is None:
        h.stock.insert(len(h.stock), card)
        return
    h.hands[zone][card] += 1
    if (
        replaced is not None
        and snapshot_hand is not None
        and zone == h.current
        and h.phase == PLAY
        and snapshot_hand[replaced] > 0
    ):
        snapshot_hand[replaced] -= 1
        snapshot_hand[card] += 1


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_hidden_cards_do_not_change_a_seats_view(rules: Rules, seed: int, steps: int) -> None:
    hand = mid_hand(rules, seed, steps)
    rng = random.Random(seed)
    for me, seat in enumerate(hand.seats):
        view = PlayerView.of(hand, seat)
        for _ in range(3):
            other = perturb_hidden(hand, me, rng)
            other.pack_count().check("the perturbed hand")
            if other.hands != hand.hands:
                event("other players' private cards differ")
            if other.stock != hand.stock:
                event("the stock order differs")
            assert PlayerView.of(other, seat) == view, view_diff(PlayerView.of(other, seat), view)


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_a_view_shows_own_cards_public_zones_and_sizes_only(
    rules: Rules, seed: int, steps: int
) -> None:
    hand = mid_hand(rules, seed, steps)
    for me, seat in enumerate(hand.seats):
        view = PlayerView.of(hand, seat)
        assert view.me == me and view.seat == seat
        assert list(view.hand) == hand.hand_cards(me)
        assert list(view.hand_sizes) == hand.sizes
        assert list(view.pozzo) == hand.pozzo
        assert list(view.table) == hand.table
        assert view.stock_size == len(hand.stock)
        assert list(view.stock_bottom) == hand.stock[: hand.bottom_known]
        assert list(view.opened) == hand.opened
        for p in range(hand.n):
            # What is known of a hand is part of that hand.
            known = view.known[p]
            assert all(known.count(k) <= hand.hands[p][k] for k in set(known))
        # The view's unseen cards are exactly the others' private cards and the hidden stock.
        unseen = sorted(view.unseen())
        truth = sorted(
            [k for p in range(hand.n) if p != me for k in private(hand, p)]
            + hand.stock[hand.bottom_known :]
        )
        assert unseen == truth
        if view.turn.start is not None and hand.current != me:
            assert view.turn.start.hand is None, "the current player's hand at the draw leaked"


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_resample_is_consistent_with_the_view(rules: Rules, seed: int, steps: int) -> None:
    hand = mid_hand(rules, seed, steps)
    for me, seat in enumerate(hand.seats):
        view = PlayerView.of(hand, seat)
        for i in range(3):
            guess = resample(view, random.Random(seed + i))
            guess.pack_count().check("the resampled hand")
            again = PlayerView.of(guess, seat)
            assert again == view, view_diff(again, view)
            assert guess.hands[me] == hand.hands[me]
            for p in range(hand.n):
                assert guess.sizes[p] == sum(guess.hands[p])
                assert all(guess.hands[p][k] >= guess.known[p][k] for k in range(KINDS))
            assert guess.stock[: hand.bottom_known] == hand.stock[: hand.bottom_known]
            if hand.current == me:
                # The seat to play has the same choices in any world it cannot tell apart.
                assert legal_actions(guess) == legal_actions(hand)


@examples(30)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_resample_does_not_reproduce_the_hidden_cards(rules: Rules, seed: int, steps: int) -> None:
    hand = mid_hand(rules, seed, steps)
    me = (hand.current + 1) % hand.n
    view = PlayerView.of(hand, hand.seats[me])
    unseen = view.unseen()
    if len(set(unseen)) < 2:
        return
    rng = random.Random(seed)
    guesses = [resample(view, rng) for _ in range(12)]
    hidden = [(tuple(map(tuple, g.hands)), tuple(g.stock)) for g in guesses]
    truth = (tuple(map(tuple, hand.hands)), tuple(hand.stock))
    assert sum(h == truth for h in hidden) <= 1, "resample keeps returning the true deal"
    stocks = {tuple(g.stock) for g in guesses}
    if len(hand.stock) - hand.bottom_known >= 2:
        assert len(stocks) > 1, "resample always gives the same stock order"
    seeds = {g.shuffle_seed for g in guesses}
    assert len(seeds) > 1 and hand.shuffle_seed not in seeds


def test_resample_hides_the_stock_order_of_a_fresh_deal() -> None:
    rules = Rules()
    hand = deal(rules, 1)
    view = PlayerView.of(hand, 0)
    tops = {resample(view, random.Random(i)).stock[-1] for i in range(40)}
    assert len(tops) > 5
    assert sum(resample(view, random.Random(i)).stock == hand.stock for i in range(40)) == 0
    # Nobody's hidden cards: the other players' counts stay, their cards do not.
    others = [tuple(resample(view, random.Random(i)).hands[1]) for i in range(20)]
    assert len(set(others)) > 1
    assert all(sum(h) == 13 for h in others)


def _joint_play(deal: Deal, me: int, seed: int, steps: int) -> None:
    """Play the same public moves in ``deal`` and in a world differing in hidden cards only;
    ``me`` must see the same thing in both after every move (until ``me`` draws blind)."""
    seat = deal.seats[me]
    rng = random.Random(seed)
    world = perturb_hidden(deal, me, rng)
    for _ in range(steps):
        if deal.over or (deal.current == me and deal.phase == "draw"):
            return
        action = choose(legal_actions(deal), rng, take_back=0.3)
        if world.check(action) is not None:
            return  # a move that needs a card this world does not give that player
        deal.apply(action)
        world.apply(action)
        a, b = PlayerView.of(deal, seat), PlayerView.of(world, seat)
        assert a == b, f"after {action} the view differs in {view_diff(a, b)}"


@PROPS
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_the_same_public_moves_give_the_same_view(rules: Rules, seed: int, steps: int) -> None:
    hand = mid_hand(rules, seed, steps)
    me = (hand.current + 1 + seed % (hand.n - 1)) % hand.n
    _joint_play(hand, me, seed, 60)


def _pozzo_lay_take_back(private_card: int) -> PlayerView:
    """Player 0 takes the 7♥ from the pozzo, lays it off, takes it back; seat 1 watches.

    Player 0 also holds ``private_card``, which nobody else has seen.
    """
    run = TableMeld.run(H, 4, 6)
    mine = [private_card, kind_of(C, 13), kind_of(D, 2), kind_of(S, 9)]
    hand = Deal.setup(
        Rules(players=2),
        [mine, [kind_of(S, 4), kind_of(S, 4)]],
        table=[run],
        pozzo=[kind_of(H, 7)],
        opened=[True, True],
    )
    for action in (TakePozzo(), LayOff(kind_of(H, 7), 0), TakeBack()):
        hand.apply(action)
    return PlayerView.of(hand, 1)


def test_a_take_back_does_not_reveal_a_private_copy_of_the_card() -> None:
    """Regression: the restored known cards were capped by the player's private count."""
    with_copy = _pozzo_lay_take_back(kind_of(H, 7))
    without = _pozzo_lay_take_back(kind_of(C, 3))
    assert with_copy.hand_sizes == without.hand_sizes
    assert with_copy == without, view_diff(with_copy, without)


@examples(150)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_a_take_back_looks_the_same_in_every_resampled_world(
    rules: Rules, seed: int, steps: int
) -> None:
    """Another player lays something and takes it back: a resampled world, rebuilt from the
    watcher's view mid-turn, ends up showing the watcher the same thing as the truth."""
    hand = mid_hand(rules, seed, steps)
    rng = random.Random(seed)
    if hand.phase == "draw":
        hand.apply(choose(legal_actions(hand), rng))
    if hand.over or hand.phase != PLAY:
        return
    melding = [a for a in legal_actions(hand) if not isinstance(a, Discard | TakeBack)]
    if not melding:
        return
    hand.apply(rng.choice(melding))
    if hand.over or not hand.turn.actions_now:
        return
    event("a take-back compared across worlds")
    for me, seat in enumerate(hand.seats):
        if me == hand.current:
            continue
        guess = resample(PlayerView.of(hand, seat), random.Random(seed + me))
        truth = hand.clone()
        truth.apply(TakeBack())
        guess.apply(TakeBack())
        a, b = PlayerView.of(truth, seat), PlayerView.of(guess, seat)
        assert a == b, view_diff(a, b)
        assert guess.card_counts() == truth.card_counts()


# The public view: what anyone may know ------------------------------------------------------


def whole_hand(rules: Rules, seed: int) -> list[tuple[Deal, object]]:
    """Every position of one random hand, deal to end, each with the action that led to it
    (``None`` for the deal); take-backs are played often, so positions after them occur."""
    hand = deal(rules, seed)
    rng = random.Random(seed ^ 0x5EE)
    out: list[tuple[Deal, object]] = [(hand.clone(), None)]
    for _ in range(1500):
        if hand.over:
            break
        action = choose(legal_actions(hand), rng, take_back=0.2, meld_bias=0.4)
        hand.apply(action)
        out.append((hand.clone(), action))
    return out


def check_public(deal: Deal, rng: random.Random) -> PlayerView:
    """Everything a public view must be, held against the true ``deal``."""
    pub = PlayerView.public(deal)
    # Nobody's cards: not a hand, not a hand at the draw.
    assert pub.me == -1 and pub.seat == -1 and not pub.my_turn
    assert pub.hand == ()
    assert pub.turn.start is None or pub.turn.start.hand is None
    # Known cards are exactly the publicly known ones, not what the players hold.
    assert pub.known == tuple(
        tuple(k for k in range(KINDS) for _ in range(deal.known[p][k])) for p in range(deal.n)
    )
    # The same public facts every player sees, field by field.
    for seat in deal.seats:
        mine = PlayerView.of(deal, seat)
        start = mine.turn.start
        blanked = replace(
            mine,
            seat=-1,
            me=-1,
            hand=(),
            turn=mine.turn._replace(start=None if start is None else start._replace(hand=None)),
        )
        assert pub == blanked, view_diff(pub, blanked)
    # Any world differing in anyone's private cards or the stock order looks the same.
    other = perturb_hidden(deal, -1, rng)
    assert PlayerView.public(other) == pub, view_diff(PlayerView.public(other), pub)
    return pub


@examples(40)
@given(rules=rules_strategy(), seed=st.integers(0, 2**32))
def test_a_public_view_holds_no_players_card_at_any_step(rules: Rules, seed: int) -> None:
    rng = random.Random(seed)
    for hand, action in whole_hand(rules, seed):
        check_public(hand, rng)
        event(f"phase {hand.phase}")
        if isinstance(action, TakePozzo | TakeBack):
            event(f"after {type(action).__name__}")


def test_public_views_are_checked_in_every_phase_after_pozzo_takes_and_take_backs() -> None:
    """The walk above does reach every kind of position (so its checks mean something)."""
    seen: set[str] = set()
    rng = random.Random(0)
    for seed in range(6):
        for hand, action in whole_hand(Rules(), seed):
            pub = check_public(hand, rng)
            seen.add(str(hand.phase))
            if isinstance(action, TakePozzo | TakeBack):
                seen.add(type(action).__name__)
            if pub.turn.start is not None and pub.phase == PLAY:
                seen.add("turn_start")
    assert {"draw", "play", "over", "TakePozzo", "TakeBack", "turn_start"} <= seen, seen


def test_a_public_view_of_a_match_watches_from_an_eliminated_seat() -> None:
    rules = Rules(players=3)
    match = Match(rules, seed=4)
    match.deal = deal_seats(rules, (0, 2))  # seat 1 sits this hand out
    pub = PlayerView.public_of_match(match, 1)
    assert pub.seat == 1 and pub.me == -1 and pub.hand == () and pub.is_public
    played = PlayerView.of_match(match, 0)
    assert (pub.scores, pub.eliminated, pub.dealer, pub.hand_number) == (
        played.scores,
        played.eliminated,
        played.dealer,
        played.hand_number,
    )
    assert pub.hand_sizes == (13, 13) and pub.pozzo == played.pozzo


def deal_seats(rules: Rules, seats: tuple[int, ...]) -> Deal:
    deck = pack_list(rules.decks, rules.joker_count)
    random.Random(7).shuffle(deck)
    return Deal.deal(rules, deck, seats=seats)


def test_a_player_gets_its_own_view_and_search_refuses_a_public_one() -> None:
    hand = deal_seats(Rules(players=3), (0, 2))
    with pytest.raises(ValueError, match="plays this hand"):
        PlayerView.public(hand, 2)
    with pytest.raises(ValueError, match="does not play"):
        PlayerView.of(hand, 1)
    with pytest.raises(ValueError, match="public view"):
        resample(PlayerView.public(hand, 1), random.Random(0))
    assert not PlayerView.of(hand, 0).is_public
