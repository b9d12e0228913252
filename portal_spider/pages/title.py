"""The article title: an h1 the other titles support, else a title without the site name."""

from __future__ import annotations

import copy
import re
from urllib.parse import urljoin, urlsplit


from .body import is_byline
from .selection import selected_text
from .page import Page
from .sources import HEURISTIC, META, NONE, SELECTOR
from .text import HAN, clean_line, han_ratio, normalise_for_compare, text_content, topic_terms

# A hyphen between Chinese characters or after Chinese punctuation ("…的城！-新华网",
# "…“洛克菲勒”-搜狐财经")
# separates too: Chinese writes no hyphenated words.
# "»" glued to a word is a German quotation mark ("»Einfach kein Geld mehr«"), not a separator;
# "«" separates only when no "»" closes it (WordPress's "Post « Blog", French « quotes »).
_TITLE_SEPARATORS = re.compile(
    r"\s+[|\-–—·•»›~:/]\s+|\s+(?:::|//)\s+|\s+[«‹]\s+(?!.*[»›])|\s*[_｜|]\s*|\s*(?:——|--)\s*|(?<=[\u3400-\u9fff\u3001-\u3011\uff01-\uff1f\u2018-\u201d])-(?=[\u3400-\u9fff])")


def title_segments(title: str) -> list[str]:
    return [s for s in _TITLE_SEPARATORS.split(title) if s.strip()]


# A Chinese category label in brackets before a headline: "[心得] …", "【攻略】…" (forums
# and portals; Latin titles keep theirs: "[Review] …" is how such sites title pages).
_BRACKET_LABEL = re.compile(r"^\s*[\[【［〔]\s*[\u3400-\u9fff][^\]】］〕\[【]{0,7}?\s*[\]】］〕]\s*")
# "… - Powered by Discuz!": the software's credit, never the title or the site.
_CREDIT_SEGMENT = re.compile(r"^\s*(?:Powered|Driven|Run)\s+by\b", re.I)


# Forum software heads a thread with its field name: "主题: …", "Subject: …".
_FIELD_LABEL = re.compile(r"^\s*(?:主\s*题|主\s*題|标\s*题|標\s*題|Subject|Thema|Betreff|Thread|Topic)\s*[:：]\s*", re.I)


def without_label(title: str) -> str:
    """The title without a field label or a bracketed category label before it, when a
    headline remains."""
    unlabelled = _FIELD_LABEL.sub("", title)
    title = unlabelled if len(unlabelled) >= 4 else title
    match = _BRACKET_LABEL.match(title)
    rest = title[match.end():] if match else ""
    return rest if len(rest) >= 4 else title


# A forum's or section's name in brackets after a Chinese headline in a <title>
# ("新版本副本攻略整理【原神吧】_百度贴吧"), as a label goes before one.
_TRAILING_BRACKET = re.compile(r"\s*[【\[［〔][^】\]］〕\[【]{1,12}[】\]］〕]\s*$")


def _without_trailing_label(title: str) -> str:
    match = _TRAILING_BRACKET.search(title)
    rest = title[: match.start()] if match else ""
    return rest if len(rest) >= 4 and han_ratio(rest) > 0.5 else title


def _span(title: str, segments: list[str]) -> str:
    return title[title.index(segments[0]): title.rindex(segments[-1]) + len(segments[-1])]


def _letters(text: str) -> str:
    return "".join(c for c in normalise_for_compare(text) if c.isalnum())


def site_keys(site_names: list[str], url: str) -> set[str]:
    """Letter-only keys naming the site: its names (and their first segments: "BioBioChile"
    of "BioBioChile - La Red de Prensa …") and its host ("battery-news.de", "battery-news")."""
    keys = set()
    for name in site_names:
        keys.add(_letters(name))
        segments = title_segments(name)
        if len(segments) > 1:
            keys.add(_letters(segments[0]))
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    if "." in host:
        keys.update((_letters(host), _letters(host.rsplit(".", 1)[0])))
        keys.update(_letters(label) for label in host.split(".") if len(label) > 3)
    keys.discard("")
    return keys


# "… (neues-deutschland.de)", "… : alacarte", "www.site.de: …": the site named with a
# colon or in brackets, set off without a separator of its own.
_TRAILING_NAME = re.compile(r"\s*(?:[:：]\s+|\(\s*)([^():：]{2,40}?)\s*\)?\s*$")
_LEADING_NAME = re.compile(r"^\s*([^:：]{2,40}?)\s*[:：]\s+")
_DANGLING_SEPARATOR = re.compile(r"(?:\s+[|\-–—·•»›~:/]|\s*[_｜|])+\s*$")


def _without_named_site(title: str, keys: set[str]) -> tuple[str, bool, bool]:
    """The title without a site name set off by a colon or brackets; whether one went at
    the start, whether one went at the end."""
    trailing = _TRAILING_NAME.search(title)
    at_end = bool(trailing and _letters(trailing[1]) in keys and trailing.start() >= 8)
    if at_end:
        title = title[: trailing.start()]
    leading = _LEADING_NAME.match(title)
    at_start = bool(leading and _letters(leading[1].removeprefix("www.")) in keys and len(title) - leading.end() >= 8)
    if at_start:
        title = title[leading.end():]
    return title, at_start, at_end


