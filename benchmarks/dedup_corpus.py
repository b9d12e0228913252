"""Synthetic, labelled corpus of Chinese game-guide articles for the dedup benchmark.

Articles are built from per-game vocabularies and sentence templates with random
slots, so two articles share text only where the generator makes them:

* every portal adds its own header and footer line (boilerplate);
* every game has a pool of template sentences ("在原神中，角色的培养需要消耗大量资源")
  and section headings that its articles reuse; *siblings* are hard negatives:
  a different article on the same game, topic and portal, made with a high
  template rate, so it shares boilerplate, headings and template sentences with
  its original but is not a copy;
* *copies* of originals are disguised the ways content farms do it: Traditional
  script (OpenCC s2t), pinyin salted after characters (bare, in ASCII or fullwidth
  parentheses, or as ruby markup), a site suffix on the title, a "reposted"
  line, an added intro paragraph, dropped paragraphs, reordered paragraphs,
  *spun* text (5-10% of the characters swapped for common ones and synonyms
  swapped in, as article spinners do), a copy *kept* to 60-70% of the sentences
  in a new order, and all of them at once (``combined``: spun at 5%, paragraphs
  dropped up to a third of the sentences, reordered, a repost line, an intro, a footer, a title
  suffix, Traditional, pinyin);
* *series* are hard negatives of another kind: articles of one templated series
  (daily sign-in rewards, price updates, patch notes) share most of their
  sentences, fixed ones and ones with the same words around other numbers and
  dates, and each has a sentence or two of its own. They are distinct articles.

Pinyin is made up (an initial, a final and a tone mark, fixed per character):
normalisation recognises tone-marked syllables, not dictionary readings, so real
readings (pypinyin) would test nothing more.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import opencc

from storage.article import Article

DISGUISES = ("traditional", "pinyin", "title_suffix", "reposted", "intro", "dropped", "reordered", "spun", "kept", "combined")
# All at once, in the order a content farm would apply them: spin and cut the
# Simplified text, rearrange and pad it, then convert and salt it.
COMBINED = ("spun_lightly", "trimmed", "reordered", "reposted", "intro", "title_suffix", "traditional", "pinyin")

# What spinners swap characters for: the commonest Han characters.
SPIN_CHARACTERS = "的一是了不在有人这中大为上个我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系很情者最立代想已通并提直题程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处府研"
# Synonyms spinners swap in (伪原创 tools work from such tables).
SYNONYMS = {
    "提升": "提高", "推荐": "建议", "玩家": "用户", "需要": "须要", "可以": "能够", "优先": "首先",
    "强力": "强大", "核心": "主要", "明显": "显然", "因此": "所以", "同时": "并且", "另外": "此外",
    "非常": "十分", "注意": "留意", "避免": "防止", "获取": "获得", "消耗": "耗费", "稳定": "平稳",
    "the": "a", "said": "stated", "will": "would", "new": "fresh", "people": "persons", "also": "too",
}
_SYNONYM = re.compile("|".join(sorted(map(re.escape, SYNONYMS), key=len, reverse=True)))
_SENTENCE_END = re.compile(r"(?<=[。！？；])|(?<=[.!?;] )")


PORTALS = ("gamersky", "3dmgame", "ali213", "17173", "4399", "youxi", "nga", "bilibili-wiki", "taptap", "9game")

_GAMES = {
    "原神": "雷电将军 钟离 胡桃 甘雨 纳西妲 夜兰 行秋 班尼特 香菱 芙宁娜 那维莱特 心海 万叶 温迪 可莉",
    "崩坏星穹铁道": "希儿 景元 罗刹 刃 饮月 符玄 卡芙卡 银狼 托帕 阮梅 黄泉 花火 银枝 姬子 瓦尔特",
    "王者荣耀": "李白 韩信 貂蝉 诸葛亮 孙尚香 后羿 鲁班七号 亚瑟 妲己 露娜 马可波罗 瑶 云中君 镜 澜",
    "明日方舟": "能天使 银灰 艾雅法拉 塞雷娅 陈 星熊 推进之王 史尔特尔 棘刺 山 浊心斯卡蒂 令 夕 玛恩纳 缪尔赛思",
    "艾尔登法环": "女武神 拉塔恩 蒙格 葛瑞克 拉卡德 艾丹 黑剑 梅琳娜 菈妮 布莱泽 托莱特 碎星 恶兆 熔炉骑士 满月女王",
    "英雄联盟": "亚索 劫 阿狸 盖伦 瑞兹 卡莎 伊泽瑞尔 锤石 李青 赛娜 薇恩 凯隐 永恩 佐伊 卡特琳娜",
    "阴阳师": "酒吞童子 茨木童子 大天狗 玉藻前 荒 一目连 辉夜姬 不知火 鬼切 帝释天 阿修罗 紧那罗 缘结神 铃彦姬 千姬",
    "黑神话悟空": "广智 广谋 灵虚子 黑熊精 白衣秀士 金池长老 虎先锋 黄风大圣 亢金龙 百目真人 红孩儿 二郎神 小骊龙 毒敌大王 青背龙",
    "永劫无间": "胡桃 宁红夜 迦南 季沧海 天海 妖刀姬 崔三娘 岳山 无尘 顾清寒 武田信忠 殷紫萍 沈妙 胡为 季莹莹",
    "塞尔达传说": "林克 塞尔达 盖侬多夫 米法 达尔克尔 乌尔波扎 力巴尔 普尔亚 罗贝利 因帕 希多 露珠 云雀 阿尔 泰巴",
}
_NAMES = {game: names.split() for game, names in _GAMES.items()}
_TOPICS = "角色培养 配队推荐 技能解析 装备选择 副本攻略 新手入门 资源规划 剧情解析 隐藏任务 版本强度 出装思路 天赋加点 阵容搭配 速通路线 成就收集".split()
_NOUNS = (
    "攻击力 暴击率 暴击伤害 元素精通 充能效率 生命值 防御力 护盾 治疗量 冷却时间 能量 连招 普攻 大招 被动 圣遗物 武器 "
    "命座 天赋 材料 体力 副本 首领 精英怪 小怪 宝箱 地图 传送点 任务 剧情 成就 抽卡 卡池 保底 资源 金币 经验书 突破材料 "
    "输出 手法 站位 节奏 爆发 续航 控制 位移 霸体 破盾 弱点 抗性 增伤 减抗 队伍 阵容 后台 前台 轮换 循环 练度 配装 词条 "
    "主属性 副属性 套装 羁绊 星魂 光锥 遗器 行迹 秘技 模拟宇宙 忘却之庭 深渊 螺旋 排位 野区 兵线 经济 视野 团战 龙魂 "
    "铭文 符文 召唤师技能 闪现 惩戒 装备栏 神装 护甲 魔抗 法强 穿透 吸血 移速 攻速 法力 蓝量 血量 韧性 霸体值 架势条"
).split()
_VERBS = "提升 降低 优先 搭配 替换 强化 保留 消耗 获取 解锁 触发 叠加 刷新 打断 规避 命中 击破 吸收 穿插 衔接 堆叠 兑换 收集 培养 升级 突破 开启 完成 挑战 通关".split()
_ADJS = "核心 关键 稳定 灵活 强力 实用 优秀 泛用 极限 可观 充足 紧张 明显 显著 稳健 激进 保守 高效 舒适 出色".split()
_CONNECT = "因此 另外 同时 不过 需要注意的是 总的来说 一般来说 实战中 在此基础上 如果条件允许 值得一提的是 换句话说".split()
_TEMPLATES = (
    "{c}，{e}的{n1}是{a}的，建议{v}{n2}。",
    "{e}在{n1}方面表现{a}，{v}{n2}之后提升非常{a2}。",
    "{c}{v}{n1}可以让{e}的{n2}达到{k}%以上。",
    "推荐携带{e}，配合{e2}能够{v}敌人的{n1}，{n2}也会更加{a}。",
    "在{n1}阶段，玩家应当{v}{n2}，避免{n3}不足导致{e}无法发挥。",
    "{e}的{n1}需要{k}个{n2}，前期可以先{v}{n3}。",
    "{c}，面对{e2}时要注意{n1}，及时{v}{n2}。",
    "这套{n1}思路的{a}之处在于{v}{n2}，{e}和{e2}都能受益。",
    "如果{n1}低于{k}，{e}的{n2}会明显不足，此时应{v}{n3}。",
    "{e}的第{k2}段{n1}可以{v}{n2}，是{a}的输出窗口。",
    "{c}{e}与{e2}的{n1}差距在{k}点左右，{n2}上{e}更{a}。",
    "第{k2}关的{e2}会频繁{v}{n1}，建议{v2}{n2}后再进攻。",
    "很多玩家忽略了{n1}，其实{v}{n2}对{e}来说同样{a}。",
    "{e}的{n1}和{n2}之间存在{a}的联动，{v}后收益翻倍。",
    "用{e}{v}{e2}时，{n1}保持在{k}左右最为{a}。",
)


@dataclass
class Doc:
    kind: str  # "original", "sibling", "series" or one of DISGUISES
    source: int | None  # index (in the corpus) of the original a copy was made from
    article: Article
    series: int | None = None  # the templated series a "series" article belongs to


class Generator:
    """Deterministic article factory; the same seed gives the same articles."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self._s2t = opencc.OpenCC("s2t")
        games = random.Random(0)  # the template pools are the same for every seed
        self.game_templates = {game: [self._sentence(game, games) for _ in range(40)] for game in _GAMES}
        self.game_headings = {
            game: [f"{num}、{games.choice(_TOPICS)}" for num in "一二三四五六七八"] for game in _GAMES
        }
        self._serial = 0
        self.intro_pool: list[str] = []

    def _sentence(self, game: str, rng: random.Random) -> str:
        names = _NAMES[game]
        r = rng.random  # indexing by random() is twice as fast as choice(): the 1M fill needs it
        return _TEMPLATES[int(r() * len(_TEMPLATES))].format(
            c=_CONNECT[int(r() * len(_CONNECT))],
            e=names[int(r() * len(names))],
            e2=names[int(r() * len(names))],
            n1=_NOUNS[int(r() * len(_NOUNS))],
            n2=_NOUNS[int(r() * len(_NOUNS))],
            n3=_NOUNS[int(r() * len(_NOUNS))],
            v=_VERBS[int(r() * len(_VERBS))],
            v2=_VERBS[int(r() * len(_VERBS))],
            a=_ADJS[int(r() * len(_ADJS))],
            a2=_ADJS[int(r() * len(_ADJS))],
            k=2 + int(r() * 399),
            k2=1 + int(r() * 9),
        )

    def _paragraph(self, game: str, template_rate: float) -> str:
        pool = self.game_templates[game]
        n = self.rng.randint(2, 5)
        return "".join(self.rng.choice(pool) if self.rng.random() < template_rate else self._sentence(game, self.rng) for _ in range(n))

    def article(self, portal: str | None = None, game: str | None = None, topic: str | None = None, template_rate: float = 0.15) -> Article:
        rng = self.rng
        portal = portal or rng.choice(PORTALS)
        game = game or rng.choice(list(_GAMES))
        topic = topic or rng.choice(_TOPICS)
        headings = self.game_headings[game]
        lines = [f"更多{game}攻略，请关注{portal}！"]
        for i in range(rng.randint(5, 10)):
            if i % 3 == 0:
                lines.append(headings[(i // 3) % len(headings)])
            lines.append(self._paragraph(game, template_rate))
        lines.append(f"本文由{portal}整理发布，转载请注明出处。")
        self._serial += 1
        hero = rng.choice(_GAMES[game].split())
        return Article(
            url=f"https://www.{portal}.com/{game_slug(game)}/{rng.randrange(10**9)}_{self._serial}.html",
            title=f"{game}{hero}{topic}：{rng.choice(_ADJS)}{rng.choice(_NOUNS)}思路详解",
            body_text="\n".join(lines),
            portal=portal,
            published_at=f"2025-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T10:00:00+08:00",
        )

    def sibling(self, original: Article, game: str) -> Article:
        """A hard negative: same portal, game and topic, heavy on template sentences."""
        topic = next((t for t in _TOPICS if t in (original.title or "")), None)
        return self.article(portal=original.portal, game=game, topic=topic, template_rate=0.5)

    def copy(self, original: Article, disguise: str) -> Article:
        rng = self.rng
        portal = rng.choice([p for p in PORTALS if p != original.portal])
        title, paragraphs = original.title or "", original.body_text.split("\n")
        steps = COMBINED if disguise == "combined" else (disguise,)
        for step in steps:
            title, paragraphs = getattr(self, f"_{step}")(title, paragraphs, portal)
        if disguise == "combined":
            paragraphs.append(f"本文由{portal}整理发布，转载请注明出处。")
        return Article(
            url=f"https://www.{portal}.com/copy/{rng.randrange(10**9)}.html",
            title=title,
            body_text="\n".join(paragraphs),
            portal=portal,
            published_at=original.published_at,
        )

    def _traditional(self, title, paragraphs, portal):
        return self._s2t.convert(title), [self._s2t.convert(p) for p in paragraphs]

    def _pinyin(self, title, paragraphs, portal):
        style = self.rng.choice(("({})", "（{}）", "{}", "<ruby>{c}<rt>{}</rt></ruby>"))
        rate = self.rng.uniform(0.2, 0.6)
        return title, ["".join(self._salt(ch, style, rate) for ch in p) for p in paragraphs]

    def _salt(self, ch: str, style: str, rate: float) -> str:
        if not "\u4e00" <= ch <= "\u9fff" or self.rng.random() >= rate:
            return ch
        syllable = fake_pinyin(ch)
        if style.startswith("<ruby>"):
            return style.format(syllable, c=ch)
        return ch + style.format(syllable)

    def _title_suffix(self, title, paragraphs, portal):
        return title + self.rng.choice(("_{}游戏网", " - {}攻略站", "|{}手游网", "【{}】")).format(portal), paragraphs

    def _reposted(self, title, paragraphs, portal):
        line = self.rng.choice(("转载自网络，如有侵权请联系删除。", "本文转载自网络，仅供学习交流。", "来源：网络"))
        return title, [line, *paragraphs] if self.rng.random() < 0.5 else [*paragraphs, line]

    def _intro(self, title, paragraphs, portal):
        if self.intro_pool:  # real text: another article's opening paragraph
            return title, [self.rng.choice(self.intro_pool), *paragraphs]
        game = next((g for g in _GAMES if g in title or g in "".join(paragraphs)), "原神")
        intro = "大家好，今天小编为大家带来一篇攻略。" + self._paragraph(game, 0.0)
        return title, [intro, *paragraphs]

    def _dropped(self, title, paragraphs, portal):
        drop = set(self.rng.sample(range(len(paragraphs)), max(1, len(paragraphs) // 3)))
        return title, [p for i, p in enumerate(paragraphs) if i not in drop]

    def _spun(self, title, paragraphs, portal, rate=None):
        rate = self.rng.uniform(0.05, 0.10) if rate is None else rate
        return title, [spin(p, rate, self.rng) for p in paragraphs]

    def _spun_lightly(self, title, paragraphs, portal):
        return self._spun(title, paragraphs, portal, 0.05)

    def _kept(self, title, paragraphs, portal):
        """60-70% of the sentences, in a new order, regrouped into paragraphs; the
        source portal's first and last lines (its header and footer) left out."""
        sentences = [s for p in paragraphs[1:-1] or paragraphs for s in _SENTENCE_END.split(p) if s]
        kept = self.rng.sample(sentences, max(1, round(len(sentences) * self.rng.uniform(0.6, 0.7))))
        size = self.rng.randint(2, 4)
        return title, [_joined(kept[i : i + size]) for i in range(0, len(kept), size)]

    def series(self, count: int, portal: str | None = None) -> list[Article]:
        """``count`` articles of one templated series: the same fixed sentences and the
        same words around other numbers and dates, and a sentence or two each of their own."""
        rng = self.rng
        portal = portal or rng.choice(PORTALS)
        game = rng.choice(list(_GAMES))
        names, kind = _NAMES[game], rng.choice(_SERIES_KINDS)
        fixed = [self._sentence(game, rng) for _ in range(rng.randint(3, 6))]
        words = {
            "game": game, "e": rng.choice(names), "n1": rng.choice(_NOUNS), "n2": rng.choice(_NOUNS),
            "n3": rng.choice(_NOUNS), "v": rng.choice(_VERBS), "a": rng.choice(_ADJS),
        }
        slots = rng.sample(_SERIES_SENTENCES, rng.randint(3, 5))
        day = rng.randint(1, 300)
        members = []
        for number in range(count):
            day += rng.randint(1, 7)
            date = f"{1 + day // 28 % 12}月{1 + day % 28}日"
            values = [s.format(date=date, k=rng.randint(2, 3000), k2=rng.randint(2, 99), **words) for s in slots]
            own = [self._sentence(game, rng) for _ in range(rng.randint(1, 2))]
            sentences = fixed[:2] + values + own + fixed[2:]
            lines = [f"更多{game}攻略，请关注{portal}！", f"{game}{kind}（{date}）"]
            lines += ["".join(sentences[i : i + 3]) for i in range(0, len(sentences), 3)]
            lines.append(f"本文由{portal}整理发布，转载请注明出处。")
            self._serial += 1
            members.append(Article(
                url=f"https://www.{portal}.com/{game_slug(game)}/series/{self._serial}.html",
                title=f"{game}{kind}（{date}）",
                body_text="\n".join(lines),
                portal=portal,
                published_at=f"2025-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T10:00:00+08:00",
            ))
        return members

    def retold(self, article: Article, other_sentences: list[str]) -> Article:
        """``article`` with every number changed and one sentence replaced (a series' next issue)."""
        rng = self.rng
        paragraphs = [_NUMBER.sub(lambda m: str(rng.randint(2, 10 ** len(m.group()))), p) for p in article.body_text.split("\n")]
        where = rng.randrange(len(paragraphs))
        sentences = _SENTENCE_END.split(paragraphs[where])
        sentences[rng.randrange(len(sentences))] = rng.choice(other_sentences)
        paragraphs[where] = "".join(sentences)
        self._serial += 1
        parts = urlsplit(article.url)
        return Article(url=f"{parts.scheme}://{parts.netloc}/issues/{self._serial}{parts.path}", portal=article.portal, title=article.title,
                       body_text="\n".join(paragraphs), published_at=article.published_at)

    def _trimmed(self, title, paragraphs, portal):
        """Paragraphs dropped, up to a third of the sentences: what is left is a copy
        that keeps at least 60% of the article's sentences."""
        sentences = [len([s for s in _SENTENCE_END.split(p) if s]) for p in paragraphs]
        budget, kept = sum(sentences) / 3, list(range(len(paragraphs)))
        for i in self.rng.sample(range(len(paragraphs)), len(paragraphs)):
            if sentences[i] <= budget and len(kept) > 1:
                budget -= sentences[i]
                kept.remove(i)
        return title, [paragraphs[i] for i in kept]

    def _reordered(self, title, paragraphs, portal):
        shuffled = paragraphs[:]
        while len(shuffled) > 1 and shuffled == paragraphs:
            self.rng.shuffle(shuffled)
        return title, shuffled


_SERIES_KINDS = ("每日签到奖励", "版本更新公告", "道具价格日报", "活动日程", "排行榜周报", "礼包码汇总")
_SERIES_SENTENCES = (
    "{date}{game}签到奖励为{n1}×{k}，{n2}×{k2}。",
    "{date}版本更新后，{e}的{n1}调整为{k}点，{n2}提升{k2}%。",
    "本期{n1}活动于{date}开启，持续{k2}天，累计登录可领取{n2}×{k}。",
    "今日{n1}的交易价格为{k}金币，较昨日上涨{k2}金币。",
    "截至{date}，{e}在{n1}排行榜中以{k}分位列第{k2}名。",
    "{date}维护预计持续{k2}小时，补偿为{n3}×{k}。",
    "本周{n2}商店刷新了{k2}件道具，最高售价{k}金币。",
    "{date}起{n1}的掉落率提高到{k2}%，每日上限为{k}次。",
)


def spin(text: str, rate: float, rng: random.Random) -> str:
    """What an article spinner does: swap in synonyms, then swap ``rate`` of the
    Han characters (or, in text without them, of the words) for common ones."""
    text = _SYNONYM.sub(lambda m: SYNONYMS[m.group()] if rng.random() < 0.5 else m.group(), text)
    if any("\u4e00" <= c <= "\u9fff" for c in text):
        return "".join(rng.choice(SPIN_CHARACTERS) if "\u4e00" <= c <= "\u9fff" and rng.random() < rate else c for c in text)
    common = ("the", "a", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with", "on")
    return re.sub(r"[A-Za-z]+", lambda m: rng.choice(common) if rng.random() < rate else m.group(), text)


_INITIALS = "b p m f d t n l g k h j q x zh ch sh r z c s y w".split()
_FINALS = "a o e ai ei ao ou an en ang eng ong i ia ie iao iu ian in iang ing u ua uo uai ui uan un uang".split()
_TONES = {"a": "āáǎà", "o": "ōóǒò", "e": "ēéěè", "i": "īíǐì", "u": "ūúǔù"}


def fake_pinyin(ch: str) -> str:
    """A tone-marked pinyin-like syllable, fixed per character."""
    h = zlib.crc32(ch.encode())
    final = _FINALS[h % len(_FINALS)]
    vowel = next(v for v in "aoeiu" if v in final)
    toned = final.replace(vowel, _TONES[vowel][(h >> 8) % 4], 1)
    return _INITIALS[(h >> 12) % len(_INITIALS)] + toned


def game_slug(game: str) -> str:
    return f"g{zlib.crc32(game.encode()) % 10000}"


def labelled_corpus(seed: int, originals: int, copies_per_disguise: int, siblings: int, series: int = 0) -> list[Doc]:
    """Originals, siblings and ``series`` templated series of 4 (shuffled), then the
    disguised copies (shuffled).

    Copies come after all originals, as on the web: the copy is archived later.
    """
    gen = Generator(seed)
    games = list(_GAMES)
    firsts: list[tuple[Article, str]] = []
    for _ in range(originals):
        game = gen.rng.choice(games)
        firsts.append((gen.article(game=game), game))
    docs = [Doc("original", None, art) for art, _ in firsts]
    docs += [Doc("sibling", None, gen.sibling(*firsts[gen.rng.randrange(originals)])) for _ in range(siblings)]
    docs += [Doc("series", None, art, number) for number in range(series) for art in gen.series(4)]
    gen.rng.shuffle(docs)
    index = {id(doc.article): i for i, doc in enumerate(docs)}
    copies = []
    for disguise in DISGUISES:
        for art, _ in gen.rng.sample(firsts, copies_per_disguise):
            copies.append(Doc(disguise, index[id(art)], gen.copy(art, disguise)))
    gen.rng.shuffle(copies)
    return docs + copies


REAL_TEXT_SETS = ("body/zh-cwce", "body/zh-magic", "body/fundus", "body/aeb")


def real_corpus(datasets: Path, seed: int, copies_per_disguise: int, series: int) -> list[Doc]:
    """The same disguises and series made from real article text the generator did not
    write: the labelled bodies of the extraction datasets (``shared/datasets``).

    A series here is one article told again with every number changed and one of
    its sentences replaced by a sentence of another article, as a price report or a
    patch note is the next day.
    """
    gen = Generator(seed)
    bodies = []
    for name in REAL_TEXT_SETS:
        truth = json.loads((datasets / name / "truth.json").read_text(encoding="utf-8"))
        bodies += [(name, key, value) for key, value in sorted(truth.items()) if len(value.get("body") or "") >= 300]
    originals = [
        Article(url=value.get("url") or f"https://{name}/{key}", portal=urlsplit(value.get("url") or "").hostname or name,
                title=key, body_text=value["body"])
        for name, key, value in bodies
    ]
    gen.intro_pool = [a.body_text.split("\n")[0] for a in originals]
    docs = [Doc("original", None, art) for art in originals]
    numbered = [art for art in originals if len(_NUMBER.findall(art.body_text)) >= 5]
    for number, art in enumerate(gen.rng.sample(numbered, min(series, len(numbered)))):
        docs[originals.index(art)].series = number  # the series' first issue
        docs += [Doc("series", None, gen.retold(art, sentences), number) for sentences in [_split_sentences(o.body_text) for o in gen.rng.sample(originals, 3)]]
    gen.rng.shuffle(docs)
    index = {id(doc.article): i for i, doc in enumerate(docs)}
    copies = []
    for disguise in DISGUISES:
        for art in gen.rng.sample(originals, min(copies_per_disguise, len(originals))):
            copies.append(Doc(disguise, index[id(art)], gen.copy(art, disguise)))
    gen.rng.shuffle(copies)
    return docs + copies


_NUMBER = re.compile(r"\d+")


def _joined(sentences: list[str]) -> str:
    """Sentences run together as the text they came from spaced them."""
    return "".join(s if s[-1:] in "。！？；" else s.rstrip() + " " for s in sentences).rstrip()


def _split_sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text.replace("\n", "")) if len(s) > 10] or [text[:40]]


def filler(seed: int, count: int):
    """``count`` unlabelled original articles (to fill the archive before timing)."""
    gen = Generator(seed)
    for _ in range(count):
        yield gen.article()
