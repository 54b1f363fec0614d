"""The copula's open readings: "I'm part of a running club", "I'm originally from Porto", "I'm in a jazz
band", "I'm vegan", "I'm passionate about old cars", "a big fan of jazz", "busy painting"; named people and
roles after a copula are the vocabulary rules' (:mod:`chronomem.extract.rules.people.nominal`)."""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import role_arg
from chronomem.extract.clauses.args import pronoun_arg
from chronomem.extract.clauses.frames import Frame, build_frame, with_conj
from chronomem.extract.clauses.phrases import called_token, gerund
from chronomem.extract.clauses.records import ENTITY, GUESS, OWNED, Arg, Rel, holds
from chronomem.extract.clauses.tree import prep_objects
from chronomem.extract.lexicon import OPEN, ROLES, TIES
from chronomem.extract.rules.base import employment
from chronomem.extract.rules.open.activity import activity_rels
from chronomem.extract.rules.open.base import (
    OPEN_CONFIDENCE,
    OPEN_PREDICATE,
    TASTE_CONFIDENCE,
    adjective_relation,
    gerund_conjuncts,
    phrase_arg,
    place_arg,
    subject_rels,
)
from chronomem.extract.rules.open.phrase_table import mapped_predicate
from chronomem.extract.rules.open.roles import belonging_rels
from chronomem.extract.rules.verbs.stays import at_school


def be_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I'm part of a running club", "I'm originally from Porto", then the copula's other readings."""
    if belonging := belonging_rels(frame, subjects):
        return belonging
    if (origin := _origin(frame)) is not None:
        return subject_rels(frame, subjects, OPEN_PREDICATE, origin, "state", relation="is from")
    return student_at(frame, subjects) or copula_rels(frame, subjects) or _being_in(frame, subjects)


def _origin(frame: Frame) -> Arg | None:
    """The place a person is from: "I'm from Chile", "she's originally from Oslo"; not a trip ("I'm
    back from Lima", "just home from Rome"), a group ("I'm from the sales team") nor "remote from Lisbon"."""
    if frame.status.tense != "present" or frame.acomp is not None or any(
            c.lower_ in OPEN.trip_adverbs for c in frame.v.children):
        return None  # (not "I'm remote from Lisbon": where one works from)
    place = next((t for t in frame.preps.get("from", []) if t.ent_type_ in ("GPE", "LOC", "NORP")), None)
    if place is None or any(c.lower_ in OPEN.trip_adverbs for c in place.head.children):
        return None
    return place_arg(place)


