"""Crawling with several processes on several machines: a shared frontier in Redis, one writer.

Workers (``portal-archive crawl --redis URL``) share scrapy-redis's scheduler and
request filter, so each article is fetched once across all of them. They never open the
archive: what a local crawl would write (articles, errors, notes, the run record) goes,
as entries of one Redis Stream, to the single writer (``portal-archive ingest``), which
applies them through the archive's own storage path. ``portal-archive enqueue`` starts
a crawl generation and hands the portals to whichever workers are free.

Redis keys (under :data:`PREFIX`, in the database the URL names):

- ``frontier`` (scrapy-redis priority queue) and ``seen`` (its request filter, by
  canonical URL; listing pages are never filtered);
- ``portals``: the portals of the current generation waiting for a worker to start them;
- ``generation``: a counter; ``enqueue`` increments it and clears ``seen``;
- ``known``: canonical URLs of archived articles (seeded and kept current by ``ingest``);
- ``stream``: the entries for the writer, read by the consumer group ``writers``;
- ``rate:<site>``: the next moment a request to the site may leave, for every worker.
"""

from __future__ import annotations

PREFIX = "portal-archive"


def key(name: str) -> str:
    return f"{PREFIX}:{name}"


FRONTIER = key("frontier")
SEEN = key("seen")
PORTALS = key("portals")
GENERATION = key("generation")
KNOWN = key("known")
STREAM = key("stream")
WRITERS = "writers"


def rate_key(site: str) -> str:
    return key(f"rate:{site}")
