"""A hostile mode of the sample portal: a normal guide site whose listing also links hazards.

    from portal_spider.sample_portal.hostile import HostilePortal
    portal = HostilePortal(elsewhere="http://127.0.0.1:8001/x.html")  # a page of another site
    with serve(portal, port=0) as server:
        ...  # crawl server.base_url + portal.start_path (and portal.calendar_path)

The first listing page lists, beside the normal articles, one link per hazard in
:data:`HAZARDS`, each at an article-like URL ``/article/<id>.html``: traps, bombs,
failures, off-site hops, hijacks and lies. Pagination never ends (the page after the last
one repeats it, with a next link, for ever), nor does the calendar at ``/calendar/``
(``»`` to the next month). Hazards that need an article's text (a canonical hijack, a
charset lie, a thousand-page article ...) take it from a second, unlisted sample portal,
so what a crawler should have archived from them is known: :meth:`HostilePortal.donor_truth`.
"""

from __future__ import annotations

import gzip
import html
import json
import socket
import struct
import threading
import time
from urllib.parse import urlsplit

from .portal import SamplePortal
from .styles.base import HTML_UTF8, error_response, redirect

# Hazard name -> what it is. Its URL is HostilePortal.hazard_url(name).
HAZARDS = {
    "gzip_bomb": "1 GiB of zeros, gzip-compressed to about 1 MB",
    "huge_page": "a 20 MB HTML page with its Content-Length",
    "huge_unannounced": "a 20 MB HTML page without a Content-Length",
    "truncated": "a body cut short of its Content-Length",
    "reset": "the connection reset half-way through the body",
    "stall": "headers, then nothing for a minute",
    "too_many_requests": "429 with Retry-After: 2, then the article",
    "unavailable": "503 with Retry-After: 1, then the article",
    "server_error": "500, every time",
    "redirect_loop": "302 to a page that redirects back",
    "redirect_chain": "30 redirects in a row before the article",
    "off_site_redirect": "302 to another site",
    "off_site_refresh": "a <meta http-equiv=refresh> in <head> to another site",
    "refresh_in_body": "an article with a <meta http-equiv=refresh> to another site inside its text",
    "canonical_hijack": "an article whose rel=canonical and og:url name another article",
    "charset_lie": "an article declaring gb2312 whose bytes are Big5",
    "mojibake": "bytes no legacy charset decodes, declared gb2312",
    "pdf": "a PDF linked as an article",
    "png": "a PNG linked as an article",
    "json": "a JSON file linked as an article",
    "empty": "an empty 200",
    "robots_disallowed": "an article robots.txt disallows",
    "long_url": "a link 3,000 characters long",
    "thousand_pages": "an article of 1,000 pages",
}
# The hazards whose content is an article of the donor portal (see donor_truth).
DONOR_HAZARDS = ("too_many_requests", "unavailable", "refresh_in_body", "canonical_hijack", "charset_lie",
                 "thousand_pages", "redirect_chain")
HAZARD_BASE_ID = 90001
CHAIN_HOPS = 30
THOUSAND = 1000
BIG = 20 * 1024 * 1024


