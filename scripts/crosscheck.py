"""zxing-cpp reads back what `bottega barcode encode` draws: prints one line per symbology and
a final "N passed, M failed" line; exits 1 on any failure."""
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import zxingcpp
from PIL import Image

bottega, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(2013)
scratch = Path(tempfile.mkdtemp())


def gs1_check(digits: str) -> str:
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def upce_to_upca(upce: str) -> str:
    ns, d, check = upce[0], upce[1:7], upce[7]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return ns + body + check


def payloads(kind: str):
    for _ in range(count):
        if kind == "ean13":
            body = "".join(rng.choice("0123456789") for _ in range(12))
            yield body, body + gs1_check(body), "EAN13"
        elif kind == "ean8":
            body = "".join(rng.choice("0123456789") for _ in range(7))
            yield body, body + gs1_check(body), "EAN8"
        elif kind == "upca":
            body = "".join(rng.choice("0123456789") for _ in range(11))
            # zxing-cpp reports a UPC-A as its GTIN-13 (a leading 0), under EAN-13 or UPC-A.
            yield body, [("UPCA", body + gs1_check(body)), ("EAN13", "0" + body + gs1_check(body)), ("UPCA", "0" + body + gs1_check(body))], None
        elif kind == "upce":
            six = "".join(rng.choice("0123456789") for _ in range(6))
            ns = rng.choice("01")
            upca = upce_to_upca(ns + six + "0")[:-1]
            code = ns + six + gs1_check(upca)
            # … and a UPC-E as the GTIN-13 of its UPC-A expansion.
            yield code, [("UPCE", code), ("UPCE", "0" + upce_to_upca(code))], None
        elif kind == "code128":
            text = "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 30)))
            yield text, text, "Code128"
        elif kind == "qr":
            alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:abcdefghijklmnopqrstuvwxyzàéü€日本"
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 120)))
            yield text, text, "QRCode"


def read(png: Path, expected_format, expected, arguments: list[str], text: str) -> str | None:
    command = [bottega, "barcode", "encode", *arguments, "--png", str(png), "--scale", "3", "--", text]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        return f"encode failed: {result.stderr.strip()}"
    found = zxingcpp.read_barcodes(Image.open(png))
    texts = [(b.format.name, b.text) for b in found]
    accepted = expected if isinstance(expected, list) else [(expected_format, expected)]
    if any(pair in texts for pair in accepted):
        return None
    return f"zxing-cpp read {texts}, expected {expected_format} {expected!r}"


passed = failed = 0
for kind in ["ean13", "ean8", "upca", "upce", "code128", "qr"]:
    good = 0
    for index, (given, expected, fmt) in enumerate(payloads(kind)):
        problem = read(scratch / f"{kind}-{index}.png", fmt, expected, ["--type", kind], given)
        if problem:
            failed += 1
            print(f"FAIL {kind} {given!r}: {problem}")
        else:
            good += 1
            passed += 1
    print(f"{kind}: zxing-cpp read {good} of {count}")

levels = 0
for version in range(1, 41):
    for ecc in "LMQH":
        text = f"Bottega {version}-{ecc}"
        problem = read(scratch / f"qr-{version}-{ecc}.png", "QRCode", text, ["--type", "qr", "--ecc", ecc, "--min-version", str(version)], text)
        if problem:
            failed += 1
            print(f"FAIL QR {version}-{ecc}: {problem}")
        else:
            passed += 1
            levels += 1
print(f"qr versions: zxing-cpp read {levels} of 160 (versions 1-40 x L/M/Q/H)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
