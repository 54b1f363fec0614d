"""Who a speaker is, and whom "you" means when nobody is named (:func:`previous_speaker`).

A transcript may label its speakers "Speaker 2" or "user" while the people in it call each other by
name. :func:`speaker_aliases` reads the whole session first and links a name to a speaker on votes:

* a self-introduction, "I'm Nora", "My name is Nora" (:data:`INTRODUCED`);
* being answered to a name: a turn that calls its listener "Nora" ("Nora, you're late") followed by a
  turn of another speaker (one answer may be chance; two are evidence). An answer counts twice by the very
  person who spoke just before the call, when the name is a person's and the turn introduces nobody, and
  in a group to a call to a one-word name that opens the talk; a call right after someone's turn that a
  third person answers is one vote for each; a call that presents someone else ("Nora, this is Pia") none;
* a greeting returned by name: "Hi!" answered by "Hey Nora!" (:data:`GREETED`);
* being presented ("This is my friend Nora", "Everyone, meet Nora") and then greeting as a speaker not
  heard before (:data:`PRESENTED`; in a round of presentations, :data:`GREETED`: :func:`_presentations`);
* calling back by name the one who called you: "Nora! Your keys!" - "Oh, hi Pia!" (:func:`_called_back`).

A name a speaker uses for someone else is not theirs, nor is a short or long form of it ("Jess" for one
who said "Hey Jessica"); a name already linked, or another speaker's label, is left alone; each speaker
gets at most one name, the best supported.

>>> votes = SpeakerVotes()
>>> votes.vote("Speaker 2", "Nora", INTRODUCED)
>>> votes.answered("Speaker 1", "Speaker 3", "Lena"), votes.answered("Speaker 2", "Speaker 3", "Lena")
(None, None)
>>> votes.answered("Speaker 3", "Speaker 1", "Pia")
>>> votes.links({"Speaker 1", "Speaker 2", "Speaker 3"})
{'Speaker 2': 'Nora', 'Speaker 3': 'Lena'}
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from spacy.tokens import Doc, Span, Token

from chronomem.extract.clauses.args import first_name_gender
from chronomem.extract.clauses.hygiene import clean_mention, is_vocative, name_spans
from chronomem.extract.clauses.stance import negated
from chronomem.extract.lexicon import DIALOGUE, NAMES, OTHER_PRONOUNS, TIES
from chronomem.schema.models import normalize_name

INTRODUCED = 3  # "I'm Nora": worth more than any number of chance answers below it
ANSWERED = 1
FOLLOWED = 1  # a call right after a turn of someone else (who does not answer it) may be to them
GREETED = 2  # "Hi!" - "Hey Nora!": a greeting returned by name is as good as two answers
PRESENTED = 1  # "This is my friend Nora." - "Hi!" by someone new: the greeting may be anyone's, as one answer
NEEDED = 2  # votes a link needs
GROUP_CALLS = TIES.group_nouns & OTHER_PRONOUNS  # "everybody", "everyone": a presentation to a group, greeted by any of it

_WORD = re.compile(r"[a-z]+(?:[-'’][a-z]+)*")


@dataclass
class SpeakerVotes:
    """Evidence, name by name, that a speaker goes by a name (see the module docstring)."""

    votes: dict[str, Counter[str]] = field(default_factory=dict)  # name key -> speaker -> votes
    names: dict[str, str] = field(default_factory=dict)  # name key -> the name as written
    callers: dict[str, set[str]] = field(default_factory=dict)  # name key -> speakers who called someone so

    def vote(self, speaker: str, name: str, weight: int) -> None:
        """``weight`` votes that ``speaker`` goes by ``name``: :data:`INTRODUCED` ("I'm Nora"), :data:`FOLLOWED` (someone
        called a person so right after ``speaker``'s turn), :data:`GREETED` (someone greeted ``name`` just after a turn
        of ``speaker``), :data:`PRESENTED` (someone presented ``name``, and ``speaker``, new to the talk, greeted next)."""
        if all(w.endswith(".") for w in name.split()):
            return  # "Hi, Mr. Vale" read as "Mr.": a title is no name
        key = normalize_name(name)
        self.names.setdefault(key, name)
        self.votes.setdefault(key, Counter())[speaker] += weight

    def answered(self, caller: str, answerer: str | None, name: str, *, back: bool = False) -> None:
        """``caller`` called someone ``name``; the next turn, by ``answerer``, may be theirs (``back``: the
        answerer also spoke just before the call, and the name is a person's)."""
        self.spoken_of(caller, name)
        if answerer is not None and answerer != caller:
            self.vote(answerer, name, ANSWERED * (2 if back else 1))

    def spoken_of(self, speaker: str, name: str) -> None:
        """``speaker`` used ``name`` for someone else (called them so, or spoke of them)."""
        self.callers.setdefault(normalize_name(name), set()).add(speaker)

    def _called_so(self, speaker: str, key: str) -> bool:
        """``speaker`` called someone by the name ``key``, or by a longer or shorter form of it ("Jess" and
        "Jessica": a short name is often the first letters of the full one)."""
        return any(speaker in callers and _same_name(key, other) for other, callers in self.callers.items())

    def links(self, speakers: Iterable[str]) -> dict[str, str]:
        """``speaker → name`` for the names with enough evidence, each name and speaker used once."""
        speakers = set(speakers)
        taken = {normalize_name(s) for s in speakers} | {normalize_name(s).split()[0] for s in speakers if s.strip()}
        ranked = []
        for key, counter in self.votes.items():
            if key in taken or key.split()[0] in taken:
                continue
            for speaker, votes in counter.items():
                if speaker in speakers and votes >= NEEDED and not self._called_so(speaker, key):
                    ranked.append((-votes, speaker, key))
        out: dict[str, str] = {}
        used: set[str] = set()
        for _, speaker, key in sorted(ranked):
            if speaker in out or key in used:
                continue
            out[speaker] = self.names[key]
            used.add(key)
        return out


def _same_name(a: str, b: str) -> bool:
    """Two name keys of one person: equal, or a single word that the other's first word starts with.

    >>> _same_name("jess", "jessica"), _same_name("jessica ashley", "jess"), _same_name("al", "alan"), _same_name("nora", "lena")
    (True, True, False, False)
    """
    if a == b:
        return True
    short, full = sorted((a.split()[0] if a else "", b.split()[0] if b else ""), key=len)
    return len(short) >= 3 and full.startswith(short) and (short == a or short == b)


def self_introduction(doc: Doc) -> str | None:
    """The name a turn gives its speaker: "I'm Nora", "Hi, I am Nora Vale", "My name is Nora".

    Not "I'm Nora's sister" (a possessive), "I'm not Nora", nor a name NER does not take for a person.
    """
    return next((name for ent in doc.ents if ent.label_ == "PERSON" and _introduces(ent)
                 and (name := clean_mention(ent.text))), None)


def _introduces(ent: Span) -> bool:
    root = ent.root
    verb = root.head
    if root.dep_ != "attr" or verb.lemma_ != "be" or negated(verb):
        return False
    if ent.end < len(ent.doc) and ent.doc[ent.end].tag_ == "POS":
        return False  # "I'm Nora's sister"
    if any(c.dep_ == "acomp" for c in verb.children):
        return False  # "I'm sorry Nora": said to Nora
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    return subj is not None and (subj.lower_ == "i" or subj.lower_ == "name" and any(
        c.dep_ == "poss" and c.lower_ == "my" for c in subj.children))


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
    the name a turn calls its listener by (:func:`chronomem.extract.rules.people.people.addressee`)."""
    speakers = {s for s, _ in turns}
    if len(speakers) < 2:  # one speaker: nobody to tell apart, but "I'm Maya" still says who speaks
        names = [name for _, docs in turns for doc in docs if (name := self_introduction(doc))]
        return {next(iter(speakers)): names[0]} if len(set(names)) == 1 else {}
    votes = SpeakerVotes()
    for n, ((speaker, docs), shown) in enumerate(zip(turns, _presentations(turns, votes))):
        after = turns[n + 1] if n + 1 < len(turns) else None
        for doc in docs:
            name = self_introduction(doc)
            if name:
                votes.vote(speaker, name, INTRODUCED)
            for ent in doc.ents:  # "I told Nora": the speaker is not Nora
                if ent.label_ == "PERSON" and not is_vocative(ent) and not _introduces(ent) and (
                        spoken := clean_mention(ent.text)):
                    votes.spoken_of(speaker, spoken)
        called = addressee(docs)
        if called:
            answerer = next((s for s, _ in turns[n + 1:n + 2]), None)
            before = next((s for s, _ in reversed(turns[:n]) if s != speaker), None)
            person = _a_person(called, docs) and not _introduces_someone(docs)
            # at the start, a call to a first name goes to the one who answers: nobody spoke before
            # (between two, the other answers whoever was called: no evidence)
            opening = before is None and called.isalpha() and len(speakers) > 2
            back = answerer is not None and (answerer == before or opening) and person
            if person and answerer != speaker and (recalled := _called_back(called, docs, after, addressee)):
                back = True  # "Theo! Your keys!" - "Oh, hi Nina!": the answer calls its caller back by name
                votes.vote(speaker, recalled, ANSWERED)
            # "Nora, this is Pia": the answer may be Pia's
            votes.answered(speaker, answerer if set(shown) <= {called} else None, called, back=back)
            if person and before is not None and before != answerer:
                votes.vote(before, called, FOLLOWED)
            if n and turns[n - 1][0] != speaker and greets(docs, called) and greets(turns[n - 1][1]) and \
                    not addressee(turns[n - 1][1]):
                votes.vote(turns[n - 1][0], called, GREETED)  # "Hi!" - "Hey Nora!": a greeting returned by name
    return votes.links(speakers)


def _presentations(turns: Sequence[tuple[str, Sequence[Doc]]], votes: SpeakerVotes) -> list[list[str]]:
    """The names each turn presents (:func:`presented`, and after a presentation by the same speaker a line that
    only names someone: "And Pia.", "My cousin, Pia."), with votes for a speaker not heard before who greets
    right after: :data:`PRESENTED`, or :data:`GREETED` in a round of presentations by one host when that speaker
    greets after no other one (not the newcomer greeting each) and the host calls no group ("Everyone, this is Pia")."""
    shown: list[list[str]] = []
    host: str | None = None
    for speaker, docs in turns:
        names = presented(docs)
        names += [m for m in _named_alone(docs) if m not in names] if speaker == host else []
        shown.append(names)
        host = speaker if names else host
    greeters = Counter(s for k, names in enumerate(shown) if names for s in {s for s, d in turns[k + 1:k + 3] if greets(d)})
    hosts = Counter(turns[n][0] for n, names in enumerate(shown) if names)
    heard: set[str] = set()  # speakers who have spoken so far
    for n, ((speaker, docs), names) in enumerate(zip(turns, shown)):
        heard.add(speaker)
        new, said = turns[n + 1] if n + 1 < len(turns) else (speaker, [])
        if len(names) == 1 and new not in heard and greets(said):  # "This is my friend Nora." - "Hi!" by someone new
            group = any(t.lower_ in GROUP_CALLS for d in docs for t in d)
            votes.vote(new, names[0], GREETED if hosts[speaker] > 1 and greeters[new] == 1 and not group else PRESENTED)
    return shown


def _named_alone(docs: Sequence[Doc]) -> list[str]:
    """The names of the sentences that only name someone, with at most two words more: "And Pia.", "My cousin, Pia."."""
    out: list[str] = []
    for sent in (s for d in docs for s in d.sents):
        spans = [s for s in name_spans(sent.as_doc()) if s.label_ == "PERSON" or first_name_gender(s.text) or not s[0].ent_type_]
        rest = [t for t in sent if not t.is_punct and not any(s.start <= t.i - sent.start < s.end for s in spans)]
        if len(spans) == 1 and len(rest) <= 2 and all(t.pos_ in ("CCONJ", "PRON", "NOUN", "INTJ") for t in rest) and (
                name := clean_mention(spans[0].text)):
            out.append(name)
    return out


def _called_back(called: str, docs: Sequence[Doc], after: tuple[str, Sequence[Doc]] | None, addressee: Addressee) -> str | None:
    """The name another than ``called`` that the answer opens by calling its listener (after interjections and greetings
    only), to a call that says more than the name and thanks nobody: "Theo! Your keys!" - "Oh, hi Nina!" (not "Theo!" -
    "Nina!", two shouts that may greet two who come in; not "Thanks, Theo. ...", which answers the turn before)."""
    name = addressee(after[1]) if after is not None else None
    if after is None or not name or _same_name(normalize_name(name), normalize_name(called)) or _replies(called, docs):
        return None
    opening = [t for t in next((d for d in after[1] if len(d)), [])[:] if not t.is_punct]
    head = next((k for k, t in enumerate(opening) if t.text == name.split()[0] and t.pos_ == "PROPN"), None)
    lead = NAMES.interjections | DIALOGUE.greetings | DIALOGUE.backchannels
    return name if head is not None and _a_person(name, after[1]) and all(t.lower_ in lead for t in opening[:head]) else None


def _replies(called: str, docs: Sequence[Doc]) -> bool:
    """The call is the name and at most two words, thanks or acknowledges ("Okay Nina, ..."), or is read out in quotes."""
    tok = next((t for d in docs for t in d if t.text == called.split()[0]), None)
    lead = [t for t in tok.doc[tok.sent.start:tok.i] if not t.is_punct] if tok is not None else []
    return tok is None or len([t for d in docs for t in d if not t.is_punct]) - len(called.split()) < 3 or bool(lead) and all(
        t.lower_ in DIALOGUE.backchannels for t in lead) or any(t.text in ('"', "“") for t in tok.doc[:tok.i])


def _a_person(name: str, docs: Sequence[Doc]) -> bool:
    """``name`` is a person's: NER reads it as one in the turn, or its first word is a known first name."""
    return bool(first_name_gender(name)) or any(e.label_ == "PERSON" and name in e.text for d in docs for e in d.ents)


def _introduces_someone(docs: Sequence[Doc]) -> bool:
    """"Nora, this is Will", "Come meet Will": whoever answers may be the one introduced (not "good to
    meet you, Nora": a greeting)."""
    return any(t.lower_ == "meet" and not any(c.dep_ == "dobj" and c.lower_ == "you" for c in t.children)
               or t.lower_ == "this" and t.dep_ == "nsubj" and t.head.lemma_ == "be" for d in docs for t in d)


def greets(docs: Sequence[Doc], name: str | None = None) -> bool:
    """The turn opens with a greeting ("Hi!", "Oh, hey.", "Nice to meet you"); with ``name``, one that
    greets ``name`` ("Hey Nora!", "Hi, Nora, come in")."""
    doc = next((d for d in docs if len(d)), None)
    if doc is None:
        return False
    sent = next(iter(doc.sents))
    words = [t.lower_ for t in sent if not t.is_punct]
    start = 0
    while start < len(words) - 1 and words[start] in NAMES.interjections and words[start] not in DIALOGUE.greetings:
        start += 1  # "oh", "well": "Oh, hi."
    opening = " ".join(words[start:])
    if not any(opening == g or opening.startswith(g + " ") for g in DIALOGUE.greetings):
        return False
    return name is None or name in sent.text and sent.text.rstrip()[-1:] != "?"  # "Hey Nora?" calls her over


def presented(docs: Sequence[Doc]) -> list[str]:
    """The names of those a turn presents to the others: "This is my friend Nora", "That's Nora",
    "Meet my sister Nora", "Say hi to Nora" (not "I'll meet Nora tomorrow", "This is Nora's coat").

    A name is a person's (NER) or a capitalised proper noun NER left out ("This is Pia.").
    """
    out: list[str] = []
    for doc in docs:
        # a proper noun NER gave another label only when it is a known first name ("Pia" as a place)
        spans = [s for s in name_spans(doc) if s.label_ == "PERSON" or not s[0].ent_type_ or first_name_gender(s.text)]
        for span in spans:
            name = clean_mention(span.text) if _presents(span) else None
            if name and name not in out:
                out.append(name)
    return out


def _presents(span: Span) -> bool:
    doc = span.doc
    if span.end < len(doc) and doc[span.end].tag_ == "POS":
        return False  # "This is Nora's coat"
    root = span.root
    while root.dep_ in ("appos", "compound", "conj") and root.head is not root:
        root = root.head  # "my friend Nora", "Nora and Pia"
    verb = root.head.head if root.dep_ == "pobj" else root.head  # "say hi to Nora"
    if verb.pos_ == "INTJ":
        verb = verb.head
    if negated(verb):
        return False
    subj = next((c for c in verb.children if c.dep_ == "nsubj" and not _called_out(c)), None)
    if root.dep_ == "attr" and verb.lemma_ == "be":
        return subj is not None and subj.lower_ in ("this", "that")
    if root.dep_ == "dobj" and verb.lower_ == "meet":
        return verb.tag_ == "VB" and subj is None  # "Meet Nora", not "I'll meet Nora", "you should meet Nora"
    return root.dep_ == "pobj" and root.head.lower_ == "to" and verb.lemma_ == "say" and subj is None


def _called_out(tok: Token) -> bool:
    """A word the parser takes for a subject that calls the listeners: "Everyone, meet Nora"."""
    return tok.i + 1 < len(tok.doc) and tok.doc[tok.i + 1].text == "," and tok.i == tok.sent.start


# ----------------------------------------------------------------------------- whom "you" means
def is_backchannel(text: str) -> bool:
    """A turn that only acknowledges or exclaims ("Yeah.", "Oh, okay!", "Wow."; not "What?" nor "Hey.", which
    answer or greet someone): every word is one of the lexicon's backchannels.

    >>> is_backchannel("Oh, okay!"), is_backchannel("Uh-huh... yeah."), is_backchannel("Okay, you go first.")
    (True, True, False)
    """
    words = _WORD.findall(text.lower().replace("’", "'"))
    if not words:
        return bool(text.strip())  # "...", "?!"
    return all(w in DIALOGUE.backchannels for w in words)


def joint(speaker: str) -> bool:
    """A line said by several speakers at once: ``"Speaker 1, Speaker 2"``."""
    return "," in speaker


def took_it_up(text: str) -> bool:
    """A reply whose speaker says "you" meant them: a yes and the verb said back after "I" and nothing else in
    its first sentence ("Yes, yes I am. And you?", "I did!"; not "I am not", "I did it", "We are").

    >>> took_it_up("Yes, yes I am. And you?"), took_it_up("Oh, I did!"), took_it_up("I am not."), took_it_up("I did it.")
    (True, True, False, False)
    """
    words = _WORD.findall(re.split(r"[.!?]", text.lower(), maxsplit=1)[0])
    while words and (words[0] in DIALOGUE.yes_words or words[0] in DIALOGUE.backchannels):
        words = words[1:]
    return len(words) == 2 and words[0] == "i" and words[1] in DIALOGUE.echoed_verbs


def previous_speaker(turns: Sequence[tuple[str, str]], at: int) -> str | None:
    """The speaker ``you`` means in turn ``at`` of ``(speaker, text)`` turns when no name says it: the next
    speaker when their reply takes it up (:func:`took_it_up`: "You're the new nurse?" — "Yes, I am."), else the latest
    earlier turn by someone else that is not a backchannel (someone chiming in) nor said jointly, else the
    latest earlier backchannel by someone else, else (when nobody spoke before, not even jointly) the first
    later one; a line said jointly is never the listener.

    >>> turns = [("Ana", "You're late again."), ("Ben", "The bus was late."), ("Cy", "Yeah."), ("Ana", "You always are.")]
    >>> previous_speaker(turns, 3), previous_speaker([("Ana", "Hi."), ("Ben", "Yeah.")], 1)
    ('Ben', 'Ana')
    """
    me = turns[at][0].strip().lower()
    answer = turns[at + 1] if at + 1 < len(turns) else None
    if answer is not None and answer[0].strip().lower() != me and not joint(answer[0]) and took_it_up(answer[1]):
        return answer[0].strip()
    fallback: str | None = None
    together = False
    for speaker, text in reversed(turns[:at]):
        name = speaker.strip()
        if name.lower() == me:
            continue
        if joint(name):
            together = True
            continue  # a line said together names nobody
        if not is_backchannel(text):
            return name
        fallback = fallback or name
    if fallback is not None or together:
        return fallback  # only a joint line before: one of its speakers, which one is unknown
    return next((s.strip() for s, _ in turns[at + 1:] if s.strip().lower() != me and not joint(s)), None)
