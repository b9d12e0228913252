"""Render the chosen block: furniture removed, text taken and body_html prepared for nh3, all with lxml."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin

import nh3
from lxml import etree

from .dates import WRITTEN_DAY
from .lines import page_lines
from .mainblock import reads_as_prose
from .text import fold_whitespace, normalise_for_compare, strip_pinyin, text_content

# "您所在的位置：首页 > 快讯", "当前位置：…", or a trail from the front page ("首页 > 快讯 > 公司").
# A bare "位置：" is a trail only with its separators: a guide's "位置：城门外的大门处" is content.
_BREADCRUMB = re.compile(r"^[^\s:：，。]{1,6}位置\s*[:：]|^位置\s*[:：].*[>»›＞]|^(?:首页|首頁|Home)\s*[>»›]\s*\S", re.I)
# A guide's fields read like labels ("刷新时间：采集后48小时", "开放日期：周三", "获取来源：首领挑战"):
# a bare time or date label counts only before a date, a source only alone or after an article's word.
_LABELLED_DAY = r"(?=\s*[:：]\s*(?:\d{2,4}\s*[-/.年]|\d{1,2}\s*[:：月]|\d+\s*(?:秒|分钟|分鐘|小时|小時|天)前|今天|昨天|前天|刚刚|剛剛))"
_BYLINE_LABEL = re.compile(
    # (The branches' first characters first: the pattern is searched at every position of every line.)
    r"(?=[作撰记記责責编編原发發来來文新信資资稿消内內图圖题題数數时時日浏瀏阅閱点點校\s])(?:"
    r"(作者|撰文|记者|記者|责任编辑|責任編輯|责编|責編|编辑|編輯|原创|原創|发布时间|發布時間|发表时间|發表時間|发布日期|發布日期|"
    r"(?:文章|新闻|新聞|信息|資訊|资讯|稿件|消息|内容|內容|图片|圖片|题图|題圖|资料|資料|数据|數據)(?:来源|來源)|"
    r"(?<![\u4e00-\u9fff])(?:来源|來源)|"
    rf"(?:时间|時間|日期){_LABELLED_DAY}|"
    r"浏览|瀏覽|阅读|閱讀|点击|點擊)\s*[:：]"
    # The people credited as official accounts write them: "编辑|禤志杰", "校对|黄慧敏".
    r"|(作者|记者|記者|责任编辑|責任編輯|责编|責編|编辑|編輯|校对|校對)\s*[|｜丨]|^\s*(文)\s*[|｜丨/／])"
)
# Credits without a colon, alone on their line: "编辑 张莉", "编辑 张磊 校对 刘军".
_SPACED_CREDITS = re.compile(r"^(?:(?:作者|记者|記者|责任编辑|責任編輯|责编|責編|编辑|編輯|校对|校對|审核|審核)\s+[\u4e00-\u9fff·]{2,6}\s*)+$")
# Reporter lines without a colon ("本报记者王燕平", a site or channel set off before the
# word: "新华网黑龙江频道 记者 伊琳") and bare datelines ("2003-7-24 钱江晚报").
_REPORTER_LINE = re.compile(r"^(?:本报|本刊|本台|新华社|中新社|\S{2,12}\s+)?(?:记者|記者|实习生|實習生|通讯员|通訊員)\s*\S")
_DATELINE = re.compile(r"^\d{4}\s*[-/.年]\s*\d{1,2}\s*[-/.月]\s*\d{1,2}\s*日?(?:\s*\d{1,2}[:：]\d{2}(?::\d{2})?)?\s*\S{0,12}$")
# A forum post's header line: "发表于 2019-9-5 11:10 | 只看该作者".
_POST_HEADER_LINE = re.compile(r"^(?:发表于|發表於|发表在|發表在|Posted on)\s*\d{4}\s*[-/.年]\s*\d{1,2}", re.I)
_SENTENCE = re.compile(r"[，。？！；]|[?!]\s")
# "By Jane Roe", "by admin"; not a sentence opening with the word ("By comparison, …", "By leveling up").
_ENGLISH_BYLINE = re.compile(r"^(?:By|Written by|Posted by|Von|Autor)\s+(?:(?-i:[A-ZÀ-Þ])|[^\s,.;:]{1,24}$)", re.I)
# A wiki heading's edit links: "[编辑]", "[edit | edit source]".
_EDIT_LINKS = re.compile(r"^\[[^\[\]]{1,40}\]$")
_TAG = re.compile(r"\s*[\[【［(（][^\]】］)）]{1,8}[\]】］)）]\s*")
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# A forum post's floor number on a line of its own: "#0", "1#", "2楼", "沙发".
_FLOOR = re.compile(r"^(?:#\d{1,5}|\d{1,5}\s*#|\d{1,5}\s*[楼樓]|[楼樓]主|沙[发發]|板凳|地板)(?:\s*只看(?:该作者|該作者|[楼樓]主|此人)?)?$")
_PAGE_NAV = re.compile(r"^(?:(?:Pages?|Seiten?|页面|頁面|分页|分頁)\s*[:：]\s*)?"  # WordPress's "Pages: 1 2 3"
                       r"(?:上一[页頁]|下一[页頁]|首[页頁]|尾[页頁]|末[页頁]|共|第|[页頁]|Prev\w*|Next|[\d\s|<>«».…\[\]/])+$", re.I)
# A heading that opens the related-articles list closing many articles.
_RELATED = re.compile(
    r"^(?:相关|相關|延伸|推荐|推薦|更多)(?:报道|報道|文章|新闻|新聞|阅读|閱讀|链接|鏈接)\s*[:：]?$|"
    r"^(?:related(?: (?:articles|stories|posts|news|guides?|reading))?|read (?:more|also|next)|see also|mehr zum thema"
    r"|lesen sie auch|à lire aussi|leia também|lee también|leggi anche)\s*:?$", re.I
)
# A site's or a photo's copyright notice: "© 2023 Example Media", "Copyright 2019 …",
# "版权所有，转载请注明出处". The word alone ("a copyright lawsuit") is no notice.
_COPYRIGHT = re.compile(r"©|\(c\)\s*\d{4}|\bcopyright\s*(?:©|\(c\)|\d{4})|all rights reserved|版权所有|版權所有"
                        r"|^(?:免责|免責|特别|特別)?(?:声明|聲明)\s*[:：]"  # and a disclaimer: "声明：…仅供参考"
                        # and a reprint notice: "转载请注明出处", "未经授权禁止转载", "謝絕轉載"
                        r"|(?:转载|轉載)[请請]?(?:注明|註明|联系|聯繫)|(?:禁止|严禁|嚴禁|谢绝|謝絕|不得)(?:任何)?(?:转载|轉載)"
                        r"|(?:请勿|請勿)(?:任意|擅自)?(?:复制|複製|转贴|轉貼|转载|轉載)", re.I)
_NOTICE_LENGTH = 120
# A portal's call to scan its QR code, under the picture of it: "扫描二维码关注…官方微信", "扫码下载",
# or to follow its account: "点击上方蓝字关注我们";
# and to its topic page: "更多相关资讯请关注：某游戏专区".
_FOLLOW_US = re.compile(r"(?:扫描|掃描|扫码|掃碼|长按|長按|点击|點擊).{0,20}(?:二维码|二維碼|关注|關注|下载|下載)"
                        r"|^更多.{0,8}(?:请|請)(?:关注|關注|访问|訪問|点击|點擊)\s*[:：]")
_FOLLOW_LENGTH = 40
# A forum post's note of its last edit: "Last edited by X on …, edited 1 time in total.",
# "Edited December 2, 2023 by X", "本帖最后由 X 于 2023-5-6 10:02 编辑".
_EDIT_NOTICE = re.compile(
    r"^(?:Last edited by\s.{1,80}|Edited\s.{1,60}\sby\s.{1,40}|Edited by\s.{1,60}|\(?This post was last modified:.{0,80}"
    r"|本帖最[后後]由.{1,40}[编編][辑輯]|Zuletzt (?:bearbeitet|geändert)(?: von)?:?\s.{1,80}|Dernière (?:modification|édition) par\s.{1,80}"
    r"|Последний раз редактировалось\s.{1,80})$", re.I)
# The citation opening a quoted post ("X wrote:", "Cheggf said:", "引用 X 的回复", "X 发表于
# 2023-5-6 12:03"): the quote repeats another post, not this one.
_QUOTE_CITATION = re.compile(
    r"^(?:.{1,60}?\s(?:wrote|said|writes|schrieb|hat geschrieben|a écrit|escribió|ha scritto|написала?)\s*:"
    r"|(?:Quote|Zitat|Citation|Cita|引用)\b|.{1,30}?\s*(?:写道|寫道)\s*[:：]|.{1,30}?\s(?:发表于|發表於)\s*\d)", re.I)
_FURNITURE_TAGS = ("h1", "h2", "p", "div", "span", "td", "li", "ul", "ol", "table", "center", "font", "dl", "section")
_SANITISE_TAGS = {
    "p", "br", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code",
    "em", "strong", "b", "i", "u", "sub", "sup", "a", "img", "figure", "figcaption",
    "table", "thead", "tbody", "tr", "td", "th", "dl", "dt", "dd", "hr", "div", "span",
}
_SANITISE_ATTRIBUTES = {"a": {"href", "title"}, "img": {"src", "alt", "title", "width", "height"}}


@dataclass
class Body:
    text: str
    html: str


def is_byline(text: str) -> bool:
    """A short metadata line (作者：… 發布時間：… 发表于 2019-9-5), not a paragraph of the article."""
    if len(text) < 120 and (_ENGLISH_BYLINE.match(text) or _POST_HEADER_LINE.match(text)):
        return True
    if _SENTENCE.search(text):
        return False  # "记者：你通过什么渠道获取信息？" is an interview question, not a byline
    if len(text) < 40 and (_REPORTER_LINE.match(text) or _DATELINE.match(text) or _SPACED_CREDITS.match(text)):
        return True
    if len(text) >= 160:
        return False
    labels = len(_BYLINE_LABEL.findall(text))
    return labels >= 1 and (labels >= 2 or len(text) < 60)


def _drop_related(top) -> list:
    """Each "相关报道" / "Related articles" heading or badge and the list or card after it, up
    to the first paragraph of prose (a box of related links may open an article as well as
    close it, and cards of them stand between its paragraphs)."""
    listed: list = []
    for element in top.iter():
        if (element is not top and element not in listed and len(element) <= 2
                and _RELATED.match(fold_whitespace(text_content(element)))):
            listed.append(element)
            for sibling in element.itersiblings():
                if not isinstance(sibling.tag, str):
                    continue
                if _prose_paragraph(sibling):
                    break
                listed.append(sibling)
    return listed


_PROSE_PUNCTUATION = re.compile(r"[，。？！；]|[.?!,;]\s")


def _prose_paragraph(element) -> bool:
    """Sentences outside links: an article's paragraph, not a list's entry (a linked
    headline, "·另一篇文章的標題（2005-04-03）")."""
    own = fold_whitespace(text_content(element))
    for link in element.iter("a"):
        own = own.replace(fold_whitespace(text_content(link)), "", 1)
    return len(own) >= 40 and _PROSE_PUNCTUATION.search(own) is not None


_INLINE = {"span", "font", "b", "i", "em", "strong", "u", "sub", "sup", "small"}


_CONTROLS = ".//input[not(@type='hidden')] | .//select | .//textarea | .//label"  # labels outlive pruned inputs
_CONTROL_TAGS = ("input", "select", "textarea", "label")
_WIDGET_TAGS = ("div", "section", "aside", "form", "fieldset")


def _is_widget(element, total: int) -> bool:
    """A small block built around form controls inside the article: an embed's consent
    toggle, a newsletter sign-up, a poll. Its text is instructions, not the article."""
    if element.tag not in _WIDGET_TAGS or not element.xpath(_CONTROLS):
        return False
    size = len(fold_whitespace(text_content(element)))
    return size <= 600 and size <= 0.3 * total


def _widgets(top, total: int) -> list:
    found: list = []
    if next(top.iter(*_CONTROL_TAGS), None) is None:
        return found  # no control anywhere in the block: no block needs its own search
    for element in top.iter(*_WIDGET_TAGS):
        if element is not top and not any(ancestor in found for ancestor in element.iterancestors()) and _is_widget(element, total):
            found.append(element)
    return found


def _quoted_posts(top) -> list:
    """Quotes of other posts inside a post: a blockquote opening with its citation."""
    found = []
    for quote in top.iter("blockquote"):
        if quote is top or any(ancestor in found for ancestor in quote.iterancestors()):
            continue
        first = next(iter(page_lines(quote)), None)
        if first is not None and _QUOTE_CITATION.match(fold_whitespace(first[0])):
            found.append(quote)
    return found


def _inline_in_prose(element, text: str) -> bool:
    """A span or font inside a sentence ("工地，<span><font>4</font></span>幢居民楼"): word
    processors wrap digits and Latin words so; they are text, not page numbers."""
    if element.tag not in _INLINE:
        return False
    node = element
    while (parent := node.getparent()) is not None:
        previous, following = node.getprevious(), node.getnext()
        before = previous.tail if previous is not None else parent.text
        if (before or "").strip() or (node.tail or "").strip():
            return True  # text on the same line
        if any(isinstance(side.tag, str) and side.tag in _INLINE_TEXT and text_content(side).strip()
               for side in (previous, following) if side is not None):
            return True  # "<span>4</span><a>幢</a>": a run of inline pieces
        if parent.tag not in _INLINE:
            return False  # a line of its own: a pager between paragraphs
        node = parent
    return False


_INLINE_TEXT = _INLINE | {"a"}
_SHORT_ARTICLE = 100  # characters: the shortest article text a link-heavy block may hold
_WORD_CHARACTER = re.compile(r"\w")
_GRID_ROWS = 3  # rows of two or more cells that make a table a grid of data
_FIGURE = re.compile(r"[+\-–—]?\d[\d.,]*\s*%?")


def _table_cells(table) -> list[list]:
    """The cells of the table's own rows, row by row (those of tables nested in its cells left out)."""
    return [[cell for cell in row if cell.tag in ("td", "th")]
            for row in table.iter("tr") if next(row.iterancestors("table"), None) is table]


