#include "app/cli/command_line.h"

namespace graphlens::cli {

std::string CommandLine::last(const std::string& key, const std::string& fallback) const {
    const auto it = values.find(key);
    return it == values.end() || it->second.empty() ? fallback : it->second.back();
}

CommandLine parseCommandLine(const std::vector<std::string>& args, const std::vector<OptionSpec>& options,
                             const std::string& positionalName) {
    CommandLine line;
    auto specOf = [&](const std::string& arg) -> const OptionSpec* {
        for (const auto& spec : options)
            for (const auto& name : spec.names)
                if (name == arg) return &spec;
        return nullptr;
    };
    for (size_t i = 0; i < args.size() && line.error.empty(); ++i) {
        const std::string& arg = args[i];
        if (const OptionSpec* spec = specOf(arg)) {
            auto& into = line.values[spec->names.front()];
            if (!spec->valueHint) {
                into.emplace_back();
            } else if (i + 1 < args.size()) {
                // Taken as it is, even when it starts with '-': the command checks its form.
                into.push_back(args[++i]);
            } else {
                line.error = arg + " needs " + spec->valueHint;
            }
        } else if (!arg.empty() && arg[0] == '-') {
            line.error = "unknown option '" + arg + "'";
        } else if (line.positional.empty()) {
            line.positional = arg;
        } else {
            line.error = "more than one " + positionalName + " given";
        }
    }
    if (line.error.empty() && line.positional.empty()) line.error = "no " + positionalName + " given";
    return line;
}

} // namespace graphlens::cli
