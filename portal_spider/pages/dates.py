"""Date strings in the formats portals use, read in the portal's time zone."""

from __future__ import annotations

import functools
import importlib.resources
import importlib.util
import os
import re
import zoneinfo
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

CHINA = timezone(timedelta(hours=8))
# The zone of last resort, a distinct object so that a date read in it can be told apart
# (and logged) from one that says UTC itself.
ASSUMED_UTC = timezone(timedelta(0), "UTC (assumed)")

# English, German, French, Spanish, Italian, Portuguese, Dutch, with the abbreviations
# these languages print ("18 juil. 2024", "3 ago 2019"): written before the day too ("May 6, 2023").
_MONTHS_EITHER_SIDE = [
    "jan january januar janvier janv enero ene gennaio gen janeiro januari",
    "feb february februar février fevrier févr fevr febrero febbraio fevereiro fev februari",
    "mar march märz maerz mär mars marzo março marco maart mrt",
    "apr april avril avr abril abr aprile",
    "may mai mayo maggio mag maio mei",
    "jun june juni juin junio giugno giu junho",
    "jul july juli juillet juil julio luglio lug julho",
    "aug august août aout agosto ago augustus",
    "sep sept september septembre septiembre setiembre settembre set setembro",
    "oct october oktober okt octobre octubre ottobre ott outubro out",
    "nov november novembre noviembre novembro",
    "dec december dezember dez décembre decembre déc diciembre dic dicembre dezembro",
]
# The Scandinavian languages, Turkish, and Russian, Ukrainian, Polish and Czech in the
# genitive they write dates in: after the day only ("6 мая 2023", "6 maja 2023").
_MONTHS_AFTER_DAY = [
    "ocak января январь янв січня stycznia styczeń sty ledna",
    "şubat subat февраля февраль фев лютого lutego luty lut února",
    "marts mart марта март мар березня marca marzec března",
    "nisan апреля апрель апр квітня kwietnia kwiecień kwi dubna",
    "maj mayıs mayis мая май травня maja května",
    "haziran июня июнь июн червня czerwca czerwiec cze června",
    "temmuz июля июль июл липня lipca lipiec lip července",
    "augusti ağustos agustos августа август авг серпня sierpnia sierpień sie srpna",
    "eylül eylul сентября сентябрь сен сент вересня września wrzesień wrz září",
    "ekim октября октябрь окт жовтня października październik paź října",
    "kasım kasim ноября ноябрь ноя листопада listopada listopad lis listopadu",
    "desember aralık aralik декабря декабрь дек грудня grudnia grudzień gru prosince",
]
_MONTHS = {name: number for lists in (_MONTHS_EITHER_SIDE, _MONTHS_AFTER_DAY)
           for number, names in enumerate(lists, start=1) for name in names.split()}
# The names written before the day; a day comes before any of them.
MONTH_NAME = "|".join(sorted((name for names in _MONTHS_EITHER_SIDE for name in names.split()), key=len, reverse=True))
MONTH_AFTER_DAY_NAME = "|".join(sorted(_MONTHS, key=len, reverse=True))
# A clock time after the date, also set off by a dash ("06/02/2022 - 13:48").
# The clock's separator is also a dot before "Uhr" or a zone ("11.08 Uhr", "21.20 BST") or an "h" ("08h01").
# A weekday may stand between the day and its clock ("2019年9月5日 星期四 11:10", Japanese and
# Korean boards' "2025/03/01(土) 07:02"), the clock may be in brackets ("2025.06.02 (21:14:37)"),
# and the year's abbreviation in Russian and Polish ("6 мая 2023 г. в 12:03", "6 maja 2023 r., godz. 12:03").
_TIME = r"(?:(?:\s*(?:г|r)\.)?(?:[T\s,]*|\s+(?:[-–|@]|//)\s+)(?:[(（]?(?:星期|礼拜|禮拜|周|週)[一二三四五六日天][)）]?\s*|[(（](?:[月火水木金土日]|[월화수목금토일])[)）]\s*)?(?:(?:at|um|à|às|a\s+las|alle|om|kl\.?|в|o(?:\s+godz\.)?|godz\.|saat)\s+|(?:上午|下午|早上|早晨|中午|晚上|傍晚|凌晨|午前|午後|오전|오후)\s*|[(（])?(\d{1,2})\s*(?:[:：时時点]|\.(?=\d{2}\s*(?:Uhr|BST|GMT|UTC|CEST|CET)\b)|h(?=\d{2}(?!\d)))\s*(\d{1,2})(?:\s*[:：分]\s*(\d{1,2})(?:\.\d+)?)?\s*(am|pm|a\.m\.|p\.m\.)?)?"
# Fixed-offset zone abbreviations; "CST" is China's on a page read in UTC+8, else US Central;
# "IST" is India's unless the page is read in Israel's or Ireland's zone.
_ABBREVIATIONS = {
    "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "BST": 1, "WEST": 1, "CET": 1, "MEZ": 1, "WAT": 1, "CEST": 2, "MESZ": 2,
    "EET": 2, "SAST": 2, "CAT": 2, "EEST": 3, "MSK": 3, "EAT": 3, "IDT": 3, "PKT": 5, "ICT": 7, "WIB": 7,
    "SGT": 8, "HKT": 8, "AWST": 8, "PHT": 8, "MYT": 8, "WITA": 8, "JST": 9, "KST": 9, "WIT": 9, "ACST": 9.5,
    "AEST": 10, "ACDT": 10.5, "AEDT": 11, "NZST": 12, "NZDT": 13, "HST": -10, "AKST": -9, "AKDT": -8, "PST": -8,
    "PDT": -7, "MST": -7, "MDT": -6, "CDT": -5, "EST": -5, "EDT": -4, "ART": -3, "BRT": -3,
}
# Zones written after a clock time by sites that write slashed dates month first.
_NORTH_AMERICAN = {"EST", "EDT", "CDT", "MST", "MDT", "PST", "PDT", "AKST", "AKDT", "HST", "ET", "CT", "MT", "PT"}
_IST = {"Asia/Jerusalem": 2, "Europe/Dublin": 1}
# Abbreviations that name a region's civil time, daylight saving included.
_REGION_ABBREVIATIONS = {"ET": "America/New_York", "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles"}
# Abbreviations match in capitals only: "et", "est" and "pt" are words in several languages.
_OFFSET = (
    r"(?:\s*\(?((?:UTC|GMT)\s*[+-]\s*\d{1,2}(?::?\d{2})?|[+-]\d{2}:?\d{2}|(?-i:"
    + "|".join(sorted([*_ABBREVIATIONS, *_REGION_ABBREVIATIONS, "CST", "IST"], key=len, reverse=True))
    + r"))(?-i:(?![a-z]|[A-Z](?![a-z]))))?"  # a capitalised word may follow with no space between ("6:43pm EDTTags: …")
)

