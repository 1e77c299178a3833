"""Render a preview PNG of a generated map: provinces coloured by owner, sea zones, backdrop.

    python3 tools/mapgen/preview.py [OUT.png] [--labels] [--region x0,y0,x1,y1]
"""

import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.patches import Polygon as MplPolygon

import mapgen


def render(scn, out, labels=False, region=None, dpi=110):
    m = scn["map"]
    colours = {r["id"]: tuple(c / 255 for c in r["colour"]) for r in scn["realms"]}
    x0, y0, x1, y1 = region or m["bounds"]
    w = (x1 - x0) / 100
    h = (y1 - y0) / 100
    fig, ax = plt.subplots(figsize=(w * 1.0, h * 1.0))
    ax.set_facecolor((0.55, 0.65, 0.75))
    for ring in m["backdrop"]:
        ax.add_patch(MplPolygon(ring, closed=True, fc=(0.80, 0.77, 0.68), ec=(0.5, 0.5, 0.45), lw=0.3))
    for s in m["sea_zones"]:
        fc = (0.62, 0.74, 0.86) if not s["galleys"] else (0.58, 0.72, 0.88)
        if s["distant"]:
            fc = (0.52, 0.66, 0.82)
        for ring in s["shape"]:
            ax.add_patch(MplPolygon(ring, closed=True, fc=fc, ec=(0.3, 0.4, 0.6), lw=0.5))
        if labels:
            ax.text(*s["site"], s["name"], fontsize=5, ha="center", va="center", color=(0.1, 0.2, 0.5), style="italic", clip_on=True)
    for p in m["provinces"]:
        fc = colours.get(p["owner"], (0.92, 0.90, 0.82)) if p["owner"] else (0.93, 0.91, 0.84)
        for ring in p["shape"]:
            ax.add_patch(MplPolygon(ring, closed=True, fc=fc, ec=(0.15, 0.15, 0.15), lw=0.35))
        if labels:
            ax.text(*p["site"], p["name"], fontsize=3.5, ha="center", va="center", clip_on=True)
            if p["port"]:
                ax.plot(*p["site"], marker=".", ms=1.2, color="navy")
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.savefig(out, dpi=dpi, bbox_inches="tight")
    plt.close(fig)


if __name__ == "__main__":
    args = sys.argv[1:]
    out = "/tmp/map_preview.png"
    labels = "--labels" in args
    region = None
    if "--region" in args:
        region = tuple(float(v) for v in args[args.index("--region") + 1].split(","))
    for a in args:
        if a.endswith(".png"):
            out = a
    scn = mapgen.build_scenario()
    render(scn, out, labels=labels, region=region)
    print("wrote", out)
