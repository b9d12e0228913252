"""What portal-archive makes of one page: ``portal-archive inspect``'s report.

A pure function of (page bytes, URL, fetch time): the kind of page, the article and next
page links discovery finds on it, feeds and sitemaps it names, the fields extraction
reads from it with the source that won each, and a ``[portals.NAME]`` table whose
selectors pick the same links, for a user to keep in portals.toml and edit.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from urllib.parse import urljoin

import lxml.etree
import lxml.html

from portal_spider.discovery import base_url, find_listing_links, suggest_selectors
from portal_spider.discovery.anchors import absolute_url
from portal_spider.feeds import feed_links
from portal_spider.pages import ExtractionOptions, decode_html, parse_article_with_sources
from portal_spider.portals import site_of

_ARTICLE_TYPES = re.compile(r"(Article|BlogPosting|Posting|Report)$")
# Below this, a page's extracted body is a blurb, not an article.
ARTICLE_MIN_CHARS = 300


def _structured_article(root) -> bool:
    og_type = root.xpath("//meta[@property='og:type']/@content")
    if og_type and og_type[0].strip().lower() == "article":
        return True
    for script in root.xpath("//script[@type='application/ld+json']/text()"):
        types = re.findall(r'"@type"\s*:\s*"([^"]+)"', script)
        if any(_ARTICLE_TYPES.search(t) for t in types):
            return True
    return False


def _sitemap_links(root, url: str) -> list[str]:
    hrefs = root.xpath("//link[contains(translate(@rel,'SITEMAP','sitemap'),'sitemap')]/@href")
    hrefs += [h for h in root.xpath("//a/@href") if re.search(r"sitemap[^/]*\.xml(\.gz)?$", h, re.I)]
    return list(dict.fromkeys(urljoin(url, h.strip()) for h in hrefs))


def _kind(root, article_urls: list[str], headlines_in_body: int, body_chars: int) -> str:
    listing = len(article_urls) >= 3
    article = body_chars >= ARTICLE_MIN_CHARS or (_structured_article(root) and body_chars >= 100)
    if listing and article:
        # What extraction took for the body of a listing is its list of headlines (with
        # excerpts); an article's body holds at most a stray one of the related links.
        return "listing" if headlines_in_body >= 3 else "article"
    if listing:
        return "listing"
    return "article" if article else "other"


def portal_name(url: str) -> str:
    """A bare TOML key for the portal of a URL: its site with dots as underscores."""
    return re.sub(r"[^A-Za-z0-9_-]+", "_", site_of(url)).strip("_") or "portal"


def suggested_toml(url: str, kind: str, selectors: dict, timezone: str | None) -> str:
    lines = [f"[portals.{portal_name(url)}]"]
    if kind == "listing":
        lines.append(f"start_urls = [{json.dumps(url, ensure_ascii=False)}]")
    else:
        lines.append(f"start_urls = [{json.dumps(url, ensure_ascii=False)}]  # better: a listing page of the portal")
    for key in ("article_link_selector", "next_page_selector"):
        if key in selectors:
            lines.append(f"{key} = {json.dumps(selectors[key], ensure_ascii=False)}")
    if timezone:
        lines.append(f"# timezone = {json.dumps(timezone)}  # naive dates on its pages are read in it")
    return "\n".join(lines) + "\n"


def inspect_page(
    body: bytes, url: str, fetched_at: datetime, content_type: str | None = None, robots_sitemaps: list[str] = ()
) -> dict:
    """The report ``portal-archive inspect`` prints, for one page."""
    html = decode_html(body, content_type)
    try:
        root = lxml.html.fromstring(html) if html.strip() else None
    except (lxml.etree.ParserError, ValueError):
        root = None
    if root is None:
        return {"url": url, "kind": "other", "article_urls": [], "next_page_urls": [], "feeds": [],
                "sitemaps": list(robots_sitemaps), "fields": {}, "suggested_toml": suggested_toml(url, "other", {}, None)}
    links = find_listing_links(html, url)
    article, sources = parse_article_with_sources(body, url, ExtractionOptions(fetched_at=fetched_at))
    base = base_url(root, url)
    found = set(links.article_urls)
    headlines = {
        " ".join(a.text_content().split()) for a in root.iter("a") if absolute_url(a.get("href"), base) in found
    }
    body = article.body_text or ""
    headlines_in_body = sum(1 for text in headlines if len(text) >= 4 and text in body)
    kind = _kind(root, links.article_urls, headlines_in_body, len(body))
    fields = {}
    if kind == "article":
        for name, value in (("title", article.title), ("author", article.author),
                            ("published_at", article.published_at), ("body_text", article.body_text)):
            source = sources.get("body" if name == "body_text" else name, "none")
            fields[name] = {"value": value, "source": source}
        fields["page_urls"] = {"value": article.page_urls, "source": "heuristic"}
    selectors = suggest_selectors(html, url, links) if kind == "listing" else {}
    zone = None
    # Only an article page's date says which zone the portal writes its times in.
    if kind == "article" and article.published_at and article.published_at[-6:] != "+00:00":
        zone = article.published_at[-6:]
    return {
        "url": url,
        "kind": kind,
        "article_urls": links.article_urls,
        "next_page_urls": links.next_page_urls,
        "feeds": feed_links(html, url),
        "sitemaps": list(dict.fromkeys([*robots_sitemaps, *_sitemap_links(root, url)])),
        "fields": fields,
        "suggested_toml": suggested_toml(url, kind, selectors, zone),
    }
