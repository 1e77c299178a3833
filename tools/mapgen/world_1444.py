"""The 1444 map table: frames (projections), areas, provinces, sea zones, realms.

Everything here is plain data; `mapgen.py` turns it into geometry and writes
`scenarios/1444.ron`. Coordinates are real (longitude, latitude) in degrees:
a province's site is its main town (or the middle of its land where the town
sits on the coast), extra `seeds` shape large provinces, and `WILD` seeds mark
land that is no province (drawn as backdrop).
"""

import math

# ---------------------------------------------------------------------------
# Frames. Each frame projects a lon/lat box onto the board with a plain
# equirectangular projection:
#   x = (lon - lon_min) * cos(ref_lat) * scale + ox
#   y = (lat - lat_min) * scale + oy          (y grows northwards)
# Europe is the main board; the distant continents are insets around it.
# ---------------------------------------------------------------------------
FRAMES = {
    "europe": dict(land="europe_land_50m.geojson", lon=(-13.0, 44.0), lat=(29.0, 62.0),
                   ref_lat=48.0, scale=40.0, ox=0.0, oy=0.0),
    "americas": dict(land="world_land_110m.geojson", lon=(-106.0, -30.0), lat=(-38.0, 52.0),
                     ref_lat=15.0, scale=12.0, ox=-922.0, oy=120.0),
    "africa": dict(land="world_land_110m.geojson", lon=(-20.0, 26.0), lat=(-37.0, 22.0),
                   ref_lat=8.0, scale=10.0, ox=40.0, oy=-630.0),
    "india": dict(land="world_land_110m.geojson", lon=(62.0, 130.0), lat=(-11.0, 30.0),
                  ref_lat=10.0, scale=9.0, ox=920.0, oy=-409.0),
}

CONTINENT_FRAME = {
    "europe": "europe",
    "north_america": "americas",
    "south_america": "americas",
    "africa": "africa",
    "india": "india",
    "east_indies": "india",
}


def project(frame, lon, lat):
    f = FRAMES[frame]
    k = math.cos(math.radians(f["ref_lat"])) * f["scale"]
    return ((lon - f["lon"][0]) * k + f["ox"], (lat - f["lat"][0]) * f["scale"] + f["oy"])


# ---------------------------------------------------------------------------
# Realms
# ---------------------------------------------------------------------------
def R(id, name, kind, colour, capital, religion, ruler=None, dynamic=False, discovered=(), advisors=()):
    return dict(id=id, name=name, kind=kind, colour=colour, capital=capital, religion=religion,
                ruler=ruler, dynamic=dynamic, discovered=list(discovered), advisors=list(advisors))


P_, N_ = "Player", "NonPlayer"
CAT, ORT, SUN, PAG = "Catholic", "Orthodox", "Sunni", "Pagan"

REALMS = [
    # Player Realms
    R("FRA", "France", P_, (44, 72, 180), "paris", CAT, ruler="charles_vii"),
    R("ENG", "England", P_, (200, 36, 48), "london", CAT, ruler="henry_vi"),
    R("CAS", "Castile", P_, (236, 196, 44), "toledo", CAT, ruler="juan_ii"),
    R("POR", "Portugal", P_, (34, 132, 70), "lisbon", CAT, ruler="afonso_v", discovered=["africa"]),
    R("HAB", "Austria", P_, (238, 236, 226), "vienna", CAT, ruler="frederick_iii"),
    R("TUR", "Ottomans", P_, (150, 186, 72), "edirne", SUN, ruler="murad_ii"),
    # Non-Player Realms: British Isles and France
    R("SCO", "Scotland", N_, (100, 84, 168), "lothian", CAT),
    R("IRL", "Gaelic Ireland", N_, (136, 204, 146), "munster", CAT),
    R("BRI", "Brittany", N_, (112, 112, 112), "nantes", CAT),
    R("PRO", "Provence", N_, (232, 156, 196), "provence", CAT),
    R("BUR", "Burgundy", N_, (150, 62, 112), "dijon", CAT, dynamic=True),
    R("LOR", "Lorraine", N_, (204, 192, 120), "lorraine", CAT),
    # Holy Roman Empire
    R("KOL", "Cologne", N_, (184, 184, 232), "cologne", CAT),
    R("PAL", "the Palatinate", N_, (136, 178, 204), "palatinate", CAT),
    R("HES", "Hesse", N_, (104, 152, 104), "hesse", CAT),
    R("HSA", "the Hansa", N_, (176, 112, 92), "lubeck", CAT),
    R("BRU", "Brunswick", N_, (212, 164, 112), "brunswick", CAT),
    R("BRA", "Brandenburg", N_, (92, 112, 146), "berlin", CAT),
    R("POM", "Pomerania", N_, (152, 204, 214), "pomerania", CAT),
    R("MKL", "Mecklenburg", N_, (204, 124, 64), "mecklenburg", CAT),
    R("SAX", "Saxony", N_, (112, 192, 182), "meissen", CAT),
    R("BAV", "Bavaria", N_, (122, 172, 224), "munich", CAT),
    R("WUR", "Wurttemberg", N_, (204, 204, 84), "wurttemberg", CAT),
    R("SWI", "the Swiss Confederation", N_, (194, 112, 112), "switzerland", CAT),
    R("SAV", "Savoy", N_, (172, 152, 204), "savoy", CAT),
    R("BOH", "Bohemia", N_, (192, 172, 132), "prague", CAT, dynamic=True),
    # Italy
    R("MLO", "Milan", N_, (232, 124, 92), "milan", CAT),
    R("GEN", "Genoa", N_, (204, 84, 134), "genoa", CAT),
    R("VEN", "Venice", N_, (64, 168, 160), "venice", CAT),
    R("FLO", "Florence", N_, (152, 92, 182), "florence", CAT),
    R("SIE", "Siena", N_, (232, 204, 152), "siena", CAT),
    R("PAP", "the Papal States", N_, (250, 232, 156), "rome", CAT),
    R("NAP", "Naples", N_, (104, 182, 232), "naples", CAT),
    # Iberia and the Maghreb
    R("ARA", "Aragon", N_, (232, 152, 52), "zaragoza", CAT),
    R("NAV", "Navarre", N_, (172, 82, 82), "navarre", CAT),
    R("GRA", "Granada", N_, (142, 204, 92), "granada", SUN),
    R("MOR", "Morocco", N_, (192, 122, 72), "fez", SUN),
    R("TLE", "Tlemcen", N_, (204, 174, 124), "tlemcen", SUN),
    R("TUN", "Tunis", N_, (164, 142, 92), "tunis", SUN),
    R("MAM", "the Mamluks", N_, (224, 204, 104), "cairo", SUN, dynamic=True),
    # Balkans and the East
    R("BYZ", "Byzantium", N_, (132, 44, 124), "constantinople", ORT),
    R("ALB", "Albania", N_, (184, 54, 54), "albania", CAT),
    R("SER", "Serbia", N_, (172, 104, 104), "serbia", ORT),
    R("BOS", "Bosnia", N_, (112, 132, 184), "bosnia", CAT),
    R("RAG", "Ragusa", N_, (222, 184, 204), "ragusa", CAT),
    R("WAL", "Wallachia", N_, (152, 152, 64), "wallachia", ORT),
    R("MOL", "Moldavia", N_, (212, 164, 64), "moldavia", ORT),
    R("HUN", "Hungary", N_, (162, 192, 112), "buda", CAT, dynamic=True),
    R("POL", "Poland", N_, (240, 132, 152), "krakow", CAT, dynamic=True),
    R("TEU", "the Teutonic Order", N_, (152, 152, 152), "konigsberg", CAT),
    R("LIV", "the Livonian Order", N_, (184, 204, 204), "riga", CAT),
    R("LIT", "Lithuania", N_, (184, 212, 92), "vilnius", CAT),
    R("NOV", "Novgorod", N_, (172, 122, 164), "novgorod", ORT),
    R("MOS", "Muscovy", N_, (124, 102, 64), "moscow", ORT, dynamic=True),
    R("TVE", "Tver", N_, (152, 192, 162), "tver", ORT),
    R("RYA", "Ryazan", N_, (204, 142, 142), "ryazan", ORT),
    R("CRI", "Crimea", N_, (212, 192, 64), "crimea", SUN),
    # Scandinavia
    R("DAN", "Denmark", N_, (184, 42, 92), "zealand", CAT),
    R("NOR", "Norway", N_, (92, 132, 192), "oslo", CAT),
    R("SWE", "Sweden", N_, (72, 152, 222), "stockholm", CAT),
    # Anatolia and the islands
    R("KAR", "Karaman", N_, (172, 132, 82), "konya", SUN),
    R("DUL", "Dulkadir", N_, (142, 162, 112), "marash", SUN),
    R("CND", "Candar", N_, (112, 162, 142), "sinop", SUN),
    R("TRE", "Trebizond", N_, (192, 92, 172), "trebizond", ORT),
    R("KNI", "the Knights of Rhodes", N_, (124, 62, 62), "rhodes", CAT),
    R("CYP", "Cyprus", N_, (232, 222, 202), "cyprus", CAT),
    # Distant lands
    R("IRO", "the Haudenosaunee", N_, (142, 112, 82), "iroquoia", PAG),
    R("AZT", "the Aztecs", N_, (202, 152, 62), "mexico", PAG),
    R("MAY", "the Maya", N_, (122, 172, 112), "yucatan", PAG),
    R("INC", "the Inca", N_, (232, 192, 72), "cusco", PAG),
    R("JOL", "Jolof", N_, (182, 152, 112), "senegal", PAG),
    R("MAL", "Mali", N_, (212, 182, 92), "mali", SUN),
    R("BEN", "Benin", N_, (172, 112, 72), "benin", PAG),
    R("KON", "Kongo", N_, (162, 92, 92), "kongo", PAG),
    R("GUJ", "Gujarat", N_, (202, 142, 172), "gujarat", SUN),
    R("BAH", "the Bahmanis", N_, (92, 162, 92), "bidar", SUN),
    R("VIJ", "Vijayanagara", N_, (222, 112, 62), "vijayanagar", PAG),
    R("CLC", "Calicut", N_, (162, 192, 212), "calicut", PAG),
    R("KOT", "Kotte", N_, (122, 142, 202), "ceylon", PAG),
    R("BNG", "Bengal", N_, (122, 192, 122), "bengal", SUN),
    R("MLC", "Malacca", N_, (202, 202, 122), "malacca", SUN),
    R("MAJ", "Majapahit", N_, (182, 92, 62), "java", PAG),
]

