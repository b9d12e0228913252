"""``numeric``: the original sample portal (a typical Chinese CMS with numeric ids).

``/`` → 302 ``/list/index.html``; listings ``/list/index.html``, ``/list/index_2.html`` …
(pager 上一頁 / numbers / 下一頁); articles ``/article/<id>.html`` (+ ``_2``/``_3``
continuation pages, canonical always page 1); ``/category/{guide,patch,pvp}.html``;
``/about.html``; ``/admin/login.html``; ``/a/<id>`` → 301 to the article; robots.txt,
sitemap.xml and feed.xml. Article pages mix Traditional and Simplified script, pinyin or
ruby artefacts, GB18030 bytes behind a gb2312 meta, an ad inside the body and a 熱門文章
sidebar with tracking parameters.
"""

from __future__ import annotations

import html
import re

from .. import content as C
from ..truth import ANNOTATION_TABLES, LABEL_TABLE, ArticleTruth, t2s
from .base import HTML_UTF8, Style, error_response, redirect

_ARTICLE = re.compile(r"/article/(\d+)(?:_(\d+))?\.html")
_LISTING = re.compile(r"/list/index(?:_(\d+))?\.html")
_ALIAS = re.compile(r"/a/(\d+)/?")
_CATEGORY = re.compile(r"/category/(\w+)\.html")

_PIECE = re.compile(r"@@\w+@@")


