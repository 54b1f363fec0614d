"""What is not a fact: questions, conditionals, hedges, modals, negation and dropped plans.

Sentence-level checks run first (a question or an "if" sentence yields no verb facts at all); :func:`clause_status`
then looks at one verb and every verb governing it ("thinking about moving", "want to join", "was going to move") and
says whether it is blocked, negated, ended ("no longer", "not … anymore", "used to"), in the future, or plain.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from spacy.strings import get_string_id
from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import doc_words
from chronomem.extract.clauses.questions import asks_after_comma, question_tail
from chronomem.extract.clauses.stance import hedges_when, negated, telling_frame, with_can
from chronomem.extract.clauses.tree import dep_child, verb_above, word_or_lemma_in
from chronomem.extract.lexicon import OPEN, TIES

_TURN_HAS = "chronomem_turn_has"  # Doc.user_data: {name of a phrase list: whether the turn has one}
_WHAT_IF = ("what if",)
_WORDS = re.compile(r"[a-z]+(?:'[a-z]+)*")
_SAYING_CONDITIONS = tuple(tuple(p.split()) for p in sorted(TIES.saying_conditions))
_WISH_FORMULAS = tuple(tuple(p.split()) for p in sorted(TIES.wish_formulas))

_GOVERNING_DEPS = frozenset({"xcomp", "ccomp", "pcomp", "prep", "acomp"})
_CONDITIONAL_IDS = frozenset(get_string_id(w) for w in L.CONDITIONALS)


def is_hypothetical(sent: Span) -> bool:
    """Conditionals and hypotheticals: "if", "unless", "imagine", "suppose", "wish"…; an "if" that
    conditions the saying ("if you ask me, …", ``saying_conditions`` in ``ties.json``) is none."""
    return not doc_words(sent.doc).isdisjoint(_CONDITIONAL_IDS) and any(  # (most turns have no such word: not read)
        t.lower_ in L.CONDITIONALS and not _saying_condition(t) and not _life_without(t) for t in sent) or (
        _turn_has(sent.doc, "what if", _WHAT_IF) and "what if" in sent.text.lower())


def _life_without(tok: Token) -> bool:
    """"I can't imagine my life without music": no supposition, how much one holds to a thing (``imagining_verbs``,
    negated, with "life" and "without")."""
    life = next((c for c in tok.children if c.dep_ == "dobj" and c.lemma_ == "life"), None)
    return tok.lemma_ in OPEN.imagining_verbs and life is not None and any(c.dep_ == "neg" for c in tok.children) and any(
        c.dep_ == "prep" and c.lower_ == "without" for c in (*tok.children, *life.children))


def _saying_condition(tok: Token) -> bool:
    """"if it makes you feel better", "if you ask me": an "if" about the telling, not the told; "wish me luck": a
    formula, no wish (``wish_formulas`` in ``ties.json``)."""
    if tok.lower_ not in ("if", "wish"):
        return False
    words = _WORDS.findall(tok.doc.text[tok.idx + len(tok.text):tok.sent.end_char].lower().replace("’", "'"))
    return any(tuple(words[:len(p)]) == p for p in (_SAYING_CONDITIONS if tok.lower_ == "if" else _WISH_FORMULAS))


def is_dropped_plan(sent: Span) -> bool:
    """Plans that were dropped or undone: "but didn't", "decided against", "fell through" (not a tie called off:
    "we called off the engagement" ended it)."""
    if not _turn_has(sent.doc, "dropped", L.DROPPED):
        return False  # (most turns give up no plan: their sentences' text is not read)
    low = " ".join(sent.text.lower().replace("’", "'").split())
    return any(p in low for p in L.DROPPED) and not any(p in low for p in L.TIES_CALLED_OFF)


def hedged_clauses(sent: Span) -> frozenset[int]:
    """Heads of the clauses a hedge ("maybe", "someday", "probably", "almost") modifies; ``{-1}``: all;
    and every verb of a question tagged on after a dash (:func:`question_tail`)."""
    tail = question_tail(sent)
    out: set[int] = set() if tail is None else {t.i for t in sent if t.i >= tail and t.pos_ in ("VERB", "AUX")}
    for tok in sent:
        if tok.lower_ in L.HEDGES:  # the verb above the hedge (a hedge verb at the root: itself)
            verb = verb_above(tok if tok.head is tok else tok.head, steps=32)
            if verb is None or not hedges_when(tok, verb):
                out.add(-1 if verb is None else verb.i)
    return frozenset(out)



@dataclass(slots=True)
class ClauseStatus:
    """How a verb's clause stands: blocked, or its tense and whether it states an ending."""

    blocked: bool = False
    negated: bool = False
    ending: bool = False  # "no longer", "not … anymore"
    used_to: bool = False
    tense: str = "present"  # present | past | perfect | progressive | perfect_progressive | past_progressive | future
    governor: str = ""  # "start" / "end" when a governing verb says so ("started using", "stopped using")
    fresh: bool = False  # "just", "now", "newly"
    current: bool = False  # "currently", "still", "right now"
    lifelong: bool = False  # "my whole life", "since I was born": a perfect that still holds
    bygone: bool = False  # "in college", "as a kid", "back then": set in a stretch of life now over
    plain: bool = False  # "I was a nurse", "I lived in Boston": a bare past said as the sentence's own statement


