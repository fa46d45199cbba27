"""The screens of issue 44 under wrk, beside the floor (a static file of the same server), for
scripts/load's `screens` step. Python's standard library, wrk and taskset.

    load_screens.py --bin BOTTEGA [--seconds S] [--connections 1,8,50] [--cores] [--only scholar,tickets,orders,shop]

Each app gets its own `bottega serve` on 127.0.0.1 with a scratch database, filled the way a user
fills it:
  scholar  the Tobler export imported (one search of 829 papers): the results screen, the
           publications screen and the search's JSON twin;
  tickets  200 tickets issued by the CLI (rides of several products and subscriptions) and given
           to one browser's device: My tickets with that browser's cookie;
  orders   a company with 20,000 customers (--customers), 40 suppliers and 2,000 products, an agent linked to it
           in the web app and synced, 30 orders written: the agent's order list;
  shop     `serve --shop-replay` on the recorded PrestaShop 8.1.2 demo: the 19-product category
           Home (page 1 of 2).
Every row is measured at each connection count, with the floor's row from the same server. With
--cores, each route is measured at 8 connections with the server held to one core and then to
both (`taskset -a -p`, the same process), and the server's CPU time per request is printed beside
the rates, since wrk shares the two cores too. Only answers other than 200 fail the step;
timings are printed, never asserted.
"""
import argparse
import csv
import hashlib
import json
import os
import re
import secrets
import shutil
import sqlite3
import subprocess
import sys
import urllib.parse
from pathlib import Path

from load_support import HOST, LoadError, Server

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / ".." / "shared" / "fixtures"
TOBLER = FIXTURES / "scholar/exports/pop-gscholar-waldo-tobler-PoPCites.csv"
SHOP_REPLAY = FIXTURES / "prestashop/ps-8.1.2-live"
FLOOR = "/static/bottega.css"


# MARK: filling each app

def scholar(binary):
    if not TOBLER.exists():
        return None, f"{TOBLER} is absent"
    server = Server(binary, "scholar")
    server.cli("scholar", "import", str(TOBLER))
    return server.start(), [("/scholar/searches/1", {}), ("/scholar/searches/1/publications", {}), ("/api/scholar/searches/1", {})]


def tickets(binary):
    server = Server(binary, "tickets")
    catalogue = json.loads(server.cli("tickets", "catalogue", "--format", "json"))
    rides = [(p["operatorCode"], p["code"]) for p in catalogue["products"] if p["kind"] == "ride"]
    passes = [(p["operatorCode"], p["code"]) for p in catalogue["products"] if p["kind"] == "subscription"]
    if not rides:
        raise LoadError("the ticket catalogue has no ride products")
    database = server.scratch / "bottega.sqlite"
    turn, issued = 0, 0
    while issued < 200:
        if passes and turn % 5 == 4:
            operator, product = passes[turn % len(passes)]
            server.cli("tickets", "issue", "--operator", operator, "--product", product, "--holder", f"Rider {turn}", "--card", f"{100000 + turn}")
        else:
            operator, product = rides[turn % len(rides)]
            server.cli("tickets", "issue", "--operator", operator, "--product", product, "--quantity", str(min(10, 200 - issued)))
        turn += 1
        with sqlite3.connect(database) as counting:
            issued = counting.execute("SELECT count(*) FROM ticket_issued").fetchone()[0]
    # The CLI's purchases become one browser's: its device cookie's owner key.
    token = secrets.token_hex(16)
    owner = "device:" + hashlib.sha256(token.encode()).hexdigest()
    with sqlite3.connect(database) as owning:
        owning.execute("UPDATE ticket_purchase SET owner = ?", (owner,))
        owning.execute("UPDATE ticket_issued SET owner = ?", (owner,))
    server.start()
    cookie = {"Cookie": f"bottega_device={token}"}
    shown = server.get("/tickets/mine", cookie)[1].count(b'<li class="ticket ')
    if shown != 200:
        raise LoadError(f"My tickets shows {shown} tickets, not the 200 issued")
    return server, [("/tickets/mine", cookie)]


