"""Unit tests for the pieces of page parsing: charsets, text, dates, fields, paging, batch."""

from __future__ import annotations

import gzip
import json
import re
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest
from lxml import html as lxml_html

from portal_spider.pages import ExtractionOptions, decode_html, join_pages, parse_article, parse_article_with_sources
from portal_spider.pages.batch import extract_batch, extract_file
from portal_spider.pages.body import render_body
from portal_spider.pages.mainblock import _same_shape_blocks
from portal_spider.pages.dates import CHINA, DateContext, find_date, iso
from portal_spider.pages.text import short_text, strip_pinyin
from storage.article import NAIVE_DATE_AS_UTC
from storage.article import Article

HAN = "镕铸系統開放後記得升級引擎，這是測試文字。"


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


# --- charsets -------------------------------------------------------------------------

def test_header_charset_wins_over_meta():
    raw = page(f"<p>{HAN}</p>", '<meta charset="big5">').encode("gb18030")
    assert HAN in decode_html(raw, "text/html; charset=gbk")


def test_meta_http_equiv_gb2312_reads_as_gb18030():
    raw = page(f"<p>{HAN}</p>", '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">').encode("gb18030")
    assert HAN in decode_html(raw)


def test_big5_reads_as_big5hkscs():
    text = "香港特區的粵語詞彙：啲嘢"  # 啲 is HKSCS only
    raw = page(f"<p>{text}</p>", '<meta charset="big5">').encode("big5hkscs")
    assert text in decode_html(raw)


def test_bom_beats_meta():
    raw = b"\xef\xbb\xbf" + page(f"<p>{HAN}</p>", '<meta charset="gbk">').encode("utf-8")
    assert HAN in decode_html(raw)


def test_utf8_page_mislabelled_gb2312_is_not_mojibake():
    raw = page(f"<p>{HAN}</p>", '<meta charset="gb2312">').encode("utf-8")
    assert HAN in decode_html(raw)


def test_undeclared_gbk_is_detected():
    text = "这是一个没有声明编码的简体中文页面，" * 20
    decoded = decode_html(page(f"<p>{text}</p>").encode("gbk"))
    assert text in decoded and "\ufffd" not in decoded


def test_undeclared_gbk_with_a_stray_byte_is_not_mojibake():
    text = "这是一个没有声明编码的简体中文页面，我们在这里说明它的内容。"
    raw = page(f"<p>{text * 10}</p>").encode("gbk") + b"\xc7<p>x</p>"
    assert text in decode_html(raw)


def test_undeclared_big5_is_not_read_as_gbk():
    text = "這是一個沒有聲明編碼的繁體中文頁面，我們在這裡說明它的內容。"
    assert text in decode_html(page(f"<p>{text * 10}</p>").encode("big5"))


def test_page_cut_mid_character_decodes_without_replacement_character():
    raw = page(f"<p>{HAN}</p>", '<meta charset="utf-8">').encode("utf-8")
    cut = raw[: raw.index("升".encode()) + 1]
    assert "\ufffd" not in decode_html(cut) and decode_html(cut).endswith("記得")


# --- text -----------------------------------------------------------------------------

@pytest.mark.parametrize(
    "raw, clean",
    [("當(dāng)前", "當前"), ("操作（cāo）要求", "操作要求"), ("發(fā)布時(shí)間", "發布時間"),
     ("OneFlow (open source) 框架", "OneFlow (open source) 框架"), ("版本(2.0)更新", "版本(2.0)更新")],
)
def test_strip_pinyin(raw, clean):
    assert strip_pinyin(raw) == clean


# --- dates ----------------------------------------------------------------------------

NOW = datetime(2025, 5, 13, 4, 0, tzinfo=timezone.utc)  # 12:00 in UTC+8


@pytest.mark.parametrize(
    "text, expected",
    [("2025-05-13T11:07:46Z", "2025-05-13T11:07:46+00:00"),
     ("2025-05-13 11:07:46", "2025-05-13T11:07:46+08:00"),
     ("2025年05月13日 11:07", "2025-05-13T11:07:00+08:00"),
     ("2025/5/13", "2025-05-13T00:00:00+08:00"),
     ("May 13, 2025", "2025-05-13T00:00:00+08:00"),
     ("13.05.2025", "2025-05-13T00:00:00+08:00"),
     ("3小时前", "2025-05-13T09:00:00+08:00"),
     ("昨天 12:30", "2025-05-12T12:30:00+08:00"),
     ("昨天 下午3:30", "2025-05-12T15:30:00+08:00"),
     ("前天晚上 8:05", "2025-05-11T20:05:00+08:00"),
     ("Yesterday at 4:20 PM", "2025-05-12T16:20:00+08:00"),
     ("today, 12:05 a.m.", "2025-05-13T00:05:00+08:00"),
     ("2 hours ago", "2025-05-13T10:00:00+08:00"),
     ("3 weeks ago", "2025-04-22T00:00:00+08:00"),
     ("2天前", "2025-05-11T00:00:00+08:00"),
     ("19. Oktober 2019", "2019-10-19T00:00:00+08:00"),
     ("4. 2. 2022.", "2022-02-04T00:00:00+08:00"),
     ("9/17/2004 5:54:13 AM", "2004-09-17T05:54:13+08:00"),
     ("06/02/2022 - 13:48", "2022-02-06T13:48:00+08:00"),
     ("Published on August 19, 2019August 19, 2019", "2019-08-19T00:00:00+08:00"),
     ("21 June, 2024 @ 5:10:12 pm", "2024-06-21T17:10:12+08:00"),
     ("Fri 21 Jun 2024 // 15:00 BST", "2024-06-21T15:00:00+01:00"),
     ("Friday June 7, 2013 @ 6:43pm EDTTags: Amazon", "2013-06-07T18:43:00-04:00"),
     ("June 7, 2013 6:43pm ESTONIA", "2013-06-07T18:43:00+08:00"),
     ("May 12 @ 3:14pm", "2025-05-12T15:14:00+08:00"),
     ("Dec 25 at 9:05 AM", "2024-12-25T09:05:00+08:00")],
)
def test_date_formats(text, expected):
    assert iso(find_date(text, DateContext(CHINA, NOW))) == expected


@pytest.mark.parametrize("text, expected", [
    ("2019年9月5日下午3:30", "2019-09-05T15:30:00+08:00"),
    ("2019年9月5日 上午10:30", "2019-09-05T10:30:00+08:00"),
    ("2019年9月5日晚上8点20分", "2019-09-05T20:20:00+08:00"),
    ("2019年9月5日 中午1:10", "2019-09-05T13:10:00+08:00"),
    ("2019年9月5日凌晨2:05", "2019-09-05T02:05:00+08:00"),
    ("二〇一九年九月五日", "2019-09-05T00:00:00+08:00"),
    ("二〇二三年十二月二十五日 来源：新华社", "2023-12-25T00:00:00+08:00"),
    ("二〇二〇年十月三十一日", "2020-10-31T00:00:00+08:00"),
])
def test_chinese_half_day_words_and_numeral_dates(text, expected):
    assert iso(find_date(text, DateContext(CHINA, None))) == expected


@pytest.mark.parametrize("text, expected", [
    # Full-width digits and separators, as GB2312-era pages type them.
    ("２００５年８月２８日", "2005-08-28T00:00:00+08:00"),
    ("发布时间：２００５－０８－２８　２０：５６", "2005-08-28T20:56:00+08:00"),
    # A weekday between the day and its clock.
    ("2019年09月05日 星期四 11:10", "2019-09-05T11:10:00+08:00"),
    ("2019-09-05（周四）11:10", "2019-09-05T11:10:00+08:00"),
    ("2019年9月5日 星期四", "2019-09-05T00:00:00+08:00"),
])
def test_chinese_dates_in_full_width_digits_or_with_a_weekday_before_the_clock(text, expected):
    assert iso(find_date(text, DateContext(CHINA, None))) == expected


def test_a_headline_date_in_full_width_digits_dates_the_article():
    words = "这是一篇关于游戏更新的文章，内容详细介绍了新版本的改动。" * 8
    html = (f'<html lang="zh-CN"><body><h1>新版本更新说明</h1><p>２００５年８月２８日　来源：本站</p>'
            f'<div class="content"><p>{words}</p><p>{words}</p></div></body></html>')
    article = parse_article(html, "https://news.example.cn/a/1.html", ExtractionOptions())
    assert article.published_at == "2005-08-28T00:00:00+08:00"


@pytest.mark.parametrize("zone, text, expected", [
    # Where dates are written year first, a two-digit year with a clock time leads.
    (CHINA, "19-09-05 11:10", "2019-09-05T11:10:00+08:00"),
    (CHINA, "发布时间：18-03-08 23:16", "2018-03-08T23:16:00+08:00"),  # after a label's colon
    (ZoneInfo("Asia/Taipei"), "發表於 19/9/5 下午3:10", "2019-09-05T15:10:00+08:00"),
    (ZoneInfo("Asia/Tokyo"), "24.04.27 10:00", "2024-04-27T10:00:00+09:00"),
    # Elsewhere it is the day first, and without a clock it is no date at all.
    (ZoneInfo("Europe/Berlin"), "27.04.24 10:00", "2024-04-27T10:00:00+02:00"),
    (CHINA, "比分19-09-05", None),
])
def test_a_two_digit_year_leads_where_dates_are_written_year_first(zone, text, expected):
    moment = find_date(text, DateContext(zone, None))
    assert (iso(moment) if moment else None) == expected


def test_a_day_and_a_clock_in_elements_side_by_side_are_read_apart():
    words = "国行版本各容量售价公布，这是正文内容。" * 6
    html = (f'<html lang="zh-CN"><body><h1>新版本更新说明</h1><div><span>发布时间：18-03-08</span><span class="time">23:16</span>'
            f'</div><div class="content"><p>{words}</p><p>{words}</p></div></body></html>')
    assert parse_article(html, "https://news.example.cn/a/1.html").published_at == "2018-03-08T23:16:00+08:00"


@pytest.mark.parametrize("text", ["一九九八年二月三十日", "二〇一九年十二十月五日", "二〇一九年一二月五日"])
def test_a_day_in_chinese_numerals_that_does_not_exist_is_no_date(text):
    assert find_date(text, DateContext(CHINA, None)) is None


@pytest.mark.parametrize("text, expected", [
    ("发布于 02-28 23:59", "2026-02-28T23:59:00+08:00"),
    ("09-05 11:10", "2025-09-05T11:10:00+08:00"),  # ahead of the fetch this year: last year's
    ("9月5日 11:10", "2025-09-05T11:10:00+08:00"),
    ("比分3-1 10:00开赛", None),  # a score and a kick-off time
    ("1/2 12:00", None),
])
def test_a_date_without_its_year_takes_the_fetch_times(text, expected):
    moment = find_date(text, DateContext(CHINA, datetime(2026, 3, 1, 4, tzinfo=timezone.utc)))
    assert (iso(moment) if moment else None) == expected
    assert find_date(text, DateContext(CHINA, None)) is None  # no fetch time, no year


@pytest.mark.parametrize("text, expected", [
    ("民國108年9月5日", "2019-09-05T00:00:00+08:00"),
    ("108年9月5日 下午3:30", "2019-09-05T15:30:00+08:00"),
    ("中華民國一〇八年九月五日", "2019-09-05T00:00:00+08:00"),
    ("1080年9月5日", None),
])
def test_taiwanese_pages_count_years_of_the_republic(text, expected):
    moment = find_date(text, DateContext(CHINA, None))
    assert (iso(moment) if moment else None) == expected


@pytest.mark.parametrize("text, expected", [
    ("两小时前", "2026-03-01T10:00:00+08:00"),
    ("半小时前", "2026-03-01T11:30:00+08:00"),
    ("十分钟前", "2026-03-01T11:50:00+08:00"),
    ("一天前", "2026-02-28T00:00:00+08:00"),  # a count of days names the day, not a clock on it
])
def test_relative_dates_in_chinese_numerals(text, expected):
    assert iso(find_date(text, DateContext(CHINA, datetime(2026, 3, 1, 4, tzinfo=timezone.utc)))) == expected


def test_a_byline_in_chinese_numerals_dates_the_article():
    words = "这是一篇关于游戏更新的文章，内容详细介绍了新版本的改动。" * 8
    html = (f'<html lang="zh-CN"><body><h1>新版本更新说明</h1><p>二〇二三年十二月五日　来源：新华社</p>'
            f'<div class="content"><p>{words}</p><p>{words}</p></div></body></html>')
    article = parse_article(html, "https://news.example.cn/a/1.html", ExtractionOptions())
    assert article.published_at == "2023-12-05T00:00:00+08:00"


def test_naive_dates_use_the_option_time_zone():
    html = page("<h1>T</h1><p>發布時間：2025-01-10 08:00</p><p>" + HAN * 5 + "</p>")
    article = parse_article(html, "https://a.example/x", ExtractionOptions(timezone="America/New_York"))
    assert article.published_at == "2025-01-10T08:00:00-05:00"


def test_a_page_without_any_zone_reads_naive_dates_as_utc_and_says_so(caplog):
    html = page("<h1>Title here</h1><p>Published May 2, 2024 10:15</p><p>" + "Some words. " * 30 + "</p>")
    article = parse_article(html, "https://a.example/x")
    assert article.published_at == "2024-05-02T10:15:00+00:00"
    assert "read as UTC" in caplog.text
    assert article.extraction_notes == [NAIVE_DATE_AS_UTC]


@pytest.mark.parametrize("shown, head, options", [
    ("<p>Published May 2, 2024 10:15</p>", "", ExtractionOptions(timezone="Europe/London")),
    # UTC stated, not guessed.
    ("", '<script type="application/ld+json">{"@type": "NewsArticle", "datePublished": "2024-05-02T10:15:00Z"}</script>',
     ExtractionOptions()),
])
def test_a_date_whose_zone_is_known_leaves_no_note(shown, head, options):
    html = page(f"<h1>Title here</h1>{shown}<p>" + "Some words. " * 30 + "</p>", head)
    article = parse_article(html, "https://a.example/x", options)
    assert article.published_at is not None and article.extraction_notes == []


@pytest.mark.parametrize("shown, expected", [
    ("Sept. 5, 2019 11:10 a.m. EDT", "2019-09-05T11:10:00-04:00"),
    ("January 5, 2019 at 3:05 pm PT", "2019-01-05T15:05:00-08:00"),
    ("2019-09-05 11:10 GMT+8", "2019-09-05T11:10:00+08:00"),
    ("05.09.2019 11:10 MESZ", "2019-09-05T11:10:00+02:00"),
    ("2019-09-05 11:10 et 12:00", "2019-09-05T11:10:00+00:00"),  # "et" is French for "and"
])
def test_an_offset_stated_with_the_time_is_kept(shown, expected):
    assert iso(find_date(shown, DateContext(timezone.utc, None))) == expected


ENGLISH_WORDS = "<p>" + "Some words of the article that go on. " * 20 + "</p>"
CHINESE_WORDS = "<p>" + "这是一篇关于游戏更新的文章，内容详细介绍了新版本的改动。" * 6 + "</p>"


@pytest.mark.parametrize("markup, url, expected", [
    # A Chinese portal whose template says lang="en".
    ('<html lang="en"><body><h1>新版本</h1><p>发布时间：2019-09-05 11:10</p>' + CHINESE_WORDS + "</body></html>",
     "https://news.example.com/1.html", "2019-09-05T11:10:00+08:00"),
    ('<html><body><h1>新版本</h1><p>發布時間：2019-09-05 11:10</p>' + CHINESE_WORDS + "</body></html>",
     "https://forum.example.com.tw/t/1", "2019-09-05T11:10:00+08:00"),
    ('<html><head><meta property="og:locale" content="de_DE"></head><body><h1>Neu</h1><p>Veröffentlicht 05.09.2019 11:10</p>'
     + ENGLISH_WORDS + "</body></html>", "https://example.com/a", "2019-09-05T11:10:00+02:00"),
    # The page states its zone in another date's markup.
    ('<html><body><h1>New</h1><p>Posted Sept. 5, 2019 11:10</p><time datetime="2019-09-06T08:00:00-04:00">updated</time>'
     + ENGLISH_WORDS + "</body></html>", "https://example.com/a", "2019-09-05T11:10:00-04:00"),
    # Russian and Indonesian: the time where most of the country lives.
    ('<html lang="ru"><body><h1>Новости</h1><p>Опубликовано 14.05.2025, 20:28</p>' + ENGLISH_WORDS + "</body></html>",
     "https://example.com/a", "2025-05-14T20:28:00+03:00"),
    ('<html lang="id"><body><h1>Berita</h1><p>Diterbitkan 20/01/2026, 18:30</p>' + ENGLISH_WORDS + "</body></html>",
     "https://example.com/a", "2026-01-20T18:30:00+07:00"),
    # The country-code host beats a template's default tag; a .co or .io address names no country.
    ('<html lang="en-GB"><body><h1>News</h1><p>Posted 05.09.2019 11:10</p>' + ENGLISH_WORDS + "</body></html>",
     "https://example.de/a", "2019-09-05T11:10:00+02:00"),
    ('<html lang="de"><body><h1>Neu</h1><p>Veröffentlicht 05.09.2019 11:10</p>' + ENGLISH_WORDS + "</body></html>",
     "https://startup.co/a", "2019-09-05T11:10:00+02:00"),
])
def test_naive_dates_take_the_zone_the_page_implies(markup, url, expected):
    assert parse_article(markup, url).published_at == expected


@pytest.mark.parametrize("shown, url, expected", [
    # The element displaying the date states its offset and seconds; the host implies another zone.
    ('<time datetime="2024-03-05T11:10:42-05:00">March 5, 2024 11:10 AM</time>', "https://news.example.de/a",
     "2024-03-05T11:10:42-05:00"),
    ('Posted 2024/03/05 11:10 <time datetime="2024-03-05T11:10:42+09:00"></time>', "https://news.example.cn/a",
     "2024-03-05T11:10:42+09:00"),
    # A UTC datetime displayed as the local clock is the instant in that clock's offset.
    ('<time datetime="2024-03-05T16:10:42Z">2024-03-05 11:10</time>', "https://news.example.com/a",
     "2024-03-05T11:10:42-05:00"),
    # A UTC datetime under a day alone says nothing of the page's clock.
    ('<time datetime="2024-03-05T23:10:42Z">5. März 2024</time>', "https://news.example.de/a", "2024-03-05T00:00:00+01:00"),
])
def test_a_time_datetime_with_an_offset_is_the_exact_form_of_the_shown_date(shown, url, expected):
    html = f"<html><body><h1>New season</h1><p>{shown}</p>{ENGLISH_WORDS}</body></html>"
    assert parse_article(html, url).published_at == expected


FETCHED = datetime(2025, 5, 13, 12, 0, tzinfo=timezone.utc)


def test_relative_dates_count_back_from_the_fetch_time_not_the_clock():
    html = page("<h1>New</h1><p>Posted 1 day ago</p>" + ENGLISH_WORDS)
    article = parse_article(html, "https://example.com/a", ExtractionOptions(fetched_at=FETCHED))
    assert (article.published_at, article.published_precision) == ("2025-05-12T00:00:00+00:00", "day")
    assert parse_article(html, "https://example.com/a").published_at is None  # no fetch time: no moment


@pytest.mark.parametrize("infobox", ["<p>发售日期：2019-03-22</p>", "<p>开服时间：2019-03-22 10:00</p>"])
def test_a_games_dates_in_an_infobox_are_not_the_pages(infobox):
    html = page(f"<h1>新版本攻略</h1>{infobox}<p>作者：张三 发布时间：2025-05-12 09:30</p><div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example.cn/x").published_at == "2025-05-12T09:30:00+08:00"


def test_a_date_after_the_fetch_is_no_publication():
    html = page(f"<h1>新版本前瞻</h1><p>2025-07-02 10:00 新版本上线</p><div><p>{HAN * 5}</p></div><p>2025-05-12 09:30</p>")
    options = ExtractionOptions(fetched_at=FETCHED)
    assert parse_article(html, "https://a.example.cn/x", options).published_at == "2025-05-12T09:30:00+08:00"
    assert parse_article(html, "https://a.example.cn/x").published_at == "2025-07-02T10:00:00+08:00"  # no fetch, no bound


