#!/usr/bin/python3
"""NumPy's answers for random chains of layout operations, for strider's differential test.

Every chain starts from a view of `np.arange(span)`, so the values of each resulting view ARE
its storage offsets: the offset table comes from NumPy itself, and so do the shape, the strides
(`.strides // itemsize`) and the storage offset (the data pointer, from `__array_interface__`).
Chains are written in strider's expression language; the C++ driver evaluates the same text
with strider::evaluate and compares.

Output, one case per line, tab-separated:
    ok     FLAGS  EXPRESSION  SHAPE  STRIDES  OFFSET  TABLE      (lists space-separated)
    error  FLAGS  EXPRESSION  OP     MESSAGE                     (OP: 0 = base, 1 = first call)
FLAGS: "-" or letters, each a documented difference between NumPy and PyTorch, where strider
follows PyTorch:
    S  strides are compared only on axes with extent > 1, and not at all for an empty result.
       The chain used view, reshape or unsqueeze (NumPy's reshape and PyTorch's computeStride
       choose different strides for extent-1 axes). Such strides never move a storage offset,
       but an empty result can carry them onto a longer axis (unfold(d, 0, 1)).
    E  neither strides nor offset are compared: unsqueeze of an empty array, where NumPy's
       expand_dims (a reshape) recomputes C strides and PyTorch keeps the input's.
A chain stops after E (the offsets differ from there on). Everything else is NumPy's to the
letter: broadcast_to's stride 0 on every axis of extent 1, the offset of an empty diagonal at the
matrix's edge, and empty views whose offset lies before the storage.
"""

import argparse
import random
import sys

import numpy as np

ITEM = np.dtype(np.int64).itemsize
MAX_RANK = 8          # strider's max_rank; NumPy allows 32, so longer results are not generated
MAX_SIZE = 512        # keep offset tables small
REFUSED = (ValueError, IndexError, TypeError, AttributeError)  # np.AxisError is a ValueError


def pointer(a):
    return a.__array_interface__["data"][0]


class Chain:
    """A NumPy view of `storage`, with the expression text that names it in strider.

    `storage_size` is the number of storage elements strider's layout knows (its storage_size):
    the required span of the base, which NumPy's buffer matches except for an empty base, where
    NumPy's buffer keeps one element that strider's layout does not claim."""

    def __init__(self, storage, array, text, storage_size):
        self.storage = storage
        self.array = array
        self.text = text
        self.storage_size = storage_size
        self.flags = set()

    def offset(self):
        return (pointer(self.array) - pointer(self.storage)) // ITEM

    def span(self):
        # Storage elements the view reaches from offset 0, as strider's required_span.
        return 0 if self.array.size == 0 else int(self.array.max()) + 1


def tuple_text(values, rng):
    if len(values) == 1 and rng.random() < 0.5:
        return "(%d,)" % values[0]
    return "(" + ", ".join(str(v) for v in values) + ")"


def list_text(values, rng):
    """Arguments written as several integers or as one tuple, both forms strider accepts."""
    if values and rng.random() < 0.6:
        return "(" + ", ".join(str(v) for v in values) + ")"
    return "(" + tuple_text(values, rng) + ")"


# --- bases ---------------------------------------------------------------------------------

def random_shape(rng, rank):
    shape = []
    for _ in range(rank):
        r = rng.random()
        shape.append(0 if r < 0.03 else 1 if r < 0.22 else rng.randint(2, 4))
    while int(np.prod(shape)) > 256:
        shape[shape.index(max(shape))] -= 1
    return shape


def make_base(rng):
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6])
    shape = random_shape(rng, rank)
    kind = rng.random()
    size = int(np.prod(shape))
    if kind < 0.65:
        order = "C" if kind < 0.4 else "F"
        name = "contiguous" if order == "C" else "column_major"
        storage = np.arange(max(size, 1), dtype=np.int64)
        # NumPy's own stride rule for a fresh array of this shape and order.
        array = np.ndarray(shape, dtype=np.int64, buffer=storage, order=order)
        return Chain(storage, array, name + list_text(shape, rng), size)
    # layout((shape), (strides), offset): any strides, overlapping or not, some negative.
    strides = [rng.randint(-6, 6) for _ in range(rank)]
    low = sum((n - 1) * s for n, s in zip(shape, strides) if s < 0 and n > 0) if size else 0
    high = sum((n - 1) * s for n, s in zip(shape, strides) if s > 0 and n > 0) if size else 0
    offset = -low + rng.randint(0, 3)
    storage = np.arange(max(offset + high + 1, 1), dtype=np.int64)
    array = np.lib.stride_tricks.as_strided(storage[offset:], shape, [s * ITEM for s in strides])
    text = "layout(%s, %s" % (tuple_text(shape, rng), tuple_text(strides, rng))
    text += ", %d)" % offset if offset or rng.random() < 0.5 else ")"
    return Chain(storage, array, text, offset + high + 1 if size else 0)


