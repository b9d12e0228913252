"""portal-archive inspect: the contract keys, on saved pages and on a URL served on loopback."""

from __future__ import annotations

import json
from datetime import datetime, timezone

from click.testing import CliRunner

from portal_spider.cli import cli
from portal_spider.discovery import find_listing_links
from portal_spider.inspection import inspect_page
from portal_spider.portals import load_portals

from conftest import FAST, run_cli

FETCHED = datetime(2025, 5, 14, 3, 0, tzinfo=timezone.utc)


def _page(server, path: str) -> bytes:
    _status, _headers, body = server.portal.respond(path, {}, server.base_url)
    return body


def test_listing_report_and_a_suggested_table_that_reproduces_it(portal_server, tmp_path):
    url = portal_server.base_url + "/list/index.html"
    body = _page(portal_server, "/list/index.html")
    report = inspect_page(body, url, FETCHED)
    assert report["kind"] == "listing"
    truth = [a["url"] for a in portal_server.portal.truth_json(portal_server.base_url)]
    assert report["article_urls"] and set(report["article_urls"]) <= set(truth)
    assert report["next_page_urls"] == [portal_server.base_url + "/list/index_2.html"]
    assert report["sitemaps"] == [portal_server.base_url + "/sitemap.xml"]  # the footer links it
    config = tmp_path / "portals.toml"
    config.write_text(report["suggested_toml"], encoding="utf-8")
    (portal,) = load_portals(config)
    again = find_listing_links(body.decode("utf-8"), url, portal.article_link_selector, portal.next_page_selector)
    assert set(again.article_urls) == set(report["article_urls"])
    assert again.next_page_urls == report["next_page_urls"]


def test_article_report_names_the_source_of_each_field(portal_server):
    article = portal_server.portal.articles[0]
    report = inspect_page(_page(portal_server, article.path), article.url(portal_server.base_url), FETCHED)
    assert report["kind"] == "article"
    assert report["fields"]["title"]["value"] == article.title
    assert report["fields"]["published_at"]["value"] == article.published_at
    for name in ("title", "author", "published_at", "body_text"):
        assert report["fields"][name]["source"] in {"selector", "structured data", "meta", "heuristic"}


def test_other_page(portal_server):
    report = inspect_page(b"<html><body><p>Under maintenance.</p></body></html>", portal_server.base_url + "/", FETCHED)
    assert report["kind"] == "other"
    assert report["article_urls"] == [] and report["next_page_urls"] == []


def test_cli_saved_file_needs_its_url(tmp_path):
    page = tmp_path / "page.html"
    page.write_text("<html><body></body></html>", encoding="utf-8")
    result = CliRunner().invoke(cli, ["inspect", str(page)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "Error: a saved page needs --url URL (the address it was fetched from)"]


def test_cli_fetches_a_url_politely(portal_server):
    result = run_cli("inspect", portal_server.base_url + "/list/index_2.html", *FAST)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["kind"] == "listing"
    assert report["next_page_urls"] == [portal_server.base_url + "/list/index_3.html"]
    assert "/robots.txt" in portal_server.requests and "/list/index_2.html" in portal_server.requests


def test_cli_unreachable_url_is_one_line():
    result = run_cli("inspect", "http://127.0.0.1:9/list/", "-s", "RETRY_ENABLED=0")
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "cannot fetch" in result.stderr
