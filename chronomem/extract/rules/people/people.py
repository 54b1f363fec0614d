"""Relations between people named or spoken to in a conversation, read token by token.

In a chat of three or more, "you" is whoever the turn addresses: a name set off as a vocative
("Ross, you're my best friend", "Thanks, Mona") names the listener (:func:`addressee`, used by
the session resolver); without one, the previous other speaker. :func:`people_rels` reads kin
vocatives ("Hi Mom!": a parent, a sibling, a grandparent as an open ``RELATED_TO``; pet names such as
"honey" say nothing), a copula with a kin noun (by :mod:`~chronomem.extract.rules.people.kin_phrases`),
couples spoken of with the listener, dating and breaking up with "you", "me" or he/she as a partner,
which the verb rules of :mod:`~chronomem.extract.rules.verbs.couples` leave here ("we broke up" only
when the turn names its listener), and titles ("Dr. Green", "he's my doctor" → HAS_ROLE).
"""

from __future__ import annotations

from collections.abc import Sequence

from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.accept import is_role_head, role_arg
from chronomem.extract.clauses.args import DocIndex, first_name_gender, name_arg
from chronomem.extract.clauses.hygiene import clean_mention, is_vocative, name_spans
from chronomem.extract.clauses.records import (
    ENTITY,
    GAZETTEER,
    GROUP_YOU,
    KIN_CALLED,
    NAMED,
    PRONOUN,
    SPEAKER,
    UNNAMED,
    YOU,
    Arg,
    Rel,
    held,
    holds,
    timed,
)
from chronomem.extract.clauses.stance import negated, plain, planned_moment
from chronomem.extract.clauses.tree import dep_child, nearest_subject, plus_conjuncts, prep_objects
from chronomem.extract.lexicon import DIALOGUE, KIN_RELATIONS, NAMES, OPEN, PEOPLE, ROLES, TIES
from chronomem.extract.rules.open.base import name_follows
from chronomem.extract.rules.people.kin import kin_of, said_person
from chronomem.extract.rules.people.kin_phrases import copula_kin, your_kin
from chronomem.extract.rules.people.nominal import ended_role, role_word
from chronomem.extract.rules.people.titles import listener_titled, title_role
from chronomem.extract.rules.people.who import named_person
from chronomem.extract.rules.verbs.couples import long_span
from chronomem.timeexpr.words import NUMBER_WORDS

_IMAGINING = frozenset({"would", "'d", "could", "might"})  # "as a pilot, I'd fly free": a role imagined
_COUPLE_LEMMAS = frozenset(k.split()[0] for k in PEOPLE.couple_verbs)


def people_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """Relations between people that no verb rule reads (see the module docstring)."""
    out: list[Rel] = []
    for tok in sent:
        low = tok.lower_
        if low in PEOPLE.kin_vocatives and (called := _kin_vocative(tok)):  # else "Pip and Nina are son and mother"
            out += called
        elif low.rstrip(".") in PEOPLE.person_titles and (
                titled := _titled(tok, idx) or _role_vocative(tok)):
            out += titled
        elif tok.dep_ == "pobj" and tok.head.lower_ == "as" and tok.pos_ == "NOUN":
            out += _speaking_as(tok)
        elif tok.dep_ == "attr" and tok.pos_ == "NOUN" and tok.head.lemma_ == "be":
            out += copula_kin(tok, idx) or _copula_owned_role(tok, idx) or _listener_is(tok)
        elif tok.pos_ == "NOUN" and any(c.dep_ == "poss" and c.lower_ == "your" for c in tok.children):
            out += your_kin(tok, idx)
        if tok.dep_ in ("acomp", "advmod") and tok.head.lemma_ == "be" and low in PEOPLE.couple_states:
            out += _couple(tok)
        elif tok.lemma_.lower() in _COUPLE_LEMMAS and (tok.pos_ == "VERB" or _used_to(tok) is not None):
            out += _couple_verb(tok, idx)
    return out


