"""Answers that leave out what the question said: "Where do you work these days?" — "At a small bakery
downtown." says "I work at a small bakery downtown these days"; "Do you have any pets?" — "Yes, two cats,
Milo and Luna." says "I have two cats, Milo and Luna".

A short answer with no verb of its own, after a question to the answerer ("you") from the other speaker,
is restored into the sentence it means, in the answerer's words (the question's words in order, "you" as
"I", the answer where the question word stood), and read as part of the answer's turn by every rule.
"What do you do …?" answers become a taste or a work statement (:func:`_done`); a bare yes affirms a
question that opens with its verb (:func:`~chronomem.extract.parse.affirmed.affirmed`).
Which words open an answer and how "you are" turns into "I am" is data (``answer_openers``,
``answer_words`` in ``chronomem/data/lexicon/dialogue.json``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import DIALOGUE, OPEN
from chronomem.extract.parse.affirmed import affirmed, word
from chronomem.timeexpr import resolve_time
from chronomem.timeexpr.words import DAY_NAMES, MONTH_WORDS, SINCE_WORDS, UNTIL_WORDS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

MAX_ANSWER_WORDS = 10  # a longer answer says its own verb, or is no answer to the question
_SENTENCES = re.compile(r"[^.!?\n]+[.!?]*")
_FINITE = frozenset({"VBD", "VBZ", "VBP", "MD"})
_NAMING = frozenset({"NOUN", "PROPN", "NUM", "ADJ"})
_SOME_DAY = datetime(2024, 6, 15, tzinfo=timezone.utc)  # any day: whether a phrase names a time at all


def past_thanks(text: str) -> str:
    """``text`` from its first sentence that does more than thank or take a compliment (``thanks_words`` with names,
    ``compliment_replies``): "Thanks, Ana! Glad you like it. Yeah, I love to." → "Yeah, I love to." (two at most
    are passed over; a text of thanks only is left as it is).

    >>> past_thanks("Thanks, Ana! Glad you like it. Yeah, I love to."), past_thanks("Thanks! I paint birds.")
    ('Yeah, I love to.', 'I paint birds.')
    >>> past_thanks("Thanks so much!"), past_thanks("Thanks for asking, Ana! Yes.")
    ('Thanks so much!', 'Thanks for asking, Ana! Yes.')
    """
    said = [s.strip() for s in _SENTENCES.findall(text) if s.strip()]
    for n, sentence in enumerate(said[:2]):
        words = [w.strip(".,!?;:'\"") for w in sentence.split()]
        words = [w for w in words if w]
        thanks = bool(words) and words[0].lower() in DIALOGUE.thanks_words and all(
            w.lower() in DIALOGUE.thanks_words or w[:1].isupper() and n == 0 and i > 0 for i, w in enumerate(words))
        if not thanks and " ".join(words).lower() not in DIALOGUE.compliment_replies:
            return text if n == 0 else " ".join(said[n:])
    return text if len(said) <= 2 else " ".join(said[2:])


def answer_fragment(answer: Doc, parse: Callable[[str], Doc] | None = None) -> Span | None:
    """The answer's first sentence when it is a bare fragment (no verb, at most ``MAX_ANSWER_WORDS`` words),
    from its first word after the openers ("Yes, two cats" → "two cats"). A fragment cut before a clause or a
    reaction that names nothing as the whole sentence is tagged is judged by ``parse`` of it alone: "Mostly
    jazz, I play it too" ("jazz" a verb there), "Clover, she's tiny" ("Clover" an interjection)."""
    sent = next(answer.sents, None)
    if sent is None or sent.text.rstrip().endswith("?"):
        return None  # a question back: "My sister? Haha."
    start = sent.start
    while start < sent.end and (answer[start].lower_ in DIALOGUE.answer_openers or answer[start].is_punct or (
            answer[start].lower_ in DIALOGUE.answer_hedges) or (
            answer[start].pos_ == "ADV" and start + 1 < sent.end and answer[start + 1].is_punct)):
        start += 1  # (and an adverb set off by a comma: "Recently, education reform"; a hedge: "Probably Dune")
    end = _fragment_end(answer[start:sent.end])
    words = [t for t in answer[start:end] if not t.is_punct]
    if any(t.lower_ in DIALOGUE.answer_negations for t in words) or any(t.lower_ == "'s" and not any(
            r.pos_ in ("NOUN", "PROPN") for r in answer[t.i + 1:end]) for t in words):
        return None  # "Not Titanic", "Probably not sushi": not so; "My family's small": a clause ('s: is)
    said_yes = answer[sent.start].lower_ in DIALOGUE.yes_words
    if len(words) >= 2 and words[0].tag_ == "PRP" and words[1].lemma_ in ("be", "do", "have"):
        if len(words) > 2 and words[0].lower_ in ("i", "we") and _when(answer[words[2].i:end]):
            return answer[words[2].i:end]  # "We did, last spring!": the verb echoed and when
        if len(words) == 2:
            words, said_yes = [], said_yes or words[0].lower_ in ("i", "we")  # "Yes, I do.", "I do!": the verb echoed
    if said_yes and (not words or words[0].tag_ == "PRP" and any(t.tag_ in _FINITE for t in words)):
        return answer[start:start]  # a bare yes, or a yes and a clause of its own: "Yeah, I love it there"
    if not words or len(words) > MAX_ANSWER_WORDS or any(t.tag_ in _FINITE for t in words):
        return None  # (a gerund is no verb of its own: "Mostly hiking and painting")
    if not any(t.pos_ in _NAMING or t.tag_ == "VBG" for t in words):  # "Oh, that.", "Not really." ("Hiking." names
        cut = answer[start:end].text if parse is not None and end < sent.end else ""  # what "… for fun?" asks)
        return answer_fragment(parse(cut)) if cut and parse is not None else None
    return answer[start:end]


