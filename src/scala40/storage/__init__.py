"""SQL at rest: tables, players, leagues, leases and score sheets, for the CLI and the server."""
