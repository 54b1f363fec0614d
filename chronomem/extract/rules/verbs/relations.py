"""People's tastes and possessions, and "get" in its many senses: like/love/hate/prefer, own/buy/sell,
"got married", "got together", "got a job at", "got a new manager: Lucas", "took over the team".
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import owned_arg, team_arg, thing_arg
from chronomem.extract.clauses.args import person_arg
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import SPEAKER, Arg, Rel, When
from chronomem.extract.clauses.tree import aspect_whole, is_pet_noun, owned_pet, possession_noun, prep_objects, someone_elses
from chronomem.extract.lexicon import BOSS_NOUNS, CONSUMABLES, OPEN, UNIONS
from chronomem.extract.rules.base import emit, job_rels, persons
from chronomem.extract.rules.open.base import a_gift, for_someone, named_later
from chronomem.extract.rules.people.impressions import someone_of_mine
from chronomem.extract.rules.people.kin import family_verb_rels
from chronomem.extract.rules.verbs.couples import marital, together_rels


def get(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    acomp = frame.acomp
    if acomp is not None and frame.lemma == "get":
        return marital(frame, acomp.lower_, subjects, frame.preps)
    if frame.lemma == "get" and any(c.lower_ == "together" and c.dep_ in ("advmod", "prt") for c in (
            *frame.v.children, *(g for p in frame.v.children if p.dep_ == "prep" and p.lower_ == "with" for g in p.children))):
        # "Tom and I got together"; "I got back together with Nina" (the parser's "together" under "with")
        return together_rels(frame)
    dobj = frame.dobj
    if frame.lemma == "get" and dobj is not None and dobj.lemma_.lower() in UNIONS and not any(
            c.dep_ in ("compound", "amod") for c in dobj.children):  # "Carol and I are getting a divorce" (not "a divorce lawyer")
        return marital(frame, UNIONS[dobj.lemma_.lower()], subjects, {**frame.dobj_preps, **frame.preps})
    if frame.lemma == "take" and frame.prt == "over" and dobj is not None:
        team, start = team_arg(dobj), frame.when("start")
        before = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("from")) if a is not None]
        return (emit(frame, "LEADS", subjects, team, start, obj_tok=dobj)  # "took over X from Kenji": Kenji stopped
                + (emit(frame, "LEADS", before, team, replace(start, mode="end")) if start is not None else []))
    if frame.lemma == "get" and dobj is not None and dobj.lemma_.lower() in BOSS_NOUNS and (
            boss := _named_after_colon(frame, dobj)) is not None:  # "I got a new manager last week: Lucas"
        return emit(frame, "REPORTS_TO", [s for s in subjects if s.kind != "we"], boss, frame.when("start"))
    if A.is_job_noun(dobj):
        return job_rels(frame, subjects, frame.when("start"))
    if frame.lemma != "get":
        return []
    named = family_verb_rels(frame, subjects, "start")
    if named or frame.status.tense not in ("past", "perfect"):
        return named
    pets = _unnamed_pet_objects(frame, mine=True)  # "I got my cat from a shelter" too
    things = [t for t in frame.dobjs if possession_noun(t) and t.pos_ == "NOUN" or device(t, frame)]
    if things and for_someone(frame, things):
        things = []  # "I got a bike for my son": a gift
    when = frame.when("start")
    return unnamed_pets(frame, pets, subjects, when) + [  # "we got a puppy", "I just got a new car": theirs from then
        r for t in things for r in emit(frame, "OWNS", subjects, thing_arg(t, frame.idx), when, confidence=0.8)]


def device(tok: Token, frame: Frame) -> bool:
    """A device by its make's name, the thing itself: "a new iPad", "a Nintendo Switch" (``devices``; not "an iPhone
    charger", not "a switch")."""
    arg = None if tok.is_lower else thing_arg(tok, frame.idx)
    return arg is not None and arg.name.lower() in OPEN.devices


def received(frame: Frame) -> list[Rel]:
    """A device (:func:`device`) received, or given to the speaker, theirs from then: "I received a Kindle for my
    birthday", "my parents gave me an iPad" (not one given to someone else: "I gave my son an iPad", nor got for
    someone: "I received a Kindle for my niece")."""
    if frame.lemma == "give":
        owners = [Arg(SPEAKER, c.i) for c in frame.v.children if c.dep_ in ("dative", "iobj") and c.lower_ == "me"]
    else:
        owners = [] if a_gift(frame) else persons(frame)
    return [r for t in frame.dobjs if device(t, frame)
            for r in emit(frame, "OWNS", owners, thing_arg(t, frame.idx), frame.when("start"), confidence=0.8)]


def unnamed_pets(frame: Frame, pets: list[Token], subjects: list[Arg], when: When | None) -> list[Rel]:
    """HAS_PET for each pet noun ``pets`` with no name: the owner's "<owner>'s puppy"; none when it was got
    for someone else ("I got this pup for you", "bought a kitten for my niece")."""
    if for_someone(frame, pets):
        return []
    return [r for t in pets if not named_later(t)
            for r in emit(frame, "HAS_PET", subjects, owned_arg(t, "PET"), when, confidence=0.7)]


