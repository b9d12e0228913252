"""Serve a :class:`SamplePortal` over HTTP on a daemon thread (stdlib only, no logging)."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive; every response carries Content-Length
    server_version = "SamplePortal/1.0"
    sys_version = ""
    disable_nagle_algorithm = True
    timeout = 60  # idle keep-alive connections end after a minute
    portal_server: "PortalServer"  # set on the per-server subclass

    def setup(self) -> None:
        super().setup()
        self.portal_server._connections.add(self.connection)

    def finish(self) -> None:
        try:
            super().finish()
        finally:
            self.portal_server._connections.discard(self.connection)

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def _answer(self, head: bool) -> None:
        owner = self.portal_server
        if owner._stopped.is_set():  # a kept-alive connection outliving shutdown(): hang up
            self.close_connection = True
            return
        owner._record(self.path)
        try:
            status, headers, body = owner.portal.respond(self.path, self.headers, owner.base_url)
        except Exception:  # a bug in the portal must not kill the connection silently
            status, headers, body = 500, {"Content-Type": "text/plain"}, b"internal error"
        if callable(body):  # a hostile answer writes its own bytes (a stall, a cut, a reset)
            self.close_connection = True
            body(self)
            return
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head and body:
            self.wfile.write(body)

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format, *args) -> None:  # noqa: A002 - stdlib signature
        pass


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:
        pass  # clients hanging up mid-response (ConnectionResetError, BrokenPipe) are normal


class PortalServer:
    """A running sample portal: ``base_url``, ``port``, ``requests`` (paths, in arrival order)."""

    def __init__(self, portal, host: str = "127.0.0.1", port: int = 0):
        self.portal = portal
        self.requests: list[str] = []
        self._requests_lock = threading.Lock()
        self._connections: set[socket.socket] = set()
        handler = type("Handler", (_Handler,), {"portal_server": self})
        self._httpd = _HTTPServer((host, port), handler)
        self.host = host
        self.port = self._httpd.server_address[1]
        shown = "127.0.0.1" if host in ("", "0.0.0.0") else (f"[{host}]" if ":" in host else host)
        self.base_url = f"http://{shown}:{self.port}"
        portal.base_url = self.base_url  # the latest server: default for respond() and truth_json()
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
            name=f"sample-portal:{self.port}", daemon=True,
        )
        self._thread.start()

    def _record(self, path: str) -> None:
        with self._requests_lock:
            self.requests.append(path)

    def shutdown(self) -> None:
        if self._stopped.is_set():
            return
        self._stopped.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        for connection in list(self._connections):  # kept-alive clients see the server go away
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._thread.join(timeout=5)

    def wait(self) -> None:
        """Block until :meth:`shutdown` (Ctrl-C raises KeyboardInterrupt in the caller)."""
        while not self._stopped.wait(0.5):
            pass

    def __enter__(self) -> "PortalServer":
        return self

    def __exit__(self, *exc) -> None:
        self.shutdown()

    def __repr__(self) -> str:
        return f"<PortalServer {self.base_url} {self.portal.name!r}>"


def serve(portal, host: str = "127.0.0.1", port: int = 0) -> PortalServer:
    """Start serving ``portal`` on a daemon thread; ``port=0`` picks a free port."""
    return PortalServer(portal, host=host, port=port)
