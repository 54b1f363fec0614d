"""Who a speaker is: the name a conversation calls a speaker by, when the transcript labels them otherwise.

A transcript may label its speakers "Speaker 2" or "user" while the people in it call each other
by name. :func:`speaker_aliases` reads the whole session first and links a name to a speaker on
evidence of two kinds:

* a self-introduction: "I'm Nora", "Hi, I'm Nora Vale", "My name is Nora" (the speaker is Nora);
* being answered to a name: a turn that calls its listener "Nora" ("Nora, you're late", "Thanks,
  Nora!") followed by a turn of another speaker: that speaker is probably Nora. One such answer
  may be chance (the speaker answering is someone else); two are evidence. So is one answer by
  the very person who spoke just before the call, when the name is a person's (NER says so, or it
  is a known first name) and the turn introduces nobody ("Chandler, this is Will" is answered by
  Will): the call went back to the one it answered, who answers again.

A name a speaker uses to call someone, or speaks of as someone else, is not that speaker's own
name; a name already linked to one speaker is not linked to another; and a name that is another
speaker's label, or the first word of one, is left alone (the resolver already knows it). Each
speaker gets at most one name: the best supported one.

>>> votes = SpeakerVotes()
>>> votes.introduced("Speaker 2", "Nora")
>>> votes.answered("Speaker 1", "Speaker 3", "Lena"), votes.answered("Speaker 2", "Speaker 3", "Lena")
(None, None)
>>> votes.answered("Speaker 3", "Speaker 1", "Pia")
>>> votes.links({"Speaker 1", "Speaker 2", "Speaker 3"})
{'Speaker 2': 'Nora', 'Speaker 3': 'Lena'}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span

from chronomem.extract.args import first_name_gender
from chronomem.extract.hygiene import clean_mention, is_vocative
from chronomem.schema.models import normalize_name

INTRODUCED = 3  # "I'm Nora": worth more than any number of chance answers below it
ANSWERED = 1
NEEDED = 2  # votes a link needs


@dataclass
class SpeakerVotes:
    """Evidence, name by name, that a speaker goes by a name (see the module docstring)."""

    votes: dict[str, Counter[str]] = field(default_factory=dict)  # name key -> speaker -> votes
    names: dict[str, str] = field(default_factory=dict)  # name key -> the name as written
    callers: dict[str, set[str]] = field(default_factory=dict)  # name key -> speakers who called someone so

    def _vote(self, speaker: str, name: str, weight: int) -> None:
        key = normalize_name(name)
        self.names.setdefault(key, name)
        self.votes.setdefault(key, Counter())[speaker] += weight

    def introduced(self, speaker: str, name: str) -> None:
        """``speaker`` said "I'm ``name``"."""
        self._vote(speaker, name, INTRODUCED)

    def answered(self, caller: str, answerer: str | None, name: str, *, back: bool = False) -> None:
        """``caller`` called someone ``name``; the next turn, by ``answerer``, may be theirs (``back``: the
        answerer also spoke just before the call, and the name is a person's)."""
        self.spoken_of(caller, name)
        if answerer is not None and answerer != caller:
            self._vote(answerer, name, ANSWERED * (2 if back else 1))

    def spoken_of(self, speaker: str, name: str) -> None:
        """``speaker`` used ``name`` for someone else (called them so, or spoke of them)."""
        self.callers.setdefault(normalize_name(name), set()).add(speaker)

    def links(self, speakers: Iterable[str]) -> dict[str, str]:
        """``speaker → name`` for the names with enough evidence, each name and speaker used once."""
        speakers = set(speakers)
        taken = {normalize_name(s) for s in speakers} | {normalize_name(s).split()[0] for s in speakers if s.strip()}
        ranked = []
        for key, counter in self.votes.items():
            if key in taken or key.split()[0] in taken:
                continue
            for speaker, votes in counter.items():
                if speaker in speakers and votes >= NEEDED and speaker not in self.callers.get(key, ()):
                    ranked.append((-votes, speaker, key))
        out: dict[str, str] = {}
        used: set[str] = set()
        for _, speaker, key in sorted(ranked):
            if speaker in out or key in used:
                continue
            out[speaker] = self.names[key]
            used.add(key)
        return out


def self_introduction(doc: Doc) -> str | None:
    """The name a turn gives its speaker: "I'm Nora", "Hi, I am Nora Vale", "My name is Nora".

    Not "I'm Nora's sister" (a possessive), "I'm not Nora", nor a name NER does not take for a person.
    """
    for ent in doc.ents:
        if ent.label_ != "PERSON" or not _introduces(ent):
            continue
        name = clean_mention(ent.text)
        if name:
            return name
    return None


def _introduces(ent: Span) -> bool:
    root = ent.root
    verb = root.head
    if root.dep_ != "attr" or verb.lemma_ != "be" or any(c.dep_ == "neg" for c in verb.children):
        return False
    if ent.end < len(ent.doc) and ent.doc[ent.end].tag_ == "POS":
        return False  # "I'm Nora's sister"
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subj is None:
        return False
    if subj.lower_ == "i":
        return True
    return subj.lower_ == "name" and any(c.dep_ == "poss" and c.lower_ == "my" for c in subj.children)


def name_keys(links: dict[str, str]) -> dict[str, str]:
    """``name key → speaker`` for ``speaker → name`` links; a full name's first word names the speaker too.

    >>> name_keys({"Speaker 1": "Nora Vale", "Speaker 2": "Lena"})
    {'nora vale': 'Speaker 1', 'nora': 'Speaker 1', 'lena': 'Speaker 2'}
    """
    out: dict[str, str] = {}
    for speaker, name in links.items():
        key = normalize_name(name)
        out[key] = speaker
        out.setdefault(key.split()[0], speaker)
    return out


Addressee = Callable[[Sequence[Doc]], "str | None"]


def speaker_aliases(turns: Sequence[tuple[str, Sequence[Doc]]], addressee: Addressee) -> dict[str, str]:
    """``speaker → name`` for a session's turns (``(speaker, docs)`` in order); ``addressee(docs)`` gives
    the name a turn calls its listener by (:func:`chronomem.extract.people.addressee`)."""
    speakers = {s for s, _ in turns}
    if len(speakers) < 2:
        return {}  # one speaker: nobody to tell apart
    votes = SpeakerVotes()
    for n, (speaker, docs) in enumerate(turns):
        for doc in docs:
            name = self_introduction(doc)
            if name:
                votes.introduced(speaker, name)
            for ent in doc.ents:  # "I told Nora": the speaker is not Nora
                if ent.label_ == "PERSON" and not is_vocative(ent) and not _introduces(ent) and (
                        spoken := clean_mention(ent.text)):
                    votes.spoken_of(speaker, spoken)
        called = addressee(docs)
        if called:
            answerer = next((s for s, _ in turns[n + 1:n + 2]), None)
            before = next((s for s, _ in reversed(turns[:n]) if s != speaker), None)
            back = answerer is not None and answerer == before and _a_person(called, docs) and not _introduces_someone(docs)
            votes.answered(speaker, answerer, called, back=back)
    return votes.links(speakers)


def _a_person(name: str, docs: Sequence[Doc]) -> bool:
    """``name`` is a person's: NER reads it as one in the turn, or its first word is a known first name."""
    return bool(first_name_gender(name)) or any(e.label_ == "PERSON" and name in e.text for d in docs for e in d.ents)


def _introduces_someone(docs: Sequence[Doc]) -> bool:
    """"Nora, this is Will", "Come meet Will": whoever answers may be the one introduced (not "good to
    meet you, Nora": a greeting)."""
    return any(t.lower_ == "meet" and not any(c.dep_ == "dobj" and c.lower_ == "you" for c in t.children)
               or t.lower_ == "this" and t.dep_ == "nsubj" and t.head.lemma_ == "be" for d in docs for t in d)