_HEADLINE_LINK = 8  # characters: a linked headline, not a linked name ("技能", "v1.0")
_NOT_A_STAMP = re.compile(r"[^\W\d_年月日时時分秒]")


def _headline_row(cells: list) -> bool:
    """A row of a list of other articles: one linked headline, a date or a count beside it."""
    links = [a for cell in cells for a in cell.iter("a")]
    if len(links) != 1 or len(headline := fold_whitespace(text_content(links[0]))) < _HEADLINE_LINK:
        return False
    rest = " ".join(fold_whitespace(text_content(cell)) for cell in cells).replace(headline, "", 1)
    return not _NOT_A_STAMP.search(WRITTEN_DAY.sub("", rest))


def _month_calendar(rows: list) -> bool:
    """A blog's calendar: its numbered cells count the days of a month, 1 to 28-31."""
    days = [int(text) for row in rows for cell in row if (text := text_content(cell).strip()).isdigit()]
    return 28 <= len(days) <= 31 and days == list(range(1, len(days) + 1))


def _data_table_cells(top) -> list:
    """The cells of the data tables in the block: grids of rows with two or more cells
    whose text is spread over many cells, not a layout table holding the article in one.
    A wiki's stat table links most of its cells (items, skills, characters): it is data
    as a whole, and whether it is a list of links is judged for the whole table."""
    cells: list = []
    for table in top.iter("table"):
        rows = _table_cells(table)
        # (A header row of <th> over one row of values is a grid too: a boss's stats.)
        headed = len(rows) == 2 and len(rows[0]) >= 2 and all(cell.tag == "th" for cell in rows[0])
        if (sum(len(row) >= 2 for row in rows) < _GRID_ROWS and not headed) or _month_calendar(rows):
            continue
        lengths = [len(fold_whitespace(text_content(cell))) for row in rows for cell in row]
        if max(lengths) * 5 <= sum(lengths) * 2:
            cells.extend(cell for row in rows for cell in row)
    return cells


