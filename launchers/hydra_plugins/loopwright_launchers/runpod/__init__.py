"""``provider=runpod``: every job of a multirun on its own RunPod pod (launcher, API client, pod script, volume)."""