def _minor(segment: str, main: str) -> bool:
    """A section or category name beside the headline ("Nacional", "Reden"); a subtitle's
    words go on in lower case ("… review – a fun ride")."""
    return len(segment.split()) <= 3 and len(segment) * 2 <= len(main) and not segment[:1].islower()


_ARTICLE = re.compile(r"^(?:the|der|die|das|le|la|les|el|il)\s+", re.I)


def _names_site(segment: str, keys: set[str]) -> bool:
    """A title segment naming the site, with an article or without ("The Daily Ledger")."""
    return _letters(segment) in keys or _letters(_ARTICLE.sub("", segment.strip())) in keys


def _without_site(title: str, site_names: list[str], url: str = "") -> str:
    """Strip the site name from a <title>-like string: a segment naming the site (with the
    section names between it and the headline), else the shorter end."""
    keys = site_keys(site_names, url)
    title, at_start, at_end = _without_named_site(_DANGLING_SEPARATOR.sub("", title), keys)
    title = _DANGLING_SEPARATOR.sub("", title).strip()  # "Headline :: Site" without ": Site"
    segments = [s for s in title_segments(title) if not _CREDIT_SEGMENT.match(s)]
    if len(segments) < 2:
        return _span(title, segments) if segments else title
    named = [_names_site(s, keys) for s in segments]
    kept = [s for s, is_site in zip(segments, named) if not is_site]
    if kept and (len(kept) < len(segments) or at_start or at_end):
        main = max(kept, key=len)
        # The headline's side of the site's name: a tagline after it ("Site | Local news,
        # sports and weather") or a section before it go with the site.
        index = segments.index(main)
        start = max((i + 1 for i in range(index) if named[i]), default=0)
        end = min((i for i in range(index + 1, len(segments)) if named[i]), default=len(segments))
        kept = segments[start:end]
        # Section names at either end ("Opinion | Headline - Site").
        while len(kept) > 1 and kept[-1] is not main and _minor(kept[-1], main):
            kept.pop()
        while len(kept) > 1 and kept[0] is not main and _minor(kept[0], main):
            kept.pop(0)
        return _span(title, kept)
    first, last = segments[0], segments[-1]
    kept = segments[:-1] if len(last) <= len(first) else segments[1:]
    # A section's name left between the headline and the site's ("标题_栏目_站名").
    main = max(kept, key=len)
    while len(kept) > 1 and kept[-1] is not main and _minor(kept[-1], main):
        kept.pop()
    while len(kept) > 1 and kept[0] is not main and _minor(kept[0], main):
        kept.pop(0)
    return _span(title, kept)


# A link to the site's front page: "/", "https://host", "//host/#top"; not "#" or "", which
# stay on this page, nor "/?p=1".
_HOME_LINK = re.compile(r"^(?!#)(?:[A-Za-z][A-Za-z0-9+.-]*:)?(?://[^/?#]*)?/?(?:#.*)?$", re.S)


def _is_home_link(href: str | None) -> bool:
    href = (href or "").strip()
    return bool(href) and _HOME_LINK.match(href) is not None


def _links_home(heading) -> bool:
    """A heading that links to the site's front page is the logo, not the article title."""
    return any(_is_home_link(a.get("href")) for a in heading.iter("a"))


_LOGO_LINKS_LOOKED_AT = 3


def _logo_names(root) -> list[str]:
    """The texts of the first links to the front page: the site's name as its logo shows it."""
    names = []
    for link in root.iter("a"):
        if _is_home_link(link.get("href")) and (text := clean_line(link.text_content())) and len(text) <= 60:
            names.append(text)
            if len(names) == _LOGO_LINKS_LOOKED_AT:
                break
    return names


def _site_like(heading, key: str, references: list[str], site_names: list[str]) -> bool:
    """An h1 naming the site: links home, equals og:site_name, or is a minor non-first title segment."""
    if _links_home(heading) or key in {normalise_for_compare(s) for s in site_names}:
        return True
    for reference in references:
        parts = [normalise_for_compare(p) for p in title_segments(reference)]
        if len(parts) > 1 and key in normalise_for_compare(reference) and not parts[0].startswith(key):
            longest = max(parts, key=len)
            if key not in longest and longest not in key:
                return True
    return False


_SEPARATOR_ONLY = re.compile(r"^[\s:：|–—\-·•]*$")
_OPENING_QUOTES = "\"'„“”«»‘’‚"


def _glued_headline(tail: str) -> bool:
    """A headline glued to the kicker's last word ("<span>Die Zukunft der Arbeit</span>"Wir …"):
    the kicker is a block of its own on screen (inside a word the text goes on in lower case;
    scripts without capitals never tell)."""
    return tail.lstrip(_OPENING_QUOTES)[:1].isupper() and not tail[:1].isspace()
_KICKER_TAGS = {"span", "small", "strong", "em", "b", "i", "div", "p"}


