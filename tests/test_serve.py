"""portal-archive serve: Datasette on the archive, as a user starts it."""

from __future__ import annotations

import http.client
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


def request_with_host(port: int, host: str) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.putrequest("GET", "/guides/articles", skip_host=True)
        connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


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
                           "crawl_run_portals", "crawl_notes", "raw_pages"}
        rows = json.loads(get(f"http://127.0.0.1:{port}/guides/articles.json?_shape=array&_sort=id"))
        assert [row["title"] for row in rows] == ["原神攻略", "星穹鐵道"]
        # Chinese search, one character and folded: 层 finds the Traditional 層.
        query = urllib.parse.quote("层")
        found = json.loads(get(f"http://127.0.0.1:{port}/guides/articles.json?_shape=array&_search={query}"))
        assert [row["title"] for row in found] == ["原神攻略"]
        assert get(f"http://127.0.0.1:{port}/robots.txt") == b"User-agent: *\nDisallow: /\n"
        # A DNS-rebinding page reaches 127.0.0.1 under its own name: refused, with the reason.
        for host, expected in (("evil.test", 421), (f"evil.test:{port}", 421), (f"localhost:{port}", 200),
                               (f"[::1]:{port}", 200), ("127.0.0.1", 200)):
            status, headers, body = request_with_host(port, host)
            assert status == expected, (host, status, body)
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            if expected == 421:
                assert body.count(b"\n") == 1 and b"'evil.test' is not served here" in body
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
    assert runner.invoke(cli, ["serve", "--db", str(db_path), "--allow-host", "Guides.Example.org.",
                               "--allow-host", "archive.lan:8001", "--allow-host", "[fd00::5]"]).exit_code == 0
    assert [call[:4] for call in calls] == [
        (str(db_path), "127.0.0.1", 8001, False), (str(db_path), "0.0.0.0", 8001, True),
        (str(db_path), "10.0.0.1", 8001, True), (str(db_path), "127.0.0.1", 8001, False)]
    local, public, on_address, named = (call[4] for call in calls)
    assert local == ["localhost", "127.0.0.1", "::1"]
    # --public adds this machine's own names; a --host address and --allow-host names are served too.
    assert public[:3] == local and socket.gethostname().lower() in public
    assert "10.0.0.1" in on_address and named == [*local, "guides.example.org", "archive.lan", "fd00::5"]
    assert portal_spider.browse.metadata(public=True)["allow_sql"] is False
    assert "allow_sql" not in portal_spider.browse.metadata(public=False)
