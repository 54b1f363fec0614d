"""Happenings and plans: things a person did or will do at a stated time, as event facts.

"I went to a support group yesterday" → ATTENDED "support group"; "we visited Rome last week" → VISITED
"Rome"; "I ran a charity race last Saturday" → DID {"relation": "ran"}; "we're going camping next month" → a
planned DID {"relation": "plans to go", "status": "planned"} "camping". The time is the event's own interval,
never "from then on"; no time phrase (or "just"; an arrival in a place, "Landed in Denver!", is news of the day
it is told), a question, a negation or a verb of ``skip_verbs`` makes no event; "We cancelled the trip" calls a
plan off. Words: ``events.json``. Events come on top of the other readings of the clause ("I adopted a puppy last
week" is also a pet from then on).
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.hygiene import in_title
from chronomem.extract.clauses.phrases import gerund
from chronomem.extract.clauses.records import ENTITY, GUESS, Arg, Rel, When, timed
from chronomem.extract.clauses.stance import negated
from chronomem.extract.clauses.timing import TimePhrase
from chronomem.extract.clauses.tree import is_pet_noun, prep_objects
from chronomem.extract.lexicon import EVENTS, OPEN
from chronomem.extract.rules.open.base import past_lemma, person_subjects, phrase_arg, place_arg, unnamed_workplace
from chronomem.extract.rules.people.impressions import is_person_noun

EVENT_CONFIDENCE = 0.7
_CLAUSE_DEPS = frozenset({"ROOT", "conj", "xcomp", "advcl", "ccomp", "relcl", "pcomp", "parataxis"})  # a clause's verb
_PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
_PAST_TENSES = frozenset({"past", "perfect"})
_OWN_CLAUSES = frozenset({"conj", "advcl", "ccomp", "parataxis", "xcomp"})  # clauses of their own below a verb
_CANCEL_OR_ARRIVAL = EVENTS.cancel_verbs | EVENTS.arrival_verbs  # (made once, not for every word of every sentence)


def event_rels(sent: Span, frames: list[Frame], said: list[Rel]) -> list[Rel]:
    """The happenings and plans of one stated sentence's clauses (``frames``); a clause another reading took
    (``said`` fired on a word of it or has the verb as object: "I started at Hulu in 2017" is a job) and the
    vocabulary rules' verbs ("I moved to Lisbon") are left to those readings."""
    out: list[Rel] = []
    if not any(t.role == "point" for f in frames[:1] for t in f.all_times) and not any(
            t.lower_ in L.FRESH_MARKERS or t.lemma_.lower() in _CANCEL_OR_ARRIVAL for t in sent):
        return out  # no time said, no "just", nothing called off, no arrival: no happening to date (most sentences)
    fired, objects = frozenset(r.i for r in said), frozenset(r.obj.i for r in said)
    for frame in frames:
        tok = frame.v
        if tok.pos_ != "VERB" or tok.dep_ not in _CLAUSE_DEPS or in_title(tok) or tok.i in objects or \
                _read_by_others(tok, fired):
            continue
        if tok.lemma_.lower() in OPEN.vocabulary_verbs and not (
                tok.lemma_.lower() in EVENTS.attend_verbs and frame.dobj is not None
                and frame.dobj.lemma_.lower() in EVENTS.attend_nouns):  # "attended a pottery workshop": an event
            continue  # "moved", "joined", "graduated": the vocabulary rules' (a home, a group) even when they find nothing
        out += happening_rels(frame)
    return out


def _read_by_others(v: Token, fired: frozenset[int]) -> bool:
    """Whether another rule read this verb's clause: it fired on the verb or on a word of its own
    clause ("brought home a kitten called Pixel": the pet rule fired on the kitten's name)."""
    if not fired:
        return False
    if v.i in fired or (v.dep_ == "xcomp" and v.head.i in fired):
        return True  # "was promoted to charge nurse": "charge" misread as a verb under the rule's verb
    stack = [c for c in v.children if not (c.pos_ in ("VERB", "AUX") and c.dep_ in _OWN_CLAUSES)]
    while stack:
        t = stack.pop()
        if t.i in fired:
            return True
        stack += [c for c in t.children if not (c.pos_ in ("VERB", "AUX") and c.dep_ in _OWN_CLAUSES)]
    return False


