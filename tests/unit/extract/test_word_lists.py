"""Word lists live in data (``chronomem/data/lexicon/*.json``), not in the modules that use them.

No module of ``chronomem.extract`` may hold a literal (a set, frozenset, list, tuple or dict, at
module level or inline in a function) with ``MAX_WORDS`` or more plain words: lower-case strings
of letters, spaces, hyphens and apostrophes. Grammar is not vocabulary: dependency labels
("nsubj"), POS tags and entity labels (upper case: "NOUN", "PERSON") do not count, nor do the
names the pass engine gives its own states (:data:`OWN_TERMS`: a sentence's kind, a pass's merge
policy), nor attribute paths ("token.dep"). A tuple unpacked into names (``ENTITY, SPEAKER =
"entity", "speaker"``) names constants; a dict whose every value is a function is a rule table
whose keys are its rules' own phrases.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import chronomem.extract

EXTRACT = Path(chronomem.extract.__file__).parent
MAX_WORDS = 4  # a literal with this many plain words is a word list
EXEMPT = {
    # not vocabulary: the fields of the records they read and write (JSON keys, model fields)
    "parse/importer.py": "the fields of an imported fact",
    "parse/readers.py": "the header fields of a transcript",
    "llm/": "the fields of the LLM's JSON reply, the entity types it may use",
}
_WORD = re.compile(r"[a-z][a-z '’\-.]*")
_PATH = re.compile(r"[a-z_]+(?:\.[a-z_]+)+")  # "token.dep", "doc.ents": an attribute, not a word
DEP_LABELS = frozenset({
    "acl", "acomp", "advcl", "advmod", "agent", "amod", "appos", "attr", "aux", "auxpass", "case", "cc", "ccomp",
    "compound", "conj", "csubj", "csubjpass", "dative", "dep", "det", "dobj", "expl", "flat", "iobj", "intj", "mark",
    "meta", "neg", "nmod", "npadvmod", "nsubj", "nsubjpass", "nummod", "obj", "oprd", "parataxis", "pcomp", "pobj",
    "poss", "preconj", "predet", "prep", "prt", "punct", "quantmod", "relcl", "root", "xcomp",
})
OWN_TERMS = frozenset({
    "stated", "question", "hypothetical", "dropped",  # a sentence's kind (rules.engine)
    "said", "yield", "add", "after", "hints",  # a pass's merge policy (rules.engine)
})
_CONTAINERS = (ast.Set, ast.List, ast.Tuple, ast.Dict)
_BUILDERS = frozenset({"frozenset", "set", "list", "tuple", "dict"})


def _is_literal(node: ast.AST) -> bool:
    if isinstance(node, _CONTAINERS):
        return True
    if isinstance(node, ast.DictComp | ast.SetComp | ast.ListComp):
        return any(isinstance(g.iter, _CONTAINERS) for g in node.generators)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _BUILDERS:
        return bool(node.args) and _is_literal(node.args[0])
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "fromkeys":
        return bool(node.args) and _is_literal(node.args[0])
    return False


def _strings(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Lambda | ast.JoinedStr) or (isinstance(node, ast.Call) and not _is_literal(node)):
        return  # the arguments of a call or a lambda are not entries of the list (a literal among them is looked at
        # alone), nor are the pieces of an f-string (a message)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value.strip()
    for child in ast.iter_child_nodes(node):
        yield from _strings(child)


def words_in(node: ast.AST) -> int:
    """How many distinct plain words a literal holds (anywhere inside it but in calls and lambdas).

    >>> words_in(ast.parse('("him", "her", "me", "us")').body[0].value)
    4
    >>> words_in(ast.parse('("nsubj", "dobj", "PERSON", "NOUN", "stated", "question")').body[0].value)
    0
    """
    if isinstance(node, ast.Dict) and node.values and all(isinstance(v, ast.Lambda | ast.Name) for v in node.values):
        return 0  # a rule table: {"today": lambda t: …}
    return len({s for s in _strings(node)
                if _WORD.fullmatch(s) and not _PATH.fullmatch(s) and s not in DEP_LABELS and s not in OWN_TERMS})


def _named_constants(tree: ast.AST) -> set[int]:
    """The tuples unpacked into names: ``ENTITY, SPEAKER = "entity", "speaker"``."""
    return {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Tuple) and isinstance(node.value, ast.Tuple)}


def word_lists(source: str) -> list[tuple[int, int]]:
    """``(line, words)`` for each literal holding ``MAX_WORDS`` or more plain words, at any depth of the module.

    >>> word_lists('X = frozenset({"jan", "feb", "mar", "apr"})\\ndef f(t):\\n    return t in ("him", "her", "me", "us")')
    [(1, 4), (3, 4)]
    >>> word_lists('DEPS = frozenset({"nsubj", "dobj", "amod", "prep", "pobj", "conj"})\\nA, B, C, D = "x", "y", "z", "w"')
    []
    >>> word_lists('def f(t):\\n    return t in ("a", "b") or t.startswith(("for now", "so"))')
    []
    """
    tree = ast.parse(source)
    constants = _named_constants(tree)
    out: set[tuple[int, int]] = set()
    inside: set[int] = set()  # the literals inside a reported one
    for node in ast.walk(tree):
        if id(node) in inside or id(node) in constants or not _is_literal(node):
            continue
        if (n := words_in(node)) >= MAX_WORDS:
            out.add((getattr(node, "lineno", 0), n))
            inside.update(id(x) for x in ast.walk(node))
    return sorted(out)


def exempt(path: Path) -> bool:
    where = path.relative_to(EXTRACT).as_posix()
    return any(where == e or (e.endswith("/") and where.startswith(e)) for e in EXEMPT)


def test_exemptions_name_what_exists():
    for where in EXEMPT:
        assert (EXTRACT / where).exists(), f"{where} is exempt but not in chronomem/extract: drop it from EXEMPT"


def test_word_lists_live_in_data():
    found = [f"{p.relative_to(EXTRACT)}:{line} ({n} words)" for p in sorted(EXTRACT.rglob("*.py")) if not exempt(p)
             for line, n in word_lists(p.read_text(encoding="utf-8"))]
    assert not found, ("move these word lists to chronomem/data/lexicon/*.json (read through chronomem.extract.lexicon): "
                       + ", ".join(found))
