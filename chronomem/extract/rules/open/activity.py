"""Habits and ongoing activities: "I volunteer at the food bank", "I've been knitting for years",
"I'm learning how to play the cello" → the verb (with its particle and preposition) and its object.

Used by :mod:`chronomem.extract.rules.open.clauses`, which decides whether a clause states a habit at all
(its aspect); which verbs and words do what is data (``chronomem/data/lexicon/open_clauses.json``).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.frames import Frame, pastimes_in_list, with_conj
from chronomem.extract.clauses.phrases import gerund, third_person
from chronomem.extract.clauses.records import ENTITY, GUESS, OWNED, Arg, Rel, timed
from chronomem.extract.clauses.tree import is_pet_noun, possession_noun, someone_elses
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import (
    OPEN_CONFIDENCE,
    OPEN_PREDICATE,
    TASTE_CONFIDENCE,
    a_gift,
    clause_objects,
    past_lemma,
    phrase_arg,
    subject_rels,
    unnamed_workplace,
)
from chronomem.extract.rules.open.phrase_table import mapped_predicate, phrase_row

_DOING_DEPS = frozenset({"xcomp", "advcl", "dep", "pcomp", "conj", "ccomp"})  # "spend my free time sketching"
_TIME_DEPS = frozenset({"prep", "npadvmod", "dobj", "advmod"})  # "in my spare time", "for fun"


def activity_rels(frame: Frame, subjects: list[Arg], aspect: str) -> list[Rel]:
    """A habit or ongoing activity: the verb (with its particle and preposition) and its object."""
    lemma = past_lemma(frame)  # "Took …" tagged as a base form keeps "took"
    if lemma != frame.lemma and (lemma in OPEN.transient_verbs or lemma in OPEN.vocabulary_verbs):
        return []
    verb = (third_person(lemma) if frame.status.tense != "progressive" else f"is {frame.v.lower_}") + (
        f" {frame.prt}" if frame.prt else "")
    out: list[Rel] = []
    objs = [t for t in clause_objects(frame) if not _purpose(frame.v, t)]
    predicate = OPEN.verb_predicates.get(lemma, OPEN_PREDICATE)
    for tok in objs:
        pred = predicate  # what this object makes of the verb
        if tok.pos_ == "VERB" and lemma in OPEN.skill_verbs and tok.tag_ == "VB":
            out += [r for a in _skill_args(tok, frame.idx) for r in subject_rels(frame, subjects, predicate, a, aspect,
                                                                                relation=verb)]
            continue  # "learning (how) to play the cello" is learning the cello; "learning to knit", knitting
        if tok.lemma_.lower() in ("be", "become") and tok.tag_ == "VB":  # "studying to be a nurse": what one studies to become
            out += [r for a in tok.children if a.dep_ == "attr" for r in subject_rels(
                frame, subjects, OPEN_PREDICATE, phrase_arg(a, frame.idx), aspect, relation=f"{verb} to become")]
            continue
        if tok.pos_ == "VERB":  # "I try to…", "I keep going": the inner verb is its own clause
            out += _pastime_gone_to(frame, subjects, tok, aspect, verb) if lemma == "go" else []
            continue
        if pred == "OWNS" and (tok.lemma_.lower() in OPEN.consumables or is_pet_noun(tok) or a_gift(frame)
                               or someone_elses(tok) and not (lemma in OPEN.heir_verbs and possession_noun(tok))):
            continue  # "bought lunch"; pets are HAS_PET; "bought a bike for my son", "my son's bike" are his (but
            # "I inherited my grandpa's watch" is the speaker's now)
        if pred == OPEN_PREDICATE and is_pet_noun(tok) and any(c.dep_ == "poss" for c in tok.children):
            continue  # "I walk my dog every morning": the pet is the speaker's (HAS_PET), not what the habit is about
        begins = lemma in OPEN.start_verbs and aspect == "start"
        if begins and (begun := _begun(frame, subjects, tok, verb)) is not None:
            out += begun
            continue
        if pred == OPEN_PREDICATE and lemma in OPEN.start_verbs and frame.status.tense in ("past", "perfect"):
            continue  # "set up a meeting": a beginning of something, not a habit
        if pred == "HAS_PET" and not is_pet_noun(tok):
            pred = OPEN_PREDICATE
        if pred == "HAS_PET" and (any(c.dep_ in ("acl", "appos", "relcl") for c in tok.children) or any(
                (t.pos_ == "PROPN" or t.is_title) and not frame.idx.is_time(t)
                for t in tok.doc[tok.i + 1: min(len(tok.doc), tok.i + 3)])):
            continue  # "adopted a dog named Pickles": named, the vocabulary rules' (not "a dog in June")
        arg = Arg(OWNED, tok.i, tok.lower_, "PET", GUESS) if pred == "HAS_PET" else phrase_arg(tok, frame.idx)
        out += subject_rels(frame, subjects, pred, arg, aspect, relation=verb)
    if frame.dobj is not None and aspect == "state" and frame.status.tense == "present":
        out += [r for t in pastimes_in_list(frame.dobj) for r in subject_rels(  # "we watch films, hike and swim"
            frame, subjects, OPEN_PREDICATE, Arg(ENTITY, t.i, gerund(t.lemma_.lower()), "OTHER", GUESS), aspect, relation="does")]
    if objs:
        return out + _mapped_places(frame, subjects, aspect, verb)
    for prep, toks in _object_preps(frame).items():
        for tok in toks:
            if unnamed_workplace(tok, prep, lemma):
                continue
            out += subject_rels(frame, subjects, OPEN_PREDICATE, phrase_arg(tok, frame.idx, people=prep == "with"),
                         aspect, relation=f"{verb} {prep}")
        if out:
            break
    if not out and not _object_preps(frame) and aspect in ("state", "start") and frame.v.tag_ in ("VBZ", "VBP", "VBG") and (
            frame.status.tense in ("present", "perfect_progressive") or aspect == "start") and _stands_alone(frame):
        done = Arg(ENTITY, frame.v.i, gerund(frame.v.lemma_.lower()), "OTHER", GUESS)
        out = subject_rels(frame, subjects, OPEN_PREDICATE, done, aspect, relation="does")  # "I paint", "I've been running for years"
    return out


def planned_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """What a plan begins then, where a phrase-table row marked ``planned`` maps it: "I'm starting college in the
    fall" → STUDIES_AT from then; any other plan is a happening ("I'm watching a film tonight" is no taste)."""
    if frame.status.tense not in ("future", "progressive") or not any(t.role == "point" for t in frame.times) or (
            when := frame.when("start")) is None or not when.phrase:
        return []
    verb = third_person(frame.lemma) + (f" {frame.prt}" if frame.prt else "")
    said = [(verb, t) for t in clause_objects(frame)] + [
        (f"{verb} {prep}", t) for prep, toks in _object_preps(frame).items() for t in toks]
    out: list[Rel] = []
    for relation, tok in said:
        arg = phrase_arg(tok, frame.idx) if tok.pos_ in ("NOUN", "PROPN") else None
        row = None if arg is None else phrase_row(relation, arg.name, tok.lemma_)
        if arg is not None and row is not None and row.planned and row.aspect != "end":  # a plan of it begins it
            out += [timed(row.predicate, s, arg, when, frame.v.i, OPEN_CONFIDENCE) for s in subjects
                    if not (s.kind == ENTITY and s.name == arg.name)]
    return out


