"""Train one Scala 40 seat against the random bot: REINFORCE on a linear policy, numpy only.

    python examples/train_random.py --episodes 600 --out learning_curve.png

The agent plays seat 0 of two-player single hands (``scala40.rl.gym_env``) against
``scala40.bots``' random bot. Its policy is a softmax over the *legal* ids (the
``action_mask`` of the observation) of a linear score ``theta . phi(obs, id)``, where the
features ``phi`` are small and readable: which family of move the id is (draw, take the
pozzo, meld, lay off, discard, ...) and, for a discard, what the card is worth in penalty
and whether it is loose (no card of its rank, no neighbour of its suit in hand). Training
is plain REINFORCE with a running-mean baseline on the hand's reward
((mean penalty - own penalty) / 100, so going out scores best). The script writes a PNG
of the reward per hand (moving average) and prints the learned weights.

It is a demonstration of the environment, not a strong player: 600 hands take about half
a minute on one CPU core and lift the mean reward from 0 (the uniform random policy) to
about +0.1 per hand.
"""

from __future__ import annotations

import argparse
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import scala40.rl
from scala40.engine.cards import JOKER, penalty_table
from scala40.rl.encoding import ActionLayout

FAMILIES = (
    "draw_stock",
    "take_pozzo",
    "take_back",
    "lay_opening",
    "cancel_opening",
    "discard",
    "meld",
    "lay_off",
    "swap",
)
NAMES = [*FAMILIES, "discard penalty/10", "discard loose", "discard joker", "discard pair"]
PENALTY = penalty_table("standard")


def features(hand: np.ndarray, ids: np.ndarray, layout: ActionLayout) -> np.ndarray:
    """One feature row per legal id (see NAMES)."""
    phi = np.zeros((len(ids), len(NAMES)))
    for row, a in enumerate(ids):
        family, kind, _, _ = layout.split(int(a))
        phi[row, FAMILIES.index(family)] = 1.0
        if family != "discard":
            continue
        if kind == JOKER:
            phi[row, 11] = 1.0
            continue
        suit, rank = divmod(kind, 13)
        same_rank = sum(hand[t * 13 + rank] for t in range(4)) - 1
        neighbours = sum(hand[suit * 13 + r] for r in range(13) if 0 < abs(r - rank) <= 2)
        phi[row, 9] = PENALTY[kind] / 10.0
        phi[row, 10] = 1.0 if same_rank <= 0 and neighbours == 0 else 0.0
        phi[row, 12] = 1.0 if hand[kind] >= 2 else 0.0
    return phi


def policy(theta: np.ndarray, phi: np.ndarray) -> np.ndarray:
    z = phi @ theta
    z -= z.max()
    p: np.ndarray = np.exp(z)
    p /= p.sum()
    return p


def train(episodes: int, seed: int, lr: float) -> tuple[list[float], np.ndarray]:
    env = scala40.rl.gym_env(
        seat=0, opponents="random", players=2, rules={"single_hand": True}, max_steps=4000
    )
    layout = env.session.moves.layout
    encoder = env.session.encoder
    rng = np.random.default_rng(seed)
    theta = np.zeros(len(NAMES))
    baseline = 0.0
    returns: list[float] = []
    for episode in range(episodes):
        obs: dict[str, Any]
        obs, _ = env.reset(seed=seed * 100_003 + episode)
        grads = np.zeros_like(theta)
        total = 0.0
        done = False
        while not done:
            ids = np.flatnonzero(obs["action_mask"])
            phi = features(encoder.view(obs["observation"], "hand"), ids, layout)
            p = policy(theta, phi)
            choice = rng.choice(len(ids), p=p)
            grads += phi[choice] - p @ phi  # the gradient of log pi(choice)
            obs, reward, terminated, truncated, _ = env.step(int(ids[choice]))
            total += float(reward)
            done = terminated or truncated
        theta += lr * (total - baseline) * grads / max(1.0, np.abs(grads).sum())
        baseline += 0.05 * (total - baseline)
        returns.append(total)
        if (episode + 1) % 25 == 0:
            recent = np.mean(returns[-25:])
            print(f"hand {episode + 1:4d}: mean reward of the last 25 hands {recent:+.3f}")
    return returns, theta


def plot(returns: list[float], out: str, window: int) -> None:
    r = np.asarray(returns)
    smooth = np.convolve(r, np.ones(window) / window, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(r, ".", alpha=0.25, label="reward per hand")
    ax.plot(np.arange(window - 1, len(r)), smooth, label=f"moving mean ({window} hands)")
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("hand")
    ax.set_ylabel("reward ((mean penalty - own penalty) / 100)")
    ax.set_title("Linear REINFORCE agent vs the random bot, two-player hands")
    ax.legend()
    fig.tight_layout()
    fig.savefig(out, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=600, help="hands to train on")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=0.5, help="learning rate")
    parser.add_argument("--out", default="learning_curve.png", help="PNG to write")
    args = parser.parse_args()
    returns, theta = train(args.episodes, args.seed, args.lr)
    plot(returns, args.out, window=min(50, max(1, len(returns) // 5)))
    print(f"learning curve written to {args.out}")
    for name, w in sorted(zip(NAMES, theta, strict=True), key=lambda x: -abs(x[1])):
        print(f"  {name:>20}: {w:+.2f}")


if __name__ == "__main__":
    main()
