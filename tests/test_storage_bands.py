"""The band queue (storage.bands): new articles' band rows wait in a queue held in
memory, and are written to minhash_bands in one go once enough have gathered."""

from __future__ import annotations

import pytest

from benchmarks.dedup_corpus import Generator
from storage import Archive, Article, bands
from storage.fingerprints import BANDS, fingerprint, normalise


@pytest.fixture(scope="module")
def generator():
    return Generator(seed=7)


def written(archive: Archive) -> int:
    return archive.db.execute("SELECT count(*) FROM minhash_bands").fetchone()[0]


def queued(archive: Archive) -> list[int]:
    return [article_id for (article_id,) in archive.db.execute("SELECT article_id FROM band_queue ORDER BY article_id")]


def test_a_new_articles_band_rows_are_queued_and_found(archive, generator):
    original = generator.article()
    first = archive.save(original)
    assert queued(archive) == [first.article_id] and written(archive) == 0
    assert bands.indexed_keys(archive.db, first.article_id) == set(fingerprint(normalise(original.body_text)).band_keys)
    assert archive.save(generator.copy(original, "combined")).duplicate_of == first.article_id


def test_a_full_queue_is_written_to_minhash_bands_in_the_saving_transaction(archive, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 3)
    originals = [generator.article() for _ in range(4)]
    results = archive.save_many(originals[:2])
    assert len(queued(archive)) == 2 and written(archive) == 0
    archive.save(originals[2])  # the third queued article reaches the limit
    assert queued(archive) == [] and written(archive) == 3 * BANDS
    assert archive.db.execute("SELECT count(*) FROM temp.queued_bands").fetchone()[0] == 0
    fourth = archive.save(originals[3])
    assert queued(archive) == [fourth.article_id] and written(archive) == 3 * BANDS
    # Written and queued articles are both found.
    for original, result in [(originals[0], results[0]), (originals[3], fourth)]:
        copy = archive.save(generator.copy(original, "dropped"))
        assert copy.status == "duplicate" and copy.duplicate_of == result.article_id


def test_flush_returns_the_articles_flushed_and_writes_their_keys(archive, generator):
    first = archive.save(generator.article())
    with archive.db.conn:
        assert bands.flush(archive.db) == 1
    keys = {key for (key,) in archive.db.execute("SELECT band_key FROM minhash_bands WHERE article_id = ?", [first.article_id])}
    assert len(keys) == BANDS and bands.indexed_keys(archive.db, first.article_id) == keys


def test_a_reopened_archive_finds_the_queued_articles(tmp_path, generator):
    path = str(tmp_path / "a.db")
    original = generator.article()
    first = Archive(path).save(original)
    assert Archive(path).save(generator.copy(original, "combined")).duplicate_of == first.article_id


def test_two_writers_see_each_others_queued_articles(tmp_path, generator, monkeypatch):
    monkeypatch.setattr(bands, "QUEUE_LIMIT", 3)
    path = str(tmp_path / "a.db")
    crawl, importer = Archive(path), Archive(path)
    originals = [generator.article() for _ in range(4)]
    a = crawl.save(originals[0])
    assert importer.save(generator.copy(originals[0], "pinyin")).duplicate_of == a.article_id  # loads the tail
    b = crawl.save(originals[1])
    c = importer.save(originals[2])  # importer loads b, queues c: the queue is full, it flushes
    assert queued(crawl) == [] and written(crawl) == 3 * BANDS
    d = importer.save(originals[3])
    # crawl still holds a and b in memory; it drops them and loads d.
    for original, result in [(originals[1], b), (originals[2], c), (originals[3], d)]:
        assert crawl.save(generator.copy(original, "combined")).duplicate_of == result.article_id
    held = [article_id for (article_id,) in crawl.db.execute("SELECT article_id FROM temp.queued_articles ORDER BY 1")]
    assert held == queued(crawl)


def test_a_rolled_back_save_leaves_nothing_queued(archive, generator):
    original = generator.article()
    broken = Article(url="https://e.com/broken", title={"not": "text"}, body_text="x")  # cannot be bound
    with pytest.raises(Exception):
        archive.save_many([original, broken])
    assert queued(archive) == []
    assert archive.db.execute("SELECT count(*) FROM temp.queued_bands").fetchone()[0] == 0
    assert archive.save(generator.copy(original, "combined")).status == "new"


def test_a_revised_queued_article_has_its_new_rows_written_and_leaves_the_queue(archive, generator):
    old, new = generator.article(), generator.article()
    first = archive.save(old)
    archive.save(Article(url=old.url, body_text=new.body_text))
    assert queued(archive) == []
    new_keys = set(fingerprint(normalise(new.body_text)).band_keys)
    rows = {key for (key,) in archive.db.execute("SELECT band_key FROM minhash_bands WHERE article_id = ?", [first.article_id])}
    assert rows == new_keys and bands.indexed_keys(archive.db, first.article_id) == new_keys
    assert archive.save(generator.copy(old, "combined")).status == "new"


def test_loading_the_queue_reads_the_queue_not_every_fingerprint(archive):
    plan = [row[3] for row in archive.db.execute("EXPLAIN QUERY PLAN " + bands.QUEUED_KEYS_SQL, [0])]
    assert plan[0].startswith("SEARCH q") and "article_fingerprints" not in plan[0]
