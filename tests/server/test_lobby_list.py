"""What the lobby lists: tables someone may join and someone is at; never a private one."""

from __future__ import annotations

from typing import Any

from .helpers import create, until, ws_url


def listed(client: Any) -> set[str]:
    return {t["table_id"] for t in client.get("/api/tables").json()["tables"]}


def test_a_private_table_is_found_by_its_link_alone(client: Any) -> None:
    private = create(client, ["human", "human"], private=True)
    public = create(client, ["human", "human"])
    assert listed(client) == {public["table_id"]}
    assert client.get("/api/tables").json()["total"] == 1
    # The invite link still seats a friend, who starts the match.
    joined = client.post(f"/api/tables/{private['table_id']}/join", json={"nickname": "Bea"})
    assert joined.status_code == 200
    assert client.get(f"/api/tables/{private['table_id']}").json()["status"] == "playing"


def test_private_is_true_or_false(client: Any) -> None:
    r = client.post(
        "/api/tables", json={"seats": ["human", "human"], "nickname": "Anna", "private": "yes"}
    )
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_private"
    assert listed(client) == set()


def test_a_table_nobody_is_at_leaves_the_list(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)
    made = create(client, ["human", "bot:easy"])
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        assert made["table_id"] in listed(client)
    # Anna closed the page: only bots are left there, nobody to play with.
    assert made["table_id"] not in listed(client)
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        assert made["table_id"] in listed(client)  # back: listed again


def test_a_table_is_listed_until_it_was_opened_and_left(client: Any) -> None:
    made = create(client, ["human", "human"])
    playing = create(client, ["human", "bot:easy"], nickname="Bea")
    # Their makers are on the way to them: listed.
    assert listed(client) == {made["table_id"], playing["table_id"]}
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
    assert made["table_id"] not in listed(client)


def test_a_quick_play_table_is_listed_while_its_person_is_there(make_client: Any) -> None:
    client = make_client(bot_pause=30.0)
    r = client.post("/api/quickplay", json={"nickname": "Anna"})
    made = r.json()
    with client.websocket_connect(ws_url(made)) as ws:
        until(ws, "state")
        mine = [t for t in client.get("/api/tables").json()["tables"]]
        assert [t["table_id"] for t in mine] == [made["table_id"]]
    assert listed(client) == set()


def test_a_double_click_on_create_makes_one_table(client: Any) -> None:
    from concurrent.futures import ThreadPoolExecutor

    body = {"seats": ["human", "human"], "nickname": "Anna", "token": "t" * 40}
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda _: client.post("/api/tables", json=body), range(2)))
    assert [a.status_code for a in answers] == [201, 201]
    assert answers[0].json() == answers[1].json()
    again = client.post("/api/tables", json=body).json()
    assert again == answers[0].json()
    assert len(client.app.state.tables.actors) == 1  # type: ignore[attr-defined]
    other = client.post("/api/tables", json={**body, "token": "u" * 40}).json()
    assert other["table_id"] != again["table_id"]
