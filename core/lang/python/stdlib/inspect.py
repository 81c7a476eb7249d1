# The `inspect` module: signatures (Parameter, Signature, bind), the is* predicates, getmembers,
# getdoc/cleandoc, unwrap, and the source of the script's own functions and classes
# (getsource, getsourcelines, getfile), written from the documented behaviour of CPython 3.11.
import sys
import types
import enum
import functools
import _gl_source
from collections import namedtuple

__all__ = ['Parameter', 'Signature', 'BoundArguments', 'signature', 'isclass', 'isfunction', 'ismethod',
           'isbuiltin', 'isroutine', 'isgenerator', 'isgeneratorfunction', 'iscoroutinefunction', 'iscoroutine',
           'isawaitable', 'ismodule', 'iscode', 'isabstract', 'isdatadescriptor', 'ismethoddescriptor',
           'getmembers', 'getdoc', 'cleandoc', 'getsource', 'getsourcelines', 'getfile', 'getsourcefile',
           'findsource', 'unwrap', 'getfullargspec', 'getmro', 'formatannotation', 'getmodule',
           'currentframe', 'getattr_static', 'isasyncgenfunction', 'FullArgSpec']

CO_OPTIMIZED = 1
CO_NEWLOCALS = 2
CO_VARARGS = 4
CO_VARKEYWORDS = 8
CO_NESTED = 16
CO_GENERATOR = 32
CO_NOFREE = 64
CO_COROUTINE = 128
CO_ITERABLE_COROUTINE = 256
CO_ASYNC_GENERATOR = 512


def ismodule(obj):
    return isinstance(obj, types.ModuleType)


def isclass(obj):
    return isinstance(obj, type)


def ismethod(obj):
    return isinstance(obj, types.MethodType)


def isfunction(obj):
    return isinstance(obj, types.FunctionType)


def isbuiltin(obj):
    return isinstance(obj, types.BuiltinFunctionType)


def isgeneratorfunction(obj):
    obj = _unbind(obj)
    return isfunction(obj) and bool(obj.__code__.co_flags & CO_GENERATOR)


def iscoroutinefunction(obj):
    return False


def isasyncgenfunction(obj):
    return False


def isgenerator(obj):
    return isinstance(obj, types.GeneratorType)


def iscoroutine(obj):
    return False


def isawaitable(obj):
    return False


def iscode(obj):
    return type(obj).__name__ == 'code'


def istraceback(obj):
    return False


def isframe(obj):
    return False


def ismethoddescriptor(obj):
    if isclass(obj) or ismethod(obj) or isfunction(obj):
        return False
    t = type(obj)
    return hasattr(t, '__get__') and not hasattr(t, '__set__')


def isdatadescriptor(obj):
    if isinstance(obj, property):
        return True
    if isclass(obj) or ismethod(obj) or isfunction(obj):
        return False
    t = type(obj)
    return hasattr(t, '__set__') or hasattr(t, '__delete__')


def isroutine(obj):
    return isbuiltin(obj) or isfunction(obj) or ismethod(obj) or ismethoddescriptor(obj)


def isabstract(obj):
    return isinstance(obj, type) and bool(getattr(obj, '__abstractmethods__', False))


def _unbind(obj):
    while ismethod(obj):
        obj = obj.__func__
    while isinstance(obj, functools.partial):
        obj = obj.func
    return obj


def getmro(cls):
    return cls.__mro__


def getmembers(object, predicate=None):
    """(name, value) pairs of an object's attributes, sorted by name."""
    results = []
    names = dir(object)
    if isclass(object):
        for base in object.__mro__:
            for k in base.__dict__:
                if k not in names:
                    names.append(k)
    for key in names:
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def getattr_static(obj, attr, default=None):
    for d in ([obj.__dict__] if hasattr(obj, '__dict__') and not isclass(obj) else []) + \
            [c.__dict__ for c in (obj.__mro__ if isclass(obj) else type(obj).__mro__)]:
        if attr in d:
            return d[attr]
    if default is not None:
        return default
    raise AttributeError(attr)


