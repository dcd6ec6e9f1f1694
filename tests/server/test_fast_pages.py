"""The pages load fast and install: compressed answers, static files kept for a year under
their version, pages always asked again, a manifest and a service worker from the root."""

from __future__ import annotations

import gzip
import re
from typing import Any

import pytest

from scala40.server.http.assets import IMMUTABLE, version
from scala40.server.http.pages import ROUTES, static_dir
from scala40.server.http.preload import imports

YEAR = "public, max-age=31536000, immutable"


def _versioned(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_a_large_static_file_travels_gzipped_and_unpacks_to_the_file(client: Any) -> None:
    path = "/static/js/strings.js"  # every message of the catalogue, for the pages
    raw = (static_dir() / "js" / "strings.js").read_bytes()
    with client.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as packed:
        wire = b"".join(packed.iter_raw())
    assert packed.status_code == 200
    assert packed.headers["content-encoding"] == "gzip"
    assert gzip.decompress(wire) == raw  # real gzip, which any browser unpacks
    assert len(wire) < len(raw) / 3
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == raw


def test_pages_name_versioned_files_which_are_kept_for_a_year(client: Any) -> None:
    table = client.get("/t/abc", headers={"Accept-Encoding": "gzip"})
    assert table.headers["cache-control"] == "no-cache"
    assert table.headers["content-encoding"] == "gzip"
    now = version(static_dir())
    names = _versioned(table.text)
    assert f"/static/{now}/css/scala40.css" in names and f"/static/{now}/bundles/table.js" in names
    assert all(name.startswith(f"/static/{now}/") for name in names), names
    for name in names:
        answer = client.get(name)
        assert answer.status_code == 200, name
        assert answer.headers["cache-control"] == YEAR == IMMUTABLE
    # A module's relative import resolves under the same version.
    imported = client.get(f"/static/{now}/js/table/start.js")
    assert imported.status_code == 200 and imported.headers["cache-control"] == YEAR


def test_a_page_asks_for_all_its_scripts_at_once(client: Any) -> None:
    """The table loads its bundle (http/bundles.py), and every chunk the bundle imports is
    preloaded from the head: a handful of files, asked for at once; nothing else is (the
    lobby's bundle is not the table's)."""
    html = client.get("/t/abc").text
    head = html.split("</head>", 1)[0]
    now = version(static_dir())
    preloads = re.findall(r'<link rel="modulepreload" href="/static/[0-9a-f]{12}/([^"]+)">', head)
    chunks = imports(static_dir(), "bundles/table.js")
    assert preloads == chunks and 0 < len(chunks) < 10
    assert all(name.startswith("bundles/chunk-") for name in preloads), preloads
    scripts = re.findall(r'<script type="module" src="/static/[0-9a-f]{12}/([^"]+)">', html)
    assert scripts == ["bundles/table.js"]
    for name in preloads + scripts:
        assert client.get(f"/static/{now}/{name}").status_code == 200, name
    offline = client.get("/offline.html").text
    assert offline.count('rel="modulepreload"') == 3  # dom.js, i18n.js and its strings.js


@pytest.mark.parametrize("path", sorted({p.replace("{table_id}", "x") for p in ROUTES}))
def test_every_page_is_asked_again_and_links_the_manifest(client: Any, path: str) -> None:
    path = re.sub(r"\{\w+\}", "x", path)
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-cache"
    assert '<link rel="manifest" href="/manifest.webmanifest">' in answer.text
    assert '<meta name="theme-color" content="#15502f">' in answer.text


def test_unversioned_and_old_versions_are_checked_each_time(client: Any) -> None:
    plain = client.get("/static/css/scala40.css")
    assert plain.headers["cache-control"] == "no-cache" and plain.headers["etag"]
    again = client.get("/static/css/scala40.css", headers={"If-None-Match": plain.headers["etag"]})
    assert again.status_code == 304
    old = client.get("/static/000000000000/css/scala40.css")
    assert old.status_code == 200 and old.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/{version(static_dir())}/css/nothing.css").status_code == 404


@pytest.mark.parametrize(
    ("accept", "lang"), [("it-IT,it;q=0.9,en;q=0.8", "it"), ("en-GB,en;q=0.9", "en"), ("", "en")]
)
def test_the_manifest_makes_an_installable_app_in_the_browsers_language(
    client: Any, accept: str, lang: str
) -> None:
    answer = client.get("/manifest.webmanifest", headers={"Accept-Language": accept})
    assert answer.headers["content-type"].startswith("application/manifest+json")
    made = answer.json()
    assert made["name"] == "Scala 40" and made["short_name"] == "Scala 40"
    assert made["lang"] == lang and made["display"] == "standalone"
    assert made["start_url"] == "/" and made["theme_color"] == "#15502f"
    assert made["background_color"] == "#1f6f43"
    assert ("ramino" in made["description"]) == (lang == "it")
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in made["icons"]}
    assert sizes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in made["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.content.startswith(b"\x89PNG")
        side = int(icon["sizes"].split("x")[0])
        assert int.from_bytes(png.content[16:20], "big") == side  # the PNG's own width


def test_the_service_worker_is_served_from_the_root_with_the_shell_to_keep(client: Any) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["cache-control"] == "no-cache"
    now = version(static_dir())
    head = answer.text.splitlines()[0]
    assert head.startswith("self.scala40Shell = ") and f'"version": "{now}"' in head
    kept_files = (f"/static/{now}/js/table.js", f"/static/{now}/bundles/table.js")
    for kept in (*kept_files, f"/static/{now}/icons/icon-192.png", "/rules"):
        assert f'"{kept}"' in head
    assert "/offline.html" in head and "js/sw.js" not in head
    shell = re.findall(r'"(/static/[^"]+)"', head)
    assert all(client.get(name).status_code == 200 for name in shell)


def test_the_content_policy_lets_in_this_servers_worker_and_manifest_only(client: Any) -> None:
    policy = client.get("/").headers["content-security-policy"]
    assert "worker-src 'self'" in policy and "manifest-src 'self'" in policy


def test_compressed_pages_leave_the_table_socket_working(client: Any) -> None:
    from .helpers import create, until, ws_url

    made = create(client, ["human", "bot:random"])
    with client.websocket_connect(
        ws_url(made, made["token"]), headers={"Accept-Encoding": "gzip"}
    ) as ws:
        assert until(ws, "state")["view"]["seat"] == 0
