"""The crawl's one writer: a thread holding the crawl's only archive connection, fed a queue of commands.

The reactor thread never calls SQLite: while it waits for the archive (a band flush, a
busy lock) all downloading would stop. Everything a crawl writes (articles, the URL
queue, errors, notes, lastmods, the run record) and the few reads it needs go through
:class:`ArchiveWriter` as commands, run in order on the writer thread. SQLite releases
the GIL while it works, so fetching and scheduling go on meanwhile.

Articles queued back to back are stored in one transaction (up to ``ARCHIVE_MAX_BATCH``):
an idle crawl saves each article at once, a busy one commits in groups, which costs
40-55% less CPU per article. Whether a URL is archived is answered from memory: the
archived URLs of the run's portals are loaded once, and every article saved is added.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from storage import Archive, Article, SaveResult
from storage.urls import UrlCanonicalizer

log = logging.getLogger(__name__)
T = TypeVar("T")


def open_archive(settings) -> Archive:
    return Archive(settings.get("ARCHIVE_PATH"), tracking_params=_tracking_params(settings))


def _tracking_params(settings) -> list[str] | None:
    return settings.getlist("ARCHIVE_TRACKING_PARAMS") or None


@dataclass
class _Save:
    article: Article
    done: Future


@dataclass
class _Command:
    run: Callable[[Archive], Any]
    done: Future | None  # None: nobody waits; a failure goes to on_failure


_STOP = None


class ArchiveWriter:
    """Commands for the archive, run in order on one thread with one connection.

    ``on_failure`` is called on the reactor thread with the exception of a command
    nobody waits for (:meth:`send`).
    """

    def __init__(self, settings, on_failure: Callable[[Exception], None]):
        self.settings = settings
        self.on_failure = on_failure
        self.canonicalize = UrlCanonicalizer(_tracking_params(settings))
        self.max_batch = max(1, settings.getint("ARCHIVE_MAX_BATCH", 64))
        self.known: set[str] = set()
        self._commands: queue.SimpleQueue[_Save | _Command | None] = queue.SimpleQueue()
        self._held: _Command | None = None  # met while gathering a batch of saves: runs next
        self._thread = threading.Thread(target=self._loop, name="archive-writer", daemon=True)
        self._thread.start()

    # -- the reactor thread's side ------------------------------------------------------

    def call(self, run: Callable[[Archive], T]) -> Awaitable[T]:
        """Run ``run(archive)`` on the writer thread; await its result."""
        done: Future = Future()
        self._commands.put(_Command(run, done))
        return asyncio.wrap_future(done)

    def send(self, run: Callable[[Archive], Any]) -> None:
        """Run ``run(archive)`` on the writer thread; nobody waits for it."""
        self._commands.put(_Command(run, None))

    async def save(self, article: Article) -> SaveResult:
        done: Future = Future()
        self._commands.put(_Save(article, done))
        result = await asyncio.wrap_future(done)
        self.known.update(self.canonicalize(url) for url in self._urls_of(article))
        return result

    async def load_known(self, portals: Iterable[str]) -> None:
        """Remember the archived URLs (own and alias) of these portals' articles."""
        names = list(portals)
        self.known = await self.call(lambda archive: archive.known_urls(names))

    def is_known(self, url: str) -> bool:
        """Whether a canonical URL is archived: from memory, never a query."""
        return url in self.known

    def close(self) -> None:
        """Run what is queued, then stop the thread and close the connection."""
        self._commands.put(_STOP)
        self._thread.join()

    @staticmethod
    def _urls_of(article: Article) -> list[str]:
        return [u for u in (article.canonical_url, article.url, *(article.alias_urls or [])) if u]

    # -- the writer thread --------------------------------------------------------------

    def _loop(self) -> None:
        archive = None
        try:
            while (work := self._next()) is not None:
                try:
                    archive = archive or self.open()
                except Exception as exc:  # every command hears why
                    self._fail(work, exc)
                    continue
                if isinstance(work, list):
                    self._save_batch(archive, work)
                else:
                    self._run(archive, work)
        finally:
            if archive is not None:
                self.close_archive(archive)

    def open(self) -> Archive:
        return open_archive(self.settings)

    def close_archive(self, archive: Archive) -> None:
        archive.db.close()

    def _save_batch(self, archive: Archive, batch: list[_Save]) -> None:
        try:
            results = archive.save_each([save.article for save in batch])
        except Exception as exc:  # the archive itself failed (disk full, read-only)
            results = [exc] * len(batch)
        for save, result in zip(batch, results):
            if isinstance(result, Exception):
                save.done.set_exception(result)
            else:
                save.done.set_result(result)

    def _run(self, archive: Archive, command: _Command) -> None:
        try:
            result = command.run(archive)
        except Exception as exc:
            self._fail(command, exc)
            return
        if command.done is not None:
            command.done.set_result(result)

    def _fail(self, work: list[_Save] | _Command, error: Exception) -> None:
        for item in work if isinstance(work, list) else [work]:
            if item.done is not None:
                item.done.set_exception(error)
            else:
                from twisted.internet import reactor  # imported late: importing installs the default one

                reactor.callFromThread(self.on_failure, error)

    def _next(self) -> list[_Save] | _Command | None:
        """The next command, or the next article with any others queued right behind it
        (at most ``max_batch``); None at stop. Saves whose wait was cancelled are left out."""
        if self._held is not None:
            held, self._held = self._held, None
            return held
        batch: list[_Save] = []
        while not batch:
            first = self._commands.get()
            if first is _STOP:
                return None
            if isinstance(first, _Command):
                if first.done is None or first.done.set_running_or_notify_cancel():
                    return first
                continue
            if first.done.set_running_or_notify_cancel():
                batch.append(first)
        while len(batch) < self.max_batch:
            try:
                queued = self._commands.get_nowait()
            except queue.Empty:
                break
            if queued is _STOP:
                self._commands.put(_STOP)  # seen again after this batch is saved
                break
            if isinstance(queued, _Command):
                if queued.done is None or queued.done.set_running_or_notify_cancel():
                    self._held = queued
                break
            if queued.done.set_running_or_notify_cancel():
                batch.append(queued)
        return batch
