"""The rules page of the web app: every rule and every rule key, in English and Italian.

``GET /api/rulebook`` answers :func:`rule_book`, and ``/rules`` (static ``rules.html``
with ``js/rules.js``) draws it in the page's language. The book is kept here, as data, so
the page cannot drift from the program: the keys, their defaults, values and plain-word
labels come from the engine's ``Rules`` through :func:`rules_catalogue`, and the numbers a
section quotes (the points to open, the elimination total, the rebuild limit) are the
engine's defaults, filled in when the book is built. What is written here is only what
the engine cannot say: a player's explanation and an example for each rule.

Every section and every key has an anchor (``/rules#opening``, ``/rules#fit_discard_ban``)
that the lobby's "?" links, the table's "why?" links (:data:`REFUSAL_ANCHORS`, one target
for each engine refusal) and the guided first hand point to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from scala40.engine.errors import Refusal
from scala40.engine.rules import KEYS, Rules
from scala40.rulebook.labels import rules_catalogue

Words = tuple[str, str]
"""A text in English and in Italian."""


@dataclass(frozen=True)
class Section:
    """One chapter of the rules: its anchor, title, paragraphs and one example."""

    anchor: str
    title: Words
    text: tuple[Words, ...]
    example: Words


SECTIONS: Final[tuple[Section, ...]] = (
    Section(
        "cards",
        ("The cards", "Le carte"),
        (
            (
                "Two packs of 52 cards and their jokers are shuffled together: every natural "
                "card is there twice, and the two copies are the same card for every purpose.",
                "Si usano due mazzi da 52 carte con i loro jolly: ogni carta naturale c'è due "
                "volte, e le due copie valgono in tutto come la stessa carta.",
            ),
            (
                "On the table a card is worth its number; J, Q and K 10; the ace 1 at the "
                "bottom of a run and 11 at the top or in a set; a joker the card it stands "
                "for. Left in hand when somebody goes out, an ace costs 11 and a joker 25.",
                "In tavola una carta vale il suo numero; J, Q e K 10; l'asso 1 in fondo a una "
                "scala e 11 in cima o in un tris; il jolly quanto la carta che sostituisce. "
                "Rimasto in mano quando qualcuno chiude, l'asso costa 11 e il jolly 25.",
            ),
            (
                "Each player gets 13 cards; the next card is turned up to start the pozzo and "
                "the rest is the stock. The player after the dealer starts.",
                "Ogni giocatore riceve 13 carte; la carta seguente si scopre e apre il pozzo, "
                "il resto è il tallone. Comincia chi siede dopo il mazziere.",
            ),
        ),
        (
            "A joker standing for the K♠ counts 10 in a meld, but one still in your hand "
            "costs you 25.",
            "Un jolly al posto del K♠ vale 10 in una combinazione, ma se ti resta in mano "
            "ti costa 25.",
        ),
    ),
    Section(
        "melds",
        ("Melds: runs and sets", "Combinazioni: scale e tris"),
        (
            (
                "A run is three or more cards of one suit in order (A-2-3 up to Q-K-A, never "
                "round the corner). A set is three or four cards of one rank, all of "
                "different suits.",
                "Una scala è fatta di tre o più carte dello stesso seme in fila (da A-2-3 "
                "fino a Q-K-A, senza girare l'angolo). Un tris è fatto di tre o quattro carte "
                "dello stesso valore, tutte di semi diversi.",
            ),
            (
                "A meld holds one joker at most and never only jokers. Once down, the joker "
                "is a particular card: the place it fills in a run, the suit you name in a "
                "set. A meld on the table belongs to nobody: anyone who has opened may add "
                "to it.",
                "Una combinazione ha al massimo un jolly e mai solo jolly. Calato, il jolly "
                "diventa una carta precisa: il posto che occupa nella scala, il seme che "
                "dichiari nel tris. Una combinazione in tavola non è di nessuno: chiunque "
                "abbia aperto può attaccarci.",
            ),
        ),
        (
            "4♦5♦6♦ and 9♠9♥9♣ are melds; 9♠9♠9♥ is not (two spades), nor is K♥A♥2♥.",
            "4♦5♦6♦ e 9♠9♥9♣ sono combinazioni; 9♠9♠9♥ no (due picche), e nemmeno K♥A♥2♥.",
        ),
    ),
    Section(
        "turn",
        ("A turn: draw, meld, discard", "Il turno: pesca, cala, scarta"),
        (
            (
                "Every turn starts with a draw of one card: the top of the stock, or the top "
                "of the pozzo when the pozzo rule allows it. Then, once you have opened, you "
                "may meld, lay off and swap jokers as often as you like. The turn ends with "
                "one card thrown on the pozzo.",
                "Ogni turno comincia pescando una carta: quella in cima al tallone, o quella "
                "in cima al pozzo quando la regola del pozzo lo permette. Poi, se hai aperto, "
                "puoi calare, attaccare e scambiare jolly quante volte vuoi. Il turno finisce "
                "gettando una carta sul pozzo.",
            ),
        ),
        (
            "You draw the 8♣ from the stock, lay it on 5♣6♣7♣ and throw the K♦.",
            "Peschi l'8♣ dal tallone, lo attacchi a 5♣6♣7♣ e scarti il K♦.",
        ),
    ),
    Section(
        "opening",
        ("Opening", "L'apertura"),
        (
            (
                "Before anything else you must open: in one move, lay one or more new melds "
                "from your hand worth {opening_points} points or more together. Lay-offs do "
                "not count and are not allowed before opening.",
                "Prima di tutto devi aprire: in una sola mossa cali una o più combinazioni "
                "nuove dalla tua mano che insieme valgano almeno {opening_points} punti. Gli "
                "attacchi non contano e prima dell'apertura non sono permessi.",
            ),
            (
                "Once open you stay open for the whole hand: in the same turn you may go on "
                "melding, laying off and swapping, with no minimum.",
                "Dopo l'apertura resti aperto per tutta la mano: nello stesso turno puoi "
                "continuare a calare, attaccare e scambiare, senza minimo.",
            ),
        ),
        (
            "K♠K♥K♦ with 3♠4♠5♠ makes 42 and opens; Q♥K♥A♥ with A♣2♣3♣ makes only 37 "
            "(the low ace is 1).",
            "K♠K♥K♦ con 3♠4♠5♠ fa 42 e apre; Q♥K♥A♥ con A♣2♣3♣ fa solo 37 (l'asso in "
            "fondo vale 1).",
        ),
    ),
    Section(
        "pozzo",
        ("The pozzo", "Il pozzo"),
        (
            (
                "The pozzo is the pile of discards; only its top card may be taken. Out of "
                "the box you may take it only once you have opened, and only if you can put "
                "it on the table in this very turn, in a meld or as a lay-off: it may not "
                "stay in hand and it is never this turn's discard.",
                "Il pozzo è il mucchio degli scarti; si può prendere solo la carta in cima. "
                "Con le regole di partenza la prendi solo dopo aver aperto, e solo se puoi "
                "calarla in questo stesso turno, in una combinazione o attaccandola: non "
                "può restare in mano e non è mai lo scarto di questo turno.",
            ),
            (
                "Home tables often let an unopened player take it to open with it: that is "
                "the house rule “Taking the pozzo card before you have opened”, below.",
                "Molti tavoli di casa lasciano prenderla anche a chi non ha aperto, per "
                "aprire con essa: è la regola di casa “Prendere dal pozzo prima di aver "
                "aperto”, più sotto.",
            ),
        ),
        (
            "5♠6♠7♠ is on the table, you hold the 8♠ and the 9♠ tops the pozzo: you may take "
            "it, lay the 8♠ and then the 9♠ on the run.",
            "In tavola c'è 5♠6♠7♠, hai l'8♠ e in cima al pozzo c'è il 9♠: puoi prenderlo, "
            "attaccare l'8♠ e poi il 9♠ alla scala.",
        ),
    ),
    Section(
        "joker-swap",
        ("The joker swap", "Lo scambio del jolly"),
        (
            (
                "Once you have opened you may take a joker from any meld by giving the "
                "natural card it stands for. The joker you win must go back on the table in "
                "the same turn and is never your discard.",
                "Dopo l'apertura puoi prendere un jolly da qualsiasi combinazione dando la "
                "carta naturale che sostituisce. Il jolly vinto va ricalato nello stesso "
                "turno e non è mai il tuo scarto.",
            ),
        ),
        (
            "The joker stands for the 6♣ in 5♣ JK 7♣: give the 6♣ and the joker is yours.",
            "Il jolly sta per il 6♣ in 5♣ JK 7♣: dai il 6♣ e il jolly è tuo.",
        ),
    ),
    Section(
        "discarding",
        ("Discarding", "Lo scarto"),
        (
            (
                "The turn ends with one card on the pozzo. Some discards are barred: a "
                "natural card that fits a meld on the table (the fit ban), a joker before "
                "you have opened, the card taken from the pozzo this turn, a joker won by a "
                "swap this turn. The card you go out with is always allowed.",
                "Il turno finisce con una carta sul pozzo. Alcuni scarti sono vietati: una "
                "carta naturale che si attacca a una combinazione in tavola (il divieto di "
                "scarto), un jolly prima di aver aperto, la carta presa dal pozzo in questo "
                "turno, un jolly vinto con uno scambio in questo turno. La carta con cui "
                "chiudi è sempre permessa.",
            ),
            (
                "If every card in your hand is barred, the bans are lifted.",
                "Se tutte le carte che hai in mano sono vietate, i divieti cadono.",
            ),
        ),
        (
            "Not yet opened, you may not throw the 8♠ while 5♠6♠7♠ lies on the table.",
            "Se non hai ancora aperto, non puoi scartare l'8♠ mentre in tavola c'è 5♠6♠7♠.",
        ),
    ),
    Section(
        "taking-back",
        ("Taking back", "Ripensarci"),
        (
            (
                "Until you discard you may take back everything you laid down this turn and "
                "start again; the card you drew stays drawn.",
                "Finché non scarti puoi riprendere tutto quello che hai calato in questo "
                "turno e ricominciare; la carta pescata resta pescata.",
            ),
        ),
        (
            "You opened with the pozzo card in a meld you now regret: take back, and "
            "meld it another way.",
            "Hai aperto mettendo la carta del pozzo in una combinazione sbagliata: ci "
            "ripensi e la cali in un altro modo.",
        ),
    ),
    Section(
        "going-out",
        ("Going out", "La chiusura"),
        (
            (
                "You go out by throwing your last card: the hand ends at once. You must keep "
                "a card to throw (laying down every card is being incartato), and nobody "
                "goes out before every player has had one full turn.",
                "Si chiude gettando l'ultima carta: la mano finisce subito. Devi tenere una "
                "carta da scartare (calare tutto è restare incartato), e nessuno chiude "
                "prima che tutti abbiano giocato un turno intero.",
            ),
            (
                "A chiusura in mano: someone still unopened lays the whole hand in new melds "
                "in one turn and throws the last card, with no minimum of points.",
                "La chiusura in mano: chi non ha ancora aperto cala tutta la mano in "
                "combinazioni nuove in un solo turno e scarta l'ultima carta, senza minimo "
                "di punti.",
            ),
        ),
        (
            "You hold 5♦5♠ and draw the 5♣: laying the set would empty your hand, so you "
            "keep it and discard something else.",
            "Hai 5♦5♠ e peschi il 5♣: calare il tris ti lascerebbe senza carte, quindi lo "
            "tieni e scarti un'altra carta.",
        ),
    ),
    Section(
        "stock",
        ("When the stock runs out", "Quando finisce il tallone"),
        (
            (
                "The pozzo, all but its top card, is shuffled into a new stock. A hand "
                "rebuilds its stock at most {reshuffle_limit} times; after that, when the "
                "stock is empty again, the hand ends and everybody counts.",
                "Il pozzo, tranne la carta in cima, si rimescola e diventa il nuovo tallone. "
                "Una mano rifà il tallone al massimo {reshuffle_limit} volte; dopo, quando "
                "il tallone finisce di nuovo, la mano si chiude e tutti contano.",
            ),
        ),
        (
            "The last stock card is drawn and the 4♥ thrown: the 4♥ stays as the pozzo and "
            "the cards under it become the stock.",
            "Si pesca l'ultima carta del tallone e si scarta il 4♥: il 4♥ resta come pozzo e "
            "le carte sotto diventano il tallone.",
        ),
    ),
    Section(
        "scoring",
        ("Scoring a hand", "Il conteggio"),
        (
            (
                "Whoever goes out pays nothing. Everybody else pays the cards still in hand. "
                "After a chiusura in mano, a player who had not opened pays a flat 100.",
                "Chi chiude non paga nulla. Gli altri pagano le carte rimaste in mano. Dopo "
                "una chiusura in mano, chi non aveva aperto paga 100 fissi.",
            ),
        ),
        (
            "Left with a joker, the K♠ and the 4♦, you pay 25 + 10 + 4 = 39.",
            "Con in mano un jolly, il K♠ e il 4♦ paghi 25 + 10 + 4 = 39.",
        ),
    ),
    Section(
        "match",
        ("The match", "La partita"),
        (
            (
                "Scores add up from hand to hand. At {elimination} you are out; the last "
                "player still in wins. Players level for the win play extra single hands "
                "until one goes out.",
                "I punteggi si sommano di mano in mano. A {elimination} sei eliminato; vince "
                "l'ultimo rimasto in gioco. Chi è pari per la vittoria gioca altre mani "
                "singole finché uno chiude.",
            ),
        ),
        (
            "Totals of 96, 60 and 75: the next hand costs 12 to the first, who is out on 108.",
            "Totali di 96, 60 e 75: la mano dopo costa 12 al primo, che esce con 108.",
        ),
    ),
)

GROUPS: Final[tuple[tuple[str, Words, tuple[str, ...]], ...]] = (
    (
        "keys-deal",
        ("The pack and the deal", "Il mazzo e la distribuzione"),
        ("players", "jokers", "decks", "no_joker_first_discard", "first_pozzo_free"),
    ),
    ("keys-values", ("Card values", "Valore delle carte"), ("face_values", "lone_ace_counts_one")),
    (
        "keys-melds",
        ("Melds", "Combinazioni"),
        (
            "jokers_per_meld",
            "min_naturals",
            "two_natural_aces_in_run",
            "max_run_length_5",
            "complete_set_to_stock",
        ),
    ),
    (
        "keys-drawing",
        ("Drawing and discarding", "Pescare e scartare"),
        ("fit_discard_ban", "keep_pozzo_card"),
    ),
    (
        "keys-opening",
        ("Opening", "L'apertura"),
        ("opening_points", "open_from_pozzo", "open_without_jokers"),
    ),
    (
        "keys-jokers",
        ("Jokers and going out", "Jolly e chiusura"),
        ("keep_swapped_joker", "go_out_without_discard"),
    ),
    ("keys-stock", ("The stock", "Il tallone"), ("stock_out", "reshuffle_limit")),
    ("keys-scoring", ("Scoring", "Il conteggio"), ("unopened_penalty", "chiusura_in_mano_double")),
    (
        "keys-match",
        ("The match", "La partita"),
        (
            "elimination",
            "reentry",
            "reentry_limit",
            "single_hand",
            "target_total",
            "fixed_hands",
            "partnerships",
            "team_score",
        ),
    ),
)
"""The rule keys in the order the page lists them, under a heading each."""

EXAMPLES: Final[dict[str, Words]] = {
    "players": (
        "Two players: a head-to-head game with 81 cards in the stock.",
        "Due giocatori: una sfida a due con 81 carte nel tallone.",
    ),
    "jokers": (
        "Two jokers in all: a 106-card pack where jokers are scarce.",
        "Due jolly in tutto: un mazzo da 106 carte dove i jolly sono rari.",
    ),
    "decks": (
        "Three decks: up to eight people can sit down, six jokers in the pack.",
        "Tre mazzi: possono sedersi fino a otto persone, sei jolly nel mazzo.",
    ),
    "no_joker_first_discard": (
        "The deal turns up a joker: it is slipped into the stock and the 6♦ starts the pozzo.",
        "La distribuzione scopre un jolly: finisce nel tallone e il pozzo parte dal 6♦.",
    ),
    "first_pozzo_free": (
        "On the first turn of the hand the first player takes the turned-up Q♣ and holds it.",
        "Al primo turno della mano il primo giocatore prende la Q♣ scoperta e la tiene.",
    ),
    "face_values": (
        "With the high values A♠A♥A♦ is worth 42 and opens.",
        "Con i valori alti A♠A♥A♦ vale 42 e apre.",
    ),
    "lone_ace_counts_one": (
        "Caught holding only the A♣, you pay 1.",
        "Se ti resta in mano solo l'A♣, paghi 1.",
    ),
    "jokers_per_meld": (
        "With two allowed, 5♣ JK JK 8♣ is a good run.",
        "Con due ammessi, 5♣ JK JK 8♣ è una scala valida.",
    ),
    "min_naturals": (
        "With two jokers allowed and two naturals needed, JK JK 8♣ is refused.",
        "Con due jolly ammessi e due naturali richieste, JK JK 8♣ è rifiutata.",
    ),
    "two_natural_aces_in_run": (
        "A♥2♥…K♥A♥, fourteen natural cards, becomes a valid run.",
        "A♥2♥…K♥A♥, quattordici carte naturali, diventa una scala valida.",
    ),
    "max_run_length_5": (
        "The 8♠ laid on 3♠4♠5♠6♠7♠ splits it into 3♠4♠5♠ and 6♠7♠8♠.",
        "L'8♠ attaccato a 3♠4♠5♠6♠7♠ la divide in 3♠4♠5♠ e 6♠7♠8♠.",
    ),
    "complete_set_to_stock": (
        "The 9♣ added to 9♠9♥9♦ sends all four nines under the stock.",
        "Il 9♣ aggiunto a 9♠9♥9♦ manda tutti e quattro i nove sotto il tallone.",
    ),
    "fit_discard_ban": (
        "With unopened_only: once open you may throw the 8♠ though 5♠6♠7♠ is down.",
        "Con unopened_only: dopo l'apertura puoi scartare l'8♠ anche con 5♠6♠7♠ in tavola.",
    ),
    "keep_pozzo_card": (
        "You take the 9♠ from the pozzo and keep it in hand for a later turn.",
        "Prendi il 9♠ dal pozzo e lo tieni in mano per un turno successivo.",
    ),
    "opening_points": (
        "At 51, K♥Q♥J♥ with 7♠7♦7♣ (51) opens, K♠K♥K♦ with 3♠4♠5♠ (42) does not.",
        "A 51, K♥Q♥J♥ con 7♠7♦7♣ (51) apre, K♠K♥K♦ con 3♠4♠5♠ (42) no.",
    ),
    "open_from_pozzo": (
        "Not yet opened, you take the K♦ to make K♠K♥K♦ and open with it and 3♠4♠5♠.",
        "Non hai aperto: prendi il K♦ per fare K♠K♥K♦ e apri con quello e 3♠4♠5♠.",
    ),
    "open_without_jokers": (
        "With fisca: J♠Q♠ JK with 5♥6♥7♥ (48) is refused, without the joker only 18 remain.",
        "Con fisca: J♠Q♠ JK con 5♥6♥7♥ (48) è rifiutata, senza jolly restano solo 18.",
    ),
    "keep_swapped_joker": (
        "You give the 6♣ for the joker and keep the joker for your next turn.",
        "Dai il 6♣ in cambio del jolly e tieni il jolly per il turno dopo.",
    ),
    "go_out_without_discard": (
        "Already open with 7♥8♥, you draw the 9♥, lay all three and you are out.",
        "Hai già aperto con 7♥8♥ in mano, peschi il 9♥, cali tutte e tre e hai chiuso.",
    ),
    "stock_out": (
        "With end_hand: the last stock card is drawn, that player discards, all count.",
        "Con end_hand: si pesca l'ultima carta, quel giocatore scarta, tutti contano.",
    ),
    "reshuffle_limit": (
        "At 0, the first time the stock is empty the hand ends after that turn.",
        "Con 0, la prima volta che il tallone è vuoto la mano finisce dopo quel turno.",
    ),
    "unopened_penalty": (
        "With flat100: South never opened and pays 100 instead of 38.",
        "Con flat100: Sud non ha mai aperto e paga 100 invece di 38.",
    ),
    "chiusura_in_mano_double": (
        "An opened player left with 39 in hand pays 78.",
        "Chi aveva aperto e resta con 39 in mano paga 78.",
    ),
    "elimination": (
        "At 201 the match lasts about twice as long.",
        "A 201 la partita dura circa il doppio.",
    ),
    "reentry": (
        "You reach 104 while the others have 60, 75 and 88: you come back on 88.",
        "Arrivi a 104 e gli altri hanno 60, 75 e 88: rientri con 88.",
    ),
    "reentry_limit": (
        "With any, whoever crosses the limit comes back every time two stay under it.",
        "Con any, chi supera il limite rientra ogni volta che due restano sotto.",
    ),
    "single_hand": (
        "The first to throw their last card wins the match.",
        "Vince la partita il primo che getta l'ultima carta.",
    ),
    "target_total": (
        "At 1000, hands go on until someone reaches 1000; the lowest total wins.",
        "A 1000 si gioca finché qualcuno arriva a 1000; vince il totale più basso.",
    ),
    "fixed_hands": (
        "At 5, five deals are played and the smallest total takes the match.",
        "A 5 si giocano cinque mani e vince il totale più piccolo.",
    ),
    "partnerships": (
        "North and South against East and West, partners laying off on each other's melds.",
        "Nord e Sud contro Est e Ovest, i compagni attaccano alle combinazioni dell'altro.",
    ),
    "team_score": (
        "Partners on 12 and 40 score 52 with the sum, 40 with the worst.",
        "Compagni con 12 e 40 segnano 52 con la somma, 40 con la peggiore.",
    ),
}
"""One example of each rule key in play, in English and Italian."""

REFUSAL_ANCHORS: Final[dict[Refusal, str]] = {
    Refusal.BAD_ACTION: "turn",
    Refusal.UNKNOWN_ACTION: "turn",
    Refusal.BAD_CARD: "cards",
    Refusal.NO_SUCH_MELD: "melds",
    Refusal.ILLEGAL_ACTION: "turn",
    Refusal.HAND_OVER: "going-out",
    Refusal.MATCH_OVER: "match",
    Refusal.DRAW_FIRST: "turn",
    Refusal.ALREADY_DREW: "turn",
    Refusal.NOT_IN_HAND: "turn",
    Refusal.NOTHING_TO_TAKE_BACK: "taking-back",
    Refusal.INVALID_MELD: "melds",
    Refusal.DECLARE_JOKER: "melds",
    Refusal.CHOOSE_END: "melds",
    Refusal.DOES_NOT_FIT: "melds",
    Refusal.NO_ROOM: "jokers_per_meld",
    Refusal.NO_JOKER_TO_SWAP: "joker-swap",
    Refusal.SWAP_NEEDS_NATURAL: "joker-swap",
    Refusal.JOKER_UNUSED: "keep_swapped_joker",
    Refusal.NOT_OPENED: "opening",
    Refusal.ALREADY_OPENED: "opening",
    Refusal.EMPTY_OPENING: "opening",
    Refusal.BELOW_OPENING: "opening_points",
    Refusal.JOKER_IN_OPENING: "open_without_jokers",
    Refusal.POZZO_EMPTY: "pozzo",
    Refusal.NOT_OPENED_POZZO: "open_from_pozzo",
    Refusal.POZZO_NEEDS_OPENING: "open_from_pozzo",
    Refusal.POZZO_IN_OPENING: "open_from_pozzo",
    Refusal.POZZO_UNUSABLE: "pozzo",
    Refusal.POZZO_STRANDED: "pozzo",
    Refusal.POZZO_UNUSED: "keep_pozzo_card",
    Refusal.MUST_OPEN: "open_from_pozzo",
    Refusal.POZZO_DISCARD: "discarding",
    Refusal.DISCARD_FITS: "fit_discard_ban",
    Refusal.JOKER_DISCARD: "discarding",
    Refusal.SWAPPED_JOKER_DISCARD: "joker-swap",
    Refusal.FIRST_ROUND: "going-out",
    Refusal.CHIUSURA_PENDING: "going-out",
    Refusal.INCARTATO: "going-out",
}
"""The part of the rules page each engine refusal concerns: the table's "why?" link.

