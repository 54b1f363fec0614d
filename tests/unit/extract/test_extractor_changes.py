"""Rules for relationships, leads, titles, managers and switches between employers or cities
(own wordings, not benchmark text).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import (
    EVENT_PREDICATES,
    NOW,
    A,
    E,
    U,
    W,
    c,
    day,
    last_turn_rows,
    month,
)

LAST_WEEK = ("2024-03-05", "week", False)

CASES = [
    # couples: dating, getting together, breaking up
    ("I started dating Haruto on February 2.", [c(U, "PARTNER_OF", "Haruto", A, day("2024-02-02"))]),
    ("Marisol and I got together in October 2021.", [c(U, "PARTNER_OF", "Marisol", A, month("2021-10"))]),
    ("I've been seeing Tobiah since March 2019.", [c(U, "PARTNER_OF", "Tobiah", A, month("2019-03"))]),
    ("Quentin has been seeing Odile since 2020.", [c("Quentin", "PARTNER_OF", "Odile", A, ("2020-01-01", "year", False))]),
    ("Two days ago, Renata and I became a couple.", [c(U, "PARTNER_OF", "Renata", A, day("2024-03-10"))]),
    ("I've been with Ignacio since June 2015.", [c(U, "PARTNER_OF", "Ignacio", A, month("2015-06"))]),
    ("Last month, I started going out with Leilani.", [c(U, "PARTNER_OF", "Leilani", A, month("2024-02"))]),
    ("Bastian and I broke up on March 3.", [c(U, "PARTNER_OF", "Bastian", E, day("2024-03-03"))]),
    ("Priyanka and Tomas split up in January.", [c("Priyanka", "PARTNER_OF", "Tomas", E, month("2024-01"))]),
    ("Anouk and I called it quits last week.", [c(U, "PARTNER_OF", "Anouk", E, LAST_WEEK)]),
    ("I ended things with Casimir on March 1.", [c(U, "PARTNER_OF", "Casimir", E, day("2024-03-01"))]),
    # leads changing hands
    ("I stepped down as lead of the payments team on March 4.", [c(U, "LEADS", "payments team", E, day("2024-03-04"))]),
    ("Wendell gave up the lead of the data team last week.", [c("Wendell", "LEADS", "data team", E, LAST_WEEK)]),
    ("Ottilie handed off the search team in February.", [c("Ottilie", "LEADS", "search team", E, month("2024-02"))]),
    ("Nadia was put in charge of the growth team on March 5.",
     [c("Nadia", "LEADS", "growth team", A, day("2024-03-05"))]),
    ("Devika is in charge of the billing team.", [c("Devika", "LEADS", "billing team", A, NOW)]),
    ("In February, Kwame replaced Ilse as the lead of the mobile team.",
     [c("Kwame", "LEADS", "mobile team", A, month("2024-02")), c("Ilse", "LEADS", "mobile team", E, month("2024-02"))]),
    # titles, roles, managers
    ("My title changed to staff engineer in January.", [c(U, "HAS_ROLE", "staff engineer", A, month("2024-01"))]),
    ("Yusra's title changed to data analyst on March 1.", [c("Yusra", "HAS_ROLE", "data analyst", A, day("2024-03-01"))]),
    ("Last month I moved into a product designer role.", [c(U, "HAS_ROLE", "product designer", A, month("2024-02"))]),
    ("I got a new manager on March 4: Benedikt.", [c(U, "REPORTS_TO", "Benedikt", A, day("2024-03-04"))]),
    ("I changed teams in January and now report to Solveig.", [c(U, "REPORTS_TO", "Solveig", A, month("2024-01"))]),
    # a person moving between employers or cities
    ("Ezra switched from Klarna to Adyen in February.",
     [c("Ezra", "WORKS_AT", "Klarna", E, month("2024-02")), c("Ezra", "WORKS_AT", "Adyen", A, month("2024-02"))]),
    ("I switched jobs from Atlassian to Canva last month.",
     [c(U, "WORKS_AT", "Atlassian", E, month("2024-02")), c(U, "WORKS_AT", "Canva", A, month("2024-02"))]),
    ("I left Stripe for Plaid in January.",
     [c(U, "WORKS_AT", "Stripe", E, month("2024-01")), c(U, "WORKS_AT", "Plaid", A, month("2024-01"))]),
    ("I left Lisbon for Madrid in January.",
     [c(U, "LIVES_IN", "Lisbon", E, month("2024-01")), c(U, "LIVES_IN", "Madrid", A, month("2024-01"))]),
    # pets arriving and leaving, the name next to the pet noun
    ("Yesterday I brought home a kitten called Pixel.", [c(U, "HAS_PET", "Pixel", A, day("2024-03-11"))]),
    ("I've had my gecko Ziggy since October.", [c(U, "HAS_PET", "Ziggy", A, month("2023-10"))]),
    ("Biscuit, my old dog, passed away in January.", [c(U, "HAS_PET", "Biscuit", E, month("2024-01"))]),
    ("Last week I had to rehome my rabbit Clover.", [c(U, "HAS_PET", "Clover", E, LAST_WEEK)]),
    ("I gave my hamster Peanut to my niece in 2022.", [c(U, "HAS_PET", "Peanut", E, ("2022-01-01", "year", False))]),
    # tools the parser reads as adverbs, "it" for the tool named before, "version 3.10"
    ("We run Zulip.", [c(W, "USES", "Zulip", A, NOW)]),
    # a stack said with "be on": with a version, "still" or a time (not "we're on Zoom", a call)
    ("We're on MySQL 8.", [c(W, "USES", "MySQL 8", A, NOW)]),
    ("We're still on Python 2.", [c(W, "USES", "Python 2", A, NOW)]),
    # a tool left with none said to go to
    ("We moved off Heroku last month.", [c(W, "USES", "Heroku", E, month("2024-02"))]),
    ("We migrated away from Jira in January.", [c(W, "USES", "Jira", E, month("2024-01"))]),
    ("We stopped using Splunk; we shut it down in February.",
     [c(W, "USES", "Splunk", E, ("turn", "unknown", True)), c(W, "USES", "Splunk", E, month("2024-02"))]),
    ("In January we upgraded Python from version 3.11 to 3.12.",
     [c(W, "USES", "Python 3.11", E, month("2024-01")), c(W, "USES", "Python 3.12", A, month("2024-01"))]),
    # settling, new homes, swapping cities, tying the knot
    ("I finally settled in Lisbon in January.", [c(U, "LIVES_IN", "Lisbon", A, month("2024-01"))]),
    ("Two days ago I moved into a new flat in Vienna.", [c(U, "LIVES_IN", "Vienna", A, day("2024-03-10"))]),
    ("In February, I swapped Madrid for Lisbon.",
     [c(U, "LIVES_IN", "Madrid", E, month("2024-02")), c(U, "LIVES_IN", "Lisbon", A, month("2024-02"))]),
    ("Noor and I tied the knot on March 2.", [c(U, "MARRIED_TO", "Noor", A, day("2024-03-02"))]),
    ("Tobias married Ingrid today.", [c("Tobias", "MARRIED_TO", "Ingrid", A, ("turn", "day", False))]),
    # sentence-initial names the small model tags as common nouns; "works as" names a role
    ("Pablo lives in Quito.", [c("Pablo", "LIVES_IN", "Quito", A, NOW)]),
    ("Marisol works as a physiotherapist.", [c("Marisol", "HAS_ROLE", "physiotherapist", A, NOW)]),
    ("I'm a point guard for the team.", [c(U, "HAS_ROLE", "point guard", A, NOW)]),  # a position on a team is a role
    # a tool the parser reads as punctuation, versions in one number phrase
    ("We replaced RabbitMQ with Kafka last week.",
     [c(W, "USES", "RabbitMQ", E, LAST_WEEK), c(W, "USES", "Kafka", A, LAST_WEEK)]),
    ("Yesterday, we upgraded Python from version 3.9 to 3.10.",
     [c(W, "USES", "Python 3.9", E, day("2024-03-11")), c(W, "USES", "Python 3.10", A, day("2024-03-11"))]),
    # switches the parse scattered: read from the words; versions NER folded into a date
    ("We moved team chat from Slack to Zulip two days ago.",
     [c(W, "USES", "Slack", E, day("2024-03-10")), c(W, "USES", "Zulip", A, day("2024-03-10"))]),
    ("We upgraded Postgres from 15 to 16 last month.",
     [c(W, "USES", "PostgreSQL 15", E, month("2024-02")), c(W, "USES", "PostgreSQL 16", A, month("2024-02"))]),
    ("We moved from Python 3.11 to Python 3.12 last month.",
     [c(W, "USES", "Python 3.11", E, month("2024-02")), c(W, "USES", "Python 3.12", A, month("2024-02"))]),
    # titles in a copula (with the value corrected), promotions the parser reads as "to <verb>"
    ("My title is staff engineer.", [c(U, "HAS_ROLE", "staff engineer", A, NOW)]),
    ("I was promoted to backend developer last week.", [c(U, "HAS_ROLE", "backend developer", A, LAST_WEEK)]),
    # first and last days, a name NER ran into a date, couples after a kin word, "over the weekend"
    ("My last day at Siemens was on March 1.", [c(U, "WORKS_AT", "Siemens", E, day("2024-03-01"))]),
    ("My first day at Mozilla was on February 19.", [c(U, "WORKS_AT", "Mozilla", A, day("2024-02-19"))]),
    ("I stopped working at Moderna a few days ago.", [c(U, "WORKS_AT", "Moderna", E, day("2024-03-09"))]),
    ("My friend Felix and Tessa got married in November.",
     [c(U, "FRIEND_OF", "Felix", A, NOW), c("Felix", "MARRIED_TO", "Tessa", A, month("2023-11"))]),
    ("Victor and Simon got together over the weekend.", [c("Victor", "PARTNER_OF", "Simon", A, day("2024-03-09"))]),
    # a first name the parser hung as an adverb or modifier; a pet given as a dative; a tool as punctuation
    ("Raj lives in Tokyo.", [c("Raj", "LIVES_IN", "Tokyo", A, NOW)]),
    ("I gave my dog Chewie to my parents last week.", [c(U, "HAS_PET", "Chewie", E, LAST_WEEK)]),  # parents: no one in particular
    ("We've been on CircleCI since May 12.", [c(W, "USES", "CircleCI", A, day("2023-05-12"))]),
    # a switch dated lower in the parse; a finished upgrade or migration (a noun)
    ("We moved monitoring from Prometheus to Datadog on November 29, 2019.",
     [c(W, "USES", "Prometheus", E, day("2019-11-29")), c(W, "USES", "Datadog", A, day("2019-11-29"))]),
    ("We finished the Postgres 14 to 15 upgrade on November 15.",
     [c(W, "USES", "PostgreSQL 14", E, day("2023-11-15")), c(W, "USES", "PostgreSQL 15", A, day("2023-11-15"))]),
    ("We completed the migration from Jira to Linear last week.",
     [c(W, "USES", "Jira", E, LAST_WEEK), c(W, "USES", "Linear", A, LAST_WEEK)]),
    # a tool hung under the governing verb, a pet name the parser reads as a plural noun, a name after ":"
    ("We started using RabbitMQ last Tuesday.", [c(W, "USES", "RabbitMQ", A, day("2024-03-05"))]),
    ("I lost my dog Pickles on March 2.", [c(U, "HAS_PET", "Pickles", E, day("2024-03-02"))]),
    # what "named" names is a name, whatever the tagger made of it (a plural noun, an organisation)
    ("I adopted a dog named Pickles on June 23.", [c(U, "HAS_PET", "Pickles", A, day("2023-06-23"))]),
    ("I have a cat named Whiskers.", [c(U, "HAS_PET", "Whiskers", A, NOW)]),
    ("I got a new manager in July: Nora.", [c(U, "REPORTS_TO", "Nora", A, month("2023-07"))]),
    # more parser slips: a pet noun as an adjective, tools as punctuation or adverbs, a date after "on"
    ("My parrot Noodle is doing great.", [c(U, "HAS_PET", "Noodle", A, NOW)]),
    ("We rely on RabbitMQ for the job queue.", [c(W, "USES", "RabbitMQ", A, NOW)]),
    ("We dropped RabbitMQ in favor of Kafka last week.", [c(W, "USES", "RabbitMQ", E, LAST_WEEK), c(W, "USES", "Kafka", A, LAST_WEEK)]),
    ("I finally settled in Munich on March 2.", [c(U, "LIVES_IN", "Munich", A, day("2024-03-02"))]),
    # a role the parser broke after its first noun ("team" the attribute, "lead" beside it or under it)
    ("I became a team lead at Spotify in 2022.",
     [c(U, "WORKS_AT", "Spotify", A, ("2022-01-01", "year", False)), c(U, "HAS_ROLE", "team lead", A, ("2022-01-01", "year", False))]),
    ("Maria is a team lead at Spotify.", [c("Maria", "WORKS_AT", "Spotify", A, NOW), c("Maria", "HAS_ROLE", "team lead", A, NOW)]),
    ("Kevin was a team lead at Zalando until 2021.",
     [c("Kevin", "WORKS_AT", "Zalando", E, ("2021-01-01", "year", False)), c("Kevin", "HAS_ROLE", "team lead", E, ("2021-01-01", "year", False))]),  # noqa: E501
    ("Tom is a team player.", [c("Tom", "RELATED_TO", "team player", A, NOW)]),  # an open fact, not LEADS
    # a name after a kin word that the parser hung on the verb as an adverb ("Raj" RB)
    ("My husband Raj got a job at Infosys.", [c(U, "MARRIED_TO", "Raj", A, NOW), c("Raj", "WORKS_AT", "Infosys", A, NOW)]),
    # "dropped X for Y": Y replaces X when Y is a named tool; a reason after "for" names nothing
    ("We ditched Jira for Linear in April.", [c(W, "USES", "Jira", E, month("2023-04")), c(W, "USES", "Linear", A, month("2023-04"))]),
    ("Last year we abandoned Travis CI for GitHub Actions.",
     [c(W, "USES", "Travis CI", E, ("2023-01-01", "year", False)), c(W, "USES", "GitHub Actions", A, ("2023-01-01", "year", False))]),
    ("We dropped Heroku for cost reasons in 2022.", [c(W, "USES", "Heroku", E, ("2022-01-01", "year", False))]),
    ("Olivia left Phoenix for Denver a few days ago.",
     [c("Olivia", "LIVES_IN", "Phoenix", E, day("2024-03-09")), c("Olivia", "LIVES_IN", "Denver", A, day("2024-03-09"))]),
    # "still at" an employer; a kin word inside a possessive; an ending dated in the next clause
    ("I'm still at Lyft.", [c(U, "WORKS_AT", "Lyft", A, NOW)]),
    ("My sister Nora's partner is Clara.", [c("Nora", "PARTNER_OF", "Clara", A, NOW), c(U, "SIBLING_OF", "Nora", A, NOW)]),
    ("Paula is no longer leading the search team; she stepped down last Sunday.",
     [c("Paula", "LEADS", "search team", E, ("turn", "unknown", True)), c("Paula", "LEADS", "search team", E, day("2024-03-10"))]),
    # a name as an adjective complement, a pet name hung on the verb, a date under "named"
    ("Omar's manager is Oliver.", [c("Omar", "REPORTS_TO", "Oliver", A, NOW)]),
    ("My rabbit Maple is doing great.", [c(U, "HAS_PET", "Maple", A, NOW)]),
    ("I adopted a rabbit named Maple in June.", [c(U, "HAS_PET", "Maple", A, month("2023-06"))]),
    # roles after "to" read as verbs, "out for", a dotted version upgrade, a pet as a clausal object
    ("Oliver was promoted to architect last week.", [c("Oliver", "HAS_ROLE", "architect", A, LAST_WEEK)]),
    ("My title changed to frontend developer earlier this year.",
     [c(U, "HAS_ROLE", "frontend developer", A, ("2024-01-01", "year", False))]),
    ("We swapped GitHub Actions out for Buildkite last week.",
     [c(W, "USES", "GitHub Actions", E, LAST_WEEK), c(W, "USES", "Buildkite", A, LAST_WEEK)]),
    ("We finished the Python 3.8 to 3.9 upgrade over the weekend.",
     [c(W, "USES", "Python 3.8", E, day("2024-03-09")), c(W, "USES", "Python 3.9", A, day("2024-03-09"))]),
    ("Tessa has had her tortoise Whiskers since March 2021.", [c("Tessa", "HAS_PET", "Whiskers", A, month("2021-03"))]),
    ("On March 1, Helen moved from Adobe to Stripe.",
     [c("Helen", "WORKS_AT", "Adobe", E, day("2024-03-01")), c("Helen", "WORKS_AT", "Stripe", A, day("2024-03-01"))]),
    ("Last week, we upgraded Postgres from version 11 to 12.",
     [c(W, "USES", "PostgreSQL 11", E, LAST_WEEK), c(W, "USES", "PostgreSQL 12", A, LAST_WEEK)]),
    ("I've been working as a machine learning engineer since March 4.",
     [c(U, "HAS_ROLE", "machine learning engineer", A, day("2024-03-04"))]),
    ("Zoe left Brightwave for Pfizer in 2022.",
     [c("Zoe", "WORKS_AT", "Brightwave", E, ("2022-01-01", "year", False)), c("Zoe", "WORKS_AT", "Pfizer", A, ("2022-01-01", "year", False))]),  # noqa: E501
    ("I got a new manager on March 30, 2023: Emma.", [c(U, "REPORTS_TO", "Emma", A, day("2023-03-30"))]),
    ("Three weeks ago, I started at Coinbase as a site reliability engineer.",
     [c(U, "WORKS_AT", "Coinbase", A, ("2024-02-20", "week", False)),
      c(U, "HAS_ROLE", "site reliability engineer", A, ("2024-02-20", "week", False))]),
    ("Last week, I moved into a director of engineering role.", [c(U, "HAS_ROLE", "director of engineering", A, LAST_WEEK)]),
    ("We finished the Postgres 15 to 16 upgrade a few days ago.",
     [c(W, "USES", "PostgreSQL 15", E, day("2024-03-09")), c(W, "USES", "PostgreSQL 16", A, day("2024-03-09"))]),
    ("Two weeks ago, Raj replaced Emma as the lead of the security team.",
     [c("Raj", "LEADS", "security team", A, ("2024-02-27", "week", False)),
      c("Emma", "LEADS", "security team", E, ("2024-02-27", "week", False))]),
    # organisation names NER cut short ("of"/"for" tails, apostrophes, dated parentheses), a first name as a determiner
    ("In 1971, Jean Marc joined Rally for the Republic.",
     [c("Jean Marc", "WORKS_AT", "Rally for the Republic", A, ("1971-01-01", "year", False))]),
    ("Marco Minniti joined Democrats of the Left in 1998.",
     [c("Marco Minniti", "WORKS_AT", "Democrats of the Left", A, ("1998-01-01", "year", False))]),
    ("In 1986, Dilma Rousseff joined the Workers' Party.",
     [c("Dilma Rousseff", "WORKS_AT", "Workers' Party", A, ("1986-01-01", "year", False))]),
    ("Käthe Dahlem joined the Communist Party of Germany in 1920.",
     [c("Käthe Dahlem", "WORKS_AT", "Communist Party of Germany", A, ("1920-01-01", "year", False))]),
    ("In 1990, Mia Sailor joined the University of California, San Diego.",
     [c("Mia Sailor", "WORKS_AT", "University of California, San Diego", A, ("1990-01-01", "year", False))]),
    ("Rob Furch left Washington University in St. Louis in 1956.",
     [c("Rob Furch", "WORKS_AT", "Washington University in St. Louis", E, ("1956-01-01", "year", False))]),
    ("In 2006, Gökhan Inler joined the Turkey national under-21 football team.",
     [c("Gökhan Inler", "WORKS_AT", "Turkey national under-21 football team", A, ("2006-01-01", "year", False))]),
    # "married" parsed as a modifier of the spouse; a name NER ran into the verb
    ("Julian Glover married Isla Blair in 1968.", [c("Julian Glover", "MARRIED_TO", "Isla Blair", A, ("1968-01-01", "year", False))]),
    ("In 1956, Dolores Dorn married Franchot Tone.",
     [c("Dolores Dorn", "MARRIED_TO", "Franchot Tone", A, ("1956-01-01", "year", False))]),
    # names with suffixes and titles after a comma; a campus after a comma
    ("Andrew Cavendish, 11th Duke of Devonshire joined the Conservative Party in 1950.",
     [c("Andrew Cavendish, 11th Duke of Devonshire", "WORKS_AT", "Conservative Party", A, ("1950-01-01", "year", False))]),
    ("David W. Pipes, Jr. joined the Republican Party in 1940.",
     [c("David W. Pipes, Jr", "WORKS_AT", "Republican Party", A, ("1940-01-01", "year", False))]),
    ("Charles R. Marshall has worked at the University of California, Berkeley since 2010.",
     [c("Charles R. Marshall", "WORKS_AT", "University of California, Berkeley", A, ("2010-01-01", "year", False))]),
    # cities NER calls organisations, from the gazetteer
    ("I moved to Sydney in May.", [c(U, "LIVES_IN", "Sydney", A, month("2023-05"))]),
    # ... but not a city inside a longer name, nor "for" inside an organisation's name
    ("Ines Duarte joined FC Lyon in 2008.", [c("Ines Duarte", "WORKS_AT", "FC Lyon", A, ("2008-01-01", "year", False))]),
    ("Ruth Avery has been married to Colin Sydney since 1990.",
     [c("Ruth Avery", "MARRIED_TO", "Colin Sydney", A, ("1990-01-01", "year", False))]),
    ("Dana Webb left Center for Applied Linguistics in 1999.",
     [c("Dana Webb", "WORKS_AT", "Center for Applied Linguistics", E, ("1999-01-01", "year", False))]),
    # a team's tools the parser reads as places
    ("In January we switched from Algolia to Typesense.",
     [c(W, "USES", "Algolia", E, month("2024-01")), c(W, "USES", "Typesense", A, month("2024-01"))]),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_change_rule(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_FACTS = [
    "Tom and I got together for coffee.",
    "I saw Diego yesterday.",
    "The meeting ended early.",
    "I stepped down from the stage.",
    "Can you hand off the report?",
    "She gave up coffee last month.",
    "I had to work late.",
    "The dog next door loves the park.",
    "Work is a nightmare.",
    "We settled the bill.",
    "Tom and I got together over lunch.",
    "See you on Monday.",
    "I did my homework.",
    "We finished the report last week.",
    "I'm still at the airport.",
    "I'm at Starbucks.",
    "Maria is happy.",
    "I moved into a new apartment.",
    "We're on Zoom.",
    "Are you on MySQL 8?",
    "We moved off the porch.",
]


def test_for_the_money_is_not_part_of_the_name(extractor):
    assert last_turn_rows(extractor, "I joined Acme for the money.") == [(U, "WORKS_AT", "Acme", A, *NOW)]


@pytest.mark.parametrize("text", NO_FACTS)
def test_no_change_fact(extractor, text):
    # a happening with its time is an event fact (tests/unit/extract/test_happenings.py), not a state
    assert [r for r in last_turn_rows(extractor, text) if r[1] not in EVENT_PREDICATES] == []


def _store_after(first: str, second: str, predicate: str):
    """A memory after two sessions three weeks apart; the answers as of the first week and now."""
    from datetime import datetime, timezone

    from chronomem import Memory
    from chronomem.schema import Session, Turn

    utc = timezone.utc
    mem = Memory.open(":memory:")
    mem.ingest([Session(session_id="a", started_at=datetime(2024, 3, 12, tzinfo=utc), turns=[Turn(speaker="user", text=first)]),
                Session(session_id="b", started_at=datetime(2024, 4, 2, tzinfo=utc), turns=[Turn(speaker="user", text=second)])],
               recorded_at="session")
    return [sorted(r.object for r in mem.facts("user", predicate=predicate, as_of=datetime(2024, m, d, tzinfo=utc)))
            for m, d in ((3, 10), (4, 10))]


@pytest.mark.parametrize(("first", "second", "predicate", "right"), [
    ("I moved to Oslo last week.", "Sorry, I meant Bergen, not Oslo: I moved to Bergen.", "LIVES_IN", "Bergen"),
    ("Last week, I relocated to Lima.", "Actually, it was Quito, not Lima, that I moved to.", "LIVES_IN", "Quito"),
    ("I was promoted to data analyst last week.", "Small correction: my new title is data scientist, not data analyst.",
     "HAS_ROLE", "data scientist"),
    ("I joined Netflix last week.", "Actually, it was Adobe that I joined, not Netflix.", "WORKS_AT", "Adobe"),
    ("I moved to Atlanta last week.", "I said Atlanta before, but I actually live in Helsinki.", "LIVES_IN", "Helsinki"),
])
def test_a_correction_in_a_later_session_replaces_the_wrong_value_over_its_interval(first, second, predicate, right):
    assert _store_after(first, second, predicate) == [[right], [right]]


def test_a_speaker_named_in_the_text_is_that_speaker(extractor):
    from tests.unit.extract.extract_helpers import rows, session_of

    session = session_of(("Nora", "Last week, Ben replaced user as the lead of the infrastructure team."), ("user", "Yes."))
    assert sorted(rows(extractor.extract(session))) == [
        ("Ben", "LEADS", "infrastructure team", A, *LAST_WEEK), ("user", "LEADS", "infrastructure team", E, *LAST_WEEK)]
    # "the user" is a common noun, not the speaker
    assert rows(extractor.extract(session_of(("Nora", "The user lives in Paris."), ("user", "Hi.")))) == []
