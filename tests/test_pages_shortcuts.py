"""The shortcuts page parsing takes for speed give what the plain ways give."""

from __future__ import annotations

import re
import unicodedata

import pytest
from lxml import html as lxml_html

from portal_spider.pages.dates import CHINA, DateContext, find_date
from portal_spider.pages.lines import page_lines
from portal_spider.pages.mainblock import _POST_DATE, _POST_HEADER, _text_outside_headings
from portal_spider.pages.structured import elements_by_tag, read_structured
from portal_spider.pages.text import han_ratio, normalise_for_compare, strip_pinyin, text_content

_MARKUP = (
    "<html><head><title>T</title><meta property='og:title' content='M'><time datetime='2020-01-02'>x</time></head>"
    "<body><h1>Head <b>line</b><!-- c -->tail</h1><div>Lead <a href='/a'>link</a><!-- gone -->after"
    "<h2>Sub</h2> between <p>Para <i>one</i></p><h3><span>deep</span></h3>end</div><p></p>"
    "<time datetime='2021-03-04'>y</time><script>var x;</script></body></html>"
)


def _tree():
    return lxml_html.document_fromstring(_MARKUP)


def test_text_content_is_lxmls_for_every_element():
    for element in _tree().iter():
        if isinstance(element.tag, str):
            assert text_content(element) == element.text_content()


@pytest.mark.parametrize("tag", ["html", "body", "h1", "div", "h2", "p", "h3", "span", "b"])
def test_text_outside_headings_is_the_xpaths(tag):
    for element in _tree().iter(tag):
        want = "".join(element.xpath(".//text()[not(ancestor::h1 or ancestor::h2 or ancestor::h3)]"))
        assert _text_outside_headings(element) == want


def test_elements_by_tag_keeps_document_order_and_structured_data_reads_them():
    root = _tree()
    tagged = elements_by_tag(root)
    assert [t.get("datetime") for t in tagged["time"]] == ["2020-01-02", "2021-03-04"]
    assert len(tagged["meta"]) == 1 and len(tagged["script"]) == 1 and tagged["base"] == tagged["link"] == []
    assert read_structured(root, None, tagged) == read_structured(root)


def test_page_lines_skip_indentation_but_keep_words_apart():
    root = lxml_html.fromstring("<div>\n   <p>\n  one <b>two</b>\n</p>\n  <pre>a\n b</pre><script>x</script> three</div>")
    assert [text for text, _ in page_lines(root)] == ["one two", "a", "b", "three"]


@pytest.mark.parametrize("text", ["Plain ASCII  Title", "“Curly” ‘quotes’ — dash", "ＦＵＬＬ\xadwidth", "中文 标题：测试", ""])
def test_normalise_for_compare_fast_paths_agree_with_the_full_one(text):
    full = re.sub("[\u2010-\u2015\u2212]", "-", " ".join(unicodedata.normalize("NFKC", text.replace("\xad", "")).split()))
    full = full.translate(str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'"})).lower()
    assert normalise_for_compare(text) == full


def test_han_ratio_and_pinyin_shortcuts():
    assert han_ratio("中文 ab") == 0.5 and han_ratio(" \u3000") == 0.0
    assert strip_pinyin("當(dāng)前") == "當前" and strip_pinyin("no brackets") == "no brackets"


def test_lookahead_patterns_still_match_in_any_case():
    assert _POST_HEADER.search("xx POSTED ON 3") and _POST_HEADER.search("回复 楼主") and not _POST_HEADER.search("reposted")
    assert _POST_DATE.search("at 9:05 today") and not _POST_DATE.search("a19:05")
    context = DateContext(CHINA, None)
    assert find_date("NOV. 20, 2019", context).day == 20 and find_date("Sept. 5, 2019", context).month == 9
    assert find_date("no digits here", context) is None
