"""Curation output (seed 001 section 3.1)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, field_validator


class CelebRef(BaseModel):
    """A celebrity tied to a trend."""

    name: str = Field(min_length=1, max_length=80)
    relevance: str = Field("", max_length=200)


class BrandRef(BaseModel):
    """A brand or product tied to a trend."""

    name: str = Field(min_length=1, max_length=80)
    relevance: str = Field("", max_length=200)


class CuratedTopic(BaseModel):
    """A researched trend topic the article is built on."""

    keyword: str = Field(min_length=1, max_length=120)
    trend_background: str = Field("", max_length=2000)
    related_keywords: list[str] = Field(default_factory=list, max_length=10)
    celebrities: list[CelebRef] = Field(default_factory=list, max_length=10)
    brands_products: list[BrandRef] = Field(default_factory=list, max_length=15)
    seasonality: str | None = None
    sources: list[str] = Field(default_factory=list)
    relevance_score: float = Field(0.5, ge=0.0, le=1.0)
    low_quality: bool = False


class TopicWriteup(BaseModel):
    """What the LLM writes for one topic; the facts come from research, not from the model."""

    trend_background: str = Field(max_length=600)
    related_keywords: list[str] = Field(default_factory=list, min_length=1, max_length=4)
    seasonality: str = Field("", max_length=60)
    relevance_score: float = Field(0.5, ge=0.0, le=1.0)

    @field_validator("related_keywords", mode="before")
    @classmethod
    def _first_four(cls, value: Any) -> Any:
        """The first four: a server that takes JSON mode without the schema (llama-cpp-python's `json_object`)
        lets a model list six, and six related keywords are no reason to fail a run."""
        return value[:4] if isinstance(value, list) else value
