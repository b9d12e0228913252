"""What a labeller reads of one page: URL, <title>, metadata, headings and visible lines.

    python -m benchmarks.label_page body/aeb PAGE_ID [--all]
    python -m benchmarks.label_page extra/gne sina-1 --all --extra ../extra-pages

benchmarks/labels/GUIDE.md says how the project's own labels are made from this view. It
reads the page with plain lxml, not with the project's extraction, so that the labels
do not lean on what the project finds; benchmarks/own_labels.py cuts the labelled bodies
out of the same visible lines.
"""

from __future__ import annotations

import argparse
import gzip
import html
import json
import re
import sys
from pathlib import Path

import charset_normalizer
from lxml import etree, html as lxml_html

_WRAPPER = re.compile(rb"^\s*<text\b[^>]*>\s*|\s*</text>\s*$")
_CHARSET = re.compile(rb"<meta[^>]+charset=[\"']?([\w-]+)", re.I)
_CANONICAL = re.compile(r"<(?:link[^>]+rel=[\"']canonical[\"'][^>]*href|meta[^>]+property=[\"']og:url[\"'][^>]*content)=[\"']([^\"']+)")
_BREAKING = {"p", "div", "section", "article", "main", "header", "footer", "li", "ul", "ol", "dl", "dt", "dd", "table",
             "tr", "td", "th", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "figure", "figcaption", "br", "hr",
             "form", "address", "aside", "nav"}
_SKIPPED = {"script", "style", "noscript", "template", "head", "select", "option", "textarea"}
_META_KEYS = re.compile(r"title|author|date|time|publish|creator|byline|site_name|locale|source|editor", re.I)
LINE_LENGTH = 300  # characters of a line shown


def decode(data: bytes) -> str:
    """UTF-8 when the bytes are (a page saved again keeps its old declaration), else the
    declared charset, else charset_normalizer's guess."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    declared = _CHARSET.search(data[:4000])
    try:
        return data.decode(declared.group(1).decode() if declared else "utf-8")
    except (LookupError, UnicodeDecodeError):
        return str(charset_normalizer.from_bytes(data).best())


def page_text(set_path: str, page_id: str, datasets: Path, extra: Path | None) -> tuple[str | None, str]:
    """(URL, decoded markup) of a dataset page ("body/aeb") or of an extra page ("extra/gne")."""
    kind, name = set_path.split("/", 1)
    if kind == "extra":
        text = decode((extra / name / "pages" / f"{page_id}.html").read_bytes())
        canonical = _CANONICAL.search(text)
        return (html.unescape(canonical.group(1)) if canonical else None), text
    folder = datasets / set_path
    url = json.loads((folder / "truth.json").read_text(encoding="utf-8"))[page_id].get("url")
    path = next((folder / "pages").glob(f"{page_id}.html*"))
    data = path.read_bytes()
    data = gzip.decompress(data) if path.name.endswith(".gz") else data
    return url, decode(_WRAPPER.sub(b"", data) if name == "zh-cwce" else data)


def visible_lines(markup: str) -> list[tuple[str, str]]:
    """(tag, text) for each visible line of the page's body, in reading order."""
    root = lxml_html.document_fromstring(re.sub(r"^\s*<\?xml[^>]*\?>", "", markup))
    lines: list[tuple[str, str]] = []
    buffer: list[str] = []

    def flush(tag: str) -> None:
        text = " ".join("".join(buffer).split())
        if text:
            lines.append((tag, text))
        buffer.clear()

    tags = ["body"]
    body = root.find("body")
    for event, element in etree.iterwalk(body if body is not None else root, events=("start", "end", "comment", "pi")):
        if event in ("comment", "pi"):
            buffer.append(element.tail or "") if None not in tags else None
            continue
        if element.tag in _SKIPPED:
            if event == "start":
                tags.append(None)  # a skipped subtree: nothing of it shows
            else:
                tags.pop()
                buffer.append(element.tail or "") if None not in tags else None
            continue
        if None in tags:
            continue
        if event == "start":
            if element.tag in _BREAKING:
                flush(tags[-1])
            tags.append(element.tag if element.tag in _BREAKING else tags[-1])
            buffer.append(element.text or "")
        else:
            tag = tags.pop()
            if element.tag in _BREAKING:
                flush(tag)
            buffer.append(element.tail or "")
    flush("body")
    return lines


def describe(url: str | None, markup: str, every_line: bool) -> list[str]:
    root = lxml_html.document_fromstring(re.sub(r"^\s*<\?xml[^>]*\?>", "", markup))
    out = [f"URL: {url}", f"<title>: {(root.findtext('.//title') or '').strip()}", f"<html lang>: {root.get('lang')}"]
    for meta in root.iter("meta"):
        key = meta.get("property") or meta.get("name") or meta.get("itemprop") or ""
        if _META_KEYS.search(key):
            out.append(f"meta {key}: {(meta.get('content') or '')[:200]}")
    for script in root.iter("script"):
        if (script.get("type") or "").lower() == "application/ld+json" and script.text:
            for key in ("headline", "name", "author", "datePublished", "dateCreated", "dateModified"):
                for match in re.finditer(r'"%s"\s*:\s*("[^"]*"|\{[^}]*\}|\[[^\]]*\])' % key, script.text):
                    out.append(f"json-ld {key}: {match.group(1)[:200]}")
    for time in root.iter("time"):
        out.append(f"<time datetime>: {time.get('datetime')} | {' '.join(time.text_content().split())[:80]}")
    lines = visible_lines(markup)
    out.append(f"--- visible lines ({len(lines)}), [tag] text ---")
    shown = lines if every_line or len(lines) <= 260 else lines[:200] + [("...", f"({len(lines) - 260} lines left out)")] + lines[-60:]
    out.extend(f"[{tag}] {text[:LINE_LENGTH]}" for tag, text in shown)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("set", help="body/aeb, body/zh-magic, body/zh-cwce, meta/… or extra/NAME")
    parser.add_argument("page_id")
    parser.add_argument("--all", action="store_true", help="every visible line, not the first 200 and last 60")
    parser.add_argument("--datasets", type=Path, default=Path("../shared/datasets"))
    parser.add_argument("--extra", type=Path, default=Path("../extra-pages"),
                        help="the folder benchmarks/fetch_extra_pages.py filled")
    args = parser.parse_args(argv)
    try:
        url, markup = page_text(args.set, args.page_id, args.datasets, args.extra)
    except (KeyError, StopIteration, FileNotFoundError, ValueError):
        parser.error(f"no page {args.page_id!r} in {args.set!r} (under {args.datasets} or {args.extra})")
    sys.stdout.write("\n".join(describe(url, markup, args.all)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
