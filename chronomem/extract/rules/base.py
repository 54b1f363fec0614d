"""What every rule module shares: the rule row (:class:`Rule`, :class:`PrepRule`), emitting relations,
and the helpers several kinds of rule call (the subjects that are people, roles, employment, "X, not Y"
corrections). Each rule reads a :class:`~chronomem.extract.clauses.frames.Frame` and returns candidate
relations (:class:`~chronomem.extract.clauses.records.Rel`); a rule that is unsure returns nothing: a
wrong fact is worse than a missing one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import is_role_head, role_arg, team_arg, thing_arg
from chronomem.extract.clauses.args import DocIndex, name_arg, person_arg
from chronomem.extract.clauses.frames import Frame, when_for
from chronomem.extract.clauses.phrases import called_token
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, LAST, MINE, SPEAKER, Arg, Rel, When, timed
from chronomem.extract.clauses.tree import dep_child, is_activity, possession_noun, prep_objects
from chronomem.extract.lexicon import OPEN, PEOPLE, TIES, lexicon_ref
from chronomem.extract.rules.open.base import dropped_subject, my_relative, phrase_arg
from chronomem.extract.rules.open.phrase_table import mapped_predicate, unnamed_place

Handler = Callable[[Frame], list[Rel]]


class Rule(NamedTuple):
    """One rule row: the verb lemmas it reads, its handler, and how it merges with the other rules of the same
    lemma (``priority``, ``adds``: see :mod:`chronomem.extract.rules.registry`)."""

    lemmas: tuple[str, ...]
    handler: Handler
    priority: int = 0
    adds: bool = False


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
        end = When("end", when.until, prefer="past")
        out += [timed(predicate, s, obj, end, frame.v.i, confidence, qualifiers) for s in subjects]
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


def persons(frame: Frame, *, we: bool = True, loose: bool = True, beside: bool = False) -> list[Arg]:
    """The subjects that are people (``loose``: also person-shaped names NER gave another label), the speaker's
    unnamed relatives ("my sister works at Google"; with ``beside``, also beside others: "my wife and I moved to
    Oslo", not for a couple's own doings), or the speaker a chat line leaves out ("Moved to Austin!")."""
    found = [a for a in (A.subject_person(s, we=we, loose=loose) for s in frame.subjects(team=True)) if a is not None]
    found = found + [Arg(MINE, t.i, t.lower_, "PERSON", GUESS) for t in frame.subj_toks if (beside or not found)
                     and my_relative(t) and not any(a.i == t.i for a in found)]
    dropped = not found and all(t.i > frame.v.i for t in frame.subj_toks) and dropped_subject(frame.v)
    return [Arg(SPEAKER, frame.v.i)] if dropped else found


def passing(frame: Frame, keep: str, *, bare: bool = False) -> bool:
    """A parting for a while, into parts or for a purpose, not a couple's: "we split up for the afternoon", "… into
    pairs", "… to cover more ground"; ``bare``: also any preposition but ``keep`` and times ("we separated at the
    fair"; "we split in May" is a couple's)."""
    preps = [(k, all(map(frame.idx.is_time, v))) for k, v in frame.preps.items() if k != keep]
    return any(t.role == "for" for t in frame.times) or any(k == "into" or bare and not timed for k, timed in preps) or any(
        c.dep_ in ("xcomp", "advcl") and any(a.dep_ == "aux" and a.lower_ == "to" for a in c.children) for c in frame.v.children)


def role_rels(frame: Frame, subjects: list[Arg], when: When | None, toks: list[Token], strict: bool = False) -> list[Rel]:
    return [r for tok in toks for r in emit(frame, "HAS_ROLE", subjects, role_arg(tok, strict=strict), when,
                                            obj_tok=tok)]


def employment(frame: Frame, subjects: list[Arg], when: When | None, orgs: list[Token], *,
                places: Sequence[Token] = (), roles: Sequence[Token] = (), confidence: float = 0.9, strict: bool = False,
               unnamed: bool = False) -> list[Rel]:
    """WORKS_AT for each organisation, HAS_ROLE for "as a …", and a location qualifier for "in Zurich";
    ``unnamed``: also a place of work with no name ("at a diner") where the clause is about working."""
    out: list[Rel] = []
    roles = [*roles, *(p for o in orgs for p in prep_objects(o, "as") if p not in roles)]  # "at Coinbase as a …" under the org
    orgs = [*orgs, *(o for r in roles for o in prep_objects(r, "at") if o not in orgs)]  # "as a barista at a cafe"
    place_args = [p for p in (A.token_place(t, frame.idx) for t in places) if p is not None and p.kind == ENTITY]
    quals = {"location": place_args[0].name} if place_args else {}
    for tok in (named_org(o, frame.v) for o in orgs):
        org = A.token_org(tok, frame.idx, strict=strict) or (unnamed_place(tok, frame.idx, "works at", "WORKS_AT")
                                                           if unnamed and not strict else None)
        rels = emit(frame, "WORKS_AT", subjects, org, when, confidence=confidence, qualifiers=quals, obj_tok=tok)
        out += rels
        if rels and place_args and when is not None and when.mode != "end":
            # a job in Zurich: the person most likely lives there (observed, lower confidence)
            out += emit(frame, "LIVES_IN", [r.subject for r in rels], place_args[0], When("state"), confidence=0.6)
    if out or strict is False:
        out += role_rels(frame, subjects, when, list(roles), strict=not out)
    return out


def employer_with(role: Token, idx: DocIndex) -> list[Token]:
    """The organisation a role is held "with": "a pilot with Delta", "a midwife with the NHS"; not a person ("a
    nurse with Dr. Patel", "with Ava and Leo"), a count or a thing ("with three kids", "with a small agency")."""
    if not is_role_head(role):
        return []
    return [t for t in prep_objects(role, "with") if t.pos_ == "PROPN" and t.ent_type_ != "PERSON"
            and not any(c.dep_ == "conj" for c in t.children) and A.token_org(t, idx) is not None]


def named_org(tok: Token, v: Token) -> Token:
    """The name said after a company or workplace with none, set off by a comma: "a small startup, Fenwick Labs"
    (an apposition, or hung on the verb: "for a hospital group now, Mercy Health"; a name of capitalised words and
    "&" the parser made a conjunct: "my bakery, Crumb & Co,"), or given it: "a studio called Brightline"; else ``tok``."""
    if tok.pos_ != "NOUN" or tok.lemma_.lower() not in TIES.employer_nouns | TIES.workplace_nouns:
        return tok
    if (called := called_token(tok)) is not None:
        return called
    conj = next((c for c in tok.children if c.dep_ == "conj" and c.pos_ == "PROPN" and c.i == tok.i + 2), None)
    if conj is not None and tok.doc[tok.i + 1].text == "," and _set_off_name(conj):
        return conj
    after = [c for c in (*tok.children, *v.children) if c.dep_ in ("appos", "npadvmod") and c.pos_ == "PROPN"
             and c.i > tok.i and c.doc[c.left_edge.i - 1].text == "," and not any(g.dep_ == "case" for g in c.children)
             and c.left_edge.lower_.rstrip(".") not in PEOPLE.person_titles  # not "a clinic, Dr. Patel's"
             and c.lower_.removesuffix("s") not in L.TIME_NAMES]  # not "the bakery, Fridays only"
    return after[0] if after else tok


def _set_off_name(tok: Token) -> bool:
    """``tok``'s words are one name closed by a comma or the sentence's end: capitalised words and "&" ("Crumb &
    Co"), not a list ("a bakery, Paris and Rome")."""
    words = list(tok.subtree)
    nxt = tok.doc[words[-1].i + 1] if words[-1].i + 1 < len(tok.doc) else None
    return (nxt is None or nxt.is_punct) and all(w.text[:1].isupper() or w.text == "&" for w in words)


def national_team(tok: Token | None, idx: DocIndex) -> Arg | None:
    """"the Turkey national under-21 football team": a country's team is an employer, not a work group."""
    if tok is None or tok.lemma_.lower() not in ("team", "squad", "side"):
        return None
    phrase = A.org_phrase(tok, idx)
    first = tok.doc[tok.left_edge.i + (tok.doc[tok.left_edge.i].lower_ == "the")]
    known_place = (term := idx.term_at[first.i]) is not None and term.type == "PLACE"
    if phrase is None or not (first.ent_type_ in ("GPE", "NORP") or known_place) or "national" not in phrase.lower().split():
        return None
    return Arg(ENTITY, first.i, phrase, "ORG", 1, label="ORG")


def last_job(frame: Frame, subjects: list[Arg], when: When | None) -> list[Rel]:
    """The job the session named last for ``subjects`` ends: "I quit in 2021", "I was let go in March"."""
    return emit(frame, "WORKS_AT", subjects, Arg(LAST, frame.v.i, "WORKS_AT"), when, confidence=0.7)


def job_rels(frame: Frame, subjects: list[Arg], when: When | None) -> list[Rel]:
    """A job got or held, its object a job noun: "I got a job at Acme", "I have a job at a bakery", "a
    job as a waitress" → WORKS_AT where, HAS_ROLE as what; with no employer, a named town it is in is where one
    works ("Steve took a job in Newcastle", as "I work in Leeds"; not "a job in finance")."""
    orgs = frame.dobj_preps.get("at", []) + frame.dobj_preps.get("with", []) + frame.prep("at", "with")
    out = employment(frame, subjects, when, orgs, places=frame.dobj_preps.get("in", []),
                     roles=frame.dobj_preps.get("as", []) + frame.prep("as"), unnamed=True)
    towns = [] if orgs or out else [a for t in frame.dobj_preps.get("in", []) + frame.prep("in")
                                    if (a := A.token_place(t, frame.idx)) is not None and a.kind == ENTITY]
    return out + [r for a in towns for r in emit(frame, "RELATED_TO", subjects, a, when, confidence=0.6,
                                                  qualifiers={"relation": "works in"})]


def to_roles(frame: Frame) -> list[Arg]:
    """A role after "to" that the parser read as a verb: "promoted to architect", "changed to
    data engineer" ("to" + a role noun tagged as a verb), "to backend developer" ("backend" a verb
    with "developer" its object)."""
    out: list[Arg] = []
    for x in frame.v.children:
        if x.dep_ not in ("xcomp", "advcl") or not any(c.lower_ == "to" for c in x.children):
            continue
        if is_role_head(x, strict=False) and x.lemma_.lower() not in L.VERBS_NOT_ROLES:
            mods = [c for c in x.children if c.dep_ in ("compound", "amod") and c.i < x.i]
            first, last = (mods[0].i if mods else x.i), x.i
        else:
            obj = dep_child(x, "dobj")
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
    words = {t.i for t in frame.v.doc[role.i:role.i + len(role.name.split()) + 1]}
    hung = [t for t in frame.all_times if t.anchor in words]
    return when_for(frame.status, "start", hung[:1]) if hung else when


# --------------------------------------------------------------------------- declarative rows
_OBJECTS: dict[str, Callable[[Token, Frame, bool], Arg | None]] = {
    "place": lambda tok, frame, strict: A.token_place(tok, frame.idx),
    "person": lambda tok, frame, strict: person_arg(tok, frame.idx, trust_ner=False),
    "school": lambda tok, frame, strict: A.token_org(tok, frame.idx, strict=strict, tools=False),
    "org": lambda tok, frame, strict: A.token_org(named_org(tok, frame.v), frame.idx, strict=strict, tools=False),
    "any school": lambda tok, frame, strict: A.token_org(tok, frame.idx, strict=strict, tools=False) or unnamed_place(
        tok, frame.idx, "attends", "STUDIES_AT"),
    "activity": lambda tok, frame, strict: phrase_arg(tok, frame.idx) if is_activity(tok) or _pastime(tok) else None,
    "thing": lambda tok, frame, strict: thing_arg(tok, frame.idx) if _kept_thing(tok, frame) else None,
}


def _kept_thing(tok: Token, frame: Frame) -> bool:
    """A thing one keeps (``possession_nouns``), got for oneself: "treated myself to a new camera", "splurged on a
    kayak", "picked up a used piano" (not "treated my wife to a watch", nor "picked up the guitar again")."""
    for_another = any(c.dep_ in ("dobj", "dative") and c != tok and not c.lower_.endswith(("self", "selves"))
                      for c in frame.v.children)
    return not for_another and possession_noun(tok) and not any(
        c.dep_ == "det" and c.lower_ == "the" for c in tok.children)


def _pastime(tok: Token) -> bool:
    """A pastime named by a noun that is no -ing word: "pottery", "yoga", or a game ("chess", "tennis")."""
    lemma = tok.lemma_.lower()
    return tok.pos_ == "NOUN" and (lemma in OPEN.pastime_nouns or mapped_predicate("plays", lemma) == "LIKES") and not any(
        c.dep_ in ("det", "poss") for c in tok.children)


@dataclass(frozen=True)
class PrepRule:
    """A short rule as a row: "<subject> <lemma> <preposition> <object>" → ``predicate``.

    ``obj``: what the object must be ("place", "person", "school" or "org": a named organisation; "any school"
    also an unnamed one the phrase table knows: "graduated from college"; "activity": "got into running"; "thing": a thing one keeps,
    got for oneself: "splurged on a kayak");
    ``aspect``: state, start or end;
    ``we``: "we" may be a subject; ``there``: also "I live there"; ``dobj``: the direct object instead when there is
    one ("attended MIT"); ``strict``: a name the gazetteer or NER knows; ``anchor``: "X, not Y" is looked for after
    the preposition's object ("token") or the name's first word ("arg"); ``when``: finds the time first; ``tag``:
    the verb's tag ("VBN": "based in"; a preposition of two words needs both: "based out of"); ``unless``:
    prepositions whose object (not a time) rules the row out ("settled on Go"); ``object_in``: the word list
    (``"file.list"``) the object's lemma must be in, whose prepositions come first with ``object_preps`` ("taking
    a class at the New School"); ``object_prep``: the preposition whose object stands for the direct object
    ("working on my PhD at Yale"), or a list inside a table (``"file.table.list"``); ``prt``: the particle the verb
    needs ("picked up knitting"); ``bare``: only a verb with no object, adverbial noun or clause of its own and no
    preposition but the row's or a time's ("I drive for Lyft", not "I drove two hours for Chipotle").

    >>> PrepRule(("report",), "REPORTS_TO", ("to",), "person").lemmas
    ('report',)
    """

    lemmas: tuple[str, ...]
    predicate: str
    preps: tuple[str, ...]
    obj: str
    aspect: str = "state"
    we: bool = True
    there: bool = False
    dobj: bool = False
    strict: bool = False
    anchor: str = "token"
    when: Callable[[Frame], When | None] | None = None
    tag: str = ""
    unless: tuple[str, ...] = ()
    object_in: str = ""
    object_preps: bool = False
    companion: bool = False  # also a phrase hung on who it is done with: "I live with my wife in Kansas"
    prt: str = ""  # the particle the row needs: "picked up knitting"
    object_prep: str = ""  # the object of this preposition is the one ``object_in`` asks about: "working on my PhD"
    bare: bool = False
    field: bool = False  # the object, if any, is a bare noun, a field: "studied law at Leeds", not "the menu at Nando's"

    def __call__(self, frame: Frame) -> list[Rel]:
        if self.tag and frame.v.tag_ != self.tag or self.prt and frame.prt != self.prt or any(
                not frame.idx.is_time(t) for t in frame.prep(*self.unless)) or self.bare and not self._bare(frame):
            return []
        obj = next(iter(frame.prep(self.object_prep)), None) if self.object_prep else frame.dobj
        if self.object_in:
            listed = lexicon_ref(self.object_in)
            # the lemma, or the word itself: "bookkeeping" tagged a verb is "bookkeep"
            if obj is None or obj.lemma_.lower() not in listed and obj.lower_ not in listed:
                return []
        thing = self.field and obj is not None and any(c.dep_ in ("det", "poss") for c in obj.children)
        if thing:  # "studied the menu at Nando's": a thing looked at there, no field, so no school
            return []
        toks = [t for p in self.preps if all(w in frame.preps for w in p.split()[:-1]) for t in frame.prep(p.split()[-1])]
        if self.object_preps and not (self.field and obj is None):
            toks = [t for p in self.preps for t in (prep_objects(obj, p) if self.object_prep and obj is not None
                                                    else frame.dobj_preps.get(p, []))] + toks
        if self.companion and not toks:
            toks = [g for w in frame.prep("with") for g in prep_objects(w, *self.preps)]
        if self.dobj and frame.dobj is not None:
            toks = [frame.dobj]
        elif self.dobj and self.obj == "activity":  # "took up running" with the gerund parsed as a clause
            toks += [c for c in frame.v.children if c.dep_ == "xcomp" and c.tag_ == "VBG"]
        if self.there:
            toks = toks + [c for c in frame.v.children if c.lower_ == "there" and c.dep_ == "advmod"]
        when = (self.when(frame) if self.when is not None else None) or frame.when(self.aspect)
        subjects = persons(frame, we=self.we, beside=self.predicate == "LIVES_IN")
        read = _OBJECTS[self.obj]
        out: list[Rel] = []
        for tok in toks:
            arg = read(tok, frame, self.strict)
            at = tok if self.anchor != "arg" else None if arg is None or arg.i < 0 else frame.v.doc[arg.i]  # or the arg
            out += emit(frame, self.predicate, subjects, arg, when, obj_tok=at)
        return out

    def _bare(self, frame: Frame) -> bool:
        """``frame``'s verb has no object, adverbial noun or clause, and no preposition but the row's or one of time."""
        return not any(c.dep_ in ("dobj", "npadvmod", "advcl", "xcomp", "ccomp", "dative") or c.dep_ == "prep" and (
            c.lower_ not in self.preps and not all(frame.idx.is_time(g) for g in c.children)) for c in frame.v.children)

