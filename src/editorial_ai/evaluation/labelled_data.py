"""Labelled data the project ships and tests on: perturbed drafts from the sample catalog, labels by construction.

    python -m editorial_ai.evaluation.labelled_data examples/labels          # (re)generate the files
    python -m editorial_ai.evaluation.labelled_data examples/labels --check  # fail if the files differ

Records follow the calibration format of evaluation/calibrate_run.py (`id, content_type, sources, draft,
human{criterion: pass|fail}, human_overall`) plus `split` (tune | test), `perturbation` (a kind or "clean"),
`question` (text records), `request` (exam items) and `edit` (what the perturbation changed). A perturbation
fails exactly the criteria of `FAILS`; every other criterion of the content type is labelled pass. Generation
is deterministic (fixed seed, string-seeded RNGs), so the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from editorial_ai.evaluation.labelled_catalog import Catalog, Topic, build_sources, sample_catalog, topics
from editorial_ai.evaluation.labelled_exam_items import EXAM_ITEMS
from editorial_ai.evaluation.labelled_fashion import Article, Look, compose, render, sentences, tidy
from editorial_ai.evaluation.labelled_perturb import (
    FASHION_LATER_PERTURBATIONS,
    FASHION_LATEST_PERTURBATIONS,
    FASHION_PERTURBATIONS,
)
from editorial_ai.evaluation.labelled_text import TEXT_PERTURBATIONS, build_case, perturb

SEED = 8
CRITERIA: dict[str, tuple[str, ...]] = {
    "fashion_magazine": ("format", "hallucination", "fact_accuracy", "content_completeness", "trend_relevance",
                         "repetition", "originality", "visual_appeal"),
    "text": ("format", "hallucination", "fact_accuracy", "relevance"),
    "exam_item": ("validation", "key_consistency", "clinical_accuracy", "pedagogical_alignment",
                  "distractor_quality", "slo_coverage", "blooms_match"),
}
# Optional criteria never decide a human's overall verdict.
OPTIONAL = frozenset({"visual_appeal", "blooms_match"})
FAILS: dict[str, frozenset[str]] = {
    "clean": frozenset(),
    "invented_brand": frozenset({"hallucination", "fact_accuracy"}),
    "wrong_celebrity": frozenset({"hallucination", "fact_accuracy"}),
    "unsourced_number": frozenset({"hallucination", "fact_accuracy"}),
    "wrong_pairing": frozenset({"fact_accuracy"}),
    "off_topic_paragraph": frozenset({"trend_relevance", "relevance"}),
    "repeated_sentences": frozenset({"repetition"}),
    "copied_example": frozenset({"originality"}),
    "empty_paragraphs": frozenset({"content_completeness"}),  # + format when no body text is left
    "answer_key_swapped": frozenset({"key_consistency", "clinical_accuracy"}),
    "empty_explanation": frozenset({"validation"}),
    "two_keys_marked": frozenset({"validation"}),
    "question_names_absent": frozenset(),
    "invented_relation": frozenset({"hallucination", "fact_accuracy"}),
    "brand_clash": frozenset({"fact_accuracy"}),
    "wrong_attribute": frozenset({"fact_accuracy"}),
}
FASHION_PLAN = {"clean": 40, **{kind: 15 for kind in FASHION_PERTURBATIONS}}
FASHION_LATER_PLAN = {kind: 12 for kind in FASHION_LATER_PERTURBATIONS}
FASHION_LATEST_PLAN = {kind: 12 for kind in FASHION_LATEST_PERTURBATIONS}
TEXT_PLAN = {"clean": 28, **{kind: 12 for kind in TEXT_PERTURBATIONS}}
MIN_CLEAN_WORDS = 300


def labels(content_type: str, kind: str, also_fail: Iterable[str] = ()) -> tuple[dict[str, str], str]:
    """Every criterion of the type labelled by construction, and the overall verdict."""
    failing = (FAILS[kind] | set(also_fail)) & set(CRITERIA[content_type])
    human = {c: ("fail" if c in failing else "pass") for c in CRITERIA[content_type]}
    overall = "fail" if failing - OPTIONAL else "pass"
    return human, overall


def _plan(counts: dict[str, int], rng: random.Random) -> list[str]:
    kinds = [kind for kind, n in counts.items() for _ in range(n)]
    rng.shuffle(kinds)
    return kinds


def _fashion_scenario(rng: random.Random, catalog: Catalog, choices: list[Topic]) -> tuple[Article, dict[str, Any]]:
    while True:
        topic = rng.choice(choices)
        matching = sorted((p for p in catalog.posts if topic.matches(p) and topic.products_of(p)),
                          key=lambda p: (-p.views, p.id))
        focus = rng.sample(matching[:8], min(len(matching[:8]), rng.choice((2, 3, 3))))
        rest = [p for p in matching if p not in focus]
        extras = rng.sample(rest, min(len(rest), rng.randrange(3)))
        looks = [Look(post, tuple(topic.products_of(post)[:2])) for post in focus]
        article = compose(rng, topic, looks)
        said = [s.casefold() for paragraph in article.paragraphs for s in sentences(paragraph)]
        # Two looks with the same piece can compose one sentence twice: a clean record must be clean by construction.
        if article.body_words() >= MIN_CLEAN_WORDS and len(article.paragraphs) >= 4 and len(set(said)) == len(said):
            return article, build_sources(topic.keyword, focus + extras)


def fashion_records(catalog: Catalog) -> list[dict[str, Any]]:
    """~185 fashion_magazine records: clean articles and one perturbation each."""
    choices = topics(catalog)
    records = []
    plan = _plan(FASHION_PLAN, random.Random(f"{SEED}:fashion-plan"))
    plan += _plan(FASHION_LATER_PLAN, random.Random(f"{SEED}:fashion-later-plan"))
    plan += _plan(FASHION_LATEST_PLAN, random.Random(f"{SEED}:fashion-latest-plan"))
    perturbations = FASHION_PERTURBATIONS | FASHION_LATER_PERTURBATIONS | FASHION_LATEST_PERTURBATIONS
    for index, kind in enumerate(plan):
        rng = random.Random(f"{SEED}:fashion:{index}")
        while True:
            article, sources = _fashion_scenario(rng, catalog, choices)
            edit: dict[str, Any] = {}
            if kind != "clean":
                result = perturbations[kind](article, sources, rng, catalog)
                if result is None:
                    continue
                article, edit = result
                edit = json.loads(tidy(json.dumps(edit, ensure_ascii=False)))
            break
        human, overall = labels("fashion_magazine", kind, ["format"] if edit.get("no_body_text") else [])
        records.append({"id": f"fm-{index:03d}-{kind}", "content_type": "fashion_magazine", "perturbation": kind,
                        "sources": sources, "draft": render(article), "human": human, "human_overall": overall,
                        "edit": edit})
    return records


def text_records(catalog: Catalog) -> list[dict[str, Any]]:
    """~100 text records: passages, a question, a clean or perturbed answer."""
    records = []
    for index, kind in enumerate(_plan(TEXT_PLAN, random.Random(f"{SEED}:text-plan"))):
        rng = random.Random(f"{SEED}:text:{index}")
        edit: dict[str, Any] = {}
        while True:
            case = build_case(rng, catalog, long_answer=rng.random() < 0.5)
            if kind == "clean":
                question, answer = case.question, case.answer
                break
            result = perturb(kind, case, rng, catalog)
            if result is not None:
                question, answer, edit = result
                break
        human, overall = labels("text", kind)
        records.append({"id": f"tx-{index:03d}-{kind}", "content_type": "text", "perturbation": kind,
                        "question": tidy(question), "sources": list(case.passages), "draft": tidy(answer),
                        "human": human,
                        "human_overall": overall, "edit": edit})
    return records


def _reordered(item: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The same item with its options in another order and the key following the correct option."""
    out = copy.deepcopy(item)
    correct = "ABCDE".index(item["answer_key"])
    while True:
        order = rng.sample(range(len(item["options"])), len(item["options"]))
        if order.index(correct) != correct:
            break
    out["options"] = [copy.deepcopy(item["options"][i]) for i in order]
    out["answer_key"] = "ABCDE"[order.index(correct)]
    return out


