"""Duplicate lookup against the archive: boilerplate filtering, exact and near matches.

Everything is indexed SQL: a lookup is one query on ``articles.content_hash``, one
on the band index (a primary-key probe per band and sentence key in ``minhash_bands``
and in the in-memory queue of recent articles' keys, :mod:`storage.bands`) and one
primary-key read of the few best candidates' sketches. What is held in memory is
bounded by the band queue's size, not the archive's.

Why a save's duplicate work is shaped this way (the band queue, no counting of
boilerplate beyond the edge lines, one ``IN`` query for the band keys) and what was
measured and not kept: docs/dedup.md, "Save cost".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sqlite_utils import Database

from storage import bands, sentences
from storage.fingerprints import (
    FINGERPRINT_VERSION,
    Fingerprint,
    compare_many,
    fingerprint,
    is_near_duplicate,
    line_hash,
    may_be_spun_copy,
    normalise,
    same_figures,
)

# A normalised line found in this many original articles of one portal is
# boilerplate (header, footer, "关注我们", "本文由…整理发布") and left out of fingerprints.
# 5 is past what coincidence produces for a real sentence, yet a portal's footer
# stops counting after its first few articles.
BOILERPLATE_MIN_ARTICLES = 5

# Only the lines at the edges of a body are counted and tested as boilerplate:
# portals put their headers and footers there, and every counted line is a row of
# ``boilerplate_lines`` read and written at a random place in a table that grows
# with the archive. Real article bodies have ~43 lines (the zh and aeb labelled
# sets), so counting them all cost more page writes per save than the LSH bands.
BOILERPLATE_FIRST_LINES = 3
BOILERPLATE_LAST_LINES = 5

# Candidates sharing the most and the rarest band keys are confirmed first
# (bands.candidates); a copy shares many keys, or a key few others hold. Each is a
# sketch read at a random place of a large table: 8 instead of 20 found as many
# copies at 1M archived articles (docs/dedup.md, "Spinning").
MAX_CANDIDATES = 8
# Candidates whose sketches pass are compared sentence by sentence, the most
# similar first: the other issues of a templated series pass the sketches as a
# copy does, so a copy of one issue may need as many comparisons as the series has
# issues in the archive.
MAX_SENTENCE_COMPARISONS = 6


@dataclass(frozen=True)
class Match:
    root: int  # earliest article of the cluster
    similarity: float
    # The matched article has the same shingle set (count, sketch and band keys),
    # so its band rows serve the new article too (see store_fingerprint).
    same_bands: bool = False


@dataclass(frozen=True)
class Prepared:
    """An article body fingerprinted against its portal's boilerplate."""

    fingerprint: Fingerprint
    line_hashes: frozenset[int]
    lines: list[str]  # the normalised lines fingerprinted: boilerplate left out


def prepare(db: Database, portal: str | None, lines: list[str]) -> Prepared:
    hashes, kept = _without_boilerplate(db, portal, lines)
    return Prepared(fingerprint(kept), frozenset(hashes), kept)


def _without_boilerplate(db: Database, portal: str | None, lines: list[str]) -> tuple[list[int], list[str]]:
    edges = edge_indices(len(lines))
    hashes = [line_hash(lines[i]) for i in edges]
    boilerplate = _boilerplate(db, portal or "", set(hashes))
    drop = {i for i, h in zip(edges, hashes) if h in boilerplate}
    return hashes, [line for i, line in enumerate(lines) if i not in drop] if drop else lines


def edge_indices(count: int) -> list[int]:
    """Positions of the lines that may be boilerplate: the first and last few."""
    if count <= BOILERPLATE_FIRST_LINES + BOILERPLATE_LAST_LINES:
        return list(range(count))
    return [*range(BOILERPLATE_FIRST_LINES), *range(count - BOILERPLATE_LAST_LINES, count)]


def _boilerplate(db: Database, portal: str, hashes: set[int]) -> set[int]:
    if not hashes:
        return set()
    marks = ", ".join("?" * len(hashes))
    rows = db.execute(
        f"SELECT line_hash FROM boilerplate_lines WHERE portal = ? AND line_hash IN ({marks}) AND articles >= ?",
        [portal, *hashes, BOILERPLATE_MIN_ARTICLES],
    )
    return {row[0] for row in rows}


