"""Authors: bylines told apart from prose, names cut where the markup sets them apart."""

from __future__ import annotations

import pytest

from portal_spider.pages import parse_article

TEXT = "<div>" + "".join(f"<p>Ein Absatz des Artikels mit genug Text, Nummer {i}.</p>" for i in range(8)) + "</div>"


def author_of(byline: str, head: str = "") -> str | None:
    html = f"<html><head>{head}</head><body><h1>Ein Titel für den Artikel hier</h1>{byline}{TEXT}</body></html>"
    return parse_article(html, "https://a.example/x").author


@pytest.mark.parametrize("byline, author", [
    # A preposition that labels bylines opens prose too.
    ("<p>Por ende, las ventajas de esta gestión se convierten en una desventaja para el uso.</p>", None),
    ("<h2>Von Risiken und Nebenwirkungen</h2><section class='author'>Christoph von Ritter</section>", "Christoph von Ritter"),
    ("<p>Beitrag von heiler77 » 21.01.2009</p>", "heiler77"),
    # Labels glued to the name, gender-inclusive labels, a forum thread's starter.
    ("<div>Geschrieben von<a href='/p/em'>Elisa Marvena</a></div>", "Elisa Marvena"),
    ("<div>Autor*in</div><div>Brit Weirich (Medizinredakteurin)</div>", "Brit Weirich"),
    ("<ul><li>Thread starter Tiberius</li><li>Start date Sep 18, 2020</li></ul>", "Tiberius"),
    # A job title after the name is no second writer.
    ("<p>By Jon King, News Reporter</p>", "Jon King"),
    # The name beside the date that the byline shows, a place between them or not.
    ("<p>Swantje Schemmerling | 06.11.23</p>", "Swantje Schemmerling"),
    ("<p>Patricio Candia | Palma de Mallorca | 08/01/2014</p>", "Patricio Candia"),
    ("<p>1. Februar 2022 , Daniel Dillenburg</p>", "Daniel Dillenburg"),
    # An agency run on after the names with nothing between; a particle is no agency.
    ("<p>By Samya Kullab and Vasilisa Stepanenko The Associated Press</p>", "Samya Kullab, Vasilisa Stepanenko"),
    ("<p>By Juan Carlos De La Cruz</p>", "Juan Carlos De La Cruz"),
    # A name over the link to the writer's other work; an interview's credit alone on its line.
    ("<h3>Elizabeth Gibney</h3><h4>Search for this author in:</h4>", "Elizabeth Gibney"),
    ("<p>Richard David Precht im Gespräch mit Karin Fischer</p>", "Richard David Precht, Karin Fischer"),
    # The writer's job after a bar.
    ("<p>Jane Roe | Senior Editor</p>", "Jane Roe"),
    # Portuguese and Italian join two writers with "e"; the next field's label ends a name.
    ("<p>Por Bruno Magalhães e Juliana Soares</p>", "Bruno Magalhães, Juliana Soares"),
    ("<p>by BlueMoonRabbit   Version: 1.10 | Updated: 05/06/2023</p>", "BlueMoonRabbit"),
    # A job and the update's label run together by inline elements ("Guides EditorUpdated").
    ("<p>By <span>Jada Griffin</span>, <span>Guides Editor</span><span>Updated: May 6, 2023 12:03 pm</span></p>", "Jada Griffin"),
    # A game guide's facts: what drops a thing names no writer.
    ("<ul><li>Dropped by Bloodhound Knight Darriwil at the Forlorn Hound Evergaol.</li></ul>", None),
    # A copyright notice's "authority" block is no author markup.
    ("<p class='authority'>本文禁止转载或摘编</p>", None),
    # A forum's thread tools above the post's date are no poster; a relative day after the
    # starter's name no second one.
    ("<div>Thread Tools</div><div>Display Modes</div><div>05-06-2019, 12:03 PM</div>", None),
    ("<p>Dieses Thema wurde erstellt von bergziege_muc, Gestern um 16:03.</p>", "bergziege_muc"),
    # A thread's starter in Spanish and French.
    ("<p>Tema iniciado por Tincho_Mangudai</p>", "Tincho_Mangudai"),
    ("<p>Sujet démarré par Mie_de_Lyon</p>", "Mie_de_Lyon"),
    # The visitor's own account links under the members' path name nobody.
    ("<div><a href='/user/login'>Log in</a></div><div><a href='/user/register'>Register</a></div>", None),
    # The date glued to the names, or opening with its weekday, is no part of them.
    ("<p><span>By Jane Roe and John Doe</span><time>Sep 5, 2019, 11:10am EDT</time></p>", "Jane Roe, John Doe"),
    ("<p>by Jane Roe Thu 5th Sep 2019</p>", "Jane Roe"),
    ("<p><span>By JANE ROE AND JOHN DOE</span><span>June 1, 2020</span></p>", "JANE ROE, JOHN DOE"),
    # "von" or "by" right after the date names the poster, however long the line before it.
    ("<p>Veröffentlicht am 3. Juni 2020 von Anna Berg</p>", "Anna Berg"),
    ("<p>Dieser Beitrag wurde am 03.06.2020 um 10:32 Uhr von Anna Berg veröffentlicht.</p>", "Anna Berg"),
    ("<p>This entry was posted in Allgemein on June 3, 2020 by Anna Berg.</p>", "Anna Berg"),
    ("<p>Im Jahr 2020 von der Regierung beschlossen</p>", None),
    # The editor a wire story credits after its reporters is no writer; a job under the name is none.
    ("<p>Reporting by Jane Roe; Editing by John Doe</p>", "Jane Roe"),
    ("<p>Jane Roe<br>Senior Editor<br>June 3, 2020</p>", "Jane Roe"),
    ("<p>Text and photos: Jane Roe</p>", "Jane Roe"),
    ("<p>Text &amp; photos by Jane Roe</p>", "Jane Roe"),
    # The writers who helped, in brackets, are writers too.
    ("<p>Par Martin Untersinger (avec Damien Leloup et Morgane Tual)</p>", "Martin Untersinger, Damien Leloup, Morgane Tual"),
])
def test_bylines_near_the_headline(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("markup, author", [
    ("<aside class='author'>Jeanne Corriveau 19 février 2020 Montréal</aside>", "Jeanne Corriveau"),
    ("<aside class='author-meta'><span>Harald Bauer</span><span>Autor</span></aside>", "Harald Bauer"),
    ("<div class='authors'><a>Birgit Baumann</a><a>Anna Giulia Fink</a><a>Jan Michael Marchart</a></div>",
     "Birgit Baumann, Anna Giulia Fink, Jan Michael Marchart"),
    ("<p class='document_authors'>Андрей Колесников</p>", "Андрей Колесников"),
    # The class names the author in the site's language.
    ("<div class='artikel-autor'><span class='name'>Max Muster</span></div>", "Max Muster"),
    ("<p class='auteur'>Jean Dupont</p>", "Jean Dupont"),
    # The writer's job in an element of its own is no second writer.
    ("<div class='byline'><span class='byline__name'>Dana Whitlock</span><span class='byline__title'>Staff Writer</span></div>",
     "Dana Whitlock"),
])
def test_author_markup_sets_the_names_apart(markup, author):
    assert author_of(markup) == author


@pytest.mark.parametrize("byline, author", [
    ("<div class='byline'><span>By Samya Kullab and Vasilisa Stepanenko</span> <span class='source'>The Associated Press</span></div>",
     "Samya Kullab, Vasilisa Stepanenko"),
    ("<div class='meta'><span>30. Oktober 2023</span> <span class='author'>Carola Pönisch</span> <span>Kultur</span></div>",
     "Carola Pönisch"),
    # The next element's words glued to the name, no space between them.
    ("<div>Veröffentlicht am 3. Juni 2020 von <span class='author'>Anna Berg</span><span>in <a href='/c'>Allgemein</a></span></div>",
     "Anna Berg"),
    ("<div>Veröffentlicht am 3. Juni 2020 von <a href='/author/ab/'>Anna Berg</a><span>in <a href='/c'>Allgemein</a></span></div>",
     "Anna Berg"),
])
def test_a_byline_in_the_text_flow_stops_where_the_markup_ends_the_name(byline, author):
    assert author_of(byline) == author


def test_a_url_slug_as_structured_author_yields_to_the_byline():
    head = "<meta name='author' content='gloria-ruiz-kuilan'>"
    assert author_of("<p>Por Gloria Ruiz Kuilan</p>", head) == "Gloria Ruiz Kuilan"


def test_a_limited_company_in_the_copyright_line_is_no_writer():
    html = f"<html><body><h1>Ein Titel für den Artikel hier</h1>{TEXT}<p>© 2019 Springer Nature Limited</p></body></html>"
    assert parse_article(html, "https://a.example/x").author is None


@pytest.mark.parametrize("links, author", [
    # A link to the writer's author page, beside the headline.
    ("<div><a href='/author/ronja-beck/'>Ronja Beck</a></div>", "Ronja Beck"),
    # A user name the author page's address ends with.
    ("<div><a href='https://blog.example/author/karstenruppert'>karstenruppert</a></div>", "karstenruppert"),
    # A forum thread starter's profile link beside the headline.
    ("<div><a href='/forums/members/tiberius.8/'>Tiberius</a></div><div>Sep 18, 2020</div>", "Tiberius"),
    # Several writers linked in one byline line.
    ("<div><a href='/autor/isabel-caro'>Isabel Caro</a>, <a href='/autor/rocio-latorre'>Rocío Latorre</a> y "
     "<a href='/autor/jose-wilson'>José Miguel Wilson</a></div>", "Isabel Caro, Rocío Latorre, José Miguel Wilson"),
    # A page about a person is no author page; a menu's link to the writers' index names nobody.
    ("<div><a href='/person/alexander-zverev/'>Alexander Zverev</a></div>", None),
    ("<div><a href='/autoren/'>Autoren</a></div>", None),
])
def test_links_to_author_pages_name_the_writer(links, author):
    assert author_of(links) == author


def test_a_profile_link_far_from_the_headline_names_nobody():
    html = (f"<html><body><h1>Ein Titel für den Artikel hier</h1>{TEXT}{TEXT}{TEXT}"
            "<div><a href='/members/someone.3/'>Some User</a></div></body></html>")
    assert parse_article(html, "https://a.example/x").author is None


@pytest.mark.parametrize("byline, head, url, author", [
    # The platform a blog is hosted on is no writer; a domain named after the writer may be.
    ("<p>Posted by Tumblr</p>", "", "https://someone.tumblr.com/post/1", None),
    ("", "<meta name='author' content='Tumblr'>", "https://someone.tumblr.com/post/1", None),
    ("<p>By John Smith</p>", "", "https://blog.smith.com/x", "John Smith"),
    # Software credits: no person's name has a "!".
    ("", "<meta name='author' content='Discuz! Team'>", "https://a.example/x", None),
    ("<p>作者：Discuz! Team</p><p>编辑：张三</p>", "", "https://a.example/x", "张三"),
    # A blog's masthead marked as its owner's card names the platform's account; the
    # post's own card after it names the writer ("vom" is "von dem").
    ("<div class='vcard author'><a class='fn' href='/'>filmblog-archiv</a></div>"
     "<h4 class='vcard author'>vom <span class='fn'>Filmkritiker</span></h4>", "", "https://archiv.filmblog.de/x",
     "Filmkritiker"),
])
def test_platforms_and_software_are_no_writers(byline, head, url, author):
    html = f"<html><head>{head}</head><body><h1>Ein Titel für den Artikel hier</h1>{byline}{TEXT}</body></html>"
    assert parse_article(html, url).author == author


@pytest.mark.parametrize("byline, author", [
    # A name and the date on one line, set off by a space, a comma or a bar only.
    ("<div class='meta'>Lena Hartwig 03.05.2021, 08:15 Uhr</div>", "Lena Hartwig"),
    ("<p class='meta'>Tobias Renner, 14.06.2021</p>", "Tobias Renner"),
    ("<p>Clara Menzel · March 3, 2021</p>", "Clara Menzel"),
    # The date first, a comment count after the name.
    ("<p>2. März 2021 Jonas Albrecht 12</p>", "Jonas Albrecht"),
    # The name on a line of its own next to the date line.
    ("<div>Henrike von Salden</div><div>Aktualisiert: 11.05.2021, 10:27</div>", "Henrike von Salden"),
    ("<div>May 6, 2021</div><div>Pieter Okafor 3 minutes read</div>", "Pieter Okafor"),
    # Datelines shout, and a place is one word: no writer.
    ("<p>NEW YORK, 12.03.2021</p>", None),
    ("<p>Hamburg, 12.03.2021</p>", None),
    # A heading next to a date is no name: it is not a first and last name alone.
    ("<div>Die neuen Regeln im Überblick</div><div>11.05.2021</div>", None),
])
def test_unlabelled_bylines_beside_the_date(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("byline, author", [
    # A count after a labelled name ends it.
    ("<p>12/04/2021 by Mira 31 Comments</p>", "Mira"),
    # So does the date, month name first: "August" is no second writer.
    ("<p>By Dana Whitlock, August 14, 2021 2:30 pm</p>", "Dana Whitlock"),
])
def test_a_count_or_a_date_ends_the_labelled_names(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("markup, author", [
    # HTML's own element for an article's author.
    ("<address>Greta Lindqvist</address>", "Greta Lindqvist"),
])
def test_the_address_element_names_the_writer(markup, author):
    assert author_of(markup) == author


def test_an_address_in_the_page_footer_is_the_publishers():
    html = (f"<html><body><h1>Ein Titel für den Artikel hier</h1>{TEXT}"
            "<footer><address>Muster Verlag, Hauptstraße 5</address></footer></body></html>")
    assert parse_article(html, "https://a.example/x").author is None


@pytest.mark.parametrize("head, byline, author", [
    # A personal site: its name is its writer's, and nothing else names one.
    ("<meta name='author' content='Mara Feldhoff'><meta property='og:site_name' content='Mara Feldhoff'>", "", "Mara Feldhoff"),
    # A byline naming someone else wins.
    ("<meta name='author' content='Mara Feldhoff'><meta property='og:site_name' content='Mara Feldhoff'>",
     "<p>Von Jens Ortmann</p>", "Jens Ortmann"),
    # A publication's name is no writer's: with an article, as an organisation.
    ("<meta name='author' content='The Morning Ledger'><meta property='og:site_name' content='The Morning Ledger'>", "", None),
    ("<meta name='author' content='Nordblick Zeitung'><meta property='og:site_name' content='Nordblick Zeitung'>", "", None),
])
def test_a_site_named_after_a_person_names_its_writer(head, byline, author):
    assert author_of(byline, head) == author


@pytest.mark.parametrize("links, author", [
    # A profile link by its number shows the user's screen name.
    ("<div><a href='/members/48213'>mira.k</a></div>", "mira.k"),
    ("<div><a href='/user/902'>kat_93</a></div>", "kat_93"),
    # A word or a domain is no screen name.
    ("<div><a href='/members/48213'>Mitglieder</a></div>", None),
    ("<div><a href='/user/902'>example.com</a></div>", None),
])
def test_a_profile_link_by_number_beside_the_headline_names_its_user(links, author):
    assert author_of(links) == author


@pytest.mark.parametrize("byline, author", [
    # A wire story's dateline credits the agency when nobody else is named.
    ("<p>Hamburg (dpa/lno) – Der Senat hat am Montag neue Regeln für den Hafen beschlossen.</p>", "dpa/lno"),
    ("<p>WASHINGTON (AP) — The Senate passed the bill late on Tuesday after a long debate.</p>", "AP"),
    # Not a paper's name in brackets; not over a writer or a stand-in the page shows.
    ("<p>Bremen (Weserblick) – Der Senat hat am Montag neue Regeln für den Hafen beschlossen.</p>", None),
    ("<p>Von Jens Ortmann</p><p>Hamburg (dpa) – Der Senat hat am Montag neue Regeln beschlossen.</p>", "Jens Ortmann"),
    ("<p>Autor: Redaktion</p><p>Hamburg (dpa) – Der Senat hat am Montag neue Regeln beschlossen.</p>", "Redaktion"),
])
def test_the_agency_of_the_dateline_when_nobody_else_is_named(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("byline, author", [
    # The paper or agency credited after the writers is no writer.
    ("<p>By Dana Whitlock, CNN</p>", "Dana Whitlock"),
    ("<p>By Dana Whitlock and Omar Haddad, The Morning Ledger</p>", "Dana Whitlock, Omar Haddad"),
    ("<p>By Dana Whitlock, Associated Press</p>", "Dana Whitlock"),
    # A byline in capitals.
    ("<p>BY DANA WHITLOCK</p>", "DANA WHITLOCK"),
    # Credits for the photos or the review are no byline.
    ("<p>Photo by Dana Whitlock</p>", None),
    ("<p>Medically reviewed by Dana Whitlock, MD</p>", None),
    # A caption naming a work and its maker; a byline's own noun before "by" is no work.
    ("<figure><img src='a.jpg'><figcaption>Mary Magdalene by Titian</figcaption></figure>", None),
    ("<p>Guest Post by Dana Whitlock</p>", "Dana Whitlock"),
    # A button after the name ("Follow @handle") is no part of it.
    ("<p>-- By Dana Whitlock <a href='https://twitter.com/dw'>Follow @dwhitlock</a></p>", "Dana Whitlock"),
    # A name and the writer's job alone.
    ("<p>Dana Whitlock, Staff Writer</p>", "Dana Whitlock"),
    # Inline elements run together ("WhitlockNovember"); several names over the date line.
    ("<div class='meta'><span>Dana Whitlock</span><span>November 19, 2021</span></div>", "Dana Whitlock"),
    ("<p>Dana Whitlock and Omar Haddad</p><p>November 19, 2021</p>", "Dana Whitlock, Omar Haddad"),
    # Names without a label, then the paper or agency they write for (a caption's "/ AP" is
    # a photo credit).
    ("<p>Dana Whitlock | Reuters</p>", "Dana Whitlock"),
    ("<p>Dana Whitlock and Omar Haddad, The Associated Press</p>", "Dana Whitlock, Omar Haddad"),
    ("<p>Dana Whitlock – dpa</p>", "Dana Whitlock"),
    ("<p>Dana Whitlock / AP</p>", None),
    ("<p>Dana Whitlock | Politics</p>", None),
    # The writer on two lines of the byline counts once.
    ("<p>By DANA WHITLOCK</p><p>By Dana Whitlock</p>", "DANA WHITLOCK"),
    ("<p>Dana Whitlock | Reuters</p><p>19.11.2021 Dana Whitlock Politics</p>", "Dana Whitlock"),
])
def test_english_byline_shapes(byline, author):
    assert author_of(byline) == author


def _ld_author(name: str) -> str:
    return ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Ein Titel für den Artikel hier",'
            f' "author": {{"@type": "Person", "name": "{name}"}}}}</script>')


@pytest.mark.parametrize("head, byline, author", [
    # A login in lower case as the structured author: the byline names the person.
    ("<meta name='author' content='danawhit'>", "<p>By Dana Whitlock</p>", "Dana Whitlock"),
    ("<meta name='author' content='danawhit'>", "", "danawhit"),
    # The paper after the writer in the structured value is no second writer.
    ("<meta name='author' content='Dana Whitlock, CNN'>", "", "Dana Whitlock"),
    ("<meta name='author' content='Dana Whitlock, Associated Press'>", "", "Dana Whitlock"),
    # A wiki's collective credit names no writer.
    (_ld_author("Contributors to Wikimedia projects"), "", None),
    (_ld_author("维基媒体项目贡献者"), "", None),
])
def test_structured_authors_without_logins_and_papers(head, byline, author):
    assert author_of(byline, head) == author


@pytest.mark.parametrize("byline, author", [
    # The writer's job on the line under the name.
    ("<div>Dana Whitlock</div><div>Senior Reporter</div>", "Dana Whitlock"),
    ("<div>Dana Whitlock</div><div>Read more</div>", None),
    # A date's label between the name and the date is no part of the name.
    ("<p>Dana Whitlock Updated Nov 19, 2021</p>", "Dana Whitlock"),
])
def test_a_name_beside_its_job_or_a_labelled_date(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("head, above, below, author", [
    # Structured data crediting a name with the writer's job or the site's domain after it.
    (_ld_author("By STEVE PEOPLES, AP National Political Writer"), "",
     "<p>Steve Peoples, AP National Political Writer</p>", "Steve Peoples"),
    (_ld_author("Troy L. Smith, Cleveland.com"), "", "", "Troy L. Smith"),
    # A structured author the page never shows, against the byline under the headline:
    # the byline names the writer (the structured name is the producer who posted it).
    (_ld_author("Kevin Rebong"), "", "<div>By David Jeans</div>", "David Jeans"),
    # A line of player buttons over the headline is no byline.
    ("", "<div>Live</div><p>Watch CBSN Live</p>", "<p>Updated on: November 19, 2019 / 10:07 AM / CBS News</p>", None),
])
def test_structured_authors_read_against_the_page(head, above, below, author):
    html = f"<html><head>{head}</head><body>{above}<h1>Ein Titel für den Artikel hier</h1>{below}{TEXT}</body></html>"
    assert parse_article(html, "https://a.example/x").author == author


ARTICLE_ZH = "".join(f"<p>庭审中，检察机关出示了相关证据，被告人及其辩护人进行了质证，第{i}段。</p>" for i in range(5))


def zh_author_of(above: str, after: str = "", head: str = "", url: str = "http://news.example.cn/a/1.html") -> str | None:
    html = (f"<html><head><title>被控受贿超五亿 原主席受审_示例新闻</title>{head}</head><body>"
            f"<h1>被控受贿超五亿 原主席受审</h1>{above}<div class='content'>{ARTICLE_ZH}{after}</div></body></html>")
    return parse_article(html, url).author


@pytest.mark.parametrize("above, author", [
    # A platform account's header by the headline: its name links to the account's space or
    # profile, its follower count and follow button beside it.
    ("<div><a href='//space.bilibili.com/12345678'>桃子酱</a><span>粉丝 1.2万</span><span>+关注</span></div>", "桃子酱"),
    ("<div><a href='https://www.zhihu.com/people/taozi-jiang'>桃子酱</a> 关注</div>", "桃子酱"),
    # Other words beside the linked account still leave it out.
    ("<div><a href='//space.bilibili.com/12345678'>桃子酱</a><span>推荐阅读</span></div>", None),
])
def test_a_platform_accounts_linked_name_by_the_headline(above, author):
    assert zh_author_of(above) == author


@pytest.mark.parametrize("meta, author", [
    # The brand opening the site's name ("示例" of "示例新闻") names no writer; a name with a
    # surname does, on a blog named after its writer too.
    ("示例", None),
    ("张三", "张三"),
])
def test_a_structured_author_that_is_the_sites_brand_is_no_writer(meta, author):
    assert zh_author_of("", head=f"<meta name='author' content='{meta}'>") == author


def test_a_blog_named_after_its_writer_keeps_the_writer():
    html = (f"<html><head><title>被控受贿超五亿 原主席受审_张三的博客</title><meta name='author' content='张三'></head>"
            f"<body><h1>被控受贿超五亿 原主席受审</h1><div class='content'>{ARTICLE_ZH}</div></body></html>")
    assert parse_article(html, "http://blog.example.cn/a/1.html").author == "张三"


@pytest.mark.parametrize("above, after, head, url, author", [
    # An outlet where the writer would be gives way to the reporters the article credits.
    ("<div>2024年05月16日 17:02 作者：新京报</div>", "<p>（总台央视记者 奚丹霓 张赛）</p>", "", "http://news.example.cn/a/1.html",
     "奚丹霓, 张赛"),
    # The outlet a story came from, then its reporter: the reporter wrote it, not the editor.
    ("<div>2023-06-15 08:10 来源：中国新闻网 王帆</div>", "<div>编辑：倪仕轩</div>", "<meta name='author' content='倪仕轩'>",
     "http://news.example.cn/a/1.html", "王帆"),
    # An editor's label in author markup names the editor, not a writer called 选稿.
    ("<div><span class='author'>选稿：许文杰</span></div>", "", "", "http://news.example.cn/a/1.html", "许文杰"),
    # An advertisement card's advertiser is no author.
    ("", "<div class='ad-cell'><span class='ad-author'>高爆打金传奇</span><span>广告</span></div>", "",
     "http://news.example.cn/a/1.html", None),
    # A reader's reply below the article names a reader.
    ("<div>作者：小编</div>", "<div class='comment'><h3>网友评论</h3><p>作者：路人甲 2025-05-14 09:00 很有用！</p></div>", "",
     "http://news.example.cn/a/1.html", "小编"),
    # The hosting platform's own account is no writer.
    ("", "", "<meta name='author' content='sina_mobile'>", "http://finance.sina.cn/a/1.html", None),
])
def test_chinese_bylines_tell_writers_from_outlets_editors_and_readers(above, after, head, url, author):
    assert zh_author_of(above, after, head, url) == author


@pytest.mark.parametrize("dateline", ["新华社巴黎12月9日电（记者唐霁）", "长江网10月4日讯（记者唐霁 整合） ", "南都讯 记者唐霁 ",
                                      "〔記者唐霁／台北報導〕"])
def test_the_reporter_a_dateline_credits_wrote_the_article_not_its_editor(dateline):
    opening = f"<p>{dateline}法国9日再次爆发全国跨行业大罢工，反对政府进行退休制度改革。{'首都交通陷入瘫痪。' * 20}</p>"
    assert zh_author_of("", opening + "<p>【编辑：姚昊】</p>") == "唐霁"


@pytest.mark.parametrize("above, after, author", [
    # A photographer's closing credit is no byline.
    ("", "<p>图为启动仪式。（刘通摄）</p>", None),
    # "Name/Paper" on a line of its own.
    ("<p>石佳/中国青年报</p>", "<div>责任编辑：张珺</div>", "石佳"),
    # Menu entries beside the headline, one a surname's character ("商城"), name nobody.
    ("<ul><li>游戏</li><li>商城</li><li>攻略</li></ul>", "", None),
    # Author markup holding labels is read as the labels say: the editor, not "责任编辑".
    ("<div class='author'>作者：未知 责任编辑：棒棒不是糖</div>", "", "棒棒不是糖"),
    ("<div>作者：系统管理员</div>", "", None),
    # An agency alone over the date wrote the story; the editor only handled it. A link
    # by the date line of a byline of its own names no writer.
    ("<p>新华社</p><p>2020-01-03 18:13</p>", "<div>责任编辑：柴敏懿</div>", "新华社"),
    ("<p>2020-01-03 18:13 来源：半月谈</p><p>关注新华网</p>", "<div>责任编辑：焦鹏</div>", "焦鹏"),
    # A platform account's byline: "原创", the account, the date; "原创" in prose labels nobody.
    ("<div>原创 GameForce 2019-09-04 22:18:34</div>", "", "GameForce"),
    ("", "<p>原创 作品 2019年获奖，评委说它很好。</p>", None),
    # A thread's starter: "樓主" before the nickname (a user id after it), or over it.
    ("<div><a>樓主</a> <a href='/u/darkelf'>暗夜精靈</a> <a href='/u/darkelf'>darkelf</a></div><div>2019-09-05 11:10:00</div>", "",
     "暗夜精靈"),
    ("<div>楼主</div><div>暗夜精灵</div><div>2019-09-05 11:10:00</div>", "", "暗夜精灵"),
    ("", "<p>楼主 说得对，我也这么觉得，支持一下。</p>", None),
    # A portal's staff code after the editor's name, a role before the writer's, every
    # reporter a line credits.
    ("", "<div>本文来源：网易游戏 责任编辑：王晓_NG5678</div>", "王晓"),
    ("<div>文 / 游戏评论员 张三</div>", "", "张三"),
    ("<div>本报记者 张三 李四 实习生 王五</div>", "", "张三, 李四, 王五"),
    # A guide's table of heroes names no writer; a source naming the site itself, none either.
    ("<table><tr><th>武将</th><th>定位</th></tr><tr><td>张飞</td><td>蜀国猛将，擅长冲锋陷阵，技能伤害很高</td></tr>"
     "<tr><td>关羽</td><td>蜀国名将，攻守兼备，适合新手</td></tr></table>", "", None),
    ("<div>作者： 来源：示例新闻 时间：2019-09-05</div>", "", None),
    ("<div>2019-09-05 来源：示例新闻游戏频道</div>", "", None),  # a channel of the site
    # Taiwan's bylines: the reporter, a slash, where the report was filed from; a
    # photographer's or a picture's label after the writer's.
    ("<div>記者張三／台北報導</div><div>2019年09月05日 11:10</div>", "", "張三"),
    ("<div>撰文：張三　攝影：李四</div>", "", "張三"),
    ("<div>文／張三 圖／李四</div>", "", "張三"),
    ("<div>文 | 张三</div>", "", "张三"),
    # Who posted it, when no byline names a writer ("原作者" does, before "发布者").
    ("<div>发帖人：暗夜精灵 发帖时间：2019-09-05 11:10</div>", "", "暗夜精灵"),
    ("<p>2019-9-5 11:10 | 发布者: <a href='space-uid-1.html'>admin</a> | 原作者: 张三 | 来自: 网络</p>", "", "张三"),
    # The comment link closing the byline line is no second name.
    ("<div><span>作者：张三</span> <a href='#comment'>我要评论(<em>3</em>)</a></div>", "", "张三"),
    ("<div>作者：小编 <a href='#comment'>我要评论(3)</a></div>", "<p>【责任编辑：兔子】</p>", "兔子"),
    # A board's field under the starter's badge is no name; its panel's words ("金元") neither.
    ("<div>楼主</div><div>热搜: 黑神话 汉化 存档</div>", "", None),
    ("<dl><dt>金元</dt><dd>6420</dd></dl><div>发表于 2023-11-6 13:40</div>", "", None),
    # A forum's "view this poster only" button labels nobody; a reply's floor is no name.
    ("<div><a href='/u/1'>暗夜精灵</a></div><div>发表于 2023-5-6 12:03 | 只看该作者 | 倒序浏览</div>", "", "暗夜精灵"),
    ("", "<div><strong><a href='#pid2'>沙发</a></strong></div><div>发表于 2023-5-6 12:47</div>", None),
    # A video site's uploader wrote its column.
    ("<div><span>UP主：</span><a href='//space.example.com/123'>暗夜精灵</a></div><div>2019-09-05 11:10</div>", "", "暗夜精灵"),
])
def test_chinese_credits_around_the_article(above, after, author):
    assert zh_author_of(above, after) == author


@pytest.mark.parametrize("ld_name, byline, author", [
    # A wire or desk credited as the structured author stands in for the writer the byline names.
    ("By: CNN Wire", "<p>By Leigh Ann Caldwell</p>", "Leigh Ann Caldwell"),
    ("National Desk", "<p>By Michael Russell</p>", "Michael Russell"),
    ("By: CNN Wire", "", "CNN Wire"),
])
def test_a_wire_or_desk_stands_in_for_the_writer(ld_name, byline, author):
    html = (f"<html><head>{_ld_author(ld_name)}</head><body><h1>Ein Titel für den Artikel hier</h1>{byline}{TEXT}"
            "</body></html>")
    assert parse_article(html, "https://a.example/x").author == author


def test_structured_data_naming_its_section_still_speaks_for_the_page_whose_headline_it_gives():
    ld = ('<script type="application/ld+json">{"@type": "NewsArticle", "headline": "All-new Sentra is what we want",'
          ' "url": "https://cars.example/news/", "author": {"@type": "Person", "name": "Marcus De Guzman"}}</script>'
          '<title>All-new Sentra is what we want - Auto News</title>')
    teasers = "<h5>The Nissan Northern Xperience</h5><p>June 15, 2010</p>"
    html = f"<html><head>{ld}</head><body><h1>All-new Sentra is what we want</h1>{TEXT}{teasers}</body></html>"
    assert parse_article(html, "https://cars.example/news/all-new-sentra.html").author == "Marcus De Guzman"
    # Without it, a teaser's headline over its date is no byline either.
    assert parse_article(html.replace(ld, ""), "https://cars.example/news/all-new-sentra.html").author is None


@pytest.mark.parametrize("head, byline, author", [
    # A news agency as the meta author gives way to the byline, however its box is named.
    ("<meta name='author' content='AP'>", "<div class='comments_datetime'><p>By PHILLIP RAWLS 10/ 5/11 09:19 PM ET</p></div>",
     "PHILLIP RAWLS"),
    ("<meta name='author' content='AP'>", "", "AP"),
    # The writer and the place they write from, over the date line.
    ("", "<p>Ángeles Escrivá | Madrid</p><div>Actualizado domingo 28/10/2012 03:21 horas</div>", "Ángeles Escrivá"),
])
def test_bylines_beside_agencies_and_places(head, byline, author):
    html = f"<html><head>{head}</head><body><h1>Ein Titel für den Artikel hier</h1>{byline}{TEXT}</body></html>"
    assert parse_article(html, "https://a.example/x").author == author


def test_the_byline_by_the_headline_beats_the_teasers_marked_before_it():
    teasers = "".join(f"<div><a href='/s/{i}'>Story number {i} about something</a><span class='byline'><a href='/w/{i}'>"
                      f"Writer Number{chr(65 + i % 26)}</a></span></div>" for i in range(30))
    html = (f"<html><body><div class='header'>{teasers}</div><h1>Ein Titel für den Artikel hier</h1>"
            "<span class='byline'><a rel='author' href='/writer/rje'>Richard (R.J.) Eskow</a></span>"
            f"{TEXT}</body></html>")
    assert parse_article(html, "https://a.example/x").author == "Richard (R.J.) Eskow"


def test_a_related_story_teaser_names_its_own_writer():
    related = ("<aside class='related'><ul><li><div><a href='/monde/autre'><h2>A Katmandou, exode sous pression</h2></a>"
               "<span class='author'>Par<span class='authorname'> Sébastien Farcis</span></span></div></li></ul></aside>")
    html = f"<html><body><h1>Ein Titel für den Artikel hier</h1><div class='article-body'>{related}{TEXT}</div></body></html>"
    assert parse_article(html, "https://a.example/x").author is None


def test_a_reader_s_profile_link_under_a_short_post_names_no_writer():
    text = "".join(f"<p>这次版本更新带来了新的副本和职业平衡调整，玩家可以体验全新的剧情内容，第{i}段。</p>" for i in range(4))
    html = ("<html><head><title>新版本副本攻略整理_新浪博客</title></head><body><h2>新版本副本攻略整理</h2>"
            f"<div>(2019-09-05 11:10:00)</div><div class='content'>{text}</div><div>阅读(123) 评论(5)</div>"
            "<div class='allComm'><div>评论</div><ul><li><a href='/u/1'>网友1</a><div>写得很详细，谢谢分享！</div>"
            "<span>2019-09-05 12:00</span></li></ul></div></body></html>")
    assert parse_article(html, "http://blog.example.com/s/blog_1.html").author is None


@pytest.mark.parametrize("byline, author", [
    # Drupal's "Submitted by" names who posted the page.
    ("<div class='submitted'>Submitted by <a href='/user/3'>mmustermann</a> on Sun, 05/03/2020 - 10:20</div>", "mmustermann"),
    # A post's meta line: the date, the time it takes to read, the writer.
    ("<p class='post-meta'>May 3, 2020 · 5 min · Max Mustermann</p>", "Max Mustermann"),
    # A box about the writer, its heading glued to the name in the box's text.
    (f"{TEXT}<div class='author-box'><h4>Über den Autor</h4><p><strong>Max Mustermann</strong> schreibt seit 2010 "
     "über Technik und Spiele.</p></div>", "Max Mustermann"),
    # A profile at "/@name" beside the headline, a Follow button after the name.
    ("<div><a href='/@maxm?source=post_page'>Max Mustermann</a><button>Follow</button></div>"
     "<div>5 min read · May 3, 2020</div>", "Max Mustermann"),
])
def test_blog_platforms_bylines(byline, author):
    assert author_of(byline) == author


@pytest.mark.parametrize("note, author", [
    ("<p><em>Jane Roe is a freelance writer based in Berlin.</em></p>", "Jane Roe"),
    ("<p><i>Jane Roe covers politics for the Daily.</i></p>", "Jane Roe"),
    ("<p>Max Berg ist freier Journalist in Leipzig.</p>", "Max Berg"),
    ("<p><i>Der Autor Max Berg lebt in Leipzig.</i></p>", "Max Berg"),
    ("<p>Jane Roe writes about cities for the Daily.</p>", "Jane Roe"),
    ("<p>The plan is a good one for the town.</p>", None),
])
def test_a_closing_note_on_the_writer_names_the_writer(note, author):
    # The note is the story's last paragraph.
    paragraphs = "".join(f"<p>Ein Absatz des Artikels mit genug Text, Nummer {i}.</p>" for i in range(8))
    html = f"<html><body><h1>Ein Titel für den Artikel hier</h1><div>{paragraphs}{note}</div></body></html>"
    assert parse_article(html, "https://a.example/x").author == author


@pytest.mark.parametrize("closing, author", [
    ("<p>Liebe Grüße, Olga</p>", "Olga"),
    ("<p>Eure Olga</p>", "Olga"),
    ("<p>Viele Grüße<br>Olga</p>", "Olga"),
    ("<p>Cheers, jane_r</p>", "jane_r"),
    ("<p>LG Anna</p>", "Anna"),
    ("<p>Olga</p>", None),  # a word alone closing the post names nobody
    ("<p>Euer Team</p>", None),  # a group, not a writer
    ("<p>Dein Spieleblog</p>", None),
])
def test_a_blog_post_signed_off_with_a_greeting_names_its_writer(closing, author):
    paragraphs = "".join(f"<p>Ein Absatz des Artikels mit genug Text, Nummer {i}.</p>" for i in range(8))
    html = f"<html><body><h1>Ein Titel für den Artikel hier</h1><div>{paragraphs}{closing}</div></body></html>"
    assert parse_article(html, "https://a.example/x").author == author


def test_a_sign_off_yields_to_a_full_name_the_page_gives():
    paragraphs = "".join(f"<p>Ein Absatz des Artikels mit genug Text, Nummer {i}.</p>" for i in range(8))
    html = (f"<html><body><h1>Ein Titel für den Artikel hier</h1><p>Von Olga Berg</p>"
            f"<div>{paragraphs}<p>Liebe Grüße, Olga</p></div></body></html>")
    assert parse_article(html, "https://a.example/x").author == "Olga Berg"


@pytest.mark.parametrize("byline, text, author", [
    # Japanese credits: a pen name in kana, a label of the editorial desk.
    ("<div class='writer'><span>編集部：</span><a href='/words/writer/gakki/'>楽器</a></div>",
     "ストリートファイター6のオープンベータテストが5月19日から実施される。8キャラクターが使用可能だ。", "楽器"),
    ("<p class='credit'>文・取材：西川くん</p>", "遊べば遊ぶほど新しい発見がある、まさに底なしの冒険だ。発売日を楽しみに待っていてほしい。",
     "西川くん"),
    # A Korean reporter's name before the word 기자, the address after it.
    ("<div class='writer'><a href='/news/?writer=kgm'>김규만 기자</a> <span>(frann@inven.example)</span></div>",
     "엠바크 스튜디오의 대표는 한국 이용자들에게 서울 맵을 가장 먼저 선보이게 되어 기쁘다고 말했다.", "김규만"),
])
def test_japanese_and_korean_bylines(byline, text, author):
    html = (f"<html><head><title>新着ニュース</title></head><body><h1>新着ニュース</h1>{byline}"
            f"<div class='content'>{'<p>' + text * 4 + '</p>' * 3}</div></body></html>")
    assert parse_article(html, "https://news.example.jp/a/1").author == author


def test_a_short_paragraph_opening_with_its_reporter_credit():
    opening = "<p>南都讯 记者唐霁 3月26日14时，深圳地铁三条新线同步开通初期运营。至此，城市轨道交通运营线路增至17条。</p>"
    assert zh_author_of("", opening + "<p>【编辑：姚昊】</p>") == "唐霁"


def test_a_field_tag_glued_to_a_handle_and_its_nickname_gives_the_handle():
    # PTT's meta lines: tag and value in spans of their own, "作者meeple42 (米寶)" as one line.
    text = "".join(f"<p>我們四個人玩卡坦島基本版玩了半年，想買擴充，第{i}次問。航海家和城市與騎士哪個比較適合？</p>" for i in range(3))
    html = ("<html><head><title>[問題] 卡坦島擴充要先買哪個 - 看板 BoardGame</title></head><body><div id='main-content'>"
            "<div class='article-metaline'><span class='article-meta-tag'>作者</span><span class='article-meta-value'>meeple42 (米寶)"
            "</span></div><div class='article-metaline'><span class='article-meta-tag'>標題</span><span class='article-meta-value'>"
            f"[問題] 卡坦島擴充要先買哪個</span></div>{text}</div></body></html>")
    assert parse_article(html, "https://www.ptt.example/bbs/BoardGame/M.1728123456.A.1F2.html").author == "meeple42"


def test_a_kanji_word_alone_on_a_japanese_page_is_no_name():
    text = "".join(f"<p>星5武器の性能を比較した。おすすめの武器と入手方法も紹介する。その{i}。</p>" for i in range(4))
    html = ("<html><head><title>星5武器の性能比較と入手方法</title></head><body><ol class='breadcrumb'><li><a href='/'>攻略wiki</a></li>"
            "<li><a href='/weapons'>武器</a></li></ol><p class='note'>このページはネタバレを含みます</p><h1>星5武器の性能比較と入手方法</h1>"
            f"<div class='article'>{text}</div></body></html>")
    assert parse_article(html, "https://game.example.jp/luminous/612345").author is None
