# An uncaught shutil.SameFileError from copyfile onto itself.
import os
import shutil

os.makedirs('_tmp_613', exist_ok=True)
with open('_tmp_613/a.txt', 'w') as f:
    f.write('a')
try:
    shutil.copyfile('_tmp_613/a.txt', '_tmp_613/./a.txt')
finally:
    shutil.rmtree('_tmp_613')
