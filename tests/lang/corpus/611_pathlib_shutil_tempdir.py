# pathlib and shutil as scripts use them with tempfile: a checkpoint folder under
# TemporaryDirectory, os functions fed Path objects, a user subclass of Path, f-strings.
import os
import shutil
import tempfile
from pathlib import Path

with tempfile.TemporaryDirectory() as tmp:
    base = Path(tmp)
    ckpt = base / 'checkpoints' / 'run-1'
    ckpt.mkdir(parents=True)
    for epoch in range(3):
        (ckpt / f'epoch_{epoch:02d}.weights.h5').write_bytes(bytes([epoch]) * (epoch + 1))
    (ckpt / 'config.json').write_text('{"units": 8}')
    print(sorted(p.name for p in ckpt.glob('*.h5')), len(list(base.rglob('*'))))
    latest = max(ckpt.glob('epoch_*.weights.h5'), key=lambda p: p.name)
    print(latest.name, latest.stat().st_size, latest.suffixes, latest.stem)
    print(os.path.isdir(ckpt), os.path.basename(latest), os.path.splitext(latest)[1], os.listdir(ckpt) == sorted(os.listdir(ckpt)) or True)
    print(os.path.relpath(latest, base), str(latest.relative_to(base)), f'{latest.relative_to(base)}')
    backup = Path(shutil.copytree(ckpt, base / 'backup'))
    print(type(backup).__name__, sorted(os.listdir(backup)))
    shutil.copy(backup / 'config.json', base)
    print((base / 'config.json').read_text(), (base / 'config.json').samefile(base / 'backup' / '..' / 'config.json'))
    moved = shutil.move(str(backup), str(base / 'archive'))
    print(Path(moved).relative_to(base), (base / 'backup').exists())
    shutil.rmtree(base / 'archive')
    os.remove(base / 'config.json')
    print(sorted(str(p.relative_to(base)) for p in base.iterdir()))
    with open(ckpt / 'log.txt', 'w') as f:
        f.write('done')
    with (ckpt / 'log.txt').open() as f:
        print(f.read())
    print(Path(tmp).exists(), Path(tmp).is_absolute())
print(Path(tmp).exists())


class Project(type(Path())):
    def data(self):
        return self / 'data'


p = Project('proj')
print(type(p).__name__, repr(p.data()), type(p.data()).__name__, type(p.parent).__name__)
print(isinstance(p, Path), isinstance(Path('x'), os.PathLike), issubclass(type(Path()), Path))
