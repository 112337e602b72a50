"""Tidying a chat model's answers and matching findings and editors' requests to paragraphs."""

from __future__ import annotations

from editorial_ai.services.chat_text import (
    clean_paragraph,
    editor_requests_not_followed,
    findings_for,
    fit_paragraph,
    one_line,
    pull_quote_candidates,
)


def test_clean_paragraph_removes_labels_markdown_and_wrapping_quotes() -> None:
    raw = '**Paragraph 2:**\n"Jennie wore the Chanel Tweed Jacket.\nShe left it open."'
    assert clean_paragraph(raw) == "Jennie wore the Chanel Tweed Jacket. She left it open."
    listed = ("Why the Jennie Effect spreads:\n1. Cultural relevance: The bag fits the moment.\n"
              "2. Ease: Denim is easy to find.\nThe Pop-Up Event\nAt the pop-up, fans queued.")
    assert clean_paragraph(listed) == "The bag fits the moment. Denim is easy to find. At the pop-up, fans queued."


def test_fit_paragraph_drops_a_sentence_cut_by_the_token_cap_and_keeps_the_limit() -> None:
    assert fit_paragraph("One full sentence here. Another one that was cut") == "One full sentence here."
    long = " ".join(f"Sentence number {i} is here." for i in range(100))
    fitted = fit_paragraph(long, limit=120)
    assert len(fitted) <= 120 and fitted.endswith(".")


def test_one_line_takes_the_first_line_without_quotes() -> None:
    assert one_line('"The Jennie Effect: Chanel at the Airport"\nExtra', 120) == "The Jennie Effect: Chanel at the Airport"
    assert one_line("Headline: Quiet luxury returns.", 120) == "Quiet luxury returns"


def test_pull_quote_candidates_never_offer_a_date_sentence() -> None:
    body = ["Jennie arrived on 5 April in a cropped jacket and loose denim trousers.",
            "The Jennie Effect turns one plain bag into the thing every fan hunts for next.",
            "It sold out in 2024 after a single photograph went round the fan pages."]
    candidates = pull_quote_candidates(body, ["jennie"])
    assert candidates == ["The Jennie Effect turns one plain bag into the thing every fan hunts for next"]


def test_findings_for_picks_evidence_that_quotes_this_paragraph() -> None:
    entry = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "reason": "Not in the sources: Gucci.",
         "evidence": ['body_paragraphs[1]: "She carried a Gucci bag."']},
        {"criterion": "specificity", "reason": "Generic filler.",
         "evidence": ['paragraph 3: "It is a testament to style." (names nothing from the sources)']}]}
    second = findings_for(entry, "Jennie smiled. She carried a Gucci bag.", 1)
    assert len(second) == 1 and second[0].startswith("hallucination: Not in the sources: Gucci.")
    third = findings_for(entry, "It is a testament to style.", 2)
    assert len(third) == 1 and third[0].startswith("specificity")
    assert findings_for(entry, "Nothing related.", 0) == []


def test_an_editor_request_the_rewrite_ignored_is_reported() -> None:
    history = [{"source": "admin", "failed_criteria": [
        {"criterion": "editor", "reason": "Drop the Cha Eun-woo post and lead with Jennie."}]}]
    ignored = editor_requests_not_followed(history, ["Cha Eun-woo posted the look first.", "Jennie wore it."])
    assert any('drop "Cha Eun-woo"' in line for line in ignored)
    assert any('lead with "Jennie"' in line for line in ignored)
    assert editor_requests_not_followed(history, ["Jennie wore it first.", "Then Lisa."]) == []
