from __future__ import annotations

from editorial_ai.review.pronouns import pronoun_clashes

PEOPLE = {"Wonyoung", "Jackson Wang", "V"}  # artists only: the caller leaves groups out


def test_a_person_given_the_other_pronouns_later_is_located() -> None:
    body = ["The campaign shows Wonyoung in a cardigan that reflects her style. Jackson Wang and V wore caps.",
            "The cardigan was worn by Wonyoung on 19 February. It added depth to his look."]
    (clash,) = pronoun_clashes(body, PEOPLE)
    assert (clash.paragraph, clash.sentence, clash.person) == (1, "It added depth to his look.", "Wonyoung")
    assert clash.problem() == ('calls Wonyoung "his" where the draft already calls Wonyoung "she/her": use '
                               '"she/her" throughout')


def test_pronouns_after_two_people_or_for_different_people_are_not_read() -> None:
    assert pronoun_clashes(["Jackson Wang and Wonyoung wore caps; his was black and her bag was grey.",
                            "Wonyoung wore a cardigan. She paired it with jeans.",
                            "V wore the cap. He wore it again at the airport."], PEOPLE) == []
    # "V of BTS" names one artist, and a name's letter inside a word ("View") is no mention.
    (clash,) = pronoun_clashes(["V of BTS wore it. His cap was navy. View counts mattered to her."], PEOPLE)
    assert clash.used == "her" and clash.person == "V"
