"""Turning tokens into relation arguments: names, pronouns, speakers and places (noun phrases: accept.py).

Every function takes a token and returns an :class:`~chronomem.extract.clauses.records.Arg` or
``None`` when the token does not name something a fact can be about.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from spacy.attrs import LEMMA, LOWER
from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.phrases import called_token
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, GUESS, NER, PRONOUN, SPEAKER, WE, Arg
from chronomem.extract.parse.gazetteer import VERSION, Term
from chronomem.extract.parse.pipeline import session_speakers
from chronomem.timeexpr.rules import RE_HOLIDAY
from chronomem.timeexpr.words import LICENSERS, SEASONS

NAME_LABELS = {"PERSON": "PERSON", "ORG": "ORG", "GPE": "PLACE", "LOC": "PLACE", "FAC": "PLACE",
               "PRODUCT": "TOOL", "NORP": "OTHER", "WORK_OF_ART": "OTHER", "EVENT": "OTHER", "LANGUAGE": "TOOL"}
TIME_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT"})
_NAME_OK = re.compile(r"^[^\W_][\w .,'&+#/()-]{0,79}$")  # commas: "University of California, Berkeley", "X, Jr."
_HAS_ALPHA = re.compile(r"[^\W\d_]")


_DOC_WORDS = "chronomem_doc_words"


def doc_words(doc: Doc) -> frozenset[int]:
    """The string hashes of every word of ``doc`` in lower case and as lemma, read once per doc and kept
    in ``doc.user_data``: the cheap gates of the rules test it for the words they need
    (``spacy.strings.get_string_id(word) in doc_words(doc)``) before they look at the parse."""
    words = doc.user_data.get(_DOC_WORDS)
    if words is None:
        words = doc.user_data[_DOC_WORDS] = frozenset(doc.to_array([LOWER, LEMMA]).ravel().tolist())
    return words


class DocIndex:
    """Per-doc lookups: the gazetteer term and the named entity covering each token."""

    __slots__ = ("doc", "term_at", "ent_at")

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        n = len(doc)
        self.term_at: list[Term | None] = [None] * n
        self.ent_at: list = [None] * n
        for term in doc._.cm_terms or ():
            for i in range(term.start, term.end):
                self.term_at[i] = term
        for ent in doc.ents:
            for i in range(ent.start, ent.end):
                self.ent_at[i] = ent

    def is_tool(self, tok: Token) -> bool:
        """A gazetteer name of a tool covers ``tok``."""
        return (term := self.term_at[tok.i]) is not None and term.type == "TOOL"

    def is_time(self, tok: Token) -> bool:
        """A time NER marks, a holiday it calls an event, or a season after a word that makes it one ("this
        fall", "in the fall": no DATE)."""
        ent = self.ent_at[tok.i]
        if ent is not None and ent.label_ == "EVENT" and RE_HOLIDAY.match(" ".join(ent.text.lower().split())):
            return True  # "on New Year's Eve 2019", NER's EVENT: a holiday is a time
        if ent is None or ent.label_ not in TIME_LABELS:
            return tok.lower_ in SEASONS and tok.i > 0 and tok.doc[tok.i - 1].lower_ in LICENSERS
        # "worked at Moderna (a few days ago)" with "Moderna" in a DATE: a capitalised word that names no time
        return not named_no_time(tok, ent)


def named_no_time(tok: Token, ent: Span) -> bool:
    """A name NER ran into a time expression: a capitalised word that is not a month, weekday or
    holiday, alone or at the start of the span ("Moderna a few days ago")."""
    if not (tok.pos_ == "PROPN" and tok.is_alpha and tok.text[:1].isupper() and tok.lower_ not in L.TIME_NAMES):
        return False
    if tok.i > ent.start and tok.doc[tok.i - 1].text in (":", "—"):
        return True  # "on March 30, 2023: Emma"
    return ((len(ent) == 1 or all(t.pos_ == "PROPN" and t.lower_ not in L.TIME_NAMES for t in ent[:tok.i - ent.start + 1]))
            and tok.i - ent.start < 3 and not tok.is_sent_start)


def clean_name(text: str) -> str:
    """A name as written, without a leading article, a trailing possessive or edge punctuation.

    >>> clean_name("the Bay Area's"), clean_name(" 'Plaid' ")
    ('Bay Area', 'Plaid')
    """
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in "\t\n")
    text = " ".join(text.split())
    closing = text.endswith(")") and "(" in text[:-1]  # "Democratic Party (United States)"
    text = text.strip(" \t\"'`“”‘’()[]{}.,;:!?") + (")" if closing else "")
    if text.lower().startswith("the "):
        text = text[4:]
    if text.endswith(("'s", "’s")):
        text = text[:-2]
    return text.strip(" \"'`“”‘’-")


