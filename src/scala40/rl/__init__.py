"""Learning environments: a fixed action encoding, PettingZoo, OpenSpiel and Gymnasium.

Needs the optional extra ``scala40[rl]``; the rest of the package never imports it.
"""