def _own_status(tok: Token) -> ClauseStatus:
    """What ``tok``'s own words say of its clause (negation, "no longer", "just", hedges, modals, tense), the
    verbs governing it aside: read for the verb and for each of its governors."""
    status = ClauseStatus()
    said = [n for c in tok.rights if c.dep_ == "acomp" for n in c.lefts if n.dep_ == "neg"] if tok.lemma_ == "be" else []
    for child in [*tok.children, *said]:  # "I'm not self-employed": the parser hung the "not" on the adjective
        low, dep = child.lower_, child.dep_
        if (dep == "neg" or low in L.ENDING_ADVERBS) and _set_off(child, tok):
            continue  # "Not anymore, I moved to York": the reply to a question before, not this clause's own
        if dep == "neg" or (dep in ("advmod", "det", "npadvmod") and low in ("never", "no")):
            if low == "no" and child.head.lower_ == "longer":
                continue
            status.negated = True
        if low in L.ENDING_ADVERBS or (low == "more" and any(c.lower_ == "any" for c in child.children)):
            status.ending = True  # "not … anymore", "no longer", "not … any more"
        if dep in ("advmod", "npadvmod"):
            if low in L.CURRENT_MARKERS or (low == "now" and any(c.lower_ == "right" for c in child.children)):
                status.current = True
            elif low in L.FRESH_MARKERS and low not in ("recently", "finally", "officially"):
                if not (low == "now" and any(c.lower_ in ("for", "as", "until") for c in child.children)):
                    status.fresh = True
            elif low in L.HEDGES and not hedges_when(child, tok):
                status.blocked = True
    if status.negated and (any(t.lower_ == "anymore" for t in tok.subtree if t.i > tok.i)
                           or "any more" in tok.sent.text.lower()):
        status.ending = True
    _tense(tok, status)
    return status


def _bare_command(verb: Token) -> bool:
    """A verb in the bare form with no subject: a command ("wish me luck", "remember that …")."""
    return verb.tag_ == "VB" and not any(c.dep_.startswith("nsubj") for c in verb.children)


def _set_off(child: Token, tok: Token) -> bool:
    """A reply word fronted before ``tok``'s subject and cut from it by a comma: "Not anymore, I moved to York",
    "No longer, we sold it" (not "I no longer live there", not "Sadly I don't live there anymore")."""
    if child.lower_ not in L.ENDING_ADVERBS and child.dep_ != "neg":
        return False
    subject = dep_child(tok, "nsubj", "nsubjpass")
    return subject is not None and child.i < subject.i and any(
        t.text == "," for t in tok.doc[child.right_edge.i + 1:subject.i])