def count_lines(db: Database, portal: str | None, prepared: Prepared, article_id: int) -> None:
    """Count an original article's lines towards its portal's boilerplate.

    Duplicates are not counted: five copies of one article must not turn the
    article itself into boilerplate. A line's row keeps the ids of the articles
    that counted it until it settles as boilerplate; those articles are then
    fingerprinted again without it (:func:`refingerprint`), so that every article's
    fingerprint leaves out the same lines whatever order they were saved in.
    """
    settled: set[int] = set()
    for h in sorted(prepared.line_hashes):
        count, earlier = _count_line(db, portal or "", h, article_id)
        if count == BOILERPLATE_MIN_ARTICLES and earlier:
            settled.update(int(i) for i in earlier.split())
    # The article being saved is among them: it was fingerprinted before counting.
    for earlier_id in sorted(settled):
        refingerprint(db, earlier_id)


def _count_line(db: Database, portal: str, line: int, article_id: int) -> tuple[int, str | None]:
    return db.execute(
        """INSERT INTO boilerplate_lines (portal, line_hash, articles, first_articles) VALUES (:portal, :line, 1, :id)
           ON CONFLICT (portal, line_hash) DO UPDATE SET articles = articles + 1,
               first_articles = CASE WHEN articles + 1 <= :settled THEN coalesce(first_articles || ' ', '') || excluded.first_articles END
           RETURNING articles, first_articles""",
        {"portal": portal, "line": line, "id": str(article_id), "settled": BOILERPLATE_MIN_ARTICLES},
    ).fetchone()


def refingerprint(db: Database, article_id: int) -> None:
    """Fingerprint an archived article again against its portal's boilerplate as it
    stands now; its duplicate link stays."""
    found = db.execute("SELECT portal, body_text, duplicate_of, content_hash FROM articles WHERE id = ?", [article_id]).fetchone()
    if found is None:  # deleted by another tool
        return
    portal, body, root, old = found
    prepared = prepare(db, portal, normalise(body or ""))
    if old == prepared.fingerprint.content_hash:
        return
    replace_fingerprint(db, article_id, root or article_id, prepared.fingerprint)
    db.execute("UPDATE articles SET content_hash = ? WHERE id = ?", [prepared.fingerprint.content_hash, article_id])


def find_duplicate(db: Database, prepared: Prepared, before_id: int | None = None) -> Match | None:
    """The cluster an article belongs to, among articles with id < ``before_id`` (all if None)."""
    fp = prepared.fingerprint
    if not fp.matchable:
        return None
    limit = before_id if before_id is not None else 1 << 62
    exact = db.execute(
        """SELECT a.id, a.duplicate_of, f.band_keys FROM articles a
           LEFT JOIN article_fingerprints f ON f.article_id = a.id AND f.version = ?
           WHERE a.content_hash = ? AND a.id < ? ORDER BY a.id LIMIT 1""",
        [FINGERPRINT_VERSION, fp.content_hash, limit],
    ).fetchone()
    if exact:
        return Match(exact[1] or exact[0], 1.0, exact[2] == _packed(fp.index_keys))
    return _near_duplicate(db, prepared, limit)


