"""What a bare yes (or a no to "still") affirms of a question that opens with its verb, in the answerer's words.

"Are you still climbing?" — "Yep!": "I am still climbing"; "You still live in Leeds, right?" — "Yes": "I still live
in Leeds"; a question about another one, by name or as "your …", that asks whether a state holds: "Does Nell
still work at Hartwell?" — "Yes, she loves it there": "Nell does still work at Hartwell"; "Is your brother at
Kingsbridge College?" — "Yep": "My brother is at Kingsbridge College" (:func:`asked_of_another`). Used by
:mod:`chronomem.extract.parse.answers`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from chronomem.extract.lexicon import DIALOGUE

if TYPE_CHECKING:
    from spacy.tokens import Span, Token


def affirmed(sent: Span, *, denied: bool = False) -> str | None:
    """What a bare yes affirms: a question to "you" that opens with its verb, said by the answerer ("Are you
    still climbing?" — "Yep!": "I am still climbing"; "Have you ever been to Oslo?" — "Yes, I have": "I have
    been to Oslo"; "Are you a friend of Nadia's?" — "Yes, I am": "I am a friend of Nadia's", the "'s" kept on its
    name), or one about another's state (:func:`asked_of_another`). ``None`` for any other question (a modal one,
    "can you …?", is no statement). ``denied``: what a no to a question to "you" with "still" says, the same words
    with "no longer" ("I am no longer climbing")."""
    first = next((t for t in sent if not t.is_punct and t.lower_ not in DIALOGUE.polar_openers), sent[0])  # "So, are you …"
    you = next((t for t in sent.root.children if t.lower_ == "you" and t.dep_ in ("nsubj", "nsubjpass")), None)
    tag = confirm_tag(sent, first)
    other = asked_of_another(sent, first) if you is None and tag is None and not denied else None
    if tag is not None and first.lower_ == "you" and first.dep_ in ("nsubj", "nsubjpass"):  # "You still live in
        words = ["I", *(word(t) for t in sent[first.i + 1 - sent.start:tag - sent.start] if not t.is_punct)]  # Leeds, right?"
    elif other is not None:  # "Is Nell still at Hartwell?": "Nell is still at Hartwell"
        words = [*(word(t) for t in other), first.lower_, *(word(t) for t in sent[other.end - sent.start:] if not t.is_punct
                                                             and t.lower_ not in DIALOGUE.polar_dropped_words)]
    elif you is None or first.lower_ not in DIALOGUE.polar_auxiliaries or first.pos_ != "AUX" or you.i != first.i + 1:
        return None
    else:
        verb = "" if first.lower_ == "do" else word(first)
        words = ["I", verb, *(word(t) for t in sent[you.i + 1 - sent.start:] if not t.is_punct
                              and t.lower_ not in DIALOGUE.polar_dropped_words)]
    if denied:
        if "still" not in words:
            return None
        words[words.index("still")] = "no longer"
    said = re.sub(r" (?=['’]s\b)", "", " ".join(w for w in words if w))  # "a friend of Nadia's"
    return said[:1].upper() + said[1:] + "."


def asked_of_another(sent: Span, first: Token) -> Span | None:
    """The subject of a question about another one's state, right after its verb ``first`` (one of
    ``third_person_auxiliaries``: "is", "does", "has"): a name or "your …" ("Is Nell still at Hartwell?", "Does your
    sister work at Brightwater?"); never a pronoun or a thing ("Is it raining?", "Is that your dog?"), and not a
    happening in the progressive unless it still holds ("Is Nell coming tonight?" asks of a plan)."""
    if first.lower_ not in DIALOGUE.third_person_auxiliaries or first.pos_ != "AUX" or first.i + 1 >= sent.end:
        return None
    subj = next((t for t in sent.root.children if t.dep_ in ("nsubj", "nsubjpass") and t.left_edge.i == first.i + 1), None)
    if subj is None or not (subj.pos_ == "PROPN" or subj.pos_ == "NOUN" and any(
            c.dep_ == "poss" and c.lower_ == "your" for c in subj.children)):
        return None
    if sent.root.tag_ == "VBG" and not any(t.lower_ == "still" for t in sent):
        return None
    return sent.doc[first.i + 1:subj.right_edge.i + 1]


def confirm_tag(sent: Span, first: Token) -> int | None:
    """Where the comma before a tag that asks for confirmation stands in a statement opening with ``first``
    ("You moved to Leeds in May, right?": the comma; ``confirm_tags`` in ``dialogue.json``), else ``None``."""
    comma = next((t for t in reversed(sent) if t.text == ","), None)
    if comma is None or comma.i <= first.i + 1:
        return None
    tag = " ".join(sent.doc[comma.i + 1:sent.end].text.lower().replace("’", "'").strip(" ?!.").split())
    return comma.i if tag in DIALOGUE.confirm_tags else None


def word(tok: Token) -> str:
    """A word of the question as the answerer says it: "your" → "my", "are" → "am", "you" → "me"."""
    return DIALOGUE.answer_words.get(tok.lower_, tok.text)
