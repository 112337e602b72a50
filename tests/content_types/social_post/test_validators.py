"""The desk's checks: each platform's length rule, hashtags, links, grounding in the article, relevance and
distinct captions, each finding naming its platform."""

from __future__ import annotations

import pytest

from editorial_ai.content_types.social_post.models import ArticleFacts, Caption, SocialPosts
from editorial_ai.content_types.social_post.platforms import INSTAGRAM, LINKEDIN, X_LINK_CHARS, X
from editorial_ai.content_types.social_post.validators import Finding, check_posts, key_terms

URL = "/articles/abc"
FACTS = ArticleFacts(
    content_id="abc", title="The Jennie Effect: How One Idol Dresses a Season", keyword="Jennie Effect", url=URL,
    paragraphs=["Jennie of BLACKPINK pairs Chanel pieces with Calvin Klein denim at Paris Fashion Week."],
    names=["Jennie", "Chanel Chanel 22 Bag"], hashtags=["#JennieEffect", "#Jennie", "#Chanel"],
    passages=["Jennie BLACKPINK airport: Chanel 22 Bag, seen 120 times"],
)
GOOD = {
    "instagram": "Jennie of BLACKPINK pairs Chanel pieces with Calvin Klein denim, and fans copy the pairing rather "
                 "than the price tag.",
    "x": "How Jennie turns Chanel and Calvin Klein into instant classics.",
    "linkedin": "The Jennie Effect shows how one outfit can move a season: Jennie pairs Chanel pieces with Calvin "
                "Klein denim at Paris Fashion Week, and the mix is easy enough for every reader to copy at home.",
}


def posts(**texts: str) -> SocialPosts:
    captions = []
    for platform in (INSTAGRAM, X, LINKEDIN):
        text = texts.get(platform.name, GOOD[platform.name])
        captions.append(Caption(platform=platform.name, text=text, hashtags=FACTS.hashtags[: platform.max_hashtags],
                                link=URL if platform.links else ""))
    return SocialPosts(keyword=FACTS.keyword, title="Social posts", article_id="abc", article_title=FACTS.title,
                       article_url=URL, captions=captions)


def by_check(findings: list[Finding]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for finding in findings:
        out.setdefault(finding.check, []).append(finding.platform)
    return out


def test_good_captions_pass_every_check() -> None:
    assert check_posts(posts(), FACTS) == []


def test_x_counts_any_link_as_23_characters_and_each_hashtag_with_its_space() -> None:
    assert X.post_length("a" * 100, ["#Jennie"], URL * 10) == 100 + 8 + 1 + X_LINK_CHARS
    assert LINKEDIN.post_length("a" * 100, [], URL) == 100 + 1 + len(URL)
    assert INSTAGRAM.post_length("a" * 100, [], URL) == 100  # Instagram captions carry no link


@pytest.mark.parametrize(("platform", "text", "fragment"), [
    ("x", "Jennie wears Chanel. " * 13, "over the platform's 280"),
    ("x", "Jennie.", "under the desk's 40"),
    ("instagram", "Jennie wears Chanel.", "under the desk's 80"),
    ("linkedin", "Jennie wears Chanel. " * 150, "over the platform's 3000"),
])
def test_each_platform_has_its_length_rule(platform: str, text: str, fragment: str) -> None:
    findings = check_posts(posts(**{platform: text}), FACTS)
    assert [(f.check, f.platform) for f in findings] == [("length", platform)]
    assert fragment in findings[0].message


def test_x_tells_the_writer_its_text_budget_beside_the_desk_hashtags_and_link() -> None:
    findings = check_posts(posts(x="Jennie wears Chanel. " * 13), FACTS)
    budget = 280 - (len("#JennieEffect") + 1 + len("#Jennie") + 1) - (1 + X_LINK_CHARS)
    assert f"at most {budget} characters" in findings[0].message


def test_too_many_hashtags_and_a_written_link_are_found_per_platform() -> None:
    findings = check_posts(posts(x="Jennie wears #Chanel #Style now, see https://example.com/jennie"), FACTS)
    assert by_check(findings) == {"hashtags": ["x"], "links": ["x"]}


def test_names_and_figures_missing_from_the_article_and_its_sources_are_found() -> None:
    findings = check_posts(posts(linkedin=GOOD["linkedin"] + " Atelier Nordlys sold 4,000 coats."), FACTS)
    assert by_check(findings) == {"grounding": ["linkedin"]}
    assert "Atelier Nordlys" in findings[0].message and "4,000" in findings[0].message
    # A figure of the catalog records counts as sourced, and hashtags or handles are not claims.
    assert check_posts(posts(instagram=GOOD["instagram"] + " Seen 120 times. #Seoul @jennierubyjane"), FACTS) == []


def test_a_caption_that_names_nothing_of_the_article_fails_relevance() -> None:
    quiet = "Quiet luxury is here, and it is all about texture, calm colours and the pieces you already own."
    findings = check_posts(posts(instagram=quiet), FACTS)
    assert by_check(findings) == {"relevance": ["instagram"]}
    assert {"jennie", "effect", "chanel"} <= key_terms(FACTS)


def test_a_caption_pasted_on_two_platforms_and_a_missing_one_are_found() -> None:
    pasted = posts(instagram=GOOD["linkedin"])
    assert by_check(check_posts(pasted, FACTS)) == {"distinct": ["linkedin"]}
    missing = posts()
    missing.captions = missing.captions[:2]
    assert by_check(check_posts(missing, FACTS)) == {"format": ["linkedin"]}
