"""A hint, a move and a refusal in the terminal's words: the catalogue's messages, the
same the pages use, in every language; English as the terminal always said it."""

from __future__ import annotations

import random

import pytest

from scala40.bots import GreedyBot
from scala40.bots.heuristic import hint
from scala40.bots.reasons import Reason, Why
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
from scala40.engine.cards import JOKER
from scala40.engine.errors import PROBLEMS, IllegalAction, Refusal
from scala40.engine.legal import legal_actions
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView, resample
from scala40.notation.actions import describe_action
from scala40.notation.cards import parse_card, parse_cards
from scala40.notation.melds import parse_table_meld
from scala40.words import Words, languages
from scala40.words.hints import (
    hint_words,
    move_words,
    reason_words,
    refusal_words,
    suggestion_words,
)

ENGLISH = Words("en")
ITALIAN = Words("it")


def card(text: str) -> int:
    return parse_card(text)


def test_a_discard_reason_reads_as_the_page_words_it() -> None:
    """``hintwhy.discard`` with its card and the reasons under it joined by
    ``hintwhy.and``, as ``wording.js`` composes it."""
    why = Reason(
        Why.DISCARD,
        card=card("7C"),
        because=(Reason(Why.FITS_NOTHING), Reason(Why.COSTS, number=7)),
    )
    assert reason_words(ITALIAN, why) == (
        "scarta la carta 7♣: non si lega a niente e ti costa 7 punti se la mano finisce"
    )
    assert reason_words(ENGLISH, why) == (
        "discard the 7♣: it fits nothing and it costs 7 if the hand ends"
    )


def test_a_reasons_facts_fill_every_blank() -> None:
    meld = parse_table_meld("JK 8S 9S")
    assert reason_words(ITALIAN, Reason(Why.LAY_OFF, card=card("10S"), melds=(meld,))) == (
        "attacca la carta 10♠ a JK=7♠ 8♠ 9♠"
    )
    assert reason_words(ITALIAN, Reason(Why.NEXT_NOT_PICKED, number=1)) == (
        "il giocatore dopo di te non ha raccolto carte di questo valore (assi)"
    )
    assert reason_words(ITALIAN, Reason(Why.WAITS_SET)) == (
        "aspetta un tris, ma tutte le carte che le servono sono uscite"
    )
    waits = Reason(Why.WAITS_RUN, cards=tuple(parse_cards("6H 9H")), number=3)
    assert reason_words(ITALIAN, waits) == "aspetta solo 6♥, 9♥ (3 non ancora uscite)"
    taken = Reason(Why.TAKE_POZZO, card=JOKER, because=(Reason(Why.POZZO_FREE_JOKER),))
    assert reason_words(ITALIAN, taken).startswith("prendi la carta Jolly dal pozzo: ")
    steps = [Reason(Why.STOCK_POZZO_EMPTY), Reason(Why.DISCARD_LAST, card=card("KD"))]
    assert hint_words(ITALIAN, steps) == (
        "pesca dal tallone: il pozzo è vuoto; poi scarta la carta K♦"
    )


@pytest.mark.parametrize("lang", languages())
def test_every_reason_and_refusal_code_has_its_message(lang: str) -> None:
    words = Words(lang)
    for why in Why:
        assert words.has(f"hintwhy.{why.value}"), why
    for code in Refusal:
        assert words.has(f"refuse.{code.value}"), code
    for code, problems in PROBLEMS.items():
        for problem in problems:
            assert words.has(f"refuse.{code.value}.{problem.value}"), (code, problem)


@pytest.mark.parametrize("lang", languages())
def test_every_hint_of_two_hands_is_worded_whole(lang: str) -> None:
    """Over two hands every hint's reasons are worded with every blank filled."""
    words = Words(lang)
    rules = Rules.build(None, {"players": 2})
    bot = GreedyBot()
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match(rules, seed=seed)
        while not match.over and match.hand_number == 1:
            view = PlayerView.of_match(match, match.current_seat)
            found = hint(view, random.Random(0))
            text = hint_words(words, found.reasons)
            assert text and "{" not in text, text
            assert suggestion_words(words, found.action)
            match.apply(bot.choose(view, rng))


