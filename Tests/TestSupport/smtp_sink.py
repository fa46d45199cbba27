"""A real SMTP server for the Mail tests: aiosmtpd on 127.0.0.1, a free port.

Writes each message it accepts to OUT as N.json (envelope) and N.eml (raw content as
received, after the server removed dot-stuffing), before answering 250, so a message the
client saw accepted is already on disk. Prints "PORT <n>" on stdout once it listens.

    smtp_sink.py OUT [--auth USER:PASSWORD] [--reject ADDRESS]...
                     [--tls-cert CERT --tls-key KEY [--implicit-tls]]

--auth requires AUTH (PLAIN or LOGIN, allowed without TLS); --reject answers 550 to RCPT TO
that address; --tls-cert/--tls-key offer STARTTLS with that certificate, or TLS from the start with
--implicit-tls. Runs until killed
or until its stdin closes, so it cannot outlive the test that started it.
"""

import argparse
import asyncio
import base64
import email
import email.policy
import json
import os
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult


class Sink:
    def __init__(self, out, rejected):
        self.out = out
        self.rejected = set(rejected)
        self.count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.rejected:
            return "550 5.1.1 <%s>: mailbox unavailable" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.out, str(self.count))
        with open(base + ".eml.tmp", "wb") as f:
            f.write(envelope.original_content)
        meta = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "authenticated": session.authenticated,
            "tls": server.transport.get_extra_info("ssl_object") is not None,
        }
        # Python's own MIME parser, as a second opinion on the test's simple split.
        message = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        meta["subject"] = str(message["subject"])
        meta["defects"] = [type(d).__name__ for d in message.defects]
        meta["parts"] = [
            {
                "type": part.get_content_type(),
                "filename": part.get_filename(),
                "content_base64": base64.b64encode(part.get_payload(decode=True)).decode(),
                "defects": [type(d).__name__ for d in part.defects],
            }
            for part in message.iter_parts()
        ]
        with open(base + ".json.tmp", "w") as f:
            json.dump(meta, f)
        os.rename(base + ".eml.tmp", base + ".eml")
        os.rename(base + ".json.tmp", base + ".json")
        return "250 Message accepted"


def authenticator(expected):
    user, _, password = expected.partition(":")

    def check(server, session, envelope, mechanism, auth_data):
        ok = auth_data.login == user.encode() and auth_data.password == password.encode()
        return AuthResult(success=ok, handled=False)

    return check


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--auth")
    parser.add_argument("--reject", action="append", default=[])
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--implicit-tls", action="store_true")
    args = parser.parse_args()

    tls_context = None
    if args.tls_cert:
        tls_context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls_context.load_cert_chain(args.tls_cert, args.tls_key)

    handler = Sink(args.out, args.reject)

    def factory():
        options = dict(require_starttls=False)
        if not args.implicit_tls:
            options["tls_context"] = tls_context
        if args.auth:
            options.update(
                authenticator=authenticator(args.auth),
                auth_required=True,
                auth_require_tls=False,
            )
        return SMTP(handler, hostname="sink.test", **options)

    loop = asyncio.get_running_loop()
    server = await loop.create_server(
        factory, host="127.0.0.1", port=0, ssl=tls_context if args.implicit_tls else None
    )
    print("PORT %d" % server.sockets[0].getsockname()[1], flush=True)

    # The test closes our stdin (or dies); then we stop.
    stdin_closed = loop.create_future()

    def watch_stdin():
        sys.stdin.buffer.read()
        loop.call_soon_threadsafe(stdin_closed.set_result, None)

    loop.run_in_executor(None, watch_stdin)
    await stdin_closed
    server.close()


if __name__ == "__main__":
    asyncio.run(main())
