"""What a URL looks like: its shape (the family it belongs to) and how article-like it is.

An article URL carries an identifier of one article: a number, a date path, a hexadecimal
or base-36 id, a slug of several words, or such a value in the query string. Listing,
category, tag, author, login and search URLs name a collection or a function instead.
Both are told apart by the URL's parts, not by any one site's scheme.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, unquote, urlsplit

_TOKEN_SPLIT = re.compile(r"([-_.~,+!]+)")
_DIGITS = re.compile(r"^\d+$")
_ALNUM_ID = re.compile(r"^(?=[a-z]*\d)(?=\d*[a-z])[a-z0-9]{6,}$", re.I)
_WORD = re.compile(r"^[^\W\d_]+$")
_ALNUM_RUN = re.compile(r"[^\W_]+")
# A wiki namespace before the page name: Category:Bosses, Special:Search, User:Jane.
_NAMESPACE = re.compile(r"^(category|special|user|user_talk|talk|file|image|template|help|portal|mediawiki|"
                        r"分类|分類|特殊|用户|用戶|讨论|討論|文件|模板|帮助|幫助):", re.I)
_LEADING_ID = re.compile(r"^\d+(?:$|[:\-_])")
_EXTENSION = re.compile(r"\.(s?html?|php|aspx?|jsp|cgi|do|action)$", re.I)

# Path parts and query keys that name a collection or a function of the site rather than
# one article: web-wide conventions (English words, and the pinyin such sites use).
COLLECTION_WORDS = frozenset("""
    tag tags tagged topic topics category categories cat cate catalog column columns
    channel channels section sections list lists index archive archives page pages paged
    author authors user users member members profile profiles people space home uid
    login logout signin signup register reg passport account accounts my
    search find query feed feeds rss atom sitemap
    about contact help faq privacy terms policy legal copyright disclaimer jobs careers
    advertise ads subscribe newsletter download downloads app apps
    comment comments reply replies respond share sharer print email
    forum forums forumdisplay board boards group groups f misc cart shop store
    lanmu pindao zhuanti fenlei liebiao
""".split())
# Query values that ask for a thread, post or article page: forum and CMS routing.
ROUTE_KEYS = frozenset("mod a act action do op view task page_type type".split())
ARTICLE_ROUTES = frozenset("viewthread thread show article view detail read post topic content".split())
LISTING_ROUTES = frozenset("forumdisplay list index category lists redirect search misc".split())
ID_KEYS = frozenset("id aid tid pid p sid nid articleid article_id newsid news_id postid post_id threadid thread_id docid doc_id itemid item_id contentid snA sna t".split())


def _fold_token(token: str) -> str:
    if _DIGITS.match(token):
        return "0"
    if _ALNUM_ID.match(token):
        return "x"
    return token.lower()


def _fold_segment(segment: str) -> str:
    """One path segment with ids folded: 'thread-147110-1-1.html' -> 'thread-0-0-0.html',
    'how-to-beat-the-boss' -> '{slug}', 'FIV54ATS000181BR.html' -> 'x.html'."""
    namespace = _NAMESPACE.match(unquote(segment))
    if namespace:
        return namespace.group(1).lower() + ":{slug}"
    extension = _EXTENSION.search(segment)
    stem = segment[: extension.start()] if extension else segment
    parts = _TOKEN_SPLIT.split(stem)
    if _is_name(_ALNUM_RUN.findall(unquote(stem))):
        folded = "{slug}"
    elif len(parts) == 1 and not _DIGITS.match(stem) and not _ALNUM_ID.match(stem) and _has_han(stem):
        folded = "{slug}"
    else:
        folded = "".join(_fold_token(p) if i % 2 == 0 else p for i, p in enumerate(parts))
    return folded + (extension.group(0).lower() if extension else "")


def _words(tokens: list[str]) -> list[str]:
    return [t.lower() for t in tokens if len(t) >= 2 and _WORD.match(t)]


def names_collection(tokens: list[str]) -> bool:
    """Mostly collection words: 'tag', 'list_2', 'space-uid-3', 'about-us' (but not
    'self-hosted-rss', a title that mentions one)."""
    words = _words(tokens)
    hits = sum(1 for w in words if w in COLLECTION_WORDS)
    return hits > 0 and 2 * hits >= len(words)


def _is_name(tokens: list[str]) -> bool:
    """Two or more words: a slug or a wiki page name (its family, not yet an article)."""
    return len(_words(tokens)) >= 2 and not names_collection(tokens)


def _is_slug(tokens: list[str]) -> bool:
    """Words joined into a name: three words, or two with a number ('3-boss-guide')."""
    words = _words(tokens)
    if names_collection(tokens):
        return False
    return len(words) >= 3 or (len(words) >= 2 and len(tokens) >= 3)


def _has_han(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in text)


def _query(url_query: str) -> list[tuple[str, str]]:
    return parse_qsl(url_query, keep_blank_values=True)


def url_shape(url: str) -> str:
    """The URL's family: host, path and query keys with ids, numbers and slugs folded."""
    parts = urlsplit(url)
    path = "/".join(_fold_segment(segment) for segment in parts.path.split("/"))
    query = "&".join(sorted(f"{key}={_fold_segment(value)}" for key, value in _query(parts.query)))
    host = (parts.hostname or "").removeprefix("www.")
    return host + path + ("?" + query if query else "")


