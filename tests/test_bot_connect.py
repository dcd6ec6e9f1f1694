"""The remote bots' commands: ``scala40 bot-account`` against a store, ``bot-connect``'s
address and a refused key; the socket's ``game`` envelope."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from scala40.bots.remote import tagged
from scala40.cli import bot_socket_url, main
from scala40.storage.bot_accounts import BotAccounts
from scala40.storage.store import Store


def test_bot_account_prints_a_key_that_the_store_knows(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    made = CliRunner().invoke(main, ["bot-account", "night-owl", "--db", url])
    assert made.exit_code == 0, made.output
    key = made.output.strip().splitlines()[-1]
    store = Store(url)
    try:
        account = BotAccounts(store.engine).by_key(key)
    finally:
        store.close()
    assert account is not None and account.name == "night-owl"
    assert account.owner_id is None and account.seating.value == "anyone"


@pytest.mark.parametrize(
    ("name", "says"),
    [("club", "built-in bot level"), ("x", "a letter, then"), ("admin", "server uses")],
)
def test_bot_account_refuses_a_name_saying_why(tmp_path: Path, name: str, says: str) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    made = CliRunner().invoke(main, ["bot-account", name, "--db", url])
    assert made.exit_code != 0 and says in made.output


def test_bot_account_refuses_a_taken_name(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    assert CliRunner().invoke(main, ["bot-account", "owl", "--db", url]).exit_code == 0
    again = CliRunner().invoke(main, ["bot-account", "OWL", "--db", url])
    assert again.exit_code != 0 and "someone's already" in again.output


def test_bot_connect_finds_the_socket_from_a_servers_address() -> None:
    assert bot_socket_url("http://h:8000") == "ws://h:8000/ws/bot"
    assert bot_socket_url("https://example.org/") == "wss://example.org/ws/bot"
    assert bot_socket_url("ws://h:1/elsewhere") == "ws://h:1/elsewhere"
    made = CliRunner().invoke(main, ["bot-connect", "ftp://h", "--key", "k", "--", "python"])
    assert made.exit_code != 0 and "no server address" in made.output


def test_bot_connect_refuses_a_program_it_cannot_find() -> None:
    made = CliRunner().invoke(
        main, ["bot-connect", "http://h", "--key", "k", "--", "no-such-program-here"]
    )
    assert made.exit_code != 0 and "no-such-program-here" in made.output


messages = st.dictionaries(
    st.text(string.ascii_letters, min_size=1, max_size=8).filter(lambda k: k != "game"),
    st.none() | st.integers() | st.text(max_size=10) | st.lists(st.integers(), max_size=3),
    min_size=1,
)


@given(messages, st.text(max_size=20))
def test_the_game_envelope_adds_the_game_and_changes_nothing_else(
    message: dict[str, object], game: str
) -> None:
    for separators in ((",", ":"), (", ", ": ")):
        text = json.dumps(message, separators=separators)
        assert json.loads(tagged(text, game)) == {"game": game, **message}
