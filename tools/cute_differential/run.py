#!/usr/bin/python3
"""strider's algebra against CuTe's, case by case (issue 69's peer check): writes a C++ file of
random cases (layouts mirrored to CuTe's column-major modes with static Int<> entries, as CuTe's
own unit tests write them), compiles it against a CuTe checkout with g++, runs it, and prints per
operation how many cases agree as functions (every index's offset), differ, or strider refuses.
Exits 1 when any case differs. CuTe is not part of this repository: give its include folder.

Usage: tools/cute_differential/run.py --cutlass CUTLASS/include [--cuda CUDA/include]
       [--cases 150] [--seed 11] [--keep FILE.cpp]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HEAD = r"""#include <cute/layout.hpp>
#include <strider/core.hpp>
#include <cstdio>
#include <vector>
#include <map>
#include <string>
using namespace cute;
using strider::dims; using strider::dynamic_layout; using strider::index_t;
template <class L> std::vector<long> cute_offsets(const L& l) { std::vector<long> out; for (int i = 0; i < int(size(l)); ++i) out.push_back(long(l(i))); return out; }
std::vector<long> strider_offsets(const dynamic_layout& l) {
  std::vector<long> out; index_t n = l.size(); dims s = l.shape();
  for (index_t i = 0; i < n; ++i) { index_t r = i, off = l.offset(); for (std::size_t d = s.size(); d-- > 0;) { off += (r % s[d]) * l.stride(d); r /= s[d]; } out.push_back(off); }
  return out; }
std::map<std::string, int> agree, differ, refused;
template <class F, class G> void compare(const char* op, const char* in, F f, G g) {
  std::vector<long> a;
  try { a = strider_offsets(f()); } catch (const strider::layout_error& e) { refused[op]++; if (refused[op] <= 4) std::printf("REFUSE %s %s: %s\n", op, in, e.what()); return; }
  std::vector<long> b = g();
  if (a == b) agree[op]++; else { differ[op]++; if (differ[op] <= 6) { std::printf("DIFF %s %s: strider", op, in); for (long x : a) std::printf(" %ld", x); std::printf(" | cute"); for (long x : b) std::printf(" %ld", x); std::printf("\n"); } }
}
template <class F, class G> void compare_value(const char* op, const char* in, F f, G g) {
  long a; try { a = f(); } catch (const strider::layout_error& e) { refused[op]++; if (refused[op] <= 4) std::printf("REFUSE %s %s: %s\n", op, in, e.what()); return; }
  long b = g(); if (a == b) agree[op]++; else { differ[op]++; if (differ[op] <= 6) std::printf("DIFF %s %s: %ld vs %ld\n", op, in, a, b); }
}
// left_inverse is defined on L's offsets only: compared where L's elements lie (R(L(i)) in both).
template <class G> void compare_left_inverse(const char* op, const char* in, const dynamic_layout& l, G g) {
  std::vector<long> a;
  try { a = strider_offsets(strider::left_inverse(l)); } catch (const strider::layout_error& e) { refused[op]++; if (refused[op] <= 4) std::printf("REFUSE %s %s: %s\n", op, in, e.what()); return; }
  std::vector<long> b = g(), on = strider_offsets(l);
  bool same = true;
  for (long x : on) same = same && x < long(a.size()) && x < long(b.size()) && a[std::size_t(x)] == b[std::size_t(x)];
  if (same) agree[op]++; else { differ[op]++; if (differ[op] <= 6) std::printf("DIFF %s %s\n", op, in); }
}
int any_differ() { for (auto& [k, v] : differ) if (v > 0) return 1; return 0; }
void report() { std::map<std::string, int> all = agree; for (auto& [k, v] : differ) all[k]; for (auto& [k, v] : refused) all[k];
  for (auto& [k, v] : all) std::printf("%-22s agree %4d differ %4d refused %4d\n", k.c_str(), agree[k], differ[k], refused[k]); }
