# Error case: AssertionError with a message.
def normalize(weights):
    total = sum(weights)
    assert total > 0, f"weights must sum to a positive value, got {total}"
    return [w / total for w in weights]
print(normalize([1, 3]))
normalize([0, 0])
