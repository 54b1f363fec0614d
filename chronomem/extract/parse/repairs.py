"""Tagger slips the grammar itself corrects, before any rule reads the parse (:func:`repair` runs them all)."""

from __future__ import annotations

from typing import Any

from spacy.language import Language
from spacy.tokens import Doc, Span, Token

from chronomem.extract.lexicon import LEAVING_LEMMAS, OPEN, PURPOSE_NAME_HEADS
from chronomem.extract.parse.amounts import repair_amounts
from chronomem.extract.parse.contractions import repair_adjective_passive, repair_contracted_has, repair_contracted_is
from chronomem.extract.parse.dated_names import repair_dated_names
from chronomem.extract.parse.place_words import repair_trailing_place_words
from chronomem.extract.parse.subjects import (
    person_word,
    repair_age_taken_for_subject,
    repair_comma_clause,
    repair_fronted_names,
    repair_named_after_comma,
    repair_object_taken_for_subject,
    repair_opening_pasts,
    repair_owned_noun_before_name,
    repair_paired_subject,
    repair_plural_verbs,
)
from chronomem.timeexpr.words import PAST_FORMS

_NOT_VERBS = frozenset({"ADP", "SCONJ"})
_JOINERS = frozenset({"and", "but"})
_MODIFIERS = frozenset({"det", "amod", "compound", "poss", "nummod"})
_OBJECTS = frozenset({"dobj", "xcomp", "ccomp", "prep"})
_STRANDED = frozenset({"attr", "npadvmod", "punct", "dobj"})  # how a stranded preposition's object gets hung
_SWITCH_PREPS = frozenset({"to", "from", "into"})  # "from Windows to Mac": one name each side
_NAME_LABELS = frozenset({"ORG", "PRODUCT", "GPE", "LOC", "FAC", "PERSON", "WORK_OF_ART"})  # (not "15 to 16", a range)
_OPENERS = frozenset({"INTJ", "PUNCT", "CCONJ"})  # what may come before a subject that opens its clause
_NOUN_READ_VERB = frozenset({"compound", "amod", "nmod"})  # how the parser hangs a verb it read as a modifier
_TO_VERB = frozenset({"prep", "dative", "punct", "advmod", "npadvmod", "cc"})  # the noun's words that are the verb's


def repair_tags(doc: Doc) -> None:
    """A preposition takes no subject: a word tagged as one (``ADP``, ``SCONJ``) that the parser gave a subject
    is the verb of its clause, retagged as a present-tense verb ("I really like Italian food": "like" read as a
    preposition).

    >>> import spacy
    >>> doc = spacy.blank("en")("I really like pizza")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "nsubj", 2), ("ADV", "RB", "advmod", 2),
    ...                                          ("ADP", "IN", "ROOT", 2), ("NOUN", "NN", "dobj", 2)]):
    ...     t.pos_, t.tag_, t.dep_, t.head = pos, tag, dep, doc[head]
    >>> repair_tags(doc)
    >>> doc[2].pos_, doc[2].tag_
    ('VERB', 'VBP')
    """
    for tok in doc:
        if tok.pos_ in _NOT_VERBS and tok.is_alpha and any(c.dep_ == "nsubj" for c in tok.children):
            tok.pos_, tok.tag_ = "VERB", "VBP"
        elif tok.tag_ == "NNP" and tok.is_lower and tok.is_alpha and tok.dep_ == "compound" and tok.head.is_title:
            tok.pos_, tok.tag_ = "NOUN", "NN"  # a lower-case word before a name is none: "my college sweetheart Dana"
        elif tok.tag_ == "JJ" and tok.dep_ in ("compound", "amod") and tok.head.i == tok.i + 1 and tok.head.pos_ == "PROPN" \
                and person_word(tok) and any(c.dep_ == "poss" for c in tok.children):
            tok.pos_, tok.tag_ = "NOUN", "NN"  # an owned kin or tie word before a name: "…; my aunt Rosa lives there"


