"""portal-archive's Datasette plugin: search that works for Chinese, the article
page, local-date facets, stored queries, an Atom feed, charts and safe headers.

Loaded with ``--plugins-dir`` by ``portal-archive serve`` (portal_spider.browse),
so it applies only to the archive it serves, whatever its file is called.
"""

from __future__ import annotations

import base64
import difflib
import functools
import hashlib
import html
import re
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import parse_qsl, quote, urlencode

import datasette
import nh3
import yaml
from datasette import Response, hookimpl
from datasette.facets import Facet
from datasette.filters import FilterArguments
from datasette.utils import escape_sqlite, path_with_added_args, path_with_removed_args
from markupsafe import Markup

from portal_spider.browse import LOCAL_HOSTS
from storage import search_index

HERE = Path(__file__).parent.parent
TABLES = yaml.safe_load((HERE / "tables.yml").read_text(encoding="utf-8"))
QUERIES = yaml.safe_load((HERE / "queries.yml").read_text(encoding="utf-8"))

# A ranked ``?_search=`` of articles is served by this view (schema m008): Datasette
# sorts a table only by its own columns.
SEARCH_RESULTS = "articles_search_results"
ARTICLE_LISTS = ("articles", SEARCH_RESULTS)


def _datasette_inline_script_hashes() -> list[str]:
    """CSP hashes of the inline scripts in Datasette's own templates (its SQL editor,
    closing menus, the table page's facet switch in both settings), read from the
    installed Datasette, so those run and no other inline script does."""
    hashes = set()
    for template in (Path(datasette.__file__).parent / "templates").glob("*.html"):
        for body in re.findall(r"<script>(.*?)</script>", template.read_text(encoding="utf-8"), re.S):
            for variant in {body.replace("{{ datasette_allow_facet }}", value) for value in ("true", "false")}:
                if "{{" not in variant and "{%" not in variant:
                    digest = base64.b64encode(hashlib.sha256(variant.encode("utf-8")).digest()).decode()
                    hashes.add(f"'sha256-{digest}'")
    return sorted(hashes)


