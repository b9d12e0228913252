"""One writer: during a crawl the reactor thread makes no SQLite call; the writer thread makes them all."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from tests.conftest import FAST

# Run in the crawl process before the CLI: every statement on every connection is traced
# with the thread that runs it, while the run is open (spider_opened to spider_closed).
TRACE = """
import atexit, json, sqlite3, sys, threading
import sqlite_utils.db
from portal_spider.extensions import RunRecorder

statements, window = [], {"open": False}
connect = sqlite_utils.db.sqlite3.connect

def traced_connect(*args, **kwargs):
    connection = connect(*args, **kwargs)
    def trace(statement):
        if window["open"]:
            statements.append([threading.current_thread().name, statement[:120]])
    connection.set_trace_callback(trace)
    return connection

sqlite_utils.db.sqlite3.connect = traced_connect
opened, closed = RunRecorder.spider_opened, RunRecorder.spider_closed

async def spider_opened(self, spider):
    window["open"] = True
    await opened(self, spider)

async def spider_closed(self, spider, reason):
    window["open"] = False  # the run's last writes wait for the writer at the very end
    await closed(self, spider, reason)

RunRecorder.spider_opened, RunRecorder.spider_closed = spider_opened, spider_closed
atexit.register(lambda: open(sys.argv.pop(), "w").write(json.dumps(statements)))
"""


def test_the_reactor_thread_makes_no_sqlite_call_during_a_crawl(portal_server, tmp_path):
    trace_file = tmp_path / "statements.json"
    code = textwrap.dedent(TRACE) + "\nfrom portal_spider.cli import cli\ncli(sys.argv[1:-1])\n"
    start = portal_server.base_url + "/list/index.html"
    for run in range(2):  # a first run, and an incremental one (lastmods, known URLs)
        result = subprocess.run(
            [sys.executable, "-c", code, "crawl", "--start-url", start, "--db", str(tmp_path / "a.db"), *FAST,
             str(trace_file)],
            capture_output=True, text=True, timeout=120,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        statements = json.loads(trace_file.read_text())
        threads = {thread for thread, _ in statements}
        assert threads == {"archive-writer"}, [s for s in statements if s[0] != "archive-writer"][:10]
        written = " ".join(statement for _, statement in statements)
        assert ("INSERT INTO crawl_runs" in written and "INTO crawl_queue" in written) or run == 1
        assert "sitemap_lastmod" in written
