"""What crosses the socket: VIEW JSON, patches, the outbox, refusals and close codes."""
