"""The crawl's WARC archive: every listing, article and further article page it receives.

A Scrapy extension (``WarcRecorder``, on by default; ``WARC_ENABLED = False`` or
``portal-archive crawl --no-warc`` turns it off). On the reactor thread it only copies the
response out of Scrapy and gives it a record id; writing the WARC records
(storage.warc) and then the ``raw_pages`` row is one command of the crawl's archive
writer thread, so the row is committed only once its records are on disk. The spider
carries the record ids of an article's pages to the article (``Article.page_records``),
which the archive links to it when it is saved.

Responses are recorded as Scrapy hands them to the spider: after redirects, retries and
decompression; robots.txt, sitemaps and feeds are not.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from http import HTTPStatus
from importlib.metadata import PackageNotFoundError, version

from scrapy import signals
from scrapy.exceptions import NotConfigured
from warcio.statusandheaders import StatusAndHeadersParser

from portal_spider.extensions import RunRecorder
from storage.warc import Exchange, WarcFolder, WarcWriteError

log = logging.getLogger(__name__)


def default_warc_dir(archive_path: str) -> str:
    """``<db>.warc``: the WARC folder beside an archive."""
    return f"{archive_path}.warc"


def warc_dir(settings) -> str | None:
    """Where this crawl's WARC files go, or None when it writes none."""
    if not settings.getbool("WARC_ENABLED"):
        return None
    archive_path = settings.get("ARCHIVE_PATH")
    if settings.get("WARC_DIR"):
        return settings.get("WARC_DIR")
    return None if archive_path == ":memory:" else default_warc_dir(archive_path)


def _software() -> str:
    try:
        return f"portal-archive/{version('portal-archive')}"
    except PackageNotFoundError:
        return "portal-archive"


def _header_pairs(headers) -> list[tuple[str, str]]:
    return [(name.decode("latin-1"), value.decode("latin-1"))
            for name, values in headers.items() for value in values]


class WarcRecorder:
    def __init__(self, crawler, folder: str):
        self.crawler = crawler
        self.folder = WarcFolder(folder, crawler.settings.getint("WARC_MAX_BYTES"), software=_software())

    @classmethod
    def from_crawler(cls, crawler):
        folder = warc_dir(crawler.settings)
        if folder is None:
            raise NotConfigured
        recorder = cls(crawler, folder)
        crawler.signals.connect(recorder.response_received, signal=signals.response_received)
        crawler.signals.connect(recorder.spider_closed, signal=signals.spider_closed)
        return recorder

    @property
    def run(self) -> RunRecorder:
        return self.crawler.get_extension(RunRecorder)

    def response_received(self, response, request, spider=None):
        meta = request.meta
        if not (meta.get("listing") or "article_url" in meta):
            return
        fetched_at = datetime.now(timezone.utc)
        record_id = StatusAndHeadersParser.make_warc_id()
        # For the spider: the fetch time extraction reads relative dates against (the
        # same a re-extraction uses), and the record the page's article links to.
        meta["fetched_at"] = fetched_at
        meta["warc_record_id"] = record_id
        try:
            reason = HTTPStatus(response.status).phrase
        except ValueError:
            reason = ""
        exchange = Exchange(
            url=response.url, fetched_at=fetched_at, method=request.method,
            request_headers=_header_pairs(request.headers), status=response.status, reason=reason,
            response_headers=_header_pairs(response.headers), body=response.body, record_id=record_id,
        )
        content_type = response.headers.get("Content-Type", b"").decode("latin-1") or None
        run_id, folder = self.run.run_id, self.folder

        def store(archive):
            stored = folder.write(exchange, archive.raw_pages.original)
            archive.raw_pages.record(stored, exchange.url, fetched_at.isoformat(), exchange.status,
                                     content_type, run_id)

        self.run.writer.send(store)

    def spider_closed(self, spider, reason):
        folder = self.folder

        def close(archive):
            try:
                folder.close()
            except WarcWriteError as error:  # every record was written and flushed already
                log.error("%s", error)

        # Queued behind the run's last records, before the writer stops.
        self.run.writer.send(close)

