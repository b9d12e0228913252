"""What the field extractors share about one page."""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .dates import DateContext
from .options import ExtractionOptions
from .structured import Structured


@dataclass(frozen=True)
class Page:
    """The parsed page (untouched by body pruning) and what is known about it."""

    root: etree._Element
    url: str
    options: ExtractionOptions
    structured: Structured
    lines: list  # (text, element) visual lines of the whole page, in reading order
    dates: DateContext
    times: list  # the <time datetime> elements, in document order
    document_title: str  # the <title> element's text, "" when there is none
