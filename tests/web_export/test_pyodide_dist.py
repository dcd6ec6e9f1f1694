"""Pyodide's files: fetched once with npm, checked against the pinned integrity, kept in
the user's cache and found there again; a local copy is checked for the same files."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from scala40.web_export import pyodide_dist
from scala40.web_export.pyodide_dist import (
    FILES,
    VERSION,
    PyodideUnavailable,
    cached_dir,
    integrity_of,
    local_copy,
    pyodide_files,
    unpack,
)


def made_tarball(names: tuple[str, ...] = FILES) -> bytes:
    """An npm-style tarball (``package/NAME``) whose files hold their own names."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name in names:
            data = name.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out.getvalue()


def test_a_tarball_that_does_not_match_the_pinned_integrity_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PyodideUnavailable, match="does not match its pinned integrity"):
        unpack(made_tarball(), tmp_path / "cache")
    assert not (tmp_path / "cache").exists(), "nothing is kept from a refused tarball"


def test_a_matching_tarball_leaves_the_page_s_files_in_the_cache(tmp_path: Path) -> None:
    tarball = made_tarball((*FILES, "console.html"))
    into = unpack(tarball, tmp_path / "cache", integrity=integrity_of(tarball))
    assert sorted(p.name for p in into.iterdir()) == sorted(FILES)
    assert (into / "pyodide.asm.wasm").read_text() == "pyodide.asm.wasm"


def test_a_tarball_without_a_needed_file_is_refused(tmp_path: Path) -> None:
    tarball = made_tarball(FILES[:-1])
    with pytest.raises(PyodideUnavailable, match=f"lacks {FILES[-1]}"):
        unpack(tarball, tmp_path / "cache", integrity=integrity_of(tarball))
    assert not (tmp_path / "cache").exists()


def test_the_cache_is_under_xdg_cache_home_by_version(tmp_path: Path) -> None:
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    assert cached_dir(env) == tmp_path / "scala40" / "pyodide" / VERSION


def test_a_complete_cache_is_used_without_fetching(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = cached_dir({"XDG_CACHE_HOME": str(tmp_path)})
    folder.mkdir(parents=True)
    for name in FILES:
        (folder / name).write_text(name)

    def no_fetch() -> bytes:
        raise AssertionError("fetched although the cache was complete")

    monkeypatch.setattr(pyodide_dist, "fetch_tarball", no_fetch)
    assert pyodide_files(env={"XDG_CACHE_HOME": str(tmp_path)}) == folder


def test_a_local_copy_names_the_files_it_lacks(tmp_path: Path) -> None:
    (tmp_path / "pyodide.mjs").write_text("")
    with pytest.raises(PyodideUnavailable, match=r"lacks pyodide\.asm\.mjs, pyodide\.asm\.wasm"):
        local_copy(tmp_path)


def test_a_local_copy_of_another_version_is_refused(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    for name in FILES:
        (package / name).write_text(name)
    (package / "package.json").write_text(json.dumps({"version": "0.27.0"}))
    with pytest.raises(PyodideUnavailable, match=f"holds Pyodide 0.27.0; .* on {VERSION}"):
        local_copy(tmp_path)
    (package / "package.json").write_text(json.dumps({"version": VERSION}))
    assert local_copy(tmp_path) == package


def test_the_pinned_release_comes_from_the_registry_and_matches() -> None:
    """The real release, in this user's cache (scripts/test fetched it, or this does)."""
    folder = pyodide_files()
    assert not pyodide_dist.missing_files(folder)
    wasm = (folder / "pyodide.asm.wasm").read_bytes()
    assert wasm[:4] == b"\0asm", "the interpreter is WebAssembly"
    assert json.loads((folder / "pyodide-lock.json").read_text())["info"]["python"].startswith("3.")


def test_without_npm_the_fetch_says_what_to_do() -> None:
    with pytest.raises(PyodideUnavailable, match=r"npm is needed .* --pyodide DIR"):
        pyodide_dist.fetch_tarball(npm="no-such-npm-here")


def test_an_empty_cache_is_filled_by_one_fetch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tarball = made_tarball()
    fetched: list[int] = []

    def fetch() -> bytes:
        fetched.append(1)
        return tarball

    monkeypatch.setattr(pyodide_dist, "fetch_tarball", fetch)
    monkeypatch.setattr(pyodide_dist.unpack, "__defaults__", (integrity_of(tarball),))
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    first = pyodide_files(env=env)
    assert pyodide_files(env=env) == first == cached_dir(env)
    assert fetched == [1], "the second call fetched again"
