"""The sample portal: a deterministic, in-memory game-guide site (攻略站).

Everything is generated from ``random.Random(f"{name}:{seed}")`` at construction; pages
are rendered on request by :meth:`SamplePortal.respond`, a function of the portal's state
(plus the ``fail`` counters). The :class:`ArticleTruth` records say what an archiver should
have extracted from each article.
"""

from __future__ import annotations

import hashlib
import html
import random
import re
import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from urllib.parse import urlsplit

import opencc

from . import content as C

TZ = timezone(timedelta(hours=8))
DISGUISES = frozenset({"traditional", "pinyin", "suffix", "intro", "reposted"})

_T2S = opencc.OpenCC("t2s")
_S2T = opencc.OpenCC("s2t")
_CONVERT_LOCK = threading.Lock()  # OpenCC objects are not documented as thread-safe


def t2s(text: str) -> str:
    with _CONVERT_LOCK:
        return _T2S.convert(text)


def s2t(text: str) -> str:
    with _CONVERT_LOCK:
        return _S2T.convert(text)


def _tables():
    pin_t, ruby_t, pin_s, ruby_s = {}, {}, {}, {}
    for char, py in C.PINYIN_T.items():
        pin_t[ord(char)] = f"{char}({py})"
        ruby_t[ord(char)] = f"<ruby>{char}<rt>{py}</rt></ruby>"
        simple = _T2S.convert(char)
        if len(simple) == 1:
            pin_s[ord(simple)] = f"{simple}({py})"
            ruby_s[ord(simple)] = f"<ruby>{simple}<rt>{py}</rt></ruby>"
    return {"traditional": (pin_t, ruby_t), "simplified": (pin_s, ruby_s)}


_TABLES = _tables()
_LABEL_TABLE = _TABLES["traditional"][0]


@dataclass(eq=False)
class ArticleTruth:
    """What one article is, as an archiver should record it.

    ``title`` has no site suffix and no pinyin; ``body_text`` is the paragraphs joined by
    ``\\n`` (no ad, no pinyin, no byline or breadcrumb), across all of the article's pages.
    ``published`` is naive and means UTC+8; ``published_at`` is its ISO form with offset.
    """

    id: int
    title: str
    author: str
    published: datetime
    paragraphs: list[str]
    pages: int = 1
    encoding: str = "utf-8"  # "utf-8" or "gb18030" (served with a gb2312 meta, no header charset)
    script: str = "traditional"  # or "simplified"
    pinyin: bool = False  # characters followed by "(pīnyīn)" on the page
    ruby: bool = False  # characters in <ruby> markup on the page
    category: str = "guide"
    game: str = ""
    repost_of: tuple[str, int] | None = None
    modified: datetime | None = None
    revision: int = 1
    sidebar: list[tuple[int, str]] = field(default_factory=list, repr=False)

    @property
    def path(self) -> str:
        return f"/article/{self.id}.html"

    @property
    def page_paths(self) -> list[str]:
        return [self.path] + [f"/article/{self.id}_{n}.html" for n in range(2, self.pages + 1)]

    @property
    def published_at(self) -> str:
        return self.published.replace(tzinfo=TZ).isoformat()

    @property
    def modified_at(self) -> str:
        return (self.modified or self.published).replace(tzinfo=TZ).isoformat()

    @property
    def body_text(self) -> str:
        return "\n".join(self.paragraphs)

    def url(self, base_url: str) -> str:
        return base_url.rstrip("/") + self.path

    def page_paragraphs(self) -> list[list[str]]:
        """The paragraphs of each page, split as evenly as possible."""
        n, k = len(self.paragraphs), self.pages
        size, extra = divmod(n, k)
        out, at = [], 0
        for i in range(k):
            step = size + (1 if i < extra else 0)
            out.append(self.paragraphs[at:at + step])
            at += step
        return out

    def truth(self, base_url: str) -> dict:
        return {
            "url": self.url(base_url),
            "title": self.title,
            "author": self.author,
            "published_at": self.published_at,
            "body_text": self.body_text,
        }


_ARTICLE = re.compile(r"/article/(\d+)(?:_(\d+))?\.html")
_LISTING = re.compile(r"/list/index(?:_(\d+))?\.html")
_ALIAS = re.compile(r"/a/(\d+)/?")
_CATEGORY = re.compile(r"/category/(\w+)\.html")

_PIECE = re.compile(r"@@\w+@@")
_HTML_UTF8 = "text/html; charset=utf-8"


