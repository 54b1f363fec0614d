"""Every repair of the parse, in order (:func:`repair`), each run only on a doc that has a word of each set the
repair needs (:data:`NEEDS`): a repair reads every token, and most turns have none of the words most repairs are
about (a verb of taste, "'s", a hobby noun, a comma).

The words are read once, as the parser gave them (lower case and lemma); a repair only ever sets a lemma to a
word's own lower case, a verb of taste's base form, "be" or "have", so what a gate needs is never made by an
earlier repair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spacy.attrs import LEMMA, LOWER
from spacy.strings import get_string_id
from spacy.tokens import Doc

from chronomem.extract.lexicon import OPEN
from chronomem.extract.parse.amounts import repair_amounts
from chronomem.extract.parse.contractions import (
    CONTRACTED_S,
    repair_adjective_passive,
    repair_contracted_has,
    repair_contracted_is,
)
from chronomem.extract.parse.dated_names import repair_dated_names
from chronomem.extract.parse.name_edges import repair_trailing_adverbs
from chronomem.extract.parse.place_words import repair_trailing_place_words
from chronomem.extract.parse.repairs import (
    JOINERS,
    repair_base_pasts,
    repair_clause_prep_names,
    repair_hobby_names,
    repair_named_conjuncts,
    repair_noun_verbs,
    repair_stranded_prep,
    repair_tags,
    repair_taste_adverb,
    repair_taste_root,
    repair_taste_verbs,
    repair_word_punct,
)
from chronomem.extract.parse.subjects import (
    repair_age_taken_for_subject,
    repair_comma_clause,
    repair_fronted_names,
    repair_named_after_comma,
    repair_object_taken_for_subject,
    repair_opening_pasts,
    repair_owned_noun_before_name,
    repair_paired_subject,
    repair_plural_verbs,
)
from chronomem.extract.parse.work_participles import repair_work_participle


def _ids(*lists: Iterable[str]) -> frozenset[int]:
    return frozenset(get_string_id(w) for words in lists for w in words)


_TASTES = _ids(OPEN.taste_verbs, (f"{w}s" for w in OPEN.taste_verbs))  # the forms taste_lemma reads
_COMMA = _ids([","])
#: For a repair, the word sets of which a doc must have one word each for it to run (none: it always runs).
NEEDS: dict[Callable[..., None], tuple[frozenset[int], ...]] = {
    repair_contracted_is: (_ids(CONTRACTED_S),),
    repair_contracted_has: (_ids(CONTRACTED_S), _ids(["been"])),
    repair_fronted_names: (_COMMA,),
    repair_comma_clause: (_COMMA,),
    repair_named_after_comma: (_COMMA,),
    repair_taste_root: (_TASTES,),
    repair_taste_verbs: (_ids(OPEN.taste_verbs), _ids(JOINERS)),
    repair_taste_adverb: (_TASTES | _ids(OPEN.cannot_tastes),),
    repair_hobby_names: (_ids(OPEN.hobby_nouns), _ids([",", ":"])),
    repair_trailing_place_words: (_ids(OPEN.trailing_place_words),),
    repair_work_participle: (_ids(["at", "for"]),),
}
_ORDER: tuple[Callable[..., None], ...] = (
    repair_trailing_adverbs, repair_dated_names, repair_trailing_place_words, repair_work_participle,
    repair_clause_prep_names, repair_contracted_is,
    repair_contracted_has, repair_adjective_passive, repair_tags, repair_fronted_names, repair_paired_subject,
    repair_opening_pasts, repair_named_conjuncts, repair_object_taken_for_subject, repair_owned_noun_before_name,
    repair_age_taken_for_subject, repair_comma_clause, repair_named_after_comma, repair_base_pasts, repair_noun_verbs,
    repair_plural_verbs, repair_taste_root, repair_taste_verbs, repair_taste_adverb, repair_stranded_prep,
    repair_word_punct, repair_amounts, repair_hobby_names)
_WITH_VERBS = frozenset({repair_base_pasts, repair_noun_verbs, repair_plural_verbs, repair_work_participle})


def repair(doc: Doc, verbs: frozenset[str] = frozenset()) -> None:
    """Every repair, in order, on ``doc``; ``verbs``: the verbs the lemmatizer knows
    (:func:`~chronomem.extract.parse.repairs.verb_lemmas`), the evidence the verb repairs need."""
    words = frozenset(doc.to_array([LOWER, LEMMA]).ravel().tolist()) if len(doc) else frozenset()
    for fix in _ORDER:
        if any(words.isdisjoint(need) for need in NEEDS.get(fix, ())):
            continue  # the doc has no word of a set the repair needs: it would find nothing to mend
        if fix in _WITH_VERBS:
            fix(doc, verbs)
        else:
            fix(doc)
