#!/usr/bin/env python3
"""Records numpy's ziggurat tables for Generator.standard_normal (float64) from numpy itself.

numpy 2's random_standard_normal takes one uint64 r from the bit generator: idx = r & 0xff,
sign = bit 8, rabs = the next 52 bits; x = rabs * wi[idx] (negated for sign) is returned when
rabs < ki[idx]. Setting PCG64's state and increment so that its next output is any chosen r, this
script reads wi[idx] (rabs = 1 gives x = wi[idx] exactly, at once or after a rejection whose
uniform draw is 0) and ki[idx] (the smallest rabs that needs a second draw, by bisection on how
many draws the state moved) for every idx, and writes core/numeric/numpy_ziggurat.inc.
The rejection step's fi[idx] = exp(-x_i^2 / 2) with x_i = wi[idx] * 2^52 is computed, not read
(it only decides the rare rejected draws, and only where a comparison ties to the last bit).

    tests/oracle/venv/bin/python tests/oracle/record_ziggurat.py
"""
import os
import struct

import numpy as np

MASK64 = (1 << 64) - 1
ROT = 5


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & MASK64


MULT = 0x2360ED051FC65DA44385DF649FCCF645
MASK128 = (1 << 128) - 1


def _state_for(r, odd):
    # a PCG64 state whose output is r: output = rotr64(hi ^ lo, hi >> 58)
    for low_hi_bit in (0, 1):
        hi = (ROT << 58) | low_hi_bit
        lo = _rotl(r, ROT) ^ hi
        if lo % 2 == odd:
            return (hi << 64) | lo
    raise AssertionError


def probe(r1, r2):
    """numpy's standard_normal on a PCG64 whose next outputs are r1, r2; returns (x, draws used)."""
    # PCG64 steps state = state * MULT + inc, then outputs: choose inc and the start state so that
    # the next two states output r1 and r2 (inc must be odd: the states' parities differ).
    s1 = _state_for(r1, 0)
    s2 = _state_for(r2, 1)
    inc = (s2 - s1 * MULT) & MASK128
    start = ((s1 - inc) * pow(MULT, -1, 1 << 128)) & MASK128
    bg = np.random.PCG64()
    st = bg.state
    st["state"]["state"] = start
    st["state"]["inc"] = inc
    st["has_uint32"] = 0
    bg.state = st
    x = float(np.random.Generator(bg).standard_normal())
    after = bg.state["state"]["state"]
    return x, 1 if after == s1 else 2 if after == s2 else 3


def normal_of(idx, rabs, sign=0):
    # the second draw 0 (a uniform of 0) makes a rejected strip draw return its x
    return probe((rabs << 9) | (sign << 8) | idx, 0)


def main():
    wi, ki = [], []
    for idx in range(256):
        w, _ = normal_of(idx, 1)
        # ki[idx]: the smallest rabs whose draw is not taken at once (it uses a second draw)
        lo, hi = 0, 1 << 52
        if normal_of(idx, hi - 1)[1] == 1:
            lo = hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if normal_of(idx, mid)[1] == 1:
                lo = mid
            else:
                hi = mid
        ki.append(0 if normal_of(idx, 0)[1] != 1 else hi)
        wi.append(w)
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "..", "core", "numeric", "numpy_ziggurat.inc")
    with open(out, "w") as f:
        f.write("// numpy %s's float64 ziggurat tables, read from numpy by tests/oracle/record_ziggurat.py.\n"
                % np.__version__)
        f.write("// kNumpyZigguratKi[i], kNumpyZigguratWiBits[i] (the double's bits).\n")
        f.write("constexpr uint64_t kNumpyZigguratKi[256] = {\n")
        for i in range(0, 256, 4):
            f.write("    " + " ".join("0x%016xULL," % k for k in ki[i:i + 4]) + "\n")
        f.write("};\nconstexpr uint64_t kNumpyZigguratWiBits[256] = {\n")
        for i in range(0, 256, 4):
            f.write("    " + " ".join("0x%016xULL," % struct.unpack("<Q", struct.pack("<d", w))[0]
                                      for w in wi[i:i + 4]) + "\n")
        f.write("};\n")
    print("wrote", os.path.normpath(out))


if __name__ == "__main__":
    main()
