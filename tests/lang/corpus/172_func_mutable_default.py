# Checks: mutable default arguments are shared between calls.
def append_to(item, bucket=[]):
    bucket.append(item)
    return bucket
print(append_to(1))
print(append_to(2))
print(append_to(3, []))
print(append_to(4))
def safe_append(item, bucket=None):
    if bucket is None:
        bucket = []
    bucket.append(item)
    return bucket
print(safe_append(1), safe_append(2))
