"""Unit tests for every temporal resolution rule (DESIGN §3, rules 1–6 and 8)."""

from datetime import datetime, timezone

import pytest

from chronomem.graph.temporal import claim_slots, derive_timeline, reconcile, slot_key
from chronomem.schema import CORE_VOCABULARY as V
from chronomem.schema import Claim, Source


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def claim(obj, at=None, said=None, *, subj="u", pred="LIVES_IN", kind="assert", observed=False, until=None, replaces=None, turn="t"):
    said = said or at or d(2024)
    return Claim(subject_id=subj, predicate=pred, object_id=obj, kind=kind, at=at, observed=observed, until=until,
                 said_at=said, replaces_object_id=replaces, sources=[Source(session_id="s", turn_id=f"{turn}-{obj}-{said.isoformat()}")])


def timeline(claims, pred="LIVES_IN"):
    return [(s.value, s.start, s.end) for s in derive_timeline(V[pred], claims)]


def test_rule1_new_value_closes_current_one():
    assert timeline([claim("toronto", d(2020)), claim("vancouver", d(2023))]) == [
        ("toronto", d(2020), d(2023)), ("vancouver", d(2023), None)]


def test_rule1_late_arrival_ends_where_later_value_begins_and_never_closes_it():
    # the 2023 move is known first; a session about 2019 arrives late
    late = [claim("vancouver", d(2023), said=d(2023, 6)), claim("lisbon", d(2019), said=d(2019, 2))]
    assert timeline(late) == [("lisbon", d(2019), d(2023)), ("vancouver", d(2023), None)]


def test_rule1_value_between_two_known_values_fits_in():
    cs = [claim("a", d(2010)), claim("c", d(2020)), claim("b", d(2015))]
    assert timeline(cs) == [("a", d(2010), d(2015)), ("b", d(2015), d(2020)), ("c", d(2020), None)]


def test_rule2_one_per_object_closes_previous_lead():
    cs = [claim("team", d(2022), subj="tom", pred="LEADS"), claim("team", d(2024, 3), subj="priya", pred="LEADS")]
    assert timeline(cs, "LEADS") == [("tom", d(2022), d(2024, 3)), ("priya", d(2024, 3), None)]


def test_rule2_one_per_object_does_not_compete_across_objects():
    a = claim("team-a", d(2022), subj="tom", pred="LEADS")
    b = claim("team-b", d(2023), subj="tom", pred="LEADS")
    assert slot_key(V["LEADS"], "tom", "team-a") != slot_key(V["LEADS"], "tom", "team-b")
    assert timeline([a], "LEADS") == [("tom", d(2022), None)]
    assert timeline([b], "LEADS") == [("tom", d(2023), None)]


def test_rule3_explicit_end_closes_the_slot():
    cs = [claim("shopify", d(2020), pred="WORKS_AT"), claim("shopify", d(2024, 8, 31), pred="WORKS_AT", kind="end")]
    assert timeline(cs, "WORKS_AT") == [("shopify", d(2020), d(2024, 8, 31))]


def test_rule3_end_of_unknown_fact_has_unknown_start():
    cs = [claim("shopify", d(2024, 8, 31), pred="WORKS_AT", kind="end")]
    assert timeline(cs, "WORKS_AT") == [("shopify", None, d(2024, 8, 31))]


def test_rule3_end_of_unknown_value_fits_before_current_value():
    cs = [claim("montreal", d(2024, 1)), claim("lisbon", d(2024, 3), kind="end", observed=True)]
    assert timeline(cs) == [("lisbon", None, d(2024, 1)), ("montreal", d(2024, 1), None)]


def test_rule4_switch_in_many_predicate_closes_old_object():
    end = claim("redis", d(2024, 3, 8), pred="USES", kind="end")
    start = claim("memcached", d(2024, 3, 8), pred="USES")
    old = claim("redis", d(2021), pred="USES")
    assert timeline([old, end], "USES") == [("redis", d(2021), d(2024, 3, 8))]
    assert timeline([start], "USES") == [("memcached", d(2024, 3, 8), None)]


