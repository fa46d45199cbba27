#!/usr/bin/env python3
"""Accounts on a server where everyone logs in (`bottega serve --no-single-user`, as on any
address but loopback), in headless Chromium at 390×844. Reuses e2e.py's browser and checks;
screenshots continue the numbering from --first-shot.

Scholar's history asks for a log-in and comes back to it → a new profile is created there → the
history, empty, is the profile's own → an import is the profile's → the agent's details are the
profile's → log out: the history asks again → a second profile sees neither the search nor the
details → log in again as the first: both are there.

    e2e_accounts.py --base URL --screenshots DIR --first-shot 70 --export PATH
"""
import os
import re
import urllib.parse

import e2e
from e2e import check
from selenium.webdriver.common.by import By

PASSWORD = "e2e-account-passphrase"


class AccountsPath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.export = os.path.abspath(args.export)
        self.search_path = None

    def run(self):
        steps = [
            ("a private screen asks for a log-in", self.asks_for_login), ("create a profile and come back", self.register),
            ("an import is the profile's", self.import_search), ("the agent's details are the profile's", self.agent_details),
            ("log out", self.log_out), ("another profile sees none of it", self.other_profile),
            ("log in again and find it all", self.log_in_again),
        ]
        return self.walk(steps)

    def query(self):
        return urllib.parse.parse_qs(urllib.parse.urlparse(self.driver.current_url).query)

    def fill(self, form, values):
        for name, value in values:
            field = form.find_element(By.CSS_SELECTOR, f"input[name={name}]")
            field.clear()
            field.send_keys(value)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))

    def asks_for_login(self):
        self.go("/scholar/history")
        self.until(lambda d: self.path() == "/barcodes/profile", "the log-in form")
        check(self.query().get("next") == ["/scholar/history"], f"the log-in does not lead back: {self.driver.current_url}")
        self.visible("form#login-form")
        check("shared profile" not in self.text(), "a server where everyone logs in offers the shared profile")
        check("nobody else sees them" in self.text(), "the log-in screen does not say what an account keeps")
        self.shot("account-login")
        return "/scholar/history → /barcodes/profile?next=/scholar/history"

    def register(self):
        form = self.visible("form#register-form")
        self.fill(form, (("nickname", "anna"), ("password", PASSWORD), ("firstName", "Anna"), ("lastName", "Verdi"),
                         ("address", "Via Zamboni 33, Bologna"), ("email", "anna@example.org")))
        self.until(lambda d: self.path() == "/scholar/history", "the history after creating the profile")
        check(not self.all("ul.history li"), "a new profile's history is not empty")
        self.shot("account-history")
        return "anna created, back on /scholar/history"

    def import_search(self):
        form = self.visible("form#import-form")
        form.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(self.export)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: re.fullmatch(r"/scholar/searches/\d+", self.path()), "the imported search")
        self.search_path = self.path()
        return f"imported as {self.search_path}"

    def agent_details(self):
        self.go("/orders/me")
        form = self.visible("form#record-form")
        self.fill(form, (("name", "Anna Verdi"), ("email", "anna@example.org")))
        self.until(lambda d: "Anna Verdi" in (self.css("input[name=name]").get_attribute("value") or ""), "the saved details")
        self.shot("account-agent")
        return "the agent's details saved"

    def log_out(self):
        self.go("/barcodes/profile")
        self.click(self.visible("form[action='/barcodes/logout'] button"))
        self.until(lambda d: self.all("form#login-form"), "the log-in form after logging out")
        self.go(self.search_path)
        self.until(lambda d: self.path() == "/barcodes/profile", "the log-in form for the search")
        check(self.query().get("next") == [self.search_path], f"the log-in does not lead back to {self.search_path}")
        return f"{self.search_path} asks for a log-in again"

    def other_profile(self):
        form = self.visible("form#register-form")
        self.fill(form, (("nickname", "bruno"), ("password", PASSWORD), ("firstName", "Bruno"), ("lastName", "Neri"),
                         ("address", "Via Indipendenza 1, Bologna"), ("email", "bruno@example.org")))
        # The log-in leads back to anna's search, which bruno's account does not have.
        self.until(lambda d: self.path() == self.search_path, "bruno back on the search's address")
        check("there is no search #" in self.text(), f"bruno opening anna's search read: {self.text()[:200]!r}")
        self.go("/scholar/history")
        check(not self.all(f'a[href="{self.search_path}"]'), "anna's search is in bruno's history")
        self.go("/orders/me")
        name = self.visible("input[name=name]").get_attribute("value") or ""
        check(name != "Anna Verdi", "bruno sees anna's agent details")
        self.shot("account-other")
        return "bruno: no search, no agent details of anna's"

    def log_in_again(self):
        self.go("/barcodes/profile")
        self.click(self.visible("form[action='/barcodes/logout'] button"))
        # The log-out's answer first, or it could land after the next page is asked for.
        self.until(lambda d: self.all("form#login-form") and not self.all("form[action='/barcodes/logout']"), "the log-in form after logging out")
        self.go("/scholar/history")
        form = self.visible("form#login-form")
        self.fill(form, (("nickname", "anna"), ("password", PASSWORD)))
        self.until(lambda d: self.path() == "/scholar/history", "the history after logging in")
        check(self.all(f'a[href="{self.search_path}"]'), "anna's search is not in her history")
        self.go("/orders/me")
        check(self.visible("input[name=name]").get_attribute("value") == "Anna Verdi", "anna's agent details are gone")
        return "anna finds her search and her details"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-accounts.png")
    parser.add_argument("--first-shot", type=int, default=1)
    parser.add_argument("--export", required=True)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(AccountsPath, args)


if __name__ == "__main__":
    main()
