"""Perturbation probes: the project's publication dates on dev pages changed in one known way.

    python -m benchmarks.date_probes --datasets ../shared/datasets
    python -m benchmarks.date_probes --probe related-above --probe header-today --sets zh-cwce

Each probe rewrites every dev page of the meta sets that has a date label
(benchmarks/extraction.py's split, so held-out pages are never touched) the way other
sites build theirs, then scores the date as the extraction benchmark does; the label is
unchanged, and every date a probe adds is years away from any label:

- related-above: a list of three other stories, each a headline link and a
  ``<time datetime>`` with its offset, at the top of the body.
- related-below: the same list at the end of the body.
- related-rows: the three stories as a table layout lists them, a headline link in one cell
  and its day ("2011-03-04", no markup) in the next, at the top of the body.
- related-cards: the three stories as cards, a block with the headline link and a block
  with its day and time below it, at the top of the body.
- sidebar-months: a blog sidebar before the article, as a left column comes first in the
  markup: a calendar headed by its month ("2011年3月", "March 2011") and archive months.
- site-updated: a line at the top of the body saying when the site last changed
  ("本站最后更新：2011-03-04 09:15").
- comments: three readers' replies, "Posted on <date> <time>" each, at the end of the body.
- other-json-ld: a NewsArticle JSON-LD block about another URL with a dated instant.
- header-today: the day the page is served, as a portal header prints it ("今天是… 星期二",
  "Tuesday, September 10, 2013"), at the top of the body.
- no-structured: JSON-LD, meta tags, itemprop and ``<time datetime>`` attributes removed:
  what the page shows alone must date it (instants the page shows only in markup are lost).

A rule that holds only on the pages it was tuned on drops here: the page's own layout
stays, only the part the probe names changes.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from lxml import etree, html as lxml_html

from benchmarks.extraction import META_SETS, date_hit, load_pages, load_truth, page_halves, scored_date
from portal_spider.pages import decode_html, parse_article

PROBES = ("related-above", "related-below", "related-rows", "related-cards", "sidebar-months", "site-updated", "comments", "other-json-ld", "header-today", "no-structured")
_OTHER_DATES = ("2011-03-04T09:15:00+01:00", "2012-06-07T18:40:00+02:00", "2013-09-10T07:05:00+02:00")
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*>")


def _related(zh: bool) -> str:
    items = "".join(
        f"<li><a href='/other/{i}'>{f'相关新闻：本市新建的第{i + 1}所学校今天开学' if zh else f'Another story about the town, part {i + 1} of the series'}</a> "
        f"<time datetime='{moment}'>{moment[:10]} {moment[11:16]}</time></li>" for i, moment in enumerate(_OTHER_DATES))
    return f"<div class='related'><h3>{'相关阅读' if zh else 'Related'}</h3><ul>{items}</ul></div>"


def _other_story(i: int, zh: bool) -> str:
    """A link to another story's page, as a list of them shows it."""
    headline = f"本市新建的第{i + 1}所学校今天正式开学" if zh else f"Another story about the town, part {i + 1} of the series"
    return f"<a href='/other/{i}'>{headline}</a>"


def _related_rows(zh: bool) -> str:
    rows = "".join(f"<tr><td>{_other_story(i, zh)}</td><td>{moment[:10]}</td></tr>" for i, moment in enumerate(_OTHER_DATES))
    return f"<table class='list'>{rows}</table>"


def _related_cards(zh: bool) -> str:
    cards = "".join(f"<div class='card'><div class='headline'>{_other_story(i, zh)}</div>"
                    f"<div class='when'>{moment[:10]} {moment[11:16]}</div></div>" for i, moment in enumerate(_OTHER_DATES))
    return f"<div class='cards'>{cards}</div>"


def _sidebar_months(zh: bool) -> str:
    days = "".join(f"<td><a href='/day/{day}'>{day}</a></td>" for day in range(1, 8))
    archive = "".join(f"<li><a href='/month/{month}'>{f'2011年{month}月' if zh else f'{name} 2011'}</a></li>"
                      for month, name in ((3, "March"), (2, "February"), (1, "January")))
    return (f"<div class='sidebar'><table class='calendar'><caption>{'2011年3月' if zh else 'March 2011'}</caption>"
            f"<tr>{days}</tr></table><ul class='archive'>{archive}</ul></div>")