def vocative_rels(sent: Span, idx: DocIndex) -> list[Rel]:
    """The kin or title a question or a wish still says by its form of address: "Dad, what are you doing here?",
    "Mom, could you pass the salt?", "Excuse me, officer, is this lane closed?" (a vocative is no part of what
    is asked; :func:`people_rels` reads statements)."""
    return [r for tok in sent for r in (_kin_vocative(tok) if tok.lower_ in PEOPLE.kin_vocatives else
                                        _role_vocative(tok) if tok.lower_ in PEOPLE.person_titles else ())]


# ----------------------------------------------------------------------------- who "you" is
def addressee(docs: Sequence[Doc]) -> str | None:
    """The name a turn addresses its listener by: "Ross, you're my best friend", "Thanks, Mona",
    "Hey Ross", "You're great, Rachel!" (kin words, pet names, titles such as "Thanks, Officer" and exclamations
    such as "Oh God!" or "Man, …" are not names)."""
    for doc in docs:
        for span in name_spans(doc):
            if is_vocative(span):
                name = clean_mention(span.text)
                low = name.lower()
                if name and not any(low in words for words in (PEOPLE.kin_vocatives, PEOPLE.pet_names, NAMES.vocative_openers,
                                                              PEOPLE.person_titles)):
                    return name
    return None


def _opens_verbless(tok: Token) -> bool:
    """A word that opens a short exclamation without a verb, as its head, before more words: "Dad seriously!",
    "Mom… mom, please!" (not "Mom." nor "Dad, obviously." answering who came)."""
    sent = tok.sent
    words = [t for t in sent if not t.is_punct and t.pos_ != "INTJ"]
    return bool(words) and words[0].i == tok.i and tok.dep_ in ("ROOT", "npadvmod", "intj") and len(sent) <= 8 and \
        len([t for t in sent if not t.is_punct]) >= 2 and "!" in sent[-1].text and \
        not any(t.pos_ in ("VERB", "AUX") for t in sent) and not any(c.dep_ in ("conj", "case", "det", "poss", "cc")
                                                                    for c in tok.children)


# ----------------------------------------------------------------------------- kin
def _kin_vocative(tok: Token) -> list[Rel]:
    """"Hi Mom!", "Thanks, Dad", "Night, sis": the listener is the speaker's parent, child or sibling."""
    if any(c.dep_ in ("poss", "det") for c in tok.children) or not _said_to(tok) or _on_the_phone(tok.doc):
        return []
    kin = PEOPLE.kin_vocatives[tok.lower_]
    me, you = Arg(SPEAKER, tok.i), Arg(YOU, tok.i, name=tok.lower_, type=KIN_CALLED)
    if kin == "grandparent":
        return [holds("RELATED_TO", you, me, tok.i, 0.6, {"relation": "is grandparent of"})]
    predicate, listener_first = KIN_RELATIONS[kin]  # a parent, a child or a sibling
    return [holds(predicate, *((you, me) if listener_first else (me, you)), tok.i)]


def _on_the_phone(doc: Doc) -> bool:
    """A turn said into a phone, to someone not in the room: "Mom, I'll call you back" (``phone_formulas``),
    "Hi Dad, it's Lena." (who calls: a first name closing its clause after "it's"; not "Mom, it's Piranesi!")."""
    text = doc.text.lower().replace("’", "'")
    return any(f in text for f in DIALOGUE.phone_formulas) or any(
        t.lower_ == "it" and t.i + 3 <= len(doc) and doc[t.i + 1].lower_ in ("'s", "’s", "is") and
        first_name_gender(doc[t.i + 2].text) != "" and (t.i + 3 == len(doc) or doc[t.i + 3].is_punct) for t in doc)


