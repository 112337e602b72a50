"""Public labelled consistency data (the SummaC benchmark files) in the calibration format, and the probability
judge measured on it criterion by criterion.

    python -m editorial_ai.evaluation.public_labels convert DATA_DIR OUT.jsonl      # SummaC files -> sample
    python -m editorial_ai.evaluation.public_labels score LABELS.jsonl SCORES.jsonl --model local:NAME
    python -m editorial_ai.evaluation.public_labels fit SCORES.jsonl [--labels LABELS.jsonl] [--write-reliability]

`convert` reads the benchmark's `summeval.json`, `xsumfaith.json`, `polytope.json` and `factcc.json` (objects of
`{key: {"document", "claim", "label", ...}}`, label 1 = consistent, 0 = inconsistent) and writes `text` records:
the document is the one source passage, the summary is the draft, and the label is the human verdict on the two
grounding criteria, `hallucination` and `fact_accuracy`, and overall. Only documents of at most `max_words` words
are kept (the judge reads the whole document, and a truncated one could drop what a consistent summary rests on),
the sample is balanced between labels and spread over the four files, and every (file, label) group is halved
into `tune` and `test` with a fixed seed.

`score` asks the judge each criterion's yes/no question exactly as the reviewer does (`review.judge.
judge_by_probability`, P(Yes) after the examples and the draft) and appends one line per record to a scores file
(a rerun skips the records already scored). The text rubric checks these criteria deterministically, so here
they are routed to the judge to measure the judge alone. `fit` chooses each criterion's threshold on the tune
half, measures accuracy, Cohen's kappa and confusion on the test half, and can write the figures into the
reliability table for the judge's backend (criteria below the table's `min_kappa` stay advisory).
`score --alternative-options Yes,No --alternative-scores FILE` also reads the same parts' probabilities of other
answer tokens into a second file (a diagnostic: which tokens carry the model's verdict); `fit` reads either file.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import random
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from editorial_ai.evaluation.calibrate_run import CalibrationRecord, load_records, rubric_of, select_split
from editorial_ai.evaluation.calibration import Confusion, confusion
from editorial_ai.evaluation.reliability_fit import best_threshold
from editorial_ai.llm.base import ProbabilityScorer
from editorial_ai.prompts.review import (
    build_probability_document,
    build_probability_examples,
    build_probability_question,
)
from editorial_ai.review.judge import JudgeDocument, judge_by_probability, topic_of
from editorial_ai.review.reliability import (
    DEFAULT_THRESHOLD,
    SHIPPED_TABLE,
    CriterionReliability,
    ReliabilityTable,
    load_reliability_file,
    write_reliability_file,
)
from editorial_ai.review.rubric import Criterion
from editorial_ai.review.sources import Sources

SUMMAC_FILES = ("summeval", "xsumfaith", "polytope", "factcc")
CONTENT_TYPE = "text"
JUDGED = ("hallucination", "fact_accuracy")  # the grounding criteria a consistency label speaks to
SEED = 20
PER_LABEL = 60
MAX_WORDS = 300


@dataclass(frozen=True)
class PublicItem:
    """One labelled (document, summary) pair of a benchmark file."""

    dataset: str
    key: str
    document: str
    summary: str
    consistent: bool
    origin: str = ""

    @property
    def words(self) -> int:
        return len(self.document.split())


def _consistent(value: Any) -> bool:
    """A SummaC label (1 / 0, as a number or a string) as `consistent`."""
    text = str(value).strip()
    if text not in ("0", "1"):
        raise ValueError(f"label {value!r} is not 0 or 1")
    return text == "1"


def read_summac_file(path: Path, dataset: str | None = None) -> list[PublicItem]:
    """Items of one benchmark file, in the file's order."""
    name = dataset or path.stem
    data = json.loads(path.read_text(encoding="utf-8"))
    rows = data.items() if isinstance(data, dict) else ((str(i), row) for i, row in enumerate(data))
    items = []
    for key, row in rows:
        document, summary = str(row.get("document") or "").strip(), str(row.get("claim") or "").strip()
        if not document or not summary:
            raise ValueError(f"{path}: {key} has no document or no claim")
        items.append(PublicItem(dataset=name, key=str(key), document=document, summary=summary,
                                consistent=_consistent(row.get("label")), origin=str(row.get("origin") or "")))
    return items


