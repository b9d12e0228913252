"""The articles' full-text index (``articles_fts``, FTS5 trigram, external content).

Triggers on ``articles`` queue new and changed rows in ``fts_pending``
(schema m004); :func:`catch_up` indexes the queue in one statement. The archive
calls it at the end of every write transaction, so a committed article is
always searchable, and FTS5 writes one segment per transaction instead of one
per article.
"""

from __future__ import annotations

from sqlite_utils import Database


def catch_up(db: Database) -> None:
    """Index every queued article. Call inside a write transaction.

    A queued row that is already indexed -- another tool rebuilt the index
    (``sqlite-utils rebuild-fts``) after it was queued -- is skipped: indexing it
    twice would corrupt the index. Without an index (``sqlite-utils disable-fts``)
    the queue is just emptied.
    """
    tables = {name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE name IN ('fts_pending', 'articles_fts', 'articles_fts_docsize')"
    )}
    if "fts_pending" not in tables:
        return
    if "articles_fts" in tables:
        not_indexed = (
            "AND NOT EXISTS (SELECT 1 FROM articles_fts_docsize d WHERE d.id = a.id)"
            if "articles_fts_docsize" in tables
            else ""
        )
        # CROSS JOIN keeps the queue as the outer loop: with a plain JOIN the planner
        # scanned a whole index of ``articles`` for every transaction.
        db.execute(
            f"""INSERT INTO articles_fts (rowid, title, body_text)
                SELECT a.id, a.title, a.body_text FROM fts_pending p CROSS JOIN articles a ON a.id = p.article_id
                WHERE 1 {not_indexed}"""
        )
    db.execute("DELETE FROM fts_pending")
