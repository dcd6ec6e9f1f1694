"""Module preloads: a page names, in its head, every script its entry module imports.

Without them a browser learns the table's ~45 modules one import level at a time (the
entry, then what it imports, then what those import...): on a phone line each level costs
a round trip. With ``<link rel="modulepreload">`` for the whole graph it asks for all of
them at once, as soon as it reads the head. A preload blocks no drawing.

The graph is read from the scripts' static ``import ... from "./x.js"`` lines (the pages'
modules use no other kind; a JSDoc ``import("./types.js")`` is a type, not a load).
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

IMPORT = re.compile(r'^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"', re.M)
ENTRY = re.compile(r'<script type="module" src="/static/([^"]+)"></script>')


def imports(root: Path, module: str) -> list[str]:
    """Every module ``module`` (a path under ``root``) loads, directly or not, in order."""
    seen: dict[str, None] = {}
    todo = [module]
    while todo:
        name = todo.pop(0)
        path = root / name
        if not path.is_file():
            continue
        for found in IMPORT.finditer(path.read_text(encoding="utf-8")):
            spec = found.group(1) or found.group(2)
            if not spec.startswith("."):
                continue
            target = _normal(PurePosixPath(name).parent / spec)
            if target not in seen and target != module:
                seen[target] = None
                todo.append(target)
    return list(seen)


def _normal(path: PurePosixPath) -> str:
    parts: list[str] = []
    for part in path.parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def with_preloads(html: str, root: Path) -> str:
    """``html`` with a module preload, before ``</head>``, for each module its entry
    scripts import (addresses under ``/static/``, as the page names its files)."""
    wanted: dict[str, None] = {}
    for entry in ENTRY.findall(html):
        for name in imports(root, entry):
            wanted[name] = None
    if not wanted:
        return html
    links = "".join(f'  <link rel="modulepreload" href="/static/{name}">\n' for name in wanted)
    return html.replace("</head>", links + "</head>", 1)
