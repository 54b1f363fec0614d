"""Run the benchmarks: ``python -m bench all [--quick]``, ``python -m bench NAME [args]``, ``python -m bench readme``.

* ``all`` runs every benchmark module that exists, in :data:`MODULES` order, each imported
  lazily and called as ``main(argv)`` (an entry may carry arguments of its own, put before
  ``argv``: ``dialogre_bench --split train``). A missing module is reported and skipped; a module that
  raises or returns non-zero makes the exit code 1, but the others still run; a module whose
  input is not there (``../shared/data`` outside CI) says so and is counted as skipped. A
  summary of what ran and the wall times closes the run. ``--quick`` is passed through (CI runs
  ``python -m bench all --quick`` and it should finish in under five minutes together); quick
  results go to ``bench/results/quick/``, which git ignores.
* ``NAME`` runs one module (``scale`` and ``scale_bench`` both name ``bench/scale_bench.py``)
  with the remaining arguments.
* ``readme`` replaces the text between ``<!-- bench-tables:start -->`` and
  ``<!-- bench-tables:end -->`` in two files: in README.md with the at-a-glance table
  (:mod:`bench.headline`), in docs/benchmarks.md with that table and every
  ``bench/results/*.md`` (each file already holds its title, the command that produced it and
  the table), in :data:`RESULT_ORDER`.
* ``list`` prints the known modules and whether each exists.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make `bench` and `chronomem` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
RESULTS_DIR = BENCH_DIR / "results"
README = ROOT / "README.md"
BENCHMARKS_DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- bench-tables:start -->", "<!-- bench-tables:end -->"

# Fixed run order: cheap and most informative first, the scale sweep last.
MODULES = (
    "temporal_bench",
    "timeblind_bench",
    "nl_search_bench",
    "yago_bench",
    "locomo_gold_bench",
    "locomo_bench",
    "when_bench",
    "retention_bench",
    "dialogre_bench",
    "dialogre_bench --split train",  # issue #26: untouched
    "convai2_bench",  # issue #26: untouched
    "extract_speed",
    "parallel_bench",
    "ingest_index_bench",
    "embedder_bench",
    "hnsw_bench",
    "vectors_bench",
    "search_bench",
    "year_bench",
    "scale_bench",
    "import_bound_bench",
    "mcp_bench",
)
# README order of result files, by name prefix. Quick runs (``<name>_quick``, written to the
# ignored ``bench/results/quick/``) are never published.
RESULT_ORDER = ("temporal", "timeblind", "nl_search", "yago", "locomo_gold", "locomo", "when", "retention", "dialogre", "convai2",
                "extract", "parallel", "ingest_index", "embedder", "hnsw", "vectors", "search", "year", "scale", "import_bound", "mcp")
QUICK_BUDGET_S = 300.0


def module_name(name: str) -> str:
    """The module a benchmark name refers to (``scale`` -> ``scale_bench``).

    >>> module_name("scale"), module_name("scale_bench"), module_name("extract_speed")
    ('scale_bench', 'scale_bench', 'extract_speed')
    """
    name = name.removesuffix(".py").replace("-", "_")
    if _exists(name):
        return name
    if _exists(f"{name}_bench"):
        return f"{name}_bench"
    return f"{name}_bench" if f"{name}_bench" in MODULES else name


def _exists(module: str) -> bool:
    return (BENCH_DIR / f"{module}.py").is_file()


def run_module(module: str, argv: Sequence[str]) -> tuple[str, float, str]:
    """Import ``bench.<module>`` and call its ``main(argv)``: (status, seconds, detail).

    ``status`` is ``ok``, ``missing`` (no such file: skipped), ``skipped`` (its input is not
    there, see :func:`bench._report.data_missing`) or ``failed``.
    """
    if not _exists(module):
        return "missing", 0.0, f"bench/{module}.py does not exist"
    from bench import _report

    _report.SKIPPED.clear()
    started = time.perf_counter()
    try:
        mod = importlib.import_module(f"bench.{module}")
        main = getattr(mod, "main", None)
        if main is None:
            return "failed", time.perf_counter() - started, "no main(argv) function"
        code = main(list(argv))
    except SystemExit as e:  # argparse errors and explicit exits
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException as e:  # one failing benchmark must not stop the others
        if isinstance(e, KeyboardInterrupt):
            raise
        traceback.print_exc()
        return "failed", time.perf_counter() - started, f"{type(e).__name__}: {e}"
    seconds = time.perf_counter() - started
    if code not in (0, None):
        return "failed", seconds, f"main returned {code}"
    if _report.SKIPPED:
        return "skipped", seconds, "; ".join(_report.SKIPPED)
    return "ok", seconds, ""


def split_entry(entry: str) -> tuple[str, list[str]]:
    """A :data:`MODULES` entry as (module, its own arguments).

    >>> split_entry("dialogre_bench --split train"), split_entry("scale_bench")
    (('dialogre_bench', ['--split', 'train']), ('scale_bench', []))
    """
    module, *own = entry.split()
    return module, own


def run_all(argv: Sequence[str]) -> int:
    quick = "--quick" in argv
    results = []
    started = time.perf_counter()
    for entry in MODULES:
        module, own = split_entry(entry)
        print(f"\n=== bench {entry} {' '.join(argv)}".rstrip() + " ===", flush=True)
        status, seconds, detail = run_module(module, [*own, *argv])
        if status == "missing":
            print(f"(skipped: {detail})", flush=True)
        results.append((entry, status, seconds, detail))
    total = time.perf_counter() - started
    print("\n=== summary ===")
    width = max(len(m) for m in MODULES)
    for module, status, seconds, detail in results:
        print(f"{module:<{width}}  {status:<7}  {seconds:8.1f} s  {detail}".rstrip())
    ran = sum(1 for r in results if r[1] in ("ok", "failed"))
    skipped = sum(1 for r in results if r[1] == "skipped")
    failed = [r[0] for r in results if r[1] == "failed"]
    print(f"{ran} ran, {skipped} skipped (input not there), {len(results) - ran - skipped} missing, "
          f"{len(failed)} failed; total {total:.1f} s")
    if quick and total > QUICK_BUDGET_S:
        print(f"WARNING: the quick benchmarks took {total:.0f} s, over the {QUICK_BUDGET_S:.0f} s budget")
    return 1 if failed else 0


def result_files(results_dir: Path = RESULTS_DIR) -> list[Path]:
    """The result tables to publish, in :data:`RESULT_ORDER`: full runs only, never ``*_quick``."""
    chosen = [f for f in sorted(results_dir.glob("*.md")) if not f.stem.endswith("_quick")]

    def key(f: Path) -> tuple:
        rank = next((i for i, p in enumerate(RESULT_ORDER) if f.stem.startswith(p)), len(RESULT_ORDER))
        return (rank, f.stem)

    return sorted(chosen, key=key)


def _headline(results_dir: Path) -> list[str]:
    if not any(results_dir.glob("*.json")):
        return []
    from bench.headline import headline_table

    return [headline_table(results_dir)]


def render_summary(results_dir: Path = RESULTS_DIR, *, doc_dir: Path = ROOT) -> str:
    """The README's generated section: the at-a-glance table and where the full tables are."""
    link = Path(os.path.relpath(BENCHMARKS_DOC, doc_dir)).as_posix()
    return "\n\n".join([f"(generated by `python -m bench readme` from `bench/results/`; every table, with the "
                         f"command that produced it, is in [{link}]({link}))", *_headline(results_dir)])


