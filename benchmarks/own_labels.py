"""The project's own labels: titles, authors and dates for pages the datasets label for
their body only, and every field for other packages' test pages.

benchmarks/labels/<set>.json is {"pages": "body/aeb" | "extra/gne" | …, "labels": {page
id: label}}; a label holds "url", "title", "author", "date" (each may be missing: not
labelled, or null: the page gives none), "unsure" (fields the labeller was not sure of),
"note", and for extra pages "body_first", "body_last", "body_skip": the beginnings of the
visible lines (benchmarks/label_page.py) where the body starts and ends and of those
between that are no part of it. benchmarks/labels/GUIDE.md is how they were made.
"""

from __future__ import annotations

import json
from pathlib import Path

from benchmarks.label_page import page_text, visible_lines

LABELS = Path(__file__).parent / "labels"
_BEGINNING = 20  # characters of a line that the labels quote

def load(folder: Path = LABELS) -> dict[str, dict]:
    """{set name: {"pages": "body/aeb", "labels": {...}}} for every label file."""
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))}

def site(set_path: str, page_id: str, url: str | None) -> str | None:
    """The site of an extra page without a URL: GNE's ids open with it ("sina-3"); None
    where the URL tells (benchmarks.extraction.site_of)."""
    if url or not set_path.startswith("extra/"):
        return None
    return page_id.rsplit("-", 1)[0] if set_path == "extra/gne" else page_id

def labelled_body(lines: list[tuple[str, str]], label: dict) -> str | None:
    """The body a label's line beginnings delimit, one line a paragraph; None when unlabelled."""
    first, last = label.get("body_first"), label.get("body_last")
    if not first or not last:
        return None
    texts = [text for _, text in lines]
    starts = [i for i, text in enumerate(texts) if text.startswith(first[:_BEGINNING])]
    if not starts:
        raise ValueError(f"body_first {first!r} is no line's beginning")
    end = next((i for i in range(starts[0], len(texts)) if texts[i].startswith(last[:_BEGINNING])), None)
    if end is None:
        raise ValueError(f"body_last {last!r} is no line's beginning after body_first")
    # The nearest start before the end: a summary atop the page may open as the body does.
    start = max(i for i in starts if i <= end)
    skipped = [skip[:_BEGINNING] for skip in label.get("body_skip") or []]
    # (The first and last lines are the body's, whatever a skipped line's beginning shares with them.)
    return "\n".join(text for index, text in enumerate(texts[start: end + 1], start)
                      if index in (start, end) or not any(text.startswith(skip) for skip in skipped))

def truth(labels: dict[str, dict], datasets: Path, extra: Path | None) -> dict[str, dict]:
    """{set name: {page id: label with "body" filled in from its line beginnings}} for the
    sets whose pages are here (the extra pages only with ``extra``)."""
    out = {}
    for name, data in labels.items():
        if data["pages"].startswith("extra/") and (extra is None or not (extra / data["pages"].split("/", 1)[1]).is_dir()):
            continue
        filled = {}
        for page_id, label in data["labels"].items():
            label = dict(label)
            if label.get("body_first") is not None:
                _, markup = page_text(data["pages"], page_id, datasets, extra)
                label["body"] = labelled_body(visible_lines(markup), label)
            filled[page_id] = label
        out[name] = {"pages": data["pages"], "labels": filled}
    return out