def _drop_edit_links(top) -> None:
    """A wiki heading's edit links ("技能[编辑]"): controls, not the heading (lxml, in place)."""
    for heading in top.iter(*_HEADINGS):
        for element in heading.iterdescendants("span", "div"):
            text = fold_whitespace(text_content(element))
            links = sum(len(fold_whitespace(text_content(a))) for a in element.iter("a"))
            if _EDIT_LINKS.match(text) and links >= len(text) - 2 - 3 * text.count("|"):
                element.drop_tree()
                break


def _drop_furniture(elements: list, title: str | None, in_data: set) -> None:
    """Remove breadcrumbs, byline lines, page navigation, the title and link lists (lxml, in
    place); nothing inside a data table's cells (``in_data``) is judged on its own."""
    title_key = normalise_for_compare(title) if title else None
    total = sum(len(text_content(top)) for top in elements)
    if len(elements) > 1:
        elements[:] = [top for top in elements if not _is_widget(top, total)]
    for top in elements:
        _drop_edit_links(top)
        for mark in [sup for sup in top.iter("sup") if "reference" in (sup.get("class") or "")]:
            mark.drop_tree()  # a wiki's footnote mark ("[1]"): its note is no body text either
        doomed = _drop_related(top) + _widgets(top, total) + _quoted_posts(top)
        # Each link's folded text length, read once: the nested blocks below hold the same links.
        link_lengths = {a: len(fold_whitespace(text_content(a))) for a in top.iter("a")}
        # A short article beside a long list of links is still the article: a block
        # holding most of the text outside links is no link list, whatever its link share.
        unlinked = len(fold_whitespace(text_content(top))) - sum(link_lengths.values())
        for element in top.iter(*_FURNITURE_TAGS, "h3"):
            if element in in_data:
                continue
            text = fold_whitespace(text_content(element))
            if not text:
                if element.find(".//img") is None and element.tag != "img":
                    doomed.append(element)  # empty wrapper, nothing to read
                continue
            if len(text) > 2000 and element.tag != "table":
                continue  # a real content container, not furniture (a table may be a big link grid)
            key = normalise_for_compare(strip_pinyin(text)) if title_key and len(text) < 240 else None
            # A heading may show the title after a kicker ("Klimaschutz: Bohren, bis …").
            is_title = key is not None and (key == title_key or (
                element.tag in ("h1", "h2") and key.endswith(title_key) and len(key) - len(title_key) <= 40)
                # A forum post's subject: the title after its tag ("[讨论] …").
                or (element.tag == "h3" and key.endswith(title_key) and _TAG.fullmatch(key[: len(key) - len(title_key)])))
            # (A data table's linked names are its data, also inside the table that frames it.)
            links = sum(link_lengths[a] for a in element.iter("a") if a not in in_data)
            page_nav = len(text) < 100 and _PAGE_NAV.match(text) and not _inline_in_prose(element, text)
            own = len(text) - links
            link_list = (links / len(text) > 0.6 and (own < _SHORT_ARTICLE or own * 2 < unlinked)
                         and not _inline_in_prose(element, text))  # a keyword's link inside a sentence
            if element.tag == "h3":
                furniture = is_title  # a forum post's subject repeating the title; other h3s are the article's
            elif element.tag == "table" and next(element.iter("td", "th"), None) in in_data:
                # A data table's cells read like bylines ("冷却时间：10秒"); it is furniture only
                # as a grid of links (a wiki's navigation box), whose " · " are no text of its own.
                words = len(_WORD_CHARACTER.findall(text))
                own = words - sum(len(_WORD_CHARACTER.findall(text_content(a))) for a in element.iter("a"))
                headlines = sum(map(_headline_row, rows := _table_cells(element)))
                # Figures in most rows make linked names data (a learnset: move, type, power, accuracy).
                figures = sum(any(_FIGURE.fullmatch(text_content(cell).strip()) for cell in row) for row in rows)
                furniture = (own < 0.4 * words and (own < _SHORT_ARTICLE or own * 2 < unlinked) and figures * 2 < len(rows)
                             ) or headlines * 5 >= len(rows) * 3
            elif element.tag == "table" and _month_calendar(_table_cells(element)):
                furniture = True
            else:
                furniture = is_title or _BREADCRUMB.match(text) or page_nav or link_list or (
                    is_byline(text) and len(element.findall(".//p")) + len(element.findall(".//div")) <= 1)
            if furniture:
                doomed.append(element)
        for element in doomed:
            if element is not top and element.getparent() is not None:
                element.drop_tree()


