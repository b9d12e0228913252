from storage import Archive, Article


def test_lastmod_changes_are_reported_for_archived_urls_only(tmp_path):
    archive = Archive(str(tmp_path / "a.db"))
    archive.save(Article(url="http://p.test/a/1.html", title="一", body_text="正文"))
    archive.crawl.record_lastmods({"http://p.test/a/1.html?utm_source=x": "2025-05-01", "http://p.test/a/2.html": "2025-05-01"})
    same = {"http://p.test/a/1.html": "2025-05-01", "http://p.test/a/2.html": "2025-05-02"}
    assert archive.crawl.lastmod_changed(same) == []  # 2 moved but is not archived
    moved = {"http://p.test/a/1.html": "2025-05-03"}
    assert archive.crawl.lastmod_changed(moved) == ["http://p.test/a/1.html"]
    archive.crawl.record_lastmods(moved)
    assert archive.crawl.lastmod_changed(moved) == []
    assert archive.crawl.lastmod_changed({"http://p.test/a/3.html": "2025-05-03"}) == []  # never seen
