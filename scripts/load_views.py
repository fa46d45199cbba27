"""Heavy views on `bottega serve`, for scripts/load: does every other page stay fast while the
Scholar results screen is hammered, and while a thousand connections each ask once for a whole
search? (issue 36, item 5)

    load_views.py storm|burst [--bin PATH]   (PATH: the bottega binary; default $BOTTEGA_BIN, else .build/debug/bottega)

Each step starts its own `bottega serve` on a free port of 127.0.0.1 with a scratch database into
which the real Tobler export (829 papers, ../shared/fixtures) is imported first, and stops it
afterwards whatever happens. Every request has a timeout; each step is bounded to 60 s. Skipped
(passing) when the fixture is absent.

storm  One client times `GET /api/tickets/provinces`, one request after another on a kept-alive
       connection: 100 times idle (the baseline), then for 10 s while 50 other clients (a process of
       their own) keep asking for `/scholar/searches/1`, each sending the next request as soon as
       the last is answered. Fails if the probe's p99 gains more than 100 ms, if a probe fails, or
       if a results screen is answered anything but 200, or 429/503 with Retry-After.
burst  1,000 connections are opened at once, each sends one `GET /api/scholar/searches/1` (522 KB
       of JSON) and waits up to 30 s for its answer, while a fresh client times `GET /` every
       100 ms. Fails if a `GET /` takes more than 1 s or fails, or if a search is answered
       anything but 200, or 429/503 with Retry-After. Then 1,000 more connections each send the
       same request and close at once: how many of their views were dropped undrawn (the server's
       499 log lines) and the CPU it used is printed.

Prints the figures for the README, each line starting `load:`; exits 1 with a `load: FAILED …`
line for each thing that went wrong. Python's standard library only.
"""
import asyncio
import http.client
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from load_storm import cpu_seconds, probe
from load_support import HOST, LoadError, Server, ms, percentile, read_response, request, run_step, say, tally

FIXTURE = Path("../shared/fixtures/scholar/exports/pop-gscholar-waldo-tobler-PoPCites.csv")
SCREEN, DOCUMENT, PROBE = "/scholar/searches/1", "/api/scholar/searches/1", "/api/tickets/provinces"
BASELINE_REQUESTS, STORM_CLIENTS, STORM_SECONDS = 100, 50, 10.0
BURST_CONNECTIONS, BURST_WAIT, HOME_BOUND = 1000, 30.0, 1.0
GET_TIMEOUT, GAIN_LIMIT_MS = 5.0, 100.0


def scholar_server(binary, name):
    """A server whose database holds the Tobler export as search 1."""
    server = Server(binary, name)
    env = dict(os.environ, BOTTEGA_DB=str(server.scratch / "bottega.sqlite"), BOTTEGA_CACHE_DIR=str(server.scratch / "cache"))
    imported = subprocess.run([binary, "scholar", "import", str(FIXTURE.resolve())], env=env, capture_output=True, text=True, timeout=60)
    if imported.returncode != 0:
        server.stop()
        raise LoadError(f"importing {FIXTURE} failed: {imported.stderr[-300:]}")
    return server.start()


def judge_heavy(statuses, no_retry_after, failures, what):
    wrong = {s: c for s, c in statuses.items() if s not in (200, 429, 503)}
    if wrong:
        failures.append(f"{what} answered {tally(wrong)} (only 200, or 429/503 with Retry-After, are right)")
    if no_retry_after:
        failures.append(f"{no_retry_after} of the 429s and 503s to {what} had no Retry-After")
    if not statuses.get(200):
        failures.append(f"no {what} was answered 200")


# MARK: storm

def storm_process(port, clients, seconds, pipe):
    async def main():
        deadline = time.monotonic() + seconds
        pipe.send(("started", deadline))
        statuses, problems = Counter(), Counter()
        latencies, no_retry_after = [], 0

        async def client():
            nonlocal no_retry_after
            reader = writer = None
            while time.monotonic() < deadline:
                began = time.monotonic()
                try:
                    if writer is None:
                        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), deadline - began)
                    writer.write(f"GET {SCREEN} HTTP/1.1\r\nHost: {HOST}:{port}\r\n\r\n".encode())
                    status, headers, keep = await asyncio.wait_for(read_response(reader), deadline - time.monotonic())
                except (asyncio.TimeoutError, TimeoutError):
                    break
                except (OSError, asyncio.IncompleteReadError, ValueError) as error:
                    problems[type(error).__name__] += 1
                    status, keep = None, False
                if status is not None:
                    statuses[status] += 1
                    latencies.append(time.monotonic() - began)
                    if status in (429, 503) and "retry-after" not in headers:
                        no_retry_after += 1
                if not keep and writer is not None:
                    writer.close()
                    reader = writer = None
                    await asyncio.sleep(0.01)
            if writer is not None:
                writer.close()

        await asyncio.gather(*(client() for _ in range(clients)))
        pipe.send(("done", {"statuses": dict(statuses), "problems": dict(problems), "noRetryAfter": no_retry_after,
                            "p50": percentile(latencies, 50), "p99": percentile(latencies, 99)}))
    try:
        asyncio.run(main())
    except Exception as error:  # noqa: BLE001 — reported to the parent
        pipe.send(("error", repr(error)))