def _heading_text(heading) -> str:
    """The heading's text without a kicker: a leading element set off by a colon, a
    separator element or a line break ("<span>Klimaschutz</span><span>: </span>Bohren …")."""
    node = heading
    while len(node) == 1 and not (node.text or "").strip() and not (node[0].tail or "").strip():
        node = node[0]  # <h1><a>…</a></h1>
    children = [child for child in node if isinstance(child.tag, str)]
    if children and children[0].tag in _KICKER_TAGS and not (node.text or "").strip():
        first = children[0]
        kicker = clean_line(first.text_content())
        after = children[1] if len(children) > 1 else None
        tail = first.tail or ""
        set_off = kicker.endswith((":", "：")) or (
            not tail.strip() and after is not None
            and (after.tag == "br" or _SEPARATOR_ONLY.match(after.text_content()) is not None)) or (
            _glued_headline(tail) and kicker[-1:].isalnum())
        if kicker and set_off:
            rest = node.text_content()[len(node.text or "") + len(first.text_content()):]
            rest = clean_line(rest).lstrip(":：|–—-·• ")
            if len(rest) >= 8 and len(rest) >= len(kicker) * 0.5:
                return rest
    return without_label(clean_line(_visible_text(heading)))


def _named_cores(references: list[str], site_names: list[str], url: str) -> set[str]:
    """The titles without the segments that name the site (only those)."""
    keys = site_keys(site_names, url)
    cores = set()
    for reference in references:
        segments = title_segments(reference)
        kept = [segment for segment in segments if _letters(segment) not in keys]
        if kept and len(kept) < len(segments):
            cores.add(normalise_for_compare(_span(reference, kept)))
    return cores


def _after_leading_element(heading) -> str | None:
    """The heading's text after its first element, when text opens with that element."""
    node = heading
    while len(node) == 1 and not (node.text or "").strip() and not (node[0].tail or "").strip():
        node = node[0]
    children = [child for child in node if isinstance(child.tag, str)]
    if not children or children[0].tag not in _KICKER_TAGS or (node.text or "").strip():
        return None
    return clean_line(node.text_content()[len(node.text or "") + len(children[0].text_content()):]) or None


# Text a screen reader gets and the reader does not see ("<span class="element-invisible">
# | Site</span>"); a separator hidden this way still sets a kicker off (above).
_HIDDEN = re.compile(r"(?<![\w-])(?:element-invisible|visually-hidden|sr-only|screen-reader-text|hidden)(?![\w-])", re.I)


def _is_hidden(element) -> bool:
    return isinstance(element.tag, str) and (
        _HIDDEN.search(element.get("class") or "") is not None or element.get("hidden") is not None
        or element.get("aria-hidden") == "true")


def _visible_text(heading) -> str:
    """The heading's text as shown: without hidden parts, a line break read as a space."""
    if heading.find(".//br") is None and not any(_is_hidden(e) for e in heading.iterdescendants()):
        return heading.text_content()
    heading = copy.deepcopy(heading)
    for element in [e for e in heading.iterdescendants() if _is_hidden(e)]:
        if element.getparent() is not None:
            element.drop_tree()
    for br in heading.iter("br"):
        br.tail = " " + (br.tail or "")
    return heading.text_content()


def _links_elsewhere(heading, url: str) -> bool:
    """A heading that is wholly a link to another page: a teaser's headline (an article's
    own heading links, if at all, to itself)."""
    links = list(heading.iter("a"))
    if len(links) != 1 or not url or clean_line(links[0].text_content()) != clean_line(heading.text_content()):
        return False
    target = urlsplit(urljoin(url, links[0].get("href") or ""))
    here = urlsplit(url)
    there, path = target.path.rstrip("/"), here.path.rstrip("/")
    # A thread's heading links to its first page from the others ("/t/123" on "/t/123/page-2").
    return target.hostname != here.hostname or not (path.startswith(there) or there.startswith(path))


