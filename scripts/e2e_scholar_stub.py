#!/usr/bin/env python3
"""A local stand-in for Google Scholar, for scripts/e2e: every GET is answered with one saved
results page (a real page, from ../shared/fixtures). Binds 127.0.0.1 only.

    e2e_scholar_stub.py PAGE [--port N] [--delay SECONDS] [--later-marker TEXT] [--slow-marker TEXT] [--openalex DIR]

--delay holds each answer back a little, so the browser sees the progress screen.
--later-marker: a request whose decoded URL contains TEXT gets the page "a while later": every
"Cited by N" raised by N // 100 + 1 (the markup untouched otherwise), so comparing two searches
shows real differences. --slow-marker: a request naming TEXT is answered only after --slow-delay
seconds (default 60), so a search can be cancelled while it waits. --openalex DIR: the stub also
stands for OpenAlex, answering /authors with DIR's saved author search and /works with its saved
works list (both real answers). --services DIR: the stub also stands for Crossref, ORCID and
Semantic Scholar (issue 43), from DIR (../shared/fixtures/scholar): Crossref's /works/{doi} with
its two saved works, a query.author list made of those two real records, an empty list for
title searches; ORCID's saved works of 0000-0003-1444-9135; 404 for any Semantic Scholar paper
and any OpenAlex DOI. The port actually bound is printed on the first line of stdout.
"""
import json
import argparse
import http.server
import re
import sys
import time
import urllib.parse


def later(html: str) -> str:
    return re.sub(r"Cited by (\d+)", lambda m: f"Cited by {int(m.group(1)) + int(m.group(1)) // 100 + 1}", html)


def load_services(folder):
    """The answers of Crossref, ORCID and Semantic Scholar: a function of the request's path."""
    works = {}
    for name in ("crossref-work-10.2196_22081.json", "crossref-work-10.17705_1cais.04607.json"):
        with open(f"{folder}/crossref/{name}", "rb") as file:
            body = file.read()
        works[json.loads(body)["message"]["DOI"].lower()] = body
    listed = [json.loads(body)["message"] for body in works.values()]
    with open(f"{folder}/orcid/orcid-works-0000-0003-1444-9135.json", "rb") as file:
        orcid = file.read()
    missing = json.dumps({"status": "error", "message": "not found"}).encode()

    def answer(path):
        address = urllib.parse.urlsplit(path)
        query = urllib.parse.parse_qs(address.query)
        if address.path.startswith("/works/10."):
            body = works.get(urllib.parse.unquote(address.path[len("/works/"):]).lower())
            return (200, body) if body else (404, missing)
        if address.path == "/works" and ("query.author" in query or "query.bibliographic" in query):
            items = listed if "query.author" in query else []
            return 200, json.dumps({"status": "ok", "message-type": "work-list",
                                    "message": {"total-results": len(items), "items": items}}).encode()
        if address.path.startswith("/works/doi:") or address.path.startswith("/paper"):
            return 404, missing
        if address.path == "/0000-0003-1444-9135/works":
            return 200, orcid
        return None

    return answer


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--later-marker", default=None)
    parser.add_argument("--slow-marker", default=None)
    parser.add_argument("--slow-delay", type=float, default=60)
    parser.add_argument("--openalex", default=None)
    parser.add_argument("--services", default=None)
    args = parser.parse_args()
    services = load_services(args.services) if args.services else None
    openalex = {}
    if args.openalex:
        for prefix, name in (("/authors", "openalex-authors-search-mearman.json"), ("/works", "openalex-works-filter-author-A5017898742.json")):
            with open(f"{args.openalex}/{name}", "rb") as file:
                openalex[prefix] = file.read()
    with open(args.page, encoding="utf-8") as file:
        now = file.read()
    pages = {False: now.encode("utf-8"), True: later(now).encode("utf-8")}

    class Handler(http.server.BaseHTTPRequestHandler):
        def answer(self, status, body):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):  # noqa: N802 (http.server's naming)
            if services is not None:
                found = services(self.path)
                if found is not None:
                    self.answer(*found)
                    return
            for prefix, answer in openalex.items():
                if self.path.startswith(prefix):
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(answer)))
                    self.end_headers()
                    self.wfile.write(answer)
                    return
            asked = urllib.parse.unquote_plus(self.path)
            body = pages[bool(args.later_marker) and args.later_marker in asked]
            slow = bool(args.slow_marker) and args.slow_marker in asked
            if args.delay or slow:
                time.sleep(args.slow_delay if slow else args.delay)
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=UTF-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *values):  # noqa: A002
            sys.stderr.write("stub: " + (format % values) + "\n")

    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