# --- calls: each is (name, text, function of the NumPy array) ------------------------------

def call_slice(texts, items, sep=", "):
    def run(x):
        index = tuple(items)
        if Ellipsis not in index:
            index += (Ellipsis,)  # keeps an all-integer index a 0-d view instead of a scalar
        return x[index]
    return "slice", "[" + sep.join(texts) + "]", run


def call_permute(axes, text):
    return "permute", ".permute" + text, lambda x: np.transpose(x, axes)


def call_transpose(i, j):
    return "transpose", ".transpose(%d, %d)" % (i, j), lambda x: np.swapaxes(x, i, j)


def call_flip(axes, text):
    if axes is None:
        # NumPy flips a 0-d array into its element, a scalar; its layout is unchanged.
        return "flip", ".flip()", lambda x: x if x.ndim == 0 else np.flip(x)
    return "flip", ".flip" + text, lambda x: np.flip(x, tuple(axes))


def call_broadcast_to(shape, text):
    return "broadcast_to", ".broadcast_to" + text, lambda x: np.broadcast_to(x, shape)


def call_view(shape, text):
    def run(x):
        # NumPy's no-copy reshape: setting .shape raises when a copy would be needed.
        y = x.view()
        y.shape = shape
        return y
    return "view", ".view" + text, run


def call_reshape(shape, text):
    return "reshape", ".reshape" + text, lambda x: np.reshape(x, shape)


def call_squeeze(axes, text):
    if axes is None:
        return "squeeze", ".squeeze()", np.squeeze
    # One axis as an int: NumPy accepts axis 0 or -1 of a 0-d array only in that form, as
    # PyTorch's squeeze(dim) does; strider's squeeze(axes) accepts it either way.
    return "squeeze", ".squeeze" + text, lambda x: np.squeeze(x, axes[0] if len(axes) == 1 else tuple(axes))


def call_unsqueeze(axis):
    return "unsqueeze", ".unsqueeze(%d)" % axis, lambda x: np.expand_dims(x, axis)


def call_diagonal(*args):
    return "diagonal", ".diagonal(%s)" % ", ".join(str(v) for v in args), lambda x: np.diagonal(x, *args)


def call_unfold(dim, size, step):
    def run(x):
        # PyTorch's unfold as sliding windows plus a step. PyTorch requires step > 0 (a NumPy
        # step slice would also accept negative steps) and unfolds a 0-d tensor (dim 0 or -1)
        # into the single window of `size` elements.
        if step <= 0:
            raise ValueError("unfold: step must be positive")
        if x.ndim == 0:
            if dim not in (0, -1):
                raise IndexError("unfold: dimension out of range")
            return np.lib.stride_tricks.sliding_window_view(x.reshape(1), size)[0]
        w = np.lib.stride_tricks.sliding_window_view(x, size, axis=dim)
        return w[(slice(None),) * (dim % x.ndim) + (slice(None, None, step),)]
    return "unfold", ".unfold(%d, %d, %d)" % (dim, size, step), run


def strided_array(storage, shape, strides, offset):
    """The array at element `offset` of `storage` with these strides (in elements), NumPy's
    unchecked as_strided from a pointer that may lie past the end (for an empty result)."""
    class Interface:
        pass
    interface = Interface()
    interface.__array_interface__ = {"version": 3, "typestr": storage.dtype.str, "shape": tuple(shape),
                                     "strides": tuple(s * ITEM for s in strides),
                                     "data": (pointer(storage) + offset * ITEM, False)}
    interface.base = storage  # keeps the storage alive
    return np.asarray(interface)


