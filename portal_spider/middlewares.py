"""Scrapy middlewares that keep a crawl on its site and within its limits, and say when they act.

Scrapy drops some requests quietly (a redirect past REDIRECT_MAX_TIMES, a URL past
URLLENGTH_LIMIT, a body past DOWNLOAD_MAXSIZE once decompressed): here each of those
becomes a :class:`LimitHit` naming the limit, which the spider records against the URL.

- :class:`SiteRedirectMiddleware`, :class:`HeadMetaRefreshMiddleware`: redirects and
  refreshes to another site are not followed (the portal's ``hosts`` are its site too);
  loops and chains longer than the redirect limit end with a reason; a refresh counts only
  in the page's ``<head>`` (one inside an article's text is not navigation).
- :class:`BoundedDecompression`: a compressed body past DOWNLOAD_MAXSIZE once decompressed.
- :class:`RetryAfter`: a 429 or 503 with ``Retry-After`` pauses requests to that site.
- :class:`RecordedUrlLength`: a link longer than URLLENGTH_LIMIT is recorded, not fetched.

Per-portal limits (portals.toml) travel in request meta: ``download_maxsize`` (Scrapy's
own key), ``max_redirects`` and ``max_url_length``.
"""

from __future__ import annotations

import asyncio
import re
import sys
import time
from email.utils import parsedate_to_datetime

from scrapy.downloadermiddlewares.httpcompression import HttpCompressionMiddleware
from scrapy.downloadermiddlewares.redirect import MetaRefreshMiddleware, RedirectMiddleware
from scrapy.exceptions import DownloadCancelledError, IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.spidermiddlewares.urllength import UrlLengthMiddleware
from w3lib.html import get_meta_refresh

from portal_spider.portals import site_of


class LimitHit(IgnoreRequest):
    """A request not followed on purpose; ``limit`` names the setting or rule, ``reason`` says why."""

    def __init__(self, limit: str, reason: str):
        super().__init__(reason)
        self.limit = limit
        self.reason = reason


def _owned(request, url: str) -> bool:
    portal = request.meta.get("portal")
    if portal is not None:
        return portal.owns(url)
    return site_of(url) == site_of(request.url)


class StayOnSite:
    """What both redirect middlewares check before following: the site, loops, the count."""

    def __init__(self, settings):
        super().__init__(settings)
        self.limit = self.max_redirect_times
        self.max_redirect_times = sys.maxsize  # the limit is checked here, per portal

    def _redirect(self, redirected, request, reason):
        chain = [*request.meta.get("redirect_urls", []), request.url]
        how = "refresh" if reason == "meta refresh" else f"redirect ({reason})"
        if not _owned(request, redirected.url):
            raise LimitHit("off_site", f"{how} to another site, not followed: {redirected.url}"[:300])
        if redirected.url in chain:
            raise LimitHit("redirect_loop", f"redirect loop: {redirected.url} redirects back to itself after"
                           f" {len(chain) - chain.index(redirected.url)} hops"[:300])
        limit = request.meta.get("max_redirects") or self.limit
        if len(chain) > limit:
            raise LimitHit("REDIRECT_MAX_TIMES", f"more than {limit} redirects in a row (REDIRECT_MAX_TIMES,"
                           f" max_redirects in portals.toml); the last to {redirected.url}"[:300])
        return super()._redirect(redirected, request, reason)


class SiteRedirectMiddleware(StayOnSite, RedirectMiddleware):
    """Scrapy's RedirectMiddleware that stays on the portal's site and records where it stops."""


_HEAD_END = re.compile(rb"</head\s*>|<body[\s>]", re.IGNORECASE)


class HeadMetaRefreshMiddleware(StayOnSite, MetaRefreshMiddleware):
    """A ``<meta http-equiv=refresh>`` is a redirect only in the page's head."""

    def process_response(self, request, response):
        if (request.meta.get("dont_redirect") or request.method == "HEAD" or not isinstance(response, HtmlResponse)):
            return response
        end = _HEAD_END.search(response.body, 0, 65536)
        head = response.body[: end.start()] if end else b""
        if b"refresh" not in head.lower():
            return response
        interval, url = get_meta_refresh(head.decode(response.encoding, "replace"), response.url,
                                         ignore_tags=self._ignore_tags)
        if not url or interval >= self._maxdelay:
            return response
        redirected = self._redirect_request_using_get(request, response, url)
        if not redirected.url.startswith(("http://", "https://")):
            return response
        return self._redirect(redirected, request, "meta refresh")