_IMAGE_SOURCES = ("data-src", "data-original", "data-lazy-src", "src")


_VERBATIM = {"pre", "textarea"}
_LAYOUT_SPACE = re.compile(r"^[ \n\t\f\r]+$")


def _tidied(text: str, verbatim: bool) -> str:
    """Indentation between tags as one newline or space (outside <pre>), pinyin removed."""
    if not verbatim and _LAYOUT_SPACE.match(text):
        return "\n" if "\n" in text else " "
    return strip_pinyin(text) if "(" in text or "（" in text else text


def _prepared(element, base_url: str) -> str:
    """The block's markup for nh3: pinyin annotations removed, image and link URLs absolute,
    inline placeholder pixels dropped (lxml, in place)."""
    inside = {n for block in element.iter(*_VERBATIM) for n in block.iter() if n is not block}
    verbatim = inside | set(element.iter(*_VERBATIM))
    for node in element.iter():
        # Only changed text is set: lxml rebuilds a text node for each assignment.
        text = node.text
        tail = node.tail if node is not element else None
        if text and (tidied := _tidied(text, node in verbatim)) != text:
            node.text = tidied
        if tail and (tidied := _tidied(tail, node in inside)) != tail:
            node.tail = tidied
    for image in list(element.iter("img")):
        source = next((image.get(a) for a in _IMAGE_SOURCES if image.get(a)), None)
        if source and not source.startswith("data:"):
            image.set("src", urljoin(base_url, source.strip()))
        elif image is not element:
            image.drop_tree()  # an inline placeholder pixel, not an article image
    for anchor in element.iter("a"):
        if anchor.get("href") is not None:
            anchor.set("href", urljoin(base_url, anchor.get("href").strip()))
    for node in element.iter("a", "img"):
        if len(node.attrib) > 1:  # one attribute order, whatever the page's
            attributes = sorted(node.attrib.items())
            node.attrib.clear()
            node.attrib.update(attributes)
    return etree.tostring(element, encoding="unicode", method="html", with_tail=False)


