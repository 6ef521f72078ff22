"""The training job behind ``python train.py``: CLI layer, validation, job steps,
run record, models, checkpoints, callbacks."""
