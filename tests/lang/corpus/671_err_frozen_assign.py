# Assigning to a field of a frozen dataclass: FrozenInstanceError, uncaught.
from dataclasses import dataclass
@dataclass(frozen=True)
class Pt:
    x: int
p = Pt(1)
print(p, hash(p) == hash((1,)))
p.x = 2
