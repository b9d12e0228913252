"""Saved listing pages: zero-config discovery finds every article of the main listing, nothing
that is not an article, and exactly the next listing page.

Each fixture is tests/fixtures/listings/NAME.html with NAME.json (see the README there). Links
to articles outside the main listing (hot, sticky, related) are in ``optional_urls``: finding
them is not an error and neither is missing them. Fragments are ignored on both sides: a
fragment names a place in the same document, never another page.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import lxml.html
import pytest

from portal_spider.discovery import ListingLinks, find_listing_links
from portal_spider.pages import decode_html

FIXTURES = Path(__file__).parent / "fixtures" / "listings"
NAMES = sorted(p.stem for p in FIXTURES.glob("*.json"))
KEYS = {"url", "article_urls", "optional_urls", "next_page_urls", "style", "holdout", "encoding"}


def load(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def page_text(name: str) -> str:
    return decode_html((FIXTURES / f"{name}.html").read_bytes())


def defragged(urls: list[str]) -> list[str]:
    return list(dict.fromkeys(urldefrag(url)[0] for url in urls))


@lru_cache(maxsize=None)
def discover(name: str) -> ListingLinks:
    return find_listing_links(page_text(name), load(name)["url"])


def verdict(name: str, check: str, ok: bool, message: str) -> None:
    """Pass or fail a check; one the fixture's JSON lists under ``known_misses`` (with why)
    is expected to fail, and passing it is an error too, so a fix gets the entry removed."""
    reason = load(name).get("known_misses", {}).get(check)
    if reason:
        assert not ok, f"{check} is listed as a known miss ({reason}) but passes: remove it"
        pytest.xfail(reason)
    assert ok, message


@pytest.mark.parametrize("name", NAMES)
def test_finds_every_article(name):
    expected = load(name)["article_urls"]
    found = set(defragged(discover(name).article_urls))
    missed = [url for url in expected if url not in found]
    verdict(name, "articles", not missed, f"missed {len(missed)} of {len(expected)} articles, e.g. {missed[:3]}")


@pytest.mark.parametrize("name", NAMES)
def test_finds_nothing_but_articles(name):
    case = load(name)
    allowed = set(case["article_urls"]) | set(case["optional_urls"])
    found = defragged(discover(name).article_urls)
    wrong = [url for url in found if url not in allowed]
    verdict(name, "precision", not wrong, f"{len(wrong)} of {len(found)} found links are not articles, e.g. {wrong[:3]}")


@pytest.mark.parametrize("name", NAMES)
def test_next_page(name):
    found = defragged(discover(name).next_page_urls)
    expected = load(name)["next_page_urls"]
    verdict(name, "next_page", found == expected, f"next page {found}, expected {expected}")


def page_links(name: str, url: str) -> set[str]:
    """Every link target of the page (a, area and link elements), resolved as a browser would."""
    root = lxml.html.fromstring(page_text(name))
    bases = root.xpath("//base/@href")
    base = urljoin(url, bases[0].strip()) if bases else url
    return {urldefrag(urljoin(base, href.strip()))[0] for href in root.xpath("//a/@href | //area/@href | //link/@href")}


def test_fixture_set_is_sane():
    assert len(NAMES) >= 30
    assert sorted(p.stem for p in FIXTURES.glob("*.html")) == NAMES
    families: dict[str, set[bool]] = {}
    for name in NAMES:
        case = load(name)
        assert KEYS <= case.keys(), name
        assert isinstance(case["holdout"], bool) and case["style"], name
        raw = (FIXTURES / f"{name}.html").read_bytes()
        assert page_text(name) == raw.decode(case["encoding"]), f"{name}: not {case['encoding']} as declared"
        articles, optional, next_pages = case["article_urls"], case["optional_urls"], case["next_page_urls"]
        assert articles and len(set(articles)) == len(articles), name
        assert not set(articles) & set(optional), name
        assert not set(next_pages) & (set(articles) | set(optional)), name
        for url in articles + optional + next_pages:
            parts = urlsplit(url)
            assert parts.scheme in ("http", "https") and parts.netloc and not parts.fragment, (name, url)
        links = page_links(name, case["url"])
        absent = [url for url in articles + optional + next_pages if url not in links]
        assert not absent, f"{name}: expected URLs that the page never links: {absent[:3]}"
        families.setdefault(case["style"], set()).add(case["holdout"])
    split = [style for style, flags in families.items() if len(flags) > 1]
    assert not split, f"families split across tune and holdout: {split}"
    # Held-out pages are measured once, then tuned on: between rounds the group is empty,
    # and the next round's pages (new families) are written before any tuning on them.
    holdout = sum(load(name)["holdout"] for name in NAMES)
    assert holdout / len(NAMES) <= 0.65
