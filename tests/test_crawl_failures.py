"""Every failure of a crawl has a recorded reason, counts in the run's errors and sets its status.

Each test serves the sample portal on loopback, with one thing broken.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
import textwrap
from urllib.parse import urlsplit

import pytest
import sqlite_utils

from portal_spider.sample_portal import SamplePortal, serve
from tests.conftest import FAST

START = "/list/index.html"


class Variant:
    """The sample portal with some paths answered otherwise.

    ``answers``: path -> (status, headers, body), or a function of the sample portal's own
    answer (status, headers, body) and the base URL that returns the answer to give.
    """

    base_url = None

    def __init__(self, portal: SamplePortal, answers: dict):
        self.portal = portal
        self.answers = answers

    def respond(self, path, headers=None, base_url=None):
        answer = self.answers.get(path)
        if answer is None:
            return self.portal.respond(path, headers, base_url)
        if callable(answer):
            return answer(self.portal.respond(path, headers, base_url), base_url)
        return answer


@pytest.fixture
def variant(request):
    portal = SamplePortal(articles=36, seed=1)
    with serve(Variant(portal, request.param), host="127.0.0.1", port=0) as server:
        yield server


def crawl_json(server, db_path, *extra: str, patch: str = "") -> tuple[subprocess.CompletedProcess, dict]:
    """``portal-archive crawl --json``; ``patch``: Python run first in the crawl process (to plant a bug)."""
    code = textwrap.dedent(patch) + "\nfrom portal_spider.cli import cli\ncli()\n"
    result = subprocess.run(
        [sys.executable, "-c", code, "crawl", "--start-url", server.base_url + START, "--db", str(db_path),
         "--json", *FAST, *extra],
        capture_output=True, text=True, timeout=120,
    )
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.returncode in (0, 69), result.stderr[-3000:]
    return result, json.loads(result.stdout)


def article_url(server, index: int) -> str:
    return server.portal.portal.truth_json(server.base_url)[index]["url"]


def with_feed_link(answer, base_url):
    """The listing page announcing /feed.xml in its head, as many portals do."""
    status, headers, body = answer
    link = b'<link rel="alternate" type="application/rss+xml" href="/feed.xml">'
    return status, headers, body.replace(b"</head>", link + b"</head>", 1)


def notes_of(run: dict, kind: str) -> list[dict]:
    return [note for note in run["notes"] if note["kind"] == kind]


def errors(db_path) -> dict[str, str]:
    return {row["url"]: row["status"] for row in sqlite_utils.Database(db_path)["crawl_errors"].rows}


def article_count(db_path) -> int:
    return sqlite_utils.Database(db_path)["articles"].count


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_an_exception_in_a_spider_callback_is_recorded_against_the_page(variant, tmp_path):
    db_path = tmp_path / "a.db"
    bad = article_url(variant, 5)
    patch = f"""
        import portal_spider.spiders.portal as spider
        join_pages = spider.join_pages
        def broken(pages):
            if pages[0].url == {bad!r}:
                raise RuntimeError("a bug in joining pages")
            return join_pages(pages)
        spider.join_pages = broken
    """
    result, run = crawl_json(variant, db_path, patch=patch)
    assert run["status"] == "partial" and run["errors"] == 1
    assert errors(db_path) == {bad: "RuntimeError: a bug in joining pages"}
    assert article_count(db_path) == 35
    assert result.returncode == 0


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_an_exception_starting_the_crawl_fails_the_run_with_its_reason(variant, tmp_path):
    patch = """
        import portal_spider.spiders.portal as spider
        def broken(self, portal):
            raise RuntimeError("a bug reading the queue")
        spider.PortalSpider._leftovers = broken
    """
    result, run = crawl_json(variant, tmp_path / "a.db", patch=patch)
    assert run["status"] == "failed" and run["errors"] >= 1
    assert [(n["portal"], n["reason"]) for n in notes_of(run, "crawl_failed")] == [
        (None, "the crawl did not start every request: RuntimeError: a bug reading the queue")]
    assert result.returncode == 69


@pytest.mark.parametrize("variant", [{START: with_feed_link}], indirect=True)
def test_an_exception_handling_a_feed_is_a_note_with_the_exception(variant, tmp_path):
    patch = """
        import portal_spider.spiders.portal as spider
        def broken(body, url):
            raise KeyError("a bug in the feed parser")
        spider.parse_feed = broken
    """
    _, run = crawl_json(variant, tmp_path / "a.db", patch=patch)
    assert run["status"] == "partial" and run["errors"] == 1
    assert [(n["url"], n["reason"]) for n in notes_of(run, "page_error")] == [
        (variant.base_url + "/feed.xml", "page not used: KeyError: 'a bug in the feed parser'")]


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_an_exception_in_the_item_pipeline_is_recorded_and_the_others_are_stored(variant, tmp_path):
    db_path = tmp_path / "a.db"
    bad = article_url(variant, 7)
    patch = f"""
        import storage.archive
        prepare = storage.archive.Archive._prepare
        def broken(self, article):
            if article.url == {bad!r}:
                raise ValueError("this article cannot be stored")
            return prepare(self, article)
        storage.archive.Archive._prepare = broken
    """
    _, run = crawl_json(variant, db_path, patch=patch)
    assert run["status"] == "partial" and run["errors"] == 1
    assert errors(db_path) == {bad: "not stored: ValueError: this article cannot be stored"}
    assert article_count(db_path) == 35


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_an_extraction_error_records_the_real_exception(variant, tmp_path):
    db_path = tmp_path / "a.db"
    bad = article_url(variant, 9)
    patch = f"""
        import portal_spider.extraction_pool as pool
        extract_page = pool.extract_page
        def broken(body, content_type, url, options):
            if url == {bad!r}:
                raise RecursionError("maximum recursion depth exceeded")
            return extract_page(body, content_type, url, options)
        pool.extract_page = broken
    """
    _, run = crawl_json(variant, db_path, "-s", "EXTRACTION_WORKERS=0", patch=patch)
    assert run["status"] == "partial" and run["errors"] == 1
    assert errors(db_path) == {bad: "extraction failed: RecursionError: maximum recursion depth exceeded"}


def with_bad_sitemap_entry(answer, base_url):
    status, headers, body = answer
    bad = b"<url><loc>http://127.0.0.1:99999/article/1.html</loc></url>"
    return status, headers, body.replace(b"</urlset>", bad + b"</urlset>")


def with_bad_links(answer, base_url):
    status, headers, body = answer
    bad = b'<a href="http://127.0.0.1:99999/list/2.html">next</a><a href="http://[::1/article/3.html">x</a>'
    return status, headers, body.replace(b"</body>", bad + b"</body>")


@pytest.mark.parametrize("variant", [{"/sitemap.xml": with_bad_sitemap_entry, START: with_bad_links}], indirect=True)
def test_unparseable_links_are_skipped_and_noted_and_the_rest_of_the_page_is_kept(variant, tmp_path):
    db_path = tmp_path / "a.db"
    _, run = crawl_json(variant, db_path)
    assert article_count(db_path) == 36
    (note,) = notes_of(run, "unparseable_links")
    assert note["url"] == variant.base_url + "/sitemap.xml"
    assert note["reason"] == "1 link that cannot be parsed skipped, e.g. 'http://127.0.0.1:99999/article/1.html'"
    assert run["status"] == "partial" and run["errors"] == 1
    # The sitemap's other entries were read: their lastmods are recorded.
    assert sqlite_utils.Database(db_path)["sitemap_lastmod"].count == 36


def robots_naming(sitemap: str):
    return 200, {"Content-Type": "text/plain"}, f"User-agent: *\nDisallow: /admin/\nSitemap: {sitemap}\n".encode()


def gzipped_sitemap(answer, base_url):
    status, headers, body = answer
    return status, {"Content-Type": "application/x-gzip"}, gzip.compress(body)


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_a_gzipped_sitemap_is_read_and_robots_txt_is_fetched_once(variant, tmp_path):
    db_path = tmp_path / "a.db"
    portal = variant.portal.portal
    variant.portal.answers.update({
        "/robots.txt": robots_naming(variant.base_url + "/sitemap.xml.gz"),
        "/sitemap.xml.gz": lambda answer, base: gzipped_sitemap(portal.respond("/sitemap.xml", None, base), base),
    })
    _, run = crawl_json(variant, db_path)
    assert run["status"] == "ok", run["notes"]
    assert sqlite_utils.Database(db_path)["sitemap_lastmod"].count == 36
    assert variant.requests.count("/sitemap.xml.gz") == 1 and "/sitemap.xml" not in variant.requests
    assert variant.requests.count("/robots.txt") == 1


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_a_missing_or_unreadable_sitemap_named_by_robots_txt_is_a_note(variant, tmp_path):
    base = variant.base_url
    variant.portal.answers.update({
        "/robots.txt": (200, {"Content-Type": "text/plain"},
                        f"User-agent: *\nSitemap: {base}/gone.xml\nSitemap: {base}/about.html\n".encode()),
    })
    _, run = crawl_json(variant, tmp_path / "a.db")
    assert sorted((n["url"], n["reason"]) for n in notes_of(run, "sitemap_failed")) == [
        (base + "/about.html",
         "sitemap not read: not a sitemap: the document is <html>, not <urlset> or <sitemapindex>"),
        (base + "/gone.xml", "sitemap not fetched: HTTP 404"),
    ]
    assert run["status"] == "partial" and run["errors"] == 2


@pytest.mark.parametrize(
    "variant", [{START: with_feed_link, "/feed.xml": (500, {"Content-Type": "text/plain"}, b"oops")}], indirect=True)
def test_a_feed_that_fails_is_a_note(variant, tmp_path):
    _, run = crawl_json(variant, tmp_path / "a.db", "-s", "RETRY_TIMES=0")
    assert [(n["url"], n["reason"]) for n in notes_of(run, "feed_failed")] == [
        (variant.base_url + "/feed.xml", "feed not fetched: HTTP 500")]
    assert run["status"] == "partial" and run["errors"] == 1


@pytest.mark.parametrize("variant", [{"/sitemap.xml": (404, {"Content-Type": "text/html"}, b"no")}], indirect=True)
def test_no_sitemap_at_the_conventional_place_is_no_problem(variant, tmp_path):
    variant.portal.answers["/robots.txt"] = (200, {"Content-Type": "text/plain"}, b"User-agent: *\nDisallow: /admin/\n")
    _, run = crawl_json(variant, tmp_path / "a.db")
    assert run["status"] == "ok" and run["errors"] == 0 and run["notes"] == []


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_a_published_at_the_archive_refuses_is_left_empty_with_a_note(variant, tmp_path):
    db_path = tmp_path / "a.db"
    bad = article_url(variant, 3)
    patch = f"""
        import portal_spider.extraction_pool as pool
        extract_page = pool.extract_page
        def vague(body, content_type, url, options):
            article = extract_page(body, content_type, url, options)
            if url == {bad!r}:
                article.published_at = "yesterday-ish"
            return article
        pool.extract_page = vague
    """
    _, run = crawl_json(variant, db_path, "-s", "EXTRACTION_WORKERS=0", patch=patch)
    assert run["status"] == "ok" and article_count(db_path) == 36
    assert [(n["url"], n["reason"], n["problem"]) for n in notes_of(run, "published_at_invalid")] == [(
        bad, "published_at 'yesterday-ish' is not an ISO 8601 date and time (like 2025-05-13T11:07:46+08:00);"
        " stored without it", False)]
    (row,) = sqlite_utils.Database(db_path)["articles"].rows_where("url = ?", [bad])
    assert row["published_at"] is None


def english_without_zone(answer, base_url):
    """An article page in English with a naive date: nothing on it names a time zone."""
    status, headers, _ = answer
    body = ("<html lang='en'><head><title>Patch notes for the spring season</title></head><body>"
            "<h1>Patch notes for the spring season</h1><p>Published March 3, 2020 11:35</p>"
            + "<p>The spring season brings three new maps and a ranked mode for every player.</p>" * 6
            + "</body></html>").encode()
    return status, {**headers, "Content-Type": "text/html; charset=utf-8"}, body


@pytest.mark.parametrize("variant", [{}], indirect=True)
def test_dates_read_as_utc_for_want_of_a_zone_are_one_note_per_portal(variant, tmp_path):
    paths = [urlsplit(article_url(variant, index)).path for index in (3, 5)]
    variant.portal.answers.update({path: english_without_zone for path in paths})
    _, run = crawl_json(variant, tmp_path / "a.db")
    notes = notes_of(run, "published_at_zone_guessed")
    assert [(n["problem"], n["hint"]) for n in notes] == [
        (False, 'give the portal its zone in portals.toml: timezone = "Area/City"')]
    assert notes[0]["url"] in {variant.base_url + path for path in paths}
    assert run["status"] == "ok"
