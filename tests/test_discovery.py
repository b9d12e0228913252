from portal_spider.discovery import find_listing_links

BASE = "http://portal.test/list/index_2.html"


def listing(items: str, pager: str = "") -> str:
    return f"""<html><body>
    <div class="nav"><a href="/">首頁</a><a href="/about.html">關於我們</a><a href="/cat/3.html">攻略</a></div>
    <ul class="list">{items}</ul>
    <div class="pager">{pager}</div>
    <div class="footer"><a href="http://elsewhere.test/a/1.html">友情鏈接一個很長的網站名稱</a></div>
    </body></html>"""


ITEMS = "".join(
    f'<li><a href="/article/{n}.html">原神新版本深淵攻略第{n}期詳解</a> <span>2025-05-13</span></li>'
    for n in range(100, 110)
)


def test_zero_config_finds_articles_and_next_page():
    pager = '<a href="/list/index.html">上一頁</a><a href="/list/index.html">1</a><a href="/list/index_3.html">下一頁</a>'
    links = find_listing_links(listing(ITEMS, pager), BASE)
    assert links.article_urls == [f"http://portal.test/article/{n}.html" for n in range(100, 110)]
    assert links.next_page_urls == ["http://portal.test/list/index_3.html"]


def test_last_page_has_no_next_page():
    links = find_listing_links(listing(ITEMS, '<a href="/list/index.html">上一頁</a>'), BASE)
    assert links.next_page_urls == []


def test_other_sites_and_navigation_are_not_articles():
    links = find_listing_links(listing(ITEMS), BASE)
    assert not any("elsewhere" in url or "about" in url or "/cat/" in url for url in links.article_urls)


def test_english_next_and_rel_free_pager():
    items = "".join(f'<a href="/guides/{n}-boss-guide">How to beat boss number {n}</a>' for n in range(5))
    links = find_listing_links(listing(items, '<a href="/guides?page=2">Next »</a>'), "http://p.test/guides")
    assert len(links.article_urls) == 5
    assert links.next_page_urls == ["http://p.test/guides?page=2"]


def test_selectors_override_heuristics():
    html = listing(ITEMS, '<a class="more" href="/list/index_9.html">更多</a>')
    links = find_listing_links(html, BASE, article_link_selector="ul.list li:first-child a",
                               next_page_selector="a.more")
    assert links.article_urls == ["http://portal.test/article/100.html"]
    assert links.next_page_urls == ["http://portal.test/list/index_9.html"]


def test_garbage_gives_no_links():
    assert find_listing_links("", BASE).article_urls == []
    assert find_listing_links("<<<>>>\x00", BASE).next_page_urls == []
