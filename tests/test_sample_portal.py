"""The bundled sample portal: deterministic, complete, and honest about its own truth."""

from __future__ import annotations

import html
import http.client
import itertools
import os
import re
import subprocess
import sys
import time
import urllib.request
from datetime import datetime

import pytest

from portal_spider.sample_portal import SamplePortal, serve
from portal_spider.sample_portal.portal import s2t

BASE = "http://portal.test"
PINYIN = re.compile(r"\([a-zü\u00e0-\u01dc]+\)")
TAG = re.compile(r"<[^>]+>")


@pytest.fixture(scope="module")
def portal() -> SamplePortal:
    return SamplePortal()


def get(portal: SamplePortal, path: str) -> tuple[int, dict, bytes]:
    return portal.respond(path, base_url=BASE)


def page_text(portal: SamplePortal, path: str) -> str:
    status, headers, body = get(portal, path)
    assert status == 200, path
    charset = "utf-8" if "charset=utf-8" in headers["Content-Type"] else "gb18030"
    return body.decode(charset)


def clean(fragment: str) -> str:
    """Visible text of a fragment with pinyin artefacts and ruby annotations removed."""
    fragment = re.sub(r"<rt>.*?</rt>", "", fragment)
    return PINYIN.sub("", html.unescape(TAG.sub("", fragment)))


def body_paragraphs(page: str) -> list[str]:
    content = re.search(r'<div class="content">(.*?)\n</div>', page, re.S).group(1)
    content = re.sub(r'<div class="ad">.*?</div>', "", content)
    return [clean(p) for p in re.findall(r"<p>(.*?)</p>", content, re.S)]


def listing_items(page: str) -> list[str]:
    block = re.search(r'<ul class="list">(.*?)</ul>', page, re.S).group(1)
    return re.findall(r'<li><a href="([^"]+)"', block)


def crawl_listings(portal: SamplePortal) -> tuple[list[str], list[str]]:
    """Follow every pager link from page 1; return (listing pages seen, their article links
    in page-number order)."""
    found, queue = {}, ["/list/index.html"]
    while queue:
        path = queue.pop()
        if path in found:
            continue
        page = page_text(portal, path)
        found[path] = listing_items(page)
        pager = re.search(r'<div class="pager">(.*?)</div>', page, re.S).group(1)
        queue.extend(re.findall(r'href="([^"]+)"', pager))

    def number(path: str) -> int:
        match = re.search(r"_(\d+)\.html$", path)
        return int(match.group(1)) if match else 1

    seen = sorted(found, key=number)
    return seen, [link for path in seen for link in found[path]]


def test_defaults_and_truth_shape(portal):
    articles = portal.articles
    assert len(articles) == 36 >= 30
    assert [a.published for a in articles] == sorted((a.published for a in articles), reverse=True)
    assert articles[0].published_at == "2025-05-13T11:07:46+08:00"
    assert len({a.id for a in articles}) == len({a.title for a in articles}) == 36
    first = articles[0]
    assert first.path == f"/article/{first.id}.html" and first.page_paths[0] == first.path
    assert first.url("http://x:1/") == f"http://x:1/article/{first.id}.html"
    rows = portal.truth_json(BASE)
    assert [r["url"] for r in rows] == [BASE + a.path for a in articles]
    assert set(rows[0]) == {"url", "title", "author", "published_at", "body_text"}
    assert portal.listing_paths == ["/list/index.html", "/list/index_2.html", "/list/index_3.html", "/list/index_4.html"]
    # the mix the spider has to cope with
    assert any(a.pages > 1 for a in articles)
    assert any(a.encoding == "gb18030" for a in articles)
    assert any(a.encoding == "utf-8" for a in articles)
    assert any(a.script == "simplified" for a in articles)
    assert any(a.pinyin for a in articles)
    assert sum(a.ruby for a in articles) == 1


def test_same_seed_same_bytes_other_seed_other_bytes():
    a, b, c = SamplePortal(seed=7), SamplePortal(seed=7), SamplePortal(seed=8)
    paths = a.listing_paths + [p for art in a.articles for p in art.page_paths]
    paths += ["/sitemap.xml", "/feed.xml", "/robots.txt", "/category/guide.html"]
    for path in paths:
        assert get(a, path) == get(b, path), path
    assert a.truth_json(BASE) == b.truth_json(BASE)
    assert get(a, "/list/index.html")[2] != get(c, "/list/index.html")[2]
    # a second portal with the same seed but another name is a different site
    other = SamplePortal(name="other", site_name="別站攻略", seed=7)
    assert {x.title for x in other.articles}.isdisjoint({x.title for x in a.articles}) or \
        [x.body_text for x in other.articles] != [x.body_text for x in a.articles]


