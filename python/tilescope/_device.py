"""Device arrays for ``ts.apply`` on the CUDA backend: anything with ``__cuda_array_interface__``
(CuPy, torch, Numba) is read where it is, and the result is made beside it: a torch tensor on the
same device for a torch tensor, a CuPy array for anything else."""


def is_device(a):
    return a is not None and hasattr(a, "__cuda_array_interface__")


def _cupy_empty(shape):
    try:
        import cupy
    except ImportError:
        raise ValueError("the result of a device array is a CuPy array (a torch tensor's: a torch tensor), and cupy "
                         "is not importable here") from None
    return cupy.empty(shape, dtype=cupy.float32)


def output_maker(x):
    """shape -> a new float32 device array of the kind apply returns for input ``x`` (called once the
    inputs are checked)."""
    if type(x).__module__.split(".")[0] == "torch":
        import torch
        return lambda shape: torch.empty(shape, dtype=torch.float32, device=x.device)
    return _cupy_empty
