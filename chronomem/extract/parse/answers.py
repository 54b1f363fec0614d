"""Answers that leave out what the question said: "Where do you work these days?" — "At a small bakery
downtown." says "I work at a small bakery downtown these days"; "Do you have any pets?" — "Yes, two cats,
Milo and Luna." says "I have two cats, Milo and Luna".

A short answer with no verb of its own, after a question to the answerer ("you") from the other speaker,
is restored into the sentence it means, in the answerer's words: the question's words in order, "you"
as "I" and "your" as "my", the answer where the question word stood. The restored sentence is read as
part of the answer's turn, so every rule reads it as it reads any statement. Which words open an answer
and how "you are" turns into "I am" is data (``answer_openers``, ``answer_words`` in
``chronomem/data/lexicon/dialogue.json``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from chronomem.extract.lexicon import DIALOGUE

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

MAX_ANSWER_WORDS = 10  # a longer answer says its own verb, or is no answer to the question
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})


def answer_fragment(answer: Doc) -> Span | None:
    """The answer's first sentence when it is a bare fragment (no verb, at most ``MAX_ANSWER_WORDS`` words),
    from its first word after the openers ("Yes, two cats" → "two cats")."""
    sent = next(answer.sents, None)
    if sent is None:
        return None
    start = sent.start
    while start < sent.end and (answer[start].lower_ in DIALOGUE.answer_openers or answer[start].is_punct or (
            answer[start].pos_ == "ADV" and start + 1 < sent.end and answer[start + 1].is_punct)):
        start += 1  # (and an adverb set off by a comma: "Recently, education reform")
    words = [t for t in answer[start:sent.end] if not t.is_punct]
    if not words or len(words) > MAX_ANSWER_WORDS or any(t.tag_ in _FINITE for t in words):
        return None  # (a gerund is no verb of its own: "Mostly hiking and painting")
    if not any(t.pos_ in ("NOUN", "PROPN", "NUM", "ADJ") for t in words):
        return None  # "Oh, that.", "Not really."
    return answer[start:sent.end]


def restore(question: Doc, fragment: Span) -> str | None:
    """The statement ``fragment`` answers ``question`` with (``None`` when the question is not one to the
    answerer this module knows: a wh-question about "you" or "your …", or "do you have …")."""
    sent = next((s for s in reversed(list(question.sents)) if s.text.rstrip().endswith("?")), None)
    if sent is None:
        return None
    said = fragment.text.rstrip(" .!?,")
    if fragment[0].pos_ != "PROPN":
        said = said[:1].lower() + said[1:]  # "In Ohio" inside the sentence
    wh = next((t for t in sent if t.lower_ in DIALOGUE.answer_question_words and t.tag_ in ("WRB", "WP", "WDT")), None)
    root = sent.root  # the question is about the answerer when "you" is its main clause's subject
    you = next((t for t in root.children if t.lower_ == "you" and t.dep_ in ("nsubj", "nsubjpass")), None)
    if wh is None:
        if you is None or root.lemma_ != "have" or fragment.start == 0 or \
                fragment.doc[0].lower_ not in DIALOGUE.yes_words:
            return None
        return f"I have {said}."  # "Do you have any pets?" — "Yes, two cats"
    if you is None:
        subject = next((t for t in root.children if t.dep_ == "nsubj" and any(c.lower_ == "your" for c in t.children)), None)
        if subject is None or root.lemma_ != "be" or wh.dep_ != "attr" or wh.head.i != root.i:
            return None  # "What's your favorite book?" — "Dune": my favourite book is Dune
        return f"{_mine(subject.doc[subject.left_edge.i:subject.i + 1])} is {said}."
    words = [_word(t) for t in sent if t.i not in (wh.i, you.i) and not t.is_punct and not _dropped_aux(t)]
    if wh.lower_ == "where" and wh.head.i == root.i:
        stranded = sent[-2].pos_ == "ADP" if len(sent) > 1 else False  # "Where are you moving to?"
        place = said if stranded or fragment[0].pos_ == "ADP" else f"in {said}"
        return f"I {' '.join(w for w in words if w)} {place}."
    slot = wh.head if wh.dep_ == "det" else wh  # "what kind of music", "which city": the whole phrase
    anchor = slot.head  # the verb or the stranded preposition the slot is the object of
    if slot.dep_ not in ("dobj", "pobj") or anchor.i < slot.i or root.i not in (anchor.i, anchor.head.i):
        return None
    if anchor.lemma_ == "do" and anchor.dep_ == "ROOT":
        return None  # "What do you do for fun?": the answer names what is done, with no verb to say it
    cut = range(slot.left_edge.i, slot.right_edge.i + 1)
    after = max([anchor.i, *(c.i for c in anchor.children if c.dep_ == "prt" or c.dep_ == "prep" and not any(
        g.dep_ in ("pobj", "pcomp") for g in c.children))])  # "focusing on": the stranded preposition too
    words = ["I"]
    for t in sent:
        if t.i not in cut and t.i != you.i and not t.is_punct and not _dropped_aux(t):
            words.append(_word(t))
        if t.i == after:
            words.append(said)
    return " ".join(w for w in words if w) + "."


def _dropped_aux(tok: Token) -> bool:
    """The "do" of a question ("where do you work"): the statement says "I work"."""
    return tok.dep_ == "aux" and tok.lemma_ == "do" and tok.lower_ != "did"


def _word(tok: Token) -> str:
    """A word of the question as the answerer says it: "your" → "my", "are" → "am", "you" → "me"."""
    return DIALOGUE.answer_words.get(tok.lower_, tok.text)


def _mine(span: Span) -> str:
    text = " ".join(_word(t) for t in span)
    return text[:1].upper() + text[1:]
