"""Datasette on the archive: configuration lives in the files beside this module."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).parent
METADATA = HERE / "metadata.yml"
PLUGINS = HERE / "plugins"


def datasette_args(db_path: str, host: str, port: int) -> list[str]:
    return ["serve", str(db_path), "--host", host, "--port", str(port), "--metadata", str(METADATA),
            "--plugins-dir", str(PLUGINS)]


def serve_archive(db_path: str, host: str, port: int) -> None:
    """Run Datasette's own ``serve`` command in this process until interrupted."""
    from datasette.cli import cli as datasette_cli

    datasette_cli.main(args=datasette_args(db_path, host, port), prog_name="datasette")
