"""``OpenAiCompatibleExtractor``: facts read by an LLM behind any OpenAI-compatible chat endpoint.

Optional (``pip install "chronomem[llm]"``, which needs nothing beyond the standard library):
the default extractor is :class:`~chronomem.extract.SpacyRuleExtractor`, with no LLM. This one
sends each session to ``POST {base_url}/chat/completions`` (Ollama, vLLM, llama.cpp's server,
OpenAI…) with temperature 0 and ``response_format`` ``json_object``, and asks for facts:
subject, predicate (from the vocabulary, or ``RELATED_TO`` with a ``relation`` phrase), object,
entity types, the turn each came from, the time words *as written* ("last week", "in 2020")
and a kind (``assert``/``end``/``correct``). The model never computes dates: the time words
are resolved here, against the turn's time, by :func:`chronomem.timeexpr.resolve_time`,
so the temporal rules are the same deterministic ones as the spaCy extractor's.

Whatever goes wrong with a session (timeouts and connection errors after ``retries`` retries
with exponential backoff, HTTP errors, a reply that is not JSON, JSON that does not validate,
a predicate outside the vocabulary) is one :class:`~chronomem.errors.ExtractionError` naming
the session, the problem and the fix. :meth:`OpenAiCompatibleExtractor.extract` raises it;
:meth:`~OpenAiCompatibleExtractor.extract_many` yields it in place of the session's result,
so :meth:`chronomem.Memory.ingest` skips that session (nothing of it written) and goes on.

Parts: ``extractor.py`` (the prompt as sent, and the HTTP client: retries, timeouts, error messages),
``facts.py`` (the reply, validated, into claims).
"""

from __future__ import annotations

from chronomem.extract.llm.extractor import OpenAiCompatibleExtractor

__all__ = ["OpenAiCompatibleExtractor"]
