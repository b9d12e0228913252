"""One small function per field: title, author, published date."""

from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlsplit

import htmldate

from .dates import DateContext, find_date, iso, parse_iso
from .mainblock import select_by_css
from .structured import Structured
from .text import clean_line, han_ratio, normalise_for_compare, strip_pinyin

_TITLE_SEPARATORS = re.compile(r"\s+[|\-–—·•»~]\s+|\s*[_｜|]\s*|\s*(?:——|--|»)\s*")
_AUTHOR_LABEL = r"(?:(?:原?作\s*者|撰\s*文|撰\s*稿|记\s*者|記\s*者|通讯员|通訊員|实习生|實習生)(?=\s*[:：]|\s)|(?<=[报報社网網台])(?:记者|記者|通讯员|通訊員|实习生|實習生)|文\s*[/／]|文\s*[:：]|图\s*[/／]\s*文\s*[:：/／]?|Written by|Posted by|Authors?\s*[:：]|(?<![\w])[Bb]y(?=\s)|(?<![\w])By(?=[A-Z][a-z])|(?:Text|Beitrag|Artikel|Bericht|Kommentar|Gastbeitrag)\s+von(?=\s)|Von(?=\s)|Par(?=\s)|Por(?=\s)|Autor(?:in)?\s*[:：]?|Text(?:\s*(?:&|und)\s*Fotos?)?\s*:)"
_EDITOR_LABEL = r"(?:(?:责任编辑|責任編輯|编\s*辑|編\s*輯)(?=\s*[:：]|\s)|Edited by|Editor\s*[:：])"
_SOURCE_LABEL = r"(?:(?:来\s*源|來\s*源|出\s*处|出\s*處)(?=\s*[:：]|\s)|Source\s*[:：])"
_LABELS = re.compile(rf"(?P<author>{_AUTHOR_LABEL})|(?P<editor>{_EDITOR_LABEL})|(?P<source>{_SOURCE_LABEL})")
_VALUE_END = re.compile(
    r"\d{4}\s*[-/.年]|\d{1,2}\s*(?:小时|分钟|天)前|[|｜【】\[\]()（）<>《》。;；•·:：]|"
    r"发布|發布|发表|發表|时间|時間|日期|点击|點擊|阅读|閱讀|浏览|瀏覽|字号|字體|http|报道|報道|報導|摄|攝|整理|编译|編譯|发自|發自|"
    r"\b(?:Published|Updated|Posted|on|am|um|Uhr|and more|\d)\b"
)
_NAME_SPLIT = re.compile(r"\s*(?:[、，,/;；]|\s&\s|\band\b|\bund\b|\bet\b)\s*")
# Chinese names run two to six characters (people, or a site as 作者); transliterated ones join parts with "·".
_HAN_NAME = re.compile(r"^(?:[\u3400-\u9fff]{2,6}|[\u3400-\u9fff]{1,6}(?:[·•][\u3400-\u9fff]{1,6})+)$")
# Two-character names padded to three columns: "赵  培".
_PADDED_NAME = re.compile(r"(?<![\u3400-\u9fff])([\u3400-\u9fff])[ \u3000]{1,2}([\u3400-\u9fff])(?![\u3400-\u9fff])")
# Forum and blog user names: one token mixing letters, digits or symbols ("ggjjzhzz", "放飞&心情").
_USER_NAME = re.compile(r"^(?=.*[A-Za-z0-9_&.-])[\w&.\-\u3400-\u9fff]{2,16}$")
_DOMAIN = re.compile(r"\w\.(?:com|net|org|de|at|ch|cn|fr|uk|info|io|it|es|cl)\b", re.I)
_POSTED = re.compile(r"(?:^|由)\s*([^\s由@]{2,16})\s*(?:发表于|發表於|张贴|張貼|写于|寫於|发布于|發佈於|posted (?:on|at))", re.I)
_ORGANISATION = re.compile(r"\b(?:e\.\s?V\.|GmbH|Inc\.|Ltd\.?|LLC|Stiftung|Verband|Verlag|Magazin|Zeitung|News|Online|Media)(?:\W|$)", re.I)
_LEAD_IN = re.compile(r"^\s*(?:(?:veröffentlicht|geschrieben|erstellt|eingestellt|artikel|posted|written|text|ein beitrag)\s+)?(?:von|by|par|por|de)\s+", re.I)
_STRUCTURED_END = re.compile(r",\s*\d|\s@\w|\s[|•·]\s")
_PLACE_REPORT = re.compile(r"(?<=\S)(?:报道|報道|報導|电|電)")
_LATIN_NAME = re.compile(r"^[A-ZÀ-Þ][\w'’.-]*(?:\s+(?:[A-ZÀ-Þ][\w'’.-]*|van|von|de|der|da|di|le|la)){0,4}$")
_PUBLISHED_LABEL = re.compile(
    r"发布时间|發布時間|发表时间|發表時間|发布日期|發布日期|发表于|發表於|发布于|發佈於|出版时间|时间|時間|日期|"
    r"Published|Posted|Veröffentlicht|Erschienen|Publié|Publicado|Date", re.I
)
_MODIFIED_LABEL = re.compile(r"更新|修改|Updated|Modified|Last|Aktualisiert|zuletzt|Stand", re.I)
_DATE_ONLY = re.compile(r"^\s*\d{4}-\d{1,2}-\d{1,2}\s*$")
_DATE_MARK = re.compile(r"date|time|publish|posted|byline|meta|info|author", re.I)
_URL_DATE = re.compile(r"/((?:19|20)\d{2})[/-]?(0[1-9]|1[0-2])[/-]?(0[1-9]|[12]\d|3[01])(?:/|\D)")


