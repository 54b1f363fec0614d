"""Simulate one world's histories: homes, careers, managers, team leads, tools, pets, partners.

Each history is a chain of stints between boundaries (the truth) and the events that tell it.
"""

from __future__ import annotations

import random
from datetime import date, timedelta

from bench.temporal import templates as T
from bench.temporal.model import Boundary, Slot, Stint, canon
from bench.temporal.world import Channel, Event, Person, World, claim, one_timeline

D = timedelta(days=1)


def simulate_world(group: str, rng: random.Random, *, start: date, years: float) -> World:
    """Simulate the history of one user's world; events are not yet assigned to sessions."""
    end = start + timedelta(days=int(365 * years))
    w = World(group, rng, start, end, Person("user", "X", None, is_user=True))
    w.people["user"] = w.user
    personal = [start + timedelta(days=rng.randint(0, 5))]
    while personal[-1] < end:
        personal.append(personal[-1] + timedelta(days=rng.randint(7, 22)))
    w.channels["personal"] = Channel("personal", personal)
    lo, hi = personal[1] + 10 * D, personal[-1] - 8 * D

    _user_home(w, lo, hi)
    _user_career(w, lo, hi)
    _pets(w, w.user, lo, hi, n=rng.randint(0, 3))
    _partners(w, w.user, lo, hi, kind="user")
    for _ in range(3):
        _relative(w, lo, hi)
    for _ in range(rng.randint(1, 2)):
        w.distractor_people.append(w.person(rng.choice(("cousin", "neighbor", "friend"))))
    return w


def _user_home(w: World, lo: date, hi: date) -> None:
    n = w.rng.randint(2, 4)
    dates = w.spaced(lo, hi, n, 150)
    values = [w.pick("places", T.PLACES) for _ in range(len(dates) + 1)]
    one_timeline(w, w.user, "personal", "LIVES_IN", values, dates, kind="user", start_kind="move",
                 state_kind="lives", switch_kind="move_switch", obj_type="PLACE", correctable=True, planned_ok=True)


