"""Names NER ran into the date after them ("Mozilla on January 7", "Lisbon June 3-7", "Tom 1990-2001"), cut
back to the name and the date, and names the parser hung on a time after them ("Tucson summer 2016", "Stripe years
ago") made names again (run by :func:`~chronomem.extract.parse.mending.repair`)."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from spacy.tokens import Doc, Span, Token

from chronomem.timeexpr import find_times, resolve_time
from chronomem.timeexpr.words import LICENSED_ONLY, MONTH_WORDS, TIME_PARTS, UNDATED_AGO, WEEKDAYS

_YEAR_TOKEN = re.compile(r"^(?:19|20)\d\d$")
_DATE_PREPS = frozenset({"on", "in"})  # "Mozilla on January 7", "Acme in May 2020"
_SOME_DAY = datetime(2024, 6, 15, tzinfo=timezone.utc)  # any day: whether a phrase names a time at all
#: Words that name a time of their own, which a name NER ran on into may end with ("Tucson Sunday", "Acme jan").
_TIME_NAMES = frozenset(WEEKDAYS) | LICENSED_ONLY
_NOT_NAMES = frozenset({"DATE", "TIME", "EVENT", "CARDINAL"})  # what NER calls a name it ran into a time


def _starts_bare_date(tok: Token, ent: Span) -> bool:
    """Whether a date starts at ``tok`` inside a name with no preposition before it: a month and a day number
    ("Lisbon June 3-7"), or a year and a dash ("Tom 1990-2001"), after a name (not "9 February 2020", a date NER
    called an event)."""
    nxt, before = tok.doc[tok.i + 1], tok.doc[ent.start:tok.i]
    return any(t.is_title and t.is_alpha for t in before) and (
        tok.lower_ in MONTH_WORDS and tok.is_title and nxt.like_num
        or _YEAR_TOKEN.match(tok.text) is not None and nxt.text in ("-", "\u2013"))


def _time_after_name(tok: Token, ent: Span) -> int:
    """The end of the time phrase a name NER ran on into starts at ``tok`` ("Tucson Sunday night", "Tucson
    Christmas 2019", "Ovid Labs jan 2020"), a day, month, season or holiday after the name that, with the words
    after it, is a time the grammar reads; 0 when there is none (not "Sunday Times", "Easter Island")."""
    doc = tok.doc
    if tok.lower_ not in _TIME_NAMES or not all(t.is_title for t in doc[ent.start:tok.i]):
        return 0
    rest = doc[tok.i:min(len(doc), ent.end + 3)]
    found = next((m for m in find_times(rest.text, _SOME_DAY) if m.start == 0), None)
    span = rest.char_span(0, found.end, alignment_mode="expand") if found else None
    return span.end if span is not None and span.end >= ent.end else 0


def repair_dated_names(doc: Doc) -> None:
    """A name NER ran on into a date ("Diego started at Mozilla on January 7, 2022" with "Mozilla on January 7,"
    one organisation; "We visited Lisbon June 3-7", "married to Tom 1990-2001" with no preposition) ends before
    the date (and its preposition), and the date is a date again, with the year NER kept apart ("2022").

    >>> import spacy
    >>> doc = spacy.blank("en")("a job at Mozilla on January 7 , 2022 .")
    >>> doc.ents = [Span(doc, 3, 8, label="ORG"), Span(doc, 8, 9, label="DATE")]
    >>> repair_dated_names(doc)
    >>> [(e.text, e.label_) for e in doc.ents]
    [('Mozilla', 'ORG'), ('January 7 , 2022', 'DATE')]
    """
    ents, cut = list(doc.ents), 0
    out: list[Span] = []
    for n, ent in enumerate(ents):
        at = next((t.i for t in ent if t.i > ent.start and t.i + 1 < ent.end and (
            t.lower_ in _DATE_PREPS and doc[t.i + 1].lower_ in MONTH_WORDS or _starts_bare_date(t, ent))),
            None) if ent.label_ not in ("DATE", "TIME") else None
        timed = 0
        if at is None and ent.label_ not in ("DATE", "TIME"):
            at = next((t.i for t in ent if t.i > ent.start and (timed := _time_after_name(t, ent))), None)
        if at is None:
            if not (out and out[-1].label_ == "DATE" and out[-1].end > ent.start):
                out.append(ent)
            continue
        end = max(ent.end, timed)
        nxt = ents[n + 1] if n + 1 < len(ents) else None
        if nxt is not None and nxt.label_ == "DATE" and nxt.start <= end + 1:
            end = nxt.end  # "…January 7," + "2022"
        since = at + (doc[at].lower_ in _DATE_PREPS)  # the date, after its preposition if any
        while end > since + 1 and doc[end - 1].is_punct:
            end -= 1
        out += [Span(doc, ent.start, at, label=ent.label_), Span(doc, since, end, label="DATE")]
        cut += 1
    if cut:
        doc.ents = out
    for date in (e for e in doc.ents if e.label_ == "DATE"):
        _object_off_date(date)
        _name_off_date(date)
    _names_off_parts_of_time(doc)
    _names_off_undated_times(doc)


def _object_off_date(date: Span) -> None:
    """The object the parser made a compound of a bare date after it is the verb's object again: "I joined Google
    March 2020" ("Google" a compound of "March", itself a modifier of "joined")."""
    verb = date.root.head
    if date.root.dep_ != "npadvmod" or verb.pos_ != "VERB" or any(c.dep_ == "dobj" for c in verb.children):
        return
    for tok in date.root.children:
        if tok.dep_ == "compound" and tok.i == date.start - 1 and tok.pos_ == "PROPN":
            tok.head, tok.dep_ = verb, "dobj"


def _name_off_date(date: Span) -> None:
    """A name the parser made a compound of the date after it, the date taking the name's place as the object of
    the preposition ("moved to Tucson summer 2016", "started at Ovid Labs jan 2020": "Tucson" a compound of
    "summer"), is the object again, and the date hangs on the verb."""
    doc, root = date.doc, date.root
    name = doc[date.start - 1] if date.start else None
    if name is None or name.dep_ != "compound" or name.pos_ != "PROPN" or not date.start <= name.head.i < date.end \
            or root.dep_ not in ("pobj", "dobj") or resolve_time(date.text, _SOME_DAY) is None:
        return
    verb = root.head.head if root.dep_ == "pobj" else root.head
    for tok in date:
        if tok.i != root.i and not date.start <= tok.head.i < date.end:
            tok.head = root  # "mid", "-", "December" each the preposition's object
    _takes_place(name, root, verb)


def _takes_place(name: Token, time: Token, host: Token) -> None:
    """``name`` takes the place the parser gave ``time`` (its head and role), and ``time`` hangs on ``host``."""
    name.head, name.dep_ = time.head, time.dep_
    time.head, time.dep_ = host, "npadvmod"


def _names_off_parts_of_time(doc: Doc) -> None:
    """A name the parser made a compound of a bare part of a time after it ("moving to Spokane end of June",
    "back in San Diego start of May": "Spokane" a compound of "end") is the object again, and the part of the
    time hangs on the verb (not "the end of the road", not "Spokane end of story")."""
    for tok in doc:
        if tok.lower_ not in TIME_PARTS or tok.dep_ not in ("pobj", "dobj") or tok.i + 2 >= len(doc) \
                or doc[tok.i + 1].lower_ != "of" or any(c.dep_ == "det" for c in tok.children):
            continue
        names = [c for c in tok.children if c.dep_ == "compound" and c.i < tok.i]
        if not names or names[-1].i != tok.i - 1 or names[-1].pos_ != "PROPN":
            continue
        of = doc[tok.i + 1]
        if resolve_time(doc[tok.i:of.right_edge.i + 1].text, _SOME_DAY) is None:
            continue
        name, verb = names[-1], tok.head.head if tok.dep_ == "pobj" else tok.head
        for other in names[:-1]:
            other.head = name
        _takes_place(name, tok, verb)


def _undated_before(end: Token) -> int | None:
    """Where the longest undated time that ends at ``end`` ("ago") begins ("years ago", "a long time ago")."""
    doc = end.doc
    return next((s for s in range(max(0, end.i - 3), end.i) if doc[s:end.i + 1].text.lower() in UNDATED_AGO), None)


def _names_off_undated_times(doc: Doc) -> None:
    """A name NER ran into an undated time after it ("I met Dana years ago": "Dana years ago" one date) is cut off
    it, without NER's label for the whole (a date or an event is no name's type); a name the parser made a
    compound of the time ("I joined Stripe years ago", "moved to Tucson ages ago": "Stripe", "Tucson" compounds of
    "years", "ages") is a name again, in the place the time took (the preposition's or the verb's object), and
    the time hangs on its "ago"."""
    for end in [t for t in doc if t.lower_ == "ago" and t.i > 1]:
        start = _undated_before(end)
        name = doc[start - 1] if start else None
        if start is None or name is None or name.pos_ != "PROPN":
            continue
        if any(e.start < start < e.end for e in doc.ents):
            _cut_off_time(doc, start, end.i + 1)
        if name.dep_ == "compound" and start <= name.head.i <= end.i and _name_back(name, start, end):
            for other in doc[max(0, name.i - 3):name.i]:
                if other.dep_ == "compound" and start <= other.head.i <= end.i:
                    other.head = name  # "New York years ago": "New" too


def _name_back(name: Token, start: int, end: Token) -> bool:
    """Hang ``name`` where the time ``name.doc[start:end + 1]`` took its place; whether it could."""
    doc = name.doc
    taken = next((t for t in doc[start:end.i] if t.dep_ in ("pobj", "dobj") and not start <= t.head.i <= end.i), None)
    verb, before = end.head, doc[name.i - 1]
    if taken is not None:  # "to Tucson ages ago": "ages" the object of "to"
        place = taken.head
        host = end if end.head.i != taken.i else place.head if taken.dep_ == "pobj" else place  # (not under its "ago")
        _takes_place(name, taken, host)
    elif before.dep_ == "prep" and not any(c.dep_ == "pobj" for c in before.children):
        name.head, name.dep_ = before, "pobj"
    elif verb.pos_ == "VERB" and not any(c.dep_ == "dobj" for c in verb.children):
        name.head, name.dep_ = verb, "dobj"  # "I joined Stripe years ago"
    else:
        return False
    return True


def _cut_off_time(doc: Doc, start: int, end: int) -> None:
    """NER's spans end before the time ``doc[start:end]`` (a date or an event run into it leaves no label on the
    name: it says nothing of the name's type), and the time is a date."""
    out: list[Span] = []
    for ent in doc.ents:
        if ent.end <= start or ent.start >= end:
            out.append(ent)
        elif ent.start < start and ent.label_ not in _NOT_NAMES:
            out.append(Span(doc, ent.start, start, label=ent.label_))
    doc.ents = sorted([*out, Span(doc, start, end, label="DATE")], key=lambda e: e.start)
