"""Portals to crawl: declared in portals.toml, or made on the fly from start URLs.

A portal is one site. ``portals.toml`` holds one table per portal::

    [portals.yongchuang]
    start_urls = ["https://www.example.com/gonglue/"]   # required
    article_link_selector = "ul.list a.title"           # optional CSS overrides
    next_page_selector = "div.pager a.next"
    title_selector = "h1"
    author_selector = ".info .author"
    date_selector = ".info time"
    body_selector = "div.content"
    timezone = "Asia/Shanghai"                          # naive dates are read in it
    max_listing_pages = 200                             # instead of LISTING_MAX_PAGES
    max_article_pages = 20                              # instead of ARTICLE_MAX_PAGES
    max_response_bytes = 10_000_000                     # instead of DOWNLOAD_MAXSIZE
    max_redirects = 5                                   # instead of REDIRECT_MAX_TIMES
    max_url_length = 4000                               # instead of URLLENGTH_LIMIT
    hosts = ["news.example.com"]                        # other hosts its articles live on

Every ``*_selector`` must be a CSS selector lxml can compile: a bad one is a
PortalConfigError when the file is loaded, not a surprise mid-crawl.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import tldextract
from lxml.cssselect import CSSSelector, SelectorError

from portal_spider.pages.options import ExtractionOptions


class PortalConfigError(ValueError):
    """portals.toml or a start URL is not usable; the message is one line for the user."""


@dataclass(frozen=True)
class Portal:
    name: str
    start_urls: tuple[str, ...]
    article_link_selector: str | None = None
    next_page_selector: str | None = None
    # Most listing pages one run reads for this portal (None: the LISTING_MAX_PAGES setting).
    max_listing_pages: int | None = None
    # The same for pages per article, body bytes, redirects in a row and URL length
    # (None: ARTICLE_MAX_PAGES, DOWNLOAD_MAXSIZE, REDIRECT_MAX_TIMES, URLLENGTH_LIMIT).
    max_article_pages: int | None = None
    max_response_bytes: int | None = None
    max_redirects: int | None = None
    max_url_length: int | None = None
    # Field selectors and time zone for its article pages, as the page parser takes them.
    extraction: ExtractionOptions = field(default_factory=ExtractionOptions)
    # Other hosts (with port, if not the default) the portal's pages live on.
    hosts: tuple[str, ...] = ()
    sites: frozenset[str] = field(default=frozenset(), compare=False)

    domains: frozenset[str] = field(default=frozenset(), compare=False)

    def __post_init__(self):
        # The crawl never leaves the sites of the start URLs and of the declared hosts,
        # nor their registrable domains (news.163.com belongs with www.163.com).
        urls = [*self.start_urls, *(f"http://{host}/" for host in self.hosts)]
        object.__setattr__(self, "sites", frozenset(site_of(url) for url in urls))
        object.__setattr__(self, "domains", frozenset(domain_of(url) for url in urls) - {None})

    def request_limits(self) -> dict[str, int]:
        """Its limits that requests carry to the middlewares (Scrapy's meta keys where it has them)."""
        limits = {"download_maxsize": self.max_response_bytes, "max_redirects": self.max_redirects,
                  "max_url_length": self.max_url_length}
        return {key: value for key, value in limits.items() if value is not None}

    def owns(self, url: str) -> bool:
        try:
            return site_of(url) in self.sites or domain_of(url) in self.domains
        except ValueError:  # a port past 65535: no site at all
            return False


LISTING_KEYS = {"article_link_selector", "next_page_selector"}
LIMIT_KEYS = ("max_listing_pages", "max_article_pages", "max_response_bytes", "max_redirects", "max_url_length")
# Every extraction option but the fetch time, which is the crawl's, not the portal's.
EXTRACTION_KEYS = {f.name for f in fields(ExtractionOptions)} - {"fetched_at"}
_HOST = re.compile(r"^[A-Za-z0-9.-]+(:\d{1,5})?$")


def _is_host(text: str) -> bool:
    try:
        return bool(_HOST.match(text)) and bool(site_of(f"http://{text}/"))
    except ValueError:  # a port past 65535
        return False

UTC_OFFSET = re.compile(r"^[+-]\d{2}:?\d{2}$")
OPTIONAL_KEYS = LISTING_KEYS | EXTRACTION_KEYS
SELECTOR_KEYS = {key for key in OPTIONAL_KEYS if key.endswith("_selector")}


def site_of(url: str) -> str:
    """The site a URL belongs to: lower-cased host with its port, ``www.`` ignored."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    default_port = {"http": 80, "https": 443}.get(parts.scheme)
    port = parts.port if parts.port not in (None, default_port) else None
    return f"{host}:{port}" if port else host


# The public suffix list bundled with tldextract: no download, no cache file shared with
# other processes.
_PUBLIC_SUFFIXES = tldextract.TLDExtract(cache_dir=None, suffix_list_urls=(), include_psl_private_domains=True)


@functools.lru_cache(maxsize=4096)
def _registrable_domain(host: str) -> str:
    return _PUBLIC_SUFFIXES(host).top_domain_under_public_suffix


def domain_of(url: str) -> str | None:
    """The registrable domain of a URL's host, with its port: ``163.com`` for
    ``news.163.com``, ``user.blogspot.com`` for itself (a private suffix); None for an IP
    address or a host under no known public suffix (``localhost``, ``portal.test``)."""
    parts = urlsplit(url)
    domain = _registrable_domain(parts.hostname or "")
    if not domain:
        return None
    default_port = {"http": 80, "https": 443}.get(parts.scheme)
    port = parts.port if parts.port not in (None, default_port) else None
    return f"{domain}:{port}" if port else domain


def check_start_url(url: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise PortalConfigError(f"not an http(s) URL: {url!r}")
    return url


def portal_from_start_urls(start_urls: list[str]) -> list[Portal]:
    """Zero-config portals: one per site among the start URLs, named after the site."""
    by_site: dict[str, list[str]] = {}
    for url in start_urls:
        by_site.setdefault(site_of(check_start_url(url)), []).append(url)
    return [Portal(name=site, start_urls=tuple(urls)) for site, urls in by_site.items()]


def load_portals(path: str | Path, names: list[str] | None = None) -> list[Portal]:
    """Read portals.toml; with ``names``, only those portals (in that order)."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PortalConfigError(f"config file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise PortalConfigError(f"cannot read config file {path}: {error}") from None
    except tomllib.TOMLDecodeError as error:
        raise PortalConfigError(f"{path} is not valid TOML: {error}") from None
    tables = data.get("portals")
    if not isinstance(tables, dict) or not tables:
        raise PortalConfigError(f"{path} declares no [portals.NAME] table")
    portals = {name: _portal_from_table(path, name, table) for name, table in tables.items()}
    if not names:
        return list(portals.values())
    unknown = [name for name in names if name not in portals]
    if unknown:
        raise PortalConfigError(
            f"no portal named {', '.join(unknown)} in {path} (it has: {', '.join(portals)})"
        )
    return [portals[name] for name in names]


def _portal_from_table(path: Path, name: str, table) -> Portal:
    where = f"{path} [portals.{name}]"
    if not isinstance(table, dict):
        raise PortalConfigError(f"{where} must be a table")
    unknown = set(table) - OPTIONAL_KEYS - {"start_urls", "hosts", *LIMIT_KEYS}
    if unknown:
        raise PortalConfigError(f"{where}: unknown setting {', '.join(sorted(unknown))}")
    start_urls = table.get("start_urls")
    if isinstance(start_urls, str):
        start_urls = [start_urls]
    if not start_urls or not all(isinstance(url, str) for url in start_urls):
        raise PortalConfigError(f"{where}: start_urls must be a non-empty list of URLs")
    for key in set(table) & OPTIONAL_KEYS:
        if not isinstance(table[key], str):
            raise PortalConfigError(f"{where}: {key} must be a string")
    for key in sorted(set(table) & SELECTOR_KEYS):
        try:
            CSSSelector(table[key])
        except SelectorError as error:
            detail = " ".join(str(error).split())
            raise PortalConfigError(f"{where}: {key} is not a valid CSS selector: {table[key]!r} ({detail})") from None
    for key in LIMIT_KEYS:
        value = table.get(key)
        if key in table and (type(value) is not int or value < 1):
            what = {"max_response_bytes": "bytes", "max_redirects": "redirects",
                    "max_url_length": "characters"}.get(key, "pages")
            raise PortalConfigError(f"{where}: {key} must be a whole number of {what}, 1 or more")
    hosts = table.get("hosts", [])
    if not isinstance(hosts, list) or not all(isinstance(h, str) and _is_host(h) for h in hosts):
        raise PortalConfigError(f"{where}: hosts must be a list of host names such as \"news.example.com\"")
    try:
        for url in start_urls:
            check_start_url(url)
    except PortalConfigError as error:
        raise PortalConfigError(f"{where}: {error}") from None
    if "timezone" in table and not _is_timezone(table["timezone"]):
        raise PortalConfigError(f"{where}: unknown timezone {table['timezone']!r} (use e.g. Asia/Shanghai or +08:00)")
    return Portal(
        name=name,
        start_urls=tuple(start_urls),
        **{key: table[key] for key in LIMIT_KEYS if key in table},
        hosts=tuple(hosts),
        extraction=ExtractionOptions(**{key: table[key] for key in EXTRACTION_KEYS if key in table}),
        **{key: table[key] for key in LISTING_KEYS if key in table},
    )


def _is_timezone(name: str) -> bool:
    if UTC_OFFSET.match(name):
        return True
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True