# Each form opens with a lookahead on the characters its matches start with: lines are
# searched for them at every position, and most positions then fail at once.
_YMD = re.compile(
    # (Korean pages close the day with a dot too: "2024. 10. 2. 14:05".)
    r"(?=[12])(?<!\d)((?:19|20)\d{2})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?!\d)(?:\.(?!\d))?\s*[日号號]?" + _TIME + _OFFSET,
    re.I,
)
# Day first, also spaced after the dots ("4. 2. 2022").
_DMY = re.compile(r"(?=\d)(?<![\d.])(\d{1,2})(?:\.\s?|/)(\d{1,2})(?:\.\s?|/)((?:19|20)\d{2})(?!\d)" + _TIME + _OFFSET, re.I)
# The same set off by dashes ("06-05-2023"), as Dutch, Indian and forum pages write it
# (vBulletin's "05-06-2023, 12:03 PM" is month first, read so on a month-first page).
_DMY_DASHED = re.compile(r"(?=\d)(?<![\d.\-/])(\d{1,2})-(\d{1,2})-((?:19|20)\d{2})(?![\d\-])" + _TIME + _OFFSET, re.I)
# Day, month and a two-digit year, both zero-padded ("27.04.24"): German sites print it.
_DMY_SHORT = re.compile(r"(?=\d)(?<![\d.])(\d{2})\.(\d{2})\.(\d{2})(?![\d.])" + _TIME + _OFFSET, re.I)
# A two-digit year first, with a clock time ("19-09-05 11:10"): how pages in the zones that
# write dates year first (China, Taiwan, Hong Kong, Japan, Korea) shorten them. Elsewhere
# such a date is the day first ("27.04.24"), and without the clock it may be a range or a score.
_YMD_SHORT = re.compile(r"(?=\d)(?<![\d.\-/])(?<!\d:)(\d{2})([-/.])(\d{1,2})\2(\d{1,2})(?![\d.\-/])" + _TIME + _OFFSET, re.I)
# A slashed date with a two-digit year, read only with its clock ("6/1/20 4:20 PM"; alone
# it may be a fraction or a score) and a zone, the page's or its own, that tells which number
# is the month: first in the zones of the countries that write it so (_month_first).
_SLASHED_SHORT = re.compile(r"(?=\d)(?<![\d./])(\d{1,2})/(\d{1,2})/(\d{2})(?![\d./])" + _TIME + _OFFSET, re.I)
_YEAR_FIRST_ZONES = {"Asia/Shanghai", "Asia/Chongqing", "Asia/Urumqi", "Asia/Taipei", "Asia/Hong_Kong", "Asia/Macau",
                     "Asia/Tokyo", "Asia/Seoul", "PRC", "ROC", "ROK", "Japan", "Hongkong"}
