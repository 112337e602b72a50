"""Invented scenes and timelines: colour around sourced facts that no post gives fails the claim, with the phrase
quoted so the rewrite can drop it; the same words in the sources vouch for it."""

from __future__ import annotations

from editorial_ai.content_types.article.writer.chat_text import mend_sentences, offending_terms, still_holds
from editorial_ai.review.claim_support import check_claims
from editorial_ai.review.claims import Claim, ClaimSet, text_claims
from editorial_ai.review.relations import credited_garments
from editorial_ai.review.scenes import (
    invented_events,
    invented_history,
    invented_reception,
    invented_scenes,
    invented_wear,
    invitations,
    notes_named,
    notes_problem,
    relative_times,
)
from editorial_ai.review.source_index import SourceIndex, build_index
from editorial_ai.review.text_checks import reads_as_fact_line

from .helpers import KNOWN

JACKET = {"solution_id": "s1", "title": "Chanel Tweed Jacket", "brand": "Chanel",
          "metadata": {"keywords": ["outerwear", "white"]}}


def _index(context: str = "award show red carpet") -> object:
    contexts = [{"post_id": "p1", "artist_name": "Minji", "group_name": "NewJeans", "context": context,
                 "title": "Minji on the red carpet", "date": "11 February 2025", "solutions": [JACKET]},
                {"post_id": "p2", "artist_name": "Minji", "group_name": "NewJeans", "context": "music video",
                 "title": "Minji in the video", "date": "21 September 2025", "solutions": []}]
    return build_index([{"keyword": "Old money"}], contexts, KNOWN)


def test_scene_phrases_and_relative_time_are_read_from_prose() -> None:
    assert invented_scenes("She was greeted by a crowd of fans who were eager to see her.", set()) == [
        "greeted by", "a crowd"]
    assert invented_scenes("She walked down the red carpet with her arms crossed.", set()) == [
        "walked down", "arms crossed"]
    assert invented_scenes("The jacket is a crowd pleaser in white wool.", set()) == []
    assert invented_scenes("She walked down the runway.", {"walked"}) == []  # a post that says so vouches for it
    assert relative_times("The next day, on September 9, Jennie returned to Paris.", " ") == ["the next day"]
    assert relative_times("A week later she wore the bag; shortly afterwards it sold out.", " ") == [
        "a week later", "shortly afterwards"]
    assert relative_times("Next season's bags are louder.", " ") == []
    assert relative_times("On the second day of the event, Jennie wore the flats.", " ") == ["the second day of"]
    assert relative_times("Her second look of the day was at the airport.", " ") == []
    assert relative_times("A look that has been in style for over two decades.", " ") == ["for over two decades"]


