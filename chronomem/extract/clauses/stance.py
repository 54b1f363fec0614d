"""Whether a clause states what it says as the speaker's own: negation, modals, reports, opinions.

A feeling or a judgement of a person is a fact only when stated outright: not under a modal, a
wish or a command, not someone else's belief ("you think I hate you"), not negated; a reason
("because I miss him"), a comparison or the speaker's own "I think" do state it. Words: ``dialogue.json``.
"""

from __future__ import annotations

from spacy.tokens import Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.tree import dep_child, nearest_subject
from chronomem.extract.lexicon import DIALOGUE, OPEN


def predicate_adjective(adj: Token) -> Token | None:
    """The adjective after the linking verb that ``adj`` is, or is conjoined to: "you're rude", "you were
    pompous and arrogant" (for "arrogant": "pompous")."""
    while adj.dep_ == "conj" and adj.head.pos_ == "ADJ" and adj.head.i < adj.i:
        adj = adj.head
    return adj if adj.dep_ == "acomp" else None


def subject_of(verb: Token) -> Token | None:
    """The subject of ``verb``: the one nearest before it when the parser gave it two ("Yes, Ada, I
    remember, she's rude" makes the vocative "Ada" a subject too), else the first."""
    before = nearest_subject(verb, verb)
    return before if before is not None else dep_child(verb, "nsubj")


def negated(verb: Token) -> bool:
    """A negation hangs on ``verb`` ("not", "n't", "never")."""
    return any(c.dep_ == "neg" for c in verb.children)


def with_can(verb: Token) -> bool:
    """"can" (or the "ca" of "can't") is an auxiliary of ``verb``: "I can't wait", "I can't get enough of it"."""
    return any(c.dep_ == "aux" and c.lower_ in ("ca", "can") for c in verb.children)


def said_by_me(verb: Token) -> bool:
    """"I" is the subject: the speaker's own words ("I think", "I know")."""
    return any(c.dep_ == "nsubj" and c.lower_ == "i" for c in verb.children)


def telling_frame(say: Token) -> bool:
    """A reporting verb that is only how the speaker tells the news under it: addressed to the listener ("let you
    know", "tell you", "I have to tell you"), or under a ``factive_adjectives`` word or a past "want" of "I" or no
    subject ("I'm happy to say I got the job", "just wanted to say I moved"); not "I'd be happy to say", "I can't
    say", "he wanted to say"."""
    if any(c.lower_ in ("you", "ya", "u") and c.dep_ in ("dobj", "dative", "nsubj", "iobj") for c in say.children):
        return True
    if say.head is not say and say.head.lemma_.lower() == "let" and any(c.lower_ == "you" for c in say.head.children):
        return True
    head = say.head
    frame = head.head if head.pos_ == "ADJ" and head.dep_ == "acomp" else head
    if say.dep_ != "xcomp" or head is say or not plain(frame) or negated(head) or not all(
            c.lower_ == "i" for c in frame.children if c.dep_ == "nsubj"):
        return False
    return head.lemma_.lower() in L.FACTIVE_ADJECTIVES and frame.lemma_ == "be" or head.lemma_ == "want" and head.tag_ == "VBD"


def plain(verb: Token) -> bool:
    """Stated: no negation and no modal."""
    return not any(c.dep_ == "neg" or c.tag_ == "MD" for c in verb.children)


def blocked(verb: Token) -> bool:
    """Modals, wishes and clauses that do not state the feeling ("I'd love you to meet Sam"), and feelings
    someone else thinks or reports (:func:`reported`); a reason or a comparison states it (:func:`taken_as_true`)."""
    if verb.dep_ == "advcl" and taken_as_true(verb):
        return any(c.tag_ == "MD" for c in verb.children)
    return any(c.tag_ == "MD" or c.dep_ == "xcomp" or c.dep_ == "ccomp" and c.i > verb.i or c.lower_ in ("to",)
               for c in verb.children) or verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp") or reported(verb)


def taken_as_true(verb: Token) -> bool:
    """A clause whose content is stated as true: a reason ("because I like you") or the measure of a
    comparison ("I never loved anyone as much as I love you", "more than I love you"; not "as long as")."""
    marks = [c.lower_ for c in verb.children if c.dep_ == "mark"]
    return any(m in DIALOGUE.reason_marks for m in marks) or any(
        m in ("as", "than") for m in marks) and verb.head.lower_ in DIALOGUE.comparison_words


def reported(verb: Token) -> bool:
    """Someone's belief or report: under another's words ("you think I hate you"), a negation ("I don't think
    she likes him") or "if" ("I wonder if he likes me"); not under the speaker's own "I think" nor "you know"."""
    if verb.dep_ != "ccomp":
        return False
    head = verb.head
    if negated(head) or any(c.dep_ == "mark" and c.lower_ in DIALOGUE.wondering_marks for c in verb.children):
        return True
    return head.lemma_ not in DIALOGUE.knowing_verbs and not said_by_me(head)


