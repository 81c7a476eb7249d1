# A tf.function call whose arguments do not bind: TF names the reason, what was passed and the
# signature (a method's without self, defaults shown as captured).
import tensorflow as tf


@tf.function
def with_defaults(x, y=2, *, k=3):
    return x


@tf.function
def two(x, y):
    return x


@tf.function
def var_args(x, *rest, **options):
    return x


class Model(tf.Module):
    @tf.function
    def method(self, x):
        return x


calls = [
    lambda: with_defaults(1, 2, 3),
    lambda: with_defaults(),
    lambda: two(1),
    lambda: two(1, 2, z=3),
    lambda: two(1, x=2),
    lambda: two(tf.constant([1.0]), "s", 4),
    lambda: var_args(y=1),
    lambda: Model().method(1, 2),
]
for call in calls:
    try:
        call()
        print("bound")
    except TypeError as e:
        print(e)
