"""Playing with no server: a local table (one person against bots) that a Web Worker runs
on Pyodide, speaking the server's protocol to the table page (docs/protocol.md, *The
local table*)."""
