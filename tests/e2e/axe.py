"""axe-core in the browser tests: the page's accessibility checked by the same rules a
WCAG audit runs (``node_modules/axe-core``, pinned in package.json).

The script is evaluated in the page through the DevTools protocol, so the page's own
Content-Security-Policy (script-src 'self') neither blocks it nor needs loosening."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"

BLOCKING = ("serious", "critical")
"""The impacts a test fails on; "minor" and "moderate" ones are printed, not failed."""

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
"""The rule sets run: WCAG 2.2 level AA and what it includes."""


@cache
def _source() -> str:
    if not AXE.exists():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` in the project's root")
    return AXE.read_text()


def violations(page: Page) -> list[dict[str, Any]]:
    """Every WCAG 2.2 AA rule the page as it stands breaks, as axe reports it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(_source())
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.map((n) => n.target.join(" ")),
                summary: v.nodes.map((n) => n.failureSummary || ""),
            }));
        }""",
        TAGS,
    )
    return found


def describe(found: list[dict[str, Any]]) -> str:
    """Each violation's id, impact, help and targets, one a line (for a failure message)."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} [{v['impact']}] {v['help']}")
        for target, why in zip(v["targets"], v["summary"], strict=True):
            lines.append(f"    {target}: {' '.join(why.split())[:300]}")
    return "\n".join(lines)


def assert_accessible(page: Page, where: str) -> None:
    """Fail on any serious or critical violation, naming each (id, impact, target); the
    milder ones are printed for whoever reads the log."""
    found = violations(page)
    blocking = [v for v in found if v["impact"] in BLOCKING]
    mild = [v for v in found if v["impact"] not in BLOCKING]
    if mild:
        print(f"\n{where}: milder axe findings:\n{describe(mild)}")
    assert blocking == [], (
        f"{where}: axe finds serious or critical violations:\n{describe(blocking)}"
    )
