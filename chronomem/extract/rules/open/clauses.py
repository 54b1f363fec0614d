"""Open-domain clauses: every clause that states something durable about a person yields a candidate.

Beside the vocabulary rules' few dozen verbs, this reads every clause whose subject is a person and keeps
the durable ones through the modules beside it: tastes ("I can't stand the cold" → DISLIKES), habits ("I
volunteer at the food bank" → RELATED_TO {"relation": "volunteers at"} "food bank"), identities ("I'm a
vegetarian"), possessions and unnamed pets or children ("I have two dogs"), jobs, groups, goals and diets.
Mental verbs (``transient_verbs``), one-off past events and negations (but of a taste) yield nothing. Words
are data (``open_clauses.json``); the relation phrase is a qualifier, so "volunteers at" and "teaches at" differ.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.accept import owned_arg, thing_arg
from chronomem.extract.clauses.args import DocIndex, pronoun_arg
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import ENTITY, GUESS, SPEAKER, Arg, Rel, holds, timed
from chronomem.extract.clauses.stance import with_can
from chronomem.extract.clauses.tree import is_pet_noun, possession_noun, someone_elses
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.activity import activity_rels, pastime_rels, planned_rels
from chronomem.extract.rules.open.base import (
    OPEN_CONFIDENCE,
    OPEN_PREDICATE,
    TASTE_CONFIDENCE,
    adjective_relation,
    counted,
    dropped_subject,
    is_reaction,
    named_later,
    person_subjects,
    phrase_arg,
    place_arg,
    subject_rels,
)
from chronomem.extract.rules.open.copula import be_rels, copula_rels, employer_is, had_kin, had_kin_rels, home_in
from chronomem.extract.rules.open.goals import diet_rels, goal_rels
from chronomem.extract.rules.open.phrase_table import mapped_predicate
from chronomem.extract.rules.open.possessives import owned_name
from chronomem.extract.rules.open.roles import enrolled_rels, joined_group_rels, my_job_rels, new_job_rels
from chronomem.extract.rules.open.tastes import favourite_rels, loved_subject_rels, noun_as_verb, slang_taste, taste_rels
from chronomem.extract.rules.open.wished import wished_taste_rels

# Predicates an open reading may replace on the same verb: the vocabulary rule found the verb
# but cut its object to a head noun ("the sound of rain" → "sound").
REPLACEABLE = frozenset({"LIKES", "DISLIKES", "PREFERS"})


def merge(verb_rels: list[Rel], open_found: list[Rel], idx: DocIndex | None = None) -> list[Rel]:
    """Open candidates join the vocabulary rules' output for verbs those rules did not use; a
    taste whose object the open reading keeps whole replaces the rule's cut one, and a taste
    whose object the open reading rejects (a bare gerund, a pronoun, the other speaker) goes."""
    if idx is not None:
        verb_rels = [r for r in verb_rels if not (r.predicate in REPLACEABLE and r.obj.kind == ENTITY and r.obj.i >= 0 and (
            phrase_arg(idx.doc[r.obj.i], idx, people=r.obj.type == "PERSON" and _named_favourite(idx.doc[r.obj.i])) is None
            or is_reaction(idx.doc[r.obj.i])))]
    fired = {r.i for r in verb_rels if not (r.when is not None and r.when.needs_time and not r.when.phrase)
             and r.obj.type != "PARTNER"}
    # (a rule's beginning that needs a time the clause does not say is dropped later: "I'm hoping to get into
    # photography" keeps the open reading, the goal; so does a partner the session may not have named: "I'm divorced")
    open_by_verb: dict[int, list[Rel]] = {}
    for r in open_found:
        open_by_verb.setdefault(r.i, []).append(r)
    kept = []
    for r in verb_rels:
        better = [o for o in open_by_verb.get(r.i, ()) if o.predicate == r.predicate and r.predicate in REPLACEABLE]
        if better and all(b.obj.name != r.obj.name for b in better) and r.obj.kind == ENTITY:
            continue
        kept.append(r)
    taken = {_said_key(r) for r in kept}
    for r in open_found:
        if (r.i not in fired or r.predicate in REPLACEABLE) and _said_key(r) not in taken:
            kept.append(r)
            taken.add(_said_key(r))
    return kept


def _said_key(r: Rel) -> tuple[int, str, str, str, str]:
    """What one reading says: its verb, predicate, object and subject ("Raj and I adopted a cat" says two)."""
    return r.i, r.predicate, r.obj.name, r.subject.kind, r.subject.name


def _participle_rels(frame: Frame, subjects: list[Arg]) -> list[Rel] | None:
    """A participle after "be" read as an adjective of the subject: a status ("I'm retired", "i'm widowed")
    or one of the adjective tables with its prepositions ("been drawn to lighthouses", "been involved in";
    "fascinated by whales", its "by" parsed as the agent); ``None`` when the verb is no such participle."""
    word = frame.v.lower_
    if _passive_identity(frame):
        return subject_rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, frame.v.i, word, "OTHER", GUESS), "state",
                            relation="is")
    found = adjective_relation(word) if frame.v.tag_ == "VBN" else None
    if found is None or not any(c.dep_ == "auxpass" for c in frame.v.children):
        return None
    predicate, preps = found
    return [holds(predicate, s_, a, frame.v.i, TASTE_CONFIDENCE, {"relation": f"is {word} {c.lower_}"} if (
        predicate == OPEN_PREDICATE) else {}) for c in frame.v.children if c.dep_ in ("prep", "agent") and c.lower_ in preps
        for o in c.children if o.dep_ == "pobj" for t in with_conj(o) if not frame.idx.is_time(t)
        and (a := phrase_arg(t, frame.idx)) is not None for s_ in subjects]  # ("engaged in 2019": when)


def gift_rels(frame: Frame) -> list[Rel]:
    """A thing given to the speaker is theirs from then: "my grandma gave me this necklace", "my husband bought
    me a guitar for my birthday", "the drone my brother gave me" → OWNS (``gift_verbs``; only things one keeps: ``possession_nouns`` and
    ``everyday_possessions``)."""
    if frame.lemma == "be":
        return _gift_from(frame)
    if frame.lemma not in OPEN.gift_verbs or frame.status.tense not in ("past", "perfect"):
        return []
    given = frame.v.head if frame.v.dep_ == "relcl" and frame.v.head.pos_ == "NOUN" else None  # "the drone Tom gave me"
    me = next((c for c in frame.v.children if c.lower_ == "me" and (c.dep_ in ("dative", "iobj") or given is not None and
                                                                   c.dep_ == "dobj")), None) or next(
        (o for o in frame.prep_anywhere("for") if o.lower_ == "me"), None)
    speaker = pronoun_arg(me) if me is not None else None
    when = frame.when("start")
    if speaker is None or when is None:
        return []
    objs = frame.dobjs if me is None or me.dep_ != "dobj" else [given] if given is not None else []
    things = [t for t in objs if t.pos_ == "NOUN" and not is_pet_noun(t) and (
        t.lemma_.lower() in OPEN.possession_nouns or t.lemma_.lower() in OPEN.everyday_possessions)]
    return [timed("OWNS", speaker, Arg(ENTITY, t.i, owned_name(t), "OTHER", GUESS), when, frame.v.i, 0.7) for t in things]


def _gift_from(frame: Frame) -> list[Rel]:
    """A thing one keeps said to be a gift from someone is the speaker's: "this watch was a gift from my dad", "this
    bracelet is special to me - a present from my aunt" (``gift_nouns``; not one from the speaker, nor one for
    someone else: "a gift from me to my mom", "was a gift for my sister"; not someone else's: "her ring")."""
    return [holds("OWNS", Arg(SPEAKER, t.i), Arg(ENTITY, t.i, owned_name(t), "OTHER", GUESS), t.i, 0.7)
            for t in frame.subj_toks if t.pos_ == "NOUN" and not is_pet_noun(t) and not someone_elses(t) and all(
                c.lower_ in L.DEFINITE_DETERMINERS or c.lower_ == "my" for c in t.children if c.dep_ in ("det", "poss")) and (
                possession_noun(t) or t.lemma_.lower() in OPEN.everyday_possessions) and any(
                _from_someone(g) for g in (*frame.v.children, *t.children) if g.dep_ in ("attr", "acomp", "appos"))]


