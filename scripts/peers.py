"""Bottega side by side with its PyPI peers, in one run on one machine: whole processes (start-up,
reading, work, exit), run alternately, medians of several runs, peak resident memory from wait4.

  - a 1,000,000-row Publish or Perish CSV: `bottega scholar metrics` against pandas + numpy
    reading the same file and computing h and g;
  - CSV, BibTeX and RIS lists of about 50 MB (the real exports in ../shared/fixtures repeated):
    `bottega scholar metrics` throughput, start-up included;
  - every photo in ../shared/fixtures/barcodes: `bottega barcode decode` against zxing-cpp asked
    for the same six symbologies (one process each, images read from disk by each);
  - 1,000 QR codes to SVG in one `bottega barcode encode --stdin --output-dir` process.

Usage: peers.py BOTTEGA [--runs N] [--only scholar|barcodes]. Prints a Markdown table and writes
.build-peers/results.json."""
import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / ".." / "shared" / "fixtures"
WORK = ROOT / ".build-peers"
DATA = WORK / "data"
SIX = "EAN13|EAN8|UPCA|UPCE|Code128|QRCode"


def run_once(command, stdin_path=None):
    """Wall seconds and peak RSS (MiB) of one whole process; its output is discarded."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    started = time.perf_counter()
    process = subprocess.Popen(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if stdin_path:
        stdin.close()
    code = os.waitstatus_to_exitcode(status)
    errors = process.stderr.read().decode(errors="replace")
    process.returncode = code
    return elapsed, usage.ru_maxrss / 1024, code, errors


def alternate(commands, runs, accept=(0,)):
    """Runs each named command `runs` times, alternating, and gives each one's medians."""
    samples = {name: [] for name in commands}
    for _ in range(runs):
        for name, (command, stdin_path) in commands.items():
            elapsed, rss, code, errors = run_once(command, stdin_path)
            if code not in accept:
                sys.exit(f"{name}: exit {code}: {errors[-2000:]}")
            samples[name].append((elapsed, rss))
    return {
        name: {"seconds": statistics.median(s for s, _ in values), "min": min(s for s, _ in values),
               "max": max(s for s, _ in values), "rss_mib": max(r for _, r in values)}
        for name, values in samples.items()
    }


# -- data ---------------------------------------------------------------------------------------

