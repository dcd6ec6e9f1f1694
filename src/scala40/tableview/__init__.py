"""What a seat at a table is shown, as JSON: its VIEW, the patches between two VIEWs, a
hand's summary, the engine's word on a selection, and the codes a table refuses with.

Pure: the engine and the notation only. The server's table (``scala40.server``) and the
local table a browser runs on Pyodide (``scala40.offline``) both speak through this, so
the page reads one protocol (docs/protocol.md) whichever is behind it.
"""
