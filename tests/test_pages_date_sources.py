"""Publication dates from the sources pages disagree on: clocks written before the date,
zone names, dated URL paths, days stored as midnight UTC, the zones countries imply."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from portal_spider.pages import ExtractionOptions, parse_article
from portal_spider.pages.dates import ASSUMED_UTC, DateContext, find_date, iso

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
    ("4:20 PM EDT • June 1, 2020", "2020-06-01T16:20:00-04:00"),
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


@pytest.mark.parametrize("stored, expected, precision", [
    # A day stored as midnight UTC stays that day, at the page zone's midnight.
    ("2020-02-19T00:00:00Z", "2020-02-19T00:00:00-03:00", "day"),
    # A real UTC timestamp is shown in the page's zone.
    ("2020-02-19T15:30:00Z", "2020-02-19T12:30:00-03:00", "time"),
])
def test_a_utc_midnight_is_a_day_not_the_evening_before(stored, expected, precision):
    head = f'<meta property="article:published_time" content="{stored}">'
    parsed = parse_article(article("", head, lang="es-AR"), "https://diario.example.com/nota")
    assert (parsed.published_at, parsed.published_precision) == (expected, precision)


@pytest.mark.parametrize("zone, expected", [("America/New_York", "2020-02-19T00:00:00-05:00"),
                                            ("Asia/Shanghai", "2020-02-19T00:00:00+08:00")])
def test_a_utc_midnight_stays_its_day_in_the_portal_zone(zone, expected):
    head = '<meta property="article:published_time" content="2020-02-19T00:00:00Z">'
    parsed = parse_article(article("", head), "https://news.example.com/a", ExtractionOptions(timezone=zone))
    assert (parsed.published_at, parsed.published_precision) == (expected, "day")


def test_a_shown_day_without_a_time_is_a_day_and_a_clock_time_is_a_time():
    day = parse_article(article("<p class='date'>2019年9月5日</p>"), "https://news.example.cn/a")
    clock = parse_article(article("<p class='date'>2019年9月5日 11:10</p>"), "https://news.example.cn/a")
    assert (day.published_at, day.published_precision) == ("2019-09-05T00:00:00+08:00", "day")
    assert (clock.published_at, clock.published_precision) == ("2019-09-05T11:10:00+08:00", "time")
    assert parse_article(article(""), "https://news.example.cn/a").published_precision is None


def test_a_chinese_title_over_english_menus_and_code_reads_a_naive_date_in_china():
    # A tech blog: no lang, the first lines a Latin menu and code, the title Chinese.
    menu = "".join(f"<li><a href='/{word}'>{word}</a></li>" for word in ("Home", "Blog", "Docker", "Kafka", "RSS", "Login"))
    code = "<pre>" + "docker run -d --name kafka -p 9092:9092 bitnami/kafka:latest\n" * 12 + "</pre>"
    html = (f"<html><head><title>Docker和Podman的使用经验 - hk - Blogs</title></head><body><ul>{menu}</ul>"
            f"<h1>Docker和Podman的使用经验</h1><div class='postDesc'>posted @ 2024-05-09 14:45</div>{code}"
            "<p>本文会以多个实际的线上例子，分享自己对于容器的一点使用经验及踩过的坑，希望对读者有一点帮助。</p></body></html>")
    english = html.replace("Docker和Podman的使用经验", "Notes on Docker and Podman").replace(
        "本文会以多个实际的线上例子，分享自己对于容器的一点使用经验及踩过的坑，希望对读者有一点帮助。", "Notes from real deployments.")
    assert parse_article(html, "https://blogs.example.com/hk/p/1").published_at == "2024-05-09T14:45:00+08:00"
    assert parse_article(english, "https://blogs.example.com/hk/p/1").published_at == "2024-05-09T14:45:00+00:00"


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


@pytest.mark.parametrize("text, expected", [
    ("NZZ-Redaktion 18.07.2024, 11.08 Uhr", "2024-07-18T11:08:00+00:00"),
    ("Mon 1 Jun 2020 21.20 BST", "2020-06-01T21:20:00+01:00"),
    ("Veröffentlicht am 27.04.24 um 07:39 Uhr", "2024-04-27T07:39:00+00:00"),
    ("Anna Beispiel | 06.11.23", "2023-11-06T00:00:00+00:00"),
    ("Stand: 27.04.99", "1999-04-27T00:00:00+00:00"),
    ("Publié le 18 juil. 2024 à 08:01Mis à jour le 18 juil. 2024 à 09:06", "2024-07-18T08:01:00+00:00"),
    ("le 3 mars 2020 à 8h05", "2020-03-03T08:05:00+00:00"),
    ("3 de agosto de 2019 a las 10:30", "2019-08-03T10:30:00+00:00"),
    ("12 mei 2021 om 14:05", "2021-05-12T14:05:00+00:00"),
    # Slavic months in the genitive, after the year's abbreviation the clock; Turkish, Swedish.
    ("Опубликовано 6 мая 2023 г. в 12:03", "2023-05-06T12:03:00+00:00"),
    ("6 maja 2023 r., godz. 12:03", "2023-05-06T12:03:00+00:00"),
    ("6. května 2023", "2023-05-06T00:00:00+00:00"),
    ("6 Mayıs 2023 saat 12:03", "2023-05-06T12:03:00+00:00"),
    ("6 augusti 2023", "2023-08-06T00:00:00+00:00"),
    ("мая 6, 2023", None),  # these are written after the day only
    # Japanese and Korean boards: a weekday in brackets, a clock in brackets; C's asctime.
    ("2025/03/01(土) 07:02:15", "2025-03-01T07:02:15+00:00"),
    ("2025-03-01 (토) 07:02", "2025-03-01T07:02:00+00:00"),
    ("2025.06.02 (21:14:37)", "2025-06-02T21:14:37+00:00"),
    ("Sat Apr 20 14:05:33 2024 UTC", "2024-04-20T14:05:33+00:00"),
    ("Version 1.10.23", None),
])
def test_european_date_and_clock_forms(text, expected):
    moment = find_date(text, DateContext(timezone.utc, None))
    assert (iso(moment) if moment else None) == expected


@pytest.mark.parametrize("text, expected", [
    # A North American zone after the clock: the slashed date before it is month first.
    ("Posted 9/5/2019 11:10 AM ET", "2019-09-05T11:10:00-04:00"),
    ("05/09/2019 11:10 EDT", "2019-05-09T11:10:00-04:00"),
    # Without one, a slashed date is day first unless it can only be month first.
    ("9/5/2019 11:10 AM", "2019-05-09T11:10:00+00:00"),
    ("9/17/2004 3:00 PM", "2004-09-17T15:00:00+00:00"),
])
def test_slashed_dates_by_the_zone_written_after_them(text, expected):
    moment = find_date(text, DateContext(timezone.utc, None))
    assert (iso(moment) if moment else None) == expected


RELATED = ('<div class="related"><h3>Related</h3><ul>'
           '<li><a href="/other/1">Another story about the town hall and its budget</a> '
           '<time datetime="2011-03-04T09:15:00">2011-03-04 09:15</time></li>'
           '<li><a href="/other/2"><h4>A second story about the new school building</h4>'
           '<span>2012-06-07 18:40</span></a></li></ul></div>')


def test_dates_in_a_list_of_other_articles_above_the_title_are_not_its_date():
    html = (f"<html><body>{RELATED}<h1>The council votes on the plan</h1><p>Jane Doe, 2022-09-23 10:00</p>"
            f"{WORDS}</body></html>")
    assert parse_article(html, "https://news.example.com/a").published_at == "2022-09-23T10:00:00+00:00"


def test_a_time_element_of_a_related_article_is_not_the_date_of_an_undated_article():
    related = ('<ul class="more"><li><a href="/other/1">Another story about the town hall and its budget</a> '
               '<time datetime="2011-03-04T09:15:00+01:00">March 4</time></li></ul>')
    html = article(related)
    assert parse_article(html, "https://news.example.com/a").published_at is None


def test_a_permalink_on_the_date_itself_is_no_teaser():
    body = ('<p class="byline">Posted on <a href="https://blog.example.com/2021/plan/" rel="bookmark">'
            '<time datetime="2021-05-03T08:00:00+02:00">Monday, May 3, 2021</time></a></p>')
    assert parse_article(article(body), "https://blog.example.com/plan").published_at == "2021-05-03T08:00:00+02:00"


def test_a_labelled_date_anywhere_dates_a_page_whose_title_shows_nowhere():
    # The title is not a line of the page, so only the page top is by it; the labelled
    # line at the article's foot dates it, not the recommended item's day below.
    html = ("<html><head><title>Microwaves and your health</title></head><body>" + "<p>Menu item</p>" * 25
            + WORDS + '<div><span class="span_time">时间：2019-09-24 17:08</span></div>'
            '<div class="tj-item"><a href="/r/1"><div>微波炉加热食物有害健康吗</div><div>2020-09-27</div></a></div>'
            "</body></html>")
    assert parse_article(html, "https://piyao.example.cn/rumor?id=1").published_at == "2019-09-24T17:08:00+08:00"


def test_the_day_a_path_gives_takes_the_clock_of_a_line_showing_that_day():
    body = ("<p>David Smith on Sunday, October 13th, 2019 in an article in a local newspaper</p>"
            "<p>on Monday, November 18th, 2019 at 11:08 a.m.</p>")
    url = "https://facts.example.com/statements/2019/nov/18/david-smith/what-the-value-is/"
    assert parse_article(article(body), url).published_at == "2019-11-18T11:08:00+00:00"


def test_a_slashed_date_reads_month_first_when_the_path_gives_that_day():
    # Read day first, "6/1/2020" is January 6th; the path says June 1st, so the line is its clock.
    body = "<p>Jane Doe - 6/1/2020, 4:20 PM</p>"
    url = "https://news.example.com/2020/06/01/the-council-votes/"
    assert parse_article(article(body), url).published_at == "2020-06-01T16:20:00+00:00"


CHINESE_WORDS = "<p>" + "这是一篇关于游戏更新的文章，内容详细介绍了新版本的改动和玩家关心的问题。" * 6 + "</p>"


@pytest.mark.parametrize("header", ["今天是2013年9月10日 星期二", "2013年9月10日 星期二", "Today is 10.09.2013"])
def test_the_day_a_portal_header_shows_is_not_the_publication_date(header):
    # The <title> is not a line of the page (the portal's own headline markup differs), so
    # the page top is where dates are looked for; the reprint's issue dates the article.
    html = (f"<html><head><title>北京之春文章</title></head><body><div class='top'><span>{header}</span> "
            f"<a href='/login'>登录</a></div>{CHINESE_WORDS}<p>——《北京之春》1998年3月号</p></body></html>")
    assert parse_article(html, "http://spring.example.com/show.asp?id=65").published_at == "1998-03-01T00:00:00+08:00"


def test_a_weekday_date_above_the_title_of_a_blog_post_is_its_date():
    html = ("<html><body><h2 class='date-header'><span>Tuesday, March 3, 2020</span></h2>"
            f"<h3>The council votes on the plan</h3>{WORDS}</body></html>")
    options = ExtractionOptions(timezone="Europe/London")
    assert parse_article(html, "https://town.example.blogspot.com/2020/03/plan.html", options).published_at == "2020-03-03T00:00:00+00:00"


def _json_ld(url: str, date: str) -> str:
    return ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "A story", '
            f'"mainEntityOfPage": "{url}", "datePublished": "{date}"}}</script>')


def test_a_json_ld_article_about_another_page_does_not_date_this_one():
    head = ('<link rel="canonical" href="https://news.example.com/town/council-votes/">'
            '<meta property="article:published_time" content="2022-09-23">'
            + _json_ld("https://news.example.com/sport/another-story/", "2011-03-04T09:15:00+01:00"))
    assert parse_article(article("", head), "https://news.example.com/town/council-votes/").published_at[:10] == "2022-09-23"


def test_a_json_ld_article_about_another_page_gives_this_one_no_title_or_author():
    other = ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Another story about the town", '
             '"url": "https://other.example.org/other/1", "author": {"@type": "Person", "name": "Jane Roe"}, '
             '"datePublished": "2011-03-04T09:15:00+01:00"}</script>')
    html = (f"<html><head>{other}</head><body><h1>The council votes on the plan</h1>"
            f"<p>Published 3 March 2020, 11:35</p>{WORDS}</body></html>")
    found = parse_article(html, "https://news.example.com/town/council-votes/", ExtractionOptions(timezone="Europe/London"))
    assert (found.title, found.author, found.published_at) == (
        "The council votes on the plan", None, "2020-03-03T11:35:00+00:00")


@pytest.mark.parametrize("entity", [
    "https://news.example.com/edition/town/council-votes/",  # a section prefix the canonical link lacks
    "https://news.example.com/amp/town/council-votes",
    "https://web.archive.org/web/2022/https://news.example.com/town/council-votes/",
])
def test_a_json_ld_article_about_this_page_under_another_form_of_its_url_dates_it(entity):
    head = '<meta property="article:published_time" content="2022-09-23">' + _json_ld(entity, "2022-09-23T10:15:00+02:00")
    assert parse_article(article("", head), "https://news.example.com/town/council-votes/").published_at == "2022-09-23T10:15:00+02:00"


def test_a_page_number_alone_does_not_make_another_page_this_one():
    head = _json_ld("https://other.example.org/another-story/1", "2011-03-04T09:15:00+01:00")
    body = "<p>Jane Doe, 21.09.2020</p>"
    url = "https://mag.example.com/items-we-wanted/1/"
    assert parse_article(article(body, head), url).published_at[:10] == "2020-09-21"


def test_the_last_resort_search_does_not_read_another_page_s_json_ld_either():
    head = _json_ld("https://news.example.com/sport/another-story/", "2011-03-04T09:15:00+01:00")
    assert parse_article(article("", head), "https://news.example.com/town/council-votes/").published_at is None


def test_a_clock_on_the_line_under_the_day_is_the_day_s_time():
    body = "<div class='meta'><span>By Jane Doe</span><div>28 November 2025</div><div>03:26 pm</div></div>"
    html = article(body)
    assert parse_article(html, "https://www.news.example.co.za/story").published_at == "2025-11-28T15:26:00+02:00"


@pytest.mark.parametrize("head, line, expected", [
    # A portal prints the source's publication time; its metadata says when its copy went up.
    ('<meta property="article:published_time" content="2019-10-23T09:10:42+08:00">', "2019年10月23日 09:05 环球网",
     "2019-10-23T09:05:00+08:00"),
    # An update's time by the title is no publication time, labelled as one ...
    ('<meta property="article:published_time" content="2019-11-20T03:15:00-08:00">',
     "Updated 3:27 am PST, Wednesday, November 20, 2019", "2019-11-20T03:15:00-08:00"),
    # ... or named as such by the metadata.
    ('<meta property="article:published_time" content="2026-01-20T18:33:13+07:00">'
     '<meta property="article:modified_time" content="2026-01-20T18:30:00+07:00">', "20/1/2026 18:30",
     "2026-01-20T18:33:13+07:00"),
])
def test_the_clock_shown_by_the_title_is_the_publication_time_unless_an_update(head, line, expected):
    assert parse_article(article(f"<div>{line}</div>", head), "https://a.example/x").published_at == expected


@pytest.mark.parametrize("published, expected", [
    # A CMS left at UTC, or at standard time in summer: the zone the page shows its readers wins.
    ("2019-09-05T11:10:00+00:00", "2019-09-05T11:10:00-04:00"),
    ("2019-09-05T11:10:00-05:00", "2019-09-05T11:10:00-04:00"),
    # Another clock time in the metadata is another moment, not another zone.
    ("2019-09-05T15:10:00Z", "2019-09-05T11:10:00-04:00"),
])
def test_a_zone_the_line_by_the_title_writes_beats_another_offset_on_the_same_clock(published, expected):
    head = f"<meta property='article:published_time' content='{published}'>"
    html = article("<p>By Jane Roe | Sep 5, 2019 11:10 AM EDT</p>", head, lang="en-US")
    assert parse_article(html, "https://a.example/x").published_at == expected


def test_a_time_element_s_offset_is_no_zone_the_page_shows():
    # <time datetime="…Z"> showing "11:48" writes no zone for readers: the metadata's offset stands.
    head = "<meta property='article:published_time' content='2024-07-18T11:48:00+01:00'>"
    html = article("<p><time datetime='2024-07-18T11:48:00Z'>11:48, Thu, Jul 18, 2024</time></p>", head, lang="en-GB")
    assert parse_article(html, "https://a.example/x").published_at == "2024-07-18T11:48:00+01:00"


@pytest.mark.parametrize("profile, stamp", [
    # "注册时间" ends in the label "时间": the poster's profile, not the post.
    ("<p>注册时间 2010-1-1</p>", "<em>发表于 2019-9-5 11:10</em>"),
    # The profile's line of figures, with the post's date unlabelled and no h1 by it.
    ("<div class='stat'>级别: 学徒 发帖: 532 注册: 2010-01-01</div>", "<span id='postdate0'>2019-09-05 11:10</span>"),
])
def test_a_poster_s_registration_date_in_a_forum_post_header_is_not_the_post_s(profile, stamp):
    post = (f"<table><tr><td class='pls'><a href='space-uid-1.html'>暗夜精靈</a>{profile}</td>"
            f"<td class='plc'>{stamp}<div class='t_f'>{{}}</div></td></tr></table>")
    text = "<br>".join(f"這次版本更新帶來了新的副本和職業平衡調整，玩家可以在遊戲中體驗全新的劇情內容，第{i}段。" for i in range(6))
    html = f"<html><head><title>[讨论] 新版本副本攻略整理</title></head><body><h3>[讨论] 新版本副本攻略整理</h3>{post.format(text)}</body></html>"
    assert parse_article(html, "https://forum.game.example.tw/thread-1-1-1.html").published_at == "2019-09-05T11:10:00+08:00"


def test_a_byline_with_abbreviations_is_no_sentence_of_prose():
    # "Sept." and "a.m." end no sentence: the line is the byline's date line.
    html = article("<p>By Jane Roe, Contributor | Sept. 5, 2019, at 11:10 a.m.</p>", lang="en")
    assert parse_article(html, "https://a.example/x").published_at == "2019-09-05T11:10:00+00:00"


def test_the_update_s_clock_shown_by_the_title_does_not_replace_the_published_time():
    # The byline shows when the story was changed (dateModified); datePublished has no offset.
    head = ("<meta itemprop='datePublished' content='2014-01-25T00:57:05'>"
            "<meta itemprop='dateModified' content='2014-01-25T15:53:10'>")
    html = article("<div>Jefferson Graham, USA TODAY 3:53 p.m. EST January 25, 2014</div>", head, lang="en")
    assert parse_article(html, "https://a.example/x").published_at == "2014-01-25T00:57:05+00:00"


@pytest.mark.parametrize("paragraphs", [12, 30])
def test_the_date_right_by_the_headline_beats_one_labelled_at_the_articles_foot(paragraphs):
    # The foot's labelled date says when something else appeared (the original, a source).
    text = "".join(f"<p>Der Gemeinderat hat am Abend {i} über den neuen Plan beraten und lange diskutiert.</p>"
                   for i in range(paragraphs))
    html = (f"<html lang='de'><body><h1>Der Rat stimmt über den Plan ab</h1><p>21.11.2022</p>"
            f"<div class='content'>{text}<p>Veröffentlicht: 01.10.2022</p></div></body></html>")
    assert parse_article(html, "https://verein.example.de/plan.html").published_at[:10] == "2022-11-21"


@pytest.mark.parametrize("text, zone, expected", [
    # Month first in the United States and Canada, day first in Europe and Latin America,
    # whatever the year's digits; a two-digit year is read with a clock only.
    ("6/1/2020 4:20 PM", "America/New_York", "2020-06-01T16:20:00-04:00"),
    ("6/1/2020", "America/Toronto", "2020-06-01T00:00:00-04:00"),
    ("6/1/2020 16:20", "America/Mexico_City", "2020-01-06T16:20:00-06:00"),
    ("6/1/20 16:20", "America/Sao_Paulo", "2020-01-06T16:20:00-03:00"),
    ("6/1/2020 4:20 PM", "Europe/London", "2020-01-06T16:20:00+00:00"),
    ("6/01/20 4:20PM", "America/New_York", "2020-06-01T16:20:00-04:00"),
    ("6/01/20 4:20PM", "Europe/London", "2020-01-06T16:20:00+00:00"),
    ("13/06/20 16:20", "America/New_York", "2020-06-13T16:20:00-04:00"),
    ("Posted 6/1/20 at 4:20 p.m. ET", None, "2020-06-01T16:20:00-04:00"),
    ("6/1/20 4:20 PM", None, None),  # no zone tells which number is the month
    ("Score 3/1/20", "America/New_York", None),
])
def test_slashed_dates_month_or_day_first_by_the_zone(text, zone, expected):
    moment = find_date(text, DateContext(ZoneInfo(zone) if zone else ASSUMED_UTC, None))
    assert (iso(moment) if moment else None) == expected


@pytest.mark.parametrize("byline, lang, expected", [
    # A UTC timestamp under the day it displays is that day's instant, in the page's zone.
    ("<p>published <time datetime='2024-06-21T14:30:15Z'>21 June 2024</time></p>", "", "2024-06-21T14:30:15+00:00"),
    ("<p>Veröffentlicht am <time datetime='2024-06-21T08:30:15Z'>21. Juni 2024</time></p>", "de", "2024-06-21T10:30:15+02:00"),
    # Not when the instant falls on another day where the page is.
    ("<p>Veröffentlicht am <time datetime='2024-06-20T23:30:00Z'>22. Juni 2024</time></p>", "de", "2024-06-22T00:00:00+02:00"),
])
def test_a_utc_timestamp_under_a_shown_day_gives_its_clock(byline, lang, expected):
    assert parse_article(article(byline, lang=lang), "https://example.com/a").published_at == expected


def test_the_posted_label_glued_to_an_updated_clock_still_labels_the_publication():
    byline = "<div><span>Updated: Jun 21, 2024 2:30 pm</span><span>Posted: Jun 20, 2024 9:00 am</span></div>"
    assert parse_article(article(byline), "https://example.com/a").published_at == "2024-06-20T09:00:00+00:00"


@pytest.mark.parametrize("text, zone, expected", [
    # Dashes as well as slashes: vBulletin's default, Dutch and Indian pages.
    ("05-06-2023, 12:03 PM", "America/Chicago", "2023-05-06T12:03:00-05:00"),
    ("06-05-2023 12:03", "Europe/Amsterdam", "2023-05-06T12:03:00+02:00"),
    ("05-16-2023", "Europe/Amsterdam", "2023-05-16T00:00:00+02:00"),  # only month first names a day
    ("Call 555-12-2023 now", "America/Chicago", None),
])
def test_dashed_dates_month_or_day_first_by_the_zone(text, zone, expected):
    moment = find_date(text, DateContext(ZoneInfo(zone), None))
    assert (iso(moment) if moment else None) == expected


@pytest.mark.parametrize("lang, url, expected", [
    # A month-first country's language tag says how the page writes dates, as no zone can.
    ("en-US", "https://forum.example.com/t/1", "2023-05-06T12:03:00+00:00"),
    ("en-GB", "https://forum.example.com/t/1", "2023-06-05T12:03:00+01:00"),
    ("en", "https://forum.example.com/t/1", "2023-06-05T12:03:00+00:00"),
    # A country's host over a template's default tag.
    ("en-US", "https://forum.example.co.uk/t/1", "2023-06-05T12:03:00+01:00"),
])
def test_a_month_first_language_tag_reads_numeric_dates_month_first(lang, url, expected):
    html = article("<p class='date'>Posted 05/06/2023, 12:03 PM</p>", lang=lang)
    assert parse_article(html, url).published_at == expected


@pytest.mark.parametrize("pieces", [
    "<div class='year'><span>2023</span></div><div class='md'>05/06</div><div class='time'>12:30</div>",
    "<div class='header-time'><span class='year'><em>2023</em></span> <span class='day'><em>05</em>/<em>06</em></span> "
    "<span class='time'>12:30:00</span></div>",
    "<p><span>2023年</span></p><p><span>5月6日</span></p><p>12:30</p>",
])
def test_a_date_set_in_pieces_keeps_its_clock(pieces):
    # The address gives the day; the pieces give the clock only when read together.
    html = (f"<html><head><title>新英雄今日上线</title></head><body><h1>新英雄今日上线</h1>{pieces}"
            f"<div class='content'>{CHINESE_WORDS}</div></body></html>")
    article = parse_article(html, "https://news.example.cn/a/20230506A03ABC00")
    assert article.published_at == "2023-05-06T12:30:00+08:00"


def test_a_label_around_the_date_marks_the_publication_and_a_word_before_it_another_item():
    header = ("<div class='up-time'>最新推荐文章于 2023-06-10 10:15:00 发布</div>"
              "<div><a href='/u/zhang'>程序猿小张</a> <span class='time'>于 2023-05-06 12:30:00 发布</span></div>")
    html = (f"<html><head><title>卡通渲染教程</title></head><body><h1>卡通渲染教程</h1>{header}"
            f"<div class='content'>{CHINESE_WORDS}</div></body></html>")
    assert parse_article(html, "https://blog.example.cn/zhang/article/details/130512345").published_at == "2023-05-06T12:30:00+08:00"


def test_a_readers_comment_does_not_date_an_undated_page():
    comments = ("<div class='wiki-comment'><h3>评论区</h3><div class='comment'><span>草神的信徒</span>"
                "<span>2023-04-02</span><p>草神最好的一集</p></div></div>")
    html = (f"<html><head><title>纳西妲</title></head><body><h1>纳西妲</h1><div class='mw-parser-output'>{CHINESE_WORDS}</div>"
            f"{comments}</body></html>")
    assert parse_article(html, "https://wiki.example.cn/ys/纳西妲").published_at is None


@pytest.mark.parametrize("stamp, lang, expected", [
    # Forum software shows recent dates relative or without their year, in full in the title.
    ("发表于 <span title='2023-5-6 12:03'>3&nbsp;天前</span>", "zh-CN", "2023-05-06T12:03:00+08:00"),
    ("<abbr class='DateTime' data-time='1683367380' title='6. Mai 2023 um 12:03'>Gestern um 12:03</abbr>", "de",
     "2023-05-06T12:03:00+02:00"),
    # A Unix time beside it (in milliseconds here) gives the seconds too.
    ("<a href='/t/1'><span title='2023 年 5月 6 日 12:03' data-time='1683345791000'>5月 6日</span></a>", "zh-CN",
     "2023-05-06T12:03:11+08:00"),
    ("<span class='relative-date' data-time='1683345791000' title='May 5, 2023 11:03 pm'>3d</span>", "en",
     "2023-05-06T04:03:11+00:00"),
])
def test_a_relative_date_is_read_as_its_title_writes_it_in_full(stamp, lang, expected):
    # Quoted in the post, an older post's full date: it would win over a relative one.
    quote = "<blockquote>引用 2021-01-02 08:00 的回复：说得对</blockquote>"
    html = article(f"<p class='stamp'>{stamp}</p>{quote}", lang=lang)
    fetched = ExtractionOptions(fetched_at=datetime(2023, 5, 9, 8, 0, tzinfo=timezone.utc))
    assert parse_article(html, "https://forum.example.com/t/1", fetched).published_at == expected


def test_the_time_element_of_the_last_update_is_not_the_publication():
    times = ("<p>Last updated: <time datetime='2023-06-10T09:00:00Z'>2 days ago</time></p>"
             "<p>Published: <time datetime='2023-05-06T12:03:00Z'>1 month ago</time></p>")
    fetched = ExtractionOptions(fetched_at=datetime(2023, 6, 12, 8, 0, tzinfo=timezone.utc))
    assert parse_article(article(times), "https://news.example.com/a", fetched).published_at == "2023-05-06T12:03:00+00:00"


@pytest.mark.parametrize("line, expected", [
    # The change's label after the post's date leaves that date the post's.
    ("Posted: 05-06-2024, 12:03 PM (This post was last modified: 05-07-2024, 09:00 AM by starter.)", "2024-05-06T12:03:00-05:00"),
    ("<div>edited Sep 19, 2024 at 10:00</div><div>asked May 6, 2024 at 12:03</div>", "2024-05-06T12:03:00-05:00"),
])
def test_a_changes_label_dates_only_what_follows_it(line, expected):
    html = article(f"<div class='post_date'>{line}</div>", lang="en-US")
    html = html.replace("</body>", "<div id='footer'>All times are GMT -5</div></body>")
    assert parse_article(html, "https://forum.example.com/t/1").published_at == expected


def test_a_date_that_reads_either_way_is_month_first_when_day_first_lies_after_the_fetch():
    # vBulletin and MyBB print "04-10-2024" month first whatever the page's language tag.
    fetched = ExtractionOptions(fetched_at=datetime(2024, 4, 11, 16, 0, tzinfo=timezone.utc))
    html = article("<div class='post_date'>04-10-2024, 06:22 PM</div>", lang="en")
    assert parse_article(html, "https://forum.example.com/t/1", fetched).published_at == "2024-04-10T18:22:00+00:00"
