"""Extraction benchmark: the project's page parser against trafilatura (and others present).

    python -m benchmarks.extraction --datasets ../shared/datasets

Each extractor runs as one subprocess over every page of every set (``--run NAME``),
writing its raw outputs as JSON; this process scores them as the datasets' README
describes and prints tables, extractors side by side: the held-out half, the dev half
and all pages.

The split is fixed by site, so that no site has pages on both sides: a page's site is
its URL's host without a leading ``www.`` (for web.archive.org copies, the archived
URL's host); pages without a URL form one site per set. A site is "dev" when the first
byte of the SHA-256 of its name is even, "held-out" otherwise. Heuristics are tuned only
by looking at dev pages (``--failures`` lists the project's dev misses); the held-out
figures are the ones to quote.

Rows named "ours …" score the project's own labels (benchmarks/labels): titles, authors
and dates of the body sets' pages, and every field of other packages' test pages, which
``python -m benchmarks.fetch_extra_pages`` puts in ../extra-pages (``--extra``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks import own_labels

BODY_SETS = ("aeb", "zh-cwce", "zh-magic", "fundus")
META_SETS = ("trafilatura", "zh-cwce", "fundus")
ZH_SETS = {"zh-cwce", "zh-magic"}
HALVES = ("held-out", "dev")
# Optional extractors: benchmarked only when their package imports here.
OPTIONAL = {"magic-html": "magic_html", "readability-lxml": "readability", "gne": "gne",
            "newspaper4k": "newspaper", "goose3": "goose3"}
_WRAPPER = re.compile(rb"^\s*<text\b[^>]*>\s*|\s*</text>\s*$")


# --- loading --------------------------------------------------------------------------

def load_pages(datasets: Path, extra: Path | None = None) -> list[dict]:
    """Every page of every set: kind, set, id, url, raw bytes; with ``extra`` (the folder
    benchmarks/fetch_extra_pages.py filled) also the other packages' pages the project
    labelled itself (kind "extra")."""
    pages = []
    for name, data in own_labels.load().items():
        kind, folder = data["pages"].split("/", 1)
        if kind == "extra" and extra is not None and (extra / folder).is_dir():
            pages.extend({"kind": kind, "set": folder, "id": page_id, "url": label.get("url") or "",
                          "data": (extra / folder / "pages" / f"{page_id}.html").read_bytes()}
                         for page_id, label in data["labels"].items())
    for kind, sets in (("body", BODY_SETS), ("meta", META_SETS)):
        for name in sets:
            folder = datasets / kind / name
            truth = json.loads((folder / "truth.json").read_text(encoding="utf-8"))
            for page_id, label in truth.items():
                path = next((folder / "pages").glob(f"{page_id}.html*"))
                data = path.read_bytes()
                data = gzip.decompress(data) if path.name.endswith(".gz") else data
                if name == "zh-cwce":
                    data = _WRAPPER.sub(b"", data)  # the dataset's own wrapper, not page markup
                pages.append({"kind": kind, "set": name, "id": page_id, "url": label.get("url") or "", "data": data})
    return pages


def load_truth(datasets: Path) -> dict:
    return {(kind, name): json.loads((datasets / kind / name / "truth.json").read_text(encoding="utf-8"))
            for kind, sets in (("body", BODY_SETS), ("meta", META_SETS)) for name in sets}


# --- the split -----------------------------------------------------------------------

_ARCHIVED = re.compile(r"^https?://web\.archive\.org/web/[^/]+/(https?://.+)$")


def site_of(url: str, set_name: str) -> str:
    """The site a page belongs to: its host without "www.", one pseudo-site per set without a URL."""
    archived = _ARCHIVED.match(url or "")
    host = (urlsplit(archived.group(1) if archived else url).hostname or "") if url else ""
    return host.lower().removeprefix("www.") or f"(no URL: {set_name})"


def half_of(site: str) -> str:
    return "dev" if hashlib.sha256(site.encode("utf-8")).digest()[0] % 2 == 0 else "held-out"


def page_halves(truth: dict) -> dict:
    """{(kind, set): {page id: half}} for every labelled page."""
    return {(kind, name): {page_id: half_of(site_of(label.get("url") or "", name)) for page_id, label in labels.items()}
            for (kind, name), labels in truth.items()}


# --- extractors (run inside the subprocess) -------------------------------------------

def _html_text(html: str | None) -> str:
    """Paragraph text of an HTML fragment returned by extractors that give HTML."""
    if not html:
        return ""
    from lxml import html as lxml_html

    root = lxml_html.fromstring(html)
    for br in root.iter("br"):
        br.tail = "\n" + (br.tail or "")
    for block in root.iter("p", "div", "li", "h1", "h2", "h3", "h4", "td", "tr", "blockquote", "pre"):
        block.tail = "\n" + (block.tail or "")
    return root.text_content()


def scored_date(article) -> str | None:
    """The project's date as scored: a day the page gave alone is that day, not its
    stored midnight."""
    if article.published_precision == "day":
        return article.published_at[:10]
    return article.published_at


def _project():
    from portal_spider.pages import parse_article

    def run(data: bytes, url: str) -> dict:
        a = parse_article(data, url or "http://localhost/")
        return {"title": a.title, "author": a.author, "date": scored_date(a), "body": a.body_text}
    return run


def _trafilatura():
    import trafilatura

    def run(data: bytes, url: str) -> dict:
        doc = trafilatura.bare_extraction(data, url=url or None, with_metadata=True)
        if doc is None:
            return {}
        doc = doc if isinstance(doc, dict) else doc.as_dict()
        return {"title": doc.get("title"), "author": doc.get("author"), "date": doc.get("date"), "body": doc.get("text")}
    return run


def _decoded(data: bytes) -> str:
    from portal_spider.pages import decode_html

    return decode_html(data)


def _magic_html():
    from magic_html import GeneralExtractor

    extractor = GeneralExtractor()

    def run(data: bytes, url: str) -> dict:
        out = extractor.extract(_decoded(data), base_url=url)
        return {"title": out.get("title"), "body": _html_text(out.get("html"))}
    return run


def _readability():
    from readability import Document

    def run(data: bytes, url: str) -> dict:
        doc = Document(_decoded(data), url=url)
        return {"title": doc.short_title(), "body": _html_text(doc.summary(html_partial=True))}
    return run


def _gne():
    from gne import GeneralNewsExtractor

    extractor = GeneralNewsExtractor()

    def run(data: bytes, url: str) -> dict:
        out = extractor.extract(_decoded(data))
        return {"title": out.get("title"), "author": out.get("author"), "date": out.get("publish_time"), "body": out.get("content")}
    return run


def _newspaper():
    from newspaper import Article

    def run(data: bytes, url: str) -> dict:
        # No image downloads: this machine has no network, and bodies need none.
        article = Article(url or "http://localhost/", fetch_images=False)
        article.download(input_html=_decoded(data))
        article.parse()
        date = article.publish_date.isoformat() if article.publish_date else None
        return {"title": article.title, "author": ", ".join(article.authors), "date": date, "body": article.text}
    return run


def _goose():
    from goose3 import Goose

    goose = Goose()

    def run(data: bytes, url: str) -> dict:
        article = goose.extract(raw_html=_decoded(data))
        date = article.publish_date
        return {"title": article.title, "author": ", ".join(article.authors or []), "date": str(date) if date else None,
                "body": article.cleaned_text}
    return run


FACTORIES = {"project": _project, "trafilatura": _trafilatura, "magic-html": _magic_html,
             "readability-lxml": _readability, "gne": _gne, "newspaper4k": _newspaper, "goose3": _goose}


def run_extractor(name: str, datasets: Path, output: Path, extra: Path | None = None) -> None:
    """Subprocess entry: extract every page, time only the extraction, write JSON."""
    pages = load_pages(datasets, extra)
    extract = FACTORIES[name]()
    results, failures = {}, 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for page in pages:
        try:
            results[f"{page['kind']}/{page['set']}/{page['id']}"] = extract(page["data"], page["url"])
        except Exception as error:  # a third-party extractor crashing on a page scores it as empty
            failures += 1
            results[f"{page['kind']}/{page['set']}/{page['id']}"] = {"error": f"{type(error).__name__}: {error}"}
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    output.write_text(json.dumps({"seconds": elapsed, "cpu_seconds": cpu, "pages": len(pages), "failures": failures,
                                  "results": results},
                                 ensure_ascii=False), encoding="utf-8")


# --- scoring --------------------------------------------------------------------------

_HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_ZH_TOKEN = re.compile(rf"[{_HAN}]|[^\W{_HAN}]+")
_TOKEN = re.compile(r"\w+")


def shingles(text: str, zh: bool) -> Counter:
    tokens = (_ZH_TOKEN if zh else _TOKEN).findall(text or "")
    return Counter(tuple(tokens[i: i + 4]) for i in range(max(1, len(tokens) - 3))) if tokens else Counter()


_HAN_CHAR = re.compile(f"[{_HAN}]")
_WORD_CHAR = re.compile(r"\w")


def mostly_han(text: str) -> bool:
    return len(_HAN_CHAR.findall(text)) * 2 > len(_WORD_CHAR.findall(text))


def page_body_counts(label: str, output: str, zh: bool) -> tuple[float, float, float]:
    """One page's shingle tp, fp, fn, normalised to sum to 1 (all 0 when both are empty)."""
    zh = zh or mostly_han(label)
    gold, pred = shingles(label, zh), shingles(output, zh)
    tp = sum((gold & pred).values())
    fp, fn = sum((pred - gold).values()), sum((gold - pred).values())
    counted = tp + fp + fn
    return (tp / counted, fp / counted, fn / counted) if counted else (0.0, 0.0, 0.0)


