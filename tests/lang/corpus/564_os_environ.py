# os.environ as a mapping: [], get, setdefault, pop, in, getenv, str-only values.
import os

key = "GRAPHLENS_CORPUS_564"
print(key in os.environ, os.environ.get(key), os.getenv(key, "default"))
os.environ[key] = "1"
print(key in os.environ, os.environ[key], os.getenv(key), os.environ.get(key, "x"))
print(os.environ.setdefault(key, "2"), os.environ.setdefault(key + "_B", "b"))
print(os.environ.pop(key), os.environ.pop(key, "gone"), key in os.environ)
del os.environ[key + "_B"]
try:
    os.environ[key] = 1
except TypeError as e:
    print("TypeError", e)
try:
    os.environ[key]
except KeyError as e:
    print("KeyError", e)
try:
    del os.environ[key]
except KeyError as e:
    print("KeyError", e)
print(isinstance(os.cpu_count(), int), os.cpu_count() > 0, os.name)
