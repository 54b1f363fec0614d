"""Open-domain clauses: every clause that states something durable about a person yields a candidate.

The vocabulary rules (:mod:`chronomem.extract.relations` and friends) know a few dozen verbs
well. This module reads every other clause whose subject is a person (the speaker, "we", a
name, a resolved pronoun) and keeps the durable ones:

* tastes: "I love the sound of rain on the roof" → LIKES "sound of rain on the roof";
  "I'm really into birdwatching", "I'm a big fan of jazz" → LIKES; "I can't stand X" is negated
  (no fact), "I hate X" → DISLIKES;
* habits and ongoing activities: "I volunteer at the food bank" → RELATED_TO {"relation":
  "volunteers at"} "food bank"; "I've been knitting for years" (started then); "I'm training for
  a marathon" (only verbs that describe an ongoing project, ``ongoing_verbs``);
* identities: "I'm a vegetarian", "I'm transgender" → RELATED_TO {"relation": "is"};
  "I'm interested in astronomy" → RELATED_TO {"relation": "is interested in"};
* possessions and unnamed pets or children: "I have two dogs" → HAS_PET "<owner>'s dogs";
  "the kayak that I bought" (a relative clause) → OWNS "kayak";
* new jobs: "I started a new job as a nurse" → HAS_ROLE "nurse" from then.

Mental and conversational verbs ("think", "hope", "tell", ``transient_verbs``), one-off events
in the past tense, questions, hypotheticals and negations (filtered before) yield nothing.
Which verbs and words do what is data (``chronomem/data/lexicon/open_clauses.json``); this
module is the mechanics. Open facts are ``many``-valued; the relation phrase is a qualifier,
so "volunteers at" and "teaches at" are different slots.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract import accept as A
from chronomem.extract import lexicon as L
from chronomem.extract.args import DocIndex, name_arg, pronoun_arg
from chronomem.extract.frames import Frame, build_frame, with_conj
from chronomem.extract.lexicon_data import OPEN
from chronomem.extract.phrases import gerund, object_phrase, third_person
from chronomem.extract.records import ENTITY, GUESS, OWNED, Arg, Rel, When

OPEN_PREDICATE = "RELATED_TO"
OPEN_CONFIDENCE = 0.6
TASTE_CONFIDENCE = 0.8
# Predicates an open reading may replace on the same verb: the vocabulary rule found the verb
# but cut its object to a head noun ("the sound of rain" → "sound").
REPLACEABLE = frozenset({"LIKES", "DISLIKES", "PREFERS"})
_RELATIVE = frozenset({"that", "which", "who", "whom"})
_KIN_PREDICATES = {"child": "PARENT_OF", "sibling": "SIBLING_OF"}


def open_rels(sent: Span, idx: DocIndex, times: list, hedged: frozenset[int]) -> list[Rel]:
    """Open-domain candidates of one sentence (already past the question/hypothetical filters)."""
    out: list[Rel] = []
    for tok in sent:
        if tok.pos_ not in ("VERB", "AUX") or tok.dep_ in ("aux", "auxpass", "amod", "compound"):
            continue
        if tok.pos_ == "AUX" and tok.lemma_.lower() != "be" and tok.lemma_.lower() != "have":
            continue
        frame = build_frame(tok, idx, times, hedged)
        out += clause_rels(frame)
    return out


def merge(verb_rels: list[Rel], open_found: list[Rel], idx: DocIndex | None = None) -> list[Rel]:
    """Open candidates join the vocabulary rules' output for verbs those rules did not use; a
    taste whose object the open reading keeps whole replaces the rule's cut one, and a taste
    whose object the open reading rejects (a bare gerund, a pronoun, the other speaker) goes."""
    if idx is not None:
        verb_rels = [r for r in verb_rels if not (r.predicate in REPLACEABLE and r.obj.kind == ENTITY and r.obj.i >= 0
                                                  and _phrase_arg(idx.doc[r.obj.i], idx) is None)]
    fired = {r.i for r in verb_rels}
    open_by_verb: dict[int, list[Rel]] = {}
    for r in open_found:
        open_by_verb.setdefault(r.i, []).append(r)
    kept = []
    for r in verb_rels:
        better = [o for o in open_by_verb.get(r.i, ()) if o.predicate == r.predicate and r.predicate in REPLACEABLE]
        if better and all(b.obj.name != r.obj.name for b in better) and r.obj.kind == ENTITY:
            continue
        kept.append(r)
    taken = {(r.i, r.predicate, r.obj.name) for r in kept}
    for r in open_found:
        if (r.i not in fired or r.predicate in REPLACEABLE) and (r.i, r.predicate, r.obj.name) not in taken:
            kept.append(r)
            taken.add((r.i, r.predicate, r.obj.name))
    return kept


def clause_rels(frame: Frame) -> list[Rel]:
    """The open-domain reading of one verb's clause (empty when it states nothing durable)."""
    if frame.lemma == "be" and not frame.status.blocked and not frame.status.negated:
        favourite = _favourite(frame)
        if favourite:
            return favourite
    if not frame.status.blocked and not frame.status.negated:
        loved = _loved_subject(frame)
        if loved:
            return loved
    subjects = _person_subjects(frame)
    if not subjects or frame.status.blocked or frame.status.negated:
        return []
    lemma = frame.lemma
    if lemma in OPEN.taste_verbs:
        return _taste(frame, subjects, OPEN.taste_verbs[lemma])
    if lemma == "be":
        return _copula(frame, subjects)
    if lemma == "have":
        return _have(frame, subjects)
    if lemma in OPEN.transient_verbs or lemma in OPEN.vocabulary_verbs:
        return []
    aspect = _aspect(frame)
    if aspect is None:
        return []
    job = _new_job(frame, subjects)
    if job is not None:
        return job
    return _activity(frame, subjects, aspect)


