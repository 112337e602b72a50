"""The contents store's records read one way whatever the backend gave: text, None, JSON text or documents, times."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from pydantic import ValidationError

from editorial_ai.models.content_record import ContentRecord, DecisionEvent


def test_a_none_text_column_reads_as_empty_text_or_stays_none_where_none_means_something() -> None:
    record = ContentRecord.model_validate({
        "id": "c-1", "thread_id": None, "status": None, "title": None, "keyword": None, "content_type": None,
        "review_summary": None, "layout_json": None, "review_json": None, "flags": None, "attempt": None,
        "version": None, "admin_feedback": None, "rejection_reason": None, "published_path": None,
        "created_at": None, "updated_at": None, "published_at": None, "claim_token": None, "claim_event_id": None,
    })  # fmt: skip
    assert (record.thread_id, record.status, record.title, record.keyword, record.content_type,
            record.review_summary, record.created_at, record.updated_at) == ("",) * 8  # fmt: skip
    assert (record.layout_json, record.review_json, record.flags, record.attempt, record.version) == ({}, {}, [], 0, 0)
    # No feedback, no publication, no claim: None, not "" (an empty reason would be a reason given).
    assert (record.admin_feedback, record.rejection_reason, record.published_path, record.published_at,
            record.claim_token, record.claim_event_id) == (None,) * 6  # fmt: skip


def test_json_text_and_json_documents_read_the_same() -> None:
    as_text = ContentRecord.model_validate({"id": "c", "layout_json": '{"title": "T"}', "review_json": "",
                                            "flags": '["judge_skipped"]'})  # fmt: skip
    as_document = ContentRecord.model_validate({"id": "c", "layout_json": {"title": "T"}, "review_json": {},
                                                "flags": ["judge_skipped"]})  # fmt: skip
    assert as_text == as_document
    assert DecisionEvent.model_validate({"id": 1, "payload": '{"note": "ok"}'}).payload == {"note": "ok"}
    assert DecisionEvent.model_validate({"id": 1, "payload": None}).payload == {}


def test_a_datetime_reads_as_the_iso_text_sqlite_stores() -> None:
    moment = datetime(2026, 3, 1, 21, 30, 0, 123456, tzinfo=timezone(timedelta(hours=9)))
    record = ContentRecord.model_validate({"id": "c", "created_at": moment, "updated_at": moment.isoformat(),
                                           "published_at": moment})  # fmt: skip
    assert record.created_at == record.published_at == "2026-03-01T12:30:00.123456+00:00"
    assert record.updated_at == moment.isoformat()  # text is kept as stored
    event = DecisionEvent.model_validate({"id": 3, "created_at": moment.astimezone(UTC)})
    assert event.created_at == "2026-03-01T12:30:00.123456+00:00"


def test_records_are_frozen_and_need_their_id() -> None:
    record = ContentRecord(id="c")
    with pytest.raises(ValidationError):
        record.title = "changed"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        ContentRecord.model_validate({"title": "no id"})
