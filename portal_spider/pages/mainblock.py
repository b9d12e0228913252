"""Find the main content block of a page with lxml (fast on whole pages)."""

from __future__ import annotations

import functools
import re
from collections import Counter

from lxml import etree

from .dates import MONTH_AFTER_DAY_NAME, MONTH_NAME
from .options import ExtractionOptions
from .selection import select_by_css
from .sources import HEURISTIC, SELECTOR
from .structured import in_a_comment_item
from .text import normalise_for_compare, short_text, text_content, topic_terms

_DROP_TAGS = (
    "script", "style", "noscript", "iframe", "button", "input",
    "select", "textarea", "svg", "template", "link", "meta", "object", "embed", "canvas",
    "figcaption",  # image captions are not article text (images themselves are kept)
)
# Furniture by tag, dropped unless it holds most of the page's prose (some sites wrap the
# whole article column in an <aside>).
_FURNITURE_TAGS = ("nav", "aside", "footer")
_SENTENCE_END = re.compile(r"[.!?](?=\s|$)|[。！？]")
_ITEM_TAGS = {"div", "li", "article", "section", "dl", "tr", "table"}
_HEADING_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
# Class/id words for page furniture.  Strong words count anywhere in a compound class
# ("post-comments", "ad_box"); weak ones only as a whole class or id ("side", not
# "pg-side-of-rail"), since BEM-style names reuse them inside article containers. A whole
# "sidebar" class is strong ("has-sidebar" on an article wrapper is weak).
_COMMENT_WORDS = {
    "comment", "comments", "comentarios", "commentaires", "kommentare", "commenti", "reacties", "kommentarer",
    "komentarze", "yorumlar", "pinglun", "disqus",
}
_STRONG = _COMMENT_WORDS | {
    "ad", "ads", "adv", "advert", "advertisement", "gg", "guanggao", "sponsor", "sponsored", "promo",
    "share", "sharing", "sharebar", "social", "related", "relate", "recommend", "recommended",
    "breadcrumb", "breadcrumbs", "crumbs", "cookie", "cookies", "newsletter",
    "subscribe", "signup", "popup", "modal", "outbrain", "taboola", "xgwz", "xgyd", "tjyd",
    "trending", "popular", "copyright", "pagination", "pager", "caption", "captions", "capt", "credit", "navbox",
    "credits", "gallery", "slideshow", "carousel", "lightbox",
    # The writer's box closing an article ("author-bio"): about the writer, not the story; a
    # forum poster's signature under each post.
    "bio", "biography", "signature", "postsign",
}
_WEAK = {
    "nav", "navbar", "navigation", "menu", "side", "aside", "footer", "foot", "header",
    "masthead", "topbar", "widget", "widgets", "tags", "tag", "hot", "hotnews", "rank", "banner",
    "toolbar", "search", "login", "print", "jump", "right", "left", "crumb", "position", "location",
}
# A comment word glued to its widget's ("commentlist", "commentbox"); not "commentary",
# which names opinion articles.
_GLUED_COMMENTS = re.compile(r"^comments?(?:list|box|area|form|wrap|wrapper|container|section|block|count|s)$")
# The same for related articles ("jp-relatedposts", "relatedarticles").
_GLUED_RELATED = re.compile(r"^related(?:posts?|articles?|stories|story|content|links?|news|items?|reads?)$")
_DIGITS = re.compile(r"\d+")
_PARTS = re.compile(r"[\s_-]+")
# Words that mark the article body itself; such elements are never dropped as boilerplate.
_CONTENT = re.compile(r"article|content|entry|post-body|story|text|main|body|detail|正文", re.I)
_PARAGRAPH_TAGS = {"p", "pre", "td", "blockquote", "li", "dd", "h2", "h3", "h4"}
_CONTAINER_TAGS = {"div", "td", "section", "article", "main", "center", "form", "blockquote", "tbody", "table", "tr", "body", "ul"}
_PUNCTUATION = re.compile(r"[,，。.!?！？；;、]")


def _furniture_label(label: str) -> str | None:
    """"strong", "weak" or None for a class/id string."""
    label = _DIGITS.sub("", label.lower())
    tokens = set(label.split())
    parts = _PARTS.split(label)
    if (not _STRONG.isdisjoint(parts) or any(_GLUED_COMMENTS.match(part) or _GLUED_RELATED.match(part) for part in parts)
            or "sidebar" in tokens):
        return "strong"
    return "weak" if not _WEAK.isdisjoint(tokens) else None


def _label(element) -> str:
    """What names an element's part in the page: its class and id, and the name of a
    custom element ("shreddit-comment", "related-articles")."""
    tag = element.tag if "-" in element.tag else ""
    return f"{element.get('class') or ''} {element.get('id') or ''} {tag}"


def labelled_furniture(root) -> list:
    """The outermost elements whose class or id names strong furniture (comments, related
    articles, share bars), short of the page's headline and most of its text: dates there
    are other items'."""
    page_length = len(text_content(root))
    found: list = []
    for element in root.iter():
        if (not isinstance(element.tag, str) or element.tag in ("html", "body")
                or not (element.get("class") or element.get("id") or "-" in element.tag)
                or any(ancestor in found for ancestor in element.iterancestors())):
            continue
        label = _label(element)
        if (_furniture_label(label) == "strong" and element.find(".//h1") is None
                and len(text_content(element)) < page_length * 0.5):
            found.append(element)
    return found


def in_comments(element) -> bool:
    """Whether the element lies in a readers' comment section: a block whose class or id
    names comments, below prose and short of the headline (a byline's comment counter,
    "firma_comentarios", sits above the article)."""
    for ancestor in (element, *element.iterancestors()):
        if ancestor.tag in ("html", "body"):
            return False
        label = _label(ancestor)
        if label.strip() and _comments_label(label):
            return ancestor.find(".//h1") is None and any(
                reads_as_prose(text_content(p)) for p in reversed(ancestor.xpath("preceding::p")))
    return False


@functools.lru_cache(maxsize=4096)
def _comments_label(label: str) -> bool:
    parts = _PARTS.split(_DIGITS.sub("", label.lower()))
    return not _COMMENT_WORDS.isdisjoint(parts) or any(map(_GLUED_COMMENTS.match, parts))


