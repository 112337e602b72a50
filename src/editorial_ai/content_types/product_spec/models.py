"""Product specs (seed 003's domain): a free-text product description extracted into a structured spec."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

# The product categories of the sample catalog (its solutions' second keyword), one subcategory each for learning.
PRODUCT_CATEGORIES: tuple[str, ...] = (
    "bag",
    "shoes",
    "top",
    "bottom",
    "outerwear",
    "dress",
    "eyewear",
    "jewelry",
    "accessory",
)
ProductCategory = Literal["bag", "shoes", "top", "bottom", "outerwear", "dress", "eyewear", "jewelry", "accessory"]
LENGTH_UNITS: dict[str, float] = {"mm": 0.1, "cm": 1.0, "m": 100.0, "in": 2.54}  # -> centimetres
WEIGHT_UNITS: dict[str, float] = {"g": 1.0, "kg": 1000.0}  # -> grams


class ProductRequest(BaseModel):
    """What to extract: the description (from the product descriptions file or given directly)."""

    model_config = ConfigDict(extra="forbid")

    product_id: str = Field("", max_length=80)
    name: str = Field("", max_length=200)
    brand: str = Field("", max_length=120)
    description: str = Field(min_length=20, max_length=4000)


class CategoryChoice(BaseModel):
    """The categorizer's answer."""

    category: ProductCategory


class Dimension(BaseModel):
    """One measurement: what is measured, the number and its unit as the description gives them."""

    name: str = Field(min_length=1, max_length=40, description="e.g. width, height, depth, heel_height, weight")
    value: float = Field(gt=0)
    unit: str = Field(min_length=1, max_length=8)

    @field_validator("name", "unit")
    @classmethod
    def _normalised(cls, value: str) -> str:
        return value.strip().lower().replace(" ", "_")


class ProductSpec(BaseModel):
    """The structured spec a human approves and the shop publishes."""

    name: str = Field(min_length=1, max_length=200)
    brand: str = Field("", max_length=120)
    category: str = Field(min_length=1, max_length=40)
    dimensions: list[Dimension] = Field(default_factory=list, max_length=12)
    materials: list[str] = Field(default_factory=list, max_length=8)
    colors: list[str] = Field(default_factory=list, max_length=8)
    attributes: dict[str, str] = Field(default_factory=dict, description="category-specific keys, e.g. closure")

    def as_text(self) -> str:
        """One line per field, as a reviewer reads it."""
        dims = ", ".join(f"{d.name} {d.value:g} {d.unit}" for d in self.dimensions) or "none"
        attrs = ", ".join(f"{k}: {v}" for k, v in self.attributes.items()) or "none"
        return (
            f"{self.brand} {self.name} ({self.category})\ndimensions: {dims}\nmaterials: "
            f"{', '.join(self.materials) or 'none'}\ncolors: {', '.join(self.colors) or 'none'}\n"
            f"attributes: {attrs}"
        )


IssueCheck = Literal["format", "units", "plausibility", "grounding", "coverage", "category"]


class SpecIssue(BaseModel):
    """One finding of the supervisor's deterministic checks."""

    check: IssueCheck
    field: str
    message: str
    severity: Literal["error", "warning"] = "error"


class SpecCheck(BaseModel):
    """Every finding on one spec; the spec is acceptable when there is no error."""

    issues: list[SpecIssue] = Field(default_factory=list)

    @property
    def is_valid(self) -> bool:
        """No error (warnings are shown to the human, never block)."""
        return not any(i.severity == "error" for i in self.issues)

    def errors(self, check: IssueCheck | None = None) -> list[SpecIssue]:
        """The errors, of one check or all."""
        return [i for i in self.issues if i.severity == "error" and (check is None or i.check == check)]
