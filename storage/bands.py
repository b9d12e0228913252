"""The band index: which articles hold a band key or a sentence key.

Band rows live in ``minhash_bands`` (``WITHOUT ROWID``, keyed by key): an article's
24 LSH band keys and up to 12 sentence keys (storage.fingerprints). Its keys are
random, so writing them as it is saved dirties as many random leaves of that B-tree, and in a large archive a 64-article transaction shares
almost none: written at once, band rows were the largest part of a save's cost
(docs/dedup.md, "Save cost").

So a new article's rows are queued instead. ``band_queue`` lists the articles
whose keys are not in ``minhash_bands`` yet; the keys themselves are already
stored (``article_fingerprints.band_keys``), so queueing costs one row at the
table's tail, in the same transaction as the article. Each connection holds the
queued keys in memory (``temp.queued_bands``) and lookups read it alongside
``minhash_bands``. Once :data:`QUEUE_LIMIT` articles are queued, their keys are
written into ``minhash_bands`` in key order, one :data:`FLUSH_PARTS`-th of the key
space per write transaction, so that no writer holds the lock for long: ~1.2M keys
then share the leaves they touch (docs/dedup.md, "Save cost").

Memory is bounded by the limit, not the archive: ~1.2M keys. A writer loads the
queue when it first writes (a second or so of CPU when the queue is full) and again
when another writer changed it other than by appending (a flush finished, or a
queued article was revised or deleted): ``band_queue_state.generation`` counts
those changes. Revised articles' rows are written straight to ``minhash_bands``.

Crash safety comes from SQLite: the queue, its state and the flushed rows are
ordinary rows written in the saving transaction; the in-memory copy is rebuilt
from them and rolls back with the transaction.
"""

from __future__ import annotations

import numpy as np
from sqlite_utils import Database

# Queued articles before their keys are written to minhash_bands. A larger queue
# touches the band B-tree's leaves more densely when flushed but keeps more keys
# in memory; 32k articles are ~1.2M keys.
QUEUE_LIMIT = 32768
# Write transactions a flush is spread over, one key range each, so that a part holds
# the write lock for a fraction of a second even at 1M archived articles.
FLUSH_PARTS = 8
# A sentence key held by more articles than this is a sentence they share (a
# template's, a footer not yet learned as boilerplate), not a copy's evidence.
SENTENCE_KEY_HOLDERS = 16

_LOWEST_KEY = -(1 << 63)
_HIGHEST_KEY = (1 << 63) - 1


def prepare_connection(db: Database) -> None:
    """Create this connection's in-memory copy of the queue (empty until :func:`sync`)."""
    db.execute("PRAGMA temp_store = MEMORY")
    db.execute(
        """CREATE TEMP TABLE IF NOT EXISTS queued_bands (
               band_key INTEGER NOT NULL, article_id INTEGER NOT NULL,
               PRIMARY KEY (band_key, article_id)) WITHOUT ROWID"""
    )
    db.execute("CREATE TEMP TABLE IF NOT EXISTS queued_articles (article_id INTEGER PRIMARY KEY)")
    # The band_queue_state generation the copy was loaded at; no row: never loaded.
    db.execute("CREATE TEMP TABLE IF NOT EXISTS queued_generation (generation INTEGER NOT NULL)")


def sync(db: Database) -> None:
    """Bring the in-memory copy up to date with ``band_queue``. Call at the start
    of each write transaction, under the write lock.

    Unless the generation moved, the queue only grew at its tail (article ids
    only grow), and the new entries are loaded; otherwise it is reloaded whole.
    """
    (generation,) = db.execute("SELECT generation FROM band_queue_state").fetchone()
    held = db.execute("SELECT generation FROM temp.queued_generation").fetchone()
    if held is None or held[0] != generation:
        db.execute("DELETE FROM temp.queued_bands")
        db.execute("DELETE FROM temp.queued_articles")
        db.execute("DELETE FROM temp.queued_generation")
        db.execute("INSERT INTO temp.queued_generation VALUES (?)", [generation])
        _load(db, after=None)
        return
    (newest,) = db.execute("SELECT max(article_id) FROM band_queue").fetchone()
    (held_newest,) = db.execute("SELECT max(article_id) FROM temp.queued_articles").fetchone()
    if newest is not None and (held_newest is None or newest > held_newest):
        _load(db, after=held_newest)


