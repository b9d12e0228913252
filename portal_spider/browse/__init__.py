"""Datasette on the archive: configuration, plugin and templates live in the files beside this module.

The archive is opened as Datasette opens any file it may not change: its read
connections use ``mode=ro``, and nothing here asks for a write connection. It is
not opened ``immutable``, since a crawl may be writing to it while it is browsed.
"""

from __future__ import annotations

from pathlib import Path

import yaml

HERE = Path(__file__).parent
METADATA = HERE / "metadata.yml"
PLUGINS = HERE / "plugins"
TEMPLATES = HERE / "templates"


LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
_ANY_INTERFACE = ("0.0.0.0", "::", "")


def served_hosts(host: str, public: bool, extra: tuple[str, ...] = ()) -> list[str]:
    """The names a request's Host header may carry: the loopback names, the interface
    listened on, names given with ``--allow-host``, and with ``--public`` this
    machine's own names and addresses."""
    names = [*LOCAL_HOSTS, *extra]
    if host not in _ANY_INTERFACE:
        names.append(host)
    if public:
        names += _machine_names()
    seen = {}
    for name in names:
        name = name.strip().lower()
        if name.startswith("["):  # [::1]:8001, as a Host header writes it
            name = name[1:].partition("]")[0]
        elif name.count(":") == 1:  # guides.example.org:8001: the port is not checked
            name = name.partition(":")[0]
        seen.setdefault(name.rstrip("."), None)
    return [name for name in seen if name]


def _machine_names() -> list[str]:
    import socket

    names = [socket.gethostname(), socket.getfqdn()]
    try:
        names += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    except OSError:
        pass
    try:
        # The address other machines reach this one at: connecting a UDP socket only
        # picks the outgoing interface, it sends nothing.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            names.append(probe.getsockname()[0])
    except OSError:
        pass
    return names


def metadata(public: bool, hosts: list[str] | None = None) -> dict:
    data = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    if public:
        data["allow_sql"] = False  # stored queries only: no arbitrary SQL from the internet
    # Read by the plugin's Host check; without it only the loopback names are served.
    data.setdefault("plugins", {})["portal_archive"] = {"hosts": list(hosts or LOCAL_HOSTS)}
    return data


def make_datasette(db_path: str, public: bool = False, hosts: list[str] | None = None):
    """The Datasette that ``portal-archive serve`` runs (tests use its ``.client``);
    ``hosts``: the names it answers (served_hosts)."""
    from datasette.app import Datasette

    return Datasette(
        [str(db_path)],
        metadata=metadata(public, hosts),
        plugins_dir=str(PLUGINS),
        template_dir=str(TEMPLATES),
        # No suggested facets: Datasette would offer a date facet by UTC day.
        settings={"default_page_size": 50, "facet_time_limit_ms": 1000, "sql_time_limit_ms": 3000,
                  "suggest_facets": False},
    )


def serve_archive(db_path: str, host: str, port: int, public: bool = False, hosts: list[str] | None = None) -> None:
    """Serve the archive until interrupted."""
    import asyncio

    import uvicorn

    datasette = make_datasette(db_path, public, hosts)
    asyncio.run(datasette.invoke_startup())
    uvicorn.run(datasette.app(), host=host, port=port, log_level="warning")
