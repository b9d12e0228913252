"""The archive's contract for article HTML: sanitised, and a text to search and compare.

Every article is stored through here, whoever made it (a crawl, an import, a script):
``body_html`` keeps only the tags and attributes below (no scripts, styles, event
handlers or ``javascript:`` links), and an article given only as HTML gets its
``body_text`` from it, so it is searchable and checked for duplicates like any other.
"""

from __future__ import annotations

import lxml.etree
import lxml.html
import nh3

SANITISE_TAGS = frozenset({
    "p", "br", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code",
    "em", "strong", "b", "i", "u", "sub", "sup", "a", "img", "figure", "figcaption",
    "table", "thead", "tbody", "tr", "td", "th", "dl", "dt", "dd", "hr", "div", "span",
})
SANITISE_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title", "width", "height"}}
URL_SCHEMES = frozenset({"http", "https", "mailto"})

# Elements that end a line of body_text (a paragraph); the others flow within one.
_BLOCKS = ("p", "div", "li", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "tr", "dt", "dd",
           "figcaption", "table", "ul", "ol", "dl", "figure", "hr")


def sanitise_html(html: str) -> str:
    """``html`` with only the allowed tags, attributes and URL schemes left."""
    return nh3.clean(html, tags=set(SANITISE_TAGS), attributes=SANITISE_ATTRIBUTES,
                     url_schemes=set(URL_SCHEMES)).strip()


def text_of_html(html: str) -> str:
    """The readable text of sanitised HTML: a line per paragraph, whitespace folded."""
    if not html.strip():
        return ""
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div")
    except (lxml.etree.ParserError, ValueError):
        return ""
    for element in root.iter("br", *_BLOCKS):
        element.tail = "\n" + (element.tail or "")
        if element.tag != "br":
            element.text = "\n" + (element.text or "")
    lines = (" ".join(line.split()) for line in root.text_content().split("\n"))
    return "\n".join(line for line in lines if line)