def _gzip_bomb(size: int) -> bytes:
    """``size`` bytes of zeros as a gzip stream of identical members (gzip readers join them)."""
    member_size = 16 * 1024 * 1024
    return gzip.compress(bytes(member_size), 9) * (size // member_size)


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def _head(handler, status: int, headers: dict) -> None:
    handler.send_response(status)
    for name, value in headers.items():
        handler.send_header(name, value)
    handler.end_headers()


def _stopped(handler) -> threading.Event:
    return handler.portal_server._stopped


class HostilePortal:
    """A :class:`SamplePortal` (``portal``) whose first listing page also links the hazards.

    ``elsewhere``: the URL of a page on another site, where off-site redirects and refreshes point.
    ``hit_times``: hazard name -> monotonic times of its requests (to see Retry-After obeyed).
    """

    calendar_path = "/calendar/2025-05.html"

    def __init__(self, elsewhere: str, articles: int = 36, seed: int = 1):
        self.portal = SamplePortal(articles=articles, seed=seed)
        self.elsewhere = elsewhere
        self.name = self.portal.name
        self.base_url: str | None = None
        self.start_path = self.portal.start_path
        self.hit_times: dict[str, list[float]] = {}
        self._lock = threading.Lock()
        self._bomb: bytes | None = None
        self._failures_left = {"too_many_requests": 1, "unavailable": 1}
        own_ids = {a.id for a in self.portal.articles}
        donor = SamplePortal(name="donor", articles=40, seed=seed + 1000)
        # Single-page donor articles in UTF-8 whose ids the portal does not use.
        usable = [a for a in donor.articles if a.id not in own_ids and a.pages == 1 and a.encoding == "utf-8"
                  and not a.pinyin and not a.ruby]
        self.donor = donor
        # The Big5 page must say in Big5 all that its truth says (the rest of the page may
        # use character references, as Big5 pages do).
        big5 = next(a for a in usable if _encodes("\n".join([a.title, a.author, *a.paragraphs]), "big5hkscs"))
        usable.remove(big5)
        self.donor_articles = {"charset_lie": big5, **dict(zip([h for h in DONOR_HAZARDS if h != "charset_lie"], usable))}
        long = self.donor_articles["thousand_pages"]
        long.paragraphs = [f"{long.paragraphs[i % len(long.paragraphs)]}（第{i + 1}段）" for i in range(2 * THOUSAND)]
        long.pages = THOUSAND
        self.ids = {name: HAZARD_BASE_ID + i for i, name in enumerate(HAZARDS)}
        self._by_path = {self.hazard_path(name): name for name in HAZARDS if name != "long_url"}

    # -- what is where ------------------------------------------------------------------

    def hazard_path(self, name: str) -> str:
        if name == "long_url":
            return "/article/" + "9" * 2990 + ".html"
        return f"/article/{self.ids[name]}.html"

    def hazard_url(self, name: str, base_url: str | None = None) -> str:
        return (base_url or self.base_url or "").rstrip("/") + self.hazard_path(name)

    def truth_json(self, base_url: str | None = None) -> list[dict]:
        """The normal articles, as SamplePortal.truth_json gives them."""
        return self.portal.truth_json(base_url or self.base_url)

    def donor_truth(self, name: str, pages: int | None = None) -> dict:
        """Title and body text of the article a hazard serves (its first ``pages`` pages)."""
        article = self.donor_articles[name]
        chunks = article.page_paragraphs()[:pages] if pages else article.page_paragraphs()
        return {"title": article.title, "body_text": "\n".join(p for chunk in chunks for p in chunk)}

    # -- serving ------------------------------------------------------------------------

    def respond(self, path_with_query: str, headers=None, base_url: str | None = None):
        base = (base_url or self.base_url or "http://127.0.0.1").rstrip("/")
        split = urlsplit(path_with_query)
        path = split.path
        name = self._by_path.get(path)
        if name is None and path.startswith("/article/") and path.endswith(".html"):
            name = self._continuation(path)
        if name is not None:
            with self._lock:
                self.hit_times.setdefault(name, []).append(time.monotonic())
            return self._hazard(name, path, base)
        if path.startswith("/hop/"):
            hop = int(path.removeprefix("/hop/"))
            target = self.donor_path("redirect_chain") if hop >= CHAIN_HOPS else f"/hop/{hop + 1}"
            return redirect(302, base + target)
        if path == "/loop/back":
            return redirect(302, base + self.hazard_path("redirect_loop"))
        if path.startswith("/calendar/"):
            return self._calendar(path.removeprefix("/calendar/").removesuffix(".html"))
        if path == "/robots.txt":
            status, out, body = self.portal.respond(path_with_query, headers, base)
            return status, out, body + f"Disallow: {self.hazard_path('robots_disallowed')}\n".encode()
        if path == self.start_path:
            status, out, body = self.portal.respond(path_with_query, headers, base)
            return status, out, body.replace(b"\n</ul>", self._hazard_items().encode() + b"\n</ul>", 1)
        if path.startswith("/list/index_") and path.removeprefix("/list/index_").removesuffix(".html").isdigit():
            page = int(path.removeprefix("/list/index_").removesuffix(".html"))
            if page >= self.portal.style.listing_count():
                return self._endless_listing(page, base)
        return self.portal.respond(path_with_query, headers, base)

    def donor_path(self, name: str) -> str:
        return self.donor_articles[name].path

    def _continuation(self, path: str) -> str | None:
        """The hazard a further page or the chain's end belongs to."""
        if path.startswith(f"/article/{self.ids['thousand_pages']}_"):
            return "thousand_pages"
        if path == self.donor_path("redirect_chain"):
            return "redirect_chain"
        return None

    def _hazard_items(self) -> str:
        items = []
        for i, name in enumerate(HAZARDS):
            title = html.escape(f"{HAZARDS[name]}（第{i + 1}彈）")
            items.append(f'<li><a href="{html.escape(self.hazard_path(name))}" title="{title}">{title}</a>'
                         f'<span class="date">2025-05-01</span><p class="summary">{title}…</p></li>')
        return "\n" + "\n".join(items)

    def _endless_listing(self, page: int, base: str):
        """The last listing page and any past it: the last page again, with a next link, for ever."""
        last = self.portal.style.listing_count()
        _, out, body = self.portal.respond(self.portal.style.listing_path(last), None, base)
        text = body.decode("utf-8").replace("</div>\n</div>", f'<a href="/list/index_{page + 1}.html">下一頁</a></div>\n</div>', 1)
        return 200, out, text.encode("utf-8")

    def _calendar(self, month: str):
        """An archive by month: this month's articles, « and » to the months around, never ending."""
        try:
            year, number = (int(part) for part in month.split("-"))
        except ValueError:
            return error_response(404)
        before = f"{year - (number == 1)}-{(number - 2) % 12 + 1:02d}"
        after = f"{year + (number == 12)}-{number % 12 + 1:02d}"
        items = [a for a in self.portal.articles if (a.published.year, a.published.month) == (year, number)]
        lines = "\n".join(f'<li><a href="{a.path}">{html.escape(a.title, quote=False)}</a></li>' for a in items)
        page = (
            f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{month} 攻略歸檔</title></head><body>\n'
            f'<div class="left"><h2>{month}</h2>\n<ul class="list">\n{lines}\n</ul>\n'
            f'<div class="pager"><a href="/calendar/{before}.html">«</a> {month} '
            f'<a href="/calendar/{after}.html">»</a></div></div>\n</body></html>\n'
        )
        return 200, {"Content-Type": HTML_UTF8}, page.encode("utf-8")

    def _donor_page(self, name: str, page: int = 1) -> tuple[int, dict, bytes]:
        """The donor article's page, living at the hazard's URL (its links and canonical too)."""
        article = self.donor_articles[name]
        status, headers, body = self.donor.respond(article.page_paths[page - 1], None, self.base_url)
        return status, headers, body.replace(f"/article/{article.id}".encode(), f"/article/{self.ids[name]}".encode())

    def _hazard(self, name: str, path: str, base: str):
        if name == "gzip_bomb":
            with self._lock:
                self._bomb = self._bomb or _gzip_bomb(1024 ** 3)
            return 200, {"Content-Type": HTML_UTF8, "Content-Encoding": "gzip"}, self._bomb
        if name == "huge_page":
            page = b"<!DOCTYPE html><html><head><title>big</title></head><body><p>" + b"x" * BIG + b"</p></body></html>"
            return 200, {"Content-Type": HTML_UTF8}, page
        if name == "huge_unannounced":
            return 200, {}, _stream_unannounced
        if name == "truncated":
            return 200, {}, _truncated
        if name == "reset":
            return 200, {}, _reset
        if name == "stall":
            return 200, {}, _stall
        if name in self._failures_left:
            with self._lock:
                failing = self._failures_left[name] > 0
                self._failures_left[name] -= 1
            if failing:
                status = 429 if name == "too_many_requests" else 503
                retry_after = "2" if status == 429 else "1"
                return status, {"Content-Type": HTML_UTF8, "Retry-After": retry_after}, error_response(status)[2]
            return self._donor_page(name)
        if name == "server_error":
            return error_response(500)
        if name == "redirect_loop":
            return redirect(302, base + "/loop/back")
        if name == "redirect_chain":
            if path == self.donor_path("redirect_chain"):  # the end of the chain, at its own URL
                return self.donor.respond(path, None, base)
            return redirect(302, base + "/hop/1")
        if name == "off_site_redirect":
            return redirect(302, self.elsewhere)
        if name == "off_site_refresh":
            page = (f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>移動</title>'
                    f'<meta http-equiv="refresh" content="0; url={self.elsewhere}"></head>'
                    f'<body><p>本頁已移動。</p></body></html>')
            return 200, {"Content-Type": HTML_UTF8}, page.encode()
        if name == "refresh_in_body":
            status, headers, body = self._donor_page(name)
            refresh = f'<meta http-equiv="refresh" content="0; url={self.elsewhere}">'
            return status, headers, body.replace(b'<div class="content">', b'<div class="content">' + refresh.encode(), 1)
        if name == "canonical_hijack":
            status, headers, body = self._donor_page(name)
            victim = base + self.portal.articles[3].path
            text = body.decode("utf-8")
            text = text.replace(f'<link rel="canonical" href="{base}{self.hazard_path(name)}">',
                                f'<link rel="canonical" href="{victim}"><meta property="og:url" content="{victim}">')
            return status, headers, text.encode("utf-8")
        if name == "charset_lie":
            status, headers, body = self._donor_page(name)
            text = body.decode("utf-8").replace('<meta charset="utf-8">', '<meta http-equiv="Content-Type" content="text/html; charset=gb2312">')
            return status, {**headers, "Content-Type": "text/html"}, text.encode("big5hkscs", errors="xmlcharrefreplace")
        if name == "mojibake":
            head = b'<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>'
            noise = bytes((i * 97 + 13) % 256 for i in range(6000))
            return 200, {"Content-Type": "text/html"}, head + noise[:60] + b"</title></head><body><div class='content'><p>" + noise + b"</p></div></body></html>"
        if name == "pdf":
            body = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
            return 200, {"Content-Type": "application/pdf"}, body
        if name == "png":
            body = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + bytes(range(256)) * 23
            return 200, {"Content-Type": "image/png"}, body
        if name == "json":
            body = json.dumps({"title": "攻略", "items": list(range(200))}, ensure_ascii=False).encode()
            return 200, {"Content-Type": "application/json"}, body
        if name == "empty":
            return 200, {"Content-Type": HTML_UTF8}, b""
        if name == "robots_disallowed":  # a crawler that obeys robots.txt never gets here
            return self._donor_page("charset_lie")
        if name == "thousand_pages":
            page = 1 if path == self.hazard_path(name) else int(path.rsplit("_", 1)[1].removesuffix(".html"))
            return self._donor_page(name, page) if 1 <= page <= THOUSAND else error_response(404)
        raise KeyError(name)


# -- answers that write their own bytes ---------------------------------------------------


def _stream_unannounced(handler) -> None:
    _head(handler, 200, {"Content-Type": HTML_UTF8, "Connection": "close"})
    chunk = b"<p>" + b"y" * 65536 + b"</p>\n"
    try:
        handler.wfile.write(b"<!DOCTYPE html><html><head><title>big</title></head><body>")
        for _ in range(BIG // len(chunk) + 1):
            if _stopped(handler).is_set():
                return
            handler.wfile.write(chunk)
    except OSError:  # the crawler hung up, as it should
        pass


def _truncated(handler) -> None:
    body = b"<!DOCTYPE html><html><head><title>cut</title></head><body><p>" + "被截斷".encode() * 3000
    _head(handler, 200, {"Content-Type": HTML_UTF8, "Content-Length": str(len(body) * 2)})
    try:
        handler.wfile.write(body)
        handler.wfile.flush()
    except OSError:
        pass


def _reset(handler) -> None:
    body = b"<!DOCTYPE html><html><head><title>reset</title></head><body><p>" + b"r" * 5000
    _head(handler, 200, {"Content-Type": HTML_UTF8, "Content-Length": str(len(body) * 4)})
    try:
        handler.wfile.write(body)
        handler.wfile.flush()
        # SO_LINGER with a zero timeout: close() sends RST instead of FIN.
        handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        handler.connection.close()
    except OSError:
        pass


def _stall(handler) -> None:
    _head(handler, 200, {"Content-Type": HTML_UTF8, "Content-Length": "100000"})
    try:
        handler.wfile.flush()
    except OSError:
        return
    _stopped(handler).wait(60)


__all__ = ["HAZARDS", "HostilePortal"]