def _swap_key(item: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """The key and the correct mark moved to a distractor; the explanation still argues for the old answer."""
    out = copy.deepcopy(item)
    old = "ABCDE".index(item["answer_key"])
    new = rng.choice([i for i in range(len(item["options"])) if i != old])
    for i, option in enumerate(out["options"]):
        option["is_correct"] = i == new
    out["answer_key"] = "ABCDE"[new]
    return out, {"from": item["answer_key"], "to": out["answer_key"], "keyed_text": out["options"][new]["text"]}


def exam_records() -> list[dict[str, Any]]:
    """60 exam_item records: 10 clean items, reordered, with swapped keys, emptied explanations, two keys."""
    records = []
    for entry in EXAM_ITEMS:
        rng = random.Random(f"{SEED}:exam:{entry['slug']}")
        base = entry["item"]
        reordered = _reordered(base, rng)
        swapped, swap_note = _swap_key(base, rng)
        swapped_reordered, swap_note_r = _swap_key(reordered, rng)
        no_explanation = {**copy.deepcopy(base), "explanation": ""}
        two_keys = copy.deepcopy(reordered)
        extra = rng.choice([i for i, o in enumerate(two_keys["options"]) if not o["is_correct"]])
        two_keys["options"][extra]["is_correct"] = True
        variants = [
            ("clean", "original", base, {}), ("clean", "reordered", reordered, {"options": "reordered"}),
            ("answer_key_swapped", "original", swapped, swap_note),
            ("answer_key_swapped", "reordered", swapped_reordered, swap_note_r),
            ("empty_explanation", "original", no_explanation, {"explanation": "emptied"}),
            ("two_keys_marked", "reordered", two_keys, {"also_marked": "ABCDE"[extra]}),
        ]
        for kind, order, item, edit in variants:
            human, overall = labels("exam_item", kind)
            records.append({"id": f"ex-{entry['slug']}-{kind}-{order}", "content_type": "exam_item",
                            "perturbation": kind, "group": entry["slug"], "request": entry["request"],
                            "sources": {"topic": entry["request"]["topic"], "passages": [entry["passage"]]},
                            "draft": item, "human": human, "human_overall": overall, "edit": edit})
    return records


def _rank(key: str) -> str:
    return hashlib.sha256(f"{SEED}:{key}".encode()).hexdigest()


def assign_splits(records: list[dict[str, Any]]) -> None:
    """`split` per record: within each (content type, perturbation) stratum, the half with the lower id hashes
    is `tune`. Records sharing a `group` (one exam item's variants) stay together: groups are halved instead."""
    grouped = [r for r in records if "group" in r]
    groups = sorted({r["group"] for r in grouped}, key=_rank)
    tune_groups = set(groups[: (len(groups) + 1) // 2])
    for record in grouped:
        record["split"] = "tune" if record["group"] in tune_groups else "test"
    strata: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for record in records:
        if "group" not in record:
            strata.setdefault((record["content_type"], record["perturbation"]), []).append(record)
    for members in strata.values():
        members.sort(key=lambda r: _rank(r["id"]))
        for position, record in enumerate(members):
            record["split"] = "tune" if position < (len(members) + 1) // 2 else "test"


_ORDER = ("id", "content_type", "split", "perturbation", "group", "question", "request", "sources", "draft",
          "human", "human_overall", "edit")


def generate() -> dict[str, list[dict[str, Any]]]:
    """Every record, by content type, with splits assigned."""
    catalog = sample_catalog()
    by_type = {"fashion_magazine": fashion_records(catalog), "text": text_records(catalog),
               "exam_item": exam_records()}
    for records in by_type.values():
        assign_splits(records)
    return {t: [{k: r[k] for k in _ORDER if k in r} for r in records] for t, records in by_type.items()}


def counts_table(by_type: dict[str, list[dict[str, Any]]]) -> str:
    """A Markdown table of records per content type, perturbation and split."""
    lines = ["| content type | perturbation | tune | test |", "|---|---|---|---|"]
    for content_type, records in by_type.items():
        tally = Counter((r["perturbation"], r["split"]) for r in records)
        for kind in dict.fromkeys(r["perturbation"] for r in sorted(records, key=lambda r: r["perturbation"])):
            lines.append(f"| {content_type} | {kind} | {tally[(kind, 'tune')]} | {tally[(kind, 'test')]} |")
        total = Counter(r["split"] for r in records)
        lines.append(f"| **{content_type}** | all | **{total['tune']}** | **{total['test']}** |")
    return "\n".join(lines)


def render_files(by_type: dict[str, list[dict[str, Any]]]) -> dict[str, str]:
    """File name -> exact file content."""
    files = {f"{t}.jsonl": "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
             for t, records in by_type.items()}
    from editorial_ai.evaluation.labelled_readme import readme

    files["README.md"] = readme(counts_table(by_type), sum(len(r) for r in by_type.values()), CRITERIA, FAILS)
    return files


def main(argv: list[str] | None = None) -> int:
    """Write the files into DIR, or with --check report whether DIR holds exactly what would be written."""
    parser = argparse.ArgumentParser(prog="python -m editorial_ai.evaluation.labelled_data",
                                     description="Generate the shipped labelled data (examples/labels).")
    parser.add_argument("directory", type=Path)
    parser.add_argument("--check", action="store_true", help="Compare instead of writing; exit 1 on a difference.")
    args = parser.parse_args(argv)
    files = render_files(generate())
    if args.check:
        stale = [name for name, text in files.items()
                 if not (args.directory / name).is_file()
                 or (args.directory / name).read_text(encoding="utf-8") != text]
        for name in stale:
            print(f"{args.directory / name} is out of date: run without --check to regenerate it", file=sys.stderr)
        return 1 if stale else 0
    args.directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (args.directory / name).write_text(text, encoding="utf-8")
        print(f"wrote {args.directory / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
