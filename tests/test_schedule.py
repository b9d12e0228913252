"""portal-archive schedule: crawls at an interval, never overlapping, stopped cleanly by SIGTERM."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from portal_spider.scheduler import IntervalError, parse_interval
from tests.conftest import FAST, run_cli


@pytest.mark.parametrize("text, seconds", [("90s", 90), ("30m", 1800), ("2h", 7200), ("1d", 86400), ("1.5", 1.5)])
def test_parse_interval(text, seconds):
    assert parse_interval(text) == seconds


@pytest.mark.parametrize("text", ["", "0m", "-5m", "soon", "5w"])
def test_bad_interval(text):
    with pytest.raises(IntervalError):
        parse_interval(text)


def test_schedule_rejects_bad_crawl_options_at_once(tmp_path):
    result = run_cli("schedule", "--every", "1m", "--start-url", "nope", "--db", str(tmp_path / "a.db"))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == ["Error: not an http(s) URL: 'nope'"]


def runs(db_path) -> list[tuple]:
    try:
        return sqlite3.connect(db_path).execute(
            "select status, started_at, finished_at from crawl_runs order by id").fetchall()
    except sqlite3.Error:
        return []


def test_schedule_runs_crawls_in_turn_and_stops_on_sigterm(portal_server, tmp_path):
    db_path = str(tmp_path / "a.db")
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "schedule", "--every", "1s",
         "--start-url", portal_server.base_url + "/list/index.html", "--db", db_path, "--quiet", *FAST],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 90
    while len([r for r in runs(db_path) if r[0] != "running"]) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    recorded = runs(db_path)
    assert len(recorded) >= 2
    assert all(status in ("ok", "interrupted") for status, _, _ in recorded)
    assert recorded[0][0] == "ok" and recorded[1][0] == "ok"
    for (_, _, finished), (_, started, _) in zip(recorded, recorded[1:]):
        assert finished <= started  # one at a time
