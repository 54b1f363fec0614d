"""Tastes said as a wish that would never tire: "I could eat dumplings every day", "I could watch cooking shows
forever" (LIKES), "I'd take tea over coffee any day" (PREFERS the first). The modal blocks the clause for every
other reading; only the words of ``endless_times`` make it a taste ("I could eat pizza tonight" is a wish for once)."""

from __future__ import annotations

from chronomem.extract.clauses.frames import Frame, with_conj
from chronomem.extract.clauses.records import Arg, Rel, holds
from chronomem.extract.lexicon import OPEN
from chronomem.extract.rules.open.base import TASTE_CONFIDENCE, phrase_arg


def wished_taste_rels(frame: Frame, subjects: list[Arg]) -> list[Rel]:
    """The speaker's taste said by "could"/"would" with a time without end (``endless_times``): the object of an
    ``endless_habit_verbs`` verb is liked; that of a ``choice_verbs`` verb with "over" is preferred.

    Not negated ("I couldn't eat it every day"), not asked, not of anyone but the speaker ("you could …")."""
    v = frame.v
    dobj = frame.dobj or next((c for c in v.children if c.dep_ == "xcomp" and c.tag_ == "VBG"), None)  # "hiking"
    modal = [c for c in v.children if c.dep_ == "aux" and c.lower_ in ("could", "would", "'d")]
    if not modal or dobj is None or frame.status.negated or v.sent.text.rstrip().endswith("?") or any(
            c.dep_ == "advcl" for c in v.children):  # ("when I was a kid, I could eat candy every day": an ability)
        return []
    if frame.lemma in OPEN.choice_verbs and any(c.dep_ == "prep" and c.lower_ == "over" for c in (*v.children, *dobj.children)):
        predicate = "PREFERS"  # "I'd take tea over coffee any day"
    elif frame.lemma in OPEN.endless_habit_verbs and not frame.preps:
        predicate = "LIKES"  # "I could eat dumplings every day"
    else:
        return []
    after = " " + " ".join(t.lower_ for t in v.subtree if t.i > dobj.i) + " "
    if not any(f" {w} " in after for w in OPEN.endless_times):
        return []
    speakers = [s for s in subjects if s.kind == "speaker"]
    args = [a for t in with_conj(dobj) if (a := phrase_arg(t, frame.idx)) is not None]
    return [holds(predicate, s, a, v.i, TASTE_CONFIDENCE) for s in speakers for a in args]