def read_summac_dir(folder: Path, names: Sequence[str] = SUMMAC_FILES) -> list[PublicItem]:
    """Every named benchmark file of a folder (`<name>.json`); a missing one is an error."""
    missing = [n for n in names if not (folder / f"{n}.json").is_file()]
    if missing:
        raise FileNotFoundError(f"{folder} lacks {', '.join(f'{n}.json' for n in missing)}")
    return [item for name in names for item in read_summac_file(folder / f"{name}.json", name)]


def _shares(total: int, available: dict[str, int]) -> dict[str, int]:
    """`total` spread as evenly as possible over the groups, none above what it has (round-robin)."""
    shares = dict.fromkeys(available, 0)
    left = min(total, sum(available.values()))
    while left:
        for name in sorted(available):
            if left and shares[name] < available[name]:
                shares[name] += 1
                left -= 1
    return shares


def sample_items(items: Iterable[PublicItem], *, per_label: int = PER_LABEL, max_words: int = MAX_WORDS,
                 seed: int = SEED) -> list[tuple[PublicItem, str]]:
    """A label-balanced sample of short-document items spread over the files, each with its split.

    Every (file, label) group is shuffled with `seed`; its first `share` items are taken and the first half of
    them (rounded up) is `tune`, the rest `test`."""
    groups: dict[tuple[bool, str], list[PublicItem]] = defaultdict(list)
    for item in items:
        if item.words <= max_words:
            groups[(item.consistent, item.dataset)].append(item)
    chosen: list[tuple[PublicItem, str]] = []
    for consistent in (True, False):
        available = {name: len(group) for (label, name), group in groups.items() if label == consistent}
        for name, share in sorted(_shares(per_label, available).items()):
            group = sorted(groups[(consistent, name)], key=lambda i: i.key)
            random.Random(f"{seed}:{name}:{consistent}").shuffle(group)
            taken = group[:share]
            tune = (len(taken) + 1) // 2
            chosen += [(item, "tune" if i < tune else "test") for i, item in enumerate(taken)]
    return sorted(chosen, key=lambda pair: (pair[0].dataset, pair[0].key))


def to_record(item: PublicItem, split: str) -> dict[str, Any]:
    """A calibration record: the document as the only passage, the summary as the draft, the label on the
    grounding criteria and overall."""
    verdict = "pass" if item.consistent else "fail"
    return {
        "id": f"summac-{item.key}", "content_type": CONTENT_TYPE, "split": split,
        "perturbation": "consistent" if item.consistent else "inconsistent",
        "sources": [item.document], "draft": item.summary,
        "human": dict.fromkeys(JUDGED, verdict), "human_overall": verdict,
        "edit": {"benchmark": "summac", "file": f"{item.dataset}.json", "key": item.key, "origin": item.origin,
                 "document_words": item.words},
    }


def convert(folder: Path, out: Path, *, per_label: int = PER_LABEL, max_words: int = MAX_WORDS,
            seed: int = SEED) -> list[dict[str, Any]]:
    """Write the sample of `folder`'s benchmark files to `out` (JSONL, one record a line) and return it."""
    records = [to_record(item, split) for item, split in
               sample_items(read_summac_dir(folder), per_label=per_label, max_words=max_words, seed=seed)]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return records


# --- the judge alone -------------------------------------------------------------------------------------------


def judged_criteria(content_type: str = CONTENT_TYPE, names: Sequence[str] = JUDGED) -> list[Criterion]:
    """The rubric's criteria of these names, routed to the judge (whatever check the rubric gives them)."""
    rubric = rubric_of(content_type)
    criteria = [c.model_copy(update={"check": "judge"}) for c in rubric.criteria if c.name in names]
    if not criteria:
        raise ValueError(f"the {content_type} rubric has none of the criteria {', '.join(names)}")
    return criteria


