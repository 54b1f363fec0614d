"""Tastes: "I love the sound of rain", "X is my passion", "pottery relaxes me", "my favourite book is Dune".

The object keeps its essential words (:mod:`~chronomem.extract.clauses.phrases`); a past-tense taste
counts only for a named thing ("I loved Little Women"); a judgement without a person as subject
("gardening is so therapeutic for me") belongs to the speaker.
"""

from __future__ import annotations

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import DocIndex, first_name_gender, pronoun_arg
from chronomem.extract.clauses.frames import Frame, build_frame, with_conj
from chronomem.extract.clauses.phrases import quoted_title
from chronomem.extract.clauses.records import ENTITY, GUESS, Arg, Rel, holds
from chronomem.extract.clauses.stance import plain, reported, with_can
from chronomem.extract.clauses.tree import aspect_whole, dep_child, is_activity, owned_pet, prep_objects, someone_elses
from chronomem.extract.lexicon import EVENTS, OPEN
from chronomem.extract.rules.open.base import (
    TASTE_CONFIDENCE,
    clause_objects,
    finished_work,
    gerund_conjuncts,
    is_reaction,
    judged_antecedent,
    person_subjects,
    phrase_arg,
    subject_rels,
)
from chronomem.extract.rules.people.impressions import someone_of_mine
from chronomem.extract.rules.shapes import shape_matches


def taste_rels(frame: Frame, subjects: list[Arg], predicate: str) -> list[Rel]:
    past = frame.status.tense == "past"  # "I've always loved X" (perfect) is a lasting taste
    if frame.v.pos_ != "VERB" or not past and frame.status.tense not in ("present", "perfect", "perfect_progressive",
                                                                          "progressive"):
        return []
    out = []
    objects = clause_objects(frame)
    if frame.dobj is not None:  # "I enjoy reading, watching films, and hiking": a list the parser broke up
        objects += [t for c in frame.v.children if c.dep_ == "advcl" and c.tag_ == "VBG" and c.i > frame.dobj.i
                    and c.nbor(-1).is_punct for t in with_conj(c)]
    objects += _besides_objects(frame) + [t for o in objects if o.lower_ in EVENTS.go_forms for g in o.children if g.dep_ in (
        "xcomp", "dobj") and g.lower_.endswith("ing") for t in with_conj(g)[1:]]  # "I love to go hiking and fishing": fishing too
    for tok in objects:
        if tok.dep_ == "conj" and tok.pos_ == "VERB" and tok.lemma_.lower() in OPEN.taste_verbs:
            out += _second_taste(frame, subjects, tok)  # "I love to cook but hate doing dishes": its own taste
            continue
        if past and (work := finished_work(tok)) is not None:  # "Finished Piranesi, loved it"
            out += [holds(predicate, s, work, frame.v.i, 0.6) for s in subjects]
            continue
        if past and tok.pos_ != "PROPN" and quoted_title(tok) is None:
            continue  # "I loved that book" says little; "I loved Little Women" names a lasting taste
        if is_reaction(tok) or someone_of_mine(tok, frame.idx) or someone_elses(tok) or owned_pet(tok):
            continue  # (the person of "my landlord Victor" is the impressions' object, "I love my coworker" names no
            # one, nor does a class of people: "I love teachers"; "my sister's cooking" is hers; "my dog Max" a pet)
        if (whole := aspect_whole(tok)) is None:
            continue  # "I really like the acting": a quality of something said before
        tok = whole  # "the plot of Dune": Dune
        arg = phrase_arg(tok, frame.idx)
        if arg is not None and (past or frame.status.tense == "perfect"):  # when_for has no start for a bare perfect
            out += [holds(predicate, s, arg, frame.v.i, 0.6 if past else TASTE_CONFIDENCE) for s in subjects]
            continue
        for one in (arg, *gerund_conjuncts(tok, arg, frame.idx)):  # "baking bread and cookies": cookies too
            out += subject_rels(frame, subjects, predicate, one, "state", confidence=TASTE_CONFIDENCE)
    return out


def slang_taste(frame: Frame) -> str | None:
    """The taste of a verb that is one only in chat ("I really dig vinyl records": ``slang_tastes``), said now of
    a thing; ``None`` in its plain sense: "dig holes", "dig up", "dig for clams" (``slang_plain_objects``)."""
    dobj = frame.dobj
    if frame.lemma not in OPEN.slang_tastes or dobj is None or frame.prt or frame.preps or frame.status.tense != "present":
        return None
    return None if dobj.lemma_.lower() in OPEN.slang_plain_objects else OPEN.slang_tastes[frame.lemma]