def page_f1(counts: tuple[float, float, float]) -> float:
    tp, fp, fn = counts
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def body_scores(truth: dict, results: dict, kind_set: str, zh: bool) -> tuple[float, float, float]:
    """Article-extraction-benchmark scoring: per-page tp/fp/fn normalised, then P, R, F1."""
    total = [0.0, 0.0, 0.0]
    for page_id, label in truth.items():
        output = (results.get(f"{kind_set}/{page_id}") or {}).get("body") or ""
        total = [t + x for t, x in zip(total, page_body_counts(label.get("body") or "", output, zh))]
    tp, fp, fn = total
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _norm(text) -> str:
    return re.sub(r"\s+", " ", unicodedata.normalize("NFKC", str(text or ""))).strip().lower()


def _date_parts(text) -> list[int]:
    """Year, month, day, hour, minute as far as the text gives them."""
    match = re.match(r"\s*(\d{4})(?:\D(\d{1,2}))?(?:\D(\d{1,2}))?(?:[T\s]+(\d{1,2}):(\d{2}))?", str(text or ""))
    return [int(p) for p in match.groups() if p is not None] if match else []


_OFFSET = re.compile(r"(?:[T\s]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})\s*$")


def _instant(text) -> datetime | None:
    """The moment a date with a time and a UTC offset names; None without either."""
    text = str(text or "").strip()
    match = _OFFSET.search(text)
    parts = _date_parts(text)
    if not match or len(parts) < 5:
        return None
    offset = match.group(1).replace(":", "")
    zone = timezone.utc if offset == "Z" else timezone(
        (1 if offset[0] == "+" else -1) * timedelta(hours=int(offset[1:3]), minutes=int(offset[3:5])))
    return datetime(*parts[:5], tzinfo=zone)


