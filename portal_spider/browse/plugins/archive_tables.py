"""Apply tables.yml to every database Datasette serves, whatever the archive file is called."""

from pathlib import Path

import yaml
from datasette import hookimpl

TABLES = yaml.safe_load((Path(__file__).parent.parent / "tables.yml").read_text(encoding="utf-8"))


@hookimpl
def get_metadata(datasette, key, database, table):
    return {"databases": {name: {"tables": TABLES} for name in datasette.databases}}
