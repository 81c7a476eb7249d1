# Which exception a framed trace error is: TF rebuilds it from the framed message when its type
# takes one (Exception's own __init__, or a builtin that AutoGraph lists), keeps a KeyError whose
# str() is the framed text, and otherwise raises StagingError. A user's tf.errors.* keeps its type.
import tensorflow as tf


class Plain(Exception):
    pass


class FromValueError(ValueError):
    pass


class WithInit(Exception):
    def __init__(self, a, b):
        super().__init__(a, b)


def run(fn, *args):
    try:
        fn(*args)
    except Exception as e:
        print(type(e).__name__, [c.__name__ for c in type(e).__mro__[1:-2]])
        print(repr(str(e)))
        if isinstance(e, KeyError):
            print(e.args)


@tf.function
def index_error(x):
    return [1, 2][5]


@tf.function
def zero_division(x):
    return 1 / 0


@tf.function
def plain(x):
    raise Plain("plain")


@tf.function
def from_value_error(x):
    raise FromValueError("sub")


@tf.function
def with_init(x):
    raise WithInit("a", "b")


@tf.function
def attribute_error(x):
    return x.no_such_attribute


@tf.function
def name_error(x):
    return undefined_name + x


@tf.function
def assertion(x):
    assert False, "assert msg"


@tf.function
def key_error(x):
    return {"a": 1}["b"]


@tf.function
def op_error(x):
    raise tf.errors.InvalidArgumentError(None, None, "invalid argument")


@tf.function
def runtime_error(x):
    raise RuntimeError("runtime")


@tf.function
def multi_line(x):
    raise ValueError("line one\nline two")


@tf.function
def two_args(x):
    raise ValueError("a", "b")


@tf.function(autograph=False)
def no_autograph(x):
    return tf.reshape(x, [3])


def nested_python_if(x):
    if x.shape[0] > 2:
        raise ValueError("too big: %d" % x.shape[0])
    return x


@tf.function
def calls_python_if(x):
    y = x + 1
    return nested_python_if(y)


@tf.autograph.experimental.do_not_convert
def not_converted(x):
    return tf.reshape(x, [3])


@tf.function
def calls_not_converted(x):
    return not_converted(x)


for fn in [index_error, zero_division, plain, from_value_error, with_init, attribute_error, name_error, assertion,
           key_error, op_error, runtime_error, multi_line, two_args, no_autograph, calls_python_if,
           calls_not_converted]:
    run(fn, tf.ones([4]))

e = tf.errors.NotFoundError(None, None, "not found")
print(str(e), e.message, e.op, e.node_def, e.error_code)
