#!/usr/bin/env python3
"""Consistency checks for the generated 1444 scenario.

Builds the scenario data in memory (the same data mapgen.py writes) and asserts
unique ids, resolvable references, symmetric adjacency, ownership and counts,
the card-deck structure and basic geometry sanity. With --ron it also parses
scenarios/1444.ron back with a small RON reader and compares it with the data.

    python3 tools/mapgen/check_refs.py [--ron]
"""

import os
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mapgen  # noqa: E402
import ron  # noqa: E402

ERRORS = []
WARNINGS = []


def check(cond, msg):
    if not cond:
        ERRORS.append(msg)


def warn(cond, msg):
    if not cond:
        WARNINGS.append(msg)


def unique(kind, items):
    c = Counter(x["id"] for x in items)
    for k, n in c.items():
        check(n == 1, f"duplicate {kind} id {k!r} ({n}x)")
    return {x["id"]: x for x in items}


# Trade node ids, filled in by main() before any effect is checked.
TRADE_NODE_IDS = set()


def effect_refs(effects, where, areas, realms):
    for e in effects:
        name = e[0]
        if name == "Claim":
            check(e[1] in areas, f"{where}: Claim of unknown area {e[1]!r}")
        elif name == "CasusBelli":
            check(e[1] in realms, f"{where}: CasusBelli on unknown realm {e[1]!r}")
        elif name in ("Unrest", "Loan"):
            check(e[1] >= 0, f"{where}: {name} must be >= 0")
        elif name == "Mp":
            check(e[1] in ("Adm", "Dip", "Mil"), f"{where}: bad Mp kind {e[1]!r}")
            warn(abs(e[2]) <= 5, f"{where}: large effect {e}")
        elif name in ("Ducats", "AnyMp", "Stability", "Prestige", "Manpower"):
            warn(abs(e[1]) <= 6, f"{where}: large effect {e}")
        elif name == "Faith":
            check(e[1] in areas, f"{where}: Faith token in unknown area {e[1]!r}")
            check(e[2] in ("Catholic", "Protestant", "CounterReformed", "Orthodox", "Sunni", "Shia",
                           "Pagan"), f"{where}: unknown religion {e[2]!r}")
        elif name == "ExpandNode":
            check(e[1] in TRADE_NODE_IDS, f"{where}: ExpandNode of unknown trade node {e[1]!r}")
        elif name in ("RulerIllHealth", "ReplaceMilestones", "Cardinal", "ExpandAnyNode"):
            pass
        else:
            check(False, f"{where}: unknown effect {name}")


