"""Dependency rules for people: where they live, work, study, whom they report to, marry, like.

Each rule reads a :class:`~chronomem.extract.frames.Frame` and returns candidate relations
(:class:`~chronomem.extract.records.Rel`). Tools and switches are in
:mod:`chronomem.extract.tech`, appositions and corrections in :mod:`chronomem.extract.nominal`.
A rule that is unsure returns nothing: a wrong fact is worse than a missing one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import accept as A
from chronomem.extract import lexicon as L
from chronomem.extract.args import is_role_head, name_arg, person_arg, role_arg, team_arg, thing_arg
from chronomem.extract.frames import Frame, with_conj
from chronomem.extract.records import ENTITY, GAZETTEER, LAST, Arg, Rel, When

Handler = Callable[[Frame], list[Rel]]
HANDLERS: dict[str, Handler] = {}


def rule(*lemmas: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for lemma in lemmas:
            HANDLERS[lemma] = fn
        return fn
    return register


def emit(frame: Frame, predicate: str, subjects: list[Arg], obj: Arg | None, when: When | None, *,
         confidence: float = 0.9, qualifiers: dict[str, str] | None = None, obj_tok: Token | None = None) -> list[Rel]:
    """Relations for each subject; "X, not Y" after the object makes them corrections."""
    if obj is None or when is None or not subjects:
        return []
    if predicate == "OWNS" and obj.kind == ENTITY and obj.name.split(" ")[-1].rstrip("s") in L.PET_NOUNS:
        return []  # pets are HAS_PET, and only with a name
    kind = "end" if when.mode == "end" else "assert"
    replaces = alternative(obj_tok, frame) if obj_tok is not None and kind == "assert" else None
    if replaces is not None:
        kind = "correct"
        replaces = replaces.typed(obj.type) if obj.type != "OTHER" else replaces
    subjects = [s for s in subjects if not (s.kind == obj.kind == ENTITY and s.name == obj.name)]
    out = [Rel(predicate, s, obj, replace(when, until=""), kind, replaces, confidence, dict(qualifiers or {}), frame.v.i)
           for s in subjects]
    if when.until and kind != "end":  # a stated range: the relation also ends at its end
        out += [Rel(predicate, s, obj, When("end", when.until, prefer="past"), "end", None, confidence,
                    dict(qualifiers or {}), frame.v.i) for s in subjects]
    return out


def alternative(tok: Token, frame: Frame) -> Arg | None:
    """"Plaid, not Stripe" → Stripe (the value the speaker is correcting)."""
    doc = tok.doc
    end = min(tok.sent.end, tok.i + 5)
    for j in range(tok.i + 1, end):
        t = doc[j]
        if t.lower_ == "not" and j + 1 < tok.sent.end:
            nxt = doc[j + 1]
            while nxt.dep_ in ("compound", "amod") and nxt.head.i > nxt.i and nxt.head.i < tok.sent.end:
                nxt = nxt.head  # "not backend developer" → developer's phrase
            found = name_arg(nxt, frame.idx) or team_arg(nxt) or role_arg(nxt, strict=False)
            if found is None and nxt.is_title and nxt.pos_ in ("ADJ", "ADV", "VERB") and len(nxt.text) > 1:
                found = name_arg(nxt, frame.idx, allow_lower=True)  # "Pinterest, not Snap" with "Snap" an adjective
            return found
        if not (t.is_punct or t.pos_ == "PROPN" or frame.idx.term_at[j] is not None):
            return None
    return None


def persons(frame: Frame, *, we: bool = True, loose: bool = True) -> list[Arg]:
    """The subjects that are people (``loose``: also person-shaped names NER gave another label)."""
    return [a for a in (A.subject_person(s, we=we, loose=loose) for s in frame.subjects(team=True)) if a is not None]


def _role_rels(frame: Frame, subjects: list[Arg], when: When | None, toks: list[Token], strict: bool = False) -> list[Rel]:
    out: list[Rel] = []
    for tok in toks:
        out += emit(frame, "HAS_ROLE", subjects, role_arg(tok, strict=strict), when, obj_tok=tok)
    return out


def _employment(frame: Frame, subjects: list[Arg], when: When | None, orgs: list[Token], *,
                places: list[Token] = (), roles: list[Token] = (), confidence: float = 0.9, strict: bool = False) -> list[Rel]:
    """WORKS_AT for each organisation, HAS_ROLE for "as a …", and a location qualifier for "in Zurich"."""
    out: list[Rel] = []
    roles = [*roles, *(p for o in orgs for c in o.children if c.dep_ == "prep" and c.lower_ == "as"
                       for p in c.children if p.dep_ == "pobj" and p not in roles)]  # "at Coinbase as a …" under the org
    place_args = [p for p in (A.token_place(t, frame.idx) for t in places) if p is not None and p.kind == ENTITY]
    quals = {"location": place_args[0].name} if place_args else {}
    for tok in orgs:
        org = A.token_org(tok, frame.idx, strict=strict)
        rels = emit(frame, "WORKS_AT", subjects, org, when, confidence=confidence, qualifiers=quals, obj_tok=tok)
        out += rels
        if rels and place_args and when is not None and when.mode != "end":
            # a job in Zurich: the person most likely lives there (observed, lower confidence)
            out += emit(frame, "LIVES_IN", [r.subject for r in rels], place_args[0], When("state"), confidence=0.6)
    if out or strict is False:
        out += _role_rels(frame, subjects, when, list(roles), strict=not out)
    return out


# --------------------------------------------------------------------------- living
@rule("live", "reside")
def _live(frame: Frame) -> list[Rel]:
    places = [A.token_place(t, frame.idx) for t in frame.prep("in", "at")]
    places += [A.token_place(c, frame.idx) for c in frame.v.children if c.lower_ == "there" and c.dep_ == "advmod"]
    when = frame.when("state")
    subjects = persons(frame)
    return [r for p in places for r in emit(frame, "LIVES_IN", subjects, p, when, obj_tok=_tok(frame, p))]


@rule("base")
def _based(frame: Frame) -> list[Rel]:
    if frame.v.tag_ != "VBN":
        return []
    places = frame.prep("in") + (frame.prep("of") if "out" in frame.preps else [])  # "based in", "based out of"
    return [r for t in places for r in emit(frame, "LIVES_IN", persons(frame), A.token_place(t, frame.idx),
                                            frame.when("state"), obj_tok=t)]


_ROLE_SLOTS = frozenset({"role", "position", "job", "title", "post"})


def _role_before_slot(tok: Token) -> Arg | None:
    """The words before "role" in a phrase the parser split: "a director of engineering role"."""
    slot = next((t for t in tok.subtree if t.lemma_.lower() in _ROLE_SLOTS and t.i > tok.i), None)
    if slot is None or not is_role_head(tok, strict=False):
        return None
    words = [t for t in tok.doc[tok.i:slot.i] if t.is_alpha]
    if not words or len(words) != slot.i - tok.i or len(words) > 5:
        return None
    return Arg(ENTITY, tok.i, " ".join(t.lower_ for t in words), "ROLE", GAZETTEER)


_HOMES = frozenset({"apartment", "flat", "house", "home", "place", "condo", "studio"})


def _new_home(frame: Frame, toks: list[Token]) -> list[Rel]:
    """"moved into a new apartment in Mumbai", "got a place in Chicago": LIVES_IN the home's city."""
    out: list[Rel] = []
    for tok in toks:
        if tok.lemma_.lower() not in _HOMES:
            continue
        places = [p for c in tok.children if c.dep_ == "prep" and c.lower_ in ("in", "near")
                  for p in c.children if p.dep_ == "pobj"]
        for place in places:
            out += emit(frame, "LIVES_IN", persons(frame), A.token_place(place, frame.idx), frame.when("start"), obj_tok=place)
    return out


