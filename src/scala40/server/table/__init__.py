"""One actor per table, the authority over its match, and the registry of live tables."""
