"""One Archive per crawler for the reactor thread, shared by the spider and the run recorder.

The pipeline's writer thread opens its own (SQLite connections belong to one thread).
"""

from __future__ import annotations

from storage import Archive


def open_archive(settings) -> Archive:
    return Archive(
        settings.get("ARCHIVE_PATH"),
        tracking_params=settings.getlist("ARCHIVE_TRACKING_PARAMS") or None,
    )


def archive_for(crawler) -> Archive:
    archive = getattr(crawler, "portal_archive", None)
    if archive is None:
        archive = crawler.portal_archive = open_archive(crawler.settings)
    return archive
