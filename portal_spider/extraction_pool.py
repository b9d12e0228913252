"""Page parsing off the reactor thread: a pool of worker processes.

Extraction is pure CPU work on (bytes, url) → Article, so it moves to other processes
without changing what it computes; the crawl process keeps fetching and writing the
archive meanwhile. EXTRACTION_WORKERS = 0 parses in the crawl process itself.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from portal_spider.pages import ExtractionOptions, decode_html, parse_article
from storage import Article


def extract_page(body: bytes, content_type: str | None, url: str, options: ExtractionOptions) -> Article:
    return parse_article(decode_html(body, content_type), url, options)


class ExtractionPool:
    def __init__(self, workers: int):
        # forkserver: workers start from a clean process, not a copy of the running reactor.
        self.executor = (
            ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("forkserver"))
            if workers > 0 else None
        )

    async def extract(self, body: bytes, content_type: str | None, url: str, options: ExtractionOptions) -> Article:
        if self.executor is None:
            return extract_page(body, content_type, url, options)
        future = self.executor.submit(extract_page, body, content_type, url, options)
        return await asyncio.wrap_future(future)

    def close(self) -> None:
        if self.executor is not None:
            self.executor.shutdown(wait=True, cancel_futures=True)
