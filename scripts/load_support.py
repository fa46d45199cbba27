"""What scripts/load's attacks share (load_storm.py, load_flood.py): a `bottega serve` of their own
on 127.0.0.1, HTTP requests (blocking and asyncio), the figures' helpers, and running one step
bounded in time with its `load:` lines. Python's standard library only.
"""
import argparse
import http.client
import math
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

HOST = "127.0.0.1"
STEP_BOUND = 60  # seconds, server start-up included
# The flood raises this process's file limit; the server gets the one the script was started with.
ORIGINAL_NOFILE = resource.getrlimit(resource.RLIMIT_NOFILE)


class LoadError(Exception):
    pass


class StepTimeout(Exception):
    pass


def percentile(values, p):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else float("nan")


def ms(seconds):
    return f"{seconds * 1000:.1f} ms"


def tally(counts):
    """`3 × 401, 2 × 503` from a Counter (or any mapping of thing to count), in its order."""
    return ", ".join(f"{n} × {item}" for item, n in counts.items())


def say(text=""):
    print(f"load: {text}" if text else "load:", flush=True)


# MARK: the server

class Server:
    """`bottega serve` on a free loopback port with a scratch database; stopped by `stop()` (and by
    `run_step`'s clean-up should the step stop half-way)."""

    running = []

    def __init__(self, binary, name, extra=()):
        """`extra`: more `serve` arguments (`--shop-replay DIR`), which may be set until `start()`."""
        self.binary, self.extra = binary, list(extra)
        self.scratch = Path(tempfile.mkdtemp(prefix=f"bottega-load-{name}-"))
        self.env = dict(os.environ, BOTTEGA_DB=str(self.scratch / "bottega.sqlite"), BOTTEGA_CACHE_DIR=str(self.scratch / "cache"))
        for variable in ("DATABASE_URL", "SMTP_URL", "BOTTEGA_PORT"):
            self.env.pop(variable, None)
        self.process, self.port = None, None

    def cli(self, *arguments, stdin=None):
        """The same binary's CLI on the server's database: its standard output."""
        done = subprocess.run([self.binary, *arguments], env=self.env, input=stdin, capture_output=True, text=True)
        if done.returncode != 0:
            raise LoadError(f"`bottega {' '.join(arguments)}` exited {done.returncode}: {done.stderr.strip()[-600:]}")
        return done.stdout

    def start(self):
        for _ in range(3):  # a free port may be taken between the look-up and the bind
            self.port = free_port()
            with open(self.scratch / "serve.log", "ab") as log:
                self.process = subprocess.Popen(
                    [self.binary, "serve", "--host", HOST, "--port", str(self.port), *self.extra], env=self.env,
                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, preexec_fn=restore_nofile,
                )
            Server.running.append(self)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if request(self.port, "GET", "/", timeout=1)[0] == 200:
                        return self
                except (OSError, http.client.HTTPException):
                    pass
                time.sleep(0.1)
            hung = self.process.poll() is None
            self.halt()
            if hung:  # started but never answered: another port will not help
                break
        tail = self.log_tail()
        self.stop()
        raise LoadError(f"`bottega serve` did not answer GET / on 127.0.0.1:{self.port} ; its last log lines:\n{tail}")

    def get(self, path, headers=None):
        return self.call("GET", path, headers=headers)

    def call(self, method, path, form=None, headers=None):
        """(status, body bytes, response headers) of one request, a form posted when given."""
        connection = http.client.HTTPConnection(HOST, self.port, timeout=120)
        body = urllib.parse.urlencode(form) if form is not None else None
        sent = dict(headers or {})
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            return response.status, response.read(), dict(response.getheaders())
        finally:
            connection.close()

    def cpu_seconds(self):
        """User and system time of the server process so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def pin(self, cores):
        """Holds every thread of the server to `cores` ("0", "0,1")."""
        subprocess.run(["taskset", "-a", "-p", "-c", cores, str(self.process.pid)], check=True, capture_output=True)

    @property
    def alive(self):
        return self.process is not None and self.process.poll() is None

    def stop(self):
        self.halt()
        shutil.rmtree(self.scratch, ignore_errors=True)

    def halt(self):
        """Stops the process, keeping the scratch folder (and its log) for another try."""
        if self.alive:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self in Server.running:
            Server.running.remove(self)

    def log_tail(self, lines=20):
        """The log's last lines, without the one-line-per-request info lines (a storm's 401s)."""
        try:
            text = (self.scratch / "serve.log").read_text(errors="replace").splitlines()
        except OSError:
            return "  | (no server log)"
        kept = [line for line in text if not (" info " in line and "→" in line)]
        return "\n".join(f"  | {line}" for line in kept[-lines:]) or "  | (the server log is empty)"


def free_port():
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def restore_nofile():
    """In the server's process, before exec: the file limit the script was started with."""
    resource.setrlimit(resource.RLIMIT_NOFILE, ORIGINAL_NOFILE)


