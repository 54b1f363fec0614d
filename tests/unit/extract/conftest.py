"""Shared fixtures for the extractor tests: one spaCy load per test session."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def extractor():
    """One extractor (and one spaCy load) for every extractor test; rule errors raise."""
    from chronomem.extract import SpacyRuleExtractor

    return SpacyRuleExtractor(raise_errors=True)
