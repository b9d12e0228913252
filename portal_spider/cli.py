"""The ``portal-archive`` command: a thin click shell over the library.

Each command parses its arguments, turns bad input into a one-line error with a
non-zero exit, and calls one library function.
"""

from __future__ import annotations

import os
import signal
import sys
import threading


def die_of(signum: int) -> None:
    """End as the signal would have ended this process, once it has been dealt with.

    A shell then stops a loop of crawls at Ctrl-C and reports 128 + the signal's number,
    and a service manager sees a clean stop on SIGTERM.
    """
    sys.stdout.flush()
    sys.stderr.flush()
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _interrupted_while_loading(signum, frame):
    os.write(2, b"interrupted\n")
    die_of(signum)


# Ctrl-C while the modules below load (a second or two) ends as quietly as it does later.
if threading.current_thread() is threading.main_thread() and (
        signal.getsignal(signal.SIGINT) is signal.default_int_handler):
    signal.signal(signal.SIGINT, _interrupted_while_loading)

import inspect
import json
from pathlib import Path

import click

from portal_spider.portals import PortalConfigError, load_portals, portal_from_start_urls
from portal_spider.sample_portal.styles import STYLES
from storage import Archive
from storage.archive import ArchiveError

EXIT_LOCKED = 75  # EX_TEMPFAIL: cron may simply try again later
EXIT_FAILED = 69  # EX_UNAVAILABLE: the run got nothing from any portal (its status is "failed")


