"""The idle-connection flood on `bottega serve`, for scripts/load: held connections, then closed.

    load_flood.py [--bin PATH]      (PATH: the bottega binary; default $BOTTEGA_BIN, else .build/debug/bottega)

Starts its own `bottega serve` on a free port of 127.0.0.1 with a scratch database, and stops it
afterwards whatever happens. Every wait has a timeout; the step is bounded to 60 s.

This process's RLIMIT_NOFILE is raised to its hard limit (the server is started with the limit
this process had). 10,000 TCP connections that send nothing are opened and held, plus 5 that send
half of a request's headers and stop, and 5 that send a request's headers one byte a second and
never finish them. They are opened at most 100 ahead of what the server has accepted (counted in
/proc/PID/fd): a connect completes in the kernel, and one that overflowed the listen queue would
look held to the client while the server never saw it. While they are held, a fresh client must
get `GET /` answered 200 within 5 s. Then every one of them must be closed by the server itself
within 30 s (idle ones counted from their connection, the others from their first byte); one
refused with a 503 over the server's connection limit counts as closed. Fails otherwise, or if the
server no longer answers afterwards. Opening is bounded to 15 s.

Prints the figures for the README, each line starting `load:`; exits 1 with a `load: FAILED …`
line for each thing that went wrong. Python's standard library only.
"""
import asyncio
import http.client
import math
import os
import resource
import socket
import sys
import time
from collections import Counter
from pathlib import Path

from load_support import HOST, Server, ms, percentile, read_response, request, run_step, say, tally

FLOOD_IDLE, FLOOD_HALF, FLOOD_TRICKLE = 10_000, 5, 5
CONNECT_CONCURRENCY, QUEUE_ALLOWANCE, CONNECT_TIMEOUT, OPENING_BOUND = 200, 100, 5.0, 15.0
FRESH_BOUND, CLOSE_BOUND = 5.0, 30.0
KINDS = (("idle", "idle", "their connection"), ("half", "half-header", "their first byte"),
         ("trickle", "one-byte-a-second", "their first byte"))


# MARK: this process and the server's, as /proc shows them

def raise_nofile():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        return soft
    return target


