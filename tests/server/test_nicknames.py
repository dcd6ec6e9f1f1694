"""Names nobody can fake: a rated name's look-alikes are the same name, an anonymous seat
may not take it, names that imitate a bot or the server are refused, and every seat on the
wire says whether a guest sits there (storage/nicknames.py, docs/server.md *Names*)."""

from __future__ import annotations

import logging
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import pytest
from alembic import command
from alembic.config import Config
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, insert, select, text

from scala40.bots import LABELS
from scala40.storage import schema
from scala40.storage.nicknames import LEVEL_LABELS, BadName, name_key, new_name
from scala40.storage.players import NicknameTaken, Players
from scala40.words import languages

from .helpers import create, players_in_memory, until, wait_over, ws_url

ANNA = "Anna"
LOOK_ALIKES = {
    "\u0410nna": "bad_nickname",  # a Cyrillic capital A: two alphabets in one name
    "\u0391nna": "bad_nickname",  # a Greek capital alpha
    "\uff21\uff4e\uff4e\uff41": "nickname_taken",  # fullwidth: NFKC makes it Anna
    "Anna\u0301": "nickname_taken",  # a combining acute: the key drops accents
    "Ann\u00e0": "nickname_taken",  # a precomposed accent, the same
    "ANNA": "nickname_taken",
    "  a n n a ": None,  # other letters' spacing is another name (listed for contrast)
    "Anna\u200b": "bad_nickname",  # a zero-width space
    "Anna\u3164": "bad_nickname",  # a Hangul filler: a letter that shows nothing
    "A\u0301\u0301nna": "bad_nickname",  # a stacked accent
}
IMITATIONS = [
    "Bot 2 (Club player)",
    "bot\uff1aclub",  # a fullwidth colon
    "Bot",
    "B0t 3 (Easy)",
    "b\u043et",  # a Cyrillic o: refused for its alphabets if not for the word
    "Giocatore di circolo",
    "Anna, Club player",
    "Esperto",
    "Expert",
    "Maestro",
    "admin",
    "System",
    "Server",
    "SCALA 40",
    "Scala40",
    "Ospite 2",
    "guest",
]


def _player(client: Any, nickname: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"nickname": nickname})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _code(response: Any) -> str:
    return str(response.json()["error"]["code"])


# What compares and what is refused --------------------------------------------------------
def test_the_look_alikes_of_a_kept_name_are_refused_as_new_identities(make_client: Any) -> None:
    client = make_client(identities_per_minute=100)
    _player(client, ANNA)
    for name, code in LOOK_ALIKES.items():
        r = client.post("/api/players", json={"nickname": name})
        if code is None:
            assert r.status_code == 201, (name, r.text)
            continue
        assert _code(r) == code, (name, r.text)
        assert r.status_code == (409 if code == "nickname_taken" else 400)
        assert r.json()["error"]["message"], name


@pytest.mark.parametrize("name", IMITATIONS)
def test_a_name_imitating_a_bot_or_the_server_is_refused(make_client: Any, name: str) -> None:
    client = make_client(identities_per_minute=100)
    made = client.post("/api/players", json={"nickname": name})
    seat = client.post("/api/tables", json={"seats": ["human", "bot:easy"], "nickname": name})
    for r in (made, seat):
        assert r.status_code == 400, (name, r.text)
        assert _code(r) in ("nickname_imitates", "bad_nickname"), (name, r.text)
    if name.isascii():
        assert _code(made) == _code(seat) == "nickname_imitates", name


def test_names_that_only_resemble_a_word_stay_free() -> None:
    for name in ("Botticelli", "Easy Rider", "Serverina", "Anna", "José", "Ἀλέξης", "山田 Taro"):
        assert new_name(name) == name


def test_a_name_is_shown_in_its_plain_form() -> None:
    assert new_name("  \uff21\uff4e\uff4e\uff41   Rossi ") == "Anna Rossi"
    with pytest.raises(BadName, match="1 to 24"):
        new_name("x" * 25)


def test_the_bot_levels_labels_are_the_pages_words() -> None:
    """The refused labels are the ones the pages show: the catalogue's ``bot.level.*`` in
    every language, the English ones those of scala40.bots (which may not read it)."""
    assert set(LEVEL_LABELS) == set(languages())
    assert LEVEL_LABELS["en"] == LABELS
    assert LEVEL_LABELS["it"]["club"] == "Giocatore di circolo"
    for labels in LEVEL_LABELS.values():
        for label in labels.values():
            with pytest.raises(BadName):
                new_name(label)


Form = Literal["NFC", "NFD", "NFKC", "NFKD"]
FORMS: tuple[Form, ...] = ("NFC", "NFD", "NFKC", "NFKD")
name_text = st.text(
    st.characters(categories=["Lu", "Ll", "Nd"], max_codepoint=0x2FF), min_size=1, max_size=8
)


