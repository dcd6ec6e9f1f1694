"""``scala40 export-web``: the static site's page, service worker, Pyodide files and the
wheel the Worker loads; and ``scala40 serve``'s /play."""

from __future__ import annotations

import html
import json
import re
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from scala40.cli import main
from scala40.rulebook.labels import rules_catalogue
from scala40.web_export.pyodide_dist import FILES
from scala40.web_export.site import export_site, kept_export


@pytest.fixture
def fake_pyodide(tmp_path: Path) -> Path:
    """A folder with Pyodide's file names (the export only copies them)."""
    folder = tmp_path / "pyodide-copy"
    folder.mkdir()
    for name in FILES:
        (folder / name).write_text(f"the {name} of this test")
    return folder


def test_the_site_is_the_table_page_in_local_mode_with_relative_addresses(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    done = export_site(tmp_path / "site", fake_pyodide)
    page = (done.folder / "index.html").read_text()
    assert '"/static/' not in page and 'href="/"' not in page, "an address from the host's root"
    assert 'src="static/js/table.js"' in page
    meta = re.search(r'<meta name="scala40-local" content="([^"]*)">', page)
    assert meta is not None
    files = json.loads(html.unescape(meta.group(1)))
    assert files["pyodide"] == "pyodide/"
    for url, size in files["sizes"].items():
        assert (done.folder / url).stat().st_size == size
    for name in FILES:
        assert (done.folder / "pyodide" / name).read_text() == f"the {name} of this test"


def test_the_service_worker_keeps_every_file_of_the_site(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    done = export_site(tmp_path / "site", fake_pyodide)
    head = (done.folder / "sw.js").read_text().split("\n", 1)[0]
    shell = json.loads(head.removeprefix("self.scala40Local = ").removesuffix(";"))
    on_disk = sorted(
        p.relative_to(done.folder).as_posix() for p in done.folder.rglob("*") if p.is_file()
    )
    assert sorted(shell["files"]) == sorted(["./", *(f for f in on_disk if f != "sw.js")])
    again = export_site(tmp_path / "site", fake_pyodide)
    assert again.version == done.version, "the same files are the same version"
    (fake_pyodide / "pyodide.mjs").write_text("another loader")
    assert export_site(tmp_path / "site", fake_pyodide).version != done.version


def test_the_wheel_alone_plays_a_local_match(tmp_path: Path, fake_pyodide: Path) -> None:
    """The wheel holds the packages the Worker imports and nothing of the server; with
    only the wheel on the path (no installed scala40), a fresh Python plays a hand."""
    done = export_site(tmp_path / "site", fake_pyodide)
    [wheel] = (done.folder / "wheel").glob("scala40-*-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "scala40/offline/worker.py" in names and "scala40/bots/reading.json" in names
    assert not any(n.startswith(("scala40/server/", "scala40/cli")) for n in names)
    probe = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(wheel)!r})\n"
        "from scala40.offline import worker\n"
        "assert worker.__file__.startswith(sys.path[0]), worker.__file__\n"
        "worker.start(json.dumps({'nickname': 'Anna', 'bots': ['expert'], 'seed': 4}))\n"
        "for _ in range(40):\n"
        "    if worker.bot_due(): worker.bot_move()\n"
        "    else:\n"
        "        [h] = json.loads(worker.receive(json.dumps({'type': 'hint'})))\n"
        "        v = len(json.loads(worker.saved())['actions'])\n"
        "        act = {'type': 'action', 'v': v, 'action': h['action']}\n"
        "        worker.receive(json.dumps(act))\n"
        "print(len(json.loads(worker.saved())['actions']))\n"
    )
    out = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stderr
    assert int(out.stdout) >= 40


def test_export_web_names_a_bad_pyodide_copy_and_writes_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["export-web", str(tmp_path / "site"), "--pyodide", str(tmp_path)]
    )
    assert result.exit_code != 0
    assert "is no copy of Pyodide: it lacks pyodide.mjs" in result.output
    assert not (tmp_path / "site").exists()


def test_export_web_says_what_it_wrote(tmp_path: Path, fake_pyodide: Path) -> None:
    result = CliRunner().invoke(
        main, ["export-web", str(tmp_path / "site"), "--pyodide", str(fake_pyodide)]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"wrote \d+ files \([\d.]+ MB\) to .*site", result.output)
    assert (tmp_path / "site" / "index.html").is_file()


def test_servers_share_one_kept_export_per_version(tmp_path: Path, fake_pyodide: Path) -> None:
    first = kept_export(tmp_path / "play", fake_pyodide)
    second = kept_export(tmp_path / "play", fake_pyodide)
    assert first.folder == second.folder == tmp_path / "play" / first.version
    assert sorted(p.name for p in (tmp_path / "play").iterdir()) == [first.version]
    assert (first.folder / "index.html").is_file()


def test_the_setup_form_reads_the_rules_catalogue_written_beside_the_page(
    tmp_path: Path, fake_pyodide: Path
) -> None:
    """The local setup draws the lobby's rules form from the catalogue the lobby asks of
    ``GET /api/rules``, written as a file the page names (and the service worker keeps)."""
    done = export_site(tmp_path / "site", fake_pyodide)
    page = (done.folder / "index.html").read_text()
    meta = re.search(r'<meta name="scala40-local" content="([^"]*)">', page)
    assert meta is not None
    named = json.loads(html.unescape(meta.group(1)))["rules"]
    written = json.loads((done.folder / named).read_text("utf-8"))
    assert written == json.loads(json.dumps(rules_catalogue()))
    assert named in done.files
    assert 'id="local-rules"' in page and 'id="local-keys"' not in page


def test_the_site_installs_as_an_app_from_any_folder(tmp_path: Path, fake_pyodide: Path) -> None:
    """The page links a manifest whose every address is relative (the site may be served
    under any path) and whose icons are files of the site."""
    done = export_site(tmp_path / "site", fake_pyodide)
    page = (done.folder / "index.html").read_text()
    links = re.findall(r'<link rel="manifest" href="([^"]+)">', page)
    assert links == ["manifest.webmanifest"]
    manifest = json.loads((done.folder / links[0]).read_text("utf-8"))
    assert manifest["name"] == "Scala 40" and manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert "offline" in manifest["description"]
    sizes = set()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith(("/", "http")), icon["src"]
        png = (done.folder / icon["src"]).read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n"), icon["src"]
        width, height = struct.unpack(">II", png[16:24])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(icon["sizes"])
    assert {"192x192", "512x512"} <= sizes
    assert links[0] in done.files, "the service worker keeps the manifest"
