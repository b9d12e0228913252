import pytest

from portal_spider.portals import PortalConfigError, load_portals, portal_from_start_urls, site_of


def write(tmp_path, text):
    path = tmp_path / "portals.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_all_and_named(tmp_path):
    path = write(tmp_path, """
[portals.a]
start_urls = ["http://a.test/list/"]
timezone = "Asia/Shanghai"
[portals.b]
start_urls = ["http://b.test/"]
next_page_selector = "a.next"
""")
    assert [p.name for p in load_portals(path)] == ["a", "b"]
    (b,) = load_portals(path, ["b"])
    assert b.next_page_selector == "a.next" and b.owns("http://b.test/x.html")
    assert load_portals(path, ["a"])[0].extraction.timezone == "Asia/Shanghai"
    assert b.max_listing_pages is None


def test_max_listing_pages_and_valid_selectors(tmp_path):
    path = write(tmp_path, """
[portals.a]
start_urls = ["http://a.test/list/"]
max_listing_pages = 50
article_link_selector = "ul.list li > a[href*='/article/']"
body_selector = "div.content:not(.ad)"
""")
    (a,) = load_portals(path)
    assert a.max_listing_pages == 50 and a.extraction.body_selector == "div.content:not(.ad)"


def test_limits_per_portal_travel_with_its_requests(tmp_path):
    path = write(tmp_path, """
[portals.a]
start_urls = ["http://a.test/list/"]
max_article_pages = 5
max_response_bytes = 10_000_000
max_redirects = 3
max_url_length = 4000
[portals.b]
start_urls = ["http://b.test/"]
""")
    a, b = load_portals(path)
    assert a.max_article_pages == 5
    assert a.request_limits() == {"download_maxsize": 10_000_000, "max_redirects": 3, "max_url_length": 4000}
    assert b.request_limits() == {} and b.max_article_pages is None


@pytest.mark.parametrize("text, message", [
    ("[portals.a]\nstart_urls = []\n", "start_urls must be"),
    ("[portals.a]\nstart_urls = ['ftp://x']\n", "not an http(s) URL"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\ntitel = 'h1'\n", "unknown setting titel"),
    ("[other]\nx = 1\n", "declares no [portals.NAME]"),
    ("[portals.a\n", "not valid TOML"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\ntimezone = 'Mars/Olympus'\n", "unknown timezone"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nbody_selector = 'div[[['\n", "body_selector is not a valid CSS selector"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nnext_page_selector = 'a.next::attr(href)'\n", "next_page_selector is not a valid CSS selector"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nmax_listing_pages = 0\n", "max_listing_pages must be"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nmax_listing_pages = '50'\n", "max_listing_pages must be"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nmax_listing_pages = true\n", "max_listing_pages must be"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nmax_response_bytes = 0\n", "max_response_bytes must be a whole number of bytes"),
    ("[portals.a]\nstart_urls = ['http://a.test/']\nmax_redirects = 2.5\n", "max_redirects must be a whole number of redirects"),
])
def test_bad_config_says_why(tmp_path, text, message):
    with pytest.raises(PortalConfigError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        load_portals(write(tmp_path, text))


def test_unknown_portal_name(tmp_path):
    path = write(tmp_path, "[portals.a]\nstart_urls = ['http://a.test/']\n")
    with pytest.raises(PortalConfigError, match="no portal named zzz"):
        load_portals(path, ["zzz"])


def test_zero_config_groups_start_urls_by_site():
    portals = portal_from_start_urls(["http://a.test/1", "https://www.a.test/2", "http://127.0.0.1:8000/x"])
    assert [(p.name, len(p.start_urls)) for p in portals] == [("a.test", 2), ("127.0.0.1:8000", 1)]


def test_site_ignores_default_port_and_www():
    assert site_of("https://WWW.Example.com:443/a") == "example.com"
    assert site_of("http://127.0.0.1:8000/") == "127.0.0.1:8000"


def test_hosts_extend_the_sites_a_portal_owns(tmp_path):
    config = tmp_path / "portals.toml"
    config.write_text('[portals.p]\nstart_urls = ["https://www.p.test/list/"]\nhosts = ["news.p.test", "bbs.p.test:8080"]\n')
    (portal,) = load_portals(config)
    assert portal.owns("https://news.p.test/a/1.html") and portal.owns("http://bbs.p.test:8080/thread-1-1-1.html")
    assert not portal.owns("https://other.test/a/1.html")


@pytest.mark.parametrize("hosts", ['"news.p.test"', '["http://news.p.test/"]', '["news.p.test:99999"]'])
def test_bad_hosts_are_one_line_errors(tmp_path, hosts):
    config = tmp_path / "portals.toml"
    config.write_text(f'[portals.p]\nstart_urls = ["https://www.p.test/list/"]\nhosts = {hosts}\n')
    with pytest.raises(PortalConfigError, match="hosts must be a list of host names"):
        load_portals(config)