# ----------------------------------------------------------------------------- pieces
def _person_subjects(frame: Frame) -> list[Arg]:
    """Subjects that are surely people: the speaker, "we", a pronoun, or a name NER calls a person
    or that is a known first name (not "Painting" opening a sentence, not "the dance crew")."""
    out = []
    for arg in frame.subjects(team=True):
        person = A.subject_person(arg, we=True, loose=True)
        if person is None:
            continue
        if person.kind == ENTITY and not (person.label == "PERSON" or person.gender):
            continue
        out.append(person)
    return out


def _aspect(frame: Frame) -> str | None:
    """``state`` for a habit or an ongoing activity, ``start`` for a beginning; ``None`` for an event."""
    status, lemma = frame.status, frame.lemma
    if status.governor == "end":
        return None  # "I quit smoking": an ending the vocabulary rules read when they can
    if status.used_to:
        return "state"  # when_for turns "used to" into an ending
    if status.governor == "start" or (lemma in OPEN.start_verbs and status.tense in ("past", "perfect")):
        return "start"
    if OPEN.start_particles.get(lemma) == frame.prt and status.tense in ("past", "perfect"):
        return "start"  # "took up pottery"
    if status.tense == "present" and frame.v.tag_ in ("VBP", "VBZ", "VB"):
        return "state"
    if status.tense == "perfect_progressive":
        return "state"
    if status.tense == "progressive" and (lemma in OPEN.ongoing_verbs or lemma not in OPEN.momentary_verbs) and not any(
            t.role == "point" for t in frame.times):
        return "state"  # "I'm writing a screenplay", not "I'm eating lunch" nor "I'm seeing her tonight"
    return None


def _is_time(idx: DocIndex):
    return lambda t: idx.is_time(t)


