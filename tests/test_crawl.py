"""End to end: the sample portal on loopback, crawled by the real command into a real archive."""

from __future__ import annotations

import sqlite_utils

from tests.conftest import crawl

FIELDS = ("url", "title", "author", "published_at", "body_text")


def archived(db_path) -> dict[str, dict]:
    db = sqlite_utils.Database(db_path)
    return {row["url"]: {k: row[k] for k in FIELDS} for row in db["articles"].rows}


def test_zero_config_crawl_archives_every_article_once_with_its_fields(portal_server, tmp_path):
    db_path = tmp_path / "archive.db"
    result = crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(db_path))
    truth = {a["url"]: {k: a[k] for k in FIELDS} for a in portal_server.portal.truth_json(portal_server.base_url)}

    rows = archived(db_path)
    assert set(rows) == set(truth)  # once each: sidebar links with tracking params add no rows
    for url, expected in truth.items():
        assert rows[url] == expected, url
    assert "36 new" in result.stdout


def test_multi_page_articles_are_joined_in_order(portal_server, tmp_path):
    db_path = tmp_path / "archive.db"
    crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(db_path))
    rows = archived(db_path)
    multi = [a for a in portal_server.portal.articles if len(a.page_paths) > 1]
    assert multi, "the sample portal must have multi-page articles"
    for article in multi:
        assert rows[article.url(portal_server.base_url)]["body_text"] == article.body_text
    fetched = portal_server.requests
    for article in multi:
        for path in article.page_paths:
            assert fetched.count(path) == 1, path  # each page of an article fetched once


def test_pagination_is_followed_to_the_end(portal_server, tmp_path):
    crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "a.db"))
    requested = set(portal_server.requests)
    assert set(portal_server.portal.listing_paths) <= requested


def test_zero_config_and_toml_give_the_same_archive(portal_server, tmp_path):
    crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(tmp_path / "zero.db"))
    config = tmp_path / "portals.toml"
    config.write_text(
        f'[portals.sample]\nstart_urls = ["{portal_server.base_url}/list/index.html"]\n'
        'next_page_selector = "div.pager a"\ntimezone = "Asia/Shanghai"\n',
        encoding="utf-8",
    )
    crawl("--config", str(config), "--db", str(tmp_path / "toml.db"))
    assert archived(tmp_path / "zero.db") == archived(tmp_path / "toml.db")
    portals = {row["portal"] for row in sqlite_utils.Database(tmp_path / "toml.db")["articles"].rows}
    assert portals == {"sample"}


def test_scrapy_crawl_command_works_from_the_project_root(portal_server, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    db_path = tmp_path / "scrapy.db"
    result = subprocess.run(
        [sys.executable, "-m", "scrapy", "crawl", "portal",
         "-a", f"start_url={portal_server.base_url}/list/index.html",
         "-s", f"ARCHIVE_PATH={db_path}", "-s", "AUTOTHROTTLE_ENABLED=0", "-s", "DOWNLOAD_DELAY=0",
         "-s", "LOG_LEVEL=WARNING"],
        cwd=Path(__file__).parent.parent, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert len(archived(db_path)) == 36


def test_redirected_and_tracking_urls_are_one_row_with_aliases(portal_server, tmp_path):
    from storage import Archive

    db_path = tmp_path / "a.db"
    article = portal_server.portal.articles[3]
    site = portal_server.base_url.removeprefix("http://")
    # URLs an earlier run left queued: a redirecting short link and a tracking-tagged copy.
    redirecting = f"{portal_server.base_url}/a/{article.id}"
    tagged = article.url(portal_server.base_url) + "?utm_source=weibo&spm=a1.b2"
    Archive(str(db_path)).crawl.enqueue([redirecting, tagged], site)

    crawl("--start-url", portal_server.base_url + "/list/index.html", "--db", str(db_path))
    db = sqlite_utils.Database(db_path)
    assert db["articles"].count == 36
    row_id = db.execute("select id from articles where url = ?", [article.url(portal_server.base_url)]).fetchone()[0]
    aliases = {url: article_id for url, article_id in db.execute("select url, article_id from article_urls")}
    assert aliases.get(redirecting) == row_id