# Every page: no inline script but Datasette's own (by hash), no plugins or frames,
# not framed; images may come from the portals they were archived from.
CSP = (f"default-src 'none'; script-src 'self' {' '.join(_datasette_inline_script_hashes())}; "
       "style-src 'self' 'unsafe-inline'; img-src * data:; font-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
SNIPPET_CHARS = 80
FEED_ENTRIES = 50


@hookimpl
def get_metadata(datasette, key, database, table):
    return {"databases": {name: {"tables": TABLES} for name in datasette.databases if name != "_internal"}}


@hookimpl
def canned_queries(datasette, database, actor):
    return QUERIES if database != "_internal" else None


@hookimpl(trylast=True)
def prepare_connection(conn):
    # Datasette's ?_search= passes what the user typed through escape_fts(); in the
    # archive it becomes the folded, per-character query of storage.search_index.
    # trylast: this must replace Datasette's own escape_fts, registered before.
    conn.create_function("escape_fts", 1, lambda query: search_index.match_query(query or ""))
    conn.create_function("archive_match", 1, lambda query: search_index.match_query(query or ""))
    conn.create_function("archive_fold", 1, _fold_name, deterministic=True)
    conn.create_function("archive_snippet", 2, snippet_text)


# Names (authors, portals) repeat across many rows: folding each distinct one once.
_fold_name = functools.lru_cache(maxsize=65536)(search_index.fold)


def snippet_text(body: str | None, query: str | None) -> str:
    """The part of the body around its first match (or its opening), every match
    between U+E001 and U+E002, which render_cell turns into <mark>."""
    body = body or ""
    spans = search_index.highlight_spans(body, query or "")
    start = max(0, spans[0][0] - SNIPPET_CHARS // 3) if spans else 0
    end = min(len(body), start + SNIPPET_CHARS)
    pieces, position = [], start
    for span_start, span_end in spans:
        if span_end <= start or span_start >= end:
            continue
        span_start, span_end = max(span_start, start), min(span_end, end)
        pieces += [body[position:span_start], "\ue001", body[span_start:span_end], "\ue002"]
        position = span_end
    pieces.append(body[position:end])
    text = "".join(pieces).replace("\n", " ")
    return ("…" if start else "") + text + ("…" if end < len(body) else "")


def marked_text(text: str | None, query: str | None) -> str:
    """All of ``text``, every match of ``query`` between U+E001 and U+E002."""
    text, pieces, position = text or "", [], 0
    for start, end in search_index.highlight_spans(text, query or ""):
        pieces += [text[position:start], "\ue001", text[start:end], "\ue002"]
        position = end
    return "".join(pieces) + text[position:]


def _marked(text: str) -> Markup:
    return Markup(html.escape(text).replace("\ue001", "<mark>").replace("\ue002", "</mark>"))


@hookimpl
def prepare_jinja2_environment(env):
    # The articles list shows each search result's snippet (templates/_table.html).
    env.filters["archive_snippet"] = lambda body, query: _marked(snippet_text(body, query))
    env.filters["archive_highlight"] = lambda text, query: _marked(marked_text(text, query))


def local_date(value: str | None, day_alone: bool = False) -> str:
    """An ISO time as the article's own clock showed it: 2026-05-01 07:30 +08:00; the day
    alone (2026-05-01) when the page gave no time of day (published_precision "day")."""
    if not value:
        return ""
    match = re.match(r"(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?", value)
    if not match:
        return value
    day, clock, offset = match.groups()
    if day_alone:
        return day
    offset = "+00:00" if offset == "Z" else offset
    return " ".join(part for part in (day, clock, offset) if part)


def _day_alone(row) -> bool:
    return "published_precision" in row.keys() and row["published_precision"] == "day"


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if column == "snippet" and isinstance(value, str):
        return _marked(value)
    # A query's rows are articles when they carry an id and a portal (the stored queries do).
    if column == "title" and (table in ARTICLE_LISTS or (table is None and {"id", "portal"} <= set(row.keys()))):
        path = datasette.urls.row(database, "articles", str(row["id"]))
        return Markup(f'<a href="{html.escape(path)}">{html.escape(value or "(untitled)")}</a>')
    if table in (*ARTICLE_LISTS, None) and column in ("published_at", "fetched_at") and isinstance(value, str):
        return local_date(value, column == "published_at" and _day_alone(row))
    if table in ARTICLE_LISTS and column == "duplicate_of" and value is None:
        async def copies():
            count = (await datasette.get_database(database).execute(
                "select count(*) from articles where duplicate_of = ?", [row["id"]])).single_value()
            return f"{count} {'copy' if count == 1 else 'copies'}" if count else ""
        return copies
    return None


class LocalDayFacet(Facet):
    """Groups an ISO time column by its leading day: the article's local date, since
    the archive keeps each time with its own UTC offset (Datasette's date facet
    converts to UTC). Selecting a value filters with ``COLUMN__startswith``."""

    type = "local_day"
    length = 10
    label = "local day"

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        args = dict(self.get_querystring_pairs())
        size = self.get_facet_size()
        for source_and_config in self.get_configs():
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            rows = await self.ds.execute(
                self.database,
                f"""select substr({escape_sqlite(column)}, 1, {self.length}) as value, count(*) as count
                    from ({self.sql}) where {escape_sqlite(column)} glob '[0-9][0-9][0-9][0-9]-*'
                    group by value order by value desc limit {size + 1}""",
                self.params, truncate=False, custom_time_limit=self.ds.setting("facet_time_limit_ms"),
            )
            key = f"{column}__startswith"
            values = []
            for row in rows.rows[:size]:
                selected = args.get(key) == row["value"]
                path = (path_with_removed_args(self.request, {key: row["value"]}) if selected
                        else path_with_added_args(self.request, {key: row["value"]}))
                values.append({"value": row["value"], "label": row["value"], "count": row["count"],
                               "toggle_url": self.ds.absolute_url(self.request, path), "selected": selected})
            results.append({
                "name": f"{column} ({self.label})", "type": self.type, "results": values,
                "hideable": source_and_config["source"] != "metadata",
                "toggle_url": path_with_removed_args(self.request, {f"_facet_{self.type}": column}),
                "truncated": len(rows) > size,
            })
        return results, timed_out


class LocalMonthFacet(LocalDayFacet):
    type = "local_month"
    length = 7
    label = "local month"


class FoldedFacet(Facet):
    """Groups a text column by its folded form, so that one author spelt in
    Traditional and in Simplified is one value, shown in its commonest spelling.
    Grouping by the raw value is left to SQLite; only the distinct values are folded.
    Selecting a value filters with ``_fold_COLUMN`` (filters_from_request below)."""

    type = "folded"

    async def suggest(self):
        return []

    async def facet_results(self):
        results, timed_out = [], []
        args = dict(self.get_querystring_pairs())
        size = self.get_facet_size()
        for source_and_config in self.get_configs():
            config = source_and_config["config"]
            column = config.get("column") or config["simple"]
            rows = await self.ds.execute(
                self.database,
                f"""select {escape_sqlite(column)} as value, count(*) as count from ({self.sql})
                    where value is not null and value != '' group by value""",
                self.params, truncate=False, custom_time_limit=self.ds.setting("facet_time_limit_ms"),
            )
            groups: dict[str, list] = {}
            for row in rows.rows:
                groups.setdefault(search_index.fold(row["value"]), []).append((row["count"], row["value"]))
            ranked = sorted(groups.items(), key=lambda item: (-sum(n for n, _ in item[1]), item[0]))
            key = f"_fold_{column}"
            chosen = search_index.fold(args[key]) if args.get(key) else None
            values = []
            for folded, spellings in ranked[:size]:
                label = max(spellings)[1]
                selected = folded == chosen
                path = (path_with_removed_args(self.request, {key: args[key]}) if selected
                        else path_with_added_args(self.request, {key: label}))
                values.append({"value": label, "label": label, "count": sum(n for n, _ in spellings),
                               "toggle_url": self.ds.absolute_url(self.request, path), "selected": selected})
            results.append({
                "name": column, "type": self.type, "results": values,
                "hideable": source_and_config["source"] != "metadata",
                "toggle_url": path_with_removed_args(self.request, {f"_facet_{self.type}": column}),
                "truncated": len(ranked) > size,
            })
        return results, timed_out


@hookimpl
def register_facet_classes():
    return [LocalDayFacet, LocalMonthFacet, FoldedFacet]


@hookimpl(trylast=True)
def filters_from_request(request, database, table, datasette):
    """``?_fold_COLUMN=value``: rows whose COLUMN folds to what value folds to; and
    ``?_search=`` on the search results view. trylast: its search box settings
    replace those of Datasette's own search filter, which sees no index for a view."""
    async def inner():
        if table is None:
            return None
        clauses, params, descriptions, context = [], {}, [], {}
        query = request.args.get("_search", "")
        if table == SEARCH_RESULTS and query.strip():
            clauses.append("search_match match archive_match(:archive_search)")
            params["archive_search"] = query
            descriptions.append(f'search matches "{query}", best matches first')
            context = {"search": query, "supports_search": True}
        wanted = {key[len("_fold_"):]: request.args[key] for key in request.args if key.startswith("_fold_")}
        columns = set(await datasette.get_database(database).table_columns(table)) if wanted else set()
        for i, (column, value) in enumerate(sorted(wanted.items())):
            if column in columns:
                clauses.append(f"archive_fold({escape_sqlite(column)}) = archive_fold(:fold_{i})")
                params[f"fold_{i}"] = value
                descriptions.append(f'{column} is "{value}" in either script')
        return FilterArguments(clauses, params, descriptions, context) if clauses or context else None

    return inner


def sanitised(body_html: str | None) -> Markup:
    """body_html through the sanitiser again: the archive cleaned it on write, but a
    row written by another tool was not."""
    return Markup(nh3.clean(body_html or "", url_schemes={"http", "https", "mailto"}))


def text_diff(old: str | None, new: str | None) -> list[tuple[str, str]]:
    """Line diff of an earlier body against the current one: (kind, line), kind one of ' ', '-', '+'."""
    return [(line[:1], line[2:]) for line in difflib.ndiff((old or "").splitlines(), (new or "").splitlines())
            if line[:1] in " -+"]


@hookimpl
def extra_template_vars(template, database, table, view_name, request, datasette):
    async def article_page():
        if view_name != "row" or table != "articles":
            return {}
        db = datasette.get_database(database)
        pk = request.url_vars["pks"]
        article = (await db.execute("select * from articles where id = ?", [pk])).first()
        if article is None:
            return {}
        root = article["duplicate_of"] or article["id"]
        duplicates = (await db.execute(
            """select id, title, portal, url, similarity, duplicate_of from articles
               where (id = :root or duplicate_of = :root) and id != :id order by id""",
            {"root": root, "id": article["id"]})).rows
        urls = (await db.execute("select url from article_urls where article_id = ? order by url", [pk])).rows
        revisions = (await db.execute(
            "select id, fetched_at, title, body_text from article_revisions where article_id = ? order by id desc",
            [pk])).rows
        return {
            "article": dict(article),
            "article_body": sanitised(article["body_html"]),
            "article_date": local_date(article["published_at"], _day_alone(article)),
            "article_fetched": local_date(article["fetched_at"]),
            "duplicates": [dict(row) for row in duplicates],
            "other_urls": [row["url"] for row in urls if row["url"] != article["url"]],
            "revisions": [dict(row) | {"diff": text_diff(row["body_text"], article["body_text"])}
                          for row in revisions],
        }

    async def extra():
        feed_url = datasette.urls.path("/-/feed.atom")
        if table in ARTICLE_LISTS and view_name == "table" and request is not None:
            # The list as shown, filters and search included, as a feed of its own.
            args = [(key, value) for key in request.args for value in request.args.getlist(key) if key != "_next"]
            feed_url = datasette.urls.table(database, table, format="atom") + (f"?{urlencode(args)}" if args else "")
        return {"feed_url": feed_url, "charts_url": datasette.urls.path("/-/charts"),
                "is_article_list": table in ARTICLE_LISTS} | await article_page()

    return extra


def _archive_db(datasette):
    return datasette.get_database([name for name in datasette.databases if name != "_internal"][0])


def _atom_time(value: str | None) -> str:
    try:
        moment = datetime.fromisoformat((value or "").replace("Z", "+00:00"))
    except ValueError:
        return "1970-01-01T00:00:00+00:00"
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).isoformat()


async def feed(request, datasette):
    """Atom feed of the newest archived articles: overall, of one portal (?portal=)
    or of a search (?q=)."""
    db = _archive_db(datasette)
    portal, query = request.args.get("portal"), request.args.get("q")
    where, params = ["duplicate_of is null"], {}
    if portal:
        where.append("portal = :portal")
        params["portal"] = portal
    if query:
        where.append("id in (select rowid from articles_search where articles_search match archive_match(:q))")
        params["q"] = query
    rows = (await db.execute(
        "select id, url, title, author, portal, published_at, fetched_at, body_html from articles "
        f"where {' and '.join(where)} order by id desc limit {FEED_ENTRIES}", params)).rows
    title = "portal-archive: " + (portal or "all portals") + (f", search “{query}”" if query else "")
    return atom_response(datasette, request, db.name, title, rows)


def atom_response(datasette, request, database: str, title: str, rows) -> Response:
    """An Atom feed of article rows (any of their columns may be missing)."""
    self_url = datasette.absolute_url(request, request.full_path)
    rows = [dict(row) for row in rows]
    updated = max((_atom_time(row.get("fetched_at")) for row in rows), default=_atom_time(None))
    esc = html.escape
    entries = []
    for row in rows:
        link = datasette.absolute_url(request, datasette.urls.row(database, "articles", str(row["id"])))
        entries.append(f"""<entry>
<id>{esc(link)}</id>
<title>{esc(row.get("title") or "(untitled)")}</title>
<link rel="alternate" href="{esc(link)}"/>
<link rel="via" href="{esc(row.get("url") or link)}"/>
<author><name>{esc(row.get("author") or row.get("portal") or "unknown")}</name></author>
<category term="{esc(row.get("portal") or "")}"/>
<published>{_atom_time(row.get("published_at") or row.get("fetched_at"))}</published>
<updated>{_atom_time(row.get("fetched_at"))}</updated>
<content type="html">{esc(str(sanitised(row.get("body_html"))))}</content>
</entry>
""")
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>{esc(self_url)}</id>
<title>{esc(title)}</title>
<link rel="self" href="{esc(self_url)}"/>
<updated>{updated}</updated>
{"".join(entries)}</feed>
"""
    return Response(body, content_type="application/atom+xml; charset=utf-8")


@hookimpl
def register_output_renderer(datasette):
    """``.atom`` on the articles table and its search results, filters included
    (``/guides/articles.atom?portal=a&_search=攻略``), and on the stored search."""

    def can_render(columns, table, query_name):
        return (table in ARTICLE_LISTS or query_name == "search") and {"id", "title"} <= set(columns)

    def render(datasette, request, database, table, query_name, rows):
        return atom_response(datasette, request, database, f"portal-archive: {table or query_name}", rows)

    return {"extension": "atom", "render": render, "can_render": can_render}


PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"]


def stacked_bars(rows, series_column: str, days_shown: int = 60) -> dict:
    """Bars per day stacked by series, the newest ``days_shown`` days: the geometry
    templates/archive_charts.html draws as SVG (no script)."""
    by_day: dict[str, dict[str, int]] = {}
    for row in rows:
        by_day.setdefault(row["day"], {})[row[series_column] or "?"] = row["n"]
    days = sorted(by_day)[-days_shown:]
    series = sorted({name for day in days for name in by_day[day]})
    colours = {name: PALETTE[i % len(PALETTE)] for i, name in enumerate(series)}
    top = max((sum(by_day[day].values()) for day in days), default=0) or 1
    width, height = 720, 200
    bar = max(4, width // max(1, len(days)) - 2)
    bars = []
    for i, day in enumerate(days):
        y = float(height)
        for name in series:
            count = by_day[day].get(name, 0)
            if count:
                h = count * height / top
                y -= h
                bars.append({"x": i * (bar + 2), "y": round(y, 1), "w": bar, "h": round(h, 1),
                             "colour": colours[name], "label": f"{day} {name}: {count}"})
    return {"width": width, "height": height, "bars": bars, "top": top,
            "legend": [{"name": name, "colour": colours[name]} for name in series],
            "first": days[0] if days else "", "last": days[-1] if days else ""}


async def charts(request, datasette):
    """Articles per day per portal (local days) and crawl runs per day by status."""
    db = _archive_db(datasette)
    days = (await db.execute(
        """select substr(published_at, 1, 10) as day, portal, count(*) as n from articles
           where published_at glob '[0-9][0-9][0-9][0-9]-*' and duplicate_of is null
           group by day, portal order by day desc limit 2000""")).rows
    runs = (await db.execute(
        """select substr(started_at, 1, 10) as day, status, count(*) as n from crawl_runs
           group by day, status order by day desc limit 2000""")).rows
    return Response.html(await datasette.render_template(
        "archive_charts.html",
        {"articles_chart": stacked_bars(days, "portal"), "runs_chart": stacked_bars(runs, "status"),
         "database": db.name},
        request=request,
    ))


async def robots(request, datasette):
    return Response.text("User-agent: *\nDisallow: /\n")


@hookimpl
def register_routes():
    return [(r"^/-/feed\.atom$", feed), (r"^/-/charts$", charts), (r"^/robots\.txt$", robots)]


def host_name(headers) -> str | None:
    """The name in a request's Host header, without port, lower case; None if absent."""
    values = [value for name, value in headers if name == b"host"]
    if not values:
        return None
    host = values[0].decode("latin-1").strip().lower()
    if host.startswith("["):  # [::1]:8001
        host = host[1:].partition("]")[0]
    elif host.count(":") == 1:
        host = host.partition(":")[0]
    return host.rstrip(".")


_ARTICLES_PATH = re.compile(rf"^/(?P<database>[^/]+)/(?P<table>articles|{SEARCH_RESULTS})(?P<format>\.\w+)?$")


def _default_order(table: str) -> tuple[str, str]:
    return ("_sort", TABLES[table]["sort"]) if "sort" in TABLES[table] else ("_sort_desc", TABLES[table]["sort_desc"])


def ranked_search_redirect(path: str, query_string: bytes) -> str | None:
    """Where a request for the articles list belongs: a search that chooses no order
    of its own goes to the ranked results, and those without a search back to the
    list, with the same filters. None: it is where it belongs.

    Datasette's search form sends the order it shows, the table's default one, so
    that order counts as none chosen; it is dropped on the way, as is a ``_next``
    of the other's paging."""
    match = _ARTICLES_PATH.match(path)
    if not match:
        return None
    source = match["table"]
    pairs = parse_qsl(query_string.decode("latin-1"), keep_blank_values=True)
    searched = any(key == "_search" and value.strip() for key, value in pairs)
    orders = [pair for pair in pairs if pair[0] in ("_sort", "_sort_desc")]
    if source == "articles":
        if not searched or (orders and orders != [_default_order(source)]):
            return None
        target = SEARCH_RESULTS
    elif searched:
        return None
    else:
        target = "articles"
    kept = [pair for pair in pairs if pair != _default_order(source) and pair[0] != "_next"]
    return quote(f"/{match['database']}/{target}{match['format'] or ''}") + (f"?{urlencode(kept)}" if kept else "")


def _plain(status: int, text: str, headers: list) -> tuple[dict, dict]:
    return ({"type": "http.response.start", "status": status,
             "headers": [*headers, (b"content-type", b"text/plain; charset=utf-8")]},
            {"type": "http.response.body", "body": (text + "\n").encode("utf-8")})


@hookimpl
def asgi_wrapper(datasette):
    """Every response: the Content-Security-Policy, no framing, no indexing. Requests
    naming a host that is not served are refused: a page of another site whose name
    a DNS-rebinding attack points at 127.0.0.1 must not read the archive."""
    config = datasette.plugin_config("portal_archive") or {}
    served = {name.lower().rstrip(".") for name in config.get("hosts", LOCAL_HOSTS)}
    safety_headers = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
                      (b"x-content-type-options", b"nosniff"), (b"x-robots-tag", b"noindex, nofollow")]

    def wrap(app):
        async def with_headers(scope, receive, send):
            if scope["type"] != "http":
                return await app(scope, receive, send)
            host = host_name(scope.get("headers", []))
            refusal = ("no Host header" if host is None
                       else None if host in served
                       else f"Host {host[:200]!r} is not served here (portal-archive serve --allow-host NAME adds one)")
            if refusal:
                for event in _plain(400 if host is None else 421, refusal, safety_headers):
                    await send(event)
                return None
            location = ranked_search_redirect(scope.get("path", ""), scope.get("query_string", b""))
            if location:
                for event in _plain(302, f"see {location}", [*safety_headers, (b"location", location.encode())]):
                    await send(event)
                return None

            async def send_with_headers(event):
                if event["type"] == "http.response.start":
                    event = dict(event, headers=[*event.get("headers", []), *safety_headers])
                await send(event)

            return await app(scope, receive, send_with_headers)

        return with_headers

    return wrap
