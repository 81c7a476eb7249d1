#pragma once
// graphlens-cli subcommands. Each returns the process exit code: 0 ok, 1 problems found,
// 2 bad input or usage.
#include <string>
#include <vector>

namespace graphlens::cli {

int inspectCommand(const std::vector<std::string>& args);
int exportCommand(const std::vector<std::string>& args);
int runCommand(const std::vector<std::string>& args);
int optimizeCommand(const std::vector<std::string>& args);
int timelineCommand(const std::vector<std::string>& args);
int profileCommand(const std::vector<std::string>& args);

// "float32", "[?,784]", "<unknown>"; shared by text and JSON output.
std::string shapeText(const std::vector<int64_t>& dims, bool known);

} // namespace graphlens::cli
