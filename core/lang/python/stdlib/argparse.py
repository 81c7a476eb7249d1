# `argparse` as CPython 3.11 behaves for the scripts TF programs are: options and positionals,
# the common actions, nargs, types and choices, groups, and its usage, help and error texts
# (errors go to stderr with the usage and exit with status 2). Subparsers are not here.
import os as _os
import shutil as _shutil
import sys as _sys
import textwrap as _textwrap

SUPPRESS = '==SUPPRESS=='
OPTIONAL = '?'
ZERO_OR_MORE = '*'
ONE_OR_MORE = '+'
REMAINDER = '...'


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        parts = []
        for k, v in self.__dict__.items():
            parts.append('%s=%r' % (k, v) if k.isidentifier() else '**{%r: %r}' % (k, v))
        return 'Namespace(%s)' % ', '.join(parts)

    def __eq__(self, other):
        if not isinstance(other, Namespace):
            return NotImplemented
        return vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _action_name(argument)
        self.message = message

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return 'argument %s: %s' % (self.argument_name, self.message)


class ArgumentTypeError(Exception):
    pass


def _action_name(action):
    if action is None:
        return None
    if action.option_strings:
        return '/'.join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar if isinstance(action.metavar, str) else action.metavar[0]
    if action.dest not in (None, SUPPRESS):
        return action.dest
    return None


class Action:
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None, choices=None,
                 required=False, help=None, metavar=None, kind='store'):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.kind = kind

    def takes_value(self):
        return self.kind in ('store', 'append', 'extend')

    def __repr__(self):
        names = ['option_strings', 'dest', 'nargs', 'const', 'default', 'type', 'choices', 'required', 'help',
                 'metavar']
        return '%s(%s)' % (type(self).__name__, ', '.join('%s=%r' % (n, getattr(self, n)) for n in names))


class FileType:
    def __init__(self, mode='r', bufsize=-1, encoding=None, errors=None):
        self._mode = mode
        self._encoding = encoding
        self._errors = errors

    def __call__(self, string):
        if string == '-':
            return _sys.stdin if 'r' in self._mode else _sys.stdout
        try:
            return open(string, self._mode, encoding=self._encoding, errors=self._errors)
        except OSError as e:
            raise ArgumentTypeError("can't open '%s': %s" % (string, e))


class HelpFormatter:
    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        if width is None:
            width = _shutil.get_terminal_size().columns - 2
        self._prog = prog
        self._width = width
        self._max_help_position = min(max_help_position, max(width - 20, indent_increment * 2))

    def _help_text(self, action):
        text = action.help
        if self._defaults_shown() and '%(default)' not in text and action.default is not SUPPRESS:
            if action.option_strings or action.nargs in (OPTIONAL, ZERO_OR_MORE):
                text += ' (default: %(default)s)'
        if '%' not in text:
            return text
        params = dict(vars(action), prog=self._prog)
        for k in list(params):
            if params[k] is SUPPRESS:
                del params[k]
        for k in list(params):
            if hasattr(params[k], '__name__'):
                params[k] = params[k].__name__
        if params.get('choices') is not None:
            params['choices'] = ', '.join(str(c) for c in params['choices'])
        return text % params

    def _defaults_shown(self):
        return False

    def _fill_text(self, text, width, indent):
        text = ' '.join(text.split())
        return _textwrap.fill(text, width, initial_indent=indent, subsequent_indent=indent)

    def _split_lines(self, text, width):
        return _textwrap.wrap(' '.join(text.split()), width)


class RawDescriptionHelpFormatter(HelpFormatter):
    def _fill_text(self, text, width, indent):
        return ''.join(indent + line for line in text.splitlines(keepends=True))


class RawTextHelpFormatter(RawDescriptionHelpFormatter):
    def _split_lines(self, text, width):
        return text.splitlines()


class ArgumentDefaultsHelpFormatter(HelpFormatter):
    def _defaults_shown(self):
        return True


