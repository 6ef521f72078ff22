"""What the remote providers (runpod, modal) share: the launcher base, the plan and cost ceiling,
the code bundle, the cost ledger and small helpers.

Hydra's plugin scan imports every module of this namespace package at start-up
(modules whose name starts with ``_`` excepted), so nothing here may pull in
boto3, modal or torch at import time. See docs/CLOUD.md.
"""