def _local_day(moment: datetime) -> list[int]:
    return [moment.year, moment.month, moment.day]


def date_hit(gold, pred) -> tuple[bool, bool | None]:
    """(date right, instant right): instant is None where the label names no instant.

    A label with a time and a UTC offset (fundus) is an instant: an output with an offset
    must name the same instant within two minutes, an output with only a day must give
    the label's day, an output with a time but no offset must show the label's wall
    clock (it names no instant). Other labels compare year, month, day, and hour:minute
    where both sides have them; a label at midnight without an offset is a day.
    """
    want, got = _date_parts(gold), _date_parts(pred)
    gold_instant = _instant(gold)
    if gold_instant is None:
        if len(want) == 5 and want[3:] == [0, 0]:
            want = want[:3]
        depth = min(len(want), max(len(got), 3))
        return bool(want) and got[:depth] == want[:depth], None
    pred_instant = _instant(pred)
    if pred_instant is not None:
        same = abs(pred_instant - gold_instant) <= timedelta(minutes=2)
        return same, same
    if len(got) >= 5:
        clock = datetime(*got[:5], tzinfo=gold_instant.tzinfo)
        return abs(clock - gold_instant) <= timedelta(minutes=2), False
    return got[:3] == _local_day(gold_instant), False


def separator_only_misses(truth: dict, results: dict, kind_set: str) -> int:
    """Author misses that differ from the label only by ", " where the label has a space."""
    count = 0
    for page_id, label in truth.items():
        gold, pred = label.get("author"), (results.get(f"{kind_set}/{page_id}") or {}).get("author")
        if gold and pred and _norm(pred) != _norm(gold) and _norm(pred.replace(",", " ")) == _norm(gold):
            count += 1
    return count


