"""Board geometry: province cells, sea zones and backdrop from real coastlines.

Per frame (Europe and the distant-continent insets):
  1. clip the land polygons to the frame's lon/lat box and project them;
  2. split the land into connected components; each component is divided
     between the seeds that lie on it (province sites, extra province seeds,
     wild seeds) by a Voronoi diagram, so an island is never shared with the
     mainland and borders follow real coasts;
  3. components with no seed join the nearest province when small and close,
     and otherwise become backdrop (or water, if they are tiny);
  4. the water (frame minus land) is divided the same way between sea seeds;
     water with no sea seed (lakes, the Pacific) is left out;
  5. stray pieces of a cell that do not hold one of its seeds are given to the
     neighbour they share most border with;
  6. everything is noded together and simplified as one coverage, so shared
     borders and coasts stay identical on both sides;
  7. holes are cut away (shapes are outer rings only), rings are rounded.
"""

import json
import math
import os
from collections import defaultdict

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPoint, Point, Polygon, LineString, box, shape
from shapely.ops import polylabel, unary_union
from shapely.strtree import STRtree

from world_1444 import FRAMES, project

HERE = os.path.dirname(os.path.abspath(__file__))

SIMPLIFY_TOLERANCE = 1.2      # board units
BACKDROP_TOLERANCE = 2.5
SEED_SNAP = 20.0              # a seed this close to a component counts as on it
ISLAND_ATTACH_DIST = 25.0     # an unseeded island this close to a province joins it...
ISLAND_ATTACH_AREA = 600.0    # ...if it is no bigger than this (square board units)
TINY_ISLAND_AREA = 4.0        # unseeded islands smaller than this are dropped
MIN_SHARED = 2.0              # shared border length that makes two cells neighbours
MIN_COAST = 1.0               # shared coast length that makes a cell touch a sea


def _parts(geom):
    """The polygons of a (multi)polygon or collection."""
    if geom is None or geom.is_empty:
        return []
    if isinstance(geom, Polygon):
        return [geom]
    if hasattr(geom, "geoms"):
        out = []
        for g in geom.geoms:
            out.extend(_parts(g))
        return out
    return []


def _frame_transform(frame):
    f = FRAMES[frame]
    k = math.cos(math.radians(f["ref_lat"])) * f["scale"]
    # affine: x' = k*x + (ox - lon0*k), y' = s*y + (oy - lat0*s)
    return [k, 0.0, 0.0, f["scale"], f["ox"] - f["lon"][0] * k, f["oy"] - f["lat"][0] * f["scale"]]


def frame_box(frame):
    f = FRAMES[frame]
    x0, y0 = project(frame, f["lon"][0], f["lat"][0])
    x1, y1 = project(frame, f["lon"][1], f["lat"][1])
    return box(x0, y0, x1, y1)


def _cut_bridges(g):
    """The merged world polygon joins continents by thin bogus bands along a
    parallel (edges spanning tens of degrees of longitude across open sea).
    Cut them away."""
    cuts = []
    for poly in _parts(g):
        for ring in [poly.exterior] + list(poly.interiors):
            cs = list(ring.coords)
            for (x0, y0), (x1, y1) in zip(cs, cs[1:]):
                if abs(x1 - x0) > 20.0:
                    lo, hi = min(x0, x1), max(x0, x1)
                    y = (y0 + y1) / 2
                    cuts.append(box(lo + 0.05, y - 0.6, hi - 0.05, y + 0.6))
    if not cuts:
        return g
    return g.difference(unary_union(cuts))


def load_land(frame):
    f = FRAMES[frame]
    with open(os.path.join(HERE, "data", f["land"])) as fh:
        data = json.load(fh)
    clip = box(f["lon"][0], f["lat"][0], f["lon"][1], f["lat"][1])
    tf = _frame_transform(frame)
    comps = []
    for feat in data["features"]:
        g = shape(feat["geometry"])
        g = _cut_bridges(g)
        if not g.intersects(clip):
            continue
        g = g.intersection(clip)
        for p in _parts(g):
            p = affinity.affine_transform(p, tf)
            if p.area > 0.01:
                comps.append(shapely.make_valid(p) if not p.is_valid else p)
    out = []
    for c in comps:
        out.extend(_parts(c))
    return out