def repair_taste_verbs(doc: Doc) -> None:
    """Make each verb of taste after "and"/"but" that has no object of its own the verb of its clause, with the
    word after it as its object, whatever the tagger made of it ("i'm vegan and love cooking": "love" read as a
    noun; "i like chess but hate poker": "hate" an auxiliary of "poker").

    >>> import spacy
    >>> doc = spacy.blank("en")("i like chess but hate poker")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 1), ("VERB", "ROOT", 1), ("NOUN", "dobj", 1),
    ...                                      ("CCONJ", "cc", 1), ("AUX", "aux", 5), ("NOUN", "conj", 1)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> repair_taste_verbs(doc)
    >>> doc[4].pos_, doc[4].dep_, doc[4].head.text, doc[5].dep_, doc[5].head.text
    ('VERB', 'conj', 'like', 'dobj', 'hate')
    """
    for tok in doc[1:-1]:
        if tok.lower_ not in OPEN.taste_verbs or doc[tok.i - 1].lower_ not in _JOINERS or any(
                c.dep_ in _OBJECTS for c in tok.children):
            continue
        obj = _stray_object(doc[tok.i + 1], tok)
        if obj is None or (tok.pos_ == "VERB" and obj in tok.ancestors):
            continue
        verb, dep = _clause_verb(obj.head), obj.dep_
        if tok.pos_ != "VERB":
            if verb == tok or tok in verb.ancestors:
                continue
            tok.pos_, tok.tag_, tok.lemma_ = "VERB", "VBP", tok.lower_
            tok.head, tok.dep_ = verb, "conj"
        for early in [c for c in obj.children if c.i < tok.i]:  # "enjoy fishing and love camping": "fishing" under "camping"
            early.head, early.dep_ = verb, (dep if dep in ("dobj", "xcomp") else "dobj")
        obj.head, obj.dep_ = tok, ("xcomp" if obj.tag_ == "VBG" else "dobj")


def _clause_verb(tok: Token) -> Token:
    """The verb of the clause ``tok`` is in: itself, or its nearest verb above."""
    while tok.pos_ not in ("VERB", "AUX") and tok.head.i != tok.i:
        tok = tok.head
    return tok


def _stray_object(nxt: Token, verb: Token) -> Token | None:
    """The word after the taste verb ``verb`` (or the noun it modifies) when the parser hung it on a word
    before the verb, which leaves the verb without its object."""
    obj = nxt.head if nxt.dep_ in _MODIFIERS else nxt
    if obj.pos_ not in ("NOUN", "PROPN", "VERB") or obj.dep_ not in ("conj", "xcomp", "dobj", "advcl") or obj.head.i >= verb.i:
        return None
    return obj


def repair_word_punct(doc: Doc) -> None:
    """Make a word the parser attached as punctuation after a copula with no complement its complement ("my
    favourite snack is pretzels").

    >>> import spacy
    >>> doc = spacy.blank("en")("my snack is pretzels")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "poss", 1), ("NOUN", "nsubj", 2), ("AUX", "ROOT", 2),
    ...                                      ("NOUN", "punct", 2)]):
    ...     t.pos_, t.dep_, t.head, t.lemma_ = pos, dep, doc[head], t.lower_
    >>> doc[2].lemma_ = "be"
    >>> repair_word_punct(doc)
    >>> doc[3].dep_
    'attr'
    """
    for tok in doc:
        head = tok.head
        if (tok.dep_ == "punct" and tok.is_alpha and tok.pos_ in ("NOUN", "PROPN") and head.lemma_ == "be"
                and head.i < tok.i and not any(c.dep_ in ("attr", "acomp") for c in head.children)):
            tok.dep_ = "attr"