@settings(max_examples=200, deadline=None)
@given(
    name_text,
    st.lists(st.sampled_from([" ", "  ", "\u00a0", "\u3000"]), min_size=2, max_size=2),
    st.sampled_from(FORMS),
)
def test_case_space_and_normal_form_variants_of_a_name_collide(
    name: str, spaces: list[str], form: Form
) -> None:
    variant = spaces[0] + unicodedata.normalize(form, name.swapcase()) + spaces[1]
    assert name_key(variant) == name_key(name)
    assert name_key(name_key(name)) == name_key(name)  # a key is its own key


@settings(max_examples=60, deadline=None)
@given(name_text, st.sampled_from(FORMS), st.booleans())
def test_a_variant_of_a_kept_name_cannot_be_kept_again(name: str, form: Form, upper: bool) -> None:
    with players_in_memory() as players:
        players.create(name)
        variant = "  " + unicodedata.normalize(form, name.upper() if upper else name.lower()) + " "
        with pytest.raises(NicknameTaken):
            players.create(variant)
        assert players.keeper_of(variant) is not None


def test_a_wide_name_has_the_plain_names_key() -> None:
    wide = "".join(chr(ord(c) + 0xFEE0) for c in "Anna99")
    assert name_key(wide) == name_key("anna99") == name_key("ANNA 99".replace(" ", ""))


def test_a_name_all_in_another_alphabet_that_looks_latin_has_the_latin_key() -> None:
    assert name_key("\u0421\u043e\u0440\u0430") == name_key("Copa")  # Cyrillic С о р а
    assert name_key("\u0410\u043d\u043d\u0430") != name_key("Anna")  # "Анна" reads Ahha


def test_a_name_kept_before_these_rules_still_sits_with_its_key(client: Any) -> None:
    """A rated player whose name the rules would refuse today ("Admin", kept before them)
    keeps it: with the key, the name is not checked again."""
    _, key = Players(client.app.state.store.engine).create("Admin")
    made = client.post(
        "/api/tables",
        json={"seats": ["human", "human"], "nickname": "x", "player_key": key},
    )
    assert made.status_code == 201, made.text
    info = client.get(f"/api/tables/{made.json()['table_id']}").json()
    assert info["seats"][0]["name"] == "Admin" and info["seats"][0]["guest"] is False


# Reserved names ------------------------------------------------------------------------
def test_an_anonymous_seat_may_not_take_a_rated_name_and_the_key_may(client: Any) -> None:
    anna = _player(client, ANNA)
    for name in (ANNA, "anna", "\uff21\uff4e\uff4e\uff41", "Ann\u00e1"):
        r = client.post("/api/tables", json={"seats": ["human", "bot:easy"], "nickname": name})
        assert r.status_code == 409 and _code(r) == "nickname_reserved", (name, r.text)
        assert "key" in r.json()["error"]["message"]
    mine = create(client, ["human", "human"], nickname="ignored", player_key=anna["key"])
    other = create(client, ["human", "human"], nickname="Bea")
    refused = client.post(f"/api/tables/{other['table_id']}/join", json={"nickname": "ANNA"})
    assert refused.status_code == 409 and _code(refused) == "nickname_reserved"
    seated = client.post(
        f"/api/tables/{other['table_id']}/join",
        json={"nickname": "whatever", "player_key": anna["key"]},
    )
    assert seated.status_code == 200, seated.text
    info = client.get(f"/api/tables/{other['table_id']}").json()
    assert [(s["name"], s["guest"]) for s in info["seats"]] == [("Bea", True), (ANNA, False)]
    joined = client.post(f"/api/tables/{mine['table_id']}/join", json={"nickname": "Marco"})
    assert joined.status_code == 200


def test_two_guests_of_look_alike_names_do_not_share_a_table(client: Any) -> None:
    made = create(client, ["human", "human", "human"], nickname="Luca")
    r = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "LUCA"})
    assert r.status_code == 409 and _code(r) == "name_taken"
    r = client.post(f"/api/tables/{made['table_id']}/join", json={"nickname": "Lucà"})
    assert r.status_code == 409 and _code(r) == "name_taken"


