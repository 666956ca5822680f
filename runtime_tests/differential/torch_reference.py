#!/usr/bin/python3
"""PyTorch's answers for random chains of view operations, for strider's differential test.

The NumPy reference (numpy_reference.py) covers every operation; this one asks PyTorch where
strider follows PyTorch and NumPy cannot say: as_strided on views, which may reach anywhere in
the storage the view was cut from and nowhere outside it (PyTorch checks the request against
the storage's size), after slices that cut a small window from a larger storage, nested slices,
offsets into the middle, and the strides PyTorch itself chooses (view, unsqueeze, unfold).

Every chain starts from `torch.arange(n)` reshaped, so the values of each result ARE its storage
offsets. Only calls whose semantics strider shares with PyTorch are generated: slices with a
positive step that are not empty (PyTorch points an empty slice elsewhere than NumPy, whom
strider follows), permute, transpose, unsqueeze, squeeze of an extent-1 axis, view, unfold,
movedim (and moveaxis), unflatten, narrow, select, expand, flatten (where PyTorch's is a view: where it
copies, strider refuses), swapaxes/swapdims, mT, T, one part of split (a size or a list of sizes), chunk and
unbind (picked with [i], sometimes out of range), tensor_split (and array_split) by sections or at
indices, hsplit/vsplit/dsplit, t, and as_strided with non-negative strides (PyTorch refuses negative ones). Output: the format of
numpy_reference.py, flags always "-".
"""

import argparse
import random
import sys

import warnings

import torch

# PyTorch 1.13 warns that .T of rank other than 2 is deprecated; strider follows NumPy there.
warnings.filterwarnings("ignore", message="The use of `x.T`")

MAX_RANK = 8
MAX_SIZE = 512
REFUSED = (RuntimeError, IndexError, ValueError)


class Chain:
    def __init__(self, tensor, text):
        self.tensor = tensor
        self.text = text

    def storage_size(self):
        return self.tensor.storage().size()


def tuple_text(values):
    return "(" + ", ".join(str(v) for v in values) + ("," if len(values) == 1 else "") + ")"


def make_base(rng):
    if rng.random() < 0.3:  # a long 1-D storage, to cut small windows from
        n = rng.randint(20, 300)
        return Chain(torch.arange(n), "contiguous(%d)" % n)
    rank = rng.randint(1, 4)
    shape = [rng.randint(1, 5) for _ in range(rank)]
    n = 1
    for e in shape:
        n *= e
    return Chain(torch.arange(n).reshape(shape), "contiguous" + tuple_text(shape))


def random_slice(rng, t):
    if t.dim() == 0:
        return None
    items, texts = [], []
    for d in range(rng.randint(1, t.dim())):
        n = t.shape[d]
        if n == 0:
            items.append(slice(None))
            texts.append(":")
            continue
        if rng.random() < 0.25:
            i = rng.randint(-n, n - 1)
            items.append(i)
            texts.append(str(i))
            continue
        start = rng.randint(0, n - 1)
        stop = rng.randint(start + 1, n)
        step = rng.choice([1, 1, 2, 3])
        items.append(slice(start, stop, step))
        texts.append("%d:%d%s" % (start, stop, "" if step == 1 else ":%d" % step))
    return "[" + ", ".join(texts) + "]", lambda x: x[tuple(items)]


def random_permute(rng, t):
    axes = list(range(t.dim()))
    rng.shuffle(axes)
    return ".permute" + tuple_text(axes), lambda x: x.permute(axes)


def random_transpose(rng, t):
    if t.dim() == 0:  # PyTorch accepts transpose(0, 0) of a 0-d tensor; strider refuses, as NumPy
        return None
    i, j = rng.randint(-t.dim(), t.dim() - 1), rng.randint(-t.dim(), t.dim() - 1)
    return ".transpose(%d, %d)" % (i, j), lambda x: x.transpose(i, j)


def random_unsqueeze(rng, t):
    d = rng.randint(-t.dim() - 1, t.dim())
    return ".unsqueeze(%d)" % d, lambda x: x.unsqueeze(d)


def random_squeeze(rng, t):
    ones = [d for d in range(t.dim()) if t.shape[d] == 1]
    if not ones:
        return None
    d = rng.choice(ones)
    return ".squeeze(%d)" % d, lambda x: x.squeeze(d)


def random_view(rng, t):
    n = t.numel()
    shape = []
    while n > 1 and len(shape) < 3:
        divisors = [k for k in range(2, n + 1) if n % k == 0]
        k = rng.choice(divisors)
        shape.append(k)
        n //= k
    if n > 1 or not shape:
        shape.append(n)
    if rng.random() < 0.3:
        shape[rng.randrange(len(shape))] = -1
    return ".view" + tuple_text(shape), lambda x: x.view(shape)


