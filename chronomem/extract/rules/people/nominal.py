"""Noun-phrase rules: "my sister Emma", "Emma is my sister", "a cat named Luna", copulas
("I'm a data engineer at Stripe", "I'm on the payments team", "Priya is the lead of the
platform team"), and corrections that need the session's history ("sorry, I meant Plaid").
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import is_role_head, role_arg, team_arg, thing_arg
from chronomem.extract.clauses.args import DocIndex, name_arg, person_arg, valid_name
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, MINE, SPEAKER, WE, Arg, Hint, Rel, When, held, timed
from chronomem.extract.clauses.stance import said_by_me
from chronomem.extract.clauses.tree import dep_child, poss_of, prep_objects
from chronomem.extract.lexicon import OPEN
from chronomem.extract.parse.gazetteer import VERSION
from chronomem.extract.rules.base import alternative, emit, employer_with, employment, job_rels, persons, role_rels
from chronomem.extract.rules.open.base import my_relative
from chronomem.extract.rules.people.kin import (
    born_kin,
    family_verb_rels,
    kin_of,
    kin_rels,
    modifier_state,
    named_token,
    owner_of,
    possessor,
    said_again,
)
from chronomem.extract.rules.people.who import named_person
from chronomem.extract.rules.verbs.couples import became_couple, been_with, marital
from chronomem.extract.rules.verbs.roles import in_charge_rels
from chronomem.extract.rules.verbs.stays import at_school, for_good, passing, passing_visit, still_at
from chronomem.extract.rules.verbs.tools import tool_subjects

ENDED_ROLE_MODIFIERS = L.ENDED_KIN_MODIFIERS | L.ROLES.ended_role_modifiers


def apposition_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"my sister Emma", "Emma, my sister", "our dog Rex" (and "Emma is my sister" through copulas)."""
    out: list[Rel] = []
    for tok in sent:
        as_adjective = tok.pos_ == "ADJ" and tok.dep_ == "amod" and tok.head.pos_ == "PROPN" and (
            tok.lower_ in L.PET_NOUNS or tok.lower_ in L.KIN)
        as_noun = tok.tag_ == "JJS" and tok.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "appos")  # "my eldest, Mira"
        if (tok.pos_ != "NOUN" and not as_adjective and not as_noun) or (tok.dep_ == "attr" and not _introduced(tok)):
            continue  # "My parrot Noodle", "my stepdad Gus": the noun as an adjective; "Emma is my sister": the copula rules
        kin = kin_of(tok)
        owner = owner_of(tok, idx) if kin is not None else None
        if kin is None or owner is None:
            continue
        if owner.kind == WE and kin[0] == "sibling":
            owner = Arg(SPEAKER, owner.i)  # "our brother Ramiro", named: the speaker's too, whoever else "our" takes in
        name_tok = named_token(tok, idx)
        if name_tok is None and tok.i + 1 < sent.end:
            nxt = tok.doc[tok.i + 1]  # "My rabbit Maple is doing great" with Maple hung on the verb; a person's
            # name only as a second subject of the noun's verb ("my best friend Lea lives …": two subjects; "My
            # fiancé Omar proposed": the noun an adverb of it)
            hung = kin[0] == "pet" or (nxt.head == tok.head and nxt.dep_ == "nsubj" and tok.dep_ in ("nsubj", "npadvmod"))
            name_tok = nxt if hung and nxt.pos_ == "PROPN" and idx.term_at[nxt.i] is None else None
        if name_tok is None:
            continue
        state = modifier_state(tok, name_tok)
        if state == "skip":
            continue
        when = held(state == "ended")
        # "my friends Dev and Carla", "my sisters, Ana, Bea and Cleo": each name of a plural noun's list
        names = [name_tok, *(c for c in name_tok.conjuncts if c.pos_ == "PROPN")] if tok.tag_ == "NNS" else [name_tok]
        for name in names:
            named = name_arg(name, idx) if kin[0] == "pet" else person_arg(name, idx, trust_ner=False)
            if named is not None and named.kind == ENTITY and named.strength < 3:
                out += kin_rels(owner, named, kin, when, tok.i)
    return out


