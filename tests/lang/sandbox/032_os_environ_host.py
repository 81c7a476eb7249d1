# Sandbox: os.environ is the run's own mapping, never the host's environment (no HOME, PATH, ...).
# expect: KeyError: 'HOME'
import os
print(sorted(k for k in os.environ if k in ("PATH", "USER", "HOME")))
print(os.environ["HOME"])
