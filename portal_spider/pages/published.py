"""The publication date: structured data, labelled lines, date markup, URL, htmldate."""

from __future__ import annotations

import copy
import logging
import re
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from itertools import islice
from urllib.parse import urljoin, urlsplit

import htmldate

from .dates import (ASSUMED_UTC, WRITTEN_DAY, DateContext, find_date, iso, month_alone, month_number, parse_iso,
                    states_offset)
from .mainblock import in_comments, labelled_furniture
from .selection import selected_text
from .page import Page
from .sources import HEURISTIC, NONE, SELECTOR
from .text import short_text, text_content

log = logging.getLogger(__name__)

# Latin labels are whole words: "date" inside "updated" is no publication label.
_PUBLISHED_LABEL = re.compile(
    r"(?=[发發出时時日上刊创創录錄添提文新于於PpVvEeDd])(?:"  # (the branches' first characters: most positions fail at once)
    r"发布时间|發布時間|发表时间|發表時間|发布日期|發布日期|发表于|發表於|发布于|發佈於|出版时间|"
    # "于 2023-05-06 12:30 发布": the label around the date; glued to a word ("最新推荐文章于"), another item's.
    r"(?<![\u4e00-\u9fff])[于於](?=\s*(?:19|20)\d{2}\s*[-/.年][^发發]{3,24}[发發][布表佈])|"
    # A bare 时间/日期 after another word names that word's day ("发售日期", "开服时间"), not the page's.
    r"(?:上传|上傳|发帖|發帖|发文|發文|发稿|發稿|刊发|刊發|创建|創建|录入|錄入|添加|提交|文章|新闻|新聞)(?:时间|時間|日期)|"
    r"(?<![\u4e00-\u9fff])(?:时间|時間|日期)|"
    # (Also glued to the clock before it: "Updated: Jun 21, 2024 2:30 pmPosted: Jun 20, …".)
    r"(?:(?<![A-Za-z])|(?<=[\d\s][ap]m))(?:Published|Posted|Veröffentlicht|Erschienen|Publié|Publicado|Date)(?![a-z]))", re.I
)
_MODIFIED_LABEL = re.compile(r"更新|修改|Updated|Modified|Last|Edited|Aktualisiert|zuletzt|bearbeitet|Stand|modifié|mis à jour"
                             r"|Actualizado|Atualizado|Aggiornato|aktualizacja|Zaktualizowano|Обновлено|Оновлено|Güncelleme"
                             r"|Güncellendi|Cập nhật|Bijgewerkt|Opdateret|Oppdatert|Uppdaterad|Päivitetty|수정", re.I)
_FIRST_DIGIT = re.compile(r"\d")


def _modified(text: str) -> bool:
    """A line dated by its last change: the label stands before its first date ("Last
    updated: …"); after it, the line's first date is the post's ("Posted 05-06-2024 (This
    post was last modified: …)")."""
    label = _MODIFIED_LABEL.search(text)
    if label is None:
        return False
    digit = _FIRST_DIGIT.search(text)
    return digit is None or label.start() < digit.start()