@rule("settle")
def _settle(frame: Frame) -> list[Rel]:
    """"I finally settled in Pittsburgh", "we settled down in Porto" (not "we settled on Go": tools)."""
    if [t for t in frame.prep("on") if not frame.idx.is_time(t)]:
        from chronomem.extract.tech import uses_rels

        return uses_rels(frame, "start")
    return [r for t in frame.prep("in") for r in emit(frame, "LIVES_IN", persons(frame), A.token_place(t, frame.idx),
                                                      frame.when("start"), obj_tok=t)]


@rule("move", "relocate", "emigrate", "immigrate")
def _move(frame: Frame) -> list[Rel]:
    from chronomem.extract.tech import switch_rels

    to = frame.prep("to") + [c for c in frame.v.children if c.lower_ == "there" and c.dep_ == "advmod"]
    src = frame.prep("from") + (frame.prep("of") if "out" in frame.preps or frame.prt == "out" else [])
    if frame.dobj is not None and frame.dobj.lower_ not in ("in", "back"):
        from chronomem.extract.tech import complete_switch

        return complete_switch(frame, switch_rels(frame, frame.dobj))  # "we moved CI from Jenkins to GitHub Actions"
    subjects = persons(frame)
    if src and to:
        return switch_rels(frame, None)
    homes = _new_home(frame, frame.prep("into", "to"))
    if homes:
        return homes
    roles = [role_arg(c, strict=False) for t in frame.prep("into") if t.lemma_.lower() in _ROLE_SLOTS
             for c in t.children if c.dep_ == "compound"]
    if not roles or roles[0] is None:  # "into a director of engineering role"
        roles = [_role_before_slot(t) for t in frame.prep("into")]
    if roles and roles[0] is not None:  # "I moved into a site reliability engineer role"
        return emit(frame, "HAS_ROLE", subjects, roles[0], frame.when("start"))
    out: list[Rel] = []
    for tok in to:
        dest = A.classify_destination(tok, frame.idx)
        if dest is not None:
            out += emit(frame, dest[0], subjects, dest[1], frame.when("start"), obj_tok=tok)
    if not to:
        for tok in src:
            out += emit(frame, "LIVES_IN", subjects, A.token_place(tok, frame.idx), frame.when("end"), obj_tok=tok)
    return out