def pastime_rels(frame: Frame, subjects: list[Arg], aspect: str) -> list[Rel] | None:
    """A habit said of one's free time is a pastime, a taste: "in my spare time I restore old radios",
    "I spend my free time sketching", "I knit for fun" → LIKES what is done; ``None`` when the clause
    says nothing of free time (or does nothing in it)."""
    if frame.status.tense not in ("present", "progressive", "perfect_progressive") or not (
            _in_free_time(frame.v) or frame.lemma == "spend" and _spent_periods(frame.v)):
        return None
    if frame.lemma == "spend":  # what the time is spent doing
        args = [phrase_arg(t, frame.idx) for c in frame.v.children if c.dep_ in _DOING_DEPS and (
                c.tag_ == "VBG" or c.lower_.endswith("ing") and c.pos_ == "ADJ") for t in with_conj(c)]  # ("sewing" as JJ)
        dobj = frame.dobj  # "my free time painting" read as one noun: the -ing word after "time" is what is done
        if dobj is not None and dobj.lower_.endswith("ing") and any(c.dep_ == "compound" and (
                c.lemma_ == "time" or _recurring(c)) for c in dobj.children):
            args.append(Arg(ENTITY, dobj.i, dobj.lower_, "OTHER", GUESS))
    elif gerund(frame.lemma) in OPEN.light_gerunds:
        return None
    elif frame.dobj is not None:
        thing = phrase_arg(frame.dobj, frame.idx)
        args = [Arg(ENTITY, frame.v.i, f"{gerund(frame.lemma)} {thing.name}", "OTHER", GUESS)
                ] if thing is not None else []
    elif frame.lemma in OPEN.intransitive_habits or frame.lemma in OPEN.pastime_verbs:
        args = [Arg(ENTITY, frame.v.i, gerund(frame.lemma), "OTHER", GUESS)]  # not "I play for fun"
    else:
        return None
    found = [r for a in args for r in subject_rels(frame, subjects, "LIKES", a, aspect, confidence=TASTE_CONFIDENCE)]
    return found or None


