# A dataclass constructed without a required field: the generated __init__'s TypeError, uncaught.
from dataclasses import dataclass
@dataclass
class Config:
    name: str
    size: int
    debug: bool = False
print(Config("a", 1))
Config("b")
