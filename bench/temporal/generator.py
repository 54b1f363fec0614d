"""Deterministic generator of multi-session conversations with a ground-truth timeline.

``generate(seed, worlds=N)`` simulates N independent worlds (one memory group each: a user,
relatives, partners, colleagues at successive employers, teams and the team's tools), tells
every event in some session — promptly with a relative date, late with an absolute one, ahead
of time as a plan — adds restatements, distractors (hypotheticals, questions, dropped plans,
negations), corrections and small talk, shuffles the arrival of some sessions, and derives the
probes from the simulation's own timeline.

>>> b1, b2 = generate(7, worlds=1), generate(7, worlds=1)
>>> [t.text for t in b1.sessions[3].turns] == [t.text for t in b2.sessions[3].turns]
True
>>> b1.turns > 150 and len(b1.probes) > 100
True
"""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, datetime, timedelta

from bench.temporal import templates as T
from bench.temporal.histories import simulate_world
from bench.temporal.model import Benchmark, Slot, Utterance, canon
from bench.temporal.probes import expected_at, flag_out_of_order, make_probes
from bench.temporal.render import Context, Item, SessionPlan, Untellable, person_key, render_event, render_session
from bench.temporal.timephrases import monday, months_between
from bench.temporal.world import Event, Person, World
from chronomem.schema.models import Session, Turn
from chronomem.schema.timeutil import UTC

D = timedelta(days=1)
def generate(seed: int, *, worlds: int = 12, years: float = 4.5) -> Benchmark:
    """Generate the benchmark for ``seed``: sessions in arrival order, utterances, slots, probes."""
    sessions, utterances, slots, probes = [], {}, [], []
    now = None
    stats: dict = defaultdict(int)
    known: dict[str, set[str]] = defaultdict(set)
    for n in range(worlds):
        w, plans, utts = _told_world(seed, n, years, stats)
        ordered = _arrival_order(w, plans, utts)
        flag_out_of_order(w.slots.values(), utts, {p.id: i for i, p in enumerate(ordered)})
        utterances.update(utts)
        sessions.extend(_to_session(p, w.group) for p in ordered)
        world_now = datetime.combine(max(p.day for p in plans) + 2 * D, datetime.min.time(), UTC)
        now = max(now, world_now) if now else world_now
        slots.extend(s for s in w.slots.values() if s.stints or s.distractor_values)
        for s in w.slots.values():
            for st in s.stints:
                known[f"{w.group}|{s.predicate}"].add(canon(st.value))
            known[f"{w.group}|{s.predicate}"].update(s.distractor_values)
    for n, slot in enumerate(slots):
        probes.extend(make_probes(slot, now=now, rng=random.Random(f"probes:{seed}:{n}")))
    for i, p in enumerate(probes):
        p.id = f"q{i}"
    stats = dict(stats, sessions=len(sessions), turns=sum(len(s.turns) for s in sessions), worlds=worlds)
    return Benchmark(seed, sessions, utterances, slots, probes, now, dict(known), stats)


def _told_world(seed: int, n: int, years: float, stats: dict, *, attempts: int = 20):
    """Simulate world ``n`` and tell it; a simulation with an event no phrase can tell
    unambiguously (a rare collision of boundary periods) is replaced by the next draw."""
    for attempt in range(attempts):
        rng = random.Random(f"chronomem-temporal:{seed}:{n}" + (f":{attempt}" if attempt else ""))
        start = date(2018, 1, 1) + timedelta(days=rng.randint(0, 700))
        w = simulate_world(f"w{seed}-{n:02d}", rng, start=start, years=years)
        local: dict = defaultdict(int)
        try:
            plans, utts = _tell(w, local)
        except Untellable:
            stats["worlds_redrawn"] += 1
            continue
        for key, value in local.items():
            stats[key] += value
        return w, plans, utts
    raise RuntimeError(f"world {n} of seed {seed}: no tellable simulation in {attempts} draws")