def cleandoc(doc):
    """A docstring without its indentation and leading/trailing blank lines."""
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    if lines:
        lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def _finddoc(obj):
    if isclass(obj):
        for base in obj.__mro__:
            if base is not object:
                doc = base.__dict__.get('__doc__')
                if isinstance(doc, str):
                    return doc
        return None
    name = getattr(obj, '__name__', None)
    owner = None
    if ismethod(obj):
        self = obj.__self__
        owner = self if isclass(self) else type(self)
        obj = obj.__func__
    elif isfunction(obj):
        qual = obj.__qualname__.split('.')
        if len(qual) > 1 and '<locals>' not in qual:
            owner = _gl_source.module_globals(obj.__module__) or {}
            owner = owner.get(qual[0])
            for part in qual[1:-1]:
                owner = getattr(owner, part, None)
    if owner is None or name is None:
        return None
    for base in owner.__mro__[1:]:
        doc = getattr(base.__dict__.get(name), '__doc__', None)
        if isinstance(doc, str):
            return doc
    return None


def getdoc(object):
    """The cleaned docstring of an object, inherited from a base class when it has none."""
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None:
        try:
            doc = _finddoc(object)
        except (AttributeError, TypeError):
            return None
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def unwrap(func, *, stop=None):
    """Follow __wrapped__ to the innermost function."""
    f = func
    seen = {id(f)}
    while hasattr(f, '__wrapped__') and not (stop is not None and stop(f)):
        f = f.__wrapped__
        if id(f) in seen:
            raise ValueError('wrapper loop when unwrapping ' + repr(func))
        seen.add(id(f))
    return f


# ---------------------------------------------------------------------------------------------
# Source


def getfile(object):
    """The file a module, class, function or code object was defined in."""
    if ismodule(object):
        if getattr(object, '__file__', None):
            return object.__file__
        raise TypeError(repr(object) + ' is a built-in module')
    if isclass(object):
        if object.__module__ == 'builtins' or not hasattr(object, '__module__'):
            raise TypeError(repr(object) + ' is a built-in class')
        g = _gl_source.module_globals(object.__module__) or {}
        if g.get('__file__'):
            return g['__file__']
        for base in object.__mro__:
            for v in base.__dict__.values():
                v = getattr(v, '__func__', v)
                if isfunction(v) and v.__qualname__.startswith(object.__qualname__ + '.'):
                    return v.__code__.co_filename
        raise TypeError('source code not available')
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if iscode(object):
        return object.co_filename
    raise TypeError('module, class, method, function, traceback, frame, or code object was expected, got ' +
                    type(object).__name__)


def getsourcefile(object):
    return getfile(object)


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    name = getattr(object, '__module__', None)
    if name is None:
        return None
    try:
        return __import__(name)
    except Exception:
        return None


def _lines_of(object):
    filename = getfile(object)
    lines = _gl_source.getlines(filename)
    if lines is None:
        raise OSError('could not get source code')
    return lines


def _indent(line):
    return len(line) - len(line.lstrip())


def _class_span(lines, qualname):
    start, indent = 0, -1
    limit = len(lines)
    for part in qualname.split('.'):
        if part == '<locals>':
            continue
        found = None
        for i in range(start, limit):
            text = lines[i].lstrip()
            if text.startswith('class ') and _indent(lines[i]) > indent:
                rest = text[6:].lstrip()
                name = ''
                for ch in rest:
                    if ch.isalnum() or ch == '_':
                        name += ch
                    else:
                        break
                if name == part:
                    found = i
                    break
        if found is None:
            raise OSError('could not find class definition')
        indent = _indent(lines[found])
        end = found + 1
        while end < limit:
            text = lines[end].strip()
            if text and not text.startswith('#') and _indent(lines[end]) <= indent:
                break
            end += 1
        while end > found + 1 and not lines[end - 1].strip():
            end -= 1
        start, limit = found, end
    first = start
    while first > 0 and lines[first - 1].lstrip().startswith('@') and _indent(lines[first - 1]) == indent:
        first -= 1
    return first, limit


def findsource(object):
    """All the lines of the object's file and the index of its first line."""
    lines = _lines_of(object)
    if isclass(object):
        first, _ = _class_span(lines, object.__qualname__)
        return lines, first
    object = unwrap(_unbind(object)) if not iscode(object) else object
    code = object if iscode(object) else object.__code__
    return lines, code.co_firstlineno - 1


