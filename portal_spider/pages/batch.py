"""Extract saved pages from disk: one file, or a JSON-lines manifest of files."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from pathlib import Path

from .article import parse_article

# published_precision last: scripts read the first seven by position.
_KEYS = ("file", "url", "title", "author", "published_at", "body_text", "body_html", "published_precision")


def _failure(file: str, url: str | None, reason: str) -> dict:
    record = dict.fromkeys(_KEYS, "")
    record.update(file=file, url=url or "", error=reason.replace("\n", " "))
    return record


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    if path.name.endswith(".gz") or data[:2] == b"\x1f\x8b":
        return gzip.decompress(data)
    return data


def extract_file(path: str, url: str | None = None) -> dict:
    """Fields of one saved page (.html or .html.gz, any encoding); "error" on failure."""
    file = Path(path)
    url = url or file.resolve().as_uri()
    try:
        data = _read(file)
    except (OSError, EOFError, zlib.error) as error:  # missing file, corrupt gzip
        return _failure(str(path), url, f"{type(error).__name__}: {error}")
    try:
        article = parse_article(data, url)
    except Exception as error:  # an extraction bug on this page: its line says so, the rest go on
        return _failure(str(path), url, f"extraction failed: {type(error).__name__}: {error}")
    if not article.title and not article.body_text:
        return _failure(str(path), url, "no article found in the page")
    record = {key: getattr(article, key, None) for key in _KEYS[1:]}
    return {"file": str(path), **{k: ("" if v is None else v) for k, v in record.items()}}


def extract_batch(manifest_path: str) -> Iterator[dict]:
    """One extract_file result per manifest line ({"file", "url"}), in order."""
    folder = Path(manifest_path).parent
    with open(manifest_path, encoding="utf-8") as manifest:
        for number, line in enumerate(manifest, start=1):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                file = Path(entry["file"])
            except (ValueError, KeyError, TypeError) as error:
                yield _failure("", None, f"manifest line {number}: {type(error).__name__}: {error}")
                continue
            yield extract_file(str(file if file.is_absolute() else folder / file), entry.get("url"))