def orders(binary, customers=20_000):
    server = Server(binary, "orders", ["--allow-private-fetch"])  # the company is this same server, on loopback
    sheets = server.scratch / "sheets"
    sheets.mkdir()
    write_sheet(sheets / "fornitore.csv", ["id", "nome", "e-mail", "città"],
                ([f"F{n}", f"Fornitore {n} S.r.l.", f"ordini{n}@fornitore.example", "Bologna"] for n in range(1, 41)))
    write_sheet(sheets / "cliente.csv", ["id", "ragione sociale", "e-mail", "città"],
                ([f"C{n}", f"Cliente {n} S.n.c.", f"acquisti{n}@cliente.example", "Forlì"] for n in range(1, customers + 1)))
    write_sheet(sheets / "prodotto.csv", ["codice", "fornitore", "descrizione", "prezzo", "quantità minima"],
                ([f"P{n}", f"F{1 + n % 40}", f"Articolo {n}", f"{10 + n % 90},50", "1"] for n in range(1, 2_001)))
    server.cli("orders", "business", "company", "add", "ACME", "Acme Forniture S.p.A.")
    server.cli("orders", "business", "agent", "add", "ACME", "mario.rossi", "--password-stdin", stdin="una password lunga")
    for sheet, kind in (("fornitore", "suppliers"), ("cliente", "customers"), ("prodotto", "products")):
        server.cli("orders", "business", "import", "ACME", str(sheets / f"{sheet}.csv"), "--type", kind)
    server.start()
    base = f"http://{HOST}:{server.port}"
    expect(server.call("POST", "/orders/sync/link", {"serverURL": base, "company": "ACME", "username": "mario.rossi", "password": "una password lunga"}), 303, "linking the agent")
    synced = server.call("POST", "/orders/sync/now", {"subscription": "1"})
    expect(synced, 303, "the agent's sync")
    # The notice the sync redirects to says how many records came: every customer, supplier and product.
    notice = urllib.parse.parse_qs(urllib.parse.urlsplit(synced[2].get("Location", "")).query).get("done", [""])[0]
    updated = re.search(r"(\d+) updated", notice)
    if not updated or int(updated.group(1)) < customers + 2_040:
        raise LoadError(f"the agent's sync brought {notice!r}, not the {customers} customers, 40 suppliers and 2,000 products")
    for number in range(1, 31):
        status, _, headers = server.call("POST", "/orders/new", {})
        order = headers.get("Location", "")
        if status != 303 or not re.fullmatch(r"/orders/\d+", order):
            raise LoadError(f"a new order answered {status}, to {order!r}")
        expect(server.call("POST", order, {"customer": str(1 + (number * 600) % customers), "supplier": str(1 + number % 40), "notes": f"Ordine {number}"}), 303, f"order {order}'s header")
    # The list, and an order's page, whose customer choice reads the 20,000 customers.
    return server, [("/orders", {}), (order, {})]


def shop(binary):
    if not (SHOP_REPLAY / "manifest.json").exists():
        return None, f"{SHOP_REPLAY} is absent"
    server = Server(binary, "shop")
    server.extra = ["--shop-replay", str(SHOP_REPLAY), "--shop-images", str(server.scratch / "images")]
    server.start()
    expect(server.get("/shop/categories/2"), 200, "the category Home")
    return server, [("/shop/categories/2", {})]


def write_sheet(path, header, rows):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, delimiter=";")
        writer.writerow(header)
        writer.writerows(rows)


def expect(answer, status, what):
    if answer[0] != status:
        raise LoadError(f"{what} answered {answer[0]}, not {status}: {answer[1][:300]!r}")


# MARK: measuring

