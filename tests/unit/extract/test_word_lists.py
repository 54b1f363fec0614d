"""Word lists live in the lexicon modules, not in the modules that use them.

A module of ``chronomem.extract`` other than a lexicon (``lexicon*.py``) may not define, at module
level, a literal set, frozenset, list, tuple or dict that holds more than ``MAX_WORDS`` plain
words (lower-case strings of letters, spaces, hyphens and apostrophes; dependency labels such as
"nsubj" and entity labels such as "PERSON" are grammar, not vocabulary, and do not count).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import chronomem.extract

EXTRACT = Path(chronomem.extract.__file__).parent
MAX_WORDS = 5
_WORD = re.compile(r"[a-z][a-z '’\-.]*")
_DEP_LABELS = frozenset({
    "acl", "acomp", "advcl", "advmod", "agent", "amod", "appos", "attr", "aux", "auxpass", "case", "cc", "ccomp",
    "compound", "conj", "csubj", "csubjpass", "dative", "dep", "det", "dobj", "expl", "intj", "mark", "meta", "neg",
    "nmod", "npadvmod", "nsubj", "nsubjpass", "nummod", "oprd", "parataxis", "pcomp", "pobj", "poss", "preconj",
    "predet", "prep", "prt", "punct", "quantmod", "relcl", "root", "xcomp",
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


def _strings(node: ast.AST):
    if isinstance(node, ast.Lambda) or (isinstance(node, ast.Call) and not _is_literal(node)):
        return  # arguments of a call or a lambda are not entries of the list; nor are the lemmas of a rule
        # table's rows ("Rule(("live", "reside"), _live)"): they are the rule's own
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value.strip()
    for child in ast.iter_child_nodes(node):
        yield from _strings(child)


def words_in(node: ast.AST) -> int:
    """How many distinct plain words a literal holds (anywhere inside it, except in rule rows).

    A dict whose every value is a function (``{"today": lambda t: …}``) is a rule table: its keys
    are the rules' own phrases, like a rule row's lemmas.
    """
    if isinstance(node, ast.Dict) and node.values and all(isinstance(v, ast.Lambda | ast.Name) for v in node.values):
        return 0
    return len({s for s in _strings(node) if _WORD.fullmatch(s) and s not in _DEP_LABELS})


def word_lists(source: str) -> list[tuple[str, int]]:
    """``(name, words)`` for each module-level literal holding more than ``MAX_WORDS`` words.

    >>> word_lists('_MONTHS = frozenset({"jan", "feb", "mar", "apr", "may", "jun"})\\nX = ("a", "b")')
    [('_MONTHS', 6)]
    >>> word_lists('DEPS = frozenset({"nsubj", "dobj", "amod", "prep", "pobj", "conj"})')
    []
    >>> word_lists('RULES = (Rule(("live", "reside", "dwell", "stay", "lodge", "room"), _live),)')
    []
    """
    out: list[tuple[str, int]] = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            name, value = node.targets[0].id, node.value
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            name, value = node.target.id, node.value
        else:
            continue  # tuple unpacking ("ENTITY, SPEAKER = 'entity', 'speaker'") names constants, not a list
        if _is_literal(value) and (n := words_in(value)) > MAX_WORDS:
            out.append((name, n))
    return out


def test_word_lists_live_in_the_lexicon():
    found = {f"{p.relative_to(EXTRACT)}:{name} ({n} words)" for p in sorted(EXTRACT.rglob("*.py")) if not p.name.startswith("lexicon")
             for name, n in word_lists(p.read_text(encoding="utf-8"))}
    assert not found, "move these word lists to chronomem/extract/lexicon*.py: " + ", ".join(sorted(found))