def reads_as_prose(text: str) -> bool:
    return len(text) > 80 and len(_SENTENCE_END.findall(text)) >= 2


def _prose(element) -> int:
    """Characters in the element's paragraphs that read as sentences (long, with full
    stops): <p> elements, and the lines between <br>s that older portals and forum
    software write paragraphs as."""
    total = sum(len(text) for paragraph in element.iter("p") if reads_as_prose(text := text_content(paragraph)))
    for parent in {br.getparent() for br in element.iter("br")}:
        if parent.tag != "p" and next(parent.iterancestors("p"), None) is None:
            total += sum(len(line) for line in _br_lines(parent) if reads_as_prose(line))
    return total


def _br_lines(element) -> list[str]:
    """The element's own text (its inline children's, not its nested blocks') cut at its
    <br> children."""
    lines, line = [], [element.text or ""]
    for child in element:
        if child.tag == "br":
            lines.append("".join(line))
            line = []
        elif isinstance(child.tag, str) and child.tag not in _CONTAINER_TAGS and child.tag not in _PARAGRAPH_TAGS:
            line.append(text_content(child))
        line.append(child.tail or "")
    lines.append("".join(line))
    return lines


def _holds_the_article(element, page_prose: int) -> bool:
    """Most of the page's prose, few links: the article, whatever its label or tag says
    (a teaser list also holds prose, but under links)."""
    return bool(page_prose) and _prose(element) > page_prose * 0.5 and _link_density(element) < 0.15


def _is_boilerplate(element, page_length: int, page_prose: int, strengths: dict[str, str | None]) -> bool:
    """``strengths`` holds the _furniture_label of the labels seen so far on this page."""
    label = _label(element)
    if not label.strip():
        return False
    if label not in strengths:
        strengths[label] = _furniture_label(label)
    strength = strengths[label]
    if strength is not None and element.get("id") and _anchor_of_own_text(element):
        label = element.get("class") or ""  # a heading's anchor made of its words ("related-quests-and-unlocks")
        strength = _furniture_label(label) if label.strip() else None
    if strength is None:
        return False
    # Never drop a container holding most of the page's text or prose: a label like
    # "has-sidebar" or "vertical-ad-con" on the article wrapper must not take the article with it.
    length = len(text_content(element))
    # A short article's own container holds the page's headline.
    if length > page_length * 0.5 or (_CONTENT.search(label) and (length > 500 or element.find(".//h1") is not None)):
        return False
    if _holds_the_article(element, page_prose):
        return False
    # Weak words ("widget", "left") also name article wrappers; only link lists and short
    # blocks under them are furniture.
    return strength == "strong" or length < 300 or _link_density(element) > 0.35


def _alphanumeric(text: str) -> str:
    return "".join(filter(str.isalnum, text.lower()))


def _anchor_of_own_text(element) -> bool:
    """An id that spells the element's own opening words: a heading's anchor, which says
    nothing of what the element is."""
    anchor = _alphanumeric(element.get("id"))
    return len(anchor) >= 4 and _alphanumeric(text_content(element)[:200]).startswith(anchor)


def _around_headline(root, title: str | None) -> set:
    """The elements that hold the h1 showing the title: the article's own containers,
    whatever their class says ("container vertical-ad-con")."""
    key = normalise_for_compare(title) if title else ""
    if not key:
        return set()
    holders = set()
    for heading in root.iter("h1"):
        if key in normalise_for_compare(text_content(heading)):
            holders.update(heading.iterancestors())
    return holders


_HIDDEN = etree.XPath("//*[not(self::body)][@hidden or contains(translate(@style, ' ', ''), 'display:none')]")
_SHORTEST_PROSE = 300  # characters of prose: less is no article left


def prune(root, title: str | None = None) -> None:
    """Drop non-content tags and page furniture in place before scoring."""
    # What a page serves readers without scripts is its text when prose ("<noscript
    # id=flarum-content>" holding the whole thread); a notice or a tracking pixel is not.
    for fallback in list(root.iter("noscript")):
        if _prose(fallback) >= _SHORTEST_PROSE:
            fallback.drop_tag()
    etree.strip_elements(root, *_DROP_TAGS, etree.Comment, etree.ProcessingInstruction, with_tail=False)
    page_prose = _prose(root)
    # A short article's container holds little of the page's prose; it holds its headline.
    kept = _around_headline(root, title)
    # A sidebar beside the page's <article> is furniture however much prose its feed holds.
    articles: list = []
    def beside_an_article(element) -> bool:
        if not articles:  # looked for only when a sidebar holds most of the prose
            articles.extend(a for a in root.iter("article") if page_prose and _prose(a) >= page_prose * 0.25)
        return any(element not in a.iterancestors() and a not in element.iterancestors() and a is not element
                   for a in articles)
    for element in list(root.iter(*_FURNITURE_TAGS)):
        if element.getparent() is not None and element not in kept and (
                not _holds_the_article(element, page_prose) or beside_an_article(element)):
            element.drop_tree()
    page_length = len(text_content(root))
    strengths: dict[str, str | None] = {}  # a page repeats its class names
    # Only an element with a class or an id can be boilerplate: most have neither.
    doomed = [el for el in root.iter() if isinstance(el.tag, str) and el.tag not in ("html", "body")
              and (el.get("class") or el.get("id") or "-" in el.tag) and el not in kept
              and _is_boilerplate(el, page_length, page_prose, strengths)]
    # A thread's opening post called a comment, like its replies, with no prose above it.
    doomed = [el for el in doomed if not (_comments_label(_label(el)) and _opens_a_thread(el) and not any(
        reads_as_prose(text_content(p)) for p in el.xpath("preceding::p")))]
    doomed_set = set(doomed)
    outermost = [el for el in doomed if not any(a in doomed_set for a in el.iterancestors())]
    if page_prose and page_prose - sum(_prose(el) for el in outermost) < min(page_prose * 0.1, _SHORTEST_PROSE):
        # Labels that would take all of the page's prose with them name the article's own
        # blocks (a slideshow article's "gallery--paragraph-section"s): those stay.
        doomed = [el for el in doomed if not _prose(el)]
    for element in doomed:
        if element.getparent() is not None:
            element.drop_tree()
    # Listed before any is dropped: a walk goes on into a dropped element and ends there.
    for element in _HIDDEN(root):
        if element.getparent() is not None:
            element.drop_tree()