# Forum post headers carry the poster's profile dates: not when the post was published.
# (This and _OTHER_DAY_LABEL, searched in every line, open with a lookahead on their branches'
# first characters, so that most positions fail at once.)
_PROFILE_LABEL = re.compile(
    r"(?=[rjmdl注註加最上])(?:Registriert|Registered|Joined|Mitglied seit|Member since|Dabei seit|Last (?:visit|login|seen)|"
    r"(?:注册|註冊)(?:时间|時間|于|於|日期|\s*[:：])|加入时间|最后登录|最後登錄|上次访问)", re.I
)
_DATE_MARK = re.compile(r"date|time|publish|posted|byline|meta|info|author", re.I)
# A dateline opening a paragraph: "27.1.2022 - Bei …", "(21. November 2022) Energie…",
# "31. Oktober 2023. Dragqueens …", "Hamburg, den 02. Dezember 2022 – Der …"; the date must
# end at a dash, colon, bracket or full stop.
_OPENING_DATE = re.compile(r"^\W{0,3}(?:[A-ZÄÖÜ][\w.-]+(?:\s[A-ZÄÖÜ][\w.-]+)?,\s+(?:den\s+|am\s+)?)?(.{6,30}?)(?:\s*[-–|:)]|\.\s)")
# What may follow a label before its date sits on the next line ("Erschienen am:").
_LABEL_TAIL = re.compile(r"^\W*(?:am|on|le|el|:)?\W*$", re.I)
_MIDNIGHT = re.compile(r"T00:00(?::00(?:\.0+)?)?\s*(?:Z|[+-]\d{2}:?\d{2})?$")
_ISSUE = re.compile(r"^[—–\-\s]*(?:(?:转载|轉載|摘)?自|原载|原載|载|載|来源|來源)?[:：]?\s*《[^》]{1,20}》\s*((?:19|20)\d{2}\s*年\s*\d{1,2}\s*月)号?[^\d]{0,6}$")
_HAS_OFFSET = re.compile(r"T\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?\s*(?:Z|[+-]\d{2}:?\d{2})$")
_URL_DATE = re.compile(r"/((?:19|20)\d{2})[/-]?(0[1-9]|1[0-2])[/-]?(0[1-9]|[12]\d|3[01])(?:/|\D)")
# A path dated with the month's name: "/2019/nov/18/".
_URL_NAMED_DATE = re.compile(r"/((?:19|20)\d{2})/([a-z]{3,9})/([1-9]|0[1-9]|[12]\d|3[01])/", re.I)


def _labelled_date(windows: list[list[str]], context: DateContext) -> datetime | None:
    """A date on a line labelled as publication, else the first date near the title."""
    labelled = _labelled_only(windows, context)
    if labelled:
        return labelled
    # Unlabelled, the first date next to the title is the publication time, even when
    # the portal calls it 更新/Updated (nothing better labelled was found above).
    # A long line counts only when it opens with a dateline ("27.1.2022 - Bei der …").
    # A day not called an update comes first: "本站最后更新" above a title is the site's, a
    # month alone ("2011年3月") a calendar's or an archive's heading.
    window = windows[0]
    dated = [(i, t, m) for i, t in enumerate(window) if not _PROFILE_LABEL.search(t)
             and (m := find_date(t if len(t) < 200 and not _prose(t) else _opening_date(t), context))]
    first = next((d for d in dated if not _modified(d[1]) and not month_alone(d[1])), dated[0] if dated else None)
    return _with_clock_below(first[2], window, first[0], context) if first else None


# Sentence marks: a line with a full stop and clauses is the article's prose, and a date
# inside it (a citation's "出版社1999年1月第1版", an event's day) names no publication.
# An abbreviation's dot ("Sept.", "a.m.") ends no sentence.
_FULL_STOP = re.compile(r"[。！？]|(?<!\b[A-Z][a-z]{2})(?<!\b[A-Z][a-z]{3})(?<![ap]\.m)[.!?](?:\s|$)")
_CLAUSE = re.compile(r"[，,；;]")


def _prose(text: str) -> bool:
    return bool(_FULL_STOP.search(text)) and len(_CLAUSE.findall(text)) >= 2


# A clock time alone on a line ("03:26 pm"), as templates print it under the day.
_CLOCK_LINE = re.compile(r"\W{0,3}\d{1,2}\s*[:：.h]\s*\d{2}(?:\s*:\s*\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|Uhr)?\W{0,3}(?:[A-Z]{2,5})?\W{0,3}", re.I)


def _with_clock_below(moment: datetime, window: list[str], index: int, context: DateContext) -> datetime:
    """A day shown without a clock whose next line is a clock time alone, read together."""
    if _has_clock(moment) or index + 1 >= len(window) or not _CLOCK_LINE.fullmatch(window[index + 1]):
        return moment
    joined = find_date(f"{window[index]} {window[index + 1]}", context)
    return joined if joined and joined.date() == moment.date() else moment


