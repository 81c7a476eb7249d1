# Instantiating an ABC with abstract methods left: TypeError, uncaught.
from abc import ABC, abstractmethod
class Base(ABC):
    @abstractmethod
    def run(self):
        ...
class Half(Base):
    pass
print(Half.__abstractmethods__)
Half()
