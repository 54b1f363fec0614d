"""``SpacyRuleExtractor``: facts with validity intervals from chat transcripts, no LLM.

How it reads a session (details in the modules named):

* spaCy (``en_core_web_sm`` 3.8) parses every turn once, in one ``nlp.pipe`` over all turns;
  ``chronomem_gazetteer_v1`` adds names NER misses (Postgres → PostgreSQL, with versions:
  "Postgres 14" → "PostgreSQL 14") and ``chronomem_relations_v1`` applies the filters and
  rules per sentence (:mod:`~chronomem.extract.parse.pipeline`, :mod:`~chronomem.extract.rules.engine`).
* A short answer with no verb of its own after a question to its speaker ("Where do you live?" —
  "Portland.") is also read restored, as "I live in Portland" (:mod:`~chronomem.extract.parse.answers`).
* What is no fact (questions, hedges, modals, negation; "no longer" and "used to" are endings):
  :mod:`~chronomem.extract.clauses.filters`; time words and the turn time: :mod:`~chronomem.extract.clauses.timing`
  (an ending without a date is at the turn time with precision ``unknown``).
* Switches ("upgraded Postgres from 13 to 14") end the old value and assert the new one at the same
  time (:mod:`~chronomem.extract.rules.verbs.switches`); "I joined Plaid, not Stripe" is a ``correct``
  claim, and "sorry, I meant Plaid" corrects the latest matching claim
  (:mod:`~chronomem.extract.resolution.corrections`).
* Choices: a job "at Google in Zurich" is WORKS_AT with ``{"location": "Zurich"}`` plus a
  weaker (0.6), observed LIVES_IN Zurich; "works on billing" and "the billing team" are one
  GROUP "billing team"; pets are HAS_PET only with a name ("my dog Rex"); "we" is the GROUP
  ``session.metadata["we"]``, else the speaker (never the group id); the speaker's unnamed relatives are named
  from the speaker ("user's mom") when a fact is said of them, also through a later "she"; someone else's
  ("her mom") gets no entity, and a "she" after them is left unresolved rather than pinned on someone named earlier.

>>> from datetime import datetime, timezone
>>> from chronomem.schema import Session, Turn
>>> t = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
>>> session = Session(session_id="s1", started_at=t, turns=[Turn(speaker="user", text="I moved to Vancouver last week.")])
>>> result = SpacyRuleExtractor().extract(session)
>>> [(c.statement, c.kind, c.at.date().isoformat(), c.at_precision, c.observed) for c in result.claims]
[('user lives in Vancouver', 'assert', '2024-03-05', 'week', False)]
"""

from __future__ import annotations

import functools
import logging
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from chronomem.extract.lexicon import DIALOGUE, lexicon_file
from chronomem.extract.parse.disfluency import normalize_chat
from chronomem.extract.parse.gazetteer import Gazetteer, load_gazetteer
from chronomem.extract.parse.truecase import truecase
from chronomem.schema.models import ExtractionResult, Session, Turn
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

DEFAULT_SKIP_SPEAKERS = tuple(lexicon_file("dialogue")["assistant_speakers"])
log = logging.getLogger(__name__)


def speaker_names(session: Session, skip: Iterable[str] = DEFAULT_SKIP_SPEAKERS) -> dict[str, str]:
    """Lower-cased speaker name → the name as the session writes it (assistants left out).

    >>> from datetime import datetime, timezone
    >>> from chronomem.schema import Session, Turn
    >>> s = Session(session_id="s", started_at=datetime(2024, 1, 1, tzinfo=timezone.utc),
    ...             turns=[Turn(speaker="user", text="hi"), Turn(speaker="assistant", text="hello")])
    >>> speaker_names(s)
    {'user': 'user'}
    """
    skipped = {x.lower() for x in skip}
    return {t.speaker.strip().lower(): t.speaker.strip() for t in session.turns
            if t.speaker.strip() and t.speaker.strip().lower() not in skipped}
_BREAK = re.compile(r"(?<=[.!?\n])\s+")
_WORD = re.compile(r"[a-z']+")