def _css_text(root, selector: str | None) -> str | None:
    found = select_by_css(root, selector)
    return clean_line(found[0].text_content()) or None if found else None


def _segments(title: str) -> list[str]:
    return [s for s in _TITLE_SEPARATORS.split(title) if s.strip()]


def _span(title: str, segments: list[str]) -> str:
    return title[title.index(segments[0]): title.rindex(segments[-1]) + len(segments[-1])]


def _without_site(title: str, site_names: list[str]) -> str:
    """Strip the site name from a <title>-like string: a segment naming the site, else the shorter end."""
    segments = _segments(title)
    if len(segments) < 2:
        return title
    sites = {normalise_for_compare(s) for s in site_names if s}
    kept = [s for s in segments if normalise_for_compare(s) not in sites]
    if kept and len(kept) < len(segments):
        return _span(title, kept)
    first, last = segments[0], segments[-1]
    return _span(title, segments[:-1]) if len(last) <= len(first) else _span(title, segments[1:])


def _links_home(heading) -> bool:
    """A heading that links to the site's front page is the logo, not the article title."""
    return any(urlsplit(a.get("href") or "").path in ("", "/") and not urlsplit(a.get("href") or "").query
               for a in heading.iter("a") if a.get("href") is not None)


def _site_like(heading, key: str, references: list[str], site_names: list[str]) -> bool:
    """An h1 naming the site: links home, equals og:site_name, or is a minor non-first title segment."""
    if _links_home(heading) or key in {normalise_for_compare(s) for s in site_names}:
        return True
    for reference in references:
        parts = [normalise_for_compare(p) for p in _segments(reference)]
        if len(parts) > 1 and key in normalise_for_compare(reference) and not parts[0].startswith(key):
            longest = max(parts, key=len)
            if key not in longest and longest not in key:
                return True
    return False


def _heading_title(headings: list, references: list[str], site_names: list[str]) -> str | None:
    """The h1 when the titles confirm it, or when it reads like a headline on its own."""
    keyed = [(h, text, normalise_for_compare(text)) for h in headings if (text := clean_line(h.text_content()))]
    ref_keys = [normalise_for_compare(r) for r in references]
    for _, text, key in keyed:
        if key in ref_keys:
            return text
    for heading, text, key in keyed:
        if any(key in ref for ref in ref_keys) and not _site_like(heading, key, references, site_names):
            return text
    if keyed:
        heading, text, key = keyed[0]
        # Titles that disagree with a long multi-word h1 are usually SEO variants of it.
        looks_like_headline = len(text) >= 15 and (" " in text or han_ratio(text) > 0.5)
        if (looks_like_headline or not references) and not _site_like(heading, key, references, site_names):
            return text
    return None


def _shown_title(references: list[str], lines: list) -> str | None:
    """The longest run of leading title segments that the page also shows as a line of its own."""
    for reference in references:
        segments = _segments(reference)
        spans = {normalise_for_compare(_span(reference, segments[:end])): _span(reference, segments[:end])
                 for end in range(1, len(segments))}
        shown = [spans[key] for text, _ in lines if (key := normalise_for_compare(text)) in spans]
        if shown:
            return max(shown, key=len)
    return None


