"""Kin, friends and bonds said with a copula, and in phrases the noun-phrase rules
(:mod:`~chronomem.extract.rules.people.nominal`) do not read.

The subject is "I", "you", he/she or a name; not when the verb is negated; questions and hypotheticals
never reach the rules (but for the bonds a noun presupposes). "ex-" and "former" make an ending, "late"
nothing (:func:`~chronomem.extract.rules.people.kin.modifier_state`).
"""

from __future__ import annotations

from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, doc_words, person_arg
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.hygiene import others_in_turn
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, MINE, OWNED, PRONOUN, SPEAKER, WE, YOU, Arg, Rel, When, held, holds
from chronomem.extract.clauses.stance import negated, plain
from chronomem.extract.clauses.tree import dep_child, nearest_subject, plus_conjuncts, poss_of, prep_objects
from chronomem.extract.lexicon import KIN_RELATIONS, OPEN, PEOPLE, TIES
from chronomem.extract.parse.pipeline import session_speakers
from chronomem.extract.rules.open.naming import introduced_names
from chronomem.extract.rules.people.kin import (
    kin_of,
    kin_rels,
    modifier_state,
    named_token,
    owner_word,
    possessor,
    said_person,
)
from chronomem.extract.rules.people.titles import staying_rels
from chronomem.extract.rules.people.who import named_person, person_in

COUPLES = ("partner", "spouse", "fiance")  # kin whose past tense says the relationship is over
PAST_OVER = (*COUPLES, "boss", "report")  # and ties at work: "I was Nora's assistant", "Ana was my boss"


def over_if_past(kin: tuple[str, str, str], verb: Token) -> bool:
    """A tie the past tense of ``verb`` says is over: a couple, a tie at work, a home, street or team shared ("I was
    Lena's roommate", "Walt was my neighbour": ``open_ties``)."""
    return verb.tag_ == "VBD" and (kin[0] in PAST_OVER or kin[2] in L.OPEN_TIES)


def copula_kin(attr: Token, idx: DocIndex) -> list[Rel]:
    """"Julie is his girlfriend", "I'm Ross's sister", "Ross is your ex-husband", "Joey and I are roommates"."""
    kin = kin_of(attr)
    if kin is None or kin[0] == "pet" or negated(attr.head) or stand_in(attr):
        return []
    state = modifier_state(attr)
    if state == "skip":
        return []
    ended = state == "ended" or clause_status(attr.head).ending or (  # "he's no longer my husband"
        over_if_past(kin, attr.head))  # "I was Tom's wife", "I was Nora's assistant"
    when = held(ended)
    subj = max((s for s in attr.head.children if s.dep_ == "nsubj"), key=lambda s: s.i, default=None)
    subjects = [] if subj is None else [subj, *(c for c in subj.children if c.dep_ == "conj")]  # "Joey and I are …"
    # (the subject nearest the verb: "Hey John, … I'm now friends with …" parses the vocative as a second subject)
    args = [a for a in (said_person(s, idx, any_pronoun=True) for s in subjects) if a is not None]
    if (owner := owner_word(attr, idx)) is not None:
        if owner.kind in (SPEAKER, WE):  # "Emma is my sister" is the vocabulary rules'; "he's my friend" is left here
            args = [a for a in args if a.kind == PRONOUN]
        return [r for a in args[:1] for r in kin_rels(owner, a, kin, when, attr.i) if a.kind != owner.kind or a.kind == ENTITY
                or _told_apart(a, owner)]
    paired = any((k := kin_of(c)) is not None and k[0] == kin[0] for c in attr.children if c.dep_ == "conj")
    if len(args) == 2 and any((k := kin_of(c)) is not None and _inverse(kin[0], k[0])
                              for c in attr.children if c.dep_ == "conj"):
        return kin_rels(args[1], args[0], kin, when, attr.i)  # "X and Y are mother and son": X is Y's mother
    if len(args) == 2 and (attr.tag_ == "NNS" and kin[0] in ("friend", "relative", "sibling") or kin[2] in L.PAIR_KIN
                           or paired):  # "X and Y are roommates", "… brother and sister", "… husband and wife"
        # "Nina and Omar are an item" ("were a couple": over)
        past = kin[0] in COUPLES and attr.head.tag_ == "VBD"
        return kin_rels(args[0], args[1], kin, When("end", vague=True) if past else when, attr.i)
    return []


