"""``forum``: a Discuz!-like board; each thread's first post is the article.

The board ``/forum-2-1.html``, ``/forum-2-2.html`` … lists threads ``/thread-<tid>-1-1.html``,
two sticky threads on top of every page; each row links an icon (no text), the thread,
its further pages (``thread-<tid>-2-1.html``), the starter's and the last poster's profile
(``space-uid-<n>.html``), the reply count (the thread again) and the last post
(``forum.php?mod=redirect&tid=…&goto=lastpost``). A thread page shows the first post plus
replies, ten posts a page; the truth is the first post (title, starter, post time to the
minute, body). Other boards are empty; an RSS feed (``forum.php?mod=rss``), no sitemap.
"""

from __future__ import annotations

import html
import re
from datetime import timedelta
from urllib.parse import parse_qs

from .. import content as C
from ..truth import ArticleTruth, t2s
from .base import HTML_UTF8, ChineseStyle, error_response, escape, page_response, redirect

_BOARD = re.compile(r"/forum-(\d+)-(\d+)\.html")
_THREAD = re.compile(r"/thread-(\d+)-(\d+)-1\.html")
_SPACE = re.compile(r"/space-uid-(\d+)\.html")
FID = 2
POSTS_PER_PAGE = 10
STICKY = 2
_TYPES = {"guide": (5, "心得"), "patch": (6, "資訊"), "pvp": (7, "PK")}
REPLIERS = ["路過的魚", "kk9527", "夜行貓", "阿布", "風中追風", "lemon_tea", "老王不在家", "星期八",
            "一條鹹魚", "Mr.Z", "喵喵拳", "大白兔", "冷靜的土豆", "hello2025"]
STARTERS = [name for name in C.AUTHORS if "{site}" not in name] + REPLIERS
REPLIES = ["感謝樓主分享，收藏了。", "mark一下，晚上回家試試。", "樓主好人，一生平安。", "頂一個！",
           "這個打法我試過，確實好用。", "請問{h}沒有{i}也能這麼配嗎？", "學到了，之前一直打不過{b}。",
           "支持一下，期待更新。", "前排圍觀。", "{g}最近環境確實變了。", "已按樓主的方法通關，感謝！",
           "有沒有大佬帶一下{mode}？", "說得太對了，{res}真的要省著用。"]


