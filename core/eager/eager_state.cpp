#include "core/eager/eager_state.h"

#include "core/lang/interp.h"
#include "core/ops/resource.h"

namespace graphlens::eager {

EagerState::EagerState() = default;

EagerState::~EagerState() {
    // The registered random kernels draw from the running script's stream (ops::statefulRandom);
    // a thread that ran this script must not keep a pointer to it.
    if (&ops::statefulRandom() == &tfRandom) ops::setStatefulRandom(nullptr);
}

EagerState& eagerState(lang::Interpreter& in) {
    // core/eager is the interpreter's only embedding: its host state is always an EagerState.
    if (auto* state = in.hostState()) return *static_cast<EagerState*>(state);
    auto state = std::make_unique<EagerState>();
    EagerState& ref = *state;
    in.setHostState(std::move(state));
    return ref;
}

int64_t takeTfUid(int64_t n) {
    lang::Interpreter* in = lang::currentInterpreter();
    if (!in) return 0;
    EagerState& s = eagerState(*in);
    if (s.uidPause > 0) return s.tfUid;
    const int64_t first = s.tfUid;
    s.tfUid += n;
    return first;
}

void noteDefaultGraph() {
    lang::Interpreter* in = lang::currentInterpreter();
    if (!in || eagerState(*in).defaultGraphMade) return;
    eagerState(*in).defaultGraphMade = true;
    takeTfUid();
}

EagerState& eagerState() {
    return eagerState(*lang::currentInterpreter());
}

EngineHooks& hooksOf(lang::Interpreter& in) {
    return eagerState(in).hooks;
}

std::shared_ptr<tensor::MemoryBudget> memoryBudget(lang::Interpreter& in) {
    auto& memory = eagerState(in).memory;
    memory->setLimit(in.limits().maxMemoryBytes > 0 ? in.limits().maxMemoryBytes : -1);
    return memory;
}

} // namespace graphlens::eager