def _said_to(tok: Token) -> bool:
    """A one-word vocative: "Hi Mom!", "Thanks, Dad", "Night, sis.", "Thank you doctor", "Just a sec dad."
    (a word closing its sentence that the parser hung nowhere: the root or a loose modifier)."""
    doc = tok.doc
    if is_vocative(doc[tok.i:tok.i + 1]) or _opens_verbless(tok):
        return True
    before = doc[tok.i - 1] if tok.i > 0 else None
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    closing = after is None or (after.is_punct and after.text in "!?.,")
    if before is None or not closing or tok.dep_ in ("nsubj", "dobj", "pobj", "attr", "poss"):
        return False
    loose = tok.dep_ in ("ROOT", "npadvmod") and before.pos_ not in ("ADP", "DET", "VERB", "AUX")
    return before.text == "," or before.lower_ == "you" or loose


def _couple(tok: Token) -> list[Rel]:
    """"You and I are married", "you and me are together": the speaker and the listener."""
    subj = dep_child(tok.head, "nsubj")
    if negated(tok.head) or subj is None:
        return []
    words = {subj.lower_, *(c.lower_ for c in subj.children if c.dep_ == "conj")}
    if not ({"you"} < words and words & {"i", "me"}):
        return []
    return [holds(PEOPLE.couple_states[tok.lower_], Arg(SPEAKER, tok.i), Arg(YOU, tok.i), tok.i, 0.7)]


# ----------------------------------------------------------------------------- dating
def _couple_verb(verb: Token, idx: DocIndex) -> list[Rel]:
    """"She dumped me", "I'm breaking up with you", "I'm dating him", "Ross and I used to date"."""
    prt = next((c.lower_ for c in verb.children if c.dep_ == "prt"), "")
    mode = PEOPLE.couple_verbs.get(f"{verb.lemma_.lower()} {prt}") if prt else None
    mode = mode or PEOPLE.couple_verbs.get(verb.lemma_.lower())
    if mode is None or verb.lemma_.lower() == "see" and (verb.tag_ != "VBG" or planned_moment(verb)):  # "I saw him"
        return []
    used_to = (used := _used_to(verb)) is not None
    began = verb.head if verb.dep_ == "xcomp" and verb.head.lemma_ in ("start", "begin") else None
    clause = used or began or verb  # "when you and Nora started going out": the subjects are the start's
    if not (plain(verb) and plain(clause)):
        return []
    embedded = verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj", "amod") or \
        verb.dep_ == "ccomp" and verb.head.lemma_ in PEOPLE.wish_verbs
    if not used_to and not _when_past(clause) and embedded:
        return []
    subjects = plus_conjuncts([c for c in clause.children if c.dep_ == "nsubj"])
    heads = (verb, *(c for c in verb.children if c.dep_ == "prt"))  # "break up with you", "go out with him"
    objects = [p for h in heads for p in prep_objects(h, "with")] if prt else [
        c for c in verb.children if c.dep_ == "dobj"] or ([verb.head] if verb.dep_ == "compound" else [])
    was_dating = verb.tag_ == "VBG" and _when_past(verb)  # "when you were dating Nora": it held then
    lasted = verb.tag_ == "VBD" and long_span(verb)  # "we went out for two years": over
    when = held(mode == "end" or used_to or was_dating or lasted)
    if len(subjects) == 1 and subjects[0].lower_ == "we" and not objects:
        if addressee([verb.doc]) is None:  # "we broke up" said to friends is about someone else
            return []
        if prt == "out" and mode == "state" and not (used_to or verb.tag_ == "VBG" or long_span(verb)):
            return []  # "Nina, we went out for dinner": an evening out ("we went out for two years" is a couple)
        args = [Arg(SPEAKER, verb.i), Arg(GROUP_YOU, verb.i)]
    else:
        people = subjects[:1] + objects[:1] if objects else subjects
        args = [a for a in (said_person(t, idx, any_pronoun=True) for t in people) if a is not None]
        if len(people) != 2 or len(args) != 2 or args[0].kind == args[1].kind != ENTITY:
            return []
    told = {a.kind for a in args} & {YOU, GROUP_YOU, PRONOUN}
    if not (told or used_to or was_dating or mode == "end" and not prt):  # the rest is couples.py's ("I'm dating Nora")
        return []
    return [timed("PARTNER_OF", args[0], args[1], when, verb.i, 0.7)]  # "She dumped me": the relationship ended then


