"""nginx from Debian's packages in front of the workers, running ``deploy/nginx.conf`` with
the workers' and the proxy's addresses put in: the tests run what a host deploys."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "deploy" / "nginx.conf"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


@contextlib.contextmanager
def nginx(folder: Path, listen: int, workers: list[int]) -> Iterator[None]:
    """nginx on 127.0.0.1:``listen`` proxying to the workers' ports, until the block ends."""
    binary = shutil.which("nginx") or (
        "/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else ""
    )
    if not binary:
        if os.environ.get("DDZ_REQUIRE_POSTGRESQL"):
            pytest.fail("no nginx (Debian's nginx-light): .ci/run installs it", pytrace=False)
        pytest.skip("no nginx: apt-get install nginx-light")
    config = SHIPPED.read_text(encoding="utf-8")
    config = config.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    for name, port in zip(("worker1:8081", "worker2:8081"), workers, strict=True):
        config = config.replace(name, f"127.0.0.1:{port}")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ddz.conf").write_text(config, encoding="utf-8")
    temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for path in temp.values():
        path.mkdir(exist_ok=True)
    (folder / "nginx.conf").write_text(
        f"""worker_processes 1;
error_log {folder}/error.log warn;
pid {folder}/nginx.pid;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {temp["body"]};
    proxy_temp_path {temp["proxy"]};
    fastcgi_temp_path {temp["fastcgi"]};
    uwsgi_temp_path {temp["uwsgi"]};
    scgi_temp_path {temp["scgi"]};
    include {folder}/ddz.conf;
}}
""",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "daemon off;"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 10
        while not _answers(listen):
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            assert time.monotonic() < deadline, "nginx did not start"
            time.sleep(0.02)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)
