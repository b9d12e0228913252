"""The archive's schema, as sqlite-utils migrations so old archives upgrade in place.

Table and column names are a contract (users' scripts and Datasette queries use
them): a later migration may add, never rename. Add a new ``@migrations()``
function at the end; never edit one that has shipped, except to drop work that a
later migration redoes whole (m015: every fingerprint, made again by m016).
"""

from __future__ import annotations

import logging
from array import array

from sqlite_utils import Database
from sqlite_utils.migrations import Migrations

migrations = Migrations("portal_archive")
log = logging.getLogger(__name__)

# Fingerprinting every article again takes about a millisecond an article: from
# this many, the user is told why opening the archive takes minutes.
REFINGERPRINT_NOTICE_ARTICLES = 20_000

# name -> (column type, DDL). The first migration tolerates an ``articles`` table
# made by hand or by an older script (``sqlite-utils insert``): it adds what is missing.
_ARTICLE_COLUMNS = {
    "url": "TEXT UNIQUE",
    "portal": "TEXT",
    "title": "TEXT",
    "author": "TEXT",
    "published_at": "TEXT",
    "body_text": "TEXT",
    "body_html": "TEXT",
    "duplicate_of": "INTEGER REFERENCES articles(id)",
    # How close the article is to the one it duplicates: 1.0 for an exact copy,
    # otherwise max(Jaccard, containment) of the shingle sets (storage.fingerprints).
    "similarity": "REAL",
    "fetched_at": "TEXT",
    "content_hash": "TEXT",
}

_TABLES = """
CREATE TABLE IF NOT EXISTS article_urls (
    url TEXT PRIMARY KEY,
    article_id INTEGER NOT NULL REFERENCES articles(id)
);
CREATE INDEX IF NOT EXISTS idx_article_urls_article_id ON article_urls(article_id);

CREATE TABLE IF NOT EXISTS article_revisions (
    id INTEGER PRIMARY KEY,
    article_id INTEGER NOT NULL REFERENCES articles(id),
    fetched_at TEXT,
    title TEXT,
    body_text TEXT,
    body_html TEXT,
    content_hash TEXT
);
CREATE INDEX IF NOT EXISTS idx_article_revisions_article_id ON article_revisions(article_id);

-- Per-article data for confirming near-duplicate candidates: the bottom-k sketch
-- of the shingle hashes (sorted little-endian uint32) and the exact set size.
-- band_keys (little-endian int64s: the LSH band keys, then the sentence keys, the
-- article's rows of minhash_bands) lets a revision delete its old rows by primary
-- key, so minhash_bands needs no second index.
CREATE TABLE IF NOT EXISTS article_fingerprints (
    article_id INTEGER PRIMARY KEY REFERENCES articles(id),
    version INTEGER NOT NULL,
    shingle_count INTEGER NOT NULL,
    sketch BLOB NOT NULL,
    band_keys BLOB NOT NULL
);

-- LSH band index: a lookup is one primary-key probe per band.
CREATE TABLE IF NOT EXISTS minhash_bands (
    band_key INTEGER NOT NULL,
    article_id INTEGER NOT NULL,
    PRIMARY KEY (band_key, article_id)
) WITHOUT ROWID;

-- How many original (non-duplicate) articles of a portal contain a normalised
-- line; lines above the threshold are boilerplate and left out of fingerprints.
CREATE TABLE IF NOT EXISTS boilerplate_lines (
    portal TEXT NOT NULL,
    line_hash INTEGER NOT NULL,
    articles INTEGER NOT NULL,
    PRIMARY KEY (portal, line_hash)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS crawl_runs (
    id INTEGER PRIMARY KEY,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    portals TEXT NOT NULL,  -- JSON array of portal names
    status TEXT NOT NULL,   -- running, ok, partial, failed, interrupted
    pages_fetched INTEGER,
    articles_new INTEGER,
    articles_updated INTEGER,
    duplicates INTEGER,
    errors INTEGER,
    hostname TEXT,          -- with pid: tells a live run from one whose process died
    pid INTEGER
);

CREATE TABLE IF NOT EXISTS crawl_errors (
    url TEXT PRIMARY KEY,
    run_id INTEGER REFERENCES crawl_runs(id),
    portal TEXT,
    status TEXT,            -- HTTP status ("503") or "ExceptionClass: message"
    attempts INTEGER NOT NULL,
    first_seen TEXT,
    last_seen TEXT
);
CREATE INDEX IF NOT EXISTS idx_crawl_errors_portal ON crawl_errors(portal);

CREATE TABLE IF NOT EXISTS crawl_queue (
    url TEXT PRIMARY KEY,
    portal TEXT,
    discovered_at TEXT
);
CREATE INDEX IF NOT EXISTS idx_crawl_queue_portal ON crawl_queue(portal);

CREATE VIEW IF NOT EXISTS duplicate_clusters AS
SELECT coalesce(a.duplicate_of, a.id) AS root,
       a.id AS member,
       a.portal,
       a.title,
       a.url,
       a.similarity
FROM articles a
WHERE a.duplicate_of IS NOT NULL
   OR EXISTS (SELECT 1 FROM articles d WHERE d.duplicate_of = a.id);
"""