def _tense(tok: Token, status: ClauseStatus) -> None:
    auxes = [c for c in tok.children if c.dep_ in ("aux", "auxpass")]
    if not auxes and tok.dep_ == "conj" and tok.tag_ == "VBG" and tok.head.tag_ == "VBG":
        auxes = [c for c in tok.head.children if c.dep_ == "aux"]  # "I've been cooking and reading": shared
    auxes += [m for a in auxes for m in a.children if m.dep_ == "aux" and m.tag_ == "MD"]  # "I'd be thrilled": the
    # parser may hang the modal under the auxiliary
    had = [a for a in auxes if a.lower_ in ("'d", "’d") and a.i + 1 < len(a.doc) and a.nbor(1).tag_ == "VBN"]
    # "I'd been living", "we'd lived": a contracted "had" the tagger took for "would"
    for a in auxes:
        if a in had:
            continue
        if a.tag_ == "MD" or a.lower_ in L.BLOCK_MODALS:
            if a.lower_ in L.FUTURE_MODALS:
                status.tense = "future"
            else:
                status.blocked = True
    if status.tense == "future":
        return
    have = [a for a in auxes if a.lemma_ == "have" or a in had]
    be = [a for a in auxes if a.lemma_ == "be"]
    got = [a for a in auxes if a.lemma_ == "get"]
    did = any(a.lemma_ == "do" and a.tag_ == "VBD" for a in auxes)
    past_aux = did or bool(had) or any(a.tag_ == "VBD" for a in have + be + got)  # ("I did get married in June")
    tag = tok.tag_
    if tag == "VBD":
        status.tense = "past"
    elif tag == "VBN":
        going = [a for a in auxes if a.tag_ == "VBG"]  # "getting", "being" (the parser may hang "were" on it)
        if not have and going and (past_aux or any(m.dep_ == "aux" and m.tag_ == "VBD" for a in going for m in a.children)):
            status.tense = "past_progressive"  # "we were getting married in 2019": under way then, maybe never done
        elif have:
            status.tense = "past" if past_aux else "perfect"
        elif be or got:  # passive: "I'm based in", "I got promoted", "I was hired"
            status.tense = "past" if past_aux else "present"
        else:  # "been" alone drops its "have" as chat does: "Been in Tacoma for two years", "I been at Acme since May"
            status.tense = "perfect" if tok.lower_ == "been" else "past"
    elif tag == "VBG":
        if any(a.lower_ == "been" for a in be) and (have or not any(a.lower_ in ("be", "being") for a in be)):
            # "I've been knitting"; chat drops the "have": "Been practicing a lot", "I been running"
            status.tense = "past_progressive" if had or any(a.tag_ == "VBD" for a in have) else "perfect_progressive"
        elif be:
            status.tense = "past_progressive" if past_aux else "progressive"
        else:
            status.tense = "present"
    elif did:
        status.tense = "past"
    elif tag in ("VBP", "VB") and not auxes and tok.lower_ in L.SAME_PAST_FORMS:
        status.tense = "past"  # "I quit Spotify in February": the past spelled like the present
    else:
        status.tense = "present"


def _two_clauses(cur: Token, gov: Token) -> bool:
    """A "complement" before its verb with a dash, a colon or a semicolon between, or a question joined after
    a comma ("I moved to Oslo, so do you want to visit?"): two clauses."""
    return cur.dep_ == "ccomp" and cur.i < gov.i and any(
        t.text in (";", ":", "—", "–") or (t.text == "-" and t.whitespace_ and cur.doc[t.i - 1].whitespace_)
        or asks_after_comma(t) for t in cur.doc[cur.right_edge.i:gov.i])


def _cannot_believe(gov: Token) -> bool:
    """"I can't believe …", "I couldn't believe …": an exclamation that takes what follows as given."""
    return gov.lemma_ == "believe" and negated(gov) and any(c.tag_ == "MD" and c.lower_ in L.CAN_FORMS for c in gov.children)


