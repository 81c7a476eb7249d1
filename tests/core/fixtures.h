#pragma once
// Location of the real TensorFlow sample files; the build sets GRAPHLENS_FIXTURES_DIR.
#include <string>

#ifndef GRAPHLENS_FIXTURES_DIR
#define GRAPHLENS_FIXTURES_DIR "/work/shared/fixtures/tf"
#endif

namespace graphlens::test {

inline std::string fixture(const std::string& relative) {
    return std::string(GRAPHLENS_FIXTURES_DIR) + "/" + relative;
}

} // namespace graphlens::test