def _from_someone(gift: Token) -> bool:
    """``gift`` is a gift noun given by someone, not the speaker, to no one else ("a gift from my dad")."""
    if gift.lemma_.lower() not in OPEN.gift_nouns:
        return False
    objs = [(c.lower_, o) for c in gift.children if c.dep_ == "prep" for o in c.children if o.dep_ == "pobj"]
    givers = [o for p, o in objs if p == "from"]
    return bool(givers) and not any(p in ("to", "for") and o.lower_ != "me" for p, o in objs) and not any(
        g.lower_ in ("me", "myself", "us") for g in givers)


def _passive_identity(frame: Frame) -> bool:
    """A bare present passive whose participle is an identity adjective: "I'm retired" (not "I was adopted
    by …", "I'm retired from the navy": a phrase makes it an event or a role)."""
    v = frame.v
    return (v.tag_ == "VBN" and v.lower_ in OPEN.identity_adjectives and frame.status.tense == "present"
            and any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in v.children)
            and not any(c.dep_ in ("prep", "agent", "dobj", "xcomp", "advcl", "npadvmod") for c in v.children))


def _named_favourite(tok: Token) -> bool:
    """"Taylor Swift is my favorite singer": a person named as a favourite is a taste (not "I love Nate")."""
    while tok.dep_ in ("compound", "flat") and tok.head.i != tok.i:
        tok = tok.head
    return tok.dep_ == "nsubj" and any(c.dep_ == "attr" and any(g.lower_ in OPEN.favourite_words for g in c.children)
                                       for c in tok.head.children)