def _user_career(w: World, lo: date, hi: date) -> None:
    rng, user = w.rng, w.user
    changes = w.spaced(lo + 60 * D, hi - 60 * D, rng.randint(2, 3), 260)
    orgs = [w.pick("orgs", T.ORGS) for _ in range(len(changes) + 1)]
    roles_pool = T.TECH_ROLES
    job_slot = w.slot("user", "WORKS_AT", "one", "user")
    role_slot = w.slot("user", "HAS_ROLE", "one", "user")
    boss_slot = w.slot("user", "REPORTS_TO", "one", "user")
    # first job: stated as current (or "since …") in the first sessions
    b0 = Boundary(w.start - timedelta(days=rng.randint(300, 1500)))
    role0 = w.pick("roles:user", roles_pool)
    jobs = [Stint(orgs[0], b0)]
    rb0 = Boundary(b0.date)
    roles = [Stint(role0, rb0)]
    if rng.random() < 0.5:
        w.add(Event("works", b0.date, "personal", user, {"obj": orgs[0], "role": role0}, [b0, rb0],
                    [claim("assert", "user", "WORKS_AT", orgs[0], ot="ORG"), claim("assert", "user", "HAS_ROLE", role0, ot="ROLE")],
                    [job_slot, role_slot], initial=True, forms=("none",), only=("works.1.3",)))
    else:
        w.add(Event("job_start", b0.date, "personal", user, {"obj": orgs[0]}, [b0],
                    [claim("assert", "user", "WORKS_AT", orgs[0], ot="ORG")], [job_slot], initial=True, forms=("since",)))
        w.add(Event("is_role", b0.date, "personal", user, {"obj": role0}, [rb0],
                    [claim("assert", "user", "HAS_ROLE", role0, ot="ROLE")], [role_slot], initial=True, forms=("none",)))
    bosses: list[Stint] = []
    job_start = w.start
    for i, d in enumerate([*changes, None]):
        org = orgs[i]
        job_end = d or w.end
        # team channel while the user works here
        chan_dates = [max(job_start, w.start) + timedelta(days=rng.randint(3, 12))]
        while chan_dates[-1] < job_end - 12 * D:
            chan_dates.append(chan_dates[-1] + timedelta(days=rng.randint(9, 21)))
        if len(chan_dates) > 2 and chan_dates[-1] >= job_end:
            chan_dates.pop()
        colleagues = [w.person(None) for _ in range(3)]
        w.channels[org] = Channel(org, chan_dates, [w.user, *colleagues])
        w.orgs_worked.append(org)
        _team_world(w, org, colleagues, chan_dates)
        # managers during this job
        boss_dates = [w.start - timedelta(days=rng.randint(30, 400))] if i == 0 else [job_start + timedelta(days=rng.randint(5, 40))]
        base = max(boss_dates[0], chan_dates[0], job_start)
        if (job_end - base).days > 300 and rng.random() < 0.6:
            boss_dates.append(base + timedelta(days=rng.randint(120, (job_end - base).days - 60)))
        for k, bd in enumerate(boss_dates):
            if bd >= job_end - 20 * D:
                break
            boss = colleagues[k % len(colleagues)]
            b = Boundary(bd)
            if bosses:
                bosses[-1].end = bosses[-1].end or b
            bosses.append(Stint(boss.name, b))
            initial = i == 0 and k == 0
            w.add(Event("reports" if initial and rng.random() < 0.6 else "manager", bd, "personal", user, {"obj": boss.name},
                        [b], [claim("assert", "user", "REPORTS_TO", boss.name, ot="PERSON")], [boss_slot],
                        mentions=(boss,), initial=initial, forms=("none",) if initial else ("point", "since"), stint=bosses[-1]))
            if w.events[-1].kind == "manager" and initial:
                w.events[-1].forms = ("since",)
        # promotions during this job
        promo_lo, promo_hi = max(job_start, w.start) + 100 * D, job_end - 40 * D
        for pd in w.spaced(promo_lo, promo_hi, rng.randint(0, 2), 120) if promo_hi > promo_lo else []:
            role = w.pick("roles:user", roles_pool)
            b = Boundary(pd)
            roles[-1].end = b
            roles.append(Stint(role, b))
            w.add(Event("role", pd, "personal", user, {"obj": role}, [b], [claim("assert", "user", "HAS_ROLE", role, ot="ROLE")],
                        [role_slot], correctable="HAS_ROLE", stint=roles[-1]))
        if d is None:
            break
        # leave: straight to the next job, or a gap first
        nxt = orgs[i + 1]
        role = w.pick("roles:user", roles_pool)
        gap_start = d + timedelta(days=rng.randint(35, 110))
        if rng.random() < 0.6 or gap_start > hi:
            b = Boundary(d)
            jobs[-1].end = b
            jobs.append(Stint(nxt, b))
            rb = Boundary(d)
            roles[-1].end, roles[-1].end_fuzzy = rb, False
            roles.append(Stint(role, rb))
            if bosses:
                bosses[-1].end, bosses[-1].end_fuzzy = Boundary(d), True
            r = rng.random()
            if r < 0.45:
                w.add(Event("job_start_role", d, "personal", user, {"obj": nxt, "old": org, "role": role}, [b, rb],
                            [claim("assert", "user", "WORKS_AT", nxt, ot="ORG"), claim("assert", "user", "HAS_ROLE", role, ot="ROLE")],
                            [job_slot, role_slot], correctable="WORKS_AT", planned_ok=False, stint=jobs[-1]))
            else:
                kind = "job_switch" if r < 0.75 else "job_start"
                claims = [claim("assert", "user", "WORKS_AT", nxt, ot="ORG")]
                if kind == "job_switch":
                    claims.append(claim("end", "user", "WORKS_AT", org, ot="ORG"))
                ev = w.add(Event(kind, d, "personal", user, {"obj": nxt, "old": org}, [b], claims, [job_slot],
                                 correctable="WORKS_AT", planned_ok=kind == "job_start", stint=jobs[-1]))
                ev.pair = Event("role", d, "personal", user, {"obj": role}, [rb], [claim("assert", "user", "HAS_ROLE", role, ot="ROLE")],
                                [role_slot], stint=roles[-1])
            job_start = d
        else:
            be = Boundary(d)
            jobs[-1].end = be
            roles[-1].end, roles[-1].end_fuzzy = be, True
            if bosses:
                bosses[-1].end, bosses[-1].end_fuzzy = be, True
            w.add(Event("job_end", d, "personal", user, {"obj": org}, [be], [claim("end", "user", "WORKS_AT", org, ot="ORG")],
                        [job_slot]))
            ds = gap_start
            bs = Boundary(ds)
            jobs.append(Stint(nxt, bs))
            rb = Boundary(ds)
            roles.append(Stint(role, rb))
            w.add(Event("job_start_role", ds, "personal", user, {"obj": nxt, "role": role}, [bs, rb],
                        [claim("assert", "user", "WORKS_AT", nxt, ot="ORG"), claim("assert", "user", "HAS_ROLE", role, ot="ROLE")],
                        [job_slot, role_slot], correctable="WORKS_AT", stint=jobs[-1]))
            job_start = ds
    job_slot.stints.extend(jobs)
    role_slot.stints.extend(roles)
    boss_slot.stints.extend(bosses)


