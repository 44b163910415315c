"""deps_check: every command and Python module that the tests (and the
Makefile's recipes) use must come from a Debian package that `make check`
installs, or from one that every Debian system has.

Usage: deps_check.py [--without PKG]... RUN_AND_TEST_PACKAGES... -- FILE...
Prints one line per problem, naming the command or module, the file that
uses it and the package that provides it here; exits 1 when there is one.
A fresh machine is how this went wrong once: the tests read screenshots
with OpenCV, which only `make bench` installed, and CI passed only because
its machine had run the bench before.
"""

import os
import re
import shlex
import shutil
import subprocess
import sys

PY = "/usr/bin/python3"
# Words that are not programs: shell syntax and builtins come from bash
# itself (type -t tells those); these are the keywords shlex cannot know.
LEAD = {"then", "do", "else", "elif", "if", "while", "until", "!", "time", "exec", "{", "(", "then"}
SEPARATORS = {"|", "||", "&&", ";", "&", "(", ")", "|&", ";;", "$(", "`"}
# Commands that take another command after their own options.
WRAPPERS = {"timeout", "env", "nice", "xargs", "command", "sudo", "setsid", "stdbuf"}


def dpkg_status():
    """Installed packages: name -> (depends, essential, priority, provides)."""
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Package}\t${Status}\t${Depends}, ${Pre-Depends}\t"
         "${Essential}\t${Priority}\t${Provides}\n"],
        capture_output=True, text=True, check=True).stdout
    pkgs, provided_by = {}, {}
    for line in out.splitlines():
        name, status, deps, essential, priority, provides = line.split("\t")
        if "install ok installed" not in status:
            continue
        alts = []
        for dep in deps.split(","):
            names = [re.sub(r"[:(\s].*", "", d.strip()) for d in dep.split("|")]
            names = [n for n in names if n]
            if names:
                alts.append(names)
        pkgs[name] = (alts, essential == "yes", priority)
        for p in provides.split(","):
            p = re.sub(r"[:(\s].*", "", p.strip())
            if p:
                provided_by.setdefault(p, []).append(name)
    return pkgs, provided_by


def closure(roots, pkgs, provided_by):
    """Every installed package that the roots need, through Depends."""
    seen, todo = set(), list(roots)
    while todo:
        p = todo.pop()
        for name in [p] + provided_by.get(p, []):
            if name in seen or name not in pkgs:
                continue
            seen.add(name)
            for alts in pkgs[name][0]:
                todo.extend(alts)
    return seen


def candidates(path):
    """path and its real path, each also through the /usr merge (/bin = /usr/bin)."""
    cands = [path, os.path.realpath(path)]
    for c in list(cands):
        for a, b in (("/usr/bin/", "/bin/"), ("/usr/sbin/", "/sbin/"), ("/usr/lib/", "/lib/")):
            if c.startswith(a):
                cands.append(b + c[len(a):])
            elif c.startswith(b):
                cands.append(a + c[len(b):])
    return cands


def owners(paths):
    """path -> the Debian package that ships it (or None), from one dpkg -S
    for them all: dpkg reads every package's file list on each call, which
    made one call per path cost minutes."""
    cands = {p: candidates(p) for p in paths}
    every = sorted({c for cs in cands.values() for c in cs})
    found = {}
    if every:
        r = subprocess.run(["dpkg", "-S"] + every, capture_output=True, text=True)
        for line in r.stdout.splitlines():
            if line.startswith("diversion by "):  # dpkg-divert's notes
                continue
            pkgs, _, f = line.partition(": ")
            found.setdefault(f.strip(), pkgs.split(",")[0].split(":")[0].strip())
    return {p: next((found[c] for c in cs if c in found), None) for p, cs in cands.items()}


def split_heredocs(text):
    """(shell lines, heredoc bodies): bodies are data or code for another tool."""
    shell, bodies, end, body = [], [], None, []
    for line in text.splitlines():
        if end is not None:
            if line.strip() == end:
                bodies.append("\n".join(body))
                end, body = None, []
            else:
                body.append(line)
            continue
        shell.append(line)
        m = re.search(r"<<-?\s*['\"]?([A-Za-z_]+)['\"]?", line)
        if m and "<<<" not in line:
            end = m.group(1)
    return shell, bodies


