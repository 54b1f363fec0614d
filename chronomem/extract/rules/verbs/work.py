"""Work and study: works at/for/as, join, start, leave/quit/retire ("left Oracle for Yelp"), hire, promote,
report to, lead/manage a team; and work said other ways: the verbs of biographies and news, and (only when
the verb's own rules found nothing: a lower priority) a workplace without a name, teaching somewhere, a body
whose name says membership. The words are data (``workplace_nouns``, ``needs_compound`` and
``membership_words`` in ``ties.json``).
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import club_arg, is_role_head, team_arg
from chronomem.extract.clauses.args import name_arg, ner_person, person_arg, pronoun_arg
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.phrases import called_token
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, RULE, YOU, Arg, Rel, When, held, timed
from chronomem.extract.clauses.stance import plain
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import EVENTS, OPEN, TEAM_CHANGES, TIES
from chronomem.extract.rules.base import emit, employment, last_job, national_team, persons, role_rels, role_when, to_roles
from chronomem.extract.rules.open.phrase_table import unnamed_place
from chronomem.extract.rules.verbs.stays import at_school
from chronomem.extract.rules.verbs.stays import been_at as been_at  # a rule of the table: "work.been_at"
from chronomem.extract.rules.verbs.tools import tool_objects, uses_rels


def work(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("state")
    bosses = [(tok, boss) for tok in frame.prep("for") if frame.lemma == "work" and (boss := boss_for(tok, frame))]
    orgs = [tok for tok in frame.prep("at", "for") if tok not in {t for t, _ in bosses}] + named_employer(frame)
    out = employment(frame, subjects, when, orgs, places=frame.prep("in"), roles=frame.prep("as"), unnamed=True)
    for tok, boss in bosses:  # "I work for Nate Olsen": a person to answer to, not an employer
        out += emit(frame, "REPORTS_TO", [s for s in subjects if s.kind != "we"], boss, when, obj_tok=tok)
    orgs += [t for t, _ in bosses]
    if not orgs and out and frame.prep("as"):  # "I work in a hospital as a nurse": the place and the role
        out += work_at_place(frame)
    if not orgs and not out:  # "Pablo works as a physiotherapist": "as" after "work" names a role
        out = role_rels(frame, subjects, when, frame.prep("as"), strict=False)
    if not orgs and not out:  # "as a machine learning engineer" parsed as "machine" + "learning engineer"
        out = [r for role in _split_roles(frame.prep("as")) for r in emit(frame, "HAS_ROLE", subjects, role, when)]
    for tok in frame.prep("on", "in"):
        team = team_arg(tok, allow_area=tok in frame.prep("on"))
        out += emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=tok)
    return out


def named_employer(frame: Frame) -> list[Token]:
    """The name of the company a relative clause of working hangs on, with its "at"/"for" left at the end: in
    apposition ("the company I work for, Vexa, is hiring") or said by "is" ("the startup I work at is Plenty")."""
    v, noun = frame.v, frame.v.head
    if v.dep_ != "relcl" or noun.lemma_.lower() not in TIES.employer_nouns | TIES.workplace_nouns or not any(
            c.dep_ == "prep" and c.lower_ in ("at", "for") and not any(g.dep_ == "pobj" for g in c.children) for c in v.children):
        return []
    be = noun.head if noun.dep_ == "nsubj" and noun.head.lemma_ == "be" and plain(noun.head) else None
    said = [c for c in be.children if c.dep_ == "attr"] if be is not None else []  # (not "… isn't Vexa", "might be")
    after = [c for c in v.children if c.dep_ in ("npadvmod", "appos") and c.i > v.i]  # the parser may hang it on the verb
    return [c for c in [*noun.children, *said, *after] if c.dep_ in ("appos", "attr", "npadvmod") and c.pos_ == "PROPN"]


def boss_for(tok: Token, frame: Frame) -> Arg | None:
    """The person after "work for": a name NER takes for a person ("for Nate Olsen", "for Mr. Olsen") and
    the gazetteer does not know as an employer, him/her or "you"; ``None`` for a company ("for Stripe")."""
    if tok.lower_ in ("him", "her") and tok.tag_ == "PRP":
        return pronoun_arg(tok)
    if tok.lower_ == "you":
        return Arg(YOU, tok.i)
    return ner_person(tok, frame.idx)


def _split_roles(toks: list[Token]) -> list[Arg]:
    """A role noun phrase the parser broke at a participle: "machine" ← acl "learning" → dobj "engineer"."""
    out: list[Arg] = []
    for tok in toks:
        for acl in (c for c in tok.children if c.dep_ == "acl" and c.i == tok.i + 1):
            obj = next((c for c in acl.children if c.dep_ == "dobj" and c.i <= acl.i + 2), None)
            if obj is not None and is_role_head(obj):
                words = [t for t in tok.doc[tok.i:obj.i + 1] if t.is_alpha]
                out.append(Arg(ENTITY, tok.i, " ".join(t.lower_ for t in words), "ROLE", GAZETTEER))
    return out


def cleft_value(frame: Frame) -> Token | None:
    """"It was Adobe that I joined": the value a cleft sentence puts first."""
    head = frame.v.head
    if frame.v.dep_ not in ("ccomp", "relcl", "advcl") or head.lemma_ != "be" or not any(
            c.dep_ == "nsubj" and c.lower_ in ("it", "that", "this") for c in head.children):
        return None
    return next((c for c in head.children if c.dep_ == "attr" and c.pos_ == "PROPN"), None)


def employer_after(frame: Frame) -> Token | None:
    """"I left Spotify in January" with "Spotify" parsed as a verb: a gazetteer name known as an
    employer (or an organisation) right after the verb, hung from it, read as its object."""
    j = frame.v.i + 1
    if frame.dobj is not None or j >= frame.v.sent.end:
        return None
    tok, term = frame.v.doc[j], frame.idx.term_at[j]
    if term is None or term.start != j or tok.head.i != frame.v.i or tok.dep_ in ("prep", "dobj", "conj", "cc"):
        return None
    return tok if term.employer or term.type == "ORG" else None


def join(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("start")
    dobj = frame.dobj or employer_after(frame)
    if (national := national_team(dobj, frame.idx)) is not None:  # "joined the Turkey national under-21 football team"
        return emit(frame, "WORKS_AT", subjects, national, when, obj_tok=dobj)
    if dobj is not None and dobj.lower_ in ("that", "which", "who"):
        dobj = cleft_value(frame)
        if dobj is not None:  # the cleft's "be" is not a hedge and its "not Netflix" is not a negation
            when = when_for(replace(frame.status, blocked=False, negated=False), "start", frame.times)
    if dobj is None or any(t.lemma_.lower() in L.CONSUMABLES for t in frame.prep("for")):
        return []  # "we joined the Hendersons for lunch": company for a meal
    if (team := club_arg(dobj, frame.idx, alone=True) or (None if any(dobj.children) else A.team_arg(
            dobj, allow_area=True))) is not None:  # "the Otters", "Design": a team, not an employer ("Google")
        return emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=dobj) + role_rels(frame, subjects, when, frame.prep("as"))
    return employment(frame, subjects, when, [dobj] if A.token_org(dobj, frame.idx, tools=False) else [],
                       places=frame.prep("in"), roles=frame.prep("as"))


def start(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("start")
    if frame.dobj is not None and not A.is_job_noun(frame.dobj):
        return []
    preps = {**frame.preps, **{k: v for k, v in frame.dobj_preps.items() if k not in frame.preps}}
    orgs = [t for k in ("at", "with", "for") for t in preps.get(k, ())]
    if frame.dobj is None and not preps.get("as"):  # "my niece started at Oxford": studies there, or works
        orgs = [t for t in orgs if not at_school(t, frame.idx)]
    # "started a new job at the hospital": with a job said, also a place of work without a name
    return employment(frame, subjects, when, orgs, places=preps.get("in", []), roles=preps.get("as", []),
                      unnamed=frame.dobj is not None)


def leave(frame: Frame) -> list[Rel]:
    lemma = frame.lemma
    if lemma in L.DISMISSALS and not (frame.v.tag_ == "VBN" and (frame.prt or "") == L.DISMISSALS[lemma]):
        return []  # "laid off", "fired" (not "fired up")
    job = frame.dobj if A.is_job_noun(frame.dobj) else None
    if lemma in L.JOB_LOSSES and not (job is not None and any(c.tag_ == "PRP$" for c in job.children)):
        return []  # "I lost my job", "she lost her position" (not "I lost my keys", "we lost the contract")
    if frame.v.lower_ == "quits" and frame.v.i >= 2 and frame.v.doc[frame.v.i - 2].lemma_.lower() == "call":
        return []  # "Julia and I called it quits": read from "call" (chronomem.extract.rules.verbs.couples)
    subjects = persons(frame)
    when = frame.when("end")
    dobj = frame.dobj or employer_after(frame)
    if lemma == "retire" and tool_objects(frame):
        return uses_rels(frame, "end")  # "we retired Prometheus"
    if dobj is not None and (lemma in L.LEAVING_LEMMAS or lemma in L.JOB_LOSSES):
        if (national := national_team(dobj, frame.idx)) is not None:
            return emit(frame, "WORKS_AT", subjects, national, when, obj_tok=dobj)
        if A.is_job_noun(dobj):  # "quit her job at the bank": a place of work, named or not
            at = frame.dobj_preps.get("at", []) + frame.prep("at")
            said = at or frame.prep("as") or frame.dobj_preps.get("as")  # "lost my job as a cashier": the open rules' role
            return employment(frame, subjects, when, at) or unnamed_left(frame, subjects, when, at) or (
                [] if said else last_job(frame, subjects, when))
        if (team := club_arg(dobj, frame.idx)) is not None:
            return emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=dobj)
        arg = name_arg(dobj, frame.idx) if not frame.idx.is_time(dobj) else None
        if arg is None:  # "Kat quit the bank": a place of work without a name (not "quit school": a student's)
            quit_job = lemma in L.WORKPLACE_QUITS and not at_school(dobj, frame.idx)
            place = unnamed_place(dobj, frame.idx, "works at", "WORKS_AT") if quit_job else None
            return emit(frame, "WORKS_AT", subjects, place, when, obj_tok=dobj) if place is not None else []
        if arg.type == "PLACE" and arg.strength >= 3:
            return emit(frame, "LIVES_IN", subjects, arg, when, obj_tok=dobj) + _left_for(frame, subjects, when, "LIVES_IN")
        if (arg.type == "ORG" and arg.strength >= 1) or arg.label == "ORG":
            return (emit(frame, "WORKS_AT", subjects, A.widen_org(dobj, arg.typed("ORG"), frame.idx), when, obj_tok=dobj)
                    + _left_for(frame, subjects, when, "WORKS_AT"))
        targets = [t for t in frame.prep("for") if not frame.idx.is_time(t)]
        target = name_arg(targets[0], frame.idx) if targets else None
        if target is not None and target.strength >= 3 and target.type in ("ORG", "PLACE"):
            # "Zoe left Square for Pfizer": the known destination says what was left
            predicate = "WORKS_AT" if target.type == "ORG" else "LIVES_IN"
            left = arg.typed("ORG") if predicate == "WORKS_AT" else A.place(arg)
            return emit(frame, predicate, subjects, left, when, obj_tok=dobj) + _left_for(frame, subjects, when, predicate)
        if A.org(arg) is not None:  # unknown name: decided by what the session said before
            return [replace(r, predicate="WORKS_AT|LIVES_IN")
                    for r in emit(frame, "WORKS_AT", subjects, arg, when, confidence=0.8)]
        return []
    joined = [a for t in frame.prep("for") if (a := A.token_org(t, frame.idx, strict=True, tools=False))
              and a.strength >= GAZETTEER] if dobj is None and lemma == "leave" and when is not None else []
    if joined and when is not None:  # "Beth left for Stripe in the fall": works there from then
        return emit(frame, "WORKS_AT", subjects, joined[0], replace(when, mode="start", vague=False))
    orgs = [t for t in frame.prep("from", "by") if not frame.idx.is_time(t)] if lemma != "quit" else []
    orgs = orgs or [o for t in frame.prep("after") for o in prep_objects(t, "at", "with")]  # "after 30 years at Boeing"
    if lemma == "depart" and not orgs:
        return []
    if not orgs and dobj is None and lemma in L.LAST_JOB_ENDINGS and not frame.preps.get("as") and not frame.preps.get(
            "to") and not ends_named(frame) and frame.passive == (lemma in L.DISMISSALS) and not any(
            t.lower_ in L.BEDTIME_WORDS for t in frame.v.sent):
        # "I quit in 2021", "I got laid off in March": the employer the session named last for this subject (not "I
        # retired early last night", "retired to my room"; "I'm retired" is a status, the open rules')
        return last_job(frame, subjects, when)
    return employment(frame, subjects, when, orgs, strict=lemma == "retire", roles=frame.prep("as") if lemma == "resign"
                      else ()) or unnamed_left(frame, subjects, when, orgs)  # "resigned as treasurer": the role ends


def unnamed_left(frame: Frame, subjects: list[Arg], when: When | None, orgs: list[Token]) -> list[Rel]:
    """"My dad retired from the post office", "I got laid off from the factory", "she quit her job at the
    bank": a place of work the phrase table knows, without a name, left (not "retired from teaching",
    "retired from the race")."""
    if frame.lemma not in L.UNNAMED_LEAVINGS and not (frame.dobj is not None and A.is_job_noun(frame.dobj)):
        return []
    return [r for tok in orgs if tok.head.lower_ in ("from", "at")
            for r in emit(frame, "WORKS_AT", subjects, unnamed_place(tok, frame.idx, "works at", "WORKS_AT"), when, obj_tok=tok)]


def ends_named(frame: Frame) -> bool:
    """"joined the choir in 2018 and quit in 2021": an objectless ending conjoined to a clause of
    the same subject that named what it ends (:func:`conj_endings` ends that value)."""
    v, head = frame.v, frame.v.head
    if v.dep_ != "conj" or frame.lemma not in L.CONJ_ENDINGS or head.pos_ not in ("VERB", "AUX") or frame.dobj is not None:
        return False
    own = [c.lower_ for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    theirs = [c.lower_ for c in head.children if c.dep_ in ("nsubj", "nsubjpass")]
    if own and own != theirs:
        return False  # "I joined Acme in 2018 and Tom left in 2020"
    return any(c.dep_ in ("dobj", "prep", "xcomp", "attr") and c.i < v.i for c in head.children)


def conj_endings(frame: Frame, before: list[Rel]) -> list[Rel]:
    """"I started at Netflix in 2020 and left in 2022", "moved to Denver in 2016 and left in 2019":
    the values the first clause started (``before``: the sentence's relations so far) end at the
    conjoined verb's time. Only relations the rules were sure of, of predicates the verb can end."""
    if not ends_named(frame):
        return []
    when = frame.when("end")
    if when is None or when.mode != "end":
        return []
    head = frame.v.head
    clause = {head.i, *(c.i for c in head.children if c.dep_ == "xcomp")}
    allowed = L.CONJ_ENDINGS[frame.lemma]
    out: dict[tuple, Rel] = {}
    for r in before:
        if r.i not in clause or r.confidence < 0.8 or (r.kind == "end" and not r.when.vague):
            continue  # "used to work at Apple, but resigned in 2021": a vague ending gets its date
        if allowed and not any(p in allowed for p in r.predicate.split("|")):
            continue
        ended = timed(r.predicate, r.subject, r.obj, when, frame.v.i, r.confidence, r.qualifiers)
        out.setdefault((r.predicate, r.subject, r.obj.name), ended)
    return list(out.values())


def _left_for(frame: Frame, subjects: list[Arg], end: When | None, predicate: str) -> list[Rel]:
    """"left Oracle for Yelp", "left Toronto for Seoul": the value after "for" starts when the old one ends."""
    if end is None or frame.lemma != "leave":
        return []
    start = replace(end, mode="start", vague=False)
    out: list[Rel] = []
    for tok in frame.prep("for"):
        if frame.idx.is_time(tok) or frame.idx.ent_at[tok.head.i] is not None or tok.head.i == frame.v.i + 1:
            continue  # "left National Center for Atmospheric Research": "for" inside the name
        new = A.token_place(tok, frame.idx) if predicate == "LIVES_IN" else A.token_org(tok, frame.idx)
        out += emit(frame, predicate, subjects, new, start, obj_tok=tok)
    return out


def hire(frame: Frame) -> list[Rel]:
    if frame.passive:
        return employ(frame, aspect="start")
    if frame.dobj is not None and frame.dobj.lower_ in L.PERSONAL_OBJECTS:
        hired = pronoun_arg(frame.dobj)
        return [r for s in frame.subj_toks for r in emit(frame, "WORKS_AT", [hired] if hired else [],
                                                         A.token_org(s, frame.idx), frame.when("start"))]
    return []


def promote(frame: Frame) -> list[Rel]:
    return role_rels(frame, persons(frame), frame.when("start"), frame.prep("to")) or [
        r for role in to_roles(frame) for r in emit(frame, "HAS_ROLE", persons(frame), role, role_when(frame, role))]


def after_change(frame: Frame) -> When | None:
    """"I switched teams in February and now report to Lena": "now" after a dated change means
    since that change, so the state starts at the change's time."""
    head = frame.v.head
    if frame.v.dep_ != "conj" or head.lemma_.lower() not in TEAM_CHANGES or frame.times or not any(
            c.lower_ == "now" for c in frame.v.children):
        return None
    t = next((t for t in frame.all_times if t.anchor == head.i and t.role in ("point", "since")), None)
    return When("start", t.text, prefer="past") if t is not None else None


def lead(frame: Frame) -> list[Rel]:
    if frame.passive and frame.subj_toks:
        team = team_arg(frame.subj_toks[0])  # "the analytics team is led by Kenji"
        leaders = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("by")) if a is not None]
        return emit(frame, "LEADS", leaders, team, frame.when("state"))
    team = team_arg(frame.dobj, field=True) if frame.dobj is not None else None  # (also "I lead platform eng")
    if team is None:  # "we run Mattermost" (also with the name an adverb to the parser); not "ran the Oslo Marathon"
        race = frame.dobj is not None and frame.dobj.lemma_.lower() in EVENTS.attend_nouns
        return uses_rels(frame, "state") if frame.lemma == "run" and not race else []
    return emit(frame, "LEADS", persons(frame, we=False), team, frame.when("state"), obj_tok=frame.dobj)