@migrations()
def m001_initial(db: Database) -> None:
    _ensure_articles(db)
    db.executescript(_TABLES)
    # trigram: Chinese has no spaces, so the default tokenizer would index whole
    # sentences as single tokens and Datasette search would find nothing.
    db["articles"].enable_fts(["title", "body_text"], create_triggers=True, tokenize="trigram")


@migrations()
def m002_sitemap_lastmod(db: Database) -> None:
    # The lastmod a portal's sitemap gave each URL when last read: --refresh --changed
    # re-fetches the articles whose lastmod moved since.
    db.execute(
        "CREATE TABLE IF NOT EXISTS sitemap_lastmod (url TEXT PRIMARY KEY, lastmod TEXT NOT NULL) WITHOUT ROWID"
    )


def _ensure_articles(db: Database) -> None:
    table = db["articles"]
    if not table.exists():
        columns = ",\n    ".join(f"{name} {ddl}" for name, ddl in _ARTICLE_COLUMNS.items())
        db.execute(f"CREATE TABLE articles (\n    id INTEGER PRIMARY KEY,\n    {columns}\n)")
    else:
        existing = set(table.columns_dict)
        for name, ddl in _ARTICLE_COLUMNS.items():
            if name not in existing:  # ADD COLUMN cannot add UNIQUE: the index below does
                db.execute(f"ALTER TABLE articles ADD COLUMN {name} {ddl.removesuffix(' UNIQUE')}")
        db.execute("CREATE UNIQUE INDEX IF NOT EXISTS idx_articles_url ON articles(url)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_articles_content_hash ON articles(content_hash)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_articles_duplicate_of ON articles(duplicate_of)")
    db.execute("CREATE INDEX IF NOT EXISTS idx_articles_portal_published ON articles(portal, published_at)")


def migrate(db: Database) -> None:
    migrations.apply(db)


# The trigram full-text index stays as m001 made it (detail=full, column sizes
# kept; the figures behind this: docs/dedup.md, "Save cost"):
# * detail=column / detail=none would shrink it, but FTS5 then rejects phrase
#   queries ("phrase queries are not supported (detail!=full)"), and a trigram
#   search for a word of 4+ characters -- Datasette's ``_search`` quotes each
#   term -- is a phrase of several trigrams: search would break.
# * columnsize=0 saved nothing measurable and makes bm25 ranking read whole rows.
# * automerge: left at 4 while each article flushed its own segment; m004 raises
#   it to 16 once segments hold 64 articles and the filled index's merges dominate.


@migrations()
def m003_fts_update_trigger_on_text(db: Database) -> None:
    # sqlite-utils' update trigger re-indexed an article on *any* column change:
    # save() relinking a revised article's copies (``SET duplicate_of``) made FTS5
    # delete and re-tokenise each copy's whole body. Only title and body_text are
    # indexed, so only their changes need the index touched.
    if not db["articles_fts"].exists():
        return
    db.execute("DROP TRIGGER IF EXISTS articles_au")
    db.execute(
        """CREATE TRIGGER articles_au AFTER UPDATE OF title, body_text ON articles BEGIN
  INSERT INTO articles_fts (articles_fts, rowid, title, body_text) VALUES('delete', old.rowid, old.title, old.body_text);
  INSERT INTO articles_fts (rowid, title, body_text) VALUES (new.rowid, new.title, new.body_text);
END"""
    )


