# A dataclass field without a default after one with a default: TypeError at class creation.
from dataclasses import dataclass, field
@dataclass
class Ok:
    a: int
    b: int = field(default=0)
print(Ok(1))
@dataclass
class Broken:
    a: int = 0
    b: str
