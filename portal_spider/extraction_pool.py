"""Page parsing off the reactor thread: a pool of worker processes.

Extraction is pure CPU work on (bytes, url) → Article, so it moves to other processes
without changing what it computes; the crawl process keeps fetching and writing the
archive meanwhile. EXTRACTION_WORKERS = 0 parses in the crawl process itself.

Each worker is a plain child process fed pickled jobs on its stdin by one thread of the
crawl process, with no server process, semaphores or resource tracker beside it. Workers
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
        worker: subprocess.Popen | None = None
        try:
            while (job := self.jobs.get()) is not None:
                future, args = job
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    worker = worker or _start_worker()
                    pickle.dump(args, worker.stdin, pickle.HIGHEST_PROTOCOL)
                    worker.stdin.flush()
                    succeeded, value = pickle.load(worker.stdout)
                except (OSError, EOFError, pickle.UnpicklingError) as error:
                    # Died mid-page (out of memory, killed): the page stays queued for the
                    # next run, and the next page gets a fresh worker.
                    status = f"exited with status {worker.wait()}" if worker else f"could not start: {error}"
                    future.set_exception(BrokenExecutor(f"the extraction worker {status}"))
                    worker = None
                    continue
                if succeeded:
                    future.set_result(value)
                else:
                    future.set_exception(value)
        finally:
            if worker is not None:
                worker.stdin.close()
                worker.wait()


def _start_worker() -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "portal_spider.extraction_pool"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
    )


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
        except EOFError:
            return
        try:
            reply = pickle.dumps((True, extract_page(*args)), pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # raised again in the crawl process
            reply = pickle.dumps((False, _portable(error)), pickle.HIGHEST_PROTOCOL)
        replies.write(reply)
        replies.flush()


def _portable(error: Exception) -> Exception:
    """The exception itself when it survives pickling, else one that says what it was."""
    try:
        pickle.loads(pickle.dumps(error))
        return error
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")


if __name__ == "__main__":
    serve_jobs()