def getsourcelines(object):
    """The source lines of a function, method or class of the running script, and its first line number."""
    if ismodule(object):
        lines = _lines_of(object)
        return lines, 0
    if isclass(object):
        lines = _lines_of(object)
        first, end = _class_span(lines, object.__qualname__)
        return lines[first:end], first + 1
    object = unwrap(_unbind(object))
    if not (isfunction(object) or iscode(object)):
        raise TypeError('module, class, method, function, traceback, frame, or code object was expected, got ' +
                        type(object).__name__)
    code = object if iscode(object) else object.__code__
    lines = _lines_of(code)
    first = code.co_firstlineno - 1
    last = code._gl_lastlineno
    return lines[first:last], first + 1


def getsource(object):
    """The source text of a function, method or class of the running script."""
    lines, _ = getsourcelines(object)
    return ''.join(lines)


def currentframe():
    return None


def stack(context=1):
    return []


# ---------------------------------------------------------------------------------------------
# Signatures


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _void:
    pass


class _ParameterKind(enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _KIND_DESCRIPTIONS[self]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
_KIND_DESCRIPTIONS = {_POSITIONAL_ONLY: 'positional-only', _POSITIONAL_OR_KEYWORD: 'positional or keyword',
                      _VAR_POSITIONAL: 'variadic positional', _KEYWORD_ONLY: 'keyword-only',
                      _VAR_KEYWORD: 'variadic keyword'}


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, types.GenericAlias):
        return str(annotation)
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    """One parameter of a Signature: name, kind, default and annotation."""
    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(repr(kind) + ' is not a valid Parameter.kind')
        if default is not _empty and self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
            raise ValueError(self._kind.description + ' parameters cannot have default values')
        if not isinstance(name, str):
            raise TypeError('name must be a str, not a ' + type(name).__name__)
        if not name.isidentifier():
            raise ValueError(repr(name) + ' is not a valid parameter name')
        self._name = name
        self._default = default
        self._annotation = annotation

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        return type(self)(self._name if name is _void else name, self._kind if kind is _void else kind,
                          default=self._default if default is _void else default,
                          annotation=self._annotation if annotation is _void else annotation)

    def __str__(self):
        kind = self._kind
        text = self._name
        if self._annotation is not _empty:
            text = text + ': ' + formatannotation(self._annotation)
        if self._default is not _empty:
            if self._annotation is not _empty:
                text = text + ' = ' + repr(self._default)
            else:
                text = text + '=' + repr(self._default)
        if kind == _VAR_POSITIONAL:
            text = '*' + text
        elif kind == _VAR_KEYWORD:
            text = '**' + text
        return text

    def __repr__(self):
        return '<' + type(self).__name__ + ' "' + str(self) + '">'

    def __hash__(self):
        return hash((self._name, self._kind, self._annotation, self._default))

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default and
                self._annotation == other._annotation)


class BoundArguments:
    """The result of Signature.bind: arguments by parameter name."""

    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for name, p in self._signature.parameters.items():
            if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            if name not in self.arguments:
                break
            if p.kind == _VAR_POSITIONAL:
                args.extend(self.arguments[name])
            else:
                args.append(self.arguments[name])
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        started = False
        for name, p in self._signature.parameters.items():
            if not started:
                if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    started = True
                elif name not in self.arguments:
                    started = True
                    continue
            if not started or name not in self.arguments:
                continue
            if p.kind == _VAR_KEYWORD:
                kwargs.update(self.arguments[name])
            else:
                kwargs[name] = self.arguments[name]
        return kwargs

    def apply_defaults(self):
        new = {}
        for name, p in self._signature.parameters.items():
            if name in self.arguments:
                new[name] = self.arguments[name]
            elif p.default is not _empty:
                new[name] = p.default
            elif p.kind == _VAR_POSITIONAL:
                new[name] = ()
            elif p.kind == _VAR_KEYWORD:
                new[name] = {}
        self.arguments = new

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        return '<BoundArguments (' + ', '.join(k + '=' + repr(v) for k, v in self.arguments.items()) + ')>'


