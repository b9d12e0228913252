"""What every style shares: the interface the portal calls, response helpers, and the
robots.txt, sitemap and RSS feed a style may offer."""

from __future__ import annotations

import hashlib
import html
import random
import re
from datetime import timezone
from email.utils import format_datetime
from typing import TYPE_CHECKING

from .. import content as C
from ..truth import TZ, ArticleTruth, t2s

if TYPE_CHECKING:
    from ..portal import SamplePortal

Response = tuple[int, dict, bytes]
HTML_UTF8 = "text/html; charset=utf-8"

_REASONS = {404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
            502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}


def error_response(status: int) -> Response:
    reason = _REASONS.get(status, "Error")
    body = f"<!DOCTYPE html><html><head><title>{status} {reason}</title></head><body><h1>{status} {reason}</h1></body></html>"
    headers = {"Content-Type": HTML_UTF8}
    if status in (429, 503):
        headers["Retry-After"] = "1"
    return status, headers, body.encode()


def page_response(text: str, content_type: str = HTML_UTF8, encoding: str = "utf-8") -> Response:
    return 200, {"Content-Type": content_type}, text.encode(encoding)


def redirect(status: int, location: str) -> Response:
    return status, {"Location": location, "Content-Type": HTML_UTF8}, b""


def escape(text: str) -> str:
    return html.escape(text, quote=False)


