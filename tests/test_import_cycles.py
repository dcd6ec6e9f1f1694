"""No two modules of scala40 import each other at run time, directly or around a loop.

A run-time circle makes import order matter (a lazy import inside a function is the
usual patch) and hides which of two modules is the lower one. Imports under
``if TYPE_CHECKING:`` do not count: the engine keeps one such loop on purpose
(``state`` -> ``pozzo`` -> ``opening`` -> ``state``, the pozzo rule plays sequences on
clones of the hand), and only the types close it.
"""

from __future__ import annotations

import grimp

PACKAGE = "scala40"


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import each other, directly or around a loop (each group
    sorted, the groups in a stable order): a module is in one when a module it imports
    leads back to it, and two such modules share a group when each leads to the other."""

    def leads(a: str, b: str) -> bool:
        return graph.chain_exists(importer=a, imported=b)

    looped = sorted(
        m
        for m in graph.modules
        if any(leads(n, m) for n in graph.find_modules_directly_imported_by(m))
    )
    found: list[list[str]] = []
    for m in looped:
        if not any(m in circle for circle in found):
            found.append([x for x in looped if x == m or (leads(m, x) and leads(x, m))])
    return sorted(found)


def _loop(graph: grimp.ImportGraph, circle: list[str]) -> str:
    """The circle's modules, then one import loop through its first two, as ``a -> b -> a``."""
    first, second = circle[0], circle[1]
    there = graph.find_shortest_chain(importer=first, imported=second) or (first, second)
    back = graph.find_shortest_chain(importer=second, imported=first) or (second, first)
    return f"{', '.join(circle)}: " + " -> ".join([*there, *back[1:]])


def _graph(*, with_type_only: bool) -> grimp.ImportGraph:
    """The import graph read afresh: grimp's cache (``.grimp_cache``, shared with
    lint-imports) once answered the type-only query with the imports of modules already
    edited, so this test does not use it."""
    return grimp.build_graph(
        PACKAGE, exclude_type_checking_imports=not with_type_only, cache_dir=None
    )


def test_no_import_cycle_at_run_time() -> None:
    graph = _graph(with_type_only=False)
    loops = [_loop(graph, circle) for circle in _circles(graph)]
    assert loops == [], "run-time import cycles:\n" + "\n".join(loops)


def test_the_engine_keeps_one_type_only_loop() -> None:
    """The finder works, and the engine's one loop is the one the rules need: with the
    type-only imports counted, the hand, the pozzo rule and the opening family (the pozzo
    rule plays sequences on clones of the hand, openings ask the hand to check one)."""
    graph = _graph(with_type_only=True)
    engine = [c for c in _circles(graph) if c[0].startswith(f"{PACKAGE}.engine.")]
    assert engine == [["scala40.engine.opening", "scala40.engine.pozzo", "scala40.engine.state"]], (
        "\n".join(_loop(graph, circle) for circle in engine)
    )
