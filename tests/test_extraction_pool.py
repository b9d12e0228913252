"""The extraction pool: same Articles as in-process parsing, errors raised as themselves, a
worker that ignores Ctrl-C, and a dead worker costing only the pages it held."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures import BrokenExecutor
from pathlib import Path

import pytest

from portal_spider.extraction_pool import ExtractionPool, extract_page
from portal_spider.pages import ExtractionOptions
from portal_spider.sample_portal import SamplePortal

BASE = "http://127.0.0.1"


@pytest.fixture
def pages():
    portal = SamplePortal(articles=12, seed=3)
    found = []
    for article in portal.articles:
        _, headers, body = portal.respond(article.page_paths[0], {}, BASE)
        found.append((body, headers.get("Content-Type"), BASE + article.page_paths[0], ExtractionOptions()))
    return found


@pytest.fixture
def pool():
    pool = ExtractionPool(1)
    yield pool
    pool.close()


def extract(pool, page):
    return asyncio.run(pool.extract(*page))


def worker_pids() -> list[int]:
    """This process's extraction workers, from the process table."""
    pids = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat[stat.rindex(")") + 2:].split()[1]) == os.getpid() and b"portal_spider.extraction_pool" in cmdline:
            pids.append(int(entry.name))
    return pids


def test_the_pool_gives_what_parsing_in_process_gives_in_order(pool, pages):
    async def all_at_once():
        return await asyncio.gather(*(pool.extract(*page) for page in pages))

    assert asyncio.run(all_at_once()) == [extract_page(*page) for page in pages]


def test_an_error_while_parsing_is_raised_as_itself(pool, pages):
    body, content_type, url, options = pages[0]
    with pytest.raises(TypeError):
        extract(pool, (None, content_type, url, options))
    assert extract(pool, pages[0]) == extract_page(*pages[0])  # the worker carries on


def test_the_worker_ignores_ctrl_c_and_its_stop_is_the_pool_s(pages):
    pool = ExtractionPool(1)
    extract(pool, pages[0])
    [worker] = worker_pids()
    os.kill(worker, signal.SIGINT)
    os.kill(worker, signal.SIGTERM)
    assert extract(pool, pages[1]) == extract_page(*pages[1])
    assert worker_pids() == [worker]
    pool.close()
    assert worker_pids() == []


def test_a_killed_worker_costs_only_the_pages_it_held(pool, pages):
    extract(pool, pages[0])
    [worker] = worker_pids()
    os.kill(worker, signal.SIGKILL)
    failures = 0
    deadline = time.monotonic() + 60
    while True:
        try:
            assert extract(pool, pages[1]) == extract_page(*pages[1])
            break
        except BrokenExecutor as error:
            assert "exited with status -9" in str(error)
            failures += 1
        assert time.monotonic() < deadline
    assert failures <= 1
    assert worker_pids() not in ([], [worker])