def _own_text(element) -> str:
    """Text directly in the element and its inline children (not in nested blocks)."""
    return "".join(_br_lines(element)).strip()


def _link_density(element) -> float:
    text = len(text_content(element).strip())
    if not text:
        return 1.0
    links = sum(len(text_content(a).strip()) for a in element.iter("a"))
    return min(1.0, links / text)


def _mostly_links(element, length: int, link_lengths: dict, in_links: set) -> bool:
    """Link teasers (text inside or mostly made of <a>) are navigation, not paragraphs.
    ``link_lengths`` holds the text length of each link under ``element``, ``in_links``
    the elements inside a link."""
    if element in in_links:
        return True
    return sum(link_lengths[a] for a in element.iter("a")) > length * 0.5


def _paragraph_score(text: str) -> float:
    return 1 + len(_PUNCTUATION.findall(text)) + min(len(text) / 100, 3)


def _credit(scores: dict, element, score: float, own: bool) -> None:
    """Readability-style: a paragraph's score goes to its parent, half to the grandparent..."""
    if own:
        scores[element] = scores.get(element, 0) + score  # text right in a div/td counts for itself
    parent = element.getparent()
    for divisor in (1, 2, 3):
        if parent is None:
            break
        scores[parent] = scores.get(parent, 0) + score / divisor
        parent = parent.getparent()


def _scores(root) -> dict:
    scores: dict = {}
    # Lines too short to score alone (poems, one-line-per-div blogs) pool in their parent.
    short_lines: dict = {}
    link_lengths = {a: len(text_content(a)) for a in root.iter("a")}  # read once: nested blocks hold the same links
    # The elements inside a link, found from each link down rather than from each element up.
    in_links = {node for a in link_lengths for node in a.iterdescendants()}
    if next(root.iterancestors("a"), None) is not None:
        in_links.update(root.iter())  # a block inside a link: all of it is
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if element.tag in _PARAGRAPH_TAGS:
            text = text_content(element).strip() if element.tag in ("p", "pre") else _own_text(element)
        elif element.tag in _CONTAINER_TAGS:
            text = _own_text(element)
        else:
            continue
        if not text or _mostly_links(element, len(text), link_lengths, in_links):
            continue
        if len(text) < 20:
            parent = element.getparent()
            if parent is not None:
                short_lines[parent] = short_lines.get(parent, "") + text
            continue
        _credit(scores, element, _paragraph_score(text), element.tag not in ("p", "pre"))
    for parent, text in short_lines.items():
        if len(text) >= 80:
            _credit(scores, parent, _paragraph_score(text), True)
    return scores


def _outermost_wrapper(best):
    """The outermost ancestor that holds nothing but ``best``'s text: an article split over
    sibling blocks ("<div><div class=text>…</div></div>" ten times) has its siblings there."""
    length = len(text_content(best).strip())
    parent = best.getparent()
    while parent is not None and parent.tag not in ("body", "html") and len(text_content(parent).strip()) <= length * 1.1 + 20:
        best, parent = parent, parent.getparent()
    return best


def _siblings(best, best_score: float, scores: dict) -> list:
    parent = best.getparent()
    if parent is None:
        return [best]
    threshold = max(10.0, best_score * 0.2)
    chosen = []
    before = True
    for sibling in parent:
        if sibling is best:
            chosen.append(sibling)
            before = False
        elif isinstance(sibling.tag, str) and not _like_items(sibling):  # comments or teasers after it
            density = _link_density(sibling)
            score = scores.get(sibling, 0) * (1 - density)
            text = text_content(sibling).strip()
            paragraph = sibling.tag == "p" or (before and _wraps_a_paragraph(sibling))
            # Link-heavy neighbours with decent text are sidebars, not article continuations.
            if (score >= threshold and density < 0.2) or (paragraph and len(text) > 80 and density < 0.25):
                chosen.append(sibling)
    return chosen if len(chosen) > 1 else _same_shape_blocks(best)


def _wraps_a_paragraph(element) -> bool:
    """A block holding one <p>: a paper sets its opening paragraphs off one by one before the
    rest of the story ("<div class=firstPar><p>…</p></div>"); after the story such a block
    is more often a note or a promotion."""
    children = [child for child in element if isinstance(child.tag, str)]
    return len(children) == 1 and children[0].tag == "p" and not (element.text or "").strip()


# Both are searched for in whole blocks: the lookahead names the first character of every
# branch, so that most positions fail at once instead of in each branch.
_POST_HEADER = re.compile(
    r"(?=[发發楼樓只pjbqrmdi\d])(?:发表于|發表於|发表在|發表在|楼主|樓主|只看该作者|只看該作者|(?<!\d)\d{1,5}\s*[楼樓](?![\u4e00-\u9fff])|"
    rf"\bposted\s+(?:on|at|by|(?:{MONTH_NAME})\.?\s+\d)\b|\bposté\s+(?:le|par)\b|\bjoined\b|\bjoin\s+date\b|Beitrag\s+von|\bQuote\b|\bReply\b|"
    # When the poster joined, in the panel beside each post (glued to the rank before it).
    r"(?:registriert|mitglied|dabei)\s+seit\b|member\s+since\b|inscrit\s+le\b|registered\s*:)", re.I)
_MONTH_INITIALS = "".join(sorted({name[0] for name in MONTH_NAME.split("|")}))
_POST_DATE = re.compile(r"(?=\d)(?:\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}|\d{1,2}\.\d{1,2}\.\d{4}|\b\d{1,2}:\d{2}\b)"
                        # "Sep 5, 2019" (XenForo, Discourse); the lookahead fails most positions at once
                        rf"|(?i:\b(?=[{_MONTH_INITIALS}])(?:{MONTH_NAME})\.?\s+\d{{1,2}},?\s+\d{{4}}\b)")