class SamplePortal:
    """A deterministic game-guide portal held in memory; see the package docstring."""

    def __init__(
        self,
        name: str = "yongchuang",
        site_name: str = "永創攻略",
        articles: int = 36,
        seed: int = 1,
        per_page: int = 10,
        start: datetime = datetime(2025, 5, 13, 11, 7, 46),
    ):
        if articles < 0 or per_page < 1:
            raise ValueError("articles must be >= 0 and per_page >= 1")
        self.name = name
        self.site_name = site_name
        self.seed = seed
        self.per_page = per_page
        self.start = start
        self.base_url: str | None = None  # set by serve()
        self._rng = random.Random(f"{name}:{seed}")
        self._lock = threading.RLock()
        self._order: list[ArticleTruth] = []  # oldest first
        self._by_id: dict[int, ArticleTruth] = {}
        self._titles: set[str] = set()
        self._fail: dict[str, list[int]] = {}
        self._clock = start  # the newest date on the site (publication or edit)

        rng = self._rng
        dates = [start]
        for _ in range(articles - 1):
            dates.append(dates[-1] - self._gap())
        dates.reverse()
        next_id = rng.randint(1000, 9000)
        for published in dates:
            self._add(self._generate(next_id, published))
            next_id += rng.randint(1, 3)
        self._next_id = next_id
        for article in self._order:
            self._pick_sidebar(article)
        plain = [a for a in self._order if not a.pinyin]
        for article in rng.sample(plain, min(len(plain), 1 if articles < 100 else 2)):
            article.ruby = True

    def __repr__(self) -> str:
        return f"<SamplePortal {self.name!r} {len(self._order)} articles seed={self.seed}>"

    # ------------------------------------------------------------------ state

    @property
    def articles(self) -> list[ArticleTruth]:
        """All articles, newest first."""
        with self._lock:
            return self._order[::-1]

    @property
    def listing_paths(self) -> list[str]:
        with self._lock:
            count = max(1, -(-len(self._order) // self.per_page))
        return ["/list/index.html"] + [f"/list/index_{n}.html" for n in range(2, count + 1)]

    def article(self, article_id: int) -> ArticleTruth:
        return self._by_id[article_id]

    def truth_json(self, base_url: str | None = None, extra: bool = False) -> list[dict]:
        """One dict per article, newest first: url, title, author, published_at, body_text.

        With ``extra``, also id, page_urls, encoding, script, pinyin, ruby, repost_of
        (as ``"name:id"`` or None) and modified_at.
        """
        base = (base_url or self.base_url or "http://127.0.0.1").rstrip("/")
        out = []
        for a in self.articles:
            row = a.truth(base)
            if extra:
                row.update(
                    id=a.id,
                    page_urls=[base + p for p in a.page_paths],
                    encoding=a.encoding,
                    script=a.script,
                    pinyin=a.pinyin,
                    ruby=a.ruby,
                    repost_of=f"{a.repost_of[0]}:{a.repost_of[1]}" if a.repost_of else None,
                    modified_at=a.modified_at,
                )
            out.append(row)
        return out

    def _gap(self) -> timedelta:
        return timedelta(seconds=self._rng.randint(40 * 60, 20 * 3600))

    def _add(self, article: ArticleTruth) -> None:
        self._order.append(article)
        self._by_id[article.id] = article
        self._clock = max(self._clock, article.published)

    def _unique_title(self, rng: random.Random, focus: dict) -> tuple[str, str]:
        for _ in range(30):
            title, category = C.make_title(rng, focus)
            if title not in self._titles:
                break
        else:
            n = 2
            while f"{title}（{n}）" in self._titles:
                n += 1
            title = f"{title}（{n}）"
        self._titles.add(title)
        return title, category

    def _generate(self, article_id: int, published: datetime) -> ArticleTruth:
        rng = self._rng
        focus = C.make_focus(rng)
        title, category = self._unique_title(rng, focus)
        pages = rng.choice((2, 2, 3)) if rng.random() < 0.25 else 1
        paragraphs = C.make_paragraphs(rng, focus, category, min_paragraphs=3 * pages)
        pages = max(1, min(pages, len(paragraphs) // 2))
        script = "simplified" if rng.random() < 0.25 else "traditional"
        author = rng.choice(C.AUTHORS).format(site=self.site_name)
        article = ArticleTruth(
            id=article_id,
            title=title,
            author=author,
            published=published,
            paragraphs=paragraphs,
            pages=pages,
            encoding="gb18030" if rng.random() < 0.2 else "utf-8",
            script=script,
            pinyin=rng.random() < 1 / 3,
            category=category,
            game=focus["g"],
        )
        if script == "simplified":
            self._to_simplified(article)
        return article

    @staticmethod
    def _to_simplified(article: ArticleTruth) -> None:
        joined = t2s("\n".join([article.title, article.author, *article.paragraphs]))
        article.title, article.author, *article.paragraphs = joined.split("\n")

    def _pick_sidebar(self, article: ArticleTruth) -> None:
        order = self._order
        picks = [order[i] for i in self._rng.sample(range(len(order)), min(9, len(order)))]
        picks = [a for a in picks if a.id != article.id][:8]
        article.sidebar = [
            (a.id, self._rng.choice(("", "", "", "?utm_source=hot", "?from=sidebar"))) for a in picks
        ]

    # -------------------------------------------------------------- mutations

    def add_articles(self, n: int) -> list[ArticleTruth]:
        """Publish ``n`` new articles, newer than everything on the site; returns them newest first."""
        with self._lock:
            new = []
            for _ in range(n):
                article = self._generate(self._take_id(), self._clock + self._gap())
                self._add(article)
                new.append(article)
            for article in new:
                self._pick_sidebar(article)
            return new[::-1]

    def _take_id(self) -> int:
        article_id = self._next_id
        self._next_id += self._rng.randint(1, 3)
        return article_id

    def edit_article(self, article_id: int, body_text: str | None = None, title: str | None = None) -> ArticleTruth:
        """Revise an article in place (page bytes, ETag and sitemap lastmod change)."""
        with self._lock:
            article = self._by_id[article_id]
            if body_text is not None:
                paragraphs = [p.strip() for p in body_text.split("\n") if p.strip()]
                if not paragraphs:
                    raise ValueError("body_text has no paragraphs")
                article.paragraphs = paragraphs
                article.pages = max(1, min(article.pages, len(paragraphs) // 2))
            if title is not None:
                self._titles.discard(article.title)
                article.title = title
                self._titles.add(title)
            self._clock += timedelta(hours=1)
            article.modified = self._clock
            article.revision += 1
            return article

    def fail(self, path: str, times: int = 1, status: int = 503) -> None:
        """The next ``times`` requests for ``path`` (with or without its query) answer ``status``."""
        with self._lock:
            self._fail[path] = [times, status]

    def repost(self, other: "SamplePortal", ids: list[int] | None = None, disguise=DISGUISES) -> list[ArticleTruth]:
        """Publish disguised copies of ``other``'s articles here (new ids, newest on this site).

        ``disguise`` ⊆ {"traditional", "pinyin", "suffix", "intro", "reposted"}: convert to
        Traditional (OpenCC s2t), annotate with pinyin, (suffix: the title tag already carries
        this site's name), add an editor's intro paragraph, add a 本文轉載自網絡 line. The intro
        and the repost line are paragraphs of the copy, so they are in its ``body_text``.
        Returns the copies newest first; each has ``repost_of=(other.name, original id)``.
        """
        disguise = frozenset(disguise)
        if disguise - DISGUISES:
            raise ValueError(f"unknown disguise: {sorted(disguise - DISGUISES)}")
        sources = other._order if ids is None else [other.article(i) for i in ids]
        with self._lock:
            rng = self._rng
            new = []
            for src in list(sources):
                title, paragraphs, script = src.title, list(src.paragraphs), src.script
                if "traditional" in disguise:
                    joined = s2t("\n".join([title, *paragraphs]))
                    title, *paragraphs = joined.split("\n")
                    script = "traditional"
                if "intro" in disguise:
                    intro = rng.choice(C.REPOST_INTROS).format(g=src.game)
                    paragraphs.insert(0, t2s(intro) if script == "simplified" else intro)
                if "reposted" in disguise:
                    line = C.REPOSTED_LINE
                    paragraphs.append(t2s(line) if script == "simplified" else line)
                author = rng.choice(C.AUTHORS).format(site=self.site_name)
                article = ArticleTruth(
                    id=self._take_id(),
                    title=title,
                    author=t2s(author) if script == "simplified" else author,
                    published=self._clock + self._gap(),
                    paragraphs=paragraphs,
                    pages=src.pages,
                    encoding="gb18030" if rng.random() < 0.2 else "utf-8",
                    script=script,
                    pinyin="pinyin" in disguise,
                    category=src.category,
                    game=src.game,
                    repost_of=(other.name, src.id),
                )
                article.pages = max(1, min(article.pages, len(paragraphs) // 2))
                self._titles.add(title)
                self._add(article)
                new.append(article)
            for article in new:
                self._pick_sidebar(article)
            return new[::-1]

    # --------------------------------------------------------------- serving

    def respond(
        self,
        path_with_query: str,
        headers: dict | None = None,
        base_url: str | None = None,
    ) -> tuple[int, dict, bytes]:
        """Answer one GET: (status, headers, body). ``headers`` (request headers) may carry
        If-None-Match for a 304; ``base_url`` makes canonical, sitemap and redirect URLs
        absolute (default: ``self.base_url``, else http://127.0.0.1)."""
        base = (base_url or self.base_url or "http://127.0.0.1").rstrip("/")
        split = urlsplit(path_with_query)
        path = split.path or "/"
        with self._lock:
            if self._fail:
                for key in (path_with_query, path):
                    entry = self._fail.get(key)
                    if entry:
                        entry[0] -= 1
                        if entry[0] <= 0:
                            del self._fail[key]
                        return self._error(entry[1])
            status, out_headers, body = self._route(path, base)
        if status == 200 and "ETag" in out_headers and headers:
            inm = headers.get("If-None-Match") or headers.get("if-none-match")
            if inm and out_headers["ETag"] in [t.strip() for t in inm.split(",")]:
                return 304, {"ETag": out_headers["ETag"], "Last-Modified": out_headers["Last-Modified"]}, b""
        return status, out_headers, body

    def _route(self, path: str, base: str) -> tuple[int, dict, bytes]:
        m = _ARTICLE.fullmatch(path)
        if m:
            article = self._by_id.get(int(m.group(1)))
            page = int(m.group(2) or 1)
            if article is None or (m.group(2) and page < 2) or page > article.pages:
                return self._error(404)
            return self._article_page(article, page, base)
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if (m.group(1) and page < 2) or page > len(self.listing_paths):
                return self._error(404)
            return 200, {"Content-Type": _HTML_UTF8}, self._listing_page(page).encode()
        if path in ("/", "/index.html"):
            return 302, {"Location": base + "/list/index.html", "Content-Type": _HTML_UTF8}, b""
        m = _ALIAS.fullmatch(path)
        if m and int(m.group(1)) in self._by_id:
            return 301, {"Location": base + f"/article/{int(m.group(1))}.html", "Content-Type": _HTML_UTF8}, b""
        m = _CATEGORY.fullmatch(path)
        if m and m.group(1) in C.CATEGORIES:
            return 200, {"Content-Type": _HTML_UTF8}, self._category_page(m.group(1)).encode()
        if path == "/about.html":
            return 200, {"Content-Type": _HTML_UTF8}, self._about_page().encode()
        if path == "/admin/login.html":
            body = self._frame("管理登入", '<form method="post" action="/admin/login.html">'
                               '<input name="user"><input name="password" type="password">'
                               '<button>登入</button></form>')
            return 200, {"Content-Type": _HTML_UTF8}, body.encode()
        if path == "/robots.txt":
            body = f"User-agent: *\nAllow: /\nDisallow: /admin/\n\nSitemap: {base}/sitemap.xml\n"
            return 200, {"Content-Type": "text/plain; charset=utf-8"}, body.encode()
        if path == "/sitemap.xml":
            return 200, {"Content-Type": "application/xml; charset=utf-8"}, self._sitemap(base).encode()
        if path == "/feed.xml":
            return 200, {"Content-Type": "application/rss+xml; charset=utf-8"}, self._feed(base).encode()
        return self._error(404)

    @staticmethod
    def _error(status: int) -> tuple[int, dict, bytes]:
        reason = {404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error",
                  502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout"}.get(status, "Error")
        body = f"<!DOCTYPE html><html><head><title>{status} {reason}</title></head><body><h1>{status} {reason}</h1></body></html>"
        headers = {"Content-Type": _HTML_UTF8}
        if status in (429, 503):
            headers["Retry-After"] = "1"
        return status, headers, body.encode()

    # ------------------------------------------------------------- rendering

    def _header(self) -> str:
        cats = "".join(f'<li><a href="/category/{slug}.html">{label}</a></li>' for slug, label in C.CATEGORIES.items())
        return (
            f'<div class="header"><div class="logo"><a href="/">{html.escape(self.site_name)}</a></div>\n'
            f'<ul class="nav"><li><a href="/">首頁</a></li><li><a href="/list/index.html">攻略</a></li>'
            f'{cats}<li><a href="/about.html">關於我們</a></li></ul></div>\n'
        )

    def _footer(self) -> str:
        return (
            '<div class="footer">\n<p><a href="/about.html">關於我們</a> | <a href="/feed.xml">RSS訂閱</a> | '
            '<a href="/sitemap.xml">網站地圖</a> | <a href="/admin/login.html">管理登入</a></p>\n'
            f"<p>Copyright © 2019-{self.start.year} {html.escape(self.site_name)} 版權所有</p>\n"
            "<p>本站部分內容來自網絡，僅供玩家交流學習，如有侵權請聯繫我們刪除。</p>\n</div>\n"
        )

    def _frame(self, title: str, main: str) -> str:
        site = html.escape(self.site_name)
        return (
            '<!DOCTYPE html>\n<html lang="zh-Hant">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}_{site}</title>\n"
            f'<meta name="keywords" content="{site},遊戲攻略,手遊攻略">\n</head>\n<body>\n'
            f'{self._header()}<div class="main">\n{main}\n</div>\n{self._footer()}</body>\n</html>\n'
        )

    @staticmethod
    def _list_item(a: ArticleTruth) -> str:
        summary = a.paragraphs[0][:48]
        return (
            f'<li><a href="{a.path}" title="{html.escape(a.title)}">{html.escape(a.title, quote=False)}</a>'
            f'<span class="date">{a.published:%Y-%m-%d}</span>'
            f'<p class="summary">{html.escape(summary, quote=False)}…</p></li>'
        )

    def _listing_page(self, page: int) -> str:
        newest = self._order[::-1]
        items = newest[(page - 1) * self.per_page: page * self.per_page]
        count = len(self.listing_paths)

        def href(n: int) -> str:
            return "/list/index.html" if n == 1 else f"/list/index_{n}.html"

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
        items = [a for a in reversed(self._order) if a.category == slug][:20]
        lines = "\n".join(self._list_item(a) for a in items)
        crumb = f'<div class="breadcrumb">當前位置：<a href="/">首頁</a> &gt; {label}</div>'
        return self._frame(label, f'<div class="left">\n{crumb}\n<ul class="list">\n{lines}\n</ul>\n</div>')

    def _about_page(self) -> str:
        site = html.escape(self.site_name)
        return self._frame("關於我們", (
            f'<div class="left"><h1>關於{site}</h1>\n<p>{site}是一個由玩家自發維護的遊戲攻略站，'
            "提供版本資訊、配裝推薦與副本打法。</p>\n<p>聯繫郵箱：editor@example.invalid</p></div>"
        ))

    def _article_page(self, a: ArticleTruth, page: int, base: str) -> tuple[int, dict, bytes]:
        table = None
        if a.ruby:
            table = _TABLES[a.script][1]
        elif a.pinyin:
            table = _TABLES[a.script][0]

        def text(s: str) -> str:
            s = html.escape(s, quote=False)
            return s.translate(table) if table else s

        def label(s: str) -> str:
            return s.translate(_LABEL_TABLE) if a.pinyin else s

        site = html.escape(self.site_name)
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
        hot = []
        for other_id, query in a.sidebar:
            other = self._by_id[other_id]
            hot.append(f'<li><a href="{other.path}{query}">{html.escape(other.title, quote=False)}</a></li>')
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
            data = page_html.encode("gb18030")
            content_type = "text/html"
        else:
            data = page_html.encode("utf-8")
            content_type = _HTML_UTF8
        modified = (a.modified or a.published).replace(tzinfo=TZ).astimezone(timezone.utc)
        return 200, {
            "Content-Type": content_type,
            "Last-Modified": format_datetime(modified, usegmt=True),
            "ETag": '"' + hashlib.md5(data).hexdigest()[:16] + '"',
        }, data

    def _sitemap(self, base: str) -> str:
        rows = "".join(
            f"<url><loc>{base}{a.path}</loc><lastmod>{a.modified_at}</lastmod></url>\n"
            for a in reversed(self._order)
        )
        return ('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + rows + "</urlset>\n")

    def _feed(self, base: str) -> str:
        items = []
        for a in self._order[::-1][:20]:
            items.append(
                f"<item><title>{html.escape(a.title)}</title><link>{base}{a.path}</link>"
                f'<guid isPermaLink="true">{base}{a.path}</guid>'
                f"<pubDate>{format_datetime(a.published.replace(tzinfo=TZ))}</pubDate>"
                f"<author>{html.escape(a.author)}</author>"
                f"<description>{html.escape(a.paragraphs[0][:80])}</description></item>"
            )
        site = html.escape(self.site_name)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                f"<title>{site}</title><link>{base}/</link><description>{site}最新攻略</description>\n"
                + "\n".join(items) + "\n</channel></rss>\n")
