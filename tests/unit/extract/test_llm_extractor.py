"""The LLM extractor against a real HTTP server on 127.0.0.1 that plays recorded chat completions.

The fixtures (tests/fixtures/llm/) are invented sessions and the OpenAI-style replies a local
model could give for them; the server picks the reply by the session named in the prompt.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronomem import ConfigError, ExtractionError, Memory
from chronomem.cli import cli
from chronomem.clock import FixedClock
from chronomem.extract.llm import OpenAiCompatibleExtractor
from chronomem.schema import Session, entity_id

FIXTURES = Path(__file__).parents[2] / "fixtures" / "llm"
SESSIONS = {s["session_id"]: s for s in json.loads((FIXTURES / "sessions.json").read_text(encoding="utf-8"))}
UTC = timezone.utc
MARCH, MARCO = "priya-2024-03-12", "marco-2024-03-20"


def at(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


class FakeLlm:
    """An OpenAI-compatible endpoint that answers each session with the steps scripted for it:
    ``("reply", fixture)``, ``("status", code, fixture)`` or ``("sleep", seconds)``."""

    def __init__(self) -> None:
        self.steps: dict[str, deque] = {}
        self.requests: list[dict] = []
        self.release = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                found = re.search(r"^session: (.+)$", body["messages"][-1]["content"], re.M)
                steps = fake.steps.get(found.group(1) if found else "")
                step = steps.popleft() if steps else ("status", 400, None)
                if step[0] == "sleep":
                    fake.release.wait(step[1])
                    return  # the client has given up by now
                code, name = (200, step[1]) if step[0] == "reply" else (step[1], step[2])
                payload = (FIXTURES / name).read_bytes() if name else b'{"error": {"message": "nothing scripted"}}'
                try:
                    self.send_response(code)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def script(self, session_id: str, *steps: tuple) -> None:
        self.steps.setdefault(session_id, deque()).extend(steps)

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(autouse=True)
def _no_proxy_no_llm_env(monkeypatch):
    for var in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
                "CHRONOMEM_LLM_BASE_URL", "CHRONOMEM_LLM_MODEL", "CHRONOMEM_LLM_API_KEY"):
        monkeypatch.delenv(var, raising=False)


@pytest.fixture
def llm():
    fake = FakeLlm()
    yield fake
    fake.close()


def extractor(llm: FakeLlm, **options) -> OpenAiCompatibleExtractor:
    options = {"base_url": llm.url, "model": "qwen2.5:7b-instruct", "api_key": "sk-test", "timeout": 5.0,
               "retries": 1, "backoff": 0.01, **options}
    return OpenAiCompatibleExtractor(**options)


def memory(llm: FakeLlm) -> Memory:
    return Memory.open(":memory:", clock=FixedClock(at(2024, 4, 15)), embedder=None, extractor=extractor(llm))


def session(session_id: str) -> Session:
    return Session.model_validate(SESSIONS[session_id])


def only(records, **match):
    found = [r for r in records if all(getattr(r, k) == v for k, v in match.items())]
    assert len(found) == 1, (match, [(r.predicate, r.object) for r in records])
    return found[0]


def test_good_extraction_end_to_end_through_memory(llm):
    llm.script(MARCH, ("reply", "priya_march.json"))
    mem = memory(llm)
    summary = mem.ingest([SESSIONS[MARCH]], recorded_at="session")
    assert summary.errors == [] and summary.sessions == 1

    (request,) = llm.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == "Bearer sk-test"
    body = request["body"]
    assert body["model"] == "qwen2.5:7b-instruct" and body["temperature"] == 0
    assert body["response_format"] == {"type": "json_object"}
    system, user = body["messages"][0]["content"], body["messages"][1]["content"]
    assert "LIVES_IN: the place a person lives" in system and '"payments team"' in system  # vocabulary; "we"
    assert all(f"[{t['id']}]" in user for t in SESSIONS[MARCH]["turns"])

    timeline = mem.timeline("Priya")
    lisbon = only(timeline, predicate="LIVES_IN", object="Lisbon")  # "last week" said on 2024-03-12
    assert (lisbon.valid_from, lisbon.valid_from_precision, lisbon.start_observed) == (at(2024, 3, 5), "week", False)
    climbing = only(timeline, predicate="LIKES", object="climbing")  # "for three years": began three years ago
    assert (climbing.valid_from, climbing.valid_from_precision) == (at(2021, 3, 12), "year")
    club = only(timeline, predicate="MEMBER_OF")
    assert (club.object, club.valid_from, club.valid_from_precision) == ("Alvalade bouldering club", at(2024, 2, 1), "month")
    food_bank = only(timeline, predicate="RELATED_TO")
    assert food_bank.statement == "Priya volunteers at Arroios food bank"
    assert food_bank.qualifiers == {"relation": "volunteers at"}
    assert (food_bank.valid_from, food_bank.start_observed) == (at(2024, 3, 12, 9), True)  # no time: when said
    assert [s.turn_id for s in food_bank.sources] == [f"{MARCH}:6"]
    sister = only(timeline, predicate="SIBLING_OF")  # symmetric: stored once, either way round
    assert {sister.subject, sister.object} == {"Priya", "Ana"}

    berlin = only(mem.timeline("Ana"), predicate="LIVES_IN")  # a plan with a date: "in June" ahead, not last June
    assert (berlin.object, berlin.valid_from, berlin.valid_from_precision) == ("Berlin", at(2024, 6, 1), "month")

    tools = mem.timeline("payments team", predicate="USES")  # the switch: Jenkins ends, GitHub Actions starts
    jenkins, actions = only(tools, object="Jenkins"), only(tools, object="GitHub Actions")
    assert (jenkins.valid_from, jenkins.valid_to) == (None, at(2024, 2, 27))
    assert (actions.valid_from, actions.valid_to) == (at(2024, 2, 27), None)
    assert [f.object for f in mem.facts("payments team", as_of=at(2024, 3, 1))] == ["GitHub Actions"]
    assert {f.object for f in mem.facts("Priya", as_of=at(2024, 3, 1))} == {"climbing", "Alvalade bouldering club"}

    assert mem.timeline("Lisbon", predicate="RELATED_TO") == []  # said by the assistant: not a fact
    priya = entity_id("default", "Priya")
    assert mem.store.get_entities(mem.group, [priya])[priya].type == "PERSON"


def test_extract_builds_the_same_ids_as_the_rest_of_chronomem(llm):
    llm.script(MARCH, ("reply", "priya_march.json"))
    result = extractor(llm).extract(session(MARCH))
    ids = {e.name: e.id for e in result.entities}
    assert ids["Priya"] == entity_id("default", "Priya") and ids["GitHub Actions"] == entity_id("default", "github actions")
    assert {m.entity_id for m in result.mentions} == set(ids.values())
    assert {c.subject_id for c in result.claims} | {c.object_id for c in result.claims} == set(ids.values())
    assert "great surfing" not in ids


def test_timeout_retries_then_fails_with_a_clear_error(llm):
    llm.script(MARCH, ("sleep", 5), ("sleep", 5))
    started = time.perf_counter()
    with pytest.raises(ExtractionError) as err:
        extractor(llm, timeout=0.3, retries=1).extract(session(MARCH))
    assert time.perf_counter() - started < 2.5
    assert len(llm.requests) == 2
    message = str(err.value)
    assert MARCH in message and "within 0.3 s" in message and "tried 2 times" in message and "timeout=" in message


def test_a_500_is_retried_and_the_retry_succeeds(llm):
    llm.script(MARCH, ("status", 500, "error_model_loading.json"), ("reply", "priya_march.json"))
    result = extractor(llm, retries=2).extract(session(MARCH))
    assert len(llm.requests) == 2
    assert any(c.statement == "Priya lives in Lisbon" for c in result.claims)


def test_server_errors_after_the_last_retry_and_client_errors_fail_with_the_servers_message(llm):
    llm.script(MARCH, ("status", 503, "error_model_loading.json"), ("status", 503, "error_model_loading.json"))
    with pytest.raises(ExtractionError, match=r"HTTP 503: model 'qwen2.5:7b-instruct' is loading.*tried 2 times"):
        extractor(llm, retries=1).extract(session(MARCH))
    llm.script(MARCH, ("status", 401, "error_unauthorized.json"))
    with pytest.raises(ExtractionError, match=r"HTTP 401: Incorrect API key.*CHRONOMEM_LLM_API_KEY"):
        extractor(llm, retries=3).extract(session(MARCH))
    assert len(llm.requests) == 3  # a 401 is not retried


def test_connection_refused_is_retried_then_fails(llm):
    url = llm.url
    llm.close()  # nothing listens there any more
    with pytest.raises(ExtractionError, match=r"cannot connect to .*tried 3 times.*running and reachable"):
        OpenAiCompatibleExtractor(base_url=url, model="m", retries=2, backoff=0.01).extract(session(MARCH))


@pytest.mark.parametrize(("fixture", "expected"), [
    ("marco_truncated.json", r"the model's answer is not valid JSON \(Unterminated string.*use a model that supports JSON"),
    ("marco_length.json", r"the model's answer was cut off at its token limit .*raise max_tokens"),
    ("marco_missing_object.json", r'the model\'s JSON is not \{"facts": \[\.\.\.\]\} as asked: facts\.0\.object: Field required'),
])
def test_malformed_or_invalid_replies_fail_that_session(llm, fixture, expected):
    llm.script(MARCO, ("reply", fixture))
    with pytest.raises(ExtractionError, match=rf"session '{MARCO}' failed: {expected}"):
        extractor(llm).extract(session(MARCO))
    assert len(llm.requests) == 1  # a bad answer is not retried: at temperature 0 it would come back


def test_an_invented_predicate_fails_the_session_and_says_how_to_fix_it(llm):
    llm.script(MARCO, ("reply", "marco_invented_predicate.json"))
    with pytest.raises(ExtractionError) as err:
        extractor(llm).extract(session(MARCO))
    message = str(err.value)
    assert f"session '{MARCO}'" in message and "fact 1 uses the predicate 'QUIT'" in message
    assert "RELATED_TO" in message and "Vocabulary.register" in message


def test_a_failed_session_writes_nothing_and_the_others_ingest(llm):
    llm.script("priya-2024-01-08", ("reply", "priya_january.json"))
    llm.script(MARCO, ("reply", "marco_invented_predicate.json"))
    llm.script("priya-2024-04-02", ("reply", "priya_april_correction.json"))
    mem = memory(llm)
    summary = mem.ingest([SESSIONS["priya-2024-01-08"], SESSIONS[MARCO], SESSIONS["priya-2024-04-02"]],
                         recorded_at="session")
    assert summary.sessions == 2 and len(summary.errors) == 1 and "QUIT" in summary.errors[0]
    assert "1 skipped with errors" in summary.line()
    assert sorted(s.id for s in mem.sessions()) == ["priya-2024-01-08", "priya-2024-04-02"]
    assert mem.facts("Marco") == [] and mem.timeline("Setúbal") == []
    assert mem.store.get_entities(mem.group, [entity_id("default", "Marco"), entity_id("default", "Setúbal")]) == {}

    # the others went through our temporal rules: the correction takes Farfetch's interval
    (job,) = mem.facts("Priya", predicate="WORKS_AT")
    assert (job.object, job.valid_from, job.valid_from_precision) == ("Feedzai", at(2024, 1, 1), "day")
    (believed,) = mem.facts("Priya", predicate="WORKS_AT", known_at=at(2024, 2, 1))
    assert believed.object == "Farfetch"
    (cat,) = mem.facts("Priya", predicate="HAS_PET")
    assert (cat.object, cat.valid_from) == ("Miso", at(2024, 3, 30))

    # nothing of the failed session was recorded: once the model behaves, it ingests as new
    llm.script(MARCO, ("reply", "marco_good.json"))
    again = mem.ingest([SESSIONS[MARCO]], recorded_at="session")
    assert again.errors == [] and again.sessions == 1 and again.sessions_skipped == 0
    assert {f.object for f in mem.facts("Marco")} == {"Setúbal", "Inês"}


def test_settings_come_from_the_environment_and_keywords_override_them(llm, monkeypatch):
    monkeypatch.setenv("CHRONOMEM_LLM_BASE_URL", llm.url + "/")
    monkeypatch.setenv("CHRONOMEM_LLM_MODEL", "llama3.1:8b")
    monkeypatch.setenv("CHRONOMEM_LLM_API_KEY", "sk-env")
    from_env = OpenAiCompatibleExtractor()
    assert (from_env.url, from_env.model, from_env.api_key) == (llm.url + "/chat/completions", "llama3.1:8b", "sk-env")
    assert OpenAiCompatibleExtractor(model="qwen2.5:14b").model == "qwen2.5:14b"
    monkeypatch.delenv("CHRONOMEM_LLM_MODEL")
    with pytest.raises(ConfigError, match="needs a model name: set CHRONOMEM_LLM_MODEL"):
        OpenAiCompatibleExtractor()
    monkeypatch.delenv("CHRONOMEM_LLM_BASE_URL")
    with pytest.raises(ConfigError, match="needs a base URL: set CHRONOMEM_LLM_BASE_URL"):
        OpenAiCompatibleExtractor(model="m")


def test_cli_ingest_with_the_llm_extractor(llm, tmp_path):
    llm.script(MARCH, ("reply", "priya_march.json"))
    llm.script(MARCO, ("reply", "marco_truncated.json"))
    path = tmp_path / "sessions.jsonl"
    path.write_text("\n".join(json.dumps(SESSIONS[s]) for s in (MARCH, MARCO)), encoding="utf-8")
    store = ["--store", str(tmp_path / "db")]
    result = CliRunner().invoke(cli, [*store, "ingest", "--extractor", "llm", "--llm-base-url", llm.url,
                                      "--llm-model", "qwen2.5:7b-instruct", "--quiet", str(path)])
    assert result.exit_code == 2, result.output
    assert f"skipped LLM extraction of session '{MARCO}' failed: the model's answer is not valid JSON" in result.output
    assert "1 sessions, 6 turns" in result.output and "1 skipped with errors" in result.output
    facts = CliRunner().invoke(cli, [*store, "facts", "Priya", "--predicate", "LIVES_IN", "--json"])
    assert [f["object"] for f in json.loads(facts.output)] == ["Lisbon"]


def test_cli_says_in_one_line_what_is_missing(tmp_path):
    store = tmp_path / "db"
    path = tmp_path / "s.json"
    path.write_text(json.dumps(SESSIONS[MARCO]), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--store", str(store), "ingest", "--extractor", "llm", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.count("\n") == 1 and result.output.startswith("error: the LLM extractor needs a base URL")
    result = CliRunner().invoke(cli, ["--store", str(store), "ingest", "--extractor", "llm",
                                      "--llm-base-url", "http://127.0.0.1:9/v1", str(path)])
    assert result.exit_code == 2 and result.output.startswith("error: the LLM extractor needs a model name")
    assert not store.exists()  # refused before anything was created
