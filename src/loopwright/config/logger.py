"""``logger=``: where metrics go besides metrics.jsonl (conf/logger/*.yaml; code in loopwright.loggers)."""


from enum import Enum
from typing import Optional

from omegaconf import MISSING

from loopwright.config._schema import schema


class LoggerKind(str, Enum):
    none = "none"  # metrics.jsonl in the run dir only
    wandb = "wandb"  # Weights & Biases (src/loopwright/loggers.py); metrics.jsonl as well
    tensorboard = "tensorboard"  # event files in <run dir>/tensorboard; metrics.jsonl as well


class WandbMode(str, Enum):
    auto = "auto"  # $WANDB_MODE if set, else online with an API key, else offline
    online = "online"
    offline = "offline"  # written under <run dir>/wandb; upload later with `wandb sync`
    disabled = "disabled"


@schema
class LoggerConfig:
    name: str = MISSING
    # Defaults to the option's name (conf/logger/wandb.yaml -> wandb).
    kind: LoggerKind = "${.name}"  # type: ignore[assignment]  (an interpolation, checked against the enum)
    # W&B only (ignored by the other kinds)
    project: str = "loopwright"
    entity: Optional[str] = None  # null: the API key's default entity
    mode: WandbMode = WandbMode.auto
    # Log the training data (input) and the trained weights/adapter (output) as artifacts.
    log_artifacts: bool = True