# Beside a poster's header, other dates count too: "05-06-2023" (vBulletin), "5月 6日" and
# "May 6" (this year's posts), "6 mai 2023" (SMF and phpBB in French, German…).
_HEADED_POST_DATE = re.compile(rf"(?=\d)(?:\d{{1,2}}-\d{{1,2}}-\d{{4}}|\d{{1,2}}\s*月\s*\d{{1,2}}\s*日"
                               rf"|(?i:\d{{1,2}}\.?\s+(?:{MONTH_AFTER_DAY_NAME})\.?\s+\d{{4}}))"
                               rf"|(?i:\b(?=[{_MONTH_INITIALS}])(?:{MONTH_NAME})\.?\s+\d{{1,2}}\b)")  # "Posted May 6"


# A full date with a clock time, as an entry's header shows it ("2005-06-14 03:25:55").
# (A weekday in brackets may stand between the day and the clock: "2025/03/01(土) 07:02:15.33", 5ch.)
_ENTRY_STAMP = re.compile(r"\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?\s*(?:[(（][^)）\d]{1,4}[)）]\s*)?\d{1,2}:\d{2}")
_VISIBLE = re.compile(r"\S")
_ENTRY_HEAD = 200  # characters from an entry's start where its header is looked for
_ENTRY_FOOT = 80  # characters before its end where its footer is


def _is_post(item) -> bool:
    """A forum post: its own header with a date and a poster marker ("发表于", "Posted by"),
    or a dated entry: a date with a time at its head, then sentences (the entries of a blog
    archive or a thread whose header has no marker). A live blog's items show only a time
    of day, and the paragraphs of an article no date at all."""
    text = text_content(item)
    # (The date in any language when a <time> element carries it: "1. Juni 2020".)
    if (_POST_HEADER.search(text) or _posted_by_member(item)) and (
            _POST_DATE.search(text) or _HEADED_POST_DATE.search(text) or item.find(".//time[@datetime]") is not None):
        return True
    # Or a header line of its own over the message: a name beside the full date and clock
    # ("名無しさん 2025/03/01(土) 07:02:15.33 ID:Ab3dEf9g0", 5ch), whatever the message's sentences.
    parts = [child for child in item if isinstance(child.tag, str)]
    if len(parts) >= 2 and _post_header(parts[0]) and any(text_content(part).strip() for part in parts[1:]):
        return True
    start = _VISIBLE.search(text)
    stamp = start and _ENTRY_STAMP.search(text, start.start(), start.start() + _ENTRY_HEAD)
    if stamp:
        sentences = _SENTENCE_END.finditer(text, stamp.end())
        if next(sentences, None) is not None and next(sentences, None) is not None:
            return True
    # Or sentences, then the date and time in the entry's footer ("2005-3-1 16:10 | 评论(3)").
    footer = _ENTRY_STAMP.search(text, max(0, len(text.rstrip()) - _ENTRY_FOOT))
    return footer is not None and len(_SENTENCE_END.findall(text, 0, footer.start())) >= 2


# Where forum software links a poster's name: "/u/name", "/members/name.1/", "space-uid-1",
# "member.php?u=1".
_MEMBER_LINK = re.compile(r"/(?:members?|users?|profiles?|profil|u)/|[?&]un=|space-uid-\d|mod=space&(?:amp;)?uid="
                          r"|member\.php\?(?:u=)?\d|memberlist\.php\?mode=viewprofile|action=profile|profil-?\d", re.I)
_POSTER_LINKS = 3  # a post's first links: its header's


def _posted_by_member(item) -> bool:
    """A post's header: a link to its poster's member page among the item's first links."""
    links = [a.get("href") or "" for _, a in zip(range(_POSTER_LINKS), item.iter("a"))]
    return any(_MEMBER_LINK.search(href) for href in links)


def _post_shape(element) -> tuple:
    """How a thread's posts are alike: their tag and first class, without digits. Forum
    software alternates row classes ("post bg1", "post bg2"; "windowbg", "windowbg2") and
    marks the opening post ("b-post b-post--first", "topic-post topic-owner")."""
    classes = (element.get("class") or "").split()
    return element.tag, _DIGITS.sub("", classes[0]) if classes else None


_ITEM_TEXT = etree.XPath("//*[@itemprop='text' or @itemprop='articleBody']")


def _marked_question(root, best):
    """On a page whose posts are schema.org items (Stack Exchange's Question and its
    Answers), the text of the first item that is no answer or comment, when ``best`` lies
    in one: a long answer outscores the question it answers. When every post is marked a
    comment, the first one's."""
    if not in_a_comment_item(best):
        return None
    texts = [element for element in _ITEM_TEXT(root) if _has_sentences(element, shortest=20)]
    question = next((element for element in texts if not in_a_comment_item(element)), None)
    if question is None and texts:
        # Every post an item of its own, the first one too (NodeBB marks each a Comment):
        # the first is the thread's opening post, unless ``best`` already lies in it.
        scope = next((a for a in texts[0].iterancestors() if a.get("itemscope") is not None), texts[0])
        if scope is best or any(a is scope for a in best.iterancestors()) or any(a is best for a in scope.iterancestors()):
            return None
        question = texts[0]
    return question


_THREAD_DEPTH = 12  # levels from a message up to its post: Discuz! nests its message cell nine deep


def _first_post(best):
    """In a thread (like sibling blocks that each carry a post header), the part of the
    first post that matches ``best``'s place in its own post; None when ``best`` is in no
    thread or already in its first post."""
    path, item = [], best
    for _ in range(_THREAD_DEPTH):
        parent = item.getparent()
        if parent is None or parent.tag in ("body", "html"):
            return None
        shape = _post_shape(item)
        like = [sibling for sibling in parent if _post_shape(sibling) == shape]
        # A first "post" without a sentence is one post's header row above its message
        # (a post laid out as a table), not the opening post of a thread.
        if len(like) >= 2 and sum(map(_is_post, like)) * 2 > len(like) and _SENTENCE_END.search(text_content(like[0])):
            first = like[0]
            if first is item:
                return None
            target = first
            for tag, index in reversed(path):
                children = [child for child in target if child.tag == tag]
                if index >= len(children):
                    return first
                target = children[index]
            return target
        path.append((item.tag, [child for child in parent if child.tag == item.tag].index(item)))
        item = parent
    return None