# ----------------------------------------------------------------------------- said other ways
def play(frame: Frame) -> list[Rel]:
    """"played for Leeds United": a club someone is on is their employer; a team named as a group ("I play for
    the Harriers", "for a local team called the Otters") is one they are a member of."""
    teams = [t for t in frame.prep("for") if (A.capitalised(t) or called_token(t)) and club_arg(t, frame.idx, alone=True)]
    orgs = [t for t in frame.prep("for") if (t.pos_ == "PROPN" or frame.idx.term_at[t.i] is not None) and t not in teams]
    return employment(frame, persons(frame), frame.when("state"), orgs, confidence=0.8) + [r for t in teams for r in emit(
        frame, "MEMBER_OF", persons(frame), club_arg(t, frame.idx, alone=True), frame.when("state"), obj_tok=t)]


def sign(frame: Frame) -> list[Rel]:
    """"signed with/for Udinese", "signed a contract with Acme": starts a job there (not "signed up for" a race)."""
    if frame.dobj is not None and not A.is_job_noun(frame.dobj) and frame.dobj.lemma_.lower() not in ("contract", "deal"):
        return []
    orgs = [t for t in frame.prep_anywhere("with", "for") if t.pos_ == "PROPN" or frame.idx.term_at[t.i] is not None]
    return employment(frame, persons(frame), frame.when("start"), orgs, roles=frame.prep("as")) if frame.prt != "up" else []