def _voronoi_split(region, seeds, bbox):
    """Split `region` between `seeds` [(key, Point)] by nearest seed. Returns {key: geom}."""
    if len(seeds) == 1:
        return {seeds[0][0]: region}
    pts = MultiPoint([p for _, p in seeds])
    cells = shapely.voronoi_polygons(pts, extend_to=bbox, ordered=True)
    out = defaultdict(list)
    for (key, _), cell in zip(seeds, cells.geoms):
        piece = cell.intersection(region)
        if not piece.is_empty:
            out[key].append(piece)
    return {k: unary_union(v) for k, v in out.items()}


def _assign_seeds(components, seeds):
    """Map each seed to the component it lies on (or is nearest to, within SEED_SNAP)."""
    tree = STRtree(components)
    by_comp = defaultdict(list)
    for key, pt in seeds:
        idx = tree.query_nearest(pt, max_distance=SEED_SNAP)
        if len(idx) == 0:
            print(f"warning: seed {key} at ({pt.x:.0f},{pt.y:.0f}) is on no component")
            continue
        by_comp[int(idx[0])].append((key, pt))
    return by_comp


def _cleanup(pieces, seeds_by_key):
    """Give every part of a cell that holds none of its seeds to the neighbour it
    shares the longest border with. `pieces`: {key: geom}; modified in place."""
    for _ in range(4):
        moved = False
        items = list(pieces.items())
        for key, geom in items:
            seeds = seeds_by_key.get(key)
            if not seeds:
                continue
            parts = _parts(geom)
            if len(parts) <= 1:
                continue
            keep, stray = [], []
            for part in parts:
                if any(part.distance(s) < 0.5 for s in seeds):
                    keep.append(part)
                else:
                    stray.append(part)
            if not keep:
                # no part holds a seed (seed snapped from the sea): keep the nearest part
                best = min(parts, key=lambda p: min(p.distance(s) for s in seeds))
                keep = [best]
                stray = [p for p in parts if p is not best]
            if not stray:
                continue
            for part in stray:
                best_key, best_len = None, 0.0
                for other, og in pieces.items():
                    if other == key or og.is_empty:
                        continue
                    if not part.buffer(0.01).intersects(og):
                        continue
                    shared = part.boundary.intersection(og.boundary).length
                    if shared > best_len:
                        best_key, best_len = other, shared
                if best_key is None:
                    keep.append(part)  # an island of its own: stays
                    continue
                pieces[best_key] = unary_union([pieces[best_key], part])
                moved = True
            pieces[key] = unary_union(keep)
        if not moved:
            break


def _split_holes(poly):
    """Cut a polygon with holes into hole-free polygons (fallback for `_keyhole`)."""
    if not poly.interiors:
        return [poly]
    hole = Polygon(poly.interiors[0])
    c = hole.representative_point()
    minx, miny, maxx, maxy = poly.bounds
    left = box(minx - 1, miny - 1, c.x, maxy + 1)
    right = box(c.x, miny - 1, maxx + 1, maxy + 1)
    out = []
    for half in (left, right):
        for p in _parts(poly.intersection(half)):
            if p.area > 0.05:
                out.extend(_split_holes(p))
    return out


def _keyhole(poly, fill=None):
    """One ring for a polygon with holes: each hole is joined to the outer ring by
    a zero-width slit (a bridge walked both ways), so the ring fills to the same
    area. Returns a list of coordinate lists (one, or several if a bridge fails)."""
    poly = shapely.geometry.polygon.orient(poly, 1.0)
    ring = list(poly.exterior.coords[:-1])
    holes = [list(h.coords[:-1]) for h in poly.interiors]
    # biggest holes first; each bridge must stay inside the polygon
    holes.sort(key=lambda h: -Polygon(h).area)
    failed = []
    for hole in holes:
        hpoly = Polygon(hole)
        if hpoly.area < 0.3:
            continue   # a speck: fill it
        if fill is not None and hpoly.intersection(fill).area > 0.5 * hpoly.area:
            continue   # a province drawn on top covers it anyway: fill it, no slit needed
        best = None
        ring_pts = ring
        # candidate pairs: each hole vertex with its nearest ring vertices
        R = np.array(ring_pts)
        for hi, (hx, hy) in enumerate(hole):
            d = (R[:, 0] - hx) ** 2 + (R[:, 1] - hy) ** 2
            for ri in np.argsort(d)[:6]:
                ri = int(ri)
                if best is not None and d[ri] >= best[0]:
                    break
                seg = LineString([ring_pts[ri], (hx, hy)])
                if seg.length < 1e-9:
                    continue
                if poly.buffer(1e-6).covers(seg):
                    best = (float(d[ri]), ri, hi)
                    break
        if best is None:
            failed.append(hole)
            continue
        _, ri, hi = best
        h = hole[hi:] + hole[:hi]
        # holes come clockwise from orient(); walk them as they are
        ring = ring[: ri + 1] + h + [h[0], ring[ri]] + ring[ri + 1:]
    if failed:
        return [list(shapely.geometry.polygon.orient(p, 1.0).exterior.coords[:-1]) for p in _split_holes(poly)]
    return [ring]


