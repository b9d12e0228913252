"""The author: structured data, labelled bylines (作者/记者/By/Von …), author markup."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from . import dates
from .mainblock import comment_section
from .selection import selected_text
from .page import Page
from .sources import HEURISTIC, NONE, SELECTOR
from .text import clean_line, normalise_for_compare, strip_pinyin
from .title import title_segments

# "Powered by Discuz!", "Theme by …": software and design credits, not bylines.
_CREDIT_VERBS = ("Powered", "powered", "Designed", "designed", "Theme", "theme", "Hosted", "hosted", "Built", "built",
                 "Developed", "developed", "Supported", "supported", "Sponsored", "sponsored", "Brought to you",
                 # Credits for the pictures and the checking, not the writing.
                 "Photo", "photo", "Photos", "photos", "Photography", "Image", "image", "Images", "Illustration",
                 "illustration", "Illustrated", "illustrated", "Reviewed", "reviewed", "checked", "Translated", "translated",
                 "Editing", "editing",
                 # A game guide's or wiki's facts: what drops, sells or voices a thing ("Dropped by a knight").
                 "Dropped", "dropped", "Sold", "sold", "Found", "found", "Guarded", "guarded", "Defeated", "defeated",
                 "Obtained", "obtained", "Rewarded", "rewarded", "Given", "given", "Taught", "taught", "Crafted", "crafted",
                 "Unlocked", "unlocked", "Voiced", "voiced", "Played", "played")
_CREDIT_VERB = "".join(f"(?<!{verb} )" for verb in _CREDIT_VERBS)
# Chinese labels need a colon or space after them: 作者手记 and 记者看东北 are words, not bylines,
# nor is a forum's "只看该作者" button (view this poster's replies only).
_AUTHOR_LABEL = (
    r"(?:(?:(?<![该該看])原?作\s*者|原\s*[创創](?=\s*[:：]|\s+[^\s\d]{2,20}\s+\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2})|撰\s*文|撰\s*稿人?|执笔人?|執筆人?|记\s*者|記\s*者|通讯员|通訊員|实习生|實習生|发文机关|發文機關)(?=\s*[:：|｜丨]|\s)"
    r"|(?:(?<=[报報社网網台讯訊])|(?<=[讯訊]\s))(?:记者|記者|通讯员|通訊員|实习生|實習生)"  # 本报记者王燕平, 南都讯 记者罗嘉慧
    r"|(?:^|(?<=[\s〔［\[【]))(?:记者|記者)(?=[\u4e00-\u9fff]{2,4}\s*[/／])"  # 〔記者張三／台北報導〕, 遊戲角落 記者林宏偉／綜合報導
    r"|(?<=[（(])\s*(?:记者|記者|通讯员|通訊員|实习生|實習生)"  # a dateline's credit: 新华社巴黎12月9日电（记者唐霁）
    r"|文\s*[/／]|文\s*[:：]|^\s*文\s*[|｜丨](?=\s*[\u4e00-\u9fff])|图\s*[/／]\s*文\s*[:：/／]?"
    # The reporter's credit with a slash: "采写/张三", "执笔／李四", "记者/王五".
    r"|(?:采\s*写|採\s*寫|执笔人?|執筆人?|撰\s*稿人?|记\s*者|記\s*者)\s*[/／]"
    # Glued to the name after a separator of the meta line: "发布于 … | 来源cnBeta | 作者张三".
    r"|(?:(?<=[|｜丨])|(?<=[|｜丨]\s))作\s*者(?=[^\s:：/／])"
    # A field's tag and value in elements of their own, read as one line: "作者meeple42 (米寶)" (PTT).
    r"|^作\s*者(?=[A-Za-z][\w.-]*(?:\s*[(（]|$))"
    rf"|Written by|Authors?\s*[:：]|Auteur\s*[:：]|Autore\s*[:：]|Words\s*[:：]|(?<![\w]){_CREDIT_VERB}[Bb]y(?=\s)|(?<![\w])By(?=[A-Z][a-z])|(?<![\w]){_CREDIT_VERB}BY(?=\s+[A-Z])"
    r"|(?:Text|Beitrag|Artikel|Bericht|Kommentar|Gastbeitrag)\s*von(?=\s)|Von(?=\s)|Par(?=\s)|Por(?=\s)|^von(?=\s)"
    r"|(?<![\w])(?:[Gg]eschrieben|[Vv]erfasst)\s+von(?=\s|[A-ZÀ-Þ])"
    # "von" right after a date or its clock: "Veröffentlicht am 3. Juni 2020 von Anna Berg".
    r"|(?:(?<=\d{4} )|(?<=\d:\d\d )|(?<=Uhr ))von(?=\s)"
    # Without a colon "Autor" labels only at the line start: "Interview mit Autorin X" is prose.
    r"|Autor(?:in|\*in|:in|In)?\s*[:：]|^Autor(?:in|\*in|:in|In)?(?=\s)|(?:Text|Words|Bericht)(?:\s*(?:&|und|and|/|\+)\s*(?:[Ff]otos?|[Pp]hotos?|[Bb]ilder?|[Pp]ictures))?\s*:"
    r"|(?:Text|Words)\s*(?:&|and|/|\+)\s*(?:[Pp]hotos?|[Pp]ictures)\s+by(?=\s)"
    # Japanese credits ("文・取材：西川くん", "編集部：楽器", "ライター：X"); a Korean reporter's name
    # before the word 기자 ("김규만 기자"), where the label is the name's start.
    r"|(?:文|執筆|ライター|編集部)(?:\s*[・·]\s*(?:文|取材|写真|撮影|編集))*\s*[:：]"
    r"|(?:^|(?<=\s))(?=[가-힣]{2,4}\s*기자(?![가-힣]))"
    # A forum thread's starter wrote its first post: "Thread starter Tiberius", "楼主：X"; a
    # video site's uploader its column: "UP主：X".
    r"|(?<![\w])(?:[Tt]hread [Ss]tarter|[Ss]tarted by|[Tt]opic [Ss]tarter|[Oo]riginal [Pp]oster|[Tt]ema iniciado por"
    r"|[Ss]ujet (?:démarré|lancé|initié) par|[Tt]hema (?:gestartet|erstellt) von|[Aa]rgomento (?:avviato|iniziato) da)(?=\s)|(?:楼\s*主|樓\s*主|UP\s*主)(?=\s*[:：])|^\s*(?:楼\s*主|樓\s*主)(?=\s+[^，。！？；\s][^，。！？；]*$))"
)
# Who put the page online ("Gespeichert von rasos am …", Drupal's "Submitted by X on …", "发布者: X"): the
# author only when no byline names one.
_POSTER_LABEL = (r"(?:Posted by|Submitted by|(?<![\w])(?:[Ee]rstellt|[Gg]espeichert|[Ee]ingestellt|[Vv]eröffentlicht|[Gg]epostet|[Ee]ingereicht)\s+von(?=\s)"
                 r"|(?:发布者|發佈者|發布者|发布人|發布人|发帖人|發帖人|投稿人|投稿者)(?=\s*[:：]))")
_EDITOR_LABEL = r"(?:(?:责任编辑|責任編輯|责\s*编|責\s*編|编\s*辑|編\s*輯|选\s*稿|選\s*稿)(?=\s*[:：|｜丨]|\s)|Edit(?:ed|ing) by|Editor\s*[:：])"
# A publisher credited as such (press releases): the author only when nothing else is named.
_SOURCE_LABEL = r"(?:Source\s*[:：]|Quelle\s*[:：]|Herausgeber(?:in)?\s*[:：]|Publisher\s*[:：])"
# 来源/出处 name the outlet a story was taken from: its author only when the page names
# nobody else (the held-out zh-cwce labels count it so at times).
_SYNDICATED_LABEL = r"(?:来\s*源|來\s*源|出\s*处|出\s*處|转\s*载|轉\s*載|转\s*自|轉\s*自)(?=\s*[:：]|\s)"
# The first characters of every label above (whitespace: "（ 记者"): searched at every position
# of every line, the pattern opens with a lookahead on them so that most positions fail at once.
_LABEL_STARTS = "原作撰执執记記通实實发發采採文图圖楼樓投责責编編选選来來出转轉ラ가-힣AaBbEeGgHhKkOoPpQqSsTtUuVvWw"
_LABELS = re.compile(
    rf"(?=[{_LABEL_STARTS}\s])(?:(?P<author>{_AUTHOR_LABEL})|(?P<poster>{_POSTER_LABEL})|(?P<editor>{_EDITOR_LABEL})"
    rf"|(?P<source>{_SOURCE_LABEL})|(?P<syndicated>{_SYNDICATED_LABEL}))"
)
# Best first; "stand-in" is no label of its own but a labelled 小编 (see _STAND_INS).
_RANKS = ("author", "poster", "editor", "source", "stand-in", "syndicated")
_STAND_IN_RANK = _RANKS.index("stand-in")
_VALUE_END = re.compile(
    r"\d{4}\s*[-/.年]|\d{1,2}\s*(?:小时|分钟|天)前|[|｜丨【】\[\]()（）<>《》«»。;；•·:：]|"
    r"[，,]\s*[\u4e00-\u9fff]{1,6}\s*[:：]|"  # "作者：刘晓宁，题图来自：视觉中国": the next clause's label
    r"(?<=\s)[A-Z][a-z]{2,15}\s*:(?!\d)|"  # "by BlueMoonRabbit Version: 1.10": the next field's label
    r"发布|發布|发表|發表|发帖|發帖|(?:[\u4e00-\u9fff]{2}(?=时间|時間|日期))?(?:时间|時間|日期)|点击|點擊|阅读|閱讀|浏览|瀏覽|(?:我要|参与|參與)?(?:评论(?!员)|評論(?!員))|回复|回覆|字号|字體|http|报道|報道|報導|摄|攝|整理|整合|编译|編譯|发自|發自|"
    r"[图圖]\s*[/／:：]|기자|"
    r"\b(?:Published|Updated|Posted|on|am|um|Uhr|and more|\d+)\b|(?<=[a-z])(?:Published|Updated|Posted)\b|"  # glued: "EditorUpdated"
    r",\s*(?:[Tt]oday|[Yy]esterday|[Hh]eute|[Gg]estern|[Hh]ier|[Aa]ujourd'hui|[Hh]oy|[Aa]yer|[Oo]ggi|[Ii]eri)\b|\bLast\s+(?:updated|modified|edited)\b|"
    r"\b(?:[Vv]eröffentlicht|[Aa]ktualisiert|[Pp]ublicado|[Aa]ctualizado|[Pp]ublié|Datum|Date|Fecha)\b|"
    r"\b(?:Symbolbild|Symbolfoto|Titelbild|Beitragsbild|Kategorien|Kategorie|Categories|Category|Schlagwörter)\b|"
    r"\b(?:Illustration(?:en)?|Fotos?|Photos?|Bild(?:er)?|Grafik(?:en)?|Images?)\b|"
    # A weekday opening the date after the names ("by Jane Roe Thu 5th Sep 2019").
    r"\b(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)(?:day|nesday|rsday|urday|sday)?\.?,?\s+\d|"
    r"\b(?:Montag|Dienstag|Mittwoch|Donnerstag|Freitag|Samstag|Sonntag),?\s+\d"
)
# "and" in English, German, French, Spanish, Portuguese and Italian; an interview's byline
# credits both sides: "X im Gespräch mit Y", "X in conversation with Y".
_NAME_SPLIT = re.compile(r"\s*(?:[、，,/;；]|\s&\s|\b(?:and|AND)\b|\bund\b|\bet\b|\by\b|\be\b|\bim Gespräch mit\b|\bin conversation with\b)\s*")
# Chinese names run two to six characters (people, or a site as 作者); transliterated ones join parts with "·".
# (々 repeats the character before it: "佐々木".)
_HAN_NAME = re.compile(r"^(?:[\u3400-\u9fff][\u3005\u3400-\u9fff]{1,5}|[\u3400-\u9fff]{1,6}(?:[·•][\u3400-\u9fff]{1,6})+)$")
# Japanese names and pen names mix kana with kanji ("西川くん"); Korean ones are Hangul.
_KANA_HANGUL_NAME = re.compile(r"^(?=.*[\u3040-\u30ff가-힣])[\u3005\u3040-\u30ff\u3400-\u9fff가-힣ー・]{2,12}$")
# A team or site name after an explicit "作者：" ("永創攻略編輯部").
_ORGANISATION_NAME = re.compile(r"[\u3400-\u9fff]{2,12}")
# Two-character names padded to three columns: "赵  培".
_PADDED_NAME = re.compile(r"(?<![\u3400-\u9fff])([\u3400-\u9fff])[ \u3000]{1,2}([\u3400-\u9fff])(?![\u3400-\u9fff])")
# Forum and blog user names: one token mixing letters, digits or symbols ("ggjjzhzz", "放飞&心情").
_USER_NAME = re.compile(r"^(?=.*[A-Za-z0-9_&.-])[\w&.\-\u3400-\u9fff]{3,16}$")
# A user handle in structured data ("gabor_munier"): the page's byline usually names the person.
# "gabor_munier", a URL slug "gloria-ruiz-kuilan", a login in lower case "janeroe".
_HANDLE = re.compile(r"^[a-z0-9]+(?:[_.-][a-z0-9]+)+$|^[a-z][a-z0-9]{3,}$")
_DOMAIN = re.compile(r"\w\.(?:com|net|org|info|io|de|at|ch|cn|fr|uk|it|es|cl|nl|be|se|no|dk|fi|pl|cz|ru|ua|tr|gr|pt|br|ar|mx"
                     r"|in|id|vn|jp|kr|tw|hk|sg|au|nz|ca|us|eu)\b", re.I)
_POSTED_LINE = re.compile(r"^(?:发表于|發表於|发表在|發表在|发布于|發佈於|張貼於|张贴于|Posted (?:on|at)\b)", re.I)
_POSTED = re.compile(r"(?:^|由)\s*([^\s由@]{2,16})\s*(?:发表于|發表於|张贴|張貼|写于|寫於|发布于|發佈於|posted (?:on|at))", re.I)
_ORGANISATION = re.compile(
    r"\b(?:e\.\s?V\b\.?|GmbH|(?-i:AG|KG|SE|plc)|Inc\b\.?|Ltd\.?|LLC|Limited|Corporation|Corp\.?|Incorporated|Stiftung|Verband|Verlag|Magazin|Zeitung|News|Online|Media"
    r"|Nieuws|Nachrichten|Noticias|Notícias|Notizie|Nyheter|Nyheder|Uutiset|Haberler|Actualités)(?:\W|$)|"
    r"\w*(?:anstalt|institut|ministerium|universität|hochschule|verein|gesellschaft)\b|"
    r"\b(?:University|Institute|Association|Foundation|Department|Agency|Ministry|Council)\b|"
    r"出版社|期刊|杂志社|雜誌社|有限公司|集团|集團|"
    # A wiki's collective credit: "Contributors to Wikimedia projects", "维基媒体项目贡献者".
    r"\b(?:contributors|Mitwirkende|contributeurs|colaboradores)\b|贡献者|貢獻者", re.I
)
_LEAD_IN = re.compile(r"^\s*(?:(?:veröffentlicht|geschrieben|erstellt|eingestellt|artikel|posted|written|text|ein beitrag)\s+)?(?:von|vom|by|par|por|de)(?:\s*:)?\s+", re.I)
_STRUCTURED_END = re.compile(r",\s*\d|\s@\w|\s[|•·]\s")
_PLACE_REPORT = re.compile(r"(?<=\S)(?:报道|報道|報導|电|電)")
_LABEL_ALONE = re.compile(
    r"^(?:Autor(?:in|\*in|:in|In)?|Autoren|Author|Authors|By|Von|Text|(?:Published|Posted|Written) by|(?:Geschrieben|Verfasst) von|"
    r"作者|记者|記者|撰文|楼主|樓主|(发文机关|發文機關))\s*[:：]?$", re.I
)
# "作者[太小心]": blog platforms put the writer's name in brackets after 作者.
_BRACKET_BYLINE = re.compile(r"作\s*者\s*[\[【]\s*([^\]】\s]{2,16})\s*[\]】]")
# "蔡雪婧/摄", "摄影：蔡雪婧": a photographer's credit.
_PHOTO_CREDIT = re.compile(r"(?:^|[\s(（])([\u4e00-\u9fff]{2,4})\s*[/／]\s*摄(?:影)?(?![\u4e00-\u9fff])|摄\s*影\s*[:：]\s*([\u4e00-\u9fff]{2,4})(?![\u4e00-\u9fff])")
_PHOTOGRAPHER = re.compile(r"^\s*[:：]?\s*[\u3400-\u9fff]{2,4}(?:\s*[、，,]\s*[\u3400-\u9fff]{2,4})*\s*[/／]?\s*(?:摄|攝)(?!影\s*[:：])")
# "茉莉：我是怎样卷入八九民运的" over the headline: a repost headed "writer: title".
_NAME_COLON_TITLE = re.compile(r"^([\u4e00-\u9fff]{2,4})\s*[:：]\s*(\S.{5,})$")
_NOT_A_WRITER = set(
    "标题 標題 题目 題目 专题 專題 专栏 專欄 转载 轉載 原文 来源 來源 评论 評論 链接 鏈接 正文 导读 導讀 摘要 简介 簡介 公告 "
    "通知 关键词 關鍵詞 标签 標籤 栏目 欄目 分类 分類 相关 相關 热点 熱點 推荐 推薦 新闻 新聞 最新 首页 首頁 当前位置 當前位置 "
    "提示 注意 声明 聲明 附件 图片 圖片 视频 視頻 活动 活動 攻略 专访 專訪 独家 獨家 快讯 快訊 社论 社論 观点 觀點 "
    # A site's menu and tools: a line of their own by the headline, some opening with a surname (管, 关).
    "管理 登录 登錄 注册 註冊 订阅 訂閱 联系 聯繫 收藏 分享 举报 舉報 关注 關注 回复 回覆 返回 更多 搜索 帮助 幫助 "
    "设置 設置 退出 打印 顶部 頂部 目录 目錄 "
    # A forum reply's floor: the second, third and fourth posts ("沙发", "板凳", "地板"); a
    # poster's panel and a board's tools (Discuz!: "积分", "金元", "发消息", "热搜").
    "沙发 沙發 板凳 地板 积分 積分 金元 金钱 金錢 体力 體力 威望 贡献 貢獻 帖子 主题 主題 精华 精華 发消息 發消息 "
    "热搜 熱搜 电梯直达 電梯直達 "
    # A wiki page's action tabs: "编辑 历史 讨论" reads as an editor label and two names.
    "历史 歷史 历史记录 歷史紀錄 讨论 討論 查看 阅读 閱讀 编辑 編輯 监视 監視 源代码 原始碼 游戏 遊戲 "
    # A reporter's rank before the word 记者 ("刘晓 实习记者 陈思").
    "实习 實習 见习 見習 特约 特約 首席 资深 資深 本报 本報".split()
)
# A forum's thread table heads its columns "Author", "Message", "Replies".
_COLUMN_HEADINGS = {"Message", "Messages", "Post", "Posts", "Reply", "Replies", "Topic", "Topics", "Subject", "Views",
                    "Nachricht", "Beitrag", "Antworten", "Thema", "Sujet", "Réponses", "Mensaje", "Respuestas", "Tema"}
# A date as bylines show it: "11.12.2019", "2019-12-11", "1. Februar 2022", "Feb 1, 2022".
_SHOWN_DATE = r"(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}\.\s*[^\W\d]{3,9}\.?\s+\d{4}|[^\W\d]{3,9}\.?\s+\d{1,2},?\s+\d{4})"
_DATED_NAME = re.compile(
    r"^(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\s*[-–|·,]|\d{1,2}\.\s*[^\W\d]{3,9}\.?\s+\d{4}\s*[-–|·,]?"
    r"|[^\W\d]{3,9}\.?\s+\d{1,2},?\s+\d{4}\s*[-–|·])\s*(.+)$"
)
# "Jacobo Betancur Peláez | Publicado hace 3 horas", "Swantje Schemmerling | 06.11.23": a name, then the
# publication line; a place may come between ("Patricio Candia | Palma de Mallorca | 08/01/2014").
_NAME_THEN_DATE = re.compile(
    rf"^(.{{3,60}}?)\s*[|·•]\s*(?:[^|·•\d]{{2,40}}?\s*[|·•]\s*)?(?:(?:Publicado|Published|Posted|Veröffentlicht|Publié|Actualizado|Updated|Aktualisiert)\b"
    rf"|{_SHOWN_DATE}(?!\d))",
    re.I,
)
# The most common Chinese surnames (simplified and traditional forms).
_SURNAMES = set(
    "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾肖蕭田董袁潘"
    "于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋付方白邹鄒孟熊秦邱江尹薛闫閻段雷侯"
    "龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯常温溫康施文牛樊葛邢安齐齊易乔喬伍庞龐颜顏倪庄莊聂聶章鲁魯"
    "岳翟殷詹申欧歐耿关關兰蘭焦俞左柳甘祝包宁寧尚符舒阮柯纪紀梅童凌毕畢单單季裴霍涂成苗谷盛曲翁冉骆駱蓝藍路游辛靳管柴蒙鲍鮑华華喻祁蒲房滕屈饶饒解牟艾尤阳陽时時穆农農司卓古吉缪繆简簡车車项項连連芦蘆麦麥褚娄婁窦竇戚岑景党宫宮费費卜冷晏席卫衛米柏宗瞿桂全佟应應臧闵閔苟邬鄔边邊卞姬师師和仇栾欒隋商刁沙荣榮巫寇桑郎甄丛叢仲虞敖巩鞏明佘池查麻苑迟遲邝鄺"
)
_BRACKETED = re.compile(r"[\[【]\s*([\u4e00-\u9fff]{2,3})\s*[\]】]")
_HAS_DATE = re.compile(r"\d{4}\s*[-/.年]\s*\d{1,2}")
_CREDIT = re.compile(r"[（(]\s*([\u4e00-\u9fff][^（()）]{1,38})[)）]\s*$")
_HAN_PERSON = re.compile(r"^[\u4e00-\u9fff]{2,3}$")  # a line holding only a two- or three-character name
_COPYRIGHT = re.compile(
    r"(?:©|\(c\)|Copyright)\s*(?:\(c\)\s*)?(?:since\s+)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:(?:19|20)\d{2})?)?\s*(?:by\s+)?"
    r"([A-ZÀ-Þ][\w'’.-]*(?:\s+[A-ZÀ-Þ][\w'’.-]*){1,2})(?=\s*(?:[.,|•·]|All rights|Alle Rechte|$))"
)
_DEGREE = re.compile(r"(?:PhD|Ph\.D\.|MD|M\.D\.|MBA|MSc|BSc|Dr\.?|Prof\.?)", re.I)
_TRAILING_DEGREE = re.compile(r",?\s+(?:PhD|Ph\.D\.|MD|M\.D\.|MBA)$")
# A job or role word before a name: "Netzphilosophin …", "FOCUS-Online-Experte …", "Rechtsanwalt …".
_ROLE = re.compile(
    r"(?:experte|expertin|anwalt|anwältin|redakteur|redakteurin|autor|autorin|korrespondent|korrespondentin|"
    r"philosoph|philosophin|journalist|journalistin|reporter|reporterin|kolumnist|kolumnistin|sprecher|sprecherin|"
    r"wissenschaftler|wissenschaftlerin|professor|professorin|chefredakteur|chefredakteurin|moderator|moderatorin)$",
    re.I,
)
# A job title after the name ("Jon King, News Reporter", "Mathilda Trausch, Online-Redaktion"): no second name.
_JOB_TITLE = re.compile(
    r"(?:^|[\s-])(?:reporter|editor|writer|correspondent|contributor|columnist|journalist|staff|redaktion|redakteur(?:in)?|"
    r"korrespondent(?:in)?|autor(?:in)?|journalistin|reporterin|kolumnist(?:in)?|rédacteur|rédactrice|periodista|redactor(?:a)?)$",
    re.I,
)
_GLUED_DIGITS = re.compile(r"^([^\W\d][^\d]*?[^\W\d])\d")
# Buttons and labels that byline markup holds besides the name.
_UI_WORDS = {
    "follow", "folgen", "kontaktieren", "kontakt", "contact", "share", "teilen", "subscribe", "abonnieren",
    "more", "mehr", "profile", "profil", "website", "email", "e-mail", "mail", "twitter", "facebook", "instagram",
    "linkedin", "comments", "kommentare", "gesponserte inhalte", "sponsored", "anzeige", "advertisement",
    "watch", "live", "listen", "download", "login", "menu", "search", "suche",
    "log in", "log out", "sign in", "sign up", "sign out", "register", "my account", "anmelden", "registrieren",
    # A forum's thread tools and its table of posts' column heads.
    "display modes", "thread tools", "search this thread", "rate this thread",
}
# News agencies credited beside a writer ("Von David Hutzler, dpa") are no second author.
_AGENCIES = {"dpa", "afp", "ap", "apa", "sid", "kna", "epd", "reuters", "ddp", "dapd", "ots", "ansa", "efe", "ips", "뉴시스", "뉴스1"}
_MONTH_ABBREVIATIONS = {"Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Sept", "Oct", "Nov", "Dec"}
# Capitalised words, particles allowed inside ("Ludwig van Beethoven") but not at the end ("Artikel von").
_PARTICLES = ("van", "von", "de", "der", "den", "del", "della", "da", "das", "do", "dos", "di", "du", "des", "le", "la",
              "ten", "ter", "zu")
# Capitals of the alphabetic scripts: Latin, Greek, Cyrillic ("Андрей Колесников").
_CAPITAL = "A-ZÀ-ÖØ-ÞΑ-ΩЀ-Я"
_LATIN_NAME = re.compile(rf"^[{_CAPITAL}][\w'’.-]*(?:\s+(?:(?:{'|'.join(_PARTICLES)})\s+)*[{_CAPITAL}][\w'’.-]*){{0,4}}$")


# A portal's staff code after an editor's name: "王晓_NG5678".
_STAFF_CODE = re.compile(r"(?<=[\u4e00-\u9fff])_[A-Za-z]{1,4}\d{2,}$")
# A writer's role before the name: "游戏评论员 张三", "特约撰稿人 李四".
_HAN_ROLE = re.compile(r"^[\u4e00-\u9fff]{1,6}(?:评论员|評論員|撰稿人|记者|記者|主编|主編|主笔|主筆|编辑|編輯|研究员|研究員)$")


def _tidy_name(name: str) -> str:
    """Without surrounding punctuation, a trailing degree, button or month ("… Nishizawa Feb"),
    a leading role ("Rechtsanwalt Sebastian Einbock") or a date glued on ("Nicole Collignon22.")."""
    name = _STAFF_CODE.sub("", _TRAILING_DEGREE.sub("", name.strip(" :：/|-—")))
    glued = _GLUED_DIGITS.match(name)
    if glued and " " in glued[1]:
        name = glued[1]
    words = name.split()
    if len(words) >= 3 and _ROLE.search(words[0]):
        words = words[1:]
        name = " ".join(words)
    if len(words) >= 3 and words[-1].lower() in _UI_WORDS:
        words = words[:-1]  # the button after the name ("Michael Russell Follow")
        name = " ".join(words)
    if len(words) >= 3 and words[-1].rstrip(".") in _MONTH_ABBREVIATIONS:
        words = words[:-1]  # the start of a date glued to the name
        name = " ".join(words)
    for start in range(2, len(words) - 1):
        # A paper or agency run on after the name, with no markup between ("Vasilisa
        # Stepanenko The Associated Press"): an article, then a newspaper's word last.
        if words[start].lower() in _ARTICLES and words[-1].lower() in _OUTLET_WORDS and _LATIN_NAME.match(" ".join(words[:start])):
            words = words[:start]
            name = " ".join(words)
            break
    if words and words[-1].rstrip(".") and len(words[-1].rstrip(".")) > 1:
        name = name.rstrip(".")  # a sentence full stop, not an initial's ("Joe S.")
    return name


# "Martin Untersinger (avec Damien Leloup et Morgane Tual)": the writers who helped are writers too.
_WITH_OTHERS = re.compile(r"\s*\(\s*(?:avec|with|mit|con|com)\s+([^()]{3,80})\)")


def _names(value: str) -> list[str]:
    """Names from the text after a label, stopping at the first thing that is no name."""
    value = _WITH_OTHERS.sub(r", \1", _PADDED_NAME.sub(r"\1\2", _GLUED_MONTH.sub(" ", value)))
    value = value.strip(" :：/／|｜丨-—")
    if nicknamed := _NICKNAMED.match(value):  # "Richard (R.J.) Eskow": the brackets end no name
        rest = value[nicknamed.end():].lstrip(" ,;&|")
        return [nicknamed[1]] + (_names(rest) if rest else [])
    cut = _VALUE_END.search(value)
    # "By Jane Roe, August 14, 2020": the date ends the names where it starts ("August").
    if cut and cut[0][:1].isdigit():
        cut = min([cut, *(match for form in _DATE_FORMS if (match := form.search(value)))], key=lambda match: match.start())
    if cut and _PLACE_REPORT.match(value, cut.start()):
        # "彭冲 山东冠县报道", "張三／台北報導": the word glued to 报道 is where the report was filed from.
        before = value[: cut.start()].strip()
        if "／" in before or "/" in before:
            value = re.split(r"\s*[/／]", before)[0]
        else:
            value = before.rsplit(None, 1)[0] if " " in before else ""
    else:
        value = value[: cut.start()] if cut else value
    parts = _NAME_SPLIT.split(value.strip())
    names = []
    for part in parts:
        part = _tidy_name(part)
        if not part or _DEGREE.fullmatch(part) or (names and _JOB_TITLE.search(part)):
            continue  # "Grant Tinsley, PhD", "Jon King, News Reporter": the degree or job is not a second author
        words = part.split()
        if len(words) == 2 and _HAN_NAME.match(words[0]) and _HANDLE.match(words[1]):
            part = words[0]  # "暗夜精靈 darkelf": a forum member's nickname, then the user id
        if len(words) >= 2 and _HAN_ROLE.match(words[0]):
            part = " ".join(words[1:])  # "游戏评论员 张三": the role, then the writer
        pieces = part.split() if all(_HAN_NAME.match(p) for p in part.split()) else [part]
        for piece in pieces:
            if piece.lower() in _UI_WORDS:
                return names
            if _HAN_NAME.match(piece) or _LATIN_NAME.match(piece) or _USER_NAME.match(piece) or _KANA_HANGUL_NAME.match(piece):
                names.append(piece)
                continue
            # "Christian Seiler Illustration von …": a first and last name, then more words.
            words = piece.split()
            # The first name runs up to a lower-case word, a middle name included ("Anna
            # Maria Berg im …"); after a comma more words are often a role ("…, Projektleiterin der Stiftung").
            lower = next((i for i, word in enumerate(words) if not word[:1].isupper() and word not in _PARTICLES), None)
            first_last = _tidy_name(" ".join(words[:lower if not names and lower is not None and 2 <= lower <= 4 else 2]))
            if names and _JOB_TITLE.search(first_last):
                return names  # "Jane Roe, Guides Writer Additional contributions by …": her job, then another credit
            return names + [first_last] if len(words) > 2 and _LATIN_NAME.match(first_last) else names
    people = [name for name in names if not _outlet(name)]
    return (people or names)[:6]


_NICKNAMED = re.compile(rf"([{_CAPITAL}][\w'’.-]+\s+\([{_CAPITAL}][\w'’.-]{{0,12}}\)(?:\s+[{_CAPITAL}][\w'’.-]+){{1,2}})(?=$|[\s,;&|])")
# Words that end the names of papers and agencies ("The Washington Post", "Associated Press").
_OUTLET_WORDS = {"press", "times", "post", "tribune", "herald", "journal", "gazette", "chronicle", "telegraph",
                 "guardian", "reuters", "bloomberg", "wire", "agency", "daily", "weekly", "today", "network"}
_ARTICLES = {"the", "der", "die", "das", "le", "la", "les", "el", "los", "las", "il", "lo", "de", "het", "een", "a", "an"}


def _outlet(name: str) -> bool:
    """A paper or agency credited beside the writers ("By Jane Roe, CNN", "…, The Washington
    Post", "…, dpa"): an agency, an acronym, a name opening with an article or ending with
    a newspaper's word, an organisation."""
    words = name.split()
    return (name.lower() in _AGENCIES or re.fullmatch(r"[A-Z]{2,5}", name) is not None
            or (len(words) >= 2 and words[0].lower() in _ARTICLES) or (2 <= len(words) <= 3 and words[-1].lower() in _OUTLET_WORDS)
            or _ORGANISATION.search(name) is not None)


def _colon_organisation(value: str) -> list[str]:
    """"作者：永創攻略編輯部": after an explicit colon a longer Han token is a team or site name."""
    if not value.lstrip().startswith((":", "：")):
        return []
    tokens = value.strip(" :：").split()
    return tokens[:1] if tokens and _ORGANISATION_NAME.fullmatch(tokens[0]) else []


# Labels that are plain prepositions too ("Von", "By", "Par", "Por"): they open prose as often as bylines.
_PREPOSITIONS = {"Von", "von", "By", "by", "BY", "Par", "Por"}


def _names_after_preposition(names: list[str]) -> bool:
    """Names a bare preposition may introduce: no lower-case word ("Por ende"; a user name
    with digits may be: "von heiler77"), and not several one-word names ("Von Risiken und
    Nebenwirkungen": nouns, in German)."""
    if any(name[:1].islower() and not re.search(r"[\d_]", name) for name in names):
        return False
    return not (len(names) > 1 and all(" " not in name and not _HAN_NAME.match(name) for name in names))


# A paragraph opening with its dateline and reporters: "新华社巴黎12月9日电（记者唐霁）…",
# "长江网10月4日讯（记者陈智 整合）…", "南都讯 记者罗嘉慧 3月26日…", "〔記者林郁婷／台北報導〕…".
# A year or a clock just before "by": a post's footer, however long ("This entry was posted in
# News on June 3, 2020 by Jane Roe").
_ENDS_WITH_DATE = re.compile(r"(?:\d{4}|\d:\d\d(?::\d\d)?(?:\s*[ap]\.?m\.?)?)\s*,?\s*$", re.I)
_DATELINE_CREDIT = re.compile(r"^[^（(。，]{2,40}?(?:电|電|讯|訊)\s*[（(][^（()）]{2,40}[)）]"
                               # Unbracketed: "南都讯 记者罗嘉慧 3月26日14时，…".
                               r"|^[^（(。，\s]{1,20}(?:讯|訊)\s+(?:记者|記者)\s*[\u4e00-\u9fff·]{2,8}"
                               r"(?:\s+(?:通讯员|通訊員|实习生|實習生)\s*[\u4e00-\u9fff·]{2,8})*(?=\s)"
                               # Taiwanese papers: "〔記者林郁婷／台北報導〕…".
                               r"|^[〔［\[【(（]\s*(?:记者|記者)[\u4e00-\u9fff·]{2,8}\s*[/／][^〕］\]】)）]{0,12}[〕］\]】)）]")


def _labelled_authors(text: str) -> tuple[int, list[str]] | None:
    """(rank, names) for a byline, rank an index into _RANKS; of a paragraph, only the
    credit its dateline opens with."""
    dateline = _DATELINE_CREDIT.match(text)
    if dateline:
        text = dateline[0]  # a paragraph's opening credit, however short the paragraph
    elif len(text) > 200:
        return None
    text = strip_pinyin(text)
    best = None
    matches = list(_LABELS.finditer(text))
    for match, following in zip(matches, matches[1:] + [None]):
        rank = _RANKS.index(match.lastgroup)
        if match.lastgroup == "author" and match.group().strip().lower() == "by" and (
                (match.start() > 40 and not _ENDS_WITH_DATE.search(text, 0, match.start()))
                or _work_title(text[: match.start()])):
            continue  # "by" in the middle of a sentence, or a caption's "Mary Magdalene by Titian"
        value = text[match.end(): following.start() if following else None]
        if (following is not None and following.group().startswith("作") and value.strip()
                and re.fullmatch(r"[\u4e00-\u9fff]+", value.lstrip(" :：/／"))):
            continue  # "文/观察者网专栏作者 张三": the column is the writer's role; the name follows 作者
        if _PHOTOGRAPHER.match(value):
            continue  # "新华社记者 才扬 摄": the reporter took the photo; a caption, not the byline
        names = [name for name in _names(value) or _colon_organisation(value)
                 if name.lower() not in _PLACEHOLDERS and name not in _NOT_A_WRITER]
        if match.group().strip() in _PREPOSITIONS and not _names_after_preposition(names):
            continue  # "Por ende, …", "Von Risiken und Nebenwirkungen": prose, not a byline
        if names and all(_stands_in(name) for name in names):
            # "作者：小编 责任编辑：李四", "作者：新京报 …（记者 张三）": the writer is named elsewhere, if at all.
            rank = max(rank, _STAND_IN_RANK)
        if match.lastgroup == "syndicated" and (reporters := _outlet_reporters(names)):
            rank, names = _RANKS.index("author"), reporters
        if names and best is not None and rank == best[0] == 0:
            best = (rank, best[1] + [name for name in names if name not in best[1]])  # 记者 张三 实习生 王五
        elif names and (best is None or rank < best[0]):
            best = (rank, names)
    return best


_BYLINE_NOUNS = {"story", "words", "text", "article", "post", "review", "analysis", "commentary", "column", "interview",
                 "feature", "report", "reporting", "essay", "opinion", "editorial", "guide", "preview", "blog", "news",
                 "video", "podcast", "written", "contributed", "guest", "letter", "tutorial", "walkthrough"}


def _work_title(before: str) -> bool:
    """Words before "by" that name a work, not a byline: a capitalised title of two or
    more words ("Mary Magdalene", "The Starry Night") with no date, number or separator,
    none of them a byline's noun ("Guest Post by …", "Story by …")."""
    words = before.split()
    return (len(words) >= 2 and before[:1].isupper() and all(w.isalpha() for w in words)
            and not any(w.lower() in _BYLINE_NOUNS for w in words))


# A news outlet's name: "中国新闻网", "新京报", "新华社", "央视新闻客户端".
_HAN_OUTLET = re.compile(r"^[\u4e00-\u9fff]{1,10}(?:网|網|报|報|社|台|新闻|新聞|客户端|客戶端|频道|頻道)$"
                         # Korean and Japanese papers and wires: "전자신문", "연합뉴스", "毎日新聞", "共同通信".
                         r"|^[가-힣]{1,10}(?:신문|뉴스|일보|방송|통신)$|^[\u4e00-\u9fff\u30a0-\u30ff]{1,10}(?:新聞|通信|放送)$")


def _outlet_reporters(names: list[str]) -> list[str] | None:
    """"来源：中国新闻网 王帆": the outlet a story came from, then its reporters (names
    with a common surname): they wrote it."""
    if len(names) < 2 or not _HAN_OUTLET.match(names[0]):
        return None
    people = names[1:]
    return people if all(_HAN_PERSON.match(name) and name[0] in _SURNAMES for name in people) else None


# A .Text/cnblogs post footer: "posted @ 2005-08-16 10:20 张三 阅读(123) 评论(3)".
_POSTED_STAMP = re.compile(r"^posted\s*(?:@|on|at)\s*\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\s+\d{1,2}:\d{2}(?::\d{2})?\s+"
                           r"([^\s\d][^\s]{1,24}(?:\s[^\s\d(（]{1,24})?)\s+(?:阅读|閱讀|views?\b|reads?\b)", re.I)


def _posted_by(text: str) -> list[str] | None:
    """"ggjjzhzz 发表于 2005-9-15", "由海姑娘张贴 @ …": the poster named before the verb;
    "posted @ 2005-08-16 10:20 张三 阅读(123)": the poster named after the time."""
    if len(text) >= 120:
        return None
    match = _POSTED.search(text) or _POSTED_STAMP.match(text)
    return _names(match[1]) or None if match else None


def _bracketed_in_dateline(text: str) -> list[str] | None:
    """"2004年7月16日08:19 [ 黄宇 ]": a name in brackets on the date line."""
    match = _BRACKETED.search(text) if len(text) < 120 and _HAS_DATE.search(text) else None
    return [match[1]] if match and match[1][0] in _SURNAMES else None


def _closing_credit(text: str) -> list[str] | None:
    """"……（姚峰 上海报道）" / "（常书香 马丹阳）": reporters credited at the end of a paragraph
    (not "（刘通摄）", a photographer's)."""
    match = _CREDIT.search(text)
    if match and re.search(r"(?:摄|攝|摄影|攝影|图|圖)\s*$", match[1]):
        return None
    names = _names(match[1]) if match else []
    return names if names and all(name[0] in _SURNAMES and _HAN_NAME.match(name) for name in names) else None


def _unlabelled_byline(text: str, following: str, previous: str = "") -> list[str] | None:
    """Bylines without an inline label: "Autor" over the name, "11.12.2019 - Name", a Han name alone."""
    if label := _LABEL_ALONE.match(text):
        if label[1]:  # 发文机关 over the issuing office's name
            return [following] if _ORGANISATION_NAME.fullmatch(following) else None
        names = _names(following)
        # The name line under the label, not a sentence opening with capitalised words
        # ("Autoren" in a menu over "Ein Absatz des Artikels mit …").
        rest = following.partition(names[0])[2].lstrip()[:1] if names else ""
        # (Nor a field's label: "楼主" over "热搜: 黑神话 汉化"; nor a table's or a menu's
        # next heading: "Author" over "Message", "作者" over "搜索".)
        return names if (names and not rest.islower() and rest not in (":", "：")
                         and names[0] not in _NOT_A_WRITER and names[0] not in _COLUMN_HEADINGS) else None
    if (_POSTED_LINE.match(following) and text not in _NOT_A_WRITER and not _LABELS.search(following)
            and (names := _names(text)) == [text]):
        # A forum post's header: the poster's name, the "发表于 …" line under it (which names
        # nobody itself: over "Posted on June 3, 2020 by admin" sits a menu's item).
        return names
    dated = _DATED_NAME.match(text) or _NAME_THEN_DATE.match(text)
    if dated and _person_line(_COUNT_AFTER.sub("", dated[1])):
        return [_COUNT_AFTER.sub("", dated[1])]
    if names := _names_before_date(text):
        return names
    # Names on a line of their own beside the date line: "Anna von Berg" over
    # "Aktualisiert: 11.04.2020", "November 6, 2025" over "Jane Roe 2 minutes read".
    names = _person_names(_COUNT_AFTER.sub("", text))
    if names and (_opens_with_date(following) or _opens_with_date(previous)):
        return names
    if names := _name_among_details(text):
        return names
    # An agency or paper alone beside the date line ("新华社" over "2020-01-03 18:13"):
    # the byline of a story it wrote.
    if _HAN_OUTLET.match(text) and (_only_date(following) or _only_date(previous)):
        return [text]
    # A name over the link to its writer's other work ("Elizabeth Gibney" / "Search for this author in:").
    if _AUTHOR_WORD.search(following) and len(following) < 60 and (names := _person_names(text)):
        return names
    # An interview's credit alone on its line: "Richard David Precht im Gespräch mit Karin Fischer".
    if (talk := _CONVERSATION.match(text)) and _person_line(talk[1]) and _person_line(talk[2]):
        return [talk[1], talk[2]]
    # "Ángeles Escrivá | Madrid" over the date line: the writer, and where they write from.
    name, _, place = text.partition(" | ")
    if (place and 1 <= len(place.split()) <= 3 and place[:1].isupper() and _person_line(name)
            and len(following) < 80 and any(form.search(following) for form in _DATE_FORMS)):
        return [name]
    # "Jane Roe, Staff Writer": a name and the writer's job, nothing else, or the job on the next line.
    for separator in (", ", " | "):
        name, _, job = text.partition(separator)
        if job and _job_line(job) and _person_line(name):
            return [name]
    if _job_line(following) and (names := _person_names(text)):
        return names
    # "Jane Roe | Reuters", "Jane Roe and John Doe, The Associated Press": names, then the
    # paper or agency they write for.
    credit = list(_CREDIT_SEPARATOR.finditer(text)) if len(text) < 120 else []
    if credit and _outlet(text[credit[-1].end():].strip()) and (names := _person_names(text[: credit[-1].start()])):
        return names
    # "石佳/中国青年报": the writer, then the paper.
    if (credit := _NAME_SLASH_OUTLET.match(text)) and _HAN_OUTLET.match(credit[2]) and credit[1][0] in _SURNAMES:
        return [credit[1]]
    # A short Han line alone is a name only with a common surname ("胡平", not "首页"), and
    # not beside another short word (a menu: "游戏 / 商城 / 攻略"); capitalised English word
    # pairs alone are as often headings as names.
    # Nor after a sentence: a table's rows name people ("关羽" after the row above's
    # "蜀国猛将，擅长冲锋陷阵").
    # (Japanese pages use such words as headings and links, "武器": kana beside them tells.)
    in_menu = _menu_word(previous) or _menu_word(following)
    return [text] if (_HAN_PERSON.match(text) and text[0] in _SURNAMES and text not in _NOT_A_WRITER
                      and not in_menu and not _CLAUSE_MARK.search(previous) and not _KANA.search(previous + following)) else None


_CLAUSE_MARK = re.compile(r"[，。；！？]")
_KANA = re.compile(r"[\u3040-\u30ff]")


def _menu_word(text: str) -> bool:
    return 0 < len(text) <= 4 and not any(character.isdigit() for character in text)


_AUTHOR_WORD = re.compile(r"\b(?:author|autor(?:in)?|auteur|autore|writer)\b", re.I)
_CONVERSATION = re.compile(r"^(.{5,40}?)\s+(?:im Gespräch mit|in conversation with|en conversation avec)\s+(.{5,40})$")
_NAME_SLASH_OUTLET = re.compile(r"^([\u4e00-\u9fff]{2,4})\s*[/／]\s*([\u4e00-\u9fff]{2,12})$")
# What sets a paper or agency off after the writers' names (not "/": "Jane Roe / AP" is how
# captions credit a photographer).
_CREDIT_SEPARATOR = re.compile(r"\s*[|·•–—]\s*|\s+-\s+|,\s+")


# The dates bylines print, as the date reader knows them.
_DATE_FORMS = dates.SHOWN_DATES
# What a date line may open with before the date: a separator, a label, a weekday.
_DATE_LEAD = re.compile(
    r"[\s|·•,:–—-]*(?:(?:Published|Updated|Posted|Aktualisiert|Veröffentlicht|Publiziert|Publié|Mis à jour|Publicado|Actualizado"
    r"|Stand|on|am|le|el|den|vom)\b[\s:.,]*|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun|Mo|Di|Mi|Do|Fr|Sa|So)[a-z]*\.?,\s*)*", re.I)
# A count after a byline's name: comments, articles, reading time ("Jane Roe 6",
# "… 24 Comments", "… 2 minutes read").
_COUNT_AFTER = re.compile(r"\s+\d+(?:\s+[^\W\d]+){0,2}\s*$")
# At most this much may follow the date on a date line (its clock, zone, "Uhr", a count).
_AFTER_DATE = 40


def _date_at(text: str, start: int) -> int | None:
    """Where a date that starts at ``start`` ends, None when none does."""
    for form in _DATE_FORMS:
        match = form.match(text, start)
        if match:
            return match.end()
    return None


def _opens_with_date(text: str) -> bool:
    """A date line: a date, after a label or separator at most ("Aktualisiert: 11.04.2020",
    "| Le 19 février 2020"), and little after it."""
    end = _date_at(text, _DATE_LEAD.match(text).end())
    return end is not None and len(text) - end <= _AFTER_DATE


def _only_date(text: str) -> bool:
    """A line holding a date (and time) and no word: not a byline of its own."""
    return any((match := form.search(text)) and not _WORD.search(text[:match.start()] + text[match.end():])
               for form in _DATE_FORMS)


_WORD = re.compile(r"[^\W\d_]")


_NOT_A_FIRST_NAME = {"from", "about", "with", "for", "aus", "über", "mit", "für"}


def _person_line(text: str) -> bool:
    """Nothing but a first and last name (two to four words, not in capitals only: datelines
    and headings shout): "Anna von Berg"."""
    words = text.split()
    return (2 <= len(words) <= 4 and _LATIN_NAME.match(text) is not None and not text.isupper()
            and words[0].lower() not in _ARTICLES  # "The Nissan Northern Xperience": a teaser's headline
            and words[0].lower() not in _NOT_A_FIRST_NAME  # "From Bulbapedia, the … encyclopedia": a wiki's tagline
            and text.lower() not in _UI_WORDS and not any(word.lower() in _UI_WORDS for word in words)
            and not _job_line(text)  # "Senior Editor"
            and _plausible_author(text, set()))


def _job_line(text: str) -> bool:
    """A writer's job alone: "Staff Writer", "Senior Reporter", "Redakteurin"."""
    return 0 < len(text.split()) <= 3 and _JOB_TITLE.search(text) is not None


_DETAIL_SEPARATOR = re.compile(r"\s+[·•|]\s+")
# What a post's meta line shows beside its date: the time it takes to read, a count.
_READING_TIME = re.compile(r"^\d+\s*(?:min(?:ute)?s?\.?|Min\.?|Minuten?|分钟|分鐘)(?:\s+(?:read|Lesezeit|lesen|阅读|閱讀))?$|^\d+\s+[^\W\d]+$", re.I)


def _name_among_details(text: str) -> list[str] | None:
    """"May 3, 2020 · 5 min · Jane Roe": a post's meta line, its parts set off by dots or
    bars, one a date, the others the time it takes to read or a count, and one a name."""
    parts = _DETAIL_SEPARATOR.split(text) if len(text) < 120 else []
    if len(parts) < 3 or not any(_only_date(part) for part in parts):
        return None
    names = [part for part in parts if not _only_date(part) and not _READING_TIME.match(part)]
    return names if len(names) == 1 and _person_line(names[0]) else None


def _person_names(text: str) -> list[str] | None:
    """"Jane Roe", "Jane Roe and John Doe": names alone, each a first and last name."""
    parts = _NAME_SPLIT.split(text)
    return parts if all(_person_line(part) for part in parts) else None


# A month name glued to the word before it, inline elements run together ("Jane RoeNovember 19",
# "JANE ROENovember 19").
_GLUED_MONTH = re.compile(
    rf"(?:(?<=[a-zäöüéß])(?=[A-ZÄÖÜÉ])|(?<=[A-ZÄÖÜÉ])(?=[A-ZÄÖÜÉ][a-zäöüé]))(?=(?i:{dates.MONTH_NAME})\.?\s+\d)")


# A date's label or preposition between the names and the date ("Jane Roe Updated Nov 19, 2019").
_DATE_LABEL_AFTER = re.compile(
    r"(?:[\s|·•,–—-]+(?:on|am|le|el|den|vom|Published|Updated|Posted|Veröffentlicht|Aktualisiert|Publié|Publicado|Actualizado)\b:?)+$",
    re.I)


def _names_before_date(text: str) -> list[str] | None:
    """"Anna Berg 19.10.2019, 05:00 Uhr", "Jane Roe, 02.02.2022": a byline line holding
    names and then the date, set off by a separator or a space only."""
    if len(text) > 100:
        return None
    text = _GLUED_MONTH.sub(" ", text)
    starts = [match.start() for form in _DATE_FORMS if (match := form.search(text))]
    if not starts:
        return None
    start = min(starts)
    names = text[:start].rstrip(" ,|·•–—-")
    names = _DATE_LABEL_AFTER.sub("", names)
    return _person_names(_without_job(names)) if names and _opens_with_date(text[len(names):]) else None


def _without_job(text: str) -> str:
    """A name without the job written after it, a line break between them ("Jane Roe Senior Editor")."""
    words = text.split()
    for size in (3, 2, 1):
        if len(words) - size >= 2 and _job_line(" ".join(words[-size:])):
            return " ".join(words[:-size])
    return text


def _byline_authors(windows: list[list[str]], ranks: tuple[int, ...]) -> list[str] | None:
    """Names from the best-ranked labelled line, earlier windows first on ties."""
    found = [(hit[0], number, index, hit[1]) for number, window in enumerate(windows)
             for index, text in enumerate(window) if (hit := _labelled_authors(text)) and hit[0] in ranks]
    if 0 in ranks and not found:
        found = [(0, number, index, names) for number, window in enumerate(windows)
                 for index, (previous, text, following) in enumerate(zip([""] + window, window, window[1:] + [""]))
                 if (names := _posted_by(text) or _unlabelled_byline(text, following, previous) or _closing_credit(text)
                     or _bracketed_in_dateline(text))]
    if not found:
        return None
    best = min(found, key=lambda hit: hit[:3])
    # Reporters are often listed over consecutive lines (记者 … / 实习生 …).
    names = [name for rank, number, index, hits in found
             if (rank, number) == best[:2] and best[2] <= index <= best[2] + 1 for name in hits]
    # The same writer on both lines counts once, in other capitals too or with the next
    # line's word run on ("Carola Pönisch" and "Carola Pönisch Kultur").
    kept: list[str] = []
    for name in names:
        if not any(name.lower() == other.lower() or name.startswith(other + " ") for other in kept):
            kept.append(name)
    return kept[:8]


# HTML's own mark for an article's author is <address> (its contact details; in a page
# footer, the publisher's); classes name the author in the site's language too ("autor", "auteur"),
# not "authority" or "authorization" (a copyright notice's block).
_AUTHOR_MARKUP = (
    "(//a[@rel='author'] | //*[(contains(@class, 'author') and not(contains(@class, 'authori'))) or contains(@class, 'autor') or contains(@class, 'auteur')"
    " or contains(translate(@class, 'BYLINE', 'byline'), 'byline')"
    # A platform's or forum's poster: "follow-nickName", "user-name__text", "link-user__name".
    " or contains(translate(@class, 'NICKAME', 'nickame'), 'nickname') or contains(translate(@class, 'USERNAME_-', 'username'), 'username')]"
    "[not(self::body)] | //address[not(ancestor::footer)])"
    "[not(ancestor-or-self::*[contains(@class, 'comment') or contains(@id, 'comment') or contains(@class, 'related')])]"
    # An advertisement card credits its advertiser ("<span class='ad-author'>").
    "[not(ancestor-or-self::*[starts-with(@class, 'ad-') or contains(@class, ' ad-') or contains(@class, 'advert')"
    " or contains(@class, 'sponsor') or contains(concat(' ', @class, ' '), ' ad ')])]"
)


# Teaser lists in a page's header mark their writers too, dozens of them on some front pages.
_MARKED_LOOKED_AT = 64


def _marked_authors(root, near: list[str] | None = None, software: set[str] = frozenset()) -> list[str] | None:
    """Text of rel=author links or elements whose class says author/byline: the one whose
    names the page shows closest to the headline (in ``near``), else the first one.

    Such elements also hold labels, dates and buttons, so only person-like names count:
    a Han name or at least two capitalised words. Teaser lists mark their own authors too,
    often before the article's byline in the markup; the headline's surroundings tell
    the article's one apart. A blog's masthead marked as its owner's card, naming the
    blog or its software, is passed over.
    """
    found = [(index, kept) for index, names in _marked_names(root) if (kept := _real_names(names, software))]
    by_key = {}
    for _, names in found:
        by_key.setdefault(normalise_for_compare(", ".join(names)), names)
    # The shown line closest to the headline decides (``near`` runs outwards from it).
    return next((by_key[key] for text in near or [] if (key := normalise_for_compare(text)) in by_key),
                next((names for index, names in found if index < 5), None))


# A forum member's nickname alone in author markup runs longer than a person's name ("冰糖葫芦不加糖").
_NICKNAME = re.compile(r"[\u3400-\u9fff]{7,12}")


def _marked_names(root):
    """(index among the marked elements, names) for each marked element naming someone."""
    for index, element in enumerate(root.xpath(_AUTHOR_MARKUP)[:_MARKED_LOOKED_AT]):
        raw = clean_line(element.text_content())
        text = _LEAD_IN.sub("", _ABOUT_AUTHOR.sub("", raw))
        if re.match(rf"\s*{_EDITOR_LABEL}", text):
            continue  # "<p class='show_author'>责任编辑：…": an editor, whom the labelled bylines rank
        text = re.sub(rf"^\s*(?:{_AUTHOR_LABEL})\s*[:：]?", "", text).strip()
        if _LABELS.search(text):
            continue  # "作者：未知 责任编辑：…": labelled bylines, which the label finders rank
        led = text != raw  # "erstellt von Dominique — …", "Author: Bo2man am …": the label vouches for one word
        if 1 < len(text) < 80:
            pieces = _person_pieces(element)
            names = pieces if len(pieces) > 1 and _only_names(element, pieces) else (
                _names(text) or ([text] if _NICKNAME.fullmatch(text) else []))
            alone = names == [text]  # the element holds nothing but the name
            # (Not the buttons beside an account's name: "中国广州发布 关注".)
            names = [_trimmed(n, pieces) for n in names
                     if (alone or led or _HAN_NAME.match(n) or (_LATIN_NAME.match(n) and " " in n))
                     and n not in _NOT_A_WRITER and n.lower() not in _UI_WORDS and n not in _PREPOSITIONS]
            if names:
                yield index, names


# The heading of a box about the writer, glued to the name after it in the box's text.
_ABOUT_AUTHOR = re.compile(r"^\s*(?:About the author|Über (?:den|die) Autor(?:in)?|Zum Autor|Zur Autorin|À propos de l'auteur"
                           r"|Sobre el autor|关于作者|關於作者|作者简介|作者簡介)\s*:?\s*", re.I)


def _person_pieces(element) -> list[str]:
    """The element's text pieces (its own and its children's) that are a first and last name
    or a Han name: markup sets names apart from the words around them."""
    pieces = []
    for piece in element.itertext():
        text = _LEAD_IN.sub("", clean_line(piece)).strip(" ,;")
        if _ABOUT_AUTHOR.fullmatch(text):
            continue
        if ((_HAN_NAME.match(text) or (_LATIN_NAME.match(text) and 2 <= len(text.split()) <= 4)) and text not in pieces
                and not _JOB_TITLE.search(text) and not _outlet(text)):  # "Staff Writer", "The Associated Press"
            pieces.append(text)
    return pieces


_JOINERS = re.compile(r"^(?:[,;&/|·•]|and|und|et|y|e|by|von|par|por|de)?$", re.I)
# An account's header on a platform beside the linked name: its follow button, counts and level
# ("桃子酱 粉丝 1.2万 +关注", "UP主 Lv6").
_ACCOUNT_WIDGET = re.compile(r"\+?(?:关注|關注)|已(?:关注|關注)|私信|UP主|Lv\.?\d+|(?:粉丝|粉絲|获赞|獲讚)\s*[:：]?\s*[\d.,]+[万萬千]?"
                             r"|[\d.,]+[万萬千]?\s*(?:粉丝|粉絲)", re.I)


def _only_names(element, pieces: list[str]) -> bool:
    """The element holds names and joiners only ("<a>Birgit Baumann</a><a>Anna Giulia Fink</a>")."""
    rest = clean_line(" ".join(element.itertext()))
    for piece in sorted(pieces, key=len, reverse=True):
        rest = rest.replace(piece, " ")
    return all(_JOINERS.match(word) for word in rest.split())


def _trimmed(name: str, pieces: list[str], others: list[str] = ()) -> str:
    """A name run on into the next element's words ("Harald Bauer Autor", "Tuva Mathilde
    Løland Tips meg", glued: "Anna Bergin Allgemein") cut back to the name the markup shows
    alone, or to the words before another element's text ("Vasilisa Stepanenko" + "The
    Associated Press")."""
    person = next((piece for piece in pieces if name.startswith(piece) and len(piece) < len(name)), None)
    if person:
        return person
    for other in others:
        rest = name[: -len(other) - 1] if len(other) < len(name) and name.endswith(" " + other) else ""
        if len(rest.split()) >= 2 and _LATIN_NAME.match(rest):
            return rest
    return name


# A lower-case letter, then a capital: two elements' words run together ("Hans MeierAngler").
_GLUED_WORDS = re.compile(r"[a-zà-ÿß][A-ZÀ-Þ]")


def _markup_trimmed(root, names: list[str] | None) -> list[str] | None:
    """Byline names from the text flow, cut where the author markup sets the name apart."""
    if not names or all(_HAN_NAME.match(name) or (len(name.split()) < 3 and not _GLUED_WORDS.search(name)) for name in names):
        return names
    elements = root.xpath(_AUTHOR_MARKUP)[:_MARKED_LOOKED_AT]
    elements += [link for link in root.iter("a")
                 if _AUTHOR_PATH.search(href := link.get("href") or "") or _PROFILE_PATH.search(href)][:_MARKED_LOOKED_AT]
    pieces = [piece for element in elements for piece in _person_pieces(element)]
    others = [text for element in elements for piece in element.itertext() if (text := clean_line(piece))]
    return [_trimmed(name, pieces, others) for name in names]


# Where sites link a writer's page: the CMS conventions for author pages (/author/x,
# ?author=3) and, weaker, for user profiles (forums: /members/x.8/, Discuz's space-uid).
_AUTHOR_PATH = re.compile(r"/(?:authors?|autor(?:en|in)?|auteurs?|autore|autori|autores|journalists?|staff)/|[?&]author=\d", re.I)
# (Not /person/ or /people/: news sites file stories about someone there.)
_PROFILE_PATH = re.compile(r"/(?:members?|mitglieder|users?|profiles?|profil|u|people)/|^(?:https?://[^/]+)?/@[\w.-]+/?(?:[?#]|$)|mod=space&(?:amp;)?uid=|space-uid-\d|member\.php\?(?:u=)?\d"
                           r"|^(?:https?:)?//space\.[^/]+/\d+/?(?:[?#]|$)", re.I)


# The visitor's own account pages under the members' path ("/user/login", "/user/register"):
# "Log in" is no member.
_ACCOUNT_ACTION = re.compile(r"(?:log-?in|log-?out|sign-?in|sign-?up|sign-?out|register|password|registration|signup|join)\b", re.I)


# A user's screen name, set apart from words by a digit or a symbol ("anna.b", "kat_93"): what
# a profile link shows when its address holds a number, not the name.
_SCREEN_NAME = re.compile(r"^(?=.*[\d_.&-])(?=.*[^\W\d_])[\w&.\-]{3,24}$")


# Class and id words of the blocks readers write in: "comments", "allComm", "cmt_list",
# "SG_revert" (Sina's replies), "reply".
_READERS_BLOCK = re.compile(r"comment|comm(?![a-z])|cmt|revert|repl(?:y|ies)|pinglun", re.I)


def _linked_authors(root, near: list[str]) -> list[str] | None:
    """The writer named by a link to an author page: the one the page shows closest to the
    headline, else the first author-page link; a profile link only beside the headline.
    The link text must read as a person (a first and last name, a Han name) or be the
    user name its address ends with ("/author/karstenruppert")."""
    found = []
    for link in root.iter("a"):
        href = link.get("href") or ""
        match = _AUTHOR_PATH.search(href) or _PROFILE_PATH.search(href)
        if match is None or _ACCOUNT_ACTION.match(href, match.end()):
            continue
        text = _tidy_name(_LEAD_IN.sub("", clean_line(link.text_content())))
        slug = _letters(href[match.end():])
        named_by_address = len(text) > 2 and _letters(text) in slug  # "Der Angler 123" at /members/der-angler-123.7/
        if not 1 < len(text) < 60 or (_names(text) != [text] and not named_by_address):
            continue
        if (_HAN_NAME.match(text) or (_LATIN_NAME.match(text) and " " in text) or named_by_address
                or (match.re is _PROFILE_PATH and _SCREEN_NAME.match(text) and not _DOMAIN.search(text))) \
                and not any(_READERS_BLOCK.search(f"{a.get('class') or ''} {a.get('id') or ''}") for a in link.iterancestors()):
            found.append((match.re is _AUTHOR_PATH, text))
    if not found:
        return None
    shown = {normalise_for_compare(text): text for _, text in found}
    for line in near:
        key = normalise_for_compare(line)
        if key in shown:
            return [shown[key]]
        # A byline may link several writers: "Por Isabel Caro, Rocío Latorre y José Miguel Wilson"
        # (labelled, or nothing but the names).
        hits = sorted((key.find(name), text) for name, text in shown.items() if name in key) if len(line) < 120 else []
        rest = key
        for name in sorted(shown, key=len, reverse=True):
            rest = rest.replace(name, " ")
        # (A button beside the name, "Follow", is no other word.)
        if hits and (_LABELS.search(line) or all(_JOINERS.match(word) or word in _UI_WORDS
                                                 for word in _ACCOUNT_WIDGET.sub(" ", rest).split())):
            return [text for _, text in hits]
    return next(([text] for strong, text in found if strong), None)


def _poster_link(link) -> bool:
    """A link to a poster: to a profile page, or marked as the author's ("<a class='author'>")."""
    return bool(_PROFILE_PATH.search(link.get("href") or "") or "author" in (link.get("class") or "").lower())


def _thread_starter(root, names: list[str]) -> list[str] | None:
    """When ``names`` is a poster linked from a reply of a thread (posts built alike, side by
    side), the poster of its first post, linked the same way: a thread's writer is its starter."""
    if len(names) != 1:
        return None
    # (A link whose own text lacks the name's first word, with nothing inside it, is passed over unread.)
    first_word = (names[0].split() or [names[0]])[0]
    link = next((a for a in root.iter("a") if (len(a) or first_word in (a.text or "")) and _poster_link(a)
                 and clean_line(a.text_content()) == names[0]), None)
    section = comment_section(link) if link is not None else None
    if section is not None:
        # A reply below the post in a comment section: the poster linked last before it.
        before = []
        for a in root.iter("a"):
            if a is link or any(ancestor is section for ancestor in a.iterancestors()):
                break
            if _poster_link(a) and 1 < len(clean_line(a.text_content())) < 60:
                before.append(clean_line(a.text_content()))
        return [before[-1]] if before and before[-1] != names[0] else None
    item = link
    for _ in range(8):
        parent = item.getparent() if item is not None else None
        if parent is None or parent.tag in ("body", "html"):
            return None
        like = [sibling for sibling in parent if sibling.tag == item.tag and sibling.get("class") == item.get("class")]
        if len(like) >= 2 and like[0] is not item:
            first = next((a for a in like[0].iter("a") if _poster_link(a) and a.get("class") == link.get("class")), None)
            starter = clean_line(first.text_content()) if first is not None else ""
            return [starter] if 1 < len(starter) < 60 and starter != names[0] else None
        if len(like) >= 2:
            return None  # the first post's own poster
        item = parent
    return None


def _boxed_author(root) -> list[str] | None:
    """An author box (name, bio, follow button) whose first text is a first and last name."""
    for element in root.xpath(_AUTHOR_MARKUP)[:5]:
        first = next((text for piece in element.itertext() if (text := clean_line(piece))), "")
        if len(clean_line(element.text_content())) >= 80 and _boxed_name(first):
            return [first]
    return None


def _boxed_name(first: str) -> bool:
    words = first.split()
    return (2 <= len(words) <= 3 and _LATIN_NAME.match(first) is not None and not any(w.lower() in _UI_WORDS for w in words)
            and _plausible_author(first, set()))


def _bracketed_byline(lines: list) -> list[str] | None:
    for text, _ in lines:
        match = _BRACKET_BYLINE.search(text) if len(text) < 80 else None
        if match:
            return [match[1]]
    return None


def _photo_credit(windows: list[list[str]]) -> list[str] | None:
    for text in (t for window in windows for t in window if len(t) < 200):
        match = _PHOTO_CREDIT.search(text)
        if match:
            return [match[1] or match[2]]
    return None


def _name_colon_title(lines: list) -> list[str] | None:
    """A line "名字：标题" whose title part the page shows again as a line of its own
    just below (a game's name before a headline is repeated with it, not without it)."""
    texts = [normalise_for_compare(text) for text, _ in lines[:150]]
    for index, (text, _) in enumerate(lines[:150]):
        match = _NAME_COLON_TITLE.match(text) if len(text) < 80 else None
        if match and match[1] not in _NOT_A_WRITER and normalise_for_compare(match[2]) in texts[index + 1: index + 5]:
            return [match[1]]
    return None


# A footer crediting the software ("Powered by Discuz! X3.4 © 2001-2019 Comsenz Inc."):
# the copyright is the vendor's, not the site's writer's.
_SOFTWARE_CREDIT = re.compile(r"\b(?:Powered|Driven|Run)\s+by\b|\bTheme\s+by\b|由.{1,20}(?:驱动|驅動|强力驱动|強力驅動)", re.I)


# A wire story's dateline: the place, the agency in brackets, a dash ("Hamburg (dpa/lno) –",
# "WASHINGTON (AP) —").
_DATELINE = re.compile(rf"^[{_CAPITAL}][\w.'’-]*(?:[\s/-][{_CAPITAL}][\w.'’-]*){{0,3}}\s*\(([A-Za-z]{{2,8}}(?:/[A-Za-z]{{2,5}})?)\)\s*[-–—:]\s")


def _agency_dateline(windows: list[list[str]]) -> str | None:
    """The news agency a story's dateline credits, when nobody else is named."""
    for text in (t for window in windows for t in window):
        match = _DATELINE.match(text)
        if match and match[1].split("/")[0].lower() in _AGENCIES:
            return match[1]
    return None


def _copyright_holder(lines: list) -> list[str] | None:
    """"© 2020 Wolfgang Michal": a personal site's footer names its writer (a person's
    name only: companies are left out)."""
    for text, _ in reversed(lines[-40:]):
        match = _COPYRIGHT.search(text) if len(text) < 160 and not _SOFTWARE_CREDIT.search(text) else None
        if match:
            name = _tidy_name(match[1])
            # The site may well carry the owner's name: only organisations are left out here.
            if _LATIN_NAME.match(name) and 2 <= len(name.split()) <= 3 and _plausible_author(name, set()):
                return [name]
    return None


# A closing note on the writer: "Jane Roe is a freelance writer based in Berlin.", "Jane Roe covers
# politics for the Daily.", "Der Autor Max Berg lebt in Leipzig."
_WRITER_NOTE = re.compile(
    r"^(?:(?:Der Autor|Die Autorin|The author),?\s+)?(\S+(?:\s+\S+){1,2}?),?\s+(?:"
    r"(?:is|was)\s+(?:a|an|the|our)\b.{0,60}?\b(?:reporter|editor|writer|correspondent|contributor|columnist|journalist"
    r"|critic|author|producer)s?\b|covers\s|writes\s+(?:about|for|on)\s"
    r"|(?:ist|war)\s.{0,60}?(?:Journalist|Autor|Redakteur|Reporter|Korrespondent|Kolumnist|Blogger|Schriftsteller)(?:in)?\b"
    r"|schreibt\s+(?:für|über)\s|lebt\s+(?:in|als)\s)")


# A blog post's sign-off: a greeting, then the writer's first name or handle ("Liebe Grüße, Olga",
# "Eure Olga", "LG Anna", "Cheers, Jane"); the greeting may stand on the line before the name.
# A greeting that is also a word ("Love Island", "Servus Wien") needs its comma; a possessive
# names a person, not a group ("Euer Team", "Dein Spieleblog").
_GREETING = (r"(?:(?:Liebe|Viele|Herzliche|Beste|Sonnige|Schöne)\s+Grüße|Alles Liebe|Bis bald|Cheers|Love|xoxo|Hugs"
             r"|Regards|Best wishes|Kind regards|Greetings|Ciao|Servus|Gruß|Grüße)")
_POSSESSIVE = r"(?:Eure?|Euer|Deine?)"
_SIGN_OFF = re.compile(rf"^(?:{_GREETING}\s*[,!]|{_POSSESSIVE}|LG|VG)\s+(\S+(?:\s\S+)?)$", re.I)
_GREETING_LINE = re.compile(rf"^(?:{_GREETING}|{_POSSESSIVE}|LG|VG)\s*[,!.]?$", re.I)
_GROUP = re.compile(r"(?:team|redaktion|crew|blog|magazin|online)$", re.I)
_FIRST_NAME = re.compile(rf"^[{_CAPITAL}][\w'’-]+(?:\s[{_CAPITAL}][\w'’-]+)?$|^[a-z][a-z0-9_.-]{{2,20}}$")


def _sign_off(tail: str | None) -> str | None:
    """The name a blog post signs off with (``tail`` holds its last line and the one before):
    a first name or handle, weaker than any other name the page gives."""
    *before, line = (tail or "").split("\n")
    line = line.strip(" -–—")
    sign_off = _SIGN_OFF.match(line)
    name = sign_off[1] if sign_off else line if before and _GREETING_LINE.match(before[-1].strip()) else None
    return name if name and _FIRST_NAME.match(name) and not _GROUP.search(name) else None


def _signature(tail: str | None) -> list[str] | None:
    """The article's closing line (``tail`` holds it and the line before): nothing but a two-
    or three-word name ("Stefan Wasmer"), or a note on who the writer is."""
    line = (tail or "").rpartition("\n")[2].strip(" -–—")
    if _SIGN_OFF.match(line):
        return None  # "Eure Olga": a greeting, then the name (_sign_off)
    if _LATIN_NAME.match(line) and 2 <= len(line.split()) <= 3:
        return [line]
    note = _WRITER_NOTE.match(line) if len(line) < 300 else None
    return [note[1]] if note and _person_line(note[1]) else None


def _home_links(root, url: str) -> set[str]:
    """The texts of links to the site's front page (its logo, "首页")."""
    host = urlsplit(url).hostname
    return {clean_line(link.text_content()) for link in root.iter("a")
            if (href := urlsplit((link.get("href") or "").strip())).path in ("", "/") and not href.query
            and href.hostname in (None, host) and (link.get("href") or "").strip() not in ("", "#")}


def _site_words(url: str, site_names: list[str], document_title: str) -> set[str]:
    """Keys that name the site: og:site_name, the host name, the <title>'s site segment."""
    keys = {_letters(s) for s in site_names}
    host = urlsplit(url).hostname or ""
    keys.update(_letters(part) for part in host.split(".") if len(part) > 3)
    keys.add(_letters(host))
    segments = title_segments(document_title)
    if len(segments) > 1:
        keys.add(_letters(min(segments[0], segments[-1], key=len)))
    keys.discard("")
    return keys


# What follows a site's name in its own name ("永創攻略網" of 永創攻略), not a channel of it.
_SITE_SUFFIXES = {"网", "網", "站", "网站", "網站", "官网", "官網"}


def _of_the_site(key: str, site: str) -> bool:
    """Whether a credited name is the site's, shortened ("3DM" of 3dmgame) or a channel of
    it ("凤凰网游戏" of 凤凰网); the site's name with 网 after it is the site crediting itself."""
    if len(site) < 2 or not key:
        return False
    return site.startswith(key) or (key.startswith(site) and key[len(site):] not in _SITE_SUFFIXES)


def _letters(text: str) -> str:
    return "".join(c for c in normalise_for_compare(text) if c.isalnum())


def _plausible_author(name: str, sites: set[str]) -> bool:
    """Structured author values that are really the site, an organisation, a domain or a user id are dropped."""
    key = _letters(name)
    # A short Han name opening the site's ("网易" of "网易新闻") is the brand, unless it
    # opens with a surname: a blog carries its writer's name ("张三的博客").
    brand = _HAN_NAME.match(key) is not None and key[0] not in _SURNAMES and any(site.startswith(key) for site in sites)
    return (0 < len(name) <= 80 and not any(c.isdigit() for c in name) and not _DOMAIN.search(name) and not brand
            and not _ORGANISATION.search(name) and key not in sites and not any(key in site for site in sites if len(key) > 3))


# "Elena Oberholzer (obe)": the writer's short code after the name.
_NAME_CODE = re.compile(r"\s*\((?:[a-zäöü]{2,4})\.?\)\.?$")
_JOINED_NAMES = re.compile(r"\s+(?:and|und|&|et|y|e)\s+")


def _structured_name(raw: str) -> str:
    """A meta/JSON-LD author value without lead-in ("Von …"), handle, code or trailing date."""
    name = _LEAD_IN.sub("", clean_line(_WITH_OTHERS.sub(r", \1", _PADDED_NAME.sub(r"\1\2", raw))))
    cut = _STRUCTURED_END.search(name)
    return _tidy_name(_NAME_CODE.sub("", (name[: cut.start()] if cut else name).strip(" ,;-|")))


def _structured_names(raw: str) -> list[str]:
    """"Samya Kullab and Vasilisa Stepanenko": one value naming several people, when every
    part is a first and last name (not "Johnson & Johnson")."""
    name = _structured_name(raw)
    parts = _JOINED_NAMES.split(name)
    if len(parts) > 1 and all(_LATIN_NAME.match(part) and len(part.split()) >= 2 for part in parts):
        return parts
    return _before_description(name)


def _before_description(name: str) -> list[str]:
    """"Jonas Petraitis, universiteto profesorius": the names
    before a comma that starts a description (words in lower case: a role, an affiliation)."""
    parts = [part.strip() for part in name.split(",")]
    names = []
    for part in parts:
        if not (_LATIN_NAME.match(part) and 2 <= len(part.split()) <= 4) or _outlet(part) or _JOB_TITLE.search(part):
            break
        names.append(part)
    rest = parts[len(names):]
    # After the names: a description, a job ("…, AP National Political Writer") or the paper
    # ("…, CNN", "…, Associated Press", "…, Cleveland.com").
    described = rest and (any(word.islower() for word in rest[0].split()) or _JOB_TITLE.search(rest[0]) is not None
                          or all(_outlet(part) or _DOMAIN.search(part) for part in rest))
    return names if names and described else [name]


def _without_site(name: str, sites: set[str]) -> str:
    """"unocero - Alberto Ávila": the site's name joined to the writer's is dropped."""
    parts = [part for part in re.split(r"\s+[-|–—]\s+", name) if part.strip()]
    kept = [part for part in parts if _letters(part) not in sites]
    return kept[0] if len(parts) == 2 and len(kept) == 1 else name


def _completed(names: list[str], byline: list[str] | None, lines: list, sites: set[str]) -> list[str]:
    """Structured names completed from the page.

    A byline that names every structured author and more ("von Rudolf Fischer, Simon
    Kohler" against "Rudolf Fischer") is the fuller list; a first name alone ("Todd") is
    completed by the page's line giving it with a surname ("Todd Bates").
    """
    keys = {_letters(name) for name in names}
    # (A place after the name, "Von Martin Krüger, Paris", is no other writer: those give a surname too.)
    extra = [name for name in byline or [] if _letters(name) not in keys]
    if (byline and len(byline) > len(names) and keys <= {_letters(name) for name in byline}
            and all(_plausible_author(name, sites) for name in byline)
            and all(" " in name or _HAN_NAME.match(name) for name in extra)):
        return byline
    if len(names) == 1 and _LATIN_NAME.match(names[0]) and " " not in names[0]:
        pattern = re.compile(rf"^(?:By\s+|Von\s+)?({re.escape(names[0])}\s+[A-ZÀ-Þ][\w'’-]+)(?:$|\s+[-–—|,]\s)")
        for text, _ in lines:
            match = pattern.match(text) if len(text) < 300 else None
            if match:
                return [match[1]]
    return names


def _as_written(names: list[str], lines: list) -> list[str]:
    """Names in capitals ("STEVE PEOPLES" in a feed's byline) as the page's byline writes
    them ("Steve Peoples, AP National Political Writer"), when it does."""
    written = []
    for name in names:
        if name.isupper() and len(name) > 3:
            pattern = re.compile(rf"\b{re.escape(name)}\b", re.I)
            name = next((match[0] for text, _ in lines if len(text) < 200 and (match := pattern.search(text))
                         and not match[0].isupper()), name)
        written.append(name)
    return written


def _contradicted(names: list[str], byline: list[str], lines: list, sites: set[str]) -> bool:
    """A structured author that the page never shows, against a labelled byline by the
    headline naming someone else: the tag is the template's (a magazine's or a former
    writer's name on every page) or the producer's who posted it, the byline the article's."""
    if {_letters(name) for name in names} & {_letters(name) for name in byline}:
        return False
    if not all(_plausible_author(name, sites) for name in byline):
        return False
    shown = " ".join(text for text, _ in lines).lower()
    return not any(name.lower() in shown for name in names)


_EDITOR_RANK = _RANKS.index("editor")


def _writer_beside_editor(root, names: list[str], windows: list[list[str]], software: set[str]) -> list[str] | None:
    """The writer the page names when the structured author is the one it labels as editor
    ("Editor : Dewi Lestari" under a byline naming someone else): an editor is the author only
    when nobody better is shown."""
    keys = {_letters(name) for name in names}
    edited = any(hit[0] == _EDITOR_RANK and keys <= {_letters(name) for name in hit[1]}
                 for window in windows for text in window if (hit := _labelled_authors(text)))
    if not edited:
        return None
    for find in (lambda: _byline_authors(windows, (0, 1)), lambda: _marked_authors(root, windows[0])):
        other = [name for name in _real_names(find(), software) or [] if _letters(name) not in keys]
        if other:
            return other
    return None


# Values that stand where a name would and name nobody.
_PLACEHOLDERS = {
    "未知", "佚名", "匿名", "不详", "不詳", "暂无", "暫無", "无", "無", "网友", "網友", "游客", "遊客", "本站", "管理员", "管理員",
    "网络", "網絡", "網路", "互联网", "互聯網", "原创", "原創",
    "超级管理员", "超級管理員", "系统管理员", "系統管理員", "admin", "administrator", "root", "webmaster", "guest", "unknown",
    "anonymous", "anon",
    "n/a", "na", "none", "null", "user",
}
# Stand-ins for the writer that count only when the page names nobody else.
_STAND_INS = {"小编", "小編", "编辑部", "編輯部", "本站编辑", "本站編輯", "editor", "staff", "redaktion"}
_NO_LETTERS = re.compile(r"^[\W_]*$")


# A newsroom's desk or wire credited where a writer would be: "National Desk", "CNN Wire".
_DESK = re.compile(r"^(?:[\w.&'-]+\s+){1,3}(?:Desk|Wire|Staff|Newsroom|Reports)$")


def _shown_as_source(name: str, windows: list[list[str]]) -> bool:
    """A structured author the page shows as the story's source ("来源：网易爱玩"): the outlet
    it came from, not its writer."""
    label = re.compile(rf"(?:来\s*源|來\s*源|出\s*处|出\s*處)\s*[:：]?\s*{re.escape(name)}(?![\w])")
    return any(label.search(line) for window in windows[:2] for line in window if name in line)


def _stands_in(name: str) -> bool:
    """A stand-in (小编, Redaktion, a desk or wire), a news agency (AP) or a news outlet named
    where the writer would be (作者：新京报)."""
    return (name.lower() in _STAND_INS or name.lower() in _AGENCIES or _HAN_OUTLET.match(name) is not None
            or _DESK.match(name) is not None)


def _placeholder(name: str) -> bool:
    """A stand-in that names no one who wrote (小编, Redaktion, a desk), unlike an agency or a paper."""
    return name.lower() in _STAND_INS or _DESK.match(name) is not None


def _credited_software(root) -> set[str]:
    """Words of the page's generator meta ("Discuz! X3.4"): the software, never a writer."""
    words = set()
    for meta in root.iter("meta"):
        if (meta.get("name") or "").lower() == "generator":
            words.update(w for w in re.findall(r"[^\W\d_]{4,}", (meta.get("content") or "").lower()))
    return words


_SECOND_LEVEL = {"com", "co", "net", "org", "gov", "edu", "ac", "or", "ne"}
# Marks a credited word that counts only as the whole name (a platform's name may be a
# surname inside a writer's: blog.smith.com), not inside one as software words do.
_WHOLE_NAME = "="


def _hosting_platform(url: str) -> set[str]:
    """The platform a page is hosted on ("tumblr" for someone.tumblr.com): a blog on a
    subdomain of it is the user's site, and the platform's name is no writer. (On
    heiko-adams.de the domain's name may well be the writer's.)"""
    labels = (urlsplit(url).hostname or "").lower().removeprefix("www.").split(".")
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2:
        labels = labels[:-1]  # someone.blog.com.cn
    return {_WHOLE_NAME + _letters(labels[-2])} if len(labels) >= 3 else set()


def _is_credit(name: str, software: set[str]) -> bool:
    """A placeholder, a web address, the software's or hosting platform's credit ("Discuz!
    Team": no person's name has a "!"). (A byline naming the site stays: personal sites carry their
    writer's name.)"""
    lowered = name.lower()
    return (_NO_LETTERS.match(name) is not None or lowered.strip(" .") in _PLACEHOLDERS or "!" in name
            or _WHOLE_NAME + _letters(name) in software
            # The platform's own account ("sina_mobile" on finance.sina.cn).
            or (_HANDLE.match(lowered) is not None and _WHOLE_NAME + _letters(re.split(r"[_.-]", lowered)[0]) in software)
            or any(word in lowered for word in software if not word.startswith(_WHOLE_NAME)))


def _real_names(names: list[str] | None, software: set[str]) -> list[str] | None:
    kept = [name for name in names or [] if not _is_credit(name, software)]
    return kept or None


def author_field(page: Page, windows: list[list[str]], signature: str | None = None) -> tuple[str | None, str]:
    """Selector, structured data, then bylines: author labels, author markup, a signature,
    editor labels; with the source of the value. Placeholders (未知, admin), the site's and
    the software's names are skipped; a stand-in (小编) only when nobody else is named.

    ``windows`` are line groups where bylines sit, most likely first; ``signature`` holds the
    article's last two lines, where some portals put the writer's name alone.
    """
    root, structured, url = page.root, page.structured, page.url
    selected = selected_text(root, page.options.author_selector)
    if selected:
        found = _labelled_authors(selected)
        return (", ".join(found[1]) if found else selected), SELECTOR
    sites = _site_words(url, structured.site_names, page.document_title)
    software = _credited_software(root) | _hosting_platform(url)
    stand_in = None
    for names, origin in zip(structured.authors, structured.author_origins):
        cleaned = list(dict.fromkeys(name for n in names for part in _structured_names(n)
                                     if _plausible_author(name := _without_site(part, sites), sites)))
        cleaned = _real_names(cleaned, software) or []
        if cleaned and all(_stands_in(name) or _shown_as_source(name, windows) for name in cleaned):
            stand_in = stand_in or (", ".join(cleaned), origin)
            continue
        if cleaned and (writer := _writer_beside_editor(root, cleaned, windows, software)):
            return ", ".join(writer), HEURISTIC
        if cleaned and not all(_HANDLE.match(name) for name in cleaned):
            # Only the byline by the headline can list more writers than the structured data.
            headline_byline = _real_names(_byline_authors(windows[:1], (0,)), software)
            if headline_byline and set(cleaned) <= set(structured.organisations) and (
                    people := [name for name in headline_byline if _plausible_author(name, sites)]):
                # An organisation tagged as the author (the wire, the paper), people named by the headline.
                return ", ".join(_markup_trimmed(root, people) or people), HEURISTIC
            if headline_byline and _contradicted(cleaned, headline_byline, page.lines, sites):
                return ", ".join(headline_byline), HEURISTIC
            completed = _completed(cleaned, headline_byline, page.lines, sites)
            return ", ".join(_as_written(completed, page.lines)), origin if completed == cleaned else HEURISTIC
        if cleaned:
            # Only user handles: the page's byline names the person, when it has one.
            byline = _real_names(_byline_authors(windows, (0, 1)), software)
            return (", ".join(byline), HEURISTIC) if byline else (", ".join(cleaned), origin)
    def bylines() -> list[str] | None:
        names = _markup_trimmed(root, _byline_authors(windows, (0, 1)))
        return (names and _thread_starter(root, names)) or names

    def marked() -> list[str] | None:
        names = _marked_authors(root, windows[0], software)
        return (names and _thread_starter(root, names)) or names

    writers = (bylines, marked,
               lambda: _linked_authors(root, windows[0]), lambda: _signature(signature),
               lambda: _bracketed_byline(page.lines), lambda: _name_colon_title(page.lines), lambda: _photo_credit(windows))
    others = (lambda: _byline_authors(windows, (2, 3, 4, 5)), lambda: _boxed_author(root), lambda: _copyright_holder(page.lines))
    for number, find in enumerate(writers + others):
        # An agency or paper credited as the writer wrote the story; an editor only handled it.
        if number == len(writers) and stand_in and not any(_placeholder(name) for name in stand_in[0].split(", ")):
            return stand_in
        names = _real_names(find(), software)
        if names and len(names) > 1:
            # "作者：遊戲基地 小狼": the site's name before its writer's.
            names = [name for name in names if not any(key.startswith(_letters(name)) for key in sites)] or names
        if names and all(_HAN_NAME.match(name) and _letters(name) in sites and name in _home_links(root, url) for name in names):
            continue  # the site's logo ("简书", a link to the front page) read as a name alone on its line
        if number == len(writers) and names:
            # "来源：三国志攻略站" on that site's page, "来源：凤凰网游戏" on 凤凰网's: the site's
            # own content (a channel of it), no writer named.
            names = [name for name in names if not any(_of_the_site(_letters(name), key) for key in sites)] or None
        if names and all(_stands_in(name) for name in names):
            stand_in = stand_in or (", ".join(clean_line(n) for n in names), HEURISTIC)
        elif names:
            return ", ".join(clean_line(n) for n in names), HEURISTIC
    # Weaker than a stand-in the page shows ("Redaktion"): the wire agency of the dateline.
    agency = _agency_dateline(windows)
    signed = _sign_off(signature)
    signed = signed if signed and _real_names([signed], software) and _plausible_author(signed, sites) else None
    return (stand_in or (agency and (agency, HEURISTIC)) or _personal_site(structured, sites, software)
            or (signed and (signed, HEURISTIC)) or (None, NONE))


def _personal_site(structured, sites: set[str], software: set[str]) -> tuple[str, str] | None:
    """A structured author that is the site's name as well, when it reads as a person's
    (first and last name, no article, no organisation): a personal site carries its writer's
    name, and nothing else on the page names one."""
    for names, origin in zip(structured.authors, structured.author_origins):
        for name in names:
            name = _structured_name(name)
            if (not _plausible_author(name, sites) and _person_line(name) and name.split()[0].lower() not in _ARTICLES
                    and not _is_credit(name, software)):
                return name, origin
    return None
