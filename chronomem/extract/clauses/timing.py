"""Time words: found in a parsed sentence by :func:`time_phrases` (every DATE/TIME span widened to its
preposition, "since 2019", with its role and the clause it dates), resolved against the turn time by
:func:`resolve_when`: a current state starts when said (observed), an event at its time, "just"/"today" at
the turn, and a plan without a date is no fact.

>>> from datetime import datetime, timezone
>>> from chronomem.extract.clauses.records import When
>>> t = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
>>> at, precision, observed = resolve_when(When("start", "two weeks ago"), t)
>>> at.date().isoformat(), precision, observed
('2024-02-27', 'week', False)
>>> resolve_when(When("state"), t) == (t, "day", True)
True
>>> resolve_when(When("start", needs_time=True), t) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone

from spacy.tokens import Doc, Span, Token

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import named_no_time
from chronomem.extract.clauses.filters import clause_status
from chronomem.extract.clauses.records import Rel, When
from chronomem.extract.clauses.tree import verb_above
from chronomem.extract.lexicon import OPEN
from chronomem.schema.models import Precision
from chronomem.timeexpr import find_times_each, resolve, resolve_time, split_range
from chronomem.timeexpr.points import month_dash, spelled_word
from chronomem.timeexpr.words import (
    ADVERB_TIMES,
    COUNTED_PLURALS,
    MONTH_WORDS,
    NUMBER_HEDGES,
    NUMBER_WORDS,
    RANGE_CLOSE,
    RANGE_OPEN,
    RECENTLY_PHRASES,
    SINCE_WORDS,
    TENS_WORDS,
    TIME_PARTS,
    TIME_PREPS,
    TIME_UNIT_WORDS,
    UNTIL_WORDS,
    YEAR_HEADS,
)

_YEAR = re.compile(r"^(?:1[0-9]|20)\d\d$")  # a bare year NER left out ("From 2000 to 2002, …")
# a stretch of time said without "for" ("we've been married 5 years", "I've worked there two years")
_BARE_DURATION = re.compile(rf"^(?:(?:{'|'.join(h.strip() for h in NUMBER_HEDGES)})\s+)?(?:\d+|a|an|a few|a couple(?: of)?|"
                            rf"several|{'|'.join([*NUMBER_WORDS[1:], *TENS_WORDS])})(?:\s+and\s+a\s+half)?\s+"
                            r"(?:days?|weeks?|months?|years?|decades?)(?:\s+now)?$")
_ANAPHORIC = tuple((re.compile(p.replace("{units}", L.lexicon_file("anaphoric_times")["units"])), said)
                   for p, said in L.lexicon_file("anaphoric_times")["rows"])
_EVENT_NAMED_UNITS = frozenset(L.lexicon_file("anaphoric_times")["units"].split("|"))  # "the summer", "the week"
_TRAILING_RELATIVES = frozenset(L.lexicon_file("anaphoric_times")["trailing"])
_RANGE = re.compile(r"^(?:from|between)\s+.+\s+(?:to|and|until|till|through|thru)\s+\S")


@dataclass(frozen=True, slots=True)
class TimePhrase:
    """A time expression in a sentence: its text, role and the head of the clause it modifies."""

    start: int
    end: int
    text: str
    role: str  # point | since | until | for
    anchor: int  # token index of the clause head; -1 when it hangs from no verb

    @property
    def dates(self) -> bool:
        """A point that dates a happening: not "lately", "recently" (with a progressive, "lately I'm writing
        a thesis" is under way, neither a plan nor a happening of last month)."""
        return self.role == "point" and self.text.lower() not in RECENTLY_PHRASES


def clause_head(tok: Token) -> Token:
    """Climb ``xcomp``/``acomp`` links: "stopped using", "started working", "got engaged" share one clause head."""
    while tok.dep_ in ("xcomp", "acomp") and tok.head is not tok:
        tok = tok.head
    return tok


def _anchor(root: Token, lo: int, hi: int) -> int:
    """The clause a time phrase dates; a naming participle dates nothing: "moved to a town called
    Ashby | last spring" dates the move."""
    tok = root
    for _ in range(64):
        if tok.head is tok:
            return clause_head(tok).i if tok.pos_ in ("VERB", "AUX") else -1
        tok = tok.head
        if lo <= tok.i < hi or tok.dep_ == "acl" and tok.tag_ == "VBN" and tok.lemma_.lower() in OPEN.naming_words:
            continue
        if tok.pos_ in ("VERB", "AUX"):
            return clause_head(tok).i
    return -1


def _role(words: str) -> str:
    if _RANGE.match(month_dash(words)):  # "from May to July", "May-July 2021"
        return "range"
    if words.startswith(SINCE_WORDS):
        return "since"
    if words.startswith(UNTIL_WORDS):
        return "until"
    if words.startswith("for ") and not words.startswith(("for now", "for the moment")):
        return "for"
    return "point"


# Two instants half a year apart: only where the phrases are counts here, and a phrase one of them cannot place
# (said in June, "between May and July" is not over yet) the other can.
_DETECT_AT = (datetime(2000, 6, 15, 12, tzinfo=timezone.utc), datetime(2000, 12, 20, 12, tzinfo=timezone.utc))
_NUMBER_LABELS = frozenset({"CARDINAL", "QUANTITY", "MONEY", "PERCENT"})  # a number NER read is no date ("3.8")


def _counts_time(number: Span) -> bool:
    """Whether a number NER labelled counts units of time after it: "2 wks ago", "two summers ago" (a date), not
    "Python 3.8"."""
    doc = number.doc
    return number.end < len(doc) and (spelled_word(doc[number.end].lower_) in TIME_UNIT_WORDS
                                      or doc[number.end].lower_ in COUNTED_PLURALS)  # "two Christmases ago"


def _grammar_spans(sent: Span, covered: set[int]) -> list[tuple[int, int, Token]]:
    """Time phrases the time grammar reads that NER left out ("the summer before last"), as token spans
    touching no ``covered`` token (a span already found, a version, a number NER labelled);
    one grammar for every time word."""
    out = []
    text = list(sent.text)
    for i in covered:  # what is already read is blanked (offsets kept): most turns then name no time left
        if sent.start <= i < sent.end:
            tok = sent.doc[i]
            lo = tok.idx - sent.start_char
            text[lo:lo + len(tok.text)] = " " * len(tok.text)
    found = {(m.start, m.end) for found_at in find_times_each("".join(text), _DETECT_AT) for m in found_at}
    for lo, hi in sorted(found):
        if any(a <= lo and hi <= b and (a, b) != (lo, hi) for a, b in found):
            continue  # the longer phrase is read
        span = sent.char_span(lo, hi, alignment_mode="expand")
        if span is None or any(i in covered for i in range(span.start, span.end)):
            continue
        out.append((span.start, span.end, span.root))
    return out


def _widened(sent: Span, spans: list[tuple[int, int, Token]], ents: list[Span], blocked: set[int]) \
        -> list[tuple[int, int, Token]]:
    """NER dates in a longer phrase the grammar reads give way to it: counted from another time ("the Monday after
    Thanksgiving"), or with words NER left out ("half a year ago", NER: "a year ago"; "fall 2020", "between May and
    July", "the 80's"); not over a part of a time ("start of May": the month, not May 1), nor joining NER dates."""
    doc = sent.doc
    if not spans:
        return spans

    def longer(g: tuple[int, int, Token]) -> bool:
        inside = [(lo, hi) for lo, hi, _ in spans if g[0] <= lo and hi <= g[1] and g[1] - g[0] > hi - lo]
        if any(hi < g[1] and doc[hi].lower_ in ("before", "after") for lo, hi in inside):
            return True
        if len(inside) != 1 or sum(e.start < g[1] and g[0] < e.end for e in ents) > 1:
            return False
        lo, hi = inside[0]
        return not any(t.lower_ in TIME_PARTS for t in doc[g[0]:lo]) \
            and all(t.dep_ == "case" or t.lower_ == "ago" for t in doc[hi:g[1]])

    longer_spans = [g for g in _grammar_spans(sent, blocked) if longer(g)]  # (not over "3.9 to 3.10", a version)
    return longer_spans + [s for s in spans if not any(g[0] <= s[0] and s[1] <= g[1] for g in longer_spans)]


def _joined_at_of(doc: Doc, spans: list[tuple[int, int, Token]]) -> list[tuple[int, int, Token]]:
    """Two dates NER cut at "of" are one: "the fall of" + "2020", "the summer of" + "'19"."""
    out: list[tuple[int, int, Token]] = []
    for lo, hi, root in sorted(spans, key=lambda s: s[0]):
        if out and out[-1][1] == lo and doc[lo - 1].lower_ == "of":
            out[-1] = (out[-1][0], hi, out[-1][2])
        else:
            out.append((lo, hi, root))
    return out


def _after_version_range(doc: Doc, start: int, end: int) -> int:
    """Skip "14 to 15" at the front of a date NER ran into it ("from 14 to 15 last month" → "last month"),
    unless a unit or month follows ("5 to 10 days ago", "14 to 15 May" are times)."""
    i = start
    if not (i + 2 < end and doc[i].like_num and doc[i + 1].lower_ in ("to", "-", "–") and doc[i + 2].like_num):
        return start
    nxt = doc[i + 3].lower_ if i + 3 < end else ""
    if any(_YEAR.match(doc[j].text) for j in (i, i + 2)) or nxt in TIME_UNIT_WORDS or nxt in MONTH_WORDS:
        return start
    if not nxt:  # the span is "14 to 15" alone: a time only when a month or unit follows it, or nothing does
        after = doc[end] if end < len(doc) else None
        if after is None or after.is_punct or after.lower_ in TIME_UNIT_WORDS or after.lower_ in MONTH_WORDS:
            return start
    return i + 3


def time_phrases(sent: Span, ents: list[Span]) -> list[TimePhrase]:
    """The time expressions of ``sent`` (``ents`` are the doc's DATE/TIME spans in it)."""
    doc = sent.doc
    in_term = {i for t in doc._.cm_terms or () for i in range(t.start, t.end)}  # "PostgreSQL 14 last month"
    spans = []
    for e in ents:
        start = e.start
        while start < e.end and (start in in_term or named_no_time(doc[start], e)):
            start += 1  # "PostgreSQL 14 last month", "Moderna a few days ago"
        start = _after_version_range(doc, start, e.end)
        end = e.end
        while end > start and (named_no_time(doc[end - 1], e) or doc[end - 1].text in (":", "—", ",")):
            end -= 1  # "on March 30, 2023: Emma"
        some = any(c.dep_ == "det" and c.lower_ in L.UNSAID_TIME_DETERMINERS and c.i < e.start for c in e.root.children)
        if start < end and not some:  # (not "every other Tuesday": how often; "on a Tuesday": no day said)
            spans.append((start, end, e.root if start <= e.root.i < end else doc[end - 1]))
    numbers = {i for e in doc.ents if e.label_ in _NUMBER_LABELS and not _counts_time(e)
               for i in range(e.start, e.end)}  # "Python 3.8"; not "2 wks (ago)"
    spans = _widened(sent, _joined_at_of(doc, spans), ents, in_term | numbers)
    covered = {i for e in ents for i in range(e.start, e.end)}
    spans += [(t.i, t.i + 1, t) for t in sent if t.i not in covered and (  # the year first: the test that most words fail
        (low := t.lower_) in ADVERB_TIMES or _YEAR.match(year := spelled_word(low)) and (t.tag_ == "CD" or year != low)
        and t.head.lower_ in YEAR_HEADS)]  # "in 2019", "in 2k19", "in 2015ish"
    people = [(e.start, e.end) for e in doc.ents if e.label_ == "PERSON"]
    spans += [s for s in _grammar_spans(sent, covered | in_term | numbers | {i for lo, hi, _ in spans for i in range(lo, hi)})
              if not any(lo <= s[0] and s[1] <= hi for lo, hi in people)]  # "June" alone may be a person, "last Tues" not
    out: list[TimePhrase] = []
    for ent_start, ent_end, root in sorted(spans, key=lambda s: s[0]):
        if _named_by_event(doc, ent_start, ent_end, root) or _names_a_thing(doc[ent_end - 1], ent_start, ent_end):
            continue  # "the summer after I graduated": no date the words give (alone, "the summer" was last summer)
        if ent_end < sent.end and doc[ent_end].lower_ in _TRAILING_RELATIVES and (
                ent_end + 1 == sent.end or doc[ent_end + 1].is_punct):
            ent_end += 1  # "I moved the weekend before.", "I quit the day after": said of another time
        start = ent_start - (ent_start > sent.start and doc[ent_start - 1].lower_ == "that" and doc[ent_start - 1].dep_ == "det")
        while start - 1 >= sent.start and doc[start - 1].lower_ in TIME_PREPS and start > ent_start - 3 \
                and not _verb_of_clause(doc[start - 1]):
            start -= 1
        text = doc[start:ent_end].text
        low = text.lower()
        if out and out[-1].text.lower().startswith(RANGE_OPEN) and (  # one range: "from 1929" + "to 1962", or
                out[-1].end == start and out[-1].role == "since" and (low.startswith(RANGE_CLOSE) or (
                    doc[start].lower_ in ("and", "-", "–") and start + 1 < ent_end))
                or out[-1].end == start - 1 and start > sent.start and doc[start].lower_ not in TIME_PREPS
                and doc[start - 1].lower_ in ("and", "to")):  # "between 1968" "and" "1998"
            prev = out.pop()
            out.append(replace(prev, end=ent_end, text=doc[prev.start:ent_end].text, role="range"))
            continue
        if out and out[-1].role == "for" and out[-1].end == start and low.startswith(UNTIL_WORDS) \
                and split_range(doc[out[-1].start:ent_end].text):
            prev = out.pop()  # "for six years" + "until 2020": one stretch, from six years before its end
            out.append(replace(prev, end=ent_end, text=doc[prev.start:ent_end].text, role="range"))
            continue
        role = "for" if root.dep_ in ("npadvmod", "appos") and _BARE_DURATION.match(low) else _role(low)  # "married 5 years"
        phrase = TimePhrase(start, ent_end, text, role, _anchor(root, start, ent_end))
        out.append(_till_clause(phrase, doc, out[-1] if out else None))
        if out[-1].role == "range" and len(out) > 1 and out[-2].start == out[-1].start:
            del out[-2]
    return out


def anaphoric(phrase: str) -> str | None:
    """The phrase a time said relative to another time becomes when read at that time (``anaphoric_times.json``), or
    ``None`` for a time said relative to when it is said.

    >>> anaphoric("the weekend before"), anaphoric("Two years later"), anaphoric("the next day"), anaphoric("last week")
    ('last weekend', 'in two years', 'tomorrow', None)
    """
    low = " ".join(phrase.lower().split())
    return next((m.expand(said) for pattern, said in _ANAPHORIC if (m := pattern.match(low))), None)


def relative_when(when: When, said_at: datetime, reference: datetime | None) -> tuple[When, datetime]:
    """``when``, and the time to read it at: a time said relative to another (:func:`anaphoric`) is read at
    ``reference`` (the time of the last dated fact said just before) and gives no date without one; any other at
    ``said_at``."""
    shifted = anaphoric(when.phrase) if when.phrase else None
    if shifted is None:
        return when, said_at
    return replace(when, phrase=shifted if reference else "", role="point"), reference or said_at


def _named_by_event(doc: Doc, start: int, end: int, root: Token) -> bool:
    """A stretch of time named by an event it comes before or after, or in which something happened: "the summer
    after I graduated", "the week before my wedding", "the year my son was born", "the winter we met" (a bare unit,
    with no deictic word: "the day after tomorrow" and "last summer before the move" date themselves)."""
    if any(t.lower_ != "the" and t.lower_ not in _EVENT_NAMED_UNITS for t in doc[start:end]):
        return False
    after = doc[end] if end < len(doc) else None
    return after is not None and after.lower_ in ("after", "before") and end + 1 < len(doc) and not doc[end + 1].is_punct \
        or any(c.dep_ in ("relcl", "acl") and c.i >= end for c in root.children)


def _names_a_thing(last: Token, start: int, end: int) -> bool:
    """Whether a time word is part of a name after it ("at Sunday Times", "at Summer Lane Bakery") or a person's
    name that owns a thing ("at May's place"), not a time: no date."""
    if last.pos_ != "PROPN" or last.head.i < end:
        return False
    return last.dep_ == "compound" and last.head.pos_ == "PROPN" or last.dep_ == "poss" and end - start == 1 \
        and last.lower_ in MONTH_WORDS


def _verb_of_clause(tok: Token) -> bool:
    """"starting"/"beginning" that is the verb of its own clause ("he's starting in September": a subject or an
    auxiliary of its own) is no time preposition: the time dates that clause, said as it is."""
    return tok.pos_ in ("VERB", "AUX") and any(c.dep_ in ("nsubj", "nsubjpass", "aux") for c in tok.children)


def _till_clause(phrase: TimePhrase, doc: Doc, prev: TimePhrase | None) -> TimePhrase:
    """A time of a clause opened by "until"/"till" is when the clause it hangs on ended: "I lived in Ely until we
    moved in 2001" → "until 2001" of "lived"; after a "from" of that clause, one range ("from 1962 till the mill
    closed in 1979" → "from 1962 until 1979")."""
    verb = doc[phrase.anchor] if phrase.anchor >= 0 else None
    if verb is None or phrase.role != "point" or verb.dep_ != "advcl" or not any(
            c.dep_ == "mark" and c.lower_ in UNTIL_WORDS for c in verb.children):
        return phrase
    bare = doc[phrase.start + 1:phrase.end].text if doc[phrase.start].lower_ in TIME_PREPS else phrase.text
    anchor = clause_head(verb.head).i
    if prev is not None and prev.role == "since" and prev.anchor == anchor and prev.text.lower().startswith(RANGE_OPEN):
        return replace(prev, end=phrase.end, text=f"{prev.text} until {bare}", role="range")
    return replace(phrase, text=f"until {bare}", role="until", anchor=anchor)


def resolve_when(when: When, turn_at: datetime) -> tuple[datetime, Precision, bool] | None:
    """``(at, precision, observed)`` for a relation's time words said at ``turn_at``; ``None`` means no fact."""
    if when.phrase:
        phrase, prefer = when.phrase, when.prefer
        if when.role == "for":  # "for three years" (perfect) → began three years ago; "for the past three years"
            phrase = (phrase.removeprefix(phrase[:4]) if phrase[:4].lower() == "for " else phrase).removesuffix(" now")
            phrase += "" if phrase.lower().startswith(("the past ", "the last ")) else " ago"
            prefer = "past"
        point = resolve_time(phrase, turn_at, prefer=prefer)  # type: ignore[arg-type]
        if point is not None:
            if point.precision == "day" and point.at.date() == turn_at.date():
                return turn_at, "day", False  # "today", "starting today", "this morning"
            return point.at, point.precision, False
    if when.needs_time:
        return None
    if when.fresh:
        return turn_at, "day", False
    if when.vague:
        return turn_at, "unknown", True
    return turn_at, "day", True


def resolve_event(when: When, turn_at: datetime) -> tuple[datetime, datetime, str] | None:
    """``(start, end, granularity)`` of a happening said at ``turn_at``: the interval its phrase names
    (a day, a weekend, a month…), or the day it was said ("I just signed up"); ``None`` when the phrase
    names no closed interval or contradicts the clause (a plan in the past, a happening to come).

    >>> from datetime import timezone
    >>> said = datetime(2023, 5, 25, 13, tzinfo=timezone.utc)
    >>> start, end, granularity = resolve_event(When("event", "last Saturday"), said)
    >>> start.date().isoformat(), end.date().isoformat(), granularity
    ('2023-05-20', '2023-05-21', 'day')
    >>> resolve_event(When("event", "next month", prefer="future"), said)[2]
    'month'
    >>> resolve_event(When("event", "next month"), said) is None  # "went … next month": misread
    True
    """
    planned = when.prefer == "future"
    if not when.phrase:
        if not when.fresh:
            return None
        day = datetime(turn_at.year, turn_at.month, turn_at.day, tzinfo=turn_at.tzinfo)
        return day, day + timedelta(days=1), "day"
    span = resolve(when.phrase, turn_at, tense="future" if planned else "past")
    if span is None or span.start is None or span.end is None or span.role not in ("point", "range"):
        return None
    said = turn_at.astimezone(timezone.utc).date()
    if (planned and span.end <= said) or (not planned and span.start > said):
        return None
    start, end = span.start_at(), span.end_at()
    assert start is not None and end is not None
    return start, end, span.granularity


_HOLDING_TENSES = frozenset({"present", "perfect", "perfect_progressive"})


def dated_states(rels: list[Rel], sent: Span, times: list[TimePhrase]) -> list[Rel]:
    """States read as holding now (``When("state")``) take the start of their token's clause when it is present
    or perfect with a "since" or "for" phrase: "I've had my dogs for three years" (the pets of "my dogs")
    began three years ago, not when it was said."""
    spans = [t for t in times if t.role in ("since", "for") and t.anchor >= 0]
    if not spans:
        return rels
    doc = sent.doc
    out = []
    for rel in rels:
        if rel.when == _STATE and sent.start <= rel.i < sent.end:
            verb = verb_above(doc[rel.i])
            t = None if verb is None else next((t for t in spans if t.anchor == clause_head(verb).i), None)
            if t is not None and verb is not None and clause_status(verb).tense in _HOLDING_TENSES:
                rel = replace(rel, when=When("start", t.text, t.role, prefer="past"))
        out.append(rel)
    return out


_STATE = When("state")