def _phrase_arg(tok: Token, idx: DocIndex, *, people: bool = False) -> Arg | None:
    if tok.lower_ in _RELATIVE and tok.head.dep_ == "relcl":
        tok = tok.head.head  # "the kayak that I bought": the object is the noun the clause describes
    common_opener = tok.i == tok.sent.start and tok.pos_ != "PROPN"  # "Dance is my life": a common word
    if (tok.pos_ == "PROPN" or idx.term_at[tok.i] is not None or idx.ent_at[tok.i] is not None) and not common_opener:
        named = name_arg(tok, idx)
        phrase = object_phrase(tok, is_time=_is_time(idx))
        if named is not None and phrase and named.name in phrase and len(phrase) > len(named.name) and named.type == "OTHER":
            return Arg(ENTITY, tok.i, phrase, "OTHER", GUESS)  # "old Westerns"
        if named is not None:
            if named.name.lower() in (tok.doc.user_data.get("chronomem_speakers") or {}):
                return None  # "I love Nate": the other speaker is not a taste
            return named if people or named.label != "PERSON" and not named.gender else None
    if not people and tok.lemma_.lower() in OPEN.person_objects:
        return None
    if tok.lemma_.lower() in OPEN.abstract_objects or tok.lower_ in OPEN.abstract_objects:
        return None  # "make a difference", "take the plunge", "chase my dreams"
    phrase = object_phrase(tok, is_time=_is_time(idx))
    if phrase is None or len(phrase) < 3:
        return None
    if phrase.split(" ", 1)[0] in OPEN.light_gerunds:
        return None  # "having a supportive team", "making a difference": no lasting thing named
    speakers = tok.doc.user_data.get("chronomem_speakers") or {}
    if phrase.lower() in speakers:
        return None
    return Arg(ENTITY, tok.i, phrase, "OTHER", GUESS)


def _objects(frame: Frame) -> list[Token]:
    """Direct objects (with conjuncts), else an ``xcomp`` gerund or infinitive."""
    if frame.dobj is not None:
        return with_conj(frame.dobj)
    if frame.v.dep_ == "relcl" and frame.v.head.pos_ == "NOUN" and not any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _RELATIVE for c in frame.v.children):
        return [frame.v.head]  # "the canoe I bought"
    return [t for c in frame.v.children if c.dep_ in ("xcomp", "ccomp") and c.pos_ == "VERB"
            and c.tag_ in ("VBG", "VB") for t in with_conj(c)]


def _rels(frame: Frame, subjects: list[Arg], predicate: str, obj: Arg | None, aspect: str, *,
          relation: str = "", confidence: float = OPEN_CONFIDENCE) -> list[Rel]:
    when = frame.when(aspect)
    if obj is None or when is None:
        return []
    quals = {"relation": relation} if predicate == OPEN_PREDICATE and relation else {}
    return [Rel(predicate, s, obj, when, "end" if when.mode == "end" else "assert", None, confidence, dict(quals), frame.v.i)
            for s in subjects if not (s.kind == ENTITY and s.name == obj.name)]


def _taste(frame: Frame, subjects: list[Arg], predicate: str) -> list[Rel]:
    if frame.v.pos_ != "VERB":
        return []
    past = frame.status.tense == "past"  # "I've always loved X" (perfect) is a lasting taste
    if not past and frame.status.tense not in ("present", "perfect", "perfect_progressive", "progressive"):
        return []
    out = []
    for tok in _objects(frame):
        if predicate == "PREFERS":
            tok = _without_comparison(tok)
        if past and tok.pos_ != "PROPN":
            continue  # "I loved that book" says little; "I loved Little Women" names a lasting taste
        arg = _phrase_arg(tok, frame.idx)
        if past and arg is not None:
            out += [Rel(predicate, s, arg, When("state"), "assert", None, 0.6, {}, frame.v.i) for s in subjects]
            continue
        if frame.status.tense == "perfect" and arg is not None:  # when_for has no start for a bare perfect
            out += [Rel(predicate, s, arg, When("state"), "assert", None, TASTE_CONFIDENCE, {}, frame.v.i) for s in subjects]
            continue
        out += _rels(frame, subjects, predicate, arg, "state", confidence=TASTE_CONFIDENCE)
    return out


def _without_comparison(tok: Token) -> Token:
    """"tea over coffee": the vocabulary rule keeps the other side as a qualifier; the object is "tea"."""
    return tok


