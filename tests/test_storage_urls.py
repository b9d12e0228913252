"""Canonical URLs: tracking parameters, fragments, case, default ports, query order."""

from __future__ import annotations

import pytest

from storage.urls import DEFAULT_TRACKING_PARAMS, UrlCanonicalizer

canonical = UrlCanonicalizer()


@pytest.mark.parametrize(
    "url, expected",
    [
        ("https://www.example.com/a/b.html#comments", "https://www.example.com/a/b.html"),
        ("HTTPS://WWW.Example.COM/Path/Case.html", "https://www.example.com/Path/Case.html"),
        ("http://example.com:80/x", "http://example.com/x"),
        ("https://example.com:443/x", "https://example.com/x"),
        ("https://example.com:8443/x", "https://example.com:8443/x"),
        ("https://e.com/a?b=2&a=1", "https://e.com/a?a=1&b=2"),
        ("https://e.com/a?utm_source=wx&utm_medium=share&id=5", "https://e.com/a?id=5"),
        ("https://e.com/a?id=5&spm=a2h0k.1&from=timeline&source=app&ref=home", "https://e.com/a?id=5"),
        ("https://e.com/a?fbclid=x&gclid=y&yclid=z&mc_cid=1&mc_eid=2&_hsenc=3&igshid=4", "https://e.com/a"),
        ("https://e.com/a?UTM_Campaign=x&page=2", "https://e.com/a?page=2"),
        ("https://e.com/攻略/原神.html?q=雷电", "https://e.com/%E6%94%BB%E7%95%A5/%E5%8E%9F%E7%A5%9E.html?q=%E9%9B%B7%E7%94%B5"),
    ],
)
def test_canonical_form(url, expected):
    assert canonical(url) == expected


def test_percent_encoded_and_raw_unicode_agree():
    assert canonical("https://e.com/%E6%94%BB%E7%95%A5") == canonical("https://e.com/攻略")


def test_blank_parameter_values_are_kept():
    assert canonical("https://e.com/a?preview=&id=1") == "https://e.com/a?id=1&preview="


def test_custom_tracking_list_replaces_the_default():
    custom = UrlCanonicalizer(["sid", "trk_*"])
    assert custom("https://e.com/a?sid=1&trk_x=2&utm_source=3") == "https://e.com/a?utm_source=3"


def test_default_list_documents_the_common_trackers():
    assert {"utm_*", "spm", "from", "source", "ref", "fbclid", "gclid", "yclid", "mc_cid", "mc_eid", "_hsenc", "igshid"} <= DEFAULT_TRACKING_PARAMS