def stand_in(attr: Token) -> bool:
    """A kin word of a copula that names a part played for a while or offered, not a tie: "I'll be your mom for the
    day", "I can be your big sister tonight", "he could be your brother" (``stand_in_times``, ``offering_modals``).

    >>> import spacy
    >>> doc = spacy.blank("en")("I will be your mom for the day")
    >>> for i, (head, dep) in enumerate([(3, "nsubj"), (3, "aux"), (3, "ROOT"), (5, "poss"), (3, "attr"), (5, "prep"),
    ...                                  (8, "det"), (6, "pobj")]):
    ...     doc[i].head, doc[i].dep_ = doc[head - 1], dep
    >>> doc[1].tag_ = "MD"
    >>> stand_in(doc[4])
    True
    """
    verb = attr.head
    if any(c.tag_ == "MD" and c.lower_ in PEOPLE.offering_modals for c in verb.children):
        return True
    for word in (*verb.children, *attr.children):
        if word.lower_ in PEOPLE.stand_in_times and word.dep_ in ("npadvmod", "advmod"):
            return True  # "… your mom today"
        if word.dep_ == "prep" and word.lower_ == "for" and any(
                o.dep_ == "pobj" and o.lower_ in PEOPLE.stand_in_times for o in word.children):
            return True  # "… for the day", "… for a while"
    return False


def _told_apart(one: Arg, other: Arg) -> bool:
    """Two pronouns of a man and a woman, so two people: "she's his girlfriend", "he's her brother" (not "he's
    his brother": which he is whose, the words do not say)."""
    return one.kind == other.kind == PRONOUN and {one.gender, other.gender} == {"m", "f"}


def _inverse(one: str, other: str) -> bool:
    """Two kin of one tie seen from either side ("mother" and "son", "boss" and "report")."""
    (pred, rev), (pred2, rev2) = KIN_RELATIONS.get(one, ("", False)), KIN_RELATIONS.get(other, ("", False))
    return bool(pred) and pred == pred2 and rev != rev2


def your_kin(tok: Token, idx: DocIndex) -> list[Rel]:
    """"your brother Ross", "Ross, your sister": a named relative of the listener."""
    kin = kin_of(tok)
    if kin is None or kin[0] == "pet":
        return []
    name = named_token(tok, idx)
    named = person_arg(name, idx, trust_ner=False) if name is not None else None
    state = modifier_state(tok, name)
    if named is None or named.kind != ENTITY or named.strength >= GAZETTEER or state == "skip":
        return []
    return kin_rels(Arg(YOU, tok.i), named, kin, held(state == "ended"), tok.i)


def self_kin_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"I'm Nora's mom", "I'm Tomas's ex-wife", "I was Lena's roommate": the speaker as the relative of a named
    owner (not a self-introduction, "I'm Nora", nor negated); a couple's past tense ends it."""
    out: list[Rel] = []
    for tok in sent:
        if tok.dep_ != "attr" or tok.head.lemma_ != "be":
            continue
        subj = [c for c in tok.head.children if c.dep_ == "nsubj"]
        if len(subj) != 1 or subj[0].lower_ != "i" or negated(tok.head):
            continue
        kin = kin_of(tok)
        poss = poss_of(tok)
        if kin is None or kin[0] == "pet" or poss is None or poss.pos_ != "PROPN":
            continue
        owner = possessor(poss, idx)
        state = modifier_state(tok)
        if owner is None or owner.kind != ENTITY or state == "skip":
            continue
        ended = state == "ended" or over_if_past(kin, tok.head)
        out += kin_rels(owner, Arg(SPEAKER, tok.i), kin, held(ended), tok.i)
    return out


