#pragma once
// A subcommand's arguments read against the options it declares: flags, options that take a
// value (repeatable), and one positional argument. inspect, export and optimize read theirs this
// way, so they reject the same mistakes with the same words; `run` does not, because everything
// after its script belongs to the script.
#include <map>
#include <string>
#include <vector>

namespace graphlens::cli {

struct OptionSpec {
    std::vector<std::string> names;  // "--out", "-o": the first is the key in CommandLine
    const char* valueHint = nullptr; // "a file name": the option takes a value; null: a flag
};

struct CommandLine {
    std::string positional;                                 // the one PATH or MODEL
    std::map<std::string, std::vector<std::string>> values; // by key, in the order given ("" for flags)
    std::string error;                                      // the usage problem; empty when none

    bool has(const std::string& key) const { return values.count(key) != 0; }
    // The last value given for the option (a later one overrides), or `fallback`.
    std::string last(const std::string& key, const std::string& fallback = {}) const;
};

// `positionalName` names the positional argument in errors ("no MODEL given").
CommandLine parseCommandLine(const std::vector<std::string>& args, const std::vector<OptionSpec>& options,
                             const std::string& positionalName);

} // namespace graphlens::cli