def _labelled_only(windows: list[list[str]], context: DateContext, day: datetime | None = None) -> datetime | None:
    """The first date on a line labelled as publication ("时间：2019-09-24 17:08"); with
    ``day``, the first one on that day."""
    for window in windows:
        for index, text in enumerate(window):
            if len(text) >= 200:
                continue
            for label in _PUBLISHED_LABEL.finditer(text):
                if _MODIFIED_LABEL.search(text[max(0, label.start() - 4): label.start()]):
                    continue  # 更新時間 / Last updated: a modification date
                if _PROFILE_LABEL.search(text[max(0, label.start() - 4): label.end()]):
                    continue  # 注册时间: when a forum's poster joined
                value = text[label.end():]
                alone = not re.sub(r"\W", "", text[: label.start()]) and _LABEL_TAIL.match(value)
                if alone and index + 1 < len(window):
                    value = window[index + 1]  # the label alone, its date on the next line
                moment = find_date(value, context)
                if moment and (day is None or moment.date() == day.date()):
                    return moment
    return None


def _opening_date(text: str) -> str:
    match = _OPENING_DATE.match(text)
    # Only when the whole opening is the date: "Am 3. Mai sagte …" is prose.
    return match[1] if match and WRITTEN_DAY.fullmatch(match[1]) else ""


def _issue_date(lines: list[str], context: DateContext) -> datetime | None:
    """"——《北京之春》1998年3月号": a reprint closing with the periodical issue it came from."""
    for text in lines:
        match = _ISSUE.match(text)
        if match:
            return find_date(match[1], context)
    return None


def _url_date(url: str, context: DateContext) -> datetime | None:
    path = urlsplit(url).path + "/"
    if match := _URL_DATE.search(path):
        return find_date("-".join(match.groups()), context)
    match = _URL_NAMED_DATE.search(path)
    month = month_number(match[2]) if match else None
    return find_date(f"{match[1]}-{month}-{match[3]}", context) if month else None


_SLASHED = re.compile(r"(?<!\d)\d{1,2}/\d{1,2}/\d{2,4}(?!\d)")


def _dated_on(windows: list[list[str]], day: datetime, context: DateContext) -> datetime | None:
    """The first date on ``day`` with a clock time that a short line of ``windows`` shows.
    A slashed date that reads as ``day`` month first ("6/1/2020, 4:20 PM" under a URL's
    /2020/06/01/) counts: the URL tells which of its numbers is the month."""
    for window in windows:
        for text in window:
            moment = find_date(text, context) if len(text) < 200 else None
            if not moment or not _has_clock(moment):
                continue
            if moment.date() == day.date():
                return moment
            if (_SLASHED.search(text) and moment.year == day.year and (moment.month, moment.day) == (day.day, day.month)):
                return moment.replace(month=day.month, day=day.day)
    return None


def _marked_date(lines: list, context: DateContext, own_url: str | None = None) -> datetime | None:
    """The first date on a short line whose element is marked as date/meta/byline."""
    for text, owner in lines:
        if len(text) < 120 and _DATE_MARK.search(f"{owner.get('class') or ''} {owner.get('id') or ''}") and not _teaser(owner, text, own_url):
            moment = find_date(text, context)
            if moment and not _modified(text) and not _PROFILE_LABEL.search(text) and not _OTHER_DAY_LABEL.search(text):
                return moment
    return None


