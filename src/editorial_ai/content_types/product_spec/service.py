"""Product specs (seed 003): categorize a description, extract its spec, correct what the supervisor flags.

The sample descriptions (data/product_descriptions.json) belong to the sample catalog's products; a run names
one by product name or id, or passes its own `description`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from editorial_ai.content_types.product_spec.models import (
    PRODUCT_CATEGORIES,
    CategoryChoice,
    ProductRequest,
    ProductSpec,
)
from editorial_ai.content_types.product_spec.prompts import (
    CATEGORIZER_SYSTEM,
    EXTRACTION_SYSTEM,
    build_categorizer_prompt,
    build_correction_prompt,
    build_extraction_prompt,
)
from editorial_ai.content_types.product_spec.validators import CATEGORY_KEYS, measurements_in
from editorial_ai.llm.base import LLMClient, LLMError, LLMRequest
from editorial_ai.models.state_json import RunInputJson
from editorial_ai.services.structured_generation import generate_content

PRODUCT_SPEC_CONTENT_TYPE = "product_spec"
MAX_SPEC_CORRECTIONS = 2
# Words that name what a product is; the fallback when the categorizer's model fails.
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "bag": ("bag", "tote", "clutch", "pouch", "backpack", "crossbody"),
    "shoes": ("sneaker", "sneakers", "shoe", "shoes", "flats", "loafers", "pumps", "sandals", "boots", "slingbacks"),
    "top": ("hoodie", "tee", "t-shirt", "shirt", "top", "cardigan", "sweater", "bralette"),
    "bottom": ("jeans", "skirt", "pants", "trousers", "shorts"),
    "outerwear": ("jacket", "coat", "blazer", "bomber", "parka"),
    "dress": ("dress", "gown"),
    "eyewear": ("sunglasses", "glasses", "eyewear"),
    "jewelry": ("ring", "necklace", "bracelet", "bangle", "earrings", "watch"),
    "accessory": ("belt", "scarf", "cap", "beanie", "hat"),
}


class ProductNotFoundError(LookupError):
    """No sample description for that product; the message lists some that exist."""


@lru_cache(maxsize=1)
def product_descriptions() -> list[dict[str, Any]]:
    """The sample product descriptions with their expected specs."""
    # A data file's JSON (product_id, name, brand, description, the expected spec): the learning benchmark indexes
    # the expected spec's keys freely.
    text = (resources.files("editorial_ai.data") / "product_descriptions.json").read_text(encoding="utf-8")
    return list(json.loads(text)["products"])


def find_product(key: str) -> dict[str, Any]:  # one of product_descriptions()
    """A sample product by exact name (case-insensitive) or id prefix (at least 6 characters)."""
    wanted = key.strip().casefold()
    for product in product_descriptions():
        if product["name"].casefold() == wanted or (len(wanted) >= 6 and product["product_id"].startswith(wanted)):
            return product
    names = ", ".join(p["name"] for p in product_descriptions()[:6])
    raise ProductNotFoundError(
        f"no product description for {key!r}; pass a description or name a sample product "
        f"(e.g. {names}; all in data/product_descriptions.json)"
    )


def product_request_from_input(curation_input: RunInputJson | None) -> ProductRequest:
    """The run's request: its own `description`, or the sample product named by `seed_keyword`."""
    data: RunInputJson = curation_input or {}
    if str(data.get("description") or "").strip():
        return ProductRequest(
            description=str(data["description"]).strip(),
            name=str(data.get("seed_keyword") or ""),
            brand=str(data.get("target_brand") or ""),
        )
    product = find_product(str(data.get("seed_keyword") or data.get("product_id") or ""))
    return ProductRequest(
        product_id=product["product_id"],
        name=product["name"],
        brand=product["brand"],
        description=product["description"],
    )


def category_by_words(text: str) -> str | None:
    """The category whose product words the text uses first (None: no product word)."""
    words = re.findall(r"[a-z-]+", text.casefold())
    for word in words:
        for category, names in CATEGORY_WORDS.items():
            if word in names:
                return category
    return None


@dataclass
class Categorized:
    """The categorizer's answer and how it was reached ("model" or "words: <why>")."""

    category: str
    how: str


class ProductSpecService:
    """Categorizes, extracts and corrects specs with one LLM client."""

    def __init__(self, llm: LLMClient) -> None:
        self.llm = llm

    async def categorize(self, request: ProductRequest, guidance: Mapping[str, str]) -> Categorized:
        """The model picks one of the categories; when it fails, the description's product words decide."""
        llm_request = LLMRequest(
            system=CATEGORIZER_SYSTEM,
            prompt=build_categorizer_prompt(request.description, guidance),
            output_schema=CategoryChoice,
            temperature=0.0,
            max_tokens=16,
            purpose="spec_categorize",
        )
        try:
            choice = (await self.llm.generate(llm_request)).parsed
            if isinstance(choice, CategoryChoice):
                return Categorized(choice.category, "model")
            error = "no structured answer"
        except LLMError as exc:
            error = str(exc)[:120]
        by_words = category_by_words(f"{request.name} {request.description}")
        if by_words is None:
            raise LLMError(
                f"categorizer failed ({error}) and the description names no known product kind; "
                f"categories: {', '.join(PRODUCT_CATEGORIES)}"
            )
        return Categorized(by_words, f"words: the model failed ({error})")

    async def extract(
        self, request: ProductRequest, category: str, guidance: Mapping[str, str], feedback: list[str] | None = None
    ) -> tuple[ProductSpec, int]:
        """The whole spec from the description; returns (spec, JSON repairs needed)."""
        prompt = build_extraction_prompt(
            description=request.description,
            category=category,
            keys=CATEGORY_KEYS.get(category, ()),
            guidance=guidance,
            feedback=feedback,
            # Read deterministically, the same way the supervisor checks them: a small model copies a list well.
            measurements=tuple(f"{m.value:g} {m.unit}" for m in measurements_in(request.description)),
        )
        return await self._spec(prompt, request, category, "spec_extract")

    async def correct(
        self,
        request: ProductRequest,
        category: str,
        previous: ProductSpec,
        problems: list[str],
        guidance: Mapping[str, str],
    ) -> tuple[ProductSpec, int]:
        """The spec written again with the supervisor's findings in the prompt."""
        prompt = build_correction_prompt(
            description=request.description,
            category=category,
            previous=previous.model_dump(mode="json"),
            problems=problems,
            guidance=guidance,
        )
        return await self._spec(prompt, request, category, "spec_correct")

    async def _spec(self, prompt: str, request: ProductRequest, category: str, purpose: str) -> tuple[ProductSpec, int]:
        prefill = {
            "category": category,
            **({"name": request.name} if request.name else {}),
            **({"brand": request.brand} if request.brand else {}),
        }
        llm_request = LLMRequest(
            system=EXTRACTION_SYSTEM,
            prompt=prompt,
            output_schema=ProductSpec,
            temperature=0.2,
            max_tokens=700,
            prefill=prefill,
            purpose=purpose,
            seed=7,
        )
        spec, repairs = await generate_content(self.llm, llm_request)
        assert isinstance(spec, ProductSpec)
        # The request's own name, brand and the chosen category are facts of the run, not the model's to change.
        spec = spec.model_copy(update={k: v for k, v in prefill.items()})
        return spec, repairs