def test_a_relative_date_yields_to_an_absolute_one_anywhere_on_the_page():
    html = page('<h1>New</h1><p>Posted 1 day ago</p>' + ENGLISH_WORDS + '<time datetime="2025-05-10T09:30:00-04:00">May 10</time>')
    options = ExtractionOptions(fetched_at=FETCHED)
    assert parse_article(html, "https://example.com/a", options).published_at == "2025-05-10T09:30:00-04:00"


def test_published_date_is_preferred_over_modified_and_comment_dates():
    body = ("<h1>標題</h1><p>更新時間：2025-06-01 10:00 發布時間：2025-05-13 11:07</p>"
            f"<div class='content'><p>{HAN * 5}</p><p>2024-01-01 正文裡的日期</p></div>")
    assert parse_article(page(body), "https://a.example/x").published_at == "2025-05-13T11:07:00+08:00"


TABLE_TEASERS = "".join(f"<tr><td><a href='/n/{i}'>本市新建的第{i}所学校今天正式开学迎新</a></td><td>2011-03-0{i + 1}</td></tr>"
                        for i in range(3))


@pytest.mark.parametrize("layout", [
    f"<table>{TABLE_TEASERS}</table><h1>新版本上线</h1>",
    f"<h1>新版本上线</h1><table>{TABLE_TEASERS}</table>",
])
def test_a_table_of_other_stories_with_their_days_in_a_cell_of_their_own_does_not_date_the_page(layout):
    # A table layout lists other articles as rows: a headline link in one cell, its day
    # in the next; the page's own day is shown below its article.
    body = f"{layout}<div class='content'><p>{HAN * 5}</p><p>{HAN * 5}</p></div><div>2005-08-28 20:56</div>"
    assert parse_article(page(body, "<title>新版本上线</title>"), "https://a.example/x").published_at == \
        "2005-08-28T20:56:00+08:00"


def test_cards_of_other_stories_with_their_days_below_the_headline_links_do_not_date_the_page():
    cards = "".join(f"<div class='card'><div class='t'><a href='/n/{i}'>本市新建的第{i}所学校今天正式开学迎新</a></div>"
                    f"<div class='d'>2011-03-0{i + 1} 10:00</div></div>" for i in range(3))
    body = f"<div class='cards'>{cards}</div><h1>新版本上线</h1><div class='content'><p>{HAN * 5}</p></div><div>2005-08-28 20:56</div>"
    assert parse_article(page(body, "<title>显示文章</title>"), "https://a.example/x").published_at == \
        "2005-08-28T20:56:00+08:00"


def test_a_blocks_text_is_only_built_when_it_is_short():
    block = lxml_html.fromstring("<div><p>2011-03-01</p>" + "<p>第1条记录 价格100元</p>" * 2000 + "</div>")
    assert short_text(block, 150) is None
    assert short_text(lxml_html.fromstring("<li><a href='/n'>本市新建的学校开学</a> <span>2011-03-01</span></li>"), 150) == \
        "本市新建的学校开学 2011-03-01"


def test_the_pages_own_entry_in_a_list_of_the_sections_stories_dates_it():
    # The list links the page itself: that entry's day is the page's, the others' are not.
    url = "https://www.example.ch/kultur/mit-allen-wassern-gewaschen-ld.1161246"
    entries = [(url, "Tanz in der Lokremise: Mit allen Wassern gewaschen", "19.10.2019, 05:00 Uhr"),
               ("/kultur/andere-ld.1", "Neu auch in der Schweiz: Firmensitze, die ganze Stadtbilder dominieren",
                "18.10.2019, 18:50 Uhr")]
    items = "".join(f"<li><div><a href='{href}'><h2>{headline}</h2></a><div class='meta'>{day}</div></div></li>"
                    for href, headline, day in entries)
    prose = "<p>" + "Die Tänzerinnen zeigen in der Lokremise ein Stück über Wasser, das lange nachwirkt. " * 4 + "</p>"
    body = f"<h1>Tanz in der Lokremise: Mit allen Wassern gewaschen</h1><div class='text'>{prose}</div><ul>{items}</ul>"
    assert parse_article(page(body, '<meta property="og:locale" content="de_CH">'), url).published_at == \
        "2019-10-19T05:00:00+02:00"


def test_a_sites_last_update_above_the_title_does_not_date_the_page():
    body = (f"<div class='site'>本站最后更新：2011-03-04 09:15</div><h1>新版本上线</h1><div>2005-08-28 20:56 本站</div>"
            f"<div class='content'><p>{HAN * 5}</p><p>{HAN * 5}</p></div>")
    assert parse_article(page(body, "<title>新版本上线</title>"), "https://a.example/x").published_at == \
        "2005-08-28T20:56:00+08:00"


def test_a_sites_last_update_at_the_top_of_a_page_without_a_title_line_dates_it_last():
    # No line shows the title, so the page top is where the date is looked for; the site's
    # update line there loses to the reprint's issue month, and alone it still dates the page.
    article = f"<div><p>{HAN * 5}</p><p>{HAN * 5}</p><p>——《北京之春》1998年3月号</p></div>"
    top = "<div class='site'>本站最后更新：2011-03-04 09:15</div>"
    assert parse_article(page(top + article, "<title>显示文章</title>"), "https://a.example/x").published_at == \
        "1998-03-01T00:00:00+08:00"
    article = f"<div><p>{HAN * 5}</p><p>{HAN * 5}</p></div>"
    assert parse_article(page(top + article, "<title>显示文章</title>"), "https://a.example/x").published_at.startswith(
        "2011-03-04")


def test_a_blog_sidebars_calendar_month_before_the_post_does_not_date_it():
    # The title is no line of the page, so its top is where the date is looked for; a left
    # sidebar comes first in the markup, with a calendar headed by its month.
    days = "".join(f"<td><a href='/d/{d}'>{d}</a></td>" for d in range(1, 8))
    body = (f"<table><tr><td><table><caption>2011年3月</caption><tr>{days}</tr></table></td><td>"
            f"<div>湘菜粤菜 兵分两路</div><div>2005-06-14 03:25:55</div><div><p>{HAN * 5}</p><p>{HAN * 5}</p></div>"
            "</td></tr></table>")
    assert parse_article(page(body, "<title>海姑娘的博客</title>"), "https://blog.example.cn/archives.php").published_at == \
        "2005-06-14T03:25:55+08:00"


def test_a_date_inside_a_sentence_of_the_article_does_not_date_the_page():
    # A citation's edition ("出版社1999年1月第1版") in the article's prose is no publication date.
    prose = "".join(f"<p>{HAN * 3}</p>" for _ in range(3))
    body = (f"<h1>投身外交</h1><div class='content'>{prose}<p>萧乾：《风雨平生》，第236页，北京大学出版社1999年1月第1版。</p>"
            f"{prose}</div>")
    assert parse_article(page(body, "<title>投身外交</title>"), "https://book.example.cn/41.shtml").published_at is None


def test_structured_date_with_offset_beats_a_naive_one():
    head = ('<meta property="article:published_time" content="2022-05-10T23:35:55">'
            '<meta name="date" content="2022-05-11T04:10:00-03:00">')
    assert parse_article(page(f"<p>{HAN * 5}</p>", head), "https://a.example/x").published_at == "2022-05-11T04:10:00-03:00"


def test_dateline_opening_a_long_paragraph():
    text = "Bei der Erinnerung an die Opfer wurde ein neuer Stolperstein verlegt, sagte die Sprecherin. " * 3
    html = page(f"<h1>Ein Titel für den Artikel</h1><p>27.1.2022 - {text}</p>")
    assert parse_article(html, "https://a.example/x").published_at == "2022-01-27T00:00:00+00:00"


@pytest.mark.parametrize("opening, expected", [("(21. November 2022) ", "2022-11-21"), ("31. Oktober 2023. ", "2023-10-31"),
                                                ("Hamburg, den 02. Dezember 2022 – ", "2022-12-02")])
def test_named_month_dateline_opening_a_long_paragraph(opening, expected):
    text = "Bei der Erinnerung an die Opfer wurde ein neuer Stolperstein verlegt, sagte die Sprecherin. " * 3
    html = page(f"<h1>Ein Titel für den Artikel</h1><p>{opening}{text}</p>")
    assert parse_article(html, "https://a.example/x").published_at[:10] == expected


def test_prose_opening_with_a_date_is_no_dateline():
    text = "Am 3. Mai 2022 sagte die Sprecherin, dass ein neuer Stolperstein verlegt wurde. " * 3
    assert parse_article(page(f"<h1>Ein Titel für den Artikel</h1><p>{text}</p>"), "https://a.example/x").published_at is None


def test_utc_meta_time_reads_in_the_zone_of_the_page_language():
    head = '<meta property="article:published_time" content="2022-11-06T23:00:00.000Z">'
    html = page(f"<h1>Ein Titel für den Artikel</h1><p>{'Text des Artikels. ' * 20}</p>", head).replace("<html>", '<html lang="de">')
    assert parse_article(html, "https://a.example/x").published_at == "2022-11-07T00:00:00+01:00"


def test_structured_time_with_its_own_offset_is_not_re_expressed_by_the_page_clock():
    head = '<meta property="article:published_time" content="2022-02-03T20:17:12+01:00">'
    html = page(f"<h1>Ein Titel für den Artikel</h1><p>am 3. Februar 2022 um 21:17</p><p>{'Text. ' * 40}</p>", head)
    assert parse_article(html, "https://a.example/x").published_at == "2022-02-03T20:17:12+01:00"


def test_json_ld_date_beats_page_text():
    ld = '<script type="application/ld+json">{"@type":"Article","datePublished":"2021-03-04T05:06:07+02:00"}</script>'
    html = page(f"<h1>T</h1><p>2025-01-01</p><p>{HAN * 5}</p>", ld)
    assert parse_article(html, "https://a.example/x").published_at == "2021-03-04T05:06:07+02:00"


# --- title and author -----------------------------------------------------------------

@pytest.mark.parametrize("title", ["攻略標題_永創攻略", "攻略標題 | Some Site", "攻略標題 - Some Site"])
def test_title_site_suffix_is_stripped_by_comparing_candidates(title):
    html = page(f"<h1>攻略標題</h1><p>{HAN * 5}</p>", f"<title>{title}</title>")
    assert parse_article(html, "https://a.example/x").title == "攻略標題"


@pytest.mark.parametrize("heading, title", [
    ("<span>Klimaschutz</span><span class='visually-hidden'>: </span><span>Bohren, bis es heiß wird</span>", "Bohren, bis es heiß wird"),
    ("<small>Tunesien</small><br> Große Aufgaben für die neue Regierung", "Große Aufgaben für die neue Regierung"),
    ("<span>Energiewende Oberland:</span> Klimavorreiter Oberland?", "Klimavorreiter Oberland?"),
    ("<a href='/t/1'><span class='label'>Patch Notes</span><span> </span>Patch 4.47.4 bug fix build</a>", "Patch 4.47.4 bug fix build"),
    ("<b>独家</b>：新版本上线时间公布", "独家：新版本上线时间公布"),  # no element sets the first word off
])
def test_a_kicker_set_off_before_the_headline_is_not_the_title(heading, title):
    html = page(f"<h1>{heading}</h1><p>{HAN * 5}</p>")
    article = parse_article(html, "https://a.example/x")
    assert article.title == title and "Klimaschutz" not in article.body_text


@pytest.mark.parametrize("heading, title", [
    ("<a href='forum.php?mod=forumdisplay&amp;typeid=5'>[心得]</a> <span>新手開荒三天的裝備選擇</span>", "新手開荒三天的裝備選擇"),
    ("【攻略】新版本副本首領打法詳解", "新版本副本首領打法詳解"),
    ("[Guide] Every boss in the new raid", "[Guide] Every boss in the new raid"),
    ("[Windows Expertenwissen] Per Update spioniert Microsoft", "[Windows Expertenwissen] Per Update spioniert Microsoft"),
    ("【公告】開服", "【公告】開服"),  # no headline left without the brackets
])
def test_a_bracketed_category_label_before_the_headline_is_not_the_title(heading, title):
    html = page(f"<h1>{heading}</h1><p>{HAN * 5}</p>")
    assert parse_article(html, "https://a.example/x").title == title


@pytest.mark.parametrize("heading, document, title", [
    ("Was wir nicht hören wollen<span class='element-invisible'> | SITE.NET</span>", "Was wir nicht hören wollen | Site",
     "Was wir nicht hören wollen"),
    ("<span class='primary'>Tagesschau verschweigt die Demo</span> <span class='subtitle'>Ein Untertitel dazu</span>",
     "Tagesschau verschweigt die Demo - site.de", "Tagesschau verschweigt die Demo"),
    # The title's leading segment is a kicker the heading also shows: the heading stands.
    ("<span>Die Zukunft der Arbeit</span> <span>Wir dekorieren die Liegestühle um</span>",
     "Die Zukunft der Arbeit - Wir dekorieren die Liegestühle um", "Die Zukunft der Arbeit Wir dekorieren die Liegestühle um"),
])
def test_hidden_text_and_subtitles_in_the_heading_are_not_the_title(heading, document, title):
    html = page(f"<h1>{heading}</h1><p>{HAN * 5}</p>", f"<title>{document}</title>")
    assert parse_article(html, "https://a.example/x").title == title


def test_a_hyphen_between_chinese_characters_separates_the_site_name():
    html = page(f"<p>{HAN * 5}</p>", "<title>武汉的声音：有英勇的你，才有英雄的城！-新华网</title>")
    assert parse_article(html, "https://a.example/x").title == "武汉的声音：有英勇的你，才有英雄的城！"


def test_a_powered_by_segment_is_neither_title_nor_site():
    html = page(f"<p>{HAN * 5}</p>", "<title>一篇很長的攻略文章標題 - 攻略交流 - Powered by Discuz!</title>")
    assert parse_article(html, "https://a.example/x").title == "一篇很長的攻略文章標題"


@pytest.mark.parametrize("document, title", [("一篇很長的攻略文章標題_站名", "一篇很長的攻略文章標題"),
                                             ("A rather long article title : Some Blog", "A rather long article title"),
                                             ("A rather long article title / Some Blog", "A rather long article title"),
                                             ("AC/DC live in Berlin: a review | Some Blog", "AC/DC live in Berlin: a review")])
def test_title_without_h1_strips_the_shorter_site_part(document, title):
    html = page(f"<p>{HAN * 5}</p>", f"<title>{document}</title>")
    assert parse_article(html, "https://a.example/x").title == title


def test_a_short_h1_with_curly_quotes_agrees_with_straight_ones_in_the_title():
    # The h1 alone is too short to read as a headline: only its agreement with <title> counts.
    html = page(f"<h1>Jack\u2019s \u201cQuest\u201d</h1><p>{HAN * 5}</p>", "<title>Jack's \"Quest\" | Spielwarte</title>")
    assert parse_article(html, "https://a.example/x").title == "Jack\u2019s \u201cQuest\u201d"


@pytest.mark.parametrize("document", ["Die Turniere der letzten Wochen", "Clan e.V. - News » Die Turniere der letzten Wochen"])
def test_a_heading_showing_the_title_beats_an_h1_sharing_few_of_its_words(document):
    html = page(f"<div class='box'><h1>Gewinnt ein Gaming-Headset beim Turnier!</h1></div><h2>Die Turniere der letzten Wochen</h2>"
                f"<p>{HAN * 5}</p>", f"<title>{document}</title>")
    assert parse_article(html, "https://a.example/x").title == "Die Turniere der letzten Wochen"


def test_an_h1_lengthening_the_title_stays_the_headline():
    html = page("<h1>Das Studio vergrößert sein Entwicklerteam in Leipzig</h1><p>" + HAN * 5 + "</p>"
                "<h3>Das Studio vergrößert sein Entwicklerteam</h3>", "<title>Das Studio vergrößert sein Entwicklerteam - Spielwarte</title>")
    assert parse_article(html, "https://a.example/x").title == "Das Studio vergrößert sein Entwicklerteam in Leipzig"


def test_soft_hyphens_leave_the_title():
    html = page(f"<h1>Bund plant ein Spiele\u00adförder\u00adgesetz</h1><p>{HAN * 5}</p>",
                "<title>Bund plant ein Spieleförder&shy;gesetz | Netzwelt</title>")
    assert parse_article(html, "https://a.example/x").title == "Bund plant ein Spielefördergesetz"


def test_a_line_break_in_the_headline_reads_as_a_space():
    html = page(f"<h1>Neues Update<br>für alle Spieler</h1><p>{HAN * 5}</p>", "<title>Neues Update für alle Spieler - Netzwelt</title>")
    assert parse_article(html, "https://a.example/x").title == "Neues Update für alle Spieler"


def test_ruby_annotations_leave_the_title_and_byline():
    html = page(f"<h1>環<ruby>境<rt>jìng</rt></ruby>要<ruby>變<rt>biàn</rt></ruby>天了</h1><p>作者：<ruby>張<rt>zhāng</rt></ruby>三</p>"
                f"<div><p>{HAN * 5}</p></div>", "<title>環境要變天了_站名</title>")
    article = parse_article(html, "https://a.example/x")
    assert (article.title, article.author) == ("環境要變天了", "張三")


def test_title_selector_overrides_everything():
    html = page(f"<h1>甲</h1><div class='t'>乙標題</div><p>{HAN * 5}</p>", "<title>甲</title>")
    options = ExtractionOptions(title_selector="div.t")
    assert parse_article(html, "https://a.example/x", options).title == "乙標題"


@pytest.mark.parametrize(
    "line, author",
    [("作者：张三 编辑：李四 来源：某网", "张三"),
     ("来源：某网 责任编辑：李四", "李四"),
     ("记者 王建宏 张文攀 报道", "王建宏, 张文攀"),
     ("By Jane Doe and John Roe | May 1, 2024", "Jane Doe, John Roe"),
     ("作者：永創攻略編輯部 發布時間：2025-05-01 04:53:25", "永創攻略編輯部"),
     ("Auteur : Kossivi Tiassou", "Kossivi Tiassou"),
     ("Text von Christian Seiler Illustration von Markus Roost", "Christian Seiler"),
     ("Por Isabel Caro, Rocío Latorre y José Miguel Wilson", "Isabel Caro, Rocío Latorre, José Miguel Wilson"),
     ("Beitragvon heiler77 » 21.01.2009, 05:42", "heiler77"),
     ("Autor: Gàbor Muniér, Datum: 03.03.2019", "Gàbor Muniér"),
     ("Von David Hutzler, dpa", "David Hutzler"),
     ("Autor: Rechtsanwalt Sebastian Einbock", "Sebastian Einbock"),
     ("Autor kontaktieren", None),
     ("Gespeichert von rasos am 24. Juli 2017 - 18:55", "rasos"),
     ("发文机关：云海市人民政府", "云海市人民政府"),
     ("发布于2019-09-05 11:10 | 2019人阅读 | 来源cnBeta | 3 评论 | 作者张三丰", "张三丰"),
     ("【文/观察者网专栏作者 张三丰】", "张三丰"),
     ("文/本刊特约作者 李四", "李四"),
     ("采写/张三、李四", "张三, 李四"),
     ("统筹/赵六 执笔／王五", "王五"),
     ("作者：泽田樱&nbsp;&nbsp;评论数：0", "泽田樱"),
     ("作者：那个谁 <a href='#comments'>评论(5)</a>", "那个谁"),
     ("作者｜李小加", "李小加"),
     ("遊戲角落 記者林宏偉／綜合報導", "林宏偉"),
     ("Guide by Harriet Quill, Guides Writer Additional contributions by Ben Amos", "Harriet Quill"),
     ("文丨刘小蕾", "刘小蕾"),
     ("本文来自微信公众号：某某团，作者：刘晓宁，题图来自：视觉中国", "刘晓宁"),
     ("红星新闻记者 刘晓 实习记者 陈思", "刘晓, 陈思"),
     ("Herausgeber: Nordex SE", "Nordex SE"),
     ("Quelle: kathpress", "kathpress"),
     ("Von Jonas Peter Keller im Gespräch mit Mara Lindt", "Jonas Peter Keller, Mara Lindt"),
     ("By Anna Maria Berg about the new season", "Anna Maria Berg"),
     ("Por María del Carmen Ruiz y João dos Santos", "María del Carmen Ruiz, João dos Santos"),
     ("Autorin: Uta Weber, Projektleiterin der Stiftung in Tunis.", "Uta Weber")],
)
def test_labelled_author_lines(line, author):
    html = page(f"<h1>標題</h1><p>{line}</p><div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example/x").author == author