def repair_taste_adverb(doc: Doc) -> None:
    """Make the lone word the tagger took for an adjective modifying a verb of taste (or of "can't stand") right
    before it the verb's object, when the verb has none and the word ends its clause ("I hate cilantro": "cilantro"
    read as an adverbial adjective). Not "I love it here" (an object), nor "I hate early mornings" (on the noun).

    >>> import spacy
    >>> doc = spacy.blank("en")("I hate cilantro .")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 1), ("VERB", "ROOT", 1), ("ADJ", "advmod", 1),
    ...                                      ("PUNCT", "punct", 1)]):
    ...     t.pos_, t.dep_, t.head, t.lemma_ = pos, dep, doc[head], t.lower_
    >>> repair_taste_adverb(doc)
    >>> doc[2].pos_, doc[2].dep_
    ('NOUN', 'dobj')
    """
    for tok in doc[1:]:
        if tok.dep_ != "advmod" or tok.pos_ != "ADJ" or not tok.is_alpha or tok.head.i != tok.i - 1 or any(
                True for _ in tok.children):
            continue
        verb = tok.head
        lemma = verb.lemma_.lower()
        if verb.pos_ != "VERB" or not (lemma in OPEN.taste_verbs or lemma in OPEN.cannot_tastes) or any(
                c.dep_ in _OBJECTS for c in verb.children) or tok.i + 1 < len(doc) and not (
                doc[tok.i + 1].is_punct or doc[tok.i + 1].lower_ in _JOINERS):
            continue
        tok.pos_, tok.tag_, tok.dep_ = "NOUN", "NN", "dobj"


def repair_stranded_prep(doc: Doc) -> None:
    """Make a word the parser hung beside a preposition that has no object that preposition's object,
    when it comes right after it ("we've been on RabbitMQ": "RabbitMQ" read as an attribute or as
    punctuation of "been").

    >>> import spacy
    >>> doc = spacy.blank("en")("we are on RabbitMQ")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 1), ("AUX", "ROOT", 1), ("ADP", "prep", 1),
    ...                                      ("PUNCT", "punct", 1)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> repair_stranded_prep(doc)
    >>> doc[3].dep_, doc[3].head.text, doc[3].pos_
    ('pobj', 'on', 'PROPN')
    """
    for prep in doc:
        if prep.dep_ != "prep" or prep.pos_ != "ADP" or prep.i + 1 >= len(doc) or any(
                c.dep_ in ("pobj", "pcomp") for c in prep.children):
            continue
        word = doc[prep.i + 1]
        if word.head.i == prep.head.i and word.dep_ in _STRANDED and word.is_alpha and (
                word.pos_ in ("NOUN", "PROPN") or word.text[:1].isupper()):
            word.head, word.dep_ = prep, "pobj"
            if word.pos_ not in ("NOUN", "PROPN"):
                word.pos_, word.tag_ = "PROPN", "NNP"


def repair_taste_root(doc: Doc) -> None:
    """Make a verb of taste after a subject pronoun (or a noun the parser made the root's subject) that the parser
    hung on a root noun to its right the root, with that noun as its object ("I detest broccoli": "detest" read as an
    adjective; "my kids enjoy learning": "enjoy" an auxiliary of "learning").

    >>> import spacy
    >>> doc = spacy.blank("en")("I detest broccoli")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 2), ("ADJ", "amod", 2), ("NOUN", "ROOT", 2)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> repair_taste_root(doc)
    >>> doc[1].dep_, doc[1].pos_, doc[2].dep_, doc[2].head.text, doc[0].head.text
    ('ROOT', 'VERB', 'dobj', 'detest', 'detest')
    """
    for tok in doc[1:-1]:
        if tok.pos_ == "VERB" or (lemma := taste_lemma(tok)) is None:
            continue
        root, subj = tok.head, doc[tok.i - 1]
        named = subj.lower_ in OPEN.subject_pronouns or subj.pos_ in ("NOUN", "PROPN") and subj.dep_ == "nsubj" \
            and subj.head in (root, tok)  # ("Omar loves baking bread": "loves" an auxiliary of "baking")
        if not named or root.dep_ != "ROOT" or root.i <= tok.i or root.pos_ not in ("NOUN", "PROPN", "VERB"):
            continue
        tok.pos_, tok.tag_, tok.lemma_ = "VERB", "VBZ" if lemma != tok.lower_ else "VBP", lemma
        tok.head, tok.dep_ = tok, "ROOT"
        for child in [c for c in root.children if c.i < tok.i]:  # the subject
            child.head = tok
        root.head, root.dep_ = tok, ("xcomp" if root.tag_ == "VBG" else "dobj")


