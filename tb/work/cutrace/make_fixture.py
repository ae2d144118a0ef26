#!/usr/bin/env python3
"""make_fixture.py - writes fixture.cutrace, a cuda-memtrace binary trace
(version 3), byte by byte from the format's description in cuda-memtrace's
tools/cutrace_io.h: 10 magic bytes (0x1a "CUDATRACE"); 0x00 kernel: u16 name
length, name; 0xFF access: u64 smid << 32 | type << 28 | size, u64 address,
u64 cta.x << 32 | cta.y << 16 | cta.z; 0xFE: the same and a u16 count.
All integers little-endian.  expected.trace beside it is the import worked
out by hand (docs/workloads.md walks through it).
"""
import struct
import sys

LD, ST, AT = 0, 1, 2


def kernel(name):
    b = name.encode()
    return b"\x00" + struct.pack("<H", len(b)) + b


def access(sm, typ, size, addr, cta, count=1):
    x, y, z = cta
    body = struct.pack("<QQQ", sm << 32 | typ << 28 | size, addr, x << 32 | y << 16 | z)
    return (b"\xfe" + body + struct.pack("<H", count)) if count > 1 else b"\xff" + body


out = b"\x1aCUDATRACE"
out += kernel("vecAdd")
out += access(1, LD, 4, 0x1000, (0, 0, 0), count=40)  # 40 threads x 4 B from 0x1000
out += access(1, ST, 8, 0x101C, (1, 0, 0))            # 8 B across sectors 0 and 1
out += access(0, AT, 4, 0x2000, (0, 1, 0))            # two atomics on the same word
out += access(0, AT, 4, 0x2000, (0, 1, 0))
out += kernel("second")
out += access(1, LD, 16, 0x10F8, (0, 0, 0))           # 16 B across a line boundary
with open(sys.argv[1] if len(sys.argv) > 1 else "fixture.cutrace", "wb") as f:
    f.write(out)