DIGEST = """
import hashlib
from portal_spider.sample_portal import SamplePortal
portal, digest = SamplePortal(articles=60, seed=3), hashlib.sha256()
for path in portal.listing_paths + [p for a in portal.articles for p in a.page_paths] + ["/sitemap.xml"]:
    digest.update(portal.respond(path, base_url="http://portal.test")[2])
print(digest.hexdigest())
"""


def test_same_bytes_in_another_process():
    env = dict(os.environ, PYTHONHASHSEED="12345")
    other = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True, env=env, check=True)
    here = {}
    exec(DIGEST.replace("print(digest.hexdigest())", "result = digest.hexdigest()"), here)
    assert other.stdout.strip() == here["result"]


def shingles(text: str, k: int = 5) -> set[str]:
    text = s2t(text)  # compare across scripts, as a deduplicator would
    return {text[i:i + k] for i in range(len(text) - k + 1)}


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b)


def test_distinct_articles_are_far_apart_and_reposts_are_close():
    portal = SamplePortal(articles=120, seed=9)
    sets = [shingles(a.body_text) for a in portal.articles]
    worst = max(jaccard(a, b) for a, b in itertools.combinations(sets, 2))
    assert worst < 0.5, worst
    copier = SamplePortal(name="copier", site_name="搬運攻略", articles=5, seed=9)
    copies = copier.repost(portal, ids=[a.id for a in portal.articles[:20]])
    for copy in copies:
        original = portal.article(copy.repost_of[1])
        assert jaccard(shingles(copy.body_text), shingles(original.body_text)) > 0.8


def test_pagination_reaches_every_article_exactly_once(portal):
    seen, links = crawl_listings(portal)
    assert sorted(seen) == sorted(portal.listing_paths)
    assert links == [a.path for a in portal.articles]  # newest first, each once
    last = page_text(portal, portal.listing_paths[-1])
    pager = re.search(r'<div class="pager">(.*?)</div>', last, re.S).group(1)
    assert "下一頁</a>" not in pager and "上一頁</a>" in pager
    first = page_text(portal, "/list/index.html")
    assert '<a href="/list/index_2.html">下一頁</a>' in first
    assert '<span class="date">2025-05-13</span>' in first
    assert '<a href="/about.html">' in first and '<a href="/category/' in first
    assert get(portal, "/list/index_1.html")[0] == 404
    assert get(portal, f"/list/index_{len(portal.listing_paths) + 1}.html")[0] == 404


def test_article_pages_match_their_truth(portal):
    for a in portal.articles:
        paragraphs = []
        for n, path in enumerate(a.page_paths, start=1):
            page = page_text(portal, path)
            assert f'<link rel="canonical" href="{BASE}{a.path}">' in page
            h1 = re.search(r"<h1>(.*?)</h1>", page).group(1)
            assert clean(h1) == a.title
            info = clean(re.search(r'<div class="info">(.*?)</div>', page).group(1))
            assert a.author in info and a.published.strftime("%Y-%m-%d %H:%M:%S") in info
            assert '<div class="ad">' in page and '<div class="sidebar"><h3>' in page
            assert 'class="breadcrumb">' in page and "Copyright" in page
            if a.pages > 1:
                assert '<div class="pages">' in page
                if n < a.pages:
                    assert f'<a href="{a.page_paths[n]}">' in page
            paragraphs.extend(body_paragraphs(page))
        assert paragraphs == a.body_text.split("\n"), a.id
        assert "廣告" not in a.body_text and "广告" not in a.body_text
    assert get(portal, f"/article/{portal.articles[0].id}_1.html")[0] == 404


def test_multi_page_articles(portal):
    multi = [a for a in portal.articles if a.pages > 1]
    assert multi and all(len(a.page_paths) == a.pages for a in multi)
    a = multi[0]
    assert a.page_paths[1] == f"/article/{a.id}_2.html"
    assert get(portal, f"/article/{a.id}_{a.pages + 1}.html")[0] == 404
    second = page_text(portal, a.page_paths[1])
    assert re.search(r'<div class="pages"><a href="[^"]+">上一[頁页]</a>', second)


def test_pinyin_ruby_and_simplified_pages(portal):
    pinyin = next(a for a in portal.articles if a.pinyin)
    page = page_text(portal, pinyin.path)
    h1 = re.search(r"<h1>(.*?)</h1>", page).group(1)
    assert PINYIN.search(page) and "(" not in pinyin.title
    assert PINYIN.search(page.split('<div class="content">')[1])
    assert re.search(r"[當当]\(dāng\)前", page)
    assert clean(h1) == pinyin.title
    ruby = next(a for a in portal.articles if a.ruby)
    assert "<ruby>" in page_text(portal, ruby.path) and not PINYIN.search(ruby.body_text)
    simplified = next(a for a in portal.articles if a.script == "simplified")
    assert "发布时间" in clean(page_text(portal, simplified.path))
    plain = next(a for a in portal.articles if a.script == "traditional" and not a.pinyin and not a.ruby)
    assert "發布時間" in page_text(portal, plain.path)


