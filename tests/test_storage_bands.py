"""The band queue (storage.bands): new articles' band rows wait in a queue held in
memory, and are written to minhash_bands, a key range per transaction, once
enough have gathered."""

from __future__ import annotations

import sqlite3

import pytest

from benchmarks.dedup_corpus import Generator
from storage import Archive, ArchiveError, Article, bands, search_index
from storage.fingerprints import fingerprint, normalise
from tests.conftest import indexed_keys


@pytest.fixture(scope="module")
def generator():
    return Generator(seed=7)


def written(archive: Archive) -> int:
    return archive.db.execute("SELECT count(*) FROM minhash_bands").fetchone()[0]


def queued(archive: Archive) -> list[int]:
    return [article_id for (article_id,) in archive.db.execute("SELECT article_id FROM band_queue ORDER BY article_id")]


def held(archive: Archive) -> list[int]:
    return [article_id for (article_id,) in archive.db.execute("SELECT article_id FROM temp.queued_articles ORDER BY 1")]


def keys_of(article: Article) -> set[int]:
    return set(fingerprint(normalise(article.body_text)).index_keys)


def rows_of(articles: list[Article]) -> int:
    return sum(len(keys_of(article)) for article in articles)


def test_a_new_articles_band_rows_are_queued_and_found(archive, generator):
    original = generator.article()
    first = archive.save(original)
    assert queued(archive) == [first.article_id] and written(archive) == 0
    assert indexed_keys(archive, first.article_id) == keys_of(original)
    assert archive.save(generator.copy(original, "intro")).duplicate_of == first.article_id


def test_a_full_queue_is_written_a_key_range_per_transaction(archive, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 3)
    monkeypatch.setattr(bands, "FLUSH_PARTS", 2)
    originals = [generator.article() for _ in range(4)]
    results = archive.save_many(originals[:2])
    assert len(queued(archive)) == 2 and written(archive) == 0
    archive.save(originals[2])  # the third queued article starts a flush: negative keys first
    first_part = {key for (key,) in archive.db.execute("SELECT band_key FROM minhash_bands")}
    assert first_part and all(key < 0 for key in first_part) and len(queued(archive)) == 3
    fourth = archive.save(originals[3])  # the second part; the fourth article stays queued
    assert queued(archive) == [fourth.article_id] and held(archive) == [fourth.article_id]
    assert written(archive) == rows_of(originals[:3])
    # Written and queued articles are both found.
    for original, result in [(originals[0], results[0]), (originals[3], fourth)]:
        copy = archive.save(generator.copy(original, "dropped"))
        assert copy.status == "duplicate" and copy.duplicate_of == result.article_id


def test_a_reopened_archive_finds_the_queued_articles(tmp_path, generator):
    path = str(tmp_path / "a.db")
    original = generator.article()
    first = Archive(path).save(original)
    assert Archive(path).save(generator.copy(original, "intro")).duplicate_of == first.article_id


def test_two_writers_see_each_others_queue(tmp_path, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 3)
    monkeypatch.setattr(bands, "FLUSH_PARTS", 1)
    path = str(tmp_path / "a.db")
    crawl, importer = Archive(path), Archive(path)
    originals = [generator.article() for _ in range(4)]
    a = crawl.save(originals[0])
    assert importer.save(generator.copy(originals[0], "pinyin")).duplicate_of == a.article_id  # loads the tail
    crawl.save(originals[1])
    importer.save(originals[2])  # importer loads the crawl's article, queues its own: full, it flushes
    assert queued(crawl) == [] and written(crawl) == rows_of(originals[:3])
    d = importer.save(originals[3])
    assert crawl.save(generator.copy(originals[3], "intro")).duplicate_of == d.article_id
    assert held(crawl) == queued(crawl)  # the flushed articles are no longer held


def test_a_revision_by_another_writer_reloads_the_queue(tmp_path, generator):
    path = str(tmp_path / "a.db")
    crawl, importer = Archive(path), Archive(path)
    old, new = generator.article(), generator.article()
    revised = crawl.save(old)
    crawl.save(generator.article())
    importer.save(Article(url=old.url, body_text=new.body_text))
    crawl.save(generator.article())  # syncs
    assert indexed_keys(crawl, revised.article_id) == keys_of(new)
    assert held(crawl) == queued(crawl)


def test_the_newest_queued_article_deleted_by_another_tool_frees_its_id(archive, generator):
    archive.save(generator.article())
    gone = archive.save(generator.article())
    with sqlite3.connect(archive.db.conn.execute("PRAGMA database_list").fetchone()[2]) as other:
        other.execute("DELETE FROM articles WHERE id = ?", [gone.article_id])
    article = generator.article()
    reused = archive.save(article)
    assert reused.article_id == gone.article_id  # no AUTOINCREMENT: SQLite reuses the id
    assert indexed_keys(archive, reused.article_id) == keys_of(article)