# ---- telling events in sessions --------------------------------------------------------------
def _tell(w: World, stats: dict) -> tuple[list[SessionPlan], dict[str, Utterance]]:
    rng = w.rng
    plans: dict[str, list[SessionPlan]] = {
        name: [SessionPlan(name, d) for d in ch.dates] for name, ch in w.channels.items()}
    placed: dict[int, tuple[SessionPlan, Item]] = {}
    for ev in sorted(w.events, key=lambda e: (e.date, e.kind)):
        plan, planned = _choose_session(w, ev, plans[ev.channel])
        item = Item("event", event=ev, planned=planned, subject=ev.subject)
        plan.items.append(item)
        placed[id(ev)] = (plan, item)
        if ev.pair is not None and ev.kind == "pair_job" and (plan.day - ev.date).days > 13:
            ev.kind, ev.forms, ev.pair.kind = "job_start", ("point",), "move"  # no session close enough: tell apart
            ev.claims = [c for c in ev.claims if c[0] == "assert"]
        stats[f"report_{'planned' if planned else 'told'}"] += 1
    _corrections(w, plans["personal"], placed, stats)
    ctx = Context(w)
    for chan in plans.values():
        for plan in chan:
            render_session(ctx, plan)
    _restatements(ctx, plans, stats)
    _distractors(ctx, plans, stats)
    out, utts = [], {}
    for chan in plans.values():
        for plan in chan:
            _finish(ctx, plan)
            if plan.items:
                out.append(plan)
    out.sort(key=lambda p: (p.day, p.channel))
    for k, plan in enumerate(out):
        hour = rng.randint(8, 20)
        plan.started_at = datetime(plan.day.year, plan.day.month, plan.day.day, hour, rng.randint(0, 59), tzinfo=UTC)
        tag = "p" if plan.channel == "personal" else plan.channel.lower().replace(" ", "")[:10]
        plan.id = f"{w.group}-{plan.day.isoformat()}-{tag}-{k}"
        for n, item in enumerate(plan.items, start=1):
            uid = f"{plan.id}:{n}"
            utts[uid] = Utterance(uid, w.group, plan.id, item.speaker, item.text, item.template, item.kind,
                                  plan.started_at, item.claims, item.allowed)
            for b in getattr(item, "boundaries", ()):
                b.reports.append(uid)
            if item.kind == "correction":
                item.event.stint.corrections.append(uid)
    return out, utts


def _choose_session(w: World, ev: Event, chan: list[SessionPlan]) -> tuple[SessionPlan, bool]:
    rng = w.rng
    if ev.initial:
        end = ev.stint.end.date if ev.stint is not None and ev.stint.end is not None else None
        ok = [p for p in chan[:3] if end is None or p.day < end - 2 * D] or chan[:1]
        return rng.choice(ok), False
    d = ev.date
    prompt = next(p for p in chan if p.day >= d)
    r = rng.random()
    if ev.planned_ok and ev.pair is None and r < 0.08:
        prev = [b.date for st in ev.slots[0].stints for b in (st.start,) if b.date < d]
        ok = [p for p in chan if p.day < d and (months_between(p.day, d) == 1 or monday(d) == monday(p.day) + 7 * D)
              and p.day >= d - 45 * D and all(x < p.day for x in prev)
              and not any(e is not ev and e.slots[0] is ev.slots[0] and p.day <= e.date <= d for e in w.events)]
        if ok:
            return rng.choice(ok), True
    if r < 0.18 and ev.pair is None:
        late = [p for p in chan if d + 25 * D <= p.day <= d + 200 * D]
        if late:
            return rng.choice(late), False
    if r < 0.3 and ev.pair is None:
        retro = [p for p in chan if d + 250 * D <= p.day <= d + 800 * D]
        if retro:
            return rng.choice(retro), False
    return prompt, False