def kin_phrase_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Kin and friendship in "one of X's friends", "a friend of X's", "friends with X", a couple in the past
    tense ("Timo was my boyfriend": ended), a relative's name and an ending said of someone."""
    out: list[Rel] = []
    for tok in sent:
        out += _and_their_partner(tok, idx)
        if tok.lemma_ in PEOPLE.friendship_idioms:
            out += _going_back(tok, idx)
        if tok.dep_ not in ("attr", "acomp") or tok.head.lemma_ != "be":
            continue
        if negated(tok.head):
            out += _no_longer(tok, idx)
            continue
        if named := _relative_named(tok, idx):
            out += named
            continue
        if (subject := _subject(tok.head, tok, idx)) is None:
            continue
        if tok.lower_ == "friends" and (other := _with(tok, idx)):
            out += [holds("FRIEND_OF", subject, o, tok.i, 0.7) for o in other]
            continue
        one_of = tok.lower_ == "one"
        noun = next(iter(prep_objects(tok, "of")), None) if one_of else tok  # "one of Tomas's friends" → "friends"
        kin = kin_of(noun) if noun is not None else None
        if noun is None or kin is None or kin[0] == "pet" or modifier_state(noun) == "skip":
            continue
        past_couple = not one_of and over_if_past(kin, tok.head)
        when = When("end", vague=True) if past_couple else held(modifier_state(noun) == "ended")
        # "Ross's sister" alone is the copula rules' (which leave the past tense alone)
        for owner in _owners(noun, idx, possessive=one_of or past_couple):
            if owner.other_than(subject):
                out += kin_rels(owner, subject, kin, when, tok.i)
    return out


def _going_back(verb: Token, idx: DocIndex) -> list[Rel]:
    """"Joaquin and I go way back", "I go way back with Leda": two people long friends (``friendship_idioms``);
    stated, in the present ("we went back to Oslo", "I don't go way back with him": nothing)."""
    doc = verb.doc
    words = [t.lower_ for t in doc[verb.i + 1:verb.sent.end]]
    idiom = next((p.split() for p in PEOPLE.friendship_idioms[verb.lemma_] if words[:len(p.split())] == p.split()), None)
    if idiom is None or verb.tag_ not in ("VBP", "VBZ") or not plain(verb):
        return []
    subjects = plus_conjuncts([c for c in verb.children if c.dep_ == "nsubj"])
    withs = [o for t in doc[verb.i:verb.i + 1 + len(idiom)] for o in prep_objects(t, "with")]
    people = subjects[:1] + withs[:1] if withs else subjects
    args = [a for a in (said_person(t, idx, any_pronoun=True) for t in people) if a is not None]
    if len(people) != 2 or len(args) != 2 or args[0].kind == args[1].kind != ENTITY:
        return []
    return [holds("FRIEND_OF", args[0], args[1], verb.i, 0.7)]


def _and_their_partner(tok: Token, idx: DocIndex) -> list[Rel]:
    """"Sara and her husband came over", "my brother and his wife had a baby": the unnamed partner of the
    person it is conjoined to, by a possessive of that person's gender (not "Tom and her husband", "Sara and
    her ex-husband", "my sister and my husband")."""
    if tok.dep_ != "conj" or tok.pos_ != "NOUN":
        return []  # (most words: the cheap look first)
    poss, kin = poss_of(tok), OPEN.kin_possessions.get(tok.lower_, "")
    if kin not in COUPLES or poss is None or poss.lower_ not in (
            L.PARTNER_POSSESSIVES) or poss.lower_ == "my" or modifier_state(tok) or negated(tok.head.head) or (
            tok.head.head.lemma_.lower() in L.COUPLE_ENDING_LEMMAS) or named_token(tok, idx) is not None:
        return []  # "Sara and her boyfriend split up": the couple rules'; "Sara and her husband Omar": the name rules'
    head, theirs = tok.head, L.PARTNER_POSSESSIVES[poss.lower_]
    owner = named_person(head, idx)
    gender = owner.gender if owner is not None else ""
    mine = poss_of(head)
    if owner is None and head.pos_ == "NOUN" and mine is not None and mine.lower_ == "my" and not (
            named_token(head, idx)) and (relation := L.KIN.get(head.lemma_.lower())) is not None:
        owner, gender = Arg(MINE, head.i, head.lower_, "PERSON", GUESS), relation[1]  # "my brother and his wife"
    if owner is None or theirs and gender not in ("", theirs):
        return []
    return [holds(L.KIN_PREDICATES[kin], owner, Arg(OWNED, tok.i, tok.lower_, "PERSON", GUESS), tok.i, 0.7)]


