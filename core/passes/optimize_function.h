#pragma once
// Functions as tf.function runs them: TF hands every function it instantiates to grappler before
// it runs, and so does GraphLens at a concrete function's first call (core/eager/function.cpp).
#include <string>

#include "core/proto/function.pb.h"

namespace graphlens::passes {

// Every function of `library` optimised by the default passes (each body on its own, its
// arguments, results, control outputs and stateful ops kept). False, with `library` untouched
// and the reason in `error`, when a pass fails.
bool optimizeLibrary(tensorflow::FunctionDefLibrary& library, std::string* error = nullptr);

} // namespace graphlens::passes