def happening_rels(frame: Frame) -> list[Rel]:
    """The event (or plan) one verb's clause states, if any."""
    status = frame.status
    lemma = past_lemma(frame)  # "Took a trip" tagged as a base form
    planned = _planned(frame)
    if status.negated or status.ending or status.used_to or (status.blocked and not planned):
        return []
    if lemma in EVENTS.cancel_verbs:
        return _cancellations(frame)
    if lemma in EVENTS.skip_verbs or status.governor:
        return []
    point = next((t for t in frame.times if t.role == "point"), None) or _borrowed_time(frame)
    if point is None and not (status.fresh and status.tense in _PAST_TENSES) and not _arrived_now(frame, lemma):
        return []  # no time said: nothing of when it happened
    go = _went_doing(frame.v)
    if go is not None and negated(go):
        return []  # "I never went fishing", with "went" parsed as the gerund's auxiliary
    tense = "past" if go is not None and go.tag_ == "VBD" else status.tense
    dropped = frame.v.lower_ in OPEN.irregular_pasts and frame.v.i == frame.v.sent.start  # "Took a trip last week": a
    if not planned and tense not in _PAST_TENSES and not dropped:  # chat line dropping its "I", its past a base form
        return []
    if not (subjects := person_subjects(frame, relatives=False)):
        return []
    if (found := _arrival(frame, lemma) or _what(frame, lemma)) is None:
        return []
    predicate, obj, relation = found
    objs = [obj, *_joined(frame, obj, predicate, lemma)]
    if planned:
        relation = f"plans to {_base_relation(frame, lemma, relation)}"
    when = When("event", point.text if point is not None else "", prefer="future" if planned else "past",
                fresh=point is None)
    quals = {"relation": relation, **({"status": "planned"} if planned else {})}
    return [timed(predicate, s, o, when, frame.v.i, EVENT_CONFIDENCE, quals) for o in objs for s in subjects
            if not (s.kind == ENTITY and s.name == o.name)]


def _joined(frame: Frame, obj: Arg, predicate: str, lemma: str) -> list[Arg]:
    """The things joined to the happening's object that are happenings of the same kind: "visited Paris and Rome",
    "ran a marathon and a relay"; a place only with a place, an event one attends only with another ("went to a
    concert and dinner": no dinner attended), never a person ("visited Rome and my aunt") nor a time."""
    tok = frame.v.doc[obj.i] if obj.i >= 0 else frame.v
    if tok.i == frame.v.i or tok.pos_ not in ("NOUN", "PROPN"):
        return []  # ("went hiking": the verb is what was done)
    place, idx = obj.type == "PLACE", frame.idx
    out: list[Arg] = []
    for t in with_conj(tok)[1:]:
        if not _thing(t) or idx.is_time(t) or is_person_noun(t) or (_is_place(t, idx) or place and _lone_name(t, idx)) != place or (
                predicate == "ATTENDED" and lemma not in EVENTS.attend_verbs and t.lemma_.lower() not in EVENTS.attend_nouns) or (
                lemma == "have" and t.lemma_.lower() not in EVENTS.have_nouns):
            continue
        arg = place_arg(t) if place else phrase_arg(t, idx)
        if arg is not None and arg.name not in {a.name for a in (obj, *out)}:
            out.append(arg)
    return out


def _lone_name(tok: Token, idx: DocIndex) -> bool:
    """A place the gazetteer knows, or a single proper noun that names no person and nothing else the gazetteer knows:
    joined to a place it is one too ("went to Oslo and Bergen", "visited Lisbon and Braga": NER's ORG, PERSON)."""
    ent, term = idx.ent_at[tok.i], idx.term_at[tok.i]
    if term is not None:
        return term.type == "PLACE"
    return tok.pos_ == "PROPN" and (ent is None or len(ent) == 1 and ent.label_ != "PERSON") and not any(
        c.dep_ in ("compound", "poss") for c in tok.children)


def _went_doing(v: Token) -> Token | None:
    """The "go" of "go doing" ("went skydiving", "going fishing"; the parser may hang "went" as an auxiliary)."""
    if v.tag_ != "VBG" or v.i == 0 or v.doc[v.i - 1].lower_ not in EVENTS.go_forms:
        return None
    go = v.doc[v.i - 1]
    return go if (v.dep_ == "xcomp" and v.head.i == go.i) or (go.dep_ == "aux" and go.head.i == v.i) else None


def _arrival(frame: Frame, lemma: str) -> tuple[str, Arg, str] | None:
    """The visit an arrival in a place is (``arrival_verbs``): "landed in Denver", "arrived in Porto last night";
    not "arrived in style"."""
    place = next((t for t in frame.prep("in") if _is_place(t, frame.idx)), None) if lemma in EVENTS.arrival_verbs else None
    return None if place is None else ("VISITED", place_arg(place), "visited")


