"""The examples in the docs run: the notation's docstrings and the README's engine example.

Every parse/format pair of :mod:`scala40.notation` shows a round trip in a docstring
(python-chess style); those examples, and the README's "Using the engine" code, are run
here, so an example that stops being true fails the suite instead of misleading a reader.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import scala40.notation

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

MODULES = [
    *(f"scala40.notation.{m.name}" for m in pkgutil.iter_modules(scala40.notation.__path__)),
    "scala40.engine.rules",
    "scala40.engine.pack",
    "scala40.arena",
    "scala40.tournament",
]

# (module, parse side, format side): one docstring of the module runs both.
PAIRS = [
    ("cards", "parse_card", "format_card"),
    ("cards", "parse_meld_card", "format_card"),
    ("cards", "parse_cards", "format_cards"),
    ("melds", "parse_meld", "format_meld"),
    ("melds", "parse_table_meld", "format_meld"),
    ("actions", "parse_action", "format_action"),
    ("codec", "rules_from_changes", "rules_changes"),
    ("codec", "rules_from_dict", "rules_to_dict"),
    ("codec", "action_from_dict", "action_to_dict"),
    ("codec", "table_meld_from_dict", "table_meld_to_dict"),
    ("position", "load_position", "dump_position"),
    ("record", "load_record", "dump_record"),
    ("record", "replay", "dump_record"),
]


def run_doctests(module: ModuleType) -> tuple[int, int, str]:
    """(failed, attempted, report) for the docstring examples of ``module``."""
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    for test in doctest.DocTestFinder().find(module):
        runner.run(test, out=report.write)
    return runner.failures, runner.tries, report.getvalue()


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name: str) -> None:
    failed, _, report = run_doctests(importlib.import_module(name))
    assert failed == 0, report


@pytest.mark.parametrize(("module", "parse", "format_"), PAIRS)
def test_every_pair_shows_a_round_trip(module: str, parse: str, format_: str) -> None:
    tests = doctest.DocTestFinder().find(importlib.import_module(f"scala40.notation.{module}"))
    sources = ["".join(e.source for e in t.examples) for t in tests]
    calls = [re.compile(rf"\b{name}\(") for name in (parse, format_)]
    assert any(all(c.search(s) for c in calls) for s in sources), (
        f"no docstring of scala40.notation.{module} runs {parse} and {format_} together"
    )


def test_a_failing_example_fails_the_check() -> None:
    module = ModuleType("broken")
    module.__doc__ = ">>> 1 + 1\n3\n"
    failed, attempted, report = run_doctests(module)
    assert (failed, attempted) == (1, 1)
    assert "Expected:\n    3\nGot:\n    2" in report


# The README's engine example --------------------------------------------------------------------


def readme_blocks(section: str) -> list[str]:
    """The ```python blocks of one ``## section`` of the README."""
    text = README.read_text(encoding="utf-8")
    start = text.index(f"\n## {section}\n")
    end = text.find("\n## ", start + 1)
    body = text[start : end if end != -1 else len(text)]
    return re.findall(r"^```python\n(.*?)^```", body, flags=re.S | re.M)


def printed_comments(code: str) -> list[str]:
    """What each ``print(...)  # comment`` line says it prints, in order."""
    return [
        line.split("#", 1)[1].strip()
        for line in code.splitlines()
        if line.strip().startswith("print(") and "#" in line
    ]


def test_the_readme_engine_example_runs_and_prints_what_it_says() -> None:
    [code] = readme_blocks("Using the engine")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), {"__name__": "readme"})
    printed = out.getvalue().splitlines()
    expected = printed_comments(code)
    assert len(printed) == len(expected), out.getvalue()
    checker = doctest.OutputChecker()
    for want, got in zip(expected, printed, strict=True):
        assert checker.check_output(want + "\n", got + "\n", doctest.ELLIPSIS), (want, got)


def test_the_readme_check_reads_the_printed_comments() -> None:
    code = 'print(1)  # 1\nx = 2  # not printed\nif x:\n    print("a b")  # a ...\n'
    assert printed_comments(code) == ["1", "a ..."]
    assert readme_blocks("Using the engine")