def _team_world(w: World, org: str, colleagues: list[Person], dates: list) -> None:
    """Colleagues' roles and homes, team leads and the group's tools, told in team sessions."""
    rng = w.rng
    if len(dates) < 2:
        return
    lo, hi = dates[0] + 5 * D, dates[-1] - 4 * D
    for c in colleagues:
        roles = [w.pick(f"roles:{c.name}", T.TECH_ROLES)]
        dates_c = w.spaced(lo + 30 * D, hi, rng.randint(0, 1), 90) if hi > lo + 30 * D else []
        roles += [w.pick(f"roles:{c.name}", T.TECH_ROLES) for _ in dates_c]
        _colleague_timeline(w, org, c, "HAS_ROLE", "role", "is_role", roles, dates_c, "ROLE", dates[0])
        if rng.random() < 0.5:
            dates_c = w.spaced(lo + 30 * D, hi, rng.randint(0, 1), 90) if hi > lo + 30 * D else []
            places = [w.pick("places", T.PLACES) for _ in range(len(dates_c) + 1)]
            _colleague_timeline(w, org, c, "LIVES_IN", "move", "lives", places, dates_c, "PLACE", dates[0])
    if rng.random() < 0.7:
        c, boss = colleagues[1], colleagues[0]
        dates_c = w.spaced(lo + 30 * D, hi, rng.randint(0, 1), 90) if hi > lo + 30 * D else []
        bosses = [boss.name] + [colleagues[2].name for _ in dates_c]
        _colleague_timeline(w, org, c, "REPORTS_TO", "manager", "reports", bosses, dates_c, "PERSON", dates[0])
    for _ in range(2):
        _team_leads(w, org, colleagues, lo, hi, dates[0])
    for fam in rng.sample(T.TOOL_FAMILIES, 3):
        _tools(w, org, fam, lo, hi, dates[0])


def _colleague_timeline(w: World, org: str, c: Person, predicate: str, start_kind: str, state_kind: str,
                        values: list[str], dates: list[date], obj_type: str, first_session: date) -> None:
    slot = w.slot(c.name, predicate, "one", "colleague")
    first = Boundary(first_session - timedelta(days=w.rng.randint(100, 900)))
    stints = [Stint(values[0], first)]
    mentions = tuple(w.people[v] for v in values if v in w.people)
    w.add(Event(state_kind, first.date, org, c, {"obj": values[0]}, [first],
                [claim("assert", c.name, predicate, values[0], ot=obj_type)], [slot], initial=True, forms=("none",),
                mentions=mentions[:1], stint=stints[0]))
    for v, d in zip(values[1:], dates):
        b = Boundary(d)
        stints[-1].end = b
        stints.append(Stint(v, b))
        w.add(Event(start_kind, d, org, c, {"obj": v}, [b], [claim("assert", c.name, predicate, v, ot=obj_type)], [slot],
                    mentions=tuple(w.people[x] for x in (v,) if x in w.people), stint=stints[-1]))
    slot.stints.extend(stints)


