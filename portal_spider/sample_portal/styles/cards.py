"""``cards``: an app-style portal of thumbnail tiles with base-36 ids.

Articles ``/p/<base36>.html``; listings ``/latest/``, ``/latest/2/`` … paged only by
``‹`` / ``›`` and a 載入更多 (load more) link. Each tile links the article twice: a
thumbnail whose ``<a>`` has no text (the headline only in ``title`` and the image's
``alt``) and a separate headline link; a featured carousel and a 排行榜 repeat some
articles; tag pages ``/tag/<n>/``, user pages ``/u/<n>/``, ``/login``. No sitemap, no feed.
"""

from __future__ import annotations

import html
import re

from .. import content as C
from ..truth import ArticleTruth, t2s
from .base import HTML_UTF8, ChineseStyle, error_response, escape, page_response, redirect

_ARTICLE = re.compile(r"/p/([0-9a-z]+)\.html")
_LISTING = re.compile(r"/latest/(?:(\d+)/)?")
_TAG = re.compile(r"/tag/(\d+)/")
_USER = re.compile(r"/u/(\d+)/")
_IMAGE = re.compile(r"/img/[0-9a-z]+\.gif")
_PIXEL = bytes.fromhex("47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b")
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def base36(number: int) -> str:
    out = ""
    while number:
        number, digit = divmod(number, 36)
        out = _DIGITS36[digit] + out
    return out or "0"


