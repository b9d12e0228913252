"""Distributed crawl throughput: 1, 2 and 4 workers on one Redis frontier, and the ingester.

    python -m benchmarks.distributed [--articles 1200] [--latency 0.05] [--concurrency 2]

A loopback sample portal answers every request after ``--latency`` seconds, as a distant
site does; each worker keeps ``--concurrency`` requests in flight (a polite crawler's
few), so one worker is bound by latency and more workers should add up. Pages per second
is the site's requests over the time from the first to the last; targets: 2 workers
>= 1.8x and 4 workers >= 3.2x one worker. Then the ingester drains the stream the last
crawl left into a fresh archive: articles per second (one process, its idle wait excluded).
Workers start one after another (a second or two each on a small machine), so a crawl of
a few hundred pages mostly measures their start; the default size makes it a small part.
Needs Debian's redis-server.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import redis

from portal_spider.distributed.ingest import Ingester
from portal_spider.sample_portal import SamplePortal, serve
from storage import Archive


class Slow:
    def __init__(self, portal: SamplePortal, latency: float):
        self.portal, self.latency = portal, latency
        self.times: list[float] = []
        self.lock = threading.Lock()

    def respond(self, path, headers=None, base_url=None):
        time.sleep(self.latency)
        with self.lock:
            self.times.append(time.monotonic())
        return self.portal.respond(path, headers, base_url)

    def __getattr__(self, name):
        return getattr(self.portal, name)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def crawl(url: str, start_url: str, workers: int, concurrency: int, site: Slow, warc_dir: str) -> tuple[float, int]:
    redis.Redis.from_url(url).flushdb()
    site.times.clear()
    cli = [sys.executable, "-m", "portal_spider.cli"]
    subprocess.run([*cli, "enqueue", "--redis", url, "--start-url", start_url], check=True, capture_output=True)
    processes = [
        subprocess.Popen([*cli, "crawl", "--redis", url, "-q", "--warc-dir", warc_dir, "-s", "REDIS_IDLE_SECONDS=1", "-s", "DOWNLOAD_DELAY=0",
                          "-s", "ROBOTSTXT_OBEY=0", "-s", f"CONCURRENT_REQUESTS={concurrency}",
                          "-s", f"CONCURRENT_REQUESTS_PER_DOMAIN={concurrency}"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(workers)
    ]
    for process in processes:
        process.wait()
    times = sorted(site.times)
    return (len(times) - 1) / (times[-1] - times[0]), len(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=1200)
    parser.add_argument("--latency", type=float, default=0.05)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    server_binary = shutil.which("redis-server")
    if server_binary is None:
        sys.exit("Error: redis-server is not installed (apt install redis-server)")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        redis_server = subprocess.Popen(
            [server_binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", folder], stdout=subprocess.DEVNULL)
        url = f"redis://127.0.0.1:{port}/0"
        try:
            for _ in range(100):
                try:
                    redis.Redis.from_url(url).ping()
                    break
                except redis.ConnectionError:
                    time.sleep(0.05)
            site = Slow(SamplePortal(articles=args.articles, seed=1), args.latency)
            with serve(site, host="127.0.0.1", port=0) as server:
                start_url = server.base_url + "/list/index.html"
                rates = {}
                for workers in (1, 2, 4):
                    rates[workers], pages = crawl(url, start_url, workers, args.concurrency, site,
                                                  str(Path(folder) / f"warc-{workers}"))
                entries = redis.Redis.from_url(url).xlen("portal-archive:stream")
                archive = Archive(str(Path(folder) / "a.db"))
                ingester = Ingester(archive, url)
                ingester.prepare()
                idle = 0.5
                started = time.perf_counter()
                done = ingester.run(idle_exit=idle)
                seconds = time.perf_counter() - started - idle
        finally:
            redis_server.terminate()
            redis_server.wait()
    print(f"distributed crawl benchmark, {datetime.now().date()}, {args.articles} articles, {pages} pages, "
          f"{args.latency * 1000:.0f} ms per response, {args.concurrency} requests in flight per worker")
    for workers, rate in rates.items():
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: {rate:6.1f} pages/s  = {rate / rates[1]:.2f}x one worker"
              + {1: "", 2: "  (target >= 1.8x)", 4: "  (target >= 3.2x)"}[workers])
    saved = sum(done.saved.values())
    print(f"  ingester: {entries} stream entries, {saved} articles in {seconds:.2f} s = {saved / seconds:.0f} articles/s")


if __name__ == "__main__":
    main()
