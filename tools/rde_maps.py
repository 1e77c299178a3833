#!/usr/bin/env python3
"""The two Raison d'Etat scenarios: scenarios/rde_1618.ron and scenarios/rde_1702.ron.

The maps (Territories, Sea Lanes) and the Powers (Generals, Garrisons, Fortresses) are held here
as plain Python tables, checked, and written out as RON in the shape of
src/rulesets/raison/content/schema.rs (`Scenario`). Edit the tables here and re-run rather than
editing the .ron files by hand:

    python3 tools/rde_maps.py            # check both, write both files, print a summary
    python3 tools/rde_maps.py --check    # check and summarise only; write nothing
    python3 tools/rde_maps.py --print    # check, then print both scenarios to stdout

Both maps are drawn on real European geography: a Territory's `at` is the (longitude, latitude)
of a real town, usually the region's chief city. The checks read the Natural Earth coastlines in
data/geo/europe_land_50m.geojson (the shared copy, or one in the repository) to make sure every
such point lies on land. Python 3 standard library only; deterministic.
"""

import json
import math
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEO_CANDIDATES = [
    os.path.join(ROOT, "data", "geo", "europe_land_50m.geojson"),
    os.path.join(ROOT, "shared", "data", "geo", "europe_land_50m.geojson"),
    "/work/shared/data/geo/europe_land_50m.geojson",
]

# Neighbours' `at` points further apart than this are not a plausible land border.
MAX_BORDER_KM = 650.0

# ----------------------------------------------------------------------------------------------
# Shared by both scenarios
# ----------------------------------------------------------------------------------------------

HOUSE = [
    ("hand_limit", 6),
    ("subsidy_limit", 3),
    ("fortress_cost", 5),
    ("unit_cost", 1),
    ("card_cost", 1),
    ("morale_cost", 1),
    ("emperor_influence", 2),
    ("unit_strength", 1),
    ("garrison_strength", 1),
    ("fortress_strength", 2),
    ("max_units", 6),
    ("max_morale", 10),
    ("battle_loss_morale", 1),
    ("strategic_steps", 3),
    ("movement_rounds", 3),
]

DECK = [(1, 14), (2, 12), (3, 12), (4, 12), (5, 10)]

# Table shapes.
#
# Territory: (id, name, kind, value, (lon, lat), [adjacent ids], elector)
#   kind: "H:FRA" a Home Territory of FRA; "U" Undisputed; "D:FRA/AUS" Disputed, striped with
#   those Powers (one or two). A border is written once, on either side.
# Sea lane: (id, name, end, end)
# Power: dict with id, name, major, colour, capital, dial, status, money, morale, hand,
#   emperor, generals [(id, name, at or None, units)], garrisons, fortresses.
#   status: "A" / "B" (a Coalition side), "N" Neutral, "E" Expansionist.

# ----------------------------------------------------------------------------------------------
# 1618: the Thirty Years' War
# ----------------------------------------------------------------------------------------------

