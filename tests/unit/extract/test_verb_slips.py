"""Habits said with a verb the tagger misreads, in our own words: a base form tagged as a past ("I brew my own
cider"), a verb read as a noun's modifier ("I coach volleyball"). The repairs are
:func:`chronomem.extract.parse.repairs.repair_base_pasts` and :func:`~chronomem.extract.parse.repairs.repair_noun_verbs`.
"""

from __future__ import annotations

import pytest

from chronomem.extract.parse.repairs import repair_base_pasts, repair_noun_verbs, verb_lemmas
from chronomem.extract.rules.engine import RELATIONS_PIPE
from tests.unit.extract.extract_helpers import session_of

A, E = "assert", "end"


def _facts(extractor, *texts: str) -> set[tuple[str, str, str, str, str]]:
    """(subject, predicate, relation, object, kind) of the last turn's claims."""
    session = session_of(*texts)
    result = extractor.extract(session)
    names = {e.id: e.name for e in result.entities}
    return {(names[c.subject_id], c.predicate, c.qualifiers.get("relation", ""), names[c.object_id], c.kind)
            for c in result.claims if c.sources[0].turn_id == session.turns[-1].id}


@pytest.mark.parametrize(("text", "wanted"), [
    # a base form tagged as a past: the present whatever the tag, for a verb whose past is not its base
    ("I brew my own cider.", ("user", "RELATED_TO", "brews", "cider", A)),
    ("We brew kombucha at home.", ("user", "RELATED_TO", "brews", "kombucha", A)),
    # "knit" is its own past too: the present only when the clause says a habit
    ("I knit every weekend.", ("user", "RELATED_TO", "does", "knitting", A)),
    ("We usually knit on Fridays.", ("user", "RELATED_TO", "does", "knitting", A)),
    # a verb read as a modifier of its object
    ("I coach volleyball.", ("user", "RELATED_TO", "coaches", "volleyball", A)),
    ("I style brides.", ("user", "RELATED_TO", "styles", "brides", A)),
    ("Yeah, I coach hockey.", ("user", "RELATED_TO", "coaches", "hockey", A)),
    ("I tutor teenagers in physics.", ("user", "HAS_ROLE", "", "tutor", A)),  # the role the phrase table maps
])
def test_a_habit_whose_verb_the_tagger_misread(extractor, text, wanted):
    assert wanted in _facts(extractor, text)


@pytest.mark.parametrize("text", [
    "I style.", "I coach.",  # no object: nothing to say
    "Do you coach volleyball?", "You coach volleyball?", "Do you brew beer?",  # questions
    "I never brew beer.",  # negation
    "If I coach volleyball next year, I'll need a van.", "I wish I could brew beer.",  # not real
    "They coach volleyball.",  # other people
    "I knit a sweater for my nephew.",  # "knit" with no habit said may be the past
    "I knit every night when I was pregnant.", "I knit every night last winter.",  # a past habit
    "You total jerk.", "You lucky dog.", "Me too.", "I guess.", "You guys rock.",  # no habit at all
])
def test_no_present_habit(extractor, text):
    assert not [f for f in _facts(extractor, text) if f[-1] == A and f[0] == "user"]


def test_a_habit_given_up_is_no_present_one(extractor):
    assert not [f for f in _facts(extractor, "I don't coach volleyball anymore.") if f[-1] == A]


def test_someone_elses_habit_is_theirs(extractor):
    found = _facts(extractor, ("Ann", "Evening."), ("Cy", "I coach volleyball."))
    assert ("Cy", "RELATED_TO", "coaches", "volleyball", A) in found and not [f for f in found if f[0] != "Cy"]


@pytest.mark.parametrize("text", [
    "You guys rock.", "Me too.", "I guess.", "You total jerk.", "You lucky dog.", "We team members met.",
    "Do you coach volleyball?", "I knitted a scarf.", "So glad you felt welcome.", "My brother knit me a hat.",
])
def test_real_nouns_and_pasts_stay_as_parsed(extractor, text):
    verbs = verb_lemmas(extractor.nlp)
    doc = extractor.nlp(text, disable=[RELATIONS_PIPE])  # the parse the repairs see
    before = [(t.text, t.pos_, t.tag_, t.dep_, t.head.i) for t in doc]
    repair_base_pasts(doc, verbs)
    repair_noun_verbs(doc, verbs)
    assert [(t.text, t.pos_, t.tag_, t.dep_, t.head.i) for t in doc] == before
