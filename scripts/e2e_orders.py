#!/usr/bin/env python3
"""Orders in headless Chromium (scripts/e2e runs it after the wallet and the tickets): the
company's back office at desktop size, then the agent's screens at 390×844, against one
`bottega serve` that is both the company's server and the agent's app.

Back office: log in → add company ACME → add an agent → upload suppliers, customers and
products (CSV) → codes shown. Agent: link to the company → Sync now → a new order (customer,
supplier, a line below the minimum refused at sending, then 4) → sent → history. Back office:
the received order is listed and opens as a PDF. Issue 40, at the end: the company re-uploads
the customer and the sent order's page and PDF stay as sent; "Change" makes an editable copy;
a back-office delete asks first. Agent again, at 390×844: a supplier, a product
(a bad price first, shown again with the field named) and a discount added through the forms,
then a new order whose customer is chosen with the autocomplete.

    e2e_orders.py --base URL --screenshots DIR --first-shot 33 --admin-password PW --work DIR
"""
import os
import re
import urllib.request

import e2e
from e2e import check
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
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
        self.late_shots = 79

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
            ("agent: a supplier", self.add_supplier), ("agent: a product", self.add_product), ("agent: a discount", self.add_discount),
            ("agent: the order form's autocomplete", self.autocomplete), ("agent: their own details", self.details),
            ("agent: copy, a free-text line, an override", self.working_day), ("agent: history by customer", self.history_filter),
            ("agent: subscriptions", self.subscriptions),
            ("agent: a sent order unchanged by a re-upload", self.sent_unchanged), ("agent: Change makes a copy", self.change_copies),
            ("back office: a delete asks first", self.delete_asked),
        ])

    def late_shot(self, name, desktop=False):
        """Issue 40's screens are numbered after every suite's range and the PDF pictures (80 on), leaving the others'
        numbers as they were."""
        kept, self.shot_count = self.shot_count, self.late_shots
        self.desktop_shot(name) if desktop else self.shot(name)
        self.late_shots, self.shot_count = self.shot_count, kept

    def fetch(self, path):
        """GET `path` with the browser's cookies: the bytes and the content type."""
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in self.driver.get_cookies())
        request = urllib.request.Request(self.base + path, headers={"Cookie": cookies})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.read(), answer.headers.get("Content-Type")

    def upload(self, kind, sheet):
        path = os.path.join(self.work, f"{kind}-again.csv")
        with open(path, "w", encoding="utf-8") as file:
            file.write(sheet)
        upload = self.css(f'form.upload-form[action$="kind={kind}"]')
        upload.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(path)
        self.click(upload.find_element(By.CSS_SELECTOR, "button"))
        return self.visible("table#upload-preview")

    def sent_unchanged(self):
        """Issue 40: the company moves its customer and changes its e-mail; after a sync the sent
        order's page and its PDF are byte for byte what they were."""
        before_pdf, kind = self.fetch(self.order_path + "/pdf")
        check(kind == "application/pdf" and before_pdf.startswith(b"%PDF-"), f"the sent order's PDF is {kind}")
        self.go(self.order_path)
        before_text = self.css("main").text
        check("acquisti@caffesocieta.example" in before_text, "the sent order does not show where it went")
        self.desktop()
        self.go("/orders/business/companies/ACME")
        preview = self.upload("cliente", "id;ragione sociale;e-mail;città\nC1;Caffè Società Cooperativa;nuovo@caffesocieta.example;Cesena\n")
        check("Changed" in preview.text, f"the preview: {preview.text}")
        changed = self.visible("#preview-changed")
        check("Forlì → Cesena" in changed.text, f"the preview does not say what changes: {changed.text}")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Apply']"))
        self.until(lambda d: "import code" in self.text(), "the re-upload")
        self.phone()
        self.go("/orders/sync")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Sync now']"))
        self.until(lambda d: "1 updated" in self.text(), "the sync of the change")
        self.go(self.order_path)
        after_text = self.css("main").text
        after_pdf, _ = self.fetch(self.order_path + "/pdf")
        check(after_pdf == before_pdf, "the sent order's PDF changed after the company's re-upload")
        check("acquisti@caffesocieta.example" in after_text and "nuovo@caffesocieta.example" not in after_text,
              "the sent order's page shows the company's new e-mail")
        check("went to the company as shown here" in after_text, "the sent order does not say it is locked")
        self.late_shot("orders-sent-unchanged")
        return f"page and PDF ({len(after_pdf)} bytes) unchanged"

    def change_copies(self):
        """Issue 40: a sent order is changed only through a copy: a new draft, the original as sent."""
        self.go(self.order_path)
        check(not self.all("form#order-header"), "the sent order can still be edited")
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Change (a new draft from this one)']"))
        self.until(lambda d: re.fullmatch(r"/orders/\d+", self.path()) and self.path() != self.order_path, "the copy")
        copy = self.path()
        check(self.all("form#order-header") and "SEDIA-01" in self.css("ul.order-lines").text, "the copy is not an editable draft of the order")
        quantity = self.css("li.order-line input[name=quantity]")
        quantity.clear()
        quantity.send_keys("6" + Keys.TAB)
        self.until(lambda d: "299,40 €" in self.css("#order-total").text, "the copy's new total")
        self.go(self.order_path)
        check("199,60 €" in self.css("#order-total").text, "the sent order's total changed with its copy")
        self.go(copy)
        self.late_shot("orders-change-copy")
        return f"{copy} at 299,40 €, the original still 199,60 €"

    def delete_asked(self):
        """Issue 40: a back-office delete shows what goes, and deletes only when confirmed."""
        self.desktop()
        self.go("/orders/business/companies/ACME/records?kind=prodotto")
        row = next(li for li in self.all("ul.company-records li") if "TAVOLO-07" in li.text)
        self.click(row.find_element(By.LINK_TEXT, "Delete…"))
        self.until(lambda d: "Delete this record?" in self.text(), "the confirmation")
        check("TAVOLO-07" in self.css("#deletion-list").text, "the confirmation does not name the record")
        self.late_shot("orders-delete-confirm", desktop=True)
        self.click(self.driver.find_element(By.XPATH, "//form[@id='confirm-delete']//button[normalize-space()='Delete']"))
        self.until(lambda d: "1 record deleted" in self.text(), "the deletion")
        check("TAVOLO-07" not in self.css("ul.company-records").text, "the product is still listed")
        self.phone()
        return "TAVOLO-07 deleted after its confirmation"

    def working_day(self):
        """The sent order copied into a new draft; a product not in the price list typed in; a
        line's price overridden; the marks shown; the PDF offered."""
        self.go(self.order_path)
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Change (a new draft from this one)']"))
        self.until(lambda d: re.fullmatch(r"/orders/\d+", self.path()) and self.path() != self.order_path, "the copy")
        check("SEDIA-01" in self.css("ul.order-lines").text, "the copy has not the original's line")
        free = self.css("details#free-line")
        self.click(free.find_element(By.TAG_NAME, "summary"))
        form = free.find_element(By.TAG_NAME, "form")
        form.find_element(By.NAME, "code").send_keys("CUSC-1")
        form.find_element(By.NAME, "description").send_keys("Cuscino imbottito")
        form.find_element(By.NAME, "price").send_keys("12,50")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "not in the price list" in self.text(), "the free-text line")
        line = self.css("li.order-line details")
        self.click(line.find_element(By.TAG_NAME, "summary"))
        price = line.find_element(By.NAME, "price")
        price.clear()
        price.send_keys("45,00")
        self.click(line.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "price changed" in self.text(), "the overridden price")
        # 4 × 45,00 + 12,50 = 192,50.
        check("192,50 €" in self.css("#order-total").text, f"the total: {self.css('#order-total').text}")
        self.shot("orders-working-day", scroll_to=self.css("#lines"))
        return "copied; CUSC-1 typed in; SEDIA-01 at 45,00 €"

    def history_filter(self):
        self.go("/orders")
        form = self.visible("form.filters")
        Select(form.find_element(By.NAME, "customer")).select_by_visible_text("Caffè Società Cooperativa")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "customer=" in self.driver.current_url, "the filtered history")
        rows = self.all("ul.orders-history li")
        check(rows and all("Caffè Società Cooperativa" in row.text for row in rows), "the history shows another customer's order")
        self.shot("orders-history-filter")
        return f"{len(rows)} orders of Caffè Società Cooperativa"

    def subscriptions(self):
        self.go("/orders/sync")
        items = self.visible("ul.subscriptions")
        check("ACME" in items.text and "Bottega (JSON feed)" in items.text, f"subscriptions: {items.text}")
        self.shot("orders-subscriptions", scroll_to=items)
        return "one subscription listed"

    def details(self):
        """The agent's name and e-mail, printed on orders and copied on their e-mails; a blank
        name refused first, with what was typed kept."""
        self.go("/orders/sync")
        check("Your name is not set" in self.text(), "the Sync screen did not say the agent's name is missing")
        self.click(self.driver.find_element(By.LINK_TEXT, "Your details"))
        self.until(lambda d: self.path() == "/orders/me", "the details form")
        form = self.css("form#record-form")
        form.find_element(By.NAME, "email").send_keys("mario.rossi@agenzia.example")
        # The browser would refuse an empty required field itself: a blank one reaches the server.
        form.find_element(By.NAME, "name").send_keys("   ")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "name is required" in self.text(), "the refusal of a blank name")
        form = self.css("form#record-form")
        check(form.find_element(By.NAME, "email").get_attribute("value") == "mario.rossi@agenzia.example", "the typed e-mail was lost")
        name = form.find_element(By.NAME, "name")
        name.clear()
        name.send_keys("Mario Rossi")
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(lambda d: "Your details are saved" in self.text(), "the details to be saved")
        self.shot("orders-agent-details")
        self.go("/orders/sync")
        check("Orders are signed Mario Rossi" in self.text(), "the Sync screen does not show the agent's name")
        return "name and e-mail saved"

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
            # A preview first (n new, n changed, n removed), then Apply.
            preview = self.visible("table#upload-preview")
            check("New" in preview.text, f"the {kind} preview: {preview.text}")
            self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='Apply']"))
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
        # No Save button with JavaScript: the form saves itself after every change (UC1).
        check(not header.find_element(By.CSS_SELECTOR, "button[type=submit]").is_displayed(), "the Save button shows although the form saves itself")
        self.until(lambda d: "Saved." in self.css(".autosave-status").text, "the order to save itself")
        self.go(self.order_path)
        check("Consegna entro venerdì" in self.css("textarea[name=notes]").get_attribute("value"), "the notes typed were not saved")
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
        # The quantity saves itself as it changes (issue 40): no button to press, and the totals follow.
        check(not line.find_element(By.CSS_SELECTOR, "button").is_displayed(), "the quantity's Change button shows although it saves itself")
        quantity = line.find_element(By.NAME, "quantity")
        quantity.clear()
        quantity.send_keys("4" + Keys.TAB)
        self.until(lambda d: "199,60 €" in self.text(), "the new total")
        self.go(self.order_path)
        check(self.css("li.order-line input[name=quantity]").get_attribute("value") == "4", "the quantity typed was not saved")
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
            check(answer.read(8).startswith(b"%PDF-"), "the order is not a PDF")
        self.desktop_shot("orders-received")
        self.phone()
        return href.rsplit("/", 1)[-1] + " as a PDF"

    def fill_record(self, fields, selects=()):
        """Fills the master-data form (#record-form) and submits it; returns the old form."""
        form = self.visible("form#record-form")
        for name, value in selects:
            Select(form.find_element(By.NAME, name)).select_by_visible_text(value)
        for name, value in fields:
            field = form.find_element(By.NAME, name)
            field.clear()
            field.send_keys(value)
        self.click(form.find_element(By.CSS_SELECTOR, "button[type=submit]"))
        self.until(EC.staleness_of(form), "the form to be posted")
        return form

    def add_supplier(self):
        self.phone()
        self.go("/orders/suppliers")
        self.click(self.visible("a#add-record"))
        self.fill_record([("name", "Vetreria Murano"), ("email", "ordini@vetreria.example"), ("city", "Venezia")])
        rows = self.visible("ul.records")
        check("Vetreria Murano" in rows.text and "Mobilificio Città di Castello" in rows.text, f"suppliers: {rows.text}")
        check("from the company" in rows.text, "the company's supplier is not tagged")
        self.shot("orders-suppliers")
        return "Vetreria Murano added"

    def add_product(self):
        self.click(self.css('header a[href="/orders/products"]'))
        self.click(self.visible("a#add-record"))
        self.fill_record([("code", "VASO-3"), ("description", "Vaso soffiato"), ("price", "12,3456789")], selects=[("supplierID", "Vetreria Murano")])
        error = self.visible("#form-error")
        check("price" in error.text and "49,90" in error.text, f"the bad price's message: {error.text}")
        self.shot("orders-product-error")
        self.fill_record([("price", "89,90")])
        rows = self.visible("ul.records")
        check("VASO-3" in rows.text and "89,90 €" in rows.text, f"products: {rows.text}")
        self.shot("orders-products")
        return "a bad price refused, then VASO-3 at 89,90 €"

    def add_discount(self):
        self.click(self.css('header a[href="/orders/discounts"]'))
        self.click(self.visible("a#add-record"))
        self.fill_record([("levels", "10+5+2")], selects=[
            ("supplierID", "Vetreria Murano"), ("customerID", "Caffè Società Cooperativa"), ("productID", "VASO-3 — Vetreria Murano"),
        ])
        rows = self.visible("ul.records")
        check("10+5+2 %" in rows.text and "VASO-3" in rows.text, f"discounts: {rows.text}")
        self.shot("orders-discounts")
        return "10+5+2 on VASO-3"

    def autocomplete(self):
        self.click(self.css('header a[href="/orders"]'))
        self.click(self.driver.find_element(By.XPATH, "//button[normalize-space()='New order']"))
        self.until(lambda d: re.fullmatch(r"/orders/\d+", self.path()), "the new order")
        search = self.visible('.suggest[data-kind=customer] input')
        search.send_keys("caffe")
        suggestion = self.visible(".suggest[data-kind=customer] button.suggestion")
        check("Caffè Società Cooperativa" in suggestion.text, f"the suggestion: {suggestion.text}")
        self.shot("orders-autocomplete", scroll_to=search)
        self.click(suggestion)
        chosen = Select(self.css("select#customer-select")).first_selected_option.text
        check(chosen == "Caffè Società Cooperativa", f"the autocomplete chose {chosen}")
        self.until(lambda d: "Saved." in self.css(".autosave-status").text, "the chosen customer to be saved")
        self.driver.refresh()
        check(self.visible("a#edit-customer") is not None, "no link to edit the chosen customer")
        return "“caffe” found Caffè Società Cooperativa"


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
