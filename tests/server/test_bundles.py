"""The pages' bundles (http/bundles.py): the committed ones are what esbuild makes of
today's scripts, and a page loads them only while they are."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scala40.server.http.bundles import ENTRIES, FOLDER, bundled_html, current
from scala40.server.http.pages import static_dir

ROOT = Path(__file__).resolve().parents[2]
TABLE_SCRIPT = '<script type="module" src="/static/js/table.js"></script>'


def test_the_committed_bundles_are_what_esbuild_makes_of_the_scripts(tmp_path: Path) -> None:
    """Fails when a script under static/js/ changed and the bundles were not made again
    (``python scripts/build_pages.py``), or when a bundle was edited by hand."""
    out = tmp_path / FOLDER
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_pages.py"), "--out", str(out)],
        check=True,
        capture_output=True,
    )
    committed = static_dir() / FOLDER
    made = {p.name: p.read_bytes() for p in out.iterdir()}
    kept = {p.name: p.read_bytes() for p in committed.iterdir()}
    stale = sorted(name for name in made.keys() | kept.keys() if made.get(name) != kept.get(name))
    assert stale == [], f"run `python scripts/build_pages.py`: static/{FOLDER}/ differs in {stale}"
    assert current(static_dir())
    for entry in ENTRIES:
        assert (committed / entry.rsplit("/", 1)[-1]).is_file(), entry


def _copy_of_static(tmp_path: Path) -> Path:
    root = tmp_path / "static"
    shutil.copytree(static_dir() / "js", root / "js")
    shutil.copytree(static_dir() / FOLDER, root / FOLDER)
    return root


def test_a_page_loads_its_bundle_while_the_bundles_are_current(tmp_path: Path) -> None:
    root = _copy_of_static(tmp_path)
    page = f"<head></head><body>{TABLE_SCRIPT}</body>"
    assert bundled_html(page, root) == (
        f'<head></head><body><script type="module" src="/static/{FOLDER}/table.js"></script></body>'
    )
    offline = '<script type="module" src="/static/js/offline.js"></script>'
    assert bundled_html(offline, root) == offline  # not bundled: it loads its modules


def test_a_script_changed_since_the_bundles_were_made_loads_as_modules(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A contributor's edit shows at the next reload, and the log says to build again."""
    root = _copy_of_static(tmp_path)
    cards = root / "js" / "cards.js"
    cards.write_text(cards.read_text() + "\n// an edit\n")
    with caplog.at_level(logging.WARNING, logger="scala40.server"):
        assert bundled_html(TABLE_SCRIPT, root) == TABLE_SCRIPT
    assert "scripts/build_pages.py" in caplog.text


def test_without_bundles_a_page_loads_its_modules(tmp_path: Path) -> None:
    root = _copy_of_static(tmp_path)
    shutil.rmtree(root / FOLDER)
    assert bundled_html(TABLE_SCRIPT, root) == TABLE_SCRIPT
