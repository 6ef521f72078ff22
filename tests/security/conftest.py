"""What the attacks are played against: a real ``train.py model=tiny profile=smoke`` run for serve (seconds);
the RunPod stand-in over a moto S3 server for the money attacks."""

from __future__ import annotations

import pytest
from helpers.runpod_cloud import Cloud, moto_server
from helpers.serving import train_tiny


@pytest.fixture(scope="session")
def tiny_run(tmp_path_factory):
    run = tmp_path_factory.mktemp("attacked-run") / "full"
    proc = train_tiny([], run)
    _, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err[-3000:]
    return run


@pytest.fixture(scope="module")
def moto_url():
    server, url = moto_server()
    yield url
    server.stop()


@pytest.fixture
def cloud(tmp_path, moto_url):
    c = Cloud(tmp_path, moto_url)
    yield c
    c.standin.stop()