def _heading_title(headings: list, references: list[str], site_names: list[str], lines: list, url: str = "",
                   confirmed_only: bool = False) -> str | None:
    """The heading when the titles confirm it, or (unless ``confirmed_only``: h2s, which
    sections and teasers use as well) when it reads like a headline on its own."""
    sites = {normalise_for_compare(s) for s in site_names}
    hosts = site_keys([], url)
    # A masthead h1 naming the site ("<h1>Site</h1>" over the article's own h1; "Daily
    # Ledger" on dailyledger.com) is no candidate, even when the <title> is the site's name alone.
    keyed = [(h, text, key) for h in headings if (text := _heading_text(h)) and (key := normalise_for_compare(text)) not in sites
             and _letters(text) not in hosts and not (confirmed_only and _links_elsewhere(h, url))]
    ref_keys = [normalise_for_compare(r) for r in references]
    for _, text, key in keyed:
        if key in ref_keys:
            return text
    # A kicker that the titles carry too ("<b>Interview:</b> <i>…</i>" under the title
    # "Interview: …") is part of the headline; a leading element they leave out
    # ("<span>Exclusive</span> Headline" under "Headline") is a label, not part of it.
    cores = set(ref_keys) | _named_cores(references, site_names, url)
    for heading, text, key in keyed:
        whole = without_label(clean_line(_visible_text(heading)))
        if whole != text and normalise_for_compare(whole) in ref_keys:
            return whole
        rest = _after_leading_element(heading)
        if rest and rest != text and normalise_for_compare(rest) in cores:
            return rest
    # A heading showing the headline and a subtitle in parts of its own: the part that a
    # title names as its leading segment.
    # (Not when the title's other segments are in the heading too: then the part is a kicker.)
    for heading, text, key in keyed:
        if _links_home(heading):
            continue  # the logo
        for reference in references:
            segments = [normalise_for_compare(segment) for segment in title_segments(reference)]
            if not segments or key == segments[0] or segments[0] in sites or any(other in key for other in segments[1:]):
                continue
            for part in heading:
                part_text = clean_line(part.text_content()) if isinstance(part.tag, str) else ""
                if len(part_text) >= 8 and normalise_for_compare(part_text) == segments[0]:
                    return part_text
    for heading, text, key in keyed:
        if (any(_part_of(key, ref) for ref in ref_keys) and not _site_like(heading, key, references, site_names)
                and (_headline_like(text) or not confirmed_only)):
            return text
    if confirmed_only:
        return _extending_heading(keyed, references, site_names, url)
    # The first h1 that neither names the site (a masthead h1 comes before the article's)
    # nor is a teaser's.
    titles = [ref for ref, key in zip(references, ref_keys) if key not in sites]

    def teaser(heading, text: str) -> bool:
        """A heading linking to another page against titles that disagree with it (a title
        that is the site's name alone disagrees with nothing); not when it is the only h1,
        the text below it speaks of what it names and no headline-like title is shown (a
        post's heading linking to another form of its address)."""
        if not titles or not _links_elsewhere(heading, url):
            return False
        if len(keyed) > 1:
            return True
        shown = _shown_title(titles, lines)
        return bool(shown and _headline_like(shown)) or not _echoed_below(heading, text, lines)

    heading, text, key = next(((h, t, k) for h, t, k in keyed if not _site_like(h, k, references, site_names) and not teaser(h, t)),
                              (None, None, None))
    # Titles that disagree with a long multi-word h1 are usually SEO variants of it,
    # unless the page shows a headline-like part of the title as a heading of its own
    # (then the h1s are teasers or widgets: "Site - News » Headline" over an h2 "Headline").
    if heading is not None and (_headline_like(text) or not references):
        return _segment_heading(references, lines, site_names, key) or text
    return None


_TEXT_BELOW = 30  # lines


def _echoed_below(heading, text: str, lines: list) -> bool:
    """The lines below ``heading`` use most of its words: it heads them."""
    at = next((i for i, (_, owner) in enumerate(lines) if owner is heading or heading in owner.iterancestors()), None)
    if at is None:
        return False
    below = " ".join(line for line, _ in lines[at + 1: at + 1 + _TEXT_BELOW])
    return _support(text, topic_terms(below)) >= _SUPPORTED


def _part_of(key: str, reference: str) -> bool:
    """Whether a title holds the heading as a part of its own: not from the middle of a
    phrase ("Open Journalism Project:" of "The Open Journalism Project: Better Student
    Journalism" is a section heading repeating its words)."""
    at = reference.find(key)
    if at < 0:
        return False
    before, after = reference[:at].rstrip(), reference[at + len(key):]
    return not (before and before[-1].isalnum() and before[-1].isascii() and after.strip())


def _extending_heading(keyed: list, references: list[str], site_names: list[str], url: str) -> str | None:
    """A heading that opens or ends with a title's headline and says more (the rest of a
    clause after it, a kicker before it): titles for search engines are cut to length, the page's
    headline is not. At most twice the title's length (not a paragraph quoting it)."""
    cores = {core for reference in references
             if len(core := normalise_for_compare(_without_site(reference, site_names, url))) >= 20}
    for heading, text, key in keyed:
        if (key not in cores and any((key.startswith(core) or key.endswith(core)) and len(key) <= 2 * len(core) for core in cores)
                and _headline_like(text) and not _links_home(heading)):
            return text
    return None


def _headline_like(text: str) -> bool:
    # Chinese headlines run short: eight characters say as much as fifteen Latin ones.
    return (len(text) >= 15 and " " in text) or (len(text) >= _SHORTEST_HAN_HEADLINE and han_ratio(text) > 0.5)


_SHORTEST_HAN_HEADLINE = 8


def _segment_heading(references: list[str], lines: list, site_names: list[str], h1_key: str) -> str | None:
    """A headline-like title, or single segment of a multi-part one, that an h1-h3 of the
    page shows (not the site's name, not a heading linking home), when the h1 shares few of
    its words (an h1 that reworded or lengthened the title is still the headline)."""
    sites = {normalise_for_compare(s) for s in site_names}
    h1_words = set(h1_key.split())
    for reference in references:
        segments = title_segments(reference)
        segments = segments + [reference] if len(segments) > 1 else [reference]
        keys = {key for segment in segments if _headline_like(segment) and (key := normalise_for_compare(segment)) not in sites
                and len(h1_words & set(key.split())) * 2 < len(set(key.split()))}
        for text, owner in lines:
            if owner.tag in _HEADINGS and normalise_for_compare(text) in keys and not _links_home(owner):
                return text
    return None


_HEADINGS = {"h1", "h2", "h3"}


