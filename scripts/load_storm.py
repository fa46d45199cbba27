"""The login storm on `bottega serve`, for scripts/load: does a GET stay fast while logins are guessed?

    load_storm.py [--bin PATH]      (PATH: the bottega binary; default $BOTTEGA_BIN, else .build/debug/bottega)

Starts its own `bottega serve` on a free port of 127.0.0.1 with a scratch database, and stops it
afterwards whatever happens. Every request has a timeout; the step is bounded to 60 s.

One wallet user is created through the API; then one client times `GET /tickets/operators/ATM-MI`,
one request after another on a kept-alive connection: 100 times with the server idle (the
baseline), then for 10 s while 50 other clients keep posting wrong passwords for that user to
/api/barcodes/session, each sending the next as soon as the last is answered, as an attacker
would (Retry-After is not honoured; they run in a separate process, so the timing client does not
wait for Python's lock). The server checks passwords on one thread per core, at most 4 per core
running or waiting, and answers the others 503 with Retry-After, each after 250 ms: so nearly all
the attackers' answers are 503s, and at the end nearly every attacker has a login in flight, which
is abandoned (the queued ones are answered 401 after the storm, and not counted).

A wrong login must be answered 401, or 429 (the login throttle, issue 23) or 503 with Retry-After. Fails if the GET's p99 gains more
than 100 ms, if a GET fails or times out (5 s; a timed-out GET counts in the p99 with its 5 s), if
a login is answered anything else, or if none is answered 401. Also prints the CPU the server and
the clients used, and the load average: on 2 cores, other work on the machine moves the p99.
LOAD_PAUSE_AFTER_503=0.1 makes each attacker wait a further 0.1 s after a 503.

Prints the figures for the README, each line starting `load:`; exits 1 with a `load: FAILED …`
line for each thing that went wrong. Python's standard library only.
"""
import asyncio
import http.client
import json
import multiprocessing
import os
import resource
import secrets
import sys
import time
from collections import Counter
from pathlib import Path

from load_support import HOST, LoadError, Server, ms, percentile, read_response, request, run_step, say, tally

PROBE_PATH = "/tickets/operators/ATM-MI"
BASELINE_REQUESTS, STORM_CLIENTS, STORM_SECONDS = 100, 50, 10.0
GET_TIMEOUT, GAIN_LIMIT_MS = 5.0, 100.0
# Seconds an attacker waits after a 503 (default none: the next wrong password goes at once).
PAUSE_AFTER_503 = float(os.environ.get("LOAD_PAUSE_AFTER_503", "0"))


def create_user(port):
    nickname, password = f"storm{secrets.token_hex(3)}", f"storm-{secrets.token_hex(8)}"
    body = json.dumps({"nickname": nickname, "password": password, "firstName": "Ada", "lastName": "Rossi",
                       "address": "Via Roma 1, Padova", "email": f"{nickname}@example.org"})
    status, answer, _ = request(port, "POST", "/api/barcodes/users", body, {"Content-Type": "application/json"}, timeout=30)
    if status != 201:
        raise LoadError(f"creating the wallet user was answered {status}: {answer[:200]!r}")
    status, answer, _ = request(port, "POST", "/api/barcodes/session", json.dumps({"nickname": nickname, "password": "not-" + password}),
                                {"Content-Type": "application/json"}, timeout=30)
    if status != 401:
        raise LoadError(f"a wrong password was answered {status}, expected 401: {answer[:200]!r}")
    return nickname


