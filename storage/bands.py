"""The LSH band index: which articles hold a band key.

Band rows live in ``minhash_bands`` (``WITHOUT ROWID``, keyed by band key). An
article's 32 keys are random, so writing them as it is saved dirties 32 random
leaves of that B-tree, and at 1M archived articles (~150k leaves) a 64-article
transaction shares almost none: band rows were ~0.47 ms of a ~2.1 ms save, more
than any other part.

So a new article's rows are queued instead. ``band_queue`` lists the articles
whose keys are not in ``minhash_bands`` yet; the keys themselves are already
stored (``article_fingerprints.band_keys``), so queueing costs one row at the
table's tail, in the same transaction as the article. Each connection holds the
queued keys in memory (``temp.queued_bands``, an in-memory table) and lookups
read it alongside ``minhash_bands``. Once :data:`QUEUE_LIMIT` articles are
queued, the writer that crosses the limit writes all their keys into
``minhash_bands`` in key order, in its transaction: at 1M articles ~1M keys then
touch each leaf about once, ~5 leaf writes per article instead of 32. Measured on
a 1M archive: a flush of 32,768 articles cost 3.3 s of CPU (0.10 ms per article;
16,384: 0.17 ms; 65,536: 0.08 ms) and 3.5 s of wall time holding the write lock.

Memory is bounded by the limit, not the archive: ~1M keys, ~30 MB. A writer
loads the queue once when it first writes (about a second when the queue is
full) and again only after another writer flushed it. Revised articles' rows are
written straight to ``minhash_bands`` (rare, and their ids are not at the
queue's tail, where other writers look for new entries).

Crash safety comes from SQLite: the queue, the fingerprints and the flush are
ordinary rows written in the saving transaction; the in-memory table is rebuilt
from them and rolls back with the transaction.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from sqlite_utils import Database

# Queued articles before their keys are written to minhash_bands. Larger flushes
# touch the band B-tree's leaves more densely (see above) but hold the write
# lock longer and keep more keys in memory; 32k articles are ~1M keys, ~7 for each
# of the ~150k leaves at 1M archived articles.
QUEUE_LIMIT = 32768


def prepare_connection(db: Database) -> None:
    """Create this connection's in-memory copy of the queue (empty until :func:`sync`)."""
    db.execute("PRAGMA temp_store = MEMORY")
    db.execute(
        """CREATE TEMP TABLE IF NOT EXISTS queued_bands (
               band_key INTEGER NOT NULL, article_id INTEGER NOT NULL,
               PRIMARY KEY (band_key, article_id)) WITHOUT ROWID"""
    )
    db.execute("CREATE TEMP TABLE IF NOT EXISTS queued_articles (article_id INTEGER PRIMARY KEY)")


def sync(db: Database) -> None:
    """Bring the in-memory copy up to date with ``band_queue``. Call at the start
    of each write transaction, under the write lock.

    New articles only ever join the queue's tail, so when both ends agree nothing
    changed, and when only the tail grew the new entries are loaded. Anything
    else (another writer flushed the queue) reloads it whole.
    """
    queue_ends = db.execute("SELECT min(article_id), max(article_id) FROM band_queue").fetchone()
    held_ends = db.execute("SELECT min(article_id), max(article_id) FROM temp.queued_articles").fetchone()
    if queue_ends == held_ends:
        return
    if held_ends[0] is not None and queue_ends[0] == held_ends[0] and queue_ends[1] > held_ends[1]:
        _load(db, after=held_ends[1])
        return
    db.execute("DELETE FROM temp.queued_bands")
    db.execute("DELETE FROM temp.queued_articles")
    _load(db, after=None)


def queue(db: Database, article_id: int, keys: tuple[int, ...]) -> None:
    """Queue a new article's band keys (its ``article_fingerprints`` row holds them)."""
    db.execute("INSERT INTO band_queue (article_id) VALUES (?)", [article_id])
    db.execute("INSERT INTO temp.queued_articles (article_id) VALUES (?)", [article_id])
    db.conn.executemany(
        "INSERT OR IGNORE INTO temp.queued_bands (band_key, article_id) VALUES (?, ?)",
        [(key, article_id) for key in keys],
    )


def flush_if_full(db: Database) -> int:
    """:func:`flush` when :data:`QUEUE_LIMIT` articles are queued; the number flushed."""
    (queued,) = db.execute("SELECT count(*) FROM temp.queued_articles").fetchone()
    return flush(db) if queued >= QUEUE_LIMIT else 0