def random_unfold(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randrange(t.dim())
    if t.shape[d] == 0:
        return None
    size = rng.randint(1, t.shape[d])
    step = rng.randint(1, 3)
    return ".unfold(%d, %d, %d)" % (d, size, step), lambda x: x.unfold(d, size, step)


def random_expand(rng, t):
    sizes = [rng.randint(1, 3) if rng.random() > 0.05 else -1 for _ in range(rng.choice([0, 0, 1, 2]))]
    for n in t.shape:
        r = rng.random()
        if n == 1:
            sizes.append(-1 if r < 0.3 else rng.randint(0, 4))
        else:
            sizes.append(-1 if r < 0.5 else n if r < 0.9 else n + 1)  # the last refused
    if len(sizes) > MAX_RANK:
        return None
    return ".expand%s" % tuple_text(sizes), lambda x: x.expand(sizes)


def random_flatten(rng, t):
    rank = max(t.dim(), 1)
    start, end = rng.randint(-rank, rank - 1), rng.randint(-rank, rank - 1)

    def run(x):
        result = x.flatten(start, end)
        # PyTorch copies where the strides cannot express it; strider's flatten is a view and
        # refuses there.
        if result.numel() > 0 and result.storage().data_ptr() != x.storage().data_ptr():
            raise RuntimeError("flatten copied")
        return result
    if rng.random() < 0.3:
        start, end = 0, -1
        return ".flatten()", run
    return ".flatten(%d, %d)" % (start, end), run


def random_movedim(rng, t):
    rank = t.dim()
    if rank == 0:
        return None
    count = rng.randint(1, rank)
    source = rng.sample(range(rank), count)
    destination = rng.sample(range(rank), count)
    source = [a - rank if rng.random() < 0.3 else a for a in source]
    destination = [a - rank if rng.random() < 0.3 else a for a in destination]
    if rng.random() < 0.08:  # a repeated or out-of-range axis: refused by both
        destination[0] = destination[-1] if count > 1 else rank
    if count == 1 and rng.random() < 0.5:
        return ".movedim(%d, %d)" % (source[0], destination[0]), lambda x: x.movedim(source[0], destination[0])
    return ".movedim(%s, %s)" % (tuple_text(source), tuple_text(destination)), lambda x: x.movedim(tuple(source), tuple(destination))


def random_unflatten(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    sizes = []
    rest = n
    for _ in range(rng.randint(1, 3)):
        divisors = [k for k in range(1, rest + 1) if rest % k == 0] if rest > 0 else [0, 1]
        k = rng.choice(divisors)
        sizes.append(k)
        rest = rest // k if k else rest
    if rest > 1 or n == 0:
        sizes.append(rest)
    if rng.random() < 0.3:
        sizes[rng.randrange(len(sizes))] = -1
    if rng.random() < 0.05:
        sizes.append(2)  # a product that does not match: refused
    if t.dim() - 1 + len(sizes) > MAX_RANK:
        return None
    return ".unflatten(%d, %s)" % (d, tuple_text(sizes)), lambda x: x.unflatten(d, tuple(sizes))


def random_narrow(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    start = rng.randint(-n - 1, n + 1)  # sometimes out of range: refused
    length = rng.randint(-1, n + 1) if rng.random() < 0.1 else rng.randint(0, max(n - (start if start >= 0 else start + n), 0))
    return ".narrow(%d, %d, %d)" % (d, start, length), lambda x: x.narrow(d, start, length)


def random_select(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    index = rng.randint(-n - 1, n)  # n - 1 at most in range; -n - 1 and n refused
    return ".select(%d, %d)" % (d, index), lambda x: x.select(d, index)


def random_swap(rng, t):
    if t.dim() == 0:
        return None
    name = rng.choice(["swapaxes", "swapdims"])
    i, j = rng.randint(-t.dim(), t.dim() - 1), rng.randint(-t.dim(), t.dim() - 1)
    return ".%s(%d, %d)" % (name, i, j), lambda x: getattr(x, name)(i, j)


def random_moveaxis(rng, t):
    if t.dim() == 0:
        return None
    s, d = rng.randint(-t.dim(), t.dim() - 1), rng.randint(-t.dim(), t.dim() - 1)
    return ".moveaxis(%d, %d)" % (s, d), lambda x: x.moveaxis(s, d)


def random_attribute(rng, t):
    if rng.random() < 0.5:
        return ".T", lambda x: x.T
    return ".mT", lambda x: x.mT  # refused below rank 2


def random_part(rng, t, count):
    """A part index as Python's tuple takes it, sometimes out of range."""
    if rng.random() < 0.08:
        return rng.choice([count, -count - 1])
    if count == 0:
        return 0
    return rng.randint(-count, count - 1)


def random_split(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    if rng.random() < 0.5:
        size = rng.randint(0, n + 1) if rng.random() < 0.1 else rng.randint(1, max(n, 1))
        count = max((n + size - 1) // size, 1) if size > 0 else 1
        i = random_part(rng, t, count)
        return ".split(%d, %d)[%d]" % (size, d, i), lambda x: x.split(size, d)[i]
    sizes, rest = [], n
    while rest > 0 and len(sizes) < 7:
        k = rng.randint(0, rest)
        sizes.append(k)
        rest -= k
    if rest > 0 or not sizes or rng.random() < 0.2:
        sizes.append(rest)
    if rng.random() < 0.05:
        sizes[0] += 1  # a sum that does not match: refused
    i = random_part(rng, t, len(sizes))
    return ".split(%s, %d)[%d]" % (tuple_text(sizes), d, i), lambda x: x.split(sizes, d)[i]


def random_chunk(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    chunks = rng.randint(0, n + 2) if rng.random() < 0.1 else rng.randint(1, max(n, 1))
    count = chunks if n == 0 else (n + (n + chunks - 1) // chunks - 1) // ((n + chunks - 1) // chunks) if chunks > 0 else 1
    i = random_part(rng, t, count)
    if d == 0 and rng.random() < 0.3:
        return ".chunk(%d)[%d]" % (chunks, i), lambda x: x.chunk(chunks)[i]
    return ".chunk(%d, %d)[%d]" % (chunks, d, i), lambda x: x.chunk(chunks, d)[i]


def random_unbind(rng, t):
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    i = random_part(rng, t, t.shape[d])
    return ".unbind(%d)[%d]" % (d, i), lambda x: x.unbind(d)[i]


def random_as_strided(rng, chain):
    size = chain.storage_size()
    shape = [rng.choice([1, 2, 2, 3, 4]) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.1:
        shape[0] = 0
    strides = [rng.choice([0, 1, 2, 3, 7, 10, 25]) for _ in shape]
    reach = sum((n - 1) * s for n, s in zip(shape, strides)) if 0 not in shape else 0
    r = rng.random()
    if r < 0.15:  # past the end of the storage, by a little
        offset = size - reach + rng.randint(0, 2)
    elif r < 0.35:
        offset = None  # PyTorch's default: the input's storage offset
    else:
        offset = rng.randint(0, max(size - 1 - reach, 0))
    if offset is None:
        return ".as_strided(%s, %s)" % (tuple_text(shape), tuple_text(strides)), lambda x: x.as_strided(shape, strides)
    return (".as_strided(%s, %s, %d)" % (tuple_text(shape), tuple_text(strides), offset),
            lambda x: x.as_strided(shape, strides, offset))


def random_tensor_split(rng, t):
    """tensor_split (sometimes spelled NumPy's array_split) by sections or at indices."""
    if t.dim() == 0:
        return None
    d = rng.randint(-t.dim(), t.dim() - 1)
    n = t.shape[d]
    name = "array_split" if rng.random() < 0.2 else "tensor_split"
    if rng.random() < 0.5:
        sections = rng.randint(0, n + 3) if rng.random() < 0.1 else rng.randint(1, n + 2)
        i = random_part(rng, t, max(sections, 1))
        return ".%s(%d, %d)[%d]" % (name, sections, d, i), lambda x: x.tensor_split(sections, d)[i]
    indices = sorted(rng.randint(-n - 2, n + 2) for _ in range(rng.randint(0, 3)))
    if rng.random() < 0.3:
        rng.shuffle(indices)
    i = random_part(rng, t, len(indices) + 1)
    return ".%s(%s, %d)[%d]" % (name, tuple_text(indices), d, i), lambda x: x.tensor_split(indices, d)[i]


def random_hvdsplit(rng, t):
    """PyTorch's hsplit, vsplit and dsplit (NumPy's): equal sections or indices."""
    name = rng.choice(["hsplit", "vsplit", "dsplit"])
    axis = {"hsplit": 1 if t.dim() > 1 else 0, "vsplit": 0, "dsplit": 2}[name]
    n = t.shape[axis] if axis < t.dim() else 2
    if rng.random() < 0.5:
        divisors = [k for k in range(1, n + 1) if n % k == 0] or [1, 2]
        sections = rng.choice(divisors) if rng.random() < 0.9 else rng.randint(1, n + 2)
        i = random_part(rng, t, sections)
        return ".%s(%d)[%d]" % (name, sections, i), lambda x: getattr(torch, name)(x, sections)[i]
    indices = sorted(rng.randint(-n - 1, n + 1) for _ in range(rng.randint(1, 3)))
    i = random_part(rng, t, len(indices) + 1)
    return ".%s(%s)[%d]" % (name, tuple_text(indices), i), lambda x: getattr(torch, name)(x, indices)[i]


def random_t(rng, t):
    return ".t()", lambda x: x.t()


CALLS = [(random_slice, 4), (random_permute, 1), (random_transpose, 1), (random_unsqueeze, 1),
         (random_squeeze, 1), (random_view, 1), (random_unfold, 1), (random_as_strided, 4),
         (random_narrow, 2), (random_select, 2), (random_expand, 2), (random_flatten, 2), (random_movedim, 2), (random_unflatten, 2),
         (random_swap, 1), (random_moveaxis, 1), (random_attribute, 2), (random_split, 2), (random_chunk, 2), (random_unbind, 2),
         (random_tensor_split, 2), (random_hvdsplit, 2), (random_t, 1)]


def record(out, chain, error, failed_at):
    if error is not None:
        out.write("error\t-\t%s\t%d\t%s\n" % (chain.text, failed_at, error))
        return
    t = chain.tensor
    ints = lambda values: " ".join(str(int(v)) for v in values)
    out.write("ok\t-\t%s\t%s\t%s\t%d\t%s\n" % (chain.text, ints(t.shape), ints(t.stride()), t.storage_offset(),
                                               ints(t.reshape(-1).tolist())))


def fixed_cases():
    """The cases of the issue that asked for storage-wide as_strided, present every time."""
    a = torch.arange
    return [
        ("contiguous(1000)[:2].as_strided((2,), (50,))", lambda: a(1000)[:2].as_strided((2,), (50,))),
        ("contiguous(1000)[100:102].as_strided((2,), (10,))", lambda: a(1000)[100:102].as_strided((2,), (10,))),
        ("contiguous(1000)[100:102].as_strided((2,), (10,), 0)", lambda: a(1000)[100:102].as_strided((2,), (10,), 0)),
        ("contiguous(1000)[10:100][5:10].as_strided((2,), (20,))", lambda: a(1000)[10:100][5:10].as_strided((2,), (20,))),
        ("contiguous(1000)[:2].as_strided((2,), (999,), 0)", lambda: a(1000)[:2].as_strided((2,), (999,), 0)),
        ("contiguous(1000)[:2].as_strided((2,), (1000,), 0)", lambda: a(1000)[:2].as_strided((2,), (1000,), 0)),
        ("contiguous(3)[2:].as_strided((1,), (1,), 0)", lambda: a(3)[2:].as_strided((1,), (1,), 0)),
        ("contiguous(3)[2:].as_strided((1,), (1,), 3)", lambda: a(3)[2:].as_strided((1,), (1,), 3)),
        ("contiguous(4, 5)[1:3, 2:].as_strided((2, 2), (5, 1), 13)", lambda: a(20).reshape(4, 5)[1:3, 2:].as_strided((2, 2), (5, 1), 13)),
        ("contiguous(4, 5)[1:3, 2:].as_strided((2, 2), (5, 1), 14)", lambda: a(20).reshape(4, 5)[1:3, 2:].as_strided((2, 2), (5, 1), 14)),
        ("contiguous(6)[1:3].as_strided((2,), (3,), 2).as_strided((3,), (2,), 0)",
         lambda: a(6)[1:3].as_strided((2,), (3,), 2).as_strided((3,), (2,), 0)),
        ("contiguous(()).squeeze(0)", lambda: torch.tensor(0).squeeze(0)),
        ("contiguous(()).squeeze(-1)", lambda: torch.tensor(0).squeeze(-1)),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=20261123)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        out.write("# strider differential cases: torch %s, seed %d\n" % (torch.__version__, args.seed))
        fixed = fixed_cases()
        for text, run in fixed:
            try:
                record(out, Chain(run(), text), None, None)
            except REFUSED as error:
                record(out, Chain(None, text), "%s: %s" % (type(error).__name__, " ".join(str(error).split())), text.count(".") + text.count("["))
        for _ in range(args.cases - len(fixed)):
            chain = make_base(rng)
            error, failed_at, calls = None, None, 0
            for _ in range(rng.randint(1, 5)):
                functions, weights = zip(*CALLS)
                for _ in range(30):
                    f = rng.choices(functions, weights)[0]
                    call = f(rng, chain) if f is random_as_strided else f(rng, chain.tensor)
                    if call is None:
                        continue
                    try:
                        result = call[1](chain.tensor)
                    except REFUSED as e:
                        error, failed_at = "%s: %s" % (type(e).__name__, " ".join(str(e).split())), calls + 1
                        chain.text += call[0]
                        break
                    if result.dim() > MAX_RANK or result.numel() > MAX_SIZE:
                        continue
                    chain.tensor = result
                    chain.text += call[0]
                    calls += 1
                    break
                if error is not None:
                    break
            record(out, chain, error, failed_at)


if __name__ == "__main__":
    sys.exit(main())
