"""Fixed shapes as data: spaCy ``DependencyMatcher`` patterns from ``chronomem/data/lexicon/patterns.json``.

A pattern may name a word list of the open-clause lexicon (``{"IN": "@love_nouns"}``); the
matcher is built once per spaCy vocabulary. :func:`shape_matches` gives, for each match, the
pattern's name and its tokens by role. A doc that lacks, for every pattern, a word one of its nodes
requires (``LOWER`` or ``LEMMA``) cannot match and is not given to the matcher at all (most chat
lines: the matcher cost a fifth of the rules' time).

>>> import spacy
>>> nlp = spacy.blank("en")
>>> doc = nlp("my passion for dance")
>>> for t, (lemma, pos, tag, dep, head) in zip(doc, [("my", "PRON", "PRP$", "poss", 1), ("passion", "NOUN", "NN", "ROOT", 1),
...                                                  ("for", "ADP", "IN", "prep", 1), ("dance", "NOUN", "NN", "pobj", 2)]):
...     t.lemma_, t.pos_, t.tag_, t.dep_, t.head = lemma, pos, tag, dep, doc[head]
>>> [(name, roles["thing"].text) for name, roles in shape_matches(doc, doc[0:4], ("love_noun_of",))]
[('love_noun_of', 'dance')]
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator
from typing import Any

from spacy.matcher import DependencyMatcher
from spacy.tokens import Doc, Span, Token
from spacy.vocab import Vocab

from chronomem.extract.clauses.args import doc_words
from chronomem.extract.lexicon import OPEN, lexicon_file

# per vocabulary: the matcher, each shape's role names, and each shape's needed words (see _needs)
_MATCHERS: dict[int, tuple[DependencyMatcher, dict[str, list[str]], list[list[frozenset[int]]]]] = {}


def _resolve_lists(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: (sorted(getattr(OPEN, v[1:])) if k == "IN" and isinstance(v, str) and v.startswith("@") else
                    _resolve_lists(v)) for k, v in node.items()}
    if isinstance(node, list):
        return [_resolve_lists(x) for x in node]
    return node


def _needs(pattern: list[dict[str, Any]], vocab: Vocab) -> list[frozenset[int]]:
    """The word hashes of each node of ``pattern`` that requires a word (``LOWER`` or ``LEMMA``): a match
    needs, for each, a token with one of them (:func:`chronomem.extract.clauses.args.doc_words` holds both forms)."""
    out = []
    for node in pattern:
        for attr in ("LOWER", "LEMMA"):
            value = node["RIGHT_ATTRS"].get(attr)
            words = [value] if isinstance(value, str) else value.get("IN") if isinstance(value, dict) else None
            if words:
                out.append(frozenset(vocab.strings.add(w) for w in words))
    return out


def _built(vocab: Vocab) -> tuple[DependencyMatcher, dict[str, list[str]], list[list[frozenset[int]]]]:
    """The matcher of every shape for ``vocab`` (built on first use), each shape's role names and needed words."""
    key = id(vocab)
    if key not in _MATCHERS:
        matcher = DependencyMatcher(vocab)
        roles, needs = {}, []
        for name, pattern in lexicon_file("patterns").items():
            pattern = _resolve_lists(copy.deepcopy(pattern))
            matcher.add(name, [pattern])
            roles[name] = [node["RIGHT_ID"] for node in pattern]
            needs.append(_needs(pattern, vocab))
        _MATCHERS[key] = (matcher, roles, needs)
    return _MATCHERS[key]


def _may_match(doc: Doc, needs: list[list[frozenset[int]]]) -> bool:
    """Whether some shape has every word it needs in ``doc``: a cheap test before the matcher."""
    words = doc_words(doc)
    return any(all(not words.isdisjoint(node) for node in shape) for shape in needs)


_DOC_MATCHES = "chronomem_shape_matches"


def _doc_matches(doc: Doc) -> list[tuple[str, tuple[int, ...]]]:
    """Every shape's matches in ``doc``, found once per doc (the matcher reads the whole doc each time it
    runs: once per sentence made a long turn quadratic) and kept in ``doc.user_data``."""
    if (found := doc.user_data.get(_DOC_MATCHES)) is None:
        matcher, _, needs = _built(doc.vocab)
        found = [(doc.vocab.strings[match_id], tuple(token_ids)) for match_id, token_ids in matcher(doc)] \
            if _may_match(doc, needs) else []
        doc.user_data[_DOC_MATCHES] = found
    return found


def shape_matches(doc: Doc, sent: Span, names: Iterable[str]) -> Iterator[tuple[str, dict[str, Token]]]:
    """``(shape name, {role: token})`` for each match of the named shapes inside ``sent``, in text order."""
    _, roles, _ = _built(doc.vocab)
    wanted = set(names)
    found = [(ids[0], name, {role: doc[i] for role, i in zip(roles[name], ids)}) for name, ids in _doc_matches(doc)
             if name in wanted and all(sent.start <= i < sent.end for i in ids)]
    for _, name, by_role in sorted(found, key=lambda f: (f[0], f[1])):
        yield name, by_role