# The guest mark on the wire -----------------------------------------------------------
def test_every_seat_says_whether_a_guest_sits_there(make_client: Any) -> None:
    client = make_client(grace_seconds=0.01, bots_pause_seconds=1e6, stand_in_level="greedy")
    anna = _player(client, ANNA)
    rated = create(client, ["human", "bot:easy"], nickname="x", player_key=anna["key"])
    guest = create(client, ["human", "bot:easy"], nickname="Marco")
    listed = {t["table_id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert [s["guest"] for s in listed[rated["table_id"]]["seats"]] == [False, False]
    assert [s["guest"] for s in listed[guest["table_id"]]["seats"]] == [True, False]
    with client.websocket_connect(ws_url(guest)) as ws:
        view = until(ws, "state")["view"]
        assert [(p["name"], p["guest"]) for p in view["players"]] == [
            ("Marco", True),
            ("Bot 2 (Easy)", False),
        ]
    with client.websocket_connect(ws_url(rated)) as ws:
        view = until(ws, "state")["view"]
        assert [p["guest"] for p in view["players"]] == [False, False]
    with client.websocket_connect(f"/ws/{guest['table_id']}?watch=1") as ws:
        watched = until(ws, "state")["view"]
        assert [p["guest"] for p in watched["players"]] == [True, False]
    wait_over(client, guest["table_id"])
    history = {m["table_id"]: m for m in client.get("/api/history").json()["matches"]}
    assert history[guest["table_id"]]["guests"] == [True, False]
    replay = client.get(f"/api/tables/{guest['table_id']}/replay").json()
    assert replay["guests"] == [True, False]


# The migration --------------------------------------------------------------------------
def _alembic(url: str) -> Config:
    from importlib import resources

    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("scala40.storage") / "migrations"))
    cfg.set_main_option("path_separator", "os")
    cfg.set_main_option("sqlalchemy.url", url)
    return cfg


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def test_the_migration_rekeys_players_and_keeps_both_of_a_clash(
    backend: str, db_url: str, caplog: pytest.LogCaptureFixture, request: pytest.FixtureRequest
) -> None:
    """A database at revision 0009 holds "Anna", a later "Ａｎｎａ" and "Аnna" (different
    keys then) and a bot: after 0010 the first Anna keeps the key, the others stay, keyed
    apart and logged, and everyone is still found."""
    url = db_url
    if backend == "postgresql":
        base = request.getfixturevalue("postgres_url")
        admin = create_engine(base, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text("DROP DATABASE IF EXISTS rekey"))
            conn.execute(text("CREATE DATABASE rekey"))
        admin.dispose()
        url = base.rsplit("/", 1)[0] + "/rekey"
    engine = create_engine(url)
    cfg = _alembic(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0009")
    start = datetime(2026, 1, 1, tzinfo=UTC)
    rows = [
        ("p-old", "Anna", "anna", "human", start),
        ("p-wide", "\uff21\uff4e\uff4e\uff41", "\uff41\uff4e\uff4e\uff41", "human", start),
        ("p-cyr", "\u0410nna", "\u0430nna", "human", start + timedelta(days=1)),
        ("p-bea", "Bea", "bea", "human", start),
        ("p-bot", "bot:club", "bot:club", "bot:club", start),
    ]
    with engine.begin() as conn:
        for pid, nick, key, kind, when in rows:
            conn.execute(
                insert(schema.players).values(
                    id=pid,
                    nickname=nick,
                    nickname_key=key,
                    kind=kind,
                    key_hash=None,
                    created=when,
                    mu=25.0,
                    sigma=8.3,
                    matches=0,
                    wins=0,
                    hands=0,
                    penalty=0,
                    opened=0,
                    opening_turns=0,
                )
            )
    with caplog.at_level(logging.WARNING), engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
    with engine.connect() as conn:
        keys = dict(conn.execute(select(schema.players.c.id, schema.players.c.nickname_key)).all())
    assert keys == {
        "p-old": "anna",
        "p-wide": "anna#p-wide",
        "p-cyr": "anna#p-cyr",
        "p-bea": "bea",
        "p-bot": "bot:club",
    }
    assert "p-wide" in caplog.text and "p-cyr" in caplog.text
    players = Players(engine)
    assert players.keeper_of("ANNA") is not None and players.keeper_of("ANNA").id == "p-old"  # type: ignore[union-attr]
    found = {
        name: players.by_nickname(name)
        for name in ("ANNA", ANNA, "\uff21\uff4e\uff4e\uff41", "\u0410nna")
    }
    assert {name: p and p.id for name, p in found.items()} == {
        "ANNA": "p-old",  # a look-alike finds the first Anna
        ANNA: "p-old",
        "\uff21\uff4e\uff4e\uff41": "p-wide",  # each of the clash by its own name
        "\u0410nna": "p-cyr",
    }
    bot = players.by_nickname("bot:club")
    assert bot is not None and bot.kind == "bot:club"
    with engine.begin() as conn:  # and back: the old keys, the clash still kept apart
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0009")
    with engine.connect() as conn:
        back = dict(conn.execute(select(schema.players.c.id, schema.players.c.nickname_key)).all())
    assert back["p-old"] == "anna" and back["p-cyr"] == "\u0430nna" and back["p-bot"] == "bot:club"
    engine.dispose()
