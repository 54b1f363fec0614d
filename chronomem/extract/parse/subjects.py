"""Tagger slips about a name that opens its sentence (run by :func:`~chronomem.extract.parse.mending.repair`)."""

from __future__ import annotations

from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import DIALOGUE, NAMES, OPEN, PEOPLE

_MISREAD = ("npadvmod", "dep", "intj")  # how the parser hangs a name that opens its sentence as no subject


def person_word(tok: Token) -> bool:
    """A kin, tie or person noun, which may name the person after it ("my aunt Rosa", "my neighbour Walt").

    >>> import spacy
    >>> [person_word(t) for t in spacy.blank("en")("aunt neighbour fence")]
    [True, True, False]
    """
    return any(tok.lower_ in words for words in (L.KIN, L.PERSON_NOUNS, L.OPEN_TIES))


def repair_fronted_names(doc: Doc) -> None:
    """A name opening its sentence and an owned noun set off by commas on both sides before the verb are one
    subject, the noun in apposition: "Tom, my boss, is retiring" (read as a call to Tom with "my boss" the
    subject; "Tom, my boss is retiring", with no second comma, is said to Tom and stays).

    >>> import spacy
    >>> doc = spacy.blank("en")("Tom , my boss , quit")
    >>> for t, (dep, head) in zip(doc, [("npadvmod", 5), ("punct", 5), ("poss", 3), ("nsubj", 5), ("punct", 5), ("ROOT", 5)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[0].pos_ = "PROPN"
    >>> repair_fronted_names(doc)
    >>> doc[0].dep_, doc[3].dep_, doc[3].head.text
    ('nsubj', 'appos', 'Tom')
    """
    for sent in doc.sents:
        name, verb = sent[0], sent[0].head
        if name.pos_ != "PROPN" or name.dep_ not in _MISREAD or len(sent) < 6 or sent[1].text != ",":
            continue
        noun = next((c for c in verb.children if c.dep_ == "nsubj" and c.left_edge.i == name.i + 2), None)
        if noun is None or not any(c.dep_ == "poss" for c in noun.children) or noun.right_edge.i + 1 >= sent.end:
            continue
        if "," not in (noun.right_edge.text, doc[noun.right_edge.i + 1].text):  # (the parser may hang the comma on it)
            continue
        name.dep_, noun.head, noun.dep_ = "nsubj", name, "appos"


def _s_form_of(word: str, verbs: frozenset[str]) -> str | None:
    """The verb whose -s form ``word`` is ("lives": "live", "watches": "watch", "studies": "study"), if known."""
    if not word.endswith("s"):
        return None
    return next((b for b in (word[:-1], word[:-2], word[:-3] + "y") if b in verbs), None)


def repair_plural_verbs(doc: Doc, verbs: frozenset[str]) -> None:
    """A verb's -s form read as a plural noun right after its subject is the verb, with a word of its own after
    it: after a kin word or a name that is its subject or an owned compound of it ("My mum works at Boots"), or
    after a kin word used as a name that opens the sentence, read as the verb's modifier ("Grandpa lives in Reno
    now": "Grandpa" an adjective of "lives", the plural of "life"). Not "my car keys at home", "Grandpa's keys".

    >>> import spacy
    >>> doc = spacy.blank("en")("Grandpa lives in Reno")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("ADJ", "JJ", "amod", 1), ("NOUN", "NNS", "ROOT", 1),
    ...                                          ("ADP", "IN", "prep", 1), ("PROPN", "NNP", "pobj", 2)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> repair_plural_verbs(doc, frozenset({"live"}))
    >>> doc[0].dep_, doc[1].tag_, doc[1].lemma_
    ('nsubj', 'VBZ', 'live')
    """
    for verb in doc[1:]:
        subj, base = doc[verb.i - 1], _s_form_of(verb.lower_, verbs)
        if base is None or subj.head != verb or not verb.is_lower or verb.tag_ not in ("NNS", "VBZ") or not any(
                c.i > verb.i and not c.is_punct for c in verb.children):
            continue
        named = (subj.i == subj.sent.start and subj.is_title and subj.lower_ in PEOPLE.kin_names and subj.lower_ in L.KIN
                 and subj.dep_ in ("amod", "compound", *_MISREAD) and verb.dep_ == "ROOT")
        owned = verb.tag_ == "NNS" and (subj.lower_ in L.KIN or subj.pos_ == "PROPN") and (
            subj.dep_ == "nsubj" or subj.dep_ == "compound" and any(p.dep_ == "poss" for p in subj.children))
        if named:
            subj.pos_, subj.tag_ = "PROPN", "NNP"
        if named or owned:
            verb.pos_, verb.tag_, verb.lemma_, subj.dep_ = "VERB", "VBZ", base, "nsubj"