# --------------------------------------------------------------------------- work and study
@rule("work")
def _work(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("state")
    orgs = frame.prep("at", "for")
    out = _employment(frame, subjects, when, orgs, places=frame.prep("in"), roles=frame.prep("as"))
    if not orgs and not out:  # "Pablo works as a physiotherapist": "as" after "work" names a role
        out = _role_rels(frame, subjects, when, frame.prep("as"), strict=False)
    if not orgs and not out:  # "as a machine learning engineer" parsed as "machine" + "learning engineer"
        out = [r for role in _split_roles(frame.prep("as")) for r in emit(frame, "HAS_ROLE", subjects, role, when)]
    for tok in frame.prep("on", "in"):
        team = team_arg(tok, allow_area=tok in frame.prep("on"))
        out += emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=tok)
    return out


def cleft_value(frame: Frame) -> Token | None:
    """"It was Adobe that I joined": the value a cleft sentence puts first."""
    head = frame.v.head
    if frame.v.dep_ not in ("ccomp", "relcl", "advcl") or head.lemma_ != "be":
        return None
    if not any(c.dep_ == "nsubj" and c.lower_ in ("it", "that", "this") for c in head.children):
        return None
    return next((c for c in head.children if c.dep_ == "attr" and c.pos_ == "PROPN"), None)


@rule("join")
def _join(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("start")
    dobj = frame.dobj
    national = A.national_team(dobj, frame.idx)
    if national is not None:  # "joined the Turkey national under-21 football team"
        return emit(frame, "WORKS_AT", subjects, national, when, obj_tok=dobj)
    if dobj is not None and dobj.lower_ in ("that", "which", "who"):
        dobj = cleft_value(frame)
        if dobj is not None:  # the cleft's "be" is not a hedge and its "not Netflix" is not a negation
            from chronomem.extract.frames import when_for

            when = when_for(replace(frame.status, blocked=False, negated=False), "start", frame.times)
    if dobj is None:
        return []
    team = team_arg(dobj)
    if team is not None:
        return emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=dobj) + _role_rels(frame, subjects, when, frame.prep("as"))
    return _employment(frame, subjects, when, [dobj] if A.token_org(dobj, frame.idx, tools=False) else [],
                       places=frame.prep("in"), roles=frame.prep("as"))


