"""``scala40 serve`` offers the local table's site at /play: the exported files, under a
content policy that lets its Worker compile Pyodide's WebAssembly (the rest of the site
keeps the strict one)."""

from __future__ import annotations

from pathlib import Path

from scala40.web_export.pyodide_dist import FILES
from scala40.web_export.site import export_site

from .conftest import MakeClient


def test_play_serves_the_exported_site_with_webassembly_allowed(
    make_client: MakeClient, tmp_path: Path
) -> None:
    copy = tmp_path / "pyodide"
    copy.mkdir()
    for name in FILES:
        (copy / name).write_text(name)
    site = export_site(tmp_path / "play", copy)
    client = make_client(play_dir=str(site.folder))
    page = client.get("/play/")
    assert page.status_code == 200 and 'name="scala40-local"' in page.text
    assert "'wasm-unsafe-eval'" in page.headers["content-security-policy"]
    worker = client.get("/play/static/js/local/worker.js")
    assert worker.status_code == 200
    assert "'wasm-unsafe-eval'" in worker.headers["content-security-policy"]
    assert client.get("/play/sw.js").text.startswith("self.scala40Local = ")
    rules = client.get("/play/rules.json")
    assert rules.status_code == 200 and rules.json() == client.get("/api/rules").json()
    manifest = client.get("/play/manifest.webmanifest")
    assert manifest.status_code == 200 and manifest.json()["start_url"] == "./"
    lobby = client.get("/")
    assert "wasm-unsafe-eval" not in lobby.headers["content-security-policy"]


def test_without_a_site_there_is_no_play(make_client: MakeClient) -> None:
    assert make_client().get("/play/").status_code == 404
