"""Word lists of time expressions (all lower-case): month and weekday names, number words,
vague quantities, fixed phrases ("the other day", "a while ago"), and the words around a time
phrase in a sentence ("since", "from … to", "three years").

Plain data with no spaCy, like the time-expression package that reads it
(:mod:`chronomem.timeexpr`, used by both ``extract/`` and ``query/``).
"""

from __future__ import annotations

# --------------------------------------------------------------------------- calendar words
MONTHS: dict[str, int] = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
    "april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7,
    "august": 8, "aug": 8, "september": 9, "sept": 9, "sep": 9, "october": 10,
    "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}
WEEKDAYS: dict[str, int] = {
    "monday": 0, "mon": 0, "tuesday": 1, "tues": 1, "tue": 1, "wednesday": 2,
    "wed": 2, "thursday": 3, "thurs": 3, "thur": 3, "thu": 3, "friday": 4,
    "fri": 4, "saturday": 5, "sat": 5, "sunday": 6, "sun": 6,
}
#: The full names, which are also counted ("two Fridays ago") and counted from ("the Monday after Easter").
DAY_NAMES = frozenset(w for w in WEEKDAYS if w.endswith("day"))
# Meteorological, northern hemisphere: start month of each season.
SEASONS: dict[str, int] = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
DECADE_WORDS = {w: 1900 + v for w, v in (("twenties", 20), ("thirties", 30), ("forties", 40),
                ("fifties", 50), ("sixties", 60), ("seventies", 70), ("eighties", 80),
                ("nineties", 90))}
# Ages named by decade of life ("in my twenties"): first and last-plus-one year of age.
AGE_DECADES: dict[str, tuple[int, int]] = {"teens": (13, 20), "twenties": (20, 30), "thirties": (30, 40),
                                           "forties": (40, 50), "fifties": (50, 60), "sixties": (60, 70),
                                           "seventies": (70, 80), "eighties": (80, 90), "nineties": (90, 100)}
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                "seventeen", "eighteen", "nineteen"]
TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
              "seventy": 70, "eighty": 80, "ninety": 90}
VAGUE_COUNTS: dict[str, float] = {
    "a": 1, "an": 1, "a single": 1, "a couple": 2, "a couple of": 2, "couple of": 2,
    "couple": 2, "a pair of": 2, "a few": 3, "few": 3, "several": 3, "a handful of": 3,
    "some": 3, "a dozen": 12, "dozen": 12, "half a": 0.5, "half an": 0.5, "a half": 0.5,
}
NUMBER_HEDGES = ("about ", "around ", "roughly ", "approximately ", "nearly ", "almost ",
                 "over ", "just ", "only ", "like ", "maybe ", "some ", "another ")

# --------------------------------------------------------------------------- words around a time phrase
TIME_PREPS = frozenset({"in", "on", "at", "since", "until", "till", "til", "by", "from", "during", "over", "around",
                        "before", "after", "for", "starting", "beginning", "through", "throughout", "within", "as",
                        "of", "back", "effective", "circa", "about", "sometime"})
SINCE_WORDS = ("since", "starting", "beginning", "from", "as of", "effective", "ever since")
UNTIL_WORDS = ("until", "till", "til", "up until", "up to")
ADVERB_TIMES = frozenset({"recently", "lately", "yesterday", "today", "tonight", "tomorrow"})
YEAR_HEADS = frozenset({"in", "since", "from", "to", "until", "till", "between", "and", "through", "by", "before",
                        "after", "around", "circa"})
RANGE_OPEN = ("from ", "between ")
RANGE_CLOSE = ("to ", "and ", "until ", "till ", "through ", "thru ")
TIME_UNIT_WORDS = frozenset({"day", "days", "week", "weeks", "month", "months", "year", "years", "am", "pm", "th", "st", "nd", "rd"})
MONTH_WORDS = frozenset(MONTHS)  # "may", "sept", "december"
QUANTITY_UNITS = frozenset({"years", "year", "months", "month", "weeks", "week", "days", "day", "hours", "hour", "times",
                            "people", "users", "servers", "nodes", "instances", "minutes", "%", "percent", "k", "gb", "mb",
                            "ms", "seconds", "engineers", "devs", "of", "x"})