def clause_rels(frame: Frame) -> list[Rel]:
    """The open-domain reading of one verb's clause (empty when it states nothing durable)."""
    progressive = frame.v.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in frame.v.children)
    if not frame.status.blocked and not frame.status.negated:
        favourite = favourite_rels(frame) if frame.lemma == "be" or progressive or noun_as_verb(frame) else []
        if loved := favourite or loved_subject_rels(frame) or home_in(frame) or employer_is(frame) or gift_rels(frame):
            return loved  # "my favourite book is Dune", "pottery relaxes me"; "my home is in Vermont"; a gift
    elif not frame.status.blocked and (disowned := loved_subject_rels(frame)):
        return disowned  # "camping isn't really my thing"
    subjects = person_subjects(frame)
    if subjects and not frame.status.negated and (goals := goal_rels(frame, subjects)):
        return goals  # "I want to open a dance studio" (the wish blocks the clause for every other reading)
    if subjects and (wished := wished_taste_rels(frame, subjects)):
        return wished  # "I could eat dumplings every day", "I'd take tea over coffee any day"
    if subjects and frame.status.negated:
        disliked = negated_taste_rels(frame, subjects)  # "I don't like crowds", "I can't stand the cold"
        return disliked or diet_rels(frame, subjects)  # "I can't have dairy" (the "can" alone blocks the clause)
    if not subjects or frame.status.blocked or frame.status.negated:
        return []
    lemma = frame.lemma
    if (participle := _participle_rels(frame, subjects)) is not None:
        return participle
    if job := my_job_rels(frame, subjects):
        return job
    if lemma in OPEN.taste_verbs:
        return taste_rels(frame, subjects, OPEN.taste_verbs[lemma])
    if (slang := slang_taste(frame)) is not None:
        return taste_rels(frame, subjects, slang)  # "I really dig vinyl records"
    if lemma == "be":
        return be_rels(frame, subjects)
    if lemma == "have" or (lemma == "get" and frame.status.tense in ("perfect", "past") and frame.dobj is not None
                           and any(c.dep_ == "aux" and c.lower_ in ("'ve", "have", "'s", "has") for c in frame.v.children)):
        return _have(frame, subjects, perfect_got=lemma == "get")  # "I've got two dogs" is having them
    if (special := _special_verb_rels(frame, subjects)) is not None:
        return special
    phrasal = OPEN.phrasal_exceptions.get(lemma, ())
    aspect = _aspect(frame)
    if (lemma in OPEN.transient_verbs or lemma in OPEN.vocabulary_verbs or aspect == "end") and not any(
            p in frame.preps for p in phrasal):
        if (lemma in OPEN.vocabulary_verbs or aspect == "end") and aspect is not None:  # "I attend a small college"
            return [r for r in activity_rels(frame, subjects, aspect) if r.predicate != OPEN_PREDICATE]
        if aspect is None and lemma in OPEN.vocabulary_verbs:
            return planned_rels(frame, subjects)  # "I'll be attending law school next year"
        return []  # "look into", "work on" are activities; "look", "work at" are not open facts
    if aspect is None:
        return planned_rels(frame, subjects)  # "I'm starting college in the fall": a plan, or a state begun then
    if (new_job := new_job_rels(frame, subjects)) is not None:
        return new_job
    return pastime_rels(frame, subjects, aspect) or activity_rels(frame, subjects, aspect)  # "I knit for fun": a taste