def _unnamed_pet_objects(frame: Frame, *, mine: bool) -> list[Token]:
    """The verb's objects that are pet nouns with no name beside them ("a puppy named Rex" is the vocabulary
    rules'); ``mine``: also one said with a possessive ("my cat")."""
    beside = ("acl", "relcl", "appos") if mine else ("poss", "acl", "relcl", "appos")
    return [t for t in frame.dobjs if is_pet_noun(t) and t.pos_ == "NOUN" and not any(
        c.dep_ in beside for c in t.children)]


def _named_after_colon(frame: Frame, noun: Token) -> Arg | None:
    """The name a noun is given after a colon: "a new manager: Lucas", "a new boss on Monday: Ana"."""
    sent, doc = noun.sent, noun.doc
    colon = next((t for t in doc[noun.i + 1:sent.end] if t.text in (":", "—")), None)
    if colon is None:
        return None
    nxt = doc[colon.i + 1].sent if colon.i + 1 < len(doc) else sent  # the parser may start a sentence after ":"
    name = next((t for t in doc[colon.i + 1:nxt.end] if not t.is_punct), None)
    return person_arg(name, frame.idx, trust_ner=False) if name is not None and name.pos_ == "PROPN" else None


def taste(frame: Frame, *, predicate: str) -> list[Rel]:
    """"I love jazz", "she hates Java", "I prefer tea over coffee" (``predicate``: LIKES, DISLIKES or PREFERS)."""
    if frame.v.pos_ != "VERB":
        return []
    objs = frame.dobjs or [t for c in frame.v.children if c.dep_ == "xcomp" and c.tag_ in ("NN", "VBG", "NNS")
                           and not any(a.lower_ == "to" for a in c.children) for t in with_conj(c)]
    if not objs:  # "I hate Java" parsed with Java as an adverb
        objs = [c for c in frame.v.rights if c.pos_ == "PROPN" and c.dep_ in ("advmod", "npadvmod", "attr", "oprd", "dep")][:1]
    quals = {}
    other = [t for k in ("over", "to", "than") for t in frame.dobj_preps.get(k, []) + frame.preps.get(k, [])]
    if frame.lemma == "prefer" and other and (alt := thing_arg(other[0], frame.idx)) is not None:
        quals["over"] = alt.name
    subjects, when = persons(frame), frame.when("state")
    objs = [w for t in objs if (w := aspect_whole(t)) is not None]  # "the plot of Dune": Dune; "the acting": none
    things = [(tok, thing_arg(tok, frame.idx)) for tok in objs if not someone_of_mine(tok, frame.idx)
              and not someone_elses(tok) and not owned_pet(tok)]  # (not "my coach Priya", "my coworker", "lawyers",
    # "Sam's cooking", "my dog Max")
    things = [(t, a) for t, a in things if a is not None and not a.gender and a.label != "PERSON"]  # tastes, not people
    return [r for tok, arg in things for r in emit(frame, predicate, subjects, arg, when,
                                                   qualifiers=quals, obj_tok=tok)]


def own(frame: Frame, *, aspect: str, kept: bool = False) -> list[Rel]:
    """"I own a bike" (a state), "I bought a bike" (it starts), "I sold my bike" (it ends); ``kept``: only things
    one keeps (``possession_nouns``, a device): "I lost my watch" ends owning it, "I lost my patience" nothing."""
    if frame.dobj is None:
        return []
    if pets := family_verb_rels(frame, persons(frame), aspect):
        return pets
    if kept and any(c.dep_ == "conj" and c.lemma_.lower() in OPEN.found_again_verbs for c in frame.v.children):
        return []  # "I lost my phone but found it later"
    if aspect == "start" and a_gift(frame):
        return []  # "Tom bought me a guitar", "I bought a bike for my son": the buyer does not keep it
    subjects, when = persons(frame), frame.when(aspect)
    arrived = _unnamed_pet_objects(frame, mine=False) if frame.lemma == "own" or frame.lemma in OPEN.pet_arrival_verbs else []
    objs = [t for t in frame.dobjs if t.lower_ not in CONSUMABLES and t.lemma_.lower() not in CONSUMABLES
            and (t.pos_ == "PROPN" or t.tag_ != "NNS" or aspect == "state") and t not in arrived
            and not someone_elses(t) and (not kept or possession_noun(t) or device(t, frame))]  # "I sold my dad's car": his
    return unnamed_pets(frame, arrived, subjects, when) + [  # "I own two horses", "I bought a parrot and a cage"
        r for tok in objs for r in emit(frame, "OWNS", subjects, thing_arg(tok, frame.idx), when, confidence=0.8)]


def owner_of(frame: Frame) -> list[Rel]:
    """"I'm the proud owner of a 3D printer": OWNS what one keeps (``possession_nouns``, a device), not a role
    ("the owner of a bakery" is no such thing)."""
    attr = frame.attr
    if attr is None or attr.lemma_.lower() not in OPEN.owner_nouns:
        return []
    things = [t for t in prep_objects(attr, "of") if possession_noun(t) or device(t, frame)]
    return [r for t in things for r in emit(frame, "OWNS", persons(frame), thing_arg(t, frame.idx), frame.when("state"),
                                            confidence=0.8)]
