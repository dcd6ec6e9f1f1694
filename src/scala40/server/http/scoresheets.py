"""JSON endpoints of the score-sheet page (/score) for games played with real cards.

Sheets live in the server's database (table ``score_sheets``, migrations 0002 and 0003),
one row per game with the sheet as JSON (:meth:`ScoreSheet.to_json`). Every answer that
returns a sheet carries its derived standing (:func:`scala40.scoresheet.report.standing_json`),
computed by the engine's own scoring, so the page never adds anything up itself.

The same table is the store of ``scala40 score`` at the terminal (:class:`TerminalSheets`,
over the database of the server started with the same ``$SCALA40_DATA``), so a sheet kept at
either shows up at the other. A terminal sheet has a keeper token like any other: the
terminal keeps it in its keyring (:class:`scala40.scoresheet.history.Keyring`) and prints
the keeper link ``/score?id=ID#keeper=TOKEN``; a browser that opens it checks the token
(``GET`` with the bearer header answers ``"kept"``) and lists the sheet among its own.
The fragment never reaches the server's log or another site's Referer.

Who may do what. A sheet id (22 random URL-safe characters) is the read capability: whoever
has it, e.g. from the share link, can read the sheet, count cards and download the CSV.
Creating a sheet hands out, once, a secret keeper token whose SHA-256 alone is stored
(``keeper_hash``); the token is the write capability. Adding a hand, undoing one and
deleting the sheet need ``Authorization: Bearer TOKEN``: none gives 401
``sheet_token_needed``, a wrong one 403 ``not_sheet_keeper``, and a refusal changes
nothing. Sheets saved before keepers existed (``keeper_hash`` NULL) are read-only for
good (403 ``sheet_has_no_keeper``); their players import a copy to go on. No route lists
sheets the caller does not name: the page asks for the ids it holds.

    GET    /api/scoresheets?ids=A,B,C          summaries of those sheets (at most 100 ids;
                                                unknown ones left out), newest first;
                                                no ids -> []                       [id]
    POST   /api/scoresheets                    a new game {"players": [...],
                                                "preset": "house", "rules":
                                                {"elimination": 151}, "first_dealer": 0}
                                                or a copy {"sheet": <ScoreSheet JSON>}
                                                -> 201 the sheet + "token" + "share_url"
    GET    /api/scoresheets/{id}               the sheet and its standing; with a
                                                bearer token also "kept": whether
                                                that token keeps it                 [id]
    POST   /api/scoresheets/{id}/hands         {"hands": N, "went_out": 1, "left": {"0": 25,
                                                "2": "JK KH"}, "not_opened": [2],
                                                "chiusura": false, "doubled": false} [token]
    DELETE /api/scoresheets/{id}/hands/last    undo the last hand ({"hands": N}
                                                optional)                         [token]
    POST   /api/scoresheets/{id}/count         {"cards": "JK KH 4C"} -> {"points": 39} [id]
                                                ("lang": "it": JK KC 4F, see below)
    GET    /api/scoresheets/{id}/csv           the sheet as CSV                    [id]
    DELETE /api/scoresheets/{id}               forget a game                       [token]

``hands`` in a change is the number of hands the client last saw: a second tap on a slow
phone gets 409 instead of entering a hand twice. Errors are ``{"error": {"code",
"message"}}`` with the message naming what is wrong.

Cards are read in the language the page speaks: a hand or a count may say ``"lang":
"en"`` (the default) or ``"it"``, which decides the suit letters (Italian C Q F P are
cuori, quadri, fiori, picche; :mod:`scala40.notation.people`); symbols and suit words read
the same in both. A card that is none is ``400 not_a_card`` from a count, with
``"facts": {"card": "3X"}`` for the page's own words, and ``400 bad_hand`` from a hand;
either sentence is in that language.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from scala40.engine.scoring import cards_penalty
from scala40.notation.cards import format_cards
from scala40.notation.people import Lang
from scala40.scoresheet.export import to_csv
from scala40.scoresheet.sheet import (
    BadCards,
    ScoreSheet,
    ScoreSheetError,
    hand_from_json,
    parse_entry,
    words_of,
)
from scala40.server.http.errors import ApiError, read_json_object
from scala40.storage.sheets import SheetRefusal, SheetRefused, SheetStore
from scala40.storage.store import Store

T = TypeVar("T")

MAX_LISTED = 100
"""Most sheet ids one list request may name (a phone holds its own games, not thousands)."""

SHEET_STATUS = {
    SheetRefusal.BROKEN_SHEET: 500,
    SheetRefusal.NO_SUCH_SHEET: 404,
    SheetRefusal.SHEET_HAS_NO_KEEPER: 403,
    SheetRefusal.SHEET_TOKEN_NEEDED: 401,
    SheetRefusal.NOT_SHEET_KEEPER: 403,
    SheetRefusal.BAD_HANDS: 400,
    SheetRefusal.SHEET_CHANGED: 409,
    SheetRefusal.BAD_HAND: 400,
}
"""The HTTP status of each refusal of the sheet store."""


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None when there is none.

    A header in another scheme counts as none: the caller then hears which header to send.
    """
    scheme, _, token = request.headers.get("authorization", "").strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        return None
    return token


