"""A verb and what hangs from it: subjects, object, prepositions, particle, status and time words.

Rules in :mod:`chronomem.extract.rules.verbs.relations` read a :class:`Frame` instead of walking the
parse themselves, so parser variation ("to 14" under "from 13", subjects shared through
``conj``, "Sarah and I got married" parsed with "Sarah" as the root) is handled once here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.accept import team_arg
from chronomem.extract.clauses.args import DocIndex, entity_arg, first_name_gender, subject_head
from chronomem.extract.clauses.filters import ClauseStatus, clause_status
from chronomem.extract.clauses.hygiene import is_vocative, kin_as_name
from chronomem.extract.clauses.records import Arg, When
from chronomem.extract.clauses.timing import TimePhrase, clause_head
from chronomem.extract.lexicon import OPEN, PEOPLE
from chronomem.timeexpr import split_range
from chronomem.timeexpr.words import DAY_NAMES

_SUBJ = ("nsubj", "nsubjpass", "csubj")
_RELATIVE = frozenset({"who", "that", "which"})


def with_conj(tok: Token) -> list[Token]:
    """``tok`` and its conjuncts, without the bare pastime verbs a chat list adds: "we watch films, bike and swim"
    → "films" ("bike", "swim" are verbs of their own); a list of likes stays whole ("I enjoy travel and dance")."""
    out = _conj_chain(tok)
    if len(out) == 1 or tok.pos_ not in ("NOUN", "PROPN") or tok.head.lemma_.lower() in OPEN.taste_verbs:
        return out
    first_plain = tok.tag_ == "NN" and not _modified(tok)
    return [out[0], *(t for t in out[1:] if not _bare_verb(t, after_plain=first_plain))]


def pastimes_in_list(tok: Token) -> list[Token]:
    """The bare pastime verbs :func:`with_conj` leaves out of ``tok``'s list ("hike" in "we watch films, hike")."""
    kept = {t.i for t in with_conj(tok)}
    return [t for t in _conj_chain(tok) if t.i not in kept and t.lemma_.lower() in OPEN.pastime_verbs]


def _modified(tok: Token) -> bool:
    return any(c.dep_ in ("det", "poss", "amod", "compound", "nummod", "dobj", "prep") for c in tok.children)


def _bare_verb(tok: Token, *, after_plain: bool) -> bool:
    return tok.pos_ == "VERB" and tok.tag_ in ("VB", "VBP") or tok.tag_ in ("NN", "NNP") and tok.is_lower and not (
        _modified(tok) or after_plain) and tok.lemma_.lower() in OPEN.pastime_verbs


def gapped_objects(v: Token, dobj: Token) -> list[Token]:
    """A second object listed after a modifier of the first, which the parser hangs on the verb: "I take
    metformin twice a day, and lisinopril for my blood pressure" → "lisinopril", said with a word of its own (not a
    clause of its own: "…, and my wife insulin" names whose; not a bare verb: "we watch films on Fridays, and chill")."""
    return [t for c in v.children if c.dep_ == "conj" and c.i > dobj.i and c.tag_ in ("NN", "NNS", "NNP", "NNPS")
            and any(not g.is_punct for g in c.children) and not any(
                g.dep_ in (*_SUBJ, "aux", "dobj", "appos", "attr") or g.dep_ == "compound" and (
                    g.lower_ in L.KIN or g.ent_type_ == "PERSON") for g in c.children)  # ("my wife insulin": hers)
            for t in with_conj(c) if not _bare_verb(t, after_plain=False)]


def _conj_chain(tok: Token) -> list[Token]:
    """``tok`` and its conjuncts, not the days listed after a thing ("at the shop, Tuesdays and Fridays")."""
    return [tok, *(t for c in tok.children if c.dep_ == "conj" and not _days_after(c, tok) for t in _conj_chain(c))]


def _days_after(conj: Token, tok: Token) -> bool:
    return conj.lower_.removesuffix("s") in DAY_NAMES and tok.lower_.removesuffix("s") not in DAY_NAMES


