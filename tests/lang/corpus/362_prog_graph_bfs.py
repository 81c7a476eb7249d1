# Checks: BFS and DFS over an adjacency dict.
graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"], "f": []}
def bfs(start):
    order, frontier, seen = [], [start], {start}
    while frontier:
        node = frontier.pop(0)
        order.append(node)
        for nxt in graph[node]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return order
def dfs(node, seen=None):
    seen = [] if seen is None else seen
    seen.append(node)
    for nxt in graph[node]:
        if nxt not in seen:
            dfs(nxt, seen)
    return seen
print(bfs("a"))
print(dfs("a"))