def _second_taste(frame: Frame, subjects: list[Arg], verb: Token) -> list[Rel]:
    """A taste verb the parser hung under the first one's object, with its own objects ("… but hate
    doing dishes", "… and adore long walks"): its predicate, said of the same subjects."""
    predicate = OPEN.taste_verbs[verb.lemma_.lower()]
    things = [t for c in verb.children if c.dep_ in ("dobj", "xcomp") for t in with_conj(c)]
    return [r for t in things for r in subject_rels(frame, subjects, predicate, phrase_arg(t, frame.idx), "state",
                                                    confidence=TASTE_CONFIDENCE)]


def favourite_rels(frame: Frame) -> list[Rel]:
    """"My favourite book is Dune" → the speaker LIKES "Dune"."""
    subj = next((c for c in frame.v.children if c.dep_ == "nsubj" or c.dep_ == "nsubjpass" and noun_as_verb(frame)), None)
    value = frame.v if noun_as_verb(frame) else _favourite_value(frame)
    if subj is None or value is None or frame.status.tense not in ("present", "progressive"):
        return []
    favourite = OPEN.favourite_words
    if not (subj.lower_ in favourite or any(c.lower_ in favourite or f"{c.lower_} {subj.lower_}" in favourite
                                            for c in subj.children)):
        return _one_of_my_favourites(frame, subj)  # "my favourite book is …", "my favourite is …"
    owner = next((pronoun_arg(c) for c in subj.children if c.dep_ == "poss"), None)
    if owner is None:
        return []
    out = []
    for tok in with_conj(value):
        bare = tok is frame.v and (noun_as_verb(frame) or not any(c.dep_ in ("dobj", "prep") for c in tok.children))
        arg = Arg(ENTITY, tok.i, tok.lower_, "OTHER", GUESS) if bare else phrase_arg(tok, frame.idx, people=True)
        # ("… are reading"; a favourite may be a person: "my favourite author is Ursula Le Guin")
        if arg is not None:
            out.append(holds("LIKES", owner, arg, frame.v.i, TASTE_CONFIDENCE))
    return out


def noun_as_verb(frame: Frame) -> bool:
    """A noun after "is" that the tagger took for a bare verb: "my favourite season is fall" (not "is broken")."""
    return frame.v.tag_ == "VB" and any(c.dep_ == "auxpass" and c.lemma_ == "be" for c in frame.v.children)


def _favourite_value(frame: Frame) -> Token | None:
    """What "my favourite X is …" names: the copula's complement, also when the tagger took a noun for an
    adjective ("my favorite food is sushi") or a verb ("my favourite season is fall"), or read the whole
    as a progressive ("my hobbies are | reading and cooking")."""
    if frame.v.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in frame.v.children):
        return frame.v
    if (said := frame.attr if frame.attr is not None else frame.acomp) is not None:
        return said
    return next((c for c in frame.v.rights if c.dep_ in ("xcomp", "ccomp", "dobj", "oprd") and not any(
        g.dep_ in ("nsubj", "aux", "dobj") for g in c.children)), None)


def _besides_objects(frame: Frame) -> list[Token]:
    """"Besides painting, I also enjoy hiking": the thing set aside is enjoyed too (with "also")."""
    if not any(c.dep_ == "advmod" and c.lower_ in ("also", "too") for c in frame.v.children):
        return []
    preps = [c for c in frame.v.children if c.dep_ == "prep" and c.lower_ in OPEN.besides_words]
    preps += [g for c in frame.v.children if c.dep_ == "advmod" and c.lower_ in OPEN.besides_words
              for g in c.children if g.dep_ == "prep" and g.lower_ == "from"]  # "aside from", "apart from"
    return [t for p in preps for o in p.children if o.dep_ == "pobj" for t in with_conj(o)]


