"""Per-session resolution: speakers, "we", pronouns, "there", entity types, times and corrections.

The spaCy components describe each turn in words; :class:`SessionResolver` reads the turns in
order and turns those words into entities, mentions and claims:

* "I"/"my"/"me" → the entity named exactly as the turn's speaker; "we"/"our"/"us" → a GROUP
  entity named ``session.metadata["we"]``, else the speaker (their household or couple);
* "he"/"she"/"his"/"her" → the most recent person mentioned in the last few turns whose
  gender is unknown or matches (never the turn's own speaker); "there" → the last place;
* an entity's type is the strongest evidence seen in the session: gazetteer, then the rule
  that used it, then NER;
* "sorry, I meant Plaid" / "it was Plaid, not Stripe" → a ``correct`` claim for the most
  recent matching claim of the session (:mod:`~chronomem.extract.resolution.corrections`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache, partial
from itertools import takewhile

from spacy.tokens import Doc

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.args import first_named
from chronomem.extract.clauses.hygiene import resolved_name
from chronomem.extract.clauses.records import (
    ASKED,
    CALLED,
    ENTITY,
    GAZETTEER,
    GROUP_NAME,
    GROUP_PRONOUN,
    GROUP_YOU,
    KIN_CALLED,
    LAST,
    MINE,
    NAMED,
    OWNED,
    PRONOUN,
    RULE,
    SPEAKER,
    THERE,
    UNNAMED,
    WE,
    YOU,
    Arg,
    Hint,
    Rel,
)
from chronomem.extract.clauses.timing import relative_when, resolve_event, resolve_when
from chronomem.extract.resolution import later_names as ties
from chronomem.extract.resolution.corrections import add_hint
from chronomem.extract.resolution.gone_pets import gone_pet
from chronomem.extract.resolution.later_names import OWNED_SEP, UNNAMED_KEY, name_given, partner_named, unnamed_partner
from chronomem.extract.resolution.listener import someone_else_called, speaks_to_several
from chronomem.extract.resolution.speaker_names import name_keys, previous_speaker, speaker_aliases
from chronomem.extract.resolution.statements import statement, without_title_guesses
from chronomem.extract.rules.people.people import addressee
from chronomem.schema.models import Claim, Entity, ExtractionResult, Mention, Session, Source, Turn, entity_id, normalize_name
from chronomem.schema.vocabulary import Vocabulary

PRONOUN_WINDOW = 3  # turns back a pronoun may reach
# keys of ones unnamed: UNNAMED_KEY + gender: a person mentioned without a name (+ owner key and noun: the speaker's
# relative; + "PET": the speaker's unnamed pet; + "PARTNER": one the speaker dates, for a later naming only; + ASKED:
# the listener's relative a question asks of, whom only the listener's answer right after it may mean)


@dataclass(slots=True)
class _Ent:
    name: str
    type: str
    strength: int
    aliases: list[str] = field(default_factory=list)
    gender: str = ""


@dataclass(frozen=True, slots=True)
class _Said:
    claim: Claim
    speaker: str
    turn_no: int
    subject: str  # entity keys
    obj: str


class SessionResolver:
    """Collects one session's entities, mentions and claims, turn by turn (in order)."""

    def __init__(self, session: Session, vocabulary: Vocabulary, *, skip_speakers: frozenset[str] = frozenset()) -> None:
        self.session = session
        self.group, self.vocabulary, self.skip_speakers = session.group_id, vocabulary, skip_speakers
        we = session.metadata.get("we") if isinstance(session.metadata, dict) else None
        # "we" is the team named in the metadata; without one, the speaker (and their household), never the group id
        self.we_name: str | None = str(we).strip() if we is not None and str(we).strip() else None
        self.entities: dict[str, _Ent] = {}
        self.claims: list[Claim] = []
        self.mentions: list[Mention] = []
        self._claim_ids: set[str] = set()
        self._mention_keys: set[tuple[str, str]] = set()
        self.history: list[_Said] = []
        self.persons: list[tuple[int, int, str]] = []  # (turn_no, token, key)
        self.kin_groups: list[tuple[int, str, str, int]] = []  # (turn_no, owner, noun, count) (later_names.group_named)
        self.named: dict[str, str] = {}  # an unnamed one's key -> the name given them later (later_names.name_given)
        self._places: list[tuple[int, int, str]] = []
        speakers = {t.speaker.strip().lower() for t in session.turns} - set(skip_speakers)
        self.group_chat = len(speakers) >= 3  # "you" may be any of several: a vocative names the listener
        self._addressed: Callable[[], str | None] = lambda: None  # the name the current turn addresses its listener by
        self._to_several: Callable[[], bool] = lambda: False  # the current turn speaks to several ("you guys")
        self._kin_called: dict[str, str] = {}  # in a group chat: a kin word said to the listener -> whom it first meant
        self._alias_of: dict[str, str] = {}  # a name's key -> the speaker it names ("Nora" -> "Speaker 2")
        self._said, self._turn_at = [(t.speaker, t.text) for t in session.turns], {id(t): n for n, t in enumerate(session.turns)}

    def link_speakers(self, docs: dict[int, list[Doc]]) -> None:
        """Read the whole session once for the names its speakers go by (:mod:`chronomem.extract.resolution.speaker_names`):
        a later "Nora" is then the speaker "Speaker 2", who gets "Nora" as an alias."""
        turns = [(t.speaker.strip(), docs.get(n, [])) for n, t in enumerate(self.session.turns)
                 if t.speaker.strip() and t.speaker.strip().lower() not in self.skip_speakers]
        links = speaker_aliases(turns, addressee)
        self._alias_of = name_keys(links)
        for speaker, name in links.items():
            self._register(speaker, "PERSON", GAZETTEER + 1, (name,))

    # ------------------------------------------------------------------ entities
    def _register(self, name: str, type_: str, strength: int, aliases: tuple[str, ...] = (), gender: str = "") -> str:
        key = normalize_name(name)
        speaker = self._alias_of.get(key) if type_ in ("PERSON", "OTHER") else None
        if speaker is not None and normalize_name(speaker) != key:  # "Nora" is the speaker "Speaker 2"
            return self._register(speaker, "PERSON", GAZETTEER + 1, (name, *aliases), gender)
        ent = self.entities.get(key)
        if ent is None:
            self.entities[key] = _Ent(name, type_, strength, list(aliases), gender)
            return key
        if strength > ent.strength and type_ != ent.type:
            ent.type, ent.strength = type_, strength
        ent.strength = max(ent.strength, strength)
        known = {normalize_name(a) for a in (ent.name, *ent.aliases)}
        ent.aliases += [a for a in aliases if normalize_name(a) not in known]
        if gender and not ent.gender:
            ent.gender = gender
        return key

    def _listener(self, turn: Turn) -> str | None:
        """The person a turn speaks to: the one it names ("Ross, you're my best friend"; between two, a name of no speaker's), else
        the speaker :func:`~chronomem.extract.resolution.speaker_names.previous_speaker` gives, if no assistant ("Thanks, Mel!"),
        unless in a group the turn speaks to several (:func:`~chronomem.extract.resolution.listener.speaks_to_several`)."""
        if (at := self._turn_at.get(id(turn))) is None:
            return None
        me, addressed = turn.speaker.strip().lower(), self._addressed()
        if addressed is not None and addressed.lower() != me and (self.group_chat or self._speaker_named(
                addressed) is None and someone_else_called(addressed, {s for s, _ in self._said})):
            return addressed  # (between two, a name that is no speaker's: "Bo, you're my best friend!")
        name = None if self.group_chat and addressed is None and self._to_several() else previous_speaker(self._said, at)
        return None if name is None or name.lower() in self.skip_speakers else name

    def _speaker_named(self, name: str) -> str | None:
        """The session's speaker ``name`` is, or is the first name of ("Mel" → "Melanie" is not one)."""
        low = name.strip().lower()
        speakers = ((t.speaker.strip(), t.speaker.lower().split()[:1]) for t in self.session.turns)
        return self._alias_of.get(normalize_name(name)) or next((s for s, first in speakers if low in (s.lower(), *first)), None)

    def speaker_key(self, turn: Turn) -> str:
        """The key of the turn's speaker ("Ana" → "ana"), registered as a person."""
        return self._register(turn.speaker, "PERSON", GAZETTEER + 1)

    def resolve(self, arg: Arg, turn: Turn, refs: dict[int, str]) -> str | None:
        if arg.kind == SPEAKER:
            return self.speaker_key(turn)
        if arg.kind == MINE:
            return self._owned(arg, self.speaker_key(turn))
        if arg.kind == WE:
            return self.speaker_key(turn) if self.we_name is None else self._register(self.we_name, "GROUP", GAZETTEER + 1)
        if arg.kind in (GROUP_PRONOUN, GROUP_NAME, GROUP_YOU) and not self.group_chat:
            # "he's cute", "Tomas is sweet", "love you!" between two people: no impression, only in a group
            # (chronomem.extract.rules.people.impressions)
            return None
        if arg.kind in (PRONOUN, THERE, GROUP_PRONOUN):
            key = refs.get(arg.i)
            if key is not None and key.startswith(UNNAMED_KEY):  # (a partner not named yet is no one to say facts of)
                return self.named.get(key) or (None if key.endswith(OWNED_SEP + "PARTNER") else self._relative(key))
            return key
        if arg.kind in (YOU, GROUP_YOU):
            listener = self._listener(turn) if arg.type != CALLED or not self.group_chat or self._addressed() else None
            if listener is None or arg.type == KIN_CALLED and self.group_chat and \
                    self._kin_called.setdefault(arg.name, listener) != listener:
                return None  # "Hi Mum!" to another than the one a speaker before called so: whose mum is unclear
            speaker = self._speaker_named(listener)
            return self._register(speaker or listener, "PERSON", GAZETTEER + 1 if speaker else RULE)
        name = resolved_name(arg)
        if not name:
            return None  # "Yep", "Congrats": not a name
        return self._register(name, arg.type, arg.strength, arg.aliases, arg.gender)

    def _mention(self, turn: Turn, key: str | None) -> None:
        assert turn.id is not None  # a validated session's turns have ids
        if key is not None and (turn.id, key) not in self._mention_keys:
            self._mention_keys.add((turn.id, key))
            self.mentions.append(Mention(turn_id=turn.id, entity_id=entity_id(self.group, self.entities[key].name)))

    def _antecedent(self, pool: list[tuple[int, int, str]], turn_no: int, i: int, gender: str, exclude: str) -> str | None:
        for n in range(len(pool) - 1, -1, -1):
            t_no, t_i, key = pool[n]
            if (t_no, t_i) >= (turn_no, i) or key == exclude:
                continue
            if turn_no - t_no > PRONOUN_WINDOW:
                return None
            if key.startswith(UNNAMED_KEY):  # an unnamed person ("my mom"): the pronoun means them
                said_gender, _, owned = key[1:].partition(OWNED_SEP)
                if gender and (said_gender or gender == L.THIRD_PERSON["they"]) and said_gender != gender:
                    continue  # ("they": only people said in the plural, "my parents")
                if owned.endswith((OWNED_SEP + "PET", OWNED_SEP + "PARTNER")) and self._antecedent(
                        pool[:n], turn_no, i, gender, exclude) not in (None, key):
                    return None  # "Tom saw my dog. He ...": Tom or the dog
                if owned.endswith(OWNED_SEP + ASKED) and (not owned.startswith(exclude + OWNED_SEP) or turn_no > 1 + min(
                        t for t, _, k in pool if k == key)):
                    return None  # "How's your sister?" — "She's great": hers in the answer, by the one asked
                return key if owned else None  # the speaker's relative: named when a fact needs them
            ent = self.entities[key]
            if gender == L.THIRD_PERSON["they"] or gender and ent.gender and ent.gender != gender:
                continue
            return key
        return None

    def _relative(self, key: str) -> str:
        """The entity of the unnamed relative or pet ``key`` stands for ("<speaker>'s sister"), registered now."""
        owner, _, noun = key[1:].partition(OWNED_SEP)[2].partition(OWNED_SEP)
        noun, _, pet = noun.partition(OWNED_SEP)
        found = self._owned(Arg(MINE, -1, noun, "PET" if pet == "PET" else "PERSON"), owner)
        assert found is not None  # (the owner is a registered speaker)
        return found

    # ------------------------------------------------------------------ turns
    def add_turn(self, turn_no: int, turn: Turn, docs: list[Doc]) -> None:
        """Resolve one turn (its text may come as several docs when it was long)."""
        skip = turn.speaker.strip().lower() in self.skip_speakers
        if not skip and any(m.kind == SPEAKER for d in docs for m in (d._.cm_mentions or ())):
            self.speaker_key(turn)  # a turn that says "I" names its speaker first
        self._addressed, self._to_several = cache(partial(addressee, docs)), cache(partial(speaks_to_several, docs))  # when asked
        offset = 0
        for doc in docs:
            self._add_doc(turn_no, turn, doc, offset, skip)
            offset += len(doc) + 1

    def _add_doc(self, turn_no: int, turn: Turn, doc: Doc, offset: int, skip: bool) -> None:
        ext = doc._  # made anew at each ``doc._``
        rels: list[Rel] = [] if skip else list(ext.cm_rels or ())
        hints: list[Hint] = [] if skip else list(ext.cm_hints or ())
        items = {(a.i, a.name, a.kind): a for a in ext.cm_mentions or ()}
        for rel in rels:  # genders and types that rules know ("my sister Emma") before pronouns resolve
            for arg in (rel.subject, rel.obj):
                if arg.kind == ENTITY and arg.name:
                    items.setdefault((arg.i, arg.name, arg.kind), arg)
                    if name := resolved_name(arg):
                        self._register(name, arg.type, arg.strength, arg.aliases, arg.gender)
        refs: dict[int, str] = {}
        pets = {r.obj.i: r.obj.name for r in rels if r.predicate == "HAS_PET" and r.obj.kind == OWNED and (
            r.subject.kind == SPEAKER or r.subject.kind == WE and self.we_name is None)}
        exclude = normalize_name(turn.speaker)
        for arg in sorted(items.values(), key=lambda a: (a.i, a.kind, a.name)):
            pos = offset + arg.i
            if arg.kind == PRONOUN:
                key = self._antecedent(self.persons, turn_no, pos, arg.gender, exclude)
                if key is not None:
                    refs[arg.i] = key
                    self.persons.append((turn_no, pos, key))
                if key is not None and key.startswith(UNNAMED_KEY):
                    continue  # an unnamed relative: an entity (and a mention) only for a fact said of them
            elif arg.kind == THERE:
                key = self._antecedent(self._places, turn_no, pos, "", "")
                if key is not None:
                    refs[arg.i] = key
            elif arg.kind == UNNAMED:  # "my mom": later pronouns mean her ("<speaker>'s mom"), another's cannot be named
                name = pets.get(arg.i, arg.name) if arg.type == "PET" else arg.name  # named as its HAS_PET ("we got a puppy")
                if arg.type == "PET" and not (name and not skip):
                    continue  # another's pet: he/she may still mean a person named before it
                owner = self.resolve(Arg(YOU), turn, refs) if arg.type == ASKED else None if skip else self.speaker_key(turn)
                owned = OWNED_SEP + owner + OWNED_SEP + name if name and owner else ""
                owned += OWNED_SEP + arg.type if arg.type in ("PET", ASKED) and owned else ""
                self.persons.append((turn_no, pos, UNNAMED_KEY + arg.gender + owned))
                continue
            elif arg.kind in (SPEAKER, WE):
                key = None if skip else self.resolve(arg, turn, refs)
            else:
                key = self.resolve(arg, turn, refs)
                if key is None:  # an interjection, not a name ("Yep")
                    continue
                ent = self.entities[key]
                # a known first name NER took for a place or a company ("Ursula" as GPE) may be whom he/she means
                if ent.type == "PERSON" or (ent.gender and ent.type in ("OTHER", "PERSON")) or first_named(arg):
                    self.persons.append((turn_no, pos, key))
                elif ent.type == "PLACE":
                    self._places.append((turn_no, pos, key))
            self._mention(turn, key)
        # a hint naming the wrong value ("I meant Lyon, not Mumbai: I moved to Lyon") waits for the
        # turn's own claims, which may restate the right value
        events: list[tuple[int, int, Rel | Hint]] = [(r.i, 0, r) for r in rels] + [
            (h.i if h.old is None else 1 << 30, 1, h) for h in hints]
        for _, _, item in sorted(events, key=lambda e: (e[0], e[1])):
            if isinstance(item, Rel):
                if (gone := gone_pet(self, item, turn, refs)) is not None:  # "we lost Biscuit": a pet said before
                    self._add_rel(gone, turn_no, turn, refs)
            else:
                add_hint(self, item, turn_no, turn)

    def _last_value(self, subj: str | None, predicate: str, turn_no: int) -> str | None:
        said = next((s for s in reversed(self.history) if turn_no - s.turn_no > PRONOUN_WINDOW or (
            s.subject == subj and s.claim.predicate == predicate)), None)  # (the window ends the search)
        return said.obj if said is not None and turn_no - said.turn_no <= PRONOUN_WINDOW else None

    def _owned(self, arg: Arg, owner: str | None) -> str | None:
        """"I have two dogs", "my mom": the owner's dogs or mom, an entity named from the owner; "my fiancé" the
        one the owner said they are engaged to (:func:`~chronomem.extract.resolution.later_names.partner_named`; a
        PARTNER, "we broke up", is that one or no one)."""
        if owner is None:
            return None
        return partner_named(self, arg.name, owner) or (None if arg.type == "PARTNER" else self._register(
            f"{self.entities[owner].name}'s {arg.name}", arg.type, arg.strength))

    def _add_rel(self, rel: Rel, turn_no: int, turn: Turn, refs: dict[int, str]) -> None:
        if rel.predicate == NAMED or rel.obj.kind == UNNAMED:  # "Her name is Luna" of a kitten said before
            return name_given(self, rel, turn_no, turn, refs) if rel.predicate == NAMED else unnamed_partner(self, rel, turn_no, turn)
        if rel.subject.kind == OWNED:  # "my mom" is the parent: named from the other side
            obj = self.resolve(rel.obj, turn, refs)
            subj = self._owned(rel.subject, obj)
        else:
            subj = self.resolve(rel.subject, turn, refs)
            if rel.obj.kind == LAST:
                obj = self._last_value(subj, rel.obj.name, turn_no)
            else:
                obj = self._owned(rel.obj, subj) if rel.obj.kind == OWNED else self.resolve(rel.obj, turn, refs)
        if subj is None or obj is None or subj == obj:
            return
        predicate = ties.couple_tie(self, self._predicate(rel.predicate, subj, obj), rel.kind, subj, obj)
        if predicate is None or predicate not in self.vocabulary:
            return
        until: datetime | None = None  # "the weekend before": read at the last dated fact said just before, if any
        when, said_at = relative_when(rel.when, turn.at, next((s.claim.at for s in takewhile(  # type: ignore[arg-type]
            lambda s: s.turn_no >= turn_no - PRONOUN_WINDOW, reversed(self.history)) if not s.claim.observed), None))
        if when.mode == "event":  # a happening: its own interval, never "from then on"
            span = resolve_event(when, said_at)
            if span is None:
                return
            at, until, precision = span
            observed = False
            if rel.kind == "end":  # "we cancelled the trip": said now
                at, until, precision = turn.at, None, "day"  # type: ignore[assignment]
        else:
            timing = resolve_when(when, said_at)
            if timing is None:
                return
            at, precision, observed = timing
        confidence = rel.confidence * (0.9 if PRONOUN in (rel.subject.kind, rel.obj.kind) or THERE == rel.obj.kind else 1.0)
        replaces, kind = None, rel.kind
        if kind == "correct" and rel.replaces is not None:
            if self.vocabulary[predicate].cardinality != "one_per_object":
                replaces = self.resolve(rel.replaces, turn, refs)
            kind = "correct" if replaces is not None and replaces != obj else "assert"
        self.emit(predicate, subj, obj, kind, replaces, rel.qualifiers, at, precision, observed, confidence, turn, turn_no,
                   until=until)

    def _predicate(self, predicate: str, subj: str, obj: str) -> str | None:
        if "|" not in predicate:
            return predicate
        options = predicate.split("|")
        for said in reversed(self.history):
            if said.subject == subj and said.obj == obj and said.claim.predicate in options:
                return said.claim.predicate
        ent = self.entities[obj]
        choice = L.TYPE_PREDICATES.get(ent.type)
        return choice if choice in options and ent.strength >= 2 else None

    def emit(self, predicate: str, subj: str, obj: str, kind: str, replaces: str | None, qualifiers: dict[str, str],
              at: datetime, precision: str, observed: bool, confidence: float, turn: Turn, turn_no: int, *,
              until: datetime | None = None, also: Sequence[Source] = ()) -> None:
        s_name, o_name = self.entities[subj].name, self.entities[obj].name
        claim = Claim(
            group_id=self.group, kind=kind, subject_id=entity_id(self.group, s_name), predicate=predicate,  # type: ignore[arg-type]
            object_id=entity_id(self.group, o_name),
            replaces_object_id=entity_id(self.group, self.entities[replaces].name) if replaces else None,
            qualifiers=dict(qualifiers), statement=statement(self.vocabulary, predicate, s_name, o_name, qualifiers),
            at=at, at_precision=precision, observed=observed, said_at=turn.at,  # type: ignore[arg-type]
            until=until, until_precision=precision,  # type: ignore[arg-type]
            confidence=round(min(1.0, confidence), 3), sources=[*also, Source(session_id=self.session.session_id, turn_id=turn.id)],
        )
        if claim.id in self._claim_ids:
            return
        self._claim_ids.add(claim.id)
        self.claims.append(claim)
        self.history.append(_Said(claim, turn.speaker, turn_no, subj, obj))
        ties.closed_ties(self, claim, subj, obj, turn, turn_no)
        for key in (subj, obj, replaces):  # the corrected value is named in the turn too
            self._mention(turn, key)

    def result(self) -> ExtractionResult:
        used = {m.entity_id for m in self.mentions}
        entities = [Entity(id=eid, group_id=self.group, name=e.name, type=e.type, aliases=list(e.aliases))  # type: ignore[arg-type]
                    for e in self.entities.values() if (eid := entity_id(self.group, e.name)) in used]
        return ExtractionResult(entities=entities, claims=without_title_guesses(self.claims), mentions=list(self.mentions))