# --------------------------------------------------------------------------- fixed phrases and what they mean
# (:mod:`chronomem.timeexpr` maps each list to a span: the turn's day, the day before, the last
# month, "undated" for the last list…)
TODAY_PHRASES = ("today", "now", "right now", "just now", "currently", "at the moment", "this morning",
                 "this afternoon", "this evening", "tonight", "earlier today", "later today", "so far today",
                 "day", "the day", "moments ago", "a moment ago", "a few minutes ago", "this very day")
YESTERDAY_PHRASES = ("yesterday", "last night", "yesterday night", "last evening")
DAY_BEFORE_YESTERDAY = ("the day before yesterday", "day before yesterday")
DAY_AFTER_TOMORROW = ("the day after tomorrow", "day after tomorrow")
OTHER_DAY = ("the other day", "other day")
OTHER_WEEK = ("the other week", "other week")
RECENTLY_PHRASES = ("recently", "lately", "just recently", "only recently", "not long ago", "not too long ago",
                    "a little while ago", "a short while ago", "of late")
EARLIER_THIS_WEEK = ("earlier this week", "earlier in the week")
EARLIER_THIS_MONTH = ("earlier this month", "earlier in the month")
EARLIER_THIS_YEAR = ("earlier this year", "earlier in the year")
UNDATED_PHRASES = ("a while ago", "a while back", "some time ago", "a long time ago", "long ago", "ages ago",
                   "way back", "years ago", "months ago", "weeks ago", "days ago", "in the past", "the past",
                   "the future", "in the future", "before", "earlier", "later", "once", "one day",
                   "at some point")
#: The undated times that put something before the time said ("years ago", "a long time ago"): past, no date.
UNDATED_AGO = frozenset(p for p in UNDATED_PHRASES if p.endswith(" ago"))

# --------------------------------------------------------------------------- finding phrases in plain text
# (:mod:`chronomem.timeexpr.finder`: which words may make up a time phrase, which ones name a time only
# with a word that licenses them, and the words that tell a clause's tense)
#: Parts of a time said with "of": "the end of the year", "(moving) start of May".
TIME_PARTS = frozenset({"end", "beginning", "start", "middle"})
#: Times counted in the plural: "two summers ago", "two Fridays ago", "two Christmases ago".
COUNTED_PLURALS = frozenset(f"{s}s" for s in (*SEASONS, *DAY_NAMES)) \
    | frozenset("christmases xmases easters thanksgivings halloweens".split())
RUN_WORDS = frozenset(
    "last this next past coming previous current early mid late beginning start end middle first second third fourth "
    "final half latter part very tail ago back before after since until till til from between and to through thru of "
    "in on at the a an for over during around about earlier later now hence time other few couple several some dozen "
    "just only ever up as within by circa approximately roughly sometime day days night nights week weeks weekend "
    "weekends fortnight fortnights month months year years decade decades hour hours minute minutes quarter morning "
    "afternoon evening tonight today tomorrow yesterday recently lately christmas xmas eve halloween thanksgiving "
    "easter new year's valentine's independence mother's father's memorial labor boxing "
    "semester holidays holiday season break festive q1 q2 q3 q4".split()  # "last semester", "over the holidays", "spring break"
) | frozenset(MONTHS) | frozenset(WEEKDAYS) | frozenset(SEASONS) | frozenset(NUMBER_WORDS) | frozenset(TENS_WORDS) \
    | frozenset(DECADE_WORDS) | COUNTED_PLURALS
#: Words that name a time only next to a licensing word ("in May", "last fall", "May 3"): "I may", "the sun".
LICENSED_ONLY = frozenset({"may", "march", "mar", "jan", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
                           "feb", "apr", "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
                           "fall", "spring", "summer", "winter", "autumn", "christmas", "xmas", "halloween",
                           "thanksgiving", "easter", "january", "february", "april", "june", "july", "august",
                           "september", "october", "november", "december"})
