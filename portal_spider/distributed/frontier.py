"""The shared frontier's portals: ``enqueue`` hands them out, workers take one at a time."""

from __future__ import annotations

import json
from dataclasses import asdict, fields

from portal_spider import distributed as keys
from portal_spider.distributed.worker import connect
from portal_spider.pages import ExtractionOptions
from portal_spider.portals import Portal

_PORTAL_FIELDS = {f.name for f in fields(Portal) if f.init} - {"sites", "domains"}


def portal_to_json(portal: Portal) -> str:
    values = {name: getattr(portal, name) for name in _PORTAL_FIELDS}
    values["extraction"] = {k: v for k, v in asdict(portal.extraction).items() if k != "fetched_at"}
    return json.dumps(values, ensure_ascii=False)


def portal_from_json(text: str | bytes) -> Portal:
    values = json.loads(text)
    values["start_urls"] = tuple(values["start_urls"])
    values["hosts"] = tuple(values.get("hosts", ()))
    values["extraction"] = ExtractionOptions(**values.get("extraction", {}))
    return Portal(**{k: v for k, v in values.items() if k in _PORTAL_FIELDS})


class Frontier:
    """The Redis side of a distributed crawl, as ``enqueue`` and the workers see it."""

    def __init__(self, redis_url: str):
        self.redis = connect(redis_url)

    def enqueue(self, portals: list[Portal]) -> int:
        """Start a crawl generation of these portals; its number.

        The request filter starts empty, so pages a killed worker had taken are fetched
        again; archived articles are still skipped (``known``), and requests already in
        the frontier stay there.
        """
        with self.redis.pipeline() as pipe:
            pipe.incr(keys.GENERATION)
            pipe.delete(keys.SEEN)
            pipe.rpush(keys.PORTALS, *[portal_to_json(p) for p in portals])
            generation, *_ = pipe.execute()
        return generation

    def take_portal(self) -> Portal | None:
        """A portal waiting to be started, taken off the list (None when there is none)."""
        text = self.redis.lpop(keys.PORTALS)
        return portal_from_json(text) if text else None