def _fragment_end(said: Span) -> int:
    """Where the fragment of ``said`` ends: before a comma that a clause or only a reaction follows ("Denver,
    moved there last year", "Pepper, she's a beagle", "Mochi, haha", "Radiohead, for sure"); a tail that
    names more stays ("Denver, next month", "Yes, two cats, Milo and Luna")."""
    for t in said:
        if t.text in (",", ";", "-", "—", "–") and t.i > said.start:
            rest = [r for r in said.doc[t.i + 1:said.end] if not r.is_punct]
            if rest and (any(r.tag_ in _FINITE or r.tag_ == "VBN" for r in rest)
                         or " ".join(r.lower_ for r in rest) in DIALOGUE.answer_reactions):
                return t.i
    return said.end


def said_after(fragment: Span) -> str | None:
    """The clause after an answer's fragment that leaves out its subject, the answerer, said with it: "Denver,
    moved there last year" → "I moved there last year"; "Microsoft, been there five years" → "I have been
    there five years" (``None`` when no verb follows the comma: "Pepper, she's a beagle" is read as said)."""
    doc = fragment.doc
    sent_end = doc[fragment.start].sent.end
    if fragment.end + 1 >= sent_end or doc[fragment.end].text != ",":
        return None
    verb = doc[fragment.end + 1]
    if verb.tag_ not in ("VBD", "VBN", "VBP") or verb.lower_ in DIALOGUE.answer_words:
        return None  # ("were": a question or a clause of its own)
    text = doc[verb.i:sent_end].text.rstrip(" .!?,")
    return f"I {'have ' if verb.tag_ == 'VBN' or verb.lower_ == 'been' else ''}{text[:1].lower() + text[1:]}."


