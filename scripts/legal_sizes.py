"""How long a protocol bot's ``legal`` list gets, over many dealt hands.

    python scripts/legal_sizes.py [--hands 2000] [--players 2 4] [--seed 1] [--bots club]

Plays ``--hands`` single hands for each player count with built-in bots and, at every
decision, builds the very list a program gets in ``decide`` (the notation of
:func:`~scala40.engine.legal.legal_actions` over the seat's view, as
:class:`~scala40.bots.program.ProgramBot` does). Prints the longest list (and of what it
was made: openings, melds, lay-offs, swaps, discards, take-back), the 99th percentile and
the median at the play phase: the figures docs/bot-protocol.md quotes.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from scala40.bots import make_bot
from scala40.bots.base import world_of
from scala40.engine.cards import pack_list
from scala40.engine.legal import legal_actions
from scala40.engine.phases import PLAY
from scala40.engine.rules import Rules
from scala40.engine.state import Deal
from scala40.engine.views import PlayerView
from scala40.notation.actions import format_action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="club")
    args = parser.parse_args()
    for players in args.players:
        rules = Rules.build(None, {"players": str(players)})
        rng = random.Random(args.seed)
        sizes: list[int] = []
        longest: list[str] = []
        most_openings = 0
        bots = [make_bot(args.bots) for _ in range(players)]
        for _ in range(args.hands):
            deck = pack_list(rules.decks, rules.joker_count)
            rng.shuffle(deck)
            deal = Deal.deal(rules, deck, None, rng.getrandbits(63))
            for _step in range(3000):
                if deal.over:
                    break
                seat = deal.seats[deal.current]
                view = PlayerView.of(deal, seat)
                if deal.phase == PLAY:
                    legal = [format_action(a) for a in legal_actions(world_of(view))]
                    sizes.append(len(legal))
                    openings = sum(t.startswith("open") for t in legal)
                    most_openings = max(most_openings, openings)
                    if len(legal) > len(longest):
                        longest = legal
                deal.apply(bots[seat].choose(view, rng))
        sizes.sort()
        kinds = Counter(t.split()[0] for t in longest)
        print(
            f"{players} players, {args.hands} hands, {len(sizes)} play-phase decisions: "
            f"longest legal {len(longest)} ({dict(kinds)}), "
            f"most openings {most_openings}, "
            f"p99 {sizes[int(0.99 * (len(sizes) - 1))]}, median {sizes[len(sizes) // 2]}"
        )


if __name__ == "__main__":
    main()
