"""The product spec supervisor's deterministic checks (seed 003 wrong_physical_dimensions, missing_spec).

No model is asked: units must be known and fit what is measured, values must sit in a plausible range for the
product's category, every number must appear in the description with the same unit, every measurement the
description gives must be extracted, and materials and colours must be words of the description.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from editorial_ai.content_types.product_spec.models import (
    LENGTH_UNITS,
    PRODUCT_CATEGORIES,
    WEIGHT_UNITS,
    Dimension,
    ProductSpec,
    SpecCheck,
    SpecIssue,
)

# Plausible ranges per category: dimension name -> (low, high) in centimetres, or grams for weights.
PLAUSIBLE: dict[str, dict[str, tuple[float, float]]] = {
    "bag": {
        "width": (5, 80),
        "height": (5, 60),
        "depth": (1, 40),
        "strap_drop": (5, 70),
        "handle_drop": (2, 40),
        "weight": (50, 3000),
    },
    "shoes": {
        "heel_height": (0.1, 15),
        "sole_thickness": (0.2, 8),
        "shaft_height": (2, 60),
        "length": (15, 35),
        "weight": (100, 2000),
    },
    "top": {"length": (30, 100), "chest": (60, 160), "sleeve_length": (5, 90), "shoulder": (30, 60)},
    "bottom": {"waist": (50, 140), "inseam": (10, 100), "length": (30, 130), "rise": (15, 40), "hip": (70, 160)},
    "outerwear": {"length": (40, 150), "chest": (70, 180), "sleeve_length": (40, 95), "shoulder": (35, 65)},
    "dress": {"length": (60, 180), "chest": (60, 140), "waist": (50, 120)},
    "eyewear": {
        "lens_width": (3, 7),
        "lens_height": (2, 6.5),
        "bridge_width": (1, 3),
        "temple_length": (11, 16),
        "frame_width": (11, 16),
    },
    "jewelry": {
        "diameter": (0.5, 10),
        "length": (10, 100),
        "width": (0.1, 5),
        "drop": (0.5, 12),
        "case_diameter": (1.5, 5),
        "weight": (0.5, 300),
    },
    "accessory": {
        "length": (20, 250),
        "width": (1, 100),
        "height": (1, 40),
        "circumference": (45, 70),
        "weight": (5, 2000),
    },
}
# Any other measurement: a product is between a millimetre and three metres, and weighs less than 20 kg.
GENERIC_LENGTH = (0.1, 300.0)
GENERIC_WEIGHT = (0.5, 20_000.0)
# Category-specific keys the extraction asks for (missing ones are warnings: not every description has them).
CATEGORY_KEYS: dict[str, tuple[str, ...]] = {
    "bag": ("closure", "strap"),
    "shoes": ("closure", "sole"),
    "top": ("fit", "neckline"),
    "bottom": ("fit", "rise"),
    "outerwear": ("closure", "lining"),
    "dress": ("silhouette", "neckline"),
    "eyewear": ("lens", "frame"),
    "jewelry": ("metal", "stone"),
    "accessory": ("fastening",),
}
UNIT_WORDS: dict[str, str] = {
    "mm": "mm",
    "millimetre": "mm",
    "millimetres": "mm",
    "millimeter": "mm",
    "millimeters": "mm",
    "cm": "cm",
    "centimetre": "cm",
    "centimetres": "cm",
    "centimeter": "cm",
    "centimeters": "cm",
    "m": "m",
    "metre": "m",
    "metres": "m",
    "meter": "m",
    "meters": "m",
    "in": "in",
    "inch": "in",
    "inches": "in",
    '"': "in",
    "″": "in",
    "g": "g",
    "gram": "g",
    "grams": "g",
    "kg": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
}
_NUMBER = r"\d+(?:[.,]\d+)?"
_UNIT = "|".join(sorted((re.escape(u) for u in UNIT_WORDS), key=len, reverse=True))
# "30 x 22 x 11 cm" gives three measurements in cm; "heel 4.5cm", "weighs 850 g" one each.
_MEASURE = re.compile(rf"({_NUMBER}(?:\s*(?:x|×|by)\s*{_NUMBER})*)\s*({_UNIT})(?![A-Za-z])", re.IGNORECASE)


@dataclass(frozen=True)
class Measurement:
    """A number and its canonical unit as the description states them."""

    value: float
    unit: str


def _number(text: str) -> float:
    return float(text.replace(",", "."))


def measurements_in(description: str) -> list[Measurement]:
    """Every number-with-unit the description states, in order (repeats kept once)."""
    found: list[Measurement] = []
    for match in _MEASURE.finditer(description):
        unit = UNIT_WORDS[match.group(2).lower()]
        for number in re.findall(_NUMBER, match.group(1)):
            measurement = Measurement(_number(number), unit)
            if measurement not in found:
                found.append(measurement)
    return found


def unit_kind(unit: str) -> str | None:
    """'length', 'weight' or None for an unknown unit."""
    return "length" if unit in LENGTH_UNITS else "weight" if unit in WEIGHT_UNITS else None


def in_base_unit(dimension: Dimension) -> float:
    """The value in centimetres (lengths) or grams (weights)."""
    return dimension.value * (LENGTH_UNITS.get(dimension.unit) or WEIGHT_UNITS.get(dimension.unit) or 1.0)


def plausible_range(category: str, dimension: Dimension) -> tuple[float, float]:
    """The (low, high) a dimension of this category may take, in the base unit of its kind."""
    weight = "weight" in dimension.name
    table = PLAUSIBLE.get(category, {})
    return table.get(dimension.name) or (GENERIC_WEIGHT if weight else GENERIC_LENGTH)


def _dimension_issues(spec: ProductSpec, stated: list[Measurement]) -> list[SpecIssue]:
    issues = []
    for index, dim in enumerate(spec.dimensions):
        where = f"dimensions[{index}] ({dim.name})"
        kind, wanted = unit_kind(dim.unit), "weight" if "weight" in dim.name else "length"
        if kind is None:
            issues.append(
                SpecIssue(
                    check="units",
                    field=where,
                    message=f"unknown unit {dim.unit!r}; use one of {', '.join([*LENGTH_UNITS, *WEIGHT_UNITS])}",
                )
            )
            continue
        if kind != wanted:
            issues.append(
                SpecIssue(check="units", field=where, message=f"{dim.name} needs a {wanted} unit, not {dim.unit!r}")
            )
            continue
        low, high = plausible_range(spec.category, dim)
        base = in_base_unit(dim)
        if not low <= base <= high:
            unit = "g" if wanted == "weight" else "cm"
            issues.append(
                SpecIssue(
                    check="plausibility",
                    field=where,
                    message=f"{dim.value:g} {dim.unit} is "
                    f"implausible for a {spec.category} {dim.name} ({low:g}-{high:g} {unit})",
                )
            )
        if Measurement(dim.value, dim.unit) not in stated:
            units = sorted({m.unit for m in stated if abs(m.value - dim.value) < 1e-9})
            message = (
                f"the description gives {dim.value:g} in {', '.join(units)}, not {dim.unit}"
                if units
                else f"{dim.value:g} {dim.unit} is not stated in the description"
            )
            issues.append(SpecIssue(check="grounding", field=where, message=message))
    return issues


def _coverage_issues(spec: ProductSpec, stated: list[Measurement]) -> list[SpecIssue]:
    extracted = {Measurement(d.value, d.unit) for d in spec.dimensions}
    return [
        SpecIssue(
            check="coverage",
            field="dimensions",
            message=f"the description states {m.value:g} {m.unit}; extract it with what it measures",
        )
        for m in stated
        if m not in extracted
    ]


def _words_issues(spec: ProductSpec, description: str) -> list[SpecIssue]:
    text = description.casefold()
    issues = []
    for field_name, values in (("materials", spec.materials), ("colors", spec.colors)):
        for value in values:
            words = re.findall(r"[^\W\d_]{3,}", value.casefold())
            if not words or not all(w in text for w in words):
                issues.append(
                    SpecIssue(check="grounding", field=field_name, message=f"{value!r} is not in the description")
                )
    return issues


def check_product_spec(spec: ProductSpec, description: str, expected_category: str = "") -> SpecCheck:
    """All deterministic findings on `spec` against its source `description`."""
    issues: list[SpecIssue] = []
    if spec.category not in PRODUCT_CATEGORIES:
        issues.append(
            SpecIssue(
                check="category",
                field="category",
                message=f"unknown category {spec.category!r}; use one of {', '.join(PRODUCT_CATEGORIES)}",
            )
        )
    elif expected_category and spec.category != expected_category:
        issues.append(
            SpecIssue(
                check="category",
                field="category",
                severity="warning",
                message=f"the categorizer chose {expected_category!r}",
            )
        )
    if not spec.name.strip():
        issues.append(SpecIssue(check="format", field="name", message="the product name is empty"))
    stated = measurements_in(description)
    issues += _dimension_issues(spec, stated)
    issues += _coverage_issues(spec, stated)
    issues += _words_issues(spec, description)
    for key in CATEGORY_KEYS.get(spec.category, ()):
        if not spec.attributes.get(key, "").strip():
            issues.append(
                SpecIssue(
                    check="coverage",
                    field=f"attributes.{key}",
                    severity="warning",
                    message=f"no {key} given (fill it when the description says)",
                )
            )
    return SpecCheck(issues=issues)
