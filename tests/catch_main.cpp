// Catch2's main, after one setting: the recordings the tests compare with were made with TF's
// oneDNN kernels off (TF_ENABLE_ONEDNN_OPTS=0), and TF's default depends on the CPU, so the tests
// say it unless the caller did (tests that need oneDNN on set it themselves).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <cstdlib>

int main(int argc, char* argv[]) {
    ::setenv("TF_ENABLE_ONEDNN_OPTS", "0", 0);
    return Catch::Session().run(argc, argv);
}