def role_apposition_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """A name beside a role noun: "Tim, my new sous chef", "that waitress, Katy", "our dentist Dr. Koh"
    → HAS_ROLE (ended for "my old boss, Tim" and "Tom, a retired firefighter"; not for a weak role word such as
    "partner" or "agent")."""
    out: list[Rel] = []
    for tok in sent:
        if tok.pos_ != "NOUN" or tok.lemma_.lower() in L.WEAK_ROLE_HEADS or tok.dep_ in ("compound", "amod"):
            continue
        if (kin_of(tok) or ("report",))[0] != "report":
            continue  # "my manager Priya": a reporting line, the kin rules' (apposition_rels; "my intern Jo" also a role)
        role = role_arg(tok, strict=True)
        name_tok = next((c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None) or _name_beside(tok)
        if role is None or name_tok is None or not (any(c.dep_ in ("det", "poss") for c in tok.children) or _bare_title(tok)):
            continue
        person = named_person(name_tok, idx)  # (every name here is a proper noun)
        state = modifier_state(tok, name_tok)
        if person is None or state == "skip":
            continue
        if ended_role(tok):  # "Tom, a retired firefighter": a role held once
            role, state = Arg(ENTITY, role.i, role_word(role) or tok.lower_, "ROLE", role.strength), "ended"
        out.append(timed("HAS_ROLE", person, role, held(state == "ended"), tok.i, 0.7))
    return out


def _bare_title(tok: Token) -> bool:
    """A role written after a name as a title, with no article: "Dana Holt, founder of Lumen", "Ivo Ries,
    career counselor" (the role hangs from the name)."""
    return tok.dep_ == "appos" and tok.head.pos_ == "PROPN" and tok.head.i < tok.i


def _name_beside(tok: Token) -> Token | None:
    """The name a comma sets beside a noun phrase: "Tim, my new sous chef", "that waitress, Katy"."""
    doc, left = tok.doc, tok.left_edge.i
    if tok.dep_ == "appos" and tok.head.pos_ == "PROPN":
        return tok.head
    right = tok.right_edge.i + 1
    ends = right == len(doc) or doc[right].is_punct  # "…, my new line cook." (not "…, my cook said")
    if left >= 2 and doc[left - 1].text == "," and doc[left - 2].pos_ == "PROPN" and ends:
        return doc[left - 2]
    after = tok.i + 2
    if after < len(doc) and doc[tok.i + 1].text == "," and doc[after].pos_ == "PROPN" and doc[after].dep_ in (
            "appos", "npadvmod", "attr") and (after + 1 == len(doc) or doc[after + 1].is_punct):
        return doc[after]
    return None


def _introduced(attr: Token) -> bool:
    """"This is my sister Emma", "that's my friend, Rachel", "those are my parents, Ed and Jo": an introduction."""
    return attr.head.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in L.DEMONSTRATIVES for c in attr.head.children)


def have(frame: Frame) -> list[Rel]:
    only = next((c for c in frame.dobj.children if c.dep_ == "appos" and any(  # "we don't have kids, only a dog"
        m.lower_ in ("only", "just") for m in c.children)), None) if frame.status.negated and frame.dobj is not None else None
    if only is not None and not frame.status.blocked:
        frame = replace(frame, dobj=only, status=replace(frame.status, negated=False))
    if A.is_job_noun(frame.dobj):  # "I have a part-time job at a bakery"
        return job_rels(frame, persons(frame), frame.when("state"))
    if frame.v.tag_ == "VBD" and frame.dobj is not None and (born_kin(frame.dobj) is not None or _named_after_time(frame)):
        return family_verb_rels(frame, persons(frame), "start", child=frame.dobj)  # "we had a baby girl, Ada": born
    also = [c for c in frame.dobjs[1:] if c.pos_ == "NOUN" and kin_of(c) is not None and any(
        a.dep_ == "acl" and a.lemma_ in OPEN.naming_words for a in c.children)]  # "… and a cat named Tom"
    return [r for noun in [None, *also] for r in family_verb_rels(frame, persons(frame), "state", noun=noun)]


def _named_after_time(frame: Frame) -> bool:
    """"my brother had a girl last week, named Iris": a plain child noun is born when its name follows when (not
    "we had a girl over last week, named Iris", "a girl from the agency": nothing but when on the verb)."""
    child, idx = frame.dobj, frame.idx
    name = said_again(child, idx) if child is not None and born_kin(child, plain=True) is not None else None
    if child is None or name is None:
        return False
    starts = {t.start for t in frame.times}  # "in March", "on Friday" (not "over last week")
    bare = not any(c.dep_ in ("prt", "advmod", "prep") and not (c.i in starts and c.lower_ in ("in", "on"))
                   for c in (*frame.v.children, *child.children))
    return bare and bool(frame.times) and all(t.end <= name.i for t in frame.times)