def valid_name(name: str) -> bool:
    return bool(_NAME_OK.match(name)) and bool(_HAS_ALPHA.search(name)) and name.lower() not in L.OTHER_PRONOUNS


def pronoun_arg(tok: Token) -> Arg | None:
    """``I``/``me``/``my`` → the speaker, ``we``/``our`` → the group, ``he``/``she`` → a pronoun to resolve."""
    lower = tok.lower_
    if lower in L.FIRST_SINGULAR:
        return Arg(SPEAKER, tok.i)
    if lower in L.FIRST_PLURAL:
        return Arg(WE, tok.i)
    gender = L.THIRD_PERSON.get(lower)
    return Arg(PRONOUN, tok.i, name=lower, gender=gender) if gender is not None else None


def name_arg(tok: Token, idx: DocIndex, *, allow_lower: bool = False) -> Arg | None:
    """The named entity ``tok`` is part of: a gazetteer term, an NER span or a proper-noun chunk."""
    term, ent = idx.term_at[tok.i], idx.ent_at[tok.i]
    if term is not None and not (ent is not None and ent.label_ == "PERSON" and ent.start <= term.start
                                 and term.end <= ent.end and len(ent) > term.end - term.start):
        return Arg(ENTITY, term.start, term.name, term.type, GAZETTEER, aliases=term.aliases,
                   label="ORG" if term.employer else "")  # (not "Swift" inside the person "Taylor Swift")
    if ent is not None and ent.label_ in TIME_LABELS and named_no_time(tok, ent):
        ent = None  # a name NER ran into a date: read it as a proper noun
    if ent is not None:
        if ent.label_ in TIME_LABELS:
            return None
        kind = NAME_LABELS.get(ent.label_)
        if kind is not None and len(ent) <= 6 and ent[0].pos_ != "PRON":
            cut = next((t.i for t in ent if t.pos_ in ("VERB", "AUX") and t.i > tok.i), ent.end)  # "Dolores Dorn married"
            start, end = _widen(ent.start, cut, idx, person=ent.label_ == "PERSON", org=ent.label_ == "ORG")
            while end - start > 1 and (idx.doc[end - 1].lower_ in L.TIME_TAILS or _loose_tail(idx.doc[end - 1])):
                end -= 1  # "Daniel married Leah today": NER's "Leah today"; "a cafe called Saltmarsh in May": "Saltmarsh in"
            name = clean_name(idx.doc[start:end].text)
            if valid_name(name) and (name[0].isupper() or name[0].isdigit()):
                strength = NER if kind != "OTHER" else GUESS
                label = ent.label_
                last = name.split()[-1].lower()  # "Oberlin", "Maplewood High" as PERSON: schools
                school = name.lower() in L.SCHOOL_NAMES or " " in name and last in L.SCHOOL_NAME_WORDS
                if label != "ORG" and (_org_named(name) or school):  # "Perth Glory FC"
                    kind, label, strength = "ORG", "ORG", NER
                return Arg(ENTITY, start, name, kind, strength, gender=first_name_gender(name) if kind != "ORG" else "",
                           label=label)
    first_name = tok.is_sent_start and tok.is_title and (
        (tok.pos_ == "NOUN" and (bool(first_name_gender(tok.text)) or _bare_subject_name(tok)))
        or (tok.pos_ in ("ADV", "ADJ", "VERB", "NOUN") and bool(first_name_gender(tok.text))))
    if tok.pos_ == "PROPN" or (tok.is_title and tok.pos_ == "NOUN" and not tok.is_sent_start) or first_name or allow_lower:
        start, end = _widen(*_proper_chunk(tok), idx, person=bool(first_name_gender(tok.doc[tok.i].text)), org=False)
        name = clean_name(idx.doc[start:end].text)
        if valid_name(name) and (name[0].isupper() or allow_lower):
            if _org_named(name):
                return Arg(ENTITY, start, name, "ORG", NER, label="ORG")
            return Arg(ENTITY, start, name, "OTHER", GUESS, gender=first_name_gender(name))
    return None


