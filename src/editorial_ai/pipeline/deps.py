"""Runtime dependencies the nodes close over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from editorial_ai.config import Settings
from editorial_ai.llm.base import LLMClient
from editorial_ai.llm.registry import get_client
from editorial_ai.llm.routing import ModelRouter, get_model_router
from editorial_ai.observability.node_wrapper import ProgressHook
from editorial_ai.observability.run_log import RunLog
from editorial_ai.observability.tokens import current_thread_id
from editorial_ai.store.catalog import CatalogRepository
from editorial_ai.store.contents import ContentRepository


@dataclass
class PipelineDeps:
    """Settings, stores, the run log and how to get an LLM client for a model string."""

    settings: Settings
    catalog: CatalogRepository
    contents: ContentRepository
    run_log: RunLog
    llm_factory: Callable[[str], LLMClient] | None = None
    progress: ProgressHook | None = None
    router: ModelRouter = field(default_factory=get_model_router)

    def llm(self, task: str, base_model: str, revision_count: int = 0) -> LLMClient:
        """The client for a task, after routing (upgrade at revision >= N)."""
        decision = self.router.resolve(task, base_model, revision_count)
        if self.llm_factory is not None:
            return self.llm_factory(decision.model)
        return get_client(decision.model, self.settings, scope=current_thread_id.get())