T1618 = [
    # Iberia
    ("castile", "Castile", "H:SPA", 3, (-3.70, 40.42), ["portugal", "andalusia", "catalonia", "guyenne"], False),
    ("andalusia", "Andalusia", "H:SPA", 2, (-5.98, 37.39), ["portugal"], False),
    ("catalonia", "Catalonia", "D:SPA/FRA", 2, (2.17, 41.39), ["languedoc"], False),
    ("portugal", "Portugal", "D:SPA", 2, (-9.16, 38.74), [], False),
    # France
    ("ile_de_france", "Ile-de-France", "H:FRA", 3, (2.35, 48.86), ["champagne", "burgundy", "guyenne", "flanders"], False),
    ("champagne", "Champagne", "H:FRA", 2, (4.03, 49.26), ["flanders", "brabant", "trier", "alsace", "burgundy", "franche_comte"], False),
    ("burgundy", "Burgundy", "H:FRA", 1, (5.04, 47.32), ["franche_comte", "savoy", "languedoc"], False),
    ("guyenne", "Guyenne", "H:FRA", 2, (-0.58, 44.84), ["languedoc"], False),
    ("languedoc", "Languedoc", "H:FRA", 1, (1.44, 43.60), ["savoy"], False),
    ("franche_comte", "Franche-Comte", "D:SPA/FRA", 1, (6.02, 47.24), ["alsace", "switzerland"], False),
    # The Low Countries
    ("flanders", "Flanders", "D:SPA/FRA", 2, (3.72, 51.05), ["brabant", "holland"], False),
    ("brabant", "Brabant", "D:SPA/NED", 3, (4.35, 50.85), ["holland", "gelderland", "cologne", "trier"], False),
    ("holland", "Holland", "H:NED", 3, (4.90, 52.37), ["gelderland"], False),
    ("gelderland", "Gelderland", "H:NED", 1, (5.90, 51.98), ["cologne", "bremen"], False),
    # The Rhineland and southern Germany
    ("cologne", "Cologne", "U", 2, (6.96, 50.94), ["trier", "mainz", "hesse", "lower_saxony", "bremen"], True),
    ("trier", "Trier", "U", 1, (6.64, 49.75), ["mainz", "palatinate", "alsace"], True),
    ("mainz", "Mainz", "U", 2, (8.27, 50.00), ["palatinate", "hesse", "franconia"], True),
    ("palatinate", "The Palatinate", "H:PRO", 3, (8.69, 49.40), ["alsace", "franconia", "bavaria"], True),
    ("alsace", "Alsace", "D:FRA/AUS", 2, (7.75, 48.58), ["switzerland"], False),
    ("hesse", "Hesse", "H:PRO", 1, (9.48, 51.31), ["franconia", "lower_saxony", "magdeburg", "saxony"], False),
    ("franconia", "Franconia", "H:BAV", 1, (9.93, 49.79), ["upper_palatinate", "bavaria", "saxony"], False),
    ("upper_palatinate", "Upper Palatinate", "H:PRO", 1, (11.86, 49.44), ["bavaria", "bohemia", "saxony"], False),
    ("bavaria", "Bavaria", "H:BAV", 3, (11.58, 48.14), ["tyrol", "austria", "bohemia", "switzerland"], False),
    # Northern Germany
    ("lower_saxony", "Lower Saxony", "D:DEN/AUS", 2, (10.52, 52.27), ["bremen", "holstein", "magdeburg", "brandenburg"], False),
    ("bremen", "Bremen", "D:DEN/SWE", 1, (8.80, 53.08), ["holstein"], False),
    ("holstein", "Holstein", "H:DEN", 1, (10.13, 54.32), ["jutland", "pomerania"], False),
    ("pomerania", "Pomerania", "D:PRO/SWE", 2, (14.55, 53.43), ["brandenburg", "royal_prussia"], False),
    ("brandenburg", "Brandenburg", "H:PRO", 2, (13.40, 52.52), ["magdeburg", "saxony", "silesia", "masovia"], True),
    ("magdeburg", "Magdeburg", "D:PRO/AUS", 1, (11.63, 52.13), ["saxony"], False),
    ("saxony", "Saxony", "U", 2, (13.74, 51.05), ["bohemia", "silesia"], True),
    # The Bohemian crown
    ("bohemia", "Bohemia", "D:PRO/AUS", 3, (14.42, 50.08), ["silesia", "austria", "royal_hungary"], True),
    ("silesia", "Silesia", "D:PRO/AUS", 2, (17.04, 51.11), ["lesser_poland", "masovia", "royal_hungary"], False),
    # The Austrian lands
    ("austria", "Austria", "H:AUS", 3, (16.37, 48.21), ["styria", "royal_hungary"], False),
    ("styria", "Styria", "H:AUS", 2, (15.44, 47.07), ["royal_hungary", "hungary", "venice", "tyrol"], False),
    ("tyrol", "Tyrol", "H:AUS", 1, (11.40, 47.26), ["switzerland", "milan", "venice"], False),
    ("royal_hungary", "Royal Hungary", "H:AUS", 1, (17.11, 48.15), ["hungary", "transylvania", "lesser_poland"], False),
    ("switzerland", "Swiss Confederation", "U", 1, (8.54, 47.37), ["savoy", "milan"], False),
    # Italy
    ("savoy", "Savoy-Piedmont", "U", 2, (7.69, 45.07), ["milan", "mantua"], False),
    ("milan", "Milan", "H:SPA", 2, (9.19, 45.46), ["mantua", "venice"], False),
    ("mantua", "Mantua", "D:FRA/SPA", 1, (10.79, 45.16), ["venice", "papal_states"], False),
    ("venice", "Venice", "U", 2, (12.27, 45.48), ["papal_states"], False),
    ("papal_states", "Papal States", "U", 2, (12.50, 41.90), ["naples"], False),
    ("naples", "Naples", "H:SPA", 3, (14.27, 40.85), [], False),
    # Scandinavia and the eastern Baltic
    ("sweden", "Sweden", "H:SWE", 3, (18.07, 59.33), ["norway", "scania"], False),
    ("finland", "Finland", "H:SWE", 2, (22.27, 60.45), [], False),
    ("estonia", "Estonia", "H:SWE", 1, (24.75, 59.44), ["livonia"], False),
    ("livonia", "Livonia", "D:SWE/POL", 2, (24.11, 56.95), ["lithuania"], False),
    ("scania", "Scania", "D:SWE/DEN", 2, (13.19, 55.70), ["norway"], False),
    ("zealand", "Zealand", "H:DEN", 3, (12.55, 55.69), [], False),
    ("jutland", "Jutland", "H:DEN", 2, (9.40, 56.45), [], False),
    ("norway", "Norway", "H:DEN", 2, (10.75, 59.91), [], False),
    # Poland-Lithuania
    ("masovia", "Masovia", "H:POL", 3, (21.01, 52.23), ["lesser_poland", "lithuania", "royal_prussia", "podolia"], False),
    ("lesser_poland", "Lesser Poland", "H:POL", 2, (19.94, 50.06), ["podolia"], False),
    ("lithuania", "Lithuania", "H:POL", 2, (25.28, 54.69), ["royal_prussia"], False),
    ("royal_prussia", "Royal Prussia", "D:SWE/POL", 2, (18.65, 54.35), [], False),
    ("podolia", "Podolia", "D:POL/TUR", 1, (26.58, 48.68), ["transylvania"], False),
    # Hungary and the Ottoman Balkans
    ("hungary", "Hungary", "D:AUS/TUR", 2, (19.04, 47.50), ["transylvania", "serbia"], False),
    ("transylvania", "Transylvania", "D:AUS/TUR", 2, (23.58, 46.07), ["serbia", "rumelia"], False),
    ("serbia", "Serbia", "H:TUR", 2, (20.46, 44.82), ["rumelia"], False),
    ("rumelia", "Rumelia", "H:TUR", 1, (23.32, 42.70), ["thrace"], False),
    ("thrace", "Thrace", "H:TUR", 3, (28.96, 41.02), [], False),
]

L1618 = [
    ("channel", "The Channel and Biscay (Dunkirk to Santander)", "flanders", "castile"),
    ("ligurian", "Ligurian Sea (Barcelona to Finale)", "catalonia", "milan"),
    ("western_med", "Western Mediterranean", "andalusia", "naples"),
    ("adriatic", "Adriatic Sea", "venice", "naples"),
    ("north_sea", "North Sea", "holland", "jutland"),
    ("skagerrak", "Skagerrak", "jutland", "norway"),
    ("sound", "The Sound", "zealand", "scania"),
    ("belts", "The Belts", "zealand", "jutland"),
    ("baltic", "Southern Baltic", "sweden", "pomerania"),
    ("gulf_of_riga", "Gulf of Riga", "sweden", "livonia"),
    ("aland", "Aland Sea", "sweden", "finland"),
    ("gulf_of_finland", "Gulf of Finland", "finland", "estonia"),
]

