"""Security headers on every HTTP answer: what a browser may load, frame and send on.

The pages load only their own scripts, styles and images (no inline code, so an injected
``<script>`` would not run), talk only to this server (``connect-src 'self'`` covers the
WebSocket), and may not be framed by another site (clickjacking). ``nosniff`` stops a
browser from running a download as a script; ``no-referrer`` keeps table ids in share
links from leaking to other sites. The service worker (``/sw.js``) and the web app manifest
come from this server alone (``worker-src``, ``manifest-src``).
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

WASM_POLICY = CONTENT_SECURITY_POLICY.replace(
    "script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"
)
"""The policy of the local table's site (``/play/``): its Worker compiles Python's
WebAssembly (Pyodide), which a browser allows only under ``'wasm-unsafe-eval'``; it still
runs no script but this server's."""

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(
        self, app: ASGIApp, no_policy: tuple[str, ...] = (), wasm: tuple[str, ...] = ()
    ) -> None:
        self.app = app
        self.no_policy = no_policy
        self.wasm = wasm
        """Path prefixes served under :data:`WASM_POLICY` (the local table's site)."""
        """Paths served without the content policy: the API docs of ``--dev``, whose pages
        load their scripts from a CDN and inline."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        policy = scope["path"] not in self.no_policy
        wasm = any(scope["path"].startswith(prefix) for prefix in self.wasm)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if name == "Content-Security-Policy" and wasm:
                        value = WASM_POLICY
                    if policy or name != "Content-Security-Policy":
                        headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
