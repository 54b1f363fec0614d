"""Bonds between two people named by a noun, and a friend named by likeness.

* a bond noun owned by someone presupposes the bond, whatever the clause does ("I'd never risk my
  friendship with Nora", "is our friendship over?"): "my/your/Nora's friendship with X" → the owner and
  X; "our friendship" → the speaker and the listener, unless the turn speaks of someone else ("my
  teammates signed it as a sign of our friendship"); the nouns are data (``bond_nouns`` in ``ties.json``);
* "you're like my best friend", "Nora is like a friend to me" → a friend ("he's like a brother to me":
  not one);
* "Come meet my friends. This is Nina." → each name introduced after it is the speaker's friend (sister, …);
* staying a role held for someone ("you can't stay my assistant forever"), by
  :func:`~chronomem.extract.rules.people.titles.staying_rels`.
"""

from __future__ import annotations

from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, doc_words, person_arg
from chronomem.extract.clauses.hygiene import is_vocative
from chronomem.extract.clauses.records import ENTITY, SPEAKER, YOU, Arg, Rel, When
from chronomem.extract.lexicon import load_lexicon
from chronomem.extract.rules.open.possessives import introduced_names
from chronomem.extract.rules.people.kin import kin_of, kin_rels
from chronomem.extract.rules.people.kin_phrases import said_person
from chronomem.extract.rules.people.titles import staying_rels

TIES = load_lexicon("ties")
_BOND_WORDS = tuple(TIES.bond_nouns)
_FRIEND_WORDS = tuple(w for w, (relation, _) in L.KIN.items() if relation == "friend")
_GATE_WORDS = (*TIES.bond_nouns, "meet", "stay", "remain")
_GATE_HASHES = frozenset(get_string_id(w) for w in _GATE_WORDS)  # compared with args.doc_words
_FRIEND_HASHES = frozenset(get_string_id(w) for w in _FRIEND_WORDS)
_LIKE = get_string_id("like")


def may_tie(doc: Doc) -> bool:
    """Whether a turn has words a rule here reads (a bond noun, "meet", "stay", "remain", or "like" with a
    friend word): most turns do not, and the rules are not run on them."""
    words = doc_words(doc)
    if not words.isdisjoint(_GATE_HASHES):
        return True
    return _LIKE in words and not words.isdisjoint(_FRIEND_HASHES)  # "like my best friend"


def bond_rels(sent: Span, idx: DocIndex, *, stated: bool) -> list[Rel]:
    """Bonds a noun presupposes (any sentence); with ``stated``, also a friend by likeness (statements only)."""
    text = sent.text.lower()
    out: list[Rel] = staying_rels(sent, idx) if "stay" in text or "remain" in text else []
    liking = stated and "like" in text and any(w in text for w in _FRIEND_WORDS)
    if not liking and not any(w in text for w in _BOND_WORDS):
        return out  # a cheap gate: most sentences name no bond
    for tok in sent:
        if tok.lemma_.lower() in TIES.bond_nouns and tok.pos_ == "NOUN":
            out += _owned_bond(tok, idx)
        elif liking and tok.lower_ == "like" and tok.dep_ == "prep" and tok.head.lemma_ == "be":
            out += _like_a_friend(tok, idx)
    return out


def _owned_bond(noun: Token, idx: DocIndex) -> list[Rel]:
    """"my friendship with Nora", "your friendship with him", "our friendship" (with the listener)."""
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    if poss is None or any(c.dep_ in ("compound", "amod") and c.lower_ in ("former", "ex", "old") for c in noun.children):
        return []
    owner = Arg(YOU, poss.i) if poss.lower_ == "your" else Arg(SPEAKER, poss.i) if poss.lower_ in ("my", "our") \
        else said_person(poss, idx) if poss.pos_ == "PROPN" else None
    if owner is None:
        return []
    others = [a for a in (said_person(t, idx) for t in _with(noun)) if a is not None]
    if not others and poss.lower_ == "our" and not _others_in_turn(noun.doc):
        others = [Arg(YOU, noun.i)]
    predicate = str(TIES.bond_nouns[noun.lemma_.lower()])
    return [Rel(predicate, owner, o, When("state"), "assert", None, 0.7, {}, noun.i) for o in others
            if o.kind != owner.kind or o.kind == ENTITY and o.name != owner.name]


