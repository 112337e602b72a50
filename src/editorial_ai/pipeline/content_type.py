"""The contract between the pipeline and its content types: what a type declares (its rubric, its part of the
graph, its publisher, renderer and learning hooks) and what its flow looks like.

Content types are plug-ins above the pipeline: each is a package under `content_types/` (or in another
distribution, through the `editorial_ai.content_types` entry point group) that subclasses `ContentType` and
registers an instance (pipeline/registry.py). The pipeline never imports a type: the graph, the publish node,
the admin UI and the evaluation harness ask the registry for the type of a run instead of comparing names.
Every flow ends at the shared human gate (`admin_gate`), and a human's revision request goes back to the flow's
`revision_entry`.
"""

from __future__ import annotations

import html
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from editorial_ai.pipeline.state import GateState
from editorial_ai.review.profile import ARTICLE_PROFILE, DEFAULT_LENGTH_RULE, LengthRule, ReviewProfile

if TYPE_CHECKING:  # the graph types are only needed by flows, which import langgraph when they are built
    from langgraph.graph import StateGraph

    from editorial_ai.pipeline.deps import PipelineDeps
    from editorial_ai.pipeline.state import AnyNode
    from editorial_ai.review.rubric import Rubric
    from editorial_ai.services.learning import Fragments

NodeMaker = Callable[["PipelineDeps"], "AnyNode"]
# How the evaluation harness produces an artifact of this type: by running the pipeline to the human gate, or
# with the type's own generator and critic (research briefs have no pipeline flow).
EvaluationMode = Literal["pipeline", "brief"]
# How a stored draft of this type is reviewed outside a run (calibration): the evaluation package keeps the
# function per mode (evaluation/stored_review.py), the type only names its mode.
StoredReview = Literal["artifact", "exam_item"]

@lru_cache(maxsize=32)
def _package_rubric(path: Path) -> Rubric:
    """A type package's rubric.yaml, read once (as the shared rubrics are)."""
    from editorial_ai.review.rubric import load_rubric_file

    return load_rubric_file(path)


# The shared nodes every flow ends in; flows route to GATE_NODE when a draft is ready for a human.
GATE_NODE = "admin_gate"


@dataclass(frozen=True)
class Flow:
    """A content type's part of the graph.

    `nodes` maps node names to makers; `wire` adds the flow's edges (from its nodes to each other, to
    `GATE_NODE` or to END) once the nodes exist. `entry` is where a new run starts; `revision_entry` is where a
    human's revision request sends the run back. Several content types may share one flow (by `name`).
    `state` is the flow's own state: a TypedDict extending `GateState` with the keys only its nodes read and
    write (the graph joins it with the gate state and the other flows'; a key two flows declare must have one
    type).
    """

    name: str
    entry: str
    revision_entry: str
    nodes: Mapping[str, NodeMaker]
    wire: Callable[[StateGraph], None]
    state: type = GateState


