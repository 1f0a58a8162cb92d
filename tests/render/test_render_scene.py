"""Scenes as data: value semantics, validation, hit testing, the builder, geometry and themes."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import FrozenInstanceError, replace

import pytest

from navalkit.render import (
    DEFAULT_LAYERS,
    THEMES,
    Circle,
    Layer,
    Line,
    Polygon,
    Rect,
    Region,
    Scene,
    SceneBuilder,
    Text,
    bounds,
    centroid,
    get_theme,
    hexagon,
    point_in_polygon,
    rect_points,
    regular_polygon,
)

# --- value semantics -------------------------------------------------------------------------


def test_ops_are_frozen_slotted_and_compared_by_value() -> None:
    a = Rect(1, 2, 3, 4, fill="#fff")
    assert a == Rect(1.0, 2.0, 3.0, 4.0, fill="#fff")
    assert hash(a) == hash(Rect(1.0, 2.0, 3.0, 4.0, fill="#fff"))
    assert a != Rect(1, 2, 3, 4, fill="#000")
    assert not hasattr(a, "__dict__")
    with pytest.raises(FrozenInstanceError):
        a.x = 5  # type: ignore[misc]


def test_lists_are_normalised_to_tuples_so_everything_hashes() -> None:
    poly = Polygon([[0, 0], [4, 0], [0, 3]], fill="red")  # type: ignore[arg-type]
    assert poly.points == ((0.0, 0.0), (4.0, 0.0), (0.0, 3.0))
    line = Line(0, 0, 1, 1, "#000", dash=[4, 2])  # type: ignore[arg-type]
    assert line.dash == (4.0, 2.0)
    layer = Layer("pieces", [poly, line])  # type: ignore[arg-type]
    scene = Scene(10, 10, [layer])  # type: ignore[arg-type]
    assert isinstance(scene.layers, tuple)
    assert isinstance(scene.layers[0].ops, tuple)
    assert len({scene, Scene(10, 10, (Layer("pieces", (poly, line)),))}) == 1


def test_changing_one_layer_leaves_the_others_equal(scene: Scene) -> None:
    other = scene.with_layer(Layer("overlay", (Text(1, 1, "changed"),)))
    assert other.layer_names == scene.layer_names
    assert other.layer("board") == scene.layer("board")
    assert other.layer("pieces") == scene.layer("pieces")
    assert other.layer("overlay") != scene.layer("overlay")
    assert other != scene
    on_top = scene.with_layer(Layer("cursor"))
    assert on_top.layer_names == (*scene.layer_names, "cursor")


@pytest.mark.parametrize(
    ("factory", "message"),
    [
        (lambda: Text(0, 0, "x", align="middle"), "align"),  # type: ignore[arg-type]
        (lambda: Text(0, 0, "x", baseline="hanging"), "baseline"),  # type: ignore[arg-type]
        (lambda: Text(0, 0, "x", size=0), "size"),
        (lambda: Text(0, 0, "x", halo="#fff", halo_width=-1), "halo_width"),
        (lambda: Rect(0, 0, 1, 1, alpha=1.5), "alpha"),
        (lambda: Rect(0, 0, 1, 1, radius=-1), "radius"),
        (lambda: Circle(0, 0, -2), "radius"),
        (lambda: Line(0, 0, 1, 1, "#000", line_width=-1), "line_width"),
        (lambda: Line(0, 0, 1, 1, "#000", dash=(-1.0,)), "dash"),
        (lambda: Polygon(((0, 0), (1, 1))), "3 points"),
        (lambda: Region("a", "square", (0, 0, 1, 1)), "kind"),  # type: ignore[arg-type]
        (lambda: Region("a", "rect", (0, 0, 1)), "4 numbers"),
        (lambda: Scene(0, 10, ()), "positive"),
        (lambda: Scene(10, 10, (Layer("a"), Layer("a"))), "unique"),
    ],
)
def test_bad_values_are_refused_with_a_clear_message(
    factory: Callable[[], object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        factory()


def test_layer_lookup(scene: Scene) -> None:
    assert scene.layer_names == DEFAULT_LAYERS
    assert scene.layer("pieces").name == "pieces"
    with pytest.raises(KeyError, match=r"no layer 'sky'.*board, pieces, overlay"):
        scene.layer("sky")


# --- hit testing -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "expected"),
    [
        (11, 11, "A1"),
        (89, 49, "B1"),
        (129, 89, "C2"),
        (5, 5, None),  # margin around the grid
        (199, 5, None),
        (165, 110, "zone"),  # hex centre
        (165, 87, "zone"),  # just inside the top corner of the pointy hex
        (143, 90, None),  # outside the hex, left of its upper-left edge, below the grid
    ],
)
def test_hit_finds_the_region_under_the_point(
    scene: Scene, x: float, y: float, expected: str | None
) -> None:
    assert scene.hit(x, y) == expected


def test_last_added_region_wins_where_regions_overlap() -> None:
    b = SceneBuilder(100, 100)
    b.rect_region("sea", 0, 0, 100, 100)
    b.circle_region("buoy", 50, 50, 10)
    b.rect_region("dock", 45, 45, 30, 30)
    scene = b.build()
    assert scene.hit(50, 42) == "buoy"  # buoy over sea, outside dock
    assert scene.hit(55, 55) == "dock"  # dock was added after the buoy
    assert scene.hit(90, 10) == "sea"
    assert scene.hit(150, 10) is None


def test_polygon_regions_handle_concave_shapes() -> None:
    # A "U" shape: the notch between the arms is outside.
    u_shape = ((0, 0), (30, 0), (30, 30), (20, 30), (20, 10), (10, 10), (10, 30), (0, 30))
    scene = SceneBuilder(40, 40).polygon_region("u", u_shape).build()
    assert scene.hit(5, 25) == "u"
    assert scene.hit(25, 25) == "u"
    assert scene.hit(15, 25) is None
    assert scene.hit(15, 5) == "u"
    assert scene.hit(15, 10) == "u"  # on the border counts as inside


def test_point_in_polygon_edges_and_degenerate_input() -> None:
    square = rect_points(0, 0, 10, 10)
    assert point_in_polygon(10, 5, square)
    assert point_in_polygon(0, 0, square)
    assert not point_in_polygon(10.01, 5, square)
    assert not point_in_polygon(1, 1, ((0, 0), (5, 5)))


# --- builder ---------------------------------------------------------------------------------


def test_builder_keeps_declared_layer_order_and_empty_layers() -> None:
    b = SceneBuilder(50, 40, title="t", description="d")
    b.add("overlay", Text(1, 1, "top"))
    b.add("board", Rect(0, 0, 50, 40, fill="#00f"))
    b.add("cursor", Circle(5, 5, 2, fill="#f00"))  # unknown name goes on top
    scene = b.build()
    assert scene.layer_names == ("board", "pieces", "overlay", "cursor")
    assert scene.layer("pieces").ops == ()
    assert scene.layer("board").ops == (Rect(0, 0, 50, 40, fill="#00f"),)
    assert (scene.width, scene.height, scene.title, scene.description) == (50, 40, "t", "d")


def test_builder_snapshots_are_independent() -> None:
    b = SceneBuilder(10, 10, layers=("only",)).add("only", Rect(0, 0, 1, 1))
    first = b.build()
    b.add("only", Rect(1, 1, 1, 1)).rect_region("r", 0, 0, 5, 5)
    second = b.build()
    assert len(first.layer("only").ops) == 1
    assert first.regions == ()
    assert len(second.layer("only").ops) == 2
    assert second.regions == (Region("r", "rect", (0.0, 0.0, 5.0, 5.0)),)
    assert b.extend("only", [Rect(2, 2, 1, 1)]).build().layer("only").ops[-1] == Rect(2, 2, 1, 1)


# --- geometry --------------------------------------------------------------------------------


def test_shape_helpers() -> None:
    hexa = hexagon(0, 0, 10)
    assert len(hexa) == 6
    assert hexa[0] == pytest.approx((0, -10))  # pointy top
    assert bounds(hexa)[1] == pytest.approx(-10)
    flat = hexagon(0, 0, 10, pointy=False)
    assert flat[0] == pytest.approx((10, 0))
    assert centroid(regular_polygon(3, 4, 5, 8)) == pytest.approx((3, 4))
    assert rect_points(10, 10, -4, -2) == ((6, 8), (10, 8), (10, 10), (6, 10))
    with pytest.raises(ValueError):
        regular_polygon(0, 0, 1, 2)


# --- themes ----------------------------------------------------------------------------------


def test_themes_resolve_by_name_value_or_default() -> None:
    assert get_theme() is THEMES["classic"]
    assert get_theme("high_contrast").name == "high_contrast"
    custom = replace(THEMES["classic"], name="mine")
    assert get_theme(custom) is custom
    with pytest.raises(ValueError, match=r"unknown theme 'neon'.*classic, high_contrast"):
        get_theme("neon")


def test_themes_are_complete_and_cycle_player_colours() -> None:
    for theme in THEMES.values():
        hash(theme)
        assert all(c.startswith("#") for c in (*theme.colors().values(), *theme.players))
        assert theme.player(len(theme.players)) == theme.player(0)
    assert THEMES["classic"].colors().keys() == THEMES["high_contrast"].colors().keys()


def test_importing_render_does_not_import_ipycanvas() -> None:
    code = (
        "import sys, navalkit.render as r; r.scene_to_svg;"
        "assert 'ipycanvas' not in sys.modules, 'ipycanvas imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_words_a_frame_would_cross_are_those_it_would_strike_through() -> None:
    """Scene.words_crossing: the words that meet a frame's band (between ``outer`` and
    ``inner``), not those inside it or away from it, nor those something filled covers since
    (painted again, they would show what the board hides)."""
    from navalkit.render.scene import text_box

    above = Text(50, 18, "Sovereign", 11)  # across the frame's top edge
    within = Text(50, 50, "x", 11)
    away = Text(50, 150, "far", 11)
    hidden = Text(50, 82, "hidden", 11)  # across the bottom edge, then covered
    card = Rect(20, 75, 60, 20, fill="#ffffff")
    scene = Scene(200, 200, layers=(Layer("board", (above, within, away, hidden, card)),))
    assert scene.words_crossing((20, 20, 80, 80), (25, 25, 75, 75)) == [above]
    a, b, c, d = text_box(above)
    assert a < 50 < c and b < 18 < d
