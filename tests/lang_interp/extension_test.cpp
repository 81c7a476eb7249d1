// Extension points: native modules and classes, attribute hooks, the statement hook and the
// execution context used by the tracer.
#include <catch2/catch.hpp>

#include "interp_test_util.h"

using namespace graphlens::lang;

namespace {
struct Counter {
    int64_t value = 0;
};
} // namespace

TEST_CASE("native module with a native class and attribute hooks", "[lang][ext]") {
    static ClassObj* counterCls = [] {
        auto* c = new ClassObj("Counter");
        c->rc = 1 << 30;
        c->cls = types().type;
        c->builtin = true;
        c->bases.push_back(types().object);
        c->mro = { c, types().object };
        c->getattrHook = [](Interpreter&, const Value& self, const std::string& name, Value& out) {
            if (name != "value") return false;
            out = Value::integer(static_cast<Counter*>(self.as<NativeObj>()->payload.get())->value);
            return true;
        };
        addMethod(c, "bump", [](Interpreter& in, CallArgs& a) -> Value {
            auto* ctr = static_cast<Counter*>(a[0].as<NativeObj>()->payload.get());
            ctr->value += a.n > 1 ? in.toIndex(a[1]) : 1;
            return Value::none();
        });
        return c;
    }();
    Interpreter::registerModule("demo", [](Interpreter&, ModuleObj& m) {
        m.d()->setStr("answer", Value::integer(42));
        m.d()->setStr("Counter", newBuiltin("Counter", [](Interpreter&, CallArgs&) -> Value {
                          return Value::adopt(new NativeObj(counterCls, std::make_shared<Counter>()));
                      }));
    });
    Interpreter in;
    in.addAllowedModuleName("demo");
    std::string out;
    in.setOut([&](std::string_view s) { out += s; });
    auto r =
        in.runSource("import demo\nc = demo.Counter()\nc.bump()\nc.bump(5)\nprint(demo.answer, c.value)\n", "t.py");
    CHECK(r.ok);
    CHECK(out == "42 6\n");
}

TEST_CASE("statement hook sees frames and locals by name", "[lang][ext]") {
    Interpreter in;
    std::vector<std::string> seen;
    in.setStatementHook([&](const Frame& f, const Stmt& s) {
        if (f.name != "f") return;
        std::string line = std::to_string(s.span.line) + ":";
        for (auto& [name, v] : f.localsByName()) line += " " + name + "=" + in.repr(v);
        seen.push_back(line);
    });
    in.setOut([](std::string_view) {});
    auto r = in.runSource("def f(a):\n    b = a * 2\n    return b + 1\nprint(f(3))\n", "t.py");
    CHECK(r.ok);
    REQUIRE(seen.size() == 2);
    CHECK(seen[0] == "2: a=3");
    CHECK(seen[1] == "3: a=3 b=6");
}

TEST_CASE("execution context can re-interpret function calls", "[lang][ext]") {
    struct Tracing : ExecutionContext {
        std::vector<std::string> calls;
        Value callFunction(Interpreter& in, FuncObj* f, CallArgs& args) override {
            calls.push_back(f->name);
            if (f->name == "square") return Value::integer(-1); // a different interpretation
            return ExecutionContext::callFunction(in, f, args);
        }
    };
    auto ctx = std::make_shared<Tracing>();
    Interpreter in;
    in.setExecutionContext(ctx);
    std::string out;
    in.setOut([&](std::string_view s) { out += s; });
    auto r =
        in.runSource("def square(x):\n    return x * x\ndef g(y):\n    return square(y) + 1\nprint(g(4))\n", "t.py");
    CHECK(r.ok);
    CHECK(out == "0\n");
    CHECK(ctx->calls == std::vector<std::string>{ "g", "square" });
}
