"""Write the text of what is said: pick a template and a time phrase, resolve pronouns, and
record the gold claims and the periods each phrase leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from bench.temporal import templates as T
from bench.temporal.model import GoldClaim, canon
from bench.temporal.timephrases import Phrase, phrases
from bench.temporal.world import Event, Person, World
from chronomem.schema.timeutil import UTC

D = timedelta(days=1)
FIRST_PERSON_KINDS = {"role", "is_role", "move", "lives", "manager", "reports", "lead_start", "lead_end", "leads"}
FUTURE_KIND = {"move": "move_future", "move_switch": "move_future", "job_start": "job_future",
               "job_switch": "job_future", "job_start_role": "job_future"}


@dataclass
class Item:
    """Something to say in a session (an event, a restatement, a distractor, a correction)."""

    kind: str
    speaker: str = "user"
    event: Event | None = None
    planned: bool = False
    wrong: str | None = None  # the event is told with this wrong value
    text: str = ""
    template: str = ""
    claims: list[GoldClaim] = field(default_factory=list)
    subject: Person | None = None
    mentions: tuple = ()
    allowed: set = field(default_factory=set)
    render: object = None  # deferred renderer: (Item, SessionPlan, Context) → None


@dataclass
class SessionPlan:
    channel: str
    day: date
    items: list[Item] = field(default_factory=list)
    id: str = ""
    started_at: datetime | None = None


class Context:
    """Rendering state of one world."""

    def __init__(self, w: World) -> None:
        self.w = w
        self.rng = w.rng


def person_key(p: Person | None) -> str:
    """Which template set tells about ``p``: "we" (the group), "1" (the user) or "3"."""
    return "we" if p is None else ("1" if p.is_user else "3")


def render_session(ctx: Context, plan: SessionPlan) -> None:
    """Order the session's items and write their text (pronouns need the order)."""
    rng = ctx.rng
    events = [i for i in plan.items if i.kind == "event"]
    others = [i for i in plan.items if i.kind != "event"]
    rng.shuffle(events)
    # keep one subject's events together so that pronouns can refer back
    order: dict[str, int] = {}
    for i in events:
        order.setdefault(i.event.subject.name if i.event.subject else "", len(order))
    events.sort(key=lambda i: order[i.event.subject.name if i.event.subject else ""])
    expanded: list[Item] = []
    for i in events:
        expanded.append(i)
        if i.event.pair is not None and i.event.kind in ("pair_job", "job_start", "job_switch", "job_start_role"):
            pair = i.event.pair
            if pair.kind in ("pair_move", "role"):
                expanded.append(Item("event", event=pair, subject=pair.subject, planned=False))
            elif pair.kind == "move":  # a split pair: the move is told on its own, in the same session
                expanded.append(Item("event", event=pair, subject=pair.subject, planned=False))
    plan.items = expanded + others
    last: Item | None = None
    mentioned: set[str] = set()
    for item in plan.items:
        if item.kind == "event":
            render_event(ctx, plan, item, last, mentioned)
        elif item.kind == "correction":
            render_correction(ctx, plan, item, mentioned)
        last = item


def _subject_phrase(ctx: Context, p: Person, plan: SessionPlan, last: Item | None, mentioned: set[str], *,
                    pronoun_ok: bool = True) -> tuple[str, str]:
    """``(S, Sp)``: "my sister Emma" / "Emma" / "she", with the possessive."""
    rng = ctx.rng
    prev_same = last is not None and last.subject is p and last.kind == "event" and getattr(last, "person", "") == "3"
    clash = last is not None and any(m is not p and getattr(m, "gender", "") == p.gender for m in last.mentions)
    if pronoun_ok and prev_same and not clash and rng.random() < 0.7 and p.gender in "FM":
        return p.pron, p.pron_pos
    if plan.channel == "personal" and p.relation and p.name not in mentioned and rng.random() < 0.5:
        s = f"my {p.relation} {p.name}"
    else:
        s = p.name
    mentioned.add(p.name)
    return s, s + "'s"