def repair_paired_subject(doc: Doc) -> None:
    """A name and "I" (or "me") that open their sentence as one subject, the name read as an interjection or an
    adverb ("Dana and I are friends", "Cora and me were roommates"), or as the root with the verb its conjunct
    ("Bea and I are colleagues"): the name becomes the subject, the pronoun its conjunct. Not a call set off by a
    comma ("Dana, and I mean it, …").

    >>> import spacy
    >>> doc = spacy.blank("en")("Dana and I are friends")
    >>> for t, (dep, head) in zip(doc, [("intj", 3), ("cc", 3), ("nsubj", 3), ("ROOT", 3), ("attr", 3)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[0].pos_, doc[3].pos_ = "PROPN", "AUX"
    >>> repair_paired_subject(doc)
    >>> doc[0].dep_, doc[2].dep_, doc[2].head.text
    ('nsubj', 'conj', 'Dana')
    """
    for sent in doc.sents:
        name = sent[0]
        unknown = _name_read_as_adjective(name)
        if len(sent) < 4 or not (name.pos_ == "PROPN" or unknown) or name.dep_ not in (*_MISREAD, "ROOT", "advmod" if unknown else "ROOT"):
            continue
        cc, pron = sent[1], sent[2]
        # (the root: "Bea and I are colleagues", "are" its conjunct; "Odile and I got engaged in May", "engaged")
        verb = name.head if name.dep_ != "ROOT" else next((c for c in name.children if c.dep_ == "conj" and c.i > pron.i), sent[3])
        said_by = pron.head if pron.head.dep_ not in ("aux", "auxpass") else pron.head.head  # ("I" on the "got" of "got engaged")
        if cc.lower_ != "and" or pron.lower_ not in ("i", "me") or verb.pos_ not in ("AUX", "VERB") or said_by not in (verb, name) \
                or name.dep_ == "ROOT" and (verb.dep_ != "conj" or verb.head != name):
            continue
        if name.dep_ == "ROOT":
            verb.dep_, verb.head, name.head = "ROOT", verb, verb
        if unknown:
            name.pos_, name.tag_, name.head = "PROPN", "NNP", verb
        name.dep_, pron.dep_, pron.head, cc.head, cc.dep_ = "nsubj", "conj", name, name, "cc"


def _name_read_as_adjective(tok: Token) -> bool:
    """A capitalized word opening its sentence that the tagger took for an adjective, a name it does not know ("Odile
    and I got engaged"), not a word of chat ("Cool", "Sure", "Nice": names.json chat words, opening adjectives, interjections)."""
    low = tok.lower_
    return tok.tag_ == "JJ" and tok.is_title and len(tok.text) > 2 and not any(
        low in words for words in (NAMES.interjections, DIALOGUE.backchannels, DIALOGUE.greetings, NAMES.chat_words,
                                                     NAMES.opening_adjectives))