def taste_lemma(tok: Token) -> str | None:
    """The verb of taste ``tok`` is a form of, if any: "love", "loves" → "love"; "enjoys" → "enjoy".

    >>> import spacy
    >>> [taste_lemma(t) for t in spacy.blank("en")("loves enjoys hates likes bikes")]
    ['love', 'enjoy', 'hate', 'like', None]
    """
    word = tok.lower_
    return next((w for w in (word, word[:-1] if word.endswith("s") else "") if w in OPEN.taste_verbs), None)


def _left_for(prep: Token) -> bool:
    """The "for" of "left Acme for Stripe": after a verb of leaving, not inside a name that takes it ("left
    Center for Applied Linguistics", ``purpose_name_heads``)."""
    return prep.lower_ == "for" and prep.head.lemma_.lower() in LEAVING_LEMMAS and \
        prep.doc[prep.i - 1].lower_ not in PURPOSE_NAME_HEADS


def repair_clause_prep_names(doc: Doc) -> None:
    """A name NER ran across a "to", "from" or "for" of the clause ("switched from Windows to Mac" with "Windows to
    Mac" one organisation: "to" hangs on the verb; "for" after a verb of leaving: "left Acme for Brightline") is two
    names, apart at the preposition (not a number range, "from 15 to 16"; not "I loved Music for Airports").

    >>> import spacy
    >>> doc = spacy.blank("en")("I moved from Slack to Teams")
    >>> for t, (dep, head) in zip(doc, [("nsubj", 1), ("ROOT", 1), ("prep", 1), ("pobj", 2), ("prep", 1), ("pobj", 4)]):
    ...     t.dep_, t.head = dep, doc[head]
    >>> doc.ents = [Span(doc, 3, 6, label="ORG")]
    >>> repair_clause_prep_names(doc)
    >>> [e.text for e in doc.ents]
    ['Slack', 'Teams']
    """
    out: list[Span] = []
    for ent in doc.ents:
        at = next((t.i for t in ent[1:-1] if t.dep_ == "prep" and (t.lower_ in _SWITCH_PREPS or _left_for(t))
                   and not ent.start <= t.head.i < ent.end), None) if ent.label_ in _NAME_LABELS else None
        out += [ent] if at is None else [Span(doc, ent.start, at, label=ent.label_), Span(doc, at + 1, ent.end, label=ent.label_)]
    if len(out) != len(doc.ents):
        doc.ents = out


def repair_named_conjuncts(doc: Doc) -> None:
    """A thing joined after a name given by "named"/"called" is joined to the thing so named, not to its name: "a
    dog named Rex and a cat named Tom" ("cat" a conjunct of "Rex" to the parser: of "dog"; not "named Rex and Tom")."""
    for tok in doc:
        name = tok.head
        if tok.dep_ == "conj" and tok.pos_ == "NOUN" and name.dep_ == "oprd" and name.i < tok.i and \
                name.head.dep_ == "acl" and name.head.lemma_ in OPEN.naming_words and name.head.head.i < name.i:
            for t in [c for c in name.children if c.dep_ == "cc" and c.i < tok.i] + [tok]:
                t.head = name.head.head


def repair_hobby_names(doc: Doc) -> None:
    """A pastime said after a hobby noun and a comma or colon, as the sentence's last word, is that noun's apposition,
    however parsed: "I picked up a new hobby, archery" (with "hobby" a modifier of "archery"), "I got a new hobby,
    gardening" (a clause); only an -ing word that does something or a pastime noun (not "a new hobby, a new job")."""
    for tok in doc[2:]:
        noun = doc[tok.i - 2]
        if noun.lemma_ not in OPEN.hobby_nouns or doc[tok.i - 1].text not in (",", ":") or not _last_pastime(tok):
            continue
        if noun.head.i == tok.i:  # "hobby" hung on the word it names: "a new hobby, archery" read as one noun
            noun.head, noun.dep_ = tok.head, "dobj" if tok.head.pos_ == "VERB" else tok.dep_
        tok.head, tok.dep_ = noun, "appos"
        if tok.pos_ not in ("NOUN", "VERB"):
            tok.pos_, tok.tag_ = "NOUN", "NN"  # "woodworking" tagged an adjective


