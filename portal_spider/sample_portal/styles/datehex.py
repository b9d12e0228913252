"""``datehex``: a big news portal's game channel (sina/163-like).

Articles ``/news/202505/13/68ba25b8c2.shtml`` (publication month and day, a 10-hex id;
continuation pages ``…_2.shtml``); listings ``/news/index.shtml``, ``/news/index_2.shtml`` …
with a numbered page bar that has no "next" link (the next page is the number after the
current one); topic pages ``/zt/<n>/``; a 24小時排行 sidebar; member login links; a
sitemap, no feed.
"""

from __future__ import annotations

import hashlib
import html
import re

from .. import content as C
from ..truth import ArticleTruth
from .base import HTML_UTF8, ChineseStyle, error_response, escape, page_response, redirect

_ARTICLE = re.compile(r"/news/(\d{6})/(\d{2})/([0-9a-f]{10})(?:_(\d+))?\.shtml")
_LISTING = re.compile(r"/news/(?:index(?:_(\d+))?\.shtml)?")
_TOPIC = re.compile(r"/zt/(\d+)/")


class DateHexStyle(ChineseStyle):
    name = "datehex"
    summary = "/news/202505/13/68ba25b8c2.shtml, /news/index_2.shtml, page bar without 'next'"
    sitemap = True

    def key_for(self, article: ArticleTruth) -> str:
        return hashlib.sha1(f"{self.portal.name}:{article.id}".encode()).hexdigest()[:10]

    def article_path(self, article: ArticleTruth, page: int) -> str:
        suffix = "" if page == 1 else f"_{page}"
        return f"/news/{article.published:%Y%m}/{article.published:%d}/{article.key}{suffix}.shtml"

    def listing_path(self, page: int) -> str:
        return "/news/index.shtml" if page == 1 else f"/news/index_{page}.shtml"

    def route(self, path: str, query: str, base: str):
        m = _ARTICLE.fullmatch(path)
        if m:
            article = self.by_key.get(m.group(3))
            page = int(m.group(4) or 1)
            if article is None or self.article_path(article, page) != path or page > article.pages:
                return error_response(404)
            return self._article_page(article, page)
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if (m.group(1) and page < 2) or page > self.listing_count():
                return error_response(404)
            return page_response(self._listing_page(page))
        m = _TOPIC.fullmatch(path)
        if m and int(m.group(1)) < len(C.GAMES):
            return page_response(self._topic_page(int(m.group(1))))
        if path == "/":
            return redirect(302, base + "/news/")
        if path == "/about/":
            return page_response(self._frame("關於我們", f"<h2>關於{html.escape(self.portal.site_name)}</h2><p>遊戲資訊與攻略。</p>"))
        if path in ("/member/login.shtml", "/member/register.shtml"):
            return page_response(self._frame("會員登錄", '<form method="post"><input name="u"><input name="p" type="password"><button>登錄</button></form>'))
        return self.site_files(path, base) or error_response(404)

    # -------------------------------------------------------------- chrome

    def _top(self) -> str:
        return (
            f'<div class="top-nav"><a href="/" class="logo">{html.escape(self.portal.site_name)}</a> '
            '<a href="/">首頁</a> <a href="/news/">資訊</a> <a href="/zt/0/">專題</a> '
            '<span class="login"><a href="/member/login.shtml">登錄</a> | <a href="/member/register.shtml">註冊</a></span></div>\n'
        )

    def _bottom(self) -> str:
        return (
            '<div class="footer"><a href="/about/">關於我們</a> | <a href="/about/">廣告服務</a> | '
            '<a href="/about/">聯繫我們</a> | <a href="/sitemap.xml">網站地圖</a>\n'
            f"<p>Copyright © {self.portal.start.year} {html.escape(self.portal.site_name)} All Rights Reserved</p></div>\n"
        )

    def _side(self) -> str:
        ranked = self.rng_for("rank").sample(self.portal._order, min(8, len(self.portal._order)))
        rank = "".join(f'<li><em>{n}</em><a href="{a.path}">{escape(a.title)}</a></li>' for n, a in enumerate(ranked, 1))
        topics = "".join(f'<li><a href="/zt/{C.GAMES.index(g)}/">{g}專題</a></li>' for g in sorted({a.game for a in ranked}))
        return f'<div class="side"><h3>24小時排行</h3><ol class="rank">{rank}</ol>\n<h3>熱門專題</h3><ul>{topics}</ul></div>\n'

    def _frame(self, title: str, main: str) -> str:
        site = html.escape(self.portal.site_name)
        return (
            '<!DOCTYPE html>\n<html lang="zh-Hant">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}_{site}</title>\n</head>\n<body>\n"
            f'{self._top()}<div class="wrap">\n<div class="main">\n{main}\n</div>\n{self._side()}</div>\n{self._bottom()}</body>\n</html>\n'
        )

    @staticmethod
    def _item(a: ArticleTruth) -> str:
        return f'<li><span class="time">{a.published:%m-%d %H:%M}</span><a href="{a.path}" target="_blank">{escape(a.title)}</a></li>'

    def _listing_page(self, page: int) -> str:
        count = self.listing_count()
        bits = [f'<a href="{self.listing_path(1)}">首頁</a>']
        for n in range(max(1, page - 2), min(count, page + 2) + 1):
            bits.append(f'<span class="cur">{n}</span>' if n == page else f'<a href="{self.listing_path(n)}">{n}</a>')
        bits.append(f'<a href="{self.listing_path(count)}">尾頁</a>')
        items = "\n".join(self._item(a) for a in self.listing_items(page))
        return self._frame("遊戲資訊" if page == 1 else f"遊戲資訊_第{page}頁", (
            '<div class="path"><a href="/">首頁</a> &gt; 資訊</div>\n'
            f'<ul class="news-list">\n{items}\n</ul>\n<div class="pagebox">{" ".join(bits)}</div>'
        ))

    def _topic_page(self, index: int) -> str:
        game = C.GAMES[index]
        items = "\n".join(self._item(a) for a in reversed(self.portal._order) if a.game == game)
        return self._frame(f"{game}專題", f'<h2>{game}專題</h2>\n<ul class="news-list">\n{items}\n</ul>')

    def _article_page(self, a: ArticleTruth, page: int):
        pieces, marks = self.pieces(a, page)
        body = "\n".join(f"<p>{mark}</p>" for mark in marks)
        pager = ""
        if a.pages > 1:
            paths = a.page_paths
            bits = [f'<span class="cur">{n}</span>' if n == page else f'<a href="{paths[n - 1]}">{n}</a>'
                    for n in range(1, a.pages + 1)]
            if page < a.pages:
                bits.append(f'<a href="{paths[page]}">下一頁</a>')
            pager = f'<div class="page-art">{" ".join(bits)}</div>\n'
        related = "".join(f'<li><a href="{href}">{escape(other.title)}</a></li>' for href, other in self.hot(a))
        site = html.escape(self.portal.site_name)
        page_html = (
            f'<!DOCTYPE html>\n<html lang="{self.lang(a.script)}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>@@TITLE@@|{site}</title>\n"
            f'<meta name="keywords" content="{html.escape(a.game)}">\n<meta name="description" content="@@DESC@@">\n'
            '</head>\n<body>\n'
            f'{self._top()}<div class="wrap">\n<div class="main">\n'
            '<div class="path"><a href="/">首頁</a> &gt; <a href="/news/">資訊</a> &gt; 正文</div>\n'
            '<h1 class="main-title">@@TITLE@@</h1>\n'
            f'<div class="date-source"><span class="date">{a.published:%Y年%m月%d日 %H:%M:%S}</span> '
            f'<span class="source">來源：{site}</span> <span class="author">作者：@@AUTHOR@@</span></div>\n'
            f'<div class="article" id="artibody">\n{body}\n</div>\n{pager}'
            f'<div class="related"><h3>相關閱讀</h3><ul>{related}</ul></div>\n'
            '<div class="comment"><a href="/member/login.shtml">登錄</a>後參與評論</div>\n'
            f"</div>\n{self._side()}</div>\n{self._bottom()}</body>\n</html>\n"
        )
        data = self.localise(page_html, pieces, a.script).encode("utf-8")
        return self.article_response(a, data, HTML_UTF8)

