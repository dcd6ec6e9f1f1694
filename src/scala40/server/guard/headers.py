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

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp, no_policy: tuple[str, ...] = ()) -> None:
        self.app = app
        self.no_policy = no_policy
        """Paths served without the content policy: the API docs of ``--dev``, whose pages
        load their scripts from a CDN and inline."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        policy = scope["path"] not in self.no_policy

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    if policy or name != "Content-Security-Policy":
                        headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)