def test_a_claim_about_a_person_with_an_invented_scene_fails_with_the_phrase_quoted() -> None:
    claims = text_claims("Minji wore the Chanel Tweed Jacket on the award show red carpet. "
                         "As she stepped out, Minji was greeted by a crowd of fans. "
                         "The next day, Minji wore it again. "
                         "The Chanel Tweed Jacket is white.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[0] == [] and pairing[3] == []
    assert pairing[1] == ['the sources describe no such scene: "stepped out"; say only what the post shows',
                          'the sources describe no such scene: "greeted by"; say only what the post shows',
                          'the sources describe no such scene: "a crowd"; say only what the post shows']
    assert pairing[2] == ['the sources describe no such scene: "the next day"; each post has its own date, name it '
                          'or leave it out']
    # The rewrite must lose each phrase: the sentence fix searches its answer for them.
    groups = offending_terms(pairing[1])
    assert still_holds("Minji was greeted by a crowd of fans.", groups) == ["greeted by", "a crowd"]
    assert still_holds("Minji wore the jacket on the red carpet.", groups) == []


def test_a_scene_the_sources_give_is_not_flagged() -> None:
    claims = text_claims("Minji was greeted by a crowd of fans on the award show red carpet.")
    index = _index("award show red carpet, greeted by a crowd of fans")
    assert check_claims(claims, index)[0].pairing == []


def test_a_look_moved_to_another_month_is_a_wrong_pairing_but_a_span_of_months_is_not() -> None:
    claims = text_claims("Minji wore the Chanel Tweed Jacket on the award show red carpet in January 2025. "
                         "Minji wore the Chanel Tweed Jacket on the award show red carpet in February 2025. "
                         "Minji wore the Chanel Tweed Jacket between January 2025 and March 2025.")
    pairing = [c.pairing for c in check_claims(claims, _index())]
    assert pairing[0] == ["no source post has Minji with the Chanel Tweed Jacket in January 2025 (the sources date "
                          "it February 2025)"]
    assert pairing[1] == [] and pairing[2] == []
    assert offending_terms(pairing[0]) == [("Chanel Tweed Jacket", "January")]


def test_biography_and_durations_no_post_gives_fail_a_claim_about_a_person() -> None:
    assert invented_scenes("Cha Eun-woo, who is known for her casual and bohemian style, wore it.", set()) == [
        "known for"]
    assert invented_scenes("Jimin continued to wear these shoes for the rest of the month.", set()) == [
        "continued to wear", "for the rest of the month"]
    assert invented_scenes("She has always been drawn to tweed; ever since, it has been her signature look.",
                           set()) == ["has always been", "ever since", "her signature look"]
    assert invented_scenes("A bag you can carry every day, known for its sturdy canvas.", {"known"}) == []
    claims = text_claims("Minji, who is known for her love of tweed, wore the Chanel Tweed Jacket.")
    assert check_claims(claims, _index())[0].pairing == [
        'the sources describe no such scene: "known for"; say only what the post shows',
        'the sources describe no such scene: "her love of"; say only what the post shows']
    # a ranking no source gives, beside a sourced price (a Gorpcore draft at the gate); "most viewed" is counted
    ranked = text_claims("The boots cost KRW 1,266,000, making them one of the most expensive shoes in the industry. "
                         "The bag is the most coveted piece. The boots are the most expensive piece she wore.")
    assert [c.pairing for c in check_claims(ranked, _index())] == [
        ['no source reports how anyone received it: "one of the most"; say what the posts show instead'],
        ['no source reports how anyone received it: "the most coveted"; say what the posts show instead'], []]
    # said of a trend or a piece, it is a standing no post reports (a Balletcore opening that passed)
    trend = ClaimSet([Claim("The collection is inspired by the 90s and is known for its coquette style.",
                            "body_paragraphs[0]")])
    assert check_claims(trend, _index())[0].pairing == [
        'no source reports how anyone received it: "known for"; say what the posts show instead']


def _one_look(keyword: str, artist: str, context: str, date: str, pieces: list[tuple[str, str]]) -> object:
    """The index of one post: `artist` in `pieces` ((title, brand) each) at `context` on `date`."""
    solutions = [{"solution_id": f"s{n}", "title": title, "brand": brand, "metadata": {}}
                 for n, (title, brand) in enumerate(pieces, 1)]
    contexts = [{"post_id": "p1", "artist_name": artist, "context": context, "title": f"{artist} at {context}",
                 "date": date, "solutions": solutions}]
    return build_index([{"keyword": keyword}], contexts, KNOWN)


def test_a_piece_credited_to_another_label_fails_with_the_label_to_drop() -> None:
    index = _one_look("Quiet luxury", "Minji", "airport", "11 February 2025",
                      [("Dior Saddle Belt", "Dior"), ("Maison Kitsune Fox Tee", "Maison Kitsune")])
    claims = text_claims("Minji wore the Dior Saddle Belt at the airport. The belt is part of the Maison Kitsune "
                         "campaign. The Dior Saddle Belt is a Dior design. The Dior Saddle Belt sat beside the "
                         "Maison Kitsune Fox Tee.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[1] == ["the sources do not credit the Dior Saddle Belt to Maison Kitsune"]
    assert pairing[0] == [] and pairing[2] == [] and pairing[3] == []
    groups = offending_terms(pairing[1])
    assert still_holds("The belt is part of the Maison Kitsune campaign.", groups) == ["Maison Kitsune"]
    assert still_holds("The belt is part of the Dior campaign.", groups) == []


def test_a_garment_credited_to_the_label_of_another_piece_of_the_sentence_fails() -> None:
    # "... a Bottega Veneta Cassette Bag and Balenciaga Track Sneakers, ... the 90s-inspired bag and sneakers from
    # Balenciaga" passed a review: the bag is Bottega Veneta's.
    index = _one_look("Gorpcore", "Cha Eun-woo", "street style", "13 September 2025",
                      [("Bottega Veneta Cassette Bag", "Bottega Veneta"), ("Balenciaga Track Sneakers", "Balenciaga")])
    claims = text_claims("Cha Eun-woo wore a Bottega Veneta Cassette Bag and Balenciaga Track Sneakers, the bag and "
                         "sneakers from Balenciaga. Cha Eun-woo wore the Bottega Veneta Cassette Bag with sneakers "
                         "from Balenciaga, the Balenciaga Track Sneakers.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["the sources give the Bottega Veneta Cassette Bag to Bottega Veneta, not Balenciaga"]
    assert pairing[1] == []  # "with" ends what the credit reaches: only the sneakers are Balenciaga's
    assert credited_garments("the 90s-inspired bag and sneakers from Balenciaga", "balenciaga", []) == [
        "bag", "sneakers"]


def test_a_plural_of_a_sourced_piece_and_a_compound_of_a_sourced_tag_are_sourced_names() -> None:
    bag = {"solution_id": "s4", "title": "Chanel 22 Bag", "brand": "Chanel", "metadata": {"keywords": ["Y2K"]}}
    contexts = [{"post_id": "p1", "artist_name": "Minji", "context": "airport", "title": "Minji at the airport",
                 "date": "11 February 2025", "solutions": [bag]}]
    index = build_index([{"keyword": "Y2K"}], contexts, KNOWN)
    claims = text_claims("Minji carried Chanel 22 Bags at the airport. The Chanel 22 Bag is Y2K-inspired. "
                         "The Chanel 22 Bag is Gucci-inspired.")
    checks = check_claims(claims, index)
    assert checks[0].unsupported == [] and checks[1].unsupported == []
    assert "Gucci-inspired" in checks[2].unsupported  # Gucci is no source name: still flagged


def test_a_sourced_piece_named_with_a_middle_word_left_out_is_that_piece() -> None:
    jeans = {"solution_id": "s5", "title": "Acne Studios 1996 Loose Jeans", "brand": "Acne Studios", "metadata": {}}
    contexts = [{"post_id": "p1", "artist_name": "Minji", "context": "airport", "title": "Minji at the airport",
                 "date": "11 February 2025", "solutions": [jeans]}]
    index = build_index([{"keyword": "Quiet luxury"}], contexts, KNOWN)
    checks = check_claims(text_claims("Minji wore Acne Studios Loose Jeans. Minji wore Acne Studios Baggy Jeans."),
                          index)
    assert checks[0].unsupported == []
    assert checks[1].unsupported == ["Acne Studios Baggy Jeans"]


def test_a_shortened_piece_is_the_piece_its_colours_describe() -> None:
    jeans = {"solution_id": "s5", "title": "Acne Studios 1996 Loose Jeans", "brand": "Acne Studios",
             "metadata": {"qa_pairs": [{"q": "Colour and material?", "a": "White, denim."}]}}
    belt = {"solution_id": "s6", "title": "Alaia Logo Belt", "brand": "Alaia",
            "metadata": {"qa_pairs": [{"q": "Colour and material?", "a": "Brown, leather."}]}}
    contexts = [{"post_id": "p1", "artist_name": "Minji", "context": "airport", "title": "Minji at the airport",
                 "date": "11 February 2025", "solutions": [jeans, belt]}]
    index = build_index([{"keyword": "Quiet luxury"}], contexts, KNOWN)
    claims = text_claims("Minji wore the Alaia Logo Belt at the airport. She paired it with Acne Studios Loose "
                         "Jeans in white denim.")
    assert [c.pairing for c in check_claims(claims, index)] == [[], []]


def test_a_group_the_artist_s_posts_never_name_is_a_wrong_pairing() -> None:
    contexts = [{"post_id": "p1", "artist_name": "Jimin", "group_name": "BTS", "context": "airport",
                 "title": "Jimin at the airport", "date": "22 August 2025", "solutions": []},
                {"post_id": "p2", "artist_name": "Jackson Wang", "context": "brand campaign",
                 "title": "Jackson Wang for Dior", "date": "2 February 2026", "solutions": []}]
    index = build_index([{"keyword": "Y2K"}], contexts, KNOWN)
    claims = text_claims("Jackson Wang's look is a nod to his role in BTS. Jimin of BTS flew out at the airport. "
                         "Jimin of BTS and Jackson Wang both wore navy.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == ["the sources do not make Jackson Wang a member of BTS"]
    assert pairing[1] == [] and pairing[2] == []
    groups = offending_terms(pairing[0])
    assert still_holds("Jackson Wang's look recalls BTS.", groups) == ["Jackson Wang + BTS"]


def test_a_group_put_on_a_list_of_people_makes_each_of_them_a_member() -> None:
    contexts = [{"post_id": "p1", "artist_name": "Jimin", "group_name": "BTS", "context": "airport",
                 "title": "Jimin at the airport", "date": "22 August 2025", "solutions": []},
                {"post_id": "p2", "artist_name": "Jackson Wang", "context": "brand campaign",
                 "title": "Jackson Wang for Dior", "date": "2 February 2026", "solutions": []},
                {"post_id": "p3", "artist_name": "V", "group_name": "BTS", "context": "airport",
                 "title": "V at the airport", "date": "5 April 2025", "solutions": []}]
    index = build_index([{"keyword": "Y2K"}], contexts, KNOWN)
    claims = text_claims("The looks come from BTS stars Jimin and Jackson Wang. Jimin and Jackson Wang of BTS wore "
                         "navy. BTS members Jimin and V flew out. Jimin of BTS and Jackson Wang both wore navy.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == pairing[1] == ["the sources do not make Jackson Wang a member of BTS"]
    assert pairing[2] == [] and pairing[3] == []  # both members; the group given to Jimin alone


def _sandals_then_cap(cap_wearer: str) -> SourceIndex:
    """Jimin's sandals on the red carpet on 4 April 2025, then `cap_wearer`'s cap at the airport on 22 August."""
    sandals = {"solution_id": "s7", "title": "Lemaire Fisherman Sandals", "brand": "Lemaire", "metadata": {}}
    cap = {"solution_id": "s8", "title": "Maison Kitsune Fox Head Cap", "brand": "Maison Kitsune", "metadata": {}}
    contexts = [{"post_id": "p1", "artist_name": "Jimin", "context": "award show red carpet",
                 "title": "Jimin on the carpet", "date": "4 April 2025", "solutions": [sandals]},
                {"post_id": "p2", "artist_name": cap_wearer, "context": "airport fashion",
                 "title": f"{cap_wearer} at the airport", "date": "22 August 2025", "solutions": [cap]}]
    return build_index([{"keyword": "Y2K"}], contexts, KNOWN)


def test_the_same_pieces_again_are_the_pieces_named_last_and_must_share_the_day() -> None:
    index = _sandals_then_cap("Jimin")
    claims = text_claims("On 4 April 2025, Jimin wore Lemaire Fisherman Sandals on the award show red carpet. "
                         "On 22 August 2025, he wore the same shoes again at airport fashion.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == []
    assert pairing[1] == ["no source post has Jimin with the Lemaire Fisherman Sandals on 22 August (the sources "
                          "date it 4 April)"]


def test_a_piece_called_by_its_type_is_the_paragraph_s_piece_of_that_type() -> None:
    index = _sandals_then_cap("V")
    claims = text_claims("Jimin wore the Lemaire Fisherman Sandals on the award show red carpet. V wore the "
                         "Maison Kitsune Fox Head Cap at the airport. V also wore the sandals at the airport. "
                         "Jimin wore the sandals on the red carpet.")
    pairing = [c.pairing for c in check_claims(claims, index)]
    assert pairing[0] == pairing[1] == pairing[3] == []
    assert pairing[2] and "Lemaire Fisherman Sandals" in pairing[2][0]


def test_a_career_or_a_passion_no_post_gives_is_invented_biography() -> None:
    assert invented_scenes("Jackson Wang is a popular fashion model who has worn the cap.", set()) == [
        "a popular fashion model"]
    assert invented_scenes("Her style reflects her interest in both fashion and the arts.", set()) == [
        "her interest in"]
    assert invented_scenes("The bag is a popular choice for travel.", set()) == []
    assert invented_scenes("Jackson Wang, an influential fashion and lifestyle brand campaigner, wore it.",
                           set()) == ["an influential fashion and lifestyle brand campaigner"]
    assert invented_scenes("She carried a popular designer bag.", set()) == []
    assert invented_scenes("Wonyoung is a fashion icon.", set()) == ["a fashion icon"]
    assert invented_scenes("They have all become legends in their own right.", set()) == ["legends"]
    assert invented_scenes("Hanni, a preppy minimalist fashionista, wore the jeans.", set()) == ["fashionista"]
    assert invented_scenes("V wore the Legend Tee.", {"legend", "tee"}) == []  # a sourced name vouches for it


def test_years_of_wear_and_a_look_record_retold_are_caught() -> None:
    assert relative_times("It has been worn by many celebrities over the years.", " ") == ["over the years"]
    assert reads_as_fact_line("The look of Minji on 21 September 2025 at music video featured the tee.")
    assert reads_as_fact_line("look of Cha Eun-woo on 5 May 2025 at street style: Dior Lady Dior Bag")
    assert reads_as_fact_line("The look of Jennie on August 5, 2025 in street style was taken by Calvin Klein "
                              "Relaxed Denim Shorts in burgundy denim.")
    # A look line with its label dropped made a Gorpcore draft's whole looks paragraph.
    assert reads_as_fact_line("Jackson Wang on 25 January in Milan Fashion Week: Alaïa Le Coeur Bag brown leather.")
    assert not reads_as_fact_line("On 5 August 2025, Jennie wore it all: the bag and the jeans.")
    assert not reads_as_fact_line("The look of the season is denim.")


def test_an_invented_reception_fails_any_sentence_with_the_phrase_quoted() -> None:
    assert invented_reception("This look was particularly popular among young women who were drawn to it.",
                              set()) == ["popular among", "young women", "were drawn to"]
    assert invented_reception("It continues to captivate fashion enthusiasts across the globe.", set()) == [
        "captivate", "fashion enthusiasts", "across the globe"]
    assert invented_reception("Jisoo, a streetwear enthusiast, opted for the cardigan.", set()) == ["enthusiast"]
    # A Gorpcore article that passed: praise of a wearer no post gives.
    assert invented_reception("Jackson Wang was a true icon of streetwear!", set()) == ["a true icon of"]
    assert invented_reception("Jackson Wang, a star of the fashion industry, wore it.", set()) == ["a star of"]
    assert invented_reception("It was a visual masterpiece of his style!", set()) == ["masterpiece"]
    assert invented_reception("The boots add a touch of style, making them a standout piece.", set()) == [
        "making them a standout"]
    assert invented_reception("The standout was Dior's bag.", set()) == []  # the shipped labels' own phrasing
    assert invented_wear("The top makes it suitable for both casual and professional settings.", set()) == [
        "suitable for both casual"]
    # A Jennie Effect article that passed: pieces no post shows with the bralette, and where it suits.
    assert invented_wear("The bralette was worn with a variety of other pieces such as jeans.", set()) == [
        "with a variety of other pieces"]
    assert invented_wear("It could be worn in various contexts, as a day-to-day top.", set()) == [
        "could be worn in various contexts", "as a day to day top"]
    assert invented_reception("Its popularity led to a surge in the number of people logging looks.", set()) == [
        "popularity", "a surge in the number"]
    assert invented_reception("The jacket sold out.", {"sold"}) == []  # a post that says so vouches for it
    assert invented_reception("The jacket is cut from tweed.", set()) == []
    assert invented_reception("Old money continues to be a popular trend, with many celebrities embracing it.",
                              set()) == ["continues to be a popular", "many celebrities"]
    assert invented_reception("It is a bold look that is sure to impress any audience.", set()) == [
        "sure to impress"]
    assert invented_reception("The bag has become a popular choice.", {"popular"}) == []
    assert invented_reception("Coquette has been making waves, popularized by Hanni amid the rise of minimalism.",
                              set()) == ["making waves", "popularized", "the rise of"]
    assert invented_reception("Balletcore was popularized in fashion magazines.", set()) == ["popularized"]
    assert invented_reception("The spread highlighted the popularity of Balletcore.", set()) == ["the popularity of"]
    assert invented_reception("The pop-up garnered attention, attracting a diverse crowd of shoppers.", set()) == [
        "garnered attention", "a diverse crowd", "shoppers"]
    assert invented_reception("Jennie Effect looks gained significant attention across platforms.", set()) == [
        "gained significant attention"]
    assert invented_reception("Her look drew widespread praise and is a testament to her taste.", set()) == [
        "drew widespread praise", "a testament to"]
    assert invented_reception("Additionally, aspiring designers can experiment with new materials.", set()) == [
        "aspiring designers"]
    assert invented_reception("Designers could play with the grey leather.", set()) == ["designers could play"]
    assert invented_reception("Jisoo is among the stars of this trend.", set()) == ["among the stars of"]
    assert invented_reception("Her Paris look being a standout.", set()) == ["being a standout"]
    assert invented_reception("The Jennie Effect is making a significant impact on street fashion; the trend's "
                              "popularity is evident.", set()) == ["making a significant impact on", "popularity"]
    assert invented_reception("It resonated with audiences, making it a popular trend that continued to evolve, a "
                              "must-see.", set()) == ["resonated with", "popular", "continued to evolve", "must see"]
    assert invented_reception("Balletcore's coquette look dominates the front row.", set()) == ["dominates"]
    assert invented_reception("Balletcore swept the fashion world in 2025.", set()) == ["swept the fashion world"]
    assert invented_reception("Her cardigans caught everyone's eye; Wonyoung's influence extended beyond it.",
                              set()) == ["caught everyone s eye", "s influence"]
    assert invented_reception("A trend that spreads like wildfire, sweeping the streets.", set()) == [
        "like wildfire", "sweeping the streets"]
    assert invented_reception("The fashion world is witnessing a resurgence of a look that appeals to all; Wonyoung "
                              "is a key player.", set()) == ["resurgence", "appeals to", "a key player"]
    assert invented_reception("The coat earned a devoted following.", {"following"}) == []  # vouched for
    assert invented_reception("She drew the coat's belt tight and won the day.", set()) == []
    checks = check_claims(text_claims("The tweed jacket was a hit with young women."), _index())
    assert [p for c in checks for p in c.pairing] == [
        'no source reports how anyone received it: "a hit with"; say what the posts show instead',
        'no source reports how anyone received it: "young women"; say what the posts show instead']
    groups = offending_terms([p for c in checks for p in c.pairing])
    assert still_holds("The jacket was a hit with young women.", groups) == ["a hit with", "young women"]
    assert still_holds("Minji wore the jacket on the red carpet.", groups) == []


def test_a_trend_background_vouches_for_reception_only_when_research_backs_it() -> None:
    contexts = [{"post_id": "p1", "artist_name": "Minji", "context": "street style", "title": "Minji",
                 "date": "11 February 2025", "solutions": [JACKET]}]
    topic = {"keyword": "Old money", "trend_background": "Old money is gaining popularity among young women."}
    claim = text_claims("The tweed jacket is popular among young women.")
    unresearched = check_claims(claim, build_index([topic], contexts, KNOWN))
    problems = [p.split(":")[0] for c in unresearched for p in c.pairing]
    assert problems == ["no source reports how anyone received it"] * 2
    researched = check_claims(claim, build_index([{**topic, "sources": ["https://example.org/report"]}], contexts,
                                                 KNOWN))
    assert [p for c in researched for p in c.pairing] == []


def test_popularity_and_predictions_no_post_gives_are_invented_reception() -> None:
    text = ("It has gained popularity in recent years. Some of the most popular looks came from Minji. "
            "Quiet Luxury will continue to set trends for the coming months.")
    assert [invented_reception(sentence, set()) for sentence in text.split(". ")] == [
        ["gained popularity"], ["most popular"], ["will continue to", "for the coming months"]]
    assert relative_times(text, " ") == ["in recent years"]
    assert invented_reception("You will find the jacket in tweed.", set()) == []
    # Openings of this round's Jennie Effect and Gorpcore drafts
    assert invented_reception("The trend has gained traction through various media outlets.", set()) == [
        "gained traction"]
    assert invented_reception("Gorpcore has captured the imaginations of celebrities like Jackson Wang.", set()) == [
        "captured the imaginations"]
    assert invented_reception("The rubber soles give traction on a wet floor.", set()) == []
    assert invented_reception("In the world of streetwear, Jennie's presence was a beacon of light.", set()) == [
        "a beacon of"]
    assert invented_reception("It has gained significant popularity.", set()) == ["gained significant popularity"]
    assert invented_reception("The trend has caught the attention of Minji.", set()) == [
        "caught the attention"]


def test_a_cut_sentence_is_rejoined_and_a_summing_up_opener_taken_off() -> None:
    assert mend_sentences("The bag is brown leather, a classic choice. worn by Jennie at the event.") == (
        "The bag is brown leather, a classic choice, worn by Jennie at the event.")
    assert mend_sentences("Jennie wore it. In conclusion, the trend was seen in Seoul.") == (
        "Jennie wore it. The trend was seen in Seoul.")
    assert mend_sentences("In conclusion, Old money is quiet.") == "Old money is quiet."
    assert mend_sentences("Jennie wore it in May. It was grey.") == "Jennie wore it in May. It was grey."
    assert mend_sentences("She wore it at the airport. the look of Jennie was grey.") == (
        "She wore it at the airport. The look of Jennie was grey.")


def test_a_setting_turned_into_an_event_is_an_invented_scene() -> None:
    sources = "Jimin at airport fashion. Hanni at street style. Lisa on the award show red carpet."
    assert invented_events("Jimin wore the bag at an airport fashion show and Hanni at a street style event.",
                           sources) == ["airport fashion show", "street style event"]
    assert invented_events("Lisa wore it on the award show red carpet, Jimin at airport fashion.", sources) == []
    assert invented_events("From the runway, Wonyoung's cardigan.", sources) == ["runway"]
    assert invented_events("From the airport fashion runway, Rosé wore the jeans.", sources) == ["runway"]
    assert invented_events("Cha Eun-woo's pop-up show.", "at a pop-up store event") == ["pop up show"]
    assert invented_events("Rosé on the runway.", "Rosé walked the Chanel runway") == []
    assert invented_events("Seen at the spring fashion show.", "the spring fashion show") == []


def test_an_invented_label_or_origin_is_invented_biography() -> None:
    assert invented_scenes("Jackson Wang wore it when he was showcasing his streetwear collection.", set()) == [
        "his streetwear collection"]
    assert invented_scenes("Hanni and Mingyu incorporated it into their fashion collections.", set()) == [
        "their fashion collections"]
    assert invented_scenes("Wonyoung's fashion journey shows his versatility as a designer.", set()) == [
        "fashion journey", "his versatility"]
    assert invented_scenes("Wonyoung: A Top Designer's Top Trend, in her signature bohemian style.", set()) == [
        "a top designer s", "her signature bohemian style"]
    assert invented_scenes("Jackson Wang was an iconic fashion figure.", set()) == ["iconic fashion figure"]
    assert invented_scenes("Jackson Wang was yet another fashion icon.", set()) == ["another fashion icon"]


def test_a_history_no_source_gives_the_trend_is_found_in_any_sentence() -> None:
    # "Gorpcore is a minimalist, old money streetwear trend that emerged in the 90s" passed: it names no person.
    assert invented_history("Balletcore is a trend that emerged in the 90s.", set()) == ["emerged in the 90s"]
    assert invented_history("It has gained ground in the past few years and dates back to the late nineties.",
                            set()) == ["in the past few years", "dates back to the late nineties"]
    assert invented_history("Balletcore is a trend of the 90s.", set()) == []  # the catalog's 90s tag
    assert invented_history("It started in 2025, in Paris.", {"started"}) == []  # vouched for by a source
    assert invented_history("The belt is a classic accessory that has been in fashion for decades.", set()) == [
        "has been in fashion for decades"]
    assert invented_history("Loafers have been popular for years.", set()) == ["have been popular for years"]
    assert invented_history("Jennie Effect emerged in February 2025, characterized by minimalism.", set()) == [
        "emerged in february 2025"]
    assert invented_history("Her run of looks began in February 2025 at the airport.", set()) == []
    assert invented_history("Gorpcore is a bag style that originated in old money fashion.", set()) == [
        "originated in old money fashion"]
    assert invented_history("The sweatshirt is a timeless classic.", set()) == ["timeless classic"]
    assert invented_history("The sweatshirt has stood the test of time.", set()) == ["stood the test of time"]
    assert invented_history("Olive leather is a classic and timeless choice for streetwear.", set()) == [
        "classic and timeless"]
    assert invented_scenes("The sweatshirt was a staple of Jackson Wang's brand campaign, worn in a variety of "
                           "styles and occasions.", set()) == ["a staple of"]
    assert invented_scenes("Jackson Wang wore the sweatshirt in a variety of styles.", set()) == [
        "in a variety of styles"]
    # A Jennie Effect article passed with these three.
    assert invented_scenes("The bag was a staple item in Jennie's wardrobe, worn on various occasions.", set()) == [
        "a staple item in"]
    assert invented_scenes("Cha Eun-woo wore the sneakers in street style on several occasions.", set()) == [
        "on several occasions"]
    assert invented_scenes("Jennie wore these pieces at various locations, including pop-up stores.", set()) == [
        "at various locations"]
    assert invented_scenes("Jennie's choice of this bag reflected her personality and values.", set()) == [
        "reflected her personality"]
    assert invented_history("She wore it for the decade's last show, over two days.", set()) == []
    index = build_index([{"keyword": "Gorpcore"}], [], KNOWN)
    check = check_claims(text_claims("Gorpcore is a streetwear trend that emerged in the 90s."), index)[0]
    assert check.pairing == ['no source gives the trend a history or an age: "emerged in the 90s"; say what the '
                             'posts show instead']


def test_how_a_piece_feels_carries_or_suits_a_season_is_invented_wear() -> None:
    # A Jennie Effect article passed with all three.
    # A Balletcore article passed with both.
    assert invented_wear("The bag could be worn for various occasions, including formal events.", set()) == [
        "could be worn for various occasions"]
    assert invented_wear("Its leather would withstand wear and tear, providing years of reliable performance.",
                         set()) == ["withstand"]  # one finding per kind of claim
    assert invented_wear("The bag is a classic preppy bag that was perfect for the summer.", set()) == [
        "perfect for the summer"]
    assert invented_wear("It had a smooth, soft feel and was easy to carry around in the heat.", set()) == [
        "soft feel", "easy to carry"]
    assert invented_wear("The bag is olive leather, worn at the airport in summer.", set()) == []
    # Three continuation sentences the writer's screen let through (Gorpcore)
    cozy = ("The bag is made of beige leather, which gives it a cozy and warm feel, making it perfect for those who "
            "want to look stylish without feeling heavy or cumbersome.")
    assert invented_wear(cozy, set()) == ["warm feel", "perfect for those who"]
    assert invented_wear("The bag has a coquette design that allows you to add some extra length to your outfit.",
                         set()) == ["allows you to add"]
    assert invented_wear("The warm brown of the boots met a cool grey hoodie; the jacket lets the light in. The look "
                         "was polished without being stiff.", set()) == []
    # A Balletcore close that passed: occasions no post logs
    assert invented_wear("You can wear the cap and the bag as a stylish accessory for any occasion.", set()) == [
        "for any occasion"]
    assert invented_wear("The bag is often used as a companion piece in fashion collections.", set()) == [
        "is often used"]
    assert invented_wear("These stores offer balletcore clothing at affordable prices.", set()) == ["affordable prices"]
    # a Gorpcore article passed with these
    assert invented_wear("It's also suitable for casual wear or as part of a street style outfit.", set()) == [
        "suitable for casual"]
    assert invented_wear("They are stylish and functional pieces that can be worn for various occasions.", set()) == [
        "stylish and functional"]
    assert invented_wear("The bag can be worn for various occasions.", set()) == ["can be worn for various occasions"]
    assert invented_wear("The bag can be worn in various styles.", set()) == ["can be worn in various styles"]
    assert invented_wear("He has consistently been a leader in minimalism.", set()) == ["a leader in"]
    assert invented_wear("The bag exemplifies sustainability in fashion.", set()) == ["sustainability"]
    # a Gorpcore article of the twenty-first round escalated with these still in it
    assert invented_wear("The sweatshirt is a versatile top that can be paired with any outfit.", set()) == [
        "a versatile top", "can be paired with any outfit"]
    assert invented_wear("It adds a touch of old money to any outfit.", set()) == ["to any outfit"]
    assert invented_wear("It is a great addition to any Gorpcore look.", set()) == ["a great addition to any"]
    assert invented_wear("Jackson Wang paired the belt with the Dior Book Tote.", set()) == []
    assert invented_wear("It made a versatile look for both men and women.", set()) == ["for both men and women"]
    assert invented_wear("It is perfect for both formal and casual occasions.", set()) == [
        "for both formal and casual"]
    assert invented_history("The trend has evolved, with new styles emerging every year.", set()) == ["has evolved"]
    assert invented_history("New styles keep emerging every year.", set()) == ["emerging every year"]
    assert invented_history("Jennie wore the bag again in October.", set()) == []
    assert invented_reception("His Dior bag was a hit at the airport!", set()) == ["was a hit"]
    assert invented_reception("Jimin's Dior bag hit the airport in navy leather.", set()) == []
    # a Y2K article passed with these
    assert invented_wear("It was also about the quality of the materials used and the craftsmanship.", set()) == [
        "the quality of the materials"]
    assert invented_reception("It will always be a favorite item. His airport look was even more memorable.",
                              set()) == ["will always", "memorable"]


def test_how_a_look_moves_and_a_ranking_of_wearers_are_findings() -> None:
    # Both in Jennie Effect and Gorpcore articles the review let through.
    assert invented_wear("It was perfect for street style, as it allowed Jennie to move around with ease and "
                         "confidence.", set()) == ["allowed jennie to move"]
    assert invented_wear("Jennie moved through the airport in the flats.", set()) == []
    assert invented_reception("Cha Eun-woo and Jackson Wang are the two most notable individuals in this trend.",
                              set()) == ["most notable individuals"]
    assert invented_reception("Cha Eun-woo and Jackson Wang are the two most notable Gorpcore wearers.",
                              set()) == ["most notable gorpcore wearers"]
    assert invented_reception("Cha Eun-woo is the most photographed of the three in these posts.", set()) == []


def test_discussion_and_praise_no_post_reports_are_reception() -> None:
    assert invented_reception("Their looks have been widely viewed and discussed.", set()) == ["discussed"]
    assert invented_reception("The pieces are discussed in the posts.", set()) == []


def test_a_name_fused_from_two_people_is_unsourced() -> None:
    contexts = [{"post_id": "p1", "artist_name": "Jennie", "context": "street style", "title": "Jennie",
                 "date": "11 February 2025", "solutions": [JACKET]},
                {"post_id": "p2", "artist_name": "Jackson Wang", "context": "runway", "title": "Jackson Wang",
                 "date": "12 February 2025", "solutions": [JACKET]}]
    index = build_index([{"keyword": "Old money"}], contexts, KNOWN)
    fused = check_claims(text_claims("The tweed jacket was also worn by Jennie Wang on the runway."), index)
    assert "Jennie Wang" in [n for c in fused for n in c.unsupported]
    true = check_claims(text_claims("The tweed jacket was also worn by Jackson Wang on the runway."), index)
    assert [n for c in true for n in c.unsupported] == []


def test_the_writer_s_fact_labels_in_an_article_are_a_finding_but_not_in_other_text() -> None:
    from editorial_ai.review.claims import Claim, ClaimSet

    text = "The trend tags 'bag' and 'Y2K' all contribute to the overall theme of the tweed jacket."
    article = check_claims(ClaimSet([Claim(text, "body_paragraphs[0]")]), _index())
    problems = [p for c in article for p in c.pairing]
    assert problems == ['it speaks of the writer\'s notes, not the clothes: "trend tags"; say what the tags describe '
                        'in plain words']
    assert still_holds(text, offending_terms(problems)) == ["trend tags"]
    from editorial_ai.review.scenes import notes_named, notes_problem

    assert notes_named("On the second date, Jackson Wang wore the belt.") == ["on the second date"]
    assert notes_named("V at the airport first saw this bag on 5 April 2025.") == ["first saw"]
    assert notes_named("On 10 March, Jackson Wang wore the belt on a date night.") == []
    assert notes_named("The feature on Balletcore was logged with fifteen looks.") == ["was logged with"]
    assert notes_named("Balletcore runs through fifteen logged looks.") == []
    assert notes_named("Gorpcore is a trend, not a bag.") == ["is a trend not a bag"]
    assert notes_named("Jisoo, wearing the cardigan, was not mentioned in the sources!") == [
        "mentioned in the sources"]
    meta = "In the closing paragraph, the feature is wrapped up with a call to action for readers."
    assert notes_named(meta) == ["the closing paragraph", "the feature is wrapped", "call to action"]
    assert notes_named("The feature is over, but if you like Gorpcore, try the bag.") == ["the feature is over"]
    assert notes_named("The look is over the top; the article is a bag.") == []
    assert notes_named("The feature on Balletcore focuses on bags, ballet flats and sunglasses.") == [
        "the feature on balletcore focuses on"]
    assert notes_named("The feature on Balletcore shows bags.") == []
    featured = "Jackson Wang, in a brand campaign, was featured in the fashion magazine as part of Gorpcore."
    assert notes_named(featured) == ["featured in the fashion magazine"]
    assert notes_problem("the closing paragraph").endswith("write the paragraph itself, not about it")
    assert notes_named("The bag closed the look; the paragraph of pleats on the skirt caught the light.") == []
    assert [p for c in check_claims(ClaimSet([Claim(text, "paragraph 1")]), _index()) for p in c.pairing] == []


def test_a_count_of_people_no_source_gives_fails_with_the_phrase_quoted() -> None:
    from editorial_ai.review.scenes import people_counts

    assert people_counts("The trend was seen by fifteen individuals at the front row.", "looks logged fifteen") == [
        "fifteen individuals"]
    assert people_counts("Three celebrities wore it.", "three celebrities wore the bag") == []  # a source says so
    assert people_counts("Fifteen looks were logged.", " ") == []
    pairing = [c.pairing for c in check_claims(text_claims("Minji and fifteen other stars wore the Chanel Tweed "
                                                           "Jacket."), _index())]
    assert pairing == [['the sources count looks and posts, not people: "fifteen other stars"; give the count as '
                        'the facts do']]
    assert still_holds("Fifteen other stars wore it.", offending_terms(pairing[0])) == ["fifteen other stars"]


def test_reception_and_events_an_unresearched_background_says_are_still_findings() -> None:
    assert invented_reception("The look was well received by the fashion community.", set()) == ["well received"]
    assert invented_reception("It has been a sensation in the fashion world.", set()) == ["a sensation"]
    assert invented_reception("BLACKPINK has become a global pop sensation.", set()) == ["a global pop sensation"]
    assert invented_reception("He wore the same pieces to catch attention from passengers.", set()) == [
        "catch attention"]
    topics = [{"keyword": "Airport fashion", "trend_background": "Celebrities keep appearing on the runway."}]
    contexts = [{"post_id": "p1", "artist_name": "Jimin", "context": "airport fashion", "title": "Jimin at the airport",
                 "date": "22 August 2025", "solutions": []}]
    index = build_index(topics, contexts, KNOWN)
    claims = text_claims("Jimin wore it at the airport, making him stand out on the runway.")
    assert any("runway" in p for c in check_claims(claims, index) for p in c.pairing)
    researched = [{**topics[0], "sources": [{"url": "https://example.org/runway"}]}]
    assert not any("runway" in p for c in check_claims(claims, build_index(researched, contexts, KNOWN))
                   for p in c.pairing)


def test_a_habit_no_single_post_shows_is_read_as_invented_timing() -> None:
    said = "Jimin's style is always on point, and he's always wearing his best. She always stands out."
    assert relative_times(said, " ") == ["is always", "s always", "always stands out"]
    assert relative_times("Always pack the flats for a long flight.", " ") == []  # advice, not a habit


def test_reception_and_the_writer_s_notes_in_the_prose_are_read() -> None:
    from editorial_ai.review.scenes import notes_named

    said = "It became an instant favorite among fans. The look resonated well with her brand campaign."
    assert invented_reception(said, frozenset()) == ["an instant favorite among", "resonated"]
    assert notes_named("The sneakers are described as black suede by the writer's notes.") == ["the writer s notes"]
    assert notes_named("It is one of the fifteen looks logged in the feature.") == ["looks logged in the feature"]
    assert notes_named("Among the fifteen looks logged, Cha Eun-woo's stands out.") == ["looks logged"]
    assert notes_named("The sources do not place Jackson Wang with these pieces at Milan.") == [
        "the sources do not"]
    # A finding read back into a rewrite, and the writer's own bookkeeping.
    assert notes_named("Jackson Wang wore the cap at a brand campaign, with the sources describing no such "
                       "scene.") == ["the sources describing"]
    assert notes_named("The bag is olive leather, which aligns with the facts.") == ["aligns with the facts"]
    assert notes_named('The topic of the feature is "Jennie Effect".') == ["the topic of the feature"]
    assert notes_named("According to the posts, Jennie wore it twice.") == ["according to the posts"]
    assert notes_named("Its sources of colour are the olive bag and the grey flats.") == []


def test_a_habit_no_post_shows_is_an_invented_scene() -> None:
    assert invented_scenes("It is one of Hanni's signature looks that she has worn frequently throughout her "
                           "career.", set()) == ["s signature looks", "worn frequently"]  # one phrase per kind
    assert invented_scenes("The bag was a staple in Jennie's wardrobe.", set()) == ["a staple in jennie s wardrobe"]
    assert invented_scenes("This look was a departure from her usual style.", set()) == ["her usual style"]
    assert invented_scenes("She wore it to the airport on 5 May.", set()) == []


def test_how_a_piece_wears_and_where_to_read_more_are_findings_in_an_article() -> None:
    from editorial_ai.review.claims import Claim, ClaimSet
    from editorial_ai.review.scenes import invented_wear, notes_named, notes_problem

    assert invented_wear("The olive leather is soft and comfortable to wear, a great choice for everyday use.",
                         {"olive", "leather"}) == ["is soft and comfortable", "a great choice for"]
    assert invented_wear("This bag is part of the Jennie Effect collection.", set()) == [
        "part of the jennie effect collection"]
    assert invented_wear("It is part of the spring collection.", {"collection"}) == []  # a source says so
    assert invented_wear("The bag comes in olive leather.", set()) == []
    assert invented_wear("A traveller in comfortable clothes carries one strong accessory.", set()) == []
    elsewhere = "The bags can be explored through their respective websites for more information."
    assert notes_named(elsewhere) == ["respective websites", "for more information"]
    assert notes_problem("respective websites").endswith("not where to look")
    text = "The Chanel Tweed Jacket is lightweight and durable."
    article = [p for c in check_claims(ClaimSet([Claim(text, "body_paragraphs[1]")]), _index()) for p in c.pairing]
    assert article == ['the sources give a piece\'s material, colour and type, not how it wears or what it belongs '
                       'to: "lightweight"; describe it only as the facts do']
    assert still_holds(text, offending_terms(article)) == ["lightweight"]
    assert [p for c in check_claims(ClaimSet([Claim(text, "paragraph 1")]), _index()) for p in c.pairing] == []


def test_a_quotation_no_post_gives_and_the_feature_concluding_are_findings() -> None:
    from editorial_ai.review.claims import Claim, ClaimSet
    from editorial_ai.review.scenes import invented_quotes, notes_named

    closing = ('The feature concluded with a thought-provoking statement: "Old money is not just about looking old, '
               'but also about living it."')
    assert notes_named(closing) == ["the feature concluded with"]
    assert invented_quotes(closing, frozenset({"old", "money", "is", "about"})) == [
        "Old money is not just about looking old, but also about living it."]
    title = frozenset(["kazuha", "at", "the", "row", "pop", "up", "in", "seongsu"])
    assert invented_quotes('The post "Kazuha at The Row pop-up in Seongsu" shows her.', title) == []
    assert invented_quotes('Call it "quiet luxury".', frozenset()) == []  # a short phrase is a label, not a quote
    problems = [p for c in check_claims(ClaimSet([Claim(closing, "body_paragraphs[4]")]), _index()) for p in c.pairing]
    assert 'no source gives this quotation: "Old money is not just about"; tell what the posts show instead' in problems
    assert still_holds(closing, offending_terms(problems)) == ["the feature concluded with",
                                                             "Old money is not just about"]


def test_awards_visitors_and_a_huge_success_are_reception_no_post_reports() -> None:
    from editorial_ai.review.scenes import people_counts

    closing = ("The brand campaign was a huge success in Milan, attracting thousands of visitors to the event. It "
               "also won him several awards and recognition for his creative vision.")
    assert invented_reception(closing, set()) == ["a huge success", "won him several awards"]
    assert people_counts(closing, " ") == ["thousands of visitors"]
    assert invented_reception("Hanni wore the pumps on an award show red carpet.", set()) == []


def test_an_impact_on_nothing_named_is_reception_too() -> None:
    # "also made an impact, showcasing the versatility of Balletcore" passed a review.
    assert invented_reception("Mingyu's boots also made an impact, showcasing its range.", set()) == ["made an impact"]
    assert invented_reception("She made her mark on the Paris season.", set()) == ["made her mark on"]
    assert invented_reception("The coat has a clean line and a sharp mark of tailoring.", set()) == []


def test_admiration_and_wide_sharing_no_post_reports_are_reception() -> None:
    assert invented_reception("The idea has been shared widely on social media, with many readers expressing their "
                              "admiration for it.", set()) == ["shared widely", "many readers",
                                                                "expressing their admiration"]


def test_a_standfirst_that_speaks_of_the_headline_speaks_of_the_writer_s_notes() -> None:
    assert notes_named("Jennie wore the Chanel 22 Bag at a pop-up store event, a statement that is not in the "
                       "headline") == ["the headline"]
    assert "write the paragraph itself" in notes_problem("the headline")
    assert notes_named("The next sentence is not necessary to continue the story.") == [
        "the next sentence", "continue the story"]


def test_how_a_piece_performs_is_invented_wear_and_a_comfortable_traveller_is_not() -> None:
    # A Balletcore article passed with both sentences.
    assert invented_wear("The black leather shoes are not only stylish but also comfortable for daily use.",
                         set()) == ["comfortable for", "for daily use"]
    found = invented_wear("They have a comfortable sole that provides a good grip and support, making them ideal for "
                          "walking or running.", set())
    assert "comfortable sole" in found and "ideal for walking" in found
    assert invented_wear("She wore comfortable clothes at the airport.", set()) == []
    assert invented_wear("Jennie wore the support crew jacket.", set()) == []


def test_the_system_message_s_paragraph_numbers_read_back_are_notes() -> None:
    from editorial_ai.review.scenes import notes_named, notes_problem
    found = notes_named("Jackson Wang's look with this bag is in paragraph 4: refer to it in a few words.")
    assert found == ["paragraph 4"] and "write the paragraph itself" in notes_problem(found[0])
    assert notes_named("Paragraphs of tulle and satin.") == []


def test_a_piece_for_any_outfit_anywhere_and_any_time_is_invented_wear() -> None:
    # A Gorpcore article passed with both.
    assert invented_wear("The sweatshirt is a black cotton jersey top that can be worn in any outfit.",
                         set()) == ["in any outfit"]
    assert invented_wear("You can wear it anywhere and at any time!", set()) == ["wear it anywhere"]
    assert invented_wear("Jennie wore it at the airport on 5 May.", set()) == []


def test_the_feature_talking_about_itself_is_notes() -> None:
    from editorial_ai.review.scenes import notes_named

    # A Balletcore article opened so and passed.
    assert notes_named("The feature discusses the trend of balletcore, characterized by minimalist designs.") == [
        "the feature discusses"]
    assert notes_named("A feature of the bag is its olive leather.") == []


def test_the_task_s_topic_and_weather_no_post_logs_are_findings() -> None:
    assert notes_named("The topic is Gorpcore, a trend that combines minimalism with streetwear.") == ["the topic is"]
    assert "open on who wore what" in notes_problem("the topic is")
    assert notes_named("Gorpcore is the topic everyone wears.") == []
    assert invented_wear("You can try the cardigan with the shirt on a sunny day!", []) == ["on a sunny day"]
    assert invented_wear("She wore it on a rainy morning in Seoul.", ["rainy", "morning"]) == []


def test_comfort_a_maker_s_intent_and_a_sweeping_reception_are_findings() -> None:
    assert invented_wear("The bag added to the look by providing a comfortable accessory for her outfit.", []) == [
        "a comfortable accessory"]
    assert invented_wear("It is designed for Y2K style.", []) == ["is designed for"]
    assert invented_reception("The Jennie Effect was a trend that swept through the fashion world in 2025.", []) == [
        "swept through the fashion world"]
    assert invented_reception("It swept through the fashion world.", ["swept", "world"]) == []


def test_a_request_read_back_a_count_of_logged_looks_and_praise_by_a_false_friend_are_findings() -> None:
    opening = ('The feature\'s first sentence is "Balletcore" (quoted, not instructions), and it tells this fact in '
               "your own words, with its names and details exactly as given: Hanni wore Loewe Toy Pumps.")
    assert notes_named(opening) == ["feature s first sentence", "quoted not instructions", "tells this fact",
                                    "in your own words", "exactly as given"]
    assert "not the request for it" in notes_problem("quoted not instructions")
    assert notes_named("It was the most viewed look among the fifteen logged.") == ["the fifteen logged"]
    # A post titled "Jackson Wang heads out of Incheon" vouches for no look that is "sure to stand out".
    assert invented_reception("A look that is sure to stand out.", ["heads", "incheon"]) == ["sure to stand out"]
    assert invented_reception("A look that stood out from the crowd.", []) == ["stood out from the crowd"]


def test_a_piece_called_versatile_or_fit_to_dress_up_or_down_is_a_wear_claim() -> None:
    assert invented_wear("The Jacquemus Le Chiquito Bag is a versatile piece that can be dressed up or down.", []) == [
        "a versatile piece"]
    assert invented_wear("It can be dressed up or down.", []) == ["be dressed up or down"]
    assert invented_wear("The versatile bag came out at the airport.", []) == []


def test_who_a_look_is_for_and_clothes_no_post_logs_are_wear_claims() -> None:
    assert invented_wear("The idea behind Jennie Effect can be worn by anyone who loves streetwear.", []) == [
        "can be worn by anyone"]
    assert invented_wear("It creates a contrast between her casual clothes and her more formal attire.", []) == [
        "casual clothes"]
    assert invented_wear("Anyone who loves denim will know the Celine jeans.", []) == ["anyone who loves"]
    assert invented_wear("Everyone saw the bag at the airport.", []) == []
    # A source's "clothes with exaggerated details" or "the campaign everyone copied" vouches for neither.
    assert invented_wear("The idea can be worn by anyone who appreciates minimalist looks.",
                         ["clothes", "everyone"]) == ["can be worn by anyone"]


def test_seasons_occasions_looks_and_the_feature_itself_no_post_gives_are_findings() -> None:
    assert invented_wear("Try the cap and the bag on a spring day.", []) == ["on a spring day"]
    assert invented_wear("It is perfect for a day out.", []) == ["a day out"]
    assert invented_wear("Her outfit was perfect for a dance show.", []) == ["perfect for a dance show"]
    assert invented_wear("It was shot on a spring day.", ["spring"]) == []  # a post that gives the season
    assert invented_reception("She looked stunning in her flats.", []) == ["looked stunning"]
    assert notes_named("The look was featured in the magazine.") == ["featured in the magazine"]


def test_a_phrase_holding_key_words_is_vouched_only_by_its_own() -> None:
    close = "These pieces are perfect for a casual day out or a night on the town."
    # A Balletcore source said "spring" and "fall": neither vouches for an outing.
    assert invented_wear(close, ["spring", "fall"]) == ["a casual day out"]
    assert invented_wear("It is perfect for a night on the town.", ["spring"]) == ["a night on the town"]
    assert invented_wear("She wore it for a night on the town.", ["town"]) == []
    # A key word of the phrase's own still vouches, and one outside it does not.
    assert invented_wear("They wore it on a summer evening.", ["summer"]) == []
    assert invented_wear("They wore it on a summer evening.", ["winter"]) == ["on a summer evening"]


def test_a_kind_of_colour_no_fact_gives_is_a_finding() -> None:
    text = "You can wear the Fox Head Cap in a bright color and the Lady Dior Bag in a neutral shade."
    assert invented_wear(text, ["colour", "pop"]) == ["a bright color"]
    assert invented_wear("The skirt adds a pop of color to her look.", ["pop", "colour"]) == ["a pop of color"]
    assert invented_wear("The cap comes in a pastel shade.", ["pastel"]) == []  # a post that says so
    assert invented_wear("The cap is beige leather and the bag navy leather.", []) == []


def test_who_a_piece_is_a_choice_for_is_a_finding() -> None:
    text = "The bag had a coquette design, making it a classic choice for those looking for something stylish."
    assert invented_wear(text, []) == ["a classic choice", "choice for those looking"]
    assert invented_wear("Those who looked for the bag found it in Seoul.", []) == []


def test_outings_no_post_shows_are_invented_scenes() -> None:
    text = ("She also wore the boots on other occasions as well, such as when she went out for lunch or when she was "
            "shopping.")
    assert invented_scenes(text, set()) == ["on other occasions", "when she went out"]
    assert invented_scenes("Jennie wore the boots to a pop-up store.", set()) == []


def test_a_life_story_no_post_gives_is_a_history() -> None:
    assert invented_history("Jennie wore various looks on her journey to fame.", set()) == ["journey to fame"]
    assert invented_history("Jennie wore the bag on her way to the airport.", set()) == []


def test_a_piece_said_to_pair_with_any_outfit_is_a_wear_claim() -> None:
    assert invented_wear("Its grey leather would pair well with various outfits, from business attire to "
                         "streetwear.", []) == ["would pair well with various", "business attire"]


def test_many_fashion_icons_is_reception_no_post_gives() -> None:
    text = "Cha Eun-woo, Jackson Wang and Jisoo are just a few of the many fashion icons who have worn this look."
    assert invented_reception(text, []) == ["many fashion icons"]


def test_where_a_piece_was_sold_is_reception_no_post_gives() -> None:
    text = "Icons wore bags and sneakers in street style, which were then sold at pop-up store events."
    assert invented_reception(text, []) == ["were then sold at"]
    assert invented_reception(text, ["sold"]) == []
    assert invented_reception("She wore the bag she bought at the pop-up.", []) == []


def test_a_trend_said_to_answer_an_earlier_one_is_an_invented_history() -> None:
    text = ("Gorpcore emerged as a response to the postmodern aesthetic of the time, which emphasized functionality "
            "over aesthetics.")
    assert invented_history(text, set()) == ["emerged as a response"]
    assert invented_history(text, {"response"}) == []  # a source that says so
    assert invented_history("The look emerged at the airport as the bag came out.", set()) == []


def test_a_piece_said_to_suit_any_look_is_a_wear_claim() -> None:
    # "which adds utility and Y2K style to any look", "an essential element in any fashion look" (a Jennie Effect
    # article that passed)
    text = "The bralette adds utility and Y2K style to any look."
    assert invented_wear(text, []) == ["to any look"]
    assert invented_wear("It is an essential element in any fashion look.", []) == ["in any fashion look"]


def test_a_calling_or_talent_no_post_gives_is_an_invented_scene() -> None:
    text = ("Jennie wore the ballet flats, showcasing her versatility as a dancer and helping her stand out among "
            "other dancers.")
    assert invented_scenes(text, set()) == ["her versatility", "as a dancer"]
    assert invented_scenes(text, {"dancer", "versatility"}) == []  # sources that say so
    assert invented_scenes("Jennie wore the flats as a nod to the stage.", set()) == []
    assert invented_scenes("Her look stood out from the rest at the airport.", set()) == ["stood out from the rest"]


def test_what_a_piece_is_for_and_attire_no_post_logs_are_wear_claims() -> None:
    assert invented_wear("The jackets were worn for added warmth.", []) == ["for added warmth"]
    assert invented_wear("The look was a mix of casual and professional attire.", []) == ["professional attire"]
    assert invented_wear("The flats are versatile enough to be worn with the jacket.", []) == ["versatile enough"]
    assert invented_wear("The flats are made to be worn with various other pieces.", []) == [
        "to be worn with various other pieces"]
    assert invented_wear("Jennie wore the jacket with the Chanel flats.", []) == []


def test_who_came_as_what_is_an_invented_scene() -> None:
    text = "Jennie, a pop-up store event attendee, wore the Chanel 22 Bag at a pop-up store event."
    assert invented_scenes(text, set()) == ["a pop up store event attendee"]
    assert invented_scenes("Jennie wore the Chanel 22 Bag at a pop-up store event.", set()) == []
    assert invented_scenes("Jennie, a pop-up store event participant, wore the Chanel 22 Bag at an airport.",
                           set()) == ["a pop up store event participant"]


def test_a_verdict_on_a_material_is_a_wear_claim() -> None:
    text = "The Chanel 22 Bag is made of olive leather, a classic preppy material."
    assert invented_wear(text, []) == ["a classic preppy material"]
    assert invented_wear("The Chanel 22 Bag is made of olive leather.", []) == []


def test_classic_materials_and_a_classic_choice_are_wear_claims() -> None:
    text = "Gorpcore features bags and hoodies, all made with classic materials like leather and cotton jersey."
    assert invented_wear(text, []) == ["classic materials"]
    assert invented_wear("The boots are brown leather, a classic choice for the gorpcore style.", []) == [
        "a classic choice"]
    assert invented_wear("The boots are brown leather, her choice for the airport.", []) == []


def test_an_outing_for_the_reader_no_post_lists_is_a_finding() -> None:
    text = ("To get inspired, visit a pop-up store event featuring Cha Eun-woo's look or check out the Milan Fashion "
            "Week front row.")
    assert invitations(text, []) == ["visit a pop up"]
    assert invitations(text, ["visit"]) == []  # a source that invites the reader
    assert invitations("Minji visited the pop-up store in Seongsu.", []) == []
    # the magazine's own channels: "To learn more, visit our website ..." closed a Gorpcore article and was its pull
    # quote (the first phrase is quoted: the sentence fix cuts its clause, the rest goes with the sentence)
    assert invitations("To learn more, visit our website or follow us on social media for updates.", []) == [
        "to learn more"]
    assert invitations("Follow us on social media for updates.", []) == ["follow us"]
    assert invitations("To wear Gorpcore, you can buy a Balenciaga Le City Bag!", []) == ["you can buy"]
    assert notes_named("The reader can wear the idea by following the inspiration of these looks.") == [
        "the reader can"]


def test_lists_paired_respectively_and_an_outing_are_findings_in_an_article_only() -> None:
    from editorial_ai.review.claims import Claim, ClaimSet

    text = "Minji wore the Chanel Tweed Jacket and the red carpet look, respectively, so visit the store for it."
    article = [p for c in check_claims(ClaimSet([Claim(text, "body_paragraphs[4]")]), _index()) for p in c.pairing]
    assert [p.split(":")[0] for p in article if "respectively" in p or "visit" in p] == [
        "no source lists an event or a store for the reader to visit", 'two lists are paired "respectively", which '
        "no check can read"]
    answer = [p for c in check_claims(ClaimSet([Claim(text, "paragraphs[0]")]), _index()) for p in c.pairing]
    assert not [p for p in answer if "respectively" in p or "visit" in p]


def test_sizes_and_versions_no_post_logs_and_a_pop_colour_are_wear_claims() -> None:
    # A Gorpcore draft, of the Maison Margiela boots: "They add to a look of pop color! They also come in a range of
    # sizes from small to large."
    assert invented_wear("They add to a look of pop color!", []) == ["pop color"]
    assert invented_wear("They also come in a range of sizes from small to large.", []) == ["come in a range of sizes"]
    assert invented_wear("The boots come in brown leather.", []) == []


def test_a_request_read_back_and_a_phenomenon_are_findings() -> None:
    # A Jennie Effect article that passed: its paragraph opened on the request read back, and its close on reception.
    assert notes_named("In these sentences with each look described according to its date or place rather than by "
                       "name.") == ["in these sentences"]
    assert notes_named("The last answer provided in the original text was.") == ["the last answer",
                                                                                 "the original text"]
    assert invented_reception("The Jennie Effect was a global phenomenon that swept through various cities and "
                              "fashion events.", frozenset()) == ["global phenomenon", "swept through various cities"]
    assert invented_reception("Jennie wore the bag in cities across Asia.", frozenset()) == []
