"""parse_article: one page's bytes to an Article."""

from __future__ import annotations

import copy
import logging
import re
import threading
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo
from urllib.parse import urljoin, urlsplit

from lxml import etree, html as lxml_html

from storage.article import NAIVE_DATE_AS_UTC, Article

from .body import render_body
from .dates import (ASSUMED_UTC, CHINA, DateContext, month_first_tag, page_zone, parse_zone, shown_at_instant,
                    shown_beside_utc, shown_for_machine_date, written_in_full)
from .encoding import decode_html
from .authors import author_field
from .lines import page_lines
from .mainblock import prune, select_main
from .options import ExtractionOptions
from .page import Page
from .paging import find_page_urls
from .published import date_field, precision
from .sources import HEURISTIC, NONE
from .structured import elements_by_tag, read_structured
from .text import han_ratio, text_content
from .title import headline_beside_article, headline_lines, other_items, title_field, title_line, title_windows

log = logging.getLogger(__name__)

# lxml refuses str input that still carries an XML encoding declaration, and NUL
# characters end libxml2's input early.
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>", re.I)
# Characters no HTML text may hold, which lxml refuses wherever text is set in the tree;
# and private-use ones, an icon font's glyphs (a clock, a share arrow), no text.
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ue000-\uf8ff\ufffe\uffff]")


def _html_parser() -> lxml_html.HTMLParser:
    """lxml.html's parser with one element class: its default lookup calls into Python for
    every element proxy (to pick form and input classes this package never uses)."""
    parser = lxml_html.HTMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(
        element=lxml_html.HtmlElement, comment=lxml_html.HtmlComment,
        pi=lxml_html.HtmlProcessingInstruction, entity=lxml_html.HtmlEntity))
    return parser


# lxml parsers must not be shared between threads.
_PARSERS = threading.local()


def _parser() -> lxml_html.HTMLParser:
    if not hasattr(_PARSERS, "parser"):
        _PARSERS.parser = _html_parser()
    return _PARSERS.parser


def _document(text: str):
    """The lxml tree, or None when there is no markup or text at all."""
    text = _XML_DECLARATION.sub("", _NOT_TEXT.sub("", text))
    if not text.strip():
        return None
    try:
        root = lxml_html.document_fromstring(text, parser=_parser())
    except (etree.ParserError, etree.XMLSyntaxError, ValueError) as error:
        # lxml builds no tree from some inputs: a page with nothing to extract, not a bug.
        log.warning("unparseable page: %s", error)
        return None
    # Comments are never content, and removing them keeps their tails in the text flow.
    # <ruby>漢<rt>hàn</rt></ruby> reads as its base text everywhere: title, byline, body.
    # (One call for both: each call walks the whole tree.)
    etree.strip_elements(root, etree.Comment, etree.ProcessingInstruction, "rt", "rp", with_tail=False)
    etree.strip_tags(root, "ruby", "rb")
    return root


_KANA = re.compile(r"[\u3040-\u30ff]")


def _chinese_zone(lang: str, host: str, sample: str, title: str):
    """UTC+8 for a Chinese page: by its language tag, else by Han text without kana in its
    first lines or its <title> (a Chinese portal's template often says lang="en"; a tech
    blog's first lines can be menus and code); Taipei and Hong Kong by tag or host."""
    primary = lang.split("-")[0]
    han = han_ratio(sample) > 0.2 or han_ratio(title) > 0.2
    if primary in ("ja", "ko") or (primary != "zh" and (not han or _KANA.search(sample + title))):
        return None
    if host.endswith(".tw") or re.search(r"-(tw|hant)\b", lang):
        return ZoneInfo("Asia/Taipei")
    if host.endswith(".hk") or re.search(r"-(hk|mo)\b", lang):
        return ZoneInfo("Asia/Hong_Kong")
    return CHINA


def _stated_zone(times: list, structured):
    """The first non-UTC offset the page's machine-readable dates state (-04:00 in JSON-LD
    or <time datetime>): the page's own zone. UTC offsets say only how a server stores time."""
    values = structured.dates + [t.get("datetime") for t in times[:5]]
    for value in values:
        try:
            offset = datetime.fromisoformat(value.strip().replace("Z", "+00:00")).utcoffset()
        except (ValueError, AttributeError):
            continue
        if offset:
            return timezone(offset)
    return None