def _loose_tail(tok: Token) -> bool:
    """A lower-case preposition, conjunction or article at the end of an NER span: no name ends with one, the
    span ran into the phrase after it ("Saltmarsh in | May 2023", "Bea and | I")."""
    return tok.is_lower and tok.pos_ in ("ADP", "CCONJ", "DET")


def _bare_subject_name(tok: Token) -> bool:
    """A capitalised sentence-initial subject the small model tagged as a common noun ("Pablo lives
    in Sydney" → NN): bare (no article, possessive or modifier), singular, followed by its verb."""
    return (tok.tag_ == "NN" and tok.dep_ in ("nsubj", "nsubjpass") and tok.head.pos_ in ("VERB", "AUX")
            and tok.head.i == tok.i + 1 and len(tok.text) >= 3 and not any(True for _ in tok.children)
            and tok.lower_ not in L.COMMON_SUBJECT_NOUNS)


def _org_named(name: str) -> bool:
    """A multi-word capitalised name with an organisation word in it ("Esporte Clube Bahia" no, "Perth Glory FC" yes)."""
    words = name.split()
    return len(words) > 1 and words[0][:1].isupper() and any(w.lower().rstrip(",") in L.ORG_HEADS for w in words)


def _capitalised(tok: Token) -> bool:
    return tok.pos_ == "PROPN" and tok.text[:1].isupper() or (tok.text[:1].isupper() and tok.is_alpha and not tok.is_sent_start
                                                               and tok.pos_ in ("NOUN", "ADJ"))


def _widen(start: int, end: int, idx: DocIndex, *, person: bool, org: bool) -> tuple[int, int]:
    """A name's full extent when NER or the parse cut it short: the proper-noun chunk around it ("Esporte Clube
    Vitória"), an organisation's "of …" tail ("University of Oxford"), a parenthesis opening with a capital
    ("Democratic Party (United States)"), a person's particles ("Ludwig van Beethoven")."""
    doc = idx.doc
    sent = doc[start].sent
    lo, hi = _proper_chunk(doc[end - 1]) if doc[end - 1].pos_ == "PROPN" else (start, end)
    if lo < start and all(doc[j].pos_ == "PROPN" and idx.term_at[j] is None for j in range(lo, start)):
        start = lo
    if hi > end and all(doc[j].pos_ == "PROPN" and idx.ent_at[j] is None for j in range(end, hi)):
        end = hi
    for _ in range(4):
        nxt = doc[end] if end < sent.end else None
        if nxt is None:
            break
        low = nxt.lower_
        if org and low == "of":
            j = end + 1 + (end + 1 < sent.end and doc[end + 1].lower_ == "the")
            k = j
            while k < sent.end and _capitalised(doc[k]) and not idx.is_time(doc[k]):
                k += 1
            if k == j:
                break
            end = k
        elif low == "(" and end + 1 < sent.end and doc[end + 1].text[:1].isupper():
            close = next((k for k in range(end + 2, min(sent.end, end + 8)) if doc[k].text == ")"), None)
            if close is None or any(doc[k].pos_ in ("VERB", "AUX", "PRON", "DET") for k in range(end + 1, close)):
                break
            end = close + 1
        elif person and low == "," and end + 1 < sent.end and (k := _title_end(doc, end + 1, sent.end)) > end + 1:
            end = k  # "David W. Pipes, Jr.", "Andrew Cavendish, 11th Duke of Devonshire", "Ian Gilmour, Baron Gilmour"
        elif person and low in L.NAME_PARTICLES and low != "of" and end + 1 < sent.end and doc[end + 1].pos_ == "PROPN" \
                and doc[end + 1].text[:1].isupper():
            k = end + 1
            while k < sent.end and (doc[k].pos_ == "PROPN" and doc[k].text[:1].isupper()
                                    or doc[k].lower_ in L.NAME_PARTICLES and doc[k].lower_ != "of"):
                k += 1
            end = k
        else:
            break
    return start, end


