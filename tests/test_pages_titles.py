"""Titles: the candidate the page supports, and a <title> without the site's name."""

from __future__ import annotations

import pytest

from portal_spider.pages import parse_article

TEXT = "<div>" + "".join(f"<p>Ein Absatz des Artikels mit genug Text, Nummer {i}.</p>" for i in range(8)) + "</div>"


def page(body: str, head: str = "") -> str:
    return f"<html><head>{head}</head><body>{body}</body></html>"


def title_of(body: str, head: str, url: str = "https://a.example/x") -> str | None:
    return parse_article(page(body + TEXT, head), url).title


def test_a_masthead_h1_equal_to_a_site_name_title_is_not_the_headline():
    head = "<title>Spielwarte</title><meta property='og:site_name' content='Spielwarte'>"
    body = "<h1>Spielwarte</h1><h1>Das Studio vergrößert sein Team in Leipzig</h1>"
    assert title_of(body, head) == "Das Studio vergrößert sein Team in Leipzig"


def test_a_masthead_h1_before_the_article_h1_leaves_the_article_h1_as_headline():
    head = ("<title>Das Studio vergrößert sein Team - Spielwarte.de</title>"
            "<meta property='og:site_name' content='Spielwarte.de'>")
    body = "<h1>Spielwarte.de</h1><h1>Das Studio vergrößert sein Team in Leipzig</h1>"
    assert title_of(body, head) == "Das Studio vergrößert sein Team in Leipzig"


@pytest.mark.parametrize("document, url, title", [
    # "›" separates like "»"; a "»" glued to a word is a quotation mark.
    ("Laufen im Winter: von bäh zu yeah in zwölf Monaten › Nordish by Nature", "https://a.example/x",
     "Laufen im Winter: von bäh zu yeah in zwölf Monaten"),
    ("»Einfach kein Geld mehr, um die Miete zu zahlen« - Die Zeitung", "https://a.example/x",
     "»Einfach kein Geld mehr, um die Miete zu zahlen«"),
    # WordPress's "Post « Blog" and "Post // Blog"; French quotation marks are no separator.
    ("Der Winter kommt zurück nach Leipzig « Spielwarte", "https://spielwarte.example/x",
     "Der Winter kommt zurück nach Leipzig"),
    ("Der Winter kommt zurück nach Leipzig // Spielwarte", "https://spielwarte.example/x",
     "Der Winter kommt zurück nach Leipzig"),
    ("Le maire a dit « non » au projet de la gare - Le Journal", "https://journal.example/x",
     "Le maire a dit « non » au projet de la gare"),
    # A separator the template left without a site name after it.
    ("Pferdesport definitiv bei Olympia 2028 dabei -", "https://a.example/x", "Pferdesport definitiv bei Olympia 2028 dabei"),
    # The site named in brackets, after a colon or before one: the host names it.
    ("Ein langer Titel über den Mietenstreik (beispiel-zeitung.de)", "https://www.beispiel-zeitung.de/x",
     "Ein langer Titel über den Mietenstreik"),
    ("Der historische Purzelbaum: Alacarte", "https://alacarte.example/x", "Der historische Purzelbaum"),
    # The section names between the site and the headline go with the site.
    ("www.bundesamt.de: Das Amt / Reden / Rede des Präsidenten beim Konvent der Landesparlamente",
     "https://www.bundesamt.de/x", "Rede des Präsidenten beim Konvent der Landesparlamente"),
])
def test_title_without_headline_loses_the_site_name(document, url, title):
    assert title_of("", f"<title>{document}</title>", url) == title


def test_section_name_between_headline_and_site_goes_with_the_site():
    head = ("<title>Gremios de camioneros no descartan nueva movilización | Nacional | BioBioChile</title>"
            "<meta property='og:site_name' content='BioBioChile - La Red de Prensa Más Grande de Chile'>")
    assert title_of("", head) == "Gremios de camioneros no descartan nueva movilización"
    # Also when nothing names the site: the section went with the shorter end.
    assert title_of("", "<title>原神新版本副本攻略整理_原神攻略_游戏网</title>", "https://www.youxi.example.com/gl/1.html") == (
        "原神新版本副本攻略整理")