def student_at(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I'm a college student", "a student at Ohio State", "a junior in college": STUDIES_AT the school said
    beside the student noun (a name, or a school noun the phrase table knows); a student of no school said
    holds the role ("I'm a nursing student")."""
    noun = frame.attr
    if noun is None or noun.lemma_.lower() not in OPEN.student_nouns or frame.status.tense != "present" or any(
            c.dep_ == "amod" and c.lower_ in L.ENDED_KIN_MODIFIERS | ROLES.ended_role_modifiers for c in noun.children):
        return []  # (not "a former student": no school now)
    schools = prep_objects(noun, "at", "in", "of")
    out = _studies_at(frame, subjects, schools)
    words = [c for c in noun.children if c.dep_ == "compound" and c.i < noun.i]
    if not out and words:  # "a college student", "a nursing school student"
        first = min(w.left_edge.i for w in words)  # "a high school student": "high" hangs on "school"
        name = " ".join(t.lower_ for t in noun.doc[first:noun.i])
        if mapped_predicate("is in", name) == "STUDIES_AT":
            out += subject_rels(frame, subjects, "STUDIES_AT", Arg(ENTITY, first, name, "ORG", GUESS), "state",
                                confidence=OPEN_CONFIDENCE)
    if not out and not schools and noun.lemma_.lower() == "student" and not any(c.dep_ == "prep" for c in noun.children):
        mods = [c for c in noun.children if c.dep_ in ("compound", "amod") and c.i < noun.i
                and c.lower_ not in ROLES.evaluative_adjectives]
        first = min([w.i for w in mods] + [noun.i])  # "a nursing student", "a PhD student": no school said
        name = " ".join(t.text if any(c.isupper() for c in t.text[1:]) else t.lower_ for t in noun.doc[first:noun.i + 1])
        out += subject_rels(frame, subjects, "HAS_ROLE", Arg(ENTITY, first, name, "ROLE", GUESS), "state",
                            confidence=OPEN_CONFIDENCE)
    return out


def home_in(frame: Frame) -> list[Rel]:
    """"My home is in Vermont", "our house is in a small town in Ohio": the owner lives there."""
    home = next((t for t in frame.subj_toks if t.lemma_.lower() in L.HOMES), None)
    owner = next((pronoun_arg(c) for c in home.children if c.dep_ == "poss"), None) if home is not None else None
    if owner is None or frame.lemma != "be" or frame.status.tense != "present":
        return []
    places = [p for t in frame.preps.get("in", []) if (p := A.token_place(t, frame.idx)) is not None and p.kind == ENTITY]
    return [holds("LIVES_IN", owner, p, frame.v.i, OPEN_CONFIDENCE) for p in places[:1]]


def employer_is(frame: Frame) -> list[Rel]:
    """"My employer is Vexa", "her employer is a startup called Brindle": the owner works there (``said_employers``)."""
    noun = next((t for t in frame.subj_toks if t.lemma_.lower() in TIES.said_employers), None)
    owner = next((pronoun_arg(c) for c in noun.children if c.dep_ == "poss"), None) if noun is not None else None
    if owner is None or frame.lemma != "be" or frame.attr is None:
        return []
    return employment(frame, [owner], frame.when("state"), [called_token(frame.attr) or frame.attr])


def _being_in(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I'm in high school", "she's in a jazz band", "I'm on the swim team": where one is, when the phrase
    table maps it (a school, a group); being in any other place is no lasting fact ("I'm in the kitchen")."""
    if frame.status.tense != "present" or frame.attr is not None or frame.acomp is not None:
        return []
    out: list[Rel] = []
    for prep in ("in", "at", "on"):
        for tok in frame.preps.get(prep, []):
            if tok.lemma_.lower() in OPEN.study_periods:  # "in my second year of law school": in law school
                out += _period_at(frame, subjects, tok)
                tok = next(iter(prep_objects(tok, "of")), tok)
            arg = phrase_arg(tok, frame.idx)
            if arg is not None and mapped_predicate(f"is {prep}", arg.name) is not None:
                out += subject_rels(frame, subjects, OPEN_PREDICATE, arg, "state", relation=f"is {prep}")
    return out


def _studies_at(frame: Frame, subjects: list[Arg], schools: list[Token]) -> list[Rel]:
    """STUDIES_AT each name, or school noun the phrase table knows ("at Ohio State", "in college")."""
    args = [A.token_org(t, frame.idx, tools=False) if t.pos_ == "PROPN" else phrase_arg(t, frame.idx) for t in schools]
    return [r for tok, arg in zip(schools, args) if arg is not None and (
        tok.pos_ == "PROPN" or mapped_predicate("is in", arg.name) == "STUDIES_AT")
        for r in subject_rels(frame, subjects, "STUDIES_AT", arg, "state", confidence=OPEN_CONFIDENCE)]


def _period_at(frame: Frame, subjects: list[Arg], period: Token) -> list[Rel]:
    """"I'm in my second year at UCLA", "in her final semester at college": a part of a course of study at a
    school (a name only when said as one: :func:`~chronomem.extract.rules.verbs.stays.at_school`; not "my second
    year at Deloitte")."""
    schools = [t for t in prep_objects(period, "at") + frame.preps.get("at", []) if t.pos_ != "PROPN" or at_school(t, frame.idx)]
    return _studies_at(frame, subjects, schools)


def copula_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    if frame.status.tense not in ("present", "perfect", "perfect_progressive") and frame.v.lower_ != "been":
        return []  # a bare "Been busy …" is "I've been"
    aspect = "state"
    adj = frame.attr if frame.acomp is None and frame.attr is not None and frame.attr.pos_ == "ADJ" else frame.acomp
    if adj is not None and not (adj.lower_ == "more" and "into" in frame.preps):  # (not "I'm more into board games":
        return _adjective_rels(frame, subjects, adj)  # the comparison is no adjective of the speaker's)
    into = [t for h in (frame.v, *(m for m in frame.v.children if m.lower_ == "more")) for c in h.children
            if c.dep_ == "prep" and c.lower_ == "into" for o in c.children if o.dep_ in ("pobj", "pcomp")
            for t in with_conj(o)]  # a gerund may hang as a clause: "I'm into baking lately"
    into += [t for c in frame.v.children if c.dep_ == "prep" and c.lower_ == "about" and any(  # "I'm all about thrillers"
        g.lower_ == "all" for g in (*c.children, *frame.v.children) if g.dep_ in ("advmod", "det", "predet", "npadvmod", "dep"))
        for o in c.children if o.dep_ == "pobj" for t in with_conj(o)]
    if into:  # "I'm into birdwatching", "I've been into climbing since I was a kid" (still is)
        if frame.status.tense == "perfect":
            return [holds("LIKES", s_, a, frame.v.i, TASTE_CONFIDENCE)
                    for t in into if (a := phrase_arg(t, frame.idx)) is not None for s_ in subjects]
        args = [(t, phrase_arg(t, frame.idx)) for t in into]
        return [r for t, a in args for one in (a, *gerund_conjuncts(t, a, frame.idx))  # "into restoring cars and radios"
                for r in subject_rels(frame, subjects, "LIKES", one, aspect, confidence=TASTE_CONFIDENCE)]
    return _noun_rels(frame, subjects, frame.attr)


def _adjective_rels(frame: Frame, subjects: list[Arg], adj: Token) -> list[Rel]:
    """The copula with an adjective: "passionate about old cars", "busy painting", "lactose intolerant"."""
    aspect = "state"
    word = adj.lower_
    if (found := adjective_relation(word)) is not None:
        predicate, preps = found
        toks = _adjective_objects(adj, preps)
        if toks:  # "passionate about old cars and restoring radios": the list the parser broke up
            toks += [(c, toks[0][1]) for c in (*frame.v.children, *adj.children) if c.tag_ == "VBG" and (
                c.dep_ == "advcl" or c.dep_ == "conj" and c.i > toks[0][0].i) and c.nbor(-1).lower_ in ("and", ",")]
            # (also hung on the adjective: "passionate about fashion and finding unique pieces")
        out = []
        for tok, prep in toks:
            if word in OPEN.kind_only_tastes and (tok.pos_ == "PRON" or any(c.dep_ in ("det", "poss") for c in tok.children)):
                continue  # "mad about jazz" is a taste, "mad about the delay" anger
            arg = Arg(ENTITY, tok.i, tok.lower_, "OTHER", GUESS) if tok.dep_ == "xcomp" else phrase_arg(tok, frame.idx)
            for one in (arg, *gerund_conjuncts(tok, arg, frame.idx)):  # "… about improving parks and schools"
                out += subject_rels(frame, subjects, predicate, one, aspect, relation=f"is {word} {prep}",
                                    confidence=TASTE_CONFIDENCE)
        return out
    busy = [t for c in adj.children if c.dep_ == "xcomp" and (c.tag_ == "VBG" or c.lower_.endswith("ing"))
            for t in with_conj(c)] if word == "busy" else []  # "painting" may be tagged a noun
    if busy:  # "I've been busy painting", "busy volunteering at the shelter and keeping fit"
        return busy_rels(frame, subjects, busy)
    if word in OPEN.family_states | {"engaged"} and (prep_objects(adj, "to") or frame.preps.get("to")):
        return []  # "Dov is married to my sister", "I'm married to my work": a tie to someone (the couple rules'), or a figure
    if word in OPEN.identity_adjectives:  # "lactose intolerant" keeps its modifier
        mods = [c.lower_ for c in adj.children if c.dep_ in ("npadvmod", "compound", "amod") and c.i < adj.i]
        name = " ".join([*mods, word])
        kin = [t for p in prep_objects(adj, "with") for t in with_conj(p) if had_kin(t) and word in OPEN.family_states and not any(
            c.dep_ in ("poss", "det") and c.lower_ not in ("a", "an") for c in t.children)]  # "married with two kids"
        return subject_rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, adj.i, name, "OTHER", GUESS), aspect, relation="is") + [
            r for t in kin for r in had_kin_rels(frame, subjects, t)]
    return []


