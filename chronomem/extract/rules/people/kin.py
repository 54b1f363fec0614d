"""Kin, bosses, friends and pets named around a noun: whose ("my sister", "Tom's wife"), the name
given ("my sister Emma", "Emma, my sister", "a cat named Luna") and the relation they make.

Helpers shared by the noun-phrase rules (:mod:`chronomem.extract.rules.people.nominal`) and verbs that
bring kin or pets ("I have a sister named Emma", "we adopted a cat named Luna"); and the rules of pets
arriving and leaving (:mod:`chronomem.extract.rules.people.pets`). A pet is HAS_PET
only with a name (design §5), found next to its noun wherever the parser hung it (:func:`pet_mention`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses import hygiene, tree
from chronomem.extract.clauses.accept import how_many_only, owned_arg
from chronomem.extract.clauses.args import DocIndex, hung_name, name_arg, person_arg, pronoun_arg
from chronomem.extract.clauses.frames import Frame, when_for, with_conj
from chronomem.extract.clauses.questions import is_question
from chronomem.extract.clauses.records import ENTITY, GUESS, MINE, NAMED, PRONOUN, SPEAKER, WE, YOU, Arg, Rel, When, holds, timed
from chronomem.extract.clauses.stance import plain
from chronomem.extract.clauses.tree import dep_child, poss_of
from chronomem.extract.lexicon import KIN_RELATIONS, OPEN, PEOPLE, TIES
from chronomem.extract.rules.base import persons
from chronomem.extract.rules.open.base import my_relative
from chronomem.extract.rules.people.who import person_in


def kin_of(tok: Token) -> tuple[str, str, str] | None:
    """``(relation, gender, word)`` for a kin, boss, friend or pet noun."""
    lemma = tok.lemma_.lower()
    low = tok.lower_
    for word in (low, lemma):
        if word in L.KIN or word in L.OPEN_TIES:
            rel, gender = L.KIN[word] if word in L.KIN else L.OPEN_TIES[word]
            needs, refusing = L.KIN_NEEDS_WORDS.get(word), L.KIN_REFUSING_WORDS.get(word, ())
            if needs is not None and not any(c.lower_ in needs for c in tok.children) or \
                    any(c.lower_ in refusing for c in tok.children):
                return None  # "my half of the bill", "the lead singer", "my business partner"
            return rel, gender, word
    if tree.is_pet_noun(tok):  # "a beagle", "a black lab"
        word = low if low in L.PET_NOUNS else lemma if lemma in L.PET_NOUNS else f"{tok.doc[tok.i - 1].lower_} {lemma}"
        return "pet", "", word
    return None


def owner_of(tok: Token, idx: DocIndex) -> Arg | None:
    """Whose: "my sister", "our dog", "her brother", "Tom's wife" (also when the parse hangs "my" elsewhere)."""
    doc, poss = tok.doc, poss_of(tok)
    if poss is not None:
        return _pet_keeper(poss, tok) or possessor(poss, idx)
    for j in range(tok.i - 1, max(tok.sent.start, tok.i - 4) - 1, -1):
        left = doc[j]
        if left.tag_ == "PRP$" or (left.dep_ == "poss" and left.pos_ == "PROPN"):
            return possessor(left, idx)
        if left.dep_ == "poss" and left.pos_ == "NOUN":
            return _pet_keeper(left, tok)  # "my friend's dog Rex": the friend's, whom no name says
        if left.pos_ in ("VERB", "AUX", "ADP", "PUNCT") and left.text != "-":
            return None
    return None


def _pet_keeper(poss: Token, tok: Token) -> Arg | None:
    """The speaker's unnamed relative as the owner of the pet ``tok`` (its noun, or its name after the noun):
    "my sister's cat Mia", "my uncle's parrot Kiwi" → "<speaker>'s sister" (whom :func:`kin_rels` takes)."""
    pet = tree.is_pet_noun(tok) or tok.i > 0 and tree.is_pet_noun(tok.doc[tok.i - 1])
    kin = pet and poss.pos_ == "NOUN" and my_relative(poss, ties=False)  # (not "my coworker's cat Pixel")
    return Arg(MINE, poss.i, poss.lower_, "PERSON", GUESS) if kin else None


def said_person(tok: Token | None, idx: DocIndex, *, any_pronoun: bool = False) -> Arg | None:
    """"I", "you", he/she/him/her (``any_pronoun``: also "his", "her" as possessives), or a person's name
    (``None`` for no token)."""
    return person_in(tok, idx, "said_any" if any_pronoun else "said")


def possessor(tok: Token | None, idx: DocIndex) -> Arg | None:
    """Whose, by a possessive word: "my", "our", "his", "her" or a name ("Tom's"); ``None`` for no word."""
    if tok is None:
        return None
    if (arg := pronoun_arg(tok)) is not None:
        return arg if arg.kind in (SPEAKER, WE) or arg.name in ("his", "her") else None
    return person_arg(tok, idx, trust_ner=False) if tok.pos_ == "PROPN" else None


def owner_word(noun: Token, idx: DocIndex) -> Arg | None:
    """Whose ``noun`` is, by its possessive: "your" → the listener, "my" → the speaker, "our" → the speaker's
    household (a child or a friend of theirs: :func:`kin_rels`), "his"/"her" → a pronoun, "Ross's" → Ross."""
    poss = poss_of(noun)
    return Arg(YOU, poss.i) if poss is not None and poss.lower_ == "your" else possessor(poss, idx)


def named_token(tok: Token, idx: DocIndex) -> Token | None:
    """The name given to ``tok``: "my sister Emma", "my dog Rex", "Emma, my sister", "a cat named Luna",
    "my sister is called Emma", "my friend Ethel's baby"."""
    for child in tok.children:
        if child.dep_ in ("appos", "npadvmod") and child.pos_ == "PROPN" and child.i > tok.i:
            return None if hygiene.is_vocative(tok.doc[child.i:child.i + 1]) else child  # not "a puppy, Maria!" said to her
        if child.dep_ in ("acl", "relcl") and child.lemma_ in OPEN.naming_words:  # "a dog, a pug named Bo": relcl
            return next((c for c in child.children if c.dep_ in ("oprd", "attr", "dobj", "npadvmod", "xcomp")
                         and (c.pos_ == "PROPN" or c.is_title)), None)  # what is named is a name, however tagged
    if tok.dep_ == "nsubjpass" and tok.head.lemma_ in OPEN.naming_words:  # "my sister is called Emma"
        return next((c for c in tok.head.children if c.dep_ in ("oprd", "attr", "xcomp") and c.i > tok.head.i
                     and (c.pos_ == "PROPN" or c.is_title)), None)
    if tok.dep_ in ("compound", "amod", "nmod") and {n.pos_ for n in tok.doc[tok.i + 1:tok.head.i + 1]} == {"PROPN"}:
        return tok.head  # "my sister Emma", "my ex Tomas"; "my boss Tom Reyes" (the boss a compound of "Reyes")
    if tok.dep_ == "appos" and tok.head.i < tok.i and (tok.head.pos_ == "PROPN" or tok.head.is_title and tok.head.dep_ == "attr"):
        return tok.head  # "Emma, my sister"; "this is Dolores, my aunt": a name introduced, however tagged
    nxt = tok.i + 1
    owning = nxt + 1 < tok.sent.end and tok.doc[nxt + 1].tag_ == "POS" and tok.doc[nxt].dep_ == "poss"  # "my friend Ethel's baby"
    if nxt < tok.sent.end and tok.doc[nxt].pos_ == "PROPN" and (tok.doc[nxt].head.i in (tok.i, nxt) or owning) \
            and idx.term_at[nxt] is None:
        return tok.doc[nxt]
    hung = hung_name(tok)  # "My husband Raj got …", "invite our friend Tobias", "my friend, Tobias said"
    return hung if hung is not None and idx.term_at[hung.i] is None else None


def named_after(tok: Token) -> Token | None:
    """The name the turn's next naming gives ``tok`` (a pet or baby just said) by a pronoun: "we named him Ziggy", "They
    named her Iris", "… his name is Max", "Its name is Kiwi" (no thing between); no kin between ("a dog and a boss, …")."""
    word = next((t for t in tok.doc[tok.i + 1:] if t.lemma_.lower() in OPEN.naming_words), None)
    between = [t for t in tok.doc[tok.i + 1:word.i if word else 0] if t.pos_ in ("NOUN", "PROPN") and t.ent_type_ not in ("DATE", "TIME")]
    if word is None or any(kin_of(t) is not None for t in between):
        return None
    found = naming(word, its=not between)
    return found[1] if found is not None else None


