# Limit: the step budget stop cannot be swallowed by `except Exception` (it acts as cancellation).
# expect: TimeoutError: step budget exceeded
# timeout: 120
count = 0
while True:
    try:
        count += 1
        if count % 1000 == 0:
            raise ValueError("retry")
    except Exception:
        pass
