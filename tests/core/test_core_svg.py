"""The games' shared SVG text helper: a label's words are escaped, and each game's join of further attributes
and default anchor are kept (the boards' golden files pin the bytes)."""

from firebreak.core.svg import escape_text, svg_text, text_helper


def test_a_label_with_markup_characters_is_drawn_as_words():
    drawn = svg_text(8, 20, "Fish & Chips <Ye Olde> Shop", 14)
    assert drawn.endswith(">Fish &amp; Chips &lt;Ye Olde&gt; Shop</text>")
    assert drawn.count("<") == 2  # the element's own tags only
    assert escape_text('"quoted" & more') == '"quoted" &amp; more'


def test_coordinates_and_size_are_written_short():
    assert svg_text(1, 2.345, "A", 10.25, weight="bold", fill="#333") == (
        '<text x="1.0" y="2.3" font-size="10.2" text-anchor="start" font-weight="bold" fill="#333">A</text>'
    )
    assert 'font-size="14"' in svg_text(0, 0, "A", 20 * 0.7)  # 14.000000000000002 is written 14


def test_each_games_join_of_further_attributes():
    assert svg_text(0, 0, "A", extra='class="x"').endswith('fill="#1d1d1f" class="x">A</text>')
    assert svg_text(0, 0, "A").endswith('fill="#1d1d1f">A</text>')
    spaced = text_helper(gap_without_extra=" ")  # the Great Fire's
    assert spaced(0, 0, "A").endswith('fill="#1d1d1f" >A</text>')
    assert spaced(0, 0, "A", extra='class="x"').endswith('fill="#1d1d1f" class="x">A</text>')
    centred = text_helper(anchor="middle", gap="")  # Catan's: callers start the attributes with a space
    assert 'text-anchor="middle"' in centred(0, 0, "A")
    assert centred(0, 0, "A", 12, "start", extra=' class="x"').endswith(
        'text-anchor="start" font-weight="normal" fill="#1d1d1f" class="x">A</text>'
    )