def naming(word: Token, *, its: bool = False) -> tuple[Token, Token] | None:
    """``(pronoun, name)`` of the naming ``word`` says: "we named her Luna", "his name is Marco" → (her, Luna)
    (``its``: also "its name is Kiwi", of a pet just said); not a name given to "it" or to another noun ("we named
    the boat Sally"), asked about or supposed ("will you call her Luna?", "we might name him Rex"), nor one
    others use ("my friends call him Biscuit")."""
    if is_question(word.sent):
        return None
    if word.pos_ == "NOUN":  # "her name is Luna" ("a hamster and his name is …" parsed with "name" a second object)
        verb = word.nbor() if word.dep_ == "conj" and word.i + 1 < len(word.doc) and word.nbor().lemma_ == "be" else word.head
        name = next((c for c in verb.children if c.dep_ in ("attr", "acomp") and a_name(c)), None)
        said = [c for c in word.children if c.dep_ == "poss"] if word.dep_ in ("nsubj", "conj") and verb.lemma_ == "be" else []
    else:
        verb, name = word, next((c for c in word.children if c.dep_ in ("oprd", "dobj") and a_name(c)), None)
        said = [c for c in verb.children if c.dep_ == "dobj" and (name is None or c.i != name.i)] + [
            c for c in (name.children if name is not None else ()) if c.dep_ == "poss"]  # "named her Iris": a possessive
        subj = dep_child(verb, "nsubj")
        if (subj is None and verb.dep_ != "conj") or (subj is not None and subj.lower_ not in OPEN.namer_subjects):
            return None  # a subject shared with the clause before names too: "Jo adopted a kitten and named her Mia"
    if verb.tag_ not in ("VBD", "VBN", "VBP", "VBZ") or not plain(verb):
        return None
    pronouns = OPEN.named_pronouns | ({"its"} if its and word.pos_ == "NOUN" else set())  # "its name is Kiwi" of a pet
    return (said[0], name) if name is not None and said and said[0].lower_ in pronouns else None


def later_name_rels(doc: Doc, idx: DocIndex) -> list[Rel]:
    """A name given by a pronoun in a turn that says no pet, kin or partner before it ("Her name is Luna", "We
    named him Biscuit"), or only one relative ("I have a brother. His name is Arjun"): NAMED, for the session to
    give the speaker's unnamed pet, partner or relative of the turns before."""
    out: list[Rel] = []
    for word in (t for t in doc if t.lemma_.lower() in OPEN.naming_words):
        found = naming(word)
        before = [t for t in doc[:word.i] if kin_of(t) is not None or t.lower_ in PEOPLE.unnamed_partners
                  or t.pos_ == "NOUN" and t.lemma_.lower() in L.PERSON_NOUNS]
        one_relative = len(before) == 1 and (kin_of(before[0]) or ("pet",))[0] not in ("pet", "partner")
        if found is None or before and not one_relative:
            continue  # ("My son has a friend over. His name is Max": the friend's, maybe)
        said, named = pronoun_arg(found[0]), name_arg(found[1], idx)
        if said is not None and said.kind == PRONOUN and named is not None and named.kind == ENTITY and named.strength < 3:
            out.append(holds(NAMED, said, named, found[1].i))
    return out


def a_name(tok: Token) -> bool:
    """A word said as a name, however tagged ("named her Juniper" with "Juniper" a noun to the parser)."""
    return tok.text[:1].isupper() and (tok.pos_ == "PROPN" or (tok.pos_ == "NOUN" and not tok.is_sent_start))