def wrk(server, path, headers, connections, seconds):
    """(req/s, p50, p99, timeouts, non-200 answers) of one wrk run."""
    threads = 1 if connections == 1 else 2
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    out = subprocess.run(command + [f"http://{HOST}:{server.port}{path}"], capture_output=True, text=True, check=True).stdout
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    p50 = re.search(r"^\s+50%\s+(\S+)", out, re.M)
    p99 = re.search(r"^\s+99%\s+(\S+)", out, re.M)
    timeouts = re.search(r"timeout (\d+)", out)
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    total = re.search(r"(\d+) requests in", out)
    return {
        "rate": float(rate.group(1)) if rate else 0.0, "p50": p50.group(1) if p50 else "-", "p99": p99.group(1) if p99 else "-",
        "timeouts": int(timeouts.group(1)) if timeouts else 0, "bad": int(bad.group(1)) if bad else 0,
        "requests": int(total.group(1)) if total else 0,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", default="1,8,50")
    parser.add_argument("--cores", action="store_true", help="one core against two, at 8 connections")
    parser.add_argument("--only", default="scholar,tickets,orders,shop")
    parser.add_argument("--customers", type=int, default=20_000, help="the company's customers (fewer for a smoke check)")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("load: FAILED screens: wrk is not installed (apt-get install wrk)")
    apps = {"scholar": scholar, "tickets": tickets, "orders": orders, "shop": shop}
    failed = False
    for name in args.only.split(","):
        server = None
        try:
            binary = os.path.abspath(args.bin)
            server, routes = orders(binary, args.customers) if name == "orders" else apps[name](binary)
            if server is None:
                print(f"load: screens: {name} skipped: {routes}")
                continue
            # One request first: what a route keeps is kept before the clock starts.
            for path, headers in routes:
                expect(server.get(path, headers), 200, path)
            rows = [(FLOOR, {})] + routes
            if args.cores:
                failed |= measure_cores(server, name, rows, args.seconds)
            else:
                failed |= measure(server, name, rows, args.seconds, [int(c) for c in args.connections.split(",")])
        except LoadError as failure:
            print(f"load: FAILED screens: {name}: {failure}")
            failed = True
        finally:
            if server is not None:
                server.stop()
    sys.exit(1 if failed else 0)


def measure(server, name, rows, seconds, counts):
    failed = False
    print(f"{name:8} {'route':40} {'conns':>5} {'req/s':>10} {'p50':>9} {'p99':>9} {'timeouts':>8}")
    for path, headers in rows:
        for connections in counts:
            figures = wrk(server, path, headers, connections, seconds)
            if figures["bad"]:
                print(f"load: FAILED screens: {path} at {connections} connections got {figures['bad']} answers other than 200")
                failed = True
            print(f"{name:8} {path:40} {connections:>5} {figures['rate']:>10.1f} {figures['p50']:>9} {figures['p99']:>9} {figures['timeouts']:>8}")
    return failed


def measure_cores(server, name, rows, seconds):
    failed = False
    print(f"{name:8} {'route':40} {'1 core req/s':>12} {'cpu ms/req':>10} {'2 cores req/s':>13} {'cpu ms/req':>10} {'ratio':>6}")
    for path, headers in rows:
        figures = {}
        for cores in ("0", "0,1"):
            server.pin(cores)
            before = server.cpu_seconds()
            result = wrk(server, path, headers, 8, seconds)
            used = server.cpu_seconds() - before
            failed |= result["bad"] > 0
            figures[cores] = (result["rate"], 1000 * used / max(result["requests"], 1))
        one, two = figures["0"], figures["0,1"]
        print(f"{name:8} {path:40} {one[0]:>12.1f} {one[1]:>10.3f} {two[0]:>13.1f} {two[1]:>10.3f} {two[0] / max(one[0], 0.001):>5.2f}×")
    server.pin("0,1")
    return failed


if __name__ == "__main__":
    main()
