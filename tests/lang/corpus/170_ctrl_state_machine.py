# Checks: a small state machine driven by a while loop.
transitions = {("idle", "start"): "running", ("running", "pause"): "paused",
               ("paused", "start"): "running", ("running", "stop"): "idle"}
state = "idle"
events = ["start", "pause", "stop", "start", "stop", "stop"]
for ev in events:
    nxt = transitions.get((state, ev))
    if nxt is None:
        print(f"{state}: ignore {ev}")
        continue
    print(f"{state} --{ev}--> {nxt}")
    state = nxt
print("final", state)