_MONTH_INITIALS = "".join(sorted({name[0] for name in MONTH_NAME.split("|")}))
_MDY_NAMED = re.compile(
    rf"(?=[{_MONTH_INITIALS}])\b({MONTH_NAME})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d{{2}})(?!\d)" + _TIME + _OFFSET, re.I
)
_DMY_NAMED = re.compile(
    rf"(?=\d)(?<!\d)(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+(?:de\s+)?({MONTH_AFTER_DAY_NAME})\.?,?\s+(?:de\s+)?((?:19|20)\d{{2}})(?!\d)" + _TIME + _OFFSET,
    re.I,
)
# C's asctime, as old Reddit and some feeds print it: the clock between the day and the
# year ("Sat Apr 20 14:05:33 2024 UTC").
_ASCTIME = re.compile(rf"(?=[{_MONTH_INITIALS}])\b({MONTH_NAME})\s+(\d{{1,2}})\s+(\d{{1,2}}):(\d{{2}})(?::(\d{{2}}))?\s+((?:19|20)\d{{2}})(?!\d)"
                      + _OFFSET, re.I)
# The absolute dates as pages print them (bylines tell a date line by these).
SHOWN_DATES = (_YMD, _DMY, _DMY_DASHED, _DMY_SHORT, _MDY_NAMED, _DMY_NAMED)
# A clock before the date, set off by a comma, a bar, a bullet or "on" ("01:38:07 PM IST Nov 20, 2019",
# "4:20 PM EDT • June 1, 2020").
_CLOCK_BEFORE = re.compile(
    r"(?<![\d:.])(\d{1,2})\s*:\s*(\d{2})(?:\s*:\s*(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?" + _OFFSET
    + r"[\s,|•·]*(?:on\s+)?(?:[^\W\d]{2,9}\.?,?\s+)??$", re.I
)
# A Chinese, Japanese or Korean half-day word before the clock ("2019年9月5日下午3:30",
# "2024.09.23. 오후 6:12"): afternoon and evening hours are written on a 12-hour clock.
_AFTERNOON_CN = re.compile(r"(?:下午|晚上|傍晚|中午|午後|오후)\s*\d")
# A date written in Chinese numerals ("二〇一九年九月五日"; a Taiwanese page's "一〇八年"
# is a year of the Republic of China), as official and news pages do.
# One to ninety-nine in Chinese numerals (五, 十二, 二十, 三十一).
_CN_NUMBER = r"(?:[一二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九])"
_NUMERAL_DATE_CN = re.compile(rf"([〇○零一二三四五六七八九]{{3,4}})\s*年\s*({_CN_NUMBER})\s*月\s*({_CN_NUMBER})\s*[日号號]")
_CN_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"○": 0, "零": 0}
# A year of the Republic of China, as Taiwanese pages print it: after 民國, or three digits
# before 年 ("108年9月5日" is 2019; no Gregorian year of today's pages has three digits).
_ROC_YEAR = re.compile(r"(?:(?:中華)?民國\s*(\d{1,3})|(?<![\d〇○零一二三四五六七八九])(\d{3}))\s*年(?=\s*\d{1,2}\s*月)")
_YM_CN = re.compile(r"(?=[12])(?<!\d)((?:19|20)\d{2})\s*年\s*(\d{1,2})\s*月(?!\s*\d)")
_AGO_CN = re.compile(r"(\d+|" + _CN_NUMBER + r"|[两兩]|半)\s*(秒|分钟|分鐘|分|小时|小時|个小时|個小時|天|日|周|週|星期|个月|個月)\s*前")
_AGO_EN = re.compile(r"(\d+|an?)\s+(second|minute|min|hour|hr|day|week)s?\s+ago", re.I)
# Day words count only with a clock time ("昨天 12:30"); alone they are too often prose.
_DAY_WORD = re.compile(r"((?:刚刚|剛剛)(?![\u4e00-\u9fff])|just now)|(今天|昨天|前天|today|yesterday)[\s,]*(?:at\s+)?(上午|早上|凌晨|下午|晚上|傍晚|中午)?\s*"
                       r"(\d{1,2})\s*[:：]\s*(\d{2})(?:\s*([ap])\.?\s?m\b\.?)?", re.I)
_AFTERNOON_WORDS = ("下午", "晚上", "傍晚", "中午")
# Month, day and clock without a year ("09-05 11:10", "9月5日 11:10"; single digits with
# a dash are scores and ranges, not dates), as lists and some
# article pages show this year's dates: the year is the fetch time's, or the one before
# when that day would lie ahead of the fetch.
_NO_YEAR = re.compile(
    r"(?<![\d/.\-:年])(?:(\d{2})[-/](\d{2})|(\d{1,2})\s*月\s*(\d{1,2})\s*[日号號])(?![\d/.\-])[\s,]*(\d{1,2})\s*[:：]\s*(\d{2})(?![\d/])"
)
# The same in English with the month's name: "Jun 20 @ 3:14pm" (Steam), "June 20 at 3:14 PM".
_NO_YEAR_NAMED = re.compile(r"(?<![\w,])([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?!\s*,?\s*\d{4})\s*(?:@|at|,)?\s*"
                            r"(\d{1,2}):(\d{2})\s*([ap])?\.?m?\b", re.I)