def _opening_post(thread):
    """The message of the first of the posts ``thread`` is made of (like children, most
    with a post header); None when it is no thread. A thread of short posts scores as a
    whole. The posts may sit in the block holding nearly all of its text, beside the
    thread's toolbars ("<div id=postlist><div>tools</div><ol id=posts>…</ol></div>")."""
    # (Rules and breaks between posts are no part of the thread's shape.)
    children = [child for child in thread if isinstance(child.tag, str) and child.tag not in ("br", "hr")]
    while len(children) == 1:  # the thread's list inside its wrapper ("<div><ol>posts</ol></div>")
        children = [child for child in children[0] if isinstance(child.tag, str) and child.tag not in ("br", "hr")]
    if len(children) < 2:
        return None
    biggest = max(children, key=lambda child: len(text_content(child)))
    if (len(text_content(biggest)) >= _MESSAGE_SHARE * len(text_content(thread)) and biggest.tag in _CONTAINER_TAGS | {"ol"}
            and not any(child.tag == "p" and _SENTENCE_END.search(text_content(child)) for child in children)):
        return _opening_post(biggest)
    shape = Counter(map(_post_shape, children)).most_common(1)[0][0]
    posts = [child for child in children if _post_shape(child) == shape]
    if shape[0] not in _ITEM_TAGS or len(posts) < 2 or sum(map(_is_post, posts)) * 2 <= len(posts):
        return None
    first = posts[0]
    if _post_header(first):
        return None  # header rows between messages: each post's header and message side by side
    # Bare paragraphs of sentences before the first "post": an article, its comments below it.
    lead = [child for child in children[: children.index(first)] if child.tag == "p" and _SENTENCE_END.search(text_content(child))]
    if len(lead) >= 2:
        return None
    message = _biggest_part(first)
    # The part holding most of the post's text is its message; the rest is its header.
    if message is None or len(text_content(message)) * 2 <= len(text_content(first)):
        return first
    # Inside it, a block holding nearly all of it, the poster's details beside it ("Join
    # Date", "Posts") are no message either.
    while (inner := _biggest_part(message)) is not None and inner.tag in _CONTAINER_TAGS and (
            len(text_content(inner)) >= _MESSAGE_SHARE * len(text_content(message))):
        message = inner
    return message


_MESSAGE_SHARE = 0.8


def _biggest_part(element):
    return max((child for child in element if isinstance(child.tag, str)), key=lambda c: len(text_content(c)), default=None)


def _has_sentences(element, shortest: int = 40) -> bool:
    """Text that reads as sentences, however short its paragraphs (news often runs one or
    two sentences a paragraph)."""
    text = text_content(element).strip()
    return len(text) >= shortest and bool(_SENTENCE_END.search(text))


# Numbers and hexadecimal ids in class names ("et_pb_text_0", "elementor-element-3a1f3e").
_ID_IN_CLASS = re.compile(r"(?<![a-z])(?=[0-9a-f]*\d)[0-9a-f]{5,}(?![a-z])|\d+")


def _class_shape(element) -> str:
    return _ID_IN_CLASS.sub("", element.get("class") or "")


def _same_shape_blocks(best) -> list:
    """An article split over sibling blocks built alike ("<div><div class=text>…</div></div>"
    ten times): the block holding ``best`` and its like siblings that hold sentences with
    few links; [best] when there are none."""
    block = _outermost_wrapper(best)
    parent = block.getparent()
    if parent is None or _is_post(block):
        return [best]  # a thread's replies are no continuation of its first post
    # A block of its own may hold one short sentence, most often the article's last; one
    # between two such blocks may hold none (a step's list of things needed).
    # Page builders number their modules ("et_pb_text_0", "et_pb_text_1") or give them ids.
    shape = _class_shape(block)
    alike = [sibling for sibling in parent if sibling is block or (
        sibling.tag == block.tag and _class_shape(sibling) == shape and _link_density(sibling) < 0.2)]
    sentences = [index for index, sibling in enumerate(alike) if sibling is block or _has_sentences(sibling, shortest=20)]
    like = alike[sentences[0]: sentences[-1] + 1] if len(sentences) >= 3 else []
    return like or [best]


def _text_children(container, container_score: float, scores: dict) -> list:
    """When paragraphs sit directly in <body>, keep them and well-scored blocks, not the whole page."""
    if sum(1 for child in container if child.tag == "p") < 3:
        return []  # not a page of bare paragraphs: keep the whole container
    threshold = max(10.0, container_score * 0.2)
    kept = []
    for child in container:
        if not isinstance(child.tag, str):
            continue
        paragraph = child.tag in ("p", "pre", "blockquote", "h2", "h3", "h4") and _link_density(child) < 0.5
        if paragraph or scores.get(child, 0) * (1 - _link_density(child)) >= threshold:
            kept.append(child)
    return kept


def select_main(root, options: ExtractionOptions, title: str | None = None) -> tuple[list, str]:
    """The main content element(s) in document order (the body when nothing scores), and
    whether the portal's selector or the heuristic chose them."""
    selected = select_by_css(root, options.body_selector)
    if selected:
        return selected, SELECTOR
    chosen = _scored_main(root, title)
    kept = []
    for block in chosen:
        found = _trailing_replies(block) + _flat_replies(block) + _comment_sections_after_text(block)
        if block in found:
            continue  # a block of replies alone, chosen beside the post
        for replies in found:
            if replies.getparent() is not None:  # (found twice, or inside one dropped)
                replies.drop_tree()
        kept.append(block)
    chosen = kept or chosen
    if len(chosen) > 1 and chosen[0].getparent() is not None:
        # Messages chosen as siblings, the header lines between them left out.
        replies = set(_flat_replies(chosen[0].getparent(), inside=False))
        chosen = [block for block in chosen if block not in replies] or chosen
    return chosen, HEURISTIC


# A post's header line on its own: who posted it and when ("作者：张三 回复日期：2005-8-16 10:00").
_HEADER_LABEL = re.compile(r"作\s*者|回\s*[复覆]|發\s*表|发\s*表|发帖|發帖|\bposted\b|\breply\b|\bvon\b", re.I)
_HEADER_LENGTH = 150


