"""Text clean-up shared by every field: whitespace folding and pinyin artefacts."""

from __future__ import annotations

import re
import unicodedata

_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜüê"
_VOWELS = "aeiouv" + _TONED
# One pinyin syllable (optionally numbered tone) in ASCII or fullwidth parentheses right
# after a Han character: an annotation left by a "add pinyin" plug-in, not content.
_PINYIN = re.compile(
    r"(?<=[\u3400-\u9fff\uf900-\ufaff])\s?[(（]\s*"
    rf"((?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?[{_VOWELS}]{{1,4}}(?:ng|n|r)?[1-5]?)"
    r"\s*[)）]"
)
_DASHES = re.compile(r"[\u2010-\u2015\u2212]")  # en, em and other dashes compare as "-"
# Typographic quotes compare as ASCII ones: a CMS curls the headline's quotes in the page
# and leaves them straight in <title> and og:title, or the other way round.
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"'})
_QUOTE_CHARACTERS = re.compile("[" + "".join(map(chr, _QUOTES)) + "]")
HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def fold_whitespace(text: str) -> str:
    """One space for any run of whitespace (ideographic and no-break included)."""
    # str.split() splits on every Unicode space (no-break, ideographic); zero-width ones it keeps.
    if "\u200b" in text or "\ufeff" in text:
        text = text.replace("\u200b", " ").replace("\ufeff", " ")
    return " ".join(text.split())


def text_content(element) -> str:
    """``element.text_content()``: lxml evaluates an XPath expression for it, which costs
    more than the text itself of an element without children (most links and paragraphs)."""
    return element.text_content() if len(element) else element.text or ""


def short_text(element, limit: int) -> str | None:
    """The element's text, whitespace folded, when it is shorter than ``limit``; None
    otherwise, without building the text of a large block (a page's column holds
    thousands of dated lines)."""
    parts, size = [], 0
    for piece in element.itertext():
        parts.append(piece)
        size += len("".join(piece.split()))  # characters besides whitespace: the folded text has as many or more
        if size >= limit:
            return None
    text = " ".join("".join(parts).split())
    return text if len(text) < limit else None


def strip_pinyin(text: str) -> str:
    """Remove parenthesised pinyin after Han characters: 當(dāng)前 -> 當前."""
    if "(" not in text and "（" not in text:
        return text  # the common case, found without trying the pattern at every character
    return _PINYIN.sub("", text)


# Private-use characters are an icon font's glyphs (a clock, a share arrow), no text: the
# page's text loses them when it is parsed, a value decoded from JSON-LD here.
_PRIVATE_USE = re.compile("[\ue000-\uf8ff]")


def clean_line(text: str | None) -> str:
    """A single-line field value: pinyin, soft hyphens and icon glyphs removed, whitespace folded."""
    text = text or ""
    if "\xad" in text:
        text = text.replace("\xad", "")  # &shy; only marks where a word may break
    if not text.isascii():
        text = _PRIVATE_USE.sub("", text)
    return fold_whitespace(strip_pinyin(text))


_HAN_RUN = re.compile(r"[\u3400-\u9fff]{2,}")
_LONG_WORD = re.compile(r"[^\W\d_]{4,}")


def topic_terms(text: str | None) -> set[str]:
    """The words of four letters or more and the pairs of Han characters a text uses: what
    a title names, what a block of text speaks of."""
    if not text:
        return set()
    text = text.lower()
    terms = {word for word in _LONG_WORD.findall(text) if not _HAN_RUN.search(word)}
    for run in _HAN_RUN.findall(text):
        terms.update(run[i:i + 2] for i in range(len(run) - 1))
    return terms


def han_ratio(text: str) -> float:
    """Share of Han characters among non-space characters (0 for empty text)."""
    letters = sum(map(len, text.split()))  # str.split() cuts at exactly the characters isspace() names
    if not letters:
        return 0.0
    return len(HAN.findall(text)) / letters


def normalise_for_compare(text: str) -> str:
    """Key for comparing title candidates: NFKC, dashes and quotes folded, lower-cased."""
    if not text.isascii():  # ASCII holds no soft hyphen, and NFKC leaves it as it is
        text = unicodedata.normalize("NFKC", text.replace("\xad", ""))
    text = fold_whitespace(text)
    if text.isascii():
        return text.lower()  # no dash or quote to fold
    text = _DASHES.sub("-", text)
    # translate() looks every character up in the table: only text with a quote needs it.
    return (text.translate(_QUOTES) if _QUOTE_CHARACTERS.search(text) else text).lower()
