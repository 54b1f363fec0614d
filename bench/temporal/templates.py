"""Sentence templates and name pools of the synthetic temporal benchmark.

These templates live in the benchmark only; the extractor must never see them. Each template
has an id (reported with failures), the text with placeholders, and the time form it needs:
``point`` (a past time: "last week", "in 2021"), ``since`` ("since January"), ``day`` (a day:
"last Friday"), ``future`` ("next month") or ``none`` (no time: a state stated as current).

Placeholders: ``{S}`` subject ("I", "Emma", "my sister Emma", "she"), ``{Sp}`` its possessive
("my", "Emma's", "her"), ``{obj}``, ``{old}``, ``{a_role}`` (with article), ``{mgr}``, ``{team}``,
``{tool}``, ``{old_tool}``, ``{purpose}``, ``{species}``, ``{pet}``, ``{p}`` (a partner),
``{v1}``/``{v2}`` (versions), ``{when}`` and ``{When}`` (the time phrase, capitalised when it
opens the sentence).

>>> render("{When}, {S} moved to {obj}.", S="she", obj="Lyon", when="last week")
'Last week, she moved to Lyon.'
>>> len(TEMPLATES["move"]["1"]) >= 5 and len(TEMPLATES["move"]["3"]) >= 5
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Template:
    id: str
    text: str
    form: str = "point"  # point | since | day | future | none


def _t(prefix: str, items: list[tuple[str, str]]) -> list[Template]:
    return [Template(f"{prefix}.{n}", text, form) for n, (text, form) in enumerate(items, start=1)]


def render(text: str, **fields: str) -> str:
    """Fill a template; ``{When}`` is the time phrase capitalised; the sentence starts upper-case."""
    when = fields.get("when", "")
    fields = {**fields, "When": when[:1].upper() + when[1:]}
    out = text.format(**fields).replace(" as of on ", " as of ")
    return out[:1].upper() + out[1:]


def article(phrase: str) -> str:
    """``a data engineer`` / ``an engineering manager``."""
    vowel = phrase[:1].lower() in "aeiou" and not phrase.lower().startswith(("ux", "us", "uni", "eu"))
    return ("an " if vowel else "a ") + phrase


P, S, DAY, FUT, NONE = "point", "since", "day", "future", "none"

# Keys: event kind → "1" (first person, {S} is "I") / "3" (third person) / "we" (the speaker's group).
TEMPLATES: dict[str, dict[str, list[Template]]] = {
    "move": {
        "1": _t("move.1", [
            ("I moved to {obj} {when}.", P),
            ("{When}, I relocated to {obj}.", P),
            ("I packed up and moved to {obj} {when}.", P),
            ("I finally settled in {obj} {when}.", P),
            ("{When} I moved into a new apartment in {obj}.", P),
            ("I've been living in {obj} since {when}.", S),
            ("I have lived in {obj} since {when}.", S),
        ]),
        "3": _t("move.3", [
            ("{S} moved to {obj} {when}.", P),
            ("{When}, {S} relocated to {obj}.", P),
            ("{S} packed up and moved to {obj} {when}.", P),
            ("{S} got a place in {obj} and moved there {when}.", P),
            ("{S} has been living in {obj} since {when}.", S),
        ]),
    },
    "move_switch": {
        "1": _t("move_switch.1", [
            ("I left {old} for {obj} {when}.", P),
            ("I moved from {old} to {obj} {when}.", P),
            ("{When}, I swapped {old} for {obj}.", P),
        ]),
        "3": _t("move_switch.3", [
            ("{S} moved from {old} to {obj} {when}.", P),
            ("{S} left {old} for {obj} {when}.", P),
            ("{When}, {S} swapped {old} for {obj}.", P),
        ]),
    },
    "move_future": {
        "1": _t("move_future.1", [("I'm moving to {obj} {when}.", FUT), ("I'll be moving to {obj} {when}.", FUT)]),
        "3": _t("move_future.3", [("{S} is moving to {obj} {when}.", FUT)]),
    },
    "lives": {  # a state stated as current, no time
        "1": _t("lives.1", [("I live in {obj}.", NONE), ("I'm based in {obj}.", NONE), ("I still live in {obj}.", NONE)]),
        "3": _t("lives.3", [("{S} lives in {obj}.", NONE), ("{S} still lives in {obj}.", NONE)]),
    },
    "job_start": {
        "1": _t("job_start.1", [
            ("I joined {obj} {when}.", P),
            ("I started a new job at {obj} {when}.", P),
            ("{When}, I started working at {obj}.", P),
            ("I got hired at {obj} {when}.", P),
            ("My first day at {obj} was {when}.", DAY),
            ("I've been working at {obj} since {when}.", S),
        ]),
        "3": _t("job_start.3", [
            ("{S} joined {obj} {when}.", P),
            ("{S} started a new job at {obj} {when}.", P),
            ("{When}, {S} started working at {obj}.", P),
            ("{S} got hired at {obj} {when}.", P),
            ("{S} has worked at {obj} since {when}.", S),
        ]),
    },
    "job_start_role": {
        "1": _t("job_start_role.1", [
            ("I joined {obj} as {a_role} {when}.", P),
            ("{When}, I started at {obj} as {a_role}.", P),
            ("I started a new job at {obj} {when}, as {a_role}.", P),
        ]),
        "3": _t("job_start_role.3", [
            ("{S} joined {obj} as {a_role} {when}.", P),
            ("{When}, {S} started at {obj} as {a_role}.", P),
        ]),
    },
    "job_switch": {
        "1": _t("job_switch.1", [
            ("I left {old} for {obj} {when}.", P),
            ("I switched jobs from {old} to {obj} {when}.", P),
            ("{When}, I moved from {old} to {obj}.", P),
        ]),
        "3": _t("job_switch.3", [
            ("{S} left {old} for {obj} {when}.", P),
            ("{S} switched from {old} to {obj} {when}.", P),
            ("{When}, {S} moved from {old} to {obj}.", P),
        ]),
    },
    "job_future": {
        "1": _t("job_future.1", [("I'm starting at {obj} {when}.", FUT), ("I start my new job at {obj} {when}.", FUT)]),
        "3": _t("job_future.3", [("{S} is starting at {obj} {when}.", FUT)]),
    },
    "works": {
        "1": _t("works.1", [("I work at {obj}.", NONE), ("I'm still at {obj}.", NONE), ("I work at {obj} as {a_role}.", NONE)]),
        "3": _t("works.3", [("{S} works at {obj}.", NONE), ("{S} is still working at {obj}.", NONE)]),
    },
    "job_end": {
        "1": _t("job_end.1", [
            ("I left {obj} {when}.", P),
            ("I quit my job at {obj} {when}.", P),
            ("{When}, I resigned from {obj}.", P),
            ("I was laid off from {obj} {when}.", P),
            ("I stopped working at {obj} {when}.", P),
            ("My last day at {obj} was {when}.", DAY),
        ]),
        "3": _t("job_end.3", [
            ("{S} left {obj} {when}.", P),
            ("{S} quit {obj} {when}.", P),
            ("{When}, {S} resigned from {obj}.", P),
            ("{S} was laid off from {obj} {when}.", P),
            ("{S} stopped working at {obj} {when}.", P),
            ("{Sp} last day at {obj} was {when}.", DAY),
        ]),
    },
    "role": {
        "1": _t("role.1", [
            ("I got promoted to {obj} {when}.", P),
            ("{When}, I became {a_role}.", P),
            ("My title changed to {obj} {when}.", P),
            ("I was promoted to {obj} {when}.", P),
            ("{When}, I moved into {a_role} role.", P),
            ("I've been working as {a_role} since {when}.", S),
        ]),
        "3": _t("role.3", [
            ("{S} got promoted to {obj} {when}.", P),
            ("{When}, {S} became {a_role}.", P),
            ("{S} was promoted to {obj} {when}.", P),
            ("{Sp} title changed to {obj} {when}.", P),
            ("{S} has been working as {a_role} since {when}.", S),
        ]),
    },
    "is_role": {
        "1": _t("is_role.1", [("I'm {a_role}.", NONE), ("I work as {a_role}.", NONE)]),
        "3": _t("is_role.3", [("{S} is {a_role}.", NONE), ("{S} works as {a_role}.", NONE)]),
    },
    "manager": {
        "1": _t("manager.1", [
            ("{When}, I started reporting to {obj}.", P),
            ("{obj} became my manager {when}.", P),
            ("I've been reporting to {obj} since {when}.", S),
            ("I got a new manager {when}: {obj}.", P),
            ("{obj} has been my boss since {when}.", S),
            ("I switched teams {when} and now report to {obj}.", P),
        ]),
        "3": _t("manager.3", [
            ("{When}, {S} started reporting to {obj}.", P),
            ("{obj} became {Sp} manager {when}.", P),
            ("{S} has reported to {obj} since {when}.", S),
            ("{S} got a new manager {when}: {obj}.", P),
            ("{S} switched teams {when} and now reports to {obj}.", P),
        ]),
    },
    "reports": {
        "1": _t("reports.1", [("I report to {obj}.", NONE), ("My manager is {obj}.", NONE)]),
        "3": _t("reports.3", [("{S} reports to {obj}.", NONE), ("{Sp} manager is {obj}.", NONE)]),
    },
    # LEADS: {S} is the lead, {team} the team ("the platform team").
    "lead_start": {
        "1": _t("lead_start.1", [
            ("I took over {team} {when}.", P),
            ("{When}, I became the lead of {team}.", P),
            ("I've been leading {team} since {when}.", S),
        ]),
        "3": _t("lead_start.3", [
            ("{When}, {S} took over {team}.", P),
            ("{S} became the lead of {team} {when}.", P),
            ("{S} has been leading {team} since {when}.", S),
            ("{S} is the new lead of {team} as of {when}.", DAY),
            ("{S} was put in charge of {team} {when}.", P),
        ]),
    },
    "lead_today": {
        "3": _t("lead_today.3", [("Starting today, {S} leads {team}.", NONE), ("As of today, {S} is the lead of {team}.", NONE)]),
    },
    "lead_switch": {
        "3": _t("lead_switch.3", [
            ("{S} took over {team} from {old} {when}.", P),
            ("{When}, {S} replaced {old} as the lead of {team}.", P),
        ]),
    },
    "lead_end": {
        "1": _t("lead_end.1", [("I stepped down as lead of {team} {when}.", P), ("{When}, I stopped leading {team}.", P)]),
        "3": _t("lead_end.3", [
            ("{S} stepped down as lead of {team} {when}.", P),
            ("{When}, {S} stopped leading {team}.", P),
            ("{S} gave up the lead of {team} {when}.", P),
            ("{S} is no longer leading {team}; {pron} stepped down {when}.", P),
            ("{S} handed off {team} {when}, and it has no lead for now.", P),
        ]),
    },
    "leads": {
        "1": _t("leads.1", [("I lead {team}.", NONE)]),
        "3": _t("leads.3", [("{S} leads {team}.", NONE), ("{S} runs {team}.", NONE), ("{Team} is led by {S}.", NONE)]),
    },
    # USES: the speaker's group ("we"); {tool} is how the tool is said, {obj} the canonical value.
    "tool_start": {
        "we": _t("tool_start.we", [
            ("We started using {tool} {when}.", P),
            ("We adopted {tool} {when}.", P),
            ("{When}, we rolled out {tool}.", P),
            ("We've been using {tool} since {when}.", S),
            ("We brought in {tool} for {purpose} {when}.", P),
            ("We've been on {tool} since {when}.", S),
        ]),
    },
    "uses": {
        "we": _t("uses.we", [("We use {tool} for {purpose}.", NONE), ("We run {tool}.", NONE), ("We still use {tool}.", NONE),
                             ("We rely on {tool} for {purpose}.", NONE)]),
    },
    "tool_switch": {
        "we": _t("tool_switch.we", [
            ("We replaced {old_tool} with {tool} {when}.", P),
            ("{When}, we switched from {old_tool} to {tool}.", P),
            ("We moved {purpose} from {old_tool} to {tool} {when}.", P),
            ("We migrated from {old_tool} to {tool} {when}.", P),
            ("We dropped {old_tool} in favor of {tool} {when}.", P),
            ("We swapped {old_tool} out for {tool} {when}.", P),
        ]),
    },
    "tool_upgrade": {  # {tool} is the bare name here, {v1}/{v2} the versions
        "we": _t("tool_upgrade.we", [
            ("We upgraded {tool} from {v1} to {v2} {when}.", P),
            ("{When}, we upgraded {tool} from version {v1} to {v2}.", P),
            ("We bumped {tool} from {v1} to {v2} {when}.", P),
            ("We moved from {tool} {v1} to {tool} {v2} {when}.", P),
            ("We finished the {tool} {v1} to {v2} upgrade {when}.", P),
        ]),
    },
    "tool_end": {
        "we": _t("tool_end.we", [
            ("We stopped using {tool} {when}.", P),
            ("We retired {tool} {when}.", P),
            ("{When}, we got rid of {tool}.", P),
            ("We turned off {tool} {when}.", P),
            ("We no longer use {tool}; we shut it down {when}.", P),
        ]),
    },
    "pet_start": {
        "1": _t("pet_start.1", [
            ("I adopted {a_species} named {pet} {when}.", P),
            ("{When}, I brought home {a_species} called {pet}.", P),
            ("I've had my {species} {pet} since {when}.", S),
            ("{pet}, my new {species}, came home with me {when}.", P),
            ("I rescued {a_species} named {pet} {when}.", P),
        ]),
        "3": _t("pet_start.3", [
            ("{S} adopted {a_species} named {pet} {when}.", P),
            ("{When}, {S} brought home {a_species} called {pet}.", P),
            ("{S} rescued {a_species} named {pet} {when}.", P),
            ("{S} got {a_species} {when}; it's called {pet}.", P),
            ("{S} has had {pron_pos} {species} {pet} since {when}.", S),
        ]),
    },
    "has_pet": {
        "1": _t("has_pet.1", [("I have {a_species} named {pet}.", NONE), ("My {species} {pet} is doing great.", NONE)]),
        "3": _t("has_pet.3", [("{S} has {a_species} named {pet}.", NONE)]),
    },
    "pet_end": {
        "1": _t("pet_end.1", [
            ("My {species} {pet} passed away {when}.", P),
            ("{When}, I had to rehome my {species} {pet}.", P),
            ("{pet}, my {species}, died {when}.", P),
            ("I lost my {species} {pet} {when}.", P),
            ("I gave my {species} {pet} to my parents {when}.", P),
        ]),
        "3": _t("pet_end.3", [
            ("{Sp} {species} {pet} passed away {when}.", P),
            ("{When}, {S} had to rehome {pron_pos} {species} {pet}.", P),
            ("{S} lost {pron_pos} {species} {pet} {when}.", P),
            ("{S} gave {pron_pos} {species} {pet} away {when}.", P),
            ("{Sp} {species} {pet} died {when}.", P),
        ]),
    },
    "partner_start": {
        "1": _t("partner_start.1", [
            ("I started dating {p} {when}.", P),
            ("{p} and I got together {when}.", P),
            ("I've been seeing {p} since {when}.", S),
            ("{When}, {p} and I became a couple.", P),
            ("I've been with {p} since {when}.", S),
            ("{When}, I started going out with {p}.", P),
        ]),
        "3": _t("partner_start.3", [
            ("{S} started dating {p} {when}.", P),
            ("{S} and {p} got together {when}.", P),
            ("{When}, {S} and {p} became a couple.", P),
            ("{S} has been seeing {p} since {when}.", S),
            ("{When}, {S} started going out with {p}.", P),
        ]),
    },
    "partner": {
        "1": _t("partner.1", [("I'm dating {p}.", NONE), ("My partner is {p}.", NONE), ("{p} is my {pword}.", NONE)]),
        "3": _t("partner.3", [("{S} is dating {p}.", NONE), ("{Sp} partner is {p}.", NONE)]),
    },
    "partner_end": {
        "1": _t("partner_end.1", [
            ("{p} and I broke up {when}.", P),
            ("I broke up with {p} {when}.", P),
            ("{When}, {p} and I split up.", P),
            ("{p} and I called it quits {when}.", P),
            ("I ended things with {p} {when}.", P),
            ("{p} broke up with me {when}.", P),
        ]),
        "3": _t("partner_end.3", [
            ("{S} and {p} broke up {when}.", P),
            ("{S} broke up with {p} {when}.", P),
            ("{When}, {S} and {p} split up.", P),
            ("{S} and {p} called it quits {when}.", P),
            ("{p} broke up with {S} {when}.", P),
        ]),
    },
    "marry": {
        "1": _t("marry.1", [
            ("{p} and I got married {when}.", P),
            ("I married {p} {when}.", P),
            ("{When}, I married {p}.", P),
            ("{p} and I tied the knot {when}.", P),
            ("I've been married to {p} since {when}.", S),
        ]),
        "3": _t("marry.3", [
            ("{S} married {p} {when}.", P),
            ("{S} and {p} got married {when}.", P),
            ("{When}, {S} married {p}.", P),
            ("{S} and {p} tied the knot {when}.", P),
            ("{S} has been married to {p} since {when}.", S),
        ]),
    },
    "divorce": {
        "1": _t("divorce.1", [
            ("{p} and I got divorced {when}.", P),
            ("I divorced {p} {when}.", P),
            ("{When}, {p} and I divorced.", P),
            ("My divorce from {p} was finalized {when}.", P),
            ("{p} and I split up for good and divorced {when}.", P),
        ]),
        "3": _t("divorce.3", [
            ("{S} and {p} got divorced {when}.", P),
            ("{S} divorced {p} {when}.", P),
            ("{When}, {S} and {p} divorced.", P),
            ("{Sp} divorce from {p} was finalized {when}.", P),
            ("{S} and {p} split up for good and divorced {when}.", P),
        ]),
    },
}

# "my sister Emma just started a new job at Google in Zurich. She moved there in January."
JOB_AND_MOVE_PAIR = (
    Template("pair.job_there", "{S} just started a new job at {obj} in {place}.", NONE),
    Template("pair.move_there", "{pron_cap} moved there {when}.", P),
)

CORRECTIONS: dict[str, dict[str, list[Template]]] = {
    "WORKS_AT": {
        "1": _t("correct.WORKS_AT.1", [
            ("Sorry, I got that wrong earlier: I joined {obj}, not {old}.", NONE),
            ("Correction: it's {obj}, not {old} — I joined {obj}.", NONE),
            ("Wait, I misspoke before. I work at {obj}, not {old}.", NONE),
            ("I said {old} earlier, but I actually joined {obj}.", NONE),
            ("Actually, it was {obj} that I joined, not {old}.", NONE),
        ]),
        "3": _t("correct.WORKS_AT.3", [
            ("Sorry, I got that wrong: {S} joined {obj}, not {old}.", NONE),
            ("Correction: {S} works at {obj}, not {old}.", NONE),
        ]),
    },
    "LIVES_IN": {
        "1": _t("correct.LIVES_IN.1", [
            ("Correction: I moved to {obj}, not {old}.", NONE),
            ("Sorry, I meant {obj}, not {old}: I moved to {obj}.", NONE),
            ("I said {old} before, but I actually live in {obj}.", NONE),
            ("Actually, it was {obj}, not {old}, that I moved to.", NONE),
        ]),
        "3": _t("correct.LIVES_IN.3", [
            ("Correction: {S} moved to {obj}, not {old}.", NONE),
            ("Sorry, I got that wrong: {S} lives in {obj}, not {old}.", NONE),
        ]),
    },
    "HAS_ROLE": {
        "1": _t("correct.HAS_ROLE.1", [
            ("Small correction: my new title is {obj}, not {old}.", NONE),
            ("Sorry, I misspoke: I was promoted to {obj}, not {old}.", NONE),
        ]),
        "3": _t("correct.HAS_ROLE.3", [("Correction: {S} was promoted to {obj}, not {old}.", NONE)]),
    },
}

# Distractors: no fact may come out of these. Placeholders as above; {S} is first or third person.
DISTRACTORS: dict[str, dict[str, list[Template]]] = {
    "LIVES_IN": {
        "1": _t("distract.LIVES_IN.1", [
            ("If I got an offer there, I'd move to {obj}.", NONE),
            ("I'm thinking about moving to {obj}.", NONE),
            ("I was going to move to {obj}, but I changed my mind.", NONE),
            ("I never lived in {obj}.", NONE),
            ("Do you think I should move to {obj}?", NONE),
            ("I would love to live in {obj} someday.", NONE),
        ]),
        "3": _t("distract.LIVES_IN.3", [
            ("{S} might move to {obj} next year.", NONE),
            ("{S} keeps talking about moving to {obj}.", NONE),
            ("{S} was going to move to {obj}, but the plan fell through.", NONE),
            ("{S} has never lived in {obj}.", NONE),
            ("Does {S} want to move to {obj}?", NONE),
        ]),
    },
    "WORKS_AT": {
        "1": _t("distract.WORKS_AT.1", [
            ("I almost joined {obj}, but I turned the offer down.", NONE),
            ("I could see myself working at {obj} one day.", NONE),
            ("Should I apply to {obj}?", NONE),
            ("I don't work at {obj}.", NONE),
            ("I interviewed at {obj}, but I didn't get the job.", NONE),
        ]),
        "3": _t("distract.WORKS_AT.3", [
            ("{S} is thinking about joining {obj}.", NONE),
            ("{S} interviewed at {obj} but didn't get an offer.", NONE),
            ("Would {S} like working at {obj}?", NONE),
            ("{S} never worked at {obj}.", NONE),
        ]),
    },
    "USES": {
        "we": _t("distract.USES.we", [
            ("We considered {tool} but decided against it.", NONE),
            ("Should we switch to {tool}?", NONE),
            ("If the load keeps growing, we might adopt {tool}.", NONE),
            ("We don't use {tool}.", NONE),
            ("We planned to migrate to {tool}, but the project was cancelled.", NONE),
            ("We're evaluating {tool}, nothing decided yet.", NONE),
        ]),
    },
    "HAS_PET": {
        "1": _t("distract.HAS_PET.1", [
            ("I'm thinking about adopting {a_species}.", NONE),
            ("I might get {a_species} next year.", NONE),
            ("I thought about adopting {a_species} named {pet}, but my landlord said no.", NONE),
            ("Should I get {a_species}?", NONE),
        ]),
    },
    "LEADS": {
        "3": _t("distract.LEADS.3", [
            ("Would {S} be a good lead for {team}?", NONE),
            ("{S} was supposed to take over {team}, but that fell through.", NONE),
            ("{S} doesn't lead {team}.", NONE),
        ]),
    },
    "PARTNER_OF": {
        "1": _t("distract.PARTNER_OF.1", [
            ("I almost asked {p} out, but I never did.", NONE),
            ("Do you think I should ask {p} out?", NONE),
        ]),
    },
}

ASSISTANT_REPLIES = (
    "That's great news!", "How are you settling in?", "Thanks for sharing that.", "Sounds like a big change.",
    "What do you like most about it?", "How did that go?", "That must have been a lot to handle.",
    "I'm glad to hear it.", "Tell me more!", "How do you feel about it?", "Got it, I'll remember that.",
    "That's a tough one.", "Congratulations!", "I'm sorry to hear that.",
)
ASSISTANT_QUESTIONS = (  # mention true values in questions: still no new fact
    "How do you like {place}?", "Is {org} treating you well?", "How is {pet} doing?",
)
CHITCHAT = (
    "The weather has been terrible lately.", "I've been reading a lot in the evenings.", "Work is busy this week.",
    "I finally finished that puzzle.", "I'm trying to cook more at home.", "My knee still hurts from running.",
    "I watched a great documentary yesterday.", "Traffic was awful this morning.", "I need a vacation.",
    "I started learning the guitar.", "Coffee first, then everything else.", "I slept badly last night.",
)
TEAM_CHITCHAT = (
    "The standup ran long again.", "Can someone review my pull request?", "The release went out fine.",
    "Let's sync after lunch.", "The on-call week was quiet.", "I'll write up the incident report.",
    "The sprint demo is on Thursday.", "We should clean up the backlog.",
)

# ---- name pools -------------------------------------------------------------------------
FEMALE = ("Emma", "Olivia", "Sophia", "Priya", "Chloe", "Hannah", "Zoe", "Maya", "Leah", "Nora", "Clara",
          "Isabel", "Fatima", "Aisha", "Mei", "Yuki", "Ingrid", "Sofia", "Elena", "Rosa", "Laura", "Julia",
          "Alice", "Beatriz", "Camila", "Daniela", "Eva", "Helen", "Irene", "Lucy", "Martha", "Naomi",
          "Paula", "Rachel", "Sarah", "Tessa", "Vera", "Wendy", "Amara", "Nina", "Greta", "Lena")
MALE = ("Tom", "Leo", "Raj", "Marco", "Daniel", "Lucas", "Ethan", "Noah", "Oliver", "Samuel", "David", "Omar",
        "Kenji", "Felix", "Hugo", "Ivan", "Jonas", "Karl", "Liam", "Mateo", "Nikhil", "Oscar", "Pablo",
        "Rafael", "Simon", "Tobias", "Victor", "Wei", "Yusuf", "Adam", "Ben", "Erik", "George", "Henry",
        "Jake", "Kevin", "Mark", "Nathan", "Peter", "Ryan", "Arjun", "Diego")
RELATIONS = {"F": ("sister", "friend", "roommate", "colleague", "neighbor", "best friend"),
             "M": ("brother", "friend", "roommate", "colleague", "neighbor", "best friend")}
PARTNER_WORD = {"F": "girlfriend", "M": "boyfriend"}
PLACES = ("Toronto", "Vancouver", "Montreal", "Seattle", "Portland", "Denver", "Chicago", "Boston", "Atlanta",
          "Miami", "Phoenix", "San Diego", "Minneapolis", "Pittsburgh", "Philadelphia", "Nashville", "Dallas",
          "Houston", "Calgary", "Ottawa", "London", "Manchester", "Edinburgh", "Dublin", "Berlin", "Munich",
          "Hamburg", "Amsterdam", "Rotterdam", "Paris", "Lyon", "Madrid", "Barcelona", "Lisbon", "Porto", "Rome",
          "Milan", "Vienna", "Zurich", "Geneva", "Prague", "Warsaw", "Copenhagen", "Stockholm", "Oslo",
          "Helsinki", "Tokyo", "Osaka", "Seoul", "Singapore", "Sydney", "Melbourne", "Auckland", "Mumbai",
          "Bangalore", "Nairobi", "Cape Town", "Mexico City", "Buenos Aires", "Santiago", "Brussels", "Budapest")
ORGS = ("Shopify", "Stripe", "Plaid", "Google", "Amazon", "Microsoft", "Apple", "Netflix", "Spotify", "Airbnb",
        "Uber", "Lyft", "Dropbox", "Salesforce", "Oracle", "IBM", "Intel", "Nvidia", "Adobe", "Twilio", "Coinbase",
        "Robinhood", "Pinterest", "Reddit", "Etsy", "Zillow", "Wayfair", "Instacart", "DoorDash", "Canva",
        "Klarna", "Revolut", "Monzo", "Zalando", "SAP", "Siemens", "Bosch", "Philips", "Unilever", "Deloitte",
        "Accenture", "McKinsey", "KPMG", "Ubisoft", "Expedia", "Tesla", "Rivian", "Boeing", "Airbus", "Moderna",
        "Pfizer", "Novartis", "Roche", "Mozilla", "Palantir", "Cloudflare", "Square", "Intuit", "Yelp", "Lufthansa")
TECH_ROLES = ("data engineer", "backend developer", "software engineer", "senior software engineer", "staff engineer",
              "engineering manager", "product manager", "senior product manager", "product designer",
              "UX researcher", "data scientist", "machine learning engineer", "site reliability engineer",
              "QA engineer", "frontend developer", "technical writer", "director of engineering",
              "solutions architect", "principal engineer", "security engineer", "senior data scientist")
OTHER_ROLES = ("teacher", "nurse", "architect", "accountant", "pharmacist", "lawyer", "chef", "journalist",
               "physiotherapist", "veterinarian", "civil engineer", "graphic designer", "head nurse",
               "senior accountant", "school principal", "sous chef", "editor", "paramedic")
TEAMS = ("platform team", "data team", "payments team", "mobile team", "security team", "search team",
         "growth team", "infrastructure team", "billing team", "design team", "analytics team", "identity team")
SPECIES = ("dog", "cat", "rabbit", "parrot", "hamster", "tortoise")
PET_NAMES = ("Biscuit", "Luna", "Mochi", "Pepper", "Waffles", "Nugget", "Pickles", "Ziggy", "Clementine", "Noodle",
             "Juniper", "Pumpkin", "Maple", "Basil", "Chewie", "Bagel", "Sprout", "Tofu", "Marshmallow",
             "Cinnamon", "Peanut", "Whiskers", "Button", "Domino", "Fudge", "Gizmo", "Kiwi", "Muffin", "Pretzel")


@dataclass(frozen=True)
class ToolFamily:
    """Tools that replace each other; versioned families upgrade in place."""

    name: str
    purpose: str
    tools: tuple[str, ...]
    versions: tuple[str, ...] = ()   # for a versioned family: tools[0] with these versions
    say: tuple[str, ...] = ()        # how the versioned tool is said ("Postgres", "PostgreSQL")


TOOL_FAMILIES = (
    ToolFamily("cache", "the session cache", ("Redis", "Memcached", "Hazelcast")),
    ToolFamily("ci", "CI", ("Jenkins", "GitHub Actions", "CircleCI", "GitLab CI", "Buildkite")),
    ToolFamily("tracker", "issue tracking", ("Jira", "Linear", "Trello", "Asana")),
    ToolFamily("chat", "team chat", ("Slack", "Microsoft Teams", "Mattermost")),
    ToolFamily("monitoring", "monitoring", ("Datadog", "Prometheus", "New Relic")),
    ToolFamily("orchestration", "deployments", ("Kubernetes", "Nomad", "Docker Swarm")),
    ToolFamily("search", "search", ("Elasticsearch", "OpenSearch", "Solr", "Algolia")),
    ToolFamily("queue", "the job queue", ("RabbitMQ", "Kafka", "Amazon SQS")),
    ToolFamily("database", "the main database", ("PostgreSQL",), ("11", "12", "13", "14", "15", "16"), ("Postgres", "PostgreSQL")),
    ToolFamily("python", "the backend", ("Python",), ("3.8", "3.9", "3.10", "3.11", "3.12"), ("Python",)),
)
DISTRACTOR_TOOLS = ("MongoDB", "Cassandra", "CockroachDB", "Terraform Cloud", "Heroku", "Vercel", "Netlify")
