#!/usr/bin/env python3
"""Orders in headless Chromium (scripts/e2e runs it after the wallet and the tickets): the
company's back office at desktop size, then the agent's screens at 390×844, against one
`bottega serve` that is both the company's server and the agent's app.

Back office: log in → add company ACME → add an agent → upload suppliers, customers and
products (CSV) → codes shown. Agent: link to the company → Sync now → a new order (customer,
supplier, a line below the minimum refused at sending, then 4) → sent → history. Back office:
the received order is listed and opens as a PDF.

    e2e_orders.py --base URL --screenshots DIR --first-shot 33 --admin-password PW --work DIR
"""
import os
import re
import urllib.request

import e2e
from e2e import check
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

DESKTOP = (1280, 900)
SHEETS = {
    "fornitore": "id;nome;e-mail;città\nF1;Mobilificio Città di Castello;ordini@mobilificio.example;Città di Castello\n",
    "cliente": "id;ragione sociale;e-mail;città\nC1;Caffè Società Cooperativa;acquisti@caffesocieta.example;Forlì\n",
    "prodotto": "codice;fornitore;descrizione;prezzo;quantità minima\nSEDIA-01;F1;Sedia in faggio;49,90;2\nTAVOLO-07;F1;Tavolo allungabile;320,00;1\n",
}


class OrdersPath(e2e.Path):
    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.admin_password = args.admin_password
        self.work = args.work
        self.order_path = None

    def desktop(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": DESKTOP[0], "height": DESKTOP[1], "deviceScaleFactor": 1, "mobile": False})

    def phone(self):
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": e2e.WIDTH, "height": e2e.HEIGHT, "deviceScaleFactor": 1, "mobile": True})

    def desktop_shot(self, name):
        self.shot_count += 1
        file = os.path.join(self.shots, f"{self.shot_count:02d}-{name}.png")
        check(self.driver.save_screenshot(file), f"could not write {file}")

    def run(self):
        return self.walk([
            ("back office: log in and add a company", self.company), ("back office: agent and uploads", self.uploads),
            ("agent: link and sync", self.sync), ("agent: write an order", self.write_order), ("agent: send it", self.send),
            ("agent: history", self.history_), ("back office: the order received", self.received),
        ])

    def company(self):
        self.desktop()
        self.go("/orders/business")
        self.visible("input[name=password]").send_keys(self.admin_password)
        self.click(self.css("form button[type=submit]"))
        form = self.visible("form#company-form")
        form.find_element(By.NAME, "code").send_keys("ACME")
        form.find_element(By.NAME, "name").send_keys("Acme Forniture S.p.A.")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.path() == "/orders/business/companies/ACME", "the company's page")
        return None

    def uploads(self):
        form = self.css("form#agent-form")
        form.find_element(By.NAME, "username").send_keys("mario.rossi")
        form.find_element(By.NAME, "password").send_keys("una password lunga")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "agent mario.rossi added" in self.text(), "the agent to be added")
        codes = []
        for kind in ("fornitore", "cliente", "prodotto"):
            path = os.path.join(self.work, f"{kind}.csv")
            with open(path, "w", encoding="utf-8") as file:
                file.write(SHEETS[kind])
            upload = self.css(f'form.upload-form[action$="kind={kind}"]')
            upload.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(path)
            self.click(upload.find_element(By.CSS_SELECTOR, "button"))
            # Each upload reloads the page; the previous one's code is on the old page too.
            self.until(EC.staleness_of(upload), f"the {kind} upload to reload the page")
            self.until(lambda d: "import code" in self.text(), f"the {kind} upload's code")
            codes.append(re.search(r"import code ([A-Z]{6})", self.text()).group(1))
        self.desktop_shot("orders-back-office")
        return "codes " + ", ".join(codes)

    def sync(self):
        self.phone()
        self.go("/orders/sync")
        form = self.visible("form#link-form")
        form.find_element(By.NAME, "serverURL").send_keys(self.base)
        form.find_element(By.NAME, "company").send_keys("ACME")
        form.find_element(By.NAME, "username").send_keys("mario.rossi")
        form.find_element(By.NAME, "password").send_keys("una password lunga")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "linked" in self.text(), "the link to be saved")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Sync now']"))
        self.until(lambda d: "4 updated" in self.text(), "the sync's result")
        self.shot("orders-sync")
        return "4 records synced"

    def write_order(self):
        self.go("/orders")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='New order']"))
        self.until(lambda d: re.fullmatch(r"/orders/\d+", self.path()), "the new order")
        self.order_path = self.path()
        header = self.css("form#order-header")
        Select(header.find_element(By.NAME, "customer")).select_by_visible_text("Caffè Società Cooperativa")
        Select(header.find_element(By.NAME, "supplier")).select_by_visible_text("Mobilificio Città di Castello")
        header.find_element(By.NAME, "notes").send_keys("Consegna entro venerdì")
        self.click(header.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        # The save reloads the page: wait for the old one to go before using the new form.
        self.until(EC.staleness_of(header), "the saved order to reload")
        form = self.visible("form#add-line")
        Select(form.find_element(By.NAME, "product")).select_by_index(0)
        quantity = form.find_element(By.NAME, "quantity")
        quantity.clear()
        quantity.send_keys("1")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: self.all("li.order-line"), "the line")
        self.shot("orders-order", scroll_to=self.css("#lines"))
        return None

    def send(self):
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Send to the company']"))
        self.until(lambda d: "Not sent:" in self.text(), "the send to be refused below the minimum")
        line = self.css("li.order-line form.row")
        quantity = line.find_element(By.NAME, "quantity")
        quantity.clear()
        quantity.send_keys("4")
        self.click(line.find_element(By.CSS_SELECTOR, "button"))
        self.until(lambda d: "199,60 €" in self.text(), "the new total")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Resend']"))
        self.until(lambda d: "the company has it" in self.text(), "the order to be sent")
        self.shot("orders-sent")
        return "refused below the minimum, then sent"

    def history_(self):
        self.click(self.css('header a[href="/orders"]'))
        rows = self.visible("ul.orders-history")
        check("Caffè Società Cooperativa" in rows.text and "sent" in rows.text, f"history: {rows.text}")
        self.shot("orders-history")
        return None

    def received(self):
        self.desktop()
        self.go("/orders/business/companies/ACME")
        link = self.visible("table.compare a")
        href = link.get_attribute("href")
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())
        request = urllib.request.Request(href, headers={"Cookie": cookies})
        with urllib.request.urlopen(request, timeout=10) as answer:
            check(answer.headers.get("Content-Type") == "application/pdf", f"the order opened as {answer.headers.get('Content-Type')}")
            check(answer.read(8).startswith(b"%PDF-1.4"), "the order is not a PDF")
        self.desktop_shot("orders-received")
        self.phone()
        return href.rsplit("/", 1)[-1] + " as a PDF"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-orders.png")
    parser.add_argument("--first-shot", type=int, default=1)
    parser.add_argument("--admin-password", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    os.makedirs(args.work, exist_ok=True)
    e2e.walk_and_exit(OrdersPath, args)


if __name__ == "__main__":
    main()