def _paragraphs(elements: list, row_of: dict, in_data: set) -> list[str]:
    """Visual lines of the cleaned block: block elements and <br> end a paragraph; a data
    table's row is one line, its cells (``row_of``: each cell's row) set apart by tabs.
    What is inside a data table's cells (``in_data``) is data whatever it reads like
    ("冷却时间：10秒", a date in a changelog)."""
    kept: list[str] = []
    trailing_headings = 0  # the kept lines at the end that are headings
    row = None
    for element in elements:
        for text, owner in page_lines(element):
            line = fold_whitespace(strip_pinyin(text))
            if not line:
                continue
            if owner in in_data:
                trailing_headings = 0
                if row is not None and row_of.get(owner) is row:
                    kept[-1] += "\t" + line
                else:
                    kept.append(line)
                row = row_of.get(owner)
                continue
            row = None
            if not (is_byline(line) or _BREADCRUMB.match(line) or _FLOOR.match(line) or _EDIT_NOTICE.match(line)
                    or (len(line) < _NOTICE_LENGTH and _COPYRIGHT.search(line))
                    or (len(line) < _FOLLOW_LENGTH and _FOLLOW_US.search(line))):
                kept.append(line)
                parent = owner.getparent()
                # A lead set in a heading's type reads as sentences: it opens no section.
                heading = (owner.tag in _HEADINGS or (parent is not None and parent.tag in _HEADINGS)) and not reads_as_prose(line)
                trailing_headings = trailing_headings + 1 if heading else 0
    # A heading whose section was all furniture ("参考资料", "See also") closes no article.
    del kept[len(kept) - trailing_headings:]
    return _without_repeated_copy(_without_header(kept))


