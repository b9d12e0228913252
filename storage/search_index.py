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
    """Index every queued article. Call inside a write transaction."""
    db.execute(
        """INSERT INTO articles_fts (rowid, title, body_text)
           SELECT a.id, a.title, a.body_text FROM fts_pending p JOIN articles a ON a.id = p.article_id"""
    )
    db.execute("DELETE FROM fts_pending")
