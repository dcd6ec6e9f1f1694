"""The untrusted edge: HTTP routes and the socket route, reading requests into values."""
