"""Who leads a team and which role someone holds, as they change hands.

LEADS is ``one_per_object``: a new lead closes the previous one's fact by itself, so a rule here only emits
an ``end`` when the sentence says someone stopped ("Priya leads the platform team" and "took over the team
from Y" are :mod:`~chronomem.extract.rules.verbs.work`'s). A role is read from the words (:func:`role_words`:
the parser often tags a role after "to" as a verb). These rules are fallbacks (priority -1) behind the rules
of the same verbs elsewhere, except the promotion reader, which goes first (priority 1): it reads the whole
role where the parse split it ("head chef", not "head").
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses.accept import role_word, team_arg
from chronomem.extract.clauses.args import person_arg
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.phrases import called_token
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, WE, Arg, Rel, When
from chronomem.extract.clauses.tree import is_pet_noun, prep_objects, word_or_lemma_in
from chronomem.extract.lexicon import OPEN, ROLE_PHRASE_STOPS, ROLES, TIES, TITLE_NOUNS, lexicon_file
from chronomem.extract.rules.base import emit, employment, named_org, persons, role_rels, role_when
from chronomem.extract.rules.open.possessives import owned_name
from chronomem.extract.rules.people.kin import possessor
from chronomem.extract.rules.people.pets import objects_pets

LEADS = "LEADS"
OCCUPATIONS: dict[str, dict] = lexicon_file("roles")["occupation_verbs"]


def lead_team(*toks: Token | None) -> Arg | None:
    """The team the first lead noun of ``toks`` is about: "lead of the design team", "the search team lead",
    "in charge of the data team"."""
    for tok in toks:
        if tok is None or tok.lemma_.lower() not in L.LEAD_NOUNS and tok.lemma_.lower() != "charge":
            continue
        named = [c for c in tok.children if c.dep_ == "compound"] + prep_objects(tok, "of", "for", "on")
        if (team := next((t for t in map(team_arg, named) if t is not None), None)) is not None:
            return team
    return None


def _people(frame: Frame) -> list[Arg]:
    """The subjects that are people, not "we"."""
    return [s for s in persons(frame) if s.kind != WE]


def step_down(frame: Frame) -> list[Rel]:
    """"I stepped down as lead of the design team last Friday"; a role said without a team ends that role: "Ola
    stepped down as treasurer in May" → HAS_ROLE treasurer ends."""
    if not (frame.prt == "down" or any(c.lower_ == "down" and c.dep_ in ("advmod", "prt") for c in frame.v.children)):
        return []
    team = lead_team(*frame.prep("as", "from"))
    if team is None and frame.times:  # "Ana is no longer leading the search team; she stepped down last Sunday"
        team = next((led for t in frame.v.sent if t.i < frame.v.i and t.lemma_.lower() in ("lead", "head", "run")
                     for c in t.children if c.dep_ == "dobj" and (led := team_arg(c)) is not None), None)
    if team is None:
        return role_rels(frame, _people(frame), frame.when("end"), frame.prep("as"))
    return emit(frame, LEADS, _people(frame), team, frame.when("end"))


def give_up(frame: Frame) -> list[Rel]:
    """"Jake gave up the lead of the design team"; a pet or a thing given "away" or "to" someone
    (:func:`~chronomem.extract.rules.people.pets.objects_pets`, :func:`given_away`)."""
    if frame.prt == "up":
        return emit(frame, LEADS, _people(frame), lead_team(frame.dobj), frame.when("end"))
    if not (frame.prt == "away" or any(c.lower_ == "away" for c in frame.v.children) or frame.prep("to")):
        return []
    return objects_pets(frame, aspect="end", deps=("dative",)) or given_away(frame)


def given_away(frame: Frame) -> list[Rel]:
    """"I gave my old bike to my nephew", "we gave our couch away": a thing of one's own given away is owned no
    more (``possession_nouns`` and ``everyday_possessions``, said with "my" or "our")."""
    things = [t for t in frame.dobjs if t.pos_ == "NOUN" and not is_pet_noun(t) and (
        t.lemma_.lower() in OPEN.possession_nouns or t.lemma_.lower() in OPEN.everyday_possessions) and any(
        c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children)]
    return [r for t in things for r in emit(frame, "OWNS", persons(frame), Arg(ENTITY, t.i, owned_name(t), "OTHER", GUESS),
                                            frame.when("end"), obj_tok=t)]


