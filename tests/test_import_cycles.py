"""No two modules of scala40 import each other at run time, directly or around a loop.

A run-time circle makes import order matter (a lazy import inside a function is the
usual patch) and hides which of two modules is the lower one. Imports under
``if TYPE_CHECKING:`` do not count: the engine keeps one such loop on purpose
(``state`` -> ``pozzo`` -> ``opening`` -> ``state``, the pozzo rule plays sequences on
clones of the hand), and only the types close it.
"""

from __future__ import annotations

from collections.abc import Iterator

import grimp

PACKAGE = "scala40"


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), each
    sorted, in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def imported(module: str) -> Iterator[str]:
        return iter(sorted(graph.find_modules_directly_imported_by(module)))

    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, imported(root))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, imported(child)))
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
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