def slug_title(url: str) -> str | None:
    """The words of a URL whose last part is a title turned into a slug (four or more
    words: '/comments/x1y2z3/psa_the_update_resets_your_keys/'), or None."""
    segments = [s for s in urlsplit(url).path.split("/") if s]
    words = [w for w in _segment_words(segments[-1]) if _WORD.match(w)] if segments else []
    return " ".join(words) if len(words) >= 4 and not set(words) & COLLECTION_WORDS else None


def _segment_words(segment: str) -> list[str]:
    return [w.lower() for w in _ALNUM_RUN.findall(unquote(_EXTENSION.sub("", segment)))]


def _is_id_token(token: str) -> bool:
    return (_DIGITS.match(token) and len(token) >= 3) or bool(_ALNUM_ID.match(token))


def article_prior(url: str) -> float:
    """How much a URL looks like one article's (0..1), from its parts alone."""
    parts = urlsplit(url)
    segments = [s for s in parts.path.split("/") if s]
    query = _query(parts.query)
    if not segments and not query:
        return 0.0
    last = segments[-1] if segments else ""
    last_words = _segment_words(last)
    # An id may carry its alias after it: Joomla's id=12:patch-notes, id=12-patch-notes.
    query_id = any(key.lower() in ID_KEYS and _LEADING_ID.match(value) for key, value in query)
    score = 0.0
    whole_number = bool(_DIGITS.match(_EXTENSION.sub("", last)))  # /a/12.html, /p/7
    if query_id or whole_number or any(_is_id_token(t) for t in last_words):
        score += 0.6
    elif any(_is_id_token(t) for s in segments for t in _segment_words(s)):
        score += 0.35
    if _is_slug(last_words):
        score += 0.5  # a slug of words
    elif _is_name(last_words):
        score += 0.3  # a name of two words: an article, or a tag
    if _EXTENSION.search(last) and not names_collection(last_words):
        score += 0.1
    routes = {value.lower() for key, value in query if key.lower() in ROUTE_KEYS}
    if routes & ARTICLE_ROUTES:
        score += 0.3
    if routes & LISTING_ROUTES:
        score -= 0.6
    earlier = {w for s in segments[:-1] for w in _segment_words(s)} | {k.lower() for k, _ in query}
    if _NAMESPACE.match(unquote(last)):
        return 0.0  # a wiki's category, user or special page
    has_id = query_id or whole_number or any(_is_id_token(t) for t in last_words)
    parent = _segment_words(segments[-2]) if len(segments) >= 2 else []
    if names_collection(last_words) and not query_id:
        score -= 0.6  # the page itself is a collection: /tag/, list_2.html, forum-3-1.html
    elif names_collection(parent) and not has_id:
        score -= 0.6  # a named member of a collection: /tag/elden-ring/, /author/jane-doe/
    elif (earlier | set(last_words)) & COLLECTION_WORDS:
        score -= 0.25  # under a collection, or a script of one taking an id
    if any(key.lower() in ("page", "pn", "paged", "start", "offset") for key, _ in query):
        score -= 0.5
    return max(0.0, min(1.0, score))