# ----------------------------------------------------------------------------- pieces


def negated_taste_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """A taste said by denying its opposite: "I don't like crowds", "I can't stand rude people", "I'm not fond of
    olives" → DISLIKES; not "no longer" (an ending), a supposition ("I might not like it") nor a denied degree
    ("I don't like jazz that much": ``denied_degrees``)."""
    lemma, status = frame.lemma, frame.status
    cannot = lemma in OPEN.cannot_tastes and with_can(frame.v)
    if status.ending or status.used_to or (status.blocked and not cannot) or any(
            t.lower_ in OPEN.denied_degrees and t.dep_ in ("advmod", "npadvmod", "dobj") and t.i > frame.v.i
            and not any(c.lower_ == "of" for c in t.children) for t in frame.v.subtree):
        return []
    never = status.tense == "past" and any(c.lower_ == "never" for c in frame.v.children)
    plain = replace(frame, status=replace(status, negated=False, blocked=False,  # "I never liked olives": to this day
                                          tense="perfect" if never else status.tense))
    if lemma in OPEN.negated_tastes and frame.v.pos_ == "VERB":
        if lemma == "care" and "for" in frame.preps:  # "I don't care for country music"
            plain = replace(plain, dobj=frame.preps["for"][0])
        return [replace(r, predicate=OPEN.negated_tastes[lemma]) for r in taste_rels(plain, subjects, "LIKES")]
    denied = frame.acomp.lower_ if frame.acomp is not None else ""
    if lemma == "be" and (denied in OPEN.denied_tastes or frame.attr is not None and (  # "I'm not fond of olives"
            frame.attr.lemma_.lower() in OPEN.fan_nouns or frame.attr.lemma_.lower() in OPEN.taste_persons)):
        return [replace(r, predicate="DISLIKES") for r in copula_rels(plain, subjects) if r.predicate == "LIKES"]
    return []


