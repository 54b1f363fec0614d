"""Fixed shapes as data: spaCy ``DependencyMatcher`` patterns from ``chronomem/data/lexicon/patterns.json``.

A pattern may name a word list of the open-clause lexicon (``{"IN": "@love_nouns"}``); each
pattern's matcher is built once per spaCy vocabulary. :func:`shape_matches` gives, for each match, the
pattern's name and its tokens by role. A pattern is run on a doc only when the doc has, for each of its
nodes that requires a word (``LOWER`` or ``LEMMA``), one of them (most chat lines have none: one matcher
of every pattern cost a fifth of the rules' time, and still 3% of the extraction).

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

# per vocabulary, per shape: its matcher, its role names and its needed words (see _needs)
_MATCHERS: dict[int, dict[str, tuple[DependencyMatcher, list[str], list[frozenset[int]]]]] = {}


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


def _built(vocab: Vocab) -> dict[str, tuple[DependencyMatcher, list[str], list[frozenset[int]]]]:
    """Each shape's matcher for ``vocab`` (built on first use), role names and needed words: one matcher per
    shape, so that a doc is read only by the shapes whose words it has."""
    key = id(vocab)
    if key not in _MATCHERS:
        shapes = {}
        for name, pattern in lexicon_file("patterns").items():
            pattern = _resolve_lists(copy.deepcopy(pattern))
            matcher = DependencyMatcher(vocab)
            matcher.add(name, [pattern])
            shapes[name] = (matcher, [node["RIGHT_ID"] for node in pattern], _needs(pattern, vocab))
        _MATCHERS[key] = shapes
    return _MATCHERS[key]


def _may_match(words: frozenset[int], needs: list[frozenset[int]]) -> bool:
    """Whether a doc of ``words`` has every word a shape ``needs``: a cheap test before its matcher."""
    return all(not words.isdisjoint(node) for node in needs)


_DOC_MATCHES = "chronomem_shape_matches"


def _doc_matches(doc: Doc) -> list[tuple[str, tuple[int, ...]]]:
    """Every shape's matches in ``doc``, found once per doc (a matcher reads the whole doc each time it
    runs: once per sentence made a long turn quadratic) and kept in ``doc.user_data``."""
    if (found := doc.user_data.get(_DOC_MATCHES)) is None:
        words = doc_words(doc)
        found = [(name, tuple(token_ids)) for name, (matcher, _, needs) in _built(doc.vocab).items()
                 if _may_match(words, needs) for _, token_ids in matcher(doc)]
        doc.user_data[_DOC_MATCHES] = found
    return found


def shape_matches(doc: Doc, sent: Span, names: Iterable[str]) -> Iterator[tuple[str, dict[str, Token]]]:
    """``(shape name, {role: token})`` for each match of the named shapes inside ``sent``, in text order."""
    shapes = _built(doc.vocab)
    wanted = set(names)
    found = [(ids[0], name, {role: doc[i] for role, i in zip(shapes[name][1], ids)}) for name, ids in _doc_matches(doc)
             if name in wanted and all(sent.start <= i < sent.end for i in ids)]
    for _, name, by_role in sorted(found, key=lambda f: (f[0], f[1])):
        yield name, by_role
