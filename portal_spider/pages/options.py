"""Per-portal extraction settings: what portals.toml may override for one portal."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class ExtractionOptions:
    """Overrides and context for extracting one page.

    Selectors are CSS selectors; a field whose selector is set and matches is taken from
    it before any structured data or heuristic. ``timezone`` is an IANA name or a fixed
    offset such as ``+08:00``; naive dates on the page are read in it. ``fetched_at``
    anchors relative dates such as ``3小时前``.
    """

    title_selector: str | None = None
    author_selector: str | None = None
    date_selector: str | None = None
    body_selector: str | None = None
    timezone: str | None = None
    fetched_at: datetime | None = None
