"""For benchmarks: how long the crawl's reactor thread was ever kept from its work.

A Scrapy extension, enabled by the STALL_PROBE_FILE setting (with EXTENSIONS naming
it); at the end it writes JSON there: ``largest_download_gap`` (seconds between two
consecutive responses, first to last) and ``longest_reactor_block`` (the most a 10 ms
timer fired late: the longest stretch the reactor thread ran or waited on something),
each with when it ended (``..._at``, seconds after the spider opened) and the number of
responses by then; and both once the crawl is under way (``steady_...``: after the first
:data:`WARM_UP` responses, past starting the extraction workers and reading robots.txt).
``blocked_in``: where the reactor thread was while a tick was over :data:`BLOCKED` late,
sampled by a watchdog thread; the most frequent innermost frames, to say what stalls it;
``watchdog_late``: the most that thread itself woke late (no Python ran in the process).
"""

from __future__ import annotations

import json
import sys
import threading
import time
import traceback
from pathlib import Path
from collections import Counter

from scrapy import signals
from scrapy.exceptions import NotConfigured
from twisted.internet import task


WARM_UP = 50
BLOCKED = 0.05


class StallProbe:
    TICK = 0.01

    def __init__(self, path: str):
        self.path = path
        self.last_response = self.last_tick = self.opened = None
        self.largest_gap = self.longest_block = 0.0
        self.gap_at = self.block_at = (0.0, 0)
        self.responses = 0
        self.steady_gap = self.steady_block = 0.0
        self.task = None
        self.reactor_thread = None
        self.blocked_in: Counter[str] = Counter()
        self.closing = threading.Event()
        self.watchdog_late = 0.0

    @classmethod
    def from_crawler(cls, crawler):
        path = crawler.settings.get("STALL_PROBE_FILE")
        if not path:
            raise NotConfigured
        probe = cls(path)
        crawler.signals.connect(probe.spider_opened, signal=signals.spider_opened)
        crawler.signals.connect(probe.response_received, signal=signals.response_received)
        crawler.signals.connect(probe.spider_closed, signal=signals.spider_closed)
        return probe

    def spider_opened(self, spider):
        self.opened = time.monotonic()
        self.reactor_thread = threading.get_ident()
        self.task = task.LoopingCall(self.tick)
        self.task.start(self.TICK, now=True)
        threading.Thread(target=self.watch, daemon=True).start()

    def watch(self):
        woke = time.monotonic()
        while not self.closing.wait(self.TICK):
            # A watchdog that itself wakes late saw no Python run at all: the process had no
            # CPU, or one thread held the GIL in C code.
            woke, slept = time.monotonic(), time.monotonic() - woke
            self.watchdog_late = max(self.watchdog_late, slept - self.TICK)
            last = self.last_tick
            if last is None or time.monotonic() - last < BLOCKED + self.TICK:
                continue
            frame = sys._current_frames().get(self.reactor_thread)
            if frame is not None:
                stack = traceback.extract_stack(frame)[-6:]
                self.blocked_in[" < ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(stack))] += 1

    def tick(self):
        now = time.monotonic()
        if self.last_tick is not None and now - self.last_tick - self.TICK > self.longest_block:
            self.longest_block = now - self.last_tick - self.TICK
            self.block_at = (now - self.opened, self.responses)
        if self.last_tick is not None and self.responses > WARM_UP:
            self.steady_block = max(self.steady_block, now - self.last_tick - self.TICK)
        self.last_tick = now

    def response_received(self, response, request, spider=None):
        now = time.monotonic()
        self.responses += 1
        if self.last_response is not None and now - self.last_response > self.largest_gap:
            self.largest_gap = now - self.last_response
            self.gap_at = (now - self.opened, self.responses)
        if self.last_response is not None and self.responses > WARM_UP + 1:
            self.steady_gap = max(self.steady_gap, now - self.last_response)
        self.last_response = now

    def spider_closed(self, spider, reason):
        self.closing.set()
        if self.task and self.task.running:
            self.task.stop()
        with open(self.path, "w", encoding="utf-8") as out:
            json.dump({"largest_download_gap": self.largest_gap, "largest_download_gap_at": self.gap_at,
                       "longest_reactor_block": self.longest_block, "longest_reactor_block_at": self.block_at,
                       "steady_download_gap": self.steady_gap, "steady_reactor_block": self.steady_block,
                       "responses": self.responses, "watchdog_late": self.watchdog_late,
                       "blocked_in": [[where, samples * self.TICK] for where, samples in self.blocked_in.most_common(8)]},
                      out)
