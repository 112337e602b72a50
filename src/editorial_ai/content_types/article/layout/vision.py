"""Vision-led layout (seed 001 section 3.4 steps 2-4): design image -> block blueprint -> content merged in.

An image model draws a page design for the article, a vision model reads the block order back as a
`LayoutBlueprint`, and `merge_content` places the article into that order. Any failure falls back to the
deterministic planner. An image model that answers 404 is switched off for the rest of the process (circuit
breaker, seed 001 section 9).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from pydantic import BaseModel, Field, ValidationError

from editorial_ai.content_types.article.layout.planner import gallery_style, plan_layout
from editorial_ai.content_types.article.layout.prompts import (
    LAYOUT_PARSE_SYSTEM,
    build_layout_image_prompt,
    build_layout_parse_prompt,
)
from editorial_ai.llm.base import ImageGenerator, LLMClient, LLMError, LLMRequest, ModelNotFoundError
from editorial_ai.models.design_spec import DesignSpec
from editorial_ai.models.editorial import EditorialContent
from editorial_ai.models.layout import (
    Block,
    BlockType,
    BodyTextBlock,
    CelebFeatureBlock,
    CelebItem,
    CreditsBlock,
    DividerBlock,
    GalleryStyle,
    HashtagBarBlock,
    HeadlineBlock,
    HeroBlock,
    ImageGalleryBlock,
    KeyValuePair,
    MagazineLayout,
    ProductItem,
    ProductShowcaseBlock,
    PullQuoteBlock,
)

logger = logging.getLogger(__name__)

VISION = "vision"
_REASON_CHARS = 160
# Where content without a slot of its own is added: before any later-ranked closing block.
_TAIL_RANK = {"celeb_feature": 0, "product_showcase": 0, "hashtag_bar": 1, "credits": 2}


class BlueprintSlot(BaseModel):
    """One block position seen in the design image."""

    type: BlockType
    layout_style: GalleryStyle | None = None


class LayoutBlueprint(BaseModel):
    """The design image's blocks, top to bottom (the vision step's output schema)."""

    blocks: list[BlueprintSlot] = Field(min_length=1, max_length=30)


# --- circuit breaker ---------------------------------------------------------------------------------------

_disabled_image_models: dict[str, str] = {}


def image_step_disabled(name: str) -> str | None:
    """Why the image step is off for image client `name`, or None while it is on."""
    return _disabled_image_models.get(name)


def reset_circuit_breaker() -> None:
    """Turn the image step back on for every model (tests, configuration changes)."""
    _disabled_image_models.clear()


def _trip(name: str, exc: ModelNotFoundError) -> str:
    if name not in _disabled_image_models:
        logger.warning("layout image model %s not found (404); image-led layout disabled for this process: %s",
                       name, exc)
        _disabled_image_models[name] = f"image model {name} not found (404), image step disabled"
    return _disabled_image_models[name]


# --- merge ---------------------------------------------------------------------------------------------------


def split_paragraphs(paragraphs: list[str], slots: int) -> list[list[str]]:
    """Paragraphs in order over at most `slots` groups, as even as possible (earlier groups take the extra)."""
    groups = max(1, min(slots, len(paragraphs)))
    size, extra = divmod(len(paragraphs), groups)
    out: list[list[str]] = []
    start = 0
    for index in range(groups):
        end = start + size + (1 if index < extra else 0)
        out.append(paragraphs[start:end])
        start = end
    return out


def _content_blocks(content: EditorialContent) -> dict[str, Block]:
    """The blocks the article has content for, by type (single-instance kinds only)."""
    blocks: dict[str, Block] = {}
    if content.celeb_mentions:
        blocks["celeb_feature"] = CelebFeatureBlock(
            celebs=[CelebItem(name=c.name, description=c.context) for c in content.celeb_mentions])
    if content.product_mentions:
        blocks["product_showcase"] = ProductShowcaseBlock(
            products=[ProductItem(name=p.name, brand=p.brand, description=p.context) for p in content.product_mentions])
    if content.hashtags:
        tags = [h if h.startswith("#") else f"#{h}" for h in content.hashtags]
        blocks["hashtag_bar"] = HashtagBarBlock(hashtags=tags)
    if content.credits:
        blocks["credits"] = CreditsBlock(entries=content.credits)
    return blocks


def _slots_with_body(blueprint: LayoutBlueprint) -> list[BlueprintSlot]:
    """Blueprint slots without hero (it always leads), with a body_text slot added when the image had none."""
    slots = [s for s in blueprint.blocks if s.type != "hero"]
    if not any(s.type == "body_text" for s in slots):
        at = next((i + 1 for i, s in enumerate(slots) if s.type == "headline"), 0)
        slots.insert(at, BlueprintSlot(type="body_text"))
    return slots


def merge_content(blueprint: LayoutBlueprint, content: EditorialContent, design_spec: DesignSpec) -> MagazineLayout:
    """Place the article into the blueprint's block order.

    The hero always comes first and a body_text is added when the image showed none (the format check needs
    both). Paragraphs are split over the body_text slots in order, none is lost. Slots the article has no
    content for are dropped (extra headlines, quotes, body slots; repeated single-content blocks; a divider
    next to another). Celebrity, product, hashtag and credit blocks the image left out are added near the end.
    """
    paragraphs = [p.strip() for p in content.body_paragraphs if p.strip()] or [content.subtitle or content.title]
    slots = _slots_with_body(blueprint)
    groups: Iterator[list[str]] = iter(split_paragraphs(paragraphs, sum(s.type == "body_text" for s in slots)))
    headlines = iter([(content.title, 1)] + ([(content.subtitle, 2)] if content.subtitle.strip() else []))
    quotes = iter(q for q in content.pull_quotes if q.strip())
    singles = _content_blocks(content)
    used: set[str] = set()
    blocks: list[Block] = [HeroBlock(overlay_title=content.title, overlay_subtitle=content.subtitle)]
    for slot in slots:
        block: Block | None = None
        if slot.type == "headline":
            text, level = next(headlines, ("", 0))
            block = HeadlineBlock(text=text, level=level) if text else None
        elif slot.type == "body_text":
            group = next(groups, None)
            block = BodyTextBlock(paragraphs=group) if group else None
        elif slot.type == "pull_quote":
            quote = next(quotes, None)
            block = PullQuoteBlock(quote=quote) if quote else None
        elif slot.type == "divider":
            block = None if blocks[-1].type == "divider" else DividerBlock()
        elif slot.type not in used:
            if slot.type == "image_gallery":
                block = ImageGalleryBlock(layout_style=slot.layout_style or gallery_style(design_spec))
            else:
                block = singles.get(slot.type)
            used.add(slot.type)
        if block is not None:
            blocks.append(block)
    for kind, block in singles.items():
        if kind not in used:
            at = next((i for i, b in enumerate(blocks) if _TAIL_RANK.get(b.type, -1) > _TAIL_RANK[kind]), len(blocks))
            blocks.insert(at, block)
    return MagazineLayout(
        keyword=content.keyword,
        title=content.title,
        blocks=blocks,
        design_spec=design_spec,
        metadata=[KeyValuePair(key="visual_style", value=design_spec.visual_style),
                  KeyValuePair(key="layout_source", value=VISION)],
    )


# --- the vision path -----------------------------------------------------------------------------------------


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text if len(text) <= _REASON_CHARS else text[: _REASON_CHARS - 3] + "..."


async def draw_layout(image_client: ImageGenerator, content: EditorialContent,
                      design_spec: DesignSpec) -> tuple[bytes, str]:
    """Step 2: the page design image as (bytes, mime type); raises LLMError."""
    prompt = build_layout_image_prompt(content.title, content.subtitle, design_spec,
                                       has_products=bool(content.product_mentions),
                                       has_celebs=bool(content.celeb_mentions))
    image, mime, _usage = await image_client.generate_image(prompt)
    return image, mime


async def read_layout(vision_client: LLMClient, image: bytes, mime: str) -> LayoutBlueprint:
    """Step 3: the blueprint the vision model reads from the image; raises LLMError."""
    result = await vision_client.generate(
        LLMRequest(
            system=LAYOUT_PARSE_SYSTEM,
            prompt=build_layout_parse_prompt(),
            images=[(image, mime)],
            output_schema=LayoutBlueprint,
            temperature=0.0,
            max_tokens=2048,
            purpose="layout_parse",
        )
    )
    if not isinstance(result.parsed, LayoutBlueprint):
        raise LLMError("layout parse returned no blueprint", provider=vision_client.name)
    return result.parsed


async def plan_layout_with_vision(
    image_client: ImageGenerator, vision_client: LLMClient, content: EditorialContent, design_spec: DesignSpec
) -> tuple[MagazineLayout, str]:
    """The layout and how it was made: "vision", or "fallback: <reason>" with the deterministic planner's layout."""
    reason = image_step_disabled(image_client.name)
    if reason is None:
        try:
            image, mime = await draw_layout(image_client, content, design_spec)
        except ModelNotFoundError as exc:  # the image model is unavailable: stop asking it (circuit breaker)
            reason = _trip(image_client.name, exc)
        except LLMError as exc:
            reason = f"layout image failed: {_short(exc)}"
        except Exception as exc:  # the layout is an improvement, never a reason to lose the draft
            logger.warning("layout image step crashed", exc_info=True)
            reason = f"layout image failed: {type(exc).__name__}: {_short(exc)}"
        else:
            try:
                blueprint = await read_layout(vision_client, image, mime)
                return merge_content(blueprint, content, design_spec), VISION
            except LLMError as exc:
                reason = f"layout parse failed: {_short(exc)}"
            except ValidationError as exc:
                reason = f"blueprint could not be merged: {_short(exc)}"
            except Exception as exc:
                logger.warning("layout parse/merge step crashed", exc_info=True)
                reason = f"layout parse failed: {type(exc).__name__}: {_short(exc)}"
        logger.info("vision layout fell back to the planner: %s", reason)
    return plan_layout(content, design_spec), f"fallback: {reason}"
