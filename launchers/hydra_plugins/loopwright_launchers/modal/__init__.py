"""``provider=modal``: every job of a multirun as one Modal function call (launcher, job, container body)."""