LICENSERS = frozenset({"in", "on", "of", "since", "until", "till", "by", "last", "this", "next", "early", "mid",
                       "late", "end", "beginning", "during", "the", "from", "between", "through", "past", "coming",
                       "previous", "before", "after", "over", "around", "back", "for", "at"})
#: A phrase that is only one of these words (after its prepositions) names no time worth keeping.
GENERIC_TIME_WORDS = frozenset({"day", "days", "night", "morning", "afternoon", "evening", "week", "weeks", "month",
                                "months", "year", "years", "now", "time", "moment", "decade", "quarter", "weekend",
                                "noon", "midnight", "today's"})
#: Short names of days and months that are also words ("in the sun", "we sat", "wed in June"): in lower
#: case they name a time only after "last", "next", "this" or "on" ("on sat"); "in sept", "in feb" need no more.
ABBREVIATIONS = frozenset({"mar", "mon", "wed", "sat", "sun"})
#: How chat writes time words, and what they stand for ("last wknd", "see u tmrw", "2 yrs ago").
CHAT_FORMS: dict[str, str] = {
    "wknd": "weekend", "wkend": "weekend", "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow",
    "2moro": "tomorrow", "2morrow": "tomorrow", "tomoz": "tomorrow", "yday": "yesterday", "ystd": "yesterday",
    "nxt": "next", "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years", "mos": "months", "mths": "months",
    "mnths": "months", "xmas": "christmas", "mo": "months", "abt": "about",
}
#: Years chat writes in a form of its own, as regular expressions and what they stand for: "in 2k19" (2019),
#: "in 2015ish", "2015-ish" (2015: a year said loosely is still that year).
CHAT_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"(?<![\w'])2k(\d\d)(?![\w'])", r"20\1"),
    (r"(?<![\w'])(\d{4}s?)-?ish(?![\w'])", r"\1"),
)
#: Prepositions that in front of "lately", "yesterday"… belong to the verb ("been up to lately").
ATTACHED_ELSEWHERE = frozenset({"up", "on", "at", "over", "in", "to", "of", "for", "by", "about", "around", "from"})
DEICTIC_WORDS = frozenset({"last", "this", "next", "past", "coming", "previous", "current", "other", "ago", "before",
                           "after", "earlier", "later", "few", "couple", "several"})
FUTURE_CUES = frozenset({"will", "'ll", "won't", "shall", "gonna", "planning", "plan", "plans", "planned", "upcoming",
                         "tomorrow", "next", "intend", "intending", "scheduled", "hoping", "someday", "soon"})
FUTURE_PAIRS = frozenset({("going", "to"), ("hope", "to"), ("about", "to"), ("looking", "forward"), ("can't", "wait"),
                          ("cannot", "wait"), ("want", "to"), ("wanna", "go")})
PERFECT_AUX = frozenset({"have", "has", "'ve", "'s", "ive"})
PAST_FORMS = frozenset(
    "was were did had went got made took saw met ran won bought came found gave left felt told said thought began "
    "brought wrote sent spent kept lost paid sat stood heard held built taught caught drove flew ate drank swam sang "
    "wore chose broke spoke woke became fell forgot knew grew threw drew rode hid slept fought led understood meant "
    "stuck struck dug fed shook sold sought tore bent blew fled froze hung laid lent rang rose sank shone slid stole "
    "swore swept wept withdrew wasn't weren't didn't hadn't ago yesterday".split())
#: Words ending in -ed that are no past tense.
ED_NOT_PAST = frozenset({"need", "needed", "indeed", "bed", "red", "speed", "seed", "feed", "weed", "shed", "proceed",
                         "exceed", "succeed", "breed", "bleed", "ted", "ned", "fred", "ed", "led", "wed", "sled"})
SUBJECT_WORDS = frozenset({"i", "we", "he", "she", "they", "you", "it", "finally", "just", "also", "then", "even",
                           "already", "actually", "recently", "and", "who", "never", "really", "totally"})
