"""WARC files of every fetched page, raw_pages tracing articles to them, re-extraction from
them, and extract --warc: on the sample portal, crawled by the real command."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import sqlite_utils
from warcio.archiveiterator import ArchiveIterator

from storage import Archive
from storage.search_index import match_query
from storage.warc import payload_digest, read_record
from tests.conftest import FAST, crawl, crawl_killed_when, run_cli


def start_url(server) -> str:
    return server.base_url + "/list/index.html"


def warc_files(db_path) -> list[Path]:
    return sorted(Path(f"{db_path}.warc").glob("*.warc.gz"))


def records(path: Path) -> list[dict]:
    """Every record of a WARC file, read to its end."""
    found = []
    with open(path, "rb") as file:
        iterator = ArchiveIterator(file)
        for record in iterator:
            body = record.content_stream().read()
            found.append({
                "offset": iterator.get_record_offset(),
                "type": record.rec_type,
                "uri": record.rec_headers.get_header("WARC-Target-URI"),
                "date": record.rec_headers.get_header("WARC-Date"),
                "id": record.rec_headers.get_header("WARC-Record-ID"),
                "body": body,
            })
    return found


def warcio(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from warcio.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=120)


def page_paths(portal) -> list[str]:
    """The listing, article and further article pages of the sample portal."""
    return portal.listing_paths + [path for article in portal.articles for path in article.page_paths]


def fetched_pages(server) -> Counter:
    wanted = set(page_paths(server.portal))
    return Counter(path for path in server.requests if path in wanted)


def rows(db_path, sql: str, *params) -> list[dict]:
    return list(sqlite_utils.Database(db_path).query(sql, params))


def test_a_crawl_writes_warc_files_warcio_accepts_with_one_response_per_fetched_page(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    # Small files: the crawl rotates through several.
    crawl("--start-url", start_url(portal_server), "--db", str(db_path), "-s", "WARC_MAX_BYTES=60000")
    files = warc_files(db_path)
    assert len(files) >= 2
    for path in files:
        assert warcio("check", str(path)).returncode == 0
        index = warcio("index", str(path))
        assert index.returncode == 0 and index.stdout.count('"warc-type"') == len(records(path))
        first = records(path)[0]
        assert first["type"] == "warcinfo" and b"software: portal-archive/" in first["body"]

    every = [record for path in files for record in records(path)]
    responses = [r for r in every if r["type"] in ("response", "revisit")]
    base = portal_server.base_url
    assert Counter(r["uri"].removeprefix(base) for r in responses) == fetched_pages(portal_server)
    # Each response has its request record, concurrent to it.
    assert Counter(r["type"] for r in every)["request"] == len(responses)

    # raw_pages: one row per response record, with its place, digest and WARC-Date.
    by_id = {r["id"]: (path, r) for path in files for r in records(path)}
    pages = rows(db_path, "select * from raw_pages")
    assert len(pages) == len(responses)
    for page in pages:
        path, record = by_id[page["record_id"]]
        assert (page["warc_file"], page["warc_offset"], page["url"]) == (str(path), record["offset"], record["uri"])
        assert page["status"] == 200 and page["content_type"].startswith("text/html")
        assert page["payload_digest"] == payload_digest(record["body"]) or page["record_type"] == "revisit"
        assert record["date"].replace("Z", "+00:00") == page["fetched_at"]


def test_raw_pages_trace_every_article_to_the_bytes_of_each_of_its_pages(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    base = portal_server.base_url
    multi = 0
    for article in portal_server.portal.articles:
        (row,) = rows(db_path, "select id from articles where url = ?", article.url(base))
        pages = rows(db_path, "select * from raw_pages where article_id = ? order by article_page", row["id"])
        assert [p["url"] for p in pages] == [base + path for path in article.page_paths]
        assert [p["article_page"] for p in pages] == list(range(1, len(pages) + 1))
        multi += len(pages) > 1
        for page, path in zip(pages, article.page_paths):
            stored = read_record(page["warc_file"], page["warc_offset"])
            assert stored.body == portal_server.portal.respond(path)[2]
    assert multi, "the sample portal must have multi-page articles"
    listings = rows(db_path, "select url from raw_pages where article_id is null")
    assert {p["url"].removeprefix(base) for p in listings} == set(portal_server.portal.listing_paths)


def test_a_payload_stored_before_is_a_revisit_record_and_each_run_starts_a_new_file(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    (first,) = warc_files(db_path)
    size = first.stat().st_size
    crawl("--start-url", start_url(portal_server), "--db", str(db_path), "--refresh")
    second = [path for path in warc_files(db_path) if path != first]
    assert len(second) == 1 and first.stat().st_size == size
    refetched = [r for r in records(second[0]) if r["type"] in ("response", "revisit")]
    assert refetched and {r["type"] for r in refetched} == {"revisit"}  # the sample portal serves the same bytes
    assert warcio("check", str(second[0])).returncode == 0
    # An unchanged refetch fed no article: the stored fields still come from the first fetch.
    assert rows(db_path, "select count(*) n from raw_pages where run_id = 2 and article_id is not null")[0]["n"] == 0


def test_no_warc_and_warc_dir(portal_server, tmp_path):
    crawl("--start-url", start_url(portal_server), "--db", str(tmp_path / "off.db"), "--no-warc")
    assert not Path(f"{tmp_path / 'off.db'}.warc").exists()
    assert rows(tmp_path / "off.db", "select count(*) n from raw_pages")[0]["n"] == 0
    folder = tmp_path / "elsewhere"
    crawl("--start-url", start_url(portal_server), "--db", str(tmp_path / "on.db"), "--warc-dir", str(folder))
    assert len(list(folder.glob("*.warc.gz"))) == 1
    result = run_cli("crawl", "--start-url", start_url(portal_server), "--db", str(tmp_path / "x.db"),
                     "--no-warc", "--warc-dir", str(folder))
    assert result.returncode == 1 and result.stderr.count("\n") == 1 and "alternatives" in result.stderr


def table(db_path, name: str) -> list[tuple]:
    return sqlite3.connect(db_path).execute(f"select * from {name} order by rowid").fetchall()


# A deliberate change to the extraction, made in the re-extracting process: titles with
# a "的" gain a prefix, and one article's text becomes that of an earlier one.
CHANGED_EXTRACTION = """
import sys
from dataclasses import replace
import portal_spider.reextract as reextract

