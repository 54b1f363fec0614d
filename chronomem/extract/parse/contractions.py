"""A noun's "'s" that is "is", not a possessive: "Yoga's awesome", "Cooking's my thing", "The weather's amazing
today". The tagger reads the "'s" after a noun as a possessive; when nothing could be possessed (an adjective,
or a noun that already has an owner), the clause is rebuilt around "is" before any rule reads it. And a "'s" that
is "has": "He's been climbing for years" is no passive.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

CONTRACTED_S = frozenset({"'s", "\u2019s"})
_BETWEEN = frozenset({"advmod", "neg"})  # "The weather's so nice", "Mia's not happy"


def repair_contracted_is(doc: Doc) -> None:
    """Make each "'s" after a noun that possesses nothing the verb "be" of its clause, the noun its subject and
    what follows its complement.

    >>> import spacy
    >>> doc = spacy.blank("en")("Yoga 's awesome .")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("NOUN", "NN", "poss", 2), ("PART", "POS", "case", 0),
    ...                                          ("ADJ", "JJ", "ROOT", 2), ("PUNCT", ".", "punct", 2)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> repair_contracted_is(doc)
    >>> [(t.text, t.dep_, t.head.text) for t in doc]
    [('Yoga', 'nsubj', "'s"), ("'s", 'ROOT', "'s"), ('awesome', 'acomp', "'s"), ('.', 'punct', "'s")]
    >>> doc[1].lemma_, doc[1].pos_
    ('be', 'AUX')
    """
    for s in doc[1:]:
        if s.lower_ not in CONTRACTED_S or s.tag_ != "POS" or s.head.i != s.i - 1 or (noun := doc[s.i - 1]).pos_ not in ("NOUN", "PROPN"):
            continue
        comp = _complement(noun, s)
        if comp is None:
            continue
        top = comp if noun.dep_ == "poss" else noun  # the clause's head before the repair
        movers = [t for t in (*top.children, *s.children) if t.i > max(s.i, comp.i) and (top is noun or t.dep_ == "punct")]
        s.pos_, s.tag_, s.lemma_ = "AUX", "VBZ", "be"
        s.head, s.dep_ = (s, "ROOT") if top.head.i == top.i else (top.head, top.dep_ if top is comp else "parataxis")
        noun.head, noun.dep_ = s, "nsubj"
        comp.head, comp.dep_ = s, "acomp" if comp.pos_ == "ADJ" else "attr"
        for t in movers:
            if t.i != comp.i:
                t.head = s


def _complement(noun: Token, s: Token) -> Token | None:
    """What the "'s" after ``noun`` says the noun is, if "'s" cannot be a possessive there: an adjective the noun
    hangs on or that follows it ("Yoga's awesome", "My job's great"), or a noun with an owner of its own
    ("Cooking's my thing"); ``None`` for "Sarah's new car" (a car is possessed)."""
    if noun.dep_ == "poss":
        head = noun.head
        if head.i <= s.i or any(t.dep_ not in _BETWEEN for t in noun.doc[s.i + 1:head.i] if t.head.i == head.i
                                and t.pos_ not in ("DET", "PRON")):
            return None
        if head.pos_ == "ADJ":
            return head
        if head.pos_ == "NOUN" and any(c.dep_ == "poss" and c.i > s.i for c in head.children):
            return head
        return None
    adj = next((t for t in (*noun.children, *s.children) if t.i > s.i and t.pos_ == "ADJ" and t.dep_ in ("amod", "acomp")), None)
    if adj is None or any(t.dep_ not in _BETWEEN for t in noun.doc[s.i + 1:adj.i]):
        return None
    return adj if not any(c.dep_ in ("amod", "compound") and c.i > adj.i for c in noun.children) else None


def repair_contracted_has(doc: Doc) -> None:
    """"He's been climbing for years": the parser reads "'s been" before an -ing verb as a passive ("is been");
    it is "has been", so the subject is the doer (``nsubj``), as in "He has been climbing"."""
    for s in doc[:-2]:
        verb = s.head
        if s.lower_ in CONTRACTED_S and s.dep_ == "auxpass" and doc[s.i + 1].lower_ == "been" and verb.tag_ == "VBG":
            s.lemma_, s.dep_ = "have", "aux"
            for c in verb.children:
                if c.dep_ == "nsubjpass":
                    c.dep_ = "nsubj"


def repair_adjective_passive(doc: Doc) -> None:
    """An adjective the parser made the head of a passive ("I'm not self-employed anymore." read as "'m" the passive
    auxiliary of "self-employed"): "be" heads the clause again, the adjective its complement, the subject its own.

    >>> import spacy
    >>> doc = Doc(spacy.blank("en").vocab, words=["I", "'m", "not", "free", "."])
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "nsubjpass", 3), ("AUX", "VBP", "auxpass", 3),
    ...                                          ("PART", "RB", "neg", 3), ("ADJ", "JJ", "ROOT", 3), ("PUNCT", ".", "punct", 3)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> doc[1].lemma_ = "be"
    >>> repair_adjective_passive(doc)
    >>> [(t.text, t.dep_, t.head.text) for t in doc]
    [('I', 'nsubj', "'m"), ("'m", 'ROOT', "'m"), ('not', 'neg', "'m"), ('free', 'acomp', "'m"), ('.', 'punct', "'m")]
    """
    for adj in doc:
        if adj.tag_ != "JJ" or adj.n_lefts == 0:  # (most words: no child to look at)
            continue
        be = next((c for c in adj.lefts if c.dep_ == "auxpass" and c.lemma_ == "be"), None)
        if be is None or not any(c.dep_ == "nsubjpass" for c in adj.lefts) or any(c.dep_ == "agent" for c in adj.rights):
            continue
        movers = [c for c in adj.children if c != be]
        be.head, be.dep_ = (be, "ROOT") if adj.head.i == adj.i else (adj.head, adj.dep_)
        adj.head, adj.dep_ = be, "acomp"
        for t in movers:
            t.head, t.dep_ = be, "nsubj" if t.dep_ == "nsubjpass" else t.dep_
