"""The links of a page with what discovery needs to know of each: where it points, what it
reads as, and which repeated record of the page (list item, table row, card) it sits in."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from w3lib.url import safe_url_string

_DIGITS = re.compile(r"\d+")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[^\W\d_]{2,}|\d+")
_NUMBER_ONLY = re.compile(r"^[\s\[\](（）()\d.,…·\-]*$")
_DATE_ONLY = re.compile(
    r"^[\s\d:/.\-年月日时分秒号]+(?:[ap]\.?m\.?)?$|^(?:\d+\s*(?:秒|分钟|分鐘|小时|小時|天|日|周|月|年)前|昨天|前天|今天|刚刚|剛剛)[\s\d:]*$",
    re.I,
)
_MORE_TEXT = re.compile(
    r"^[\s\[【(（<«‹›»>→]*(?:read\s+more|more|continue\s+reading|read\s+full|full\s+story|view|details?|"
    r"阅读全文|閱讀全文|全文|更多|详情|詳情|详细|詳細|查看|阅读|閱讀|点击查看|點擊查看|进入|進入)"
    r"[\s\]】)）>»›…\.]*$",
    re.I,
)
# Near a headline in a listing record: a date, a time or "3 hours ago".
DATE_NEARBY = re.compile(
    r"\d{4}\s*[-/.年]\s*\d{1,2}|\b\d{1,2}[-/]\d{1,2}\b|\d{1,2}:\d{2}|\d+\s*(?:分钟|小时|小時|天)前|"
    r"\b\d+\s+(?:minutes?|hours?|days?)\s+ago\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b",
    re.I,
)
MAX_RECORD_CHARS = 1000
# Parts of a page that hold site-wide links rather than the listing.
CHROME_TAGS = frozenset({"nav", "header", "footer"})
_ITEM_CLASS = re.compile(r"^(?=.*\d).{6,}$")
_STATE_CLASSES = frozenset(
    "odd even first last active current cur on selected hover clearfix cf fix top hot new".split()
)


@dataclass(eq=False)
class Anchor:
    element: object
    url: str
    text: str  # visible text, or the title/alt of an image-only link
    order: int
    group: tuple  # which repeated record structure it sits in
    in_chrome: bool  # inside <nav>, <header> or <footer>
    near_date: bool  # its record shows a date or time besides the link
    record: object = None  # the list item, row or card it sits in
    is_label: bool = False  # its text is a label or a topic, not a headline

    @property
    def is_headline(self) -> bool:
        return not self.is_label and is_headline(self.text)


def absolute_url(href: str | None, base: str) -> str | None:
    href = (href or "").strip()
    if not href or href.startswith(("#", "javascript:", "mailto:", "tel:", "data:")):
        return None
    try:
        absolute = safe_url_string(urljoin(base, href))
        parts = urlsplit(absolute)
        parts.port  # noqa: B018 - raises ValueError on an out-of-range port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return absolute.split("#", 1)[0]


def anchor_text(element) -> str:
    text = " ".join(element.text_content().split())
    if text:
        return text
    for candidate in [element, *element.iter("img")]:
        label = (candidate.get("title") or candidate.get("alt") or candidate.get("aria-label") or "").strip()
        if label:
            return " ".join(label.split())
    return ""


def is_headline(text: str) -> bool:
    """Reads as an article title: not a number, a date, a 'more' link or a menu word."""
    if not text or len(text) > 300 or _NUMBER_ONLY.match(text) or _DATE_ONLY.match(text) or _MORE_TEXT.match(text):
        return False
    han = len(_HAN.findall(text))
    if han:
        return han + 2 * len(_LATIN_WORD.findall(_HAN.sub(" ", text))) >= 5
    return len(_LATIN_WORD.findall(text)) >= 3 and len(text) >= 12


def is_filler(text: str) -> bool:
    """Text no article link would carry alone: page numbers, dates, counts, 'more'."""
    return bool(_NUMBER_ONLY.match(text) or _DATE_ONLY.match(text) or _MORE_TEXT.match(text)) and bool(text)


def _signature(element) -> str:
    # Classes that name one item (post-12345, id-t3_1b2c3d) would split a list into
    # groups of one.
    classes = sorted(
        {_DIGITS.sub("0", c) for c in (element.get("class") or "").split() if not _ITEM_CLASS.search(c)}
        - _STATE_CLASSES
    )
    return element.tag + "".join("." + c for c in classes)


# Inline elements and table cells are parts of a record, never a record themselves.
_NOT_RECORDS = frozenset("a span em b i strong font small img cite label u s sup sub td th br".split())


def _record(anchor):
    """The nearest block ancestor repeated among its siblings (li, tr, card), and its parent."""
    node = anchor
    for _ in range(10):
        parent = node.getparent()
        if parent is None or node.tag in ("body", "html"):
            return None, None
        if node.tag not in _NOT_RECORDS and sum(1 for sibling in parent if sibling.tag == node.tag) >= 2:
            return node, parent
        node = parent
    return None, None


def _path(element, stop=None, classes=True) -> tuple[str, ...]:
    parts = []
    node = element
    while node is not None and node is not stop and node.tag not in ("body", "html"):
        parts.append(_signature(node) if classes else node.tag)
        node = node.getparent()
    return tuple(reversed(parts))


def collect_anchors(root, base: str, keep) -> list[Anchor]:
    """Every <a href> whose absolute URL ``keep`` accepts, in page order."""
    anchors = []
    record_texts: dict[object, str] = {}
    container_paths: dict[object, tuple] = {}
    kept: dict[str, str | None] = {}  # href -> absolute URL, or None when not kept
    for order, element in enumerate(root.iter("a")):
        href = element.get("href")
        if href not in kept:
            url = absolute_url(href, base)
            kept[href] = url if url and keep(url) else None
        url = kept[href]
        if url is None:
            continue
        record, container = _record(element)
        if record is None:
            group = ("single", _path(element))
            near_date = False
        else:
            # Keyed by the elements themselves: lxml may reuse the id() of a proxy it freed.
            if container not in container_paths:
                container_paths[container] = _path(container)
            inner = _path(element.getparent(), stop=record, classes=False)
            group = (container_paths[container], record.tag, inner, _signature(element))
            if record not in record_texts:
                record_texts[record] = record.text_content()
            record_text = record_texts[record]
            # A record is one item of a list; a long one is a column of the layout, whose
            # dates say nothing about this link.
            near_date = len(record_text) <= MAX_RECORD_CHARS and bool(
                DATE_NEARBY.search(record_text.replace(element.text_content(), " ", 1))
            )
        in_chrome = any(node.tag in CHROME_TAGS for node in element.iterancestors())
        anchors.append(Anchor(element, url, anchor_text(element), order, group, in_chrome, near_date,
                              record))
    return anchors