def _one_of_my_favourites(frame: Frame, subj: Token) -> list[Rel]:
    """"Lisbon is one of my favourite cities", "tacos are one of my favourite foods" → the owner of
    "my" LIKES the subject (a name or a noun phrase, never a pronoun: "it's one of my favourites")."""
    attr = frame.attr
    group = next(iter(prep_objects(attr, "of")), None) if attr is not None and attr.lower_ == "one" else None
    if group is None or not any(c.lower_ in OPEN.favourite_words for c in group.children) or group.lower_ in ("one", "ones"):
        return []
    owner = next((pronoun_arg(c) for c in group.children if c.dep_ == "poss"), None)
    arg = phrase_arg(subj, frame.idx) if subj.pos_ in ("PROPN", "NOUN") else None
    if owner is None or arg is None:
        return []
    return [holds("LIKES", owner, arg, frame.v.i, TASTE_CONFIDENCE)]


def love_noun_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """"my love of reading", "nothing beats fresh bread", "I can't get enough of jazz" → the speaker LIKES it (the
    shapes of ``chronomem/data/lexicon/patterns.json``); "Mia can't get enough of sushi": anyone who is surely a person."""
    out = []
    seen: set[int] = set()
    for name, roles in shape_matches(sent.doc, sent, OPEN.love_noun_shapes):
        if name.startswith("have_") and not _held_now(roles["verb"]) or name.startswith("hobby_") and not plain(
                roles["verb"]):
            continue  # "I had a love for horses as a kid", "I don't feel a connection to it"; "I might pick up …"
        if (name.startswith("nothing_") or name == "something_i_love") and roles["verb"].tag_ not in ("VBZ", "VBP"):
            continue  # "nothing beat that summer": a past moment
        if name == "cant_get_enough" and not with_can(roles["verb"]):
            continue  # "I couldn't get enough of it as a kid": a taste of the past
        said = name in ("shared_love_of", "share_love_of", "nothing_beats", "nothing_like", "never_gets_old")  # "nothing beats …"
        owner = Arg("speaker", (roles["owner"] if "owner" in roles else roles["verb"]).i) if said else pronoun_arg(
            roles["owner"])
        if owner is None and name == "cant_get_enough":  # "Mia can't get enough of sushi", "my son can't …"
            owner = next(iter(person_subjects(build_frame(roles["verb"], idx, []))), None)
        for thing in with_conj(roles["thing"]):
            arg = phrase_arg(thing, idx) if owner is not None and thing.i not in seen else None
            if arg is None and owner is not None and name == "hobby_before_noun" and thing.is_lower and [  # "a new hobby,
                    c.i for c in thing.children] == [roles["noun"].i] and thing.lemma_ not in OPEN.vague_objects:  # pottery"
                arg = Arg(ENTITY, thing.i, thing.lower_, "OTHER", GUESS)
            if name == "my_favourite_thing" and thing.dep_ in ("nsubj", "nsubjpass"):
                continue  # "my favourite season is fall": the kind whose favourite is named, not what is liked
            if arg is not None and name == "my_favourite_thing":  # "filled with my favorite fantasy novels"
                words = [w for w in arg.name.split() if w.lower() not in OPEN.favourite_words]
                generic = len(words) == 1 and thing.tag_ == "NNS"  # "my favorite books": a kind, not a taste said
                arg = Arg(arg.kind, arg.i, " ".join(words), arg.type, arg.strength) if words and not generic else None
            if arg is not None and owner is not None:
                seen.add(thing.i)
                out.append(holds("LIKES", owner, arg, (roles["noun"] if "noun" in roles else roles["owner"]).i, 0.7))
    return out


def _extraposed(frame: Frame, subj: Token | None) -> Token | None:
    """The activity an "it" of "it is <adjective>" stands for when it comes after the adjective: "it's so relaxing
    going for long walks" says what "going for long walks is so relaxing" says; else ``subj`` itself."""
    judged = frame.acomp if frame.acomp is not None else frame.attr
    if subj is None or subj.lower_ != "it" or frame.lemma != "be" or judged is None:
        return subj
    return next((c for c in (*frame.v.children, *judged.children) if c.tag_ == "VBG" and c.i > judged.i
                 and (c.dep_ in ("xcomp", "advcl", "csubj") or c.dep_ == "acl" and c.head.i == judged.i)  # ("so much fun going …")
                 and not any(g.dep_ == "nsubj" for g in c.children)), subj)


