"""Shared fixtures: the bundled sample portal on loopback, and the CLI run as a user would.

Crawls run ``portal-archive`` in a subprocess: Twisted's reactor starts once per process,
and a subprocess is what cron runs anyway.
"""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from portal_spider.sample_portal import SamplePortal, serve
from storage import Archive

# The sample portal is local and ours: no need to be polite to it.
FAST = [
    "-s", "AUTOTHROTTLE_ENABLED=0",
    "-s", "DOWNLOAD_DELAY=0",
    "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=16",
]


@pytest.fixture
def archive(tmp_path):
    """An empty archive in a fresh file."""
    return Archive(str(tmp_path / "archive.db"))


@pytest.fixture
def portal_server():
    """A fresh 36-article sample portal served on 127.0.0.1 (any free port)."""
    portal = SamplePortal(articles=36, seed=1)
    with serve(portal, host="127.0.0.1", port=0) as server:
        server.portal = portal
        yield server


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "portal_spider.cli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def crawl(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    result = run_cli("crawl", *args, *FAST, timeout=timeout)
    assert result.returncode == 0, result.stderr[-3000:]
    return result


def indexed_keys(archive: Archive, article_id: int) -> set[int]:
    """The band keys under which lookups find ``article_id``: written or queued."""
    rows = archive.db.execute(
        """SELECT band_key FROM minhash_bands WHERE article_id = ?
           UNION SELECT band_key FROM temp.queued_bands WHERE article_id = ?""",
        [article_id, article_id],
    )
    return {key for (key,) in rows}


def crawl_killed_when(start_url: str, db_path: str, count_sql: str, at_least: int) -> int:
    """Start a slow crawl and SIGKILL it once ``count_sql`` counts ``at_least`` rows in its
    archive; the count it was killed at."""
    slow = ["-s", "CONCURRENT_REQUESTS=1", "-s", "DOWNLOAD_DELAY=0.05", "-s", "AUTOTHROTTLE_ENABLED=0"]
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "crawl", "--start-url", start_url, "--db", db_path, *slow],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    counted = 0
    while counted < at_least and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
        try:
            counted = sqlite3.connect(db_path).execute(count_sql).fetchone()[0]
        except sqlite3.Error:
            counted = 0
    assert process.poll() is None, "the crawl finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    return counted