P1618 = [
    dict(id="PRO", name="The Protestant Union", major=True, colour=(128, 64, 160),
         capital="palatinate", dial=0, status="B", money=4, morale=4, hand=3,
         generals=[("pro_mansfeld", "Ernst von Mansfeld", "bohemia", 3),
                   ("pro_anhalt", "Christian of Anhalt", "palatinate", 2),
                   ("pro_brunswick", "Christian of Brunswick", None, 2)],
         garrisons=["palatinate", "upper_palatinate", "hesse", "brandenburg", "bohemia"],
         fortresses=["palatinate"]),
    dict(id="AUS", name="The Austrian Habsburgs", major=True, colour=(235, 200, 50),
         capital="austria", dial=2, status="A", money=3, morale=4, hand=3, emperor=True,
         generals=[("aus_bucquoy", "Count of Bucquoy", "austria", 3),
                   ("aus_dampierre", "Henri de Dampierre", "royal_hungary", 2),
                   ("aus_wallenstein", "Albrecht von Wallenstein", None, 3)],
         garrisons=["austria", "styria", "tyrol", "royal_hungary", "alsace"],
         fortresses=["austria"]),
    dict(id="SPA", name="Spain", major=True, colour=(200, 40, 40),
         capital="castile", dial=3, status="A", money=5, morale=4, hand=3,
         generals=[("spa_spinola", "Ambrogio Spinola", "brabant", 4),
                   ("spa_cordoba", "Gonzalo de Cordoba", "milan", 2),
                   ("spa_cardinal_infante", "The Cardinal-Infante Ferdinand", None, 3)],
         garrisons=["castile", "andalusia", "milan", "naples", "brabant"],
         fortresses=["castile", "milan"]),
    dict(id="FRA", name="France", major=True, colour=(40, 70, 170),
         capital="ile_de_france", dial=5, status="N", money=4, morale=4, hand=2,
         generals=[("fra_lesdiguieres", "Duke of Lesdiguieres", "languedoc", 2),
                   ("fra_la_force", "Marshal de La Force", "champagne", 2),
                   ("fra_turenne", "Viscount of Turenne", None, 3)],
         garrisons=["ile_de_france", "champagne", "burgundy", "guyenne", "languedoc"],
         fortresses=["ile_de_france"]),
    dict(id="SWE", name="Sweden", major=True, colour=(90, 170, 230),
         capital="sweden", dial=6, status="N", money=3, morale=5, hand=2,
         generals=[("swe_gustavus", "Gustavus Adolphus", "sweden", 4),
                   ("swe_baner", "Johan Baner", "finland", 2),
                   ("swe_torstensson", "Lennart Torstensson", None, 2)],
         garrisons=["sweden", "finland", "estonia"],
         fortresses=["sweden"]),
    dict(id="DEN", name="Denmark-Norway", major=True, colour=(150, 30, 80),
         capital="zealand", dial=4, status="B", money=4, morale=3, hand=2,
         generals=[("den_christian", "Christian IV", "holstein", 3),
                   ("den_fuchs", "Johann Philipp Fuchs", "jutland", 2)],
         garrisons=["zealand", "jutland", "norway", "holstein", "scania"],
         fortresses=["zealand"]),
    dict(id="BAV", name="Bavaria and the Catholic League", major=False, colour=(60, 150, 150),
         capital="bavaria", dial=0, status="N", money=3, morale=4, hand=1,
         generals=[("bav_tilly", "Count of Tilly", "bavaria", 3),
                   ("bav_pappenheim", "Gottfried zu Pappenheim", "franconia", 2)],
         garrisons=["bavaria", "franconia"],
         fortresses=["bavaria"]),
    dict(id="NED", name="The Dutch Republic", major=False, colour=(240, 130, 20),
         capital="holland", dial=0, status="N", money=4, morale=3, hand=1,
         generals=[("ned_maurice", "Maurice of Nassau", "holland", 3),
                   ("ned_frederick_henry", "Frederick Henry", "gelderland", 2)],
         garrisons=["holland", "gelderland"],
         fortresses=["holland"]),
    dict(id="POL", name="Poland-Lithuania", major=False, colour=(230, 150, 170),
         capital="masovia", dial=0, status="N", money=3, morale=3, hand=1,
         generals=[("pol_chodkiewicz", "Jan Karol Chodkiewicz", "lithuania", 3),
                   ("pol_koniecpolski", "Stanislaw Koniecpolski", "lesser_poland", 2)],
         garrisons=["masovia", "lesser_poland", "lithuania", "royal_prussia", "livonia",
                    "podolia"],
         fortresses=[]),
    dict(id="TUR", name="The Ottoman Empire", major=False, colour=(40, 140, 60),
         capital="thrace", dial=0, status="N", money=4, morale=3, hand=2,
         generals=[("tur_iskender", "Iskender Pasha", "rumelia", 3),
                   ("tur_bethlen", "Gabriel Bethlen", "transylvania", 2)],
         garrisons=["thrace", "rumelia", "serbia", "hungary", "transylvania"],
         fortresses=["thrace"]),
]

S1618 = dict(
    file="rde_1618.ron",
    id="1618",
    name="1618: The Thirty Years' War",
    description=(
        "Prague, 1618. Bohemia's Protestant estates have thrown the Emperor's regents from a "
        "castle window and offered their crown to the Elector Palatine. The Austrian and Spanish "
        "Habsburgs close ranks to crush the revolt, the Catholic League arms in Munich, Denmark "
        "and Sweden eye the Baltic coasts of the Empire, and France weighs how long it can stay "
        "out of a war that may decide who leads Europe."
    ),
    victory=30,
    max_rounds=12,
    dial=["Muster", "Taxation", "Subsidise", "Leadership", "Mobilisation", "GainInfluence",
          "Movement"],
    round_keeper="PRO",
    election_before="FRA",
    coalitions=("Habsburg League", "Protestant Union"),
    electors=7,
    territories=T1618,
    lanes=L1618,
    powers=P1618,
    header=[
        "The Thirty Years' War, from the Defenestration of Prague: six Major Powers (the",
        "Protestant Union, Austria, Spain, France, Sweden, Denmark-Norway) and four Minor ones",
        "(Bavaria and the Catholic League, the Dutch Republic, Poland-Lithuania, the Ottomans).",
    ],
)

# ----------------------------------------------------------------------------------------------
# 1702: the War of the Spanish Succession and the Great Northern War
# ----------------------------------------------------------------------------------------------

