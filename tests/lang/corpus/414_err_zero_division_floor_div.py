# Error case: ZeroDivisionError integer division or modulo by zero.
batches = 0
samples = 100
print("samples", samples)
per_batch = samples // batches
