"""``python -m scala40.words export``: write the pages' strings.js from the catalogue.

After editing a catalogue (a new message in ``messages.pot``, a translation in a
language's ``messages.po``, or a new language's file made by ``pybabel init``), run this
so the pages say the same; the terminal reads the catalogue itself.
"""

from __future__ import annotations

import sys

from scala40.words.pages import PAGE_MODULE, export


def main(argv: list[str]) -> int:
    if argv != ["export"]:
        print("usage: python -m scala40.words export", file=sys.stderr)
        return 2
    changed = export()
    print(f"{PAGE_MODULE}: {'written' if changed else 'already up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