def copula(frame: Frame) -> list[Rel]:  # noqa: C901
    aspect = "start" if frame.lemma == "become" else "state"
    subjects = persons(frame)
    when = frame.when(aspect)
    attr, idx = frame.attr, frame.idx
    if frame.acomp is not None:  # "we're married", "I got engaged" (any other adjective: nothing here)
        return marital(frame, frame.acomp.lower_, subjects, frame.preps)
    if attr is None:
        if first_last := _first_or_last_day(frame):
            return first_last
        if frame.lemma == "be" and frame.prep("with") and (partners := been_with(frame)):
            return partners  # "I've been with Arjun since 2016"
        out: list[Rel] = in_charge_rels(frame)  # "Mei is in charge of the payments team"
        for tok in frame.prep("on", "in"):
            out += emit(frame, "MEMBER_OF", subjects, team_arg(tok, allow_area=False), when, obj_tok=tok)
        still = any(c.lower_ == "still" for c in frame.v.children) and frame.status.tense == "present"
        if not out and frame.lemma == "be" and when is not None:
            groups = [a for a in tool_subjects(frame) if a.kind == WE or a.type in ("ORG", "GROUP") or (
                still or frame.status.ending)]  # anyone "still on" or "not on … anymore": "I'm not on Facebook anymore"
            tools = [t for t in frame.prep("on") if idx.is_tool(t)]
            tools += [t for t in frame.v.children if t.dep_ in ("punct", "advmod", "npadvmod", "dep") and t.i > 0
                      and t.doc[t.i - 1].lower_ == "on" and idx.is_tool(t)]
            said = [(t, A.token_tool(t, idx)) for t in tools]  # a stack, not a call: with a time, "still" or a version
            out += [r for t, a in said if a is not None and (
                when.phrase or still or frame.status.ending or _versioned(a.name))
                    for r in emit(frame, "USES", groups, a, when, obj_tok=t)]  # ("we're on Postgres 13", not "on Zoom")
        ranged = when is not None and bool(when.until)  # "was at Leeds United from 2006 to 2007"
        if not out and frame.lemma == "be" and still:  # "I'm still at Lyft" (not "I'm at Starbucks")
            out += still_at(frame, subjects, when)
        back = when is not None and (when.role == "since" or for_good(frame.v)) and any(c.lower_ == "back" for c in frame.v.children)
        home = next((c for c in frame.v.children if c.lower_ == "home" and any(b.lower_ == "back" for b in c.children)), None)
        home_now = home is not None and any(c.lower_ == "now" for c in frame.v.children) and not prep_objects(home, "for") \
            and not frame.prep("for")  # "back home in Leeds now" (not "… for Christmas")
        stays = still and not passing(frame.v)  # (not "still in Paris for the conference")
        if not out and frame.lemma == "be" and (stays or back or home_now or frame.status.ending):  # "still in Tacoma", "no
            # longer in Oslo", "back in Dublin since the spring", "back in Ohio for good" (not "in Paris": a trip)
            towns = [t for t in frame.prep("in") + (prep_objects(home, "in") if home_now and home else [])
                     if t.pos_ == "PROPN" and t.ent_type_ == "GPE"]  # (not "in Paris")
            out += [r for t in towns[:1] for r in emit(frame, "LIVES_IN", subjects, A.place(name_arg(t, idx)), when,
                                                       confidence=0.8, obj_tok=t)]
        out += [] if out or frame.lemma != "be" else passing_visit(frame, subjects)  # "in Denver for work": a visit
        worked = frame.status.used_to and not any(c.dep_ == "npadvmod" or c.lower_ in OPEN.habit_words for c in (
            *frame.v.children, *frame.v.head.children))  # (not "used to be at Starbucks a lot": a customer's habit)
        if not out and frame.lemma == "be" and (frame.status.ending or ranged or worked):
            # "I'm no longer at Shopify", "I used to be at Vexa" (not "I'm at Starbucks")
            out += [r for t in frame.prep("at") for r in emit(frame, "WORKS_AT", subjects,
                                                              A.token_org(t, idx, strict=not ranged), when, obj_tok=t)]
        return out
    if (titled := _title_owner(frame)) is not None:  # "my new title is solutions architect (, not backend developer)"
        return role_rels(frame, [titled], when, [attr], strict=False)
    intro = next((c for c in attr.children if c.dep_ == "appos" and is_role_head(c)), None) if attr.pos_ == "PROPN" \
        else None
    if intro is not None and [s.kind for s in subjects] == [SPEAKER]:  # "I'm Dee, a product manager": who, then what
        return role_rels(frame, subjects, when, [intro], strict=True)
    if (attr.pos_ == "PROPN" and attr.lower_ not in L.ROLE_HEADS) or poss_of(attr) is not None:
        return _copula_identity(frame, attr, when)
    people = [s for s in subjects if s.kind != WE]
    split = _split_role(frame, attr)
    if split is not None:  # "I became a team lead at Spotify": "team" the attribute, "lead" beside it
        head, role = split
        orgs = prep_objects(head, "at", "for")
        return employment(frame, people, when, orgs) + emit(frame, "HAS_ROLE", people, role, when, obj_tok=head)
    lemma = attr.lemma_.lower()
    if lemma in ("couple", "item") and frame.lemma == "become":
        return became_couple(frame)
    if lemma == "fan":
        return [r for t in frame.dobj_preps.get("of", []) for r in emit(frame, "LIKES", subjects, thing_arg(t, idx), when)]
    if lemma == "friend" and frame.lemma == "become":
        return [r for t in frame.dobj_preps.get("with", []) + frame.prep("with")
                for r in emit(frame, "FRIEND_OF", subjects, person_arg(t, idx), when)]
    if lemma in L.LEAD_NOUNS:
        toks = [t for k in ("of", "for", "on") for t in frame.dobj_preps.get(k, [])]
        teams = [t for t in map(team_arg, toks + [c for c in attr.children if c.dep_ == "compound"]) if t is not None]
        if teams:
            return emit(frame, "LEADS", people, teams[0], when)
    schools = frame.dobj_preps.get("at", []) + frame.dobj_preps.get("in", []) + frame.prep(  # "a senior | at Yale"
        "at") if lemma in OPEN.student_nouns else []
    if lemma in OPEN.rank_student_nouns:  # "a junior at Boston University" studies there; "a junior at Google" works
        schools = [t for t in schools if at_school(t, idx)]
    if schools or lemma in OPEN.student_nouns and lemma not in OPEN.rank_student_nouns:  # "a freshman at UCLA"
        if ended_role(attr) and when is not None:
            when = When("end", vague=True)  # "a former student at NYU": studied there once
        return [r for t in schools for r in emit(frame, "STUDIES_AT", subjects, A.token_org(t, idx, tools=False), when)]
    orgs = frame.dobj_preps.get("at", []) + frame.dobj_preps.get("for", []) + frame.prep("at") + [  # "the CFO of Velo"
        t for t in frame.dobj_preps.get("of", []) if t.pos_ == "PROPN" and lemma in L.EMPLOYER_OF_TITLES] + employer_with(
        attr, idx)  # "a pilot with Delta"
    people = people or [  # "my sister is a teacher": the speaker's unnamed relative
        Arg(MINE, t.i, t.lower_, "PERSON", GUESS) for t in frame.subj_toks if my_relative(t)]
    if orgs:
        return employment(frame, people, when, orgs, places=frame.dobj_preps.get("in", []), roles=[attr],
                          unnamed=is_role_head(attr, strict=False))  # "a nurse at a hospital", not "a regular at the diner"
    named_role = role_arg(attr, strict=True)
    if named_role is not None and when is not None and when.mode != "end" and ended_role(attr):
        held_once = Arg(ENTITY, attr.i, role_word(named_role) or attr.lower_, "ROLE", named_role.strength)
        return emit(frame, "HAS_ROLE", people, held_once, When("end", vague=True), obj_tok=attr)  # "a former teacher"
    return emit(frame, "HAS_ROLE", people, named_role, when, obj_tok=attr)