# Or, without a label, a short line of a name and the full date with its clock, no sentence:
# "网友甲 2005-03-06 16:17 [回复]", "VelvetRoomRegular 2/6/2024 4:53:11 PM" (a date alone
# heads a changelog's or a diary's entries).
_STAMP = re.compile(r"\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?\s*(?:[(（][^)）\d]{1,4}[)）]\s*)?\d{1,2}\s*[:：]\s*\d{2}(?:\s*[:：]\s*\d{2})?"
                    # Day and month first: "2/6/2024 4:53:11 PM" (GameFAQs), "06.02.2024, 16:53".
                    r"|\d{1,2}[/.]\d{1,2}[/.]\d{4},?\s+\d{1,2}:\d{2}(?::\d{2})?")
_STAMP_LENGTH = 60
_BUTTON = re.compile(r"[\[【(（][^\]】)）]{1,6}[\]】)）]")


def _post_header(element) -> bool:
    return _poster(element) is not None


def _poster(element) -> str | None:
    """For a post's header line, the name it shows beside an unlabelled date ("" after a
    label); None for any other element."""
    text = short_text(element, _HEADER_LENGTH)
    if text is None or _POST_DATE.search(text) is None or text.rstrip().endswith(("。", "！", "？")):
        return None  # (a sentence closing with its date is a citation: "《…发表重要讲话》，新华社，2023年2月7日。")
    if _HEADER_LABEL.search(text) is not None:
        return ""
    stamp = _STAMP.search(text) if len(text.strip()) <= _STAMP_LENGTH and not _SENTENCE_END.search(text) else None
    name = re.sub(r"\W", "", _BUTTON.sub("", text[: stamp.start()] + text[stamp.end():])) if stamp else ""
    return name if len(re.sub(r"[\d_]", "", name)) >= 2 else None


def _several_posters(headers: list) -> bool:
    """Replies come from several people: header lines that name a poster without a label
    must not all name the same (a changelog's "2005-03-01 10:00 更新" heads each entry alike)."""
    names = [name for element in headers if (name := _poster(element))]
    return len(names) < len(headers) or len(set(names)) >= 2


_REPLY_LENGTH = 1500


def _reply_header(element):
    """The header line of a block holding one reader's message and it, first or last of its
    parts; None for any other block."""
    parts = [child for child in element if isinstance(child.tag, str)]
    if not 2 <= len(parts) <= 4 or len(text_content(element)) > _REPLY_LENGTH:
        return None
    return next((part for part in (parts[0], parts[-1]) if _post_header(part)), None)


def _flat_replies(block, inside: bool = True) -> list:
    """Replies that follow the first post as siblings of its message, each set off by a
    header line of its own (a poster and a date: "作者：张三 回复日期：…"), rather than in
    blocks of their own: two or more headers alternating with messages after the first
    post (which reads as sentences, under a header like theirs or in a block of its own);
    they and all after them. Looked for in ``block`` and, ``inside``, in its blocks."""
    for container in block.iter(*_CONTAINER_TAGS) if inside else [block]:
        children = [child for child in container if isinstance(child.tag, str)]
        # Replies in blocks of their own, each with its header line, after the post's sentences.
        reply_headers = {index: header for index, child in enumerate(children) if (header := _reply_header(child)) is not None}
        replies = list(reply_headers)
        if (len(replies) >= 2 and replies[0] >= 1 and replies == list(range(replies[0], replies[-1] + 1))
                and _several_posters(list(reply_headers.values()))):
            before = "".join(text_content(child) for child in children[: replies[0]])
            if len(_SENTENCE_END.findall(before)) >= 2:
                return children[replies[0]:]
        headers = [index for index, child in enumerate(children) if _post_header(child)]
        if (len(headers) < 2 or not all(b - a >= 2 for a, b in zip(headers, headers[1:]))
                or not _several_posters([children[index] for index in headers])):
            continue
        start = _first_reply(children, headers)
        before = "".join(text_content(child) for child in children[:start])
        if len(_SENTENCE_END.findall(before)) >= 2:
            return children[start:]
        if start == 0 and _after_sentences(container):
            return [container]  # a block of replies alone, below the post
        message = "".join(text_content(child) for child in children[headers[0] + 1: headers[1]])
        if len(headers) >= 3 and len(_SENTENCE_END.findall(message)) >= 2:
            return children[headers[1]:]
    return []


def _first_reply(children: list, headers: list[int]) -> int:
    """Where the replies start among ``children``: at the first header line, or, when each
    header closes its message (the last child is one), at the message above it, unless that
    is built unlike the replies' messages (then the header closes the post itself)."""
    if headers[-1] != len(children) - 1:
        return headers[0]
    start = headers[0] - (headers[1] - headers[0] - 1)
    message = children[headers[1] - 1]
    if start < 0 or any((child.tag, child.get("class")) != (message.tag, message.get("class"))
                        for child in children[start: headers[0]]):
        return headers[0] + 1
    return start


def _after_sentences(element) -> bool:
    """Sentences of the post stand in the blocks just before ``element``."""
    before = "".join(text_content(sibling) for sibling in element.itersiblings(preceding=True))
    return len(_SENTENCE_END.findall(before)) >= 2


_REPLY_TAGS = {"div", "article", "section", "dl", "table"}


def _trailing_replies(block) -> list:
    """Lists of dated items that close the block after its prose and hold less than half
    its text, with the heading just above them: readers' comments or replies, unlabelled.
    A live blog's dated items are most of its block; an article's bullet lists are <li>."""
    total = len(text_content(block))
    lists = []
    for element in block.iter(*_REPLY_TAGS):
        if element is block or len(element) < 3 or any(ancestor in lists for ancestor in element.iterancestors()):
            continue
        children = [child for child in element if isinstance(child.tag, str)]
        shape = Counter((child.tag, child.get("class")) for child in children).most_common(1)[0][0]
        if shape[0] not in _REPLY_TAGS or not _like_items(element):
            continue
        if len(text_content(element)) * 2 >= total and not _titled_after_prose(element, block):
            continue  # most of the block: a live blog's entries, unless titled as a list below an article
        items = [child for child in children if (child.tag, child.get("class")) == shape]
        if sum(bool(_POST_DATE.search(text_content(item))) for item in items) * 2 > len(items):
            lists.append(element)
    if not lists:
        return []
    order = {element: index for index, element in enumerate(block.iter())}
    last_prose = max((order[p] for p in block.iter("p") if _prose(p)), default=-1)
    found = []
    for element in lists:
        if last_prose > max(order[e] for e in element.iter()):
            continue  # the article goes on after it
        heading = element.getprevious()
        if heading is not None and (heading.tag in _HEADING_TAGS or _is_list_title(heading)):
            found.append(heading)
        found.append(element)
    return found


