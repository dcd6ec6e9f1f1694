"""nginx in front of the nodes of a cluster, configured as docs/deploy.md says: the site's
pages and API to any node, its sockets to a node chosen here, and each node's own path
(``/n/NAME/ws/``) to that node alone, for the sockets the nodes send there."""

from __future__ import annotations

import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

NGINX = Path("/usr/sbin/nginx")

_SOCKET_HEADERS = """
        proxy_set_header Host $http_host;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_read_timeout 300s;
        proxy_send_timeout 300s;
        proxy_buffering off;"""


class NginxSite:
    """nginx on a loopback port, in a folder of its own (stopped by :meth:`stop`)."""

    def __init__(self, folder: Path, port: int, nodes: dict[str, int], sockets_to: str) -> None:
        """``nodes``: each node's name and port; ``sockets_to``: the node that gets every
        socket opened at the site's own ``/ws/`` (a proxy's choice, made known here)."""
        self.folder = folder
        self.url = f"http://127.0.0.1:{port}"
        folder.mkdir(parents=True, exist_ok=True)
        own = "".join(
            f"""
    location /n/{name}/ws/ {{
        proxy_pass http://127.0.0.1:{node_port}/ws/;{_SOCKET_HEADERS}
    }}"""
            for name, node_port in nodes.items()
        )
        every = "".join(f"\n        server 127.0.0.1:{p};" for p in nodes.values())
        conf = f"""
daemon off;
user root;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream scala40 {{{every}
    }}
    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        location /ws/ {{
            proxy_pass http://127.0.0.1:{nodes[sockets_to]};{_SOCKET_HEADERS}
        }}
        location / {{
            proxy_pass http://scala40;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header Connection "";
        }}{own}
    }}
}}
"""
        (folder / "nginx.conf").write_text(conf)
        self.process = subprocess.Popen(
            [str(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_ready()

    def _wait_ready(self) -> None:
        end = time.monotonic() + 15
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError("nginx exited: " + self.log())
            try:
                with urllib.request.urlopen(self.url + "/api/health", timeout=3) as res:
                    if res.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise AssertionError("nginx did not answer: " + self.log())

    def log(self) -> str:
        path = self.folder / "error.log"
        return path.read_text()[-2000:] if path.exists() else "(no error log)"

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
