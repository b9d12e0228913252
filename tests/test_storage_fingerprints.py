"""Normalisation and fingerprints: each disguise must leave the text (nearly) unchanged."""

from __future__ import annotations

import numpy as np
import opencc

from storage.fingerprints import (
    BANDS,
    MIN_SHINGLES,
    SENTENCE_KEY_PARTS,
    SENTENCE_KEY_SENTENCES,
    compare,
    compare_many,
    figures_of,
    fingerprint,
    is_near_duplicate,
    is_number_token,
    line_hash,
    normalise,
    same_figures,
    shingle_hashes,
)

BODY = "在原神当前版本中，角色的技能搭配非常重要。\n我们推荐使用雷电将军作为主C，配合班尼特和行秋。"
LONG = BODY + "\n深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。"


def test_punctuation_whitespace_and_case_vanish():
    assert normalise("当前 版本，很 强！\n\n  \nABC  def") == normalise("当前版本很强\nabc def")


def test_fullwidth_forms_fold_to_ascii():
    assert normalise("版本ＰＣ１２３") == normalise("版本PC123")


def test_traditional_folds_to_simplified():
    traditional = opencc.OpenCC("s2t").convert(BODY)
    assert traditional != BODY
    assert normalise(traditional) == normalise(BODY)


def test_parenthesised_pinyin_is_removed():
    assert normalise("當(dāng)前(qián)版本") == normalise("当前版本")
    assert normalise("當（dāng）前（qián）版本") == normalise("当前版本")
    assert normalise("当前(dāng qián)版本") == normalise("当前版本")


def test_bare_pinyin_after_characters_is_removed():
    assert normalise("當dāng前qián版本") == normalise("当前版本")
    assert normalise("角 jué色 sè强") == normalise("角色强")


def test_ruby_annotations_are_removed():
    ruby = "<ruby>當<rp>(</rp><rt>dāng</rt><rp>)</rp></ruby><ruby>前<rt>qián</rt></ruby>版本"
    assert normalise(ruby) == normalise("当前版本")


def test_latin_without_tone_marks_is_kept():
    # "(PC)" and English words are content, not pinyin.
    assert normalise("版本(PC)") != normalise("版本")
    assert normalise("版本pokemon") != normalise("版本")


def test_lines_are_kept_apart():
    assert len(normalise("第一行\n第二行\n\n第三行")) == 3


def test_words_are_single_tokens():
    (line,) = normalise("hello world")
    assert len(line) == 2


def test_reordered_lines_give_the_same_shingles():
    lines = normalise(BODY)
    assert np.array_equal(shingle_hashes(lines), shingle_hashes(lines[::-1]))


def test_shingles_do_not_cross_lines():
    # Two 10-character lines: one window (4 characters, every third one) each, none
    # spanning the break.
    assert len(shingle_hashes(["一二三四五六七八九十", "百千万亿兆京垓秭穰沟"])) == 2


def test_shingles_do_not_cross_sentence_ends():
    # A copy that keeps some sentences of a paragraph, in any order, keeps their windows.
    marked = normalise("一二三四五六七八九十。百千万亿兆京垓秭穰沟！")
    assert len(shingle_hashes(marked)) == 2
    assert np.array_equal(shingle_hashes(marked), shingle_hashes(normalise("百千万亿兆京垓秭穰沟。一二三四五六七八九十")))


def test_figures_are_words_of_the_windows():
    # As content hashes read them: another figure is another window.
    a, b = (normalise(f"胡桃的重击可以提升{n}%伤害，配合夜兰更稳定") for n in (30, 35))
    assert len(np.setdiff1d(shingle_hashes(a), shingle_hashes(b))) > 0


def test_latin_lines_use_word_shingles():
    assert len(shingle_hashes(normalise("one two three four five six"))) == 2


def test_content_and_line_hashes_did_not_change_with_sentence_marks_and_number_tokens():
    # Recorded with fingerprint version 1, before sentences were marked and numbers
    # became tokens of their own: archives store these hashes.
    text = "原神4.2版本胡桃配队推荐！\n当(dāng)前版本，胡桃的重击可以提升30%伤害。夜兰、钟离是最稳定的队友；\n本文由gamersky整理发布，转载请注明出处。"
    lines = normalise(text)
    assert fingerprint(lines).content_hash == "867d8b36b2a12e889cc46e63edbd450e"
    assert [line_hash(line) for line in lines] == [7830747694980411118, -2173517442443164498, 6300237456786141642]
    english = normalise("Patch 1.2.3 notes. The new hero deals 250 damage!\nFans said: \"wow\"? Yes; 3.5% more.\n\n。。。\n")
    assert fingerprint(english).content_hash == "da0241f4e0525954991e7054eae5232f"