def test_a_refusal_is_the_engines_sentence_in_english_and_the_catalogues_otherwise() -> None:
    refused = IllegalAction(
        Refusal.INVALID_MELD,
        "a meld needs at least 3 cards",
        {"problem": "too_few", "cards": tuple(parse_cards("QH JK"))},
    )
    assert refusal_words(ENGLISH, refused) == "a meld needs at least 3 cards"
    assert refusal_words(ITALIAN, refused) == ("Una combinazione vuole almeno 3 carte: Q♥ JK.")
    plain = IllegalAction(Refusal.DRAW_FIRST, "draw a card first")
    assert refusal_words(ITALIAN, plain) == "Prima pesca una carta (dal tallone o dal pozzo)."
    fits = IllegalAction(Refusal.DOES_NOT_FIT, "the run 8♠ 9♠ 10♠ does not take the 7♣")
    assert refusal_words(ITALIAN, fits) == (
        "Quella carta non si può attaccare a quella combinazione."
    )


def every_kind_of_move() -> list[tuple[Action, int | None, int | None]]:
    """One move of each kind (and each lay-off end), with the pozzo's top and the card
    drawn where the teller may know them."""
    run = MeldSpec(tuple(parse_cards("7S 8S JK")), (None, None, card("9S")))
    return [
        (DrawStock(), None, None),
        (DrawStock(), None, card("QS")),
        (TakePozzo(), card("7C"), None),
        (Open((run, MeldSpec(tuple(parse_cards("KH KD KC"))))), None, None),
        (Meld(run), None, None),
        (LayOff(card("6S"), 2), None, None),
        (LayOff(JOKER, 1, "low", card("5S")), None, None),
        (LayOff(card("10S"), 0, "high"), None, None),
        (SwapJoker(card("9S"), 1), None, None),
        (Discard(card("QS")), None, None),
        (TakeBack(), None, None),
    ]


def test_english_moves_are_told_as_the_notation_tells_them() -> None:
    """The English log is unchanged: a bot's move reads as the notation describes it."""
    for action, top, drawn in every_kind_of_move():
        told = move_words(ENGLISH, action, "Bot 1", pozzo_top=top, drawn=drawn)
        assert told == f"Bot 1 {describe_action(action, top, drawn)}"


def test_every_move_is_told_in_italian_by_name_and_to_the_person() -> None:
    told = [
        (
            move_words(ITALIAN, action, "Bot 1", pozzo_top=top, drawn=drawn),
            move_words(ITALIAN, action, pozzo_top=top, drawn=drawn),
        )
        for action, top, drawn in every_kind_of_move()
    ]
    assert told[1] == ("Bot 1 pesca Q♠ dal tallone", "Peschi Q♠ dal tallone")
    assert told[6] == (
        "Bot 1 attacca JK=5♠ alla combinazione 1 (in basso)",
        "Attacchi JK=5♠ alla combinazione 1 (in basso)",
    )
    assert told[8][1] == "Cambi 9♠ con il jolly della combinazione 1"
    for theirs, mine in told:
        assert theirs.startswith("Bot 1 ") and "{" not in theirs + mine
        assert not mine.startswith(("Bot", "You"))


def test_the_suggested_move_of_every_kind_in_italian() -> None:
    words = [suggestion_words(ITALIAN, action) for action, _, _ in every_kind_of_move()]
    assert words[0] == "Pesca dal tallone" and words[-2] == "Scarta Q♠"
    assert words[5] == "Attacca 6♠ alla combinazione 2"
    assert all(w and "{" not in w for w in words)


def test_every_legal_move_of_a_hand_is_told_in_both_languages() -> None:
    rules = Rules.build(None, {"players": 2})
    match = Match(rules, seed=3)
    rng = random.Random(3)
    bot = GreedyBot()
    while not match.over and match.hand_number == 1:
        view = PlayerView.of_match(match, match.current_seat)
        top = view.pozzo[-1] if view.pozzo else None
        for action in legal_actions(resample(view, rng)):
            for words in (ENGLISH, ITALIAN):
                assert "{" not in move_words(words, action, "Ada", pozzo_top=top)
        match.apply(bot.choose(view, rng))
