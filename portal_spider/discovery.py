"""Zero-config discovery on listing pages: which links are articles, which is the next page.

Takes (html, url) and returns plain URLs; it knows nothing of Scrapy, so it is tested on
strings. Per-portal CSS selectors, where given, replace the heuristics.

The article heuristic: on a listing page the article links are the largest family of
same-site links that share one URL shape (the path with every run of digits folded) and
carry a real headline as their text. Navigation, category and footer links are few per
shape or have short texts; pagination links are recognised first and set aside.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

import lxml.html
from lxml.cssselect import CSSSelector
from w3lib.url import safe_url_string
from urllib.parse import urljoin, urlsplit

from portal_spider.portals import site_of

NEXT_PAGE_TEXT = re.compile(
    r"^\s*(下一?頁|下一?页|后页|後頁|next(\s*page)?|older(\s*posts)?|›|»|>>?)\s*[>»›]*\s*$",
    re.IGNORECASE,
)
# A headline is longer than a menu item: Chinese titles run 8+ characters, English 3+ words.
MIN_HEADLINE_CHARS = 6
MIN_ARTICLE_FAMILY = 3
DIGITS = re.compile(r"\d+")


@dataclass
class ListingLinks:
    article_urls: list[str] = field(default_factory=list)
    next_page_urls: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Link:
    url: str
    text: str


def find_listing_links(
    html: str,
    url: str,
    article_link_selector: str | None = None,
    next_page_selector: str | None = None,
) -> ListingLinks:
    """Article and next-page links of a listing page, absolute, same site, in page order."""
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return ListingLinks()
    base = _base_url(root, url)
    site = site_of(url)
    links = _same_site_links(root.iter("a"), base, site, url)
    if next_page_selector:
        next_urls = _links_at(root, next_page_selector, base, site, url)
    else:
        next_urls = [link.url for link in links if _is_next_page(link)]
    if article_link_selector:
        article_urls = _links_at(root, article_link_selector, base, site, url)
    else:
        article_urls = _article_family(
            [link for link in links if link.url not in next_urls and not _is_next_page(link)]
        )
    return ListingLinks(_unique(article_urls), _unique(next_urls))


def _base_url(root, url: str) -> str:
    bases = root.xpath("//base/@href")
    return urljoin(url, bases[0]) if bases else url


def _absolute(href: str, base: str) -> str | None:
    href = (href or "").strip()
    if not href or href.startswith(("#", "javascript:", "mailto:", "tel:")):
        return None
    absolute = safe_url_string(urljoin(base, href))
    return absolute.split("#", 1)[0] if urlsplit(absolute).scheme in ("http", "https") else None


def _same_site_links(anchors, base: str, site: str, page_url: str) -> list[_Link]:
    links = []
    for anchor in anchors:
        absolute = _absolute(anchor.get("href"), base)
        if absolute and absolute != page_url and site_of(absolute) == site:
            text = " ".join(anchor.text_content().split()) or anchor.get("title", "")
            links.append(_Link(absolute, text))
    return links


def _links_at(root, selector: str, base: str, site: str, page_url: str) -> list[str]:
    matches = CSSSelector(selector)(root)
    anchors = []
    for element in matches:
        anchors.extend([element] if element.tag == "a" else element.iter("a"))
    return [link.url for link in _same_site_links(anchors, base, site, page_url)]


def _is_next_page(link: _Link) -> bool:
    return bool(NEXT_PAGE_TEXT.match(link.text))


def url_shape(url: str) -> str:
    """The URL's family: folder path plus the last segment with digits folded."""
    parts = urlsplit(url)
    query_keys = "&".join(sorted(key.split("=")[0] for key in parts.query.split("&") if key))
    return DIGITS.sub("0", parts.path) + ("?" + query_keys if query_keys else "")


def _article_family(links: list[_Link]) -> list[str]:
    families: dict[str, list[_Link]] = defaultdict(list)
    for link in links:
        families[url_shape(link.url)].append(link)

    def score(members: list[_Link]) -> int:
        headline_urls = {m.url for m in members if len(m.text) >= MIN_HEADLINE_CHARS}
        return len(headline_urls)

    ranked = sorted(families.values(), key=score, reverse=True)
    if not ranked or score(ranked[0]) < MIN_ARTICLE_FAMILY:
        return []
    best = score(ranked[0])
    # Portals often mix shapes (e.g. /article/123.html and /article/2025/05/abc.html): keep
    # every family nearly as strong as the best one whose links mostly read as headlines.
    chosen = [f for f in ranked if score(f) >= max(MIN_ARTICLE_FAMILY, best // 2)]
    chosen_shapes = {url_shape(f[0].url) for f in chosen}
    return [link.url for link in links if url_shape(link.url) in chosen_shapes]


def _unique(urls: list[str]) -> list[str]:
    return list(dict.fromkeys(urls))
