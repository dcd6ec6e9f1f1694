"""``scala40 play``: a whole match against bots in a Textual terminal app.

The person sits at seat 0 and sees only that seat's :class:`PlayerView`
(``PlayerView.of_match(match, 0)``): their sorted hand in suit colours; the table panels
(the melds with each joker's identity, the pozzo, the stock size, the others' card counts,
known cards and scores) read the engine's public view, which holds nobody's cards. Cards are picked
with the keyboard and the engine is asked to apply the action; an illegal one shows the
engine's reason and changes nothing.

Bots move through ``make_bot(level).choose(view, rng)`` in a worker thread, one action at
a time, each applied on the UI thread and shown as it happens, so the screen never
freezes while an expert bot thinks. At the end of a hand a summary shows every hand
revealed, what each player paid and the running score table.

The two keys that cannot be taken back ask first: ``q`` during a match (leaving throws
the match away) and ``x`` (a discard ends the turn); both questions are small modal
screens, so no other key acts while one is open.

Every sentence on the screen, the keys' names in the bottom bar too, comes from the
catalogue in the player's language (``scala40 play --lang``, else the locale): the
``term.*`` messages, and the pages' own where a terminal says the same (a hint's reasons,
the engine's refusals, the bots' levels). Cards stay as the game writes them (7♣, JK).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.cells import cell_len
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, RichLog, Static

from scala40.bots import Bot, make_bot
from scala40.bots.heuristic import hint
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
from scala40.engine.errors import IllegalAction
from scala40.engine.match import HandRecord, Match
from scala40.engine.melds import TableMeld
from scala40.engine.phases import DRAW
from scala40.engine.rules import Rules
from scala40.engine.scoring import cards_penalty
from scala40.engine.views import PlayerView, resample
from scala40.notation.actions import format_action
from scala40.notation.cards import format_card
from scala40.tui.selection import plain_order, readings, undetermined
from scala40.tui.text import (
    card_markup,
    colour_of,
    count,
    hand_text,
    level_words,
    meld_markup,
    sorted_hand,
    spoken_bindings,
)
from scala40.words import SOURCE_LANGUAGE, Words
from scala40.words.hints import hint_words, move_words, refusal_words, suggestion_words

HUMAN = 0
MAX_BOT_ACTIONS = 1000

CURSOR = "#ffd75f"
"""The cursor card's background, bright amber: it stands apart from the picked cards
(reverse video) and from those set aside (dim)."""
CURSOR_INK = {"red": "#a00000", "magenta": "#800080", "default": "black"}
"""The cursor card's ink by suit colour (:func:`colour_of`): a darker shade of the suit's
colour, readable on the amber."""
MARK = "▲"
"""Under the cursor card, so the cursor shows without colour too."""
HAND_WIDTH = 60
"""Columns for the hand before its panel is laid out (until then its width is unknown)."""


@dataclass
class Picking:
    """The person's selection in hand: cursor, picked positions and melds set aside."""

    cursor: int = 0
    picked: list[int] = field(default_factory=list)
    """Positions in the sorted hand, in the order they were picked."""
    groups: list[MeldSpec] = field(default_factory=list)
    """Melds set aside for the opening, each as read when it was set aside."""
    aside: list[int] = field(default_factory=list)
    """Positions of the cards in the melds set aside (they cannot be picked again)."""
    reading: int = 0


class SummaryScreen(ModalScreen[None]):
    """The end of a hand (or of the match): every hand revealed and the score table."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "term.app.key.continue"),
        Binding("escape", "close", "term.app.key.continue", show=False),
        Binding("space", "close", "term.app.key.continue", show=False),
    ]
    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > VerticalScroll {
        width: 90%; height: auto; max-height: 90%;
        border: thick $accent; background: $panel; padding: 1 2;
    }
    """

    def __init__(self, text: str, words: Words) -> None:
        super().__init__()
        self.text = text
        self._bindings = spoken_bindings(self._bindings, words)

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id="summary")

    def action_close(self) -> None:
        self.dismiss(None)