def _last_pastime(tok: Token) -> bool:
    """``tok`` ends its sentence and names a pastime: a pastime noun ("archery") or an -ing word that does
    something ("gardening", not "nothing"); never the sentence's root ("New hobby, archery.")."""
    end = tok.i + 1 == len(tok.doc) or tok.doc[tok.i + 1].is_punct
    return end and tok.dep_ != "ROOT" and tok.is_alpha and tok.is_lower and (tok.lemma_ in OPEN.pastime_nouns or (
        tok.lower_.endswith("ing") and tok.lower_ not in OPEN.light_gerunds and tok.lower_ not in OPEN.vague_objects))


def verb_lemmas(nlp: Language) -> frozenset[str]:
    """The verbs the pipeline's lemmatizer knows (its ``lemma_index`` table; none without one), less those that
    are also another verb's past in its ``lemma_exc`` table ("felt", "found", "saw"): the evidence that a word
    the tagger read otherwise is a verb's base form."""
    try:
        tables: Any = nlp.get_pipe("lemmatizer").lookups  # type: ignore[attr-defined]
        forms = tables.get_table("lemma_exc").get("verb", {})
        return frozenset(v for v in tables.get_table("lemma_index").get("verb", ()) if v in forms.get(v, (v,)))
    except (KeyError, AttributeError):
        return frozenset()


def _opens_clause(tok: Token) -> bool:
    """Nothing but interjections, punctuation and conjunctions before ``tok`` in its sentence ("Yeah, I …")."""
    return all(t.pos_ in _OPENERS for t in tok.doc[tok.sent.start:tok.i])


def _habitual(verb: Token) -> bool:
    """The verb's phrases say a habit ("every weekend", "usually", "on Sundays": a plural frequency noun) and
    nothing else in its sentence says the past ("I put the kids to bed every night when they were small")."""
    return any(t.lower_ in OPEN.habit_words or (t.lower_ in OPEN.frequency_nouns and t.lower_[:-1] in OPEN.frequency_nouns)
               for t in verb.subtree if t.i > verb.i) and not any(
        t.tag_ == "VBD" or t.lower_ in PAST_FORMS or t.lower_ == "last" for t in verb.sent if t.i != verb.i)


def repair_base_pasts(doc: Doc, verbs: frozenset[str]) -> None:
    """A verb's base form after a subject pronoun that the tagger read as a past is the present ("I brew my
    own beer": "brew" tagged VBD); a verb whose past is its base form ("I knit") only when its clause says a
    habit ("I knit every weekend").

    >>> import spacy
    >>> doc = spacy.blank("en")("I brew beer and I knit scarves")
    >>> for t, (tag, dep, head) in zip(doc, [("PRP", "nsubj", 1), ("VBD", "ROOT", 1), ("NN", "dobj", 1),
    ...                                      ("CC", "cc", 1), ("PRP", "nsubj", 5), ("VBD", "conj", 1), ("NNS", "dobj", 5)]):
    ...     t.tag_, t.dep_, t.head, t.lemma_ = tag, dep, doc[head], t.lower_
    >>> repair_base_pasts(doc, frozenset({"brew", "knit"}))
    >>> doc[1].tag_, doc[5].tag_
    ('VBP', 'VBD')
    """
    for tok in doc:
        if tok.tag_ != "VBD" or tok.lower_ != tok.lemma_.lower() or tok.lower_ not in verbs:
            continue
        subj = [c for c in tok.children if c.dep_ in ("nsubj", "aux", "auxpass")]  # a subject and no auxiliary
        if (len(subj) != 1 or subj[0].dep_ != "nsubj" or subj[0].lower_ not in OPEN.subject_pronouns or subj[0].i > tok.i
                or (tok.lower_ in OPEN.same_past_verbs and not _habitual(tok))):
            continue
        tok.tag_ = "VBP"