class CardsStyle(ChineseStyle):
    name = "cards"
    summary = "/p/5ycx2a.html tiles with image-only links, /latest/2/ via › and 載入更多, no sitemap or feed"

    def key_for(self, article: ArticleTruth) -> str:
        return base36(article.id * 7919 + 36 ** 5)

    def adjust(self, article: ArticleTruth) -> None:
        super().adjust(article)
        article.pages = 1

    def article_path(self, article: ArticleTruth, page: int) -> str:
        return f"/p/{article.key}.html"

    def listing_path(self, page: int) -> str:
        return "/latest/" if page == 1 else f"/latest/{page}/"

    def route(self, path: str, query: str, base: str):
        m = _ARTICLE.fullmatch(path)
        if m:
            article = self.by_key.get(m.group(1))
            return self._article_page(article) if article else error_response(404)
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if (m.group(1) and page < 2) or page > self.listing_count():
                return error_response(404)
            return page_response(self._listing_page(page))
        m = _TAG.fullmatch(path)
        if m and int(m.group(1)) < len(C.GAMES):
            game = C.GAMES[int(m.group(1))]
            items = [a for a in reversed(self.portal._order) if a.game == game]
            return page_response(self._frame(f"#{game}", f"<h2>#{game}</h2>\n{self._grid(items)}"))
        m = _USER.fullmatch(path)
        if m and int(m.group(1)) < len(C.AUTHORS):
            name = self._user(int(m.group(1)))
            return page_response(self._frame(name, f'<div class="profile"><h2>{escape(name)}</h2><p>攻略作者</p></div>'))
        if _IMAGE.fullmatch(path):
            return 200, {"Content-Type": "image/gif"}, _PIXEL
        if path == "/login":
            return page_response(self._frame("登入", '<form method="post"><input name="phone"><button>獲取驗證碼</button></form>'))
        if path == "/":
            return redirect(302, base + "/latest/")
        return self.site_files(path, base) or error_response(404)

    # -------------------------------------------------------------- chrome

    def _user(self, index: int) -> str:
        return C.AUTHORS[index].format(site=self.portal.site_name)

    def _user_link(self, a: ArticleTruth) -> str:
        names = [self._user(i) for i in range(len(C.AUTHORS))]
        index = next((i for i, n in enumerate(names) if a.author in (n, t2s(n))), 0)
        return f'<a class="user" href="/u/{index}/">{escape(a.author)}</a>'

    def _tile(self, a: ArticleTruth) -> str:
        views = self.rng_for("views", a.id).randint(11, 250) / 10
        title = html.escape(a.title)
        return (
            f'<div class="card"><a class="thumb" href="{a.path}" title="{title}">'
            f'<img src="/img/{a.key}.gif" alt="{title}" loading="lazy"></a>\n'
            f'<div class="card-body"><a class="card-title" href="{a.path}">{escape(a.title)}</a>\n'
            f'<div class="card-meta">{self._user_link(a)} · <span>{a.published:%m-%d}</span> · <span>{views:.1f}萬閱讀</span> '
            f'<a class="chip" href="/tag/{C.GAMES.index(a.game)}/">{a.game}</a></div></div></div>'
        )

    def _grid(self, items: list[ArticleTruth]) -> str:
        return '<div class="grid">\n' + "\n".join(self._tile(a) for a in items) + "\n</div>"

    def _picks(self, label: str, count: int) -> list[ArticleTruth]:
        return self.rng_for(label).sample(self.portal._order, min(count, len(self.portal._order)))

    def _frame(self, title: str, main: str, lang: str = "zh-Hant", head: str = "") -> str:
        site = html.escape(self.portal.site_name)
        tags = "".join(f'<a href="/tag/{C.GAMES.index(g)}/">#{g}</a>' for g in C.GAMES[:5])
        ranking = "".join(
            f'<li><a href="{a.path}" title="{html.escape(a.title)}"><img src="/img/{a.key}.gif" alt="{html.escape(a.title)}"></a>'
            f'<a href="{a.path}">{escape(a.title)}</a></li>' for a in self._picks("ranking", 5)
        )
        return (
            f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)} | {site}</title>\n{head}</head>\n<body>\n"
            f'<header class="bar"><a class="logo" href="/">{site}</a><nav><a href="/latest/">最新</a>{tags}</nav>'
            '<a class="login" href="/login">登入</a></header>\n'
            f'<main>\n{main}\n</main>\n<aside class="ranking"><h3>排行榜</h3><ol>{ranking}</ol></aside>\n'
            f'<footer><a href="/login">下載App</a> · <a href="/login">商務合作</a> · © {self.portal.start.year} {site}</footer>\n'
            "</body>\n</html>\n"
        )

    def _listing_page(self, page: int) -> str:
        count = self.listing_count()
        featured = "".join(
            f'<a class="slide" href="{a.path}" title="{html.escape(a.title)}"><img src="/img/{a.key}.gif" alt="{html.escape(a.title)}"></a>'
            for a in self._picks("featured", 3)
        )
        nav = []
        if page > 1:
            nav.append(f'<a class="prev" href="{self.listing_path(page - 1)}">‹</a>')
        if page < count:
            nav.append(f'<a class="next" href="{self.listing_path(page + 1)}">›</a>')
        more = f'<a class="load-more" href="{self.listing_path(page + 1)}">載入更多</a>' if page < count else ""
        return self._frame("最新攻略", (
            f'<div class="carousel">{featured}</div>\n{self._grid(self.listing_items(page))}\n'
            f'{more}\n<div class="pager">{" ".join(nav)}</div>'
        ))

    def _article_page(self, a: ArticleTruth):
        pieces, marks = self.pieces(a, 1)
        body = "\n".join(f"<p>{mark}</p>" for mark in marks)
        related = "\n".join(self._tile(other) for _, other in self.hot(a)[:4])
        main = (
            '<article class="post">\n<header><h1 class="post-title">@@TITLE@@</h1>\n'
            f'<div class="post-meta">{self._user_link(a).replace(escape(a.author), "@@AUTHOR@@")} '
            f'<time datetime="{a.published_at}">{a.published:%Y-%m-%d %H:%M}</time></div></header>\n'
            f'<div class="post-content">\n{body}\n</div>\n'
            f'<div class="post-tags"><a class="chip" href="/tag/{C.GAMES.index(a.game)}/">{a.game}</a></div>\n</article>\n'
            f'<section class="related"><h3>相關推薦</h3>\n<div class="grid">{related}</div></section>'
        )
        head = (f'<meta property="og:title" content="@@TITLE@@">\n<meta name="author" content="@@AUTHOR@@">\n'
                f'<meta property="article:published_time" content="{a.published_at}">\n')
        page_html = self._frame("@@TITLE@@", main, self.lang(a.script), head)
        data = self.localise(page_html, pieces, a.script).encode("utf-8")
        return self.article_response(a, data, HTML_UTF8)
