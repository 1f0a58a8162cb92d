"""The SVG adapter: well-formed, accessible, deterministic output, pinned by a golden file.

Set ``NAVALKIT_UPDATE_GOLDENS=1`` to rewrite the goldens after an intended drawing change,
then review the diff before committing.
"""

from __future__ import annotations

import difflib
import os
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from navalkit.render import Circle, Layer, Line, Rect, Scene, SceneBuilder, Text, save_svg
from navalkit.render.svg import fmt, scene_to_svg

GOLDENS = Path(__file__).parent / "goldens"
NS = {"svg": "http://www.w3.org/2000/svg"}


def assert_matches_golden(name: str, actual: str) -> None:
    """Compare ``actual`` with ``goldens/name``; rewrite it instead when asked to by env var."""
    path = GOLDENS / name
    if os.environ.get("NAVALKIT_UPDATE_GOLDENS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not path.exists():
        pytest.fail(f"golden {path} is missing; run with NAVALKIT_UPDATE_GOLDENS=1 to create it")
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"goldens/{name} (expected)",
                tofile="scene_to_svg (actual)",
            )
        )
        pytest.fail(
            f"SVG output differs from golden {name}.\n{diff}\n"
            "If the change is intended, rerun with NAVALKIT_UPDATE_GOLDENS=1 and review the diff.",
            pytrace=False,
        )


def test_sample_scene_matches_golden(scene: Scene) -> None:
    assert_matches_golden("sample_scene.svg", scene_to_svg(scene))


def test_svg_is_a_well_formed_standalone_document(scene: Scene) -> None:
    root = ET.fromstring(scene_to_svg(scene))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "200",
        "150",
        "0 0 200 150",
    )
    groups = root.findall("svg:g", NS)
    assert [g.get("id") for g in groups] == ["layer-board", "layer-pieces", "layer-overlay"]
    board, pieces, overlay = groups
    assert len(board) == 1 + 6  # background + six grid cells
    assert [child.tag.split("}")[1] for child in pieces] == ["rect", "circle", "polygon"]
    assert [child.tag.split("}")[1] for child in overlay] == ["line", "text"]


def test_a_fluid_picture_fills_its_box_and_keeps_its_shape(scene: Scene) -> None:
    root = ET.fromstring(scene_to_svg(scene, fluid=True))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "100%",
        None,
        "0 0 200 150",
    )
    assert root.get("style") == "height:auto;display:block"
    assert scene_to_svg(scene, fluid=True).split(">", 1)[1] == scene_to_svg(scene).split(">", 1)[1]


def test_title_and_description_are_escaped_for_screen_readers(scene: Scene) -> None:
    root = ET.fromstring(scene_to_svg(scene))
    assert root.get("role") == "img"
    assert root.findtext("svg:title", namespaces=NS) == "Sample board"
    assert root.findtext("svg:desc", namespaces=NS) == (
        "Three by two sea grid; a frigate at B1 & a <hex> zone."
    )
    untitled = ET.fromstring(scene_to_svg(Scene(10, 10, (Layer("a"),))))
    assert untitled.find("svg:title", NS) is None
    assert untitled.find("svg:desc", NS) is None


def test_text_and_attributes_survive_escaping() -> None:
    nasty = 'Q&A <b>"quoted"</b>\x00\x1b'
    scene = SceneBuilder(50, 20, layers=('weird"<&>',)).add('weird"<&>', Text(1, 2, nasty)).build()
    root = ET.fromstring(scene_to_svg(scene))
    group = root.find("svg:g", NS)
    assert group is not None
    assert group.get("id") == 'layer-weird"<&>'
    assert group.findtext("svg:text", namespaces=NS) == 'Q&A <b>"quoted"</b>'


def test_ops_map_to_the_expected_svg_attributes() -> None:
    scene = SceneBuilder(100, 100, layers=("l",))
    scene.add(
        "l",
        Rect(10, 10, -6, 4, fill="#123456", stroke="#000", line_width=2, radius=50),
        Circle(5, 5, 2, stroke="#f00", alpha=0.25),
        Line(0, 0, 1, 1, "#000", dash=(3, 1.5)),
        Text(0, 0, "t", align="right", baseline="top", bold=True, font="serif", size=9.5),
    )
    group = ET.fromstring(scene_to_svg(scene.build())).find("svg:g", NS)
    assert group is not None
    rect, circle, line, text = list(group)
    # negative width normalised, radius clamped to half the short side
    assert rect.attrib == {
        "x": "4",
        "y": "10",
        "width": "6",
        "height": "4",
        "rx": "2",
        "ry": "2",
        "fill": "#123456",
        "stroke": "#000",
        "stroke-width": "2",
    }
    assert circle.get("fill") == "none"
    assert circle.get("opacity") == "0.25"
    assert line.get("stroke-dasharray") == "3 1.5"
    assert text.get("text-anchor") == "end"
    assert text.get("dominant-baseline") == "text-before-edge"
    assert text.get("font-weight") == "bold"
    assert (text.get("font-family"), text.get("font-size")) == ("serif", "9.5")


def test_a_haloed_text_paints_its_outline_under_its_letters() -> None:
    """A label's halo (Text.halo) is a stroke of its colour painted before the fill, with
    round joins: the letters stay whole on top of it. A text without one is drawn as before
    (the golden's texts have none)."""
    scene = SceneBuilder(50, 20, layers=("l",))
    scene.add(
        "l", Text(5, 5, "Victory", fill="#111", halo="#cfe3f0", halo_width=4), Text(1, 1, "x")
    )
    group = ET.fromstring(scene_to_svg(scene.build())).find("svg:g", NS)
    assert group is not None
    haloed, plain = list(group)
    assert (haloed.get("fill"), haloed.get("stroke"), haloed.get("stroke-width")) == (
        "#111",
        "#cfe3f0",
        "4",
    )
    assert haloed.get("paint-order") == "stroke" and haloed.get("stroke-linejoin") == "round"
    assert plain.get("stroke") is None and plain.get("paint-order") is None


@pytest.mark.parametrize(
    ("value", "text"),
    [(0, "0"), (10, "10"), (10.5, "10.5"), (1 / 3, "0.33"), (-0.001, "0"), (-2.25, "-2.25")],
)
def test_numbers_are_compact_and_stable(value: float, text: str) -> None:
    assert fmt(value) == text


def test_non_finite_numbers_are_refused() -> None:
    with pytest.raises(ValueError, match="non-finite"):
        scene_to_svg(Scene(10, 10, (Layer("a", (Circle(float("nan"), 0, 1),)),)))


def test_output_is_deterministic_and_repr_svg_uses_it(
    scene: Scene, make_scene: Callable[..., Scene]
) -> None:
    assert scene_to_svg(scene) == scene_to_svg(make_scene())
    assert scene._repr_svg_() == scene_to_svg(scene)
    assert scene_to_svg(make_scene("Other")) != scene_to_svg(scene)


def test_save_svg_writes_utf8(tmp_path: Path) -> None:
    scene = SceneBuilder(20, 20, layers=("a",)).add("a", Text(1, 1, "Branle-bas ⚓ école")).build()
    path = save_svg(scene, tmp_path / "board.svg")
    assert path.read_bytes() == scene_to_svg(scene).encode("utf-8")
    assert "⚓ école" in path.read_text(encoding="utf-8")
