"""Shared pieces of the open-domain rules: who the subject is, what the object phrase is, one relation per subject.

Used by :mod:`~chronomem.extract.rules.open.clauses`, :mod:`~chronomem.extract.rules.open.tastes` and
:mod:`~chronomem.extract.rules.open.possessives`.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import accept as A
from chronomem.extract.clauses import phrases
from chronomem.extract.clauses.args import DocIndex, first_name_gender, name_arg
from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.hygiene import kin_as_name
from chronomem.extract.clauses.phrases import company_of, dash_between, object_phrase, outing_with_place, quoted_title, titled_kind
from chronomem.extract.clauses.questions import is_question
from chronomem.extract.clauses.records import ENTITY, GUESS, MINE, SPEAKER, Arg, Rel, timed
from chronomem.extract.clauses.tree import dep_child, is_pet_noun, prep_objects, someone_elses, word_or_lemma_in
from chronomem.extract.lexicon import NAMES, OPEN
from chronomem.extract.parse.pipeline import session_speakers
from chronomem.extract.rules.open.phrase_table import phrase_row, place_trimmed
from chronomem.timeexpr.words import SEASONS

OPEN_PREDICATE = "RELATED_TO"
OPEN_CONFIDENCE = 0.6
TASTE_CONFIDENCE = 0.8


def past_lemma(frame: Frame) -> str:
    """The clause verb's lemma, mended where the lemmatizer kept an irregular past as it was ("Took a trip"
    tagged as a base form: "took" → "take", ``irregular_pasts``); a lemma it did make stays ("founded" → "found",
    not "find")."""
    return OPEN.irregular_pasts.get(frame.lemma, frame.lemma) if frame.v.lower_ == frame.lemma else frame.lemma


def person_subjects(frame: Frame, *, relatives: bool = True) -> list[Arg]:
    """Subjects that are surely people: the speaker, "we", a pronoun, or a name NER calls a person or a known first
    name (not "Painting" opening a sentence); also the speaker's unnamed relative or pet ("my son loves dinosaurs",
    "our dog hates baths"), none with ``relatives`` off (their one-off happenings, "my mom made dinner", say little)."""
    mine = [Arg(MINE, t.i, t.lower_, "PET" if is_pet_noun(t) else "PERSON", GUESS) for t in frame.subj_toks
            if my_relative(t, pets=True, ties=False)]
    if mine:  # (their jobs and homes are the vocabulary's: the merge keeps its reading of the verb)
        return mine + [a for a in frame.subjects() if a.kind == SPEAKER] if relatives else []  # "my wife and I …"
    people = (A.subject_person(arg, we=True, loose=True) for arg in frame.subjects(team=True))
    out = [p for p in people if p is not None and not (p.kind == ENTITY and not (  # (a known first name NER took
        p.label == "PERSON" or p.gender or first_name_gender(p.name)))]  # for a company: "Emma enjoys fixing bikes")
    borrowed = all(t.i > frame.v.i for t in frame.subj_toks)  # "Just started yoga, it's great": "it" is the next clause's
    if not out and borrowed and dropped_subject(frame.v):
        out.append(Arg(SPEAKER, frame.v.i))  # "Started hitting the gym last week": chat drops the "I"
    return out


def my_relative(tok: Token, *, pets: bool = False, ties: bool = True) -> bool:
    """"my son", "our kids", "my aunts", "the kids": the speaker's unnamed relative (no name beside it); with
    ``ties``, also "my roommate" (``tie_nouns``); with ``pets``, also "our dog" (not "our pets", pets in general);
    not "my ex-wife", "my late husband" (not the one "my wife" names)."""
    kin = tok.lower_ in OPEN.kin_possessions or ties and tok.lower_ in OPEN.tie_nouns or word_or_lemma_in(
        tok, OPEN.extended_kin)  # "my aunts"; "my roommate" (one)
    pet = pets and is_pet_noun(tok) and tok.lemma_.lower() != "pet"
    if kin_as_name(tok):  # "Dad loves golf": the speaker's dad (``kin_names``)
        return True
    if tok.pos_ != "NOUN" or not (kin or pet) or name_follows(tok) or pet and named_later(tok):
        return False
    if any(c.lower_ in L.ENDED_KIN_MODIFIERS or c.lower_ in L.SKIP_KIN_MODIFIERS for c in tok.children if c.i < tok.i):
        return False
    first = tok.head if tok.dep_ == "conj" and not any(c.dep_ in ("poss", "det") for c in tok.children) else tok
    dets = [c for c in first.children if c.dep_ in ("poss", "det")]
    return any(c.lower_ in ("my", "our") for c in dets) or (
        tok.lower_ in OPEN.definite_kin and [c.lower_ for c in dets] == ["the"] and tok.dep_ != "poss" and not any(
            c.dep_ in ("prep", "relcl", "acl") for c in tok.children))


def dropped_subject(v: Token) -> bool:
    """A sentence that starts with a past-tense verb and has no subject: in a chat, the speaker's own
    news ("Lost my job yesterday", "Been practicing hard", "Still working on the album"); not an
    imperative ("Try it"), not a question.

    >>> import spacy
    >>> doc = spacy.blank("en")("Started hitting the gym")
    >>> for t in doc:
    ...     t.is_sent_start = t.i == 0
    >>> for t, (tag, dep, head) in zip(doc, [("VBD", "ROOT", 0), ("VBG", "xcomp", 0), ("DT", "det", 3), ("NN", "dobj", 1)]):
    ...     t.tag_, t.dep_, t.head = tag, dep, doc[head]
    >>> dropped_subject(doc[0]), dropped_subject(doc[1])  # the inner verb shares the opening verb's missing "I"
    (True, True)
    """
    later = (v.dep_ == "conj" or v.dep_ == "advcl" and v.tag_ in ("VBG", "VBD", "VBN")) and v.head.pos_ == "VERB" and (
        v.head.dep_ != "xcomp" and v.head.i < v.i)  # "Sold the car and bought a bike", "…, now renting a flat"
    if v.dep_ == "xcomp" and v.head.dep_ in ("ROOT", "advcl", "ccomp") or later and not any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") for c in v.children):  # "Started hitting the gym": the governing
        return dropped_subject(v.head)  # verb opens it; so does the first of two verbs or clauses
    opening = v.dep_ == "ROOT" or (v.dep_ in ("advcl", "ccomp") and v.i < v.head.i)  # "Just started yoga, it's great"
    if v.lemma_.lower() in OPEN.dropped_subject_tastes and v.tag_ in ("VB", "VBP", "NN") and v.i == v.sent.start and not any(
            c.dep_ in ("nsubj", "expl") for c in v.children) and not v.sent.text.rstrip().endswith("?"):
        return True  # "Love experimenting with spices." (not a command: nobody orders a taste)
    been = next((c for c in v.children if c.dep_ == "aux" and c.lower_ == "been"), None)
    past = v.tag_ in ("VBD", "VBN") or (v.tag_ == "VB" and v.lower_ in OPEN.irregular_pasts or v.lower_ in OPEN.same_form_pasts and any(
        c.dep_ == "conj" and c.tag_ == "VBD" for c in v.children))  # "Lost" tagged as a base form; "Read Dune, loved it"
    going_on = v.tag_ == "VBG" and v.dep_ == "ROOT" and not any(c.dep_ == "aux" for c in v.children) and (
        v.lemma_.lower() not in OPEN.taste_verbs)  # "Still working on it"; "Loving the colors!" reacts to a photo
    if not opening or not (past or been is not None or going_on) or any(  # (a title after it is its object, misread:
            c.dep_ in ("nsubj", "nsubjpass", "expl") and c.i < v.i for c in v.children):  # "Finished The Road, …")
        return False
    v = been if been is not None else v
    first = v.sent[0]
    while first.is_punct or first.pos_ in ("INTJ", "CCONJ") or first.lower_ in OPEN.chat_openers or (
            first.dep_ == "auxpass" and first.head == v):  # "Got promoted to lead"
        if first.i + 1 >= v.sent.end:
            return False
        first = v.doc[first.i + 1]
    opener = first.i == v.i or first.dep_ == "advcl" and first.head == v and dropped_subject(first)  # "Read it, loved it"
    return opener and not v.sent.text.rstrip().endswith("?")


def name_follows(tok: Token) -> bool:
    """A name by ``tok`` or past a comma ("my sister Emma", "my dog, Rex"; not "my son attends Yale"), or "in law"."""
    after = tok.doc[tok.i + 1: tok.i + 3]
    return [t.lower_ for t in after] in (["in", "law"], ["in", "laws"]) or any(t.pos_ == "PROPN" or (
        t.is_title and t.lower_ != "i") for t in after[:2 if len(after) and after[0].is_punct else 1])


def _activity_done(tok: Token, first: str) -> bool:
    """"doing yoga", "doing crosswords": a light gerund that names an activity by its concrete object
    (``activity_gerunds``), not "doing my best" nor "doing stuff"."""
    return first in OPEN.activity_gerunds and tok.tag_ == "VBG" and any(
        c.dep_ == "dobj" and c.pos_ == "NOUN" and c.lemma_.lower() not in OPEN.vague_objects
        and c.lemma_.lower() not in OPEN.abstract_objects and not word_or_lemma_in(c, OPEN.person_objects)
        and not any(d.dep_ == "poss" for d in c.children)
        for c in tok.children)


def named_later(tok: Token) -> bool:
    """The turn goes on to name what ``tok`` is ("we got a puppy, we named him Ziggy", "my dog is called
    Fig"): a name, not a placeholder; not a name asked about ("we got a puppy. What should we name him?")."""
    return any(t.lemma_.lower() in OPEN.naming_words and not is_question(t.sent) for t in tok.doc[tok.i + 1:])


def counted(tok: Token) -> Token:
    """What a quantity noun counts ("a bunch of fantasy books", "tons of board games": the books, the
    games); any other token is itself."""
    return next(iter(prep_objects(tok, "of")), tok) if tok.lemma_.lower() in OPEN.quantity_nouns else tok


def judged_antecedent(it: Token, *, doing: bool = False) -> Token | None:
    """The kind of thing an object "it" takes up from a judgement just before, in the same turn: "Yoga is
    amazing, I love it", "Nature's awesome! I'm a huge fan of it" (``positive_adjectives``). ``None`` when
    another noun stands between, or the judged noun has a determiner or an owner ("the food", "my job"). ``doing``: an
    "it" subject of what the thing does for the speaker, after any judgement ("Folk is so warm, it speaks to me")."""
    if it.lower_ != "it" or it.dep_ not in (("nsubj",) if doing else ("dobj", "pobj")):
        return None
    above = set(it.ancestors)  # ("a huge fan of it": "fan" is no noun between)
    prev = next((t for t in reversed(it.doc[:it.i]) if t.pos_ in ("NOUN", "PROPN") and t not in above), None)
    if prev is None or prev.sent.end < it.sent.start or prev.dep_ != "nsubj" or prev.head.lemma_ != "be" or any(
            c.dep_ in ("det", "poss") for c in prev.children):
        return None  # (also further back than the sentence before)
    return prev if any(c.dep_ == "acomp" and (doing or c.lemma_.lower() in OPEN.positive_adjectives)
                       for c in prev.head.children) else None


def unnamed_workplace(tok: Token, prep: str, lemma: str) -> bool:
    """"started at the new firm", "I'm at a startup": a place of work with no name nor kind (``unnamed_workplaces``)
    after "at" or a start verb says nothing lasting ("at a law firm" does)."""
    return (prep == "at" or lemma in OPEN.start_verbs) and tok.pos_ == "NOUN" and tok.lemma_.lower() in \
        OPEN.unnamed_workplaces and not any(c.dep_ == "compound" for c in tok.children)


def finished_work(it: Token) -> Arg | None:
    """The title the clause just before names as finished, read or watched (``finished_work_verbs``), which the
    object "it" takes up: "Finished The Dispossessed, loved it", "I watched Arrival, loved it"; a title only, in
    capitals (not "finished the report, hated it")."""
    if it.lower_ != "it" or it.dep_ != "dobj":
        return None
    v = it.head
    done = [v.head] if v.dep_ == "conj" else [c for c in v.children if c.dep_ == "advcl" and c.i < v.i]
    for work in (c for d in done if d.lemma_.lower() in OPEN.finished_work_verbs for c in d.children
                 if c.dep_ == "dobj" or c.dep_ == "nsubj" and c.i > d.i):  # (a title the parser took for a subject)
        words = [work.left_edge]  # the capitalised run from the phrase's start: "The Left Hand of Darkness on Sunday"
        for w in work.doc[work.left_edge.i + 1:work.right_edge.i + 1]:
            nxt = next((t for t in w.doc[w.i:] if t.lower_ not in OPEN.title_inner_words), w)  # ("Death on the Nile")
            if w.ent_type_ in ("DATE", "TIME") or not (w.is_title or w.lower_ in OPEN.title_inner_words and nxt.is_title
                                                        and nxt.ent_type_ not in ("DATE", "TIME")):
                break
            words.append(w)
        if work.i > work.sent.start and work.pos_ != "PRON" and words[0].is_title and work.i <= words[-1].i and not any(
                w.lower_ in L.FIRST_SINGULAR for w in words):
            return Arg(ENTITY, words[0].i, " ".join(w.text for w in words), "OTHER", GUESS)
    return None


def phrase_arg(tok: Token, idx: DocIndex, *, people: bool = False) -> Arg | None:
    judged = judged_antecedent(tok)  # "Yoga is amazing, I love it"
    tok = judged or tok
    if (title := quoted_title(tok) or titled_kind(tok)) is not None:
        return Arg(ENTITY, tok.i, title, "OTHER", GUESS)  # a book, a film, a song
    if (inner := counted(tok)) is not tok:
        return phrase_arg(inner, idx, people=people)
    if tok.lower_ in L.RELATIVE_PRONOUNS and tok.head.dep_ == "relcl":
        tok = tok.head.head  # "the kayak that I bought": the object is the noun the clause describes
    common_opener = tok.i == tok.sent.start and (tok.pos_ != "PROPN" or idx.term_at[tok.i] is None and (
        not tok.ent_type_ or judged is not None and tok.ent_type_ == "PERSON"))
    # ("Dance is my life", "Karaoke's awesome, I love it": a common word, capitalised as the sentence opens; what
    # "it" takes up is no person, whatever NER says)
    if (tok.pos_ == "PROPN" or idx.term_at[tok.i] is not None or idx.ent_at[tok.i] is not None) and not common_opener:
        named = name_arg(tok, idx)
        phrase = object_phrase(tok, is_time=idx.is_time)
        if named is not None and phrase and named.name in phrase and len(phrase) > len(named.name) and named.type == "OTHER":
            return Arg(ENTITY, tok.i, phrase, "OTHER", GUESS)  # "old Westerns"
        if named is not None:
            if named.name.lower() in session_speakers(tok.doc):
                return None  # "I love Nate": the other speaker is not a taste
            return named if people or named.label != "PERSON" and not named.gender else None
    if not people and word_or_lemma_in(tok, OPEN.person_objects):  # "my neighbors", "the kids"
        return None
    if tok.pos_ == "NUM" or word_or_lemma_in(tok, OPEN.abstract_objects) and not _made_concrete(tok):
        return None  # "make a difference", "chase my dreams"; a bare number names nothing: "Dad turns sixty"
    phrase = object_phrase(tok, is_time=idx.is_time)
    if phrase is None or len(phrase) < 3 or phrase.lower() in OPEN.setting_gerunds:
        return None  # (also "spending time", "wasting time": where, how or with whom is missing)
    if (head := shared_head(tok)) is not None:
        phrase = f"{phrase} {head.lower_}"  # "fantasy and sci-fi movies": fantasy movies
    first, _, rest = phrase.partition(" ")
    if first in OPEN.light_gerunds and not _activity_done(tok, first):
        if first not in OPEN.outing_gerunds or not rest or rest.split(" ", 1)[0] in OPEN.stay_adverbs:
            return None  # "having a supportive team", "making a difference", "going out": no lasting thing named
        if rest.split(" ", 1)[0].endswith("ing"):
            phrase = rest  # "going camping": camping ("going to the movies" stays whole)
    if any(c.dep_ == "poss" and c.lower_ in L.OTHERS_POSSESSIVES for c in tok.children) or any(
            w in ("you", "your") for w in phrase.lower().split()):
        return None  # "his tech", "sparking your imagination": someone else's, or said to the listener
    if tok.tag_ == "VBG" and any(c.dep_ == "dobj" and (c.lemma_.lower() in OPEN.abstract_gerund_objects or c.pos_ == "PRON")
                                 for c in tok.children):
        return None  # "building up confidence"
    speakers = session_speakers(tok.doc)
    phrase = phrases.without_praise(tok, phrase)  # "the amazing lemon tart": lemon tart
    first = phrase.split(" ", 1)[0].lower()
    if phrase.lower() in speakers or first in NAMES.interjections or first in NAMES.chat_words:
        return None  # the other speaker; "cheers for asking"
    if any(t.lower_ in L.DEMONSTRATIVES and t.dep_ == "det" and not dash_between(tok, t) and not idx.is_time(t)
           for t in tok.subtree):
        return None  # "that sarcastic humor", "the food of this city": something on show (not "these days")
    if any(c.lower_ == "same" and c.dep_ == "amod" for c in tok.children):
        return None  # "we face the same challenges": the same as something said before, not a thing named
    return Arg(ENTITY, tok.i, phrase, "OTHER", GUESS)


def place_arg(tok: Token) -> Arg:
    """A place named by ``tok``, whole as NER spans it ("New Zealand", not "Zealand")."""
    ent = next((e for e in tok.doc.ents if e.start <= tok.i < e.end), None)
    return Arg(ENTITY, tok.i, ent.text if ent is not None else tok.text, "PLACE", GUESS)


def _made_concrete(tok: Token) -> bool:
    """An abstract noun made a nameable thing by a noun before it ("family time", "action movies" as
    "action and sci-fi movies") or by company ("time with my family"); never by a word that is itself
    vague ("a lot of time")."""
    if outing_with_place(tok):  # "long walks on the beach", "trips to the mountains"
        return True
    return shared_head(tok) is not None or any(
        c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN") and c.lemma_.lower() not in OPEN.vague_objects
        and c.lemma_.lower() not in OPEN.abstract_objects for c in tok.children) or company_of(tok) is not None


def is_reaction(tok: Token) -> bool:
    """A reaction to what the listener did or showed, not a taste: "I love how you painted the sky",
    "Where did you take this picture? I love the dark sky" (a "the" thing in a turn about a photo)."""
    if any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ == "you" for c in tok.children):
        return True
    first = tok.head if tok.dep_ == "conj" else tok  # "the dark sky and green scenery": one "the" for both
    definite = any(c.dep_ == "det" and c.lower_ == "the" for c in first.children)
    return definite and any(t.lemma_.lower() in OPEN.photo_nouns for t in tok.doc)


