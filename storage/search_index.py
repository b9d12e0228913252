"""The articles' full-text index (``articles_search``, FTS5, schema m007).

Chinese has no spaces, and Simplified and Traditional spell one word two ways,
so the index holds neither the raw text nor trigrams of it: each title and body
is folded to Simplified (OpenCC ``t2s``) and every CJK character is written as a
token of its own. A query gets the same treatment (:func:`match_query`): a run of
CJK characters becomes a phrase of single-character tokens, which matches exactly
where the folded text contains the run -- one character or twenty -- and other
words match whole words by prefix. Each separator (punctuation, a space) is a
private-use marker token, so ``攻略`` does not match ``攻，略``.

Triggers on ``articles`` queue new, changed and deleted rows in ``fts_pending``;
:func:`catch_up` indexes the queue. The archive calls it at the end of every write
transaction, so a committed article is always searchable, and FTS5 writes one
segment per transaction instead of one per article. Rows written by other tools
are queued by the same triggers and indexed at the archive's next write.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

import opencc
from sqlite_utils import Database

INDEX_TABLE = "articles_search"

# Scripts written without spaces: each character is a token. Kana included, since
# Japanese titles turn up on the same portals.
_CJK_RANGES = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_CJK = f"[{_CJK_RANGES}]"
_CJK_CHAR = re.compile(f"({_CJK})")
# Every character FTS5's unicode61 tokenizer splits on (anything but letters,
# numbers, marks and private use) is written as the marker token U+E000, so that
# characters are adjacent in the index only where they are in the text: 攻略 does
# not match 攻，略, and 攻，略 matches only one separator between them.
_GAP = "\ue000"
_NO_MATCH = '"\ue001"'  # private use, replaced in every indexed text: matches nothing
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_ASTRAL_CJK = re.compile("([\U00020000-\U0003134f])")
_ASTRAL_SEPARATOR = re.compile("(?=[\U00010000-\U0001ffff\U00031350-\U000effff])\\W")
_NOT_WORD = "(?:_|[^\\w\ue000-\uf8ff])"
_NON_CJK_WORD_CHAR = f"(?:(?!{_CJK})[^\\W_])"
_TOKEN = re.compile(f"{_CJK}|{_GAP}|{_NON_CJK_WORD_CHAR}+")

_local = threading.local()  # OpenCC objects are not documented as thread-safe


def _t2s() -> opencc.OpenCC:
    converter = getattr(_local, "t2s", None)
    if converter is None:
        converter = _local.t2s = opencc.OpenCC("t2s")
    return converter


@lru_cache(maxsize=1)
def _token_table() -> dict[int, str]:
    """str.translate table for the Basic Multilingual Plane: CJK characters get spaces
    around them, separators become the marker, private-use characters a space.
    (One C pass over the text: a regex substitution per character cost 7 times more.)"""
    cjk = re.compile(_CJK)
    table = {}
    for code in range(0x10000):
        char = chr(code)
        category = unicodedata.category(char)
        if cjk.match(char):
            table[code] = f" {char} "
        elif category == "Co":
            table[code] = " "
        elif category[0] not in "LNM" and category != "Cs":
            table[code] = f" {_GAP} "
    return table


def fold(text: str | None) -> str:
    """``text`` in Simplified Chinese and lower case: what search compares."""
    return _t2s().convert(text).lower() if text else ""


def indexed_text(text: str | None) -> str:
    """What the index stores for ``text``: folded, one token per CJK character, a
    marker token per separator."""
    if not text:
        return ""
    tokens = _t2s().convert(text).translate(_token_table())
    if _ASTRAL.search(tokens):  # rare: CJK extensions B and later, emoji
        tokens = _ASTRAL_SEPARATOR.sub(f" {_GAP} ", _ASTRAL_CJK.sub(r" \1 ", tokens))
    return tokens


def query_terms(query: str) -> list[list[str]]:
    """The whitespace-separated terms of a query, each as its folded tokens."""
    terms = []
    for term in query.split():
        tokens = _TOKEN.findall(indexed_text(term).lower())
        while tokens and tokens[-1] == _GAP:
            tokens.pop()
        while tokens and tokens[0] == _GAP:
            tokens.pop(0)
        if tokens:
            terms.append(tokens)
    return terms


def match_query(query: str) -> str:
    """An FTS5 MATCH expression for what a user typed: every term must match.

    A term of CJK characters is a phrase of them; a term ending in a word matches
    that word by prefix (``guide`` finds ``guides``). A query with no word at all
    matches nothing.
    """
    phrases = []
    for tokens in query_terms(query):
        phrase = '"' + " ".join(tokens) + '"'
        if not _CJK_CHAR.fullmatch(tokens[-1]):
            phrase += " *"
        phrases.append(phrase)
    return " AND ".join(phrases) if phrases else _NO_MATCH


def highlight_spans(text: str, query: str) -> list[tuple[int, int]]:
    """Where the terms of ``query`` occur in ``text`` (start, end offsets), sorted.

    CJK runs match as substrings of the folded text, words at a word start. OpenCC
    ``t2s`` almost always keeps the length; where it does not, the text is folded
    a character at a time so that offsets still point into ``text``.
    """
    if not text:
        return []
    folded = fold(text)
    if len(folded) != len(text):
        folded = "".join(fold(char)[:1] or char for char in text)
    spans = []
    for tokens in query_terms(query):
        pattern = "".join(
            (_NOT_WORD if token == _GAP else re.escape(token)) for token in tokens
        )
        if not _CJK_CHAR.fullmatch(tokens[-1]) and tokens[-1] != _GAP:
            pattern = f"(?<!{_NON_CJK_WORD_CHAR}){pattern}{_NON_CJK_WORD_CHAR}*"
        spans += [match.span() for match in re.finditer(pattern, folded)]
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def index_rows(db: Database, ids: Iterable[int]) -> None:
    """(Re)index the articles with these ids; ids no longer in ``articles`` are removed."""
    ids = list(ids)
    db.conn.executemany(f"DELETE FROM {INDEX_TABLE} WHERE rowid = ?", [(i,) for i in ids])
    for start in range(0, len(ids), 500):
        chunk = ids[start : start + 500]
        rows = db.execute(
            f"SELECT id, title, body_text FROM articles WHERE id IN ({','.join('?' * len(chunk))})", chunk
        ).fetchall()
        db.conn.executemany(
            f"INSERT INTO {INDEX_TABLE} (rowid, title, body_text) VALUES (?, ?, ?)",
            [(i, indexed_text(title), indexed_text(body)) for i, title, body in rows],
        )


def catch_up(db: Database) -> None:
    """Index every queued article. Call inside a write transaction.

    Without an index (dropped by hand) the queue is just emptied.
    """
    tables = {name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE name IN ('fts_pending', ?)", [INDEX_TABLE]
    )}
    if "fts_pending" not in tables:
        return
    if INDEX_TABLE in tables:
        index_rows(db, [i for (i,) in db.execute("SELECT article_id FROM fts_pending")])
    db.execute("DELETE FROM fts_pending")
