"""``slug``: an English WordPress-like guide blog whose URLs are slugs of the titles.

Articles ``/guides/how-to-beat-the-lava-behemoth-in-iron-dawn/``; listings ``/guides/``,
``/guides/page/2/`` … of cards (category link, h2 headline, byline with an author link,
date, ``#comments`` link, excerpt, "Read more", tag links) and a numbered pagination with
« Previous / Next »; author ``/author/<name>/``, tag ``/tag/<x>/`` and category
``/category/<x>/`` archives; widgets repeating popular posts and recent comments;
``/wp-login.php``; a sitemap and an RSS feed at ``/feed/``. Dates carry their UTC+8 offset
in ``datetime`` attributes and JSON-LD.
"""

from __future__ import annotations

import html
import json
import re
from datetime import timedelta

from .. import content_en as E
from ..truth import ArticleTruth
from .base import HTML_UTF8, Style, error_response, escape, page_response, redirect

_ARTICLE = re.compile(r"/guides/([a-z0-9-]+)/")
_LISTING = re.compile(r"/guides/(?:page/(\d+)/)?")
_ARCHIVE = re.compile(r"/(author|tag|category)/([a-z0-9-]+)/")
_CATEGORIES = {"guide": ("guides", "Guides"), "patch": ("patch-notes", "Patch Notes"), "pvp": ("pvp", "PvP")}
_COMMENTERS = ["Jordan", "kira_plays", "Alex M.", "NoobSlayer", "Dee", "Farhan", "casualcat", "Ines"]
_COMMENTS = ["Great guide, thanks!", "This finally got me past the wall I was stuck at.", "Does this still work after the hotfix?",
             "Bookmarked. The team section is gold.", "I'd swap the second item, but otherwise spot on.",
             "Tried it tonight, cleared on the first attempt.", "Any tips for players without the premium hero?"]


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower().replace("'", "")).strip("-")


def _date(when) -> str:
    return f"{when:%B} {when.day}, {when.year}"