def _titled_after_prose(element, block) -> bool:
    """A list with its own title just above it ("网友评论", "Comments"), after sentences of
    the block's own: the replies below a short article, however long they run."""
    heading = _list_title(element)
    if heading is None:
        return False
    before = []
    for node in block.iter():
        if node is heading or node is element:
            break
        if node.tag == "p":
            before.append(text_content(node))
    text = "".join(before)
    return len(text) >= 100 and len(_SENTENCE_END.findall(text)) >= 2


def _list_title(element):
    """The heading just above the list, or opening it; None when it has none."""
    for candidate in (element.getprevious(), next((c for c in element if isinstance(c.tag, str)), None)):
        if candidate is not None and (candidate.tag in _HEADING_TAGS or _is_list_title(candidate)):
            return candidate
    return None


def _is_list_title(element) -> bool:
    text = text_content(element).strip()
    return 0 < len(text) <= 30 and not _SENTENCE_END.search(text) and len(element) <= 2


def _like_items(element) -> bool:
    """A list of three or more short children built alike that hold most of its text:
    comments, teasers."""
    children = [child for child in element if isinstance(child.tag, str)]
    if len(children) < 3:
        return False
    shape, count = Counter((child.tag, child.get("class")) for child in children).most_common(1)[0]
    if shape[0] not in _ITEM_TAGS:
        return False  # an article's own paragraphs are alike too
    items = [child for child in children if (child.tag, child.get("class")) == shape]
    alike = sum(len(text_content(child)) for child in items)
    # Comments and teasers run short; the items of a live blog or a split review do not.
    if not (count >= 3 and alike >= 0.7 * len(text_content(element)) and alike / count <= 300):
        return False
    # An article whose every paragraph has a block of its own ("mc-column content-text")
    # has its subheadings, figures and ad slots between them, and few of them are dated or
    # mostly links. A list of teasers or comments runs unbroken.
    first, last = children.index(items[0]), children.index(items[-1])
    if last - first + 1 == len(items):
        return True
    dated = sum(bool(_POST_DATE.search(text_content(item))) for item in items)
    linked = sum(_link_density(item) >= 0.3 for item in items)
    return dated * 3 > len(items) or linked * 3 > len(items)


def _title_heading(root, title: str | None):
    headings = list(root.iter("h1"))
    if not headings:
        return None
    key = normalise_for_compare(title) if title else None
    # The heading may carry a kicker before the title or a button label after it ("播报").
    return next((h for h in headings if key and key in normalise_for_compare(text_content(h))), headings[0])


def _after_title(root, title: str | None, best, scores: dict):
    """The first block of sentences below the title that lies before ``best`` and outside
    it: a short article whose comments or teasers outscore it."""
    heading = _title_heading(root, title)
    if heading is None or best in heading.iterancestors():
        return None
    holders = set(best.iterancestors())
    for element in heading.xpath("following::*")[:80]:
        if element is best or any(ancestor is best for ancestor in element.iterancestors()):
            return None  # reached the list itself
        block = element.getparent() if element.tag == "p" else element
        # A paragraph beside the list belongs to a parent that holds the list too.
        if block is not None and block in scores and block.tag not in _HEADING_TAGS and block not in holders:
            text = text_content(element).strip()
            if len(text) >= 40 and len(_SENTENCE_END.findall(text)) >= 2 and _link_density(element) < 0.3:
                return block
    return None


def _under_another_headline(root, title: str | None, best) -> bool:
    """Whether ``best`` lies below a second headline that follows the title's own heading:
    the next article of an endless-scroll page or a recommended story, not this one."""
    key = normalise_for_compare(title) if title else None
    headings = list(root.iter("h1"))
    if not key or len(headings) < 2:
        return False
    own = next((h for h in headings if key in normalise_for_compare(text_content(h))), None)
    if own is None or any(ancestor is best for ancestor in own.iterancestors()):
        return False
    order = {element: index for index, element in enumerate(root.iter())}
    inside_best = set(best.iter("h1"))
    return any(order[own] < order[other] < order[best] and other not in inside_best
               and len(clean := normalise_for_compare(text_content(other))) >= 8 and clean != key
               for other in headings if other is not own)


_TITLE_HEADINGS = {"h1", "h2", "h3"}


def _text_outside_headings(element) -> str:
    """The element's text outside h1, h2 and h3 (those around it included), as the XPath
    .//text()[not(ancestor::h1 or ancestor::h2 or ancestor::h3)] gives it, in one walk
    instead of that XPath's climb to the root from every text."""
    depth = sum(1 for ancestor in element.iterancestors() if ancestor.tag in _TITLE_HEADINGS)
    parts = []
    for event, node in etree.iterwalk(element, events=("start", "end", "comment", "pi")):
        if event == "start":
            depth += node.tag in _TITLE_HEADINGS
            if node.text and not depth:
                parts.append(node.text)
            continue
        if event == "end":
            depth -= node.tag in _TITLE_HEADINGS
        if node is not element and node.tail and not depth:
            parts.append(node.tail)  # after a comment or a child: text of the parent
    return "".join(parts)


def _about_title(element, terms: set[str], title: str) -> float:
    """The share of the title's terms that the element's text uses outside headings and
    copies of the title (a block that shows the headline, a breadcrumb, is not about it)."""
    text = _text_outside_headings(element).lower()
    text = " ".join(text.split()).replace(" ".join(title.lower().split()), " ")
    return sum(term in text for term in terms) / len(terms)


def _on_the_title(best, best_score: float, scores: dict, title: str | None):
    """A block of sentences about the title when ``best`` uses hardly any of its words: a
    short article outscored by a consent notice, a sign-up form or an author's profile."""
    terms = topic_terms(title)
    if len(terms) < 3 or _about_title(best, terms, title) >= 0.2:
        return best, best_score
    nested = set(best.iter()) | set(best.iterancestors())
    candidates = sorted(scores.items(), key=lambda item: item[1], reverse=True)[:30]
    about = [(element, adjusted) for element, score in candidates if element not in nested
             and (adjusted := score * (1 - _link_density(element))) >= 3
             and _has_sentences(element) and _about_title(element, terms, title) >= 0.5]
    return max(about, key=lambda item: item[1]) if about else (best, best_score)


