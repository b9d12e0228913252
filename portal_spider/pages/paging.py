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


# WordPress's split posts: the post's path, then the page's number ("…/543210/2", "…/review/3/").
_PAGE_SEGMENT = re.compile(r"^(?P<stem>.*/(?:[^/]*[^\d/][^/]*|\d{3,}))/(?P<page>[1-9]\d?)(?:\.html?)?/?$")


def _query_pages(query: str) -> tuple[list[str], dict[str, str]]:
    """The page numbers a query names, and its other parameters."""
    params = {k.lower(): v for k, v in parse_qsl(query)}
    return [v for k, v in params.items() if k in _PAGE_PARAMS and v.isdigit()], {
        k: v for k, v in params.items() if k not in _PAGE_PARAMS}


def _page_number(candidate: str, current: str) -> int | None:
    """Page number when ``candidate`` is a page of the same article as ``current``."""
    cand, cur = urlsplit(candidate), urlsplit(current)
    if cand.netloc.lower() != cur.netloc.lower():
        return None
    if cand.path == cur.path and cand.query != cur.query:
        numbers, others = _query_pages(cand.query)
        _, own = _query_pages(cur.query)
        # The same article's page keeps what names the article ("mod=viewthread&tid=…"); a
        # forum's "back to the list" link has a page parameter too.
        if any(own.get(key, value) != value for key, value in others.items()):
            return None
        return int(numbers[0]) if numbers else None
    here, there = _PAGE_SUFFIX.match(cur.path), _PAGE_SUFFIX.match(cand.path)
    if (here and there and there["page"] and here["stem"] == there["stem"] and here["ext"] == there["ext"]
            and (there["ext"] or cand.path[len(there["stem"])] == "_")):
        return int(there["page"])  # (not "…-part-2", "…-2" without an extension: WordPress's next post of the same name)
    return None


def _segment_page(candidate: str, current: str) -> tuple[int, int] | None:
    """(the candidate's page, the current one's) when the candidate is the current post's
    path and a page number after it ("…/543210/2"): a link that shows only its number."""
    cand, cur = urlsplit(candidate), urlsplit(current)
    there, here = _PAGE_SEGMENT.match(cand.path), _PAGE_SEGMENT.match(cur.path)
    if not there or cand.netloc.lower() != cur.netloc.lower():
        return None
    if there["stem"] == cur.path.rstrip("/"):
        return int(there["page"]), 1
    return (int(there["page"]), int(here["page"])) if here and here["stem"] == there["stem"] else None


def _current_page(url: str) -> int:
    parts = urlsplit(url)
    numbers, _ = _query_pages(parts.query)
    if numbers:
        return int(numbers[0])
    match = _PAGE_SUFFIX.match(parts.path)
    if match and match["page"] and match["ext"]:
        return int(match["page"])
    return 1


def _stem(url: str) -> str:
    """The article's path without its page number ("/a/123" of /a/123_2.html, of …/123/2/)."""
    path = urlsplit(url).path
    if segment := _PAGE_SEGMENT.match(path):
        return segment["stem"]
    match = _PAGE_SUFFIX.match(path)
    if match and match["page"] and not match["ext"] and path[len(match["stem"])] != "_":
        return path  # "…-part-1" names a post, not its first page
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
    # (A page jumper's options name the pages too: "<option value='123_2.html'>第2页：…</option>".)
    for order, anchor in enumerate(root.iter("a", "option")):
        href = (anchor.get("href" if anchor.tag == "a" else "value") or "").strip()
        if not href or href.startswith(("javascript:", "#", "mailto:")):
            continue
        numbered = _DIGIT.search(href) is not None and ("?" in href or not segment or segment in href)
        if not numbered and not _nextish(anchor):
            continue
        target = urlunsplit(urlsplit(urljoin(base, href))._replace(fragment=""))
        number = _page_number(target, url) if numbered else None
        if number is None and numbered and (shown := text_content(anchor).strip()).isdigit():
            pages = _segment_page(target, url)
            number = pages[0] if pages and pages[0] == int(shown) and pages[0] > pages[1] else None
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
