"""Duplicate detection benchmark: quality on a labelled corpus and insert cost by archive size.

    python -m benchmarks.dedup [--sizes 10000,100000,1000000] [--originals 1500]
                               [--copies 300] [--siblings 600] [--series 150] [--workdir DIR]
                               [--repeat N] [--reuse-fill] [--real-text ../shared/datasets]
                               [--quality-only]

For each size N the archive is first filled with N generated original articles,
then the labelled corpus (benchmarks.dedup_corpus: originals, hard-negative
siblings, copies under each disguise) is saved one article at a time through
``Archive.save`` -- the real path -- and timed.

Bulk fill (documented shortcut, so 1M fits in minutes): filler articles are
generated, normalised and fingerprinted by the library's own functions in a pool
of worker processes, and written straight into ``articles``,
``article_fingerprints``, ``minhash_bands`` (sorted by key) and
``boilerplate_lines``; the full-text index is then filled 64 articles a
transaction, as ``save_many()`` fills it. Differences from ``save()``: no duplicate lookup (filler are
originals), boilerplate is counted within a chunk of 2000 articles, and the band
and index B-trees are packed full rather than grown by random inserts. The sizes
share one fill: the archive is snapshotted at each size and the corpus is timed on
the snapshot (a copy, synced to disk, with the fill dropped from the page cache), in
three ways: ``save()``, one article a transaction; ``save_many()``
of 64 articles a transaction, as ``portal-archive import`` and a busy crawl's
writer do; and the same without the full-text index, to show its share. The
timed saves queue their band rows (storage.bands); the flush that writes a full
queue is timed on its own at each size (:func:`time_band_flush`) and its share
per article added in the "cpu + flush" column.

Memory: the timed inserts run in this process and ``ru_maxrss`` is printed after
each size; the fill runs in a child process and its peak is printed separately.

With ``--real-text``, a second labelled corpus is made the same way from real
article text the generator did not write (the labelled bodies of the extraction
datasets, :func:`benchmarks.dedup_corpus.real_corpus`) and scored on an empty
archive. ``--quality-only`` skips the fill and the timings: both corpora are
saved into empty archives and scored.

The same corpus also goes through datasketch's MinHashLSH (in memory, 128
permutations, threshold 0.45, best candidate confirmed at estimated Jaccard
>= 0.45), once on our normalised shingles and once on raw character 4-grams
(NFKC, case-folded, whitespace removed), for comparison.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

import numpy as np
from sqlite_utils import Database

from benchmarks.dedup_corpus import DISGUISES, PORTALS, Doc, filler, labelled_corpus, real_corpus
from storage import Archive, archive as archive_module, bands, dedup, fingerprints, search_index
from storage.fingerprints import FINGERPRINT_VERSION, fingerprint, line_hash, normalise

CHUNK = 2000
LABEL = 42  # width of the row labels in the printed tables


# ---------------------------------------------------------------- bulk fill


def _fill_chunk(task: tuple[int, int, int]):
    """Rows for filler articles ``first_id .. first_id+count-1`` (runs in a worker).

    Boilerplate as save() would see it once a portal has a few articles: an edge
    line (dedup.edge_indices) is left out when it occurs in BOILERPLATE_MIN_ARTICLES
    articles of the chunk's portal.
    """
    seed, first_id, count = task
    arts = list(filler(seed * 1_000_003 + first_id, count))
    normalised = [normalise(art.body_text) for art in arts]
    edges = [dedup.edge_indices(len(lines)) for lines in normalised]
    hashes = [[line_hash(lines[i]) for i in idx] for lines, idx in zip(normalised, edges)]
    seen = Counter((art.portal, h) for art, hs in zip(arts, hashes) for h in set(hs))
    articles, prints, band_ids, band_keys = [], [], [], []
    lines_by_portal: dict[str, list[int]] = {}
    stamp = "2026-01-01T00:00:00+00:00"
    for offset, (art, lines, idx, hs) in enumerate(zip(arts, normalised, edges, hashes)):
        article_id = first_id + offset
        drop = {i for i, h in zip(idx, hs) if seen[art.portal, h] >= dedup.BOILERPLATE_MIN_ARTICLES}
        kept = [t for i, t in enumerate(lines) if i not in drop]
        fp = fingerprint(kept)
        articles.append((article_id, art.url, art.portal, art.title, art.published_at, art.body_text, stamp, fp.content_hash))
        keys = np.array(fp.index_keys, dtype="<i8")
        prints.append((article_id, FINGERPRINT_VERSION, fp.shingle_count, fp.sketch, keys.tobytes(), fp.figures))
        band_keys.append(keys)
        band_ids.append(np.full(len(keys), article_id, dtype=np.int64))
        lines_by_portal.setdefault(art.portal, []).extend(set(hs))
    return articles, prints, np.concatenate(band_keys), np.concatenate(band_ids), lines_by_portal


def _filler_chunks(seed: int, first_id: int, count: int):
    """:func:`_fill_chunk`'s rows for filler articles ``first_id ..``, made in a pool of two."""
    tasks = [(seed, start, min(CHUNK, first_id + count - start)) for start in range(first_id, first_id + count, CHUNK)]
    with multiprocessing.get_context("fork").Pool(2) as pool:
        yield from pool.imap(_fill_chunk, tasks)


