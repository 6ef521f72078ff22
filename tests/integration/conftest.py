import pytest


@pytest.fixture(scope="session")
def vllm_python():
    """The vLLM environment's interpreter (built once per machine and parent interpreter; CI builds it on each
    fresh clone). A fixture, not a collection-time skip: a test that needs vLLM builds it, never skips."""
    from helpers import vllm_env

    return vllm_env.ensure()