def ended_role(attr: Token) -> bool:
    """A role said with a word of the past: "a former teacher", "an ex-cop", "a retired nurse"."""
    return any(c.dep_ in ("amod", "compound", "advmod") and c.lower_.rstrip("-") in ENDED_ROLE_MODIFIERS
               for c in attr.children)


def role_word(role: Arg) -> str:
    """The role's name without the word of the past ("retired nurse" → "nurse"; "" for "former")."""
    return " ".join(w for w in role.name.split() if w.rstrip("-") not in ENDED_ROLE_MODIFIERS)


def _split_role(frame: Frame, attr: Token) -> tuple[Token, Arg] | None:
    """A role the parser broke after its first noun: "a team lead" as attribute "team" and "lead"
    right after it (beside it or hung under it); "lead" and the role ("team lead") are returned."""
    if attr.pos_ != "NOUN" or attr.lemma_.lower() in L.ROLE_HEADS:
        return None
    beside = [c for c in frame.v.children if c.dep_ in ("dep", "attr", "npadvmod", "appos", "ccomp")]
    beside += [c for c in attr.children if c.dep_ in ("acl", "dep", "appos")]
    head = next((c for c in beside if c.i == attr.i + 1), None)
    if head is None or head.pos_ != "NOUN" or head.lemma_.lower() not in L.ROLE_HEADS:
        return None
    words = [m.lower_ for m in attr.children if m.dep_ in ("amod", "compound") and m.i < attr.i]
    name = " ".join([*words, attr.lower_, head.lower_])
    return (head, Arg(ENTITY, attr.i, name, "ROLE", GAZETTEER)) if valid_name(name) and len(words) <= 3 else None


