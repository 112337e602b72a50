"""The shipped labelled data: counts and splits, reproducibility, and that each perturbation is the edit it claims."""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from editorial_ai.content_types.exam_item.validators import validate_exam_item
from editorial_ai.evaluation import labelled_data
from editorial_ai.evaluation.calibrate_run import load_records
from editorial_ai.evaluation.labelled_catalog import numbers_in, sample_catalog, source_text
from editorial_ai.evaluation.labelled_data import CRITERIA, FAILS, OPTIONAL, generate, labels, render_files
from editorial_ai.evaluation.labelled_fashion import sentences
from editorial_ai.models.exam_item import ExamItem
from editorial_ai.models.layout import MagazineLayout
from editorial_ai.prompts import editorial as editorial_prompt
from editorial_ai.review.grounding import normalize

EXAMPLE_TEXTS = list(getattr(editorial_prompt, "EDITORIAL_EXAMPLE_TEXTS", [editorial_prompt.EDITORIAL_EXAMPLE]))
LABELS = Path(__file__).resolve().parents[2] / "examples" / "labels"
# Words the templates may capitalise at the start of a sentence, title or quote without naming anything.
STARTERS = {"The", "In", "At", "With", "Fans", "Few", "From", "Every", "Its", "Alongside", "Why", "Readers", "For",
            "Inside", "It", "On", "A", "Which", "What", "How", "When", "Where", "Not", "After"}


@cache
def shipped() -> dict[str, list[dict[str, Any]]]:
    return {t: [json.loads(line) for line in (LABELS / f"{t}.jsonl").read_text(encoding="utf-8").splitlines()]
            for t in CRITERIA}


def of_kind(content_type: str, kind: str) -> list[dict[str, Any]]:
    return [r for r in shipped()[content_type] if r["perturbation"] == kind]


def body(record: dict[str, Any]) -> list[str]:
    return [p for b in record["draft"]["blocks"] if b["type"] == "body_text" for p in b["paragraphs"]]


def layout_texts(draft: dict[str, Any]) -> list[str]:
    texts = [draft["title"]]
    for block in draft["blocks"]:
        texts += [block.get(k, "") for k in ("overlay_title", "overlay_subtitle", "text", "quote")]
        texts += block.get("paragraphs", [])
    return [t for t in texts if t]


@cache
def catalog_words() -> frozenset[str]:
    return frozenset(w for name in sample_catalog().known_names() for w in normalize(name).split())


def unsourced(texts: list[str], sources: Any) -> list[str]:
    """Capitalised words and numbers that the sources do not contain.

    At a sentence start, a template opener (STARTERS) or an ordinary capitalised word followed by a lower-case
    one ("Brewing coffee...") is not a name, unless it is a word of a catalog name ("Lisa wore...").
    """
    source = source_text(sources) if isinstance(sources, dict) else " ".join(sources)
    words = set(normalize(source).split())
    numbers = numbers_in(source)
    missing = []
    for text in texts:
        for match in re.finditer(r"\d[\d,]*(?!\w)|\w[\w'’-]*", text):
            token = match.group(0)
            before, after = text[: match.start()].rstrip(), text[match.end():].lstrip()
            if token[0].isdigit() and re.fullmatch(r"[\d,]+", token):
                if token.rstrip(",").replace(",", "") not in numbers:
                    missing.append(token)
                continue
            if not (token[0].isupper() or token[0].isdigit()):
                continue
            key = normalize(re.sub(r"['’]s$", "", token))
            opener = token in STARTERS or (after[:1].islower() and key not in catalog_words())
            if (not before or before[-1] in '.!?:"') and opener:
                continue
            if not set(key.split()) <= words:
                missing.append(token)
    return missing