extract_page, copy_from, copy_to = reextract.extract_page, sys.argv.pop(), sys.argv.pop()
pages = {}

def changed(body, content_type, url, options):
    page = pages[url] = extract_page(body, content_type, url, options)
    if page.title and "的" in page.title:
        page = replace(page, title="Reworded " + page.title)
    if url == copy_to:  # articles are re-extracted in id order: copy_from's page came first
        page = replace(page, body_text=pages[copy_from].body_text, body_html=pages[copy_from].body_html)
    return page

reextract.extract_page = changed
from portal_spider.cli import cli
cli(sys.argv[1:])
"""


def test_reextract_changes_nothing_with_the_same_extraction_and_exactly_the_affected_articles_after_a_change(
        portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    before = {name: table(db_path, name) for name in ("articles", "article_revisions", "raw_pages", "crawl_runs")}

    dry = run_cli("reextract", "--db", str(db_path), "--dry-run")
    same = run_cli("reextract", "--db", str(db_path))
    for result in (dry, same):
        assert result.returncode == 0, result.stderr
        assert "re-extracted 36 of 36 articles: 0 " in result.stdout and result.stderr == ""
    assert {name: table(db_path, name) for name in before} == before

    base = portal_server.base_url
    retitled = {a.url(base) for a in portal_server.portal.articles if "的" in a.title}
    assert 0 < len(retitled) < 36
    # A single-page article takes the text of an earlier one: it becomes its duplicate.
    single = {a.url(base) for a in portal_server.portal.articles if len(a.page_paths) == 1}
    by_id = [row["url"] for row in rows(db_path, "select url from articles order by id") if row["url"] in single]
    copy_from, copy_to = by_id[0], by_id[-1]
    changed = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(CHANGED_EXTRACTION), "reextract", "--db", str(db_path),
         copy_to, copy_from],
        capture_output=True, text=True, timeout=120,
    )
    assert changed.returncode == 0, changed.stderr[-3000:]
    fields = dict(part.rsplit(" ", 1) for part in changed.stdout.split("(")[1].split(")")[0].split(", "))
    assert fields == {"title": str(len(retitled)), "body_text": "1", "body_html": "1"}, changed.stdout
    assert f" {len(retitled | {copy_to})} changed " in changed.stdout, changed.stdout

    after = {row["url"]: row for row in rows(db_path, "select * from articles")}
    old = {row[1]: row for row in before["articles"]}
    for url, row in after.items():
        affected = url in retitled or url == copy_to
        assert (row["reextracted_at"] is not None) == affected, url
        if url in retitled:
            assert row["title"].startswith("Reworded ")
        if not affected:
            assert tuple(row.values()) == old[url]
    copy = after[copy_to]
    assert copy["body_text"] == after[copy_from]["body_text"]
    assert copy["duplicate_of"] == after[copy_from]["id"]  # duplicate detection followed
    assert copy["fetched_at"] == old[copy_to][10]  # not a new fetch
    # Not a revision, not a run; the search index follows.
    assert table(db_path, "article_revisions") == [] and table(db_path, "crawl_runs") == before["crawl_runs"]
    db = sqlite_utils.Database(db_path)
    found = {r["rowid"] for r in db.query("select rowid from articles_search where articles_search match ?",
                                          [match_query("Reworded")])}
    assert found == {after[url]["id"] for url in retitled}


def test_a_crawl_killed_with_sigkill_leaves_readable_warc_files_and_no_row_past_them(portal_server, tmp_path):
    db_path = tmp_path / "killed.db"
    crawl_killed_when(start_url(portal_server), str(db_path), "select count(*) from raw_pages", 12)

    (killed,) = warc_files(db_path)
    complete = {(str(killed), r["offset"]) for r in records(killed) if r["type"] in ("response", "revisit")}
    pages = rows(db_path, "select warc_file, warc_offset, warc_length from raw_pages")
    assert 12 <= len(pages) and {(p["warc_file"], p["warc_offset"]) for p in pages} <= complete
    assert all(p["warc_offset"] + p["warc_length"] <= killed.stat().st_size for p in pages)
    assert sqlite3.connect(db_path).execute("pragma integrity_check").fetchone()[0] == "ok"

    size = killed.stat().st_size
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    files = warc_files(db_path)
    assert len(files) == 2 and killed.stat().st_size == size  # a new file; the old one left as it was
    assert warcio("check", str(files[1])).returncode == 0
    traced = rows(db_path, "select count(distinct article_id) n from raw_pages where article_id is not null")
    assert traced[0]["n"] == 36


# The WARC folder's disk fills up part way through a record, after some pages; every
# write is noted with the thread that made it.
FULL_DISK = """
import errno, json, sys, threading, atexit
import storage.warc as warc

