# from __future__ import annotations (PEP 563): module, class and function annotations stay
# source strings; typing.get_type_hints, dataclasses and inspect work with them in a realistic
# program (a config dataclass, an ABC, enums, logging, a registry metaclass).
from __future__ import annotations
import logging, sys, enum, abc, dataclasses, typing, inspect, functools
from dataclasses import dataclass, field
from typing import Optional, List, Dict, Generic, TypeVar, Protocol, Any
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(name)s:%(levelname)s:%(message)s")
logger = logging.getLogger(__name__)
class Mode(enum.Enum):
    TRAIN = "train"
    EVAL = "eval"
@dataclass
class Config:
    lr: float = 1e-3
    layers: List[int] = field(default_factory=lambda: [32, 16])
    mode: Mode = Mode.TRAIN
    name: Optional[str] = None
    def __post_init__(self):
        if self.lr <= 0:
            raise ValueError(f"lr must be positive, got {self.lr}")
cfg = Config(lr=0.1)
print(cfg, dataclasses.asdict(cfg))
print(Config.__annotations__)
try:
    Config(lr=-1)
except ValueError as e:
    logger.error("bad config: %s", e)
class Base(abc.ABC):
    @abc.abstractmethod
    def forward(self, x: float) -> float: ...
    def __call__(self, x):
        logger.info("calling %s", type(self).__name__)
        return self.forward(x)
@dataclass
class Scale(Base):
    k: float = 2.0
    def forward(self, x):
        return self.k * x
print(Scale()(3), Scale(k=3)(2), isinstance(Scale(), Base))
T = TypeVar("T")
@dataclass
class Box(Generic[T]):
    item: T
print(Box(1), Box[int](2), typing.get_type_hints(Box))
class Color(enum.IntEnum):
    R = 1
    G = 2
print({c.name: c.value for c in Color}, Color.G > Color.R, max(Color), Color(1) == 1)
@functools.total_ordering
@dataclass(frozen=True)
class V:
    n: int
    def __lt__(self, o):
        return self.n < o.n
print(sorted([V(3), V(1)]), V(1) <= V(2), {V(1): "a"}[V(1)])
print(inspect.signature(Config))
print(inspect.signature(Scale.forward))
class Registry(type):
    classes: Dict[str, type] = {}
    def __new__(mcls, name, bases, ns):
        cls = super().__new__(mcls, name, bases, ns)
        mcls.classes[name] = cls
        return cls
class Plugin(metaclass=Registry):
    pass
class P1(Plugin):
    pass
print(sorted(Registry.classes))
class Late:
    if False:
        hidden: int
    shown: "Late | None" = None
    def m(self, other: Late, *, k: dict[str, list[int]] = {}) -> tuple[int, ...]: ...
print(Late.__annotations__, Late.m.__annotations__, typing.get_type_hints(Late))
import __future__
print(__future__.annotations.compiler_flag, "annotations" in __future__.all_feature_names)
