#!/usr/bin/env python3
"""The field apps with no network (issue 42), in headless Chromium at 390×844: the network is
cut with the DevTools protocol (`Network.emulateNetworkConditions`, offline), for the page and
for its service worker alike.

Tickets: buy a single ride and a pass, the operator's back office marks them paid, My tickets
opens once with the network (its service worker keeps the page and the QR Codes), then with the
network cut: the same tickets, the QR Codes and the running countdown, from the device's copy;
a page never opened says there is no network; the inspector's page checks a ticket's signature
on the device. Log out: what the device kept is gone.

Orders (`--app orders`, after e2e_orders.py): an order with two lines and a free-text line taken
with the network cut, queued, kept through a reload; back online, the worker sends it by
Background Sync, its answer is lost on the way, the page sends the same key again, and the
company gets it once, its PDF at the SMTP sink (`--mail`).

    e2e_offline.py --base URL --screenshots DIR --first-shot 90 --admin-password TEXT
"""
import email
import email.policy
import json
import os
import time
import urllib.request

import websocket  # websocket-client, which Selenium installs with itself

import e2e
from e2e import check
from e2e_accounts import AccountsPath
from e2e_apps import AppsPath
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


class OfflinePath(AppsPath):
    def __init__(self, args):
        args.photo = args.wifi_photo = args.book_photo = __file__
        args.photo_text = ""
        super().__init__(args)

    def run(self):
        steps = [
            ("a profile", self.register), ("tickets information", self.tickets_info), ("province from the location", self.province), ("operator", self.operator),
            ("a pass", self.subscription), ("a single ride", self.single_ride),
            ("the back office confirms the payments", self.back_office),
            ("my tickets with the network", self.tickets_online), ("my tickets without it", self.tickets_offline),
            ("an inspector's check without the network", self.inspector_offline),
            ("a page never opened", self.never_opened), ("back online, log out", self.log_out),
        ]
        return self.walk(steps)

    def shot(self, name, scroll_to=None):
        # The purchase's screens are e2e_apps.py's to show; this walk shows what is offline.
        if name.startswith("offline-"):
            super().shot(name, scroll_to=scroll_to)

    def register(self):
        """On a server with accounts: what is kept offline is an account's."""
        self.go("/barcodes/profile")
        form = self.visible("form#register-form")
        self.fill(form, (("nickname", "rider"), ("password", "offline-rider-passphrase"), ("firstName", "Rita"), ("lastName", "Bassi"),
                         ("address", "Via Roma 1, Padova"), ("email", "rita@example.org")))
        self.until(lambda d: self.all("form[action='/barcodes/logout']") or self.path() != "/barcodes/profile", "the new profile")
        return "rider logged in"

    # The accounts walk's way of filling a form in.
    fill = AccountsPath.fill

    def network(self, conditions):
        """Cuts or restores the network of the page and of every service worker it has (each
        worker runs in a target of its own, reached through one session kept per worker: a
        second session's conditions would add to the first's, not replace them)."""
        self.driver.execute_cdp_cmd("Network.enable", {})
        self.driver.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
        sessions = self.__dict__.setdefault("worker_sessions", {})
        for target in self.driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]:
            if target["type"] != "service_worker":
                continue
            if target["targetId"] not in sessions:
                sessions[target["targetId"]] = self.driver.execute_cdp_cmd(
                    "Target.attachToTarget", {"targetId": target["targetId"], "flatten": False})["sessionId"]
            for number, (method, params) in enumerate((("Network.enable", {}), ("Network.emulateNetworkConditions", conditions))):
                self.driver.execute_cdp_cmd("Target.sendMessageToTarget", {
                    "sessionId": sessions[target["targetId"]], "message": json.dumps({"id": number + 1, "method": method, "params": params})})

    def controlled(self):
        return self.driver.execute_script("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")

    def tickets_online(self):
        self.go("/tickets/mine")
        # The single ride validated on boarding: its countdown runs from now.
        row = self.visible(f"li#{self.single_ticket}.ticket-unused")
        self.click(row.find_element(By.XPATH, ".//button[normalize-space()='Validate on boarding']"))
        self.visible(f"li#{self.single_ticket}.ticket-active .countdown-left")
        self.until(lambda d: self.controlled(), "the service worker to take the page", timeout=20)
        # Opened again under the worker, which keeps the page and its QR Codes.
        self.go("/tickets/mine")
        qr = self.visible("li.ticket img.ticket-qr")
        self.until(lambda d: self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", qr) > 0, "the QR Code")
        self.kept = self.driver.execute_script("""
            return (async () => {
              const names = await caches.keys();
              let urls = [];
              for (const name of names.filter(n => n.startsWith('bottega-tickets-account-'))) {
                urls = urls.concat((await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname));
              }
              return urls;
            })()""")
        check("/tickets/mine" in self.kept and any(url.endswith("/qr.svg") for url in self.kept), f"the worker kept {self.kept}")
        # The same account's Orders app, opened once: its worker keeps the account's master data.
        self.go("/orders/device")
        self.until(lambda d: self.controlled(), "the orders worker to take the page", timeout=20)
        self.until(lambda d: self.driver.execute_script("""
            return (async () => {
              for (const name of (await caches.keys()).filter(n => n.startsWith('bottega-orders-account-'))) {
                if ((await (await caches.open(name)).keys()).some(r => new URL(r.url).pathname === '/api/orders/customers')) return true;
              }
              return false;
            })()"""), "the orders worker to keep the account's customers", timeout=20)
        self.go("/tickets/mine")
        self.tickets = len(self.all("li.ticket"))
        # The signed text of the ticket's QR Code, which the inspector's page checks later.
        self.payloads = self.driver.execute_script("""
            return fetch('/api/tickets/tickets').then(r => r.json()).then(j => j.tickets.map(t => t.payload).filter(Boolean))""")
        check(self.payloads, "no signed ticket to check")
        # The inspector's page, opened once with the network (the worker also kept it at installation).
        self.go("/tickets/verify")
        self.visible("form[data-offline-verify]")
        return f"{self.tickets} tickets; kept {len(self.kept)} copies"

    def tickets_offline(self):
        self.network(OFFLINE)
        self.go("/tickets/mine")
        self.visible("ul.tickets")
        check(len(self.all("li.ticket")) == self.tickets, "the offline copy does not hold every ticket")
        qr = self.visible("li.ticket img.ticket-qr")
        self.until(lambda d: self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", qr) > 0, "the QR Code offline")
        check("Holder Giulia Bianchi" in self.text(), "the pass's holder is not shown offline")
        timer = self.visible(f"li#{self.single_ticket}.ticket-active .countdown-left")
        first = timer.text.strip()
        self.until(lambda d: timer.text.strip() != first, "the countdown to move offline", timeout=5)
        self.shot("offline-tickets-mine")
        return f"{self.tickets} tickets, their QR Codes and the ride's countdown ({first} → {timer.text.strip()}) with no network"

    def inspector_offline(self):
        """The inspector's page checks a ticket's signature on the device, with the operators'
        public keys kept with the page: a genuine ticket is valid, an altered one is not."""
        self.go("/tickets/verify")
        verdicts = []
        payload = self.payloads[0]
        # One character of the signature changed: it no longer matches the content.
        altered = payload[:-10] + ("A" if payload[-10] != "A" else "B") + payload[-9:]
        for text in (payload, altered):
            field = self.visible("form[data-offline-verify] textarea[name=payload]")
            field.clear()
            field.send_keys(text)
            self.click(self.css("form[data-offline-verify] button[type=submit]"))
            self.until(lambda d: self.css("#offline-verdict").text.strip() and self.css("#offline-verdict").text != getattr(self, "last_verdict", ""),
                       "the device's verdict")
            self.last_verdict = self.css("#offline-verdict").text
            verdicts.append(self.last_verdict.split("\n")[0])
            if text == payload:
                self.shot("offline-tickets-verify")
        check(self.path() == "/tickets/verify", f"the form left the page for {self.path()}")
        check(verdicts[0] == "Valid ticket", f"the genuine ticket: {verdicts[0]!r}")
        check(verdicts[1] == "Rejected: bad signature", f"the altered ticket: {verdicts[1]!r}")
        return f"genuine: {verdicts[0]}; altered: {verdicts[1]}"

    def never_opened(self):
        self.go("/tickets/operators/ATM-MI")
        self.visible("h1")
        check("No network" in self.css("h1").text, f"a page never opened shows {self.css('h1').text!r}")
        self.shot("offline-tickets-not-saved")
        return "\"No network\""

    def log_out(self):
        self.network(ONLINE)
        tries = []
        for attempt in range(3):
            try:
                self.go("/barcodes/profile")
                break
            except Exception as error:
                targets = [t["type"] + ":" + t["url"] for t in self.driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]]
                tries.append(f"{str(error)[:50]} {targets}")
                if attempt == 0:
                    self.driver.execute_cdp_cmd("Network.disable", {})
                time.sleep(1)
        check(len(tries) < 3, f"back online: {tries}")
        self.click(self.visible("form[action='/barcodes/logout'] button"))
        self.until(lambda d: self.all("form#login-form"), "the log-in form after logging out")
        self.until(lambda d: self.driver.execute_script("""
            return (async () => (await caches.keys()).filter(n => /^bottega-(tickets|orders)-account-/.test(n)).length === 0)()"""),
            "the kept copies (tickets and orders) to go", timeout=10)
        databases = self.driver.execute_script("return indexedDB.databases().then(list => list.map(d => d.name))")
        check("bottega-orders" not in databases, f"the device's order database outlived the log-out: {databases}")
        self.network(OFFLINE)
        try:
            self.driver.get(self.base + "/tickets/mine")
            shown = self.text()
        except WebDriverException as error:
            # No worker and no copy left: the browser's own "no internet" page.
            shown = str(error)
        self.network(ONLINE)
        self.driver.execute_cdp_cmd("Network.disable", {})
        check("Holder Giulia Bianchi" not in shown, "a logged-out device still shows the pass offline")
        return "the device's copies (tickets, orders) and its order database are gone; My tickets does not open offline"


class DevTools:
    """One DevTools connection of our own, beside Selenium's, to a target's WebSocket."""

    def __init__(self, url):
        self.connection = websocket.create_connection(url, timeout=30, suppress_origin=True)
        self.number = 0

    def send(self, method, params=None):
        self.number += 1
        self.connection.send(json.dumps({"id": self.number, "method": method, "params": params or {}}))

    def wait_for(self, method, seconds):
        """The next event `method` within `seconds`, or None."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            self.connection.settimeout(max(0.05, deadline - time.time()))
            try:
                message = json.loads(self.connection.recv())
            except websocket.WebSocketTimeoutException:
                return None
            if message.get("method") == method:
                return message["params"]
        return None

    def close(self):
        self.connection.close()


class OrdersOfflinePath(e2e.Path):
    """The agent's order taken with no network, on a server whose agent has synced a company's
    master data and subscribes to it (after e2e_orders.py)."""

    network = OfflinePath.network
    controlled = OfflinePath.controlled

    def __init__(self, args):
        super().__init__(args)
        self.shot_count = args.first_shot - 1
        self.mail = args.mail

    def messages(self):
        """The messages the SMTP sink holds, by file name."""
        if not self.mail or not os.path.isdir(self.mail):
            return {}
        found = {}
        for name in sorted(os.listdir(self.mail)):
            if name.endswith(".eml"):
                with open(os.path.join(self.mail, name), "rb") as file:
                    found[name] = email.message_from_binary_file(file, policy=email.policy.default)
        return found

    def run(self):
        return self.walk([
            ("the device's order form with the network", self.form_online), ("an order taken offline", self.order_offline),
            ("reloaded offline", self.reload_offline), ("back online, sent by the worker, the answer lost: sent once", self.back_online),
        ])

    def options(self, list_id):
        return self.driver.execute_script(f"return [...document.querySelectorAll('#{list_id} option')].map(o => o.value)")

    def form_online(self):
        self.go("/orders/device")
        self.until(lambda d: self.controlled(), "the service worker to take the page", timeout=20)
        self.go("/orders/device")
        self.until(lambda d: self.options("device-products"), "the products in the form")
        self.before = self.driver.execute_script(
            "return fetch('/api/orders/orders').then(r => r.json()).then(j => (j.orders || []).length)")
        self.mail_before = set(self.messages())
        return f"{len(self.options('device-customers'))} customers, {len(self.options('device-products'))} products"

    def order_offline(self):
        self.network(OFFLINE)
        self.driver.refresh()
        form = self.visible("#device-order")
        customers, suppliers = self.options("device-customers"), self.options("device-suppliers")
        check(customers and suppliers, "the master data did not come from the device's copy")
        form.find_element(By.NAME, "customer").send_keys(customers[0])
        form.find_element(By.NAME, "supplier").send_keys(suppliers[0])
        # The supplier's products only, as the server offers them.
        products = self.options("device-products")
        check(products, f"no product offered with {suppliers[0]}")
        for product, quantity in ((products[0], "2"), (products[-1], "1")):
            form.find_element(By.NAME, "product").send_keys(product)
            quantity_field = form.find_element(By.NAME, "productQuantity")
            quantity_field.clear()
            quantity_field.send_keys(quantity)
            self.click(self.css("#add-product"))
        self.add_free_line(form, "CUSC-1", "Cuscino imbottito", "12,50", "4")
        self.until(lambda d: len(self.all(".device-line")) == 3, "three lines")
        self.device_totals = self.css("#device-totals").text
        self.click(self.css("#device-order button[type=submit]"))
        self.until(lambda d: "waiting for the network" in self.css("#device-queue").text, "the order queued")
        self.shot("offline-orders-queued")
        return f"queued; {self.device_totals}"

    def add_free_line(self, form, code, description, price, quantity):
        """A line for a product not in the price list, typed in the form's folded section."""
        if not self.driver.execute_script("return document.querySelector('#device-order details').open"):
            self.click(self.css("#device-order details summary"))
        for name, value in (("freeCode", code), ("freeDescription", description), ("freePrice", price), ("freeQuantity", quantity)):
            field = form.find_element(By.NAME, name)
            field.clear()
            field.send_keys(value)
        self.click(self.css("#add-free"))

    def reload_offline(self):
        """A second order begun, then the page reloaded with no network: the queued order and
        the new draft, line and customer, are both still there."""
        form = self.visible("#device-order")
        customers = self.options("device-customers")
        form.find_element(By.NAME, "customer").clear()
        form.find_element(By.NAME, "customer").send_keys(customers[-1])
        self.add_free_line(form, "TAV-2", "Tavolino da bar", "89,00", "2")
        self.until(lambda d: len(self.all(".device-line")) == 1, "the new draft's line")
        self.driver.refresh()
        self.until(lambda d: "waiting for the network" in self.css("#device-queue").text, "the queue after a reload")
        self.until(lambda d: len(self.all(".device-line")) == 1, "the draft after a reload")
        check("Tavolino da bar" in self.css(".device-line").text, f"the draft's line: {self.css('.device-line').text!r}")
        customer = self.css("#device-order input[name=customer]").get_attribute("value")
        check(customer == customers[-1], f"the draft's customer: {customer!r}")
        return f"the queue kept; the new draft kept (customer {customer}, 1 line)"

    def devtools(self, kind, path):
        """A second DevTools connection to a target (`page`, `service_worker`), for what
        Selenium cannot do: wait for an event (a request paused by `Fetch`)."""
        address = self.driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json", timeout=5) as answer:
            targets = json.load(answer)
        found = [t for t in targets if t["type"] == kind and path in t["url"]]
        check(found, f"no {kind} target at {path}: {[(t['type'], t['url']) for t in targets]}")
        return DevTools(found[0]["webSocketDebuggerUrl"])

    def back_online(self):
        """The network is back while the agent is on another page: the service worker sends the
        queue by Background Sync, the server stores and sends the order, and its answer is held
        (`Fetch`, at the response stage) while the order page opens, then lost, as an answer
        lost on the way back. The page sends the same key again, and the order arrives once:
        one order at the agent, one message with its PDF at the SMTP sink."""
        # The agent leaves the order page: the worker sends the queue by itself.
        self.go("/orders/offline")
        worker = self.devtools("service_worker", "/orders/service-worker.js")
        try:
            worker.send("Fetch.enable", {"patterns": [{"urlPattern": "*/api/orders/device-orders/*", "requestStage": "Response"}]})
            self.network(ONLINE)
            self.driver.execute_cdp_cmd("Network.disable", {})
            event = worker.wait_for("Fetch.requestPaused", 30)
            check(event, "the worker did not send the queue by Background Sync once back online")
            self.held = f"the worker's {event['request']['method']} by Background Sync answered {event.get('responseStatusCode')}, the answer held"
            check(event.get("responseStatusCode") == 201, f"the first send: {self.held}")
            # The order page opens while the answer is held; then the answer is lost.
            self.driver.get(self.base + "/orders/device")
            worker.send("Fetch.failRequest", {"requestId": event["requestId"], "errorReason": "Aborted"})
            worker.send("Fetch.disable")
        finally:
            worker.close()
        # The page finds the order still queued, its answer lost, and sends the same key again.
        self.until(lambda d: "sent" in self.css("#device-queue").text and "#" in self.css("#device-queue").text, "the order sent", timeout=30)
        queue = self.css("#device-queue").text
        check("the server's total is the device's" in queue, f"the totals differ: {queue}")
        # A reload sends nothing twice: the queue's item has its answer.
        self.driver.refresh()
        time.sleep(1)
        after = self.driver.execute_script("return fetch('/api/orders/orders').then(r => r.json()).then(j => (j.orders || []).length)")
        check(after == self.before + 1, f"{after - self.before} orders arrived, not one")
        self.shot("offline-orders-sent")
        return f"{self.held}, reloaded; " + queue.replace("\n", " ") + "; " + self.pdf_mailed(queue)

    def pdf_mailed(self, queue):
        """The company's server made the order's PDF and mailed it once: it is at the SMTP sink.
        Only this order's messages are counted (the subject names the company's number): the
        outbox's courier delivers every 15 s, so the mail of an order the walk before sent can
        land while this walk runs."""
        if not self.mail:
            return "no SMTP sink given"
        number = queue.split("Order #", 1)[1].split(":", 1)[0]
        company_number = self.driver.execute_script(
            f"return fetch('/api/orders/orders/{number}').then(r => r.json()).then(j => j.companyNumber)")
        check(company_number is not None, f"the agent's order #{number} has no company number")
        subject = f"Ordine n. {company_number} di "

        def this_orders_pdfs():
            new = {name: message for name, message in self.messages().items() if name not in self.mail_before}
            return new, [(name, part) for name, message in new.items() if str(message["Subject"]).startswith(subject)
                         for part in message.iter_attachments() if part.get_content_type() == "application/pdf"]

        deadline = time.time() + 30
        while True:
            new, pdfs = this_orders_pdfs()
            if pdfs or time.time() > deadline:
                break
            time.sleep(0.5)
        check(pdfs, f"no PDF of the company's order n. {company_number} reached the SMTP sink in 30 s; new messages: {sorted(new)}")
        # Sent twice from the device, mailed once by the company: nothing more comes at the
        # courier's next round either.
        time.sleep(16)
        new, again = this_orders_pdfs()
        check(len(again) == 1, f"{len(again)} messages carry the PDF of the company's order n. {company_number}, not one")
        name, part = pdfs[0]
        content = part.get_content()
        check(content.startswith(b"%PDF-"), f"{name}'s attachment is not a PDF")
        subjects = sorted({str(new[mailed]["Subject"]) for mailed, _ in pdfs})
        return f"{len(pdfs)} messages with the PDF ({len(content)} bytes), subjects {subjects}, agent's order #{number}"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-offline.png")
    parser.add_argument("--first-shot", type=int, default=90)
    parser.add_argument("--admin-password", default="")
    parser.add_argument("--app", choices=["tickets", "orders"], default="tickets")
    parser.add_argument("--mail", default="", help="the SMTP sink's folder, where the orders walk finds the order's PDF")
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(OrdersOfflinePath if args.app == "orders" else OfflinePath, args)


if __name__ == "__main__":
    main()