def had_kin(tok: Token) -> bool:
    """A relative one has, unnamed: "two kids", "a wife" (a kin word of ``had_kin``; not "a business partner")."""
    return L.KIN.get(tok.lemma_.lower(), ("", ""))[0] in OPEN.had_kin and not any(c.dep_ == "compound" for c in tok.children)


def had_kin_rels(frame: Frame, subjects: list[Arg], tok: Token) -> list[Rel]:
    """The tie to an unnamed relative one has (:func:`had_kin`), with how many: "I have three kids", "I'm married
    with two kids" → PARENT_OF "<speaker>'s three kids"."""
    predicate = L.KIN_PREDICATES[L.KIN[tok.lemma_.lower()][0]]
    count = [c.lower_ for c in tok.children if c.dep_ == "nummod" and c.i < tok.i]  # "three kids": how many
    return subject_rels(frame, subjects, predicate, Arg(OWNED, tok.i, " ".join([*count, tok.lower_]), "PERSON", GUESS),
                        "state", confidence=0.7)


def _noun_rels(frame: Frame, subjects: list[Arg], noun: Token | None) -> list[Rel]:
    """The copula with a noun: "a big fan of jazz", "a dog person", "an avid reader", "a vegan"."""
    aspect = "state"
    if noun is not None and noun.tag_ == "VBG" and any(c.dep_ == "amod" and c.lower_ == "busy" for c in noun.children):
        return busy_rels(frame, subjects, with_conj(noun))  # "Been busy volunteering at the shelter" (parsed as an attr)
    if noun is None or noun.pos_ != "NOUN":
        return []
    if noun.lower_.endswith("ing") and any(c.dep_ == "amod" and c.lower_ == "busy" for c in noun.children):
        arg = phrase_arg(noun, frame.idx)  # "Been busy volunteering at the shelter" parsed as a noun
        name = arg.name.removeprefix("busy ") if arg is not None else ""
        if not name:
            return []
        done = Arg(ENTITY, noun.i, name, "OTHER", GUESS)
        return [holds(OPEN_PREDICATE, s_, done, frame.v.i, OPEN_CONFIDENCE, {"relation": "does"}) for s_ in subjects]
    head = noun.lemma_.lower()
    if head in OPEN.identity_adjectives and not any(
            c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ not in ("a", "an")) for c in noun.children):
        return subject_rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, noun.i, head, "OTHER", GUESS), aspect,
                            relation="is")  # "I'm vegan" parsed with a noun, "I'm a vegan"
    if head in OPEN.fan_nouns:  # "a big fan of jazz", "a sucker for old maps"
        liked = prep_objects(noun, "of", "for")
        args = [phrase_arg(t, frame.idx) for t in liked] or [_fan_of(noun)]  # "a huge Star Wars fan"
        return [r for a in args for r in subject_rels(frame, subjects, "LIKES", a, aspect, confidence=TASTE_CONFIDENCE)]
    if head in OPEN.taste_persons:  # "I'm a dog person": the noun before it, or no taste at all (not "the IT guy")
        the = any(c.dep_ == "det" and c.lower_ not in ("a", "an") for c in noun.children)
        return [] if the else subject_rels(frame, subjects, "LIKES", _fan_of(noun), aspect, confidence=TASTE_CONFIDENCE)
    if (pastime := _pastime_of(noun)) is not None:  # "I'm a gamer", "an avid reader", "an amateur photographer"
        return subject_rels(frame, subjects, "LIKES", Arg(ENTITY, noun.i, pastime, "OTHER", GUESS), aspect,
                            confidence=TASTE_CONFIDENCE)
    if head in OPEN.not_identities or not head.endswith(tuple(OPEN.identity_suffixes)):
        return []
    if any(c.dep_ == "poss" for c in noun.children) or (head in L.ROLE_HEADS and role_arg(noun, strict=False)) or head in L.KIN:
        return []  # "Priya is my manager", "I'm a nurse": the vocabulary rules (not "a team player": no role)
    if any(c.dep_ == "prep" and not any(t.start <= c.i < t.end for t in frame.all_times) for c in noun.children) or any(
            c.lower_ in ("such", "what", "quite") for c in noun.children):
        return []  # "a fan of …" is read above; "a vegetarian for five years" keeps its time
    return subject_rels(frame, subjects, OPEN_PREDICATE, phrase_arg(noun, frame.idx), aspect, relation="is")


