"""A crawl of a hostile portal (sample_portal.hostile): traps end, bombs are cut, the crawl
stays on the site, no page takes another's place, and every hazard leaves its reason.

The hostile portal is crawled once for the module (and a second time, to see that a
second run retries exactly the failed URLs); the tests read what those runs left.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import time

import pytest
import sqlite_utils

from portal_spider.middlewares import RetryAfter, retry_after_seconds
from portal_spider.pages.encoding import check_charset
from portal_spider.sample_portal import SamplePortal, serve
from portal_spider.sample_portal.hostile import HAZARDS, HostilePortal
from tests.conftest import FAST

FIELDS = ("url", "title", "author", "published_at", "body_text")
# A stalled response must not hold the test for a minute: it times out at this, tried 3 times.
TIMEOUT = ["-s", "DOWNLOAD_TIMEOUT=5"]
# What is archived from the hazards that serve an article after all.
ARCHIVED_HAZARDS = {"too_many_requests", "unavailable", "refresh_in_body", "canonical_hijack", "charset_lie",
                    "thousand_pages"}
# Hazard -> what its crawl_errors row says (a regular expression).
FAILED = {
    "gzip_bomb": r"^body larger than 5242880 bytes once decompressed .*DOWNLOAD_MAXSIZE",
    "huge_page": r"^body larger than 5242880 bytes \(announced 20971\d+ bytes\); download aborted \(DOWNLOAD_MAXSIZE",
    "huge_unannounced": r"^body larger than 5242880 bytes .*download aborted \(DOWNLOAD_MAXSIZE",
    "truncated": r"^ResponseDataLossError",
    "reset": r"^(ResponseDataLossError|ResponseFailed|ConnectionLost|ConnectionDone)",
    "stall": r"^DownloadTimeoutError: .* took longer than 5.0 seconds",
    "server_error": r"^500$",
    "redirect_loop": r"^redirect loop: .* redirects back to itself after 2 hops",
    "redirect_chain": r"^more than 10 redirects in a row \(REDIRECT_MAX_TIMES",
    "off_site_redirect": r"^redirect \(302\) to another site, not followed: ",
    "off_site_refresh": r"^refresh to another site, not followed: ",
    "mojibake": r"^mojibake: no charset decodes ",
    "pdf": r"^not HTML \(Content-Type: application/pdf\): skipped",
    "png": r"^not HTML \(Content-Type: image/png\): skipped",
    "json": r"^not HTML \(Content-Type: application/json\): skipped",
    "empty": r"^EmptyArticle: no title and no body",
    "long_url": r"^URL of 3\d{3} characters, longer than 2083 \(URLLENGTH_LIMIT",
}
# Hazard -> the kind of the note it leaves (what it gave is archived, or it is not fetched on purpose).
NOTED = {"robots_disallowed": "article_forbidden", "canonical_hijack": "canonical_untrusted",
         "charset_lie": "charset_mislabelled", "thousand_pages": "max_article_pages"}


class Run:
    def __init__(self, result: subprocess.CompletedProcess, requests: list[str]):
        self.result = result
        self.record = json.loads(result.stdout)
        self.requests = requests

    def notes(self, kind: str) -> list[dict]:
        return [note for note in self.record["notes"] if note["kind"] == kind]


def crawl(server, portal: HostilePortal, db_path, *extra: str) -> Run:
    """One crawl of the hostile portal from both of its starts; what the site was asked meanwhile."""
    before = len(server.requests)
    result = subprocess.run(
        [sys.executable, "-m", "portal_spider.cli", "crawl", "--db", str(db_path), "--json", *FAST, *TIMEOUT,
         *extra],
        capture_output=True, text=True, timeout=60,  # every crawl of this portal ends by itself, well within
    )
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert result.returncode == 0, result.stderr[-3000:]
    return Run(result, server.requests[before:])


def starts(server, portal: HostilePortal) -> list[str]:
    return ["--start-url", server.base_url + portal.start_path, "--start-url", server.base_url + portal.calendar_path]


@pytest.fixture(scope="module")
def sites():
    """The hostile portal, and another site its off-site hazards point to."""
    other = SamplePortal(name="elsewhere", articles=3, seed=7)
    with serve(other, host="127.0.0.1", port=0) as elsewhere:
        portal = HostilePortal(elsewhere=elsewhere.base_url + other.articles[0].path)
        with serve(portal, host="127.0.0.1", port=0) as server:
            yield server, portal, elsewhere


@pytest.fixture(scope="module")
def runs(sites, tmp_path_factory):
    """Two runs into one archive: the first meets every hazard, the second retries what failed."""
    server, portal, elsewhere = sites
    db_path = tmp_path_factory.mktemp("faults") / "archive.db"
    first = crawl(server, portal, db_path, *starts(server, portal))
    failed_after_first = errors(db_path)
    second = crawl(server, portal, db_path, *starts(server, portal))
    return db_path, first, failed_after_first, second


def errors(db_path) -> dict[str, str]:
    return {row["url"]: row["status"] for row in sqlite_utils.Database(db_path)["crawl_errors"].rows}


def archived(db_path) -> dict[str, dict]:
    return {row["url"]: row for row in sqlite_utils.Database(db_path)["articles"].rows}


def test_the_crawl_ends_by_itself_in_bounded_memory(runs):
    _, first, _, _ = runs
    assert first.record["status"] == "partial"
    assert first.record["per_portal"][0]["stop_reason"] == "no_new_links"
    # The largest process of the crawls (the crawl or its extraction worker), 1 GiB bomb included.
    assert resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss < 500 * 1024


def test_every_normal_article_is_archived_with_its_fields(runs, sites):
    db_path, *_ = runs
    server, portal, _ = sites
    rows = archived(db_path)
    for expected in portal.truth_json(server.base_url):
        assert {k: rows[expected["url"]][k] for k in FIELDS} == {k: expected[k] for k in FIELDS}, expected["url"]


def test_nothing_is_archived_that_should_not_be_and_hazards_archive_what_their_url_served(runs, sites):
    db_path, *_ = runs
    server, portal, _ = sites
    rows = archived(db_path)
    normal = {a["url"] for a in portal.truth_json(server.base_url)}
    assert set(rows) == normal | {portal.hazard_url(name) for name in ARCHIVED_HAZARDS}
    for name in ARCHIVED_HAZARDS - {"thousand_pages"}:
        row = rows[portal.hazard_url(name)]
        assert {"title": row["title"], "body_text": row["body_text"]} == portal.donor_truth(name), name
    # The thousand-page article: its first ARTICLE_MAX_PAGES pages, in order.
    long = rows[portal.hazard_url("thousand_pages")]
    assert long["body_text"] == portal.donor_truth("thousand_pages", pages=50)["body_text"]
    # The article the hijacker named is untouched.
    assert sqlite_utils.Database(db_path)["article_revisions"].count == 0


def test_nothing_off_the_site_is_requested(runs, sites):
    _, first, _, second = runs
    server, portal, elsewhere = sites
    assert elsewhere.requests == []
    # Nor what robots.txt disallows, nor the over-long URL.
    for name in ("robots_disallowed", "long_url"):
        assert portal.hazard_path(name) not in first.requests + second.requests


def test_traps_end_pagination_and_the_calendar(runs, sites):
    _, first, _, _ = runs
    listings = [path for path in first.requests if path.startswith(("/list/", "/calendar/"))]
    # 4 real listing pages and 3 months with articles at most, then 3 pages with nothing new each.
    assert len(listings) <= 4 + 3 + 2 * 3, listings
    (stop,) = first.notes("no_new_links")
    assert "LISTING_STOP_AFTER_NO_NEW_LINKS" in stop["reason"]


def test_every_hazard_leaves_its_reason(runs, sites):
    db_path, first, failed, _ = runs
    server, portal, _ = sites
    assert set(failed) == {portal.hazard_url(name) for name in FAILED}
    for name, pattern in FAILED.items():
        assert re.search(pattern, failed[portal.hazard_url(name)]), (name, failed[portal.hazard_url(name)])
    noted = {(note["kind"], note["url"]) for note in first.record["notes"]}
    for name, kind in NOTED.items():
        assert (kind, portal.hazard_url(name)) in noted, name
    assert set(NOTED) | set(FAILED) | ARCHIVED_HAZARDS == set(HAZARDS)


def test_the_notes_say_why(runs, sites):
    _, first, _, _ = runs
    server, portal, _ = sites
    (hijack,) = first.notes("canonical_untrusted")
    victim = server.base_url + portal.portal.articles[3].path
    assert hijack["reason"] == (f"rel=canonical names {victim}, which is neither this page nor an archived page"
                                " with its text; archived under its own URL")
    (charset,) = first.notes("charset_mislabelled")
    assert charset["reason"] == ("declared charset gb18030 decodes these bytes to implausible text;"
                                 " decoded as big5hkscs, detected")
    (cut,) = first.notes("max_article_pages")
    assert re.match(r"article cut at 50 pages \(ARTICLE_MAX_PAGES, max_article_pages in portals.toml\):"
                    r" 9\d\d more pages not fetched, e.g. http://", cut["reason"])


def test_retry_after_is_honoured(runs, sites):
    server, portal, _ = sites
    for name, seconds in (("too_many_requests", 2), ("unavailable", 1)):
        first, second, *_ = portal.hit_times[name]
        assert second - first >= seconds * 0.95, name


def test_a_second_run_retries_exactly_the_failed_urls(runs, sites):
    db_path, _, failed, second = runs
    server, portal, _ = sites
    articles = {server.base_url + path for path in second.requests if re.fullmatch(r"/article/\d+\.html", path)}
    assert articles == set(failed) - {portal.hazard_url("long_url")}
    assert set(errors(db_path)) == set(failed)
    assert second.record["articles_new"] == 0


def test_portal_limits_and_hosts_override_the_defaults(sites, tmp_path):
    server, portal, elsewhere = sites
    before = len(elsewhere.requests)
    host = elsewhere.base_url.removeprefix("http://")
    config = tmp_path / "portals.toml"
    config.write_text(
        f'[portals.hostile]\nstart_urls = ["{server.base_url}{portal.start_path}"]\n'
        f'hosts = ["{host}"]\nmax_redirects = 40\nmax_url_length = 4000\n', encoding="utf-8")
    db_path = tmp_path / "a.db"
    run = crawl(server, portal, db_path, "--config", str(config), "-s", "ARTICLE_MAX_PAGES=3")
    rows = archived(db_path)
    # The 30-hop chain is followed to its article, the redirect to a listed host too.
    chain_end = server.base_url + portal.donor_path("redirect_chain")
    assert {k: rows[chain_end][k] for k in ("title", "body_text")} == portal.donor_truth("redirect_chain")
    assert portal.elsewhere in rows
    assert elsewhere.requests[before:].count(portal.elsewhere.removeprefix(elsewhere.base_url)) >= 1
    # -s ARTICLE_MAX_PAGES applies; the long URL is fetched (and is not found).
    assert rows[portal.hazard_url("thousand_pages")]["body_text"] == portal.donor_truth("thousand_pages", pages=3)["body_text"]
    assert errors(db_path)[portal.hazard_url("long_url")] == "404"
    assert run.notes("max_article_pages")[0]["reason"].startswith("article cut at 3 pages")


class FakeCrawler:
    class settings:
        @staticmethod
        def getfloat(name):
            return {"RETRY_AFTER_MAX": 60.0}[name]


class FakeResponse:
    def __init__(self, status: int, retry_after: bytes | None):
        self.status = status
        self.headers = {"Retry-After": retry_after} if retry_after else {}


class FakeRequest:
    def __init__(self, url: str):
        self.url = url


def test_retry_after_pauses_the_site_that_asked_and_is_capped():
    middleware = RetryAfter(FakeCrawler())
    started = time.monotonic()
    middleware.process_response(FakeRequest("http://a.example/x"), FakeResponse(429, b"2"))
    middleware.process_response(FakeRequest("http://b.example/x"), FakeResponse(503, b"86400"))
    middleware.process_response(FakeRequest("http://c.example/x"), FakeResponse(500, b"5"))
    assert set(middleware.resume_at) == {"a.example", "b.example"}
    assert 2 <= middleware.resume_at["a.example"] - started < 3
    assert 60 <= middleware.resume_at["b.example"] - started < 61  # capped at RETRY_AFTER_MAX


def test_retry_after_takes_seconds_or_an_http_date():
    assert retry_after_seconds(b"7", now=0) == 7
    assert retry_after_seconds(b"Thu, 01 Jan 1970 00:01:40 GMT", now=40) == 60
    assert retry_after_seconds(b"soon", now=0) is None and retry_after_seconds(None, now=0) is None


def test_charset_detection_keeps_honest_pages_and_catches_lies():
    text = "這是一個關於遊戲攻略的頁面，我們會在這裡說明這個版本的主要變化和玩家們最關心的問題。" * 3
    page = '<html><head><meta charset="{}"></head><body><p>{}</p></body></html>'
    assert check_charset(page.format("gb2312", text).encode("gb18030")).encoding is None
    assert check_charset(page.format("big5", text).encode("big5")).encoding is None
    assert check_charset(page.format("utf-8", text).encode("utf-8")).encoding is None
    lie = check_charset(page.format("gb2312", text).encode("big5"))
    assert lie.encoding == "big5hkscs" and not lie.garbled
    assert check_charset(page.format("gb2312", "").encode() + bytes(range(256)) * 8).garbled


def test_an_interrupted_run_is_resumed_from_its_listing_pages_not_from_the_start(tmp_path):
    db_path = tmp_path / "a.db"
    portal = SamplePortal(articles=120, seed=3)
    quiet = ["-s", "DISCOVER_SITEMAPS=0", "-s", "ROBOTSTXT_OBEY=0"]
    with serve(portal, host="127.0.0.1", port=0) as server:
        start = ["--start-url", server.base_url + portal.start_path, *quiet]
        # Stopped after a few pages, as a Ctrl-C or a SIGTERM would stop it.
        first = crawl(server, portal, db_path, *start, "-s", "CLOSESPIDER_PAGECOUNT=15")
        assert first.record["status"] == "interrupted"
        read_first = [p for p in first.requests if p.startswith("/list/")]
        assert 1 < len(read_first) < len(portal.listing_paths)
        second = crawl(server, portal, db_path, *start)
    read_again = [p for p in second.requests if p.startswith("/list/")]
    # The first page again, for what is new, and on from where the first run stopped
    # (in whatever order the downloads came back).
    assert read_again.count(portal.start_path) == 1
    assert not (set(read_again) - {portal.start_path}) & set(read_first)
    assert set(read_first) | set(read_again) == set(portal.listing_paths)
    assert second.record["status"] == "ok"
    assert sqlite_utils.Database(db_path)["articles"].count == 120
    assert sqlite_utils.Database(db_path)["crawl_queue_listings"].count == 0