class MetavarTypeHelpFormatter(HelpFormatter):
    pass


def _metavar(action, default):
    if action.metavar is not None:
        m = action.metavar
    elif action.choices is not None:
        m = '{%s}' % ','.join(str(c) for c in action.choices)
    else:
        m = default
    return m


def _args_text(action, default_metavar):
    m = _metavar(action, default_metavar)

    def one(i):
        return m[i] if isinstance(m, tuple) else m
    n = action.nargs
    if n is None:
        return one(0)
    if n == OPTIONAL:
        return '[%s]' % one(0)
    if n == ZERO_OR_MORE:
        return '[%s ...]' % one(0) if not isinstance(m, tuple) or len(m) == 1 else '[%s [%s ...]]' % (m[0], m[1])
    if n == ONE_OR_MORE:
        return '%s [%s ...]' % (one(0), one(1) if isinstance(m, tuple) and len(m) > 1 else one(0))
    if n == REMAINDER:
        return '...'
    return ' '.join(one(i) for i in range(n))


class _Group:
    def __init__(self, parser, title=None, description=None, exclusive=False, required=False):
        self._parser = parser
        self.title = title
        self.description = description
        self._actions = []
        self._exclusive = exclusive
        self.required = required

    def add_argument(self, *args, **kwargs):
        # an exclusive group's arguments show in the parser's own sections
        action = self._parser.add_argument(*args, **kwargs) if self._exclusive else self._parser._add(args, kwargs)
        self._actions.append(action)
        return action

    def add_argument_group(self, *args, **kwargs):
        return self._parser.add_argument_group(*args, **kwargs)

    def add_mutually_exclusive_group(self, required=False):
        return self._parser.add_mutually_exclusive_group(required=required)


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=HelpFormatter, prefix_chars='-', fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler='error', add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        self.prog = prog if prog is not None else _os.path.basename(_sys.argv[0] if _sys.argv else '')
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.formatter_class = formatter_class
        self.prefix_chars = prefix_chars
        self.argument_default = argument_default
        self.allow_abbrev = allow_abbrev
        self.exit_on_error = exit_on_error
        self._actions = []
        self._defaults = {}
        self._positionals = _Group(self, 'positional arguments')
        self._optionals = _Group(self, 'options')
        self._groups = [self._positionals, self._optionals]
        self._exclusive = []
        if add_help:
            self.add_argument(prefix_chars[0] + 'h', prefix_chars[0] * 2 + 'help', action='help',
                              default=SUPPRESS, help='show this help message and exit')
        for parent in parents:
            for a in parent._actions:
                if a.kind != 'help':
                    self._actions.append(a)
                    (self._optionals if a.option_strings else self._positionals)._actions.append(a)
            self._defaults.update(parent._defaults)

    # ----- building
    def add_argument(self, *args, **kwargs):
        group = self._optionals if args and args[0][:1] in self.prefix_chars else self._positionals
        action = self._add(args, kwargs)
        group._actions.append(action)
        return action

    def _add(self, args, kwargs):
        kind = kwargs.pop('action', 'store')
        if not isinstance(kind, str):
            raise NotImplementedError('argparse: custom Action classes are not supported by GraphLens')
        if kind not in ('store', 'store_const', 'store_true', 'store_false', 'append', 'append_const', 'count',
                        'help', 'version', 'extend'):
            raise ValueError('unknown action "%s"' % kind)
        if args and args[0][:1] in self.prefix_chars:
            option_strings = list(args)
            dest = kwargs.pop('dest', None)
            if dest is None:
                longs = [s for s in option_strings if s[1:2] in self.prefix_chars]
                dest = (longs[0] if longs else option_strings[0]).lstrip(self.prefix_chars).replace('-', '_')
        else:
            if len(args) != 1:
                raise ValueError('invalid option string %r: must start with a character %r'
                                 % (args[1] if len(args) > 1 else '', self.prefix_chars))
            if 'dest' in kwargs:
                raise ValueError('dest supplied twice for positional argument')
            option_strings = []
            dest = args[0]
        for s in option_strings:
            for a in self._actions:
                if s in a.option_strings:
                    raise ArgumentError(None, 'argument %s: conflicting option string: %s'
                                        % ('/'.join(option_strings), s))
        default = kwargs.pop('default', self._defaults.get(dest, self.argument_default))
        const = kwargs.pop('const', None)
        nargs = kwargs.pop('nargs', None)
        if kind == 'store_true':
            const, default, nargs = True, False if default is None else default, 0
        elif kind == 'store_false':
            const, default, nargs = False, True if default is None else default, 0
        elif kind in ('store_const', 'append_const', 'count', 'help', 'version'):
            nargs = 0
        if kind == 'version':
            self._version = kwargs.pop('version', None)
            default = SUPPRESS
            kwargs.setdefault('help', "show program's version number and exit")
        if nargs == 0 and kind in ('store', 'append', 'extend'):
            raise ValueError('nargs for store actions must be != 0; if you have nothing to store, actions such '
                             'as store true or store const may be more appropriate')
        required = kwargs.pop('required', False if option_strings else nargs not in (OPTIONAL, ZERO_OR_MORE))
        action = Action(option_strings, dest, nargs=nargs, const=const, default=default,
                        type=kwargs.pop('type', None), choices=kwargs.pop('choices', None), required=required,
                        help=kwargs.pop('help', None), metavar=kwargs.pop('metavar', None), kind=kind)
        if kwargs:
            raise TypeError("__init__() got an unexpected keyword argument '%s'" % next(iter(kwargs)))
        if action.type is not None and not callable(action.type):
            raise ValueError('%r is not callable' % (action.type,))
        self._actions.append(action)
        return action

    def add_argument_group(self, title=None, description=None):
        group = _Group(self, title, description)
        self._groups.append(group)
        return group

    def add_mutually_exclusive_group(self, required=False):
        group = _Group(self, exclusive=True, required=required)
        self._exclusive.append(group)
        return group

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    # ----- texts
    def _formatter(self):
        return self.formatter_class(prog=self.prog)

    def _usage_parts(self):
        opts, poss = [], []
        grouped = {}
        for group in self._exclusive:
            for a in group._actions:
                grouped[id(a)] = group
        done = set()
        for a in self._actions:
            if a.help is SUPPRESS:
                continue
            group = grouped.get(id(a))
            if group is not None:
                if id(group) in done:
                    continue
                done.add(id(group))
                inner = ' | '.join(self._usage_part(b, True) for b in group._actions if b.help is not SUPPRESS)
                opts.append(('(%s)' if group.required else '[%s]') % inner)
            elif a.option_strings:
                part = self._usage_part(a, True)
                opts.append(part if a.required else '[%s]' % part)
            else:
                poss.append(_args_text(a, a.dest))
        return opts, [p for p in poss if p]

    def _usage_part(self, a, bare):
        part = a.option_strings[0] if a.option_strings else _args_text(a, a.dest)
        if a.option_strings and a.takes_value():
            part += ' ' + _args_text(a, a.dest.upper())
        return part

    def format_usage(self):
        return self._usage_text() + '\n'

    def _usage_text(self):
        prefix = 'usage: '
        if self.usage is not None:
            return prefix + self.usage % {'prog': self.prog}
        width = self._formatter()._width
        opts, poss = self._usage_parts()
        one = ' '.join([self.prog] + opts + poss)
        if len(prefix) + len(one) <= width:
            return prefix + one

        def lines_of(parts, indent, first=None):
            lines, line = [], []
            line_len = len(first) - 1 if first is not None else len(indent) - 1
            for part in parts:
                if line_len + 1 + len(part) > width and line:
                    lines.append(indent + ' '.join(line))
                    line, line_len = [], len(indent) - 1
                line.append(part)
                line_len += len(part) + 1
            if line:
                lines.append(indent + ' '.join(line))
            if first is not None:
                lines[0] = lines[0][len(indent):]
            return lines
        if len(prefix) + len(self.prog) <= 0.75 * width:
            indent = ' ' * (len(prefix) + len(self.prog) + 1)
            if opts:
                lines = lines_of([self.prog] + opts, indent, prefix)
                lines += lines_of(poss, indent)
            elif poss:
                lines = lines_of([self.prog] + poss, indent, prefix)
            else:
                lines = [self.prog]
        else:
            indent = ' ' * len(prefix)
            lines = lines_of(opts + poss, indent)
            if len(lines) > 1:
                lines = lines_of(opts, indent) + lines_of(poss, indent)
            lines = [self.prog] + lines
        return prefix + '\n'.join(lines)

    def _invocation(self, a):
        if not a.option_strings:
            m = _metavar(a, a.dest)
            return ' '.join(m) if isinstance(m, tuple) else m
        if not a.takes_value():
            return ', '.join(a.option_strings)
        args = _args_text(a, a.dest.upper())
        return ', '.join('%s %s' % (s, args) for s in a.option_strings)

    def format_help(self):
        f = self._formatter()
        out = [self._usage_text() + '\n']
        if self.description:
            out.append('\n' + f._fill_text(self.description, f._width, '') + '\n')
        shown = [a for a in self._actions if a.help is not SUPPRESS]
        longest = max([len(self._invocation(a)) + 2 for a in shown] + [0])
        help_position = min(longest + 2, f._max_help_position)
        help_width = max(f._width - help_position, 11)
        action_width = help_position - 2 - 2
        for group in self._groups:
            actions = [a for a in group._actions if a.help is not SUPPRESS]
            if not actions and not group.description:
                continue
            section = ['\n%s:\n' % group.title]
            if group.description:
                section.append(f._fill_text(group.description, f._width - 2, '  ') + '\n\n')
            for a in actions:
                head = self._invocation(a)
                if a.help is None:
                    section.append('  %s\n' % head)
                    continue
                lines = f._split_lines(f._help_text(a), help_width)
                if len(head) <= action_width:
                    section.append('  %-*s  ' % (action_width, head) + (lines[0] if lines else '') + '\n')
                    rest = lines[1:]
                else:
                    section.append('  %s\n' % head)
                    rest = lines
                for line in rest:
                    section.append(' ' * help_position + line + '\n')
            out.append(''.join(section))
        if self.epilog:
            out.append('\n' + f._fill_text(self.epilog, f._width, '') + '\n')
        return ''.join(out)

    def print_usage(self, file=None):
        (file or _sys.stdout).write(self.format_usage())

    def print_help(self, file=None):
        (file or _sys.stdout).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            _sys.stderr.write(message)
        _sys.exit(status)

    def error(self, message):
        self.print_usage(_sys.stderr)
        self.exit(2, '%s: error: %s\n' % (self.prog, message))

    # ----- parsing
    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error('unrecognized arguments: %s' % ' '.join(extras))
        return ns

    def parse_known_args(self, args=None, namespace=None):
        args = list(_sys.argv[1:] if args is None else args)
        ns = Namespace() if namespace is None else namespace
        for a in self._actions:
            if a.dest is not SUPPRESS and not hasattr(ns, a.dest) and a.default is not SUPPRESS:
                setattr(ns, a.dest, a.default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        try:
            extras = self._parse(args, ns)
        except ArgumentError as e:
            if not self.exit_on_error:
                raise
            self.error(str(e))
        return ns, extras

    def _looks_negative(self, s):
        # CPython's pattern: -123 or -1.5 / -.5 (no exponents), and only while no option looks so
        body = s[1:]
        if not s.startswith('-') or not body:
            return False
        if body.isdigit():
            pass
        elif '.' in body:
            whole, _, frac = body.partition('.')
            if not frac.isdigit() or (whole and not whole.isdigit()):
                return False
        else:
            return False
        return not any(self._looks_negative_option(o) for a in self._actions for o in a.option_strings)

    def _looks_negative_option(self, o):
        body = o[1:]
        return o.startswith('-') and bool(body) and body.replace('.', '', 1).isdigit()

    def _is_option(self, s):
        return len(s) > 1 and s[0] in self.prefix_chars and not self._looks_negative(s) and ' ' not in s

    def _find_option(self, s):
        # -> (action, attached value or None, the option string the user meant)
        if '=' in s and s[1:2] in self.prefix_chars:
            name, value = s.split('=', 1)
        else:
            name, value = s, None
        for a in self._actions:
            if name in a.option_strings:
                return a, value, name
        if s[1:2] not in self.prefix_chars:  # -xVALUE or -xyz
            short = s[:2]
            for a in self._actions:
                if short in a.option_strings:
                    return a, s[2:] if len(s) > 2 else None, short
            return None, None, s
        if self.allow_abbrev:
            hits = [(a, o) for a in self._actions for o in a.option_strings if o.startswith(name)]
            if len(hits) > 1:
                raise ArgumentError(None, 'ambiguous option: %s could match %s'
                                    % (name, ', '.join(o for _, o in hits)))
            if hits:
                return hits[0][0], value, hits[0][1]
        return None, None, s

    def _convert(self, action, text):
        if action.type is None:
            value = text
        else:
            try:
                value = action.type(text)
            except ArgumentTypeError as e:
                raise ArgumentError(action, str(e))
            except (TypeError, ValueError):
                name = getattr(action.type, '__name__', repr(action.type))
                raise ArgumentError(action, 'invalid %s value: %r' % (name, text))
        if action.choices is not None and value not in action.choices:
            raise ArgumentError(action, 'invalid choice: %r (choose from %s)'
                                % (value, ', '.join(repr(c) for c in action.choices)))
        return value

    def _store(self, ns, action, values, text_count):
        if action.kind == 'help':
            self.print_help()
            self.exit()
        if action.kind == 'version':
            _sys.stdout.write('%s\n' % (self._version % {'prog': self.prog} if self._version else ''))
            self.exit()
        if action.kind in ('store_const', 'store_true', 'store_false'):
            setattr(ns, action.dest, action.const)
        elif action.kind == 'append_const':
            setattr(ns, action.dest, list(getattr(ns, action.dest, None) or []) + [action.const])
        elif action.kind == 'count':
            setattr(ns, action.dest, (getattr(ns, action.dest, None) or 0) + 1)
        elif action.kind == 'append':
            setattr(ns, action.dest, list(getattr(ns, action.dest, None) or []) + [values])
        elif action.kind == 'extend':
            setattr(ns, action.dest, list(getattr(ns, action.dest, None) or []) + list(values))
        else:
            setattr(ns, action.dest, values)

    def _values(self, action, texts):
        n = action.nargs
        if n is None:
            return self._convert(action, texts[0])
        if n == OPTIONAL:
            if not texts:
                return action.const if action.option_strings else action.default
            return self._convert(action, texts[0])
        if n == REMAINDER:
            return list(texts)
        return [self._convert(action, t) for t in texts]

    def _parse(self, args, ns):
        seen, extras, positional_texts = [], [], []
        seen_exclusive = {}
        i = 0
        only_positionals = False
        while i < len(args):
            s = args[i]
            if only_positionals or not self._is_option(s):
                if s == '--' and not only_positionals:
                    only_positionals = True
                else:
                    positional_texts.append(s)
                i += 1
                continue
            if s == '--':
                only_positionals = True
                i += 1
                continue
            action, attached, name = self._find_option(s)
            if action is None:
                extras.append(s)
                i += 1
                continue
            for group in self._exclusive:
                if action in group._actions:
                    other = seen_exclusive.get(id(group))
                    if other is not None and other is not action:
                        raise ArgumentError(action, 'not allowed with argument %s' % _action_name(other))
                    seen_exclusive[id(group)] = action
            i += 1
            if not action.takes_value() and attached is not None:
                if s[1:2] in self.prefix_chars:
                    raise ArgumentError(action, 'ignored explicit argument %r' % attached)
                # -vvv: a cluster of short flags
                self._store(ns, action, None, 0)
                seen.append(action)
                rest = attached
                while rest:
                    nxt, value, _ = self._find_option('-' + rest)
                    if nxt is None:
                        raise ArgumentError(action, 'ignored explicit argument %r' % rest)
                    if nxt.takes_value():
                        texts = [value] if value else []
                        if not texts:
                            if i >= len(args):
                                raise ArgumentError(nxt, 'expected one argument')
                            texts = [args[i]]
                            i += 1
                        self._store(ns, nxt, self._values(nxt, texts), 1)
                        seen.append(nxt)
                        break
                    self._store(ns, nxt, None, 0)
                    seen.append(nxt)
                    rest = rest[1:]
                continue
            if not action.takes_value():
                self._store(ns, action, None, 0)
                seen.append(action)
                continue
            texts = [attached] if attached is not None else []
            n = action.nargs
            if attached is None:
                while i < len(args) and not self._is_option(args[i]) and args[i] != '--':
                    if n is None or n == OPTIONAL:
                        if len(texts) == 1:
                            break
                    elif isinstance(n, int) and len(texts) == n:
                        break
                    texts.append(args[i])
                    i += 1
            if n is None and len(texts) != 1:
                raise ArgumentError(action, 'expected one argument')
            if n == ONE_OR_MORE and not texts:
                raise ArgumentError(action, 'expected at least one argument')
            if isinstance(n, int) and len(texts) != n:
                raise ArgumentError(action, 'expected %d argument%s' % (n, '' if n == 1 else 's'))
            self._store(ns, action, self._values(action, texts), len(texts))
            seen.append(action)
        # positionals, in order, each taking what its nargs asks while leaving enough for the rest
        positionals = [a for a in self._actions if not a.option_strings]
        k = 0
        for j, a in enumerate(positionals):
            need_after = 0
            for b in positionals[j + 1:]:
                need_after += 1 if b.nargs in (None, ONE_OR_MORE) else b.nargs if isinstance(b.nargs, int) else 0
            left = len(positional_texts) - k
            n = a.nargs
            if n is None:
                take = 1 if left >= 1 else 0
            elif n == OPTIONAL:
                take = 1 if left - need_after >= 1 else 0
            elif n in (ZERO_OR_MORE, REMAINDER):
                take = max(left - need_after, 0)
            elif n == ONE_OR_MORE:
                take = max(left - need_after, 1 if left >= 1 else 0)
            else:
                take = n if left >= n else 0
            texts = positional_texts[k:k + take]
            if (n is None and take == 0) or (n == ONE_OR_MORE and take == 0) or (isinstance(n, int) and take < n):
                continue
            k += take
            if n in (OPTIONAL, ZERO_OR_MORE) and not texts:
                if n == ZERO_OR_MORE and a.default is None:
                    setattr(ns, a.dest, [])
                seen.append(a)
                continue
            self._store(ns, a, self._values(a, texts), take)
            seen.append(a)
        extras += positional_texts[k:]
        missing = [_action_name(a) for a in self._actions if a.required and a not in seen]
        if missing:
            raise ArgumentError(None, 'the following arguments are required: %s' % ', '.join(missing))
        for group in self._exclusive:
            if group.required and id(group) not in seen_exclusive:
                names = [_action_name(a) for a in group._actions if a.help is not SUPPRESS]
                raise ArgumentError(None, 'one of the arguments %s is required' % ' '.join(names))
        # string defaults go through the type, as CPython does for arguments not given
        for a in self._actions:
            if a not in seen and isinstance(a.default, str) and a.type is not None and \
                    getattr(ns, a.dest, None) is a.default:
                setattr(ns, a.dest, self._convert(a, a.default))
        return extras