class OneLineErrors(click.Group):
    """Usage mistakes print one line, like every other error, instead of click's three."""

    def main(self, args=None, prog_name=None, **kwargs):
        kwargs.pop("standalone_mode", None)
        if signal.getsignal(signal.SIGINT) is _interrupted_while_loading:
            signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            return super().main(args, prog_name, standalone_mode=False, **kwargs)
        except click.exceptions.NoArgsIsHelpError as error:
            click.echo(error.ctx.get_help())
            sys.exit(0)
        except click.UsageError as error:
            command = error.ctx.command_path if error.ctx else "portal-archive"
            click.echo(f"Error: {error.format_message()} (see {command} --help)", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort as error:
            if isinstance(error.__context__, KeyboardInterrupt):  # Ctrl-C before a crawl handles it
                click.echo("interrupted", err=True)
                die_of(signal.SIGINT)
            click.echo("Aborted!", err=True)
            sys.exit(1)


@click.group(cls=OneLineErrors)
@click.version_option(package_name="portal-archive")
def cli():
    """Archive articles from game-guide portals into SQLite and browse them in Datasette."""


def _open_archive(db: str, check: bool = False) -> Archive:
    """The archive; ``check``: refuse a damaged one (before a command writes into it)."""
    try:
        return Archive(db, check=check)
    except ArchiveError as error:
        raise click.ClickException(str(error)) from None


def _portals(start_urls, config, names):
    try:
        if config:
            return load_portals(config, list(names) or None)
        if names:
            raise PortalConfigError(f"portal names ({', '.join(names)}) need --config")
        if not start_urls:
            raise PortalConfigError("give --start-url URL or --config portals.toml")
        return portal_from_start_urls(list(start_urls))
    except PortalConfigError as error:
        raise click.ClickException(str(error)) from None


def crawl_options(command):
    """The options of ``crawl``, shared by ``schedule`` which passes them on."""
    options = [
        click.argument("names", nargs=-1),
        click.option("--start-url", "start_urls", multiple=True, metavar="URL",
                     help="A listing page to crawl from, zero-config (repeatable)."),
        click.option("--config", type=click.Path(dir_okay=False), metavar="TOML",
                     help="portals.toml declaring [portals.NAME] tables."),
        click.option("--db", default="archive.db", show_default=True, help="The archive."),
        click.option("-s", "settings", multiple=True, metavar="NAME=VALUE",
                     help="A Scrapy setting, as with scrapy crawl -s (repeatable)."),
        click.option("--full", is_flag=True, help="Walk every listing page, not just until nothing is new."),
        click.option("--refresh", is_flag=True, help="Fetch known articles again and record revisions."),
        click.option("--since", "since_days", type=click.FloatRange(min=0), metavar="DAYS",
                     help="With --refresh: only articles published in the last DAYS days."),
        click.option("--changed", is_flag=True,
                     help="With --refresh: only articles whose sitemap lastmod changed."),
        click.option("--warc-dir", type=click.Path(file_okay=False), metavar="DIR",
                     help="Where to keep the fetched pages as WARC files [default: <db>.warc]."),
        click.option("--no-warc", is_flag=True, help="Keep no WARC files of the fetched pages."),
        click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors."),
        click.option("--json", "as_json", is_flag=True, help="Print the run record as JSON, with its per_portal records and notes."),
        click.option("-v", "--verbose", is_flag=True, help="Show Scrapy's log."),
        click.option("--redis", "redis_url", metavar="URL",
                     help="Be a worker of a distributed crawl on the frontier at redis://HOST:PORT/DB "
                          "(portals come from `portal-archive enqueue`; `portal-archive ingest` writes the archive)."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@cli.command()
@crawl_options
def crawl(names, start_urls, config, db, settings, full, refresh, since_days, changed, warc_dir, no_warc, quiet,
          as_json, verbose, redis_url):
    """Crawl portals into the archive, fetching only what is new.

    Exit status: 0 when the run is ok or partial (some pages failed, see crawl_errors,
    or a listing had a problem, see crawl_notes); 69 when it failed (nothing could be
    fetched, no portal's listing pages showed a single article link, or a write into
    the archive failed: disk full, read-only, damaged); 75 when another crawl holds the
    archive's lock; 1 for a damaged archive (checked before each run) or 1 or 2 (usage)
    for bad arguments. Ctrl-C (SIGINT) and SIGTERM finish what was fetched, record the
    run as interrupted, then end the process by that signal (a shell shows 130 or 143);
    Ctrl-C again stops at once. An unknown -s name is a warning.

    \b
    Zero-config, from listing pages:
        portal-archive crawl --start-url https://example.com/gonglue/ --db guides.db
    Declared portals (all of them, or the ones named):
        portal-archive crawl --config portals.toml --db guides.db
        portal-archive crawl yongchuang --config portals.toml -s DOWNLOAD_DELAY=2
    A worker of a distributed crawl (see enqueue and ingest):
        portal-archive crawl --redis redis://10.0.0.5:6379/0
    """
    from portal_spider.crawl import run_crawl
    from portal_spider.runlock import ArchiveLocked, crawl_lock

    if warc_dir and no_warc:
        raise click.ClickException("--warc-dir and --no-warc are alternatives: give one")
    scrapy_settings = _scrapy_settings(db, settings)
    if warc_dir:
        scrapy_settings.set("WARC_DIR", warc_dir, priority="cmdline")
    if no_warc:
        scrapy_settings.set("WARC_ENABLED", False, priority="cmdline")
    if redis_url:
        if start_urls or config or names or refresh:
            raise click.ClickException("with --redis, portals come from `portal-archive enqueue`: "
                                       "give no portal, --start-url, --config or --refresh")
        _crawl_worker(redis_url, scrapy_settings, quiet, verbose,
                      "LOG_LEVEL" in dict(s.partition("=")[::2] for s in settings))
        return
    portals = _portals(start_urls, config, names)
    if (since_days is not None or changed) and not refresh:
        raise click.ClickException("--since and --changed go with --refresh")
    if since_days is not None and changed:
        raise click.ClickException("--since and --changed are alternatives: give one")
    if not verbose and "LOG_LEVEL" not in dict(s.partition("=")[::2] for s in settings):
        # Scrapy logs each failed download with a traceback; failures are recorded in
        # crawl_errors and listed after the summary instead.
        scrapy_settings.set("LOG_LEVEL", "CRITICAL", priority="cmdline")
    live = sys.stderr.isatty() and not (quiet or as_json or verbose)
    scrapy_settings.set("PROGRESS_LIVE", live, priority="cmdline")
    archive = _open_archive(db, check=True)
    try:
        with crawl_lock(db):
            if not (quiet or as_json):
                click.echo(f"crawling {', '.join(p.name for p in portals)} into {db}", err=True)
            outcome = run_crawl(
                portals, scrapy_settings, full=full, refresh=refresh, since_days=since_days,
                changed=changed, on_signal=lambda signum: _echo_stopping(signum, live),
            )
    except ArchiveLocked as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(EXIT_LOCKED)
    run_id = outcome.run_id
    run = archive.crawl.run(run_id) if run_id else None
    if run is None:
        raise click.ClickException("the crawl did not start; run with -v to see why")
    notes = archive.crawl.run_notes(run["id"])
    if as_json:
        click.echo(json.dumps({**run, "per_portal": archive.crawl.portal_runs(run["id"]), "notes": notes}, ensure_ascii=False))
    elif run["status"] == "running":  # the archive failed before the run could be closed
        click.echo(f"Error: run {run['id']} could not be recorded as finished", err=True)
    elif not quiet:
        click.echo(
            f"run {run['id']} {run['status']}: {run['pages_fetched']} pages fetched, "
            f"{run['articles_new']} new, {run['articles_updated']} updated, "
            f"{run['duplicates']} duplicates, {run['errors']} errors"
        )
        _echo_notes(notes)
        _echo_failures(archive, run["id"])
    if outcome.stopped_by is not None:
        die_of(outcome.stopped_by)
    if run["status"] in ("failed", "running"):
        sys.exit(EXIT_FAILED)


def _redis(redis_url: str):
    """A connection to the Redis at ``redis_url``, checked: a one-line error when unusable."""
    import redis

    try:
        client = redis.Redis.from_url(redis_url)
        client.ping()
    except (ValueError, redis.RedisError) as error:
        raise click.ClickException(f"Redis at {redis_url}: {error}") from None
    return client


def _crawl_worker(redis_url: str, scrapy_settings, quiet: bool, verbose: bool, log_level_given: bool) -> None:
    from portal_spider.crawl import run_crawl
    from portal_spider.distributed.worker import make_worker

    _redis(redis_url)
    make_worker(scrapy_settings, redis_url)
    if not verbose and not log_level_given:
        scrapy_settings.set("LOG_LEVEL", "CRITICAL", priority="cmdline")
    live = sys.stderr.isatty() and not (quiet or verbose)
    scrapy_settings.set("PROGRESS_LIVE", live, priority="cmdline")
    if not quiet:
        click.echo(f"worker on {redis_url}", err=True)
    outcome = run_crawl([], scrapy_settings, on_signal=lambda signum: _echo_stopping(signum, live))
    if not quiet:
        click.echo(f"worker run {outcome.run_id} {outcome.status}: {outcome.pages_fetched} pages fetched, "
                   f"{outcome.errors} errors (counts of articles: see the ingester's archive)")
    if outcome.stopped_by is not None:
        die_of(outcome.stopped_by)
    if outcome.status in (None, "failed"):
        sys.exit(EXIT_FAILED)


@cli.command()
@click.option("--redis", "redis_url", required=True, metavar="URL", help="The frontier: redis://HOST:PORT/DB.")
@click.option("--start-url", "start_urls", multiple=True, metavar="URL", help="A listing page to crawl from (repeatable).")
@click.option("--config", type=click.Path(dir_okay=False), metavar="TOML", help="portals.toml declaring [portals.NAME] tables.")
@click.argument("names", nargs=-1)
def enqueue(redis_url, start_urls, config, names):
    """Start a distributed crawl of portals: workers (crawl --redis) take them from Redis.

    Each call starts a crawl generation: the shared request filter is cleared, so pages a
    killed worker had taken are fetched again; archived articles are still skipped.

    \b
        portal-archive enqueue --redis redis://10.0.0.5:6379/0 --config portals.toml
        portal-archive enqueue --redis redis://localhost:6379/0 --start-url https://example.com/news/
    """
    from portal_spider.distributed.frontier import Frontier

    portals = _portals(start_urls, config, names)
    _redis(redis_url)
    generation = Frontier(redis_url).enqueue(portals)
    click.echo(f"generation {generation}: {len(portals)} portal{'s' if len(portals) != 1 else ''} "
               f"enqueued ({', '.join(p.name for p in portals)})")


@cli.command()
@click.option("--redis", "redis_url", required=True, metavar="URL", help="The frontier: redis://HOST:PORT/DB.")
@click.option("--db", default="archive.db", show_default=True, help="The archive.")
@click.option("--idle-exit", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Stop once nothing has come for SECONDS (default: run until Ctrl-C or SIGTERM).")
def ingest(redis_url, db, idle_exit):
    """Be the one writer of a distributed crawl: store what the workers send into the archive.

    Run one per archive, on the machine that holds it. What it applies is acknowledged
    only once committed: killed and started again, it loses and duplicates nothing.
    Exit status 69 when a write into the archive fails (it stops; nothing is lost).

    \b
        portal-archive ingest --redis redis://10.0.0.5:6379/0 --db guides.db
    """
    from portal_spider.distributed.ingest import Ingester
    from portal_spider.runlock import ArchiveLocked, crawl_lock

    _redis(redis_url)
    archive = _open_archive(db, check=True)
    stop = []
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda number, frame: stop.append(number))
    try:
        with crawl_lock(db):
            ingester = Ingester(archive, redis_url)
            known = ingester.prepare()
            click.echo(f"ingesting into {db} ({known} archived URLs known to the workers)", err=True)
            done = ingester.run(idle_exit=idle_exit, stopping=lambda: bool(stop))
    except ArchiveLocked as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(EXIT_LOCKED)
    except ArchiveError as error:
        click.echo(f"Error: {error}; nothing unsaved was acknowledged, start ingest again once fixed", err=True)
        sys.exit(EXIT_FAILED)
    saved = ", ".join(f"{count} {outcome}" for outcome, count in sorted(done.saved.items())) or "no article"
    click.echo(f"ingested {done.entries} entries: {saved}" + (f"; {done.bad} unusable" if done.bad else ""))
    if stop:
        die_of(stop[0])


def _scrapy_settings(db: str, overrides: tuple[str, ...], warn: bool = True):
    """Settings checked before anything starts: a bad value is an error, an unknown name a warning."""
    from portal_spider.crawl import SettingError, project_settings, unknown_setting_warnings

    try:
        scrapy_settings = project_settings(db, overrides)
    except SettingError as error:
        raise click.ClickException(str(error)) from None
    if warn:
        for warning in unknown_setting_warnings(list(overrides)):
            click.echo(warning, err=True)
    return scrapy_settings


def _echo_stopping(signum: int, live: bool) -> None:
    """The one line a signal gets: the crawl finishes what it fetched, then stops."""
    again = "; Ctrl-C again to stop at once" if signum == signal.SIGINT else ""
    cause = "interrupted" if signum == signal.SIGINT else f"{signal.Signals(signum).name} received"
    click.echo(("\r\x1b[K" if live else "") + f"{cause}: finishing what was fetched{again}", err=True)


def _echo_notes(notes: list[dict], most: int = 10) -> None:
    """What went wrong with listings, and where pagination was cut: portal, URL, what to try."""
    for note in notes[:most]:
        hint = f"; try: {note['hint']}" if note["hint"] else ""
        where = " ".join(part for part in (note["portal"], note["url"]) if part)
        click.echo(f"  {where + ': ' if where else ''}{note['reason']}{hint}", err=True)
    if len(notes) > most:
        click.echo("  ... the rest are in the crawl_notes table", err=True)


def _echo_failures(archive: Archive, run_id: int, most: int = 5) -> None:
    failures = archive.crawl.run_failures(run_id, most + 1)
    for url, status in failures[:most]:
        click.echo(f"  failed {url}: {status}", err=True)
    if len(failures) > most:
        click.echo("  ... the rest are in the crawl_errors table", err=True)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.option("--every", required=True, metavar="INTERVAL",
              help="How often to start a crawl: 90s, 30m, 2h, 1d.")
@click.argument("crawl_args", nargs=-1, type=click.UNPROCESSED)
def schedule(every, crawl_args):
    """Run crawls at an interval in the foreground, never two at once.

    Takes every option of crawl after --every. SIGTERM or Ctrl-C stops it cleanly:
    a running crawl finishes what it fetched and is recorded as interrupted, then the
    scheduler exits with status 0 (Ctrl-C again stops the crawl at once). A crawl never
    outlives the scheduler, even one killed with SIGKILL.

    \b
        portal-archive schedule --every 30m --config portals.toml --db guides.db
    """
    from portal_spider.scheduler import IntervalError, parse_interval, run_schedule

    try:
        seconds = parse_interval(every)
    except IntervalError as error:
        raise click.ClickException(str(error)) from None
    # Parse the crawl options now, so a typo fails here rather than at every run.
    with click.Context(crawl) as ctx:
        try:
            crawl.parse_args(ctx, list(crawl_args))
        except click.UsageError as error:
            raise click.ClickException(error.format_message()) from None
    _portals(ctx.params["start_urls"], ctx.params["config"], ctx.params["names"])
    _scrapy_settings(ctx.params["db"], ctx.params["settings"], warn=False)  # each crawl warns
    run_schedule(seconds, [sys.executable, "-m", "portal_spider.cli", "crawl", *crawl_args])


@cli.command()
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--url", help="The page's URL (resolves relative links, same-site checks).")
@click.option("--batch", "manifest", type=click.Path(dir_okay=False),
              help='JSON lines {"file": PATH, "url": URL}: one JSON object out per line in.')
@click.option("--warc", "warc_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="A WARC file (.warc or .warc.gz, any tool's): one JSON line per HTML response.")
def extract(file, url, manifest, warc_file):
    """Print the article extracted from a saved page as JSON.

    \b
        portal-archive extract --url https://example.com/a/1.html page.html
        portal-archive extract --batch pages.jsonl > articles.jsonl
        portal-archive extract --warc crawl.warc.gz > articles.jsonl
    """
    from portal_spider.pages.batch import extract_batch, extract_file

    if sum(map(bool, (file, manifest, warc_file))) != 1:
        raise click.ClickException("give one of FILE, --batch MANIFEST or --warc FILE")
    if warc_file:
        _extract_warc(warc_file)
        return
    if manifest:
        if not Path(manifest).is_file():
            raise click.ClickException(f"manifest not found: {manifest}")
        for record in extract_batch(manifest):
            click.echo(json.dumps(record, ensure_ascii=False))
        return
    record = extract_file(file, url)
    if "error" in record:
        raise click.ClickException(record["error"])
    click.echo(json.dumps(record, ensure_ascii=False, indent=2))


def _extract_warc(path: str) -> None:
    from portal_spider.reextract import extract_warc
    from storage.warc import WarcReadError

    if not Path(path).is_file():
        raise click.ClickException(f"WARC file not found: {path}")
    try:
        for record in extract_warc(path):
            click.echo(json.dumps(record, ensure_ascii=False))
    except WarcReadError as error:
        raise click.ClickException(f"cannot read the WARC file {error}") from None
    except BrokenPipeError:  # the reader stopped early (| head): nothing more to say
        sys.stderr.close()
        sys.exit(0)
    except OSError as error:
        raise click.ClickException(f"cannot read {path}: {error.strerror}") from None


@cli.command()
@click.argument("names", nargs=-1, metavar="[PORTAL]...")
@click.option("--db", default="archive.db", show_default=True, help="The archive.")
@click.option("--config", type=click.Path(dir_okay=False), metavar="TOML",
              help="portals.toml: the portals' extraction options (selectors, time zone), as the crawl used them.")
@click.option("--since", "since_days", type=click.FloatRange(min=0), metavar="DAYS",
              help="Only articles fetched in the last DAYS days.")
@click.option("--warc-dir", type=click.Path(file_okay=False), metavar="DIR",
              help="Where the WARC files are, if moved [default: the path recorded, else <db>.warc].")
@click.option("--dry-run", is_flag=True, help="Only report what would change; write nothing.")
def reextract(names, db, config, since_days, warc_dir, dry_run):
    """Run the current extraction over the archived articles' stored pages (the crawl's
    WARC files) and update the fields that changed. Works offline.

    Multi-page articles are joined as in a crawl; duplicate detection and search follow.
    A change is recorded as a re-extraction (articles.extractor_version, reextracted_at),
    not as a revision of the article. Prints how many articles changed, per field.
    Articles archived without WARC files (--no-warc, older archives) are left as they are.

    \b
        portal-archive reextract --db guides.db --dry-run
        portal-archive reextract yongchuang --config portals.toml --since 30 --db guides.db
    """
    from contextlib import nullcontext

    from portal_spider.reextract import reextract_archive
    from portal_spider.runlock import ArchiveLocked, crawl_lock

    if not Path(db).is_file():
        raise click.ClickException(f"archive not found: {db}")
    options = {portal.name: portal.extraction for portal in _portals((), config, ())} if config else {}
    archive = _open_archive(db, check=not dry_run)
    try:
        with nullcontext() if dry_run else crawl_lock(db):  # not while a crawl writes
            report = reextract_archive(archive, list(names) or None, since_days, options, warc_dir, dry_run)
    except ArchiveLocked as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(EXIT_LOCKED)
    except ArchiveError as error:
        raise click.ClickException(f"{error}; the articles re-extracted before stay updated") from None
    fields = ", ".join(f"{name} {count}" for name, count in sorted(report.fields.items()))
    done = report.articles - report.without_pages - report.empty - len(report.failures)
    verb = "would change" if dry_run else "changed"
    click.echo(f"{'dry run: ' if dry_run else ''}re-extracted {done} of {report.articles} articles:"
               f" {report.changed} {verb}{f' ({fields})' if fields else ''};"
               f" {report.without_pages} without stored pages, {report.empty} found empty (kept),"
               f" {len(report.failures)} failed")
    for url, reason in report.failures[:5]:
        click.echo(f"  failed {url}: {reason}", err=True)
    if len(report.failures) > 5:
        click.echo(f"  ... and {len(report.failures) - 5} more", err=True)


@cli.command(name="inspect")
@click.argument("target", metavar="URL|FILE")
@click.option("--url", help="With a saved FILE: the URL it was fetched from.")
@click.option("-s", "settings", multiple=True, metavar="NAME=VALUE",
              help="A Scrapy setting for fetching a URL (repeatable).")
@click.option("-v", "--verbose", is_flag=True, help="Show Scrapy's log while fetching.")
def inspect_page_command(target, url, settings, verbose):
    """Show what portal-archive finds on one page, as JSON.

    Prints kind (listing, article or other), article_urls and next_page_urls (absolute,
    in page order), feeds, sitemaps, for an article page the extracted fields with the
    source that won each, and a suggested [portals.NAME] table for portals.toml.
    A URL is fetched as a crawl would (robots.txt, user agent); a saved FILE is read.

    \b
        portal-archive inspect https://www.example.com/gonglue/
        portal-archive inspect saved-listing.html --url https://www.example.com/gonglue/
        portal-archive inspect https://www.example.com/gonglue/ | jq -r .suggested_toml >> portals.toml
    """
    from datetime import datetime, timezone

    from portal_spider.inspection import inspect_page

    if Path(target).exists() or url:
        if not url:
            raise click.ClickException("a saved page needs --url URL (the address it was fetched from)")
        _check_url(url)
        try:
            body = Path(target).read_bytes()
        except OSError as error:
            raise click.ClickException(f"cannot read {target}: {error.strerror}") from None
        report = inspect_page(body, url, datetime.now(timezone.utc))
    else:
        from portal_spider.fetch import FetchError, fetch_page

        _check_url(target)
        scrapy_settings = _scrapy_settings(":memory:", settings)
        if not verbose:
            scrapy_settings.set("LOG_LEVEL", "CRITICAL", priority="cmdline")
        try:
            page = fetch_page(target, scrapy_settings)
        except FetchError as error:
            raise click.ClickException(str(error)) from None
        report = inspect_page(page.body, page.url, page.fetched_at, page.content_type, page.robots_sitemaps)
    click.echo(json.dumps(report, ensure_ascii=False, indent=2))


def _check_url(url: str) -> None:
    from portal_spider.portals import check_start_url

    try:
        check_start_url(url)
    except PortalConfigError as error:
        raise click.ClickException(str(error)) from None


@cli.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default="archive.db", show_default=True, help="The archive.")
def import_(file, db):
    """Store articles given as JSON lines, with duplicate detection, as a crawl would.

    Each line: url, portal, title, author, published_at, and body_text or body_html.
    A bad line is reported (FILE:LINE: why) and skipped; the import stops, keeping what
    it saved, when the archive cannot be written (locked, read-only, disk full, damaged).

    \b
        portal-archive import old-archive.jsonl --db guides.db
    """
    from storage.importer import ImportStopped, import_jsonl

    if not Path(file).is_file():
        raise click.ClickException(f"file not found: {file}")
    archive = _open_archive(db, check=True)
    try:
        report = import_jsonl(archive, file)
        stopped = None
    except ImportStopped as error:
        report, stopped = error.report, error
    for line_number, reason in report.errors:
        click.echo(f"{file}:{line_number}: {reason}", err=True)
    if stopped:
        raise click.ClickException(str(stopped))
    statuses = ", ".join(f"{count} {status}" for status, count in sorted(report.by_status.items()))
    click.echo(f"imported {report.imported} articles ({statuses or 'none'}), {len(report.errors)} bad lines")


@cli.command()
@click.option("--db", default="archive.db", show_default=True, help="The archive.")
@click.option("--host", default=None, help="Interface to listen on [default: 127.0.0.1, or 0.0.0.0 with --public].")
@click.option("--port", default=8001, show_default=True, type=int)
@click.option("--public", is_flag=True,
              help="For others to browse: listen on all interfaces, stored queries only (no arbitrary SQL), "
                   "answer this machine's names and addresses too.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME",
              help="Another name browsers reach it by (a Host header to answer); repeatable.")
def serve(db, host, port, public, allow_hosts):
    """Browse the archive in Datasette: search, article pages, duplicate clusters,
    crawl health, charts and Atom feeds (read-only; robots are always turned away).

    Requests whose Host header is not a name it serves (localhost, 127.0.0.1,
    the --host address, --allow-host names; with --public this machine's names)
    are refused with 421, so another site cannot read it through DNS rebinding.

    \b
        portal-archive serve --db guides.db              # http://127.0.0.1:8001/
        portal-archive serve --db guides.db --public     # on the network, no SQL box
        portal-archive serve --db guides.db --public --allow-host guides.example.org
    """
    from portal_spider.browse import serve_archive, served_hosts

    if not Path(db).is_file():
        raise click.ClickException(f"archive not found: {db}")
    archive = _open_archive(db)  # upgrades an older archive's schema before Datasette reads it
    try:
        archive.check_health()
    except ArchiveError as error:  # still worth browsing, but say so
        click.echo(f"Warning: {error}", err=True)
    host = host or ("0.0.0.0" if public else "127.0.0.1")
    hosts = served_hosts(host, public, allow_hosts)
    click.echo(f"serving {db} on {host}:{port} for Host names: {', '.join(hosts)}", err=True)
    serve_archive(db, host, port, public, hosts)


@cli.command(name="sample-portal")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--articles", default=36, show_default=True, type=click.IntRange(1))
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--style", default="numeric", show_default=True, type=click.Choice(list(STYLES)),
              help="The kind of site: its URL scheme and page layout.")
def sample_portal(host, port, articles, seed, style):
    """Serve the bundled sample guide portal (for the demo, tests and benchmarks).

    \b
        portal-archive sample-portal --port 8000
        portal-archive crawl --start-url http://127.0.0.1:8000/list/index.html
        portal-archive sample-portal --port 8000 --style forum   # prints its first listing URL
    """
    from portal_spider.sample_portal import SamplePortal, serve as serve_portal

    portal = SamplePortal(articles=articles, seed=seed, style=style)
    try:
        server = serve_portal(portal, host=host, port=port)
    except OSError as error:
        raise click.ClickException(f"cannot listen on {host}:{port}: {error.strerror}") from None
    click.echo(f"sample portal with {articles} articles at {server.base_url}{portal.start_path}")
    try:
        server.wait()
    except KeyboardInterrupt:
        server.shutdown()


sample_portal.help = inspect.cleandoc(sample_portal.help) + "\n\n\b\nStyles:" + "".join(
    f"\n  {name:8} {cls.summary}" for name, cls in STYLES.items())


if __name__ == "__main__":
    cli()
