"""Sitemaps and RSS/Atom feeds: more ways to discover articles, with their lastmod.

Plain functions over bytes; the spider fetches. Sitemaps come from robots.txt's
``Sitemap:`` lines, else ``/sitemap.xml``; feeds from ``<link rel=alternate>`` on
listing pages. A sitemap or feed that cannot be read raises :class:`FeedError` with
the reason, for the crawl to record.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from urllib.parse import urljoin

import lxml.etree
import lxml.html
from scrapy.utils.gz import gunzip

SITEMAP_LINE = re.compile(r"^\s*sitemap\s*:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
FEED_TYPES = ("application/rss+xml", "application/atom+xml")
# The sitemap protocol's own limit for one (uncompressed) sitemap file.
SITEMAP_MAX_BYTES = 50 * 1024 * 1024
_GZIP_MAGIC = b"\x1f\x8b"


class FeedError(ValueError):
    """A sitemap or feed that cannot be read; the message says why, in one line."""


@dataclass(frozen=True)
class Entry:
    url: str
    lastmod: str | None = None


@dataclass
class Sitemap:
    entries: list[Entry]
    child_sitemaps: list[str]


def sitemaps_from_robots(robots_txt: str, robots_url: str) -> list[str]:
    return [urljoin(robots_url, url) for url in SITEMAP_LINE.findall(robots_txt)]


def feed_links(html: str, page_url: str) -> list[str]:
    try:
        root = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return []
    links = root.xpath("//link[@rel='alternate'][@href]")
    return [urljoin(page_url, link.get("href")) for link in links if link.get("type") in FEED_TYPES]


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _child_text(element, name: str) -> str | None:
    for child in element:
        if _local(child.tag) == name and child.text and child.text.strip():
            return child.text.strip()
    return None


def _xml_root(body: bytes, what: str):
    parser = lxml.etree.XMLParser(recover=True, resolve_entities=False, no_network=True, huge_tree=False)
    try:
        root = lxml.etree.fromstring(body, parser=parser)
    except lxml.etree.XMLSyntaxError as error:
        raise FeedError(f"{what} is not XML: {error}"[:300]) from None
    if root is None:
        raise FeedError(f"{what} is not XML" + ("" if body.strip() else " (empty)"))
    return root


def _gunzipped(body: bytes) -> bytes:
    """The body itself, or its content when it is gzip data (``sitemap.xml.gz`` served as is)."""
    if not body.startswith(_GZIP_MAGIC):
        return body
    try:
        return gunzip(body, max_size=SITEMAP_MAX_BYTES)
    except (OSError, EOFError, struct.error) as error:
        raise FeedError(f"broken gzip data: {error}"[:300]) from None
    except ValueError:  # Scrapy's "decompressed past max_size"
        raise FeedError(f"gzipped sitemap larger than {SITEMAP_MAX_BYTES // 2**20} MB uncompressed") from None


def parse_sitemap(body: bytes, url: str) -> Sitemap:
    """A ``<urlset>`` gives entries, a ``<sitemapindex>`` further sitemaps; gzip is unpacked."""
    root = _xml_root(_gunzipped(body), "sitemap")
    if _local(root.tag) not in ("urlset", "sitemapindex"):
        raise FeedError(f"not a sitemap: the document is <{_local(root.tag)}>, not <urlset> or <sitemapindex>")
    entries, children = [], []
    for element in root:
        loc = _child_text(element, "loc")
        if not loc:
            continue
        if _local(element.tag) == "sitemap":
            children.append(urljoin(url, loc))
        elif _local(element.tag) == "url":
            entries.append(Entry(urljoin(url, loc), _child_text(element, "lastmod")))
    return Sitemap(entries, children)


def parse_feed(body: bytes, url: str) -> list[Entry]:
    """RSS ``<item><link>`` or Atom ``<entry><link href>``, with their update times."""
    root = _xml_root(body, "feed")
    if _local(root.tag) not in ("rss", "feed", "RDF"):
        raise FeedError(f"not an RSS or Atom feed: the document is <{_local(root.tag)}>")
    entries = []
    for element in root.iter():
        name = _local(element.tag)
        if name == "item":
            link = _child_text(element, "link")
            if link:
                entries.append(Entry(urljoin(url, link), _child_text(element, "pubDate")))
        elif name == "entry":
            links = [c for c in element if _local(c.tag) == "link" and c.get("rel", "alternate") == "alternate"]
            if links and links[0].get("href"):
                updated = _child_text(element, "updated") or _child_text(element, "published")
                entries.append(Entry(urljoin(url, links[0].get("href")), updated))
    return entries