def commands(lines):
    """Words in command position in shell code."""
    found = set()
    text = re.sub(r"\\\n", " ", "\n".join(lines))  # continuation lines
    # Arithmetic ($((..)), ((..)), for ((..))) holds names, not commands.
    text = re.sub(r"\$?\(\((?:[^()]|\([^()]*\))*\)\)", " 0 ", text)
    # $( ... ) and backticks open a new command, even inside double quotes
    # (not inside single quotes: that is awk's or Python's text).
    bare = re.sub(r"'[^'\n]*'", "''", text)
    bare = re.sub(r"(^|\s)#.*", "", bare)  # comments
    for m in re.finditer(r"(?:\$\(|`)\s*([A-Za-z_][\w.+-]*)", bare):
        found.add(m.group(1))
    try:
        lex = shlex.shlex(text, posix=True, punctuation_chars=";&|()\n")
        lex.commenters = "#"
        lex.whitespace = " \t\r"
        lex.whitespace_split = True
        toks = list(lex)
    except ValueError:
        return found
    start, depth, prev = True, 0, ""
    for t in toks:
        if depth:  # inside an array assignment a=( ... )
            depth += t.count("(") - t.count(")")
            prev = t
            continue
        if t == "(" and prev.endswith("="):
            depth = 1
            continue
        prev = t
        if t.strip("\n") == "" or t in SEPARATORS or t in LEAD or set(t) <= set(";&|()\n"):
            start = True
            continue
        if not start:
            continue
        if re.match(r"^[A-Za-z_]\w*(\[[^]]*\])?\+?=", t):
            continue  # VAR=value before a command
        if t in WRAPPERS:
            found.add(t)
            continue
        if re.match(r"^-|^\d", t):
            continue  # a wrapper's option or count (timeout 5 cmd)
        start = False
        if re.match(r"^[A-Za-z_][\w.+-]*$", t) or (t.startswith("/") and not t.startswith("/tmp")):
            found.add(t)
    return found


def recipe_lines(text):
    """A Makefile's recipe lines as shell, make's own $(...) taken out."""
    out = []
    # Compilers named by variables (CC ?= cc, FUZZ_CC := clang) are programs.
    progs = dict(re.findall(r"^(\w*CC)\s*[:?]?=\s*(\S+)", text, re.M))
    for line in text.splitlines():
        if line.startswith("\t"):
            line = line[1:].replace("$(MAKE)", "make")
            for var, prog in progs.items():
                line = line.replace("$(%s)" % var, prog).replace("$$(%s)" % var, prog)
            while re.search(r"\$\([^()]*\)", line):
                line = re.sub(r"\$\([^()]*\)", "MAKEVAR ", line)
            line = line.replace("$$", "$")
            out.append(line.lstrip("@-"))
    return out


def python_parts(path, text, bodies):
    if path.endswith(".py"):
        return [text]
    parts = list(bodies)
    parts += re.findall(r"-c\s+'([^']*)'", text)
    parts += re.findall(r'-c\s+"([^"]*)"', text)
    return parts


def modules(parts):
    found = set()
    for p in parts:
        for m in re.finditer(r"(?:^|;)\s*import\s+([\w., ]+)", p, re.M):
            for name in m.group(1).split(","):
                name = name.strip().split(" ")[0].split(".")[0]
                if name:
                    found.add(name)
        for m in re.finditer(r"(?:^|;)\s*from\s+(\w+)", p, re.M):
            found.add(m.group(1))
    return found


def module_files(names):
    """name -> the file a module is imported from (python3 itself for a
    built-in), or None when it does not import: one interpreter for all."""
    code = ("import importlib, os, sys\n"
            "for n in sys.argv[1:]:\n"
            "    try:\n"
            "        m = importlib.import_module(n)\n"
            "        print(n, getattr(m, '__file__', '') or os.path.realpath(sys.executable))\n"
            "    except Exception:\n"
            "        print(n)\n")
    r = subprocess.run([PY, "-c", code] + sorted(names), capture_output=True, text=True)
    out = {}
    for line in r.stdout.splitlines():
        name, _, path = line.partition(" ")
        out[name] = path or None
    return out