def _favourite(frame: Frame) -> list[Rel]:
    """"My favourite book is Dune" → the speaker LIKES "Dune"."""
    subj = next((c for c in frame.v.children if c.dep_ == "nsubj"), None)
    if subj is None or frame.attr is None or frame.status.tense != "present":
        return []
    if not any(c.lower_ in ("favorite", "favourite", "fave") for c in subj.children):
        return []
    owner = next((pronoun_arg(c) for c in subj.children if c.dep_ == "poss"), None)
    if owner is None:
        return []
    out = []
    for tok in with_conj(frame.attr):
        arg = _phrase_arg(tok, frame.idx)
        if arg is not None:
            out.append(Rel("LIKES", owner, arg, When("state"), "assert", None, TASTE_CONFIDENCE, {}, frame.v.i))
    return out


def _loved_subject(frame: Frame) -> list[Rel]:
    """A thing that the clause says the speaker loves, though the speaker is not its subject:
    "Painting is my passion", "pottery relaxes me", "dancing makes me happy", "gardening is so
    therapeutic", "I find knitting calming"."""
    v, lemma = frame.v, frame.lemma
    if frame.status.tense not in ("present", "perfect"):
        return []
    subj = next((c for c in v.children if c.dep_ in ("nsubj", "csubj")), None)
    subjs = with_conj(subj) if subj is not None else []
    if lemma == "find" and frame.dobj is not None:  # "I find knitting calming"
        me = next((pronoun_arg(c) for c in v.children if c.dep_ == "nsubj"), None)
        judged = [c for c in v.children if c.dep_ in ("oprd", "ccomp", "xcomp") and c.lower_ in OPEN.positive_adjectives]
        judged += [c for c in frame.dobj.children if c.dep_ in ("amod", "acomp") and c.lower_ in OPEN.positive_adjectives
                   and c.i > frame.dobj.i]
        if me is not None and me.kind == "speaker" and judged:
            arg = _phrase_arg(frame.dobj, frame.idx)
            return [] if arg is None else [Rel("LIKES", me, arg, When("state"), "assert", None, 0.7, {}, v.i)]
        return []
    if subj is None or subj.pos_ == "PRON" or subj.lower_ in ("it", "that", "this"):
        return []
    owner = None
    if lemma == "be" and frame.attr is not None and frame.attr.lemma_.lower() in OPEN.passion_nouns:
        owner = next((pronoun_arg(c) for c in frame.attr.children if c.dep_ == "poss"), None)
    elif lemma == "be" and (frame.acomp is not None and frame.acomp.lower_ in OPEN.positive_adjectives) and (
            subj.tag_ == "VBG" or subj.dep_ == "csubj"):
        owner = _speaker_in(frame)  # "Painting is so relaxing for me"
    elif lemma in OPEN.joy_verbs and frame.dobj is not None:
        owner = pronoun_arg(frame.dobj)
    elif lemma in OPEN.joy_light_verbs:
        words = OPEN.joy_light_verbs[lemma]
        if any(t.lower_ in words for t in v.subtree if t.i > v.i):
            owner = next((pronoun_arg(c) for c in v.subtree if c.i > v.i and c.lower_ in ("me", "us")), None)
    if owner is None or owner.kind not in ("speaker", "we"):
        return []
    args = [a for a in (_phrase_arg(t, frame.idx) for t in subjs) if a is not None]  # "Cooking and baking are my outlets"
    return [Rel("LIKES", owner, arg, When("state"), "assert", None, 0.7, {}, v.i) for arg in args]


def _speaker_in(frame: Frame) -> Arg | None:
    """"… for me": the speaker the judgement belongs to; in a chat, a bare judgement is the speaker's own."""
    for tok in frame.v.subtree:
        if tok.lower_ in ("me", "us") and tok.dep_ == "pobj":
            return pronoun_arg(tok)
    return Arg("speaker", frame.v.i)