def shared_head(tok: Token) -> Token | None:
    """The noun a bare first conjunct shares with the last one: "fantasy and sci-fi movies" parsed as
    "fantasy" + "movies" → "movies" (only when the first is a lone noun and the last is modified, and not
    an activity in -ing).

    >>> import spacy
    >>> doc = spacy.blank("en")("fantasy and scifi movies")
    >>> for t, (dep, head) in zip(doc, [("dobj", 0), ("cc", 0), ("compound", 3), ("conj", 0)]):
    ...     t.dep_, t.head, t.pos_, t.tag_ = dep, doc[head], "NOUN", "NN"
    >>> shared_head(doc[0]).text
    'movies'
    """
    conjs = [c for c in tok.children if c.dep_ == "conj"]
    if not conjs or any(c.dep_ not in ("cc", "conj", "punct") for c in tok.children) or tok.pos_ != "NOUN" or tok.tag_ != "NN":
        return None
    last = conjs[-1]
    while any(c.dep_ == "conj" for c in last.children):
        last = [c for c in last.children if c.dep_ == "conj"][-1]
    if last.pos_ == "NOUN" and not last.lower_.endswith("ing") and any(c.dep_ in ("compound", "amod") for c in last.children):
        return last  # (not an activity: "swimming and rock climbing" is no "swimming climbing")
    return None


