"""The fair-play rules of the ratings, measured at a real ``scala40 serve``.

tests/server/test_players.py and test_leagues.py check them in process, with settings
``scala40 serve`` does not offer (``bots_pause_seconds=1e6``, a ``greedy`` or ``expert``
stand-in) and seats nobody ever opens. Here a real server on a loopback port, with its
own SQLite database in a temporary folder, is played as a browser plays it: identities
made over HTTP, tables made and joined over HTTP, moves sent over the table's WebSocket
(a greedy bot chooses them for the person), the figures read back from the same pages a
browser reads (``/api/players/…``, ``/api/leagues/…``, ``/api/tables/…/record``).

1. The two-identity farm: Anna and Bea, two identities of one home (both from 127.0.0.1),
   play a rated heads-up match out against each other: no rating may move (or the join
   is refused). As a control, Carl and Dora do the same from two homes (Dora's requests
   carry ``X-Forwarded-For: 203.0.113.9``, as a reverse proxy on the server's host sends
   them; uvicorn trusts it from 127.0.0.1): their ratings must move, or the farm's
   figures prove nothing.
2. The quitter: Eve opens a rated match against ``bot:beginner``, makes a move or two,
   closes the socket and never comes back; a stand-in (the server's ``club``) plays her
   seat to the end. Whatever it scores, she must be placed behind the bot that stayed.
   The rule is put to the test only when the stand-in wins the hand, so up to
   ``--quitter-tries`` quitters play until one's stand-in does.
3. The league of bots: Finn, alone in his league, plays league matches against three
   bots himself: he may earn no league points.

    python -m tests.server.fair_play_harness          # prints the figures as JSON

A measurement, not a test: matches are one hand (``fixed_hands: 1``), bots do not pause
between moves (``--bot-pause 0``), a dropped seat's stand-in comes after ``--grace 0.1``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from .helpers import play_until_my_turn, wait_over
from .serving import free_port, serve
from .test_players import ONE_HAND

GRACE = "0.1"
"""``--grace``: seconds before a stand-in plays a dropped seat."""

READ_SECONDS = 30.0
"""A socket that says nothing this long means the table is stuck: the run fails."""

MOVE_SECONDS = 0.1
"""A person's least time per move: a connection may send 20 messages a second (a bot
choosing in no time passes it, and its move is refused ``rate_limited``)."""

QUIT_AFTER = 2
"""Moves the quitter makes before she closes the socket for good."""

OTHER_HOME = "203.0.113.9"
"""The control's second home (TEST-NET-3), told the server as a proxy would."""

FIGURES = ("matches", "wins", "mu", "sigma", "rating", "provisional")


class Socket:
    """A real table socket with the two calls tests/server/helpers.py makes of a test
    client's, so its ``play_until_my_turn`` plays here; it keeps the last ``hand_over``
    (the summary a browser shows, with the match's rating changes)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.hand_over: dict[str, Any] | None = None

    def receive_json(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=READ_SECONDS))
        if msg["type"] == "hand_over":
            self.hand_over = msg
        return msg

    def send_json(self, data: dict[str, Any]) -> None:
        time.sleep(MOVE_SECONDS)
        self.ws.send(json.dumps(data))


class Site:
    """The server as its visitors use it: HTTP from this machine and its sockets."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)

    def post(self, path: str, body: dict[str, Any], home: str | None = None) -> httpx.Response:
        """A POST from this machine or, with ``home``, through a proxy on it for ``home``."""
        headers = {} if home is None else {"X-Forwarded-For": home}
        return self.http.post(path, json=body, headers=headers)

    def identity(self, nickname: str) -> dict[str, Any]:
        r = self.post("/api/players", {"nickname": nickname})
        r.raise_for_status()
        return dict(r.json())

    def figures(self, nickname: str) -> dict[str, Any] | None:
        """A player's page as figures (``None``: no such player yet, as a bot level
        before its first rated match)."""
        r = self.http.get(f"/api/players/{nickname}")
        if r.status_code == 404:
            return None
        r.raise_for_status()
        page = r.json()
        out = {k: page.get(k) for k in FIGURES}
        out["history"] = [
            {k: line.get(k) for k in ("table_id", "place", "players", "rating", "rated")}
            for line in page.get("history", [])
        ]
        return out

    def table(self, seats: list[str], key: str, **extra: Any) -> dict[str, Any]:
        body = {"seats": seats, "nickname": "x", "rules": ONE_HAND, "player_key": key, **extra}
        r = self.post("/api/tables", body)
        r.raise_for_status()
        return dict(r.json())

    def play(self, table_id: str, token: str, seed: int, moves: int | None) -> dict[str, Any]:
        """A person at the table: connect, play ``moves`` moves (``None``: to the match's
        end, answering every turn), then close the socket. What they were shown."""
        url = f"ws://127.0.0.1:{self.port}/ws/{table_id}?token={token}"
        with connect(url, open_timeout=10) as raw:
            ws = Socket(raw)
            first = play_until_my_turn(ws, 0, seed)
            seen = {p["seat"]: p.get("rated") for p in first["view"]["players"]}
            last = play_until_my_turn(ws, 10**6 if moves is None else moves, seed, first)
        summary = (ws.hand_over or {}).get("summary") or {}
        return {
            "seat": first["view"]["seat"],
            "rated_flags_shown": seen,
            "status_when_left": last["view"]["status"],
            "summary_ratings": summary.get("ratings"),
        }

    def result(self, table_id: str) -> dict[str, Any]:
        """The stored record's outcome: each hand's winner (a seat), how, and what each
        seat paid (the record lists penalties in the hand's own seat order)."""
        record = self.http.get(f"/api/tables/{table_id}/record").json()
        return {
            "seats": record["seats"],
            "match_winner_seat": record["winner"],
            "totals": record["totals"],
            "hands": [
                {
                    "winner_seat": h["result"]["winner"],
                    "reason": h["result"]["reason"],
                    "penalties_by_seat": {
                        str(seat): paid
                        for seat, paid in sorted(
                            zip(h["seats"], h["result"]["penalties"], strict=True)
                        )
                    },
                }
                for h in record["hands"]
            ],
        }