def title_field(root, structured: Structured, lines: list, options) -> str | None:
    """Selector, an h1 the other titles support, a title part the page shows, then a title minus site name."""
    selected = _css_text(root, options.title_selector)
    if selected:
        return selected
    document = clean_line(root.findtext(".//title") or "")
    metas = [clean_line(t) for t in structured.titles if clean_line(t)]
    headings = list(root.iter("h1"))[:3]
    references = metas + ([document] if document else [])
    heading = _heading_title(headings, references, structured.site_names) or _shown_title(references, lines)
    if heading:
        return heading
    return _without_site(references[0], structured.site_names) if references else None


def title_window(lines: list, title: str | None, after_first: bool = False) -> list[str]:
    """The lines around the title (where bylines sit); the page top when the title is not a line."""
    key = normalise_for_compare(title) if title else None
    start = next((i for i, (text, _) in enumerate(lines) if key and normalise_for_compare(text) == key), None)
    if start is None:
        start = next((i for i, (_, owner) in enumerate(lines) if owner.tag == "h1"), 0)
    before, after = lines[max(0, start - 3): start], lines[start: start + 20]
    # Bylines follow headlines far more often than precede them; dates sit on either side.
    return [text for text, _ in (after + before if after_first else before + after)]


def _names(value: str) -> list[str]:
    """Names from the text after a label, stopping at the first thing that is no name."""
    value = _PADDED_NAME.sub(r"\1\2", value)
    value = value.strip(" :：/／|-—")
    cut = _VALUE_END.search(value)
    if cut and _PLACE_REPORT.match(value, cut.start()):
        # "彭冲 山东冠县报道": the word glued to 报道 is where the report was filed from.
        value = value[: cut.start()].rsplit(None, 1)[0] if " " in value[: cut.start()].strip() else ""
    else:
        value = value[: cut.start()] if cut else value
    parts = _NAME_SPLIT.split(value.strip())
    names = []
    for part in parts:
        part = part.strip(" :：/|-—.")
        pieces = part.split() if all(_HAN_NAME.match(p) for p in part.split()) else [part]
        for piece in pieces:
            if _HAN_NAME.match(piece) or _LATIN_NAME.match(piece) or _USER_NAME.match(piece):
                names.append(piece)
                continue
            # "Christian Seiler Illustration von …": a first and last name, then more words.
            words = piece.split()
            first_last = " ".join(words[:2])
            return names + [first_last] if len(words) > 2 and _LATIN_NAME.match(first_last) else names
    return names[:6]


def _labelled_authors(text: str) -> tuple[int, list[str]] | None:
    """(rank, names) for a byline: rank 0 author, 1 editor, 2 source."""
    if len(text) > 200:
        return None
    text = strip_pinyin(text)
    best = None
    matches = list(_LABELS.finditer(text))
    for match, following in zip(matches, matches[1:] + [None]):
        rank = ("author", "editor", "source").index(match.lastgroup)
        if match.lastgroup == "author" and match.group().strip().lower() == "by" and match.start() > 40:
            continue  # "by" in the middle of a sentence
        names = _names(text[match.end(): following.start() if following else None])
        if names and (best is None or rank < best[0]):
            best = (rank, names)
    return best


def _posted_by(text: str) -> list[str] | None:
    """"ggjjzhzz 发表于 2005-9-15", "由海姑娘张贴 @ …": the poster named before the verb."""
    match = _POSTED.search(text) if len(text) < 120 else None
    return _names(match[1]) or None if match else None


def _byline_authors(windows: list[list[str]], ranks: tuple[int, ...]) -> list[str] | None:
    """Names from the best-ranked labelled line, earlier windows first on ties."""
    found = [(hit[0], number, index, hit[1]) for number, window in enumerate(windows)
             for index, text in enumerate(window) if (hit := _labelled_authors(text)) and hit[0] in ranks]
    if 0 in ranks and not found:
        found = [(0, number, index, names) for number, window in enumerate(windows)
                 for index, text in enumerate(window) if (names := _posted_by(text))]
    if not found:
        return None
    best = min(found, key=lambda hit: hit[:3])
    # Reporters are often listed over consecutive lines (记者 … / 实习生 …).
    names = [name for rank, number, index, hits in found
             if (rank, number) == best[:2] and best[2] <= index <= best[2] + 1 for name in hits]
    return list(dict.fromkeys(names))[:8]


