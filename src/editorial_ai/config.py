"""The one settings class: the only place environment variables are read."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_MODEL = "local:qwen2.5-coder-1.5b"
# The learning loop's switches (seed 003): one per trigger, the reviewer notes and the example item.
LEARNING_SWITCHES = ("bad_format", "wrong_information", "wrong_physical_dimensions", "missing_spec",
                     "information_missing", "notes", "example_item")


class ConfigError(ValueError):
    """A setting is missing or unsafe; the message names the fix."""


class Settings(BaseSettings):
    """Runtime configuration (environment variables or a `.env` file)."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    # Our own
    model: str = Field(DEFAULT_MODEL, alias="EDITORIAL_AI_MODEL")
    data_dir: Path = Field(Path("data"), alias="EDITORIAL_AI_DATA_DIR")
    db_path: Path | None = Field(None, alias="EDITORIAL_AI_DB_PATH")
    checkpoint_path: Path | None = Field(None, alias="EDITORIAL_AI_CHECKPOINT_PATH")
    log_dir: Path | None = Field(None, alias="EDITORIAL_AI_LOG_DIR")
    publish_dir: Path | None = Field(None, alias="EDITORIAL_AI_PUBLISH_DIR")
    # What a published page says about who made it: the publication, and a byline only when a person signs it.
    publication_name: str = Field("Editorial AI", alias="EDITORIAL_AI_PUBLICATION", min_length=1, max_length=80)
    byline_author: str | None = Field(None, alias="EDITORIAL_AI_AUTHOR", max_length=80)
    routing_file: Path | None = Field(None, alias="EDITORIAL_AI_ROUTING_FILE")
    content_type: str = Field("fashion_magazine", alias="EDITORIAL_AI_CONTENT_TYPE")
    max_revisions: int = Field(3, alias="EDITORIAL_AI_MAX_REVISIONS", ge=1, le=10)
    token_budget: int = Field(60_000, alias="EDITORIAL_AI_TOKEN_BUDGET", ge=100)
    tenants_file: Path | None = Field(None, alias="EDITORIAL_AI_TENANTS_FILE")
    targeted_correction: bool = Field(True, alias="EDITORIAL_AI_TARGETED_CORRECTION")
    # Unset: every physical core on a calm machine, one thread while other work holds a core (llm/local.py).
    local_threads: int | None = Field(None, alias="EDITORIAL_AI_LOCAL_THREADS", ge=1)
    # The chat writer asks for the body paragraph by paragraph (measured to read better, docs/benchmarks.md), the
    # same with the lead's looks asked one look at a time ("looks"), or in one answer ("body").
    writer_mode: Literal["paragraphs", "looks", "body"] = Field("paragraphs", alias="EDITORIAL_AI_WRITER_MODE")
    local_n_ctx: int = Field(8192, alias="EDITORIAL_AI_LOCAL_N_CTX", ge=512)
    llm_timeout_s: float = Field(120.0, alias="EDITORIAL_AI_LLM_TIMEOUT", gt=0)
    # Learning switches turned off, comma-separated (LEARNING_SWITCHES, or `all`); unset: every one is on.
    learning_disabled: str | None = Field(None, alias="EDITORIAL_AI_LEARNING_DISABLED", max_length=400)
    # Independent model calls of one step (curation's topics) run at once, at most N per provider: `provider=N`
    # pairs, `*=N` for the others. The embedded model decodes one request at a time, so it gets 1.
    # SQLite checkpoints: `normal` survives any process dying, `full` also a power cut, at ~7 ms per checkpoint
    # (store/sqlite_checkpoints.py).
    checkpoint_sync: Literal["normal", "full"] = Field("normal", alias="EDITORIAL_AI_CHECKPOINT_SYNC")
    llm_concurrency: str = Field("local=1,*=4", alias="EDITORIAL_AI_LLM_CONCURRENCY", max_length=400,
                                 pattern=r"^\s*[a-z*]+\s*=\s*[1-9][0-9]{0,2}\s*(,\s*[a-z*]+\s*=\s*[1-9][0-9]{0,2}\s*)*$")

    # What requests may ask for (API and admin UI; the CLI operator's own --model is not limited).
    # Comma-separated provider:model patterns (`*` matches any model name); unset: the default model + local:*.
    allowed_models: str | None = Field(None, alias="EDITORIAL_AI_ALLOWED_MODELS", max_length=4000)
    # Comma-separated base URLs of OpenAI-compatible servers requests may name (`openai:NAME@URL`).
    allowed_base_urls: str | None = Field(None, alias="EDITORIAL_AI_ALLOWED_BASE_URLS", max_length=4000)
    # Extra directory of scripted scenario files (loaded by name only, never by path).
    scenario_dir: Path | None = Field(None, alias="EDITORIAL_AI_SCENARIO_DIR")
    # Test mode: scripted:* scenarios are allowed and offered in the admin UI.
    test_mode: bool = Field(False, alias="EDITORIAL_AI_TEST_MODE")
    # Admin UI sessions: lifetime of the session cookie and its server-side record.
    session_hours: float = Field(12.0, alias="EDITORIAL_AI_SESSION_HOURS", gt=0, le=24 * 30)
    # Origins (scheme://host[:port]) allowed to POST besides the server's own, e.g. behind a reverse proxy.
    allowed_origins: str | None = Field(None, alias="EDITORIAL_AI_ALLOWED_ORIGINS", max_length=4000)
    # Host names the server answers to (the Host header), checked on every request, dev mode too: a foreign name
    # resolving to this machine (DNS rebinding) is refused. `.example.com` covers subdomains; `*` any host.
    allowed_hosts: str = Field("localhost,127.0.0.1,::1", alias="EDITORIAL_AI_ALLOWED_HOSTS", max_length=4000)
    # Named reviewers' keys (scrypt hashes only); `editorial-ai reviewers add NAME` writes it.
    reviewers_file: Path | None = Field(None, alias="EDITORIAL_AI_REVIEWERS_FILE")
    # Scale-out (docs/scaling.md): a Redis URL makes `serve` enqueue runs for `editorial-ai worker` processes;
    # unset, runs execute in the server's own process. EDITORIAL_AI_BROKER_URL wins over REDIS_URL.
    broker_url: str | None = Field(None, alias="EDITORIAL_AI_BROKER_URL")
    redis_url: str | None = Field(None, alias="REDIS_URL")
    lease_seconds: float = Field(20.0, alias="EDITORIAL_AI_LEASE_SECONDS", ge=2, le=3600)
    worker_concurrency: int = Field(4, alias="EDITORIAL_AI_WORKER_CONCURRENCY", ge=1, le=256)

    # Seed 001 section 10
    google_api_key: SecretStr | None = Field(None, alias="GOOGLE_API_KEY")
    google_cloud_project: str | None = Field(None, alias="GOOGLE_CLOUD_PROJECT")
    google_cloud_location: str = Field("us-central1", alias="GOOGLE_CLOUD_LOCATION")
    google_genai_use_vertexai: bool = Field(False, alias="GOOGLE_GENAI_USE_VERTEXAI")
    gemini_base_url: str | None = Field(None, alias="GOOGLE_GEMINI_BASE_URL")
    supabase_url: str | None = Field(None, alias="SUPABASE_URL")
    supabase_service_role_key: SecretStr | None = Field(None, alias="SUPABASE_SERVICE_ROLE_KEY")
    # sqlite | postgres | supabase; unset: postgres when DATABASE_URL is set, else sqlite (docs/storage.md)
    storage_backend: str | None = Field(None, alias="EDITORIAL_AI_STORAGE",
                                        pattern=r"^(?i:sqlite|postgres|supabase)?$")
    database_schema: str = Field("public", alias="EDITORIAL_AI_DB_SCHEMA", pattern=r"^[a-z_][a-z0-9_]{0,62}$")
    database_url: str | None = Field(None, alias="DATABASE_URL")
    admin_api_key: SecretStr | None = Field(None, alias="ADMIN_API_KEY")
    langsmith_tracing: bool = Field(False, alias="LANGSMITH_TRACING")
    langsmith_api_key: SecretStr | None = Field(None, alias="LANGSMITH_API_KEY")

    # OpenAI-compatible servers (OpenAI, Ollama, vLLM, llama-server)
    openai_api_key: SecretStr | None = Field(None, alias="OPENAI_API_KEY")
    openai_base_url: str | None = Field(None, alias="OPENAI_BASE_URL")
    # Keys for endpoints other than the providers' own, as JSON {"https://host/v1": "key", ...}: OPENAI_API_KEY and
    # GOOGLE_API_KEY go only to api.openai.com and generativelanguage.googleapis.com (llm/endpoint_keys.py).
    endpoint_keys: SecretStr | None = Field(None, alias="EDITORIAL_AI_ENDPOINT_KEYS")

    @field_validator("admin_api_key")
    @classmethod
    def _admin_key_strong_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and 0 < len(value.get_secret_value()) < 12:
            raise ValueError("ADMIN_API_KEY must be at least 12 characters; unset it for local dev mode")
        if value is not None and not value.get_secret_value():
            return None
        return value

    @field_validator("learning_disabled")
    @classmethod
    def _known_learning_switches(cls, value: str | None) -> str | None:
        unknown = [name for name in split_list(value) if name not in (*LEARNING_SWITCHES, "all")]
        if unknown:
            raise ValueError(f"unknown learning switch {', '.join(unknown)}; use any of "
                             f"{', '.join(LEARNING_SWITCHES)} or all")
        return value

    def learning_switches_off(self) -> frozenset[str]:
        """The learning switches an operator turned off (EDITORIAL_AI_LEARNING_DISABLED)."""
        names = split_list(self.learning_disabled)
        return frozenset(LEARNING_SWITCHES if "all" in names else names)

    def model_allowlist(self) -> list[str]:
        """provider:model patterns requests may use (see EDITORIAL_AI_ALLOWED_MODELS)."""
        listed = split_list(self.allowed_models)
        patterns = listed or [self.model, "local:*"]
        if self.test_mode:
            patterns.append("scripted:*")
        return list(dict.fromkeys(patterns))

    def llm_concurrency_for(self, model: str) -> int:
        """How many independent calls to `model`'s provider (`provider:name`) one step may have in flight."""
        limits = dict(item.replace(" ", "").split("=") for item in split_list(self.llm_concurrency))
        provider = model.split(":", 1)[0]
        return int(limits.get(provider) or limits.get("*") or 1)

    def base_url_allowlist(self) -> list[str]:
        """Base URLs of OpenAI-compatible servers requests may name, without trailing slashes."""
        return [url.rstrip("/") for url in split_list(self.allowed_base_urls)]

    def host_allowlist(self) -> list[str]:
        """Host names the server answers to, lower-cased (see EDITORIAL_AI_ALLOWED_HOSTS)."""
        return [host.lower().strip("[]").rstrip(".") for host in split_list(self.allowed_hosts)]

    def origin_allowlist(self) -> list[str]:
        """Extra origins allowed to send unsafe requests, lower-cased, without trailing slashes."""
        return [origin.rstrip("/").lower() for origin in split_list(self.allowed_origins)]

    @property
    def resolved_db_path(self) -> Path:
        """SQLite file holding contents, catalog and review events."""
        return self.db_path or self.data_dir / "editorial.db"

    @property
    def resolved_checkpoint_path(self) -> Path:
        """SQLite file of the LangGraph checkpointer."""
        return self.checkpoint_path or self.data_dir / "checkpoints.db"

    @property
    def resolved_log_dir(self) -> Path:
        """Directory of per-thread JSONL run logs."""
        return self.log_dir or self.data_dir / "logs"

    @property
    def resolved_publish_dir(self) -> Path:
        """Directory where published articles are written as HTML."""
        return self.publish_dir or self.data_dir / "published"

    @property
    def resolved_reviewers_file(self) -> Path:
        """JSON file of named reviewers and their hashed keys."""
        return self.reviewers_file or self.data_dir / "reviewers.json"

    def ensure_dirs(self) -> None:
        """Create the data directories (idempotent)."""
        for path in (
            self.resolved_db_path.parent,
            self.resolved_checkpoint_path.parent,
            self.resolved_log_dir,
            self.resolved_publish_dir,
        ):
            path.mkdir(parents=True, exist_ok=True)

    def require_gemini(self) -> None:
        """Fail fast with the fix when Gemini is chosen without credentials."""
        if self.google_genai_use_vertexai:
            if not self.google_cloud_project:
                raise ConfigError(
                    "GOOGLE_GENAI_USE_VERTEXAI is set but GOOGLE_CLOUD_PROJECT is missing: set it, "
                    f"or run offline with --model {DEFAULT_MODEL}"
                )
        elif self.google_api_key is None and not self.gemini_base_url:  # another endpoint: EDITORIAL_AI_ENDPOINT_KEYS
            raise ConfigError(
                "The gemini provider needs GOOGLE_API_KEY (or GOOGLE_CLOUD_PROJECT with "
                f"GOOGLE_GENAI_USE_VERTEXAI=true); set one, or run offline with --model {DEFAULT_MODEL}"
            )


