"""Couples that begin and end: marrying, dating, getting together, breaking up ("Julia and I got together",
"I've been seeing Diego since May", "Tom and I called it quits", "I dated Kenji for two years": a past
span of months or years is a couple that lasted and is over). Both people are often the conjoined subject,
which the parser attaches in many ways: :func:`couple_members` reads them from the parse, then from the
words before the verb.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import DocIndex, person_arg, pronoun_arg, subject_head
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.questions import is_question
from chronomem.extract.clauses.records import ENTITY, GUESS, OWNED, SPEAKER, UNNAMED, WE, Arg, Rel, When, holds
from chronomem.extract.clauses.stance import plain, planned_moment
from chronomem.extract.clauses.tree import poss_of, prep_objects
from chronomem.extract.lexicon import DIALOGUE, MARITAL_STATES, OPEN, PEOPLE, SKIP_BEFORE_VERB, SPAN_WORDS, UNIONS
from chronomem.extract.rules.base import emit, passing, persons
from chronomem.extract.rules.open.naming import introduced_names
from chronomem.extract.rules.people.kin import possessor

PARTNER = "PARTNER_OF"


def partner_arg(tok: Token | None, frame: Frame) -> Arg | None:
    """The other person in a relationship: any person-shaped name (the slot takes only people)."""
    if tok is None:
        return None
    if (arg := person_arg(subject_head(tok), frame.idx, trust_ner=False)) is None:  # the name: "my boyfriend, Pete"
        return unnamed_partner(tok)
    if arg.kind == "entity" and arg.label in ("ORG", "GPE", "PRODUCT") and not A.person_shaped(arg.name):
        return None
    return arg


_COUPLE_PREDICATES = frozenset({"MARRIED_TO", "PARTNER_OF", "ENGAGED_TO"})


def unnamed_partner(tok: Token) -> Arg | None:
    """"my boyfriend", "her husband" with no name: the partner of the owner (the speaker, or the subject:
    :func:`_whose`), named as the kin rules name them ("<speaker>'s boyfriend"); ``None`` for anyone else,
    and for "my ex-wife" or "my late husband"."""
    kin = OPEN.kin_possessions.get(tok.lower_)
    if tok.pos_ != "NOUN" or L.KIN_PREDICATES.get(kin or "") not in _COUPLE_PREDICATES or not any(
            c.dep_ == "poss" and c.lower_ in L.PARTNER_POSSESSIVES for c in tok.children):
        return None
    if any(c.lower_ in L.ENDED_KIN_MODIFIERS or c.lower_ in L.SKIP_KIN_MODIFIERS for c in tok.children if c.i < tok.i):
        return None
    return Arg(OWNED, tok.i, tok.lower_, "PERSON", GUESS)


def _left_span(frame: Frame) -> list[Arg]:
    """People named in the words right before the verb: "My sister Amara and Oliver got together"."""
    doc, sent = frame.v.doc, frame.v.sent
    j = frame.v.i - 1
    while j >= sent.start and (doc[j].lower_ in SKIP_BEFORE_VERB or doc[j].dep_ in ("aux", "auxpass", "neg")):
        j -= 1
    out: list[Arg] = []
    saw_and = False
    while j >= sent.start:
        tok = doc[j]
        low = tok.lower_
        if low in SPAN_WORDS or tok.pos_ == "NOUN":
            saw_and = saw_and or low == "and"
        elif low == "i" or tok.pos_ == "PROPN":
            arg = person_arg(tok, frame.idx, trust_ner=False)
            if arg is not None and not any(a.kind == arg.kind and a.name == arg.name for a in out):
                out.append(arg)
        else:
            break
        j -= 1
    names = {(a.kind, a.name) for a in out}
    # a multi-word name ("Ada Park") is one person: keep its head only
    out = [a for a in out if not any(b is not a and b.name and a.name and a.name in b.name.split() for b in out)]
    return out[::-1] if saw_and and len(names) >= 2 else []


def _whose(subjects: list[Arg], partner: Arg, doc: Doc) -> list[Arg]:
    """Whose partner ``partner`` is among ``subjects``: an unnamed one is the speaker's ("my boyfriend"), or
    the one other subject's, of the possessive's gender ("Rosa divorced her husband"; not "Tom left her husband")."""
    if partner.kind != OWNED:
        return subjects
    owner = next((c.lower_ for c in doc[partner.i].children if c.dep_ == "poss"), "my")
    if owner == "my":
        return [s for s in subjects if s.kind == SPEAKER]
    gender = L.PARTNER_POSSESSIVES.get(owner, "x")
    return subjects if len(subjects) == 1 and subjects[0].kind not in (SPEAKER, WE) and (
        not gender or subjects[0].gender in ("", gender)) else []


def couple_members(frame: Frame) -> list[Arg]:
    """The two people of a couple named as the subject ("X and I", "X and Y", "my girlfriend and I"), speaker first."""
    subjects = persons(frame, we=False)
    if len(subjects) < 2:
        subjects = _left_span(frame) or subjects
    if len(subjects) == 1:  # "my girlfriend and I", "Sara and her husband"
        subjects += [a for a in (unnamed_partner(t) for t in frame.subj_toks) if a is not None and _whose(subjects, a, frame.v.doc)][:1]
    if len(subjects) != 2:
        return subjects[:1]
    return sorted(subjects, key=lambda a: a.kind != SPEAKER)


def couple_rels(frame: Frame, when: When | None, *, partner_toks: Sequence[Token] = (), predicate: str = "PARTNER_OF",
                ending: bool = False) -> list[Rel]:
    """PARTNER_OF (or ``predicate``) between the subject and the named partner, or the two subjects; ``ending``: a
    parting, of the tie an unnamed partner's noun says (:func:`ended_tie`); "we broke up": the partner named before."""
    if when is None or ending and when.needs_time and not when.phrase:
        return []  # "my husband and I are separating": under way, the couple still is
    partners = [p for p in (partner_arg(t, frame) for t in partner_toks) if p is not None]
    we = ending and not partners and [a.kind for a in persons(frame)] == [WE]
    members = [Arg(SPEAKER, frame.v.i), Arg(OWNED, frame.v.i, "partner", "PARTNER")] if we else couple_members(frame)
    rels = [r for p in partners for r in emit(frame, predicate, _whose(persons(frame, we=False), p, frame.v.doc), p, when)] \
        if partners else emit(frame, predicate, members[:1], members[1], when) if len(members) == 2 else []
    return ended_tie(rels) if ending else rels


