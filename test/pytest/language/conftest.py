import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(params=["jit", "interp"])
def engine(request):
    """Every language test that runs a kernel runs it on both engines."""
    return request.param