def listed_ids(raw: str | None) -> list[str]:
    """The ids of ``?ids=A,B,C``: blanks and repeats dropped, at most :data:`MAX_LISTED`."""
    ids = list(dict.fromkeys(part.strip() for part in (raw or "").split(",")))
    ids = [i for i in ids if i]
    if len(ids) > MAX_LISTED:
        raise ApiError(
            400, "too_many_ids", f"ask for at most {MAX_LISTED} sheets at once, not {len(ids)}"
        )
    return ids


def _new_sheet(body: Mapping[str, Any]) -> ScoreSheet:
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ApiError(400, "bad_players", "players must be a list of names")
    rules = body.get("rules") or {}
    if not isinstance(rules, dict):
        raise ApiError(400, "bad_rules", "rules must be an object of rule keys")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise ApiError(400, "bad_rules", "preset must be a preset name")
    dealer = body.get("first_dealer", 0)
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise ApiError(400, "bad_dealer", "first_dealer must be a player number")
    try:
        return ScoreSheet.new(players, rules, preset or None, dealer)
    except ScoreSheetError as err:
        raise ApiError(400, "bad_sheet", str(err)) from None


def _imported_sheet(body: Mapping[str, Any]) -> ScoreSheet:
    """A whole sheet sent back as ``{"sheet": ...}``, checked hand by hand like a new one.

    This is how the players of a sheet they cannot change (shared, or saved before
    keepers) go on scoring: the copy is a new sheet that they keep.
    """
    extra = sorted(set(body) - {"sheet"})
    if extra:
        raise ApiError(
            400,
            "bad_sheet",
            f'send a new game or {{"sheet": ...}}, not both (also got: {", ".join(extra)})',
        )
    try:
        return ScoreSheet.from_json(body["sheet"])
    except ScoreSheetError as err:
        raise ApiError(400, "bad_sheet", f"the sheet cannot be imported: {err}") from None


def lang_of(body: Mapping[str, Any]) -> Lang:
    """The language the cards of a request are written in (``"en"`` unless it says)."""
    lang = body.get("lang", Lang.EN.value)
    if lang not in {x.value for x in Lang}:
        choices = ", ".join(x.value for x in Lang)
        raise ApiError(400, "bad_lang", f"lang is one of {choices}, not {lang!r}")
    return Lang(lang)


def share_url(request: Request, sheet_id: str) -> str:
    """The read-only link the keeper sends the other players."""
    return f"{request.base_url}score?view={sheet_id}"


def build_router(store: Store) -> APIRouter:
    """The score-sheet endpoints over the server's store."""
    sheets = SheetStore(store)
    router = APIRouter()

    async def run(call: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.to_thread(call, *args)
        except SheetRefused as err:
            raise ApiError(SHEET_STATUS[err.code], err.code.value, str(err)) from None

    @router.get("/api/scoresheets")
    async def list_sheets(ids: str | None = None) -> Response:
        return JSONResponse({"sheets": await run(sheets.summaries, listed_ids(ids))})

    @router.post("/api/scoresheets", status_code=201)
    async def create(request: Request) -> Response:
        body = await read_json_object(request)
        sheet = _imported_sheet(body) if "sheet" in body else _new_sheet(body)
        made = await run(sheets.create, sheet)
        made["share_url"] = share_url(request, made["id"])
        return JSONResponse(made, status_code=201)

    @router.get("/api/scoresheets/{sheet_id}")
    async def get(sheet_id: str, request: Request) -> Response:
        return JSONResponse(await run(sheets.get, sheet_id, bearer_token(request)))

    @router.post("/api/scoresheets/{sheet_id}/hands")
    async def add_hand(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        seen = body.pop("hands", None)
        lang = lang_of(body)
        body.pop("lang", None)

        def add(sheet: ScoreSheet) -> ScoreSheet:
            try:
                return sheet.add(hand_from_json(body, len(sheet.players), lang))
            except ScoreSheetError as err:
                # The page shows this sentence: in its own language, the one it sent.
                raise ScoreSheetError(err.say(words_of(lang.value))) from None

        token = bearer_token(request)
        return JSONResponse(await run(sheets.change, sheet_id, token, seen, add))

    @router.delete("/api/scoresheets/{sheet_id}/hands/last")
    async def undo(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        token = bearer_token(request)
        changed = await run(sheets.change, sheet_id, token, body.get("hands"), ScoreSheet.undo)
        return JSONResponse(changed)

    @router.post("/api/scoresheets/{sheet_id}/count")
    async def count(sheet_id: str, request: Request) -> Response:
        body = await read_json_object(request)
        lang = lang_of(body)
        sheet = await run(sheets.sheet, sheet_id)
        try:
            entry = parse_entry(body.get("cards", ""), "cards", lang)
        except BadCards as err:
            raise ApiError(400, "not_a_card", str(err), {"card": err.card}) from None
        except ScoreSheetError as err:
            raise ApiError(400, "bad_cards", str(err)) from None
        if isinstance(entry, int):
            return JSONResponse({"points": entry, "cards": None})
        points = cards_penalty(entry, sheet.rules)
        return JSONResponse({"points": points, "cards": format_cards(entry, pretty=True)})

    @router.get("/api/scoresheets/{sheet_id}/csv")
    async def csv(sheet_id: str) -> Response:
        sheet = await run(sheets.sheet, sheet_id)
        name = f"scala40-{sheet_id}.csv"
        return Response(
            to_csv(sheet),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @router.delete("/api/scoresheets/{sheet_id}", status_code=204)
    async def forget(sheet_id: str, request: Request) -> Response:
        await run(sheets.delete, sheet_id, bearer_token(request))
        return Response(status_code=204)

    return router