def _team_leads(w: World, org: str, colleagues: list[Person], lo: date, hi: date, first_session: date) -> None:
    rng = w.rng
    team = w.pick("teams", T.TEAMS)
    slot = w.slot(team, "LEADS", "one_per_object", "team", side="object")
    tp = f"the {team}"
    candidates = [*colleagues, w.user]
    lead = rng.choice(colleagues)
    first = Boundary(first_session - timedelta(days=rng.randint(60, 700)))
    stints = [Stint(lead.name, first)]
    w.add(Event("leads", first.date, org, lead, {"team": tp}, [first], [claim("assert", lead.name, "LEADS", team, ot="GROUP")],
                [slot], initial=True, forms=("none",), stint=stints[0]))
    current: Person | None = lead
    for d in w.spaced(lo + 20 * D, hi, rng.randint(1, 3), 75) if hi > lo + 20 * D else []:
        if current is not None and rng.random() < 0.25:
            b = Boundary(d)
            stints[-1].end = b
            w.add(Event("lead_end", d, org, current, {"team": tp}, [b], [claim("end", current.name, "LEADS", team, ot="GROUP")], [slot]))
            current = None
            continue
        new = rng.choice([c for c in candidates if c is not current])
        b = Boundary(d)
        if current is not None:
            stints[-1].end = b
        stints.append(Stint(new.name, b))
        claims = [claim("assert", new.name, "LEADS", team, ot="GROUP")]
        kind = "lead_start"
        if current is not None and not new.is_user and rng.random() < 0.35:
            kind = "lead_switch"
            claims.append(claim("end", current.name, "LEADS", team, ot="GROUP"))
        w.add(Event(kind, d, org, new, {"team": tp, "old": current.name if current else ""}, [b], claims, [slot],
                    mentions=(current,) if kind == "lead_switch" else (), stint=stints[-1]))
        current = new
    slot.stints.extend(stints)


def _tools(w: World, org: str, fam: T.ToolFamily, lo: date, hi: date, first_session: date) -> None:
    rng = w.rng
    if fam.versions:
        values = [f"{fam.tools[0]} {v}" for v in fam.versions]
    else:
        values = list(fam.tools)
    slot = w.slot(org, "USES", "many", "org", scope=frozenset(canon(v) for v in values))
    first = Boundary(first_session - timedelta(days=rng.randint(60, 900)))
    if fam.versions:
        vi = rng.randint(0, len(fam.versions) - 3)
        cur = values[vi]
    else:
        cur = rng.choice(values)
    stints = [Stint(cur, first)]

    def say(value: str) -> str:
        if fam.versions:
            return f"{rng.choice(fam.say)} {value.split()[-1]}"
        return value

    w.add(Event("tool_start" if rng.random() < 0.35 else "uses", first.date, org, None,
                {"tool": say(cur), "purpose": fam.purpose}, [first], [claim("assert", org, "USES", cur, st="ORG", ot="TOOL")],
                [slot], initial=True, stint=stints[0]))
    w.events[-1].forms = ("since",) if w.events[-1].kind == "tool_start" else ("none",)
    active: str | None = cur
    for d in w.spaced(lo + 20 * D, hi, rng.randint(1, 2), 80) if hi > lo + 20 * D else []:
        b = Boundary(d)
        if active is None:
            if fam.versions:
                break
            new = rng.choice([v for v in values if v not in {s.value for s in stints}] or values)
            stints.append(Stint(new, b))
            w.add(Event("tool_start", d, org, None, {"tool": say(new), "purpose": fam.purpose}, [b],
                        [claim("assert", org, "USES", new, st="ORG", ot="TOOL")], [slot], stint=stints[-1]))
            active = new
            continue
        r = rng.random()
        if fam.versions and values.index(active) + 1 < len(values) and r < 0.85:
            new = values[values.index(active) + 1]
            stints[-1].end = b
            stints.append(Stint(new, b))
            w.add(Event("tool_upgrade", d, org, None, {"tool": rng.choice(fam.say), "v1": active.split()[-1], "v2": new.split()[-1],
                                                        "purpose": fam.purpose}, [b],
                        [claim("end", org, "USES", active, st="ORG", ot="TOOL"), claim("assert", org, "USES", new, st="ORG", ot="TOOL")],
                        [slot], stint=stints[-1]))
            active = new
        elif not fam.versions and r < 0.7:
            new = rng.choice([v for v in values if v != active and v not in {s.value for s in stints}] or [v for v in values if v != active])  # noqa: E501
            stints[-1].end = b
            stints.append(Stint(new, b))
            w.add(Event("tool_switch", d, org, None, {"tool": new, "old_tool": active, "purpose": fam.purpose}, [b],
                        [claim("end", org, "USES", active, st="ORG", ot="TOOL"), claim("assert", org, "USES", new, st="ORG", ot="TOOL")],
                        [slot], stint=stints[-1]))
            active = new
        else:
            stints[-1].end = b
            w.add(Event("tool_end", d, org, None, {"tool": say(active), "purpose": fam.purpose}, [b],
                        [claim("end", org, "USES", active, st="ORG", ot="TOOL")], [slot]))
            active = None
    slot.stints.extend(stints)


