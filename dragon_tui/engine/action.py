"""Actions: every decision a seat can make, as a small frozen value."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Action:
    """One decision.

    ``kind`` names the decision ("roll", "buy", "seat"), ``args`` holds its plain parameters
    (ints and strings only, so the JSON form is lossless). ``label`` is the sentence the state
    wrote when it offered the action; it does not take part in equality, so an action read
    back from a save file equals the one the state offers.
    """

    kind: str
    args: tuple = ()
    label: str = field(default="", compare=False)

    def describe(self) -> str:
        if self.label:
            return self.label
        if not self.args:
            return self.kind.replace("_", " ")
        return f"{self.kind.replace('_', ' ')} {' '.join(str(a) for a in self.args)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], tuple(_freeze(a) for a in data.get("args", ())))


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value
