// The standard-library modules written in Python (core/lang/python/stdlib/*.py): each is
// registered under its name and run in its module's namespace when first imported, as CPython
// runs a module from Lib/. Their natives, where they need any, are registered by the C++ modules
// they import (`_os` for `os`, ...).
#include <algorithm>
#include <string>
#include <vector>

#include "core/lang/interp_internal.h"

namespace graphlens::lang {
namespace {

struct StdlibModule {
    const char* name;
    const char* source;
};

const StdlibModule kStdlibModules[] = {
#include "core/lang/stdlib_modules.inc"
    { nullptr, nullptr },
};

} // namespace

void registerStdlibModules() {
    for (const StdlibModule* m = kStdlibModules; m->name; ++m) {
        const std::string name = m->name;
        const char* source = m->source;
        Interpreter::registerModule(name, [name, source](Interpreter& in, ModuleObj& module) {
            execSourceInDict(in, source, "<" + name + ">", module.d());
        });
    }
}

std::vector<std::string> stdlibModuleNames() {
    std::vector<std::string> names;
    for (const StdlibModule* m = kStdlibModules; m->name; ++m) names.emplace_back(m->name);
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace graphlens::lang
