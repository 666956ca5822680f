#!/usr/bin/env python3
"""PyTorch's out.copy_(view) for copy_benchmark.cu's cases: same views, float32, GB/s read and
written (twice the output's bytes), timed with CUDA events as copy_benchmark.cu times: the median
of 11 batches of 20 copies back to back, after a warm-up. PyTorch has no negative strides, so
for a[:, ::-1] it times torch.flip, which makes the flipped copy itself."""
import torch

REPEATS = 11
BATCH = 20


def median_ms(f):
    f()
    torch.cuda.synchronize()
    times = []
    for _ in range(REPEATS):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(BATCH):
            f()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / BATCH)
    return sorted(times)[len(times) // 2]


def cases():
    z = lambda *shape: torch.zeros(shape, device="cuda")
    yield "transpose 4096^2", lambda: z(4096, 4096).permute(1, 0)
    yield "transpose 8192^2", lambda: z(8192, 8192).permute(1, 0)
    yield "permute (2,0,1) 256^3", lambda: z(256, 256, 256).permute(2, 0, 1)
    yield "permute (2,1,0) 256^3", lambda: z(256, 256, 256).permute(2, 1, 0)
    yield "permute (1,0,2) 256^3", lambda: z(256, 256, 256).permute(1, 0, 2)
    yield "NCHW to NHWC 32x64x56x56", lambda: z(32, 64, 56, 56).permute(0, 2, 3, 1)
    yield "NHWC to NCHW 32x56x56x64", lambda: z(32, 56, 56, 64).permute(0, 3, 1, 2)
    yield "permute (3,1,2,0) 64^4", lambda: z(64, 64, 64, 64).permute(3, 1, 2, 0)
    yield "a[:, ::2] of 8192^2", lambda: z(8192, 8192)[:, ::2]
    yield "a[:, ::-1] of 8192^2", None  # timed as torch.flip below
    yield "broadcast 8192 to 8192^2", lambda: z(8192).expand(8192, 8192)
    yield "transpose 1000000x3", lambda: z(1000000, 3).permute(1, 0)
    yield "transpose 3x1000000", lambda: z(3, 1000000).permute(1, 0)


print("case\ttorch_gbs")
for name, make in cases():
    if make is None:
        x = torch.zeros(8192, 8192, device="cuda")
        ms = median_ms(lambda: torch.flip(x, [1]))
        elements = x.numel()
    else:
        view = make()
        out = torch.empty(view.shape, device="cuda")
        ms = median_ms(lambda: out.copy_(view))
        elements = out.numel()
    print("%s\t%.0f" % (name, 2 * elements * 4 / 1e9 / ms * 1e3))
