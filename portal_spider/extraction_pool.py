"""Page parsing off the reactor thread: a pool of worker processes.

Extraction is pure CPU work on (bytes, url) → Article, so it moves to other processes
without changing what it computes; the crawl process keeps fetching and writing the
archive meanwhile. EXTRACTION_WORKERS = 0 parses in the crawl process itself.

Each worker is a plain child process fed pickled jobs on its stdin and answering on its
stdout, with no server process, semaphores or resource tracker beside it. Workers
belong to the crawl process: they ignore SIGINT and SIGTERM (a terminal's Ctrl-C and a
service manager's SIGTERM reach every process of the group; the crawl decides how to
stop, then closes their stdin), and end at the end of their stdin, which is also what
they see when the crawl process dies, SIGKILL included.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import BrokenExecutor, Future

from portal_spider.pages import ExtractionOptions, decode_html, parse_article
from storage import Article


def extract_page(body: bytes, content_type: str | None, url: str, options: ExtractionOptions) -> Article:
    return parse_article(decode_html(body, content_type), url, options)


class ExtractionPool:
    def __init__(self, workers: int):
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.feeders = [
            threading.Thread(target=self._feed_worker, name=f"extraction-feeder-{n}", daemon=True)
            for n in range(workers)
        ]
        for feeder in self.feeders:
            feeder.start()

    async def extract(self, body: bytes, content_type: str | None, url: str, options: ExtractionOptions) -> Article:
        if not self.feeders:
            return extract_page(body, content_type, url, options)
        future: Future = Future()
        self.jobs.put((future, (body, content_type, url, options)))
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        """Finish the jobs given so far, then stop the workers."""
        for _ in self.feeders:
            self.jobs.put(None)
        for feeder in self.feeders:
            feeder.join()

    def _feed_worker(self) -> None:
        worker: _Worker | None = None
        try:
            while (job := self.jobs.get()) is not None:
                future, args = job
                if not future.set_running_or_notify_cancel():
                    continue
                if worker is None or worker.dead:
                    # The first page, or the worker died (out of memory, killed): the pages
                    # it held stay queued for the next run, the next ones get a fresh worker.
                    try:
                        worker = _Worker()
                    except OSError as error:
                        future.set_exception(BrokenExecutor(f"the extraction worker could not start: {error}"))
                        continue
                worker.send(future, args)
        finally:
            if worker is not None:
                worker.close()


class _Worker:
    """One worker process, kept a page ahead so that it never waits for the next one."""

    DEPTH = 2  # pages sent and not yet answered

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "portal_spider.extraction_pool"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        self.room = threading.Semaphore(self.DEPTH)
        self.lock = threading.Lock()
        self.pending: deque[Future] = deque()
        self.dead = False
        self.reader = threading.Thread(target=self._read_replies, name="extraction-replies", daemon=True)
        self.reader.start()

    def send(self, future: Future, args: tuple) -> None:
        self.room.acquire()
        with self.lock:
            if self.dead:
                self.room.release()
                future.set_exception(BrokenExecutor(self.death))
                return
            self.pending.append(future)
        try:
            pickle.dump(args, self.process.stdin, pickle.HIGHEST_PROTOCOL)
            self.process.stdin.flush()
        except OSError:
            pass  # it died: the reader fails what it held, this page included

    def close(self) -> None:
        """Let it answer what it holds, then end it (the end of its stdin)."""
        try:
            self.process.stdin.close()
        except OSError:
            pass
        self.reader.join()

    def _read_replies(self) -> None:
        while True:
            try:
                succeeded, value = pickle.load(self.process.stdout)
            except EOFError:
                break
            except Exception:  # a garbled reply: this worker cannot be trusted any more
                self.process.kill()
                break
            with self.lock:
                future = self.pending.popleft()
            self.room.release()
            if succeeded:
                future.set_result(value)
            else:
                future.set_exception(value)
        status = self.process.wait()
        with self.lock:
            self.dead = True
            self.death = f"the extraction worker exited with status {status}"
            held, self.pending = list(self.pending), deque()
        for future in held:
            self.room.release()
            future.set_exception(BrokenExecutor(self.death))


def serve_jobs() -> None:
    """The worker: (body, content_type, url, options) in, (succeeded, Article or exception) out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    jobs = sys.stdin.buffer
    # Replies go to the original stdout; anything the parsing code prints goes to stderr.
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    while True:
        try:
            args = pickle.load(jobs)
        except (EOFError, OSError):  # the crawl closed our input or died
            return
        try:
            reply = pickle.dumps((True, extract_page(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # raised again in the crawl process
            reply = pickle.dumps((False, _portable(error)), pickle.HIGHEST_PROTOCOL)
        try:
            replies.write(reply)
            replies.flush()
        except BrokenPipeError:  # the crawl is gone (stopped at once, or killed): so are we
            return


def _portable(error: Exception) -> Exception:
    """The exception itself when it survives pickling, else one that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    serve_jobs()
