# contextlib: ExitStack (callback, enter_context, push, pop_all, suppressing exits) and
# redirect_stdout into an object with write().
from contextlib import ExitStack, contextmanager, redirect_stdout


@contextmanager
def cm(name):
    print("enter", name)
    yield name
    print("exit", name)


with ExitStack() as st:
    for i in range(2):
        st.callback(print, "callback", i)
    print(st.enter_context(cm("x")))
    st.push(lambda *exc: print("push saw", exc[0]))
with ExitStack() as st:
    st.push(lambda t, v, tb: True)
    raise ValueError("suppressed by the stack")
with ExitStack() as st:
    st.callback(print, "moved")
    moved = st.pop_all()
print("before close")
moved.close()


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


sink = Sink()
with redirect_stdout(sink) as got:
    print("hidden", 1, sep="-")
    print(got is sink)
print(sink.parts)
