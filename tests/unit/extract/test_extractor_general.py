"""General rules added for third-person, biographical and team sentences (own wordings, not benchmark text).

Same row format as ``test_extractor.py``: ``(subject, predicate, object, kind, at, at_precision, observed)``,
with the turn at 2024-03-12T09:00Z.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, W, c, last_turn_rows, year

CASES = [
    # person-shaped names NER labels ORG/GPE, in slots only people fill
    ("Haruki is a backend developer.", [c("Haruki", "HAS_ROLE", "backend developer", A, NOW)]),
    ("Kenji lives in Nairobi.", [c("Kenji", "LIVES_IN", "Nairobi", A, NOW)]),
    ("Mateo runs the search team.", [c("Mateo", "LEADS", "search team", A, NOW)]),
    # a gazetteer place that is also a first name, as a person
    ("Sofia still lives in Oslo.", [c("Sofia", "LIVES_IN", "Oslo", A, NOW)]),
    # long organisation names: "of" tails, disambiguating parentheses, organisation words
    ("In 1961, Hans Weber joined the Free Democratic Party of Bavaria.",
     [c("Hans Weber", "WORKS_AT", "Free Democratic Party of Bavaria", A, year(1961))]),
    ("Clara Diaz left the Green Party (Mexico) in 2003.", [c("Clara Diaz", "WORKS_AT", "Green Party (Mexico)", E, year(2003))]),
    ("Marta Lopes departed Porto Alegre FC in 2012.", [c("Marta Lopes", "WORKS_AT", "Porto Alegre FC", E, year(2012))]),
    # name particles in a person's name
    ("In 1987, Jan van der Berg joined Shell.", [c("Jan van der Berg", "WORKS_AT", "Shell", A, year(1987))]),
    # explicit ranges: a start and an end
    ("Nora Quinn worked at Siemens from 1990 to 1997.",
     [c("Nora Quinn", "WORKS_AT", "Siemens", A, year(1990)), c("Nora Quinn", "WORKS_AT", "Siemens", E, year(1997))]),
    ("Between 2004 and 2009, Omar Haddad was employed by Deloitte.",
     [c("Omar Haddad", "WORKS_AT", "Deloitte", A, year(2004)), c("Omar Haddad", "WORKS_AT", "Deloitte", E, year(2009))]),
    ("I lived in Lyon from March 2019 to June 2020.",
     [c(U, "LIVES_IN", "Lyon", A, ("2019-03-01", "month", False)), c(U, "LIVES_IN", "Lyon", E, ("2020-06-01", "month", False))]),
    ("Greta Holm was married to Piet Holm from 1971 to 1980.",
     [c("Greta Holm", "MARRIED_TO", "Piet Holm", A, year(1971)), c("Greta Holm", "MARRIED_TO", "Piet Holm", E, year(1980))]),
    # sports and contract verbs
    ("Luis Ortega played for Real Betis from 2001 to 2004.",
     [c("Luis Ortega", "WORKS_AT", "Real Betis", A, year(2001)), c("Luis Ortega", "WORKS_AT", "Real Betis", E, year(2004))]),
    ("Luis Ortega signed with Sevilla FC in 2005.", [c("Luis Ortega", "WORKS_AT", "Sevilla FC", A, year(2005))]),
    # two named people, the subject hanging from "got"
    ("Ada Park and Ben Cole got married in 1999.", [c("Ada Park", "MARRIED_TO", "Ben Cole", A, year(1999))]),
    # marriages that end as nouns
    ("Ada Park's marriage to Ben Cole ended in 2008.", [c("Ada Park", "MARRIED_TO", "Ben Cole", E, year(2008))]),
    ("My divorce from Julian was finalized in 2021.", [c(U, "MARRIED_TO", "Julian", E, year(2021))]),
    # "my X is Y" kin copulas
    ("My boss is Ingrid.", [c(U, "REPORTS_TO", "Ingrid", A, NOW)]),
    ("Lena's boyfriend is Marco.", [c("Lena", "PARTNER_OF", "Marco", A, NOW)]),
    # passive leading, handing over a team
    ("The billing team is led by Amara.", [c("Amara", "LEADS", "billing team", A, NOW)]),
    ("Priya took over the infra team from Dmitri in 2023.",
     [c("Priya", "LEADS", "infra team", A, year(2023)), c("Dmitri", "LEADS", "infra team", E, year(2023))]),
    # tools: phrasal verbs, "in favor of", "been on", versions NER folds into dates
    ("We rolled out Grafana in 2022.", [c(W, "USES", "Grafana", A, year(2022))]),
    ("In 2021 we turned off Jenkins.", [c(W, "USES", "Jenkins", E, year(2021))]),
    ("We retired Splunk in 2020.", [c(W, "USES", "Splunk", E, year(2020))]),
    ("We ditched Jira in favour of Linear in 2023.", [c(W, "USES", "Jira", E, year(2023)), c(W, "USES", "Linear", A, year(2023))]),
    ("We've been on Kubernetes since 2019.", [c(W, "USES", "Kubernetes", A, year(2019))]),
    ("We run MySQL 8.", [c(W, "USES", "MySQL 8", A, NOW)]),
    ("We no longer use Trello; we shut it down.", [c(W, "USES", "Trello", E, ("turn", "unknown", True))]),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_general_rule(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_FACTS = [
    "I play for fun.",
    "The meeting ended at 5.",
    "I'm on Twitter.",
    "We set up a meeting.",
    "Acme Labs moved to Austin.",
]


@pytest.mark.parametrize("text", NO_FACTS)
def test_general_no_fact(extractor, text):
    assert last_turn_rows(extractor, text) == []
