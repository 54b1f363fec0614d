"""Fixed shapes as data: spaCy ``DependencyMatcher`` patterns from ``chronomem/data/lexicon/patterns.json``.

A pattern may name a word list of the open-clause lexicon (``{"IN": "@love_nouns"}``); the
matcher is built once per spaCy vocabulary. :func:`shape_matches` gives, for each match, the
pattern's name and its tokens by role.

>>> import spacy
>>> nlp = spacy.blank("en")
>>> doc = nlp("my passion for dance")
>>> for t, (lemma, pos, dep, head) in zip(doc, [("my", "PRON", "poss", 1), ("passion", "NOUN", "ROOT", 1),
...                                             ("for", "ADP", "prep", 1), ("dance", "NOUN", "pobj", 2)]):
...     t.lemma_, t.pos_, t.dep_, t.head = lemma, pos, dep, doc[head]
>>> [(name, roles["thing"].text) for name, roles in shape_matches(doc, doc[0:4], ("love_noun_of",))]
[('love_noun_of', 'dance')]
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Iterator
from importlib import resources
from typing import Any

from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Span, Token
from spacy.vocab import Vocab

from chronomem.extract.lexicon_data import OPEN

_MATCHERS: dict[int, tuple[DependencyMatcher, dict[str, list[str]]]] = {}


def _patterns() -> dict[str, list[dict[str, Any]]]:
    text = resources.files("chronomem.data").joinpath("lexicon", "patterns.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def _resolve_lists(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: (sorted(getattr(OPEN, v[1:])) if k == "IN" and isinstance(v, str) and v.startswith("@") else
                    _resolve_lists(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve_lists(x) for x in node]
    return node


def matcher_for(vocab: Vocab) -> tuple[DependencyMatcher, dict[str, list[str]]]:
    """The matcher of every shape for ``vocab`` (built on first use), and each shape's role names."""
    key = id(vocab)
    if key not in _MATCHERS:
        matcher = DependencyMatcher(vocab)
        roles = {}
        for name, pattern in _patterns().items():
            pattern = _resolve_lists(copy.deepcopy(pattern))
            matcher.add(name, [pattern])
            roles[name] = [node["RIGHT_ID"] for node in pattern]
        _MATCHERS[key] = (matcher, roles)
    return _MATCHERS[key]


_DOC_MATCHES = "chronomem_shape_matches"


def _doc_matches(doc: Doc) -> list[tuple[str, tuple[int, ...]]]:
    """Every shape's matches in ``doc``, found once per doc (the matcher reads the whole doc each time it
    runs: once per sentence made a long turn quadratic) and kept in ``doc.user_data``."""
    found = doc.user_data.get(_DOC_MATCHES)
    if found is None:
        matcher, _ = matcher_for(doc.vocab)
        found = [(doc.vocab.strings[match_id], tuple(token_ids)) for match_id, token_ids in matcher(doc)]
        doc.user_data[_DOC_MATCHES] = found
    return found


def shape_matches(doc: Doc, sent: Span, names: Iterable[str]) -> Iterator[tuple[str, dict[str, Token]]]:
    """``(shape name, {role: token})`` for each match of the named shapes inside ``sent``, in text order."""
    _, roles = matcher_for(doc.vocab)
    wanted = set(names)
    found = []
    for name, token_ids in _doc_matches(doc):
        if name in wanted and all(sent.start <= i < sent.end for i in token_ids):
            found.append((token_ids[0], name, {role: doc[i] for role, i in zip(roles[name], token_ids)}))
    for _, name, by_role in sorted(found, key=lambda f: (f[0], f[1])):
        yield name, by_role