def test_rule5_restatement_adds_a_source_not_a_duplicate():
    cs = [claim("toronto", d(2020), said=d(2020)), claim("toronto", d(2022), said=d(2022), observed=True)]
    stints = derive_timeline(V["LIVES_IN"], cs)
    assert [(s.value, s.start, s.end) for s in stints] == [("toronto", d(2020), None)]
    assert len(stints[0].claims) == 2


def test_rule5_restatement_with_earlier_start_extends_the_fact():
    observed = claim("toronto", d(2024, 3), observed=True)
    earlier = claim("toronto", d(2019), said=d(2024, 5))
    assert timeline([observed, earlier]) == [("toronto", d(2019), None)]


def test_rule6_correction_expires_wrong_value_and_takes_its_interval():
    wrong = claim("stripe", d(2024, 2), said=d(2024, 2, 20), pred="WORKS_AT")
    fix = claim("plaid", None, said=d(2024, 3), pred="WORKS_AT", kind="correct", replaces="stripe")
    assert timeline([wrong, fix], "WORKS_AT") == [("plaid", d(2024, 2), None)]


def test_rule6_correction_does_not_touch_later_evidence():
    wrong = claim("stripe", d(2024, 2), said=d(2024, 2, 20), pred="WORKS_AT")
    fix = claim("plaid", None, said=d(2024, 3), pred="WORKS_AT", kind="correct", replaces="stripe")
    later = claim("stripe", d(2025, 1), said=d(2025, 1), pred="WORKS_AT")
    assert timeline([wrong, fix, later], "WORKS_AT") == [("plaid", d(2024, 2), d(2025, 1)), ("stripe", d(2025, 1), None)]


def test_rule6_correction_without_wrong_evidence_is_a_plain_assertion():
    fix = claim("plaid", None, said=d(2024, 3), pred="WORKS_AT", kind="correct", replaces="stripe")
    assert timeline([fix], "WORKS_AT") == [("plaid", None, None)]


def test_rule6_correction_in_many_predicate_retracts_wrong_slot():
    wrong = claim("mysql", d(2023), pred="USES")
    fix = claim("postgres", d(2023), said=d(2024), pred="USES", kind="correct", replaces="mysql")
    filed = dict(claim_slots(V["USES"], fix))
    wrong_slot = slot_key(V["USES"], "u", "mysql")
    assert filed[wrong_slot].kind == "retract"
    assert timeline([wrong, filed[wrong_slot]], "USES") == []


def test_rule8_observed_start_is_replaced_by_a_real_start():
    observed = claim("toronto", d(2024, 3), observed=True)
    real = claim("toronto", d(2021, 6), said=d(2024, 4))
    stint = derive_timeline(V["LIVES_IN"], [observed, real])[0]
    assert (stint.start, stint.start_observed) == (d(2021, 6), False)
    stint = derive_timeline(V["LIVES_IN"], [observed])[0]
    assert (stint.start, stint.start_observed) == (d(2024, 3), True)


def test_future_dated_value_closes_current_value_then():
    cs = [claim("montreal", d(2024, 3), observed=True), claim("toronto", d(2024, 12), said=d(2024, 3))]
    assert timeline(cs) == [("montreal", d(2024, 3), d(2024, 12)), ("toronto", d(2024, 12), None)]


def test_imported_interval_with_both_bounds():
    cs = [claim("club-a", d(2005), until=d(2009)), claim("club-b", d(2010), until=d(2014))]
    assert timeline(cs) == [("club-a", d(2005), d(2009)), ("club-b", d(2010), d(2014))]


def test_same_start_tie_is_decided_by_later_statement_whatever_the_order():
    a, b = claim("a", d(2020), said=d(2020, 2)), claim("b", d(2020), said=d(2020, 5))
    assert timeline([a, b]) == timeline([b, a]) == [("b", d(2020), None)]


def test_symmetric_one_predicate_is_filed_for_both_people():
    c = claim("sam", d(2020), pred="MARRIED_TO")
    slots = [s for s, _ in claim_slots(V["MARRIED_TO"], c)]
    assert slots == ["MARRIED_TO|s:u", "MARRIED_TO|s:sam"]