@migrations()
def m004_fts_indexed_once_per_transaction(db: Database) -> None:
    # The insert trigger indexed each new article inside its INSERT statement,
    # whose statement savepoint made FTS5 flush a segment per article even when
    # many were saved in one transaction. Now the triggers only queue work in
    # ``fts_pending`` and the full-text index is written by one statement at the
    # end of each write transaction (``storage.search_index.catch_up``): at 64
    # articles a transaction FTS5 costs half as much per article. Rows written by
    # other tools are queued the same way and indexed at the archive's next write.
    #
    # automerge 16 (FTS5's default is 4): FTS5 merges a level's segments once it
    # holds this many, so each token is rewritten log16 instead of log4 times as the
    # index grows. With one segment per 64 articles that was the larger part of the
    # index's cost (docs/dedup.md, "Save cost"). A search then reads up to ~15
    # segments a level instead of 3 (about 50 at 1M articles).
    #
    # crisismerge 32 (default 16): left at 16, a level reaching 16 segments was merged
    # at once, before automerge's incremental work could, and made single-article
    # saves (an idle crawl's writer) three times as costly.
    if not db["articles_fts"].exists():
        return
    db.execute("INSERT INTO articles_fts (articles_fts, rank) VALUES ('automerge', 16)")
    db.execute("INSERT INTO articles_fts (articles_fts, rank) VALUES ('crisismerge', 32)")
    db.executescript(
        """
CREATE TABLE IF NOT EXISTS fts_pending (article_id INTEGER PRIMARY KEY);
DROP TRIGGER IF EXISTS articles_ai;
DROP TRIGGER IF EXISTS articles_au;
DROP TRIGGER IF EXISTS articles_ad;
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  -- INSERT INTO "articles_fts" is done for the queue by storage.search_index.catch_up
  INSERT OR IGNORE INTO fts_pending (article_id) VALUES (new.id);
END;
-- A queued row is not in the index yet: there is nothing of it to delete.
-- "articles_fts" is quoted as sqlite-utils writes it, so that its disable-fts finds
-- and drops these triggers with the index.
CREATE TRIGGER articles_au AFTER UPDATE OF title, body_text ON articles BEGIN
  INSERT INTO "articles_fts" (articles_fts, rowid, title, body_text)
    SELECT 'delete', old.id, old.title, old.body_text
    WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE article_id = old.id);
  INSERT OR IGNORE INTO fts_pending (article_id) VALUES (new.id);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT INTO "articles_fts" (articles_fts, rowid, title, body_text)
    SELECT 'delete', old.id, old.title, old.body_text
    WHERE NOT EXISTS (SELECT 1 FROM fts_pending WHERE article_id = old.id);
  DELETE FROM fts_pending WHERE article_id = old.id;
END;
"""
    )


@migrations()
def m005_band_queue(db: Database) -> None:
    # New articles' band rows are queued and written to minhash_bands in key order
    # once enough have gathered (storage.bands): one row per queued article, whose
    # keys are in article_fingerprints.band_keys. ``generation`` counts the changes
    # to the queue other than appending, which make other writers reload it; a
    # flush under way writes the keys of the queued articles up to
    # ``flushing_through``, and has written those below ``flushing_from``.
    db.executescript(
        """
CREATE TABLE IF NOT EXISTS band_queue (article_id INTEGER PRIMARY KEY);
CREATE TABLE IF NOT EXISTS band_queue_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL,
    flushing_through INTEGER,
    flushing_from INTEGER
);
INSERT OR IGNORE INTO band_queue_state (id, generation, flushing_through, flushing_from) VALUES (1, 0, NULL, NULL);
-- An article deleted by another tool leaves the queue; its id may be reused.
CREATE TRIGGER IF NOT EXISTS articles_band_queue_ad AFTER DELETE ON articles
WHEN EXISTS (SELECT 1 FROM band_queue WHERE article_id = old.id) BEGIN
  DELETE FROM band_queue WHERE article_id = old.id;
  UPDATE band_queue_state SET generation = generation + 1;
END;
"""
    )