def ended_tie(rels: list[Rel]) -> list[Rel]:
    """A parting with an unnamed spouse or fiance ends that tie: "my husband and I broke up" ends the marriage,
    "I broke up with my fiance" the engagement ("my boyfriend" stays PARTNER_OF)."""
    def tie(arg: Arg) -> str:
        found = L.KIN_PREDICATES.get(OPEN.kin_possessions.get(arg.name, "")) if arg.kind == OWNED else None
        return found if found in _COUPLE_PREDICATES else PARTNER
    return [replace(r, predicate=tie(r.obj)) if r.kind == "end" and r.predicate == PARTNER else r for r in rels]


def marital(frame: Frame, word: str, subjects: list[Arg], preps: dict[str, list[Token]]) -> list[Rel]:
    pred, aspect = MARITAL_STATES.get(word, ("", ""))
    if not pred:
        return []
    under_way = _under_way(frame)
    if aspect == "start" and not under_way and (frame.lemma == "be" or (_participle_state(frame) and frame.when("state") is not None)):
        aspect = "state"  # "I'm married to Tom", "Tom and I are married", "… have been married for ten years": a state
    when, confidence = (_over_now(frame) or frame.when(aspect) if aspect == "end" else frame.when(aspect)), 0.9
    when = frame.when("start") if when is not None and when.mode == "event" else when  # "was married to Tom in 2005": wed
    held_now = None
    if under_way and when is not None and not when.phrase:  # "Carol and I are getting a divorce": married still
        pred, when, confidence = L.UNDERWAY_STATES.get(word, pred), When("state"), 0.6
    elif under_way and when is not None and not _said_past(frame):  # "… are getting married in June": to come, engaged now
        when, held_now = replace(when, prefer="future", needs_time=True), L.UNDERWAY_STATES.get(word)
    ends = preps.get("to" if aspect != "end" else "from", [])
    partners = [p for t in ends if (p := partner_arg(t, frame)) is not None]
    # "Sarah and I got married" (the speaker first), "My friend Felix and Tessa got married" (the couple before the verb)
    pair = subjects if len(subjects) == 2 else couple_members(frame)
    if not partners and len(pair) == 2:
        first, second = sorted(pair, key=lambda a: a.kind != SPEAKER)
        rels = emit(frame, pred, [first], second, when, confidence=confidence)
    elif not partners and len(pair) < 2:
        rels = _unnamed_spouse(frame, pred, subjects, when, preps, confidence)
    else:
        rels = [r for p in partners for r in emit(frame, pred, _whose([s for s in subjects if s.kind != WE], p, frame.v.doc), p,
                                                  when, confidence=confidence)]
    return rels + [replace(r, predicate=held_now, when=When("state"), kind="assert", confidence=0.6)
                   for r in rels if held_now and r.obj.kind == ENTITY]