def test_symmetric_many_predicate_is_canonical():
    c = claim("alice", d(2020), subj="zed", pred="FRIEND_OF")
    (slot, stored), = claim_slots(V["FRIEND_OF"], c)
    assert (stored.subject_id, stored.object_id) == ("alice", "zed")


def test_reconcile_is_a_no_op_for_the_same_claims():
    cs = [claim("toronto", d(2020)), claim("vancouver", d(2023))]
    first = reconcile(V["LIVES_IN"], "LIVES_IN|s:u", cs, [], group_id="default", recorded_at=d(2024))
    assert len(first.insert) == 2 and not first.expire
    again = reconcile(V["LIVES_IN"], "LIVES_IN|s:u", cs, first.insert, group_id="default", recorded_at=d(2025))
    assert again.empty


def test_reconcile_expires_closed_version_and_inserts_new_one():
    first = reconcile(V["LIVES_IN"], "x", [claim("toronto", d(2020))], [], group_id="default", recorded_at=d(2021))
    plan = reconcile(V["LIVES_IN"], "x", [claim("toronto", d(2020)), claim("vancouver", d(2023))], first.insert,
                     group_id="default", recorded_at=d(2023, 2))
    assert plan.expire == [first.insert[0].id]
    assert sorted((f.object_id, f.valid_to) for f in plan.insert) == [("toronto", d(2023)), ("vancouver", None)]


def test_reconcile_keeps_transaction_time_monotonic():
    first = reconcile(V["LIVES_IN"], "x", [claim("toronto", d(2020))], [], group_id="default", recorded_at=d(2024))
    plan = reconcile(V["LIVES_IN"], "x", [claim("toronto", d(2020)), claim("lisbon", d(2022))], first.insert,
                     group_id="default", recorded_at=d(2022, 6))
    assert plan.recorded_at == d(2024)
    assert all(f.recorded_at == d(2024) for f in plan.insert)


def test_invalid_intervals_are_rejected():
    with pytest.raises(ValueError, match="half-open"):
        claim("x", d(2020), until=d(2019))



def test_version_ids_are_never_reused_at_the_same_recorded_time():
    # a stint is derived, extended, then split back into exactly its first form, all at one
    # recorded instant (a fixed clock): the re-derived version must get a fresh id
    t = d(2030)
    spec, slot = V["USES"], "USES|s:u|o:x"
    arrivals = [
        claim("x", d(2021, 10), observed=True, pred="USES"),
        claim("x", d(2022, 3), said=d(2022, 3, 2), kind="end", pred="USES"),
        claim("x", d(2019, 2), observed=True, pred="USES"),
        claim("x", d(2020, 3, 29), said=d(2020, 4, 4), kind="end", pred="USES"),
    ]
    current, ids = [], []
    for n in range(1, len(arrivals) + 1):
        plan = reconcile(spec, slot, arrivals[:n], current, group_id="default", recorded_at=t)
        current = [f for f in current if f.id not in plan.expire] + plan.insert
        ids += [f.id for f in plan.insert]
    assert [(f.valid_from, f.valid_to) for f in sorted(current, key=lambda f: f.valid_from)] == [
        (d(2019, 2), d(2020, 3, 29)), (d(2021, 10), d(2022, 3))]
    assert len(ids) == len(set(ids))


def test_start_and_end_at_the_same_instant_leave_no_stint():
    # "married in 1945, divorced in 1945" at year precision: both land on 1945-01-01
    cs = [claim("b", d(1945), pred="MARRIED_TO"), claim("b", d(1945), said=d(1946), pred="MARRIED_TO", kind="end")]
    assert timeline(cs, "MARRIED_TO") == []
    later = claim("c", d(1950), pred="MARRIED_TO")
    assert timeline([*cs, later], "MARRIED_TO") == [("c", d(1950), None)]
    held = [claim("b", d(1940), pred="MARRIED_TO"), *cs]
    assert timeline(held, "MARRIED_TO") == [("b", d(1940), d(1945))]
