#!/usr/bin/env python3
"""The map of scenarios/frontier.ron ("The Greywater Marches", Kingdom ruleset).

Hand-drawn terrain, river, lake, features and start hexes, checked and printed as the RON
`map: MapDef(...)` block. Deterministic: no randomness. Run it and paste its output into
scenarios/frontier.ron when the map changes:

    python3 tools/frontier_map.py

Layout: pointy hexes, odd rows shifted half a hex to the right; coordinates are (col, row).
"""

import sys

WIDTH, HEIGHT = 24, 16

# P plains, H hills, F forest, M mountains, S marsh, W open water (the lake).
ROWS = [
    # 0         1         2
    # 012345678901234567890123
    "MMMMMMMMHHMMMMMMMMMMMMMM",  # 0  the Greyspine ridge along the north edge
    "MMMHHMMHHHHMMMMMMMMMMMMM",  # 1
    "HHHHFFHHFFHHHMMHHHHMMHHH",  # 2
    "HFFFFPPPFFFPHHHHPHPHHHFF",  # 3
    "FFFPPPPPFFPPPHPPPPPHFFFF",  # 4
    "FFPPPPHPPFFPPHHPPPFPPFFF",  # 5
    "HFFPPPPPPPFFPPPPPPFFPPFF",  # 6
    "HFPPPPPPPPFFPPSPPPHHPPPF",  # 7
    "FFPPPPPPPPPPPSSPPPHHPPPF",  # 8
    "FFPPWWWPPPFFPPPPPFFPPPPF",  # 9  the lake (Greywater Mere)
    "FFPSWWPPPFFFPPPHHFFFPPFF",  # 10
    "FFSSSPPPPFFFFPPHHFFPPPFF",  # 11
    "FSSSPPPHHFFFFPPPPPPPPPHH",  # 12
    "FFSSPPHHHFFPPPPFFPPHHHHM",  # 13
    "FFPSPPPHFFFPPPFFFFPHHHMM",  # 14
    "FFFSPPFFFFPPPPFFFPPHHMMM",  # 15
]

# The Greywater: rises under the ridge in the north-east, runs south-west past the mere and
# leaves the map through the fens in the south-west.
RIVER = [
    (18, 1), (18, 2), (17, 3), (17, 4), (16, 5), (16, 6), (15, 6), (14, 6), (13, 7), (12, 7),
    (11, 7), (11, 8), (10, 8), (9, 8), (8, 9), (7, 9), (7, 10), (6, 10), (5, 11), (4, 11),
    (4, 12), (3, 13), (3, 14), (3, 15),
]

STARTS = {"ASH": (7, 10), "VEL": (17, 4)}

# (col, row, RON text of the FeatureKind)
FEATURES = [
    # Resources
    (19, 2, 'Resource("iron")'),
    (13, 2, 'Resource("silver")'),
    (7, 2, 'Resource("stone")'),
    (1, 5, 'Resource("timber")'),
    (23, 7, 'Resource("timber")'),
    (10, 11, 'Resource("game")'),
    (20, 13, 'Resource("stone")'),
    (22, 14, 'Resource("iron")'),
    (1, 13, 'Resource("game")'),
    # Lairs
    (2, 2, 'Lair(name: "Howling Tor", dc: 16, loot_gp: 1000)'),
    (14, 8, 'Lair(name: "Sodden Reedbeds", dc: 17, loot_gp: 1500)'),
    (11, 10, 'Lair(name: "Thornback Hollow", dc: 15, loot_gp: 800)'),
    (1, 11, 'Lair(name: "Mirewatch Burrows", dc: 14, loot_gp: 500)'),
    (21, 2, 'Lair(name: "Stonejaw Eyrie", dc: 20, loot_gp: 2500)'),
    (16, 14, 'Lair(name: "Blackbriar Thicket", dc: 18, loot_gp: 2000)'),
    (22, 11, 'Lair(name: "Hollowmere Warren", dc: 15, loot_gp: 900)'),
    (11, 0, 'Lair(name: "The Smoking Chimney", dc: 24, loot_gp: 4000)'),
    (7, 15, 'Lair(name: "Rattlebone Dell", dc: 19, loot_gp: 1800)'),
    # Ruins
    (5, 6, 'Ruin(name: "Broken Lantern Chapel", gp: 1500)'),
    (12, 12, 'Ruin(name: "The Ninefold Cairn", gp: 3000, item_gp: 6000)'),
    (18, 8, 'Ruin(name: "Old Tollkeep", gp: 2000)'),
    (14, 2, 'Ruin(name: "Sealed Delver-Gate", gp: 6000, item_gp: 12000)'),
    (2, 8, 'Ruin(name: "Drowned Manor", gp: 2500, item_gp: 5000)'),
    (19, 14, 'Ruin(name: "Watchfire Ring", gp: 2000, item_gp: 8000)'),
]