def restore(question: Doc, fragment: Span, answerer: str = "", *, denied: bool = False) -> str | None:
    """The statement ``fragment`` answers ``question`` with (``None`` when the question is not one to the
    answerer this module knows: a wh-question about "you" or "your …", or "do you have …"; or when it
    calls someone else by name: "Ana, what do you do?" answered by Cal). ``denied``: the answer said no to
    a question whether something still holds ("Are you still at Hartwell?" — "Nope": "I am no longer at Hartwell")."""
    sent = next((s for s in reversed(list(question.sents)) if s.text.rstrip().endswith("?")), None)
    if sent is None or any(t.pos_ == "PROPN" and t.lower_ not in answerer.lower().split() and (
            t.i == sent.start and t.nbor().text == "," or t.i > sent.start and t.nbor(-1).text == "," and
            t.nbor().text == "?") for t in sent[:-1]):
        return None
    if not len(fragment):
        return affirmed(sent, denied=denied)
    said = fragment.text.rstrip(" .!?,")
    if fragment[0].pos_ != "PROPN" and not any(t.lower_ in ("name", "called", "named") for t in sent):
        said = said[:1].lower() + said[1:]  # "In Ohio" inside the sentence (a name asked for stays: "Clover")
    wh = next((t for t in sent if t.lower_ in DIALOGUE.answer_question_words and t.tag_ in ("WRB", "WP", "WDT")), None)
    if wh is not None and wh.lower_ == "what" and wh.dep_ == "dobj" and wh.head.lemma_ == "do":
        return _done(sent, wh.head, fragment, said)  # "What do you do for fun?" — "Mostly hiking"
    if not any(t.pos_ in _NAMING for t in fragment):
        return None  # only what is done is named by a bare -ing word
    root = sent.root  # the question is about the answerer when "you" is its main clause's subject
    you = next((t for t in root.children if t.lower_ == "you" and t.dep_ in ("nsubj", "nsubjpass")), None)
    when = next((t for t in sent if t.lower_ in DIALOGUE.when_question_words and t.tag_ == "WRB" and t.head.i == root.i), None)
    asked = you or next((t for t in sent if t.lower_ == "you" and t.dep_ in ("nsubj", "nsubjpass") and t.head.head.i == root.i
                         and t.head.dep_.startswith("aux")), None)  # "When did you get married?": "you" of "get"
    if when is not None and asked is not None and when.i < asked.i:
        return _timed(sent, when, asked, fragment)
    if wh is None:  # "Are you still at Hartwell?" — "Still at Hartwell, yeah": the question's own words, affirmed
        return _had(root, you, fragment, said) or _dated(sent, fragment) or (
            affirmed(sent) if _restated(sent, fragment) or _how_long(fragment) or _unchanged(fragment) else None)
    if (done := _done_to_you(sent, wh, said)) is not None:
        return done  # "What brings you joy?" — "Knitting!": knitting brings me joy
    if you is None:
        subject = next((t for t in root.children if t.dep_ in ("nsubj", "nsubjpass", "attr") and t.i != wh.i
                        and any(c.lower_ == "your" for c in t.subtree)), None)
        named = root.lemma_ in ("call", "name") and root.tag_ == "VBN"  # "What's your cat called?"
        if subject is not None and wh.dep_ == "attr" and (root.lemma_ == "be" and wh.head.i == root.i or named):
            # "What's your favorite book?", "Who's your boss?" — "Dune": my favourite book is Dune
            return f"{_mine(subject.doc[subject.left_edge.i:subject.i + 1])} is{' ' + root.text if named else ''} {said}."
    who, skip = _asked_of(root, you)  # "Where does your brother live?" — "Seattle": my brother does live in Seattle
    if not who:
        return None
    words = [word(t) for t in sent if t.i != wh.i and t.i not in skip and not t.is_punct and not (you and _dropped_aux(t))]
    if wh.lower_ == "where" and wh.head.i == root.i:
        stranded = sent[-2].pos_ == "ADP" if len(sent) > 1 else False  # "Where are you moving to?"
        at = any(g.lemma_ in DIALOGUE.answer_at_nouns for p in root.children if p.dep_ == "prep" for g in p.children)
        place = said if stranded or fragment[0].pos_ == "ADP" else \
            f"{'at' if at else DIALOGUE.answer_where_prepositions.get(root.lemma_, 'in')} {said}"  # "… work?": at
        return f"{who} {' '.join(w for w in words if w)} {place}."
    slot = wh.head if wh.dep_ == "det" else wh  # "what kind of music", "which city": the whole phrase
    anchor = slot.head  # the verb or the stranded preposition the slot is the object of
    if slot.dep_ not in ("dobj", "pobj") or anchor.i < slot.i or root.i not in (anchor.i, anchor.head.i):
        return None
    cut = range(slot.left_edge.i, slot.right_edge.i + 1)
    after = max([anchor.i, *(c.i for c in anchor.children if c.dep_ == "prt" or c.dep_ == "prep" and not any(
        g.dep_ in ("pobj", "pcomp") and not (c.i == anchor.i + 1 and g.lemma_ in DIALOGUE.answer_time_nouns)
        for g in c.children))])  # "focusing on", "work for (these days)": the stranded preposition too
    words = [who]
    for t in sent:
        if t.i not in cut and t.i not in skip and not t.is_punct and not (you and _dropped_aux(t)):
            words.append(word(t))
        if t.i == after:
            words.append(said)
    return " ".join(w for w in words if w) + "."


