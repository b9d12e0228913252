"""Which link of a listing page leads to its next page.

In order of trust: ``rel=next``; a link reading "下一页", "Next", "›", "Older posts" (or
titled so); the number after the current one in a numbered page bar. "»" and ">>" are
taken only when nothing better is there, since many bars use them for the last page.
"""

from __future__ import annotations

import os
import re

from .anchors import Anchor, absolute_url

_DECORATION = r"[\s<>«»‹›←→\[\]【】()（）|·.…:：]*"
NEXT_TEXT = re.compile(
    rf"^{_DECORATION}(?:下一?[页頁张張]|后一?[页頁]|後一?[页頁]|next(?:\s+page)?|older(?:\s+(?:posts|entries|articles|stories))?|"
    rf"more\s+(?:posts|articles|stories|news)|load\s+more|show\s+more|加载更多|載入更多|更早|(?:早期|较早|較早|较旧|較舊|更早的?)(?:文章|日志|日誌|帖子|内容|內容)|siguiente|weiter|nächste(?:\s+seite)?|suivant|次へ|次のページ|다음(?:\s*페이지)?){_DECORATION}$",
    re.I,
)
ARROW_NEXT = re.compile(r"^\s*(?:›|>|→|⟩|〉|＞)\s*$")
ARROW_LAST = re.compile(r"^\s*(?:»|>>|>\||≫|》)\s*$")
PREVIOUS_TEXT = re.compile(rf"^{_DECORATION}(?:上一?[页頁]|前一?[页頁]|prev(?:ious)?(?:\s+page)?){_DECORATION}$", re.I)
FIRST_TEXT = re.compile(rf"^{_DECORATION}(?:首[页頁]|第一[页頁]|first(?:\s+page)?){_DECORATION}$", re.I)
LAST_TEXT = re.compile(r"(末页|末頁|尾页|尾頁|最后一页|最後一頁|\blast\b)", re.I)
_DIGIT_RUN = re.compile(r"\d+")
_NUMBER = re.compile(r"^\s*[\[(（]?\s*(\d{1,5})\s*[\])）]?\s*$")
_CURRENT_CLASS = re.compile(r"\b(cur|current|active|on|selected|thisclass|now|this|here|page-current|is-current)\b", re.I)
_NEXT_CLASS = re.compile(r"(?:^|[\s_-])(?:next(?:postslink|page|link)?|nxt)(?:$|[\s_-])", re.I)
# Where a listing URL keeps its page number: ?page=3, _3.html, /page/3/, -3.html, /3/.
_PAGE_NUMBER = re.compile(r"(?:[?&](?:page|p|pn|pg|paged|pagenum|pageno|pageindex|curpage)=|[_/-]|/page/)(\d{1,5})(?=\.\w+$|/?$|[&#?])", re.I)


def _label(anchor: Anchor) -> str:
    element = anchor.element
    return anchor.text or (element.get("aria-label") or element.get("title") or "").strip()


def _attribute_says_next(anchor: Anchor) -> bool:
    element = anchor.element
    words = " ".join(element.get(name) or "" for name in ("title", "aria-label"))
    if words and NEXT_TEXT.match(words.strip()):
        return True
    return bool(_NEXT_CLASS.search(element.get("class") or "")) and not anchor.is_headline


def _rel_next(root, anchors: list[Anchor], base: str, keep) -> list[str]:
    found = []
    for element in root.xpath("//link[@rel][@href] | //a[@rel][@href]"):
        if "next" in (element.get("rel") or "").lower().split():
            url = absolute_url(element.get("href"), base)
            if url and keep(url):
                found.append(url)
    return found


def _numbered_next(anchors: list[Anchor], page_url: str) -> list[str]:
    """In a bar of page numbers, the link to the number after the current page's."""
    numbered = [(a, int(m.group(1))) for a in anchors if (m := _NUMBER.match(a.text))]
    by_bar: dict[object, list[tuple[Anchor, int]]] = {}
    for anchor, number in numbered:  # keyed by element: a freed proxy's id() is reused
        by_bar.setdefault(_bar_of(anchor.element), []).append((anchor, number))
    # The listing's own bar is the one whose links are most like this page's URL
    # (forum-2-3.html beside forum-2-2.html; a thread's own pages and a table of reply
    # counts link elsewhere); among equals, links carrying their numbers (page=3) before
    # bars of offsets (start=40).
    affinity = {bar: max(len(os.path.commonprefix([a.url, page_url])) for a, _ in members)
                for bar, members in by_bar.items()}
    closest = max(affinity.values(), default=0)
    bars = sorted((members for bar, members in by_bar.items() if affinity[bar] == closest),
                  key=lambda members: not _numbers_in_urls(members))
    for members in bars:
        if len(members) < 2 and not _current_number(members[0][0].element):
            continue
        current = _current_number(members[0][0].element)
        if current is None:
            current = next((n for a, n in members if a.url == page_url), None)
        if current is None:
            current = _number_in_url(page_url, [(a.url, n) for a, n in members])
        following = [a.url for a, n in members if n == current + 1 and a.url != page_url]
        if following:
            return following[:1]
    return []