def listen_overflows():
    """The kernel's count of connections dropped because a listening socket's queue was full
    (system-wide: TcpExt ListenOverflows)."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
        for names, values in zip(lines[::2], lines[1::2]):
            if names.startswith("TcpExt:"):
                return int(dict(zip(names.split()[1:], values.split()[1:]))["ListenOverflows"])
    except (OSError, KeyError, ValueError):
        pass
    return 0


def open_fds(pid):
    """How many files a process holds; cheap enough to ask every 20 ms while 10,000 are open."""
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def open_sockets(pid):
    """How many sockets a process holds (a server's listening socket included)."""
    count = 0
    try:
        for entry in os.scandir(f"/proc/{pid}/fd"):
            try:
                count += os.readlink(entry.path).startswith("socket:")
            except OSError:
                pass
    except OSError:
        return None
    return count


def nofile(pid):
    """A process's open-files limit, `soft / hard`."""
    try:
        for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
            if line.startswith("Max open files"):
                return " / ".join(line.split()[3:5])
    except OSError:
        pass
    return "?"


# MARK: the flood

class Held:
    """One held connection: its socket, what the server sent on it, and when the server closed it."""
    __slots__ = ("sock", "kind", "opened", "first_byte", "closed", "how", "received")

    def __init__(self, sock, kind, opened):
        self.sock, self.kind, self.opened = sock, kind, opened
        self.first_byte = self.closed = self.how = None
        self.received = b""

    @property
    def since(self):
        return self.first_byte if self.first_byte is not None else self.opened

    @property
    def status(self):
        parts = self.received.split(b" ", 2)
        return int(parts[1]) if len(parts) > 1 and parts[0].startswith(b"HTTP/") and parts[1].isdigit() else None


async def flood(server, idle_count):
    loop = asyncio.get_running_loop()
    port = server.port
    held, connect_errors, not_attempted = [], Counter(), 0
    half_request = f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUser-Agent: load-attack\r\nAccept: text/ht".encode()
    trickle_request = f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nUser-Agent: load-attack\r\n".encode() + b"X-Slow: a\r\n" * 100
    semaphore = asyncio.Semaphore(CONNECT_CONCURRENCY)
    # Pacing: a connect completes in the kernel before the server accepts it; opened faster than
    # the server accepts, connections overflow the listening socket's queue, and the client keeps
    # some the server never saw (they stay open forever and say nothing about the server). So at
    # most QUEUE_ALLOWANCE connections are opened ahead of what the server process holds.
    pid = server.process.pid
    base_fds = open_fds(pid)
    state = {"open": 0, "inFlight": 0, "accepted": 0, "peak": 0, "stop": False}
    overflows_before = listen_overflows()
    started = time.monotonic()
    opening_deadline = started + OPENING_BOUND

    async def pacer():
        while not state["stop"]:
            fds = open_fds(pid) if base_fds is not None else None
            state["accepted"] = fds - base_fds if fds is not None else math.inf
            state["peak"] = max(state["peak"], min(state["open"], state["accepted"]))
            await asyncio.sleep(0.02)

    def readable(conn):
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as error:
            data, conn.how = b"", type(error).__name__
        if data:
            conn.received += data
            return
        conn.closed = time.monotonic()
        conn.how = conn.how or ("answered " + str(conn.status) if conn.status else "closed")
        state["open"] -= 1
        loop.remove_reader(conn.sock.fileno())
        conn.sock.close()

    async def open_one(kind):
        nonlocal not_attempted
        async with semaphore:
            while state["inFlight"] + state["open"] - state["accepted"] >= QUEUE_ALLOWANCE and time.monotonic() < opening_deadline:
                await asyncio.sleep(0.005)
            if time.monotonic() > opening_deadline:
                not_attempted += 1
                return
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            state["inFlight"] += 1
            try:
                await asyncio.wait_for(loop.sock_connect(sock, (HOST, port)), CONNECT_TIMEOUT)
            except (OSError, asyncio.TimeoutError, TimeoutError) as error:
                sock.close()
                connect_errors["timed out" if isinstance(error, (asyncio.TimeoutError, TimeoutError)) else type(error).__name__] += 1
                return
            finally:
                state["inFlight"] -= 1
            conn = Held(sock, kind, time.monotonic())
            held.append(conn)
            state["open"] += 1
            loop.add_reader(sock.fileno(), readable, conn)
            if kind == "half":
                try:
                    sock.send(half_request)
                    conn.first_byte = time.monotonic()
                except OSError:
                    pass

    async def trickle(conn):
        """One byte of the headers a second, never the blank line that ends them."""
        for index in range(len(trickle_request)):
            if conn.closed is not None:
                return
            try:
                conn.sock.send(trickle_request[index:index + 1])
            except OSError:
                return
            if conn.first_byte is None:
                conn.first_byte = time.monotonic()
            await asyncio.sleep(1)

    pacing = asyncio.ensure_future(pacer())
    await asyncio.sleep(0)
    await asyncio.gather(*(open_one("half") for _ in range(FLOOD_HALF)), *(open_one("trickle") for _ in range(FLOOD_TRICKLE)))
    trickles = [asyncio.ensure_future(trickle(c)) for c in held if c.kind == "trickle"]
    await asyncio.gather(*(open_one("idle") for _ in range(idle_count)))
    opened_in = time.monotonic() - started
    await asyncio.sleep(0.5)  # refusals arrive
    open_now = state["open"]
    server_sockets = open_sockets(pid)

    # A fresh client while they are held.
    fresh_began, fresh_statuses, fresh_time = time.monotonic(), [], None
    while time.monotonic() - fresh_began < FRESH_BOUND:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port), fresh_began + FRESH_BOUND - time.monotonic())
            try:
                writer.write(f"GET / HTTP/1.1\r\nHost: {HOST}:{port}\r\nConnection: close\r\n\r\n".encode())
                status, _, _ = await asyncio.wait_for(read_response(reader), fresh_began + FRESH_BOUND - time.monotonic())
            finally:
                writer.close()
            fresh_statuses.append(str(status))
            if status == 200:
                fresh_time = time.monotonic() - fresh_began
                break
        except (asyncio.TimeoutError, TimeoutError):
            fresh_statuses.append("timed out")
            break
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            fresh_statuses.append(type(error).__name__)
        await asyncio.sleep(0.2)
    held_at_fresh = sum(c.closed is None for c in held)

    # Who is closed, and when.
    while any(c.closed is None and time.monotonic() < c.since + CLOSE_BOUND for c in held):
        await asyncio.sleep(0.2)
    state["stop"] = True
    await pacing
    for task in trickles:
        task.cancel()
    for conn in held:
        if conn.closed is None:
            loop.remove_reader(conn.sock.fileno())
            conn.sock.close()
    return {"held": held, "connectErrors": connect_errors, "notAttempted": not_attempted, "openedIn": opened_in, "openNow": open_now,
            "serverSockets": server_sockets, "peak": state["peak"], "overflows": listen_overflows() - overflows_before,
            "freshTime": fresh_time, "freshStatuses": fresh_statuses, "heldAtFresh": held_at_fresh}


