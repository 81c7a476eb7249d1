# Signature.bind with an argument the function does not take: TypeError, uncaught.
import inspect
def connect(host, port=80, *, timeout=None):
    return host
sig = inspect.signature(connect)
print(sig, sig.bind("h", 1).arguments)
sig.bind("h", retries=3)
