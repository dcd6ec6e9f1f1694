"""What is refused before a handler runs: origins, headers, connection counts, rates."""