class HelpScreen(SummaryScreen):
    """The keys, on request."""


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question before a step that cannot be taken back.

    A modal screen, so while it is open no game key acts; it sits over the top of the
    table, so the hand (and the card a discard would throw) stays in sight below it.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "term.app.key.yes"),
        Binding("n", "answer(False)", "term.app.key.no"),
        Binding("escape", "answer(False)", "term.app.key.no", show=False),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center top; }
    ConfirmScreen > Static {
        width: auto; max-width: 90%; height: auto; margin-top: 4;
        border: thick $warning; background: $panel; padding: 0 2;
    }
    """

    def __init__(self, question: str, words: Words) -> None:
        super().__init__()
        self.question = question
        self._bindings = spoken_bindings(self._bindings, words)
        yes = words("term.app.key.yesLetter")
        if yes != "y":
            # The language's own letter for yes (Italian s, sì) answers too.
            self._bindings.bind(yes, "answer(True)", words("term.app.key.yes"), show=False)

    def compose(self) -> ComposeResult:
        yield Static(self.question, id="question")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class QuitScreen(ConfirmScreen):
    """``q`` during a match: leaving gives the match up, so the person says so (``y``)."""


class DiscardScreen(ConfirmScreen):
    """``x``: a discard ends the turn, so a second ``x`` (or Enter, or ``y``) confirms it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "answer(True)", "table.discard"),
        Binding("enter", "answer(True)", "table.discard", show=False),
        Binding("y", "answer(True)", "table.discard", show=False),
        Binding("n", "answer(False)", "table.cancel", show=False),
        Binding("escape", "answer(False)", "table.cancel"),
    ]