def _no_longer(attr: Token, idx: DocIndex) -> list[Rel]:
    """"You're not my girlfriend anymore", "he's no longer her husband": the relation ended (said of a name,
    the vocabulary rules read it)."""
    subject = _subject(attr.head, attr, idx)
    kin = kin_of(attr)
    if subject is None or subject.kind == ENTITY or kin is None or kin[0] == "pet" or not clause_status(
            attr.head).ending:
        return []
    return [r for owner in _owners(attr, idx, possessive=True) if owner.kind != subject.kind
            for r in kin_rels(owner, subject, kin, When("end", vague=True), attr.i)]


def _relative_named(attr: Token, idx: DocIndex) -> list[Rel]:
    """"my husband's name is Haring": the relative (of a possessor) is the named person."""
    subj = dep_child(attr.head, "nsubj")
    if subj is None or subj.lemma_ != "name" or attr.pos_ != "PROPN":
        return []
    relative = poss_of(subj)
    kin = kin_of(relative) if relative is not None else None
    named = said_person(attr, idx)
    if relative is None or kin is None or kin[0] == "pet" or named is None or named.kind != ENTITY:
        return []
    return [r for owner in _owners(relative, idx, possessive=True)
            for r in kin_rels(owner, named, kin, When("state"), attr.i)]


def _subject(verb: Token, word: Token, idx: DocIndex) -> Arg | None:
    """The subject nearest the verb, before ``word``, as a person."""
    return said_person(nearest_subject(verb, word), idx)


def _with(word: Token, idx: DocIndex) -> list[Arg]:
    """"friends with Tomas (and Lena)": the people after "with"."""
    objs = plus_conjuncts(prep_objects(word, "with"))
    return [a for a in (said_person(o, idx) for o in objs) if a is not None]


def _owners(noun: Token, idx: DocIndex, *, possessive: bool) -> list[Arg]:
    """Whose friend (sister, …): "a friend of Lena and Tomas's", "a friend of Nora"; with ``possessive``
    also "(one of) Tomas's / my / your friends"."""
    owners = [c for c in noun.children if c.dep_ == "poss"] if possessive else []
    owners = plus_conjuncts(owners + prep_objects(noun, "of"))
    return [a for a in (person_in(o, idx, "owner") for o in owners) if a is not None]


