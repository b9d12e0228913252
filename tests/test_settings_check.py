"""-s NAME=VALUE is checked before a crawl starts: a bad value is a one-line error, an unknown
name a one-line warning naming the closest known setting."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from portal_spider.cli import cli
from portal_spider.crawl import SettingError, project_settings, unknown_setting_warnings
from tests.conftest import FAST, run_cli

NOWHERE = ["--start-url", "http://127.0.0.1:9/", "--db"]


@pytest.mark.parametrize("override, message", [
    ("DOWNLOAD_DELAY=abc", "-s DOWNLOAD_DELAY=abc: DOWNLOAD_DELAY takes a number, got 'abc'"),
    ("CONCURRENT_REQUESTS=1.5", "-s CONCURRENT_REQUESTS=1.5: CONCURRENT_REQUESTS takes a whole number, got '1.5'"),
    ("ROBOTSTXT_OBEY=maybe", "-s ROBOTSTXT_OBEY=maybe: ROBOTSTXT_OBEY takes 0/1 or true/false, got 'maybe'"),
    ("EXTRACTION_WORKERS=two", "-s EXTRACTION_WORKERS=two: EXTRACTION_WORKERS takes a whole number, got 'two'"),
    ("ITEM_PIPELINES=[1", "-s ITEM_PIPELINES=[1: ITEM_PIPELINES takes a JSON object, got '[1'"),
])
@pytest.mark.parametrize("command", ["crawl", "schedule"])
def test_a_bad_value_for_a_known_setting_is_one_line_before_anything_starts(tmp_path, command, override, message):
    every = ["--every", "1m"] if command == "schedule" else []
    result = CliRunner().invoke(cli, [command, *every, *NOWHERE, str(tmp_path / "a.db"), "-s", override])
    assert result.exit_code == 1
    assert result.output.splitlines() == [f"Error: {message}"]
    assert not (tmp_path / "a.db").exists()


@pytest.mark.parametrize("override", [
    "DOWNLOAD_DELAY=0.25", "DOWNLOAD_TIMEOUT=2.5", "CONCURRENT_REQUESTS=8", "ROBOTSTXT_OBEY=False",
    "TELNETCONSOLE_ENABLED=0", "COOKIES_ENABLED=true", "LOG_LEVEL=DEBUG", "SOMETHING_ELSE=x",
])
def test_good_values_pass(override):
    name, _, value = override.partition("=")
    assert project_settings(":memory:", [override])[name] == value


def test_an_unknown_name_is_a_warning_naming_the_closest_setting():
    assert unknown_setting_warnings(["DOWNLOAD_DELY=0", "download_delay=1", "DOWNLOAD_DELAY=1", "ZQXJ=1"]) == [
        "warning: -s DOWNLOAD_DELY: not a Scrapy or portal-archive setting; did you mean DOWNLOAD_DELAY?",
        "warning: -s download_delay: not a Scrapy or portal-archive setting; did you mean DOWNLOAD_DELAY?",
        "warning: -s ZQXJ: not a Scrapy or portal-archive setting; passed on to Scrapy as given",
    ]
    assert unknown_setting_warnings(["LISTING_MAX_PAGE=5"]) == [
        "warning: -s LISTING_MAX_PAGE: not a Scrapy or portal-archive setting; did you mean LISTING_MAX_PAGES?"]


def test_malformed_override_is_still_an_error():
    with pytest.raises(SettingError, match="NAME=VALUE"):
        project_settings(":memory:", ["NOEQUALS"])


def test_a_crawl_with_a_misspelt_setting_warns_once_and_runs(portal_server, tmp_path):
    result = run_cli("crawl", "--start-url", portal_server.base_url + "/list/index.html",
                     "--db", str(tmp_path / "a.db"), *FAST, "-s", "DOWNLOAD_DELY=0")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines[0] == "warning: -s DOWNLOAD_DELY: not a Scrapy or portal-archive setting; did you mean DOWNLOAD_DELAY?"
    assert lines[1].startswith("crawling ") and len(lines) == 2, lines
    assert result.stdout.startswith("run 1 ok: ")
    assert "Traceback" not in result.stderr