@rule("start", "begin")
def _start(frame: Frame) -> list[Rel]:
    subjects = persons(frame)
    when = frame.when("start")
    if frame.dobj is not None and not A.is_job_noun(frame.dobj):
        return []
    preps = {**frame.preps, **{k: v for k, v in frame.dobj_preps.items() if k not in frame.preps}}
    orgs = [t for k in ("at", "with", "for") for t in preps.get(k, ())]
    return _employment(frame, subjects, when, orgs, places=preps.get("in", []), roles=preps.get("as", []))


@rule("leave", "quit", "exit", "depart", "resign", "retire", "lay", "fire", "sack")
def _leave(frame: Frame) -> list[Rel]:
    lemma = frame.lemma
    if lemma in ("lay", "fire", "sack") and not (frame.v.tag_ == "VBN" and (lemma != "lay" or frame.prt == "off")):
        return []
    if frame.v.lower_ == "quits" and frame.v.i >= 2 and frame.v.doc[frame.v.i - 2].lemma_.lower() == "call":
        return []  # "Julia and I called it quits": read from "call" (chronomem.extract.couples)
    subjects = persons(frame)
    when = frame.when("end")
    dobj = frame.dobj
    if lemma == "retire":
        from chronomem.extract.tech import _tool_objects, uses_rels

        if _tool_objects(frame):
            return uses_rels(frame, "end")  # "we retired Prometheus"
    if dobj is not None and lemma in ("leave", "quit", "exit", "depart"):
        national = A.national_team(dobj, frame.idx)
        if national is not None:
            return emit(frame, "WORKS_AT", subjects, national, when, obj_tok=dobj)
        if A.is_job_noun(dobj):
            return _employment(frame, subjects, when, frame.dobj_preps.get("at", []) + frame.prep("at"))
        team = team_arg(dobj)
        if team is not None:
            return emit(frame, "MEMBER_OF", subjects, team, when, obj_tok=dobj)
        arg = name_arg(dobj, frame.idx) if not frame.idx.is_time(dobj) else None
        if arg is None:
            return []
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
            return [_ambiguous(r) for r in emit(frame, "WORKS_AT", subjects, arg, when, confidence=0.8)]
        return []
    orgs = [t for t in frame.prep("from", "by") if not frame.idx.is_time(t)] if lemma != "quit" else []
    if lemma == "depart" and not orgs:
        return []
    if not orgs and dobj is None and lemma in ("quit", "resign") and not frame.preps.get("as"):
        # "I quit in 2021": the employer the session named last for this subject
        return emit(frame, "WORKS_AT", subjects, Arg(LAST, frame.v.i, "WORKS_AT"), when, confidence=0.7)
    return _employment(frame, subjects, when, orgs, strict=lemma == "retire")


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


def _ambiguous(rel: Rel) -> Rel:
    rel.predicate = "WORKS_AT|LIVES_IN"
    return rel


@rule("get", "land", "accept", "take")
def _get(frame: Frame) -> list[Rel]:
    from chronomem.extract.nominal import family_verb_rels

    subjects = persons(frame)
    acomp = frame.acomp
    if acomp is not None and frame.lemma == "get":
        return _marital(frame, acomp.lower_, subjects, frame.preps)
    if frame.lemma == "get" and any(c.lower_ == "together" and c.dep_ in ("advmod", "prt") for c in frame.v.children):
        from chronomem.extract.couples import together_rels

        return together_rels(frame)
    dobj = frame.dobj
    if frame.lemma == "take" and frame.prt == "over" and dobj is not None:
        team, start = team_arg(dobj), frame.when("start")
        before = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("from")) if a is not None]
        return (emit(frame, "LEADS", subjects, team, start, obj_tok=dobj)  # "took over X from Kenji": Kenji stopped
                + (emit(frame, "LEADS", before, team, replace(start, mode="end")) if start is not None else []))
    if frame.lemma == "get" and dobj is not None and dobj.lemma_.lower() in _BOSS_NOUNS:
        boss = _named_after_colon(frame, dobj)  # "I got a new manager last week: Lucas"
        if boss is not None:
            return emit(frame, "REPORTS_TO", [s for s in subjects if s.kind != "we"], boss, frame.when("start"))
    if A.is_job_noun(dobj) and frame.lemma in ("get", "land", "accept", "take"):
        orgs = frame.dobj_preps.get("at", []) + frame.dobj_preps.get("with", []) + frame.prep("at", "with")
        return _employment(frame, subjects, frame.when("start"), orgs, places=frame.dobj_preps.get("in", []),
                           roles=frame.dobj_preps.get("as", []) + frame.prep("as"))
    return family_verb_rels(frame, subjects, "start") if frame.lemma == "get" else []


