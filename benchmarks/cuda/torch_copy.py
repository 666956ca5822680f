#!/usr/bin/env python3
"""PyTorch's out.copy_(view) for copy_benchmark.cu's cases: same views, float32, GB/s read and
written (twice the output's bytes), median of 20 after a warm-up, timed with CUDA events."""
import torch

REPEATS = 20


def median_ms(f):
    f()
    torch.cuda.synchronize()
    times = []
    for _ in range(REPEATS):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        f()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
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
    yield "a[:, ::-1] of 8192^2", lambda: z(8192, 8192).flip(1)  # PyTorch has no negative steps: flip is its copy
    yield "broadcast 8192 to 8192^2", lambda: z(8192).expand(8192, 8192)


print("case\ttorch_gbs")
for name, make in cases():
    view = make()
    out = torch.empty(view.shape, device="cuda")
    ms = median_ms(lambda: out.copy_(view))
    print("%s\t%.0f" % (name, 2 * out.numel() * 4 / 1e9 / ms * 1e3))
