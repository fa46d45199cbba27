"""50 sales agents against one Orders company server (`bottega serve`), for scripts/load-orders.

    load_orders.py master-data DIR     writes the company's CSV files and the agents' passwords
    load_orders.py run --url URL [--url URL2 …] (--db FILE | --database-url postgres://…) --dir DIR [--bound SECONDS]
                       [--admin-password-file FILE] [--kill-pid PID]

With several --url (several `bottega serve` sharing one PostgreSQL), agent n talks to server
n mod k — its syncs and sends, and each resend goes to the *other* server, as a retry through a
load balancer would. `run` checks the JSON shape with one order first (201, then 200 duplicate on a resend), then
lets every agent, each on its own thread and connection, sync all pages of the change feed,
send 10 orders and resend 3 of them with the same idempotency key (an answer lost on the
way). With --admin-password-file the back office is driven first: a log-in, then uploads
previewed and applied, each request on a connection of its own (behind a balancer, on whichever
server it lands). With --kill-pid that server is killed (SIGKILL) once a third of the orders
are in: a send it swallowed (502 from the balancer, or a dropped connection) is resent with the
same key. Afterwards it reads the company's database (the SQLite file, or PostgreSQL through psql):
exactly one stored order per key, none lost, each with its e-mail queued and not sent. Prints the figures; exits 1 with a
`load-orders: FAILED …` line for each thing that went wrong. Python's standard library only.
"""
import argparse
import base64
import http.client
import json
from decimal import Decimal
import math
import os
import re
import secrets
import signal
import csv
import io
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

COMPANY, PREFLIGHT_COMPANY = "ACME", "PROVA"
AGENTS, ORDERS_PER_AGENT, RESENT = 50, 10, (2, 5, 8)  # RESENT: which of an agent's orders lose their answer
PAGE_LIMIT = 200  # 610 records: four pages, so "all pages" means following hasMore
SUPPLIERS, CUSTOMERS, PRODUCTS_PER_SUPPLIER, DISCOUNTS = 10, 200, 30, 100
EXPECTED = {"fornitore": SUPPLIERS, "cliente": CUSTOMERS, "prodotto": SUPPLIERS * PRODUCTS_PER_SUPPLIER, "sconto": DISCOUNTS}
CITIES = ["Forlì", "Città di Castello", "Cantù", "Sant'Elpidio a Mare", "Bologna", "Cefalù"]


# MARK: master data

def write_master_data(folder: Path) -> None:
    """The company's spreadsheets as Italian offices write them: `;`, decimal commas, accents."""
    def write(name, header, rows):
        lines = [";".join(header)] + [";".join(row) for row in rows]
        (folder / name).write_text("\n".join(lines) + "\n", encoding="utf-8")

    write("suppliers.csv", ["id", "ragione sociale", "e-mail", "città", "telefono"],
          [[f"F{s:02}", f"Mobilificio Società {s} S.r.l.", f"ordini{s}@fornitore{s}.it", CITIES[s % len(CITIES)], f"0543 {s:06}"]
           for s in range(1, SUPPLIERS + 1)])
    write("customers.csv", ["codice cliente", "ragione sociale", "partita iva", "e-mail", "indirizzo", "città", "provincia", "cap"],
          [[f"C{c:03}", f"Caffè Società Cooperativa n. {c}", f"{c:011}", f"acquisti{c}@cliente{c}.it", f"Via dell'Unità d'Italia {c}",
            CITIES[c % len(CITIES)], "FC", f"{47100 + c % 100}"] for c in range(1, CUSTOMERS + 1)])
    write("products.csv", ["codice", "fornitore", "descrizione", "prezzo", "quantità minima"],
          [[f"ART-{s:02}-{p:03}", f"F{s:02}", f"Sedia in faggio già verniciata mod. {p}", f"{10 + p},{(s * p) % 100:02}", str(1 + p % 4)]
           for s in range(1, SUPPLIERS + 1) for p in range(1, PRODUCTS_PER_SUPPLIER + 1)])
    # A discount on a supplier's whole price list for a customer: 10+5 %, or 7,5 % alone.
    write("discounts.csv", ["id", "fornitore", "cliente", "sconto 1", "sconto 2"],
          [[f"D{d:03}", f"F{1 + d % SUPPLIERS:02}", f"C{d:03}", "10" if d % 2 else "7,5", "5" if d % 2 else ""]
           for d in range(1, DISCOUNTS + 1)])
    agents = [(COMPANY, f"agent{a:02}", f"agente-{a:02}-{secrets.token_hex(8)}") for a in range(1, AGENTS + 1)]
    agents.append((PREFLIGHT_COMPANY, "prova", f"prova-{secrets.token_hex(8)}"))
    (folder / "agents.txt").write_text("".join(f"{c} {u} {p}\n" for c, u, p in agents), encoding="utf-8")