def test_gb2312_meta_pages_are_gb18030(portal):
    gb = [a for a in portal.articles if a.encoding == "gb18030"]
    assert gb
    strict_gb2312_fails = 0
    for a in gb:
        status, headers, body = get(portal, a.path)
        assert headers["Content-Type"] == "text/html"
        assert b'<meta http-equiv="Content-Type" content="text/html; charset=gb2312">' in body
        text = body.decode("gb18030")  # strict: raises on a bad byte
        assert "\ufffd" not in text
        assert text.encode("gb18030") == body
        for paragraph in body_paragraphs(text):
            assert "?" not in paragraph and paragraph in a.body_text
        try:
            body.decode("gb2312")
        except UnicodeDecodeError:
            strict_gb2312_fails += 1
    assert strict_gb2312_fails  # the meta lies: GBK/GB18030-only characters are on the page
    utf8 = next(a for a in portal.articles if a.encoding == "utf-8")
    status, headers, body = get(portal, utf8.path)
    assert headers["Content-Type"] == "text/html; charset=utf-8" and b'<meta charset="utf-8">' in body


def test_sidebar_tracking_params_and_alias(portal):
    queries = set()
    for a in portal.articles:
        sidebar = page_text(portal, a.path).split('<div class="sidebar">')[1]
        links = re.findall(r'href="(/article/\d+\.html)(\?[^"]*)?"', sidebar)
        assert 1 <= len(links) <= 8 and a.path not in [p for p, _ in links]
        queries.update(q for _, q in links)
    assert {"", "?utm_source=hot", "?from=sidebar"} <= queries
    a = portal.articles[3]
    assert get(portal, a.path + "?utm_source=hot") [2] == get(portal, a.path)[2]
    status, headers, _ = get(portal, f"/a/{a.id}")
    assert status == 301 and headers["Location"] == BASE + a.path
    status, headers, _ = get(portal, "/")
    assert status in (301, 302) and headers["Location"] == BASE + "/list/index.html"
    assert get(portal, "/nope.html")[0] == 404 and get(portal, "/a/1")[0] == 404


def test_robots_sitemap_feed(portal):
    robots = get(portal, "/robots.txt")[2].decode()
    assert "Disallow: /admin/" in robots and f"Sitemap: {BASE}/sitemap.xml" in robots
    sitemap = get(portal, "/sitemap.xml")[2].decode()
    assert re.findall(r"<loc>(.*?)</loc>", sitemap) == [BASE + a.path for a in portal.articles]
    assert sitemap.count("<lastmod>2025-") == 36
    feed = get(portal, "/feed.xml")[2].decode()
    assert feed.count("<item>") == 20 and f"<link>{BASE}{portal.articles[0].path}</link>" in feed
    for slug in ("guide", "patch", "pvp"):
        assert get(portal, f"/category/{slug}.html")[0] == 200
    assert get(portal, "/about.html")[0] == 200


def test_fail_then_recover():
    portal = SamplePortal(articles=12)
    path = portal.articles[0].path
    portal.fail(path, times=2, status=503)
    assert get(portal, path)[0] == 503
    assert get(portal, path + "?from=sidebar")[0] == 503  # the query does not dodge it
    assert get(portal, path)[0] == 200
    portal.fail("/list/index.html", status=500)
    assert get(portal, "/list/index.html")[0] == 500 and get(portal, "/list/index.html")[0] == 200


def test_add_articles_shifts_listings():
    portal = SamplePortal(articles=30, seed=2)
    before = listing_items(page_text(portal, "/list/index.html"))
    old_newest = portal.articles[0]
    new = portal.add_articles(3)
    assert len(new) == 3 and portal.articles[:3] == new
    assert all(a.published > old_newest.published for a in new)
    assert len({a.id for a in portal.articles}) == 33
    after = listing_items(page_text(portal, "/list/index.html"))
    assert after[:3] == [a.path for a in new] and after[3:] == before[:7]
    assert len(portal.listing_paths) == 4
    seen, links = crawl_listings(portal)
    assert links == [a.path for a in portal.articles]


