# isinstance with a subscripted generic: TypeError, uncaught.
from typing import Dict
print(isinstance({}, Dict))
isinstance({}, Dict[str, int])