def _insert_filler(conn: sqlite3.Connection, articles: list[tuple], prints: list[tuple]) -> None:
    conn.executemany(
        """INSERT INTO articles (id, url, portal, title, published_at, body_text, fetched_at, content_hash)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
        articles,
    )
    conn.executemany(
        """INSERT INTO article_fingerprints (article_id, version, shingle_count, sketch, band_keys, figures)
           VALUES (?, ?, ?, ?, ?, ?)""",
        prints,
    )


def bulk_fill(path: Path, first_id: int, count: int, seed: int) -> None:
    """Add ``count`` filler articles to the archive at ``path`` (run in a child process)."""
    Archive(str(path)).db.close()  # creates and migrates
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -1000000")
    fts_triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'articles'").fetchall()
    for name, _ in fts_triggers:
        conn.execute(f"DROP TRIGGER {name}")
    keys, ids, lines = [], [], {p: [] for p in PORTALS}
    for articles, prints, band_keys, band_ids, by_portal in _filler_chunks(seed, first_id, count):
        conn.execute("BEGIN")
        _insert_filler(conn, articles, prints)
        conn.execute("COMMIT")
        keys.append(band_keys)
        ids.append(band_ids)
        for portal, hashes in by_portal.items():
            lines[portal].append(np.array(hashes, dtype=np.int64))
    _write_bands(conn, np.concatenate(keys), np.concatenate(ids))
    _write_line_counts(conn, lines)
    # The full-text index grows as save_many() grows it, one segment per 64 articles,
    # so its merge structure is the one a real archive has at this size.
    db = Database(conn)
    for start in range(first_id, first_id + count, 64):
        conn.execute("BEGIN")
        search_index.index_rows(db, range(start, min(start + 64, first_id + count)))
        conn.execute("COMMIT")
    for _, sql in fts_triggers:
        conn.execute(sql)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def _write_bands(conn: sqlite3.Connection, keys: np.ndarray, ids: np.ndarray) -> None:
    order = np.lexsort((ids, keys))  # key order: B-tree appends instead of random writes
    keys, ids = keys[order], ids[order]
    conn.execute("BEGIN")
    for start in range(0, len(keys), 1_000_000):
        rows = zip(keys[start : start + 1_000_000].tolist(), ids[start : start + 1_000_000].tolist())
        conn.executemany("INSERT OR IGNORE INTO minhash_bands VALUES (?, ?)", rows)
    conn.execute("COMMIT")


def _write_line_counts(conn: sqlite3.Connection, lines: dict[str, list[np.ndarray]]) -> None:
    conn.execute("BEGIN")
    for portal, chunks in lines.items():
        if not chunks:
            continue
        hashes, counts = np.unique(np.concatenate(chunks), return_counts=True)
        conn.executemany(
            """INSERT INTO boilerplate_lines (portal, line_hash, articles) VALUES (?, ?, ?)
               ON CONFLICT (portal, line_hash) DO UPDATE SET articles = articles + excluded.articles""",
            zip([portal] * len(hashes), hashes.tolist(), counts.tolist()),
        )
    conn.execute("COMMIT")


def fill_in_child(path: Path, first_id: int, count: int, seed: int) -> float:
    started = time.perf_counter()
    child = multiprocessing.get_context("fork").Process(target=bulk_fill, args=(path, first_id, count, seed))
    child.start()
    child.join()
    if child.exitcode != 0:
        raise SystemExit(f"bulk fill failed with exit code {child.exitcode}")
    return time.perf_counter() - started


# ---------------------------------------------------------------- timed inserts


class StageTimer:
    """Wraps the library's stage functions to add up their wall time."""

    def __init__(self):
        self.totals: Counter[str] = Counter()
        self._originals = []

    def wrap(self, module, name: str, label: str) -> None:
        original = getattr(module, name)
        totals = self.totals

        def timed(*args, **kwargs):
            started = time.perf_counter_ns()
            try:
                return original(*args, **kwargs)
            finally:
                totals[label] += time.perf_counter_ns() - started

        self._originals.append((module, name, original))
        setattr(module, name, timed)

    def restore(self) -> None:
        for module, name, original in reversed(self._originals):
            setattr(module, name, original)
        self._originals.clear()


def copy_for_timing(fill: Path, timed: Path) -> None:
    shutil.copyfile(fill, timed)
    # The fill and the copy are benchmark artefacts. At 1M they do not both fit in
    # the page cache, so the copy gets it, as a real archive would; and the copy's
    # 10 GB of dirty pages are written out before the timing, not during it.
    with open(fill, "rb") as f:
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)
    os.sync()


