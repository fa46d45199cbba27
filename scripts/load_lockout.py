"""The lock-out check on `bottega serve`, for scripts/load: does the login throttle keep the owner in?

    load_lockout.py [--bin PATH]      (PATH: the bottega binary; default $BOTTEGA_BIN, else .build/debug/bottega)

Starts its own `bottega serve` on a free port of 127.0.0.1 with a scratch database, and stops it
afterwards whatever happens. Every request has a timeout; the step is bounded to 60 s.

Issue 36 found the throttle treating an address as a person. Two scenarios, after one wallet user
is created and logs in once (as she would have before any attack):

1. **Lock-out.** For 15 s a guesser on 127.0.0.1 posts a wrong password for a random nickname
   4 times a second (never honouring Retry-After), while the real user, from the same address,
   logs in with her right password every 2 s. Before the fix 76 of 78 such log-ins got 429.
   Every one of hers must get in; the guesser must meet 429s.
2. **Distributed guessing.** 1,000 wrong passwords for her account from 200 loopback source
   addresses (127.0.0.2 … 127.0.0.201: the client socket is bound to each; all of 127.0.0.0/8 is
   this machine), 5 from each, one after another. Before, all 1,000 were answered 401. Now the
   last 100 must all be 429 and at most 50 may be 401; then she logs in once more from
   127.0.0.1, and must get in.

Prints the figures for the README, each line starting `load:`; exits 1 with a `load: FAILED …`
line for each thing that went wrong. Python's standard library only.
"""
import http.client
import json
import secrets
import sys
import threading
import time
from collections import Counter

from load_support import HOST, LoadError, Server, run_step, say, tally

GUESS_SECONDS, GUESSES_PER_SECOND, OWNER_EVERY = 15.0, 4, 2.0
SOURCES, GUESSES = 200, 1_000
TIMEOUT = 30.0  # a password check is a full scrypt: about 0.5 s in a debug build, more on a busy machine


def post_session(port, nickname, password, source=None):
    """(status, Retry-After or None), one request on its own connection, from `source` if given."""
    connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT, source_address=(source, 0) if source else None)
    try:
        connection.request("POST", "/api/barcodes/session", body=json.dumps({"nickname": nickname, "password": password}),
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status, response.getheader("Retry-After")
    finally:
        connection.close()


def create_user(port):
    nickname, password = f"owner{secrets.token_hex(3)}", f"owner-{secrets.token_hex(8)}"
    body = json.dumps({"nickname": nickname, "password": password, "firstName": "Ada", "lastName": "Rossi",
                       "address": "Via Roma 1, Padova", "email": f"{nickname}@example.org"})
    connection = http.client.HTTPConnection(HOST, port, timeout=TIMEOUT)
    try:
        connection.request("POST", "/api/barcodes/users", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = response.read()
    finally:
        connection.close()
    if response.status != 201:
        raise LoadError(f"creating the wallet user was answered {response.status}: {answer[:200]!r}")
    status, _ = post_session(port, nickname, password)
    if status != 200:
        raise LoadError(f"the new user's first log-in was answered {status}, expected 200")
    return nickname, password


def lockout(port, nickname, password):
    """Scenario 1: (the owner's statuses, the guesser's Counter, guesser answers without Retry-After)."""
    deadline = time.monotonic() + GUESS_SECONDS
    guesser, missing_retry_after = Counter(), [0]

    def guess():
        n = 0
        while time.monotonic() < deadline:
            began = time.monotonic()
            n += 1
            status, retry_after = post_session(port, f"guess{n}-{secrets.token_hex(4)}", f"wrong-{secrets.token_hex(4)}")
            guesser[status] += 1
            if status == 429 and retry_after is None:
                missing_retry_after[0] += 1
            time.sleep(max(0.0, 1 / GUESSES_PER_SECOND - (time.monotonic() - began)))

    thread = threading.Thread(target=guess, daemon=True)
    thread.start()
    owner = []
    next_at = time.monotonic() + 1.0  # the guesser has closed the address by then
    while next_at < deadline:
        time.sleep(max(0.0, next_at - time.monotonic()))
        owner.append(post_session(port, nickname, password)[0])
        next_at += OWNER_EVERY
    thread.join(TIMEOUT + 5)
    return owner, guesser, missing_retry_after[0]


def distributed(port, nickname):
    """Scenario 2: the 1,000 statuses, in order."""
    statuses = []
    for n in range(GUESSES):
        source = f"127.0.0.{2 + n % SOURCES}"
        statuses.append(post_session(port, nickname, f"wrong-{n}-{secrets.token_hex(4)}", source=source)[0])
    return statuses


def lockout_step(binary):
    failures = []
    say(f"lock-out: a guesser at random nicknames {GUESSES_PER_SECOND}/s for {GUESS_SECONDS:.0f} s beside the real user"
        f" (right password every {OWNER_EVERY:.0f} s) on 127.0.0.1; then {GUESSES:,} guesses at her account from {SOURCES} addresses")
    server = Server(binary, "lockout").start()
    try:
        nickname, password = create_user(server.port)
        began = time.monotonic()
        owner, guesser, missing = lockout(server.port, nickname, password)
        got_in = owner.count(200)
        say(f"  lock-out: the right password got in {got_in} of {len(owner)} times ({tally(Counter(owner))});"
            f" the guesser's {sum(guesser.values())} guesses: {tally(dict(sorted(guesser.items())))} ({time.monotonic() - began:.0f} s)")
        if got_in != len(owner) or not owner:
            failures.append(f"the real user got in {got_in} of {len(owner)} times while a guesser shared her address")
        if not guesser.get(429):
            failures.append("the guesser at random nicknames never met a 429")
        if missing:
            failures.append(f"{missing} of the guesser's 429s had no Retry-After")
        unexpected = {s: c for s, c in guesser.items() if s not in (401, 429, 503)}
        if unexpected:
            failures.append(f"the guesses were answered {tally(unexpected)} (only 401, 429 or 503 are right)")

        began = time.monotonic()
        statuses = distributed(server.port, nickname)
        counts = Counter(statuses)
        say(f"  distributed: {GUESSES:,} guesses at one account from {SOURCES} addresses: {tally(dict(sorted(counts.items())))}"
            f" ({time.monotonic() - began:.1f} s); the last 401 was guess {max((i + 1 for i, s in enumerate(statuses) if s == 401), default=0)}")
        if any(s != 429 for s in statuses[-100:]):
            failures.append(f"the last 100 guesses were answered {tally(Counter(statuses[-100:]))}, not all 429")
        if counts.get(401, 0) > 50:
            failures.append(f"{counts[401]} of the {GUESSES} distributed guesses were checked (401); at most 50 may be")
        after, _ = post_session(server.port, nickname, password)
        say(f"  after it, the real user from 127.0.0.1: {after}")
        if after != 200:
            failures.append(f"after the distributed guessing the real user's right password was answered {after}")
        if not server.alive:
            failures.append("the server died")
        say(f"  in short: the right password got in {got_in} of {len(owner)} times beside a guesser on her address;"
            f" {counts.get(429, 0)} of {GUESSES:,} guesses from {SOURCES} addresses were answered 429")
    finally:
        log = server.log_tail()
        server.stop()
    return failures, log


if __name__ == "__main__":
    sys.exit(run_step("lockout", lockout_step, __doc__))