def test_edit_article_changes_page_and_lastmod():
    portal = SamplePortal(articles=12)
    a = portal.articles[5]
    old_page = get(portal, a.path)
    old_lastmod = re.search(rf"{a.path}</loc><lastmod>(.*?)<", get(portal, "/sitemap.xml")[2].decode()).group(1)
    portal.edit_article(a.id, body_text="第一段改寫後的內容。\n第二段補充說明。\n第三段。", title="改版後的標題")
    assert a.title == "改版後的標題" and a.body_text.split("\n")[0] == "第一段改寫後的內容。"
    new_page = get(portal, a.path)
    assert new_page[2] != old_page[2] and new_page[1]["ETag"] != old_page[1]["ETag"]
    assert body_paragraphs(page_text(portal, a.path)) == ["第一段改寫後的內容。", "第二段補充說明。", "第三段。"]
    new_lastmod = re.search(rf"{a.path}</loc><lastmod>(.*?)<", get(portal, "/sitemap.xml")[2].decode()).group(1)
    assert new_lastmod > old_lastmod
    status, _, body = portal.respond(a.path, headers={"If-None-Match": new_page[1]["ETag"]}, base_url=BASE)
    assert status == 304 and body == b""


def test_repost_disguises():
    original = SamplePortal(name="origin", site_name="原創攻略", articles=12, seed=4)
    copier = SamplePortal(name="copier", site_name="搬運攻略", articles=12, seed=5)
    source = [a for a in original.articles if a.script == "simplified"] or original.articles[:1]
    copies = copier.repost(original, ids=[source[0].id])
    assert len(copies) == 1 and copier.articles[0] is copies[0]
    copy = copies[0]
    assert copy.repost_of == ("origin", source[0].id) and copy.id not in {a.id for a in copier.articles[1:]}
    assert copy.script == "traditional" and copy.pinyin
    assert copy.body_text.endswith("本文轉載自網絡，如有侵權請聯繫刪除。")
    assert copy.body_text.split("\n")[0] not in source[0].body_text  # the editor's intro
    page = page_text(copier, copy.path)
    assert "搬運攻略" in clean(page.split("<title>")[1].split("</title>")[0])
    paragraphs = [p for path in copy.page_paths for p in body_paragraphs(page_text(copier, path))]
    assert paragraphs == copy.body_text.split("\n")
    plain = copier.repost(original, ids=[original.articles[1].id], disguise=set())
    assert plain[0].body_text == original.articles[1].body_text and not plain[0].pinyin
    with pytest.raises(ValueError):
        copier.repost(original, disguise={"bogus"})


def test_serve_over_loopback_records_requests():
    portal = SamplePortal(articles=15)
    a = portal.articles[2]
    with serve(portal, host="127.0.0.1", port=0) as server:
        assert server.base_url == f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(server.base_url + "/list/index.html", timeout=5) as response:
            assert response.status == 200 and a.path.encode() in response.read()
        with urllib.request.urlopen(f"{server.base_url}/a/{a.id}", timeout=5) as response:
            assert response.url == server.base_url + a.path
            assert f'href="{server.base_url}{a.path}"'.encode() in response.read()
        # keep-alive: several requests on one connection
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        for path in ("/robots.txt", a.path + "?utm_source=hot", "/missing"):
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            assert response.status == (404 if path == "/missing" else 200)
        conn.request("HEAD", a.path)
        response = conn.getresponse()
        assert response.status == 200 and response.read() == b""
        assert int(response.getheader("Content-Length")) > 0
        assert server.requests == ["/list/index.html", f"/a/{a.id}", a.path, "/robots.txt",
                                   a.path + "?utm_source=hot", "/missing", a.path]
    with pytest.raises(OSError):
        urllib.request.urlopen(server.base_url + "/robots.txt", timeout=1)
    with pytest.raises((OSError, http.client.HTTPException)):  # the kept-alive connection is gone too
        conn.request("GET", "/robots.txt")
        conn.getresponse()
    conn.close()


def test_five_thousand_articles_build(capsys):
    started = time.perf_counter()
    portal = SamplePortal(articles=5000, seed=1)
    elapsed = time.perf_counter() - started
    with capsys.disabled():
        print(f"\n5,000-article portal built in {elapsed:.2f} s ({5000 / elapsed:,.0f} articles/s)")
    assert len(portal.articles) == 5000 and len({a.id for a in portal.articles}) == 5000
    assert len(portal.listing_paths) == 500
    seen, links = crawl_listings(portal)  # the windowed pager still reaches every page and article once
    assert seen == portal.listing_paths and links == [a.path for a in portal.articles]
    assert len(listing_items(page_text(portal, "/list/index_500.html"))) == 10
    pager = page_text(portal, "/list/index_250.html")
    assert '<a href="/list/index_251.html">下一頁</a>' in pager and '<a href="/list/index_500.html">500</a>' in pager
    assert portal.articles[-1].published < datetime(2025, 5, 13)