def test_a_short_title_segment_before_the_site_stays_when_it_is_the_headline():
    # Only segments much shorter than the headline are sections: two parts of a title stay.
    head = "<title>Zelda im Test: Ein Abenteuer | Das große Finale | Spielwarte</title><meta property='og:site_name' content='Spielwarte'>"
    assert title_of("", head) == "Zelda im Test: Ein Abenteuer | Das große Finale"


@pytest.mark.parametrize("heading, title", [
    ("<span class='overline'>Die Zukunft der Arbeit</span>\"Wir dekorieren die Liegestühle um\"",
     "\"Wir dekorieren die Liegestühle um\""),
    # Inside a word the text goes on in lower case: one word split by markup, no kicker.
    ("<span>Klima</span>schutz lohnt sich für alle Gemeinden", "Klimaschutz lohnt sich für alle Gemeinden"),
])
def test_a_kicker_glued_to_the_headline_is_not_the_title(heading, title):
    assert title_of(f"<h1>{heading}</h1>", "") == title


def test_a_teaser_h1_linking_to_another_page_is_not_the_headline():
    head = "<title>Der historische Purzelbaum (2021/5): alacarte</title><meta property='og:site_name' content='alacarte'>"
    body = "<div class='top'><h1><a href='/a/3'>Wetter: Am Wochenende wird es in vielen Regionen wieder warm</a></h1></div>"
    assert title_of(body, head, "https://alacarte.example/purzelbaum") == "Der historische Purzelbaum (2021/5)"


def test_an_h1_linking_to_its_own_page_stays_the_headline():
    body = "<h1><a href='https://a.example/x/'>Das Studio vergrößert sein Team in Leipzig</a></h1>"
    assert title_of(body, "<title>Studio wächst - Spielwarte</title>") == "Das Studio vergrößert sein Team in Leipzig"


@pytest.mark.parametrize("body, title", [
    # A masthead h1, then the headline as an h2 that the <title> confirms.
    ("<h1 class='site-title'>Spielwarte</h1><h2>Eva Welskop-Deffaa zur neuen Präsidentin gewählt</h2>",
     "Eva Welskop-Deffaa zur neuen Präsidentin gewählt"),
    # An h2 headline with a kicker, inside the title.
    ("<h2><span>Klimaschutz</span><span>: </span>Bohren, bis es heiß wird</h2>", "Bohren, bis es heiß wird"),
])
def test_the_headline_as_an_h2_that_the_titles_confirm(body, title):
    head = ("<title>Eva Welskop-Deffaa zur neuen Präsidentin gewählt</title>"
            "<meta property='og:title' content='Wahl: Eva Welskop-Deffaa zur neuen Präsidentin gewählt'>" if "Eva" in body
            else "<title>Klimaschutz: Bohren, bis es heiß wird | Spielwarte</title>")
    assert title_of(body, head + "<meta property='og:site_name' content='Spielwarte'>") == title


def test_a_section_h2_inside_the_title_is_not_the_headline():
    head = "<title>Kultur: Ein langer Abend im Theater am Markt | Spielwarte</title>"
    assert title_of("<h2>Kultur</h2>", head) == "Kultur: Ein langer Abend im Theater am Markt"