def bash_words(words):
    """The words bash itself knows (builtins and keywords): one bash for all."""
    if not words:
        return set()
    script = 'for w in "$@"; do [ "$(type -t -- "$w")" = builtin ] || ' \
             '[ "$(type -t -- "$w")" = keyword ] && echo "$w"; done'
    r = subprocess.run(["bash", "-c", script, "bash"] + sorted(words), capture_output=True,
                       text=True)
    return set(r.stdout.split())


def problems_for(uses, where, pkg_of, have):
    """One line per use whose program or module no listed package brings."""
    problems = []
    for (kind, name), f in sorted(uses.items()):
        path = where.get((kind, name), "")
        if path == "":
            continue  # bash's own, or ours
        if path is None:
            if kind == "command":
                problems.append("%s: command '%s' is not installed, and no package of the "
                                "Makefile's lists provides it" % (f, name))
            else:
                problems.append("%s: Python module '%s' is not installed for %s, and no package "
                                "of the Makefile's lists provides it" % (f, name, PY))
            continue
        pkg = pkg_of[path]
        if pkg is None:
            problems.append("%s: %s '%s' (%s) belongs to no Debian package: installed by hand?"
                            % (f, kind, name, path))
        elif pkg not in have:
            problems.append("%s: %s '%s' comes from Debian package %s, which neither RUN_PKGS nor "
                            "TEST_PKGS installs (nor anything they depend on)" % (f, kind, name, pkg))
    return problems


def main(argv):
    """deps_check.py [--without PKG]... LISTED... -- FILE...: each --without
    checks once more with PKG left out of LISTED, and says whether a
    problem then names it (the check can fail: e2e_deps)."""
    sep = argv.index("--")
    listed, files = argv[:sep], argv[sep + 1:]
    without = [listed[i + 1] for i, a in enumerate(listed) if a == "--without"]
    listed = [a for i, a in enumerate(listed) if a != "--without" and
              (i == 0 or listed[i - 1] != "--without")]
    pkgs, provided_by = dpkg_status()
    base = {n for n, (_, ess, prio) in pkgs.items() if ess or prio == "required"}
    base_have = closure(base, pkgs, provided_by)

    uses = {}  # (kind, name) -> first file
    functions = set()
    texts = {}
    for f in files:
        texts[f] = open(f, errors="replace").read()
        functions |= set(re.findall(r"^\s*(?:function\s+)?([A-Za-z_][\w-]*)\s*\(\)", texts[f], re.M))
    for f in files:
        text = texts[f]
        if f.endswith(".py"):
            lines, bodies = [], []
        elif os.path.basename(f) == "Makefile":
            lines, bodies = recipe_lines(text), []
        else:
            lines, bodies = split_heredocs(text)
        for c in commands(lines):
            if c not in functions and not re.match(r"^[A-Z_][A-Z0-9_]*$", c):
                uses.setdefault(("command", c), f)
        for m in modules(python_parts(f, text, bodies)):
            uses.setdefault(("module", m), f)

    # Where each program and module is: "" for bash's own words and our
    # own files, None for what is not installed.
    cmds = [n for k, n in uses if k == "command"]
    known = bash_words([n for n in cmds if not n.startswith("/")])
    mods = module_files([n for k, n in uses if k == "module"])
    search = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    where = {}
    for kind, name in uses:
        if kind == "command" and name.startswith("/"):
            path = name if os.path.exists(name) else None
        elif kind == "command":
            path = "" if name in known else shutil.which(name, path=search)
        else:
            path = mods.get(name)
        if path and path.startswith(os.getcwd() + "/"):
            path = ""  # ours
        where[(kind, name)] = path
    pkg_of = owners([p for p in where.values() if p])

    have = closure(listed, pkgs, provided_by) | base_have
    problems = problems_for(uses, where, pkg_of, have)
    for p in problems:
        print(p)
    print("deps_check: %d commands and %d Python modules in %d files, %d problems"
          % (sum(k == "command" for k, _ in uses), sum(k == "module" for k, _ in uses),
             len(files), len(problems)))
    for drop in without:
        fewer = closure([p for p in listed if p != drop], pkgs, provided_by) | base_have
        named = [p for p in problems_for(uses, where, pkg_of, fewer) if "package %s," % drop in p]
        print("without %s: %s" % (drop, ("caught: " + named[0]) if named else "missed"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