def test_numbers_are_tokens_of_their_own():
    (line,) = normalise("价格3999元")
    assert [is_number_token(token) for token in line] == [False, False, True, False]
    assert not any(is_number_token(token) for token in normalise("patch notes")[0])


def test_figures_are_the_distinct_numbers_an_article_reports():
    report = normalise("今日价格为3999元，昨日为3999元。\n库存120件。")
    assert figures_of(report) == figures_of(normalise("库存120件，价格3999元。"))
    assert figures_of(report) != figures_of(normalise("今日价格为4150元，库存120件。"))
    assert figures_of(normalise("没有数字的句子")) == b""


def test_figures_agree_when_one_articles_hold_the_others():
    full = figures_of(normalise("价格3999元，库存120件，评分9分。"))
    cut = figures_of(normalise("价格3999元，库存120件。"))
    other = figures_of(normalise("价格4150元，库存120件。"))
    assert same_figures(full, cut) and same_figures(cut, full) and same_figures(full, b"")
    assert not same_figures(full, other) and not same_figures(other, cut)


def test_line_hash_is_stable_and_signed_64_bit():
    assert line_hash("当前版本") == line_hash("当前版本")
    assert -(2**63) <= line_hash("当前版本") < 2**63
    assert line_hash("当前版本") != line_hash("当前版")


def test_fingerprint_of_short_text_is_not_matchable():
    short = fingerprint(normalise("视频攻略，点击播放"))
    assert not short.matchable and short.band_keys == () and short.sentence_keys == ()
    long = fingerprint(normalise(LONG))
    assert long.shingle_count >= MIN_SHINGLES and long.matchable and len(long.band_keys) == BANDS


def test_band_keys_are_those_archives_were_banded_with():
    # Recorded for fingerprint version 4: archives keep their band rows, so within a
    # version band b's key must never change (a new version rebands them: m016).
    text = (
        "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色，同时注意躲避范围攻击。\n"
        "雷电将军的元素爆发可以为全队回复能量，搭配行秋和班尼特能打出很高的伤害。"
    )
    found = fingerprint(normalise(text))
    assert found.band_keys[:2] == (-6060463161754544521, -7055954720059337719) and found.band_keys[23] == 6863193328219017366
    assert found.sentence_keys[:2] == (432546073903209809, 9076930274829901320)


def test_sentence_keys_are_parts_of_the_longest_sentences():
    short = "原神当前版本角色搭配。"  # under the length that sentence keys need
    heroes = ("雷电将军", "行秋", "班尼特", "钟离", "香菱", "胡桃", "夜兰", "枫原万叶")
    sentences = [f"{hero}面对深渊首领召唤的护盾时{'要注意躲避范围攻击' * (i % 3)}，应当携带破盾能力强的武器。" for i, hero in enumerate(heroes)]
    found = fingerprint(normalise(short + "".join(sentences)))
    assert len(found.sentence_keys) == SENTENCE_KEY_SENTENCES * SENTENCE_KEY_PARTS
    # The same sentences in another order, or split over other lines, give the same keys.
    regrouped = "\n".join([short, *reversed(sentences)])
    assert fingerprint(normalise(regrouped)).sentence_keys == found.sentence_keys


def test_a_swapped_character_spoils_one_part_of_a_sentences_keys():
    sentence = "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色。" * 1
    body = sentence + LONG
    spun = body.replace("频繁", "经常", 1)  # two characters next to each other: two parts
    once = body.replace("召唤", "召换", 1)
    keys = set(fingerprint(normalise(body)).sentence_keys)
    assert len(keys & set(fingerprint(normalise(once)).sentence_keys)) == len(keys) - 1
    assert len(keys & set(fingerprint(normalise(spun)).sentence_keys)) == len(keys) - 2


def test_sentences_of_one_template_with_other_words_share_no_sentence_key():
    template = "{}的元素爆发可以为全队回复能量，搭配{}和班尼特能打出很高的伤害。"
    a = fingerprint(normalise(template.format("雷电将军", "行秋") + "深渊十二层的上半场首领会频繁召唤护盾，建议携带破盾能力强的角色。"))
    b = fingerprint(normalise(template.format("钟离", "香菱") + "第一次进入须弥城的玩家可以先完成主线任务，再去解锁传送锚点。"))
    assert a.matchable and b.matchable and not set(a.sentence_keys) & set(b.sentence_keys)


