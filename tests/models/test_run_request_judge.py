"""A run may name its judge model and its revision cap; both reach the pipeline."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from editorial_ai.config import Settings
from editorial_ai.pipeline.nodes._common import judge_model, max_revisions
from editorial_ai.worker.run_request import RunRequest


def test_judge_model_and_max_revisions_are_validated_and_passed_on(tmp_path) -> None:
    settings = Settings(data_dir=tmp_path, model="scripted:happy")
    request = RunRequest(seed_keyword="Jennie Effect", judge_model="scripted:good", max_revisions=2)
    state = {"curation_input": request.resolved(settings, enforce_allowlist=False).curation_input()}
    assert judge_model(state, settings) == "scripted:good" and max_revisions(state, settings) == 2
    plain = {"curation_input": RunRequest(seed_keyword="x").resolved(settings, enforce_allowlist=False)
             .curation_input()}
    assert judge_model(plain, settings) == "scripted:happy" and max_revisions(plain, settings) == settings.max_revisions
    with pytest.raises(ValidationError, match="max_revisions"):
        RunRequest(seed_keyword="x", max_revisions=0)
    with pytest.raises(ValidationError, match="judge_model"):
        RunRequest(seed_keyword="x", judge_model="nosuch:model")
