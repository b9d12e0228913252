"""Two portals repost each other's articles, disguised: every copy is kept and linked to its root."""

from __future__ import annotations

import sqlite_utils

from portal_spider.sample_portal import SamplePortal, serve
from tests.conftest import crawl


def test_reposts_across_portals_link_to_their_roots(tmp_path):
    first = SamplePortal(name="yongchuang", site_name="永創攻略", articles=20, seed=1)
    second = SamplePortal(name="youxia", site_name="遊俠攻略站", articles=20, seed=2)
    # Each reposts three of the other's articles, under every disguise at once.
    second_copies = second.repost(first, ids=[a.id for a in first.articles[:3]])
    first_copies = first.repost(second, ids=[a.id for a in second.articles[5:8]])
    db_path = str(tmp_path / "a.db")

    with serve(first, port=0) as a, serve(second, port=0) as b:
        # Separate runs: the first portal's articles are archived first, so they are the roots.
        crawl("--start-url", a.base_url + "/list/index.html", "--db", db_path)
        crawl("--start-url", b.base_url + "/list/index.html", "--db", db_path)
        base = {first.name: a.base_url, second.name: b.base_url}

    db = sqlite_utils.Database(db_path)
    rows = {row["url"]: row for row in db["articles"].rows}
    assert len(rows) == len(first.articles) + len(second.articles)  # nothing dropped

    portals = {first.name: first, second.name: second}
    pairs = []
    for portal, copies in ((second, second_copies), (first, first_copies)):
        for copy in copies:
            source_portal, source_id = copy.repost_of
            original = portals[source_portal].article(source_id)
            pairs.append((rows[original.url(base[source_portal])], rows[copy.url(base[portal.name])]))
    for original, copy in pairs:
        earlier, later = sorted((original, copy), key=lambda row: row["id"])
        assert earlier["duplicate_of"] is None
        assert later["duplicate_of"] == earlier["id"], (later["title"], earlier["title"])

    linked = [row for row in rows.values() if row["duplicate_of"] is not None]
    assert len(linked) == len(pairs)  # no distinct article was linked
    clusters = {(root, member) for root, member in db.execute("select root, member from duplicate_clusters")}
    for original, copy in pairs:
        earlier, later = sorted((original, copy), key=lambda row: row["id"])
        assert {(earlier["id"], earlier["id"]), (earlier["id"], later["id"])} <= clusters


def test_two_crawls_in_different_orders_give_the_same_fingerprints(tmp_path):
    """A portal's boilerplate is learned as its articles arrive; an article's content
    hash and fingerprint must not depend on which arrived first."""
    portal = SamplePortal(articles=200, seed=4)  # 64 differed before fingerprints were order-free
    one_at_a_time = ["-s", "CONCURRENT_REQUESTS=1"]
    orders = {"fifo": "scrapy.squeues.FifoMemoryQueue", "lifo": "scrapy.squeues.LifoMemoryQueue"}
    archives = {}
    with serve(portal, port=0) as server:
        for name, queue in orders.items():
            archives[name] = str(tmp_path / f"{name}.db")
            crawl("--start-url", server.base_url + portal.start_path, "--db", archives[name],
                  *one_at_a_time, "-s", f"SCHEDULER_MEMORY_QUEUE={queue}")
    saved, prints = {}, {}
    for name, path in archives.items():
        db = sqlite_utils.Database(path)
        saved[name] = [url for (url,) in db.execute("SELECT url FROM articles ORDER BY id")]
        prints[name] = {
            url: (content_hash, sketch, keys)
            for url, content_hash, sketch, keys in db.execute(
                "SELECT a.url, a.content_hash, f.sketch, f.band_keys FROM articles a JOIN article_fingerprints f ON f.article_id = a.id"
            )
        }
        (settled,) = db.execute("SELECT count(*) FROM boilerplate_lines WHERE articles >= 5").fetchone()
        assert settled, "no boilerplate settled: the orders could not matter"
    assert len(saved["fifo"]) == len(portal.articles) and saved["fifo"] != saved["lifo"]
    differ = [url for url, fingerprint in prints["fifo"].items() if prints["lifo"].get(url) != fingerprint]
    assert not differ, f"{len(differ)} of {len(portal.articles)} fingerprints depend on the order"