def test_identical_text_gives_identical_fingerprint():
    assert fingerprint(normalise(BODY)) == fingerprint(normalise(opencc.OpenCC("s2t").convert(BODY)))


def _sketch(text: str):
    fp = fingerprint(normalise(text))
    return fp.sketch, fp.shingle_count


def test_compare_exact_sets():
    a = "一二三四五六七八九十\n甲乙丙丁戊己庚辛壬癸"
    j, c = compare(*_sketch(a), *_sketch(a))
    assert (j, c) == (1.0, 1.0)
    j, c = compare(*_sketch(a), *_sketch("一二三四五六七八九十"))
    assert j == 0.5 and c == 1.0


def test_compare_estimates_large_sets():
    rng = np.random.default_rng(1)
    chars = [chr(c) for c in rng.integers(0x4E00, 0x9FA5, size=4000)]
    paragraphs = ["".join(chars[i : i + 100]) for i in range(0, 4000, 100)]
    half = "\n".join(paragraphs[:20])
    j, c = compare(*_sketch("\n".join(paragraphs)), *_sketch(half))
    assert 0.4 < j < 0.6 and c > 0.9


def test_near_duplicate_rule():
    # The sketches' part: candidates that pass are compared sentence by sentence.
    assert is_near_duplicate(0.5, 0.5, 100, 100)
    assert is_near_duplicate(0.3, 0.9, 500, 1000)
    assert not is_near_duplicate(0.3, 0.9, 50, 1000)  # too small to be "contained"
    assert not is_near_duplicate(0.2, 0.4, 500, 1000)


def _compare_reference(sketch_a, count_a, sketch_b, count_b):
    """The first implementation (union1d + isin), kept to pin compare() down."""
    a = np.frombuffer(sketch_a, dtype="<u4")
    b = np.frombuffer(sketch_b, dtype="<u4")
    if len(a) == count_a and len(b) == count_b:
        common = len(np.intersect1d(a, b, assume_unique=True))
        jaccard = common / (count_a + count_b - common)
    else:
        k = min(len(a), len(b))
        union_sample = np.union1d(a, b)[:k]
        in_both = np.isin(union_sample, a, assume_unique=True) & np.isin(union_sample, b, assume_unique=True)
        jaccard = float(in_both.sum()) / k
    common = jaccard * (count_a + count_b) / (1 + jaccard)
    return jaccard, min(1.0, common / min(count_a, count_b))


def _random_sketches(rng, pool, n):
    """``n`` (sketch, count) pairs of sets drawn half from ``pool``, of 20-1500 hashes."""
    sketches = []
    for size in rng.integers(20, 1500, n):
        shared = rng.choice(pool, size // 2, replace=False)
        own = rng.integers(0, 2**32, size, dtype=np.uint64).astype(np.uint32)
        hashes = np.unique(np.concatenate([shared, own]))
        sketches.append((hashes[:256].astype("<u4").tobytes(), len(hashes)))
    return sketches


def test_compare_matches_the_reference_estimator():
    rng = np.random.default_rng(7)
    pool = np.unique(rng.integers(0, 2**32, 5000, dtype=np.uint64)).astype(np.uint32)
    for _ in range(300):
        a, b = _random_sketches(rng, pool, 2)
        assert np.allclose(compare(*a, *b), _compare_reference(*a, *b))


def test_compare_many_equals_one_at_a_time():
    rng = np.random.default_rng(3)
    pool = np.unique(rng.integers(0, 2**32, 5000, dtype=np.uint64)).astype(np.uint32)
    for _ in range(50):
        query, *candidates = _random_sketches(rng, pool, 1 + int(rng.integers(1, 20)))
        candidates.insert(int(rng.integers(0, len(candidates))), (b"", 0))  # a text too short to shingle
        jaccards, containments = compare_many(*query, candidates)
        for candidate, j, c in zip(candidates, jaccards, containments):
            expected = _compare_reference(*query, *candidate) if candidate[1] else (0.0, 0.0)
            assert np.allclose((j, c), expected)


def test_compare_many_pads_shorter_sketches_without_matching_the_padding():
    # Shorter sketches are padded with 0xFFFFFFFF, which is also a valid hash.
    query = np.array([1, 2, 3, 0xFFFFFFFF], dtype="<u4").tobytes()
    short = np.array([1, 2], dtype="<u4").tobytes()
    longer = np.array([5, 6, 7, 8, 9], dtype="<u4").tobytes()
    jaccards, _ = compare_many(query, 4, [(short, 2), (longer, 5)])
    assert jaccards.tolist() == [0.5, 0.0]