_BOSS_NOUNS = frozenset({"manager", "boss", "supervisor", "lead"})


def _named_after_colon(frame: Frame, noun: Token) -> Arg | None:
    """The name a noun is given after a colon: "a new manager: Lucas", "a new boss on Monday: Ana"."""
    sent, doc = noun.sent, noun.doc
    colon = next((t for t in doc[noun.i + 1:sent.end] if t.text in (":", "—")), None)
    if colon is None:
        return None
    nxt = doc[colon.i + 1].sent if colon.i + 1 < len(doc) else sent  # the parser may start a sentence after ":"
    name = next((t for t in doc[colon.i + 1:nxt.end] if not t.is_punct), None)
    return person_arg(name, frame.idx, trust_ner=False) if name is not None and name.pos_ == "PROPN" else None


@rule("hire")
def _hire(frame: Frame) -> list[Rel]:
    when = frame.when("start")
    if frame.v.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in frame.v.children):
        return _employment(frame, persons(frame), when, frame.prep("by", "at"), roles=frame.prep("as"))
    if frame.dobj is not None and frame.dobj.lower_ in ("me", "us", "him", "her"):
        from chronomem.extract.args import pronoun_arg

        hired = pronoun_arg(frame.dobj)
        return [r for s in frame.subj_toks for r in emit(frame, "WORKS_AT", [hired] if hired else [],
                                                         A.token_org(s, frame.idx), when)]
    return []


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


def to_roles(frame: Frame) -> list[Arg]:
    """A role after "to" that the parser read as a verb: "promoted to architect", "changed to
    data engineer" ("to" + a role noun tagged as a verb), "to backend developer" ("backend" a verb
    with "developer" its object)."""
    out: list[Arg] = []
    for x in frame.v.children:
        if x.dep_ not in ("xcomp", "advcl") or not any(c.lower_ == "to" for c in x.children):
            continue
        if is_role_head(x, strict=False) and x.lemma_.lower() not in ("work", "move", "lead", "manage", "run"):
            mods = [c for c in x.children if c.dep_ in ("compound", "amod") and c.i < x.i]
            first, last = (mods[0].i if mods else x.i), x.i
        else:
            obj = next((c for c in x.children if c.dep_ == "dobj"), None)
            if obj is None or not is_role_head(obj):
                continue
            first, last = x.i, obj.i
        words = [t for t in x.doc[first:last + 1] if t.is_alpha]
        if words and len(words) == last + 1 - first <= 4:
            out.append(Arg(ENTITY, first, " ".join(t.lower_ for t in words), "ROLE", GAZETTEER))
    return out


def role_when(frame: Frame, role: Arg) -> When | None:
    """The start of a role from :func:`to_roles`: the clause's time, or one hung on the role's words."""
    when = frame.when("start")
    if when is None or when.phrase:
        return when
    from chronomem.extract.frames import when_for

    words = {t.i for t in frame.v.doc[role.i:role.i + len(role.name.split()) + 1]}
    hung = [t for t in frame.all_times if t.anchor in words]
    return when_for(frame.status, "start", hung[:1]) if hung else when


@rule("promote")
def _promote(frame: Frame) -> list[Rel]:
    out = _role_rels(frame, persons(frame), frame.when("start"), frame.prep("to"))
    if not out:
        out = [r for role in to_roles(frame) for r in emit(frame, "HAS_ROLE", persons(frame), role, role_when(frame, role))]
    return out


