"""What the paid launchers (RunPod, Modal) and the reaper share, torch-free and plugin-free.

    cloud.ledger       outputs/costs.jsonl: a line before each create (the pod's name, the launcher's pid),
                       one after it (name + id), one when it is gone (what it cost); fsynced, read tolerantly
    cloud.runpod_api   the subset of RunPod's REST/GraphQL API the launcher and the reaper use (urllib)
    cloud.reaper       loopwright pods that no ledger line closed and whose launcher is gone: found, removed

``python -m loopwright.reap`` is the command; the runpod launcher runs the same check before it rents.
"""
