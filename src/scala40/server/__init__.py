"""The web table: lobby over HTTP, real-time play over WebSockets, SQL storage.

One actor per table applies actions through the engine, stores them, then sends each seat
only what its PlayerView holds.
"""