def queue(db: Database, article_id: int, keys: tuple[int, ...]) -> None:
    """Queue a new article's band keys (its ``article_fingerprints`` row holds them)."""
    (through,) = db.execute("SELECT flushing_through FROM band_queue_state").fetchone()
    if through is not None and article_id <= through:
        # The id of a deleted article, reused while a flush is under way: the
        # flush would take it off the queue without the key ranges already written.
        index(db, article_id, keys)
        return
    db.execute("INSERT INTO band_queue (article_id) VALUES (?)", [article_id])
    db.execute("INSERT INTO temp.queued_articles (article_id) VALUES (?)", [article_id])
    db.conn.executemany(
        "INSERT OR IGNORE INTO temp.queued_bands (band_key, article_id) VALUES (?, ?)",
        [(key, article_id) for key in keys],
    )


def flush_if_full(db: Database) -> int:
    """Write the next part of a flush that is under way, or start one once
    :data:`QUEUE_LIMIT` articles are queued. Call at the end of a write
    transaction. Returns the number of articles a finished flush took off the queue."""
    (through,) = db.execute("SELECT flushing_through FROM band_queue_state").fetchone()
    if through is None:
        (queued,) = db.execute("SELECT count(*) FROM temp.queued_articles").fetchone()
        if queued < QUEUE_LIMIT:
            return 0
        _start_flush(db)
    return _flush_part(db)


def index(db: Database, article_id: int, keys) -> None:
    """Write an article's band rows straight into ``minhash_bands``."""
    db.conn.executemany(
        "INSERT OR IGNORE INTO minhash_bands (band_key, article_id) VALUES (?, ?)",
        [(key, article_id) for key in keys],
    )


def remove(db: Database, article_id: int, keys) -> None:
    """Drop an article's band rows, written or queued."""
    db.conn.executemany(
        "DELETE FROM minhash_bands WHERE band_key = ? AND article_id = ?", [(key, article_id) for key in keys]
    )
    if not db.execute("DELETE FROM band_queue WHERE article_id = ?", [article_id]).rowcount:
        return
    db.execute("DELETE FROM temp.queued_articles WHERE article_id = ?", [article_id])
    db.conn.executemany(
        "DELETE FROM temp.queued_bands WHERE band_key = ? AND article_id = ?", [(key, article_id) for key in keys]
    )
    # Other writers reload the queue; this copy is already right.
    db.execute("UPDATE band_queue_state SET generation = generation + 1")
    db.execute("UPDATE temp.queued_generation SET generation = generation + 1")


def candidates(db: Database, band_keys: tuple[int, ...], sentence_keys: tuple[int, ...], before_id: int, limit: int) -> list[int]:
    """Articles with id < ``before_id`` sharing a band or sentence key, those sharing the
    most and the rarest keys first: a key counts 1/n when n of these articles hold it. A
    key that many articles hold comes from sentences they all share (a template's), and
    says little about which of them was copied; at 1M archived articles, a lookup
    meets ~40 articles sharing a band key, most of them through such keys.

    A sentence key held by more than :data:`SENTENCE_KEY_HOLDERS` articles is a
    template's or a footer's sentence, and no evidence at all: at most one more than
    that are read for it (such keys hold thousands of rows in a large archive), and
    it is not counted.

    UNION, not UNION ALL: during a flush a row can be both written and queued.
    """
    marks = ", ".join("?" * len(band_keys))
    capped = "".join(
        f"""
                UNION SELECT * FROM (SELECT band_key, article_id, 1 FROM {table}
                                     WHERE band_key = ? AND article_id < ? LIMIT {SENTENCE_KEY_HOLDERS + 1})"""
        for _ in sentence_keys
        for table in ("minhash_bands", "temp.queued_bands")
    )
    rows = db.execute(
        f"""WITH shared (band_key, article_id, sentence) AS (
                SELECT band_key, article_id, 0 FROM minhash_bands WHERE band_key IN ({marks}) AND article_id < ?
                UNION
                SELECT band_key, article_id, 0 FROM temp.queued_bands WHERE band_key IN ({marks}) AND article_id < ?{capped}),
            weights (band_key, weight) AS (
                SELECT band_key, 1.0 / count(*) FROM shared GROUP BY band_key
                HAVING NOT max(sentence) OR count(*) <= {SENTENCE_KEY_HOLDERS})
            SELECT article_id FROM shared JOIN weights USING (band_key)
            GROUP BY article_id ORDER BY sum(weight) DESC, article_id LIMIT ?""",
        [*band_keys, before_id, *band_keys, before_id, *[v for key in sentence_keys for v in (key, before_id, key, before_id)], limit],
    )
    return [article_id for (article_id,) in rows]