# ---------------------------------------------------------------------------
# Areas
# ---------------------------------------------------------------------------
def A(id, name, continent="europe", religion=CAT):
    return dict(id=id, name=name, continent=continent, distant=continent != "europe", religion=religion)


AREAS = [
    A("england", "England"), A("scotland", "Scotland"), A("ireland", "Ireland"),
    A("ile_de_france", "Ile-de-France"), A("normandy", "Normandy"), A("brittany", "Brittany"),
    A("loire", "Loire"), A("guyenne", "Guyenne"), A("languedoc", "Languedoc"),
    A("provence_and_lyonnais", "Provence and Lyonnais"), A("burgundy", "Burgundy and Lorraine"),
    A("low_countries", "Low Countries"),
    A("rhineland", "Rhineland"), A("north_germany", "Northern Germany"),
    A("brandenburg", "Brandenburg and Pomerania"), A("saxony", "Saxony"),
    A("south_germany", "Southern Germany"), A("austria", "Austria"), A("alps", "Switzerland and Savoy"),
    A("bohemia", "Bohemia"),
    A("lombardy", "Lombardy"), A("veneto", "Veneto"), A("tuscany", "Tuscany"),
    A("papal_states", "Papal States"), A("naples_area", "Naples"), A("sicily_and_sardinia", "Sicily and Sardinia"),
    A("aragon", "Aragon"), A("galicia_and_asturias", "Galicia and Asturias"), A("old_castile", "Old Castile"),
    A("new_castile", "New Castile"), A("andalusia", "Andalusia"), A("granada_area", "Granada", religion=SUN),
    A("portugal", "Portugal"),
    A("morocco", "Morocco", religion=SUN), A("algeria", "Tlemcen and Bejaia", religion=SUN),
    A("ifriqiya", "Ifriqiya", religion=SUN), A("egypt", "Egypt", religion=SUN), A("syria", "Syria", religion=SUN),
    A("greece", "Greece", religion=ORT), A("thrace", "Thrace", religion=ORT),
    A("macedonia", "Macedonia", religion=ORT), A("serbia_and_bosnia", "Serbia and Bosnia", religion=ORT),
    A("hungary", "Hungary"), A("danubia", "Wallachia and Moldavia", religion=ORT),
    A("poland", "Poland"), A("prussia", "Prussia"), A("livonia", "Livonia"),
    A("lithuania", "Lithuania"), A("novgorod_area", "Novgorod", religion=ORT),
    A("muscovy", "Muscovy", religion=ORT), A("crimea_area", "Crimea", religion=SUN),
    A("denmark", "Denmark"), A("norway", "Norway"), A("sweden", "Sweden"), A("finland", "Finland"),
    A("west_anatolia", "Western Anatolia", religion=SUN), A("central_anatolia", "Central Anatolia", religion=SUN),
    A("pontus", "Pontus", religion=SUN), A("eastern_isles", "Crete, Rhodes and Cyprus", religion=ORT),
    # distant
    A("canada", "Canada", "north_america", PAG), A("new_england", "New England", "north_america", PAG),
    A("chesapeake", "Chesapeake and Florida", "north_america", PAG),
    A("new_spain", "Mexico", "north_america", PAG),
    A("antilles", "Antilles", "south_america", PAG), A("spanish_main", "Spanish Main", "south_america", PAG),
    A("brazil", "Brazil", "south_america", PAG), A("la_plata", "La Plata", "south_america", PAG),
    A("peru", "Peru", "south_america", PAG),
    A("senegambia", "Senegambia", "africa", PAG), A("guinea", "Guinea Coast", "africa", PAG),
    A("kongo_area", "Kongo", "africa", PAG), A("cape_of_good_hope", "Cape of Good Hope", "africa", PAG),
    A("india_west", "Gujarat and the Deccan", "india", SUN), A("india_south", "Malabar and Ceylon", "india", PAG),
    A("bengal_area", "Bengal", "india", SUN), A("east_indies", "East Indies", "east_indies", PAG),
]