class Signature:
    """The parameters and return annotation of a callable; str() is how CPython prints it."""
    empty = _empty
    _parameter_cls = Parameter
    _bound_arguments_cls = BoundArguments

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = {}
        if parameters is not None:
            kind_order = _POSITIONAL_ONLY
            seen_default = False
            for p in parameters:
                if __validate_parameters__:
                    if p.kind < kind_order:
                        raise ValueError('wrong parameter order: ' + kind_order.description + ' parameter before ' +
                                         p.kind.description + ' parameter')
                    if p.kind > kind_order:
                        kind_order = p.kind
                    if p.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                        if p.default is _empty:
                            if seen_default:
                                raise ValueError('non-default argument follows default argument')
                        else:
                            seen_default = True
                    if p.name in params:
                        raise ValueError('duplicate parameter name: ' + repr(p.name))
                params[p.name] = p
        self._parameters = types.MappingProxyType(params)
        self._return_annotation = return_annotation

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = self._parameters.values()
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return (self._return_annotation == other._return_annotation and
                list(self._parameters.values()) == list(other._parameters.values()))

    def __hash__(self):
        return hash((tuple(self._parameters.values()), self._return_annotation))

    def _bind(self, args, kwargs, partial=False):
        arguments = {}
        params = list(self._parameters.values())
        i = 0
        args = list(args)
        kwargs = dict(kwargs)
        ai = 0
        while ai < len(args):
            if i >= len(params):
                raise TypeError('too many positional arguments')
            p = params[i]
            if p.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                raise TypeError('too many positional arguments')
            if p.kind == _VAR_POSITIONAL:
                arguments[p.name] = tuple(args[ai:])
                ai = len(args)
                i += 1
                break
            if p.name in kwargs and p.kind != _POSITIONAL_ONLY:
                raise TypeError('multiple values for argument ' + repr(p.name))
            arguments[p.name] = args[ai]
            ai += 1
            i += 1
        kwargs_param = None
        for p in params[i:]:
            if p.kind == _VAR_KEYWORD:
                kwargs_param = p
                continue
            if p.kind == _VAR_POSITIONAL:
                continue
            name = p.name
            if name in kwargs and p.kind == _POSITIONAL_ONLY:
                if kwargs_param is None and not any(q.kind == _VAR_KEYWORD for q in params):
                    raise TypeError(repr(name) + ' parameter is positional only, but was passed as a keyword')
                continue
            if name in kwargs:
                arguments[name] = kwargs.pop(name)
            elif not partial and p.default is _empty:
                raise TypeError('missing a required argument: ' + repr(name))
        if kwargs:
            if kwargs_param is not None:
                arguments[kwargs_param.name] = kwargs
            else:
                raise TypeError('got an unexpected keyword argument ' + repr(next(iter(kwargs))))
        return self._bound_arguments_cls(self, arguments)

    def bind(self, /, *args, **kwargs):
        """Bind arguments to parameters as a call would; TypeError when they do not fit."""
        return self._bind(args, kwargs)

    def bind_partial(self, /, *args, **kwargs):
        """Like bind, but required parameters may be left out."""
        return self._bind(args, kwargs, partial=True)

    def __str__(self):
        result = []
        render_pos_only = False
        render_kw_only = True
        for p in self._parameters.values():
            kind = p.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only = True
            elif render_pos_only:
                result.append('/')
                render_pos_only = False
            if kind == _VAR_POSITIONAL:
                render_kw_only = False
            elif kind == _KEYWORD_ONLY and render_kw_only:
                result.append('*')
                render_kw_only = False
            result.append(str(p))
        if render_pos_only:
            result.append('/')
        text = '(' + ', '.join(result) + ')'
        if self._return_annotation is not _empty:
            text = text + ' -> ' + formatannotation(self._return_annotation)
        return text

    def __repr__(self):
        return '<' + type(self).__name__ + ' ' + str(self) + '>'