def time_band_flush(fill: Path, path: Path, first_id: int, seed: int) -> dict:
    """The cost of writing a full band queue into ``minhash_bands`` at this archive size.

    The timed saves only queue their band rows (4,500 articles, never a full
    queue), so the flush that a real archive does once every
    ``bands.QUEUE_LIMIT`` new articles is timed here and spread over them: on a
    copy of the fill, QUEUE_LIMIT filler articles are added and queued as bulk_fill
    writes articles (untimed); one write transaction loads the queue, as a writer
    does on its first write, and the flush then runs one key range per write
    transaction, as in the saves that follow a full queue. Its CPU, commits and
    checkpoints included, is spread over the articles it wrote.
    """
    copy_for_timing(fill, path)
    Archive(str(path)).db.close()  # migrates
    conn = sqlite3.connect(path, isolation_level=None)
    for articles, prints, *_ in _filler_chunks(seed + 1, first_id, bands.QUEUE_LIMIT):
        conn.execute("BEGIN")
        _insert_filler(conn, articles, prints)
        conn.executemany("INSERT INTO band_queue (article_id) VALUES (?)", [(row[0],) for row in prints])
        conn.execute("COMMIT")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    archive = Archive(str(path))
    started = time.process_time()
    with archive.db.conn:
        archive.db.execute("BEGIN IMMEDIATE")
        bands.sync(archive.db)
    loaded, flushed, walls = time.process_time(), 0, []
    while not walls or archive.db.execute("SELECT flushing_through FROM band_queue_state").fetchone()[0] is not None:
        wall = time.perf_counter()  # one write transaction per part, as in the saves that follow a full queue
        with archive.db.conn:  # the commit, and the checkpoint it sets off, included
            archive.db.execute("BEGIN IMMEDIATE")
            bands.sync(archive.db)
            flushed += bands.flush_if_full(archive.db)
        walls.append(time.perf_counter() - wall)
    done = time.process_time()
    archive.db.close()
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return {"articles": flushed, "load": loaded - started, "cpu": done - loaded, "wall": sum(walls), "longest": max(walls), "parts": len(walls)}