def hand_off(frame: Frame) -> list[Rel]:
    """"Sophia handed off the mobile team" (she stopped leading it); "… handed it over to Rosa" (Rosa started)."""
    if frame.prt not in ("off", "over"):
        return []
    team = (team_arg(frame.dobj) if frame.dobj is not None else None) or lead_team(frame.dobj)
    if team is None:
        return []
    end = frame.when("end")
    out = emit(frame, LEADS, _people(frame), team, end)
    successors = [a for a in (person_arg(t, frame.idx, trust_ner=False) for t in frame.prep("to")) if a is not None]
    if out and end is not None and successors:
        out += emit(frame, LEADS, successors, team, replace(end, mode="start"))
    return out


def put_in_charge(frame: Frame) -> list[Rel]:
    """"Jake was put in charge of the analytics team", "Ana was named lead of the data team"."""
    if not frame.passive:
        return []
    return emit(frame, LEADS, _people(frame), lead_team(*frame.prep("in"), frame.attr), frame.when("start"))


def in_charge_rels(frame: Frame) -> list[Rel]:
    """"Mei is in charge of the payments team" (a copula with "in charge of")."""
    return emit(frame, LEADS, _people(frame), lead_team(*frame.prep("in")), frame.when("state"))


def replaced_as_lead(frame: Frame) -> list[Rel]:
    """"In January, Pablo replaced Lena as the lead of the payments team"."""
    if frame.dobj is None:
        return []
    team = lead_team(*frame.prep("as"), *frame.dobj_preps.get("as", []))
    before = person_arg(frame.dobj, frame.idx, trust_ner=False)
    start = frame.when("start")
    if team is None or before is None or start is None:
        return []
    out = emit(frame, LEADS, _people(frame), team, start)
    return out + emit(frame, LEADS, [before], team, replace(start, mode="end")) if out else []


# ----------------------------------------------------------------------------- roles
HAS_ROLE = "HAS_ROLE"
MAX_ROLE_WORDS = 4
_PHRASE_POS = frozenset({"NOUN", "ADJ", "PROPN", "VERB"})
_CLAUSE_OPENERS = frozenset({"DET", "PRON"})  # "to lead the team": an infinitive clause, not a role


def _phrase_end(tok: Token, frame: Frame, limit: int) -> int:
    doc, j = tok.doc, tok.i
    while j < limit and j - tok.i < MAX_ROLE_WORDS and doc[j].is_alpha and doc[j].pos_ in _PHRASE_POS \
            and doc[j].lower_ not in ROLE_PHRASE_STOPS and not frame.idx.is_time(doc[j]):
        j += 1
    return j


def role_words(tok: Token, frame: Frame) -> Arg | None:
    """The role written from ``tok`` on ("a head nurse", "senior accountant", "head of marketing"),
    whatever the parser tagged its words; ``None`` unless the last word is a role noun (a lone weak
    one, "head" or "owner", is not enough) and the words are not an infinitive's ("to lead the team")."""
    doc, limit = tok.doc, tok.sent.end
    start = tok.i + 1 if tok.lower_ in ("a", "an", "the") else tok.i
    if start >= limit:
        return None
    end = _phrase_end(doc[start], frame, limit)
    if end == start or (end < limit and doc[end].pos_ in _CLAUSE_OPENERS and doc[end].lower_ not in ("my", "our")):
        return None
    words = [role_word(t) for t in doc[start:end]]
    if words[-1] in TITLE_NOUNS and len(words) > 1:  # "a manager role"
        words, end = words[:-1], end - 1
    if end + 1 < limit and doc[end].lower_ == "of" and doc[end - 1].lower_ in L.OF_ROLE_HEADS:
        tail = _phrase_end(doc[end + 1], frame, limit)
        if tail > end + 1:
            words += ["of", *(role_word(t) for t in doc[end + 1:tail])]
            return Arg(ENTITY, start, " ".join(words), "ROLE", GAZETTEER)
    last = doc[end - 1]
    if not word_or_lemma_in(last, L.ROLE_HEADS) or (
            len(words) == 1 and last.lower_ in L.WEAK_ROLE_HEADS):
        return None
    return Arg(ENTITY, start, " ".join(words), "ROLE", GAZETTEER)


def _after(frame: Frame, *words: str, reach: int = 4) -> Token | None:
    """The token after the first of ``words`` shortly after the verb ("promoted (quickly) to …")."""
    doc, sent = frame.v.doc, frame.v.sent
    for j in range(frame.v.i + 1, min(sent.end - 1, frame.v.i + reach)):
        if doc[j].lower_ in words:
            return doc[j + 1]
    return None


