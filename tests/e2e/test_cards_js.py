"""The browser's card model (static/js/cards.js) agrees with the engine.

The table page counts an opening's points and asks "which end?" before anything reaches
the server; if it counted differently from the engine a player would see "42 points,
enough to open" and then be refused. Each check runs the page's own module in chromium
on melds the engine built, and compares with what the engine says.
"""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Browser

from scala40.engine.cards import HIGH_ACE, JOKER, kind_of
from scala40.engine.melds import SWAP, TableMeld, build_meld, fit_map
from scala40.engine.rules import Rules
from scala40.notation.cards import format_card, parse_cards
from scala40.notation.codec import table_meld_to_dict

# RULES.md §5's worked examples: the melds of an opening and their total.
WORKED_EXAMPLES = [
    (["KS KH KC", "3S 4S 5S"], 42),
    (["KS KH KC"], 30),
    (["10S 10H 10C 10D"], 40),
    (["AS AH AC"], 33),
    (["AS AH AC AD"], 44),
    (["QH KH AH", "2C 3C 4C"], 40),
    (["QH KH AH", "AC 2C 3C"], 37),
    (["9C 10C JC QC"], 39),
    (["9C 10C JC QC KC"], 49),
    (["JS QS JK", "5H 6H 7H"], 48),
    (["4S 4H 4C", "3D 4D 5D 6D 7D"], 37),
    (["KH QH JH", "7S 7D 7C"], 51),
    (["2D 3D 4D 5D 6D 7D 8D"], 35),
]

RUN_JS = """async (cases) => {
    const m = await import("/static/js/cards.js");
    return cases.map((c) => {
        const plan = m.planMeld(c.hand, { maxJokers: 1 });
        return {
            points: m.meldPoints(c.table, c.faces),
            plan: plan.ok ? plan.options : null,
            planPoints: plan.ok ? plan.options.map((o) => m.meldPoints(o, c.faces)) : null,
            fits: c.probe.map((t) => ({
                ends: m.layoffChoices({ kind: c.kind, cards: c.table }, t).map((o) => o.end),
                swap: m.swapsJoker({ kind: c.kind, cards: c.table }, t),
            })),
        };
    });
}"""


def _random_meld(rng: random.Random) -> TableMeld:
    """A run or a set, with or without its one joker, anywhere a table may hold one."""
    joker = rng.random() < 0.5
    if rng.random() < 0.6:
        suit = rng.randrange(4)
        length = rng.randint(3, 14)
        lo = rng.randint(1, HIGH_ACE - length + 1)
        hi = lo + length - 1
        # A natural ace at each end is a rule variant; a joker stands for one of them.
        if lo == 1 and hi == HIGH_ACE:
            return TableMeld.run(suit, lo, hi, [rng.choice([lo, hi])])
        jokers = [rng.randint(lo, hi)] if joker else []
        return TableMeld.run(suit, lo, hi, jokers)
    rank = rng.randint(1, 13)
    suits = rng.sample(range(4), rng.choice([3, 4]))
    return TableMeld.set_of(rank, suits, [rng.choice(suits)] if joker else [])


def _case(meld: TableMeld, faces: str) -> dict[str, Any]:
    table = table_meld_to_dict(meld)["cards"]
    hand = ["JK" if t.startswith("JK") else t for t in table]
    random.Random(len(table)).shuffle(hand)
    return {
        "kind": meld.kind,
        "table": table,
        "hand": hand,
        "faces": faces,
        "probe": [format_card(k) for k in range(52)],
    }


def test_worked_opening_examples_count_as_the_rules_say(server: str, browser: Browser) -> None:
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    cases = []
    for melds, _total in WORKED_EXAMPLES:
        for text in melds:
            built = build_meld(parse_cards(text.replace("JK", "")) + [JOKER] * text.count("JK"))
            cases.append(_case(built, "standard") | {"hand": text.split()})
    got = page.evaluate(RUN_JS, cases)
    i = 0
    for melds, total in WORKED_EXAMPLES:
        counted = 0
        for _ in melds:
            assert got[i]["plan"] is not None, cases[i]["hand"]
            counted += max(got[i]["planPoints"])
            i += 1
        assert counted == total, melds
    page.close()


def test_points_readings_and_fits_agree_with_the_engine(server: str, browser: Browser) -> None:
    rng = random.Random(40)
    melds = [_random_meld(rng) for _ in range(150)]
    cases = [_case(m, faces) for m in melds for faces in ("standard", "high")]
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    got = page.evaluate(RUN_JS, cases)
    page.close()
    for meld, case, out in zip([m for m in melds for _ in range(2)], cases, got, strict=True):
        rules = Rules(face_values=case["faces"])
        where = f"{case['table']} ({case['faces']})"
        assert out["points"] == meld.points(rules), where
        # Chosen from the hand in any order, the cards read as this meld among the options.
        assert out["plan"] is not None, where
        if meld.is_run:
            assert case["table"] in out["plan"], where
        else:
            assert sorted(case["table"]) in [sorted(o) for o in out["plan"]], where
        if case["faces"] != "standard" or (meld.is_run and meld.lo <= 2 and meld.hi >= 13):
            continue  # fits do not depend on face values; both-aces runs are a rule variant
        fits = fit_map(meld, Rules())
        for k in range(52):
            engine = fits.get(k, [])
            ends = sorted(e for e in engine if e in ("low", "high"))
            page_ends = sorted(e for e in out["fits"][k]["ends"] if e)
            assert page_ends == ends, f"{format_card(k)} on {where}"
            if not meld.is_run:
                laid = None in engine
                assert (out["fits"][k]["ends"] == [None]) == laid, f"{format_card(k)} on {where}"
            assert out["fits"][k]["swap"] == (SWAP in engine), f"{format_card(k)} on {where}"


def test_a_joker_laid_off_names_its_place(server: str, browser: Browser) -> None:
    """A joker on a run goes to either free end; on a set of three it takes a missing suit."""
    run = TableMeld.run(3, 5, 7)  # 5♠ 6♠ 7♠
    top = TableMeld.run(0, 12, HIGH_ACE)  # Q♥ K♥ A♥
    trio = TableMeld.set_of(9, [0, 2, 3])  # 9♥ 9♣ 9♠
    page = browser.new_page()
    page.goto(server + "/static/table.html")
    got = page.evaluate(
        """async (melds) => {
            const m = await import("/static/js/cards.js");
            return melds.map((x) => m.layoffChoices(x, "JK"));
        }""",
        [{"id": i, **table_meld_to_dict(m)} for i, m in enumerate((run, top, trio))],
    )
    page.close()
    assert [(o["end"], o["as"]) for o in got[0]] == [("low", "4S"), ("high", "8S")]
    assert [(o["end"], o["as"]) for o in got[1]] == [("low", "JH")]
    assert [o["declared"] for o in got[2]] == [format_card(kind_of(1, 9))]
