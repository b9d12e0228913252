"""Ctrl-C, SIGTERM and SIGKILL during crawl and schedule: one line, an interrupted run, no false
errors, and no process left behind (checked in the process table)."""

from __future__ import annotations

import os
import pty
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from portal_spider.sample_portal import SamplePortal, serve
from tests.conftest import FAST

# Long enough that a crawl is still going when the tests interrupt it.
ARTICLES = 300


class GatedPortal:
    """The sample portal, whose answers can be held: a crawl stays mid-flight, requests in hand."""

    def __init__(self, portal: SamplePortal):
        self.portal = portal
        self.holding = threading.Event()
        self.released = threading.Event()
        self.held = 0
        self.requests = 0

    def respond(self, path, headers, base_url):
        self.requests += 1
        if self.holding.is_set():
            self.held += 1
            self.released.wait(timeout=120)
        return self.portal.respond(path, headers, base_url)

    def __getattr__(self, name):
        return getattr(self.portal, name)


@pytest.fixture
def gated():
    gate = GatedPortal(SamplePortal(articles=ARTICLES, seed=1))
    with serve(gate, host="127.0.0.1", port=0) as server:
        gate.start_url = server.base_url + "/list/index.html"
        yield gate
        gate.released.set()


def wait_until(condition, timeout: float, what: str, interval: float = 0.1, terminal=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(interval)
    shown = f"; the terminal showed {terminal.output()!r}" if terminal is not None else ""
    raise AssertionError(f"timed out after {timeout}s waiting for {what}{shown}")


def query(db_path, sql: str, *params):
    try:
        with sqlite3.connect(db_path, timeout=5) as db:
            return db.execute(sql, params).fetchall()
    except sqlite3.Error:  # not created yet
        return []


def articles(db_path) -> int:
    rows = query(db_path, "select count(*) from articles")
    return rows[0][0] if rows else 0


def hold_mid_crawl(gate: GatedPortal, db_path, process: subprocess.Popen) -> None:
    """Wait until a few articles are archived, then hold the portal's answers."""
    wait_until(lambda: articles(db_path) >= 3 or process.poll() is not None, 120, "3 archived articles")
    gate.holding.set()
    wait_until(lambda: gate.held or process.poll() is not None, 60, "a request held by the portal")
    assert process.poll() is None, "the crawl ended before it could be interrupted"


# -- the process table ------------------------------------------------------------------

def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) from /proc, or None when the process is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), int(fields[19])


