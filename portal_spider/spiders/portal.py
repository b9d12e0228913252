"""The one generic spider: listing pages → article pages (and their further pages).

It only discovers and schedules: which links to follow comes from
``portal_spider.discovery`` and ``portal_spider.feeds``, what a page says from
``portal_spider.pages``, and storing is the pipeline's job. It asks the archive which
articles are known so that a scheduled run fetches only what is new.

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
by the cap) is a crawl_notes row, never a crawl_errors one: those are retried as articles.
"""

from __future__ import annotations

from concurrent.futures import BrokenExecutor
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from itertools import chain
from shlex import quote
from urllib.parse import urljoin

import scrapy
from scrapy.exceptions import IgnoreRequest
from scrapy.http import HtmlResponse
from scrapy.spidermiddlewares.httperror import HttpError

from portal_spider.archive_link import archive_for
from portal_spider.discovery import find_listing_links, url_shape
from portal_spider.extraction_pool import ExtractionPool
from portal_spider.feeds import Entry, feed_links, parse_feed, parse_sitemap, sitemaps_from_robots
from portal_spider.pages import decode_html, join_pages
from portal_spider.portals import Portal, load_portals, portal_from_start_urls


def _flag(value) -> bool:
    return str(value).lower() in ("1", "true", "yes", "on") if value is not None else False


@dataclass
class PortalState:
    """What one run has learnt about one portal so far."""

    walk_all: bool
    stale_pages: int = 0
    article_shapes: set[str] = field(default_factory=set)
    # A sitemap lists every page of a site: its entries wait until listing pages show
    # what an article URL looks like here.
    sitemap_waiting: list[Entry] = field(default_factory=list)
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


# Why a portal's pagination stopped, first that applies.
STOP_REASONS = ("interrupted", "max_listing_pages", "no_new_links", "caught_up", "listing_failed", "last_page")