@dataclass(frozen=True)
class ContentType:
    """One content type and everything the shared machinery needs from it.

    Subclass (or instantiate with other callables) and `register` it; every method has a working default
    except `flow` for pipeline types.
    """

    name: str
    label: str
    rubric_name: str = ""
    evaluation: EvaluationMode | None = None
    stored_review: StoredReview = "artifact"
    # Judged as free text: every sentence is a claim its sources must support (briefs); else only sentences
    # that name something or state a figure (articles).
    free_text_review: bool = False
    # Its public page is the magazine template around the draft, with the publication's byline and the run's
    # sources (articles); otherwise the page is the type's own `render_html`.
    magazine_page: ClassVar[bool] = False

    # --- the graph ----------------------------------------------------------------------------------------
    def flow(self) -> Flow | None:
        """The type's part of the graph; pipeline types override this and return their Flow (None: not run by the
        pipeline, e.g. research briefs)."""
        return None

    @property
    def runs_in_pipeline(self) -> bool:
        """Whether `run`, the API and the admin UI accept this type: it overrides `flow` (checked without
        building the flow, so listing types imports no graph code)."""
        return type(self).flow is not ContentType.flow

    def package_dir(self) -> Path | None:
        """The folder of the module that defines the type's class (a type's package: its own pieces live there)."""
        module = sys.modules.get(type(self).__module__)
        origin = getattr(module, "__file__", None)
        return Path(origin).parent if origin else None

    def scenario_dir(self) -> Path | None:
        """The scripted scenarios the type brings: the `scenarios/` folder beside the module that defines its class,
        when there is one (`scripted:<name>` then finds them as it finds the bundled ones)."""
        folder = self.package_dir()
        scenarios = folder / "scenarios" if folder is not None else None
        return scenarios if scenarios is not None and scenarios.is_dir() else None

    # --- review -------------------------------------------------------------------------------------------
    def rubric_file(self) -> Path | None:
        """The `rubric.yaml` beside the module that defines the type's class, when there is one."""
        folder = self.package_dir()
        path = folder / "rubric.yaml" if folder is not None else None
        return path if path is not None and path.is_file() else None

    def rubric(self) -> Rubric:
        """The type's rubric: the `rubric.yaml` its package brings, else the shared rubrics/<rubric_name or
        name>.yaml."""
        from editorial_ai.review.rubric import load_rubric

        path = self.rubric_file()
        return _package_rubric(path) if path is not None else load_rubric(self.rubric_name or self.name)

    def review_profile(self) -> ReviewProfile:
        """What the review needs to know about this type's drafts; its callers hand it to the review, which never
        asks the registry."""
        return ReviewProfile(name=self.name, length_rule=self.length_rule() or DEFAULT_LENGTH_RULE,
                             example_texts=tuple(self.prompt_example_texts()), free_text=self.free_text_review)

    def length_rule(self) -> LengthRule | None:
        """How long a laid-out body must be for the completeness check (None: the check's default)."""
        return None

    def prompt_example_texts(self) -> list[str]:
        """The example text the writer's prompts show (what the originality check compares a draft with)."""
        return list(ARTICLE_PROFILE.example_texts)

    # --- the draft as people see it -----------------------------------------------------------------------
    def title_of(self, draft: Mapping[str, Any]) -> str:
        """The line the queue and the CLI show for a draft."""
        return str(draft.get("title") or draft.get("name") or "")

    def render_html(self, draft: Mapping[str, Any], *, standalone: bool = True) -> str:
        """The draft as HTML: a page (published file) or a fragment (admin UI). Default: its JSON, escaped."""
        body = f"<pre>{html.escape(json.dumps(dict(draft), ensure_ascii=False, indent=2))}</pre>"
        return self.page(draft, body, heading=True) if standalone else body

    def page(self, draft: Mapping[str, Any], body: str, *, heading: bool) -> str:
        """A minimal standalone page around an HTML body, titled by the draft (its title as `<h1>` if `heading`)."""
        title = html.escape(self.title_of(draft) or self.label)
        h1 = f"<h1>{title}</h1>" if heading else ""
        return (
            f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
            f"<body>{h1}{body}</body></html>\n"
        )

    def render_admin(self, draft: Mapping[str, Any]) -> str:
        """The draft as an HTML fragment for the admin UI's content page."""
        return self.render_html(draft, standalone=False)

    def publish(self, draft: Mapping[str, Any], publish_dir: Path, content_id: str) -> Path:
        """Write the approved draft to `{publish_dir}/{content_id}.html` atomically and return the path."""
        publish_dir.mkdir(parents=True, exist_ok=True)
        path = publish_dir / f"{content_id}.html"
        tmp = path.with_suffix(".html.tmp")
        tmp.write_text(self.render_html(draft), encoding="utf-8")
        tmp.replace(path)  # a reader never sees half a page
        return path.resolve()

    # --- learning (seed 003) ------------------------------------------------------------------------------
    def subcategory(self, draft: Mapping[str, Any] | None, curation_input: Mapping[str, Any] | None) -> str:
        """The subcategory reviews are aggregated by; "" when the run has none."""
        return str((curation_input or {}).get("category") or "").strip().lower()

    def example_text(self, draft: Mapping[str, Any]) -> str:
        """An approved (already redacted) draft as the text the `{{EXAMPLE_ITEM}}` placeholder shows."""
        return json.dumps(dict(draft), ensure_ascii=False, sort_keys=True)

    def learning_fragments(self) -> Fragments:
        """trigger -> the (placeholder, guidance) fragments it injects into this type's prompts."""
        from editorial_ai.services.learning import ARTICLE_FRAGMENTS

        return ARTICLE_FRAGMENTS

    def note_placeholders(self) -> Sequence[str]:
        """The placeholders sanitized reviewer notes go into."""
        return ("{{EDITORIAL_REVIEW}}",)

    def uses_example_item(self) -> bool:
        """Whether this type's prompts carry `{{EXAMPLE_ITEM}}` (the learning loop then picks one)."""
        return False