T1702 = [
    # The British Isles
    ("england", "England", "H:GBR", 3, (-0.13, 51.51), ["scotland"], False),
    ("scotland", "Scotland", "H:GBR", 2, (-3.19, 55.95), [], False),
    ("ireland", "Ireland", "H:GBR", 1, (-6.26, 53.35), [], False),
    # Iberia
    ("castile", "Castile", "H:SPA", 3, (-3.70, 40.42), ["portugal", "andalusia", "catalonia", "guyenne"], False),
    ("andalusia", "Andalusia", "H:SPA", 2, (-5.98, 37.39), ["portugal"], False),
    ("catalonia", "Catalonia", "D:AUS/FRA", 2, (2.17, 41.39), ["languedoc"], False),
    ("portugal", "Portugal", "U", 2, (-9.16, 38.74), [], False),
    # France
    ("ile_de_france", "Ile-de-France", "H:FRA", 3, (2.35, 48.86), ["normandy", "champagne", "burgundy", "guyenne", "flanders"], False),
    ("normandy", "Normandy", "H:FRA", 2, (1.10, 49.44), ["flanders"], False),
    ("champagne", "Champagne", "H:FRA", 2, (4.03, 49.26), ["flanders", "brabant", "trier", "alsace", "burgundy"], False),
    ("burgundy", "Burgundy", "H:FRA", 1, (5.04, 47.32), ["alsace", "switzerland", "savoy", "languedoc"], False),
    ("guyenne", "Guyenne", "H:FRA", 2, (-0.58, 44.84), ["languedoc"], False),
    ("languedoc", "Languedoc", "H:FRA", 1, (1.44, 43.60), ["savoy", "piedmont"], False),
    # The Low Countries
    ("holland", "Holland", "H:NED", 3, (4.90, 52.37), ["gelderland", "friesland", "flanders", "brabant"], False),
    ("gelderland", "Gelderland", "H:NED", 2, (5.90, 51.98), ["friesland", "brabant", "cologne", "hanover"], False),
    ("friesland", "Friesland", "H:NED", 1, (6.57, 53.22), ["hanover"], False),
    ("flanders", "Flanders", "D:NED/FRA", 2, (3.72, 51.05), ["brabant"], False),
    ("brabant", "Brabant", "D:GBR/NED", 3, (4.35, 50.85), ["cologne", "trier"], False),
    # Germany
    ("cologne", "Cologne", "H:BAV", 2, (6.96, 50.94), ["trier", "mainz", "hanover"], True),
    ("trier", "Trier", "U", 1, (6.64, 49.75), ["mainz", "palatinate", "alsace"], True),
    ("mainz", "Mainz", "U", 2, (8.27, 50.00), ["palatinate", "hanover", "saxony", "bavaria"], True),
    ("palatinate", "The Palatinate", "U", 2, (8.69, 49.40), ["alsace", "bavaria"], True),
    ("alsace", "Alsace", "D:FRA/AUS", 2, (7.75, 48.58), ["switzerland", "bavaria"], False),
    ("bavaria", "Bavaria", "H:BAV", 3, (11.58, 48.14), ["tyrol", "austria", "bohemia", "switzerland"], True),
    ("hanover", "Hanover", "D:GBR", 2, (9.73, 52.37), ["jutland", "brandenburg", "saxony", "pomerania"], True),
    ("brandenburg", "Brandenburg-Prussia", "U", 2, (13.40, 52.52), ["pomerania", "saxony", "silesia", "masovia"], True),
    ("saxony", "Saxony", "H:POL", 2, (13.74, 51.05), ["bohemia", "silesia"], True),
    ("pomerania", "Pomerania", "H:SWE", 2, (14.55, 53.43), [], False),
    # The Habsburg lands
    ("austria", "Austria", "H:AUS", 3, (16.37, 48.21), ["bohemia", "tyrol", "hungary", "venice"], False),
    ("bohemia", "Bohemia", "H:AUS", 3, (14.42, 50.08), ["silesia", "hungary"], True),
    ("silesia", "Silesia", "H:AUS", 2, (17.04, 51.11), ["lesser_poland", "masovia", "hungary"], False),
    ("tyrol", "Tyrol", "H:AUS", 1, (11.40, 47.26), ["switzerland", "milan", "venice"], False),
    ("hungary", "Hungary", "D:AUS/TUR", 2, (19.04, 47.50), ["transylvania", "serbia", "lesser_poland"], False),
    ("switzerland", "Swiss Confederation", "U", 1, (8.54, 47.37), ["savoy", "milan"], False),
    # Italy
    ("piedmont", "Piedmont", "H:SAV", 3, (7.69, 45.07), ["savoy", "milan"], False),
    ("savoy", "Savoy", "H:SAV", 1, (5.92, 45.57), [], False),
    ("milan", "Milan", "D:AUS/FRA", 3, (9.19, 45.46), ["venice"], False),
    ("venice", "Venice", "U", 2, (12.27, 45.48), ["papal_states"], False),
    ("papal_states", "Papal States", "U", 2, (12.50, 41.90), ["naples"], False),
    ("naples", "Naples", "D:AUS/FRA", 2, (14.27, 40.85), [], False),
    # Scandinavia and the eastern Baltic
    ("sweden", "Sweden", "H:SWE", 3, (18.07, 59.33), ["norway", "scania"], False),
    ("finland", "Finland", "H:SWE", 2, (22.27, 60.45), ["ingria"], False),
    ("ingria", "Ingria", "D:SWE/RUS", 1, (28.19, 59.38), ["livonia", "novgorod"], False),
    ("livonia", "Livonia", "D:SWE/RUS", 2, (24.11, 56.95), ["lithuania", "novgorod"], False),
    ("scania", "Scania", "D:SWE/DEN", 2, (13.19, 55.70), ["norway"], False),
    ("zealand", "Zealand", "H:DEN", 3, (12.55, 55.69), [], False),
    ("jutland", "Jutland and Holstein", "H:DEN", 1, (9.40, 56.45), [], False),
    ("norway", "Norway", "H:DEN", 2, (10.75, 59.91), [], False),
    # Poland-Lithuania
    ("masovia", "Masovia", "H:POL", 3, (21.01, 52.23), ["lesser_poland", "lithuania"], False),
    ("lesser_poland", "Lesser Poland", "H:POL", 2, (19.94, 50.06), [], False),
    ("lithuania", "Lithuania", "U", 2, (25.28, 54.69), ["smolensk", "ukraine"], False),
    # Russia
    ("muscovy", "Muscovy", "H:RUS", 3, (37.62, 55.76), ["novgorod", "smolensk"], False),
    ("novgorod", "Novgorod", "H:RUS", 2, (31.27, 58.52), ["smolensk"], False),
    ("smolensk", "Smolensk", "H:RUS", 1, (32.05, 54.78), ["ukraine"], False),
    ("ukraine", "Ukraine", "D:RUS/POL", 2, (30.52, 50.45), ["moldavia"], False),
    # Hungary's borders and the Ottoman Balkans
    ("moldavia", "Moldavia", "D:RUS/TUR", 1, (27.60, 47.16), ["transylvania", "rumelia"], False),
    ("transylvania", "Transylvania", "D:AUS/TUR", 1, (23.58, 46.07), ["serbia", "rumelia"], False),
    ("serbia", "Serbia", "H:TUR", 2, (20.46, 44.82), ["rumelia"], False),
    ("rumelia", "Rumelia", "H:TUR", 2, (23.32, 42.70), ["thrace"], False),
    ("thrace", "Thrace", "H:TUR", 3, (28.96, 41.02), [], False),
]

