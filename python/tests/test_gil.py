"""The GIL is released while a kernel runs: another Python thread keeps running during ts.apply."""

import threading
import time

import numpy as np

import tilescope as ts


def test_another_thread_runs_python_while_a_kernel_runs():
    x = np.random.default_rng(1).uniform(-1, 1, (256, 256, 256)).astype(np.float32)
    stamps, done = [], threading.Event()

    def count():  # a Python loop: it can only run while it holds the GIL
        n = 0
        while not done.is_set():
            n += 1
            if n % 256 == 0:
                stamps.append(time.monotonic())

    counter = threading.Thread(target=count)
    counter.start()
    try:
        time.sleep(0.05)  # the counter is running
        start = time.monotonic()
        ts.apply(x, pattern="stencil3d", radius=2, steps=8, backend="cpu")  # ~0.1-0.5 s of C++
        end = time.monotonic()
    finally:
        done.set()
        counter.join()
    # The middle half of the call: with the GIL held there, the counter could not have run at all.
    quarter = (end - start) / 4
    during = [t for t in stamps if start + quarter < t < end - quarter]
    assert len(during) >= 10, "the counter stood still for %.3f s of a %.3f s call" % (2 * quarter, end - start)