def _arrived_now(frame: Frame, lemma: str) -> bool:
    """An arrival in a place told with no time, news of the day it is told: "Landed in Denver!", "I arrived in
    Lisbon." (a main clause in the past); not "when I arrived in Lisbon, …", "the day we landed in Oslo", nor a life
    story ("I arrived in Canada as a kid", "… when I was ten")."""
    v = frame.v
    main = v.dep_ == "ROOT" or v.dep_ == "conj" and v.head.dep_ == "ROOT"
    told = any(c.dep_ == "mark" or c.tag_ == "WRB" for t in (v, *(c for c in v.children if c.dep_ == "advcl"))
               for c in t.children)  # (the time of something else, or of a time clause: "… when I was ten")
    return main and frame.status.tense == "past" and not told and not frame.prep("as") and (
        _arrival(frame, lemma) is not None)


def _borrowed_time(frame: Frame) -> TimePhrase | None:
    """A time the parser hung from a copula clause after the verb ("I went to a workshop yesterday, it
    was fun": "yesterday" under "was"), which says nothing of its own."""
    return next((t for c in frame.v.children if c.dep_ in ("advcl", "conj", "ccomp") and c.i > frame.v.i
                 and c.lemma_.lower() == "be" for t in frame.all_times
                 if t.anchor == c.i and t.role == "point" and t.start < c.i), None)


def _planned(frame: Frame) -> bool:
    """A plan: the future ("will", "going to"), a progressive with a time ("I'm going to a conference
    this month"; not one of the recent past: "lately I'm writing my thesis" is under way, no plan), or a
    verb under "plan"/"intend" ("planning to go camping")."""
    v = frame.v
    if v.dep_ == "xcomp" and v.head.lemma_.lower() in EVENTS.plan_governors:
        gov = clause_status(v.head, frame.hedged)
        return not (gov.blocked or gov.negated)
    if frame.status.blocked:
        return False
    tense = frame.status.tense
    return tense == "future" or (tense == "progressive" and any(t.dates for t in frame.times))


def _what(frame: Frame, lemma: str) -> tuple[str, Arg, str] | None:
    """``(predicate, object, relation)`` of the happening, ``None`` when it has no nameable object."""
    verb = _past(frame, lemma)
    idx = frame.idx
    dobj = frame.dobj
    for trip in (t for t in (dobj, *frame.prep("from", "on")) if t is not None and t.lemma_.lower() in EVENTS.trip_nouns):
        for prep in ("to", "in"):  # "took a trip to Rome", "went on a trip to Spain", "back from a trip to Peru"
            place = next((t for t in (*frame.prep_anywhere(prep), *prep_objects(trip, prep)) if _is_place(t, idx)), None)
            if place is not None:
                return "VISITED", place_arg(place), "visited"
    if lemma in EVENTS.visit_verbs and dobj is not None and _thing(dobj):
        if is_person_noun(dobj):
            return None  # "visiting my parents", "visited my old roommate": people, not a place visited
        arg = place_arg(dobj) if _is_place(dobj, idx) else phrase_arg(dobj, idx)
        return None if arg is None else ("VISITED", arg, "visited")
    if (frame.prt == "back" or lemma in EVENTS.return_verbs) and frame.prep("from"):  # "got back from a wedding"
        return _back_from(frame)
    if dobj is not None and dobj.tag_ == "VBG" and lemma in ("go", "went"):  # "went camping", "going hiking"
        return "DID", Arg(ENTITY, dobj.i, dobj.lower_, "OTHER", GUESS), verb
    if _went_doing(frame.v) is not None:  # "went skydiving on my birthday": what was done, not where
        return "DID", Arg(ENTITY, frame.v.i, frame.v.lower_, "OTHER", GUESS), "went"
    taken = dobj is not None and dobj.pos_ == "NOUN" and dobj.is_lower and any(c.dep_ == "poss" for c in dobj.children) \
        and (is_person_noun(dobj) or is_pet_noun(dobj))  # "took my dog to the lake" (not "watched Little Women")
    if dobj is not None and _thing(dobj) and not taken:
        if lemma == "have" and dobj.lemma_.lower() not in EVENTS.have_nouns:
            return None  # "had a great time", "had lunch"
        if (arg := phrase_arg(dobj, idx)) is None:
            return None
        return ("ATTENDED" if lemma in EVENTS.attend_verbs else "DID"), arg, verb
    for prep in sorted((p for p in frame.preps if p in EVENTS.object_preps), key=EVENTS.object_preps.__getitem__):
        for t in frame.prep(prep):
            if not _thing(t) or idx.is_time(t) or unnamed_workplace(t, prep, lemma):
                continue  # (also "started at the new firm")
            travel = lemma in EVENTS.travel_verbs or dobj is not None and f"{lemma} {dobj.lower_}" in EVENTS.travel_verbs
            if (travel or taken) and prep in ("to", "into") and _is_place(t, idx):  # ("made it to Oslo": "make it")
                return "VISITED", place_arg(t), "visited"
            if taken:
                continue  # ("took my dog to the lake": who was taken is no happening, nor is where, unnamed)
            if dobj is not None and not _thing(dobj) and prep in ("in", "at") and _is_place(t, idx):
                return "VISITED", place_arg(t), "visited"  # "took a photo in Spain": was there, took nothing in it
            if (arg := phrase_arg(t, idx)) is None:
                continue
            attended = lemma in EVENTS.attend_verbs or (lemma == "go" and prep in ("to", "at") and (
                t.lemma_.lower() in EVENTS.attend_nouns))
            return ("ATTENDED" if attended else "DID"), arg, "attended" if attended else f"{verb} {prep}"
    if (lemma in OPEN.pastime_verbs or lemma in OPEN.intransitive_habits) and frame.prt not in OPEN.pastime_turners \
            and not any(p in OPEN.pastime_turners for p in frame.preps):  # "we hiked last weekend"; not "ran into Tom"
        return "DID", Arg(ENTITY, frame.v.i, gerund(lemma), "OTHER", GUESS), "went"
    return None