def run_archive(path: Path, docs: list[Doc], batch: int, fts: bool) -> dict:
    """Save the corpus through the archive, ``batch`` articles a transaction
    (``save`` for 1, ``save_many`` above); with ``fts=False`` the full-text
    triggers are dropped first. Times are per article: a batch's time divided by
    its size."""
    if not fts:
        with sqlite3.connect(path) as conn:
            for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'articles'").fetchall():
                conn.execute(f"DROP TRIGGER {name}")
    archive = Archive(str(path))
    timer = StageTimer()
    timer.wrap(archive_module, "normalise", "normalise")
    timer.wrap(dedup, "prepare", "boilerplate+fingerprint")
    timer.wrap(dedup, "find_duplicate", "duplicate lookup")
    timer.wrap(search_index, "catch_up", "full-text index")
    walls, cpus, results = [], [], []
    read_before = _storage_reads()
    try:
        for start in range(0, len(docs), batch):
            articles = [doc.article for doc in docs[start : start + batch]]
            wall, cpu = time.perf_counter_ns(), time.process_time_ns()
            results += [archive.save(articles[0])] if batch == 1 else archive.save_many(articles)
            cpus += [(time.process_time_ns() - cpu) / len(articles)] * len(articles)
            walls += [(time.perf_counter_ns() - wall) / len(articles)] * len(articles)
    finally:
        timer.restore()
    read_after = _storage_reads()
    archive.db.close()
    id_to_doc = {result.article_id: i for i, result in enumerate(results)}
    # Roots outside the corpus (filler articles) map to -1: always wrong.
    roots = {
        i: None if result.duplicate_of is None else id_to_doc.get(result.duplicate_of, -1)
        for i, result in enumerate(results)
    }
    disk = None if read_before is None or read_after is None else read_after - read_before
    return {"roots": roots, "walls": walls, "cpus": cpus, "stages": timer.totals, "disk": disk}


def _storage_reads() -> int | None:
    """Bytes this process has read from a block device rather than the page cache
    (Linux ``read_bytes``; always 0 on tmpfs and on filesystems that do not count it).

    The 1M archive is an 11 GB file; when the host reclaims page cache during a
    timing, its reads go to disk and cost kernel CPU, which this makes visible.
    """
    try:
        with open("/proc/self/io") as io:
            return next(int(line.split()[1]) for line in io if line.startswith("read_bytes:"))
    except (OSError, StopIteration):
        return None


TIMINGS = (("", 1, True), (" save_many(64)", 64, True), (" save_many(64) no FTS", 64, False))
WAYS = {"single": TIMINGS[0], "many": TIMINGS[1], "many-no-fts": TIMINGS[2]}


# ---------------------------------------------------------------- datasketch


def run_datasketch(docs: list[Doc], normalised: bool) -> dict:
    from datasketch import MinHash, MinHashLSH

    lsh = MinHashLSH(threshold=0.45, num_perm=128)
    sigs, roots, walls = {}, {}, []
    for i, doc in enumerate(docs):
        started = time.perf_counter_ns()
        shingles = _normalised_shingles(doc.article.body_text) if normalised else _raw_shingles(doc.article.body_text)
        mh = MinHash(num_perm=128)
        mh.update_batch(shingles)
        best = None
        if len(shingles) >= fingerprints.MIN_SHINGLES:
            for key in lsh.query(mh):
                score = mh.jaccard(sigs[key])
                if score >= 0.45 and (best is None or (score, -key) > (best[0], -best[1])):
                    best = (score, key)
            lsh.insert(i, mh)
        sigs[i] = mh
        roots[i] = None if best is None else (roots[best[1]] if roots[best[1]] is not None else best[1])
        walls.append(time.perf_counter_ns() - started)
    return {"roots": roots, "walls": walls}