# Exploration numbers of the distant areas (the Territories the exploration die names).
EXPLORE = {
    "canada": 1, "new_england": 2, "chesapeake": 3, "new_spain": 2, "antilles": 1,
    "spanish_main": 3, "brazil": 2, "la_plata": 3, "peru": 3, "senegambia": 1, "guinea": 1,
    "kongo_area": 2, "cape_of_good_hope": 3, "india_west": 2, "india_south": 3,
    "bengal_area": 3, "east_indies": 3,
}

# ---------------------------------------------------------------------------
# Provinces. port: None (no port), True (pick the touching sea with the
# longest coast), or a sea id (must touch).
# ---------------------------------------------------------------------------
def P(id, name, area, lon, lat, size="S", terrain="Plains", owner=None, port=None, cores=None,
      holding=None, religion=None, island=False, large_port=False, seeds=()):
    if holding is None:
        holding = "Town" if owner else "None"
    if cores is None:
        cores = [owner] if owner else []
    return dict(id=id, name=name, area=area, lon=lon, lat=lat, size="Large" if size == "L" else "Small",
                terrain=terrain, owner=owner, port=port, cores=cores, holding=holding,
                religion=religion, island=island, large_port=large_port, seeds=list(seeds))


L = "L"
PROVINCES = [
    # British Isles
    P("london", "London", "england", -0.12, 51.51, L, "Plains", "ENG", True, large_port=True),
    P("wessex", "Wessex", "england", -2.6, 50.9, "S", "Hills", "ENG", True, seeds=[(-4.6, 50.5)]),
    P("wales", "Wales", "england", -3.7, 52.3, "S", "Hills", "ENG", True),
    P("york", "York", "england", -1.6, 54.2, L, "Plains", "ENG", True),
    P("lothian", "Lothian", "scotland", -3.19, 55.85, "S", "Hills", "SCO", True),
    P("highlands", "Highlands", "scotland", -4.6, 57.3, "S", "Mountains", "SCO", True),
    P("dublin", "The Pale", "ireland", -6.4, 53.4, "S", "Plains", "ENG", "irish_sea"),
    P("munster", "Munster", "ireland", -8.7, 52.4, "S", "Hills", "IRL", True),
    P("ulster", "Ulster", "ireland", -7.3, 54.6, "S", "Hills", "IRL", True),
    # France
    P("paris", "Paris", "ile_de_france", 2.35, 48.86, L, "Plains", "FRA"),
    P("champagne", "Champagne", "ile_de_france", 4.1, 49.1, "S", "Plains", "FRA"),
    P("orleans", "Orleanais", "ile_de_france", 1.9, 47.9, "S", "Plains", "FRA"),
    P("rouen", "Upper Normandy", "normandy", 1.1, 49.5, L, "Plains", "ENG", "english_channel", cores=["ENG", "FRA"]),
    P("caen", "Lower Normandy", "normandy", -0.7, 48.9, "S", "Plains", "ENG", "english_channel", cores=["ENG", "FRA"]),
    P("nantes", "Nantes", "brittany", -1.55, 47.3, "S", "Plains", "BRI", "bay_of_biscay"),
    P("brest", "Armorica", "brittany", -3.6, 48.2, "S", "Hills", "BRI", True),
    P("tours", "Touraine", "loire", 0.6, 47.4, "S", "Plains", "FRA"),
    P("poitou", "Poitou", "loire", -0.2, 46.3, "S", "Plains", "FRA", True),
    P("berry", "Berry", "loire", 2.5, 46.9, "S", "Plains", "FRA"),
    P("bordeaux", "Bordeaux", "guyenne", -0.58, 44.84, L, "Plains", "ENG", True, cores=["ENG", "FRA"]),
    P("gascony", "Gascony", "guyenne", -0.7, 43.7, "S", "Plains", "ENG", True, cores=["ENG", "FRA"]),
    P("perigord", "Perigord", "guyenne", 0.9, 45.2, "S", "Forest", "FRA"),
    P("toulouse", "Toulouse", "languedoc", 1.44, 43.6, L, "Plains", "FRA"),
    P("montpellier", "Montpellier", "languedoc", 3.7, 43.7, "S", "Plains", "FRA", True),
    P("auvergne", "Auvergne", "languedoc", 3.0, 45.5, "S", "Hills", "FRA", holding="Vassal"),
    P("provence", "Provence", "provence_and_lyonnais", 6.0, 43.6, "S", "Hills", "PRO", True),
    P("lyon", "Lyon", "provence_and_lyonnais", 4.7, 45.8, L, "Plains", "FRA"),
    P("dauphine", "Dauphine", "provence_and_lyonnais", 5.9, 44.8, "S", "Mountains", "FRA"),
    P("dijon", "Dijon", "burgundy", 4.8, 47.3, L, "Plains", "BUR"),
    P("franche_comte", "Franche-Comte", "burgundy", 6.1, 47.0, "S", "Hills", "BUR"),
    P("lorraine", "Lorraine", "burgundy", 6.3, 48.6, "S", "Hills", "LOR"),
    P("luxembourg", "Luxembourg", "burgundy", 5.8, 49.8, "S", "Forest", "BUR"),
    # Low Countries and Germany
    P("flanders", "Flanders", "low_countries", 3.4, 51.0, L, "Plains", "BUR", True),
    P("brabant", "Brabant", "low_countries", 5.0, 51.0, L, "Plains", "BUR"),
    P("holland", "Holland", "low_countries", 5.2, 52.5, "S", "Marsh", "BUR", True),
    P("picardy", "Picardy", "low_countries", 2.4, 49.9, "S", "Plains", "BUR", True),
    P("cologne", "Cologne", "rhineland", 7.0, 51.0, L, "Plains", "KOL", seeds=[(7.8, 51.6)]),
    P("palatinate", "Palatinate", "rhineland", 8.2, 49.6, "S", "Hills", "PAL"),
    P("hesse", "Hesse", "rhineland", 9.4, 50.9, "S", "Forest", "HES"),
    P("bremen", "Bremen", "north_germany", 8.3, 53.0, "S", "Marsh", "HSA", True),
    P("lubeck", "Lubeck", "north_germany", 10.5, 53.8, L, "Plains", "HSA", "baltic_sea", large_port=True),
    P("brunswick", "Brunswick", "north_germany", 10.4, 52.2, "S", "Plains", "BRU"),
    P("berlin", "Brandenburg", "brandenburg", 13.4, 52.4, "S", "Plains", "BRA"),
    P("pomerania", "Pomerania", "brandenburg", 15.4, 53.8, "S", "Plains", "POM", True, seeds=[(13.6, 54.0)]),
    P("mecklenburg", "Mecklenburg", "brandenburg", 12.0, 53.7, "S", "Plains", "MKL", True),
    P("meissen", "Meissen", "saxony", 13.2, 51.2, "S", "Hills", "SAX"),
    P("thuringia", "Thuringia", "saxony", 11.2, 50.9, "S", "Forest", "SAX"),
    P("munich", "Bavaria", "south_germany", 12.0, 48.2, L, "Plains", "BAV"),
    P("wurttemberg", "Wurttemberg", "south_germany", 9.2, 48.5, "S", "Hills", "WUR"),
    P("nuremberg", "Franconia", "south_germany", 10.6, 49.6, "S", "Hills", "BRA"),
    # Austria, Bohemia, the Alps
    P("vienna", "Vienna", "austria", 16.0, 48.2, L, "Plains", "HAB"),
    P("styria", "Styria", "austria", 15.0, 47.2, "S", "Mountains", "HAB"),
    P("tyrol", "Tyrol", "austria", 11.6, 47.1, "S", "Mountains", "HAB", holding="Vassal"),
    P("carniola", "Carniola", "austria", 14.3, 45.9, "S", "Hills", "HAB", True),
    P("switzerland", "Switzerland", "alps", 8.1, 46.9, "S", "Mountains", "SWI"),
    P("savoy", "Savoy", "alps", 6.3, 45.9, "S", "Mountains", "SAV"),
    P("piedmont", "Piedmont", "alps", 7.6, 44.9, "S", "Plains", "SAV"),
    P("prague", "Prague", "bohemia", 14.2, 50.0, L, "Plains", "BOH"),
    P("moravia", "Moravia", "bohemia", 16.9, 49.4, "S", "Hills", "BOH"),
    P("silesia", "Silesia", "bohemia", 17.0, 51.0, "S", "Plains", "BOH"),
    # Italy
    P("milan", "Milan", "lombardy", 9.2, 45.5, L, "Plains", "MLO"),
    P("genoa", "Genoa", "lombardy", 8.9, 44.4, L, "Hills", "GEN", True, large_port=True),
    P("parma", "Parma", "lombardy", 10.2, 44.8, "S", "Plains", "MLO"),
    P("venice", "Venice", "veneto", 12.2, 45.5, L, "Marsh", "VEN", "adriatic", large_port=True),
    P("verona", "Verona", "veneto", 11.0, 45.5, "S", "Plains", "VEN"),
    P("friuli", "Friuli", "veneto", 13.1, 46.2, "S", "Hills", "VEN"),
    P("florence", "Florence", "tuscany", 11.1, 43.7, L, "Hills", "FLO", True),
    P("siena", "Siena", "tuscany", 11.4, 42.9, "S", "Hills", "SIE", True),
    P("rome", "Rome", "papal_states", 12.6, 41.9, L, "Plains", "PAP", True),
    P("romagna", "Romagna", "papal_states", 11.6, 44.4, "S", "Plains", "PAP", True),
    P("marche", "Marche", "papal_states", 13.1, 43.3, "S", "Hills", "PAP", True),
    P("naples", "Naples", "naples_area", 14.7, 41.0, L, "Hills", "NAP", True, large_port=True),
    P("apulia", "Apulia", "naples_area", 16.6, 40.9, "S", "Plains", "NAP", True),
    P("calabria", "Calabria", "naples_area", 16.3, 39.2, "S", "Mountains", "NAP", True),
    P("abruzzo", "Abruzzi", "naples_area", 13.9, 42.2, "S", "Mountains", "NAP", True),
    P("sicily", "Sicily", "sicily_and_sardinia", 14.1, 37.5, L, "Hills", "ARA", True),
    P("sardinia", "Sardinia", "sicily_and_sardinia", 9.0, 40.1, "S", "Hills", "ARA", True, island=True),
    P("corsica", "Corsica", "sicily_and_sardinia", 9.1, 42.1, "S", "Mountains", "GEN", True, island=True),
    # Iberia
    P("zaragoza", "Zaragoza", "aragon", -0.9, 41.6, L, "Plains", "ARA"),
    P("barcelona", "Catalonia", "aragon", 1.9, 41.7, L, "Hills", "ARA", True, large_port=True),
    P("valencia", "Valencia", "aragon", -0.6, 39.5, "S", "Plains", "ARA", True),
    P("mallorca", "Mallorca", "aragon", 2.95, 39.6, "S", "Hills", "ARA", True, island=True),
    P("navarre", "Navarre", "aragon", -1.6, 42.8, "S", "Mountains", "NAV"),
    P("galicia", "Galicia", "galicia_and_asturias", -8.0, 42.7, "S", "Hills", "CAS", True),
    P("asturias", "Asturias", "galicia_and_asturias", -5.9, 43.1, "S", "Mountains", "CAS", True),
    P("valladolid", "Valladolid", "old_castile", -4.8, 41.7, L, "Plains", "CAS"),
    P("burgos", "Burgos", "old_castile", -3.5, 42.2, "S", "Plains", "CAS"),
    P("vizcaya", "Biscay", "old_castile", -2.8, 43.2, "S", "Hills", "CAS", "bay_of_biscay"),
    P("toledo", "Toledo", "new_castile", -4.0, 39.9, L, "Plains", "CAS"),
    P("cuenca", "Cuenca", "new_castile", -2.1, 40.1, "S", "Hills", "CAS"),
    P("extremadura", "Extremadura", "new_castile", -6.2, 39.2, "S", "Plains", "CAS"),
    P("seville", "Seville", "andalusia", -6.0, 37.4, L, "Plains", "CAS", True, large_port=True),
    P("cordoba", "Cordoba", "andalusia", -4.6, 38.0, "S", "Plains", "CAS"),
    P("murcia", "Murcia", "andalusia", -1.4, 38.1, "S", "Hills", "CAS", True),
    P("granada", "Granada", "granada_area", -3.6, 37.3, L, "Mountains", "GRA"),
    P("malaga", "Malaga", "granada_area", -4.7, 36.8, "S", "Hills", "GRA", True),
    P("almeria", "Almeria", "granada_area", -2.4, 37.0, "S", "Hills", "GRA", True),
    P("lisbon", "Lisbon", "portugal", -8.9, 38.9, L, "Plains", "POR", True, large_port=True),
    P("porto", "Porto", "portugal", -8.2, 41.4, "S", "Hills", "POR", True),
    P("coimbra", "Coimbra", "portugal", -8.0, 40.2, "S", "Hills", "POR", True),
    P("algarve", "Algarve", "portugal", -8.0, 37.3, "S", "Hills", "POR", True),
    # North Africa and the Levant
    P("fez", "Fez", "morocco", -5.0, 33.9, L, "Plains", "MOR", True),
    P("marrakesh", "Marrakesh", "morocco", -8.0, 31.6, "S", "Plains", "MOR", True),
    P("tangier", "Tangier", "morocco", -5.6, 35.3, "S", "Hills", "MOR", True),
    P("tlemcen", "Tlemcen", "algeria", -1.3, 34.8, "S", "Hills", "TLE", True),
    P("algiers", "Algiers", "algeria", 3.0, 36.2, "S", "Hills", "TLE", True),
    P("constantine", "Constantine", "algeria", 6.6, 36.1, "S", "Hills", "TUN", True),
    P("tunis", "Tunis", "ifriqiya", 9.9, 35.9, L, "Plains", "TUN", True, large_port=True),
    P("tripoli", "Tripoli", "ifriqiya", 13.0, 32.4, "S", "Desert", "TUN", True),
    P("cairo", "Cairo", "egypt", 31.3, 30.2, L, "Plains", "MAM", True),
    P("alexandria", "Alexandria", "egypt", 29.9, 30.9, L, "Plains", "MAM", "levant", large_port=True),
    P("damascus", "Damascus", "syria", 36.3, 33.6, L, "Plains", "MAM", True),
    P("aleppo", "Aleppo", "syria", 37.1, 36.1, "S", "Plains", "MAM", True),
    P("jerusalem", "Jerusalem", "syria", 35.0, 31.6, "S", "Hills", "MAM", True),
    # Balkans
    P("morea", "Morea", "greece", 22.3, 37.5, "S", "Hills", "BYZ", True),
    P("athens", "Athens", "greece", 23.2, 38.4, "S", "Hills", "TUR", True, holding="Vassal"),
    P("thessaly", "Thessaly", "greece", 21.9, 39.5, "S", "Plains", "TUR", True, religion=ORT),
    P("constantinople", "Constantinople", "thrace", 28.5, 41.2, L, "Plains", "BYZ", True, large_port=True),
    P("edirne", "Edirne", "thrace", 26.6, 41.6, L, "Plains", "TUR", True, religion=ORT),
    P("varna", "Varna", "thrace", 27.3, 43.3, "S", "Plains", "TUR", "black_sea", religion=ORT),
    P("thessaloniki", "Thessaloniki", "macedonia", 23.0, 40.8, L, "Plains", "TUR", True, religion=ORT),
    P("skopje", "Skopje", "macedonia", 21.4, 42.1, "S", "Hills", "TUR", religion=ORT),
    P("sofia", "Sofia", "macedonia", 23.6, 42.7, "S", "Hills", "TUR", religion=ORT),
    P("albania", "Albania", "macedonia", 20.0, 41.2, "S", "Mountains", "ALB", True, religion=CAT),
    P("serbia", "Serbia", "serbia_and_bosnia", 20.9, 44.0, "S", "Hills", "SER"),
    P("bosnia", "Bosnia", "serbia_and_bosnia", 17.9, 44.2, "S", "Mountains", "BOS", religion=CAT),
    P("ragusa", "Ragusa", "serbia_and_bosnia", 18.6, 42.9, "S", "Hills", "RAG", True, religion=CAT),
    P("dalmatia", "Dalmatia", "serbia_and_bosnia", 16.1, 43.8, "S", "Hills", "VEN", True, cores=["VEN", "HUN"], religion=CAT),
    P("buda", "Buda", "hungary", 19.2, 47.4, L, "Plains", "HUN"),
    P("kosice", "Upper Hungary", "hungary", 20.8, 48.6, "S", "Hills", "HUN"),
    P("transylvania", "Transylvania", "hungary", 23.9, 46.5, "S", "Hills", "HUN"),
    P("zagreb", "Croatia", "hungary", 16.0, 45.4, "S", "Hills", "HUN", True),
    P("wallachia", "Wallachia", "danubia", 25.3, 44.6, "S", "Plains", "WAL"),
    P("moldavia", "Moldavia", "danubia", 27.0, 47.2, "S", "Hills", "MOL", True, seeds=[(29.6, 46.4)]),
    # Poland, the Baltic, Russia
    P("krakow", "Krakow", "poland", 20.0, 50.1, L, "Hills", "POL"),
    P("poznan", "Greater Poland", "poland", 17.4, 52.4, "S", "Plains", "POL"),
    P("mazovia", "Mazovia", "poland", 21.0, 52.4, "S", "Plains", "POL"),
    P("lviv", "Red Ruthenia", "poland", 24.2, 49.7, "S", "Hills", "POL", religion=ORT),
    P("danzig", "Danzig", "prussia", 18.3, 54.1, L, "Plains", "TEU", "baltic_sea"),
    P("konigsberg", "Konigsberg", "prussia", 20.9, 54.3, "S", "Plains", "TEU", "baltic_sea"),
    P("riga", "Riga", "livonia", 24.6, 56.8, "S", "Plains", "LIV", "baltic_sea"),
    P("reval", "Reval", "livonia", 25.6, 58.8, "S", "Forest", "LIV", "gulf_of_bothnia"),
    P("vilnius", "Vilnius", "lithuania", 24.6, 54.8, L, "Forest", "LIT"),
    P("minsk", "Minsk", "lithuania", 27.6, 53.6, "S", "Forest", "LIT", religion=ORT),
    P("smolensk", "Smolensk", "lithuania", 32.0, 54.6, "S", "Forest", "LIT", religion=ORT),
    P("kiev", "Kiev", "lithuania", 30.5, 50.4, "S", "Plains", "LIT", religion=ORT),
    P("novgorod", "Novgorod", "novgorod_area", 32.0, 59.0, L, "Forest", "NOV", "gulf_of_bothnia"),
    P("pskov", "Pskov", "novgorod_area", 28.6, 57.6, "S", "Forest", "NOV"),
    P("moscow", "Moscow", "muscovy", 37.6, 55.8, L, "Forest", "MOS", seeds=[(39.6, 57.2)]),
    P("tver", "Tver", "muscovy", 35.3, 57.1, "S", "Forest", "TVE"),
    P("ryazan", "Ryazan", "muscovy", 39.9, 54.4, "S", "Forest", "RYA"),
    P("crimea", "Crimea", "crimea_area", 34.0, 45.3, "S", "Steppe", "CRI", True, seeds=[(34.2, 46.6)]),
    P("kaffa", "Kaffa", "crimea_area", 35.5, 45.1, "S", "Hills", "GEN", "black_sea", religion=ORT),
    # Scandinavia
    P("zealand", "Zealand", "denmark", 11.9, 55.5, L, "Plains", "DAN", True, island=True),
    P("jutland", "Jutland", "denmark", 9.3, 56.0, "S", "Plains", "DAN", "north_sea", seeds=[(9.4, 55.0)]),
    P("scania", "Scania", "denmark", 13.6, 55.9, "S", "Plains", "DAN", True),
    P("oslo", "Akershus", "norway", 10.6, 60.0, "S", "Forest", "NOR", True, seeds=[(8.3, 58.8)]),
    P("bergen", "Bergen", "norway", 6.6, 60.6, "S", "Mountains", "NOR", True),
    P("stockholm", "Stockholm", "sweden", 17.6, 59.6, L, "Forest", "SWE", "baltic_sea"),
    P("ostergotland", "Ostergotland", "sweden", 15.6, 57.6, "S", "Forest", "SWE", "baltic_sea"),
    P("vastergotland", "Vastergotland", "sweden", 12.9, 58.2, "S", "Forest", "SWE", True),
    P("gotland", "Gotland", "sweden", 18.5, 57.5, "S", "Plains", "DAN", "baltic_sea", island=True),
    P("dalarna", "Dalarna", "sweden", 15.3, 60.9, "S", "Forest", "SWE", True),
    P("turku", "Turku", "finland", 23.0, 61.0, "S", "Forest", "SWE", True),
    P("viborg", "Viborg", "finland", 28.2, 61.1, "S", "Forest", "SWE", True),
    # Anatolia and the islands
    P("bursa", "Bursa", "west_anatolia", 29.6, 40.1, L, "Hills", "TUR", True),
    P("smyrna", "Smyrna", "west_anatolia", 27.8, 38.3, "S", "Hills", "TUR", True),
    P("kutahya", "Kutahya", "west_anatolia", 30.3, 38.9, "S", "Hills", "TUR"),
    P("konya", "Konya", "central_anatolia", 32.8, 37.6, L, "Plains", "KAR", True),
    P("ankara", "Ankara", "central_anatolia", 33.0, 39.7, "S", "Steppe", "TUR"),
    P("antalya", "Antalya", "central_anatolia", 30.8, 37.2, "S", "Hills", "TUR", True),
    P("marash", "Marash", "central_anatolia", 36.4, 37.9, "S", "Mountains", "DUL", True),
    P("sinop", "Sinop", "pontus", 34.0, 41.4, "S", "Hills", "CND", "black_sea"),
    P("amasya", "Amasya", "pontus", 36.4, 40.3, "S", "Hills", "TUR", True),
    P("trebizond", "Trebizond", "pontus", 39.6, 40.6, "S", "Mountains", "TRE", "black_sea", religion=ORT),
    P("crete", "Candia", "eastern_isles", 24.9, 35.25, "S", "Mountains", "VEN", True, island=True),
    P("rhodes", "Rhodes", "eastern_isles", 28.0, 36.2, "S", "Hills", "KNI", True, island=True, religion=CAT),
    P("cyprus", "Cyprus", "eastern_isles", 33.2, 35.05, "S", "Hills", "CYP", True, island=True),

    # ---- Distant lands -----------------------------------------------------
    P("quebec", "Quebec", "canada", -71.5, 47.5, "S", "Forest", None, True),
    P("acadia", "Acadia", "canada", -65.5, 45.5, "S", "Forest", None, True),
    P("newfoundland", "Newfoundland", "canada", -55.7, 48.6, "S", "Forest", None, True, island=True),
    P("massachusetts", "Massachusetts", "new_england", -71.6, 42.5, "S", "Forest", None, True),
    P("hudson", "Hudson", "new_england", -74.4, 41.0, "S", "Forest", None, True),
    P("iroquoia", "Iroquoia", "new_england", -76.5, 43.2, "S", "Forest", "IRO"),
    P("virginia", "Virginia", "chesapeake", -77.5, 37.6, "S", "Forest", None, True),
    P("carolina", "Carolina", "chesapeake", -79.5, 34.6, "S", "Forest", None, True),
    P("florida", "Florida", "chesapeake", -82.0, 29.5, "S", "Marsh", None, True),
    P("mexico", "Tenochtitlan", "new_spain", -99.1, 19.4, L, "Mountains", "AZT", True),
    P("veracruz", "Veracruz", "new_spain", -96.6, 18.6, "S", "Jungle", "AZT", True),
    P("yucatan", "Yucatan", "new_spain", -89.5, 19.8, "S", "Jungle", "MAY", True),
    P("cuba", "Cuba", "antilles", -79.0, 21.8, "S", "Jungle", None, True, island=True),
    P("hispaniola", "Hispaniola", "antilles", -71.0, 19.0, "S", "Jungle", None, True, island=True),
    P("jamaica", "Jamaica", "antilles", -77.3, 18.15, "S", "Jungle", None, True, island=True),
    P("cartagena", "Cartagena", "spanish_main", -75.2, 9.0, "S", "Jungle", None, True),
    P("caracas", "Caracas", "spanish_main", -67.0, 9.5, "S", "Hills", None, True),
    P("pernambuco", "Pernambuco", "brazil", -37.5, -7.5, "S", "Jungle", None, True),
    P("bahia", "Bahia", "brazil", -40.5, -12.8, "S", "Jungle", None, True),
    P("rio", "Rio de Janeiro", "brazil", -44.0, -21.5, "S", "Jungle", None, True),
    P("buenos_aires", "Buenos Aires", "la_plata", -59.5, -34.5, "S", "Plains", None, True),
    P("asuncion", "Asuncion", "la_plata", -57.0, -26.0, "S", "Plains", None),
    P("cusco", "Cusco", "peru", -72.0, -13.5, L, "Mountains", "INC"),
    P("quito", "Quito", "peru", -78.5, -1.5, "S", "Mountains", "INC", True),
    P("lima", "Lima", "peru", -76.0, -10.5, "S", "Desert", "INC", True),
    P("senegal", "Senegal", "senegambia", -15.5, 15.0, "S", "Plains", "JOL", True),
    P("mali", "Mali", "senegambia", -8.0, 13.0, "S", "Plains", "MAL", religion=SUN),
    P("sierra_leone", "Sierra Leone", "guinea", -12.0, 9.0, "S", "Jungle", None, True),
    P("gold_coast", "Gold Coast", "guinea", -1.5, 6.5, "S", "Jungle", None, True),
    P("benin", "Benin", "guinea", 5.8, 7.0, "S", "Jungle", "BEN", True),
    P("kongo", "Kongo", "kongo_area", 15.0, -5.5, "S", "Jungle", "KON", True),
    P("luanda", "Ndongo", "kongo_area", 15.0, -10.0, "S", "Plains", None, True),
    P("cape", "Cape", "cape_of_good_hope", 20.0, -32.5, "S", "Hills", None, True),
    P("gujarat", "Gujarat", "india_west", 72.0, 23.0, L, "Plains", "GUJ", True),
    P("bidar", "Bidar", "india_west", 77.5, 18.2, "S", "Hills", "BAH"),
    P("goa", "Goa", "india_west", 74.3, 16.0, "S", "Hills", "BAH", True),
    P("calicut", "Calicut", "india_south", 76.0, 10.8, "S", "Jungle", "CLC", True),
    P("vijayanagar", "Vijayanagar", "india_south", 78.5, 14.5, L, "Hills", "VIJ", True),
    P("ceylon", "Ceylon", "india_south", 80.7, 7.6, "S", "Jungle", "KOT", True, island=True),
    P("bengal", "Bengal", "bengal_area", 88.5, 24.0, L, "Plains", "BNG", True),
    P("orissa", "Orissa", "bengal_area", 84.5, 20.5, "S", "Jungle", None, True),
    P("malacca", "Malacca", "east_indies", 102.0, 3.5, "S", "Jungle", "MLC", True),
    P("sumatra", "Sumatra", "east_indies", 100.5, -0.5, "S", "Jungle", None, True),
    P("java", "Java", "east_indies", 110.5, -7.3, "S", "Jungle", "MAJ", True, island=True),
]

