#!/usr/bin/env python3
"""Throw-away Neo4j Community 5.26 LTS server for chronomem tests (stdlib only).

Usage:
    python scripts/neo4j_test_server.py fetch
    eval "$(python scripts/neo4j_test_server.py start --state-dir /tmp/n4j)"
    pytest ...                       # NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD are set
    python scripts/neo4j_test_server.py stop --state-dir /tmp/n4j

How it works:
  * Neo4j does not publish its tar.gz distribution to Maven Central
    (org.neo4j.assembly:neo4j-community:*:tar.gz:unix does not exist and
    neo4j-community-standalone is a pom with no attached archive). So `fetch`
    resolves the server's own jars - org.neo4j.app:neo4j-server + org.neo4j:neo4j,
    the same set the tarball's lib/ is built from - with
    `mvn dependency:copy-dependencies`, i.e. through whatever repository/mirror
    Maven is configured with, into ${CHRONOMEM_CACHE:-~/.cache/chronomem}/neo4j/<ver>/lib.
  * `start` runs the real server entry point (org.neo4j.server.CommunityEntryPoint,
    what `neo4j console` launches) as a detached JVM with data/, logs/ and conf/
    inside --state-dir (wiped on every start), Bolt on a free 127.0.0.1 port, HTTP
    and HTTPS disabled. Auth stays ON: the password is set with the bundled
    neo4j-admin (`dbms set-initial-password`) before the first start.
  * stdout carries only `export ...` lines (also written to DIR/env.sh); progress
    goes to stderr. JVM output: DIR/neo4j.log; Neo4j logs: DIR/logs/.

Env: CHRONOMEM_CACHE, CHRONOMEM_NEO4J_VERSION (default below), JAVA_HOME,
CHRONOMEM_NEO4J_HEAP (default 512m), CHRONOMEM_NEO4J_PAGECACHE (default 256m).
"""
import argparse
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_VERSION = "5.26.31"  # newest 5.26.x served by Maven Central at time of writing
USER, PASSWORD = "neo4j", "chronomem-test"
DEP_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.6.1"
MAIN_CLASS = "org.neo4j.server.CommunityEntryPoint"
ADMIN_CLASS = "org.neo4j.cli.AdminTool"
JVM_FLAGS = [  # subset of server.jvm.additional from the distribution's neo4j.conf
    "-XX:+UseG1GC", "-XX:-OmitStackTraceInFastThrow", "-XX:+ExitOnOutOfMemoryError",
    "-Djdk.nio.maxCachedBufferSize=1024", "-Dio.netty.tryReflectionSetAccessible=true",
    "--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--enable-native-access=ALL-UNNAMED",
    "-Dlog4j2.disable.jmx=true", "-Dfile.encoding=UTF-8",
]


def log(msg):
    print(f"[neo4j-test-server] {msg}", file=sys.stderr, flush=True)


def die(msg):
    log(f"ERROR: {msg}")
    sys.exit(1)


def version():
    return os.environ.get("CHRONOMEM_NEO4J_VERSION", DEFAULT_VERSION)


def install_dir():
    cache = os.environ.get("CHRONOMEM_CACHE") or os.path.expanduser("~/.cache/chronomem")
    return Path(cache) / "neo4j" / version()


def java_bin():
    """$JAVA_HOME/bin/java, else the `java` on PATH resolved through symlinks; must be >= 17."""
    home = os.environ.get("JAVA_HOME")
    java = Path(home, "bin", "java") if home else None
    if not (java and java.exists()):
        found = shutil.which("java")
        if not found:
            die("no Java found: install Java 17+ or set JAVA_HOME")
        java = Path(found).resolve()  # e.g. /usr/lib/jvm/java-17-openjdk-amd64/bin/java
    out = subprocess.run([str(java), "-version"], capture_output=True, text=True).stderr
    m = re.search(r'version "(\d+)', out)
    if not m or int(m.group(1)) < 17:
        die(f"Neo4j 5.26 needs Java 17 or 21; {java} reports: {out.strip()}")
    return java


