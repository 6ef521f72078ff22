"""The corpus's module fixture and parameters, shared by the modules the attack sets are split over.

Each test module that plays attacks names its sets and takes ``world, test_attack_fails = corpus_module(OWN)``: its
world is built and every set's preludes run, then only the attacks of its own selected items are played, in one
server session.
"""

from __future__ import annotations

import asyncio

import pytest
from corpus_runner import Catcher, play
from corpus_world import World, load_sets

SETS = load_sets()


def corpus_world_fixture():
    @pytest.fixture(scope="module")
    def world(request, tmp_path_factory):
        selected = {item.callspec.params["key"].split("-", 1)[0] for item in request.session.items
                    if getattr(item, "originalname", "") == "test_attack_fails"
                    and getattr(item, "module", None) is request.module}
        catcher = Catcher()
        w = World(tmp_path_factory.mktemp("mcp-corpus"), SETS, catcher.url)
        w.build()
        w.catcher = catcher
        try:
            w.results = asyncio.run(play(w, catcher, selected))
            # the tree watch stands in for a walk before and after every attack: a change it missed fails the module
            assert not w.results.tree_drift, f"the tree watch missed: {w.results.tree_drift[:20]}"
        except BaseException:
            w.close()
            raise
        yield w
        w.results.copies.watch.close()  # its inotify descriptor: the worker runs the other modules' worlds next
        w.close()
        catcher.sock.close()
    return world


def attack_params(own: tuple[str, ...]):
    """``test_attack_fails``'s parameters for the sets in ``own``: the attacks that succeeded on the measured tree
    are each set's strict xfail."""
    for s in SETS:
        if s["set"] not in own:
            continue
        for a in s["attacks"]:
            reason = s.get("xfail", {}).get(a["name"])
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(f"{s['set']}-{a['name']}", marks=marks, id=f"{s['set']}-{a['name']}")


def assert_attack_failed(world, key: str) -> None:
    leaks = world.results.outcomes[key]
    assert not leaks, f"{key} succeeded:\n" + "\n".join(" ".join(leak.split())[:400] for leak in leaks[:8])


def corpus_module(own: tuple[str, ...]):
    """A module's world fixture and its ``test_attack_fails``, one item per attack of the sets in ``own``."""
    @pytest.mark.parametrize("key", list(attack_params(own)))
    def test_attack_fails(world, key):
        assert_attack_failed(world, key)
    return corpus_world_fixture(), test_attack_fails