def judge_document(record: CalibrationRecord) -> JudgeDocument:
    """What the judge reads for a text record: the same document the text review builds."""
    sources = Sources.coerce(record.sources_with_question()).as_text()
    draft = record.draft if isinstance(record.draft, str) else json.dumps(record.draft, ensure_ascii=False)
    return JudgeDocument(kind="text", text=draft, sources=sources, topic=topic_of(None, sources))


def _done(path: Path | None) -> set[str]:
    if path is None or not path.exists():
        return set()
    return {json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}


async def option_scores(scorer: ProbabilityScorer, document: JudgeDocument, criteria: Sequence[Criterion],
                        options: Sequence[str]) -> dict[str, float]:
    """P(first option) per criterion on the judge's own parts (examples, draft, question) with other answer
    options: a diagnostic of which answer tokens carry the model's verdict. Right after the judge's own call the
    examples and the draft come from the KV cache, so only each question is decoded again."""
    examples = build_probability_examples(document.kind, list(criteria), level=document.level)
    draft = build_probability_document(sources=document.sources, document=document.text)
    out = {}
    for criterion in criteria:
        question = build_probability_question(criterion, topic=document.topic, level=document.level)
        probabilities = await scorer.score_options([examples, draft, question], list(options))
        out[criterion.name] = round(probabilities[options[0]], 4)
    return out


async def score_records(records: Sequence[CalibrationRecord], scorer: ProbabilityScorer, out: Path, *,
                        criteria: Sequence[str] = JUDGED, log: Any = print,
                        alternative: tuple[Sequence[str], Path] | None = None) -> int:
    """Append each record's judge scores to `out` (records already there are skipped); return how many were
    scored now. A judge error is recorded with the record and ends the run. `alternative` (options, file) also
    writes P(first option) with those answer options for the same parts (see `option_scores`)."""
    done, alt_done = _done(out), _done(alternative[1] if alternative else None)
    todo = [r for r in records if r.id not in done or (alternative is not None and r.id not in alt_done)]
    scored = 0
    started = time.perf_counter()
    for number, record in enumerate(todo, 1):
        chosen = judged_criteria(record.content_type, criteria)
        document = judge_document(record)
        base = {"id": record.id, "content_type": record.content_type, "split": record.split,
                "human": {c.name: record.human[c.name] for c in chosen if c.name in record.human},
                "judge": scorer.name}
        t0 = time.perf_counter()
        scores: dict[str, Any] = {}
        if record.id not in done:
            results, error = await judge_by_probability(scorer, document, chosen, content_type=record.content_type)
            scores = {r.criterion: r.score for r in results if not r.skipped}
            row = {**base, "scores": scores, "error": error, "seconds": round(time.perf_counter() - t0, 2)}
            with out.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")
            if error:
                raise RuntimeError(f"{record.id}: the judge failed: {error}")
            scored += 1
        if alternative is not None and record.id not in alt_done:
            options, alt_out = alternative
            alt = await option_scores(scorer, document, chosen, options)
            with alt_out.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps({**base, "scores": alt, "options": list(options)}) + "\n")
            scores = {**scores, "alternative": alt}
        log(f"[{number}/{len(todo)}] {record.id} {scores} human={base['human']} "
            f"{time.perf_counter() - t0:.1f}s (elapsed {(time.perf_counter() - started) / 60:.1f} min)")
    return scored


def pass_auc(pairs: Sequence[tuple[float, bool]]) -> float | None:
    """The chance that a passing record scores above a failing one (ties count half): the ranking quality of the
    scores whatever the threshold; 0.5 is chance. None without both labels."""
    passing = [s for s, h in pairs if h]
    failing = [s for s, h in pairs if not h]
    if not passing or not failing:
        return None
    wins = sum(1.0 if p > f else 0.5 if p == f else 0.0 for p in passing for f in failing)
    return wins / (len(passing) * len(failing))


@dataclass
class CriterionFit:
    """One criterion: the threshold chosen on tune, and the test half's confusion with it."""

    criterion: str
    content_type: str
    threshold: float
    tune_n: int
    test: Confusion
    fitted: bool  # False: the tune half had one label only, the default threshold was kept
    test_auc: float | None = None


