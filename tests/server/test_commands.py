"""``scala40 serve`` and ``scala40 loadtest`` on the command line: refusals by name."""

from __future__ import annotations

from click.testing import CliRunner

from scala40.cli import main


def test_serve_refuses_a_database_it_cannot_use() -> None:
    runner = CliRunner()
    bad = runner.invoke(main, ["serve", "--db", "nonsense"])
    assert bad.exit_code == 2 and "not a database URL" in bad.output
    other = runner.invoke(main, ["serve", "--db", "mysql://u@h/db"])
    assert other.exit_code == 2 and "SQLite or PostgreSQL" in other.output


def test_loadtest_needs_a_server_url_and_a_sane_table_count() -> None:
    runner = CliRunner()
    assert runner.invoke(main, ["loadtest"]).exit_code == 2
    too_many = runner.invoke(main, ["loadtest", "--url", "http://127.0.0.1:1", "--tables", "0"])
    assert too_many.exit_code == 2
