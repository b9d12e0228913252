"""The page as visual lines: where bylines and date lines are looked for."""

from __future__ import annotations

from lxml import etree

from .text import fold_whitespace

_BREAKING = {
    "p", "div", "section", "article", "main", "header", "footer", "li", "ul", "ol", "dl", "dt",
    "dd", "table", "tr", "td", "th", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6",
    "figure", "figcaption", "center", "br", "hr", "form", "address", "aside", "nav",
}
_PRE_BREAK = "\x00"  # stands for a newline inside <pre> until the line is cut
_SKIPPED = {"script", "style", "noscript", "template", "head", "select", "option", "textarea"}


def page_lines(root) -> list[tuple[str, etree._Element]]:
    """Non-empty text lines in reading order, each with the element it started in."""
    lines: list[tuple[str, etree._Element]] = []
    buffer: list[str] = []
    owner = [root]

    def flush() -> None:
        if not buffer:
            return
        # Inside <pre> a newline ends a line (code, poems); elsewhere it is just whitespace.
        for part in "".join(buffer).split(_PRE_BREAK):
            text = fold_whitespace(part)
            if text:
                lines.append((text, owner[0]))
        buffer.clear()

    def add(text: str) -> None:
        buffer.append(text.replace("\n", _PRE_BREAK) if in_pre else text)

    # iterwalk instead of recursion: hostile pages nest deeper than Python's stack.  It
    # skips comments (tails included), so the caller strips comments from the tree first.
    skipping = in_pre = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        tag = element.tag
        if tag == "pre":
            in_pre += 1 if event == "start" else -1
        if tag in _SKIPPED:
            skipping += 1 if event == "start" else -1
            if event == "end" and skipping == 0 and element.tail:
                add(element.tail)
            continue
        if skipping:
            continue
        if tag in _BREAKING:
            flush()
            owner[0] = element
        if event == "start":
            if element.text:
                add(element.text)
        elif element.tail:
            if tag in _BREAKING:
                flush()
                owner[0] = element.getparent() if element.getparent() is not None else element
            add(element.tail)
    flush()
    return lines