def _start_flush(db: Database) -> None:
    """Begin a flush of everything queued now."""
    (newest,) = db.execute("SELECT max(article_id) FROM band_queue").fetchone()
    db.execute("UPDATE band_queue_state SET flushing_through = ?, flushing_from = ?", [newest, _LOWEST_KEY])


def _flush_part(db: Database) -> int:
    """Write the next key range of the flush under way; when it was the last,
    take the flushed articles off the queue and return their number (else 0)."""
    through, low = db.execute("SELECT flushing_through, flushing_from FROM band_queue_state").fetchone()
    high = low + (1 << 64) // FLUSH_PARTS
    last = high > _HIGHEST_KEY
    # The in-memory copy is in key order and exact (sync ran at the start of this
    # transaction), so this is a sorted bulk insert without Python in the loop.
    db.execute(
        f"""INSERT OR IGNORE INTO minhash_bands (band_key, article_id)
            SELECT band_key, article_id FROM temp.queued_bands
            WHERE band_key >= :low {"" if last else "AND band_key < :high"} AND article_id <= :through
            ORDER BY band_key, article_id""",
        {"low": low, "high": min(high, _HIGHEST_KEY), "through": through},
    )
    if not last:
        db.execute("UPDATE band_queue_state SET flushing_from = ?", [high])
        return 0
    flushed = db.execute("DELETE FROM band_queue WHERE article_id <= ?", [through]).rowcount
    db.execute("UPDATE band_queue_state SET flushing_through = NULL, flushing_from = NULL, generation = generation + 1")
    sync(db)  # reloads what was queued after the flush began
    return flushed


def _load(db: Database, after: int | None) -> None:
    start = after if after is not None else 0  # article ids start at 1
    db.execute("INSERT INTO temp.queued_articles SELECT article_id FROM band_queue WHERE article_id > ?", [start])
    rows = db.execute(QUEUED_KEYS_SQL, [start]).fetchall()
    keys = np.frombuffer(b"".join(blob for _, blob in rows), dtype="<i8")
    ids = np.repeat(np.array([article_id for article_id, _ in rows], dtype=np.int64), [len(blob) // 8 for _, blob in rows])
    order = np.lexsort((ids, keys))  # a key-ordered insert into the in-memory B-tree
    for begin in range(0, len(order), 65536):  # Python ints a slice at a time: a full queue is ~1.2M
        part = order[begin : begin + 65536]
        db.conn.executemany(
            "INSERT OR IGNORE INTO temp.queued_bands (band_key, article_id) VALUES (?, ?)",
            zip(keys[part].tolist(), ids[part].tolist()),
        )


# CROSS JOIN keeps the queue as the outer loop; the planner otherwise scanned
# article_fingerprints (0.8 s at 1M articles).
QUEUED_KEYS_SQL = """SELECT q.article_id, f.band_keys FROM band_queue q
    CROSS JOIN article_fingerprints f ON f.article_id = q.article_id WHERE q.article_id > ?"""
