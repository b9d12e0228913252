"""Extraction benchmark: the project's page parser against trafilatura (and others present).

    python -m benchmarks.extraction --datasets ../shared/datasets

Each extractor runs as one subprocess over every page of every set (``--run NAME``),
writing its raw outputs as JSON; this process scores them as the datasets' README
describes and prints one table, extractors side by side.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

BODY_SETS = ("aeb", "zh-cwce", "zh-magic")
META_SETS = ("trafilatura", "zh-cwce")
ZH_SETS = {"zh-cwce", "zh-magic"}
# Optional extractors: benchmarked only when their package imports here.
OPTIONAL = {"magic-html": "magic_html", "readability-lxml": "readability", "gne": "gne",
            "newspaper4k": "newspaper", "goose3": "goose3"}
_WRAPPER = re.compile(rb"^\s*<text\b[^>]*>\s*|\s*</text>\s*$")


# --- loading --------------------------------------------------------------------------

def load_pages(datasets: Path) -> list[dict]:
    """Every page of every set: kind, set, id, url, raw bytes."""
    pages = []
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


def _project():
    from portal_spider.pages import parse_article

    def run(data: bytes, url: str) -> dict:
        a = parse_article(data, url or "http://localhost/")
        return {"title": a.title, "author": a.author, "date": a.published_at, "body": a.body_text}
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


def run_extractor(name: str, datasets: Path, output: Path) -> None:
    """Subprocess entry: extract every page, time only the extraction, write JSON."""
    pages = load_pages(datasets)
    extract = FACTORIES[name]()
    results, failures = {}, 0
    started = time.perf_counter()
    for page in pages:
        try:
            results[f"{page['kind']}/{page['set']}/{page['id']}"] = extract(page["data"], page["url"])
        except Exception as error:  # a third-party extractor crashing on a page scores it as empty
            failures += 1
            results[f"{page['kind']}/{page['set']}/{page['id']}"] = {"error": f"{type(error).__name__}: {error}"}
    elapsed = time.perf_counter() - started
    output.write_text(json.dumps({"seconds": elapsed, "pages": len(pages), "failures": failures, "results": results},
                                 ensure_ascii=False), encoding="utf-8")


# --- scoring --------------------------------------------------------------------------

_HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_ZH_TOKEN = re.compile(rf"[{_HAN}]|[^\W{_HAN}]+")
_TOKEN = re.compile(r"\w+")


def shingles(text: str, zh: bool) -> Counter:
    tokens = (_ZH_TOKEN if zh else _TOKEN).findall(text or "")
    return Counter(tuple(tokens[i: i + 4]) for i in range(max(1, len(tokens) - 3))) if tokens else Counter()


def body_scores(truth: dict, results: dict, kind_set: str, zh: bool) -> tuple[float, float, float]:
    """Article-extraction-benchmark scoring: per-page tp/fp/fn normalised, then P, R, F1."""
    total = [0.0, 0.0, 0.0]
    for page_id, label in truth.items():
        gold = shingles(label.get("body") or "", zh)
        pred = shingles((results.get(f"{kind_set}/{page_id}") or {}).get("body") or "", zh)
        tp = sum((gold & pred).values())
        fp, fn = sum((pred - gold).values()), sum((gold - pred).values())
        if tp + fp + fn:
            total = [t + x / (tp + fp + fn) for t, x in zip(total, (tp, fp, fn))]
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


def separator_only_misses(truth: dict, results: dict, kind_set: str) -> int:
    """Author misses that differ from the label only by ", " where the label has a space."""
    count = 0
    for page_id, label in truth.items():
        gold, pred = label.get("author"), (results.get(f"{kind_set}/{page_id}") or {}).get("author")
        if gold and pred and _norm(pred) != _norm(gold) and _norm(pred.replace(",", " ")) == _norm(gold):
            count += 1
    return count


def meta_accuracy(truth: dict, results: dict, kind_set: str, field: str) -> float | None:
    hits = total = 0
    for page_id, label in truth.items():
        gold = label.get(field)
        if not gold:
            continue  # unlabelled for this field
        pred = (results.get(f"{kind_set}/{page_id}") or {}).get(field)
        total += 1
        if field == "date":
            # Day precision always; hour:minute only where both label and prediction carry
            # them (this reproduces the README's reference figures for day-only extractors).
            want, got = _date_parts(gold), _date_parts(pred)
            depth = min(len(want), max(len(got), 3))
            hits += bool(want) and got[:depth] == want[:depth]
        else:
            hits += _norm(pred) == _norm(gold)
    return hits / total if total else None


# --- driver ---------------------------------------------------------------------------

def available_extractors() -> list[str]:
    names = ["project", "trafilatura"]
    return names + [name for name, module in OPTIONAL.items() if importlib.util.find_spec(module)]


def score(datasets: Path, runs: dict) -> list[tuple[str, list[str]]]:
    truth = load_truth(datasets)
    rows: list[tuple[str, list]] = []
    for name in BODY_SETS:
        per = [body_scores(truth[("body", name)], r["results"], f"body/{name}", name in ZH_SETS) for r in runs.values()]
        for index, metric in enumerate(("P", "R", "F1")):
            rows.append((f"body {name} {metric}", [f"{p[index]:.3f}" for p in per]))
    for name in META_SETS:
        for field in ("title", "author", "date"):
            values = [meta_accuracy(truth[("meta", name)], r["results"], f"meta/{name}", field) for r in runs.values()]
            if any(v is not None for v in values):
                rows.append((f"meta {name} {field}", ["—" if v is None else f"{v:.3f}" for v in values]))
    rows.append(("pages/s", [f"{r['pages'] / r['seconds']:.1f}" for r in runs.values()]))
    rows.append(("pages failed", [str(r["failures"]) for r in runs.values()]))
    return rows


# An anchor that stalls (one waiting on the network, say) must not hold the table up.
EXTRACTOR_TIMEOUT = 900


def run_all(names: list[str], datasets: Path, keep: Path | None) -> dict:
    """Each extractor in its own process over every page; raw outputs by extractor name."""
    runs = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            output = folder / f"{name}.json"
            try:
                done = subprocess.run([sys.executable, "-m", "benchmarks.extraction", "--run", name,
                                       "--datasets", str(datasets), "--output", str(output)],
                                      timeout=EXTRACTOR_TIMEOUT)
            except subprocess.TimeoutExpired:
                print(f"{name}: no result within {EXTRACTOR_TIMEOUT} s, left out", file=sys.stderr)
                continue
            if done.returncode != 0:
                print(f"{name}: extractor process failed (exit {done.returncode}), left out", file=sys.stderr)
                continue
            runs[name] = json.loads(output.read_text(encoding="utf-8"))
    return runs


def print_report(datasets: Path, runs: dict, skipped: list[str]) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    pages = next(iter(runs.values()))["pages"] if runs else 0
    print(f"Extraction benchmark, {stamp}, datasets {datasets} ({pages} pages)")
    rows = score(datasets, runs)
    width = max(len(label) for label, _ in rows)
    print(f"| {'metric':<{width}} | " + " | ".join(f"{n:>11}" for n in runs) + " |")
    print(f"|{'-' * (width + 2)}|" + "|".join("-" * 13 for _ in runs) + "|")
    for label, values in rows:
        print(f"| {label:<{width}} | " + " | ".join(f"{v:>11}" for v in values) + " |")
    if "project" in runs and "trafilatura" in runs:
        speed = {name: runs[name]["pages"] / runs[name]["seconds"] for name in ("project", "trafilatura")}
        print(f"speed ratio project/trafilatura: {speed['project'] / speed['trafilatura']:.2f}x")
    truth = load_truth(datasets)
    for name in META_SETS:
        counts = {n: separator_only_misses(truth[("meta", name)], r["results"], f"meta/{name}") for n, r in runs.items()}
        if any(counts.values()):
            detail = ", ".join(f"{n} {c}" for n, c in counts.items())
            print(f"note: meta {name} author misses that differ only by the ', ' join of several names: {detail}")
    if skipped:
        print("not installed, skipped: " + ", ".join(skipped))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--run", choices=sorted(FACTORIES), help="internal: run one extractor and write --output")
    parser.add_argument("--output", type=Path)
    parser.add_argument("--only", nargs="*", help="extractors to compare (default: all that import)")
    parser.add_argument("--keep", type=Path, help="also keep each extractor's raw outputs in this folder")
    args = parser.parse_args(argv)
    if args.run:
        run_extractor(args.run, args.datasets, args.output)
        return 0
    names = args.only or available_extractors()
    runs = run_all(names, args.datasets, args.keep)
    print_report(args.datasets, runs, [name for name in OPTIONAL if name not in available_extractors()])
    return 0


if __name__ == "__main__":
    sys.exit(main())
