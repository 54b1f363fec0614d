"""What the spaCy components leave on a ``Doc`` for the session-level resolver.

The components work on one turn without context: they say *who* in words (a name, "I",
"we", "she", "there") and *when* in words ("last week", "since 2019"). The extractor turns
these into entity ids and datetimes with the session and turn at hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

# Arg kinds: a named entity, the turn's speaker ("I"), the speaker's group ("we"),
# a third-person pronoun ("she"), "there" (the place mentioned last), a person without a
# name ("my mom": a pronoun after it must not jump to someone named earlier), or the value
# the subject last had for a predicate ("I quit in May": the employer named before), or
# something of the subject's that has no name ("I have two dogs": named "<subject>'s dogs").
ENTITY, SPEAKER, WE, PRONOUN, THERE, UNNAMED, LAST = "entity", "speaker", "we", "pronoun", "there", "unnamed", "last"
OWNED = "owned"
MINE = "mine"  # the speaker's unnamed relative as a subject: "my kids love nature" → "<speaker>'s kids"
YOU = "you"  # the person spoken to: in a chat, the last other speaker
GROUP_YOU = "group_you"  # "you" in a chat of three or more (resolved like YOU, only in a group)
GROUP_PRONOUN = "group_pronoun"  # he/she in a chat of three or more (resolved like a pronoun, only in a group)
GROUP_NAME = "group_name"  # a named person praised in a chat of three or more
CALLED = "CALLED"  # a YOU's type: the listener only in a chat of two or when the turn calls them by name ("our mom")
KIN_CALLED = "KIN_CALLED"  # a YOU's type: the listener a kin word calls ("Hi Mum!"), the word its name
ASKED = "ASKED"  # an UNNAMED one's type: the listener's relative a question asks of ("How's your sister?")
# Not a predicate of the vocabulary: "Her name is Luna" said of a pet or partner of turns before, whom the session
# knows (chronomem.extract.resolution.later_names)
NAMED = "NAMED"

# How strongly an entity's type is known: gazetteer > rule that used it > NER > bare proper noun.
GAZETTEER, RULE, NER, GUESS = 3, 2, 1, 0


@dataclass(frozen=True, slots=True)
class Arg:
    """One side of a relation, as written."""

    kind: str
    i: int = -1
    name: str = ""
    type: str = "OTHER"
    strength: int = GUESS
    gender: str = ""
    aliases: tuple[str, ...] = ()
    label: str = ""  # the NER label when NER found it; "ORG" for gazetteer products that are also employers

    def typed(self, type_: str, strength: int = RULE) -> Arg:
        """This argument with ``type_`` when the rule knows better than what found it."""
        if self.kind != ENTITY or self.strength >= GAZETTEER or (self.type == type_ and self.strength >= strength):
            return self
        return replace(self, type=type_, strength=max(self.strength, strength))

    def with_gender(self, gender: str) -> Arg:
        return self if not gender or self.gender else replace(self, gender=gender)

    def other_than(self, other: Arg) -> bool:
        """Someone else than ``other``: another kind of argument, or an entity of another name."""
        return self.kind != other.kind or self.kind == ENTITY and self.name != other.name


@dataclass(frozen=True, slots=True)
class When:
    """The time words of a relation, resolved later against the turn time.

    ``mode`` is ``state`` (holds now), ``start`` (began at the phrase's time), ``end``, or ``event``
    (a happening that holds over the phrase's own interval: :mod:`chronomem.extract.happenings`).
    ``fresh`` marks "just", "now", "today": the change happened when it was said.
    ``vague`` marks endings known only to precede the turn ("used to", "no longer"); ``plain`` one read from a bare
    past alone ("I was a nurse"), kept only for the states of a life (``life_states``).
    ``needs_time`` marks plans: without a resolvable date they are not recorded.
    ``until`` is the end of a stated range: the rule's relation starts at ``phrase`` and ends there.
    """

    mode: str = "state"
    phrase: str = ""
    role: str = "point"  # point | since | for | until
    prefer: str = "past"
    fresh: bool = False
    vague: bool = False
    plain: bool = False
    needs_time: bool = False
    until: str = ""  # a range's end ("from 1984 to 1995"): the relation also ends then


@dataclass(slots=True)
class Rel:
    """A candidate claim: ``subject predicate obj`` with its time words."""

    predicate: str
    subject: Arg
    obj: Arg
    when: When
    kind: str = "assert"  # assert | end | correct
    replaces: Arg | None = None
    confidence: float = 0.9
    qualifiers: dict[str, str] = field(default_factory=dict)
    i: int = 0  # the token the rule fired on (keeps output in text order)


def holds(predicate: str, subject: Arg, obj: Arg, i: int, confidence: float = 0.6,
          qualifiers: dict[str, str] | None = None) -> Rel:
    """``subject predicate obj`` as a state that holds now (no time words), read at token ``i``."""
    return Rel(predicate, subject, obj, When("state"), "assert", None, confidence, dict(qualifiers or {}), i)


def timed(predicate: str, subject: Arg, obj: Arg, when: When, i: int, confidence: float = 0.9,
          qualifiers: dict[str, str] | None = None) -> Rel:
    """``subject predicate obj`` with the time words ``when``: an ending when they end it, else an assertion."""
    return Rel(predicate, subject, obj, when, "end" if when.mode == "end" else "assert", None, confidence,
               dict(qualifiers or {}), i)


def held(ended: bool) -> When:
    """The time words of a state said with none: holding now, or (``ended``) held once, over at no known time."""
    return When("end", vague=True) if ended else When("state")


@dataclass(frozen=True, slots=True)
class Hint:
    """A correction that needs the session's history: "sorry, I meant Plaid", "it was Plaid, not Stripe"."""

    new: Arg
    old: Arg | None
    i: int
    same_speaker: bool = True
