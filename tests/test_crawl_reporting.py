"""What a run says about each portal: per-portal records, listing notes, pagination caps, exit status."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import sqlite_utils

from portal_spider.sample_portal import serve
from tests.conftest import FAST, run_cli

EXIT_FAILED = 69


class EndlessPortal:
    """A portal whose pagination never ends: /list/N.html links to /list/N+1.html, forever.

    ``fresh``: each listing page shows three articles no other page shows (an archive
    deeper than any cap); otherwise every page shows the same three (a calendar trap).
    """

    def __init__(self, fresh: bool):
        self.fresh = fresh
        self.base_url = None

    def respond(self, path: str, headers=None, base_url=None):
        if path.startswith("/list/") and path.endswith(".html"):
            page = int(path.removeprefix("/list/").removesuffix(".html"))
            first = page * 3 if self.fresh else 0
            items = "".join(
                f'<li><a href="/article/{n}.html">Endless dungeon walkthrough part {n}</a></li>'
                for n in range(first, first + 3)
            )
            body = f'<html><body><ul class="list">{items}</ul><a href="/list/{page + 1}.html">next</a></body></html>'
            return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()
        if path.startswith("/article/"):
            n = int(path.removeprefix("/article/").removesuffix(".html"))
            paragraphs = "".join(
                f"<p>Floor {n * 7 + k} of the endless dungeon hides a chest behind the {k}th pillar; "
                f"walkthrough {n} explains how to reach it without waking the guardian number {n + k}.</p>"
                for k in range(4)
            )
            body = (f"<html><head><title>Endless dungeon walkthrough part {n}</title></head><body>"
                    f"<h1>Endless dungeon walkthrough part {n}</h1><div class=content>{paragraphs}</div></body></html>")
            return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()
        return 404, {"Content-Type": "text/html"}, b"<html><body>not found</body></html>"


@pytest.fixture
def endless_server(request):
    with serve(EndlessPortal(fresh=request.param), host="127.0.0.1", port=0) as server:
        yield server


def listing_requests(server) -> list[str]:
    return [path for path in server.requests if path.startswith("/list/")]


def crawl_json(*args: str) -> tuple[subprocess.CompletedProcess, dict]:
    result = run_cli("crawl", *args, "--json", *FAST)
    assert result.returncode in (0, EXIT_FAILED), result.stderr[-3000:]
    return result, json.loads(result.stdout)


def test_a_run_records_each_portal_and_an_incremental_one_says_it_caught_up(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    start = portal_server.base_url + "/list/index.html"
    portal = portal_server.portal
    _, run = crawl_json("--start-url", start, "--db", db_path)
    name = portal_server.base_url.removeprefix("http://")
    assert run["status"] == "ok" and run["notes"] == []
    assert run["per_portal"] == [{
        "portal": name, "listing_pages": len(portal.listing_paths), "article_links": 36,
        "articles_archived": 36, "articles_new": 36, "articles_updated": 0, "duplicates": 0,
        "stop_reason": "last_page",
    }]
    assert json.loads(run["portals"]) == [name]  # the run's own keys stay

    _, again = crawl_json("--start-url", start, "--db", db_path)
    (record,) = again["per_portal"]
    assert again["status"] == "ok"
    # Every link on the first listing page is archived already: it still showed links.
    assert (record["listing_pages"], record["articles_archived"], record["stop_reason"]) == (1, 0, "caught_up")
    assert record["article_links"] > 0
    rows = list(sqlite_utils.Database(db_path)["crawl_run_portals"].rows)
    assert [(r["run_id"], r["stop_reason"]) for r in rows] == [(1, "last_page"), (2, "caught_up")]


def test_a_listing_without_article_links_fails_the_run_and_says_what_to_try(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    about = portal_server.base_url + "/about.html"
    result = run_cli("crawl", "--start-url", about, "--db", db_path, *FAST)
    assert result.returncode == EXIT_FAILED, result.stderr[-3000:]
    assert result.stdout.startswith("run 1 failed: ")
    name = portal_server.base_url.removeprefix("http://")
    lines = result.stderr.splitlines()
    assert f"  {name} {about}: no article links found on this listing page; try: portal-archive inspect {about}" in lines
    assert any(line.startswith(f"  {name} {about}: no article link on any of the portal's listing pages") for line in lines)

    _, run = crawl_json("--start-url", about, "--db", db_path)
    assert run["status"] == "failed"
    assert [(n["kind"], n["url"], n["problem"], n["hint"]) for n in run["notes"]] == [
        ("listing_without_links", about, True, f"portal-archive inspect {about}"),
        ("portal_without_links", about, True, f"portal-archive inspect {about}"),
    ]
    assert run["per_portal"][0]["article_links"] == 0
    db = sqlite_utils.Database(db_path)
    # A note is not a failed article: the next run must not fetch the listing as one.
    assert db["crawl_errors"].count == 0 and db["crawl_queue"].count == 0 and db["articles"].count == 0


def test_failed_and_non_html_listings_make_the_run_partial_and_are_not_retried_as_articles(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    base = portal_server.base_url
    starts = [base + "/list/index.html", base + "/robots.txt", base + "/list/missing.html"]
    args = [arg for url in starts for arg in ("--start-url", url)]
    result, run = crawl_json(*args, "--db", db_path)
    assert result.returncode == 0 and run["status"] == "partial"
    assert {(n["kind"], n["url"]) for n in run["notes"]} == {
        ("listing_not_html", base + "/robots.txt"), ("listing_failed", base + "/list/missing.html")}
    assert [n["reason"] for n in run["notes"] if n["kind"] == "listing_failed"] == ["listing page failed: HTTP 404"]
    (record,) = run["per_portal"]
    assert (record["article_links"], record["articles_new"], record["stop_reason"]) == (36, 36, "listing_failed")

    portal_server.requests.clear()
    crawl_json(*args, "--db", db_path)
    assert portal_server.requests.count("/list/missing.html") == 1  # as a listing, not also as an article
    db = sqlite_utils.Database(db_path)
    assert db["crawl_errors"].count == 0 and db["articles"].count == 36


def test_a_listing_forbidden_by_robots_txt_is_a_note(portal_server, tmp_path):
    admin = portal_server.base_url + "/admin/login.html"  # Disallow: /admin/
    result, run = crawl_json("--start-url", admin, "--db", str(tmp_path / "a.db"))
    assert result.returncode == EXIT_FAILED and run["status"] == "failed"
    assert [(n["kind"], n["reason"]) for n in run["notes"]][0] == ("listing_forbidden", "listing page not fetched: Forbidden by robots.txt")
    assert "/admin/login.html" not in portal_server.requests


def test_one_portal_without_links_beside_a_good_one_is_partial(portal_server, tmp_path):
    config = tmp_path / "portals.toml"
    config.write_text(
        f'[portals.good]\nstart_urls = ["{portal_server.base_url}/list/index.html"]\n'
        f'[portals.empty]\nstart_urls = ["{portal_server.base_url}/about.html"]\n',
        encoding="utf-8",
    )
    result = run_cli("crawl", "--config", str(config), "--db", str(tmp_path / "a.db"), *FAST)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("run 1 partial: ")
    assert f"  empty {portal_server.base_url}/about.html: no article links found" in result.stderr
    db = sqlite_utils.Database(tmp_path / "a.db")
    links = {r["portal"]: r["article_links"] for r in db["crawl_run_portals"].rows}
    assert links == {"good": 36, "empty": 0}


@pytest.mark.parametrize("endless_server", [True], indirect=True)
def test_the_listing_page_cap_stops_endless_pagination_and_makes_the_run_partial(endless_server, tmp_path):
    config = tmp_path / "portals.toml"
    config.write_text(
        f'[portals.endless]\nstart_urls = ["{endless_server.base_url}/list/1.html"]\nmax_listing_pages = 4\n',
        encoding="utf-8",
    )
    result = run_cli("crawl", "--config", str(config), "--db", str(tmp_path / "a.db"), *FAST)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.startswith("run 1 partial: ")
    assert sorted(listing_requests(endless_server)) == [f"/list/{n}.html" for n in (1, 2, 3, 4)]
    assert f"  endless {endless_server.base_url}/list/4.html: pagination stopped at the cap of 4 listing pages" in result.stderr
    db = sqlite_utils.Database(tmp_path / "a.db")
    (record,) = db["crawl_run_portals"].rows
    assert (record["listing_pages"], record["article_links"], record["articles_archived"], record["stop_reason"]) == (
        4, 12, 12, "max_listing_pages")
    assert [(n["kind"], n["problem"]) for n in db["crawl_notes"].rows] == [("max_listing_pages", 1)]


@pytest.mark.parametrize("endless_server", [True], indirect=True)
def test_the_listing_max_pages_setting_caps_zero_config_portals(endless_server, tmp_path):
    _, run = crawl_json("--start-url", endless_server.base_url + "/list/1.html", "--db", str(tmp_path / "a.db"),
                        "-s", "LISTING_MAX_PAGES=2")
    assert len(listing_requests(endless_server)) == 2
    assert (run["status"], run["per_portal"][0]["stop_reason"]) == ("partial", "max_listing_pages")


@pytest.mark.parametrize("endless_server", [False], indirect=True)
def test_pages_that_bring_no_new_link_stop_pagination_on_first_and_full_runs(endless_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    start = endless_server.base_url + "/list/1.html"
    for extra in ([], ["--full"]):
        endless_server.requests.clear()
        result, run = crawl_json("--start-url", start, "--db", db_path, *extra)
        # The first page brings the three links; three more in a row bring none.
        assert sorted(listing_requests(endless_server)) == [f"/list/{n}.html" for n in (1, 2, 3, 4)]
        assert run["status"] == "ok"  # a normal stop: noted, not a problem
        assert run["per_portal"][0]["stop_reason"] == "no_new_links"
        assert [(n["kind"], n["url"], n["problem"]) for n in run["notes"]] == [
            ("no_new_links", endless_server.base_url + "/list/4.html", False)]
    assert sqlite_utils.Database(db_path)["articles"].count == 3


def test_schedule_keeps_going_after_failed_runs(tmp_path):
    db_path = str(tmp_path / "a.db")
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "schedule", "--every", "1s",
         "--start-url", "http://127.0.0.1:9/list/", "--db", db_path, "--quiet", "-s", "RETRY_TIMES=0", *FAST],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 90

    def statuses() -> list[str]:
        try:
            return [row[0] for row in sqlite3.connect(db_path).execute("select status from crawl_runs order by id")]
        except sqlite3.Error:
            return []

    while statuses().count("failed") < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert statuses()[:2] == ["failed", "failed"]
    assert f"crawl exited with status {EXIT_FAILED}; trying again at the next slot" in err


def test_crawl_help_documents_the_exit_statuses():
    from click.testing import CliRunner

    from portal_spider.cli import cli

    text = " ".join(CliRunner().invoke(cli, ["crawl", "--help"]).output.split())
    assert "69 when it failed" in text and "75 when another crawl holds" in text


def test_after_a_listing_page_failed_the_next_run_walks_every_listing_page(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    start = portal_server.base_url + "/list/index.html"
    no_sitemaps = ["-s", "DISCOVER_SITEMAPS=0"]  # listing pages are then the only way to the articles
    second_page = portal_server.portal.listing_paths[1]
    portal_server.portal.fail(second_page, times=3, status=503)  # the request and its two retries
    _, run = crawl_json("--start-url", start, "--db", db_path, *no_sitemaps)
    assert run["status"] == "partial"
    assert [(n["kind"], n["reason"]) for n in run["notes"]] == [("listing_failed", "listing page failed: HTTP 503")]
    assert sqlite_utils.Database(db_path)["articles"].count < 36

    _, run = crawl_json("--start-url", start, "--db", db_path, *no_sitemaps)
    assert run["status"] == "ok"
    assert sqlite_utils.Database(db_path)["articles"].count == 36