def _htmldate_guess(root, url: str, context: DateContext) -> datetime | None:
    """htmldate's markup search, only when nothing else dated the page (it is slow; its
    extensive mode loads dateparser, seconds per process, for a few more pages).

    A 1 January result is dropped: that is how htmldate reports a bare year.
    """
    # htmldate reads any <time> and JSON-LD: give it the page without the <time> of
    # other articles, without the JSON-LD whose dates structured.py did not take (it gave
    # none, or this fallback would not run), such as other pages' nodes, and without
    # comments and related lists, whose dates are their items'.
    root = copy.deepcopy(root)
    for element in root.xpath("//time[@datetime]")[:_TIMES_LOOKED_AT]:
        if not _own_time(element, url):
            element.drop_tree()
    for element in root.xpath("//script[@type='application/ld+json']") + labelled_furniture(root):
        element.drop_tree()
    found = htmldate.find_date(root, url=url or None, original_date=True, outputformat="%Y-%m-%d %H:%M", extensive_search=False)
    moment = find_date(found, context) if found else None
    return moment if moment and (moment.month, moment.day) != (1, 1) else None


def _weak(value: str) -> bool:
    """A structured value that only gives a day: no offset, day-only, or midnight. Free
    text stating its clock and offset ("01:38:07 PM IST Nov 20, 2019") is no weaker than ISO."""
    if _HAS_OFFSET.search(value):
        return bool(_MIDNIGHT.search(value))
    return not states_offset(value, midnight=False)


def _has_clock(moment: datetime) -> bool:
    return (moment.hour, moment.minute) != (0, 0)


def _as_shown(moment: datetime, value: str, shown: datetime | None, context: DateContext,
              published_clock=lambda: False, stated: datetime | None = None, changed: frozenset = frozenset()) -> datetime | None:
    """``moment`` as the page itself shows it next to the title, when the page confirms it.

    A UTC timestamp that the page prints as a local clock time a whole number of quarter
    hours away ("13:48" for 12:48Z) is that instant in the page's zone; a day-only value the
    page prints on the same day takes the page's clock time; a timestamp with its own
    offset stands as it is when the page shows its day, or takes the clock it shows there
    as the publication's (when ``published_clock()``: no update's), minutes apart: a portal
    prints the source's time, its metadata when its copy went up. ``stated``, the line by
    the title when it writes its own zone, gives the offset of the same wall-clock time;
    ``changed`` holds the wall-clock minutes the metadata says the page was changed at.
    """
    if shown is None:
        return None
    if _weak(value):
        if shown.date() != moment.date():
            return None
        # The clock shown may be the update's ("8:42 a.m." = dateModified): not then.
        return None if _has_clock(shown) and _wall_minute(shown) in changed else shown
    if stated is not None and _wall_minute(stated) == _wall_minute(moment) and stated.utcoffset() != moment.utcoffset():
        # "11:10 AM EDT" by the title, 11:10 with another offset in the metadata (a CMS
        # left at UTC or at standard time): the page tells its readers the zone.
        return stated.replace(second=moment.second)
    if moment.utcoffset():  # already in the page's own zone
        if moment.date() != shown.date():
            return None
        if _has_clock(shown) and shown.minute != moment.minute and published_clock():
            return shown.replace(tzinfo=moment.tzinfo, second=0)
        return moment
    if _has_clock(shown):
        instant = moment.astimezone(timezone.utc).replace(tzinfo=None, second=0, microsecond=0)
        gap = shown.replace(tzinfo=None, second=0) - instant
        if abs(gap) <= timedelta(hours=14) and gap % timedelta(minutes=15) == timedelta(0) and shown.minute == moment.minute:
            return moment.astimezone(timezone(gap))
        return None
    local = moment.astimezone(context.zone)
    return local if local.date() == shown.date() else None


def _states_offset(shown: datetime, context: DateContext) -> bool:
    """Whether a date the page shows wrote its own offset or zone ("EDT", "GMT+8"),
    rather than being read in the page's."""
    return _has_clock(shown) and shown.tzinfo is not context.zone and shown.tzinfo is not ASSUMED_UTC


def _publication_clock(windows: list[list[str]], shown: datetime | None, context: DateContext, changed: frozenset) -> bool:
    """Whether the clock time shown by the title is the publication's: on a line that no
    label calls an update, and not a time the page's metadata says it was changed at
    (``changed``, _changed_at's)."""
    if shown is None or not _has_clock(shown):
        return False
    unlabelled = [[text for text in window if not _modified(text)] for window in windows]
    if _labelled_date(unlabelled, context) != shown:
        return False
    return _wall_minute(shown) not in changed


