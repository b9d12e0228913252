"""The publication date: structured data, labelled lines, date markup, URL, htmldate."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit

import htmldate

from .dates import DateContext, find_date, iso, parse_iso
from .selection import selected_text
from .page import Page

_PUBLISHED_LABEL = re.compile(
    r"发布时间|發布時間|发表时间|發表時間|发布日期|發布日期|发表于|發表於|发布于|發佈於|出版时间|时间|時間|日期|"
    r"Published|Posted|Veröffentlicht|Erschienen|Publié|Publicado|Date", re.I
)
_MODIFIED_LABEL = re.compile(r"更新|修改|Updated|Modified|Last|Aktualisiert|zuletzt|Stand", re.I)
_DATE_ONLY = re.compile(r"^\s*\d{4}-\d{1,2}-\d{1,2}\s*$")
_DATE_MARK = re.compile(r"date|time|publish|posted|byline|meta|info|author", re.I)
_OPENING_DATE = re.compile(r"^\W{0,3}(\d{1,2}\.\d{1,2}\.\d{4}|\d{4}-\d{1,2}-\d{1,2})\s*[-–|:]")
_HAS_OFFSET = re.compile(r"T\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s*(?:Z|[+-]\d{2}:?\d{2})$")
_URL_DATE = re.compile(r"/((?:19|20)\d{2})[/-]?(0[1-9]|1[0-2])[/-]?(0[1-9]|[12]\d|3[01])(?:/|\D)")


def _labelled_date(windows: list[list[str]], context: DateContext) -> datetime | None:
    """A date on a line labelled as publication, else the first date near the title."""
    for text in (t for window in windows for t in window if len(t) < 200):
        for label in _PUBLISHED_LABEL.finditer(text):
            if _MODIFIED_LABEL.search(text[max(0, label.start() - 4): label.start()]):
                continue  # 更新時間 / Last updated: a modification date
            moment = find_date(text[label.end():], context)
            if moment:
                return moment
    # Unlabelled, the first date next to the title is the publication time, even when
    # the portal calls it 更新/Updated (nothing better labelled was found above).
    # A long line counts only when it opens with a dateline ("27.1.2022 - Bei der …").
    return next((m for t in windows[0] if (m := find_date(t if len(t) < 200 else _opening_date(t), context))), None)


def _opening_date(text: str) -> str:
    match = _OPENING_DATE.match(text)
    return match[1] if match else ""


def _url_date(url: str, context: DateContext) -> datetime | None:
    match = _URL_DATE.search(urlsplit(url).path + "/")
    return find_date("-".join(match.groups()), context) if match else None


def _marked_date(lines: list, context: DateContext) -> datetime | None:
    """The first date on a short line whose element is marked as date/meta/byline."""
    for text, owner in lines:
        if len(text) < 120 and _DATE_MARK.search(f"{owner.get('class') or ''} {owner.get('id') or ''}"):
            moment = find_date(text, context)
            if moment and not _MODIFIED_LABEL.search(text):
                return moment
    return None


def _htmldate_guess(root, url: str, context: DateContext) -> datetime | None:
    """htmldate's markup search, only when nothing else dated the page (it is slow; its
    extensive mode loads dateparser, seconds per process, for a few more pages).

    A 1 January result is dropped: that is how htmldate reports a bare year.
    """
    found = htmldate.find_date(root, url=url or None, original_date=True, outputformat="%Y-%m-%d %H:%M", extensive_search=False)
    moment = find_date(found, context) if found else None
    return moment if moment and (moment.month, moment.day) != (1, 1) else None


def date_field(page: Page, windows: list[list[str]]) -> str | None:
    """Selector, structured data, labelled lines, <time>, the URL path, then htmldate.

    ``windows`` are line groups where dates sit, the title's surroundings first.
    """
    root, url, context = page.root, page.url, page.dates
    selected = selected_text(root, page.options.date_selector)
    moment = find_date(selected, context) if selected else None
    # A value with its own offset is more trustworthy than a naive one in another field.
    for value in sorted(page.structured.dates, key=lambda v: not _HAS_OFFSET.search(v)):
        if moment:
            break
        moment = parse_iso(value, context)
        if moment and _DATE_ONLY.match(value):
            # A day-only meta date: the page's own line may give the time of that day.
            on_page = _labelled_date(windows, context)
            moment = on_page if on_page and on_page.date() == moment.date() else moment
    moment = moment or _labelled_date(windows, context) or _marked_date(page.lines, context)
    in_url = _url_date(url, context)
    if moment and in_url and moment.date() != in_url.date():
        moment = in_url  # a dated URL path is the publication day; meta often gives another zone's day
    if not moment:
        times = root.xpath("//time[@datetime]")
        moment = parse_iso(times[0].get("datetime"), context) if times else None
    moment = moment or _url_date(url, context) or _htmldate_guess(root, url, context)
    return iso(moment) if moment else None