def _aspect(frame: Frame) -> str | None:
    """``state`` for a habit or an ongoing activity, ``start`` for a beginning, ``end`` for an ending
    (read only where the phrase table maps it); ``None`` for an event."""
    status, lemma = frame.status, frame.lemma
    if status.governor == "end":  # "I stopped playing golf": the pastime, as a state, ends (when_for); "I quit
        # smoking": an ending the vocabulary rules read when they can
        return "state" if frame.v.tag_ == "VBG" and lemma in OPEN.given_up_pastimes and frame.dobj is not None else None
    if frame.v.dep_ in ("xcomp", "advcl", "ccomp") and frame.v.head.lemma_.lower() in OPEN.leading_verbs and \
            frame.v.head.i < frame.v.i and not (frame.v.dep_ == "advcl" and frame.v.nbor(-1).is_punct):
        return None  # "I'm off to go do some research", "I want to paint": the inner verb is no habit (a "leading"
        # verb after it is a misparse of two clauses: "I've been writing poems - it lets me relax")
    if status.used_to:
        return "state"  # when_for turns "used to" into an ending
    if status.governor == "start" or (lemma in OPEN.start_verbs and status.tense in ("past", "perfect")):
        return "start"
    if lemma in OPEN.end_verbs and status.tense in ("past", "perfect"):
        return "end"  # "I quit school": the phrase table says what ends
    if OPEN.start_particles.get(lemma) == frame.prt and status.tense in ("past", "perfect"):
        return "start"  # "took up pottery"
    if status.tense == "present" and frame.v.tag_ in ("VBP", "VBZ", "VB") or status.tense == "perfect_progressive":
        return "state"
    phrasal = any(p in frame.preps for p in OPEN.phrasal_exceptions.get(lemma, ()))  # "looking into", "working on"
    dropped = frame.v.tag_ == "VBG" and status.tense == "present" and frame.v.dep_ == "ROOT" and dropped_subject(frame.v)
    going_on = status.tense == "progressive" or dropped or _continues_progressive(frame.v)
    standing = lemma in OPEN.standing_progressives and frame.dobj is not None and mapped_predicate(
        "is driving", frame.dobj.lemma_.lower()) == "OWNS" and any(  # "I'm driving a Rav4 now", "… these days"
        w in OPEN.standing_times for w in (*(t.text.lower() for t in frame.times), *(c.lower_ for c in frame.v.children)))
    schooled = lemma in OPEN.school_progressives and frame.dobj is not None and mapped_predicate(  # "attending college"
        "is attending", frame.dobj.lemma_.lower()) == "STUDIES_AT"
    if going_on and (standing or (lemma in OPEN.ongoing_verbs or lemma not in OPEN.momentary_verbs or phrasal or schooled)
                     and not any(t.dates for t in frame.times)):
        return "state"  # "I'm writing a screenplay", not "I'm eating lunch" nor "I'm seeing her tonight"
    return None


def _continues_progressive(v: Token) -> bool:
    """A bare participle going on from a present progressive clause: "I'm keeping busy, learning
    the piano" (it shares the "I'm"); not one after a past one ("I was walking home, thinking")."""
    if v.tag_ != "VBG" or v.dep_ not in ("advcl", "conj") or any(c.dep_ in ("aux", "nsubj", "mark") for c in v.children):
        return False
    head = v.head
    if v.dep_ == "conj" and head.dep_ in ("advcl", "conj"):
        return _continues_progressive(head)  # "…, volunteering at the shelter and studying Spanish"
    return head.tag_ == "VBG" and v.i > head.i and any(
        c.dep_ == "aux" and c.lemma_.lower() == "be" and c.tag_ in ("VBP", "VBZ") for c in head.children)


def _special_verb_rels(frame: Frame, subjects: list[Arg]) -> list[Rel] | None:
    """Verbs with a reading of their own: joining, enrolling, growing up, free time spent (``None`` for any other)."""
    if frame.lemma == "join":
        return joined_group_rels(frame, subjects)
    said = OPEN.upbringing_verbs.get(f"{frame.lemma} {frame.prt}".strip())
    verbs = [frame.v, frame.v.head] if frame.v.dep_ == "conj" else [frame.v]  # "born and raised in Texas"
    if said is not None and (frame.prt or any(c.dep_ == "auxpass" for v in verbs for c in v.children)):
        return _upbringing(frame, subjects, said)  # "I grew up in Ohio", "I was born in Lima" (not "I raise goats")
    if frame.lemma in OPEN.enrol_verbs:
        return enrolled_rels(frame, subjects)
    if frame.lemma == "spend":  # "I spend my free time sketching"
        return pastime_rels(frame, subjects, "state") or []
    return None


