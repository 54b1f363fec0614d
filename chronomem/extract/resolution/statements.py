"""Claims in words and claims a turn cannot hold together: the statement of a fact ("Marta volunteers
at food bank") and a role guessed from a title ("Dr. Koh" → doctor) that a stated role overrides.
"""

from __future__ import annotations

from chronomem.extract.lexicon import PEOPLE
from chronomem.schema.models import Claim, entity_id
from chronomem.schema.vocabulary import Vocabulary

__all__ = ["statement", "without_title_guesses"]


def statement(vocabulary: Vocabulary, predicate: str, subject: str, obj: str, qualifiers: dict[str, str]) -> str:
    """The fact in words; an open fact reads with its own relation ("Marta volunteers at food bank").

    >>> from chronomem.schema.vocabulary import CORE_VOCABULARY
    >>> statement(CORE_VOCABULARY, "RELATED_TO", "Marta", "food bank", {"relation": "volunteers at"})
    'Marta volunteers at food bank'
    >>> statement(CORE_VOCABULARY, "LIVES_IN", "Ana", "Lisbon", {})
    'Ana lives in Lisbon'
    >>> statement(CORE_VOCABULARY, "DID", "Mel", "charity race", {"relation": "ran"})
    'Mel ran charity race'
    """
    relation = qualifiers.get("relation") if predicate == "RELATED_TO" or vocabulary.is_event(predicate) else None
    if relation:
        return f"{subject} {relation} {obj}"
    return vocabulary.statement(predicate, subject, obj)


def without_title_guesses(claims: list[Claim]) -> list[Claim]:
    """A role read from a title ("Dr. Koh" → doctor) is a guess: a turn that states the person's role
    ("Dr. Koh is a dentist", "my dentist, Dr. Koh") keeps only the stated one (HAS_ROLE has one value); a title
    word's role said over ("I was a chef and now I'm a baker") is no guess."""
    if not claims:
        return claims
    titles = {entity_id(claims[0].group_id, name) for name in set(PEOPLE.person_titles.values())}  # one group per session
    stated = {(c.sources[0].turn_id, c.subject_id) for c in claims
              if c.predicate == "HAS_ROLE" and c.kind == "assert" and c.object_id not in titles}
    return [c for c in claims if not (c.predicate == "HAS_ROLE" and c.kind == "assert" and c.object_id in titles
                                      and (c.sources[0].turn_id, c.subject_id) in stated)]
