"""Scrapy settings for portal-archive: polite by default.

Every value here can be overridden per run with ``-s NAME=VALUE`` (``portal-archive crawl``
and ``scrapy crawl`` alike). Guide portals are small sites run on small budgets, so the
defaults favour being welcome over being fast.
"""

BOT_NAME = "portal_spider"
SPIDER_MODULES = ["portal_spider.spiders"]
NEWSPIDER_MODULE = "portal_spider.spiders"

# Say who we are and where to complain; many portals block anonymous crawlers.
USER_AGENT = "portal-archive/0.1 (+https://github.com/portal-archive/portal-archive)"

# Polite defaults: obey robots.txt, let AutoThrottle adapt to the server's latency,
# never hit one site with more than two requests at a time, and pause between requests.
ROBOTSTXT_OBEY = True
AUTOTHROTTLE_ENABLED = True
AUTOTHROTTLE_START_DELAY = 1.0
AUTOTHROTTLE_MAX_DELAY = 30.0
AUTOTHROTTLE_TARGET_CONCURRENCY = 1.0
CONCURRENT_REQUESTS = 16
CONCURRENT_REQUESTS_PER_DOMAIN = 2
DOWNLOAD_DELAY = 0.5
DOWNLOAD_DELAY_JITTER = 0.5  # ±50%, so requests do not tick like a metronome
DOWNLOAD_TIMEOUT = 30

# Transient failures (503 under load, timeouts) are retried a few times within the run;
# what still fails lands in crawl_errors and is retried by the next run.
RETRY_ENABLED = True
RETRY_TIMES = 2

# A callback yields one article or a listing's few dozen links; Scrapy's default of 100
# starts 100 asyncio tasks per response to process them, which costs more than it helps
# (the crawl benchmark ran faster at 4).
CONCURRENT_ITEMS = 4

# Cookies are not needed to read articles and only make crawls stateful.
COOKIES_ENABLED = False
TELNETCONSOLE_ENABLED = False

ITEM_PIPELINES = {
    "portal_spider.pipelines.ArchivePipeline": 300,
}
EXTENSIONS = {
    "portal_spider.extensions.RunRecorder": 500,
    "portal_spider.extensions.LiveProgress": 510,
    "portal_spider.warc.WarcRecorder": 520,
}
# The live progress line; portal-archive crawl turns it on when stderr is a terminal.
PROGRESS_LIVE = False

# Where the archive lives; ``portal-archive crawl --db`` sets it.
ARCHIVE_PATH = "archive.db"
# Most articles the writer stores in one transaction when they queue up faster than it
# saves them one by one (group commit; 1 commits every article alone).
ARCHIVE_MAX_BATCH = 64
# Tracking parameters dropped from URLs before they are compared (None: the library's list).
ARCHIVE_TRACKING_PARAMS = None
# Incremental crawling: stop paginating after this many listing pages in a row bring no
# new article (0 walks every page, like --full).
LISTING_STOP_AFTER_STALE_PAGES = 1
# Pagination traps (calendars, endless ?page=N) end by themselves, on every run: at most
# this many listing pages per portal and run (0: no cap; portals.toml's max_listing_pages
# overrides it per portal), and a stop after this many listing pages in a row show no
# article link not already seen in this run (0: never). A run cut at the cap is partial.
LISTING_MAX_PAGES = 1000
LISTING_STOP_AFTER_NO_NEW_LINKS = 3
# Bounded work: no page, redirect or link may make a crawl endless or huge. Each limit hit
# is recorded with the URL and the limit's name (crawl_errors for an article not archived,
# crawl_notes otherwise); portals.toml overrides each per portal (in brackets).
# Pages of one article (its continuation pages); the first this many are archived, with a
# note (max_article_pages).
ARTICLE_MAX_PAGES = 50
# Largest body, counted after decompression: a longer download is aborted, a gzip bomb
# stops decompressing there (max_response_bytes). Scrapy's default is 1 GiB.
DOWNLOAD_MAXSIZE = 5 * 1024 * 1024
DOWNLOAD_WARNSIZE = 2 * 1024 * 1024
# Redirects (and <head> refreshes) in a row before giving up (max_redirects; Scrapy's: 20).
REDIRECT_MAX_TIMES = 10
# Longest URL followed (max_url_length); Scrapy's default.
URLLENGTH_LIMIT = 2083
# A 429 or 503 with Retry-After pauses that site for as long as it asks, at most this many
# seconds (0: Retry-After is ignored).
RETRY_AFTER_MAX = 60.0

# Scrapy's redirect, refresh, decompression and URL length middlewares, replaced by ones
# that stay on the portal's site, take per-portal limits and record every limit they hit
# (portal_spider.middlewares).
DOWNLOADER_MIDDLEWARES = {
    "scrapy.downloadermiddlewares.redirect.RedirectMiddleware": None,
    "scrapy.downloadermiddlewares.redirect.MetaRefreshMiddleware": None,
    "scrapy.downloadermiddlewares.httpcompression.HttpCompressionMiddleware": None,
    "portal_spider.middlewares.RetryAfter": 560,
    "portal_spider.middlewares.HeadMetaRefreshMiddleware": 580,
    "portal_spider.middlewares.BoundedDecompression": 590,
    "portal_spider.middlewares.SiteRedirectMiddleware": 600,
}
SPIDER_MIDDLEWARES = {
    "scrapy.spidermiddlewares.urllength.UrlLengthMiddleware": None,
    "portal_spider.middlewares.RecordedUrlLength": 800,
}

# Also discover articles from the sitemaps named in robots.txt (else /sitemap.xml) and
# from RSS/Atom feeds linked on listing pages.
DISCOVER_SITEMAPS = True

# Worker processes that parse article pages while the crawl process fetches and stores;
# 0 parses in the crawl process. One is enough on small machines: the crawl process
# itself keeps a core busy.
EXTRACTION_WORKERS = 1

LOG_LEVEL = "INFO"
FEED_EXPORT_ENCODING = "utf-8"

# Every listing, article and further article page received is kept in WARC files
# (portal_spider.warc): in WARC_DIR, else a folder beside the archive (<db>.warc), a new
# file every run and every WARC_MAX_BYTES. portal-archive crawl --no-warc turns it off.
WARC_ENABLED = True
WARC_DIR = None
WARC_MAX_BYTES = 1_000_000_000
# A worker of a distributed crawl (portal-archive crawl --redis URL): stop once the shared
# frontier has stayed empty this many seconds.
REDIS_IDLE_SECONDS = 10
