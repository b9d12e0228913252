"""Re-extraction: the current extraction run over the archived articles' stored pages.

The pages of an article's latest fetch (``raw_pages``) are read back from the WARC files,
each parsed as the crawl parsed it (the same function, the same URL and fetch time, the
portal's options from portals.toml), joined as in a crawl, and stored through
:meth:`storage.Archive.reextract_many`: a re-extraction, not a revision. Offline.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone

from portal_spider.extraction_pool import extract_page
from portal_spider.pages import ExtractionOptions, join_pages
from portal_spider.pages.version import extractor_version
from storage import Archive, Article
from storage.article import published_at_problem
from storage.raw_pages import StoredPage
from storage.warc import WarcReadError, payload_digest, read_record, responses

BATCH = 64  # articles stored in one transaction


@dataclass
class ReextractReport:
    articles: int = 0  # archived articles looked at
    without_pages: int = 0  # no stored pages: archived before WARC files were kept, or with --no-warc
    empty: int = 0  # the extraction found neither title nor text: the stored fields are kept
    changed: int = 0  # articles with at least one changed field
    fields: Counter = field(default_factory=Counter)  # field -> articles in which it changed
    failures: list[tuple[str, str]] = field(default_factory=list)  # (url, why) pages unreadable or unparsed


class PageUnreadable(Exception):
    pass


def reextract_archive(
    archive: Archive,
    portals: list[str] | None = None,
    since_days: float | None = None,
    options: dict[str, ExtractionOptions] | None = None,
    warc_dir: str | None = None,
    dry_run: bool = False,
) -> ReextractReport:
    """Re-extract the archived articles of ``portals`` (all when None) fetched in the last
    ``since_days`` days (all when None). ``options``: extraction options by portal name
    (portals.toml's); ``warc_dir``: where to look for a WARC file no longer at the path
    recorded (default: the folder beside the archive)."""
    report = ReextractReport()
    version = extractor_version()
    folder = warc_dir or f"{archive.path}.warc"
    batch: list[tuple[int, Article]] = []
    for article_id, portal, url in _articles(archive, portals, since_days):
        report.articles += 1
        pages = archive.raw_pages.latest_fetch(article_id)
        if not pages:
            report.without_pages += 1
            continue
        try:
            article = _extract(pages, (options or {}).get(portal) or ExtractionOptions(), folder)
        except PageUnreadable as error:
            report.failures.append((url, str(error)))
            continue
        if not ((article.title or "").strip() or article.body_text.strip()):
            report.empty += 1
            continue
        article.portal = portal
        batch.append((article_id, article))
        if len(batch) >= BATCH:
            _store(archive, batch, version, dry_run, report)
            batch = []
    if batch:
        _store(archive, batch, version, dry_run, report)
    return report


def _articles(archive: Archive, portals: list[str] | None, since_days: float | None) -> Iterator[tuple[int, str, str]]:
    since = None
    if since_days is not None:
        since = (datetime.now(timezone.utc) - timedelta(days=since_days)).isoformat(timespec="seconds")
    rows = archive.db.execute(
        """SELECT id, portal, url FROM articles
           WHERE (:all_portals OR portal IN (SELECT value FROM json_each(:portals)))
             AND (:since IS NULL OR datetime(fetched_at) >= datetime(:since))
           ORDER BY id""",
        {"all_portals": not portals, "portals": json.dumps(portals or [], ensure_ascii=False), "since": since},
    ).fetchall()
    yield from rows


def _extract(pages: list[StoredPage], options: ExtractionOptions, folder: str) -> Article:
    """The article as a crawl makes it of these pages (portal_spider.spiders.portal)."""
    extracted = []
    for page in pages:
        body = _payload(page, folder)
        fetched_at = datetime.fromisoformat(page.fetched_at)
        try:
            extracted.append(extract_page(body, page.content_type, page.url, replace(options, fetched_at=fetched_at)))
        except Exception as error:  # as the crawl records it: this article, not the run
            raise PageUnreadable(f"extraction failed: {type(error).__name__}: {error}") from None
    article = join_pages(extracted)
    article.url = extracted[0].url
    if published_at_problem(article.published_at):  # the crawl stores it without the date
        article.published_at = article.published_precision = None
    return article


def _payload(page: StoredPage, folder: str) -> bytes:
    path = page.warc_file
    if not os.path.exists(path):  # moved with the archive: look in the WARC folder
        path = os.path.join(folder, os.path.basename(page.warc_file))
    try:
        record = read_record(path, page.warc_offset)
    except (OSError, WarcReadError) as error:
        raise PageUnreadable(f"cannot read {page.warc_file} at {page.warc_offset}: {error}") from None
    if payload_digest(record.body) != page.payload_digest:
        raise PageUnreadable(f"{path} at {page.warc_offset} does not hold this page's payload")
    return record.body


def _store(archive: Archive, batch: list[tuple[int, Article]], version: str, dry_run: bool,
           report: ReextractReport) -> None:
    for changed in archive.reextract_many(batch, version, dry_run=dry_run):
        if changed:
            report.changed += 1
            report.fields.update(changed)


_WARC_KEYS = ("warc_record_id", "url", "fetched_at", "title", "author", "published_at", "body_text", "body_html",
              "published_precision")


def extract_warc(path: str) -> Iterator[dict]:
    """One record per HTML response of a WARC file (any tool's): the extracted fields, or
    ``error`` saying why there are none. Relative dates are read against the WARC-Date.
    Raises WarcReadError where the file cannot be read further."""
    for response in responses(path):
        payload = response.payload
        if not _is_html(payload.content_type, payload.body):
            continue
        record = dict.fromkeys(_WARC_KEYS, "")
        record.update(warc_record_id=response.record_id, url=payload.url,
                      fetched_at=response.fetched_at.isoformat())
        try:
            article = extract_page(payload.body, payload.content_type, payload.url,
                                   ExtractionOptions(fetched_at=response.fetched_at))
        except Exception as error:  # this record's line says so, the rest go on
            record["error"] = f"extraction failed: {type(error).__name__}: {error}".replace("\n", " ")
            yield record
            continue
        if not ((article.title or "").strip() or article.body_text.strip()):
            record["error"] = "no article found in the page"
        for key in _WARC_KEYS[3:]:
            record[key] = getattr(article, key) or ""
        yield record


def _is_html(content_type: str | None, body: bytes) -> bool:
    if content_type:
        return "html" in content_type.lower()
    return body.lstrip()[:1] == b"<"  # no Content-Type: markup is taken for HTML