def _changed(before: dict[str, Any] | None, after: dict[str, Any] | None) -> bool:
    return before is None or after is None or any(before[k] != after[k] for k in FIGURES[:3])


def heads_up(site: Site, names: tuple[str, str], home: str | None) -> dict[str, Any]:
    """Two identities play a rated heads-up match out, the second joining from ``home``
    (``None``: this machine, the first one's home)."""
    first, second = (site.identity(n) for n in names)
    before = {n: site.figures(n) for n in names}
    made = site.table(["human", "human"], first["key"], rated=True)
    joined = site.post(
        f"/api/tables/{made['table_id']}/join",
        {"nickname": "x", "player_key": second["key"]},
        home,
    )
    out: dict[str, Any] = {"table_id": made["table_id"], "join_status": joined.status_code}
    if joined.status_code != 200:
        out["join_refusal"] = joined.json()
        out["after"] = {n: site.figures(n) for n in names}
        out["before"] = before
        return out
    token = joined.json()["token"]
    with ThreadPoolExecutor(2) as pool:
        shown = [
            pool.submit(site.play, made["table_id"], made["token"], 1, None),
            pool.submit(site.play, made["table_id"], token, 2, None),
        ]
        out["shown"] = {n: f.result() for n, f in zip(names, shown, strict=True)}
    wait_over(site.http, made["table_id"], 60)
    out["result"] = site.result(made["table_id"])
    out["before"] = before
    out["after"] = {n: site.figures(n) for n in names}
    return out


def farm(site: Site) -> dict[str, Any]:
    same = heads_up(site, ("Anna", "Bea"), None)
    control = heads_up(site, ("Carl", "Dora"), OTHER_HOME)

    def unmoved(run: dict[str, Any], n: str) -> bool:
        after = run["after"][n]
        listed = after["history"]
        return not _changed(run["before"][n], after) and all(not x["rated"] for x in listed)

    same["rule_held"] = same["join_status"] != 200 or all(unmoved(same, n) for n in ("Anna", "Bea"))
    control["ratings_moved"] = all(
        _changed(control["before"][n], control["after"][n]) for n in ("Carl", "Dora")
    )
    return {"one_home": same, "control_two_homes": control}