def _changed_at(page: Page, context: DateContext) -> frozenset:
    """The wall-clock minutes the metadata says the page was changed at."""
    return frozenset(_wall_minute(m) for value in page.structured.modified if (m := parse_iso(value, context)))


def _wall_minute(moment: datetime) -> datetime:
    return moment.replace(tzinfo=None, second=0, microsecond=0)


def _machine_readable(times: list, shown: datetime | None, context: DateContext) -> datetime | None:
    """The shown date as a ``<time datetime>`` with its own offset states it, when one does:
    the element that displays it (its datetime read against the displayed clock, as for
    structured values), or one naming the same wall-clock minute. Else ``shown`` itself.

    The displayed text is read in a zone the page only implies; the datetime states the
    zone and the seconds.
    """
    if shown is None:
        return None
    for element in times[:10]:
        value = (element.get("datetime") or "").strip()
        if not _HAS_OFFSET.search(value) or _MIDNIGHT.search(value):
            continue
        moment = parse_iso(value, context)
        if moment is None:
            continue
        displayed = find_date(text_content(element).strip(), context)
        if displayed is not None and _wall_minute(displayed) == _wall_minute(shown):
            exact = _as_shown(moment, value, shown, context)
            if exact:
                return exact
        elif _has_clock(shown) and _wall_minute(moment) == _wall_minute(shown):
            return moment
    return shown


def _update_time(element) -> bool:
    """A ``<time>`` labelled as the last update ("Last updated: <time>", itemprop dateModified)."""
    if (element.get("itemprop") or "").lower() == "datemodified":
        return True
    parent = element.getparent()
    if parent is None:
        return False
    line, shown = text_content(parent), text_content(element)
    at = line.find(shown) if shown else -1
    return bool(_MODIFIED_LABEL.search(line[max(0, at - 30): at] if at >= 0 else parent.text or ""))


def _local(moment: datetime, context: DateContext) -> datetime:
    """A UTC timestamp read in the page's own zone, so that it names the page's day.

    Midnight UTC is how many sites store a day alone: read in the page's zone it would be
    the evening before or a small hour, so it stays that day, at the zone's midnight.
    """
    offset = moment.utcoffset()
    if context.zone is ASSUMED_UTC or offset is None or offset:
        return moment
    if _day_alone(moment):
        return moment.replace(tzinfo=context.zone)  # that day, not a clock time in the page's zone
    return moment.astimezone(context.zone)


def _day_alone(moment: datetime) -> bool:
    return (moment.hour, moment.minute, moment.second) == (0, 0, 0)


def precision(published_at: str | None) -> str | None:
    """"day" for a date the page gave without a time of day (stored as local midnight),
    "time" otherwise; None without a date."""
    if not published_at:
        return None
    return "day" if _day_alone(datetime.fromisoformat(published_at)) else "time"


# Lines dated by another day than the page's: the day it is served ("今天是", "Today is")
# and an end or a deadline (a thread's poll: "Voting ended on …", "投票截止", "报名截止时间").
_OTHER_DAY_LABEL = re.compile(r"(?=[今tha投截VvPp])(?:今天是|今日是|今天：|今日：|(?<![A-Za-z])(?:Today is|Heute ist|Aujourd'hui)"
                          r"|投票(?:截止|结束|結束)|截止(?:时间|時間|日期)|(?<![A-Za-z])(?:Voting|Poll|Vote)s?\s+(?:ended|ends|closes|closed)\b)", re.I)
_WEEKDAY = re.compile(
    r"星期[一二三四五六日天]|禮拜[一二三四五六日天]|礼拜[一二三四五六日天]|"
    r"(?<![A-Za-z])(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Montag|Dienstag|Mittwoch|"
    r"Donnerstag|Freitag|Samstag|Sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|"
    r"miércoles|jueves|viernes|sábado|domingo)(?![a-z])", re.I)


