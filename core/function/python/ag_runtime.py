# The `ag__` module that AutoGraph-converted code calls (TF's autograph operators), on Python
# values. Tensors plug in through the module-level hooks below (the embedder replaces them):
# where AutoGraph would test for a tensor, these call _is_tensor / _is_dataset and hand staging
# to _stage_*.  Native helpers (_convert, _is_user_function, _is_builtin, _bound_method_parts,
# _super_in_context) are added by core/function.


def _is_tensor(x):
    return False


def _is_dataset(x):
    return False


def _do_not_convert(f):
    return False


def _call_builtin(f, args, kwargs):
    # Builtins reached through converted_call (len, range, abs, int, enumerate, ...): AutoGraph
    # routes them to tensor-aware overloads; on Python values they are the builtins themselves.
    return f(*args, **kwargs)


def _on_fallback(f, error):
    # Called when a function reached through converted_call cannot be converted and runs as is
    # (TF logs its "AutoGraph could not transform ..." warning here).
    pass


def _stage_if(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    raise NotImplementedError('no tensor staging installed')


def _stage_while(test, body, get_state, set_state, symbol_names, opts):
    raise NotImplementedError('no tensor staging installed')


def _stage_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    raise NotImplementedError('no tensor staging installed')


def _stage_and(a_value, b_thunk):
    raise NotImplementedError('no tensor staging installed')


def _stage_or(a_value, b_thunk):
    raise NotImplementedError('no tensor staging installed')


def _stage_not(a_value):
    raise NotImplementedError('no tensor staging installed')


def _stage_if_exp(cond, if_true, if_false, expr_repr):
    raise NotImplementedError('no tensor staging installed')


class AutoGraphError(Exception):
    pass


class ConversionError(AutoGraphError):
    pass


class UnsupportedLanguageElementError(ConversionError):
    pass


class ConversionOptions:

    def __init__(self, recursive=False, user_requested=False, internal_convert_user_code=True,
                 optional_features=()):
        self.recursive = recursive
        self.user_requested = user_requested
        self.internal_convert_user_code = internal_convert_user_code
        self.optional_features = optional_features

    def call_options(self):
        return ConversionOptions(recursive=self.recursive, user_requested=False,
                                 internal_convert_user_code=self.recursive,
                                 optional_features=self.optional_features)


STD = ConversionOptions(recursive=True)


class Undefined:

    def __init__(self, symbol_name):
        self.symbol_name = symbol_name

    def read(self):
        raise UnboundLocalError("'{}' is used before assignment".format(self.symbol_name))

    def __repr__(self):
        return self.symbol_name

    def __getattr__(self, name):
        return self

    def __getitem__(self, i):
        return self


class UndefinedReturnValue:
    pass


def ld(v):
    if isinstance(v, Undefined):
        return v.read()
    return v


def ldu(load_v, name):
    try:
        v = load_v()
    except (KeyError, AttributeError, NameError):
        return Undefined(name)
    return v


class FunctionScope:

    def __init__(self, function_name, scope_name, options):
        self.name = scope_name
        self.options = options
        self.function_name = function_name

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_val, exc_tb):
        return False

    def ret(self, value, did_return):
        if isinstance(value, UndefinedReturnValue):
            return None
        return value


def with_function_scope(thunk, scope_name, options):
    with FunctionScope('lambda_', scope_name, options) as scope:
        return thunk(scope)


def autograph_artifact(entity):
    try:
        entity.autograph_info__ = {}
    except (AttributeError, TypeError):
        pass
    return entity


def _is_artifact(f):
    try:
        return hasattr(f, 'autograph_info__')
    except Exception:
        return False


def do_not_convert(func=None):
    if func is None:
        return do_not_convert
    try:
        func.__ag_do_not_convert__ = True
    except (AttributeError, TypeError):
        pass
    return func


def _not_convertible(f):
    try:
        if hasattr(f, '_tf_function_marker'):
            return True
        if getattr(f, '__ag_do_not_convert__', False):
            return True
    except Exception:
        return True
    return _is_artifact(f) or _do_not_convert(f)


def converted_call(f, args, kwargs, caller_fn_scope=None, options=None):
    if kwargs is None:
        kwargs = {}
    if f is super and not args and not kwargs:
        # Zero-argument super() in converted code: the class and self of the converted method.
        return _super_in_context()
    if _is_builtin(f):
        return _call_builtin(f, args, kwargs)
    if _not_convertible(f):
        return f(*args, **kwargs)
    target = _convertible_target(f)
    if target is None:
        return f(*args, **kwargs)
    func, self_arg = target
    try:
        converted = _convert(func)
    except ConversionError as e:
        _on_fallback(f, e)
        return f(*args, **kwargs)
    if self_arg is not _NO_SELF:
        return converted(self_arg, *args, **kwargs)
    return converted(*args, **kwargs)


_NO_SELF = object()


def _convertible_target(f):
    # (user function, bound self or _NO_SELF), or None when f is called as it is.
    if _is_user_function(f):
        if getattr(f, '__ag_do_not_convert__', False):
            return None
        return (f, _NO_SELF)
    self_arg, func = _bound_method_parts(f)
    if func is not None and _is_user_function(func) and not _not_convertible(func):
        return (func, self_arg)
    if not isinstance(f, type):
        # A callable instance of a user class: its __call__ is converted, like AutoGraph does.
        call = getattr(type(f), '__call__', None)
        if call is not None and _is_user_function(call) and not _not_convertible(call):
            return (call, f)
    return None


def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    if _is_tensor(cond):
        return _stage_if(cond, body, orelse, get_state, set_state, symbol_names, nouts)
    if cond:
        body()
    else:
        orelse()


def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    cond = test()
    if _is_tensor(cond):
        return _stage_while(test, body, get_state, set_state, symbol_names, opts)
    while cond:
        body()
        cond = test()


def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    if _is_tensor(iter_) or _is_dataset(iter_):
        return _stage_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts)
    if extra_test is not None:
        if extra_test():
            for target in iter_:
                body(target)
                if not extra_test():
                    break
    else:
        for target in iter_:
            body(target)


def if_exp(cond, if_true, if_false, expr_repr):
    if _is_tensor(cond):
        return _stage_if_exp(cond, if_true, if_false, expr_repr)
    return if_true() if cond else if_false()


def and_(a, b):
    a_val = a()
    if _is_tensor(a_val):
        return _stage_and(a_val, b)
    return b() if a_val else a_val


def or_(a, b):
    a_val = a()
    if _is_tensor(a_val):
        return _stage_or(a_val, b)
    return a_val if a_val else b()


def not_(a):
    if _is_tensor(a):
        return _stage_not(a)
    return not a