def _normalised_shingles(text: str) -> list[bytes]:
    """Our normalisation and shingles, handed to datasketch as bytes."""
    return [h.tobytes() for h in fingerprints.shingle_hashes(normalise(text))]


def _raw_shingles(text: str) -> list[bytes]:
    text = "".join(unicodedata.normalize("NFKC", text).casefold().split())
    return list({text[i : i + 4].encode() for i in range(len(text) - 3)})


# ---------------------------------------------------------------- scoring and report


def score(docs: list[Doc], roots: dict[int, int | None]) -> dict:
    """Precision over all links made; recall per disguise. A copy is right when
    linked to its original or to the root its original was linked to."""
    tp, fp = 0, 0
    found, total = Counter(), Counter()
    false_links = Counter()
    for i, doc in enumerate(docs):
        root = roots[i]
        if doc.source is None:
            if root is not None:
                fp += 1
                false_links[doc.kind] += 1
            continue
        total[doc.kind] += 1
        if root is None:
            continue
        if root in (doc.source, roots[doc.source]):
            tp += 1
            found[doc.kind] += 1
        else:
            fp += 1
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = {d: found[d] / total[d] for d in DISGUISES if total[d]}
    recall["overall"] = sum(found.values()) / max(1, sum(total.values()))
    return {"precision": precision, "recall": recall, "false_links": false_links, "fp": fp, "series": series_apart(docs, roots)}


def series_apart(docs: list[Doc], roots: dict[int, int | None]) -> float | None:
    """The share of pairs of one templated series that are in different clusters."""
    members: dict[int, list[int]] = {}
    for i, doc in enumerate(docs):
        if doc.series is not None:
            members.setdefault(doc.series, []).append(i)
    cluster = {i: roots[i] if roots[i] is not None else i for i in roots}
    pairs = apart = 0
    for group in members.values():
        for a in range(len(group)):
            for b in range(a + 1, len(group)):
                pairs += 1
                apart += cluster[group[a]] != cluster[group[b]]
    return apart / pairs if pairs else None


def quality_line(name: str, result: dict) -> str:
    r = result["recall"]
    cells = " ".join(f"{r[d]:6.3f}" if d in r else f"{'-':>6}" for d in (*DISGUISES, "overall"))
    series = "-" if result["series"] is None else f"{result['series']:.3f}"
    return f"{name:<{LABEL}} {result['precision']:9.4f} {cells} {series:>7}   (false links: {dict(result['false_links']) or 0})"


def quality_header() -> str:
    names = " ".join(f"{d[:6]:>6}" for d in (*DISGUISES, "overall"))
    return (f"{'':<{LABEL}} {'precision':>9} {names} {'series':>7}\n"
            f"{'':<{LABEL}} {'':>9} {'recall by disguise':^{len(names)}} {'apart':>7}")


def score_on_empty_archive(name: str, docs: list[Doc]) -> None:
    """Project (save_many of 64 into an empty archive) and datasketch on one corpus."""
    with tempfile.TemporaryDirectory(prefix="dedup-quality-") as tmp:
        path = Path(tmp) / "archive.db"
        Archive(str(path)).db.close()
        result = run_archive(path, docs, 64, True)
    print(quality_line(f"{name}: archive", score(docs, result["roots"])))
    for normalised in (True, False):
        ds = run_datasketch(docs, normalised)
        print(quality_line(f"{name}: datasketch ({'normalised' if normalised else 'raw 4-grams'})", score(docs, ds["roots"])))


