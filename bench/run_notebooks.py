"""Execute notebooks headless: ``python -m bench.run_notebooks notebooks/*.ipynb [--write]``.

Each notebook runs top to bottom in a fresh kernel of the *current* interpreter (a kernelspec
pointing at ``sys.executable`` is made on the fly in a temporary directory, so an installed
``python3`` kernelspec that points at some other Python is never used). The working directory
is the notebook's folder and the checkout root is put on ``PYTHONPATH``.

* Exit status 1 if any cell raises (the failing cell and the error are printed), 0 otherwise.
* ``--write`` saves the executed outputs back into each notebook, so the committed notebooks
  show what a fresh run shows. Volatile metadata (cell timings, the temporary kernel name) is
  left out.
* ``--check`` fails when the text outputs of a fresh run differ from the stored ones.
* ``--png-dir DIR`` saves every figure as ``DIR/<notebook>-<cell>-<n>.png`` (to look at them).
* Needs the ``notebooks`` extra (``pip install -e ".[notebooks]"``: nbclient, nbformat,
  ipykernel and the ``viz`` extra's matplotlib and pandas); without it, says so and exits 2.
* A notebook whose metadata says ``{"chronomem": {"requires_env": ["NEO4J_URI"]}}`` is skipped,
  with a message, when one of those variables is unset, unless ``CI`` is set: then it must run
  and the missing variable is an error.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import re
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
KERNEL_NAME = "chronomem-current-python"
VOLATILE_CELL_METADATA = ("execution",)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@dataclass
class Outcome:
    path: Path
    status: str  # "ok", "failed", "skipped"
    seconds: float = 0.0
    message: str = ""
    pngs: list[Path] = field(default_factory=list)


def required_env(nb: Any) -> list[str]:
    """Environment variables a notebook declares it needs (``metadata.chronomem.requires_env``).

    >>> required_env({"metadata": {"chronomem": {"requires_env": ["NEO4J_URI"]}}})
    ['NEO4J_URI']
    >>> required_env({"metadata": {}})
    []
    """
    return list(nb["metadata"].get("chronomem", {}).get("requires_env", []))


def kernel_manager(spec_dir: Path) -> Any:
    """A kernel manager for a kernel running this very interpreter."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    kernel_dir = spec_dir / KERNEL_NAME
    kernel_dir.mkdir(parents=True, exist_ok=True)
    (kernel_dir / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": f"Python ({sys.executable})",
        "language": "python",
        "metadata": {"debugger": False},
    }), encoding="utf-8")
    specs = KernelSpecManager(kernel_dirs=[str(spec_dir)], ensure_native_kernel=False)
    # IPC sockets: local only, and the kernel does not warn about unencrypted TCP
    return AsyncKernelManager(kernel_name=KERNEL_NAME, kernel_spec_manager=specs, transport="ipc",
                              ip=str(spec_dir / "kernel-ipc"))


