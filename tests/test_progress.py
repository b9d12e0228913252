"""What a crawl prints: a live line on a terminal, a start line and a summary under cron, JSON on request."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

from tests.conftest import FAST, crawl


def test_live_progress_on_a_terminal(portal_server, tmp_path):
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "crawl", "--start-url",
         portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "a.db"), *FAST],
        stdout=subprocess.PIPE, stderr=follower, text=True,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the crawl closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    process.wait(timeout=120)
    os.close(leader)
    screen = shown.decode("utf-8", "replace")
    assert process.returncode == 0
    assert "\r\x1b[K" in screen and "pages/s" in screen and "new " in screen


def test_cron_output_is_a_start_line_and_a_summary(portal_server, tmp_path):
    result = crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "a.db"))
    assert result.stderr.strip().splitlines()[0].startswith("crawling 127.0.0.1:")
    assert "\x1b[K" not in result.stderr
    portal = portal_server.portal
    # Every listing page and every page of every article, besides robots.txt (fetched by
    # Scrapy's robots middleware, and by the spider looking for sitemaps) and the sitemap.
    assert set(portal.listing_paths) | {p for a in portal.articles for p in a.page_paths} <= set(portal_server.requests)
    pages = len(portal_server.requests)
    assert result.stdout.strip().splitlines() == [
        f"run 1 ok: {pages} pages fetched, 36 new, 0 updated, 0 duplicates, 0 errors"
    ]


def test_quiet_and_json(portal_server, tmp_path):
    quiet = crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "a.db"), "--quiet")
    assert quiet.stdout == "" and quiet.stderr == ""
    as_json = crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "a.db"), "--json")
    run = json.loads(as_json.stdout)
    assert (run["id"], run["status"], run["articles_new"]) == (2, "ok", 0)
    assert set(run) >= {"started_at", "finished_at", "portals", "pages_fetched", "articles_updated", "duplicates", "errors"}


def test_failures_are_listed_after_the_summary_without_tracebacks(tmp_path):
    from tests.conftest import run_cli

    result = run_cli("crawl", "--start-url", "http://127.0.0.1:9/list/", "--db", str(tmp_path / "a.db"),
                     "-s", "RETRY_TIMES=0", "-s", "DOWNLOAD_DELAY=0", "-s", "AUTOTHROTTLE_ENABLED=0")
    assert result.returncode == 69  # EX_UNAVAILABLE: the site was down, nothing was read
    assert result.stdout.startswith("run 1 failed: 0 pages fetched")
    assert "Traceback" not in result.stderr
    assert "  127.0.0.1:9 http://127.0.0.1:9/list/: listing page failed: DownloadConnectionRefusedError" in result.stderr
