# The tracing protocol: objects with __tf_tracing_type__ key their trace by their own
# tf.types.experimental.TraceType (equality, then is_subtype_of), and the function traces with
# the TraceType's placeholder_value; plain objects are keyed by identity.
import tensorflow as tf


class Fruit:
    flavor = tf.constant([0, 0])


class Apple(Fruit):
    flavor = tf.constant([1, 2])


class Mango(Fruit):
    flavor = tf.constant([3, 4])


@tf.function
def mixed(a, b):
    print("tracing", type(a).__name__, type(b).__name__)
    return a.flavor + b.flavor


print(mixed(Apple(), Mango()))
print(mixed(Apple(), Mango()))
print(mixed.experimental_get_tracing_count())


class KindType(tf.types.experimental.TraceType):
    def __init__(self, obj):
        self.kind = type(obj)
        self.obj = obj

    def is_subtype_of(self, other):
        return type(other) is KindType and issubclass(self.kind, other.kind)

    def most_specific_common_supertype(self, others):
        return self if all(self == o for o in others) else None

    def placeholder_value(self, placeholder_context=None):
        return self.obj

    def __eq__(self, other):
        return type(other) is KindType and self.kind is other.kind

    def __hash__(self):
        return hash(self.kind)


class Traced:
    def __tf_tracing_type__(self, context):
        return KindType(self)


class TApple(Traced):
    flavor = tf.constant([1, 2])


class TMango(Traced):
    flavor = tf.constant([3, 4])


print(mixed(TApple(), TMango()))
print(mixed(TApple(), TMango()))
print(mixed(TMango(), TApple()))
print(mixed(TMango(), TApple()))
print(mixed.experimental_get_tracing_count())
print(isinstance(KindType(TApple()), tf.types.experimental.TraceType))


class Scale(tf.types.experimental.TraceType):
    def __init__(self, factor):
        self.factor = factor

    def is_subtype_of(self, other):
        return type(other) is Scale and self.factor == other.factor

    def most_specific_common_supertype(self, others):
        return None

    def placeholder_value(self, placeholder_context=None):
        return Scaler(self.factor)

    def __eq__(self, other):
        return type(other) is Scale and self.factor == other.factor

    def __hash__(self):
        return hash(self.factor)


class Scaler:
    def __init__(self, factor):
        self.factor = factor

    def __tf_tracing_type__(self, context):
        return Scale(self.factor)


@tf.function
def scaled(s, x):
    print("tracing scaled with factor", s.factor)
    return x * s.factor


print(scaled(Scaler(2), tf.constant(3.0)), scaled(Scaler(2), tf.constant(4.0)), scaled(Scaler(5), tf.constant(1.0)))
print(scaled.experimental_get_tracing_count())