def _owned_thing(tok: Token) -> list[Rel]:
    """"my studio", "our online store", "my guitar": something lasting the speaker owns."""
    poss = [c for c in tok.children if c.dep_ == "poss" and c.lower_ in ("my", "our")]
    if not poss or tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].pos_ in ("NOUN", "PROPN"):
        return []  # "my studio space", "my guitar teacher": the noun names something else
    me = pronoun_arg(poss[0])
    if any(c.lower_ in OPEN.unreal_modifiers for c in tok.children):
        return []  # "my dream studio" is not owned yet
    words = [c for c in tok.children if c.dep_ in ("amod", "compound") and c.i < tok.i and c.i > poss[0].i
             and c.lower_ not in ("new", "old", "little", "own", "first", "favorite", "favourite", "current", "dream")]
    name = " ".join([w.lower_ for w in sorted(words, key=lambda w: w.i)] + [tok.lower_])
    if me is None or tok.lower_ != tok.lemma_.lower() and tok.tag_ == "NNS" and tok.lemma_.lower() in ("painting",):
        return []
    return [Rel("OWNS", me, Arg(ENTITY, tok.i, name, "OTHER", GUESS), When("state"), "assert", None, 0.6, {}, tok.i)]


def kin_rels(sent: Span) -> list[Rel]:
    """"my kids", "our daughter", "my husband", "my friends" (no name): the speaker's relatives and friends,
    as entities named from the speaker ("<speaker>'s kids")."""
    out = []
    for tok in sent:
        if tok.pos_ == "NOUN" and tok.lemma_.lower() in OPEN.possession_nouns and tok.dep_ not in ("compound", "amod"):
            out += _owned_thing(tok)
            continue
        kin = OPEN.kin_possessions.get(tok.lower_)
        if kin is None or tok.pos_ != "NOUN":
            continue
        poss = [c for c in tok.children if c.dep_ == "poss" and c.lower_ in ("my", "our")]
        if tok.dep_ in ("appos", "attr", "npadvmod") and (tok.head.pos_ in ("PROPN", "AUX", "VERB")):
            continue  # "Tom, my brother", "Emma is my sister": a named relative, the vocabulary rules'
        if any(c.dep_ == "appos" for c in tok.children) or any(
                t.pos_ == "PROPN" or (t.is_title and t.lower_ != "i") for t in tok.doc[tok.i + 1: min(len(tok.doc), tok.i + 3)]):
            continue
        if not poss or any(c.dep_ in ("appos", "compound", "amod") and (c.pos_ == "PROPN" or c.lower_ in L.ENDED_KIN_MODIFIERS
                                                                          or c.lower_ in L.SKIP_KIN_MODIFIERS) for c in tok.children):
            continue  # "my sister Emma" is the vocabulary rules'; "my late father", "my ex-husband" are not current
        nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
        if nxt is not None and (nxt.pos_ == "PROPN" or (nxt.is_punct and nxt.i + 1 < len(tok.doc) and tok.doc[nxt.i + 1].pos_ == "PROPN")):
            continue
        me = pronoun_arg(poss[0])
        if me is None:
            continue
        other = Arg(OWNED, tok.i, tok.lower_, "PERSON", GUESS)
        if kin == "child":
            out.append(Rel("PARENT_OF", me, other, When("state"), "assert", None, 0.7, {}, tok.i))
        elif kin == "parent":
            out.append(Rel("PARENT_OF", other, me, When("state"), "assert", None, 0.7, {}, tok.i))
        else:
            predicate = {"sibling": "SIBLING_OF", "spouse": "MARRIED_TO", "partner": "PARTNER_OF", "fiance": "ENGAGED_TO",
                         "friend": "FRIEND_OF"}[kin]
            out.append(Rel(predicate, me, other, When("state"), "assert", None, 0.7, {}, tok.i))
    return out