def split_list(value: str | None) -> list[str]:
    """A comma-separated setting as a list of non-empty, stripped items."""
    return [item.strip() for item in (value or "").split(",") if item.strip()]


def _field(loc: str) -> tuple[str, FieldInfo | None]:
    """(environment variable, field info) of an error location given as field name or alias."""
    for name, info in Settings.model_fields.items():
        if loc in (name, info.alias):
            return (info.alias or name).upper(), info
    return loc.upper(), None


def _valid_range(info: FieldInfo | None) -> str:
    """`a value between 1 and 10`-style text from a field's constraints, or '' when it has none."""
    if info is None:
        return ""
    bounds: dict[str, object] = {}
    for meta in info.metadata:
        for name in ("ge", "gt", "le", "lt", "pattern", "max_length"):
            if getattr(meta, name, None) is not None:
                bounds[name] = getattr(meta, name)
    low = f"at least {bounds['ge']}" if "ge" in bounds else (f"more than {bounds['gt']}" if "gt" in bounds else "")
    high = f"at most {bounds['le']}" if "le" in bounds else (f"less than {bounds['lt']}" if "lt" in bounds else "")
    if "ge" in bounds and "le" in bounds:
        return f"a value between {bounds['ge']} and {bounds['le']}"
    if "pattern" in bounds:
        return f"a value matching {bounds['pattern']}"
    if "max_length" in bounds:
        return f"at most {bounds['max_length']} characters"
    return " and ".join(part for part in (low, high) if part)


def settings_error_message(exc: ValidationError) -> str:
    """One line per invalid setting: the variable, the value given and the valid range (no pydantic dump)."""
    lines = []
    for err in exc.errors():
        variable, info = _field(str(err["loc"][0]) if err.get("loc") else "settings")
        given = err.get("input")
        # Never echo a secret or a URL (it may carry a password) back to the terminal or a log.
        secret = (info is not None and "SecretStr" in str(info.annotation)) or any(
            word in variable for word in ("URL", "KEY"))
        shown = "" if secret or isinstance(given, dict) or given is None else f"={str(given)[:60]}"
        wanted = _valid_range(info)
        reason = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        fix = f"; set it to {wanted}" if wanted else ""
        default = "" if "unset" in reason else ", or unset it to use the default"
        lines.append(f"invalid setting {variable}{shown}: {reason}{fix}{default}")
    return "\n".join(lines)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Process-wide settings (cached; tests call `get_settings.cache_clear()`).

    Invalid environment values raise ConfigError with one line per variable and its valid range.
    """
    try:
        return Settings()
    except ValidationError as exc:
        raise ConfigError(settings_error_message(exc)) from None