@lru_cache(maxsize=4096)  # asked once per verb: the same sentence text many times
def _lifelong(text: str) -> bool:
    """A phrase of having held all along ("my whole life", "since I was born").

    >>> _lifelong("I've lived in Ohio my whole life."), _lifelong("I've lived in Ohio.")
    (True, False)
    """
    low = " ".join(text.lower().replace("’", "'").split())
    return any(p in low for p in L.LIFELONG_PHRASES)


def _turn_has(doc: Doc, name: str, phrases: Iterable[str]) -> bool:
    """Whether ``doc``'s whole text (lower case, "’" as "'", single spaces) has one of ``phrases``: a sentence's words
    are its turn's, so a turn without one has no sentence with one. Read once per turn, kept in ``doc.user_data`` under ``name``."""
    kept = doc.user_data.setdefault(_TURN_HAS, {})
    if name not in kept:
        if "" not in kept:  # the turn's text as the phrases are written, made once for every list
            kept[""] = " ".join(doc.text.lower().replace("’", "'").split())
        kept[name] = any(p in kept[""] for p in phrases)
    return bool(kept[name])


def _lifelong_sentence(tok: Token) -> bool:
    """:func:`_lifelong` of ``tok``'s sentence, read only in a turn that has such a phrase (most turns have none)."""
    return _turn_has(tok.doc, "lifelong", L.LIFELONG_PHRASES) and _lifelong(tok.sent.text)


def _since_clause(tok: Token) -> bool:
    """A clause of the past that says since when ("since I graduated"), a stretch of life ("since college": ``period_nouns``)
    or "always" ("I've always lived in Ohio"): what a perfect says has held from then on and still does."""
    return any(c.dep_ == "advcl" and c.tag_ == "VBD" and any(m.dep_ == "mark" and m.lower_ == "since" for m in c.children)
               or c.dep_ == "advmod" and c.lower_ == "always" or c.dep_ == "prep" and c.lower_ == "since" and any(
                   o.dep_ == "pobj" and o.lemma_.lower() in L.PERIOD_NOUNS for o in c.children) for c in tok.children)


def _bygone(tok: Token) -> bool:
    """A stretch of life the clause is set in, now over (``period_preps``, ``period_nouns`` without "a",
    ``young_nouns``): "in college", "as a kid", "back then", "when I was little"; not "in a school"; or the
    stretch before the one just told (``earlier_adverbs``, ``earlier_pointers``): "before that", "previously"."""
    stack = list(tok.children)
    while stack:  # the clause's own words, its verbs' clauses left out ("a dishwasher at a diner in college")
        c = stack.pop()
        if c.pos_ not in ("VERB", "AUX"):
            stack += c.children
        objs = [o for o in c.children if o.dep_ == "pobj"]
        if c.dep_ == "prep" and (c.lower_ == "as" and any(o.lemma_.lower() in L.YOUNG_NOUNS for o in objs) or (
                c.lower_ in L.PERIOD_PREPS and any(word_or_lemma_in(o, L.PERIOD_NOUNS) and not any(
                    d.lower_ in ("a", "an") for d in o.children) for o in objs))):
            return True
        if c.dep_ == "advmod" and c.lower_ in L.EARLIER_ADVERBS or c.dep_ in ("prep", "mark") and c.lower_ == "before" and any(
                o.lower_ in L.EARLIER_POINTERS for o in objs):
            return True
        words = {c.lower_, *(g.lower_ for g in c.children)}
        if c.dep_ == "advmod" and "back" in words and ("then" in words or any(
                g.dep_ == "prep" and g.lower_ in L.PERIOD_PREPS for g in c.children)):
            return True
        if c.dep_ == "advcl" and c.tag_ == "VBD" and any(
                m.dep_ in ("advmod", "mark") and m.lower_ in ("when", "while") and m.i < c.i for m in c.children):
            return True
    return False


