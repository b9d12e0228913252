"""Sentence-level verdicts: copies share their sentences, issues of a series report other figures."""

from __future__ import annotations

import random

import opencc

from benchmarks.dedup_corpus import spin
from storage.fingerprints import normalise
from storage.sentences import compare, sentences

ARTICLE = (
    "本期深渊活动于3月1日开启，持续14天，累计登录可领取原石×800。\n"
    "胡桃的重击可以消耗生命值提升火元素伤害，搭配夜兰和钟离是最稳定的配队方式。"
    "上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。\n"
    "雷电将军的元素爆发可以为全队回复能量，配合行秋和班尼特能打出很高的伤害。"
    "如果充能效率低于180%，元素爆发的循环会明显变慢，此时应优先补充充能词条。"
)


def verdict(new: str, old: str):
    return compare(sentences(normalise(new)), sentences(normalise(old)))


def is_copy(result) -> bool:
    """Most of the shorter article's sentences shared, no figure reported otherwise."""
    return result.coverage >= 0.6 and not result.series


def test_the_same_text_is_a_copy():
    result = verdict(ARTICLE, ARTICLE)
    assert is_copy(result) and result.coverage == 1.0 and result.varies == 0


def test_a_spun_traditional_copy_in_another_order_is_a_copy():
    lines = spin(ARTICLE, 0.08, random.Random(3)).split("\n")
    copy = opencc.OpenCC("s2t").convert("\n".join(reversed(lines)))
    assert is_copy(verdict(copy, ARTICLE))


def test_the_next_issue_of_a_series_is_not_a_copy():
    # The same sentences, but one reports other dates and figures.
    next_issue = ARTICLE.replace("3月1日", "3月16日").replace("14天", "10天").replace("800", "600")
    result = verdict(next_issue, ARTICLE)
    assert result.varies == 1 and not is_copy(result)


def test_sentences_run_together_are_not_other_figures():
    # A copy's "…范围攻击，冷却12秒钟就好" against the original's two sentences: its
    # numbers hold the original sentence's (none) and more, not others.
    original = ARTICLE.replace("注意躲避范围攻击。", "注意躲避范围攻击。冷却12秒钟就好。")
    merged = ARTICLE.replace("注意躲避范围攻击。", "注意躲避范围攻击，冷却12秒钟就好。")
    result = verdict(merged, original)
    assert result.varies == 0 and is_copy(result)


def test_a_copy_keeps_most_of_the_shorter_articles_sentences():
    kept = "\n".join(ARTICLE.split("\n")[1:])  # three of four sentences
    assert is_copy(verdict(kept, ARTICLE))
    other = "纳西妲的元素战技能够标记多个敌人，在草原核反应队伍中提供稳定的后台伤害。"
    one_of_four = ARTICLE.split("\n")[0] + "\n" + other + other.replace("纳西妲", "艾尔海森")
    assert not is_copy(verdict(one_of_four, ARTICLE))


def test_a_template_filled_with_other_words_is_not_the_same_sentence():
    a = "推荐携带钟离，配合夜兰能够打断敌人的护盾，输出也会更加稳定。"
    b = "推荐携带胡桃，配合行秋能够击破敌人的霸体，续航也会更加灵活。"
    result = verdict(a, b)
    assert result.shared == 0 and result.varies == 0


def test_short_sentences_are_left_out():
    assert sentences(normalise("大家好。谢谢。")).items == []
