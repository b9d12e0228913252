"""``portal-archive schedule``: start a crawl every INTERVAL, one at a time, stop on a signal.

Each crawl runs in a child process, as cron would start it: Twisted's reactor runs once
per process, and a crawl's memory goes back to the system when it ends.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")


class IntervalError(ValueError):
    pass


def parse_interval(text: str) -> float:
    match = INTERVAL.match(text)
    if not match or float(match.group(1)) <= 0:
        raise IntervalError(f"--every takes a positive interval like 90s, 30m, 2h or 1d, got {text!r}")
    return float(match.group(1)) * UNITS[match.group(2) or "s"]


def run_schedule(every_seconds: float, crawl_command: list[str], log=None) -> None:
    """Run ``crawl_command`` now and then every ``every_seconds`` until SIGTERM/SIGINT.

    A crawl that overruns its slot is not doubled: the next one starts when it ends.
    """
    log = log or (lambda message: print(message, file=sys.stderr, flush=True))
    stopping = threading.Event()
    child: list[subprocess.Popen] = []

    def stop(signum, frame):
        log(f"schedule: {signal.Signals(signum).name} received, stopping")
        stopping.set()
        # Scrapy finishes in-flight requests on its first signal and records the run; a
        # Ctrl-C already reached the child through the terminal's process group, and a
        # second signal would force it to stop mid-write.
        if signum == signal.SIGTERM and child and child[0].poll() is None:
            child[0].send_signal(signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        while not stopping.is_set():
            started = time.monotonic()
            child[:] = [subprocess.Popen(crawl_command)]
            code = child[0].wait()
            if code not in (0, 75) and not stopping.is_set():
                log(f"schedule: crawl exited with status {code}; trying again at the next slot")
            stopping.wait(max(0.0, every_seconds - (time.monotonic() - started)))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
