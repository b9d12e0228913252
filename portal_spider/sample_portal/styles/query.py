"""``query``: an old PHP CMS whose pages are scripts with query strings.

Articles ``/article.php?id=123`` (continuation pages ``&page=2``); listings ``/list.php``,
``/list.php?page=2`` …; categories ``/list.php?cid=1``; ``/search.php?kw=…`` hot keywords;
``/user.php?act=login``; relative links throughout, a table layout, 上一篇/下一篇 links
between articles. No sitemap and no feed: discovery has only the listing pages.
"""

from __future__ import annotations

import html
from urllib.parse import parse_qs, quote

from .. import content as C
from ..truth import ArticleTruth
from .base import HTML_UTF8, ChineseStyle, error_response, escape, page_response, redirect

_CATEGORY_IDS = {slug: n for n, slug in enumerate(C.CATEGORIES, 1)}


class QueryStyle(ChineseStyle):
    name = "query"
    summary = "/article.php?id=123, /list.php?page=2, no sitemap and no feed"
    disallow = ("/user.php",)

    def article_path(self, article: ArticleTruth, page: int) -> str:
        return f"/article.php?id={article.id}" + ("" if page == 1 else f"&page={page}")

    def listing_path(self, page: int) -> str:
        return "/list.php" if page == 1 else f"/list.php?page={page}"

    def route(self, path: str, query: str, base: str):
        params = {k: v[0] for k, v in parse_qs(query).items()}
        number = params.get("page", "1")
        page = int(number) if number.isdigit() else 0
        if path == "/article.php":
            article = self.portal._by_id.get(int(params["id"])) if params.get("id", "").isdigit() else None
            if article is None or not 1 <= page <= article.pages:
                return error_response(404)
            return self._article_page(article, page)
        if path == "/list.php":
            if "cid" in params:
                slug = next((s for s, n in _CATEGORY_IDS.items() if str(n) == params["cid"]), None)
                if slug is None:
                    return error_response(404)
                items = [a for a in reversed(self.portal._order) if a.category == slug][:20]
                return page_response(self._frame(C.CATEGORIES[slug], self._table(items)))
            if not 1 <= page <= self.listing_count():
                return error_response(404)
            return page_response(self._listing_page(page))
        if path == "/search.php":
            keyword = params.get("kw", "")
            items = [a for a in reversed(self.portal._order) if keyword and keyword in a.title][:20]
            return page_response(self._frame(f"搜索：{keyword}", self._table(items) if items else "<p>沒有找到相關文章</p>"))
        if path == "/user.php":
            return page_response(self._frame("會員登錄", '<form method="post" action="user.php?act=login"><input name="username">'
                                             '<input name="password" type="password"><input type="submit" value="登錄"></form>'))
        if path in ("/", "/index.php"):
            return redirect(302, base + "/list.php")
        return self.site_files(path, base) or error_response(404)

    # -------------------------------------------------------------- chrome

    def _frame(self, title: str, main: str, side: str = "") -> str:
        site = html.escape(self.portal.site_name)
        cats = " | ".join(f'<a href="list.php?cid={n}">{C.CATEGORIES[s]}</a>' for s, n in _CATEGORY_IDS.items())
        keywords = " ".join(f'<a href="search.php?kw={quote(g)}">{g}</a>' for g in C.GAMES[:6])
        return (
            '<html>\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n'
            f"<title>{html.escape(title)} - {site}</title>\n</head>\n<body>\n"
            f'<table width="960" class="top"><tr><td><a href="index.php"><b>{site}</b></a></td>'
            f'<td><a href="index.php">首頁</a> | <a href="list.php">最新文章</a> | {cats}</td>'
            '<td><a href="user.php?act=login">登錄</a> <a href="user.php?act=reg">註冊</a></td></tr></table>\n'
            f'<div class="hotkw">熱門搜索：{keywords}</div>\n'
            f'<table width="960"><tr><td valign="top" id="main">\n{main}\n</td>'
            f'<td valign="top" width="240" class="side">{side}</td></tr></table>\n'
            f'<div class="foot"><a href="index.php">首頁</a> | <a href="user.php?act=login">會員中心</a><br>'
            f"Powered by SiteCMS © 2008-{self.portal.start.year} {site}</div>\n</body>\n</html>\n"
        )

    @staticmethod
    def _table(items: list[ArticleTruth]) -> str:
        rows = "\n".join(
            f'<tr><td class="t"><a href="list.php?cid={_CATEGORY_IDS[a.category]}">[{C.CATEGORIES[a.category]}]</a> '
            f'<a href="article.php?id={a.id}" target="_blank">{escape(a.title)}</a></td>'
            f'<td class="d">{a.published:%Y-%m-%d}</td></tr>'
            for a in items
        )
        return f'<table class="list" width="100%">\n{rows}\n</table>'

    def _listing_page(self, page: int) -> str:
        count = self.listing_count()

        def href(n: int) -> str:  # relative, like every link on this site
            return self.listing_path(n).lstrip("/")

        bits = [f"共{len(self.listed())}篇", f'<a href="{href(1)}">首頁</a>']
        bits.append(f'<a href="{href(page - 1)}">上一頁</a>' if page > 1 else "上一頁")
        bits += [f"[{n}]" if n == page else f'<a href="{href(n)}">{n}</a>' for n in range(1, count + 1)]
        bits.append(f'<a href="{href(page + 1)}">下一頁</a>' if page < count else "下一頁")
        bits.append(f'<a href="{href(count)}">尾頁</a>')
        hot = self.rng_for("hot", page).sample(self.portal._order, min(6, len(self.portal._order)))
        side = "<b>熱門文章</b><br>" + "<br>".join(f'<a href="article.php?id={a.id}">{escape(a.title[:16])}</a>' for a in hot)
        pager = f'<div class="pages">{" ".join(bits)}</div>'
        return self._frame("最新文章", self._table(self.listing_items(page)) + "\n" + pager, side)

    def _article_page(self, a: ArticleTruth, page: int):
        pieces, marks = self.pieces(a, page)
        body = "\n".join(f"<p>{mark}</p>" for mark in marks)
        pager = ""
        if a.pages > 1:
            bits = [f"<b>{n}</b>" if n == page else f'<a href="article.php?id={a.id}&amp;page={n}">{n}</a>'
                    for n in range(1, a.pages + 1)]
            if page < a.pages:
                bits.append(f'<a href="article.php?id={a.id}&amp;page={page + 1}">下一頁</a>')
            pager = f'<div class="pages">{" ".join(bits)}</div>\n'
        order = self.portal._order
        at = order.index(a)
        neighbours = []
        if at > 0:
            neighbours.append(f'上一篇：<a href="article.php?id={order[at - 1].id}">{escape(order[at - 1].title)}</a>')
        if at + 1 < len(order):
            neighbours.append(f'下一篇：<a href="article.php?id={order[at + 1].id}">{escape(order[at + 1].title)}</a>')
        hot = "<b>相關文章</b><br>" + "<br>".join(
            f'<a href="{href.lstrip("/")}">{escape(other.title[:16])}</a>' for href, other in self.hot(a))
        views = self.rng_for("views", a.id).randint(80, 9000)
        main = (
            f'<div class="position">您現在的位置：<a href="index.php">首頁</a> &gt;&gt; '
            f'<a href="list.php?cid={_CATEGORY_IDS[a.category]}">{C.CATEGORIES[a.category]}</a> &gt;&gt; 正文</div>\n'
            '<div class="title"><h1>@@TITLE@@</h1></div>\n'
            f'<div class="info">發布時間：{a.published:%Y-%m-%d %H:%M:%S}　作者：@@AUTHOR@@　來源：本站　瀏覽：{views} 次</div>\n'
            f'<div id="content">\n{body}\n</div>\n{pager}'
            f'<div class="prenext">{"<br>".join(neighbours)}</div>'
        )
        page_html = self._frame("@@TITLE@@", main, hot).replace("<html>", f'<html lang="{self.lang(a.script)}">', 1)
        data = self.localise(page_html, pieces, a.script).encode("utf-8")
        return self.article_response(a, data, HTML_UTF8)