def meta_hit(field: str, gold, pred) -> bool | None:
    """Whether one output is right for one label; None where the label does not count."""
    if not gold:
        return None  # unlabelled for this field
    if field == "date":
        return date_hit(gold, pred)[0]
    if field == "instant":
        return date_hit(gold, pred)[1]
    return _norm(pred) == _norm(gold)


def meta_accuracy(truth: dict, results: dict, kind_set: str, field: str) -> float | None:
    hits = total = 0
    for page_id, label in truth.items():
        hit = meta_hit(field, label.get("date" if field == "instant" else field),
                       (results.get(f"{kind_set}/{page_id}") or {}).get("date" if field == "instant" else field))
        if hit is not None:
            total += 1
            hits += hit
    return hits / total if total else None


# --- driver ---------------------------------------------------------------------------

def available_extractors() -> list[str]:
    names = ["project", "trafilatura"]
    return names + [name for name, module in OPTIONAL.items() if importlib.util.find_spec(module)]


def _in_half(truth: dict, halves: dict, half: str | None) -> dict:
    return {page_id: label for page_id, label in truth.items() if half is None or halves[page_id] == half}


def own_half(name: str, pages: str, page_id: str, label: dict) -> str:
    """The half a page of the project's own labels is in: by its site, as the datasets' pages."""
    return half_of(own_labels.site(pages, page_id, label.get("url")) or site_of(label.get("url") or "", name))


def own_label_rows(own: dict, runs: dict, half: str | None) -> list[tuple[str, list[str]]]:
    """Rows for the project's own labels ("ours aeb title"): the same scoring, the same split by site."""
    rows: list[tuple[str, list]] = []
    for name, data in own.items():
        labels = {page_id: label for page_id, label in data["labels"].items()
                  if half is None or own_half(name, data["pages"], page_id, label) == half}
        prefix = data["pages"]  # the results' key prefix: "body/aeb", "extra/gne"
        bodies = {page_id: label for page_id, label in labels.items() if label.get("body") is not None}
        if bodies:
            # (Pages whose label is mostly Han text are scored per character, as in the zh sets.)
            per = [body_scores(bodies, r["results"], prefix, False) for r in runs.values()]
            rows.append((f"ours {name} body F1 ({len(bodies)})", [f"{p[2]:.3f}" for p in per]))
        for field in ("title", "author", "date"):
            counted = {page_id: label for page_id, label in labels.items() if label.get(field)}
            if counted:
                rows.append((f"ours {name} {field} ({len(counted)})",
                             [f"{meta_accuracy(counted, r['results'], prefix, field):.3f}" for r in runs.values()]))
    return rows


def score(datasets: Path, runs: dict, half: str | None = None, own: dict | None = None) -> list[tuple[str, list[str]]]:
    """Table rows for one half of the pages ("dev", "held-out") or all of them (None)."""
    truth = load_truth(datasets)
    halves = page_halves(truth)
    rows: list[tuple[str, list]] = []
    for name in BODY_SETS:
        labels = _in_half(truth[("body", name)], halves[("body", name)], half)
        per = [body_scores(labels, r["results"], f"body/{name}", name in ZH_SETS) for r in runs.values()]
        for index, metric in enumerate(("P", "R", "F1")):
            rows.append((f"body {name} {metric} ({len(labels)})", [f"{p[index]:.3f}" for p in per]))
    for name in META_SETS:
        labels = _in_half(truth[("meta", name)], halves[("meta", name)], half)
        for field in ("title", "author", "date", "instant"):
            counted = sum(meta_hit(field, label.get("date" if field == "instant" else field), "") is not None
                          for label in labels.values())
            source = "date" if field == "instant" else field
            # An extractor that never gives the field shows "—", not 0.
            values = [meta_accuracy(labels, r["results"], f"meta/{name}", field)
                      if any(out.get(source) for out in r["results"].values()) else None for r in runs.values()]
            if any(v is not None for v in values):
                rows.append((f"meta {name} {field} ({counted})", ["—" if v is None else f"{v:.3f}" for v in values]))
    return rows + own_label_rows(own or {}, runs, half)