_CLOCK = re.compile(r"\b\d{1,2}[:.h]\d{2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.|uhr)?", re.I)
_LETTERS = re.compile(r"[^\W\d_]+")
_URL_LINE = re.compile(r"^(?:https?://|www\.)\S+$")
_HEADER_LINES = 4  # the lines above an article's first paragraph where its header may sit
_HEADER_LINE_LENGTH = 100
_SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def _is_dateline(line: str) -> bool:
    """A short line that is a date, with at most a few words beside it ("Updated 3:27 am
    PST, Wednesday, November 20, 2019", "Published 2:16 AM EST Nov 20, 2019 / CBS News"),
    not a sentence that mentions one."""
    if len(line) > _HEADER_LINE_LENGTH or line.endswith(_SENTENCE_ENDS):
        return False
    day = WRITTEN_DAY.search(line)
    if not day:
        return False
    rest = _CLOCK.sub(" ", line[: day.start()] + " " + line[day.end():])
    return len(_LETTERS.findall(rest)) <= 6


def _without_header(lines: list[str]) -> list[str]:
    """The lines without the article's header above its first paragraph: the page's address,
    the byline and the dateline (short lines up to a dateline among the first few)."""
    last = None
    for index, line in enumerate(lines[:_HEADER_LINES]):
        if _is_dateline(line) or _URL_LINE.match(line):
            last = index
        elif len(line) > _HEADER_LINE_LENGTH or line.endswith(_SENTENCE_ENDS):
            break
    return lines[last + 1:] if last is not None and last + 1 < len(lines) else lines