@pytest.mark.parametrize("head, body, title", [
    # No h1: an h2 that goes on where the title for search engines was cut.
    ("<title>Stadt baut neue Brücke - Tagesblick</title>", "<h2>Stadt baut neue Brücke über den Rhein bis 2026</h2>",
     "Stadt baut neue Brücke über den Rhein bis 2026"),
    # A styled block showing the whole of a title cut with an ellipsis.
    ("<title>Was sich 2031 ändert: Die wichtigsten Neuerun...</title>",
     "<div class='x'>Was sich 2031 ändert: Die wichtigsten Neuerungen für Mieter im Überblick</div>",
     "Was sich 2031 ändert: Die wichtigsten Neuerungen für Mieter im Überblick"),
    # A block with a kicker set off before the title's headline.
    ("<title>Läuferin verpasst die Spiele in Rom - Sportblick</title>",
     "<div>\"Ganz leer\": Läuferin verpasst die Spiele in Rom</div>", "\"Ganz leer\": Läuferin verpasst die Spiele in Rom"),
    # A kicker in an element of its own is set apart from the headline, not part of it.
    ("<title>Läuferin verpasst die Spiele in Rom - Sportblick</title>",
     "<div><span>Leichtathletik:</span> Läuferin verpasst die Spiele in Rom</div>", "Läuferin verpasst die Spiele in Rom"),
    # A breadcrumb ending with the title adds nothing to it.
    ("<title>Läuferin verpasst die Spiele in Rom - Sportblick</title>",
     "<p>Start › Sport › Läuferin verpasst die Spiele in Rom</p>", "Läuferin verpasst die Spiele in Rom"),
])
def test_a_line_that_extends_the_title_is_the_headline(head, body, title):
    assert title_of(body, head) == title


@pytest.mark.parametrize("head, block, title", [
    # The kicker set off by a separator the reader does not see, as an h1 would have it.
    ("<title>Klimaschutz: Bohren, bis es heiß wird | Spielwarte</title>",
     "<span>Klimaschutz</span><span class='visually-hidden'>: </span><span>Bohren, bis es heiß wird</span>",
     "Bohren, bis es heiß wird"),
    # A title names the headline alone.
    ("<title>Abstandsregeln und Fieberkontrollen: Wie Firmen ihre Leute schützen | Spielwarte</title>"
     "<meta property='og:title' content='Wie Firmen ihre Leute schützen'>",
     "<span>Abstandsregeln und Fieberkontrollen </span><span>: </span><span>Wie Firmen ihre Leute schützen</span>",
     "Wie Firmen ihre Leute schützen"),
    # The titles carry the kicker as the block shows it: part of the headline.
    ("<title>Leserbrief: Warum die Bahn wieder pünktlich sein muss</title>",
     "<b>Leserbrief:</b><i> Warum die Bahn wieder pünktlich sein muss</i>",
     "Leserbrief: Warum die Bahn wieder pünktlich sein muss"),
])
def test_a_headline_in_a_styled_block_is_read_as_an_h1_would_be(head, block, title):
    assert title_of(f"<div class='headline'>{block}</div>" + TEXT, head) == title


def test_the_title_shown_in_a_list_further_down_does_not_beat_the_extended_headline_above():
    head = "<title>Stadt baut neue Brücke | Tagesblick</title>"
    body = ("<div>Stadt baut neue Brücke über den Rhein bis 2026</div>" + TEXT
            + "<ul><li>Stadt baut neue Brücke</li><li>Ein anderer Artikel aus der Stadt</li></ul>")
    assert title_of(body, head) == "Stadt baut neue Brücke über den Rhein bis 2026"


@pytest.mark.parametrize("head, title", [
    # The titles carry the kicker too: it is part of the headline.
    ("<title>Leserbrief: Warum die Bahn wieder pünktlich sein muss</title>", "Leserbrief: Warum die Bahn wieder pünktlich sein muss"),
    # They leave it out: the kicker is set apart.
    ("<title>Warum die Bahn wieder pünktlich sein muss | Tagesblick</title>", "Warum die Bahn wieder pünktlich sein muss"),
])
def test_a_kicker_the_titles_carry_stays_in_the_headline(head, title):
    body = "<h1><b>Leserbrief:</b><i> Warum die Bahn wieder pünktlich sein muss</i></h1>"
    assert title_of(body, head) == title