def _back_from(frame: Frame) -> tuple[str, Arg, str] | None:
    """Back from a place or from an event one goes to: "got back from Lisbon" visited it, "came back from my
    cousin's wedding" attended it (not "got back from work", "back from the store": no such happening)."""
    for t in frame.prep("from"):
        if _is_place(t, frame.idx):
            return "VISITED", place_arg(t), "visited"
        if t.lemma_.lower() in EVENTS.attend_nouns and (arg := phrase_arg(t, frame.idx)) is not None:
            return "ATTENDED", arg, "attended"
    return None


def _base_relation(frame: Frame, lemma: str, relation: str) -> str:
    """The relation of a plan in the base form: "plans to go", "plans to attend", "plans to visit"."""
    if relation in ("attended", "visited", "went"):
        return {"went": "go"}.get(relation, relation.removesuffix("ed"))
    rest = relation.split(" ", 1)[1] if " " in relation else ""
    base = lemma + (f" {frame.prt}" if frame.prt else "")
    return f"{base} {rest}".strip() if rest and not rest.startswith(frame.prt or "\0") else base


def _past(frame: Frame, lemma: str) -> str:
    """The verb in the past tense, with its particle: "ran", "signed up", "went"."""
    if (word := EVENTS.past_forms.get(lemma)) is None:
        word = frame.v.lower_ if frame.v.tag_ == "VBD" else (lemma + "d" if lemma.endswith("e") else lemma + "ed")
    return f"{word} {frame.prt}" if frame.prt else word


def _thing(tok: Token) -> bool:
    """A noun that names something ("a charity race", "Rome"), not a pronoun, a time or a light word."""
    return tok.pos_ in ("NOUN", "PROPN") and tok.lemma_.lower() not in EVENTS.light_objects and \
        tok.lower_ not in EVENTS.light_objects


def _is_place(tok: Token, idx: DocIndex) -> bool:
    ent = idx.ent_at[tok.i]
    return ent is not None and ent.label_ in _PLACE_LABELS


def _cancellations(frame: Frame) -> list[Rel]:
    """"We cancelled the camping trip": the plan of that happening is called off (an ``end``, dated
    when said)."""
    dobj = frame.dobj
    if dobj is None or not _thing(dobj):
        return []
    subjects = person_subjects(frame, relatives=False)
    arg = phrase_arg(dobj, frame.idx)
    if arg is None or not subjects:
        return []
    names = {arg.name}
    if dobj.lemma_.lower() in EVENTS.trip_nouns:  # "the camping trip" was planned as "camping"
        names |= {c.lower_ for c in dobj.children if c.dep_ in ("compound", "amod") and c.pos_ in ("NOUN", "VERB")}
    predicate = "ATTENDED" if dobj.lemma_.lower() in EVENTS.attend_nouns else "DID"
    return [Rel(predicate, s, Arg(ENTITY, dobj.i, name, "OTHER", GUESS), When("event", fresh=True), "end", None,
                EVENT_CONFIDENCE, {"relation": "cancelled"}, frame.v.i) for s in subjects for name in sorted(names)]