def test_counts_labels_and_splits() -> None:
    data = shipped()
    assert sum(len(r) for r in data.values()) >= 300
    assert len(data["fashion_magazine"]) >= 150 and len(data["text"]) >= 90 and len(data["exam_item"]) >= 50
    for content_type, records in data.items():
        assert len({r["id"] for r in records}) == len(records)
        splits = Counter(r["split"] for r in records)
        assert abs(splits["tune"] - splits["test"]) <= len(records) * 0.1, splits
        for kind in {r["perturbation"] for r in records}:
            kind_splits = {r["split"] for r in records if r["perturbation"] == kind}
            assert kind_splits == {"tune", "test"}, (content_type, kind)
        for record in records:
            assert set(record["human"]) == set(CRITERIA[content_type])
            failing = {c for c, v in record["human"].items() if v == "fail"}
            expected = set(FAILS[record["perturbation"]]) & set(CRITERIA[content_type])
            assert expected <= failing, record["id"]
            assert record["human_overall"] == ("fail" if failing - OPTIONAL else "pass")
    kinds = {r["perturbation"] for r in data["fashion_magazine"]}
    assert kinds == {"clean", "invented_brand", "wrong_celebrity", "unsourced_number", "wrong_pairing",
                     "off_topic_paragraph", "repeated_sentences", "copied_example", "empty_paragraphs",
                     "invented_relation", "brand_clash", "wrong_attribute"}


def test_exam_variants_of_one_item_stay_in_one_split() -> None:
    by_group: dict[str, set[str]] = {}
    for record in shipped()["exam_item"]:
        by_group.setdefault(record["group"], set()).add(record["split"])
    assert all(len(splits) == 1 for splits in by_group.values())
    assert Counter(next(iter(s)) for s in by_group.values()) == {"tune": 5, "test": 5}


def test_labels_follow_the_shared_mapping() -> None:
    human, overall = labels("fashion_magazine", "wrong_pairing")
    assert [c for c, v in human.items() if v == "fail"] == ["fact_accuracy"] and overall == "fail"
    human, overall = labels("text", "off_topic_paragraph")
    assert [c for c, v in human.items() if v == "fail"] == ["relevance"]
    assert labels("text", "question_names_absent") == ({c: "pass" for c in CRITERIA["text"]}, "pass")
    human, _ = labels("exam_item", "answer_key_swapped")
    assert {c for c, v in human.items() if v == "fail"} == {"key_consistency", "clinical_accuracy"}


def test_generation_is_byte_for_byte_reproducible_and_matches_the_shipped_files() -> None:
    first, second = render_files(generate()), render_files(generate())
    assert first == second
    for name, text in first.items():
        assert (LABELS / name).read_text(encoding="utf-8") == text, (
            f"{name} is out of date: python -m editorial_ai.evaluation.labelled_data examples/labels")
    assert labelled_data.main([str(LABELS), "--check"]) == 0


