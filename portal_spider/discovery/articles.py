"""Which links of a listing page are its articles.

A listing shows its articles as records repeated under one parent (list items, table
rows, cards), each with a link whose text reads as a headline, often with a date beside
it, pointing at URLs of one or a few shapes that carry an article's identifier. Menus,
tag clouds, author and page-number links repeat too, but their texts are short, their
URLs name collections, or they sit in the page's chrome. So: group the links by the
record structure they sit in, score each group on those signals, take the best groups,
and then every headline link of the same URL shapes elsewhere on the page (lead stories,
hot lists, thumbnail tiles).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from .anchors import Anchor, is_filler
from .shapes import COLLECTION_WORDS, article_prior, slug_title, url_shape

MIN_PRIOR = 0.3  # a link of another shape in an article group must look like an article
MIN_EVIDENCE = 0.45
MIN_OUTSIDE_PRIOR = 0.2
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
SECONDARY_SHARE = 0.6
SECONDARY_STRENGTH = 0.8
SAME_SHAPE_STRENGTH = 0.6
# Layout words for the side columns of a page: their lists are fine to take beside the
# listing, but must not outweigh it.
_SIDE_WORD = re.compile(r"(?:^|[.#\s_-])(?:side|sidebar|aside|widget|rank|ranking|hot|popular|recommend|related)(?:$|[.\s_-])", re.I)  # another group of other URL shapes needs this share of the best score


@dataclass
class Group:
    anchors: list[Anchor]
    score: float
    shapes: Counter
    strength: float = 0.0  # how headline-like its link texts are (0..1)


def _title_strength(text: str) -> float:
    """How far a text is from a menu item towards a full headline (0..1)."""
    han = len(_HAN.findall(text))
    if han:
        return min(1.0, han / 12)
    return min(1.0, len(text.split()) / 6)


def _score(anchors: list[Anchor], priors: dict[str, float], shapes: dict[str, str]) -> Group:
    urls = list(dict.fromkeys(a.url for a in anchors))
    headlines = {a.url: a.text for a in anchors if a.is_headline}
    for anchor in anchors:
        # "128 comments" under a title that links elsewhere: the URL's slug is the title.
        if anchor.url not in headlines and not anchor.is_label and (title := slug_title(anchor.url)):
            headlines[anchor.url] = title
    # The group's URL shapes are those of its article-like headlines: a tag link in each
    # card makes no shape of its own.
    likely = [url for url in headlines if priors[url] >= MIN_OUTSIDE_PRIOR] or list(headlines) or urls
    shape_counts = Counter(shapes[url] for url in likely)
    if len(headlines) < 2:
        return Group(anchors, 0.0, shape_counts)
    prior = sum(priors[url] for url in headlines) / len(headlines)
    strength = sum(map(_title_strength, headlines.values())) / len(headlines)
    dated = min(1.0, sum(1 for a in anchors if a.near_date and a.url in headlines) / len(headlines))
    consistency = shape_counts.most_common(1)[0][1] / len(likely)
    chrome = sum(1 for a in anchors if a.in_chrome) / len(anchors)
    aside = 0.6 if any(_SIDE_WORD.search(part) for part in anchors[0].group[0]) else 1.0
    # URLs that carry an id, or else long headlines with dates beside them: a menu of
    # section names has neither.
    evidence = prior + 0.3 * strength + 0.3 * dated
    if evidence < MIN_EVIDENCE:
        return Group(anchors, 0.0, shape_counts)
    # The square root: a listing's few dated headlines outweigh a long catalogue of names.
    score = math.sqrt(len(headlines)) * (0.1 + evidence) * (0.25 + 0.75 * strength) * (0.4 + 0.6 * consistency)
    score *= (1 - 0.7 * chrome) * aside
    return Group(anchors, score, shape_counts, strength)


def find_articles(
    anchors: list[Anchor], exclude: set[str], known_shapes: frozenset[str] = frozenset()
) -> tuple[list[str], list[Group]]:
    """Article URLs in page order, and the record groups they were found in.

    ``known_shapes`` are the shapes of article URLs seen on the portal's other listing
    pages: a headline link of one of them is an article even where the page has too few
    to show a pattern of its own (the last page of a listing, with one article left)."""
    candidates = [a for a in anchors if a.url not in exclude]
    # A text that stands for several different URLs is a label ("Go to last post",
    # "领取", "Read the review"), not a headline.
    urls_by_text: dict[str, set[str]] = defaultdict(set)
    for anchor in candidates:
        urls_by_text[anchor.text].add(anchor.url)
    for anchor in candidates:
        if len(urls_by_text[anchor.text]) >= 3:
            anchor.is_label = True
    _mark_topics(candidates)
    urls = {a.url for a in candidates}
    priors = {url: article_prior(url) for url in urls}
    shapes = {url: url_shape(url) for url in urls}
    by_group: dict[tuple, list[Anchor]] = defaultdict(list)
    for anchor in candidates:
        by_group[anchor.group].append(anchor)
    groups = [g for g in (_score(members, priors, shapes) for members in by_group.values()) if g.score > 0]
    chosen = _chosen(sorted(groups, key=lambda g: -g.score))
    article_shapes = set(known_shapes).union(*(_main_shapes(group.shapes) for group in chosen))
    chosen_anchors = {id(a) for group in chosen for a in group.anchors}
    strongest = max((group.strength for group in chosen), default=0.0)
    # The listing's own link classes: those of its headlines that no menu link shares
    # (some sites style every link alike).
    article_link_classes = {
        a.group[-1] for group in chosen for a in group.anchors if a.is_headline and "." in a.group[-1]
    } - {a.group[-1] for a in candidates if a.in_chrome}

    def is_article(anchor: Anchor) -> bool:
        if is_filler(anchor.text):
            return False
        if id(anchor) in chosen_anchors:
            # In the listing's own records: its URL shape (an id of letters only, that the
            # shapes could not fold, included: /v/hrlmvwl beside /v/vd5ab3), or a headline
            # to an article-like URL.
            shape = shapes[anchor.url]
            return (shape in article_shapes or any(_same_family(shape, known) for known in article_shapes)
                    or anchor.is_headline and priors[anchor.url] >= MIN_PRIOR)
        # Elsewhere on the page (lead stories, tiles, hot lists): headlines of the same
        # URL shapes, outside the page's chrome, whose URLs do not name a collection.
        shape = shapes[anchor.url]
        if anchor.group[-1] in article_link_classes and not anchor.in_chrome:
            # The listing's own link class, a URL beside its articles' (a list item
            # standing alone under its letter, named in one word).
            if any(_same_family(shape, known) for known in article_shapes):
                return True
        return (shape in article_shapes and anchor.is_headline and not anchor.in_chrome
                and priors[anchor.url] >= MIN_OUTSIDE_PRIOR
                and _title_strength(anchor.text) >= SAME_SHAPE_STRENGTH * strongest)

    return list(dict.fromkeys(a.url for a in candidates if is_article(a))), chosen


def _mark_topics(anchors: list[Anchor]) -> None:
    """In a card that links its headline and a subject it names ("Baldur's Gate 3" beside
    "Baldur's Gate 3 patch 8 fixes ..."), the subject's link is a topic, not an article."""
    by_record: dict[object, list[Anchor]] = defaultdict(list)
    for anchor in anchors:
        if anchor.record is not None and anchor.is_headline:
            by_record[anchor.record].append(anchor)
    for members in by_record.values():
        for anchor in members:
            if any(other.url != anchor.url and len(other.text) > len(anchor.text) and anchor.text in other.text
                   for other in members):
                anchor.is_label = True


