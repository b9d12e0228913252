"""The one record every layer speaks: page parsing produces it, the archive stores it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass
class Article:
    """An extracted article.

    ``published_at`` and ``fetched_at`` are ISO 8601 strings with a UTC offset
    (``2025-05-13T11:07:46+08:00``); ``author`` joins several names with ``", "``;
    ``body_text`` separates paragraphs with newlines.
    """

    url: str
    title: str | None = None
    author: str | None = None
    published_at: str | None = None
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

    def to_dict(self) -> dict:
        return asdict(self)