def _todays_date(text: str, context: DateContext) -> bool:
    """A short line giving a weekday and a day without a clock: how a site header shows today."""
    if len(text) >= 40 or not _WEEKDAY.search(text):
        return False
    moment = find_date(text, context)
    return moment is not None and not _has_clock(moment)


_HAN = re.compile(r"[\u3400-\u9fff]")
_WORD = re.compile(r"[^\W\d_]+")


# Bounds on the markup a date's surroundings are judged by, so that a page of thousands of
# links or <time> elements costs no more than a usual one.
_LINKS_LOOKED_AT = 30
_TIMES_LOOKED_AT = 50


def _reads_as_headline(text: str) -> bool:
    """Text that reads as an article's headline: five words or eight Han characters (a
    byline's name link, a source link or a permalink on the date is shorter)."""
    words = [w for w in _WORD.findall(text) if not _HAN.search(w)]
    return len(words) >= 5 or len(_HAN.findall(text)) >= 8


def _teaser(element, line: str, own_url: str | None = None) -> bool:
    """Whether the dated ``line`` (starting in ``element``) belongs to a list of other
    articles: it shares a link with a headline, or its line with a headline link."""
    for link in (element, *element.iterancestors()):
        if link.tag == "a" and link.get("href") and _reads_as_headline(" ".join(text_content(link).split()).replace(line, " ")):
            return True
    for link in islice(element.iterfind(".//a[@href]"), _LINKS_LOOKED_AT):
        text = " ".join(text_content(link).split())
        if text and text in line and _reads_as_headline(text) and not WRITTEN_DAY.search(text):
            return True  # a link on the date itself ("Posted on <a>Monday, May 3, 2021</a>") is a permalink
    return _in_teaser_item(element, line, own_url)


_ITEM_LENGTH = 150  # characters: a list item or card, not an article's header block


def _in_teaser_item(element, line: str, own_url: str | None) -> bool:
    """Whether the dated line sits beside a headline link in the smallest block holding
    more than the line: a card or row of a list of other articles ("<tr><td><a>本市新建的
    学校开学</a></td><td>2011-03-01</td></tr>", "<div><div><a>…</a></div><div>date</div></div>").
    A link to the page itself is its own entry in such a list, not another article."""
    size = len(" ".join(line.split()))
    if size >= _ITEM_LENGTH:
        return False
    item = None
    for ancestor in islice(element.iterancestors(), 3):
        text = short_text(ancestor, _ITEM_LENGTH)
        if text is None:
            return False  # the block around the line is no list item
        if len(text) > size:
            item = ancestor
            break
    if item is None:
        return False
    for link in islice(item.iterfind(".//a[@href]"), 5):
        text = " ".join(text_content(link).split())
        if text and text not in line and _reads_as_headline(text) and not WRITTEN_DAY.search(text) \
                and next(link.iterancestors("h1"), None) is None and not _same_page(link.get("href"), own_url):
            return True
    return False


def _same_page(href: str, own_url: str | None) -> bool:
    if not own_url:
        return False
    target = urlsplit(urljoin(own_url, href.strip()))
    own = urlsplit(own_url)
    return (target.netloc, target.path.rstrip("/"), target.query) == (own.netloc, own.path.rstrip("/"), own.query)


def _own_lines(page: Page, windows: list[list[str]], teasers: dict[str, bool]) -> list[list[str]]:
    """``windows`` without the dated lines of teaser lists (related or latest articles).
    ``teasers`` keeps each line's verdict for the next call on the same page: the windows
    share lines."""
    owners = {}
    for text, owner in page.lines:
        owners.setdefault(text, owner)

    def teaser(text: str) -> bool:
        if text not in teasers:
            teasers[text] = _teaser(owners[text], text, page.url) or in_comments(owners[text])
        return teasers[text]

    return [[text for text in window if not (any(map(str.isdigit, text)) and text in owners and teaser(text))]
            for window in windows]