def _role_rels(frame: Frame, subjects: list[Arg], tok: Token | None, *, held: bool = False) -> list[Rel]:
    """HAS_ROLE, the role written from ``tok`` on, from the clause's time (:func:`role_when`), or (``held``) held then."""
    role = role_words(tok, frame) if tok is not None else None
    if role is None:
        return []
    return emit(frame, HAS_ROLE, subjects, role, frame.when("state") if held else role_when(frame, role))


def role_after(frame: Frame, *, after: str = "to", particle: str = "") -> list[Rel]:
    """The role after ``after`` (with ``particle`` beside the verb): "I got promoted to data scientist back in 2020",
    "I moved up to senior accountant last spring" (not "we moved up to Seattle": no role noun); the employer "at"
    names with it: "promoted to head chef at Ostra" also works at Ostra."""
    if particle and not any(c.lower_ == particle and c.dep_ in ("advmod", "prt") for c in frame.v.children):
        return []
    rels = _role_rels(frame, _people(frame), _after(frame, after))
    under = [*frame.prep(after), *(c for c in frame.v.children if c.dep_ == "xcomp")]  # "to head chef": "head" a verb
    orgs = [*frame.prep("at"), *(o for t in under for o in prep_objects(t, "at"))] if rels else []
    return rels + employment(frame, [r.subject for r in rels[:1]], When("state"), orgs)


def _title_owner(tok: Token, frame: Frame) -> Arg | None:
    """Whose title a subject is, the title also as an apposition: "Kenji's title", "My best friend Kenji's title"."""
    titles = [tok] + [c for c in tok.children if c.dep_ == "appos"]
    for title in titles:
        if title.lemma_.lower() in TITLE_NOUNS:
            owner = next((_owner(c, frame) for c in title.children if c.dep_ == "poss"), None)
            if owner is not None:
                return owner
    return None


