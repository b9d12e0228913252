"""Zero-config link discovery on the saved listing pages, against a naive anchor, in one run.

    python -m benchmarks.discovery [--fixtures tests/fixtures/listings] [--quiet] [--styles]

For every fixture (tests/fixtures/listings/README.md): article-link precision (found links
that are the page's articles or its optional side articles, over all found), recall (the
page's articles found, over all of them) and whether the next-page links are exactly right.
Then, for the tune and holdout groups apart and together: micro figures (summed over the
pages), macro figures (the mean of the per-page ones), the share of pages whose next page is
right and the share that are perfect (what tests/test_listing_fixtures.py asks). A page where
nothing is found has precision 1 (nothing wrong was returned); its recall shows the miss.

The anchor is the naive baseline written below: the largest family of same-site links whose
path, digits folded, is the same and whose text is at least 6 characters; next page by rel=next
or a next label. Fragments are ignored throughout, as in the tests.

With ``--styles``, section 2 serves each sample-portal style on loopback and crawls it
zero-config from its first listing page (``portal-archive crawl --start-url``): truth
articles archived, missing, and extra rows (non-articles or duplicates), beside the
articles the anchor reaches by walking the same listing pages with its own next links.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import lxml.etree
import lxml.html
import sqlite_utils

from portal_spider.discovery import find_listing_links
from portal_spider.pages import decode_html
from portal_spider.portals import site_of

# The sample portal is local and ours: no need to be polite to it.
FAST = ["-s", "AUTOTHROTTLE_ENABLED=0", "-s", "DOWNLOAD_DELAY=0", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=16"]
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "listings"


@dataclass
class Fixture:
    name: str
    url: str
    html: str
    articles: list[str]
    optional: list[str]
    next_pages: list[str]
    style: str
    holdout: bool


def load_fixtures(folder: Path) -> list[Fixture]:
    fixtures = []
    for path in sorted(folder.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        html = decode_html(path.with_suffix(".html").read_bytes())
        fixtures.append(Fixture(path.stem, case["url"], html, case["article_urls"], case["optional_urls"],
                                case["next_page_urls"], case["style"], case["holdout"]))
    return fixtures


# --- the anchor ---------------------------------------------------------------------

ANCHOR_NEXT_TEXT = re.compile(r"^\s*(下一?[页頁]|next( page)?|[›»>]|>>)\s*[›»>]?\s*$", re.IGNORECASE)
DIGITS = re.compile(r"\d+")


def anchor(html: str, url: str) -> tuple[list[str], list[str]]:
    """Naive discovery: (article URLs, next-page URLs)."""
    try:
        root = lxml.html.fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return [], []
    bases = root.xpath("//base/@href")
    base = urljoin(url, bases[0].strip()) if bases else url
    site = site_of(url)
    families: dict[str, list[str]] = defaultdict(list)
    next_pages: list[str] = []
    for element in root.xpath("//a[@href] | //link[@href]"):
        target = urldefrag(urljoin(base, element.get("href").strip()))[0]
        parts = urlsplit(target)
        if parts.scheme not in ("http", "https") or site_of(target) != site or target == url:
            continue
        text = " ".join(element.text_content().split()) if element.tag == "a" else ""
        if "next" in (element.get("rel") or "").lower().split() or ANCHOR_NEXT_TEXT.match(text):
            next_pages.append(target)
        elif element.tag == "a" and len(text) >= 6:
            families[parts.netloc + DIGITS.sub("0", parts.path)].append(target)
    articles = max(families.values(), key=lambda urls: len(set(urls)), default=[])
    return _unique(articles) if len(set(articles)) >= 3 else [], _unique(next_pages)


def project(html: str, url: str) -> tuple[list[str], list[str]]:
    links = find_listing_links(html, url)
    return links.article_urls, links.next_page_urls


METHODS = {"discovery": project, "anchor": anchor}


# --- scoring -------------------------------------------------------------------------

@dataclass
class Score:
    found: int
    correct: int   # found and an article or optional article of the page
    hits: int      # found and an article of the main listing
    expected: int
    next_ok: bool

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else 1.0

    @property
    def recall(self) -> float:
        return self.hits / self.expected if self.expected else 1.0

    @property
    def perfect(self) -> bool:
        return self.correct == self.found and self.hits == self.expected and self.next_ok


def _unique(urls) -> list[str]:
    return list(dict.fromkeys(urldefrag(url)[0] for url in urls))


def score(fixture: Fixture, articles: list[str], next_pages: list[str]) -> Score:
    found = _unique(articles)
    wanted, allowed = set(fixture.articles), set(fixture.articles) | set(fixture.optional)
    return Score(found=len(found), correct=sum(url in allowed for url in found), hits=sum(url in wanted for url in found),
                 expected=len(fixture.articles), next_ok=_unique(next_pages) == fixture.next_pages)


def summary(scores: list[Score]) -> dict[str, float]:
    n = len(scores) or 1
    found, correct = sum(s.found for s in scores), sum(s.correct for s in scores)
    hits, expected = sum(s.hits for s in scores), sum(s.expected for s in scores)
    return {"micro P": correct / found if found else 1.0, "micro R": hits / expected if expected else 1.0,
            "macro P": sum(s.precision for s in scores) / n, "macro R": sum(s.recall for s in scores) / n,
            "next ok": sum(s.next_ok for s in scores) / n, "perfect": sum(s.perfect for s in scores) / n}


def _ratio(a: float, b: float) -> str:
    return f"{a / b:5.2f}x" if b else "   n/a"


# --- sections ------------------------------------------------------------------------

def listing_fixtures(folder: Path, quiet: bool = False) -> dict:
    """Section 1: discovery on the saved listing pages, per page and per group."""
    fixtures = load_fixtures(folder)
    scores: dict[str, dict[str, Score]] = {method: {} for method in METHODS}
    seconds = {method: 0.0 for method in METHODS}
    for fixture in fixtures:
        for method, run in METHODS.items():
            start = time.perf_counter()
            articles, next_pages = run(fixture.html, fixture.url)
            seconds[method] += time.perf_counter() - start
            scores[method][fixture.name] = score(fixture, articles, next_pages)

    print(f"== Listing fixtures: {len(fixtures)} pages in {folder}")
    if not quiet:
        print(f"{'fixture':32} {'style':18} {'grp':4} {'arts':>4} | {'discovery: found   P     R   next':34} | {'anchor: found   P     R   next':31}")
        for group in (False, True):
            for fixture in (f for f in fixtures if f.holdout == group):
                row = [f"{fixture.name:32} {fixture.style:18} {'hold' if group else 'tune':4} {len(fixture.articles):4}"]
                for method in METHODS:
                    s = scores[method][fixture.name]
                    row.append(f"{s.found:5} {s.precision:5.2f} {s.recall:5.2f} {'ok' if s.next_ok else 'WRONG':5}")
                print(" | ".join(row))
    result = {}
    labels = ("micro P", "micro R", "macro P", "macro R", "next ok", "perfect")
    print(f"\n{'group':8} {'pages':>5} {'method':10} " + " ".join(f"{label:>8}" for label in labels))
    for group_name, members in (("tune", [f for f in fixtures if not f.holdout]), ("holdout", [f for f in fixtures if f.holdout]), ("all", fixtures)):
        sums = {method: summary([scores[method][f.name] for f in members]) for method in METHODS}
        result[group_name] = sums
        for method in METHODS:
            print(f"{group_name:8} {len(members):5} {method:10} " + " ".join(f"{sums[method][label]:8.3f}" for label in labels))
        print(f"{'':8} {'':5} {'ratio':10} " + " ".join(f"{_ratio(sums['discovery'][label], sums['anchor'][label]):>8}" for label in labels))
    print(f"\ntime per page: discovery {1000 * seconds['discovery'] / max(len(fixtures), 1):.1f} ms, "
          f"anchor {1000 * seconds['anchor'] / max(len(fixtures), 1):.1f} ms")
    return result


def _anchor_walk(portal, base: str, limit: int = 200) -> set[str]:
    """The articles the anchor reaches by following its own next-page links."""
    url, seen, found = base + portal.start_path, set(), set()
    while url and url not in seen and len(seen) < limit:
        seen.add(url)
        _status, headers, body = portal.respond(url[len(base):], {}, base)
        articles, next_pages = anchor(decode_html(body, headers.get("Content-Type")), url)
        found.update(articles)
        url = next_pages[0] if next_pages else None
    return found


def sample_styles(articles: int, per_page: int) -> dict:
    """Section 2: a zero-config crawl of each sample-portal style, against the anchor's walk."""
    from portal_spider.sample_portal import STYLES, SamplePortal, serve

    print(f"\n== Zero-config crawl of each sample-portal style ({articles} articles, {per_page} a page)")
    print(f"{'style':9} {'truth':>5} {'archived':>8} {'missing':>7} {'extra':>5} {'listing':>7} {'seconds':>7} | {'anchor reaches':>14}")
    result = {}
    for style in STYLES:
        portal = SamplePortal(articles=articles, seed=3, per_page=per_page, style=style)
        with tempfile.TemporaryDirectory() as folder, serve(portal, host="127.0.0.1", port=0) as server:
            db = Path(folder) / "archive.db"
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "portal_spider.cli", "crawl", "--start-url",
                            server.base_url + portal.start_path, "--db", str(db), "--quiet", *FAST],
                           check=False, capture_output=True, timeout=600)
            seconds = time.perf_counter() - start
            truth = {row["url"] for row in portal.truth_json(server.base_url)}
            rows = [row["url"] for row in sqlite_utils.Database(db)["articles"].rows] if db.exists() else []
            listings = sum(1 for path in server.requests if path.split("?")[0] in
                           {p.split("?")[0] for p in portal.listing_paths})
            reached = _anchor_walk(portal, server.base_url)
        archived = set(rows)
        result[style] = {"truth": len(truth), "archived": len(archived & truth), "missing": len(truth - archived),
                         "extra": len(archived - truth) + len(rows) - len(archived)}
        print(f"{style:9} {len(truth):5} {len(archived & truth):8} {len(truth - archived):7} "
              f"{result[style]['extra']:5} {listings:7} {seconds:7.1f} | {len(reached & truth):14}")
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="example: python -m benchmarks.discovery --quiet")
    parser.add_argument("--fixtures", type=Path, default=FIXTURES, help="folder of NAME.html + NAME.json listing fixtures")
    parser.add_argument("--quiet", action="store_true", help="print only the group summaries, not every page")
    parser.add_argument("--styles", action="store_true", help="also crawl each sample-portal style zero-config")
    parser.add_argument("--articles", type=int, default=60, help="articles per sample portal (with --styles)")
    parser.add_argument("--per-page", type=int, default=10, help="articles per listing page (with --styles)")
    args = parser.parse_args(argv)
    listing_fixtures(args.fixtures, quiet=args.quiet)
    if args.styles:
        sample_styles(args.articles, args.per_page)


if __name__ == "__main__":
    main()
