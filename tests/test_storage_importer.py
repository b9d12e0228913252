"""import_jsonl: good lines land, bad lines are reported by 1-based line number."""

from __future__ import annotations

import json

from storage import Article
from storage.importer import BATCH, import_jsonl

BODY = "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。\n雷电将军的元素爆发可以为全队回复能量，搭配行秋和班尼特能打出很高的伤害。"


def write_lines(path, lines):
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_good_and_bad_lines(archive, tmp_path):
    good = Article(url="https://a.com/1", title="t", body_text=BODY, portal="a", alias_urls=["https://m.a.com/1"]).to_dict()
    copy = dict(good, url="https://b.com/1", portal="b", alias_urls=[])
    path = write_lines(tmp_path / "in.jsonl", [
        json.dumps(good, ensure_ascii=False),
        "{not json",
        "",
        json.dumps({"title": "no url"}),
        json.dumps(copy, ensure_ascii=False),
        json.dumps(dict(good, surprise=1)),
        json.dumps(dict(good, title=5)),
        json.dumps(["a", "list"]),
        json.dumps(good, ensure_ascii=False),
    ])
    report = import_jsonl(archive, path)
    assert report.imported == 3
    assert report.by_status == {"new": 1, "duplicate": 1, "unchanged": 1}
    assert [number for number, _ in report.errors] == [2, 4, 6, 7, 8]
    messages = dict(report.errors)
    assert "JSON" in messages[2] and "url" in messages[4] and "surprise" in messages[6] and "title" in messages[7]
    assert all("\n" not in message for message in messages.values())
    assert archive.is_known("https://m.a.com/1") and archive.db["articles"].count == 2


def test_null_lists_are_accepted(archive, tmp_path):
    line = json.dumps({"url": "https://a.com/1", "body_text": BODY, "alias_urls": None, "page_urls": None})
    report = import_jsonl(archive, write_lines(tmp_path / "in.jsonl", [line]))
    assert (report.imported, report.errors) == (1, [])


def test_empty_file(archive, tmp_path):
    report = import_jsonl(archive, write_lines(tmp_path / "in.jsonl", [""]))
    assert (report.imported, report.by_status, report.errors) == (0, {}, [])


def test_good_lines_are_saved_in_groups(archive, tmp_path, monkeypatch):
    groups = []
    save_many = type(archive).save_many

    def recording(self, articles):
        groups.append(len(articles))
        return save_many(self, articles)

    monkeypatch.setattr(type(archive), "save_many", recording)
    lines = [json.dumps({"url": f"https://a.com/{i}", "body_text": f"第{i}篇"}, ensure_ascii=False) for i in range(130)]
    lines[70] = "{not json"
    report = import_jsonl(archive, write_lines(tmp_path / "in.jsonl", lines))
    assert groups == [BATCH, BATCH, 1]
    assert report.imported == 129 and report.errors[0][0] == 71
    assert archive.db["articles"].count == 129