def neighbours(c, r):
    """The six hexes around (c, r), odd rows shifted right."""
    if r % 2 == 0:
        d = [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
    else:
        d = [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
    return [(c + dc, r + dr) for dc, dr in d]


def cube(c, r):
    x = c - (r - (r & 1)) // 2
    z = r
    return x, -x - z, z


def distance(a, b):
    ax, ay, az = cube(*a)
    bx, by, bz = cube(*b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def check():
    errors = []
    if len(ROWS) != HEIGHT:
        errors.append(f"{len(ROWS)} rows, want {HEIGHT}")
    for r, row in enumerate(ROWS):
        if len(row) != WIDTH:
            errors.append(f"row {r} has {len(row)} codes")
        for ch in row:
            if ch not in "PHFMSW":
                errors.append(f"row {r}: unknown code {ch!r}")
    at = lambda h: ROWS[h[1]][h[0]]
    for a, b in zip(RIVER, RIVER[1:]):
        if b not in neighbours(*a):
            errors.append(f"river {a} -> {b} not adjacent")
    if len(set(RIVER)) != len(RIVER):
        errors.append("river repeats a hex")
    for h in RIVER:
        if at(h) == "W":
            errors.append(f"river hex {h} is water")
    lake = [(c, r) for r in range(HEIGHT) for c in range(WIDTH) if ROWS[r][c] == "W"]
    if not 3 <= len(lake) <= 5:
        errors.append(f"lake has {len(lake)} hexes")
    if not any(n in lake for h in RIVER for n in neighbours(*h)):
        errors.append("river does not touch the lake")
    seen = set()
    for c, r, kind in FEATURES:
        if not (0 <= c < WIDTH and 0 <= r < HEIGHT):
            errors.append(f"feature off map at {(c, r)}")
            continue
        if (c, r) in seen:
            errors.append(f"two features at {(c, r)}")
        seen.add((c, r))
        if at((c, r)) == "W":
            errors.append(f"feature on water at {(c, r)}")
        for k, s in STARTS.items():
            if (c, r) == s:
                errors.append(f"feature on {k}'s start")
            if kind.startswith("Lair") and distance((c, r), s) < 3:
                errors.append(f"lair {kind} within 2 hexes of {k}'s start")
    for k, s in STARTS.items():
        if at(s) != "P":
            errors.append(f"{k} starts on {at(s)}, not plains")
    return errors


def ron():
    out = ["    map: MapDef(", f"        width: {WIDTH},", f"        height: {HEIGHT},", "        rows: ["]
    for r, row in enumerate(ROWS):
        out.append(f'            "{row}", // {r}')
    out.append("        ],")
    out.append("        // The Greywater, source to mouth.")
    out.append("        rivers: [")
    for i in range(0, len(RIVER), 8):
        out.append("            " + ", ".join(f"({c}, {r})" for c, r in RIVER[i:i + 8]) + ",")
    out.append("        ],")
    out.append("        features: [")
    for c, r, kind in FEATURES:
        out.append(f"            FeatureDef(at: ({c}, {r}), kind: {kind}),")
    out.append("        ],")
    out.append("    ),")
    return "\n".join(out)


if __name__ == "__main__":
    errs = check()
    if errs:
        print("\n".join(errs), file=sys.stderr)
        sys.exit(1)
    print(ron())