def _pets(w: World, who: Person, lo: date, hi: date, *, n: int) -> None:
    rng = w.rng
    slot = w.slot(who.name, "HAS_PET", "many", "user" if who.is_user else "relative")
    for k in range(n):
        species = rng.choice(T.SPECIES)
        pet = w.pick("pets", T.PET_NAMES)
        f = {"species": species, "pet": pet, "a_species": T.article(species), "obj": pet}
        if k == 0 and rng.random() < 0.3:
            b = Boundary(w.start - timedelta(days=rng.randint(100, 900)))
            w.add(Event("has_pet", b.date, "personal", who, f, [b], [claim("assert", who.name, "HAS_PET", pet, ot="PET")], [slot],
                        initial=True, forms=("none",)))
        else:
            d = lo + timedelta(days=rng.randint(0, max(1, (hi - lo).days - 60)))
            b = Boundary(d)
            w.add(Event("pet_start", d, "personal", who, f, [b], [claim("assert", who.name, "HAS_PET", pet, ot="PET")], [slot]))
        stint = Stint(pet, b)
        w.events[-1].stint = stint
        slot.stints.append(stint)
        if rng.random() < 0.5:
            de = max(b.date, lo) + timedelta(days=rng.randint(120, 700))
            if de < hi:
                e = Boundary(de)
                stint.end = e
                w.add(Event("pet_end", de, "personal", who, f, [e], [claim("end", who.name, "HAS_PET", pet, ot="PET")], [slot]))


def _partners(w: World, who: Person, lo: date, hi: date, *, kind: str) -> None:
    """Dating, breaking up, marrying and divorcing; each partner gets the mirrored slots too."""
    rng = w.rng
    p_slot = w.slot(who.name, "PARTNER_OF", "one", kind)
    m_slot = w.slot(who.name, "MARRIED_TO", "one", kind)
    dates = w.spaced(lo, hi, rng.randint(1, 4), 150)
    state, partner = "single", None
    p_stint = m_stint = None

    def new_partner() -> Person:
        g = rng.choice("FM")
        return w.person(T.PARTNER_WORD[g], g)

    def sides(partner: Person) -> tuple[Slot, Slot]:
        return (w.slot(partner.name, "PARTNER_OF", "one", "partner"), w.slot(partner.name, "MARRIED_TO", "one", "partner"))

    def pclaims(k: str, pred: str, partner: Person) -> list[tuple]:
        return [claim(k, who.name, pred, partner.name, ot="PERSON")]

    if rng.random() < 0.5:
        partner = new_partner()
        b = Boundary(w.start - timedelta(days=rng.randint(100, 1500)))
        p_stint = Stint(partner.name, b)
        ps, _ = sides(partner)
        ps.stints.append(Stint(who.name, b))
        init_kind = "partner_start" if rng.random() < 0.4 else "partner"
        w.add(Event(init_kind, b.date, "personal", who, {"p": partner.name, "pword": T.PARTNER_WORD[partner.gender]}, [b],
                    pclaims("assert", "PARTNER_OF", partner), [p_slot, ps], mentions=(partner,), initial=True,
                    forms=("since",) if init_kind == "partner_start" else ("none",), stint=p_stint))
        p_slot.stints.append(p_stint)
        state = "dating"
    for d in dates:
        b = Boundary(d)
        f = {"p": partner.name if partner else ""}
        if state == "single":
            partner = new_partner()
            ps, _ = sides(partner)
            p_stint = Stint(partner.name, b)
            p_slot.stints.append(p_stint)
            ps.stints.append(Stint(who.name, b))
            w.add(Event("partner_start", d, "personal", who, {"p": partner.name}, [b], pclaims("assert", "PARTNER_OF", partner),
                        [p_slot, ps], mentions=(partner,), stint=p_stint))
            state = "dating"
        elif state == "dating" and rng.random() < 0.5:
            ps, _ = sides(partner)
            p_stint.end = b
            ps.stints[-1].end = b
            w.add(Event("partner_end", d, "personal", who, f, [b], pclaims("end", "PARTNER_OF", partner), [p_slot, ps],
                        mentions=(partner,)))
            state, partner = "single", None
        elif state == "dating":
            ps, ms = sides(partner)
            p_stint.end, p_stint.end_fuzzy = b, True
            ps.stints[-1].end, ps.stints[-1].end_fuzzy = b, True
            m_stint = Stint(partner.name, b)
            m_slot.stints.append(m_stint)
            ms.stints.append(Stint(who.name, b))
            w.add(Event("marry", d, "personal", who, f, [b], pclaims("assert", "MARRIED_TO", partner), [m_slot, ms],
                        mentions=(partner,), stint=m_stint))
            state = "married"
        elif state == "married" and rng.random() < 0.4:
            _, ms = sides(partner)
            m_stint.end = b
            ms.stints[-1].end = b
            w.add(Event("divorce", d, "personal", who, f, [b], pclaims("end", "MARRIED_TO", partner), [m_slot, ms],
                        mentions=(partner,)))
            state, partner = "single", None