def read_scores(path: Path) -> list[dict[str, Any]]:
    """The rows of a scores file (one JSON object a line)."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def align_to_labels(rows: Sequence[dict[str, Any]], records: Sequence[CalibrationRecord]) -> list[dict[str, Any]]:
    """The score rows of these records only, each with the record's split and human labels (a scores file may
    hold rows of an earlier sample; the labels file decides which rows count and in which half)."""
    by_id = {r.id: r for r in records}
    aligned = []
    for row in rows:
        record = by_id.get(row["id"])
        if record is not None:
            aligned.append({**row, "split": record.split,
                            "human": {k: v for k, v in record.human.items() if k in row.get("scores", {})}})
    return aligned


def fit_scores(rows: Sequence[dict[str, Any]]) -> list[CriterionFit]:
    """Per (content type, criterion): threshold from the tune rows, confusion of `score >= threshold` on test."""
    keys = dict.fromkeys((row["content_type"], name) for row in rows for name in row.get("scores", {}))
    fits = []
    for content_type, name in keys:
        def pairs(split: str, content_type: str = content_type, name: str = name) -> list[tuple[float, bool]]:
            return [(float(r["scores"][name]), bool(r["human"][name])) for r in rows
                    if r["content_type"] == content_type and r.get("split") == split
                    and name in r.get("scores", {}) and name in r.get("human", {})]
        tune, test = pairs("tune"), pairs("test")
        if not test:
            continue
        best = best_threshold([s for s, _ in tune], [h for _, h in tune]) if tune else None
        threshold = best.threshold if best is not None else DEFAULT_THRESHOLD
        fits.append(CriterionFit(criterion=name, content_type=content_type, threshold=threshold, tune_n=len(tune),
                                 test=confusion((s >= threshold, h) for s, h in test), fitted=best is not None,
                                 test_auc=pass_auc(test)))
    return fits


def entries_of(fits: Sequence[CriterionFit], measured_on: str,
               date: dt.date | None = None) -> list[CriterionReliability]:
    """Reliability table entries for the fitted criteria (kappa measured on test, threshold chosen on tune)."""
    return [CriterionReliability(content_type=f.content_type, criterion=f.criterion, n=f.test.n,
                                 threshold=round(f.threshold, 4),
                                 kappa=None if f.test.kappa is None else round(f.test.kappa, 4),
                                 measured_on=measured_on, date=date or dt.date.today())
            for f in fits]


def write_fits(fits: Sequence[CriterionFit], backend: str, measured_on: str, path: Path = SHIPPED_TABLE,
               ) -> ReliabilityTable:
    """Replace `backend`'s entries for these criteria in the table at `path` (other backends are kept)."""
    table = load_reliability_file(path).with_measurements(backend, entries_of(fits, measured_on))
    write_reliability_file(table, path)
    return table