def _polar(question: str, answer: str) -> str:
    """"Are you still in Leeds?" — "Yes": ``"yes"``, a yes to a question that opens with a verb, by its words alone;
    — "Nope, not anymore": ``"no"``, a no to such a question that asks whether something *still* holds; else ``""``.

    >>> _polar("Are you still in Leeds?", "Yeah, I love it."), _polar("Are you still in Leeds?", "Yes, but not for long.")
    ('yes', '')
    >>> _polar("Do you work at Hulu?", "I do!"), _polar("Do you work at Hulu?", "I do not.")
    ('yes', '')
    >>> _polar("Do you still paint?", "Not anymore, sadly."), _polar("Do you paint?", "No."), _polar("Still in Leeds?", "No")
    ('no', '', '')
    """
    said = _WORD.findall(answer.lower())
    if not said or not _yes_no(question):
        return ""
    taken_back = set(said[1:4]) & set(DIALOGUE.take_back_words)  # "Yeah. Oh no wait, …", "Yes, but not now"
    opening = " ".join(said[:3])
    if said[0] in DIALOGUE.yes_words or said[0] in ("i", "we") and said[1:2] and said[1] in DIALOGUE.echoed_verbs:
        return "" if taken_back else "yes"  # ("I do!": the question's own verb echoed)
    denied = any(opening == d or opening.startswith(d + " ") for d in DIALOGUE.denials)
    still = "still" in _WORD.findall(question.lower()) and not {"still", *DIALOGUE.yes_words} & set(said[1:5])
    return "no" if denied and still else ""  # ("No, I'm still there": not denied)


def _spelled_out(question: str) -> str:
    """``question`` with the words chat drops before it ("Still in Leeds?" → "Are you still in Leeds?",
    ``dropped_question_openers``), stripped.

    >>> _spelled_out(" Still at Hulu?"), _spelled_out("You still climbing?"), _spelled_out("Still no news?")
    ('Are you still at Hulu?', 'Are you still climbing?', 'Still no news?')
    """
    said = question.strip()
    low = said.lower()
    if _confirm_tagged(low):
        return said  # "You still live in Leeds, right?": a whole statement, with a tag
    for dropped, full in DIALOGUE.dropped_question_openers.items():
        if low.startswith(dropped + " ") and low[len(dropped) + 1:].split(" ", 1)[0] not in DIALOGUE.answer_negations:
            return full + said[len(dropped):]
    return said


def _yes_no(question: str) -> bool:
    """"Are you still in Leeds?": a question that opens with a verb (not "Do you have any hobbies?": a yes names none)."""
    asked = [w for w in _WORD.findall(question.lower()) if w not in DIALOGUE.polar_openers]
    auxiliaries = DIALOGUE.polar_auxiliaries | DIALOGUE.third_person_auxiliaries  # ("Is Nell still at Hartwell?")
    return bool(asked) and (asked[0] in auxiliaries or asked[0] in ("you", "you're") and _confirm_tagged(
        question.lower())) and "any" not in asked


def _confirm_tagged(question: str) -> bool:
    """"you live in leeds, right?", "you're a nurse, aren't you?": a statement with a tag asking to confirm it
    (``confirm_tags``)."""
    head, comma, tag = question.replace("’", "'").rpartition(",")
    return bool(comma and head.strip()) and " ".join(_WORD.findall(tag)) in DIALOGUE.confirm_tags


def _groups(sessions: Iterable[Session], turns: int) -> Iterator[list[Session]]:
    """``sessions`` in order, in groups of at least ``turns`` turns (the last one may hold fewer)."""
    group: list[Session] = []
    held = 0
    for session in sessions:
        group.append(session)
        held += len(session.turns)
        if held >= turns:
            yield group
            group, held = [], 0
    if group:
        yield group


@dataclass
class _Job:
    session: Session
    resolver: Any
    expected: int = 0
    seen: int = 0
    fed: bool = False
    docs: dict[int, list] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return self.fed and self.seen == self.expected