def _with(noun: Token) -> list[Token]:
    """The people after "with": hung on the noun, or on its verb right after it ("to hurt my friendship
    with you" read as "hurt … with you")."""
    preps = [c for c in noun.children if c.dep_ == "prep" and c.lower_ == "with"]
    after = noun.doc[noun.i + 1] if noun.i + 1 < noun.sent.end else None
    if not preps and after is not None and after.lower_ == "with" and after.dep_ == "prep" and after.head.i == noun.head.i:
        preps = [after]
    objs = [p for prep in preps for p in prep.children if p.dep_ == "pobj"]
    return objs + [c for o in objs for c in o.children if c.dep_ == "conj"]


def _others_in_turn(doc: Doc) -> bool:
    """Someone else the turn speaks of, whom "our" may take in: a person named (not the one spoken to),
    "they", or a group ("my teammates gave me this; it's a sign of our friendship")."""
    for tok in doc:
        lemma = tok.lemma_.lower()
        if tok.lower_ in L.THIRD_PLURAL or lemma in TIES.group_nouns:
            return True
        if tok.tag_ == "NNS" and (lemma in L.KIN or lemma in L.PERSON_NOUNS or lemma in L.OLD_MEANS_FORMER):
            return True
    return any(e.label_ == "PERSON" and not is_vocative(e) for e in doc.ents)


def _like_a_friend(like: Token, idx: DocIndex) -> list[Rel]:
    """"you're like my best friend", "Nora is like a friend to me"."""
    verb = like.head
    if any(c.dep_ == "neg" or c.tag_ == "MD" for c in verb.children):
        return []
    noun = next((c for c in like.children if c.dep_ == "pobj"), None)
    kin = kin_of(noun) if noun is not None else None
    subj = max((c for c in verb.children if c.dep_ == "nsubj" and c.i < like.i), key=lambda c: c.i, default=None)
    if noun is None or kin is None or kin[0] != "friend" or subj is None:
        return []
    subject = said_person(subj, idx)
    poss = next((c for c in noun.children if c.dep_ == "poss"), None)
    to_me = any(c.dep_ == "prep" and c.lower_ == "to" and any(p.lower_ == "me" for p in c.children)
                for h in (noun, verb) for c in h.children)
    if subject is None or subject.kind == SPEAKER or not (poss is not None and poss.lower_ == "my" or to_me):
        return []
    return [Rel("FRIEND_OF", Arg(SPEAKER, like.i), subject, When("state"), "assert", None, 0.7, {}, like.i)]


def introduced_kin_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """"Come meet my friends. This is Nina.", "I'd like you to meet my sisters: this is Ana and this is Bea"."""
    meet = next((t for t in doc if t.lemma_ == "meet" and t.tag_ == "VB" and _introducing(t)), None)
    group = next((c for c in meet.children if c.dep_ == "dobj"), None) if meet is not None else None
    kin = kin_of(group) if group is not None else None
    if group is None or kin is None or kin[0] == "pet" or not any(
            c.dep_ == "poss" and c.lower_ in ("my", "our") for c in group.children):
        return []
    sents = [s for s in doc.sents if s.end > group.i][:2]  # its sentence and the next
    names = [n for t in introduced_names(doc) if group.i < t.i < sents[-1].end for n in (t, *t.conjuncts)
             if n.pos_ == "PROPN"]
    people = [a for a in (person_arg(n, idx, trust_ner=False) for n in names) if a is not None and a.kind == ENTITY]
    return [r for a in people for r in kin_rels(Arg(SPEAKER, group.i), a, kin, When("state"), group.i)]


def _introducing(meet: Token) -> bool:
    """"Meet my friends", "come meet …", "I'd like you to meet …" (not "you should meet my sister sometime")."""
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in meet.children):
        return False
    if meet.dep_ == "ROOT" or meet.i == meet.sent.start:
        return True
    return meet.head.lemma_ in TIES.introducing_verbs and not any(
        c.dep_ == "aux" and c.lower_ in TIES.suggesting_modals for c in meet.head.children)