@pytest.mark.parametrize("head, body, title", [
    # The site's name before a colon, its words spaced.
    ("<title>Daily Ledger: Council approves new budget for city schools</title>"
     "<meta property='og:site_name' content='Daily Ledger'>", "", "Council approves new budget for city schools"),
    # A subtitle after a dash goes on in lower case: no section name.
    ("<title>Far From Home review - a fun ride | Daily Ledger</title>"
     "<meta property='og:site_name' content='Daily Ledger'>", "", "Far From Home review - a fun ride"),
    ("<title>Far From Home review - Film | Daily Ledger</title><meta property='og:site_name' content='Daily Ledger'>", "",
     "Far From Home review"),
    # A label in an element of its own that the titles leave out.
    ("<title>Council approves new budget for city schools | Daily Ledger</title><meta property='og:site_name' content='Daily Ledger'>",
     "<h1><span class='label'>Exclusive</span> Council approves new budget for city schools</h1>",
     "Council approves new budget for city schools"),
])
def test_site_names_sections_and_labels_around_english_titles(head, body, title):
    assert title_of(body, head) == title


@pytest.mark.parametrize("document, title", [
    # The site's name with an article, a section before the headline.
    ("Opinion | Council approves new budget for city schools - The Daily Ledger", "Council approves new budget for city schools"),
    ("Council approves new budget for city schools | Opinion | The Daily Ledger", "Council approves new budget for city schools"),
    # The site's tagline after its name goes with it.
    ("Council approves new budget for city schools | Daily Ledger | Local news, sports and weather",
     "Council approves new budget for city schools"),
    ("Council approves new budget for city schools :: Daily Ledger", "Council approves new budget for city schools"),
])
def test_the_site_named_by_its_host_goes_with_its_sections_and_tagline(document, title):
    assert title_of("", f"<title>{document}</title>", "https://www.dailyledger.com/news/x") == title


def test_a_masthead_h1_that_the_host_names_is_not_the_headline():
    head = "<title>Daily Ledger</title><meta property='og:title' content='Council approves new budget for city schools'>"
    body = "<h1>Daily Ledger</h1><h2>Council approves new budget for city schools</h2>"
    assert title_of(body, head, "https://www.dailyledger.com/news/x") == "Council approves new budget for city schools"


@pytest.mark.parametrize("head, shown", [
    # Plain quotes in the metadata, typographic ones in the headline.
    ("<title>Editor's Letter: bye OC Baby, hi Bernsi Baby! - Das Magazin</title>",
     "<div class='headline'>Editor’s Letter: bye OC Baby, hi Bernsi Baby!</div>"),
    # A headline set in capitals.
    ("<meta property='og:title' content='Fair Fashion Strick – unsere liebsten Labels'>",
     "<div class='headline'>FAIR FASHION STRICK – UNSERE LIEBSTEN LABELS</div>"),
])
def test_a_title_from_metadata_is_written_as_the_page_shows_it(head, shown):
    assert title_of(shown, head) == shown.split(">", 1)[1].rsplit("<", 1)[0]


def test_a_kicker_the_page_sets_above_the_headline_is_left_out_of_a_metadata_title():
    head = "<title>Klimaschutz: Bohren, bis es heiß wird | Die Zeitung</title>"
    body = "<div class='kicker'>Klimaschutz</div><div class='headline'>Bohren, bis es heiß wird</div>"
    assert title_of(body, head) == "Bohren, bis es heiß wird"
    # Written as one line, the kicker is part of the title.
    assert title_of("<div class='headline'>Klimaschutz: Bohren, bis es heiß wird</div>", head) == (
        "Klimaschutz: Bohren, bis es heiß wird")


def test_a_line_that_is_only_the_first_part_of_a_block_keeps_the_block_subtitle_out():
    # The headline shown again over its subtitle, a line break between: no kicker to strip.
    head = "<title>Vegetarier zu sein. Bedarf, Trend oder eigene Entscheidung? | Ethify</title>"
    body = ("<div>Vegetarier zu sein. Bedarf, Trend oder eigene Entscheidung?</div>"
            "<p><strong>Vegetarier zu sein. Bedarf, Trend oder eigene Entscheidung?</strong><br>"
            "<em>Analyse des Themas und Vergleich zweier Länder: Österreich und Russland</em></p>")
    assert title_of(body, head) == "Vegetarier zu sein. Bedarf, Trend oder eigene Entscheidung?"


