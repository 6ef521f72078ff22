"""model.name_or_path as a hub id: refused at validation when offline and not cached, with the fetch command."""

from __future__ import annotations

import http.server
import threading

import pytest

from helpers import cache_hub_model, compose
from loopwright.models import hub
from loopwright.train.validate import problems_in

HUB_OPTIONS = {"qwen": "Qwen/Qwen3-0.6B", "qwen2_5": "Qwen/Qwen2.5-0.5B-Instruct",
               "llama": "meta-llama/Llama-3.2-1B-Instruct", "smollm2_360m": "HuggingFaceTB/SmolLM2-360M-Instruct"}


@pytest.fixture
def hf_cache(tmp_path, monkeypatch):
    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setenv("HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return cache


@pytest.mark.parametrize("option,repo_id", sorted(HUB_OPTIONS.items()))
def test_each_hub_option_names_its_id(option, repo_id):
    assert compose([f"model={option}"]).model.name_or_path == repo_id


def test_the_size_is_an_override_away():
    assert compose(["model=qwen", "model.size=1.7B"]).model.name_or_path == "Qwen/Qwen3-1.7B"
    assert compose(["model=qwen2_5", "model.size=1.5B"]).model.name_or_path == "Qwen/Qwen2.5-1.5B-Instruct"


def test_a_cached_model_is_no_problem_offline(hf_cache):
    cache_hub_model(hf_cache, "Qwen/Qwen3-0.6B")
    model = compose(["model=qwen"]).model
    assert hub.is_cached("Qwen/Qwen3-0.6B")
    assert hub.problems(model) == []
    assert problems_in(compose(["model=qwen"])) == []


def test_not_cached_and_offline_names_the_id_and_the_fetch_command(hf_cache):
    cache_hub_model(hf_cache, "Qwen/Qwen3-0.6B")  # another size is cached, not this one
    (problem,) = problems_in(compose(["model=qwen", "model.size=1.7B"]))
    assert "model.name_or_path=Qwen/Qwen3-1.7B" in problem
    assert "`hf download Qwen/Qwen3-1.7B`" in problem
    assert "HF_HUB_OFFLINE=1" in problem and str(hf_cache) in problem
    assert "model.name_or_path=/path/to/model" in problem


def test_the_fetch_command_is_the_installed_cli():
    from importlib.metadata import distribution

    scripts = {e.name for e in distribution("huggingface_hub").entry_points if e.group == "console_scripts"}
    commands = hub.download_commands("org/name")
    assert commands and all(c.split()[0] in scripts and c.endswith(" download org/name") for c in commands)


def test_local_paths_and_the_offline_sources_are_not_hub_ids(hf_cache, tmp_path):
    assert hub.problems(compose(["model=tiny"]).model) == []
    (tmp_path / "weights").mkdir()
    assert hub.problems(compose([f"model.name_or_path={tmp_path / 'weights'}"]).model) == []
    assert not hub.is_hub_id("./models/mine") and not hub.is_hub_id("~/mine")
    assert hub.is_hub_id("Qwen/Qwen3-0.6B") and not hub.is_hub_id("a/b/c")


class _Answer(http.server.BaseHTTPRequestHandler):
    def do_HEAD(self):  # noqa: N802 (the stdlib's name)
        self.send_response(404)  # any answer means reachable
        self.end_headers()

    def log_message(self, *args):
        pass


def test_online_probe_any_answer_is_reachable_no_answer_is_not(hf_cache, monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE")
    monkeypatch.delenv("TRANSFORMERS_OFFLINE", raising=False)
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.delenv(var, raising=False)
    model = compose(["model=qwen"]).model
    server = http.server.HTTPServer(("127.0.0.1", 0), _Answer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{server.server_port}")
        assert hub.problems(model) == []  # a download would work: nothing to say
    finally:
        server.shutdown()
        server.server_close()
    monkeypatch.setenv("HF_ENDPOINT", f"http://127.0.0.1:{server.server_port}")  # now closed
    (problem,) = hub.problems(model)
    assert "did not answer within 3 s" in problem and "`hf download Qwen/Qwen3-0.6B`" in problem
