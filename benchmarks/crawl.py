"""Crawl throughput on a loopback sample portal, against a bare Scrapy spider, in one run.

    python -m benchmarks.crawl [--articles 5000]

(a) B: a bare Scrapy spider given every URL up front, parsing nothing (pages/s);
(b) E: the project's extraction over the same article pages, one process (pages/s);
(c) P: the full zero-config crawl, politeness off, into a fresh archive (pages/s, peak RSS,
and the longest stall of its reactor thread: the largest gap between two downloads, and
the most a 10 ms timer fired late; benchmarks/stall_probe.py), with WARC files written as by
default (``-s WARC_ENABLED=0`` to compare) and their bytes per article; target P >= 0.8 / (1/B + 1/E);
(d) the requests of a second run after 20 new articles appear
(target: the 20 articles, their extra pages, at most 2 listing pages per portal).
"""

from __future__ import annotations

import argparse
import json
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

from benchmarks.stall_probe import WARM_UP
from portal_spider.pages import decode_html, parse_article
from portal_spider.sample_portal import SamplePortal, serve

HERE = Path(__file__).parent
NO_POLITENESS = [
    "-s", "ROBOTSTXT_OBEY=0", "-s", "AUTOTHROTTLE_ENABLED=0", "-s", "DOWNLOAD_DELAY=0",
    "-s", "CONCURRENT_REQUESTS=16", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=16",
]


def all_page_paths(portal: SamplePortal) -> list[str]:
    return portal.listing_paths + [path for article in portal.articles for path in article.page_paths]


def bare_scrapy(base_url: str, paths: list[str], workdir: Path) -> float:
    urls = workdir / "urls.txt"
    urls.write_text("\n".join(base_url + path for path in paths) + "\n", encoding="utf-8")
    stats = workdir / "bare.json"
    subprocess.run(
        [sys.executable, "-m", "scrapy", "runspider", str(HERE / "bare_spider.py"),
         "-a", f"urls={urls}", "-a", f"stats={stats}"],
        check=True, cwd=workdir,
    )
    result = json.loads(stats.read_text())
    return result["pages"] / result["seconds"]


def extraction(portal: SamplePortal, base_url: str) -> float:
    pages = []
    for article in portal.articles:
        for path in article.page_paths:
            status, headers, body = portal.respond(path)
            pages.append((body, headers.get("Content-Type"), base_url + path))
    started = time.perf_counter()
    for body, content_type, url in pages:
        parse_article(decode_html(body, content_type), url)
    return len(pages) / (time.perf_counter() - started)


def project_crawl(start_url: str, db_path: Path, *extra: str) -> tuple[dict, float, dict]:
    """The run record, the peak RSS (MiB) and the stall probe's figures."""
    from portal_spider.settings import EXTENSIONS

    stalls = db_path.with_suffix(".stalls.json")
    probe = {**EXTENSIONS, "benchmarks.stall_probe.StallProbe": 900}
    result = subprocess.run(
        [sys.executable, str(HERE / "peak_memory.py"), sys.executable, "-m", "portal_spider.cli",
         "crawl", "--start-url", start_url, "--db", str(db_path), "--json", *NO_POLITENESS,
         "-s", f"EXTENSIONS={json.dumps(probe)}", "-s", f"STALL_PROBE_FILE={stalls}", *extra],
        check=True, capture_output=True, text=True, cwd=HERE.parent,
    )
    run = json.loads(result.stdout.strip().splitlines()[-1])
    peak = float(re.search(r"peak_rss_mib=([\d.]+)", result.stderr).group(1))
    return run, peak, json.loads(stalls.read_text())


def run_seconds(db_path: Path, run_id: int) -> float:
    started, finished = sqlite3.connect(db_path).execute(
        "select started_at, finished_at from crawl_runs where id = ?", [run_id]).fetchone()
    return (datetime.fromisoformat(finished) - datetime.fromisoformat(started)).total_seconds()


def kind_of(path: str) -> str:
    if path.startswith("/list/"):
        return "listing"
    if path.startswith("/article/"):
        return "article page"
    return "other (" + path.split("?")[0] + ")"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=5000)
    parser.add_argument("-s", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                        help="extra Scrapy settings for the project's crawls")
    args = parser.parse_args()
    extra = [arg for setting in args.settings for arg in ("-s", setting)]

    portal = SamplePortal(articles=args.articles, seed=7)
    with serve(portal, host="127.0.0.1", port=0) as server, tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        paths = all_page_paths(portal)
        bare = bare_scrapy(server.base_url, paths, workdir)
        extract = extraction(portal, server.base_url)
        server.requests.clear()
        db_path = workdir / "bench.db"
        run, peak, stalls = project_crawl(server.base_url + "/list/index.html", db_path, *extra)
        crawl_rate = run["pages_fetched"] / run_seconds(db_path, run["id"])
        warc_bytes = sum(path.stat().st_size for path in Path(f"{db_path}.warc").glob("*.warc.gz"))
        target = 0.8 / (1 / bare + 1 / extract)

        new = portal.add_articles(20)
        server.requests.clear()
        second, _, _ = project_crawl(server.base_url + "/list/index.html", db_path, *extra)
        kinds = Counter(kind_of(path) for path in server.requests)
        expected_article_pages = sum(len(article.page_paths) for article in new)

    print(f"crawl benchmark, {datetime.now().date()}, {args.articles} articles, {len(paths)} pages")
    print(f"(a) bare Scrapy fetch          B = {bare:7.1f} pages/s")
    print(f"(b) project extraction         E = {extract:7.1f} pages/s")
    print(f"(c) full zero-config crawl     P = {crawl_rate:7.1f} pages/s "
          f"({run['pages_fetched']} pages, {run['articles_new']} new), peak RSS {peak:.0f} MiB")
    print(f"    target 0.8/(1/B+1/E)         = {target:7.1f} pages/s  -> P/target = {crawl_rate / target:.2f}")
    if warc_bytes:
        print(f"    WARC files: {warc_bytes / 2**20:.1f} MiB, {warc_bytes / max(run['articles_new'], 1) / 1024:.1f} kB"
              " per article (listing pages included)")
    else:
        print("    WARC files: none (WARC_ENABLED=0)")
    gap_at, block_at = stalls["largest_download_gap_at"], stalls["longest_reactor_block_at"]
    print(f"    longest reactor stall: {stalls['largest_download_gap'] * 1000:.0f} ms between two downloads"
          f" (ending {gap_at[0]:.1f} s in, response {gap_at[1]}), a 10 ms timer {stalls['longest_reactor_block'] * 1000:.0f}"
          f" ms late (ending {block_at[0]:.1f} s in, after response {block_at[1]} of {stalls['responses']});"
          f" after the first {WARM_UP} responses: {stalls['steady_download_gap'] * 1000:.0f} ms between downloads,"
          f" timer {stalls['steady_reactor_block'] * 1000:.0f} ms late")
    print(f"    the watchdog thread itself woke up to {stalls['watchdog_late'] * 1000:.0f} ms late;"
          " where the reactor thread was while blocked (sampled):")
    for where, seconds in stalls["blocked_in"]:
        print(f"      reactor blocked {seconds * 1000:.0f} ms in {where}")
    print(f"(d) second run after 20 new articles: {second['articles_new']} new; requests: "
          + ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())))
    print(f"    expected: {expected_article_pages} article pages, at most 2 listing pages")


if __name__ == "__main__":
    main()