def test_check_mode_reports_a_stale_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert labelled_data.main([str(tmp_path), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert labelled_data.main([str(tmp_path)]) == 0
    assert labelled_data.main([str(tmp_path), "--check"]) == 0


def test_files_load_as_calibration_records() -> None:
    for content_type in CRITERIA:
        records = load_records(LABELS / f"{content_type}.jsonl")
        assert {r.content_type for r in records} == {content_type}
        assert all(r.human and r.human_overall is not None for r in records)


def test_clean_articles_are_grounded_valid_and_long_enough() -> None:
    clean = of_kind("fashion_magazine", "clean")
    assert len(clean) >= 30
    for record in clean:
        MagazineLayout.model_validate(record["draft"])
        assert unsourced(layout_texts(record["draft"]), record["sources"]) == [], record["id"]
        paragraphs = body(record)
        assert len(paragraphs) >= 4 and sum(len(p.split()) for p in paragraphs) >= 300
    assert len({r["draft"]["blocks"][2]["paragraphs"][0] for r in clean}) == len(clean)  # no two alike


def test_every_fashion_layout_validates_and_sources_have_the_pipeline_shape() -> None:
    for record in shipped()["fashion_magazine"]:
        MagazineLayout.model_validate(record["draft"])
        topic = record["sources"]["curated_topics"][0]
        assert {"keyword", "trend_background", "celebrities", "brands_products"} <= set(topic)
        for post in record["sources"]["enriched_contexts"]:
            assert {"post_id", "artist_name", "group_name", "title", "context", "view_count", "solutions"} <= set(post)
            assert all({"solution_id", "title", "brand", "metadata"} <= set(s) for s in post["solutions"])


@pytest.mark.parametrize("kind", ["wrong_pairing", "off_topic_paragraph", "repeated_sentences", "copied_example",
                                  "empty_paragraphs"])
def test_perturbations_that_keep_hallucination_passing_add_no_unsourced_name(kind: str) -> None:
    for record in of_kind("fashion_magazine", kind):
        assert unsourced(body(record), record["sources"]) == [], record["id"]


def test_invented_brand_is_in_the_body_and_nowhere_in_sources_or_catalog() -> None:
    catalog = " | ".join(normalize(n) for n in sample_catalog().known_names())
    for record in of_kind("fashion_magazine", "invented_brand"):
        name = record["edit"]["name"]
        assert any(name in p for p in body(record))
        assert set(record["edit"]["brand"].split()) <= set(unsourced(body(record), record["sources"]))
        assert normalize(record["edit"]["brand"]) not in normalize(source_text(record["sources"]))
        assert normalize(record["edit"]["brand"]) not in catalog
        assert normalize(name) not in "\n".join(normalize(t) for t in EXAMPLE_TEXTS)


def test_wrong_celebrity_is_a_catalog_artist_missing_from_the_sources() -> None:
    for record in of_kind("fashion_magazine", "wrong_celebrity"):
        name = record["edit"]["name"]
        assert name in sample_catalog().artists
        assert any(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", p) for p in body(record))
        assert set(name.split()) <= set(unsourced(body(record), record["sources"]))


def test_unsourced_number_is_in_the_title_or_body_and_not_in_the_sources() -> None:
    places: Counter[str] = Counter()
    for record in of_kind("fashion_magazine", "unsourced_number"):
        number, where = record["edit"]["number"], record["edit"]["where"]
        texts = [record["draft"]["title"]] if where == "title" else body(record)
        assert any(number in t for t in texts)
        assert number.replace(",", "") not in numbers_in(source_text(record["sources"]))
        places[where] += 1
    assert places["title"] >= 1 and places["body"] >= 1


def test_wrong_pairing_ties_a_sourced_celebrity_to_a_product_the_sources_give_someone_else() -> None:
    for record in of_kind("fashion_magazine", "wrong_pairing"):
        edit = record["edit"]
        assert any(edit["inserted"] in p for p in body(record))
        ties = {(post["artist_name"], post["context"], sol["title"])
                for post in record["sources"]["enriched_contexts"] for sol in post["solutions"]}
        assert any(p == edit["product"] for _, _, p in ties)
        assert (edit["artist"], edit["context"], edit["product"]) not in ties
        if edit["pairing"] == "celebrity":
            assert all(a != edit["artist"] for a, _, p in ties if p == edit["product"])


def test_off_topic_paragraph_shares_no_topic_word() -> None:
    stop = {"the", "a", "an", "and", "of", "in", "on", "to", "for", "with", "is", "it", "its", "at", "by", "from",
            "as", "that", "what", "but", "than", "more", "one", "up", "out", "over"}
    for record in of_kind("fashion_magazine", "off_topic_paragraph"):
        paragraph = record["edit"]["inserted"]
        assert paragraph in body(record)
        sources = record["sources"]
        topic_words = set(normalize(sources["curated_topics"][0]["keyword"]).split())
        for post in sources["enriched_contexts"]:
            topic_words |= set(normalize(f"{post['artist_name']} {post['context']}").split())
            for sol in post["solutions"]:
                topic_words |= set(normalize(f"{sol['title']} {sol['brand']}").split())
        assert set(normalize(paragraph).split()) & (topic_words - stop) == set(), record["id"]


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def test_repeated_sentences_repeat_a_paragraph_and_sentences() -> None:
    for record in of_kind("fashion_magazine", "repeated_sentences"):
        paragraphs = body(record)
        assert paragraphs.count(record["edit"]["repeated"]) == 2
        counts = Counter(s for p in paragraphs for s in _sentences(p))
        assert sum(n - 1 for n in counts.values() if n > 1) >= 4


def _ngrams(text: str, n: int = 5) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z']+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_copied_example_shares_ngrams_with_the_prompt_example_and_clean_records_do_not() -> None:
    example = _ngrams(" ".join(EXAMPLE_TEXTS))
    for record in of_kind("fashion_magazine", "copied_example"):
        assert len(_ngrams(" ".join(layout_texts(record["draft"]))) & example) >= 15, record["id"]
    for record in of_kind("fashion_magazine", "clean"):
        assert len(_ngrams(" ".join(layout_texts(record["draft"]))) & example) <= 1, record["id"]


def test_empty_paragraphs_leave_at_most_one_paragraph_and_fail_format_only_without_body_text() -> None:
    records = of_kind("fashion_magazine", "empty_paragraphs")
    for record in records:
        filled = [p for p in body(record) if p.strip()]
        assert len(filled) <= 1 and len(body(record)) >= 4
        assert (record["human"]["format"] == "fail") == (not filled)
    assert {bool([p for p in body(r) if p.strip()]) for r in records} == {True, False}


def test_text_records_clean_answers_are_grounded_and_perturbations_are_real() -> None:
    for record in shipped()["text"]:
        assert record["question"].endswith("?") and record["draft"].strip()
        kind, edit, passages = record["perturbation"], record["edit"], record["sources"]
        if kind in ("clean", "question_names_absent", "wrong_pairing", "off_topic_paragraph"):
            assert unsourced([record["draft"]], passages) == [], record["id"]
        if kind in ("invented_brand", "wrong_celebrity"):
            assert edit["name"] in record["draft"]
            assert normalize(edit["name"]) not in normalize(" ".join(passages))
        if kind == "unsourced_number":
            assert edit["number"] in record["draft"]
            assert edit["number"].replace(",", "") not in numbers_in(" ".join(passages))
        if kind == "question_names_absent":
            name = edit["question_names"]
            assert name in record["question"] and name not in record["draft"] and name not in " ".join(passages)
        if kind == "wrong_pairing":
            assert edit["inserted"] in record["draft"]


def test_exam_items_validate_and_swapped_keys_point_elsewhere() -> None:
    items = {(r["group"], r["perturbation"], r["id"].rsplit("-", 1)[1]): r for r in shipped()["exam_item"]}
    assert len({g for g, _, _ in items}) >= 8
    for (group, kind, order), record in items.items():
        item = ExamItem.model_validate(record["draft"])
        result = validate_exam_item(item)
        assert result.is_valid == (record["human"]["validation"] == "pass"), record["id"]
        if kind == "clean":
            assert not result.warnings() and len(item.vignette) >= 100
        if kind == "answer_key_swapped":
            clean = ExamItem.model_validate(items[(group, "clean", order)]["draft"])
            assert item.answer_key != clean.answer_key
            keyed, clean_keyed = item.keyed_index(), clean.keyed_index()
            assert keyed is not None and clean_keyed is not None
            assert item.options[keyed].text != clean.options[clean_keyed].text
            assert item.explanation == clean.explanation


def test_no_fashion_record_says_one_sentence_twice_unless_that_is_its_perturbation() -> None:
    for record in shipped()["fashion_magazine"]:
        if record["perturbation"] == "repeated_sentences":
            continue
        paragraphs = [p for block in record["draft"]["blocks"] if block["type"] == "body_text"
                      for p in block["paragraphs"]]
        said = [s.casefold() for paragraph in paragraphs for s in sentences(paragraph)]
        assert paragraphs and len(said) == len(set(said)), record["id"]
