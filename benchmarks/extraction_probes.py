"""Perturbation probes: the project's body extraction on dev pages changed in one known way.

    python -m benchmarks.extraction_probes --datasets ../shared/datasets
    python -m benchmarks.extraction_probes --probe comments --probe thread --sets zh-cwce zh-magic

Each probe rewrites every dev page of the body sets (benchmarks/extraction.py's split, so
held-out pages are never touched) the way other sites build theirs, around the labelled
article's paragraphs, then scores the body F1 as the extraction benchmark does:

- comments: eight unlabelled readers' replies (a user link, a date, two sentences each)
  right after the article's paragraphs; the label is unchanged.
- split: the article's paragraphs wrapped two by two in sibling blocks built alike, an
  advertisement slot between them; the label is unchanged.
- thread: the article's paragraphs become the first of five forum posts (a poster and a
  "posted on" date each); the label is unchanged. Pages whose article spans several
  containers are skipped: only one container would move into the post.
- thread-table: the same thread laid out in tables, as older forum software does: each
  post a table whose first row is its header and whose second row is its message.
- furniture: a share bar, a source line and a copyright notice closing the article.
- short: of the article's paragraphs only the first, about --short-length characters, are
  kept; the label loses the dropped ones.
- br-lines: the article's paragraphs unwrapped into lines of their container, each ended
  by two <br>, as older portals and forum software write them; the label is unchanged.
- layout-table: the article's container moved into the right cell of a layout table whose
  left cell is a column of links (a channel menu) and a notice; the label is unchanged. As
  with the threads, pages whose article spans several containers are skipped.

A heuristic that holds only on the pages it was tuned on drops here: the page's own
layout stays, only the part the probe names changes.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

from lxml import etree, html as lxml_html

from benchmarks.extraction import (BODY_SETS, ZH_SETS, load_pages, load_truth, mostly_han, page_body_counts,
                                   page_f1, page_halves)
from portal_spider.pages import decode_html, parse_article

PROBES = ("comments", "split", "thread", "thread-table", "furniture", "short", "br-lines", "layout-table")
_REPLIES = {
    True: ["我觉得这篇文章说得很有道理，尤其是第二段的分析，希望作者以后多写一些类似的内容。",
           "楼上说得对，不过我有不同的看法，实际情况可能比文章里写的更复杂一些。",
           "支持一下！这个问题我们这里也遇到过，最后还是靠大家一起想办法解决的。"],
    False: ["I think the article makes a fair point, especially in the second part, and I hope the author writes more.",
            "The commenter above is right, but I see it differently; the real situation is more complicated.",
            "Thanks for sharing! We had the same problem in our town, and in the end the neighbours solved it."],
}
_FURNITURE = {
    True: ["<div><span>分享到：</span><a href='#w'>微信</a> <a href='#b'>微博</a> <a href='#q'>QQ空间</a></div>",
           "<p>本文来源：新华网 责任编辑：王五</p>", "<p>版权所有 © 2019 示例网 未经授权禁止转载</p>"],
    False: ["<div><span>Share this:</span> <a href='#f'>Facebook</a> <a href='#t'>Twitter</a> <a href='#e'>Email</a></div>",
            "<p>Copyright © 2019 Example Media. All rights reserved.</p>"],
}
_BLOCKS = {"p", "div", "td", "li", "section", "article", "table", "tr", "h1", "h2", "h3", "h4", "ul", "ol",
           "blockquote", "center", "dd", "dl", "tbody", "form"}


def _squashed(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split()).lower()


def _article_paragraphs(root, gold: str) -> list:
    """The page's <p> elements whose whole text is in the label, in document order."""
    label = _squashed(gold)
    return [p for p in root.iter("p") if len(_squashed(p.text_content())) >= 15 and _squashed(p.text_content()) in label]


def _container(paragraphs: list):
    """The element holding most of the article's paragraphs directly."""
    parents = [p.getparent() for p in paragraphs]
    return max(dict.fromkeys(parents), key=parents.count)  # the first of equals: the same page every run


def _fragment(markup: str):
    return lxml_html.fragment_fromstring(markup)