def call_as_strided(storage, storage_size, shape, strides, offset, text):
    """PyTorch's as_strided addresses the storage from its start, as NumPy's does on `storage`;
    then the bounds check of NumPy's checked as_strided: a non-empty result must lie in the
    first `storage_size` elements of the storage the chain was cut from."""
    def run(x):
        if offset < 0:
            raise ValueError("negative storage offset")
        result = strided_array(storage, shape, strides, offset)
        if result.size == 0:
            return result
        low, high = np.byte_bounds(storage[:storage_size]) if storage_size else (0, 0)
        reach_low, reach_high = np.byte_bounds(result)
        if storage_size == 0 or reach_low < low or reach_high > high:
            raise ValueError("as_strided: outside the base array's memory")
        return result
    return "as_strided", text, run


# --- random calls ------------------------------------------------------------------------

def axis_value(rng, rank, extra=1):
    """An axis for `rank`, out of range by up to `extra` (a rank-0 layout has no valid axis)."""
    if rank == 0 and extra == 0:
        return rng.choice([0, -1])
    return rng.randint(-rank - extra, rank - 1 + extra)


def maybe_bad(rng, p=0.08):
    return 1 if rng.random() < p else 0


def random_slice(rng, a):
    rank = a.ndim
    consumed = rng.randint(0, rank) + maybe_bad(rng, 0.05)  # sometimes too many indices
    items, texts = [], []
    for d in range(consumed):
        n = a.shape[d] if d < rank else 3
        if rng.random() < 0.3:
            bad = 1 if n == 0 else maybe_bad(rng, 0.1)      # an empty axis has no valid index
            i = rng.randint(-n - bad, n - 1 + bad)  # out of range at either end, sometimes
            items.append(i)
            texts.append(str(i))
            continue
        def bound():
            return None if rng.random() < 0.4 else rng.randint(-n - 3, n + 3)
        for _ in range(4):  # mostly non-empty: empty results check little
            start, stop = bound(), bound()
            step = rng.choice([None, None, None, 1, 2, 3, -1, -1, -2, -3])
            if len(range(*slice(start, stop, step).indices(n))) > 0 or rng.random() < 0.08:
                break
        items.append(slice(start, stop, step))
        t = ("" if start is None else str(start)) + ":" + ("" if stop is None else str(stop))
        if step is not None:
            t += ":" + str(step)
        elif rng.random() < 0.2:
            t += ":"
        texts.append(t)
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2])):  # new axes anywhere
        at = rng.randint(0, len(items))
        items.insert(at, None)
        texts.insert(at, rng.choice(["None", "None", "newaxis", "np.newaxis"]))
    if rng.random() < 0.25 or not items:
        at = rng.randint(0, len(items))
        items.insert(at, Ellipsis)
        texts.insert(at, "...")
        if rng.random() < 0.05:
            items.append(Ellipsis)  # two ellipses
            texts.append("...")
    return call_slice(texts, items, rng.choice([", ", ",", " , "]))


def random_permute(rng, a):
    axes = list(range(a.ndim))
    rng.shuffle(axes)
    axes = [x - a.ndim if rng.random() < 0.3 else x for x in axes]
    r = rng.random()
    if r < 0.05 and axes:
        axes[rng.randrange(len(axes))] = axes[0]            # repeated
    elif r < 0.08:
        axes.append(a.ndim)                                 # one too many
    elif r < 0.11 and axes:
        axes[rng.randrange(len(axes))] = a.ndim + 1         # out of range
    return call_permute(axes, list_text(axes, rng))


def random_transpose(rng, a):
    return call_transpose(axis_value(rng, a.ndim, maybe_bad(rng, 0.04)), axis_value(rng, a.ndim, maybe_bad(rng, 0.04)))


def random_flip(rng, a):
    if rng.random() < 0.3:
        return call_flip(None, "")
    axes = rng.sample(range(a.ndim), rng.randint(1, a.ndim)) if a.ndim else [0]
    axes = [x - a.ndim if rng.random() < 0.3 else x for x in axes]
    if rng.random() < 0.05:
        axes.append(axes[0])                                # repeated
    elif rng.random() < 0.05:
        axes.append(a.ndim)                                 # out of range
    return call_flip(axes, list_text(axes, rng))


