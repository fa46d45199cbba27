#!/usr/bin/env python3
"""The wallet's live camera in headless Chromium at 390×844: a fake camera (a Y4M video made from
a QR Code drawn by `bottega barcode encode --png`) films the code, and the scan screen reads it
by itself, about every 300 ms, with no button pressed (issue 24). Reuses e2e.py's browser.

    e2e_camera.py --base URL --downloads DIR --qr-png PATH --qr-text TEXT --video PATH
"""
import os
import struct
import zlib

import e2e
from e2e import check


def png_luminance(path):
    """The red channel of an 8-bit RGB or RGBA PNG (the barcode renderer's), row by row."""
    data = open(path, "rb").read()
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    check(depth == 8 and colour in (2, 6), f"{path}: expected an 8-bit RGB(A) PNG, got depth {depth}, colour type {colour}")
    channels = 4 if colour == 6 else 3
    chunks, offset = b"", 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if kind == b"IDAT":
            chunks += data[offset + 8:offset + 8 + length]
        offset += 12 + length
    raw, stride, rows, previous = zlib.decompress(chunks), width * channels, [], bytearray(width * channels)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            upper_left = previous[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + left) & 255
            elif kind == 2: line[x] = (line[x] + up) & 255
            elif kind == 3: line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else upper_left)) & 255
        rows.append([line[x * channels] for x in range(width)])
        previous = line
    return rows


def write_video(rows, path, width=640, height=480, scale=3, frames=20):
    """A Y4M (YUV 4:2:0) video of the picture, scaled and centred on white, `frames` frames long."""
    y_plane = bytearray([255]) * (width * height)
    top, left = (height - len(rows) * scale) // 2, (width - len(rows[0]) * scale) // 2
    for y, row in enumerate(rows):
        for x, value in enumerate(row):
            for dy in range(scale):
                start = (top + y * scale + dy) * width + left + x * scale
                y_plane[start:start + scale] = bytes([value]) * scale
    chroma = bytes([128]) * ((width // 2) * (height // 2))
    with open(path, "wb") as video:
        video.write(f"YUV4MPEG2 W{width} H{height} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            video.write(b"FRAME\n" + bytes(y_plane) + chroma + chroma)


class CameraPath(e2e.Path):
    def extra_browser_arguments(self, args):
        return ("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={args.video}")

    def __init__(self, args):
        write_video(png_luminance(args.qr_png), args.video)
        super().__init__(args)
        self.text = args.qr_text

    def run(self):
        return self.walk([("the live camera reads a code with no press", self.live)])

    def live(self):
        self.go("/barcodes")
        self.click(self.visible("#camera-start"))
        self.until(lambda d: self.path() == "/barcodes/scan", "the code read from the live camera", timeout=40)
        texts = [e.text.strip() for e in self.all(".found-code .code-text")]
        check(self.text in texts, f"the camera read {texts}, not {self.text!r}")
        return f"read {self.text!r} from the video, nothing pressed"


def main():
    parser = e2e.browser_arguments(".build-e2e/failure-camera.png")
    parser.add_argument("--qr-png", required=True)
    parser.add_argument("--qr-text", required=True)
    parser.add_argument("--video", required=True)
    args = parser.parse_args()
    args.later_author = args.slow_author = ""
    e2e.walk_and_exit(CameraPath, args)


if __name__ == "__main__":
    main()