def _asked_of(root: Token, you: Token | None) -> tuple[str, range]:
    """Whom a question's main verb asks about, as the answerer says it, and the question's words for them:
    "you" → "I"; "your brother" (not with "be": "Where is your sister now?") → "My brother"; else ``""``."""
    if you is not None:
        return "I", range(you.i, you.i + 1)
    subject = next((t for t in root.children if t.dep_ == "nsubj" and t.pos_ == "NOUN" and any(
        c.lower_ == "your" and c.dep_ == "poss" for c in t.children)), None)
    if subject is None or root.lemma_ == "be":
        return "", range(0)
    return _mine(subject.doc[subject.left_edge.i:subject.i + 1]), range(subject.left_edge.i, subject.i + 1)


def _had(root: Token, you: Token | None, fragment: Span, said: str) -> str | None:
    """What a yes and a thing say to "do you have …?" or "are you in any …?": "Do you have any pets?" — "Haha
    yes, a dog named Biscuit" (or with no yes, a thing said indefinitely or counted: "A parrot named Kiwi", "Just a
    cat", "Two cats, Luna and Biscuit") → "I have a
    dog named Biscuit"; "Are you in any clubs?" — "Yeah, a chess club" → "I am in a chess club"."""
    said_yes = _opened_with(fragment, DIALOGUE.yes_words) and not _opened_with(fragment, DIALOGUE.answer_negations)
    only = all(t.lower_ in DIALOGUE.answer_only_words or t.is_punct for t in fragment.doc[:fragment.start])  # "Just a …"
    if you is None or not (said_yes or only and (fragment[0].lower_ in ("a", "an") or fragment[0].like_num)):
        return None
    if root.lemma_ == "have":
        return f"I have {_counted(root, fragment, said)}."  # "Do you have any pets?" — "Yes, two cats"
    prep = next((c for c in root.children if c.dep_ == "prep" and c.lower_ == "in" and any(
        g.dep_ == "pobj" and any(d.lower_ == "any" for d in g.children) for g in c.children)), None)
    return f"I am in {said}." if root.lemma_ == "be" and prep is not None else None


def _counted(root: Token, fragment: Span, said: str) -> str:
    """A count answering "how many …" with the names after it takes the question's noun: "How many kids do you
    have?" — "Two, Maya and Arjun" → "two kids, Maya and Arjun" (a bare "Two" names no one: as said, unless it
    counts kin the question asked of: "Do you have kids?" — "Two." → "two kids", whose names may follow)."""
    rest = [t for t in fragment[1:] if not t.is_punct]
    noun = next((c for c in root.children if c.dep_ == "dobj" and any(m.lower_ == "many" for m in c.children)), None)
    if noun is None and all(t.pos_ in ("PROPN", "CCONJ") for t in rest):  # "Do you have kids?" — "Two." (or "Two, Leo
        noun = next((c for c in root.children if c.dep_ == "dobj" and c.tag_ == "NNS" and c.lower_ in OPEN.kin_groups),
                    None)  # and Maya"): a count of the kin asked of, not "One younger sister, Greta"
    if noun is None or not fragment[0].like_num or rest and (rest[0].pos_ == "NOUN" or not any(
            t.pos_ == "PROPN" for t in rest)) or not rest and any(m.lower_ == "many" for m in noun.children):
        return said
    count = len(fragment[0].text)
    return f"{said[:count]} {noun.text}{said[count:]}"


def _restated(sent: Span, fragment: Span) -> bool:
    """A fragment that names again what a yes-no question asks of: "Are you still working as a paralegal?" —
    "Still a paralegal, sadly" (not "A legal secretary now": another answer, nor "Paralegals, mostly": others)."""
    head = fragment.root
    head = next((c for c in head.children if c.dep_ == "pobj"), head) if head.pos_ == "ADP" else head  # "At Hartwell"
    return head.pos_ in ("NOUN", "PROPN") and any(t.i != sent.root.i and t.text == head.text and t.pos_ == head.pos_ for t in sent)


def _opened_with(fragment: Span, words: frozenset[str]) -> bool:
    """One of ``words`` stands in the answer before ``fragment``: "Yes, a dog", "Yep, eight years now"."""
    return any(t.lower_ in words for t in fragment.doc[:fragment.start])