def _shown_title(references: list[str], lines: list) -> str | None:
    """The longest run of leading title segments that the page also shows as a line of its
    own; or of trailing ones, when longer: a forum's "Site :: View topic - Subject", the
    site's name shown as a line of its own too."""
    keys = None  # each line's key, made once and only when a title has segments
    for reference in references:
        segments = title_segments(reference)
        if len(segments) < 2:
            continue
        keys = keys or [(text, owner, normalise_for_compare(text)) for text, owner in lines]
        spans = {normalise_for_compare(_span(reference, segments[:end])) for end in range(1, len(segments))}
        # The whole title counts only as a heading ("Kolumne: X - Über Y" as an h2).
        whole = normalise_for_compare(reference)
        shown = [text for text, owner, key in keys if key in spans or (key == whole and owner.tag in _HEADINGS)]
        trailing = {normalise_for_compare(_span(reference, segments[start:])) for start in range(1, len(segments))}
        longest = max(map(len, shown), default=0)
        longer = [text for text, _, key in keys if len(text) >= _LONG_SEGMENT and len(text) > longest and key in trailing]
        if shown or longer:
            return max(shown + longer, key=len)
    return _heading_before_name(references, lines)


_LONG_SEGMENT = 20  # characters: shorter trailing segments of a title are a site's name or a section
_NAME_AFTER_SPACE = 12  # characters: a site's name a <title> adds after a space, no separator


def _heading_before_name(references: list[str], lines: list) -> str | None:
    """A heading showing the title but for a short name the title adds after a space
    ("[心得] 新版本副本攻略整理 NGA玩家社区" over the heading "[心得] 新版本副本攻略整理")."""
    keys = {normalise_for_compare(r) for r in references}
    for text, owner in lines:
        if owner.tag not in _HEADINGS or len(text) < 4:
            continue
        key = normalise_for_compare(text)
        for reference_key in keys:
            rest = reference_key[len(key):]
            if (reference_key.startswith(key) and rest[:1] == " " and 0 < len(rest.strip()) <= _NAME_AFTER_SPACE
                    and " " not in rest.strip()):
                return text
    return None


def _heading_before_qualifier(references: list[str], lines: list, site_names: list[str]) -> str | None:
    """An h2/h3 headline that a title repeats with a qualifier after it ("Die Rückkehr der
    Pixelhelden" under the title "Die Rückkehr der Pixelhelden (Teil 2)"): the page's own
    headline, on pages whose headline is no h1."""
    sites = {normalise_for_compare(s) for s in site_names}
    ref_keys = [normalise_for_compare(r) for r in references]
    for text, owner in lines:
        if owner.tag not in ("h2", "h3") or not _headline_like(text) or _links_home(owner):
            continue
        key = normalise_for_compare(text)
        if key in sites:
            continue
        for ref in ref_keys:
            rest = ref[len(key):]
            if ref.startswith(key) and rest[:1] in (" ", "(", ",", ":", "-") and len(key) * 3 >= len(ref) * 2:
                return text
    return None


_ELLIPSIS = re.compile(r"\s*(?:\.{3}|…)$")
# What goes on after a title's headline on the page's line: a word, a clause, a dash's tail.
_GOES_ON = (" ", ",", ":", ";", "(")
# What sets a kicker off before it: "„Ganz leer“: …", "Ratgeber – …".
_KICKER_END = (":", " -", " –", " —")
_BREADCRUMB = re.compile(r"[»›>/|]")


def _extending_line(references: list[str], lines: list, site_names: list[str], url: str) -> tuple[int, str] | None:
    """A line of the page (its headline in a styled block, no heading) that is a title's
    headline with more: the rest of a headline cut for search engines (or cut with "…"),
    or a kicker set off before it. Not a breadcrumb, a teaser linking elsewhere, or a
    paragraph that opens with the headline's words."""
    cores, truncated = [], set()
    for reference in references:
        core = normalise_for_compare(_without_site(reference, site_names, url))
        cut = _ELLIPSIS.search(core)
        if cut:
            core = core[: cut.start()]
            truncated.add(core)
        if len(core) >= 15 and core not in cores:
            cores.append(core)
    for index, (text, owner) in enumerate(lines[:300]):
        key = normalise_for_compare(text)
        for core in cores:
            if len(key) <= len(core) or len(key) > min(160, max(2 * len(core), len(core) + 50)):
                continue
            if key.startswith(core) and (key[len(core)] in _GOES_ON or core in truncated):
                extra = key[len(core):]
            elif (key.endswith(core) and key[: -len(core)].rstrip().endswith(_KICKER_END)
                  and normalise_for_compare(_heading_text(owner)) == key):  # a kicker of its own is no part of it
                extra = key[: -len(core)]
            else:
                continue
            # (The headline in an element of its own inside the line, labels beside it, is
            # not cut: "<a class=title>…</a> <span>Question</span> <span>(self.boardgames)</span>".)
            if (". " not in extra and not _BREADCRUMB.search(extra) and not _links_elsewhere(owner, url)
                    and not any(normalise_for_compare(text_content(part)) == core for part in owner.iterdescendants())):
                return index, text
    return None