def views_storm(binary):
    failures = []
    if not FIXTURE.exists():
        say(f"views storm skipped: {FIXTURE} is absent")
        return failures, ""
    say(f"views storm: GET {PROBE}, one client, one request after another; {STORM_CLIENTS} clients on {SCREEN} (829 papers)")
    server = scholar_server(binary, "views")
    try:
        probe(server.port, count=10, path=PROBE)
        if request(server.port, "GET", SCREEN, timeout=30)[0] != 200:
            raise LoadError(f"{SCREEN} is not answered 200 with the server idle")
        baseline, baseline_failures = probe(server.port, count=BASELINE_REQUESTS, path=PROBE)
        context = multiprocessing.get_context("fork")
        parent_end, child_end = context.Pipe()
        storm = context.Process(target=storm_process, args=(server.port, STORM_CLIENTS, STORM_SECONDS, child_end), daemon=True)
        storm.start()
        try:
            if not parent_end.poll(10):
                raise LoadError("the storm's process did not start")
            kind, deadline = parent_end.recv()
            server_cpu = cpu_seconds(server.process.pid)
            during, storm_failures = probe(server.port, until=deadline, path=PROBE)
            server_cpu = cpu_seconds(server.process.pid) - server_cpu
            if not parent_end.poll(max(1.0, deadline - time.monotonic() + 10)):
                raise LoadError("the storm's process did not finish")
            kind, result = parent_end.recv()
            if kind != "done":
                raise LoadError(f"the storm's process failed: {result}")
        finally:
            if storm.is_alive():
                storm.join(5)
            if storm.is_alive():
                storm.kill()
                storm.join()
        statuses = Counter({int(k): v for k, v in result["statuses"].items()})
        gain = (percentile(during, 99) - percentile(baseline, 99)) * 1000 if during and baseline else float("nan")
        say(f"  idle:  {len(baseline):5} GETs   p50 {ms(percentile(baseline, 50)):>10}   p99 {ms(percentile(baseline, 99)):>10}")
        say(f"  storm: {len(during):5} GETs   p50 {ms(percentile(during, 50)):>10}   p99 {ms(percentile(during, 99)):>10}"
            f"   max {ms(max(during, default=float('nan')))}")
        say(f"  {PROBE} p99 gain during the storm: {gain:+.1f} ms (limit +{GAIN_LIMIT_MS:.0f} ms)")
        say(f"  results screens answered in {STORM_SECONDS:.0f} s: {sum(statuses.values())} ({tally(dict(sorted(statuses.items()))) or 'none'}),"
            f" p50 {ms(result['p50'])}, p99 {ms(result['p99'])}; the server used {server_cpu:.1f} s of CPU")
        if result["problems"]:
            say("  results-screen connection errors: " + tally(result["problems"]))
        if baseline_failures or storm_failures:
            failures.append(f"{len(baseline_failures) + len(storm_failures)} probe GETs failed: " + "; ".join((baseline_failures + storm_failures)[:3]))
        if not (gain <= GAIN_LIMIT_MS):
            failures.append(f"the probe's p99 gained {gain:.1f} ms during the storm, more than {GAIN_LIMIT_MS:.0f} ms")
        judge_heavy(statuses, result["noRetryAfter"], failures, "a results screen")
        if not server.alive:
            failures.append("the server died")
    finally:
        log = server.log_tail()
        server.stop()
    return failures, log


# MARK: burst