# An anchor that stalls (one waiting on the network, say) must not hold the table up.
EXTRACTOR_TIMEOUT = 900


def run_all(names: list[str], datasets: Path, keep: Path | None, interpreters: dict[str, str],
            extra: Path | None = None) -> dict:
    """Each extractor in its own process over every page; raw outputs by extractor name."""
    runs = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            output = folder / f"{name}.json"
            try:
                done = subprocess.run([interpreters.get(name, sys.executable), "-m", "benchmarks.extraction", "--run", name,
                                       "--datasets", str(datasets), "--output", str(output)]
                                      + (["--extra", str(extra)] if extra else []),
                                      timeout=EXTRACTOR_TIMEOUT)
            except subprocess.TimeoutExpired:
                print(f"{name}: no result within {EXTRACTOR_TIMEOUT} s, left out", file=sys.stderr)
                continue
            if done.returncode != 0:
                print(f"{name}: extractor process failed (exit {done.returncode}), left out", file=sys.stderr)
                continue
            runs[name] = json.loads(output.read_text(encoding="utf-8"))
    return runs


def _print_table(title: str, runs: dict, rows: list[tuple[str, list[str]]], header: str = "metric (labelled pages)") -> None:
    print(f"\n{title}")
    width = max(len(label) for label, _ in rows + [(header, [])])
    print(f"| {header:<{width}} | " + " | ".join(f"{n:>11}" for n in runs) + " |")
    print(f"|{'-' * (width + 2)}|" + "|".join("-" * 13 for _ in runs) + "|")
    for label, values in rows:
        print(f"| {label:<{width}} | " + " | ".join(f"{v:>11}" for v in values) + " |")


def print_report(datasets: Path, runs: dict, skipped: list[str], halves: tuple = (*HALVES, None),
                 own: dict | None = None) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    pages = next(iter(runs.values()))["pages"] if runs else 0
    print(f"Extraction benchmark, {stamp}, datasets {datasets} ({pages} pages)")
    if not runs:
        return
    for half, title in (("held-out", "HELD-OUT half (sites never looked at while tuning)"),
                        ("dev", "DEV half (sites tuning may look at)"), (None, "ALL pages")):
        if half not in halves:
            continue
        _print_table(title, runs, score(datasets, runs, half, own))
    # CPU time is the fairer measure on a shared machine: other jobs stretch wall time.
    speed = [("pages/s (wall)", [f"{r['pages'] / r['seconds']:.1f}" for r in runs.values()]),
             ("pages/s (CPU)", [f"{r['pages'] / r['cpu_seconds']:.1f}" if r.get("cpu_seconds") else "—" for r in runs.values()]),
             ("pages failed", [str(r["failures"]) for r in runs.values()])]
    _print_table("SPEED, every page of every set, one process each", runs, speed, "metric")
    if "project" in runs and "trafilatura" in runs:
        for key, kind in (("seconds", "wall"), ("cpu_seconds", "CPU")):
            if all(runs[name].get(key) for name in ("project", "trafilatura")):
                ratio = runs["trafilatura"][key] / runs["project"][key]
                print(f"speed ratio project/trafilatura ({kind} time): {ratio:.2f}x")
    truth = load_truth(datasets)
    for name in META_SETS:
        counts = {n: separator_only_misses(truth[("meta", name)], r["results"], f"meta/{name}") for n, r in runs.items()}
        if any(counts.values()):
            detail = ", ".join(f"{n} {c}" for n, c in counts.items())
            print(f"note: meta {name} author misses that differ only by the ', ' join of several names: {detail}")
    if skipped:
        print("not installed, skipped: " + ", ".join(skipped))


