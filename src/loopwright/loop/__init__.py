"""The flywheel: the improvement loop itself, serve -> harvest -> grade -> curate -> train -> gate, round after round.

    loop.harvest          the flywheel's best-of-N sampling of a model, scored, as transcripts
    loop.flywheel_state   flywheel.json, the stop rules, the cost ledger's sum
    loop.flywheel         the flywheel's inputs and its four steps (python -m loopwright.flywheel)

Its parts live in their own packages, each a layer the contract in pyproject.toml keeps
(docs/DESIGN.md, "Layers"): ``ingestion/`` (logs -> transcripts), ``curation/`` (grade, curate,
labels), ``reward_audit/`` (probes and attacks), ``runs/lineage.py`` (a run's lineage) and
``config/app_entry.py`` (the apps' shared Hydra entry). harvest.py imports torch to sample a model.
"""