def _corrections(w: World, personal: list[SessionPlan], placed: dict, stats: dict) -> None:
    """Tell one or two events wrongly first and correct them in a later session."""
    rng = w.rng
    candidates = [e for e in w.events if e.correctable and e.channel == "personal" and not e.initial]
    rng.shuffle(candidates)
    want = rng.randint(1, 2)
    for ev in candidates:
        if want == 0:
            break
        plan, item = placed[id(ev)]
        if item.planned or (plan.day - ev.date).days > 60:
            continue
        later = [p for p in personal if p.day >= plan.day + 10 * D]
        if not later:
            continue
        fix_plan = later[0]
        slot = next(s for s in ev.slots if s.predicate == ev.correctable)
        busy = any(placed[id(e)][0].day > plan.day - 1 * D and placed[id(e)][0].day <= fix_plan.day
                   for e in w.events if e is not ev and slot in e.slots and id(e) in placed)
        if busy:
            continue
        pool = {"WORKS_AT": T.ORGS, "LIVES_IN": T.PLACES, "HAS_ROLE": T.TECH_ROLES + T.OTHER_ROLES}[slot.predicate]
        wrong = w.pick({"WORKS_AT": "orgs", "LIVES_IN": "places", "HAS_ROLE": f"roles:{slot.subject}"}[slot.predicate], pool)
        item.wrong = wrong
        ev.stint.wrong_value = wrong
        fix = Item("correction", subject=ev.subject, event=ev)
        fix.told = item  # type: ignore[attr-defined]
        fix_plan.items.append(fix)
        w.pinned = getattr(w, "pinned", set()) | {slot.key}
        want -= 1
        stats["corrections"] += 1


def _restatements(ctx: Context, plans: dict[str, list[SessionPlan]], stats: dict) -> None:
    """Restate facts that hold: "I still live in Denver", "We still use Redis", "… since March"."""
    rng, w = ctx.rng, ctx.w
    pinned = getattr(w, "pinned", set())
    for name, chan in plans.items():
        for plan in chan:
            if rng.random() > (0.25 if name == "personal" else 0.2):
                continue
            slots = [s for s in w.slots.values() if s.stints and s.key not in pinned and _slot_channel(w, s) == name]
            if not slots:
                continue
            slot = rng.choice(slots)
            exp = expected_at(slot, plan.day)
            if not exp or exp == "dontcare":
                continue
            value = rng.choice(sorted(exp))
            stint = next(st for st in slot.stints if canon(st.value) == value and st.start.date <= plan.day
                         and (st.end is None or st.end.date > plan.day))
            ev = _restate_event(w, slot, stint, plan.day)
            if ev is None:
                continue
            item = Item("event", event=ev, subject=ev.subject)
            if not render_event(ctx, plan, item, None, set(), optional=True):
                continue
            item.kind = "restate"
            plan.items.append(item)
            stats["restatements"] += 1


def _slot_channel(w: World, slot: Slot) -> str | None:
    for e in w.events:
        if slot in e.slots:
            return e.channel
    return None


def _restate_event(w: World, slot: Slot, stint, day: date) -> Event | None:
    subj = w.people.get(slot.subject)
    kinds = {"LIVES_IN": ("lives", "move"), "WORKS_AT": ("works", "job_start"), "HAS_ROLE": ("is_role", "role"),
             "REPORTS_TO": ("reports", "manager"), "USES": ("uses", "tool_start"), "HAS_PET": ("has_pet", "pet_start"),
             "PARTNER_OF": ("partner", "partner_start"), "MARRIED_TO": (None, "marry"), "LEADS": ("leads", "lead_start")}
    state, since = kinds[slot.predicate]
    origin = next((e for e in w.events if e.stint is stint), None)
    if origin is None:
        return None
    use_since = (state is None or w.rng.random() < 0.4) and stint.start.observed_at is None
    kind = since if use_since else state
    if slot.predicate == "LEADS":
        subj = w.people.get(stint.value)
    if slot.subject != "user" and slot.kind == "partner":
        return None  # partners' side is told from the other person
    fields = dict(origin.fields)
    fields["obj"] = stint.value
    if slot.predicate == "USES" and " " in stint.value and stint.value.split()[-1][0].isdigit():
        fields["tool"] = stint.value.replace("PostgreSQL", w.rng.choice(("Postgres", "PostgreSQL")))
    elif slot.predicate == "USES":
        fields["tool"] = stint.value
    claims = [c for c in origin.claims if c[0] == "assert" and c[2] == slot.predicate]
    if slot.predicate in ("PARTNER_OF", "MARRIED_TO"):
        fields["p"] = stint.value
        if "pword" not in fields and stint.value in w.people:
            fields["pword"] = T.PARTNER_WORD.get(w.people[stint.value].gender, "partner")
    if kind not in T.TEMPLATES or person_key(subj) not in T.TEMPLATES[kind]:
        return None
    return Event(kind, stint.start.date, origin.channel, subj if slot.predicate != "USES" else None, fields,
                 [stint.start] if use_since else [], claims, [slot], mentions=origin.mentions,
                 forms=("since",) if use_since else ("none",), stint=stint, only=("works.1.1", "works.1.2") if kind == "works" and subj and subj.is_user else ())  # noqa: E501



