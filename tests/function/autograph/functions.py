# Functions whose AutoGraph conversion is recorded from real TF 2.21 (tests/oracle/record_autograph.py)
# and compared byte for byte with GraphLens's converter (tests/function/autograph_test.cpp).
# CASES: name -> list of argument tuples the test runs both the original and the converted
# function with (Python values only; functions using `tf` are only converted, not run).
import tensorflow as tf

G = 10


def if_else(x):
    if x > 0:
        y = x * 2
    else:
        y = -x
    return y


def if_no_else(x):
    y = 1
    if x > 0:
        y = x + 1
    return y


def if_elif_else(x):
    if x > 10:
        r = 'big'
    elif x > 0:
        r = 'small'
    else:
        r = 'neg'
    return r


def return_in_branches(x):
    if x > 0:
        return x
    else:
        return -x


def return_in_if_only(x):
    if x > 0:
        return 1
    return 0


def while_loop(n):
    i = 0
    s = 0
    while i < n:
        s += i
        i += 1
    return s


def while_break(n):
    i = 0
    while i < n:
        if i * i > 20:
            break
        i += 1
    return i


def while_else(n):
    i = 0
    while i < n:
        i += 2
    else:
        i = i * 10
    return i


def for_range(n):
    s = 0
    for i in range(n):
        s = s + i
    return s


def for_list(xs):
    total = 0
    for x in xs:
        total += x
    return total


def for_tensor(x):
    s = 0
    for i in tf.range(x):
        s += i
    return s


