"""Scheduled crawling: incremental runs, refresh, the lock, resume after SIGKILL, run records."""

from __future__ import annotations

import sqlite3

import sqlite_utils

from portal_spider.runlock import crawl_lock
from tests.conftest import crawl, crawl_killed_when, run_cli


def start_url(server) -> str:
    return server.base_url + "/list/index.html"


def article_requests(server) -> list[str]:
    return [path for path in server.requests if path.startswith("/article/")]


def listing_requests(server) -> list[str]:
    return [path for path in server.requests if path.startswith("/list/")]


def contents(db_path) -> set[tuple]:
    db = sqlite_utils.Database(db_path)
    return {(r["url"], r["title"], r["author"], r["published_at"], r["body_text"]) for r in db["articles"].rows}


def test_second_run_on_unchanged_portal_fetches_no_article(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    portal_server.requests.clear()
    result = crawl("--start-url", start_url(portal_server), "--db", db_path)
    assert article_requests(portal_server) == []
    assert listing_requests(portal_server) == ["/list/index.html"]
    assert "0 new" in result.stdout


def test_new_articles_are_found_and_pagination_stops(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    new = portal_server.portal.add_articles(3)
    portal_server.requests.clear()
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    urls = {row[0] for row in contents(db_path)}
    assert {article.url(portal_server.base_url) for article in new} <= urls
    assert len(urls) == 39
    assert len(listing_requests(portal_server)) <= 2
    fetched_first_pages = {p for p in article_requests(portal_server) if "_" not in p.rsplit("/", 1)[-1]}
    assert fetched_first_pages == {article.path for article in new}


def test_full_walks_every_listing_page(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    portal_server.requests.clear()
    crawl("--start-url", start_url(portal_server), "--db", db_path, "--full")
    assert set(listing_requests(portal_server)) == set(portal_server.portal.listing_paths)
    assert article_requests(portal_server) == []


def test_refresh_records_a_revision_for_the_changed_article_only(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    changed = portal_server.portal.articles[5]
    # An update as portals make them: the text stays, a paragraph of news is added.
    new_body = changed.body_text + "\n更新：開發組在最新公告中確認，這套打法在下個版本依然適用，數值只會小幅調整。"
    portal_server.portal.edit_article(changed.id, body_text=new_body)
    result = crawl("--start-url", start_url(portal_server), "--db", db_path, "--refresh", "--json")
    db = sqlite_utils.Database(db_path)
    revisions = list(db["article_revisions"].rows)
    assert len(revisions) == 1
    row = db.execute("select id, body_text from articles where url = ?", [changed.url(portal_server.base_url)]).fetchone()
    assert revisions[0]["article_id"] == row[0]
    assert row[1] == new_body
    assert '"articles_updated": 1' in result.stdout


def test_refresh_changed_fetches_only_articles_whose_sitemap_lastmod_moved(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    changed = next(a for a in portal_server.portal.articles if len(a.page_paths) > 1)
    old_title = changed.title
    portal_server.portal.edit_article(changed.id, title=old_title + "（更新版）")
    portal_server.requests.clear()
    result = crawl("--start-url", start_url(portal_server), "--db", db_path, "--refresh", "--changed", "--json")
    assert sorted(article_requests(portal_server)) == sorted(changed.page_paths)
    assert '"articles_updated": 1' in result.stdout
    db = sqlite_utils.Database(db_path)
    assert [r["title"] for r in db["article_revisions"].rows] == [old_title]


def test_a_run_without_changed_leaves_the_change_for_a_changed_run(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    changed = portal_server.portal.articles[3]
    portal_server.portal.edit_article(changed.id, title=changed.title + "（更新版）")
    crawl("--start-url", start_url(portal_server), "--db", db_path)  # reads the sitemap, re-fetches nothing
    portal_server.requests.clear()
    crawl("--start-url", start_url(portal_server), "--db", db_path, "--refresh", "--changed")
    assert sorted(article_requests(portal_server)) == sorted(changed.page_paths)
    portal_server.requests.clear()
    crawl("--start-url", start_url(portal_server), "--db", db_path, "--refresh", "--changed")
    assert article_requests(portal_server) == []  # recorded once re-fetched


def test_refresh_since_fetches_only_recent_articles(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    portal_server.requests.clear()
    # The sample portal's articles are dated up to 2025-05-13: a window reaching back
    # to it from today takes only those published in the window.
    from datetime import datetime, timezone
    newest = datetime.fromisoformat(portal_server.portal.articles[0].published_at)
    days = (datetime.now(timezone.utc) - newest).total_seconds() / 86400 + 2
    crawl("--start-url", start_url(portal_server), "--db", db_path, "--refresh", "--since", f"{days:.3f}")
    expected = {p for a in portal_server.portal.articles
                if (newest - datetime.fromisoformat(a.published_at)).total_seconds() < 2 * 86400
                for p in a.page_paths}
    assert set(article_requests(portal_server)) == expected
    assert 0 < len(expected) < 36


def test_lock_refuses_a_concurrent_run(tmp_path):
    db_path = str(tmp_path / "a.db")
    with crawl_lock(db_path):
        result = run_cli("crawl", "--start-url", "http://127.0.0.1:9/list/", "--db", db_path)
    assert result.returncode == 75
    assert len(result.stderr.strip().splitlines()) == 1 and "another crawl" in result.stderr


def test_run_killed_with_sigkill_resumes_to_the_same_archive(portal_server, tmp_path):
    reference = str(tmp_path / "reference.db")
    crawl("--start-url", start_url(portal_server), "--db", reference)

    db_path = str(tmp_path / "killed.db")
    archived = crawl_killed_when(start_url(portal_server), db_path, "select count(*) from articles", 8)
    assert 8 <= archived < 36

    crawl("--start-url", start_url(portal_server), "--db", db_path)
    assert contents(db_path) == contents(reference)
    db = sqlite3.connect(db_path)
    assert db.execute("pragma integrity_check").fetchone()[0] == "ok"
    statuses = [row[0] for row in db.execute("select status from crawl_runs order by id")]
    assert statuses == ["interrupted", "ok"]


def test_failed_url_is_recorded_then_archived_by_the_next_run(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    victim = portal_server.portal.articles[7]
    # One request and two retries answer 503 in the first run; the next run gets a 200.
    portal_server.portal.fail(victim.path, times=3, status=503)
    crawl("--start-url", start_url(portal_server), "--db", db_path)
    db = sqlite_utils.Database(db_path)
    victim_url = victim.url(portal_server.base_url)
    errors = list(db["crawl_errors"].rows)
    assert [(e["url"], e["status"]) for e in errors] == [(victim_url, "503")]
    run = db["crawl_runs"].get(1)
    assert (run["status"], run["errors"], run["articles_new"]) == ("partial", 1, 35)
    assert run["pages_fetched"] >= 36

    crawl("--start-url", start_url(portal_server), "--db", db_path)
    assert victim_url in {row[0] for row in contents(db_path)}
    assert list(db["crawl_errors"].rows) == []
    run = db["crawl_runs"].get(2)
    assert (run["status"], run["errors"], run["articles_new"]) == ("ok", 0, 1)