def my_opinion(verb: Token) -> bool:
    """"I think you're so amazing": under the speaker's own "think", a statement between two people too."""
    head = verb.head
    return verb.dep_ == "ccomp" and head.lemma_ in DIALOGUE.opinion_verbs and not negated(head) and said_by_me(head)


def blocked_praise(verb: Token) -> bool:
    """Modals, commands, conditions, clauses of their own ("you'd look great", "you be nice"), and thoughts
    of someone else than the speaker ("you think you're so perfect")."""
    if verb.dep_ == "ccomp" and not said_by_me(verb.head) or verb.tag_ == "VB" or verb.lower_ == "be":
        return True
    return any(c.tag_ == "MD" or c.dep_ in ("xcomp", "mark") for c in verb.children) or \
        verb.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj")


def stated(verb: Token) -> bool:
    """Not negated, no modal, not under another verb but the speaker's own opinion, a reason or a comparison."""
    if not plain(verb) or any(c.lower_ == "to" for c in verb.children):
        return False
    return verb.dep_ not in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj", "ccomp") or my_opinion(verb) or \
        verb.dep_ == "advcl" and taken_as_true(verb)


def coming_feeling(verb: Token) -> Token | None:
    """A feeling said of the time to come, stated as surely as one of now: "I'll miss you", "I'm gonna miss
    Nina", "I'm going to miss her" (the future says the tie that holds now); the verb whose subject feels it
    (``verb`` or its "going"), ``None`` for anything else: a negation ("I won't miss him", "I'm not going to
    miss her"), another modal ("I'd miss you", "I might miss her"), an infinitive under any other verb ("I want
    to miss her")."""
    head = verb
    if verb.dep_ == "xcomp" and verb.head.lemma_ == "go" and verb.head.tag_ == "VBG" and any(
            c.dep_ == "aux" and c.lower_ in ("to", "na") for c in verb.children):
        head = verb.head  # "going to miss", "gon na miss"
    elif not any(c.dep_ == "aux" and c.lower_ in L.FUTURE_MODALS for c in verb.children):
        return None
    if any(c.dep_ == "neg" or c.tag_ == "MD" and c.lower_ not in L.FUTURE_MODALS for h in {head, verb} for c in h.children):
        return None
    subordinate = head.dep_ in ("xcomp", "advcl", "relcl", "acl", "pcomp", "csubj", "ccomp") and not my_opinion(head)
    return None if subordinate else head


def you_all(tok: Token) -> bool:
    """"you guys", "you all", "you two": several listeners."""
    several = DIALOGUE.several_listeners
    return any(c.lower_ in several for c in tok.children) or (tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].lower_ in several)


def planned_moment(verb: Token) -> bool:
    """A present progressive said at a moment or for an occasion, a plan ("I'm seeing Mia tomorrow", "… on Friday",
    "… later", "… for lunch"); not what holds now ("… these days": ``standing_times``), nor "I've been seeing Mia"."""
    if verb.tag_ != "VBG" or any(c.lower_ == "been" for c in verb.children):
        return False
    for c in verb.children:
        ent = next((e for e in verb.doc.ents if e.start <= c.i < e.end), None) if c.ent_type_ in ("DATE", "TIME") else None
        if c.lower_ in OPEN.moment_adverbs or ent is not None and ent.text.lower() not in OPEN.standing_times \
                or c.dep_ == "prep" and c.lower_ in OPEN.moment_preps and any(g.dep_ == "pobj" for g in c.children):
            return True
    return False


def hedges_when(hedge: Token, verb: Token) -> bool:
    """A hedge said just before the date of a clause in the past doubts when, not whether ("I moved to Oslo maybe
    two years ago", "maybe in 2019"); before a time to come it doubts the plan ("maybe next year I'll move"), and set
    off by a comma it doubts the whole ("I moved to Berlin, probably in 2019")."""
    doc = hedge.doc
    nxt = doc[hedge.i + 1] if hedge.i + 1 < len(doc) else None
    if nxt is not None and nxt.pos_ == "ADP" and nxt.i + 1 < len(doc):
        nxt = doc[nxt.i + 1]  # "maybe in 2019"
    opens = [t for t in (hedge, nxt) if t is not None and t.ent_iob_ == "B" and t.ent_type_ == "DATE"]  # "almost a year ago"
    set_off = hedge.i > 0 and doc[hedge.i - 1].text == ","  # "I moved to Berlin, probably in 2019": an afterthought
    return bool(opens) and verb.tag_ == "VBD" and not set_off
