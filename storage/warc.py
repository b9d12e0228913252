"""WARC files (ISO 28500) of fetched pages: writing them, and reading a record back.

A :class:`WarcFolder` appends each fetch as a ``response`` record (a ``revisit`` record
when a payload with the same digest is already stored) followed by its ``request``
record, gzip-compressed per record, into files that rotate by size; each file starts
with a ``warcinfo`` record. A fetch's records go to the file in one write and are
flushed before :meth:`WarcFolder.write` returns, so that whoever records where they are
(``raw_pages``) never points past what a killed process left on disk. A write that fails
(disk full) is cut off again, so the file ends with its last complete record.

No Scrapy here: a fetch is a plain :class:`Exchange`.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import socket
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from urllib.parse import urlsplit

from warcio.archiveiterator import ArchiveIterator
from warcio.exceptions import ArchiveLoadFailed
from warcio.statusandheaders import StatusAndHeaders
from warcio.timeutils import datetime_to_iso_date
from warcio.warcwriter import WARCWriter

from storage.errors import ArchiveError

DEFAULT_MAX_BYTES = 1_000_000_000
# Headers that describe the bytes on the wire, not the body as stored (decompressed,
# de-chunked): kept under this prefix, as pywb and Browsertrix do, and replaced by the
# stored body's length.
_TRANSFER_HEADERS = ("content-encoding", "transfer-encoding", "content-length")
_ORIGINAL_PREFIX = "X-Archive-Orig-"


class WarcWriteError(ArchiveError):
    """The WARC folder cannot be written (disk full, read-only, gone)."""


@dataclass
class Exchange:
    """One fetch: the request as sent and the response as received, body decompressed."""

    url: str
    fetched_at: datetime  # aware
    method: str
    request_headers: list[tuple[str, str]]
    status: int
    reason: str
    response_headers: list[tuple[str, str]]
    body: bytes
    record_id: str  # the response record's WARC-Record-ID, chosen by the caller ("<urn:uuid:...>")


@dataclass(frozen=True)
class StoredRecord:
    record_id: str
    record_type: str  # "response" or "revisit"
    payload_digest: str
    warc_file: str  # absolute path
    offset: int
    length: int  # of the response (or revisit) record, compressed


@dataclass(frozen=True)
class Original:
    """The record a revisit refers to."""

    url: str
    fetched_at: str  # WARC-Date form


def payload_digest(body: bytes) -> str:
    """The body's digest as WARC-Payload-Digest writes it (warcio's form: sha1, base32)."""
    return "sha1:" + base64.b32encode(hashlib.sha1(body).digest()).decode("ascii")


def warc_date(moment: datetime) -> str:
    return datetime_to_iso_date(moment.astimezone(timezone.utc).replace(tzinfo=None), use_micros=True)


class WarcFolder:
    """Appends fetches to WARC files in ``folder``; every instance starts a new file.

    ``software`` names the writer in each file's warcinfo record. Not thread-safe: one
    thread writes (the crawl's archive writer).
    """

    def __init__(self, folder: str, max_bytes: int = DEFAULT_MAX_BYTES, software: str = "portal-archive"):
        self.folder = os.path.abspath(folder)
        self.max_bytes = max_bytes
        self.software = software
        self._writer = WARCWriter(None, gzip=True, warc_version="1.1")
        self._file: io.FileIO | None = None
        self._path: str | None = None
        self._serial = 0
        self._failure: WarcWriteError | None = None
        self._stamp = datetime.now(timezone.utc).strftime("%Y%m%d%H%M%S")

    def write(self, exchange: Exchange, original: Callable[[str], Original | None]) -> StoredRecord:
        """Store one fetch; ``original(digest)`` tells whether that payload is stored already.

        After a write failed, every later one fails the same way without touching the
        folder: the crawl is stopping, and a disk that was full may be so again."""
        if self._failure is not None:
            raise self._failure
        digest = payload_digest(exchange.body)
        earlier = original(digest)
        response = self._response_record(exchange, digest, earlier)
        request = self._request_record(exchange)
        file = self._open_file()
        start = file.tell()
        try:
            _write_all(file, response + request)
        except OSError as error:
            self._cut(start)
            raise self._error(error) from None
        stored = StoredRecord(exchange.record_id, "revisit" if earlier else "response", digest,
                              self._path, start, len(response))
        if file.tell() >= self.max_bytes:
            self.close()
        return stored

    def close(self) -> None:
        """Close the current file (the next write starts another)."""
        if self._file is None:
            return
        file, self._file = self._file, None
        try:
            os.fsync(file.fileno())
            file.close()
        except OSError as error:
            raise self._error(error) from None

    # -- records ------------------------------------------------------------------------

    def _response_record(self, exchange: Exchange, digest: str, earlier: Original | None) -> bytes:
        headers = stored_headers(exchange.response_headers, len(exchange.body))
        http = StatusAndHeaders(f"{exchange.status} {exchange.reason}".strip(), headers, protocol="HTTP/1.1")
        warc_headers = {"WARC-Record-ID": exchange.record_id, "WARC-Date": warc_date(exchange.fetched_at)}
        if earlier is not None:
            record = self._writer.create_revisit_record(
                exchange.url, digest, earlier.url, earlier.fetched_at, http_headers=http,
                warc_headers_dict=warc_headers)
        else:
            warc_headers["WARC-Payload-Digest"] = digest
            record = self._writer.create_warc_record(
                exchange.url, "response", payload=io.BytesIO(exchange.body), length=len(exchange.body),
                http_headers=http, warc_headers_dict=warc_headers)
        return self._bytes_of(record)

    def _request_record(self, exchange: Exchange) -> bytes:
        parts = urlsplit(exchange.url)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        headers = list(exchange.request_headers)
        if not any(name.lower() == "host" for name, _ in headers):
            headers.insert(0, ("Host", parts.netloc))
        http = StatusAndHeaders(f"{exchange.method} {target} HTTP/1.1", headers, is_http_request=True)
        record = self._writer.create_warc_record(
            exchange.url, "request", http_headers=http,
            warc_headers_dict={"WARC-Date": warc_date(exchange.fetched_at),
                               "WARC-Concurrent-To": exchange.record_id})
        return self._bytes_of(record)

    def _bytes_of(self, record) -> bytes:
        """The record as one gzip member, in memory: it goes to the file in one write."""
        self._writer.out = io.BytesIO()
        self._writer.write_record(record)
        return self._writer.out.getvalue()

    # -- files --------------------------------------------------------------------------

    def _open_file(self) -> io.FileIO:
        if self._file is not None:
            return self._file
        try:
            os.makedirs(self.folder, exist_ok=True)
            while True:
                self._serial += 1
                # Host and process in the name: files of several machines can share a folder.
                name = f"portal-archive-{self._stamp}-{socket.gethostname()}-{os.getpid()}-{self._serial:05d}.warc.gz"
                path = os.path.join(self.folder, name)
                try:
                    # Unbuffered: a record is in the kernel's hands once written, and a
                    # process killed later loses nothing of it. Never a file another run left.
                    file = open(path, "xb", buffering=0)
                    break
                except FileExistsError:
                    continue
        except OSError as error:
            raise self._error(error) from None
        self._file, self._path = file, path
        info = self._writer.create_warcinfo_record(name, {
            "software": self.software,
            "format": "WARC File Format 1.1",
            "conformsTo": "https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/",
            "hostname": socket.gethostname(),
        })
        try:
            _write_all(file, self._bytes_of(info))
        except OSError as error:
            self._cut(0)
            raise self._error(error) from None
        return file

    def _cut(self, offset: int) -> None:
        """Drop a record written in part, and give the file up: it ends with its last
        complete record (cutting a file frees space, so it works on a full disk too)."""
        try:
            self._file.truncate(offset)
        except OSError:
            pass
        file, self._file = self._file, None
        try:
            file.close()
            if offset == 0:  # not even its warcinfo record: no file
                os.remove(self._path)
        except OSError:
            pass

    def _error(self, error: OSError) -> WarcWriteError:
        self._failure = WarcWriteError(f"cannot write the WARC folder {self.folder}: {error.strerror or error}")
        return self._failure


def _write_all(file: io.FileIO, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[file.write(view):]


def stored_headers(headers: list[tuple[str, str]], body_length: int) -> list[tuple[str, str]]:
    """Response headers as they describe the stored body: wire-only ones kept under a prefix."""
    kept = []
    for name, value in headers:
        if name.lower() in _TRANSFER_HEADERS:
            kept.append((_ORIGINAL_PREFIX + name, value))
        else:
            kept.append((name, value))
    kept.append(("Content-Length", str(body_length)))
    return kept


@dataclass(frozen=True)
class Payload:
    url: str
    record_type: str
    content_type: str | None
    body: bytes  # empty for a revisit: its payload is in the record it refers to


class WarcReadError(ValueError):
    """A file that is not a WARC file, or is damaged where it was read."""


def read_record(path: str, offset: int) -> Payload:
    """The record at ``offset`` of a WARC file: its URL, HTTP Content-Type and payload."""
    with open(path, "rb") as file:
        file.seek(offset)
        try:
            for record in ArchiveIterator(file):
                return _payload_of(record)
        except (ArchiveLoadFailed, EOFError, zlib.error) as error:
            raise WarcReadError(f"{path} at offset {offset}: {error}") from None
    raise WarcReadError(f"no WARC record at offset {offset} of {path}")


@dataclass(frozen=True)
class Response:
    record_id: str
    fetched_at: datetime
    payload: Payload


def responses(path: str) -> Iterator[Response]:
    """The response records of any WARC file (gzip or not, any writer), in order."""
    with open(path, "rb") as file:
        if not _starts_as_warc(file.read(4096)):
            raise WarcReadError(f"{path}: not a WARC file (it does not start with a WARC record)")
        file.seek(0)
        try:
            for record in ArchiveIterator(file):
                if record.rec_type != "response" or not record.http_headers:
                    continue
                date = record.rec_headers.get_header("WARC-Date") or ""
                yield Response(record.rec_headers.get_header("WARC-Record-ID"),
                               datetime.fromisoformat(date.replace("Z", "+00:00")), _payload_of(record))
        except (ArchiveLoadFailed, EOFError, zlib.error) as error:
            raise WarcReadError(f"{path}: {' '.join(str(error).split())}") from None


def _starts_as_warc(head: bytes) -> bool:
    if head[:2] == b"\x1f\x8b":
        try:
            head = zlib.decompressobj(zlib.MAX_WBITS | 16).decompress(head, 16)
        except zlib.error:
            return False
    return head.startswith(b"WARC/")


def _payload_of(record) -> Payload:
    headers = record.http_headers
    return Payload(
        record.rec_headers.get_header("WARC-Target-URI"),
        record.rec_type,
        headers.get_header("Content-Type") if headers else None,
        record.content_stream().read(),
    )
