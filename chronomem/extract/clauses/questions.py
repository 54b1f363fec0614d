"""What asks and what only looks like asking: a sentence that is a question (:func:`is_question`), a statement
with a tag that asks nothing ("I moved to Tacoma, can you believe it?"), a question that only opens news ("Did I
tell you Mina moved to Oslo?") and a question tagged onto a statement (:func:`question_tail`).
"""

from __future__ import annotations

import re

from spacy.tokens import Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import TIES

_WORDS = re.compile(r"[a-z]+(?:'[a-z]+)*")


def is_question(sent: Span) -> bool:
    """Ends in "?", or opens like one ("Where does Tom work", "Do you live in Paris"); a statement
    with a question tagged on after a dash or a semicolon is not one ("Dune is a favourite - who
    doesn't love it?": :func:`hedged_clauses` blocks the question part only)."""
    toks = [t for t in sent if not t.is_space]
    if not toks:
        return False
    if any(t.text in ("?", "？") for t in toks[-3:]) and question_tail(sent) is None and not statement_tagged(sent):
        return not _tells_news(sent)
    lead = next((k for k, t in enumerate(toks[:3]) if t.lower_ not in L.QUESTION_LEADS and not t.is_punct), 0)
    toks = toks[lead:]  # "and how's Bea liking it", "wait, are you still at Toyota": what leads in asks nothing
    first = toks[0].lower_
    if first in L.WH_WORDS and len(toks) > 1 and toks[1].lower_ in L.INVERTING_VERBS:  # "how's Bea liking it"
        if first == "which" and len(toks) > 2 and toks[2].lower_ in L.WH_WORDS:
            return False  # "Which is why I moved to Oslo": a relative opening, what came before is the reason
        return not (toks[1].lower_.startswith("'") and first == "what" and len(toks) > 2  # not "what's more, …"
                    and toks[2].tag_ in ("JJ", "JJR", "JJS", "RBR"))
    if first in L.WH_WORDS and any(  # "which city are we flying to", "how many kids do you have": no "?" in a chat
            len(toks) > k + 1 and toks[k].lower_ in L.INVERTING_VERBS and toks[k + 1].pos_ in ("PRON", "PROPN", "DET")
            and all(t.pos_ in ("NOUN", "ADJ") for t in toks[1:k]) for k in (2, 3)):
        return True
    if first in L.INVERTING_VERBS and len(toks) > 1 and toks[0].dep_ in ("aux", "ROOT", "auxpass") and \
            any(t.dep_ in ("nsubj", "nsubjpass", "expl") and t.i > toks[0].i for t in toks[1:4]):
        return toks[0].tag_ != "MD" or first in L.QUESTION_MODALS
    return False


def _tells_news(sent: Span) -> bool:
    """"Did I tell you Mina moved to Oslo?", "Have you heard that Tomas quit?": a question that only opens the
    news after it (``news_openers`` in ``ties.json``); not "Did I tell you?" nor "Did you hear about it?"."""
    words = _WORDS.findall(sent.text.lower().replace("’", "'"))
    return any(words[:n] == o.split() and len(words) > n + 2 and words[n] != "about"
               for o in TIES.news_openers for n in (len(o.split()),))


_TAGS = TIES.statement_tags | {f.format(w) for f in TIES.wonder_tag_frames for w in TIES.wonder_tag_words}


def statement_tagged(sent: Span) -> bool:
    """A statement with a tag that asks nothing after a comma: "I grew up there, you know?", "I moved to Tacoma,
    can you believe it?", "We got a cat, isn't that cute?" (``statement_tags``, ``wonder_tag_frames`` in
    ``chronomem/data/lexicon/ties.json``; "…, right?", "…, isn't that right?" still ask).

    >>> import spacy
    >>> nlp = spacy.blank("en")
    >>> statement_tagged(nlp("Nora is my sister, y'know?")[:]), statement_tagged(nlp("Nora is your sister, right?")[:])
    (True, False)
    >>> statement_tagged(nlp("Nora got a pug, isn't that sweet?")[:]), statement_tagged(nlp("Nora got a pug, isn't that right?")[:])
    (True, False)
    """
    head, comma, tag = sent.text.rstrip(" ?？!.").rpartition(",")
    return bool(comma and head.strip()) and " ".join(_WORDS.findall(tag.lower().replace("’", "'"))) in _TAGS


def question_tail(sent: Span) -> int | None:
    """Where a question tagged onto a statement starts, after a spaced dash or a semicolon ("I've
    always loved Spider-Man - I mean, who doesn't?"), or after a comma and "so"/"but"/"and" opening a
    question ("I moved to Oslo, so do you want to visit?"); ``None`` when the sentence has no such part.

    >>> import spacy
    >>> nlp = spacy.blank("en")
    >>> question_tail(nlp("Dune is great - who doesn't love it?")[:]), question_tail(nlp("Is Dune great?")[:])
    (4, None)
    >>> question_tail(nlp("I moved to Oslo, so do you want to visit?")[:])
    5
    """
    if not any(t.text in ("?", "？") for t in sent[-3:]):
        return None
    cuts = [t.i + 1 for t in sent[1:-2] if t.text in ("—", "–", ";") or (
        t.text == "-" and t.whitespace_ and t.i > 0 and t.doc[t.i - 1].whitespace_) or asks_after_comma(t)]
    return cuts[-1] if cuts else None


def asks_after_comma(comma: Token) -> bool:
    """", so do you want to visit?", ", but is it enough?": a question joined to a statement after a comma,
    opening with its inverted verb (or a wh-word and one); or with the inverted verb, its subject pronoun and more
    words after a clause with its own subject and an object: "My aunt lives in Ely, would she like a visit?", "…, does
    anyone know a vet?", "…, any tips?" (not a
    tag: ", doesn't she?", nor "Oh please, could she be more out of my league?", "I mean, do you love her?")."""
    if comma.text != ",":
        return False
    doc = comma.doc
    words = [t.lower_ for t in doc[comma.i + 1:min(comma.i + 4, len(doc))]]
    if len(words) >= 3 and words[2].isalpha() and (words[0] in L.INVERTING_VERBS and (
            doc[comma.i + 2].tag_ == "PRP" or words[1] in L.OTHER_PRONOUNS) or words[0] == "any"):
        return any(t.dep_ in ("nsubj", "nsubjpass") and t.head.i < comma.i and any(
            c.dep_ in ("prep", "dobj", "attr") and c.i < comma.i for c in t.head.children)
            for t in doc[comma.sent.start:comma.i])  # ", would she be able to …?" after a statement that says
        # something (not "Well, does she like you?", "I mean, do you love her?"; not a tag: ", doesn't she?")
    if len(words) < 2 or words[0] not in ("so", "but", "and"):
        return False
    return words[1] in L.INVERTING_VERBS or words[1] in L.WH_WORDS and len(words) > 2 and words[2] in L.INVERTING_VERBS
