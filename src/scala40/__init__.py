"""Scala 40: an exact rules engine, a rules referee and tools to play."""

__version__ = "0.1.0"
