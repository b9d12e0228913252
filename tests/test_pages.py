"""Saved-page fixtures: every case's extraction must equal its reviewed expected JSON."""

from __future__ import annotations

import json

import pytest

from portal_spider.pages import parse_article
from tests.regenerate_page_fixtures import EXPECTED_FIELDS, FIXTURES, extract_case, page_bytes

CASES = sorted(p.stem for p in FIXTURES.glob("*.json"))


def load(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def test_fixture_set_covers_the_brief():
    assert {"portal_traditional", "gbk_simplified", "big5_traditional", "ruby_pinyin", "relative_date",
            "english_jsonld_graph", "english_byline", "multipage_p1", "gbk_traditional_pinyin"} <= set(CASES)


@pytest.mark.parametrize("name", CASES)
def test_fixture_fields(name):
    case = load(name)
    article = extract_case(name, case)
    for field in EXPECTED_FIELDS:
        assert getattr(article, field) == case["expected"][field], field


@pytest.mark.parametrize("name", CASES)
def test_fixture_body_html_is_sanitised_and_keeps_images(name):
    case = load(name)
    html = extract_case(name, case).body_html
    assert html and "<script" not in html and "onclick" not in html and "javascript:" not in html
    for src in html.split('src="')[1:]:
        assert src.startswith(("http://", "https://"))


@pytest.mark.parametrize("name", CASES)
def test_fixture_text_has_no_furniture(name):
    text = extract_case(name, load(name)).body_text
    for furniture in ("當前位置", "当前位置", "作者：", "熱門文章", "相关文章", "下一頁", "首充", "點擊領取", "Comments", "Share on", "分享到", "(dāng)"):
        assert furniture not in text


def test_portal_page_keeps_image_and_drops_ad():
    html = parse_article(page_bytes("portal_traditional"), "https://www.yongchuang.example/gonglue/123.html").body_html
    assert 'src="https://www.yongchuang.example/uploads/2025/05/map3.png"' in html
    assert "ads.example.com" not in html and "banner.jpg" not in html


def test_gbk_page_decodes_characters_outside_gb2312():
    # 镕 is in GBK but not GB2312: reading the declared gb2312 literally would lose it.
    assert "镕铸" in extract_case("gbk_simplified", load("gbk_simplified")).body_text


def test_utf8_page_does_not_mention_pinyin_or_ruby_annotations():
    article = extract_case("ruby_pinyin", load("ruby_pinyin"))
    assert article.title == "劍與遠征 陣容推薦"
    assert "tǎn" not in article.body_text and "lín" not in (article.author or "")
