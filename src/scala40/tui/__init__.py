"""The terminal game: a Textual app to play whole matches against the bots."""
