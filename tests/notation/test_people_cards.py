"""Cards as people write them on a score sheet: the language decides the suit letters;
symbols and suit words read the same in both; a bad card is named in the language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scala40.engine.cards import JOKER, KINDS
from scala40.notation.cards import format_cards, parse_cards
from scala40.notation.people import (
    CardTextError,
    Form,
    Lang,
    format_people_card,
    parse_people_cards,
)


def pretty(text: str, lang: Lang) -> str:
    return format_cards(parse_people_cards(text, lang), pretty=True)


def test_the_language_decides_what_a_suit_letter_means() -> None:
    # The case: an Italian reads 4C as the 4 of cuori (hearts).
    assert pretty("4C", Lang.IT) == "4♥"
    assert pretty("4C", Lang.EN) == "4♣"
    assert pretty("4c qq 10f ap", Lang.IT) == "4♥ Q♦ 10♣ A♠"
    assert pretty("4h QD 10c as", Lang.EN) == "4♥ Q♦ 10♣ A♠"


def test_letters_of_the_other_language_are_not_guessed() -> None:
    with pytest.raises(CardTextError) as it:
        parse_people_cards("4H", Lang.IT)  # H is no Italian suit
    assert it.value.card == "4H"
    with pytest.raises(CardTextError):
        parse_people_cards("4F", Lang.EN)  # nor F an English one
    with pytest.raises(CardTextError):
        parse_people_cards("QP", Lang.EN)


def test_symbols_and_words_read_the_same_in_both_languages() -> None:
    written = "4♥ 5 ♦ 6 fiori 7 di picche 8cuori 9 hearts 10 of clubs J♠️ K♡ jolly joker JK"
    want = "4♥ 5♦ 6♣ 7♠ 8♥ 9♥ 10♣ J♠ K♥ JK JK JK"
    assert pretty(written, Lang.IT) == want
    assert pretty(written, Lang.EN) == want
    assert pretty("2 Cuori, 3 QUADRI", Lang.EN) == "2♥ 3♦"


def test_a_bad_card_is_named_in_the_language() -> None:
    with pytest.raises(CardTextError) as it:
        parse_people_cards("4C 3X", Lang.IT)
    assert str(it.value) == 'non è una carta: "3X"' and it.value.card == "3X"
    with pytest.raises(CardTextError) as en:
        parse_people_cards("4C 3X", Lang.EN)
    assert str(en.value) == 'not a card: "3X"'
    for bad in ("4 C", "4 di", "di cuori", "JK=7D", "1C", "11H", "cuori"):
        with pytest.raises(CardTextError):
            parse_people_cards(bad, Lang.IT)


def test_english_reads_everything_the_canonical_card_text_reads() -> None:
    every = " ".join(format_cards([k]) for k in range(KINDS))
    assert parse_people_cards(every, Lang.EN) == parse_cards(every)
    assert parse_people_cards("", Lang.IT) == []


kinds = st.lists(st.integers(0, KINDS - 1), max_size=14)


@given(kinds, st.sampled_from(list(Lang)), st.lists(st.sampled_from(list(Form)), min_size=1))
def test_cards_written_in_a_language_read_back_the_same(
    cards: list[int], lang: Lang, forms: list[Form]
) -> None:
    """Format each card in the language (its letter, symbol or words, mixed), separated
    by spaces or commas, and read the whole text back in that language."""
    text = ", ".join(
        format_people_card(k, lang, forms[i % len(forms)]) for i, k in enumerate(cards)
    )
    assert parse_people_cards(text, lang) == cards


@given(st.integers(0, KINDS - 1).filter(lambda k: k != JOKER))
def test_the_same_letters_mean_different_cards_in_the_two_languages(kind: int) -> None:
    italian = format_people_card(kind, Lang.IT)
    english = format_people_card(kind, Lang.EN)
    assert parse_people_cards(italian, Lang.IT) == parse_people_cards(english, Lang.EN) == [kind]
    assert format_people_card(kind, Lang.IT, Form.SYMBOL) == format_cards([kind], pretty=True)
