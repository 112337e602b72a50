"""What a content type package imports to declare itself: the contract, re-exported from the pipeline.

The contract lives in pipeline/content_type.py so that the pipeline never imports this package (content types
are plug-ins above it); a type's package imports it from here or from there.
"""

from editorial_ai.pipeline.content_type import GATE_NODE, ContentType, EvaluationMode, Flow, NodeMaker, StoredReview

__all__ = ["GATE_NODE", "ContentType", "EvaluationMode", "Flow", "NodeMaker", "StoredReview"]
