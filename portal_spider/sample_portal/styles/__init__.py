"""The styles a sample portal can be built in: name -> class (see each module)."""

from __future__ import annotations

from .base import Style
from .cards import CardsStyle
from .datehex import DateHexStyle
from .forum import ForumStyle
from .gbk import GbkStyle
from .numeric import NumericStyle
from .query import QueryStyle
from .slug import SlugStyle

STYLES: dict[str, type[Style]] = {cls.name: cls for cls in (NumericStyle, DateHexStyle, SlugStyle, QueryStyle, ForumStyle, CardsStyle, GbkStyle)}


def style_class(name: str) -> type[Style]:
    try:
        return STYLES[name]
    except KeyError:
        raise ValueError(f"unknown style {name!r}; choose from {', '.join(STYLES)}") from None
