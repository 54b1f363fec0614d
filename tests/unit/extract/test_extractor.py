"""SpacyRuleExtractor: every sentence kind of the design, with variations of wording and tense.

Each case is the text of the last turn (earlier turns give context) and the exact claims
that turn yields: ``(subject, predicate, object, kind, at, at_precision, observed)``, where
``at`` is ``"turn"`` for the turn time (2024-03-12T09:00Z, a Tuesday) or a UTC date.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import (
    NOW,
    A,
    E,
    U,
    W,
    c,
    last_turn_rows,
    session_of,
)

C = "correct"
FRESH = ("turn", "day", False)  # "just", "now", "today": began when said
VAGUE_END = ("turn", "unknown", True)  # "used to", "no longer": ended some time before


CURRENT_STATE = [
    ("I live in Toronto.", [c(U, "LIVES_IN", "Toronto", A, NOW)]),
    ("Right now I live in Montreal.", [c(U, "LIVES_IN", "Montreal", A, NOW)]),
    ("I currently live in Denver.", [c(U, "LIVES_IN", "Denver", A, NOW)]),
    ("These days I'm living in Lisbon.", [c(U, "LIVES_IN", "Lisbon", A, NOW)]),
    ("I'm based in Berlin.", [c(U, "LIVES_IN", "Berlin", A, NOW)]),
    ("Sam lives in Oslo.", [c("Sam", "LIVES_IN", "Oslo", A, NOW)]),
    ("I still live in Porto.", [c(U, "LIVES_IN", "Porto", A, NOW)]),
    ("I report to Priya.", [c(U, "REPORTS_TO", "Priya", A, NOW)]),
    ("Priya leads the platform team.", [c("Priya", "LEADS", "platform team", A, NOW)]),
    ("Maria heads the design team.", [c("Maria", "LEADS", "design team", A, NOW)]),
    ("Priya is the lead of the platform team.", [c("Priya", "LEADS", "platform team", A, NOW)]),
    ("I'm on the payments team.", [c(U, "MEMBER_OF", "payments team", A, NOW)]),
    ("Tom works on billing.", [c("Tom", "MEMBER_OF", "billing team", A, NOW)]),
    ("I'm studying at McGill.", [c(U, "STUDIES_AT", "McGill", A, NOW)]),
    ("I study computer science at the University of Toronto.", [c(U, "STUDIES_AT", "University of Toronto", A, NOW)]),
    ("I'm a student at McGill.", [c(U, "STUDIES_AT", "McGill", A, NOW)]),
    ("I'm married to Sarah.", [c(U, "MARRIED_TO", "Sarah", A, NOW)]),
    ("I'm dating Alex.", [c(U, "PARTNER_OF", "Alex", A, NOW)]),
    ("We use Postgres and Redis.", [c(W, "USES", "PostgreSQL", A, NOW), c(W, "USES", "Redis", A, NOW)]),
    ("We're using Kubernetes for deployments.", [c(W, "USES", "Kubernetes", A, NOW)]),
    ("I use Vim.", [c(U, "USES", "Vim", A, NOW)]),
    ("I love hiking and skiing.", [c(U, "LIKES", "hiking", A, NOW), c(U, "LIKES", "skiing", A, NOW)]),
    ("I really like Thai food.", [c(U, "LIKES", "Thai food", A, NOW)]),  # a proper adjective keeps its capital
    ("I'm a big fan of Python.", [c(U, "LIKES", "Python", A, NOW)]),
    ("I hate Java.", [c(U, "DISLIKES", "Java", A, NOW)]),
    ("I dislike meetings.", [c(U, "DISLIKES", "meetings", A, NOW)]),
    ("I prefer tea over coffee.", [c(U, "PREFERS", "tea", A, NOW)]),
    ("I prefer Python to Java.", [c(U, "PREFERS", "Python", A, NOW)]),
    ("I own a Kindle.", [c(U, "OWNS", "Kindle", A, NOW)]),
    ("I own a vintage guitar.", [c(U, "OWNS", "vintage guitar", A, NOW)]),
]

STARTS = [
    ("I moved to Vancouver last week.", [c(U, "LIVES_IN", "Vancouver", A, ("2024-03-05", "week", False))]),
    ("I relocated to Berlin in January.", [c(U, "LIVES_IN", "Berlin", A, ("2024-01-01", "month", False))]),
    ("Last Friday I moved to Denver.", [c(U, "LIVES_IN", "Denver", A, ("2024-03-08", "day", False))]),
    ("I moved to Denver.", [c(U, "LIVES_IN", "Denver", A, NOW)]),
    ("I just moved to Lisbon.", [c(U, "LIVES_IN", "Lisbon", A, FRESH)]),
    ("I joined Stripe two weeks ago.", [c(U, "WORKS_AT", "Stripe", A, ("2024-02-27", "week", False))]),
    ("I joined Datadog back in 2021.", [c(U, "WORKS_AT", "Datadog", A, ("2021-01-01", "year", False))]),
    ("I've just joined Stripe.", [c(U, "WORKS_AT", "Stripe", A, FRESH)]),
    ("I started at Google yesterday.", [c(U, "WORKS_AT", "Google", A, ("2024-03-11", "day", False))]),
    ("I got a job at Plaid.", [c(U, "WORKS_AT", "Plaid", A, NOW)]),
    ("I got a job at Plaid a few days ago.", [c(U, "WORKS_AT", "Plaid", A, ("2024-03-09", "day", False))]),
    ("Starting today Priya leads the platform team.", [c("Priya", "LEADS", "platform team", A, FRESH)]),
    ("As of today Tom runs the billing team.", [c("Tom", "LEADS", "billing team", A, FRESH)]),
    ("From next week Priya leads the data team.", [c("Priya", "LEADS", "data team", A, ("2024-03-19", "week", False))]),
    ("Priya is now leading the platform team.", [c("Priya", "LEADS", "platform team", A, FRESH)]),
    ("She took over the platform team last month.", []),  # no antecedent for "she"
    ("I now report to Priya.", [c(U, "REPORTS_TO", "Priya", A, FRESH)]),
    ("I report to Tom now.", [c(U, "REPORTS_TO", "Tom", A, FRESH)]),
    ("I joined the billing team in January.", [c(U, "MEMBER_OF", "billing team", A, ("2024-01-01", "month", False))]),
    ("I've lived in Berlin since 2019.", [c(U, "LIVES_IN", "Berlin", A, ("2019-01-01", "year", False))]),
    ("I've been working at Google for three years.", [c(U, "WORKS_AT", "Google", A, ("2021-03-12", "year", False))]),
    ("We switched to GitHub Actions last month.", [c(W, "USES", "GitHub Actions", A, ("2024-02-01", "month", False))]),
    ("We started using Terraform in May.", [c(W, "USES", "Terraform", A, ("2023-05-01", "month", False))]),
    ("We adopted Kafka last year.", [c(W, "USES", "Kafka", A, ("2023-01-01", "year", False))]),
    ("We upgraded to Python 3.12 yesterday.", [c(W, "USES", "Python 3.12", A, ("2024-03-11", "day", False))]),
    ("I enrolled at MIT last fall.", [c(U, "STUDIES_AT", "MIT", A, ("2023-09-01", "season", False))]),
    ("I got married to Sarah last year.", [c(U, "MARRIED_TO", "Sarah", A, ("2023-01-01", "year", False))]),
    ("Emma and I got married last June.", [c(U, "MARRIED_TO", "Emma", A, ("2023-06-01", "month", False))]),
    ("I married Sarah in 2015.", [c(U, "MARRIED_TO", "Sarah", A, ("2015-01-01", "year", False))]),
    ("I got engaged to Mia last month.", [c(U, "ENGAGED_TO", "Mia", A, ("2024-02-01", "month", False))]),
    ("I bought a new bike last week.", [c(U, "OWNS", "bike", A, ("2024-03-05", "week", False))]),
    ("I bought a Tesla in 2022.", [c(U, "OWNS", "Tesla", A, ("2022-01-01", "year", False))]),
    ("I got promoted to senior engineer last month.", [c(U, "HAS_ROLE", "senior engineer", A, ("2024-02-01", "month", False))]),
    ("I became a manager in 2022.", [c(U, "HAS_ROLE", "manager", A, ("2022-01-01", "year", False))]),
]

FUTURE = [
    ("I'm moving to Toronto in December.", [c(U, "LIVES_IN", "Toronto", A, ("2024-12-01", "month", False))]),
    ("I'm moving to Berlin in two weeks.", [c(U, "LIVES_IN", "Berlin", A, ("2024-03-26", "week", False))]),
    ("I'll start at Google in May.", [c(U, "WORKS_AT", "Google", A, ("2024-05-01", "month", False))]),
    ("I'm joining Stripe next month.", [c(U, "WORKS_AT", "Stripe", A, ("2024-04-01", "month", False))]),
    ("Tom is moving to the data team next month.", [c("Tom", "MEMBER_OF", "data team", A, ("2024-04-01", "month", False))]),
    ("I'm leaving Shopify at the end of the month.", [c(U, "WORKS_AT", "Shopify", E, ("2024-03-31", "day", False))]),
    ("I'm moving to Berlin.", []),  # a plan without a date is no fact
    ("We'll switch to Rust.", []),
]

ENDINGS = [
    ("I left Shopify at the end of August.", [c(U, "WORKS_AT", "Shopify", E, ("2023-08-31", "day", False))]),
    ("I quit Shopify last month.", [c(U, "WORKS_AT", "Shopify", E, ("2024-02-01", "month", False))]),
    ("I quit my job at Amazon in May.", [c(U, "WORKS_AT", "Amazon", E, ("2023-05-01", "month", False))]),
    ("I got laid off from Meta in January.", [c(U, "WORKS_AT", "Meta", E, ("2024-01-01", "month", False))]),
    ("I left Shopify.", [c(U, "WORKS_AT", "Shopify", E, VAGUE_END)]),
    ("I left Berlin in 2020.", [c(U, "LIVES_IN", "Berlin", E, ("2020-01-01", "year", False))]),
    ("I moved out of Berlin in May.", [c(U, "LIVES_IN", "Berlin", E, ("2023-05-01", "month", False))]),
    ("Tom no longer works on billing.", [c("Tom", "MEMBER_OF", "billing team", E, VAGUE_END)]),
    ("Tom isn't on the billing team anymore.", [c("Tom", "MEMBER_OF", "billing team", E, VAGUE_END)]),
    ("I don't work at Google anymore.", [c(U, "WORKS_AT", "Google", E, VAGUE_END)]),
    ("I'm no longer at Shopify.", [c(U, "WORKS_AT", "Shopify", E, VAGUE_END)]),
    ("I no longer use Jenkins.", [c(U, "USES", "Jenkins", E, VAGUE_END)]),
    ("I used to live in Lisbon.", [c(U, "LIVES_IN", "Lisbon", E, VAGUE_END)]),
    ("I used to work at Google.", [c(U, "WORKS_AT", "Google", E, VAGUE_END)]),
    ("We used to use Jenkins.", [c(W, "USES", "Jenkins", E, VAGUE_END)]),
    ("We stopped using Jenkins last year.", [c(W, "USES", "Jenkins", E, ("2023-01-01", "year", False))]),
    ("We got rid of Jenkins last year.", [c(W, "USES", "Jenkins", E, ("2023-01-01", "year", False))]),
    ("We dropped Jenkins in January.", [c(W, "USES", "Jenkins", E, ("2024-01-01", "month", False))]),
    ("I lived in Lisbon until 2020.", [c(U, "LIVES_IN", "Lisbon", E, ("2020-01-01", "year", False))]),
    ("I graduated from McGill in 2019.", [c(U, "STUDIES_AT", "McGill", E, ("2019-01-01", "year", False))]),
    ("I broke up with Alex in June.", [c(U, "PARTNER_OF", "Alex", E, ("2023-06-01", "month", False))]),
    ("I got divorced from Sarah last year.", [c(U, "MARRIED_TO", "Sarah", E, ("2023-01-01", "year", False))]),
    ("I sold my car last month.", [c(U, "OWNS", "car", E, ("2024-02-01", "month", False))]),
]

WEEKEND = ("2024-03-09", "day", False)
SWITCHES = [
    ("We upgraded Postgres from 13 to 14 over the weekend.",
     [c(W, "USES", "PostgreSQL 13", E, WEEKEND), c(W, "USES", "PostgreSQL 14", A, WEEKEND)]),
    ("Over the weekend we upgraded Python from 3.11 to 3.12.",
     [c(W, "USES", "Python 3.11", E, WEEKEND), c(W, "USES", "Python 3.12", A, WEEKEND)]),
    ("We replaced Redis with Memcached for the session cache.",
     [c(W, "USES", "Redis", E, NOW), c(W, "USES", "Memcached", A, NOW)]),
    ("Last Friday we swapped Jenkins for CircleCI.",
     [c(W, "USES", "Jenkins", E, ("2024-03-08", "day", False)),
      c(W, "USES", "CircleCI", A, ("2024-03-08", "day", False))]),
    ("We moved CI from Jenkins to GitHub Actions in August.",
     [c(W, "USES", "Jenkins", E, ("2023-08-01", "month", False)),
      c(W, "USES", "GitHub Actions", A, ("2023-08-01", "month", False))]),
    ("We migrated from MySQL to PostgreSQL in 2022.",
     [c(W, "USES", "MySQL", E, ("2022-01-01", "year", False)),
      c(W, "USES", "PostgreSQL", A, ("2022-01-01", "year", False))]),
    ("We switched from Jenkins to CircleCI last month.",
     [c(W, "USES", "Jenkins", E, ("2024-02-01", "month", False)),
      c(W, "USES", "CircleCI", A, ("2024-02-01", "month", False))]),
    ("I moved from Toronto to Vancouver in May.",
     [c(U, "LIVES_IN", "Toronto", E, ("2023-05-01", "month", False)),
      c(U, "LIVES_IN", "Vancouver", A, ("2023-05-01", "month", False))]),
]

ROLES = [
    ("I work at Shopify as a backend developer.",
     [c(U, "WORKS_AT", "Shopify", A, NOW), c(U, "HAS_ROLE", "backend developer", A, NOW)]),
    ("I joined Stripe as a data engineer.",
     [c(U, "WORKS_AT", "Stripe", A, NOW), c(U, "HAS_ROLE", "data engineer", A, NOW)]),
    ("I joined Stripe as a data engineer two weeks ago.",
     [c(U, "WORKS_AT", "Stripe", A, ("2024-02-27", "week", False)),
      c(U, "HAS_ROLE", "data engineer", A, ("2024-02-27", "week", False))]),
    ("I started a new job at Datadog as a product manager last month.",
     [c(U, "WORKS_AT", "Datadog", A, ("2024-02-01", "month", False)),
      c(U, "HAS_ROLE", "product manager", A, ("2024-02-01", "month", False))]),
    ("I'm a data engineer at Stripe.", [c(U, "WORKS_AT", "Stripe", A, NOW), c(U, "HAS_ROLE", "data engineer", A, NOW)]),
    ("I'm a software engineer.", [c(U, "HAS_ROLE", "software engineer", A, NOW)]),
    ("I'm now a senior engineer.", [c(U, "HAS_ROLE", "senior engineer", A, FRESH)]),
]

KINSHIP = [
    ("My sister Emma just started a new job at Google in Zurich.",
     [c(U, "SIBLING_OF", "Emma", A, NOW), c("Emma", "WORKS_AT", "Google", A, FRESH), c("Emma", "LIVES_IN", "Zurich", A, NOW)]),
    ("My brother Tom lives in Oslo.", [c(U, "SIBLING_OF", "Tom", A, NOW), c("Tom", "LIVES_IN", "Oslo", A, NOW)]),
    ("Tom, my brother, lives in Oslo.", [c(U, "SIBLING_OF", "Tom", A, NOW), c("Tom", "LIVES_IN", "Oslo", A, NOW)]),
    ("Emma is my sister.", [c(U, "SIBLING_OF", "Emma", A, NOW)]),
    ("I have a sister named Emma.", [c(U, "SIBLING_OF", "Emma", A, NOW)]),
    ("My wife Sarah is a nurse.", [c(U, "MARRIED_TO", "Sarah", A, NOW), c("Sarah", "HAS_ROLE", "nurse", A, NOW)]),
    ("My husband Mark works at Google.", [c(U, "MARRIED_TO", "Mark", A, NOW), c("Mark", "WORKS_AT", "Google", A, NOW)]),
    ("My partner Alex is a nurse.", [c(U, "PARTNER_OF", "Alex", A, NOW), c("Alex", "HAS_ROLE", "nurse", A, NOW)]),
    ("My girlfriend Mia loves jazz.", [c(U, "PARTNER_OF", "Mia", A, NOW), c("Mia", "LIKES", "jazz", A, NOW)]),
    ("My boss Priya is great.", [c(U, "REPORTS_TO", "Priya", A, NOW)]),
    ("Priya is my manager.", [c(U, "REPORTS_TO", "Priya", A, NOW)]),
    ("My manager Priya moved to Berlin.", [c(U, "REPORTS_TO", "Priya", A, NOW), c("Priya", "LIVES_IN", "Berlin", A, NOW)]),
    ("My mom Linda lives in Ohio.", [c("Linda", "PARENT_OF", U, A, NOW), c("Linda", "LIVES_IN", "Ohio", A, NOW)]),
    ("My dad John moved to Florida last year.",
     [c("John", "PARENT_OF", U, A, NOW), c("John", "LIVES_IN", "Florida", A, ("2023-01-01", "year", False))]),
    ("My daughter Lily started school.", [c(U, "PARENT_OF", "Lily", A, NOW), c("Lily", "STUDIES_AT", "school", A, NOW)]),
    ("My best friend Jake lives in Denver.", [c(U, "FRIEND_OF", "Jake", A, NOW), c("Jake", "LIVES_IN", "Denver", A, NOW)]),
    ("My ex-wife Anna lives in Paris.", [c(U, "MARRIED_TO", "Anna", E, VAGUE_END), c("Anna", "LIVES_IN", "Paris", A, NOW)]),
    ("My former boss Tom moved to Berlin.", [c(U, "REPORTS_TO", "Tom", E, VAGUE_END), c("Tom", "LIVES_IN", "Berlin", A, NOW)]),
    ("My cousin Ana lives in Lima.", [c(U, "RELATED_TO", "Ana", A, NOW), c("Ana", "LIVES_IN", "Lima", A, NOW)]),
    ("My dog Rex is sick.", [c(U, "HAS_PET", "Rex", A, NOW)]),
    ("Our cat Luna is sick.", [c(W, "HAS_PET", "Luna", A, NOW)]),
    ("We adopted a cat named Luna last month.", [c(W, "HAS_PET", "Luna", A, ("2024-02-01", "month", False))]),
    ("I got a puppy called Max last week.", [c(U, "HAS_PET", "Max", A, ("2024-03-05", "week", False))]),
    ("I have a dog named Biscuit.", [c(U, "HAS_PET", "Biscuit", A, NOW)]),
]

CASES = CURRENT_STATE + STARTS + FUTURE + ENDINGS + SWITCHES + ROLES + KINSHIP


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_sentence(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


# Context: pronouns, "there", corrections that refer back to earlier turns.
CONTEXT = [
    (["My sister Emma just started a new job at Google in Zurich.", "She moved there in January."],
     [c("Emma", "LIVES_IN", "Zurich", A, ("2024-01-01", "month", False))]),
    (["My brother Tom and my sister Anna live in Oslo.", "She moved there in 2020."],
     [c("Anna", "LIVES_IN", "Oslo", A, ("2020-01-01", "year", False))]),
    (["My brother Tom and my sister Anna live in Oslo.", "He works at Spotify."],
     [c("Tom", "WORKS_AT", "Spotify", A, NOW)]),
    (["Priya joined last week.", "She now leads the platform team."], [c("Priya", "LEADS", "platform team", A, FRESH)]),
    (["My sister Emma lives in Zurich.", "She took over the data team last month."],
     [c("Emma", "LEADS", "data team", A, ("2024-02-01", "month", False))]),
    (["I joined Stripe two weeks ago.", "Actually it was Plaid, not Stripe."],
     [("user", "WORKS_AT", "Plaid", C, "2024-02-27", "week", False)]),
    (["I moved to Berlin in May.", "Sorry, I meant Munich."], [c(U, "LIVES_IN", "Munich", C, ("2023-05-01", "month", False))]),
    (["We moved CI to Jenkins last year.", "Sorry, I meant CircleCI."],
     [c(W, "USES", "CircleCI", C, ("2023-01-01", "year", False))]),
    (["I work at Google as a designer.", "I quit last month."], [c(U, "WORKS_AT", "Google", E, ("2024-02-01", "month", False))]),
    (["I used to work at Apple, but I resigned in 2021."],
     [c(U, "WORKS_AT", "Apple", E, VAGUE_END), c(U, "WORKS_AT", "Apple", E, ("2021-01-01", "year", False))]),
    (["I quit last month."], []),  # quit what? nothing named before
    # "she" is the unnamed mom, not Priya; an unnamed parent is no fact of its own (everyone has one), but where
    # she lives is, and since when ("she" means the speaker's mom)
    (["Priya moved to Lisbon.", "My mom lives in Porto. She moved there in 2010."],
     [c("user's mom", "LIVES_IN", "Porto", A, NOW), c("user's mom", "LIVES_IN", "Porto", A, ("2010-01-01", "year", False))]),
    (["Tom lives in Oslo.", "My sister works at Spotify. He moved there in 2019."],
     [c("Tom", "LIVES_IN", "Oslo", A, ("2019-01-01", "year", False)), c(U, "SIBLING_OF", "user's sister", A, NOW),
      c("user's sister", "WORKS_AT", "Spotify", A, NOW)]),
]


@pytest.mark.parametrize(("texts", "expected"), CONTEXT, ids=[t[-1] for t, _ in CONTEXT])
def test_in_context(extractor, texts, expected):
    assert sorted(last_turn_rows(extractor, *texts)) == sorted(expected)


IN_SENTENCE_CORRECTIONS = [
    ("I joined Plaid, not Stripe.", ("user", "WORKS_AT", "Plaid", "Stripe")),
    ("I moved to Munich, not Berlin.", ("user", "LIVES_IN", "Munich", "Berlin")),
    ("We switched to CircleCI, not Travis.", ("user", "USES", "CircleCI", "Travis CI")),
    ("Actually, I work at Pinterest, not Snap.", ("user", "WORKS_AT", "Pinterest", "Snap")),  # "Snap" parsed as an adjective
]


@pytest.mark.parametrize(("text", "expected"), IN_SENTENCE_CORRECTIONS, ids=[t for t, _ in IN_SENTENCE_CORRECTIONS])
def test_correction_in_the_sentence(extractor, text, expected):
    result = extractor.extract(session_of(text))
    names = {e.id: e.name for e in result.entities}
    [claim] = result.claims
    assert claim.kind == "correct"
    assert (names[claim.subject_id], claim.predicate, names[claim.object_id], names[claim.replaces_object_id]) == expected


NO_FACTS = [
    "Do you live in Paris?", "Where does Tom work?", "Where does Tom work", "Are you still at Shopify",
    "Is Tom moving to Berlin?", "Did you join Stripe?",
    "If I got the job I'd move to Berlin.", "If we get funding we will switch to Rust.", "Imagine if I lived in Paris.",
    "I wish I lived in Paris.",
    "I might move to Berlin.", "I would love to work at Google.", "maybe we'll switch to Rust", "I could work at Stripe.",
    "I should move to Berlin.", "I'd like to work at Stripe.", "We may migrate to Kubernetes next year.",
    "Perhaps I live in Berlin.", "We'll probably move to Lisbon next year.", "I moved to Berlin, probably in 2019.",
    "I keep thinking about moving to Vancouver someday.", "We considered MongoDB but decided against it.",
    "I was going to move to Berlin but didn't.", "I want to join Google.", "I'm thinking of switching to Rust.",
    "We're planning to migrate to Kubernetes next year.", "I hope to move to Lisbon next year.",
    "I almost joined Stripe.", "We talked about replacing Redis with Memcached.", "I think Tom moved to Berlin.",
    "I don't live in Paris.", "we never used Jenkins", "I'm not moving to Berlin.", "I didn't join Stripe.",
    "Tom doesn't work at Google.", "I have never lived in Paris.", "Priya isn't my manager.", "I don't have a dog named Rex.",
    "I'm moving to Berlin.", "I will move to Berlin.", "We'll switch to Rust.",
    "I love you.", "I like it.", "I'm a big mess.", "I work hard.", "I live here.", "I've lived in Berlin.",
    "We got married.",  # (a bare past of a home or a job is over: tests/unit/extract/test_bare_pasts.py)
    # look-alikes of fact patterns
    "I joined Tom for dinner.", "I started at 9am today.", "I left my keys at home.", "I quit smoking last year.",
    "I left the party early.", "I'm at Starbucks.", "I'm on Twitter.",
    "We moved the meeting to Friday.", "I moved my stuff to Berlin.", "I live in fear.", "I work for myself.",
    # "I love Sarah." left this list: an explicit liking of a named person is LIKES now
    # (chronomem.extract.rules.people.impressions; tests/unit/extract/test_people.py)
    "I work from home.", "I bought groceries.", "Congrats on joining Stripe!",
    "Thanks for recommending Postgres.", "Priya told me to join Stripe.", "Alex leads by example.",
]


@pytest.mark.parametrize("text", NO_FACTS)
def test_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []
