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


def metadata(public: bool) -> dict:
    data = yaml.safe_load(METADATA.read_text(encoding="utf-8"))
    if public:
        data["allow_sql"] = False  # stored queries only: no arbitrary SQL from the internet
    return data


def make_datasette(db_path: str, public: bool = False):
    """The Datasette that ``portal-archive serve`` runs (tests use its ``.client``)."""
    from datasette.app import Datasette

    return Datasette(
        [str(db_path)],
        metadata=metadata(public),
        plugins_dir=str(PLUGINS),
        template_dir=str(TEMPLATES),
        # No suggested facets: Datasette would offer a date facet by UTC day.
        settings={"default_page_size": 50, "facet_time_limit_ms": 1000, "sql_time_limit_ms": 3000,
                  "suggest_facets": False},
    )


def serve_archive(db_path: str, host: str, port: int, public: bool = False) -> None:
    """Serve the archive until interrupted."""
    import asyncio

    import uvicorn

    datasette = make_datasette(db_path, public)
    asyncio.run(datasette.invoke_startup())
    uvicorn.run(datasette.app(), host=host, port=port, log_level="warning")