def fetch():
    dest = install_dir()
    if (dest / ".complete").exists():
        log(f"Neo4j {version()} already cached in {dest}")
        return dest
    if not shutil.which("mvn"):
        die("`mvn` not found (needed to download Neo4j from Maven Central)")
    log(f"downloading Neo4j {version()} jars via Maven into {dest} ...")
    t0 = time.monotonic()
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=".fetch-", dir=dest.parent)
    try:
        deps = "".join(
            f"<dependency><groupId>{g}</groupId><artifactId>{a}</artifactId>"
            f"<version>{version()}</version></dependency>"
            for g, a in [("org.neo4j.app", "neo4j-server"), ("org.neo4j", "neo4j")])
        Path(tmp, "pom.xml").write_text(
            '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
            "<groupId>chronomem</groupId><artifactId>neo4j-test-server</artifactId>"
            f"<version>0</version><packaging>pom</packaging><dependencies>{deps}</dependencies></project>")
        cmd = ["mvn", "-B", "-q", "-f", str(Path(tmp, "pom.xml")),
               f"{DEP_PLUGIN}:copy-dependencies", "-DincludeScope=runtime",
               f"-DoutputDirectory={Path(tmp, 'lib')}"]
        env = dict(os.environ, JAVA_HOME=str(java_bin().parent.parent))
        res = subprocess.run(cmd, capture_output=True, text=True, env=env)
        if res.returncode != 0:
            die(f"maven download failed ({' '.join(cmd)}):\n{(res.stdout + res.stderr)[-3000:]}")
        Path(tmp, ".complete").write_text(version() + "\n")
        shutil.rmtree(dest, ignore_errors=True)
        os.rename(tmp, dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    log(f"fetched {len(list((dest / 'lib').glob('*.jar')))} jars in {time.monotonic() - t0:.1f}s")
    return dest


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_pid(state):
    try:
        pid = int((state / "neo4j.pid").read_text().strip())
        with open(f"/proc/{pid}/stat") as f:  # zombie (unreaped) == gone
            if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                return None
        with open(f"/proc/{pid}/cmdline", "rb") as f:  # guard against pid reuse
            cmdline = f.read().decode(errors="replace")
        return pid if MAIN_CLASS in cmdline and str(state) in cmdline else None
    except (OSError, ValueError, IndexError):
        return None


def tail(path, n=40):
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no log)"


