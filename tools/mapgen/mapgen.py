#!/usr/bin/env python3
"""Generate scenarios/1444.ron from the map table (world_1444.py), the coastline
data (data/*.geojson) and the hand-written cards and characters (content_1444.py).

    python3 tools/mapgen/mapgen.py [--out PATH] [--preview PNG]

Deterministic: the same inputs give the same file, byte for byte.
"""

import argparse
import os
import sys

from shapely.ops import unary_union

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import content_1444  # noqa: E402
import geometry  # noqa: E402
import ron  # noqa: E402
import world_1444 as W  # noqa: E402

REPO = os.path.dirname(os.path.dirname(HERE))
DEFAULT_OUT = os.path.join(REPO, "scenarios", "1444.ron")

MIN_SEA_SHARED = 3.0


def _pair(a, b):
    return (a, b) if a < b else (b, a)


def build_scenario():
    areas = {a["id"]: dict(a) for a in W.AREAS}
    provinces = [dict(p) for p in W.PROVINCES]
    for p in provinces:
        p["frame"] = W.CONTINENT_FRAME[areas[p["area"]]["continent"]]
    seas = [dict(s) for s in W.SEAS]
    sea_ids = {s["id"] for s in seas}
    geo = geometry.build_map(provinces, seas, W.WILD)

    shared = {}
    raw = {}
    simp = {}
    for frame, res in geo.items():
        shared.update(res["shared"])
        for k, g in res["raw"].items():
            if not k.startswith("~"):
                raw[k] = g
        for k, g in res["simplified"].items():
            if not k.startswith("~"):
                simp[k] = g

    prov_by_id = {p["id"]: p for p in provinces}

    # ---- provinces: coasts and ports ----
    out_provinces = []
    warnings = []
    for p in provinces:
        pid = p["id"]
        coast = {}
        for (a, b), ln in shared.items():
            if a == pid and b in sea_ids and ln >= geometry.MIN_COAST:
                coast[b] = ln
        p["coast"] = coast
        port = p["port"]
        if port is True:
            port = max(sorted(coast), key=lambda s: coast[s]) if coast else None
            if port is None:
                warnings.append(f"{pid}: wants a port but touches no sea")
        elif port is not None and port not in coast:
            warnings.append(f"{pid}: port {port} does not touch it (coasts: {sorted(coast)})")
            port = max(sorted(coast), key=lambda s: coast[s]) if coast else None
        p["port_resolved"] = port
        if pid not in simp:
            raise SystemExit(f"province {pid} got no land")
        rings = geometry.shape_rings(simp[pid])
        site = geometry.label_point(simp[pid])
        out_provinces.append(dict(
            id=pid, name=p["name"], area=p["area"], size=p["size"], terrain=p["terrain"],
            religion=p["religion"] or areas[p["area"]]["religion"], port=port,
            large_port=bool(p["large_port"] and port), island=p["island"], cores=list(p["cores"]),
            owner=p["owner"], holding=p["holding"], shape=rings, site=site,
        ))

    # ---- areas: neighbours and seas ----
    nb = {}
    for (a, b), ln in shared.items():
        if a in prov_by_id and b in prov_by_id:
            aa, ab = prov_by_id[a]["area"], prov_by_id[b]["area"]
            if aa != ab and ln >= geometry.MIN_SHARED:
                nb[_pair(aa, ab)] = max(nb.get(_pair(aa, ab), 0.0), ln)
    links = set(nb)
    for a, b in W.STRAITS:
        links.add(_pair(a, b))
    mountains = set()
    for a, b in W.MOUNTAIN_BORDERS:
        if _pair(a, b) in links:
            mountains.add(_pair(a, b))
        else:
            warnings.append(f"mountain border {a}-{b}: the areas do not touch")
    area_seas = {a: set() for a in areas}
    for p in out_provinces:
        src = prov_by_id[p["id"]]
        area_seas[p["area"]].update(src["coast"].keys())
        if p["port"]:
            area_seas[p["area"]].add(p["port"])
    out_areas = []
    for a in W.AREAS:
        aid = a["id"]
        neigh = sorted(
            (b if a2 == aid else a2, (a2, b) in mountains)
            for (a2, b) in links if aid in (a2, b)
        )
        out_areas.append(dict(
            id=aid, name=a["name"], continent=a["continent"], distant=a["distant"], religion=a["religion"],
            neighbours=[dict(area=n, mountain=m) for n, m in neigh],
            seas=sorted(area_seas[aid]),
            explore=W.EXPLORE.get(aid, 0),
        ))

    # ---- seas ----
    snb = set()
    for (a, b), ln in shared.items():
        if a in sea_ids and b in sea_ids and ln >= MIN_SEA_SHARED:
            snb.add(_pair(a, b))
    for a, b in W.SEA_LINKS:
        snb.add(_pair(a, b))
    land_drawn = unary_union([simp[p["id"]] for p in provinces]).buffer(0.2)
    out_seas = []
    for s in seas:
        sid = s["id"]
        if sid not in simp:
            raise SystemExit(f"sea {sid} got no water")
        out_seas.append(dict(
            id=sid, name=s["name"], galleys=s["galleys"], distant=s["distant"],
            neighbours=sorted(b if a == sid else a for a, b in snb if sid in (a, b)),
            trade_protection=content_1444.TRADE_PROTECTION.get(sid, 1),
            shape=geometry.shape_rings(simp[sid], min_area=2.0, fill=land_drawn), site=geometry.label_point(simp[sid]),
        ))

    # ---- backdrop ----
    backdrop = []
    for frame, res in geo.items():
        bd = res["simplified"].get("~backdrop")
        if bd is not None and not bd.is_empty:
            backdrop.extend(geometry.shape_rings(bd, min_area=6.0))

    xs, ys = [], []
    for rings in [p["shape"] for p in out_provinces] + [s["shape"] for s in out_seas] + [backdrop]:
        for ring in rings:
            for x, y in ring:
                xs.append(x)
                ys.append(y)
    bounds = (min(xs), min(ys), max(xs), max(ys))

    for w in warnings:
        print("warning:", w, file=sys.stderr)

    # ---- trade nodes: drawn a little off the site of their anchor province or sea zone ----
    sites = {p["id"]: p["site"] for p in out_provinces}
    sites.update({s["id"]: s["site"] for s in out_seas})
    trade_nodes = []
    for n in content_1444.trade_nodes():
        x, y = sites[n.pop("anchor")]
        trade_nodes.append(dict(n, site=(round(x + 6.0, 1), round(y + 6.0, 1))))

    scn = dict(
        id="1444",
        name="1444: The Price of Power",
        ruleset="PriceOfPower",
        description=content_1444.DESCRIPTION,
        start_year=1444,
        options=dict(first_age=1, last_age=4, religious_rebels=False, secret_negotiations=False,
                     power_struggles=True, shuffle_power_struggles=False, starting_ducats=15, starting_mp=3, emperor="HAB",
                     hre_areas=content_1444.HRE_AREAS, electors=content_1444.ELECTORS,
                     imperial_authority=3, merchants=2,
                     papal_states=content_1444.PAPAL_STATES, roma=content_1444.ROMA),
        map=dict(bounds=bounds, areas=out_areas, provinces=out_provinces, sea_zones=out_seas, backdrop=backdrop),
        realms=[dict(r, stability=0, prestige=0, merchants=content_1444.MERCHANTS.get(r["id"], []),
                     cardinals=content_1444.CARDINALS.get(r["id"], 0))
                for r in W.REALMS],
        characters=content_1444.characters(),
        events=content_1444.events(),
        action_cards=content_1444.action_cards(),
        ideas=content_1444.ideas(),
        missions=content_1444.missions(),
        milestones=content_1444.milestones(),
        trade_nodes=trade_nodes,
        trade_cards=content_1444.trade_cards(),
        power_struggles=content_1444.power_struggles(),
        warnings=warnings,
    )
    return scn


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--preview", default=None, help="also render a PNG preview here")
    args = ap.parse_args()
    scn = build_scenario()
    text = ron.scenario_to_ron(scn)
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="ascii", newline="\n") as fh:
        fh.write(text)
    print(f"wrote {args.out} ({len(text) / 1024:.0f} KiB): {len(scn['map']['provinces'])} provinces, "
          f"{len(scn['map']['areas'])} areas, {len(scn['map']['sea_zones'])} sea zones, "
          f"{len(scn['realms'])} realms, {len(scn['events'])} events")
    if args.preview:
        import preview
        preview.render(scn, args.preview, labels=True)
        print("preview:", args.preview)


if __name__ == "__main__":
    main()