_TEAM_CHANGES = frozenset({"switch", "change", "move", "transfer", "join", "rejoin"})


def _after_change(frame: Frame) -> When | None:
    """"I switched teams in February and now report to Lena": "now" after a dated change means
    since that change, so the state starts at the change's time."""
    head = frame.v.head
    if frame.v.dep_ != "conj" or head.lemma_.lower() not in _TEAM_CHANGES or frame.times:
        return None
    if not any(c.lower_ == "now" for c in frame.v.children):
        return None
    t = next((t for t in frame.all_times if t.anchor == head.i and t.role in ("point", "since")), None)
    return When("start", t.text, prefer="past") if t is not None else None


@rule("report")
def _report(frame: Frame) -> list[Rel]:
    subjects = persons(frame, we=False)
    when = _after_change(frame) or frame.when("state")
    return [r for t in frame.prep("to") for r in emit(frame, "REPORTS_TO", subjects, person_arg(t, frame.idx, trust_ner=False),
                                                        when, obj_tok=t)]


@rule("lead", "head", "manage", "run", "oversee", "direct", "captain")
def _lead(frame: Frame) -> list[Rel]:
    from chronomem.extract.tech import uses_rels

    if frame.v.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in frame.v.children) and frame.subj_toks:
        team = team_arg(frame.subj_toks[0])  # "the analytics team is led by Kenji"
        leaders = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("by")) if a is not None]
        return emit(frame, "LEADS", leaders, team, frame.when("state"))
    if frame.dobj is None:
        return uses_rels(frame, "state") if frame.lemma == "run" else []  # "we run Mattermost" (an adverb to the parser)
    team = team_arg(frame.dobj)
    if team is None:
        return uses_rels(frame, "state") if frame.lemma == "run" else []
    return emit(frame, "LEADS", persons(frame, we=False), team, frame.when("state"), obj_tok=frame.dobj)


@rule("study", "enroll", "enrol", "attend", "graduate")
def _study(frame: Frame) -> list[Rel]:
    aspect = {"study": "state", "attend": "state", "graduate": "end"}.get(frame.lemma, "start")
    toks = frame.prep("from") if aspect == "end" else frame.prep("at", "in")
    if frame.lemma == "attend" and frame.dobj is not None:
        toks = [frame.dobj]
    when = frame.when(aspect)
    subjects = persons(frame, we=False)
    strict = frame.lemma in ("attend",)
    return [r for t in toks for r in emit(frame, "STUDIES_AT", subjects, A.token_org(t, frame.idx, strict=strict, tools=False),
                                         when, obj_tok=t)]


# --------------------------------------------------------------------------- relationships
def _marital(frame: Frame, word: str, subjects: list[Arg], preps: dict[str, list[Token]]) -> list[Rel]:
    pred, aspect = {"married": ("MARRIED_TO", "start"), "engaged": ("ENGAGED_TO", "start"),
                    "divorced": ("MARRIED_TO", "end")}.get(word, ("", ""))
    if not pred:
        return []
    if frame.lemma == "be" and aspect == "start":
        aspect = "state"
    when = frame.when(aspect)
    partners = [person_arg(t, frame.idx, trust_ner=False) for t in preps.get("to" if aspect != "end" else "from", [])]
    partners = [p for p in partners if p is not None]
    if not partners and len(subjects) != 2:  # "My friend Felix and Tessa got married": the couple before the verb
        from chronomem.extract.couples import couple_members

        subjects = couple_members(frame) if len(couple_members(frame)) == 2 else subjects
    if not partners and len(subjects) == 2:  # "Sarah and I got married": the speaker first
        first, second = sorted(subjects, key=lambda a: a.kind != "speaker")
        return emit(frame, pred, [first], second, when)
    return [r for p in partners for r in emit(frame, pred, [s for s in subjects if s.kind != "we"], p, when)]