# A date a template sets in pieces, each in its own element: the year, then the month and
# day, then the clock ("2023" / "05/06" / "12:30"; "2023 05/06 12:30:00" on one line).
_YEAR_PIECE = re.compile(r"((?:19|20)\d{2})\s*年?")
_DAY_PIECE = re.compile(r"(\d{1,2})\s*([-/月])\s*(\d{1,2})\s*日?")
_SPACED_YEAR = re.compile(r"(?<!\d)((?:19|20)\d{2})\s+(\d{2})([-/])(\d{2})(?![\d/-])")


def _joined_date_pieces(window: list[str]) -> list[str]:
    """The window with a date set in pieces read as one line: a year alone on its line,
    the month and day on the next, and the clock, when it is alone on the line after."""
    joined: list[str] = []
    index = 0
    while index < len(window):
        text = _SPACED_YEAR.sub(r"\1\3\2\3\4", window[index])
        year = _YEAR_PIECE.fullmatch(text.strip())
        day = _DAY_PIECE.fullmatch(window[index + 1].strip()) if year and index + 1 < len(window) else None
        if day:
            text = f"{year[1]}-{day[1]}-{day[3]}"
            index += 1
            if index + 1 < len(window) and _CLOCK_LINE.fullmatch(window[index + 1]):
                index += 1
                text += " " + window[index].strip()
        joined.append(text)
        index += 1
    return joined


_BLOCK_TAGS = {"li", "p", "div", "article", "section", "header", "footer", "td", "dd", "dt", "aside", "figure"}


def _own_time(element, own_url: str | None = None) -> bool:
    """A ``<time datetime>`` that is not part of a teaser: judged with the small block
    around it (a list item, a card), or alone when that block is a large one."""
    block = next((a for a in element.iterancestors() if a.tag in _BLOCK_TAGS), None)
    line = " ".join(text_content(block).split()) if block is not None else ""
    if block is None or len(line) >= 300:
        block, line = element, " ".join(text_content(element).split())
    return not _teaser(block, line, own_url)


def date_field(page: Page, windows: list[list[str]], headline: list[str] | None = None) -> tuple[str | None, str, bool]:
    """Selector, structured data, labelled lines, <time>, the URL path, then htmldate; a
    relative date ("3小时前") only when none of them gives an absolute one. With the source
    of the value, and whether it was a naive date read as UTC for want of a zone.

    ``windows`` are line groups where dates sit, the title's surroundings first;
    ``headline`` are the lines right by the line showing the title (none when no line does).
    """
    context = page.dates
    teasers: dict[str, bool] = {}
    windows = [_joined_date_pieces([text for text in window if not _OTHER_DAY_LABEL.search(text)])
               for window in _own_lines(page, windows, teasers)]
    updates: list[str] = []
    if not headline:
        # No line shows the title, so the first window is the page top: where a portal's
        # header prints the day it is served ("2024年5月3日 星期五"), not when it published,
        # a blog's sidebar its calendar and archive months, and the site its last update
        # ("本站最后更新"): that one dates the page only when nothing else does.
        updates = [text for text in windows[0] if _modified(text)]
        windows[0] = [text for text in windows[0] if not _todays_date(text, context) and not month_alone(text)
                      and not _modified(text)]
    headline = _joined_date_pieces([text for text in _own_lines(page, [headline], teasers)[0]
                                    if not _OTHER_DAY_LABEL.search(text)]) if headline else headline
    moment, source = _absolute_date(page, windows, headline, replace(context, now=None), teasers)
    if moment is None and updates:
        moment, source = _labelled_date([updates], replace(context, now=None)), HEURISTIC
    if moment is None and context.now is not None:
        selected = selected_text(page.root, page.options.date_selector)
        moment, source = (find_date(selected, context), SELECTOR) if selected else (None, NONE)
        if moment is None:
            moment, source = _labelled_date(windows, context) or _marked_date(page.lines, context, page.url), HEURISTIC
    if moment is None:
        return None, NONE, False
    if moment.tzinfo is ASSUMED_UTC:
        log.warning("naive date on %s read as UTC: no time zone in portals.toml or on the page", page.url)
    return iso(moment), source, moment.tzinfo is ASSUMED_UTC


