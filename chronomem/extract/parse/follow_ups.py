"""Turns that finish what an earlier turn said, because the listener asked about it in between, restored into the
statement they make (read as an extra piece of the answering turn, as :mod:`~chronomem.extract.parse.answers` does
for a short answer to a question about the answerer):

* a time given to a bare "when?" dates what its speaker said before the question: "We're moving to Tacoma!" —
  "Oh nice, when?" — "In August, hopefully." says "We're moving to Tacoma in August" (:func:`asks_when`);
* a "we" answering a question that asks after one person is that person and the answerer: "How's Leila?" — "Oh,
  we broke up in May." says "Leila and I broke up in May" (:func:`asked_after`).

Which words open such questions and what may follow the name is data (``when_question_*``, ``asked_after_*``
in ``chronomem/data/lexicon/dialogue.json``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING

from chronomem.extract.lexicon import DIALOGUE
from chronomem.extract.parse.answers import answer_fragment, time_answer

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from chronomem.schema.models import Session

#: Parse texts (with NER when the flag says so), as the extractor's pipeline does, with no rules run.
Parse = Callable[[list[str], bool], Iterable["Doc"]]
FIRST_SENTENCE = re.compile(r"[^.!?\n]*[.!?]*")  #: a text's first sentence, as a short answer is said
QUESTIONS = re.compile(r"[^.!?\n]*\?")  #: each question of a text
_SENTENCES = re.compile(r"[^.!?\n]+[.!?]*")
_WORDS = re.compile(r"[A-Za-z]+(?:['\u2019][a-z]+)?")
_WE = re.compile(r"^(?P<open>(?:\W*\w+\W+){0,2}?)(?P<we>we(?:['\u2019](?P<v>re|ve|d|ll))?)\b(?P<rest>.*)$", re.IGNORECASE)


def asks_when(question: str) -> bool:
    """Whether ``question`` (its last sentence) asks only when a thing said before it happens, of nobody named.

    >>> [asks_when(q) for q in ("Oh wow, when?", "When is that happening?", "Congrats!! When's the big day?")]
    [True, True, True]
    >>> [asks_when(q) for q in ("When's your birthday?", "When does Ana land?", "Why?", "So where and when?")]
    [False, False, False, False]
    """
    words = _WORDS.findall(question.split("!")[-1].split(".")[-1])
    lows = [w.lower().replace("\u2019", "'") for w in words]
    at = next((i for i, w in enumerate(lows) if w.split("'")[0] in DIALOGUE.when_question_words), None)
    if at is None or any(w not in DIALOGUE.when_question_openers for w in lows[:at]):
        return False
    rest = words[at + 1:]
    return len(rest) <= DIALOGUE.when_question_length and not any(
        w.lower() in DIALOGUE.when_question_not or w[:1].isupper() for w in rest)


def asked_after(question: str) -> str | None:
    """The name a question (its last sentence) asks after, from its words alone; ``None`` for any other question.

    >>> asked_after("Oh, how's Leila?"), asked_after("How is Tom Reyes doing these days?"), asked_after("And Priya?")
    ('Leila', 'Tom Reyes', 'Priya')
    >>> asked_after("How's work?"), asked_after("How are you?"), asked_after("How's Leila's new job?")
    (None, None, None)
    """
    text = question.split("!")[-1].split(".")[-1].strip().replace("\u2019", "'")
    words = _WORDS.findall(text)
    lows = [w.lower() for w in words]
    i = 0
    while i < len(lows) and lows[i] in DIALOGUE.when_question_openers and not (
            lows[i] == "and" and i + 1 < len(words) and words[i + 1][:1].isupper()):  # ("And Priya?": asks after her)
        i += 1
    lead = next((o for o in sorted(DIALOGUE.asked_after_openers, key=len, reverse=True)
                 if lows[i:i + len(o.split())] == o.split()), None)
    if lead is None:
        return None
    i += len(lead.split())
    name: list[str] = []
    while i < len(words) and words[i][:1].isupper() and "'" not in words[i] and len(name) < 2:
        name.append(words[i])
        i += 1
    tail = " ".join(lows[i:])
    return " ".join(name) if name and (not tail or tail in DIALOGUE.asked_after_tails) else None


def last_statement(turn: str) -> str | None:
    """The last sentence of ``turn`` that says something (three words or more, no question), without its end
    punctuation: what a "when?" after it asks about."""
    said = [s.strip().rstrip(".!,;: ") for s in _SENTENCES.findall(turn) if not s.rstrip().endswith("?")]
    return next((s for s in reversed(said) if len(s.split()) >= 3), None)


def with_asked(answer: str, name: str) -> str | None:
    """The answer's first sentence with its opening "we" said as the person asked after and the answerer.

    >>> with_asked("Oh, we broke up in May.", "Leila"), with_asked("We're moving in together!", "Tom")
    ('Leila and I broke up in May.', 'Tom and I are moving in together!')
    >>> with_asked("She's great, thanks.", "Leila"), with_asked("Not sure we will.", "Leila")
    (None, None)
    """
    m = _WE.match(answer.strip())
    if m is None or any(w.lower() not in DIALOGUE.answer_openers for w in _WORDS.findall(m["open"])):
        return None
    verb = f" {DIALOGUE.we_contractions[m['v'].lower()]}" if m["v"] else ""  # "we're": "… and I are"
    return f"{name} and I{verb}{m['rest']}"


def follow_ups(parse: Parse, group: Sequence[Session], said: Sequence[Sequence[Sequence[str]]], *,
               skip: Collection[str] = ()) -> dict[tuple[int, int], str]:
    """The statements answers restore with what was asked between (see the module docstring), by (session, turn)
    of ``group``; ``said`` holds each turn's pieces, as the extractor cut them; ``skip``: speakers (lower case)
    whose turns are not read (they may ask, but what they answer is not restored)."""
    dated: list[tuple[int, int, str, str]] = []
    after: list[tuple[int, int, str, str]] = []
    for k, session in enumerate(group):
        turns = session.turns
        for n in range(1, len(turns)):
            speaker, asker = turns[n].speaker.strip(), turns[n - 1].speaker.strip()
            questions = QUESTIONS.findall(turns[n - 1].text)
            if not said[k][n] or asker == speaker or not questions or not turns[n - 1].text.rstrip().endswith("?") \
                    or speaker.lower() in skip:  # (an assistant may ask; what it says is not read)
                continue
            first = FIRST_SENTENCE.match(said[k][n][0])
            answer = first.group(0) if first is not None else ""
            if n >= 2 and said[k][n - 2] and turns[n - 2].speaker.strip() == speaker and asks_when(questions[-1]) \
                    and (statement := last_statement(" ".join(said[k][n - 2]))):
                dated.append((k, n, statement, answer))
            elif (name := asked_after(questions[-1])) and name.split()[0].lower() not in (
                    speaker.lower().split() + asker.lower().split()) and (restated := with_asked(answer, name)):
                after.append((k, n, questions[-1], restated))
    out: dict[tuple[int, int], str] = {}
    for (k, n, statement, _), doc in zip(dated, parse([answer for *_, answer in dated], False)):
        fragment = answer_fragment(doc)
        time = time_answer(fragment) if fragment is not None and len(fragment) else None
        if time is not None:
            out[k, n] = f"{statement} {time}."
    for (k, n, _, restated), doc in zip(after, parse([question for *_, question, _ in after], True)):
        name = restated.split(" and I")[0]
        if any(e.label_ == "PERSON" and e.text == name for e in doc.ents):  # "How's Leila?"; not "How's London?"
            out[k, n] = restated
    return out