def _near_duplicate(db: Database, prepared: Prepared, limit: int) -> Match | None:
    fp = prepared.fingerprint
    ids = bands.candidates(db, fp.band_keys, fp.sentence_keys, limit, MAX_CANDIDATES)
    if not ids:
        return None
    # Sketches only: the candidates' ``articles`` rows (2-4 KB each, scattered over
    # the largest table) are not read; only the winner's root is looked up below.
    rows = db.execute(
        f"""SELECT article_id, shingle_count, sketch, band_keys, figures FROM article_fingerprints
            WHERE article_id IN ({", ".join("?" * len(ids))}) AND version = ?""",
        [*ids, FINGERPRINT_VERSION],
    ).fetchall()
    if not rows:
        return None
    jaccards, containments = compare_many(fp.sketch, fp.shingle_count, [(sketch, count) for _, count, sketch, *_ in rows])
    packed = _packed(fp.index_keys)
    passed = []
    for (article_id, count, sketch, keys, figures), jaccard, containment in zip(rows, jaccards.tolist(), containments.tolist()):
        near = is_near_duplicate(jaccard, containment, fp.shingle_count, count)
        if near or may_be_spun_copy(jaccard, containment, fp.shingle_count, count):
            # Reordered paragraphs, or Traditional/pinyin disguises undone by
            # normalising, leave the shingle set unchanged: same size, sketch and keys.
            same = count == fp.shingle_count and sketch == fp.sketch and keys == packed
            # Figures agree (one's hold the other's): no sentence can report others.
            # NULL for articles fingerprinted before figures were kept.
            agree = near and figures is not None and same_figures(fp.figures, figures)
            passed.append((near, round(max(jaccard, containment), 4), -article_id, same or agree, same))
    # Near duplicates first, the most similar first. Of those that share their
    # sentences, the one sharing most wins (a copy of one issue of a series may share
    # all it kept with another issue too), then the most similar, then the earlier
    # article. Those that share less (spun) need most of their sentences shared.
    passed.sort(reverse=True)
    mine, best = None, None
    for near, similarity, negative_id, figures_agree, same_bands in passed[:MAX_SENTENCE_COMPARISONS]:
        article_id = -negative_id
        if figures_agree:
            # The most similar candidate left, reporting no other figures: the
            # sentences need not be read (a copy's figures are its original's).
            found = db.execute("SELECT duplicate_of FROM articles WHERE id = ?", [article_id]).fetchone()
            if found is None:  # deleted by another tool; its fingerprint and band rows outlived it
                continue
            # The same shingle set is the same sentences: nothing can share more.
            return Match(found[0] or article_id, similarity, same_bands) if same_bands or best is None else best[1]
        found = db.execute("SELECT duplicate_of, portal, body_text FROM articles WHERE id = ?", [article_id]).fetchone()
        if found is None:
            continue
        root, portal, body = found
        if mine is None:
            mine = sentences.sentences(prepared.lines)
        _, theirs = _without_boilerplate(db, portal, normalise(body or ""))
        verdict = sentences.compare(mine, sentences.sentences(theirs))
        copy = not verdict.series and (near or verdict.coverage >= sentences.LOOSE_COVERAGE_MIN)
        if copy and (best is None or (verdict.coverage, similarity) > best[0]):
            best = ((verdict.coverage, similarity), Match(root or article_id, similarity, same_bands))
        if verdict.coverage == 1.0 and copy:
            break  # nothing shares more
    return best[1] if best else None


def store_fingerprint(db: Database, article_id: int, fp: Fingerprint, index_bands: bool = True) -> None:
    """Write a new article's fingerprint and, when ``index_bands``, queue its band
    rows (:mod:`storage.bands`).

    A copy with the same shingle set as the article it matched (same count,
    sketch and band keys) adds no band rows: a later lookup finds that article
    under the same keys, confirms against the same sketch, and reaches the same
    cluster. 6% of the benchmark corpus are such copies.
    """
    write_fingerprint(db, article_id, fp)
    if index_bands:
        bands.queue(db, article_id, fp.index_keys)


def replace_fingerprint(db: Database, article_id: int, cluster_root: int, fp: Fingerprint, index_bands: bool = True) -> None:
    """Replace a revised article's fingerprint and, when its band keys changed,
    its band rows (written straight to ``minhash_bands``, not queued).

    Copies in its cluster that skipped their band rows because this article held
    the same keys (see :func:`store_fingerprint`) get their own rows first, so
    the old text stays findable.
    """
    old = db.execute("SELECT band_keys FROM article_fingerprints WHERE article_id = ?", [article_id]).fetchone()
    packed = _packed(fp.index_keys)
    if old and old[0] == packed:  # e.g. only the title changed
        index_bands = False
    elif old:
        old_keys = _unpacked(old[0])
        bands.remove(db, article_id, old_keys)
        dependants = db.execute(
            """SELECT f.article_id FROM articles a JOIN article_fingerprints f ON f.article_id = a.id
               WHERE (a.duplicate_of = ? OR a.id = ?) AND a.id != ? AND f.version = ? AND f.band_keys = ?""",
            [cluster_root, cluster_root, article_id, FINGERPRINT_VERSION, old[0]],
        ).fetchall()
        for (member_id,) in dependants:
            bands.index(db, member_id, old_keys)
    write_fingerprint(db, article_id, fp)
    if index_bands:
        bands.index(db, article_id, fp.index_keys)


def write_fingerprint(db: Database, article_id: int, fp: Fingerprint) -> None:
    db.execute(
        """INSERT OR REPLACE INTO article_fingerprints (article_id, version, shingle_count, sketch, band_keys, figures)
           VALUES (?, ?, ?, ?, ?, ?)""",
        [article_id, FINGERPRINT_VERSION, fp.shingle_count, fp.sketch, _packed(fp.index_keys), fp.figures],
    )


def _packed(keys: tuple[int, ...]) -> bytes:
    return np.array(keys, dtype="<i8").tobytes()


def _unpacked(blob: bytes) -> list[int]:
    return np.frombuffer(blob, dtype="<i8").tolist()
