"""A crawl worker: Scrapy with scrapy-redis's shared frontier, writing nothing but Redis.

The spider, its pipeline and the run record work as in a local crawl; only the writer
they are given differs. :class:`StreamWriter` is the local :class:`ArchiveWriter`
(commands run in order on its own thread, so the reactor never waits on the network)
over a :class:`StreamArchive`, which turns each write into a stream entry for
``portal-archive ingest`` and answers the few reads a crawl makes from Redis.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import socket
import time
import uuid
from dataclasses import asdict
from datetime import datetime

import redis
import redis.asyncio
from scrapy import signals
from scrapy.exceptions import DontCloseSpider, NotConfigured
from scrapy_redis.dupefilter import RFPDupeFilter
from twisted.internet import task

from portal_spider import distributed as keys
from portal_spider.archive_link import ArchiveWriter, _tracking_params
from portal_spider.distributed.stream import encode
from portal_spider.portals import site_of
from storage import SaveResult
from storage.runs import NOTE_KINDS
from storage.urls import UrlCanonicalizer
from storage.warc import Original, StoredRecord, warc_date


_WORKER_SETTINGS = {
    "SCHEDULER": "scrapy_redis.scheduler.Scheduler",
    "SCHEDULER_PERSIST": True,  # the frontier outlives any one worker
    "SCHEDULER_QUEUE_KEY": keys.FRONTIER,
    "SCHEDULER_QUEUE_CLASS": "scrapy_redis.queue.PriorityQueue",  # never blocks the reactor
    "SCHEDULER_DUPEFILTER_KEY": keys.SEEN,
    "SCHEDULER_DUPEFILTER_CLASS": "portal_spider.distributed.worker.CanonicalRequestFilter",
    "DUPEFILTER_CLASS": "portal_spider.distributed.worker.CanonicalRequestFilter",
    # Politeness is the cluster's (SharedRateLimit), not each process's.
    "AUTOTHROTTLE_ENABLED": False,
}


def make_worker(settings, redis_url: str) -> None:
    """Make the crawl's Scrapy settings those of a worker on the frontier at ``redis_url``.

    The per-site delay (``DOWNLOAD_DELAY``) becomes the cluster's, kept by SharedRateLimit.
    """
    settings.set("REDIS_SITE_DELAY", settings.getfloat("DOWNLOAD_DELAY"), priority="cmdline")
    settings.set("DOWNLOAD_DELAY", 0, priority="cmdline")
    for name, value in _WORKER_SETTINGS.items():
        settings.set(name, value, priority="cmdline")
    settings.set("REDIS_URL", redis_url, priority="cmdline")
    settings["EXTENSIONS"] = {**settings.getdict("EXTENSIONS"), "portal_spider.distributed.worker.FrontierIdle": 600}
    settings["DOWNLOADER_MIDDLEWARES"] = {
        **settings.getdict("DOWNLOADER_MIDDLEWARES"), "portal_spider.distributed.worker.SharedRateLimit": 50,
    }




def connect(redis_url: str) -> redis.Redis:
    return redis.Redis.from_url(redis_url)


class CanonicalRequestFilter(RFPDupeFilter):
    """scrapy-redis's shared request filter, keyed by the archive's canonical URL: a
    tracking parameter or a fragment never makes a second fetch. Listing, sitemap and
    continuation requests are never filtered (the spider marks them ``dont_filter``)."""

    @classmethod
    def from_spider(cls, spider):
        settings = spider.settings
        instance = cls(connect(settings.get("REDIS_URL")), key=keys.SEEN, debug=settings.getbool("DUPEFILTER_DEBUG"))
        instance.canonicalize = UrlCanonicalizer(_tracking_params(settings))
        return instance

    def request_fingerprint(self, request):
        return hashlib.sha1(self.canonicalize(request.url).encode()).hexdigest()


class StreamCrawlState:
    """The part of :class:`storage.runs.CrawlState` a crawl uses, over the stream.

    Writes become entries; reads are answered for a worker: the frontier lives in Redis,
    so there is no queue of leftovers to read, and every portal's listings are walked
    (a worker cannot know how the portal's last run ended).
    """

    def __init__(self, stream: StreamArchive):
        self.stream = stream
        self.notes: dict[str, list[dict]] = {}

    def mark_interrupted_runs(self) -> int:
        return 0

    def last_run_status(self, portal: str) -> None:
        return None

    def listing_failed_last_run(self, portal: str) -> bool:
        return False

    def pending_urls(self, portal: str | None = None) -> list[str]:
        return []

    def failed_urls(self, portal: str | None = None) -> list[str]:
        return []

    def lastmod_changed(self, lastmods: dict[str, str]) -> list[str]:
        return []

    def enqueue(self, urls, portal: str) -> None:
        """Discovered URLs are in the shared frontier already."""

    # Listing pages a stopped run had not read: in the shared frontier too.
    def listing_frontier(self, portal: str) -> tuple[list, list]:
        return [], []

    def push_listings(self, pages, portal: str) -> None:
        pass

    def mark_listing_read(self, url: str, portal: str) -> None:
        pass

    def clear_listing_frontier(self, portals) -> None:
        pass

    def start_run(self, portals: list[str]) -> str:
        run = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.stream.run_key = run
        self.stream.add("start_run", run, hostname=socket.gethostname(), pid=os.getpid())
        return run

    def record_error(self, run: str, url: str, error: str, portal: str | None = None) -> None:
        self.stream.add("record_error", run, url=url, error=error, portal=portal)

    def record_note(self, run: str, kind: str, reason: str, *, portal=None, url=None, hint=None) -> None:
        if kind not in NOTE_KINDS:
            raise ValueError(f"unknown note kind {kind!r}")
        self.notes.setdefault(run, []).append({"kind": kind, "problem": NOTE_KINDS[kind], "portal": portal})
        self.stream.add("record_note", run, kind=kind, reason=reason, portal=portal, url=url, hint=hint)

    def run_notes(self, run: str) -> list[dict]:
        return self.notes.get(run, [])

    def record_lastmods(self, lastmods: dict[str, str]) -> None:
        self.stream.add("record_lastmods", "", lastmods=lastmods)

    def record_portal_run(self, run: str, portal: str, *, stop_reason: str | None, **counts: int) -> None:
        self.stream.add("record_portal_run", run, portal=portal, stop_reason=stop_reason, counts=counts)

    def finish_run(self, run: str, status: str, *, pages_fetched: int, errors: int, **archived: int) -> None:
        # What was archived is the writer's to count: it alone knows new from duplicate.
        self.stream.add("finish_run", run, status=status, pages_fetched=pages_fetched, errors=errors)


class StreamRawPages:
    """``raw_pages`` for a worker: the worker writes its own WARC files (named by host and
    process), and each fetch's row goes to the writer; a payload this worker stored
    before is a revisit record."""

    def __init__(self, stream: StreamArchive):
        self.stream = stream
        self.originals: dict[str, Original] = {}

    def original(self, digest: str) -> Original | None:
        return self.originals.get(digest)

    def record(self, stored: StoredRecord, url: str, fetched_at: str, status: int, content_type: str | None,
               run_id) -> None:
        if stored.record_type == "response":
            self.originals.setdefault(stored.payload_digest, Original(url, warc_date(datetime.fromisoformat(fetched_at))))
        page = {**asdict(stored), "url": url, "fetched_at": fetched_at, "status": status, "content_type": content_type}
        self.stream.add("record_raw_page", run_id, page=page)


class StreamArchive:
    """What :class:`ArchiveWriter` runs its commands on, for a worker: the stream."""

    def __init__(self, settings):
        self.redis = connect(settings.get("REDIS_URL"))
        self.crawl = StreamCrawlState(self)
        self.raw_pages = StreamRawPages(self)
        self.run_key: str | None = None

    def add(self, op: str, run: str, **values) -> None:
        self.redis.xadd(keys.STREAM, encode(op, run, **values))

    def archived_text(self, url: str) -> None:
        """A worker cannot compare a page with what is archived: a canonical link to
        another URL is not trusted (the page is archived under its own URL, with a note)."""
        return None

    def known_urls(self, portals) -> set[str]:
        return {url.decode() for url in self.redis.sscan_iter(keys.KNOWN, count=10_000)}

    def save_each(self, articles) -> list[SaveResult]:
        with self.redis.pipeline(transaction=False) as pipe:
            for article in articles:
                pipe.xadd(keys.STREAM, encode("save", self.run_key, article=article))
            pipe.execute()
        return [SaveResult("queued", 0, None, None) for _ in articles]

    def close(self) -> None:
        self.redis.close()


class StreamWriter(ArchiveWriter):
    """The crawl's writer for a worker: the same commands, applied to the stream."""

    def open(self):
        return StreamArchive(self.settings)

    def close_archive(self, archive) -> None:
        archive.close()


class FrontierIdle:
    """Keeps a worker on the shared frontier until it has stayed empty for
    ``REDIS_IDLE_SECONDS``, starts the portals ``enqueue`` hands out, and looks at the
    frontier often (Scrapy's own idle check runs every 5 s)."""

    LOOK = 0.25

    def __init__(self, crawler):
        self.crawler = crawler
        self.idle_seconds = crawler.settings.getfloat("REDIS_IDLE_SECONDS", 10)
        self.idle_since: float | None = None
        self.looking = task.LoopingCall(self._look)

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.get("REDIS_URL"):
            raise NotConfigured
        extension = cls(crawler)
        crawler.signals.connect(extension.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(extension.spider_idle, signal=signals.spider_idle)
        crawler.signals.connect(extension.spider_closed, signal=signals.spider_closed)
        crawler.signals.connect(extension.busy, signal=signals.response_received)
        return extension

    def spider_opened(self, spider):
        self.looking.start(self.LOOK, now=False)

    def spider_closed(self, spider):
        if self.looking.running:
            self.looking.stop()

    def busy(self, *args, **kwargs):
        self.idle_since = None

    def _look(self):
        slot = getattr(self.crawler.engine, "_slot", None)  # Scrapy's: asks the scheduler again
        if slot is not None and getattr(slot, "nextcall", None) is not None:
            slot.nextcall.schedule()

    def spider_idle(self, spider):
        if spider.start_next_portal():
            self.idle_since = None
            raise DontCloseSpider
        now = time.monotonic()
        self.idle_since = self.idle_since or now
        if now - self.idle_since < self.idle_seconds:
            raise DontCloseSpider


RATE_SCRIPT = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1000000
local interval = tonumber(ARGV[1])
local at = math.max(t, tonumber(redis.call('GET', KEYS[1]) or '0'))
redis.call('SET', KEYS[1], tostring(at + interval), 'EX', math.ceil(at + interval - t) + 60)
return tostring(at - t)
"""


class SharedRateLimit:
    """A downloader middleware: at most one request per ``DOWNLOAD_DELAY`` seconds to a
    site across every worker. Each request takes the next free moment of its site from
    Redis (by the server's clock, so the machines' clocks need not agree) and waits for it."""

    def __init__(self, settings):
        self.interval = settings.getfloat("REDIS_SITE_DELAY")
        if self.interval <= 0:
            raise NotConfigured
        self.redis = redis.asyncio.Redis.from_url(settings.get("REDIS_URL"))
        self.next_moment = self.redis.register_script(RATE_SCRIPT)

    @classmethod
    def from_crawler(cls, crawler):
        if not crawler.settings.get("REDIS_URL"):
            raise NotConfigured
        return cls(crawler.settings)

    async def process_request(self, request, spider=None):
        if request.meta.get("shared_rate_taken"):
            return None
        request.meta["shared_rate_taken"] = True
        wait = float(await self.next_moment(keys=[keys.rate_key(site_of(request.url))], args=[self.interval]))
        if wait > 0:
            await asyncio.sleep(wait)
        return None
