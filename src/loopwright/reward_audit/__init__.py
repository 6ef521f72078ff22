"""The reward audit: can a reward be gamed? Fixed probes and generated attacks, scored by any reward.

    reward_audit.probes    the fixed degenerate / adversarial completions
    reward_audit.attacks   generated attacks: templates, prompt swaps, specifics stripped / swapped, ...
    reward_audit.gaming    the attacks scored by any reward: gameability per probe, worst examples
    reward_audit.audit     the report of ``python -m loopwright.audit`` and the training pre-flight's subset

It sits just above rewards/ and tasks/: training (``train/reward_audit.py``, the hacking monitor of
``train/hacking.py``) and the apps use it, and it imports neither. Pure python, no torch.
"""
