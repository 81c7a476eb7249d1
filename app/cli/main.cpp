// graphlens-cli: the headless twin of the GUI, for scripts and CI. Links no Qt.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/commands.h"

namespace {

const char* kUsage =
    "usage: graphlens-cli <command> [options]\n"
    "\n"
    "commands:\n"
    "  inspect PATH [--json]     what a model file or directory holds: format, tags, signatures,\n"
    "                            functions, node counts, op histogram, variables\n"
    "  export PATH [--function F] [--meta-graph N] --format dot|svg|png|pbtxt|pb -o OUT\n"
    "                            a graph (or one function body) as a picture or text\n"
    "  run [--max-steps N] [--timeout S] [--eager] [--trace-log F.json] SCRIPT.py [args...]\n"
    "                            runs a Python script in the GraphLens interpreter\n"
    "  optimize [--target cpu|gpu] [--fetch N]... [--json OUT] [--out OPT.pb|.pbtxt]\n"
    "           [--profile RUNS [--feed-batch B]] MODEL\n"
    "                            runs grappler's passes (and ours) on a GraphDef or SavedModel;\n"
    "                            --profile runs the result and gives each fusion miss its cost\n"
    "  timeline FILE... [--json] [-o OUT.json|OUT.json.gz|OUT.xplane.pb]\n"
    "                            a profile (Chrome trace or Kineto JSON, .json[.gz], or .xplane.pb): GPU\n"
    "                            busy and idle time, idle per stream by class, launch delays, top kernels;\n"
    "                            -o writes it as Chrome JSON (Perfetto, chrome://tracing) or an XSpace\n"
    "  profile [-o OUT] SCRIPT.py [args...]\n"
    "                            runs a script with the engine's recorder on and writes the profile (the\n"
    "                            run, each tf.function graph step on its executor thread); default profile.json\n"
    "\n"
    "PATH is a SavedModel directory, a GraphDef (.pb/.pbtxt, binary or text), a MetaGraphDef (.meta),\n"
    "a TensorBoard event file or a checkpoint (prefix, .index or .data file).\n"
    "Exit codes: 0 ok, 1 problems found, 2 bad input or usage.\n";

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty() || args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
        std::fputs(kUsage, args.empty() ? stderr : stdout);
        return args.empty() ? 2 : 0;
    }
    const std::string command = args[0];
    args.erase(args.begin());
    if (command == "inspect") return graphlens::cli::inspectCommand(args);
    if (command == "export") return graphlens::cli::exportCommand(args);
    if (command == "run") return graphlens::cli::runCommand(args);
    if (command == "optimize") return graphlens::cli::optimizeCommand(args);
    if (command == "timeline") return graphlens::cli::timelineCommand(args);
    if (command == "profile") return graphlens::cli::profileCommand(args);
    if (command == "--version") {
        std::puts("graphlens-cli 0.1.0");
        return 0;
    }
    std::cerr << "graphlens-cli: unknown command '" << command << "'\n\n" << kUsage;
    return 2;
}