def render_tables(results_dir: Path = RESULTS_DIR, *, doc_dir: Path = ROOT) -> str:
    """docs/benchmarks.md's generated section: the at-a-glance table, every result table, and the
    plots that sit beside them (linked relative to ``doc_dir``, the folder of the file they go in)."""
    parts = ["(generated by `python -m bench readme` from `bench/results/`)", *_headline(results_dir)]
    for f in result_files(results_dir):
        parts.append(f.read_text(encoding="utf-8").strip())
        png = f.with_suffix(".png")
        if png.exists():
            parts.append(f"![{f.stem}]({Path(os.path.relpath(RESULTS_DIR / png.name, doc_dir)).as_posix()})")
    return "\n\n".join(parts)


def replace_section(path: Path, body: str) -> bool:
    """Put ``body`` between the bench-tables markers of ``path``; True when the file changed."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find(START), text.find(END)
    if start < 0 or end < start:
        raise SystemExit(f"{path} has no {START} ... {END} section")
    new = text[: start + len(START)] + "\n" + body + "\n" + text[end:]
    if new == text:
        return False
    path.write_text(new, encoding="utf-8")
    return True


def update_readme(readme: Path = README, results_dir: Path = RESULTS_DIR, benchmarks: Path = BENCHMARKS_DOC) -> list[Path]:
    """Regenerate the marked sections of ``readme`` (at a glance) and ``benchmarks`` (every table);
    the files that changed.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> (d / "results").mkdir()
    >>> (d / "docs").mkdir()
    >>> _ = (d / "results" / "a.md").write_text("### a\\n\\n| x |\\n|---|\\n| 1 |\\n")
    >>> for path in (d / "README.md", d / "docs" / "benchmarks.md"):
    ...     _ = path.write_text(f"intro\\n{START}\\nold\\n{END}\\nend\\n")
    >>> [p.name for p in update_readme(d / "README.md", d / "results", d / "docs" / "benchmarks.md")]
    ['README.md', 'benchmarks.md']
    >>> print((d / "docs" / "benchmarks.md").read_text())  # doctest: +NORMALIZE_WHITESPACE
    intro
    <!-- bench-tables:start -->
    (generated by `python -m bench readme` from `bench/results/`)
    <BLANKLINE>
    ### a
    <BLANKLINE>
    | x |
    |---|
    | 1 |
    <!-- bench-tables:end -->
    end
    >>> "### a" in (d / "README.md").read_text(), "docs/benchmarks.md" in (d / "README.md").read_text()
    (False, True)
    >>> update_readme(d / "README.md", d / "results", d / "docs" / "benchmarks.md")
    []
    """
    changed = []
    if replace_section(readme, render_summary(results_dir, doc_dir=readme.parent)):
        changed.append(readme)
    if replace_section(benchmarks, render_tables(results_dir, doc_dir=benchmarks.parent)):
        changed.append(benchmarks)
    return changed


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(__doc__)
        return 0 if args else 2
    command, rest = args[0], args[1:]
    if command == "all":
        return run_all(rest)
    if command == "readme":
        changed = update_readme()
        names = " and ".join(p.relative_to(ROOT).as_posix() for p in changed) or "nothing"
        print(f"{names} updated ({len(result_files())} result tables)")
        return 0
    if command == "list":
        for entry in MODULES:
            print(f"{entry:<30} {'present' if _exists(split_entry(entry)[0]) else 'missing'}")
        return 0
    module = module_name(command)
    status, seconds, detail = run_module(module, rest)
    if status not in ("ok", "skipped"):
        print(f"bench {module}: {status}: {detail}", file=sys.stderr)
        return 2 if status == "missing" else 1
    if status == "skipped":
        print(f"bench {module}: skipped ({detail})", file=sys.stderr)
        return 0
    print(f"bench {module}: {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