ARTICLE_ZH = "<div>" + "".join(
    f"<p>犬儒主义是古希腊的一个哲学流派，当今中国最流行的犬儒病有其来龙去脉，第{i}段接着讲它的演变和影响。</p>"
    for i in range(6)) + "</div>"


@pytest.mark.parametrize("head, body, title", [
    # A portal's <title> that names no article ("显示", a greeting), no h1: the headline
    # shown just above the article, past its byline.
    ("<title>显示</title>", "<p>犬儒病的来龙去脉</p><p>作者：胡平 发布日期：2005-03-06</p>", "犬儒病的来龙去脉"),
    ("<title>谢谢您访问〖关注中心〗</title>", "<div>首页 | 关于我们</div><div>犬儒病的来龙去脉</div>", "犬儒病的来龙去脉"),
    # No <title> at all: a blog's name as its h1, the post's own heading above the post.
    ("", "<h1>bjreader的博客</h1><div>上一篇 | 回首页 | 下一篇</div><h2>犬儒病的来龙去脉- -</h2>", "犬儒病的来龙去脉"),
    # A headline the publisher states in metadata stands, however little the article repeats it.
    ("<meta property='og:title' content='轻松一刻'>", "<div>犬儒病的来龙去脉</div>", "轻松一刻"),
    # A <title> the article speaks of stays, though the page never shows it.
    ("<title>犬儒主义的来龙去脉_文化频道</title>", "<div>热门推荐</div><div>文化名人访谈录</div>", "犬儒主义的来龙去脉"),
])
def test_a_title_that_names_no_article_gives_way_to_the_headline_above_it(head, body, title):
    assert parse_article(page(body + ARTICLE_ZH, head), "http://www.example.cn/a/1.html").title == title


@pytest.mark.parametrize("head, body, title", [
    # Forum software heads a thread with its field name.
    ("", "<h1>主题: 【心得】太行山上 通关攻略</h1>", "太行山上 通关攻略"),
    ("", "<h1>Subject: Patch 1.2 notes and known issues</h1>", "Patch 1.2 notes and known issues"),
    # A hyphen after a closing quote sets the site's name off as after a Han character.
    ("<title>劳伦斯：一个无法定义的“洛克菲勒”-搜狐财经</title>", "", "劳伦斯：一个无法定义的“洛克菲勒”"),
    # The site's name glued on with a hyphen after Latin letters, the headline an h4.
    ("<title>阿里发布最强AI芯片：一块顶十块GPU-EDN 电子技术设计</title>", "<h4>阿里发布最强AI芯片：一块顶十块GPU</h4>",
     "阿里发布最强AI芯片：一块顶十块GPU"),
    # An icon font's glyph (a private-use character) is no part of the headline.
    ("<title>投身外交(3)_读书频道_新浪网</title>", "<table><tr><td>投身外交(3)\ue004</td></tr></table>", "投身外交(3)"),
])
def test_labels_separators_and_icons_around_a_headline(head, body, title):
    assert parse_article(page(body + ARTICLE_ZH, head), "http://www.example.cn/a/1.html").title == title