def random_broadcast_to(rng, a):
    shape = [rng.choice([0, 1, 2, 2, 3, 3, 4]) if n == 1 and rng.random() < 0.7 else n for n in a.shape]
    shape = [rng.choice([1, 2, 2, 3, 3, 0]) for _ in range(rng.choice([0, 0, 1, 1, 2]))] + shape
    if rng.random() < 0.06 and shape:
        shape[rng.randrange(len(shape))] += 1               # incompatible (unless it was 1)
    if rng.random() < 0.03:
        shape = shape[1:]                                   # rank too small
    return call_broadcast_to(shape, list_text(shape, rng))


def factor_shape(rng, size):
    """A random shape with `size` elements, sometimes with one extent -1, sometimes wrong."""
    rank = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
    if size != 1 and rank == 0:
        rank = 1
    shape = [1] * rank
    if size == 0:
        shape = [rng.randint(0, 3) for _ in range(rank)]
        shape[rng.randrange(rank)] = 0
    else:
        n, p = size, 2
        while n > 1:  # spread the prime factors over the axes
            while n % p == 0:
                shape[rng.randrange(rank)] *= p
                n //= p
            p += 1
    if rank and rng.random() < 0.35:
        shape[rng.randrange(rank)] = -1
    r = rng.random()
    if r < 0.05:
        shape.append(2)                                     # wrong count (or fine, for size 0)
    elif r < 0.07 and rank >= 2:
        shape[0] = shape[1] = -1                            # two -1
    return shape


def random_view(rng, a):
    shape = factor_shape(rng, a.size)
    return call_view(shape, "()" if not shape and rng.random() < 0.5 else list_text(shape, rng))


def random_reshape(rng, a):
    shape = factor_shape(rng, a.size)
    return call_reshape(shape, list_text(shape, rng))


def random_squeeze(rng, a):
    ones = [d for d in range(a.ndim) if a.shape[d] == 1]
    if rng.random() < 0.4 or (not ones and rng.random() < 0.8):
        return call_squeeze(None, "")
    if ones and rng.random() < 0.9:
        axes = rng.sample(ones, rng.randint(1, len(ones)))
    else:
        axes = [axis_value(rng, a.ndim)]
    axes = [x - a.ndim if x >= 0 and rng.random() < 0.3 else x for x in axes]
    return call_squeeze(axes, list_text(axes, rng))


def random_unsqueeze(rng, a):
    return call_unsqueeze(rng.randint(-a.ndim - 1 - maybe_bad(rng, 0.05), a.ndim + maybe_bad(rng, 0.05)))


def random_diagonal(rng, a):
    if a.ndim < 2 and rng.random() < 0.85:
        return None                                         # mostly on matrices and up
    n = max(a.shape) if a.ndim else 2
    off = rng.randint(-n - 2, n + 2) if rng.random() < 0.2 else rng.randint(-1, 1)  # beyond the matrix, sometimes
    r = rng.random()
    if r < 0.2:
        return call_diagonal()
    if r < 0.4:
        return call_diagonal(off)
    if a.ndim >= 2 and rng.random() < 0.9:
        i, j = rng.sample(range(a.ndim), 2)
        return call_diagonal(off, i - a.ndim if rng.random() < 0.3 else i, j - a.ndim if rng.random() < 0.3 else j)
    return call_diagonal(off, axis_value(rng, a.ndim, maybe_bad(rng)), axis_value(rng, a.ndim, maybe_bad(rng)))


def random_unfold(rng, a):
    if a.ndim == 0:
        dim, n = rng.choice([0, -1, 0, -1, 1]), 1
    else:
        dim = axis_value(rng, a.ndim, maybe_bad(rng, 0.07))
        n = a.shape[dim] if -a.ndim <= dim < a.ndim else 2
    size = -1 if rng.random() < 0.03 else 0 if rng.random() < 0.08 else rng.randint(min(1, n), n + maybe_bad(rng, 0.1))
    step = rng.choice([1, 1, 2, 3]) if rng.random() > 0.05 else rng.choice([0, -1])
    return call_unfold(dim, size, step)