def _base_after_subject(verb: Token, subj: Token, verbs: frozenset[str]) -> bool:
    """``verb`` is a verb's base form (a lower-case word the lemmatizer knows as a verb, tagged as a noun or a
    verb with no ending; no adjective) right after ``subj``, a subject pronoun ("I", "we", "they": "You total
    jerk" calls names) that opens its clause ("Yeah, I coach …")."""
    return (verb.tag_ in ("NN", "VB", "VBP") and verb.is_lower and verb.lower_ == verb.lemma_.lower()
            and verb.lower_ in verbs and subj.lower_ in OPEN.noun_verb_subjects and _opens_clause(subj))


def repair_noun_verbs(doc: Doc, verbs: frozenset[str]) -> None:
    """A verb right after a subject pronoun that opens its clause, read as a modifier of the noun after it
    (its object), is the clause's verb: "I coach soccer" ("coach" a compound of the root "soccer"), "I foster
    kittens", "I tutor kids in math" ("I" the root, "kids" its apposition). The verb becomes the root, the
    pronoun its subject, the noun its object, the noun's prepositions its own; a root read as a noun that has
    the pronoun as its subject and an object is retagged ("I groom dogs").

    >>> import spacy
    >>> doc = spacy.blank("en")("I tutor kids in math")
    >>> for t, (pos, tag, dep, head) in zip(doc, [("PRON", "PRP", "ROOT", 0), ("NOUN", "NN", "compound", 2),
    ...         ("NOUN", "NNS", "appos", 0), ("ADP", "IN", "prep", 2), ("NOUN", "NN", "pobj", 3)]):
    ...     t.pos_, t.tag_, t.dep_, t.head, t.lemma_ = pos, tag, dep, doc[head], t.lower_
    >>> repair_noun_verbs(doc, frozenset({"tutor"}))
    >>> [(t.text, t.dep_, t.head.text) for t in doc]
    [('I', 'nsubj', 'tutor'), ('tutor', 'ROOT', 'tutor'), ('kids', 'dobj', 'tutor'), ('in', 'prep', 'tutor'), ('math', 'pobj', 'in')]
    """
    for verb in doc[1:-1]:
        subj, obj = doc[verb.i - 1], verb.head
        if not _base_after_subject(verb, subj, verbs):
            continue
        if verb.dep_ == "ROOT" and verb.pos_ == "NOUN" and subj.head == verb and any(c.dep_ == "dobj" for c in verb.children):
            verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VBP", verb.lower_  # "I groom dogs": a noun with an object
            continue
        if (verb.dep_ not in _NOUN_READ_VERB or obj.i <= verb.i or obj.pos_ not in ("NOUN", "PROPN")
                or not (obj.dep_ == "ROOT" and subj.head in (obj, verb) or subj.dep_ == "ROOT" and obj.head == subj
                        and obj.dep_ == "appos")):
            continue
        moved = [c for c in obj.children if c.i > obj.i and c.dep_ in _TO_VERB or c.i < subj.i] + [
            c for c in subj.children if c != obj]  # "Yeah, I …": the words before the subject, the verb's too
        verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VBP", verb.lower_
        verb.head, verb.dep_ = verb, "ROOT"
        subj.head, subj.dep_ = verb, "nsubj"
        obj.head, obj.dep_ = verb, "dobj"
        for child in moved:
            child.head = verb


def repair(doc: Doc, verbs: frozenset[str] = frozenset()) -> None:
    """Every repair of this module, in order. ``verbs``: the verbs the lemmatizer knows (:func:`verb_lemmas`),
    the evidence the verb repairs need."""
    for fix in (repair_dated_names, repair_trailing_place_words, repair_clause_prep_names, repair_contracted_is, repair_contracted_has,
                repair_adjective_passive, repair_tags, repair_fronted_names, repair_paired_subject, repair_opening_pasts,
                repair_named_conjuncts, repair_object_taken_for_subject, repair_owned_noun_before_name, repair_age_taken_for_subject,
                repair_comma_clause, repair_named_after_comma):
        fix(doc)
    repair_base_pasts(doc, verbs)
    repair_noun_verbs(doc, verbs)
    repair_plural_verbs(doc, verbs)
    for fix in (repair_taste_root, repair_taste_verbs, repair_taste_adverb, repair_stranded_prep, repair_word_punct, repair_amounts,
                repair_hobby_names):
        fix(doc)
