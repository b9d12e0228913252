"""The archive's Datasette, in process: list, facets, article page, stored queries, feed, charts, safety."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re
import xml.etree.ElementTree as ET
from datetime import datetime

import pytest

from benchmarks.dedup_corpus import Generator
from portal_spider.browse import make_datasette, served_hosts
from storage import Archive, Article

ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture
def archive_path(tmp_path):
    generator = Generator(seed=3)
    original = generator.article()
    body = original.body_text
    path = tmp_path / "guides.db"
    archive = Archive(str(path))
    archive.save(Article(
        url="http://a.test/1.html", portal="a", title="新手攻略", author="張三",
        published_at="2026-05-01T07:30:00+08:00", fetched_at="2026-05-02T00:00:00+00:00",
        body_text=body, body_html="".join(f"<p>{line}</p>" for line in body.split("\n"))
        + '<p><img src="http://a.test/map.png" alt="地图"></p>', alias_urls=["http://a.test/old/1.html"]))
    archive.save(Article(url="http://b.test/9.html", portal="b", title="新手攻略（转载）", author="张三",
                         published_at="2026-05-03T10:00:00+08:00", body_text=body))
    archive.save(Article(url="http://a.test/2.html", portal="a", title="副本", published_at="2026-04-30T20:00:00+00:00",
                         body_text=generator.article().body_text))
    revised = body.replace("\n", "\n改写的一段。\n", 1)
    archive.save(Article(url="http://a.test/1.html", portal="a", title="新手攻略", author="張三",
                         published_at="2026-05-01T07:30:00+08:00", body_text=revised,
                         body_html="".join(f"<p>{line}</p>" for line in revised.split("\n"))
                         + '<p><img src="http://a.test/map.png" alt="地图"></p>'))
    run = archive.crawl.start_run(["a", "b"])
    archive.crawl.record_error(run, "http://a.test/broken.html", "HTTP 500", portal="a")
    archive.crawl.record_note(run, "listing_without_links", "no article link", portal="b", url="http://b.test/list")
    archive.crawl.finish_run(run, "partial", pages_fetched=5, articles_new=3, articles_updated=1, duplicates=1, errors=1)
    archive.db.close()
    return path


def fetch(path, *urls, public=False):
    datasette = make_datasette(path, public=public)

    async def run():
        return [await datasette.client.get(url) for url in urls]

    return asyncio.run(run())


def assert_only_allowed_scripts(response) -> None:
    """The page's Content-Security-Policy runs no inline script but those it names by
    hash, frames nothing and may not be framed; every inline script on the page is one
    it names (Datasette's own), and no attribute handler appears in the markup."""
    policy = dict(part.strip().split(" ", 1) for part in response.headers["content-security-policy"].split(";"))
    sources = policy["script-src"].split()
    assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources and "*" not in sources
    assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'none'"
    for body in re.findall(r"<script(?:\s+type=\"module\")?>(.*?)</script>", response.text, re.S):
        digest = base64.b64encode(hashlib.sha256(body.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in sources, body[:80]
    assert not re.search(r"<[a-z][^>]*\son[a-z]+\s*=", response.text)


def test_every_page_has_the_policy_and_only_its_scripts(archive_path):
    pages = fetch(archive_path, "/", "/guides", "/guides/articles", "/guides/articles?_search=新手",
                  "/guides/articles_search_results?_search=新手", "/guides/search?q=新手", "/guides/recent_runs",
                  "/guides/articles/1", "/guides/crawl_runs", "/guides/article_revisions/1", "/-/charts",
                  "/guides?sql=select+1", "/guides/articles.json", "/-/feed.atom", "/-/static/app.css",
                  "/guides/nothing-here")
    for response in pages:
        assert response.status_code in (200, 302, 404), (response.url, response.status_code)
        assert_only_allowed_scripts(response)
        assert response.headers["x-frame-options"] == "DENY"


def test_articles_list_is_compact_newest_first_with_local_date_facets(archive_path):
    page, data = fetch(archive_path, "/guides/articles", "/guides/articles.json?_shape=objects")
    headers = re.findall(r'<th class="col-([a-z_]+)"', page.text)
    assert sorted(headers) == sorted(["title", "portal", "author", "published_at", "duplicate_of"])
    assert '<a href="/guides/articles/1">新手攻略</a>' in page.text
    assert "1 copy" in page.text
    assert '<link rel="alternate" type="application/atom+xml"' in page.text
    assert [row["id"] for row in data.json()["rows"]] == [2, 1, 3]  # by published_at, newest first
    facets = data.json()["facet_results"]
    days = {item["value"]: item["count"] for item in facets["published_at (local day)"]["results"]}
    # 07:30+08:00 on 1 May is 30 April in UTC: the article's own day counts.
    assert days == {"2026-05-01": 1, "2026-05-03": 1, "2026-04-30": 1}
    months = {item["value"]: item["count"] for item in facets["published_at (local month)"]["results"]}
    assert months == {"2026-05": 2, "2026-04": 1}
    assert {"portal", "author"} <= set(facets)
    # 張三 and 张三 are one author.
    (author,) = facets["author"]["results"]
    assert (author["count"], facets["author"]["type"]) == (2, "folded")
    (by_author,) = fetch(archive_path, author["toggle_url"].replace("http://localhost", "") + "&_shape=objects")
    assert sorted(row["id"] for row in by_author.json()["rows"]) == [1, 2]
    (may_first,) = [item for item in facets["published_at (local day)"]["results"] if item["value"] == "2026-05-01"]
    (selected,) = fetch(archive_path, may_first["toggle_url"].replace("http://localhost", "") + "&_shape=objects")
    assert [row["id"] for row in selected.json()["rows"]] == [1]


def test_a_day_given_alone_shows_as_that_day_not_a_midnight(tmp_path):
    path = tmp_path / "days.db"
    archive = Archive(str(path))
    text = Generator(seed=5).article().body_text
    archive.save(Article(url="http://a.test/d.html", portal="a", title="版本更新", published_at="2026-05-01T00:00:00+08:00",
                         published_precision="day", body_text=text))
    archive.save(Article(url="http://a.test/t.html", portal="a", title="活动公告", published_at="2026-05-02T00:00:00+08:00",
                         published_precision="time", body_text=Generator(seed=6).article().body_text))
    archive.db.close()
    listing, day_page, time_page = fetch(path, "/days/articles", "/days/articles/1", "/days/articles/2")
    cells = re.findall(r'<td class="col-published_at[^"]*">([^<]*)</td>', listing.text)
    assert [cell.strip() for cell in cells] == ["2026-05-02 00:00 +08:00", "2026-05-01"]
    assert '<time datetime="2026-05-01T00:00:00+08:00">2026-05-01</time>' in day_page.text
    assert '<time datetime="2026-05-02T00:00:00+08:00">2026-05-02 00:00 +08:00</time>' in time_page.text


def test_article_page_shows_body_duplicates_urls_and_revisions(archive_path):
    (page,) = fetch(archive_path, "/guides/articles/1")
    html = page.text
    assert "<h1>新手攻略</h1>" in html and "張三" in html and "2026-05-01 07:30 +08:00" in html
    assert html.count("<p>") >= 5 and '<img src="http://a.test/map.png" alt="地图">' in html
    assert 'href="http://a.test/1.html"' in html
    assert "<h2>Other URLs</h2>" in html and 'href="http://a.test/old/1.html"' in html
    assert '<link rel="alternate" type="application/atom+xml"' in html
    assert_only_allowed_scripts(page)
    assert "<h2>Duplicates</h2>" in html and "http://b.test/9.html" in html
    assert "<h2>Revisions</h2>" in html and '<div class="ins">+ 改写的一段。</div>' in html
    (copy,) = fetch(archive_path, "/guides/articles/2")
    assert "copy of <a href=\"/guides/articles/1\">#1</a>" in copy.text


def test_stored_queries_group_clusters_and_report_crawl_health(archive_path):
    clusters, latest, runs, errors, empty = fetch(
        archive_path, *(f"/guides/{name}.json?_shape=array" for name in
                        ("duplicate_clusters_grouped", "latest_per_portal", "recent_runs", "errors_by_portal",
                         "empty_listings")))
    assert [(row["root"], row["copies"]) for row in clusters.json()] == [(1, 1)]
    assert "b #2 (" in clusters.json()[0]["copies_with_similarity"]
    assert {row["portal"] for row in latest.json()} == {"a"}  # b's only article is a copy
    assert [(row["status"], row["pages_fetched"], row["errors"]) for row in runs.json()] == [("partial", 5, 1)]
    assert [(row["portal"], row["status"], row["urls"]) for row in errors.json()] == [("a", "HTTP 500", 1)]
    assert [(row["portal"], row["kind"], row["url"]) for row in empty.json()] == [
        ("b", "listing_without_links", "http://b.test/list")]


def test_feed_is_valid_atom_overall_per_portal_and_for_a_search(archive_path):
    overall, portal, search = fetch(archive_path, "/-/feed.atom", "/-/feed.atom?portal=a", "/-/feed.atom?q=改寫的一段")
    assert overall.headers["content-type"].startswith("application/atom+xml")
    feeds = [ET.fromstring(response.content) for response in (overall, portal, search)]
    for feed in feeds:
        assert_valid_atom(feed)
    titles = [[entry.find(f"{ATOM}title").text for entry in feed.findall(f"{ATOM}entry")] for feed in feeds]
    assert titles == [["副本", "新手攻略"], ["副本", "新手攻略"], ["新手攻略"]]


def assert_valid_atom(feed) -> None:
    """What RFC 4287 requires of a feed and its entries: id, title, updated (an RFC 3339
    time), an author for each entry, a self link; entries' content escaped HTML."""
    assert feed.tag == f"{ATOM}feed"
    assert feed.find(f"{ATOM}id").text and feed.find(f"{ATOM}title").text
    assert feed.find(f"{ATOM}link[@rel='self']") is not None
    datetime.fromisoformat(feed.find(f"{ATOM}updated").text)
    for entry in feed.findall(f"{ATOM}entry"):
        assert entry.find(f"{ATOM}id").text and entry.find(f"{ATOM}title").text
        assert entry.find(f"{ATOM}author/{ATOM}name").text
        assert entry.find(f"{ATOM}link[@rel='alternate']").get("href").startswith("http://localhost/guides/articles/")
        for name in ("updated", "published"):
            assert datetime.fromisoformat(entry.find(f"{ATOM}{name}").text).tzinfo is not None
        assert entry.find(f"{ATOM}content").get("type") == "html"


def test_charts_draw_articles_per_day_and_runs(archive_path):
    (page,) = fetch(archive_path, "/-/charts")
    assert page.status_code == 200 and "<svg" in page.text
    assert_only_allowed_scripts(page)
    assert "2026-05-01 a: 1" in page.text
    assert re.search(r"<title>\d{4}-\d{2}-\d{2} partial: 1</title>", page.text)  # the runs chart


def test_public_mode_refuses_arbitrary_sql_and_robots(archive_path):
    local, public, robots, query = (
        *fetch(archive_path, "/guides.json?sql=select+1"),
        *fetch(archive_path, "/guides.json?sql=select+1", "/robots.txt", "/guides/recent_runs.json", public=True),
    )
    assert local.status_code == 200 and public.status_code == 403
    assert robots.text == "User-agent: *\nDisallow: /\n" and public.headers["x-robots-tag"] == "noindex, nofollow"
    assert query.status_code == 200  # stored queries still run
    (where,) = fetch(archive_path, "/guides/articles.json?_where=1%3D1", public=True)
    assert where.status_code == 403  # nor SQL in a table's filters


def test_requests_naming_another_host_are_refused(archive_path):
    datasette = make_datasette(archive_path, hosts=served_hosts("127.0.0.1", False, ("guides.example.org",)))

    async def run():
        answers = {host: await datasette.client.get("/guides/articles", headers={"host": host})
                   for host in ("localhost:8001", "127.0.0.1", "[::1]:8001", "Guides.Example.org.:80",
                                "rebound.attacker.test", "rebound.attacker.test:8001", "localhost.attacker.test")}
        sent = []

        async def receive():
            return {"type": "http.request", "body": b""}

        async def send(event):
            sent.append(event)

        # HTTP/1.0 without a Host header.
        scope = {"type": "http", "method": "GET", "path": "/guides/articles", "raw_path": b"/guides/articles",
                 "query_string": b"", "headers": [], "http_version": "1.0", "scheme": "http"}
        await datasette.app()(scope, receive, send)
        return answers, sent

    answers, sent = asyncio.run(run())
    assert {host: response.status_code for host, response in answers.items()} == {
        "localhost:8001": 200, "127.0.0.1": 200, "[::1]:8001": 200, "Guides.Example.org.:80": 200,
        "rebound.attacker.test": 421, "rebound.attacker.test:8001": 421, "localhost.attacker.test": 421}
    refused = answers["rebound.attacker.test:8001"]
    assert refused.text.count("\n") == 1 and "'rebound.attacker.test' is not served here" in refused.text
    assert "frame-ancestors 'none'" in refused.headers["content-security-policy"]
    assert sent[0]["status"] == 400 and sent[1]["body"] == b"no Host header\n"


def test_archive_is_opened_read_only(archive_path):
    datasette = make_datasette(archive_path)

    async def write():
        await datasette.get_database("guides").execute("DELETE FROM articles")

    with pytest.raises(Exception, match="readonly"):
        asyncio.run(write())


def test_articles_table_and_stored_search_render_as_atom(archive_path):
    table, search, page, listed, ranked = fetch(
        archive_path, "/guides/articles.atom?portal=a&_sort_desc=id", "/guides/search.atom?q=副本",
        "/guides/articles?portal=a", "/guides/articles.atom?_search=副本",
        "/guides/articles_search_results.atom?_search=副本")
    assert table.headers["content-type"].startswith("application/atom+xml")
    titles = [entry.find(f"{ATOM}title").text for entry in ET.fromstring(table.content).findall(f"{ATOM}entry")]
    assert titles == ["副本", "新手攻略"]
    assert_valid_atom(ET.fromstring(table.content))
    assert_valid_atom(ET.fromstring(search.content))
    # A searched list's feed is the ranked results' feed.
    assert listed.status_code == 302 and listed.headers["location"].startswith("/guides/articles_search_results.atom?")
    ranked_titles = [entry.find(f"{ATOM}title").text for entry in ET.fromstring(ranked.content).findall(f"{ATOM}entry")]
    assert ranked_titles[0] == "副本"  # the title match first
    # The list advertises itself, as filtered, to feed readers.
    assert '<link rel="alternate" type="application/atom+xml" title="New articles" href="/guides/articles.atom?portal=a">' in page.text
