"""The exam item flow's own state: the request, the review cycle and the loop's bookkeeping (seed 002)."""

from __future__ import annotations

from typing import Any

from editorial_ai.models.status import FinalStatus
from editorial_ai.pipeline.state import GateState, Node


class ExamState(GateState, total=False):
    """The gate state plus the exam request, the review cycle (1 + corrections), the last validation and
    correction, and seed 002's final status."""

    exam_request: dict[str, Any] | None
    current_review_cycle: int
    exam_validation: dict[str, Any] | None
    exam_correction: dict[str, Any] | None
    final_status: FinalStatus


ExamNode = Node[ExamState]