def _in_free_time(verb: Token) -> bool:
    """The verb's own phrases (not its inner clauses) say it is done in free time (``leisure_phrases``)."""
    said = " ".join(" ".join(t.lower_ for t in c.subtree) for c in verb.children if c.dep_ in _TIME_DEPS)
    return any(p in said for p in OPEN.leisure_phrases)


def _recurring(tok: Token) -> bool:
    """A period that comes back: "weekends", "every evening", "most nights" (not "the weekend"); the
    determiner may hang from the noun the period is a compound of ("every evening painting")."""
    near = [*tok.children, *(tok.head.children if tok.dep_ == "compound" else ())]
    return tok.lower_ in OPEN.frequency_nouns and (tok.tag_ in ("NNS", "NNPS") or tok.lower_[:-1] in OPEN.frequency_nouns or any(
        c.lower_ in OPEN.frequency_determiners for c in near))


def _spent_periods(verb: Token) -> bool:
    """"I spend my weekends hiking", "I spend most nights reading": time that comes back, spent doing
    something, is free time ("I'm spending the weekend hiking" is a plan, no taste)."""
    return any(_recurring(t) for c in verb.children if c.dep_ == "dobj" for t in c.subtree)


def _pastime_gone_to(frame: Frame, subjects: list[Arg], tok: Token, aspect: str, verb: str) -> list[Rel]:
    """"I go fishing every weekend": a pastime gone to as a habit (the phrase table says what it makes)."""
    if tok.tag_ != "VBG" or tok.lemma_.lower() not in OPEN.pastime_verbs:
        return []
    return subject_rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, tok.i, tok.lower_, "OTHER", GUESS), aspect,
                        relation=verb)