@migrations()
def m006_crawl_run_portals_and_notes(db: Database) -> None:
    # What each run did per portal, and page-level notes (a listing page that showed no
    # article link, a listing that failed, a pagination cap). Notes are a record, not
    # a retry queue: crawl_errors' URLs are fetched again as articles by the next run.
    db.executescript(
        """
CREATE TABLE IF NOT EXISTS crawl_run_portals (
    run_id INTEGER NOT NULL REFERENCES crawl_runs(id),
    portal TEXT NOT NULL,
    listing_pages INTEGER NOT NULL,      -- listing pages fetched and read as HTML
    article_links INTEGER NOT NULL,      -- distinct article links on them, archived ones included
    articles_archived INTEGER NOT NULL,  -- articles_new + articles_updated + duplicates
    articles_new INTEGER NOT NULL,
    articles_updated INTEGER NOT NULL,
    duplicates INTEGER NOT NULL,
    stop_reason TEXT,                    -- why pagination stopped (README: crawl)
    PRIMARY KEY (run_id, portal)
);

CREATE TABLE IF NOT EXISTS crawl_notes (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES crawl_runs(id),
    portal TEXT,
    url TEXT,
    kind TEXT NOT NULL,      -- storage.runs.NOTE_KINDS
    problem INTEGER NOT NULL,  -- 1: the run may have missed articles, so it is partial
    reason TEXT NOT NULL,
    hint TEXT,               -- a command to try
    recorded_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_crawl_notes_run_id ON crawl_notes(run_id);
"""
    )


@migrations()
def m007_search_folded_characters(db: Database) -> None:
    # The trigram index found nothing for one- and two-character queries (most
    # Chinese words) and told Simplified from Traditional. ``articles_search`` holds
    # the text folded to Simplified with each CJK character a token
    # (storage.search_index), written by Python at the end of each write
    # transaction, so the triggers only queue: tools without the archive's code
    # can still write ``articles``, and their rows are indexed at its next write.
    db.executescript(
        """
DROP TRIGGER IF EXISTS articles_ai;
DROP TRIGGER IF EXISTS articles_au;
DROP TRIGGER IF EXISTS articles_ad;
DROP TABLE IF EXISTS articles_fts;
CREATE TABLE IF NOT EXISTS fts_pending (article_id INTEGER PRIMARY KEY);
CREATE VIRTUAL TABLE IF NOT EXISTS articles_search USING fts5(title, body_text, tokenize = 'unicode61 remove_diacritics 2');
-- As m004 set for the trigram index: fewer rewrites of each token as the index grows.
INSERT INTO articles_search (articles_search, rank) VALUES ('automerge', 16);
INSERT INTO articles_search (articles_search, rank) VALUES ('crisismerge', 32);
CREATE TRIGGER articles_ai AFTER INSERT ON articles BEGIN
  INSERT OR IGNORE INTO fts_pending (article_id) VALUES (new.id);
END;
CREATE TRIGGER articles_au AFTER UPDATE OF title, body_text ON articles BEGIN
  INSERT OR IGNORE INTO fts_pending (article_id) VALUES (new.id);
END;
CREATE TRIGGER articles_ad AFTER DELETE ON articles BEGIN
  INSERT OR IGNORE INTO fts_pending (article_id) VALUES (old.id);
END;
"""
    )
    from storage import search_index

    search_index.index_rows(db, [i for (i,) in db.execute("SELECT id FROM articles ORDER BY id")])
    db.execute("DELETE FROM fts_pending")


