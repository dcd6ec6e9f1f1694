"""The static site of a local table: the table page, a Web Worker running the engine and
the bots on Pyodide, the project's own wheel and a service worker keeping it all offline
(``scala40 export-web``; ``scala40 serve`` offers the same at ``/play``)."""