def _first_or_last_day(frame: Frame) -> list[Rel]:
    """"My last day at Siemens was on December 18", "Ana's first day at Stripe was last Monday"."""
    out: list[Rel] = []
    for tok in frame.subj_toks:
        if tok.lemma_.lower() != "day":
            continue
        which = {c.lower_ for c in tok.children if c.dep_ == "amod"} & {"first", "last"}
        owner = possessor(poss_of(tok), frame.idx)
        orgs = prep_objects(tok, "at", "with")
        if len(which) != 1 or owner is None or not orgs:
            continue
        times = [t for t in frame.all_times if t.start > tok.i + 1 and not (t.start <= tok.i < t.end)]
        when = when_for(frame.status, "start" if "first" in which else "end", times[:1]) if times else None
        if when is None or not when.phrase:
            continue
        out += [r for o in orgs for r in emit(frame, "WORKS_AT", [owner], A.token_org(o, frame.idx), when)]
    return out


def _title_owner(frame: Frame) -> Arg | None:
    """Whose title the subject is: "my title", "Ana's new role"."""
    return next((possessor(poss_of(tok), frame.idx) for tok in frame.subj_toks
                 if tok.lemma_.lower() in ("title", "role", "position")), None)


def _copula_identity(frame: Frame, attr: Token, when: When | None) -> list[Rel]:
    """"Emma is my sister", "Priya is my manager", "Python is my favorite language", "X is our new CTO"."""
    kin = kin_of(attr)
    owner = owner_of(attr, frame.idx)
    subject_toks = frame.subj_toks
    named_thing = frame.v.i > 0 and frame.v.nbor(-1).lower_ == "name"  # "my cousin has a hamster and his name is …"
    if when is not None and len(subject_toks) == 1 and attr.pos_ == "PROPN" and subject_toks[0].pos_ == "NOUN" and not named_thing:
        head = subject_toks[0]
        inner = next((c for c in head.children if c.dep_ == "appos" and kin_of(c) is not None
                      and any(p.dep_ == "poss" and p.pos_ == "PROPN" for p in c.children)), None)
        head = inner if inner is not None else head  # "My sister Nora's partner is Clara": Nora's partner
        subj_kin, subj_owner = kin_of(head), owner_of(head, frame.idx)
        if subj_kin is not None and subj_owner is not None:  # "My manager is Felix", "Sofia's partner is Noah"
            named = person_arg(attr, frame.idx, trust_ner=False) if subj_kin[0] != "pet" else name_arg(attr, frame.idx)
            state = modifier_state(head)
            if named is not None and named.kind == ENTITY and named.strength < 3 and state != "skip":
                return kin_rels(subj_owner, named, subj_kin, _past_kin(state, when), attr.i)
    if when is None or not subject_toks or owner is None:
        return []
    if kin is not None:  # "Paul was my husband"; "Al and Rita are my kids": each subject of a plural noun
        kin_named = [(person_arg(t, frame.idx, trust_ner=False) if kin[0] != "pet" else name_arg(t, frame.idx))
                     for t in (subject_toks if attr.tag_ == "NNS" else subject_toks[:1])]
        state = modifier_state(attr)
        if state == "skip" or any(n is None or n.kind != ENTITY for n in kin_named):
            return []  # "Paul was my late husband"; "Al and I are my …"
        return [r for n in kin_named if n is not None for r in kin_rels(owner, n, kin, _past_kin(state, when), attr.i)]
    if any(c.lower_ in ("favorite", "favourite") for c in attr.children) and owner.kind in (SPEAKER, WE):
        return emit(frame, "LIKES", [owner], thing_arg(subject_toks[0], frame.idx), when)
    role = role_arg(attr, strict=True)
    if role is not None and owner.kind == WE:  # "Priya is our new CTO"
        return emit(frame, "HAS_ROLE", [a for a in (person_arg(t, frame.idx) for t in subject_toks) if a], role, when)
    return []