def _upbringing(frame: Frame, subjects: list[Arg], said: str) -> list[Rel]:
    """"I grew up in Ohio", "she grew up on a farm", "I was born in Lima" → RELATED_TO {"relation": "grew up in"}
    (``upbringing_verbs`` say the words): where a person was born or raised stays true, so it is stated
    whatever the tense (not "my kids grew up so fast")."""
    if frame.status.tense not in ("past", "present", "perfect"):
        return []
    for prep in ("in", "on"):
        for tok in frame.preps.get(prep, []):
            if frame.idx.is_time(tok) or tok.ent_type_ in ("DATE", "TIME"):
                continue  # "born in 2019", "on a Tuesday": when, not where
            if tok.lemma_.lower() in OPEN.home_nouns and all(c.dep_ in ("det", "amod") for c in tok.children):
                return []  # "born in a small town", "raised in a big city": a place with no name says nothing of where
            arg = place_arg(tok) if tok.ent_type_ in ("GPE", "LOC") else phrase_arg(tok, frame.idx)
            if arg is not None:
                quals = {"relation": f"{said} {prep}"}
                return [holds(OPEN_PREDICATE, s_, arg, frame.v.i, OPEN_CONFIDENCE, quals) for s_ in subjects]
    return []


def _have(frame: Frame, subjects: list[Arg], *, perfect_got: bool = False) -> list[Rel]:
    """"I have two dogs" → HAS_PET; "I have a sister" → SIBLING_OF; "we have a cabin" → OWNS."""
    kept = frame.status.tense == "perfect" and bool(frame.prep("since") or any(  # "I've had my guitar since college",
        frame.idx.is_time(t) for t in frame.prep("for")))  # "… this old truck for ten years": had until now
    if frame.status.tense == "past" and frame.status.bygone:
        return _had_then(frame, subjects)
    if not perfect_got and not kept and (frame.status.tense != "present" or frame.v.pos_ == "AUX" and frame.dobj is None):
        return []
    if perfect_got:
        frame.status.tense = "present"  # "I've got two dogs": having them now, not a time they were got
    out: list[Rel] = []
    for tok in frame.dobjs:
        tok = counted(tok)  # "I have tons of board games": the games
        if kept and (not possession_noun(tok) or someone_elses(tok)):
            continue  # "I've had a cold for a week", "… my dad's car since May"
        if not kept and any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in L.DEFINITE_DETERMINERS) for c in tok.children):
            continue  # "I have the flu", "I have no idea"
        if tok.pos_ == "PROPN" and _product(tok):  # "I have an old Civic": a make or model is a thing owned
            out += subject_rels(frame, subjects, "OWNS", thing_arg(tok, frame.idx), "state", confidence=0.7)
            continue
        if tok.pos_ == "PROPN" or any(c.dep_ in ("appos", "acl", "relcl") for c in tok.children):
            continue  # the vocabulary rules read named pets and kin ("a dog named Rex")
        if is_pet_noun(tok):
            if not named_later(tok):  # "my cousin has a parrot and his name is Kiwi": the name is the pet
                out += subject_rels(frame, subjects, "HAS_PET", owned_arg(tok, "PET"), "state", confidence=0.7)
        elif had_kin(tok):
            out += had_kin_rels(frame, subjects, tok)  # "I have two kids", "I have a wife"
        elif possession_noun(tok):  # ("this guitar" had since college: the thing itself, not one on show)
            arg = thing_arg(tok, frame.idx) if kept else phrase_arg(tok, frame.idx)
            out += subject_rels(frame, subjects, "OWNS", arg, "state", confidence=0.7)
    return out


def _had_then(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """A thing one keeps had in a stretch of life now over, owned then and no more: "I had a bike as a kid", "the
    radio I had as a teenager" (``possession_nouns``; not someone else's; pets and kin are the vocabulary rules')."""
    v = frame.v
    things = frame.dobjs or ([v.head] if v.dep_ == "relcl" and v.head.pos_ == "NOUN" else [])
    return [r for t in things if possession_noun(t) and not someone_elses(t) and not is_pet_noun(t)
            for r in subject_rels(frame, subjects, "OWNS", thing_arg(t, frame.idx), "state", confidence=0.7)]


def _product(tok: Token) -> bool:
    """A make or model had as one of a kind: "an old Civic", "a Tesla", "two iPhones" (NER's product or a vehicle
    the phrase table knows, counted or with an article; not "I have Netflix", nor a person "I have Alex")."""
    counted = any(c.dep_ == "det" and c.lower_ in ("a", "an") or c.dep_ == "nummod" for c in tok.children)
    return counted and (tok.ent_type_ == "PRODUCT" or mapped_predicate("drives", tok.lower_) == "OWNS")