def _rings(geom, min_area=0.5, fill=None):
    rings = []
    for p in sorted(_parts(geom), key=lambda q: -q.area):
        if p.area < min_area:
            continue
        for coords in _keyhole(p, fill):
            coords = [(round(x, 1), round(y, 1)) for x, y in coords]
            dedup = []
            for c in coords:
                if not dedup or dedup[-1] != c:
                    dedup.append(c)
            while len(dedup) > 1 and dedup[0] == dedup[-1]:
                dedup.pop()
            if len(dedup) >= 3:
                rings.append(dedup)
    return rings


def _label_point(geom):
    parts = sorted(_parts(geom), key=lambda p: -p.area)
    p = parts[0]
    pt = polylabel(p, tolerance=0.5)
    if not p.contains(pt):
        pt = p.representative_point()
    return (round(pt.x, 1), round(pt.y, 1))


def build_frame(frame, provinces, seas, wild):
    """Returns dict with province/sea/backdrop geometries (unsimplified and simplified)."""
    bbox = frame_box(frame)
    big = bbox.buffer(200)
    land_parts = load_land(frame)

    # ---- land ----
    seeds = []
    seeds_by_key = defaultdict(list)
    for p in provinces:
        for i, (lon, lat) in enumerate([(p["lon"], p["lat"])] + p["seeds"]):
            pt = Point(project(frame, lon, lat))
            seeds.append((p["id"], pt))
            seeds_by_key[p["id"]].append(pt)
    for i, (lon, lat) in enumerate(wild):
        pt = Point(project(frame, lon, lat))
        key = f"~wild{i}"
        seeds.append((key, pt))
        seeds_by_key[key].append(pt)

    by_comp = _assign_seeds(land_parts, seeds)
    pieces = defaultdict(list)
    unseeded = []
    for ci, comp in enumerate(land_parts):
        cs = by_comp.get(ci)
        if not cs:
            unseeded.append(comp)
            continue
        for k, g in _voronoi_split(comp, cs, big).items():
            pieces[k].append(g)
    pieces = {k: unary_union(v) for k, v in pieces.items()}
    _cleanup(pieces, seeds_by_key)

    # unseeded islands
    prov_ids = [p["id"] for p in provinces]
    dropped = []
    for comp in unseeded:
        if comp.area < TINY_ISLAND_AREA:
            dropped.append(comp)
            continue
        best, best_d = None, None
        if comp.area <= ISLAND_ATTACH_AREA:
            for pid in prov_ids:
                g = pieces.get(pid)
                if g is None:
                    continue
                d = comp.distance(g)
                if d <= ISLAND_ATTACH_DIST and (best_d is None or d < best_d):
                    best, best_d = pid, d
        if best is not None:
            pieces[best] = unary_union([pieces[best], comp])
        elif comp.area < 25.0:
            dropped.append(comp)   # small and far: becomes water
        else:
            pieces[f"~island{len(pieces)}"] = comp

    land = unary_union([g for g in pieces.values()])
    backdrop = unary_union([g for k, g in pieces.items() if k.startswith("~")])

    # ---- water ----
    water = bbox.difference(land)
    water_parts = _parts(water)
    sseeds = []
    sseeds_by_key = defaultdict(list)
    for s in seas:
        for lon, lat in s["seeds"]:
            pt = Point(project(frame, lon, lat))
            sseeds.append((s["id"], pt))
            sseeds_by_key[s["id"]].append(pt)
    wby = defaultdict(list)
    wtree = STRtree(water_parts)
    for key, pt in sseeds:
        idx = wtree.query_nearest(pt, max_distance=SEED_SNAP)
        if len(idx) == 0:
            print(f"warning: sea seed {key} at ({pt.x:.0f},{pt.y:.0f}) is in no water")
            continue
        wby[int(idx[0])].append((key, pt))
    spieces = defaultdict(list)
    lakes = []
    for wi, w in enumerate(water_parts):
        cs = wby.get(wi)
        if not cs:
            lakes.append(w)
            continue
        for k, g in _voronoi_split(w, cs, big).items():
            spieces[k].append(g)
    spieces = {k: unary_union(v) for k, v in spieces.items()}
    _cleanup(spieces, sseeds_by_key)

    # ---- node everything into one coverage and simplify ----
    keys = [p["id"] for p in provinces if p["id"] in pieces] + [s["id"] for s in seas if s["id"] in spieces]
    geoms = [pieces.get(k) if k in pieces else spieces[k] for k in keys]
    keys.append("~backdrop")
    geoms.append(backdrop)
    if lakes:
        keys.append("~lakes")
        geoms.append(unary_union(lakes))
    geoms = [shapely.set_precision(g, 0.001) for g in geoms]
    raw = dict(zip(keys, geoms))
    simp = _coverage_simplify(keys, geoms)

    # ---- adjacency (on the unsimplified, exactly shared borders) ----
    shared = _shared_lengths(raw)

    result = dict(raw=raw, simplified=simp, shared=shared, dropped=dropped)
    return result


