"""Other web sites cannot act in a visitor's browser; every answer carries the security
headers; the API's own documentation is for developers only."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from scala40.server.guard.sameorigin import origin_allowed

from .helpers import create, until, ws_url

BODY = '{"seats": ["human", "bot:random"], "nickname": "Anna"}'


def _live(client: Any) -> int:
    return int(client.get("/api/tables").json()["total"])


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_a_write_that_is_not_declared_json_is_refused(make_client: Any, content_type: Any) -> None:
    client = make_client()
    headers = {} if content_type is None else {"Content-Type": content_type}
    r = client.post("/api/tables", content=BODY, headers=headers)
    assert r.status_code == 415 and r.json()["error"]["code"] == "bad_content_type"
    assert _live(client) == 0
    made = client.post(
        "/api/tables", content=BODY, headers={"Content-Type": "application/json; charset=utf-8"}
    )
    assert made.status_code == 201


def test_a_write_from_another_site_is_refused(make_client: Any) -> None:
    client = make_client()
    json_type = {"Content-Type": "application/json"}
    evil = client.post(
        "/api/tables", content=BODY, headers={**json_type, "Origin": "https://evil.example"}
    )
    assert evil.status_code == 403 and evil.json()["error"]["code"] == "bad_origin"
    assert _live(client) == 0
    own = client.post(
        "/api/tables", content=BODY, headers={**json_type, "Origin": "http://testserver"}
    )
    assert own.status_code == 201
    friend = make_client(allowed_origins=("https://cards.example.org",))
    allowed = friend.post(
        "/api/tables",
        content=BODY,
        headers={**json_type, "Origin": "https://cards.example.org"},
    )
    assert allowed.status_code == 201


def test_a_websocket_from_another_site_is_refused(make_client: Any) -> None:
    client = make_client()
    made = create(client, ["human", "bot:random"])
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(ws_url(made), headers={"Origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()
    with client.websocket_connect(ws_url(made), headers={"Origin": "http://testserver"}) as ws:
        assert until(ws, "state")["view"]["seat"] == 0


def test_origins_are_compared_by_host_and_port() -> None:
    assert origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    assert origin_allowed("https://cards.example.org", "cards.example.org", ())
    assert not origin_allowed("http://127.0.0.1:9000", "127.0.0.1:8000", ())
    assert not origin_allowed("http://evil.example", "cards.example.org", ())
    assert not origin_allowed("null", "cards.example.org", ())
    assert not origin_allowed("file://", "cards.example.org", ())
    assert origin_allowed("https://a.org/", None, ("https://a.org",))


@pytest.mark.parametrize("path", ["/", "/t/abc", "/score", "/api/rules", "/nothing/here"])
def test_every_answer_carries_the_security_headers(client: Any, path: str) -> None:
    r = client.get(path)
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_api_docs_only_for_developers(make_client: Any) -> None:
    public = make_client()
    for path in ["/docs", "/redoc", "/openapi.json"]:
        assert public.get(path).status_code == 404, path
    dev = make_client(dev=True)
    assert dev.get("/openapi.json").status_code == 200
    assert dev.get("/docs").status_code == 200