def storm_process(port, nickname, clients, seconds, pause, pipe):
    """The 50 attackers, in their own process: each keeps one connection and posts a wrong
    password as soon as the previous answer arrives, until the deadline; what is still in flight
    then is abandoned. Sends back the counts."""
    async def main():
        deadline = time.monotonic() + seconds  # CLOCK_MONOTONIC: the same clock in the parent
        pipe.send(("started", deadline))
        statuses, latencies, problems = Counter(), {}, Counter()
        abandoned = no_retry_after = connections = 0

        async def attacker(index):
            nonlocal abandoned, no_retry_after, connections
            reader = writer = None
            n = 0
            while time.monotonic() < deadline:
                n += 1
                body = json.dumps({"nickname": nickname, "password": f"wrong-{index}-{n}-{secrets.token_hex(4)}"}).encode()
                head = (f"POST /api/barcodes/session HTTP/1.1\r\nHost: {HOST}:{port}\r\nContent-Type: application/json\r\n"
                        f"Content-Length: {len(body)}\r\n\r\n").encode()
                began = time.monotonic()
                try:
                    if writer is None:
                        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), deadline - began)
                        connections += 1
                    writer.write(head + body)
                    status, headers, keep = await asyncio.wait_for(read_response(reader), deadline - time.monotonic())
                except (asyncio.TimeoutError, TimeoutError):
                    abandoned += 1
                    break
                except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                    problems[type(error).__name__] += 1
                    keep = False
                    status = None
                if status is not None:
                    statuses[status] += 1
                    latencies.setdefault(status, []).append(time.monotonic() - began)
                    if status in (429, 503) and "retry-after" not in headers:
                        no_retry_after += 1
                if not keep and writer is not None:
                    writer.close()
                    reader = writer = None
                    if status is None:
                        await asyncio.sleep(0.01)  # a refused or reset connection: do not spin
                if status == 503 and pause:
                    await asyncio.sleep(min(pause, max(0.0, deadline - time.monotonic())))
            if writer is not None:
                writer.close()

        await asyncio.gather(*(attacker(i) for i in range(clients)))
        summary = {str(s): [len(v), percentile(v, 50), percentile(v, 99)] for s, v in latencies.items()}
        usage = resource.getrusage(resource.RUSAGE_SELF)
        pipe.send(("done", {"cpu": usage.ru_utime + usage.ru_stime, "statuses": dict(statuses), "latencies": summary, "abandoned": abandoned,
                            "problems": dict(problems), "noRetryAfter": no_retry_after, "connections": connections}))
    try:
        asyncio.run(main())
    except Exception as error:  # noqa: BLE001 — reported to the parent
        pipe.send(("error", repr(error)))


def probe(port, until=None, count=None, path=PROBE_PATH):
    """Times GET `path` (PROBE_PATH by default) one after another on a kept-alive connection: the time of every
    request (a failed one's too: a timed-out GET counts as its 5 s, so it weighs in the p99), and
    what went wrong with the failed ones (a status other than 200, an error, a timeout)."""
    latencies, failures = [], []
    connection = http.client.HTTPConnection(HOST, port, timeout=GET_TIMEOUT)
    n = 0
    while (count is None or n < count) and (until is None or time.monotonic() < until):
        n += 1
        began = time.perf_counter()
        try:
            status, _, seconds = request(port, "GET", path, connection=connection)
            latencies.append(seconds)
            if status != 200:
                failures.append(f"answered {status} after {ms(seconds)}")
        except (OSError, http.client.HTTPException) as error:
            what = "timed out" if isinstance(error, TimeoutError) else f"failed ({type(error).__name__})"
            latencies.append(time.perf_counter() - began)
            failures.append(f"{what} after {ms(latencies[-1])}")
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=GET_TIMEOUT)
    connection.close()
    return latencies, failures


def cpu_seconds(pid):
    """User and system CPU time a process has used."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def probe_during_storm(server, nickname):
    """Starts the attackers' process and probes until its deadline: (GET times, GET failures, the
    attackers' counts, the server's CPU seconds, the timing client's CPU seconds)."""
    context = multiprocessing.get_context("fork")
    parent_end, child_end = context.Pipe()
    storm = context.Process(target=storm_process, args=(server.port, nickname, STORM_CLIENTS, STORM_SECONDS, PAUSE_AFTER_503, child_end), daemon=True)
    storm.start()
    try:
        if not parent_end.poll(10):
            raise LoadError("the storm's process did not start")
        kind, deadline = parent_end.recv()
        if kind != "started":
            raise LoadError(f"the storm's process failed: {deadline}")
        server_cpu, probe_cpu = cpu_seconds(server.process.pid), time.process_time()
        during, failures = probe(server.port, until=deadline)
        server_cpu, probe_cpu = cpu_seconds(server.process.pid) - server_cpu, time.process_time() - probe_cpu
        if not parent_end.poll(max(1.0, deadline - time.monotonic() + 10)):
            raise LoadError("the storm's process did not finish")
        kind, result = parent_end.recv()
        if kind != "done":
            raise LoadError(f"the storm's process failed: {result}")
        storm.join(5)
    finally:
        if storm.is_alive():  # interrupted, or stuck
            storm.kill()
            storm.join()
    return during, failures, result, server_cpu, probe_cpu