def test_an_id_reused_while_a_flush_is_under_way_gets_all_its_rows(archive, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 2)
    monkeypatch.setattr(bands, "FLUSH_PARTS", 2)
    archive.save(generator.article())
    gone = archive.save(generator.article())  # the queue is full: the first part is written
    with sqlite3.connect(archive.db.conn.execute("PRAGMA database_list").fetchone()[2]) as other:
        other.execute("DELETE FROM articles WHERE id = ?", [gone.article_id])
    article = generator.article()
    reused = archive.save(article)  # the last part: the flush takes ids up to the deleted one off the queue
    assert reused.article_id == gone.article_id and queued(archive) == []
    # (The deleted article's rows from the first part stay: stray candidates the sketch rejects.)
    assert keys_of(article) <= indexed_keys(archive, reused.article_id)


def test_a_flush_under_way_survives_a_change_of_flush_parts(archive, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 1)
    monkeypatch.setattr(bands, "FLUSH_PARTS", 8)
    article = generator.article()
    first = archive.save(article)  # starts the flush: the first eighth of the keys
    monkeypatch.setattr(bands, "FLUSH_PARTS", 3)  # e.g. a new release
    while archive.db.execute("SELECT flushing_through FROM band_queue_state").fetchone()[0] is not None:
        with archive.db.conn:
            bands.flush_if_full(archive.db)
    rows = {key for (key,) in archive.db.execute("SELECT band_key FROM minhash_bands WHERE article_id = ?", [first.article_id])}
    assert rows == keys_of(article) and queued(archive) == []


def test_a_rolled_back_save_leaves_nothing_queued(archive, generator):
    original = generator.article()
    broken = Article(url="https://e.com/broken", title={"not": "text"}, body_text="x")  # cannot be bound
    with pytest.raises(Exception):
        archive.save_many([original, broken])
    assert queued(archive) == [] and held(archive) == []
    assert archive.save(generator.copy(original, "intro")).status == "new"


def test_a_rolled_back_flush_leaves_the_queue_as_it_was(archive, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 2)
    monkeypatch.setattr(bands, "FLUSH_PARTS", 1)
    first = archive.save(generator.article())

    def broken(db):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(search_index, "catch_up", broken)  # runs after the flush
    with pytest.raises(ArchiveError, match="disk I/O error"):
        archive.save(generator.article())
    assert queued(archive) == held(archive) == [first.article_id] and written(archive) == 0
    assert archive.db.execute("SELECT flushing_through, flushing_from FROM band_queue_state").fetchone() == (None, None)


def test_a_revised_queued_article_has_its_new_rows_written_and_leaves_the_queue(archive, generator):
    old, new = generator.article(), generator.article()
    first = archive.save(old)
    archive.save(Article(url=old.url, body_text=new.body_text))
    assert queued(archive) == [] and held(archive) == []
    rows = {key for (key,) in archive.db.execute("SELECT band_key FROM minhash_bands WHERE article_id = ?", [first.article_id])}
    assert rows == keys_of(new) and indexed_keys(archive, first.article_id) == keys_of(new)
    assert archive.save(generator.copy(old, "intro")).status == "new"


def test_loading_the_queue_reads_the_queue_not_every_fingerprint(archive):
    plan = [row[3] for row in archive.db.execute("EXPLAIN QUERY PLAN " + bands.QUEUED_KEYS_SQL, [0])]
    assert plan[0].startswith("SEARCH q") and "article_fingerprints" not in plan[0]


def test_a_rare_shared_key_ranks_ahead_of_keys_many_articles_hold(archive):
    # Articles 1-5 hold the same two keys, as articles sharing a template's sentences
    # do; article 6 holds a key nobody else does, and so does article 7, still queued.
    bands.index(archive.db, 6, [20])
    for article_id in range(1, 6):
        bands.index(archive.db, article_id, [10, 11])
    bands.queue(archive.db, 7, (12,))
    found = bands.candidates(archive.db, (10, 11, 20), (), 100, 3)
    assert found[0] == 6 and len(found) == 3
    assert bands.candidates(archive.db, (10, 12), (), 100, 1) == [7]


def test_a_sentence_key_many_articles_hold_is_not_counted(archive):
    # Key 30 is a template's sentence: more articles hold it than SENTENCE_KEY_HOLDERS,
    # some written and some queued; key 31 is held by as many as may be, key 32 by one.
    many = bands.SENTENCE_KEY_HOLDERS + 1
    for article_id in range(1, many // 2 + 1):
        bands.index(archive.db, article_id, [30])
    for article_id in range(many // 2 + 1, many + 1):
        bands.queue(archive.db, article_id, (30,))
    for article_id in range(100, 100 + bands.SENTENCE_KEY_HOLDERS):
        bands.index(archive.db, article_id, [31])
    bands.index(archive.db, 200, [32])
    assert bands.candidates(archive.db, (), (30,), 1000, 50) == []
    assert bands.candidates(archive.db, (), (30, 32), 1000, 50) == [200]
    assert len(bands.candidates(archive.db, (), (31,), 1000, 50)) == bands.SENTENCE_KEY_HOLDERS
    # A band key is counted however many hold it.
    assert len(bands.candidates(archive.db, (30,), (), 1000, 50)) == many