class JokerScreen(ModalScreen[int | None]):
    """Which card a joker stands for, asked when the engine accepts several (the 7♣ or
    the 10♣ beside 8♣ 9♣; the suit of a set's joker), as the web table asks: a number
    picks one, Enter the one shown as the picked cards' reading (``j`` cycles it),
    Escape lays nothing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"answer({n - 1})", str(n), show=False) for n in range(1, 10)),
        Binding("enter", "answer(-1)", "term.app.key.theShown"),
        Binding("escape", "cancel", "table.cancel"),
    ]
    DEFAULT_CSS = ConfirmScreen.DEFAULT_CSS.replace("ConfirmScreen", "JokerScreen")

    def __init__(self, question: str, options: Sequence[str], words: Words, shown: int = 0) -> None:
        super().__init__()
        self.question = question
        self.options = list(options)
        self.shown = shown
        self.shown_mark = words("term.app.shown")
        self._bindings = spoken_bindings(self._bindings, words)

    def compose(self) -> ComposeResult:
        lines = [
            f"{n}  {text}" + (f"  [dim]{self.shown_mark}[/dim]" if n - 1 == self.shown else "")
            for n, text in enumerate(self.options, 1)
        ]
        yield Static("\n".join([self.question, *lines]), id="question")

    def action_answer(self, index: int) -> None:
        if index < 0:
            self.dismiss(self.shown)
        elif index < len(self.options):
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlayApp(App[int | None]):
    """One person against bots, a whole match."""

    TITLE = "Scala 40"
    CSS = """
    #top { height: auto; padding: 0 1; }
    #others { height: auto; padding: 0 1; border: round $primary; }
    #table { height: 1fr; padding: 0 1; border: round $primary; }
    #hand { height: auto; padding: 0 1; border: round $success; }
    #aside { height: auto; padding: 0 1; }
    #message { height: auto; padding: 0 1; }
    #log { height: 1fr; border: round $secondary; }
    #right { width: 40%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("up", "target(-1)", "↑", show=False),
        Binding("down", "target(1)", "↓", show=False),
        Binding("space", "pick", "term.app.key.pick"),
        Binding("c", "clear", "table.clear", show=False),
        Binding("d", "draw", "table.draw"),
        Binding("p", "pozzo", "table.pozzo"),
        Binding("g", "group", "term.app.key.setAside", show=False),
        Binding("o", "open", "table.open"),
        Binding("m", "meld", "table.meld"),
        Binding("j", "reading", "card.joker", show=False),
        Binding("l", "lay_off('high')", "table.layoff"),
        Binding("L", "lay_off('low')", "term.app.key.layoffLow", show=False),
        Binding("s", "swap", "term.app.key.swap"),
        Binding("x", "discard", "table.discard"),
        Binding("t", "take_back", "table.takeback", show=False),
        Binding("h", "hint", "table.hint"),
        Binding("r", "scores", "term.app.key.scores"),
        Binding("question_mark", "help", "term.app.key.help"),
        Binding("q", "quit_game", "term.app.key.quit"),
    ]
    ENABLE_COMMAND_PALETTE = False
    """Textual's command palette offers only its own commands, in English: the keys above
    are the whole game."""

    def __init__(
        self,
        rules: Rules,
        levels: Sequence[str],
        seed: int | None = None,
        bot_pause: float = 0.6,
        lang: str = SOURCE_LANGUAGE,
    ) -> None:
        super().__init__()
        self.words = Words(lang)
        """Every sentence the person reads, in their language."""
        self._bindings = spoken_bindings(self._bindings, self.words)
        self.rules = rules
        self.match = Match(rules, seed=seed)
        self.bots: dict[int, Bot] = {s: make_bot(levels[s - 1]) for s in range(1, rules.players)}
        w = self.words
        self.names = [w("term.game.name.you")] + [
            w("bot.name", n=s, level=level_words(levels[s - 1], w)) for s in range(1, rules.players)
        ]
        self.rng = random.Random(f"bots:{seed}") if seed is not None else random.Random()
        self.hint_rng = random.Random(f"hint:{seed}") if seed is not None else random.Random()
        self.bot_pause = bot_pause
        self.picking = Picking()
        self.target = 0
        self.message = ""
        """The last thing said to the person (an engine reason, a hint, what happened)."""
        self.summaries: list[str] = []
        self.bots_running = False
        self._seen_hands = 0
        self._shown: dict[str, str] = {}
        self._hand_before = self.match.deal
        """The hand the last action was played in: its table is shown when it ends."""

    def get_key_display(self, binding: Binding) -> str:
        """The space bar by its name in the player's language; other keys as Textual shows
        them (letters, arrows, ⏎, esc)."""
        if binding.key == "space" and not binding.key_display:
            return self.words("term.app.key.space")
        return super().get_key_display(binding)

    # Layout -------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="top")
        with Horizontal():
            with Vertical():
                yield Static(id="table")
                yield Static(id="hand")
                yield Static(id="aside")
                yield Static(id="message")
            with Vertical(id="right"):
                yield Static(id="others")
                log = RichLog(id="log", markup=True, wrap=True, min_width=20)
                log.can_focus = False
                yield log
        yield Footer()

    def on_mount(self) -> None:
        w = self.words
        bots = ", ".join(self.names[s] for s in self.bots)
        self.log_line(w("term.game.against", bots=bots) + " " + w("term.app.pressHelp"))
        self._announce_hand()
        self.refresh_all()
        self.call_after_refresh(self._relayout_hand)
        self.start_bots()

    # What the person sees ------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """Whether the person takes part in the current hand."""
        return HUMAN in self.match.deal.seats

    def view(self) -> PlayerView | None:
        if self.match.over or not self.playing:
            return None
        return PlayerView.of_match(self.match, HUMAN)

    def my_hand(self) -> list[int]:
        v = self.view()
        return sorted_hand(v.hand) if v is not None else []

    def public_view(self) -> PlayerView | None:
        """The public facts (pozzo, stock, table, counts) as the engine's public view, which
        holds nobody's cards, whether or not the person plays this hand. ``None`` once the
        match is over."""
        if self.match.over:
            return None
        return PlayerView.public_of_match(self.match)

    def refresh_all(self) -> None:
        v = self.view()
        pub = self.public_view()
        self._show("top", self._top_text(v, pub))
        self._show("table", self._table_text(pub))
        self._show("others", self._others_text(pub))
        self._show("hand", self._hand_text(v))
        self._show("aside", self._aside_text())
        self._show("message", self.message)

    def _show(self, widget: str, text: str) -> None:
        """Update a panel only when its text changed (a cursor move redraws one line)."""
        if self._shown.get(widget) != text:
            self._shown[widget] = text
            self.query_one(f"#{widget}", Static).update(text)

    def _top_text(self, v: PlayerView | None, pub: PlayerView | None) -> str:
        m = self.match
        w = self.words
        if pub is None:
            return f"[b]{w('refuse.match_over')}[/b]"
        top = pub.pozzo[-1] if pub.pozzo else None
        pozzo = card_markup(top) if top is not None else w("term.game.pozzoEmpty")
        if m.dealer == HUMAN:
            dealer = w("term.app.youDeal")
        else:
            dealer = w("term.app.deals", name=self.names[m.dealer])
        cards = count(len(pub.pozzo), w)
        head = w(
            "term.app.top",
            n=m.hand_number,
            dealer=dealer,
            pozzo=pozzo,
            cards=cards,
            stock=pub.stock_size,
        )
        if v is None:
            return head + " · " + w("term.app.youAreOut")
        if v.my_turn:
            turn = w("term.app.turnDraw") if v.phase == DRAW else w("term.app.turnPlay")
            return head + f" · [b reverse] {turn} [/]"
        return head + " · " + w("term.app.toPlay", name=self.names[v.seats[v.current]])

    def _table_text(self, pub: PlayerView | None) -> str:
        table = pub.table if pub is not None else ()
        if not table:
            return f"[dim]{self.words('term.app.noMelds')}[/dim]"
        lines = []
        for i, meld in enumerate(table):
            mark = "▶" if i == self.target else " "
            points = meld.points(self.rules)
            lines.append(f"{mark} {i:>2}: {meld_markup(meld)}  [dim]({points})[/dim]")
        return "\n".join(lines)

    def _others_text(self, pub: PlayerView | None) -> str:
        m = self.match
        w = self.words
        lines = []
        for seat in range(self.rules.players):
            unit = m.team_of(seat)
            points = w("table.meldPoints", points=m.totals[unit])
            name = self.names[seat]
            if self.rules.partnerships and seat != HUMAN and unit == m.team_of(HUMAN):
                name += f" [green]{w('term.game.partner')}[/green]"
            if pub is None or seat not in pub.seats:
                out = f" [dim]{w('term.game.out')}[/dim]" if m.eliminated[unit] else ""
                lines.append(f"{name}: {points}{out}")
                continue
            facts = [points]
            if seat != HUMAN:
                p = pub.seats.index(seat)
                facts.append(count(pub.hand_sizes[p], w))
                facts.append(w("table.opened") if pub.opened[p] else w("table.notOpened"))
                if pub.known[p]:
                    known = " ".join(card_markup(k) for k in pub.known[p])
                    facts.append(w("term.game.holds", cards=known))
            who = f"[b]{name}[/b]" if pub.seats[pub.current] == seat else name
            lines.append(f"{who}: " + ", ".join(facts))
        return "\n".join(lines)

    def _hand_text(self, v: PlayerView | None) -> str:
        w = self.words
        if v is None:
            return f"[dim]{w('term.app.noHand')}[/dim]"
        cards = sorted_hand(v.hand)
        cells = []
        for i, k in enumerate(cards):
            text = format_card(k, pretty=True)
            if i == self.picking.cursor:
                cell = f"[bold {CURSOR_INK[colour_of(k)]} on {CURSOR}]{text}[/]"
            else:
                cell = card_markup(k)
            if i in self.picking.picked:
                cell = f"[reverse]{cell}[/reverse]"
            elif i in self.picking.aside:
                cell = f"[dim]{cell}[/dim]"
            cells.append((cell, cell_len(text)))
        if v.opened[v.me]:
            mine = w("term.game.youOpened")
        else:
            mine = w("term.app.youNotOpened", n=self.rules.opening_points)
        width = self.query_one("#hand", Static).content_size.width or HAND_WIDTH
        rows = hand_rows(cells, self.picking.cursor, width)
        head = w("term.app.yourHand", cards=count(len(cards), w), state=mine)
        return head + "\n" + "\n".join(rows)

    def on_resize(self, event: events.Resize) -> None:
        """The hand is laid out in lines as wide as its panel: lay it out again once the
        panel has its new width."""
        self.call_after_refresh(self._relayout_hand)

    def _relayout_hand(self) -> None:
        self._show("hand", self._hand_text(self.view()))

    def _aside_text(self) -> str:
        w = self.words
        parts = []
        if self.picking.groups:
            melds = " | ".join(" ".join(self._spec_markup(g)) for g in self.picking.groups)
            parts.append(w("term.app.aside", melds=melds))
        picked = self.picked_cards()
        if picked:
            reading = self._reading(picked)
            shown = " ".join(card_markup(k) for k in picked)
            if reading is None:
                parts.append(w("term.app.picked", cards=shown))
            else:
                meld = " ".join(self._spec_markup(reading))
                parts.append(w("term.app.pickedAs", cards=shown, meld=meld))
        return "\n".join(parts)

    @staticmethod
    def _spec_markup(spec: MeldSpec) -> list[str]:
        return [card_markup(c, d) for c, d in zip(spec.cards, spec.declared, strict=True)]

    def say(self, text: str, style: str | None = None) -> None:
        self.message = f"[{style}]{text}[/]" if style else text
        self._show("message", self.message)

    def log_line(self, text: str) -> None:
        self.query_one("#log", RichLog).write(text)

    # Picking cards -----------------------------------------------------------------------
    def picked_cards(self) -> list[int]:
        cards = self.my_hand()
        return [cards[i] for i in self.picking.picked if i < len(cards)]

    def _reading(self, cards: list[int]) -> MeldSpec | None:
        options = readings(cards, self.rules)
        if not options:
            return None
        return options[self.picking.reading % len(options)]

    def action_cursor(self, step: int) -> None:
        n = len(self.my_hand())
        if n:
            self.picking.cursor = (self.picking.cursor + step) % n
            self.refresh_all()

    def action_target(self, step: int) -> None:
        v = self.view()
        n = len(v.table) if v is not None else 0
        if n:
            self.target = (self.target + step) % n
            self.refresh_all()

    def action_pick(self) -> None:
        if not self.my_hand():
            return
        i = self.picking.cursor
        if i in self.picking.aside:
            self.say(self.words("term.app.inAside"), "yellow")
            return
        if i in self.picking.picked:
            self.picking.picked.remove(i)
        else:
            self.picking.picked.append(i)
        self.picking.reading = 0
        self.refresh_all()

    def action_clear(self) -> None:
        self.picking = Picking(cursor=self.picking.cursor)
        self.refresh_all()

    def action_reading(self) -> None:
        options = readings(self.picked_cards(), self.rules)
        if len(options) > 1:
            self.picking.reading += 1
            self.refresh_all()
        else:
            self.say(self.words("term.app.noOtherReading"))

    def action_group(self) -> None:
        picked = self.picked_cards()
        if not picked:
            self.say(self.words("term.app.pickGroup"), "yellow")
            return
        self._with_spec(picked, self._set_aside)

    def _set_aside(self, spec: MeldSpec) -> None:
        self.picking.groups.append(spec)
        self.picking.aside.extend(self.picking.picked)
        self.picking.picked = []
        self.picking.reading = 0
        self.refresh_all()

    # Acting --------------------------------------------------------------------------------
    def my_turn(self) -> PlayerView | None:
        """The person's view if they may act now; otherwise say why not."""
        v = self.view()
        if self.match.over:
            self.say(self.words("term.app.over"))
            return None
        if v is None or not v.my_turn or self.bots_running:
            self.say(self.words("term.app.wait"), "yellow")
            return None
        return v

    def play(self, action: Action) -> bool:
        """Apply the person's action through the engine; an illegal one shows the reason."""
        v = self.my_turn()
        if v is None:
            return False
        done = len(self.match.history)
        top = v.pozzo[-1] if v.pozzo else None
        before = list(v.hand)
        self._hand_before = self.match.deal
        try:
            self.match.apply(action)
        except IllegalAction as err:
            self.say(self._refused(err), "bold red")
            return False
        drawn = None
        if isinstance(action, DrawStock | TakePozzo) and len(self.match.history) == done:
            after = list(PlayerView.of_match(self.match, HUMAN).hand)
            for k in before:
                after.remove(k)
            drawn = after[0] if after else None
        self.log_line(move_words(self.words, action, pozzo_top=top, drawn=drawn))
        self.picking = Picking(cursor=min(self.picking.cursor, max(0, len(self.my_hand()) - 1)))
        if isinstance(action, DrawStock | TakePozzo) and drawn is not None:
            hand = self.my_hand()
            if drawn in hand:
                self.picking.cursor = hand.index(drawn)
            self.say(self.words("term.app.youTake", card=format_card(drawn, pretty=True)))
        else:
            self.say("")
        self._after_action(done)
        return True

    def action_draw(self) -> None:
        self.play(DrawStock())

    def action_pozzo(self) -> None:
        self.play(TakePozzo())

    def _with_spec(self, cards: list[int], then: Callable[[MeldSpec], object]) -> None:
        """The meld the person means by ``cards``, then ``then`` with it: the one reading
        the engine accepts, or, when it accepts several (a joker's place or suit), the one
        the person chooses when asked; cards that make no meld go as picked, so the
        engine's refusal names the problem. Escape at the question lays nothing."""
        options = readings(cards, self.rules)
        if not options:
            then(plain_order(cards))
            return
        if not undetermined(options):
            then(options[0])
            return

        def answered(index: int | None) -> None:
            if index is None:
                self.say(self.words("term.app.notLaid"))
                return
            self.picking.reading = index
            then(options[index])

        shown = self.picking.reading % len(options)
        texts = [" ".join(self._spec_markup(o)) for o in options]
        question = self.words("term.app.askJoker")
        self.push_screen(JokerScreen(question, texts, self.words, shown), answered)

    def action_open(self) -> None:
        picked = self.picked_cards()
        if not picked and not self.picking.groups:
            self.say(self.words("term.app.pickOpen"), "yellow")
            return
        if not picked:
            self.play(Open(tuple(self.picking.groups)))
            return
        self._with_spec(picked, lambda spec: self.play(Open((*self.picking.groups, spec))))

    def action_meld(self) -> None:
        picked = self.picked_cards()
        if not picked:
            self.say(self.words("term.app.pickMeld"), "yellow")
            return
        self._with_spec(picked, lambda spec: self.play(Meld(spec)))

    def _one_card(self, what: str) -> int | None:
        """The one card picked (else the one under the cursor) for the move ``what``
        (``layoff``, ``swap``, ``discard``); ``None``, saying why, when several are picked."""
        picked = self.picked_cards()
        if len(picked) > 1:
            self.say(self.words(f"term.app.pickOne.{what}"), "yellow")
            return None
        if picked:
            return picked[0]
        hand = self.my_hand()
        return hand[self.picking.cursor] if hand else None

    def action_lay_off(self, end: str) -> None:
        card = self._one_card("layoff")
        v = self.view()
        if card is None or v is None:
            return
        if not v.table:
            self.say(self.words("term.app.noMeldToLayOff"), "yellow")
            return
        target = self.target % len(v.table)
        options = [LayOff(card, target, end), LayOff(card, target, None)]
        if end == "high":
            options.append(LayOff(card, target, "low"))
        if v.my_turn:
            world = resample(v, self.hint_rng)
            for option in options:
                if world.check(option) is None:
                    self.play(option)
                    return
        self.play(LayOff(card, target))

    def action_swap(self) -> None:
        card = self._one_card("swap")
        v = self.view()
        if card is None or v is None:
            return
        if not v.table:
            self.say(self.words("term.app.noJoker"), "yellow")
            return
        self.play(SwapJoker(card, self.target % len(v.table)))

    def action_discard(self) -> None:
        """Ask before discarding: a discard ends the turn, and ``x`` is one key away from
        the cursor keys. A discard the engine refuses says why at once, without asking."""
        card = self._one_card("discard")
        if card is None or self.my_turn() is None:
            return
        refused = self.match.deal.check(Discard(card))
        if refused is not None:
            self.say(self._refused(refused), "bold red")
            return
        w = self.words
        question = w("term.app.askDiscard", card=card_markup(card))

        def answered(yes: bool | None) -> None:
            if yes:
                self.play(Discard(card))
            else:
                self.say(w("term.app.notDiscarded", card=card_markup(card)))

        self.push_screen(DiscardScreen(question, w), answered)

    def action_take_back(self) -> None:
        self.play(TakeBack())

    def action_hint(self) -> None:
        v = self.my_turn()
        if v is None:
            return
        suggestion = hint(v, self.hint_rng)
        w = self.words
        why = hint_words(w, suggestion.reasons)
        self.say(w("term.app.hint", why=why, move=suggestion_words(w, suggestion.action)), "cyan")

    def _refused(self, refused: IllegalAction) -> str:
        """Why the engine refuses the person's move, in their language."""
        return self.words("term.game.refused", why=refusal_words(self.words, refused))

    def action_scores(self) -> None:
        self.push_screen(HelpScreen(score_table(self.match, self.names, self.words), self.words))

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.words("term.app.help"), self.words))

    def action_quit_game(self) -> None:
        """Leave: the winner once the match is over, ``None`` when the person walks out.

        While the match is on, leaving throws it away, so the person is asked first."""
        if self.match.over:
            self.exit(self.match.winner)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit(None)
            else:
                self.say(self.words("term.app.goesOn"))

        self.push_screen(QuitScreen(self.words("term.app.askQuit"), self.words), answered)

    # Bots ----------------------------------------------------------------------------------
    def start_bots(self) -> None:
        """Let the bots play if it is their turn (in a worker thread)."""
        m = self.match
        if m.over or self.bots_running:
            return
        if self.playing and m.current_seat == HUMAN:
            return
        self.bots_running = True
        self.refresh_all()
        self.bot_turns(len(m.history))

    @work(thread=True, exclusive=True, group="bots")
    def bot_turns(self, hands_done: int) -> None:
        """Bots choose off the UI thread; each action is applied and shown on it."""
        try:
            self._bot_loop(hands_done)
        except RuntimeError:
            if self.is_running:
                raise
            # The app closed while a bot was thinking: nothing left to show.

    def _bot_loop(self, hands_done: int) -> None:
        acts = 0
        while True:
            seat_view = self.call_from_thread(self._bot_view, hands_done)
            if seat_view is None:
                break
            seat, view = seat_view
            action = self.bots[seat].choose(view, self.rng)
            if self.bot_pause:
                time.sleep(self.bot_pause)
            self.call_from_thread(self._bot_apply, seat, action)
            acts += 1
            if acts > MAX_BOT_ACTIONS:
                stuck = self.words("term.app.stuck", name=self.names[seat])
                self.call_from_thread(self.say, stuck, "bold red")
                break
        self.call_from_thread(self._bots_done, hands_done)

    def _bot_view(self, hands_done: int) -> tuple[int, PlayerView] | None:
        m = self.match
        if m.over or len(m.history) != hands_done:
            return None
        seat = m.current_seat
        if seat == HUMAN:
            return None
        return seat, PlayerView.of_match(m, seat)

    def _bot_apply(self, seat: int, action: Action) -> None:
        pozzo = PlayerView.public(self.match.deal).pozzo
        top = pozzo[-1] if pozzo else None
        done = len(self.match.history)
        self._hand_before = self.match.deal
        try:
            self.match.apply(action)
        except IllegalAction as err:
            why = refusal_words(self.words, err)
            tried = self.words(
                "term.app.botTried", name=self.names[seat], move=format_action(action), why=why
            )
            self.log_line(f"[red]{tried}[/]")
            raise
        self.log_line(move_words(self.words, action, self.names[seat], pozzo_top=top))
        if len(self.match.history) == done:
            self.refresh_all()

    def _bots_done(self, hands_done: int) -> None:
        self.bots_running = False
        self._after_action(hands_done)

    def _after_action(self, hands_done: int) -> None:
        """After any action: the end of a hand, the next hand, or the next player."""
        m = self.match
        if len(m.history) > hands_done:
            record = m.history[-1]
            ended = self._hand_before
            table = PlayerView.public(ended).table
            text = hand_summary(m, record, self.names, self.words, table)
            self.summaries.append(text)
            self.log_line(self.words("term.app.handOver", n=record.number))
            if m.over:
                text += "\n\n" + winner_text(m, self.names, self.words)
                self.log_line(winner_text(m, self.names, self.words))
            self.refresh_all()
            self.push_screen(SummaryScreen(text, self.words), self._summary_closed)
            return
        self.refresh_all()
        if not (self.playing and m.current_seat == HUMAN):
            self.start_bots()

    def _summary_closed(self, _: None) -> None:
        if self.match.over:
            won = winner_text(self.match, self.names, self.words)
            self.say(f"{won}  {self.words('term.app.leave')}", "bold")
            self.refresh_all()
            return
        self._announce_hand()
        self.target = 0
        self.picking = Picking()
        self.refresh_all()
        self.start_bots()

    def _pozzo_top(self) -> int:
        pub = self.public_view()
        assert pub is not None and pub.pozzo
        return pub.pozzo[-1]

    def _announce_hand(self) -> None:
        m = self.match
        if m.hand_number == self._seen_hands:
            return
        self._seen_hands = m.hand_number
        w = self.words
        kind = f" ({w('term.game.playoff')})" if m.playoff is not None else ""
        key = "term.app.announce.you" if m.dealer == HUMAN else "term.app.announce.seat"
        card = format_card(self._pozzo_top(), pretty=True)
        line = w(key, n=m.hand_number, kind=kind, name=self.names[m.dealer], card=card)
        self.log_line(f"[b]{line}[/b]")


