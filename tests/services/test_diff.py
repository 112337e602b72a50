"""Word-level side-by-side diffs of two drafts."""

from __future__ import annotations

from editorial_ai.services.diff import Segment, side_by_side, word_diff


def test_word_diff_marks_only_the_changed_words() -> None:
    left, right = word_diff("Jennie wore the Hermès bag at Incheon.", "Jennie wore the Chanel bag at Incheon.")
    assert [s for s in left if s.op == "del"] == [Segment("del", "Hermès ")]
    assert [s for s in right if s.op == "add"] == [Segment("add", "Chanel ")]
    assert "".join(s.text for s in left) == "Jennie wore the Hermès bag at Incheon."
    assert "".join(s.text for s in right) == "Jennie wore the Chanel bag at Incheon."


def test_side_by_side_aligns_kept_rewritten_added_and_removed_lines() -> None:
    before = ["# Title", "First paragraph stays.", "Second one says Hermès.", "Third goes away."]
    after = ["# Title", "First paragraph stays.", "Second one says Chanel.", "A new closing line."]
    diff = side_by_side(before, after)
    kinds = [row.kind for row in diff.rows]
    assert kinds[:2] == ["same", "same"] and "changed" in kinds
    changed = next(r for r in diff.rows if r.kind == "changed" and "Hermès" in "".join(s.text for s in r.left))
    assert [s.text for s in changed.right if s.op == "add"] == ["Chanel."]
    # a run of changed words is one highlighted phrase
    left, _ = word_diff("The Jennie Effect: How One Idol Sells", "The Jennie Effect, by the desk")
    assert [s.text for s in left if s.op == "del"] == ["Effect: How One Idol Sells"]
    assert diff.changed and diff.words_added >= 1 and diff.words_removed >= 1


def test_identical_drafts_have_no_changes() -> None:
    diff = side_by_side(["# A", "b c"], ["# A", "b c"])
    assert not diff.changed and diff.words_added == 0 and diff.words_removed == 0
    only_added = side_by_side(["# A"], ["# A", "new words here"])
    assert [r.kind for r in only_added.rows] == ["same", "added"] and only_added.words_added == 3


def test_unchanged_lines_far_from_a_change_are_folded() -> None:
    before = [f"line {i}" for i in range(10)]
    after = [*before[:5], "line five", *before[6:]]
    rows = side_by_side(before, after).folded(context=1)
    assert [r.kind for r in rows] == ["fold", "same", "changed", "same", "fold"]
    assert rows[0].folded == 4 and rows[-1].folded == 3
