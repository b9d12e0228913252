"""Machine-readable metadata: JSON-LD, OpenGraph / article:* / name meta, itemprop."""

from __future__ import annotations

import html
import json
import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from urllib.parse import urlsplit

from lxml import etree

from .sources import META, STRUCTURED_DATA

log = logging.getLogger(__name__)

_ARTICLE_TYPES = {
    "article", "newsarticle", "blogposting", "reportagenewsarticle", "analysisnewsarticle",
    "opinionnewsarticle", "reviewnewsarticle", "backgroundnewsarticle", "techarticle",
    "scholarlyarticle", "report", "socialmediaposting", "liveblogposting", "posting",
    "discussionforumposting", "medicalscholarlyarticle", "webpage", "creativework", "review",
}
_PAGE_TYPES = {"webpage", "creativework"}  # weaker than a real article node
_DATE_META = (
    "article:published_time", "og:article:published_time", "og:published_time",
    "published_time", "article.published", "datepublished", "pubdate", "publishdate",
    "publish-date", "publish_date", "publication_date", "date", "dc.date.issued", "dc.date",
    "dcterms.date", "dcterms.created", "dc.date.created", "sailthru.date", "parsely-pub-date",
    "article_date_original", "cxenseparse:recs:publishtime", "originalpublicationdate",
    "content_create_time", "weibo: article:create_at", "bt:pubdate", "citation_publication_date",
    "datecreated",  # a question's or a post's creation (<meta itemprop="dateCreated">), when nothing is published
)
_MODIFIED_META = ("article:modified_time", "og:updated_time", "datemodified", "last-modified", "dcterms.modified")
_AUTHOR_META = (
    "author", "article:author", "og:article:author", "dc.creator", "dcterms.creator",
    "sailthru.author", "parsely-author", "byl", "citation_author", "twitter:creator",
    "dc.creator.aut", "cxenseparse:author", "article:author_name",
)


@dataclass
class Structured:
    """Field candidates from structured data, best source first.

    Each ``*_origins`` list says, index for index, whether its candidate came from
    STRUCTURED_DATA or META.
    """

    titles: list[str] = field(default_factory=list)
    authors: list[list[str]] = field(default_factory=list)
    dates: list[str] = field(default_factory=list)
    site_names: list[str] = field(default_factory=list)
    canonical: str | None = None
    modified: list[str] = field(default_factory=list)  # when the page says it was last changed
    organisations: list[str] = field(default_factory=list)  # JSON-LD authors typed as organisations
    script_dates: list[str] = field(default_factory=list)  # publication times in a page script's state
    discarded: list[str] = field(default_factory=list)
    title_origins: list[str] = field(default_factory=list)
    author_origins: list[str] = field(default_factory=list)
    date_origins: list[str] = field(default_factory=list)

    def add_title(self, value: str, origin: str) -> None:
        self.titles.append(value)
        self.title_origins.append(origin)

    def add_authors(self, names: list[str], origin: str) -> None:
        self.authors.append(names)
        self.author_origins.append(origin)

    def add_date(self, value: str, origin: str) -> None:
        self.dates.append(value)
        self.date_origins.append(origin)


# The tags whose elements are looked up on the whole page, gathered in one walk: each walk
# over a page costs as much as a small search.
_INDEXED_TAGS = ("base", "link", "meta", "script", "time")


def elements_by_tag(root) -> dict[str, list]:
    """The page's base, link, meta, script and time elements by tag, in document order."""
    found: dict[str, list] = {tag: [] for tag in _INDEXED_TAGS}
    for element in root.iter(*_INDEXED_TAGS):
        found[element.tag].append(element)
    return found


def _load_json(raw: str, found: Structured):
    raw = re.sub(r"^\s*(?://\s*)?<!\[CDATA\[|(?://\s*)?\]\]>\s*$", "", raw.strip())
    try:
        return json.loads(raw)
    except ValueError:
        pass
    try:
        # Raw newlines and tabs inside strings are the usual breakage.
        return json.loads(re.sub(r"[\r\n\t]+", " ", raw))
    except ValueError as error:
        found.discarded.append(f"JSON-LD not parseable: {error}")
        return None


