"""Bytes to text: find the page's real charset without producing mojibake."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import charset_normalizer
from w3lib.encoding import html_body_declared_encoding, http_content_type_encoding, read_bom

# Declared legacy charsets are routinely used for their supersets; decoding with the
# superset keeps rare characters (e.g. 镕, 堃, HK characters) instead of replacing them.
_SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "x-gbk": "gb18030",
    "gb_2312-80": "gb18030",
    "big5": "big5hkscs",
    "cp950": "big5hkscs",
    "ascii": "utf-8",
    "us-ascii": "utf-8",
    "iso-8859-1": "cp1252",
    "latin-1": "cp1252",
}


def normalise_encoding(name: str | None) -> str | None:
    """Python codec name for a declared charset, widened to its superset; None if unknown."""
    if not name:
        return None
    name = name.strip().strip("\"'").lower()
    try:
        canonical = codecs.lookup(_SUPERSETS.get(name, name)).name
    except LookupError:
        return None  # a typo'd or invented charset label gives no information
    return codecs.lookup(_SUPERSETS.get(canonical, canonical)).name


def _decodes(body: bytes, encoding: str) -> str | None:
    try:
        return body.decode(encoding)
    except UnicodeDecodeError as error:
        if error.end >= len(body) - 1 and error.start >= len(body) - 4:
            return body[: error.start].decode(encoding)  # page cut mid-character
        return None  # the declaration is wrong for these bytes; try the next source


def _mostly_decodes(body: bytes, encoding: str) -> str | None:
    """Text when only a few stray bytes are invalid (real pages often have one or two)."""
    text = body.decode(encoding, errors="replace")
    return text if text.count("\ufffd") <= max(2, len(text) // 1000) else None


# The most frequent Han characters in Chinese text (both scripts).  Real GBK/Big5 text
# decoded with the right codec is full of them; the wrong codec yields rare characters.
_FREQUENT_HAN = set("的一是不了在人有我他这個这个们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年过過发發后後作里裡")


def _cjk_guess(body: bytes) -> str | None:
    """GBK or Big5 text without a declaration, tolerating a few stray bytes.

    Detectors drop a codec at the first invalid byte, and old Chinese pages often have
    one; scoring frequent characters picks the right codec anyway.
    """
    best, best_share = None, 0.1
    for encoding in ("gb18030", "big5hkscs"):
        text = _mostly_decodes(body, encoding)
        han = [c for c in text or "" if "\u4e00" <= c <= "\u9fff"]
        share = sum(c in _FREQUENT_HAN for c in han) / len(han) if len(han) >= 20 else 0.0
        if share > best_share:
            best, best_share = text, share
    return best


def _declared(body: bytes, content_type: str | None) -> list[str]:
    """Candidate encodings in the order the brief sets: header, BOM, meta."""
    found = [http_content_type_encoding(content_type) if content_type else None]
    bom, _ = read_bom(body)
    found.append(bom)
    found.append(html_body_declared_encoding(body[:4096]))
    return [enc for enc in map(normalise_encoding, found) if enc]


def decode_html(body: bytes, content_type: str | None = None) -> str:
    """Decode a page body to text.

    Declarations are tried in order (HTTP header, BOM, <meta>); one whose codec fails on
    the bytes is skipped.  Multi-byte legacy declarations lose to valid UTF-8, because
    UTF-8 pages mislabelled as gb2312 are common while GBK text that happens to be valid
    UTF-8 is vanishingly rare.  Without a usable declaration charset-normalizer guesses.
    """
    if isinstance(body, str):
        return body
    candidates = _declared(body, content_type)
    is_ascii = body.isascii()
    for encoding in candidates:
        if encoding != "utf-8" and not is_ascii and encoding not in ("utf-16-le", "utf-16-be"):
            as_utf8 = _decodes(body, "utf-8-sig")
            if as_utf8 is not None:
                return as_utf8
        text = _decodes(body, "utf-8-sig" if encoding == "utf-8" else encoding)
        if text is not None:
            return text
    text = _decodes(body, "utf-8-sig")
    if text is not None:
        return text
    for encoding in candidates:
        text = _mostly_decodes(body, encoding)
        if text is not None:
            return text
    text = _cjk_guess(body)
    if text is not None:
        return text
    guess = charset_normalizer.from_bytes(body[:65536]).best()
    encoding = normalise_encoding(guess.encoding) if guess else None
    # Truncated pages can end mid-character; replacing that tail is the only loss.
    return body.decode(encoding or "utf-8", errors="replace")


# Legacy charsets a mislabelled page is most likely in, most common on guide portals first.
LEGACY_CHARSETS = ("gb18030", "big5hkscs", "shift_jis", "euc_kr", "cp1252", "cp1250", "cp1251", "cp1253",
                   "cp1254", "cp1255", "cp1256", "cp1257", "cp1258")
_MULTIBYTE = frozenset({"utf-8", "gb18030", "big5hkscs", "shift_jis", "euc_kr", "euc_jp", "iso2022_jp", "cp932", "cp949"})
_CJK = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
# The most frequent characters of Chinese, Japanese (kana particles) and Korean (syllables)
# text: the right codec's output is full of them, a wrong codec's holds few.
_FREQUENT = re.compile("[" + "".join(sorted(_FREQUENT_HAN)) + "のにはをがてとたでしないるす이의다는에을하고를가서지기한로]")
# Control characters no text page holds (tab, newline and carriage return aside), and U+FFFD.
_JUNK = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffd]")
# Below this share of the most frequent characters, CJK text is the wrong codec's output.
_PLAUSIBLE_HAN = 0.08


@dataclass(frozen=True)
class CharsetCheck:
    """What :func:`check_charset` found: ``encoding`` to decode with instead of the declared
    one (None: the declaration holds), ``note`` saying why, ``garbled`` when no charset gives text."""

    encoding: str | None = None
    note: str | None = None
    garbled: bool = False


def _plausibility(text: str) -> float | None:
    """None for junk (control characters, replacements); else how much CJK text looks like
    it (share of its most frequent characters), 1.0 when there is too little of it to say."""
    sample = text[:20000]
    if len(_JUNK.findall(sample)) > max(2, len(sample) // 200):
        return None
    cjk = len(_CJK.findall(sample))
    return len(_FREQUENT.findall(sample)) / cjk if cjk >= 20 else 1.0


def check_charset(body: bytes, content_type: str | None = None) -> CharsetCheck:
    """Whether the declared charset (header, BOM, <meta>) gives plausible text for these bytes.

    A declaration that fails on the bytes, or whose text is not plausibly text (control
    characters, or Han characters only the wrong codec yields), loses to the first legacy
    charset that gives plausible text, with a note; when none does, the page is garbled.
    """
    if isinstance(body, str) or body.isascii():
        return CharsetCheck()
    declared = _declared(body, content_type)
    if declared and declared[0] in ("utf-8", "utf-16-le", "utf-16-be") and _decodes(body, "utf-8-sig" if declared[0] == "utf-8" else declared[0]) is not None:
        return CharsetCheck()
    if not declared:
        text = decode_html(body, content_type)
        return CharsetCheck(garbled=_plausibility(text) is None)
    name = declared[0]
    own = _decodes(body, "utf-8-sig" if name == "utf-8" else name)
    if own is None:  # a few stray bytes do not make the declaration wrong
        own = _mostly_decodes(body, name)
    own_score = _plausibility(own) if own is not None else None
    if own_score is not None and own_score >= _PLAUSIBLE_HAN:
        return CharsetCheck()
    # A page declared in a multi-byte charset is CJK text: a single-byte charset decodes
    # any bytes, into Latin letters that would look plausible.
    multibyte = name in _MULTIBYTE
    best, best_score = None, own_score if own_score is not None else -1.0
    for encoding in ("utf-8", *LEGACY_CHARSETS):
        if encoding == name or (multibyte and encoding not in _MULTIBYTE):
            continue
        text = _decodes(body, encoding)
        score = _plausibility(text) if text is not None else None
        if score is not None and score >= _PLAUSIBLE_HAN and score > best_score:
            best, best_score = encoding, score
            if score >= 2 * _PLAUSIBLE_HAN:
                break  # plausible enough: the later, rarer charsets would not do better
    if best is not None:
        fault = "does not decode these bytes" if own is None else "decodes these bytes to implausible text"
        return CharsetCheck(best, f"declared charset {name} {fault}; decoded as {best}, detected")
    if own_score is not None:  # not convincing, but nothing does better
        return CharsetCheck()
    return CharsetCheck(garbled=_plausibility(decode_html(body, content_type)) is None)