def _absolute_date(page: Page, windows: list[list[str]], headline: list[str] | None,
                   context: DateContext, teasers: dict[str, bool]) -> tuple[datetime | None, str]:
    root, url = page.root, page.url
    selected = selected_text(root, page.options.date_selector)
    moment = find_date(selected, context) if selected else None
    source = SELECTOR
    visible = _labelled_date(windows, context)
    if visible is not None and headline and _labelled_only([headline], context) is None:
        # The date right by the headline is the article's; one labelled further down says
        # when something else appeared (the original, an item below, the site's footer).
        near = _labelled_date([headline], context)
        visible = near if near is not None and near.date() != visible.date() else visible
    stated = visible if visible is not None and _states_offset(visible, context) else None
    shown = _machine_readable(page.times, visible, context)
    changed = _changed_at(page, context)
    def published_clock() -> bool:
        return _publication_clock(windows, shown, context, changed)
    # A value with its own offset and clock time is more trustworthy than a day-only or
    # naive one in another field; one the page itself shows beats both.
    candidates = sorted(((value, m, origin) for value, origin in zip(page.structured.dates, page.structured.date_origins)
                         if (m := parse_iso(value, context))), key=lambda c: _weak(c[0]))
    if not moment and candidates:
        # Day-only values are only compared when there is nothing better.
        pool = [c for c in candidates if not _weak(c[0])] or candidates
        moment, source = next(((local, origin) for value, m, origin in pool
                               if (local := _as_shown(m, value, shown, context, published_clock, stated, changed))), (None, source))
    if not moment and candidates:
        value, moment, source = candidates[0]
        near = _labelled_date([headline], context) if headline else None
        if _weak(value) and near and near.date() != moment.date():
            # A structured day (often an edition or import date) that the dated line right
            # by the headline contradicts: readers see the page's date.
            moment, source = near, HEURISTIC
    if not moment:
        moment, source = shown or _marked_date(page.lines, context, url), HEURISTIC
    moment = _local(moment, context) if moment else None
    in_url = _url_date(url, context)
    if moment and in_url and moment.date() != in_url.date():
        # A dated URL path is the publication day (meta often gives another zone's day,
        # the line by the title another item's); a line showing that day gives its clock.
        moment, source = _dated_on(windows, in_url, context) or in_url, HEURISTIC
    if not moment:
        owns = [t for t in page.times[:_TIMES_LOOKED_AT] if _own_time(t, url)]
        own = next((t for t in owns if not _update_time(t)), owns[0] if owns else None)
        moment = parse_iso(own.get("datetime"), context) if own is not None else None
        moment = _local(moment, context) if moment else None
    if not moment:
        # A script's state ("publishTime") dates a page that shows none, or gives the clock of
        # the day its URL names.
        state = next((m for value in page.structured.script_dates if (m := parse_iso(value, context))), None)
        state = _local(state, context) if state else None
        moment = _url_date(url, context) or _issue_date(windows[-1], context)
        if state and (moment is None or (not _has_clock(moment) and state.date() == moment.date())):
            moment = state
        moment = moment or _htmldate_guess(root, url, context)
        # A day alone from these, or nothing: a line labelled as publication elsewhere on
        # the page (a title the page does not show as a line leaves only its top to look
        # at) gives the clock, or as a last resort the date.
        if not (moment and _has_clock(moment)):
            page_wide = _own_lines(page, [[text for text, _ in page.lines if not _OTHER_DAY_LABEL.search(text)]], teasers)
            moment = _labelled_only(page_wide, context, moment) or moment
    return moment, source
