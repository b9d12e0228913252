"""``portal-archive schedule``: start a crawl every INTERVAL, one at a time, stop on a signal.

Each crawl runs in a child process, as cron would start it: Twisted's reactor runs once
per process, and a crawl's memory goes back to the system when it ends.
"""

from __future__ import annotations

import ctypes
import os
import re
import signal
import subprocess
import sys
import threading
import time

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
# Seconds between a Ctrl-C and the SIGTERM passed on to the running crawl (see run_schedule).
FORWARD_AFTER_CTRL_C = 0.3
INTERVAL = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*$")



PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>
# Loaded up front: set_parent_death_signal runs in the child between fork and exec.
_libc = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None


def set_parent_death_signal(signum: int) -> bool:
    """Have the kernel send this process ``signum`` when its parent dies; False off Linux."""
    return _libc is not None and _libc.prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0) == 0


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
    scheduler_pid = os.getpid()

    def stop(signum, frame):
        stopping.set()
        if child and child[0].poll() is None:
            # SIGTERM asks the crawl to finish what it fetched, and it says so. A Ctrl-C
            # reaches it too, through the terminal's process group: a SIGTERM after
            # that changes nothing, while a second SIGINT would stop it at once. The
            # group's processes are signalled one after the other, so the SIGTERM
            # waits a moment: sent at once, it could come first and be what the crawl
            # reports.
            if signum == signal.SIGINT:
                threading.Timer(FORWARD_AFTER_CTRL_C, child[0].send_signal, [signal.SIGTERM]).start()
            else:
                child[0].send_signal(signal.SIGTERM)
        else:
            log(f"schedule: {signal.Signals(signum).name} received, stopping")

    def end_with_scheduler():
        # Runs in the child before exec: a scheduler killed even with SIGKILL takes its
        # crawl with it (SIGTERM: the crawl records its run as interrupted).
        if set_parent_death_signal(signal.SIGTERM) and os.getppid() != scheduler_pid:
            os._exit(1)  # the scheduler is already gone

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        while not stopping.is_set():
            started = time.monotonic()
            child[:] = [subprocess.Popen(crawl_command, preexec_fn=end_with_scheduler)]
            if stopping.is_set():  # the signal came while the crawl was being started
                child[0].send_signal(signal.SIGTERM)
            code = child[0].wait()
            if code not in (0, 75) and not stopping.is_set():
                log(f"schedule: crawl exited with status {code}; trying again at the next slot")
            stopping.wait(max(0.0, every_seconds - (time.monotonic() - started)))
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