def hand_rows(cells: Sequence[tuple[str, int]], cursor: int, width: int) -> list[str]:
    """The hand's cells (markup and width on screen) in lines at most ``width`` wide, the
    line holding the cursor card followed by a line with :data:`MARK` under that card.

    The lines are broken here rather than wrapped by the panel, so the mark stays under
    its card however narrow the terminal."""
    rows: list[str] = []
    line: list[str] = []
    used = 0
    mark_at: int | None = None
    for i, (cell, w) in enumerate(cells):
        if line and used + 1 + w > width:
            rows.append(" ".join(line))
            if mark_at is not None:
                rows.append(" " * mark_at + f"[b]{MARK}[/b]")
                mark_at = None
            line, used = [], 0
        start = used + 1 if line else 0
        if i == cursor:
            mark_at = start + (w - 1) // 2
        line.append(cell)
        used = start + w
    if line:
        rows.append(" ".join(line))
        if mark_at is not None:
            rows.append(" " * mark_at + f"[b]{MARK}[/b]")
    return rows


# End of a hand ---------------------------------------------------------------------------


def unit_name(match: Match, unit: int, names: Sequence[str], words: Words) -> str:
    """A seat's name, or a team's (``Team You+Bot 2``) with partnerships."""
    if not match.rules.partnerships:
        return names[unit]
    members = "+".join(names[s] for s in range(match.rules.players) if match.team_of(s) == unit)
    return words("term.game.team", members=members)


