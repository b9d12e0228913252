"""portal-archive serve: Datasette on the archive, as a user starts it."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from storage import Archive, Article


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, attempts: int = 100) -> bytes:
    for _ in range(attempts):
        try:
            return urllib.request.urlopen(url, timeout=2).read()
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"no answer from {url}")


def test_serve_answers_versions_and_lists_articles(tmp_path):
    db_path = tmp_path / "guides.db"
    archive = Archive(str(db_path))
    archive.save(Article(url="http://p.test/1.html", title="原神攻略", body_text="深淵十二層的配隊思路。"))
    archive.save(Article(url="http://p.test/2.html", title="星穹鐵道", body_text="模擬宇宙的祝福選擇。"))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "serve", "--db", str(db_path), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        versions = json.loads(get(f"http://127.0.0.1:{port}/-/versions.json"))
        assert "datasette" in versions
        tables = json.loads(get(f"http://127.0.0.1:{port}/guides.json"))["tables"]
        # The contract's tables; the machinery of duplicate detection, search and resuming is hidden.
        visible = {table["name"] for table in tables if not table["hidden"]}
        assert visible == {"articles", "article_urls", "article_revisions", "crawl_runs", "crawl_errors",
                           "crawl_run_portals", "crawl_notes"}
        rows = json.loads(get(f"http://127.0.0.1:{port}/guides/articles.json?_shape=array&_sort=id"))
        assert [row["title"] for row in rows] == ["原神攻略", "星穹鐵道"]
        # Chinese search, one character and folded: 层 finds the Traditional 層.
        query = urllib.parse.quote("层")
        found = json.loads(get(f"http://127.0.0.1:{port}/guides/articles.json?_shape=array&_search={query}"))
        assert [row["title"] for row in found] == ["原神攻略"]
        assert get(f"http://127.0.0.1:{port}/robots.txt") == b"User-agent: *\nDisallow: /\n"
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_missing_archive(tmp_path):
    from click.testing import CliRunner

    from portal_spider.cli import cli

    result = CliRunner().invoke(cli, ["serve", "--db", str(tmp_path / "none.db")])
    assert result.exit_code != 0 and "archive not found" in result.output


def test_serve_public_listens_on_all_interfaces_without_sql(tmp_path, monkeypatch):
    from click.testing import CliRunner

    import portal_spider.browse
    from portal_spider.cli import cli

    db_path = tmp_path / "guides.db"
    Archive(str(db_path)).db.close()
    calls = []
    monkeypatch.setattr(portal_spider.browse, "serve_archive", lambda *args: calls.append(args))
    runner = CliRunner()
    assert runner.invoke(cli, ["serve", "--db", str(db_path)]).exit_code == 0
    assert runner.invoke(cli, ["serve", "--db", str(db_path), "--public"]).exit_code == 0
    assert runner.invoke(cli, ["serve", "--db", str(db_path), "--public", "--host", "10.0.0.1"]).exit_code == 0
    assert calls == [(str(db_path), "127.0.0.1", 8001, False), (str(db_path), "0.0.0.0", 8001, True),
                     (str(db_path), "10.0.0.1", 8001, True)]
    assert portal_spider.browse.metadata(public=True)["allow_sql"] is False
    assert "allow_sql" not in portal_spider.browse.metadata(public=False)