_UNITS = {
    "秒": "seconds", "second": "seconds",
    "分钟": "minutes", "分鐘": "minutes", "分": "minutes", "minute": "minutes", "min": "minutes",
    "小时": "hours", "小時": "hours", "个小时": "hours", "個小時": "hours", "hour": "hours", "hr": "hours",
    "天": "days", "日": "days", "day": "days",
    "周": "weeks", "週": "weeks", "星期": "weeks", "week": "weeks",
}
_DAYS_BACK = {"刚刚": 0, "剛剛": 0, "今天": 0, "just now": 0, "today": 0, "昨天": 1, "yesterday": 1, "前天": 2}


@dataclass(frozen=True)
class DateContext:
    """How to read a naive date: in ``zone``; relative dates count back from ``now`` (the
    fetch time), and are not read at all without it."""

    zone: tzinfo
    now: datetime | None
    # A page is not published after it was fetched: a later date (a game's release day, an
    # event's) names no publication. A day's grace for a zone misread.
    latest: datetime | None = None
    # The page writes numeric dates month first ("05/06/2023" is May 6th): its language
    # tag names a month-first country, as a zone alone cannot (the United States span six).
    month_first: bool = False


# A day written out with its year ("20.11.2019", "2019-11-20", "20 November 2019",
# "Nov. 20, 2019"), without reading it.
WRITTEN_DAY = re.compile(
    r"\d{1,2}\.\s?\d{1,2}\.\s?\d{4}|\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.?\s+[^\W\d]{3,10}\.?,?\s+\d{4}|[^\W\d]{3,10}\.?\s+\d{1,2},?\s+\d{4}"
)


def parse_zone(name: str | None) -> tzinfo | None:
    """An IANA name or a fixed offset (``+08:00``); None when absent or not a zone."""
    if not name:
        return None
    match = re.fullmatch(r"(?:UTC|GMT)?\s*([+-])(\d{1,2}):?(\d{2})?", name.strip(), re.I)
    if match:
        sign = -1 if match[1] == "-" else 1
        return timezone(sign * timedelta(hours=int(match[2]), minutes=int(match[3] or 0)))
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        return None  # an unknown zone name: fall back to the page's inferred zone


# Languages and countries that keep one civil time, or whose press keeps the time of the
# zone where most of the country lives (Moscow, Jakarta, Brasília, Mexico City), for
# reading a naive date or a UTC timestamp as the page's own clock and day. Languages
# spoken across many zones (en, es, fr, pt, ar) count only with a region ("en-GB",
# "fr-FR") or a country-code host; countries split between zones (the United States,
# Canada, Australia) not at all: their sites often state UTC.
_LANGUAGE_ZONES = {
    "de": "Europe/Berlin", "it": "Europe/Rome", "nl": "Europe/Amsterdam", "pl": "Europe/Warsaw",
    "cs": "Europe/Prague", "sk": "Europe/Bratislava", "hu": "Europe/Budapest", "da": "Europe/Copenhagen",
    "sv": "Europe/Stockholm", "nb": "Europe/Oslo", "no": "Europe/Oslo", "sl": "Europe/Ljubljana",
    "hr": "Europe/Zagreb", "fi": "Europe/Helsinki", "el": "Europe/Athens", "ja": "Asia/Tokyo",
    "ko": "Asia/Seoul", "zh": "Asia/Shanghai", "tr": "Europe/Istanbul", "he": "Asia/Jerusalem",
    "uk": "Europe/Kyiv", "ro": "Europe/Bucharest", "bg": "Europe/Sofia", "lt": "Europe/Vilnius",
    "lv": "Europe/Riga", "et": "Europe/Tallinn", "is": "Atlantic/Reykjavik", "th": "Asia/Bangkok",
    "vi": "Asia/Ho_Chi_Minh", "hi": "Asia/Kolkata", "ru": "Europe/Moscow", "id": "Asia/Jakarta",
    "ms": "Asia/Kuala_Lumpur",
}
_COUNTRY_ZONES = {
    "de": "Europe/Berlin", "at": "Europe/Vienna", "ch": "Europe/Zurich", "li": "Europe/Vaduz",
    "lu": "Europe/Luxembourg", "it": "Europe/Rome", "nl": "Europe/Amsterdam", "be": "Europe/Brussels",
    "fr": "Europe/Paris", "es": "Europe/Madrid", "pl": "Europe/Warsaw", "cz": "Europe/Prague",
    "sk": "Europe/Bratislava", "hu": "Europe/Budapest", "dk": "Europe/Copenhagen", "se": "Europe/Stockholm",
    "no": "Europe/Oslo", "fi": "Europe/Helsinki", "gr": "Europe/Athens", "gb": "Europe/London",
    "uk": "Europe/London", "ie": "Europe/Dublin", "pt": "Europe/Lisbon", "jp": "Asia/Tokyo",
    "kr": "Asia/Seoul", "cn": "Asia/Shanghai", "tw": "Asia/Taipei", "hk": "Asia/Hong_Kong",
    "sg": "Asia/Singapore", "in": "Asia/Kolkata", "nz": "Pacific/Auckland", "za": "Africa/Johannesburg",
    "tr": "Europe/Istanbul", "il": "Asia/Jerusalem", "ua": "Europe/Kyiv", "ro": "Europe/Bucharest",
    "bg": "Europe/Sofia", "rs": "Europe/Belgrade", "si": "Europe/Ljubljana", "hr": "Europe/Zagreb",
    "lt": "Europe/Vilnius", "lv": "Europe/Riga", "ee": "Europe/Tallinn", "is": "Atlantic/Reykjavik",
    "my": "Asia/Kuala_Lumpur", "th": "Asia/Bangkok", "vn": "Asia/Ho_Chi_Minh", "ph": "Asia/Manila",
    "pk": "Asia/Karachi", "bd": "Asia/Dhaka", "lk": "Asia/Colombo", "np": "Asia/Kathmandu",
    "ae": "Asia/Dubai", "sa": "Asia/Riyadh", "qa": "Asia/Qatar", "eg": "Africa/Cairo",
    "ng": "Africa/Lagos", "ke": "Africa/Nairobi", "tz": "Africa/Dar_es_Salaam", "gh": "Africa/Accra",
    "ar": "America/Argentina/Buenos_Aires", "pe": "America/Lima",
    "ve": "America/Caracas", "uy": "America/Montevideo", "co": "America/Bogota", "cl": "America/Santiago",
    "ru": "Europe/Moscow", "id": "Asia/Jakarta", "br": "America/Sao_Paulo", "mx": "America/Mexico_City",
}
# Country-code domains that sites everywhere register for their look, not their country.
_VANITY_DOMAINS = {"co", "io", "tv", "me", "ai", "fm", "ly", "gg", "to", "cc", "ws", "la", "sh", "ac", "st", "so",
                   "is", "im", "am", "us"}