def login_storm(binary):
    failures = []
    say(f"login storm: GET {PROBE_PATH}, one client, one request after another; {STORM_CLIENTS} clients posting wrong wallet passwords")
    server = Server(binary, "logins").start()
    try:
        nickname = create_user(server.port)
        probe(server.port, count=10)  # warm-up: first renders, connection pool
        baseline, baseline_failures = probe(server.port, count=BASELINE_REQUESTS)
        if baseline_failures:
            failures.append(f"{len(baseline_failures)} of {BASELINE_REQUESTS} GETs failed with the server idle: " + "; ".join(baseline_failures[:3]))
        during, storm_failures, result, server_cpu, probe_cpu = probe_during_storm(server, nickname)
        if storm_failures:
            failures.append(f"{len(storm_failures)} of {len(during)} GETs failed during the storm: " + "; ".join(storm_failures[:3]))

        gets_failed = len(baseline_failures) + len(storm_failures)
        say(f"  idle:  {len(baseline):5} GETs   p50 {ms(percentile(baseline, 50)):>10}   p99 {ms(percentile(baseline, 99)):>10}"
            f"   max {ms(max(baseline, default=float('nan')))}")
        say(f"  storm: {len(during):5} GETs   p50 {ms(percentile(during, 50)):>10}   p99 {ms(percentile(during, 99)):>10}"
            f"   max {ms(max(during, default=float('nan')))}   ({STORM_CLIENTS} clients, {STORM_SECONDS:.0f} s)")
        if gets_failed:
            say(f"  {gets_failed} GET(s) failed (counted in the figures above with the time they took): "
                + "; ".join((baseline_failures + storm_failures)[:5]))
        gain = (percentile(during, 99) - percentile(baseline, 99)) * 1000 if during and baseline else float("nan")
        say(f"  GET p99 gain during the storm: {gain:+.1f} ms (limit +{GAIN_LIMIT_MS:.0f} ms)")
        statuses = Counter({int(k): v for k, v in result["statuses"].items()})
        answered = sum(statuses.values())
        say(f"  logins answered in {STORM_SECONDS:.0f} s: {answered} ({tally(dict(sorted(statuses.items()))) or 'none'});"
            f" {result['abandoned']} in flight at the end (abandoned); {result['connections']} connections opened")
        for status, (count, p50, p99) in sorted(result["latencies"].items()):
            say(f"    {status}: p50 {ms(p50)}, p99 {ms(p99)}")
        say(f"  CPU used during the storm: the server {server_cpu:.1f} s, the 50 attackers {result['cpu']:.1f} s, the timing client"
            f" {probe_cpu:.1f} s, of {os.cpu_count()} cores × {STORM_SECONDS:.0f} s; load average {os.getloadavg()[0]:.1f}"
            + (f"; attackers paused {PAUSE_AFTER_503 * 1000:.0f} ms after a 503" if PAUSE_AFTER_503 else ""))
        if result["problems"]:
            say("  login connection errors: " + tally(result["problems"]))

        if not during:
            failures.append("no GET was made during the storm")
        if not (gain <= GAIN_LIMIT_MS):
            failures.append(f"the GET's p99 gained {gain:.1f} ms during the storm, more than {GAIN_LIMIT_MS:.0f} ms")
        others = {s: c for s, c in sorted(statuses.items()) if s not in (401, 429, 503)}
        if others:
            failures.append(f"wrong logins answered {tally(others)} (only 401, 429 or 503 are right)")
        if result["noRetryAfter"]:
            failures.append(f"{result['noRetryAfter']} of the 429s and 503s had no Retry-After")
        if not statuses.get(401):
            failures.append("no wrong login was answered 401 during the storm")
        if not server.alive:
            failures.append("the server died")
        say(f"  in short: GET p99 {ms(percentile(baseline, 99))} idle, {ms(percentile(during, 99))} during a {STORM_CLIENTS}-client login storm"
            f" ({gain:+.0f} ms); {answered} wrong logins answered in {STORM_SECONDS:.0f} s ({statuses.get(401, 0)} × 401,"
            f" {statuses.get(429, 0)} × 429, {statuses.get(503, 0)} × 503)" + (f"; {len(storm_failures)} GET(s) failed" if storm_failures else ""))
    finally:
        log = server.log_tail()
        server.stop()
    return failures, log


if __name__ == "__main__":
    sys.exit(run_step("logins", login_storm, __doc__))