def hand_summary(
    match: Match,
    record: HandRecord,
    names: Sequence[str],
    words: Words,
    table: Sequence[TableMeld] = (),
) -> str:
    """The table as the hand ended, every hand revealed with what it pays, the scores."""
    w = words
    result = record.result
    if result.winner is not None:
        how = " " + w("term.game.chiusura") if result.chiusura_in_mano else ""
        doubled = " " + w("term.game.doubled") if result.doubled else ""
        seat = record.seats[result.winner]
        if seat == HUMAN:
            head = w("term.app.wentOutYou", how=how, doubled=doubled)
        else:
            head = w("term.app.wentOut", name=names[seat], how=how, doubled=doubled)
    else:
        head = w("term.game.nobodyOut")
    lines = [f"[b]{w('term.app.handOver', n=record.number)}[/b] {head}", ""]
    if table:
        lines.append(w("term.game.tableLabel"))
        lines.extend(f"  {i:>2}: {meld_markup(meld)}" for i, meld in enumerate(table))
        lines.append("")
    for p, seat in enumerate(record.seats):
        cards = result.hands[p]
        counted = cards_penalty(cards, match.rules)
        paid = result.penalties[p]
        worth = " " + w("term.game.worth", n=counted) if counted != paid else ""
        shown = hand_text(cards, w) if cards else "—"
        pays = w("term.app.pays", name=names[seat], n=paid, worth=worth)
        lines.append(f"  {pays}   {shown}")
    lines.append("")
    lines.append(score_table(match, names, w))
    for u in record.eliminated:
        lines.append(w("term.game.outOfMatch", name=unit_name(match, u, names, w)))
    for u, total in record.reentered.items():
        lines.append(w("term.game.reenters", name=unit_name(match, u, names, w), n=total))
    if match.playoff is not None and not match.over:
        tied = ", ".join(unit_name(match, u, names, w) for u in match.playoff)
        lines.append(w("score.result.tie", names=tied))
    lines.append("")
    lines.append(f"[dim]{w('term.app.enter')}[/dim]")
    return "\n".join(lines)


