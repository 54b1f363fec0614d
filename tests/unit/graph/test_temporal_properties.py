"""Property tests of the temporal invariants, end to end through the embedded store."""

from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.graph import SqliteGraphStore, WriteBatch
from chronomem.schema import Claim, Entity, Source

T0 = datetime(2000, 1, 1, tzinfo=timezone.utc)
SUBJECTS = ["u", "v"]
OBJECTS = ["a", "b", "c"]
PREDICATES = ["LIVES_IN", "LEADS", "USES", "MARRIED_TO"]
ENTITIES = [Entity(id=n, name=n, type="OTHER") for n in SUBJECTS + OBJECTS]
PROBES = [T0 + timedelta(days=365 * y + 100) for y in range(-1, 12)]


def year(n):
    return T0 + timedelta(days=365 * n)


@st.composite
def claims(draw):
    pred = draw(st.sampled_from(PREDICATES))
    kind = draw(st.sampled_from(["assert", "assert", "assert", "end", "correct"]))
    subj = draw(st.sampled_from(SUBJECTS))
    obj = draw(st.sampled_from(OBJECTS if pred != "MARRIED_TO" else SUBJECTS + OBJECTS))
    at = draw(st.one_of(st.none(), st.integers(0, 10).map(year))) if kind != "end" else year(draw(st.integers(0, 10)))
    until = None
    if kind == "assert" and at is not None and draw(st.booleans()):
        until = at + timedelta(days=365 * draw(st.integers(1, 4)))
    said = year(draw(st.integers(0, 11))) + timedelta(hours=draw(st.integers(0, 100)))
    replaces = draw(st.sampled_from([o for o in OBJECTS if o != obj])) if kind == "correct" else None
    return Claim(subject_id=subj, predicate=pred, object_id=obj, kind=kind, at=at, until=until, said_at=said,
                 observed=draw(st.booleans()) if kind == "assert" else False, replaces_object_id=replaces,
                 sources=[Source(session_id=f"s{draw(st.integers(0, 5))}", turn_id=None)])


batches_strategy = st.lists(st.lists(claims(), min_size=1, max_size=4), min_size=1, max_size=6)


def ingest(batches, clock_start=year(20)):
    store = SqliteGraphStore(":memory:")
    times = []
    for i, batch in enumerate(batches):
        at = clock_start + timedelta(days=i)
        store.write(WriteBatch("default", entities=ENTITIES, claims=batch), recorded_at=at)
        times.append(at)
    return store, times


def current_timeline(store):
    return sorted((f.subject_id, f.predicate, f.object_id, f.valid_from or T0 - timedelta(days=9999),
                   f.valid_to or year(99), tuple((s.session_id, s.turn_id) for s in f.sources))
                  for f in store.iter_facts("default"))


def answers(store, known_at=None):
    out = {}
    for probe in PROBES:
        facts = store.iter_facts("default", as_of=probe, known_at=known_at)
        out[probe] = sorted((f.subject_id, f.predicate, f.object_id) for f in facts)
    return out


@settings(max_examples=200, deadline=None)
@given(batches_strategy)
def test_one_slot_has_at_most_one_value_at_every_point(batches):
    store, times = ingest(batches)
    for known_at in [None, *times]:
        for probe, triples in answers(store, known_at).items():
            one = [(s, p) for s, p, o in triples if p in ("LIVES_IN", "MARRIED_TO")]
            assert len(one) == len(set(one)), (probe, known_at, triples)
            per_object = [(p, o) for s, p, o in triples if p == "LEADS"]
            assert len(per_object) == len(set(per_object)), (probe, known_at, triples)


@settings(max_examples=200, deadline=None)
@given(batches_strategy, st.randoms(use_true_random=False))
def test_any_ingestion_order_yields_the_same_timeline(batches, rnd):
    flat = [c for b in batches for c in b]
    shuffled = flat[:]
    rnd.shuffle(shuffled)
    in_order, _ = ingest([[c] for c in flat])
    reordered, _ = ingest([[c] for c in shuffled])
    assert current_timeline(in_order) == current_timeline(reordered)


@settings(max_examples=200, deadline=None)
@given(batches_strategy)
def test_reingesting_is_a_no_op(batches):
    store, times = ingest(batches)
    before = sorted(f.id for f in store.iter_facts("default", include_expired=True))
    stats = store.stats("default")
    for i, batch in enumerate(batches):
        report = store.write(WriteBatch("default", entities=ENTITIES, claims=batch), recorded_at=year(30) + timedelta(days=i))
        assert (report.claims_added, report.facts_added, report.versions_expired) == (0, 0, 0)
    assert sorted(f.id for f in store.iter_facts("default", include_expired=True)) == before
    assert store.stats("default") == stats


@settings(max_examples=200, deadline=None)
@given(batches_strategy)
def test_every_earlier_answer_is_reproducible_with_known_at(batches):
    store = SqliteGraphStore(":memory:")
    snapshots = []
    for i, batch in enumerate(batches):
        at = year(20) + timedelta(days=i)
        store.write(WriteBatch("default", entities=ENTITIES, claims=batch), recorded_at=at)
        snapshots.append((at, answers(store)))
    for at, snapshot in snapshots:
        assert answers(store, known_at=at) == snapshot


@settings(max_examples=200, deadline=None)
@given(batches_strategy)
def test_a_fixed_clock_never_reuses_a_version_id(batches):
    # every batch recorded at the same instant, as with a FixedClock or a replay of one day
    store = SqliteGraphStore(":memory:")
    for batch in batches:
        store.write(WriteBatch("default", entities=ENTITIES, claims=batch), recorded_at=year(20))
    ids = [f.id for f in store.iter_facts("default", include_expired=True)]
    assert len(ids) == len(set(ids))


def test_a_value_restated_after_its_correction_at_the_same_instant_gets_a_new_version_id():
    """The example hypothesis found: Vi uses Ansible, then "not Ansible, Bash", then Ansible again an hour
    later, all recorded at one instant. The third write derives Ansible's version with the content of
    the one the correction expired; it is a version of its own, not a reused id (it was refused)."""
    def uses(obj, *, hour=0, kind="assert", replaces=None):
        return Claim(subject_id="v", predicate="USES", object_id=obj, kind=kind, replaces_object_id=replaces,
                     said_at=T0 + timedelta(hours=hour), sources=[Source(session_id="s0")])

    store = SqliteGraphStore(":memory:")
    for batch in ([uses("a")], [uses("b", kind="correct", replaces="a")], [uses("a", hour=1)]):
        store.write(WriteBatch("default", entities=ENTITIES, claims=batch), recorded_at=year(20))
    versions = list(store.iter_facts("default", include_expired=True))
    assert len({f.id for f in versions}) == len(versions) == 3
    assert sorted(f.object_id for f in versions if f.expired_at is None) == ["a", "b"]
