"""What the model writes for a topic: a list longer than the schema allows is cut, not a failed run."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from editorial_ai.models.curation import TopicWriteup


def test_six_related_keywords_keep_the_first_four() -> None:
    writeup = TopicWriteup.model_validate({"trend_background": "Quiet luxury is neutral tailoring.",
                                           "related_keywords": ["a", "b", "c", "d", "e", "f"]})
    assert writeup.related_keywords == ["a", "b", "c", "d"]


def test_no_related_keyword_is_still_refused() -> None:
    with pytest.raises(ValidationError):
        TopicWriteup.model_validate({"trend_background": "Quiet luxury.", "related_keywords": []})
