"""The names (gazetteer, NER, known first names) and pronouns of a doc, in text order."""

from __future__ import annotations

from spacy.tokens import Doc, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import NAME_LABELS, DocIndex, clean_name, first_name_gender, pronoun_arg, valid_name
from chronomem.extract.clauses.hygiene import is_not_a_name, is_vocative, strip_interjections
from chronomem.extract.clauses.records import ENTITY, GAZETTEER, NER, THERE, UNNAMED, Arg
from chronomem.extract.lexicon import FIRST_PERSON_FORMS


def doc_mentions(doc: Doc, idx: DocIndex) -> list[Arg]:
    """Names (gazetteer, NER) and pronouns of a doc in text order."""
    out: list[Arg] = [Arg(ENTITY, t.start, t.name, t.type, GAZETTEER, aliases=t.aliases) for t in doc._.cm_terms or ()]
    vetoed: set[int] = set()
    for ent in doc.ents:
        kind = NAME_LABELS.get(ent.label_)
        if kind == "OTHER" and ent.label_ == "NORP" and first_name_gender(ent.text):
            kind = "PERSON"
        if kind is None or kind == "OTHER" or len(ent) > 6 or any(idx.term_at[i] is not None for i in range(ent.start, ent.end)):
            continue
        place = ent.label_ in ("GPE", "LOC", "FAC")  # places keep their names ("Nice", "Hello Bay")
        span = ent if place else strip_interjections(ent)  # "Congrats Mia", "Yep Sam"
        if not len(span) or (not place and is_not_a_name(span)):
            vetoed.update(range(ent.start, ent.end))
            continue
        name = clean_name(span.text)
        if not valid_name(name) or not (name[0].isupper() or name[0].isdigit()) or name.lower() in L.ROLE_HEADS:
            continue
        if ent.root.pos_ == "PRON" or name.lower() in L.FIRST_PLURAL or (len(name) <= 2 and name.isupper()):
            continue  # pronouns, and two-letter acronyms NER guesses at ("CI" as a place)
        out.append(Arg(ENTITY, span.start, name, kind, NER, gender=first_name_gender(name), label=ent.label_))
    seen = {i for a in out for i in range(a.i, a.i + len(a.name.split()))} | vetoed
    for tok in doc:
        if tok.pos_ == "PROPN" and tok.i not in seen and first_name_gender(tok.text) and not is_vocative(doc[tok.i:tok.i + 1]):
            out.append(Arg(ENTITY, tok.i, tok.text, "PERSON", NER, gender=first_name_gender(tok.text)))
            continue  # a known first name NER missed or mislabelled ("Priya" as NORP)
        low = tok.lower_
        if low in L.FIRST_SINGULAR or low in L.FIRST_PLURAL or low in L.THIRD_PERSON:
            if tok.pos_ == "PRON" or low in FIRST_PERSON_FORMS:
                arg = pronoun_arg(tok)
                if arg is not None:
                    out.append(arg)
        elif low == "there" and tok.dep_ == "advmod":
            out.append(Arg(THERE, tok.i))
        elif tok.pos_ == "NOUN" and (low in L.KIN or low in L.PERSON_NOUNS) and not _has_name(tok) \
                and not _describes_subject(tok):
            out.append(Arg(UNNAMED, tok.i, gender=L.KIN.get(low, ("", L.PERSON_NOUNS.get(low, "")))[1]))
    out.sort(key=lambda a: a.i)
    return out


def _has_name(tok: Token) -> bool:
    """"my sister Emma", "Emma, my sister", "my dog Rex": the noun comes with a name."""
    if any(c.pos_ == "PROPN" and c.dep_ in ("appos", "compound", "npadvmod") for c in tok.children):
        return True
    if any(c.dep_ == "acl" and c.lemma_ in ("name", "call") for c in tok.children):
        return True
    if tok.dep_ in ("appos", "compound", "amod", "attr") and tok.head.pos_ == "PROPN":
        return True
    if tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.pos_ == "PROPN" for c in tok.head.children):
        return True
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.pos_ == "PROPN"


def _describes_subject(tok: Token) -> bool:
    """"He is an engineering manager", "she's my manager": a copula's predicate noun says who its
    pronoun subject is; it brings in no other person for a later "he" or "she" to mean."""
    return tok.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ in L.THIRD_PERSON for c in tok.head.children)
