# An uncaught FileExistsError from Path.mkdir without exist_ok.
from pathlib import Path

p = Path('_tmp_614')
p.mkdir()
try:
    p.mkdir()
finally:
    p.rmdir()
