#pragma once
// The `tensorflow` and `numpy` modules of the GraphLens language (issue #4): eager TensorFlow
// on the tensor runtime (core/tensor, core/ops) and a numpy subset on the same tensors.
namespace graphlens::eager {

// Registers the `tensorflow` and `numpy` native modules with the interpreter's module registry
// (Interpreter::registerModule). Call once at startup, before running scripts; idempotent.
void registerModules();

} // namespace graphlens::eager