def _chosen(groups: list[Group]) -> list[Group]:
    """The best group, the others of its URL shapes, and a second list of other URLs when it
    is nearly as strong and its texts read as headlines as much as the best one's (a list
    of topic or section names does not)."""
    if not groups:
        return []
    best = groups[0]
    best_shapes = _main_shapes(best.shapes)
    return [
        group for group in groups
        if (set(group.shapes) & best_shapes and group.strength >= SAME_SHAPE_STRENGTH * best.strength)
        or (group.score >= SECONDARY_SHARE * best.score and group.strength >= SECONDARY_STRENGTH * best.strength)
    ]


_LETTER_ID = re.compile(r"^[a-z]{5,12}$")
_ONE_NAME = re.compile(r"^[^\W\d_]{3,}$")


def _same_family(shape: str, article_shape: str) -> bool:
    """One path part apart, where the article shape has a folded id and this one a run of
    letters (a base-36 id that holds no digit), or the article shape a slug and this one
    a single word (a wiki page named in one word beside others named in several)."""
    parts, known = shape.split("/"), article_shape.split("/")
    if len(parts) != len(known):
        return False
    apart = [(p, k) for p, k in zip(parts, known) if p != k]
    if len(apart) != 1:
        return False
    part, folded = apart[0]
    if folded == "x":
        return bool(_LETTER_ID.match(part))
    return folded == "{slug}" and bool(_ONE_NAME.match(part)) and part not in COLLECTION_WORDS


def _main_shapes(shapes: Counter) -> set[str]:
    """The shapes most of a group's links have (a stray link of another shape is not one)."""
    total = sum(shapes.values())
    return {shape for shape, count in shapes.items() if count >= 2 or count / total >= 0.5}
