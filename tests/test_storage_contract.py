"""The archive enforces its own contract, whoever calls it: sanitised HTML, a body_text to
search and compare, published_at in ISO 8601 with an offset."""

from __future__ import annotations

import json

import pytest

from storage import Archive, Article, InvalidArticle
from storage.html import sanitise_html, text_of_html
from storage.importer import import_jsonl

HOSTILE = (
    '<div><script>steal()</script><p onclick="steal()">深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色。</p>'
    '<img src="https://a.com/boss.png" onerror="steal()"><p>雷电将军的元素爆发可以为全队回复能量，<b>搭配行秋</b>能打出很高的伤害。</p>'
    '<a href="javascript:steal()">点这里</a><style>p{}</style></div>'
)


def stored(archive: Archive, url: str) -> dict:
    return next(archive.db["articles"].rows_where("url = ?", [url]))


def test_body_html_is_sanitised_and_body_text_taken_from_it(archive):
    archive.save(Article(url="https://a.com/1", title="深渊攻略", body_html=HOSTILE))
    row = stored(archive, "https://a.com/1")
    assert "script" not in row["body_html"] and "onerror" not in row["body_html"] and "onclick" not in row["body_html"]
    assert "javascript:" not in row["body_html"] and "<style" not in row["body_html"]
    assert '<img src="https://a.com/boss.png">' in row["body_html"]
    assert row["body_text"].splitlines() == [
        "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色。",
        "雷电将军的元素爆发可以为全队回复能量，搭配行秋能打出很高的伤害。",
        "点这里",
    ]


def test_an_html_only_article_is_checked_for_duplicates(archive):
    archive.save(Article(url="https://a.com/1", title="深渊攻略", body_html=HOSTILE, portal="a"))
    result = archive.save(Article(url="https://b.com/1", title="深渊攻略", body_html=HOSTILE, portal="b"))
    assert result.status == "duplicate"


def test_a_given_body_text_is_kept(archive):
    archive.save(Article(url="https://a.com/1", title="t", body_text="正文自有其文。", body_html="<p>别的</p>"))
    assert stored(archive, "https://a.com/1")["body_text"] == "正文自有其文。"


@pytest.mark.parametrize("published_at", ["yesterday-ish", "2025-05-13", "2025-05-13T11:07:46", "13/05/2025 11:07"])
def test_published_at_without_an_offset_is_refused(archive, published_at):
    with pytest.raises(InvalidArticle, match="published_at"):
        archive.save(Article(url="https://a.com/1", title="t", body_text="正文", published_at=published_at))
    assert archive.db["articles"].count == 0


@pytest.mark.parametrize("published_at", ["2025-05-13T11:07:46+08:00", "2025-05-13T03:07:46Z", "2025-05-13 11:07+0800"])
def test_published_at_with_an_offset_is_stored(archive, published_at):
    archive.save(Article(url="https://a.com/1", title="t", body_text="正文", published_at=published_at))
    assert stored(archive, "https://a.com/1")["published_at"] == published_at


def test_import_rejects_bad_dates_and_sanitises_html(archive, tmp_path):
    path = tmp_path / "in.jsonl"
    lines = [
        {"url": "https://a.com/1", "title": "深渊攻略", "body_html": HOSTILE, "published_at": "2025-05-13T11:07:46+08:00"},
        {"url": "https://a.com/2", "title": "t", "body_text": "正文", "published_at": "yesterday-ish"},
    ]
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    report = import_jsonl(archive, path)
    assert report.imported == 1
    assert report.errors == [(2, "published_at 'yesterday-ish' is not an ISO 8601 date and time"
                                 " (like 2025-05-13T11:07:46+08:00)")]
    row = stored(archive, "https://a.com/1")
    assert "script" not in row["body_html"] and row["body_text"].startswith("深渊十二层")


def test_sanitising_what_is_already_clean_changes_nothing():
    clean = sanitise_html(HOSTILE)
    assert sanitise_html(clean) == clean
    assert text_of_html("") == "" and text_of_html("<p>a<br>b</p>") == "a\nb"
