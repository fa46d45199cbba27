#!/usr/bin/env python3
"""Scholar the way Publish or Perish users work, in headless Chromium at 390×844, after the
other walks (scripts/e2e runs them all). Reuses e2e.py's browser and checks; screenshots
continue the numbering from --first-shot.

Import a real PoP CSV (Waldo Tobler's, ../shared/fixtures/scholar/exports) from the history
screen with the name filter → the results say kept N, excluded M → a file that is not a
publication list is refused with the CLI's error → the publication list sorted by year, cites
per year and number of authors → the graph screen → an OpenAlex search whose name matches
several authors lists them, and "Use this author" searches with another → the name filter's
exclusions say why → the curated list exported as CSV and imported again gives the same h, and
the compare screen of the two fits 390 px.

    e2e_scholar_more.py --base URL --screenshots DIR --first-shot 60 --export PATH
"""
import csv
import os
import re

import e2e
from e2e import check
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


class ScholarMorePath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.export = os.path.abspath(args.export)
        self.imported = None

    def run(self):
        steps = [
            ("import a list from the history screen", self.import_list), ("a bad file is refused", self.bad_file),
            ("sort the publications", self.sort), ("graph", self.graph), ("OpenAlex author choice", self.openalex_choice),
            ("exclusion reasons", self.exclusion_reasons), ("curated export imported again", self.curated_round_trip),
        ]
        return self.walk(steps)

    def upload(self, path, author=""):
        self.go("/scholar/history")
        form = self.visible("form#import-form")
        form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(path)
        field = form.find_element(By.CSS_SELECTOR, "input[name=author]")
        field.clear()
        field.send_keys(author)
        return form

    def import_list(self):
        with open(self.export, encoding="utf-8-sig") as file:
            rows = list(csv.DictReader(file))
        form = self.upload(self.export, "Waldo R. Tobler")
        self.shot("import")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.imported = self.wait_for_results()
        note = self.visible("#name-filter").text
        found = re.search(r"kept (\d+), excluded (\d+)", note, re.IGNORECASE)
        check(found, f"the results do not say what the name filter kept: {note!r}")
        kept, excluded = int(found.group(1)), int(found.group(2))
        check(kept + excluded == len(rows), f"kept {kept} + excluded {excluded} is not the file's {len(rows)} rows")
        check(excluded > 0, "the export's other Toblers were all kept")
        self.shot("imported", scroll_to=self.css("#name-filter"))
        return f"{len(rows)} rows: kept {kept}, excluded {excluded} by the name filter"

    def bad_file(self):
        form = self.upload(os.path.abspath(__file__))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        error = self.visible("#import-error").text
        check(error.strip(), "no error for a Python file")
        check(self.path() in ("/scholar/import", "/scholar/history"), f"a refused upload went to {self.path()}")
        return f"refused: {error[:90]}"

    def sort(self):
        self.go(f"/scholar/searches/{self.imported}/publications")
        labels = [a.text.strip() for a in self.all("nav#sort a")]
        for wanted in ("citations", "cites/year", "year", "title", "authors", "number of authors"):
            check(wanted in labels, f"no '{wanted}' order among {labels}")
        details = []
        # Newest, most cited per year, fewest authors first, as Publish or Perish sorts them.
        for label, pattern, descending in (("year", r"· (\d{4}) ·", True), ("cites/year", r"· ([\d.]+) cites/yr", True), ("number of authors", r"· (?:at least )?(\d+) authors?\b", False)):
            self.click(next(a for a in self.all("nav#sort a") if a.text.strip() == label))
            self.until(lambda d: any(a.get_attribute("aria-current") == "page" and a.text.strip() == label for a in self.all("nav#sort a")), f"the {label} order to be current")
            values = []
            for row in self.rows()[:40]:
                match = re.search(pattern, row.find_element(By.CSS_SELECTOR, "p.small").text)
                if match:
                    values.append(float(match.group(1)))
            check(len(values) >= 10, f"sorted by {label}: only {len(values)} rows show it")
            check(values == sorted(values, reverse=descending), f"sorted by {label}, the first rows are not in order: {values[:12]}")
            if label == "year":
                self.shot("sorted-by-year")
            details.append(f"{label} {values[0]:g}…{values[-1]:g}")
        check(self.all("li.publication .g-core") or self.all("li.status-hCore"), "neither the h-core nor the g-core is marked")
        return "; ".join(details)

    def h_index(self, search):
        self.go(f"/scholar/searches/{search}")
        for metric in self.all("dl.metrics div.metric"):
            if metric.find_element(By.TAG_NAME, "dt").text.strip() == "h-index":
                return int(metric.find_element(By.CSS_SELECTOR, "span.value").text.strip().lstrip("~"))
        check(False, f"search {search} shows no h-index")

    def exclusion_reasons(self):
        self.go(f"/scholar/searches/{self.imported}/publications")
        # A long list is shown a section at a time: the excluded papers have sections of their own.
        jump = [a for a in self.all("nav#sections a") if "excluded-" in (a.get_attribute("href") or "")]
        check(jump, "no section of excluded papers to jump to")
        self.click(jump[0])
        self.until(lambda d: "section=" in self.driver.current_url, "the excluded section")
        excluded = self.all("li.status-excluded")
        check(excluded, "no excluded publication on the list")
        reasons = [row.find_element(By.CSS_SELECTOR, "p.exclusion-reason").text for row in excluded[:20]]
        check(all("name filter" in reason for reason in reasons), f"the name filter's exclusions say {reasons[:3]}")
        self.shot("exclusion-reasons", scroll_to=excluded[0])
        return f"{len(excluded)} excluded rows, each saying why: {reasons[0]!r}"

    def curated_round_trip(self):
        h = self.h_index(self.imported)
        self.go(f"/scholar/searches/{self.imported}/export")
        form = self.visible("form#export-form")
        Select(form.find_element(By.CSS_SELECTOR, "select[name=format]")).select_by_value("csv")
        check(not form.find_element(By.CSS_SELECTOR, "input[name=limit]").get_attribute("value"), "the export form limits the list by default")
        target = os.path.join(self.downloads, f"search-{self.imported}.csv")
        if os.path.exists(target):
            os.remove(target)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: os.path.exists(target) and not os.path.exists(target + ".crdownload"), "the CSV download")
        with open(target, encoding="utf-8-sig") as file:
            rows = list(csv.DictReader(file))
        form = self.upload(target)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        again = self.wait_for_results()
        check(again != self.imported, "the re-import answered with the first search")
        h_again = self.h_index(again)
        check(h_again == h, f"the curated list has h {h}, its export imported again h {h_again}")
        self.go(f"/scholar/compare?first={self.imported}&second={again}")
        self.visible("table.compare")
        right = self.driver.execute_script(
            "return Math.max(...[...document.querySelectorAll('table.compare th, table.compare td, table.compare-metrics th, table.compare-metrics td')]"
            ".map(cell => cell.getBoundingClientRect().right))")
        check(right <= e2e.WIDTH + 0.5, f"the compare tables reach {right:.0f} px on a {e2e.WIDTH} px screen")
        self.shot("compare-curated", scroll_to=self.css("table.compare"))
        return f"{len(rows)} curated rows exported; imported again as search {again}, h {h_again} = {h}; compare fits {e2e.WIDTH} px"

    def graph(self):
        self.go(f"/scholar/searches/{self.imported}")
        self.click(self.css(f'nav.actions a[href="/scholar/searches/{self.imported}/graph"]'))
        self.until(lambda d: self.path().endswith("/graph"), "the graph page")
        chart = self.visible("figure.chart svg")
        check(self.all(f'a[href="/scholar/searches/{self.imported}/graph/hindex.png"]'), "no PNG of the h-index graph")
        self.shot("graph")
        return f"h-index graph drawn ({chart.get_attribute('viewBox') or 'svg'})"


    def openalex_choice(self):
        self.go("/scholar")
        form = self.visible("form#search-form")
        form.find_element(By.CSS_SELECTOR, "input[name=author]").send_keys("Joseph Mearman")
        self.click(form.find_element(By.CSS_SELECTOR, "input[name=source][value=openalex]"))
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        first = self.wait_for_results()
        details = self.visible("details#author-candidates")
        self.click(details.find_element(By.TAG_NAME, "summary"))
        rows = details.find_elements(By.CSS_SELECTOR, "li")
        check(len(rows) > 1, f"{len(rows)} OpenAlex authors listed")
        chosen = [row.text for row in rows if "(this search)" in row.text]
        check(len(chosen) == 1 and "Joseph Mearman" in chosen[0], f"the chosen author is not marked: {chosen}")
        check(all(re.search(r"\d+ works · \d+ citations", row.text) for row in rows), "an author without works and citations")
        self.shot("openalex-authors", scroll_to=details)
        other = next(row for row in rows if "Andrew Mearman" in row.text)
        self.click(other.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: re.fullmatch(r"/scholar/(searches/\d+|progress/.+)", self.path()) and f"/searches/{first}" not in self.path(), "the search with the other author")
        second = self.wait_for_results()
        self.click(self.visible("details#author-candidates summary"))
        now = [row.text for row in self.all("details#author-candidates li") if "(this search)" in row.text]
        check(len(now) == 1 and "Andrew Mearman" in now[0], f"after choosing, the marked author is {now}")
        return f"{len(rows)} authors listed; search {first} used Joseph Mearman, search {second} Andrew Mearman"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-scholar-more.png")
    parser.add_argument("--first-shot", type=int, default=1)
    parser.add_argument("--export", required=True)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(ScholarMorePath, args)


if __name__ == "__main__":
    main()