def score_table(match: Match, names: Sequence[str], words: Words) -> str:
    """What every seat paid hand by hand, and the running totals."""
    seats = range(match.rules.players)
    short = [n.split(" (")[0] for n in names]
    widths = [max(5, len(short[s])) for s in seats]
    head = f"{words('term.game.scoreHand'):<4} "
    rows = [head + " ".join(f"{short[s]:>{w}}" for s, w in zip(seats, widths, strict=True))]
    for rec in match.history:
        cells = [
            f"{rec.penalties[s]:>{w}}" if s in rec.penalties else f"{'-':>{w}}"
            for s, w in zip(seats, widths, strict=True)
        ]
        rows.append(f"{rec.number:>4} " + " ".join(cells))
    out = " " + words("term.game.out")
    totals = " · ".join(
        f"{unit_name(match, u, short, words)} {t}" + (out if match.eliminated[u] else "")
        for u, t in enumerate(match.totals)
    )
    rows.append(words("term.game.totals", totals=totals))
    return "\n".join(rows)


def winner_text(match: Match, names: Sequence[str], words: Words) -> str:
    winner = match.winner
    assert winner is not None
    if not match.rules.partnerships and winner == HUMAN:
        return words("term.game.win.you")
    return words("term.game.win.seat", name=unit_name(match, winner, names, words))


def run_app(
    rules: Rules, levels: Sequence[str], seed: int | None, lang: str = SOURCE_LANGUAGE
) -> int | None:
    """Run the app full screen in the player's language ``lang``; returns the winner
    (``None`` if the person quit)."""
    return PlayApp(rules, levels, seed, lang=lang).run()
