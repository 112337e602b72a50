"""Each JSON shape the state carries names exactly the keys of the model (or record) it is dumped from."""

from __future__ import annotations

from dataclasses import fields
from typing import get_type_hints

import pytest
from pydantic import BaseModel

from editorial_ai.content_types.exam_item.service import CorrectionPlan
from editorial_ai.llm.base import TokenUsage
from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.models.curation import BrandRef, CelebRef, CuratedTopic
from editorial_ai.models.review import CriterionResult, FeedbackEntry, ReviewResult
from editorial_ai.models.state_json import (
    CorrectionPlanJson,
    CriterionJson,
    CuratedTopicJson,
    FeedbackJson,
    ProductJson,
    RefJson,
    ReviewJson,
    RunInputJson,
    SourcePostJson,
    TokenUsageJson,
    json_list,
)
from editorial_ai.worker.run_request import RunRequest


@pytest.mark.parametrize(("shape", "model"), [(RefJson, CelebRef), (RefJson, BrandRef),
                                              (CuratedTopicJson, CuratedTopic), (CriterionJson, CriterionResult),
                                              (ReviewJson, ReviewResult), (FeedbackJson, FeedbackEntry)])
def test_a_dumped_model_has_the_keys_of_its_shape(shape: type, model: type[BaseModel]) -> None:
    assert set(get_type_hints(shape)) == set(model.model_fields)


def test_a_product_is_a_catalog_product_or_an_older_checkpoint_s_priced_one() -> None:
    assert set(get_type_hints(ProductJson)) == set(Product.model_fields) | {"price_krw"}


def test_a_run_input_is_a_run_request_without_its_content_type_or_a_python_run_s_subject() -> None:
    request_keys = set(RunRequest.model_fields) - {"content_type"}
    assert set(get_type_hints(RunInputJson)) == request_keys | {"topic", "description", "product_id"}


def test_a_source_post_is_a_catalog_post_with_its_date_and_products() -> None:
    post_keys = set(CatalogPost.model_fields) - {"id", "status"}
    assert set(get_type_hints(SourcePostJson)) == post_keys | {"post_id", "date", "solutions"}


def test_a_usage_record_is_a_token_usage_with_its_purpose_and_node() -> None:
    assert set(get_type_hints(TokenUsageJson)) == set(TokenUsage.model_fields) | {"purpose", "node"}


def test_a_correction_plan_has_the_keys_of_its_shape() -> None:
    assert set(get_type_hints(CorrectionPlanJson)) == {f.name for f in fields(CorrectionPlan)}


def test_a_free_form_value_is_read_as_a_list_only_when_it_is_one() -> None:
    assert json_list(["a", 1]) == ["a", 1]
    assert json_list("a") == []
    assert json_list(None) == []
