"""Reading a group that does not exist says so and names the groups that do (every backend)."""

from __future__ import annotations

import pytest
from query_helpers import NoClaims

from chronomem import Memory
from chronomem.errors import InputError


def test_an_unknown_group_names_the_groups_that_exist(store):
    with pytest.raises(InputError, match="is empty|no group"):
        Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None).require_group()
    mem = Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None)
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2020-01-01"}])
    mem.require_group()  # exists: no error
    typo = Memory(store, group=store.test_group.upper(), extractor=NoClaims(), embedder=None)
    with pytest.raises(InputError) as e:
        typo.require_group()
    assert f"did you mean {store.test_group!r}" in str(e.value) and repr(store.test_group) in str(e.value)
