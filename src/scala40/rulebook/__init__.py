"""The rules in plain words, English and Italian, shared by the CLI and the web pages."""
