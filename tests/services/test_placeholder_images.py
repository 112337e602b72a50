"""Placeholder SVGs for sample:// image URLs."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

from editorial_ai.services.placeholder_images import label_lines, placeholder_svg, resolve_image_src

SVG_NS = "{http://www.w3.org/2000/svg}"


def test_deterministic_and_url_dependent() -> None:
    a = placeholder_svg("sample://posts/1", "Jennie")
    assert a == placeholder_svg("sample://posts/1", "Jennie")
    assert a != placeholder_svg("sample://posts/2", "Jennie")


def test_valid_svg_with_gradient_and_label() -> None:
    root = ET.fromstring(placeholder_svg("sample://posts/1", "Chanel 22 Bag"))
    assert root.tag == f"{SVG_NS}svg"
    stops = root.findall(f".//{SVG_NS}stop")
    assert len(stops) == 2 and stops[0].get("stop-color") != stops[1].get("stop-color")
    text = root.find(f"{SVG_NS}text")
    assert text is not None and "".join(text.itertext()) == "Chanel 22 Bag"


def test_label_is_escaped() -> None:
    svg = placeholder_svg("sample://solutions/x", 'Tiffany & Co. <script>"x"')
    assert "<script>" not in svg and "&amp;" in svg and "&lt;script&gt;" in svg
    text = ET.fromstring(svg).find(f"{SVG_NS}text")
    assert text is not None and " ".join(text.itertext()) == 'Tiffany & Co. <script>"x"'


def test_empty_label_has_no_text() -> None:
    root = ET.fromstring(placeholder_svg("sample://posts/1"))
    assert root.find(f"{SVG_NS}text") is None


def test_data_uri_for_sample_urls() -> None:
    src = resolve_image_src("sample://posts/abc", "Jennie")
    prefix = "data:image/svg+xml;base64,"
    assert src.startswith(prefix)
    decoded = base64.b64decode(src[len(prefix) :]).decode("utf-8")
    assert decoded == placeholder_svg("sample://posts/abc", "Jennie")


def test_other_urls_pass_through() -> None:
    url = "https://cdn.example.com/a.jpg?w=400&h=500"
    assert resolve_image_src(url, "x") == url
    assert resolve_image_src("", "x") == ""


def test_long_labels_wrap_inside_the_picture_instead_of_being_clipped() -> None:
    label = "Tiffany & Co. HardWear Large Link Necklace in Yellow Gold"
    lines = label_lines(label)
    assert 1 < len(lines) <= 3 and all(len(line) <= 20 for line in lines) and lines[-1].endswith("…")
    root = ET.fromstring(placeholder_svg("sample://solutions/x", label))
    spans = root.findall(f".//{SVG_NS}tspan")
    assert [s.text for s in spans] == lines
    ys = [float(s.get("y") or 0) for s in spans]
    size = float(root.get("height") or 0)
    # Centred: the whole label lies in the middle third, which any object-fit crop of the page keeps.
    assert size / 3 < min(ys) and max(ys) < size * 2 / 3
    assert label_lines("Supercalifragilisticexpialidocious") == ["Supercalifragilisti-", "cexpialidocious"]