def subject_tokens(v: Token) -> list[Token]:
    """The subjects of ``v``, following conjunctions, shared subjects and relative clauses."""
    cur = v
    for _ in range(6):
        subs = [c for c in cur.children if c.dep_ in _SUBJ]
        if len(subs) > 1:  # "Hey Maria, I moved": the name called is the listener, not a subject
            subs = [c for c in subs if not (c.pos_ == "PROPN" and is_vocative(c.doc[c.i:c.i + 1]))]
        if not subs:  # "Annette Bening and Warren Beatty got married": the subject parsed under "got"
            subs = [g for c in cur.children if c.dep_ in ("aux", "auxpass") for g in c.children if g.dep_ in _SUBJ]
        if not subs:  # "Raj lives in Tokyo" with "Raj" parsed as an adverb: a first name opening the clause
            subs = [c for c in cur.children if c.i < cur.i and (c.is_sent_start or c.i == cur.i - 1) and c.is_title
                    and c.dep_ in ("advmod", "npadvmod", "dep", "amod", "compound") and first_name_gender(c.text)]
        if not subs and cur.dep_ == "conj" and cur.tag_ in ("VBD", "VBZ", "VBP"):
            subs = _object_taken_for_subject(cur)
        if subs:
            out = [t for s in subs for t in with_conj(s)]
            if cur.dep_ == "conj" and cur.head.pos_ in ("PROPN", "NOUN", "PRON"):
                out = with_conj(cur.head)[:1] + out  # "Sarah and I got married" parsed with Sarah as the root
            if cur.dep_ == "relcl" and out[0].lower_ in _RELATIVE:
                return [cur.head]
            return out
        if cur.dep_ not in ("xcomp", "conj", "advcl", "pcomp") or cur.head is cur:
            return []
        cur = cur.head
        if cur.pos_ == "ADJ" and cur.dep_ == "acomp" and cur.head.lemma_ in ("be", "feel") or (
                cur.pos_ == "ADP" and cur.head.pos_ in ("VERB", "AUX")):
            cur = cur.head  # "I'm proud to be part of the team": the subject of "I'm"
        elif cur.pos_ not in ("VERB", "AUX"):
            return []
    return []


def _object_taken_for_subject(v: Token) -> list[Token]:
    """The subject of a second clause parsed as one more object of the first: "I left Acme and my sister joined Bolt"
    ("my sister" a conjunct of "Acme", right before "joined"); not "I left Acme and joined Bolt"."""
    return [t for t in v.head.subtree if t.dep_ == "conj" and t.pos_ in ("NOUN", "PROPN") and t.i < v.i
            and t.right_edge.i == v.i - 1 and t.head.dep_ in ("dobj", "pobj", "conj")][:1]


@dataclass(slots=True)
class Frame:
    v: Token
    lemma: str
    status: ClauseStatus
    idx: DocIndex
    subj_toks: list[Token]
    dobj: Token | None = None
    preps: dict[str, list[Token]] = field(default_factory=dict)
    dobj_preps: dict[str, list[Token]] = field(default_factory=dict)
    prt: str = ""
    attr: Token | None = None
    acomp: Token | None = None
    times: list[TimePhrase] = field(default_factory=list)
    all_times: list[TimePhrase] = field(default_factory=list)
    hedged: frozenset[int] = frozenset()  # heads of the sentence's hedged clauses (filters.hedged_clauses)

    def subjects(self, *, team: bool = False) -> list[Arg]:
        heads = [subject_head(tok) for tok in self.subj_toks if not kin_as_name(tok)]  # "Dad": my_relative's, no one named
        found = ((entity_arg(h, self.idx) or (team_arg(h) if team else None)) for h in heads)
        out = [arg for arg in found if arg is not None]
        if len(out) > 1:  # a name split by the parser ("Miguel Herrero y Rodríguez de Miñón"): keep the whole
            out = list({(a.kind, a.i, a.name): a for a in out}.values())
            out = [b for b in out if not any(a is not b and a.kind == b.kind and b.name and b.name in a.name
                                             and a.name != b.name and a.i <= b.i < a.i + len(a.name.split()) + a.name.count(",")
                                             for a in out)]
        return out

    @property
    def passive(self) -> bool:
        """"was hired", "is led by": a passive participle."""
        return self.v.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in self.v.children)

    @property
    def dobjs(self) -> list[Token]:
        """The direct object and its conjuncts ("Postgres and Redis"), and the objects a list gave after a
        modifier of the first (:func:`gapped_objects`; none when the clause says a date, which may be either's:
        "I adopted a cat in 2020, and a dog last year"; "every morning" is how often)."""
        if self.dobj is None:
            return []
        if not any(c.dep_ == "conj" and c.i > self.dobj.i for c in self.v.rights):
            return with_conj(self.dobj)  # (most clauses: no second object hung on the verb)
        return with_conj(self.dobj) + ([] if any(t.dates and t.text.split()[0].lower() not in OPEN.frequency_determiners
                                                 for t in self.times) else gapped_objects(self.v, self.dobj))

    def prep(self, *names: str) -> list[Token]:
        return [t for n in names for t in self.preps.get(n, ())]

    def prep_anywhere(self, *names: str) -> list[Token]:
        """The objects of these prepositions on the verb, then on its object: "bought a guitar for me" either way."""
        return self.prep(*names) + [t for n in names for t in self.dobj_preps.get(n, ())]

    def term_after_to(self) -> Token | None:
        """"switched to acmed": a gazetteer name the parser read as a verb after "to"."""
        doc = self.v.doc
        for j in range(self.v.i + 1, min(self.v.sent.end - 1, self.v.i + 6)):
            if doc[j].lower_ == "to" and self.idx.term_at[j + 1] is not None:
                tok = doc[j + 1]
                self.times += [t for t in self.all_times if t.anchor == tok.i and t not in self.times]
                return tok
        return None

    def when(self, aspect: str) -> When | None:
        """The time words of this clause for a rule of the given aspect (state | start | end)."""
        return when_for(self.status, aspect, self.times)