def _unnamed_spouse(frame: Frame, pred: str, subjects: list[Arg], when: When | None, preps: dict[str, list[Token]],
                    confidence: float) -> list[Rel]:
    """"I got divorced in 2016", "my cousin is getting married in October", "we got married in 2015", "my sister
    married her high school sweetheart": one person's marriage with nobody named, to their unnamed spouse. Not
    for a couple said as one plural ("my parents got divorced"), nor "married to my job", "married with kids", nor
    "engaged" outside "got engaged" ("engaged in a project"), nor with no time said ("we got married"; "I'm
    married" is a status, read by the open rules; "I'm divorced" ends the one spouse the session named, or none)."""
    partner = L.UNNAMED_SPOUSES.get(pred)
    others = [t for toks in preps.values() for t in toks if not frame.idx.is_time(t)]  # all but times: partners
    if partner is None or len(subjects) != 1 or any(t.tag_ in ("NNS", "NNPS") for t in frame.subj_toks) or any(
            t.pos_ != "NOUN" or not (t.lemma_.lower() in L.SPOUSE_NOUNS or A.is_role_head(t)) for t in others):
        return []
    got = _got(frame)
    if pred == "ENGAGED_TO" and not (frame.lemma == "get" or got is not None):
        return []
    over = when is not None and not when.phrase and when.mode == "end" and when.vague and pred == "MARRIED_TO"
    if when is None or not (when.phrase or over):
        return []  # "we got married", "when we were married", "I'm married" (a status of its own: the open rules')
    if got is not None and got.tag_ in ("VBP", "VBZ"):
        return []  # "roll an eight and we get married": a plain present tells no wedding
    spouse = Arg(OWNED, frame.v.i, str(partner), "PARTNER" if over else "PERSON", GUESS)  # PARTNER: the one named, or no one
    return emit(frame, pred, [Arg(SPEAKER, subjects[0].i) if subjects[0].kind == WE else subjects[0]], spouse, when,
                confidence=min(confidence, 0.8))


def _over_now(frame: Frame) -> When | None:
    """"Tom and I are divorced", "my wife and I are separated": a state of having parted, over some time ago
    (``None`` for any other clause, and when a time is said)."""
    if frame.status.tense != "present" or not (frame.lemma == "be" or _participle_state(frame)):
        return None
    when = frame.when("end")
    return When("end", vague=True) if when is not None and not when.phrase else None


def _participle_state(frame: Frame) -> bool:
    """A participle of state, now or up to now: "are married", "have been engaged" (not "got married", "were wed")."""
    return frame.status.tense in ("present", "perfect") and frame.v.tag_ == "VBN" and any(
        c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in frame.v.children)


def _under_way(frame: Frame) -> bool:
    """A marriage or divorce going on, or to come: "are getting married", "I'm divorcing Tom", "we're getting a
    divorce" (the progressive of the verb or of its "get")."""
    got = _got(frame)
    return frame.status.tense == "progressive" and frame.v.tag_ == "VBG" or got is not None and got.tag_ == "VBG"


def _said_past(frame: Frame) -> bool:
    """A past auxiliary on the verb or on its "get": "we were getting divorced in 2019"."""
    got = _got(frame)
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for h in (frame.v, got) if h is not None for c in h.children)


def _got(frame: Frame) -> Token | None:
    """The "get" of a participle: "got engaged", "are getting married"."""
    return next((c for c in frame.v.children if c.dep_ == "auxpass" and c.lemma_.lower() in ("get", "getting")), None)


def marry(frame: Frame, *, word: str, got: bool = False) -> list[Rel]:
    """"Ana married Raj", "we got engaged", "I divorced Tom", "Blair married" (a participle before the name);
    ``word``: the state the verb makes ("married", "engaged", "divorced": :data:`~chronomem.extract.lexicon.MARITAL_STATES`);
    ``got``: a verb that marries only with its "get" ("Omar and I got hitched"; not "we hitched a ride")."""
    if got and _got(frame) is None:
        return []
    subjects = persons(frame)
    if frame.v.dep_ == "amod" and frame.v.head.pos_ == "PROPN" and frame.dobj is None:
        return marital(frame, word, subjects, {"to" if word != "divorced" else "from": [frame.v.head]})  # parsed "married Blair"
    if frame.dobj is not None and frame.v.tag_ != "VBN" or (frame.dobj is not None and frame.lemma == "divorce"):
        return marital(frame, word, subjects, {"to" if word != "divorced" else "from": [frame.dobj]})
    return marital(frame, word, subjects, frame.preps)