@migrations()
def m008_search_results_view(db: Database) -> None:
    # Datasette sorts a table only by its own columns, so a ranked ``?_search=`` of
    # ``articles`` is served by this view (portal_spider.browse): the articles with
    # their bm25 rank (titles weigh 5 times the body), which FTS5 computes when the
    # query matches ``search_match``. The id term breaks ties (reposts of one story
    # rank equally), newest first, so that paging by offset is stable.
    db.execute(
        """
CREATE VIEW IF NOT EXISTS articles_search_results AS
SELECT articles.*, articles_search.articles_search AS search_match,
       bm25(articles_search.articles_search, 5.0, 1.0) - articles.id * 1e-12 AS search_rank
FROM articles JOIN articles_search ON articles_search.rowid = articles.id
"""
    )


@migrations()
def m009_crawl_queue_listings(db: Database) -> None:
    # The listing pages of a run under way: scheduled (read = 0) or read (read = 1). A run
    # stopped before its walk ended leaves them here, and the next one goes on from the
    # unread ones, skipping the read ones, instead of walking every listing page again
    # from the start. A run that finishes empties its portals' rows.
    db.executescript(
        """
CREATE TABLE IF NOT EXISTS crawl_queue_listings (
    url TEXT PRIMARY KEY,
    portal TEXT NOT NULL,
    pages_without_new_links INTEGER NOT NULL DEFAULT 0,
    read INTEGER NOT NULL DEFAULT 0,
    discovered_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_crawl_queue_listings_portal ON crawl_queue_listings(portal);
"""
    )


@migrations()
def m010_raw_pages(db: Database) -> None:
    # Every page a crawl fetched, as stored in its WARC files (storage.warc): an article
    # can be traced to the bytes it came from, and re-extracted from them
    # (portal-archive reextract). A revisit record holds no payload: its bytes are those
    # of the response row with the same payload_digest. extractor_version names the
    # extraction that made an article's fields; reextracted_at is set when a
    # re-extraction (not a new fetch) changed them.
    db.executescript(
        """
CREATE TABLE IF NOT EXISTS raw_pages (
    id INTEGER PRIMARY KEY,
    record_id TEXT NOT NULL UNIQUE,  -- WARC-Record-ID of the response or revisit record
    url TEXT NOT NULL,
    fetched_at TEXT NOT NULL,        -- the record's WARC-Date
    status INTEGER,
    content_type TEXT,
    payload_digest TEXT NOT NULL,    -- WARC-Payload-Digest (sha1, base32)
    record_type TEXT NOT NULL,       -- response, revisit
    warc_file TEXT NOT NULL,         -- absolute path when written
    warc_offset INTEGER NOT NULL,    -- of the record's gzip member
    warc_length INTEGER NOT NULL,    -- compressed length of the record
    run_id INTEGER REFERENCES crawl_runs(id),
    article_id INTEGER REFERENCES articles(id),  -- the article the page fed, if any
    article_page INTEGER,            -- 1 for the article's first page, 2.. for its further pages
    article_fetch INTEGER            -- raw_pages.id of page 1 of the same fetch of the article
);
CREATE INDEX IF NOT EXISTS idx_raw_pages_article_id ON raw_pages(article_id);
CREATE INDEX IF NOT EXISTS idx_raw_pages_payload_digest ON raw_pages(payload_digest);
"""
    )
    columns = set(db["articles"].columns_dict)
    for name in ("extractor_version", "reextracted_at"):
        if name not in columns:
            db.execute(f"ALTER TABLE articles ADD COLUMN {name} TEXT")


@migrations()
def m011_distributed_ingest(db: Database) -> None:
    # A distributed crawl's writer (portal-archive ingest) applies stream entries; each
    # applied entry is recorded in the same transaction as its effect, so an entry
    # delivered again after a crash is skipped, and the run's counts are read from them.
    # worker_run: the worker's own name for its run (host:pid:random).
    db.executescript(
        """
ALTER TABLE crawl_runs ADD COLUMN worker_run TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS idx_crawl_runs_worker_run ON crawl_runs(worker_run);
CREATE TABLE IF NOT EXISTS ingested_entries (
    entry_id TEXT PRIMARY KEY,   -- the Redis Stream entry id
    run_id INTEGER REFERENCES crawl_runs(id),
    portal TEXT,
    op TEXT NOT NULL,            -- portal_spider.distributed.stream.OPS
    outcome TEXT,                -- for a save: new, revised, unchanged, duplicate or failed
    ingested_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_ingested_entries_run_id ON ingested_entries(run_id);
"""
    )


