"""``gbk``: a DedeCMS site in Simplified Chinese, every page GBK-encoded.

Pages are served as plain ``text/html`` (no charset in the header): listings declare
``gb2312`` in an http-equiv meta, articles ``<meta charset="gbk">``. Articles
``/a/20250513/123.html`` (continuation pages ``123_2.html``); the channel ``/gonglue/``
with relative ``list_1_2.html`` pagination (首页 / 上一页 / numbers / 下一页 / 末页);
times to the minute; an RSS feed at ``/data/rss/1.xml``, no sitemap.
"""

from __future__ import annotations

import html
import re

from ..truth import ArticleTruth
from .base import ChineseStyle, error_response, escape, page_response, redirect

_ARTICLE = re.compile(r"/a/(\d{8})/(\d+)(?:_(\d+))?\.html")
_LISTING = re.compile(r"/gonglue/(?:list_1_(\d+)\.html|index\.html)?")
_GB2312 = '<meta http-equiv="Content-Type" content="text/html; charset=gb2312" />'


class GbkStyle(ChineseStyle):
    name = "gbk"
    summary = "GBK pages, /a/20250513/123.html, /gonglue/list_1_2.html"
    feed_path = "/data/rss/1.xml"
    disallow = ("/plus/", "/member/")

    def adjust(self, article: ArticleTruth) -> None:
        article.encoding, article.pinyin, article.script = "gbk", False, "simplified"
        article.published = article.published.replace(second=0)  # DedeCMS shows minutes

    def article_path(self, article: ArticleTruth, page: int) -> str:
        suffix = "" if page == 1 else f"_{page}"
        return f"/a/{article.published:%Y%m%d}/{article.id}{suffix}.html"

    def listing_path(self, page: int) -> str:
        return "/gonglue/" if page == 1 else f"/gonglue/list_1_{page}.html"

    def route(self, path: str, query: str, base: str):
        m = _ARTICLE.fullmatch(path)
        if m:
            article = self.portal._by_id.get(int(m.group(2)))
            page = int(m.group(3) or 1)
            if article is None or self.article_path(article, page) != path or page > article.pages:
                return error_response(404)
            return self._article_page(article, page)
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if page > self.listing_count() or page < 1:
                return error_response(404)
            return self._gbk(self._listing_page(page))
        if path in ("/", "/index.html"):
            return redirect(302, base + "/gonglue/")
        if path in ("/xinwen/", "/shipin/"):
            return self._gbk(self._frame("栏目", '<div class="listbox"><p>该栏目暂无内容</p></div>'))
        if path in ("/member/login.php", "/member/index_do.php", "/plus/search.php"):
            return self._gbk(self._frame("会员登录", '<form method="post" action="/member/index_do.php">'
                                         '<input name="userid"><input name="pwd" type="password"><button>登录</button></form>'))
        return self.site_files(path, base) or error_response(404)

    @staticmethod
    def _gbk(text: str):
        return page_response(text, "text/html", "gbk")

    # -------------------------------------------------------------- chrome

    def _header(self) -> str:
        site = html.escape(self.portal.site_name)
        return (
            f'<div class="header"><div class="top"><a href="/">{site}</a> <span class="login">'
            '<a href="/member/login.php">登录</a> <a href="/member/index_do.php?fmdo=user&dopost=regnew">注册</a></span></div>\n'
            '<div class="nav"><ul><li><a href="/">主页</a></li><li><a href="/gonglue/">游戏攻略</a></li>'
            '<li><a href="/xinwen/">游戏新闻</a></li><li><a href="/shipin/">视频</a></li></ul></div>\n'
            '<form action="/plus/search.php" name="formsearch"><input name="q" type="text"><button>搜索</button></form></div>\n'
        )

    def _footer(self) -> str:
        return ('<div class="footer">\n<p><a href="/">网站首页</a> | <a href="/data/rss/1.xml">RSS订阅</a> | '
                '<a href="/member/login.php">会员中心</a></p>\n'
                f'<p>Copyright &copy; 2010-{self.portal.start.year} {html.escape(self.portal.site_name)} 版权所有 Power by DedeCms</p>\n</div>\n')

    def _side(self) -> str:
        picks = self.rng_for("side").sample(self.portal._order, min(8, len(self.portal._order)))
        hot = "".join(f'<li><a href="{a.path}">{escape(a.title)}</a></li>' for a in picks[:4])
        good = "".join(f'<li><a href="{a.path}">{escape(a.title)}</a></li>' for a in picks[4:])
        return (f'<div class="pright"><dl class="tbox"><dt><strong>推荐内容</strong></dt><dd><ul class="d1">{good}</ul></dd></dl>\n'
                f'<dl class="tbox"><dt><strong>热点内容</strong></dt><dd><ul class="c1">{hot}</ul></dd></dl></div>\n')

    def _frame(self, title: str, main: str, meta: str = _GB2312) -> str:
        return (
            f'<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">\n'
            f'<html xmlns="http://www.w3.org/1999/xhtml">\n<head>\n{meta}\n'
            f"<title>{title}_{html.escape(self.portal.site_name)}</title>\n{self.feed_link()}</head>\n<body>\n"
            f'{self._header()}<div class="w960 clear"><div class="pleft">\n{main}\n</div>\n{self._side()}</div>\n'
            f"{self._footer()}</body>\n</html>\n"
        )

    def _listing_page(self, page: int) -> str:
        count = self.listing_count()

        def href(n: int) -> str:  # relative, as DedeCMS writes them
            return "list_1_%d.html" % n

        bits = [f"<li><a href='{href(1)}'>首页</a></li>"]
        bits.append(f"<li><a href='{href(page - 1)}'>上一页</a></li>" if page > 1 else "")
        for n in range(1, count + 1):
            bits.append(f'<li class="thisclass">{n}</li>' if n == page else f"<li><a href='{href(n)}'>{n}</a></li>")
        bits.append(f"<li><a href='{href(page + 1)}'>下一页</a></li>" if page < count else "")
        bits.append(f"<li><a href='{href(count)}'>末页</a></li>")
        bits.append(f'<li><span class="pageinfo">共 <strong>{count}</strong>页<strong>{len(self.listed())}</strong>条</span></li>')
        items = []
        for a in self.listing_items(page):
            clicks = self.rng_for("clicks", a.id).randint(30, 5000)
            items.append(
                f"<li><a href='{a.path}' class='preview'><img src='/images/defaultpic.gif'/></a>"
                f'<a href="{a.path}" class="title">{escape(a.title)}</a>'
                f'<span class="info"><small>日期：</small>{a.published:%Y-%m-%d %H:%M} <small>点击：</small>{clicks} '
                f'<small>好评：</small>0</span><p class="intro">{escape(a.paragraphs[0][:60])}...</p></li>'
            )
        crumb = '<div class="place"><strong>当前位置:</strong> <a href="/">主页</a> &gt; <a href="/gonglue/">游戏攻略</a> &gt;</div>'
        return self._frame("游戏攻略", (
            f'{crumb}\n<div class="listbox"><ul class="e2">\n' + "\n".join(items) + "\n</ul></div>\n"
            f'<div class="dede_pages"><ul class="pagelist">{"".join(bits)}</ul></div>'
        ))

    def _article_page(self, a: ArticleTruth, page: int):
        pieces, marks = self.pieces(a, page)
        body = "\n".join(f"<p>{mark}</p>" for mark in marks)
        pager = ""
        if a.pages > 1:
            names = [path.rsplit("/", 1)[1] for path in a.page_paths]  # relative, same folder
            bits = [f"<li><a href='{names[page - 2]}'>上一页</a></li>" if page > 1 else "<li><a href='#'>上一页</a></li>"]
            bits += [f'<li class="thisclass"><a href="#">{n}</a></li>' if n == page else f"<li><a href='{names[n - 1]}'>{n}</a></li>"
                     for n in range(1, a.pages + 1)]
            bits.append(f"<li><a href='{names[page]}'>下一页</a></li>" if page < a.pages else "<li><a href='#'>下一页</a></li>")
            pager = f'<div class="dede_pages"><ul class="pagelist">{"".join(bits)}</ul></div>\n'
        main = (
            '<div class="place"><strong>当前位置:</strong> <a href="/">主页</a> &gt; <a href="/gonglue/">游戏攻略</a> &gt;</div>\n'
            '<div class="viewbox"><div class="title"><h2>@@TITLE@@</h2></div>\n'
            f'<div class="info"><small>时间:</small>{a.published:%Y-%m-%d %H:%M}<small>来源:</small>本站 '
            f'<small>作者:</small>@@AUTHOR@@ <small>点击:</small><script src="/plus/count.php?view=yes&aid={a.id}&mid=1" '
            'type="text/javascript" language="javascript"></script>次</div>\n'
            f'<div class="intro">@@DESC@@</div>\n<div class="content"><table width="100%"><tr><td>\n{body}\n</td></tr></table></div>\n'
            f'{pager}<div class="boxoff"><strong>------分隔线----------------------------</strong></div>\n'
            '<div class="handle"><div class="context"><ul>'
            + "".join(f'<li><a href="{href}">{escape(other.title)}</a></li>' for href, other in self.hot(a)[:2])
            + "</ul></div></div></div>"
        )
        page_html = self._frame("@@TITLE@@", main, meta='<meta charset="gbk" />')
        data = self.localise(page_html, pieces, a.script).encode("gbk")
        return self.article_response(a, data, "text/html")
