#pragma once
// Location of the real TensorFlow sample files. The build defines GRAPHLENS_FIXTURES_DIR (the
// GRAPHLENS_FIXTURES_DIR cache variable, ../shared/fixtures/tf beside the checkout by default);
// there is no fallback: a test that reads fixtures must get it from the build.
#include <string>

#ifndef GRAPHLENS_FIXTURES_DIR
#error "GRAPHLENS_FIXTURES_DIR is not defined: add the test through graphlens_add_catch_test (tests/CMakeLists.txt)"
#endif

namespace graphlens::test {

inline std::string fixture(const std::string& relative) {
    return std::string(GRAPHLENS_FIXTURES_DIR) + "/" + relative;
}

} // namespace graphlens::test