def _distractors(ctx: Context, plans: dict[str, list[SessionPlan]], stats: dict) -> None:
    """Hypotheticals, questions, dropped plans and negations that must produce no fact."""
    rng, w = ctx.rng, ctx.w
    personal = plans["personal"]
    relatives = [p for p in w.people.values() if p.relation and p.relation not in T.PARTNER_WORD.values()
                 and p not in w.distractor_people]
    for plan in personal:
        if rng.random() > 0.2:
            continue
        who = rng.choice([w.user, w.user, *relatives, *w.distractor_people])
        preds = ["LIVES_IN", "WORKS_AT"] + (["HAS_PET", "PARTNER_OF"] if who.is_user else [])
        pred = rng.choice(preds)
        person = "1" if who.is_user else "3"
        tpl = rng.choice(T.DISTRACTORS[pred][person])
        f = {"S": who.name}
        if pred == "LIVES_IN":
            f["obj"] = w.pick("places", T.PLACES)
        elif pred == "WORKS_AT":
            f["obj"] = w.pick("orgs", T.ORGS)
        elif pred == "HAS_PET":
            sp = rng.choice(T.SPECIES)
            f.update(species=sp, a_species=T.article(sp), pet=w.pick("pets", T.PET_NAMES))
            f["obj"] = f["pet"] if "{pet}" in tpl.text else sp
        else:
            f["p"] = f["obj"] = w.pick("people", T.FEMALE + T.MALE)
        if who in w.distractor_people and who.name not in {i.subject.name for i in plan.items if i.subject}:
            f["S"] = f"my {who.relation} {who.name}"
        _add_distractor(w, plan, tpl, f, who, pred, speaker="user")
        stats["distractors"] += 1
    for org in w.orgs_worked:
        members = w.channels[org].members
        used_families = {s.scope for s in w.slots.values() if s.subject == org and s.predicate == "USES"}
        used_values = set().union(*used_families) if used_families else set()
        spare = [t for fam in T.TOOL_FAMILIES for t in fam.tools if not fam.versions and canon(t) not in used_values]
        for plan in plans[org]:
            if rng.random() > 0.15:
                continue
            teams = [s for s in w.slots.values() if s.predicate == "LEADS" and _slot_channel(w, s) == org]
            if teams and rng.random() < 0.3:
                slot = rng.choice(teams)
                never = [m for m in members if not m.is_user and m.name not in {st.value for st in slot.stints}]
                if never:
                    who = rng.choice(never)
                    tpl = rng.choice(T.DISTRACTORS["LEADS"]["3"])
                    _add_distractor(w, plan, tpl, {"S": who.name, "team": f"the {slot.subject}", "obj": who.name}, None,
                                    "LEADS", speaker=rng.choice([m for m in members if m is not who]).name, slot=slot)
                    stats["distractors"] += 1
                continue
            tool = rng.choice(list(T.DISTRACTOR_TOOLS) + spare)
            tpl = rng.choice(T.DISTRACTORS["USES"]["we"])
            slot = w.slot(org, "USES", "many", "org", scope=frozenset(canon(t) for t in (*T.DISTRACTOR_TOOLS, *spare)))
            _add_distractor(w, plan, tpl, {"tool": tool, "obj": tool}, None, "USES", speaker=rng.choice(members).name, slot=slot)
            stats["distractors"] += 1


