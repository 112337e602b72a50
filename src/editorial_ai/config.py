"""The one settings class: the only place environment variables are read."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_MODEL = "local:gemma-3-270m"


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
    routing_file: Path | None = Field(None, alias="EDITORIAL_AI_ROUTING_FILE")
    content_type: str = Field("fashion_magazine", alias="EDITORIAL_AI_CONTENT_TYPE")
    max_revisions: int = Field(3, alias="EDITORIAL_AI_MAX_REVISIONS", ge=1, le=10)
    token_budget: int = Field(60_000, alias="EDITORIAL_AI_TOKEN_BUDGET", ge=100)
    tenants_file: Path | None = Field(None, alias="EDITORIAL_AI_TENANTS_FILE")
    targeted_correction: bool = Field(True, alias="EDITORIAL_AI_TARGETED_CORRECTION")
    local_threads: int = Field(2, alias="EDITORIAL_AI_LOCAL_THREADS", ge=1)
    local_n_ctx: int = Field(4096, alias="EDITORIAL_AI_LOCAL_N_CTX", ge=512)
    llm_timeout_s: float = Field(120.0, alias="EDITORIAL_AI_LLM_TIMEOUT", gt=0)

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

    @field_validator("admin_api_key")
    @classmethod
    def _admin_key_strong_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and 0 < len(value.get_secret_value()) < 12:
            raise ValueError("ADMIN_API_KEY must be at least 12 characters; unset it for local dev mode")
        if value is not None and not value.get_secret_value():
            return None
        return value

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
        elif self.google_api_key is None:
            raise ConfigError(
                "The gemini provider needs GOOGLE_API_KEY (or GOOGLE_CLOUD_PROJECT with "
                f"GOOGLE_GENAI_USE_VERTEXAI=true); set one, or run offline with --model {DEFAULT_MODEL}"
            )


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """Process-wide settings (cached; tests call `get_settings.cache_clear()`)."""
    return Settings()