def _title_end(doc: Doc, i: int, end: int) -> int:
    """Where a name's appended suffix or title ends (``i`` when there is none): "Jr.", "11th Duke of Devonshire"."""
    if doc[i].lower_ in L.NAME_SUFFIXES:
        return i + 1
    j = i
    if j < end and re.fullmatch(r"\d+(st|nd|rd|th)", doc[j].lower_):
        j += 1
    if j >= end or doc[j].lower_ not in L.NOBLE_TITLES:
        return i
    while j < end and (doc[j].lower_ in L.NOBLE_TITLES or (doc[j].text[:1].isupper() and doc[j].is_alpha)
                       or (doc[j].lower_ == "of" and j + 1 < end and doc[j + 1].text[:1].isupper())
                       or (doc[j].text == "-" and j + 1 < end)):
        j += 1
    return j


def _proper_chunk(tok: Token) -> tuple[int, int]:
    doc = tok.doc
    start = end = tok.i
    while start > tok.sent.start and doc[start - 1].pos_ == "PROPN" and doc[start - 1].head.i in range(start, tok.i + 1) \
            and doc[start - 1].dep_ in ("compound", "flat", "nmod", "amod", "det"):  # "Käthe" as a determiner
        start -= 1
    while end + 1 < tok.sent.end and doc[end + 1].pos_ == "PROPN" and doc[end + 1].dep_ in ("compound", "flat") \
            and start <= doc[end + 1].head.i <= end + 1:
        end += 1
    return start, end + 1


def entity_arg(tok: Token, idx: DocIndex) -> Arg | None:
    """A pronoun or a name; ``None`` for anything else (common nouns, "it", "you"…)."""
    if (arg := pronoun_arg(tok)) is not None or tok.pos_ == "PRON" or tok.lower_ in L.OTHER_PRONOUNS:
        return arg
    return speaker_arg(tok) or name_arg(tok, idx)


def speaker_arg(tok: Token) -> Arg | None:
    """A session speaker named in the text as written ("Karl replaced user as the lead", with a
    speaker called "user"); not after an article ("the user")."""
    speakers = session_speakers(tok.doc)
    name = speakers.get(tok.lower_)
    if name is None or tok.text != name or tok.pos_ == "PRON" or tok.i > 0 and tok.doc[tok.i - 1].lower_ in L.DET_WORDS:
        return None
    return Arg(ENTITY, tok.i, name, "PERSON", NER, gender=first_name_gender(name), label="PERSON")


def person_arg(tok: Token, idx: DocIndex, *, trust_ner: bool = True) -> Arg | None:
    """A person: a pronoun, or a name the gazetteer does not give to a place, tool or company (``trust_ner=False``
    where the syntax already says it is a person: "my boss Priya")."""
    if tok.lower_ in L.FIRST_PLURAL:
        return None
    if tok.pos_ == "NOUN" and (name := called_token(tok)) is not None:
        tok = name  # "I report to a guy named Devin"
    arg = entity_arg(tok, idx)
    if arg is not None and not trust_ner:
        arg = first_name_place(arg)
    if arg is None or arg.kind == ENTITY and (arg.strength >= GAZETTEER or trust_ner and arg.label in ("GPE", "LOC", "FAC")):
        return None
    return arg.typed("PERSON") if arg.kind == ENTITY else arg


def first_name_place(arg: Arg) -> Arg:
    """A gazetteer place that is also a common first name ("Sofia", "Florence"), in a slot only a person fills."""
    if arg.kind == ENTITY and arg.strength >= GAZETTEER and arg.type == "PLACE" and " " not in arg.name \
            and first_name_gender(arg.name):
        return replace(arg, type="PERSON", strength=NER, aliases=(), label="PERSON", gender=first_name_gender(arg.name))
    return arg


