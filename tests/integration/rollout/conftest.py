import pytest


@pytest.fixture(scope="session")
def vllm_python():
    """The vLLM environment's interpreter (built once per machine; CI builds it on each fresh clone)."""
    from helpers import vllm_env

    return vllm_env.ensure()