class Style:
    """One kind of portal: its URL scheme and its page templates.

    The portal owns the articles; a style names them (:meth:`settle` may also adjust an
    article's traits to what such a site serves), routes paths to pages and renders them.
    """

    name = ""
    summary = ""  # one line for --help
    site_name = "永創攻略"  # the portal's name unless the constructor gives one
    content = C  # the vocabulary articles are written from (make_focus, make_title, make_paragraphs, AUTHORS)
    annotations = True  # some articles carry pinyin or ruby artefacts
    sitemap = False  # serves /sitemap.xml (listed in robots.txt)
    feed_path: str | None = None  # serves an RSS feed of the 20 newest there (path and query)
    disallow: tuple[str, ...] = ("/admin/",)

    def __init__(self, portal: SamplePortal):
        self.portal = portal
        self.by_key: dict[str, ArticleTruth] = {}

    # -- the interface the portal calls -------------------------------------------------

    def settle(self, article: ArticleTruth) -> None:
        """Make a new article one of this style's: its key, and the traits the style allows."""
        article.key = self.key_for(article)
        self.by_key[article.key] = article
        self.adjust(article)

    def key_for(self, article: ArticleTruth) -> str:
        return str(article.id)

    def adjust(self, article: ArticleTruth) -> None:
        """Change the traits drawn for the article (encoding, script, pages ...) to this style's."""

    def article_path(self, article: ArticleTruth, page: int) -> str:
        raise NotImplementedError

    def listing_path(self, page: int) -> str:
        raise NotImplementedError

    def route(self, path: str, query: str, base: str) -> Response:
        raise NotImplementedError

    # -- shared by the styles ------------------------------------------------------------

    @property
    def start_path(self) -> str:
        """The first listing page: where a zero-config crawl starts."""
        return self.listing_path(1)

    def listed(self) -> list[ArticleTruth]:
        """The articles the listing pages show, in their order (newest first)."""
        return self.portal._order[::-1]

    def listing_count(self) -> int:
        return max(1, -(-len(self.listed()) // self.portal.per_page))

    def listing_paths(self) -> list[str]:
        return [self.listing_path(n) for n in range(1, self.listing_count() + 1)]

    def listing_items(self, page: int) -> list[ArticleTruth]:
        per_page = self.portal.per_page
        return self.listed()[(page - 1) * per_page: page * per_page]

    def rng_for(self, *parts) -> random.Random:
        """Randomness for page decoration that must not disturb the portal's own sequence."""
        return random.Random(":".join(map(str, (self.portal.name, self.portal.seed, self.name, *parts))))

    def hot(self, article: ArticleTruth) -> list[tuple[str, ArticleTruth]]:
        """The article's sidebar: (href, other article), tracking parameters included."""
        by_id = self.portal._by_id
        out = []
        for other_id, query in article.sidebar:
            path = self.article_path(by_id[other_id], 1)
            out.append((path + (query.replace("?", "&") if "?" in path else query), by_id[other_id]))
        return out

    def article_response(self, article: ArticleTruth, data: bytes, content_type: str) -> Response:
        modified = (article.modified or article.published).replace(tzinfo=TZ).astimezone(timezone.utc)
        return 200, {
            "Content-Type": content_type,
            "Last-Modified": format_datetime(modified, usegmt=True),
            "ETag": '"' + hashlib.md5(data).hexdigest()[:16] + '"',
        }, data

    def site_files(self, path: str, base: str, query: str = "") -> Response | None:
        """robots.txt, and the sitemap and feed where the style has them."""
        if path == "/robots.txt":
            body = "User-agent: *\nAllow: /\n" + "".join(f"Disallow: {path}\n" for path in self.disallow)
            if self.sitemap:
                body += f"\nSitemap: {base}/sitemap.xml\n"
            return 200, {"Content-Type": "text/plain; charset=utf-8"}, body.encode()
        if path == "/sitemap.xml" and self.sitemap:
            return 200, {"Content-Type": "application/xml; charset=utf-8"}, self.sitemap_xml(base).encode()
        if self.feed_path and path + (f"?{query}" if query else "") == self.feed_path:
            return 200, {"Content-Type": "application/rss+xml; charset=utf-8"}, self.feed_xml(base).encode()
        return None

    def feed_link(self) -> str:
        """The <link rel=alternate> announcing the feed, for <head>."""
        if not self.feed_path:
            return ""
        return f'<link rel="alternate" type="application/rss+xml" title="RSS" href="{html.escape(self.feed_path)}">\n'

    def sitemap_xml(self, base: str) -> str:
        rows = "".join(
            f"<url><loc>{base}{a.path}</loc><lastmod>{a.modified_at}</lastmod></url>\n"
            for a in reversed(self.portal._order)
        )
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + rows + "</urlset>\n")

    def feed_xml(self, base: str) -> str:
        items = []
        for a in self.portal._order[::-1][:20]:
            items.append(
                f"<item><title>{html.escape(a.title)}</title><link>{base}{a.path}</link>"
                f'<guid isPermaLink="true">{base}{a.path}</guid>'
                f"<pubDate>{format_datetime(a.published.replace(tzinfo=TZ))}</pubDate>"
                f"<author>{html.escape(a.author)}</author>"
                f"<description>{html.escape(a.paragraphs[0][:80])}</description></item>"
            )
        site = html.escape(self.portal.site_name)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                f"<title>{site}</title><link>{base}/</link><description>{site}{self.feed_description}</description>\n"
                + "\n".join(items) + "\n</channel></rss>\n")

    feed_description = "最新攻略"


_PIECE = re.compile(r"@@\w+@@")


class ChineseStyle(Style):
    """A Chinese-language style: chrome is written in Traditional script and converted
    whole for Simplified articles; the article's own text goes in afterwards, unconverted."""

    annotations = False

    def adjust(self, article: ArticleTruth) -> None:
        article.encoding, article.pinyin = "utf-8", False

    @staticmethod
    def pieces(article: ArticleTruth, page: int) -> tuple[dict, list[str]]:
        """Placeholders for the article's text, and its page's paragraphs as placeholders."""
        pieces = {"@@TITLE@@": escape(article.title), "@@AUTHOR@@": escape(article.author),
                  "@@DESC@@": html.escape(article.paragraphs[0][:60])}
        marks = []
        for i, paragraph in enumerate(article.page_paragraphs()[page - 1]):
            pieces[f"@@P{i}@@"] = escape(paragraph)
            marks.append(f"@@P{i}@@")
        return pieces, marks

    @staticmethod
    def localise(page_html: str, pieces: dict, script: str) -> str:
        if script == "simplified":
            page_html = t2s(page_html)
        return _PIECE.sub(lambda m: pieces.get(m.group(0), m.group(0)), page_html)

    def lang(self, script: str) -> str:
        return "zh-Hans" if script == "simplified" else "zh-Hant"