class NumericStyle(Style):
    name = "numeric"
    summary = "/article/123.html, /list/index_2.html (the default)"
    sitemap = True
    feed_path = "/feed.xml"

    def article_path(self, article: ArticleTruth, page: int) -> str:
        return f"/article/{article.id}.html" if page == 1 else f"/article/{article.id}_{page}.html"

    def listing_path(self, page: int) -> str:
        return "/list/index.html" if page == 1 else f"/list/index_{page}.html"

    def route(self, path: str, query: str, base: str):
        portal = self.portal
        m = _ARTICLE.fullmatch(path)
        if m:
            article = portal._by_id.get(int(m.group(1)))
            page = int(m.group(2) or 1)
            if article is None or (m.group(2) and page < 2) or page > article.pages:
                return error_response(404)
            return self._article_page(article, page, base)
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if (m.group(1) and page < 2) or page > self.listing_count():
                return error_response(404)
            return 200, {"Content-Type": HTML_UTF8}, self._listing_page(page).encode()
        if path in ("/", "/index.html"):
            return redirect(302, base + "/list/index.html")
        m = _ALIAS.fullmatch(path)
        if m and int(m.group(1)) in portal._by_id:
            return redirect(301, base + f"/article/{int(m.group(1))}.html")
        m = _CATEGORY.fullmatch(path)
        if m and m.group(1) in C.CATEGORIES:
            return 200, {"Content-Type": HTML_UTF8}, self._category_page(m.group(1)).encode()
        if path == "/about.html":
            return 200, {"Content-Type": HTML_UTF8}, self._about_page().encode()
        if path == "/admin/login.html":
            body = self._frame("管理登入", '<form method="post" action="/admin/login.html">'
                               '<input name="user"><input name="password" type="password">'
                               '<button>登入</button></form>')
            return 200, {"Content-Type": HTML_UTF8}, body.encode()
        return self.site_files(path, base) or error_response(404)

    # ------------------------------------------------------------- rendering

    def _header(self) -> str:
        cats = "".join(f'<li><a href="/category/{slug}.html">{label}</a></li>' for slug, label in C.CATEGORIES.items())
        return (
            f'<div class="header"><div class="logo"><a href="/">{html.escape(self.portal.site_name)}</a></div>\n'
            f'<ul class="nav"><li><a href="/">首頁</a></li><li><a href="/list/index.html">攻略</a></li>'
            f'{cats}<li><a href="/about.html">關於我們</a></li></ul></div>\n'
        )

    def _footer(self) -> str:
        return (
            '<div class="footer">\n<p><a href="/about.html">關於我們</a> | <a href="/feed.xml">RSS訂閱</a> | '
            '<a href="/sitemap.xml">網站地圖</a> | <a href="/admin/login.html">管理登入</a></p>\n'
            f"<p>Copyright © 2019-{self.portal.start.year} {html.escape(self.portal.site_name)} 版權所有</p>\n"
            "<p>本站部分內容來自網絡，僅供玩家交流學習，如有侵權請聯繫我們刪除。</p>\n</div>\n"
        )

    def _frame(self, title: str, main: str) -> str:
        site = html.escape(self.portal.site_name)
        return (
            '<!DOCTYPE html>\n<html lang="zh-Hant">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}_{site}</title>\n"
            f'<meta name="keywords" content="{site},遊戲攻略,手遊攻略">\n</head>\n<body>\n'
            f'{self._header()}<div class="main">\n{main}\n</div>\n{self._footer()}</body>\n</html>\n'
        )

    def _list_item(self, a: ArticleTruth) -> str:
        summary = a.paragraphs[0][:48]
        return (
            f'<li><a href="{a.path}" title="{html.escape(a.title)}">{html.escape(a.title, quote=False)}</a>'
            f'<span class="date">{a.published:%Y-%m-%d}</span>'
            f'<p class="summary">{html.escape(summary, quote=False)}…</p></li>'
        )

    def _listing_page(self, page: int) -> str:
        items = self.listing_items(page)
        count = self.listing_count()
        href = self.listing_path

        parts = []
        parts.append(f'<a href="{href(page - 1)}">上一頁</a>' if page > 1 else '<span class="disabled">上一頁</span>')
        shown = sorted({1, count, *range(max(1, page - 3), min(count, page + 3) + 1)})
        last = 0
        for n in shown:
            if n - last > 1:
                parts.append("<span>…</span>")
            parts.append(f'<span class="current">{n}</span>' if n == page else f'<a href="{href(n)}">{n}</a>')
            last = n
        if page < count:
            parts.append(f'<a href="{href(page + 1)}">下一頁</a>')
        pager = f'<div class="pager">{" ".join(parts)}</div>'
        lines = "\n".join(self._list_item(a) for a in items)
        crumb = '<div class="breadcrumb">當前位置：<a href="/">首頁</a> &gt; 攻略</div>'
        title = "攻略" if page == 1 else f"攻略_第{page}頁"
        return self._frame(title, f'<div class="left">\n{crumb}\n<ul class="list">\n{lines}\n</ul>\n{pager}\n</div>')

    def _category_page(self, slug: str) -> str:
        label = C.CATEGORIES[slug]
        items = [a for a in reversed(self.portal._order) if a.category == slug][:20]
        lines = "\n".join(self._list_item(a) for a in items)
        crumb = f'<div class="breadcrumb">當前位置：<a href="/">首頁</a> &gt; {label}</div>'
        return self._frame(label, f'<div class="left">\n{crumb}\n<ul class="list">\n{lines}\n</ul>\n</div>')

    def _about_page(self) -> str:
        site = html.escape(self.portal.site_name)
        return self._frame("關於我們", (
            f'<div class="left"><h1>關於{site}</h1>\n<p>{site}是一個由玩家自發維護的遊戲攻略站，'
            "提供版本資訊、配裝推薦與副本打法。</p>\n<p>聯繫郵箱：editor@example.invalid</p></div>"
        ))

    def _article_page(self, a: ArticleTruth, page: int, base: str):
        table = None
        if a.ruby:
            table = ANNOTATION_TABLES[a.script][1]
        elif a.pinyin:
            table = ANNOTATION_TABLES[a.script][0]

        def text(s: str) -> str:
            s = html.escape(s, quote=False)
            return s.translate(table) if table else s

        def label(s: str) -> str:
            return s.translate(LABEL_TABLE) if a.pinyin else s

        site = html.escape(self.portal.site_name)
        # Article text goes in after the chrome is converted (t2s on Simplified pages), so
        # the page shows exactly the stored text even when an edit mixes scripts.
        pieces = {"@@TITLE@@": text(a.title), "@@AUTHOR@@": text(a.author),
                  "@@DESC@@": html.escape(a.paragraphs[0][:60])}
        title_html = "@@TITLE@@"
        canonical = base + a.path
        paragraphs = a.page_paragraphs()[page - 1]
        body = []
        for i, p in enumerate(paragraphs):
            pieces[f"@@P{i}@@"] = text(p)
            body.append(f"<p>@@P{i}@@</p>")
        ad = C.AD_TEXTS[a.id % len(C.AD_TEXTS)]
        body.insert(len(body) // 2 if len(body) > 1 else 1,
                    f'<div class="ad"><span class="ad-label">廣告</span> {ad}</div>')
        pager = ""
        if a.pages > 1:
            paths = a.page_paths
            bits = [f'<a href="{paths[page - 2]}">上一頁</a>' if page > 1 else "<span>上一頁</span>"]
            for n in range(1, a.pages + 1):
                bits.append(f'<span class="current">{n}</span>' if n == page else f'<a href="{paths[n - 1]}">{n}</a>')
            bits.append(f'<a href="{paths[page]}">下一頁</a>' if page < a.pages else "<span>下一頁</span>")
            pager = f'<div class="pages">{" ".join(bits)}</div>\n'
        hot = [f'<li><a href="{href}">{html.escape(other.title, quote=False)}</a></li>' for href, other in self.hot(a)]
        if a.encoding == "gb18030":
            meta = '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'
        else:
            meta = '<meta charset="utf-8">'
        lang = "zh-Hans" if a.script == "simplified" else "zh-Hant"
        description = "@@DESC@@"
        page_html = (
            f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n{meta}\n'
            f"<title>{title_html}_{label(site)}</title>\n"
            f'<meta name="keywords" content="{html.escape(a.game)},{html.escape(a.game)}攻略,{site}">\n'
            f'<meta name="description" content="{description}">\n'
            f'<link rel="canonical" href="{canonical}">\n</head>\n<body>\n'
            f"{self._header()}"
            f'<div class="main">\n<div class="left">\n'
            f'<div class="breadcrumb">{label("當前位置")}：<a href="/">首頁</a> &gt; '
            f'<a href="/list/index.html">攻略</a> &gt; {title_html}</div>\n'
            f'<div class="article">\n<h1>{title_html}</h1>\n'
            f'<div class="info">{label("作者")}：@@AUTHOR@@ {label("發布時間")}：{a.published:%Y-%m-%d %H:%M:%S}</div>\n'
            f'<div class="content">\n' + "\n".join(body) + "\n</div>\n"
            f"{pager}</div>\n</div>\n"
            f'<div class="sidebar"><h3>熱門文章</h3><ul>\n' + "\n".join(hot) + "\n</ul></div>\n"
            f"</div>\n{self._footer()}</body>\n</html>\n"
        )
        if a.script == "simplified":
            page_html = t2s(page_html)
        page_html = _PIECE.sub(lambda m: pieces.get(m.group(0), m.group(0)), page_html)
        if a.encoding == "gb18030":
            return self.article_response(a, page_html.encode("gb18030"), "text/html")
        return self.article_response(a, page_html.encode("utf-8"), HTML_UTF8)