# A forum's footer stating the zone its times are shown in: vBulletin's "All times are GMT -5",
# phpBB's "Alle Zeiten sind UTC+01:00", Discuz!'s "GMT+8, 2024-6-22 12:00".
_SHOWN_ZONE = re.compile(r"(?:All times are|Alle Zeiten sind|Toutes les heures sont au format|^)\s*(?:GMT|UTC)\s*"
                         r"(?:([+-])\s*(\d{1,2})(?:[:.]?(\d{2}))?)?(?:\s*(?:hours?|Stunden?))?(?=[\s.,]|$)")


def _footer_zone(lines: list) -> timezone | None:
    """The zone a forum's footer says its times are shown in."""
    for text, _ in lines[-60:]:
        if "GMT" in text or "UTC" in text:
            match = _SHOWN_ZONE.search(text)
            if match and (match[1] or not text.lstrip().startswith(("GMT", "UTC"))):
                minutes = int(match[2] or 0) * 60 + int(match[3] or 0)
                return timezone(timedelta(minutes=-minutes if match[1] == "-" else minutes))
    return None


def _context(root, metas: list, times: list, structured, lines: list, title: str, url: str,
             options: ExtractionOptions) -> DateContext:
    """Naive dates are read in the portal's zone (options), else the zone the page implies:
    Chinese text, its language tag or og:locale, its country-code host, an offset it states
    elsewhere; ASSUMED_UTC only when nothing does. Relative dates count back from the
    fetch time, never from the clock."""
    host = urlsplit(url).hostname or ""
    lang = (root.get("lang") or root.get("xml:lang") or "").lower().replace("_", "-")
    locale = next((m.get("content") for m in metas if (m.get("property") or "").lower() == "og:locale"), None)
    sample = "".join(text for text, _ in lines[:80])[:3000]
    zone = (parse_zone(options.timezone) or _footer_zone(lines) or _chinese_zone(lang, host, sample, title)
            or page_zone(lang, host) or page_zone((locale or "").lower().replace("_", "-"), "")
            or _stated_zone(times, structured) or ASSUMED_UTC)
    now = options.fetched_at
    if now is not None and now.tzinfo is None:
        now = now.replace(tzinfo=timezone.utc)  # a naive fetch time is taken as UTC
    month_first = month_first_tag(lang, host) or month_first_tag(locale or "", host)
    return DateContext(zone=zone, now=now, latest=now + timedelta(days=1) if now is not None else None, month_first=month_first)


def _canonical(href: str | None, url: str) -> str | None:
    if not href:
        return None
    absolute = urljoin(url, href)
    same_host = urlsplit(absolute).hostname == urlsplit(url).hostname
    return absolute if same_host and urlsplit(absolute).scheme in ("http", "https") else None


def _block_ends(lines: list, main_lines: list[str], title: str | None, elsewhere) -> list[str]:
    """Where bylines sit besides the title: the article's first and last lines and just above it."""
    main_lines = [text for text in main_lines if text != title]
    first = next((i for i, (text, _) in enumerate(lines) if main_lines and text == main_lines[0]), 0)
    above = [text for text, owner in lines[max(0, first - 6): first] if text != title and not elsewhere(owner)]
    return main_lines[:5] + main_lines[-6:] + above


def _just_below(lines: list, main_lines: list[str], elsewhere) -> list[str]:
    """The lines right after the article: a post's footer names its poster ("由X张贴 @ …"),
    a reply below it does not."""
    last = next((i for i in range(len(lines) - 1, -1, -1) if main_lines and lines[i][0] == main_lines[-1]), None)
    return [text for text, owner in lines[last + 1: last + 4] if not elsewhere(owner)] if last is not None else []


_FIELDS = ("title", "author", "published_at", "body")
_DATE_HOLDERS = ("span", "abbr", "em", "a", "time", "small", "font", "b", "strong", "i")
_EPOCH_ATTRIBUTES = ("data-time", "data-timestamp", "data-utime")