def tobler_rows():
    import csv
    with open(FIXTURES / "scholar/exports/pop-gscholar-waldo-tobler-PoPCites.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def million_row_csv(path: Path, rows=1_000_000):
    """Publish or Perish's first five columns; titles, authors and sources are the real Tobler
    export's, cycled; citations are Zipf-like and years 1960-2024, drawn with a fixed seed."""
    if path.exists():
        return
    import csv
    rng = random.Random(26)
    real = tobler_rows()
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\r\n")
        writer.writerow(["Cites", "Authors", "Title", "Year", "Source"])
        for index in range(rows):
            row = real[index % len(real)]
            cites = int(rng.paretovariate(1.2)) - 1
            writer.writerow([cites, row["Authors"], row["Title"][:70], rng.randint(1960, 2024), row["Source"][:25]])


def repeated(source: Path, path: Path, size=50_000_000, header_lines=0):
    """A real export repeated to `size` bytes (its header kept once, its byte-order mark dropped)."""
    if path.exists():
        return
    text = source.read_bytes()
    if text.startswith(b"\xef\xbb\xbf"):
        text = text[3:]
    lines = text.split(b"\n")
    header, body = b"\n".join(lines[:header_lines]), b"\n".join(lines[header_lines:])
    if not body.endswith(b"\n"):
        body += b"\n"
    with open(path, "wb") as handle:
        if header_lines:
            handle.write(header + b"\n")
        written = 0
        while written < size:
            handle.write(body)
            written += len(body)


PANDAS_METRICS = """
import sys, numpy as np, pandas as pd
frame = pd.read_csv(sys.argv[1])
cites = np.sort(frame["Cites"].fillna(0).to_numpy(dtype=np.int64))[::-1]
ranks = np.arange(1, len(cites) + 1)
h = int(np.count_nonzero(cites >= ranks))
g = int(np.count_nonzero(np.cumsum(cites) >= ranks * ranks))
print(h, g)
"""

ZXING_DECODE = """
import sys, zxingcpp
from PIL import Image
formats = zxingcpp.barcode_formats_from_str(sys.argv[1])
read = 0
for path in sys.argv[2:]:
    read += len(zxingcpp.read_barcodes(Image.open(path), formats=formats))
print(read)
"""


def scholar(bottega, runs, results):
    DATA.mkdir(parents=True, exist_ok=True)
    million = DATA / "pop-1000000.csv"
    million_row_csv(million)
    exports = FIXTURES / "scholar/exports"
    lists = {
        "CSV": (DATA / "tobler-50mb.csv", exports / "pop-gscholar-waldo-tobler-PoPCites.csv", 1),
        "BibTeX": (DATA / "wos-50mb.bib", exports / "wos-propithecus-coquereli-savedrecs.bib", 0),
        "RIS": (DATA / "scopus-50mb.ris", exports / "scopus-waldo-tobler.ris", 0),
    }
    for path, source, header in lists.values():
        repeated(source, path, header_lines=header)
    # Dense lists as Bottega's exporters write them (short records, so the per-record cost
    # counts): the first rows of the million-row CSV, as many as make about 50 MB.
    for name, rows in (("BibTeX", 256_000), ("RIS", 299_000)):
        path = DATA / f"dense-{rows}.{'bib' if name == 'BibTeX' else 'ris'}"
        if not path.exists():
            head = DATA / f"head-{rows}.csv"
            with open(million, "rb") as source, open(head, "wb") as target:
                for index, line in enumerate(source):
                    if index > rows:
                        break
                    target.write(line)
            subprocess.run([bottega, "scholar", "export", str(head), "--to", name.lower(), "--output", str(path)],
                           check=True, stderr=subprocess.DEVNULL)
            head.unlink()
        lists[f"{name} (exported, short records)"] = (path, None, 0)
    pandas = [sys.executable, "-c", PANDAS_METRICS, str(million)]
    metrics = [bottega, "scholar", "metrics", str(million), "--format", "json", "--year", "2024"]
    timed = alternate({"bottega": (metrics, None), "pandas": (pandas, None)}, runs)
    results["million"] = {"bytes": million.stat().st_size, **timed}
    results["lists"] = {}
    for name, (path, _, _) in lists.items():
        command = [bottega, "scholar", "metrics", str(path), "--format", "json", "--year", "2024"]
        timed = alternate({"bottega": (command, None)}, runs)["bottega"]
        results["lists"][name] = {"bytes": path.stat().st_size, **timed, "mb_per_s": path.stat().st_size / 1e6 / timed["seconds"]}


def barcodes(bottega, runs, results):
    photos = sorted(str(p) for p in (FIXTURES / "barcodes").rglob("*") if p.suffix.lower() in (".png", ".jpg", ".jpeg"))
    decode = [bottega, "barcode", "decode", "--format", "json"] + photos
    zxing = [sys.executable, "-c", ZXING_DECODE, SIX] + photos
    # Decode exits 1 when some photo holds nothing readable; that is an answer, not a failure.
    one_core = decode[:5] + ["--jobs", "1"] + decode[5:]
    timed = alternate({"bottega": (decode, None), "bottega --jobs 1": (one_core, None), "zxing-cpp": (zxing, None)}, runs, accept=(0, 1))
    results["decode"] = {"photos": len(photos), **timed}
    texts = WORK / "qr-texts.txt"
    texts.write_text("".join(f"https://bottega.example/ticket/{n:04d}?holder=Giulia%20Bianchi\n" for n in range(1000)))
    output = Path(tempfile.mkdtemp())
    encode = [bottega, "barcode", "encode", "--type", "qr", "--stdin", "--output-dir", str(output)]
    results["encode"] = {"codes": 1000, **alternate({"bottega": (encode, str(texts))}, runs)["bottega"]}
    written = len(list(output.glob("*.svg")))
    shutil.rmtree(output)
    if written != 1000:
        sys.exit(f"encode wrote {written} SVGs, not 1000")


def table(results):
    lines = ["| what | Bottega | peer | ratio |", "|---|---|---|---|"]
    if "million" in results:
        m = results["million"]
        b, p = m["bottega"], m["pandas"]
        lines.append(f"| 1,000,000-row PoP CSV ({m['bytes'] / 1e6:.0f} MB), h and g | {b['seconds']:.2f} s, {b['rss_mib']:.0f} MiB | "
                     f"pandas + numpy {p['seconds']:.2f} s, {p['rss_mib']:.0f} MiB | {b['seconds'] / p['seconds']:.2f}× the time |")
        for name, item in results["lists"].items():
            lines.append(f"| {name}, {item['bytes'] / 1e6:.0f} MB, `scholar metrics` | {item['seconds']:.2f} s = {item['mb_per_s']:.0f} MB/s, "
                         f"{item['rss_mib']:.0f} MiB | — | — |")
    if "decode" in results:
        d = results["decode"]
        b, z = d["bottega"], d["zxing-cpp"]
        one = d["bottega --jobs 1"]
        lines.append(f"| decode all {d['photos']} fixture photos (one image per core) | {b['seconds']:.2f} s | zxing-cpp (six symbologies) {z['seconds']:.2f} s | "
                     f"{b['seconds'] / z['seconds']:.2f}× the time |")
        lines.append(f"| the same, `--jobs 1` (one core, as zxing-cpp) | {one['seconds']:.2f} s | zxing-cpp {z['seconds']:.2f} s | "
                     f"{one['seconds'] / z['seconds']:.2f}× the time |")
        e = results["encode"]
        lines.append(f"| 1,000 QR codes to SVG, one process | {e['seconds']:.2f} s | — | — |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bottega")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=["scholar", "barcodes"])
    arguments = parser.parse_args()
    results = {"runs": arguments.runs, "cores": os.cpu_count()}
    if arguments.only in (None, "scholar"):
        scholar(arguments.bottega, arguments.runs, results)
    if arguments.only in (None, "barcodes"):
        barcodes(arguments.bottega, arguments.runs, results)
    WORK.mkdir(exist_ok=True)
    (WORK / "results.json").write_text(json.dumps(results, indent=2))
    print(table(results))


if __name__ == "__main__":
    main()
