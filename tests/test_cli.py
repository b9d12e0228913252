"""The CLI contract: bad input is one line on stderr and a non-zero exit, never a traceback."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from portal_spider.cli import cli


def invoke(*args):
    return CliRunner().invoke(cli, list(args))


def assert_one_line_error(result, fragment):
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert fragment in lines[0]


def test_bad_start_url(tmp_path):
    result = invoke("crawl", "--start-url", "not-a-url", "--db", str(tmp_path / "a.db"))
    assert_one_line_error(result, "not an http(s) URL")


def test_missing_config(tmp_path):
    result = invoke("crawl", "--config", str(tmp_path / "nope.toml"), "--db", str(tmp_path / "a.db"))
    assert_one_line_error(result, "config file not found")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere; see the next test")
def test_unwritable_db_directory(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir(mode=0o500)
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", str(folder / "a.db"))
    assert_one_line_error(result, "a.db")


def test_db_where_even_root_cannot_write():
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", "/proc/portal-archive-test.db")
    assert_one_line_error(result, "cannot open archive")


def test_db_that_is_a_directory(tmp_path):
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", str(tmp_path))
    assert_one_line_error(result, "cannot open archive")


def test_db_in_missing_directory(tmp_path):
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", str(tmp_path / "no" / "such" / "a.db"))
    assert_one_line_error(result, "a.db")


def test_db_that_is_not_sqlite(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("these are not the droids\n" * 100)
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", str(path))
    assert_one_line_error(result, "notes.db")


def test_invalid_css_selector_in_config(tmp_path):
    config = tmp_path / "portals.toml"
    config.write_text('[portals.a]\nstart_urls = ["http://127.0.0.1:9/"]\nbody_selector = "div[[["\n', encoding="utf-8")
    result = invoke("crawl", "--config", str(config), "--db", str(tmp_path / "a.db"))
    assert result.exit_code == 1
    assert_one_line_error(result, "[portals.a]: body_selector is not a valid CSS selector: 'div[[['")


def test_bad_setting(tmp_path):
    result = invoke("crawl", "--start-url", "http://127.0.0.1:9/", "--db", str(tmp_path / "a.db"), "-s", "NOEQUALS")
    assert_one_line_error(result, "NAME=VALUE")


def test_crawl_needs_a_source(tmp_path):
    assert_one_line_error(invoke("crawl", "--db", str(tmp_path / "a.db")), "--start-url")


def test_extract_batch_matches_the_sample_portal_truth(tmp_path):
    from portal_spider.sample_portal import SamplePortal

    portal = SamplePortal(articles=12, seed=3)
    base = "http://portal.test"
    manifest, expected = [], []
    for article in portal.articles:
        if len(article.page_paths) > 1:
            continue  # a single saved page holds the whole of a one-page article only
        status, headers, body = portal.respond(article.path)
        assert status == 200
        path = tmp_path / f"{article.id}.html"
        path.write_bytes(body)
        manifest.append({"file": path.name, "url": article.url(base)})
        expected.append(article)
    (tmp_path / "pages.jsonl").write_text("\n".join(json.dumps(m) for m in manifest) + "\n{\"file\": \"missing.html\", \"url\": \"http://portal.test/x\"}\n")

    result = invoke("extract", "--batch", str(tmp_path / "pages.jsonl"))
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.output.splitlines()]
    assert len(records) == len(expected) + 1
    for record, article in zip(records, expected):
        assert list(record)[:7] == ["file", "url", "title", "author", "published_at", "body_text", "body_html"]
        assert (record["title"], record["author"], record["published_at"], record["body_text"]) == (
            article.title, article.author, article.published_at, article.body_text)
    assert "error" in records[-1] and records[-1]["title"] in ("", None)


def test_extract_single_file_missing():
    assert_one_line_error(invoke("extract", "/no/such/page.html"), "page.html")


def test_import_reports_bad_lines(tmp_path):
    lines = [
        {"url": "http://p.test/1.html", "portal": "p", "title": "一", "author": "甲",
         "published_at": "2025-05-13T11:07:46+08:00", "body_text": "第一段。\n第二段。"},
        "not json",
        {"portal": "p", "title": "no url"},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(l if isinstance(l, str) else json.dumps(l, ensure_ascii=False) for l in lines) + "\n")
    result = CliRunner().invoke(cli, ["import", str(path), "--db", str(tmp_path / "a.db")])
    assert result.exit_code == 0, result.output
    assert "imported 1 articles" in result.output
    assert f"{path}:2:" in result.output and f"{path}:3:" in result.output


@pytest.mark.parametrize("args, fragment", [
    (["crawl", "--bogus"], "No such option '--bogus'"),
    (["frobnicate"], "No such command 'frobnicate'"),
    (["crawl", "--refresh", "--since", "soon"], "'soon' is not a valid float range"),
    (["crawl", "--start-url", "http://127.0.0.1:9/", "--since", "3"], "--since and --changed go with --refresh"),
])
def test_usage_mistakes_are_one_line(args, fragment):
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-m", "portal_spider.cli", *args], capture_output=True, text=True)
    assert result.returncode != 0
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], result.stderr