def _nodes(data):
    """Every dict in a JSON-LD document, @graph and nesting included."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            yield item
            stack.extend(v for k, v in item.items() if k in ("@graph", "mainEntity", "mainEntityOfPage", "itemListElement"))


def _types(node: dict) -> set[str]:
    kind = node.get("@type", [])
    kinds = kind if isinstance(kind, list) else [kind]
    return {str(k).lower().rsplit("/", 1)[-1] for k in kinds}


_ORGANISATION_TYPES = {"organization", "newsmediaorganization", "corporation", "governmentorganization",
                       "educationalorganization", "ngo", "localbusiness"}


def _names(value, credited: dict, organisations: bool = False) -> list[str]:
    """Author names from a JSON-LD author value (string, Person, Organization, list, @id
    reference); with ``organisations``, only those typed as organisations."""
    if isinstance(value, list):
        return [name for item in value for name in _names(item, credited, organisations)]
    if isinstance(value, str):
        return [] if value.startswith("http") or organisations else [value]
    if isinstance(value, dict):
        if "name" not in value and value.get("@id") in credited:
            value = credited[value["@id"]]
        if organisations and not _types(value) & _ORGANISATION_TYPES:
            return []
        name = value.get("name")
        if isinstance(name, list):
            name = name[0] if name else None
        if isinstance(name, str) and name.strip():
            return [name]
        given, family = value.get("givenName"), value.get("familyName")
        if isinstance(given, str) and isinstance(family, str):
            return [f"{given} {family}"]
    return []


def _page_key(url: str) -> str:
    """A URL as the last segment of its path (the one before it too when that is a
    generic index page or a page number) and its query, for telling this page from another one: hosts (an
    AMP or CDN copy, a web archive), an /amp/ segment and section prefixes that a site's
    markup and its canonical link disagree on do not count."""
    split = urlsplit(url.strip())
    segments = [part for part in split.path.split("/") if part and part.lower() != "amp"]
    depth = 2 if segments and re.fullmatch(r"(?:index|default)\.\w+|\d{1,3}", segments[-1], re.I) else 1
    return "/".join(segments[-depth:]) + (f"?{split.query}" if split.query else "")


def _node_urls(node: dict) -> list[str]:
    """The URLs a JSON-LD node says it is about: url, @id, mainEntityOfPage."""
    values = [node.get("url"), node.get("@id")]
    entity = node.get("mainEntityOfPage")
    values += [entity.get("@id"), entity.get("url")] if isinstance(entity, dict) else [entity]
    return [v for v in values if isinstance(v, str) and v.startswith(("http://", "https://"))]


def _another_item(node: dict, own: set[str], titles: list[str]) -> bool:
    """A JSON-LD article node about another page (a related story, a teaser): it names
    URLs and none is this page's, and its headline is not the one the page's own titles
    carry (a site may give every article its section's URL)."""
    keys = {_page_key(u) for u in _node_urls(node)} - {""}  # a site's home page names no item
    if not (own and keys) or keys & own:
        return False
    headline = node.get("headline")
    headline = " ".join(headline.split()).lower() if isinstance(headline, str) else ""
    return not (len(headline) >= 10 and any(headline in title for title in titles))


def _own_titles(tree, metas: list) -> list[str]:
    """The page's <title> and title meta tags, whitespace folded and lower-cased."""
    values = [tree.findtext(".//title") or ""] + [m.get("content") or "" for m in metas
                                                  if (m.get("property") or m.get("name") or "").lower()
                                                  in ("og:title", "twitter:title")]
    return [folded for value in values if (folded := " ".join(html.unescape(value).split()).lower())]


def _from_json_ld(scripts: list, found: Structured, own: set[str], titles: list[str]) -> None:
    nodes = []
    for script in scripts:
        if (script.get("type") or "").strip().lower() == "application/ld+json" and script.text:
            data = _load_json(script.text, found)
            if data is not None:
                nodes.extend(_nodes(data))
    # People and organisations an author value may name by @id.
    credited = {n["@id"]: n for n in nodes if isinstance(n.get("@id"), str) and _types(n) & ({"person"} | _ORGANISATION_TYPES)}
    articles = [n for n in nodes if _types(n) & _ARTICLE_TYPES]
    articles.sort(key=lambda n: bool(_types(n) <= _PAGE_TYPES))  # real articles before WebPage
    for node in articles:
        if _another_item(node, own, titles):
            found.discarded.append(f"JSON-LD article about another page: {', '.join(_node_urls(node))}")
            continue
        for key in ("headline", "name"):
            if isinstance(node.get(key), str) and node[key].strip():
                found.add_title(node[key], STRUCTURED_DATA)
                break
        names = _names(node.get("author") or node.get("creator"), credited)
        if names:
            found.add_authors(names, STRUCTURED_DATA)
        found.organisations.extend(_names(node.get("author") or node.get("creator"), credited, organisations=True))
        for key in ("datePublished", "dateCreated", "uploadDate"):
            if isinstance(node.get(key), str) and node[key].strip():
                found.add_date(node[key], STRUCTURED_DATA)
                break
        if isinstance(node.get("dateModified"), str):
            found.modified.append(node["dateModified"].strip())
    for node in nodes:
        if "website" in _types(node) and isinstance(node.get("name"), str):
            found.site_names.append(node["name"])


def _meta_key(meta) -> str:
    return (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").strip().lower()


def _from_meta(meta_elements: list, found: Structured) -> None:
    metas: dict[str, list[str]] = {}
    for meta in meta_elements:
        key, content = _meta_key(meta), (meta.get("content") or "").strip()
        if key and content:
            metas.setdefault(key, []).append(content)
    for key in ("og:title", "twitter:title", "dc.title", "headline"):
        for value in metas.get(key, [])[:1]:
            found.add_title(value, META)
    for key in _DATE_META:
        for value in metas.get(key, [])[:1]:
            found.add_date(value, META)
    for key in _MODIFIED_META:
        found.modified.extend(metas.get(key, [])[:1])
    for key in _AUTHOR_META:
        values = [v for v in metas.get(key, []) if not v.startswith(("http", "@", "www."))]
        if values:
            found.add_authors(values, META)
    found.site_names.extend(metas.get("og:site_name", [])[:1] + metas.get("application-name", [])[:1])


def _itemprop_text(element) -> str:
    # An <abbr> holds its machine-readable value in its title (microformats' abbr pattern:
    # Blogger's "<abbr class='published' title='2024-06-21T18:14:00-07:00'>6:14 PM</abbr>").
    value = element.get("content") or element.get("datetime") or (element.get("title") if element.tag == "abbr" else None)
    if value:
        return value
    named = element.xpath(".//*[@itemprop='name']")
    return (named[0] if named else element).text_content()


def _published_time(time) -> bool:
    """A <time datetime> marked as the publication time: pubdate, itemprop or class."""
    return time.get("datetime") is not None and (time.get("pubdate") is not None or time.get("itemprop") == "datePublished"
                                                 or "publish" in (time.get("class") or ""))


_COMMENT_TYPES = re.compile(r"schema\.org/(?:Comment|UserComments|Answer)\b", re.I)


def in_a_comment_item(element) -> bool:
    """Whether the element lies in a comment's or an answer's schema.org item (WordPress
    themes mark commenters so, Stack Exchange its answers)."""
    return any(_COMMENT_TYPES.search(scope.get("itemtype") or "")
               for scope in (element, *element.iterancestors()) if scope.get("itemscope") is not None)


def _from_itemprop(tree, times: list, found: Structured) -> None:
    # One search for every itemprop, sorted out here: each XPath search walks the whole page.
    marked = [(element, element.get("itemprop")) for element in tree.xpath("//@itemprop/..") if element.tag != "meta"]
    element = next((element for element, value in marked if value == "headline"), None)
    if element is not None:
        found.add_title(_itemprop_text(element), STRUCTURED_DATA)
    # A question's or a post's creation (Stack Exchange's "asked"), when no publication is marked.
    for prop in ("datePublished", "dateCreated"):
        element = next((element for element, value in marked if value == prop and not in_a_comment_item(element)), None)
        if element is not None:
            found.add_date(_itemprop_text(element), STRUCTURED_DATA)
            break
    authors = [element for element, value in marked if " author " in f" {value} " and not in_a_comment_item(element)][:4]
    names = [_itemprop_text(element) for element in authors]
    names = [n for n in names if n.strip() and len(n) < 80]
    if names:
        found.add_authors(names, STRUCTURED_DATA)
    time = next((time for time in times if _published_time(time)), None)
    if time is not None:
        found.add_date(time.get("datetime"), STRUCTURED_DATA)


def _unescape(found: Structured) -> None:
    """Undo double-escaped entities (``&#8211;`` in a content attribute) common in CMS output."""
    found.titles = [html.unescape(t) for t in found.titles]
    found.authors = [[html.unescape(n) for n in names] for names in found.authors]
    found.site_names = [html.unescape(s) for s in found.site_names]


_CANONICAL_LETTERS = str.maketrans("CANOIL", "canoil")


def _canonical_links(links: list) -> list:
    """The <link rel=canonical> elements with an href (rel compared as the XPath
    translate(@rel, 'CANONICAL', 'canonical') did)."""
    return [link for link in links if link.get("href") is not None
            and " canonical " in f" {(link.get('rel') or '').translate(_CANONICAL_LETTERS)} "]


def _own_urls(links: list, metas: list, url: str | None) -> set[str]:
    """This page's URLs as _page_key gives them: the fetched URL, canonical link, og:url."""
    urls = [url or ""]
    urls += [link.get("href") for link in _canonical_links(links)][:1]
    urls += [m.get("content") or "" for m in metas if (m.get("property") or "").lower() == "og:url"][:1]
    real = [u for u in urls if u.strip().startswith(("http://", "https://"))
            and (urlsplit(u.strip()).hostname or "") not in ("", "localhost", "127.0.0.1")]
    return {_page_key(u) for u in real} - {""}


_RDFA_DATES = etree.XPath("//*[@property and @content and not(self::meta)]")
_RDFA_PUBLISHED = re.compile(r"(?:^|\s)(?:dc:date|dc:created|dcterms:created|dcterms:issued|schema:datePublished)(?:\s|$)")


def _from_rdfa(tree, found: Structured) -> None:
    """An RDFa date on a shown element: Drupal's '<span property="dc:date dc:created" content="2020-06-03T14:05:00+01:00">'."""
    for element in _RDFA_DATES(tree):
        if _RDFA_PUBLISHED.search(element.get("property")):
            found.add_date(element.get("content"), STRUCTURED_DATA)
            return


# A WeChat article's publication time, in its page script only: 'var ct = "1718850600";',
# 'var create_time = "1718850600" * 1;' (seconds since the epoch).
_SCRIPT_TIME = re.compile(r"\bvar\s+(?:ct|create_time|publish_time)\s*=\s*[\"']?(1\d{9})[\"']?")


def _from_script_variables(scripts: list, found: Structured) -> None:
    for script in scripts:
        text = script.text
        # (Scripts run to megabytes: the pattern only where its words are.)
        if (script.get("src") is None and text and ("var ct" in text or "_time" in text)
                and (match := _SCRIPT_TIME.search(text))):
            found.add_date(datetime.fromtimestamp(int(match[1]), timezone.utc).isoformat(), STRUCTURED_DATA)
            return


# A single-page app's state names the publication time ("publishTime":1732069536000,
# window.DATA = {pubtime: '2024-08-15 10:22:17'}): read only when the page shows no date.
_STATE_KEYS = ("publishTime", "publish_time", "pubtime", "pubTime", "pubDate", "publishDate", "publish_date",
               "publishedAt", "published_at", "createTime", "create_time")
_STATE_TIME = re.compile(
    r"[\"']?\b(?:" + "|".join(_STATE_KEYS) + r")[\"']?\s*[:=]\s*[\"']?"
    r"(1\d{9}(?:\d{3})?|(?:19|20)\d{2}-\d{1,2}-\d{1,2}[ T]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)(?![\d:])")


def _from_script_state(scripts: list, found: Structured) -> None:
    for script in scripts:
        text = script.text
        if script.get("src") is not None or not text or (script.get("type") or "").strip().lower() == "application/ld+json":
            continue
        # (The pattern only where a key is: scripts run to megabytes.)
        places = sorted(at for key in _STATE_KEYS if (at := text.find(key)) >= 0)
        match = next((match for at in places if (match := _STATE_TIME.search(text, max(0, at - 2), at + 80))), None)
        if match:
            value = match[1]
            if value.isdigit():
                value = datetime.fromtimestamp(int(value[:10]), timezone.utc).isoformat()
            found.script_dates.append(value)
            return


def read_structured(tree: etree._Element, url: str | None = None, tagged: dict[str, list] | None = None) -> Structured:
    """Collect candidates in precedence order: JSON-LD, meta, itemprop/time. With the
    page's ``url``, JSON-LD dates of nodes about other pages are left out. ``tagged`` is
    elements_by_tag(tree), when the caller has it."""
    found = Structured()
    tagged = elements_by_tag(tree) if tagged is None else tagged
    _from_json_ld(tagged["script"], found, _own_urls(tagged["link"], tagged["meta"], url), _own_titles(tree, tagged["meta"]))
    _from_meta(tagged["meta"], found)
    _from_itemprop(tree, tagged["time"], found)
    _from_rdfa(tree, found)
    _from_script_variables(tagged["script"], found)
    _from_script_state(tagged["script"], found)
    _unescape(found)
    for link in _canonical_links(tagged["link"])[:1]:
        found.canonical = link.get("href").strip()
    if found.discarded:
        log.debug("structured data discarded: %s", found.discarded)
    return found
