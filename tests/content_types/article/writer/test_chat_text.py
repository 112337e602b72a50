"""Tidying a chat model's answers and matching findings and editors' requests to paragraphs."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.chat_text import (
    clean_paragraph,
    cut_phrases,
    editor_requests_not_followed,
    findings_for,
    fit_paragraph,
    mend_sentences,
    named_opening,
    offending_terms,
    one_line,
    paragraph_level,
    pull_quote_candidates,
    sentence_findings,
    still_holds,
    strip_meta,
)


def test_clean_paragraph_removes_labels_markdown_and_wrapping_quotes() -> None:
    raw = '**Paragraph 2:**\n"Jennie wore the Chanel Tweed Jacket.\nShe left it open."'
    assert clean_paragraph(raw) == "Jennie wore the Chanel Tweed Jacket. She left it open."
    listed = ("Why the Jennie Effect spreads:\n1. Cultural relevance: The bag fits the moment.\n"
              "2. Ease: Denim is easy to find.\nThe Pop-Up Event\nAt the pop-up, fans queued.")
    assert clean_paragraph(listed) == "The bag fits the moment. Denim is easy to find. At the pop-up, fans queued."
    # The model's reply to the request is not prose of the article.
    assert clean_paragraph("Certainly! This pair came out in a brand campaign.") == (
        "This pair came out in a brand campaign.")
    assert clean_paragraph("Sure, here is the revised paragraph: Hanni wore the pumps.") == "Hanni wore the pumps."
    # A bullet inside the paragraph's one line goes too; a dash inside a sentence stays.
    assert clean_paragraph("Jennie wore the Chanel 22 Bag. - The combination is calm.") == (
        "Jennie wore the Chanel 22 Bag. The combination is calm.")
    assert clean_paragraph("Jennie wore the bag - and the flats.") == "Jennie wore the bag - and the flats."
    assert clean_paragraph("Surely the pumps were the point.") == "Surely the pumps were the point."


def test_clean_paragraph_removes_a_heading_run_into_the_first_sentence() -> None:
    raw = "A Pop-Up Store Event and Street Style Look The trend tag is bags. Jennie wore the shorts."
    assert clean_paragraph(raw) == "The trend tag is bags. Jennie wore the shorts."
    dated = "A Pop-Up Store Event and Street Style In February 2025, Jennie wore the bag."
    assert clean_paragraph(dated) == "In February 2025, Jennie wore the bag."
    # Names and dates opening a real sentence stay.
    for prose in ("On 5 August 2025 Jennie wore the Calvin Klein shorts. The denim was burgundy.",
                  "The Chanel 22 Bag in olive leather is the piece. It went everywhere.",
                  "Jennie and Lisa wore the bags in street style.", "The Row Margaux Bag is burgundy leather.",
                  "In February 2025, Jennie wore the bag.", "Miu Miu Logo Ballet Flats in grey leather came next."):
        assert clean_paragraph(prose) == prose


def test_fit_paragraph_drops_a_sentence_cut_by_the_token_cap_and_keeps_the_limit() -> None:
    assert fit_paragraph("One full sentence here. Another one that was cut") == "One full sentence here."
    long = " ".join(f"Sentence number {i} is here." for i in range(100))
    fitted = fit_paragraph(long, limit=120)
    assert len(fitted) <= 120 and fitted.endswith(".")


def test_one_line_takes_the_first_line_without_quotes() -> None:
    headline = "The Jennie Effect: Chanel at the Airport"
    assert one_line(f'"{headline}"\nExtra', 120) == headline
    assert one_line("Headline: Quiet luxury returns.", 120) == "Quiet luxury returns"


def test_pull_quote_candidates_never_offer_a_date_sentence() -> None:
    body = ["Jennie arrived on 5 April in a cropped jacket and loose denim trousers.",
            "The Jennie Effect turns one plain bag into the thing every fan hunts for next.",
            "It sold out in 2024 after a single photograph went round the fan pages."]
    candidates = pull_quote_candidates(body, ["jennie"])
    assert candidates == ["The Jennie Effect turns one plain bag into the thing every fan hunts for next"]


def test_pull_quote_candidates_skip_filler_openings_and_lines_the_writer_rejects() -> None:
    body = ["In the world of fashion, Hanni wore a unique look at various occasions.",
            "Coquette is a preppy trend that has gained popularity among fashion lovers everywhere.",
            "The olive wool of the jacket softens the hard lines of Hanni's ivory bag."]
    candidates = pull_quote_candidates(body, ["hanni"], unfit=lambda line: "popularity" in line)
    assert candidates == ["The olive wool of the jacket softens the hard lines of Hanni's ivory bag"]


def test_pull_quote_candidates_skip_calls_to_the_reader_and_lines_relating_lists_respectively() -> None:
    body = ["Gorpcore puts trail pieces into city looks.",
            "Don't forget to check out the Maison Kitsuné cap and Dior Lady Dior Bag for the Jacquemus Le Chiquito "
            "Bag and the Maison Margiela boots, respectively!",
            "Check out the Milan Fashion Week front row for the silver Marithé François Girbaud hoodie.",
            "The cap and the bag went with the sweatshirt and the belt respectively in two campaign looks.",
            "Jackson Wang's silver Marithé François Girbaud hoodie softened a front-row look."]
    assert pull_quote_candidates(body, ["gorpcore"]) == ["Jackson Wang's silver Marithé François Girbaud hoodie "
                                                         "softened a front-row look"]


def test_pull_quote_candidates_skip_lines_that_need_the_sentence_before_them() -> None:
    body = ["The bag is beige. It adds a touch of coquette to a whole look in street style!",
            "They add a quiet utility element to the look of the season.",
            "From streetwear and pop-up events to brand campaigns and luxury bags inspiring readers to try.",
            "Hanni's black leather Loewe Toy Pumps ground the softest ballet look."]
    assert pull_quote_candidates(body, ["balletcore"]) == ["Hanni's black leather Loewe Toy Pumps ground the softest "
                                                           "ballet look"]


def test_findings_for_gives_the_problems_located_in_this_paragraph_without_the_bad_sentence() -> None:
    entry = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "reason": "Not in the sources: Seoul.",
         "evidence": ['body_paragraphs[1]: "The "Jennie Effect" spread beyond Seoul." — not in the sources: Seoul']},
        {"criterion": "fact_accuracy", "reason": "2 claims lack support.",
         "evidence": ['body_paragraphs[1]: "Cha wore the bag." — no source post ties Cha Eun-woo to Chanel 22 Bag',
                      'body_paragraphs[3]: "Jennie at the front row." — the sources do not place Jennie there']},
        {"criterion": "specificity", "reason": "Generic filler: only 40% of body sentences carry a sourced detail.",
         "evidence": ['paragraph 3: "It is a testament to style." (names nothing from the sources)']}]}
    second = findings_for(entry, "", 1)
    assert second == ["hallucination: not in the sources: Seoul",
                      "fact_accuracy: no source post ties Cha Eun-woo to Chanel 22 Bag"]
    assert not any("spread beyond" in f for f in second)  # the bad sentence itself is never handed back
    third = findings_for(entry, "", 2)
    assert third == ["specificity: Generic filler: only 40% of body sentences carry a sourced detail."]
    assert findings_for(entry, "", 0) == []


def test_an_editor_request_the_rewrite_ignored_is_reported() -> None:
    history = [{"source": "admin", "failed_criteria": [
        {"criterion": "editor", "reason": "Drop the Cha Eun-woo post and lead with Jennie."}]}]
    ignored = editor_requests_not_followed(history, ["Cha Eun-woo posted the look first.", "Jennie wore it."])
    assert any('drop "Cha Eun-woo"' in line for line in ignored)
    assert any('lead with "Jennie"' in line for line in ignored)
    assert editor_requests_not_followed(history, ["Jennie wore it first.", "Then Lisa."]) == []


def test_one_line_skips_a_label_line_and_keeps_a_short_headline() -> None:
    assert one_line("Standfirst:\nJennie turns two bags into a season.", 200) == "Jennie turns two bags into a season"
    assert one_line("Jennie Effect: Two Bags, One Season", 120) == "Jennie Effect: Two Bags, One Season"


def test_sentence_findings_locate_quoted_claims_and_later_repeats() -> None:
    paragraph = ('Jennie wore the Alaïa Le Coeur Bag in Seoul, South Korea on 23 October 2025. '
                 'The piece was part of a collection featuring both bags.')
    entry = {"source": "review", "failed_criteria": [
        {"criterion": "hallucination", "evidence": [
            'body_paragraphs[3]: "Jennie wore the Alaïa Le Coeur Bag in Seoul, South Korea on…" — not in the sources: '
            'Seoul, South Korea',
            'body_paragraphs[1]: "Something else entirely." — not in the sources: Gucci']},
        {"criterion": "repetition", "evidence": [
            '"The piece was part of a collection featuring both bags." — appears more than once']}]}
    found = sentence_findings(entry, paragraph, 3)
    assert [s for s, _ in found] == ["Jennie wore the Alaïa Le Coeur Bag in Seoul, South Korea on 23 October 2025.",
                                     "The piece was part of a collection featuring both bags."]
    assert found[0][1] == ["not in the sources: Seoul, South Korea"]
    assert "repeats a sentence" in found[1][1][0]
    assert sentence_findings(entry, "Nothing quoted here.", 3) == []


def test_filler_and_editor_notes_ask_for_the_whole_paragraph() -> None:
    filler = {"failed_criteria": [{"criterion": "specificity", "evidence": ['paragraph 2: "It is a testament."']}]}
    assert paragraph_level(filler, 1) and not paragraph_level(filler, 0)
    assert paragraph_level({"source": "admin", "failed_criteria": []}, 0)


def test_a_wrapped_answer_is_unwrapped_and_flagged_names_are_tracked() -> None:
    wrapped = 'The corrected sentence should read: "Jennie wore it in Seongsu."'
    assert strip_meta(wrapped) == "Jennie wore it in Seongsu."
    assert strip_meta("Jennie wore it in Seongsu.") == "Jennie wore it in Seongsu."
    groups = offending_terms(["not in the sources: Seoul, South Korea", "Korean not in any source",
                              "no source post ties Cha Eun-woo to Jacquemus Le Chiquito Bag; no source post ties x"])
    assert ("Seoul",) in groups and ("South Korea",) in groups and ("Korean",) in groups
    assert ("Cha Eun-woo", "Jacquemus Le Chiquito Bag") in groups
    assert still_holds("Cha Eun-woo carried the Jacquemus Le Chiquito Bag.", groups) == [
        "Cha Eun-woo + Jacquemus Le Chiquito Bag"]
    assert still_holds("Cha Eun-woo wore denim in Seongsu.", groups) == []


def test_misplaced_looks_and_wrong_materials_are_tracked_word_by_word() -> None:
    groups = offending_terms(["the sources do not place Jennie / BLACKPINK with these pieces at pop up; the sources "
                              "do not place Jennie with these pieces at seongsu",
                              "the sources do not describe the Chanel Ballet Flats as olive"])
    assert ("Jennie", "pop up") in groups and ("Jennie", "seongsu") in groups and ("olive",) in groups
    assert still_holds("Jennie wore them at a pop-up event.", groups) == ["Jennie + pop up"]
    assert still_holds("Jennie wore them in the street.", groups) == []


def test_a_piece_on_the_wrong_day_must_lose_the_day_or_the_piece() -> None:
    groups = offending_terms(["no source post has Jennie with the Calvin Klein Relaxed Denim Shorts on 23 October "
                              "(the sources date it 5 August)"])
    assert groups == [("Calvin Klein Relaxed Denim Shorts", "October")]
    assert still_holds("On October 23rd she wore the Calvin Klein Relaxed Denim Shorts.", groups)
    assert not still_holds("On August 5 she wore the Calvin Klein Relaxed Denim Shorts.", groups)


def test_a_flagged_figure_is_still_held_inside_a_decade() -> None:
    groups = offending_terms(["1980 not in any source"])
    assert still_holds("Balletcore emerged in the 1980s.", groups) == ["1980"]
    assert still_holds("Balletcore came back in 2025.", groups) == []
    assert still_holds("It sold 19800 pieces.", groups) == []


def test_a_cut_headline_or_standfirst_does_not_end_on_a_dangling_word() -> None:
    cut = "Rosé's Balenciaga Baggy Jeans and Alaïa Logo Belt showcase the brand's unique aesthetic in a"
    assert one_line(cut, 200) == cut.removesuffix(" in a")
    assert one_line("Quiet Luxury: the belt of the season", 120) == "Quiet Luxury: the belt of the season"


def test_of_two_sentences_a_standfirst_keeps_the_first_full_one() -> None:
    answer = ("From the airport, Rosé wore Balenciaga Baggy Jeans and an Alaïa Logo Belt in brown leather. The look "
              "spread like a fashion trend, inspiring other brands to create similar minimalist")
    assert one_line(answer, 200) == ("From the airport, Rosé wore Balenciaga Baggy Jeans and an Alaïa Logo Belt in "
                                     "brown leather")
    assert one_line("Quiet luxury. It returns to the airport in brown leather and white denim", 200) == (
        "Quiet luxury. It returns to the airport in brown leather and white denim")  # a short first: kept whole


def test_figures_no_post_gives_with_the_names_must_not_stay_beside_them() -> None:
    groups = offending_terms(["no source post gives 2025, 2026 with Rosé or Irene: the sources do not state it"])
    assert groups == [("2025", "Rosé"), ("2025", "Irene"), ("2026", "Rosé"), ("2026", "Irene")]
    assert still_holds("Fifteen looks from January 2025 to March 2026 include Rosé's.", groups) == [
        "2025 + Rosé", "2026 + Rosé"]
    assert still_holds("Fifteen looks were logged between January 2025 and March 2026.", groups) == []


def test_a_paragraph_opening_on_a_pronoun_names_its_subject() -> None:
    assert named_opening("It is characterized by minimalism. It shows up at pop-ups.", "Balletcore") == (
        "Balletcore is characterized by minimalism. It shows up at pop-ups.")
    assert named_opening("Her denim came first.", "Hanni") == "Hanni's denim came first."
    assert named_opening("Hanni wore denim.", "Hanni") == "Hanni wore denim."
    # An "it" that stands for nothing stays ("Alaïa Le Coeur Bag is worth noting that ..." passed a review)
    worth = "It's worth noting that the bag is the piece of the look."
    assert named_opening(worth, "Alaïa Le Coeur Bag", piece=True) == worth
    # A piece's paragraph that lost the sentence naming it: "them" in the new first sentence becomes the piece.
    assert named_opening("Rosé wore them at a cover shoot. Irene wore them on stage.", "Balenciaga Baggy Jeans",
                         piece=True) == ("Rosé wore the Balenciaga Baggy Jeans at a cover shoot. Irene wore them on "
                                         "stage.")
    assert named_opening("Irene wore them on stage.", "Hanni") == "Irene wore them on stage."  # a person: no piece
    # The tail of a taken-out sentence: no leading "Or maybe", and no closing quote whose opening went with it.
    assert named_opening("Or maybe you can pair both pieces.", "Gorpcore") == "You can pair both pieces."
    assert mend_sentences('You can pair both pieces for a statement." He wore the belt.') == (
        "You can pair both pieces for a statement. He wore the belt.")
    assert mend_sentences('She said "simple" twice.') == 'She said "simple" twice.'
    assert named_opening("Items sold out.", "Balletcore") == "Items sold out."
    assert named_opening("It's a staple of the season.", "Balletcore") == "Balletcore is a staple of the season."
    assert named_opening("They're worn with ballet flats.", "Leg warmers") == "Leg warmers are worn with ballet flats."


def test_a_clause_the_review_split_off_is_taken_out_with_its_separator() -> None:
    from editorial_ai.content_types.article.writer.chat_text import without_claim

    paragraph = ("Rosé wore it. Rosé and Irene wore Quiet Luxury this season, and they will continue to set trends "
                 "for the coming months. It is grey.")
    assert without_claim(paragraph, "they will continue to set trends for the coming months.") == (
        "Rosé wore it. Rosé and Irene wore Quiet Luxury this season. It is grey.")
    assert without_claim(paragraph, "Rosé and Irene wore Quiet Luxury this season") == (
        "Rosé wore it. They will continue to set trends for the coming months. It is grey.")
    assert without_claim(paragraph, "It is grey.") == (
        "Rosé wore it. Rosé and Irene wore Quiet Luxury this season, and they will continue to set trends for the "
        "coming months.")
    assert without_claim(paragraph, "Nothing like this.") == paragraph


def test_a_quoted_clause_locates_the_sentence_that_holds_it() -> None:
    paragraph = ("Rosé wore it. Rosé and Irene wore Quiet Luxury this season, and they will continue to set trends "
                 "for the coming months.")
    entry = {"failed_criteria": [{"criterion": "fact_accuracy", "evidence": [
        'body_paragraphs[0]: "they will continue to set trends for the coming months." — no source reports how '
        'anyone received it: "will continue to"; say what the posts show instead']}]}
    assert sentence_findings(entry, paragraph, 0) == [(
        "Rosé and Irene wore Quiet Luxury this season, and they will continue to set trends for the coming months.",
        ['no source reports how anyone received it: "will continue to"; say what the posts show instead'])]


def test_a_clause_holding_a_quoted_phrase_is_cut_and_a_main_clause_is_not() -> None:
    assert cut_phrases("Jennie Effect is a fashion trend that emerged in February 2025, featuring bags and flats.",
                       ["emerged in february 2025"]) == "Jennie Effect is a fashion trend, featuring bags and flats."
    assert cut_phrases("The look, which went viral, paired the bag with the flats.", ["went viral"]) == (
        "The look paired the bag with the flats.")
    assert cut_phrases("Jisoo wore the cardigan in street style, and it quickly went viral online.",
                       ["went viral"]) == "Jisoo wore the cardigan in street style."
    # In the main clause, or leaving too little, the sentence goes to the model instead.
    assert cut_phrases("The trend is popular among fashion fans, with fifteen looks.", ["is popular among"]) is None
    assert cut_phrases("Balletcore is a trend that emerged in the early 2000s.", ["emerged in the early 2000s"]) is None
    assert cut_phrases("Jennie wore the bag in street style.", ["went viral"]) is None


def test_pull_quote_candidates_prefer_a_named_person_or_piece_and_skip_advice_to_the_reader() -> None:
    body = ["The bag is coquette and has a gorpcore feel to it, quiet and easy.",
            "You can pair the cap with the bag to create a look that is calm and clear.",
            "Jackson Wang lets the olive belt do the talking against a silver hoodie."]
    candidates = pull_quote_candidates(body, ["gorpcore"], names=["Jackson Wang"])
    assert candidates == ["Jackson Wang lets the olive belt do the talking against a silver hoodie",
                          "The bag is coquette and has a gorpcore feel to it, quiet and easy"]
