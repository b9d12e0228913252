"""Multi-page articles: find the further pages, join fetched pages into one article."""

from __future__ import annotations

import dataclasses
import re
from urllib.parse import parse_qsl, urljoin, urlsplit, urlunsplit

from storage.article import Article

from .text import text_content

_PAGE_SUFFIX = re.compile(r"^(?P<stem>.+?)(?:[_-](?P<page>\d{1,3}))?(?P<ext>\.[a-z]{2,6})?$", re.I)
_PAGE_PARAMS = {"page", "p", "pn", "pg", "pagenum", "pageno", "page_no", "paged", "mpage"}
_NEXT_TEXT = re.compile(r"^\s*(下一[页頁]|下[页頁]|next\s*page|next|nächste seite|weiter)\s*[>»›]*\s*$", re.I)


def _page_number(candidate: str, current: str) -> int | None:
    """Page number when ``candidate`` is a page of the same article as ``current``."""
    cand, cur = urlsplit(candidate), urlsplit(current)
    if cand.netloc.lower() != cur.netloc.lower():
        return None
    if cand.path == cur.path and cand.query != cur.query:
        params = {k.lower(): v for k, v in parse_qsl(cand.query)}
        numbers = [v for k, v in params.items() if k in _PAGE_PARAMS and v.isdigit()]
        return int(numbers[0]) if numbers else None
    here, there = _PAGE_SUFFIX.match(cur.path), _PAGE_SUFFIX.match(cand.path)
    if here and there and there["page"] and here["stem"] == there["stem"] and here["ext"] == there["ext"]:
        return int(there["page"])
    return None


def _current_page(url: str) -> int:
    parts = urlsplit(url)
    params = {k.lower(): v for k, v in parse_qsl(parts.query)}
    numbers = [v for k, v in params.items() if k in _PAGE_PARAMS and v.isdigit()]
    if numbers:
        return int(numbers[0])
    match = _PAGE_SUFFIX.match(parts.path)
    return int(match["page"]) if match and match["page"] and match["ext"] else 1


def _stem(url: str) -> str:
    path = urlsplit(url).path
    match = _PAGE_SUFFIX.match(path)
    return match["stem"] if match else path


_DIGIT = re.compile(r"\d")


def _nextish(anchor) -> bool:
    return "next" in (anchor.get("rel") or "").lower() or _NEXT_TEXT.match(text_content(anchor) or "") is not None


def find_page_urls(root, url: str, base: str) -> list[str]:
    """Further pages of this article linked from the page, absolute, in page order.

    A link counts when its URL is this article's URL with a page suffix (``_2.html``) or a
    page parameter (``?page=2``), or when it is a "next page" link (text or rel=next) under
    the article's own path.  Listing pagination points at other stems, so it never counts.
    """
    current = _current_page(url)
    found: dict[str, float] = {}
    # Cheap skips: a numbered page link carries its number, and either a query of its own
    # or the last segment of this article's stem ("123" of /a/123_2.html).
    segment = _stem(url).rstrip("/").rpartition("/")[2]
    if "%" in segment or not segment.isascii():
        segment = ""  # the link may spell it otherwise: no skip
    for order, anchor in enumerate(root.iter("a")):
        href = (anchor.get("href") or "").strip()
        if not href or href.startswith(("javascript:", "#", "mailto:")):
            continue
        numbered = _DIGIT.search(href) is not None and ("?" in href or not segment or segment in href)
        if not numbered and not _nextish(anchor):
            continue
        target = urlunsplit(urlsplit(urljoin(base, href))._replace(fragment=""))
        number = _page_number(target, url) if numbered else None
        if number is None and _nextish(anchor):
            same_site = urlsplit(target).netloc.lower() == urlsplit(url).netloc.lower()
            if same_site and urlsplit(target).path.startswith(_stem(url)) and target != url:
                number = current + 1 + order / 1e6  # unnumbered: after the numbered pages seen so far
        if number is not None and number > current and target not in found:
            found[target] = number
    return sorted(found, key=found.get)


def join_pages(pages: list[Article]) -> Article:
    """One article from its pages: the first page's metadata, bodies in page order."""
    if not pages:
        raise ValueError("join_pages needs at least one page")
    first = pages[0]
    return dataclasses.replace(
        first,
        body_text="\n".join(p.body_text for p in pages if p.body_text),
        body_html="\n".join(p.body_html for p in pages if p.body_html),
    )
