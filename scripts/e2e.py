#!/usr/bin/env python3
"""Bottega's browser end-to-end test: one user's path through the Scholar screens in headless
Chromium at 390×844, asserting what each screen shows and saving a screenshot of it.

Started by scripts/e2e, which provides the server (bottega serve on a temporary database) and
a local Google Scholar answering with a saved results page (10 results of "crispr cas9", 2024).
The path: home → search → progress → results → publications → exclude one → merge two →
detail → dissolve → save → a second search → history → compare → export (CSV, RIS, mailto).

    e2e.py --base http://127.0.0.1:PORT --screenshots docs/screenshots --downloads DIR
           --later-author "JA Doudna"

Prints one line per step and, last, "N passed, M failed"; exits 1 on the first failure, after
printing the step, the error, the address and the page's text.
"""
import argparse
import csv
import json
import os
import re
import sys
import time
import traceback
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

WIDTH, HEIGHT = 390, 844

# The saved page (fixtures/scholar/SOURCES.md): 10 results and their "Cited by" counts.
SAVED = {
    "CRISPR–Cas9 structures and mechanisms": 2020,
    "What is CRISPR/Cas9?": 285,
    "The new frontier of genome engineering with CRISPR-Cas9": 7232,
    "Genome engineering using the CRISPR-Cas9 system": 11960,
    "Development and applications of CRISPR-Cas9 for genome engineering": 6664,
    "CRISPR/Cas9 for cancer research and therapy": 327,
    "Genome modification by CRISPR/Cas9": 298,
    "Recent progress in CRISPR/Cas9 technology": 178,
    "CRISPR/Cas9 in genome editing and beyond": 1258,
    "How specific is CRISPR/Cas9 really?": 141,
}
# What the stub answers a query naming --later-author: the same page "a while later".
LATER = {title: cites + cites // 100 + 1 for title, cites in SAVED.items()}
AUTHOR = "Jennifer Doudna"
EXCLUDE = "What is CRISPR/Cas9?"  # King, Watson & King: not one of hers
MERGE = ("Genome modification by CRISPR/Cas9", "Recent progress in CRISPR/Cas9 technology")


class StepFailed(Exception):
    pass


def check(condition, message):
    """A hard check: the path cannot go on when it fails."""
    if not condition:
        raise StepFailed(message)


def signed(number):
    """The compare screen's difference text: +3, −1 (minus sign), ±0."""
    return "±0" if number == 0 else (f"+{number}" if number > 0 else f"\u2212{-number}")


class Path:
    def extra_browser_arguments(self, args):
        """Flags a walk needs besides the common ones (a fake camera, say)."""
        return ()

    def __init__(self, args):
        self.base = args.base.rstrip("/")
        self.shots = args.screenshots
        self.downloads = os.path.abspath(args.downloads)
        self.later_author = args.later_author
        self.slow_author = args.slow_author
        self.failure_shot = args.failure_shot
        self.passed = 0
        self.failed = 0
        self.problems = []
        self.shot_count = 0
        options = Options()
        options.binary_location = args.chromium
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         f"--window-size={WIDTH},{HEIGHT}", "--hide-scrollbars", "--lang=en-US", *self.extra_browser_arguments(args)):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {
            "download.default_directory": self.downloads, "download.prompt_for_download": False,
            "download.directory_upgrade": True, "safebrowsing.enabled": False,
        })
        # The Debian chromedriver, named: Selenium Manager must not go and download one.
        self.driver = webdriver.Chrome(service=Service(executable_path=args.chromedriver), options=options)
        self.driver.set_window_size(WIDTH, HEIGHT)
        # An iPhone-sized viewport, whatever the window decorations: 390×844 CSS pixels, touch, mobile.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                                    {"behavior": "allow", "downloadPath": self.downloads})

    # -- helpers --------------------------------------------------------------------------

    def go(self, path):
        self.driver.get(self.base + path)

    def click(self, element):
        """Clicks like a thumb: the element is brought to the middle of the screen first, clear of the sticky header."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def expect(self, condition, message):
        """A soft check: the screen is wrong, but the path can go on; the step fails at its end."""
        if not condition:
            self.problems.append(message)

    def css(self, selector):
        return self.driver.find_element(By.CSS_SELECTOR, selector)

    def all(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def until(self, condition, what, timeout=20):
        # A form's POST and redirect can replace the document between finding an element and
        # reading it. Chromedriver then answers with a stale element or, as CI met once, with a
        # bare WebDriverException: both mean "look again", so the wait keeps polling and names
        # the last one only if the page never gets there.
        last_error = None

        def polled(driver):
            nonlocal last_error
            try:
                return condition(driver)
            except WebDriverException as error:
                last_error = error
                return False

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.1).until(polled)
        except TimeoutException:
            cause = f" (last browser error: {type(last_error).__name__}: {last_error.msg})" if last_error else ""
            raise StepFailed(f"timed out ({timeout} s) waiting for {what}{cause}") from None

    def visible(self, selector):
        return self.until(EC.visibility_of_element_located((By.CSS_SELECTOR, selector)), selector)

    def path(self):
        return urllib.parse.urlparse(self.driver.current_url).path

    def text(self):
        return self.css("body").text

    def shot(self, name, scroll_to=None):
        """Asserts the screen fits 390 px wide, then saves docs/screenshots/NN-name.png."""
        width = self.driver.execute_script("return window.innerWidth")
        check(width == WIDTH, f"the viewport is {width} px wide, not {WIDTH}")
        overflow = self.driver.execute_script("return document.documentElement.scrollWidth")
        check(overflow <= WIDTH, f"the {name} screen is {overflow} px wide: it scrolls sideways at {WIDTH} px")
        # An empty string or a 0 is a "true" section in mustache: look for what that leaves behind.
        empty = self.driver.execute_script("""
            return [...document.querySelectorAll('main a, main .tag, main [role=alert], main .error, main .small')]
              .filter(e => (e.tagName === 'A' && e.getAttribute('href') === '') || (e.tagName !== 'A' && !e.textContent.trim() && !e.children.length))
              .map(e => e.outerHTML.slice(0, 80))""")
        self.expect(not empty, f"the {name} screen has empty elements: {empty}")
        if scroll_to is not None:
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", scroll_to)
        else:
            self.driver.execute_script("window.scrollTo(0, 0)")
        self.shot_count += 1
        file = os.path.join(self.shots, f"{self.shot_count:02d}-{name}.png")
        check(self.driver.save_screenshot(file), f"could not write {file}")
        return file

    def metrics(self):
        """The results screen's metrics: {name: value text}."""
        return {block.find_element(By.TAG_NAME, "dt").text.strip(): block.find_element(By.CSS_SELECTOR, ".value").text.strip()
                for block in self.all(".metrics .metric")}

    def summary(self):
        return self.css("#metrics-summary").text.strip()

    def rows(self, selector="ol.publications:not(.excluded) li.publication"):
        return self.all(selector)

    def row_titled(self, title):
        for row in self.all("li.publication"):
            if row.find_element(By.CSS_SELECTOR, ".title-link").text.strip() == title:
                return row
        raise StepFailed(f"no row titled {title!r}")

    def search(self, author):
        self.click(self.driver.find_element(By.CSS_SELECTOR, 'header a[href="/scholar"], a[href="/scholar"]'))
        form = self.visible("form#search-form")
        form.find_element(By.CSS_SELECTOR, "input[name=author]").send_keys(author)
        self.click(form.find_element(By.CSS_SELECTOR, "input[name=source][value=scholar]"))
        check(form.find_element(By.CSS_SELECTOR, "input[name=source][value=scholar]").is_selected(), "Google Scholar is not chosen")
        # The saved page is a topic search: only 2 of its 10 results name Doudna. Keep all 10.
        name_filter = form.find_element(By.CSS_SELECTOR, "input[name=nameFilter]")
        if name_filter.is_selected():
            self.click(name_filter)
        return form

    def wait_for_results(self):
        self.until(lambda d: re.fullmatch(r"/scholar/searches/\d+", self.path()), "the results page", timeout=60)
        return int(self.path().rsplit("/", 1)[1])

    # -- the path -----------------------------------------------------------------------

    def run(self):
        steps = [
            ("home", self.home), ("search form", self.search_form), ("progress", self.progress),
            ("results", self.results), ("publications", self.publications), ("exclude one", self.exclude),
            ("merge two", self.merge), ("merged publication's detail", self.detail), ("dissolve", self.dissolve),
            ("save", self.save), ("a second search, later", self.second_search), ("history", self.history),
            ("compare", self.compare), ("export", self.export), ("export downloads", self.downloads_),
            ("cancel a slow search", self.cancel),
        ]
        return self.walk(steps)

    def walk(self, steps):
        """Runs the steps in order; a hard failure ends the path, a soft one fails its step only."""
        for number, (name, body) in enumerate(steps):
            started = time.monotonic()
            self.problems = []
            try:
                detail = body()
            except Exception as error:  # noqa: BLE001 (a hard failure ends the path, with its context)
                print(f"FAIL {name}: {error if isinstance(error, StepFailed) else repr(error)}")
                if not isinstance(error, StepFailed):
                    traceback.print_exc()
                self.report_page()
                self.failed += 1
                print("not run: " + ", ".join(n for n, _ in steps[number + 1:]))
                break
            if self.problems:
                self.failed += 1
                print(f"FAIL {name}: " + "; ".join(self.problems) + f" (went on: {detail})", flush=True)
                print(f"     at {self.driver.current_url}")
                continue
            self.passed += 1
            print(f"ok   {name}{': ' + detail if detail else ''} ({time.monotonic() - started:.1f} s)", flush=True)
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0

    def report_page(self):
        try:
            print(f"     at {self.driver.current_url}")
            print("     the page's text:")
            lines = self.text().splitlines()
            for line in lines[:80]:
                print("     | " + line)
            if len(lines) > 80:
                print(f"     | … ({len(lines) - 80} more lines)")
            failure = os.path.abspath(self.failure_shot)
            os.makedirs(os.path.dirname(failure), exist_ok=True)
            self.driver.save_screenshot(failure)
            print(f"     screenshot: {failure}")
        except Exception as error:  # noqa: BLE001
            print(f"     (the page could not be read: {error!r})")

    def home(self):
        self.go("/")
        check(self.visible("h1").text.strip() == "Bottega", "the home page's heading is not Bottega")
        check(self.all('main a[href="/scholar"]'), "no link to /scholar on the home page")
        self.shot("home")
        self.click(self.css('main a[href="/scholar"]'))
        return None

    def search_form(self):
        self.until(lambda d: self.path() == "/scholar", "the search page")
        form = self.search(AUTHOR)
        self.shot("search")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        return f"searched for {AUTHOR} on Google Scholar, name filter off"

    def progress(self):
        self.until(lambda d: self.path().startswith("/scholar/progress/"), "the progress page")
        self.visible("section#progress")
        # The stub answers after a delay: the step must show the page being fetched meanwhile.
        step = self.until(lambda d: (lambda t: t if "fetching results" in t else None)(self.css("#step").text), "#step to say 'fetching results'")
        check(any(b.text.strip() == "Cancel" for b in self.all("section#progress button")), "no Cancel button while searching")
        section = self.css("section#progress").text
        self.expect("Done" not in section, "while searching, the progress screen already says 'Done. See the results.'")
        self.expect(not [e for e in self.all("section#progress .error") if not e.text.strip()], "while searching, the progress screen holds an empty error alert")
        self.expect("Back to the search" not in section, "while searching, the progress screen offers 'Back to the search' as if it had failed")
        self.expect(self.css("#bar").get_dom_attribute("max") != "0", "the progress bar has max=0 (shown full) while the number of pages is unknown")
        self.expect(" of 0" not in self.css("#step").text, "the step says 'of 0' pages")
        self.shot("progress")
        self.search_id = self.wait_for_results()
        return f"'{step}', then /scholar/searches/{self.search_id}"

    def results(self):
        check(self.visible("h1").text.strip() == AUTHOR, f"the heading is {self.css('h1').text!r}, not {AUTHOR!r}")
        metrics = self.metrics()
        check(metrics.get("h-index") == "10", f"h-index {metrics.get('h-index')}, expected 10 (the 10th result has 141 citations)")
        check(metrics.get("Papers") == "10", f"Papers {metrics.get('Papers')}, expected 10")
        check(metrics.get("Citations") == str(sum(SAVED.values())), f"Citations {metrics.get('Citations')}, expected {sum(SAVED.values())}")
        check("cached" in self.css("main").text, "the search is not shown as cached (not yet saved)")
        check(any(b.text.strip() == "Save" for b in self.all("nav.actions button")), "no Save button on an unsaved search")
        for suffix in ("/publications", "/export"):
            check(self.all(f'nav.actions a[href="/scholar/searches/{self.search_id}{suffix}"]'), f"no link to …{suffix}")
        self.shot("results")
        self.click(self.css(f'nav.actions a[href="/scholar/searches/{self.search_id}/publications"]'))
        return f"h-index 10, 10 papers, {sum(SAVED.values())} citations"

    def publications(self):
        self.until(lambda d: self.path().endswith("/publications"), "the publications page")
        summary = self.visible("#metrics-summary").text
        check("h-index 10" in summary and f"{sum(SAVED.values())} citations" in summary, f"the summary says {summary!r}")
        rows = self.rows()
        check(len(rows) == 10, f"{len(rows)} rows, expected 10")
        shown = {row.find_element(By.CSS_SELECTOR, ".title-link").text.strip(): int(row.find_element(By.CSS_SELECTOR, ".cites").text) for row in rows}
        check(shown == SAVED, f"titles and citations differ from the saved page: {shown}")
        cites = [int(row.find_element(By.CSS_SELECTOR, ".cites").text) for row in rows]
        check(cites == sorted(cites, reverse=True), f"not most cited first: {cites}")
        statuses = {row.get_attribute("class").split("status-")[1].split()[0] for row in rows}
        check(statuses == {"hCore"}, f"with h = 10 every row is in the h-core, got {statuses}")
        check(all(row.find_elements(By.CSS_SELECTOR, ".tick") for row in rows), "a row without its tick button")
        check(not self.all("ol.excluded"), "an Excluded section before anything is excluded")
        self.shot("publications")
        return "10 rows, most cited first, all in the h-core"

    def exclude(self):
        before = self.summary()
        row = self.row_titled(EXCLUDE)
        row_id = row.get_attribute("id")
        self.click(row.find_element(By.CSS_SELECTOR, ".tick"))
        expected = sum(SAVED.values()) - SAVED[EXCLUDE]
        self.until(lambda d: "h-index 9" in self.summary(), "the summary to show h-index 9")
        after = self.summary()
        check(f"{expected} citations" in after, f"after excluding, the summary says {after!r}, expected {expected} citations")
        moved = self.all(f"ol.excluded li.publication#{row_id}")
        check(moved, f"{EXCLUDE!r} did not move to the Excluded list")
        check("status-excluded" in moved[0].get_attribute("class"), "the excluded row is not marked status-excluded")
        check(any(h.text.strip() == "Excluded" for h in self.all("h2")), "no 'Excluded' heading")
        check(len(self.rows()) == 9, f"{len(self.rows())} rows left in the list, expected 9")
        self.shot("excluded", scroll_to=self.css("ol.excluded"))
        return f"'{before}' → '{after}'"

    def merge(self):
        self.click(self.css("#merge-mode"))
        self.visible("form#merge-form")
        boxes = self.all("input[name=publications]")
        check(len(boxes) >= 9, f"merge mode shows {len(boxes)} checkboxes, expected one per row")
        for title in MERGE:
            box = self.row_titled(title).find_element(By.CSS_SELECTOR, "input[name=publications]")
            self.click(box)
            check(box.is_selected(), f"could not tick {title!r}")
        self.shot("merge-mode", scroll_to=self.row_titled(MERGE[0]))
        button = [b for b in self.all("form#merge-form button, button[form=merge-form]") if "Merge selected" in b.text]
        check(button, "no 'Merge selected' button")
        self.click(button[0])
        tag = self.until(lambda d: next((t for t in self.all("li.publication .tag") if re.fullmatch(r"Merge #\d+", t.text.strip())), None),
                         "a row tagged 'Merge #n'")
        self.merge_tag = tag.text.strip()
        check(self.merge_tag == "Merge #1", f"the first merge is tagged {self.merge_tag!r}")
        rows = self.rows()
        check(len(rows) == 8, f"{len(rows)} rows after merging two of 9, expected 8")
        merged = tag.find_element(By.XPATH, "./ancestor::li[contains(@class, 'publication')]")
        self.merged_title = merged.find_element(By.CSS_SELECTOR, ".title-link").text.strip()
        check(self.merged_title in MERGE, f"the merged row is titled {self.merged_title!r}")
        cites = merged.find_element(By.CSS_SELECTOR, ".cites").text.strip()
        together = sum(SAVED[t] for t in MERGE)
        self.expect(cites == str(together), f"the merged row shows {cites} citations, expected {together} (its records' citations added up)")
        total = sum(SAVED.values()) - SAVED[EXCLUDE]
        self.expect(f"{total} citations" in self.summary(), f"merging changed the total: {self.summary()!r}, expected {total} citations")
        self.shot("merge", scroll_to=merged)
        self.click(merged.find_element(By.CSS_SELECTOR, ".title-link"))
        return f"{self.merge_tag}: '{self.merged_title}', 8 rows"

    def detail(self):
        self.until(lambda d: re.fullmatch(r"/scholar/searches/\d+/publications/\d+", self.path()), "the detail page")
        heading = self.visible("h1").text
        check(self.merged_title in heading and self.merge_tag in heading, f"the heading is {heading!r}")
        members = [li.text for li in self.all("ul.members li")]
        check(len(members) == 2 and all(any(t in m for m in members) for t in MERGE), f"merged records: {members}")
        fields = {dt.text.strip() for dt in self.all("dl.parameters dt")}
        check({"Authors", "Year", "Citations"} <= fields, f"the detail page's fields: {sorted(fields)}")
        dissolve = [b for b in self.all("form[action$='/dissolve'] button") if b.text.strip() == "Dissolve"]
        check(dissolve, "no Dissolve button")
        self.shot("detail")
        self.click(dissolve[0])
        return f"{len(fields)} fields, members {', '.join(repr(t) for t in MERGE)}"

    def dissolve(self):
        self.until(lambda d: not self.all("ul.members"), "the page after dissolving")
        if not self.path().endswith("/publications"):
            self.go(f"/scholar/searches/{self.search_id}/publications")
        self.visible("#metrics-summary")
        tags = [t.text for t in self.all("li.publication .tag") if t.text.startswith("Merge")]
        check(not tags, f"still tagged after dissolving: {tags}")
        titles = [row.find_element(By.CSS_SELECTOR, ".title-link").text.strip() for row in self.rows()]
        check(len(titles) == 9 and all(t in titles for t in MERGE), f"after dissolving, the rows are {titles}")
        check("h-index 9" in self.summary(), f"the exclusion was lost: {self.summary()!r}")
        self.shot("dissolved")
        return "9 rows again, the excluded paper still excluded"

    def save(self):
        self.go(f"/scholar/searches/{self.search_id}")
        save = [b for b in self.all("nav.actions button") if b.text.strip() == "Save"]
        check(save, "no Save button")
        self.click(save[0])
        self.until(lambda d: not [b for b in self.all("nav.actions button") if b.text.strip() == "Save"], "the Save button to go")
        check(re.search(r"\bsaved\b", self.css("main p.small").text), f"the search is not shown as saved: {self.css('main p.small').text!r}")
        metrics = self.metrics()
        check(metrics.get("h-index") == "9" and metrics.get("Papers") == "9", f"the saved search's metrics ignore the edits: {metrics}")
        self.shot("saved")
        return "saved, h-index 9, 9 papers"

    def second_search(self):
        form = self.search(self.later_author)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path().startswith("/scholar/progress/") or re.fullmatch(r"/scholar/searches/\d+", self.path()), "the search to start")
        self.second_id = self.wait_for_results()
        metrics = self.metrics()
        check(metrics.get("Citations") == str(sum(LATER.values())), f"Citations {metrics.get('Citations')}, expected {sum(LATER.values())}")
        return f"{self.later_author}: search {self.second_id}, {sum(LATER.values())} citations"

    def history(self):
        self.click(self.css('header a[href="/scholar/history"]'))
        self.visible("ul.history")
        items = {li.find_element(By.CSS_SELECTOR, "a").text.strip(): li.get_attribute("class").split() for li in self.all("ul.history li")}
        check(set(items) == {AUTHOR, self.later_author}, f"history lists {list(items)}")
        check("saved" in items[AUTHOR], f"{AUTHOR} is not marked saved: {items[AUTHOR]}")
        check("cached" in items[self.later_author], f"{self.later_author} is not marked cached: {items[self.later_author]}")
        self.shot("history")
        for box in self.all("input[name=searches]"):
            self.click(box)
        compare = [b for b in self.all("button") if b.text.strip() == "Compare"]
        check(compare, "no Compare button")
        self.click(compare[0])
        return f"{AUTHOR} saved, {self.later_author} cached"

    def compare(self):
        self.until(lambda d: self.path() == "/scholar/compare", "the compare page")
        self.visible("table.compare")
        heads = [th.text for th in self.all("table.compare-metrics thead th")][1:]
        check(len(heads) == 2, f"compare headings {heads}")
        first_is_saved = heads[0].startswith(f"#{self.search_id} ")
        check(heads[1 if first_is_saved else 0].startswith(f"#{self.second_id} "), f"compare headings {heads}")
        old, new = (SAVED, LATER) if first_is_saved else (LATER, SAVED)
        rows = {}
        for tr in self.all("table.compare tbody tr"):
            cells = [td.text.strip() for td in tr.find_elements(By.TAG_NAME, "td")]
            rows[cells[0]] = cells
        check(set(rows) == set(SAVED), f"compared titles {sorted(rows)}")
        checked = 0
        for title, (_, first, second, difference) in rows.items():
            if title == EXCLUDE:
                continue  # excluded from the saved search: how it shows is the app's choice, asserted below
            check((first, second) == (str(old[title]), str(new[title])), f"{title!r}: {first} / {second}, expected {old[title]} / {new[title]}")
            check(difference == signed(new[title] - old[title]), f"{title!r}: difference {difference!r}, expected {signed(new[title] - old[title])!r}")
            checked += 1
        excluded = rows[EXCLUDE]
        h = {tr.find_element(By.TAG_NAME, "th").text: [td.text for td in tr.find_elements(By.TAG_NAME, "td")] for tr in self.all("table.compare-metrics tbody tr")}
        check(h.get("h-index") == (["9", "10"] if first_is_saved else ["10", "9"]), f"h-index compared: {h.get('h-index')}")
        sample = next(iter(rows.values()))
        self.shot("compare", scroll_to=self.css("table.compare"))
        return f"{checked} difference cells (e.g. {sample[3]}), h-index {h['h-index']}, the excluded paper shows {excluded[1:]}"

    def export(self):
        self.go(f"/scholar/searches/{self.search_id}")
        self.click(self.css(f'nav.actions a[href="/scholar/searches/{self.search_id}/export"]'))
        form = self.visible("form#export-form")
        formats = {o.get_attribute("value") for o in form.find_elements(By.CSS_SELECTOR, "select[name=format] option")}
        check({"csv", "bibtex", "ris", "json", "html"} <= formats, f"formats offered: {formats}")
        mail = self.css("a#mail").get_attribute("href")
        check(mail.startswith("mailto:"), f"a#mail is {mail!r}")
        body = urllib.parse.unquote(mail)
        check("h-index 9" in body and f"/scholar/searches/{self.search_id}/export/download" in body, f"the e-mail does not carry the metrics and the report link: {body!r}")
        self.shot("export")
        return "5 formats, mailto with h-index 9 and the report link"

    def download(self, format, limit, everything=False):
        form = self.visible("form#export-form")
        Select(form.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value(format)
        field = form.find_element(By.CSS_SELECTOR, "input[name=limit]")
        field.clear()
        field.send_keys(str(limit))
        box = form.find_element(By.CSS_SELECTOR, "input[name=all]")
        if box.is_selected() != everything:
            self.click(box)
        extension = {"bibtex": "bib"}.get(format, format)
        target = os.path.join(self.downloads, f"search-{self.search_id}.{extension}")
        if os.path.exists(target):
            os.remove(target)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: os.path.exists(target) and not os.path.exists(target + ".crdownload"), f"the download {os.path.basename(target)}")
        with open(target, encoding="utf-8") as file:
            return file.read()

    def downloads_(self):
        active = sorted((c, t) for t, c in SAVED.items() if t != EXCLUDE)[::-1]
        text = self.download("csv", 3)
        records = list(csv.DictReader(text.splitlines()))
        check(len(records) == 3, f"CSV with limit 3 holds {len(records)} records")
        title_column = next((k for k in records[0] if k.lower() == "title"), None)
        check(title_column, f"no Title column in {list(records[0])}")
        titles = [r[title_column] for r in records]
        check(titles == [t for _, t in active[:3]], f"the CSV's titles {titles}, expected the 3 most cited")
        ris = self.download("ris", 5)
        count = len(re.findall(r"^TY  - ", ris, flags=re.M))
        check(count == 5, f"RIS with limit 5 holds {count} records")
        # The whole search with "also the excluded ones": excluded publications last and marked.
        everything = json.loads(self.download("json", len(SAVED), everything=True))
        records = everything if isinstance(everything, list) else next(v for v in everything.values() if isinstance(v, list))
        check(len(records) == len(SAVED), f"JSON of the whole search holds {len(records)} records, expected {len(SAVED)}")
        check([r.get("title") for r in records[:-1]] == [t for _, t in active], f"JSON order: {[r.get('title') for r in records]}")
        check(records[-1].get("title") == EXCLUDE and records[-1].get("isExcluded") is True, f"the last JSON record is {records[-1]}, expected {EXCLUDE!r} marked isExcluded")
        check(not any(r.get("isExcluded") for r in records[:-1]), "a kept publication is marked excluded")
        curated = json.loads(self.download("json", len(SAVED)))
        curated = curated if isinstance(curated, list) else next(v for v in curated.values() if isinstance(v, list))
        check([r.get("title") for r in curated] == [t for _, t in active], f"the curated JSON holds {[r.get('title') for r in curated]}")
        report = self.download("html", len(SAVED), everything=True)
        check(re.search(r"h-index\D{0,40}9\b", report), "the HTML report does not give h-index 9")
        excluded_rows = re.findall(r'<tr class="excluded">.*?</tr>', report, flags=re.S)
        check(len(excluded_rows) == 1 and EXCLUDE in excluded_rows[0], f"the HTML report's excluded rows: {excluded_rows}")
        check(self.path().endswith("/export"), f"downloading left the export page for {self.path()}")
        return "CSV top 3 by citations, RIS 5 records, the curated JSON without the excluded paper, JSON and HTML report of all with it last and marked"

    def cancel(self):
        form = self.search(self.slow_author)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path().startswith("/scholar/progress/"), "the progress page")
        progress = self.path()
        cancel = [b for b in self.all("section#progress button") if b.text.strip() == "Cancel"]
        check(cancel, "no Cancel button while searching")
        self.click(cancel[0])
        self.until(lambda d: "Cancelled" in self.css("section#progress").text, "the progress screen to say 'Cancelled'")
        check(self.path() == progress, f"cancelling left {progress} for {self.path()}")
        check(self.all('section#progress a[href="/scholar"]'), "no way back to the search after cancelling")
        self.expect("Done" not in self.css("section#progress").text, "a cancelled search says 'Done'")
        self.shot("cancelled")
        self.click(self.css('header a[href="/scholar/history"]'))
        self.visible("ul.history")
        listed = [a.text.strip() for a in self.all("ul.history li a")]
        check(self.slow_author not in listed, f"the cancelled search is in the history: {listed}")
        return f"{self.slow_author}: cancelled while Scholar kept it waiting, not in the history"

    def close(self):
        self.driver.quit()


def browser_arguments(failure_shot):
    """The options every walk-through takes: the server, where screenshots go, the browser."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--screenshots", default="docs/screenshots")
    parser.add_argument("--downloads", required=True)
    parser.add_argument("--failure-shot", default=failure_shot, help="where the screen of a hard failure is saved")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    return parser


def walk_and_exit(path_class, args):
    """Opens the browser, walks the path, closes the browser, exits 1 if a step failed."""
    os.makedirs(args.screenshots, exist_ok=True)
    os.makedirs(args.downloads, exist_ok=True)
    path = path_class(args)
    try:
        status = path.run()
    finally:
        path.close()
    print(f"screenshots: up to {path.shot_count} in {args.screenshots}")
    sys.exit(status)


def main():
    parser = browser_arguments(".build-e2e/failure.png")
    parser.add_argument("--later-author", default="JA Doudna")
    parser.add_argument("--slow-author", default="Emmanuelle Charpentier")
    walk_and_exit(Path, parser.parse_args())


if __name__ == "__main__":
    main()