@rule("marry", "wed", "divorce", "engage")
def _marry(frame: Frame) -> list[Rel]:
    word = {"marry": "married", "wed": "married", "divorce": "divorced", "engage": "engaged"}[frame.lemma]
    subjects = persons(frame)
    if frame.v.dep_ == "amod" and frame.v.head.pos_ == "PROPN" and frame.dobj is None:
        return _marital(frame, word, subjects, {"to" if word != "divorced" else "from": [frame.v.head]})  # parsed "married Blair"
    if frame.dobj is not None and frame.v.tag_ != "VBN" or (frame.dobj is not None and frame.lemma == "divorce"):
        return _marital(frame, word, subjects, {"to" if word != "divorced" else "from": [frame.dobj]})
    return _marital(frame, word, subjects, frame.preps)


# --------------------------------------------------------------------------- tastes and possessions
_TASTES = {"love": "LIKES", "like": "LIKES", "enjoy": "LIKES", "adore": "LIKES", "hate": "DISLIKES",
           "dislike": "DISLIKES", "detest": "DISLIKES", "loathe": "DISLIKES", "despise": "DISLIKES", "prefer": "PREFERS"}


@rule(*_TASTES)
def _taste(frame: Frame) -> list[Rel]:
    if frame.v.pos_ != "VERB":
        return []
    objs = frame.dobjs or [t for c in frame.v.children if c.dep_ == "xcomp" and c.tag_ in ("NN", "VBG", "NNS")
                           and not any(a.lower_ == "to" for a in c.children) for t in with_conj(c)]
    if not objs:  # "I hate Java" parsed with Java as an adverb
        objs = [c for c in frame.v.rights if c.pos_ == "PROPN" and c.dep_ in ("advmod", "npadvmod", "attr", "oprd", "dep")][:1]
    quals = {}
    other = [t for k in ("over", "to", "than") for t in frame.dobj_preps.get(k, []) + frame.preps.get(k, [])]
    if frame.lemma == "prefer" and other:
        alt = thing_arg(other[0], frame.idx)
        if alt is not None:
            quals["over"] = alt.name
    subjects, when = persons(frame), frame.when("state")
    things = [(tok, thing_arg(tok, frame.idx)) for tok in objs]
    things = [(t, a) for t, a in things if a is not None and not a.gender and a.label != "PERSON"]  # tastes, not people
    return [r for tok, arg in things for r in emit(frame, _TASTES[frame.lemma], subjects, arg, when,
                                                   qualifiers=quals, obj_tok=tok)]


_CONSUMABLES = frozenset({"groceries", "grocery", "food", "lunch", "dinner", "breakfast", "snack", "snacks", "meal", "coffee",
                          "tea", "drink", "drinks", "beer", "wine", "ticket", "tickets", "gift", "gifts", "present",
                          "presents", "stuff", "things", "supplies", "flowers", "ingredients", "time", "round"})


@rule("own", "buy", "purchase", "sell")
def _own(frame: Frame) -> list[Rel]:
    from chronomem.extract.nominal import family_verb_rels

    aspect = {"own": "state", "sell": "end"}.get(frame.lemma, "start")
    if frame.dobj is None:
        return []
    pets = family_verb_rels(frame, persons(frame), aspect)
    if pets:
        return pets
    subjects, when = persons(frame), frame.when(aspect)
    objs = [t for t in frame.dobjs if t.lower_ not in _CONSUMABLES and t.lemma_.lower() not in _CONSUMABLES
            and (t.pos_ == "PROPN" or t.tag_ != "NNS" or aspect == "state")]
    return [r for tok in objs for r in emit(frame, "OWNS", subjects, thing_arg(tok, frame.idx), when, confidence=0.8)]


def _tok(frame: Frame, arg: Arg | None) -> Token | None:
    return None if arg is None or arg.i < 0 else frame.v.doc[arg.i]


def run_handler(frame: Frame) -> list[Rel]:
    handler = HANDLERS.get(frame.lemma)
    return handler(frame) if handler is not None else []


TRIGGERS = frozenset(HANDLERS) | {"be", "become", "have", "adopt", "rescue", "use", "switch", "migrate", "replace",
                                  "upgrade", "mean"}
