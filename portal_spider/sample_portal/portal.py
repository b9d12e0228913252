"""The sample portal: a deterministic, in-memory game-guide site (攻略站).

Everything is generated from ``random.Random(f"{name}:{seed}")`` at construction; pages
are rendered on request by :meth:`SamplePortal.respond`, a function of the portal's state
(plus the ``fail`` counters). The :class:`ArticleTruth` records say what an archiver should
have extracted from each article. The portal's style (``styles``) decides its URLs and
page templates; the articles are the same generator's in every style.
"""

from __future__ import annotations

import random
import threading
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from . import content as C
from .styles import style_class
from .styles.base import error_response
from .truth import TZ, ArticleTruth, s2t, t2s

__all__ = ["DISGUISES", "TZ", "ArticleTruth", "SamplePortal", "s2t", "t2s"]

DISGUISES = frozenset({"traditional", "pinyin", "suffix", "intro", "reposted"})


class SamplePortal:
    """A deterministic game-guide portal held in memory; see the package docstring.

    ``style`` names the kind of site it is (``styles.STYLES``: "numeric", the default,
    "datehex", "slug", ...): its URL scheme, page templates, sitemap and feed.
    """

    def __init__(
        self,
        name: str = "yongchuang",
        site_name: str | None = None,
        articles: int = 36,
        seed: int = 1,
        per_page: int = 10,
        start: datetime = datetime(2025, 5, 13, 11, 7, 46),
        style: str = "numeric",
    ):
        if articles < 0 or per_page < 1:
            raise ValueError("articles must be >= 0 and per_page >= 1")
        self.style = style_class(style)(self)
        self.name = name
        self.site_name = site_name or self.style.site_name
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
        if self.style.annotations:
            for article in rng.sample(plain, min(len(plain), 1 if articles < 100 else 2)):
                article.ruby = True

    def __repr__(self) -> str:
        style = "" if self.style.name == "numeric" else f" style={self.style.name}"
        return f"<SamplePortal {self.name!r} {len(self._order)} articles seed={self.seed}{style}>"

    # ------------------------------------------------------------------ state

    @property
    def articles(self) -> list[ArticleTruth]:
        """All articles, newest first."""
        with self._lock:
            return self._order[::-1]

    @property
    def listing_paths(self) -> list[str]:
        with self._lock:
            return self.style.listing_paths()

    @property
    def start_path(self) -> str:
        """The first listing page, where a zero-config crawl starts."""
        return self.style.start_path

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
            title, category = self.style.content.make_title(rng, focus)
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
        content = self.style.content
        focus = content.make_focus(rng)
        title, category = self._unique_title(rng, focus)
        pages = rng.choice((2, 2, 3)) if rng.random() < 0.25 else 1
        paragraphs = content.make_paragraphs(rng, focus, category, min_paragraphs=3 * pages)
        pages = max(1, min(pages, len(paragraphs) // 2))
        script = "simplified" if rng.random() < 0.25 else "traditional"
        author = rng.choice(content.AUTHORS).format(site=self.site_name)
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
            style=self.style,
        )
        self.style.settle(article)
        if article.script == "simplified":
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
                    style=self.style,
                )
                article.pages = max(1, min(article.pages, len(paragraphs) // 2))
                self.style.settle(article)
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
                        return error_response(entry[1])
            status, out_headers, body = self.style.route(path, split.query, base)
        if status == 200 and "ETag" in out_headers and headers:
            inm = headers.get("If-None-Match") or headers.get("if-none-match")
            if inm and out_headers["ETag"] in [t.strip() for t in inm.split(",")]:
                return 304, {"ETag": out_headers["ETag"], "Last-Modified": out_headers["Last-Modified"]}, b""
        return status, out_headers, body
