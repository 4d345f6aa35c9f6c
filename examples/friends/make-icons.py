#!/usr/bin/env python3
"""Write the friends' avatar icons beside app.js: tiny two-tone PNGs, no network needed.

They stand in for the iOS demo's asset-catalog images (`[UIImage imageNamed:p.icon]`):
react-native-spotlight-search's `thumbnailName` finds NAME.png beside the main script.
Run from anywhere: python3 examples/friends/make-icons.py
"""
import os
import struct
import zlib

SIZE = 16
ICONS = {
    "zhangwei": (0xE7, 0x4C, 0x3C),
    "wangfang": (0x34, 0x98, 0xDB),
    "lina": (0x9B, 0x59, 0xB6),
    "liuyang": (0x1A, 0xBC, 0x9C),
    "chenjing": (0xF3, 0x9C, 0x12),
    "yangfan": (0x2E, 0xCC, 0x71),
}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(rgb):
    light = tuple(min(255, c + 80) for c in rgb)
    rows = b""
    for y in range(SIZE):
        # a light "head" disc on a coloured background
        pixels = b"".join(bytes(light if (x - 7.5) ** 2 + (y - 6) ** 2 < 16 else rgb) for x in range(SIZE))
        rows += b"\x00" + pixels
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, rgb in ICONS.items():
        with open(os.path.join(here, name + ".png"), "wb") as f:
            f.write(png(rgb))


if __name__ == "__main__":
    main()
