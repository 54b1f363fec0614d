"""How much, said by a noun phrase after the object ("I like jazz a lot", "I enjoy painting quite a bit"): the
parser's slips around such a phrase, corrected before any rule reads the parse (:func:`repair_amounts`)."""

from __future__ import annotations

from spacy.tokens import Doc, Token

from chronomem.extract.lexicon import OPEN

_WORDS = frozenset({"det", "predet", "advmod"})  # "a lot", "quite a bit"
_HUNG_AS = frozenset({"dobj", "dative", "npadvmod"})
_ABOVE_GERUND = frozenset({"xcomp", "dobj"})  # "enjoy | cooking a lot"


def amount_phrase(tok: Token) -> bool:
    """``tok`` heads a noun phrase that says how much and names nothing: a noun of amount (``amount_nouns``) with
    "a" when singular, and nothing else of its own but "quite" or "whole" ("a lot", "quite a bit", "a whole
    lot", "tons"; not "a lot of vinyl", "the lot").

    >>> import spacy
    >>> doc = spacy.blank("en")("a lot the lot")
    >>> doc[0].dep_, doc[0].head, doc[2].dep_, doc[2].head = "det", doc[1], "det", doc[3]
    >>> amount_phrase(doc[1]), amount_phrase(doc[3])
    (True, False)
    """
    kids = list(tok.children)
    return tok.lower_ in OPEN.amount_nouns and all(
        c.dep_ in _WORDS or c.dep_ == "amod" and c.lower_ in OPEN.amount_modifiers for c in kids) and (
        tok.lower_.endswith("s") or any(c.dep_ == "det" and c.lower_ == "a" for c in kids))


def repair_amounts(doc: Doc) -> None:
    """A phrase of amount (:func:`amount_phrase`) hung as an object, or under a gerund a verb takes, says how much of
    the verb: it becomes the verb's ``npadvmod`` ("I enjoy painting quite a bit": "a bit" read as what is
    painted); a noun before it the parser made the verb's ``dative`` for want of an object is its object ("I
    like jazz a lot": "jazz" read as the one jazz is liked for).

    >>> import spacy
    >>> doc = spacy.blank("en")("I like jazz a lot")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 1), ("VERB", "ROOT", 1), ("NOUN", "dative", 1),
    ...                                      ("DET", "det", 4), ("NOUN", "npadvmod", 1)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> repair_amounts(doc)
    >>> doc[2].dep_, doc[4].dep_
    ('dobj', 'npadvmod')
    """
    for tok in doc:
        verb = tok.head
        if tok.dep_ not in _HUNG_AS or verb.pos_ not in ("VERB", "AUX") or not amount_phrase(tok):
            continue
        if verb.dep_ in _ABOVE_GERUND and verb.head.pos_ == "VERB" and verb.head.i < verb.i:
            _noun_read_as_verb(verb)
            verb = verb.head
        tok.head, tok.dep_ = verb, "npadvmod"
        kids = list(verb.children)
        dative = next((c for c in kids if c.dep_ == "dative" and c.pos_ in ("NOUN", "PROPN", "PRON") and c.i < tok.i), None)
        if dative is not None and not any(c.dep_ == "dobj" for c in kids):
            dative.dep_ = "dobj"


def _noun_read_as_verb(obj: Token) -> None:
    """A bare verb form right after a verb of taste, with nothing of its own, is a noun ("I like rap a lot": "rap"
    tagged as a verb, and "cricket" made "cricketing")."""
    if (obj.tag_ in ("VB", "VBP") and obj.i == obj.head.i + 1 and obj.head.lemma_.lower() in OPEN.taste_verbs
            and all(c.dep_ in ("npadvmod", "punct") for c in obj.children)):
        obj.pos_, obj.tag_, obj.dep_, obj.lemma_ = "NOUN", "NN", "dobj", obj.lower_
