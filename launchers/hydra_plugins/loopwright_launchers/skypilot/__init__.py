"""``provider=skypilot``: every job of a multirun as one SkyPilot cluster or managed job (launcher, job, task)."""