def _numbers_in_urls(members: list[tuple[Anchor, int]]) -> bool:
    return sum(1 for anchor, number in members if str(number) in _DIGIT_RUN.findall(anchor.url)) * 2 > len(members)


def _bar_of(element):
    """The element holding a page-number link and its siblings: the nearest ancestor with
    two or more number links."""
    node = element.getparent()
    for _ in range(4):
        if node is None:
            break
        count = sum(1 for a in node.iter("a") if _NUMBER.match(a.text_content() or ""))
        if count >= 2:
            return node
        node = node.getparent()
    return element.getparent()


def _current_number(link_element) -> int | None:
    """The number the bar shows as the current page: not a link, or marked current."""
    bar = _bar_of(link_element)
    if bar is None:
        return None
    for element in bar.iter():
        if not isinstance(element.tag, str):
            continue
        own = (element.text or "").strip()
        match = _NUMBER.match(own) if own else None
        if not match:
            continue
        parent = element.getparent()
        marked = any(
            _CURRENT_CLASS.search(node.get("class") or "") or node.get("aria-current")
            for node in (element, parent) if node is not None and node is not bar
        )
        is_link = element.tag == "a" and element.get("href") and not element.get("href", "").startswith(("#", "javascript"))
        if marked or (not is_link and element.tag in ("span", "strong", "b", "em", "li", "font", "a", "i", "label")):
            return int(match.group(1))
    return None


def _number_in_url(page_url: str, links: list[tuple[str, int]]) -> int:
    """The current page's number read from its URL by the pattern its neighbours' URLs share;
    a listing URL without one is page 1."""
    for url, number in links:
        for match in _PAGE_NUMBER.finditer(url):
            if int(match.group(1)) != number:
                continue
            prefix, suffix = url[: match.start(1)], url[match.end(1):]
            if page_url.startswith(prefix) and page_url.endswith(suffix):
                middle = page_url[len(prefix): len(page_url) - len(suffix) if suffix else None]
                if middle.isdigit():
                    return int(middle)
    return 1


def find_next_pages(root, anchors: list[Anchor], page_url: str, base: str, keep) -> list[str]:
    """The next page's URL(s), absolute, in page order; [] on the last page.

    ``anchors`` are the page's links that ``keep`` accepted (same portal)."""
    candidates = [a for a in anchors if a.url != page_url]
    strong = [url for url in _rel_next(root, candidates, base, keep) if url != page_url]
    strong += [a.url for a in candidates if NEXT_TEXT.match(_label(a)) or ARROW_NEXT.match(_label(a))]
    if not strong:
        # A class or title saying "next" on a link whose own words say something else
        # (some CMSs put class="Next" on every pager link) does not count.
        strong = [a.url for a in candidates if _attribute_says_next(a) and not _says_other_page(a)]
    strong = [url for url in strong if not LAST_TEXT.search(_title_of(url, candidates))]
    numbered = _numbered_next(anchors, page_url)
    if strong:
        # "Next" that jumps to the next block of ten pages, past the page after this one.
        if numbered and numbered[0] not in strong and _further(strong[0], numbered[0]):
            return numbered
        return list(dict.fromkeys(strong))
    if numbered:
        return numbered
    arrows = list(dict.fromkeys(a.url for a in candidates if ARROW_LAST.match(_label(a)) and not LAST_TEXT.search(
        (a.element.get("title") or "") + (a.element.get("aria-label") or ""))))
    if arrows:
        return arrows
    # A board that numbers its pages oldest first (PTT's index.html is the newest) has
    # only a "previous page" link on its entry page, and that is where older posts are.
    if not _PAGE_NUMBER.search(page_url):
        return list(dict.fromkeys(a.url for a in candidates if PREVIOUS_TEXT.match(_label(a))))[:1]
    return []


def _further(url: str, following: str) -> bool:
    """Whether ``url`` is the same listing URL as ``following`` with a larger page number."""
    prefix = os.path.commonprefix([url, following])
    suffix = os.path.commonprefix([url[len(prefix):][::-1], following[len(prefix):][::-1]])[::-1]
    cut = len(suffix)
    ours, theirs = url[len(prefix): len(url) - cut], following[len(prefix): len(following) - cut]
    while prefix and prefix[-1].isdigit():  # the numbers' shared leading digits
        ours, theirs, prefix = prefix[-1] + ours, prefix[-1] + theirs, prefix[:-1]
    return ours.isdigit() and theirs.isdigit() and int(ours) > int(theirs)


def _says_other_page(anchor: Anchor) -> bool:
    text = anchor.text.strip("[]【】 ")
    return bool(PREVIOUS_TEXT.match(text) or LAST_TEXT.search(text) or FIRST_TEXT.match(text) or _NUMBER.match(text))


def _title_of(url: str, anchors: list[Anchor]) -> str:
    return " ".join((a.element.get("title") or "") + (a.element.get("aria-label") or "") for a in anchors if a.url == url)