"""


def write_cases(count, seed):
    random.seed(seed)
    out = []
    def I(v): return f"Int<{v}>{{}}"
    def cute(shape, strides):  # strider order -> CuTe reversed
        s = list(reversed(shape)); d = list(reversed(strides))
        return f"make_layout(make_shape({', '.join(I(x) for x in s)}), make_stride({', '.join(I(x) for x in d)}))"
    def dyn(shape, strides):
        return f"dynamic_layout(dims{{{', '.join(map(str, shape))}}}, dims{{{', '.join(map(str, strides))}}})"
    def nested(rank, gap):
        shape = [random.randint(1, 4) for _ in range(rank)]
        order = list(range(rank)); random.shuffle(order)
        strides = [0] * rank; span = 1
        for d in order:
            strides[d] = span * random.randint(1, gap); span = strides[d] * shape[d]
        return shape, strides
    cases = []
    for t in range(count):
        rank = random.randint(1, 3)
        sh, st = nested(rank, random.randint(1, 3))
        # stride-0 axis sometimes
        if random.random() < 0.3 and rank < 3:
            pos = random.randint(0, rank); sh.insert(pos, random.randint(1, 3)); st.insert(pos, 0)
        desc = f"{sh}:{st}"
        c, d = cute(sh, st), dyn(sh, st)
        cases.append(f'compare("filter", "{desc}", [&] {{ return strider::filter({d}); }}, [&] {{ return cute_offsets(filter({c})); }});')
        cases.append(f'compare("complement()", "{desc}", [&] {{ return strider::complement({d}); }}, [&] {{ return cute_offsets(complement({c})); }});')
        cases.append(f'compare("coalesce", "{desc}", [&] {{ return strider::coalesce({d}); }}, [&] {{ return cute_offsets(coalesce({c})); }});')
        n = random.choice([2, 4, 8])
        ush = [random.randint(1, 4) for _ in range(rank)]
        ust = [random.choice([1, n * random.randint(1, 3), 0, max(1, n // 2), n * random.randint(1, 3)]) for _ in range(rank)]
        uc, ud = cute(ush, ust), dyn(ush, ust)
        udesc = f"{ush}:{ust} N={n}"
        cases.append(f'compare("upcast", "{udesc}", [&] {{ return strider::upcast({ud}, {n}); }}, [&] {{ return cute_offsets(upcast<{n}>({uc})); }});')
        if 1 in ust:
            cases.append(f'compare("downcast", "{udesc}", [&] {{ return strider::downcast({ud}, {n}); }}, [&] {{ return cute_offsets(downcast<{n}>({uc})); }});')
        # max common: a = permuted strides of b
        sh2, st2 = nested(rank, random.randint(1, 2))
        perm = st2[:]; random.shuffle(perm)
        if random.random() < 0.3: perm = st2[:]
        a, b = (sh2, perm), (sh2, st2)
        mdesc = f"{a} {b}"
        cases.append(f'compare_value("mcv", "{mdesc}", [&] {{ return strider::max_common_vector({dyn(*a)}, {dyn(*b)}); }}, [&] {{ return long(max_common_vector({cute(*a)}, {cute(*b)})); }});')
        cases.append(f'compare("mcl", "{mdesc}", [&] {{ return strider::max_common_layout({dyn(*a)}, {dyn(*b)}); }}, [&] {{ return cute_offsets(max_common_layout({cute(*a)}, {cute(*b)})); }});')
        ordr = [random.randint(0, 3) for _ in range(rank)]
        cases.append(f'compare("ordered", "{sh2} {ordr}", [&] {{ return strider::make_ordered_layout(dims{{{", ".join(map(str, sh2))}}}, dims{{{", ".join(map(str, ordr))}}}); }}, [&] {{ return cute_offsets(make_ordered_layout(make_shape({", ".join(I(x) for x in reversed(sh2))}), make_step({", ".join(I(x) for x in reversed(ordr))}))); }});')
        # tile_to_shape: block = nested small, target multiples
        bsh, bst = nested(rank, 1)
        tgt = [x * random.randint(1, 3) for x in bsh]
        cases.append(f'compare("tile_to_shape", "{bsh}:{bst} -> {tgt}", [&] {{ return strider::tile_to_shape({dyn(bsh, bst)}, dims{{{", ".join(map(str, tgt))}}}); }}, [&] {{ return cute_offsets(tile_to_shape({cute(bsh, bst)}, make_shape({", ".join(I(x) for x in reversed(tgt))}))); }});')
        # zipped_divide by shape
        tsh = [random.choice([x for x in range(1, s + 1) if s % x == 0]) for s in sh2]
        cases.append(f'compare("zipped_divide", "{sh2}:{st2} / {tsh}", [&] {{ return strider::zipped_divide({dyn(sh2, st2)}, dims{{{", ".join(map(str, tsh))}}}); }}, [&] {{ return cute_offsets(zipped_divide({cute(sh2, st2)}, make_shape({", ".join(I(x) for x in reversed(tsh))}))); }});')
        # tilers by mode: axis d by its own 1-D layout, a tile of every axis (contiguous or
        # strided: t elements sh/t apart), given to CuTe in its mode order (reversed)
        modes = [(t, 1) if random.random() < 0.5 else (t, s // t) for t, s in zip(tsh, sh2)]
        def tile_dyn(ms): return "strider::make_tile(" + ", ".join(dyn([k], [m]) for k, m in ms) + ")"
        def tile_cute(ms): return "make_tile(" + ", ".join(f"make_layout({I(k)}, {I(m)})" for k, m in reversed(ms)) + ")"
        tdesc = f"{sh2}:{st2} by {modes}"
        for op in ("composition", "logical_divide", "zipped_divide"):
            cases.append(f'compare("{op}_tile", "{tdesc}", [&] {{ return strider::{op}({dyn(sh2, st2)}, {tile_dyn(modes)}); }}, [&] {{ return cute_offsets({op}({cute(sh2, st2)}, {tile_cute(modes)})); }});')
        blk_sh, blk_st = nested(rank, 1)
        # a repetition count that CuTe's composition with the axis's complement accepts (a
        # divisor or a multiple of a strided axis's stride; CuTe static_asserts otherwise)
        reps = [(random.choice([1, st, 2 * st]) if st > 1 else random.randint(1, 3), 1) for st in blk_st]
        rdesc = f"{blk_sh}:{blk_st} by {reps}"
        for op in ("logical_product", "zipped_product"):
            cases.append(f'compare("{op}_tile", "{rdesc}", [&] {{ return strider::{op}({dyn(blk_sh, blk_st)}, {tile_dyn(reps)}); }}, [&] {{ return cute_offsets({op}({cute(blk_sh, blk_st)}, {tile_cute(reps)})); }});')
        cases.append(f'compare("logical_divide_shape", "{sh2}:{st2} / {tsh}", [&] {{ return strider::logical_divide({dyn(sh2, st2)}, dims{{{", ".join(map(str, tsh))}}}); }}, [&] {{ return cute_offsets(logical_divide({cute(sh2, st2)}, make_shape({", ".join(I(x) for x in reversed(tsh))}))); }});')

        # The algebra of core/algebra.hpp: complement to N, the inverses, the products. (Random
        # compositions and divides would meet CuTe's static_asserts, which end the compile; its
        # unit tests' cases are in static_tests/algebra_static_test.cpp.)
        a_sh, a_st = nested(rank, random.randint(1, 2))
        span = max([x * y for x, y in zip(a_sh, a_st) if x > 1] or [1])
        target = span * random.randint(1, 3)
        cases.append(f'compare("complement", "{a_sh}:{a_st} to {target}", [&] {{ return strider::complement({dyn(a_sh, a_st)}, {target}); }}, [&] {{ return cute_offsets(complement({cute(a_sh, a_st)}, Int<{target}>{{}})); }});')
        cases.append(f'compare("right_inverse", "{a_sh}:{a_st}", [&] {{ return strider::right_inverse({dyn(a_sh, a_st)}); }}, [&] {{ return cute_offsets(right_inverse({cute(a_sh, a_st)})); }});')
        cases.append(f'compare_left_inverse("left_inverse", "{a_sh}:{a_st}", {dyn(a_sh, a_st)}, [&] {{ return cute_offsets(left_inverse({cute(a_sh, a_st)})); }});')
        p_sh = [random.randint(1, 3) for _ in range(rank)]
        p_st = [0] * rank
        span_p = 1
        for d in reversed(range(rank)):
            p_st[d] = span_p
            span_p *= p_sh[d]
        a_sh, a_st = nested(rank, 1)  # a compact block: its complement one mode, which B composes with
        pdesc = f"{a_sh}:{a_st} x {p_sh}:{p_st}"
        cases.append(f'compare("logical_product", "{pdesc}", [&] {{ return strider::logical_product({dyn(a_sh, a_st)}, {dyn(p_sh, p_st)}); }}, [&] {{ return cute_offsets(logical_product({cute(a_sh, a_st)}, {cute(p_sh, p_st)})); }});')
        cases.append(f'compare("blocked_product", "{pdesc}", [&] {{ return strider::blocked_product({dyn(a_sh, a_st)}, {dyn(p_sh, p_st)}); }}, [&] {{ return cute_offsets(blocked_product({cute(a_sh, a_st)}, {cute(p_sh, p_st)})); }});')
        cases.append(f'compare("raked_product", "{pdesc}", [&] {{ return strider::raked_product({dyn(a_sh, a_st)}, {dyn(p_sh, p_st)}); }}, [&] {{ return cute_offsets(raked_product({cute(a_sh, a_st)}, {cute(p_sh, p_st)})); }});')
    text = [HEAD]
    chunks = [cases[i:i + 200] for i in range(0, len(cases), 200)]
    for k, chunk in enumerate(chunks):
        text.append(f"void part{k}() {{\n" + "\n".join(chunk) + "\n}")
    text.append("int main() {" + "".join(f"part{k}();" for k in range(len(chunks))) + " report(); return any_differ(); }")
    return "\n".join(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cutlass", required=True, help="CUTLASS's include folder (holds cute/)")
    parser.add_argument("--cuda", default="/usr/local/cuda/include", help="CUDA's include folder (CuTe's headers include it)")
    parser.add_argument("--cases", type=int, default=150)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--keep", help="also write the generated C++ here")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    source = write_cases(args.cases, args.seed)
    if args.keep:
        open(args.keep, "w").write(source)
    with tempfile.TemporaryDirectory() as tmp:
        cpp, exe = os.path.join(tmp, "cases.cpp"), os.path.join(tmp, "cases")
        open(cpp, "w").write(source)
        includes = ["-I" + args.cutlass, "-I" + args.cuda, "-I" + os.path.join(args.cuda, "cccl"), "-I" + os.path.join(root, "include")]
        subprocess.run(["g++", "-std=c++20", "-O0", *includes, cpp, "-o", exe], check=True)
        return subprocess.run([exe]).returncode


if __name__ == "__main__":
    sys.exit(main())