def _when_past(verb: Token) -> bool:
    """"when you and I broke up, …", "when you were dating Nora": a past event in a when-clause is told as
    having happened."""
    past = verb.tag_ == "VBD" or verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.tag_ == "VBD" for c in verb.children)
    return verb.dep_ == "advcl" and past and any(c.lower_ == "when" for c in verb.children)


def _used_to(tok: Token) -> Token | None:
    """The "used" of "used to date" (which the parser may read as "used" + "to the date", or "used" + "to date-Nora")."""
    if tok.dep_ == "xcomp" and tok.head.lemma_ == "use" and tok.head.tag_ == "VBD":
        return tok.head
    named = tok.dep_ == "compound" and tok.head.pos_ == "PROPN"  # "I used to date Nora": "date" read as Nora's compound
    obj = tok.head if named else tok
    used = obj.head.head
    if obj.dep_ == "pobj" and obj.head.lower_ == "to" and used.lemma_ == "use" and used.tag_ == "VBD" \
            and not any(c.dep_ in ("det", "poss", "amod") for c in obj.children):
        return used
    return None


# ----------------------------------------------------------------------------- titles
def _titled(tok: Token, idx: DocIndex) -> list[Rel]:
    """"Dr. Green", "Professor Lund" → HAS_ROLE; "I'm Doctor Vale" → the speaker's role too (not a titled name
    hailed: "Dr. Sam!", "Wow, Dr. Lund! Congrats!")."""
    head = tok.head
    if tok.dep_ != "compound" or head.pos_ != "PROPN" or head.i <= tok.i or not tok.is_title or _hailed(head):
        return []
    role_ent = title_role(tok)
    named = named_person(head, idx)
    out = [holds("HAS_ROLE", named, role_ent, tok.i, 0.7)] if named is not None else []
    if head.dep_ == "attr" and head.head.lemma_ == "be":
        subj = dep_child(head.head, "nsubj")
        me = said_person(subj, idx) if subj is not None and subj.lower_ in ("i", "you") else None  # "I'm Doctor Vale"
        if me is not None and not negated(head.head):
            out.append(holds("HAS_ROLE", me, role_ent, tok.i, 0.7))
    return out


def _hailed(name: Token) -> bool:
    """A name exclaimed with no verb, alone or with a cheer (``title_cheers``): "Dr. Sam!", "Dr. Ruiz, nice!",
    "Wow, Dr. Lund!" (not "Thanks, Dr. Lund!")."""
    sent, root = name.sent, name.sent.root
    alone = name.i == root.i or name.dep_ in ("appos", "npadvmod", "intj") and name.head.i == root.i and \
        root.lower_ in PEOPLE.title_cheers
    return alone and "!" in sent.text and not any(t.pos_ in ("VERB", "AUX") for t in sent)


def _speaking_as(noun: Token) -> list[Rel]:
    """"As a nurse, I see this every week", "Honestly, as your lawyer, I can't advise that": the role the speaker
    speaks from, opening the sentence (not in the past, nor with "would": "as a pilot, I'd fly free" imagines it;
    not "I went as a pirate"); "as a former nurse" is a role held once."""
    prep, verb = noun.head, noun.head.head
    sent, doc = noun.sent, noun.doc
    if verb.lemma_.lower() in L.JOB_NOUNS and any(c.dep_ == "poss" and c.lower_ == "my" for c in verb.children):
        return _job_held_as(noun, verb)
    if any(t.dep_ not in ("intj", "punct", "cc", "advmod") for t in doc[sent.start:prep.i]) or kin_of(noun) is not None:
        return []
    subj = dep_child(verb, "nsubj")
    if subj is None or subj.lower_ != "i" or verb.tag_ == "VBD" or any(
            c.dep_ == "aux" and (c.lower_ in _IMAGINING or c.tag_ == "VBD" or c.lower_ == "had") for c in verb.children):
        return []
    return _speaker_role(noun, subj.i, ended_role(noun))


