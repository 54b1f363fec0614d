"""What one does at a workplace, said as a participle right after it, is no part of its name: "i work at a garden
center watering plants" is a job at a garden center (where) watering plants (what)."""

from __future__ import annotations

from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import OPEN, TIES

_NAMES = frozenset({"NOUN", "PROPN"})
_OBJECT_START = frozenset({"NOUN", "PROPN", "PRON", "DET", "ADJ", "NUM"})
_UNITS = TIES.employer_nouns | TIES.workplace_nouns | L.TEAM_NOUNS | L.ORG_WORDS  # "the … marketing department"


def participle_base(word: str, verbs: frozenset[str]) -> str | None:
    """The verb an "-ing" word is the participle of, if the lemmatizer knows it ("watering" → "water", "shelving"
    → "shelve", "flipping" → "flip"), else ``None``.

    >>> participle_base("flipping", frozenset({"flip"})), participle_base("shelving", frozenset({"shelve"}))
    ('flip', 'shelve')
    >>> participle_base("ceiling", frozenset({"ceil"})) is None, participle_base("sing", frozenset({"s"}))
    (False, None)
    """
    stem = word.removesuffix("ing")
    if stem == word or len(stem) < 2:
        return None
    tries = (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else "")
    return next((v for v in tries if v and v in verbs), None)


def _work_prep(doc: Doc, end: int) -> Token | None:
    """The "at"/"for" that opens the noun phrase ending at ``end`` (its words all nouns, adjectives, determiners)
    and hangs on a work word (``participle_work_heads``: "work", "intern") or a role ("a cashier at")."""
    for i in range(end - 1, max(0, end - 6), -1):
        tok = doc[i]
        if tok.lower_ in ("at", "for") and tok.dep_ == "prep":
            head = tok.head
            work = head.lemma_.lower() in OPEN.participle_work_heads or head.pos_ == "NOUN" and (
                head.lower_ in L.ROLE_HEADS or head.lemma_.lower() in L.ROLE_HEADS)
            return tok if work and i < end - 1 else None
        if tok.pos_ not in ("NOUN", "PROPN", "ADJ", "DET") or tok.is_sent_start:
            return None
    return None


def repair_work_participle(doc: Doc, verbs: frozenset[str]) -> None:
    """An "-ing" word of a known verb after the workplace said after a work word, followed by its object, read as
    part of the workplace's noun phrase, is a clause of its own: the noun before it is the workplace (the
    preposition's object, its modifiers with it), the participle an adverbial clause of the work word (a clause of
    the role noun: "a cashier at kroger bagging groceries") and the rest its object. Not a participle that opens a
    workplace or unit noun ("the walmart marketing department", "a catering company") nor one in capitals (a name),
    nor one after a company noun ("a company selling insurance": the company's trade).

    >>> import spacy
    >>> doc = spacy.blank("en")("I work at a diner flipping pancakes")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "nsubj", 1), ("VERB", "VBP", "ROOT", 1),
    ...         ("ADP", "IN", "prep", 1), ("DET", "DT", "det", 6), ("NOUN", "NN", "compound", 6),
    ...         ("NOUN", "NN", "compound", 6), ("NOUN", "NNS", "pobj", 2)]):
    ...     t.pos_, t.tag_, t.dep_, t.head, t.lemma_ = pos, tag, dep, doc[head], t.lower_
    >>> repair_work_participle(doc, frozenset({"work", "flip"}))
    >>> [(t.text, t.dep_, t.head.text) for t in doc[3:]]
    [('a', 'det', 'diner'), ('diner', 'pobj', 'at'), ('flipping', 'advcl', 'work'), ('pancakes', 'dobj', 'flipping')]
    """
    for ing in doc[3:-1]:
        base = participle_base(ing.lower_, verbs) if ing.text.islower() else None
        place = doc[ing.i - 1]
        after = doc[ing.i + 1]
        if base is None or place.pos_ not in _NAMES and place.lower_ not in _UNITS:  # ("a diner" read as an adjective)
            continue
        if after.pos_ not in _OBJECT_START or after.is_sent_start or place.lemma_.lower() in TIES.employer_nouns:
            continue  # no object after it; "a company selling insurance": what the company does
        prep = _work_prep(doc, ing.i)
        if prep is None:
            continue
        phrase = [t for t in prep.subtree if t.i > prep.i]
        if not phrase or ing not in phrase:
            continue
        old = next((t for t in prep.children if t.dep_ == "pobj"), None)
        if old is None or old.i > ing.i and old.lemma_.lower() in _UNITS:
            continue
        for tok in phrase:
            if tok.i < place.i and tok.head.i >= place.i:
                tok.head = place
        objects = [t for t in phrase if t.i > ing.i and (t.head.i < ing.i or t.head == prep)]
        place.head, place.dep_ = prep, "pobj"
        verb = prep.head
        ing.head, ing.dep_ = verb, "advcl" if verb.pos_ in ("VERB", "AUX") else "acl"
        ing.pos_, ing.tag_, ing.lemma_ = "VERB", "VBG", base
        for tok in objects:
            tok.head, tok.dep_ = ing, "dobj" if tok.pos_ in _NAMES or tok.pos_ == "PRON" else tok.dep_
