"""The archive: one SQLite file of articles, their aliases, revisions and duplicates."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Literal

from sqlite_utils import Database

from storage import bands, dedup, search_index
from storage.article import Article, published_at_problem, published_precision_problem
from storage.clock import now
from storage.errors import ArchiveDamaged, ArchiveError, archive_errors, damaged, is_damage
from storage.fingerprints import normalise
from storage.html import sanitise_html, text_of_html
from storage.ingested import IngestLog
from storage.raw_pages import RawPages
from storage.runs import ARCHIVED, CrawlState
from storage.schema import migrate
from storage.urls import UrlCanonicalizer

SaveStatus = Literal["new", "duplicate", "unchanged", "revised"]
# The fields a re-extraction may change (storage.Archive.reextract_many).
REEXTRACTED_FIELDS = ("title", "author", "published_at", "published_precision", "body_text", "body_html")

_ROW_COLUMNS = "id, url, portal, title, body_text, body_html, fetched_at, content_hash, duplicate_of, similarity"


__all__ = ["Archive", "ArchiveDamaged", "ArchiveError", "InvalidArticle", "SaveResult", "checked"]

# Up to this size a health check is a full integrity_check, whose time grows with the
# file; above it the cheaper quick_check (no index-against-table cross-checks).
FULL_CHECK_BYTES = 64 * 2**20


@dataclass(frozen=True)
class SaveResult:
    status: SaveStatus
    article_id: int
    duplicate_of: int | None
    similarity: float | None


class Archive:
    """An archive in an SQLite file (created and migrated on open, WAL mode): articles,
    their aliases, revisions and duplicates; ``crawl`` holds the crawl's state
    (:class:`storage.runs.CrawlState`: runs, errors, notes, queue, lastmods).

    ``check``: check the file's health first (:meth:`check_health`) and refuse a damaged
    one, as a crawl or an import does before writing. A write that fails because of the
    archive itself (disk full, read-only, I/O error, locked, damaged) raises
    :class:`ArchiveError`; it rolls back whole, what was committed before stays.
    """

    def __init__(self, path: str | Database, tracking_params: Iterable[str] | None = None, check: bool = False):
        self.canonicalize = UrlCanonicalizer(tracking_params)
        self.path = path if isinstance(path, str) else "database"
        self.db = _open(path, check)
        self.crawl = CrawlState(self.db, self.canonicalize, self.path)
        self.raw_pages = RawPages(self.db, self.path)
        self.ingested = IngestLog(self.db)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction around several saves and crawl records (they nest in it)."""
        with archive_errors(self.path), _write_transaction(self.db):
            yield

    def check_health(self) -> None:
        """Raise ArchiveDamaged, saying how to recover, unless SQLite finds the file sound."""
        _check_health(self.db, self.path)

    def save(self, article: Article) -> SaveResult:
        """Store an article in one transaction; see :class:`SaveResult` for outcomes.

        An article reached under a URL (canonical or alias) that is already archived
        updates that row: an unchanged title and body adds nothing, a changed one
        moves the previous version to ``article_revisions``.
        """
        return self.save_many([article])[0]

    def save_many(self, articles: Sequence[Article]) -> list[SaveResult]:
        """Store articles in one transaction (all or none), each as :meth:`save` would.

        Later articles see earlier ones: a copy of an article in the same batch is
        linked to it. One transaction for many articles writes the pages they share
        (the full-text index segment, table and index tails) once per batch: at 64
        articles a save costs 40-55% less CPU than alone (docs/benchmarks.md).
        """
        # CPU work outside the write lock.
        prepared = [self._prepare(article) for article in articles]
        with archive_errors(self.path), _write_transaction(self.db):
            bands.sync(self.db)
            results = [self._store(*item) for item in prepared]
            bands.flush_if_full(self.db)
            search_index.catch_up(self.db)
        return results

    def save_each(self, articles: Sequence[Article]) -> list[SaveResult | Exception]:
        """:meth:`save_many`, or when that fails each article alone, so that one
        failing article costs only itself; its exception takes its place in the list."""
        try:
            return self.save_many(articles)
        except ArchiveError:
            raise  # alone, each would fail the same way
        except Exception as exc:
            if len(articles) == 1:
                return [exc]
        results: list[SaveResult | Exception] = []
        for article in articles:
            try:
                results.append(self.save(article))
            except ArchiveError:
                raise
            except Exception as exc:
                results.append(exc)
        return results

    def reextract_many(self, items: Sequence[tuple[int, Article]], extractor_version: str,
                       dry_run: bool = False) -> list[tuple[str, ...]]:
        """Store what the current extraction makes of archived articles' stored pages, in
        one transaction: per item, the names of the fields (REEXTRACTED_FIELDS) that changed.

        A change is a re-extraction, not a revision of the article on its portal: no
        article_revisions row, fetched_at kept, ``extractor_version`` and
        ``reextracted_at`` set. Duplicate detection and the search index follow a changed
        text as after a save. ``dry_run``: only say what would change.
        """
        prepared = [(article_id, *self._prepare(article)) for article_id, article in items]
        if dry_run:
            return [self._reextracted(article_id, article, lines, extractor_version, write=False)
                    for article_id, article, _, lines in prepared]
        with archive_errors(self.path), _write_transaction(self.db):
            bands.sync(self.db)
            changes = [self._reextracted(article_id, article, lines, extractor_version, write=True)
                       for article_id, article, _, lines in prepared]
            bands.flush_if_full(self.db)
            search_index.catch_up(self.db)
        return changes

    def _reextracted(self, article_id: int, article: Article, lines: list[str], extractor_version: str,
                     write: bool) -> tuple[str, ...]:
        cursor = self.db.execute(
            f"SELECT id, portal, duplicate_of, similarity, content_hash, {', '.join(REEXTRACTED_FIELDS)}"
            " FROM articles WHERE id = ?", [article_id])
        found = cursor.fetchone()
        if found is None:
            return ()
        row = dict(zip([c[0] for c in cursor.description], found))
        changed = tuple(name for name in REEXTRACTED_FIELDS if (getattr(article, name) or "") != (row[name] or ""))
        if not changed or not write:
            return changed
        root, similarity, content_hash = row["duplicate_of"], row["similarity"], row["content_hash"]
        if "body_text" in changed:
            prepared, match = self._fingerprint_again(row, row["portal"], lines)
            root, similarity = (match.root, match.similarity) if match else (None, None)
            content_hash = prepared.fingerprint.content_hash
        self.db.execute(
            """UPDATE articles SET title = ?, author = ?, published_at = ?, published_precision = ?, body_text = ?,
                   body_html = ?, duplicate_of = ?, similarity = ?, content_hash = ?, extractor_version = ?, reextracted_at = ?
               WHERE id = ?""",
            [*(getattr(article, name) for name in REEXTRACTED_FIELDS), root, similarity, content_hash,
             extractor_version, now(), article_id],
        )
        if "body_text" in changed:
            self._relink_copies(article_id, root)
        return changed

    def _prepare(self, article: Article) -> tuple[Article, list[str], list[str]]:
        article = checked(article)
        source = article.canonical_url or article.url
        url = self.canonicalize(source)
        return article, [url, *self._aliases(article, source, url)], normalise(article.body_text or "")

    def _store(self, article: Article, urls: list[str], lines: list[str]) -> SaveResult:
        row = self._find_row(urls)
        if row is None:
            result = self._insert(article, urls[0], lines)
            row_url = urls[0]
        else:
            result = self._update(row, article, lines)
            row_url = row["url"]
        self._record_aliases(result.article_id, [u for u in urls if u != row_url])
        if result.status != "unchanged":  # the stored fields came from these pages
            self.raw_pages.link(result.article_id, article.page_records)
        self.crawl.forget_fetched(urls)
        return result

    def is_known(self, url: str) -> bool:
        canonical = self.canonicalize(url)
        return self.db.execute(f"SELECT {ARCHIVED.format('?')}", [canonical, canonical]).fetchone()[0] == 1

    def archived_text(self, url: str) -> str | None:
        """The body text archived under ``url`` (its own or an alias), None if not archived."""
        canonical = self.canonicalize(url)
        row = self.db.execute(
            """SELECT body_text FROM articles WHERE url = ?
               OR id IN (SELECT article_id FROM article_urls WHERE url = ?) ORDER BY id LIMIT 1""",
            [canonical, canonical],
        ).fetchone()
        return row[0] if row else None

    def known_urls(self, portals: Iterable[str] | None) -> set[str]:
        """Every URL, own or alias, under which an article of these portals (None: any) is archived."""
        names = None if portals is None else json.dumps(list(portals), ensure_ascii=False)
        rows = self.db.execute(
            """SELECT url FROM articles WHERE :names IS NULL OR portal IN (SELECT value FROM json_each(:names))
               UNION ALL SELECT u.url FROM article_urls u JOIN articles a ON a.id = u.article_id
               WHERE :names IS NULL OR a.portal IN (SELECT value FROM json_each(:names))""",
            {"names": names},
        )
        return {url for (url,) in rows}

    def known_article_urls(self, portal: str | None = None, published_since: str | None = None) -> Iterator[str]:
        """Archived article URLs (for --refresh), oldest first.

        ``published_since`` is compared as an instant (SQLite ``datetime()``
        understands offsets), so ``+08:00`` and ``Z`` timestamps order correctly;
        articles without ``published_at`` are left out when it is given.
        """
        sql = """SELECT url FROM articles WHERE (? IS NULL OR portal = ?)
                 AND (? IS NULL OR datetime(published_at) >= datetime(?)) ORDER BY id"""
        for (url,) in self.db.execute(sql, [portal, portal, published_since, published_since]):
            yield url

    def _aliases(self, article: Article, source: str, url: str) -> list[str]:
        # Each distinct raw URL is canonicalised once; ``source`` already gave ``url``
        # (w3lib canonicalisation is ~75 us a URL, 5% of a save).
        raw = {article.url, *(article.alias_urls or []), article.canonical_url} - {source, None, ""}
        canonical = {self.canonicalize(u) for u in raw}
        return sorted(canonical - {url})

    def _find_row(self, urls: list[str]) -> dict | None:
        marks = ", ".join("?" * len(urls))
        cursor = self.db.execute(
            f"""SELECT {_ROW_COLUMNS} FROM articles WHERE url IN ({marks})
                   OR id IN (SELECT article_id FROM article_urls WHERE url IN ({marks}))
                ORDER BY id LIMIT 1""",
            [*urls, *urls],
        )
        found = cursor.fetchone()
        return dict(zip([c[0] for c in cursor.description], found)) if found else None

    def _insert(self, article: Article, url: str, lines: list[str]) -> SaveResult:
        prepared = dedup.prepare(self.db, article.portal, lines)
        match = dedup.find_duplicate(self.db, prepared)
        cursor = self.db.execute(
            """INSERT INTO articles (url, portal, title, author, published_at, published_precision, body_text,
                                     body_html, duplicate_of, similarity, fetched_at, content_hash, extractor_version)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            [
                url,
                article.portal,
                article.title,
                article.author,
                article.published_at,
                article.published_precision,
                article.body_text,
                article.body_html,
                match.root if match else None,
                match.similarity if match else None,
                article.fetched_at or now(),
                prepared.fingerprint.content_hash,
                article.extractor_version,
            ],
        )
        article_id = cursor.lastrowid
        index_bands = match is None or not match.same_bands
        dedup.store_fingerprint(self.db, article_id, prepared.fingerprint, index_bands)
        if match is None:
            dedup.count_lines(self.db, article.portal, prepared, article_id)
            return SaveResult("new", article_id, None, None)
        return SaveResult("duplicate", article_id, match.root, match.similarity)

    def _update(self, row: dict, article: Article, lines: list[str]) -> SaveResult:
        article_id = row["id"]
        # Only title and text make a revision: body_html also changes with ads,
        # counters and markup tweaks that are not a new version of the article.
        if (article.title or "", article.body_text or "") == (row["title"] or "", row["body_text"] or ""):
            return SaveResult("unchanged", article_id, row["duplicate_of"], row["similarity"])
        self.db.execute(
            """INSERT INTO article_revisions (article_id, fetched_at, title, body_text, body_html, content_hash)
               VALUES (?, ?, ?, ?, ?, ?)""",
            [article_id, row["fetched_at"], row["title"], row["body_text"], row["body_html"], row["content_hash"]],
        )
        prepared, match = self._fingerprint_again(row, article.portal or row["portal"], lines)
        root = match.root if match else None
        self.db.execute(
            """UPDATE articles SET title = ?, author = coalesce(?, author),
                   published_precision = CASE WHEN ? IS NULL THEN published_precision ELSE ? END,
                   published_at = coalesce(?, published_at), body_text = ?, body_html = ?,
                   duplicate_of = ?, similarity = ?, fetched_at = ?, content_hash = ?,
                   extractor_version = coalesce(?, extractor_version) WHERE id = ?""",
            [
                article.title,
                article.author,
                article.published_at,
                article.published_precision,
                article.published_at,
                article.body_text,
                article.body_html,
                root,
                match.similarity if match else None,
                article.fetched_at or now(),
                prepared.fingerprint.content_hash,
                article.extractor_version,
                article_id,
            ],
        )
        self._relink_copies(article_id, root)
        return SaveResult("revised", article_id, root, match.similarity if match else None)

    def _fingerprint_again(self, row: dict, portal: str | None, lines: list[str]):
        """A changed article's new fingerprint, stored, and the earlier article it duplicates (or None)."""
        article_id = row["id"]
        prepared = dedup.prepare(self.db, portal, lines)
        # Only earlier articles can be its root; later ones are at most its copies.
        match = dedup.find_duplicate(self.db, prepared, before_id=article_id)
        # Before relinking: the cluster it belonged to is what replace_fingerprint looks at.
        index_bands = match is None or not match.same_bands
        dedup.replace_fingerprint(self.db, article_id, row["duplicate_of"] or article_id, prepared.fingerprint, index_bands)
        return prepared, match

    def _relink_copies(self, article_id: int, root: int | None) -> None:
        if root is not None:  # its own copies now belong to the earlier root
            self.db.execute("UPDATE articles SET duplicate_of = ? WHERE duplicate_of = ?", [root, article_id])

    def _record_aliases(self, article_id: int, urls: list[str]) -> None:
        # A URL that is another article's own address stays that article's.
        self.db.conn.executemany(
            """INSERT OR IGNORE INTO article_urls (url, article_id)
               SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM articles WHERE url = ?)""",
            [(u, article_id, u) for u in urls],
        )


class InvalidArticle(ValueError):
    """An article the archive refuses; the message says which field and why."""


def checked(article: Article) -> Article:
    """The article as the archive stores it: body_html sanitised, body_text taken from it
    when absent; InvalidArticle if published_at is not ISO 8601 with a UTC offset, or
    published_precision not one of PRECISIONS (or set without a published_at)."""
    problem = published_at_problem(article.published_at) or published_precision_problem(article)
    if problem:
        raise InvalidArticle(problem)
    html = sanitise_html(article.body_html) if article.body_html else ""
    text = article.body_text if (article.body_text or "").strip() else text_of_html(html)
    if (html, text) == (article.body_html, article.body_text):
        return article
    return replace(article, body_html=html, body_text=text)


@contextmanager
def _write_transaction(db: Database) -> Iterator[None]:
    """A transaction that takes the write lock up front (BEGIN IMMEDIATE).

    save() reads before it writes; under a plain BEGIN, another writer (spider
    and importer on one file) committing in between makes the write fail at once
    with "database is locked" instead of waiting out busy_timeout. Inside a
    caller's transaction it nests as a savepoint.
    """
    if db.conn.in_transaction:
        with db.atomic():
            yield
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.commit()
    except BaseException:
        if db.conn.in_transaction:  # a failed COMMIT leaves the transaction open
            db.rollback()
        raise


def _check_health(db: Database, path: str) -> None:
    (pages,), (page_size,) = db.execute("PRAGMA page_count").fetchone(), db.execute("PRAGMA page_size").fetchone()
    check = "integrity_check" if pages * page_size <= FULL_CHECK_BYTES else "quick_check"
    with archive_errors(path):
        rows = [row[0] for row in db.execute(f"PRAGMA {check}(3)")]
    if rows != ["ok"]:
        problems = [line for row in rows for line in row.splitlines() if line.strip() and not line.startswith("***")]
        raise damaged(path, f"{check}: {'; '.join(problems)}"[:300])


def _open(path: str | Database, check: bool = False) -> Database:
    where = "database" if isinstance(path, Database) else str(path)
    try:
        db = path if isinstance(path, Database) else Database(path)
        if check:
            _check_health(db, where)
        # Spider, importer and Datasette may share the file: wait for a lock
        # rather than fail at once.
        db.execute("PRAGMA busy_timeout = 10000")
        db.enable_wal()
        # In WAL mode NORMAL loses at most the last transactions on power loss,
        # never corrupts, and saves an fsync per article.
        db.execute("PRAGMA synchronous = NORMAL")
        # Debian builds SQLite with SECURE_DELETE, which zeroes deleted content and
        # writes freed pages out: every FTS5 merge deletes whole segments, and at 1M
        # articles that doubled the index's page writes during merges. The archive
        # keeps earlier versions on purpose; there is nothing to scrub.
        db.execute("PRAGMA secure_delete = OFF")
        # 64 MB page cache: the band index and FTS segments are written all over the file.
        db.execute("PRAGMA cache_size = -65536")
        # Each save dirties ~50 scattered pages (band rows, boilerplate counts,
        # FTS). Checkpointing every 10000 pages (a WAL of up to ~40 MB) instead of
        # 1000 writes a page hot across saves back once and fsyncs a tenth as
        # often: saves were 25% faster.
        db.execute("PRAGMA wal_autocheckpoint = 10000")
        migrate(db)
        bands.prepare_connection(db)
    except (sqlite3.Error, OSError) as exc:
        if is_damage(exc):
            raise damaged(where, str(exc)) from None
        raise ArchiveError(f"cannot open archive {where}: {exc}") from None
    return db