def employ(frame: Frame, *, aspect: str = "state") -> list[Rel]:
    """"was employed by Washington State University", "I was hired at Acme" (passive only: the subject is the
    employee)."""
    if not frame.passive:
        return []
    return employment(frame, persons(frame), frame.when(aspect), frame.prep("by", "at"), roles=frame.prep("as"),
                      unnamed=True)


def workplace_arg(tok: Token) -> Arg | None:
    """"the restaurant", "that massage place": a workplace named by its noun (and the words before it)."""
    lemma = tok.lemma_.lower()
    if tok.pos_ != "NOUN" or lemma not in TIES.workplace_nouns or tok.tag_ == "NNS":
        return None
    mods = [c for c in tok.children if c.dep_ in ("compound", "amod") and c.i < tok.i and c.is_alpha]
    if lemma in TIES.needs_compound and not any(m.dep_ == "compound" for m in mods):
        return None
    words = [m.lower_ for m in mods if m.dep_ == "compound"] + [tok.lower_]
    return Arg(ENTITY, tok.i, " ".join(words), "ORG", RULE)


def _at(frame: Frame) -> list[Token]:
    """The places after "at", also behind a word of direction: "down at the academy", "over at Nora's"."""
    toks = frame.prep("at")
    for adv in frame.v.children:
        if adv.dep_ in ("advmod", "prt") and adv.lower_ in TIES.direction_words:
            toks += prep_objects(adv, "at")
    return toks