def _f(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def fit_lines(fits: Sequence[CriterionFit], min_kappa: float = 0.4) -> list[str]:
    """A plain table of the fits: threshold from tune; n, accuracy, kappa, AUC and tp/fp/fn/tn on test; and whether
    the criterion gates or stays advisory (kappa below `min_kappa`, or undefined)."""
    lines = ["content_type  criterion      threshold  tune_n  test_n  accuracy  kappa  auc   tp/fp/fn/tn  status"]
    for f in fits:
        m = f.test
        status = "gates" if m.kappa is not None and m.kappa >= min_kappa else "advisory"
        if not f.fitted:
            status += " (one label on tune: default threshold)"
        matrix = f"{m.tp}/{m.fp}/{m.fn}/{m.tn}"
        lines.append(f"{f.content_type:<13} {f.criterion:<14} {f.threshold:>9.4f}  {f.tune_n:>6}  {m.n:>6}  "
                     f"{_f(m.accuracy):>8}  {_f(m.kappa):>5}  {_f(f.test_auc):>4}  {matrix:<11}  {status}")
    return lines


def _backend(rows: Sequence[dict[str, Any]]) -> str:
    judges = {str(r.get("judge")) for r in rows if r.get("judge")}
    if len(judges) != 1:
        raise ValueError(f"the scores file holds {len(judges)} judges ({', '.join(sorted(judges))}); give --backend")
    return judges.pop()


async def _score_command(labels: Path, out: Path, model: str, split: str, content_type: str | None,
                         alternative: tuple[Sequence[str], Path] | None) -> int:
    from editorial_ai.config import Settings
    from editorial_ai.llm.base import probability_scorer
    from editorial_ai.llm.registry import fresh_client

    records = select_split(load_records(labels, content_type), split)  # type: ignore[arg-type]
    if content_type:
        records = [r for r in records if r.content_type == content_type]
    scorer = probability_scorer(fresh_client(model, Settings()))
    if scorer is None:
        raise SystemExit(f"{model} does not read token probabilities: nothing to score")
    scored = await score_records(records, scorer, out, alternative=alternative)
    print(f"scored {scored} record(s) into {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """`convert`, `score` and `fit` (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m editorial_ai.evaluation.public_labels")
    sub = parser.add_subparsers(dest="command", required=True)
    conv = sub.add_parser("convert", help="SummaC benchmark files -> a labels JSONL sample")
    conv.add_argument("data_dir", type=Path)
    conv.add_argument("out", type=Path)
    conv.add_argument("--per-label", type=int, default=PER_LABEL)
    conv.add_argument("--max-words", type=int, default=MAX_WORDS)
    conv.add_argument("--seed", type=int, default=SEED)
    score = sub.add_parser("score", help="the judge's P(Yes) per grounding criterion for every record")
    score.add_argument("labels", type=Path)
    score.add_argument("scores", type=Path)
    score.add_argument("--model", required=True)
    score.add_argument("--split", default="all", choices=("tune", "test", "all"))
    score.add_argument("--content-type", default=None)
    score.add_argument("--alternative-options", default=None, metavar="YES,NO",
                       help="also score with these answer options (comma-separated, the first is 'yes')")
    score.add_argument("--alternative-scores", type=Path, default=None, help="where those scores go")
    fit = sub.add_parser("fit", help="thresholds on tune, kappa on test (optionally into the reliability table)")
    fit.add_argument("scores", type=Path)
    fit.add_argument("--labels", type=Path, default=None,
                     help="only the scores of this labels file's records, with its splits and labels")
    fit.add_argument("--backend", default=None)
    fit.add_argument("--write-reliability", action="store_true")
    fit.add_argument("--reliability-file", type=Path, default=SHIPPED_TABLE)
    fit.add_argument("--measured-on", default=None)
    args = parser.parse_args(argv)

    if args.command == "convert":
        records = convert(args.data_dir, args.out, per_label=args.per_label, max_words=args.max_words,
                          seed=args.seed)
        counts: dict[tuple[str, str, str], int] = defaultdict(int)
        for r in records:
            counts[(r["edit"]["file"], r["perturbation"], r["split"])] += 1
        for key in sorted(counts):
            print(*key, counts[key])
        print(f"{len(records)} records -> {args.out}")
        return 0
    if args.command == "score":
        alternative = None
        if args.alternative_options:
            if args.alternative_scores is None:
                parser.error("--alternative-options needs --alternative-scores FILE")
            alternative = (args.alternative_options.split(","), args.alternative_scores)
        return asyncio.run(_score_command(args.labels, args.scores, args.model, args.split, args.content_type,
                                          alternative))
    rows = read_scores(args.scores)
    if args.labels is not None:
        rows = align_to_labels(rows, load_records(args.labels))
    backend = args.backend or _backend(rows)
    fits = fit_scores(rows)
    table = load_reliability_file(args.reliability_file)
    if args.write_reliability:
        measured_on = args.measured_on or f"{args.scores.name} (threshold: tune split, kappa: test split)"
        table = write_fits(fits, backend, measured_on, args.reliability_file)
    print(f"judge {backend}; threshold from tune, figures on test (positive class = fail)")
    print("\n".join(fit_lines(fits, table.min_kappa)))
    if args.write_reliability:
        print(f"written to {args.reliability_file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