def _pobjs(prep: Token) -> list[Token]:
    return [t for c in prep.children if c.dep_ in ("pobj", "pcomp") for t in with_conj(c)]


def _collect_preps(tok: Token, into: dict[str, list[Token]]) -> None:
    for child in tok.children:
        if child.i > 0 and child.nbor(-1).lower_ in L.REDUCED_CLAUSE_MARKS and child.nbor(-1).head.i in (tok.i, child.i):
            continue  # "I work part time while in school": a clause of its own, not where one works
        if child.dep_ in ("prep", "agent", "dative") and child.pos_ in ("ADP", "SCONJ", "PART"):
            nested = [n for n in child.children if n.dep_ == "prep"]  # "from 13 to 14": "to" hangs from "from"
            nested += [n for pobj in _pobjs(child) for n in pobj.children  # "from Jenkins to GitHub Actions" under the object
                       if n.dep_ == "prep" and n.lower_ in ("to", "with", "into")]
            for prep in (child, *nested):
                into.setdefault(prep.lower_, []).extend(_pobjs(prep))


def _how_much_or_often(tok: Token, times: list[TimePhrase]) -> bool:
    """An object slot that says how much or how often, not what: "I've been knitting a lot", "we cook most
    nights" (a time phrase the clause holds) are habits with no object; "a lot of scarves" counts one; "how much
    I love sailing" hangs "much" as an object too."""
    if tok.lower_ == "much" and tok.pos_ in ("ADV", "ADJ") or any(t.start <= tok.i < t.end for t in times) or \
            tok.lower_ in OPEN.frequency_nouns and any(
            c.dep_ in ("det", "amod") and c.lower_ in OPEN.frequency_determiners for c in tok.children):
        return True
    return tok.lemma_.lower() in OPEN.quantity_nouns and not any(c.dep_ == "prep" for c in tok.children) and all(
        c.dep_ == "det" for c in tok.children)


def _fronted_time(v: Token, times: list[TimePhrase]) -> list[TimePhrase]:
    """A verb that shares its subject with the verb before it ("In 2016 I left Ardent and joined Pellow") takes
    the time phrase that opens the first clause, before its subject: it dates both. One after the first verb
    ("I left Ardent in 2016 and joined Pellow") dates that verb alone."""
    first = v
    while first.dep_ == "conj" and first.head is not first and first.head.pos_ in ("VERB", "AUX"):
        first = first.head
    if first is v or any(c.dep_ in _SUBJ for c in v.children):
        return []
    subs = [c.left_edge.i for c in first.children if c.dep_ in _SUBJ]
    if not subs:
        return []
    head = clause_head(first).i
    return [t for t in times if t.anchor == head and t.end <= min(subs)]


def build_frame(v: Token, idx: DocIndex, times: list[TimePhrase], hedged: frozenset[int] = frozenset(),
                lemma: str = "") -> Frame:
    frame = Frame(v, lemma or v.lemma_.lower(), clause_status(v, hedged), idx, subject_tokens(v), hedged=hedged)
    head = clause_head(v).i
    frame.times = [t for t in times if t.anchor == head or (t.anchor == -1)] or _fronted_time(v, times)
    frame.all_times = times
    for child in v.children:
        dep = child.dep_
        if dep in ("dobj", "obj") and frame.dobj is None and not _how_much_or_often(child, frame.times):
            frame.dobj = child
        elif dep == "prt" or (dep == "advmod" and child.lower_ in OPEN.particle_adverbs and not frame.prt and any(
                c.dep_ == "prep" and not any(t.start <= c.i < t.end for t in times) for c in child.children)):
            frame.prt = child.lower_  # (an adverb that holds the preposition: "going back to school"; not one
            # that holds a time: "back in 2019 I had surgery")
            _collect_preps(child, frame.preps)  # "swapped X out for Y": "for" hangs from "out"
        elif dep in ("attr", "oprd") and frame.attr is None:
            frame.attr = _past_degree(child)
        elif dep == "acomp" and frame.acomp is None:
            if child.pos_ == "PROPN" and frame.attr is None:
                frame.attr = child  # "Omar's manager is Oliver" with the name parsed as an adjective complement
            else:
                frame.acomp = child
    _collect_preps(v, frame.preps)
    if frame.dobj is not None:
        _collect_preps(frame.dobj, frame.dobj_preps)
        for key in ("from", "to"):  # "moved CI from Jenkins to …" attached to the object
            if key in frame.dobj_preps and key not in frame.preps:
                frame.preps[key] = frame.dobj_preps[key]
    if frame.acomp is not None:
        _collect_preps(frame.acomp, frame.preps)
    if frame.attr is not None:
        _collect_preps(frame.attr, frame.dobj_preps)
    return frame