# MARK: the agent's side of the API

# 503 answers with Retry-After are retried after the wait they name, for at most BUSY_PATIENCE
# seconds of waiting a request (the two servers of the PostgreSQL run share two cores with
# PostgreSQL: fifty agents' first password checks take them tens of seconds).
BUSY_PATIENCE = 60
BUSY_ANSWERS = []
# Requests repeated because the server that had them died (502/504 from the balancer, or the
# connection dropped): (agent, method, path).
RETRIES = []
RETRY_LIMIT = 5


class Agent:
    """One agent's HTTP/1.1 keep-alive connection; every answer is timed and logged."""

    def __init__(self, url, company, username, password, log):
        parts = urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        token = base64.b64encode(f"{username}:{password}".encode()).decode()
        self.headers = {"X-Bottega-Company": company, "Authorization": f"Basic {token}"}
        self.company, self.username, self.log = company, username, log
        self.busy = BUSY_ANSWERS

    def request(self, kind, method, path, body=None, headers=None):
        started = time.perf_counter()
        waited = 0
        self.retried = 0
        while True:
            try:
                response, data = self.exchange(method, path, body, {**self.headers, **(headers or {})})
            except (OSError, http.client.HTTPException):
                # The server died with the request: the same request again (an order keeps its key).
                if self.retried >= RETRY_LIMIT:
                    raise
                self.note_retry(method, path)
                continue
            if response.status in (502, 504) and self.retried < RETRY_LIMIT:
                self.note_retry(method, path)
                continue
            # A busy server (its password checks queued full) says when to come back, as a
            # company server under 50 agents' first syncs at once will; every request here is
            # safe to repeat (reads, and orders under an idempotency key).
            wait = response.getheader("Retry-After")
            if response.status != 503 or wait is None or not wait.isdigit() or waited + int(wait) > BUSY_PATIENCE:
                break
            self.busy.append(self.username)
            time.sleep(int(wait))
            waited += int(wait)
        self.log.append((kind, response.status, time.perf_counter() - started))
        if not 200 <= response.status < 300:
            raise LoadError(f"{self.username}: {method} {path} answered {response.status}: {data[:300].decode(errors='replace')}")
        return response.status, json.loads(data)

    def note_retry(self, method, path):
        self.retried += 1
        RETRIES.append((self.username, method, path))
        self.connection.close()
        time.sleep(0.2)

    def exchange(self, method, path, body, headers):
        """One request and its answer, on a new connection when the server has closed the kept-alive
        one (it closes connections idle for 10 s, as a browser expects)."""
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                return response, response.read()
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                self.connection.close()
                if attempt == 2:
                    raise
            except ConnectionRefusedError:
                self.connection.close()
                raise

    def sync(self):
        """Follows the change feed until hasMore is false; the records by kind and remoteID."""
        started, cursor, records = time.perf_counter(), None, {}
        while True:
            query = f"limit={PAGE_LIMIT}" + (f"&cursor={cursor}" if cursor is not None else "")
            _, page = self.request("sync page", "GET", f"/api/orders/business/changes?{query}")
            for change in page["changes"]:
                records.setdefault(change["kind"], {})[change["remoteID"]] = change["fields"]
            cursor = page["cursor"]
            if not page["hasMore"]:
                break
        self.log.append(("whole sync", 200, time.perf_counter() - started))
        counts = {kind: len(records.get(kind, {})) for kind in EXPECTED}
        if counts != EXPECTED:
            raise LoadError(f"{self.username}: the sync delivered {counts}, expected {EXPECTED}")
        return records

    def send(self, body, key, kind):
        status, receipt = self.request(kind, "POST", "/api/orders/business/orders", body,
                                       {"Content-Type": "application/json", "Idempotency-Key": key})
        return status, receipt


# MARK: the back office