@pytest.mark.parametrize("head, body, title", [
    # Titles for search engines reword the headline a styled block shows: a word left out, a kicker before.
    ("<title>Exclusive: Tagesschau unterschlägt in Essen - Site</title>",
     "<div class='headline'>Tagesschau unterschlägt Hass-Demo in Essen</div>", "Tagesschau unterschlägt Hass-Demo in Essen"),
    ("<title>Exclusive: Ich war Wochenende auf einer Hochzeit im Wendland.</title>",
     "<div class='headline'>Ich war am Wochenende auf einer Hochzeit im Wendland.</div>",
     "Ich war am Wochenende auf einer Hochzeit im Wendland."),
    # The kicker only the title carries, the headline shown alone.
    ("<title>Exclusive: Das Studio vergrößert sein Team in Leipzig</title>",
     "<div class='headline'>Das Studio vergrößert sein Team in Leipzig</div>", "Das Studio vergrößert sein Team in Leipzig"),
    # A breadcrumb holding the title's words and more is no rewording, glued on or not; a
    # copyright notice naming the site neither.
    ("<title>Läuferin verpasst die Spiele in Rom</title>", "<div>Start › Sport › Läuferin verpasst die Spiele in Rom</div>",
     "Läuferin verpasst die Spiele in Rom"),
    ("<title>Drei Haselnüsse für Aschenbrödel: Jetzt Tickets sichern</title>",
     "<div>StartseiteKulturDrei Haselnüsse für Aschenbrödel: Jetzt Tickets sichern</div>",
     "Drei Haselnüsse für Aschenbrödel: Jetzt Tickets sichern"),
    ("<title>Die Zocker von Schinken feiern ihr Jubiläum</title>", "<div>© 2010 Die Zocker von Schinken feiern ihr Fest</div>",
     "Die Zocker von Schinken feiern ihr Jubiläum"),
])
def test_a_headline_its_titles_reword_is_read_from_the_page(head, body, title):
    assert title_of(body, head) == title


def test_a_section_heading_repeating_words_from_inside_the_title_is_not_the_headline():
    head = "<meta property='og:title' content='The Open Journalism Project: Better Student Journalism'>"
    body = ("<h4>The Open Journalism Project: Better Student Journalism</h4>"
            "<h2>Open Journalism Project:</h2>")
    assert title_of(body, head) == "The Open Journalism Project: Better Student Journalism"
    # A heading that is the title's leading part, or follows a kicker, still is.
    head = "<meta property='og:title' content='Review: Better Student Journalism - Campus Times'>"
    assert title_of("<h2>Better Student Journalism</h2>", head) == "Better Student Journalism"


ZH_TEXT = "<div class='content'>" + "".join(
    f"<p>新版本的副本攻略整理如下，玩家可以在游戏中体验全新的剧情内容，第{i}段。</p>" for i in range(6)) + "</div>"


@pytest.mark.parametrize("headline", [
    "<h1>新版本副本攻略整理</h1>",  # Chinese headlines run short: nine characters
    "<div class='title'>新版本副本攻略整理</div>",
])
def test_a_short_chinese_headline_wins_over_a_title_naming_only_the_site(headline):
    # "游戏网" shares "游戏" with the article: two terms are too few to call it supported.
    html = f"<html><head><title>游戏网</title></head><body>{headline}<div>2019-09-05 11:10 来源：游戏网</div>{ZH_TEXT}</body></html>"
    assert parse_article(html, "https://www.youxi.example.com/gl/123.html").title == "新版本副本攻略整理"


def test_a_heading_showing_the_title_without_the_name_it_adds_after_a_space_is_the_headline():
    html = ("<html><head><title>[心得] 新版本副本攻略整理 NGA玩家社区</title></head><body>"
            f"<h3>[心得] 新版本副本攻略整理</h3>{ZH_TEXT}</body></html>")
    assert parse_article(html, "https://bbs.example.cn/read.php?tid=1").title == "新版本副本攻略整理"
    # Not a heading holding only the title's first word.
    html = ("<html><head><title>Apple releases a new iPhone today</title></head><body>"
            f"<h3>Apple</h3>{TEXT}</body></html>")
    assert parse_article(html, "https://a.example/x").title == "Apple releases a new iPhone today"


@pytest.mark.parametrize("href", ["/2020/plan/", "https://other.example/story"])
def test_a_linked_h1_is_the_headline_when_the_title_is_only_the_logo_name(href):
    # Against a <title> naming the site as its logo does, the h1 linking elsewhere is no teaser.
    body = f"<a href='/'>Spielwarte</a><h1><a href='{href}'>Das Studio vergrößert sein Team in Leipzig</a></h1>"
    assert title_of(body, "<title>Spielwarte</title>") == "Das Studio vergrößert sein Team in Leipzig"