def page_zone(lang: str, host: str) -> tzinfo | None:
    """The civil time zone a page's country-code host, else its language tag, implies.

    The host first: templates print a default tag ("en-US" on a Canadian portal)."""
    parts = lang.lower().replace("_", "-").split("-")
    region = next((p for p in parts[1:] if len(p) == 2), None)
    domain = host.lower().rstrip(".").rpartition(".")[2]
    name = ((_COUNTRY_ZONES.get(domain) if domain not in _VANITY_DOMAINS else None)
            or _COUNTRY_ZONES.get(region or "") or _LANGUAGE_ZONES.get(parts[0]))
    return ZoneInfo(name) if name else None


def _offset(text: str | None, hour: str | None, context: DateContext) -> tzinfo:
    """The zone a date's own offset names; only after a clock time ("2019-09-05 -2020" is no offset)."""
    if not text or hour is None:
        return context.zone
    text = re.sub(r"\s+", "", text.upper())
    if text in _ABBREVIATIONS:
        return timezone(timedelta(hours=_ABBREVIATIONS[text]))
    if text in _REGION_ABBREVIATIONS:
        return ZoneInfo(_REGION_ABBREVIATIONS[text])
    if text == "CST":
        china = context.zone.utcoffset(datetime(2020, 1, 1)) == timedelta(hours=8)
        return CHINA if china else timezone(timedelta(hours=-6))
    if text == "IST":
        return timezone(timedelta(hours=_IST.get(getattr(context.zone, "key", ""), 5.5)))
    return parse_zone(text) or context.zone


def _build(y, mo, d, h, mi, s, ampm, zone: tzinfo) -> datetime | None:
    hour = int(h or 0)
    if ampm and ampm.lower().startswith("p") and hour < 12:
        hour += 12
    elif ampm and ampm.lower().startswith("a") and hour == 12:
        hour = 0
    try:
        naive = datetime(int(y), int(mo), int(d), hour, int(mi or 0), int(s or 0))
    except ValueError:
        return None  # digits shaped like a date but not one (month 13, Feb 30)
    return naive.replace(tzinfo=zone)


def _ago_amount(written: str) -> float:
    """3, 三, 两 (two) or 半 (half) of a unit."""
    if written.isdigit():
        return int(written)
    if written == "半":
        return 0.5
    return _chinese_number(written.replace("两", "二").replace("兩", "二"))


