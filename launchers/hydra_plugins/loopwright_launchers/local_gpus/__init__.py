"""``provider=local_gpus``: a pool of slots on this machine, one fresh process per job."""
