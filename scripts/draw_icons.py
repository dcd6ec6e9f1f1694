"""Draw the web app's icons (static/icons/*.png) from one drawing: two cards on the felt.

    python scripts/draw_icons.py          # writes src/scala40/server/static/icons/

The PNGs are committed; run this again only to change the drawing. It needs Pillow
(``pip install pillow``) and no font: the suits are drawn as shapes, so every machine draws
the same icons. The drawing is made at 1024 pixels and scaled down, which smooths its edges.

- ``icon-48.png`` (the tab's icon), ``icon-192.png``, ``icon-512.png``: a rounded felt
  square, the cards filling it;
- ``maskable-512.png``: the felt to the edges and the cards inside the middle 80 % (the
  "safe zone" a phone keeps whatever shape it cuts the icon to).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).parents[1] / "src" / "scala40" / "server" / "static" / "icons"
BIG = 1024
FELT = (31, 111, 67, 255)  # --felt in scala40.css
FELT_DARK = (21, 80, 47, 255)  # --felt-dark
PAPER = (253, 252, 247, 255)  # --paper
RED = (200, 16, 46, 255)  # --red
INK = (29, 29, 31, 255)  # --ink
GOLD = (243, 198, 76, 255)  # --gold


def heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, ...]) -> None:
    """A heart of half-width ``r`` centred on (cx, cy): two lobes over a point."""
    lobe = r * 0.52
    draw.ellipse((cx - r, cy - r * 0.75, cx - r + 2 * lobe, cy - r * 0.75 + 2 * lobe), fill=fill)
    draw.ellipse((cx + r - 2 * lobe, cy - r * 0.75, cx + r, cy - r * 0.75 + 2 * lobe), fill=fill)
    draw.polygon(
        [(cx - r * 0.985, cy - r * 0.12), (cx + r * 0.985, cy - r * 0.12), (cx, cy + r * 1.05)],
        fill=fill,
    )


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: tuple[int, ...]) -> None:
    """A spade: a heart upside down, on a stem."""
    lobe = r * 0.52
    top = cy + r * 0.75 - 2 * lobe
    draw.ellipse((cx - r, top, cx - r + 2 * lobe, top + 2 * lobe), fill=fill)
    draw.ellipse((cx + r - 2 * lobe, top, cx + r, top + 2 * lobe), fill=fill)
    draw.polygon(
        [(cx - r * 0.985, cy + r * 0.12), (cx + r * 0.985, cy + r * 0.12), (cx, cy - r * 1.05)],
        fill=fill,
    )
    draw.polygon(
        [(cx, cy + r * 0.2), (cx - r * 0.4, cy + r * 1.15), (cx + r * 0.4, cy + r * 1.15)],
        fill=fill,
    )


def card(width: int, suit: str) -> Image.Image:
    """One card, face up, ``width`` wide, with one big suit sign."""
    height = int(width * 1.42)
    layer = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1),
        radius=width // 9,
        fill=PAPER,
        outline=FELT_DARK,
        width=max(2, width // 60),
    )
    sign = heart if suit == "hearts" else spade
    sign(draw, width / 2, height / 2, width * 0.3, RED if suit == "hearts" else INK)
    return layer


def drawing(size: int, maskable: bool) -> Image.Image:
    """The icon at ``size`` pixels; ``maskable``: felt to the edges, cards in the safe zone."""
    icon = Image.new("RGBA", (BIG, BIG), (0, 0, 0, 0))
    draw = ImageDraw.Draw(icon)
    if maskable:
        draw.rectangle((0, 0, BIG, BIG), fill=FELT)
        scale = 0.72
    else:
        draw.rounded_rectangle((0, 0, BIG - 1, BIG - 1), radius=BIG // 5, fill=FELT)
        draw.rounded_rectangle(
            (BIG * 0.035, BIG * 0.035, BIG * 0.965, BIG * 0.965),
            radius=BIG // 6,
            outline=GOLD,
            width=BIG // 60,
        )
        scale = 0.9
    width = int(BIG * 0.42 * scale)
    for suit, angle, dx in (("spades", 14, -0.13), ("hearts", -10, 0.13)):
        face = card(width, suit).rotate(angle, resample=Image.Resampling.BICUBIC, expand=True)
        x = int(BIG / 2 + dx * BIG * scale - face.width / 2)
        y = int(BIG / 2 - face.height / 2)
        icon.alpha_composite(face, (x, y))
    return icon.resize((size, size), Image.Resampling.LANCZOS)


ICONS = {
    "icon-48.png": (48, False),
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        # 64 colours are plenty for felt, paper and two suits, and a third of the bytes.
        icon = drawing(size, maskable).quantize(64, method=Image.Quantize.FASTOCTREE)
        icon.save(OUT / name, optimize=True)
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
