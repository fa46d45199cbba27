#!/usr/bin/env python3
"""Issue 43 in headless Chromium at 390×844, after the other walks (scripts/e2e runs them all):
a Crossref search, the reconcile screen, and the researcher's ORCID list as the filter. The
sources are the local stub (e2e_scholar_stub.py --services), answering with real saved answers.

A Crossref search for "Louis Raymond" → Crossref's two works (real records), one his, the other
set aside by the name filter → reconcile with Crossref, OpenAlex and Semantic Scholar → his
paper's Crossref count found by DOI, side by side with the search's → a list of three of Scott
Chamberlain's titles and two other researchers' imported from the history screen → filtered by
his ORCID iD: his three kept (by title), the two others excluded.

    e2e_scholar_sources.py --base URL --screenshots DIR --first-shot 96 --downloads DIR
"""
import csv
import os
import re

import e2e
from e2e import check
from selenium.webdriver.common.by import By

ORCID = "0000-0003-1444-9135"
# Three titles of his ORCID works (fixtures/scholar/orcid) and two of Waldo Tobler's (exports).
HIS = [("Phylogeny Based Biodiversity Data Queries", 2018), ("Suppdata: Downloading Supplementary Data from Published Manuscripts", 2018),
       ("lawn: An R client for the Turf Javascript Library for Geospatial Analysis", 2017)]
OTHERS = [("Three presentations on geographical analysis and modeling", 1993), ("A computer movie simulating urban growth in the Detroit region", 1970)]


class ScholarSourcesPath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.crossref = None

    def run(self):
        return self.walk([("Crossref search", self.crossref_search), ("reconcile", self.reconcile), ("ORCID filter", self.orcid_filter)])

    def crossref_search(self):
        self.go("/scholar")
        form = self.visible("form#search-form")
        form.find_element(By.CSS_SELECTOR, "input[name=author]").send_keys("Louis Raymond")
        self.click(form.find_element(By.CSS_SELECTOR, "input[name=source][value=crossref]"))
        check(form.find_element(By.CSS_SELECTOR, "input[name=nameFilter]").is_selected(), "the name filter is off")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.crossref = self.wait_for_results()
        check("Crossref" in self.text(), "the results do not say they come from Crossref")
        note = self.visible("#name-filter").text
        check(re.search(r"Kept 1, excluded 1", note), f"the name filter did not set the other paper aside: {note!r}")
        self.shot("crossref-search")
        return f"search {self.crossref}: {note[:80]}"

    def reconcile(self):
        self.go(f"/scholar/searches/{self.crossref}")
        self.click(self.visible(f'a[href="/scholar/searches/{self.crossref}/reconcile"]'))
        form = self.visible("form#reconcile-form")
        ticked = [box.get_attribute("value") for box in form.find_elements(By.CSS_SELECTOR, "input[name=with]") if box.is_selected()]
        check(ticked == ["crossref", "openalex", "semantic-scholar"], f"the sources ticked are {ticked}")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == f"/scholar/searches/{self.crossref}/reconcile" and self.all("#reconcile-rows"), "the reconciliation", timeout=60)
        rows = self.all("#reconcile-rows li")
        check(len(rows) == 1, f"{len(rows)} rows: the search counts 1 paper")
        counts = {term.text: value.text for term, value in zip(rows[0].find_elements(By.TAG_NAME, "dt"), rows[0].find_elements(By.TAG_NAME, "dd"))}
        check(counts == {"This search": "10", "Crossref": "10 DOI", "OpenAlex": "–", "Semantic Scholar": "–"}, f"the paper's counts are {counts}")
        summary = self.visible("#reconcile-summary").text
        check("0 papers whose counts differ" in summary, f"summary: {summary!r}")
        columns = [row.get_attribute("data-source") for row in self.all("#reconcile-columns tbody tr")]
        check(columns == ["search", "crossref", "openalex", "semantic-scholar"], f"the columns are {columns}")
        self.shot("reconcile", scroll_to=self.css("#reconcile-rows"))
        return " / ".join(f"{source} {count}" for source, count in counts.items())

    def orcid_filter(self):
        listing = os.path.join(self.downloads, "chamberlain-and-others.csv")
        with open(listing, "w", newline="", encoding="utf-8") as file:
            writer = csv.writer(file)
            writer.writerow(["Cites", "Authors", "Title", "Year"])
            for title, year in HIS:
                writer.writerow([3, "S Chamberlain", title, year])
            for title, year in OTHERS:
                writer.writerow([40, "W Tobler", title, year])
        self.go("/scholar/history")
        form = self.visible("form#import-form")
        form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(listing)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        search = self.wait_for_results()
        self.click(self.visible(f'a[href="/scholar/searches/{search}/own-list"]'))
        form = self.visible("form#own-list-form")
        form.find_element(By.CSS_SELECTOR, "input[name=orcid]").send_keys(ORCID)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        summary = self.visible("#own-list-summary").text
        check(f"orcid:{ORCID} lists 111 works · 3 results on the list (0 by DOI) · 2 newly excluded" in summary, f"summary: {summary!r}")
        kept = [item.text for item in self.all("ol.homepage li.found")]
        check(len(kept) == 3 and all("by title" in text for text in kept), f"kept: {kept}")
        check(len(self.all("ol.homepage li.missing")) == 2, "the two other researchers' papers are not marked")
        self.shot("own-list-orcid", scroll_to=self.css("#own-list-summary"))
        self.go(f"/scholar/searches/{search}/publications")
        self.visible("ol.publications")
        counted = [row.text.split("\n")[0] for row in self.rows()]
        check(len(counted) == 3, f"the publications screen counts {len(counted)} papers, not his 3")
        return f"3 of his kept (by title), 2 excluded; the list now counts {len(counted)}"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-scholar-sources.png")
    parser.add_argument("--first-shot", type=int, default=96)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(ScholarSourcesPath, args)


if __name__ == "__main__":
    main()