def _marked_authors(root) -> list[str] | None:
    """Text of rel=author links or elements whose class says author/byline.

    Such elements also hold labels, dates and buttons, so only person-like names count:
    a Han name or at least two capitalised words.
    """
    for element in root.xpath(
        "//a[@rel='author'] | //*[contains(@class, 'author') or contains(@class, 'byline')][not(self::body)]"
    )[:5]:
        text = _LEAD_IN.sub("", clean_line(element.text_content()))
        text = re.sub(rf"^\s*(?:{_AUTHOR_LABEL})\s*[:：]?", "", text).strip()
        if 1 < len(text) < 80:
            names = _names(text)
            alone = names == [text]  # the element holds nothing but the name
            names = [n for n in names if alone or _HAN_NAME.match(n) or (_LATIN_NAME.match(n) and " " in n)]
            if names:
                return names
    return None


def _site_words(url: str, site_names: list[str], document_title: str) -> set[str]:
    """Keys that name the site: og:site_name, the host name, the <title>'s site segment."""
    keys = {_letters(s) for s in site_names}
    host = urlsplit(url).hostname or ""
    keys.update(_letters(part) for part in host.split(".") if len(part) > 3)
    keys.add(_letters(host))
    segments = _segments(document_title)
    if len(segments) > 1:
        keys.add(_letters(min(segments[0], segments[-1], key=len)))
    keys.discard("")
    return keys


def _letters(text: str) -> str:
    return "".join(c for c in normalise_for_compare(text) if c.isalnum())


def _plausible_author(name: str, sites: set[str]) -> bool:
    """Structured author values that are really the site, an organisation, a domain or a user id are dropped."""
    key = _letters(name)
    return (0 < len(name) <= 80 and not any(c.isdigit() for c in name) and not _DOMAIN.search(name)
            and not _ORGANISATION.search(name) and key not in sites and not any(key in site for site in sites if len(key) > 3))


def _structured_name(raw: str) -> str:
    """A meta/JSON-LD author value without lead-in ("Von …"), handle or trailing date."""
    name = _LEAD_IN.sub("", clean_line(_PADDED_NAME.sub(r"\1\2", raw)))
    cut = _STRUCTURED_END.search(name)
    return (name[: cut.start()] if cut else name).strip(" ,;-|")


def author_field(root, structured: Structured, windows: list[list[str]], url: str, options) -> str | None:
    """Selector, structured data, then bylines: author labels, author markup, editor/source labels."""
    selected = _css_text(root, options.author_selector)
    if selected:
        found = _labelled_authors(selected)
        return ", ".join(found[1]) if found else selected
    sites = _site_words(url, structured.site_names, root.findtext(".//title") or "")
    for names in structured.authors:
        cleaned = [name for n in names if _plausible_author(name := _structured_name(n), sites)]
        if cleaned:
            return ", ".join(dict.fromkeys(cleaned))
    names = _byline_authors(windows, (0,)) or _marked_authors(root) or _byline_authors(windows, (1, 2))
    return ", ".join(clean_line(n) for n in names) if names else None


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
    return next((m for t in windows[0] if len(t) < 200 and (m := find_date(t, context))), None)


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


def date_field(root, structured: Structured, windows: list[list[str]], lines: list, url: str, options, context: DateContext) -> str | None:
    """Selector, structured data, labelled lines, <time>, then a date in the URL path."""
    selected = _css_text(root, options.date_selector)
    moment = find_date(selected, context) if selected else None
    for value in structured.dates:
        if moment:
            break
        moment = parse_iso(value, context)
        if moment and _DATE_ONLY.match(value):
            # A day-only meta date: the page's own line may give the time of that day.
            on_page = _labelled_date(windows, context)
            moment = on_page if on_page and on_page.date() == moment.date() else moment
    moment = moment or _labelled_date(windows, context) or _marked_date(lines, context)
    in_url = _url_date(url, context)
    if moment and in_url and moment.date() != in_url.date():
        moment = in_url  # a dated URL path is the publication day; meta often gives another zone's day
    if not moment:
        times = root.xpath("//time[@datetime]")
        moment = parse_iso(times[0].get("datetime"), context) if times else None
    moment = moment or _url_date(url, context) or _htmldate_guess(root, url, context)
    return iso(moment) if moment else None
