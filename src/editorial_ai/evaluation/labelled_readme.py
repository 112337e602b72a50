"""examples/labels/README.md, written with the data so its counts always match the files."""

from __future__ import annotations

from collections.abc import Mapping

_KIND_TEXT = {
    "clean": "no edit: every sentence built from the record's own sources",
    "invented_brand": "a brand and product absent from the catalog named in a body paragraph (or the answer)",
    "wrong_celebrity": "a look's celebrity swapped for a catalog artist the sources never mention",
    "unsourced_number": "a year, price, percentage or view count the sources do not hold, in the title or body",
    "wrong_pairing": "a sourced celebrity paired with a sourced product the sources tie to someone else, or to "
                     "another scene",
    "off_topic_paragraph": "a paragraph about something unrelated (text: an answer about another post)",
    "repeated_sentences": "a whole paragraph repeated, and two of its sentences repeated in another paragraph",
    "copied_example": "title and intro paragraph replaced by sentences of the editorial prompt's few-shot examples "
                      "(their fictional names swapped for the record's own; sentences with a number, date, season "
                      "or example-only fact are left out, so only originality breaks)",
    "empty_paragraphs": "every body paragraph but the first emptied; in some records every one (then format fails "
                        "too: no body text)",
    "answer_key_swapped": "answer key and correct mark moved to a distractor; the explanation still argues for "
                          "the right answer",
    "empty_explanation": "the item's explanation emptied",
    "two_keys_marked": "a second option also marked correct",
    "question_names_absent": "the question names an artist the passages and the answer do not; the answer is clean",
    "invented_relation": "a family or romantic tie (sister, boyfriend, mother...) the sources never state, about a "
                         "sourced celebrity",
    "brand_clash": "one sourced label credited with another's piece (\"Dior's new Miu Miu flats\")",
    "wrong_attribute": "a sourced piece given a colour and material its sources do not give it (\"The Chillax Fox "
                       "Tee is cut from red denim.\"), naming the piece or saying \"it\"",
}


def readme(table: str, total: int, criteria: Mapping[str, tuple[str, ...]],
           fails: Mapping[str, frozenset[str]]) -> str:
    """The README text."""
    kinds = "\n".join(
        f"| `{kind}` | {_KIND_TEXT[kind]} | {', '.join(sorted(fails[kind])) or 'none (all pass)'} |"
        for kind in fails
    )
    rubric = "\n".join(f"- `{t}`: {', '.join(f'`{c}`' for c in names)}" for t, names in criteria.items())
    return f"""# Labelled data

{total} drafts with human labels by construction, generated from the shipped **sample** catalog
(`src/editorial_ai/data/sample_catalog.json`) by `src/editorial_ai/evaluation/labelled_data.py`:

```bash
python -m editorial_ai.evaluation.labelled_data examples/labels          # regenerate (byte-for-byte reproducible)
python -m editorial_ai.evaluation.labelled_data examples/labels --check  # exit 1 if these files are out of date
editorial-ai calibrate --labels examples/labels/fashion_magazine.jsonl   # the reviewer against these labels
```

Regenerate after changing the sample catalog or the editorial prompt's few-shot example (the `copied_example`
records copy whatever `prompts/editorial.py` exports).

## Records

One JSON object per line, in the calibration format of `evaluation/calibrate_run.py`:
`id`, `content_type`, `split` (`tune` | `test`), `perturbation` (a kind below or `clean`), `sources`, `draft`,
`human` (every criterion of the content type: `pass` | `fail`), `human_overall`, and `edit` (what the perturbation
changed). Text records add `question`; exam items add `request` (topic, learning objective, Bloom's level) and
`group` (the item all its variants come from).

- **fashion_magazine**: `sources` are `curated_topics` and `enriched_contexts` exactly as the pipeline's source
  node builds them; `draft` is a MagazineLayout in the layout planner's block order. Clean articles have 4-5 body
  paragraphs and 300-420 words; each sentence is one of several templates over one fact group (the topic, a
  post and its products, the products together, why it spreads), so every name and number is in the sources.
- **text**: `sources` are two or three passages about catalog posts by different artists; the `question` asks
  about one of them and the `draft` is the answer, one line or a few sentences. The question is context, not a claim.
- **exam_item**: ten hand-written, medically standard single-best-answer items (with a short source passage each)
  and their variants; `draft` is an ExamItem.

## Labels

A perturbation fails exactly these criteria; every other criterion of the content type is `pass`.
`human_overall` is `fail` when any non-optional criterion fails (optional: `visual_appeal`, `blooms_match`).

| perturbation | edit | criteria labelled fail |
|---|---|---|
{kinds}

Criteria labelled per content type:

{rubric}

## Splits

Thresholds are tuned on `tune` only; figures are reported on `test`. Within each content type and perturbation,
records are ordered by a SHA-256 hash of their id and the first half is `tune`, so every kind appears in both
halves. An exam item's six variants share a `group` and stay in the same half (five items each).

{table}
"""