async def burst(port, count, wait):
    """`count` connections at once, each sending one request for the whole search; with `wait`,
    each waits that long for its answer, else each closes at once. Answers the statuses and how
    many got none."""
    statuses, problems, no_retry_after = Counter(), Counter(), 0
    gate = asyncio.Semaphore(200)  # connects in flight at once, not connections held

    async def one():
        nonlocal no_retry_after
        try:
            async with gate:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), 10)
            writer.write(f"GET {DOCUMENT} HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
            await writer.drain()
            if not wait:
                writer.close()
                return
            status, headers, _ = await asyncio.wait_for(read_response(reader), wait)
            statuses[status] += 1
            if status in (429, 503) and "retry-after" not in headers:
                no_retry_after += 1
            writer.close()
        except (OSError, asyncio.TimeoutError, TimeoutError, asyncio.IncompleteReadError, ValueError) as error:
            problems[type(error).__name__] += 1

    await asyncio.gather(*(one() for _ in range(count)))
    return statuses, problems, no_retry_after


def server_log_count(server, text):
    """How many of the server's log lines hold `text` (its 4xx lines: `GET /api/… → 429`)."""
    try:
        return sum(text in line for line in (server.scratch / "serve.log").read_text(errors="replace").splitlines())
    except OSError:
        return 0


def home_probe(port, stop_at, results):
    """`GET /` on a fresh connection every 100 ms until `stop_at`."""
    while time.monotonic() < stop_at:
        began = time.perf_counter()
        try:
            status, _, seconds = request(port, "GET", "/", timeout=GET_TIMEOUT)
            results.append((status, seconds))
        except (OSError, http.client.HTTPException) as error:
            results.append((type(error).__name__, time.perf_counter() - began))
        time.sleep(0.1)


def views_burst(binary):
    failures = []
    if not FIXTURE.exists():
        say(f"views burst skipped: {FIXTURE} is absent")
        return failures, ""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < 4 * BURST_CONNECTIONS:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8 * BURST_CONNECTIONS) if hard != resource.RLIM_INFINITY else 8 * BURST_CONNECTIONS, hard))
    say(f"views burst: {BURST_CONNECTIONS} connections each asking once for {DOCUMENT}; GET / timed every 100 ms")
    server = scholar_server(binary, "burst")
    try:
        import threading
        home = []
        began = time.monotonic()
        prober = threading.Thread(target=home_probe, args=(server.port, began + BURST_WAIT + 5, home), daemon=True)
        prober.start()
        statuses, problems, no_retry_after = asyncio.run(burst(server.port, BURST_CONNECTIONS, BURST_WAIT))
        took = time.monotonic() - began
        # The probe stops with the burst's answers, plus a second of quiet.
        prober_stop = time.monotonic() + 1
        while prober.is_alive() and time.monotonic() < prober_stop:
            time.sleep(0.1)
        home_times = [seconds for _, seconds in home]
        home_failed = [(s, t) for s, t in home if s != 200]
        say(f"  {BURST_CONNECTIONS} searches answered in {took:.1f} s: {tally(dict(sorted(statuses.items()))) or 'none'}"
            + (f"; no answer: {tally(problems)}" if problems else ""))
        say(f"  GET / meanwhile: {len(home)} requests, p50 {ms(percentile(home_times, 50))}, max {ms(max(home_times, default=float('nan')))}"
            + (f", {len(home_failed)} failed" if home_failed else ""))
        if home_failed:
            failures.append(f"{len(home_failed)} GET / failed during the burst: {home_failed[:3]}")
        if max(home_times, default=0) > HOME_BOUND:
            failures.append(f"a GET / took {ms(max(home_times))} during the burst, more than {ms(HOME_BOUND)}")
        if problems:
            failures.append(f"{sum(problems.values())} of the {BURST_CONNECTIONS} searches got no answer within {BURST_WAIT:.0f} s: {tally(problems)}")
        judge_heavy(statuses, no_retry_after, failures, "a search")

        # The same burst, abandoned at once: what is still queued must not be drawn for nobody.
        time.sleep(1)
        dropped_before, refused_before = server_log_count(server, "→ 499"), server_log_count(server, "→ 429")
        cpu_before = cpu_seconds(server.process.pid)
        asyncio.run(burst(server.port, BURST_CONNECTIONS, 0))
        time.sleep(3)
        cpu_after = cpu_seconds(server.process.pid) - cpu_before
        dropped, refused = (server_log_count(server, f"→ {status}") - before for status, before in ((499, dropped_before), (429, refused_before)))
        say(f"  {BURST_CONNECTIONS} more connections that ask once and close at once: {dropped} views dropped undrawn (499),"
            f" {refused} refused (429), the rest drawn; the server used {cpu_after:.1f} s of CPU in all")
        if request(server.port, "GET", "/", timeout=GET_TIMEOUT)[0] != 200:
            failures.append("GET / is not answered 200 after the bursts")
        if not server.alive:
            failures.append("the server died")
    finally:
        log = server.log_tail()
        server.stop()
    return failures, log


if __name__ == "__main__":
    steps = {"storm": views_storm, "burst": views_burst}
    if len(sys.argv) < 2 or sys.argv[1] not in steps:
        print("usage: load_views.py storm|burst [--bin PATH]", file=sys.stderr)
        sys.exit(2)
    name = sys.argv.pop(1)
    sys.exit(run_step(f"views {name}", steps[name], __doc__))