def _how_long(fragment: Span) -> bool:
    """A yes and only how long it has held: "Are you still at Hartwell?" — "Yep, eight years now" / "Yes, since
    2015" (not "Yes, eight cats", not a bare "Eight years": no yes)."""
    named = [t for t in fragment if t.pos_ in ("NOUN", "PROPN")]
    return _opened_with(fragment, DIALOGUE.yes_words) and all(
        t.lemma_ in DIALOGUE.answer_time_nouns for t in named) and (bool(named) or fragment[0].lower_ == "since")


def _unchanged(fragment: Span) -> bool:
    """A yes and that nothing changed: "Are you still in Leeds?" — "Yep, same flat" / "Yeah, still there" (not
    "Yes, a new flat")."""
    return _opened_with(fragment, DIALOGUE.yes_words) and fragment[0].lower_ in DIALOGUE.unchanged_words


def _when(said: Span) -> bool:
    """``said`` is only a time a thing happened at: "last spring", "two weeks ago", "in May" (not a length, a
    start or an end: "eight years now", "since 2015", "until June"; not "now"; not "last spring with Ana")."""
    return _only_a_time(said.text)


def _only_a_time(said: str) -> bool:
    text = said.rstrip(" .!?,").lower()
    return text != "now" and not text.startswith(SINCE_WORDS + UNTIL_WORDS) and resolve_time(
        text, _SOME_DAY) is not None


def time_answer(fragment: Span) -> str | None:
    """The time an answer's fragment gives when it gives only that, its hedge after it cut ("End of June,
    probably" → "End of June"; "Saturday hopefully" → "Saturday"); ``None`` for "Spokane", "for two years"."""
    text = fragment.text.rstrip(" .!?,")
    low = text.lower()
    tail = next((t for t in DIALOGUE.time_answer_tails if low.endswith((f" {t}", f",{t}"))), "")
    text = text[:len(text) - len(tail)].rstrip(" ,") if tail else text
    if fragment[0].lower_ not in MONTH_WORDS and fragment[0].lower_ not in DAY_NAMES:
        text = text[:1].lower() + text[1:]  # "Last May" inside the sentence: "… Leeds last May"
    return text if text and _only_a_time(text) else None


def _done_to_you(sent: Span, wh: Token, said: str) -> str | None:
    """A question of what does something to the answerer, restored with the answer as its subject: "What (else)
    brings you joy?" — "Knitting!": "knitting brings me joy"; "What makes you happy?" — "Long walks": "long walks
    makes me happy" (in the present only; ``None`` for any other question)."""
    root = sent.root
    me = next((c for c in root.children if c.lower_ == "you" and c.dep_ in ("dobj", "dative", "nsubj")), None)
    if wh.lower_ != "what" or wh.dep_ != "nsubj" or wh.head.i != root.i or me is None or root.tag_ not in ("VBZ", "VBP"):
        return None
    words = [said, *("me" if t.i == me.i else word(t) for t in sent if t.i > wh.i and not t.is_punct and t.lower_ != "else")]
    return " ".join(w for w in words if w) + "."


def _timed(sent: Span, when: Token, you: Token, fragment: Span) -> str | None:
    """A when-question to the answerer restored with the time it is answered with: "When did you move to Leeds?"
    — "Last May": "I did move to Leeds last May"; "When do you start at Hartwell?" — "Monday!": "I start at
    Hartwell Monday" (``None`` when the answer is no time alone)."""
    time = time_answer(fragment)
    if time is None:
        return None
    words = ["I", *(word(t) for t in sent if t.i > when.i and t.i != you.i and not t.is_punct and not _dropped_aux(t))]
    return f"{' '.join(w for w in words if w)} {time}."


def _dated(sent: Span, fragment: Span) -> str | None:
    """A yes and when: "Did you ever make it to Oslo?" — "Yes, last spring" / "We did, last spring!": "I did make
    it to Oslo last spring" (``None`` for any fragment that is not only a time, see :func:`_when`)."""
    if not _opened_with(fragment, DIALOGUE.yes_words | DIALOGUE.echoed_verbs) or not _when(fragment):
        return None
    said = affirmed(sent)
    return f"{said[:-1]} {fragment.text.rstrip(' .!?,')}." if said else None