def _held_now(verb: Token) -> bool:
    """"I have", "I've always had", "I feel": present or perfect, not negated, not a modal."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "neg")]
    return not any(a.dep_ == "neg" or a.tag_ == "MD" for a in auxes) and (verb.tag_ in ("VBP", "VBZ") or (
        verb.tag_ == "VBN" and any(a.lemma_ == "have" and a.tag_ != "VBD" for a in auxes)))


def loved_subject_rels(frame: Frame) -> list[Rel]:
    """A thing the clause says the speaker loves though the speaker is not its subject ("Painting is my passion",
    "pottery relaxes me", "I find knitting calming"), or dislikes ("crowds make me nervous")."""
    v, lemma = frame.v, frame.lemma
    never = frame.status.tense == "past" and any(c.lower_ == "never" for c in v.children)  # "golf was never my thing"
    if frame.status.tense not in ("present", "perfect") and not never or (v.head.i < v.i and reported(v)):
        return []  # "my sister says knitting is so relaxing": her words (not "pottery is my life, it helps me …")
    subj = _loved_subject(frame)
    subjs = with_conj(subj) if subj is not None else []
    if lemma == "find" and (found := frame.dobj if frame.dobj is not None else _judged_subject(v)) is not None:
        return [] if frame.status.negated else _found_good(frame, found)  # "I find knitting calming"
    if subj is None or subj.pos_ == "PRON" or subj.lower_ in ("it", "that", "this"):
        return []
    owner, predicate, people = None, "LIKES", True
    attr, denied = frame.attr, frame.status.negated
    copula = lemma in ("be", "become")  # "baking has become my favourite way to spend Sundays"
    if copula and attr is not None and attr.lower_ == "one":  # "… is one of my faves"
        attr = next(iter(prep_objects(attr, "of")), None)
    if copula and attr is None and frame.acomp is not None and frame.acomp.lower_ in ("favorite", "favourite"):
        attr = frame.acomp  # "painting landscapes is my favorite!" parsed with an adjective
    if copula and attr is not None and (best := _superlative(attr, subj)) is not None:
        owner, predicate, people = Arg("speaker", v.i), best, False  # "lazy Sundays are the best", "… the best thing"
    elif copula and attr is not None and (attr.lemma_.lower() in OPEN.passion_nouns | OPEN.favourite_words or any(
            c.dep_ in ("amod", "compound") and f"{c.lower_} {attr.lemma_.lower()}" in OPEN.passion_nouns for c in attr.children)
            or _passion_of(attr) is not None):
        if attr.lemma_.lower() == "part" and not any(t.lower_ == "life" for t in attr.subtree):
            return []  # "a huge part of my life", not any "part"
        owner = next((pronoun_arg(t) for t in attr.subtree if t.dep_ == "poss"), None)
        if owner is None and any(t.lower_ == "mine" for t in attr.subtree):
            owner = Arg("speaker", v.i)  # "Spider-Man has always been a favorite of mine"
        if denied and (attr.lemma_.lower() in OPEN.negated_passions or _passion_of(attr) in OPEN.negated_passions):
            denied, predicate = False, "DISLIKES"  # "camping isn't really my thing"
    elif copula and attr is not None and attr.lemma_.lower() == "way" and is_activity(subj, subject=True) and any(
            t.lower_ == "my" for t in attr.subtree):
        owner = Arg("speaker", v.i)  # "playing video games is a great way to express my creativity"
    elif lemma == "be" and _fun_said(frame, subj):
        owner = Arg("speaker", v.i)  # "pottery is so much fun", "it's always fun baking bread"
    elif lemma == "be" and frame.acomp is not None:
        owner = _judging_speaker(frame, subj)
    elif lemma in OPEN.self_relating and any(
            c.dep_ == "prep" and c.lower_ in OPEN.self_relating[lemma] and any(g.lower_ == "me" for g in c.children)
            for c in (*v.children, *(g for d in v.children if d.dep_ in ("dobj", "npadvmod") for g in d.children))):
        owner = Arg("speaker", v.i)  # "family time matters to me", "contemporary dance speaks to me"
    elif lemma == "be" and denied and any(o.lower_ == "me" for o in prep_objects(v, "for")) and not any(
            c.dep_ in ("det", "poss") for c in subj.children):
        owner, denied, predicate = Arg("speaker", v.i), False, "DISLIKES"  # "opera isn't for me" (not "the box isn't")
    elif lemma in ("help", "let", "allow") and is_activity(subj, subject=True):
        me_tok = next((t for c in v.children for t in (c, *c.children)
                       if t.lower_ == "me" and t.dep_ in ("dobj", "nsubj", "dative")), None)
        owner = pronoun_arg(me_tok) if me_tok is not None else None  # "knitting helps me unwind", "… helps me explore"
    elif (effect := _effect_verb(frame)) is not None and frame.dobj is not None:
        owner = pronoun_arg(frame.dobj) if frame.dobj.lower_ == "me" else None  # "us" is people in general
        predicate = "DISLIKES" if effect in OPEN.dread_verbs else "LIKES"  # "spiders freak me out"
    elif lemma in OPEN.joy_light_verbs or lemma in OPEN.dread_light_verbs:
        owner, predicate = _light_verb_taste(v, lemma)
    if owner is None or owner.kind != "speaker" or denied or never and predicate != "DISLIKES":
        return []  # "hiking doesn't relax me", "running isn't my passion": no taste said ("never" says only a dislike)
    # "Cooking and baking are my outlets"; "LeBron is my favorite", "Iron Man is my top pick" (a name is fine here)
    args = [a for a in (phrase_arg(t, frame.idx, people=people) for t in subjs if not _own_relative(t)) if a is not None]
    return [holds(predicate, owner, arg, v.i, 0.7) for arg in args]


def _loved_subject(frame: Frame) -> Token | None:
    """The subject of a clause that may say what the speaker loves: also one hung on "has", the activity an
    extraposed "it" stands for, and the thing judged just before that an "it" takes up ("Folk music is so warm -
    it really speaks to me")."""
    v = frame.v
    subj = _extraposed(frame, dep_child(v, "nsubj", "csubj") or next(
        (g for c in v.children if c.dep_ == "aux" for g in c.children if g.dep_ == "nsubj"), None))  # (hung on "has")
    return (judged_antecedent(subj, doing=True) or subj) if subj is not None else None


def _light_verb_taste(v: Token, lemma: str) -> tuple[Arg | None, str]:
    """Whose taste a light verb with its words says, and which: "makes me happy", "makes me nervous", "gets on my
    nerves" (``joy_light_verbs``, ``dread_light_verbs``); no owner when its words are not there."""
    after = " ".join(t.lower_ for t in v.subtree if t.i > v.i)
    for table, said in ((OPEN.joy_light_verbs, "LIKES"), (OPEN.dread_light_verbs, "DISLIKES")):
        said_as = next((w for w in table.get(lemma, ()) if f" {w} " in f" {after} "), None)
        if said_as is not None:
            mine = "my" if "my" in said_as.split() else "me"
            return next((pronoun_arg(c) for c in v.subtree if c.i > v.i and c.lower_ == mine), None), said
    return None, "LIKES"


def _passion_of(attr: Token) -> str | None:
    """A passion noun said with its "of" phrase ("my cup of tea", ``passion_nouns``), else ``None``."""
    return next((f"{attr.lemma_.lower()} of {o.lower_}" for o in prep_objects(attr, "of")
                 if f"{attr.lemma_.lower()} of {o.lower_}" in OPEN.passion_nouns), None)


def _judged_subject(v: Token) -> Token | None:
    """What "find" judges when the judgement was parsed as a clause of its own: "I find origami really relaxing"
    (``positive_adjectives``)."""
    return next((s for c in v.children if c.dep_ == "ccomp" and c.lower_ in OPEN.positive_adjectives
                 for s in c.children if s.dep_ == "nsubj" and s.pos_ in ("NOUN", "PROPN")), None)


def _found_good(frame: Frame, thing: Token) -> list[Rel]:
    """"I find knitting calming": the speaker LIKES what it finds good (``positive_adjectives``)."""
    v = frame.v
    me = next((pronoun_arg(c) for c in v.children if c.dep_ == "nsubj"), None)
    judged = [c for c in v.children if c.dep_ in ("oprd", "ccomp", "xcomp") and c.lower_ in OPEN.positive_adjectives]
    judged += [c for c in thing.children if c.dep_ in ("amod", "acomp") and c.lower_ in OPEN.positive_adjectives
               and c.i > thing.i]
    arg = phrase_arg(thing, frame.idx) if me is not None and me.kind == "speaker" and judged else None
    return [] if arg is None or me is None else [holds("LIKES", me, arg, v.i, 0.7)]


def _effect_verb(frame: Frame) -> str | None:
    """The verb, with its particle when the list has it so, by which the subject does the speaker good or
    harm: "relaxes me", "cheers me up" (not a bare "cheers me on"), "freaks me out", "wears me out"."""
    return next((v for v in (frame.lemma, f"{frame.lemma} {frame.prt}") if v in OPEN.joy_verbs or v in OPEN.dread_verbs),
                None)


def _superlative(attr: Token, subj: Token) -> str | None:
    """The taste a bare superlative states of a thing or an activity in general: "running is the best",
    "board games are the best thing", "traffic jams are the worst" (``taste_superlatives``); not of a person
    ("my sister is the best"), of a particular thing ("the movie"), for someone else ("with your kids"), of an
    abstract noun ("family love is the best!"), nor with a phrase after it ("the best part of the trip")."""
    word = attr.lower_ if attr.lower_ in OPEN.taste_superlatives else next(
        (c.lower_ for c in attr.children if c.dep_ == "amod" and c.lower_ in OPEN.taste_superlatives), None) \
        if attr.lower_ == "thing" else None
    if word is None or [c.lower_ for c in attr.children if c.dep_ == "det"] != ["the"] or any(
            c.dep_ in ("prep", "relcl", "acl", "poss") for c in attr.children):
        return None
    if any(t.lower_ in ("you", "your") for t in subj.subtree):
        return None
    generic = subj.pos_ in ("NOUN", "PROPN") and not any(c.dep_ in ("det", "poss") for c in subj.children) and not (
        subj.lemma_.lower() in L.ROLE_HEADS or subj.lemma_.lower() in L.KIN or first_name_gender(subj.text)
        or subj.lemma_.lower() in OPEN.abstract_objects and subj.tag_ != "NNS")  # ("road trips are the best")
    # (people praised: "nurses are the best", "Emma is the best"; a cheer: "family love and support is the best!")
    return OPEN.taste_superlatives[word] if is_activity(subj, subject=True) or generic else None


def _own_relative(tok: Token) -> bool:
    """"my dad (is my hero)": a relative is no taste, and the kin rules read the tie."""
    return tok.lemma_.lower() in L.KIN and any(c.dep_ == "poss" for c in tok.children)


def _judging_speaker(frame: Frame, subj: Token) -> Arg | None:
    """The speaker whose taste "<subject> is <adjective>" states, if it states one."""
    acomp, v = frame.acomp, frame.v
    assert acomp is not None
    word = acomp.lower_
    if word in OPEN.positive_adjectives and quoted_title(subj):
        return Arg("speaker", v.i)  # '"The Long Walk" is amazing': a named work the speaker rates
    if word in OPEN.interest_adjectives | OPEN.dear_adjectives and any(
            c.dep_ == "prep" and c.lower_ == "to" and any(g.lower_ == "me" for g in c.children) for c in acomp.children):
        return Arg("speaker", v.i)  # "improving schools is really interesting to me", "this book is special to me"
    if word in OPEN.restful_adjectives and frame.status.tense == "present" and _generic_subject(subj):
        return Arg("speaker", v.i)  # "knitting is so relaxing", "pottery is soothing": what it does for the speaker
    if word in OPEN.positive_adjectives and (subj.tag_ == "VBG" or subj.dep_ == "csubj"):
        return _speaker_in(frame)  # "Painting is so relaxing for me" (not a bare "being a mom is awesome")
    return None


def _fun_said(frame: Frame, subj: Token) -> bool:
    """"Pottery is so much fun", "bowling is a lot of fun", "hiking is fun" (``fun_words``): said now of an activity
    or a thing in general, for no one else ("fun for kids"), not "no fun"."""
    said = frame.attr if frame.attr is not None else frame.acomp
    if said is not None and said.lower_ in OPEN.amount_nouns:
        said = next(iter(prep_objects(said, "of")), None)  # "a lot of fun"
    return said is not None and said.lower_ in OPEN.fun_words and frame.status.tense == "present" and not any(
        c.lower_ == "no" for c in said.children) and _generic_subject(subj) and not any(
        o.lower_ != "me" for o in frame.prep_anywhere("for"))


def _generic_subject(subj: Token) -> bool:
    """An activity or a thing in general: "knitting", "pottery", "nature" (not "the view", "my job", "it")."""
    return is_activity(subj, subject=True) or (subj.pos_ == "NOUN" and subj.tag_ == "NN" and not any(
        c.dep_ in ("det", "poss") for c in subj.children))


def _speaker_in(frame: Frame) -> Arg | None:
    """"… for me": the speaker the judgement belongs to (a bare judgement is about things in general)."""
    return next((pronoun_arg(t) for t in frame.v.subtree if t.lower_ == "me" and t.dep_ == "pobj"), None)