# MARK: HTTP

def request(port, method, path, body=None, headers=None, timeout=5.0, connection=None):
    """(status, body bytes, seconds), blocking. With `connection`, on that kept-alive connection."""
    conn = connection or http.client.HTTPConnection(HOST, port, timeout=timeout)
    began = time.perf_counter()
    try:
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        data = response.read()
        return response.status, data, time.perf_counter() - began
    finally:
        if connection is None:
            conn.close()


async def read_response(reader):
    """Reads one HTTP/1.1 response from an asyncio stream: (status, headers, keep-alive?)."""
    line = await reader.readuntil(b"\r\n")
    version, status = line.split(b" ", 2)[:2]
    headers = {}
    while True:
        line = await reader.readuntil(b"\r\n")
        if line == b"\r\n":
            break
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    status = int(status)
    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                while await reader.readuntil(b"\r\n") != b"\r\n":
                    pass
                break
            await reader.readexactly(size + 2)
    elif "content-length" in headers:
        await reader.readexactly(int(headers["content-length"]))
    elif status >= 200 and status not in (204, 304):
        await reader.read()
        return status, headers, False
    keep = version == b"HTTP/1.1" and headers.get("connection", "").lower() != "close"
    return status, headers, keep


# MARK: one step, bounded

def cleanup():
    for server in list(Server.running):
        server.stop()


def on_alarm(signum, frame):
    raise StepTimeout()


def run_step(name, step, doc):
    """The command line of one step script: `[--bin PATH]`. Runs `step(binary)`, which answers
    (failures, the server's log tail), prints a `load: FAILED name: …` line for each failure and
    a last `load: name: passed|FAILED in N s`; answers the exit status."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--bin", default=os.environ.get("BOTTEGA_BIN", ".build/debug/bottega"),
                        help="the bottega binary (default $BOTTEGA_BIN, else .build/debug/bottega)")
    binary = os.path.abspath(parser.parse_args().bin)
    if not os.access(binary, os.X_OK):
        say(f"FAILED {binary} is not an executable")
        return 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGALRM, on_alarm)
    began = time.monotonic()
    signal.alarm(STEP_BOUND + 15)  # every wait inside is bounded; this is the belt to those braces
    log = ""
    try:
        failures, log = step(binary)
    except StepTimeout:
        failures = [f"the step took more than {STEP_BOUND + 15} s"]
    except (LoadError, OSError, http.client.HTTPException) as error:
        failures = [str(error)]
    finally:
        signal.alarm(0)
        cleanup()
    elapsed = time.monotonic() - began
    if elapsed > STEP_BOUND:
        failures.append(f"the step took {elapsed:.0f} s, more than {STEP_BOUND} s")
    for failure in failures:
        say(f"FAILED {name}: {failure}")
    if failures and log:
        say(f"the {name} server's last log lines (request lines left out):")
        print(log, flush=True)
    say(f"{name}: {'FAILED' if failures else 'passed'} in {elapsed:.0f} s")
    return 1 if failures else 0
