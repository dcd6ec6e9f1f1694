"""Every rule key and value in plain words, in English and Italian (docs/rules.md, /rules).

The lobby's rules form shows these sentences instead of key names, so a player can set up
the table their family plays without reading the rule book. ``rules_catalogue()`` is what
``GET /api/rules`` answers; a test checks that every engine key and choice has its words.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Final

from scala40.engine.rules import CHOICES, NUMBER_RANGES, PRESETS, Rules

LABELS: Final[dict[str, tuple[str, str]]] = {
    "players": ("Players at the table", "Giocatori al tavolo"),
    "jokers": (
        "Jokers in the pack (empty: two per deck)",
        "Jolly nel mazzo (vuoto: due per mazzo)",
    ),
    "decks": ("Decks of cards (3 for crowded tables)", "Mazzi di carte (3 per tavoli affollati)"),
    "no_joker_first_discard": (
        "A joker turned up at the deal goes back into the stock",
        "Un jolly scoperto alla distribuzione torna nel tallone",
    ),
    "first_pozzo_free": (
        "The first player may take the turned-up card and keep it",
        "Il primo giocatore può prendere la carta scoperta e tenerla",
    ),
    "face_values": ("Value of the face cards and aces", "Valore di figure e assi"),
    "lone_ace_counts_one": (
        "A lone ace left in hand costs 1, not 11",
        "Un asso rimasto da solo in mano costa 1, non 11",
    ),
    "jokers_per_meld": ("Most jokers in one meld", "Massimo di jolly in una combinazione"),
    "min_naturals": (
        "Fewest natural cards in a meld (with several jokers per meld)",
        "Minimo di carte naturali in una combinazione (con più jolly)",
    ),
    "two_natural_aces_in_run": (
        "A run may hold both natural aces (A-2-…-K-A)",
        "Una scala può avere entrambi gli assi naturali (A-2-…-K-A)",
    ),
    "max_run_length_5": (
        "Runs are at most 5 cards long",
        "Le scale hanno al massimo 5 carte",
    ),
    "complete_set_to_stock": (
        "A set completed to four goes under the stock",
        "Un tris completato a quattro va sotto il tallone",
    ),
    "fit_discard_ban": (
        "You may not discard a card that fits a meld on the table",
        "Non si può scartare una carta che si attacca a una combinazione in tavola",
    ),
    "opening_points": ("Points needed to open", "Punti per aprire"),
    "open_from_pozzo": (
        "Taking the pozzo card before you have opened",
        "Prendere dal pozzo prima di aver aperto",
    ),
    "keep_pozzo_card": (
        "The card taken from the pozzo may stay in hand",
        "La carta presa dal pozzo può restare in mano",
    ),
    "open_without_jokers": ("Jokers in the opening", "Jolly nell'apertura"),
    "keep_swapped_joker": (
        "A joker won by a swap may be kept in hand",
        "Il jolly preso con uno scambio si può tenere in mano",
    ),
    "go_out_without_discard": (
        "Laying down the whole hand goes out without a discard",
        "Calare tutta la mano chiude senza scartare",
    ),
    "stock_out": ("When the stock runs out", "Quando finisce il tallone"),
    "reshuffle_limit": (
        "Times a hand may rebuild its stock from the pozzo (then it ends and everybody counts)",
        "Volte che una mano può rifare il tallone dal pozzo (poi finisce e tutti contano)",
    ),
    "unopened_penalty": (
        "What a player who has not opened pays",
        "Quanto paga chi non ha aperto",
    ),
    "chiusura_in_mano_double": (
        "After a chiusura in mano, opened players pay double",
        "Dopo una chiusura in mano chi ha aperto paga doppio",
    ),
    "elimination": ("A player is out at this total", "Si è eliminati a questo punteggio"),
    "reentry": (
        "An eliminated player may re-enter at the highest score still in play",
        "Chi è eliminato può rientrare col punteggio più alto in gioco",
    ),
    "reentry_limit": ("Re-entries allowed per player", "Rientri concessi a ogni giocatore"),
    "single_hand": (
        "One hand only: whoever goes out wins",
        "Una sola mano: vince chi chiude",
    ),
    "target_total": (
        "No elimination: play until someone reaches this total, lowest wins",
        "Niente eliminazione: si gioca finché qualcuno arriva a questo totale, vince il più basso",
    ),
    "fixed_hands": (
        "Play this many hands, lowest total wins",
        "Si giocano queste mani, vince il totale più basso",
    ),
    "partnerships": ("Play in pairs (or teams of three)", "Si gioca a coppie (o a squadre di tre)"),
    "team_score": ("A team's score for a hand", "Punteggio di squadra in una mano"),
}

VALUE_LABELS: Final[dict[str, dict[Any, tuple[str, str]]]] = {
    "face_values": {
        "standard": ("J, Q, K 10; ace 1 or 11", "J, Q, K 10; asso 1 o 11"),
        "high": ("J 11, Q 12, K 13, ace 14", "J 11, Q 12, K 13, asso 14"),
    },
    "fit_discard_ban": {
        "fisca": (
            "Before opening; always with 3+ (FISCA)",
            "Prima di aprire; in 3 o più sempre (FISCA)",
        ),
        "unopened_only": ("Only before opening", "Solo prima di aprire"),
        "always": ("Always", "Sempre"),
        "never": ("Never banned", "Mai vietato"),
    },
    "open_from_pozzo": {
        "no": ("Not allowed", "Non permesso"),
        "opening": (
            "If the card is in the opening (FISCA variant)",
            "Se la carta è nell'apertura (variante FISCA)",
        ),
        "any_use": (
            "If you open and use the card this turn",
            "Se apri e usi la carta in questo turno",
        ),
        "keep": (
            "If you open this turn; the card may stay",
            "Se apri nel turno; la carta può restare",
        ),
    },
    "open_without_jokers": {
        "no": ("Jokers count toward the opening", "I jolly contano per l'apertura"),
        "fisca": (
            "Only if the melds without jokers suffice",
            "Solo se bastano quelle senza jolly",
        ),
        "strict": (
            "No joker anywhere in the turn you open",
            "Nessun jolly nel turno in cui apri",
        ),
    },
    "go_out_without_discard": {
        False: ("No: the last card must be discarded", "No: l'ultima carta va scartata"),
        True: ("Yes", "Sì"),
        "double": ("Yes, and the others pay double", "Sì, e gli altri pagano doppio"),
    },
    "stock_out": {
        "reshuffle": (
            "The pozzo is shuffled into a new stock",
            "Il pozzo si rimescola nel tallone",
        ),
        "end_hand": ("The hand ends and everybody counts", "La mano finisce e tutti contano"),
    },
    "unopened_penalty": {
        "count": ("The cards in hand, like everyone", "Le carte in mano, come tutti"),
        "flat100": ("A flat 100", "100 fissi"),
        "double": ("Double the cards in hand", "Il doppio delle carte in mano"),
    },
    "team_score": {
        "sum": ("The sum of its members' hands", "La somma delle mani dei compagni"),
        "worst": ("Its worst member's hand", "La mano peggiore dei compagni"),
    },
}

PRESET_LABELS: Final[dict[str, tuple[str, str]]] = {
    "fisca": ("FISCA tournament rules", "Regolamento FISCA"),
    "house": ("House rules (the common home table)", "Regole di casa (il tavolo di casa)"),
}

NONE_LABELS: Final[dict[str, tuple[str, str]]] = {
    "jokers": ("two per deck", "due per mazzo"),
    "reshuffle_limit": ("no limit", "nessun limite"),
}
"""What ``none`` stands for, for the number keys that take it and need saying."""


def _number_entry(name: str) -> dict[str, Any]:
    """A number key's type and bounds, read from the engine's one declaration of them."""
    span = NUMBER_RANGES[name]
    entry: dict[str, Any] = {
        "type": "integer" + "_or_null" * span.none_ok + "_or_any" * span.any_ok,
        "min": span.low,
        "max": span.high,
    }
    if span.high_with_decks:
        entry["max_with_decks"] = {str(decks): top for decks, top in span.high_with_decks}
    if name in NONE_LABELS:
        entry["none_label_en"], entry["none_label_it"] = NONE_LABELS[name]
    if span.high is not None and span.high - span.low <= 1:  # decks: 2 or 3
        entry["choices"] = [
            {"value": v, "label_en": str(v), "label_it": str(v)}
            for v in range(span.low, span.high + 1)
        ]
    return entry


def _key_entry(name: str, default: Any) -> dict[str, Any]:
    en, it = LABELS[name]
    entry: dict[str, Any] = {"key": name, "default": default, "label_en": en, "label_it": it}
    if name in CHOICES:
        entry["choices"] = [
            {"value": v, "label_en": VALUE_LABELS[name][v][0], "label_it": VALUE_LABELS[name][v][1]}
            for v in CHOICES[name]
        ]
    elif name in NUMBER_RANGES:
        entry.update(_number_entry(name))
    else:
        entry["type"] = "boolean"
    return entry


def rules_catalogue() -> dict[str, Any]:
    """``{"presets": {...}, "keys": [...]}``: every rule key with its words and choices."""
    default = Rules()
    return {
        "presets": {
            name: {
                "label_en": PRESET_LABELS[name][0],
                "label_it": PRESET_LABELS[name][1],
                "changes": dict(changes),
            }
            for name, changes in PRESETS.items()
        },
        "keys": [_key_entry(f.name, getattr(default, f.name)) for f in fields(Rules)],
    }


def _value_words(key: str, value: Any) -> str:
    if key in VALUE_LABELS and value in VALUE_LABELS[key]:
        return VALUE_LABELS[key][value][0]
    if value is None and key in NONE_LABELS:
        return NONE_LABELS[key][0]
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def rules_facts(preset: str, rules: Rules) -> dict[str, Any]:
    """What :func:`rules_summary` says, as values the pages word in their own language.

    ``preset``, ``opening_points``, the match's end (``single_hand``, ``target_total``,
    ``fixed_hands``, ``elimination``) and ``changes``: every other key whose value differs
    from the preset's (the pages word those with the labels of ``GET /api/rules``).
    """
    base = PRESETS.get(preset, {})
    shown = {"players", "opening_points", "elimination", "single_hand", "target_total"}
    shown.add("fixed_hands")
    return {
        "preset": preset,
        "opening_points": rules.opening_points,
        "single_hand": bool(rules.single_hand),
        "target_total": rules.target_total,
        "fixed_hands": rules.fixed_hands,
        "elimination": rules.elimination,
        "changes": {
            key: value
            for key, value in rules.changes().items()
            if key not in shown and base.get(key) != value
        },
    }


def rules_summary(preset: str, rules: Rules) -> str:
    """One line in plain English: the preset, the opening, the limit, and what else changed."""
    base = PRESETS.get(preset, {})
    parts = [
        PRESET_LABELS.get(preset, (preset, preset))[0],
        f"{_count(rules.opening_points, 'point')} to open",
    ]
    if rules.single_hand:
        parts.append("one hand")
    elif rules.target_total is not None:
        parts.append(f"lowest total when someone reaches {rules.target_total}")
    elif rules.fixed_hands is not None:
        parts.append(_count(rules.fixed_hands, "hand"))
    else:
        parts.append(f"out at {rules.elimination}")
    shown = {"players", "opening_points", "elimination", "single_hand", "target_total"}
    shown.add("fixed_hands")
    for key, value in rules.changes().items():
        if key in shown or base.get(key) == value:
            continue
        parts.append(f"{LABELS[key][0]}: {_value_words(key, value)}")
    return "; ".join(parts)


def _count(n: int, noun: str) -> str:
    """``1 point``, ``2 points``: a count with its noun in the right number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
