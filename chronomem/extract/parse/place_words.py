"""A part of town after a noun is an adverb of it, not the noun: "I work at a bakery downtown"."""

from __future__ import annotations

from spacy.tokens import Doc

from chronomem.extract.lexicon import OPEN

_NOUN_DEPS = frozenset({"pobj", "dobj", "attr", "nsubj", "conj", "appos"})


def repair_trailing_place_words(doc: Doc) -> None:
    """A ``trailing_place_words`` word read as the head noun of the common noun right before it (that noun its
    ``compound``) is an adverb of that noun, which takes its place and its modifiers ("a bakery downtown"; not
    "downtown Denver" nor "the downtown library", where the part of town comes first).

    >>> import spacy
    >>> doc = spacy.blank("en")("I work at a bakery downtown")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "nsubj", 1), ("VERB", "VBP", "ROOT", 1),
    ...         ("ADP", "IN", "prep", 1), ("DET", "DT", "det", 5), ("NOUN", "NN", "compound", 5),
    ...         ("NOUN", "NN", "pobj", 2)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> repair_trailing_place_words(doc)
    >>> [(t.text, t.dep_, t.head.text) for t in doc[3:]]
    [('a', 'det', 'bakery'), ('bakery', 'pobj', 'at'), ('downtown', 'advmod', 'bakery')]
    """
    for tok in doc:
        if tok.lower_ not in OPEN.trailing_place_words or tok.dep_ not in _NOUN_DEPS or tok.i == 0:
            continue
        noun = doc[tok.i - 1]
        if noun.dep_ != "compound" or noun.head.i != tok.i or noun.pos_ != "NOUN":
            continue
        dep, head = tok.dep_, tok.head
        for child in list(tok.children):
            if child.i != noun.i:
                child.head = noun
        noun.head, noun.dep_ = head, dep
        tok.head, tok.dep_, tok.pos_, tok.tag_ = noun, "advmod", "ADV", "RB"
