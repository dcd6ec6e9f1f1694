"""A hint says the same facts in every language: the reasons cross the socket as codes and
values, and the page words them (English and Italian) as the terminal does (English).

Over many positions of real play the club player's hints are sent through the wire's
JSON and worded by the page's own modules (``static/js/table/wording.js`` run by Node);
every card, meld card, number and rank a reason names must be in the English and in the
Italian sentence, and in the terminal's English.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

from scala40.bots import GreedyBot
from scala40.bots.heuristic import HeuristicBot
from scala40.bots.reasons import Why
from scala40.engine.match import Match
from scala40.engine.rules import Rules
from scala40.engine.views import PlayerView
from scala40.server.wire.hint import reason_json

ROOT = Path(__file__).parents[2]
SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RANKED = {Why.NEXT_NOT_PICKED.value, Why.NEXT_NOT_PICKED_NOR_LAYS.value}
"""Reasons whose number is a rank (worded as the rank's name, not as a figure)."""

WORDING = """
import { freshStorage, speak } from "./tests/js/support.mjs";
import { dictionary } from "./src/scala40/server/static/js/i18n.js";
import { hintReasonsText } from "./src/scala40/server/static/js/table/wording.js";
let input = "";
for await (const chunk of process.stdin) input += chunk;
freshStorage();
const out = [];
for (const reasons of JSON.parse(input)) {
  const row = {};
  for (const lang of ["en", "it"]) {
    speak(lang);
    const words = dictionary(lang);
    row[lang] = hintReasonsText(reasons);
    row[lang + "_ranks"] = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [i + 1, words[`say.many.${i + 1}`]]));
  }
  out.push(row);
}
process.stdout.write(JSON.stringify(out));
"""


def _positions_hints() -> tuple[list[list[dict[str, Any]]], list[str]]:
    """The hints' reasons (as the wire sends them) and English texts at every move of
    three two-player hands and one four-player hand."""
    sent: list[list[dict[str, Any]]] = []
    texts: list[str] = []
    adviser = HeuristicBot()
    for seed, players in ((1, 2), (2, 2), (3, 2), (4, 4)):
        rules = Rules.build(None, {"players": players})
        match = Match(rules, seed=seed)
        rng = random.Random(seed)
        bot = GreedyBot()
        while not match.over and match.hand_number == 1:
            view = PlayerView.of_match(match, match.current_seat)
            found = adviser.hint(view, random.Random(seed))
            sent.append([reason_json(r) for r in found.reasons])
            texts.append(found.text)
            match.apply(bot.choose(view, rng))
    return sent, texts


def _pretty(card: str) -> str:
    """A card text as people read it in both languages: "7H" is 7♥ (a joker's identity)."""
    card = card.split("=")[-1]
    return card[:-1] + SUITS[card[-1]] if card != "JK" else ""


def _facts(
    reason: dict[str, Any], cards: Counter[str], numbers: list[int], ranks: list[int]
) -> set[str]:
    """Adds what ``reason`` names (and those under it) to the counts; returns its codes."""
    named = [reason.get("card", "JK"), *reason.get("cards", [])]
    named += [c for meld in reason.get("melds", []) for c in meld]
    cards.update(p for p in map(_pretty, named) if p)
    if "number" in reason:
        (ranks if reason["code"] in RANKED else numbers).append(reason["number"])
    codes = {reason["code"]}
    for under in reason.get("because", []):
        codes |= _facts(under, cards, numbers, ranks)
    return codes


def _has_number(text: str, n: int) -> bool:
    return re.search(rf"(?<![\w]){n}(?![\w♥♦♣♠])", text) is not None


def test_the_italian_and_english_hints_carry_the_same_facts() -> None:
    sent, english = _positions_hints()
    assert len(sent) > 150
    run = subprocess.run(
        ["node", "--input-type=module", "-e", WORDING],
        input=json.dumps(sent),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    worded = json.loads(run.stdout)
    codes: set[str] = set()
    for reasons, words, terminal in zip(sent, worded, english, strict=True):
        assert reasons, terminal
        cards: Counter[str] = Counter()
        numbers: list[int] = []
        ranks: list[int] = []
        for reason in reasons:
            codes |= _facts(reason, cards, numbers, ranks)
        for lang in ("en", "it"):
            text = words[lang]
            assert text and "hintwhy." not in text, (lang, reasons)
            for card, times in cards.items():
                assert text.count(card) >= times, (lang, card, text)
            for n in numbers:
                assert _has_number(text, n), (lang, n, text)
            for rank in ranks:
                assert words[f"{lang}_ranks"][str(rank)] in text, (lang, rank, text)
        for card, times in cards.items():
            assert terminal.count(card) >= times, (card, terminal)
        assert all(_has_number(terminal, n) for n in numbers), terminal
        assert words["en"].count(";") == words["it"].count(";") == terminal.count(";"), words
        assert not re.search(r"\b(the|discard|stock|lay|next player)\b", words["it"]), words["it"]
    # The positions reach the draw, the pozzo, openings, lay-offs and the discard's notes.
    assert {"stock_pozzo_useless", "open", "discard", "fits_nothing"} <= codes
    assert len(codes) >= 12, codes