def _job_held_as(noun: Token, job: Token) -> list[Rel]:
    """"My job as a chef is exhausting", "I love my work as a nurse": the speaker's role (one held once with a word of
    the past on the job: "my old job as a cashier", ``ended_job_words``); not when the sentence denies it."""
    if negated(job.sent.root) or kin_of(noun) is not None:
        return []
    ended = ended_role(noun) or any(c.dep_ == "amod" and c.lower_ in ROLES.ended_job_words for c in job.children)
    return _speaker_role(noun, job.i, ended)


def _speaker_role(noun: Token, at: int, ended: bool) -> list[Rel]:
    """The role ``noun`` names (:func:`role_arg`, strict, its word of the past left out) as the speaker's, held now or
    (``ended``) once; none when it names no role."""
    found = role_arg(noun, strict=True)
    if found is None or not role_word(found):
        return []
    role = Arg(ENTITY, found.i, role_word(found), "ROLE", found.strength)
    return [timed("HAS_ROLE", Arg(SPEAKER, at), role, held(ended), noun.i, 0.7)]


def _copula_owned_role(attr: Token, idx: DocIndex) -> list[Rel]:
    """"I'm your teacher", "he's my doctor": a role noun owned by someone is still the subject's role (held once
    in the past tense: "I was Tom's coach")."""
    if not any(c.dep_ == "poss" for c in attr.children) or not is_role_head(attr) or kin_of(attr) is not None:
        return []
    if negated(attr.head) or any(c.lower_ in OPEN.favourite_words for c in attr.children):
        return []  # (not "Taylor Swift is my favorite singer": a taste, the open rules')
    subj = dep_child(attr.head, "nsubj")
    who = said_person(subj, idx, any_pronoun=True)
    role = role_arg(attr, strict=True)
    if who is None or role is None:
        return []
    return [timed("HAS_ROLE", who, role, held(attr.head.tag_ == "VBD"), attr.i, 0.7)]  # "I was Tom's coach": over


def _role_vocative(tok: Token) -> list[Rel]:
    """"Thank you, doctor", "Just a minute, officer!", "Yes, chef!": in a group, the listener's role (a
    determiner before the comma is the words before it, which the parser hung on the title)."""
    comma = tok.i > 0 and tok.doc[tok.i - 1].text == ","
    if tok.dep_ == "compound" and _hailed(tok.head):
        return []  # "Dr. Sam!": a name hailed
    if tok.pos_ not in ("NOUN", "PROPN") or any(c.dep_ in ("poss", "det", "compound") and not (comma and c.i < tok.i - 1)
                                                for c in tok.children):
        return []
    return listener_titled(tok) if _said_to(tok) else []


def _listener_is(attr: Token) -> list[Rel]:
    """"Ross, you're a paleontologist" → the listener's role; in a group, "you're such a good friend" →
    the speaker's friend and "you're a great cook" → the listener's role (between two people such words
    are compliments more than facts)."""
    verb = attr.head
    subj = nearest_subject(verb, attr)
    if subj is None or subj.lower_ != "you" or any(c.dep_ in ("neg", "aux") for c in verb.children) or any(
            c.dep_ == "poss" for c in attr.children):
        return []
    you = Arg(GROUP_YOU, subj.i)
    if attr.lemma_ in OPEN.friend_nouns and attr.tag_ == "NN":
        return [holds("FRIEND_OF", Arg(SPEAKER, attr.i), you, attr.i)]
    role = role_arg(attr, strict=True)
    praised = any(c.dep_ == "amod" and c.lower_ in ROLES.evaluative_adjectives for c in attr.children)
    if role is not None and not praised:
        you = Arg(YOU, subj.i)  # "you're a paleontologist", plainly, is a fact between two people too
    return [] if role is None else [holds("HAS_ROLE", you, role, attr.i)]


