"""Security counts for `make reliability`: each promise of docs/security.md probed from outside, counted.

    python scripts/reliability/security_checks.py [--triggers 30] [--kill-after 0.42]

- sessions after revocation: requests an admin UI session still got through after its reviewer was removed
  (`editorial-ai reviewers remove`) or ADMIN_API_KEY was rotated;
- secrets leaked: requests reaching a loopback listener (named in a model string, OPENAI_BASE_URL,
  GOOGLE_GEMINI_BASE_URL, or allowed for API requests) that carried OPENAI_API_KEY or GOOGLE_API_KEY;
- markup crashes: hostile model/user strings that raised while printed by the CLI, or reached the terminal as
  an escape sequence or hyperlink;
- idempotent duplicates: runs beyond one per Idempotency-Key after N concurrent triggers with the server killed
  (kill -9) mid-way and every client retrying with its key against a restarted server;
- probes unanswered: idempotency retries that got no answer at all within the retry time (not a duplicate, but
  not proof either: counted, never a pass);
- contract violations: probes of the documented contract (strict booleans, lengths as sent, DNS-rebinding host,
  roles, /health without a key, the event stream's declared events) that the server answered otherwise.

Prints one line per finding, a `RESULT {json}` line, and exits 1 when any count is above 0.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _support import emit

API_KEY = "reliability-admin-key-0123456789"
OPENAI_SECRET = "sk-reliability-openai-secret-0001"
GOOGLE_SECRET = "AIza-reliability-google-secret-0001"
HOSTILE = ["Looks fine [/x]", "[link=https://evil.example/]click[/link]", "[bold red]APPROVED[/]",
           "red \x1b[31mtext\x1b[0m and a clear \x1b[2J\x1b[H", "title \x1b]0;owned\x07 \x1b]8;;https://e\x1b\\x",
           "bell\x07 nul\x00 c1\x9b31m bidi\u202eevil", "lone \ud800 surrogate", "[/]", "[", "\\[x]"]


def _settings(data_dir: Path, **extra: Any) -> Any:
    from editorial_ai.config import Settings

    return Settings(_env_file=None, EDITORIAL_AI_DATA_DIR=data_dir, EDITORIAL_AI_MODEL="scripted:happy",
                    EDITORIAL_AI_TEST_MODE=True, EDITORIAL_AI_STORAGE="sqlite", **extra)


async def _client(settings: Any) -> Any:
    import httpx

    from editorial_ai.api import create_app

    app = create_app(settings)
    lifespan = app.router.lifespan_context(app)
    await lifespan.__aenter__()
    client = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://localhost")
    return client, lifespan


async def _login(client: Any, key: str) -> None:
    import re

    page = (await client.get("/admin/login")).text
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token, "no CSRF token on the login page"
    response = await client.post("/admin/login", data={"api_key": key, "next": "/admin/",
                                                        "csrf_token": token.group(1)})
    assert response.status_code == 303, response.text


async def sessions_after_revocation(tmp: Path, findings: list[str]) -> int:
    """Requests a session got through after its credential ended (removed reviewer, rotated admin key)."""
    from editorial_ai.store.reviewers import reviewer_store

    data = tmp / "sessions"
    _, key = reviewer_store(data / "reviewers.json").add("Mina Park", role="admin")
    leaks = 0
    client, lifespan = await _client(_settings(data, ADMIN_API_KEY=API_KEY))
    try:
        await _login(client, key)
        reviewer_cookie = client.cookies["editorial_ai_session"]
        client.cookies.clear()
        await _login(client, API_KEY)
        admin_cookie = client.cookies["editorial_ai_session"]
        removed = subprocess.run([sys.executable, "-m", "editorial_ai.cli.main", "reviewers", "remove", "Mina Park",
                                  "--data-dir", str(data)], capture_output=True, text=True, check=False)
        assert removed.returncode == 0, removed.stderr
        client.cookies.clear()
        client.cookies.set("editorial_ai_session", reviewer_cookie)
        for method, path in (("GET", "/admin/"), ("GET", "/admin/runs"), ("POST", "/admin/runs")):
            response = await client.request(method, path, data={"seed_keyword": "Jennie Effect"})
            if response.status_code < 300:
                leaks += 1
                findings.append(f"removed reviewer's session: {method} {path} -> {response.status_code}")
    finally:
        await client.aclose()
        await lifespan.__aexit__(None, None, None)
    client, lifespan = await _client(_settings(data, ADMIN_API_KEY="rotated-admin-key-9876543210"))
    try:
        client.cookies.set("editorial_ai_session", admin_cookie)
        response = await client.get("/admin/")
        if response.status_code < 300:
            leaks += 1
            findings.append(f"admin session after ADMIN_API_KEY rotation: GET /admin/ -> {response.status_code}")
    finally:
        await client.aclose()
        await lifespan.__aexit__(None, None, None)
    return leaks


def _listener() -> tuple[Any, list[dict[str, str]], str]:
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    seen: list[dict[str, str]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            seen.append({k.lower(): v for k, v in self.headers.items()})
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            body = json.dumps({"id": "x", "object": "chat.completion", "created": 0, "model": "x", "choices": [
                {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}]}).encode()
            try:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except OSError:  # the client gave up (a run ended meanwhile): its headers are already recorded
                pass

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, seen, f"http://127.0.0.1:{server.server_address[1]}"


async def secrets_leaked(tmp: Path, findings: list[str]) -> int:
    """Requests to a loopback listener that carried a provider secret, over every way a URL can be named."""
    from editorial_ai.llm.base import LLMRequest
    from editorial_ai.llm.gemini import create_client as gemini_client
    from editorial_ai.llm.openai_compat import create_client as openai_client
    from editorial_ai.llm.registry import parse_model_string

    server, seen, url = _listener()
    secrets = {"OPENAI_API_KEY": OPENAI_SECRET, "GOOGLE_API_KEY": GOOGLE_SECRET}
    base = {"OPENAI_API_KEY": OPENAI_SECRET, "GOOGLE_API_KEY": GOOGLE_SECRET}
    try:
        for model, extra in ((f"openai:x@{url}/v1", {}), ("openai:x", {"OPENAI_BASE_URL": f"{url}/v1"})):
            client = openai_client(parse_model_string(model), _settings(tmp / "s", **base, **extra))
            await client.generate(LLMRequest(prompt="hi"))
        try:  # the Gemini SDK speaks another route: the listener records the headers even when it answers badly
            settings = _settings(tmp / "s", **base, GOOGLE_GEMINI_BASE_URL=url)
            await gemini_client(parse_model_string("gemini:gemini-2.5-flash"), settings).generate(
                LLMRequest(prompt="hi"))
        except Exception:  # noqa: BLE001 - only the request's headers matter here
            pass
        # Through the API: a run request naming an allowed base URL.
        client, lifespan = await _client(_settings(tmp / "api", **base, EDITORIAL_AI_ALLOWED_BASE_URLS=f"{url}/v1",
                                                   EDITORIAL_AI_ALLOWED_MODELS="openai:*"))
        before = len(seen)
        try:
            started = await client.post("/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect",
                                                                       "model": f"openai:x@{url}/v1"})
            if started.status_code != 202:
                findings.append(f"secrets: the API refused the run naming the listener: {started.text[:300]}")
            deadline = time.monotonic() + 60
            while len(seen) == before and time.monotonic() < deadline:  # the run's first model request
                await asyncio.sleep(0.05)
        finally:
            await client.aclose()
            await lifespan.__aexit__(None, None, None)
    finally:
        server.shutdown()
    leaks = 0
    if len(seen) < 4:  # two OpenAI clients, the Gemini client, the API's run: a probe that reached nothing
        findings.append(f"secrets: only {len(seen)} requests reached the listener (expected at least 4)")
        leaks += 1  # an unproven promise is never a silent pass
    for headers in seen:
        for name, secret in secrets.items():
            carried = [h for h, v in headers.items() if secret in v]
            if carried:
                leaks += 1
                findings.append(f"{name} sent to {url} in header(s) {', '.join(carried)}")
    return leaks


def markup_crashes(findings: list[str]) -> int:
    """Hostile strings printed the way the CLI prints model and user text: raised, or reached the terminal."""
    from editorial_ai.cli import render
    from editorial_ai.cli.terminal import SafeConsole

    crashes = 0
    for text in HOSTILE:
        out = io.StringIO()
        render.console = SafeConsole(file=out, force_terminal=True, width=160)
        review = {"passed": False, "criteria": [{"criterion": text, "passed": False, "severity": "major",
                                                 "source": "judge", "reason": text}]}
        try:
            render.print_outcome({"thread_id": text, "content_id": text, "status": "pending", "revision_count": 1,
                                  "flags": [text], "title": text, "review_result": review, "error_log": [text]})
        except Exception as exc:  # noqa: BLE001 - counted
            crashes += 1
            findings.append(f"markup crash on {text!r}: {type(exc).__name__}: {exc}")
            continue
        printed = out.getvalue()
        if any(seq in printed for seq in ("\x1b]8;", "\x1b]0;", "\x1b[2J", "\x07", "\x00", "\x9b", "\u202e")):
            crashes += 1
            findings.append(f"escape sequence or hyperlink from {text!r} reached the terminal")
    return crashes


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve(data: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("EDITORIAL_AI_") and k != "ADMIN_API_KEY"}
    env.update(EDITORIAL_AI_DATA_DIR=str(data), EDITORIAL_AI_MODEL="scripted:happy", EDITORIAL_AI_TEST_MODE="1",
               EDITORIAL_AI_STORAGE="sqlite", ADMIN_API_KEY=API_KEY)
    return subprocess.Popen([sys.executable, "-m", "editorial_ai.cli.main", "serve", "--port", str(port)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


async def _wait_up(url: str, timeout_s: float = 60) -> None:
    import httpx

    deadline = time.monotonic() + timeout_s
    async with httpx.AsyncClient() as client:
        while time.monotonic() < deadline:
            try:
                if (await client.get(f"{url}/health")).status_code in (200, 503):
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not start")


async def _wait_idle(client: Any, url: str, headers: dict[str, str], timeout_s: float) -> float:
    """Seconds until the run registry holds no queued or running run (or the timeout)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        try:
            busy = 0
            for status in ("queued", "running"):
                page = await client.get(f"{url}/api/runs/?status={status}&limit=1", headers=headers, timeout=120)
                busy += int(page.json()["total"])
            if busy == 0:
                break
        except Exception:  # noqa: BLE001 - a busy server timing out is what this waits for
            pass
        await asyncio.sleep(2)
    return time.monotonic() - started