class SlugStyle(Style):
    name = "slug"
    summary = "English blog, /guides/how-to-beat-the-final-boss/, /guides/page/2/"
    content = E
    annotations = False
    site_name = "Questline Guides"
    sitemap = True
    feed_path = "/feed/"
    feed_description = " – latest guides"
    disallow = ("/wp-admin/",)

    def key_for(self, article: ArticleTruth) -> str:
        slug, n = slugify(article.title), 2
        key = slug
        while key in self.by_key:
            key, n = f"{slug}-{n}", n + 1
        return key

    def adjust(self, article: ArticleTruth) -> None:
        article.encoding, article.pinyin, article.script, article.pages = "utf-8", False, "latin", 1

    def article_path(self, article: ArticleTruth, page: int) -> str:
        return f"/guides/{article.key}/"

    def listing_path(self, page: int) -> str:
        return "/guides/" if page == 1 else f"/guides/page/{page}/"

    def route(self, path: str, query: str, base: str):
        m = _LISTING.fullmatch(path)
        if m:
            page = int(m.group(1) or 1)
            if (m.group(1) and page < 2) or page > self.listing_count():
                return error_response(404)
            return page_response(self._listing_page(page))
        m = _ARTICLE.fullmatch(path)
        if m:
            article = self.by_key.get(m.group(1))
            return self._article_page(article, base) if article else error_response(404)
        m = _ARCHIVE.fullmatch(path)
        if m:
            items = [a for a in self.listed() if m.group(2) in self._archives(a)[m.group(1)]]
            if items:
                label = m.group(2).replace("-", " ").title()
                return page_response(self._frame(f"{m.group(1).title()}: {label}", f'<h1 class="page-title">{label}</h1>\n'
                                                 + "\n".join(self._card(a) for a in items[:10])))
            return error_response(404)
        if path in ("/about/", "/contact/", "/wp-login.php"):
            title = {"/about/": "About", "/contact/": "Contact"}.get(path, "Log In")
            return page_response(self._frame(title, f'<h1 class="page-title">{title}</h1>\n<p>We write guides for the games we play.</p>'))
        if path == "/":
            return redirect(302, base + "/guides/")
        return self.site_files(path, base) or error_response(404)

    # -------------------------------------------------------------- pieces

    def _archives(self, a: ArticleTruth) -> dict[str, list[str]]:
        return {"author": [slugify(a.author)], "category": [_CATEGORIES[a.category][0]], "tag": self._tags(a)}

    @staticmethod
    def _tags(a: ArticleTruth) -> list[str]:
        return [slugify(a.game), _CATEGORIES[a.category][0] + "-tips"]

    def _comments(self, a: ArticleTruth) -> list[tuple[int, str, object, str]]:
        rng = self.rng_for("comments", a.id)
        when, out = a.published, []
        for n in range(rng.choice((0, 0, 1, 2, 3, 5))):
            when += timedelta(minutes=rng.randint(20, 900))
            out.append((a.id * 10 + n, rng.choice(_COMMENTERS), when, rng.choice(_COMMENTS)))
        return out

    def _comments_link(self, a: ArticleTruth) -> str:
        count = len(self._comments(a))
        text = "No Comments" if not count else ("1 Comment" if count == 1 else f"{count} Comments")
        return f'<span class="comments-link"><a href="{a.path}#{"comments" if count else "respond"}">{text}</a></span>'

    def _byline(self, a: ArticleTruth) -> str:
        return (f'<span class="byline">by <span class="author vcard"><a class="url fn n" href="/author/{slugify(a.author)}/">'
                f'{escape(a.author)}</a></span></span> <span class="posted-on"><time class="entry-date published" '
                f'datetime="{a.published_at}">{_date(a.published)}</time></span>')

    def _card(self, a: ArticleTruth) -> str:
        slug, label = _CATEGORIES[a.category]
        tags = ", ".join(f'<a href="/tag/{t}/" rel="tag">{t.replace("-", " ")}</a>' for t in self._tags(a))
        return (
            f'<article id="post-{a.id}" class="post type-post status-publish">\n'
            f'<header class="entry-header"><span class="cat-links"><a href="/category/{slug}/" rel="category tag">{label}</a></span>\n'
            f'<h2 class="entry-title"><a href="{a.path}" rel="bookmark">{escape(a.title)}</a></h2>\n'
            f'<div class="entry-meta">{self._byline(a)} {self._comments_link(a)}</div></header>\n'
            f'<div class="entry-summary"><p>{escape(a.paragraphs[0][:160])} […]</p></div>\n'
            f'<footer class="entry-footer"><a class="more-link" href="{a.path}">Read more</a> <span class="tags-links">{tags}</span></footer>\n'
            "</article>"
        )

    def _widgets(self) -> str:
        portal = self.portal
        popular = self.rng_for("popular").sample(portal._order, min(5, len(portal._order)))
        recent = [(a, c) for a in self.listed()[:8] for c in self._comments(a)][:5]
        cats = "".join(f'<li><a href="/category/{s}/">{label}</a></li>' for s, label in _CATEGORIES.values())
        return (
            '<aside id="secondary" class="widget-area">\n'
            '<section class="widget"><h2 class="widget-title">Popular Guides</h2><ul>'
            + "".join(f'<li><a href="{a.path}">{escape(a.title)}</a></li>' for a in popular) + "</ul></section>\n"
            '<section class="widget"><h2 class="widget-title">Recent Comments</h2><ul>'
            + "".join(f'<li>{escape(c[1])} on <a href="{a.path}#comment-{c[0]}">{escape(a.title)}</a></li>' for a, c in recent)
            + f'</ul></section>\n<section class="widget"><h2 class="widget-title">Categories</h2><ul>{cats}</ul></section>\n'
            '<section class="widget"><h2 class="widget-title">Meta</h2><ul><li><a href="/wp-login.php">Log in</a></li>'
            f'<li><a href="{self.feed_path}">Entries feed</a></li></ul></section>\n</aside>\n'
        )

    def _frame(self, title: str, main: str, head: str = "") -> str:
        site = html.escape(self.portal.site_name)
        nav = "".join(f'<li><a href="/category/{s}/">{label}</a></li>' for s, label in _CATEGORIES.values())
        return (
            '<!DOCTYPE html>\n<html lang="en-US">\n<head>\n<meta charset="UTF-8">\n'
            f"<title>{html.escape(title)} – {site}</title>\n{head}{self.feed_link()}</head>\n<body class=\"blog\">\n"
            f'<header id="masthead" class="site-header"><p class="site-title"><a href="/" rel="home">{site}</a></p>\n'
            f'<nav class="main-navigation"><ul><li><a href="/">Home</a></li><li><a href="/guides/">All Guides</a></li>{nav}'
            '<li><a href="/about/">About</a></li><li><a href="/contact/">Contact</a></li></ul></nav></header>\n'
            f'<div id="content" class="site-content"><main id="main" class="site-main">\n{main}\n</main>\n{self._widgets()}</div>\n'
            f'<footer class="site-footer"><p>© {self.portal.start.year} {site}. Proudly powered by WordPress.</p>'
            '<p><a href="/about/">About</a> · <a href="/contact/">Contact</a> · <a href="/wp-login.php">Log in</a></p></footer>\n'
            "</body>\n</html>\n"
        )

    def _listing_page(self, page: int) -> str:
        count = self.listing_count()
        href = self.listing_path
        bits = [f'<a class="prev page-numbers" href="{href(page - 1)}">« Previous</a>'] if page > 1 else []
        bits += [f'<span aria-current="page" class="page-numbers current">{n}</span>' if n == page
                 else f'<a class="page-numbers" href="{href(n)}">{n}</a>' for n in range(1, count + 1)]
        if page < count:
            bits.append(f'<a class="next page-numbers" href="{href(page + 1)}">Next »</a>')
        cards = "\n".join(self._card(a) for a in self.listing_items(page))
        nav = f'<nav class="navigation pagination"><div class="nav-links">{"".join(bits)}</div></nav>'
        return self._frame("Guides" if page == 1 else f"Guides – Page {page}", f"{cards}\n{nav}")

    def _article_page(self, a: ArticleTruth, base: str):
        body = "\n".join(f"<p>{escape(p)}</p>" for p in a.paragraphs)
        comments = self._comments(a)
        items = "".join(
            f'<li id="comment-{cid}" class="comment"><article><footer><b class="fn">{escape(name)}</b> says: '
            f'<time datetime="{when:%Y-%m-%dT%H:%M:%S}+08:00">{_date(when)} at {when:%H:%M}</time></footer>'
            f"<p>{escape(text)}</p></article></li>" for cid, name, when, text in comments
        )
        heading = f"<h2 class=\"comments-title\">{len(comments)} thoughts on “{escape(a.title)}”</h2>" if comments else ""
        tags = ", ".join(f'<a href="/tag/{t}/" rel="tag">{t.replace("-", " ")}</a>' for t in self._tags(a))
        order = self.portal._order
        at = order.index(a)
        links = []
        if at > 0:
            links.append(f'<a href="{order[at - 1].path}" rel="prev">Previous: {escape(order[at - 1].title)}</a>')
        if at + 1 < len(order):
            links.append(f'<a href="{order[at + 1].path}" rel="next">Next: {escape(order[at + 1].title)}</a>')
        ld = json.dumps({"@context": "https://schema.org", "@type": "Article", "headline": a.title,
                         "author": {"@type": "Person", "name": a.author}, "datePublished": a.published_at,
                         "dateModified": a.modified_at}, ensure_ascii=False)
        head = (f'<link rel="canonical" href="{base}{a.path}">\n<meta property="og:type" content="article">\n'
                f'<meta property="og:title" content="{html.escape(a.title)}">\n'
                f'<meta property="article:published_time" content="{a.published_at}">\n'
                f'<script type="application/ld+json">{ld}</script>\n')
        main = (
            f'<article id="post-{a.id}" class="post type-post">\n<header class="entry-header">'
            f'<h1 class="entry-title">{escape(a.title)}</h1>\n<div class="entry-meta">{self._byline(a)} {self._comments_link(a)}</div></header>\n'
            f'<div class="entry-content">\n{body}\n</div>\n<footer class="entry-footer"><span class="tags-links">Tagged {tags}</span></footer>\n</article>\n'
            f'<nav class="post-navigation"><div class="nav-links">{"".join(links)}</div></nav>\n'
            f'<div id="comments" class="comments-area">{heading}<ol class="comment-list">{items}</ol>\n'
            f'<div id="respond"><p>You must be <a href="/wp-login.php">logged in</a> to post a comment.</p></div></div>'
        )
        data = self._frame(a.title, main, head).encode("utf-8")
        return self.article_response(a, data, HTML_UTF8)