def for_continue(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            continue
        s += i
    return s


def for_break(xs):
    found = -1
    for x in xs:
        if x < 0:
            found = x
            break
    return found


def for_else(xs):
    for x in xs:
        if x == 3:
            break
    else:
        x = 100
    return x


def nested_loops(n):
    count = 0
    for i in range(n):
        j = 0
        while j < i:
            count += j
            j += 1
    return count


def nested_if(a, b):
    if a > 0:
        if b > 0:
            r = 1
        else:
            r = 2
    else:
        r = 3
    return r


def bool_ops(a, b, c):
    return a and b or not c


def and_in_if(x, y):
    if x > 0 and y > 0:
        return 'both'
    return 'not both'


def not_op(x):
    return not x


def cond_expr(x):
    return 'pos' if x > 0 else 'nonpos'


def cond_expr_nested(x):
    y = 1 if x > 10 else 2 if x > 5 else 3
    return y


def calls(x):
    y = abs(x)
    z = max(y, 3)
    return len(str(z))


def calls_kwargs(x):
    return sorted(x, key=None, reverse=True)


def call_star(xs):
    return max(*xs)


def print_call(x):
    print('x is', x)
    return x


def assert_stmt(x):
    assert x > 0, 'x must be positive'
    return x


def list_append(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def aug_assign(x):
    x += 1
    x *= 3
    x -= 2
    return x


def tuple_unpack(t):
    a, b = t
    b, a = a, b
    return a - b


def for_tuple_target(pairs):
    s = 0
    for k, v in pairs:
        s += k * v
    return s


def default_args(x, y=2, *rest, z=3, **kw):
    return x + y + z + len(rest) + len(kw)


def closure_read(x):
    k = x * 2

    def inner(y):
        return y + k
    return inner(1)


def closure_nonlocal(n):
    count = 0

    def bump():
        nonlocal count
        count += 1
    for _ in range(n):
        bump()
    return count


def nested_function(x):

    def sq(v):
        if v > 0:
            return v * v
        return 0
    return sq(x) + sq(-x)


def lambda_use(xs):
    f = lambda v: v + 1
    return [f(v) for v in xs]


def lambda_cond(x):
    g = lambda v: v if v > 0 else -v
    return g(x)


def global_read(x):
    return x + G


def tf_ops(x):
    y = tf.square(x)
    return tf.reduce_sum(y)


def tf_if(x):
    if tf.reduce_sum(x) > 0:
        x = x * x
    else:
        x = -x
    return x


def tf_while(x):
    while tf.reduce_sum(x) > 1:
        x = tf.tanh(x)
    return x


def fizzbuzz(n):
    out = []
    for i in range(1, n + 1):
        if i % 15 == 0:
            out.append('FizzBuzz')
        elif i % 3 == 0:
            out.append('Fizz')
        elif i % 5 == 0:
            out.append('Buzz')
        else:
            out.append(str(i))
    return out


def attr_subscript(d, k):
    d[k] = d.get(k, 0) + 1
    return d[k]


def string_format(x):
    return f'value={x:.2f} and {x!r}'


def list_comp(n):
    return [i * 2 for i in range(n) if i % 2 == 0]


def dict_comp(n):
    return {i: i * i for i in range(n)}


def recursion(n):
    if n <= 1:
        return 1
    return n * recursion(n - 1)


def while_continue(n):
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 2:
            continue
        s += i
    return s


def return_in_loop(xs):
    for x in xs:
        if x > 2:
            return x
    return None


def return_in_while(n):
    i = 0
    while True:
        i += 1
        if i >= n:
            return i


def no_return(x):
    x.append(1)


def only_pass():
    pass


def chained_compare(x):
    return 0 < x < 10


def try_except(x):
    try:
        y = 10 // x
    except ZeroDivisionError:
        y = -1
    return y


def with_stmt(x):
    with tf.name_scope('scope'):
        y = x + 1
    return y


def del_stmt(x):
    y = x
    del y
    return x


def slices(xs):
    return xs[1:] + xs[:1] + xs[::2]


def multi_target(x):
    a = b = x
    return a + b


def method_call(s):
    return s.upper().strip()


def var_defined_in_loop(n):
    for i in range(n):
        last = i
    return last


def if_one_branch_new_var(x):
    if x > 0:
        z = 1
    return x


def while_modifies_list(n):
    xs = []
    i = 0
    while i < n:
        xs.append(i)
        i += 1
    return len(xs)


def loop_over_dict(d):
    keys = []
    for k in d:
        keys.append(k)
    return keys


def generator_fn(n):
    for i in range(n):
        yield i


def uses_global_stmt(x):
    global G
    G = x
    return G


def class_method_holder():
    class Acc:

        def __init__(self):
            self.v = 0

        def add(self, x):
            if x > 0:
                self.v += x
            return self.v
    return Acc


def docstring_fn(x):
    """Adds one."""
    return x + 1


def inner_break(n):
    total = 0
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            total += j
    return total


def while_return_break(n):
    i = 0
    while i < n:
        if i == 7:
            return -1
        if i * 3 > n:
            break
        i += 1
    return i


def try_in_loop(xs):
    out = 0
    for x in xs:
        try:
            out += 10 // x
        except ZeroDivisionError:
            out -= 1
    return out


def continue_nested_if(n):
    s = 0
    for i in range(n):
        if i > 2:
            if i % 2 == 0:
                continue
            s += 100
        s += i
    return s


def subscript_state(d, n):
    for i in range(n):
        d['k'] = d['k'] + i
    return d


def global_in_loop(n):
    global G
    for i in range(n):
        G = G + i
    return G


def enumerate_zip(xs, ys):
    acc = []
    for i, (a, b) in enumerate(zip(xs, ys)):
        acc.append(i * a + b)
    return acc


def dict_items(d):
    s = ''
    for k, v in d.items():
        s = s + k + str(v)
    return s


def kwonly_call(x, *, scale=2):
    return sorted([x, -x], reverse=scale > 1)


def star_mixed(xs, kw):
    return '{}-{}-{}'.format(1, *xs, **kw)


def elif_returns(x):
    if x < 0:
        return 'neg'
    elif x == 0:
        return 'zero'
    elif x < 10:
        return 'small'
    return 'big'


def def_in_loop(n):
    fs = []
    for i in range(n):

        def f(v, i=i):
            return v * i
        fs.append(f)
    return [g(2) for g in fs]


def lambda_in_loop(n):
    out = []
    for i in range(n):
        out.append((lambda v: v + i)(1))
    return out


def attr_in_if(obj, x):
    if x > 0:
        obj.count += x
    else:
        obj.count = 0
    return obj.count


def while_with_else_var(n):
    k = 0
    while k < n:
        m = k * 2
        k += 1
    return k


def if_expression_stmt(x):
    if x:
        print('yes')
    else:
        print('no')


def walrus(xs):
    if (n := len(xs)) > 2:
        return n
    return 0


def nested_def_return_loop(xs):

    def first_pos(ys):
        for y in ys:
            if y > 0:
                return y
        return None
    return first_pos(xs)


def ann_assign(x):
    y: int = x + 1
    return y


def raise_stmt(x):
    if x < 0:
        raise ValueError('negative')
    return x


def unary_ops(x):
    return -x, +x, ~x, not x


def set_and_tuple(x):
    return {x, x + 1}, (x,), ()


def nested_while_break(n):
    i = 0
    while i < n:
        j = 0
        while True:
            j += 1
            if j > i:
                break
        i += 1
    return i, j


lam = lambda x: x * 2 if x > 0 else -x


def logic(a, b):
    c = a > 0 and b > 0
    d = a > 0 or not b > 0
    return c if d else b


def calls_return(x):
    print('tracing')
    if tf.reduce_sum(x) > 0:
        return tf.tanh(x)
    else:
        return tf.abs(x) * 2


def while_call_test(xs):
    n = 0
    while len(xs) > n:
        n += 1
    return n


def comp_in_loop(n):
    rows = []
    for i in range(n):
        rows.append([i * j for j in range(i)])
    return rows


def if_in_with(x):
    with open_nothing():
        if x > 0:
            x = x + 1
    return x


def return_in_try(x):
    try:
        return 10 // x
    finally:
        print('done')


def bare_return_mid(xs):
    if not xs:
        return
    xs.append(0)
    return


def subscript_aug_in_loop(xs):
    for i in range(len(xs)):
        xs[i] += 1
    return xs


def nonlocal_in_if(flag):
    state = 0

    def setter():
        nonlocal state
        if flag:
            state = 1
        else:
            state = 2
    setter()
    return state


def assert_in_loop(xs):
    for x in xs:
        assert x >= 0, x
    return len(xs)


def import_inside(x):
    import math
    return math.floor(x)


def lambda_defaults(x):
    f = lambda a, b=2: a * b
    return f(x)


def ifexp_in_test(x):
    if (x if x > 0 else -x) > 3:
        return 'far'
    return 'near'


def kwargs_pass(**kw):
    return dict(**kw)


def string_loop(s):
    out = ''
    for ch in s:
        if ch in 'aeiou':
            continue
        out += ch
    return out


class Base:

    def hello(self):
        return 'base'


class Child(Base):

    def hello(self):
        if True:
            r = super().hello() + '+child'
        return r


class open_nothing:

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def closure_live_after_loop(n):
    k = 0

    def get():
        return k
    for i in range(n):
        k = k + i
    return get()


def closure_defined_in_loop(n):
    total = 0
    for i in range(n):

        def add(v):
            return v + total
        total = add(i)
    return total


def closure_order(n):
    k = 0
    j = 0

    def get():
        return k
    while j < n:
        k = k + j
        j += 1
    return get()


def nested_generator(n):

    def gen():
        yield n
    return list(gen())


def generator_expression(n):
    return sum((i * i for i in range(n)))


def mangled_attr(obj):
    return obj.__secret


class Counter:

    def __init__(self, start):
        self.n = start

    def step(self, k):
        for _ in range(k):
            self.n += 1
        return self.n


CASES = {
    'if_else': [(3,), (-2,)],
    'if_no_else': [(3,), (-2,)],
    'if_elif_else': [(30,), (3,), (-3,)],
    'return_in_branches': [(3,), (-3,)],
    'return_in_if_only': [(1,), (0,)],
    'while_loop': [(0,), (5,)],
    'while_break': [(3,), (10,)],
    'while_else': [(5,), (0,)],
    'for_range': [(0,), (6,)],
    'for_list': [([1, 2, 3],), ([],)],
    'for_continue': [(10,)],
    'for_break': [([1, -2, -3],), ([1, 2],)],
    'for_else': [([1, 3, 5],), ([1, 2],)],
    'nested_loops': [(5,)],
    'nested_if': [(1, 1), (1, -1), (-1, 0)],
    'bool_ops': [(1, 0, 0), (0, 1, 1), ('a', 'b', ''), (0, 0, [])],
    'and_in_if': [(1, 1), (1, 0)],
    'not_op': [(0,), ([1],)],
    'cond_expr': [(1,), (0,)],
    'cond_expr_nested': [(11,), (6,), (0,)],
    'calls': [(-12345,)],
    'calls_kwargs': [([3, 1, 2],)],
    'call_star': [([3, 9, 2],)],
    'print_call': [(7,)],
    'assert_stmt': [(3,), (-1,)],
    'list_append': [(4,)],
    'aug_assign': [(2,)],
    'tuple_unpack': [((5, 2),)],
    'for_tuple_target': [([(1, 2), (3, 4)],)],
    'default_args': [(1,), (1, 5, 6, 7)],
    'closure_read': [(4,)],
    'closure_nonlocal': [(3,)],
    'nested_function': [(3,)],
    'lambda_use': [([1, 2],)],
    'lambda_cond': [(-4,)],
    'global_read': [(1,)],
    'fizzbuzz': [(15,)],
    'attr_subscript': [({'a': 1}, 'a'), ({}, 'b')],
    'string_format': [(2.5,)],
    'list_comp': [(7,)],
    'dict_comp': [(3,)],
    'recursion': [(5,)],
    'while_continue': [(7,)],
    'return_in_loop': [([1, 5, 2],), ([1],)],
    'return_in_while': [(4,)],
    'no_return': [([],)],
    'only_pass': [()],
    'chained_compare': [(5,), (12,)],
    'try_except': [(5,), (0,)],
    'del_stmt': [(1,)],
    'slices': [([1, 2, 3, 4],)],
    'multi_target': [(4,)],
    'method_call': [('  ab ',)],
    'var_defined_in_loop': [(3,), (0,)],
    'if_one_branch_new_var': [(1,), (-1,)],
    'while_modifies_list': [(3,)],
    'loop_over_dict': [({'a': 1, 'b': 2},)],
    'uses_global_stmt': [(5,)],
    'docstring_fn': [(1,)],
    'inner_break': [(5,)],
    'while_return_break': [(3,), (30,), (8,)],
    'try_in_loop': [([1, 0, 5],)],
    'continue_nested_if': [(8,)],
    'subscript_state': [({'k': 1}, 4)],
    'global_in_loop': [(4,)],
    'enumerate_zip': [([1, 2], [3, 4])],
    'dict_items': [({'a': 1, 'b': 2},)],
    'kwonly_call': [(3,)],
    'star_mixed': [([2, 3], {})],
    'elif_returns': [(-1,), (0,), (5,), (50,)],
    'def_in_loop': [(3,)],
    'lambda_in_loop': [(3,)],
    'while_with_else_var': [(3,)],
    'if_expression_stmt': [(1,), (0,)],
    'walrus': [([1, 2, 3],), ([],)],
    'nested_def_return_loop': [([-1, 3],), ([-2],)],
    'ann_assign': [(1,)],
    'raise_stmt': [(1,), (-1,)],
    'unary_ops': [(5,)],
    'set_and_tuple': [(1,)],
    'nested_while_break': [(4,)],
    'logic': [(1, 1), (1, -1), (-1, 1)],
    'while_call_test': [([1, 2, 3],)],
    'comp_in_loop': [(3,)],
    'if_in_with': [(1,), (-1,)],
    'return_in_try': [(2,), (0,)],
    'bare_return_mid': [([],), ([1],)],
    'subscript_aug_in_loop': [([1, 2],)],
    'nonlocal_in_if': [(True,), (False,)],
    'assert_in_loop': [([1, 2],), ([1, -1],)],
    'import_inside': [(2.5,)],
    'lambda_defaults': [(3,)],
    'ifexp_in_test': [(5,), (-2,)],
    'string_loop': [('graphlens',)],
    'lam': [(3,), (-2,)],
    'closure_live_after_loop': [(4,)],
    'closure_defined_in_loop': [(4,)],
    'closure_order': [(4,)],
    'nested_generator': [(2,)],
    'generator_expression': [(4,)],
}