A section anchor when the refusal is about a rule every table plays, a key's anchor when
a rule key decides it. Declared here, once, beside the book it points into.
"""


def _numbers() -> dict[str, Any]:
    """The engine defaults a section quotes, so the text never restates a rule's value."""
    default = Rules()
    return {
        "opening_points": default.opening_points,
        "elimination": default.elimination,
        "reshuffle_limit": default.reshuffle_limit,
    }


def anchors() -> set[str]:
    """Every anchor the rules page has: one per section, per key group and per key."""
    return {s.anchor for s in SECTIONS} | {g[0] for g in GROUPS} | set(KEYS)


def rule_book() -> dict[str, Any]:
    """What ``GET /api/rulebook`` answers: sections, keys by group, presets, refusals.

    Each key entry is the lobby's catalogue entry (default, labels and choices from the
    engine) plus ``example_en``/``example_it``; ``refusals`` maps each refusal code to
    its anchor.
    """
    numbers = _numbers()
    catalogue = rules_catalogue()
    by_key = {entry["key"]: entry for entry in catalogue["keys"]}
    return {
        "sections": [
            {
                "anchor": s.anchor,
                "title_en": s.title[0],
                "title_it": s.title[1],
                "text_en": [p[0].format(**numbers) for p in s.text],
                "text_it": [p[1].format(**numbers) for p in s.text],
                "example_en": s.example[0],
                "example_it": s.example[1],
            }
            for s in SECTIONS
        ],
        "groups": [
            {
                "anchor": anchor,
                "title_en": title[0],
                "title_it": title[1],
                "keys": [
                    {**by_key[k], "example_en": EXAMPLES[k][0], "example_it": EXAMPLES[k][1]}
                    for k in keys
                ],
            }
            for anchor, title, keys in GROUPS
        ],
        "presets": catalogue["presets"],
        "refusals": {code.value: anchor for code, anchor in REFUSAL_ANCHORS.items()},
    }
