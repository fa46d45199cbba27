"""Bottega reads what other encoders write: zxing-cpp's writer (every symbology) and segno
(QR Code: random texts, and every version 1-40 at every level; Micro QR M1-M4 at each level
they have, named MICRO_QR_CODE). Prints one line per writer and
symbology and a final "N passed, M failed" line; exits 1 on any failure or misread."""
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import segno
import zxingcpp
from PIL import Image

bottega, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(2011)
scratch = Path(tempfile.mkdtemp())


def gs1_check(digits: str) -> str:
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def digits(n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


QR_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:abcdefghijklmnopqrstuvwxyzàéü€日本\n"


def zxing_payloads(kind: str):
    """(what to give zxing-cpp's writer, its format, a QR level or None), endlessly."""
    while True:
        if kind == "ean13":
            body = digits(12)
            yield body, zxingcpp.BarcodeFormat.EAN13, None
        elif kind == "ean8":
            yield digits(7), zxingcpp.BarcodeFormat.EAN8, None
        elif kind == "upca":
            yield digits(11), zxingcpp.BarcodeFormat.UPCA, None
        elif kind == "upce":
            yield rng.choice("01") + digits(6), zxingcpp.BarcodeFormat.UPCE, None
        elif kind == "code128":
            text = "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 30)))
            yield text, zxingcpp.BarcodeFormat.Code128, None
        elif kind == "qr":
            text = "".join(rng.choice(QR_ALPHABET) for _ in range(rng.randint(1, 300)))
            yield text, zxingcpp.BarcodeFormat.QRCode, rng.choice("LMQH")


BOTTEGA_FORMAT = {"EAN13": "EAN_13", "EAN8": "EAN_8", "UPCA": "UPC_A", "UPCE": "UPC_E", "Code128": "CODE_128", "QRCode": "QR_CODE"}


def expected_text(kind: str, written: str) -> str:
    # zxing-cpp's own text for what it wrote is the GTIN-13 for UPC; Bottega follows the same convention.
    if kind in ("upca", "upce"):
        return "0" + written if len(written) == 12 else written
    return written


def save_grey(image, path: Path):
    Image.frombytes("L", (image.shape[1], image.shape[0]), memoryview(image).tobytes()).save(path)


cases = []  # (label, path, format, text)
for kind in ["ean13", "ean8", "upca", "upce", "code128", "qr"]:
    index = 0
    for given, fmt, level in zxing_payloads(kind):
        if index == count:
            break
        options = {"ec_level": level} if level else {}
        try:
            barcode = zxingcpp.create_barcode(given, fmt, **options)
        except ValueError:
            continue  # e.g. a UPC-E whose digits have no valid zero suppression: draw again
        index += 1
        path = scratch / f"zxing-{kind}-{index}.png"
        save_grey(barcode.to_image(scale=rng.randint(2, 4)), path)
        cases.append((f"zxing-cpp {kind}", path, BOTTEGA_FORMAT[fmt.name], expected_text(kind, barcode.text)))

for index in range(count):
    text = "".join(rng.choice(QR_ALPHABET) for _ in range(rng.randint(1, 300)))
    path = scratch / f"segno-{index}.png"
    segno.make(text, error=rng.choice("lmqh"), boost_error=False, micro=False).save(path, scale=rng.randint(2, 4))
    cases.append(("segno qr", path, "QR_CODE", text))
for version in range(1, 41):
    for level in "lmqh":
        # As much random text as the version holds at this level (halved until it fits).
        text = "".join(rng.choice(QR_ALPHABET) for _ in range(60 * version))
        while True:
            try:
                symbol = segno.make(text, error=level, version=version, boost_error=False, micro=False)
                break
            except segno.DataOverflowError:
                text = text[: len(text) // 2]
        path = scratch / f"segno-v{version}-{level}.png"
        symbol.save(path, scale=2)
        cases.append(("segno qr versions", path, "QR_CODE", text))

MICRO_LEVELS = {"M1": [None], "M2": ["l", "m"], "M3": ["l", "m"], "M4": ["l", "m", "q"]}
MICRO_ALPHABETS = {"M1": "0123456789", "M2": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 $%*+-./:"}
for version, levels in MICRO_LEVELS.items():
    for level in levels:
        for index in range(max(1, count // 10)):
            alphabet = MICRO_ALPHABETS.get(version, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .-")
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 35)))
            while True:
                try:
                    symbol = segno.make(text, error=level, version=version, boost_error=False, micro=True)
                    break
                except (segno.DataOverflowError, ValueError):
                    text = text[: max(1, len(text) // 2)]
            path = scratch / f"segno-{version}-{level}-{index}.png"
            symbol.save(path, scale=rng.randint(3, 5))
            cases.append(("segno micro qr", path, "MICRO_QR_CODE", text))

results = {}
batch = 200
for start in range(0, len(cases), batch):
    paths = [str(case[1]) for case in cases[start:start + batch]]
    run = subprocess.run([bottega, "barcode", "decode", "--format", "json", *paths], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print(f"bottega barcode decode failed ({run.returncode}): {run.stderr.strip()[:500]}")
        sys.exit(1)
    for document in json.loads(run.stdout):
        results[document["file"]] = [(r["format"], r["text"]) for r in document["results"]]

passed = failed = 0
tally = {}
for label, path, fmt, text in cases:
    found = results.get(str(path), [])
    # An EAN-13 whose first digit is 0 is a UPC-A symbol, bar for bar; Bottega names it so.
    accepted = {(fmt, text)} | ({("UPC_A", text)} if fmt == "EAN_13" and text.startswith("0") else set())
    good = bool(accepted & set(found))
    wrong = [pair for pair in found if pair not in accepted]
    ok, total = tally.get(label, (0, 0))
    tally[label] = (ok + (1 if good and not wrong else 0), total + 1)
    if good and not wrong:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {label} {path.name}: expected {fmt} {text!r}, Bottega read {found}")
for label, (ok, total) in tally.items():
    print(f"{label}: Bottega read {ok} of {total}")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
