"""Crawl bookkeeping: runs, errors and the discovered-URL queue."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from storage import Archive, Article

BODY = "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。"


def run_row(archive: Archive, run_id: int) -> dict:
    return archive.db["crawl_runs"].get(run_id)


def test_run_lifecycle(archive):
    run_id = archive.crawl.start_run(["gamersky", "nga"])
    started = run_row(archive, run_id)
    assert started["status"] == "running" and json.loads(started["portals"]) == ["gamersky", "nga"]
    assert started["started_at"].endswith("+00:00") and started["finished_at"] is None
    archive.crawl.finish_run(run_id, "partial", pages_fetched=10, articles_new=4, articles_updated=1, duplicates=2, errors=3)
    done = run_row(archive, run_id)
    assert (done["status"], done["pages_fetched"], done["articles_new"], done["articles_updated"], done["duplicates"], done["errors"]) == (
        "partial", 10, 4, 1, 2, 3)
    assert done["finished_at"] >= done["started_at"]


def test_finish_run_rejects_unknown_status(archive):
    run_id = archive.crawl.start_run(["a"])
    with pytest.raises(ValueError):
        archive.crawl.finish_run(run_id, "done", pages_fetched=0, articles_new=0, articles_updated=0, duplicates=0, errors=0)


def test_last_run_status_is_per_portal_and_newest_first(archive):
    assert archive.crawl.last_run_status("a") is None
    first = archive.crawl.start_run(["a", "b"])
    archive.crawl.finish_run(first, "failed", pages_fetched=0, articles_new=0, articles_updated=0, duplicates=0, errors=1)
    second = archive.crawl.start_run(["a"])
    archive.crawl.finish_run(second, "ok", pages_fetched=1, articles_new=1, articles_updated=0, duplicates=0, errors=0)
    assert archive.crawl.last_run_status("a") == "ok"
    assert archive.crawl.last_run_status("b") == "failed"
    assert archive.crawl.last_run_status("c") is None


def test_runs_of_dead_processes_become_interrupted(archive):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    killed = archive.crawl.start_run(["a"])
    archive.db.execute("UPDATE crawl_runs SET pid = ? WHERE id = ?", [dead.pid, killed])
    archive.db.conn.commit()
    alive = archive.crawl.start_run(["b"])  # this process: still running
    assert archive.crawl.mark_interrupted_runs() == 1
    assert run_row(archive, killed)["status"] == "interrupted" and run_row(archive, killed)["finished_at"]
    assert run_row(archive, alive)["status"] == "running"
    assert archive.crawl.mark_interrupted_runs() == 0


def test_errors_are_upserted_by_url(archive):
    run_id = archive.crawl.start_run(["a"])
    archive.crawl.record_error(run_id, "https://a.com/x?utm_source=1", "503", portal="a")
    archive.crawl.record_error(run_id, "https://a.com/x", "TimeoutError: timed out")
    (error,) = archive.db["crawl_errors"].rows
    assert (error["url"], error["attempts"], error["status"], error["portal"], error["run_id"]) == (
        "https://a.com/x", 2, "TimeoutError: timed out", "a", run_id)
    assert error["last_seen"].endswith("+00:00")
    archive.crawl.record_error(run_id, "https://b.com/y", "404", portal="b")
    assert archive.crawl.failed_urls() == ["https://a.com/x", "https://b.com/y"]
    assert archive.crawl.failed_urls(portal="b") == ["https://b.com/y"]
    archive.crawl.clear_error("https://a.com/x#frag")
    assert archive.crawl.failed_urls() == ["https://b.com/y"]


def test_save_clears_errors_for_the_url_and_aliases(archive):
    run_id = archive.crawl.start_run(["a"])
    archive.crawl.record_error(run_id, "https://m.a.com/1", "503", portal="a")
    archive.crawl.record_error(run_id, "https://a.com/1", "503", portal="a")
    archive.save(Article(url="https://m.a.com/1", canonical_url="https://a.com/1", body_text=BODY, portal="a"))
    assert archive.crawl.failed_urls() == []


def test_queue_keeps_unarchived_urls(archive):
    archive.crawl.enqueue(["https://a.com/1?utm_source=x", "https://a.com/2", "https://a.com/2#c"], portal="a")
    archive.crawl.enqueue(["https://b.com/1"], portal="b")
    assert archive.crawl.pending_urls() == ["https://a.com/1", "https://a.com/2", "https://b.com/1"]
    assert archive.crawl.pending_urls(portal="b") == ["https://b.com/1"]
    archive.save(Article(url="https://a.com/2", body_text=BODY, portal="a"))
    assert archive.crawl.pending_urls(portal="a") == ["https://a.com/1"]
    assert archive.db["crawl_queue"].count == 2  # save removed its URL


def test_queue_ignores_archived_urls_and_aliases(archive):
    archive.save(Article(url="https://m.a.com/1", canonical_url="https://a.com/1", body_text=BODY, portal="a"))
    archive.crawl.enqueue(["https://a.com/1", "https://m.a.com/1"], portal="a")
    assert archive.crawl.pending_urls() == [] and archive.db["crawl_queue"].count == 0


def test_queue_survives_reopening(tmp_path):
    path = str(tmp_path / "a.db")
    Archive(path).crawl.enqueue(["https://a.com/1"], portal="a")  # no close: as after a SIGKILL
    assert Archive(path).crawl.pending_urls() == ["https://a.com/1"]


def test_notes_are_recorded_per_run_with_whether_they_are_a_problem(archive):
    run_id = archive.crawl.start_run(["a"])
    archive.crawl.record_note(run_id, "listing_without_links", "no article links found on this listing page",
                        portal="a", url="https://a.com/list/", hint="portal-archive inspect https://a.com/list/")
    archive.crawl.record_note(run_id, "no_new_links", "pagination stopped", portal="a", url="https://a.com/list/9")
    notes = archive.crawl.run_notes(run_id)
    assert [(n["kind"], n["problem"], n["url"], n["hint"]) for n in notes] == [
        ("listing_without_links", True, "https://a.com/list/", "portal-archive inspect https://a.com/list/"),
        ("no_new_links", False, "https://a.com/list/9", None),
    ]
    assert notes[0]["recorded_at"].endswith("+00:00")
    assert archive.crawl.run_notes(archive.crawl.start_run(["a"])) == []
    assert archive.crawl.failed_urls() == []  # a note is never retried as an article
    with pytest.raises(ValueError):
        archive.crawl.record_note(run_id, "odd", "?")


def test_portal_runs_round_trip(archive):
    run_id = archive.crawl.start_run(["a", "b"])
    counts = dict(listing_pages=3, article_links=30, articles_archived=5, articles_new=4, articles_updated=1, duplicates=0)
    archive.crawl.record_portal_run(run_id, "b", stop_reason="caught_up", **counts)
    archive.crawl.record_portal_run(run_id, "a", stop_reason=None, **{**counts, "article_links": 0})
    assert [(r["portal"], r["article_links"], r["stop_reason"]) for r in archive.crawl.portal_runs(run_id)] == [
        ("b", 30, "caught_up"), ("a", 0, None)]
    assert archive.crawl.portal_runs(run_id)[0] == {"portal": "b", **counts, "stop_reason": "caught_up"}
    with pytest.raises(ValueError):
        archive.crawl.record_portal_run(run_id, "c", stop_reason=None, listing_pages=1)


def test_an_archive_from_before_the_run_records_gains_their_tables(tmp_path):
    import sqlite3

    path = tmp_path / "old.db"
    Archive(str(path))
    db = sqlite3.connect(path)
    db.executescript("DROP TABLE crawl_run_portals; DROP TABLE crawl_notes;"
                     "DELETE FROM _sqlite_migrations WHERE name = 'm006_crawl_run_portals_and_notes';")
    db.close()
    archive = Archive(str(path))
    assert {"crawl_run_portals", "crawl_notes"} <= set(archive.db.table_names())


def test_a_failed_listing_page_is_remembered_until_the_portals_next_run(archive):
    first = archive.crawl.start_run(["a", "b"])
    archive.crawl.record_note(first, "listing_failed", "listing page failed: HTTP 503", portal="a", url="https://a.com/list/2")
    archive.crawl.record_note(first, "listing_without_links", "no article links", portal="b", url="https://b.com/")
    assert archive.crawl.listing_failed_last_run("a") and not archive.crawl.listing_failed_last_run("b")
    archive.crawl.start_run(["b"])
    assert archive.crawl.listing_failed_last_run("a")  # b's run says nothing of a
    archive.crawl.start_run(["a"])
    assert not archive.crawl.listing_failed_last_run("a") and not archive.crawl.listing_failed_last_run("c")