def inspect_hint(url: str) -> str:
    return f"portal-archive inspect {quote(url)}"


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
        self.state: dict[str, PortalState] = {}
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
        spider.archive = archive_for(crawler)
        spider.stop_after_stale = crawler.settings.getint("LISTING_STOP_AFTER_STALE_PAGES")
        spider.max_listing_pages = crawler.settings.getint("LISTING_MAX_PAGES")
        spider.stop_after_no_new_links = crawler.settings.getint("LISTING_STOP_AFTER_NO_NEW_LINKS")
        spider.use_sitemaps = crawler.settings.getbool("DISCOVER_SITEMAPS")
        spider.extraction = ExtractionPool(crawler.settings.getint("EXTRACTION_WORKERS"))
        return spider

    def closed(self, reason):
        self.extraction.close()
        if reason == "finished" and self.refetched_lastmods:
            self.archive.record_lastmods(self.refetched_lastmods)

    # -- what to fetch first ------------------------------------------------------------

    async def start(self):
        for portal in self.portals:
            previous = self.crawler.portal_previous_status.get(portal.name)
            # A partial run walked its listings (its failed URLs are retried below) unless
            # one of them failed; a first, interrupted or failed one may not have.
            walk_all = (
                self.full or previous not in ("ok", "partial") or self.crawler.portal_listing_failed[portal.name]
            )
            state = self.state[portal.name] = PortalState(walk_all=walk_all)
            for url in portal.start_urls:
                # Start URLs are always read; they count towards the cap.
                state.listing_requests += 1
                yield self._listing_request(url, portal)
            if self.use_sitemaps:
                for url in sorted({urljoin(u, "/robots.txt") for u in portal.start_urls}):
                    yield self._sitemap_request(url, portal, self.parse_robots)
            # What an earlier run discovered but did not archive (killed, or failed).
            leftovers = self.archive.pending_urls(portal.name) + self.archive.failed_urls(portal.name)
            refetch = []
            if self.refresh and not self.refresh_changed:
                refetch = self.archive.known_article_urls(portal.name, self._published_since())
            for url in chain(leftovers, refetch):
                if url not in self.scheduled:
                    yield self._article_request(url, portal)

    def _published_since(self) -> str | None:
        if self.since_days is None:
            return None
        since = datetime.now(timezone.utc) - timedelta(days=self.since_days)
        return since.isoformat(timespec="seconds")

    # -- requests -----------------------------------------------------------------------

    def _listing_request(self, url: str, portal: Portal, pages_without_new_links: int = 0) -> scrapy.Request:
        self.listings_seen.add(url)
        # Listing pages change between runs: the duplicate filter must never swallow them.
        return scrapy.Request(
            url, callback=self.parse_listing, errback=self.on_error, dont_filter=True,
            meta={"portal": portal, "listing": True, "pages_without_new_links": pages_without_new_links},
        )

    def _sitemap_request(self, url: str, portal: Portal, callback) -> scrapy.Request:
        self.state[portal.name].sitemap_requests_pending += 1
        # Read before listing pages: whether to paginate on may depend on them.
        return scrapy.Request(
            url, callback=callback, errback=self.on_sitemap_error, dont_filter=True,
            priority=10, meta={"portal": portal},
        )

    def _feed_request(self, url: str, portal: Portal) -> scrapy.Request:
        self.feeds_seen.add(url)
        return scrapy.Request(
            url, callback=self.parse_feed, errback=self.on_optional_error, dont_filter=True,
            meta={"portal": portal},
        )

    def _article_request(self, url: str, portal: Portal) -> scrapy.Request:
        # self.scheduled, keyed by canonical URL, keeps an article from being requested
        # twice; Scrapy's duplicate filter is bypassed so that a redirect to an article
        # fetched under its own URL still arrives and its URL is recorded as an alias.
        self.scheduled.add(url)
        return scrapy.Request(
            url, callback=self.parse_article_page, errback=self.on_error, dont_filter=True,
            meta={"portal": portal, "article_url": url, "pages": []},
        )

    def _new_articles(self, urls, portal: Portal) -> list[str]:
        """Canonical, same-site, neither archived nor already scheduled; queued durably."""
        canonical = dict.fromkeys(self.archive.canonicalize(url) for url in urls)
        new = [
            url for url in canonical
            if portal.owns(url) and url not in self.scheduled and not self.archive.is_known(url)
        ]
        self.archive.enqueue(new, portal.name)
        self.crawler.stats.inc_value("portal/articles_discovered", len(new))
        return new

    # -- listing pages ------------------------------------------------------------------

    def parse_listing(self, response):
        portal: Portal = response.meta["portal"]
        state = self.state[portal.name]
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
        article_urls = [
            url for url in dict.fromkeys(map(self.archive.canonicalize, links.article_urls))
            if portal.owns(url)
        ]
        state.listing_pages += 1
        if not article_urls:
            self._note(portal, "listing_without_links", response.url,
                       "no article links found on this listing page", hint=inspect_hint(response.url))
        # Traps (a calendar, an endless ?page=N) repeat the links they already showed.
        new_in_run = [url for url in article_urls if url not in state.article_links]
        state.article_links.update(article_urls)
        pages_without_new_links = 0 if new_in_run else response.meta.get("pages_without_new_links", 0) + 1
        # "New" for pagination means not archived: a sitemap may have scheduled it already.
        unarchived = [url for url in article_urls if not self.archive.is_known(url)]
        self.crawler.stats.inc_value("portal/listing_pages")
        for url in self._new_articles(unarchived, portal):
            yield self._article_request(url, portal)
        state.article_shapes.update(url_shape(url) for url in links.article_urls)
        yield from self._sitemap_articles(portal)
        if self.use_sitemaps:
            for url in feed_links(html, response.url):
                if url not in self.feeds_seen and portal.owns(url):
                    yield self._feed_request(url, portal)
        next_urls = [url for url in links.next_page_urls if url not in self.listings_seen and portal.owns(url)]
        if next_urls and 0 < self.stop_after_no_new_links <= pages_without_new_links:
            self._stop(portal, "no_new_links", response.url, (
                f"pagination stopped: {pages_without_new_links} listing pages in a row showed no article link"
                " not seen before in this run (LISTING_STOP_AFTER_NO_NEW_LINKS)"
            ))
            return
        for url in next_urls:
            next_page = self._listing_request(url, portal, pages_without_new_links)
            if state.sitemap_requests_pending and not state.walk_all:
                state.held_next_pages.append((next_page, unarchived, response.url))
            elif self._keep_paginating(state, unarchived) and self._within_cap(portal, response.url):
                yield next_page

    def _keep_paginating(self, state: PortalState, unarchived: list[str]) -> bool:
        if state.walk_all or self.stop_after_stale <= 0:
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

    # -- robots.txt, sitemaps, feeds ----------------------------------------------------

    def parse_robots(self, response):
        portal: Portal = response.meta["portal"]
        sitemaps = sitemaps_from_robots(response.text, response.url) or [
            urljoin(response.url, "/sitemap.xml")
        ]
        for url in sitemaps:
            if portal.owns(url):
                yield self._sitemap_request(url, portal, self.parse_sitemap)
        yield from self._sitemap_request_done(portal)

    def parse_sitemap(self, response):
        portal: Portal = response.meta["portal"]
        state = self.state[portal.name]
        sitemap = parse_sitemap(response.body, response.url)
        for url in sitemap.child_sitemaps:
            if portal.owns(url):
                yield self._sitemap_request(url, portal, self.parse_sitemap)
        state.sitemap_waiting.extend(sitemap.entries)
        yield from self._sitemap_articles(portal)
        lastmods = {
            self.archive.canonicalize(entry.url): entry.lastmod for entry in sitemap.entries if entry.lastmod
        }
        # A recorded lastmod is that of the version archived: an archived article's new
        # lastmod is recorded only once this run has re-fetched it (a failed re-fetch
        # stays in crawl_errors and is retried); other runs leave the change for --changed.
        changed = set(self.archive.lastmod_changed(lastmods))
        if self.refresh_changed:
            for url in changed:
                self.refetched_lastmods[url] = lastmods[url]
                if url not in self.scheduled:
                    yield self._article_request(url, portal)
        self.archive.record_lastmods({url: lastmod for url, lastmod in lastmods.items() if url not in changed})
        yield from self._sitemap_request_done(portal)

    def _sitemap_request_done(self, portal: Portal):
        self.state[portal.name].sitemap_requests_pending -= 1
        yield from self._sitemap_articles(portal)
        yield from self._release_held_pages(portal)

    def _sitemap_articles(self, portal: Portal):
        state = self.state[portal.name]
        ready = [e.url for e in state.sitemap_waiting if url_shape(e.url) in state.article_shapes]
        state.sitemap_waiting = [
            e for e in state.sitemap_waiting if url_shape(e.url) not in state.article_shapes
        ]
        state.sitemap_articles.update(self.archive.canonicalize(url) for url in ready)
        for url in self._new_articles(ready, portal):
            yield self._article_request(url, portal)

    def parse_feed(self, response):
        portal: Portal = response.meta["portal"]
        urls = [entry.url for entry in parse_feed(response.body, response.url)]
        for url in self._new_articles(urls, portal):
            yield self._article_request(url, portal)

    def on_sitemap_error(self, failure):
        portal: Portal = failure.request.meta["portal"]
        self.crawler.stats.inc_value("portal/sitemap_misses")
        if failure.request.url.endswith("/robots.txt"):
            # No robots.txt: the sitemap may still be at the conventional place.
            yield self._sitemap_request(urljoin(failure.request.url, "/sitemap.xml"), portal, self.parse_sitemap)
        yield from self._sitemap_request_done(portal)

    def on_optional_error(self, failure):
        self.crawler.stats.inc_value("portal/feed_misses")

    # -- article pages ------------------------------------------------------------------

    async def parse_article_page(self, response):
        portal: Portal = response.meta["portal"]
        try:
            page = await self.extraction.extract(
                response.body,
                response.headers.get("Content-Type", b"").decode("latin-1"),
                response.url,
                portal.extraction,
            )
        except BrokenExecutor as error:
            # A worker died (out of memory, killed): the page stays queued for the next run.
            self._record_failure(response.meta["article_url"], portal, f"BrokenExecutor: {error}")
            return
        pages = response.meta["pages"] + [page]
        fetched = {p.url for p in pages} | {response.url}
        queued = response.meta.get("page_queue", [])
        queued = queued + [u for u in page.page_urls if u not in fetched and u not in queued]
        first_redirects = response.meta.get("first_redirects", response.meta.get("redirect_urls", []))
        if queued:
            # Further pages are fetched one after another so they join in reading order.
            yield response.request.replace(
                url=queued[0],
                dont_filter=True,
                meta={"portal": portal, "article_url": response.meta["article_url"], "pages": pages,
                      "page_queue": queued[1:], "first_redirects": first_redirects},
            )
            return
        article = join_pages(pages)
        article.url = pages[0].url
        article.portal = portal.name
        article.fetched_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
        requested = response.meta["article_url"]
        article.alias_urls = [
            url for url in dict.fromkeys([requested, *first_redirects]) if url != article.url
        ]
        yield article

    # -- failures -----------------------------------------------------------------------

    def on_error(self, failure):
        request = failure.request
        portal: Portal = request.meta["portal"]
        listing = request.meta.get("listing", False)
        if failure.check(IgnoreRequest) and not failure.check(HttpError):
            # Forbidden by robots.txt or filtered on purpose: not a failure to retry.
            self.crawler.stats.inc_value("portal/ignored_requests")
            if listing:
                self.state[portal.name].listing_failures += 1
                self._note(portal, "listing_forbidden", request.url,
                           f"listing page not fetched: {failure.getErrorMessage()}"[:300])
            return
        if failure.check(HttpError):
            error = str(failure.value.response.status)
        else:
            error = f"{failure.type.__name__}: {failure.getErrorMessage()}"[:300]
        if listing:
            self.state[portal.name].listing_failures += 1
            self.crawler.stats.inc_value("portal/errors")
            reason = f"HTTP {error}" if failure.check(HttpError) else error
            self._note(portal, "listing_failed", request.url, f"listing page failed: {reason}")
            return
        self._record_failure(request.meta.get("article_url", request.url), portal, error)

    def _record_failure(self, url: str, portal: Portal, error: str) -> None:
        self.archive.record_error(self.crawler.portal_run_id, url, error, portal.name)
        self.crawler.stats.inc_value("portal/errors")
        self.logger.warning("failed %s: %s", url, error)

    # -- what the run says about each portal --------------------------------------------

    def _note(self, portal: Portal, kind: str, url: str, reason: str, hint: str | None = None) -> None:
        self.archive.record_note(self.crawler.portal_run_id, kind, reason, portal=portal.name, url=url, hint=hint)
        self.logger.warning("%s %s: %s", portal.name, url, reason)

    def _stop(self, portal: Portal, reason_key: str, url: str, reason: str, hint: str | None = None) -> None:
        """Pagination stopped by a cap: noted once per portal and run."""
        state = self.state[portal.name]
        if reason_key not in state.stops:
            state.stops.add(reason_key)
            self._note(portal, reason_key, url, reason, hint)

    def portal_reports(self, finished: bool) -> list[dict]:
        """Per portal: listing pages read, distinct article links on them, why pagination stopped.

        A finished run notes each portal whose listings showed no article link at all.
        """
        reports = []
        for portal in self.portals:
            state = self.state.get(portal.name) or PortalState(walk_all=True)
            stops = set(state.stops) | {"last_page"}
            if not finished:
                stops.add("interrupted")
            if state.listing_failures:
                stops.add("listing_failed")
            if finished and not state.article_links:
                start = portal.start_urls[0]
                if state.listing_pages:
                    reason = f"no article link on any of the portal's listing pages ({state.listing_pages} read)"
                else:
                    reason = "none of the portal's start URLs could be read as a listing page"
                self._note(portal, "portal_without_links", start, reason, hint=inspect_hint(start))
            reports.append({
                "portal": portal.name,
                "listing_pages": state.listing_pages,
                "article_links": len(state.article_links),
                "stop_reason": next(reason for reason in STOP_REASONS if reason in stops),
            })
        return reports
