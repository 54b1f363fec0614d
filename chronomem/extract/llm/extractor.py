"""``OpenAiCompatibleExtractor``: one chat-completions request per session (or per window of turns), with the
prompt (:data:`SYSTEM_PROMPT`: the task, the JSON shape, the predicate vocabulary; :func:`chat_messages`: the turns)."""

from __future__ import annotations

import functools
import http.client
import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from importlib import resources
from typing import Any, get_args

from chronomem.errors import ConfigError, ExtractionError, InputError
from chronomem.extract.extractor import DEFAULT_SKIP_SPEAKERS
from chronomem.extract.lexicon import LLM
from chronomem.extract.llm.facts import LlmFact, parse_reply, result_from_facts
from chronomem.schema.models import EntityType, ExtractionResult, Session, Turn
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

ENV_BASE_URL, ENV_MODEL, ENV_API_KEY = "CHRONOMEM_LLM_BASE_URL", "CHRONOMEM_LLM_MODEL", "CHRONOMEM_LLM_API_KEY"
_RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
_AUTH_HINT, _LARGE_HINT = f"check the API key ({ENV_API_KEY})", "the request is too large; lower turns_per_request"
_HINTS = {401: _AUTH_HINT, 403: _AUTH_HINT, 413: _LARGE_HINT,  # what to do about an HTTP status
          404: "check the base URL (usually ending in /v1) and that the server has the model {model!r} "
               "(for Ollama: ollama pull)"}


# The task, the JSON shape and the rules; ``{we}``, ``{types}``, ``{predicates}`` and ``{skipped}`` are filled in per session.
SYSTEM_PROMPT = resources.files("chronomem.data").joinpath("llm_system_prompt.txt").read_text(encoding="utf-8").rstrip("\n")


def chat_messages(session: Session, *, vocabulary: Vocabulary = CORE_VOCABULARY, turns: list[Turn] | None = None,
                  skip_speakers: Iterable[str] = DEFAULT_SKIP_SPEAKERS) -> list[dict[str, str]]:
    """The system and user messages asking for the facts of ``session`` (or of some of its ``turns``).

    >>> from datetime import timezone
    >>> s = Session(session_id="s1", started_at=datetime(2024, 3, 12, 9, tzinfo=timezone.utc),
    ...             turns=[Turn(speaker="Ana", text="I moved to Lisbon last week.")])
    >>> print(chat_messages(s)[1]["content"])
    session: s1
    started: 2024-03-12T09:00:00Z
    [s1:1] 2024-03-12T09:00:00Z Ana: I moved to Lisbon last week.
    """
    we = session.metadata.get("we") if isinstance(session.metadata, dict) else None
    cardinality = LLM.cardinality_phrases
    predicates = "\n".join(f"- {s.name}: {s.description or s.phrase} ({cardinality[s.cardinality]})" for s in vocabulary)
    system = SYSTEM_PROMPT.format(we=str(we).strip() if we and str(we).strip() else session.group_id,
                                  types=", ".join(get_args(EntityType)), predicates=predicates,
                                  skipped=" or ".join(f'"{s}"' for s in skip_speakers) or "assistants")
    lines = [f"session: {session.session_id}", f"started: {_iso(session.started_at)}"]
    lines += [f"[{t.id}] {_iso(t.at)} {t.speaker}: {t.text}" for t in (session.turns if turns is None else turns)]  # type: ignore[arg-type]
    return [{"role": "system", "content": system}, {"role": "user", "content": "\n".join(lines)}]


def _iso(at: datetime) -> str:
    return at.isoformat().replace("+00:00", "Z")


