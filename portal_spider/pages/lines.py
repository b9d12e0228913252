"""The page as visual lines: where bylines and date lines are looked for."""

from __future__ import annotations

from lxml import etree

from .text import fold_whitespace

_BREAKING = {
    "p", "div", "section", "article", "main", "header", "footer", "li", "ul", "ol", "dl", "dt",
    "dd", "table", "tr", "td", "th", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6",
    "figure", "figcaption", "center", "br", "hr", "form", "address", "aside", "nav",
}
_SKIPPED = {"script", "style", "noscript", "template", "head", "select", "option", "textarea"}


def page_lines(root) -> list[tuple[str, etree._Element]]:
    """Non-empty text lines in reading order, each with the element it started in."""
    lines: list[tuple[str, etree._Element]] = []
    buffer: list[str] = []
    owner = [root]

    def flush() -> None:
        if not buffer:
            return
        text = fold_whitespace("".join(buffer))
        if text:
            lines.append((text, owner[0]))
        buffer.clear()

    # iterwalk instead of recursion: hostile pages nest deeper than Python's stack.  It
    # skips comments (tails included), so the caller strips comments from the tree first.
    skipping = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        tag = element.tag
        if tag in _SKIPPED:
            skipping += 1 if event == "start" else -1
            if event == "end" and skipping == 0 and element.tail:
                buffer.append(element.tail)
            continue
        if skipping:
            continue
        if tag in _BREAKING:
            flush()
            owner[0] = element
        if event == "start":
            if element.text:
                buffer.append(element.text)
        elif element.tail:
            if tag in _BREAKING:
                flush()
                owner[0] = element.getparent() if element.getparent() is not None else element
            buffer.append(element.tail)
    flush()
    return lines
