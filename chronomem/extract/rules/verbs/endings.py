"""A job ended by the employer or by its term: "let go", passive ("I was let go from Google") or active ("they
let me go in May", "Acme let her go"), a work contract that ran out ("my contract with Acme ended in June"), and a
job or team one joined from ("I joined from Shopify", "she came over from the data team").
With no employer said, the job the session named last for that person ends
(:func:`~chronomem.extract.rules.base.last_job`). The words are data (``releasing_places``,
``dismissing_subjects``, ``work_terms`` and ``work_term_words`` in ``rule_words.json``).
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.args import person_arg, pronoun_arg
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.records import ENTITY, Arg, Rel
from chronomem.extract.clauses.tree import dep_child, poss_of, prep_objects
from chronomem.extract.rules.base import emit, employment, last_job, persons
from chronomem.extract.rules.verbs.stays import known_employer
from chronomem.extract.rules.verbs.work import unnamed_left


def let_go(frame: Frame) -> list[Rel]:
    """"I was let go from Google in 2023", "my mom got let go from the bank last year", "they let me go in May":
    "let go" ends a job (not "I let go of my anger", "they let the dog go", "let me go first")."""
    go = next((c for c in frame.v.children if c.dep_ in ("xcomp", "ccomp") and c.lemma_ == "go"), None)
    if go is None or (go.dep_ == "xcomp") != frame.passive:
        return []
    orgs = [t for t in prep_objects(go, "from") + frame.prep("from") if not frame.idx.is_time(t)]
    when = when_for(frame.status, "end", [t for t in frame.all_times if t.anchor in (frame.v.i, go.i)])
    subjects = persons(frame) if frame.passive else _let_go_whom(frame, go)
    if not frame.passive and not orgs:  # "Acme let me go": the subject is the employer
        employer = [t for t in frame.subj_toks if t.lower_ not in L.DISMISSING_SUBJECTS and t.lemma_ not in L.DISMISSING_SUBJECTS]
        if len(frame.subj_toks) != 1:
            return []
        orgs = employer if employer and A.token_org(employer[0], frame.idx) is not None and person_arg(
            employer[0], frame.idx) is None else []  # (not "Mr. Hale let me go")
        if employer and not orgs:
            return []  # "my mom let me go": leave, not a job
    if not orgs:  # "I was let go in March", "they let me go": the employer the session named last for this subject
        return last_job(frame, subjects, when)
    unnamed = [t for t in orgs if t.lemma_.lower() not in L.RELEASING_PLACES]  # "let go from the jail": released
    return employment(frame, subjects, when, orgs) or unnamed_left(frame, subjects, when, unnamed)


def _let_go_whom(frame: Frame, go: Token) -> list[Arg]:
    """The one "let … go" dismisses: "they let me go (in May)"; nothing when "go" says where or how ("let me go
    home", "let her go early", "let me go first") or is said of a thing ("let it go")."""
    times = {i for t in frame.all_times for i in range(t.start, t.end)}
    if any(c.dep_ not in ("nsubj", "punct") and c.i not in times and not (
            c.dep_ == "prep" and c.lower_ == "from" or all(o.i in times for o in prep_objects(c) or [c]))
           for c in go.children):
        return []
    whom = dep_child(go, "nsubj")
    if whom is None:
        return []
    person = pronoun_arg(whom) if whom.pos_ == "PRON" else person_arg(whom, frame.idx, trust_ner=False)
    return [person] if person is not None and (person.kind != ENTITY or person.type == "PERSON") else []


def came_from(frame: Frame) -> list[Rel]:
    """The employer or team one joined from: "I joined from Shopify in October", "she came over from Etsy", "I
    joined Acme from Shopify", "he came over from the data team" → WORKS_AT (MEMBER_OF) there ends then; only a
    known employer or a team (not "joined from home", "came over from Ohio", "came over from Costco"), and not
    joining something else ("joined the call from Stripe"), nor a visit ("came over from Etsy for dinner")."""
    if frame.lemma == "come" and frame.prt != "over" or frame.dobj is not None and A.token_org(
            frame.dobj, frame.idx, tools=False) is None or not all(frame.idx.is_time(t) for t in frame.prep("for", "to")):
        return []
    out: list[Rel] = []
    for tok in frame.prep("from"):
        team, org = A.team_arg(tok), A.token_org(tok, frame.idx, strict=True, tools=False)
        left = team if team is not None else org if known_employer(org) else None
        out += emit(frame, "MEMBER_OF" if team else "WORKS_AT", persons(frame, we=False), left, frame.when("end"), obj_tok=tok)
    return out


def contract_ended(frame: Frame) -> list[Rel]:
    """"My contract ended in June", "her contract with Acme ran out last month", "my internship at the museum
    expired": the owner's job there (or the last one the session named) ends; not "my phone contract ended"
    (a word before "contract" must be one of work), nor "the lease expired"."""
    term = next((t for t in frame.subj_toks if t.lemma_.lower() in L.WORK_TERMS), None)
    if term is None or frame.v.lemma_ == "run" and frame.prt != "out" or any(
            c.dep_ in ("compound", "amod", "nmod") and c.lower_ not in L.WORK_TERM_WORDS for c in term.children if c.i < term.i):
        return []
    poss = poss_of(term)
    owner = None if poss is None else pronoun_arg(poss) if poss.pos_ == "PRON" else person_arg(poss, frame.idx, trust_ner=False)
    when = frame.when("end")
    if owner is None or owner.kind == "we" or when is None or when.mode != "end":
        return []
    orgs = [t for t in prep_objects(term, "with", "at") if not frame.idx.is_time(t)]
    return employment(frame, [owner], when, orgs, unnamed=True) if orgs else last_job(frame, [owner], when)