async def idempotent_duplicates(tmp: Path, triggers: int, kill_after: float, findings: list[str],
                                retry_s: float = 300.0) -> tuple[int, int]:
    """Runs beyond one per key: N clients trigger at once with their own key, the server is killed after
    `kill_after` s, and every client retries its key against the restarted server until it gets an answer."""
    import httpx

    data, port = tmp / "idem", _free_port()
    url = f"http://127.0.0.1:{port}"
    headers = {"X-API-Key": API_KEY}
    server = _serve(data, port)
    await _wait_up(url)
    errors = 0

    reasons: list[str] = []

    async def trigger(client: httpx.AsyncClient, key: str) -> str | None:
        nonlocal errors
        try:
            response = await client.post(f"{url}/api/pipeline/trigger", json={"seed_keyword": "Jennie Effect"},
                                         headers={**headers, "Idempotency-Key": key}, timeout=60)
            if response.status_code != 202:
                reasons.append(f"{response.status_code}: {response.text[:200]}")
                return None
            return str(response.json()["thread_id"])
        except (httpx.HTTPError, ValueError, KeyError) as exc:
            errors += 1
            reasons.append(type(exc).__name__)
            return None

    keys = [f"reliability-{i}" for i in range(triggers)]

    async def until_answered(client: httpx.AsyncClient) -> list[str | None]:
        """Each key retried until it gets an answer, as a client does (a server busy executing the cut-off runs
        in process may time requests out for a while)."""
        answers: list[str | None] = [None] * len(keys)
        deadline = time.monotonic() + retry_s
        while None in answers and time.monotonic() < deadline:
            pending = [i for i, answer in enumerate(answers) if answer is None]
            for i, answer in zip(pending, await asyncio.gather(*(trigger(client, keys[i]) for i in pending)),
                                 strict=True):
                answers[i] = answer
        return answers
    async with httpx.AsyncClient() as client:
        first = asyncio.gather(*(trigger(client, key) for key in keys))
        await asyncio.sleep(kill_after)
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
        await first
        cut_off = errors
        server = _serve(data, port)
        try:
            await _wait_up(url)
            # The restarted server resumes the runs the kill cut off, in process; while they execute its answers
            # can take minutes on a busy machine. The clients retry once it is idle again (what matters is which
            # run a repeated key gets, not how fast).
            idle_after = await _wait_idle(client, url, headers, timeout_s=retry_s * 3)
            print(f"  restarted server idle after {idle_after:.0f} s", flush=True)
            answers = await until_answered(client)
            again = await until_answered(client)  # a second retry of every key: the same thread again
            runs = (await client.get(f"{url}/api/runs/?limit=1", headers=headers, timeout=120)).json()["total"]
        finally:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    print(f"  {triggers} triggers, {cut_off} cut off by the kill at {kill_after:g} s; after the retries: "
          f"{runs} runs registered", flush=True)
    # A duplicate is a second run for a key: more runs registered than keys, or one key answered with two threads.
    duplicates = max(0, int(runs) - triggers) + sum(
        1 for a, b in zip(answers, again, strict=True) if a is not None and b is not None and a != b)
    unanswered = sum(1 for a, b in zip(answers, again, strict=True) if a is None or b is None)
    if unanswered:  # the probe did not prove its point for these keys: reported and counted, never a pass
        findings.append(f"idempotency: {unanswered} key(s) got no answer within {retry_s:g} s of retries "
                        f"({'; '.join(reasons[-3:])})")
    if duplicates:
        findings.append(f"idempotency: {duplicates} duplicate run(s) for {triggers} keys")
    return duplicates, unanswered