def test_a_heading_linking_to_its_own_anchor_is_no_logo():
    body = "<h1><a href='#'>Das Studio vergrößert sein Team in Leipzig</a></h1>"
    assert title_of(body, "") == "Das Studio vergrößert sein Team in Leipzig"


def test_a_title_of_the_logo_name_and_a_tagline_gives_way_to_the_post_heading():
    entry = "".join(f"<p>Das Studio in Leipzig vergrößert sein Team um {n} Leute, sagt die Leitung.</p>" for n in range(6, 12))
    body = ("<div id='header'><h1><a href='https://a.example/'>Spielwarte</a></h1><p>Noch ein Spieleblog</p></div>"
            "<div class='post'><h2 class='entry-title'>Das Studio vergrößert sein Team in Leipzig</h2>"
            f"<div class='entry'>{entry}</div></div>")
    html = page(body, "<title>Spielwarte | Noch ein Spieleblog</title>")
    assert parse_article(html, "https://a.example/x").title == "Das Studio vergrößert sein Team in Leipzig"


def test_the_only_h1_linking_to_its_permalink_is_the_headline_against_a_title_the_page_does_not_show():
    # The page's address is another form of the post's ("/archives/12" for "/2020/06/studio/");
    # the text below the h1 speaks of what it names.
    post = "".join(f"<p>Das Studio in Leipzig vergrößert sein Team um {n} Leute, sagt die Leitung.</p>" for n in range(6, 12))
    html = page(f"<div><a href='/spielwelten/'>Spielwelten</a></div>"
                f"<h1><a href='/2020/06/studio/'>Das Studio vergrößert sein Team in Leipzig</a></h1>{post}",
                "<title>Spielwelten | Annas Blog</title><meta property='og:title' content='Spielwelten | Annas Blog'>")
    assert parse_article(html, "https://blog.example/archives/12").title == "Das Studio vergrößert sein Team in Leipzig"


def test_a_teaser_h1_linking_elsewhere_yields_to_the_title_the_page_shows():
    body = ("<h1><a href='/other-story/'>Eine ganz andere Geschichte aus der Region</a></h1>"
            "<h1><a href='/third-story/'>Noch eine Geschichte aus der Nachbarschaft</a></h1>"
            "<h2>Das Studio vergrößert sein Team in Leipzig</h2>")
    assert title_of(body, "<title>Das Studio vergrößert sein Team in Leipzig - Spielwarte</title>") == (
        "Das Studio vergrößert sein Team in Leipzig")


@pytest.mark.parametrize("label", ["Thread: ", "Topic: ", "Betreff: "])
def test_a_forums_field_label_before_the_subject_is_no_part_of_the_title(label):
    html = page(f"<h1>{label}<span class='threadtitle'>Rear sill rust on my 1991 NA - how bad is too bad?</span></h1>"
                f"<div class='postbody'><p>{'The sills have started to bubble near the rear arches. ' * 6}</p></div>",
                "<title> Rear sill rust on my 1991 NA - how bad is too bad?</title>")
    title = parse_article(html, "https://forum.example.com/showthread.php?t=1").title
    assert title == "Rear sill rust on my 1991 NA - how bad is too bad?"


def test_a_forum_title_s_trailing_subject_beats_the_site_name_it_opens_with():
    # phpBB 2: "Site :: View topic - Subject", the site's name shown as a line of its own.
    html = ("<html><head><title>The Cartridge Corner :: View topic - Saturn 50/60Hz switch mod - picture rolls over SCART</title>"
            "</head><body><span class='maintitle'>The Cartridge Corner</span><table><tr><td><a class='maintitle' href='viewtopic.php?t=1'>"
            "Saturn 50/60Hz switch mod - picture rolls over SCART</a></td></tr></table><table class='forumline'><tr><td>"
            + "My Saturn rolls the picture in 60Hz over SCART after the switch mod. What did I miss? " * 3
            + "</td></tr></table></body></html>")
    assert parse_article(html, "https://forum.example.com/viewtopic.php?t=1").title == (
        "Saturn 50/60Hz switch mod - picture rolls over SCART")