class BoundedDecompression(HttpCompressionMiddleware):
    """Scrapy's decompression stops at DOWNLOAD_MAXSIZE; here that says which limit, per URL."""

    def process_response(self, request, response):
        try:
            return super().process_response(request, response)
        except LimitHit:
            raise
        except IgnoreRequest:
            limit = request.meta.get("download_maxsize", self._max_size)
            raise LimitHit("DOWNLOAD_MAXSIZE", (
                f"body larger than {limit} bytes once decompressed ({len(response.body)} bytes compressed);"
                " not kept (DOWNLOAD_MAXSIZE, max_response_bytes in portals.toml)"
            )) from None


def size_limit_reason(error: BaseException, request, default_limit: int) -> str | None:
    """Why the download handler cancelled a download for its size; None for other errors.

    Scrapy cancels with a message when the announced Content-Length is too large, and
    without one when the bytes received pass the limit (its only other cancellation).
    """
    if not isinstance(error, DownloadCancelledError) or (str(error) and "max size" not in str(error)):
        return None
    limit = request.meta.get("download_maxsize", default_limit)
    size = re.search(r"(\d+) bytes", str(error))
    got = f"announced {size.group(1)} bytes" if size else "more arrived"
    return (f"body larger than {limit} bytes ({got}); download aborted (DOWNLOAD_MAXSIZE,"
            " max_response_bytes in portals.toml)")


def retry_after_seconds(value: bytes | None, now: float) -> float | None:
    """Seconds a Retry-After header asks for (delta-seconds or an HTTP date); None if unreadable."""
    if not value:
        return None
    text = value.decode("latin-1").strip()
    if text.isdigit():
        return float(text)
    try:
        return max(0.0, parsedate_to_datetime(text).timestamp() - now)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


class RetryAfter:
    """429 and 503 honour ``Retry-After`` (at most RETRY_AFTER_MAX seconds) for the whole site.

    Runs before Scrapy's RetryMiddleware sees the response: the retry, and every other
    request to that site, wait until the time the server asked for.
    """

    def __init__(self, crawler):
        self.crawler = crawler
        self.cap = crawler.settings.getfloat("RETRY_AFTER_MAX")
        self.resume_at: dict[str, float] = {}  # site -> time.monotonic() to resume

    @classmethod
    def from_crawler(cls, crawler):
        return cls(crawler)

    async def process_request(self, request):
        resume_at = self.resume_at.get(site_of(request.url))
        if resume_at is not None:
            wait = resume_at - time.monotonic()
            if wait > 0:
                self.crawler.stats.inc_value("portal/retry_after_waits")
                await asyncio.sleep(wait)
        return None

    def process_response(self, request, response):
        if response.status in (429, 503) and self.cap > 0:
            seconds = retry_after_seconds(response.headers.get("Retry-After"), time.time())
            if seconds:
                site = site_of(request.url)
                resume_at = time.monotonic() + min(seconds, self.cap)
                self.resume_at[site] = max(self.resume_at.get(site, 0.0), resume_at)
        return response


class RecordedUrlLength(UrlLengthMiddleware):
    """Scrapy's URL length filter, per portal (``max_url_length``), telling the spider what it drops."""

    def get_processed_request(self, request, response):
        limit = request.meta.get("max_url_length") or self.maxlength
        if len(request.url) <= limit:
            return request
        self.crawler.stats.inc_value("urllength/request_ignored_count")
        on_limit = getattr(self.crawler.spider, "on_limit", None)
        if on_limit is not None:
            on_limit(request, LimitHit("URLLENGTH_LIMIT", (
                f"URL of {len(request.url)} characters, longer than {limit} (URLLENGTH_LIMIT,"
                " max_url_length in portals.toml); not fetched"
            )))
        return None