def subject_head(tok: Token) -> Token:
    """"my sister Emma" → Emma: prefer a proper-noun apposition over a common noun head (also one the tagger
    made a lower-case proper noun: "my college sweetheart, Dana")."""
    if tok.pos_ != "NOUN" and not (tok.pos_ == "PROPN" and tok.is_lower):
        return tok
    name = next((c for c in tok.children if c.dep_ in ("appos", "npadvmod") and c.pos_ == "PROPN"), None)
    name = name if name is not None else hung_name(tok)
    return name if name is not None else tok


def hung_name(tok: Token) -> Token | None:
    """A person's name (NER's) right after a common noun that the parser hung on the verb: as a modifier ("My
    husband Raj got a job"), a second object ("invite our friend Tobias") or, after a comma with no closing
    twin, a second subject ("my sister, Emma thinks so")."""
    doc = tok.doc
    nxt_i = tok.i + 1
    comma = nxt_i < tok.sent.end and doc[nxt_i].text == "," and tok.dep_ in ("nsubj", "nsubjpass", "conj", "dobj", "pobj") and any(
        c.dep_ == "poss" for c in tok.children)
    if comma:
        nxt_i += 1
    if nxt_i >= tok.sent.end:
        return None
    nxt = doc[nxt_i]
    if nxt.ent_type_ != "PERSON" or nxt.ent_iob_ != "B" or not nxt.is_title:
        return None
    if comma and tok.dep_ in ("dobj", "pobj"):  # the name ends the clause, hung on the verb: "marrying her boyfriend,
        # Pete.", "engaged to my boyfriend, Pete" (on the word before "to", or made the root)
        end = nxt.i + 1 == tok.sent.end or doc[nxt.i + 1].is_punct and doc[nxt.i + 1].text != ","
        verb = tok.head if tok.dep_ == "dobj" else tok.head.head
        heads = (verb.i,) if tok.dep_ == "dobj" else (verb.i, verb.head.i)  # ("engaged" or its "'m")
        hung = nxt.dep_ in ("npadvmod", "appos") and nxt.head.i in heads and nxt.pos_ == "PROPN" or \
            tok.dep_ == "pobj" and nxt.dep_ == "ROOT" and nxt.pos_ in ("PROPN", "NOUN") and len(list(nxt.children)) <= 3
        return nxt if hung and end else None
    if comma:  # the name is the subject of a verb after it ("but my friend, Tobias got lost": "friend" a conj)
        return nxt if nxt.dep_ in ("nsubj", "nsubjpass") and nxt.head.i > nxt.i and nxt.pos_ == "PROPN" else None
    if nxt.head.i != tok.head.i:
        return None
    if nxt.pos_ in ("ADV", "ADJ", "NOUN", "PROPN") and nxt.dep_ in ("advmod", "npadvmod", "dep", "amod"):
        return nxt
    return nxt if nxt.pos_ == "PROPN" and tok.dep_ == "dobj" and nxt.dep_ not in ("nsubj", "nsubjpass", "conj") else None


def first_name_gender(name: str) -> str:
    first = name.split(" ", 1)[0].lower()
    return "f" if first in L.FEMALE_NAMES else "m" if first in L.MALE_NAMES else ""


def version_of(tok: Token) -> str | None:
    """"13", "3.12", "v14" → the version string, "version 3.10" → "3.10", else ``None``."""
    text = tok.text
    if VERSION.fullmatch(text):
        return text.lstrip("v")
    number = next((c for c in tok.children if c.dep_ in ("nummod", "appos", "npadvmod") and c.i > tok.i), None)
    return version_of(number) if number is not None and tok.lower_ in ("version", "release", "v") else None


def first_named(arg: Arg) -> bool:
    """A known first name NER took for a place, people or a company ("Phoebe" as GPE): a person (not a gazetteer place)."""
    return bool(arg.gender) and arg.strength < GAZETTEER and arg.label in ("GPE", "NORP", "ORG", "LOC", "")


def ner_person(tok: Token, idx: DocIndex) -> Arg | None:
    """A name NER calls a person and the gazetteer does not know as a place, tool or company."""
    arg = name_arg(tok, idx)
    if arg is None or arg.kind != ENTITY or arg.strength >= GAZETTEER or arg.label != "PERSON":
        return None
    return arg.typed("PERSON")