@pytest.mark.parametrize(
    "lines, author",
    [("<p>Autor</p><p>Nikolai Huke</p>", "Nikolai Huke"),
     ("<p>11.12.2019 - Amelie Loevenich</p>", "Amelie Loevenich"),
     ("<p>胡平</p>", "胡平"),
     ("<p>首页</p>", None),
     ("<ul><li>订阅</li><li>管理</li></ul>", None),  # a menu's item opening with a surname (管)
     ("<p>执笔人：闵乐夫 赵兰波</p>", "闵乐夫, 赵兰波"),
     ("<p>BUSINESS.EXAMPLE.COM 2004年7月16日08:19 [ 黄宇 ] 来源：[ 国际金融报 ]</p>", "黄宇"),
     ("<p>ggjjzhzz 发表于 2005-9-15 11:46:00</p>", "ggjjzhzz"),
     ("<p>posted @ 2005-08-16 10:20 张三 阅读(123) 评论(3)</p>", "张三"),  # a .Text/cnblogs post footer
     ("<p>本报记者王燕平 方云凤</p><p>本报实习生刘国栋</p>", "王燕平, 方云凤, 刘国栋"),
     ("<p>Gespeichert von admin77 am 7. Juli 2019</p><p>Blog Beitrag von Margarita Koreneva</p>", "Margarita Koreneva"),
     ("<p>发文机关：</p><p>云海市人民政府</p>", "云海市人民政府"),
     ("<p>拿出十万元投资房产 小两口尝试以钱生钱 蔡雪婧/摄</p>", "蔡雪婧"),
     ("<p>Published By</p><p>Inga Hoeltmann</p>", "Inga Hoeltmann"),
     ("<p>Interview mit Autorin Katrin Kämpf</p><p>28. Jan. 2022 Paula Balov</p>", "Paula Balov"),
     ("<p>Jacobo Betancur Peláez | Publicado hace 3 horas</p>", "Jacobo Betancur Peláez")],
)
def test_bylines_without_inline_labels(lines, author):
    html = page(f"<h1>一篇文章的標題</h1>{lines}<div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example/x").author == author


def test_labelled_one_word_name_in_author_markup():
    filler = "".join(f"<p>{HAN} {i}</p>" for i in range(30))
    html = page(f"<h1>一篇文章的標題</h1><div>{filler}</div><div class='left author'>Author: Bo2man am 29.12.2010, 13:36 Uhr</div>")
    assert parse_article(html, "https://a.example/x").author == "Bo2man"


def test_comment_authors_are_not_the_article_author():
    comments = "<div id='comments'><div class='comment-author vcard'>Kersti Wolnow sagt:</div><p>Gut.</p></div>"
    html = page(f"<h1>Ein Titel für den Artikel</h1><div><p>{'Text des Artikels. ' * 30}</p></div>{comments}")
    assert parse_article(html, "https://a.example/x").author is None


def test_company_copyright_is_no_writer():
    html = page(f"<h1>Ein Titel für den Artikel</h1><div><p>{'Text des Artikels. ' * 30}</p></div><p>© 1997-2024 LUMITOS AG</p>")
    assert parse_article(html, "https://a.example/x").author is None


def test_game_name_before_a_headline_is_no_writer():
    html = page(f"<p>原神：新版本前瞻汇总</p><h1>原神：新版本前瞻汇总</h1><div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example/x").author is None


def test_interview_questions_labelled_like_bylines_stay_in_the_text():
    body = f"<h1>標題</h1><p>記者 王小明</p><div><p>{HAN * 4}</p><p>記者：你平時怎麼練習？</p><p>{HAN * 3}</p></div>"
    article = parse_article(page(body), "https://a.example/x")
    assert "記者：你平時怎麼練習？" in article.body_text.split("\n") and "記者 王小明" not in article.body_text


def test_a_reporter_line_naming_its_site_first_is_no_body_text():
    paragraphs = [f"{HAN * 3}第{i}段。" for i in range(3)]
    html = page("<h1>农机专家李金泽</h1><div class='content'><p>新华网黑龙江频道&nbsp; 记者&nbsp; 伊琳&nbsp; 李清芬</p>"
                "<p>战地记者的一天</p>" + "".join(f"<p>{p}</p>" for p in paragraphs) + "</div>")
    assert parse_article(html, "https://a.example/x").body_text.split("\n") == ["战地记者的一天", *paragraphs]


def test_reporters_credited_at_the_end_of_the_article():
    html = page(f"<h1>一篇文章的標題</h1><div><p>{HAN * 5}</p><p>{HAN * 3}（姚峰 上海报道）</p></div>")
    assert parse_article(html, "https://a.example/x").author == "姚峰"


def test_signature_line_names_the_author_only_when_nothing_else_does():
    text = "The match ended three to nothing after a quiet second period. " * 4
    html = page(f"<h1>A headline for the match</h1><div><p>{text}</p><p>{text}</p><p><b><i>Stefan Wasmer</i></b></p></div>")
    assert parse_article(html, "https://a.example/x").author == "Stefan Wasmer"
    labelled = html.replace("<div>", "<p>By Anna Berg</p><div>")
    assert parse_article(labelled, "https://a.example/x").author == "Anna Berg"


def test_related_list_and_page_nav_are_not_body_text():
    body = (f"<h1>標題</h1><div class='content'><p>{HAN * 4}</p><p>{HAN * 3}</p><p>第1页/共2页 上一页 1 2 下一页</p>"
            "<p>相关报道：</p><p>·另一篇文章的標題（2005-04-03）</p></div>")
    text = parse_article(page(body), "https://a.example/x").body_text
    assert text == f"{HAN * 4}\n{HAN * 3}"


@pytest.mark.parametrize("line", ["您所在的位置： 首页 > 快讯 > 公司", "首页 > 快讯 > 公司 > 正文",
                                  "声明：本报力求信息真实、准确，文章提及内容仅供参考，不构成实质性投资建议。", "编辑|禤志杰", "校对｜黄慧敏"])
def test_breadcrumbs_disclaimers_and_credits_around_an_article_are_not_body_text(line):
    body = f"<h1>標題</h1><div class='content'><p>{line}</p><p>{HAN * 4}</p><p>{HAN * 3}</p><p>{line}</p></div>"
    assert parse_article(page(body), "https://a.example/x").body_text == f"{HAN * 4}\n{HAN * 3}"


def test_related_links_opening_an_article_leave_the_article_after_them():
    body = ("<h1>標題</h1><div class='content'><p>相关新闻：</p><p><a href='/a'>直播2019年发布会</a></p>"
            f"<p><a href='/b'>秋季新品发布会：谈色彩</a></p><p>{HAN * 4}</p><p>{HAN * 3}</p></div>")
    assert parse_article(page(body), "https://a.example/x").body_text == f"{HAN * 4}\n{HAN * 3}"


def test_a_keyword_linked_inside_a_sentence_stays_in_it():
    linked = "<span id='usstock_AAPL'><a class='keyword' href='/quotes/AAPL'>苹果</a></span>"
    body = f"<h1>標題</h1><div class='content'><p>新浪科技讯 北京时间9月11日凌晨消息，{linked}2019秋季发布会开幕。{HAN * 3}</p><p>{HAN * 3}</p></div>"
    assert "消息，苹果2019秋季发布会开幕" in parse_article(page(body), "https://a.example/x").body_text


PROSE = ["The council met on Friday. It voted to repair the old bridge before winter comes.",
         "Work starts next month. The road will close for three weeks while crews replace the deck.",
         "Residents asked for a detour. The council said buses will use the river road instead."]
TEASERS = "".join(f"<h3><a href='/deal/{i}'>Deal number {i} is here</a></h3><p>Short teaser text for deal {i}, read more.</p>"
                  for i in range(3))