def back_office(url, password_file, customers_csv, rounds=4):
    """Logs in to the back office, then previews an upload and applies it `rounds` times, each
    request on a new connection: behind a balancer each may land on either server. The sheet
    restates one customer as it is, so the agents' feed does not change. Returns the servers that
    answered (nginx's X-Bottega-Upstream) and how many applies landed on another server than
    their preview."""
    parts = urlsplit(url)
    password = Path(password_file).read_text(encoding="utf-8")

    def call(method, path, body=b"", headers=None):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response, response.read().decode(errors="replace")
        finally:
            connection.close()

    form = f"password={password}".encode()
    response, text = call("POST", "/orders/business/login", form, {"Content-Type": "application/x-www-form-urlencoded"})
    cookie = next((c.split(";")[0] for c in response.headers.get_all("Set-Cookie") or [] if c.startswith("bottega_orders_admin=")), None)
    if response.status != 303 or not cookie:
        raise LoadError(f"back office: the log-in was answered {response.status}: {text[:200]}")
    servers = {response.getheader("X-Bottega-Upstream")}
    sheet = "\n".join(Path(customers_csv).read_text(encoding="utf-8").splitlines()[:2]) + "\n"
    boundary = "bottega-load-" + secrets.token_hex(8)
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"customers.csv\"\r\n"
            f"Content-Type: text/csv\r\n\r\n{sheet}\r\n--{boundary}--\r\n").encode()
    crossed = 0
    for _ in range(rounds):
        preview, page = call("POST", f"/orders/business/companies/{COMPANY}/imports/preview?kind=cliente", body,
                             {"Cookie": cookie, "Content-Type": f"multipart/form-data; boundary={boundary}"})
        token = re.search(r"token=([0-9A-F-]+)", page)
        if preview.status != 200 or not token:
            raise LoadError(f"back office: the preview was answered {preview.status}: {page[:200]}")
        applied, text = call("POST", f"/orders/business/companies/{COMPANY}/imports/apply?token={token[1]}", b"", {"Cookie": cookie})
        if applied.status != 303:
            raise LoadError(f"back office: Apply (previewed on {preview.getheader('X-Bottega-Upstream')}, applied on "
                            f"{applied.getheader('X-Bottega-Upstream')}) was answered {applied.status}: {text[:200]}")
        servers |= {preview.getheader("X-Bottega-Upstream"), applied.getheader("X-Bottega-Upstream")}
        crossed += preview.getheader("X-Bottega-Upstream") != applied.getheader("X-Bottega-Upstream")
    return servers - {None}, crossed


class LoadError(Exception):
    pass


def submission(records, agent_index, number, company):
    """OrderKit's `OrderSubmission` as its synthesized Codable writes it: every non-optional key
    present, Money as "49.90", discounts as JSON numbers, enums as `{"case": {...}}`, dates in
    ISO 8601 without fractions (what the server's `.iso8601` decoder reads)."""
    customers, suppliers = sorted(records["cliente"]), sorted(records["fornitore"])
    customer_id = customers[(agent_index * ORDERS_PER_AGENT + number) % len(customers)]
    supplier_id = suppliers[(agent_index + number) % len(suppliers)]
    customer, supplier = records["cliente"][customer_id], records["fornitore"][supplier_id]
    products = sorted(code for code, fields in records["prodotto"].items() if fields["supplierRecordID"] == supplier_id)
    discount = next((fields for fields in records["sconto"].values()
                     if fields["supplierRecordID"] == supplier_id and fields["customerRecordID"] == customer_id
                     and not fields.get("productRecordID")), None)
    levels = [json_number(discount[key]) for key in ("level1", "level2", "level3") if discount and discount.get(key)]
    lines = []
    for offset in range(1 + (agent_index + number) % 4):
        code = products[(number * 3 + offset) % len(products)]
        product = records["prodotto"][code]
        lines.append({"productID": 1 + offset, "productCode": code, "description": product.get("description", ""),
                      "quantity": int(product.get("minimumQuantity", "1")) + offset, "unitPrice": product["price"],
                      "discountLevels": levels})
    key = str(uuid.uuid4())
    party = lambda fields, names: {name: fields.get(name, "") for name in names}
    body = {
        "order": {"id": number + 1, "idempotencyKey": key, "customerID": number + 1, "supplierID": 1, "lines": lines,
                  "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                  "delivery": "Franco destino", "payment": "Ri.Ba. 60 gg f.m.", "bank": "Banca di Forlì",
                  "packing": "Cartoni da 4", "deliveryTerms": "Entro venerdì", "notes": f"Ordine {number + 1} — consegna al piano terra",
                  "state": {"draft": {}}},
        "customer": {"id": number + 1, **party(customer, ["companyName", "contact", "vatNumber", "taxCode", "iban", "phone", "mobile", "fax",
                                                          "email", "address", "city", "province", "postcode", "notes"]),
                     "origin": {"synced": {"company": company, "remoteID": customer_id}}},
        "supplier": {"id": 1, **party(supplier, ["name", "email", "contact", "phone", "mobile", "fax", "city", "address"]),
                     "origin": {"synced": {"company": company, "remoteID": supplier_id}}},
        "agent": {"name": f"Agente {agent_index + 1:02} Niccolò", "phone": "", "fax": "", "mobile": "+39 333 000 0000",
                  "email": f"agente{agent_index + 1:02}@acme.example.it", "address": "", "city": "Forlì"},
    }
    return key.upper(), body


