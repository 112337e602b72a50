"""Real API server, worker and Redis processes for the scale tests (started, killed and restarted by the tests)."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

CLI = [sys.executable, "-m", "editorial_ai.cli.main"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until(check: Any, timeout_s: float, what: str, every_s: float = 0.2) -> Any:
    """Poll `check()` until it returns something truthy; AssertionError naming `what` after `timeout_s`."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(every_s)


@dataclass
class Cluster:
    """Processes sharing one environment (PostgreSQL schema, Redis database, data dir)."""

    env: dict[str, str]
    logs: Path
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def _spawn(self, args: list[str], log_name: str) -> subprocess.Popen[bytes]:
        log = (self.logs / log_name).open("ab")
        process = subprocess.Popen([*CLI, *args], env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        return process

    def api(self, port: int) -> subprocess.Popen[bytes]:
        process = self._spawn(["serve", "--port", str(port), "--log-level", "warning"], f"api-{port}.log")
        wait_until(lambda: _answers(port) or process.poll() is not None, 60, f"the API on port {port}")
        assert process.poll() is None, (self.logs / f"api-{port}.log").read_text()
        return process

    def worker(self, name: str, concurrency: int = 2) -> subprocess.Popen[bytes]:
        return self._spawn(["worker", "--concurrency", str(concurrency)], f"worker-{name}.log")

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _answers(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code in (200, 503)
    except httpx.HTTPError:
        return False


@dataclass
class RedisServer:
    """A private redis-server on a free port, stopped and started again by the broker-down test."""

    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: _port_open(self.port), 10, f"redis-server on port {self.port}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        wait_until(lambda: not _port_open(self.port), 10, f"redis-server on port {self.port} to stop")


def _port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
        return True
    except OSError:
        return False


def base_env(**values: Any) -> dict[str, str]:
    """The test process's environment without ambient EDITORIAL_AI_* / broker settings, plus `values`."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("EDITORIAL_AI_") and k not in ("REDIS_URL", "DATABASE_URL", "ADMIN_API_KEY")
    }
    env.update({k: str(v) for k, v in values.items()})
    return env
