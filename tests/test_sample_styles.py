"""The sample portal's styles: each a whole portal with its own URL scheme and layout.

Unit checks on the portal itself (its routes, its truth, its pagination, its encoding),
then a zero-config crawl of each style from its first listing page alone, which must
archive every truth article exactly once and nothing else.
"""

from __future__ import annotations

import html
import re
from urllib.parse import urljoin, urlsplit

import pytest
import sqlite_utils

from portal_spider.pages import decode_html, join_pages, parse_article
from portal_spider.sample_portal import STYLES, SamplePortal, serve
from tests.conftest import crawl

BASE = "http://portal.test"
FIELDS = ("title", "author", "published_at", "body_text")
HREF = re.compile(r"""href\s*=\s*(?:"([^"]*)"|'([^']*)')""")
CRAWLED_ARTICLES = 18
CRAWLED_PER_PAGE = 6


@pytest.fixture(scope="module", params=sorted(STYLES))
def portal(request) -> SamplePortal:
    return SamplePortal(articles=24, seed=2, per_page=8, style=request.param)


def fetch(portal: SamplePortal, path: str) -> tuple[int, dict, bytes]:
    return portal.respond(path, base_url=BASE)


def page_html(portal: SamplePortal, path: str) -> str:
    status, headers, body = fetch(portal, path)
    assert status == 200, (path, status)
    return decode_html(body, headers["Content-Type"])


def same_site_paths(portal: SamplePortal, path: str) -> list[str]:
    """Every same-site link on the page, as path (+ query), fragment dropped, in page order."""
    out = []
    for quoted, single in HREF.findall(page_html(portal, path)):
        url = urljoin(BASE + path, html.unescape(quoted or single).strip())
        parts = urlsplit(url)
        if url.startswith(BASE + "/"):
            out.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    return out


def walk_listings(portal: SamplePortal) -> tuple[set[str], set[str]]:
    """From the first listing page, follow links to listing pages; return (listing pages
    reached, article pages linked from them)."""
    listings, articles = set(portal.listing_paths), {a.path for a in portal.articles}
    seen, queue, linked = set(), [portal.start_path], set()
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        for link in same_site_paths(portal, path):
            if link in listings:
                queue.append(link)
            elif link in articles:
                linked.add(link)
    return seen, linked


def test_unknown_style_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown style 'nope'; choose from numeric"):
        SamplePortal(style="nope")


def test_the_registry_has_the_styles_the_tests_expect():
    assert {"numeric", "datehex", "slug", "query", "forum", "cards", "gbk"} <= set(STYLES)
    assert SamplePortal().style.name == "numeric"
    assert SamplePortal().start_path == "/list/index.html"


def test_start_path_is_the_first_listing_page(portal):
    assert portal.listing_paths[0] == portal.start_path
    assert len(portal.listing_paths) >= 3
    assert len(set(portal.listing_paths)) == len(portal.listing_paths)


def test_truth_urls_are_distinct_and_of_the_style(portal):
    rows = portal.truth_json(BASE)
    assert len(rows) == 24
    assert len({r["url"] for r in rows}) == len({r["title"] for r in rows}) == 24
    assert all(r["url"].startswith(BASE + "/") for r in rows)


def test_every_truth_page_serves_200_and_reads_as_its_truth(portal):
    """The current extractor reads every style's articles: the portal is a fair test."""
    for article in portal.articles:
        pages = []
        for path in article.page_paths:
            status, _, body = fetch(portal, path)
            assert status == 200, path
            pages.append(parse_article(body, BASE + path))
        got = join_pages(pages)
        truth = article.truth(BASE)
        for field in FIELDS:
            assert getattr(got, field) == truth[field], (article.path, field)


def test_listing_pagination_reaches_every_listing_page_and_article(portal):
    reached, linked = walk_listings(portal)
    assert reached == set(portal.listing_paths)
    assert linked == {a.path for a in portal.articles}


def test_links_on_listing_and_article_pages_resolve(portal):
    """The noise is real: nav, tag, author, login and pager links all lead somewhere."""
    paths = set(same_site_paths(portal, portal.start_path)) | set(same_site_paths(portal, portal.articles[3].path))
    broken = [p for p in sorted(paths) if fetch(portal, p)[0] not in (200, 301, 302)]
    assert not broken
    assert fetch(portal, "/no/such/page.html")[0] == 404


def test_listing_pages_carry_noise_besides_the_articles(portal):
    """More same-site links than articles on every listing page: a crawler must choose."""
    articles = {a.path for a in portal.articles}
    for path in portal.listing_paths:
        links = set(same_site_paths(portal, path))
        assert len(links - articles) >= 5, path