class SpacyRuleExtractor:
    """Extracts entities, mentions and temporal claims from sessions with spaCy and rules.

    spaCy loads lazily on first use (once per process and model). ``extract_many`` runs one
    ``nlp.pipe`` over all turns of all sessions and yields ``(session, result)`` in input order.
    Claims are not extracted from turns whose speaker is one of ``skip_speakers`` (an
    assistant's paraphrases are not the user's facts); their names still count as mentions.
    Turns longer than ``max_turn_chars`` are cut there (at a whitespace), and processed in
    pieces of at most ``chunk_chars``.
    """

    def __init__(
        self,
        *,
        vocabulary: Vocabulary | None = None,
        gazetteer: dict[str, list[str]] | None = None,
        batch_size: int = 256,
        model: str | None = None,
        skip_speakers: Iterable[str] = DEFAULT_SKIP_SPEAKERS,
        max_turn_chars: int = 20_000,
        chunk_chars: int = 4_000,
        raise_errors: bool = False,
    ) -> None:
        if batch_size < 1:
            raise ValueError("batch_size must be at least 1")
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.gazetteer_entries = dict(gazetteer or {})
        self.gazetteer: Gazetteer = load_gazetteer(self.gazetteer_entries)
        self.batch_size = batch_size
        self.model = model
        self.skip_speakers = frozenset(s.strip().lower() for s in skip_speakers)
        self.max_turn_chars = max(1, max_turn_chars)
        self.chunk_chars = max(200, chunk_chars)
        self.raise_errors = raise_errors
        self._nlp: Language | None = None

    @property
    def nlp(self) -> Language:
        """The spaCy pipeline (loaded on first use)."""
        if self._nlp is None:
            from chronomem.extract.parse.pipeline import load_pipeline
            from chronomem.extract.rules.engine import RELATIONS_PIPE

            pipes = ((RELATIONS_PIPE, (("raise_errors", self.raise_errors),)),)
            self._nlp = load_pipeline(self.gazetteer, model=self.model, pipes=pipes)
        return self._nlp

    def factory(self) -> Callable[[], SpacyRuleExtractor]:
        """A picklable callable that builds an equal extractor (for worker processes)."""
        return functools.partial(
            SpacyRuleExtractor, vocabulary=self.vocabulary, gazetteer=self.gazetteer_entries, batch_size=self.batch_size,
            model=self.model, skip_speakers=tuple(sorted(self.skip_speakers)), max_turn_chars=self.max_turn_chars,
            chunk_chars=self.chunk_chars, raise_errors=self.raise_errors,
        )

    def extract(self, session: Session) -> ExtractionResult:
        """Entities, mentions and claims of one session."""
        for _, result in self.extract_many([session]):
            return result
        raise AssertionError("extract_many yielded nothing")  # pragma: no cover

    def chunks(self, text: str) -> list[str]:
        """The pieces of a turn's text that go through spaCy (none for blank text).

        A turn typed all in lower case is cased first (:func:`~chronomem.extract.parse.truecase.truecase`),
        then chat spelling the parser does not know is written out: "startin' my biz" → "starting
        my biz" (:func:`normalize_chat`).
        """
        if not text or not text.strip():
            return []
        text = normalize_chat(truecase(text, self.gazetteer))
        if len(text) > self.max_turn_chars:
            cut = text.rfind(" ", 0, self.max_turn_chars)
            text = text[: cut if cut > self.max_turn_chars // 2 else self.max_turn_chars]
        if len(text) <= self.chunk_chars:
            return [text]
        out: list[str] = []
        current = ""
        for piece in _BREAK.split(text):
            while len(piece) > self.chunk_chars:  # one enormous "sentence"
                cut = piece.rfind(" ", 0, self.chunk_chars)
                cut = cut if cut > self.chunk_chars // 2 else self.chunk_chars
                if current:
                    out.append(current)
                    current = ""
                out.append(piece[:cut])
                piece = piece[cut:].lstrip()
            if current and len(current) + 1 + len(piece) > self.chunk_chars:
                out.append(current)
                current = ""
            current = f"{current} {piece}" if current else piece
        if current.strip():
            out.append(current)
        return out

    def extract_many(self, sessions: Iterable[Session]) -> Iterator[tuple[Session, ExtractionResult]]:
        """Extract every session with one ``nlp.pipe`` over all turns; results in input order."""
        from chronomem.extract.parse.pipeline import ANSWERED_KEY, SPEAKERS_KEY
        from chronomem.extract.resolution.session import SessionResolver

        nlp = self.nlp
        pending: deque[_Job] = deque()

        def feed() -> Iterator[tuple[Doc, tuple[_Job, int]]]:
            for group in _groups(sessions, self.batch_size):  # the short answers of a group parsed in one batch
                said = [[self.chunks(turn.text) for turn in session.turns] for session in group]
                restored = self._restored(group, said)
                for k, session in enumerate(group):
                    job = _Job(session, SessionResolver(session, self.vocabulary, skip_speakers=self.skip_speakers))
                    pending.append(job)
                    speakers = speaker_names(session, self.skip_speakers)
                    for turn_no, pieces in enumerate(said[k]):
                        answer = restored.get((k, turn_no), [])
                        pieces = answer + pieces  # the restored statement goes first
                        job.expected += len(pieces)
                        for j, piece in enumerate(pieces):
                            doc = nlp.make_doc(piece)
                            doc.user_data[SPEAKERS_KEY] = speakers  # "Karl replaced user as lead": a speaker by name
                            if answer and j == len(answer):
                                doc.user_data[ANSWERED_KEY] = answer[0]  # the answer, as said, after its restoring
                            yield doc, (job, turn_no)
                    job.fed = True

        for doc, (job, turn_no) in nlp.pipe(feed(), as_tuples=True, batch_size=self.batch_size):
            job.docs.setdefault(turn_no, []).append(doc)
            job.seen += 1
            while pending and pending[0].complete:
                yield self._finish(pending.popleft())
        while pending:
            yield self._finish(pending.popleft())

    def _restored(self, group: list[Session], said: list[list[list[str]]]) -> dict[tuple[int, int], list[str]]:
        """The statements short answers to the question before them make ("Where do you work?" — "At a bakery":
        "I work at a bakery"), by (session, turn) of ``group`` (``said``: each turn's pieces, as chunks() gave
        them), as extra pieces of their turns. The answers, then the questions of those that are a fragment, are
        parsed each in one batch, with no more than the parse."""
        from chronomem.extract.parse.answers import answer_fragment, restore, said_after
        from chronomem.extract.parse.follow_ups import QUESTIONS, follow_ups
        from chronomem.extract.parse.pipeline import GAZETTEER_PIPE
        from chronomem.extract.rules.engine import RELATIONS_PIPE

        light = [RELATIONS_PIPE, *(p for p in ("ner", GAZETTEER_PIPE) if p in self.nlp.pipe_names)]  # the parse only
        asked = [(k, n, found) for k, session in enumerate(group) for n in range(1, len(session.turns))
                 if said[k][n] and said[k][n - 1]
                 and (found := self._short_answer(session.turns[n - 1], session.turns[n], said[k][n][0]))]
        fragments = []
        for (k, n, (_, polar)), doc in zip(asked, self.nlp.pipe([first for *_, (first, _) in asked], disable=light)):
            fragment = doc[:0] if polar == "no" else answer_fragment(doc, lambda cut: self.nlp(cut, disable=light))
            last = QUESTIONS.findall(said[k][n - 1][-1])  # (none when a very long turn was cut before its question)
            if fragment is not None and (len(fragment) or polar) and last:  # (a bare yes: to a question it affirms)
                fragments.append((k, n, fragment, _spelled_out(last[-1]), polar == "no"))
        questions = self.nlp.pipe([question for *_, question, _ in fragments], disable=light)
        out: dict[tuple[int, int], list[str]] = {}
        for (k, n, fragment, _, denied), question in zip(fragments, questions):
            if restored := restore(question, fragment, group[k].turns[n].speaker, denied=denied):
                after = said_after(fragment) if len(fragment) else None  # "Denver, moved there last year"
                out[k, n] = [restored, after] if after else [restored]
        for key, piece in follow_ups(lambda texts, ner: self.nlp.pipe(texts, disable=light[:1] if ner else light),
                                     group, said, skip=self.skip_speakers).items():
            out.setdefault(key, [piece])  # "Oh, when?" - "In June": what was said before it, dated
        return out

    def _short_answer(self, asked: Turn, turn: Turn, first: str) -> tuple[str, str] | None:
        """The first sentence of ``first`` (the first piece of ``turn``) and the yes or no it may say to a question
        that opens with its verb (:func:`_polar`), when it may be a short answer to the question ``asked`` said to
        its speaker by another; ``None`` when it surely is none: the cheap look, by words, before any parse."""
        from chronomem.extract.parse.answers import MAX_ANSWER_WORDS, past_thanks
        from chronomem.extract.parse.follow_ups import FIRST_SENTENCE, QUESTIONS

        question = asked.text.rstrip()
        first = past_thanks(first)  # "Thanks, Ana! Yes, I do."
        said = FIRST_SENTENCE.match(first)
        asking = [_spelled_out(q) for q in QUESTIONS.findall(question)]
        words = set(_WORD.findall(asking[-1].lower().replace("'", " '"))) if asking else set()  # "what's"
        to_you = bool(words & {"you", "your"})  # "what does your brother do?", "what's your favorite book?"
        polar = _polar(asking[-1], first) if asking else ""
        if not question.endswith("?") or asked.speaker.strip() == turn.speaker.strip() or not (to_you or polar == "yes") \
                or not (words & set(DIALOGUE.answer_question_words) or words & set(DIALOGUE.when_question_words)
                        or "have" in words or _yes_no(asking[-1])) \
                or said is None or len(said.group(0).split()) > 3 * MAX_ANSWER_WORDS:  # ("Denver, moved there …")
            return None  # most turns are no short answer to a question to their speaker
        if asked.speaker.strip().lower() in self.skip_speakers or turn.speaker.strip().lower() in self.skip_speakers:
            return None
        return said.group(0), polar

    def _finish(self, job: _Job) -> tuple[Session, ExtractionResult]:
        job.resolver.link_speakers(job.docs)
        for turn_no, turn in enumerate(job.session.turns):
            try:
                job.resolver.add_turn(turn_no, turn, job.docs.pop(turn_no, []))
            except Exception:  # as the rules do: one odd turn must not stop an ingest of thousands of sessions
                if self.raise_errors:
                    raise
                log.warning("chronomem: resolving turn %s of session %s failed; it yields no facts", turn.id,
                            job.session.session_id, exc_info=True)
        return job.session, job.resolver.result()