@pytest.mark.parametrize("wrapper", ["<aside class='secondary'>{}</aside>", "<div class='container vertical-ad-con'>{}</div>"])
def test_article_column_labelled_like_furniture_is_kept(wrapper):
    article = "<h1>Bridge repairs</h1>" + "".join(f"<p>{text}</p>" for text in PROSE)
    html = page("<nav><a href='/'>Home</a> <a href='/news'>News</a></nav>" + wrapper.format(article)
                + f"<aside class='deals'>{TEASERS}</aside>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text == "\n".join(PROSE)


def as_lines(paragraphs: list[str]) -> str:
    """Paragraphs written as older portals and forum software write them: lines between <br>s."""
    return "".join(f"{text}<br><br>" for text in paragraphs)


def test_an_article_written_as_lines_in_a_column_labelled_like_furniture_is_kept():
    html = page("<nav><a href='/'>Home</a> <a href='/news'>News</a></nav><div class='headline'><h1>Bridge repairs</h1></div>"
                f"<aside class='secondary'><div class='bigtext'>{as_lines(PROSE)}</div></aside>"
                f"<aside class='deals'>{TEASERS}</aside>")
    assert parse_article(html, "https://a.example/x").body_text == "\n".join(PROSE)


def test_an_article_split_over_blocks_keeps_its_short_last_block():
    paragraphs = ["据官方消息，新版本将于五月二十日上线，届时开放新副本与新的主线剧情，玩家等级达到六十级即可进入挑战。",
                  "本次更新还调整了多个职业的技能数值，官方表示会在上线后持续观察玩家反馈。",
                  "更多活动内容请关注官方网站与游戏社区的后续公告。"]
    blocks = "".join(f"<div class='blk'><div class='inner'><p>{text}</p></div></div><div class='slot'><a href='/ad/{i}'><img src='/ad.png'></a></div>"
                     for i, text in enumerate(paragraphs))
    html = page(f"<h1>新版本上线时间公布</h1><div class='article'>{blocks}<p class='editor'>责任编辑：王五</p></div>")
    assert parse_article(html, "https://a.example/x").body_text.startswith("\n".join(paragraphs))


SHORT_ZH = "新版本将于5月20日上线，届时开放新副本“幽影神殿”，玩家等级达到60级即可进入。本次更新还调整了职业平衡，详情请关注官方公告。"
SHORT_EN = "The studio confirmed the patch will arrive on Tuesday. It fixes the save bug and adds a photo mode."


@pytest.mark.parametrize("article, items", [
    (SHORT_ZH, "".join(f"<div class='reply'><p>网友{i}：这个版本我觉得还不错，副本难度适中，就是奖励有点少，希望官方能再调整一下吧。</p></div>"
                       for i in range(6))),
    (SHORT_EN, "".join("<div class='teaser'><p>Another story about something else entirely, with more words in it than"
                       " the article has. Read it now.</p></div>" for _ in range(4))),
])
def test_a_short_article_is_not_replaced_by_the_list_below_it(article, items):
    html = page(f"<h1>Patch day</h1><div class='art'><p>{article}</p></div><div class='more'>{items}</div>")
    assert parse_article(html, "https://a.example/x").body_text == article


def test_a_short_article_is_not_replaced_by_the_next_article_below_it():
    following = "<p>" + "另一篇文章的内容要长得多，讲的是一位歌手的故事，他的歌在很多年里被很多人传唱。" * 8 + "</p>"
    html = page(f"<header><h1>快资讯</h1></header><div class='detail'><h1>美官员否认直升机事故存在谋杀行为<span>播报</span></h1>"
                f"<div class='text'><p>{SHORT_ZH}</p></div></div>"
                f"<div class='detail'><h1>三十一岁在春晚一炮而红的歌手</h1><div class='text'>{following}</div></div>",
                "<title>美官员否认直升机事故存在谋杀行为</title>")
    assert parse_article(html, "https://a.example/x").body_text == SHORT_ZH


SHORT_EN = ("The city council approved the new bike lanes on Main Street on Tuesday evening. "
            "Work on the lanes starts in March.")
CONSENT = ("<div class='modal-content'><p>Welcome! We and our partners use cookies and similar technologies to "
           "store and access information on your device, to show you personalised ads and content, and to measure "
           "them. You can change your choice at any time in the privacy settings. Further information can be found "
           "in our privacy policy.</p><p>Accept and continue with personalised advertising, or subscribe and read "
           "without advertising and tracking for a small monthly fee.</p></div>")


@pytest.mark.parametrize("notice", [CONSENT, CONSENT.replace("modal-content", "footer-disclaimer")])
def test_a_short_article_is_not_replaced_by_a_longer_notice_that_is_not_about_it(notice):
    html = page(f"<main><h1>Council approves bike lanes on Main Street</h1><div class='story'><p>{SHORT_EN}</p></div></main>"
                f"<div class='overlay'>{notice}</div>")
    assert parse_article(html, "https://a.example/x").body_text == SHORT_EN


def test_a_short_article_in_a_container_named_like_an_ad_is_kept():
    teasers = "".join(f"<div class='teaser'><p>{'Another story of the day that many readers have already read. ' * 2}</p></div>"
                      for _ in range(6))
    html = page(f"<div class='container vertical-ad-con'><h1>Council approves bike lanes on Main Street</h1>"
                f"<div class='article-body'><p>{SHORT_EN}</p></div></div><div class='more'>{teasers}</div>")
    assert parse_article(html, "https://a.example/x").body_text == SHORT_EN


@pytest.mark.parametrize("header, kept", [
    ("<p>https://news.example.com/story/123</p><p>Jane Roe, Staff Writer</p>"
     "<p>Updated 3:27 am PST, Wednesday, November 20, 2019</p>", ""),
    ("<p>Nov. 20, 2019 6:02 AM EST</p>", ""),
    # A first paragraph that mentions a date is the article.
    ("<p>On November 19, 2019 the council met again.</p>", "On November 19, 2019 the council met again.\n"),
])
def test_the_header_lines_above_the_first_paragraph_are_not_body_text(header, kept):
    html = page(f"<h1>Council approves bike lanes on Main Street</h1><div class='story'>{header}<p>{SHORT_EN}</p>"
                f"<p>{SHORT_EN.replace('Tuesday', 'Monday')}</p></div>")
    assert parse_article(html, "https://a.example/x").body_text == f"{kept}{SHORT_EN}\n{SHORT_EN.replace('Tuesday', 'Monday')}"


def test_digits_wrapped_by_a_word_processor_stay_in_the_sentence():
    html = page("<h1>拆房屡出命案</h1><div class='text'><p><span>在红石板社区拆房工地，</span><span lang='EN-US'><font>4</font></span>"
                "<span>幢居民楼已被拆得七零八落。记者注意到，这些楼房里还住着十多户人家！</span></p>"
                f"<p>{HAN * 4}</p></div><div class='pages'><a href='?p=1'>1</a> <a href='?p=2'>2</a> <a href='?p=2'>下一页</a></div>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text.startswith("在红石板社区拆房工地，4幢居民楼") and "下一页" not in text


@pytest.mark.parametrize("widget", [
    "<div class='info-box'><p>An dieser Stelle findest du einen externen Inhalt von YouTube.</p>"
    "<input type='checkbox' id='t'><label for='t'>YouTube-Inhalte erlauben</label></div>",
    "<div class='signup'><p>Get daily news delivered to your inbox.</p><input type='email'><button>Sign up</button></div>",
])
def test_a_form_widget_inside_the_article_is_not_body_text(widget):
    prose = "<p>" + "The patch changes the ranked mode and adds three maps to the rotation for everyone. " * 4 + "</p>"
    html = page(f"<h1>Patch day</h1><div class='article'>{prose}{widget}{prose}</div>")
    text = parse_article(html, "https://a.example/x").body_text
    assert "YouTube" not in text and "inbox" not in text and text.count("three maps") == 8


def test_a_review_split_over_sibling_blocks_is_kept_whole():
    sections = [f"Part {i} of the review. The combat feels quicker than before, and the maps are larger. "
                f"Section {i} ends with a verdict on the {['story', 'music', 'maps', 'bosses', 'price'][i]}." for i in range(5)]
    blocks = "".join(f"<div><div class='rich-text'><p>{text}</p></div></div><div class='ad-slot'><img src='/a{i}.png'></div>"
                     for i, text in enumerate(sections))
    closing = "<p>" + "The last part is the longest one, it says what we liked most, and why, and what not. " * 10 + "</p>"
    html = page(f"<h1>Review</h1><div class='article'>{blocks}<div><div class='rich-text'>{closing}</div></div></div>"
                "<div class='about'><h3>About the author</h3><p>Sam writes about games. Sam likes strategy games best.</p></div>")
    text = parse_article(html, "https://a.example/review").body_text
    assert text.split("\n")[:5] == sections and "About the author" not in text


def test_a_column_holding_a_short_article_and_a_long_link_list_is_no_link_list():
    # The chosen block is the page's content area: the article's column, where a long
    # related-reading list outweighs the short article in characters, and a sidebar.
    links = "".join(f"<li><a href='/news/{i}'>国家统计局：{i}月全国居民消费价格同比上涨的详细解读</a></li>" for i in range(12))
    area = lxml_html.fromstring(f"<div class='main'><div class='left'><h1>4月CPI同比上涨</h1><p>{SHORT_ZH}</p><p>{SHORT_ZH}</p>"
                                f"<h3>相关阅读</h3><ul>{links}</ul></div><div class='right'><ul>{links}</ul></div></div>")
    assert render_body([area], "https://a.example/x", "4月CPI同比上涨").text == f"{SHORT_ZH}\n{SHORT_ZH}"


def test_a_short_article_beside_a_sidebar_describing_the_show_is_the_body():
    # A podcast episode's two sentences; the sidebar says more, about the whole show.
    episode = "This week Alec sits down with actor Stacy Keach. Some fans know him for Hamlet; others for a comedy."
    about = "".join(f"<div>In this podcast series, the host visits artists and policy makers, part {i}. "
                    f"He takes listeners inside the dressing rooms and offices of the people he meets.</div>" for i in range(6))
    menu = "".join(f"<li><a href='/shows/{i}'>Another show of the station, number {i}</a></li>" for i in range(30))
    html = page(f"<ul class='menu'>{menu}</ul><div class='grid_8 main episode'><h2>Stacy Keach</h2>"
                f"<div class='article-description'><p>{episode}</p></div></div>"
                f"<div class='grid_4 sidebar'><div class='sideblock show-nav'><h4>About the show</h4>{about}</div></div>",
                "<title>Stacy Keach - Here's The Thing</title>")
    assert parse_article(html, "https://a.example/episode").body_text == episode


def test_copyright_notices_and_photo_credits_are_not_body_text():
    prose = "<p>" + "The studio lost the copyright lawsuit over the soundtrack and will pay the composer. " * 3 + "</p>"
    html = page(f"<h1>Court ruling</h1><div class='article'>{prose}<p>Photo: The studio's office. | © Example Images</p>"
                f"{prose}<p>Copyright © 2023 Example Media, LLC.</p><p>本站版权所有，转载请注明出处</p></div>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text.count("copyright lawsuit") == 6 and "©" not in text and "版权所有" not in text


READER_REPLIES = "".join(
    f"<div class='item'><div class='who'><a href='/u/{i}'>玩家{i}</a> 2025-05-{10 + i} 10:0{i}</div>"
    f"<p>我觉得这次更新说得很有道理，尤其是职业平衡的部分，希望以后多出类似的内容。第{i}楼支持一下！</p></div>" for i in range(6))
ARTICLE_ZH = "".join(f"<p>{SHORT_ZH}第{i}段说明了新副本的玩法、奖励和开放时间，玩家可以提前准备。</p>" for i in range(6))


@pytest.mark.parametrize("layout", [
    # the readers' replies beside the article's block, and closing it
    f"<div class='main'><div class='text'>{ARTICLE_ZH}</div><div class='list'><h3>网友评论</h3>{READER_REPLIES}</div></div>",
    f"<div class='main'><div class='text'>{ARTICLE_ZH}<h3>网友评论</h3><div class='list'>{READER_REPLIES}</div></div></div>",
])
def test_unlabelled_reader_replies_after_the_article_are_not_body_text(layout):
    html = page(f"<h1>新版本5月20日上线</h1>{layout}", "<title>新版本5月20日上线</title>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text.count("新副本的玩法") == 6 and "玩家3" not in text and "第2楼" not in text and "网友评论" not in text


def test_reader_replies_longer_than_a_short_article_in_its_block_are_not_body_text():
    # A titled list of replies closing the article's own block, though it holds most of
    # the block's text (a live blog's entries do too, but no prose and no list title
    # come before them).
    short = "".join(f"<p>{SHORT_ZH}第{i}段。</p>" for i in range(2))
    replies = READER_REPLIES * 2
    html = page(f"<h1>新版本5月20日上线</h1><div class='text'>{short}<div class='list'><h3>网友评论</h3>{replies}</div></div>",
                "<title>新版本5月20日上线</title>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text == f"{SHORT_ZH}第0段。\n{SHORT_ZH}第1段。"


def test_a_deals_post_split_over_blocks_full_of_links_is_kept_whole():
    # Each block's links weigh on it as on the whole, so one block barely outscores the
    # container of all of them: the container is the article.
    def deal(i: int) -> str:
        return (f"<p><a href='/shop/{i}'>Example Store via its marketplace</a> is offering the tablet model {i} for "
                f"<a href='/deal/{i}'>${100 + i} with free shipping</a>. That is $20 off the regular rate and the best "
                f"price we have tracked this year.</p>")
    blocks = "".join(f"<div class='blk'><div class='inner'>{deal(i)}{deal(i + 10)}</div></div>"
                     f"<div class='slot'><a href='/ad/{i}'>Sponsored</a></div>" for i in range(3))
    html = page(f"<h1>Today's best deals</h1><div class='post-body'>{blocks}</div>")
    text = parse_article(html, "https://a.example/x").body_text
    assert all(f"tablet model {i} " in text for i in (*range(3), *range(10, 13)))


def test_a_short_article_whose_container_also_names_furniture_is_kept():
    # "breadcrumb" among the container's script hooks does not make a short article
    # furniture, though it is short, its links many and the rest of the page longer.
    linked = SHORT_EN.replace("The studio confirmed", "<a href='/studio'>The studio confirmed</a>")
    menu = "".join(f"<li><a href='/games/{i}'>Reviews of strategy games, part {i}</a></li>" for i in range(10))
    html = page(f"<article class='main-article-content js-url-breadcrumb'><h1>Patch 1.2 is out</h1><p>{linked}</p>"
                f"<p>{linked}</p></article><ul class='menu'>{menu}</ul>")
    assert parse_article(html, "https://a.example/x").body_text == f"{SHORT_EN}\n{SHORT_EN}"


def _blog_entry(title: str, stamp: str, text: str) -> str:
    return (f"<tr><td><table class='entry'><tr><td>{title}</td><td>{stamp}</td></tr><tr><td colspan='2'>{text}</td></tr>"
            f"<tr><td colspan='2'>[打印]</td></tr><tr><td colspan='2'>由海姑娘张贴 @ {stamp} 发表评论</td></tr></table></td></tr>")


def test_a_blog_archive_gives_its_first_entry_and_the_poster_below_it():
    # Dated entries are separate posts, the first is the page's article, however long
    # the later ones; its poster is named in the footer right below it.
    first = "湘菜粤菜兵分两路，新鲜的是，湘菜浓妆淡抹，粤菜却是明艳照人。" * 4
    later = "回国探亲时候，我和外婆再次去了江南一个小乡村，那是我外婆养子的家。" * 12
    menu = "".join(f"<div><a href='/c{i}'>栏目{i}</a></div>" for i in range(30))
    html = page(f"{menu}<table><tr><td><div>{_blog_entry('湘菜粤菜 兵分两路', '2005-06-14 03:25:55', first)}"
                f"{_blog_entry('回忆童年的露天电影院', '2005-06-10 05:53:20', later)}</div></td></tr></table>",
                "<title>博客文章</title>")
    article = parse_article(html, "https://blog.example.cn/archives.php?date=200506")
    assert article.body_text == first and article.author == "海姑娘"


def _short_posts(opening: str) -> str:
    """A thread of four short posts, ``opening`` first, each with a poster and a date."""
    replies = ["我们也卡在第二个首领，治疗压力太大了，建议多带一个治疗。", "试试把远程分散站位，火圈的伤害会小很多，我们就是这样过的。",
               "装备够了就不难，先去刷材料副本把武器升到紫色再说吧。"]
    return "".join(f"<div class='post'><div class='by'><a href='/u/{i}'>玩家{i}</a> 发表于 2025-05-1{i} 20:1{i}</div>"
                   f"<div class='msg'><p>{text}</p><p>{text}</p></div></div>" for i, text in enumerate([opening] + replies))


def test_a_thread_of_short_posts_gives_its_opening_post():
    # No post outscores the others much, so the thread scores as a whole; its first post
    # is the article, not every reply.
    opening = "新版本的副本难度调整之后，我们公会打了三次都没过，想问问大家的配装思路。"
    html = page(f"<h1>副本开荒求助</h1><div class='thread'>{_short_posts(opening)}</div>", "<title>副本开荒求助</title>")
    assert parse_article(html, "https://bbs.example.cn/thread-1-1.html").body_text == f"{opening}\n{opening}"


def test_a_thread_beside_a_paragraph_in_its_column_gives_its_opening_post():
    # The column holding the thread also holds a note below the headline: that column
    # is no block "above the list", it is the list's own parent.
    opening = "新版本的副本难度调整之后，我们公会打了三次都没过，想问问大家的配装思路，尤其是治疗和坦克的站位。"
    column = (f"<p>本帖最后由版主于 2025-05-10 20:30 编辑，已移至攻略讨论区，欢迎大家参与讨论。</p>"
              f"<div class='thread'>{_short_posts(opening)}</div>")
    html = page(f"<h1>副本开荒求助</h1><div class='column'>{column}</div>", "<title>副本开荒求助</title>")
    assert parse_article(html, "https://bbs.example.cn/thread-1-1.html").body_text == f"{opening}\n{opening}"


def test_a_thread_laid_out_in_tables_gives_its_opening_posts_message_not_its_header_row():
    # Each post is a table: a header row (poster, date) above a message row; the rows of
    # the first post are no thread of their own, though its message opens with a date too.
    opening = "<p>2025-05-10 20:00 来源：本站</p>" + "".join(f"<p>{SHORT_ZH}第{i}段讲的是新副本首领的机制和我们的站位安排。</p>" for i in range(4))
    replies = "".join(f"<table class='post'><tr><td class='by'><a href='/u/{i}'>玩家{i}</a> 发表于 2025-05-1{i} 20:1{i}</td></tr>"
                      f"<tr><td class='msg'>楼上说得对，我们也是这样过的。<br>治疗压力确实很大，建议多带一个治疗。</td></tr></table>"
                      for i in range(1, 5))
    first = (f"<table class='post'><tr><td class='by'><a href='/u/0'>楼主</a> 发表于 2025-05-10 20:00</td></tr>"
             f"<tr><td class='msg'><div>{opening}</div></td></tr></table>")
    html = page(f"<h1>副本开荒记录</h1><div class='thread'>{first}{replies}</div>", "<title>副本开荒记录</title>")
    text = parse_article(html, "https://bbs.example.cn/thread-1-1.html").body_text
    assert text.count("新副本首领的机制") == 4 and "发表于" not in text and "楼上说得对" not in text


FLAT_REPLIES = ["楼主说得有道理，不过材料价格涨得太厉害了。我们公会也是这样过的。", "支持！治疗压力确实很大。建议多带一个治疗。"]
OPENING_PARAGRAPHS = [f"{SHORT_ZH}第{i}段讲的是新副本首领的机制和我们的站位安排。" for i in range(4)]


@pytest.mark.parametrize("thread", [
    # Tianya: the first post in a block of its own, each reply a header line, then its message.
    "<div class='post'><div>作者：<a>张三</a> 提交日期：2005-8-16 10:20:00</div><div class='content'>"
    + "<br>".join(OPENING_PARAGRAPHS) + "</div></div>"
    + "".join(f"<table><tr><td>作者：<a>网友{i}</a> 回复日期：2005-8-16 1{i}:00:00</td></tr></table><div class='content'>{reply}</div>"
              for i, reply in enumerate(FLAT_REPLIES)),
    # KDnet: header rows and message rows alternate in one table.
    "<table><tr><td>作者：张三 发表时间：2005-8-16 10:20:00</td></tr><tr><td>" + "<br>".join(OPENING_PARAGRAPHS) + "</td></tr>"
    + "".join(f"<tr><td>回复人：网友{i} 回复时间：2005-8-16 1{i}:00:00</td></tr><tr><td>{reply}</td></tr>"
              for i, reply in enumerate(FLAT_REPLIES * 2)) + "</table>",
])
def test_replies_set_off_only_by_their_header_lines_are_left_out(thread):
    html = page(f"<h1>副本开荒记录</h1><div class='thread'>{thread}</div>", "<title>副本开荒记录</title>")
    article = parse_article(html, "https://bbs.example.cn/thread-1-1.html")
    assert article.body_text.count("新副本首领的机制") == 4 and "楼主说得有道理" not in article.body_text
    assert article.author == "张三"


def _forum_message(number: int) -> str:
    return "".join(f"<p>Beitrag {number}: Ich war am Wochenende am See angeln und habe drei Hechte gefangen.</p>" for _ in range(3))


def _xenforo_post(user: str, number: int) -> str:
    # The date written out in German, only the <time> element gives it as a date.
    return (f"<article class='message'><div class='message-user'><a href='/members/{user.lower().replace(' ', '-')}.{number}/' "
            f"class='username'>{user}</a><h5 class='userTitle'>Mitglied</h5></div><div class='message-main'>"
            f"<time datetime='2020-06-0{number + 1}T10:00:00+0200'>{number + 1}. Juni 2020</time>"
            f"<div class='bbWrapper'>{_forum_message(number)}</div></div></article>")


def _vbulletin_post(user: str, number: int) -> str:
    # The user's title glued to the name: no space between the two elements.
    return (f"<li class='postbit'><div class='posthead'><span class='date'>0{number + 1}.06.2020, 10:00</span></div>"
            f"<div class='userinfo'><a class='username' href='member.php?u={number}'><strong>{user}</strong></a>"
            f"<span class='usertitle'>Angler</span></div><blockquote class='postcontent'>{_forum_message(number)}</blockquote></li>")


@pytest.mark.parametrize("post", [_xenforo_post, _vbulletin_post])
@pytest.mark.parametrize("starter", ["Der Angler 123", "hechtjaeger", "Hans Meier"])
def test_a_thread_gives_its_first_post_and_its_starter(post, starter):
    posts = "".join(post(user, number) for number, user in enumerate([starter, "Fischer Fritz", "Karl Kunz"]))
    html = page(f"<h1>Hechte im See</h1><div class='posts'>{posts}</div>", "<title>Hechte im See | Anglerforum</title>")
    article = parse_article(html, "https://forum.example.de/threads/hechte-im-see.12345/")
    assert "Beitrag 0:" in article.body_text and "Beitrag 1:" not in article.body_text
    assert article.author == starter


def _table_post(user: str, number: int) -> str:
    # A post laid out as a table: the poster's link marked as the author's (no profile path),
    # the floor number and time over the message, the subject over the first post only.
    subject = "<h3>须弥神瞳全收集路线整理</h3>" if number == 0 else ""
    message = "<br/>".join(f"第{number}帖第{i}段：从传送点出发向东走，沿着河边可以找到神瞳，然后爬上山顶继续寻找。" for i in range(4))
    return (f"<table class='forumbox postbox'><tr class='postrow'><td class='c1'><a href='nuke.php?func=ucp&amp;uid={number}' "
            f"class='author b'>{user}</a></td><td class='c2'><div class='postInfo'><a name='l{number}'>#{number}</a> "
            f"<span class='stxt'>2022-08-25 1{number}:15</span></div>{subject}<p class='postcontent'>{message}</p></td></tr></table>")


def test_a_thread_of_post_tables_gives_its_starter_not_a_floor_number_or_subject_line():
    posts = "".join(_table_post(user, number) for number, user in enumerate(["提瓦特旅行者", "路人甲", "路人乙"]))
    html = page(f"<div id='m_posts'>{posts}</div>", "<title>须弥神瞳全收集路线整理 玩家社区</title>")
    article = parse_article(html, "https://bbs.example.cn/read.php?tid=33000000")
    assert article.author == "提瓦特旅行者"
    assert article.body_text.split("\n")[0].startswith("第0帖第0段") and "第1帖" not in article.body_text


def test_a_blog_page_of_entries_dated_in_their_footers_gives_the_first():
    # Each entry a table: its title, its text, then the date and time with the counts.
    entries = [[f"第{n}篇日志的第{k}段：今天继续聊聊这个话题，很多朋友留言说想看更详细的分析。" for k in range(4)] for n in range(3)]
    tables = "".join(f"<table><tr><td><b>日志{n}</b></td></tr><tr><td>{'<br>'.join(lines)}</td></tr>"
                     f"<tr><td>2005-3-{n + 1} 16:1{n} | 评论(3)</td></tr></table>" for n, lines in enumerate(entries))
    html = page(f"<div id='header'><h1><a href='/'>我的博客</a></h1></div><div id='main'>{tables}</div>", "<title>我的博客</title>")
    assert parse_article(html, "http://blog.example.cn/user/index.html").body_text.split("\n") == entries[0]


def test_live_blog_items_stamped_with_a_time_of_day_are_all_kept():
    # Only entries headed by a full date and time (a blog archive's posts) are separate
    # articles; a live blog's items, stamped with the time of day, are one.
    items = [f"<div class='item'><span class='time'>{10 + i}:05</span><p>第{i}条快讯：官方确认新版本的服务器维护将提前结束。"
             f"维护期间登录的玩家会收到补偿，补偿内容包括体力药剂与金币。</p></div>" for i in range(4)]
    html = page(f"<h1>新版本上线直播</h1><div class='live'>{''.join(items)}</div>")
    text = parse_article(html, "https://a.example/live").body_text
    assert all(f"第{i}条快讯" in text for i in range(4))


BLOG_POST = [f"这是博主写的第{k}段正文，讲述了周末去书店买书的经历，以及对几本新书的看法和感想。" for k in range(6)]
COMMENTS = [f"第{k}位网友的评论：写得真好，我也很喜欢去那家书店，下次可以一起去看看。" for k in range(4)]


@pytest.mark.parametrize("comments", [
    # Each comment in a block of its own, its poster and time under it.
    "".join(f"<div><div>{c}</div><div>网友{k} 2005-03-0{k + 1} 16:1{k}</div></div>" for k, c in enumerate(COMMENTS)),
    # Messages and their stamp lines as siblings, after the post or in a block of their own.
    "".join(f"<div>回复：{c}</div><div>--网友{k} 2005-03-0{k + 1} 16:1{k}</div>" for k, c in enumerate(COMMENTS)),
    "<div>" + "".join(f"<p>{c}</p><p>博友{k} | 2005-03-0{k + 1} 16:1{k} [回复]</p>" for k, c in enumerate(COMMENTS)) + "</div>",
])
def test_comments_set_off_by_a_poster_and_time_without_a_label_are_left_out(comments):
    post = "<div>" + "".join(f"<p>{line}</p>" for line in BLOG_POST) + "</div>"
    html = page(f"<h2>周末去书店</h2><div>{post}{comments}</div>", "<title>周末去书店 - 我的博客</title>")
    assert parse_article(html, "http://blog.example.cn/u/1.html").body_text.split("\n") == BLOG_POST


def test_comments_after_bare_paragraphs_leave_the_article_its_paragraphs():
    # The post's own footer line, then comments: the paragraphs before them are the article.
    comments = "".join(f"<div>{c}</div><div>{k}楼 网友{k} 发表于 2005-03-0{k + 1} 16:1{k}</div>" for k, c in enumerate(COMMENTS))
    body = "".join(f"<p>{line}</p>" for line in BLOG_POST) + "<div>发表于 2005-03-01 10:00 | 阅读(123) | 评论(4)</div>" + comments
    html = page(f"<h2>周末去书店</h2><div>{body}</div>", "<title>周末去书店 - 我的博客</title>")
    text = parse_article(html, "http://blog.example.cn/u/1.html").body_text
    assert all(line in text for line in BLOG_POST) and not any(c in text for c in COMMENTS)


def test_notes_citing_dated_sources_in_blocks_of_two_are_no_comments():
    # "…发表重要讲话》，新华社，2023年2月7日。": a sentence closing with its date is a citation.
    # The article's paragraphs, its notes among them, wrapped two by two in blocks built alike.
    notes = [f"[{k}] 《习近平在研讨班开班式上发表重要讲话》，新华社，2023年2月{k}日。" for k in range(1, 5)]
    lines = BLOG_POST + notes
    blocks = "".join(f"<div class='part'><p>{a}</p><p>{b}</p></div>" for a, b in zip(lines[::2], lines[1::2]))
    html = page(f"<h1>新质生产力的发展</h1><div class='article'>{blocks}</div>")
    assert parse_article(html, "http://www.example.cn/a/1.html").body_text.split("\n") == lines


@pytest.mark.parametrize("stamp", ["{d}", "{d} 更新", "【{d}】维护公告"])
def test_a_changelog_headed_by_dated_lines_alike_is_kept(stamp):
    intro = "".join(f"<p>本次版本更新内容较多，第{k}部分介绍如下，请玩家们仔细阅读并留意补偿发放的说明。</p>" for k in range(3))
    entries = [f"第{k}次维护：修复了若干已知问题，优化了副本掉落和服务器稳定性，新增了活动商店。" for k in range(4)]
    log = "".join(f"<p>{stamp.format(d=f'2005-03-0{k + 1} 10:00')}</p><p>{entry}</p>" for k, entry in enumerate(entries))
    html = page(f"<h1>更新日志</h1><div>{intro}{log}</div>", "<title>更新日志_游戏网</title>")
    text = parse_article(html, "http://www.youxi.example.cn/news/1.html").body_text
    assert all(entry in text for entry in entries)


def test_an_article_of_short_paragraphs_split_over_sibling_blocks_is_kept_whole():
    paragraphs = [f"据官方公告，第{i}批测试资格今天发放，玩家登录游戏后即可在邮箱领取，名额有限，先到先得，请留意官网。"
                  for i in range(6)]
    groups = [paragraphs[:4], paragraphs[4:5], paragraphs[5:]]
    blocks = "".join("<div class='blk'><div class='inner'>" + "".join(f"<p>{p}</p>" for p in group) + "</div></div>"
                     f"<div class='slot'><a href='/ad/{i}'><img src='/ad{i}.png'></a></div>" for i, group in enumerate(groups))
    html = page(f"<h1>测试资格发放</h1><div class='detail'>{blocks}</div><div class='side'><p>热门：新角色立绘公开。</p></div>")
    assert parse_article(html, "https://a.example/x").body_text.split("\n") == paragraphs


@pytest.mark.parametrize(
    "content, author",
    [("Grant Tinsley, PhD", "Grant Tinsley"), ("Joe S.", "Joe S."), ("Amelie Marie Nishizawa Feb", "Amelie Marie Nishizawa"),
     ("Samya Kullab and Vasilisa Stepanenko", "Samya Kullab, Vasilisa Stepanenko"), ("Elena Oberholzer (obe)", "Elena Oberholzer"),
     ("Jane May", "Jane May"), ("Von Anna Weber", "Anna Weber"), ("Janic Cathomen, 01.12.2021", "Janic Cathomen"),
     ("Jonas Petraitis, universiteto profesorius, Portalas.lt", "Jonas Petraitis"),
     ("Lena Hartmann, senior games editor", "Lena Hartmann"), ("Anna Weber, Peter Brandt", "Anna Weber, Peter Brandt")],
)
def test_meta_author_is_tidied(content, author):
    html = page(f"<p>{HAN * 5}</p>", f'<meta name="author" content="{content}">')
    assert parse_article(html, "https://a.example/").author == author


def test_meta_author_and_rel_author():
    assert parse_article(page(f"<p>{HAN * 5}</p>", '<meta name="author" content="Ann Lee">'), "https://a.example/").author == "Ann Lee"
    html = page(f"<h1>T</h1><a rel='author' href='/u/1'>Bo Chen</a><p>{HAN * 5}</p>")
    assert parse_article(html, "https://a.example/").author == "Bo Chen"


FORUM_POST = "<p>" + "新版本的副本难度调整之后，我们公会打了三次都没过，想问问大家的配装思路。" * 4 + "</p>"


@pytest.mark.parametrize("footer", ["Powered by Discuz! X3.4 © 2001-2019 Comsenz Inc.",
                                    "<p>Powered by Discuz!</p><p>© 2001-2013 <a href='http://www.comsenz.com'>Comsenz Inc</a></p>",
                                    "© 2024 Example Media Inc. All rights reserved."])
def test_a_footer_software_or_company_credit_is_no_author(footer):
    html = page(f"<h1>更新公告與活動說明</h1><p>{HAN * 5}</p><div id='ft'>{footer}</div>")
    assert parse_article(html, "https://a.example/x").author is None


def test_a_reporter_credited_for_a_photo_is_not_the_author():
    html = page(f"<h1>新闻标题在这里</h1><p>图为献血现场。新华社记者 才扬 摄</p><p>{HAN * 5}</p><p>责任编辑： 焦鹏</p>")
    assert parse_article(html, "https://a.example/x").author == "焦鹏"


def test_an_author_box_gives_the_name_it_opens_with():
    box = ("<div class='author-info'><h3><a href='/in/ih'>Inga Hoeltmann</a><a class='follow'>Follow</a></h3>"
           "<p>Transformationsbegleiterin und Expertin für Neue Arbeit und digitale Kultur in Unternehmen.</p></div>")
    html = page(f"<h1>Ich war am Wochenende auf einer Hochzeit</h1>{box}{ENGLISH_WORDS}")
    assert parse_article(html, "https://a.example/x").author == "Inga Hoeltmann"


def test_forum_thread_starter_not_the_software_credit():
    html = ('<html><head><meta name="generator" content="Discuz! X3.4"><meta name="author" content="Discuz! Team and Comsenz UI Team">'
            '<title>副本求助 - 攻略讨论区</title></head><body><h1>副本求助</h1>'
            '<div class="pi"><div class="authi"><a href="home.php?mod=space&uid=12">冰封王座</a></div>'
            '<div class="authi"><em>发表于 2019-9-5 11:10</em> | 只看该作者</div></div>'
            f'<div class="t_f">{FORUM_POST}</div><p>Powered by Discuz! X3.4 © 2001-2019 Comsenz Inc.</p></body></html>')
    article = parse_article(html, "https://bbs.example.com/thread-1-1-1.html")
    assert article.author == "冰封王座"
    assert article.published_at == "2019-09-05T11:10:00+08:00"


def _post(name: str, when: str, text: str) -> str:
    return (f"<div class='post'><table><tr><td class='pls'><a href='/space-uid-1.html'>{name}</a></td>"
            f"<td class='plc'><div class='authi'>发表于 {when} | 只看该作者</div><div class='t_f'>{text}</div></td></tr></table></div>")


def test_forum_thread_body_is_the_first_post():
    first = "新版本的副本难度调整之后，我们公会打了三次都没过，想问问大家的配装思路。"
    reply = "我来说说我的看法吧，" + "首先要看队伍配置，坦克的装备一定要优先堆防御，治疗要保证蓝量充足，输出按照循环来打。" * 5
    html = page("<h1>副本求助</h1><div id='postlist'>" + _post("冰封王座", "2019-9-5 11:10", first)
                + _post("路过的法师", "2019-9-5 12:30", reply) + _post("老玩家", "2019-9-5 13:00", reply[:60]) + "</div>")
    article = parse_article(html, "https://bbs.example.com/thread-1-1-1.html")
    assert article.body_text == first
    assert article.author == "冰封王座"


@pytest.mark.parametrize("byline, author", [
    ("来源：新华网 作者：王小明", "王小明"),
    ("来源：新华网 责任编辑：李四", "李四"),  # the outlet a story came from is no author
    ("作者：佚名 来源：网络", None),
    ("作者：未知", None),
    ("作者：admin", None),
    ("作者：小编 责任编辑：李四", "李四"),  # a real name beats the stand-in
    ("作者：小编", "小编"),  # the stand-in when it is all the page gives
    ("原创：周一鸣 责编：李四", "周一鸣"),
    ("来源：原创 责编：李四", "李四"),
])
def test_placeholders_sources_and_stand_ins_are_not_authors(byline, author):
    html = page(f"<h1>版本更新公告</h1><p>{byline}</p><div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example/x").author == author


def test_platform_name_in_meta_is_not_the_author():
    html = page(f"<h1>A post</h1><p>{HAN * 5}</p>", '<meta name="author" content="Tumblr">')
    assert parse_article(html, "https://someone.tumblr.com/post/1").author is None


# --- where each field came from ---------------------------------------------------------

ARTICLE_TEXT = "<p>" + "這是一篇關於遊戲更新的文章，內容詳細介紹了新版本的改動。" * 6 + "</p>"
JSON_LD = ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Patch notes explained",'
           ' "author": {"@type": "Person", "name": "Mei Lin"}, "datePublished": "2025-05-01T10:00:00+08:00"}</script>')
OPEN_GRAPH = ('<meta property="og:title" content="Patch notes explained"><meta name="author" content="Mei Lin">'
              '<meta property="article:published_time" content="2025-05-01T10:00:00+08:00">')


@pytest.mark.parametrize("head, body, options, expected", [
    (JSON_LD, ARTICLE_TEXT, None,
     {"title": "structured data", "author": "structured data", "published_at": "structured data", "body": "heuristic"}),
    (OPEN_GRAPH, ARTICLE_TEXT, None, {"title": "meta", "author": "meta", "published_at": "meta", "body": "heuristic"}),
    ("<title>Patch notes explained</title>", "<h1>Patch notes explained</h1><p>作者：王小明 發布時間：2025-05-01 10:00</p>" + ARTICLE_TEXT,
     None, {"title": "heuristic", "author": "heuristic", "published_at": "heuristic", "body": "heuristic"}),
    (JSON_LD, '<h2 class="t">Picked</h2><span class="w">Someone Else</span><em class="d">2024-01-02</em>'
              '<div class="b">' + ARTICLE_TEXT + "</div>",
     ExtractionOptions(title_selector=".t", author_selector=".w", date_selector=".d", body_selector=".b"),
     {"title": "selector", "author": "selector", "published_at": "selector", "body": "selector"}),
    ("", "", None, {"title": "none", "author": "none", "published_at": "none", "body": "none"}),
])
def test_sources_name_where_each_field_came_from(head, body, options, expected):
    html = page(body, head)
    article, sources = parse_article_with_sources(html, "https://example.com/news/1", options)
    assert sources == expected
    assert article == parse_article(html, "https://example.com/news/1", options)
    for field, source in sources.items():
        value = article.body_text if field == "body" else getattr(article, field)
        assert (source == "none") == (not value)


def test_sources_of_an_unparseable_page_are_none():
    article, sources = parse_article_with_sources(b"", "https://example.com/empty")
    assert article == Article(url="https://example.com/empty") and set(sources.values()) == {"none"}


# --- paging, canonical, sanitising ----------------------------------------------------

def test_page_urls_query_style_and_not_listing_pagination():
    body = (f"<h1>T</h1><p>{HAN * 5}</p><div><a href='?page=3'>3</a><a href='?page=2'>2</a>"
            "<a href='/list/2.html'>2</a><a href='/list?page=2'>next</a></div>")
    article = parse_article(page(body), "https://a.example/art/9.html")
    assert article.page_urls == ["https://a.example/art/9.html?page=2", "https://a.example/art/9.html?page=3"]


def test_canonical_only_on_same_host():
    head = '<link rel="canonical" href="https://other.example/x">'
    assert parse_article(page(f"<p>{HAN}</p>", head), "https://a.example/x").canonical_url is None
    head = '<link rel="canonical" href="/y">'
    assert parse_article(page(f"<p>{HAN}</p>", head), "https://a.example/x").canonical_url == "https://a.example/y"


def test_body_html_is_sanitised():
    body = (f"<div class='content'><p onclick='evil()'>{HAN * 3}</p><a href='javascript:evil()'>x</a>"
            f"<img src='/i.png' onerror='evil()'><p>{HAN * 3}</p><script>evil()</script></div>")
    html = parse_article(page(body), "https://a.example/x").body_html
    assert "evil" not in html and 'src="https://a.example/i.png"' in html


def test_hidden_second_copy_of_the_article_is_dropped_but_repeated_quotes_stay():
    paragraphs = "".join(f"<p>第{i}段：{HAN * 3}</p>" for i in range(5))
    quote = "<p>引言重複一次，這是引言內容。</p>"
    html = page(f"<h1>標題</h1><div class='content'><div>{paragraphs}{quote}{quote}</div><div>{paragraphs}</div></div>")
    lines = parse_article(html, "https://a.example/x").body_text.split("\n")
    assert [line[:3] for line in lines].count("第0段") == 1 and lines.count("引言重複一次，這是引言內容。") == 2


def test_code_blocks_keep_their_lines():
    body = f"<h1>T</h1><div class='content'><p>{HAN * 4}</p><pre>docker stop app\ndocker rm app</pre><p>{HAN * 3}</p></div>"
    lines = parse_article(page(body), "https://a.example/x").body_text.split("\n")
    assert lines[1:3] == ["docker stop app", "docker rm app"]


def test_every_hidden_block_is_left_out():
    hidden = ("<div style='display: none'><p>第一個隱藏區塊的文字。</p></div><p>{}</p>"
              "<div hidden><p>第二個隱藏區塊的文字。</p></div><p>{}</p>"
              "<section style='display:none'><div><p>第三個隱藏區塊的文字。</p></div></section>")
    body = f"<h1>標題</h1><div class='content'>{hidden.format(HAN * 3, HAN * 3)}</div>"
    text = parse_article(page(body), "https://a.example/x").body_text
    assert HAN in text and "隱藏" not in text


def test_a_sidebars_live_feed_beside_the_article_is_left_out_however_long():
    sentence = "Le conseil municipal a voté jeudi soir le nouveau plan, après un long débat sur le budget de la ville. "
    story = "".join(f"<p>Paragraphe {i}. {sentence * 3}</p>" for i in range(5))
    brief = "Un autre sujet du jour, raconté en quelques phrases, avec des détails, des chiffres et des citations. "
    feed = "".join(f"<li class='live-item'><span>1{i}:00</span><strong>Brève {i}.</strong><p>{brief * 3}</p></li>" for i in range(8))
    html = page(f"<div class='main-content'><article><header><h1>Le plan voté</h1></header><div class='article-body'>{story}</div>"
                f"</article><aside id='sidebar'><div class='live'><h2>Direct</h2><ul>{feed}</ul></div></aside></div>",
                "<title>Le plan voté - Journal</title>")
    text = parse_article(html, "https://journal.example.fr/a").body_text
    assert "Paragraphe 0" in text and "Brève" not in text


def test_a_block_without_sentences_between_the_articles_alike_blocks_stays():
    step = ("<div class='mod step'><h2>Step {0}</h2><p>Measure the cloche and cut the foam a little smaller, step {0}. "
            "Then place it into a container of water.</p></div>")
    needs = "<div class='mod step'><span>What You'll Need:</span><ul><li>Cloche</li><li>Floral foam</li><li>Moss</li></ul></div>"
    more = "<div class='mod step'><a href='/more'>More crafts</a></div>"
    root = lxml_html.fromstring(f"<div>{more}{step.format(0)}{needs}{step.format(1)}{step.format(2)}{more}</div>")
    best = root[1]
    blocks = _same_shape_blocks(best)
    assert [block.text_content()[:12] for block in blocks] == ["Step 0Measur", "What You'll ", "Step 1Measur", "Step 2Measur"]


def _wiki_table(rows: int) -> str:
    cells = "".join(f"<tr><td><a href='/w/skill{i}'>技能{i}</a></td><td>冷卻時間：{i}秒</td><td>2020-01-0{i % 9 + 1}</td>"
                    f"<td><a href='/w/fire'>火焰</a>、<a href='/w/ice'>冰霜</a></td></tr>" for i in range(rows))
    return f"<table class='wikitable'><tr><th>名稱</th><th>冷卻</th><th>加入日期</th><th>屬性</th></tr>{cells}</table>"


def test_a_data_tables_cells_stay_whatever_they_hold_one_row_a_line():
    body = f"<h1>角色</h1><div class='content'><p>{HAN * 3}</p>{_wiki_table(4)}<p>{HAN * 2}</p></div>"
    lines = parse_article(page(body), "https://wiki.example/w/x").body_text.split("\n")
    assert lines[1:3] == ["名稱\t冷卻\t加入日期\t屬性", "技能0\t冷卻時間：0秒\t2020-01-01\t火焰、冰霜"]
    assert len(lines) == 7


@pytest.mark.parametrize("layout", [
    # a grid of links only (a wiki's navigation box), small and large
    lambda n=n: "<table>" + "".join(f"<tr><th>分類{r}</th><td>" + "".join(f"<a href='/w/{r}-{i}'>條目名稱{i}</a> · " for i in range(n))
                                    + "</td></tr>" for r in range(4)) + "</table>"
    for n in (5, 60)
] + [
    # a layout table: a cell of links beside the cell holding the article
    lambda: "<table><tr><td>站點</td><td>頁首</td></tr><tr><td>" + "".join(f"<a href='/c{i}'>欄目{i}</a> " for i in range(12))
            + f"</td><td><p>{HAN * 4}</p><p>{HAN * 4}</p></td></tr><tr><td>頁尾</td><td>聯絡</td></tr></table>",
] + [
    # a table of other stories: a linked headline and its date or count a row
    lambda stamp=stamp: "<table>" + "".join(f"<tr><td><a href='/a/{i}.html'>條目名稱第{i}篇新聞的標題</a></td><td>{stamp}</td></tr>"
                                            for i in range(6)) + "</table>"
    for stamp in ("2019-09-05 11:10:23", "Sep 5, 2019", "(1203)")
])
def test_links_in_a_table_are_still_furniture_unless_they_are_a_data_grids_cells(layout):
    body = f"<h1>標題</h1><div class='content'><p>{HAN * 3}</p>{layout()}<p>{HAN * 3}</p></div>"
    text = parse_article(page(body), "https://a.example/x").body_text
    assert HAN in text and "條目名稱" not in text and "欄目" not in text


def test_a_blogs_calendar_is_no_data_table():
    days = [""] * 3 + [f"<a href='/2005/04/{d}'>{d}</a>" if d % 5 == 0 else str(d) for d in range(1, 31)]
    weeks = "".join("<tr>" + "".join(f"<td>{day}</td>" for day in days[i:i + 7]) + "</tr>" for i in range(0, len(days), 7))
    calendar = f"<table><tr><th>一</th><th>二</th><th>三</th><th>四</th><th>五</th><th>六</th><th>日</th></tr>{weeks}</table>"
    body = f"<h1>標題</h1><div class='content'><p>{HAN * 3}</p><p>{HAN * 3}</p>{calendar}</div>"
    assert parse_article(page(body), "https://blog.example/x").body_text.split("\n") == [HAN * 3] * 2


@pytest.mark.parametrize("edit", ["[<a href='/e'>编辑</a>]", "<span>[</span><a href='/e'>edit</a> | <a href='/s'>edit source</a><span>]</span>"])
def test_a_wiki_headings_edit_links_are_left_out(edit):
    body = (f"<h1>角色</h1><div class='content'><p>{HAN * 3}</p><h2><span class='mw-headline'>技能</span>"
            f"<span class='mw-editsection'>{edit}</span></h2><p>{HAN * 3}</p></div>")
    lines = parse_article(page(body), "https://wiki.example/w/x").body_text.split("\n")
    assert lines[1] == "技能"


def test_join_pages_keeps_first_metadata_and_concatenates_bodies():
    first = Article(url="u1", title="T", author="A", body_text="one", body_html="<p>one</p>", page_urls=["u2"])
    second = Article(url="u2", title="T2", body_text="two", body_html="<p>two</p>")
    joined = join_pages([first, second])
    assert (joined.url, joined.title, joined.author) == ("u1", "T", "A")
    assert joined.body_text == "one\ntwo" and joined.body_html == "<p>one</p>\n<p>two</p>"


# --- batch ----------------------------------------------------------------------------

KEYS = ["file", "url", "title", "author", "published_at", "body_text", "body_html", "published_precision"]


def test_extract_file_gz_in_gbk(tmp_path):
    html = page(f"<h1>標題</h1><p>{HAN * 4}</p>", '<meta charset="gbk"><title>標題_站</title>')
    path = tmp_path / "a.html.gz"
    path.write_bytes(gzip.compress(html.encode("gb18030")))
    record = extract_file(str(path), "https://a.example/a")
    assert list(record) == KEYS and record["title"] == "標題" and HAN in record["body_text"]


def test_extract_file_corrupt_gzip_reports_error(tmp_path):
    path = tmp_path / "bad.html.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    record = extract_file(str(path))
    assert list(record) == KEYS + ["error"] and record["error"] and "\n" not in record["error"]
    assert record["title"] == "" and record["body_text"] == ""


def test_extract_batch_resolves_relative_paths_in_order(tmp_path):
    (tmp_path / "pages").mkdir()
    for name in ("b", "a"):
        (tmp_path / "pages" / f"{name}.html").write_text(page(f"<h1>{name}標題</h1><p>{HAN * 4}</p>"), encoding="utf-8")
    manifest = tmp_path / "manifest.jsonl"
    lines = [{"file": "pages/b.html", "url": "https://a.example/b"}, {"file": str(tmp_path / "pages" / "a.html"), "url": "https://a.example/a"},
             {"file": "pages/missing.html", "url": "https://a.example/m"}]
    manifest.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    records = list(extract_batch(str(manifest)))
    assert [r["url"] for r in records] == ["https://a.example/b", "https://a.example/a", "https://a.example/m"]
    assert records[0]["title"] == "b標題" and "error" not in records[1] and "error" in records[2]


def test_opening_paragraphs_set_off_one_by_one_before_the_story_are_kept_and_a_note_after_it_is_not():
    opening = [f"Opening paragraph number {i} tells readers what happened at the restaurant on Saturday night." for i in range(3)]
    rest = [f"Paragraph {i} of the story goes on with what the owner and the ambulance service said later, in detail."
            for i in range(12)]
    body = ("<h1>Chilli contest leaves two in hospital</h1><div id='mainBodyArea'>"
            + "".join(f"<div class='par{i}'><p>{text}</p></div>" for i, text in enumerate(opening))
            + "<div class='body'>" + "".join(f"<p>{text}</p>" for text in rest) + "</div>"
            + "<div class='promo'><p>Join our forums to keep talking about the news, and tell us what you think of it.</p></div>"
            + "</div>")
    assert parse_article(page(body), "https://a.example/x").body_text == "\n".join(opening + rest)


@pytest.mark.parametrize("name", ["comentarios", "commentaires", "kommentare"])
def test_readers_comments_named_in_other_languages_are_not_body_text(name):
    comments = "".join(f"<li><p>Lector{i} 28.oct.2012 | 11:2{i}</p><p>Su cara lo dice todo, espero que se haga justicia.</p></li>"
                       for i in range(5))
    article = [HAN * 6, HAN * 5, HAN * 7, HAN * 6, HAN * 8, HAN * 6]
    body = ("<h1>Cae la jefa del aparato militar</h1><div class='noticia'>" + "".join(f"<p>{text}</p>" for text in article)
            + f"<div id='{name}'><h3>15 Comentarios</h3><ol>{comments}</ol></div></div>")
    assert parse_article(page(body), "https://a.example/x").body_text == "\n".join(article)


def test_an_article_written_straight_into_its_block_is_not_outscored_by_its_wrapper():
    # Text right in a div, lines cut by <br>, counts for that div as a paragraph of its own
    # would: the wrapper holding it and the portal's notice and comment box is no better.
    lines = "<br>".join(f"新版本的副本在5月20日上线，玩家可以组队挑战新的首领，第{i}段。" for i in range(8))
    html = page("<h1>新版本5月20日上线</h1><div class='newscontent'>"
                f"<div class='news_txt'>{lines}</div>"
                "<div class='disclaimer'><div>特别声明</div>本文为机构在本平台上传并发布，仅代表该机构观点，不代表本平台的观点或立场。</div>"
                "<div class='comment'>评论（0），欢迎发表你的看法，文明上网，理性发言。</div></div>",
                "<title>新版本5月20日上线</title>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text.count("新版本的副本") == 8 and "特别声明" not in text and "评论" not in text


def test_blocks_whose_class_reads_as_furniture_stay_when_they_hold_all_of_the_prose():
    # A slideshow article sets each of its parts in a "gallery" block: dropping them as
    # furniture would leave the page without an article.
    parts = "".join(f"<div class='gallery--paragraph-section section-{i}'><h2>Item {i}</h2><p>The item number {i} is a "
                    "gadget nobody knew they wanted. It folds, it glows, and it costs less than a dinner out.</p></div>"
                    for i in range(4))
    html = page(f"<h1>Items We Never Knew We Wanted</h1><div class='gallery--wrapper'>{parts}</div>"
                "<div class='comments'><p>Great list, thanks.</p></div>", "<title>Items We Never Knew We Wanted</title>")
    text = parse_article(html, "https://a.example/x").body_text
    assert text.count("a gadget nobody knew they wanted") == 4





def test_a_comment_list_whose_class_glues_comment_to_list_is_no_article_text():
    # WordPress's classic themes: <ol class="commentlist"> with unlabelled items.
    post = "".join(f"<p>I finally beat the last boss after many tries, note {i}. The secret is patience with the jumps.</p>"
                   for i in range(6))
    comments = "".join(f"<li><cite>Reader{i}</cite> Says: <small>September 6th, 2019 at 7:32 pm</small>"
                       "<p>Congratulations! I am still stuck at the tower. Any tips for the moving platforms?</p></li>"
                       for i in range(3))
    html = page(f"<h2>Beating the last boss</h2><div class='entry'>{post}</div>"
                f"<ol class='commentlist'>{comments}</ol>", "<title>Beating the last boss</title>")
    text = parse_article(html, "https://blog.example.com/2019/09/05/boss/").body_text
    assert text.count("I finally beat") == 6 and "Congratulations" not in text



def _xenforo_post(number: int, who: str, text: str) -> str:
    # The poster's cell ("Joined Jan 1, 2010") and "Sep 5, 2019" head the post.
    return (f"<article class='message'>\n<div class='user'>\n<a href='/members/{who}/'>{who}</a>\n<dl>\n<dt>Joined</dt>\n"
            f"<dd>Jan 1, 2010</dd>\n<dt>Messages</dt>\n<dd>1,234</dd>\n</dl>\n</div>\n<div class='main'>\n"
            f"<time datetime='2019-09-05T11:10:00-0400'>Sep 5, 2019</time>\n<div class='body'>{text}</div>\n</div>\n</article>\n")


def _tieba_post(number: int, who: str, text: str) -> str:
    # "1楼 2019-09-05 11:10" under the post, the poster's badge above it.
    return (f"<div class='l_post'>\n<div class='d_author'><a href='/home?un={who}'>{who}</a><div class='badge'>吧友</div></div>\n"
            f"<div class='main'>\n<div class='d_post_content'>{text}</div>\n"
            f"<div class='tail'><span>{number}楼</span> <span>2019-09-0{number} 11:10</span></div>\n</div>\n</div>\n")


def _discourse_post(number: int, who: str, text: str) -> str:
    # No "posted by" word: only the poster's member link and a date.
    return (f"<div class='crawler-post'>\n<div class='meta'><a href='/u/{who}'><span>{who}</span></a>\n"
            f"<time datetime='2019-09-05T15:10:00Z'>September 5, 2019, 3:10pm</time></div>\n"
            f"<div class='post'>\n<p>{text}</p>\n</div>\n</div>\n")


def _vbulletin_post(number: int, who: str, text: str) -> str:
    # Listed in an <ol> inside the thread's wrapper, the poster's details ("Join Date",
    # "Posts") beside the message.
    return (f"<li class='postcontainer'>\n<div class='posthead'><span class='date'>09-0{number}-2019, 11:10 AM</span></div>\n"
            f"<div class='postdetails'><div class='userinfo'><a href='member.php?u={number}'>{who}</a>\n"
            f"<dl><dt>Join Date</dt><dd>Jan 2010</dd><dt>Posts</dt><dd>1,234</dd></dl></div>\n"
            f"<div class='postbody'><blockquote>{text}</blockquote></div></div></li>\n")


@pytest.mark.parametrize("post, wrapper, sentence", [
    (_xenforo_post, "<div class='thread'>{}</div>", "For the first raid you need good gear and two potions each, point {}."),
    (_tieba_post, "<div class='postlist'>{}</div>", "这次版本更新带来了新的副本和职业平衡调整，玩家可以体验全新的剧情内容，第{}段。"),
    (_discourse_post, "<div class='thread'>{}</div>", "For the first raid you need good gear and two potions each, point {}."),
    (_vbulletin_post, "<div id='postlist'><ol>{}</ol></div>", "For the first raid you need good gear and two potions each, point {}."),
])
def test_a_thread_keeps_only_its_first_post_s_message(post, wrapper, sentence):
    first = "<br>".join(sentence.format(i) for i in range(6))
    replies = "".join(post(i, f"user{i}", "Great guide, thanks for sharing! I will try this tonight.") for i in range(2, 6))
    html = page("<h1>Raid guide for beginners</h1>\n" + wrapper.format(post(1, "DarkElf", first) + replies),
                "<title>Raid guide for beginners</title>")
    assert parse_article(html, "https://forums.example.com/t/1").body_text == first.replace("<br>", "\n")


def test_a_forum_s_name_in_brackets_after_a_chinese_title_headline_goes_like_a_label():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以体验全新的剧情内容，第{i}段。</p>" for i in range(6))
    html = page(f"<div class='content'>{text}</div>", "<title>新版本副本攻略整理【原神吧】_百度贴吧</title>")
    assert parse_article(html, "https://tieba.example.com/p/1").title == "新版本副本攻略整理"



def test_a_reprint_notice_and_a_call_to_scan_the_qr_code_are_no_article_text():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以在游戏中体验全新的剧情内容，第{i}段。</p>" for i in range(6))
    tail = ("<p>本文由游戏网原创，转载请注明出处。</p><p>未经授权，禁止转载。</p>"
            "<p><img src='/qr.png'></p><p>扫描二维码关注游戏网官方微信</p>"
            "<p>更多活动内容请关注官方网站与游戏社区的后续公告。</p>")
    html = page(f"<h1>新版本副本攻略整理</h1><div class='content'>{text}{tail}</div>", "<title>新版本副本攻略整理</title>")
    body = parse_article(html, "https://www.game.example.cn/a/1.html").body_text
    assert "转载" not in body and "二维码" not in body and body.endswith("更多活动内容请关注官方网站与游戏社区的后续公告。")


def test_a_portals_promotions_and_a_pager_between_paragraphs_are_no_article_text():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以在游戏中体验全新的剧情内容，第{i}段。</p>" for i in range(6))
    tail = ("<div class='solve'>更多相关资讯请关注：<a href='/z/game/'>某游戏专区</a></div>"
            "<div class='app'>游戏网APP：超多手游攻略，扫码下载随时查看</div>"
            "<span class='pagecss'><span class='page_css'><a>上一页</a><a>1</a><a href='/a/1_2.html'>2</a>"
            "<a href='/a/1_2.html'>下一页</a></span></span>")
    html = page(f"<h1>新版本副本攻略整理</h1><div class='content'>{text}{tail}</div>", "<title>新版本副本攻略整理</title>")
    body = parse_article(html, "https://www.game.example.cn/a/1.html").body_text
    assert body.endswith("第5段。") and "专区" not in body and "扫码" not in body and "下一页" not in body


def test_a_guides_field_lines_are_article_text_not_bylines():
    fields = ["位置：幽影城外的大门处", "刷新时间：采集后48小时刷新", "开放日期：周三、周六、周日", "获取来源：每周首领挑战、好感度礼包"]
    text = "".join(f"<p>这次版本更新带来了新的材料和采集路线，玩家可以按照下面的说明收集，第{i}段。</p>" for i in range(4))
    html = page(f"<h1>突破材料收集路线一览</h1><div class='content'><p>来源：游戏网</p><p>时间：2024-06-20 10:30</p>{text}"
                + "".join(f"<p>{line}</p>" for line in fields) + "</div>", "<title>突破材料收集路线一览</title>")
    lines = parse_article(html, "https://www.game.example.cn/a/1.html").body_text.split("\n")
    assert lines[-4:] == fields and "来源：游戏网" not in lines and "时间：2024-06-20 10:30" not in lines


def test_a_headings_anchor_made_of_its_words_says_nothing_of_furniture():
    headings = ["Most Popular Base Pals Right Now", "Sharing Pals With Friends", "Related Quests And Unlocks"]
    sections = "".join(f"<h2 id='{h.lower().replace(' ', '-')}'>{h}</h2><p>{'Base work keeps the camp running all day long. ' * 4}</p>"
                       for h in headings)
    html = page(f"<h1>Best Pals For Base Work</h1><div class='article-body'>{sections}</div>")
    lines = parse_article(html, "https://a.example/x").body_text.split("\n")
    assert [line for line in lines if line in headings] == headings


def test_a_blogger_posts_time_is_its_abbr_title():
    html = page("<h2 class='date-header'><span>Friday, June 21, 2024</span></h2><h3 class='post-title'>Finished it!</h3>"
                f"<div class='post-body'>{ENGLISH_WORDS}</div><div class='post-footer'>Posted by Hollie at "
                "<abbr class='published' itemprop='datePublished' title='2024-06-21T18:14:00-07:00'>6:14 PM</abbr></div>")
    assert parse_article(html, "https://example.blogspot.com/2024/06/finished.html").published_at == "2024-06-21T18:14:00-07:00"


def test_account_links_are_no_writer():
    html = page(f"<div class='masthead_user'><a href='/user/login'>Log In</a> <a href='/user/register'>Sign Up</a></div>"
                f"<h1>Is the DLC too hard without summons?</h1>{ENGLISH_WORDS}")
    assert parse_article(html, "https://a.example/x").author is None


def test_a_thread_with_a_tagged_subject_a_floor_header_and_a_long_nickname():
    # NGA: "楼主 … 只看" over the first post, its subject tagged "[讨论]"; Tieba's nicknames
    # run past a person's name.
    posts = "".join(_table_post(user, number) for number, user in enumerate(["冰糖葫芦不加糖", "路人甲", "路人乙"]))
    posts = posts.replace("<a name='l0'>#0</a>", "<a name='l0'>楼主</a>").replace(
        "1{number}:15</span>", "").replace("10:15</span></div>", "10:15</span> <a href='#'>只看</a></div>").replace(
        "<h3>须弥神瞳", "<h3>[讨论] 须弥神瞳")
    html = page(f"<div id='m_posts'>{posts}</div>", "<title>[讨论] 须弥神瞳全收集路线整理 玩家社区</title>")
    article = parse_article(html, "https://bbs.example.cn/read.php?tid=33000000")
    assert article.author == "冰糖葫芦不加糖"
    assert article.body_text.split("\n")[0].startswith("第0帖第0段") and "第1帖" not in article.body_text


def test_a_wikis_navbox_and_action_tabs_are_no_article_and_no_writer():
    navbox = ("<div class='navbox'><table class='navbox-inner'><tr><th>角色</th></tr><tr><td>蒙德：<a href='/a'>琴</a> · "
              "<a href='/b'>温迪</a>　璃月：<a href='/c'>钟离</a> · <a href='/d'>胡桃</a></td></tr></table></div>")
    html = page(f"<h1 id='firstHeading'>纳西妲</h1><div class='page-actions'><a href='?action=edit'>编辑</a> "
                f"<a href='?action=history'>历史</a> <a href='/wiki/讨论:纳西妲'>讨论</a></div>"
                f"<div class='mw-parser-output'><p>{HAN * 4}</p><p>{HAN * 3}</p>{navbox}</div>", "<title>纳西妲 - 原神WIKI</title>")
    article = parse_article(html, "https://wiki.example.cn/ys/纳西妲")
    assert article.author is None and "钟离" not in article.body_text


def test_the_sites_name_before_its_writer_is_no_second_writer():
    html = page(f"<h1>新版本公布全球上线时间</h1><p>作者：遊戲基地 小狼 2024-06-20 10:30</p><div><p>{HAN * 5}</p></div>",
                "<title>新版本公布全球上线时间 - 遊戲基地 gamebase</title><meta property='og:site_name' content='遊戲基地 gamebase'>")
    assert parse_article(html, "https://news.gamebase.example.tw/news/detail/1").author == "小狼"


def test_credits_without_a_colon_and_calls_to_follow_are_no_article_text():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以在游戏中体验全新的剧情内容，第{i}段。</p>" for i in range(5))
    html = page(f"<h1>新版本副本攻略整理</h1><div class='content'><p>点击上方蓝字关注我们</p>{text}<p>编辑 张莉</p>"
                "<p>编辑 张磊 校对 刘军</p></div>", "<title>新版本副本攻略整理</title>")
    body = parse_article(html, "https://www.game.example.cn/a/1.html").body_text
    assert body.startswith("这次版本") and body.endswith("第4段。")


def test_just_now_inside_a_sentence_is_no_date():
    assert find_date("真正的竞争才刚刚开始", DateContext(CHINA, NOW)) is None
    assert iso(find_date("刚刚 · 阅读 1.2万", DateContext(CHINA, NOW))) == "2025-05-13T12:00:00+08:00"


def test_the_sites_logo_linking_home_is_no_writer():
    # (A personal blog is named after its writer: only the logo linking to the front page is the site.)
    html = page("<header><a class='logo' href='/'>简书</a><nav><a href='/'>首页</a><a href='/apps'>下载APP</a></nav></header>"
                "<h1>三十岁，我辞职去大理开了一家书店</h1><div><div><span><a href='/u/7a1b2c3d4e5f'>林深见鹿</a></span>"
                "<button type='button'><span>关注</span></button></div><div><time datetime='2024-06-20T02:30:21.000Z'>"
                f"2024.06.20 10:30:21</time><span>字数 1,234</span><span>阅读 567</span></div></div><article><p>{HAN * 5}</p></article>",
                "<title>三十岁，我辞职去大理开了一家书店 - 简书</title><meta property='og:site_name' content='简书'>")
    assert parse_article(html, "https://www.jianshu.example/p/1").author == "林深见鹿"


def test_a_wechat_articles_time_is_its_script_variable():
    html = page(f"<h1 id='activity-name'>一家新势力车企的90天自救</h1><em id='publish_time'></em><div id='js_content'><p>{HAN * 5}</p></div>"
                "<script>var nickname = '晚点LatePost'; var ct = \"1718850600\";</script>")
    assert parse_article(html, "https://mp.weixin.qq.com/s/abc").published_at == "2024-06-20T10:30:00+08:00"


def test_a_commenter_marked_as_an_author_is_no_writer():
    comment = ("<div class='comment' itemprop='comment' itemscope itemtype='https://schema.org/Comment'>"
               "<div class='comment-author vcard' itemprop='author' itemscope itemtype='https://schema.org/Person'>"
               "<cite itemprop='name'>Margaret</cite></div><p>Lovely dahlias!</p></div>")
    html = page("<article itemscope itemtype='https://schema.org/CreativeWork'><h1>Lifting dahlia tubers</h1>"
                "<span class='author vcard' itemprop='author' itemscope itemtype='https://schema.org/Person'>"
                f"<span itemprop='name'>Tom Hughes</span></span>{ENGLISH_WORDS}</article>{comment}")
    assert parse_article(html, "https://a.example/x").author == "Tom Hughes"


def test_an_rdfa_date_on_the_shown_line_gives_its_offset():
    # Drupal 7: the shown "06/03/2020" could be either; the RDFa content says which, with its offset.
    html = page("<h1>Swarm season</h1><span property='dc:date dc:created' content='2020-06-03T14:05:00+01:00' "
                f"datatype='xsd:dateTime'>Submitted by Margaret on Wed, 06/03/2020 - 14:05</span>{ENGLISH_WORDS}")
    assert parse_article(html, "https://beekeepers.example.org/node/1").published_at == "2020-06-03T14:05:00+01:00"


def test_a_byline_label_in_markup_of_its_own_is_no_writer():
    html = page("<h1>Kreisstraße ab Montag gesperrt</h1><div class='td-post-author-name'><div class='td-author-by'>Von</div> "
                f"<a href='/author/redaktion/'>Redaktion</a></div><p>{'Die Straße wird für Bauarbeiten gesperrt. ' * 8}</p>")
    assert parse_article(html, "https://a.example.de/x").author != "Von"


def test_page_builder_modules_numbered_in_their_class_are_one_article():
    modules = "".join(f"<div class='et_pb_module et_pb_text et_pb_text_{i}'><div class='et_pb_text_inner'><p>Teil {i}: "
                      + "Die Kinder sind für den Förderverein gelaufen und haben Geld gesammelt. " * 3 + "</p></div></div>"
                      for i in range(3))
    html = page(f"<h1>Spendenlauf 2021</h1><div class='et_pb_column'>{modules}</div><div class='sidebar'><p>Archiv</p></div>")
    body = parse_article(html, "https://a.example.de/spendenlauf").body_text
    assert all(f"Teil {i}:" in body for i in range(3))


@pytest.mark.parametrize("footer, expected", [
    ("All times are GMT -5. The time now is 02:05 PM.", "2020-06-13T14:05:00-05:00"),
    ("Alle Zeiten sind UTC+01:00", "2020-06-13T14:05:00+01:00"),
    ("Our GMT office is open", "2020-06-13T14:05:00+00:00"),
])
def test_a_forums_footer_states_the_zone_its_times_are_shown_in(footer, expected):
    html = page(f"<h1>Rear sill rust: how bad is too bad?</h1><p>Posted June 13, 2020 2:05 PM</p>{ENGLISH_WORDS}"
                f"<div id='footer'><p>{footer}</p></div>")
    assert parse_article(html, "https://forum.example.com/showthread.php?t=1").published_at == expected


@pytest.mark.parametrize("poster", ["<a class='follow-nickName' href='/u/1'>码农小张</a>",
                                    "<div class='link-user__name'>盒友杂谈君</div>",
                                    "<a class='user-name__text' href='/u/2'>喵喵开拓者</a>"])
def test_a_platforms_poster_marked_as_its_nickname_or_user_name_is_the_writer(poster):
    html = page(f"<h1>新手开荒思路分享</h1><div class='info'>{poster}<span>2024-06-20 10:30</span></div><div><p>{HAN * 5}</p></div>")
    assert parse_article(html, "https://a.example.cn/topic/1").author == re.sub(r"<[^>]+>", "", poster)


def test_a_menu_item_over_a_dated_byline_naming_a_placeholder_is_no_writer():
    html = page("<nav><ul><li><a href='/events/'>Events</a></li><li><a href='/blog/'>Blog</a></li></ul></nav>"
                "<article><div class='entry-meta'><span class='posted-on'>Posted on "
                "<time datetime='2020-06-03T14:05:00-04:00'>June 3, 2020</time><time class='updated'>June 5, 2020</time></span>"
                "<span class='byline'> by <span class='author vcard'><a href='/author/admin/'>admin</a></span></span></div>"
                f"<h1>Five Lessons From Our First Repair Café</h1>{ENGLISH_WORDS}</article>")
    assert parse_article(html, "https://a.example.org/2020/06/03/repair-cafe/").author is None


def test_sentences_opening_with_by_are_article_text_and_a_pages_line_is_not():
    paragraphs = ["By comparison, the Scadu Altus fragments are much easier to find.",
                  "Some words of the article that go on for a while. " * 4,
                  "By the way, the boss resets if you leave the arena."]
    html = page("<h1>Scadutree Fragment locations</h1><div class='article-body'>" + "".join(f"<p>{p}</p>" for p in paragraphs)
                + "<h3>By leveling up</h3><p>" + "Levels come from runes earned in the region. " * 3 + "</p>"
                + "<div class='page-links'>Pages: <span>1</span> <a href='/guide/2/'>2</a> <a href='/guide/3/'>3</a></div></div>")
    lines = parse_article(html, "https://a.example/guide/").body_text.split("\n")
    assert lines[0] == paragraphs[0] and lines[2] == paragraphs[2] and "By leveling up" in lines
    assert not any(line.startswith("Pages") for line in lines)


def test_a_written_by_line_ends_at_the_last_updated_line_beside_it():
    html = page("<h1>Frost Death Knight Rotation</h1><div class='guide-meta'><span class='guide-author'>Written by <a>Khazak</a></span>\n"
                f"<span>Last updated June 20, 2024</span></div>{ENGLISH_WORDS}")
    assert parse_article(html, "https://a.example/guide").author == "Khazak"


def test_a_wikis_history_tab_and_a_reprint_ban_are_neither_writer_nor_text():
    text = "".join(f"<p>這次版本更新帶來了新的副本和職業平衡調整，玩家可以在遊戲中體驗全新的劇情內容，第{i}段。</p>" for i in range(5))
    html = page(f"<h1>艾爾登法環</h1><div class='wiki-tools'><a>編輯</a> | <a>歷史紀錄</a> | <a>討論</a></div><div>{text}"
                "<p>※ 歡迎用「轉貼」或「分享」的方式轉傳文章連結；未經授權，請勿複製轉貼文章內容</p></div>")
    article = parse_article(html, "https://wiki.example.tw/wiki/1")
    assert article.author is None and article.body_text.endswith("第4段。")


@pytest.mark.parametrize("url, pager, expected", [
    # WordPress's split post: the post's path and the page's number, links showing only the number.
    ("https://a.example/2024/06/543210", "<span>1</span><a href='/2024/06/543210/2'>2</a><a href='/2024/06/543210/3'>3</a>",
     ["https://a.example/2024/06/543210/2", "https://a.example/2024/06/543210/3"]),
    ("https://a.example/reviews/smt-review/2/", "<a href='/reviews/smt-review/'>1</a><span>2</span><a href='/reviews/smt-review/3/'>3</a>",
     ["https://a.example/reviews/smt-review/3/"]),
    ("https://a.example/forums/t23-cheese/", "<a href='/forums/t23-cheese/2.htm'>2</a><a href='/forums/t23-cheese/3.htm'>3</a>",
     ["https://a.example/forums/t23-cheese/2.htm", "https://a.example/forums/t23-cheese/3.htm"]),
    # A page jumper's options.
    ("https://a.example/gl/3912345.html", "<select><option value='3912345.html' selected>第1页：简介</option>"
     "<option value='3912345_2.html'>第2页：打法</option><option value='3912345_3.html'>第3页：奖励</option></select>",
     ["https://a.example/gl/3912345_2.html", "https://a.example/gl/3912345_3.html"]),
    # Not: another post of the same name, a forum's list, another topic.
    ("https://a.example/p/e3-is-dead-part-1", "<a href='/p/e3-is-dead-part-2'>Next</a><a href='/p/e3-is-dead-part-2'>2</a>", []),
    ("https://bbs.a.example/forum.php?mod=viewthread&tid=123&extra=page%3D2",
     "<a href='forum.php?mod=forumdisplay&fid=12&page=2'>返回列表</a>"
     "<a href='forum.php?mod=viewthread&tid=123&extra=page%3D2&page=2'>2</a>",
     ["https://bbs.a.example/forum.php?mod=viewthread&tid=123&extra=page%3D2&page=2"]),
    ("https://a.example/forum/general/12", "<a href='/forum/general/13'>Another topic</a>", []),
])
def test_the_further_pages_of_a_split_article(url, pager, expected):
    html = page(f"<h1>Split review</h1><div class='content'><p>{HAN * 5}</p></div><div class='pager'>{pager}</div>")
    assert parse_article(html, url).page_urls == expected


def test_a_stats_table_of_one_row_under_its_header_keeps_its_rows():
    table = ("<table><tr><th>HP</th><th>Weakness</th><th>Resists</th></tr>"
             "<tr><td>~15,000</td><td>Frostbite, Pierce</td><td>Fire, Holy</td></tr></table>")
    html = page(f"<h1>How to beat Messmer</h1><div class='content'><p>{'Messmer is a hard boss of the region. ' * 5}</p>{table}</div>")
    assert "HP\tWeakness\tResists\n~15,000\tFrostbite, Pierce\tFire, Holy" in parse_article(html, "https://a.example/x").body_text


def test_a_framed_table_of_linked_names_and_figures_is_data_not_navigation():
    rows = "".join(f"<tr><td>{level}</td><td><a href='/wiki/{move}'>{move}</a></td><td><a href='/wiki/Fire'>Fire</a></td>"
                   f"<td><a href='/wiki/Special'>Special</a></td><td>{power}</td><td>100%</td></tr>" for level, move, power in
                   [(1, "Ember", 40), (12, "Dragon Breath", 60), (19, "Fire Fang", 65), (30, "Flamethrower", 90),
                    (36, "Inferno Overdrive", 95), (42, "Heat Wave", 95), (46, "Flare Blitz", 120), (54, "Blast Burn", 150)])
    table = (f"<table class='roundy'><tr><th>Generation IX</th></tr><tr><td><table class='sortable'>"
             f"<tr><th>Level</th><th>Move</th><th>Type</th><th>Cat.</th><th>Pwr.</th><th>Acc.</th></tr>{rows}</table></td></tr></table>")
    html = page(f"<h1>Charizard</h1><div class='mw-parser-output'><p>{'Charizard is a Fire type Pokemon. ' * 6}</p>{table}</div>")
    assert "30\tFlamethrower\tFire\tSpecial\t90\t100%" in parse_article(html, "https://wiki.example/Charizard").body_text


def test_a_wikis_tagline_is_no_writer():
    html = page(f"<h1>Charizard</h1><div id='siteSub'>From Bulbapedia, the community-driven Pokémon encyclopedia.</div>{ENGLISH_WORDS}")
    assert parse_article(html, "https://wiki.example/Charizard").author is None


def test_a_wikis_footnote_marks_and_a_last_heading_without_its_section_are_no_body_text():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以体验全新的剧情<sup id='cite_ref-{i}' class='reference'>"
                   f"<a href='#cite_note-{i}'>[{i}]</a></sup>，第{i}段。</p>" for i in range(5))
    notes = "<h2><span class='mw-headline'>参考资料</span></h2><ol class='references'><li><a href='https://a.example/'>官网</a></li></ol>"
    html = page(f"<h1>新版本</h1><div class='mw-parser-output'>{text}{notes}</div>", "<title>新版本 - 游戏百科</title>")
    body = parse_article(html, "https://wiki.example.cn/新版本").body_text
    assert "[1]" not in body and body.endswith("第4段。")


def test_a_structured_author_the_page_shows_as_the_source_yields_to_the_writer():
    html = page(f"<h1>永劫无间手游评测</h1><p>2024-06-20 10:30:12　本文来源：网易爱玩　作者：张一白</p><div><p>{HAN * 5}</p></div>"
                "<p>责任编辑：王晓_NG2021</p>", "<meta property='article:author' content='网易爱玩'>")
    assert parse_article(html, "https://play.example.cn/article/1.html").author == "张一白"


def test_a_lead_set_in_a_heading_is_kept_when_nothing_follows_it():
    # A short news item whose only text is its summary, styled as a subtitle under the headline.
    lead = ("Forest fires broke out in seven districts on Tuesday. Aircraft and ground crews fought the fire in Bornova. "
            "Two of the fires were put out by the evening, and no one was hurt")
    related = "".join(f"<li><a href='/news/{i}'>Another story about the weather number {i}</a></li>" for i in range(8))
    html = page(f"<div class='head'><h1>Forest fires in seven districts</h1><h2 class='subtitle'>{lead}</h2></div>"
                f"<aside><h3>Most read</h3><ul>{related}</ul></aside>")
    assert parse_article(html, "https://news.example/fires").body_text == lead


def _vbulletin5_post(number: int, who: str, text: str) -> str:
    # The opening post marked by a class of its own ("b-post b-post--first").
    return (f"<li class='b-post{' b-post--first' if number == 1 else ''} js-post'><div class='b-userinfo'>"
            f"<a href='/member/{number}-{who}'>{who}</a></div><div class='b-post__content'><div class='b-post__timestamp'>"
            f"05-0{number}-2023, 12:03 PM</div><div class='js-post__content-text'>{text}</div></div></li>")


def _smf_post(number: int, who: str, text: str) -> str:
    # In French, the profile linked by its query, the rows alternating "windowbg" and "windowbg2".
    return (f"<div class='windowbg{'' if number % 2 else '2'}'><div class='poster'><h4>"
            f"<a href='/index.php?action=profile;u={number}'>{who}</a></h4></div><div class='postarea'>"
            f"<div class='keyinfo'>« le: 0{number} mai 2023 à 12:03:45 »</div><div class='inner'>{text}</div></div></div>")


def _discuz_post(number: int, who: str, text: str) -> str:
    # The message cell nine levels below the post.
    return (f"<div id='post_{number}'><table class='plhin'><tr><td class='pls'><div class='pi'><div class='authi'>"
            f"<a href='home.php?mod=space&uid={number}'>{who}</a></div></div></td><td class='plc'><div class='pi'>"
            f"<em>发表于 2023-5-{number} 12:03</em></div><div class='pct'><div class='pcb'><div class='t_fsz'><table><tr>"
            f"<td class='t_f'>{text}</td></tr></table></div></div></div></td></tr></table></div>")


def _xenforo1_post(number: int, who: str, text: str) -> str:
    # In German, the poster's panel saying since when they are registered; no member link.
    return (f"<li class='message'><div class='messageUserInfo'><h3><span>{who}</span></h3><em>Mitglied</em>"
            f"<dl><dt>Registriert seit:</dt><dd>2{number}. Dezember 2019</dd></dl></div>"
            f"<div class='messageInfo'><blockquote class='messageText'>{text}</blockquote></div></li>")


def _invision_post(number: int, who: str, text: str) -> str:
    # This year's posts dated by month and day only.
    return (f"<article class='cPost'>\n<aside class='cAuthorPane'><h3>{who}</h3></aside>\n<div class='cPost_contentWrap'>\n"
            f"<div class='ipsComment_meta'>Posted May {number}</div>\n<div class='ipsType_richText'>{text}</div>\n</div>\n</article>\n")


@pytest.mark.parametrize("post, sentence, reply", [
    (_xenforo1_post, "Seit ein paar Tagen knackt meine Kette beim Antreten, Punkt {}.",
     "Wenn es wirklich nur ein einziges Ritzel betrifft und die Schaltung sauber eingestellt ist, liegt es an der Kassette. "),
    (_invision_post, "My new locomotive keeps cutting out over the points, point {}.",
     "Classic insulfrog problem, and it's not really the points' fault: the frog is plastic and therefore dead. "),
    (_vbulletin5_post, "My first sourdough loaf came out flat, what did I do wrong? Point {}.",
     "Your starter was probably not active enough when you mixed the dough, so it could not rise well. "),
    (_smf_post, "Mon levain ne double plus depuis que j'ai changé de farine, point {}.",
     "C'est normal au début, la nouvelle farine change l'équilibre des levures et il faut quelques jours. "),
    (_discuz_post, "新手求助，这个副本怎么打，第{}点。",
     "这个副本的关键是先清理小怪，然后等首领释放技能后再集中输出，治疗要注意站位，不要贪输出。"),
])
def test_a_short_first_post_is_the_body_beside_longer_replies(post, sentence, reply):
    first = "<br>".join(sentence.format(i) for i in range(2))
    replies = "".join(post(i, f"user{i}", reply * 6) for i in range(2, 6))
    html = page("<h1>Help with my first loaf</h1>\n<div class='thread'>" + post(1, "starter", first) + replies + "</div>",
                "<title>Help with my first loaf</title>")
    assert parse_article(html, "https://forums.example.com/t/1").body_text == first.replace("<br>", "\n")


def test_the_writers_box_closing_an_article_is_no_article_text():
    text = "".join(f"<p>The committee sent a letter on Wednesday. It demands answers about the plan, point {i}.</p>"
                   for i in range(6))
    bio = ("<div class='author-bio'><p>Aaron Kliegman is a politics reporter for Example News. He covers Congress "
           "and the courts.</p></div>")
    html = page(f"<h1>Committee demands answers</h1><div class='article-body'>{text}{bio}</div>")
    assert "politics reporter" not in parse_article(html, "https://news.example.com/a/1").body_text


def test_a_glued_related_posts_block_is_furniture():
    text = "".join(f"<p>The new patch changes the raid boss in many ways. Players need two healers from now on, point {i}.</p>"
                   for i in range(6))
    related = ("<div id='jp-relatedposts' class='jp-relatedposts'><p>Another guide about the raid and its bosses "
               "for the new season. Read it before the raid, it helps.</p></div>")
    html = page(f"<h1>Raid patch notes</h1><div class='entry'>{text}{related}</div>")
    assert "Another guide" not in parse_article(html, "https://blog.example.com/raid").body_text


@pytest.mark.parametrize("quote", [
    "<blockquote><div><cite><a href='./memberlist.php?mode=viewprofile&u=2'>Vexlaine</a> wrote: "
    "<span>Thu May 16, 2024 9:03 am</span></cite>Don't bother tempering anything until the next tier.</div></blockquote>",
    "<blockquote class='ipsQuote'><div class='ipsQuote_citation'>Cheggf said:</div>"
    "<div class='ipsQuote_contents'><p>Fertilizer counts for more in winter now.</p></div></blockquote>",
    "<div class='quote'><blockquote>暗夜精灵 发表于 2023-5-6 12:03<br>这个副本要先清小怪。</blockquote></div>",
])
def test_a_post_without_the_posts_it_quotes_its_edit_note_and_its_signature(quote):
    own = ["Is it worth burning the manuals I already have on my current gear now?",
           "Or should I push to the next tier first and temper there, which affix do you prioritise?"]
    post = (f"<div class='postbody'>{quote}<p>{own[0]}</p><p>{own[1]}</p>"
            "<div class='notice'>Last edited by Korrin on Sat May 18, 2024 6:20 pm, edited 1 time in total.</div>"
            "<div id='sig1' class='signature'>Currently playing: Hydra Sorc (S4), Bash Barb (eternal)</div></div>")
    html = page(f"<h1>Temper now or later?</h1>{post}")
    assert parse_article(html, "https://forum.example.com/t/1").body_text == "\n".join(own)


def test_related_cards_between_paragraphs_are_furniture():
    card = ("<div class='article-card display-card in-content-card'><div class='display-card-badge'>Related</div>"
            "<div class='w-display-card-content'><h5><a href='/best-weapons-tier-list/'>Best Weapons Tier List</a></h5>"
            "<p>Which weapons come out on top?</p></div></div>")
    text = [f"The long sword rewards patience and counters, and this build leans on that, step {i}. Keep the gauge red."
            for i in range(4)]
    html = page(f"<h1>Long sword build</h1><div class='content-block'><p>{text[0]}</p><p>{text[1]}</p>{card}"
                f"<p>{text[2]}</p>{card.replace('best-weapons', 'artian')}<p>{text[3]}</p></div>")
    assert parse_article(html, "https://games.example.com/long-sword-build/").body_text == "\n".join(text)


def _qa_post(kind: str, prop: str, text: str, asked: str) -> str:
    return (f"<div class='{kind}' itemprop='{prop}' itemscope itemtype='https://schema.org/{kind.title()}'>"
            f"<div class='post-text' itemprop='text'>{text}</div>"
            f"<div class='user-info'>{asked} <time itemprop='dateCreated' datetime='{'2023-09-18T19:03:22' if kind == 'question' else '2023-09-19T08:00:00'}'>"
            "1 year, 2 months ago</time> <a href='/users/1/someone'>someone</a></div></div>")


def test_a_marked_question_is_the_body_and_its_date_however_long_its_answers():
    question = "<p>My villager stopped restocking after I moved my bed. Could that be the reason?</p>"
    answer = "".join(f"<p>Yes, the bed is the cause: villagers look for a bed before they work, point {i}. Move it away.</p>"
                     for i in range(6))
    html = page("<h1>Why won't my villager restock?</h1><div itemscope itemtype='https://schema.org/QAPage'>"
                + _qa_post("question", "mainEntity", question, "asked")
                + "<div id='answers'>" + _qa_post("answer", "acceptedAnswer", answer, "answered") + "</div></div>",
                "<title>Why won't my villager restock? - Gaming Q&amp;A</title>")
    article = parse_article(html, "https://gaming.example.com/questions/1/why",
                            ExtractionOptions(fetched_at=datetime(2024, 11, 30, tzinfo=timezone.utc)))
    assert article.body_text == "My villager stopped restocking after I moved my bed. Could that be the reason?"
    assert article.published_at.startswith("2023-09-18T19:03:22")


COMMENT_TREES = [
    "<x-comment-tree>{}</x-comment-tree>",  # a custom element named for comments (new Reddit)
    "<div class='commentthread_comments'>{}</div>",
]


@pytest.mark.parametrize("tree", COMMENT_TREES)
def test_a_comment_tree_that_outweighs_the_post_above_it_is_not_the_body(tree):
    post = ("<p>Every time I ship eggs to the other planet, half of them spoil on the way.</p>"
            "<p>Is there a trick I'm missing?</p>")
    comments = "".join(f"<div><a href='/user/u{i}/'>u{i}</a> <p>You don't ship eggs, you build the farm where you need "
                       f"them. Bring one stack and breed them there, point {i}. It runs itself after that.</p></div>"
                       for i in range(4))
    html = page(f"<main><div class='post'><h1>How do you ship eggs?</h1><div class='text-body'>{post}</div></div>"
                f"{tree.format(comments)}</main>")
    assert parse_article(html, "https://forum.example.com/r/1/eggs/").body_text == (
        "Every time I ship eggs to the other planet, half of them spoil on the way.\nIs there a trick I'm missing?")


def test_a_thread_whose_posts_are_all_called_comments_gives_its_first_post():
    # vBulletin 5 and Invision call every post a comment, the opening one too; a notice
    # above the thread is no post that came before its "comments".
    posts = [("starter", "My first sourdough loaf came out flat. What did I do wrong with the starter?"),
             *((f"baker{i}", "Your starter was probably not active enough when you mixed the dough. Feed it twice first. "
                * 3) for i in range(3))]
    thread = "".join(f"<li class='b-post js-comment-entry__parent'><div class='b-post__header'><a href='/member/{i}-{name}'>"
                     f"{name}</a> Posted 05-06-2024, 10:0{i} AM</div><div class='b-post__content'><p>{text}</p></div></li>"
                     for i, (name, text) in enumerate(posts))
    html = page("<div class='notice'><p>We use cookies to make this site better. You can change your settings.</p></div>"
                f"<h1>Flat sourdough</h1><ul class='conversation-list'>{thread}</ul>", "<title>Flat sourdough</title>")
    text = parse_article(html, "https://forum.example.com/t/1").body_text
    assert posts[0][1] in text and "Your starter" not in text


def test_a_compact_age_with_ago_reads_as_the_time_its_title_writes_in_full():
    post = "".join(f"<p>Is there a trick I am missing with the eggs, point {i}? They spoil on the way.</p>" for i in range(3))
    html = page("<h1>How do you ship eggs?</h1><div class='post'><span>r/factorio • <time title='Thursday, November 28, "
                f"2024 at 9:41:17 AM UTC'>2d ago</time></span><div class='body'>{post}</div></div>")
    article = parse_article(html, "https://forum.example.com/r/1/eggs/",
                            ExtractionOptions(fetched_at=datetime(2024, 11, 30, 12, tzinfo=timezone.utc)))
    assert article.published_at == "2024-11-28T09:41:17+00:00"


def test_people_named_by_the_headline_beat_an_organisation_tagged_as_the_author():
    ld = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", "headline": '
          '"Heat advisories across New England", "author": [{"@type": "Organization", "name": "Wire Service"}]}</script>')
    text = "".join(f"<p>A stretch of hot, humid weather pushed heat indexes past 100 degrees, town {i} said.</p>" for i in range(5))
    html = page("<h1>Heat advisories across New England</h1><div class='byline'>By JESSICA LINDQVIST and MARK OYELARAN "
                f"<span class='byline-agency'>Wire Service</span></div><div class='story'>{text}</div>",
                f"<title>Heat advisories across New England</title>{ld}")
    assert parse_article(html, "https://www.example-herald.com/2024/07/16/heat/").author == "JESSICA LINDQVIST, MARK OYELARAN"


def test_an_organisation_tagged_as_the_author_stays_when_no_one_is_named():
    ld = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", "headline": '
          '"Heat advisories across New England", "author": {"@type": "Organization", "name": "Wire Service"}}</script>')
    text = "".join(f"<p>A stretch of hot, humid weather pushed heat indexes past 100 degrees, town {i} said.</p>" for i in range(5))
    html = page(f"<h1>Heat advisories across New England</h1><div class='story'>{text}</div>",
                f"<title>Heat advisories across New England</title>{ld}")
    assert parse_article(html, "https://www.example-herald.com/2024/07/16/heat/").author == "Wire Service"


@pytest.mark.parametrize("shown", ["vor 2 Stunden", "il y a 2 heures", "Heute"])
def test_a_time_element_showing_no_date_of_its_own_is_read_from_its_datetime(shown):
    text = "".join(f"<p>Die Stadt plant neue Radwege im Bezirk, Abschnitt {i}. Der Ausbau beginnt im Frühjahr.</p>" for i in range(5))
    html = page(f"<h1>Neue Radwege</h1><div class='meta'><time datetime='2024-10-29T08:15:00Z'>{shown}</time></div>"
                f"<div class='story'>{text}<p>(Theresa Hofbauer, 28.10.2024)</p></div>", "<meta http-equiv='content-language' content='de-AT'><title>Neue Radwege</title>")
    article = parse_article(html, "https://www.example.at/story/1/radwege",
                            ExtractionOptions(fetched_at=datetime(2024, 10, 29, 10, 15, tzinfo=timezone.utc)))
    assert article.published_at == "2024-10-29T09:15:00+01:00"


def test_an_article_with_a_block_for_each_paragraph_between_its_subheadings_is_kept_whole():
    paragraphs = [f"A cidade registrou na madrugada a temperatura mais baixa do ano, segundo a estação {i}. O frio continua."
                  for i in range(7)]
    block = "<div class='mc-column content-text'><p>{}</p></div>"
    blocks = [block.format(text) for text in paragraphs]
    blocks.insert(3, "<div class='mc-column content-intertitle'><h2>Alerta da Defesa Civil</h2></div>")
    blocks.insert(2, "<div class='mc-column content-list'><ul><li><a href='/n/1'>Frio: abrigos ampliados</a></li>"
                     "<li><a href='/n/2'>Rodízio de veículos</a></li></ul></div>")
    html = page("<h1>SP registra madrugada mais fria do ano</h1><div class='subtitle'>Termômetros marcaram 11,8°C. "
                f"Defesa Civil alerta para rajadas de vento.</div><div class='wall'>{''.join(blocks)}</div>",
                "<title>SP registra madrugada mais fria do ano</title>")
    text = parse_article(html, "https://news.example.com/sp/noticia/2024/05/21/frio.ghtml").body_text
    assert all(paragraph in text for paragraph in paragraphs) and "Alerta da Defesa Civil" in text


def _forum_post(header: str) -> str:
    text = "".join(f"<p>My tank has been cycling for three weeks and the nitrite will not drop, test {i}. What am I missing?</p>"
                   for i in range(3))
    return f"<h1>Nitrite stuck after three weeks</h1><div class='post'><div class='post_head'>{header}</div>{text}</div>"


def test_a_day_word_whose_title_writes_the_day_in_full_is_read_with_the_clock_beside_it():
    header = ("<span class='post_date'><span title='01-22-2024'>Yesterday</span>, 08:14 PM <span class='post_edit'>"
              "(This post was last modified: 01-22-2024, 08:36 PM by tankguy.)</span></span>")
    article = parse_article(page(_forum_post(header)), "https://forum.example.com/thread-1.html",
                            ExtractionOptions(fetched_at=datetime(2024, 1, 23, 12, tzinfo=timezone.utc)))
    assert article.published_at.startswith("2024-01-22T20:14")


def test_a_poll_s_end_above_the_first_post_does_not_date_it():
    header = ("<p class='author'>Voting ended on Wed Mar 13, 2024 7:42 pm</p>"
              "<p class='author'>by tankguy » <time datetime='2024-03-11T19:42:07+00:00'>Mon Mar 11, 2024 7:42 pm</time></p>")
    article = parse_article(page(_forum_post(header)), "https://forum.example.com/viewtopic.php?t=1")
    assert article.published_at == "2024-03-11T19:42:07+00:00"


def test_a_local_time_beside_a_unix_time_takes_the_zone_they_differ_by():
    header = "<a href='/id/tankguy'>tankguy</a> <span class='date' data-timestamp='1709836802'>Mar 7, 2024 @ 10:40am</span>"
    article = parse_article(page(_forum_post(header)), "https://community.example.com/discussions/1/")
    assert article.published_at == "2024-03-07T10:40:02-08:00"


@pytest.mark.parametrize("label, heading", [("Author", "Message"), ("作者", "搜索")])
def test_a_column_or_menu_heading_under_an_author_label_is_no_name(label, heading):
    text = "".join(f"<p>The picture rolls when I switch the console to 60Hz over SCART, try {i}. Any idea why?</p>"
                   for i in range(3))
    html = page(f"<h1>Saturn 50/60Hz switch mod</h1><table class='forumline'><tr><th>{label}</th><th>{heading}</th></tr>"
                f"<tr><td class='row1'>{text}</td></tr></table>", "<title>Saturn 50/60Hz switch mod</title>")
    assert parse_article(html, "https://forum.example.com/viewtopic.php?t=1").author is None


def test_a_meta_creation_date_dates_a_question_page_before_an_answer_s_edit():
    answers = "".join(f"<div class='answer'><p>编辑于 2024-03-05 09:2{i}</p><p>先用水口钳剪下零件，再用笔刀修整，第{i}步很重要。"
                      "然后用砂纸打磨，最后上色就可以了。</p></div>" for i in range(3))
    html = page("<h1>新手做高达模型需要准备哪些工具？</h1><div class='question'><p>刚入坑，想做一个HG。</p></div>"
                f"<div class='answers'>{answers}</div>",
                "<title>新手做高达模型需要准备哪些工具？ - 知乎</title><meta itemprop='dateCreated' content='2024-03-02T13:45:12.000Z'>")
    article = parse_article(html, "https://www.zhihu.com/question/1")
    assert article.published_at.startswith("2024-03-02")


@pytest.mark.parametrize("byline, author", [
    ("Von Martin Krüger, Paris", "Martin Krüger"),  # the place the writer reports from
    ("Von Martin Krüger, Anna Berg", "Martin Krüger, Anna Berg"),  # a second writer the tag leaves out
])
def test_a_byline_completes_the_structured_author_with_writers_not_places(byline, author):
    ld = ('<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle", '
          '"headline": "Tempo 50 auf dem Périphérique", "author": {"@type": "Person", "name": "Martin Krüger"}}</script>')
    text = "".join(f"<p>Seit Dienstag gilt auf dem Boulevard nur noch Tempo 50, Abschnitt {i}. Die Stadt spricht von einem Gewinn.</p>"
                   for i in range(5))
    html = page(f"<h1>Tempo 50 auf dem Périphérique</h1><p class='byline'>{byline}</p><div class='body'>{text}</div>",
                f"<title>Tempo 50 auf dem Périphérique</title>{ld}")
    assert parse_article(html, "https://www.example.net/aktuell/tempo-50.html").author == author


def test_a_thread_whose_posts_sit_in_a_list_beside_its_toolbar_gives_its_first_post():
    posts = [("engineer", "My 2-8-0 stalls on every code 83 turnout. The frogs are not powered. What else can I check?"),
             *((f"modeler{i}", "Clean the wheels and check the pickup wipers on the tender. That fixes most stalls. " * 2)
               for i in range(3))]
    items = "".join(f"<li class='postbitlegacy postcontainer'><div class='posthead'>01-14-2024, 09:1{i} PM</div>"
                    f"<div class='userinfo'><a class='username' href='member.php?u={i}'>{name}</a> Join Date: Mar 2015 Posts: 3{i}</div>"
                    f"<div class='postbody'><div class='content'><blockquote class='postcontent'>{text}</blockquote></div></div></li>"
                    for i, (name, text) in enumerate(posts))
    html = page("<h1>2-8-0 stalls on turnouts</h1><div id='postlist' class='postlist'><div class='threadtools'>Thread Tools "
                f"Search Thread Display</div><ol id='posts' class='posts'>{items}</ol></div>", "<title>2-8-0 stalls on turnouts</title>")
    assert parse_article(html, "https://forum.example.com/showthread.php?t=1").body_text == posts[0][1]


def test_the_text_a_page_serves_without_scripts_is_read():
    post = "".join(f"<p>Since updating my handheld to the new firmware, every game has a crackle in the audio, test {i}. "
                   "Gameplay speed is fine.</p>" for i in range(4))
    html = page("<noscript><div class='Alert'>This site is best viewed with JavaScript enabled.</div></noscript>"
                f"<div id='app'></div><noscript id='app-content'><h2>Audio crackle after the update</h2>"
                f"<div class='Post-body'>{post}</div></noscript>", "<title>Audio crackle after the update</title>")
    text = parse_article(html, "https://forum.example.com/d/1-audio-crackle").body_text
    assert "every game has a crackle in the audio, test 3" in text and "JavaScript" not in text


def test_a_thread_whose_every_post_is_a_marked_comment_gives_the_first():
    # NodeBB marks every post a schema.org Comment, the opening one too.
    first = "Third night in a row the boss flies off at dawn. Am I doing too little damage?"
    reply = "Yeah, that is a damage problem. Build a long bridge of platforms and use a bow with flaming arrows. " * 4
    posts = "".join(f"<li component='post' class='pt-4 {'topic-owner-post' if i == 0 else ''}' itemprop='comment' itemscope "
                    f"itemtype='http://schema.org/Comment'><meta itemprop='datePublished' content='2024-01-22T15:0{i}:11Z'>"
                    f"<div class='d-flex'><div class='post-container'><div class='post-header'><a href='/user/u{i}'>u{i}</a>"
                    f"<a href='/post/{i}' class='timeago' title='2024-01-22T15:0{i}:11Z'></a></div>"
                    f"<div class='content' itemprop='text'><p>{text}</p></div></div></div></li>"
                    for i, text in enumerate([first, reply, reply[:120]]))
    html = page(f"<h1>Boss leaves at dawn</h1><ul component='topic' class='posts'>{posts}</ul>", "<title>Boss leaves at dawn</title>")
    assert parse_article(html, "https://community.example.org/topic/1/boss").body_text == first


def test_a_thread_whose_posts_head_with_a_name_and_a_stamp_gives_its_first_post():
    # 5ch: no "posted" label, no member link, a weekday between day and clock, replies
    # shorter than their header, messages without full stops, <br>s between the posts.
    messages = ["小学生の時にミニ四駆で遊んでたおっさんだけど<br>子供がハマったので久しぶりにショップ行ったら何もかも変わってて草<br>"
                "初心者がまず買うべきマシンとパーツ教えてくれ",
                "&gt;&gt;1<br>おっさんホイホイスレ", "&gt;&gt;1<br>とりあえずMAシャーシのキット買っとけ<br>組みやすいし壊れにくい",
                "&gt;&gt;3<br>それな"]
    posts = "<br>".join(f"<div class='post' id='{i}'><div class='meta'><span class='number'>{i}</span><span class='name'><b>"
                        f"以下、名無しがお送りします</b></span><span class='date'>2024/09/21(土) 14:0{i}:27.51</span>"
                        f"<span class='uid'>ID:Xk3pQ8r{i}</span></div><div class='message'>{text}</div></div>"
                        for i, text in enumerate(messages, start=1))
    html = page(f"<h1 class='title'>ミニ四駆を20年ぶりに再開したんだが</h1><div class='thread'>{posts}</div>",
                "<title>ミニ四駆を20年ぶりに再開したんだが</title>")
    text = parse_article(html, "https://example.5ch.net/test/read.cgi/news4vip/1726895007/").body_text
    assert text.startswith("小学生の時にミニ四駆で遊んでたおっさんだけど") and "おっさんホイホイスレ" not in text


@pytest.mark.parametrize("frame", ["{}", "<div class='pod'><div class='head'>Boards » Persona 3 Reload » Topic</div>{}</div>"])
def test_replies_under_header_lines_with_a_month_first_stamp_are_left_out(frame):
    rows = [("VelvetRoomRegular (Topic Creator)", "2/6/2024 4:53:11 PM",
             "First time playing on Hard. Should I max social links first or push Tartarus? I keep running out of days."),
            ("TartarusTourist", "2/6/2024 5:10:48 PM", "Tartarus only needs a couple of evenings per month. Go up right after a full moon."),
            ("MitsuruFanclub", "2/6/2024 5:44:02 PM", "The time-limited links are not that punishing. Raise Academics early."),
            ("FuukaNavi", "2/7/2024 8:15:19 AM", "One more tip: fatigue is gone in Reload. A single night gets you through a block.")]
    thread = "".join(f"<div class='msg_infobox'><span class='name'>{name}</span> <span class='post_time'>{stamp}</span></div>"
                     f"<div class='msg_body_box'><div class='msg_body'>{text}</div></div>" for name, stamp, text in rows)
    html = page("<h1>Max social links first or push Tartarus?</h1>" + frame.format(f"<div class='msg_list'>{thread}</div>"),
                "<title>Max social links first or push Tartarus?</title>")
    text = parse_article(html, "https://boards.example.com/boards/1-p3r/80312345").body_text
    assert rows[0][2] in text and "Tartarus only needs" not in text and "fatigue" not in text


def _app_page(script: str, shown: str) -> str:
    text = "".join(f"<p>机器人公司完成新一轮融资，本轮资金将用于研发和量产，第{i}段。公司表示今年将扩大产能。</p>" for i in range(5))
    return page(f"<h1>机器人公司完成新一轮融资</h1><div class='meta'>{shown}</div><div class='article'>{text}</div>",
                f"<title>机器人公司完成新一轮融资</title><script>{script}</script>")


def test_a_page_showing_only_a_relative_date_is_dated_by_its_script_state():
    html = _app_page('window.initialState = {"articleDetail": {"publishTime": 1732069536000, "title": "x"}};', "3小时前")
    article = parse_article(html, "https://www.example.cn/p/3040000000",
                            ExtractionOptions(fetched_at=datetime(2024, 11, 20, 5, 20, tzinfo=timezone.utc)))
    assert article.published_at == "2024-11-20T10:25:36+08:00"


def test_a_script_state_gives_the_clock_of_the_day_the_url_names():
    html = _app_page("window.DATA = {pubtime: '2024-08-15 10:22:17', id: '20240815A07QJZ00'};", "")
    assert parse_article(html, "https://news.example.cn/rain/a/20240815A07QJZ00").published_at == "2024-08-15T10:22:17+08:00"


def test_a_reply_s_poster_in_a_comment_section_gives_way_to_the_poster_above_it():
    op = ("<div class='forum_op'><div class='authorline'><a class='forum_op_author' href='/id/vikingdad'>VikingDad</a> "
          "<span class='date'>Mar 7, 2024 @ 10:40am</span></div><div class='topic'>Server lags every 20 minutes</div>"
          "<div class='content'>My dedicated server freezes for a few seconds every twenty minutes. The world is large.</div></div>")
    replies = "".join(f"<div class='commentthread_comment'><div class='commentthread_comment_author'><a href='/profiles/7656119800{i}'>"
                      f"{name}</a> 2024-03-07 11:0{i}</div><div class='commentthread_comment_text'>That is the "
                      "autosave of a large world. Lower the save interval or move the world to an SSD, it helps a lot. " * 2
                      + "</div></div>" for i, name in enumerate(["Thor Hamster", "Odin Raven", "Loki Fan"]))
    html = page(f"<div class='forum_topic'>{op}<div class='commentthread_area'><div class='commentthread_comments'>{replies}"
                "</div></div></div>", "<title>Server lags every 20 minutes :: Valheim General Discussions</title>")
    assert parse_article(html, "https://community.example.com/app/892970/discussions/0/1/").author == "VikingDad"


@pytest.mark.parametrize("shown, expected", [
    ("입력 2024. 10. 2. 14:05", "2024-10-02T14:05:00+09:00"),  # a dot closing the day, spaces after the dots
    ("입력 2024.09.23. 오후 6:12", "2024-09-23T18:12:00+09:00"),  # the afternoon on a 12-hour clock
    ("2024年5月21日 午後6時05分", "2024-05-21T18:05:00+09:00"),
])
def test_korean_and_japanese_dates_with_their_clocks(shown, expected):
    assert iso(find_date(shown, DateContext(ZoneInfo("Asia/Seoul"), None))) == expected


@pytest.mark.parametrize("byline, author", [("ライター：佐々木ノブ", "佐々木ノブ"), ("文：佐々木", "佐々木")])
def test_a_japanese_name_with_the_repeat_mark(byline, author):
    text = "".join(f"<p>大型アップデートが5月28日に実施される。新クラスと高難度レイドが登場する予定だ。その{i}。</p>" for i in range(5))
    html = page(f"<h1>大型アップデートを5月28日に実施</h1><div class='timestamp'><span class='writer'>{byline}</span> "
                f"<span class='date'>2024/05/21 18:00</span></div><div class='maintxt'>{text}</div>",
                "<title>大型アップデートを5月28日に実施</title>")
    assert parse_article(html, "https://www.example.jp/games/news/20240521001/").author == author


def test_a_korean_paper_tagged_as_the_author_gives_way_to_its_reporter():
    text = "".join(f"<p>정부가 반도체 산업 지원을 위한 새로운 정책을 발표했다. 업계는 환영의 뜻을 밝혔다. {i}</p>" for i in range(5))
    html = ("<html lang='ko'><head><title>반도체 지원 정책 발표 | 다음뉴스</title><meta property='og:article:author' content='전자신문'>"
            "</head><body><h3 class='tit_view'>반도체 지원 정책 발표</h3><div class='info_view'><span class='txt_info'>박지민 기자</span>"
            f"<span class='txt_info'>입력 <span class='num_date'>2024. 10. 2. 14:05</span></span></div><div class='article_view'>{text}"
            "<p>박지민 기자 jimin@example.com</p></div></body></html>")
    article = parse_article(html, "https://v.example.net/v/20241002140512345")
    assert (article.author, article.published_at) == ("박지민", "2024-10-02T14:05:00+09:00")


def test_a_time_whose_datetime_is_utc_beside_the_local_clock_it_shows():
    # vBulletin 5 writes the datetime in UTC without an offset and shows the board's local time.
    post = "".join(f"<p>My crawler loses signal on the rock section, test {i}. The receiver blinks red and the truck stops.</p>"
                   for i in range(3))
    html = page("<h1>Crawler loses signal on rocks</h1><div class='b-post'><div class='b-post__timestamp'><time itemprop='dateCreated' "
                f"datetime='2023-11-14T02:03:19'>11-13-2023, 09:03 PM</time></div><div class='b-post__content'>{post}</div></div>",
                "<title>Crawler loses signal on rocks</title>")
    assert parse_article(html, "https://forum.example.com/forum/rc/12345-crawler").published_at == "2023-11-13T21:03:19-05:00"


def test_an_image_s_capt_block_inside_the_text_is_no_article_text():
    paragraphs = [f"大型アップデートでは新クラスと高難度レイドが追加される。第{i}段落の説明だ。" for i in range(4)]
    figure = "<div class='img_right_top'><img src='/a.jpg'><p class='capt'>画像集#001のサムネイル/新クラスのイメージ</p></div>"
    html = page(f"<h1>大型アップデートを実施</h1><div class='maintxt'>{paragraphs[0]}<br><br>{figure}{paragraphs[1]}<br><br>"
                f"{paragraphs[2]}<br><br>{paragraphs[3]}</div>", "<title>大型アップデートを実施</title>")
    assert "サムネイル" not in parse_article(html, "https://www.example.jp/games/news/1/").body_text


def test_an_age_in_months_or_years_reads_as_the_date_its_title_writes_in_full():
    text = "".join(f"<p>The demo now has a save system and a new boss, change {i}. Download it below and tell us.</p>" for i in range(4))
    html = page(f"<h1>Demo 0.4 is out</h1><div class='post_header'>A devlog by <a href='/u/1'>moth</a> · "
                f"<abbr title='17 May 2024 @ 14:22 UTC'>1 year ago</abbr></div><div class='post_body'>{text}</div>",
                "<title>Demo 0.4 is out - devlog</title>")
    article = parse_article(html, "https://moth.example.io/game/devlog/1-demo-04",
                            ExtractionOptions(fetched_at=datetime(2025, 6, 1, tzinfo=timezone.utc)))
    assert article.published_at == "2024-05-17T14:22:00+00:00"



@pytest.mark.parametrize("label", ["Actualizado", "Atualizado", "Aggiornato", "Обновлено", "Ostatnia aktualizacja", "Bijgewerkt"])
def test_an_update_label_in_more_languages_dates_no_publication(label):
    text = "".join(f"<p>El parche nuevo cambia el equilibrio de las armas, punto {i}. Los jugadores ya lo prueban.</p>" for i in range(5))
    html = page(f"<h1>El parche nuevo cambia las armas</h1><div class='meta'><span>{label}: 22.05.2024 10:00</span></div>"
                f"<div class='meta'><span>21.05.2024 09:00</span></div><div class='article'>{text}</div>",
                "<title>El parche nuevo cambia las armas</title>")
    assert parse_article(html, "https://games.example.es/noticias/parche").published_at.startswith("2024-05-21T09:00")