def modifier_state(tok: Token, name: Token | None = None) -> str:
    """``"skip"`` for "my late husband", ``"ended"`` for "my ex-wife", "my old boss", "my childhood cat",
    "my old dog Rex from when I was a kid" (the past words may hang on the noun or on the ``name``), else ``""``."""
    heads = [tok] if name is None else [tok, name]
    words = {tok.lower_} | {c.lower_ for h in heads for c in h.children if c.dep_ in ("amod", "compound", "nmod", "advmod")
                            and (h is tok or c.i < h.i)}  # "my ex" itself
    j = tok.i - 1
    while j >= tok.sent.start and (tok.doc[j].lower_ == "-" or tok.doc[j].lower_ in L.ENDED_KIN_MODIFIERS
                                   or tok.doc[j].lower_ in L.SKIP_KIN_MODIFIERS):
        words.add(tok.doc[j].lower_)
        j -= 1
    refusing = L.KIN_REFUSING_WORDS.get(tok.lower_, ())
    if words & L.SKIP_KIN_MODIFIERS or any(c.lower_ in refusing for c in tok.children):
        return "skip"  # "my late husband", "my business partner"
    if words & L.ENDED_KIN_MODIFIERS or (words & L.OLD_KIN_MODIFIERS and tok.lower_ in L.OLD_MEANS_FORMER):
        return "ended"  # "my ex-wife", "my old boss"
    if name is not None and (_said_of_childhood(" ".join(t.lower_ for h in heads for t in h.subtree))
                             or (words & L.OLD_KIN_MODIFIERS and _said_of_childhood(tok.sent.text.lower()))):
        return "ended"
    return ""


def _said_of_childhood(text: str) -> bool:
    return any(phrase in text for phrase in L.CHILDHOOD_PHRASES)


def kin_rels(owner: Arg, named: Arg, kin: tuple[str, str, str], when: When, i: int) -> list[Rel]:
    relation, gender, word = kin
    predicate, reverse = KIN_RELATIONS[relation]
    if relation == "pet":
        if owner.kind in (WE, SPEAKER, PRONOUN, ENTITY) or owner.kind == MINE and OPEN.kin_possessions.get(owner.name) != "friend":
            # MINE: "my sister has a cat named Mia" (not "my friend …": which friend, no name says)
            named = named.typed("PET", 3)
            return [timed("HAS_PET", owner, named, when, i, qualifiers={"species": word})]
        return []
    if owner.kind == WE:  # "our son Leo", "our friend Dev", "our cousin Lisa": the speaker's too ("our mom" says nothing of whose)
        if relation not in ("child", "friend", "relative"):
            return []
        owner = Arg(SPEAKER, owner.i)
    named = named.typed("PERSON").with_gender(gender)
    quals = {"relation": word} if relation == "relative" else {}
    subj, obj = (named, owner) if reverse else (owner, named)
    return [timed(predicate, subj, obj, when, i, qualifiers=quals)]