L1702 = [
    ("channel", "The Channel", "england", "normandy"),
    ("north_sea", "North Sea", "england", "holland"),
    ("irish_sea", "Irish Sea", "england", "ireland"),
    ("atlantic", "Atlantic (Plymouth to Lisbon)", "england", "portugal"),
    ("balearic", "Strait and Balearic Sea (Cadiz to Barcelona)", "andalusia", "catalonia"),
    ("ligurian", "Ligurian Sea (Barcelona to Finale)", "catalonia", "milan"),
    ("western_med", "Western Mediterranean", "catalonia", "naples"),
    ("adriatic", "Adriatic Sea", "venice", "naples"),
    ("skagerrak", "Skagerrak", "jutland", "norway"),
    ("sound", "The Sound", "zealand", "scania"),
    ("belts", "The Belts", "zealand", "jutland"),
    ("baltic", "Southern Baltic", "sweden", "pomerania"),
    ("gulf_of_riga", "Gulf of Riga", "sweden", "livonia"),
    ("aland", "Aland Sea", "sweden", "finland"),
]

P1702 = [
    dict(id="GBR", name="Great Britain", major=True, colour=(200, 30, 50),
         capital="england", dial=0, status="B", money=5, morale=4, hand=3,
         generals=[("gbr_marlborough", "Duke of Marlborough", "england", 4),
                   ("gbr_galway", "Earl of Galway", None, 2),
                   ("gbr_peterborough", "Earl of Peterborough", None, 2)],
         garrisons=["england", "scotland", "ireland"],
         fortresses=["england"]),
    dict(id="FRA", name="France", major=True, colour=(40, 70, 170),
         capital="ile_de_france", dial=2, status="A", money=5, morale=4, hand=3,
         generals=[("fra_villars", "Marshal Villars", "alsace", 3),
                   ("fra_vendome", "Duke of Vendome", "burgundy", 3),
                   ("fra_boufflers", "Marshal Boufflers", "flanders", 3),
                   ("fra_berwick", "Duke of Berwick", None, 2)],
         garrisons=["ile_de_france", "champagne", "burgundy", "guyenne", "alsace", "flanders"],
         fortresses=["ile_de_france", "flanders"]),
    dict(id="AUS", name="The Austrian Habsburgs", major=True, colour=(235, 200, 50),
         capital="austria", dial=3, status="B", money=3, morale=4, hand=3, emperor=True,
         generals=[("aus_eugene", "Prince Eugene of Savoy", "tyrol", 4),
                   ("aus_baden", "Louis William of Baden", "austria", 3),
                   ("aus_starhemberg", "Guido Starhemberg", None, 2)],
         garrisons=["austria", "bohemia", "silesia", "tyrol", "hungary"],
         fortresses=["austria"]),
    dict(id="NED", name="The Dutch Republic", major=True, colour=(240, 130, 20),
         capital="holland", dial=1, status="B", money=5, morale=3, hand=2,
         generals=[("ned_overkirk", "Count of Overkirk", "holland", 3),
                   ("ned_athlone", "Earl of Athlone", "gelderland", 2)],
         garrisons=["holland", "gelderland", "friesland"],
         fortresses=["holland"]),
    dict(id="SWE", name="Sweden", major=True, colour=(90, 170, 230),
         capital="sweden", dial=4, status="E", money=3, morale=5, hand=3,
         generals=[("swe_charles_xii", "Charles XII", "livonia", 4),
                   ("swe_rehnskiold", "Carl Gustaf Rehnskiold", "pomerania", 3),
                   ("swe_lewenhaupt", "Adam Ludwig Lewenhaupt", None, 2)],
         garrisons=["sweden", "finland", "pomerania", "livonia"],
         fortresses=["sweden", "livonia"]),
    dict(id="RUS", name="Russia", major=True, colour=(40, 110, 60),
         capital="muscovy", dial=5, status="E", money=3, morale=4, hand=2,
         generals=[("rus_peter", "Peter I", "novgorod", 3),
                   ("rus_sheremetev", "Boris Sheremetev", "muscovy", 3),
                   ("rus_menshikov", "Alexander Menshikov", None, 2)],
         garrisons=["muscovy", "novgorod", "smolensk", "ukraine"],
         fortresses=["muscovy"]),
    dict(id="TUR", name="The Ottoman Empire", major=True, colour=(130, 200, 90),
         capital="thrace", dial=1, status="N", money=4, morale=3, hand=2,
         generals=[("tur_baltaci", "Baltaci Mehmed Pasha", "rumelia", 3),
                   ("tur_silahdar", "Silahdar Ali Pasha", "serbia", 3)],
         garrisons=["thrace", "rumelia", "serbia", "moldavia"],
         fortresses=["thrace"]),
    dict(id="SPA", name="Spain", major=False, colour=(150, 95, 40),
         capital="castile", dial=0, status="N", money=3, morale=3, hand=1,
         generals=[("spa_villadarias", "Marquis of Villadarias", "andalusia", 2)],
         garrisons=["castile", "andalusia", "catalonia", "brabant", "naples"],
         fortresses=[]),
    dict(id="BAV", name="Bavaria and Cologne", major=False, colour=(60, 150, 150),
         capital="bavaria", dial=0, status="N", money=3, morale=4, hand=1,
         generals=[("bav_max_emanuel", "Maximilian II Emanuel", "bavaria", 3),
                   ("bav_arco", "Count Arco", "cologne", 2)],
         garrisons=["bavaria", "cologne"],
         fortresses=["bavaria"]),
    dict(id="POL", name="Saxony-Poland", major=False, colour=(230, 150, 170),
         capital="masovia", dial=0, status="N", money=3, morale=3, hand=2,
         generals=[("pol_augustus", "Augustus II", "saxony", 3),
                   ("pol_flemming", "Jacob Heinrich von Flemming", "masovia", 2)],
         garrisons=["masovia", "lesser_poland", "saxony", "lithuania"],
         fortresses=["saxony"]),
    dict(id="DEN", name="Denmark-Norway", major=False, colour=(110, 40, 110),
         capital="zealand", dial=0, status="N", money=3, morale=3, hand=1,
         generals=[("den_frederick", "Frederick IV", "zealand", 3),
                   ("den_scholten", "Jobst von Scholten", "jutland", 2)],
         garrisons=["zealand", "jutland", "norway"],
         fortresses=["zealand"]),
    dict(id="SAV", name="Savoy", major=False, colour=(160, 130, 210),
         capital="piedmont", dial=0, status="N", money=3, morale=3, hand=1,
         generals=[("sav_victor_amadeus", "Victor Amadeus II", "piedmont", 3)],
         garrisons=["piedmont", "savoy"],
         fortresses=["piedmont"]),
]

