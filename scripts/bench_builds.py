"""The pure and the compiled build side by side: the same figures, in one run, alternated.

    python scripts/bench_builds.py PURE_PYTHON COMPILED_PYTHON [--rounds 6] [--seconds 2]

Each argument is the Python of a virtual environment holding one build (say
``.venv/bin/python`` for the editable, pure install and ``.venv-compiled/bin/python`` for
``pip install .`` with a compiler). Every round runs one fresh process of each (A B, then
B A, ...) so a change in the machine's load falls on both, and each process measures, with
``scala40.bench``: random-legal decisions a second (4 players, FISCA), legal actions at the
discard step (mean µs over 300 fresh positions) and club-player heads-up hands a second.
Prints, per build, the median and the range of each figure over the rounds, and the
compiled/pure ratio of the medians. Each process says which build it imported: a Python
whose build is not the one its argument names is refused. A benchmark: it asserts nothing
about speed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

FIGURES = {
    "random_legal_steps_per_s": "random-legal decisions/s",
    "legal_us": "legal actions at the discard step, µs mean",
    "heuristic_hands_per_s": "club-player heads-up hands/s",
}
HIGHER_IS_BETTER = {
    "random_legal_steps_per_s": True,
    "legal_us": False,
    "heuristic_hands_per_s": True,
}

MEASURE = """
import json, sys
from scala40 import bench
from scala40.compiled import installed_build
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
out = {"build": installed_build().value}
out.update(bench.measure_random_legal(seconds, seed))
out.update(bench.measure_legal_once(seed))
out.update(bench.measure_heuristic_hands(seconds, seed))
print(json.dumps(out))
"""


def measure(python: str, seconds: float, seed: int) -> dict[str, float | str]:
    run = subprocess.run(
        [python, "-c", MEASURE, str(seconds), str(seed)],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        sys.exit(f"{python} failed:\n{run.stderr}")
    figures: dict[str, float | str] = json.loads(run.stdout)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pure", help="the Python of the environment with the pure build")
    parser.add_argument("compiled", help="the Python of the environment with the compiled build")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=2.0, help="per figure and process")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pythons = {"pure": args.pure, "compiled": args.compiled}
    rounds: dict[str, list[dict[str, float | str]]] = {"pure": [], "compiled": []}
    for r in range(args.rounds):
        order = ["pure", "compiled"] if r % 2 == 0 else ["compiled", "pure"]
        for build in order:
            figures = measure(pythons[build], args.seconds, args.seed)
            if figures["build"] != build:
                sys.exit(f"{pythons[build]} imports the {figures['build']} build, not {build}")
            rounds[build].append(figures)
            print(f"round {r + 1} {build:>8}: " + json.dumps({k: figures[k] for k in FIGURES}))
    print(f"\n{args.rounds} rounds, alternated; median [min, max]")
    for key, words in FIGURES.items():
        medians = {}
        for build in ("pure", "compiled"):
            values = sorted(float(f[key]) for f in rounds[build])
            medians[build] = statistics.median(values)
            spread = f"[{values[0]:.1f}, {values[-1]:.1f}]"
            print(f"  {words:<45} {build:>8}: {medians[build]:>10.1f} {spread}")
        gain = medians["compiled"] / medians["pure"]
        if not HIGHER_IS_BETTER[key]:
            gain = 1 / gain
        print(f"  {'':<45} {'speed-up':>8}: {gain:>10.2f}x")


if __name__ == "__main__":
    main()