def _shown_or_extended(references: list[str], lines: list, site_names: list[str], url: str) -> str | None:
    """The title (or its leading segments) as a line of the page, or a line extending it,
    whichever comes first: further down, both are teasers and related-article lists."""
    shown = _shown_title(references, lines)
    extended = _extending_line(references, lines, site_names, url)
    if extended and shown:
        key = normalise_for_compare(shown)
        first = next((i for i, (text, _) in enumerate(lines) if normalise_for_compare(text) == key), len(lines))
        return extended[1] if extended[0] < first else shown
    return shown or (extended[1] if extended else None)


def _without_kicker(text: str | None, lines: list, references: list[str], site_names: list[str], url: str) -> str | None:
    """A headline shown in a styled block rather than a heading, read as h1s are (see
    _heading_title): without a kicker that the block sets off in an element of its own
    (_heading_text), unless a title carries the kicker as the block shows it (a hidden
    separator is no part of it) and none names the headline alone."""
    if text is None:
        return None
    key = _letters(text)  # the block may space its separator element differently
    ref_keys = {normalise_for_compare(r) for r in references}
    for line, block in lines[:300]:
        if abs(len(line) - len(text)) <= 3 and block.tag not in _HEADINGS and _letters(line) == key:
            headline = _heading_text(block)
            # (Not when the line is only the block's first part, a line break after it.)
            if _letters(headline) == key or _letters(_visible_text(block)) != key:
                continue
            alone = normalise_for_compare(headline) in ref_keys | _named_cores(references, site_names, url)
            shown = normalise_for_compare(without_label(clean_line(_visible_text(block))))
            return headline if alone or shown not in ref_keys else text
    return text


def title_field(page: Page) -> tuple[str | None, str]:
    """Selector, an h1 the other titles support, a title part the page shows, then a title
    minus site name; with the source of the value."""
    root, structured, lines = page.root, page.structured, page.lines
    selected = selected_text(root, page.options.title_selector)
    if selected:
        return selected, SELECTOR
    document = clean_line(page.document_title)
    metas = [(cleaned, origin) for t, origin in zip(structured.titles, structured.title_origins) if (cleaned := clean_line(t))]
    headings = list(root.iter("h1"))[:4]
    references = [text for text, _ in metas] + ([document] if document else [])
    # Pages without a usable h1 may show their headline as an h2 (the h1 being the site's name).
    site_names = structured.site_names + _logo_names(root)
    heading = (_heading_title(headings, references, site_names, lines, page.url)
               or _heading_title(list(root.iter("h2"))[:6], references, site_names, lines, page.url, True)
               or _without_kicker(_shown_or_extended(references, lines, site_names, page.url), lines,
                                  references, site_names, page.url)
               or _heading_before_qualifier(references, lines, site_names))
    heading = heading or _title_before_site(references, lines) or _reworded_headline(references, lines, structured.site_names,
                                                                                        page.url)
    # A title part that the page shows as its logo is the site's name ("Site | Tagline").
    if heading and normalise_for_compare(heading) in {normalise_for_compare(name) for name in site_names}:
        heading = None
    if heading:
        return without_label(heading), HEURISTIC
    if not references:
        return None, NONE
    title = without_label(_without_site(references[0], structured.site_names, page.url))
    return _as_shown(_without_trailing_label(title), lines), metas[0][1] if metas else META


_SITE_TAIL = re.compile(r"^\s*[-–—|_:·•~/｜]\s*\S")


def _title_before_site(references: list[str], lines: list) -> str | None:
    """A heading of the page that a title opens with, the rest a separator and a short
    tail: the site's name glued on without spaces ("…一块顶十块GPU-EDN 电子技术设计"), which
    the separators between title segments leave alone (a hyphen between Latin letters
    joins words)."""
    for reference in references:
        key = normalise_for_compare(reference)
        for text, owner in lines[:300]:
            if owner.tag not in _ALL_HEADINGS or not 8 <= len(text) < len(reference):
                continue
            line_key = normalise_for_compare(text)
            if key.startswith(line_key) and len(key) - len(line_key) <= 40 and _SITE_TAIL.match(key[len(line_key):]):
                return text
    return None


_ALL_HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}
# Every word counts here, short ones too ("in", "der"), which topic_terms skips.
_WORDS = re.compile(r"(?=([\u3400-\u9fff]{2}))|(?<![^\W\d_])([^\W_\u3400-\u9fff]+)")
_COPYRIGHT_LINE = re.compile(r"©|\bcopyright\b", re.I)
_REWORDED = 0.6  # the share of words a line and a title must have in common, of the longer one's


def _words(text: str) -> set[str]:
    """The pairs of Han characters and the words of a text, compared as titles are."""
    return {pair or word for pair, word in _WORDS.findall(normalise_for_compare(text))}


