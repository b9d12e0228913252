"""Content fingerprints for exact and near-duplicate detection.

Guide portals copy each other and content farms disguise the copies: Simplified
turned into Traditional Chinese, pinyin salted after characters (``當(dāng)前``),
a site suffix on the title, a "转载自网络" line or an intro paragraph added,
paragraphs dropped or reordered. The fingerprint is built so each disguise
changes it little or not at all.

Normalised text (:func:`normalise`)
    HTML tags with ruby annotations (``<rt>``, ``<rp>``) dropped; NFKC (fullwidth
    letters and parentheses become ASCII); pinyin removed when it follows a Han
    character, bare (``當dāng``) or in parentheses (``當(dāng)``, ``當前(dāng qián)``)
    -- only syllables carrying a tone mark count as pinyin, so ``版本(PC)`` or an
    English word after a character stays; Traditional -> Simplified (OpenCC
    ``t2s``); case folded. Each line is then cut into tokens: every CJK character
    is a token, every run of other letters/digits is a word token; whitespace and
    punctuation vanish. The title is not part of the fingerprint (suffixes on
    titles are a disguise, and boilerplate-ish titles are common).

Sentences and numbers
    Sentence ends (``。!?;``, a full stop before a space) become
    :data:`SENTENCE_MARK` inside a line, and a run of digits is a token of its own
    range (:func:`is_number_token`), so sentences can be compared on their words
    apart from the figures they report (:mod:`storage.sentences`). Content hashes
    and line hashes read the text without either (:func:`_hashed_form`): they are
    stored, and did not change with them.

Shingles (:data:`HAN_SHINGLE`, :data:`HAN_STEP`, :data:`WORD_SHINGLE`)
    Windows of tokens *within a sentence*: on Han text a few characters taken at a
    step, so that a window spans several while holding few a spinner can hit; on
    Latin text word n-grams (a sentence is Han when half its tokens are CJK). Not
    crossing sentence ends makes reordered paragraphs and sentences produce the
    identical set, and a copy that keeps some of an article's sentences, in any
    order, keeps all of their windows. Each shingle becomes a 32-bit hash
    (polynomial over token ids, splitmix64 finaliser, top 32 bits).

MinHash + LSH (:data:`NUM_PERM`, :data:`BANDS`, :data:`ROWS`)
    ``h_i(x) = xorshift(a_i*x + b_i mod 2^32)``, vectorised in numpy over 32-bit
    lanes; :data:`BANDS` bands of :data:`ROWS` rows, each band key a row of the band
    index per saved article and a probe per lookup.

Sentence keys (:data:`SENTENCE_KEY_SENTENCES`, :data:`SENTENCE_KEY_PARTS`)
    Keys of an article's longest sentences, several a sentence: part j is every
    :data:`SENTENCE_KEY_PARTS`-th token from the j-th, so one swapped character
    spoils one part and leaves the others, and every part spans the whole sentence,
    so sentences filled from one template with other words rarely share one. They
    are rows of the band index like the band keys, ranked alike; a sentence key that
    many articles hold (a template's sentence) is not counted
    (:func:`storage.bands.candidates`).

Confirmation (:func:`compare`, then :mod:`storage.sentences`)
    Candidates are screened on a bottom-k sketch of the shingle hash set (the
    :data:`SKETCH_SIZE` smallest hashes, stored per article; exact when the article
    has fewer shingles), which estimates Jaccard J and, with the exact set sizes,
    containment ``|A∩B| / min(|A|,|B|)``, so a copy with an added intro or dropped
    paragraphs matches. A candidate is near when J >= :data:`JACCARD_MIN` or
    containment >= :data:`CONTAINMENT_MIN` (the latter only when the smaller text has
    :data:`CONTAINMENT_MIN_SHINGLES`, so that a short blurb made of template
    sentences is not "contained" in a long one). Those that pass are compared
    sentence by sentence, which tells a copy from another issue of a templated
    series (storage.sentences). Spun, cut and padded copies share less: above
    :data:`LOOSE_JACCARD_MIN` or :data:`LOOSE_CONTAINMENT_MIN` they are copies only
    when most of their sentences are shared (storage.sentences.LOOSE_COVERAGE_MIN).

Every parameter's value, and the measurements it was chosen on, are in
docs/dedup.md ("Parameters" and the sections it points to).

Short bodies
    Bodies with fewer than :data:`MIN_SHINGLES` distinct shingles are never matched,
    neither exactly nor nearly: stub pages (a video's "视频攻略", a single image
    caption) are identical across unrelated articles.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
import zlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import opencc

# Bump when anything below changes the shingles or hashes: band keys are salted
# with it, so fingerprints of different versions never meet in the band index.
FINGERPRINT_VERSION = 4
HAN_SHINGLE = 4
HAN_STEP = 3
WORD_SHINGLE = 5
BANDS = 24
ROWS = 3
NUM_PERM = BANDS * ROWS
SKETCH_SIZE = 256
MIN_SHINGLES = 40
JACCARD_MIN = 0.4
CONTAINMENT_MIN = 0.6
CONTAINMENT_MIN_SHINGLES = 80
LOOSE_JACCARD_MIN = 0.25
LOOSE_CONTAINMENT_MIN = 0.4
SENTENCE_KEY_SENTENCES = 4
SENTENCE_KEY_PARTS = 3
SENTENCE_KEY_MIN_TOKENS = 12

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ"
_PINYIN_LETTERS = f"a-zü{_TONED}"
# One pinyin syllable that carries a tone mark (toneless Latin is left alone).
_SYLLABLE = f"(?=[a-zü]*[{_TONED}])[{_PINYIN_LETTERS}]{{1,6}}(?![a-zA-Z{_TONED}ü])"
_ANNOTATION_TAGS = re.compile(r"<(rt|rp)\b[^>]*>.*?</\1\s*>|<[^>\n]{1,200}>", re.S | re.I)
_PAREN_PINYIN = re.compile(rf"(?<=[{_HAN}])\s?\(\s*{_SYLLABLE}(?:\s+{_SYLLABLE})*\s*\)")
_BARE_PINYIN = re.compile(rf"(?<=[{_HAN}])\s?{_SYLLABLE}")
# Private-use characters carry no text (icon fonts); words are later mapped into
# plane 15's private-use area, so any found in the input go first.
_PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U0010ffff]")
_WORD = re.compile(rf"[^\W_{_CJK}]+")
_WORD_BASE = 0xF0000
# Numbers are tokens of their own range, so that sentences can be compared on
# their words apart from the figures they report (storage.sentences).
_NUMBER_BASE = 0x100000
# Where a sentence ended ("。", "!", "?", ";", ". "), for comparing sentences.
SENTENCE_MARK = "\ue000"
_SENTENCE_END = re.compile(r"[。!?;]+|\.+(?=\s|$)")
_NOT_TOKEN = re.compile(rf"[^{_CJK}\U000f0000-\U0010ffff{SENTENCE_MARK}\n]+")
NUMBER_TOKEN = re.compile("[\U00100000-\U0010ffff]")

# Fullwidth ASCII (，：（ ）Ａ１) and the ideographic space, mapped up front: most
# Chinese text then passes the cheap NFKC check and skips the costly full pass
# (95 us for 900 characters). A regex substitution does the mapping in 20 us where
# str.translate took 55: translate looks up every character of the text in the
# table, the regex only calls out for the few dozen fullwidth ones. The commonest
# punctuation goes first with str.replace, which calls out for none: 7 us.
_FULLWIDTH = {chr(c): chr(c - 0xFEE0) for c in range(0xFF01, 0xFF5F)} | {"\u3000": " "}
_FULLWIDTH_CHAR = re.compile("[\uff01-\uff5e\u3000]")
_COMMON_FULLWIDTH = "，（）！：？；"
# Pinyin is only removed when it carries a tone mark: text without any (most
# articles) skips the two pinyin substitutions (45 us).
_TONE_MARK = re.compile(f"[{_TONED}]")

_U64 = np.uint64
_MASK32 = np.uint64(0xFFFFFFFF)


@lru_cache(maxsize=1)
def _t2s() -> opencc.OpenCC:
    return opencc.OpenCC("t2s")


def normalise(text: str) -> list[str]:
    """The non-empty lines of ``text`` after the normalisation above, one character
    per token: CJK characters stand for themselves, each word is mapped to one
    private-use character (16 bits of its CRC32), so later stages can work on
    code-point arrays instead of Python lists of tokens."""
    text = _ANNOTATION_TAGS.sub("", _PRIVATE_USE.sub("", text))
    text = _fold_fullwidth(text)
    if not unicodedata.is_normalized("NFKC", text):
        text = unicodedata.normalize("NFKC", text)
    if _TONE_MARK.search(text):
        text = _PAREN_PINYIN.sub("", text)
        text = _BARE_PINYIN.sub("", text)
    text = _t2s().convert(text).casefold()
    text = _SENTENCE_END.sub(SENTENCE_MARK, text)
    text = _NOT_TOKEN.sub("", _WORD.sub(_word_char, text))
    if SENTENCE_MARK in text:
        return [line.strip(SENTENCE_MARK) for line in text.split("\n") if line.strip(SENTENCE_MARK)]
    return [line for line in text.split("\n") if line]


def _fold_fullwidth(text: str) -> str:
    for char in _COMMON_FULLWIDTH:
        if char in text:
            text = text.replace(char, _FULLWIDTH[char])
    return _FULLWIDTH_CHAR.sub(_ascii_form, text)


def _ascii_form(match: re.Match) -> str:
    return _FULLWIDTH[match.group()]


def _word_char(match: re.Match) -> str:
    # 16 bits: two different words share a character once in 65536 pairs, which
    # shifts a shingle set by a hair; the word *sequence* still has to match.
    word = match.group()
    return chr((_NUMBER_BASE if word.isdigit() else _WORD_BASE) + (zlib.crc32(word.encode()) & 0xFFFF))


def _hashed_form(text: str) -> str:
    """A normalised line or text as content hashes and line hashes read it: without
    sentence marks, numbers as words. These hashes are stored (``content_hash``,
    ``boilerplate_lines``) and predate both, so they must not change with them."""
    return _numbers_as_words(text).replace(SENTENCE_MARK, "")


def _numbers_as_words(text: str) -> str:
    return NUMBER_TOKEN.sub(_as_word, text) if NUMBER_TOKEN.search(text) else text


def _as_word(match: re.Match) -> str:
    return chr(ord(match.group()) - _NUMBER_BASE + _WORD_BASE)


def line_hash(line: str) -> int:
    """Signed 64-bit hash of a normalised line (the boilerplate table's key)."""
    digest = hashlib.blake2b(_hashed_form(line).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little", signed=True)


@dataclass(frozen=True)
class Fingerprint:
    content_hash: str  # hex blake2b-128 of the normalised text
    shingle_count: int  # distinct shingles
    sketch: bytes  # bottom-k shingle hashes, sorted uint32 little-endian
    band_keys: tuple[int, ...]  # empty when the text is too short to match
    figures: bytes = b""  # its distinct number tokens, sorted uint32 little-endian
    sentence_keys: tuple[int, ...] = ()  # empty when band_keys is

    @property
    def matchable(self) -> bool:
        return self.shingle_count >= MIN_SHINGLES

    @property
    def index_keys(self) -> tuple[int, ...]:
        """The keys the article is found by: its rows of the band index, in this order
        (stored as ``article_fingerprints.band_keys``)."""
        return self.band_keys + self.sentence_keys


def fingerprint(lines: list[str]) -> Fingerprint:
    """Fingerprint of normalised lines (boilerplate lines already removed)."""
    words = _numbers_as_words("\n".join(lines))
    content_hash = hashlib.blake2b(words.replace(SENTENCE_MARK, "").encode(), digest_size=16).hexdigest()
    one_per_line = _sentence_per_line(words)
    shingles = _shingle_hashes(one_per_line)
    sketch = shingles[:SKETCH_SIZE].astype("<u4").tobytes()
    if len(shingles) < MIN_SHINGLES:
        return Fingerprint(content_hash, len(shingles), sketch, (), figures_of(lines))
    bands = band_keys(minhash(shingles))
    return Fingerprint(content_hash, len(shingles), sketch, bands, figures_of(lines), sentence_keys(one_per_line))


def sentence_keys(one_per_line: str) -> tuple[int, ...]:
    """Keys of the article's :data:`SENTENCE_KEY_SENTENCES` longest sentences (of at
    least :data:`SENTENCE_KEY_MIN_TOKENS` tokens), :data:`SENTENCE_KEY_PARTS` a
    sentence: part j is every third token from the j-th. A swapped character or word
    spoils one part and leaves the others, and each part spans the whole sentence, so
    two sentences written from one template with other words rarely share one. A copy
    with every disguise at once keeps a long sentence of its original with a part
    intact when the band keys miss it (docs/dedup.md, "Sentence keys")."""
    found = {line for line in one_per_line.split("\n") if len(line) >= SENTENCE_KEY_MIN_TOKENS}
    # Longest first; among equally long ones, by their text, so the choice is the text's own.
    longest = sorted(found, key=lambda line: (-len(line), line))[:SENTENCE_KEY_SENTENCES]
    keys = []
    for line in longest:
        for part in range(SENTENCE_KEY_PARTS):
            digest = hashlib.blake2b(line[part::SENTENCE_KEY_PARTS].encode(), digest_size=8, salt=_SENTENCE_SALT[part]).digest()
            keys.append(int.from_bytes(digest, "little", signed=True))
    return tuple(keys)


# Per part and version: sentence keys never meet band keys or another version's keys.
_SENTENCE_SALT = [f"sentence {FINGERPRINT_VERSION} {part}".encode() for part in range(SENTENCE_KEY_PARTS)]


def figures_of(lines: list[str]) -> bytes:
    """The distinct number tokens of normalised lines, packed for ``Fingerprint.figures``."""
    found = {ord(token) for line in lines for token in NUMBER_TOKEN.findall(line)}
    return np.array(sorted(found), dtype="<u4").tobytes()


def same_figures(a: bytes, b: bytes) -> bool:
    """Whether one article's figures hold the other's: then no sentence of either can
    report a figure the other does not (unless both move their figures between
    sentences), and comparing them sentence by sentence would find no other figures."""
    mine, theirs = set(np.frombuffer(a, dtype="<u4").tolist()), set(np.frombuffer(b, dtype="<u4").tolist())
    return mine <= theirs or theirs <= mine


def shingle_hashes(lines: list[str]) -> np.ndarray:
    """Sorted distinct 32-bit hashes of the k-token windows inside each sentence
    (number tokens read as words, as the hashed form reads them)."""
    return _shingle_hashes(_sentence_per_line(_numbers_as_words("\n".join(lines))))


def _sentence_per_line(text: str) -> str:
    """Lines as shingles read them: one sentence a line, so that no window crosses a
    sentence end."""
    return text.replace(SENTENCE_MARK, "\n")


def _shingle_hashes(joined: str) -> np.ndarray:
    """:func:`shingle_hashes` of lines joined by newlines, a sentence a line, numbers
    as words."""
    points = np.frombuffer(joined.encode("utf-32-le"), dtype="<u4")
    breaks = points == 10
    line_no = np.cumsum(breaks)[~breaks]
    ids = points[~breaks].astype(_U64)
    if not len(ids):
        return np.empty(0, dtype=np.uint32)
    # A line is Han text when at least half its tokens are CJK characters.
    cjk_share = np.bincount(line_no, weights=ids < _U64(_WORD_BASE)) / np.maximum(np.bincount(line_no), 1)
    han_line = (cjk_share >= 0.5)[line_no]
    parts = []
    for k, step, wanted in ((HAN_SHINGLE, HAN_STEP, han_line), (WORD_SHINGLE, 1, ~han_line)):
        span = (k - 1) * step + 1
        n = len(ids) - span + 1
        if n <= 0 or not wanted.any():
            continue
        h = ids[:n].copy()
        for j in range(step, span, step):  # in place: temporaries cost as much as the arithmetic here
            h *= _U64(0x100000001B3)
            h += ids[j : j + n]
        parts.append(h[(line_no[:n] == line_no[span - 1 :]) & wanted[:n]])
    if not parts:
        return np.empty(0, dtype=np.uint32)
    hashes = _mix64(parts[0] if len(parts) == 1 else np.concatenate(parts))
    hashes >>= _U64(32)
    return _sorted_distinct(hashes.astype(np.uint32))


def _sorted_distinct(values: np.ndarray) -> np.ndarray:
    """``np.unique`` for a small array, sorting in place: numpy 2's hash-based
    unique took 45 us for an article's ~600 shingles, this takes 7."""
    values.sort()
    keep = np.empty(len(values), dtype=bool)
    keep[:1] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


def _mix64(x: np.ndarray) -> np.ndarray:
    """splitmix64 finaliser, in place: spreads similar inputs over all 64 bits."""
    x ^= x >> _U64(30)
    x *= _U64(0xBF58476D1CE4E5B9)
    x ^= x >> _U64(27)
    x *= _U64(0x94D049BB133111EB)
    x ^= x >> _U64(31)
    return x


# Archives were first banded with 42 bands (126 hash functions). The coefficients
# keep that layout and the first NUM_PERM are used, so band b's key is the same
# whatever BANDS is: rows written with 42 bands stay valid, and the extra ones of
# older articles are never probed.
_LAYOUT_PERM = 126


def _coefficients() -> tuple[np.ndarray, np.ndarray]:
    # Derived from a fixed hash, not a numpy RNG: numpy does not promise the same
    # random stream across versions, and stored band keys must stay valid.
    raw = hashlib.shake_128(b"portal-archive minhash v1").digest(8 * _LAYOUT_PERM)
    words = np.frombuffer(raw, dtype="<u4").reshape(2, _LAYOUT_PERM, 1)
    return words[0, :NUM_PERM] | np.uint32(1), words[1, :NUM_PERM].copy()


_A, _B = _coefficients()


# Shingles hashed per block: a NUM_PERM x 256 uint32 block (129 KB) stays below
# glibc's mmap threshold; one whole-article array is mmapped and page-faulted
# afresh on every call, which made MinHash 5x slower.
_BLOCK = 256


def minhash(shingles: np.ndarray) -> np.ndarray:
    """NUM_PERM 32-bit MinHash values of a non-empty set of shingle hashes."""
    signature = np.full(NUM_PERM, 0xFFFFFFFF, dtype=np.uint32)
    for start in range(0, len(shingles), _BLOCK):
        h = _A * shingles[start : start + _BLOCK]  # wraps mod 2^32
        h += _B  # x -> a*x+b with odd a: a permutation of 32-bit values
        h ^= h >> np.uint32(15)  # the low bits of a*x+b are weak; fold the high ones in
        np.minimum(signature, h.min(axis=1), out=signature)
    return signature


def band_keys(signature: np.ndarray) -> tuple[int, ...]:
    """One signed 64-bit key per band (an SQLite INTEGER)."""
    rows = signature.reshape(BANDS, ROWS).astype(_U64)
    key = _BAND_SALT.copy()
    for j in range(ROWS):
        key *= _U64(0x9E3779B97F4A7C15)
        key += rows[:, j]
        _mix64(key)
    return tuple(key.view(np.int64).tolist())


_BAND_SALT = np.arange(BANDS, dtype=_U64) + _U64(FINGERPRINT_VERSION << 16)


def compare(sketch_a: bytes, count_a: int, sketch_b: bytes, count_b: int) -> tuple[float, float]:
    """(Jaccard, containment) of two shingle sets from their bottom-k sketches."""
    jaccard, containment = compare_many(sketch_a, count_a, [(sketch_b, count_b)])
    return float(jaccard[0]), float(containment[0])


def compare_many(sketch: bytes, count: int, candidates: list[tuple[bytes, int]]) -> tuple[np.ndarray, np.ndarray]:
    """(Jaccard, containment) arrays of one shingle set against each candidate's.

    When both sketches are whole sets, Jaccard is exact. Otherwise the k smallest
    hashes of the union (k = the smaller sketch) are a uniform sample of it, and
    the fraction of them found in both sketches estimates Jaccard. With the exact
    set sizes it also gives containment ``|A∩B| / min(|A|,|B|)``, so a copy with
    an added intro or dropped paragraphs matches.

    All candidates are compared in one pass of numpy calls over a candidates x
    sketch matrix (a lookup at 1M archived articles confirms 6 on average, 20 at
    most): each candidate hash is located in the sorted query sketch with
    ``searchsorted``, which also gives its rank in the union. 20 candidates took
    104 us, against 153 for the same work on one flat array with per-candidate
    offsets.
    """
    a = np.frombuffer(sketch, dtype="<u4")
    n = len(candidates)
    sizes = np.fromiter((len(s) >> 2 for s, _ in candidates), dtype=np.int64, count=n)
    counts_b = np.fromiter((c for _, c in candidates), dtype=np.float64, count=n)
    width = int(sizes.max()) if n else 0
    if not len(a) or not width:
        return np.zeros(n), np.zeros(n)
    # One row per candidate sketch; a shorter one is padded and masked out.
    if (sizes == width).all():
        b = np.frombuffer(b"".join(s for s, _ in candidates), dtype="<u4").reshape(n, width)
        valid = None
    else:
        b = np.full((n, width), 0xFFFFFFFF, dtype=np.uint32)
        for row, (s, _) in enumerate(candidates):
            b[row, : len(s) >> 2] = np.frombuffer(s, dtype="<u4")
        valid = np.arange(width) < sizes[:, None]
    below_in_a = np.searchsorted(a, b)  # hashes of a smaller than each b hash
    in_both = a[np.minimum(below_in_a, len(a) - 1)] == b
    if valid is not None:
        in_both &= valid
    common = np.count_nonzero(in_both, axis=1)
    k = np.minimum(len(a), sizes)
    # A hash in both sketches is among the k smallest of the union when the hashes
    # of a and of b below it, less those below it in both, are fewer than k.
    union_rank = below_in_a + np.arange(width) - (np.cumsum(in_both, axis=1) - in_both)
    estimated = np.count_nonzero(in_both & (union_rank < k[:, None]), axis=1) / np.maximum(k, 1)
    whole = (len(a) == count) & (sizes == counts_b)
    exact = common / np.maximum(count + counts_b - common, 1)
    jaccard = np.where(whole, exact, estimated)
    jaccard[sizes == 0] = 0.0
    shared = jaccard * (count + counts_b) / (1 + jaccard)
    containment = np.minimum(1.0, shared / np.maximum(np.minimum(count, counts_b), 1))
    return jaccard, containment


def is_number_token(token: str) -> bool:
    return token >= "\U00100000"


def is_near_duplicate(jaccard: float, containment: float, count_a: int, count_b: int) -> bool:
    if jaccard >= JACCARD_MIN:
        return True
    return containment >= CONTAINMENT_MIN and min(count_a, count_b) >= CONTAINMENT_MIN_SHINGLES


def may_be_spun_copy(jaccard: float, containment: float, count_a: int, count_b: int) -> bool:
    """Less shared than a near duplicate, but as much as a spun, cut and padded copy
    shares: to be decided sentence by sentence. Unrelated originals of one game reach
    J 0.14 and containment 0.33 in the benchmark corpus; its hard negatives (half
    their sentences from the game's template pool) J 0.23 and containment 0.46, which
    their sentences then tell apart."""
    if jaccard >= LOOSE_JACCARD_MIN:
        return True
    return containment >= LOOSE_CONTAINMENT_MIN and min(count_a, count_b) >= CONTAINMENT_MIN_SHINGLES
