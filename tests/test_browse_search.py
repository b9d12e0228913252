"""Search in the archive's Datasette finds exactly what a substring scan finds.

A generated archive of a few thousand articles mixes Simplified and Traditional
characters, punctuation, spaces and English words; every query is checked
against a scan of the folded titles and bodies.
"""

from __future__ import annotations

import asyncio
import random
import re
import sqlite3
import urllib.parse

import opencc
import pytest

from portal_spider.browse import make_datasette
from storage import Archive, Article
from storage.search_index import fold, highlight_spans, match_query

ARTICLES = 3000
# Characters with and without a distinct Traditional form, so that both scripts occur.
HAN = "攻略版本新手副本阵容搭配的是在了不和有大这个上中国们说开时会为对坦克辅助输出装备强化升级队伍关卡角色技能"
WORDS = ["guide", "guides", "tank", "tanking", "support", "build", "meta", "patch", "v2", "raid"]
PUNCTUATION = ["，", "。", "！", " ", "\n", "、", "（", "）", "-", "_"]
S2T = opencc.OpenCC("s2t")


def random_text(rng: random.Random, length: int) -> str:
    pieces = []
    for _ in range(length):
        roll = rng.random()
        if roll < 0.005:
            pieces.append("阵容搭配")
        elif roll < 0.75:
            pieces.append(rng.choice(HAN))
        elif roll < 0.88:
            pieces.append(rng.choice(PUNCTUATION))
        else:
            pieces.append(f" {rng.choice(WORDS)} " if rng.random() < 0.5 else rng.choice(WORDS).title())
    text = "".join(pieces)
    return S2T.convert(text) if rng.random() < 0.5 else text


@pytest.fixture(scope="module")
def archive_path(tmp_path_factory):
    rng = random.Random(16)
    path = tmp_path_factory.mktemp("search") / "guides.db"
    archive = Archive(str(path))
    articles = [
        Article(url=f"http://portal{i % 3}.test/{i}.html", portal=f"portal{i % 3}",
                title=random_text(rng, 8), body_text=random_text(rng, rng.randint(20, 120)))
        for i in range(ARTICLES)
    ]
    for start in range(0, ARTICLES, 64):
        archive.save_many(articles[start : start + 64])
    archive.db.close()
    return path


def scan(path, query: str) -> set[int]:
    """The reference: rows whose folded title or body contains every term (CJK runs
    as substrings, words at a word start)."""
    terms = [fold(term) for term in query.split()]
    found = set()
    with sqlite3.connect(path) as conn:
        for article_id, title, body in conn.execute("SELECT id, title, body_text FROM articles"):
            texts = [fold(title), fold(body)]
            if all(any(term_matches(term, text) for text in texts) for term in terms):
                found.add(article_id)
    return found


def term_matches(term: str, text: str) -> bool:
    if re.fullmatch(r"[a-z0-9]+", term):
        # A word starts after anything but a letter or digit: CJK characters included.
        return re.search(rf"(?<![a-z0-9]){re.escape(term)}", text) is not None
    return term in text


async def searched(datasette, query: str) -> set[int]:
    ids: set[int] = set()
    path = "/guides/articles.json?" + urllib.parse.urlencode({"_search": query, "_col": "id", "_size": "max"})
    first = await datasette.client.get(path)
    # A search that chooses no order is ranked: Datasette serves it from the results view.
    assert first.status_code == 302 and first.headers["location"].startswith("/guides/articles_search_results.json?")
    path = first.headers["location"]
    while path:
        response = await datasette.client.get(path)
        assert response.status_code == 200, response.text
        data = response.json()
        ids |= {row[0] for row in data["rows"]}
        path = data["next_url"] and urllib.parse.urlsplit(data["next_url"])._replace(scheme="", netloc="").geturl()
    return ids


def queries() -> list[str]:
    rng = random.Random(7)
    chosen = ["的", "攻略", "版本", "新手", "副本", "阵容搭配", "陣容搭配", "隊伍", "队伍", "坦克 辅助", "攻略 guide",
              "guide", "guides", "tank", "Tank", "sup", "v2", "raid meta", "龍", "手攻略"]
    for length in (1, 2, 3):
        for _ in range(6):
            run = "".join(rng.choice(HAN) for _ in range(length))
            chosen += [run, S2T.convert(run)]
    return chosen


def test_search_finds_exactly_what_a_substring_scan_finds(archive_path):
    datasette = make_datasette(archive_path)

    async def check():
        mismatches = {}
        for query in queries():
            expected, got = scan(archive_path, query), await searched(datasette, query)
            if expected != got:
                mismatches[query] = (len(expected), len(got), sorted(expected ^ got)[:5])
        return mismatches

    assert asyncio.run(check()) == {}
    # The generated archive is not trivial: common queries find many rows, rare ones few.
    assert len(scan(archive_path, "的")) > ARTICLES // 2
    assert 0 < len(scan(archive_path, "阵容搭配")) < ARTICLES // 2


def test_both_scripts_find_the_same_articles(archive_path):
    datasette = make_datasette(archive_path)

    async def both():
        return await searched(datasette, "阵容搭配"), await searched(datasette, "陣容搭配")

    simplified, traditional = asyncio.run(both())
    assert simplified == traditional and simplified