class _Transient(Exception):
    """A failure worth retrying (timeout, connection, 5xx, 429)."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


_SETTINGS = ("base_url", "model", "api_key", "vocabulary", "timeout", "retries", "backoff", "max_tokens",
             "turns_per_request", "json_mode", "confidence", "skip_speakers")  # what factory() passes on


class OpenAiCompatibleExtractor:
    """Extracts facts with an LLM behind an OpenAI-compatible chat-completions endpoint.

    ``base_url`` (e.g. ``http://localhost:11434/v1`` for Ollama, ``http://localhost:8000/v1`` for
    vLLM, ``https://api.openai.com/v1``), ``model`` and ``api_key`` default to
    ``$CHRONOMEM_LLM_BASE_URL``, ``$CHRONOMEM_LLM_MODEL`` and ``$CHRONOMEM_LLM_API_KEY``; a missing
    base URL or model is a :class:`~chronomem.errors.ConfigError`. ``timeout`` (seconds) bounds
    each wait on the socket; a timeout, a dropped connection, HTTP 429 or 5xx is retried
    ``retries`` times after ``backoff``, ``2·backoff``, ``4·backoff``… seconds (or the server's
    ``Retry-After``). Long sessions go in requests of ``turns_per_request`` turns.
    ``json_mode=False`` leaves out ``response_format`` for servers that refuse it.
    """

    def __init__(self, *, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 vocabulary: Vocabulary | None = None, timeout: float = 120.0, retries: int = 2, backoff: float = 1.0,
                 max_tokens: int | None = None, turns_per_request: int = 60, json_mode: bool = True,
                 confidence: float = 0.8, skip_speakers: Iterable[str] = DEFAULT_SKIP_SPEAKERS) -> None:
        self.base_url = (base_url or os.environ.get(ENV_BASE_URL) or "").strip()
        self.model = (model or os.environ.get(ENV_MODEL) or "").strip()
        self.api_key = api_key if api_key is not None else os.environ.get(ENV_API_KEY) or None
        if not self.base_url:
            raise ConfigError(f"the LLM extractor needs a base URL: set {ENV_BASE_URL} (e.g. http://localhost:11434/v1 "
                              "for Ollama) or pass base_url=... (--llm-base-url on the command line)")
        if not self.base_url.startswith(("http://", "https://")):
            raise ConfigError(f"LLM base URL {self.base_url!r} must start with http:// or https://")
        if not self.model:
            raise ConfigError(f"the LLM extractor needs a model name: set {ENV_MODEL} (e.g. qwen2.5:7b-instruct) "
                              "or pass model=... (--llm-model on the command line)")
        if timeout <= 0 or retries < 0 or backoff < 0 or turns_per_request < 1 or not 0 <= confidence <= 1:
            raise InputError("timeout must be > 0, retries and backoff >= 0, turns_per_request >= 1, confidence in [0, 1]")
        base = self.base_url.rstrip("/")
        self.url = base if base.endswith("/chat/completions") else base + "/chat/completions"
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.timeout, self.retries, self.backoff, self.confidence = timeout, retries, backoff, confidence
        self.max_tokens, self.turns_per_request, self.json_mode = max_tokens, turns_per_request, json_mode
        self.skip_speakers = tuple(s.strip().lower() for s in skip_speakers)

    def factory(self) -> Callable[[], OpenAiCompatibleExtractor]:
        """A picklable callable that builds an equal extractor (for ``ingest(workers=N)``)."""
        return functools.partial(OpenAiCompatibleExtractor, **{name: getattr(self, name) for name in _SETTINGS})

    def extract(self, session: Session) -> ExtractionResult:
        """Entities, mentions and claims of one session; any failure is an :class:`ExtractionError`."""
        try:
            facts: list[LlmFact] = []
            for start in range(0, len(session.turns), self.turns_per_request):
                window = session.turns[start:start + self.turns_per_request]
                messages = chat_messages(session, vocabulary=self.vocabulary, turns=window, skip_speakers=self.skip_speakers)
                facts += parse_reply(self._complete(messages))
            return result_from_facts(session, facts, vocabulary=self.vocabulary, skip_speakers=self.skip_speakers,
                                     confidence=self.confidence)
        except ExtractionError as e:
            raise ExtractionError(f"LLM extraction of session {session.session_id!r} failed: {e}") from None

    def extract_many(self, sessions: Iterable[Session]) -> Iterator[tuple[Session, ExtractionResult | ExtractionError]]:
        """``(session, result)`` in input order; a session that fails comes with its :class:`ExtractionError`
        instead of a result, so one bad session does not stop the others."""
        for session in sessions:
            try:
                yield session, self.extract(session)
            except ExtractionError as e:
                yield session, e

    # -- one request ----------------------------------------------------------------------
    def _complete(self, messages: list[dict[str, str]]) -> str:
        body: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": 0}
        if self.json_mode:
            body["response_format"] = {"type": "json_object"}
        if self.max_tokens:
            body["max_tokens"] = self.max_tokens
        data = json.dumps(body).encode()
        attempts = self.retries + 1
        for attempt in range(attempts):
            try:
                reply = self._post(data)
                break
            except _Transient as e:
                if attempt + 1 == attempts:
                    raise ExtractionError(
                        f"{e} (tried {attempts} time{'s' if attempts > 1 else ''}); check that the server at "
                        f"{self.base_url} is running and reachable, or raise timeout= / retries=") from None
                delay = self.backoff * 2 ** attempt
                time.sleep(min(max(delay, e.retry_after or 0.0), 60.0))
        try:
            choice = reply["choices"][0]
            content, finish = choice["message"].get("content"), choice.get("finish_reason")
        except (KeyError, IndexError, TypeError, AttributeError):
            raise ExtractionError(f"the reply of {self.url} has no choices[0].message: {json.dumps(reply)[:200]}; "
                                  "is it an OpenAI-compatible chat-completions endpoint?") from None
        if finish == "length":
            raise ExtractionError("the model's answer was cut off at its token limit (finish_reason 'length'); "
                                  "raise max_tokens or lower turns_per_request")
        if not isinstance(content, str) or not content.strip():
            raise ExtractionError(f"the model returned no text (finish_reason {finish!r}); try another model")
        return content

    def _post(self, data: bytes) -> Any:
        headers = {"Content-Type": "application/json", "Accept": "application/json", "User-Agent": "chronomem"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        request = urllib.request.Request(self.url, data=data, headers=headers, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as e:
            detail = _error_detail(e)
            if e.code in _RETRY_STATUS:
                raise _Transient(f"{self.url} answered HTTP {e.code}: {detail}", _retry_after(e)) from None
            raise ExtractionError(f"{self.url} answered HTTP {e.code}: {detail}; {self._hint(e.code)}") from None
        except (urllib.error.URLError, TimeoutError) as e:
            if isinstance(e, TimeoutError) or isinstance(e.reason, TimeoutError):
                raise _Transient(f"no answer from {self.url} within {self.timeout:g} s") from None
            raise _Transient(f"cannot connect to {self.url}: {e.reason}") from None
        except (ConnectionError, http.client.HTTPException) as e:
            raise _Transient(f"the connection to {self.url} failed: {e!r}") from None
        try:
            return json.loads(raw)
        except ValueError:
            raise ExtractionError(f"{self.url} did not answer with JSON ({raw[:80]!r}); the base URL should be an "
                                  "OpenAI-compatible API root such as http://localhost:11434/v1") from None

    def _hint(self, status: int) -> str:
        if status in (400, 422) and self.json_mode:
            return "if the server does not support response_format json_object, pass json_mode=False"
        return _HINTS.get(status, "the server refused the request (its message is above)").format(model=self.model)


def _error_detail(e: urllib.error.HTTPError) -> str:
    """The server's own error message (OpenAI's ``{"error": {"message": …}}`` and the like)."""
    try:
        body = e.read().decode("utf-8", "replace")
    except (OSError, http.client.HTTPException):  # the status says enough without a body
        return str(e.reason or "")
    try:
        err = json.loads(body).get("error")
        message = err.get("message") if isinstance(err, dict) else err
        return str(message or body)[:300]
    except (ValueError, AttributeError):
        return body.strip()[:300] or str(e.reason)


def _retry_after(e: urllib.error.HTTPError) -> float | None:
    try:
        return float(e.headers.get("Retry-After", ""))
    except (TypeError, ValueError):
        return None