class Untellable(Exception):
    """No phrase can tell an event without blurring it into a neighbouring boundary's period."""


def _fits(ev: Event, lo: date, hi: date) -> bool:
    """A boundary's period must not overlap the zones of the other boundaries of its slots.

    Otherwise an extractor that picks any day of each period may order two changes wrongly
    ("switched to New Relic in June" then "replaced New Relic in 2022"). Boundaries not told
    yet stand at their true date.
    """
    for b in ev.boundaries:
        for slot in ev.slots:
            for st in slot.stints:
                for o in (st.start, st.end):
                    if o is None or o is b or o.date == b.date:
                        continue
                    zlo, zhi = o.zone()
                    if o.date < b.date and zhi > lo:
                        return False
                    if o.date > b.date and (zlo is None or zlo < hi):
                        return False
    return True


def _phrase_options(form: str, d: date, s: date, ongoing: bool) -> list[Phrase]:
    if form == "since" and not ongoing:
        return []
    return phrases(form, d, s)


def render_event(ctx: Context, plan: SessionPlan, item: Item, last: Item | None, mentioned: set[str], *,  # noqa: C901
                  optional: bool = False) -> bool:
    rng, w = ctx.rng, ctx.w
    ev = item.event
    s = plan.day
    ongoing = ev.stint is None or ev.stint.end is None or ev.stint.end.date > s
    person = person_key(ev.subject)
    speaker = "user"
    if plan.channel != "personal":
        members = w.channels[plan.channel].members
        if ev.subject is None:
            speaker = rng.choice(members).name
        elif ev.subject.is_user:
            speaker = "user"
        elif ev.kind in FIRST_PERSON_KINDS and "1" in T.TEMPLATES.get(ev.kind, {}) and rng.random() < 0.5:
            person, speaker = "1", ev.subject.name
        else:
            speaker = rng.choice([m for m in members if m is not ev.subject]).name
    kind = ev.kind
    if item.planned:
        kind = FUTURE_KIND[kind]
    fields = dict(ev.fields)
    if item.wrong:
        fields["obj"] = item.wrong
    if kind == "pair_job" and not _fits(ev, s - 14 * D, s + D):
        kind = ev.kind = "job_start"
        ev.forms, ev.claims = ("point",), [c for c in ev.claims if c[0] == "assert"]
        ev.pair.kind = "move"
    if kind in ("pair_job", "pair_move"):
        tpl = T.JOB_AND_MOVE_PAIR[0 if kind == "pair_job" else 1]
        choices = [(tpl, None)] if kind == "pair_job" else [(tpl, p) for p in phrases("point", ev.date, s) if _fits(ev, p.lo, p.hi)]
    else:
        choices = []
        for tpl in T.TEMPLATES[kind][person]:
            if ev.only and tpl.id not in ev.only:
                continue
            if tpl.form == "none":
                if " still " in tpl.text and not optional:
                    continue  # "still" restates; it does not open a conversation
                if "none" in ev.forms and ongoing and not item.planned:
                    choices.append((tpl, None))
                continue
            if item.planned:
                choices += [(tpl, p) for p in phrases("future", ev.date, s) if _fits(ev, p.lo, p.hi)]
                continue
            if tpl.form not in ev.forms:
                continue
            choices += [(tpl, p) for p in _phrase_options(tpl.form, ev.date, s, ongoing) if _fits(ev, p.lo, p.hi)]
        if kind == "lead_start" and person == "3" and ev.date == s and rng.random() < 0.4 and _fits(ev, s, s + D):
            choices = [(tpl, Phrase("today", s, s + D, "day", "today")) for tpl in T.TEMPLATES["lead_today"]["3"]]
    if not choices:
        if optional:
            return False  # a restatement with nothing to say
        raise Untellable(f"no template for {kind} {person} {ev.forms} {ev.date} told {s}")
    tpls = sorted({id(t): t for t, _ in choices}.values(), key=lambda t: t.id)
    tpl = rng.choice(tpls)
    opts = [p for t, p in choices if t is tpl]
    phrase = opts[0] if opts[0] is None else rng.choices(opts, weights=[p.weight for p in opts])[0]
    nominative = tpl.text.startswith(("{S}", "{When}, {S}", "{Sp}", "{When}, {Sp}")) or "{S}" not in tpl.text
    subj_s, subj_p = ("I", "my") if person == "1" else ("we", "our") if person == "we" else _subject_phrase(
        ctx, ev.subject, plan, last, mentioned, pronoun_ok=nominative)
    if person == "3" and subj_s == ev.subject.pron:
        item.pronoun = True  # type: ignore[attr-defined]
    team = fields.get("team", "")
    role = fields.get("role") or fields.get("obj", "")
    text = T.render(tpl.text, S=subj_s, Sp=subj_p, when=phrase.text if phrase else "", obj=fields.get("obj", ""),
                    old=fields.get("old", ""), a_role=T.article(role), role=role, mgr=fields.get("obj", ""), team=team,
                    Team=team[:1].upper() + team[1:], tool=fields.get("tool", ""), old_tool=fields.get("old_tool", ""),
                    purpose=fields.get("purpose", ""), species=fields.get("species", ""), a_species=fields.get("a_species", ""),
                    pet=fields.get("pet", ""), p=fields.get("p", ""), v1=fields.get("v1", ""), v2=fields.get("v2", ""),
                    pword=fields.get("pword", ""), place=fields.get("place", ""),
                    pron=ev.subject.pron if ev.subject else "", pron_pos=ev.subject.pron_pos if ev.subject else "",
                    pron_cap=(ev.subject.pron if ev.subject else "").capitalize())
    if kind == "pair_job":
        phrase = Phrase("just", s - 14 * D, s + D, "day", "just")
        item.allowed = {("LIVES_IN", canon(fields["place"]))}
    item.text, item.template, item.speaker = text, tpl.id, speaker
    item.person = person  # type: ignore[attr-defined]
    item.subject = ev.subject
    item.mentions = tuple(ev.mentions)
    observed = phrase is None
    claims = ev.claims
    if kind == "pair_job":
        claims = [c for c in claims if c[0] == "assert"]
    item.claims = []
    for (ck, subj, pred, obj, repl, st, ot) in claims:
        if item.wrong and ck == "assert" and pred == ev.correctable:
            obj = item.wrong
        item.claims.append(GoldClaim(ck, subj, pred, obj, None if observed else phrase.lo, None if observed else phrase.hi,
                                     "day" if observed else phrase.precision, observed, repl, st, ot))
    item.boundaries = list(ev.boundaries)  # type: ignore[attr-defined]
    for b in ev.boundaries:
        if observed:
            b.observed_at = min(b.observed_at or s, s)
        else:
            b.periods.append((phrase.lo, phrase.hi))
    if item.wrong:
        ev.stint.reported_wrong_at = datetime(s.year, s.month, s.day, tzinfo=UTC)
    item.phrase = phrase  # type: ignore[attr-defined]
    if kind == "pair_move":
        item.pronoun = True  # type: ignore[attr-defined]
    return True


def render_correction(ctx: Context, plan: SessionPlan, item: Item, mentioned: set[str]) -> None:
    ev = item.event
    pred = ev.correctable
    person = "1" if ev.subject.is_user else "3"
    tpl = ctx.rng.choice(T.CORRECTIONS[pred][person])
    right = ev.fields["obj"]
    wrong = ev.stint.wrong_value
    text = T.render(tpl.text, S=ev.subject.name, obj=right, old=wrong)
    phrase = item.told.phrase  # type: ignore[attr-defined]
    item.text, item.template, item.speaker, item.subject = text, tpl.id, "user", ev.subject
    item.claims = [GoldClaim("correct", ev.subject.name, pred, right, phrase.lo if phrase else None,
                             phrase.hi if phrase else None, phrase.precision if phrase else "day", phrase is None, wrong,
                             "PERSON", "OTHER")]
    item.allowed = {(pred, canon(right))}  # restating the right value as well is harmless
    ev.stint.corrected_at = datetime(plan.day.year, plan.day.month, plan.day.day, tzinfo=UTC)