def flush(db: Database) -> int:
    """Write every queued article's band rows into ``minhash_bands``, in key order,
    and empty the queue. Returns the number of articles flushed."""
    ids, keys = _queued_keys(db, after=None)
    db.conn.executemany("INSERT OR IGNORE INTO minhash_bands (band_key, article_id) VALUES (?, ?)", _in_key_order(ids, keys))
    (flushed,) = db.execute("SELECT count(*) FROM band_queue").fetchone()
    db.execute("DELETE FROM band_queue")
    db.execute("DELETE FROM temp.queued_bands")
    db.execute("DELETE FROM temp.queued_articles")
    return flushed


def index(db: Database, article_id: int, keys) -> None:
    """Write an article's band rows straight into ``minhash_bands``."""
    db.conn.executemany(
        "INSERT OR IGNORE INTO minhash_bands (band_key, article_id) VALUES (?, ?)",
        [(key, article_id) for key in keys],
    )


def remove(db: Database, article_id: int, keys) -> None:
    """Drop an article's band rows, queued or written."""
    db.conn.executemany(
        "DELETE FROM minhash_bands WHERE band_key = ? AND article_id = ?", [(key, article_id) for key in keys]
    )
    db.execute("DELETE FROM band_queue WHERE article_id = ?", [article_id])
    db.execute("DELETE FROM temp.queued_articles WHERE article_id = ?", [article_id])
    db.conn.executemany(
        "DELETE FROM temp.queued_bands WHERE band_key = ? AND article_id = ?", [(key, article_id) for key in keys]
    )


def candidates(db: Database, keys: tuple[int, ...], before_id: int, limit: int) -> list[int]:
    """Articles with id < ``before_id`` sharing a band key, most shared bands first."""
    marks = ", ".join("?" * len(keys))
    rows = db.execute(
        f"""SELECT article_id FROM (
                SELECT band_key, article_id FROM minhash_bands WHERE band_key IN ({marks}) AND article_id < ?
                UNION
                SELECT band_key, article_id FROM temp.queued_bands WHERE band_key IN ({marks}) AND article_id < ?)
            GROUP BY article_id ORDER BY count(*) DESC, article_id LIMIT ?""",
        [*keys, before_id, *keys, before_id, limit],
    )
    return [article_id for (article_id,) in rows]


def indexed_keys(db: Database, article_id: int) -> set[int]:
    """The band keys under which lookups find ``article_id``, written or queued."""
    rows = db.execute(
        """SELECT band_key FROM minhash_bands WHERE article_id = ?
           UNION SELECT band_key FROM temp.queued_bands WHERE article_id = ?""",
        [article_id, article_id],
    )
    return {key for (key,) in rows}


def _load(db: Database, after: int | None) -> None:
    start = after if after is not None else -(1 << 63)
    db.execute("INSERT INTO temp.queued_articles SELECT article_id FROM band_queue WHERE article_id > ?", [start])
    ids, keys = _queued_keys(db, after)
    db.conn.executemany("INSERT OR IGNORE INTO temp.queued_bands (band_key, article_id) VALUES (?, ?)", _in_key_order(ids, keys))


# CROSS JOIN keeps the queue as the outer loop; the planner otherwise scanned
# article_fingerprints (0.8 s at 1M articles).
QUEUED_KEYS_SQL = """SELECT q.article_id, f.band_keys FROM band_queue q
    CROSS JOIN article_fingerprints f ON f.article_id = q.article_id WHERE q.article_id > ?"""


def _queued_keys(db: Database, after: int | None) -> tuple[np.ndarray, np.ndarray]:
    """(article ids, band keys) of the queued articles with id > ``after``, one pair per key."""
    rows = db.execute(QUEUED_KEYS_SQL, [after if after is not None else -(1 << 63)]).fetchall()
    keys = np.frombuffer(b"".join(blob for _, blob in rows), dtype="<i8")
    ids = np.repeat(np.array([article_id for article_id, _ in rows], dtype=np.int64), [len(blob) // 8 for _, blob in rows])
    return ids, keys


def _in_key_order(ids: np.ndarray, keys: np.ndarray) -> Iterator[tuple[int, int]]:
    """(key, id) pairs sorted by key, made into Python ints a slice at a time
    (a full queue is ~1M pairs)."""
    order = np.lexsort((ids, keys))
    for start in range(0, len(order), 65536):
        part = order[start : start + 65536]
        yield from zip(keys[part].tolist(), ids[part].tolist())