def _reworded_headline(references: list[str], lines: list, site_names: list[str], url: str) -> str | None:
    """The page's own headline when its titles reword it for search engines and sharing (a
    word left out or changed, a kicker before it: "Exclusive: …") and no heading shows it: the
    headline-shaped line sharing the most of its words with a title, most of them, not a link's."""
    cores = []
    for reference in references:
        core = _without_site(reference, site_names, url)
        words = _words(core)
        # Words, not Han text: pairs of characters tie a Chinese headline as closely to the
        # summary under it, and Chinese portals show their titles' headlines as written.
        if len(words) >= 4 and han_ratio(core) < 0.3:
            cores.append((words, _letters(core)))
    if not cores:
        return None
    best, best_share, best_owner = None, _REWORDED, None
    for text, owner in lines[:300]:
        # (Not a line in brackets: "（原标题：…）", a note of what a reposted story was called;
        # nor a copyright notice naming the site.)
        if (not 15 <= len(text) <= 200 or _in_a_link(owner) or text[0] in "（(【[" or _COPYRIGHT_LINE.search(text)
                or (_SENTENCE_END.search(text) and (len(text) > 120 or not text.endswith(".")))):
            continue
        words, letters = _words(text), _letters(text)
        # (A line holding all of a title's words and more is a breadcrumb or a kicker's
        # line, glued on or not, one holding some of them only a part: the rules above read those.)
        share = max((len(words & core) / max(len(words), len(core)) for core, core_letters in cores
                     if not (words <= core or core <= words or core_letters in letters or letters in core_letters)),
                    default=0.0)
        if share > best_share:
            best, best_share, best_owner = text, share, owner
    # The headline in an element of its own, labels beside it in the line ("<a class=title>…</a>
    # <span>Question</span> (self.boardgames)"), closer to the titles than the whole line.
    for part in best_owner.iterdescendants() if best_owner is not None else ():
        text = clean_line(text_content(part))
        words = _words(text)
        share = max((len(words & core) / max(len(words), len(core)) for core, _ in cores), default=0.0)
        if 15 <= len(text) < len(best) and share > best_share:
            best, best_share = text, share
    return best


# A kicker before the headline in a title ("Klimaschutz: Bohren, bis es heiß wird").
_KICKER = re.compile(r"^(.{2,60}?)(?::\s+|\s+[–—-]\s+)(.{15,})$")


