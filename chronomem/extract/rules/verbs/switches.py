"""Switches and moves: switch/migrate/move from X to Y, replace X with Y, upgrade X from 13 to 14, "we
finished the move from Jira to Linear", title changes ("my title changed to product manager"); moving
to (or out of) a city, into a new home ("moved into a new apartment in Mumbai") or into a role ("moved
into a site reliability engineer role"). "live in", "based in", "settled in" are rows of the rule table.

A switch closes the old value and opens the new one at the same time (design rule 4): an ``end``
relation for the old value and an ``assert`` for the new one.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import is_role_head, role_arg, team_arg
from chronomem.extract.clauses.args import version_of
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, WE, Arg, Rel, When
from chronomem.extract.clauses.tree import poss_of, prep_objects
from chronomem.extract.lexicon import (
    CHANGE_NOUNS,
    HOMES,
    JOB_OBJECTS,
    JOB_SWITCH_LEMMAS,
    OUR_UNITS,
    PURPOSE_SKIP,
    ROLE_SLOTS,
    SWITCH_LEMMAS,
    TITLE_NOUNS,
)
from chronomem.extract.rules.base import emit, employment, persons, role_rels, role_when, to_roles
from chronomem.extract.rules.people.kin import possessor
from chronomem.extract.rules.verbs.roles import replaced_as_lead
from chronomem.extract.rules.verbs.tools import purpose, tool_objects, tool_subjects


def _job_switch(frame: Frame, base: Arg | None, old_tok: Token, new_tok: Token) -> tuple[str, Arg, Arg] | None:
    """A person (not "we") moving between employers: "Adam switched from Monzo to Plaid",
    "I switched jobs from Coinbase to Amazon". Names the gazetteer knows only as tools stay tools."""
    if base is not None or frame.lemma not in JOB_SWITCH_LEMMAS:
        return None
    subjects = persons(frame, we=False)
    if not subjects or any(s.kind == WE for s in subjects) or any(
            t.lemma_.lower() in OUR_UNITS for t in frame.subj_toks):
        return None
    job_words = frame.dobj is not None and frame.dobj.lower_ in JOB_OBJECTS
    if frame.dobj is not None and not job_words:
        return None
    old, new = A.token_org(old_tok, frame.idx), A.token_org(new_tok, frame.idx)
    if old is None or new is None:
        return None
    known_tool = any(a.strength >= GAZETTEER and a.type == "TOOL" and a.label != "ORG" for a in (old, new))
    if known_tool and not job_words:
        return None
    return "WORKS_AT", old.typed("ORG"), new.typed("ORG")


def _switch_pair(frame: Frame, base: Arg | None, old_tok: Token, new_tok: Token) -> tuple[str, Arg, Arg] | None:
    """What a switch from ``old_tok`` to ``new_tok`` changes: ``(predicate, old, new)``, known places first."""
    moved = frame.lemma in ("move", "relocate")
    old_p, new_p = (A.token_place(old_tok, frame.idx), A.token_place(new_tok, frame.idx)) if moved else (None, None)
    if old_p is not None and new_p is not None and old_p.strength >= GAZETTEER and new_p.strength >= GAZETTEER:
        return "LIVES_IN", old_p, new_p
    if (job := _job_switch(frame, base, old_tok, new_tok)) is not None:
        return job
    ours = any(a.kind == WE or a.type in ("GROUP", "ORG") for a in tool_subjects(frame))
    old = A.token_tool(old_tok, frame.idx, base, loose=ours)
    new = A.token_tool(new_tok, frame.idx, base, loose=ours)
    if old is not None and new is not None:
        return "USES", old, new
    old_team, new_team = team_arg(old_tok), team_arg(new_tok)
    if old_team is not None and new_team is not None:
        return "MEMBER_OF", old_team, new_team
    if old_p is not None and new_p is not None:
        return "LIVES_IN", old_p, new_p
    if moved:
        o, n = A.classify_destination(old_tok, frame.idx), A.classify_destination(new_tok, frame.idx)
        return ("WORKS_AT", o[1], n[1]) if o is not None and n is not None and o[0] == n[0] == "WORKS_AT" else None
    return None


def switch_rels(frame: Frame, dobj: Token | None) -> list[Rel]:
    """``from X to Y`` (optionally with a moved object: "moved CI from Jenkins to GitHub Actions")."""
    src, dst = frame.prep("from"), frame.prep("to") or [t for t in (frame.term_after_to(),) if t is not None]
    base = A.token_tool(dobj, frame.idx) if dobj is not None else None
    if not dst and src and base is not None:  # "from version 3.9 to 3.10" parsed as one number phrase
        versions = [t for t in src[0].subtree if t is not src[0] and version_of(t) is not None]
        if len(versions) == 2:
            src, dst = versions[:1], versions[1:]
    if not dst:
        return []
    quals = purpose(frame)
    if dobj is not None and base is None and dobj.pos_ in ("NOUN", "PROPN") and not quals:
        words = [t.text for t in dobj.subtree if not t.is_punct and t.lower_ not in PURPOSE_SKIP]
        if 0 < len(words) <= 4:
            quals = {"for": " ".join(words)}
    when_start = frame.when("start")
    if when_start is not None and not frame.times:  # "moved monitoring from X to Y on May 2": the date hung lower
        inside = {t.i for t in frame.v.subtree}
        lower = [t for t in frame.all_times if t.start in inside]
        if len(lower) == 1:
            when_start = when_for(frame.status, "start", lower)
    if when_start is None:
        return []
    subjects = tool_subjects(frame)
    if not src:
        if (new := A.token_tool(dst[0], frame.idx, base)) is not None:
            return emit(frame, "USES", subjects, new, when_start, qualifiers=quals, obj_tok=dst[0])
        return emit(frame, "MEMBER_OF", persons(frame), team_arg(dst[0]), when_start)
    if (pair := _switch_pair(frame, base, src[0], dst[0])) is None:  # a known tool left for one we cannot name:
        old = A.token_tool(src[0], frame.idx, base)  # "switched from celery to rq" ends Celery
        known = old is not None and old.strength >= GAZETTEER and old.type == "TOOL"
        return emit(frame, "USES", subjects, old, replace(when_start, mode="end"), qualifiers=quals) if known else []
    predicate, old, new = pair
    return switched(frame, predicate, subjects if predicate == "USES" else persons(frame), old, new, when_start,
                    qualifiers=quals)


def switched(frame: Frame, predicate: str, subjects: list[Arg], old: Arg | None, new: Arg | None, start: When | None, *,
             qualifiers: dict[str, str] | None = None, confidence: float = 0.9) -> list[Rel]:
    """A switch (see the module doc): ``old`` ends and ``new`` starts at ``start``; nothing unless both are named."""
    if old is None or new is None or start is None:
        return []
    return (emit(frame, predicate, subjects, old, replace(start, mode="end"), qualifiers=qualifiers, confidence=confidence)
            + emit(frame, predicate, subjects, new, start, qualifiers=qualifiers, confidence=confidence))


def title_change(frame: Frame) -> list[Rel]:
    """"My title changed to product manager", "Greta's role changed to data engineer"."""
    out: list[Rel] = []
    for tok in frame.subj_toks:
        if tok.lemma_.lower() not in TITLE_NOUNS:
            continue
        if (owner := possessor(poss_of(tok), frame.idx)) is not None:
            out += role_rels(frame, [owner], frame.when("start"), frame.prep("to"), strict=False)
            if not out:  # "My title changed to frontend developer" with "frontend" read as a verb
                out += [r for role in to_roles(frame) for r in emit(frame, "HAS_ROLE", [owner], role, role_when(frame, role))]
    return out


def _moved_off(frame: Frame) -> list[Rel]:
    """"we moved off Heroku", "migrated away from Jira": the tool left, with none said to go to."""
    src = frame.prep("from") if frame.prt == "away" else []
    left = [t for t in frame.prep("off") + (frame.dobjs if frame.prt == "off" else []) + src if frame.idx.is_tool(t)]
    return [r for t in left for r in emit(frame, "USES", tool_subjects(frame), A.token_tool(t, frame.idx),
                                          frame.when("end"), obj_tok=t)]


def switch(frame: Frame) -> list[Rel]:
    if frame.lemma == "change" and frame.dobj is None:
        return title_change(frame)
    if not frame.prep("to") and (frame.prt in ("off", "away") or frame.prep("off")):
        return _moved_off(frame)
    # "we upgraded PostgreSQL from 14 to 15" with the tool parsed as an adverb
    dobj = frame.dobj if frame.dobj is not None else next(iter(tool_objects(frame)), None)
    return complete_switch(frame, switch_rels(frame, dobj))


def complete_switch(frame: Frame, rels: list[Rel]) -> list[Rel]:
    """The parse's switch, or the words' when the parse lost the old value (no ``end``)."""
    return rels if any(r.kind == "end" for r in rels) else surface_switch(frame) or rels


def surface_switch(frame: Frame) -> list[Rel]:
    """"from X to Y" (or "off X to Y") read from the words when the parse scattered it ("We moved team chat from Slack
    to Microsoft Teams", "upgraded Postgres from 14 to 15" with "14 to 15" as one number phrase).

    Only known tools (or versions of the tool the verb acts on), only the team's own switches, and
    only when the sentence has a single time phrase, so the time cannot belong to another clause.
    """
    if frame.lemma not in SWITCH_LEMMAS:
        return []
    subjects = [a for a in tool_subjects(frame) if a.kind == WE or a.type in ("GROUP", "ORG")]
    sent, doc, idx = frame.v.sent, frame.v.doc, frame.idx
    after = [t for t in sent if t.i > frame.v.i]
    src = next((t for t in after if t.lower_ in ("from", "off")), None)  # ("migrated off Airflow to Dagster")
    dst = next((t for t in after if t.lower_ == "to" and src is not None and t.i > src.i), None)
    if not subjects or src is None or dst is None or src.i + 1 >= sent.end or dst.i + 1 >= sent.end:
        return []
    base_tok = next((t for t in after if t.i < src.i and idx.is_tool(t)), None)
    base = A.token_tool(base_tok, idx) if base_tok is not None else None
    skip = (lambda j: j + 1 if j + 1 < sent.end and doc[j].lower_ in ("version", "v") else j)  # "from version 11 to 12"  # noqa: E731
    old, new = _surface_value(doc[skip(src.i + 1)], idx, base), _surface_value(doc[skip(dst.i + 1)], idx, base)
    times = []
    for t in frame.all_times:  # NER folds versions into dates: "14 to 15 last month" → "last month"
        if t.start <= dst.i + 1 < t.end or t.start <= src.i + 1 < t.end:
            if t.end <= dst.i + 2:
                continue
            t = replace(t, start=dst.i + 2, text=doc[dst.i + 2:t.end].text)
        times.append(t)
    if old is None or new is None or old.name == new.name or len(times) > 1:
        return []
    return switched(frame, "USES", subjects, old, new, when_for(frame.status, "start", times))


def _surface_value(tok: Token, idx, base: Arg | None) -> Arg | None:
    if (term := idx.term_at[tok.i]) is not None:
        return A.token_tool(tok, idx) if term.type == "TOOL" else None
    if base is not None and version_of(tok) is not None:
        return Arg("entity", tok.i, f"{base.name} {version_of(tok)}", "TOOL", GAZETTEER)
    return None


def replace_with(frame: Frame) -> list[Rel]:
    if leads := replaced_as_lead(frame):  # "Pablo replaced Lena as the lead of the payments team"
        return leads
    passive = frame.passive
    if passive:  # "Redis was replaced by Memcached" — the group's setup
        old_toks = frame.subj_toks[:1]
        new_toks = frame.prep("by", "with")
        subjects = [Arg(WE, frame.v.i)]
        confidence = 0.7
    else:
        old_toks = [frame.dobj] if frame.dobj is not None else tool_objects(frame)[:1]
        new_toks = frame.prep("with", "by") + (frame.prep_anywhere("for") if frame.lemma == "swap" else [])
        new_toks += frame.dobj_preps.get("with", []) + frame.dobj_preps.get("by", [])
        subjects = tool_subjects(frame)
        confidence = 0.9
    if not old_toks or not new_toks:
        return []
    if frame.lemma == "swap" and not passive:  # "I swapped Manchester for Seoul"
        old_p, new_p = A.token_place(old_toks[0], frame.idx), A.token_place(new_toks[0], frame.idx)
        people = persons(frame, we=False, loose=False)
        if old_p is not None and new_p is not None and old_p.strength >= GAZETTEER and people:
            return switched(frame, "LIVES_IN", people, old_p, new_p, frame.when("start"))
    old, new = A.token_tool(old_toks[0], frame.idx), A.token_tool(new_toks[0], frame.idx)
    quals = purpose(frame) if frame.lemma != "swap" else {}
    return switched(frame, "USES", subjects, old, new, frame.when("start"), qualifiers=quals, confidence=confidence)


def finished_change(frame: Frame) -> list[Rel]:
    """"We finished the Postgres 14 to 15 upgrade on November 15", "we completed the move from Jira to Linear"."""
    noun = next((t for t in frame.v.subtree if t.i > frame.v.i and t.pos_ in ("NOUN", "VERB")
                 and t.lemma_.lower() in CHANGE_NOUNS), None)
    if noun is None:
        return []
    preps = {c.lower_: [p for p in c.children if p.dep_ == "pobj"] for c in noun.children if c.dep_ == "prep"}
    for key in ("from", "to"):
        preps[key] = preps.get(key) or frame.prep(key)
    if preps.get("from") and preps.get("to"):
        old, new = A.token_tool(preps["from"][0], frame.idx), A.token_tool(preps["to"][0], frame.idx)
    else:  # "the Postgres 14 to 15 upgrade": a versioned tool, "to", a version, before the noun
        doc, idx = noun.doc, frame.idx
        start = frame.v.i + 1
        term = next((t for j in range(start, noun.i) if (t := idx.term_at[j]) is not None and t.type == "TOOL"), None)
        to = next((j for j in range(start, noun.i) if doc[j].lower_ == "to"), None)
        if term is None or to is None or to + 1 >= noun.i or " " not in term.name:
            return []
        base = term.name.rsplit(" ", 1)[0]
        version = version_of(doc[to + 1])
        old = Arg("entity", term.start, term.name, "TOOL", GAZETTEER)
        new = Arg("entity", to + 1, f"{base} {version}", "TOOL", GAZETTEER) if version else None
    start_when = frame.when("start")
    if start_when is not None and not start_when.phrase:  # "the … upgrade a few days ago": the date on the noun
        hung = [t for t in frame.all_times if t.anchor == noun.i]
        start_when = when_for(frame.status, "start", hung[:1]) if hung else start_when
    return switched(frame, "USES", tool_subjects(frame), old, new, start_when)


# ----------------------------------------------------------------------------- moving
def _role_before_slot(tok: Token) -> Arg | None:
    """The words before "role" in a phrase the parser split: "a director of engineering role"."""
    slot = next((t for t in tok.subtree if t.lemma_.lower() in ROLE_SLOTS and t.i > tok.i), None)
    if slot is None or not is_role_head(tok, strict=False):
        return None
    words = [t for t in tok.doc[tok.i:slot.i] if t.is_alpha]
    if not words or len(words) != slot.i - tok.i or len(words) > 5:
        return None
    return Arg(ENTITY, tok.i, " ".join(t.lower_ for t in words), "ROLE", GAZETTEER)


def _new_home(frame: Frame, toks: list[Token], aspect: str = "start") -> list[Rel]:
    """"moved into a new apartment in Mumbai", "got a place in Chicago": LIVES_IN the home's city (also where the
    parser hung it on the verb right after the home: "moved into the house in Denver")."""
    places = [p for tok in toks if tok.lemma_.lower() in HOMES for p in prep_objects(tok, "in", "near") or [
        o for o in frame.prep("in", "near") if o.head.i == tok.right_edge.i + 1]]
    return [r for p in places
            for r in emit(frame, "LIVES_IN", persons(frame), A.token_place(p, frame.idx), frame.when(aspect), obj_tok=p)]


def _home_place(tok: Token) -> Token:
    """The place a home noun names by a place name before it ("the Brooklyn apartment" → Brooklyn), else ``tok``."""
    places = [c for c in tok.children if c.dep_ == "compound" and c.ent_type_ == "GPE"]
    return places[0] if tok.lemma_.lower() in HOMES and len(places) == 1 else tok


def rented_home(frame: Frame) -> list[Rel]:
    """"I'm renting a place in Jersey City", "we rent a flat near Leeds": LIVES_IN the home's city, said in the
    present only ("we rented a cabin in Maine" is a holiday)."""
    if frame.status.tense not in ("present", "progressive") or frame.status.negated or frame.status.ending:
        return []
    return _new_home(frame, frame.dobjs, "state")


def move(frame: Frame) -> list[Rel]:
    to = frame.prep("to") + [c for c in frame.v.children if c.lower_ == "there" and c.dep_ == "advmod"]
    src = frame.prep("from") + (frame.prep("of") if "out" in frame.preps or frame.prt == "out" else [])
    if not to and (left := _moved_off(frame)):
        return left
    if frame.dobj is not None and frame.dobj.lower_ not in ("in", "back"):
        return complete_switch(frame, switch_rels(frame, frame.dobj))  # "we moved CI from Jenkins to GitHub Actions"
    subjects = persons(frame, beside=True)  # "my wife and I moved to Oslo": both
    if src and frame.prep("to"):
        return switch_rels(frame, None)
    if homes := _new_home(frame, frame.prep("into", "to")):
        return homes
    if not to and (homes := _moved_in_with(frame, subjects)):
        return homes
    roles = [role_arg(c, strict=False) for t in frame.prep("into") if t.lemma_.lower() in ROLE_SLOTS
             for c in t.children if c.dep_ == "compound"]
    if not roles or roles[0] is None:  # "into a director of engineering role"
        roles = [_role_before_slot(t) for t in frame.prep("into")]
    if roles and roles[0] is not None:  # "I moved into a site reliability engineer role"
        return emit(frame, "HAS_ROLE", subjects, roles[0], frame.when("start"))
    out = [r for tok in to if (dest := A.classify_destination(tok, frame.idx)) is not None
           for r in emit(frame, dest[0], subjects, dest[1], frame.when("start"), obj_tok=tok)]
    for tok in src if not frame.prep("to") else []:  # "we moved from Leeds", "… moved there from Leeds": left
        tok = _home_place(tok)  # "moved out of the Brooklyn apartment": Brooklyn
        team = team_arg(tok)
        out += emit(frame, "MEMBER_OF" if team else "LIVES_IN", subjects, team or A.token_place(tok, frame.idx),
                    frame.when("end"), obj_tok=tok)
    return out + _moved_for_work(frame, subjects)


def _moved_in_with(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I moved back in with my parents in Fresno": the place said of whom one moved in with is the new home (the
    speaker's; nothing of where those people live), hung on them or on the verb after them."""
    return [r for w in frame.prep("with") for p in prep_objects(w, "in") + [o for o in frame.prep("in") if o.i > w.i]
            for r in emit(frame, "LIVES_IN", subjects, A.token_place(p, frame.idx), frame.when("start"), obj_tok=p)]


def _moved_for_work(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I moved to Montreal for a job at Ubisoft": the job the move was for starts then (not "for my wife's job at
    Ubisoft": someone else's)."""
    jobs = [t for t in frame.prep("for") if A.is_job_noun(t) and not any(
        c.dep_ == "poss" and c.tag_ != "PRP$" for c in t.children)]
    return [r for t in jobs for r in employment(frame, subjects, frame.when("start"), prep_objects(t, "at", "with"))]
