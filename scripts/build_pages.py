"""Bundle the pages' scripts with esbuild: static/js/ → static/bundles/ (committed).

    python scripts/build_pages.py            # after changing a script under static/js/
    python scripts/build_pages.py --out DIR  # the same bundles elsewhere (the test's check)

Needs the JavaScript tools (``npm ci``: esbuild is pinned in package.json). Writes each
entry of ``scala40.server.http.bundles.ENTRIES`` as one file, the code several entries
share as chunks named by their content, and ``SOURCES``: the digest of ``static/js/``
they were made from (the server serves the bundles only while it is today's). The old
bundles are removed first. The output is the same on every machine for the same scripts.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from scala40.server.http.bundles import (  # noqa: E402  (found through the line above)
    ENTRIES,
    FOLDER,
    SOURCES_FILE,
    sources_digest,
)

STATIC = ROOT / "src" / "scala40" / "server" / "static"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
BANNER = "// Made by scripts/build_pages.py from static/js/ (esbuild): edit those, not this."


def build(out: Path) -> None:
    """The bundles of today's scripts, in ``out`` (emptied first)."""
    if not ESBUILD.is_file():
        sys.exit(f"build_pages: {ESBUILD} is missing: run `npm ci` first")
    scripts = STATIC / "js"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    subprocess.run(
        [
            str(ESBUILD),
            *ENTRIES,
            "--bundle",
            "--format=esm",
            "--splitting",  # the code pages share: one chunk, kept once by the browser
            "--target=es2022",
            "--entry-names=[name]",
            "--chunk-names=chunk-[hash]",
            "--legal-comments=none",
            f"--banner:js={BANNER}",
            "--log-level=warning",
            f"--outdir={out}",
        ],
        cwd=scripts,
        check=True,
    )
    (out / SOURCES_FILE).write_text(sources_digest(scripts) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=STATIC / FOLDER)
    args = parser.parse_args()
    build(args.out)
    print(f"build_pages: {len(list(args.out.glob('*.js')))} files in {args.out}")


if __name__ == "__main__":
    main()