def _as_shown(title: str, lines: list) -> str:
    """The title as a line of the page writes it (its quotes, dashes and capitals), when one
    does: metadata often has plain quotes where the headline has typographic ones. A title
    made of a kicker and a headline that the page shows as two lines, one after the other,
    or the headline's alone, is the headline's line: the kicker is set above it, or only
    the title for search engines carries it ("Exclusive: …")."""
    kicker = _KICKER.match(title)
    wanted = [title, *(kicker.groups() if kicker else ())]
    keys = [normalise_for_compare(text) for text in wanted]
    found: dict[int, int] = {}
    for index, (text, _) in enumerate(lines[:300]):
        # Only lines about as long as one of the parts are normalised: it is the costly part.
        near = [part for part, target in enumerate(wanted)
                if part not in found and abs(len(text) - len(target)) <= 3 + len(target) // 10]
        if near:
            line_key = normalise_for_compare(text)
            found.update((part, index) for part in near if keys[part] == line_key)
    if 0 in found:
        return lines[found[0]][0]
    if 2 in found and (1 not in found or 0 < found[2] - found[1] <= 3):
        return lines[found[2]][0]  # the headline without the kicker a title for search engines puts before it
    return title


def title_line(lines: list, title: str | None) -> int | None:
    """Index of the line showing the title, else of the first h1 line; None when neither."""
    shown = _title_lines(lines, title)
    # Menus and teaser lists repeat the headline; the article's own copy is its h1.
    start = next((i for i in shown if lines[i][1].tag == "h1"), shown[0] if shown else None)
    if start is None:
        start = next((i for i, (_, owner) in enumerate(lines) if owner.tag == "h1"), None)
    return start


def _title_lines(lines: list, title: str | None) -> list[int]:
    """Indexes of the lines that show the title (lines of a very different length are
    skipped before the costlier comparison)."""
    if not title:
        return []
    key, size = normalise_for_compare(title), len(title)
    slack = 3 + size // 5
    return [i for i, (text, _) in enumerate(lines)
            if abs(len(text) - size) <= slack and normalise_for_compare(text) == key]


def headline_lines(lines: list, title: str | None) -> list[str]:
    """The two lines above and eight below the line showing the title (empty when no line
    shows it): where a page prints its own date and byline."""
    shown = _title_lines(lines, title)
    start = next((i for i in shown if lines[i][1].tag == "h1"), shown[0] if shown else None)
    if start is None:
        return []
    return [text for text, _ in lines[max(0, start - 2): start] + lines[start + 1: start + 9]]


def title_windows(lines: list, title: str | None, elsewhere) -> tuple[list[str], list[str]]:
    """The lines around the title (where bylines sit), those above it first and those below
    it first; the page top when the title is not a line. Lines for which ``elsewhere`` holds
    (``other_items``) are left out."""
    start = title_line(lines, title)
    if start is None:
        top = [text for text, _ in lines[:20]]
        return top, top
    # The title line itself is left out: "2024年度总结" is no date, "標題" no name.
    before = [text for text, owner in lines[max(0, start - 5): start] if not elsewhere(owner)]
    after = [text for text, owner in lines[start + 1: start + 20] if not elsewhere(owner)]
    # Bylines follow headlines far more often than precede them; dates sit on either side.
    return before + after, after + before


# The class or id of a block of readers' replies or of other stories: "comments",
# "comment-list", "reply_box", "related" (not "comments_datetime").
_REPLIES = re.compile(r"(?:^|\s)(?:comments?|replies|reply|related|recommended)"
                      r"(?:[-_](?:list|area|box|item|wrap|wrapper|container|section|body|content|stories|posts))?(?:$|\s)"
                      r"|评论|評論", re.I)


def other_items(headline):
    """A test of a line's element: whether it sits in a block of readers' replies or of other
    stories (one that does not also hold ``headline``, the title's element: an article's
    wrapper may be named for its comments too). A reply's "作者：路人甲 2025-05-14" names a
    reader, a teaser's "Par X" another story's writer. Each ancestor is judged once a page."""
    verdicts: dict = {}

    def elsewhere(element) -> bool:
        if headline is None:
            return False
        chain, node, verdict = [], element.getparent(), False
        while node is not None and node.tag not in ("body", "html"):
            if node in verdicts:
                verdict = verdicts[node]
                break
            chain.append(node)
            if _REPLIES.search(f"{node.get('class') or ''} {node.get('id') or ''}"):
                verdict = headline not in node.iterdescendants()
                break
            node = node.getparent()
        verdicts.update(dict.fromkeys(chain, verdict))
        return verdict

    return elsewhere


# A headline is no sentence: it does not end like one, nor open a list or a label.
_SENTENCE_END = re.compile(r"(?:[。，、；：,;:…]|(?<!\b[A-Z])\.)\s*$")
_TRAILING_DECORATION = re.compile(r"[\s\-–—_|~·•]+$")
_MENU_BAR = re.compile(r"[|｜]")  # menus and breadcrumbs join their items with bars
_DATE_LIKE = re.compile(r"\d{4}\s*[-/.年]\s*\d{1,2}|\d{1,2}:\d{2}")


def _in_a_link(element) -> bool:
    return element.tag == "a" or any(ancestor.tag == "a" for ancestor in element.iterancestors())


def _headline_shaped(text: str, owner) -> bool:
    han = len(HAN.findall(text))
    words = len(text.split())
    sized = 4 <= han <= 60 if han * 2 >= len(text) else (3 <= words <= 25 and len(text) >= 15)
    return (sized and not _SENTENCE_END.search(text) and not _DATE_LIKE.search(text)
            and not _in_a_link(owner) and not is_byline(text) and not text.lower().startswith("http")
            and not _MENU_BAR.search(text))


def _support(text: str, article_terms: set[str]) -> float:
    """The share of a text's terms (pairs of Han characters, words) that the article uses:
    a title names what its article is about, a site's greeting or name does not."""
    terms = topic_terms(text)
    return len(terms & article_terms) / len(terms) if len(terms) >= 2 else 0.0


def _echo(line: str, article_characters: set[str], article_terms: set[str]) -> float:
    """The share of a line's Han characters, or else of its words, that the article uses:
    a headline's words come back in its article, though not always side by side."""
    han = set(HAN.findall(line))
    if han:
        return len(han & article_characters) / len(han)
    return _support(line, article_terms)


_SUPPORTED = 0.5
_ECHOED = 0.6
_LOOK_ABOVE = 4  # lines above the article's first one: a byline and a date line may sit between


def headline_beside_article(page: Page, title: str | None, source: str, main_lines: list[str]) -> str | None:
    """The page's own headline when the title found is not one the page confirms: the
    metadata titles are not shown on the page (a portal's <title> that greets or names the
    site: "显示", "谢谢您访问…"), or an h1 stands alone with no metadata title to back it
    and the article does not speak of it (a blog's name over its post). The headline is
    the first line shaped like one just above the article (byline and date lines between
    are passed over), else the article's own first line, and the article must use most of
    its words."""
    # A headline the publisher states in metadata (og:title, JSON-LD) stands, however
    # little of it the article repeats (a pun headline).
    if source == SELECTOR or not main_lines or page.structured.titles:
        return None
    if title and source == HEURISTIC and clean_line(page.document_title):
        return None
    article = " ".join(main_lines[1:] if len(main_lines) > 1 else main_lines)
    article_terms, article_characters = topic_terms(article), set(HAN.findall(article))
    # (A title of two terms is too short to tell: "游戏网" shares "游戏" with any game article.)
    if title and len(topic_terms(title)) >= 3 and _support(title, article_terms) >= _SUPPORTED:
        return None
    first = next((i for i, (text, _) in enumerate(page.lines) if text == main_lines[0]), None)
    if first is None:
        return None
    above = page.lines[max(0, first - _LOOK_ABOVE): first][::-1]
    candidates = []
    for text, owner in above:
        if is_byline(text) or _DATE_LIKE.search(text):
            continue
        candidates.append((text, owner))
        if owner.tag not in _HEADINGS:
            break  # other text between the article and anything above it
    best, best_support = None, 0.0
    for text, owner in candidates + page.lines[first: first + 1]:
        headline = _TRAILING_DECORATION.sub("", text)
        if not _headline_shaped(headline, owner) or headline == title:
            continue
        support = _support(headline, article_terms)
        # The line the article speaks of most: not a menu or a button row above it.
        if support > best_support and _echo(headline, article_characters, article_terms) >= _ECHOED:
            best, best_support = headline, support
    return without_label(best) if best else None
