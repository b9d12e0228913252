"""A distributed crawl: workers on a shared Redis frontier, one ingester writing the archive.

Each test starts its own redis-server (Debian's, installed by .ci/run) on a free loopback
port, and the sample portal; workers and the ingester are real `portal-archive` processes.
"""

from __future__ import annotations

import json
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from portal_spider.distributed import stream
from portal_spider.distributed.worker import CanonicalRequestFilter
from portal_spider.sample_portal import SamplePortal, serve
from storage import Article
from storage.urls import UrlCanonicalizer

REDIS_SERVER = shutil.which("redis-server")
needs_redis = pytest.mark.skipif(REDIS_SERVER is None and not __import__("os").environ.get("CI"),
                                 reason="redis-server is not installed (.ci/run installs it)")
ARTICLES = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    port = free_port()
    server = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"redis://127.0.0.1:{port}/0"
    import redis

    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline:
                server.kill()
                raise
            time.sleep(0.05)
    yield url
    server.terminate()
    server.wait(timeout=10)


class Timed:
    """The sample portal, noting when each request came and, on request, answering slowly."""

    def __init__(self, portal: SamplePortal, delay: float = 0.0):
        self.portal = portal
        self.delay = delay
        self.times: list[tuple[float, str]] = []
        self.lock = threading.Lock()

    def respond(self, path, headers=None, base_url=None):
        with self.lock:
            self.times.append((time.monotonic(), path))
        if self.delay:
            time.sleep(self.delay)
        return self.portal.respond(path, headers, base_url)

    def __getattr__(self, name):
        return getattr(self.portal, name)


@pytest.fixture
def portal():
    timed = Timed(SamplePortal(articles=ARTICLES, seed=3))
    with serve(timed, host="127.0.0.1", port=0) as server:
        timed.start_url = server.base_url + "/list/index.html"
        timed.truth = [a["url"] for a in timed.portal.truth_json(server.base_url)]
        yield timed


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "portal_spider.cli", *args]


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(cli(*args), capture_output=True, text=True, timeout=timeout)