def family_verb_rels(frame: Frame, subjects: list[Arg], aspect: str, *, child: Token | None = None,
                     noun: Token | None = None) -> list[Rel]:
    """"we adopted a cat named Luna", "I have a sister named Emma"; ``child``: the noun of a child born, theirs from
    then ("my sister had a baby girl named Iris": :func:`born_kin`); ``noun``: a later object ("and a cat named Tom")."""
    dobj = child or noun or frame.dobj or next((c for c in frame.v.children if c.dep_ == "ccomp" and kin_of(c)), None)
    if dobj is None or not subjects:
        return []
    kin = kin_of(dobj) if child is None else born_kin(child, plain=True)
    name_tok = named_token(dobj, frame.idx) if kin is not None else None
    if name_tok is None and kin is not None and (kin[0] == "pet" or child is not None):
        name_tok = named_after(dobj)  # "we adopted a kitten and named her Luna", "my mom has a dog, his name is Rex"
    if name_tok is None and kin is not None and child is not None:
        name_tok = said_again(dobj, frame.idx)  # "we had a baby in May, a boy named Felix"
    if kin is None or name_tok is None:
        return pet_rels(frame, dobj, frame.when(aspect), subjects)  # "I've had my tortoise Kiwi since May"
    if kin[2] in TIES.cohort_child_words and in_cohort(dobj, name_tok, frame):
        return []  # "I have a kid named Theo in my class": a pupil
    when = frame.when(aspect)
    if when is not None and not when.phrase and name_tok.head.dep_ == "acl":  # "adopted a rabbit named Maple in June"
        hung = [t for t in frame.all_times if t.anchor == name_tok.head.i]
        when = when_for(frame.status, aspect, hung) if hung else when
    # "two cats named Tom and Jerry": each name of a plural noun
    name_toks = [name_tok, *(c for c in with_conj(name_tok)[1:] if c.pos_ == "PROPN")] if dobj.tag_ == "NNS" else [name_tok]
    out: list[Rel] = []
    for tok in name_toks:
        named = name_arg(tok, frame.idx) if kin[0] == "pet" else person_arg(tok, frame.idx, trust_ner=False)
        if named is None or when is None or named.strength >= 3:
            continue
        parts = named.name.split(" and ") if dobj.tag_ == "NNS" else [named.name]  # one span: "Salt and Pepper"
        out += [r for part in parts for s in subjects for r in kin_rels(s, replace(named, name=part), kin, when, frame.v.i)]
    return out


def in_cohort(noun: Token, name: Token, frame: Frame) -> bool:
    """A child word said among a group one leads: "a kid named Theo in my class", "a girl on my team named Ivy"
    ("in"/"on" a ``cohort_nouns`` group, hung on the noun, its name's verb or the clause's verb)."""
    heads = (noun, name.head, frame.v)
    return any(c.dep_ == "prep" and c.lower_ in ("in", "on") and o.dep_ == "pobj" and o.lemma_.lower() in TIES.cohort_nouns
               for h in heads for c in h.children for o in c.children)


def said_again(child: Token, idx: DocIndex) -> Token | None:
    """The name of a child born said after when: "we had a baby last week, a boy called Theo" → Theo (a child's noun
    after it set beside the child, the verb or its subject, named; not "a baby shower, a girl named Ruby"), "my brother
    had a girl last week, named Iris" → Iris (a naming participle on the verb)."""
    verb = child.head
    for head in (child, verb, *(s for s in verb.children if s.dep_ == "nsubj")):
        for c in (c for c in head.children if c.i > child.i):
            if c.dep_ in ("appos", "npadvmod", "dobj") and born_kin(c, plain=True) is not None:
                return named_token(c, idx)
            if head.i == verb.i and c.dep_ in ("advcl", "acl") and c.lemma_ in OPEN.naming_words:
                return next((o for o in c.children if o.dep_ == "oprd" and o.pos_ == "PROPN"), None)
    return None


def as_baby(tok: Token) -> bool:
    """A noun said as a baby: "a baby girl", "our little boy", "the newborn"."""
    return tok.lemma_.lower() in L.BABY_WORDS or any(
        c.dep_ in ("compound", "amod") and c.lower_ in L.BABY_WORDS for c in tok.children if c.i < tok.i)


def born_kin(tok: Token, *, plain: bool = False) -> tuple[str, str, str] | None:
    """``(relation, gender, word)`` of a child as born: "a son", "a baby", "a baby girl" (``plain``: also
    "a boy", as in "gave birth to a boy"); not "a sister", "a new girl"."""
    if (kin := kin_of(tok)) is not None:
        return kin if kin[0] == "child" else None
    gender = L.BORN_KIN.get(tok.lemma_.lower())
    return ("child", gender, tok.lower_) if gender is not None and (plain or as_baby(tok)) else None


def born(frame: Frame) -> list[Rel]:
    """A child born to the subjects, theirs from then: "we welcomed a baby boy, Arlo", "I gave birth to a girl
    named Nora in June", "our little girl Nora arrived on Friday" (not "Nora arrived home")."""
    if frame.lemma == "arrive":
        return _arrived(frame)
    plain = frame.lemma == "give"
    if plain and (frame.dobj is None or frame.dobj.lower_ != "birth"):
        return []
    kids = frame.prep("to") if plain else frame.dobjs
    return [r for t in kids if born_kin(t, plain=plain) is not None
            for r in family_verb_rels(frame, persons(frame), "start", child=t)]