def _coverage_simplify(keys, geoms):
    # explode to polygons, node them, rebuild per key, then coverage-simplify
    arr = []
    owners = []
    for k, g in zip(keys, geoms):
        for p in _parts(g):
            arr.append(p)
            owners.append(k)
    valid = shapely.coverage_is_valid(arr, gap_width=0.0)
    if not valid:
        # node the coverage: polygonize the union of all boundaries and reassign faces
        lines = unary_union([p.boundary for p in arr])
        faces = list(shapely.polygonize(list(_lines(lines))).geoms)
        tree = STRtree(arr)
        by_key = defaultdict(list)
        for f in faces:
            rp = f.representative_point()
            hits = tree.query(rp, predicate="within")
            if len(hits) == 0:
                continue  # hole of the coverage
            by_key[owners[int(hits[0])]].append(f)
        arr, owners = [], []
        for k in keys:
            if by_key.get(k):
                for p in _parts(unary_union(by_key[k])):
                    arr.append(p)
                    owners.append(k)
    out_t = {}
    for tol_name, tol in (("fine", SIMPLIFY_TOLERANCE), ("coarse", BACKDROP_TOLERANCE)):
        res = shapely.coverage_simplify(arr, tol, simplify_boundary=True)
        d = defaultdict(list)
        for k, g in zip(owners, res):
            if not g.is_empty:
                d[k].append(g)
        out_t[tol_name] = {k: unary_union(v) for k, v in d.items()}
    out = out_t["fine"]
    out["~backdrop"] = out_t["coarse"].get("~backdrop", Polygon())
    return out


def _lines(geom):
    if isinstance(geom, LineString):
        return [geom]
    if hasattr(geom, "geoms"):
        r = []
        for g in geom.geoms:
            r.extend(_lines(g))
        return r
    return []


def _shared_lengths(raw):
    keys = [k for k in raw if not k.startswith("~")]
    geoms = [raw[k] for k in keys]
    tree = STRtree(geoms)
    out = {}
    for i, g in enumerate(geoms):
        for j in tree.query(g.buffer(0.01)):
            j = int(j)
            if j <= i:
                continue
            inter = g.boundary.intersection(geoms[j].boundary)
            ln = inter.length
            if ln > 0:
                out[(keys[i], keys[j])] = ln
                out[(keys[j], keys[i])] = ln
    return out


def build_map(provinces, seas, wild):
    """All frames. Returns {frame: build_frame result}."""
    res = {}
    for frame in FRAMES:
        provs = [p for p in provinces if p["frame"] == frame]
        ss = [s for s in seas if s["frame"] == frame]
        res[frame] = build_frame(frame, provs, ss, wild.get(frame, []))
    return res


def shape_rings(geom, min_area=0.5, fill=None):
    """Outer rings of `geom`. Holes mostly covered by `fill` (provinces, drawn on top) are
    filled in; other holes are kept as keyhole slits."""
    return _rings(geom, min_area, fill)


def label_point(geom):
    return _label_point(geom)