S1702 = dict(
    file="rde_1702.ron",
    id="1702",
    name="1702: The Spanish Succession and the Great Northern War",
    description=(
        "Europe, 1702. The last Habsburg king of Spain has died and left his empire to a grandson "
        "of Louis XIV; Britain, the Dutch and the Emperor have joined in a Grand Alliance to keep "
        "the crowns of France and Spain apart. In the north the young Charles XII of Sweden has "
        "beaten Denmark and the Russians at Narva and now hunts Augustus of Saxony through "
        "Poland, while Peter of Russia rebuilds his army and the Sultan watches both wars."
    ),
    victory=25,
    max_rounds=12,
    dial=["Muster", "Taxation", "LeadershipAndSubsidise", "Mobilisation", "GainInfluence",
          "Movement"],
    round_keeper="GBR",
    election_before="FRA",
    coalitions=("Bourbon Alliance", "Grand Alliance"),
    electors=9,
    territories=T1702,
    lanes=L1702,
    powers=P1702,
    header=[
        "The War of the Spanish Succession and the Great Northern War: seven Major Powers",
        "(Britain, France, Austria, the Dutch Republic, Sweden, Russia, the Ottomans) and five",
        "Minor ones (Spain, Bavaria and Cologne, Saxony-Poland, Denmark-Norway, Savoy).",
    ],
)

SCENARIOS = [S1618, S1702]

# ----------------------------------------------------------------------------------------------
# Geography
# ----------------------------------------------------------------------------------------------


def load_land():
    """The land polygons as lists of rings (each ring a list of (lon, lat)), with bounding boxes."""
    for path in GEO_CANDIDATES:
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                data = json.load(f)
            polys = []
            for feature in data["features"]:
                geom = feature["geometry"]
                if geom["type"] == "Polygon":
                    parts = [geom["coordinates"]]
                elif geom["type"] == "MultiPolygon":
                    parts = geom["coordinates"]
                else:
                    continue
                for rings in parts:
                    rings = [[(float(x), float(y)) for x, y in ring] for ring in rings]
                    xs = [p[0] for p in rings[0]]
                    ys = [p[1] for p in rings[0]]
                    polys.append(((min(xs), min(ys), max(xs), max(ys)), rings))
            return path, polys
    return None, []


def in_rings(rings, x, y):
    """Even-odd ray casting over every ring of one polygon (holes included)."""
    inside = False
    for ring in rings:
        n = len(ring)
        j = n - 1
        for i in range(n):
            xi, yi = ring[i]
            xj, yj = ring[j]
            if (yi > y) != (yj > y):
                cross = xi + (y - yi) * (xj - xi) / (yj - yi)
                if x < cross:
                    inside = not inside
            j = i
    return inside


def on_land(polys, lon, lat):
    for (x0, y0, x1, y1), rings in polys:
        if x0 <= lon <= x1 and y0 <= lat <= y1 and in_rings(rings, lon, lat):
            return True
    return False


def km(a, b):
    """Great-circle distance between two (lon, lat) points."""
    lon1, lat1 = map(math.radians, a)
    lon2, lat2 = map(math.radians, b)
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def sea_within(polys, at, radius_km):
    """Whether some point within radius_km of `at` is sea (a rough coastal test)."""
    lon, lat = at
    for r in range(25, int(radius_km) + 1, 25):
        for step in range(24):
            ang = 2 * math.pi * step / 24
            dlat = r * math.cos(ang) / 111.2
            dlon = r * math.sin(ang) / (111.2 * math.cos(math.radians(lat)))
            if not on_land(polys, lon + dlon, lat + dlat):
                return True
    return False


# ----------------------------------------------------------------------------------------------
# Checks
# ----------------------------------------------------------------------------------------------


def parse_kind(kind):
    if kind == "U":
        return ("U", [])
    tag, rest = kind.split(":", 1)
    return (tag, rest.split("/"))


