"""Sentence-anchored comments: an editor marks sentences and says what to change; the revision receives each with
its sentence, and the next draft shows per comment whether it was followed."""

from __future__ import annotations

import re

import httpx

from editorial_ai.api.view_comments import sentences_of
from editorial_ai.api.views import layout_text

from .helpers import assert_error, post_form, run_to_gate, wait_until_stopped


async def _body_sentences(client: httpx.AsyncClient, content_id: str) -> list[str]:
    layout = (await client.get(f"/api/contents/{content_id}")).json()["layout"]
    return [s for s in sentences_of(layout_text(layout)) if not s.startswith(("#", "["))]


async def test_comments_reach_the_revision_and_the_next_draft_says_which_were_followed(
        client: httpx.AsyncClient) -> None:
    gate = await run_to_gate(client)
    content_id = gate["content_id"]
    sentences = await _body_sentences(client, content_id)
    rewritten = next(s for s in sentences if "empty shelves" in s)  # the scripted revision rewrites this one
    kept = next(s for s in sentences if s.startswith("Jennie set the tone"))  # and keeps this one
    response = await client.post(f"/api/contents/{content_id}/revise", json={"comments": [
        {"sentence": rewritten, "comment": "Say which shop ran out, or cut the claim."},
        {"sentence": kept, "comment": "Name the campaign's year."}]})
    assert response.status_code == 202, response.text
    await wait_until_stopped(client, gate["thread_id"])
    event = (await client.get(f"/api/contents/{content_id}")).json()["events"][0]
    assert [c["sentence"] for c in event["payload"]["comments"]] == [rewritten, kept]
    page = (await client.get(f"/admin/contents/{content_id}")).text
    block = re.search(r'id="comments-2">(.*?)</ul>', page, re.S)
    assert block is not None, "no comment outcomes on attempt 2"
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", block.group(1)))
    assert "1 of 2 followed" in text
    assert re.search(r"followed The Jennie Effect describes.{0,200}empty shelves.*?Say which shop ran out", text)
    assert re.search(r"not followed Jennie set the tone.*?still there, word for word", text)
    # The writer received each comment with its sentence (the editor's finding on attempt 1).
    assert "On the sentence “Jennie set the tone" in page


async def test_a_comment_needs_its_sentence_in_the_draft_and_words_to_change(client: httpx.AsyncClient) -> None:
    content_id = (await run_to_gate(client))["content_id"]
    sentence = (await _body_sentences(client, content_id))[0]
    half = await post_form(client, f"/admin/contents/{content_id}/revise", {"comment_sentence_1": sentence})
    assert half.status_code == 422 and "give both the sentence and what to change" in half.text
    stray = await post_form(client, f"/admin/contents/{content_id}/revise",
                            {"comment_sentence_1": "Lisa wore Dior.", "comment_text_1": "cut"})
    assert stray.status_code == 422 and "not in the draft" in stray.text
    empty = await client.post(f"/api/contents/{content_id}/revise", json={"comments": [{"sentence": sentence,
                                                                                          "comment": " "}]})
    assert_error(empty, 422)
    ok = await post_form(client, f"/admin/contents/{content_id}/revise",
                         {"comment_sentence_1": sentence, "comment_text_1": "Shorter, please."})
    assert ok.status_code == 303