def descendants(pid: int) -> dict[int, int]:
    """Every process under ``pid``: pid -> start time (a reused pid is another process)."""
    children: dict[int, list[int]] = {}
    starts = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (stat := _stat(int(entry.name))):
            children.setdefault(stat[1], []).append(int(entry.name))
            starts[int(entry.name)] = stat[2]
    found, todo = {}, [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = starts[child]
            todo.append(child)
    return found


def mentioning(text: str) -> list[int]:
    """Running processes whose command line contains ``text``."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        stat = _stat(int(entry.name))
        if text in cmdline and stat and stat[0] != "Z":
            pids.append(int(entry.name))
    return pids


def still_running(processes: dict[int, int], db_path) -> list[int]:
    alive = [pid for pid, start in processes.items() if (stat := _stat(pid)) and stat[2] == start and stat[0] != "Z"]
    return alive + [pid for pid in mentioning(str(db_path)) if pid not in alive]


def assert_nothing_left(processes: dict[int, int], db_path) -> None:
    try:
        wait_until(lambda: not still_running(processes, db_path), 60, "the crawl's processes to end")
    finally:
        for pid in still_running(processes, db_path):  # leave nothing behind even when failing
            os.kill(pid, signal.SIGKILL)


# -- a command on a terminal -------------------------------------------------------------

class OnTerminal:
    """``portal-archive ARGS`` on its own pseudo-terminal and session, as a user runs it.

    ``send`` signals its process group, as the terminal does for Ctrl-C.
    """

    def __init__(self, *args: str):
        leader, follower = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "portal_spider.cli", *args],
            stdin=follower, stdout=follower, stderr=follower, start_new_session=True,
        )
        os.close(follower)
        self.leader = leader
        self.chunks: list[bytes] = []
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        while True:
            try:
                data = os.read(self.leader, 65536)
            except OSError:  # EIO: every process holding the terminal has ended
                return
            if not data:
                return
            self.chunks.append(data)

    def output(self) -> str:
        return b"".join(self.chunks).decode(errors="replace")

    def lines(self) -> list[str]:
        """What a user reads: the live progress line erased, messages kept."""
        text = self.output().replace("\r\x1b[K", "\n").replace("\r", "")
        return [line for line in text.splitlines() if line.strip() and not line.startswith("pages ")]

    def send(self, signum: int):
        os.killpg(self.process.pid, signum)

    def wait(self, timeout: float = 120) -> int:
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise
        self.reader.join(timeout=10)
        os.close(self.leader)
        return code


def crawl_args(gate: GatedPortal, db_path) -> list[str]:
    return ["--start-url", gate.start_url, "--db", str(db_path), *FAST, "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=4"]


def assert_clean_interrupted_run(db_path, lines: list[str]):
    runs = query(db_path, "select status, errors, articles_new from crawl_runs")
    assert [(status, errors) for status, errors, _ in runs] == [("interrupted", 0)], lines
    assert query(db_path, "select url, status from crawl_errors") == []
    assert articles(db_path) == runs[0][2] >= 3
    assert articles(db_path) < ARTICLES
    assert not [line for line in lines if "Traceback" in line or "KeyboardInterrupt" in line or "Error" in line]


@pytest.mark.parametrize("signum, line", [
    (signal.SIGINT, "interrupted: finishing what was fetched; Ctrl-C again to stop at once"),
    (signal.SIGTERM, "SIGTERM received: finishing what was fetched"),
])
def test_a_signal_to_a_crawl_on_a_terminal_saves_what_was_fetched_and_records_it_interrupted(
        gated, tmp_path, signum, line):
    db_path = tmp_path / "a.db"
    terminal = OnTerminal("crawl", *crawl_args(gated, db_path))
    try:
        hold_mid_crawl(gated, db_path, terminal.process)
        processes = descendants(terminal.process.pid)
        assert processes, "the extraction worker should be running"
        terminal.send(signum)  # to the whole process group, workers included
        wait_until(lambda: any(line in seen for seen in terminal.lines()), 60, "the line saying so", terminal=terminal)
        requested_before_the_signal = gated.requests
        gated.released.set()  # the requests in hand come back, and are saved
        # Then it ends by that signal, as a shell expects of a command it interrupted.
        assert terminal.wait() == -signum, terminal.output()
    finally:
        gated.released.set()
    # Requests still waiting in the downloader's queues are not sent: they stay queued for the next run.
    assert gated.requests == requested_before_the_signal
    lines = terminal.lines()
    assert lines[0].startswith("crawling ") and lines[1] == line, lines
    assert re.fullmatch(r"run 1 interrupted: \d+ pages fetched, \d+ new, 0 updated, 0 duplicates, 0 errors", lines[2])
    assert len(lines) == 3, lines
    assert_clean_interrupted_run(db_path, lines)
    assert_nothing_left(processes, db_path)


def test_ctrl_c_twice_stops_a_crawl_at_once(gated, tmp_path):
    db_path = tmp_path / "a.db"
    terminal = OnTerminal("crawl", *crawl_args(gated, db_path))
    try:
        hold_mid_crawl(gated, db_path, terminal.process)
        processes = descendants(terminal.process.pid)
        terminal.send(signal.SIGINT)
        wait_until(lambda: any(s.startswith("interrupted: ") for s in terminal.lines()), 60, "the first line", terminal=terminal)
        # The portal still holds its answers: only the second Ctrl-C can end the crawl now.
        terminal.send(signal.SIGINT)
        assert terminal.wait(timeout=60) == -signal.SIGINT, terminal.output()
    finally:
        gated.released.set()
    lines = terminal.lines()
    assert lines[1:] == ["interrupted: finishing what was fetched; Ctrl-C again to stop at once",
                         "stopped at once; the next crawl records this run as interrupted"], lines
    assert query(db_path, "select url from crawl_errors") == []
    assert_nothing_left(processes, db_path)


def test_ctrl_c_stops_schedule_and_its_crawl_with_one_line(gated, tmp_path):
    db_path = tmp_path / "a.db"
    terminal = OnTerminal("schedule", "--every", "1h", *crawl_args(gated, db_path))
    try:
        hold_mid_crawl(gated, db_path, terminal.process)
        processes = descendants(terminal.process.pid)
        assert len(processes) >= 2, "the crawl and its extraction worker should be running"
        terminal.send(signal.SIGINT)
        wait_until(lambda: any(s.startswith("interrupted: ") for s in terminal.lines()), 60, "the line", terminal=terminal)
        gated.released.set()
        assert terminal.wait() == 0, terminal.output()
    finally:
        gated.released.set()
    lines = terminal.lines()
    assert lines[1] == "interrupted: finishing what was fetched; Ctrl-C again to stop at once", lines
    assert lines[2].startswith("run 1 interrupted: ") and len(lines) == 3, lines
    assert_clean_interrupted_run(db_path, lines)
    assert_nothing_left(processes, db_path)


def test_no_process_outlives_a_crawl_killed_with_sigkill(gated, tmp_path):
    db_path = tmp_path / "a.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "crawl", *crawl_args(gated, db_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
    )
    try:
        hold_mid_crawl(gated, db_path, process)
        processes = descendants(process.pid)
        assert processes, "the extraction worker should be running"
        process.kill()
        process.wait(timeout=60)
        assert_nothing_left(processes, db_path)
    finally:
        gated.released.set()
        if process.poll() is None:
            process.kill()
    # Nothing but the start line: no process left behind complains either.
    assert process.stderr.read().decode().splitlines()[1:] == []


def test_a_scheduler_killed_with_sigkill_takes_its_crawl_with_it(gated, tmp_path):
    db_path = tmp_path / "a.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "portal_spider.cli", "schedule", "--every", "1h", *crawl_args(gated, db_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        hold_mid_crawl(gated, db_path, process)
        processes = descendants(process.pid)
        assert len(processes) >= 2, "the crawl and its extraction worker should be running"
        process.kill()
        process.wait(timeout=60)
        gated.released.set()  # the orphaned crawl, told to stop, finishes what it holds
        assert_nothing_left(processes, db_path)
    finally:
        gated.released.set()
        if process.poll() is None:
            process.kill()
    assert query(db_path, "select status, errors from crawl_runs") == [("interrupted", 0)]


def test_ctrl_c_while_a_crawl_starts_is_as_quiet(gated, tmp_path):
    db_path = tmp_path / "a.db"
    gated.holding.set()  # nothing answers: the crawl cannot get past its first requests
    terminal = OnTerminal("crawl", *crawl_args(gated, db_path))
    try:
        # "crawling ..." is printed just before Scrapy starts: the signal lands during its start.
        wait_until(lambda: any(s.startswith("crawling ") for s in terminal.lines()), 120, "the start line", terminal=terminal)
        terminal.send(signal.SIGINT)
        wait_until(lambda: any(s.startswith("interrupted") for s in terminal.lines()), 120, "the line", terminal=terminal)
        gated.released.set()
        assert terminal.wait() == -signal.SIGINT, terminal.output()
    finally:
        gated.released.set()
    lines = terminal.lines()
    if lines[1:] != ["interrupted"]:  # else it came before Scrapy started: nothing to finish
        assert lines[1] == "interrupted: finishing what was fetched; Ctrl-C again to stop at once", lines
        assert re.fullmatch(r"run 1 interrupted: \d+ pages fetched, 0 new, 0 updated, 0 duplicates, 0 errors",
                            lines[2])
        assert len(lines) == 3, lines


HANDLERS_WHILE_STARTING = """
import signal
from portal_spider.crawl import ShutdownOnSignal, project_settings
import scrapy

class Idle(scrapy.Spider):
    name = "idle"
    async def start(self):
        return
        yield

seen = []
def note(phase):
    seen.append((phase, [getattr(signal.getsignal(s), "__name__", str(signal.getsignal(s)))
                         for s in (signal.SIGINT, signal.SIGTERM)]))
set_up = scrapy.crawler.CrawlerProcess.__init__
def noting_set_up(self, *args, **kwargs):
    note("set-up")
    set_up(self, *args, **kwargs)
scrapy.crawler.CrawlerProcess.__init__ = noting_set_up
process = ShutdownOnSignal(project_settings({db!r}, ()), on_signal=lambda signum: None)
process.crawl(Idle)  # installs the project's reactor
from twisted.internet import reactor
for phase in ("before", "during", "after"):
    reactor.addSystemEventTrigger(phase, "startup", note, phase)
process.start()
print(seen)
"""


def test_the_crawl_handles_sigint_and_sigterm_through_the_reactor_start(tmp_path):
    # Twisted's own SIGTERM handler, installed while the reactor starts, stopped the
    # reactor without a graceful stop; and Python's, while Scrapy set itself up, turned
    # a Ctrl-C into a KeyboardInterrupt: no window may be left to either.
    script = HANDLERS_WHILE_STARTING.format(db=str(tmp_path / "a.db"))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = eval(done.stdout.strip().splitlines()[-1])
    assert [phase for phase, _ in seen] == ["set-up", "before", "during", "after"]
    assert all(handlers == ["_signal_shutdown", "_signal_shutdown"] for _, handlers in seen), seen
