"""Tagger slips the grammar itself corrects, before any rule reads the parse.

A preposition takes no subject: a word tagged as one (``ADP``, ``SCONJ``) that the parser gave a
subject is the verb of its clause ("I really like Italian food": "like" tagged as a preposition).
It is retagged as a present-tense verb, so that every rule reads it as the verb it is.

>>> import spacy
>>> doc = spacy.blank("en")("I really like pizza")
>>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "nsubj", 2), ("ADV", "RB", "advmod", 2),
...                                          ("ADP", "IN", "ROOT", 2), ("NOUN", "NN", "dobj", 2)]):
...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
>>> repair_tags(doc)
1
>>> doc[2].pos_, doc[2].tag_
('VERB', 'VBP')
"""

from __future__ import annotations

from spacy.tokens import Doc

_NOT_VERBS = frozenset({"ADP", "SCONJ"})


def repair_tags(doc: Doc) -> int:
    """Retag the slips described in the module doc; how many tokens were retagged."""
    fixed = 0
    for tok in doc:
        if tok.pos_ in _NOT_VERBS and tok.is_alpha and any(c.dep_ == "nsubj" for c in tok.children):
            tok.pos_, tok.tag_ = "VERB", "VBP"
            fixed += 1
    return fixed