def _dates_in_full(top) -> None:
    """Dates a page shows relative or without their year ("3 天前", "Gestern um 16:03", "3d")
    read as forum software writes them in full beside: a Unix time in a data attribute
    (Discourse, XenForo, Steam), else the title attribute, or a <time>'s datetime when its
    text shows no date at all ("vor 2 Stunden"). A local time shown without its zone beside
    a Unix time, or beside a datetime in UTC without its offset, takes the zone they differ
    by (lxml, in place)."""
    for element in top.iter(_DATE_HOLDERS):
        title = element.get("title")
        epoch = next((value for name in _EPOCH_ATTRIBUTES if (value := (element.get(name) or "").strip()).isdigit()
                      and len(value) in (10, 13)), None)
        machine = element.get("datetime") if element.tag == "time" else None
        if not (epoch or title or machine):
            continue
        shown = text_content(element).strip()
        full = None
        if epoch:
            instant = datetime.fromtimestamp(int(epoch[:10]), timezone.utc)
            if local := shown_at_instant(shown, instant):
                full = local.isoformat()
            elif written_in_full(shown, instant.isoformat()):
                full = instant.isoformat()
        elif title:
            full = title if written_in_full(shown, title) else None
        elif machine and shown_for_machine_date(shown, machine):
            full = machine.strip()
        elif machine and (local := shown_beside_utc(shown, machine)):
            full = local.isoformat()
            element.set("datetime", full)
        if full:
            for child in list(element):
                element.remove(child)  # (their tails, inside the date's text, go with them)
            element.text = full


def _main_block(root, options: ExtractionOptions, title: str | None) -> tuple[list, str, list[str]]:
    """The article's elements, their source and their lines. They are chosen on a pruned
    copy: metadata heuristics still need the whole page."""
    pruned = copy.deepcopy(root)
    prune(pruned, title)
    main, source = select_main(pruned, options, title)
    return main, source, [text for element in main for text, _ in page_lines(element)]


def _parse(markup: bytes | str, url: str, options: ExtractionOptions) -> tuple[Article, dict[str, str]]:
    text = decode_html(markup) if isinstance(markup, bytes) else markup
    root = _document(text)
    if root is None:
        return Article(url=url), dict.fromkeys(_FIELDS, NONE)
    tagged = elements_by_tag(root)
    base_href = next((b.get("href") for b in tagged["base"] if b.get("href")), None)
    base = urljoin(url, base_href.strip()) if base_href else url
    body_element = root.find("body")
    _dates_in_full(body_element if body_element is not None else root)  # (before the markup's dates are read)
    structured = read_structured(root, url, tagged)
    lines = page_lines(body_element if body_element is not None else root)
    times = [time for time in tagged["time"] if time.get("datetime") is not None]
    document_title = root.findtext(".//title") or ""
    dates = _context(root, tagged["meta"], times, structured, lines, document_title, url, options)
    page = Page(root, url, options, structured, lines, dates, times, document_title)
    title, title_source = title_field(page)
    main, body_source, main_lines = _main_block(root, options, title)
    shown_headline = headline_beside_article(page, title, title_source, main_lines)
    if shown_headline:
        title, title_source = shown_headline, HEURISTIC
        main, body_source, main_lines = _main_block(root, options, title)
    title_at = title_line(lines, title)
    elsewhere = other_items(lines[title_at][1] if title_at is not None else None)
    above_first, below_first = title_windows(lines, title, elsewhere)
    block_ends = _block_ends(lines, main_lines, title, elsewhere)
    body = render_body(main, base, title)
    author, author_source = author_field(page, [below_first, block_ends + _just_below(lines, main_lines, elsewhere)],
                                         "\n".join(body.text.rsplit("\n", 2)[-2:]))
    published_at, date_source, zone_guessed = date_field(page, [above_first, block_ends], headline_lines(lines, title))
    article = Article(
        url=url,
        title=title,
        author=author,
        published_at=published_at,
        published_precision=precision(published_at),
        body_text=body.text,
        body_html=body.html,
        canonical_url=_canonical(structured.canonical, url),
        page_urls=find_page_urls(root, url, base),
        extraction_notes=[NAIVE_DATE_AS_UTC] if zone_guessed else [],
    )
    return article, {"title": title_source, "author": author_source, "published_at": date_source,
                     "body": body_source if body.text else NONE}


def parse_article_with_sources(html: bytes | str, url: str,
                               options: ExtractionOptions | None = None) -> tuple[Article, dict[str, str]]:
    """parse_article's Article, and for "title", "author", "published_at" and "body" where
    the value came from: "selector", "structured data", "meta", "heuristic", or "none"
    when the field is empty (names in portal_spider.pages.sources)."""
    return _parse(html, url, options or ExtractionOptions())


def parse_article(html: bytes | str, url: str, options: ExtractionOptions | None = None) -> Article:
    """Extract an article from one page; malformed markup is no error.

    A page lxml cannot build a tree from yields an Article with only the URL (the reason
    is logged); an exception from extraction itself goes to the caller, which records it.
    """
    return parse_article_with_sources(html, url, options)[0]
