"""Sampling scripted for tool-calling runs on a random-init model, which never writes a tool call by itself.

The first turn calls ``tool`` on the question's numbers ("What is 3 + 4?"), the turn after the tool's result answers
with it; everything else (the tool execution, rewards, the manifest) is TRL's and loopwright's.
"""

from __future__ import annotations

import re


def script_tool_calls(monkeypatch, tool: str, emitted: list, answer: str = "{result}") -> None:
    """Replace GRPOTrainer's sampling: ``emitted`` collects each call's (a, b); ``answer`` formats the final turn
    from the result's first line."""
    import trl

    def scripted(self, prompt_ids, images, multimodal_fields, num_generations, has_tool_images=False):
        tok = self.processing_class
        out = []
        for ids in prompt_ids:
            text = tok.decode(ids)
            a, b = map(int, re.findall(r"What is (\d+) \+ (\d+)\?", text)[-1])
            if "<tool_response>" in text:  # the result is in: answer with it
                result = text.rsplit("<tool_response>\n", 1)[1].split("\n</tool_response>", 1)[0]
                reply = answer.format(result=result.splitlines()[0] if result else result)
            else:
                emitted.append((a, b))
                reply = f'<tool_call>\n{{"name": "{tool}", "arguments": {{"a": {a}, "b": {b}}}}}\n</tool_call>'
            out.append(tok(reply, add_special_tokens=False)["input_ids"] + [tok.eos_token_id])
        return out, None

    monkeypatch.setattr(trl.GRPOTrainer, "_generate_single_turn", scripted)