def json_number(text):
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


# MARK: the run

def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else float("nan")


def run(args):
    folder = Path(args.dir)
    accounts = [line.split(" ", 2) for line in (folder / "agents.txt").read_text(encoding="utf-8").splitlines()]
    load_agents = [a for a in accounts if a[0] == COMPANY]
    failures, log = [], []

    # The shape check, before anything is timed: the CLI's standard-cost hash lets agent01 sync,
    # and one order to another company is stored (201) and recognised when resent (200).
    urls = args.url
    if args.admin_password_file:
        servers, crossed = back_office(urls[0], args.admin_password_file, folder / "customers.csv")
        across = f", {crossed} of 4 applied on another server than their preview" if len(servers) > 1 else ""
        print(f"load-orders: back office through {urls[0]}: log-in, 4 uploads previewed and applied; answered by "
              f"{len(servers) or 1} server{'s' if len(servers) > 1 else ''}{across}")
        if args.kill_pid and (len(servers) < 2 or crossed == 0):
            raise LoadError(f"back office: the balancer sent every request to one server ({servers}): sharing was not exercised")
    first = Agent(urls[0], *load_agents[0], log)
    records = first.sync()
    standard_sync = log[-1][2]
    prova_account = next(a for a in accounts if a[0] == PREFLIGHT_COMPANY)
    prova = Agent(urls[0], *prova_account, [])
    _, body = submission(records, 0, 0, COMPANY)
    encoded = json.dumps(body, ensure_ascii=False).encode()
    status, receipt = prova.send(encoded, body["order"]["idempotencyKey"], "preflight")
    again_status, again = Agent(urls[-1], *prova_account, []).send(encoded, body["order"]["idempotencyKey"], "preflight")
    if (status, receipt["duplicate"], again_status, again["duplicate"], again["number"]) != (201, False, 200, True, receipt["number"]):
        raise LoadError(f"the hand-written OrderSubmission was answered {status} {receipt}, then {again_status} {again}")
    print(f"load-orders: shape checked (201, then 200 duplicate); one sync of {sum(EXPECTED.values())} records "
          f"with a standard-cost hash: {standard_sync:.2f} s")

    log.clear()
    sent, resent = {}, []  # sent: key -> (agent, number, body); resent: (agent, first number, receipt)
    lock, start = threading.Lock(), threading.Barrier(len(load_agents) + 1, timeout=60)

    def agent_work(index, account):
        try:
            start.wait()
            agent = Agent(urls[index % len(urls)], *account, log)
            retrying = Agent(urls[(index + 1) % len(urls)], *account, log)
            records = agent.sync()
            for number in range(ORDERS_PER_AGENT):
                key, body = submission(records, index, number, COMPANY)
                encoded = json.dumps(body, ensure_ascii=False).encode()
                status, receipt = agent.send(encoded, key, "send")
                # A send repeated after its server died may find the order stored before the
                # death: then the duplicate answer is the agent's order.
                if (status != 201 or receipt["duplicate"]) and not (agent.retried and status == 200 and receipt["duplicate"]):
                    raise LoadError(f"{account[1]}: a new order was answered {status} {receipt}")
                if agent.retried and receipt["duplicate"]:
                    with lock:
                        stored_before_death.append(key)
                with lock:
                    sent[key] = (account[1], receipt["number"], body)
                if number in RESENT:
                    status, again = retrying.send(encoded, key, "resend")
                    with lock:
                        resent.append((account[1], receipt["number"], status, again))
        except Exception as error:  # noqa: BLE001 — any failure of one agent is reported, not raised
            with lock:
                failures.append(f"{account[1]}: {error}")

    killed, stored_before_death = {}, []

    def kill_when_a_third_is_in():
        while time.perf_counter() - began < args.bound:
            with lock:
                count = len(sent)
            if count >= AGENTS * ORDERS_PER_AGENT // 3:
                os.kill(args.kill_pid, signal.SIGKILL)
                killed.update(orders=count, at=time.perf_counter() - began)
                return
            time.sleep(0.01)

    threads = [threading.Thread(target=agent_work, args=(i, a), daemon=True) for i, a in enumerate(load_agents)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    if args.kill_pid:
        threading.Thread(target=kill_when_a_third_is_in, daemon=True).start()
    for thread in threads:
        thread.join(max(0.0, began + args.bound - time.perf_counter()))
    elapsed = time.perf_counter() - began
    running = sum(thread.is_alive() for thread in threads)
    if running:
        failures.append(f"{running} of {len(threads)} agents were still running after the {args.bound:.0f} s bound")
    elif elapsed > args.bound:
        failures.append(f"the load took {elapsed:.1f} s, more than the {args.bound:.0f} s bound")
    if failures:
        return report(failures, list(log), elapsed, len(sent))

    failures += check_duplicates(resent)
    failures += check_database(CompanyDatabase(args), sent)
    if args.kill_pid:
        if not killed:
            failures.append("the server to kill was never killed")
        else:
            print(f"load-orders: two servers behind nginx, company data in PostgreSQL; one server killed (SIGKILL) at "
                  f"{killed['at']:.1f} s, {killed['orders']} orders in; {len(RETRIES)} requests repeated after it "
                  f"({sum(1 for r in RETRIES if r[1] == 'POST')} sends, resent with their key; {len(stored_before_death)} of them "
                  f"found their order stored before the kill and got it as the duplicate answer)")
    else:
        print(f"load-orders: {len(urls)} server{'s' if len(urls) > 1 else ''}, company data in {'PostgreSQL' if args.database_url else 'SQLite'}")
    return report(failures, log, elapsed, len(sent))


def check_duplicates(resent):
    expected = AGENTS * len(RESENT)
    wrong = [r for r in resent if r[2] != 200 or not r[3]["duplicate"] or r[3]["number"] != r[1]]
    return ([f"{len(resent)} resends, expected {expected}"] if len(resent) != expected else []) + \
        [f"{agent}: resending order {number} was answered {status} {answer}" for agent, number, status, answer in wrong[:5]]


class CompanyDatabase:
    """The company's tables, in the SQLite file or in PostgreSQL (read with psql: Python's
    standard library has no PostgreSQL driver). The two spell some columns differently."""

    def __init__(self, args):
        self.url, self.path = args.database_url, args.db

    def orders(self):
        if self.url:
            return [(int(r[0]), r[1], r[2], r[3]) for r in self.psql(
                f"SELECT number, agent, idempotency_key, submission FROM order_company_order WHERE company = '{COMPANY}'")]
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30) as db:
            return db.execute("SELECT number, agent, idempotencyKey, submission FROM order_company_order WHERE company = ?", (COMPANY,)).fetchall()

    def mails(self):
        """(subject, sent at or None) of every queued message."""
        if self.url:
            return [(r[0], r[1] or None) for r in self.psql("SELECT subject, sent_at FROM mail_outbox")]
        with sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30) as db:
            return db.execute("SELECT subject, sentAt FROM mail_outbox").fetchall()

    def psql(self, sql):
        result = subprocess.run(["psql", self.url, "--csv", "-v", "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise LoadError(f"psql: {result.stderr.strip()}")
        return list(csv.reader(io.StringIO(result.stdout)))[1:]


def check_database(database, sent):
    """What the company stored: one row per key, the one the agent was told about, with the
    submission as sent; one queued, unsent e-mail per order."""
    failures = []
    rows = database.orders()
    if len(rows) != AGENTS * ORDERS_PER_AGENT:
        failures.append(f"order_company_order holds {len(rows)} orders for {COMPANY}, expected {AGENTS * ORDERS_PER_AGENT}")
    keys = Counter(row[2] for row in rows)
    failures += [f"idempotency key {key} stored {count} times" for key, count in keys.items() if count > 1][:5]
    failures += [f"order {key} answered 201 but is not stored (lost)" for key in sent.keys() - keys.keys()][:5]
    failures += [f"order {key} is stored but was never sent" for key in keys.keys() - sent.keys()][:5]
    per_agent = Counter(row[1] for row in rows)
    failures += [f"{agent} has {count} orders stored, expected {ORDERS_PER_AGENT}" for agent, count in per_agent.items() if count != ORDERS_PER_AGENT][:5]
    for number, agent, key, stored in rows:
        if key not in sent:
            continue
        who, told, body = sent[key]
        stored = json.loads(stored)
        if (number, agent) != (told, who):
            failures.append(f"order {key}: stored as number {number} from {agent}, but {who} was told number {told}")
        # Prices compared as amounts: the feed writes the shortest text ("12.5"), the store "12.50".
        elif [(l["productCode"], l["quantity"], Decimal(l["unitPrice"])) for l in stored["order"]["lines"]] != \
                [(l["productCode"], l["quantity"], Decimal(l["unitPrice"])) for l in body["order"]["lines"]] or \
                (stored["customer"]["companyName"], stored["order"]["notes"]) != (body["customer"]["companyName"], body["order"]["notes"]):
            failures.append(f"order {key}: the stored submission differs from the one sent")
    numbers = {row[0] for row in rows}
    # Numbers go to stored orders only: 1…N, no gap and none twice, however many resends.
    if sorted(row[0] for row in rows) != list(range(1, len(rows) + 1)):
        missing = sorted(set(range(1, max(numbers, default=0) + 1)) - numbers)
        failures.append(f"order numbers are not 1…{len(rows)}: from {min(numbers, default=0)} to {max(numbers, default=0)}, "
                        f"missing {missing[:10]}{' …' if len(missing) > 10 else ''}")
    else:
        print(f"load-orders: order numbers 1…{len(rows)}, no gaps")
    mails = Counter()
    for subject, sent_at in database.mails():
        # Each company numbers its orders from 1: the subject names the company.
        match = re.match(r"Ordine n\. (\d+) di Acme Forniture S\.p\.A\. ", subject)
        if match and int(match[1]) in numbers:
            mails[int(match[1])] += 1
            if sent_at is not None:
                failures.append(f"the e-mail of order {match[1]} was sent, though no SMTP server was configured")
    queued = sum(mails.values())
    if queued != len(numbers) or any(count != 1 for count in mails.values()):
        failures.append(f"mail_outbox holds {queued} messages for {len(numbers)} orders (expected one each, queued)")
    return failures


def report(failures, log, elapsed, orders):
    by_kind = {}
    for kind, status, seconds in log:
        by_kind.setdefault(kind, []).append(seconds)
    statuses = Counter(status for _, status, _ in log if not (200 <= status < 300))
    answered = sum(1 for kind, _, _ in log if kind != "whole sync")
    print(f"load-orders: {AGENTS} agents, {orders} orders in {elapsed:.1f} s ({orders / elapsed if elapsed else 0:.1f} orders/s, "
          f"{answered / elapsed if elapsed else 0:.1f} requests/s)")
    for kind in ("sync page", "whole sync", "send", "resend"):
        values = by_kind.get(kind, [])
        if values:
            print(f"load-orders:   {kind:<10} n={len(values):<4} p50 {percentile(values, 50) * 1000:7.0f} ms   p95 {percentile(values, 95) * 1000:7.0f} ms")
    if statuses:
        failures.insert(0, "answers not 2xx: " + ", ".join(f"{count} × {status}" for status, count in sorted(statuses.items())))
    for failure in failures[:20]:
        print(f"load-orders: FAILED {failure}")
    if failures:
        return 1
    if BUSY_ANSWERS:
        print(f"load-orders: {len(BUSY_ANSWERS)} answers were 503 busy with Retry-After (the company's password checks queued full),"
              f" each retried after its wait, from {len(set(BUSY_ANSWERS))} agents")
    print(f"load-orders: all {answered} answers 2xx; {orders} orders stored once each, every resend answered 200 duplicate, "
          f"{orders} e-mails queued, none sent")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("master-data").add_argument("dir")
    runner = commands.add_parser("run")
    runner.add_argument("--url", required=True, action="append", help="a server; give several to spread the agents over them")
    where = runner.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", help="the company's SQLite file")
    where.add_argument("--database-url", help="the company's PostgreSQL (postgres://…), read with psql")
    runner.add_argument("--dir", required=True)
    runner.add_argument("--bound", type=float, default=120.0, help="seconds the whole load may take (default 120)")
    runner.add_argument("--admin-password-file", help="the back office's password: drive its log-in, previews and applies first")
    runner.add_argument("--kill-pid", type=int, help="a server to kill (SIGKILL) once a third of the orders are in")
    args = parser.parse_args()
    if args.command == "master-data":
        write_master_data(Path(args.dir))
        return 0
    try:
        return run(args)
    except (LoadError, OSError, http.client.HTTPException, KeyError, ValueError) as error:
        print(f"load-orders: FAILED {error}")
        return 1


if __name__ == "__main__":
    sys.exit(main())
