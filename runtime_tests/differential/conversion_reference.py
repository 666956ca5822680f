#!/usr/bin/python3
"""NumPy's and PyTorch's float -> f16 and float -> bf16 conversions, for strider's conversion
test (atom/element_types.hpp: f16::to_bits, bf16::to_bits, from_bits, pack2, unpack2).

For each input float (its bits): NumPy's float16 bits (IEEE round to nearest even, subnormals,
overflow to infinity) and the float32 value of those bits, and PyTorch's bfloat16 bits ("-" when
PyTorch is not importable). NaN inputs are written with "nan" in place of the expected bits: PTX's
cvt gives the canonical NaN 0x7fff there (NumPy 0x7e00, PyTorch 0x7fc0), and the test expects it.

Output, one case per line, tab-separated: FLOAT_BITS  F16_BITS  F16_VALUE_BITS  BF16_BITS  (hex)
"""
import argparse
import random

import numpy as np

try:
    import torch
except ImportError:  # the bf16 column is then "-"
    torch = None


def inputs(count, seed):
    rng = random.Random(seed)
    out = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001, 0x7f800001,
           0x477fe000, 0x477fefff, 0x477ff000, 0x477ff001, 0x387fc000, 0x38800000, 0x33000000, 0x33000001,
           0x32ffffff, 0x3f800000, 0x3f801000, 0x3f803000, 0x3f808000, 0x3f818000, 0x7f7fffff, 0x00000001]
    for _ in range(count):
        kind = rng.randrange(4)
        if kind == 0:  # any bits
            out.append(rng.getrandbits(32))
        elif kind == 1:  # within half's range and just outside it
            exponent = rng.randrange(127 - 27, 127 + 17)
            out.append((rng.getrandbits(1) << 31) | (exponent << 23) | rng.getrandbits(23))
        elif kind == 2:  # exactly halfway between two halves (normal or subnormal): the tie rule
            exponent = rng.randrange(127 - 24, 127 + 16)
            shift = 13 if exponent >= 127 - 14 else 13 + (127 - 14 - exponent)
            if shift > 23:
                continue
            mantissa = (rng.getrandbits(23) >> shift << shift) | (1 << (shift - 1))
            out.append((rng.getrandbits(1) << 31) | (exponent << 23) | mantissa)
        else:  # halfway for bf16
            exponent = rng.randrange(1, 255)
            mantissa = (rng.getrandbits(23) >> 16 << 16) | (1 << 15)
            out.append((rng.getrandbits(1) << 31) | (exponent << 23) | mantissa)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=20261202)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    bits = np.array(inputs(args.cases, args.seed), dtype=np.uint32)
    floats = bits.view(np.float32)
    with np.errstate(over="ignore"):
        halves = floats.astype(np.float16)
    half_bits = halves.view(np.uint16)
    half_values = halves.astype(np.float32).view(np.uint32)
    if torch is not None:
        bf16_bits = torch.from_numpy(floats.copy()).to(torch.bfloat16).view(torch.int16).numpy().astype(np.uint16)
    with open(args.out, "w") as out:
        for i in range(len(bits)):
            nan = bool(np.isnan(floats[i]))
            f16 = "nan" if nan else f"{int(half_bits[i]):04x}"
            value = "nan" if nan else f"{int(half_values[i]):08x}"
            bf16 = "-" if torch is None else ("nan" if nan else f"{int(bf16_bits[i]):04x}")
            out.write(f"{int(bits[i]):08x}\t{f16}\t{value}\t{bf16}\n")


if __name__ == "__main__":
    main()