def _plain_past(tok: Token) -> bool:
    """A bare past that is the sentence's own statement: "I was a nurse", "we lived in Leeds" (the verb itself past, no
    auxiliary, the root or joined to it) of the speaker, "we", a name, a noun ("my dad was a pilot") or "he"/"she" said to
    be "a …" ("he was a cab driver"; not "they", "he was this cabbie we had"), not one under another verb ("she said she
    was a nurse"), nor one a clause of time sets in a story ("I lived in Leeds when I met her": ``time_clause_marks``)."""
    root = tok
    while root.dep_ == "conj" and root.head is not root:
        root = root.head
    subjects = [c for v in (tok, root) for c in v.children if c.dep_ == "nsubj"][:1]
    he_she = {"he", "she"} if any(c.dep_ == "attr" and c.left_edge.lower_ in ("a", "an") for c in tok.children) else set()
    return tok.tag_ == "VBD" and root.dep_ == "ROOT" and all(
        s.pos_ != "PRON" or s.lower_ in L.FIRST_SINGULAR | L.FIRST_PLURAL | he_she for s in subjects) and not any(
        c.dep_ in ("aux", "auxpass") for c in tok.children) and not any(
        c.dep_ == "advcl" and any(m.dep_ in ("mark", "advmod") and m.lower_ in L.TIME_CLAUSE_MARKS for m in c.children)
        for v in {tok, root} for c in v.children)


def _after_comma(cur: Token, gov: Token) -> bool:
    """``cur`` is a statement the parser hung on the clause after it, the two only joined by "so"/"but"/"and" or a
    comma before a clause with its own subject or a bare command: "I left Oslo, I was sent"."""
    return cur.dep_ == "ccomp" and cur.i < gov.i and (any(
        c.dep_ in ("mark", "cc") and c.lower_ in ("so", "but", "and") and c.i < gov.i for c in gov.children) or (
        any(t.text == "," for t in cur.doc[cur.right_edge.i:gov.i]) and (any(
            c.dep_ in ("nsubj", "nsubjpass", "expl") and c.i > cur.right_edge.i for c in gov.children)
            or _bare_command(gov))))


def _reason_frame(cur: Token, gov: Token) -> bool:
    """"That's why we moved to Leeds", "which is how I met Ana": a clause of "why"/"how" under "that/this/which
    is" states what happened as the outcome of what was said before."""
    return gov.lemma_ == "be" and any(c.dep_ == "nsubj" and c.lower_ in ("that", "this", "which") for c in gov.children) \
        and any(c.dep_ == "advmod" and c.lower_ in ("why", "how") and c.i < cur.i for c in cur.children)


