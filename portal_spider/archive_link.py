"""One Archive per crawler, shared by the spider, the pipeline and the run recorder.

SQLite is written from Scrapy's reactor thread only, so one connection serves them all.
"""

from __future__ import annotations

from storage import Archive


def archive_for(crawler) -> Archive:
    archive = getattr(crawler, "portal_archive", None)
    if archive is None:
        settings = crawler.settings
        archive = Archive(
            settings.get("ARCHIVE_PATH"),
            tracking_params=settings.getlist("ARCHIVE_TRACKING_PARAMS") or None,
        )
        crawler.portal_archive = archive
    return archive
