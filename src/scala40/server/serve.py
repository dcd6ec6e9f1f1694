"""``scala40 serve``: the web app under uvicorn, with the settings the command was given."""

from __future__ import annotations

import importlib.util
import logging
import resource
import socket
from dataclasses import replace

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from scala40.server.app import create_app
from scala40.server.cluster.direct import socket_base
from scala40.server.guard.connections import uvicorn_options
from scala40.server.http.invite import EVERY_ADDRESS, link_host, network_addresses
from scala40.server.settings import Settings
from scala40.storage.seal import load_or_create_key
from scala40.storage.store import Store


def check_db_url(url: str) -> None:
    """Refuse a database URL SQLAlchemy cannot read, naming it (``ValueError``)."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(
            f"--db {url!r} is not a database URL (sqlite:///FILE, postgresql+psycopg://…)"
        ) from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise ValueError(f"--db {url!r}: the server runs on SQLite or PostgreSQL")


def check_cluster(settings: Settings) -> None:
    """A node of a cluster needs a database the nodes share and a Redis URL redis-py
    reads (``ValueError`` naming what is wrong)."""
    if not settings.database_url().startswith("postgresql"):
        raise ValueError(
            "--redis runs this server as a node of a cluster: the nodes share one"
            " PostgreSQL database (--db postgresql+psycopg://…), not a SQLite file"
        )
    if importlib.util.find_spec("redis") is None:
        raise ValueError(
            "--redis runs this server as a node of a cluster, which needs redis-py:"
            ' pip install "scala40[postgres,redis]"'
        )
    if not settings.redis_url.startswith(("redis://", "rediss://", "unix://")):
        raise ValueError(
            f"--redis {settings.redis_url!r} is not a Redis URL (redis://HOST:PORT/DB)"
        )
    if len(settings.node_name()) > 64:
        raise ValueError("--node: a node name is 1 to 64 characters")
    if settings.public_url:
        socket_base(settings.public_url)  # raises, naming what is wrong


def check_port_free(host: str, port: int) -> None:
    """Refuse a port another program listens on, before anything is announced
    (``ValueError`` naming the address and what to do)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # As uvicorn binds: a port left in TIME_WAIT is free, one listened on is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as err:
            raise ValueError(
                f"cannot listen on {host}:{port}: {err.strerror or err} (another scala40"
                " serve or another program has it): stop it, or choose another port"
                " with --port"
            ) from None


def raise_file_limit(wanted: int = 65536) -> None:
    """Use the open-file limit the system allows (every player holds a socket)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def announcement(host: str, port: int, where: str) -> str:
    """What ``serve`` prints once it can listen: the link to open on this machine, and,
    when it listens on every address, the links a friend's device in the room opens (a
    browser cannot open ``0.0.0.0`` itself)."""
    if host not in EVERY_ADDRESS:
        return f"scala40: the table is open at http://{link_host(host)}:{port}/ ({where})"
    here = "[::1]" if host == "::" else "127.0.0.1"
    lines = [f"scala40: the table is open at http://{here}:{port}/ ({where})"]
    others = network_addresses(ipv6=host == "::")
    if others:
        links = ", ".join(f"http://{link_host(a)}:{port}/" for a in others)
        lines.append(f"scala40: friends on your network open {links}")
    else:
        lines.append("scala40: this machine has no network address: friends cannot join yet")
    return "\n".join(lines)


def run(*, host: str, port: int, settings: Settings) -> None:
    """Serve until interrupted; the database is migrated and tables resumed at start."""
    if settings.db_url:
        check_db_url(settings.db_url)
    if settings.redis_url:
        check_cluster(settings)
    elif settings.public_url:
        raise ValueError(
            "--public-url is where clients reach one node of a cluster directly: it needs"
            " --redis (a single server plays every table itself)"
        )
    check_port_free(host, port)
    settings = replace(settings, freeze_gc=True, listen_host=host, listen_port=port)
    # Warnings (a table taken over, a lease lost, a bot that failed) with their time.
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    raise_file_limit()
    # Migrate and check the key before uvicorn starts, so a wrong key file is one clear
    # line (ValueError) rather than a failed start-up's traceback.
    store = Store(settings.database_url(), load_or_create_key(settings.key_path()))
    try:
        store.migrate()
    finally:
        store.close()
    app = create_app(settings)
    where = make_url(settings.database_url()).render_as_string(hide_password=True)
    if settings.redis_url:
        redis = make_url(settings.redis_url).render_as_string(hide_password=True)
        where += f"; node {settings.node_name()} of the cluster on {redis}"
    print(announcement(host, port, where))
    # Views are small; compressing each one costs more CPU than the bytes it saves.
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1 << 16,
        ws_per_message_deflate=False,
        # A stop (a drain) closes every socket with 1012 at once; a handler that does not
        # end within this is cut off, so a node always stops and lets its tables go.
        timeout_graceful_shutdown=15,
        **uvicorn_options(settings),
    )