# ----------------------------------------------------------------------------- bonds
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
    return not words.isdisjoint(_GATE_HASHES) or _LIKE in words and not words.isdisjoint(_FRIEND_HASHES)  # "like my …"


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
    """"my friendship with Nora", "your friendship with him", "our friendship" (with the listener), "Nina's
    marriage to Omar", "our wedding anniversary" (a couple's bond: not in a supposition or an ending)."""
    poss = poss_of(noun)
    lemma = noun.lemma_.lower()
    before = {c.lower_ for c in noun.children if c.dep_ in ("compound", "amod", "nmod")}
    needed = TIES.bond_compounds.get(lemma)
    if poss is None or before & {"former", "ex", "old"} or (before.isdisjoint(needed) if needed else
                                                           lemma != "friendship" and before):
        return []
    predicate = str(TIES.bond_nouns[lemma])
    if predicate != "FRIEND_OF" and any(t.lemma_.lower() in TIES.couple_bond_doubts for t in noun.sent):
        return []
    owner = Arg(YOU, poss.i) if poss.lower_ == "your" else Arg(SPEAKER, poss.i) if poss.lower_ in ("my", "our") \
        else said_person(poss, idx) if poss.pos_ == "PROPN" else None
    if owner is None:
        return []
    whom = _with_whom(noun, tuple(TIES.bond_preps.get(lemma, ("with",))))
    others = [a for a in (said_person(t, idx) for t in whom) if a is not None]
    if not whom and poss.lower_ == "our" and not others_in_turn(noun.doc, noun) and (
            predicate == "FRIEND_OF" or len(session_speakers(noun.doc)) == 2):
        others = [Arg(YOU, noun.i)]  # a couple's "our" is the listener's only when two talk
    return [holds(predicate, owner, o, noun.i, 0.7) for o in others if o.other_than(owner)]


def _with_whom(noun: Token, words: tuple[str, ...]) -> list[Token]:
    """The people after one of the prepositions ``words``: hung on the noun, or on its verb right after it ("to
    hurt my friendship with you" read as "hurt … with you"; "my engagement to Lucien")."""
    preps = [c for c in noun.children if c.dep_ == "prep" and c.lower_ in words]
    after = noun.doc[noun.i + 1] if noun.i + 1 < noun.sent.end else None
    if not preps and after is not None and after.lower_ in words and after.dep_ == "prep" and after.head.i == noun.head.i:
        preps = [after]
    return plus_conjuncts([p for prep in preps for p in prep.children if p.dep_ == "pobj"])


def _like_a_friend(like: Token, idx: DocIndex) -> list[Rel]:
    """"you're like my best friend", "Nora is like a friend to me"."""
    verb = like.head
    if not plain(verb):
        return []
    noun = dep_child(like, "pobj")
    kin = kin_of(noun) if noun is not None else None
    subject = _subject(verb, like, idx)
    if noun is None or kin is None or kin[0] != "friend":
        return []
    poss = poss_of(noun)
    to_me = any(c.dep_ == "prep" and c.lower_ == "to" and any(p.lower_ == "me" for p in c.children)
                for h in (noun, verb) for c in h.children)
    if subject is None or subject.kind == SPEAKER or not (poss is not None and poss.lower_ == "my" or to_me):
        return []
    return [holds("FRIEND_OF", Arg(SPEAKER, like.i), subject, like.i, 0.7)]


def introduced_kin_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """"Come meet my friends. This is Nina.", "I'd like you to meet my sisters: this is Ana and this is Bea"."""
    meet = next((t for t in doc if t.lemma_ == "meet" and t.tag_ == "VB" and _introducing(t)), None)
    group = dep_child(meet, "dobj") if meet is not None else None
    kin = kin_of(group) if group is not None else None
    if group is None or kin is None or kin[0] == "pet" or not any(
            c.dep_ == "poss" and c.lower_ in ("my", "our") for c in group.children):
        return []
    sents = [s for s in doc.sents if s.end > group.i][:2]  # its sentence and the next
    names = [n for t in introduced_names(doc) if group.i < t.i < sents[-1].end for n in (t, *t.conjuncts)
             if n.pos_ == "PROPN"]
    people = [a for a in (named_person(n, idx) for n in names) if a is not None]
    return [r for a in people for r in kin_rels(Arg(SPEAKER, group.i), a, kin, When("state"), group.i)]


def _introducing(meet: Token) -> bool:
    """"Meet my friends", "come meet …", "I'd like you to meet …" (not "you should meet my sister sometime")."""
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in meet.children):
        return False
    if meet.dep_ == "ROOT" or meet.i == meet.sent.start:
        return True
    return meet.head.lemma_ in TIES.introducing_verbs and not any(
        c.dep_ == "aux" and c.lower_ in TIES.suggesting_modals for c in meet.head.children)
