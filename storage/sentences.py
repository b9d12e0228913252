"""Sentence-level comparison of two articles: is one a copy of the other, or are they
two articles of one templated series?

A near-duplicate candidate passes the shingle sketches first (storage.dedup), which
say how much the two share; this says whether what differs is what a series
reports (:attr:`Verdict.series`), and how many sentences are shared. Each sentence
of the new article is matched to the candidate's sentence sharing most of its token
pairs, numbers left aside. A matched sentence is *shared*
when its numbers are the candidate's too, and *varies* when its words are all but
the candidate's and its numbers are not: the same sentence reporting another figure
("今日价格为3999元" against "今日价格为4299元"), which a copy never does and a
series always does. Two sentences that are each other's closest and report other
figures in other words are *like*: one template filled for another subject.
Spinning (characters and words swapped at 5-10%), Traditional script, pinyin and
reordering leave the numbers and most token pairs alone.

Parameters and what they were set against: docs/dedup.md, "Sentences".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from storage.fingerprints import NUMBER_TOKEN, SENTENCE_MARK

# Sentences of fewer tokens ("大家好", a heading of two words) say little about
# what two articles share, but a short line of figures ("corso Monforte, 41",
# "原石×800") is as much a report as a long one: those of at least
# MIN_FIGURE_LINE_TOKENS tokens count only towards what varies, word for word.
MIN_TOKENS = 6
MIN_FIGURE_LINE_TOKENS = 3
# Share of a sentence's token pairs (Dice) that makes two sentences the same
# sentence: spinning 10% of the characters keeps ~0.8 of them; two sentences
# filled from one template with other words keep ~0.3-0.5.
SHARED_MIN = 0.55
# A sentence that reports other figures must be the candidate's word for word, all
# but (ignoring numbers): a template filled with other words is no evidence.
VARIES_MIN = 0.8
# Sentences that are each other's closest (Dice >= SHARED_MIN) and report other
# figures in other words: a template filled for another subject. This many make two
# articles one template's, not copies (two let most of a templated portal's pairs
# through: docs/dedup.md).
LIKE_MIN = 1
# A candidate that shares less than a near duplicate's shingles (spun: characters
# and words swapped at 5-10%; cut and padded) is a copy when this share of the
# shorter article's sentences are shared: a copy keeps 60% or more of an article's
# sentences (docs/dedup.md, "Spinning").
LOOSE_COVERAGE_MIN = 0.6


@dataclass(frozen=True)
class Sentence:
    numbers: frozenset[str]  # the number tokens it reports
    short: bool  # a short line of figures


@dataclass(frozen=True)
class Sentences:
    """An article's distinct sentences and their token pairs (numbers left out), as
    arrays: ``keys[i]`` is a pair of sentence ``owner[i]``, each sentence's pairs
    distinct; ``sizes`` counts them per sentence."""

    items: list[Sentence]
    keys: np.ndarray
    owner: np.ndarray
    sizes: np.ndarray

    @property
    def long(self) -> int:
        return sum(not s.short for s in self.items)


@dataclass(frozen=True)
class Verdict:
    coverage: float  # shared sentences / sentences of the shorter article
    shared: int
    varies: int
    like: int

    @property
    def series(self) -> bool:
        """The two report other figures: issues of one series, or one template's.
        One such sentence is enough, whatever else they share: copies do not change
        figures."""
        return self.varies > 0 or self.like >= LIKE_MIN


def sentences(lines: list[str]) -> Sentences:
    """The distinct sentences of normalised lines (storage.fingerprints.normalise)."""
    seen: dict[tuple[str, tuple[str, ...]], Sentence] = {}
    for line in lines:
        for part in line.split(SENTENCE_MARK):
            if len(part) < MIN_FIGURE_LINE_TOKENS:
                continue
            numbers = tuple(NUMBER_TOKEN.findall(part))
            words = NUMBER_TOKEN.sub("", part) if numbers else part
            if len(words) >= MIN_TOKENS:
                seen.setdefault((words, numbers), Sentence(frozenset(numbers), short=False))
            elif numbers and len(words) >= 2:
                seen.setdefault((words, numbers), Sentence(frozenset(numbers), short=True))
    texts = [words for words, _ in seen]
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    codes = np.frombuffer("".join(texts).encode("utf-32-le"), dtype="<u4").astype(np.int64)
    owner = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
    within = owner[:-1] == owner[1:]
    # A pair is two code points (21 bits each), its sentence above them: unique over
    # both gives each sentence's distinct pairs, sorted by sentence.
    tagged = np.unique((owner[:-1][within] << 42) | (codes[:-1][within] << 21) | codes[1:][within])
    owner = tagged >> 42
    return Sentences(list(seen.values()), tagged & ((1 << 42) - 1), owner, np.bincount(owner, minlength=len(texts)))


def compare(new: Sentences, old: Sentences) -> Verdict:
    long_new, long_old = new.long, old.long
    if not long_new or not long_old:
        return Verdict(0.0, 0, 0, 0)
    dice = _dice(new, old)
    best_in_new = dice.argmax(axis=0)  # each old sentence's closest new sentence
    # Only the closest pairs need their figures compared: a few per sentence.
    best_same = np.zeros(len(new.items))
    best_other = np.zeros(len(new.items))
    other_at = np.full(len(new.items), -1)
    rows, columns = np.nonzero(dice >= SHARED_MIN)
    for i, j, value in zip(rows.tolist(), columns.tolist(), dice[rows, columns].tolist()):
        if new.items[i].short:
            continue
        if not _other_figures(old.items[j], new.items[i]):
            best_same[i] = max(best_same[i], value)
        elif value > best_other[i]:
            best_other[i], other_at[i] = value, j
    shared = varies = like = 0
    for i, sentence in enumerate(new.items):
        if sentence.short:
            same_words = np.flatnonzero(dice[i] == 1.0)  # the same pairs: the same words
            varies += bool(len(same_words)) and all(_other_figures(old.items[j], sentence) for j in same_words.tolist())
        elif best_same[i] >= SHARED_MIN:
            shared += 1
        elif best_other[i] >= VARIES_MIN:
            varies += 1
        elif other_at[i] >= 0 and best_in_new[other_at[i]] == i:
            like += 1  # each the other's closest: one template, other words and figures
    coverage = min(1.0, shared / min(long_new, long_old))  # several of new may match one of old
    return Verdict(coverage, shared, varies, like)


def _dice(new: Sentences, old: Sentences) -> np.ndarray:
    """Dice coefficient of the token pairs of every sentence of ``new`` against every
    sentence of ``old``, as one matrix: the pairs of both are located in one sorted
    array instead of counted sentence by sentence in Python."""
    rows, columns = len(new.items), len(old.items)
    order = np.argsort(old.keys, kind="stable")
    old_keys, old_owner = old.keys[order], old.owner[order]
    low = np.searchsorted(old_keys, new.keys, "left")
    runs = np.searchsorted(old_keys, new.keys, "right") - low
    offsets = np.cumsum(runs) - runs
    found = np.repeat(low - offsets, runs) + np.arange(int(runs.sum()))
    cells = np.repeat(new.owner, runs) * columns + old_owner[found]
    common = np.bincount(cells, minlength=rows * columns).reshape(rows, columns)
    return 2 * common / np.maximum(new.sizes[:, None] + old.sizes[None, :], 1)


def _other_figures(a: Sentence, b: Sentence) -> bool:
    """Neither sentence's numbers hold the other's. One set within the other is two
    sentences a copy ran together, or a figure added; other figures in their place
    are another report."""
    return not (a.numbers <= b.numbers or b.numbers <= a.numbers)