def test_robots_sitemap_and_feed_as_the_style_says(portal):
    status, _, robots = fetch(portal, "/robots.txt")
    assert status == 200
    style = portal.style
    assert (b"Sitemap:" in robots) == style.sitemap
    sitemap = fetch(portal, "/sitemap.xml")
    assert sitemap[0] == (200 if style.sitemap else 404)
    if style.sitemap:
        assert {a.url(BASE) for a in portal.articles} <= set(re.findall(r"<loc>([^<]+)</loc>", sitemap[2].decode()))
    if style.feed_path:
        status, headers, feed = fetch(portal, style.feed_path)
        assert status == 200 and headers["Content-Type"].startswith("application/rss+xml")
        assert portal.articles[0].url(BASE) in feed.decode()
        assert style.feed_path in html.unescape(page_html(portal, portal.start_path))  # announced


def test_some_style_has_neither_sitemap_nor_feed():
    bare = [name for name, cls in STYLES.items() if not cls.sitemap and not cls.feed_path]
    assert bare  # discovery must work from listing pages alone
    for name in bare:
        portal = SamplePortal(articles=6, style=name)
        start = page_html(portal, portal.start_path)
        assert "application/rss+xml" not in start and "sitemap" not in start.lower()


def test_same_seed_same_bytes(portal):
    twin = SamplePortal(articles=24, seed=2, per_page=8, style=portal.style.name)
    for path in portal.listing_paths + [p for a in portal.articles[:5] for p in a.page_paths]:
        assert fetch(portal, path) == fetch(twin, path), path


def test_gbk_pages_are_gbk_behind_a_meta_declaration_only():
    portal = SamplePortal(articles=12, style="gbk")
    article = portal.articles[0]
    for path in [portal.start_path, article.path]:
        status, headers, body = fetch(portal, path)
        assert headers["Content-Type"] == "text/html"
        head = body[:600].decode("ascii", "replace").lower()
        assert 'charset=gb2312"' in head or 'charset="gbk"' in head
        with pytest.raises(UnicodeDecodeError):
            body.decode("utf-8")
        assert article.title in body.decode("gbk")
    assert all(a.encoding == "gbk" and a.script == "simplified" for a in portal.articles)


def test_forum_threads_have_further_pages_outside_the_truth():
    portal = SamplePortal(articles=24, style="forum")
    style = portal.style
    long_threads = [a for a in portal.articles if style._thread_pages(a) > 1]
    assert long_threads
    second = style.article_path(long_threads[0], 2)
    assert fetch(portal, second)[0] == 200
    assert BASE + second not in {r["url"] for r in portal.truth_json(BASE)}
    board = page_html(portal, portal.start_path)
    assert second.lstrip("/") in board and "stickthread_" in board and "space-uid-" in board
    for article in long_threads:  # the thread's pages hold the first post and every reply once
        pages = [page_html(portal, style.article_path(article, n)) for n in range(1, style._thread_pages(article) + 1)]
        floors = [int(f) for page in pages for f in re.findall(r"<strong>(\d+)#</strong>", page)]
        assert floors == list(range(2, len(style._replies(article)) + 2))
        assert sum(page.count('id="postmessage_') for page in pages) == len(floors) + 1


def test_cards_tiles_link_articles_with_an_empty_text_too():
    portal = SamplePortal(articles=12, style="cards")
    board = page_html(portal, portal.start_path)
    article = portal.articles[0]
    assert re.search(rf'<a class="thumb" href="{re.escape(article.path)}" title="[^"]+"><img [^>]*alt="[^"]+"', board)
    assert "›" in board and "載入更多" in board


def test_datehex_page_bar_has_no_next_link():
    portal = SamplePortal(articles=40, per_page=8, style="datehex")
    bar = re.search(r'<div class="pagebox">(.*?)</div>', page_html(portal, portal.listing_paths[1]), re.S).group(1)
    assert "下一" not in bar and "next" not in bar.lower()
    assert '<span class="cur">2</span>' in bar and portal.listing_paths[2] in bar


# -- zero-config crawls ----------------------------------------------------------------


@pytest.mark.parametrize("style", sorted(STYLES))
def test_zero_config_crawl_archives_every_article_once(style, tmp_path):
    portal = SamplePortal(articles=CRAWLED_ARTICLES, seed=3, per_page=CRAWLED_PER_PAGE, style=style)
    db_path = tmp_path / "archive.db"
    with serve(portal, host="127.0.0.1", port=0) as server:
        crawl("--start-url", server.base_url + portal.start_path, "--db", str(db_path))
        truth = {row["url"]: row["title"] for row in portal.truth_json(server.base_url)}
    rows = list(sqlite_utils.Database(db_path)["articles"].rows) if db_path.exists() else []
    archived = {row["url"]: row["title"] for row in rows}
    missing, extra = sorted(set(truth) - set(archived)), sorted(set(archived) - set(truth))
    assert not missing and not extra, f"{style}: {len(missing)} missing, {len(extra)} extra: {extra[:5]}"
    assert archived == truth


def test_cli_sample_portal_offers_the_styles():
    from tests.test_cli import assert_one_line_error, invoke

    help_text = invoke("sample-portal", "--help").output
    assert all(name in help_text for name in STYLES) and "--style forum" in help_text
    assert_one_line_error(invoke("sample-portal", "--style", "nope"), "--style")
