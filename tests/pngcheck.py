#!/usr/bin/env python3
"""pngcheck.py FILE: exit 0 if the PNG shows a picture, not a blank page.

Decodes the PNG with the standard library alone (8-bit RGB or RGBA, any
filter) and requires at least three distinct colours, a few percent of
pixels away from the background, and red or green marks (the legend and
the cells use them)."""
import struct, sys, zlib

def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), "unsupported PNG type"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, out = zlib.decompress(idat), width * bpp, bytearray(width * bpp), []
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.extend(tuple(line[i:i + 3]) for i in range(0, stride, bpp))
        prev = line
    return out

px = pixels(sys.argv[1])
background = max(set(px), key=px.count)
marked = sum(1 for p in px if p != background) / len(px)
reds = sum(1 for (r, g, b) in px if r > 180 and g < 90 and b < 90)
greens = sum(1 for (r, g, b) in px if g > 130 and r < 90 and b < 90)
ok = len(set(px)) >= 3 and marked > 0.02 and (reds + greens) > 50
print("%d colours, %.1f%% marked, %d red, %d green: %s" % (len(set(px)), 100 * marked, reds, greens, "ok" if ok else "BLANK"))
sys.exit(0 if ok else 1)