write_all, written, threads = warc._write_all, [0], set()

def filling(file, data):
    threads.add(threading.current_thread().name)
    if written[0] + len(data) > 120_000:
        file.write(data[: len(data) // 2])
        raise OSError(errno.ENOSPC, "No space left on device")
    written[0] += len(data)
    write_all(file, data)

warc._write_all = filling
atexit.register(lambda: open(sys.argv.pop(), "w").write(json.dumps(sorted(threads))))
from portal_spider.cli import cli
cli(sys.argv[1:-1])
"""


def test_a_full_disk_stops_the_crawl_with_one_line_naming_the_warc_folder(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    threads = tmp_path / "threads.json"
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(FULL_DISK), "crawl", "--start-url", start_url(portal_server),
         "--db", str(db_path), *FAST, str(threads)],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 69, result.stderr[-3000:]
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: cannot write the WARC folder {db_path}.warc: No space left on device;"
                      " the crawl stopped: what was saved stays, the rest is queued for the next run"]
    assert json.loads(threads.read_text()) == ["archive-writer"]  # never the reactor thread

    (full,) = warc_files(db_path)
    every = records(full)  # read to the end: the half-written record was cut off again
    assert every[-1]["type"] == "request"
    complete = {r["offset"] for r in every if r["type"] == "response"}
    pages = rows(db_path, "select warc_offset from raw_pages")
    assert pages and {p["warc_offset"] for p in pages} <= complete
    assert sqlite3.connect(db_path).execute("pragma integrity_check").fetchone()[0] == "ok"
    saved = rows(db_path, "select count(*) n from articles")[0]["n"]
    assert saved < 36
    untraced = "select count(*) n from articles where id not in (select article_id from raw_pages where article_id > 0)"
    assert rows(db_path, untraced)[0]["n"] == 0  # archived with the bytes it came from, or not yet

    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    assert rows(db_path, "select count(*) n from articles")[0]["n"] == 36
    assert all(warcio("check", str(path)).returncode == 0 for path in warc_files(db_path))


def test_extract_warc_prints_one_json_line_per_html_response(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    (path,) = warc_files(db_path)
    result = run_cli("extract", "--warc", str(path))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    html = [r for r in records(path) if r["type"] == "response"]
    assert [line["url"] for line in lines] == [r["uri"] for r in html]
    base = portal_server.base_url
    truth = {a["url"]: a for a in portal_server.portal.truth_json(base)}
    titles = {line["url"]: line["title"] for line in lines}
    for url, article in truth.items():
        assert titles[url] == article["title"]
    assert all(line["warc_record_id"].startswith("<urn:uuid:") and line["fetched_at"] for line in lines)

    not_warc = run_cli("extract", "--warc", str(db_path))
    assert not_warc.returncode == 1 and not_warc.stderr.count("\n") == 1
    assert "not a WARC file" in not_warc.stderr


def test_reextract_finds_moved_warc_files_in_warc_dir_and_says_which_pages_it_cannot_read(portal_server, tmp_path):
    db_path = tmp_path / "a.db"
    crawl("--start-url", start_url(portal_server), "--db", str(db_path))
    moved = tmp_path / "moved"
    Path(f"{db_path}.warc").rename(moved)
    lost = run_cli("reextract", "--db", str(db_path))
    assert lost.returncode == 0 and "re-extracted 0 of 36 articles: 0 changed" in lost.stdout
    assert lost.stdout.strip().endswith("36 failed")
    assert lost.stderr.splitlines()[0].startswith("  failed http") and "cannot read" in lost.stderr
    found = run_cli("reextract", "--db", str(db_path), "--warc-dir", str(moved))
    assert found.returncode == 0 and "re-extracted 36 of 36 articles: 0 changed" in found.stdout, found.stdout


def test_revisits_are_read_through_their_original(tmp_path):
    from datetime import datetime, timezone

    from storage.warc import Exchange, WarcFolder

    archive = Archive(str(tmp_path / "a.db"))
    folder = WarcFolder(str(tmp_path / "w"))
    body = "<html><title>同一页</title><p>正文</p></html>".encode()
    stored = []
    for n in (1, 2):
        exchange = Exchange(f"https://a.com/{n}", datetime.now(timezone.utc), "GET", [], 200, "OK",
                            [("Content-Type", "text/html; charset=utf-8")], body, f"<urn:uuid:0000-{n}>")
        record = folder.write(exchange, archive.raw_pages.original)
        archive.raw_pages.record(record, exchange.url, exchange.fetched_at.isoformat(), 200,
                                 "text/html; charset=utf-8", None)
        stored.append(record)
    folder.close()
    assert [r.record_type for r in stored] == ["response", "revisit"]
    with archive.db.conn:
        archive.raw_pages.link(7, ["<urn:uuid:0000-2>"])
    (page,) = archive.raw_pages.latest_fetch(7)
    assert (page.url, page.warc_offset) == ("https://a.com/2", stored[0].offset)
    assert read_record(page.warc_file, page.warc_offset).body == body
    assert urlsplit(read_record(stored[1].warc_file, stored[1].offset).url).path == "/2"