def _without_repeated_copy(lines: list[str]) -> list[str]:
    """Drop a second copy of the article's opening (hidden print/mobile duplicates of the text).

    Only a run of two or more repeated opening lines counts: single repeated lines (pull
    quotes) are content.
    """
    if len(lines) < 4 or len(lines[0]) < 20:
        return lines
    for start in range(2, len(lines) - 1):
        if lines[start] == lines[0] and lines[start + 1] == lines[1]:
            length = next((k for k in range(start) if start + k >= len(lines) or lines[start + k] != lines[k]), start)
            return lines[:start] + lines[start + length:]
    return lines


def render_body(elements: list, base_url: str, title: str | None) -> Body:
    """body_text (paragraphs joined by newlines) and nh3-sanitised body_html for the block."""
    row_of = {cell: cell.getparent() for top in elements for cell in _data_table_cells(top)}
    in_data = {node for cell in row_of for node in cell.iter()}
    _drop_furniture(elements, title, in_data)
    text = "\n".join(_paragraphs(elements, row_of, in_data))
    fragment = "".join(_prepared(e, base_url) for e in elements)
    html = nh3.clean(
        fragment,
        tags=_SANITISE_TAGS,
        attributes=_SANITISE_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
    ).strip()
    return Body(text=text, html=html)
