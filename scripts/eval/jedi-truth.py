# The Python truth of `npm run eval:calls`: for every call in the given caller files, what
# jedi's own `goto` (follow_imports) says the callee is. Prints one JSON object:
#   {"truth": ["caller|callee file|name", ...], "exact": ["caller|callee file|name|line", ...],
#    "called": ["callee file|name|line", ...], "callSites": N, "outsideModel": N}
# A call whose definition is in another corpus file and is a function or a class is a truth
# edge; one that reaches a corpus definition of another type (a variable, a parameter) is
# counted as outside the graph's model. Usage: python3 jedi-truth.py ROOT FILE...
import ast
import atexit
import json
import os
import shutil
import sys
import tempfile

import jedi
import jedi.inference.gradual.typeshed as typeshed

# jedi ships stubs for Django and answers from them when it can (they lack private members and
# many signatures): the truth is jedi's reading of the corpus's own source, so they are turned off.
typeshed.DJANGO_INIT_PATH = typeshed.DJANGO_INIT_PATH.with_name('absent-for-the-eval.pyi')

# parso's parse cache (~/.cache/jedi) trusts a pickle newer than the file's mtime, and a Debian
# update installs files whose mtime is the release's date, older than the pickle: after an update
# the truth would read the old file's lines. Each run parses afresh; the eval's own cache, keyed
# by the files' bytes, is what makes a second run fast.
jedi.settings.cache_directory = tempfile.mkdtemp(prefix='jedi-truth-')
atexit.register(shutil.rmtree, jedi.settings.cache_directory, True)


def callee_position(call):
    """The (line, column) of the called name: `f` in f(), `g` in a.b.g()."""
    fn = call.func
    if isinstance(fn, ast.Name):
        return fn.lineno, fn.col_offset
    if isinstance(fn, ast.Attribute) and fn.end_lineno == fn.lineno:
        return fn.end_lineno, fn.end_col_offset - len(fn.attr)
    return None


def corpus_file(root, path):
    """The corpus file a definition is in; a stub jedi ships for the corpus's own package
    (`.../django-stubs/db/models/base.pyi` for Django) stands for the source module it describes."""
    target = os.path.realpath(path)
    if target.startswith(root + os.sep):
        return os.path.relpath(target, root).replace(os.sep, '/')
    marker = f'/{os.path.basename(root)}-stubs/'
    if target.endswith('.pyi') and marker in target:
        rel = target[target.rindex(marker) + len(marker):-len('.pyi')] + '.py'
        if os.path.isfile(os.path.join(root, rel)):
            return rel
    return None


def main():
    root = os.path.realpath(sys.argv[1])
    files = sys.argv[2:]
    project = jedi.Project(root, added_sys_path=[os.path.dirname(root)], smart_sys_path=False)
    truth = set()
    exact = set()
    called = set()
    call_sites = 0
    outside = 0
    for rel in files:
        path = os.path.join(root, rel)
        try:
            with open(path, encoding='utf-8') as handle:
                code = handle.read()
            tree = ast.parse(code)
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        script = jedi.Script(code, path=path, project=project)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            at = callee_position(node)
            if at is None:
                continue
            call_sites += 1
            try:
                found = script.goto(at[0], at[1], follow_imports=True)
            except Exception:  # jedi's own failures are not truth either way
                continue
            for d in found:
                if d.module_path is None:
                    continue
                target_rel = corpus_file(root, str(d.module_path))
                if target_rel is None:
                    continue
                if d.type in ('function', 'class'):
                    called.add(f'{target_rel}|{d.name}|{d.line}')
                if target_rel == rel:
                    continue
                if d.type in ('function', 'class'):
                    truth.add(f'{rel}|{target_rel}|{d.name}')
                    exact.add(f'{rel}|{target_rel}|{d.name}|{d.line}')
                else:
                    outside += 1
    print(json.dumps({'truth': sorted(truth), 'exact': sorted(exact), 'called': sorted(called), 'callSites': call_sites, 'outsideModel': outside}))


main()