def kernel_env() -> dict[str, str]:
    """The kernel's environment: ours, plus the checkout on PYTHONPATH, fixed hashing, inline figures."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.setdefault("PYTHONHASHSEED", "0")
    env.pop("MPLBACKEND", None)  # let ipykernel pick its inline backend, so figures become outputs
    return env


def text_outputs(nb: Any) -> list[list[str]]:
    """Per code cell, the text of its outputs (streams, text/plain, errors); images left out."""
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        texts = []
        for o in cell.get("outputs", []):
            if o["output_type"] == "stream":
                texts.append(o["text"] if isinstance(o["text"], str) else "".join(o["text"]))
            elif o["output_type"] in ("execute_result", "display_data"):
                plain = o.get("data", {}).get("text/plain", "")
                texts.append(plain if isinstance(plain, str) else "".join(plain))
            elif o["output_type"] == "error":
                texts.append(f"{o['ename']}: {o['evalue']}")
        out.append(texts)
    return out


def save_pngs(nb: Any, stem: str, png_dir: Path) -> list[Path]:
    png_dir.mkdir(parents=True, exist_ok=True)
    saved = []
    for index, cell in enumerate(nb["cells"]):
        n = 0
        for o in cell.get("outputs", []):
            data = o.get("data", {}).get("image/png")
            if data:
                n += 1
                target = png_dir / f"{stem}-{index:02d}-{n}.png"
                target.write_bytes(base64.b64decode(data if isinstance(data, str) else "".join(data)))
                saved.append(target)
    return saved


def run_notebook(path: Path, *, write: bool = False, check: bool = False, png_dir: Path | None = None,
                 timeout: int = 900) -> Outcome:
    """Execute one notebook; never raises for a failing cell (the outcome says what failed)."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    missing = [name for name in required_env(nb) if not os.environ.get(name)]
    if missing:
        names = ", ".join(missing)
        if os.environ.get("CI"):
            return Outcome(path, "failed", message=f"CI is set but {names} is not: this notebook must run in CI")
        return Outcome(path, "skipped", message=f"needs {names} (start Neo4j with "
                       "`eval \"$(python scripts/neo4j_test_server.py start --state-dir .ci/state/neo4j)\"`)")
    stored = text_outputs(nb)
    kernelspec = nb["metadata"].get("kernelspec")
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="chronomem-kernels-") as spec_dir:
        client = NotebookClient(nb, km=kernel_manager(Path(spec_dir)), timeout=timeout, record_timing=False,
                                resources={"metadata": {"path": str(path.parent.resolve())}})
        try:
            client.execute(env=kernel_env())
        except CellExecutionError as e:
            return Outcome(path, "failed", time.perf_counter() - started, _first_lines(str(e), 40))
    seconds = time.perf_counter() - started
    if kernelspec is not None:
        nb["metadata"]["kernelspec"] = kernelspec
    for cell in nb["cells"]:
        for key in VOLATILE_CELL_METADATA:
            cell.get("metadata", {}).pop(key, None)
    pngs = save_pngs(nb, path.stem, png_dir) if png_dir is not None else []
    if check and text_outputs(nb) != stored:
        return Outcome(path, "failed", seconds, "outputs differ from the stored ones (run with --write and review the diff)",
                       pngs)
    if write:
        nbformat.write(nb, path)
    return Outcome(path, "ok", seconds, pngs=pngs)


def _first_lines(text: str, n: int) -> str:
    lines = ANSI.sub("", text).strip().splitlines()
    return "\n".join(lines[:n] + (["..."] if len(lines) > n else []))


INSTALL_HINT = 'pip install -e ".[notebooks]" (in the checkout)'


def missing_requirement() -> str | None:
    """The first package needed to run notebooks that is not installed, or None."""
    import importlib.util

    return next((name for name in ("nbformat", "nbclient", "ipykernel", "matplotlib", "pandas")
                 if importlib.util.find_spec(name) is None), None)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run_notebooks", description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--write", action="store_true", help="save the executed outputs back into the notebooks")
    parser.add_argument("--check", action="store_true", help="fail if text outputs differ from the stored ones")
    parser.add_argument("--png-dir", type=Path, help="save every figure as a PNG in this directory")
    parser.add_argument("--timeout", type=int, default=900, help="seconds per cell (default 900)")
    args = parser.parse_args(argv)
    if (name := missing_requirement()) is not None:
        print(f"{name} is not installed: running notebooks needs the notebooks extra: {INSTALL_HINT}", file=sys.stderr)
        return 2

    failed = False
    for path in args.notebooks:
        if not path.exists():
            print(f"FAILED  {path}: no such notebook", flush=True)
            failed = True
            continue
        outcome = run_notebook(path, write=args.write, check=args.check, png_dir=args.png_dir, timeout=args.timeout)
        if outcome.status == "ok":
            extra = " (outputs written)" if args.write else ""
            print(f"ok      {path} in {outcome.seconds:.1f} s{extra}", flush=True)
        elif outcome.status == "skipped":
            print(f"skipped {path}: {outcome.message}", flush=True)
        else:
            failed = True
            print(f"FAILED  {path}: {outcome.message}", flush=True)
        for png in outcome.pngs:
            print(f"        figure {png}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
