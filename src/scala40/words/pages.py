"""The catalogue as the pages read it: ``static/js/strings.js``, made from the PO files.

The pages are ES modules served as static files (and packed for the offline site), so
they get the catalogue as one generated module, ``STRINGS[lang][key]``, which
``js/i18n.js`` imports. The terminal's own messages (keys under ``term.``) stay out of
it. ``python -m scala40.words export`` writes it after a catalogue changed; a test fails,
naming that command, when the committed file differs from what the catalogue makes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from scala40.words.catalog import languages, table

#: The module the pages import.
PAGE_MODULE: Final = Path(__file__).resolve().parents[1] / "server/static/js/strings.js"
#: Keys of messages only the terminal shows (the terminal game, the scorekeeper).
TERMINAL_ONLY: Final = ("term.",)

HEADER: Final = """// @ts-check
// Made from the gettext catalogue (src/scala40/locale) by `python -m scala40.words export`:
// do not edit it here, edit the catalogue and export again.

/** Every message the pages show, by language then key.
 * @type {{[lang: string]: {[key: string]: string}}} */
export const STRINGS = """


def page_strings() -> dict[str, dict[str, str]]:
    """Every language's messages for the pages, by key, in the template's order."""
    return {
        lang: {k: v for k, v in table(lang).items() if not k.startswith(TERMINAL_ONLY)}
        for lang in languages()
    }


def page_module() -> str:
    """The text of ``strings.js``."""
    return HEADER + json.dumps(page_strings(), ensure_ascii=False, indent=2) + ";\n"


def export(path: Path = PAGE_MODULE) -> bool:
    """Write the pages' module; whether it changed."""
    text = page_module()
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True