def ms(ns: float) -> float:
    return ns / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--originals", type=int, default=1500)
    parser.add_argument("--copies", type=int, default=300, help="copies per disguise")
    parser.add_argument("--siblings", type=int, default=600, help="hard negatives")
    parser.add_argument("--series", type=int, default=150, help="templated series of 4 (hard negatives)")
    parser.add_argument("--real-text", metavar="DATASETS", help="also score a corpus made from the real bodies in this datasets folder")
    parser.add_argument("--quality-only", action="store_true", help="score on empty archives; no fill, no timings")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--workdir", help="keep the archives here (default: a temp dir, removed)")
    parser.add_argument("--repeat", type=int, default=1, help="time each way this many times (fresh copies), report each and the median")
    parser.add_argument(
        "--reuse-fill", action="store_true", help="continue the fill already in --workdir (its size must be the smallest of --sizes)"
    )
    parser.add_argument(
        "--ways", default=",".join(WAYS), help=f"the ways of saving to time, of {', '.join(WAYS)} (default: all); e.g. --ways many"
    )
    args = parser.parse_args()
    try:
        timings = [WAYS[way] for way in args.ways.split(",")]
    except KeyError as unknown:
        parser.error(f"--ways: no way {unknown} (the ways are {', '.join(WAYS)})")
    sys.stdout.reconfigure(line_buffering=True)  # progress shows when redirected to a file
    sizes = sorted(int(s) for s in args.sizes.split(",") if s)

    print(f"dedup benchmark {datetime.now(timezone.utc).isoformat(timespec='seconds')}")
    print(
        f"params: shingles={fingerprints.HAN_SHINGLE} chars every {fingerprints.HAN_STEP}/{fingerprints.WORD_SHINGLE} words perms={fingerprints.NUM_PERM} bands={fingerprints.BANDS}x{fingerprints.ROWS} "
        f"sketch={fingerprints.SKETCH_SIZE} jaccard>={fingerprints.JACCARD_MIN} containment>={fingerprints.CONTAINMENT_MIN} "
        f"min_shingles={fingerprints.MIN_SHINGLES} boilerplate>={dedup.BOILERPLATE_MIN_ARTICLES}"
    )
    docs = labelled_corpus(args.seed, args.originals, args.copies, args.siblings, args.series)
    print(f"corpus: {len(docs)} articles: {dict(Counter(d.kind for d in docs))}")
    corpora = [("generated", docs)]
    if args.real_text:
        real = real_corpus(Path(args.real_text), args.seed, min(args.copies, 100), min(args.series, 50))
        print(f"real-text corpus: {len(real)} articles: {dict(Counter(d.kind for d in real))}")
        corpora.append(("real text", real))
    if args.quality_only:
        print(quality_header())
        for name, corpus in corpora:
            score_on_empty_archive(name, corpus)
        return

    workdir = Path(args.workdir or tempfile.mkdtemp(prefix="dedup-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    fill_path = workdir / "fill.db"
    filled = 0
    if args.reuse_fill and fill_path.exists():
        with sqlite3.connect(fill_path) as conn:
            (filled,) = conn.execute("SELECT count(*) FROM articles").fetchone()
        if filled > sizes[0]:
            sys.exit(f"--reuse-fill: {fill_path} holds {filled:,} articles, more than --sizes starts with")
        print(f"reusing {fill_path}: {filled:,} articles")
    else:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{fill_path}{suffix}").unlink(missing_ok=True)
    print(quality_header())
    rows = []
    flushes: dict[int, dict] = {}
    try:
        for size in sizes:
            fill_seconds = fill_in_child(fill_path, filled + 1, size - filled, args.seed) if size > filled else 0.0
            filled = size
            timed_path = workdir / f"archive-{size}.db"
            for suffix, batch, fts in timings:
                for attempt in range(1, args.repeat + 1):
                    copy_for_timing(fill_path, timed_path)
                    result = run_archive(timed_path, docs, batch, fts)
                    label = f"archive @ {size:,}{suffix}" + (f" #{attempt}" if args.repeat > 1 else "")
                    print(quality_line(label, score(docs, result["roots"])))
                    result["size"], result["way"] = size, suffix
                    first = not suffix and attempt == 1
                    rows.append((label, fill_seconds if first else None, result, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
                    for end in ("", "-wal", "-shm"):
                        Path(f"{timed_path}{end}").unlink(missing_ok=True)
            flush = time_band_flush(fill_path, timed_path, size + 1, args.seed)
            flushes[size] = flush
            print(
                f"band flush @ {size:,}: {flush['articles']:,} queued articles written in {flush['cpu']:.2f} s CPU "
                f"({ms(flush['cpu'] * 1e9 / flush['articles']):.3f} ms an article), {flush['wall']:.2f} s wall "
                f"in {flush['parts']} transactions, the longest {flush['longest']:.2f} s; "
                f"loading the queue {flush['load']:.2f} s CPU; peak RSS of this process since it started "
                f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB"
            )
        for normalised in (True, False):
            name = f"datasketch LSH ({'normalised' if normalised else 'raw 4-grams'})"
            ds = run_datasketch(docs, normalised)
            print(quality_line(name, score(docs, ds["roots"])))
            rows.append((name, None, ds, None))
        for name, corpus in corpora[1:]:
            score_on_empty_archive(name, corpus)
    finally:
        if not args.workdir:
            shutil.rmtree(workdir, ignore_errors=True)

    print("\ntime per insert (corpus articles, ms)")
    print("cpu + flush: the CPU mean plus the band flush's CPU spread over the articles it wrote")
    print("disk MB: read from storage, not the page cache, during the timing")
    print(f"{'':<{LABEL}} {'wall mean':>9} {'p50':>6} {'p95':>6} {'cpu mean':>8} {'cpu + flush':>11} {'disk MB':>7}   stages (wall mean)")
    for label, fill_seconds, result, maxrss in rows:
        walls = result["walls"]
        cpu = f"{'':>8} {'':>11}"
        disk = f"{result['disk'] / 1e6:7.1f}" if result.get("disk") is not None else f"{'':>7}"
        if "cpus" in result:
            flush = flushes[result["size"]]
            mean = ms(statistics.fmean(result["cpus"]))
            cpu = f"{mean:8.3f} {mean + ms(flush['cpu'] * 1e9 / flush['articles']):11.3f}"
        stages = ", ".join(f"{k} {ms(v / len(walls)):.3f}" for k, v in result.get("stages", {}).items())
        p50, p95 = np.percentile(walls, [50, 95])
        print(f"{label:<{LABEL}} {ms(statistics.fmean(walls)):9.3f} {ms(p50):6.3f} {ms(p95):6.3f} {cpu} {disk}   {stages}")
    if args.repeat > 1:
        print(f"\nmedian of {args.repeat} runs, cpu + flush (ms): each run's figure in brackets, with its reads from disk")
        for size in sizes:
            for suffix, _, _ in timings:
                runs = [r for _, _, r, _ in rows if r.get("size") == size and r.get("way") == suffix]
                figures = [ms(statistics.fmean(r["cpus"]) + flushes[size]["cpu"] * 1e9 / flushes[size]["articles"]) for r in runs]
                listed = ", ".join(
                    f"{f:.3f}" + ("" if r["disk"] is None else f" ({r['disk'] / 1e6:.0f} MB from disk)") for f, r in zip(figures, runs)
                )
                print(f"{f'archive @ {size:,}{suffix}':<{LABEL}} {statistics.median(figures):8.3f}   [{listed}]")
    print()
    for label, fill_seconds, _, maxrss in rows:
        if fill_seconds is not None:
            print(f"{label}: fill {fill_seconds:.0f} s; peak RSS of the timing process after timing: {maxrss / 1024:.0f} MiB")
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"peak RSS of the bulk-fill processes: {children / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
