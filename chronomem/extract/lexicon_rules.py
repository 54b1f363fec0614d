"""Word lists of the verb and noun-phrase rules (all lower-case), one room for them all.

Plain data, no spaCy, like :mod:`chronomem.extract.lexicon` (pronouns, filters, nouns, names),
which the argument readers share with the rules; the lists here are the ones a single kind of
rule looks words up in. Extending coverage is a data change.
"""

from __future__ import annotations

# --------------------------------------------------------------------------- kin and people
# relation → (predicate, the named person is the subject?)
KIN_RELATIONS = {
    "sibling": ("SIBLING_OF", False), "parent": ("PARENT_OF", True), "child": ("PARENT_OF", False),
    "spouse": ("MARRIED_TO", False), "partner": ("PARTNER_OF", False), "fiance": ("ENGAGED_TO", False),
    "boss": ("REPORTS_TO", False), "report": ("REPORTS_TO", True), "friend": ("FRIEND_OF", False),
    "relative": ("RELATED_TO", False), "pet": ("HAS_PET", False),
}
SPAN_WORDS = frozenset({"and", "my", "best", "friend", "sister", "brother", "colleague", "roommate", "neighbor",
                        "neighbour", "cousin", "coworker", "co-worker", "'s", "’s"})
SKIP_BEFORE_VERB = frozenset({"finally", "officially", "just", "recently", "also", "then", "have", "has", "had",
                              "'ve", "’ve", "did", "eventually"})
UNIONS = {"marriage": "married", "divorce": "divorced"}  # event nouns whose ending or completion ends a marriage

# --------------------------------------------------------------------------- homes, jobs and teams
ROLE_SLOTS = frozenset({"role", "position", "job", "title", "post"})
HOMES = frozenset({"apartment", "flat", "house", "home", "place", "condo", "studio"})
BOSS_NOUNS = frozenset({"manager", "boss", "supervisor", "lead"})
TEAM_CHANGES = frozenset({"switch", "change", "move", "transfer", "join", "rejoin"})
JOB_OBJECTS = frozenset({"job", "jobs", "company", "companies", "employer", "employers"})
TITLE_NOUNS = frozenset({"title", "role", "position", "job"})

# --------------------------------------------------------------------------- tastes and possessions
TASTES = {"love": "LIKES", "like": "LIKES", "enjoy": "LIKES", "adore": "LIKES", "hate": "DISLIKES",
          "dislike": "DISLIKES", "detest": "DISLIKES", "loathe": "DISLIKES", "despise": "DISLIKES", "prefer": "PREFERS"}
CONSUMABLES = frozenset({"groceries", "grocery", "food", "lunch", "dinner", "breakfast", "snack", "snacks", "meal", "coffee",
                         "tea", "drink", "drinks", "beer", "wine", "ticket", "tickets", "gift", "gifts", "present",
                         "presents", "stuff", "things", "supplies", "flowers", "ingredients", "time", "round"})

# --------------------------------------------------------------------------- tools and switches
PURPOSE_SKIP = frozenset({"a", "an", "the", "our", "my", "their", "its", "his", "her", "your"})
OUR_UNITS = frozenset({"team", "company", "startup", "org", "organization", "organisation", "department", "group",
                       "employer", "shop", "lab"})
SWITCH_LEMMAS = frozenset({"switch", "migrate", "move", "upgrade", "bump", "downgrade", "transition", "port", "update"})
CHANGE_NOUNS = frozenset({"upgrade", "migration", "switch", "move", "transition", "cutover", "downgrade"})
PHRASAL_START = {"roll": "out", "bring": "in", "spin": "up", "set": "up"}
PHRASAL_END = {"turn": "off", "shut": "down", "switch": "off", "tear": "down", "wind": "down"}

# --------------------------------------------------------------------------- the sentence loop
ADJ_VERBS = {"married": "marry", "engaged": "engage", "divorced": "divorce", "wed": "wed"}
# Words that end a role read from the words after "promoted to", "took over as" (chronomem.extract.rules.verbs.role_changes):
# "to data scientist back in 2020", "to team lead last week".
ROLE_PHRASE_STOPS = frozenset({"last", "next", "this", "early", "earlier", "recent", "back", "same", "new", "first"})
