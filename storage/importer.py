"""Import articles from JSON Lines (one ``Article.to_dict()`` object per line).

A line that is not a valid article (not UTF-8, not JSON, a field of the wrong type,
longer than :data:`MAX_LINE_BYTES`, or refused by the archive) is reported with its
number and skipped; the good lines around it still land. Good lines are saved
:data:`BATCH` to a transaction (group commit), the archive's cheapest way to write many
articles. When the archive itself fails (locked, full, read-only, damaged) the import
stops with :class:`storage.ArchiveError`; the batches saved before stay.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field, fields
from pathlib import Path

from storage.archive import Archive
from storage.article import Article, published_at_problem
from storage.errors import ArchiveError

_FIELDS = {f.name for f in fields(Article)}
_LIST_FIELDS = {"page_urls", "alias_urls", "page_records", "extraction_notes"}


@dataclass
class ImportReport:
    imported: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    errors: list[tuple[int, str]] = field(default_factory=list)  # (1-based line number, message)


BATCH = 64
# An article is a page of text: a longer line is a mistake, and would hold the write lock
# (and the memory) of a whole batch.
MAX_LINE_BYTES = 16 * 2**20


class ImportStopped(ArchiveError):
    """The archive failed; ``report`` says what was imported before."""

    def __init__(self, message: str, report: ImportReport):
        super().__init__(message)
        self.report = report


def import_jsonl(archive: Archive, path: str | Path) -> ImportReport:
    """Import every good line; raises ImportStopped when the archive itself fails."""
    report = ImportReport()
    statuses: Counter[str] = Counter()
    batch: list[tuple[int, Article]] = []

    def save_batch() -> None:
        try:
            results = archive.save_each([article for _, article in batch])
        except ArchiveError as exc:
            report.by_status = dict(statuses)
            raise ImportStopped(f"{exc} (at line {batch[0][0]}; the {report.imported} articles before it are saved)",
                                report) from exc
        for (number, _), result in zip(batch, results):
            if isinstance(result, Exception):
                report.errors.append((number, f"not stored: {type(result).__name__}: {result}"[:300]))
                continue
            statuses[result.status] += 1
            report.imported += 1
        batch.clear()

    with open(path, "rb") as lines:
        for number, line in enumerate(_lines(lines), start=1):
            if line is not None and not line.strip():
                continue
            try:
                batch.append((number, parse_article(_text(line))))
            except ValueError as exc:
                report.errors.append((number, str(exc)))
                continue
            if len(batch) == BATCH:
                save_batch()
    if batch:
        save_batch()
    report.by_status = dict(statuses)
    return report


def _lines(stream):
    """The file's lines as bytes; one longer than MAX_LINE_BYTES comes as ``None`` (never held whole)."""
    while line := stream.readline(MAX_LINE_BYTES + 1):
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while (rest := stream.readline(MAX_LINE_BYTES)) and not rest.endswith(b"\n"):
                pass
            yield None
        else:
            yield line


def _text(line: bytes | None) -> str:
    if line is None:
        raise ValueError(f"line longer than {MAX_LINE_BYTES // 2**20} MB")
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start})") from None


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
        for text in (value or []) if expected is list else [value]:
            if not isinstance(text, str) and text is not None:
                raise ValueError(f"{name} must be a list of strings")
            if text and not _is_unicode(text):
                raise ValueError(f"{name} holds a lone surrogate (an escape like \\ud800 that is half a character)")
    problem = published_at_problem(data.get("published_at"))
    if problem:
        raise ValueError(problem)
    return Article(**{k: v for k, v in data.items() if v is not None or k not in _LIST_FIELDS})


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
