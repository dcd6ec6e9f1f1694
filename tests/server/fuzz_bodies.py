"""``python -m tests.server.fuzz_bodies --bodies 10000``: hostile bodies to a real server.

A measurement, not a test: it starts ``scala40 serve`` on a free loopback port with a
temporary SQLite database, sets up one table with a free seat and one score sheet, then
sends at least ``--bodies`` bodies drawn from :mod:`tests.server.hostile` over real HTTP
to every JSON route, and prints how many answers came back with each status code and
how many were 5xx. It exits 1 if any answer was a 5xx, broke the error shape, or
something changed.

The test suite sends a few hundred of the same bodies in-process; this sends thousands
through uvicorn's real HTTP parsing.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from .hostile import ROUTES, SHEET_PLAYERS, Route, hostile_body
from .serving import free_port, serve

JSON = {"Content-Type": "application/json"}
NO_ANSWER = 0
"""The status counted when the connection failed instead of an answer."""


@dataclass
class Tally:
    """What came back: answers by status code and by route, and what went wrong."""

    statuses: Counter[int] = field(default_factory=Counter)
    routes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    gone: bool = False
    """The server died (the count stops there)."""

    @property
    def sent(self) -> int:
        return sum(self.statuses.values())


def check(route: Route, answer: httpx.Response) -> str | None:
    """What is wrong with ``answer`` to a hostile body (``None``: a proper refusal)."""
    if answer.status_code >= 500:
        return f"{answer.status_code} from {route.name}: {answer.text[:200]}"
    try:
        data = json.loads(answer.content.decode("utf-8"))
    except ValueError:
        return f"{answer.status_code} from {route.name} is not JSON: {answer.text[:200]}"
    if route.question and answer.status_code == 200 and isinstance(data.get("points"), int):
        return None
    error = data.get("error") if isinstance(data, dict) else None
    if not 400 <= answer.status_code < 500 or not isinstance(error, dict) or not error.get("code"):
        return f"{answer.status_code} from {route.name}, not a refusal: {answer.text[:200]}"
    return None


def fuzz(
    send: Callable[[Route, bytes], httpx.Response], alive: Callable[[], bool], count: int, seed: int
) -> Tally:
    """Send at least ``count`` hostile bodies, spread over every route (fewer if the server
    dies: ``alive`` says whether it still runs)."""
    tally = Tally()
    while tally.sent < count:

        @hypothesis_seed(seed + tally.sent)
        @settings(
            max_examples=count - tally.sent,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(route=st.sampled_from(ROUTES), data=st.data())
        def one(route: Route, data: st.DataObject) -> None:
            if tally.gone:
                return
            tally.routes[route.name] += 1
            try:
                answer = send(route, data.draw(hostile_body(route)))
            except httpx.TransportError as err:
                tally.statuses[NO_ANSWER] += 1
                tally.problems.append(f"no answer from {route.name}: {err!r}")
                tally.gone = not alive()
                return
            tally.statuses[answer.status_code] += 1
            problem = check(route, answer)
            if problem is not None:
                tally.problems.append(problem)

        one()
        if tally.gone:
            break
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.server.fuzz_bodies")
    parser.add_argument("--bodies", type=int, default=10_000, help="bodies to send at least")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="scala40-fuzz-") as tmp:
        port = free_port()
        server = serve(port, Path(tmp))
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
                tally, changed, seconds = run(
                    http, lambda: server.poll() is None, args.bodies, args.seed
                )
        finally:
            server.terminate()
            server.wait(10)
    print(f"bodies sent: {tally.sent} in {seconds:.1f} s (seed {args.seed})")
    print("by route: " + ", ".join(f"{name} {n}" for name, n in sorted(tally.routes.items())))
    print("answers by status:")
    for status, n in sorted(tally.statuses.items()):
        print(f"  {status or 'no answer'}: {n}")
    fives = sum(n for status, n in tally.statuses.items() if status >= 500)
    if tally.gone:
        print(f"the server died after {tally.sent} bodies")
    print(f"5xx: {fives}")
    print(f"answers not a proper refusal: {len(tally.problems)}")
    for problem in tally.problems[:10]:
        print(f"  {problem}")
    print(f"changed by hostile bodies: {', '.join(changed) or 'nothing'}")
    return 1 if tally.problems or changed else 0


def run(
    http: httpx.Client, alive: Callable[[], bool], count: int, seed: int
) -> tuple[Tally, list[str], float]:
    """Set up a table and a sheet, fuzz, and name whatever the bodies changed."""
    table = http.post(
        "/api/tables", json={"seats": ["human", "human"], "nickname": "Anna"}, headers=JSON
    ).json()
    made = http.post("/api/scoresheets", json={"players": SHEET_PLAYERS}, headers=JSON).json()
    sheet_headers = {**JSON, "Authorization": f"Bearer {made.get('token', '')}"}

    def send(route: Route, body: bytes) -> httpx.Response:
        url = route.path.format(table=table["table_id"], sheet=made["id"])
        headers = sheet_headers if "{sheet}" in route.path else JSON
        return http.request(route.method, url, content=body, headers=headers)

    def snapshot() -> dict[str, Any]:
        sheet = http.get(f"/api/scoresheets/{made['id']}").json()
        return {
            "tables": len(http.get("/api/tables").json()["tables"]),
            "seats": http.get(f"/api/tables/{table['table_id']}").json()["seats"],
            "sheet": (sheet["sheet"], sheet["updated"]),
        }

    before = snapshot()
    began = time.perf_counter()
    tally = fuzz(send, alive, count, seed)
    seconds = time.perf_counter() - began
    if tally.gone:
        return tally, ["the server died"], seconds
    after = snapshot()
    changed = [key for key in before if before[key] != after[key]]
    return tally, changed, seconds


if __name__ == "__main__":
    sys.exit(main())