def _copula(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    if frame.status.tense not in ("present", "perfect", "perfect_progressive"):
        return []
    aspect = "state"
    adj = frame.acomp
    if adj is None and frame.attr is not None and frame.attr.pos_ == "ADJ":
        adj = frame.attr
    if adj is not None:
        word = adj.lower_
        if word in OPEN.taste_adjectives or word in OPEN.open_adjectives:
            preps = OPEN.taste_adjectives.get(word, OPEN.open_adjectives.get(word, ()))
            toks = [t for p in preps for c in adj.children if c.dep_ == "prep" and c.lower_ == p
                    for o in c.children if o.dep_ in ("pobj", "pcomp") for t in with_conj(o)]
            predicate = "LIKES" if word in OPEN.taste_adjectives else OPEN_PREDICATE
            out = []
            for tok in toks:
                prep = tok.head.lower_
                out += _rels(frame, subjects, predicate, _phrase_arg(tok, frame.idx), aspect,
                             relation=f"is {word} {prep}", confidence=TASTE_CONFIDENCE)
            return out
        if word in OPEN.identity_adjectives:  # "lactose intolerant" keeps its modifier
            mods = [c.lower_ for c in adj.children if c.dep_ in ("npadvmod", "compound", "amod") and c.i < adj.i]
            name = " ".join([*mods, word])
            return _rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, adj.i, name, "OTHER", GUESS), aspect, relation="is")
        return []
    into = [t for c in frame.v.children if c.dep_ == "prep" and c.lower_ == "into" for t in c.children if t.dep_ == "pobj"]
    if into:  # "I'm into birdwatching"
        return [r for t in into for r in _rels(frame, subjects, "LIKES", _phrase_arg(t, frame.idx), aspect,
                                               confidence=TASTE_CONFIDENCE)]
    noun = frame.attr
    if noun is None or noun.pos_ != "NOUN":
        return []
    head = noun.lemma_.lower()
    if head in OPEN.fan_nouns:  # "a big fan of jazz"
        toks = [t for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for t in c.children if t.dep_ == "pobj"]
        return [r for t in toks for r in _rels(frame, subjects, "LIKES", _phrase_arg(t, frame.idx), aspect,
                                               confidence=TASTE_CONFIDENCE)]
    if head in OPEN.not_identities or not head.endswith(tuple(OPEN.identity_suffixes)):
        return []
    if any(c.dep_ == "poss" for c in noun.children) or head in L.ROLE_HEADS or head in L.KIN:
        return []  # "Priya is my manager", "I'm a nurse": the vocabulary rules
    if any(c.dep_ == "prep" for c in noun.children) or any(c.lower_ in ("such", "what", "quite") for c in noun.children):
        return []
    return _rels(frame, subjects, OPEN_PREDICATE, _phrase_arg(noun, frame.idx), aspect, relation="is")


def _have(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """"I have two dogs" → HAS_PET; "I have a sister" → SIBLING_OF; "we have a cabin" → OWNS."""
    if frame.status.tense not in ("present",) or frame.v.pos_ == "AUX" and frame.dobj is None:
        return []
    out: list[Rel] = []
    for tok in frame.dobjs:
        lemma = tok.lemma_.lower()
        if any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in ("the", "this", "that", "no")) for c in tok.children):
            continue  # "I have the flu", "I have no idea"
        if tok.pos_ == "PROPN" or any(c.dep_ in ("appos", "acl", "relcl") for c in tok.children):
            continue  # the vocabulary rules read named pets and kin ("a dog named Rex")
        if lemma in L.PET_NOUNS:
            out += _rels(frame, subjects, "HAS_PET", Arg(OWNED, tok.i, tok.lower_, "PET", GUESS), "state", confidence=0.7)
        elif L.KIN.get(lemma, ("", ""))[0] in _KIN_PREDICATES:
            predicate = _KIN_PREDICATES[L.KIN[lemma][0]]
            out += _rels(frame, subjects, predicate, Arg(OWNED, tok.i, tok.lower_, "PERSON", GUESS), "state", confidence=0.7)
        elif lemma in OPEN.possession_nouns:
            out += _rels(frame, subjects, "OWNS", _phrase_arg(tok, frame.idx), "state", confidence=0.7)
    return out


