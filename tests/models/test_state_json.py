"""Each JSON shape the state carries names exactly the keys of the model (or record) it is dumped from."""

from __future__ import annotations

from typing import get_type_hints

import pytest
from pydantic import BaseModel

from editorial_ai.llm.base import TokenUsage
from editorial_ai.models.catalog import CatalogPost, Product
from editorial_ai.models.curation import BrandRef, CelebRef, CuratedTopic
from editorial_ai.models.state_json import CuratedTopicJson, ProductJson, RefJson, SourcePostJson, TokenUsageJson


@pytest.mark.parametrize(("shape", "model"), [(RefJson, CelebRef), (RefJson, BrandRef),
                                              (CuratedTopicJson, CuratedTopic), (ProductJson, Product)])
def test_a_dumped_model_has_the_keys_of_its_shape(shape: type, model: type[BaseModel]) -> None:
    assert set(get_type_hints(shape)) == set(model.model_fields)


def test_a_source_post_is_a_catalog_post_with_its_date_and_products() -> None:
    post_keys = set(CatalogPost.model_fields) - {"id", "status"}
    assert set(get_type_hints(SourcePostJson)) == post_keys | {"post_id", "date", "solutions"}


def test_a_usage_record_is_a_token_usage_with_its_purpose_and_node() -> None:
    assert set(get_type_hints(TokenUsageJson)) == set(TokenUsage.model_fields) | {"purpose", "node"}
