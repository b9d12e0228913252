from portal_spider.discovery import find_listing_links, url_shape
from portal_spider.portals import Portal

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


def _pager_next(pager: str, url: str = "http://portal.test/list/index_3.html") -> list[str]:
    return find_listing_links(listing(ITEMS, pager), url).next_page_urls


def test_numbered_bar_takes_the_number_after_the_current_page():
    marked = ('<ul><li><a href="/list/index_2.html">2</a></li><li class="active"><a href="/list/index_3.html">3</a>'
              '</li><li><a href="/list/index_4.html">4</a></li><li><a href="/list/index_9.html">9</a></li></ul>')
    assert _pager_next(marked) == ["http://portal.test/list/index_4.html"]
    unmarked = '<a href="/list/index_2.html">2</a><a href="/list/index_4.html">4</a><a href="/list/index_5.html">5</a>'
    assert _pager_next(unmarked) == ["http://portal.test/list/index_4.html"]


def test_first_page_without_number_and_last_page_arrow():
    pager = '<a href="/list/index_2.html">2</a><a href="/list/index_3.html">3</a><a href="/list/index_9.html">»</a>'
    assert _pager_next(pager, "http://portal.test/list/index.html") == ["http://portal.test/list/index_2.html"]
    last_titled = '<span class="current">3</span><a href="/list/index_4.html">4</a><a title="末页" href="/list/index_9.html">»</a>'
    assert _pager_next(last_titled) == ["http://portal.test/list/index_4.html"]


def test_next_by_class_or_rel_and_none_on_the_last_page():
    assert _pager_next('<a class="nextpostslink" href="/page/4/">»</a><a href="/page/9/">Last »</a>') == [
        "http://portal.test/page/4/"]
    assert _pager_next('<link rel="next" href="/list/index_4.html">') == ["http://portal.test/list/index_4.html"]
    assert _pager_next('<a href="/list/index_2.html">上一頁</a><span>3</span>') == []


def test_forum_board_takes_thread_titles_not_authors_pages_or_last_posts():
    rows = "".join(
        f'<tbody id="normalthread_{t}"><tr><th class="{"new" if t % 2 else "common"}">'
        f'<a href="thread-{t}-1-1.html" class="s xst">深淵十二層滿星陣容分享第{t}帖</a>'
        f'<span class="tps"><a href="thread-{t}-2-1.html">2</a><a href="thread-{t}-3-1.html">3</a></span></th>'
        f'<td class="by"><cite><a href="space-uid-{t}.html">玩家{t}</a></cite><em>2025-5-13</em></td>'
        f'<td class="by"><em><a href="forum.php?mod=redirect&tid={t}&goto=lastpost">2025-5-14 10:30</a></em></td></tr></tbody>'
        for t in range(147110, 147122)
    )
    html = (f'<html><body><a href="forum-3-1.html">崩壞星穹鐵道討論區</a><a href="forum-4-1.html">原神綜合討論區</a>'
            f'<table>{rows}</table><div class="pg"><strong>1</strong><a href="forum-2-2.html">2</a>'
            f'<a href="forum-2-2.html" class="nxt">下一頁</a></div></body></html>')
    links = find_listing_links(html, "http://bbs.portal.test/forum-2-1.html")
    assert links.article_urls == [f"http://bbs.portal.test/thread-{t}-1-1.html" for t in range(147110, 147122)]
    assert links.next_page_urls == ["http://bbs.portal.test/forum-2-2.html"]


def test_slug_cards_with_image_tiles_tags_and_authors():
    cards = "".join(
        f'<article class="card"><a class="thumb" href="/guides/how-to-beat-boss-{n}/"><img alt=""></a>'
        f'<h3><a href="/guides/how-to-beat-boss-{n}/">How to beat the boss in chapter {n}</a></h3>'
        f'<a href="/author/jane-doe/">Jane Doe</a> <a href="/tag/elden-ring-dlc/">Elden Ring DLC</a>'
        f'<a href="/guides/how-to-beat-boss-{n}/#comments">{n} comments</a> <a href="/guides/how-to-beat-boss-{n}/">Read more »</a></article>'
        for n in range(1, 8)
    )
    html = f'<html><body><nav><a href="/guides/">Guides</a><a href="/about-us/">About us</a></nav><main>{cards}</main></body></html>'
    links = find_listing_links(html, "https://game.test/guides/")
    assert links.article_urls == [f"https://game.test/guides/how-to-beat-boss-{n}/" for n in range(1, 8)]


def test_other_hosts_count_only_when_given():
    items = "".join(f'<li><a href="https://news.portal.test/a/{n}.html">新版本角色強度排行第{n}期</a></li>' for n in range(10, 16))
    html = f"<html><body><ul>{items}</ul></body></html>"
    assert find_listing_links(html, "https://www.portal.test/").article_urls == []
    portal = Portal(name="p", start_urls=("https://www.portal.test/",), hosts=("news.portal.test",))
    links = find_listing_links(html, "https://www.portal.test/", owns=portal.owns)
    assert len(links.article_urls) == 6


def test_a_last_page_with_one_article_is_read_by_the_shapes_of_earlier_pages():
    one = '<li><a href="/article/1009.html">原神新版本深淵攻略第九期詳解</a> <span>2025-05-13</span></li>'
    assert find_listing_links(listing(one), BASE).article_urls == []
    known = frozenset({url_shape("http://portal.test/article/1000.html")})
    assert find_listing_links(listing(one), BASE, known_shapes=known).article_urls == [
        "http://portal.test/article/1009.html"]


def test_other_hosts_of_the_same_registrable_domain_are_the_portal():
    items = "".join(f'<li><a href="https://ent.163.com/25/0513/10/K{n}ABCDEF0001.html">新版本角色強度排行第{n}期</a></li>' for n in range(10, 16))
    html = f'<html><body><ul>{items}</ul><a href="https://www.elsewhere.com/a/12345.html">友情鏈接一個很長的網站名稱</a></body></html>'
    assert len(find_listing_links(html, "https://www.163.com/").article_urls) == 6


def test_a_board_numbered_oldest_first_continues_behind_previous_on_its_entry_page():
    pager = '<a href="/bbs/Board/index1.html">最舊</a><a href="/bbs/Board/index3999.html">‹ 上頁</a><a>下頁 ›</a>'
    assert _pager_next(pager, "http://portal.test/bbs/Board/index.html") == [
        "http://portal.test/bbs/Board/index3999.html"]
    # Elsewhere "previous" is where the crawl came from.
    assert _pager_next('<a href="/list/index_2.html">上一頁</a>', "http://portal.test/list/index_3.html") == []