def _owner(poss: Token, frame: Frame) -> Arg | None:
    """The possessor, or the name it is given: "Kenji's", "my sister Ana's" (the sister is Ana)."""
    owner = possessor(poss, frame.idx)
    if owner is None and poss.pos_ == "NOUN":
        owner = next((possessor(c, frame.idx) for c in poss.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
    return owner


def title_changed(frame: Frame) -> list[Rel]:
    """"My best friend Kenji's title changed to head nurse last month"."""
    owners = [o for o in (_title_owner(t, frame) for t in frame.subj_toks) if o is not None]
    return _role_rels(frame, owners[:1], _after(frame, "to")) if owners else []


def took_over(frame: Frame) -> list[Rel]:
    """"Leo took over as head of marketing", "I took over as lead of the data team" (LEADS), and
    "Leo took charge of the sales team"."""
    if frame.dobj is not None and frame.dobj.lemma_.lower() == "charge":
        return emit(frame, LEADS, _people(frame), lead_team(frame.dobj), frame.when("start"))
    if frame.prt != "over":
        return []
    if (team := lead_team(*frame.prep("as"))) is not None:
        return emit(frame, LEADS, _people(frame), team, frame.when("start"))
    return _role_rels(frame, _people(frame), _after(frame, "as"))


def stepped_into(frame: Frame) -> list[Rel]:
    """"I stepped into the role of scrum master", "she stepped in as interim CTO", "stepped up as captain"."""
    if (into := _after(frame, "into")) is not None:
        j = into.i + 1 if into.lower_ in ("a", "an", "the") else into.i
        doc = into.doc
        if j + 2 < into.sent.end and doc[j].lemma_.lower() in TITLE_NOUNS and doc[j + 1].lower_ == "of":
            into = doc[j + 2]  # "the role of product owner"
        return _role_rels(frame, _people(frame), into)
    if frame.prt in ("in", "up") or any(c.lower_ in ("in", "up") and c.dep_ in ("advmod", "prt") for c in frame.v.children):
        return _role_rels(frame, _people(frame), _after(frame, "as"))
    return []


def named_role(frame: Frame) -> list[Rel]:
    """"Ana was named head coach", "I was made team lead in 2021", "Leo was appointed (as) chief of staff"."""
    if not any(c.dep_ == "auxpass" for c in frame.v.children):
        return []
    pred = next((c for c in frame.v.children if c.dep_ in ("oprd", "attr", "dobj", "xcomp", "ccomp") and c.i > frame.v.i), None)
    start = pred.left_edge if pred is not None else _after(frame, "as", reach=2)
    return _role_rels(frame, _people(frame), start)


def self_described(frame: Frame) -> list[Rel]:
    """One's own role said of oneself: "I consider myself a writer", "I've always thought of myself as a serious
    painter" (the reflexive, then the role noun; not "I consider myself lucky"; "I see myself as a teacher" is as
    often a future imagined, so not "see")."""
    me = next((t for t in frame.v.subtree if t.lower_ in ("myself", "ourselves") and t.i > frame.v.i), None)
    if me is None or me.i + 1 >= me.sent.end:
        return []
    start = me.doc[me.i + 1] if frame.lemma == "consider" else _after(frame, "as", reach=me.i - frame.v.i + 2)
    return [] if start is None or start.i <= me.i else _role_rels(frame, _people(frame), start, held=True)


def occupation(frame: Frame) -> list[Rel]:
    """A verb that names one's work (``occupation_verbs``, data): "I teach third grade" → teacher, "i drive a truck
    for a living" → truck driver, "I practice law" → lawyer. The present tense alone says so only for the verbs
    marked ``alone``, and not when a person is taught ("I teach my son chess"); any other verb needs a livelihood
    phrase ("I bake cakes for a living", not "I bake cakes"). A named organisation it is done for is the employer
    ("I tutor maths for a firm called Brightpath"; not "for my nephew")."""
    spec = OCCUPATIONS.get(frame.lemma)
    if spec is None or not (_for_a_living(frame) or spec.get("alone") and (frame.v.tag_ in ("VBP", "VBZ") or frame.status.used_to
                                                      or frame.status.tense in ("progressive", "perfect_progressive"))):
        return []
    obj = frame.dobj
    if obj is not None and (obj.pos_ in ("PRON", "PROPN") or obj.ent_type_ == "PERSON" or obj.lemma_.lower() in L.KIN
                            and any(c.dep_ == "poss" for c in obj.children)) or any(c.dep_ == "dative" for c in frame.v.children):
        return []  # "I teach him", "I coach my daughter": a person helped, not a job ("tutoring kids" is one)
    kind = obj.lemma_.lower() if obj is not None and obj.pos_ == "NOUN" else ""
    role = spec.get("objects", {}).get(kind) or spec.get("role")
    if role is None:
        return []
    if spec.get("object") and obj is not None and kind and not any(c.dep_ == "compound" or c.dep_ == "prep" and not _livelihood(c)
                                               for c in obj.children):
        role = f"{kind} {role}"
    when = frame.when("state")
    if when is None and frame.status.tense == "past" and frame.v.lower_ == frame.lemma and _for_a_living(frame):
        when = When("state")  # "I cut hair for a living": a present the tagger took for the past (cut, cut)
    bosses = [called_token(t) or t for t in [*frame.prep("for"), *(prep_objects(obj, "for") if obj is not None else [])]]
    return emit(frame, HAS_ROLE, _people(frame), Arg(ENTITY, frame.v.i, role, "ROLE", GUESS), when) + employment(
        frame, _people(frame), when, bosses)


def _for_a_living(frame: Frame) -> bool:
    """A phrase of the verb or its object says it is done for one's living (``livelihood_phrases``)."""
    holders = [frame.v] + ([frame.dobj] if frame.dobj is not None else [])
    return any(_livelihood(c) for h in holders for c in h.children if c.dep_ in ("prep", "advmod"))


def _livelihood(tok: Token) -> bool:
    return " ".join(t.lower_ for t in tok.subtree) in ROLES.livelihood_phrases


def founded(frame: Frame, *, role: str, named: bool = False) -> list[Rel]:
    """A business someone founds: WORKS_AT it from then, HAS_ROLE ``role`` ("I co-founded Brightline in 2020",
    "I founded a studio called Nord"); ``named``: only a company or workplace said with its name ("I started my own
    bakery, Crumb & Co", not "I started a new job", "we started the movie", "I started yoga", nor a school or gym
    one goes to: ``joined_workplaces``), or a name ending in a company word ("I started Acme Corp": ``company_suffixes``)."""
    obj = frame.dobj
    tok = named_org(obj, frame.v) if obj is not None else None
    company = obj is not None and obj.pos_ == "PROPN" and obj.lower_ in TIES.company_suffixes  # "Acme Corp"
    if obj is None or tok is None or named and (tok is obj and not company or obj.lemma_.lower() in TIES.joined_workplaces):
        return []
    when = frame.when("start")
    rels = emit(frame, "WORKS_AT", persons(frame), A.token_org(tok, frame.idx, tools=False), when, obj_tok=tok)
    title = Arg(ENTITY, frame.v.i, role, "ROLE", GAZETTEER)
    return rels + emit(frame, "HAS_ROLE", [r.subject for r in rels if r.kind != "end"], title, when)