def comment_section(element):
    """The outermost block around ``element`` (itself included) that its class, id or
    custom element's name labels as comments, holding no headline; None when there is none
    or it is a thread's first post."""
    labelled = [ancestor for ancestor in (element, *element.iterancestors())
                if ancestor.tag not in ("html", "body") and (label := _label(ancestor)).strip() and _comments_label(label)]
    if not labelled or labelled[-1].find(".//h1") is not None:
        return None
    return None if _opens_a_thread(labelled[-1]) else labelled[-1]


def _opens_a_thread(element) -> bool:
    """The first of two or more posts built alike (forum software that calls every post a
    comment, "js-comment-entry", calls the opening one so too)."""
    parent = element.getparent()
    shape = _post_shape(element)
    if parent is None or any(_post_shape(sibling) == shape for sibling in element.itersiblings(preceding=True)):
        return False
    alike = [sibling for sibling in parent if _post_shape(sibling) == shape]
    return len(alike) >= 2 and sum(map(_is_post, alike)) * 2 > len(alike)


def _comment_sections_after_text(block) -> list:
    """The blocks inside ``block`` labelled as comments that follow two sentences or more
    of its own text (a comment tree scored with the post above it)."""
    if not any(_comments_label(_label(node)) for node in block.iter()
               if isinstance(node.tag, str) and (node.get("class") or node.get("id") or "-" in node.tag)):
        return []
    sections, sentences = [], 0
    walker = etree.iterwalk(block, events=("start",))
    for _, node in walker:
        if not isinstance(node.tag, str):
            continue
        if (sentences >= 2 and node is not block and (node.get("class") or node.get("id") or "-" in node.tag)
                and _comments_label(_label(node)) and node.find(".//h1") is None):
            sections.append(node)
            walker.skip_subtree()
            continue
        sentences += len(_SENTENCE_END.findall(node.text or "")) + len(_SENTENCE_END.findall(node.tail or ""))
    return sections


def _before_comments(best, best_score: float, scores: dict):
    """The best block of sentences before a comment section that ``best`` lies in, or that
    holds most of ``best``'s text, in the same part of the page: replies that outweigh a
    short post or article are still replies (a comment tree kept for holding most of the
    page's text). Forum software that calls every post a comment ("comments" around a
    whole topic) leaves only furniture before it, a cookie notice at the top of the body."""
    section = comment_section(best)
    if section is not None:
        region = next((a for a in (section, *section.iterancestors()) if a.getparent() is not None
                       and a.getparent().tag in ("body", "html")), section)
    else:
        inside = _comment_sections_after_text(best)
        if not inside or sum(len(text_content(s)) for s in inside) * 2 < len(text_content(best)):
            return best, best_score  # most of it the article's: the sections are cut from it
        region, section = best, inside[0]
    if region is section:
        return best, best_score
    order = {element: index for index, element in enumerate(region.iter())}
    holders = set(section.iterancestors())
    candidates = sorted(scores.items(), key=lambda item: item[1], reverse=True)[:30]
    before = [(element, adjusted) for element, score in candidates if order.get(element, order[section]) < order[section]
              and element not in holders and (adjusted := score * (1 - _link_density(element))) >= 3
              and _has_sentences(element, shortest=20) and comment_section(element) is None]
    return max(before, key=lambda item: item[1]) if before else (best, best_score)


def _close_ancestor(best, best_score: float, adjusted: list):
    """The container of an article split over sibling blocks built alike, when it scores
    nearly as well as ``best``, one of the blocks (their links weigh on each as on the whole)."""
    block = _outermost_wrapper(best)
    parent = block.getparent()
    if parent is None or sum(1 for s in parent if s.tag == block.tag and s.get("class") == block.get("class")) < 2:
        return best, best_score
    holders = {parent, *parent.iterancestors()}
    ancestors = list(best.iterancestors())[:3]
    close = [(element, score) for element, score in adjusted if element in ancestors and element in holders
             and element.tag not in ("body", "html") and score >= best_score * 0.95 and not _like_items(element)]
    return max(close, key=lambda item: ancestors.index(item[0])) if close else (best, best_score)


def _text_holder(best, best_score: float, adjusted: list):
    """The child of ``best`` that holds its text written straight into it (lines cut by
    <br>), when nearly all of ``best``'s score is that: _credit counts such text for the
    child and its parent alike, so the wrapper of the article and its notices outscores it."""
    for child, score in adjusted:
        if (child.getparent() is best and score >= best_score * _HOLDER_SHARE
                and len(own := _own_text(child)) >= 20 and _paragraph_score(own) >= best_score * _HOLDER_SHARE):
            return child, score
    return best, best_score


_HOLDER_SHARE = 0.85


def _scored_main(root, title: str | None = None) -> list:
    scores = _scores(root)
    if not scores:
        body = root.find("body")
        return [body if body is not None else root]
    # Link density is costly on whole pages, so only the top raw scores are re-ranked by it.
    top = sorted(scores.items(), key=lambda item: item[1], reverse=True)[:10]
    adjusted = [(element, score * (1 - _link_density(element))) for element, score in top]
    best, best_score = max(adjusted, key=lambda item: item[1])
    best, best_score = _text_holder(best, best_score, adjusted)
    best, best_score = _close_ancestor(best, best_score, adjusted)
    if best.tag not in ("body", "html"):
        best, best_score = _on_the_title(best, best_score, scores, title)
        best, best_score = _before_comments(best, best_score, scores)
    if best.tag in ("body", "html"):
        return _text_children(best, best_score, scores) or [best]
    post = _marked_question(root, best)
    post = _first_post(best) if post is None else post
    if post is not None:
        return [post]
    if _like_items(best) or _under_another_headline(root, title, best):
        near = _after_title(root, title, best, scores)
        if near is not None:
            return [block for block in _siblings(near, scores[near], scores) if block is not best and not _like_items(block)]
    # Only now: dated comments below an article are posts too, and the article comes first.
    post = _opening_post(best)
    if post is not None:
        return [post]
    return _siblings(best, best_score, scores)
