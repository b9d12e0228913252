"""Run one crawl in this process: Scrapy settings, the spider, and the run record it leaves."""

from __future__ import annotations

from scrapy.crawler import CrawlerProcess
from scrapy.settings import Settings

from portal_spider.extensions import RunRecorder
from portal_spider.portals import Portal
from portal_spider.spiders.portal import PortalSpider


class SettingError(ValueError):
    """A ``-s NAME=VALUE`` that is not of that form."""


def project_settings(db_path: str, overrides: list[str] = ()) -> Settings:
    """portal_spider.settings, then ``-s NAME=VALUE`` overrides, as ``scrapy crawl -s`` does."""
    settings = Settings()
    settings.setmodule("portal_spider.settings", priority="project")
    settings.set("ARCHIVE_PATH", str(db_path), priority="cmdline")
    for override in overrides:
        name, sep, value = override.partition("=")
        if not sep or not name.strip():
            raise SettingError(f"-s takes NAME=VALUE, got {override!r}")
        settings.set(name.strip(), value, priority="cmdline")
    return settings


def run_crawl(
    portals: list[Portal],
    settings: Settings,
    *,
    full: bool = False,
    refresh: bool = False,
    since_days: float | None = None,
    changed: bool = False,
) -> int | None:
    """Crawl the portals into the archive named by ARCHIVE_PATH; returns the run id."""
    process = CrawlerProcess(settings)
    crawler = process.create_crawler(PortalSpider)
    process.crawl(
        crawler, portals=portals, full=full, refresh=refresh, since=since_days, changed=changed
    )
    process.start()
    try:
        run = crawler.get_extension(RunRecorder)
    except RuntimeError:  # the crawl never got as far as its extensions
        return None
    return run.run_id if run else None
