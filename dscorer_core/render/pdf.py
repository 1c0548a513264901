"""One graph as a one-page PDF of vector paths, drawn from the same scene as the SVG export (so as the
pane draws it), written here with no library: rounded rectangles and ellipses as Bezier paths, each
edge's quadratic curve as the equal cubic one, text in the PDF's built-in Courier (a monospace font,
as the layout estimates). 1 px of the drawing is 0.75 pt (96 px to the inch, as CSS).

Text from a clause file is written as escaped PDF string data (Latin-1; other characters as ``?``):
the file holds no script, action, link or embedded file."""

from __future__ import annotations

import zlib
from collections.abc import Collection, Sequence

from ..ngrams.induction import Graph
from .edge_colour import EdgeShade, share_colour
from .palette import NODE_BORDER, TEXT_COLOUR, LineStyle
from .scene import LEGEND_FONT_SIZE, LEGEND_ROW, TITLE_FONT_SIZE, LegendItem, Scene, graph_scene, page_of

#: Points per px of the drawing (CSS: 96 px = 72 pt = one inch).
PT_PER_PX = 0.75
#: Width of a Courier character, as a share of the font size.
COURIER_WIDTH = 0.6
#: A quarter circle as a cubic Bezier curve: how far its control points stand out.
_KAPPA = 0.5523

Point = tuple[float, float]


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") or "0"


def _rgb(colour: str) -> str:
    """'#RRGGBB' as PDF colour components."""
    c = colour.lstrip("#")
    return " ".join(_n(int(c[i:i + 2], 16) / 255) for i in (0, 2, 4))


def _string(text: str) -> str:
    """A PDF literal string of ``text`` in Latin-1 (else ``?``), its delimiters and controls escaped."""
    raw = text.encode("latin-1", "replace").decode("latin-1")
    out = []
    for ch in raw:
        if ch in "()\\":
            out.append("\\" + ch)
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\{ord(ch):03o}")
        else:
            out.append(ch)
    return "(" + "".join(out) + ")"


def _rounded(x0: float, y0: float, x1: float, y1: float, rx: float, ry: float) -> str:
    """A closed path of a rectangle with elliptic corners (rx = half width, ry = half height: an ellipse)."""
    rx, ry = min(rx, (x1 - x0) / 2), min(ry, (y1 - y0) / 2)
    kx, ky = rx * _KAPPA, ry * _KAPPA
    return " ".join([
        f"{_n(x0 + rx)} {_n(y0)} m", f"{_n(x1 - rx)} {_n(y0)} l",
        f"{_n(x1 - rx + kx)} {_n(y0)} {_n(x1)} {_n(y0 + ry - ky)} {_n(x1)} {_n(y0 + ry)} c",
        f"{_n(x1)} {_n(y1 - ry)} l",
        f"{_n(x1)} {_n(y1 - ry + ky)} {_n(x1 - rx + kx)} {_n(y1)} {_n(x1 - rx)} {_n(y1)} c",
        f"{_n(x0 + rx)} {_n(y1)} l",
        f"{_n(x0 + rx - kx)} {_n(y1)} {_n(x0)} {_n(y1 - ry + ky)} {_n(x0)} {_n(y1 - ry)} c",
        f"{_n(x0)} {_n(y0 + ry)} l",
        f"{_n(x0)} {_n(y0 + ry - ky)} {_n(x0 + rx - kx)} {_n(y0)} {_n(x0 + rx)} {_n(y0)} c", "h"])


def _curve(points: Sequence[Point], moved: bool = False) -> str:
    """A drawn edge's path: a quadratic curve as the equal cubic one (PDF has no quadratic), or a cubic;
    ``moved``: the path is under way (a routed edge's straight lead), the curve goes on from its end."""
    if len(points) == 3:
        (ax, ay), (qx, qy), (bx, by) = points
        points = [(ax, ay), (ax + 2 / 3 * (qx - ax), ay + 2 / 3 * (qy - ay)),
                  (bx + 2 / 3 * (qx - bx), by + 2 / 3 * (qy - by)), (bx, by)]
    return f"{_n(points[0][0])} {_n(points[0][1])} {'l' if moved else 'm'} " \
        + " ".join(f"{_n(x)} {_n(y)}" for x, y in points[1:]) + " c"


def _line_style(style: LineStyle) -> str:
    dashes = " ".join(str(d) for d in style.dashes)
    return f"{_n(style.width)} w [{dashes}] 0 d"


def _text(x: float, y: float, text: str, size: float, centred: bool = True, bold: bool = False) -> str:
    """Text with its baseline at (x, y) in the drawing's (downward) units, centred on x or from x."""
    left = x - len(text) * COURIER_WIDTH * size / 2 if centred else x
    font = "/F2" if bold else "/F1"
    # the page is flipped (y down); the text matrix flips it back
    return f"BT {font} {_n(size)} Tf 1 0 0 -1 {_n(left)} {_n(y)} Tm {_string(text)} Tj ET"