def clause_objects(frame: Frame) -> list[Token]:
    """Direct objects (with conjuncts), else an ``xcomp`` gerund or infinitive; no common noun of time ("starting
    this fall": when, not what)."""
    season = next((c for c in frame.v.children if c.dep_ in ("dobj", "npadvmod") and c.i == frame.v.i + 1
                   and c.lower_ in SEASONS and not any(c.children)), None) if frame.lemma in OPEN.taste_verbs else None
    if season is not None:
        return [season]  # a season liked or hated is what, not when: "I hate summer", "I love winter"
    if frame.dobj is not None:
        return [t for t in frame.dobjs if t.pos_ == "PROPN" or not frame.idx.is_time(t)]
    if frame.v.dep_ == "relcl" and frame.v.head.pos_ == "NOUN" and not any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in L.RELATIVE_PRONOUNS for c in frame.v.children):
        return [frame.v.head]  # "the canoe I bought"
    return [t for c in frame.v.children if c.dep_ in ("xcomp", "ccomp", "pcomp") and c.pos_ in ("VERB", "AUX")
            and c.tag_ in ("VBG", "VB") and not dash_between(frame.v, c) for t in with_conj(c)]


def subject_rels(frame: Frame, subjects: list[Arg], predicate: str, obj: Arg | None, aspect: str, *,
          relation: str = "", confidence: float = OPEN_CONFIDENCE) -> list[Rel]:
    """The relations of ``subjects`` to ``obj`` said by ``frame`` read with ``aspect``: an open fact whose
    phrase the phrase table maps takes the row's predicate, and its aspect ("I start college in September")."""
    if obj is None:
        return []
    when, where = frame.when(aspect), dict[str, str]()
    if predicate == OPEN_PREDICATE and relation:  # "drives an old truck" owns it (the phrase table)
        head = frame.v.doc[obj.i] if 0 <= obj.i < len(frame.v.doc) else None
        found = phrase_row(relation, obj.name, "" if head is None else head.lemma_)
        if found is not None and found.predicate == "OWNS" and head is not None and (someone_elses(head) or any(
                not frame.idx.is_time(t) for k in found.unless for t in frame.preps.get(k, ()))):
            return []  # "I drive my mom's car": hers; "a bus for the city" (on the verb, as in the phrase): for them
        row_when = None if found is None else frame.when(found.aspect or aspect)
        if found is not None and (found.aspect != "end" or aspect == "end") and row_when is not None and not (
                row_when.needs_time and not row_when.phrase):
            predicate, when = found.predicate, row_when  # an end row needs an ending clause ("I quit school", not
            # "I leave school at 3"); a start row, a time when it is to come ("starting college in May")
            if head is not None and head.pos_ == "NOUN":
                obj, where = place_trimmed(_named_at(frame) or obj, head)  # "school at Reed College": the name
    if when is None:
        return []
    quals = {"relation": relation} if predicate == OPEN_PREDICATE and relation else where  # ("in Ohio": where it is)
    return [timed(predicate, s, obj, when, frame.v.i, confidence, quals) for s in subjects
            if not (s.kind == ENTITY and s.name == obj.name)]