def kin_group_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """The speaker's kin said as a group with no names ("my boys", "our twins": ``kin_groups``), and the first
    names that are the subject of a statement with no kin word (:func:`_first_names`: "Ezra and Leo just turned
    three", "Leo is five and Maya is two"): NAMED, for the session to make the names that group when the same
    speaker said it just before (not "Are Ezra and Leo coming?", not "my boys Ezra and Leo", which say it
    themselves); a group had and counted ("we have two boys", :func:`_had_counted`) takes as many names in the same
    turn ("We have two boys, Sam is 8 and Ollie is 5")."""
    out: list[Rel] = []
    for sent in (s for s in doc.sents if not s.text.rstrip().endswith("?")):
        counted = [t for t in sent if _had_counted(t)]  # "We have two boys, Sam is 8 and Ollie is 5"
        out += [holds(NAMED, Arg(SPEAKER, t.i), Arg(UNNAMED, t.i, t.lower_, "GROUP"), t.i,
                      qualifiers={"count": str(_count(t))}) for t in counted]
        groups = [t for t in sent if t.lower_ in OPEN.kin_groups and not name_follows(t) and any(
            c.dep_ == "poss" and c.lower_ in ("my", "our") for c in t.children)]
        out += [holds(NAMED, Arg(SPEAKER, t.i), Arg(UNNAMED, t.i, t.lower_, "GROUP"), t.i) for t in groups]
        subjects = _clause_subjects(sent)
        if len(subjects) < 2 or any(kin_of(t) is not None or t.lower_ in OPEN.kin_groups for t in sent if t not in counted):
            continue
        names = _first_names(subjects, idx)
        together = {"names": "|".join(a.name for a in names), **({"aged": "yes"} if all(map(_aged, subjects)) else {})}
        out += [holds(NAMED, Arg(UNNAMED, subjects[0].i, "", "GROUP"), a, a.i, qualifiers=together) for a in names]
    return out


def _had_counted(tok: Token) -> bool:
    """A kin group had by the speaker and counted: "we have two boys", "I've got three girls"."""
    return (tok.lower_ in OPEN.kin_groups or tok.tag_ == "NNS" and tok.lower_ in TIES.cohort_child_words) and (
        tok.dep_ == "dobj") and tok.head.lemma_ in ("have", "get") and any(
        c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in tok.head.children) and _count(tok) > 1


def _aged(subj: Token) -> bool:
    """Said with an age: "Leo is five", "Maya just turned two", "Ava is 3 years old"."""
    return any(c.dep_ in ("attr", "dobj", "acomp", "oprd") and (c.like_num or c.lower_ == "old") for c in subj.head.children)


def _count(tok: Token) -> int:
    word = next((c.lower_ for c in tok.children if c.dep_ == "nummod"), "")
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word) if word in NUMBER_WORDS else 0


def _clause_subjects(sent: Span) -> list[Token]:
    """The subject of the sentence's main clause with its conjuncts ("Ezra and Leo just turned three"), or the
    subjects of its conjoined clauses ("Leo is five and Maya just turned two", the second name maybe parsed as
    a conjunct of the verb: "Sam is 8 and Ollie is 5")."""
    root = sent.root
    subj = dep_child(root, "nsubj")
    if subj is None or subj.conjuncts:
        return [] if subj is None else [subj, *subj.conjuncts]
    later = [g for c in root.children if c.dep_ == "conj" for g in ([c] if c.pos_ == "PROPN" else c.children)
             if g.dep_ in ("nsubj", "conj") and g.pos_ == "PROPN"]
    return [subj, *later]


def _first_names(toks: list[Token], idx: DocIndex) -> list[Arg]:
    """Two or more one-word names the gazetteer does not know, one at least a person's (NER's, or a known first
    name): "Ezra and Leo" (not "Portland and Seattle", not "Ezra and I"); none otherwise."""
    names = [a for a in (name_arg(t, idx) for t in toks if t.pos_ == "PROPN") if a is not None and a.kind == ENTITY
             and a.strength < GAZETTEER and " " not in a.name]
    person = any(a.type == "PERSON" or first_name_gender(a.name) for a in names)
    return names if len(names) == len(toks) >= 2 and person else []
