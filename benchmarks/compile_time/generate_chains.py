#!/usr/bin/python3
"""Writes a C++ translation unit with N distinct static view chains, for the compile-cost benchmark.

Each chain k is
    L = contiguous<A, B, C, D>                 (distinct extents per chain)
    P = permute_t<L, perm>                     (one of three permutations, see PERMS)
    S = slice_t<P, "1::2, ...">                (a stepped slice of the leading axis)
    V = view_t<S, s0, s1, -1>                  (merges the trailing axes: a view exists)
    R = reshape_t<S, -1>                       (flat: no view exists, so this is the copy's layout)
plus static_asserts of a few offsets and properties. The expected values come from NumPy (a view
of arange(n) holds its own storage offsets), never from strider's formulas.

With --chain tiling, each chain k is instead a kernel's tiling of an image-like layout:
    L = contiguous<H, W, C>                    (extents and tiles vary from chain to chain)
    T = tile_t<L, TH, TW, C>                   (tiles of TH x TW pixels)
    R = rearrange_t<L, "(h p) (w q) c -> h w p (q c)", "p=TH, q=TW">
    X = composition_t<L, layout<shape<TH, TW>, strides<W * C, C>>>   (channel 0 of the first tile)
plus static_asserts of an offset of each and of the tile rank, the values again from NumPy.

With --chain mixed, each chain k is the view chain's first three layouts over a run-time batch, and
two more operations that mixed layouts take (the chain predates their view and reshape; kept as it
was, so that its figures compare across sessions):
    L = contiguous<dyn, B, C, D>               (the leading extent known only at run time)
    P = permute_t<L, perm>;  S = slice_t<P, "1::2, ...">;  F = flip_t<S, -1>;  N = narrow_t<F, -1, 0, 1>
plus static_asserts of S's and N's static entries (from NumPy on an array of the same strides).
--chain mixed-static is the same chain with the leading extent static: the cost to compare with.

With --chain thread_value, each chain k (k < 20: the distinct ways below) splits a 64 x 64 tile
among 256 threads of 16 values (the thread-value issue's budget: at most 10 view chains):
    TV = thread_value_t<Threads, contiguous<64 / T0, 64 / T1>[, interleaved]>
         (Threads = contiguous<T0, T1> or column_major<T0, T1>, T0 * T1 = 256)
    P  = partition_t<layout<shape<64, 64>, strides<64 + k, 1>>, TV>
plus static_asserts of one element and one partition offset, from the definition (thread t is
its offset in Threads; blocked: coordinate thread * values + value per axis).

With --chain access, each chain k (k < 20) is the access certificate of chain k's thread-value
layout reading a 64 x 64 tile of floats whose rows are padded by k (<strider/access.hpp>; the
access issue's budget: at most 20 view chains):
    A = access_t<layout<shape<64, 64>, strides<64 + k, 1>>, TV, 4>
plus static_asserts of what holds for any vector width: 8 warps of 4096 / 256 = 16 values make
128 / W instructions, and every instruction's 32 x 4W bytes need 4W sectors: 512 in all.

Usage: generate_chains.py [--chain view|tiling|mixed|mixed-static|thread_value|access] N OUTPUT.cpp
"""
import sys

import numpy as np

# Permutations that keep two input axes adjacent and in order in result axes 2 and 3, so that
# view_t can merge them after the stepped slice of the leading axis.
PERMS = [(1, 0, 2, 3), (2, 3, 0, 1), (3, 0, 1, 2)]