def clause_status(tok: Token, hedged: frozenset[int] = frozenset()) -> ClauseStatus:  # noqa: C901
    """``tok``'s status, read from it and the verbs governing it (xcomp/ccomp/pcomp/prep) up to the clause root;
    ``hedged``: the heads of hedged clauses (:func:`hedged_clauses`)."""
    status = _own_status(tok)
    status.blocked |= tok.i in hedged or -1 in hedged
    status.lifelong = _lifelong_sentence(tok) or _since_clause(tok)
    status.bygone = status.tense in ("past", "past_progressive") and _bygone(tok)
    status.plain = status.tense == "past" and _plain_past(tok)
    inner, cur = tok, tok
    for _ in range(8):
        if cur.dep_ not in _GOVERNING_DEPS or cur.head is cur:
            break
        gov = cur.head
        if gov.pos_ not in ("VERB", "AUX", "ADJ", "ADP"):
            break
        if gov.pos_ == "ADP":  # "thinking about moving": climb through the preposition
            cur = gov
            continue
        lemma = OPEN.misread_lemmas.get(gov.lower_, gov.lemma_.lower())  # ("Hoping to …": "hop")
        if _two_clauses(cur, gov):
            break  # "We no longer use X; we shut it down": two clauses, not a complement
        if cur.dep_ == "ccomp" and _cannot_believe(gov):
            break  # "I can't believe Nora got engaged!": surprise at a fact, not doubt of it
        if _after_comma(cur, gov):
            break  # "I'm lactose intolerant, so I'll need the vegan recipe", "I left Oslo, I was sent", "I'm running
            # a half marathon in May, wish me luck!" (a bare imperative after the comma), "My aunt lives in Ely, would
            # she like a visit?" (a question after it asks nothing of the statement): two clauses
        if gov.i in hedged:
            status.blocked = True
        if lemma == "use" and gov.tag_ == "VBD" and any(c.lower_ == "to" for c in inner.children):
            status.used_to = True
        elif lemma == "go" and gov.tag_ == "VBG" and any(c.lower_ == "to" for c in inner.children):
            if _own_status(gov).tense == "past_progressive":
                status.blocked = True  # "I was going to move …"
            status.tense = "future"
        elif cur.dep_ == "ccomp":  # reported facts pass ("Tom told me he joined Stripe"), opinions do not
            stating = any((lemma, c.lower_) in L.FACT_PHRASALS and c.dep_ == "prt" or lemma == "be" and c.dep_ == "nsubj"
                          and c.lemma_.lower() in L.FRAMING_NOUNS for c in gov.children)  # "turns out", "the thing is"
            stating |= _reason_frame(cur, gov)
            memo = lemma in L.MEMO_VERBS and _bare_command(gov)
            status.blocked |= lemma not in L.REPORTING_VERBS and not stating and not memo  # "(please) remember that …"
            if (memo or lemma in L.REPORTING_VERBS and telling_frame(gov)) and not status.blocked:
                break  # "Wanted to let you know that I'm running for office": the frame above is only how it is said
        elif lemma == "have" and gov.tag_ == "VBD" and cur.dep_ == "xcomp" and any(
                c.lower_ == "to" for c in inner.children) and not any(c.dep_ == "aux" for c in gov.children):
            pass  # "I had to rehome my cat": a past obligation that was carried out
        elif lemma in L.EAGER_GOVERNORS and cur.dep_ == "xcomp" and (lemma != "wait" or with_can(gov) and negated(gov)):
            if lemma != "wait":  # "I'd be thrilled to move", "I'm not excited to move": a supposition, a denial
                eager = _own_status(gov.head if gov.dep_ in ("acomp", "attr", "oprd") else gov)
                status.blocked |= eager.blocked or eager.negated
            status.tense = "future"  # "I can't wait to start at Stripe next month": planned, not denied nor wished
            inner, cur = gov, gov
            continue
        elif lemma in L.START_GOVERNORS:
            status.governor = "start"
        elif lemma in L.END_GOVERNORS:
            status.governor = "end"
        elif gov.pos_ == "ADJ" and lemma in L.FACTIVE_ADJECTIVES and inner.lemma_.lower() in ("be", "have") and (
                cur.dep_ == "xcomp"):
            pass  # "I'm proud to be part of the choir", "lucky to have a brother": a state taken as given
        elif lemma in L.BLOCK_GOVERNORS or gov.pos_ == "ADJ":
            status.blocked = True
        gstatus = _own_status(gov)
        if gstatus.negated:
            if gstatus.ending or (status.governor == "end"):
                status.ending = True
            else:
                status.negated = True
        status.blocked |= gstatus.blocked
        status.fresh |= gstatus.fresh
        status.current |= gstatus.current
        status.ending |= gstatus.ending
        if cur.dep_ == "xcomp" and status.tense in ("present",) and not status.used_to:
            status.tense = gstatus.tense if status.tense != "future" else status.tense
        inner, cur = gov, gov
    if status.ending:
        status.negated = False
    _share_with_first_verb(tok, status, hedged)
    return status


def _share_with_first_verb(tok: Token, status: ClauseStatus, hedged: frozenset[int]) -> None:
    """A verb conjoined without its own subject or auxiliary shares the first verb's hedge, modal
    and future: "Maybe I'll write a play and publish it", "I'll move and start a job"."""
    head = tok.head
    if tok.dep_ != "conj" or head.pos_ not in ("VERB", "AUX") or any(
            c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in tok.children):
        return
    first = clause_status(head, hedged)
    status.blocked |= first.blocked
    if first.tense == "future" and tok.tag_ == "VB":
        status.tense = "future"
