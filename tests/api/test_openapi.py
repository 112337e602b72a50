"""The OpenAPI document lists every API route with its request and response schemas."""

from __future__ import annotations

from typing import Any

import httpx

EXPECTED = {
    ("post", "/api/pipeline/trigger"): ("202", "TriggerResponse", "TriggerRequest"),
    ("get", "/api/pipeline/status/{thread_id}"): ("200", "PipelineStatusResponse", None),
    ("get", "/api/pipeline/events/{thread_id}"): ("200", "NodeEvent", None),
    ("get", "/api/contents/"): ("200", "ContentListResponse", None),
    ("get", "/api/contents/{content_id}"): ("200", "ContentDetail", None),
    ("post", "/api/contents/{content_id}/approve"): ("200", "StepResponse", "ApproveRequest"),
    ("post", "/api/contents/{content_id}/publish"): ("200", "StepResponse", "PublishRequest"),
    ("post", "/api/contents/{content_id}/unpublish"): ("200", "StepResponse", "UnpublishRequest"),
    ("post", "/api/contents/{content_id}/revert"): ("200", "StepResponse", "RevertRequest"),
    ("post", "/api/contents/{content_id}/unschedule"): ("200", "StepResponse", "RevertRequest"),
    ("post", "/api/contents/{content_id}/reject"): ("200", "DecisionResponse", "RejectRequest"),
    ("post", "/api/contents/{content_id}/revise"): ("202", "DecisionAccepted", "ReviseRequest"),
    ("get", "/api/contents/{content_id}/logs"): ("200", "LogsResponse", None),
    ("get", "/health"): ("200", "HealthResponse", None),
    ("get", "/api/runs/"): ("200", "RunListResponse", None),
    ("get", "/api/runs/{thread_id}"): ("200", "RunDetail", None),
    ("post", "/api/runs/{thread_id}/retry"): ("202", "RunSummary", None),
}


def _refs(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].rsplit("/", 1)[-1]} if "$ref" in node else set()
        return found.union(*(_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


async def test_openapi_lists_every_route_with_schemas(client: httpx.AsyncClient) -> None:
    doc = (await client.get("/openapi.json")).json()
    listed = {(method, path) for path, ops in doc["paths"].items() for method in ops}
    assert listed == set(EXPECTED)  # and no UI route
    schemas = doc["components"]["schemas"]
    for (method, path), (code, response_model, request_model) in EXPECTED.items():
        operation = doc["paths"][path][method]
        assert operation.get("summary") and operation.get("description"), (method, path)
        assert response_model in _refs(operation["responses"][code]), (method, path)
        if request_model:
            assert request_model in _refs(operation["requestBody"]), (method, path)
        if path.startswith("/api/"):
            assert operation["security"] == [{"APIKeyHeader": []}]
            assert "ErrorResponse" in _refs(operation["responses"]["401"])
            assert "ValidationErrorResponse" in _refs(operation["responses"]["422"])
        if "{content_id}" in path or "{thread_id}" in path:
            assert "ErrorResponse" in _refs(operation["responses"]["404"])
    for path in ("/api/contents/{content_id}/approve", "/api/contents/{content_id}/reject",
                 "/api/contents/{content_id}/revise", "/api/contents/{content_id}/publish",
                 "/api/contents/{content_id}/unpublish", "/api/contents/{content_id}/revert"):
        assert "409" in doc["paths"][path]["post"]["responses"]
    assert doc["components"]["securitySchemes"]["APIKeyHeader"]["name"] == "X-API-Key"
    assert "reason" in schemas["RejectRequest"]["required"]
    assert set(schemas["ReviewForm"]["properties"]) >= {"information_present", "missing_spec", "bad_format",
                                                         "wrong_information", "wrong_physical_dimensions", "notes"}
    events = doc["paths"]["/api/pipeline/events/{thread_id}"]["get"]["responses"]["200"]["content"]
    assert list(events) == ["text/event-stream"]


async def test_docs_page_is_served(client: httpx.AsyncClient) -> None:
    response = await client.get("/docs")
    assert response.status_code == 200 and "openapi.json" in response.text