def _done(sent: Span, do: Token, fragment: Span, said: str) -> str | None:
    """What "what do you do …?" is answered with, said with a verb that says it: a pastime after a question
    about free time ("What do you do for fun?", "What do you like to do?" — "Mostly hiking": "I like hiking"),
    a role or a field after one about work ("What do you do for a living?" — "A nurse": "I am a nurse";
    "Accounting": "I work in accounting"; "What does your brother do?" — "A plumber": "My brother is a
    plumber"). ``None`` for a past one-off ("What did you do yesterday?"), an answer that does nothing
    ("Nothing much", "Not much, just work"), or one that is no pastime or field ("Sleep, honestly")."""
    root = sent.root
    if not fragment[0].is_upper:
        said = said[:1].lower() + said[1:]  # "Chess", "Nurse": no names
    subject = next((t for t in root.children if t.dep_ == "nsubj"), None)
    aux = [t for t in (*do.children, *root.children) if t.dep_ == "aux" and t.lemma_ in ("do", "be")]
    heads = _things(fragment.root)
    if subject is None or not aux or aux[0].tag_ == "VBD" or any(t.dep_ == "neg" for t in fragment) or any(
            t.lower_ in DIALOGUE.answer_idle_words for t in heads):
        return None
    if subject.lower_ == "you" or subject.lower_ in DIALOGUE.several_listeners and any(
            c.lower_ == "you" for c in subject.children):  # "you guys"
        who, verbs = "I", ("like", "am")
    elif subject.pos_ == "NOUN" and any(c.lower_ == "your" for c in subject.children):
        who, verbs = _mine(sent.doc[subject.left_edge.i:subject.i + 1]), ("likes", "is")
    else:
        return None
    if do.i != root.i:  # "what do you like to do"
        leisure = do.dep_ == "xcomp" and OPEN.taste_verbs.get(root.lemma_) == "LIKES"
    else:
        leisure = any(p in sent.text.lower() for p in OPEN.leisure_phrases)
    if leisure:
        return f"{who} {verbs[0]} {said}." if all(_pastime(t) for t in heads) else None
    if do.i != root.i or aux[0].lemma_ != "do" or any(
            c.i > subject.i and c.dep_ != "punct" and not _for_work(c) for c in do.children):
        return None  # only "(So) what do you do?", bare or for work: "for a living", "for work"
    head = fragment.root
    if head.pos_ in ("NOUN", "PROPN") and not head.is_upper and head.lemma_.lower() in L.ROLE_HEADS:
        article = "" if any(c.dep_ == "det" for c in head.children) else "an " if said[:1] in "aeiou" else "a "
        return f"{who} {verbs[1]} {article}{said}."  # "A nurse", "Nurse, at the county hospital"
    if who == "I" and (head.tag_ == "NN" or head.i == fragment.start and head.lower_ in L.COMMON_SUBJECT_NOUNS):
        return f"I work in {said}."  # "Accounting", "Nursing", "Marketing" (a capital as the answer's first word)
    return None


def _for_work(tok: Token) -> bool:
    """"for a living", "for work", "professionally": what asks a "what do you do?" about one's work."""
    if tok.dep_ == "prep" and tok.lower_ == "for":
        return any(c.dep_ == "pobj" and c.lemma_ in DIALOGUE.answer_work_words for c in tok.children)
    return tok.lower_ in DIALOGUE.answer_work_words


def _things(tok: Token) -> list[Token]:
    """The things an answer lists, through "lots of", "a bit of": "hiking and a bit of pottery" → hiking, pottery."""
    out = []
    for t in [tok, *tok.conjuncts]:
        pobj = next((g for c in t.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                     if g.dep_ == "pobj"), None)
        out.append(pobj if pobj is not None and t.lower_ in DIALOGUE.answer_amounts else t)
    return out


def _pastime(tok: Token) -> bool:
    """A pastime: an -ing word that does something ("hiking", not "doing"), or a pastime or game noun."""
    lemma = tok.lemma_.lower()
    if tok.lower_.endswith("ing"):  # ("nothing", "something": answer_idle_words)
        return tok.lower_ not in OPEN.light_gerunds
    return lemma in OPEN.pastime_nouns or lemma in L.lexicon_ref("phrase_table.object_classes.game")


def _dropped_aux(tok: Token) -> bool:
    """The "do" of a question ("where do you work"): the statement says "I work"."""
    return tok.dep_ == "aux" and tok.lemma_ == "do" and tok.lower_ != "did"


def _mine(span: Span) -> str:
    text = " ".join(word(t) for t in span)
    return text[:1].upper() + text[1:]
