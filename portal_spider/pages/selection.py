"""Portal-configured CSS selectors (ExtractionOptions), applied before any heuristic."""

from __future__ import annotations

from lxml.cssselect import CSSSelector, SelectorError

from .text import clean_line, text_content


def select_by_css(root, selector: str | None) -> list:
    """Elements matched by a portal's CSS selector; [] when unset or invalid."""
    if not selector:
        return []
    try:
        return CSSSelector(selector)(root)
    except SelectorError:
        return []  # a bad selector in portals.toml falls back to the heuristics


def selected_text(root, selector: str | None) -> str | None:
    """Cleaned text of the first element the selector matches."""
    found = select_by_css(root, selector)
    return clean_line(text_content(found[0])) or None if found else None