@migrations()
def m012_boilerplate_first_articles(db: Database) -> None:
    # The ids (space-separated) of the articles that counted a line, kept until the line
    # settles as boilerplate, when those articles are fingerprinted again without it
    # (storage.dedup.count_lines): fingerprints then do not depend on save order.
    db.execute("ALTER TABLE boilerplate_lines ADD COLUMN first_articles TEXT")


@migrations()
def m013_published_precision(db: Database) -> None:
    # "day" when the page gave the day alone (published_at is then its local midnight),
    # "time" when it gave a time of day. Earlier rows are read the way extraction reads
    # them: a local midnight is a day alone.
    db.execute("ALTER TABLE articles ADD COLUMN published_precision TEXT")
    db.execute(
        """UPDATE articles SET published_precision =
               CASE WHEN substr(published_at, 12, 8) = '00:00:00' THEN 'day' ELSE 'time' END
           WHERE published_at IS NOT NULL AND published_at != ''"""
    )


@migrations()
def m014_fingerprint_figures(db: Database) -> None:
    # The distinct number tokens of the fingerprinted text (storage.fingerprints.figures_of):
    # a near-duplicate candidate whose figures agree with the new article's is not read
    # back and compared sentence by sentence (storage.dedup). NULL for articles
    # fingerprinted before: those are compared as before.
    db.execute("ALTER TABLE article_fingerprints ADD COLUMN figures BLOB")


@migrations()
def m015_fingerprints_v3(db: Database) -> None:
    # Fingerprint version 3 (Han shingles of 4 characters every third one, inside
    # sentences) came with fingerprinting every article again; m016 does that for
    # version 4, so an archive upgraded across both does it once.
    pass


@migrations()
def m016_fingerprints_v4(db: Database) -> None:
    # Fingerprint version 4: sentence keys beside the band keys (storage.fingerprints,
    # docs/dedup.md "Sentence keys"). Every article's sketch, keys and figures are made
    # again and the band index rebuilt in key order; content hashes and boilerplate
    # counts do not change. About a millisecond an article.
    import numpy as np

    from storage import dedup
    from storage.fingerprints import normalise

    (count,) = db.execute("SELECT count(*) FROM articles").fetchone()
    if count >= REFINGERPRINT_NOTICE_ARTICLES:
        minutes = round(count / 60_000)
        log.warning(
            "fingerprinting the archive's %s articles again for duplicate detection (fingerprint version 4): "
            "%s, once", f"{count:,}", f"about {minutes} minutes" if minutes > 1 else "a minute or so",
        )
    db.execute("DELETE FROM minhash_bands")
    db.execute("DELETE FROM band_queue")
    db.execute("UPDATE band_queue_state SET generation = generation + 1, flushing_through = NULL, flushing_from = NULL")
    # Packed 8-byte integers, not two numpy arrays an article, each with a header of its own.
    keys, ids = array("q"), array("q")
    last = 0
    while rows := db.execute("SELECT id, portal, body_text FROM articles WHERE id > ? ORDER BY id LIMIT 1000", [last]).fetchall():
        for article_id, portal, body in rows:
            fingerprint = dedup.prepare(db, portal, normalise(body or "")).fingerprint
            dedup.write_fingerprint(db, article_id, fingerprint)
            keys.extend(fingerprint.index_keys)
            ids.extend([article_id] * len(fingerprint.index_keys))
        last = rows[-1][0]
    if keys:
        all_keys, all_ids = np.frombuffer(keys, dtype=np.int64), np.frombuffer(ids, dtype=np.int64)
        order = np.lexsort((all_ids, all_keys))
        for begin in range(0, len(order), 65536):  # Python ints a slice at a time: ~44 rows an article
            part = order[begin : begin + 65536]
            db.conn.executemany(
                "INSERT OR IGNORE INTO minhash_bands (band_key, article_id) VALUES (?, ?)",
                zip(all_keys[part].tolist(), all_ids[part].tolist()),
            )
