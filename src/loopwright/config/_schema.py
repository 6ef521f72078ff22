"""The decorator of every schema class: a dataclass without the generated ``__repr__`` and ``__eq__``.

Schema classes are only read by OmegaConf (their fields and defaults), never compared or
printed, and generating those two methods for ~20 classes costs about 4 ms of every
``python train.py`` start-up (bench/overhead.py).
"""

from dataclasses import dataclass

schema = dataclass(repr=False, eq=False)