def repair_opening_pasts(doc: Doc) -> None:
    """A past verb that opens its sentence with no subject and an object (a chat line's own news, its "I" left
    out) read as a name or a base form: "Quit my job at Target" ("Quit" a proper noun), "Got a job at Acme" ("Got" a
    base form of no tense, its lemma "got") are retagged a past verb; "Left Boeing in May" (NER's person "Left
    Boeing") loses the name NER ran over the verb and its object.

    >>> import spacy
    >>> doc = spacy.blank("en")("Quit my job")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PROPN", "NNP", "ROOT", 0), ("PRON", "PRP$", "poss", 2),
    ...                                          ("NOUN", "NN", "dobj", 0)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> repair_opening_pasts(doc)
    >>> doc[0].tag_, doc[0].lemma_
    ('VBD', 'quit')
    """
    for sent in doc.sents:
        verb = sent[0]
        past = verb.tag_ in ("VBD", "VBN") or verb.lower_ in OPEN.irregular_pasts
        _verb_read_as_subject(verb)
        _verb_read_as_modifier(verb)
        if verb.dep_ != "ROOT" or not past or not any(c.dep_ == "dobj" for c in verb.children) or any(
                c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
            continue
        if verb.pos_ == "PROPN" or verb.tag_ == "VB" and OPEN.irregular_pasts.get(verb.lower_, verb.lower_) != verb.lower_:
            verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VBD", OPEN.irregular_pasts.get(verb.lower_, verb.lower_)
        if verb.pos_ == "VERB" and verb.ent_iob_ == "B" and any(e.start == verb.i and len(e) > 1 for e in doc.ents):
            doc.ents = [e for e in doc.ents if e.start != verb.i]  # "Left Boeing": the verb and a name as one person


def _verb_read_as_subject(verb: Token) -> None:
    """A past opening its sentence as a name with an object of its own, parsed as the subject of the next clause's
    verb ("Quit the gym, joined a run club": "Quit" the one who joined): it heads that verb's place, the verb its
    conjunct. Not a first name ("Will joined a club")."""
    nxt = verb.head
    if (verb.pos_ != "PROPN" or verb.dep_ != "nsubj" or verb.lower_ not in OPEN.irregular_pasts or nxt.i < verb.i
            or nxt.pos_ != "VERB" or first_name(verb.text)):
        return
    obj = next((c for c in verb.children if c.dep_ in ("dobj", "appos") and c.left_edge.i == verb.i + 1), None)
    if obj is None:
        return
    obj.dep_ = "dobj"  # (read as the name's appos: "Quit | the gym")
    verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VBD", OPEN.irregular_pasts[verb.lower_]
    verb.dep_, verb.head = nxt.dep_, verb if nxt.dep_ == "ROOT" else nxt.head
    nxt.dep_, nxt.head = "conj", verb


def _verb_read_as_modifier(verb: Token) -> None:
    """A past opening its sentence read as a word of the next verb's subject ("Finished Project Hail Mary and loved
    it": "Finished" a modifier of "Mary", who loved it): it heads that verb's place, the subject its object, the
    verb its conjunct. Only a known past (``irregular_pasts``, ``same_form_pasts``), not a first name, nor a time
    ("Started Monday")."""
    noun, form = verb.head, verb.lower_
    if (verb.dep_ not in ("amod", "compound") or not (form in OPEN.irregular_pasts or form in OPEN.same_form_pasts)
            or first_name(verb.text)):
        return
    while noun.dep_ in ("compound", "amod") and noun.head.i > noun.i:
        noun = noun.head  # "Finished → Project → Mary"
    nxt = noun.head
    if noun.dep_ != "nsubj" or noun.left_edge.i != verb.i or nxt.pos_ != "VERB" or nxt.i < noun.i or noun.ent_type_ in (
            "DATE", "TIME"):
        return
    verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VBD", OPEN.irregular_pasts.get(form, form)
    verb.dep_, verb.head = nxt.dep_, verb if nxt.dep_ == "ROOT" else nxt.head
    noun.dep_, noun.head, nxt.dep_, nxt.head = "dobj", verb, "conj", verb
    if verb.ent_iob_ == "B" and any(e.start == verb.i and len(e) > 1 for e in verb.doc.ents):
        verb.doc.ents = [e for e in verb.doc.ents if e.start != verb.i]  # NER's "Finished Piranesi"


def first_name(word: str) -> bool:
    return word.lower() in L.MALE_NAMES or word.lower() in L.FEMALE_NAMES


def _rehang_cc(parent: Token, head: Token, *, before: int | None = None) -> None:
    """Hang the "and"/"or" of ``parent`` (those before token ``before``, when given) on ``head``: the coordinator
    goes with the clause a repair splits off."""
    for cc in [c for c in parent.children if c.dep_ == "cc" and (before is None or c.i < before)]:
        cc.head = head


def repair_object_taken_for_subject(doc: Doc) -> None:
    """The subject of a second clause parsed as one more object of the first, its verb as the first verb's
    complement: "I quit Verizon and my cousin Raul joined Comcast" ("my cousin Raul" a conjunct of "Verizon" right
    before "joined", which has no subject) becomes that verb's subject, the verb the first one's conjunct. Not "I
    quit Verizon and joined Comcast" (no noun before the verb), nor a verb with a subject of its own.

    >>> import spacy
    >>> doc = spacy.blank("en")("I left Acme and Tom joined Bolt")
    >>> for t, (dep, head) in zip(doc, [("nsubj", 1), ("ROOT", 1), ("dobj", 1), ("cc", 2), ("conj", 2), ("ccomp", 1),
    ...                                 ("dobj", 5)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[4].pos_, doc[5].tag_ = "PROPN", "VBD"
    >>> repair_object_taken_for_subject(doc)
    >>> doc[4].dep_, doc[4].head.text, doc[5].dep_, doc[3].head.text
    ('nsubj', 'joined', 'conj', 'left')
    """
    for verb in doc:
        first = verb.head
        if verb.dep_ != "ccomp" or verb.tag_ not in ("VBD", "VBZ", "VBP") or first.i > verb.i or any(
                c.dep_ in ("nsubj", "nsubjpass", "expl", "mark") for c in verb.children):
            continue
        noun = next((t for t in first.subtree if t.dep_ == "conj" and t.pos_ in ("NOUN", "PROPN") and t.i < verb.i
                     and t.right_edge.i == verb.i - 1 and t.head.dep_ in ("dobj", "pobj", "conj")), None)
        if noun is None:
            continue
        _rehang_cc(noun.head, first, before=noun.i)
        noun.dep_, noun.head, verb.dep_ = "nsubj", verb, "conj"


def repair_owned_noun_before_name(doc: Doc) -> None:
    """An owned kin or person noun right before the name that is its clause's subject, hung on the verb as an
    adverb ("My cousin Lisa is getting married": "cousin" an adverbial noun of "married") or as one more object of
    the clause before ("I sold my car and my cousin Bo bought a van": "cousin" a conjunct of "car"; "I love Rome and
    my aunt Lia lives there", the second verb also read as the first one's complement, becomes its conjunct), takes
    the name's place, the name its apposition, as in "My cousin Lisa got engaged". Only a noun with an owner ("my",
    "Tom's").

    >>> import spacy
    >>> doc = spacy.blank("en")("My cousin Lisa married")
    >>> for t, (dep, head) in zip(doc, [("poss", 1), ("npadvmod", 3), ("nsubj", 3), ("ROOT", 3)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[1].pos_, doc[2].pos_ = "NOUN", "PROPN"
    >>> repair_owned_noun_before_name(doc)
    >>> doc[1].dep_, doc[2].dep_, doc[2].head.text
    ('nsubj', 'appos', 'cousin')
    """
    for noun in doc[:-1]:
        name = doc[noun.i + 1]
        while name.dep_ == "compound" and name.head.i > name.i and name.head.pos_ == "PROPN":
            name = name.head  # "my uncle Jim Beale"
        verb = name.head
        joined = noun.dep_ == "conj" and noun.head.dep_ in ("dobj", "pobj", "conj") and (
            verb.dep_ == "conj" or verb.dep_ == "ccomp" and any(c.dep_ == "cc" and c.i < noun.i for c in noun.head.children)
        ) and verb.i > name.i and verb.head.i < noun.i  # (an object of the clause before; its verb a complement after "and")
        double = noun.dep_ in ("nsubj", "nsubjpass") and verb == noun.head  # "Ross's girlfriend Emily called": two subjects
        if (not (noun.dep_ in _MISREAD and verb == noun.head or joined or double) or noun.pos_ != "NOUN" or name.pos_ != "PROPN"
                or name.dep_ not in ("nsubj", "nsubjpass") or not person_word(noun)
                or not any(c.dep_ == "poss" for c in noun.children)):
            continue
        if joined:
            _rehang_cc(noun.head, verb.head, before=noun.i)
            noun.head, verb.dep_ = verb, "conj"
        noun.dep_, name.dep_, name.head = name.dep_, "appos", noun


def repair_named_after_comma(doc: Doc) -> None:
    """A name set off by a comma after an owned kin or tie noun, hung on it as an adverb, is that noun's
    apposition: "This is my boyfriend, Mike." ("Mike" an adverbial noun of "boyfriend"), as "my boyfriend Mike".

    >>> import spacy
    >>> doc = spacy.blank("en")("my sister , Ana")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "poss", 1), ("NOUN", "ROOT", 1), ("PUNCT", "punct", 1),
    ...                                      ("PROPN", "npadvmod", 1)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> repair_named_after_comma(doc)
    >>> doc[3].dep_
    'appos'
    """
    for name in doc[3:]:
        noun = name.head
        if name.pos_ == "PROPN" and name.dep_ in ("npadvmod", "dep") and noun.i == name.i - 2 and doc[name.i - 1].text == "," \
                and noun.pos_ == "NOUN" and person_word(noun) and any(c.dep_ == "poss" for c in noun.children):
            name.dep_ = "appos"


def repair_age_taken_for_subject(doc: Doc) -> None:
    """An age after "is" parsed as the subject of the next clause's verb, the next name its conjunct: "Idris is ten
    and Caleb just turned seven" ("ten and Caleb" turned seven) is two clauses, the age the complement of "is", the
    name the subject of "turned", which becomes the conjunct of "is".

    >>> import spacy
    >>> doc = spacy.blank("en")("Ana is ten and Bo turned six")
    >>> for t, (dep, head) in zip(doc, [("nsubj", 1), ("ccomp", 5), ("nsubj", 5), ("cc", 2), ("conj", 2), ("ROOT", 5),
    ...                                 ("oprd", 5)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[1].lemma_, doc[4].pos_ = "be", "PROPN"
    >>> repair_age_taken_for_subject(doc)
    >>> doc[1].dep_, doc[2].dep_, doc[4].dep_, doc[4].head.text, doc[5].dep_
    ('ROOT', 'attr', 'nsubj', 'turned', 'conj')
    """
    for age in doc[2:]:
        verb, be = age.head, doc[age.i - 1]
        if not age.like_num or age.dep_ != "nsubj" or verb.i < age.i or be.lemma_ != "be" or be.dep_ != "ccomp" or (
                be.head != verb) or not any(c.dep_ == "nsubj" for c in be.children) or any(
                c.dep_ in ("attr", "acomp") for c in be.children):
            continue
        name = next((c for c in age.children if c.dep_ == "conj" and c.pos_ == "PROPN"), None)
        if name is None:
            continue
        _rehang_cc(age, be)
        be.dep_, be.head = verb.dep_, be if verb.dep_ == "ROOT" else verb.head
        age.dep_, age.head, name.dep_, name.head, verb.dep_, verb.head = "attr", be, "nsubj", verb, "conj", be


def repair_comma_clause(doc: Doc) -> None:
    """A clause with a subject of its own after the first verb's object and a comma, parsed as that verb's
    complement, is a clause of its own, the first one's conjunct: "I love Rome, my aunt Lia lives there" (not a verb
    that takes a person and a clause: "I told Mom, I'm moving": ``object_clause_verbs``; nor "that" clauses).

    >>> import spacy
    >>> doc = spacy.blank("en")("I love Rome , Lia lives there")
    >>> for t, (dep, head) in zip(doc, [("nsubj", 1), ("ROOT", 1), ("dobj", 1), ("punct", 2), ("nsubj", 5),
    ...                                 ("ccomp", 1), ("advmod", 5)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc[1].lemma_, doc[5].tag_ = "love", "VBZ"
    >>> repair_comma_clause(doc)
    >>> doc[5].dep_
    'conj'
    """
    for verb in doc[3:]:
        first = verb.head
        if verb.dep_ != "ccomp" or first.i > verb.i or verb.tag_ not in ("VBD", "VBZ", "VBP") or doc[
                verb.left_edge.i - 1].text != "," or first.lemma_.lower() in OPEN.object_clause_verbs:
            continue
        if any(c.dep_ == "nsubj" for c in verb.children) and not any(c.dep_ == "mark" for c in verb.children) and any(
                c.dep_ == "dobj" and c.i < verb.left_edge.i for c in first.children):
            verb.dep_ = "conj"
