"""The archive in a real browser: Debian's chromium driven by Playwright.

Searches with a two-character Chinese query in the list's search box (ranked, matches
marked), opens a result and sees its formatted body; Datasette's own scripts run under
the Content-Security-Policy and nothing is refused on the list, search and article pages; an archived article full of script payloads runs none of them.
With SAVE_SCREENSHOTS=1 it saves the screenshots the README shows
(docs/browse-*.png); otherwise they go to the test's temporary directory, so that a
test run leaves the checkout as it was.

Skipped when chromium or Playwright is missing, except under CI=true, where
.ci/run installs both and a missing browser is a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from benchmarks.dedup_corpus import Generator
from storage import Archive, Article
from tests.test_serve import free_port, get

CHROMIUM = "/usr/bin/chromium"


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} not installed (apt-get install chromium fonts-wqy-zenhei; .ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright not installed (pip install playwright; .ci/run does)"
    return None


MISSING = _missing()
if MISSING and os.environ.get("CI") == "true":
    raise RuntimeError(f"the browser test is required under CI: {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class Beacon:
    """A loopback server recording every request: a payload that runs calls it."""

    def __init__(self):
        hits = self.hits = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                hits.append(self.path)
                self.send_response(204)
                self.end_headers()

            do_POST = do_GET

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def payloads(beacon: str) -> dict[str, str]:
    call = lambda name: f"fetch('{beacon}/{name}');alert('{name}');console.log('{name}')"  # noqa: E731
    return {
        "title": f"<script>{call('title')}</script>攻略<img src=data:, onerror=\"{call('title-img')}\">",
        "author": f"<svg onload=\"{call('author')}\"></svg>",
        "body_html": (
            f"<p>正文第一段：攻略。</p><script>{call('script')}</script>"
            f"<img src=\"data:,\" onerror=\"{call('onerror')}\">"
            f"<svg onload=\"{call('svg')}\"><circle r=\"1\"/></svg>"
            f"<iframe srcdoc=\"<script>{call('iframe')}</script>\"></iframe>"
            f"<p><a id=\"payload-link\" href=\"javascript:{call('javascript')}\">链接</a></p>"
            f"<object data=\"javascript:{call('object')}\"></object>"
        ),
    }


@pytest.fixture
def guides(tmp_path):
    path = tmp_path / "guides.db"
    archive = Archive(str(path))
    generator = Generator(seed=11)
    for i in range(12):
        article = generator.article()
        lines = article.body_text.split("\n")
        archive.save(Article(
            url=f"http://portal{i % 3}.test/guide/{i}.html", portal=f"portal{i % 3}",
            title=(article.title or f"第{i}篇") + ("攻略" if i % 2 else ""), author=["張三", "李四", "王五"][i % 3],
            published_at=f"2026-05-{1 + i:02d}T0{i % 10}:30:00+08:00",
            body_text="攻略要点\n" + article.body_text,
            body_html="<h2>攻略要点</h2>" + "".join(f"<p>{line}</p>" for line in lines),
        ))
    archive.db.close()
    return path


def add_payload_article(path, beacon_url: str) -> int:
    evil = payloads(beacon_url)
    archive = Archive(str(path))
    # Straight into the table, as another tool might write it: the page must not trust body_html.
    archive.db.execute(
        "INSERT INTO articles (url, portal, title, author, published_at, body_text, body_html) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ["http://evil.test/1.html", "evil", evil["title"], evil["author"], "2026-04-01T00:00:00+08:00",
         "正文第一段：攻略。", evil["body_html"]],
    )
    archive.db.conn.commit()
    evil_id = archive.db.execute("SELECT id FROM articles WHERE url = 'http://evil.test/1.html'").fetchone()[0]
    archive.save(Article(url="http://portal0.test/last.html", portal="portal0", body_text="索引跟上。"))  # indexes it
    archive.db.close()
    return evil_id


@contextmanager
def serving(path):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "serve", "--db", str(path), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        get(f"http://127.0.0.1:{port}/-/versions.json", attempts=600)  # a loaded machine starts it slowly
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture
def beacon():
    server = Beacon()
    yield server
    server.close()


@pytest.fixture
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            yield browser.new_page(viewport={"width": 1200, "height": 900})
        finally:
            browser.close()


def test_search_open_a_result_and_read_it(guides, page, tmp_path):
    docs = Path(__file__).parent.parent / "docs" if os.environ.get("SAVE_SCREENSHOTS") == "1" else tmp_path
    with serving(guides) as base:
        search_and_read(page, base, docs)


def search_and_read(page, base: str, docs: Path) -> None:
    page.goto(f"{base}/guides/articles")
    page.locator("table.archive-list").scroll_into_view_if_needed()
    page.screenshot(path=str(docs / "browse-list.png"))
    page.fill("input[name=_search]", "攻略")
    page.press("input[name=_search]", "Enter")
    page.wait_for_url("**/guides/articles_search_results?*")  # ranked, best match first
    results = page.locator("td.col-title a")
    assert results.count() >= 6
    # The six articles with 攻略 in their titles rank first, the match marked.
    assert all(results.nth(i).locator("mark").count() for i in range(6))
    assert page.locator("td.col-snippet mark").count() >= 6
    page.locator("table.archive-list").scroll_into_view_if_needed()
    page.screenshot(path=str(docs / "browse-search.png"))
    page.goto(f"{base}/guides/search?q=副本&_hide_sql=1")  # the stored search, with snippets too
    assert page.locator("td.col-snippet mark").count() >= 6
    page.go_back()
    results.first.click()
    page.wait_for_selector(".article-body")
    assert page.locator(".article-body p").count() >= 3
    assert page.locator(".article-body h2").inner_text() == "攻略要点"
    assert page.locator("h1").inner_text()
    page.screenshot(path=str(docs / "browse-article.png"), full_page=True)


def test_payloads_in_an_archived_article_run_nothing(guides, beacon, page):
    evil_id = add_payload_article(guides, beacon.url)
    with serving(guides) as base:
        visit_payloads(page, base, evil_id, beacon)


def visit_payloads(page, base: str, evil_id: int, beacon: Beacon) -> None:
    dialogs, messages = [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    # A Content-Security-Policy violation is a console message; a script error a page error.
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: messages.append(f"pageerror: {error}"))
    for url in (f"{base}/guides/articles/{evil_id}", f"{base}/guides/articles", f"{base}/guides/articles?_search=攻略",
                f"{base}/guides/search?q=攻略", f"{base}/-/feed.atom"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
    page.goto(f"{base}/guides/articles/{evil_id}")
    page.wait_for_load_state("networkidle")
    assert page.locator(".article-body").inner_text().startswith("正文第一段")
    if page.locator("#payload-link").count():
        page.locator("#payload-link").click()
    page.wait_for_timeout(500)  # give any payload that did get through the chance to call out
    assert (dialogs, messages, beacon.hits) == ([], [], [])


def test_datasette_scripts_run_under_the_policy(guides, page):
    with serving(guides) as base:
        datasette_scripts(page, base)


def datasette_scripts(page, base: str) -> None:
    """Datasette's own scripts (allowed by hash or served from its static files) still
    work: the SQL editor, a table's column menus and closing them; nothing is refused."""
    messages = []
    page.on("console", lambda message: messages.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: messages.append(f"pageerror: {error}"))
    page.goto(f"{base}/guides?sql=select+id,+title+from+articles")
    page.wait_for_selector(".CodeMirror")  # the editor replaced the text area
    page.goto(f"{base}/guides/article_fingerprints")  # a table shown as Datasette shows it
    page.locator("th .dropdown-menu-icon").first.click()
    page.wait_for_selector(".dropdown-menu", state="visible")
    page.click("h1")
    page.wait_for_selector(".dropdown-menu", state="hidden")
    page.goto(f"{base}/guides/articles?_search=攻略")  # the compact list's menus work too
    page.locator("th.col-portal .dropdown-menu-icon").click()
    page.wait_for_selector(".dropdown-menu", state="visible")
    assert "_sort=portal" in page.locator(".dropdown-menu a.dropdown-sort-asc").get_attribute("href")
    page.wait_for_load_state("networkidle")
    assert messages == []