# Land that is no province: seeds whose Voronoi cells become backdrop.
WILD = {
    "europe": [
        # Russia and the steppe
        (36.5, 60.8), (41.0, 59.5), (43.5, 56.8), (43.5, 53.5), (41.5, 51.5), (37.5, 51.0),
        (34.0, 49.5), (36.5, 47.8), (40.0, 47.5), (43.5, 45.5), (31.5, 48.0), (33.0, 52.0),
        # Caucasus, Armenia, Mesopotamia, Arabia
        (42.0, 43.5), (43.5, 41.5), (42.0, 39.8), (40.5, 38.3), (43.5, 37.5), (40.0, 35.5),
        (42.5, 33.5), (38.5, 32.5), (37.0, 29.8), (40.5, 30.5), (43.5, 30.5),
        # Sinai and the deserts of Egypt and Libya
        (33.8, 29.6), (27.5, 29.6), (24.5, 30.6), (21.0, 31.0), (17.5, 30.0), (14.0, 29.8),
        # Sahara
        (10.0, 30.2), (6.0, 31.0), (2.0, 31.5), (-1.5, 31.0), (-4.5, 29.8), (-9.5, 29.4),
        (8.5, 33.0), (4.0, 33.8),
        # Northern Scandinavia, Lapland, Karelia
        (34.5, 61.8), (25.5, 61.8), (31.5, 61.5),
    ],
    "americas": [
        (-90.0, 46.0), (-84.0, 42.5), (-82.0, 50.0), (-74.0, 51.0), (-64.0, 51.0),
        (-88.0, 36.0), (-95.0, 40.0), (-96.0, 32.0), (-99.0, 27.0), (-86.5, 32.5), (-104.0, 30.0), (-104.0, 22.0),
        (-88.0, 15.0), (-84.0, 11.0), (-80.0, 8.0),
        (-73.0, 4.0), (-62.0, 5.0), (-56.0, 3.0), (-65.0, -3.0), (-55.0, -5.0), (-47.0, -4.0),
        (-52.0, -12.0), (-45.0, -12.0), (-60.0, -15.0), (-66.0, -20.0), (-50.0, -20.0),
        (-70.0, -30.0), (-64.0, -31.0), (-66.0, -37.0), (-53.0, -28.0), (-70.0, -22.0), (-80.0, -5.0),
    ],
    "africa": [
        (-12.0, 20.0), (-5.0, 19.0), (2.0, 19.0), (10.0, 18.0), (18.0, 17.0), (24.0, 19.0),
        (-4.0, 10.0), (2.0, 11.0), (9.0, 11.0), (16.0, 10.0), (23.0, 8.0), (-8.0, 8.0),
        (12.0, 2.0), (20.0, 2.0), (24.0, -6.0), (20.0, -12.0), (24.0, -18.0), (14.0, -17.0),
        (17.0, -24.0), (24.0, -26.0), (22.0, -30.0),
    ],
    "india": [
        (64.0, 27.0), (68.0, 28.0), (73.0, 28.0), (78.0, 27.0), (83.0, 26.0), (80.0, 21.0),
        (81.0, 18.5), (93.0, 26.0), (95.0, 20.0), (98.0, 16.0), (101.0, 14.0),
        (99.0, 9.5), (104.0, 13.0), (106.0, 17.0), (108.0, 22.0), (115.0, 25.0), (122.0, 29.0),
        (104.0, 21.0),
    ],
}