def _relative(w: World, lo: date, hi: date) -> None:
    rng = w.rng
    g = rng.choice("FM")
    p = w.person(rng.choice(T.RELATIONS[g]), g)
    moves = w.spaced(lo, hi, rng.randint(1, 2), 150)
    places = [w.pick("places", T.PLACES) for _ in range(len(moves) + 1)]
    homes = one_timeline(w, p, "personal", "LIVES_IN", places, moves, kind="relative", start_kind="move", state_kind="lives",
                         switch_kind="move_switch", obj_type="PLACE", correctable=True, planned_ok=True)
    if rng.random() < 0.8:
        changes = w.spaced(lo + 30 * D, hi, rng.randint(0, 2), 200)
        orgs = [w.pick("orgs", T.ORGS) for _ in range(len(changes) + 1)]
        jobs = one_timeline(w, p, "personal", "WORKS_AT", orgs, changes, kind="relative", start_kind="job_start", state_kind="works",
                            switch_kind="job_switch", obj_type="ORG", correctable=True, planned_ok=True)
        # "My sister Emma just started a new job at Google in Zurich. She moved there in January."
        if len(jobs) > 1 and len(homes) > 1 and rng.random() < 0.5:
            job_ev = next(e for e in w.events if e.stint is jobs[1])
            move_ev = next(e for e in w.events if e.stint is homes[-1])
            new_move = job_ev.date - timedelta(days=rng.randint(3, 40))
            prev_start = homes[-2].start.date
            if new_move > prev_start + 60 * D and (len(homes) < 2 or homes[-1].end is None):
                homes[-1].start.date = new_move
                move_ev.date = new_move
                job_ev.kind, job_ev.forms, job_ev.fields["place"] = "pair_job", ("none",), homes[-1].value
                job_ev.pair, job_ev.correctable = move_ev, None
                move_ev.kind, move_ev.correctable = "pair_move", None
                move_ev.claims = [c for c in move_ev.claims if c[0] == "assert"]
                w.events.remove(move_ev)
    if rng.random() < 0.6:
        roles_pool = T.OTHER_ROLES if rng.random() < 0.6 else T.TECH_ROLES
        dates = w.spaced(lo + 30 * D, hi, rng.randint(0, 1), 150)
        roles = [w.pick(f"roles:{p.name}", roles_pool) for _ in range(len(dates) + 1)]
        one_timeline(w, p, "personal", "HAS_ROLE", roles, dates, kind="relative", start_kind="role", state_kind="is_role",
                     switch_kind=None, obj_type="ROLE", initial_since=0.0)
    if rng.random() < 0.5:
        _partners(w, p, lo, hi, kind="relative")
    if rng.random() < 0.3:
        _pets(w, p, lo, hi, n=1)
