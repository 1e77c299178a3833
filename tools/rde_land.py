#!/usr/bin/env python3
"""The land mask behind Raison d'Etat's map: assets/rde/europe_land.txt.

Rasterises the Natural Earth coastlines (data/geo/europe_land_50m.geojson, the shared copy)
over the scenarios' part of Europe, in the equirectangular projection the window uses
(longitude scaled by the cosine of the middle latitude). The window colours each land pixel by
the nearest Territory, which gives Voronoi-shaped territories on real coastlines.

File format, plain text: a first line `west east south north width height`, then one line per
row from north to south, each a run-length list of integers (sea run, land run, sea run, ...).
Python 3 standard library only; deterministic.

    python3 tools/rde_land.py
"""

import json
import math
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEO = [
    os.path.join(ROOT, "data", "geo", "europe_land_50m.geojson"),
    "/work/shared/data/geo/europe_land_50m.geojson",
]
OUT = os.path.join(ROOT, "assets", "rde", "europe_land.txt")
WEST, EAST, SOUTH, NORTH = -12.0, 44.0, 34.0, 64.0
WIDTH = 640


def main():
    path = next(p for p in GEO if os.path.exists(p))
    geo = json.load(open(path))
    rings = []
    for f in geo["features"]:
        g = f["geometry"]
        polys = g["coordinates"] if g["type"] == "MultiPolygon" else [g["coordinates"]]
        for poly in polys:
            for ring in poly:
                xs = [p[0] for p in ring]
                ys = [p[1] for p in ring]
                rings.append((min(xs), max(xs), min(ys), max(ys), ring))
    k = math.cos(math.radians((SOUTH + NORTH) / 2))
    height = round(WIDTH * (NORTH - SOUTH) / ((EAST - WEST) * k))
    lines = [f"{WEST} {EAST} {SOUTH} {NORTH} {WIDTH} {height}"]
    for r in range(height):
        lat = NORTH - (r + 0.5) * (NORTH - SOUTH) / height
        # Crossings of this latitude by every ring: even-odd fill.
        xs = []
        for (x0, x1, y0, y1, ring) in rings:
            if not (y0 <= lat <= y1):
                continue
            for i in range(len(ring) - 1):
                (ax, ay), (bx, by) = ring[i][:2], ring[i + 1][:2]
                if (ay > lat) != (by > lat):
                    xs.append(ax + (lat - ay) * (bx - ax) / (by - ay))
        xs.sort()
        row = [False] * WIDTH
        for a, b in zip(xs[0::2], xs[1::2]):
            c0 = max(0, math.ceil((a - WEST) / (EAST - WEST) * WIDTH - 0.5))
            c1 = min(WIDTH - 1, math.floor((b - WEST) / (EAST - WEST) * WIDTH - 0.5))
            for c in range(c0, c1 + 1):
                row[c] = not row[c]
        runs, cur, n = [], False, 0
        for v in row:
            if v == cur:
                n += 1
            else:
                runs.append(n)
                cur, n = v, 1
        runs.append(n)
        lines.append(" ".join(map(str, runs)))
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"wrote {OUT}: {WIDTH}x{height}")


if __name__ == "__main__":
    main()