def quitter(site: Site, tries: int) -> dict[str, Any]:
    runs = []
    for n in range(1, tries + 1):
        name = f"Eve{n}"
        eve = site.identity(name)
        before = {name: site.figures(name), "bot:beginner": site.figures("bot:beginner")}
        made = site.table(["human", "bot:beginner"], eve["key"], rated=True)
        left = site.play(made["table_id"], made["token"], n, QUIT_AFTER)
        wait_over(site.http, made["table_id"], 60)
        after = {name: site.figures(name), "bot:beginner": site.figures("bot:beginner")}
        result = site.result(made["table_id"])
        mine = [
            x for x in (after[name] or {}).get("history", []) if x["table_id"] == made["table_id"]
        ]
        line = mine[0] if mine else {}
        was, now = before[name], after[name]
        held = (
            line.get("place") == 2
            and line.get("rated") is True
            and was is not None
            and now is not None
            and now["wins"] == was["wins"]
            and now["mu"] < was["mu"]
        )
        stand_in_won = result["match_winner_seat"] == left["seat"]
        runs.append(
            {
                "player": name,
                "table_id": made["table_id"],
                "left_after_moves": QUIT_AFTER,
                "shown_before_leaving": left,
                "result": result,
                "stand_in_won_the_hand": stand_in_won,
                "quitter_place": line.get("place"),
                "quitter_line_rated": line.get("rated"),
                "before": before,
                "after": after,
                "rule_held": held,
            }
        )
        if stand_in_won:
            break
    return {
        "stand_in_level": "club (the server's default; scala40 serve has no flag for it)",
        "runs": runs,
        "rule_held": all(r["rule_held"] for r in runs),
        "rule_put_to_the_test": any(r["stand_in_won_the_hand"] for r in runs),
    }


def league_of_bots(site: Site, matches: int) -> dict[str, Any]:
    finn = site.identity("Finn")
    made = site.post("/api/leagues", {"name": "Giovedì", "player_key": finn["key"]})
    made.raise_for_status()
    league_id = made.json()["league_id"]
    before = site.figures("Finn")
    played = []
    for n in range(matches):
        table = site.table(
            ["human", "bot:beginner", "bot:beginner", "bot:beginner"],
            finn["key"],
            league=league_id,
        )
        shown = site.play(table["table_id"], table["token"], 10 + n, None)
        wait_over(site.http, table["table_id"], 60)
        played.append(
            {"table_id": table["table_id"], "shown": shown, **site.result(table["table_id"])}
        )
    page = site.http.get(f"/api/leagues/{league_id}").json()
    members = page["members"]
    counted = [m["counted"] for m in page["matches"]]
    after = site.figures("Finn")
    lines = [] if after is None else after["history"]
    # Were bots counted as league opponents, each one placed behind Finn would be a point.
    bots_behind = sum(x["players"] - x["place"] for x in lines)
    return {
        "league_id": league_id,
        "matches": played,
        "standings": members,
        "matches_counted": counted,
        "finn_before": before,
        "finn_after": after,
        "bots_placed_behind_finn": bots_behind,
        "rule_held": all(m["points"] == 0 for m in members) and not any(counted),
        "rule_put_to_the_test": bots_behind > 0,
    }


def stop(proc: subprocess.Popen[bytes]) -> int:
    proc.terminate()
    try:
        return proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait(15)


def run(tries: int, league_matches: int) -> dict[str, Any]:
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="scala40-fairplay-"))
    port = free_port()
    options = ["--grace", GRACE, "--bot-processes", "0"]
    proc = serve(port, folder, "", *options)
    out: dict[str, Any] = {
        "server": {
            "command": "scala40 serve --bot-pause 0 --summary-pause 0 " + " ".join(options),
            "db": "sqlite (temporary folder)",
            "rules": ONE_HAND,
            "address": f"127.0.0.1:{port}",
        }
    }
    site = Site(port)
    try:
        out["two_identity_farm"] = farm(site)
        out["quitter"] = quitter(site, tries)
        out["league_of_bots"] = league_of_bots(site, league_matches)
    finally:
        site.http.close()
        out["server"]["exit_code"] = stop(proc)
        out["server"]["log_tail"] = (folder / "serve.log").read_text()[-2000:]
    out["verdicts"] = {
        "two_identity_farm_not_rated": out["two_identity_farm"]["one_home"]["rule_held"],
        "control_two_homes_rated": out["two_identity_farm"]["control_two_homes"]["ratings_moved"],
        "quitter_rated_as_loss": out["quitter"]["rule_held"],
        "quitter_rule_put_to_the_test": out["quitter"]["rule_put_to_the_test"],
        "league_of_bots_no_points": out["league_of_bots"]["rule_held"],
        "league_rule_put_to_the_test": out["league_of_bots"]["rule_put_to_the_test"],
    }
    out["seconds"] = round(time.monotonic() - started, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quitter-tries", type=int, default=3)
    parser.add_argument("--league-matches", type=int, default=2)
    args = parser.parse_args()
    print(json.dumps(run(args.quitter_tries, args.league_matches), indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