def work_at_place(frame: Frame) -> list[Rel]:
    """"I work at the restaurant", "Jasmine works at that massage place"."""
    if frame.dobj is not None:
        return []
    out: list[Rel] = []
    for tok in frame.prep("at", "in"):
        place = workplace_arg(tok)
        rels = emit(frame, "WORKS_AT", persons(frame, we=False), place, frame.when("state"), obj_tok=tok)
        withs = frame.prep("with") + prep_objects(tok, "with")
        mates = [a for a in (person_arg(p, frame.idx, trust_ner=False) for p in withs if p.pos_ == "PROPN")
                 if a is not None and a.kind == ENTITY]
        out += rels + (emit(frame, "WORKS_AT", mates, place, frame.when("state"), obj_tok=tok) if rels else [])
    return out


def teach(frame: Frame) -> list[Rel]:
    """"I'm teaching acting down at the Arts Academy", "she teaches at Lincoln High"."""
    out: list[Rel] = []
    taught = [c for c in frame.v.children if c.dep_ in ("dobj", "xcomp")]  # "teaching acting at …": "at" under "acting"
    places = _at(frame) + [p for t in taught for p in prep_objects(t, "at")]
    for tok in places:
        place = A.token_org(tok, frame.idx, tools=False) or workplace_arg(tok)
        out += emit(frame, "WORKS_AT", persons(frame, we=False), place, frame.when("state"), obj_tok=tok)
    return out


