"""Names NER ran on into a word after them that the parser reads as no part of the name: a lower-case adverb of
the verb ("I started at Ovid Labs maybe 3 months ago": "Ovid Labs maybe" one place), cut back to the name (run by
:func:`~chronomem.extract.parse.mending.repair`)."""

from __future__ import annotations

from spacy.tokens import Doc, Span

_NAME_LABELS = frozenset({"ORG", "FAC", "GPE", "LOC", "PERSON", "NORP", "PRODUCT", "WORK_OF_ART"})


def repair_trailing_adverbs(doc: Doc) -> None:
    """A name's last words that are lower-case adverbs hung outside the name ("maybe", "probably", "again") are
    cut off it; a name of one word that is all such words is no name (not "Salt Lake City", not "the Who").

    >>> import spacy
    >>> doc = spacy.blank("en")("I started at Ovid Labs maybe")
    >>> for t, (pos, dep, head) in zip(doc, [("PRON", "nsubj", 1), ("VERB", "ROOT", 1), ("ADP", "prep", 1),
    ...         ("PROPN", "compound", 4), ("PROPN", "pobj", 2), ("ADV", "advmod", 1)]):
    ...     t.pos_, t.dep_, t.head = pos, dep, doc[head]
    >>> doc.ents = [Span(doc, 3, 6, label="FAC")]
    >>> repair_trailing_adverbs(doc)
    >>> [(e.text, e.label_) for e in doc.ents]
    [('Ovid Labs', 'FAC')]
    """
    out, cut = [], False
    for ent in doc.ents:
        end = ent.end
        while end > ent.start + 1 and _stray_adverb(doc, ent.start, end - 1):
            end -= 1
        cut |= end != ent.end
        out.append(ent if end == ent.end else Span(doc, ent.start, end, label=ent.label_))
    if cut:
        doc.ents = out


def _stray_adverb(doc: Doc, start: int, i: int) -> bool:
    tok = doc[i]
    return doc[start].ent_type_ in _NAME_LABELS and tok.is_lower and tok.pos_ == "ADV" and not start <= tok.head.i < i