# ---------------------------------------------------------------------------
# Sea zones: several seeds each; the zone is the union of their Voronoi cells
# clipped to water.
# ---------------------------------------------------------------------------
def S(id, name, frame, seeds, galleys=False, distant=False):
    return dict(id=id, name=name, frame=frame, seeds=seeds, galleys=galleys, distant=distant)


SEAS = [
    S("north_atlantic", "North Atlantic", "europe",
      [(-12.0, 60.5), (-12.0, 56.0), (-12.0, 51.5), (-8.5, 58.5), (-5.5, 60.5), (-12.3, 48.5)]),
    S("irish_sea", "Irish Sea", "europe", [(-5.0, 53.8), (-5.6, 52.3), (-4.0, 51.3), (-7.5, 51.0), (-5.5, 55.0)]),
    S("english_channel", "English Channel", "europe", [(-5.5, 49.4), (-3.0, 50.0), (-0.5, 50.2), (1.4, 50.7)]),
    S("north_sea", "North Sea", "europe",
      [(2.5, 51.9), (3.5, 53.5), (6.5, 54.2), (2.0, 56.0), (5.0, 57.5), (0.0, 58.5), (4.0, 60.5),
       (8.5, 57.9), (11.3, 57.3), (-1.0, 59.8)]),
    S("baltic_sea", "Baltic Sea", "europe",
      [(11.5, 54.6), (14.0, 55.0), (16.5, 55.6), (19.0, 55.2), (19.5, 57.5), (23.4, 57.6), (20.3, 58.8),
       (12.8, 55.9)]),
    S("gulf_of_bothnia", "Gulf of Bothnia", "europe",
      [(19.8, 60.7), (20.8, 61.9), (23.5, 59.8), (26.5, 60.0), (28.8, 60.3)]),
    S("bay_of_biscay", "Bay of Biscay", "europe",
      [(-4.0, 45.8), (-6.5, 44.3), (-2.2, 44.6), (-8.5, 46.5), (-5.5, 47.5), (-9.0, 44.0)]),
    S("portuguese_coast", "Portuguese Coast", "europe",
      [(-10.6, 42.3), (-10.3, 39.5), (-9.8, 37.0), (-7.5, 36.6), (-12.5, 44.0), (-12.5, 40.5),
       (-12.5, 37.5)]),
    S("canary_sea", "Canary Sea", "europe",
      [(-8.6, 34.2), (-10.6, 31.6), (-12.5, 29.5), (-12.2, 34.6), (-7.0, 35.2)]),
    S("western_med", "Western Mediterranean", "europe",
      [(-4.0, 36.2), (-1.5, 36.3), (1.5, 37.6), (1.3, 40.2), (4.5, 38.8), (7.2, 38.0), (-5.5, 35.95)],
      galleys=True),
    S("gulf_of_lion", "Gulf of Lion", "europe", [(4.5, 42.8), (6.5, 42.6), (8.6, 43.7), (3.8, 41.5)],
      galleys=True),
    S("tyrrhenian", "Tyrrhenian Sea", "europe", [(10.2, 42.5), (11.6, 41.0), (13.0, 39.8), (11.5, 39.0), (14.8, 38.9)],
      galleys=True),
    S("central_med", "Sicilian Channel", "europe",
      [(12.0, 37.2), (11.4, 35.4), (13.5, 34.3), (16.5, 33.4), (19.5, 31.9), (15.2, 35.8), (9.5, 37.7)],
      galleys=True),
    S("ionian", "Ionian Sea", "europe", [(17.5, 39.7), (18.5, 37.5), (20.0, 36.0), (16.5, 37.4), (21.3, 36.6), (19.5, 39.4)],
      galleys=True),
    S("adriatic", "Adriatic Sea", "europe", [(13.0, 44.7), (14.6, 43.5), (16.6, 42.5), (18.6, 41.6), (12.9, 45.4)],
      galleys=True),
    S("aegean", "Aegean Sea", "europe",
      [(25.0, 39.5), (24.6, 37.6), (26.0, 38.4), (25.5, 36.3), (23.4, 40.1), (28.0, 40.7), (27.6, 36.9)],
      galleys=True),
    S("levant", "Levantine Sea", "europe",
      [(24.5, 34.6), (28.0, 34.5), (31.0, 33.5), (34.0, 34.0), (33.5, 36.0), (30.6, 36.3), (26.5, 32.8),
       (22.0, 34.0)], galleys=True),
    S("black_sea", "Black Sea", "europe",
      [(29.6, 44.5), (31.0, 43.3), (34.0, 43.5), (37.0, 43.0), (39.5, 42.3), (36.5, 46.0), (31.6, 46.3),
       (29.3, 41.5)], galleys=True),
    # distant
    S("grand_banks", "Grand Banks", "americas", [(-50.0, 46.0), (-45.0, 50.0), (-58.0, 43.0), (-62.0, 47.5), (-36.0, 50.0)],
      distant=True),
    S("west_atlantic", "Sargasso Sea", "americas",
      [(-60.0, 33.0), (-72.0, 34.0), (-48.0, 33.0), (-36.0, 40.0), (-40.0, 22.0), (-55.0, 18.0), (-68.0, 41.0),
       (-33.0, 30.0)], distant=True),
    S("caribbean_sea", "Caribbean Sea", "americas",
      [(-75.0, 15.0), (-66.0, 14.0), (-82.0, 15.0), (-90.0, 24.0), (-94.0, 22.0), (-86.0, 26.0), (-80.5, 24.3)],
      distant=True),
    S("brazil_coast", "Brazil Coast", "americas",
      [(-45.0, 1.5), (-33.0, -5.0), (-35.0, -15.0), (-40.0, -24.0), (-50.0, -33.0), (-54.0, -37.0),
       (-35.0, 5.0)], distant=True),
    S("south_sea", "South Sea", "americas",
      [(-84.0, -5.0), (-80.0, -16.0), (-76.0, -28.0), (-86.0, 4.0), (-95.0, 11.0), (-104.0, 16.0)], distant=True),
    S("cape_verde", "Cape Verde", "africa", [(-19.0, 20.0), (-19.0, 12.0), (-19.0, 4.0), (-16.0, 21.0)], distant=True),
    S("gulf_of_guinea", "Gulf of Guinea", "africa", [(-10.0, 3.0), (0.0, 2.0), (5.0, 3.0), (8.0, -3.0), (-14.0, 0.0)],
      distant=True),
    S("cape_sea", "Cape Sea", "africa",
      [(10.0, -15.0), (8.0, -25.0), (14.0, -35.0), (22.0, -36.0), (0.0, -20.0), (-15.0, -30.0), (-10.0, -10.0)],
      distant=True),
    S("arabian_sea", "Arabian Sea", "india", [(65.0, 20.0), (68.0, 12.0), (72.0, 5.0), (63.0, 24.0), (75.0, -2.0), (66.0, -6.0)],
      distant=True),
    S("bay_of_bengal", "Bay of Bengal", "india", [(88.0, 15.0), (85.0, 5.0), (90.0, 20.0), (84.0, -6.0), (95.0, 10.0)],
      distant=True),
    S("java_sea", "Java Sea", "india",
      [(104.0, 2.0), (110.0, -5.0), (118.0, -5.0), (112.0, 10.0), (125.0, 5.0), (100.0, -8.0), (124.0, -9.0),
       (99.0, 4.0)], distant=True),
]