def _begun(frame: Frame, subjects: list[Arg], tok: Token, verb: str) -> list[Rel] | None:
    """What a beginning of ``tok`` makes from then, or ``None`` when it is no such thing: a business one owns
    ("I opened an online store last year"), a class one takes ("I started a weekend yoga class"), a school
    one studies at ("I just started college")."""
    word = tok.lemma_.lower()
    if word in OPEN.business_nouns:
        if any(t.text.lower() in OPEN.routine_times for t in frame.times):
            return []  # "I opened the store this morning": a day's work, not a business begun
        return subject_rels(frame, subjects, "OWNS", phrase_arg(tok, frame.idx), "start", relation=verb)
    if word in OPEN.class_nouns:
        return subject_rels(frame, subjects, OPEN_PREDICATE, phrase_arg(tok, frame.idx), "start", relation="takes")
    if mapped_predicate("attends", tok.lower_, word) == "STUDIES_AT":
        return subject_rels(frame, subjects, "STUDIES_AT", phrase_arg(tok, frame.idx), "start")
    return None


def _mapped_places(frame: Frame, subjects: list[Arg], aspect: str, verb: str) -> list[Rel]:
    """Beside an object, a prepositional phrase the phrase table maps: "I'm studying biology at the
    university" studies at the university (the open fact of the object aside)."""
    found = [(mapped_predicate(f"{verb} {prep}", arg.name, tok.lemma_), arg) for prep, toks in
             _object_preps(frame).items() for tok in toks if (arg := phrase_arg(tok, frame.idx)) is not None]
    return [r for mapped, arg in found if mapped is not None and mapped not in ("LIKES", OPEN_PREDICATE)
            for r in subject_rels(frame, subjects, mapped, arg, aspect)]


def _object_preps(frame: Frame) -> dict[str, list[Token]]:
    """Prepositions whose object is a thing, not a time or a frequency ("for years", "on weekends")."""
    kept = {prep: [t for t in toks if not (frame.idx.is_time(t) or t.ent_type_ in ("DATE", "TIME")
                                           or t.lower_ in OPEN.frequency_nouns or t.head.i < frame.v.i
                                           or _two_word_prep(t.head))]
            for prep, toks in frame.preps.items() if prep not in OPEN.non_object_preps}
    # (a phrase before the verb is a setting, not its object: "Off the court, I'm looking into …")
    return {prep: toks for prep, toks in kept.items() if toks}


def _two_word_prep(prep: Token) -> bool:
    """The second word of a two-word preposition ("out of") hung from a first word with no object of its own: "we
    run out of milk" says no habit about the milk (read as "of" alone, it gave "runs of milk")."""
    first = prep.head
    return prep.dep_ == "prep" and first.dep_ == "prep" and first.head.pos_ in ("VERB", "AUX") and not any(
        c.dep_ in ("pobj", "pcomp") for c in first.children)


def _stands_alone(frame: Frame) -> bool:
    """An intransitive habit verb: nothing but its subject, auxiliaries and adverbs of time or frequency (an
    object slot saying how much or how often, "a lot", "most nights", is none: the frame holds no object)."""
    v = frame.v
    return all((c.dep_ in ("nsubj", "aux", "advmod", "npadvmod", "punct", "cc", "conj", "prep", "neg") or (
        c.dep_ == "dobj" and frame.dobj is None) or _purpose(v, c)) and not any(_two_word_prep(n) for n in c.children)
        for c in v.children) and v.lemma_.lower() in OPEN.intransitive_habits


def _purpose(v: Token, tok: Token) -> bool:
    """A "to" infinitive under an intransitive habit verb says what the habit is for, not what is done: "I've been
    cycling to unwind", "I swim to stay fit" (those verbs take no infinitive as an object)."""
    return v.lemma_.lower() in OPEN.intransitive_habits and tok.head == v and tok.tag_ == "VB" and tok.dep_ in (
        "xcomp", "advcl") and any(c.dep_ == "aux" and c.lower_ == "to" for c in tok.children)


def _skill_args(v: Token, idx: DocIndex) -> list[Arg]:
    """What "learn to <v>" learns: the instrument or game of "play", else the activity ("knitting")."""
    if v.lemma_.lower() == "play":
        return [a for d in v.children if d.dep_ == "dobj" for t in with_conj(d) if (a := phrase_arg(t, idx)) is not None]
    return [a for a in (phrase_arg(v, idx),) if a is not None]