def idle_flood(binary):
    failures = []
    limit = raise_nofile()
    idle_count = min(FLOOD_IDLE, int(limit) - FLOOD_HALF - FLOOD_TRICKLE - 200)
    say(f"idle-connection flood: {idle_count:,} connections that send nothing, {FLOOD_HALF} that send half their headers,"
        f" {FLOOD_TRICKLE} that send a header byte a second")
    if idle_count < FLOOD_IDLE:
        failures.append(f"this process may open only {limit} files (hard limit): {idle_count:,} connections instead of {FLOOD_IDLE:,}")
    server = Server(binary, "flood").start()
    try:
        say(f"  the server's open-files limit (soft / hard): {nofile(server.process.pid)}")
        result = asyncio.run(flood(server, idle_count))
        held = result["held"]
        refused = [c for c in held if c.status == 503]
        errors = tally(result["connectErrors"])
        total = idle_count + FLOOD_HALF + FLOOD_TRICKLE
        say(f"  {len(held):,} of {total:,} connections established in {result['openedIn']:.1f} s ({len(held) / result['openedIn']:.0f}/s)"
            + (f"; {errors}" if errors else "")
            + (f"; {result['notAttempted']:,} not tried within the {OPENING_BOUND:.0f} s opening bound" if result["notAttempted"] else ""))
        say(f"  most held at once: {result['peak']:,}; 0.5 s after the last was opened {result['openNow']:,} were open and the server process held"
            f" {result['serverSockets'] if result['serverSockets'] is not None else '?'} sockets")
        say(f"  refused with 503 (over the server's connection limit): {len(refused):,}"
            + (f"; the kernel dropped {result['overflows']:,} connections from a full listen queue" if result["overflows"] else ""))
        fresh_statuses = result["freshStatuses"]
        if result["freshTime"] is not None:
            say(f"  a fresh GET / while {result['heldAtFresh']:,} were held: 200 in {ms(result['freshTime'])}"
                + (f" (after {tally(Counter(fresh_statuses[:-1]))})" if len(fresh_statuses) > 1 else ""))
        else:
            seen = tally(Counter(fresh_statuses))
            say(f"  a fresh GET / while {result['heldAtFresh']:,} were held: no 200 within {FRESH_BOUND:.0f} s ({seen or 'no answer'})")
            failures.append(f"GET / was not answered 200 within {FRESH_BOUND:.0f} s while the connections were held ({seen})")
        closed_after = {}  # kind: the seconds each closed one was open, from its connection or first byte
        for kind, label, counted in KINDS:
            conns = [c for c in held if c.kind == kind]
            closed = closed_after[kind] = sorted(c.closed - c.since for c in conns if c.closed is not None)
            still = len(conns) - len(closed)
            how = ", ".join(f"{n} {w}" for w, n in Counter(c.how for c in conns if c.closed is not None).most_common())
            if closed:
                say(f"  {label}: {len(closed):,} of {len(conns):,} closed by the server, {closed[0]:.1f}–{closed[-1]:.1f} s after {counted}"
                    f" (median {percentile(closed, 50):.1f} s; {how})" + (f"; {still:,} STILL OPEN after {CLOSE_BOUND:.0f} s" if still else ""))
            else:
                say(f"  {label}: none of {len(conns):,} closed by the server within {CLOSE_BOUND:.0f} s")
            if still:
                failures.append(f"{still:,} {label} connection(s) still open {CLOSE_BOUND:.0f} s after {counted}")
        others = Counter(c.status for c in held if c.status not in (None, 503, 408, 400))
        if others:
            say("  other answers to held connections: " + tally(others))
        if not server.alive:
            failures.append(f"the server died (exit status {server.process.returncode})")
        else:
            try:
                status, _, seconds = request(server.port, "GET", "/", timeout=FRESH_BOUND)
                say(f"  afterwards: GET / answered {status} in {ms(seconds)}")
                if status != 200:
                    failures.append(f"after the flood, GET / was answered {status}")
            except (OSError, http.client.HTTPException) as error:
                failures.append(f"after the flood, GET / failed: {error!r}")
        fresh = (f"answered GET / in {ms(result['freshTime'])}" if result["freshTime"] is not None
                 else f"did NOT answer GET / within {FRESH_BOUND:.0f} s")
        say(f"  in short: while {result['heldAtFresh']:,} idle connections were held the server {fresh};"
            f" it closed the idle ones after {percentile(closed_after['idle'], 50):.1f} s (median) and the half-header ones after"
            f" {max(closed_after['half'], default=float('nan')):.1f} s at most" + (f"; {len(refused):,} refused with 503" if refused else ""))
    finally:
        log = server.log_tail()
        server.stop()
    return failures, log


if __name__ == "__main__":
    sys.exit(run_step("flood", idle_flood, __doc__))
