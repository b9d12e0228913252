"""A CSS selector that picks the same links as the heuristics did, for a user to keep in
portals.toml and edit: the shortest one, from the links' own classes and their
ancestors' ids and classes, whose links are exactly the found ones (or the closest)."""

from __future__ import annotations

import re

from lxml.cssselect import CSSSelector, SelectorError

from .anchors import Anchor

_PLAIN_NAME = re.compile(r"^-?[A-Za-z_][\w-]*$")
_MAX_ANCESTORS = 6
MAX_CONTAINS_CHARS = 12


def _simple_selectors(element) -> list[str]:
    tag = element.tag
    out = []
    element_id = element.get("id") or ""
    if _PLAIN_NAME.match(element_id) and not re.search(r"\d{3,}", element_id):
        out.append(f"#{element_id}")
    for name in (element.get("class") or "").split():
        if _PLAIN_NAME.match(name) and not re.search(r"\d{3,}", name):
            out.append(f"{tag}.{name}")
    return out


def _candidates(anchors: list[Anchor]) -> list[str]:
    seen: dict[str, None] = {}
    for anchor in anchors[:8]:
        own = ["a"] + [s for s in _simple_selectors(anchor.element) if not s.startswith("#")]
        if "next" in (anchor.element.get("rel") or "").split():
            own.append("a[rel~=next]")
        if anchor.text and len(anchor.text) <= MAX_CONTAINS_CHARS:
            # A link known by its words ("下一页", "Next"): lxml's cssselect has :contains().
            own.append('a:contains("{}")'.format(anchor.text.replace("\\", "\\\\").replace('"', '\\"')))
        ancestors = [anchor.element.getparent()]
        for _ in range(_MAX_ANCESTORS - 1):
            parent = ancestors[-1].getparent() if ancestors[-1] is not None else None
            if parent is None or parent.tag in ("html",):
                break
            ancestors.append(parent)
        for ancestor in ancestors:
            if ancestor is None:
                continue
            for outer in _simple_selectors(ancestor):
                for inner in own:
                    seen.setdefault(f"{outer} {inner}")
                    if ancestor is anchor.element.getparent():
                        seen.setdefault(f"{outer} > {inner}")
        for inner in own[1:]:
            seen.setdefault(inner)
    return list(seen)


def suggest_selector(root, chosen: list[Anchor], all_anchors: list[Anchor]) -> str | None:
    if not chosen:
        return None
    target = {a.url for a in chosen}
    url_of = {a.element: a.url for a in all_anchors}
    best, best_score = None, -1.0
    for selector in _candidates(chosen):
        try:
            matched = {url_of.get(e) for e in CSSSelector(selector)(root)} - {None}
        except SelectorError:
            continue
        if not matched:
            continue
        hits = len(matched & target)
        score = 2 * hits / (len(matched) + len(target)) - len(selector) / 10_000
        if score > best_score:
            best, best_score = selector, score
    return best
