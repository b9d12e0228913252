"""Run one crawl in this process: Scrapy settings, the spider, and the run record it leaves."""

from __future__ import annotations

import difflib
import os
import signal
from collections.abc import Callable
from dataclasses import dataclass

from scrapy.crawler import CrawlerProcess
from scrapy.settings import Settings, default_settings
from scrapy.utils.ossignal import install_shutdown_handlers

from portal_spider import settings as project_defaults
from portal_spider.extensions import RunRecorder
from portal_spider.portals import Portal
from portal_spider.spiders.portal import NotSent, PortalSpider


class SettingError(ValueError):
    """A ``-s NAME=VALUE`` that is not of that form, or a value its setting cannot take."""


# Settings whose default is a whole number but which Scrapy reads as a float.
READ_AS_FLOAT = {"DOWNLOAD_DELAY", "DOWNLOAD_TIMEOUT", "DNS_TIMEOUT", "CLOSESPIDER_TIMEOUT"}
# ... and one whose default is 1 but which Scrapy reads as a bool.
READ_AS_BOOL = {"TELNETCONSOLE_ENABLED"}


def known_settings() -> dict[str, object]:
    """Every setting Scrapy or portal-archive defines, with its default."""
    known = {}
    for module in (default_settings, project_defaults):
        known.update((name, getattr(module, name)) for name in dir(module) if name.isupper())
    return known


def _kind(name: str, default: object) -> str | None:
    if name in READ_AS_BOOL or isinstance(default, bool):
        return "bool"
    if name in READ_AS_FLOAT or isinstance(default, float):
        return "float"
    if isinstance(default, int):
        return "int"
    if isinstance(default, dict):
        return "dict"
    return None


KIND_TEXT = {
    "bool": "takes 0/1 or true/false",
    "float": "takes a number",
    "int": "takes a whole number",
    "dict": "takes a JSON object",
}


def _check_value(name: str, value: str, default: object) -> None:
    kind = _kind(name, default)
    if kind is None:
        return
    reader = {"bool": Settings.getbool, "float": Settings.getfloat, "int": Settings.getint,
              "dict": Settings.getdict}[kind]
    try:
        reader(Settings({name: value}), name)
    except (ValueError, TypeError):
        raise SettingError(f"-s {name}={value}: {name} {KIND_TEXT[kind]}, got {value!r}") from None


def parse_overrides(overrides: list[str]) -> list[tuple[str, str]]:
    """``-s NAME=VALUE`` pairs, each value checked against its setting's type."""
    known = known_settings()
    pairs = []
    for override in overrides:
        name, sep, value = override.partition("=")
        name = name.strip()
        if not sep or not name:
            raise SettingError(f"-s takes NAME=VALUE, got {override!r}")
        if name in known:
            _check_value(name, value, known[name])
        pairs.append((name, value))
    return pairs


def unknown_setting_warnings(overrides: list[str]) -> list[str]:
    """One line per ``-s NAME`` that neither Scrapy nor portal-archive defines (a typo?)."""
    known = known_settings()
    messages = []
    for name in dict.fromkeys(o.partition("=")[0].strip() for o in overrides):
        if name and name not in known:
            close = difflib.get_close_matches(name.upper(), known, n=1)
            hint = f"did you mean {close[0]}?" if close else "passed on to Scrapy as given"
            messages.append(f"warning: -s {name}: not a Scrapy or portal-archive setting; {hint}")
    return messages


def project_settings(db_path: str, overrides: list[str] = ()) -> Settings:
    """portal_spider.settings, then ``-s NAME=VALUE`` overrides, as ``scrapy crawl -s`` does."""
    settings = Settings()
    settings.setmodule("portal_spider.settings", priority="project")
    settings.set("ARCHIVE_PATH", str(db_path), priority="cmdline")
    for name, value in parse_overrides(list(overrides)):
        settings.set(name, value, priority="cmdline")
    return settings