def in_a_body(frame: Frame) -> list[Rel]:
    """"We were both in the Peace Corps", "she's in the Navy" (the name ends in a word of membership; not "I was
    in Walmart"); "I'm in the Night Owls", "I'm part of the Harriers", "I'm on the Comets" (:func:`~accept.group_name`);
    "a member of Greenpeace" (any organisation's name)."""
    if frame.acomp is not None:
        return []
    attr, out = frame.attr, []
    member = attr is not None and attr.lemma_.lower() in OPEN.belonging_nouns
    on = frame.prep("on") if attr is None else []  # "I'm on the Comets": a team named alone
    for tok in (frame.prep("in") if attr is None else prep_objects(attr, "of") if member else []) + on:
        words = {tok.lower_, tok.lemma_.lower()}
        group = A.group_name(tok, frame.idx, alone=member or tok in on)
        if not A.capitalised(tok) or not (words & set(TIES.membership_words) or group or (
                attr is not None and attr.lemma_.lower() == "member" and tok.ent_type_ in ("ORG", "NORP"))):
            continue
        body = A.token_org(tok, frame.idx, strict=False, tools=False)
        if body is not None and body.kind == ENTITY:
            out += emit(frame, "MEMBER_OF", persons(frame), body.typed("ORG"), _held(frame), obj_tok=tok)
    return out


def _held(frame: Frame) -> When | None:
    """The clause's time; a plain past with none ("we were in the Peace Corps") held and is over (at no known time)."""
    when, status = frame.when("state"), frame.status
    return held(True) if when is None and status.tense == "past" and not (status.blocked or status.negated) else when