def _add_distractor(w: World, plan: SessionPlan, tpl: T.Template, f: dict, who: Person | None, pred: str, *,
                    speaker: str, slot: Slot | None = None) -> None:
    text = T.render(tpl.text, **{"S": "", "when": "", "team": "", "p": "", "pet": "", "species": "", "a_species": "",
                                  "tool": "", "obj": "", **f})
    item = Item("distractor", speaker=speaker, text=text, template=tpl.id, subject=who)
    plan.items.append(item)
    if slot is None:
        slot = w.slot(who.name, pred, "one" if pred in ("LIVES_IN", "WORKS_AT", "PARTNER_OF") else "many",
                      "distractor" if who in w.distractor_people else ("user" if who.is_user else "relative"))
    slot.distractor_values.add(canon(f["obj"]))


def _finish(ctx: Context, plan: SessionPlan) -> None:
    """Interleave small talk and assistant replies; drop most empty sessions."""
    rng, w = ctx.rng, ctx.w
    if not plan.items and rng.random() < 0.7:
        return
    out: list[Item] = []
    if plan.channel == "personal":
        if rng.random() < 0.3 or not plan.items:
            out.append(Item("filler", text=rng.choice(T.CHITCHAT), template="filler.chitchat"))
        for n, item in enumerate(plan.items):
            out.append(item)
            nxt = plan.items[n + 1] if n + 1 < len(plan.items) else None
            keeps_pronoun = nxt is not None and getattr(nxt, "pronoun", False) or (nxt is not None and nxt.event is not None
                                                                                   and nxt.event.kind == "pair_move")
            if not keeps_pronoun and rng.random() < 0.5:
                out.append(Item("filler", speaker="assistant", text=rng.choice(T.ASSISTANT_REPLIES), template="filler.assistant"))
        if rng.random() < 0.1:
            q = _assistant_question(w, plan.day)
            if q:
                out.append(Item("filler", speaker="assistant", text=q, template="filler.assistant_question"))
    else:
        members = w.channels[plan.channel].members
        out.append(Item("filler", speaker=rng.choice(members).name, text=rng.choice(T.TEAM_CHITCHAT), template="filler.team"))
        out.extend(plan.items)
        if rng.random() < 0.4:
            out.append(Item("filler", speaker=rng.choice(members).name, text=rng.choice(T.TEAM_CHITCHAT), template="filler.team"))
    plan.items = out


def _assistant_question(w: World, day: date) -> str | None:
    slot = w.slots.get(f"{w.group}|user|LIVES_IN")
    exp = expected_at(slot, day) if slot else None
    if exp and exp != "dontcare":
        place = next(st.value for st in slot.stints if canon(st.value) in exp)
        return T.ASSISTANT_QUESTIONS[0].format(place=place)
    return None


# ---- arrival order and sessions ------------------------------------------------------------
def _arrival_order(w: World, plans: list[SessionPlan], utts: dict[str, Utterance]) -> list[SessionPlan]:
    """Sessions arrive in time order except some that arrive late (never the ones with corrections)."""
    rng = w.rng
    pinned_slots = getattr(w, "pinned", set())
    pinned_sessions = set()
    for slot in w.slots.values():
        if slot.key in pinned_slots:
            for st in slot.stints:
                for b in (st.start, st.end):
                    if b is not None:
                        pinned_sessions.update(utts[u].session_id for u in b.reports)
    for plan in plans:
        for item in plan.items:
            if item.kind == "correction":
                pinned_sessions.add(plan.id)
    order = list(plans)
    movable = [p for p in order if p.id not in pinned_sessions]
    late = rng.sample(movable, k=len(movable) // 6)
    for p in late:
        i = order.index(p)
        order.pop(i)
        order.insert(min(len(order), i + rng.randint(3, 60)), p)
    return order


def _to_session(plan: SessionPlan, group: str) -> Session:
    turns = [Turn(id=f"{plan.id}:{n}", speaker=i.speaker, text=i.text) for n, i in enumerate(plan.items, start=1)]
    meta = {} if plan.channel == "personal" else {"we": plan.channel}
    return Session(session_id=plan.id, group_id=group, started_at=plan.started_at, turns=turns, metadata=meta)
