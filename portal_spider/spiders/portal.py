"""The one generic spider: listing pages → article pages (and their further pages).

It only discovers and schedules: which links to follow comes from
``portal_spider.discovery``, what a page says from ``portal_spider.pages``, and storing is
the pipeline's job. It asks the archive which articles are known so that a scheduled run
fetches only what is new.

Run it as ``portal-archive crawl`` or ``scrapy crawl portal -a start_url=URL``
(``-a config=portals.toml -a names=a,b``, ``-a full=1``, ``-a refresh=1``,
``-a since=DAYS``).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from urllib.parse import urljoin

import scrapy
from scrapy.exceptions import IgnoreRequest
from scrapy.spidermiddlewares.httperror import HttpError

from portal_spider.archive_link import archive_for
from portal_spider.discovery import find_listing_links, url_shape
from portal_spider.feeds import Entry, feed_links, parse_feed, parse_sitemap, sitemaps_from_robots
from portal_spider.pages import decode_html, join_pages, parse_article
from portal_spider.portals import Portal, load_portals, portal_from_start_urls

LISTING, ARTICLE, SITEMAP = "listing", "article", "sitemap"


def _flag(value) -> bool:
    return str(value).lower() in ("1", "true", "yes", "on") if value is not None else False


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
        self.listings_seen: set[str] = set()
        self.stale_listing_pages: dict[str, int] = {}
        self.feeds_seen: set[str] = set()
        # Sitemap entries wait until listing pages show what an article URL looks like on
        # this portal: a sitemap lists every page of a site, not just articles.
        self.sitemap_entries: dict[str, list[Entry]] = {}
        self.article_shapes: dict[str, set[str]] = {}
        self.scheduled: set[str] = set()

    @classmethod
    def from_crawler(cls, crawler, *args, **kwargs):
        spider = super().from_crawler(crawler, *args, **kwargs)
        spider.archive = archive_for(crawler)
        spider.stop_after_stale = crawler.settings.getint("LISTING_STOP_AFTER_STALE_PAGES")
        spider.use_sitemaps = crawler.settings.getbool("DISCOVER_SITEMAPS")
        return spider

    # -- scheduling -------------------------------------------------------------------

    async def start(self):
        for portal in self.portals:
            previous = self.crawler.portal_previous_status.get(portal.name)
            walk_all = self.full or previous not in (None, "ok")
            for url in portal.start_urls:
                yield self._listing_request(url, portal, walk_all)
            if self.use_sitemaps:
                for url in sorted({self._site_root(u) + "robots.txt" for u in portal.start_urls}):
                    yield self._discovery_request(url, portal, self.parse_robots)
            # What an earlier run discovered but did not archive (killed, or failed).
            leftovers = self.archive.pending_urls(portal.name) + self.archive.failed_urls(portal.name)
            for url in dict.fromkeys(leftovers):
                yield self._article_request(url, portal)
            if self.refresh:
                for url in self.archive.known_article_urls(portal.name, self._published_since()):
                    yield self._article_request(url, portal, refetch=True)

    def _published_since(self) -> str | None:
        if self.since_days is None:
            return None
        since = datetime.now(timezone.utc) - timedelta(days=self.since_days)
        return since.isoformat(timespec="seconds")

    def _listing_request(self, url: str, portal: Portal, walk_all: bool) -> scrapy.Request:
        self.listings_seen.add(url)
        # Listing pages change between runs: the duplicate filter must never swallow them.
        return scrapy.Request(
            url,
            callback=self.parse_listing,
            errback=self.on_error,
            dont_filter=True,
            meta={"portal": portal, "kind": LISTING, "walk_all": walk_all},
        )

    @staticmethod
    def _site_root(url: str) -> str:
        return urljoin(url, "/")

    def _discovery_request(self, url: str, portal: Portal, callback) -> scrapy.Request:
        # robots.txt, sitemaps and feeds are optional: their absence is no crawl error.
        return scrapy.Request(
            url, callback=callback, errback=self.on_discovery_error, dont_filter=True,
            meta={"portal": portal, "kind": SITEMAP},
        )

    def _article_request(self, url: str, portal: Portal, refetch: bool = False) -> scrapy.Request:
        self.scheduled.add(url)
        return scrapy.Request(
            url,
            callback=self.parse_article_page,
            errback=self.on_error,
            dont_filter=refetch,
            meta={"portal": portal, "kind": ARTICLE, "article_url": url, "pages": []},
        )

    # -- callbacks --------------------------------------------------------------------

    def parse_listing(self, response):
        portal: Portal = response.meta["portal"]
        html = decode_html(response.body, response.headers.get("Content-Type", b"").decode("latin-1"))
        links = find_listing_links(
            html, response.url, portal.article_link_selector, portal.next_page_selector
        )
        article_urls = [
            url for url in dict.fromkeys(map(self.archive.canonicalize, links.article_urls))
            if portal.owns(url)
        ]
        # "New" for pagination means not archived: a sitemap may have scheduled it already.
        unarchived = [url for url in article_urls if not self.archive.is_known(url)]
        self.crawler.stats.inc_value("portal/listing_pages")
        for url in self._new_articles(unarchived, portal):
            yield self._article_request(url, portal)
        shapes = self.article_shapes.setdefault(portal.name, set())
        shapes.update(url_shape(url) for url in article_urls)
        yield from self._sitemap_articles(portal)
        if self.use_sitemaps:
            for url in feed_links(html, response.url):
                if url not in self.feeds_seen and portal.owns(url):
                    self.feeds_seen.add(url)
                    yield self._discovery_request(url, portal, self.parse_feed)
        if self._keep_paginating(portal, response.meta["walk_all"], bool(unarchived)):
            for url in links.next_page_urls:
                if url not in self.listings_seen and portal.owns(url):
                    yield self._listing_request(url, portal, response.meta["walk_all"])

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

    def parse_robots(self, response):
        portal: Portal = response.meta["portal"]
        sitemaps = sitemaps_from_robots(response.text, response.url) or [
            urljoin(response.url, "/sitemap.xml")
        ]
        for url in sitemaps:
            if portal.owns(url):
                yield self._discovery_request(url, portal, self.parse_sitemap)

    def parse_sitemap(self, response):
        portal: Portal = response.meta["portal"]
        sitemap = parse_sitemap(response.body, response.url)
        for url in sitemap.child_sitemaps:
            if portal.owns(url):
                yield self._discovery_request(url, portal, self.parse_sitemap)
        self.sitemap_entries.setdefault(portal.name, []).extend(sitemap.entries)
        yield from self._sitemap_articles(portal)

    def _sitemap_articles(self, portal: Portal):
        entries = self.sitemap_entries.get(portal.name, [])
        shapes = self.article_shapes.get(portal.name, set())
        waiting = [entry for entry in entries if url_shape(entry.url) not in shapes]
        ready = [entry.url for entry in entries if url_shape(entry.url) in shapes]
        self.sitemap_entries[portal.name] = waiting
        for url in self._new_articles(ready, portal):
            yield self._article_request(url, portal)

    def parse_feed(self, response):
        portal: Portal = response.meta["portal"]
        urls = [entry.url for entry in parse_feed(response.body, response.url)]
        for url in self._new_articles(urls, portal):
            yield self._article_request(url, portal)

    def on_discovery_error(self, failure):
        self.crawler.stats.inc_value("portal/discovery_misses")

    def _keep_paginating(self, portal: Portal, walk_all: bool, brought_new: bool) -> bool:
        if walk_all or self.stop_after_stale <= 0:
            return True
        stale = 0 if brought_new else self.stale_listing_pages.get(portal.name, 0) + 1
        self.stale_listing_pages[portal.name] = stale
        return stale < self.stop_after_stale

    def parse_article_page(self, response):
        portal: Portal = response.meta["portal"]
        html = decode_html(response.body, response.headers.get("Content-Type", b"").decode("latin-1"))
        page = parse_article(html, response.url, portal.extraction_options())
        pages = response.meta["pages"] + [page]
        fetched = {p.url for p in pages} | {response.url}
        queued = response.meta.get("page_queue", [])
        queued = queued + [u for u in page.page_urls if u not in fetched and u not in queued]
        if queued:
            # Further pages are fetched one after another so they join in reading order.
            article_meta = {key: response.meta[key] for key in ("portal", "kind", "article_url")}
            yield response.request.replace(
                url=queued[0],
                dont_filter=True,
                meta={**article_meta, "pages": pages, "page_queue": queued[1:],
                      "first_redirects": response.meta.get("first_redirects", response.meta.get("redirect_urls", []))},
            )
            return
        article = join_pages(pages)
        first = pages[0]
        article.url = first.url
        article.portal = portal.name
        article.fetched_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
        requested = response.meta["article_url"]
        redirects = response.meta.get("first_redirects") if len(pages) > 1 else response.meta.get("redirect_urls")
        article.alias_urls = [u for u in dict.fromkeys([requested, *(redirects or [])]) if u != first.url]
        yield article

    def on_error(self, failure):
        request = failure.request
        if failure.check(IgnoreRequest) and not failure.check(HttpError):
            # Forbidden by robots.txt or filtered on purpose: not a failure to retry.
            self.crawler.stats.inc_value("portal/ignored_requests")
            return
        if failure.check(HttpError):
            error = str(failure.value.response.status)
        else:
            error = f"{failure.type.__name__}: {failure.getErrorMessage()}"[:300]
        url = request.meta.get("article_url", request.url)
        portal: Portal = request.meta["portal"]
        self.archive.record_error(self.crawler.portal_run_id, url, error, portal.name)
        self.crawler.stats.inc_value("portal/errors")
        self.logger.warning("failed %s: %s", url, error)