def _comments(zh: bool) -> str:
    items = "".join(
        f"<div class='comment'><a href='/u/{i}'>user{i}</a> <span>{'发表于' if zh else 'Posted on'} {moment[:10]} {moment[11:16]}</span>"
        f"<p>{'我觉得这篇文章说得很有道理。' if zh else 'I think the article makes a fair point.'}</p></div>"
        for i, moment in enumerate(_OTHER_DATES))
    return f"<div class='comments'>{items}</div>"


def perturb(probe: str, root, zh: bool) -> bool:
    """Rewrite the page in place for ``probe``; False when the page has no body to change."""
    body = root.find(".//body")
    if body is None:
        return False
    if probe in ("related-above", "header-today"):
        if probe == "header-today":
            today = "今天是2013年9月10日 星期二" if zh else "Tuesday, September 10, 2013"
            markup = f"<div class='topbar'><span>{today}</span> <a href='/login'>{'登录' if zh else 'Log in'}</a></div>"
        else:
            markup = _related(zh)
        body.insert(0, lxml_html.fragment_fromstring(markup))
    elif probe in ("related-rows", "related-cards"):
        body.insert(0, lxml_html.fragment_fromstring((_related_rows if probe == "related-rows" else _related_cards)(zh)))
    elif probe == "sidebar-months":
        body.insert(0, lxml_html.fragment_fromstring(_sidebar_months(zh)))
    elif probe == "site-updated":
        line = "本站最后更新：2011-03-04 09:15" if zh else "Site last updated: 2011-03-04 09:15"
        body.insert(0, lxml_html.fragment_fromstring(f"<div class='site'>{line}</div>"))
    elif probe == "related-below":
        body.append(lxml_html.fragment_fromstring(_related(zh)))
    elif probe == "comments":
        body.append(lxml_html.fragment_fromstring(_comments(zh)))
    elif probe == "other-json-ld":
        script = etree.SubElement(body, "script", type="application/ld+json")
        script.text = json.dumps({"@context": "https://schema.org", "@type": "NewsArticle",
                                  "headline": "Another story about the town", "url": "https://example.org/other/1",
                                  "datePublished": _OTHER_DATES[0]})
    elif probe == "no-structured":
        for element in root.xpath("//script[@type='application/ld+json'] | //meta[@content]"):
            element.drop_tree()
        for element in root.xpath("//*[@itemprop] | //time[@datetime]"):
            element.attrib.pop("itemprop", None)
            element.attrib.pop("datetime", None)
    return True


def run(datasets: Path, probes: list[str], sets: list[str]) -> dict:
    """{(probe, set): (pages, dates right unchanged, dates right probed)} over the dev pages."""
    truth = load_truth(datasets)
    halves = page_halves(truth)
    pages = [p for p in load_pages(datasets) if p["kind"] == "meta" and p["set"] in sets
             and halves[("meta", p["set"])][p["id"]] == "dev" and truth[("meta", p["set"])][p["id"]].get("date")]
    results: dict = {}
    for page in pages:
        gold = truth[("meta", page["set"])][page["id"]]["date"]
        url = page["url"] or "http://localhost/"
        unchanged = date_hit(gold, scored_date(parse_article(page["data"], url)))[0]
        for probe in probes:
            root = lxml_html.document_fromstring(_XML_DECLARATION.sub("", decode_html(page["data"])))
            if not perturb(probe, root, page["set"] == "zh-cwce"):
                continue
            probed = scored_date(parse_article(etree.tostring(root, encoding="unicode", method="html"), url))
            total = results.setdefault((probe, page["set"]), [0, 0, 0])
            total[0] += 1
            total[1] += unchanged
            total[2] += date_hit(gold, probed)[0]
    return {key: tuple(value) for key, value in results.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--probe", action="append", choices=PROBES, help="probes to run (default: all)")
    parser.add_argument("--sets", nargs="*", choices=META_SETS, default=list(META_SETS))
    args = parser.parse_args(argv)
    if not (args.datasets / "meta").is_dir():
        parser.error(f"no meta datasets under {args.datasets}")
    figures = run(args.datasets, args.probe or list(PROBES), args.sets)
    print("| probe | set | dev pages | date right unchanged | date right probed |")
    print("|---|---|---|---|---|")
    for (probe, name), (pages, before, after) in sorted(figures.items()):
        print(f"| {probe} | {name} | {pages} | {before / pages:.3f} ({before}) | {after / pages:.3f} ({after}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