def _adjective_objects(adj: Token, preps: tuple[str, ...]) -> list[tuple[Token, str]]:
    """The objects of an adjective's prepositions ``preps``, with the preposition: "passionate about old cars";
    also a noun the parser read as an infinitive after "to" ("allergic to shellfish", "to shellfish" as a verb);
    "by" may be parsed as an agent ("fascinated by whales")."""
    toks = [(t, p) for p in preps for c in adj.children if c.dep_ in ("prep", "agent") and c.lower_ == p
            for o in c.children if o.dep_ in ("pobj", "pcomp") for t in with_conj(o)]
    if "to" in preps:
        toks += [(c, "to") for c in adj.children if c.dep_ == "xcomp" and c.tag_ == "VB" and c.i > 0
                 and c.nbor(-1).lower_ == "to" and c.nbor(-1).head.i == c.i
                 and not any(g.dep_ in ("dobj", "prep", "nsubj") for g in c.children)]
    return toks


def busy_rels(frame: Frame, subjects: list[Arg], parts: list[Token]) -> list[Rel]:
    """What one is busy doing goes on: "busy volunteering at the shelter" reads as volunteering
    there ("volunteers at" the shelter); a participle the activity reading cannot place (or one
    tagged as a noun, "busy painting") is something the person does."""
    out: list[Rel] = []
    for b in parts:
        if b.tag_ == "VBG":
            inner = build_frame(b, frame.idx, frame.all_times, frame.hedged)
            inner.status.blocked = frame.status.blocked  # "busy" governs it without hedging it
            if found := activity_rels(inner, subjects, "state"):
                out += found
                continue
        bare = gerund(b.lemma_.lower()) if b.tag_ == "VBG" else b.lower_
        arg = phrase_arg(b, frame.idx) if len(list(b.children)) else Arg(ENTITY, b.i, bare, "OTHER", GUESS)
        if arg is not None:
            out += [holds(OPEN_PREDICATE, s_, arg, frame.v.i, OPEN_CONFIDENCE, {"relation": "does"}) for s_ in subjects]
    return out


