"""The whole suite's collection order: the files holding slow tests first.

``scripts/test`` runs pytest on four processes, a test file to a process at a time, handed
out in collection order. A slow file (a cluster, chromium, a fault harness: up to a minute
and a half) that comes last runs alone at the end while the other processes wait. Put
first, the slow files run side by side and the ~2,000 quick tests fill the gaps after them.
Within each group the files keep their order, and each file its tests' order.
"""

from __future__ import annotations

import pytest


@pytest.hookimpl(trylast=True)  # after tests/e2e/conftest.py has marked its tests slow
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow_files = {item.path for item in items if item.get_closest_marker("slow") is not None}
    items.sort(key=lambda item: item.path not in slow_files)
