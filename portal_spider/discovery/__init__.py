"""Zero-config discovery on listing pages: which links are articles, which is the next page.

A pure function of (html, url, options) returning plain URLs; it knows nothing of
Scrapy, so it is tested on saved pages (tests/fixtures/listings). Per-portal CSS
selectors, where given, replace the heuristics. ``articles`` says how article links are
told from the rest, ``pagination`` how the next page is found, ``shapes`` what a URL
looks like.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin

import lxml.etree
import lxml.html
from lxml.cssselect import CSSSelector

from portal_spider.portals import Portal

from .anchors import absolute_url, collect_anchors
from .articles import find_articles
from .pagination import find_next_pages
from .selectors import suggest_selector
from .shapes import article_prior, url_shape

__all__ = ["ListingLinks", "article_prior", "find_listing_links", "suggest_selectors", "url_shape"]


@dataclass
class ListingLinks:
    article_urls: list[str] = field(default_factory=list)
    next_page_urls: list[str] = field(default_factory=list)


def _parse(html: str):
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return None
    # <noscript> stays: it is what a client without script, a crawler, is shown.
    for element in root.xpath("//script | //style | //template"):
        element.drop_tree()
    return root


def base_url(root, url: str) -> str:
    """What relative links on the page resolve against: its <base href>, else its URL."""
    bases = root.xpath("//base/@href")
    return urljoin(url, bases[0].strip()) if bases else url


def find_listing_links(
    html: str,
    url: str,
    article_link_selector: str | None = None,
    next_page_selector: str | None = None,
    owns: Callable[[str], bool] | None = None,
    known_shapes: frozenset[str] = frozenset(),
) -> ListingLinks:
    """Article and next-page links of a listing page, absolute, in page order.

    Only links the portal ``owns`` (``Portal.owns``; by default that of a portal made
    from this page's URL: its site and registrable domain) are considered.
    ``known_shapes``: the ``url_shape`` of article URLs found on the portal's other
    listing pages.
    """
    root = _parse(html)
    if root is None:
        return ListingLinks()
    base = base_url(root, url)
    keep = owns or Portal(name="", start_urls=(url,)).owns
    anchors = collect_anchors(root, base, keep)
    if next_page_selector:
        next_urls = _links_at(root, next_page_selector, base, keep)
    else:
        next_urls = find_next_pages(root, anchors, url, base, keep)
    if article_link_selector:
        article_urls = [u for u in _links_at(root, article_link_selector, base, keep) if u != url]
    else:
        article_urls, _ = find_articles(anchors, set(next_urls) | {url}, known_shapes)
    links = ListingLinks(list(dict.fromkeys(article_urls)), list(dict.fromkeys(next_urls)))
    return links


def suggest_selectors(html: str, url: str, links: ListingLinks, owns: Callable[[str], bool] | None = None) -> dict:
    """CSS selectors (article_link_selector, next_page_selector) that pick ``links`` again."""
    root = _parse(html)
    if root is None:
        return {}
    base = base_url(root, url)
    anchors = collect_anchors(root, base, owns or Portal(name="", start_urls=(url,)).owns)
    out = {}
    for key, urls in (("article_link_selector", links.article_urls), ("next_page_selector", links.next_page_urls)):
        selector = suggest_selector(root, [a for a in anchors if a.url in set(urls)], anchors)
        if selector:
            out[key] = selector
    return out


def _links_at(root, selector: str, base: str, keep) -> list[str]:
    anchors = []
    for element in CSSSelector(selector)(root):
        anchors.extend([element] if element.tag == "a" else element.iter("a"))
    urls = (absolute_url(anchor.get("href"), base) for anchor in anchors)
    return [u for u in urls if u and keep(u)]