def _new_job(frame: Frame, subjects: list[Arg]) -> list[Rel] | None:
    """"started a new job as a nurse", "got a position at the clinic": HAS_ROLE / WORKS_AT from then."""
    dobj = frame.dobj
    if dobj is None or dobj.lemma_.lower() not in L.JOB_NOUNS:
        return None
    out: list[Rel] = []
    for prep, predicate in (("as", "HAS_ROLE"), ("at", "WORKS_AT"), ("with", "WORKS_AT")):
        for tok in frame.dobj_preps.get(prep, []) + frame.preps.get(prep, []):
            arg = _phrase_arg(tok, frame.idx) if predicate == "HAS_ROLE" else _org(tok, frame)
            if arg is not None and predicate == "HAS_ROLE":
                arg = Arg(ENTITY, arg.i, arg.name, "ROLE", GUESS)
            out += _rels(frame, subjects, predicate, arg, "start", confidence=0.8)
    return out


def _org(tok: Token, frame: Frame) -> Arg | None:
    return A.token_org(tok, frame.idx)


def _activity(frame: Frame, subjects: list[Arg], aspect: str) -> list[Rel]:
    """A habit or ongoing activity: the verb (with its particle and preposition) and its object."""
    lemma = frame.lemma
    verb = third_person(lemma) if frame.status.tense != "progressive" else f"is {frame.v.lower_}"
    if frame.prt:
        verb += f" {frame.prt}"
    out: list[Rel] = []
    objs = _objects(frame)
    predicate = OPEN.verb_predicates.get(lemma, OPEN_PREDICATE)
    for tok in objs:
        if tok.pos_ == "VERB":
            continue  # "I try to…", "I keep going": the inner verb is its own clause
        if predicate == "OWNS" and (tok.lemma_.lower() in OPEN.consumables or tok.lemma_.lower() in L.PET_NOUNS):
            continue  # "bought lunch"; pets are HAS_PET
        if predicate == OPEN_PREDICATE and lemma in OPEN.start_verbs and frame.status.tense in ("past", "perfect"):
            continue  # "started school", "set up a meeting": a beginning of something, not a habit
        if predicate == "HAS_PET" and tok.lemma_.lower() not in L.PET_NOUNS:
            predicate = OPEN_PREDICATE
        arg = Arg(OWNED, tok.i, tok.lower_, "PET", GUESS) if predicate == "HAS_PET" else _phrase_arg(tok, frame.idx)
        out += _rels(frame, subjects, predicate, arg, aspect, relation=verb)
    if out or objs:
        return out
    for prep, toks in _object_preps(frame).items():
        for tok in toks:
            out += _rels(frame, subjects, OPEN_PREDICATE, _phrase_arg(tok, frame.idx, people=prep == "with"),
                         aspect, relation=f"{verb} {prep}")
        if out:
            break
    if not out and not _object_preps(frame) and aspect in ("state", "start") and frame.v.tag_ in ("VBZ", "VBP", "VBG") and (
            frame.status.tense in ("present", "perfect_progressive")) and _stands_alone(frame.v):
        out = _rels(frame, subjects, OPEN_PREDICATE, Arg(ENTITY, frame.v.i, _gerund_name(frame.v), "OTHER", GUESS),
                    aspect, relation="does")  # "I paint", "I've been running for years"
    return out


def _object_preps(frame: Frame) -> dict[str, list[Token]]:
    """Prepositions whose object is a thing, not a time or a frequency ("for years", "on weekends")."""
    out = {}
    for prep, toks in frame.preps.items():
        if prep in OPEN.non_object_preps:
            continue
        kept = [t for t in toks if not (frame.idx.is_time(t) or t.ent_type_ in ("DATE", "TIME")
                                        or t.lower_ in OPEN.frequency_nouns)]
        if kept:
            out[prep] = kept
    return out


def _stands_alone(v: Token) -> bool:
    """An intransitive habit verb: nothing but its subject, auxiliaries and adverbs of time or frequency."""
    return all(c.dep_ in ("nsubj", "aux", "advmod", "npadvmod", "punct", "cc", "conj", "prep", "neg") for c in v.children) and \
        v.lemma_.lower() in OPEN.intransitive_habits


def _gerund_name(v: Token) -> str:
    return gerund(v.lemma_.lower())