def worker(redis_url: str, *extra: str) -> subprocess.Popen:
    warc = [] if "--warc-dir" in extra else ["--no-warc"]
    return subprocess.Popen(
        cli("crawl", "--redis", redis_url, "-s", "REDIS_IDLE_SECONDS=2", "-s", "DOWNLOAD_DELAY=0",
            "-s", "ROBOTSTXT_OBEY=0", *warc, *extra),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def finish(processes: list[subprocess.Popen], timeout: float = 120) -> list[tuple[int, str, str]]:
    results = []
    for process in processes:
        try:
            out, err = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        results.append((process.returncode, out, err))
    return results


def archived(db_path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        return [url for (url,) in db.execute("SELECT url FROM articles ORDER BY url")]


def article_fetches(portal: Timed) -> Counter:
    pages = {"/" + url.split("/", 3)[3] for url in portal.truth}
    return Counter(path for _, path in portal.times if path in pages)


@needs_redis
def test_three_workers_and_one_ingester_fetch_and_archive_each_article_once(redis_url, portal, tmp_path):
    db_path = tmp_path / "a.db"
    assert run("enqueue", "--redis", redis_url, "--start-url", portal.start_url).returncode == 0
    workers = [worker(redis_url, "--warc-dir", str(tmp_path / f"warc-{i}")) for i in range(3)]
    ingest = run("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "6", timeout=180)
    results = finish(workers)
    assert ingest.returncode == 0, ingest.stderr
    assert all(code == 0 for code, _, _ in results), results
    assert all("Traceback" not in err for _, _, err in results), results
    assert sorted(archived(db_path)) == sorted(portal.truth)
    fetches = article_fetches(portal)
    assert set(fetches) and max(fetches.values()) == 1, fetches.most_common(3)
    with sqlite3.connect(db_path) as db:
        runs = db.execute("SELECT status, articles_new, worker_run FROM crawl_runs").fetchall()
    assert len(runs) == 3 and {status for status, _, _ in runs} == {"ok"}
    assert sum(new for _, new, _ in runs) == ARTICLES
    assert f"{ARTICLES} new" in ingest.stdout
    # Each worker kept the pages it fetched in WARC files of its own; raw_pages traces
    # every article to its records there.
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT warc_file, warc_offset, article_id FROM raw_pages").fetchall()
        untraced = db.execute("SELECT count(*) FROM articles WHERE id NOT IN (SELECT article_id FROM raw_pages"
                              " WHERE article_id IS NOT NULL)").fetchone()[0]
    pages = [path for _, path in portal.times if path not in ("/robots.txt", "/sitemap.xml")]
    assert len(rows) == len(pages) and untraced == 0
    # (A worker that started late may have found the frontier empty: nothing to write.)
    assert {Path(warc_file).parent.name for warc_file, _, _ in rows} <= {"warc-0", "warc-1", "warc-2"}
    from storage.warc import read_record

    for warc_file, offset, _ in rows[:20]:
        assert read_record(warc_file, offset).body


@needs_redis
def test_a_second_crawl_fetches_listings_again_and_no_archived_article(redis_url, portal, tmp_path):
    db_path = tmp_path / "a.db"
    for _ in range(2):
        run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
        ingest = subprocess.Popen(cli("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "5"),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1)  # the ingester seeds the archived URLs first
        finish([worker(redis_url), worker(redis_url)])
        assert finish([ingest])[0][0] == 0
    fetches = article_fetches(portal)
    assert max(fetches.values()) == 1 and len(fetches) == ARTICLES
    listing = portal.start_url.split("/", 3)[3]
    assert sum(1 for _, path in portal.times if path == "/" + listing) == 2
    assert sorted(archived(db_path)) == sorted(portal.truth)


@needs_redis
def test_a_worker_killed_mid_crawl_leaves_nothing_missing_after_a_new_crawl(redis_url, portal, tmp_path):
    db_path = tmp_path / "a.db"
    portal.delay = 0.05  # slow enough to kill a worker with requests in hand
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    doomed, survivor = worker(redis_url), worker(redis_url)
    deadline = time.monotonic() + 60
    while len(article_fetches(portal)) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    doomed.send_signal(signal.SIGKILL)
    finish([doomed, survivor])
    # A new crawl of the portal: what the killed worker had taken is fetched again.
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    ingest = subprocess.Popen(cli("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "6"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finish([worker(redis_url), worker(redis_url)])
    code, out, err = finish([ingest])[0]
    assert code == 0, err
    assert sorted(archived(db_path)) == sorted(portal.truth)


@needs_redis
def test_ctrl_c_on_a_worker_hands_its_unsent_requests_back(redis_url, portal, tmp_path):
    db_path = tmp_path / "a.db"
    portal.delay = 0.05
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    first = worker(redis_url, "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=4")
    deadline = time.monotonic() + 60
    while len(article_fetches(portal)) < 10 and time.monotonic() < deadline:
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)
    code, _, err = finish([first])[0]
    assert code == -signal.SIGINT and "Traceback" not in err, err
    # The same crawl, without a new enqueue: a second worker finishes it.
    ingest = subprocess.Popen(cli("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "5"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    finish([worker(redis_url)])
    assert finish([ingest])[0][0] == 0
    assert sorted(archived(db_path)) == sorted(portal.truth)


@needs_redis
def test_an_ingester_killed_mid_stream_loses_and_duplicates_nothing(redis_url, portal, tmp_path):
    db_path = tmp_path / "a.db"
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    finish([worker(redis_url), worker(redis_url)])  # the whole crawl waits in the stream
    for _ in range(3):  # killed as soon as it has stored something, three times
        ingest = subprocess.Popen(cli("ingest", "--redis", redis_url, "--db", str(db_path)),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        before = len(archived(db_path)) if db_path.exists() else 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if len(archived(db_path)) > before:
                    break
            except sqlite3.Error:
                pass
            time.sleep(0.01)
        ingest.send_signal(signal.SIGKILL)
        ingest.wait()
    last = run("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "2")
    assert last.returncode == 0, last.stderr
    assert sorted(archived(db_path)) == sorted(portal.truth)
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT sum(articles_new) FROM crawl_runs").fetchone()[0] == ARTICLES
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@needs_redis
def test_a_full_disk_stops_the_ingester_and_nothing_unsaved_is_acknowledged(redis_url, portal, tmp_path):
    import os
    import resource

    db_path = tmp_path / "a.db"
    sqlite3.connect(db_path).close()
    run("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "0")  # the schema, nothing else
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    finish([worker(redis_url), worker(redis_url)])  # the whole crawl waits in the stream
    limit = os.path.getsize(db_path) + 64 * 1024  # as on a full disk (ulimit -f)
    full = subprocess.run(cli("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "2"),
                          capture_output=True, text=True, timeout=120,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
    assert full.returncode == 69 and "Traceback" not in full.stderr, full.stderr
    assert full.stderr.splitlines()[-1].startswith(f"Error: cannot write the archive {db_path}")
    assert len(archived(db_path)) < ARTICLES
    again = run("ingest", "--redis", redis_url, "--db", str(db_path), "--idle-exit", "2")
    assert again.returncode == 0, again.stderr
    assert sorted(archived(db_path)) == sorted(portal.truth)
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@needs_redis
def test_the_per_site_delay_holds_across_workers(redis_url, portal, tmp_path):
    run("enqueue", "--redis", redis_url, "--start-url", portal.start_url)
    # Later settings win: the worker helper's DOWNLOAD_DELAY=0 is overridden.
    workers = [worker(redis_url, "-s", "DOWNLOAD_DELAY=0.1", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=8") for _ in range(3)]
    finish(workers)
    times = sorted(t for t, _ in portal.times)
    # One request per 0.1 s to the site, whichever worker sends it: 10 a second, with
    # slack for requests that leave a busy worker after their turn and bunch up.
    assert len(times) > 50
    assert (len(times) - 1) / (times[-1] - times[0]) <= 10.5
    busiest_second = max(sum(1 for t in times if start <= t < start + 1) for start in times)
    assert busiest_second <= 15, busiest_second  # each worker alone would send 10 a second


@needs_redis
def test_a_worker_with_no_portal_waits_for_the_idle_time_and_stops(redis_url):
    started = time.monotonic()
    code, out, err = finish([worker(redis_url)])[0]
    assert code == 0, err
    assert time.monotonic() - started >= 2
    assert "worker run" in err + out


def test_an_unreachable_redis_is_one_line(tmp_path):
    url = f"redis://127.0.0.1:{free_port()}/0"
    for args in (["enqueue", "--redis", url, "--start-url", "http://127.0.0.1:9/"],
                 ["ingest", "--redis", url, "--db", str(tmp_path / "a.db")],
                 ["crawl", "--redis", url]):
        result = run(*args)
        assert result.returncode == 1, (args, result.stderr)
        assert "Traceback" not in result.stderr and result.stderr.startswith(f"Error: Redis at {url}"), result.stderr


def test_a_worker_takes_no_portal_of_its_own():
    result = run("crawl", "--redis", "redis://127.0.0.1:1/0", "--start-url", "http://example.com/")
    assert result.returncode == 1 and "portals come from `portal-archive enqueue`" in result.stderr


def test_the_shared_filter_keys_requests_by_canonical_url():
    import scrapy

    request_filter = CanonicalRequestFilter(server=None, key="k")
    request_filter.canonicalize = UrlCanonicalizer(None)
    one = request_filter.request_fingerprint(scrapy.Request("https://a.example/news/1.html?utm_source=x#top"))
    assert one == request_filter.request_fingerprint(scrapy.Request("https://a.example/news/1.html"))
    assert one != request_filter.request_fingerprint(scrapy.Request("https://a.example/news/2.html"))


def test_stream_entries_round_trip_and_bad_ones_are_refused():
    article = Article(url="https://a.example/1", title="標題", body_text="正文", alias_urls=["https://a.example/x"])
    entry = stream.decode(stream.encode("save", "h:1:ab", article=article))
    assert entry["op"] == "save" and entry["article"] == article
    for fields in ({"entry": "{not json"}, {"entry": json.dumps({"op": "drop_table", "run": ""})},
                   {"entry": json.dumps({"op": "record_error", "run": "r"})}):
        with pytest.raises(stream.BadEntry):
            stream.decode(fields)
    with pytest.raises(ValueError):
        stream.encode("record_error", "r", url="u")