async def contract_violations(tmp: Path, findings: list[str]) -> int:
    """Probes of the documented contract answered otherwise."""
    from editorial_ai.store.reviewers import reviewer_store

    data = tmp / "contract"
    _, viewer = reviewer_store(data / "reviewers.json").add("Viewer", role="viewer")
    _, editor = reviewer_store(data / "reviewers.json").add("Editor", role="editor")
    client, lifespan = await _client(_settings(data, ADMIN_API_KEY=API_KEY))
    admin = {"X-API-Key": API_KEY}
    probes: list[tuple[str, int, Any]] = []
    try:
        for value in (0, 1, "true"):
            probes.append((f"approve confirm={value!r}", 422, await client.post(
                "/api/contents/x/approve", json={"confirm": value, "note": "n"}, headers=admin)))
        probes.append(("review_form.missing_spec=0", 422, await client.post(
            "/api/contents/x/revise", json={"feedback": "f", "review_form": {"missing_spec": 0}}, headers=admin)))
        probes.append(("blooms_level over maxLength as sent", 422, await client.post(
            "/api/pipeline/trigger", headers=admin,
            json={"seed_keyword": "Asthma", "content_type": "exam_item", "blooms_level": " analyze" + " " * 20})))
        probes.append(("DNS-rebinding Host", 400, await client.post(
            "/api/pipeline/trigger", json={"seed_keyword": "k"},
            headers={**admin, "Host": "evil.example", "Origin": "http://evil.example"})))
        probes.append(("viewer approves", 403, await client.post("/api/contents/x/approve", json={},
                                                                  headers={"X-API-Key": viewer})))
        probes.append(("editor triggers", 403, await client.post("/api/pipeline/trigger", json={"seed_keyword": "k"},
                                                                  headers={"X-API-Key": editor})))
        health = await client.get("/health")
        if set(health.json()) != {"status"}:
            findings.append(f"contract: /health without a key answered {sorted(health.json())}")
        doc = (await client.get("/openapi.json")).json()
        stream = doc["paths"]["/api/pipeline/events/{thread_id}"]["get"]["responses"]["200"]["content"]
        if set(stream["text/event-stream"]["schema"].get("properties", {})) != {"event", "id", "data"}:
            findings.append("contract: the event stream's events are not declared as events (event, id, data)")
    finally:
        await client.aclose()
        await lifespan.__aexit__(None, None, None)
    wrong = [(label, expected, r.status_code) for label, expected, r in probes if r.status_code != expected]
    for label, expected, got in wrong:
        findings.append(f"contract: {label}: expected {expected}, got {got}")
    return len(wrong) + sum(1 for f in findings if f.startswith("contract: /health") or "not declared as" in f)


async def main_async(args: argparse.Namespace) -> dict[str, int]:
    findings: list[str] = []
    with tempfile.TemporaryDirectory(prefix="editorial-ai-security-") as name:
        tmp = Path(name)
        duplicates, unanswered = await idempotent_duplicates(tmp, args.triggers, args.kill_after, findings)
        counts = {
            "sessions_after_revocation": await sessions_after_revocation(tmp, findings),
            "secrets_leaked": await secrets_leaked(tmp, findings),
            "markup_crashes": markup_crashes(findings),
            "idempotent_duplicates": duplicates,
            "contract_violations": await contract_violations(tmp, findings),
            "probes_unanswered": unanswered,  # a probe that could not conclude: never a pass
        }
    for finding in findings:
        print(f"FINDING {finding}", flush=True)
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--triggers", type=int, default=30, help="concurrent idempotent triggers")
    parser.add_argument("--kill-after", type=float, default=0.42, help="seconds before the server is killed")
    args = parser.parse_args()
    import logging

    logging.getLogger("editorial_ai").setLevel(logging.CRITICAL)
    counts = asyncio.run(main_async(args))
    emit({"check": "security", **counts})
    print("security: " + ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in counts.items()))
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
