"""Perturbation probes for titles and authors: dev meta pages with one kind of signal taken away.

    python -m benchmarks.meta_probes --datasets ../shared/datasets
    python -m benchmarks.meta_probes --probe no-h1 --probe teasers --field title --show teasers

Each probe rewrites every dev page of the meta sets (benchmarks/extraction.py's split, so
held-out pages are never touched) the way other sites build theirs, then scores the
field as the extraction benchmark does (exact match after NFKC, whitespace folding and
lower case); the labels are unchanged.

Titles:
- no-h1: every h1 becomes a div (the headline is a styled block).
- no-meta: no og:title, twitter:title, JSON-LD, itemprop headline or og:site_name.
- only-title: no h1 and no title metadata: the <title> alone (og:site_name kept).
- logo-h1: an h1 naming the site (og:site_name, else the host) before everything.
- h1-to-h2: the h1s become h2s (the page has no h1).
- logo-h1+h2: both: the site's name as the h1, the headline an h2.
- teasers: a block of teaser headlines linking to other pages (two h2s, an h1) first.
- reworded: no h1, no JSON-LD, and the <title> and title meta tags reworded the way titles
  for search engines and sharing are: a word left out, a kicker before ("Exclusive: …").

Authors:
- no-author-meta: no author meta tags, JSON-LD or itemprop=author.
- no-author-markup: that, and no rel=author or class names saying author/byline.

Bylines written the ways other sites write them: after no-author-markup, the labelled
author(s) (several joined with commas and "and") in a line after the labelled headline's
element (else the first h1, else first in the body), or in JSON-LD:
- byline-role: "By Jane Roe, Staff Writer".
- byline-agency: "Jane Roe | Reuters".
- byline-dated: "By Jane Roe Updated 3:41 PM EST, Mon November 18, 2019".
- byline-bare: "Jane Roe and John Doe" alone, the date line "November 18, 2019" under it.
- ld-person: JSON-LD NewsArticle whose author is a Person object (a list of them for several).
- ld-organisation: JSON-LD author a list: the Person objects, then the publisher as an Organization.

A heuristic that holds only on the pages it was tuned on drops here; one that reads the
signals left still finds the label.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path
from urllib.parse import urlsplit

from lxml import etree, html as lxml_html

from benchmarks.extraction import load_pages, load_truth, meta_hit, page_halves
from portal_spider.pages import decode_html, parse_article
from portal_spider.pages.article import _document

TITLE_PROBES = ("no-h1", "no-meta", "only-title", "logo-h1", "h1-to-h2", "logo-h1+h2", "teasers", "reworded")
BYLINE_PROBES = ("byline-role", "byline-agency", "byline-dated", "byline-bare", "ld-person", "ld-organisation")
AUTHOR_PROBES = ("no-author-meta", "no-author-markup") + BYLINE_PROBES
PROBES = ("none",) + TITLE_PROBES + AUTHOR_PROBES
_TITLE_META = {"og:title", "twitter:title", "title", "dc.title", "headline", "sailthru.title", "parsely-title"}
_AUTHOR_META = {"author", "article:author", "og:article:author", "dc.creator", "dcterms.creator", "sailthru.author",
                "parsely-author", "byl", "citation_author", "twitter:creator", "dc.creator.aut", "article:author_name"}
_TEASERS = ("<div class='top-stories'>"
            "<h2><a href='/a/1'>Regierung plant neue Regeln für den Wohnungsbau im ganzen Land</a></h2>"
            "<h2><a href='/a/2'>Fußballverein gewinnt das Derby nach spannendem Spiel in der Nachspielzeit</a></h2>"
            "<h1><a href='/a/3'>Wetter: Am Wochenende wird es in vielen Regionen wieder sommerlich warm</a></h1></div>")


def _drop_meta(root, names: set[str]) -> None:
    for meta in list(root.iter("meta")):
        if (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").lower() in names:
            meta.getparent().remove(meta)


def _drop_json_ld(root) -> None:
    for script in list(root.iter("script")):
        if "ld+json" in (script.get("type") or ""):
            script.getparent().remove(script)


def _drop_itemprop(root, *names: str) -> None:
    for element in root.xpath("//*[@itemprop]"):
        if element.get("itemprop") in names:
            del element.attrib["itemprop"]


def _rename(root, tag: str, new: str) -> None:
    for element in list(root.iter(tag)):
        element.tag = new


def _site_name(root, url: str) -> str:
    for meta in root.iter("meta"):
        if (meta.get("property") or "").lower() == "og:site_name" and meta.get("content"):
            return meta.get("content")
    return ((urlsplit(url).hostname or "example.com").removeprefix("www.").split(".")[0]).capitalize()


def _prepend(root, markup: str) -> None:
    body = root.find("body")
    if body is not None:
        body.insert(0, lxml_html.fragment_fromstring(markup))


def _reworded(title: str) -> str:
    """The title with its third word left out (when it has five or more) and a kicker before it."""
    words = title.split()
    if len(words) >= 5:
        del words[2]
    return "Exclusive: " + " ".join(words)


def _reword_titles(root) -> None:
    for meta in root.iter("meta"):
        if (meta.get("property") or meta.get("name") or "").lower() in _TITLE_META and meta.get("content"):
            meta.set("content", _reworded(meta.get("content")))
    for title in root.iter("title"):
        title.text = _reworded(title.text or "")


def _joined(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _add_byline(root, probe: str, names: list[str], title: str | None) -> None:
    """The byline (or JSON-LD) of a BYLINE_PROBES probe, naming ``names``, after the element
    showing ``title`` (the labelled one), else the first h1."""
    if probe.startswith("ld-"):
        people = [{"@type": "Person", "name": name} for name in names]
        author = people[0] if probe == "ld-person" and len(people) == 1 else people
        if probe == "ld-organisation":
            author = people + [{"@type": "Organization", "name": "Example Media Group"}]
        script = lxml_html.fragment_fromstring(
            "<script type='application/ld+json'></script>")
        script.text = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle", "author": author})
        (root.find("head") if root.find("head") is not None else root).append(script)
        return
    line = {"byline-role": f"By {_joined(names)}, Staff Writer", "byline-agency": f"{_joined(names)} | Reuters",
            "byline-dated": f"By {_joined(names)} Updated 3:41 PM EST, Mon November 18, 2019",
            "byline-bare": _joined(names)}[probe]
    block = lxml_html.fragment_fromstring("<div class='x'><p></p></div>")
    block[0].text = line
    if probe == "byline-bare":
        date = lxml_html.fragment_fromstring("<p>November 18, 2019</p>")
        block.append(date)
    wanted = " ".join((title or "").split()).lower()
    heading = next((e for e in root.iter("h1", "h2", "h3", "div", "span", "p")
                    if wanted and " ".join(e.text_content().split()).lower() == wanted), None)
    heading = heading if heading is not None else next(root.iter("h1"), None)
    # A headline part inside a heading: the byline goes after the heading, not into it.
    enclosing = next((e for e in heading.iterancestors("h1", "h2", "h3")), None) if heading is not None else None
    heading = enclosing if enclosing is not None else heading
    if heading is not None:
        heading.addnext(block)
    elif root.find("body") is not None:
        root.find("body").insert(0, block)


def perturb(probe: str, root, url: str, label: dict | None = None) -> None:
    """Rewrite the page in place for ``probe`` (the byline probes write the labelled author
    after the labelled title)."""
    if probe in ("no-h1", "only-title", "reworded"):
        _rename(root, "h1", "div")
    if probe == "reworded":
        _drop_json_ld(root)
        _drop_itemprop(root, "headline", "name")
        _reword_titles(root)
    if probe in ("no-meta", "only-title"):
        _drop_meta(root, _TITLE_META | ({"og:site_name"} if probe == "no-meta" else set()))
        _drop_json_ld(root)
        _drop_itemprop(root, "headline", "name")
    if probe in ("h1-to-h2", "logo-h1+h2"):
        _rename(root, "h1", "h2")
    if probe in ("logo-h1", "logo-h1+h2"):
        _prepend(root, f"<div class='masthead'><h1 class='site-title'>{_site_name(root, url)}</h1></div>")
    if probe == "teasers":
        _prepend(root, _TEASERS)
    if probe in AUTHOR_PROBES:
        _drop_meta(root, _AUTHOR_META)
        _drop_json_ld(root)
        _drop_itemprop(root, "author")
    if probe == "no-author-markup" or probe in BYLINE_PROBES:
        for element in root.xpath("//*[@rel='author']"):
            del element.attrib["rel"]
        for element in root.xpath("//*[contains(@class, 'author') or contains(@class, 'byline')]"):
            element.set("class", "x")
    if probe in BYLINE_PROBES and (label or {}).get("author"):
        names = [name.strip() for name in label["author"].split(",") if name.strip()]
        _add_byline(root, probe, names, label.get("title"))


def run(datasets: Path, probes: list[str], fields: list[str], sets: list[str], show: str | None) -> None:
    truth, pages = load_truth(datasets), load_pages(datasets)
    halves = page_halves(truth)
    dev = [p for p in pages if p["kind"] == "meta" and p["set"] in sets and halves[("meta", p["set"])][p["id"]] == "dev"]
    print("| probe | " + " | ".join(f"{name} {field}" for name in sets for field in fields) + " |")
    print("|---" * (1 + len(sets) * len(fields)) + "|")
    for probe in probes:
        hits = {(name, field): [0, 0] for name in sets for field in fields}
        for page in dev:
            label = truth[("meta", page["set"])][page["id"]]
            root = _document(decode_html(page["data"]))
            perturb(probe, root, page["url"] or "", label)
            article = parse_article(etree.tostring(root, encoding="unicode", method="html"), page["url"] or "http://localhost/")
            for field in fields:
                hit = meta_hit(field, label.get(field), getattr(article, field))
                if hit is None:
                    continue
                hits[(page["set"], field)][0] += hit
                hits[(page["set"], field)][1] += 1
                if show == probe and not hit:
                    print(f"  {probe}: {page['set']} {page['id']} {field}: want {label.get(field)!r} got {getattr(article, field)!r}")
        cells = [f"{h / t:.3f} ({h}/{t})" if t else "—" for h, t in hits.values()]
        print(f"| {probe} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--probe", action="append", choices=PROBES, help="probes to run (default: all, 'none' first)")
    parser.add_argument("--field", action="append", choices=("title", "author"), help="fields to score (default: both)")
    parser.add_argument("--sets", nargs="*", default=["trafilatura", "fundus", "zh-cwce"], help="meta sets to probe")
    parser.add_argument("--show", choices=PROBES, help="also list the misses under this probe (dev pages only)")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)  # the naive-date notes of every page would drown the table
    run(args.datasets, args.probe or list(PROBES), args.field or ["title", "author"], args.sets, args.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