def random_as_strided(rng, chain):
    # Anywhere in the storage the chain was cut from, not only where the view reaches; about one
    # request in six reaches past it (refused).
    size = chain.storage_size
    outside = rng.random() < 0.15
    for _ in range(20):
        shape = [rng.choice([0, 1, 2, 2, 3, 3, 4]) for _ in range(rng.randint(0, 3))]
        if size == 0 and 0 not in shape and not outside:
            shape = [0] + shape[:2]
        strides = [rng.randint(-3, 3) * rng.choice([1, 1, 1, 5]) for _ in shape]
        empty = int(np.prod(shape)) == 0
        low = 0 if empty else sum((n - 1) * s for n, s in zip(shape, strides) if s < 0)
        high = 0 if empty else sum((n - 1) * s for n, s in zip(shape, strides) if s > 0)
        if outside and not empty:
            offset = rng.choice([-low + size - high + rng.randint(0, 2), rng.randint(-2, -1)])
        elif empty:
            offset = rng.randint(0, size + 3)
        elif -low <= size - 1 - high:
            offset = rng.randint(-low, size - 1 - high)
        else:
            continue
        # PyTorch's default, the input's offset, where that offset is compared: not that of an
        # empty view after S (strides of extent-1 axes, which S leaves open, move it: an empty
        # diagonal starts at the matrix's edge).
        offset_certain = "E" not in chain.flags and not ("S" in chain.flags and chain.array.size == 0)
        if offset == chain.offset() and rng.random() < 0.5 and offset_certain:
            text = ".as_strided(%s, %s)" % (tuple_text(shape, rng), tuple_text(strides, rng))
        else:
            text = ".as_strided(%s, %s, %d)" % (tuple_text(shape, rng), tuple_text(strides, rng), offset)
        return call_as_strided(chain.storage, size, shape, strides, offset, text)
    return None


def random_moveaxis(rng, a):
    count = rng.randint(1, max(a.ndim, 1))
    source = [axis_value(rng, a.ndim, maybe_bad(rng, 0.04)) for _ in range(count)]
    destination = [axis_value(rng, a.ndim, maybe_bad(rng, 0.04)) for _ in range(count)]
    if a.ndim > 0 and rng.random() < 0.7:  # mostly distinct axes, as a valid call has
        source = [x - a.ndim if rng.random() < 0.3 else x for x in rng.sample(range(a.ndim), count)]
        destination = [x - a.ndim if rng.random() < 0.3 else x for x in rng.sample(range(a.ndim), count)]
    if count == 1 and rng.random() < 0.5:
        return "moveaxis", ".moveaxis(%d, %d)" % (source[0], destination[0]), lambda x: np.moveaxis(x, source[0], destination[0])
    return ("moveaxis", ".moveaxis(%s, %s)" % (tuple_text(source, rng), tuple_text(destination, rng)),
            lambda x: np.moveaxis(x, source, destination))


def random_swapaxes(rng, a):
    i, j = axis_value(rng, a.ndim, maybe_bad(rng, 0.04)), axis_value(rng, a.ndim, maybe_bad(rng, 0.04))
    return "swapaxes", ".swapaxes(%d, %d)" % (i, j), lambda x: np.swapaxes(x, i, j)


def random_T(rng, a):
    return "T", ".T", lambda x: x.T


def random_sliding_window_view(rng, a):
    def window(n):
        return -1 if rng.random() < 0.03 else rng.randint(0, n + maybe_bad(rng, 0.1))
    if rng.random() < 0.4:
        shape = [window(n) for n in a.shape]
        if rng.random() < 0.04:
            shape.append(1)                                   # one too many
        text = ".sliding_window_view(%s)" % tuple_text(shape, rng)
        return "sliding_window_view", text, lambda x: np.lib.stride_tricks.sliding_window_view(x, shape)
    axes = [axis_value(rng, a.ndim, maybe_bad(rng, 0.05)) for _ in range(rng.randint(1, 3))]  # repeats allowed
    shape = [window(a.shape[x] if -a.ndim <= x < a.ndim else 2) for x in axes]
    if rng.random() < 0.04:
        shape.append(1)                                       # a window without an axis
    text = ".sliding_window_view(%s, %s)" % (tuple_text(shape, rng), tuple_text(axes, rng))
    return "sliding_window_view", text, lambda x: np.lib.stride_tricks.sliding_window_view(x, shape, axis=axes)


