"""Fetch one page the way a crawl would (robots.txt, user agent, retries, size limits):
a one-request Scrapy run, for ``portal-archive inspect URL``."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from urllib.parse import urljoin

import scrapy
from scrapy.crawler import CrawlerProcess
from scrapy.exceptions import IgnoreRequest
from scrapy.settings import Settings
from scrapy.spidermiddlewares.httperror import HttpError

from portal_spider.feeds import sitemaps_from_robots


class FetchError(Exception):
    """The page could not be fetched; the message is one line for the user."""


@dataclass
class FetchedPage:
    url: str  # after redirects
    status: int = 0
    content_type: str = ""
    body: bytes = b""
    fetched_at: datetime | None = None
    robots_sitemaps: list[str] = field(default_factory=list)
    error: str | None = None


class _FetchOne(scrapy.Spider):
    name = "inspect"

    def __init__(self, url: str, page: FetchedPage, **kwargs):
        super().__init__(**kwargs)
        self.url = url
        self.page = page

    async def start(self):
        yield scrapy.Request(urljoin(self.url, "/robots.txt"), callback=self.read_robots,
                             errback=lambda failure: None, dont_filter=True, priority=1)
        yield scrapy.Request(self.url, callback=self.keep, errback=self.failed, dont_filter=True)

    def read_robots(self, response):
        self.page.robots_sitemaps = sitemaps_from_robots(response.text, response.url) if hasattr(response, "text") else []

    def keep(self, response):
        self.page.url = response.url
        self.page.status = response.status
        self.page.content_type = response.headers.get("Content-Type", b"").decode("latin-1")
        self.page.body = response.body
        self.page.fetched_at = datetime.now(timezone.utc)

    def failed(self, failure):
        if failure.check(HttpError):
            self.page.error = f"HTTP {failure.value.response.status}"
        elif failure.check(IgnoreRequest):
            self.page.error = f"not fetched: {failure.getErrorMessage() or 'forbidden by robots.txt'}"
        else:
            self.page.error = f"{failure.type.__name__}: {failure.getErrorMessage()}"[:300]


def fetch_page(url: str, settings: Settings) -> FetchedPage:
    """The page at ``url``; raises FetchError when nothing usable came back."""
    settings = settings.copy()
    settings.set("ITEM_PIPELINES", {}, priority="cmdline")
    settings.set("EXTENSIONS", {"portal_spider.extensions.RunRecorder": None,
                                "portal_spider.extensions.LiveProgress": None}, priority="cmdline")
    page = FetchedPage(url=url)
    process = CrawlerProcess(settings)
    process.crawl(_FetchOne, url=url, page=page)
    process.start()
    if page.error or page.fetched_at is None:
        raise FetchError(f"cannot fetch {url}: {page.error or 'no response'}")
    return page