def test_ranked_search_marks_matches_in_snippets(archive_path):
    datasette = make_datasette(archive_path)

    async def run():
        query = urllib.parse.quote("队伍")
        rows = (await datasette.client.get(f"/guides/search.json?_shape=array&q={query}")).json()
        page = (await datasette.client.get(f"/guides/search?q={query}")).text
        listed = (await datasette.client.get(f"/guides/articles?_search={query}", follow_redirects=True)).text
        return rows, page, listed

    rows, page, listed = asyncio.run(run())
    # The list's search too: matches marked in the snippets and in the linked titles.
    assert re.search(r'<td class="col-snippet">[^<]*<mark>(队伍|隊伍)</mark>', listed)
    assert re.search(r'<td class="col-title"><a href="/guides/articles/\d+">[^<]*<mark>(队伍|隊伍)</mark>', listed)
    assert "<mark><" not in listed and "\ue001" not in listed
    assert '<link rel="alternate" type="application/atom+xml" title="New articles" href="/guides/articles_search_results.atom?_search=' in listed
    # The snippet marks a match in the body; a row matching by its title alone has none there.
    assert rows and all("\ue001" in row["snippet"] or "队伍" in fold(row["title"]) for row in rows)
    assert any("\ue001" in row["snippet"] for row in rows)
    assert re.search(r"<mark>(队伍|隊伍)</mark>", page)
    assert f'<a href="/guides/articles/{rows[0]["id"]}">' in page


def test_search_page_box_and_empty_query(archive_path):
    datasette = make_datasette(archive_path)

    async def run():
        box = (await datasette.client.get("/guides/articles")).text
        nothing = await searched(datasette, "，。")
        return box, nothing

    box, nothing = asyncio.run(run())
    assert 'name="_search"' in box and "<mark>" not in box
    assert nothing == set()


def test_index_follows_new_revised_and_deleted_articles(tmp_path):
    path = tmp_path / "guides.db"
    archive = Archive(str(path))
    archive.save(Article(url="http://p.test/1.html", title="新手入門", body_text="第一版的內容。"))
    archive.save(Article(url="http://p.test/2.html", title="副本", body_text="打法说明。"))
    archive.save(Article(url="http://p.test/1.html", title="新手入門", body_text="改寫後的攻略。"))
    # Another tool writes rows; the archive's next write indexes them.
    archive.db.execute("INSERT INTO articles (url, title, body_text) VALUES ('http://p.test/3.html', '外部', '手工加入的队伍')")
    archive.db.execute("DELETE FROM articles WHERE url = 'http://p.test/2.html'")
    archive.db.conn.commit()
    archive.save(Article(url="http://p.test/4.html", title="另一篇", body_text="无关。"))
    archive.db.close()
    datasette = make_datasette(path)

    async def run():
        return {query: await searched(datasette, query) for query in ("第一版", "攻略", "隊伍", "打法", "入门")}

    found = asyncio.run(run())
    assert found == {"第一版": set(), "攻略": {1}, "隊伍": {3}, "打法": set(), "入门": {1}}


def test_highlights_point_into_the_original_text():
    text = "深淵十二層的配隊 Guides guide，攻，略 攻略"
    spans = highlight_spans(text, "十二层 guide 攻略")
    assert [text[start:end] for start, end in spans] == ["十二層", "Guides", "guide", "攻略"]
    assert match_query("，。 ") == match_query("")  # nothing to search for: matches nothing


def test_list_search_is_ranked_by_bm25_and_pages_keep_the_order(archive_path):
    datasette = make_datasette(archive_path)
    query = "阵容搭配 的"
    with sqlite3.connect(archive_path) as conn:
        ranked = [i for (i,) in conn.execute(
            "SELECT rowid FROM articles_search WHERE articles_search MATCH ? "
            "ORDER BY bm25(articles_search, 5.0, 1.0), rowid DESC", [match_query(query)])]

    async def run():
        pages, path = [], "/guides/articles.json?" + urllib.parse.urlencode({"_search": query, "_size": "7", "_shape": "objects"})
        response = await datasette.client.get(path, follow_redirects=True)
        while True:
            data = response.json()
            pages += [row["id"] for row in data["rows"]]
            if not data["next_url"]:
                break
            response = await datasette.client.get(urllib.parse.urlsplit(data["next_url"])._replace(scheme="", netloc="").geturl())
        newest = await datasette.client.get(
            "/guides/articles.json?" + urllib.parse.urlencode({"_search": query, "_sort_desc": "id", "_col": "id"}))
        unsearched = await datasette.client.get("/guides/articles_search_results.json?portal=portal1&_sort=search_rank")
        # The search box sends the list's own order: that is no order chosen.
        boxed = await datasette.client.get("/guides/articles?_search=v2&_sort_desc=published_at&_next=x")
        by_date = await datasette.client.get("/guides/articles_search_results?_search=v2&_sort_desc=published_at")
        return pages, newest, unsearched, boxed, by_date

    pages, newest, unsearched, boxed, by_date = asyncio.run(run())
    assert boxed.status_code == 302 and boxed.headers["location"] == "/guides/articles_search_results?_search=v2"
    assert by_date.status_code == 200 and "sorted by published_at descending" in by_date.text
    assert len(ranked) > 14 and pages == ranked  # best match first, across pages of 7
    # An order of one's own keeps the articles table (newest first here); no search is the plain list.
    assert newest.status_code == 200 and [row[0] for row in newest.json()["rows"]] == sorted(ranked, reverse=True)[:50]
    assert unsearched.status_code == 302 and unsearched.headers["location"] == "/guides/articles.json?portal=portal1"