def random_rearrange(rng, a):
    """An einops pattern over a's axes, and NumPy's answer for it: split the axes (a view), transpose,
    then merge the output groups by setting .shape, which NumPy refuses where a copy is needed."""
    letters = iter("abcdefghijklmnopqrstuvwxyz")
    left, elementary, sizes = [], [], []
    for n in a.shape:
        divisors = [d for d in range(2, n) if n % d == 0]
        if divisors and rng.random() < 0.5:
            outer, inner = next(letters), next(letters)
            d = rng.choice(divisors)
            known = outer if rng.random() < 0.5 else inner
            sizes.append("%s=%d" % (known, d))
            left.append("(%s %s)" % (outer, inner))
            elementary += [(outer, d if known == outer else n // d), (inner, d if known == inner else n // d)]
        else:
            name = next(letters)
            left.append(name)
            elementary.append((name, n))
    order = list(range(len(elementary)))
    rng.shuffle(order)
    right, final, i = [], [], 0
    while i < len(order):
        k = min(rng.randint(1, 3), len(order) - i)
        group = order[i:i + k]
        names = " ".join(elementary[j][0] for j in group)
        right.append(names if k == 1 else "(%s)" % names)
        final.append(int(np.prod([elementary[j][1] for j in group], dtype=np.int64)))
        i += k
        if rng.random() < 0.1:
            right.append("1")
            final.append(1)
    broken = rng.random() < 0.05 and elementary
    if broken:  # an axis left out of the right side: einops and strider refuse
        right = [r for r in right if r != elementary[0][0]]
    pattern = " ".join(left) + " -> " + " ".join(right)
    text = ".rearrange(\"%s\"%s)" % (pattern, "".join(", " + x for x in sizes))

    def run(x):
        if broken and elementary[0][0] not in " ".join(right).replace("(", " ").replace(")", " ").split():
            raise ValueError("axis %s is on the left only" % elementary[0][0])
        y = x.view()
        y.shape = [n for _, n in elementary]
        y = y.transpose(order)
        z = y.view()
        z.shape = final  # AttributeError where a copy would be needed
        return z
    return "rearrange", text, run


def random_rot90(rng, a):
    k = rng.randint(-5, 5)
    if rng.random() < 0.3:
        return "rot90", ".rot90(%d)" % k, lambda x: np.rot90(x, k)
    i, j = axis_value(rng, a.ndim, maybe_bad(rng, 0.05)), axis_value(rng, a.ndim, maybe_bad(rng, 0.05))
    return "rot90", ".rot90(%d, %d, %d)" % (k, i, j), lambda x: np.rot90(x, k, (i, j))


def random_rollaxis(rng, a):
    axis = axis_value(rng, a.ndim, maybe_bad(rng, 0.05))
    if rng.random() < 0.3:
        return "rollaxis", ".rollaxis(%d)" % axis, lambda x: np.rollaxis(x, axis)
    start = rng.randint(-a.ndim - maybe_bad(rng, 0.05), a.ndim + maybe_bad(rng, 0.05))
    return "rollaxis", ".rollaxis(%d, %d)" % (axis, start), lambda x: np.rollaxis(x, axis, start)


def random_expand_dims(rng, a):
    count = rng.randint(0, 3)
    out = a.ndim + count
    axes = [rng.randint(-out - maybe_bad(rng, 0.05), out - 1 + maybe_bad(rng, 0.05)) for _ in range(count)]
    if len(set(x % out for x in axes if -out <= x < out)) < len(axes) and rng.random() < 0.7:
        return None  # mostly distinct places, as a valid call has
    return "expand_dims", ".expand_dims(%s)" % tuple_text(axes, rng), lambda x: np.expand_dims(x, tuple(axes))


def random_ravel(rng, a):
    return "ravel", ".ravel()", np.ravel


def random_numpy_split(rng, a):
    """NumPy's split into equal sections (its parts at indices may be empty, where NumPy's empty
    slices sit at offset 0 and strider's parts at PyTorch's offset): split, hsplit, vsplit, dsplit."""
    name = rng.choice(["numpy_split", "hsplit", "vsplit", "dsplit"])
    axis = {"hsplit": 1 if a.ndim > 1 else 0, "vsplit": 0, "dsplit": 2}.get(name, axis_value(rng, a.ndim, maybe_bad(rng, 0.04)))
    n = a.shape[axis] if -a.ndim <= axis < a.ndim else 2
    divisors = [k for k in range(1, n + 1) if n % k == 0] or [1, 2]
    sections = rng.choice(divisors) if rng.random() < 0.9 else rng.randint(0, n + 2)
    count = sections if sections > 0 and n % sections == 0 else 1
    i = rng.randint(-count, count - 1) if rng.random() < 0.95 else count
    def run(x):
        if sections == 0:  # NumPy divides by it (ZeroDivisionError); strider refuses it
            raise ValueError("number sections must be larger than 0.")
        parts = np.split(x, sections, axis) if name == "numpy_split" else getattr(np, name)(x, sections)
        return parts[i]  # an IndexError when out of range, as strider's
    text = ".numpy_split(%d, %d)[%d]" % (sections, axis, i) if name == "numpy_split" else ".%s(%d)[%d]" % (name, sections, i)
    return name, text, run


RANDOM_CALLS = [(random_slice, 5), (random_permute, 2), (random_transpose, 2), (random_flip, 2),
                (random_broadcast_to, 2), (random_view, 2), (random_reshape, 2), (random_squeeze, 2),
                (random_unsqueeze, 2), (random_diagonal, 2), (random_unfold, 2), (random_as_strided, 1),
                (random_moveaxis, 1), (random_swapaxes, 1), (random_T, 1), (random_sliding_window_view, 2),
                (random_rearrange, 2), (random_rot90, 1), (random_rollaxis, 1), (random_expand_dims, 1), (random_ravel, 1),
                (random_numpy_split, 2)]


def apply(chain, call):
    """Runs one call on the chain; returns NumPy's refusal as text, or None."""
    name, text, run = call
    try:
        result = run(chain.array)
    except REFUSED as error:
        chain.text += text
        return "%s: %s" % (type(error).__name__, " ".join(str(error).split()))
    if name in ("reshape", "ravel") and result.size > 0 and not np.may_share_memory(result, chain.storage):
        # NumPy copied: strider's reshape then describes the copy, a C-contiguous layout at
        # offset 0 of new storage. Go on from an arange of that size, so that values stay
        # offsets (into the copy).
        chain.storage = np.arange(result.size, dtype=np.int64)
        chain.storage_size = result.size
        result = np.ndarray(result.shape, dtype=np.int64, buffer=chain.storage)
    if name == "as_strided":
        chain.flags.clear()  # every stride and the offset are given explicitly
    if name in ("view", "reshape", "unsqueeze", "rearrange", "expand_dims", "ravel"):
        chain.flags.add("S")
    if name in ("unsqueeze", "expand_dims") and result.size == 0:
        chain.flags.add("E")
    chain.array = result
    chain.text += text
    return None


def random_step(rng, chain):
    functions, weights = zip(*RANDOM_CALLS)
    for _ in range(30):
        f = rng.choices(functions, weights)[0]
        call = f(rng, chain) if f is random_as_strided else f(rng, chain.array)
        if call is None:
            continue
        # Try it on the side first: results past strider's max_rank, or too big for a small
        # offset table, are not generated.
        try:
            result = call[2](chain.array)
            if result.ndim > MAX_RANK or result.size > MAX_SIZE:
                continue
        except REFUSED:
            pass
        return apply(chain, call)
    return None


def contiguous_chain(shape, order="C"):
    storage = np.arange(max(int(np.prod(shape)), 1), dtype=np.int64)
    name = "contiguous" if order == "C" else "column_major"
    return Chain(storage, np.ndarray(shape, dtype=np.int64, buffer=storage, order=order),
                 name + "(" + ", ".join(str(n) for n in shape) + ")", int(np.prod(shape)))


def storage_case(n, slices, shape, strides, offset, text):
    """contiguous(n), sliced one index at a time, then as_strided: (base chain, calls)."""
    chain = contiguous_chain([n])
    calls = [call_slice([t], [i]) for t, i in slices]
    return chain, calls + [call_as_strided(chain.storage, n, shape, strides, offset, text)]


def fixed_cases():
    """Edge cases present every time, besides the random chains: (base chain, calls)."""
    s = lambda *texts_items: call_slice([t for t, _ in texts_items], [i for _, i in texts_items])
    return [
        (contiguous_chain([2, 3]), [call_diagonal(3)]),          # empty, NumPy moves the pointer
        (contiguous_chain([2, 3]), [call_diagonal(-2)]),
        (contiguous_chain([2, 3]), [call_diagonal(9)]),
        (contiguous_chain([2, 3]), [call_diagonal(-1, 1, 0)]),
        (contiguous_chain([0, 3]), [call_diagonal(1)]),
        (contiguous_chain([]), [call_unfold(0, 1, 1)]),
        (contiguous_chain([]), [call_unfold(-1, 0, 2)]),
        (contiguous_chain([]), [call_unfold(0, 2, 1)]),
        (contiguous_chain([6]), [call_unfold(0, 0, 4)]),
        (contiguous_chain([6]), [call_unfold(0, 2, 0)]),
        (contiguous_chain([3, 0, 2]), [call_flip(None, "")]),
        (contiguous_chain([4]), [s(("10:-10:-1", slice(10, -10, -1)))]),
        (contiguous_chain([4]), [s(("-10:10:-1", slice(-10, 10, -1)))]),
        (contiguous_chain([4]), [s(("3:1", slice(3, 1)))]),
        (contiguous_chain([2, 3, 4], "F"), [s(("...", Ellipsis), ("::-2", slice(None, None, -2)), ("None", None))]),
        (contiguous_chain([3, 4]), [call_permute([1, 0], "(1, 0)"), call_view([-1], "(-1)")]),
        (contiguous_chain([3, 4]), [call_permute([1, 0], "(1, 0)"), call_reshape([-1], "(-1)"),
                                    s(("::5", slice(None, None, 5)))]),
        (contiguous_chain([1, 3, 1]), [call_squeeze([0, 2], "(0, 2)")]),
        (contiguous_chain([3]), [call_broadcast_to([2, 0, 3], "(2, 0, 3)")]),
        (contiguous_chain([]), [call_squeeze([0], "(0)")]),
        (contiguous_chain([]), [call_squeeze([-1], "(-1)")]),
        (contiguous_chain([]), [call_squeeze([1], "(1)")]),
        (contiguous_chain([3, 4]), [call_flip([], "(())")]),
    ] + [(c, [call_transpose(0, 1), call_as_strided(c.storage, 6, [2, 2], [1, -2], 3, ".as_strided((2, 2), (1, -2), 3)")])
         for c in [contiguous_chain([2, 3])]] + [
        # as_strided reaches the storage a slice was cut from, and nothing past it.
        storage_case(1000, [(":2", slice(None, 2))], [2], [50], 0, ".as_strided((2,), (50,))"),
        storage_case(1000, [("100:102", slice(100, 102))], [2], [10], 0, ".as_strided((2,), (10,), 0)"),
        storage_case(1000, [("10:100", slice(10, 100)), ("5:10", slice(5, 10))], [2], [20], 15, ".as_strided((2,), (20,))"),
        storage_case(1000, [(":2", slice(None, 2))], [2], [999], 0, ".as_strided((2,), (999,), 0)"),
        storage_case(1000, [(":2", slice(None, 2))], [2], [1000], 0, ".as_strided((2,), (1000,), 0)"),
        storage_case(3, [("2:", slice(2, None))], [1], [1], 0, ".as_strided((1,), (1,), 0)"),
        storage_case(3, [("2:", slice(2, None))], [1], [1], 3, ".as_strided((1,), (1,), 3)"),
    ]


def record(out, chain, error, failed_at):
    flags = "".join(sorted(chain.flags)) or "-"
    if error is not None:
        out.write("error\t%s\t%s\t%d\t%s\n" % (flags, chain.text, failed_at, error))
        return
    a = chain.array
    ints = lambda values: " ".join(str(int(v)) for v in values)
    out.write("ok\t%s\t%s\t%s\t%s\t%d\t%s\n" % (flags, chain.text, ints(a.shape), ints(s // ITEM for s in a.strides),
                                                 chain.offset(), ints(a.ravel().tolist())))


def run_chain(chain, calls):
    for k, call in enumerate(calls):
        error = apply(chain, call)
        if error is not None:
            return error, k + 1
    return None, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=20240501)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w") as out:
        out.write("# strider differential cases: numpy %s, seed %d\n" % (np.__version__, args.seed))
        fixed = fixed_cases()
        for chain, calls in fixed:
            record(out, chain, *run_chain(chain, calls))
        for _ in range(args.cases - len(fixed)):
            chain = make_base(rng)
            error, failed_at = None, None
            for k in range(rng.randint(1, 5)):
                error = random_step(rng, chain)
                if error is not None:
                    failed_at = k + 1
                if error is not None or "E" in chain.flags:
                    break
            record(out, chain, error, failed_at)


if __name__ == "__main__":
    sys.exit(main())