def _relative(text: str, context: DateContext) -> datetime | None:
    if context.now is None:
        return None  # without the fetch time "3小时前" names no moment; the wall clock would be wrong later
    now = context.now.astimezone(context.zone)
    ago = None
    if match := _AGO_CN.search(text):
        amount, unit = _ago_amount(match[1]), match[2]
        ago = timedelta(days=30 * amount) if unit in ("个月", "個月") else timedelta(**{_UNITS[unit]: amount})
    elif match := _AGO_EN.search(text):
        amount = 1 if match[1].lower() in ("a", "an") else int(match[1])
        ago = timedelta(**{_UNITS[match[2].lower()]: amount})
    if ago is not None:
        moment = now - ago
        # "2天前", "3 weeks ago" name a day, not the fetch's clock on it: stored as that day.
        return moment.replace(hour=0, minute=0, second=0, microsecond=0) if ago >= timedelta(days=1) else moment
    if match := _DAY_WORD.search(text):
        if match[1]:
            return now
        day = now - timedelta(days=_DAYS_BACK[match[2].lower()])
        # "Yesterday at 4:20 PM", "昨天 下午3:30": the afternoon's clock.
        afternoon = (match[6] or "").lower() == "p" or match[3] in _AFTERNOON_WORDS
        return _build(day.year, day.month, day.day, match[4], match[5], None, "pm" if afternoon else match[6], context.zone)
    if match := _NO_YEAR.search(text):
        month, day = (match[1], match[2]) if match[1] else (match[3], match[4])
        return _this_year(month, day, match[5], match[6], None, now, context)
    if (match := _NO_YEAR_NAMED.search(text)) and (month := _MONTHS.get(match[1].lower())):
        return _this_year(month, match[2], match[3], match[4], match[5] and match[5] + "m", now, context)
    return None


def _this_year(month, day, hour, minute, ampm, now: datetime, context: DateContext) -> datetime | None:
    """The day in the fetch's year, or the year before when that day would lie ahead of the fetch."""
    moment = _build(now.year, month, day, hour, minute, None, ampm, context.zone)
    if moment is not None and moment > now + timedelta(days=1):
        moment = _build(now.year - 1, month, day, hour, minute, None, ampm, context.zone)
    return moment


def _clock_before(text: str, start: int) -> tuple | None:
    """A clock time written before its date ("6:45 PM, Feb 16, 2018"): hour, minute,
    second, am/pm and offset, when it ends right where the date starts."""
    match = _CLOCK_BEFORE.search(text[max(0, start - 40): start])
    return match.groups() if match else None


def _chinese_number(numerals: str) -> int:
    """一 to 三十一: 十 is ten, before a digit it adds, after one it multiplies."""
    if "十" not in numerals:
        return _CN_DIGITS[numerals[-1]]
    tens, _, ones = numerals.partition("十")
    return _CN_DIGITS.get(tens, 1) * 10 + (_CN_DIGITS[ones] if ones else 0)


def _in_digits(match: re.Match) -> str:
    year = "".join(str(_CN_DIGITS[c]) for c in match[1])
    return f"{year}年{_chinese_number(match[2])}月{_chinese_number(match[3])}日"


# Full-width digits and separators, as Chinese and Japanese text often writes dates
# ("２００５年８月２８日"); one character for one, so positions in the text stay.
_FULL_WIDTH = str.maketrans("０１２３４５６７８９－／．：", "0123456789-/.:")


def _absolute(text: str, context: DateContext) -> datetime | None | bool:
    """The first absolute date in ``text``; False when none is written there (None when
    one is, but names no real day)."""
    text = text.translate(_FULL_WIDTH)
    if "年" in text:
        text = _NUMERAL_DATE_CN.sub(_in_digits, text)
        text = _ROC_YEAR.sub(lambda m: f"{int(m[1] or m[2]) + 1911}年", text)
    if not any(map(str.isdecimal, text)):
        return False  # every form below has digits (\d is a decimal character); most lines have none
    if match := _YMD.search(text):
        y, mo, d = match.groups()[:3]
    elif match := _ASCTIME.search(text):
        offset = _offset(match[7], match[3], context)
        return _build(match[6], _MONTHS[match[1].lower()], match[2], match[3], match[4], match[5], None, offset)
    elif match := _MDY_NAMED.search(text):
        y, mo, d = match[3], _MONTHS[match[1].lower()], match[2]
    elif match := _DMY_NAMED.search(text):
        y, mo, d = match[3], _MONTHS[match[2].lower()], match[1]
    elif match := _DMY.search(text) or _DMY_DASHED.search(text):
        y, mo, d = match[3], match[2], match[1]
        american = _month_first(context) or (match[8] or "").strip().upper() in _NORTH_AMERICAN
        slashed = "/" in match[0] or match.re is _DMY_DASHED
        if slashed and (int(mo) > 12 >= int(d) or (american and int(d) <= 12) or _only_month_first(y, mo, d, context)):
            d, mo = mo, d  # "9/17/2004", "9/5/2019 11:10 AM ET": a slashed date that is month first
    elif _year_first(context.zone) and (match := _YMD_SHORT.search(text)) and match[5] is not None:
        y, mo, d = 2000 + int(match[1]), match[3], match[4]
    elif match := _DMY_SHORT.search(text):
        short = int(match[3])
        y, mo, d = (1900 if short >= 70 else 2000) + short, match[2], match[1]  # a fixed pivot: "27.04.99" is 1999
    elif ((match := _SLASHED_SHORT.search(text)) and match[4] is not None
          and (context.zone is not ASSUMED_UTC or match[8] is not None)):
        y, mo, d = 2000 + int(match[3]), match[2], match[1]
        american = _month_first(context) or (match[8] or "").strip().upper() in _NORTH_AMERICAN
        if int(mo) > 12 >= int(d) or (american and int(d) <= 12):
            d, mo = mo, d
    elif match := _YM_CN.search(text):
        return _build(match[1], match[2], 1, None, None, None, None, context.zone)
    else:
        return False
    clock = match.groups()[4:9] if match.re is _YMD_SHORT else match.groups()[3:8]  # after its separator group
    if clock[0] is None:
        clock = _clock_before(text, match.start()) or clock
    elif clock[3] is None and _AFTERNOON_CN.search(match[0]):
        clock = (*clock[:3], "pm", clock[4])
    return _build(y, mo, d, *clock[:4], _offset(clock[4], clock[0], context))


