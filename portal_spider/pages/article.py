"""parse_article: one page's bytes to an Article."""

from __future__ import annotations

import copy
import logging
import re
from datetime import datetime, timezone
from urllib.parse import urljoin, urlsplit

from lxml import etree, html as lxml_html

from storage.article import Article

from .body import render_body
from .dates import CHINA, DateContext, page_zone, parse_zone
from .encoding import decode_html
from .authors import author_field
from .lines import page_lines
from .mainblock import prune, select_main
from .options import ExtractionOptions
from .page import Page
from .paging import find_page_urls
from .published import date_field
from .sources import NONE
from .structured import read_structured
from .text import han_ratio
from .title import headline_lines, title_field, title_window

log = logging.getLogger(__name__)

# lxml refuses str input that still carries an XML encoding declaration, and NUL
# characters end libxml2's input early.
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)


def _document(text: str):
    """The lxml tree, or None when there is no markup or text at all."""
    text = _XML_DECLARATION.sub("", text.replace("\x00", ""))
    if not text.strip():
        return None
    root = lxml_html.document_fromstring(text)
    # Comments are never content, and removing them keeps their tails in the text flow.
    etree.strip_elements(root, etree.Comment, etree.ProcessingInstruction, with_tail=False)
    # <ruby>漢<rt>hàn</rt></ruby> reads as its base text everywhere: title, byline, body.
    etree.strip_elements(root, "rt", "rp", with_tail=False)
    etree.strip_tags(root, "ruby", "rb")
    return root


def _context(root, lines: list, url: str, options: ExtractionOptions) -> DateContext:
    """Time zone from options, else Chinese pages read as UTC+8, else the zone the page's
    language or country-code host implies, else UTC."""
    zone = parse_zone(options.timezone)
    if zone is None:
        lang = (root.get("lang") or root.get("xml:lang") or "").lower()
        sample = "".join(text for text, _ in lines[:80])[:3000]
        chinese = lang.startswith("zh") or (not lang and han_ratio(sample) > 0.2)
        zone = CHINA if chinese else page_zone(lang, urlsplit(url).hostname or "") or timezone.utc
    now = options.fetched_at or datetime.now(timezone.utc)
    if now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)  # a naive fetch time is taken as UTC
    return DateContext(zone=zone, now=now)


def _canonical(href: str | None, url: str) -> str | None:
    if not href:
        return None
    absolute = urljoin(url, href)
    same_host = urlsplit(absolute).hostname == urlsplit(url).hostname
    return absolute if same_host and urlsplit(absolute).scheme in ("http", "https") else None


def _block_ends(lines: list, main_lines: list[str], title: str | None) -> list[str]:
    """Where bylines sit besides the title: the article's first and last lines and just above it."""
    main_lines = [text for text in main_lines if text != title]
    first = next((i for i, (text, _) in enumerate(lines) if main_lines and text == main_lines[0]), 0)
    return main_lines[:5] + main_lines[-6:] + [text for text, _ in lines[max(0, first - 6): first] if text != title]


_FIELDS = ("title", "author", "published_at", "body")


def _parse(markup: bytes | str, url: str, options: ExtractionOptions) -> tuple[Article, dict[str, str]]:
    text = decode_html(markup) if isinstance(markup, bytes) else markup
    root = _document(text)
    if root is None:
        return Article(url=url), dict.fromkeys(_FIELDS, NONE)
    base_href = next((b.get("href") for b in root.iter("base") if b.get("href")), None)
    base = urljoin(url, base_href.strip()) if base_href else url
    structured = read_structured(root)
    body_element = root.find("body")
    lines = page_lines(body_element if body_element is not None else root)
    page = Page(root, url, options, structured, lines, _context(root, lines, url, options))
    title, title_source = title_field(page)
    # The body is chosen on a pruned copy: metadata heuristics still need the whole page.
    pruned = copy.deepcopy(root)
    prune(pruned)
    main, body_source = select_main(pruned, options)
    main_lines = [text for element in main for text, _ in page_lines(element)]
    block_ends = _block_ends(lines, main_lines, title)
    body = render_body(main, base, title)
    author, author_source = author_field(page, [title_window(lines, title, after_first=True), block_ends],
                                         body.text.rpartition("\n")[2])
    published_at, date_source = date_field(page, [title_window(lines, title), block_ends], headline_lines(lines, title))
    article = Article(
        url=url,
        title=title,
        author=author,
        published_at=published_at,
        body_text=body.text,
        body_html=body.html,
        canonical_url=_canonical(structured.canonical, url),
        page_urls=find_page_urls(root, url, base),
    )
    return article, {"title": title_source, "author": author_source, "published_at": date_source,
                     "body": body_source if body.text else NONE}


def parse_article_with_sources(html: bytes | str, url: str,
                               options: ExtractionOptions | None = None) -> tuple[Article, dict[str, str]]:
    """parse_article's Article, and for "title", "author", "published_at" and "body" where
    the value came from: "selector", "structured data", "meta", "heuristic", or "none"
    when the field is empty (names in portal_spider.pages.sources)."""
    try:
        return _parse(html, url, options or ExtractionOptions())
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as error:
        log.warning("unparseable page %s: %s", url, error)
        return Article(url=url), dict.fromkeys(_FIELDS, NONE)


def parse_article(html: bytes | str, url: str, options: ExtractionOptions | None = None) -> Article:
    """Extract an article from one page; never raises on malformed input.

    A page lxml cannot build a tree from yields an Article with only the URL; the reason
    is logged.
    """
    return parse_article_with_sources(html, url, options)[0]
