"""Rewrite the "expected" block of every page fixture from the current extractor.

Run ``python -m tests.regenerate_page_fixtures`` after an intended extraction change,
then review the JSON diff by eye: the fixtures are only as right as that review.
Inputs (url, fetched_at, timezone, join) in each <case>.json are kept as they are.
"""

from __future__ import annotations

import gzip
import json
import sys
from datetime import datetime
from pathlib import Path

from portal_spider.pages import ExtractionOptions, join_pages, parse_article

FIXTURES = Path(__file__).parent / "fixtures" / "pages"
EXPECTED_FIELDS = ("title", "author", "published_at", "body_text", "canonical_url", "page_urls")


def page_bytes(name: str) -> bytes:
    """Raw bytes of fixture page ``name`` (.html or .html.gz)."""
    plain = FIXTURES / f"{name}.html"
    if plain.exists():
        return plain.read_bytes()
    return gzip.decompress((FIXTURES / f"{name}.html.gz").read_bytes())


def extract_case(name: str, case: dict):
    """The Article for a fixture case; ``join`` lists further pages to join after it."""
    options = ExtractionOptions(
        timezone=case.get("timezone"),
        fetched_at=datetime.fromisoformat(case["fetched_at"]) if case.get("fetched_at") else None,
    )
    article = parse_article(page_bytes(name), case["url"], options)
    if case.get("join"):
        pages = [article] + [parse_article(page_bytes(n), u, options) for n, u in case["join"]]
        article = join_pages(pages)
    return article


def main() -> int:
    for case_path in sorted(FIXTURES.glob("*.json")):
        case = json.loads(case_path.read_text(encoding="utf-8"))
        article = extract_case(case_path.stem, case)
        case["expected"] = {name: getattr(article, name) for name in EXPECTED_FIELDS}
        case_path.write_text(json.dumps(case, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"rewrote {case_path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
