"""house_check: the shape of the house that review alone let slip before.

- no include cycle between modules (a module is x.c, x.h and x_internal.h
  of one folder) of src/ and tools/;
- src/core never includes SDL;
- no source file of src/ or tools/ over 800 lines;
- no function over 100 lines, but the sea's fish kernel (its three
  functions are one loop that the compiler must see whole: splitting it
  cost instructions per fish).
Prints one line per breach and exits 1 when there is one.
"""

import glob
import os
import re
import sys

FILE_MAX = 800
FUNC_MAX = 100
KERNEL = {"fish_range", "steer8", "steer1"}


def module(path):
    d, b = os.path.split(path)
    return d + "/" + re.sub(r"(_internal)?\.[ch]$", "", b)


def sources():
    return sorted(glob.glob("src/**/*.[ch]", recursive=True) + glob.glob("tools/**/*.[ch]", recursive=True))


def include_edges(files):
    edges = {}
    for f in files:
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', open(f, errors="replace").read(), re.M):
            for c in (os.path.join(os.path.dirname(f), inc), os.path.join("src", inc)):
                c = os.path.normpath(c)
                if os.path.exists(c):
                    if module(c) != module(f):
                        edges.setdefault(module(f), set()).add(module(c))
                    break
    return edges


def cycles(edges):
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def long_functions(path):
    lines = open(path, errors="replace").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("{") and i > 0:
            j = i - 1
            while j > 0 and not re.match(r"^[A-Za-z_].*\(", lines[j]):
                j -= 1
            names = re.findall(r"([A-Za-z_]\w*)\s*\(", lines[j])
            k = i + 1
            while k < len(lines) and not lines[k].startswith("}"):
                k += 1
            name = names[0] if names else "?"
            if k - j + 1 > FUNC_MAX and name not in KERNEL:
                yield name, j + 1, k - j + 1
            i = k
        i += 1


def main():
    files = sources()
    problems = []
    for comp in cycles(include_edges(files)):
        problems.append("include cycle between modules: " + " <-> ".join(comp))
    for f in files:
        text = open(f, errors="replace").read()
        if f.startswith("src/core/") and re.search(r'^\s*#\s*include\s*[<"]SDL', text, re.M):
            problems.append("%s: core includes SDL" % f)
        n = text.count("\n")
        if f.endswith(".c") and n > FILE_MAX:
            problems.append("%s: %d lines (split it by seam below %d)" % (f, n, FILE_MAX))
        if f.endswith(".c"):
            for name, line, length in long_functions(f):
                problems.append("%s:%d: %s is %d lines (cut it into named phases below %d)"
                                % (f, line, name, length, FUNC_MAX))
    for p in problems:
        print(p)
    print("house_check: %d files, %d problems" % (len(files), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
