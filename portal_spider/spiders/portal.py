"""The one generic spider: listing pages → article pages (and their further pages).

It only discovers and schedules: which links to follow comes from
``portal_spider.discovery`` and ``portal_spider.feeds``, what a page says from
``portal_spider.pages``, and storing is the pipeline's job. It asks the archive which
articles are known so that a scheduled run fetches only what is new: from memory, and
everything it records goes to the run's one writer thread (``portal_spider.archive_link``).

Run it as ``portal-archive crawl`` or ``scrapy crawl portal -a start_url=URL``
(``-a config=portals.toml -a names=a,b``, ``-a full=1``, ``-a refresh=1``,
``-a since=DAYS``, ``-a changed=1``).

When pagination stops (incremental runs): a portal's first run, a run after one that was
interrupted or failed or in which a listing page failed, and ``--full`` walk every listing
page. Otherwise, while robots.txt and the sitemap (read on every run, also for its lastmod
dates) are being read, the next listing page waits for them; if the sitemap lists the
portal's articles, pagination goes on only while listing pages show unarchived articles
the sitemap did not list (a stale sitemap); without a sitemap it stops after
LISTING_STOP_AFTER_STALE_PAGES pages that show no unarchived article.

Pagination traps (calendars, endless ``?page=N``) stop by themselves on every run, --full
and first runs included: after LISTING_MAX_PAGES listing pages of a portal (its
``max_listing_pages`` in portals.toml), and after LISTING_STOP_AFTER_NO_NEW_LINKS pages in a
row that show no article link not seen before in this run.

What went wrong with a listing (it failed, was not HTML, showed no article link, was cut
by the cap), a sitemap or a feed (could not be fetched or read), or a link (could not be
parsed: skipped, the rest of the page kept) is a crawl_notes row, never a crawl_errors
one: those are retried as articles. An exception raised while handling a page (a bug, or
input nobody foresaw) is recorded the same way, with the page's URL and the exception.

robots.txt is fetched once per site and run: Scrapy's RobotsTxtMiddleware reads it to
obey it, and the spider takes the sitemaps it names from that same parse.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from shlex import quote
from urllib.parse import urljoin

import scrapy
from scrapy import signals
from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.spidermiddlewares.httperror import HttpError

from portal_spider.archive_link import ArchiveWriter
from portal_spider.discovery import find_listing_links, url_shape
from portal_spider.extraction_pool import ExtractionPool
from portal_spider.feeds import Entry, FeedError, feed_links, parse_feed, parse_sitemap, sitemaps_from_robots
from portal_spider.middlewares import LimitHit, size_limit_reason
from portal_spider.pages import decode_html, join_pages
from portal_spider.pages.encoding import check_charset
from portal_spider.pages.version import extractor_version
from portal_spider.extensions import RunRecorder
from portal_spider.portals import Portal, load_portals, portal_from_start_urls
from storage import ArchiveError
from storage.runs import FAILURE_NOTES


def _flag(value) -> bool:
    return str(value).lower() in ("1", "true", "yes", "on") if value is not None else False


SITEMAP_ENTRIES_AT_ONCE = 200


class NotSent(IgnoreRequest):
    """The crawl was stopping before this request left the downloader's queue.

    Not a failure: an article URL stays in the durable queue for the next run.
    """


class _PortalStates(dict):
    """PortalState by portal name. A worker of a distributed crawl also handles pages of
    portals another worker started; it learns about those as it goes."""

    def __missing__(self, name: str) -> PortalState:
        state = self[name] = PortalState(walk_all=True)
        return state


@dataclass
class PortalState:
    """What one run has learnt about one portal so far."""

    walk_all: bool
    stale_pages: int = 0
    article_shapes: set[str] = field(default_factory=set)
    # A sitemap lists every page of a site: its entries wait until listing pages show
    # what an article URL looks like here.
    sitemap_waiting: dict[str, list[str]] = field(default_factory=dict)  # by URL shape
    sitemap_articles: set[str] = field(default_factory=set)
    sitemap_requests_pending: int = 0
    # (next listing page, unarchived articles and URL of the page that links to it)
    held_next_pages: list[tuple[scrapy.Request, list[str], str]] = field(default_factory=list)
    # For the run's per-portal record (crawl_run_portals).
    listing_requests: int = 0
    listing_pages: int = 0
    listing_failures: int = 0
    article_links: set[str] = field(default_factory=set)
    # Why pagination stopped somewhere: keys of STOP_REASONS.
    stops: set[str] = field(default_factory=set)
    noted: set[str] = field(default_factory=set)  # kinds of note given once per portal and run


# Why a portal's pagination stopped, first that applies.
STOP_REASONS = ("interrupted", "max_listing_pages", "no_new_links", "caught_up", "listing_failed", "last_page")


def inspect_hint(url: str) -> str:
    return f"portal-archive inspect {quote(url)}"


def record_unchanged_lastmods(archive, lastmods: dict[str, str]) -> set[str]:
    """A command for the writer: which archived URLs' sitemap lastmod changed; records the others'.

    A recorded lastmod is that of the version archived: an archived article's new lastmod
    is recorded only once this run has re-fetched it (a failed re-fetch stays in
    crawl_errors and is retried); other runs leave the change for --changed.
    """
    changed = set(archive.crawl.lastmod_changed(lastmods))
    archive.crawl.record_lastmods({url: lastmod for url, lastmod in lastmods.items() if url not in changed})
    return changed


def describe(error: BaseException) -> str:
    """An exception as one line for crawl_errors and crawl_notes: its type and message."""
    return " ".join(f"{type(error).__name__}: {error}".split()).removesuffix(":")[:300]


# Responses that may become articles; any other Content-Type is recorded and skipped.
HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})


class PortalSpider(scrapy.Spider):
    name = "portal"

    def __init__(
        self,
        portals: list[Portal] | None = None,
        start_url: str | None = None,
        config: str | None = None,
        full=False,
        refresh=False,
        since=None,
        changed=False,
        **kwargs,
    ):
        super().__init__(**kwargs)
        if portals is None:
            if config:
                names = kwargs.get("names")
                portals = load_portals(config, names.split(",") if names else None)
            else:
                portals = portal_from_start_urls((start_url or "").split(","))
        self.portals = portals
        self.full = _flag(full)
        self.refresh = _flag(refresh)
        self.since_days = float(since) if since not in (None, "") else None
        self.refresh_changed = self.refresh and _flag(changed)
        self.state: dict[str, PortalState] = _PortalStates()
        self.listings_seen: set[str] = set()
        self.feeds_seen: set[str] = set()
        self.scheduled: set[str] = set()
        # New sitemap lastmods of archived articles this run re-fetches (--changed):
        # recorded when the run finishes, so a run killed before the re-fetch leaves the
        # change for the next one to see.
        self.refetched_lastmods: dict[str, str] = {}

    @classmethod
    def from_crawler(cls, crawler, *args, **kwargs):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.stop_after_stale = crawler.settings.getint("LISTING_STOP_AFTER_STALE_PAGES")
        spider.max_listing_pages = crawler.settings.getint("LISTING_MAX_PAGES")
        spider.stop_after_no_new_links = crawler.settings.getint("LISTING_STOP_AFTER_NO_NEW_LINKS")
        spider.max_article_pages = crawler.settings.getint("ARTICLE_MAX_PAGES")
        spider.use_sitemaps = crawler.settings.getbool("DISCOVER_SITEMAPS")
        spider.extraction = ExtractionPool(crawler.settings.getint("EXTRACTION_WORKERS"))
        spider.frontier = None
        if crawler.settings.get("REDIS_URL"):  # a worker: portals and requests come from the shared frontier
            from portal_spider.distributed.frontier import Frontier

            spider.frontier = Frontier(crawler.settings.get("REDIS_URL"))
        crawler.signals.connect(spider.on_callback_error, signal=signals.spider_error)
        crawler.signals.connect(spider.on_item_error, signal=signals.item_error)
        return spider

    @property
    def run(self) -> RunRecorder:
        """The run this crawl records: its id, previous statuses, whether the archive failed."""
        return self.crawler.get_extension(RunRecorder)

    @property
    def writer(self) -> ArchiveWriter:
        return self.run.writer

    def closed(self, reason):
        self.extraction.close()
        if reason == "finished":  # every walk ended: nothing to resume from
            names = [portal.name for portal in self.portals]
            self.writer.send(lambda archive: archive.crawl.clear_listing_frontier(names))
        if reason == "finished" and self.refetched_lastmods:
            lastmods = self.refetched_lastmods
            self.writer.send(lambda archive: archive.crawl.record_lastmods(lastmods))

    # -- what to fetch first ------------------------------------------------------------

    async def start(self):
        if self.frontier is None:
            async for request in self._start_portals(self.portals):
                yield request
        elif portal := self._take_portal():
            async for request in self._start_portals([portal]):
                yield request

    def start_next_portal(self) -> bool:
        """A worker of a distributed crawl: start a portal waiting in the frontier, if any."""
        portal = self._take_portal() if self.frontier is not None else None
        if portal is None:
            return False

        async def schedule():
            async for request in self._start_portals([portal]):
                self.crawler.engine.crawl(request)
        asyncio.ensure_future(schedule())
        return True

    def _take_portal(self) -> Portal | None:
        portal = self.frontier.take_portal()
        if portal is not None:
            self.portals.append(portal)
            self.logger.info("starting portal %s", portal.name)
        return portal

    async def _start_portals(self, portals: list[Portal]):
        for portal in portals:
            previous = self.run.previous_status.get(portal.name)
            name = portal.name
            frontier, read = await self.writer.call(lambda archive: archive.crawl.listing_frontier(name))
            # A partial run walked its listings (its failed URLs are retried below) unless
            # one of them failed; a first, interrupted or failed one may not have. An
            # interrupted one that left listing pages to read is resumed from them.
            resumed = previous == "interrupted" and bool(frontier)
            walk_all = (
                self.full or (previous not in ("ok", "partial") and not resumed)
                or self.run.listing_failed.get(portal.name, False)
            )
            state = self.state[portal.name] = PortalState(walk_all=walk_all)
            for url in portal.start_urls:
                # Start URLs are always read; they count towards the cap.
                state.listing_requests += 1
                yield self._listing_request(url, portal)
            if resumed:  # what the interrupted run read is not read again; start URLs are
                self.listings_seen.update(read)
            for url, pages_without_new_links in frontier if resumed else ():
                if url not in self.listings_seen:
                    state.listing_requests += 1
                    yield self._listing_request(url, portal, pages_without_new_links, walk_on=True)
        if self.use_sitemaps:
            robots = self._robots_middleware()
            for portal in portals:
                robots_urls = sorted({urljoin(u, "/robots.txt") for u in portal.start_urls})
                if robots is None:  # not obeying robots.txt: read it for its sitemaps only
                    for url in robots_urls:
                        yield self._sitemap_request(url, portal, self.parse_robots)
                    continue
                # The middleware reads each robots.txt before the first request to its site.
                self.state[portal.name].sitemap_requests_pending += len(robots_urls)
                for url in robots_urls:
                    parser = await robots.robot_parser(scrapy.Request(url, meta={"portal": portal}))
                    # Scrapy's default parser (Protego) keeps the Sitemap: lines.
                    named = list(getattr(getattr(parser, "rp", None), "sitemaps", ()))
                    for request in self._robots_sitemaps(named, url, portal):
                        yield request
        for portal in portals:
            for url in await self.writer.call(self._leftovers(portal.name)):
                if url not in self.scheduled:
                    yield self._article_request(url, portal)

    def _leftovers(self, name: str):
        """A command for the writer: the portal's URLs to fetch besides what listings show."""
        published_since = self._published_since()
        refetch = self.refresh and not self.refresh_changed

        def leftovers(archive) -> list[str]:
            # What an earlier run discovered but did not archive (killed, or failed).
            urls = archive.crawl.pending_urls(name) + archive.crawl.failed_urls(name)
            return urls + (list(archive.known_article_urls(name, published_since)) if refetch else [])
        return leftovers

    def _robots_middleware(self) -> RobotsTxtMiddleware | None:
        return self.crawler.get_downloader_middleware(RobotsTxtMiddleware)

    def _published_since(self) -> str | None:
        if self.since_days is None:
            return None
        since = datetime.now(timezone.utc) - timedelta(days=self.since_days)
        return since.isoformat(timespec="seconds")

    # -- requests -----------------------------------------------------------------------

    def _listing_request(self, url: str, portal: Portal, pages_without_new_links: int = 0,
                         walk_on: bool = False) -> scrapy.Request:
        """``walk_on``: pagination from this page goes to the end (a walk an earlier run did not finish)."""
        self.listings_seen.add(url)
        # Listing pages change between runs: the duplicate filter must never swallow them.
        return scrapy.Request(
            url, callback=self.parse_listing, errback=self.on_error, dont_filter=True,
            meta={"portal": portal, "listing": True, "pages_without_new_links": pages_without_new_links,
                  "walk_on": walk_on, **portal.request_limits()},
        )

    def _remember_listings(self, requests: list[scrapy.Request], portal: Portal) -> None:
        """Listing pages scheduled: a run stopped before reading them is resumed from them."""
        if requests:
            pages = [(r.url, r.meta["pages_without_new_links"]) for r in requests]
            name = portal.name
            self.writer.send(lambda archive: archive.crawl.push_listings(pages, name))

    def _forget_listing(self, request: scrapy.Request) -> None:
        """A listing page read, failed or given up: not to be resumed from, nor read again."""
        if request.meta.get("listing"):
            url, name = request.url, request.meta["portal"].name
            self.writer.send(lambda archive: archive.crawl.mark_listing_read(url, name))

    def _sitemap_request(self, url: str, portal: Portal, callback, named: bool = True) -> scrapy.Request:
        """``named``: by robots.txt or a sitemap index, so failing to read it is a problem;
        the conventional /sitemap.xml, tried when robots.txt names none, may well not exist."""
        self.state[portal.name].sitemap_requests_pending += 1
        # Read before listing pages: whether to paginate on may depend on them.
        return scrapy.Request(
            url, callback=callback, errback=self.on_sitemap_error, dont_filter=True,
            priority=10, meta={"portal": portal, "sitemap": True, "named": named, **portal.request_limits()},
        )

    def _feed_request(self, url: str, portal: Portal) -> scrapy.Request:
        self.feeds_seen.add(url)
        return scrapy.Request(
            url, callback=self.parse_feed, errback=self.on_optional_error, dont_filter=True,
            meta={"portal": portal, **portal.request_limits()},
        )

    def _article_request(self, url: str, portal: Portal) -> scrapy.Request:
        # self.scheduled, keyed by canonical URL, keeps an article from being requested
        # twice; Scrapy's duplicate filter is bypassed so that a redirect to an article
        # fetched under its own URL still arrives and its URL is recorded as an alias.
        # Workers of a distributed crawl share Redis's filter instead: each article once
        # across all of them.
        self.scheduled.add(url)
        return scrapy.Request(
            url, callback=self.parse_article_page, errback=self.on_error, dont_filter=self.frontier is None,
            meta={"portal": portal, "article_url": url, "pages": [], **portal.request_limits()},
        )

    def _usable(self, urls, portal: Portal, page_url: str, canonical: bool = True) -> list[str]:
        """The URLs on the portal's sites (canonical ones unless told otherwise), in order,
        once each. One that cannot be parsed (a port past 65535, a broken IPv6 host) is
        skipped and noted: the rest of the page still counts."""
        usable, unparseable = [], []
        for url in urls:
            try:
                url = self.writer.canonicalize(url) if canonical else url
                if portal.owns(url):
                    usable.append(url)
            except ValueError:
                unparseable.append(url)
        if unparseable:
            self.crawler.stats.inc_value("portal/unparseable_links", len(unparseable))
            self._note(portal, "unparseable_links", page_url, (
                f"{len(unparseable)} link{'s' if len(unparseable) > 1 else ''} that cannot be parsed skipped,"
                f" e.g. {unparseable[0]!r}"[:300]
            ))
        return list(dict.fromkeys(usable))

    def _new_articles(self, urls, portal: Portal, page_url: str) -> list[str]:
        """Canonical, same-site, neither archived nor already scheduled; queued durably."""
        new = [
            url for url in self._usable(urls, portal, page_url)
            if url not in self.scheduled and not self.writer.is_known(url)
        ]
        if new:
            name = portal.name
            self.writer.send(lambda archive: archive.crawl.enqueue(new, name))
        self.crawler.stats.inc_value("portal/articles_discovered", len(new))
        return new

    # -- listing pages ------------------------------------------------------------------

    def parse_listing(self, response):
        portal: Portal = response.meta["portal"]
        state = self.state[portal.name]
        self._forget_listing(response.request)
        if not isinstance(response, HtmlResponse):
            content_type = response.headers.get("Content-Type", b"").decode("latin-1") or "none"
            state.listing_failures += 1
            self._note(portal, "listing_not_html", response.url,
                       f"not an HTML page (Content-Type: {content_type}); a listing page must be HTML")
            return
        html = decode_html(response.body, response.headers.get("Content-Type", b"").decode("latin-1"))
        links = find_listing_links(
            html, response.url, portal.article_link_selector, portal.next_page_selector,
            owns=portal.owns, known_shapes=frozenset(state.article_shapes),
        )
        article_urls = self._usable(links.article_urls, portal, response.url)
        state.listing_pages += 1
        if not article_urls:
            self._note(portal, "listing_without_links", response.url,
                       "no article links found on this listing page", hint=inspect_hint(response.url))
        # Traps (a calendar, an endless ?page=N) repeat the links they already showed.
        new_in_run = [url for url in article_urls if url not in state.article_links]
        state.article_links.update(article_urls)
        pages_without_new_links = 0 if new_in_run else response.meta.get("pages_without_new_links", 0) + 1
        # "New" for pagination means not archived: a sitemap may have scheduled it already.
        unarchived = [url for url in article_urls if not self.writer.is_known(url)]
        self.crawler.stats.inc_value("portal/listing_pages")
        for url in self._new_articles(unarchived, portal, response.url):
            yield self._article_request(url, portal)
        state.article_shapes.update(url_shape(url) for url in article_urls)
        yield from self._sitemap_articles(portal)
        if self.use_sitemaps:
            for url in self._usable(feed_links(html, response.url), portal, response.url, canonical=False):
                if url not in self.feeds_seen:
                    yield self._feed_request(url, portal)
        next_urls = [
            url for url in self._usable(links.next_page_urls, portal, response.url, canonical=False)
            if url not in self.listings_seen
        ]
        if next_urls and 0 < self.stop_after_no_new_links <= pages_without_new_links:
            self._stop(portal, "no_new_links", response.url, (
                f"pagination stopped: {pages_without_new_links} listing pages in a row showed no article link"
                " not seen before in this run (LISTING_STOP_AFTER_NO_NEW_LINKS)"
            ))
            return
        walk_on = response.meta.get("walk_on", False)
        scheduled = []
        for url in next_urls:
            next_page = self._listing_request(url, portal, pages_without_new_links, walk_on)
            if state.sitemap_requests_pending and not (state.walk_all or walk_on):
                state.held_next_pages.append((next_page, unarchived, response.url))
                scheduled.append(next_page)
            elif self._keep_paginating(state, unarchived, walk_on) and self._within_cap(portal, response.url):
                scheduled.append(next_page)
                yield next_page
        self._remember_listings(scheduled, portal)

    def _keep_paginating(self, state: PortalState, unarchived: list[str], walk_on: bool = False) -> bool:
        if state.walk_all or walk_on or self.stop_after_stale <= 0:
            return True
        if state.sitemap_articles:
            keep = any(url not in state.sitemap_articles for url in unarchived)
        else:
            state.stale_pages = 0 if unarchived else state.stale_pages + 1
            keep = state.stale_pages < self.stop_after_stale
        if not keep:
            state.stops.add("caught_up")
        return keep

    def _within_cap(self, portal: Portal, from_url: str) -> bool:
        """Whether one more listing page of the portal may be read; counts it if so."""
        state = self.state[portal.name]
        cap = portal.max_listing_pages or self.max_listing_pages
        if cap > 0 and state.listing_requests >= cap:
            self._stop(portal, "max_listing_pages", from_url, (
                f"pagination stopped at the cap of {cap} listing pages (max_listing_pages in portals.toml,"
                " else LISTING_MAX_PAGES); later listing pages were not read"
            ), hint=inspect_hint(from_url))
            return False
        state.listing_requests += 1
        return True

    def _release_held_pages(self, portal: Portal):
        state = self.state[portal.name]
        if state.sitemap_requests_pending:
            return
        held, state.held_next_pages = state.held_next_pages, []
        for next_page, unarchived, found_on in held:
            if self._keep_paginating(state, unarchived) and self._within_cap(portal, found_on):
                yield next_page
            else:
                self._forget_listing(next_page)

    # -- robots.txt, sitemaps, feeds ----------------------------------------------------

    def parse_robots(self, response):
        portal: Portal = response.meta["portal"]
        text = response.text if hasattr(response, "text") else ""
        yield from self._robots_sitemaps(sitemaps_from_robots(text, response.url), response.url, portal, response.request)

    def _robots_sitemaps(self, named: list[str], robots_url: str, portal: Portal, request: scrapy.Request | None = None):
        """Requests for the sitemaps robots.txt names, else for /sitemap.xml; then its own count is done."""
        if named:
            for url in self._usable(named, portal, robots_url, canonical=False):
                yield self._sitemap_request(url, portal, self.parse_sitemap)
        else:
            yield self._sitemap_request(urljoin(robots_url, "/sitemap.xml"), portal, self.parse_sitemap, named=False)
        yield from self._sitemap_request_done(portal, request)

    async def parse_sitemap(self, response):
        portal: Portal = response.meta["portal"]
        state = self.state[portal.name]
        try:
            sitemap = parse_sitemap(response.body, response.url)
        except FeedError as error:
            if response.meta.get("named"):
                self._note(portal, "sitemap_failed", response.url, f"sitemap not read: {error}")
            else:
                self.crawler.stats.inc_value("portal/sitemap_misses")
            for request in self._sitemap_request_done(portal, response.request):
                yield request
            return
        for url in self._usable(sitemap.child_sitemaps, portal, response.url, canonical=False):
            yield self._sitemap_request(url, portal, self.parse_sitemap)
        entries = []
        for start in range(0, len(sitemap.entries), SITEMAP_ENTRIES_AT_ONCE):
            if start:
                # A sitemap lists up to 50,000 URLs: read them in parts, letting downloads
                # and other callbacks run between, instead of holding the reactor for seconds.
                await asyncio.sleep(0)
            part = self._usable_entries(sitemap.entries[start:start + SITEMAP_ENTRIES_AT_ONCE], portal, response.url)
            entries += part
            for entry in part:
                state.sitemap_waiting.setdefault(url_shape(entry.url), []).append(entry.url)
            for request in self._sitemap_articles(portal):
                yield request
        lastmods = {entry.url: entry.lastmod for entry in entries if entry.lastmod}
        changed = await self.writer.call(lambda archive: record_unchanged_lastmods(archive, lastmods)) if lastmods else set()
        if self.refresh_changed:
            for url in changed:
                self.refetched_lastmods[url] = lastmods[url]
                if url not in self.scheduled:
                    yield self._article_request(url, portal)
        for request in self._sitemap_request_done(portal, response.request):
            yield request

    def _usable_entries(self, entries: list[Entry], portal: Portal, page_url: str) -> list[Entry]:
        """The entries :meth:`_usable` keeps, with canonical URLs and their lastmods."""
        lastmods = {}
        for entry in entries:
            try:
                lastmods.setdefault(self.writer.canonicalize(entry.url), entry.lastmod)
            except ValueError:
                pass  # noted by _usable below
        return [Entry(url, lastmods.get(url)) for url in self._usable([e.url for e in entries], portal, page_url)]

    def _sitemap_request_done(self, portal: Portal, request: scrapy.Request | None = None):
        """One robots.txt or sitemap less to wait for (counted once per request)."""
        if request is not None:
            if request.meta.get("sitemap_done"):
                return
            request.meta["sitemap_done"] = True
        self.state[portal.name].sitemap_requests_pending -= 1
        yield from self._sitemap_articles(portal)
        yield from self._release_held_pages(portal)

    def _sitemap_articles(self, portal: Portal):
        state = self.state[portal.name]
        shapes = [shape for shape in state.sitemap_waiting if shape in state.article_shapes]
        ready = [url for shape in shapes for url in state.sitemap_waiting.pop(shape)]
        state.sitemap_articles.update(ready)
        for url in self._new_articles(ready, portal, portal.start_urls[0]):
            yield self._article_request(url, portal)

    def parse_feed(self, response):
        portal: Portal = response.meta["portal"]
        try:
            entries = parse_feed(response.body, response.url)
        except FeedError as error:
            self._note(portal, "feed_failed", response.url, f"feed not read: {error}")
            return
        for url in self._new_articles([entry.url for entry in entries], portal, response.url):
            yield self._article_request(url, portal)

    def on_sitemap_error(self, failure):
        if failure.check(NotSent):
            return
        request = failure.request
        portal: Portal = request.meta["portal"]
        self.crawler.stats.inc_value("portal/sitemap_misses")
        if request.url.endswith("/robots.txt"):
            # No robots.txt: the sitemap may still be at the conventional place.
            yield from self._robots_sitemaps([], request.url, portal, request)
            return
        if failure.check(LimitHit):
            self._note(portal, "sitemap_failed", request.url, f"sitemap not read: {failure.value.reason}"[:300])
            yield from self._sitemap_request_done(portal, request)
            return
        status = failure.value.response.status if failure.check(HttpError) else None
        missing = status in (404, 410) or (status is None and failure.check(IgnoreRequest))
        if request.meta.get("named") or not missing:
            reason = f"HTTP {status}" if status else describe(failure.value)
            self._note(portal, "sitemap_failed", request.url, f"sitemap not fetched: {reason}")
        yield from self._sitemap_request_done(portal, request)

    def on_optional_error(self, failure):
        if failure.check(NotSent):
            return
        request = failure.request
        self.crawler.stats.inc_value("portal/feed_misses")
        reason = f"HTTP {failure.value.response.status}" if failure.check(HttpError) else describe(failure.value)
        self._note(request.meta["portal"], "feed_failed", request.url, f"feed not fetched: {reason}")

    # -- article pages ------------------------------------------------------------------

    async def parse_article_page(self, response):
        portal: Portal = response.meta["portal"]
        article_url = response.meta["article_url"]
        content_type = response.headers.get("Content-Type", b"").decode("latin-1")
        media_type = content_type.partition(";")[0].strip().lower()
        # Scrapy takes a URL ending .html for HTML whatever the server says: the server decides.
        is_html = media_type in HTML_TYPES if media_type else isinstance(response, HtmlResponse)
        if not is_html:  # a PDF, an image, JSON ... linked as an article
            self._record_failure(article_url, portal, f"not HTML (Content-Type: {content_type or 'none'}): skipped")
            return
        charset = check_charset(response.body, content_type)
        if charset.garbled:
            self._record_failure(article_url, portal, (
                f"mojibake: no charset decodes {response.url} into text (Content-Type: {content_type or 'none'});"
                " not archived"
            )[:300])
            return
        if charset.encoding:
            self._note(portal, "charset_mislabelled", response.url, charset.note)
            content_type = f"text/html; charset={charset.encoding}"  # the header charset wins in decoding
        try:
            # Relative dates ("3小时前") are read against the fetch time, which extraction
            # takes as an input rather than reading the clock (portal_spider.warc records it).
            page = await self.extraction.extract(
                response.body,
                content_type,
                response.url,
                replace(portal.extraction, fetched_at=response.meta.get("fetched_at") or datetime.now(timezone.utc)),
            )
        except BrokenExecutor as error:
            # A worker died (out of memory, killed): the page stays queued for the next run.
            self._record_failure(article_url, portal, f"BrokenExecutor: {error}")
            return
        except Exception as error:  # parsing failed on this page: its real reason is kept
            self._record_failure(article_url, portal, f"extraction failed: {describe(error)}")
            return
        pages = response.meta["pages"] + [page]
        # The WARC records of the pages, in reading order (portal_spider.warc).
        records = response.meta.get("page_records", []) + [
            r for r in [response.meta.get("warc_record_id")] if r]
        fetched = {p.url for p in pages} | {response.url}
        queued = response.meta.get("page_queue", [])
        queued = queued + [u for u in page.page_urls if u not in fetched and u not in queued]
        first_redirects = response.meta.get("first_redirects", response.meta.get("redirect_urls", []))
        cap = portal.max_article_pages or self.max_article_pages
        if queued and 0 < cap <= len(pages):
            self._note(portal, "max_article_pages", article_url, (
                f"article cut at {cap} pages (ARTICLE_MAX_PAGES, max_article_pages in portals.toml):"
                f" {len(queued)} more pages not fetched, e.g. {queued[0]}"
            )[:300])
            queued = []
        if queued:
            # Further pages are fetched one after another so they join in reading order.
            yield response.request.replace(
                url=queued[0],
                dont_filter=True,
                meta={"portal": portal, "article_url": article_url, "pages": pages,
                      "page_queue": queued[1:], "first_redirects": first_redirects, "page_records": records,
                      **portal.request_limits()},
            )
            return
        article = join_pages(pages)
        article.url = pages[0].url
        article.portal = portal.name
        article.fetched_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
        article.page_records = records
        article.extractor_version = extractor_version()
        article.alias_urls = [
            url for url in dict.fromkeys([article_url, *first_redirects]) if url != article.url
        ]
        await self._check_canonical(article, portal)
        for note in article.extraction_notes:
            self._note_once(portal, "published_at_zone_guessed", article.url, note,
                            'give the portal its zone in portals.toml: timezone = "Area/City"')
        yield article

    async def _check_canonical(self, article, portal: Portal) -> None:
        """Keep the page's rel=canonical only if it names this page (or an alias it was
        reached by) or an archived page of the portal with the same text; else the page is
        archived under its own URL, with a note: a page cannot claim another's place."""
        claimed = article.canonical_url
        if not claimed:
            return
        try:
            target = self.writer.canonicalize(claimed)
            own = {self.writer.canonicalize(url) for url in [article.url, *article.alias_urls]}
        except ValueError:
            target, own = None, set()
        if target in own:
            return
        if target is not None and portal.owns(target):
            archived = await self.writer.call(lambda archive: archive.archived_text(target))
            if archived is not None and archived.split() == (article.body_text or "").split():
                return
        article.canonical_url = None
        self._note(portal, "canonical_untrusted", article.url, (
            f"rel=canonical names {claimed}, which is neither this page nor an archived page with its text;"
            " archived under its own URL"
        )[:300])

    # -- failures -----------------------------------------------------------------------

    def on_error(self, failure):
        if failure.check(NotSent):
            return
        request = failure.request
        portal: Portal = request.meta["portal"]
        listing = request.meta.get("listing", False)
        self._forget_listing(request)
        if failure.check(LimitHit):
            self.on_limit(request, failure.value)
            return
        too_large = size_limit_reason(failure.value, request, self.crawler.settings.getint("DOWNLOAD_MAXSIZE"))
        if too_large:
            self.on_limit(request, LimitHit("DOWNLOAD_MAXSIZE", too_large))
            return
        if failure.check(IgnoreRequest) and not failure.check(HttpError):
            # Forbidden by robots.txt or filtered on purpose: not a failure to retry.
            self.crawler.stats.inc_value("portal/ignored_requests")
            if listing:
                self.state[portal.name].listing_failures += 1
                self._note(portal, "listing_forbidden", request.url,
                           f"listing page not fetched: {failure.getErrorMessage()}"[:300])
            else:
                self._note(portal, "article_forbidden", request.url,
                           f"not fetched: {failure.getErrorMessage()}"[:300])
            return
        if failure.check(HttpError):
            error = str(failure.value.response.status)
        else:
            error = describe(failure.value)
        if listing:
            self.state[portal.name].listing_failures += 1
            self.crawler.stats.inc_value("portal/errors")
            reason = f"HTTP {error}" if failure.check(HttpError) else error
            self._note(portal, "listing_failed", request.url, f"listing page failed: {reason}")
            return
        self._record_failure(request.meta.get("article_url", request.url), portal, error)

    def on_limit(self, request: scrapy.Request, hit: LimitHit) -> None:
        """A request stopped by a limit or by the site boundary (portal_spider.middlewares):
        an article is a crawl_errors row (retried by the next run), anything else a note."""
        portal: Portal | None = request.meta.get("portal")
        self.crawler.stats.inc_value(f"portal/limit/{hit.limit}")
        self._forget_listing(request)
        if portal is None:
            self.logger.warning("%s: %s", request.url, hit.reason)
        elif "article_url" in request.meta:
            self._record_failure(request.meta["article_url"], portal, hit.reason)
        elif request.meta.get("listing"):
            self.state[portal.name].listing_failures += 1
            self._note(portal, "listing_failed", request.url, f"listing page not read: {hit.reason}"[:300])
        elif request.meta.get("sitemap"):
            self._note(portal, "sitemap_failed", request.url, f"sitemap not read: {hit.reason}"[:300])
            for follow_up in self._sitemap_request_done(portal, request):
                self.crawler.engine.crawl(follow_up)
        else:
            self._note(portal, "feed_failed", request.url, f"feed not read: {hit.reason}"[:300])

    def on_callback_error(self, failure, response, spider=None):
        """An exception raised while handling a page (Scrapy's spider_error): recorded against it."""
        if failure.check(ArchiveError):  # recording what the page gave failed: the archive did
            self.run.archive_failed(failure.value)
            return
        if response is None:  # raised in start(): the requests after it were never made
            self.crawler.stats.inc_value("portal/errors")
            run_id, reason = self.run.run_id, f"the crawl did not start every request: {describe(failure.value)}"
            self.writer.send(lambda archive: archive.crawl.record_note(run_id, "crawl_failed", reason))
            self.logger.error("%s", reason)
            return
        request = response.request
        portal: Portal | None = request.meta.get("portal")
        reason = describe(failure.value)
        if portal is None:
            self.crawler.stats.inc_value("portal/errors")
            self.logger.error("error handling %s: %s", response.url, reason)
        elif request.meta.get("listing"):
            self.state[portal.name].listing_failures += 1
            self.crawler.stats.inc_value("portal/errors")
            self._note(portal, "listing_failed", response.url, f"listing page failed: {reason}")
        elif "article_url" in request.meta:
            self._record_failure(request.meta["article_url"], portal, reason)
        else:
            self._note(portal, "page_error", response.url, f"page not used: {reason}")
            if request.meta.get("sitemap"):
                # What the sitemap would have released must not wait for it forever.
                for follow_up in self._sitemap_request_done(portal, request):
                    self.crawler.engine.crawl(follow_up)

    def on_item_error(self, item, response, spider=None, failure=None):
        """An exception raised storing an article (Scrapy's item_error)."""
        portal = next((p for p in self.portals if p.name == item.portal), None)
        portal = portal or (response.meta.get("portal") if response is not None else None)
        if portal is not None:
            self._record_failure(item.url, portal, f"not stored: {describe(failure.value)}")

    def _record_failure(self, url: str, portal: Portal, error: str) -> None:
        run_id, name = self.run.run_id, portal.name
        self.writer.send(lambda archive: archive.crawl.record_error(run_id, url, error, name))
        self.crawler.stats.inc_value("portal/errors")
        self.logger.warning("failed %s: %s", url, error)

    # -- what the run says about each portal --------------------------------------------

    def _note(self, portal: Portal, kind: str, url: str, reason: str, hint: str | None = None) -> None:
        if kind in FAILURE_NOTES:
            self.crawler.stats.inc_value("portal/errors")
        run_id, name = self.run.run_id, portal.name
        self.writer.send(lambda archive: archive.crawl.record_note(run_id, kind, reason, portal=name, url=url, hint=hint))
        self.logger.warning("%s %s: %s", portal.name, url, reason)

    def _stop(self, portal: Portal, reason_key: str, url: str, reason: str, hint: str | None = None) -> None:
        """Pagination stopped by a cap: noted once per portal and run."""
        state = self.state[portal.name]
        if reason_key not in state.stops:
            state.stops.add(reason_key)
            self._note(portal, reason_key, url, reason, hint)

    def _note_once(self, portal: Portal, kind: str, url: str, reason: str, hint: str | None = None) -> None:
        """A note that would say the same for every page of the portal: once per portal and run."""
        state = self.state[portal.name]
        if kind not in state.noted:
            state.noted.add(kind)
            self._note(portal, kind, url, reason, hint)

    def portal_reports(self, finished: bool) -> list[dict]:
        """Per portal: listing pages read, distinct article links on them, why pagination stopped.

        A finished run notes each portal whose listings showed no article link at all. A
        worker of a distributed crawl reports every portal it read pages of, and notes
        nothing of the kind: the portal's other pages went to other workers.
        """
        reports = []
        portals = self.portals if self.frontier is None else list(self.state)
        for portal in portals:
            name = portal if isinstance(portal, str) else portal.name
            state = self.state.get(name) or PortalState(walk_all=True)
            stops = set(state.stops) | {"last_page"}
            if not finished:
                stops.add("interrupted")
            if state.listing_failures:
                stops.add("listing_failed")
            if finished and not state.article_links and self.frontier is None:
                start = portal.start_urls[0]
                if state.listing_pages:
                    reason = f"no article link on any of the portal's listing pages ({state.listing_pages} read)"
                else:
                    reason = "none of the portal's start URLs could be read as a listing page"
                self._note(portal, "portal_without_links", start, reason, hint=inspect_hint(start))
            reports.append({
                "portal": name,
                "listing_pages": state.listing_pages,
                "article_links": len(state.article_links),
                "stop_reason": next(reason for reason in STOP_REASONS if reason in stops),
            })
        return reports
