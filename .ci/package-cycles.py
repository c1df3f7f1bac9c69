#!/usr/bin/env python3
"""Fails when the built classes hold a package cycle under io.quiver.

Reads `jdeps -verbose:package` over the class directories given on the command line (by default
the main classes of command, query and mcp-edge), builds the package graph restricted to the root
package and prints every strongly connected component of more than one package.
"""
import subprocess
import sys

ROOT = "io.quiver"
DEFAULT_DIRS = ["command/target/classes", "query/target/classes", "mcp-edge/target/classes"]


def package_graph(dirs):
    out = subprocess.run(["jdeps", "-verbose:package", "-filter:none", *dirs],
                         check=True, capture_output=True, text=True).stdout
    graph = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3 or parts[1] != "->":
            continue
        source, target = parts[0], parts[2]
        if not (source.startswith(ROOT) and target.startswith(ROOT)):
            continue
        graph.setdefault(source, set())
        graph.setdefault(target, set())
        if source != target:
            graph[source].add(target)
    return graph


def cycles(graph):
    """Tarjan's strongly connected components, iterative; returns those of size > 1."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def main():
    dirs = sys.argv[1:] or DEFAULT_DIRS
    graph = package_graph(dirs)
    found = cycles(graph)
    edges = sum(len(targets) for targets in graph.values())
    print(f"{len(graph)} packages under {ROOT}, {edges} dependencies between them, "
          f"{len(found)} cycle(s)")
    for component in found:
        print("cycle: " + " <-> ".join(component))
        for source in component:
            for target in sorted(graph[source] & set(component)):
                print(f"  {source} -> {target}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