def _signature_from_function(func):
    fields = getattr(func, '__dataclass_init_fields__', None)
    annotations = getattr(func, '__annotations__', None) or {}
    if fields is not None:
        from dataclasses import MISSING
        pos, kw = fields
        params = [Parameter('self', _POSITIONAL_OR_KEYWORD)]
        for group, kind in ((pos, _POSITIONAL_OR_KEYWORD), (kw, _KEYWORD_ONLY)):
            for f in group:
                if f.default is not MISSING:
                    default = f.default
                elif f.default_factory is not MISSING:
                    default = _HasDefaultFactory
                else:
                    default = _empty
                params.append(Parameter(f.name, kind, default=default, annotation=f.type))
        return Signature(params, return_annotation=None)
    code = func.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkw = code.co_kwonlyargcount
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    params = []
    first_default = npos - len(defaults)
    for i in range(npos):
        name = names[i]
        kind = _POSITIONAL_ONLY if i < nposonly else _POSITIONAL_OR_KEYWORD
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=default, annotation=annotations.get(name, _empty)))
    at = npos + nkw
    if code.co_flags & CO_VARARGS:
        name = names[at]
        params.append(Parameter(name, _VAR_POSITIONAL, annotation=annotations.get(name, _empty)))
        at += 1
    for i in range(npos, npos + nkw):
        name = names[i]
        params.append(Parameter(name, _KEYWORD_ONLY, default=kwdefaults.get(name, _empty),
                                annotation=annotations.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        name = names[at]
        params.append(Parameter(name, _VAR_KEYWORD, annotation=annotations.get(name, _empty)))
    return Signature(params, return_annotation=annotations.get('return', _empty), __validate_parameters__=False)


class _HasDefaultFactory:
    def __repr__(self):
        return '<factory>'


_HasDefaultFactory = _HasDefaultFactory()


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    if params[0].kind == _VAR_POSITIONAL:
        return sig
    return sig.replace(parameters=params[1:])


def _signature_of_partial(p):
    sig = signature(p.func)
    params = list(sig.parameters.values())
    args = list(p.args)
    out = []
    for param in params:
        if args and param.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
            args.pop(0)
            continue
        if args and param.kind == _VAR_POSITIONAL:
            out.append(param)
            args = []
            continue
        if param.name in p.keywords and param.kind != _POSITIONAL_ONLY:
            out.append(param.replace(default=p.keywords[param.name],
                                     kind=_KEYWORD_ONLY if param.kind == _POSITIONAL_OR_KEYWORD else param.kind))
            continue
        out.append(param)
    if args:
        raise ValueError('partial object ' + repr(p) + ' has incorrect arguments')
    kinds_sorted = sorted(out, key=lambda q: q.kind)
    return sig.replace(parameters=kinds_sorted)


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    """The Signature of a callable."""
    if not callable(obj):
        raise TypeError(repr(obj) + ' is not a callable object')
    if isinstance(obj, types.MethodType):
        return _drop_first(signature(obj.__func__, follow_wrapped=follow_wrapped))
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if isinstance(obj, types.MethodType):
            return signature(obj, follow_wrapped=follow_wrapped)
    sig = getattr(obj, '__signature__', None) if not isclass(obj) else obj.__dict__.get('__signature__')
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError('unexpected object ' + repr(sig) + ' in __signature__ attribute')
        return sig
    if isfunction(obj):
        return _signature_from_function(obj)
    if isinstance(obj, functools.partial):
        return _signature_of_partial(obj)
    if isbuiltin(obj):
        raise ValueError('no signature found for builtin ' + repr(obj))
    if isclass(obj):
        meta_call = None
        for base in type(obj).__mro__:
            if base is type or base is object:
                break
            if '__call__' in base.__dict__:
                meta_call = base.__dict__['__call__']
                break
        if meta_call is not None and isfunction(meta_call):
            return _drop_first(signature(meta_call))
        for base in obj.__mro__:
            if base is object:
                break
            if '__new__' in base.__dict__ and isfunction(getattr(base.__dict__['__new__'], '__func__',
                                                                 base.__dict__['__new__'])):
                new = base.__dict__['__new__']
                return _drop_first(signature(getattr(new, '__func__', new)))
            if '__init__' in base.__dict__:
                init = base.__dict__['__init__']
                if isfunction(init):
                    return _drop_first(signature(init))
                break
        if obj.__module__ == 'builtins':
            raise ValueError('no signature found for builtin type ' + repr(obj))
        return Signature()
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _drop_first(signature(call))
    raise ValueError('callable ' + repr(obj) + ' is not supported by signature')


FullArgSpec = namedtuple('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations')


def getfullargspec(func):
    """The parameters of a function as a FullArgSpec named tuple."""
    try:
        sig = signature(func, follow_wrapped=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args, varargs, varkw, kwonly = [], None, None, []
    defaults, kwdefaults = (), {}
    annotations = {}
    if sig.return_annotation is not _empty:
        annotations['return'] = sig.return_annotation
    for p in sig.parameters.values():
        if p.annotation is not _empty:
            annotations[p.name] = p.annotation
        if p.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
            args.append(p.name)
            if p.default is not _empty:
                defaults += (p.default,)
        elif p.kind == _VAR_POSITIONAL:
            varargs = p.name
        elif p.kind == _KEYWORD_ONLY:
            kwonly.append(p.name)
            if p.default is not _empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonly, kwdefaults or None, annotations)