def print_dev_failures(datasets: Path, run: dict, own: dict | None = None) -> None:
    """The project's misses on dev pages only: what tuning may look at."""
    truth = load_truth(datasets)
    halves = page_halves(truth)
    results = run["results"]
    print("\nproject's misses on DEV pages")
    for name in BODY_SETS:
        scored = []
        for page_id, label in _in_half(truth[("body", name)], halves[("body", name)], "dev").items():
            output = (results.get(f"body/{name}/{page_id}") or {}).get("body") or ""
            counts = page_body_counts(label.get("body") or "", output, name in ZH_SETS)
            scored.append((page_f1(counts), page_id, counts))
        for f1, page_id, (tp, fp, fn) in sorted(scored)[:8]:
            if f1 < 0.95:
                print(f"body {name} {page_id}: F1 {f1:.3f} (P {tp / (tp + fp) if tp else 0:.2f} R {tp / (tp + fn) if tp else 0:.2f})")
    for name in META_SETS:
        for page_id, label in _in_half(truth[("meta", name)], halves[("meta", name)], "dev").items():
            output = results.get(f"meta/{name}/{page_id}") or {}
            for field in ("title", "author", "date"):
                if meta_hit(field, label.get(field), output.get(field)) is False:
                    print(f"meta {name} {page_id} {field}: want {label.get(field)!r} got {output.get(field)!r}")
    for name, data in (own or {}).items():
        for page_id, label in data["labels"].items():
            if own_half(name, data["pages"], page_id, label) != "dev":
                continue
            output = results.get(f"{data['pages']}/{page_id}") or {}
            for field in ("title", "author", "date"):
                if meta_hit(field, label.get(field), output.get(field)) is False:
                    unsure = " (labeller unsure)" if field in label.get("unsure", []) else ""
                    print(f"ours {name} {page_id} {field}: want {label.get(field)!r} got {output.get(field)!r}{unsure}")
            if label.get("body") is not None:
                counts = page_body_counts(label["body"], output.get("body") or "", False)
                if page_f1(counts) < 0.9:
                    print(f"ours {name} {page_id} body: F1 {page_f1(counts):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--run", choices=sorted(FACTORIES), help="internal: run one extractor and write --output")
    parser.add_argument("--output", type=Path)
    parser.add_argument("--only", nargs="*", help="extractors to compare (default: all that import)")
    parser.add_argument("--keep", type=Path, help="also keep each extractor's raw outputs in this folder")
    parser.add_argument("--rescore", type=Path, help="score the raw outputs a --keep run left in this folder, run nothing")
    parser.add_argument("--failures", action="store_true", help="also list the project's misses on dev pages")
    parser.add_argument("--dev-only", action="store_true",
                        help="print the dev half's figures only, for tuning runs: the held-out half is measured"
                             " rarely, so that it stays a test of pages nobody tuned on")
    parser.add_argument("--extra", type=Path, default=Path("../extra-pages"),
                        help="the folder benchmarks/fetch_extra_pages.py filled: other packages' test pages, scored on"
                             " the project's own labels (benchmarks/labels); left out when it does not exist")
    parser.add_argument("--interpreter", action="append", default=[], metavar="NAME=PYTHON",
                        help="run extractor NAME with another Python, e.g. magic-html=/opt/py312/bin/python"
                             " (an environment where it and this project are installed)")
    args = parser.parse_args(argv)
    extra = args.extra if args.extra.is_dir() else None
    if args.run:
        run_extractor(args.run, args.datasets, args.output, extra)
        return 0
    interpreters = dict(item.split("=", 1) for item in args.interpreter)
    present = available_extractors() + [name for name in interpreters if name not in available_extractors()]
    names = args.only or present
    if args.rescore:
        runs = {name: json.loads((args.rescore / f"{name}.json").read_text(encoding="utf-8"))
                for name in names if (args.rescore / f"{name}.json").exists()}
    else:
        runs = run_all(names, args.datasets, args.keep, interpreters, extra)
    labels = own_labels.load()
    own = own_labels.truth(labels, args.datasets, extra)
    print_report(args.datasets, runs, [name for name in OPTIONAL if name not in present],
                 ("dev",) if args.dev_only else (*HALVES, None), own)
    if missing := sorted(name for name in labels if name not in own):
        print(f"note: no pages for the own labels of {', '.join(missing)} in {args.extra}: "
              "python -m benchmarks.fetch_extra_pages fetches them")
    if args.failures and "project" in runs:
        print_dev_failures(args.datasets, runs["project"], own)
    return 0


if __name__ == "__main__":
    sys.exit(main())
