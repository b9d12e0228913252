"""Canonical URLs: one article reached under many addresses must map to one key.

Portals and the sites that link to them decorate URLs with tracking parameters,
fragments, upper-case hosts and explicit default ports; none of that changes the
page served, so all of it is dropped before a URL is stored or looked up.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from w3lib.url import canonicalize_url

# Query parameters that only say where a click came from. A parameter is dropped
# when its lower-cased name is in this set or starts with one of the prefixes.
# ``from``/``source``/``ref`` are generic words, but on guide portals they are
# always referrer tags (``?from=timeline``, ``?source=app``), never page selectors.
DEFAULT_TRACKING_PARAMS: frozenset[str] = frozenset(
    {
        "utm_*",  # Google Analytics campaign tags: utm_source, utm_medium, ...
        "spm",  # Alibaba/Taobao/UC click position
        "scm",  # Alibaba recommendation tag
        "from",
        "source",
        "ref",
        "ref_src",
        "share_source",
        "share_medium",
        "share_from",
        "fbclid",  # Facebook
        "gclid",  # Google Ads
        "dclid",
        "yclid",  # Yandex
        "msclkid",  # Bing
        "mc_cid",  # Mailchimp
        "mc_eid",
        "_hsenc",  # HubSpot
        "_hsmi",
        "igshid",  # Instagram
        "vd_source",  # bilibili
        "wfr",  # Weibo
        "isappinstalled",  # WeChat share
        "scene",  # WeChat share
    }
)

_DEFAULT_PORTS = {"http": 80, "https": 443}


class UrlCanonicalizer:
    """Maps a URL to its canonical form, with a configurable tracking-parameter list.

    Entries ending in ``*`` are prefixes (``utm_*``); others are exact names.
    """

    def __init__(self, tracking_params: Iterable[str] | None = None):
        params = DEFAULT_TRACKING_PARAMS if tracking_params is None else tracking_params
        names = {p.lower() for p in params}
        self._prefixes = tuple(p[:-1] for p in names if p.endswith("*"))
        self._exact = frozenset(p for p in names if not p.endswith("*"))

    def is_tracking(self, name: str) -> bool:
        name = name.lower()
        return name in self._exact or name.startswith(self._prefixes)

    def __call__(self, url: str) -> str:
        """Canonical form: no fragment or tracking parameters, lower-case scheme and
        host, no default port, remaining query parameters sorted, path kept."""
        parts = urlsplit(url.strip())
        query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not self.is_tracking(k)]
        netloc = _netloc(parts.scheme.lower(), parts)
        stripped = urlunsplit((parts.scheme, netloc, parts.path, urlencode(query), ""))
        # w3lib sorts the query, percent-encodes consistently (so 攻略 and
        # %E6%94%BB%E7%95%A5 agree) and lower-cases scheme and host.
        return canonicalize_url(stripped)


def _netloc(scheme: str, parts) -> str:
    host = (parts.hostname or "").lower()
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    userinfo = parts.netloc.rpartition("@")[0]
    netloc = f"{userinfo}@{host}" if userinfo else host
    try:
        port = parts.port
    except ValueError:  # a port that is not a number: keep the URL as given
        return parts.netloc
    if port is not None and port != _DEFAULT_PORTS.get(scheme):
        netloc += f":{port}"
    return netloc
