# Checks: a seeded train/test split as in ML scripts.
import random
random.seed(123)
data = list(range(20))
random.shuffle(data)
split = int(len(data) * 0.75)
train, test = data[:split], data[split:]
print(train)
print(test)
print(sorted(train + test) == list(range(20)))
batch = random.sample(train, 4)
print(batch)
