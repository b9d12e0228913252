"""What a worker sends the writer: entries of one Redis Stream, each one JSON document.

An entry is ``{"op": OP, "run": RUN_KEY, ...}``. ``run`` is the worker's own name for its
run (host, pid and a random part); the writer maps it to a ``crawl_runs`` row. The ops
are exactly what a local crawl writes into the archive (:class:`storage.runs.CrawlState`
and :meth:`storage.Archive.save_many`), so the writer applies them through the same code.
"""

from __future__ import annotations

import json
from dataclasses import fields

from storage import Article

# op -> the fields an entry of that op carries besides "op" and "run".
OPS: dict[str, tuple[str, ...]] = {
    "start_run": ("hostname", "pid"),
    "save": ("article",),
    "record_error": ("url", "error", "portal"),
    "record_note": ("kind", "reason", "portal", "url", "hint"),
    "record_lastmods": ("lastmods",),
    "record_raw_page": ("page",),
    "record_portal_run": ("portal", "stop_reason", "counts"),
    "finish_run": ("status", "pages_fetched", "errors"),
}
_ARTICLE_FIELDS = {f.name for f in fields(Article)}


class BadEntry(ValueError):
    """A stream entry the writer cannot apply (not JSON, unknown op, missing field)."""


def encode(op: str, run: str, **values) -> dict[str, str]:
    if op not in OPS or set(values) != set(OPS[op]):
        raise ValueError(f"stream op {op!r} takes {OPS.get(op)}, got {sorted(values)}")
    if op == "save":
        values["article"] = values["article"].to_dict()
    return {"entry": json.dumps({"op": op, "run": run, **values}, ensure_ascii=False)}


def decode(fields_: dict) -> dict:
    """The entry as a dict, its article as an Article; BadEntry says why it is unusable."""
    raw = fields_.get(b"entry", fields_.get("entry"))
    try:
        entry = json.loads(raw)
    except (TypeError, ValueError) as error:
        raise BadEntry(f"not a JSON entry: {error}") from None
    if not isinstance(entry, dict) or entry.get("op") not in OPS or not isinstance(entry.get("run"), str):
        raise BadEntry(f"unknown entry: {str(raw)[:200]}")
    missing = [name for name in OPS[entry["op"]] if name not in entry]
    if missing:
        raise BadEntry(f"{entry['op']} entry without {', '.join(missing)}")
    if entry["op"] == "save":
        article = entry["article"]
        if not isinstance(article, dict) or not isinstance(article.get("url"), str):
            raise BadEntry("save entry without an article URL")
        entry["article"] = Article(**{k: v for k, v in article.items() if k in _ARTICLE_FIELDS})
    return entry