def union_ended(frame: Frame) -> list[Rel]:
    """"Steve's marriage to Jayne ended in 1954", "my divorce from Rafael was finalized last week"."""
    out: list[Rel] = []
    for noun in frame.subj_toks:
        word = UNIONS.get(noun.lemma_.lower())
        if word is None or (word == "divorced") != (frame.lemma in ("finalize", "finalise")):
            continue
        owner = possessor(poss_of(noun), frame.idx)
        partners = prep_objects(noun, "to", "with", "from")
        if owner is not None and (partners or word == "divorced"):  # "my divorce was finalized in 2019": to the unnamed spouse
            out += marital(frame, "divorced", [owner], {"from": partners} if partners else {})
    if not out and frame.lemma == "end":
        return end_things(frame)  # "I ended things with Elena"
    return out


def through_union(frame: Frame) -> list[Rel]:
    """"Carol and I are going through a divorce", "I went through a divorce in 2015": as "getting a divorce"
    (:func:`marital`: under way, the couple now; done, ended then); not "a divorce lawyer"."""
    for noun in frame.prep("through"):
        if UNIONS.get(noun.lemma_.lower()) == "divorced" and not any(c.dep_ in ("compound", "amod") for c in noun.children):
            preps = {k: v for k, v in frame.preps.items() if k != "through"}
            return marital(frame, "divorced", persons(frame), {**preps, "from": prep_objects(noun, "from", "with")})
    return []


def long_span(verb: Token) -> bool:
    """"… for two years", "… for months": a span that a couple lasts, not an evening out."""
    return any(p.lemma_.lower() in PEOPLE.couple_spans for p in prep_objects(verb, "for"))


def lasted(frame: Frame) -> When | None:
    """"we dated for two years", "Ana and I went out for months": a past couple that lasted a span of
    months or years, over now (``None`` for any other clause, and for "for an hour")."""
    status = frame.status
    if status.blocked or status.negated or status.tense != "past":
        return None
    return When("end", vague=True) if long_span(frame.v) else None


def couple(frame: Frame, *, aspect: str, partners: str = "with", prt: str = "", obj: str = "", predicate: str = PARTNER,
           lasted_span: bool = False, bare: bool = False) -> list[Rel]:
    """A row of the rule table ("dated Kenji", "we broke up"): ``prt``, ``obj`` the particle or object it needs;
    ``partners`` "dobj" or the partner's preposition; ``lasted_span``: untimed, a past couple that lasted a span is
    over (:func:`lasted`); an ending not :func:`~chronomem.extract.rules.base.passing` (``bare``: nor with other preps)."""
    if prt and frame.prt != prt or obj and (frame.dobj is None or frame.dobj.lower_ != obj) or aspect == "end" and passing(
            frame, partners, bare=bare):
        return []
    if not obj and partners != "dobj" and frame.dobj is not None and not frame.idx.is_time(frame.dobj):
        return []  # "Tom and I broke up the fight", "the kids and I separated the laundry"
    when = (_over_now(frame) if aspect == "end" else None) or frame.when(aspect) or (lasted(frame) if lasted_span else None)
    return couple_rels(frame, when, partner_toks=frame.dobjs if partners == "dobj" else frame.prep(partners),
                       predicate=predicate, ending=aspect == "end")


def seeing(frame: Frame) -> list[Rel]:
    """"I've been seeing Diego since May" (progressive only: "I saw Diego" is not dating, "I'm seeing him at 6" a meeting)."""
    if frame.status.tense not in ("progressive", "perfect_progressive") and frame.v.tag_ != "VBG" or planned_moment(frame.v):
        return []
    toks = frame.dobjs or [c for c in frame.v.children if c.dep_ in ("advmod", "npadvmod") and c.ent_type_ == "PERSON"]
    return couple_rels(frame, frame.when("state"), partner_toks=toks)


def together_rels(frame: Frame) -> list[Rel]:
    """"Fatima and I got together in March", "Jo got together with Sam" (not "got together for lunch")."""
    purposes = [t for t in frame.prep("for", "at", "over") if not frame.idx.is_time(t)]
    if purposes or any(c.dep_ in ("xcomp", "advcl") for c in frame.v.children):
        return []  # "got together for coffee", "… over lunch", "… to plan the trip"
    return couple_rels(frame, frame.when("start"), partner_toks=frame.prep("with"))


def became_couple(frame: Frame) -> list[Rel]:
    """"Last week, Yusuf and I became a couple"."""
    return couple_rels(frame, frame.when("start"))


