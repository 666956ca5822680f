"""Checks `strider --format json` against NumPy for every line of expressions.txt.

NumPy is the independent reference: a view of np.arange holds its own storage offsets as values,
so the whole offset table, the extremes, the span and uniqueness come from NumPy, not from a
formula of ours. Usage: json_vs_numpy.py STRIDER. Exit status 77 (skipped) without NumPy.
"""
import json
import pathlib
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("numpy is not installed: skipped")
    sys.exit(77)

strider = sys.argv[1]
failures = 0
lines = (pathlib.Path(__file__).parent / "expressions.txt").read_text().splitlines()
for line in lines:
    if not line.strip() or line.startswith("#"):
        continue
    expression, reference = (part.strip() for part in line.split(" ## "))
    view = eval(reference, {"np": np})
    result = subprocess.run([strider, "--format", "json", expression], capture_output=True, text=True)
    if result.returncode != 0:
        print(f"FAIL {expression}: exit status {result.returncode}: {result.stderr}")
        failures += 1
        continue
    got = json.loads(result.stdout)
    values = np.asarray(view).ravel()
    problems = []
    expect = {
        "shape": list(view.shape),
        "offsets": view.tolist(),
        "size": int(view.size),
        "is_contiguous": bool(view.flags["C_CONTIGUOUS"]),
    }
    if view.size:
        expect["offset"] = int(view[(0,) * view.ndim])
        expect["min_offset"] = int(values.min())
        expect["max_offset"] = int(values.max())
        expect["required_span"] = int(values.max()) + 1
        expect["is_unique"] = len(set(values.tolist())) == view.size
        # NumPy's strides of extent-1 axes are arbitrary; the others must agree.
        got_strides = [s for s, n in zip(got["strides"], got["shape"]) if n > 1]
        numpy_strides = [s // view.itemsize for s, n in zip(view.strides, view.shape) if n > 1]
        if got_strides != numpy_strides:
            problems.append(f"strides {got['strides']} vs NumPy {[s // view.itemsize for s in view.strides]}")
    else:
        expect["required_span"] = 0
    # The storage the view was cut from: the np.arange at the root of its chain of bases.
    root = view
    while getattr(root, "base", None) is not None:
        root = root.base
    expect["storage_size"] = int(root.size)
    for key, value in expect.items():
        if got.get(key) != value:
            problems.append(f"{key}: strider {got.get(key)!r}, NumPy {value!r}")
    if problems:
        failures += 1
        print(f"FAIL {expression}  (NumPy: {reference})")
        for p in problems:
            print("   ", p)
    else:
        print(f"ok   {expression}")
# broadcast_shapes gives a shape, {"shape": [...]}, against np.broadcast_shapes; shapes that NumPy
# refuses (ValueError) exit with status 2. (broadcast_arrays(...)[i] is in expressions.txt.)
for shapes in ["(2, 1, 1), (3, 1), 4", "(2, 1), (1, 0)", "", "(5,), ()", "(1, 3), (2, 1), (1,)", "(2, 1), (3,), (1, 4)", "(0,), (2,)"]:
    expression = f"broadcast_shapes({shapes})"
    try:
        expect = (0, list(np.broadcast_shapes(*eval(f"[{shapes}]"))))
    except ValueError:
        expect = (2, None)
    result = subprocess.run([strider, "--format", "json", expression], capture_output=True, text=True)
    got = (result.returncode, json.loads(result.stdout)["shape"] if result.returncode == 0 else None)
    if got != expect:
        failures += 1
        print(f"FAIL {expression}: strider {got}, NumPy {expect}: {result.stderr}")
    else:
        print(f"ok   {expression}")
sys.exit(1 if failures else 0)
