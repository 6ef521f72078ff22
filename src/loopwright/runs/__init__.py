"""A run directory's files: :mod:`.writer` writes them (atomically, hashed, redacted), :mod:`.reader` reads them back.

Every module that writes or reads manifest.json, metrics.jsonl, eval_results.json or
another JSON / JSON lines file of a run, a sweep or the loop goes through these two.
"""