# Extra links the geometry cannot see.
STRAITS = [  # land movement across narrow water (area pairs)
    ("andalusia", "morocco"),       # Gibraltar
    ("sicily_and_sardinia", "naples_area"),           # Messina
    ("thrace", "west_anatolia"),    # Bosporus and Dardanelles
]
MOUNTAIN_BORDERS = [  # area pairs with a mountain border (only where they touch)
    ("aragon", "languedoc"), ("aragon", "guyenne"),                      # Pyrenees
    ("alps", "lombardy"), ("alps", "provence_and_lyonnais"), ("alps", "austria"),      # Alps
    ("austria", "veneto"), ("austria", "lombardy"), ("alps", "south_germany"),
    ("hungary", "poland"), ("hungary", "danubia"),                       # Carpathians
    ("bohemia", "saxony"),                                               # Ore Mountains
]
SEA_LINKS = [  # sea-zone pairs
    ("aegean", "black_sea"),            # the Bosporus is closed at this map scale
    ("western_med", "portuguese_coast"),
    ("baltic_sea", "north_sea"),
    ("north_atlantic", "grand_banks"),
    ("north_atlantic", "west_atlantic"),
    ("portuguese_coast", "west_atlantic"),
    ("canary_sea", "west_atlantic"),
    ("canary_sea", "cape_verde"),
    ("cape_verde", "west_atlantic"),
    ("cape_verde", "brazil_coast"),
    ("gulf_of_guinea", "brazil_coast"),
    ("cape_sea", "arabian_sea"),
    ("caribbean_sea", "south_sea"),      # across the isthmus of Panama
]