def _past_degree(attr: Token) -> Token:
    """The noun a word of degree stands before: "not much of a beach person", "a bit of a gamer" → the noun
    after "of a" (``degree_of_words``); any other complement is itself."""
    if attr.lower_ not in OPEN.degree_of_words:
        return attr
    return next((o for c in attr.children if c.dep_ == "prep" and c.lower_ == "of" for o in c.children
                 if o.dep_ == "pobj" and o.pos_ == "NOUN" and any(d.lower_ in ("a", "an") for d in o.children)), attr)


def _pick(times: list[TimePhrase], *roles: str) -> TimePhrase | None:
    return next((t for t in times if t.role in roles), None)


def _lasted(span: TimePhrase | None) -> bool:
    """A "for" span of months or more ("for 30 years", "for ages"; ``couple_spans``), not "for an hour"."""
    return span is not None and any(w.rstrip("s") in PEOPLE.couple_spans for w in span.text.lower().split())


def when_for(status: ClauseStatus, aspect: str, times: list[TimePhrase]) -> When | None:  # noqa: C901
    """Combine a clause's status with a rule's aspect into time words, or ``None`` for no fact."""
    if status.blocked or status.negated:
        return None
    if status.ending:
        t = _pick(times, "point", "since")
        return When("end", t.text if t else "", vague=t is None)
    if status.used_to:
        return When("end", vague=True) if aspect == "state" else None
    span = _pick(times, "range") or next((t for t in times if t.role == "point" and status.tense == "past"
                                          and split_range(t.text)), None)  # "lived in Oslo 2012-2016"
    if span is not None and aspect in ("state", "start") and status.tense != "future" and status.governor != "end":
        parts = split_range(span.text)  # "was married to Y from 1984 to 1995": began then, ended then
        if parts is not None:
            return When("start", parts[0], prefer="past", until=parts[1])
    if status.governor == "start" and aspect == "state":
        aspect = "start"
    elif status.governor == "end":
        aspect = "end"
    tense = status.tense
    if aspect == "state":
        if tense in ("present", "progressive", "perfect_progressive", "perfect"):
            t = _pick(times, "since", "for")
            if t is not None:
                return When("start", t.text, t.role, prefer="past")
            if tense == "perfect":
                return When("state") if status.lifelong else None  # "I've lived in Berlin": maybe long ago
            if status.fresh and not status.current:
                return When("start", fresh=True)
            return When("state")
        if tense in ("past", "past_progressive"):
            t = _pick(times, "until")
            if t is None and (t := _pick(times, "since")) is not None:
                return When("start", t.text, t.role, prefer="past")  # "I'd been living in Leeds since 2019": from then
            if t is None and _lasted(_pick(times, "for")):
                return When("end", vague=True)  # "I worked at Boeing for 30 years": it lasted, and is over
            if t is None and (t := _pick(times, "point")) is not None:
                return When("event", t.text, prefer="past")  # "I was a nurse in 2010": held over that time
            if t is None and status.bygone:
                return When("end", vague=True)  # "in college I was captain of the team": held then, over since
            if not times and status.plain and not (status.current or status.fresh or status.lifelong):
                return When("end", vague=True, plain=True)  # "I was a nurse", "I lived in Boston": held, over since
            return When("end", t.text, prefer="past") if t else None
        if tense == "future":
            t = _pick(times, "since", "point")
            return When("start", t.text, prefer="future", needs_time=True) if t else None
        return None
    if aspect == "start":
        t = _pick(times, "point", "since")
        if tense in ("past", "perfect"):
            return When("start", t.text if t else "", prefer="past", fresh=t is None and status.fresh)
        if tense in ("progressive", "future", "present"):
            if t is None and status.fresh and tense == "present":
                return When("start", fresh=True)  # "I now report to Priya"
            prefer = "nearest" if t is not None and t.role == "since" and tense == "present" else "future"
            return When("start", t.text if t else "", prefer=prefer, needs_time=True)
        return None
    if aspect == "end":
        t = _pick(times, "point", "until", "since")
        if tense in ("past", "perfect"):
            return When("end", t.text if t else "", prefer="past", vague=t is None and not status.fresh,
                        fresh=t is None and status.fresh)
        if tense in ("progressive", "future", "present"):
            return When("end", t.text if t else "", prefer="future", needs_time=True)
        return None
    raise ValueError(f"unknown aspect {aspect!r}")
