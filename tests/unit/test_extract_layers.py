"""Inside ``chronomem.extract`` the layers import only downward (or within their own layer).

From the bottom: ``lexicon`` (the data loader) < ``parse`` (readers, the spaCy pipeline) <
``clauses`` (the clause reader's mechanisms) < ``rules`` (the rule tables and their handlers) <
``resolution`` (speakers, entities, coreference over a session) < the extractor (``extractor``,
``parallel``, the package itself) < ``llm`` (the optional LLM extractor, which reuses the
extractor's defaults). The import graph is :func:`tests.unit.test_import_graph.import_graph`'s:
function-local imports count, ``TYPE_CHECKING`` ones do not.
"""

from __future__ import annotations

from tests.unit.test_import_graph import import_graph

PACKAGE = "chronomem.extract"
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"lexicon"}),
    frozenset({"parse"}),
    frozenset({"clauses"}),
    frozenset({"rules"}),
    frozenset({"resolution"}),
    frozenset({"", "extractor", "parallel"}),  # "": the package's own __init__
    frozenset({"llm"}),
)


def layer_of(module: str) -> int | None:
    """The layer of a module of ``chronomem.extract`` (``None`` outside it; ``ValueError`` for one no layer names).

    >>> layer_of("chronomem.extract.rules.people.kin"), layer_of("chronomem.extract"), layer_of("chronomem.schema")
    (3, 5, None)
    """
    if module != PACKAGE and not module.startswith(PACKAGE + "."):
        return None
    top = module[len(PACKAGE) + 1:].split(".")[0]
    for n, names in enumerate(LAYERS):
        if top in names:
            return n
    raise ValueError(f"{module} is in no layer of {__name__}.LAYERS: add its top-level name to one")


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """``"a → b"`` for each import of a higher layer by a lower one.

    >>> upward_imports({"chronomem.extract.clauses.args": {"chronomem.extract.rules.base", "chronomem.extract.lexicon"}})
    ['chronomem.extract.clauses.args → chronomem.extract.rules.base']
    """
    out = []
    for module, targets in sorted(graph.items()):
        here = layer_of(module)
        if here is None:
            continue
        out += [f"{module} → {t}" for t in sorted(targets) if (there := layer_of(t)) is not None and there > here]
    return out


def test_every_module_of_extract_has_a_layer():
    for module in import_graph():
        layer_of(module)


def test_extract_layers_import_only_downward():
    found = upward_imports(import_graph())
    assert not found, "imports against the layers (lexicon < parse < clauses < rules < resolution < extractor < llm): " \
        + ", ".join(found)