def _only_month_first(y, mo, d, context: DateContext) -> bool:
    """Whether a date that reads either way ("04-10-2024") names a day before the fetch only
    month first: day first it would lie ahead of the fetch."""
    if context.latest is None or int(d) > 12 or int(mo) == int(d):
        return False
    try:
        day_first, month_first = date(int(y), int(mo), int(d)), date(int(y), int(d), int(mo))
    except ValueError:
        return False
    latest = context.latest.date()
    return day_first > latest >= month_first


def month_alone(text: str) -> bool:
    """Whether the only date ``text`` writes is a month ("2011年3月"): a calendar's or an
    archive's heading, or a periodical's issue."""
    text = text.translate(_FULL_WIDTH)
    return bool(_YM_CN.search(text)) and not any(form.search(text) for form in SHOWN_DATES)


# Countries whose sites write slashed dates month first ("6/1/2020" is June 1st); Latin
# America, in the same "America/" zones, writes the day first.
_MONTH_FIRST_COUNTRIES = {"US", "CA", "PH"}


@functools.cache
def _month_first_zones() -> frozenset[str]:
    """The zone names of the month-first countries, from the zone.tab of the time zone data
    zoneinfo reads: the system's, else the tzdata package's."""
    tables = [os.path.join(directory, "zone.tab") for directory in zoneinfo.TZPATH]
    if importlib.util.find_spec("tzdata") is not None:
        tables.append(str(importlib.resources.files("tzdata") / "zoneinfo" / "zone.tab"))
    for path in tables:
        try:
            with open(path, encoding="utf-8") as table:
                rows = [line.split("\t") for line in table if not line.startswith("#")]
        except OSError:
            continue
        return frozenset(row[2].strip() for row in rows if len(row) >= 3 and row[0] in _MONTH_FIRST_COUNTRIES)
    return frozenset()


def month_first_tag(lang: str, host: str) -> bool:
    """Whether a page's language tag ("en-US", og:locale's "en_US") names a country that
    writes dates month first, and its host names no other country (a template's default tag)."""
    parts = lang.lower().replace("_", "-").split("-")
    region = next((p for p in parts[1:] if len(p) == 2), "")
    domain = host.lower().rstrip(".").rpartition(".")[2]
    own_country = domain in _COUNTRY_ZONES and domain not in _VANITY_DOMAINS
    return region.upper() in _MONTH_FIRST_COUNTRIES and (not own_country or domain.upper() == region.upper())


def _month_first(context: DateContext) -> bool:
    if context.month_first:
        return True
    key = getattr(context.zone, "key", "")
    return key.startswith(("US/", "Canada/")) or key in _month_first_zones()


def _year_first(zone: tzinfo) -> bool:
    return zone is CHINA or getattr(zone, "key", None) in _YEAR_FIRST_ZONES


def find_date(text: str, context: DateContext) -> datetime | None:
    """The first date in ``text`` (absolute formats first, then relative ones)."""
    if not text:
        return None
    moment = _absolute(text, context)
    if moment is not False:
        return _not_after_fetch(moment, context)
    # "today"/"3小时前" in a long line is prose, not a timestamp.
    return _relative(text, context) if len(text) <= 80 else None


# A day word in the languages forum software shows "yesterday at 16:03" in.
_DAY_WORDS_ELSEWHERE = re.compile(r"\b(?:heute|gestern|vorgestern|aujourd'hui|hier|avant-hier|hoy|ayer|oggi|ieri|hoje|ontem"
                                  r"|vandaag|gisteren|idag|igår|i dag|i går|сегодня|вчера|dzisiaj|wczoraj)\b", re.I)