def perturb(probe: str, root, gold: str, zh: bool, short_length: int) -> str | None:
    """Rewrite the page in place for ``probe``; the label to score against, None to skip the page."""
    paragraphs = _article_paragraphs(root, gold)
    if len(paragraphs) < 2:
        return None
    container = _container(paragraphs)
    if container is None or container.getparent() is None:
        return None
    replies = _REPLIES[zh]
    if probe == "comments":
        items = "".join(f"<div class='item'><div class='who'><a href='/u/{i}'>user{i}</a> 2019-11-{10 + i} 10:{i:02d}</div>"
                        f"<p>{replies[i % 3]}{replies[(i + 1) % 3]}</p></div>" for i in range(8))
        paragraphs[-1].getparent().addnext(_fragment(f"<div class='list'><h3>{'网友评论' if zh else 'Reader responses'}</h3>{items}</div>"))
    elif probe == "split":
        own = [p for p in paragraphs if p.getparent() is container]
        if len(own) < 4:
            return None
        for start in range(0, len(own), 2):
            block = _fragment("<div class='blk'><div class='inner'></div></div>")
            own[start].addprevious(block)
            for paragraph in own[start:start + 2]:
                block[0].append(paragraph)
            block.addnext(_fragment(f"<div class='slot'><a href='/ad/{start}'><img src='/ad{start}.png'></a></div>"))
    elif probe in ("thread", "thread-table", "layout-table") and \
            sum(container in p.iterancestors() for p in paragraphs) < 0.9 * len(paragraphs):
        return None  # the article spans several containers: moving one would leave the rest outside
    elif probe in ("thread", "thread-table"):
        marker = "发表于" if zh else "Posted on"
        thread = _fragment("<div class='thread'></div>")
        container.addprevious(thread)
        thread.tail, container.tail = container.tail, None
        if probe == "thread":
            first = _fragment(f"<div class='post'><div class='by'><a href='/u/0'>starter</a> {marker} 2019-09-05 11:10</div></div>")
            first.append(container)
        else:
            first = _fragment(f"<table class='post'><tr><td class='by'><a href='/u/0'>starter</a> {marker} 2019-09-05 11:10</td></tr>"
                              "<tr><td class='msg'></td></tr></table>")
            first.find(".//td[@class='msg']").append(container)
        thread.append(first)
        for i in range(1, 5):
            message = "".join(f"<p>{replies[(i + j) % 3]}</p>" for j in range(6))
            header = f"<a href='/u/{i}'>user{i}</a> {marker} 2019-09-0{5 + i} 1{i}:20"
            thread.append(_fragment(f"<div class='post'><div class='by'>{header}</div><div class='msg'>{message}</div></div>"
                                    if probe == "thread" else
                                    f"<table class='post'><tr><td class='by'>{header}</td></tr><tr><td class='msg'>{message}</td></tr></table>"))
    elif probe == "furniture":
        for markup in _FURNITURE[zh]:
            container.append(_fragment(markup))
    elif probe == "br-lines":
        for paragraph in paragraphs:
            if paragraph.getparent() is container:
                paragraph.append(_fragment("<br>"))
                paragraph.append(_fragment("<br>"))
                paragraph.drop_tag()
    elif probe == "layout-table":
        links = "".join(f"<a href='/channel/{i}'>{'频道' if zh else 'Channel'} {i}</a><br>" for i in range(12))
        notice = "本站公告：欢迎投稿，来稿请注明联系方式。" if zh else "Notice: readers' letters are welcome; please add your address."
        layout = _fragment(f"<table width='100%'><tr><td width='20%' class='left'>{links}<p>{notice}</p></td>"
                           "<td class='right'></td></tr></table>")
        container.addprevious(layout)
        layout.tail, container.tail = container.tail, None
        layout.find(".//td[@class='right']").append(container)
    elif probe == "short":
        size, dropped = 0, []
        for paragraph in paragraphs:
            if size < short_length:
                size += len(_squashed(paragraph.text_content()))
            else:
                dropped.append(_squashed(paragraph.text_content()))
                paragraph.drop_tree()
        # The label less the dropped paragraphs: headings and lines outside <p> stay in it.
        return "\n".join(line for line in gold.split("\n")
                         if not (_squashed(line) and any(_squashed(line) in text for text in dropped)))
    return gold


def run(datasets: Path, probes: list[str], sets: list[str], short_length: int) -> dict:
    """{(probe, set): (pages, mean F1 unchanged, mean F1 probed)} over the dev pages."""
    truth = load_truth(datasets)
    halves = page_halves(truth)
    pages = [p for p in load_pages(datasets)
             if p["kind"] == "body" and p["set"] in sets and halves[("body", p["set"])][p["id"]] == "dev"]
    results: dict = {}
    for page in pages:
        gold = truth[("body", page["set"])][page["id"]]["body"]
        zh_scoring = page["set"] in ZH_SETS
        url = page["url"] or "http://localhost/"
        unchanged = page_f1(page_body_counts(gold, parse_article(page["data"], url).body_text, zh_scoring))
        for probe in probes:
            root = lxml_html.document_fromstring(decode_html(page["data"]))
            label = perturb(probe, root, gold, zh_scoring or mostly_han(gold), short_length)
            if label is None:
                continue
            probed = parse_article(etree.tostring(root, encoding="unicode", method="html"), url).body_text
            total = results.setdefault((probe, page["set"]), [0, 0.0, 0.0])
            total[0] += 1
            total[1] += unchanged
            total[2] += page_f1(page_body_counts(label, probed, zh_scoring))
    return {key: (n, before / n, after / n) for key, (n, before, after) in results.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--probe", action="append", choices=PROBES, help="probes to run (default: all)")
    parser.add_argument("--sets", nargs="*", choices=BODY_SETS, default=list(BODY_SETS))
    parser.add_argument("--short-length", type=int, default=150, help="characters the short probe keeps (default 150)")
    args = parser.parse_args(argv)
    if not (args.datasets / "body").is_dir():
        parser.error(f"no body datasets under {args.datasets}")
    figures = run(args.datasets, args.probe or list(PROBES), args.sets, args.short_length)
    print("| probe | set | dev pages | body F1 unchanged | body F1 probed |")
    print("|---|---|---|---|---|")
    for (probe, name), (pages, before, after) in sorted(figures.items()):
        unchanged = "—" if probe == "short" else f"{before:.3f}"  # the short probe's label is not the page's
        print(f"| {probe} | {name} | {pages} | {unchanged} | {after:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