class ForumStyle(ChineseStyle):
    name = "forum"
    summary = "Discuz!-like board /forum-2-1.html, threads /thread-147110-1-1.html (the first post is the article)"
    feed_path = f"/forum.php?mod=rss&fid={FID}&auth=0"
    disallow = ("/member.php", "/search.php", "/forum.php?mod=redirect*", "/forum.php?mod=post*")

    def key_for(self, article: ArticleTruth) -> str:
        return str(100000 + article.id * 17)

    def adjust(self, article: ArticleTruth) -> None:
        super().adjust(article)
        article.pages = 1
        # Threads are started by members' accounts, never by the site's editorial desk.
        article.author = self.rng_for("starter", article.id).choice(STARTERS)
        article.published = article.published.replace(second=0)  # post times show minutes

    def article_path(self, article: ArticleTruth, page: int) -> str:
        return f"/thread-{article.key}-{page}-1.html"

    def listing_path(self, page: int) -> str:
        return f"/forum-{FID}-{page}.html"

    def sticky(self) -> list[ArticleTruth]:
        return self.portal._order[:STICKY]

    def listed(self) -> list[ArticleTruth]:
        return self.portal._order[STICKY:][::-1]

    def route(self, path: str, query: str, base: str):
        m = _THREAD.fullmatch(path)
        if m:
            article = self.by_key.get(m.group(1))
            page = int(m.group(2))
            if article is None or not 1 <= page <= self._thread_pages(article):
                return error_response(404)
            return self._thread_page(article, page)
        m = _BOARD.fullmatch(path)
        if m:
            page = int(m.group(2))
            if int(m.group(1)) != FID:
                return page_response(self._frame("站務", '<div class="bm"><p class="emp">本版塊或指定的範圍內尚無主題</p></div>'))
            if not 1 <= page <= self.listing_count():
                return error_response(404)
            return page_response(self._board_page(page))
        m = _SPACE.fullmatch(path)
        if m and int(m.group(1)) in self._users():
            name = self._users()[int(m.group(1))]
            return page_response(self._frame(f"{name}的個人資料", f'<div class="bm"><h2 class="mbn">{escape(name)}</h2>'
                                             f'<ul><li>用戶組: 中級玩家</li><li>註冊時間: 2019-8-1 10:00</li></ul></div>'))
        if path == "/forum.php" and not query.startswith("mod=rss"):
            return self._forum_php({k: v[0] for k, v in parse_qs(query).items()}, base)
        if path in ("/member.php", "/search.php", "/home.php", "/portal.php"):
            return page_response(self._frame("登錄", '<form method="post" action="member.php?mod=logging&amp;action=login">'
                                             '<input name="username"><input name="password" type="password"><button>登錄</button></form>'))
        if path == "/":
            return redirect(302, base + "/forum.php")
        return self.site_files(path, base, query) or error_response(404)

    def _forum_php(self, params: dict, base: str):
        if params.get("mod") == "redirect" and params.get("tid") in self.by_key:
            article = self.by_key[params["tid"]]
            return redirect(302, base + self.article_path(article, self._thread_pages(article)) + "#lastpost")
        if params.get("mod") == "forumdisplay" and params.get("typeid"):
            items = [a for a in self.listed() if str(_TYPES[a.category][0]) == params["typeid"]][:20]
            return page_response(self._frame("攻略交流", self._thread_table([], items)))
        boards = (f'<tr><th><a href="forum-{FID}-1.html">攻略交流</a></th><td>{len(self.portal._order)}</td></tr>'
                  '<tr><th><a href="forum-36-1.html">站務公告</a></th><td>0</td></tr>')
        return page_response(self._frame("論壇", f'<table class="fl_tb">{boards}</table>'))

    # -------------------------------------------------------------- people and replies

    def _users(self) -> dict[int, str]:
        names = [n.format(site=self.portal.site_name) for n in C.AUTHORS] + REPLIERS
        return {1000 + i: name for i, name in enumerate(names)}

    def _uid(self, name: str) -> int:
        return next((uid for uid, n in self._users().items() if name in (n, t2s(n))), 1000)

    def _replies(self, a: ArticleTruth) -> list[tuple[str, object, str]]:
        """(replier, time, text) of each reply, oldest first."""
        rng = self.rng_for("replies", a.id)
        focus = {"g": a.game, "h": rng.choice(C.HEROES), "i": rng.choice(C.ITEMS), "b": rng.choice(C.BOSSES),
                 "mode": rng.choice(C.MODES), "res": rng.choice(C.RESOURCES)}
        when, out = a.published, []
        for _ in range(rng.randint(0, 24)):
            when += timedelta(minutes=rng.randint(3, 300))
            out.append((rng.choice(REPLIERS), when, rng.choice(REPLIES).format(**focus)))
        return out

    def _thread_pages(self, a: ArticleTruth) -> int:
        return 1 + len(self._replies(a)) // POSTS_PER_PAGE

    # -------------------------------------------------------------- chrome

    def _frame(self, title: str, main: str, lang: str = "zh-Hant") -> str:
        site = html.escape(self.portal.site_name)
        return (
            f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)} - {site} - Powered by Discuz!</title>\n"
            f"{self.feed_link()}"
            "</head>\n<body>\n"
            f'<div id="toptb"><a href="member.php?mod=register">立即註冊</a> <a href="member.php?mod=logging&amp;action=login">登錄</a></div>\n'
            f'<div id="hd"><h2><a href="./">{site}</a></h2><ul id="nv"><li><a href="portal.php">門戶</a></li>'
            '<li><a href="forum.php">論壇</a></li><li><a href="home.php">家園</a></li><li><a href="search.php">搜索</a></li></ul></div>\n'
            f'<div id="wp" class="wp">\n{main}\n</div>\n'
            f'<div id="ft"><p>Powered by <strong>Discuz!</strong> X3.4 © 2001-{self.portal.start.year} Comsenz Inc.</p>'
            '<p><a href="forum.php?mod=misc&amp;action=showdarkroom">小黑屋</a> | <a href="forum.php?mobile=yes">手機版</a></p></div>\n'
            "</body>\n</html>\n"
        )

    def _row(self, a: ArticleTruth, kind: str) -> str:
        replies = self._replies(a)
        views = self.rng_for("views", a.id).randint(len(replies) * 8 + 40, len(replies) * 40 + 900)
        pages = self._thread_pages(a)
        more = ""
        if pages > 1:
            more = '<span class="tps">&nbsp;...' + "".join(
                f'<a href="{self.article_path(a, n)}">{n}</a>' for n in range(2, pages + 1)) + "</span>"
        last_name, last_time, _ = replies[-1] if replies else (a.author, a.published, "")
        typeid, label = _TYPES[a.category]
        sticky = '<em>[置頂]</em> ' if kind == "stickthread" else ""
        return (
            f'<tbody id="{kind}_{a.key}"><tr>'
            f'<td class="icn"><a href="{a.path}" title="有新回復 - 新窗口打開" target="_blank"><img src="static/image/common/folder_new.gif"></a></td>\n'
            f'<th class="new">{sticky}<em>[<a href="forum.php?mod=forumdisplay&amp;fid={FID}&amp;filter=typeid&amp;typeid={typeid}">{label}</a>]</em> '
            f'<a href="{a.path.lstrip("/")}" class="s xst">{escape(a.title)}</a>{more}</th>\n'
            f'<td class="by"><cite><a href="space-uid-{self._uid(a.author)}.html">{escape(a.author)}</a></cite>'
            f'<em><span>{a.published.year}-{a.published.month}-{a.published.day}</span></em></td>\n'
            f'<td class="num"><a href="{a.path.lstrip("/")}" class="xi2">{len(replies)}</a><em>{views}</em></td>\n'
            f'<td class="by"><cite><a href="space-uid-{self._uid(last_name)}.html">{escape(last_name)}</a></cite>'
            f'<em><a href="forum.php?mod=redirect&amp;tid={a.key}&amp;goto=lastpost#lastpost">{_time(last_time)}</a></em></td>'
            "</tr></tbody>"
        )

    def _thread_table(self, sticky: list[ArticleTruth], items: list[ArticleTruth]) -> str:
        rows = [self._row(a, "stickthread") for a in sticky]
        rows.append('<tbody id="separatorline"><tr class="ts"><th colspan="4">版塊主題</th></tr></tbody>')
        rows += [self._row(a, "normalthread") for a in items]
        return '<div id="threadlist" class="tl bm"><table id="threadlisttableid" summary="forum_2">\n' + "\n".join(rows) + "\n</table></div>"

    @staticmethod
    def _pager(page: int, count: int, href) -> str:
        if count < 2:
            return ""
        bits = [f'<a href="{href(page - 1)}" class="prev">&nbsp;&nbsp;</a>'] if page > 1 else []
        bits += [f"<strong>{n}</strong>" if n == page else f'<a href="{href(n)}">{n}</a>' for n in range(1, count + 1)]
        bits.append(f'<label><input name="custompage" value="{page}"><span title="共 {count} 頁"> / {count} 頁</span></label>')
        if page < count:
            bits.append(f'<a href="{href(page + 1)}" class="nxt">下一頁</a>')
        return f'<div class="pg">{"".join(bits)}</div>'

    def _board_page(self, page: int) -> str:
        pager = self._pager(page, self.listing_count(), lambda n: self.listing_path(n).lstrip("/"))
        crumb = f'<div id="pt"><a href="./">{html.escape(self.portal.site_name)}</a> <em>›</em> <a href="forum.php">論壇</a> <em>›</em> 攻略交流</div>'
        head = f'<div class="bm bml"><h1 class="xs2">攻略交流</h1> <span>主題: {len(self.portal._order)}</span></div>'
        newthread = f'<a href="forum.php?mod=post&amp;action=newthread&amp;fid={FID}" id="newspecial">發帖</a>'
        return self._frame("攻略交流" if page == 1 else f"攻略交流 - 第{page}頁", (
            f"{crumb}\n{head}\n<div id=\"pgt\">{pager} {newthread}</div>\n"
            f"{self._thread_table(self.sticky(), self.listing_items(page))}\n{pager}"
        ))

    def _post(self, pid: int, name: str, when, message: str, floor: str) -> str:
        return (
            f'<div id="post_{pid}"><table id="pid{pid}" class="plhin"><tr>\n'
            f'<td class="pls"><div class="pi"><div class="authi"><a href="space-uid-{self._uid(name)}.html" class="xw1">{name}</a></div></div>'
            f'<dl class="pil cl"><dt>積分</dt><dd>{pid % 4000}</dd></dl></td>\n'
            f'<td class="plc"><div class="pi"><strong>{floor}</strong>'
            f'<div class="pti"><div class="authi"><a href="space-uid-{self._uid(name)}.html" class="xi2">{name}</a> '
            f'<em id="authorposton{pid}">發表於 {_time(when)}</em></div></div></div>\n'
            f'<div class="pct"><div class="t_fsz"><table><tr><td class="t_f" id="postmessage_{pid}">\n{message}\n</td></tr></table></div></div>'
            "</td></tr></table></div>"
        )

    def _thread_page(self, a: ArticleTruth, page: int):
        pieces, marks = self.pieces(a, 1)
        replies = self._replies(a)
        pid = int(a.key) * 10
        posts = []
        if page == 1:
            posts.append(self._post(pid, "@@AUTHOR@@", a.published, "<br />\n<br />\n".join(marks), "樓主"))
        # Page 1 holds the first post and nine replies; later pages ten replies each.
        start = 0 if page == 1 else (page - 1) * POSTS_PER_PAGE - 1
        end = (page * POSTS_PER_PAGE) - 1
        for floor, (name, when, text) in enumerate(replies[start:end], start + 2):
            posts.append(self._post(pid + floor, escape(name), when, escape(text), f"{floor}#"))
        pager = self._pager(page, self._thread_pages(a), lambda n: self.article_path(a, n).lstrip("/"))
        typeid, label = _TYPES[a.category]
        main = (
            f'<div id="pt"><a href="./">{html.escape(self.portal.site_name)}</a> <em>›</em> <a href="forum.php">論壇</a> <em>›</em> '
            f'<a href="forum-{FID}-1.html">攻略交流</a> <em>›</em> @@TITLE@@</div>\n'
            f'<div id="pgt">{pager} <a href="forum.php?mod=post&amp;action=reply&amp;fid={FID}&amp;tid={a.key}">回復</a> '
            f'<a href="forum-{FID}-1.html">返回列表</a></div>\n'
            f'<div id="postlist" class="pl bm"><table><tr><td class="pls"><span class="xg1">查看:</span> '
            f'<span class="xi1">{len(replies) * 20 + 100}</span> <span class="xg1">回復:</span> <span class="xi1">{len(replies)}</span></td>'
f'<td class="plc"><span class="ts-type">[<a href="forum.php?mod=forumdisplay&amp;fid={FID}&amp;filter=typeid&amp;typeid={typeid}">{label}</a>]</span> '
            '<h1 class="ts"><span id="thread_subject">@@TITLE@@</span></h1></td></tr></table>\n'
            + "\n".join(posts) + f"\n</div>\n{pager}"
        )
        page_html = self._frame("@@TITLE@@", main, self.lang(a.script))
        data = self.localise(page_html, pieces, a.script).encode("utf-8")
        return self.article_response(a, data, HTML_UTF8)


def _time(when) -> str:
    return f"{when.year}-{when.month}-{when.day} {when:%H:%M}"
