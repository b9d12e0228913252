"""What an archiver should record of each sample article, and the script conversions and
pinyin/ruby tables article pages are rendered with."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING

import opencc

from . import content as C

if TYPE_CHECKING:
    from .styles.base import Style

TZ = timezone(timedelta(hours=8))

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


# script -> (pinyin table, ruby table), for str.translate
ANNOTATION_TABLES = _tables()
LABEL_TABLE = ANNOTATION_TABLES["traditional"][0]


@dataclass(eq=False)
class ArticleTruth:
    """What one article is, as an archiver should record it.

    ``title`` has no site suffix and no pinyin; ``body_text`` is the paragraphs joined by
    ``\\n`` (no ad, no pinyin, no byline or breadcrumb), across all of the article's pages.
    ``published`` is naive and means UTC+8; ``published_at`` is its ISO form with offset.
    Its URLs come from the portal's style; ``key`` is the style's name for the article in
    them (the id, a hex id, a slug ...).
    """

    id: int
    title: str
    author: str
    published: datetime
    paragraphs: list[str]
    pages: int = 1
    encoding: str = "utf-8"  # "utf-8", "gb18030" (served with a gb2312 meta, no header charset) or "gbk"
    script: str = "traditional"  # or "simplified"
    pinyin: bool = False  # characters followed by "(pīnyīn)" on the page
    ruby: bool = False  # characters in <ruby> markup on the page
    category: str = "guide"
    game: str = ""
    repost_of: tuple[str, int] | None = None
    modified: datetime | None = None
    revision: int = 1
    sidebar: list[tuple[int, str]] = field(default_factory=list, repr=False)
    style: Style | None = field(default=None, repr=False)
    key: str = ""

    @property
    def path(self) -> str:
        return self.page_paths[0]

    @property
    def page_paths(self) -> list[str]:
        return [self.style.article_path(self, n) for n in range(1, self.pages + 1)]

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