# A day word on its own, its clock beside it outside the element ("<span title=…>Yesterday</span>, 08:14 PM").
_DAY_WORD_ALONE = re.compile(r"(?:today|yesterday|今天|昨天|前天|今日|昨日)", re.I)
# Months and years ago: too coarse to date a page by, not to tell the date written in full beside.
_AGO_COARSE = re.compile(r"(?:\d+|an?)\s+(?:month|year)s?\s+ago|(?:\d+|[一两二三四五六七八九十]+)\s*(?:个月|個月|年)前", re.I)
_READ_ALONE = DateContext(ASSUMED_UTC, None)
_YEARLESS_CN = re.compile(r"(?<![\d年])\d{1,2}\s*月\s*\d{1,2}\s*日")
# Discourse's and Reddit's compact ages: "3d", "5h", "2w", "1mo".
_COMPACT_AGE = re.compile(r"\d{1,3}\s?(?:s|m|min|h|hr|d|w|mo|y|yr)(?:\s+ago)?")


def written_in_full(shown: str, title: str) -> bool:
    """Whether an element's title attribute writes in full the date its text shows relative
    or without its year ("3 天前", "Gestern um 16:03", "5月 6日", "3d"), as forum software does."""
    if len(shown) > 40 or not title or _absolute(shown, _READ_ALONE) is not False:
        return False
    partial = (_AGO_CN.search(shown) or _AGO_EN.search(shown) or _DAY_WORD.search(shown) or _NO_YEAR.search(shown)
               or _NO_YEAR_NAMED.search(shown) or _YEARLESS_CN.search(shown) or _DAY_WORDS_ELSEWHERE.search(shown)
               or _COMPACT_AGE.fullmatch(shown) or _DAY_WORD_ALONE.fullmatch(shown) or _AGO_COARSE.search(shown))
    return bool(partial) and bool(_absolute(title, _READ_ALONE))


_CLOCK = re.compile(r"\d{1,2}\s*[:：h]\s*\d{2}")


def shown_for_machine_date(shown: str, value: str) -> bool:
    """Whether a ``<time>``'s text shows no date of its own ("vor 2 Stunden", "Today")
    where its datetime attribute writes one: the datetime is the date it shows. (A clock
    alone, "19:56", belongs to the day on its line.)"""
    return (len(shown) <= 40 and not _CLOCK.search(shown) and _absolute(shown, _READ_ALONE) is False
            and bool(_absolute(value, _READ_ALONE)))


def shown_at_instant(shown: str, instant: datetime) -> datetime | None:
    """``instant`` (a Unix time beside the text) in the offset of the wall-clock time
    ``shown`` writes without one ("Mar 7, 2024 @ 10:40am" beside 18:40 UTC: -08:00); None
    when the text shows no clock or another minute."""
    moment = _absolute(shown, _READ_ALONE)
    if not moment or moment.tzinfo is not ASSUMED_UTC or (moment.hour, moment.minute) == (0, 0):
        return None
    gap = moment.replace(tzinfo=None, second=0) - instant.replace(tzinfo=None, second=0, microsecond=0)
    if abs(gap) > timedelta(hours=14) or gap % timedelta(minutes=15):
        return None
    return instant.astimezone(timezone(gap))


def shown_beside_utc(shown: str, value: str) -> datetime | None:
    """A ``<time>`` whose datetime, written without an offset, is UTC beside the local
    clock its text shows ("2023-11-14T02:03:19" showing "11-13-2023, 09:03 PM", vBulletin 5):
    that instant in the offset they differ by; None when they agree or differ otherwise."""
    moment = _absolute(value, _READ_ALONE)
    if not moment or moment.tzinfo is not ASSUMED_UTC or (moment.hour, moment.minute) == (0, 0):
        return None
    local = shown_at_instant(shown, moment.replace(tzinfo=timezone.utc))
    return local if local is not None and local.utcoffset() else None


def _not_after_fetch(moment: datetime | None, context: DateContext) -> datetime | None:
    return None if moment is not None and context.latest is not None and moment > context.latest else moment


_UNSTATED = timezone(timedelta(0), "unstated")


def states_offset(text: str, midnight: bool = True) -> bool:
    """Whether the first date in ``text`` gives its clock time with an offset of its own
    ("01:38:07 PM IST Nov 20, 2019", "Sept. 5, 2019 11:10 a.m. EDT"); with ``midnight``
    False, midnight there or in UTC does not count (how a day alone is often written out:
    "Tue Feb 20 2018 01:00:00 GMT+0100")."""
    moment = _absolute(text, DateContext(_UNSTATED, None))
    if not moment or moment.tzinfo is _UNSTATED:
        return False
    clocks = {(m.hour, m.minute, m.second) for m in (moment, moment.astimezone(timezone.utc))}
    return midnight or (0, 0, 0) not in clocks


def month_number(name: str) -> int | None:
    """1-12 for a month name or its abbreviation in the languages read here ("nov", "März")."""
    return _MONTHS.get(name.lower())


def parse_iso(value: str, context: DateContext) -> datetime | None:
    """A machine-readable date (meta, JSON-LD, <time datetime>); free text falls back to find_date."""
    value = value.strip()
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return find_date(value, context)
    return _not_after_fetch(parsed if parsed.tzinfo else parsed.replace(tzinfo=context.zone), context)


def iso(moment: datetime) -> str:
    """ISO 8601 with offset, second precision."""
    return moment.replace(microsecond=0).isoformat()