def extents(k):
    # Distinct for k < 1000: the three digits of k pick three of the extents.
    return (2 + k % 10, 3 + (k // 10) % 10, 2 + (k // 100) % 10, 2 + k % 3)


def chain(k):
    a, b, c, d = extents(k)
    perm = PERMS[k % len(PERMS)]
    base = np.arange(a * b * c * d).reshape(a, b, c, d)
    p = base.transpose(perm)
    s = p[1::2]
    v = s.reshape(s.shape[0], s.shape[1], -1)
    assert np.shares_memory(v, base), "the chain must stay a view"
    flat_copies = not np.shares_memory(s.reshape(-1), base)
    ns = f"c{k}"
    lines = [f"namespace {ns} {{"]
    lines.append(f"using L = contiguous<{a}, {b}, {c}, {d}>;")
    lines.append(f"using P = permute_t<L, {', '.join(map(str, perm))}>;")
    lines.append('using S = slice_t<P, "1::2, ...">;')
    lines.append(f"using V = view_t<S, {v.shape[0]}, {v.shape[1]}, -1>;")
    lines.append("using R = reshape_t<S, -1>;")
    # Offsets: the last element of each, and one in the middle, read from NumPy.
    last_s = tuple(n - 1 for n in s.shape)
    mid_v = tuple(n // 2 for n in v.shape)
    lines.append(f"static_assert(S{{}}({', '.join(map(str, last_s))}) == {s[last_s]});")
    lines.append(f"static_assert(V{{}}({', '.join(map(str, mid_v))}) == {v[mid_v]});")
    lines.append(f"static_assert(V::size == {v.size} && V::max_offset == {v.max()} && V::min_offset == {v.min()});")
    lines.append(f"static_assert(R::rank == 1 && R::size == {s.size});")
    lines.append(f"static_assert(reshape_copies<S, -1> == {'true' if flat_copies else 'false'});")
    contiguous = "true" if s.flags["C_CONTIGUOUS"] else "false"
    lines.append(f"static_assert(S::is_contiguous == {contiguous} && S::is_unique);")
    lines.append(f"}}  // namespace {ns}")
    return "\n".join(lines)


def tiling_chain(k):
    th, tw = (2, 4, 8)[k % 3], (2, 4)[(k // 3) % 2]
    h, w, c = th * (1 + k % 7), tw * (1 + (k // 7) % 11), 1 + (k // 77) % 13
    base = np.arange(h * w * c).reshape(h, w, c)
    t = base.reshape(h // th, th, w // tw, tw, 1, c).transpose(0, 2, 4, 1, 3, 5)
    r = base.reshape(h // th, th, w // tw, tw, c).transpose(0, 2, 1, 3, 4).reshape(h // th, w // tw, th, tw * c)
    assert np.shares_memory(r, base), "the rearrange must stay a view"
    x = base[:th, :tw, 0]
    ns = f"t{k}"
    last_t = tuple(n - 1 for n in t.shape)
    mid_r = tuple(n // 2 for n in r.shape)
    lines = [f"namespace {ns} {{", f"using L = contiguous<{h}, {w}, {c}>;", f"using T = tile_t<L, {th}, {tw}, {c}>;",
             f'using R = rearrange_t<L, "(h p) (w q) c -> h w p (q c)", "p={th}, q={tw}">;',
             f"using X = composition_t<L, layout<shape<{th}, {tw}>, strides<{w * c}, {c}>>>;",
             f"static_assert(T{{}}({', '.join(map(str, last_t))}) == {t[last_t]} && T::tile_rank == 3);",
             f"static_assert(R{{}}({', '.join(map(str, mid_r))}) == {r[mid_r]});",
             f"static_assert(X{{}}({th - 1}, {tw - 1}) == {x[th - 1, tw - 1]});",
             f"}}  // namespace {ns}"]
    return "\n".join(lines)


def mixed_chain(k, batch_static=False):
    a, b, c, d = extents(k)
    perm = PERMS[k % len(PERMS)]
    base = np.arange(a * b * c * d).reshape(a, b, c, d)
    p = base.transpose(perm)
    s = p[1::2]
    f = s[..., ::-1]
    nr = f[..., 0:1]
    item = base.itemsize
    # The run-time axis of P (axis 0 of L) and its extent in the static entries.
    dyn_axis = perm.index(0)
    def entries(x, rank_axis):
        shape = [str(n) for n in x.shape]
        if not batch_static:
            shape[rank_axis] = "dyn"
        strides = [str(t // item) for t in x.strides]
        offset = (x.__array_interface__["data"][0] - base.__array_interface__["data"][0]) // item
        return ", ".join(shape), ", ".join(strides), offset
    ns = f"m{k}"
    lead = str(a) if batch_static else "dyn"
    ss, st, so = entries(s, dyn_axis - 0)  # the stepped slice is of P's axis 0, never the run-time one
    ns_, nt, no = entries(nr, dyn_axis)
    member = "" if not batch_static else "_v"
    lines = [f"namespace {ns} {{", f"using L = contiguous<{lead}, {b}, {c}, {d}>;",
             f"using P = permute_t<L, {', '.join(map(str, perm))}>;", 'using S = slice_t<P, "1::2, ...">;',
             "using F = flip_t<S, -1>;", "using N = narrow_t<F, -1, 0, 1>;"]
    if batch_static:
        lines.append(f"static_assert(static_shape_v<S> == std::array<index_t, 4>{{{ss}}} && static_strides_v<S> == std::array<index_t, 4>{{{st}}});")
        lines.append(f"static_assert(static_offset_v<N> == {no} && static_strides_v<N> == std::array<index_t, 4>{{{nt}}});")
    else:
        lines.append(f"static_assert(S::static_shape == std::array<index_t, 4>{{{ss}}} && S::static_strides == std::array<index_t, 4>{{{st}}});")
        lines.append(f"static_assert(N::static_offset == {no} && N::static_strides == std::array<index_t, 4>{{{nt}}});")
    lines.append(f"}}  // namespace {ns}")
    return "\n".join(lines)


def thread_value_chain(k):
    if k >= 20:
        sys.exit("--chain thread_value has 20 distinct chains")
    t0 = [4, 8, 16, 32, 64][k % 5]
    t1 = 256 // t0
    v0, v1 = 64 // t0, 64 // t1
    column_major = (k // 5) % 2 == 1
    interleaved = (k // 10) % 2 == 1
    ld = 64 + k
    t, v = 37, 5
    i, j = (t % t0, t // t0) if column_major else (t // t1, t % t1)
    a, b = v // v1, v % v1
    r, c = (a * t0 + i, b * t1 + j) if interleaved else (i * v0 + a, j * v1 + b)
    threads = f"{'column_major' if column_major else 'contiguous'}<{t0}, {t1}>"
    arrangement = ", interleaved" if interleaved else ""
    return "\n".join([f"namespace tv{k} {{",
                      f"using TV = thread_value_t<{threads}, contiguous<{v0}, {v1}>{arrangement}>;",
                      f"using Tile = layout<shape<64, 64>, strides<{ld}, 1>>;",
                      "using P = partition_t<Tile, TV>;",
                      f"static_assert(TV::element({t}, {v}) == {r * 64 + c});",
                      f"static_assert(partition(Tile{{}}, TV{{}}, {t})({a}, {b}) == {r * ld + c});",
                      f"}}  // namespace tv{k}"])


def access_chain(k):
    tv = thread_value_chain(k).splitlines()[1]  # the chain's `using TV = ...;`
    return "\n".join([f"namespace access{k} {{", tv,
                      f"using A = access_t<layout<shape<64, 64>, strides<{64 + k}, 1>>, TV, 4>;",
                      "static_assert(A::instructions * A::vector_width == 128 && A::ideal_sectors == 512);",
                      f"}}  // namespace access{k}"])


def main():
    args = sys.argv[1:]
    make = chain
    if len(args) == 4 and args[0] == "--chain" and args[1] in ("view", "tiling", "mixed", "mixed-static", "thread_value", "access"):
        make = {"view": chain, "tiling": tiling_chain, "mixed": mixed_chain,
                "mixed-static": lambda k: mixed_chain(k, batch_static=True), "thread_value": thread_value_chain, "access": access_chain}[args[1]]
        args = args[2:]
    if len(args) != 2:
        sys.exit(__doc__)
    sys.argv = [sys.argv[0]] + args
    n = int(sys.argv[1])
    if not 0 < n <= 1000:
        sys.exit("N must be in [1, 1000] (the extents are distinct only that far)")
    out = ["// Generated by generate_chains.py: " + str(n) + " static view chains.",
           "#include <strider/access.hpp>" if make is access_chain else "#include <strider/static.hpp>", "", "namespace {", "using namespace strider;"]
    out += [make(k) for k in range(n)]
    out += ["}  // namespace", ""]
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