def _pastime_of(noun: Token) -> str | None:
    """The pastime a noun for its doer names (``hobbyist_nouns``; ``keen_hobbyist_nouns`` only with a keen word).
    What the doer does it with stays before it: "a stamp collector" → stamp collecting."""
    head, mods = noun.lemma_.lower(), [c for c in noun.children if c.dep_ in ("amod", "compound") and c.i < noun.i]
    keen = any(m.lower_ in OPEN.keen_words for m in mods)
    pastime = OPEN.hobbyist_nouns.get(head) or (OPEN.keen_hobbyist_nouns.get(head) if keen else None)
    if pastime is None or any(c.dep_ in ("poss", "prep") for c in noun.children):
        return None  # "my runner", "a reader of palms"
    what = [m.lower_ for m in mods if m.dep_ == "compound" and m.lower_ not in OPEN.keen_words]
    return f"{' '.join(what)} {pastime}" if what and pastime.endswith("ing") else pastime  # "stamp collecting"


def _fan_of(noun: Token) -> Arg | None:
    """What a fan is a fan of when it stands before the noun: "a Star Wars fan", "a huge soccer fan"."""
    words = [c for c in noun.children if c.dep_ in ("compound", "nmod") and c.i < noun.i]
    if not words:
        return None
    first = min(min(t.i for t in w.subtree) for w in words)
    span = [t for t in noun.doc[first:noun.i] if t.dep_ not in ("det", "poss") and not (t.dep_ == "amod" and t.head is noun)]
    return Arg(ENTITY, span[0].i, " ".join(t.text if t.pos_ == "PROPN" else t.lower_ for t in span), "OTHER", GUESS) if span else None
