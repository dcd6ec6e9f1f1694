"""Several nodes on PostgreSQL and Redis: leases, the bus, relayed sockets, take-overs."""