def _arrived(frame: Frame) -> list[Rel]:
    """"Our baby boy Leo arrived last night": a baby said with its owner and name, arriving at no place."""
    idx, when = frame.idx, frame.when("start")
    if when is None or any(c.lower_ in L.ARRIVAL_ADVERBS or c.dep_ == "prep" and not all(
            idx.is_time(p) for p in c.children if p.dep_ == "pobj") for c in frame.v.children):
        return []
    out: list[Rel] = []
    for tok in frame.subj_toks:
        kin, owner, name = born_kin(tok), owner_of(tok, idx), named_token(tok, idx)
        named = person_arg(name, idx, trust_ner=False) if name is not None else None
        if kin is not None and as_baby(tok) and owner is not None and named is not None and named.strength < 3:
            out += kin_rels(owner, named, kin, when, frame.v.i)
    return out


def pet_mention(tok: Token | None, idx: DocIndex) -> tuple[Token, Token] | None:
    """``(pet noun, name)`` for a pet noun with its name or a name with its pet noun."""
    if tok is None:
        return None
    if tree.is_pet_noun(tok) and tok.pos_ in ("NOUN", "ADJ"):
        name = named_token(tok, idx) or next((n for c in tok.children if c.dep_ == "appos" and tree.is_pet_noun(c)
                                              and (n := named_token(c, idx)) is not None), None)  # "a puppy, a beagle named Max"
        nxt = tok.doc[tok.i + 1] if tok.i + 1 < tok.sent.end else None
        if name is None and nxt is not None and (nxt.pos_ == "PROPN" or nxt.is_title) and idx.term_at[nxt.i] is None:
            name = nxt  # "my rabbit Clover" with the name hung elsewhere ("my dog Pickles": a plural noun to the parser)
        return (tok, name) if name is not None else None
    if tok.pos_ != "PROPN" and not (tok.is_title and not tok.is_sent_start):
        return None
    for child in tok.children:
        if child.dep_ in ("compound", "amod", "appos", "nmod") and tree.is_pet_noun(child):
            return child, tok
    for j in range(tok.i - 1, max(tok.sent.start, tok.i - 3) - 1, -1):  # "a parrot called Clementine"
        prev = tok.doc[j]
        if tree.is_pet_noun(prev):
            return prev, tok
        if prev.lower_ not in ("called", "named", ","):
            break
    return None


def pet_rels(frame: Frame, tok: Token | None, when: When | None, owners: Sequence[Arg] = ()) -> list[Rel]:
    """HAS_PET for the pet ``tok`` mentions, owned by its possessor ("my", "Tom's") or ``owners``; a pet
    with no name only when it leaves ("my dog died last year": not a pet still had), one at a time."""
    found = pet_mention(tok, frame.idx)
    counted = frame.lemma == "have" and how_many_only(tok) if tok is not None else False
    if found is None and tok is not None and when is not None and when.mode == "end" and tree.is_pet_noun(tok) \
            and tok.pos_ == "NOUN" and tok.dep_ != "appos" and not any(c.dep_ == "appos" for c in tok.children) and not counted:
        # (not "Pickles, my dog, died": the name is beside it; not "I had two cats": a count, no one of them)
        owner = owner_of(tok, frame.idx)
        return [timed("HAS_PET", o, owned_arg(tok, "PET"), when, frame.v.i, 0.7)
                for o in ([owner] if owner is not None else owners) if o.kind in (SPEAKER, WE, PRONOUN, ENTITY)]
    if found is None or when is None:
        return []
    noun, name_tok = found
    named = name_arg(name_tok, frame.idx)
    if named is None or named.kind != ENTITY or named.strength >= 3:
        return []
    owner = owner_of(noun, frame.idx) or owner_of(name_tok, frame.idx)
    kin = kin_of(noun)
    candidates = [owner] if owner is not None else list(owners)
    return [r for o in candidates for r in kin_rels(o, named, kin, when, noun.i)] if kin else []
