"""Publication dates from the sources pages disagree on: clocks written before the date,
zone names, dated URL paths, days stored as midnight UTC, the zones countries imply."""

from __future__ import annotations

from datetime import timezone

import pytest

from portal_spider.pages import ExtractionOptions, parse_article
from portal_spider.pages.dates import DateContext, find_date, iso

WORDS = "<p>" + "The council met on the evening and voted on the new plan for the town centre. " * 8 + "</p>"


def article(body: str, head: str = "", lang: str = "") -> str:
    lang_attr = f' lang="{lang}"' if lang else ""
    return f"<html{lang_attr}><head>{head}</head><body><h1>The council votes on the plan</h1>{body}{WORDS}</body></html>"


@pytest.mark.parametrize("text, expected", [
    ("Fri 6:45 PM, Feb 16, 2018", "2018-02-16T18:45:00+00:00"),
    ("10:30 AM, Monday, November 18th, 2019", "2019-11-18T10:30:00+00:00"),
    ("12:30 | 03.05.2024", "2024-05-03T12:30:00+00:00"),
    ("01:38:07 PM IST Nov 20, 2019", "2019-11-20T13:38:07+05:30"),
    ("Published 2:16 AM EST Nov 20, 2019", "2019-11-20T02:16:00-05:00"),
    ("Nov 20, 2019 4:10 PM SAST", "2019-11-20T16:10:00+02:00"),
    ("Version 1.2 May 3, 2019", "2019-05-03T00:00:00+00:00"),  # no clock: "1.2" is no time
])
def test_a_clock_written_before_the_date_is_its_time(text, expected):
    assert iso(find_date(text, DateContext(timezone.utc, None))) == expected


def test_a_stated_clock_and_zone_in_structured_text_beats_an_updated_time_shown():
    head = ('<script type="application/ld+json">{"@type": "NewsArticle", '
            '"datePublished": "01:38:07 PM IST Nov 20, 2019"}</script>')
    body = "<p>Last Updated : Nov 20, 2019 01:41 PM IST | Source: Wire</p>"
    assert parse_article(article(body, head), "https://news.example.com/a").published_at == "2019-11-20T13:38:07+05:30"


def test_a_path_dated_with_a_month_name_dates_the_article():
    # The first date by the title is the date of the statement the article checks.
    body = "<p>David Smith on Sunday, October 13th, 2019 in an article in a local newspaper</p>"
    url = "https://facts.example.com/statements/2019/nov/18/david-smith/what-the-value-is/"
    assert parse_article(article(body), url).published_at[:10] == "2019-11-18"


@pytest.mark.parametrize("stored, expected", [
    # A day stored as midnight UTC stays that day in a zone behind UTC.
    ("2020-02-19T00:00:00Z", "2020-02-19T00:00:00+00:00"),
    # A real UTC timestamp is shown in the page's zone.
    ("2020-02-19T15:30:00Z", "2020-02-19T12:30:00-03:00"),
])
def test_a_utc_midnight_is_a_day_not_the_evening_before(stored, expected):
    head = f'<meta property="article:published_time" content="{stored}">'
    assert parse_article(article("", head, lang="es-AR"), "https://diario.example.com/nota").published_at == expected


def test_a_utc_midnight_stays_its_day_in_the_portal_zone():
    head = '<meta property="article:published_time" content="2020-02-19T00:00:00Z">'
    options = ExtractionOptions(timezone="America/New_York")
    assert parse_article(article("", head), "https://news.example.com/a", options).published_at == "2020-02-19T00:00:00+00:00"


@pytest.mark.parametrize("url, lang, expected", [
    ("https://www.news.example.co.za/story", "en", "2025-11-28T15:26:06+02:00"),
    ("https://haber.example.com/story", "tr", "2025-11-28T16:26:06+03:00"),
])
def test_a_country_or_language_with_one_civil_time_reads_utc_in_it(url, lang, expected):
    head = '<meta property="article:published_time" content="2025-11-28T13:26:06+00:00">'
    assert parse_article(article("", head, lang=lang), url).published_at == expected


def test_a_naive_date_on_a_country_host_takes_that_country_zone():
    body = "<p>Published 28.11.2025 13:26</p>"
    assert parse_article(article(body), "https://www.news.example.co.za/story").published_at == "2025-11-28T13:26:00+02:00"


def test_a_day_written_out_as_a_utc_midnight_does_not_beat_the_date_by_the_headline():
    head = '<meta name="date" content="Tue Feb 20 2018 01:00:00 GMT+0100 (Central European Standard Time)">'
    body = "<p>Feb 20, 2020</p>"
    assert parse_article(article(body, head), "https://mag.example.com/article/x").published_at[:10] == "2020-02-20"