def _past_kin(state: str, when: When) -> When:
    """"Ana is my former boss", "Tiger is my childhood cat": a relation of the past, ended before
    it was said (like "used to"), whatever the copula's tense."""
    return When("end", vague=True) if state == "ended" and when.mode != "end" else when


def correction_hints(sent: Span, idx: DocIndex) -> list[Hint]:
    """"sorry, I meant Plaid", "actually it was Plaid, not Stripe", "Plaid, not Stripe"."""
    out: list[Hint] = []
    for tok in sent:
        if tok.lemma_ == "mean" and tok.pos_ == "VERB" and any(c.lower_ == "i" and c.dep_ == "nsubj" for c in tok.children):
            dobj = dep_child(tok, "dobj", "attr", "oprd", "ccomp")
            if dobj is None or any(c.dep_ == "xcomp" for c in tok.children):
                continue
            new = name_arg(dobj, idx) or team_arg(dobj) or role_arg(dobj, strict=False)
            if new is not None:
                fake = Frame(tok, "mean", clause_status(tok), idx, [])
                out.append(Hint(new, alternative(dobj, fake), tok.i, True))
        elif tok.lemma_ in L.SAID_BEFORE_VERBS and tok.pos_ == "VERB" and (hint := _said_before(tok, idx)):
            out.append(hint)  # "I said Atlanta before, but I actually live in Helsinki"
        elif tok.dep_ in ("attr", "ROOT") and tok.pos_ == "PROPN" and (tok.dep_ == "ROOT" or _it_was(tok)):
            fake = Frame(tok, "", clause_status(tok), idx, [])
            old = alternative(tok, fake) or (_not_later(tok, fake) if _it_was(tok) else None)
            new = name_arg(tok, idx)
            if old is not None and new is not None:
                out.append(Hint(new, old, tok.i, False))
    return out


def _said_before(tok: Token, idx: DocIndex) -> Hint | None:
    """"I said Atlanta before, but I actually live in Helsinki": Helsinki replaces Atlanta."""
    if not said_by_me(tok):
        return None
    old_tok = next((c for c in tok.children if c.dep_ in ("dobj", "attr", "oprd") and c.pos_ == "PROPN"), None)
    fixed = next((c for c in tok.children if c.dep_ == "conj" and any(a.lower_ == "actually" for a in c.children)), None)
    if old_tok is None or fixed is None:
        return None
    old = name_arg(old_tok, idx)
    new_tok = next((t for t in fixed.subtree if t.i > fixed.i and (t.pos_ == "PROPN" or idx.term_at[t.i] is not None)), None)
    new = name_arg(new_tok, idx) if new_tok is not None else None
    return Hint(new, old, tok.i, True) if old is not None and new is not None and old.name != new.name else None


def _not_later(tok: Token, frame: Frame) -> Arg | None:
    """"It was Adobe that I joined, not Netflix": the value after a later "not" in the sentence."""
    return next((alternative(tok.doc[j - 1], frame) for j in range(tok.i + 1, tok.sent.end - 1)
                 if tok.doc[j].lower_ == "not" and tok.doc[j - 1].text == ","), None)


def _it_was(tok: Token) -> bool:
    head = tok.head
    return head.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in ("it", "that", "this") for c in head.children)


def _versioned(name: str) -> bool:
    """A tool named with its version: "PostgreSQL 13", "Python 2"."""
    head, _, last = name.rpartition(" ")
    return bool(head) and VERSION.fullmatch(last) is not None