def _named_at(frame: Frame) -> Arg | None:
    """The name an unnamed school or workplace is given by "at" on the same verb: "I go to school at Reed
    College", "my son goes to school at Lincoln High" (not "at night", not "at my aunt's")."""
    return next((arg for t in frame.prep("at") if t.pos_ == "PROPN" and not frame.idx.is_time(t)
                 and (arg := A.token_org(t, frame.idx)) is not None), None)


def gerund_conjuncts(tok: Token, arg: Arg | None, idx: DocIndex) -> list[Arg]:
    """The other objects of a liked activity, each with its verb: "baking bread and cookies" → baking cookies,
    "improving public transit and housing" → improving housing (not "baking bread and I love it")."""
    obj = dep_child(tok, "dobj") if arg is not None and tok.tag_ == "VBG" else None
    if obj is None or phrases.afterthought(obj):
        return []  # (not "baking together, especially cakes and pies")
    doing = tok.doc[tok.i:obj.left_edge.i].text
    others = [phrase_arg(c, idx) for c in with_conj(obj)[1:] if c.pos_ in ("NOUN", "PROPN")]
    return [replace(a, name=f"{doing} {a.name}") for a in others if a is not None]


def adjective_relation(word: str) -> tuple[str, tuple[str, ...]] | None:
    """The predicate an adjective of a person gives what follows its prepositions, and those prepositions:
    a taste (``taste_adjectives``: LIKES), an aversion (``aversion_adjectives``: DISLIKES) or an open fact
    (``open_adjectives``); ``None`` for any other adjective.

    >>> adjective_relation("scared"), adjective_relation("keen"), adjective_relation("tall")
    (('DISLIKES', ('of',)), ('LIKES', ('on',)), None)
    """
    for predicate, table in (("LIKES", OPEN.taste_adjectives), ("DISLIKES", OPEN.aversion_adjectives),
                             (OPEN_PREDICATE, OPEN.open_adjectives)):
        if word in table:
            return predicate, table[word]
    return None


def for_someone(frame: Frame, got: list[Token]) -> bool:
    """Got "for" someone else, said after the verb or after the thing: a gift ("a bike for my son")."""
    return any(someone(t) for t in (frame.prep_anywhere("for") if got else frame.prep("for")))


def a_gift(frame: Frame) -> bool:
    """Got for someone: a person it was got for, after "for" or as the indirect object ("bought me a guitar");
    not for oneself ("I bought myself a camera")."""
    given = [c for c in frame.v.children if c.dep_ in ("dative", "iobj") and not c.lower_.endswith(("self", "selves"))]
    objs = [c for c in frame.v.children if c.dep_ == "dobj"]  # "bought my mom a scarf", "… my sister a new phone":
    given += objs[:-1] + [t for t in objs if any(c.dep_ == "appos" for c in t.children)]  # the receiver read as an object
    return any(t.lower_ in ("me", "us") or someone(t) for t in given + frame.prep_anywhere("for"))


def someone(tok: Token) -> bool:
    """A person other than the speaker: "you", "her", "them", a name, "my niece"."""
    return tok.lower_ in OPEN.other_people_pronouns or tok.ent_type_ == "PERSON" or tok.lemma_.lower() in L.KIN