def check(s, polys):
    """Every check the brief asks for; returns a list of error strings (empty when sound)."""
    errs = []
    terrs = {t[0]: t for t in s["territories"]}
    powers = {p["id"]: p for p in s["powers"]}
    lanes = s["lanes"]
    tag = s["id"]

    def err(msg):
        errs.append(f"{tag}: {msg}")

    # Unique ids.
    for what, ids in (("territory", [t[0] for t in s["territories"]]),
                      ("sea lane", [l[0] for l in lanes]),
                      ("power", [p["id"] for p in s["powers"]]),
                      ("general", [g[0] for p in s["powers"] for g in p["generals"]])):
        seen = set()
        for i in ids:
            if i in seen:
                err(f"{what} id {i!r} used twice")
            seen.add(i)
    names = [t[1] for t in s["territories"]]
    if len(set(names)) != len(names):
        err("two territories share a name")

    # Scenario-level references.
    for field in ("round_keeper", "election_before"):
        if s[field] not in powers:
            err(f"{field} {s[field]!r} is no Power")
    if len(set(s["dial"])) != len(s["dial"]):
        err("a dial segment appears twice")

    # Territories: kinds, values, borders.
    borders = set()
    for tid, name, kind, value, at, adj, elector in s["territories"]:
        k, who = parse_kind(kind)
        if k not in ("H", "U", "D"):
            err(f"{tid}: unknown kind {kind!r}")
        if k == "H" and len(who) != 1:
            err(f"{tid}: a Home names one Power")
        if k == "D" and not (1 <= len(who) <= 2 and len(set(who)) == len(who)):
            err(f"{tid}: Disputed stripes name 1 or 2 distinct Powers")
        for w in who:
            if w not in powers:
                err(f"{tid}: kind names unknown Power {w!r}")
        if not 1 <= value <= 3:
            err(f"{tid}: value {value} not in 1-3")
        if not (-30 <= at[0] <= 60 and 25 <= at[1] <= 72):
            err(f"{tid}: at {at} is outside Europe")
        elif polys and not on_land(polys, *at):
            err(f"{tid}: at {at} is not on land")
        for a in adj:
            if a == tid:
                err(f"{tid}: borders itself")
                continue
            if a not in terrs:
                err(f"{tid}: adjacent {a!r} does not exist")
                continue
            key = tuple(sorted((tid, a)))
            if key in borders:
                err(f"border {key} written twice")
            borders.add(key)
            d = km(at, terrs[a][4])
            if d > MAX_BORDER_KM:
                err(f"border {tid}-{a} is {d:.0f} km long")
    electors = sum(1 for t in s["territories"] if t[6])
    if electors != s["electors"]:
        err(f"{electors} electors, expected {s['electors']}")

    # Sea lanes.
    lane_pairs = set()
    for lid, lname, a, b in lanes:
        for e in (a, b):
            if e not in terrs:
                err(f"lane {lid}: end {e!r} does not exist")
        if a == b:
            err(f"lane {lid}: both ends are {a}")
        key = tuple(sorted((a, b)))
        if key in lane_pairs:
            err(f"lane {lid}: another lane joins the same ends")
        lane_pairs.add(key)
        if key in borders:
            err(f"lane {lid}: its ends already share a land border")
        for e in (a, b):
            if e in terrs and polys and not sea_within(polys, terrs[e][4], 400):
                err(f"lane {lid}: {e} lies far from any sea")
    if not 8 <= len(lanes) <= 14:
        err(f"{len(lanes)} sea lanes, expected 8-14")

    # Connected through land borders and sea lanes.
    graph = {t: set() for t in terrs}
    for a, b in borders | lane_pairs:
        if a in graph and b in graph:
            graph[a].add(b)
            graph[b].add(a)
    start = next(iter(terrs))
    seen = {start}
    todo = [start]
    while todo:
        for n in graph[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(terrs):
        err(f"not connected: cut off {sorted(set(terrs) - seen)}")

    # Powers.
    dial_len = len(s["dial"])
    garrisoned = {}
    major_dials = []
    colours = []
    for p in s["powers"]:
        pid = p["id"]
        homes = [t[0] for t in s["territories"] if t[2] == f"H:{pid}"]
        n_min, n_max = (3, 6) if p["major"] else (2, 3)
        if not n_min <= len(homes) <= n_max:
            err(f"{pid}: {len(homes)} Home territories, expected {n_min}-{n_max}")
        if p["capital"] not in homes:
            err(f"{pid}: capital {p['capital']!r} is not one of its Homes")
        if not 0 <= p["dial"] < dial_len:
            err(f"{pid}: dial_start {p['dial']} outside the dial")
        if p["major"]:
            major_dials.append(p["dial"])
        elif p["dial"] != 0:
            err(f"{pid}: a Minor without a controller starts on Muster")
        if p["status"] not in ("A", "B", "N", "E"):
            err(f"{pid}: unknown status {p['status']!r}")
        if not 2 <= p["money"] <= 5:
            err(f"{pid}: money {p['money']} outside 2-5")
        if not 3 <= p["morale"] <= 5:
            err(f"{pid}: morale {p['morale']} outside 3-5")
        h_min, h_max = (2, 3) if p["major"] else (1, 2)
        if not h_min <= p["hand"] <= h_max:
            err(f"{pid}: hand {p['hand']} outside {h_min}-{h_max}")
        g_min, g_max = (2, 4) if p["major"] else (1, 2)
        if not g_min <= len(p["generals"]) <= g_max:
            err(f"{pid}: {len(p['generals'])} generals, expected {g_min}-{g_max}")
        f_max = 2 if p["major"] else 1
        if not (1 if p["major"] else 0) <= len(p["fortresses"]) <= f_max:
            err(f"{pid}: {len(p['fortresses'])} fortresses")
        if p.get("emperor") and not p["major"]:
            err(f"{pid}: a Minor holds the crown")
        for g in p["garrisons"]:
            if g not in terrs:
                err(f"{pid}: garrison in unknown {g!r}")
                continue
            if g in garrisoned:
                err(f"{g}: garrisons of {garrisoned[g]} and {pid}")
            garrisoned[g] = pid
            k, who = parse_kind(terrs[g][2])
            if k == "H" and who[0] != pid:
                err(f"{pid}: garrison in {g}, a Home of {who[0]}")
        if len(set(p["garrisons"])) != len(p["garrisons"]):
            err(f"{pid}: a garrison listed twice")
        mine = set(homes) | set(p["garrisons"])
        for f in p["fortresses"]:
            if f not in terrs:
                err(f"{pid}: fortress in unknown {f!r}")
            elif f not in p["garrisons"]:
                err(f"{pid}: fortress in {f} without its Garrison")
        for gid, gname, at, units in p["generals"]:
            if not gid.startswith(pid.lower() + "_"):
                err(f"{pid}: general id {gid!r} lacks the power prefix")
            if not 1 <= units <= dict(HOUSE)["max_units"]:
                err(f"{gid}: {units} units")
            if at is not None:
                if at not in terrs:
                    err(f"{gid}: starts in unknown {at!r}")
                elif at not in mine:
                    err(f"{gid}: starts in {at}, neither a Home nor a Garrison of {pid}")
        for other in colours:
            d = math.dist(other[1], p["colour"])
            if d < 60:
                err(f"colours of {other[0]} and {pid} too close ({d:.0f})")
        colours.append((pid, p["colour"]))
    if sum(1 for p in s["powers"] if p.get("emperor")) != 1:
        err("exactly one Power starts as Emperor")
    keeper = powers.get(s["round_keeper"])
    if keeper and keeper["dial"] != 0:
        err("the round keeper starts on Muster")
    front = powers.get(s["election_before"])
    if front and front["dial"] == 0:
        err("the Power the election precedes should not start on Muster")
    # As many different segments as the dial allows.
    if len(set(major_dials)) != min(len(major_dials), dial_len):
        err(f"majors' dial starts {sorted(major_dials)} share more than they must")
    return errs


# ----------------------------------------------------------------------------------------------
# RON
# ----------------------------------------------------------------------------------------------


def q(text):
    return json.dumps(text, ensure_ascii=False)


def ron_kind(kind):
    k, who = parse_kind(kind)
    if k == "H":
        return f"Home({q(who[0])})"
    if k == "U":
        return "Undisputed"
    return "Disputed([" + ", ".join(q(w) for w in who) + "])"


def ron_status(status):
    return {"A": "Coalition(A)", "B": "Coalition(B)", "N": "Neutral", "E": "Expansionist"}[status]


def ron_opt(value):
    return "None" if value is None else f"Some({q(value)})"


def ron_list(items):
    return "[" + ", ".join(q(i) for i in items) + "]"


def to_ron(s):
    out = []
    w = out.append
    w(f"// Raison d'Etat: the {s['id']} scenario.")
    for line in s["header"]:
        w(f"// {line}")
    w("// GENERATED by tools/rde_maps.py, which holds the map and the Powers as tables and checks")
    w("// them (references, borders against real distances, land points, connectivity); edit the")
    w("// tables there and re-run the tool rather than editing this file by hand.")
    w("// Territories sit at real towns (lon, lat); coastlines checked against Natural Earth")
    w("// (public domain), via world-atlas 2.0.2 (ISC).")
    w("Scenario(")
    w("    ruleset: RaisonDEtat,")
    w(f"    id: {q(s['id'])},")
    w(f"    name: {q(s['name'])},")
    w(f"    description: {q(s['description'])},")
    w(f"    victory: {s['victory']},")
    w(f"    max_rounds: {s['max_rounds']},")
    w(f"    dial: [{', '.join(s['dial'])}],")
    w(f"    round_keeper: {q(s['round_keeper'])},")
    w(f"    election_before: {q(s['election_before'])},")
    w(f"    coalitions: ({q(s['coalitions'][0])}, {q(s['coalitions'][1])}),")
    w("    house: HouseRules(")
    for k, v in HOUSE:
        w(f"        {k}: {v},")
    w("    ),")
    w("    deck: [")
    for value, count in DECK:
        w(f"        CardCount(value: {value}, count: {count}),")
    w("    ],")
    w("")
    w("    // ------------------------------------------------------------------------------------")
    w("    // Powers: the Majors, then the Minors (no controller until their first Muster).")
    w("    // ------------------------------------------------------------------------------------")
    w("    powers: [")
    for p in s["powers"]:
        w("        PowerDef(")
        w(f"            id: {q(p['id'])},")
        w(f"            name: {q(p['name'])},")
        w(f"            major: {'true' if p['major'] else 'false'},")
        w(f"            colour: ({p['colour'][0]}, {p['colour'][1]}, {p['colour'][2]}),")
        w(f"            capital: {q(p['capital'])},")
        w(f"            dial_start: {p['dial']},")
        w(f"            status: {ron_status(p['status'])},")
        w(f"            money: {p['money']},")
        w(f"            morale: {p['morale']},")
        w("            influence: 0,")
        w(f"            hand: {p['hand']},")
        w("            controller: None,")
        w(f"            emperor: {'true' if p.get('emperor') else 'false'},")
        w("            generals: [")
        for gid, gname, at, units in p["generals"]:
            w(f"                GeneralDef(id: {q(gid)}, name: {q(gname)}, at: {ron_opt(at)}, "
              f"units: {units}),")
        w("            ],")
        w(f"            garrisons: {ron_list(p['garrisons'])},")
        w(f"            fortresses: {ron_list(p['fortresses'])},")
        w("        ),")
    w("    ],")
    w("")
    w("    // ------------------------------------------------------------------------------------")
    w("    // Territories: at = (longitude, latitude) of a real town; a border is written once.")
    w("    // ------------------------------------------------------------------------------------")
    w("    territories: [")
    for tid, name, kind, value, at, adj, elector in s["territories"]:
        line = (f"        TerritoryDef(id: {q(tid)}, name: {q(name)}, kind: {ron_kind(kind)}, "
                f"value: {value}, at: ({at[0]:.2f}, {at[1]:.2f}), adjacent: {ron_list(adj)}")
        if elector:
            line += ", elector: true"
        w(line + "),")
    w("    ],")
    w("")
    w("    sea_lanes: [")
    for lid, lname, a, b in s["lanes"]:
        w(f"        SeaLaneDef(id: {q(lid)}, name: {q(lname)}, ends: ({q(a)}, {q(b)})),")
    w("    ],")
    w(")")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------------
# Summary and main
# ----------------------------------------------------------------------------------------------


def summary(s):
    terrs = s["territories"]
    kinds = {"H": 0, "U": 0, "D": 0}
    for t in terrs:
        kinds[parse_kind(t[2])[0]] += 1
    borders = sum(len(t[5]) for t in terrs)
    lines = [f"{s['id']} {s['name']!r}: {len(terrs)} territories "
             f"({kinds['H']} home, {kinds['D']} disputed, {kinds['U']} undisputed), "
             f"{borders} land borders, {len(s['lanes'])} sea lanes, "
             f"{sum(1 for t in terrs if t[6])} electors, "
             f"{sum(1 for p in s['powers'] if p['major'])} majors + "
             f"{sum(1 for p in s['powers'] if not p['major'])} minors"]
    for p in s["powers"]:
        pid = p["id"]
        homes = [t for t in terrs if t[2] == f"H:{pid}"]
        stripes = [t for t in terrs if t[2].startswith("D:") and pid in parse_kind(t[2])[1]]
        units = sum(g[3] for g in p["generals"])
        lines.append(
            f"  {pid} {'major' if p['major'] else 'minor'} dial {p['dial']} "
            f"{ron_status(p['status']):13} homes {len(homes)} (value {sum(t[3] for t in homes)}), "
            f"stripes {len(stripes)} (value {sum(t[3] for t in stripes)}), "
            f"garrisons {len(p['garrisons'])}, generals {len(p['generals'])} ({units} units)")
    return "\n".join(lines)


def main(argv):
    mode = argv[1] if len(argv) > 1 else "--write"
    if mode not in ("--write", "--check", "--print"):
        print(__doc__)
        return 2
    geo, polys = load_land()
    if not polys:
        print("warning: no coastline file found; land checks skipped", file=sys.stderr)
    errors = []
    for s in SCENARIOS:
        errors += check(s, polys)
    if errors:
        for e in errors:
            print("error:", e, file=sys.stderr)
        return 1
    for s in SCENARIOS:
        text = to_ron(s)
        if mode == "--print":
            sys.stdout.write(text)
        elif mode == "--write":
            path = os.path.join(ROOT, "scenarios", s["file"])
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"wrote {os.path.relpath(path, ROOT)}", file=sys.stderr)
        if mode != "--print":
            print(summary(s))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
