"""Import articles from JSON Lines (one ``Article.to_dict()`` object per line).

A line that is not a valid article is reported with its number and skipped; the
good lines around it still land. Good lines are saved :data:`BATCH` to a
transaction (group commit), the archive's cheapest way to write many articles.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path

from storage.archive import Archive
from storage.article import Article

_FIELDS = {f.name for f in fields(Article)}
_LIST_FIELDS = {"page_urls", "alias_urls"}


@dataclass
class ImportReport:
    imported: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (1-based line number, message)


BATCH = 64


def import_jsonl(archive: Archive, path: str | Path) -> ImportReport:
    report = ImportReport()
    statuses: Counter[str] = Counter()
    batch: list[Article] = []

    def save_batch() -> None:
        for result in archive.save_each(batch):
            if isinstance(result, Exception):
                raise result  # the archive itself failed (disk full, locked): stop here
            statuses[result.status] += 1
            report.imported += 1
        batch.clear()

    with open(path, encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            try:
                batch.append(parse_article(line))
            except ValueError as exc:
                report.errors.append((number, str(exc)))
                continue
            if len(batch) == BATCH:
                save_batch()
    if batch:
        save_batch()
    report.by_status = dict(statuses)
    return report


def parse_article(line: str) -> Article:
    """An Article from one JSON line; ValueError with a one-line reason otherwise."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"invalid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    unknown = set(data) - _FIELDS
    if unknown:
        raise ValueError(f"unknown fields: {', '.join(sorted(unknown))}")
    if not isinstance(data.get("url"), str) or not data["url"].strip():
        raise ValueError("missing url")
    for name, value in data.items():
        expected = list if name in _LIST_FIELDS else str
        if value is not None and not isinstance(value, expected):
            raise ValueError(f"{name} must be {'a list' if expected is list else 'a string'}")
    return Article(**{k: v for k, v in data.items() if v is not None or k not in _LIST_FIELDS})
