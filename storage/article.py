"""The one record every layer speaks: page parsing produces it, the archive stores it."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import datetime

# A time of day after the date: a bare date says nothing of the offset.
_TIME = re.compile(r"\d[T ]\d{2}:\d{2}")


@dataclass
class Article:
    """An extracted article.

    ``published_at`` and ``fetched_at`` are ISO 8601 strings with a UTC offset
    (``2025-05-13T11:07:46+08:00``); ``author`` joins several names with ``", "``;
    ``body_text`` separates paragraphs with newlines.

    ``published_precision`` says how much of ``published_at`` the page gave:
    ``"day"`` when it gave the day alone (``published_at`` is then that day's local
    midnight, which names no instant), ``"time"`` when it gave a time of day too;
    None when unknown (no date, or an import that did not say).
    """

    url: str
    title: str | None = None
    author: str | None = None
    published_at: str | None = None
    published_precision: str | None = None
    body_text: str = ""
    body_html: str = ""
    portal: str | None = None
    fetched_at: str | None = None
    # <link rel=canonical> of the page, when it names a URL on the same site.
    canonical_url: str | None = None
    # Further pages of the same article found on this page (``_2.html``, ``?page=2``),
    # absolute, in reading order; the spider fetches them and joins the pages.
    page_urls: list[str] = field(default_factory=list)
    # Every URL the article was reached under (requested, redirected from); the archive
    # records them as aliases of the canonical URL.
    alias_urls: list[str] = field(default_factory=list)
    # The WARC-Record-IDs of the fetched pages it was extracted from, in reading order;
    # the archive links them to it in raw_pages.
    page_records: list[str] = field(default_factory=list)
    # Which extraction made the fields (portal_spider.pages.version).
    extractor_version: str | None = None
    # What extraction had to guess, for the crawl's notes (not stored with the article):
    # NAIVE_DATE_AS_UTC when a date gave no offset and nothing gave the portal's zone.
    extraction_notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return asdict(self)


PRECISIONS = ("day", "time")

NAIVE_DATE_AS_UTC = "a date without a UTC offset on a page that implies no time zone, and none in portals.toml: read as UTC"


def published_at_problem(value: str | None) -> str | None:
    """Why ``value`` is not a valid ``published_at`` (ISO 8601 with a UTC offset), or None."""
    if value is None or not value.strip():
        return None
    example = "like 2025-05-13T11:07:46+08:00"
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        moment = None
    if moment is None or not _TIME.search(value):
        return f"published_at {value[:60]!r} is not an ISO 8601 date and time ({example})"
    if moment.utcoffset() is None:
        return f"published_at {value[:60]!r} has no UTC offset ({example})"
    return None


def published_precision_problem(article: Article) -> str | None:
    """Why the article's ``published_precision`` cannot be stored, or None."""
    value = article.published_precision
    if value is None:
        return None
    if value not in PRECISIONS:
        return f"published_precision {value[:20]!r} is not one of {', '.join(PRECISIONS)}"
    if not article.published_at:
        return "published_precision is set but published_at is not"
    return None