def been_with(frame: Frame) -> list[Rel]:
    """"I've been with Arjun since June 2016" (a since/for phrase: not "with Tom at lunch"); "I'm not with Nina anymore"
    ends it, "I'm still with Nina", "you're back with Nina" hold it (a person: not "back with the groceries")."""
    when, still = frame.when("state"), frame.status.tense == "present" and (
        frame.prt == "back" or any(c.lower_ == "still" for c in frame.v.children))
    if when is None or not (frame.status.ending or still and not frame.prep("at", "in", "on")) and (
            when.mode != "start" or not when.phrase or when.role not in ("since", "for")):
        return []
    return couple_rels(frame, when, partner_toks=frame.prep("with"))


def end_things(frame: Frame) -> list[Rel]:
    """"I ended things with Elena", "she ended it with Tom" (not "the meeting ended")."""
    if frame.dobj is None or frame.dobj.lower_ not in PEOPLE.ended_objects:
        return []
    return couple_rels(frame, frame.when("end"), partner_toks=frame.prep("with") + frame.dobj_preps.get("with", []), ending=True)


def called_it_quits(frame: Frame) -> list[Rel]:
    """"Julia and I called it quits": the idiom, read from "call" whatever the parser made of "quits"."""
    doc, i = frame.v.doc, frame.v.i
    if not (i + 2 < frame.v.sent.end and doc[i + 1].lower_ == "it" and doc[i + 2].lower_ == "quits"):
        return []
    times = [t for t in frame.all_times if t.anchor in (i, i + 2) or t.anchor == -1]
    return couple_rels(frame, when_for(frame.status, "end", times), ending=True)


def named_partner_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """"I'm seeing someone. His name is Marco.", "she's been dating this guy, he's called Tom": a partner
    first said as "someone", then named later in the turn ("his name is …", "he's called …").
    The naming presupposes the partner, so the dating may sit in a reported question ("you asked if I was
    seeing someone… well, I am. His name is Marco"); not "I'm not seeing anyone", "I might be dating
    someone", nor "I saw someone. His name is Marco" (seeing, not dating)."""
    for tok in doc:
        if tok.lower_ not in PEOPLE.unnamed_partners or tok.pos_ != "NOUN" and tok.lower_ not in ("someone", "somebody"):
            continue
        verb = _dating_verb(tok)
        who = _dater(verb) if verb is not None else None
        if who is None:
            continue
        later = [n for n in introduced_names(doc) if n.i > tok.i and not is_question(n.sent)  # not "this is Marco" (here)
                 and (n.head.lemma_ != "be" or any(c.lower_ == "name" for c in n.head.children))]
        if later:
            return [holds(PARTNER, who, Arg(ENTITY, n.i, n.text, "PERSON", GUESS), n.i) for n in later[:1]]
        if who.kind == SPEAKER:  # unnamed yet: a later turn may name them ("… His name is Marco": resolution.later_names)
            return [holds(PARTNER, who, Arg(UNNAMED, tok.i, tok.lower_, "PARTNER", gender=L.PERSON_NOUNS.get(tok.lower_, "")), tok.i)]
    return []


def _dating_verb(tok: Token) -> Token | None:
    """The progressive "seeing" / "dating" / "going out (with)" whose object is ``tok``."""
    head, dep = tok.head, tok.dep_
    if dep == "nsubj" and head.pos_ == "ADJ" and head.dep_ in ("ccomp", "oprd"):  # "seeing someone new": a small clause
        head, dep = head.head, "dobj"
    if dep == "pobj" and head.lower_ == "with":
        head = head.head
        if not any(c.dep_ == "prt" and c.lower_ == "out" for c in head.children) or head.lemma_ != "go":
            return None
    elif dep != "dobj" or head.lemma_ not in ("see", "date"):
        return None
    return head if head.tag_ == "VBG" and not (head.lemma_ == "see" and planned_moment(head)) else None


def _dater(verb: Token) -> Arg | None:
    """Who is dating: "I", he or she; ``None`` when negated, supposed, or told in a past tense outside a
    reported question ("I was seeing someone" may be over; "you asked if I was seeing someone" is not)."""
    kids = list(verb.children)
    if not plain(verb):
        return None
    past = any(c.dep_ == "aux" and c.lower_ in ("was", "were") for c in kids)
    if past and not (verb.dep_ == "ccomp" and any(c.dep_ == "mark" and c.lower_ in DIALOGUE.wondering_marks for c in kids)):
        return None
    subj = next((c for c in kids if c.dep_ in ("nsubj", "nsubjpass")), None)  # "she's been dating": a passive to the parser
    return pronoun_arg(subj) if subj is not None and subj.lower_ in ("i", "he", "she") else None