def _legend_item(item: LegendItem, x: float, y: float) -> list[str]:
    size = LEGEND_FONT_SIZE
    if item.kind == "text":
        return [f"{_rgb(TEXT_COLOUR)} rg", _text(x, y + 0.35 * size, item.text, size, centred=False)]
    if item.kind == "swatch":
        dash = "[3 3] 0 d" if item.dashed else "[] 0 d"
        return [f"{_rgb(item.fill)} rg {_rgb(NODE_BORDER)} RG 1 w {dash}", _rounded(x, y - 9, x + 30, y + 9, 4, 4), "B"]
    if item.kind == "line":
        return [f"{_rgb(item.colour)} RG {_line_style(item.style)}", f"{_n(x)} {_n(y)} m {_n(x + 44)} {_n(y)} l S"]
    steps = 40  # the colour scale as narrow bands
    out = []
    for i in range(steps):
        share = (i + 0.5) / steps
        out.append(f"{_rgb(share_colour(share))} rg {_n(x + 4 * i)} {_n(y - 7)} 4.2 14 re f")
    return out


def scene_pdf(scene: Scene, *, compact: bool = True, forward_only: bool = False, title: str = "",
              unpaired: bool = False) -> bytes:
    """A scene (graph_scene) as a one-page PDF: the same page, heading and legend as scene_svg."""
    page = page_of(scene, compact, forward_only, title, unpaired)
    left, top, width, height = page.box
    ops = [f"{_n(PT_PER_PX)} 0 0 {_n(-PT_PER_PX)} {_n(-left * PT_PER_PX)} {_n((top + height) * PT_PER_PX)} cm",
           "1 J 1 j", f"1 1 1 rg {_n(left)} {_n(top)} {_n(width)} {_n(height)} re f"]
    if title:
        ops += [f"{_rgb(TEXT_COLOUR)} rg", _text(*page.heading_at, title, TITLE_FONT_SIZE, centred=False, bold=True)]
    for e in scene.edges:
        lead = " ".join(f"{_n(x)} {_n(y)} {'m' if i == 0 else 'l'}" for i, (x, y) in enumerate(e.lead))
        ops += [f"{_rgb(e.colour)} RG {_line_style(e.style)}", lead + (" " if lead else "")
                + _curve(e.points, moved=bool(lead)), "S"]
        (ax, ay), (bx, by), (cx, cy) = e.arrow
        ops += [f"{_rgb(e.colour)} rg", f"{_n(ax)} {_n(ay)} m {_n(bx)} {_n(by)} l {_n(cx)} {_n(cy)} l h f"]
    for node in scene.nodes:
        (x, y), (w, h) = node.centre, node.size
        rx, ry = (w / 2, h / 2) if node.ellipse else (node.corner, node.corner)
        dash = "[3 3] 0 d" if node.dashed else "[] 0 d"
        ops += [f"{_rgb(node.fill)} rg {_rgb(node.border)} RG {_n(node.border_width)} w {dash}",
                _rounded(x - w / 2, y - h / 2, x + w / 2, y + h / 2, rx, ry), "B", f"{_rgb(TEXT_COLOUR)} rg"]
        step = 1.25 * node.font_size
        first = y - step * (len(node.lines) - 1) / 2 + 0.35 * node.font_size
        ops += [_text(x, first + i * step, line, node.font_size) for i, line in enumerate(node.lines)]
    for label in scene.labels:
        x0, y0, x1, y1 = label.rect
        ops += ["1 1 1 rg", _rounded(x0, y0, x1, y1, 3, 3), "f", f"{_rgb(TEXT_COLOUR)} rg"]
        if label.turned:  # read from bottom to top: the text runs up the page, its baseline right of the centre
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            half = len(label.text) * COURIER_WIDTH * label.font_size / 2
            ops.append(f"BT /F1 {_n(label.font_size)} Tf 0 -1 -1 0 {_n(cx + 0.35 * label.font_size)} "
                       f"{_n(cy + half)} Tm {_string(label.text)} Tj ET")
        else:
            ops.append(_text((x0 + x1) / 2, (y0 + y1) / 2 + 0.35 * label.font_size, label.text, label.font_size))
    for i, row in enumerate(page.legend):
        y = page.legend_top + LEGEND_ROW * (i + 0.5)
        for item in row:
            ops += _legend_item(item, scene.extent[0] + item.x, y)
    content = zlib.compress("\n".join(ops).encode("latin-1"))
    w_pt, h_pt = width * PT_PER_PX, height * PT_PER_PX
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {_n(w_pt)} {_n(h_pt)}] /Contents 4 0 R "
         "/Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>").encode(),
        f"<< /Length {len(content)} /Filter /FlateDecode >>\nstream\n".encode() + content + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Courier-Bold /Encoding /WinAnsiEncoding >>",
        f"<< /Title {_string(title or 'DSCORER graph')} /Producer (dscorer) >>".encode("latin-1", "replace"),
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    out += (f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {len(objects)} 0 R >>\n"
            f"startxref\n{xref}\n%%EOF\n").encode()
    return bytes(out)


def graph_pdf(graph: Graph, positions: Sequence[Point], *, edge_shades: Sequence[EdgeShade] | None = None,
              compact: bool = True, forward_only: bool = False, show_names: bool = False, title: str = "",
              unpaired: Collection[int] = frozenset()) -> bytes:
    """A one-page PDF of one graph at ``positions``, the same drawing as graph_svg (the options mean
    the same): for a paper or a handout without a converter."""
    scene = graph_scene(graph, positions, edge_shades=edge_shades, compact=compact, forward_only=forward_only,
                        show_names=show_names, unpaired=unpaired)
    return scene_pdf(scene, compact=compact, forward_only=forward_only, title=title, unpaired=bool(unpaired))