class ShutdownOnSignal(CrawlerProcess):
    """Scrapy's CrawlerProcess, stopping as a terminal user and a service manager expect.

    The first SIGINT or SIGTERM stops the crawl gracefully, as Scrapy does: what was
    fetched is parsed and saved, and the run is recorded as interrupted. A second SIGINT
    (Ctrl-C again) ends the process at once; a second SIGTERM changes nothing, since a
    service manager or ``portal-archive schedule`` may send one to each process of a group.
    A signal that comes while the crawl is starting takes effect once it runs (Scrapy's
    graceful stop does nothing to an engine not yet running).
    """

    def __init__(self, settings: Settings, on_signal: Callable[[int], None]):
        self.stopped_by: int | None = None
        self.on_signal = on_signal
        self.reactor_running = False
        self.stopping = False
        # Before Scrapy's set-up, which can take seconds on a loaded machine: a Ctrl-C
        # meanwhile would raise KeyboardInterrupt wherever it landed, a catch-all
        # included, and the crawl could go on as if no signal had come.
        install_shutdown_handlers(self._signal_shutdown)
        super().__init__(settings)

    def start(self, stop_after_crawl: bool = True) -> None:
        from twisted.internet import reactor

        reactor.callWhenRunning(self._reactor_started)
        # The handlers installed in __init__ stay: with its own, Twisted took SIGTERM
        # while the reactor started (a SIGTERM then stopped it with nothing recorded)
        # until Scrapy put its handler back.
        super().start(stop_after_crawl, install_signal_handlers=False)

    def _reactor_started(self) -> None:
        self.reactor_running = True
        if self.stopped_by is not None:
            self._stop_gracefully()

    def _signal_shutdown(self, signum: int, _frame) -> None:
        self.stopped_by = signum
        install_shutdown_handlers(self._signal_kill)
        if self.reactor_running:
            from twisted.internet import reactor

            reactor.callFromThread(self._stop_gracefully)

    def _stop_gracefully(self) -> None:
        from twisted.internet import reactor

        if self.stopping:
            return
        if not self._crawling():
            reactor.callLater(0.1, self._stop_gracefully)
            return
        self.stopping = True
        # Printed here, not in the signal handler: the interrupted code may be writing
        # to the same stream.
        self.on_signal(self.stopped_by)
        for crawler in self.crawlers:
            drop_unsent_requests(crawler)
        self._graceful_stop_reactor()

    def _crawling(self) -> bool:
        try:
            return all(crawler.engine.running for crawler in self.crawlers)
        except RuntimeError:  # a crawler's engine is not made yet (Scrapy: read before set)
            return False

    def _signal_kill(self, signum: int, _frame) -> None:
        if signum != signal.SIGINT:
            return
        # The extraction workers end with this process; SQLite rolls back what was
        # half-written, and the next crawl records this run as interrupted.
        clear = b"\r\x1b[K" if os.isatty(2) else b""
        os.write(2, clear + b"stopped at once; the next crawl records this run as interrupted\n")
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)


def drop_unsent_requests(crawler) -> None:
    """Fail the requests waiting in the downloader's queues, so a stopping crawl sends no more.

    Scrapy's graceful stop waits for every request the downloader holds, including those
    queued behind the per-site concurrency limit and delay: seconds of new fetches after
    Ctrl-C. The article URLs among them stay in the archive's crawl queue.
    """
    from twisted.python.failure import Failure

    # A worker of a distributed crawl took them off the shared frontier: they go back.
    frontier = getattr(getattr(getattr(crawler.engine, "_slot", None), "scheduler", None), "queue", None)
    for slot in crawler.engine.downloader.slots.values():
        while slot.queue:
            request, waiting = slot.queue.popleft()
            if frontier is not None:
                frontier.push(request)
            waiting.errback(Failure(NotSent(f"not sent: the crawl stopped ({request.url})")))


@dataclass
class CrawlOutcome:
    run_id: int | None
    stopped_by: int | None  # the signal that stopped the crawl early, if one did
    status: str | None = None  # the run's, as recorded
    pages_fetched: int = 0
    errors: int = 0


def run_crawl(
    portals: list[Portal],
    settings: Settings,
    *,
    full: bool = False,
    refresh: bool = False,
    since_days: float | None = None,
    changed: bool = False,
    on_signal: Callable[[int], None] = lambda signum: None,
) -> CrawlOutcome:
    """Crawl the portals into the archive named by ARCHIVE_PATH.

    ``on_signal(signum)`` is called on the reactor thread when SIGINT or SIGTERM starts
    a graceful stop.
    """
    process = ShutdownOnSignal(settings, on_signal)
    crawler = process.create_crawler(PortalSpider)
    process.crawl(
        crawler, portals=portals, full=full, refresh=refresh, since=since_days, changed=changed
    )
    process.start()
    try:
        run = crawler.get_extension(RunRecorder)
    except RuntimeError:  # the crawl never got as far as its extensions
        run = None
    if run is None:
        return CrawlOutcome(None, process.stopped_by)
    stats = crawler.stats
    return CrawlOutcome(run.run_id, process.stopped_by, run.status,
                        stats.get_value("downloader/response_count", 0), stats.get_value("portal/errors", 0))