def main():
    want_ron = "--ron" in sys.argv
    scn = mapgen.build_scenario()
    TRADE_NODE_IDS.update(n["id"] for n in scn["trade_nodes"])
    m = scn["map"]
    areas = unique("area", m["areas"])
    provs = unique("province", m["provinces"])
    seas = unique("sea zone", m["sea_zones"])
    realms = unique("realm", scn["realms"])
    chars = unique("character", scn["characters"])
    events = unique("event", scn["events"])
    cards = unique("action card", scn["action_cards"])
    ideas = unique("idea", scn["ideas"])

    # ---- provinces ----
    owned = defaultdict(list)
    for p in m["provinces"]:
        w = f"province {p['id']}"
        check(p["area"] in areas, f"{w}: unknown area {p['area']!r}")
        if p["port"] is not None:
            check(p["port"] in seas, f"{w}: unknown port sea {p['port']!r}")
            if p["area"] in areas:
                check(p["port"] in areas[p["area"]]["seas"], f"{w}: port {p['port']} not among its area's seas")
        check(not p["large_port"] or p["port"], f"{w}: large_port without a port")
        for c in p["cores"]:
            check(c in realms, f"{w}: unknown core realm {c!r}")
        if p["owner"] is None:
            check(p["holding"] == "None", f"{w}: unowned but holding {p['holding']}")
        else:
            check(p["owner"] in realms, f"{w}: unknown owner {p['owner']!r}")
            check(p["holding"] in ("Town", "Vassal"), f"{w}: owned but holding {p['holding']}")
            owned[p["owner"]].append(p["id"])
        if p["holding"] == "Vassal" and p["owner"] in realms:
            check(realms[p["owner"]]["kind"] == "Player", f"{w}: vassal of a non-player realm")
        check(len(p["shape"]) >= 1 and all(len(r) >= 3 for r in p["shape"]), f"{w}: empty shape")
        warn(max((len(r) for r in p["shape"]), default=0) <= 70, f"{w}: ring with {max(len(r) for r in p['shape'])} points")
        check(p["size"] in ("Small", "Large"), f"{w}: bad size")

    # ---- areas ----
    by_area = defaultdict(list)
    for p in m["provinces"]:
        by_area[p["area"]].append(p["id"])
    for a in m["areas"]:
        w = f"area {a['id']}"
        check(by_area[a["id"]], f"{w}: has no province")
        check(a["distant"] == (a["continent"] != "europe"), f"{w}: distant flag does not match continent")
        seen = set()
        for b in a["neighbours"]:
            check(b["area"] in areas, f"{w}: unknown neighbour {b['area']!r}")
            check(b["area"] != a["id"], f"{w}: neighbour of itself")
            check(b["area"] not in seen, f"{w}: neighbour {b['area']} listed twice")
            seen.add(b["area"])
            if b["area"] in areas:
                back = [x for x in areas[b["area"]]["neighbours"] if x["area"] == a["id"]]
                check(len(back) == 1, f"{w}: neighbour {b['area']} does not list it back")
                if back:
                    check(back[0]["mountain"] == b["mountain"], f"{w}: mountain flag differs with {b['area']}")
        for s in a["seas"]:
            check(s in seas, f"{w}: unknown sea {s!r}")
        warn(a["neighbours"] or a["seas"], f"{w}: unreachable (no neighbours, no seas)")

    # ---- seas ----
    for s in m["sea_zones"]:
        w = f"sea {s['id']}"
        check(s["shape"], f"{w}: empty shape")
        check(s["id"] not in s["neighbours"], f"{w}: neighbour of itself")
        check(len(set(s["neighbours"])) == len(s["neighbours"]), f"{w}: duplicate neighbours")
        for n in s["neighbours"]:
            check(n in seas, f"{w}: unknown neighbour {n!r}")
            if n in seas:
                check(s["id"] in seas[n]["neighbours"], f"{w}: neighbour {n} does not list it back")
    # every sea reachable from the English Channel
    seen, todo = {"english_channel"}, ["english_channel"]
    while todo:
        for n in seas[todo.pop()]["neighbours"]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    check(seen == set(seas), f"seas not connected: {sorted(set(seas) - seen)}")

    # ---- realms ----
    for r in scn["realms"]:
        w = f"realm {r['id']}"
        check(r["capital"] in provs, f"{w}: unknown capital {r['capital']!r}")
        if r["capital"] in provs:
            check(provs[r["capital"]]["owner"] == r["id"], f"{w}: capital {r['capital']} not owned by it")
        check(r["kind"] in ("Player", "NonPlayer"), f"{w}: bad kind")
        if r["kind"] == "Player":
            check(r["ruler"] is not None, f"{w}: Player Realm without ruler")
        if r["ruler"] is not None:
            check(r["ruler"] in chars, f"{w}: unknown ruler {r['ruler']!r}")
            if r["ruler"] in chars:
                check(chars[r["ruler"]]["kind"] == "Leader", f"{w}: ruler is not a Leader")
                check(chars[r["ruler"]]["realm"] == r["id"], f"{w}: ruler belongs to another realm")
        for a in r["advisors"]:
            check(a in chars and chars[a]["kind"] != "Leader", f"{w}: bad advisor {a!r}")
        check(r["stability"] == 0 and r["prestige"] == 0, f"{w}: stability/prestige not 0")
        check(owned[r["id"]], f"{w}: owns no province")
        check(len(r["colour"]) == 3, f"{w}: bad colour")
        if r.get("cardinals", 0):
            check(r["kind"] == "Player" and r["religion"] in ("Catholic", "CounterReformed"),
                  f"{w}: only Catholic Player Realms hold cardinals")
    opts = scn["options"]
    if opts.get("papal_states") is not None:
        check(opts["papal_states"] in realms, f"options: unknown papal_states {opts['papal_states']!r}")
    if opts.get("roma") is not None:
        check(opts["roma"] in provs, f"options: unknown roma province {opts['roma']!r}")
    colours = Counter(tuple(r["colour"]) for r in scn["realms"])
    for c, n in colours.items():
        check(n == 1, f"colour {c} used by {n} realms")

    # ---- characters ----
    mort = Counter()
    for c in scn["characters"]:
        w = f"character {c['id']}"
        if c["realm"] is not None:
            check(c["realm"] in realms, f"{w}: unknown realm {c['realm']!r}")
        check(c["mortality"] is None or 1 <= c["mortality"] <= 6, f"{w}: bad mortality")
        mort[c["mortality"]] += 1
        if c["kind"] == "Leader":
            check(all(0 <= s <= 6 for s in c["skills"]), f"{w}: skills out of range")
            if c["realm"] is None:
                check(1 <= c["dice"] <= 3 and 1 <= c["cost"] <= 2, f"{w}: general dice/cost out of range")
        else:
            t = c["kind"][1]
            i = {"Adm": 0, "Dip": 1, "Mil": 2}[t]
            check(1 <= c["skills"][i] <= 3 and sum(c["skills"]) == c["skills"][i], f"{w}: advisor skills {c['skills']}")
            check(1 <= c["cost"] <= 4, f"{w}: advisor cost {c['cost']}")
    warn(max(mort.values()) - min(mort.values()) <= 2, f"mortality icons uneven: {dict(mort)}")

    # ---- events ----
    dynamic = {r["id"] for r in scn["realms"] if r["dynamic"]}
    players = [r["id"] for r in scn["realms"] if r["kind"] == "Player"]
    per_age = defaultdict(Counter)
    for e in scn["events"]:
        w = f"event {e['id']}"
        check(1 <= e["age"] <= 4, f"{w}: bad age")
        check(e["half"] in (0, 1, 2), f"{w}: bad half")
        check(1 <= len(e["options"]) <= 2, f"{w}: needs 1 or 2 options")
        check(len(e["symbols"]) <= 3, f"{w}: more than 3 symbols")
        check(e["text"] and e["name"], f"{w}: missing text")
        for o in e["options"]:
            check(o["label"], f"{w}: option without label")
            effect_refs(o["effects"], w, areas, realms)
        kinds = [s[0] for s in e["symbols"]]
        if e["kind"] == "A":
            check("Mortality" in kinds, f"{w}: kind A without a Mortality symbol")
        for s in e["symbols"]:
            if s[0] == "Mortality":
                check(1 <= s[1] <= 6, f"{w}: bad mortality symbol")
            if s[0] == "DnprExpansion":
                check(s[1] in realms, f"{w}: DnprExpansion of unknown realm {s[1]!r}")
                check(s[1] in dynamic, f"{w}: DnprExpansion of non-dynamic realm {s[1]!r}")
            if s[0] == "SpreadReligion":
                check(e["age"] >= 2, f"{w}: SpreadReligion before Age II")
            if s[0] == "SpreadRevolution":
                check(e["age"] == 4, f"{w}: SpreadRevolution outside Age IV")
        if e["kind"] == "Realm":
            check(e["realm"] in realms, f"{w}: realm event without a known realm")
            per_age[e["age"]][("Realm", e["realm"])] += 1
            if e["ruler"] is not None:
                check(e["ruler"] in chars, f"{w}: unknown ruler {e['ruler']!r}")
                if e["ruler"] in chars:
                    check(chars[e["ruler"]]["realm"] == e["realm"], f"{w}: ruler of another realm")
        else:
            check(e["realm"] is None, f"{w}: generic event with a realm")
            per_age[e["age"]][(e["kind"], e["half"])] += 1
    for age in (1, 2, 3, 4):
        c = per_age[age]
        a = c[("A", 1)] + c[("A", 2)]
        b = c[("B", 1)] + c[("B", 2)]
        check(a == 8, f"age {age}: {a} A events, want 8")
        check(a + b >= 28, f"age {age}: {a + b} generic events, want >= 28")
        check(abs((c[("A", 1)] + c[("B", 1)]) - (c[("A", 2)] + c[("B", 2)])) <= 1, f"age {age}: halves uneven")
        for r in players:
            check(c[("Realm", r)] >= 2, f"age {age}: {r} has {c[('Realm', r)]} realm events")

    # ---- action cards ----
    decks = Counter()
    for cd in scn["action_cards"]:
        w = f"card {cd['id']}"
        decks[cd["deck"]] += 1
        check(1 <= cd["cost"] <= 3, f"{w}: cost {cd['cost']}")
        check(0 <= cd["ducats"] <= 5, f"{w}: ducats {cd['ducats']}")
        effect_refs(cd["effects"], w, areas, realms)
        if cd["character"] is not None:
            check(cd["character"] in chars, f"{w}: unknown character {cd['character']!r}")
            if cd["character"] in chars:
                k = chars[cd["character"]]["kind"]
                if cd["deck"] == "Mil":
                    check(k == "Leader" or k == ("Advisor", "Mil"), f"{w}: character {cd['character']} does not fit")
                else:
                    check(k == ("Advisor", cd["deck"]), f"{w}: character {cd['character']} is not a {cd['deck']} advisor")
    for d in ("Adm", "Dip", "Mil"):
        check(decks[d] >= 12, f"deck {d} has {decks[d]} cards")

    # ---- ideas ----
    for t in ("Adm", "Dip", "Mil"):
        basics = [i for i in scn["ideas"] if i["kind"] == t and i["basic"]]
        check(len(basics) == 1 and basics[0]["cost"] == 3 and basics[0]["age"] == 1, f"ideas {t}: one basic idea (cost 3, age 1)")
        others = [i for i in scn["ideas"] if i["kind"] == t and not i["basic"]]
        check(len(others) >= 3, f"ideas {t}: only {len(others)} non-basic ideas")
        for i in others:
            lo, hi = (4, 6) if i["age"] <= 2 else (6, 8)
            check(lo <= i["cost"] <= hi, f"idea {i['id']}: cost {i['cost']} out of range for age {i['age']}")

    # ---- missions and milestones ----
    provinces_by_id = {p["id"]: p for p in m["provinces"]}
    continents = {a["continent"] for a in m["areas"]}
    idea_ids = {i["id"] for i in scn["ideas"]}

    def cond_refs(conds, where):
        for c in conds:
            name, args = c[0], c[1:]
            if name in ("Province",):
                check(args[0] in provinces_by_id, f"{where}: unknown province {args[0]!r}")
            elif name in ("ProvincesIn", "WholeArea", "ClaimOn", "InfluenceIn"):
                check(args[0] in areas, f"{where}: unknown area {args[0]!r}")
            elif name == "ProvincesInAreas":
                for a in args[0]:
                    check(a in areas, f"{where}: unknown area {a!r}")
            elif name in ("AlliedWith", "MarriedTo", "WonWarAgainst"):
                check(args[0] in realms, f"{where}: unknown realm {args[0]!r}")
            elif name == "Idea":
                check(args[0] in idea_ids, f"{where}: unknown idea {args[0]!r}")
            elif name == "Discovered":
                check(args[0] in continents, f"{where}: unknown continent {args[0]!r}")
            elif name == "AnyOf":
                cond_refs(args[0], where)

    missions = unique("mission", scn["missions"])
    for ms in scn["missions"]:
        for r in ms["realms"]:
            check(r in realms and realms[r]["kind"] == "Player", f"mission {ms['id']}: {r!r} is not a Player Realm")
        for r in ms["requires"]:
            check(r in missions, f"mission {ms['id']}: requires unknown mission {r!r}")
        check(ms["conditions"], f"mission {ms['id']}: no conditions")
        cond_refs(ms["conditions"], f"mission {ms['id']}")
        effect_refs(ms["reward"], f"mission {ms['id']}", areas, realms)
    for r in (r["id"] for r in scn["realms"] if r["kind"] == "Player"):
        deck = [x for x in scn["missions"] if not x["realms"] or r in x["realms"]]
        check(sum(1 for x in deck if x["starting"]) >= 3, f"missions of {r}: fewer than 3 starting missions")
        check(sum(1 for x in deck if r in x["realms"]) >= 6, f"missions of {r}: fewer than 6 of its own")
    unique("milestone", scn["milestones"])
    per_deck = Counter((x["age"], x["category"]) for x in scn["milestones"])
    for age in (1, 2, 3, 4):
        for cat in ("Expansion", "Politics", "Warfare", "Economics"):
            check(per_deck[(age, cat)] >= 4, f"milestones of Age {age}, {cat}: only {per_deck[(age, cat)]}")
    for x in scn["milestones"]:
        cond_refs(x["conditions"], f"milestone {x['id']}")
        effect_refs(x["reward"], f"milestone {x['id']}", areas, realms)

    # ---- power struggles (17.4) ----
    unique("power struggle", scn["power_struggles"])
    for ps in scn["power_struggles"]:
        check(2 <= len(ps["battlegrounds"]) <= 4, f"power struggle {ps['id']}: {len(ps['battlegrounds'])} battlegrounds")
        for a in ps["battlegrounds"]:
            check(a in areas, f"power struggle {ps['id']}: unknown battleground area {a!r}")
        check(1 <= len(ps["criteria"]) <= 3, f"power struggle {ps['id']}: {len(ps['criteria'])} criteria")
        for cr in ps["criteria"]:
            for r in cr["realms"]:
                check(r in realms and realms[r]["kind"] == "Player",
                      f"power struggle {ps['id']}: {r!r} is not a Player Realm")
            check(cr["conditions"], f"power struggle {ps['id']}: a criterion without conditions")
            check(cr["met"] != 0 or cr["failed"] != 0, f"power struggle {ps['id']}: a criterion worth nothing")
            cond_refs(cr["conditions"], f"power struggle {ps['id']}")

    # ---- counts ----
    n_pr = sum(1 for r in scn["realms"] if r["kind"] == "Player")
    n_land = len(m["provinces"])
    check(n_pr >= 5, f"only {n_pr} Player Realms")
    check(n_land >= 80, f"only {n_land} provinces")
    check(len(m["areas"]) >= 25, f"only {len(m['areas'])} areas")

    # ---- geometry ----
    try:
        import shapely
        from shapely.geometry import Point, Polygon
        from shapely.ops import unary_union
        x0, y0, x1, y1 = m["bounds"]
        polys = {}
        for p in m["provinces"]:
            g = unary_union([shapely.make_valid(Polygon(r)) for r in p["shape"]])
            polys[p["id"]] = g
            check(g.buffer(0.05).contains(Point(p["site"])), f"province {p['id']}: site outside its shape")
            bx = g.bounds
            check(x0 <= bx[0] and y0 <= bx[1] and bx[2] <= x1 and bx[3] <= y1, f"province {p['id']}: outside bounds")
            warn(g.area >= 60.0, f"province {p['id']}: tiny ({g.area:.0f} square units)")
        tree = shapely.STRtree(list(polys.values()))
        keys = list(polys)
        for i, k in enumerate(keys):
            for j in tree.query(polys[k]):
                j = int(j)
                if j <= i:
                    continue
                ov = polys[k].intersection(polys[keys[j]]).area
                check(ov < 2.0, f"provinces {k} and {keys[j]} overlap by {ov:.1f}")
        for s in m["sea_zones"]:
            g = unary_union([shapely.make_valid(Polygon(r)) for r in s["shape"]])
            check(g.buffer(0.05).contains(Point(s["site"])), f"sea {s['id']}: site outside its shape")
        bp = sum(len(r) for r in m["backdrop"])
        warn(bp <= 3000, f"backdrop has {bp} points")
    except ImportError:
        WARNINGS.append("shapely not installed: geometry checks skipped")

    # ---- trade (12): nodes on the map, cards naming nodes and key provinces, merchants ----
    nodes = unique("trade node", scn["trade_nodes"])
    unique("trade card", scn["trade_cards"])
    for n in nodes.values():
        if n["maritime"]:
            check(n["seas"] and all(z in seas for z in n["seas"]), f"trade node {n['id']}: bad seas")
        else:
            check(n["area"] in areas, f"trade node {n['id']}: bad area {n['area']!r}")
    continents = {a["continent"] for a in m["areas"] if a["distant"]}
    for c in scn["trade_cards"]:
        check(2 <= len(c["nodes"]) <= 3, f"trade card {c['id']}: {len(c['nodes'])} nodes")
        for cn in c["nodes"]:
            check(cn["node"] in nodes, f"trade card {c['id']}: unknown node {cn['node']!r}")
            check(cn["secondary"] is None or cn["secondary"] in nodes, f"trade card {c['id']}: bad secondary")
            check(len(cn["keys"]) <= 4, f"trade card {c['id']}: more than 4 key provinces")
            for k in cn["keys"]:
                check(k["province"] in provs, f"trade card {c['id']}: unknown province {k['province']!r}")
        powers = [r["power"] for r in c["rows"]]
        check(powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers),
              f"trade card {c['id']}: rows not best first")
        check(all(x in continents for x in c["continents"]), f"trade card {c['id']}: bad continent")
    for r in scn["realms"]:
        check(all(n in nodes for n in r["merchants"]), f"realm {r['id']}: merchant on an unknown node")
        check(len(r["merchants"]) <= scn["options"]["merchants"], f"realm {r['id']}: too many merchants")

    # ---- the RON file ----
    if want_ron:
        path = mapgen.DEFAULT_OUT
        with open(path, encoding="ascii") as fh:
            text = fh.read()
        check(text == ron.scenario_to_ron(scn), f"{path} is stale: re-run mapgen.py")
        doc = ron.parse(text)
        check(doc["__struct__"] == "Scenario", "RON top level is not Scenario(...)")
        dm = doc["map"]
        check([a["id"] for a in dm["areas"]] == [a["id"] for a in m["areas"]], "RON areas differ")
        check([p["id"] for p in dm["provinces"]] == [p["id"] for p in m["provinces"]], "RON provinces differ")
        check(len(doc["events"]) == len(scn["events"]), "RON events differ")
        check(len(doc["power_struggles"]) == len(scn["power_struggles"]), "RON power struggles differ")
        check(all(ev["__struct__"] == "EventDef" for ev in doc["events"]), "RON event struct names")
        for f, typ in ron.SPECS["ProvinceDef"]:
            check(f in dm["provinces"][0], f"RON province lacks field {f}")
        size = len(text.encode())
        warn(size <= 2 * 1024 * 1024, f"RON file is {size} bytes")

    # ---- report ----
    n_distant = sum(1 for a in m["areas"] if a["distant"])
    print(f"realms: {n_pr} player, {len(realms) - n_pr} non-player ({len(dynamic)} dynamic)")
    print(f"provinces: {n_land} ({sum(1 for p in m['provinces'] if areas[p['area']]['distant'])} distant), "
          f"areas: {len(areas)} ({n_distant} distant), sea zones: {len(seas)} "
          f"({sum(1 for s in m['sea_zones'] if s['distant'])} distant)")
    ages = Counter(e["age"] for e in scn["events"])
    print(f"characters: {len(chars)}, events: {len(events)} (per age {dict(sorted(ages.items()))}), "
          f"action cards: {len(cards)} ({dict(decks)}), ideas: {len(ideas)}, "
          f"missions: {len(scn['missions'])}, milestones: {len(scn['milestones'])}, "
          f"power struggles: {len(scn['power_struggles'])}")
    print(f"trade: {len(scn['trade_nodes'])} nodes, {len(scn['trade_cards'])} cards "
          f"({sum(1 for c in scn['trade_cards'] if not c['continents'])} in the starting deck)")
    for w in scn.get("warnings", []):
        print("generator warning:", w)
    for w in WARNINGS:
        print("warning:", w)
    for e in ERRORS:
        print("ERROR:", e)
    if ERRORS:
        print(f"{len(ERRORS)} error(s)")
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