def is_ready(state, port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False, "bolt port not open"
    try:
        import neo4j  # optional: a real query if the driver is installed
    except ImportError:
        started = any("Started." in tail(p, 200) for p in (state / "neo4j.log", state / "logs" / "neo4j.log"))
        return started, "waiting for 'Started.' in log"
    try:
        with neo4j.GraphDatabase.driver(f"bolt://127.0.0.1:{port}", auth=(USER, PASSWORD)) as drv:
            drv.execute_query("RETURN 1")
        return True, ""
    except Exception as exc:  # report and retry
        return False, f"RETURN 1 failed: {exc}"


def start(state, timeout):
    state = state.resolve()
    env_lines = f"export NEO4J_URI=bolt://127.0.0.1:{{}}\nexport NEO4J_USER={USER}\nexport NEO4J_PASSWORD={PASSWORD}\n"
    if read_pid(state):
        if (state / "env.sh").exists():
            log(f"already running (pid {read_pid(state)}); reusing it")
            print((state / "env.sh").read_text(), end="")
            return
        stop(state, 30)  # left over from an interrupted start
    home, java = fetch(), java_bin()
    (state / "env.sh").unlink(missing_ok=True)
    for sub in ("data", "logs", "conf", "run"):
        shutil.rmtree(state / sub, ignore_errors=True)
        (state / sub).mkdir(parents=True)
    port = free_port()
    conf = {
        "server.directories.data": state / "data", "server.directories.logs": state / "logs",
        "server.directories.run": state / "run", "server.directories.import": state / "import",
        "server.directories.plugins": state / "plugins",
        "server.default_listen_address": "127.0.0.1", "server.default_advertised_address": "127.0.0.1",
        "server.bolt.enabled": "true", "server.bolt.listen_address": f"127.0.0.1:{port}",
        "server.http.enabled": "false", "server.https.enabled": "false",
        "server.memory.pagecache.size": os.environ.get("CHRONOMEM_NEO4J_PAGECACHE", "256m"),
        "dbms.security.auth_enabled": "true", "dbms.usage_report.enabled": "false",
        # internal knob (default 5 s per Netty event-loop group): makes SIGTERM shutdown ~1 s, not ~10 s
        "internal.dbms.bolt.netty_server_shutdown_quiet_period": "0",
    }
    (state / "conf" / "neo4j.conf").write_text("".join(f"{k}={v}\n" for k, v in conf.items()))
    cp = str(home / "lib" / "*")
    env = dict(os.environ, NEO4J_HOME=str(state), NEO4J_CONF=str(state / "conf"),
               JAVA_HOME=str(java.parent.parent))
    res = subprocess.run([str(java), "-cp", cp, ADMIN_CLASS, "dbms", "set-initial-password", PASSWORD],
                         capture_output=True, text=True, env=env)
    if res.returncode != 0:
        die(f"set-initial-password failed:\n{res.stdout}{res.stderr}")
    heap = os.environ.get("CHRONOMEM_NEO4J_HEAP", "512m")
    cmd = [str(java), f"-Xms{heap}", f"-Xmx{heap}", *JVM_FLAGS, "-cp", cp, MAIN_CLASS,
           f"--home-dir={state}", f"--config-dir={state / 'conf'}", "--console-mode"]
    t0 = time.monotonic()
    with open(state / "neo4j.log", "wb") as out:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                env=env, cwd=state, start_new_session=True)
    (state / "neo4j.pid").write_text(f"{proc.pid}\n")
    log(f"started Neo4j {version()} (pid {proc.pid}) on bolt://127.0.0.1:{port}; waiting up to {timeout}s")
    why = "not started"
    while time.monotonic() - t0 < timeout:
        if proc.poll() is not None:
            die(f"Neo4j exited with code {proc.returncode}. Log tail ({state / 'neo4j.log'}):\n"
                f"{tail(state / 'neo4j.log')}\n--- logs/debug.log ---\n{tail(state / 'logs' / 'debug.log', 20)}")
        ready, why = is_ready(state, port)
        if ready:
            break
        time.sleep(0.5)
    else:
        stop(state, 10)
        die(f"Neo4j not ready after {timeout}s ({why}). Log tail:\n{tail(state / 'neo4j.log')}\n"
            f"--- logs/debug.log ---\n{tail(state / 'logs' / 'debug.log', 20)}")
    log(f"ready in {time.monotonic() - t0:.1f}s")
    (state / "env.sh").write_text(env_lines.format(port))
    print(env_lines.format(port), end="", flush=True)


def stop(state, timeout):
    state = state.resolve()
    pid = read_pid(state)
    if pid is None:
        log("not running")
    else:
        log(f"stopping pid {pid} (SIGTERM, SIGKILL after {timeout}s)")
        for sig, wait in ((signal.SIGTERM, timeout), (signal.SIGKILL, 10)):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + wait
            while read_pid(state) and time.monotonic() < deadline:
                time.sleep(0.2)
            if not read_pid(state):
                break
    (state / "neo4j.pid").unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("fetch", help="download Neo4j jars into the cache (idempotent)")
    for name in ("start", "stop"):
        p = sub.add_parser(name, help="start a fresh server, print exports" if name == "start"
                           else "stop the server (idempotent)")
        p.add_argument("--state-dir", required=True, type=Path)
        p.add_argument("--timeout", type=float, default=120 if name == "start" else 30)
    args = ap.parse_args()
    if args.cmd == "fetch":
        fetch()
    elif args.cmd == "start":
        start(args.state_dir, args.timeout)
    else:
        stop(args.state_dir, args.timeout)


if __name__ == "__main__":
    main()
