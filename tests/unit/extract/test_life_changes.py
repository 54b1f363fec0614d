"""Life changes in work, school, home and couples, in our own wordings: a job left at a place of work said
without a name; a marriage or divorce under way; a marriage with nobody named; the unnamed partner of
someone else ("her husband"); a couple parting (separating, walking out, a divorce gone through); "let go"
from a job, or retiring from, being laid off or fired from or losing the one said before; a job begun or held
at a place; a degree studied for or got at a school, a student's year there; and the sentences
with the same words that state no such change.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, day, last_turn_rows, month, year

LAST_WEEK = ("2024-03-05", "week", False)

# a job left at a place of work the phrase table knows, said without a name
UNNAMED_WORKPLACE_LEFT = [
    ("My dad retired from the post office in 2021.", [c("user's dad", "WORKS_AT", "post office", E, year(2021))]),
    ("Priya got laid off from the factory in 2020.", [c("Priya", "WORKS_AT", "factory", E, year(2020))]),
    ("I was fired from the restaurant last week.", [c(U, "WORKS_AT", "restaurant", E, LAST_WEEK)]),
    ("Dana quit her job at the bakery in May.", [c("Dana", "WORKS_AT", "bakery", E, month("2023-05"))]),
]


@pytest.mark.parametrize("text,expected", UNNAMED_WORKPLACE_LEFT, ids=[t for t, _ in UNNAMED_WORKPLACE_LEFT])
def test_a_job_left_at_an_unnamed_workplace(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


# "let go" (passive): a job ended, at a named or unnamed workplace
LET_GO = [
    ("Kofi was let go from the warehouse in May.", [c("Kofi", "WORKS_AT", "warehouse", E, month("2023-05"))]),
    ("I was let go from Google in 2023.", [c(U, "WORKS_AT", "Google", E, year(2023))]),
]


@pytest.mark.parametrize("text,expected", LET_GO, ids=[t for t, _ in LET_GO])
def test_let_go_ends_a_job(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


def test_let_go_with_no_place_ends_the_job_said_before(extractor):
    assert last_turn_rows(extractor, "I work at Pixar.", "I was let go in March.") == [
        c(U, "WORKS_AT", "Pixar", E, month("2024-03"))]


# retiring with no place said ends the employer the session named last for the subject
RETIRED = [
    (("I work at Pixar.", "I retired last year."), [c(U, "WORKS_AT", "Pixar", E, year(2023))]),
    (("Nadia works at Ikea.", "She retired in 2022."), [c("Nadia", "WORKS_AT", "IKEA", E, year(2022))]),
]


@pytest.mark.parametrize("turns,expected", RETIRED, ids=[t[-1] for t, _ in RETIRED])
def test_retiring_ends_the_job_said_before(extractor, turns, expected):
    assert last_turn_rows(extractor, *turns) == expected


@pytest.mark.parametrize("text", ["I retired early last night, I was exhausted.", "I retired to my room after dinner."])
def test_retiring_to_bed_ends_no_job(extractor, text):
    assert last_turn_rows(extractor, "I work at Pixar.", text) == []


# a job ended by the employer (passive), or lost, with no place said: the job said before ends
JOB_ENDED = [
    ((("Ida", "I work at Globex as a designer."), ("Raf", "Nice."), ("Ida", "Well, I was laid off in March.")),
     [c("Ida", "WORKS_AT", "Globex", E, month("2024-03"))]),
    (("I work at Pixar.", "I lost my job last week."), [c(U, "WORKS_AT", "Pixar", E, LAST_WEEK)]),
    (("I work at Pixar.", "I got fired yesterday."), [c(U, "WORKS_AT", "Pixar", E, day("2024-03-11"))]),
    (("I work at Pixar.", "I quit my job in January."), [c(U, "WORKS_AT", "Pixar", E, month("2024-01"))]),
    (("I've been at Initech since 2010.", "I got sacked last week."), [c(U, "WORKS_AT", "Initech", E, LAST_WEEK)]),
    (("My brother works at Hooli.", "He lost his position in 2022."),
     [c("user's brother", "WORKS_AT", "Hooli", E, year(2022))]),
    (("My sister works at Hooli.", "My sister was laid off."),
     [c("user's sister", "WORKS_AT", "Hooli", E, ("turn", "unknown", True))]),
]


@pytest.mark.parametrize("turns,expected", JOB_ENDED, ids=[str(t[-1]) for t, _ in JOB_ENDED])
def test_a_job_lost_ends_the_job_said_before(extractor, turns, expected):
    assert [r for r in last_turn_rows(extractor, *turns) if r[1] == "WORKS_AT"] == expected


@pytest.mark.parametrize("turns", [
    ("I work at Pixar.", "I lost my keys."), ("I work at Pixar.", "I almost got fired."),
    ("I work at Pixar.", "My sister was laid off."), ("I work at Pixar.", "If I get fired, I'll move."),
    ("I work at Pixar.", "I fired my assistant."), ("I work at Pixar.", "I've fired two interns."),
    ("I work at Pixar.", "I was fired up about it."), ("I work at Pixar.", "I didn't get laid off."),
    ("I work at Pixar.", "Did you lose your job?"), ("Hello.", "I got laid off in March."),
    ("Hello.", "I lost my job last week."),
])
def test_no_job_lost(extractor, turns):
    assert [r for r in last_turn_rows(extractor, *turns) if r[1] == "WORKS_AT"] == []


# a relative's job begun at a place of work said without a name; a job said as a stay that lasts
JOB_HELD = [
    ("My aunt started a job at the pharmacy in 2019.", [c("user's aunt", "WORKS_AT", "pharmacy", A, year(2019))]),
    ("My wife started a new job at the bank last month.", [c("user's wife", "WORKS_AT", "bank", A, month("2024-02"))]),
    ("I've been at Microsoft since 2018.", [c(U, "WORKS_AT", "Microsoft", A, year(2018))]),
    ("My dad has been at the post office for thirty years.",
     [c("user's dad", "WORKS_AT", "post office", A, ("1994-03-12", "year", False))]),
    ("Lena was at Deloitte for six years.", [c("Lena", "WORKS_AT", "Deloitte", E, ("turn", "unknown", True))]),
]


@pytest.mark.parametrize("text,expected", JOB_HELD, ids=[t for t, _ in JOB_HELD])
def test_a_job_begun_or_held(extractor, text, expected):
    assert sorted(r for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT") == sorted(expected)


NO_JOB_HELD = [
    "I started a fight at the bar last night.",
    "I was at Harvard for four years.",  # a school: studying, or teaching
    "My grandma has been at the hospital for two months.",  # a patient
    "We were at Starbucks for an hour.",
    "I've been at the library for two hours.",
    "My niece started at Oxford in October.",  # starting at a school, no job said: studying, or working
    "Leo started at the University of Michigan in the fall.",
    "My son is starting at Ohio State in the fall.",  # schools known by a name with no school word
    "I was at MIT for four years.",
    "I've been at Yale since 2019.",
]


@pytest.mark.parametrize("text", NO_JOB_HELD)
def test_no_job_held(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT"] == []


NO_WORKPLACE_LEFT = [
    "I let go of my anger.",
    "They let the dog go.",
    "Tom was let go from the jail last week.",  # released, not a job
    "I retired from teaching in 2019.",  # a field of work, not a place
    "She retired from the race after an hour.",
    "Shots were fired from the station last night.",
    "I left my bag at the bank.",
]


@pytest.mark.parametrize("text", NO_WORKPLACE_LEFT)
def test_no_workplace_left(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "WORKS_AT"] == []


def _couples(extractor, text):
    return [r for r in last_turn_rows(extractor, text) if r[1] in ("MARRIED_TO", "ENGAGED_TO", "PARTNER_OF")]


# a marriage or divorce under way: with no time, the couple it presupposes now; with a time, a plan dated then
UNDER_WAY = [
    ("Carol and I are getting a divorce.", [c(U, "MARRIED_TO", "Carol", A, NOW)]),
    ("Priya is divorcing her husband.", [c("Priya", "MARRIED_TO", "Priya's husband", A, NOW)]),
    ("Hugo and I are getting married.", [c(U, "ENGAGED_TO", "Hugo", A, NOW)]),
    ("Zeynep and I are getting married in June.",  # a plan, and engaged till then
     [c(U, "MARRIED_TO", "Zeynep", A, month("2024-06")), c(U, "ENGAGED_TO", "Zeynep", A, NOW)]),
]

# a marriage with nobody named: the subject's unnamed spouse
NOBODY_NAMED = [
    ("I got divorced in 2016.", [c(U, "MARRIED_TO", "user's spouse", E, year(2016))]),
    ("We got married in 2015.", [c(U, "MARRIED_TO", "user's spouse", A, year(2015))]),
    ("My cousin is getting married in October.", [c("user's cousin", "MARRIED_TO", "user's cousin's spouse", A, month("2024-10"))]),
    ("My sister married her high school sweetheart last June.",
     [c("user's sister", "MARRIED_TO", "user's sister's spouse", A, month("2023-06"))]),
    ("My brother got engaged last weekend.",
     [c("user's brother", "ENGAGED_TO", "user's brother's fiance", A, day("2024-03-09"))]),
]

# widowed at a time said: the marriage ended then
WIDOWED = [
    ("My grandma was widowed in 1990.", [c("user's grandma", "MARRIED_TO", "user's grandma's spouse", E, year(1990))]),
    ("Nadia has been widowed since 2015.", [c("Nadia", "MARRIED_TO", "Nadia's spouse", E, year(2015))]),
]

# someone else's unnamed partner: "her husband" is the subject's
THEIR_PARTNER = [
    ("Rosa divorced her husband in 2020.", [c("Rosa", "MARRIED_TO", "Rosa's husband", E, year(2020))]),
    ("My sister divorced her husband in 2020.", [c("user's sister", "MARRIED_TO", "user's sister's husband", E, year(2020))]),
    ("Sara and her boyfriend split up last year.", [c("Sara", "PARTNER_OF", "Sara's boyfriend", E, year(2023))]),
]

COUPLES = UNDER_WAY + NOBODY_NAMED + WIDOWED + THEIR_PARTNER


@pytest.mark.parametrize("text,expected", COUPLES, ids=[t for t, _ in COUPLES])
def test_a_couple_change(extractor, text, expected):
    assert sorted(_couples(extractor, text)) == sorted(expected)


NO_COUPLE = [
    "Carol is getting a divorce lawyer.",
    "Getting a divorce is expensive.",
    "My parents got divorced when I was ten.",  # a couple said as one plural: nobody to pair
    "I'm married to my job.",
    "I'm married with two kids.",
    "I'm engaged in a big project.",
    "Tom divorced her husband in 2020.",  # "her" is not Tom
    "You roll another six and we get married tonight.",
    "The fun we had when we were married was great.",
    "I'm not married.",
    "Are you married?",
    "I'm widowed.",  # a status with no time: the open rules'
    "The war widowed many women in 1945.",
]


@pytest.mark.parametrize("text", NO_COUPLE)
def test_no_couple_change(extractor, text):
    assert _couples(extractor, text) == []


VAGUE_END = ("turn", "unknown", True)

# a couple parting: separating, a partner walking out, a divorce gone through or made final; an unnamed
# spouse's or fiancee's noun says which tie ended ("my wife and I broke up": the marriage)
PARTED = [
    ("Bruno and I separated in 2021.", [c(U, "PARTNER_OF", "Bruno", E, year(2021))]),
    ("My wife and I separated last October.", [c(U, "MARRIED_TO", "user's wife", E, month("2023-10"))]),
    ("I separated from my husband in 2020.", [c(U, "MARRIED_TO", "user's husband", E, year(2020))]),
    ("My husband and I have been separated since January.", [c(U, "MARRIED_TO", "user's husband", E, month("2024-01"))]),
    ("My wife and I are separated.", [c(U, "MARRIED_TO", "user's wife", E, VAGUE_END)]),
    ("My husband left me in 2017.", [c(U, "MARRIED_TO", "user's husband", E, year(2017))]),
    ("My girlfriend left me.", [c(U, "PARTNER_OF", "user's girlfriend", E, VAGUE_END)]),
    ("Jonas left me for his coworker.", [c(U, "PARTNER_OF", "Jonas", E, VAGUE_END)]),
    ("I left my wife in 2015.", [c(U, "MARRIED_TO", "user's wife", E, year(2015))]),
    ("My boyfriend dumped me last week.", [c(U, "PARTNER_OF", "user's boyfriend", E, LAST_WEEK)]),
    ("My fiancee and I broke up in June.", [c(U, "ENGAGED_TO", "user's fiancee", E, month("2023-06"))]),
    ("My wife and I called it quits in 2019.", [c(U, "MARRIED_TO", "user's wife", E, year(2019))]),
    ("Marta and I are going through a divorce.", [c(U, "MARRIED_TO", "Marta", A, NOW)]),  # as "getting a divorce"
    ("I went through a divorce in 2012.", [c(U, "MARRIED_TO", "user's spouse", E, year(2012))]),
    ("My divorce was finalized in 2018.", [c(U, "MARRIED_TO", "user's spouse", E, year(2018))]),
]


@pytest.mark.parametrize("text,expected", PARTED, ids=[t for t, _ in PARTED])
def test_a_couple_parted(extractor, text, expected):
    assert sorted(_couples(extractor, text)) == sorted(expected)


NO_PARTING = [
    "Bruno and I almost split up.",
    "Are you and Bruno splitting up?",
    "If Bruno and I separate, I'll move out.",
    "My parents separated when I was seven.",  # the parents' marriage, not the speaker's
    "Bruno and I aren't separated.",
    "Tom and I aren't divorced.",
    "We're going through a divorce.",  # under way, nobody named: nothing to say
    "My husband and I are separating.",  # under way: married still
    "Ines left me a voicemail.",
    "My husband left me a message.",
    "My wife left for the office.",
    "My wife left me at the airport.",
    "My husband left me alone with the twins.",
    "My girlfriend left me for a few days.",
    "My husband didn't leave me.",
    "Did your wife leave you?",
    "Ana and I separated the recycling.",
    "Bruno and I broke up a fight at the bar.",
    "I left Wayfair for KPMG last month.",  # a job switch, no couple
]


@pytest.mark.parametrize("text", NO_PARTING)
def test_no_parting(extractor, text):
    assert [r for r in _couples(extractor, text) if r[3] == "end"] == []


@pytest.mark.parametrize("text", ["My ex-husband works at a bakery.", "My late wife grew up in Porto.",
                                  "My ex-wife and I are still friends."])
def test_an_ex_is_not_the_spouse_of_now(extractor, text):
    """"my ex-husband" is not the one "my husband" names: no fact of "user's husband"."""
    assert [r for r in last_turn_rows(extractor, text) if {r[0], r[2]} & {"user's husband", "user's wife"}] == []


# a person and their unnamed partner said together: the partner is theirs
AND_THEIR_PARTNER = [
    ("Sara and her husband came over for dinner.", [c("Sara", "MARRIED_TO", "Sara's husband", A, NOW)]),
    ("I had lunch with Priya and her fiance.", [c("Priya", "ENGAGED_TO", "Priya's fiance", A, NOW)]),
    ("My brother and his wife just had a baby.", [c("user's brother", "MARRIED_TO", "user's brother's wife", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", AND_THEIR_PARTNER, ids=[t for t, _ in AND_THEIR_PARTNER])
def test_a_person_and_their_partner(extractor, text, expected):
    found = [r for r in _couples(extractor, text) if r[0] != U]  # "my brother and his wife": not the speaker's (read elsewhere)
    assert found == expected


@pytest.mark.parametrize("text", [
    "Tom and her husband came over for dinner.",  # "her" is not Tom
    "Sara and her ex-husband still talk.",
    "Sara and her friend came over for dinner.",
])
def test_no_partner_of_theirs(extractor, text):
    assert _couples(extractor, text) == []


# a degree studied for at a school: studying there; one got or finished there: studied there until then
DEGREES = [
    ("I'm doing my PhD at Cornell.", [c(U, "STUDIES_AT", "Cornell", A, NOW)]),
    ("I'm pursuing an MBA at Wharton.", [c(U, "STUDIES_AT", "Wharton", A, NOW)]),
    ("I finished my master's at Yale in 2021.", [c(U, "STUDIES_AT", "Yale", E, year(2021))]),
    ("I earned my bachelor's from UCLA in 2016.", [c(U, "STUDIES_AT", "UCLA", E, year(2016))]),
    # a student's year at a school (a junior at a company is a rank of a job)
    ("I'm a junior at Boston University.", [c(U, "STUDIES_AT", "Boston University", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", DEGREES, ids=[t for t, _ in DEGREES])
def test_a_degree_at_a_school(extractor, text, expected):
    assert sorted(r for r in last_turn_rows(extractor, text) if r[1] in ("STUDIES_AT", "WORKS_AT")) == sorted(expected)


@pytest.mark.parametrize("text", ["I'm getting my degree.", "I got a degree in biology.", "Are you doing a PhD at Yale?",
                                  "I'm a junior at Google.", "I want to do an MBA at Wharton."])
def test_no_school_from_a_degree(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "STUDIES_AT"] == []


# a stay said as time spent: over now (lived or worked there)
SPENT = [
    ("I spent four years in Montreal.", [c(U, "LIVES_IN", "Montreal", E, ("turn", "unknown", True))]),
    ("I spent my twenties in Lagos.", [c(U, "LIVES_IN", "Lagos", E, ("turn", "unknown", True))]),
    ("I spent six years at Oracle.", [c(U, "WORKS_AT", "Oracle", E, ("turn", "unknown", True))]),
]


@pytest.mark.parametrize("text,expected", SPENT, ids=[t for t, _ in SPENT])
def test_a_stay_as_time_spent(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", ["I spent a weekend in Montreal.", "I'll spend a year in Lagos.",
                                  "I never spent a year in Paris.", "I spent four years at Harvard.",
                                  "I spent two hours at Oracle.", "Did you spend a year in Rome?"])
def test_no_stay_as_time_spent(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("LIVES_IN", "WORKS_AT", "STUDIES_AT")] == []
