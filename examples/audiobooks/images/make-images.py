#!/usr/bin/env python3
"""Write the audiobook cover thumbnails: tiny solid-colour PNGs, no network needed.

Run from anywhere: python3 examples/audiobooks/images/make-images.py
"""
import os
import struct
import zlib

SIZE = 16
COVERS = {
    "wagahai": (0x8E, 0x5A, 0x2B),
    "hashire-melos": (0xC0, 0x39, 0x2B),
    "ginga-tetsudo": (0x1F, 0x3A, 0x93),
    "rashomon": (0x4A, 0x4A, 0x4A),
    "botchan": (0x27, 0xAE, 0x60),
    "kokoro": (0xD3, 0x54, 0x00),
    "chumon": (0x6C, 0x34, 0x83),
    "ningen-shikkaku": (0x2C, 0x3E, 0x50),
}


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(rgb):
    row = b"\x00" + bytes(rgb) * SIZE  # filter byte 0, then RGB pixels
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)  # 8-bit truecolour
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(row * SIZE, 9)) + chunk(b"IEND", b""))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    for name, rgb in COVERS.items():
        with open(os.path.join(here, name + ".png"), "wb") as f:
            f.write(png(rgb))


if __name__ == "__main__":
    main()
