"""Migration scripts, one per revision ("0001", "0002", ...)."""
