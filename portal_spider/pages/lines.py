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


def _flush(buffer: list[str], owner, lines: list) -> None:
    # Inside <pre> a newline ends a line (code, poems); elsewhere it is just whitespace.
    for part in "".join(buffer).split(_PRE_BREAK):
        text = fold_whitespace(part)
        if text:
            lines.append((text, owner))
    buffer.clear()


def page_lines(root) -> list[tuple[str, etree._Element]]:
    """Non-empty text lines in reading order, each with the element it started in."""
    lines: list[tuple[str, etree._Element]] = []
    buffer: list[str] = []
    owner = root
    # iterwalk instead of recursion: hostile pages nest deeper than Python's stack.  It
    # skips comments (tails included), so the caller strips comments from the tree first.
    # This loop runs for every element of the page: no helper is called in it but the
    # flush of a line that has text.
    skipping = in_pre = 0
    for event, element in etree.iterwalk(root, events=("start", "end")):
        tag = element.tag
        start = event == "start"
        if tag == "pre":
            in_pre += 1 if start else -1
        if tag in _SKIPPED:
            skipping += 1 if start else -1
            if start or skipping:
                continue
            text = element.tail  # the text after the skipped element is read
        elif skipping:
            continue
        else:
            breaking = tag in _BREAKING
            if breaking:
                if buffer:
                    _flush(buffer, owner, lines)
                owner = element
            if start:
                text = element.text
            else:
                text = element.tail
                if text and breaking:
                    parent = element.getparent()
                    owner = parent if parent is not None else element
        if text:
            if in_pre:
                text = text.replace("\n", _PRE_BREAK)
            # Space before a line's first text is folded away: most pieces are the
            # indentation between tags, and they need no flush.
            if buffer or not text.isspace():
                if text[0].isdigit() and buffer and buffer[-1][-1:].isdigit():
                    text = " " + text  # two elements' numbers: "18-03-08</span><span>23:16" is a day and a clock
                buffer.append(text)
    if buffer:
        _flush(buffer, owner, lines)
    return lines
