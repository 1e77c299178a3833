"""Hand-written content of the 1444 scenario: characters, events, action cards, ideas,
missions and milestones.

All card texts are original flavour text written for Regnum. Effects use the
`Effect` enum of src/rulesets/pop/content/schema.rs, written here as tuples:
  ("Ducats", n) ("Mp", "Adm"|"Dip"|"Mil", n) ("AnyMp", n) ("Stability", n) ("Prestige", n)
  ("Unrest", n>=0) ("Loan", n>=0) ("RulerIllHealth",) ("Manpower", n) ("Claim", area) ("CasusBelli", realm)
  ("Faith", area, religion) ("ReplaceMilestones",) ("Cardinal",) ("ExpandNode", node) ("ExpandAnyNode",)
and event symbols as ("Mortality", n) ("Unrest",) ("DnprExpansion", realm) ... (see EventSymbol).
"""

DESCRIPTION = (
    "Europe in 1444. The Hundred Years' War is in a truce, the Ottomans press on the last of "
    "Byzantium, the Habsburgs wear the imperial crown and Portuguese caravels creep down the "
    "African coast. Six crowns compete for power across four Ages."
)

# ---------------------------------------------------------------------------
# effect and symbol helpers
# ---------------------------------------------------------------------------
def D(n): return ("Ducats", n)
def ADM(n): return ("Mp", "Adm", n)
def DIP(n): return ("Mp", "Dip", n)
def MIL(n): return ("Mp", "Mil", n)
def ANY(n): return ("AnyMp", n)
def STAB(n): return ("Stability", n)
def PRE(n): return ("Prestige", n)
def UNR(n): return ("Unrest", n)
def LOAN(n): return ("Loan", n)
def MAN(n): return ("Manpower", n)
def CLAIM(a): return ("Claim", a)
def CB(r): return ("CasusBelli", r)
def FAITH(a, r): return ("Faith", a, r)
ILL = ("RulerIllHealth",)
# The Comet Sighted Event (17.3): the Milestones on display are replaced.
COMET = ("ReplaceMilestones",)
CARDINAL = ("Cardinal",)
# Expanded Trade Nodes (12.5): a named node, or one of the realm's choice (Commercial Growth).
def EXPAND(node): return ("ExpandNode", node)
EXPAND_ANY = ("ExpandAnyNode",)

S_UNREST = ("Unrest",)
S_NATIVE = ("NativeUprising",)
S_LOST = ("LostAtSea",)
S_PIR = ("Pirates",)
S_CARD = ("CardinalDies",)
S_ATTR = ("Attrition",)
S_VASS = ("DisloyalVassals",)
S_REL = ("SpreadReligion",)
S_REV = ("SpreadRevolution",)
S_POW = ("PowerStruggle",)
def DNPR(tag): return ("DnprExpansion", tag)


# ---------------------------------------------------------------------------
# Characters
# ---------------------------------------------------------------------------
# (id, name, realm, (adm, dip, mil), dice, ill)
RULERS = [
    # starting rulers of the Player Realms
    ("charles_vii", "Charles VII", "FRA", (4, 4, 3), 0, False),
    ("henry_vi", "Henry VI", "ENG", (1, 2, 1), 0, True),
    ("juan_ii", "Juan II", "CAS", (1, 2, 2), 0, False),
    ("afonso_v", "Afonso V", "POR", (2, 3, 4), 1, False),
    ("frederick_iii", "Frederick III", "HAB", (3, 4, 1), 0, False),
    ("murad_ii", "Murad II", "TUR", (4, 3, 5), 1, False),
    # France
    ("louis_xi", "Louis XI", "FRA", (5, 5, 2), 0, False),
    ("charles_viii", "Charles VIII", "FRA", (2, 2, 4), 1, False),
    ("louis_xii", "Louis XII", "FRA", (4, 3, 3), 0, False),
    ("francis_i", "Francis I", "FRA", (3, 4, 4), 1, False),
    ("henry_iv_fra", "Henry IV", "FRA", (5, 4, 5), 1, False),
    ("louis_xiii", "Louis XIII", "FRA", (3, 3, 3), 0, True),
    ("louis_xiv", "Louis XIV", "FRA", (6, 5, 5), 1, False),
    ("louis_xv", "Louis XV", "FRA", (2, 2, 2), 0, False),
    # England
    ("edward_iv", "Edward IV", "ENG", (3, 3, 5), 1, False),
    ("henry_vii", "Henry VII", "ENG", (6, 4, 3), 0, False),
    ("henry_viii", "Henry VIII", "ENG", (3, 4, 3), 0, True),
    ("elizabeth_i", "Elizabeth I", "ENG", (5, 6, 4), 0, False),
    ("charles_i_eng", "Charles I", "ENG", (2, 1, 2), 0, False),
    ("william_iii", "William III", "ENG", (4, 5, 5), 1, True),
    ("anne_gb", "Anne", "ENG", (3, 3, 2), 0, True),
    # Castile and Spain
    ("isabella_i", "Isabella I", "CAS", (6, 5, 4), 0, False),
    ("charles_v", "Charles V", "CAS", (5, 5, 5), 1, False),
    ("philip_ii", "Philip II", "CAS", (5, 4, 3), 0, False),
    ("philip_iii", "Philip III", "CAS", (1, 2, 1), 0, False),
    ("charles_ii_spa", "Charles II", "CAS", (1, 1, 1), 0, True),
    ("philip_v", "Philip V", "CAS", (3, 3, 3), 0, False),
    # Portugal
    ("joao_ii", "John II", "POR", (5, 4, 4), 0, False),
    ("manuel_i", "Manuel I", "POR", (5, 5, 3), 0, False),
    ("joao_iii", "John III", "POR", (4, 3, 2), 0, False),
    ("sebastian", "Sebastian", "POR", (1, 2, 4), 1, False),
    ("joao_iv", "John IV", "POR", (3, 4, 3), 0, False),
    ("pedro_ii", "Peter II", "POR", (3, 4, 3), 0, False),
    ("joao_v", "John V", "POR", (4, 3, 2), 0, False),
    # Austria
    ("maximilian_i", "Maximilian I", "HAB", (3, 5, 5), 1, False),
    ("ferdinand_i", "Ferdinand I", "HAB", (4, 4, 3), 0, False),
    ("rudolf_ii", "Rudolf II", "HAB", (2, 2, 1), 0, True),
    ("ferdinand_ii", "Ferdinand II", "HAB", (3, 3, 4), 0, False),
    ("leopold_i", "Leopold I", "HAB", (4, 4, 3), 0, False),
    ("charles_vi", "Charles VI", "HAB", (3, 3, 2), 0, False),
    ("maria_theresa", "Maria Theresa", "HAB", (6, 5, 3), 0, False),
    # Ottomans
    ("mehmed_ii", "Mehmed II", "TUR", (5, 4, 6), 2, False),
    ("bayezid_ii", "Bayezid II", "TUR", (4, 3, 3), 0, False),
    ("selim_i", "Selim I", "TUR", (4, 2, 6), 2, False),
    ("suleiman", "Suleiman I", "TUR", (6, 5, 6), 2, False),
    ("selim_ii", "Selim II", "TUR", (2, 2, 1), 0, True),
    ("murad_iv", "Murad IV", "TUR", (3, 2, 5), 1, False),
    ("mehmed_iv", "Mehmed IV", "TUR", (2, 2, 3), 0, False),
    ("ahmed_iii", "Ahmed III", "TUR", (4, 3, 2), 0, False),
]

# Generals and admirals: (id, name, (adm, dip, mil), dice 1-3, cost 1-2 mil)
LEADERS = [
    ("john_hunyadi", "John Hunyadi", (1, 2, 5), 3, 2),
    ("skanderbeg", "Skanderbeg", (1, 2, 5), 3, 2),
    ("jean_de_dunois", "Jean de Dunois", (2, 2, 4), 2, 1),
    ("gonzalo_de_cordoba", "Gonzalo de Cordoba", (2, 2, 6), 3, 2),
    ("andrea_doria", "Andrea Doria", (1, 3, 4), 2, 1),
    ("hayreddin_barbarossa", "Hayreddin Barbarossa", (2, 2, 5), 3, 2),
    ("vasco_da_gama", "Vasco da Gama", (2, 2, 3), 1, 1),
    ("francis_drake", "Francis Drake", (1, 2, 4), 2, 1),
    ("maurice_of_nassau", "Maurice of Nassau", (3, 2, 5), 2, 2),
    ("wallenstein", "Albrecht von Wallenstein", (3, 1, 5), 3, 2),
    ("tilly", "Count of Tilly", (1, 1, 4), 2, 1),
    ("turenne", "Turenne", (2, 2, 6), 3, 2),
    ("michiel_de_ruyter", "Michiel de Ruyter", (2, 2, 5), 3, 2),
    ("eugene_of_savoy", "Eugene of Savoy", (2, 3, 6), 3, 2),
    ("john_churchill", "John Churchill", (2, 4, 6), 3, 2),
    ("raimondo_montecuccoli", "Raimondo Montecuccoli", (3, 2, 5), 2, 2),
    # added for the 30-card Mil deck (issue 6)
    ("arthur_de_richemont", "Arthur de Richemont", (2, 2, 4), 2, 1),
    ("john_talbot", "John Talbot", (1, 1, 4), 2, 1),
    ("afonso_de_albuquerque", "Afonso de Albuquerque", (3, 3, 5), 2, 2),
    ("duke_of_alba", "Duke of Alba", (2, 1, 5), 3, 2),
    ("turgut_reis", "Turgut Reis", (1, 1, 4), 2, 1),
    ("piyale_pasha", "Piyale Pasha", (1, 2, 4), 2, 1),
    ("alexander_farnese", "Alexander Farnese", (3, 3, 5), 3, 2),
    ("ambrogio_spinola", "Ambrogio Spinola", (2, 2, 5), 2, 2),
    ("grand_conde", "The Great Conde", (1, 2, 6), 3, 2),
    ("oliver_cromwell", "Oliver Cromwell", (3, 2, 5), 3, 2),
    ("robert_blake", "Robert Blake", (2, 1, 4), 2, 1),
    ("kara_mustafa", "Kara Mustafa Pasha", (2, 1, 3), 1, 1),
    ("marshal_villars", "Marshal Villars", (2, 2, 5), 3, 2),
    ("pedro_alvares_cabral", "Pedro Alvares Cabral", (2, 2, 3), 1, 1),
]

# Advisors: (id, name, type, skill 1-3, cost 1-4 ducats)
ADVISORS = [
    ("jacques_coeur", "Jacques Coeur", "Adm", 3, 3),
    ("luca_pacioli", "Luca Pacioli", "Adm", 1, 1),
    ("francisco_cisneros", "Francisco Jimenez de Cisneros", "Adm", 2, 2),
    ("jakob_fugger", "Jakob Fugger", "Adm", 3, 4),
    ("thomas_cromwell", "Thomas Cromwell", "Adm", 3, 3),
    ("sokollu_mehmed", "Sokollu Mehmed Pasha", "Adm", 2, 2),
    ("duke_of_sully", "Duke of Sully", "Adm", 2, 2),
    ("jean_baptiste_colbert", "Jean-Baptiste Colbert", "Adm", 3, 4),
    ("henry_the_navigator", "Henry the Navigator", "Dip", 2, 2),
    ("niccolo_machiavelli", "Niccolo Machiavelli", "Dip", 2, 2),
    ("thomas_wolsey", "Thomas Wolsey", "Dip", 2, 3),
    ("ogier_de_busbecq", "Ogier de Busbecq", "Dip", 1, 1),
    ("cardinal_richelieu", "Cardinal Richelieu", "Dip", 3, 4),
    ("axel_oxenstierna", "Axel Oxenstierna", "Dip", 3, 3),
    ("hugo_grotius", "Hugo Grotius", "Dip", 1, 1),
    ("wenzel_kaunitz", "Wenzel von Kaunitz", "Dip", 3, 3),
    ("jean_bureau", "Jean Bureau", "Mil", 2, 2),
    ("francesco_di_giorgio", "Francesco di Giorgio", "Mil", 1, 1),
    ("niccolo_tartaglia", "Niccolo Tartaglia", "Mil", 1, 1),
    ("mimar_sinan", "Mimar Sinan", "Mil", 2, 2),
    ("simon_stevin", "Simon Stevin", "Mil", 2, 2),
    ("marquis_de_louvois", "Marquis de Louvois", "Mil", 3, 3),
    ("sebastien_vauban", "Sebastien de Vauban", "Mil", 3, 4),
    ("jean_gribeauval", "Jean-Baptiste de Gribeauval", "Mil", 2, 3),
    # added for the 30-card Adm and Dip decks (issue 6)
    ("nicolas_rolin", "Nicolas Rolin", "Adm", 2, 2),
    ("francisco_de_los_cobos", "Francisco de los Cobos", "Adm", 2, 2),
    ("thomas_gresham", "Thomas Gresham", "Adm", 2, 2),
    ("william_cecil", "William Cecil", "Adm", 3, 3),
    ("rustem_pasha", "Rustem Pasha", "Adm", 2, 2),
    ("koprulu_mehmed", "Koprulu Mehmed Pasha", "Adm", 3, 3),
    ("count_olivares", "Count-Duke of Olivares", "Adm", 2, 3),
    ("jean_bodin", "Jean Bodin", "Adm", 1, 1),
    ("philippe_de_commynes", "Philippe de Commynes", "Dip", 2, 2),
    ("cardinal_mazarin", "Cardinal Mazarin", "Dip", 3, 4),
    ("francis_walsingham", "Francis Walsingham", "Dip", 3, 3),
    ("cardinal_granvelle", "Cardinal Granvelle", "Dip", 2, 2),
    ("ibrahim_pasha", "Pargali Ibrahim Pasha", "Dip", 2, 3),
    ("johan_de_witt", "Johan de Witt", "Dip", 2, 2),
    ("william_temple", "William Temple", "Dip", 1, 1),
    ("enea_piccolomini", "Enea Silvio Piccolomini", "Dip", 2, 2),
]


def characters():
    out = []
    for cid, name, realm, skills, dice, ill in RULERS:
        out.append(dict(id=cid, name=name, kind="Leader", skills=skills, dice=dice, cost=0,
                        mortality=None, ill=ill, realm=realm))
    for cid, name, skills, dice, cost in LEADERS:
        out.append(dict(id=cid, name=name, kind="Leader", skills=skills, dice=dice, cost=cost,
                        mortality=None, ill=False, realm=None))
    for cid, name, kind, skill, cost in ADVISORS:
        sk = {"Adm": (skill, 0, 0), "Dip": (0, skill, 0), "Mil": (0, 0, skill)}[kind]
        out.append(dict(id=cid, name=name, kind=("Advisor", kind), skills=sk, dice=0, cost=cost,
                        mortality=None, ill=False, realm=None))
    # mortality icons 1-6, spread evenly over everybody
    for i, c in enumerate(out):
        c["mortality"] = i % 6 + 1
    return out


# ---------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------
# Generic events per Age: 8 of kind A (a Mortality symbol is added in front,
# cycling 1-6 over all Ages) and 20 of kind B. Each entry:
#   (key, name, text, [(label, [effects]), ...], [symbols])
AGE_EVENTS = {
    1: dict(
        A=[
            ("plague_returns", "The Plague Returns",
             "Fever empties the lanes of a crowded port and the court flees to the country.",
             [("Close the gates", [D(-2), STAB(1)]), ("Carry on", [MAN(-2)])], []),
            ("harsh_winter", "A Bitter Winter",
             "Rivers freeze solid and the roads are buried; old men say they have never seen such cold.",
             [("Open the granaries", [D(-2)]), ("Let the towns fend for themselves", [UNR(1)])], []),
            ("tournament_accident", "Lance Splinters at the Lists",
             "A great lord is unhorsed before the whole court and carried off pale and bleeding.",
             [("Summon the physicians", [D(-1), PRE(1)])], []),
            ("comet_sighted", "A Comet in the Sky",
             "A long-tailed star hangs over Christendom and the preachers warn of judgement to come.",
             [("Order public prayers", [STAB(1), D(-1), COMET]), ("Consult the astrologers", [ADM(1), COMET])], []),
            ("sweating_fever", "Fever in the Palace",
             "A wasting fever sweeps through the palace, sparing neither cook nor councillor.",
             [("Retire to a hunting lodge", [ADM(-1)])], []),
            ("poisoned_cup", "Rumours of Poison",
             "A sudden death at a banquet sets every tongue wagging about the wine and who poured it.",
             [("Hang the cupbearer", [STAB(1), PRE(-1)]), ("Hush it up", [DIP(1)])], [S_POW]),
            ("crusade_of_varna", "Crusade Against the Turk",
             "Papal legates preach a new crusade to relieve the Christians of the Balkans.",
             [("Take the cross", [PRE(2), MAN(-2)]), ("Send money instead", [D(-3), PRE(1)])], [DNPR("HUN")]),
            ("hunting_fall", "A Fall While Hunting",
             "A stag turns at bay in the forest and a royal horse goes down in the bracken.",
             [("Thank providence", [STAB(1)])], []),
        ],
        B=[
            ("printing_press", "Movable Type",
             "A goldsmith of Mainz prints books with metal letters; scribes grumble, scholars rejoice.",
             [("Invite printers to the capital", [D(-2), ADM(2)]), ("Ignore the novelty", [])], []),
            ("truce_of_tours", "A Royal Truce",
             "Envoys agree a truce sealed with a marriage; the soldiers go home grumbling about their pay.",
             [("Pay off the companies", [D(-2), STAB(1)]), ("Let them forage", [UNR(1), D(1)])], [S_UNREST]),
            ("good_harvest", "Bountiful Harvest",
             "Barns overflow and grain is cheap in every market.",
             [("Collect the tithe", [D(3)])], []),
            ("condottieri", "Condottieri for Hire",
             "A famous captain offers his company of lances to whoever pays best.",
             [("Sign the contract", [D(-3), MAN(3)]), ("Send him away", [])], []),
            ("hanseatic_fair", "The Hanseatic Fair",
             "Cogs from the Baltic unload furs, wax and herring at the great fair.",
             [("Levy market tolls", [D(2)]), ("Grant privileges", [DIP(1), D(1)])], [S_PIR]),
            ("medici_bank", "Florentine Bankers",
             "The agents of a Florentine bank offer generous credit against the next tax year.",
             [("Borrow", [LOAN(1), D(2)]), ("Decline politely", [DIP(1)])], []),
            ("silver_strike", "Silver in the Hills",
             "Miners strike a rich vein of silver and a boom town rises overnight.",
             [("Claim the royal share", [D(4)])], []),
            ("noble_feud", "A Noble Feud",
             "Two great houses come to blows over a disputed castle and drag their vassals along.",
             [("Arbitrate", [ADM(-1), STAB(1)]), ("Let them bleed each other", [UNR(1)])], [S_VASS]),
            ("caravel_voyage", "A Voyage South",
             "A small caravel returns from beyond the known capes with tales, gold dust and a sick crew.",
             [("Fund another voyage", [D(-2), PRE(1), DIP(1)]), ("Not worth the risk", [])], [S_LOST]),
            ("humanist_scholar", "A Humanist at Court",
             "A scholar fluent in Greek and Latin offers to tutor the heir and catalogue the library.",
             [("Welcome him", [D(-1), ADM(1), PRE(1)])], []),
            ("jubilee_year", "The Jubilee Year",
             "Pilgrims crowd the roads to Rome and the Church proclaims a year of pardon.",
             [("Send a splendid embassy", [D(-2), PRE(2)]), ("Stay home", [])], [S_CARD]),
            ("peasant_revolt", "The Peasants Rise",
             "Hard dues and a bad year drive the villagers to burn a manor house.",
             [("Send the men-at-arms", [MIL(-1), STAB(1)]), ("Lower the dues", [D(-2)])], [S_UNREST]),
            ("burgundian_court", "The Splendour of Burgundy",
             "The richest court in Christendom dazzles visitors with feasts, tapestries and painted altars.",
             [("Seek an alliance", [DIP(1)]), ("Keep away", [])], [DNPR("BUR")]),
            ("hussite_wagons", "Veterans of the Hussite Wars",
             "Bohemian veterans with their war wagons offer their service to foreign lords.",
             [("Hire them", [D(-2), MAN(2)]), ("Refuse", [])], [DNPR("BOH")]),
            ("wool_trade", "The Wool Staple",
             "Flemish looms clamour for raw wool and the merchants ask for a monopoly.",
             [("Sell the monopoly", [D(3), STAB(-1)]), ("Found a staple market", [EXPAND_ANY])], []),
            ("cathedral_works", "Building a Cathedral",
             "The bishop begs for funds to finish a cathedral begun by his great-grandfather.",
             [("Donate", [D(-2), STAB(1)]), ("Refuse", [PRE(-1)])], []),
            ("barbary_raid", "Corsairs on the Coast",
             "Swift galleys strike a fishing town at dawn and carry off captives.",
             [("Build watchtowers", [D(-2)]), ("Do nothing", [UNR(1)])], [S_PIR]),
            ("steppe_raid", "Raiders from the Steppe",
             "Horsemen sweep out of the grasslands and vanish with cattle and captives.",
             [("Pay tribute", [D(-2)]), ("Muster the border", [MIL(-1)])], [DNPR("MOS")]),
            ("debased_coin", "Clipped Coins",
             "Merchants complain that the coins in circulation are light and adulterated.",
             [("Recoin the currency", [D(-2), STAB(1)]), ("Profit from it", [D(2), STAB(-1)])], []),
            ("university_founded", "A New University",
             "Masters and students petition for a charter to found a university.",
             [("Grant the charter", [D(-2), ADM(1), PRE(1)])], []),
        ],
    ),
    2: dict(
        A=[
            ("sweating_sickness", "The Sweating Sickness",
             "A sudden sweating fever kills within a day; the court scatters to distant manors.",
             [("Flee the capital", [ADM(-1)]), ("Stay and govern", [STAB(1), ILL])], []),
            ("new_pox", "The New Pox",
             "A shameful new disease spreads from the soldiers' camps to every town.",
             [("Build hospitals", [D(-2), STAB(1)]), ("Blame foreigners", [PRE(-1)])], []),
            ("jousting_wound", "Wounded in the Lists",
             "A lance splinters through a visor at a royal tournament.",
             [("Ban the joust", [PRE(-1)]), ("Honour the champion", [PRE(1)])], []),
            ("banquet_excess", "Too Many Feasts",
             "Years of feasting take their toll; the physicians prescribe bleeding and abstinence.",
             [("Follow their advice", [ADM(1)])], []),
            ("typhus_camp", "Camp Fever",
             "Typhus breaks out among troops packed into winter quarters.",
             [("Disperse the army", [MAN(-1)]), ("Keep them together", [MAN(-2), STAB(1)])], [S_ATTR]),
            ("assassin_dagger", "A Dagger in the Crowd",
             "A fanatic lunges at a prince during a procession before the guards can react.",
             [("Tighten security", [D(-1)]), ("Show no fear", [PRE(1)])], [S_POW]),
            ("fall_from_horse", "Thrown from the Saddle",
             "A spirited horse bolts during a review and throws its royal rider.",
             [("Rest and recover", [MIL(-1)])], []),
            ("smallpox_court", "Smallpox at Court",
             "Spotted fever moves through the nurseries and the royal apartments.",
             [("Pray", [STAB(1)]), ("Call in a famous doctor", [D(-2)])], []),
        ],
        B=[
            ("new_world", "A New World",
             "Sailors return from the far side of the Ocean with parrots, gold and strange tales.",
             [("Sponsor an expedition", [D(-2), PRE(1), DIP(1)]), ("Leave it to others", [])], [S_LOST]),
            ("ninety_five_theses", "Theses on a Church Door",
             "A monk nails a list of complaints about indulgences to a church door; printers do the rest.",
             [("Defend the Church", [STAB(1), PRE(-1)]), ("Let the debate run", [ADM(1), STAB(-1)])], [S_REL]),
            ("peasants_war", "The Peasants' War",
             "Armed with scripture and pitchforks, peasants demand the old freedoms.",
             [("Crush them", [MIL(-1), STAB(1)]), ("Negotiate", [D(-2)])], [S_UNREST, S_REL]),
            ("price_revolution", "Prices Soar",
             "Bullion floods the markets; bread doubles in price and rents lag behind.",
             [("Raise taxes", [D(3), UNR(1)]), ("Leave them be", [D(-1)])], []),
            ("sack_of_rome", "The Eternal City Sacked",
             "Unpaid soldiers mutiny and plunder Rome itself; Christendom is appalled.",
             [("Condemn the outrage", [PRE(1)]), ("Offer the Pope refuge", [D(-2), PRE(2)])], [S_CARD]),
            ("landsknechte", "Landsknechte",
             "Pike companies in slashed doublets march wherever the pay is good.",
             [("Hire a regiment", [D(-3), MAN(3)]), ("Too expensive", [])], []),
            ("fugger_loan", "A Merchant Prince's Loan",
             "An Augsburg banker offers gold for an election, a war or a wedding, at a price.",
             [("Borrow", [LOAN(2), D(3)]), ("Decline", [])], []),
            ("jesuits", "A New Order",
             "A Basque soldier-turned-priest founds an order of learned missionaries.",
             [("Open a college", [D(-2), ADM(1), STAB(1)]), ("Be wary", [])], []),
            ("corsair_admiral", "A Corsair Admiral",
             "A corsair captain from Algiers leads a fleet along the coasts.",
             [("Strengthen the galleys", [D(-2), MIL(1)]), ("Hope he passes by", [UNR(1)])], [S_PIR]),
            ("copernicus", "The Sun at the Centre",
             "A canon from Prussia argues that the earth circles the sun.",
             [("Fund astronomers", [D(-1), ADM(1)]), ("Ban the book", [STAB(1)])], []),
            ("anabaptists", "Radicals in the City",
             "Radical preachers seize a city hall and proclaim the end of the world.",
             [("Besiege the city", [MIL(-1), STAB(1)]), ("Wait them out", [UNR(1)])], [S_REL, S_UNREST]),
            ("council_of_trent", "A Council of the Church",
             "Bishops gather in an Alpine town to answer the reformers and reform themselves.",
             [("Send learned delegates", [D(-1), PRE(1), STAB(1), FAITH("papal_states", "CounterReformed")])],
             [S_CARD]),
            ("spice_cargo", "Spices from the East",
             "A carrack limps home laden with pepper worth more than her weight in silver.",
             [("Buy shares", [D(3), STAB(-1)]), ("Tax the cargo", [D(2)])], [S_LOST]),
            ("enclosures", "Hedges and Sheep",
             "Landlords fence the commons for sheep and the villagers are turned out.",
             [("Back the landlords", [D(2), UNR(1)]), ("Protect the commons", [STAB(1), D(-1)])], []),
            ("art_patronage", "A Painter's Masterpiece",
             "A celebrated artist offers to paint the court in the new manner.",
             [("Commission him", [D(-3), PRE(2)]), ("Too costly", [])], []),
            ("mercator_map", "A New Map of the World",
             "A Flemish cartographer draws the whole globe on a flat sheet with straight sailing lines.",
             [("Buy copies for the fleet", [D(-1), DIP(1)])], []),
            ("ottoman_siege", "The Turk at the Gates",
             "A vast Ottoman army marches up the Danube and the bells ring in every church.",
             [("Send aid", [MAN(-2), PRE(2)]), ("Look to your own defence", [MIL(1)])], [DNPR("MAM")]),
            ("mercenary_mutiny", "Unpaid Soldiers",
             "Troops owed months of pay refuse to march and plunder the countryside.",
             [("Pay them", [D(-3)]), ("Disband them", [MAN(-2), UNR(1)])], [S_UNREST]),
            ("conquistadors", "Adventurers Overseas",
             "A few hundred adventurers topple a kingdom on the other side of the Ocean.",
             [("Take the royal fifth", [D(3)]), ("Disown them", [PRE(1)])], [S_NATIVE]),
            ("polish_diet", "A Diet of Nobles",
             "The nobles of a great commonwealth meet and argue over taxes and liberties.",
             [("Court their favour", [DIP(1)])], [DNPR("POL")]),
        ],
    ),
    3: dict(
        A=[
            ("plague_of_cities", "Plague in the Cities",
             "The pestilence returns and the carts go round every night.",
             [("Quarantine the ports", [D(-3), STAB(1)]), ("Keep trade open", [MAN(-2)])], []),
            ("little_ice_age", "The Year Without Summer",
             "Rain falls from May to September and the grain rots in the fields.",
             [("Buy grain abroad", [D(-3)]), ("Let prices rise", [UNR(2)])], []),
            ("duel_at_dawn", "A Duel at Dawn",
             "Two courtiers settle a quarrel with rapiers despite the royal ban.",
             [("Enforce the edict", [STAB(1), PRE(-1)]), ("Look away", [PRE(1)])], []),
            ("gout_and_dropsy", "Gout and Dropsy",
             "Rich food and idle days leave the great lords swollen and short of breath.",
             [("Take the waters", [D(-1)])], []),
            ("camp_dysentery", "The Bloody Flux",
             "Dysentery spreads through an army in the field faster than any enemy.",
             [("Retreat to winter quarters", [MAN(-1)]), ("Press on", [MAN(-2), PRE(1)])], [S_ATTR]),
            ("regicide_plot", "A Plot Uncovered",
             "Barrels of powder are discovered beneath a hall of assembly.",
             [("Hunt the conspirators", [STAB(1), D(-1)]), ("Show clemency", [PRE(1)])], [S_POW]),
            ("shipwreck", "Lost in a Storm",
             "A royal yacht carrying dignitaries founders in an autumn gale.",
             [("Mourn publicly", [PRE(1)])], [S_LOST]),
            ("fever_season", "Marsh Fever",
             "A summer of fevers rises from the marshes and fills the churchyards.",
             [("Drain the marshes", [D(-2), ADM(1)]), ("Endure", [MAN(-1)])], []),
        ],
        B=[
            ("wars_of_religion", "Wars of Religion",
             "Neighbours take up arms against one another in the name of faith.",
             [("Enforce the true faith", [STAB(-1), PRE(1)]), ("Proclaim toleration", [STAB(1), PRE(-1)])], [S_REL, S_UNREST]),
            ("witch_trials", "Witch Trials",
             "Fear and hunger turn villages against their own; accusations multiply.",
             [("Restrain the courts", [ADM(-1), STAB(1)]), ("Let them burn", [UNR(1)])], []),
            ("dutch_revolt", "Rebellion in the Provinces",
             "Merchant cities refuse new taxes and a prince raises the standard of revolt.",
             [("Support the rebels", [DIP(-1), PRE(1)]), ("Support order", [STAB(1)])], [S_UNREST]),
            ("east_india_company", "A Joint-Stock Company",
             "Merchants pool their capital to send fleets to the Indies.",
             [("Grant a charter", [DIP(1), EXPAND_ANY]), ("Keep trade royal", [D(1)])], [S_LOST]),
            ("tulip_mania", "Tulip Fever",
             "A single flower bulb sells for the price of a house, until one day it does not.",
             [("Speculate", [D(2), STAB(-1)]), ("Stay prudent", [ADM(1)])], []),
            ("galileo", "The Telescope",
             "An Italian professor sees moons around Jupiter through a glass tube.",
             [("Fund his studies", [D(-1), ADM(1)]), ("Side with the censors", [STAB(1)])], []),
            ("bank_of_amsterdam", "An Exchange Bank",
             "A city founds a bank whose sound money becomes the standard of commerce.",
             [("Copy the model", [ADM(-1), D(4)])], []),
            ("military_revolution", "The New Tactics",
             "Thin lines of musketeers and mobile guns sweep away the old squares of pike.",
             [("Reform the army", [D(-2), MIL(2)]), ("Trust in tradition", [])], []),
            ("privateers", "Licensed Pirates",
             "Captains with royal letters prey on enemy shipping and share the spoils with the crown.",
             [("Issue letters", [D(3), PRE(-1)]), ("Refuse", [])], [S_PIR]),
            ("armada_storm", "A Fleet Scattered",
             "A great fleet is scattered by gales around rocky northern coasts.",
             [("Rebuild", [D(-3)]), ("Count the losses", [PRE(-1)])], [S_LOST]),
            ("cardinal_minister", "The Cardinal's Intrigues",
             "A scheming prelate weaves alliances across the courts of Europe.",
             [("Pay for his services", [D(-2), DIP(2)])], [S_CARD]),
            ("thirty_years", "War Without End",
             "A quarrel in Bohemia becomes a war that devours Germany year after year.",
             [("Intervene", [MAN(-2), PRE(2)]), ("Stay out", [DIP(1)])], [S_ATTR, S_REL]),
            ("jesuit_missions", "Missions Abroad",
             "Missionaries sail to distant lands and write home of the kingdoms they find.",
             [("Support them", [D(-1), PRE(1)])], [S_NATIVE]),
            ("stock_exchange", "The Bourse",
             "Shares, bills and futures change hands in a new hall of commerce.",
             [("Tax the exchange", [D(3)])], []),
            ("counter_reformation", "The Counter-Reformation",
             "Preachers, confessors and painters win back hearts for the old Church.",
             [("Sponsor the mission", [D(-1), STAB(1), FAITH("south_germany", "CounterReformed")]),
              ("Stay neutral", [])], [S_REL]),
            ("baroque_palace", "A Baroque Palace",
             "Architects propose a palace of marble stairs and painted ceilings.",
             [("Build it", [D(-4), PRE(3)]), ("Too extravagant", [])], []),
            ("fronde", "Sling-Shot Rebels",
             "Magistrates and nobles defy the regent and barricades go up in the capital.",
             [("Negotiate", [PRE(-1), STAB(1)]), ("Call in the army", [MIL(-2)])], [S_VASS, S_UNREST]),
            ("peace_congress", "A Congress of Peace",
             "Envoys of half of Europe gather to end a generation of war.",
             [("Send a great embassy", [D(-2), PRE(2), DIP(1)])], []),
            ("cossack_host", "The Cossack Host",
             "Free horsemen of the steppe rise against their overlords.",
             [("Hire them", [D(-2), MAN(2)])], [DNPR("MOS")]),
            ("silver_fleet", "The Silver Fleet",
             "A convoy laden with silver from across the Ocean is sighted off the coast.",
             [("Borrow against it", [LOAN(1), D(3)]), ("Wait for it", [])], [S_PIR]),
        ],
    ),
    4: dict(
        A=[
            ("smallpox_epidemic", "Smallpox",
             "Smallpox strikes the great and the humble alike; inoculation is argued over in the salons.",
             [("Inoculate the court", [D(-2), STAB(1)]), ("Trust to fate", [])], []),
            ("apoplexy", "A Stroke",
             "A powerful figure collapses at table and never fully recovers his speech.",
             [("Appoint a regency council", [ADM(-1), STAB(1)])], [S_POW]),
            ("gout_attack", "Gout",
             "Crippling gout keeps a prince in his chair through a whole campaign season.",
             [("Govern from bed", [MIL(-1)])], []),
            ("duel_of_honour", "A Point of Honour",
             "An insult at the opera ends with pistols in a misty park.",
             [("Forbid duels", [STAB(1)])], []),
            ("winter_campaign", "A Winter Campaign",
             "Armies march through snow and mud; more men fall to cold than to shot.",
             [("Go into quarters", [MIL(-1)]), ("March on", [MAN(-2), PRE(1)])], [S_ATTR]),
            ("lisbon_earthquake", "The Great Earthquake",
             "A great earthquake, fire and flood destroy a capital on a holy day and shake the faith of philosophers.",
             [("Send relief", [D(-2), PRE(2)]), ("Debate providence", [ADM(1)])], []),
            ("influenza", "The Grippe",
             "A wave of influenza crosses the continent in a single winter.",
             [("Close the theatres", [D(-1)])], []),
            ("riding_accident", "A Riding Accident",
             "A young prince is thrown while hunting and the succession suddenly looks uncertain.",
             [("Secure the succession", [DIP(-1), STAB(1)])], [S_POW]),
        ],
        B=[
            ("encyclopedie", "An Encyclopaedia",
             "Philosophers compile all human knowledge in volumes that mock priests and kings alike.",
             [("Protect the editors", [ADM(1), STAB(-1)]), ("Ban it", [STAB(1), PRE(-1)])], [S_REV]),
            ("coffeehouses", "Coffeehouses",
             "Merchants, poets and plotters meet over coffee to read the newspapers.",
             [("Tax coffee", [D(2)]), ("Spy on them", [STAB(1), D(-1)])], []),
            ("royal_academy", "A Royal Academy of Sciences",
             "Savants petition for a royal academy to study nature by experiment.",
             [("Found it", [D(-2), ADM(2)])], []),
            ("south_sea_bubble", "A Bubble Bursts",
             "Shares in a trading company soar on rumours, then collapse and ruin half the court.",
             [("Bail out the investors", [D(-3), STAB(1)]), ("Let them fall", [UNR(1)])], []),
            ("jacobite_rising", "A Pretender Lands",
             "A prince in exile lands with a handful of followers and the clans rally to him.",
             [("Send the army north", [MIL(-1), STAB(1)]), ("Offer pardons", [PRE(-1)])], [S_UNREST]),
            ("agricultural_revolution", "New Husbandry",
             "Turnips, clover and seed drills double the yield of the fields.",
             [("Encourage improvers", [D(2)])], []),
            ("canal_building", "A Great Canal",
             "Engineers propose a canal joining two rivers across the watershed.",
             [("Build it", [D(-1), ADM(1)])], []),
            ("salon_philosophers", "The Salons",
             "Witty hostesses gather philosophers and ministers around their tables.",
             [("Attend", [DIP(1)])], [S_REV]),
            ("steam_engine", "The Fire Engine",
             "A steam engine pumps water from a deep mine; some dream of more.",
             [("Invest", [D(-1), ADM(1), PRE(1)])], []),
            ("standing_army", "Barracks and Drill",
             "Soldiers in uniform drill daily on parade grounds built for the purpose.",
             [("Build barracks", [D(-2), MAN(3)])], []),
            ("sugar_boom", "Sugar and Tobacco",
             "Colonial goods pour into the ports and every household craves them.",
             [("Tax the trade", [D(3)])], [S_NATIVE]),
            ("freemasons", "Secret Lodges",
             "Gentlemen in aprons meet in secret to discuss reason and brotherhood.",
             [("Join them", [DIP(1), STAB(-1)]), ("Ban them", [STAB(1)])], [S_REV]),
            ("pugachev", "A False Tsar",
             "A Cossack claiming to be the murdered tsar raises the serfs along the Volga.",
             [("Watch closely", [STAB(1)])], [S_UNREST, DNPR("MOS")]),
            ("physiocrats", "Land is the Only Wealth",
             "Economists argue that free trade in grain will enrich the kingdom.",
             [("Free the grain trade", [D(2), UNR(1)]), ("Keep controls", [STAB(1)])], []),
            ("partition", "A Kingdom Partitioned",
             "Three powers carve up a weak neighbour by agreement, without firing a shot.",
             [("Protest", [PRE(1)]), ("Seek a share", [DIP(-1), PRE(-1), D(3)])], []),
            ("colonial_revolt", "Colonists in Revolt",
             "Colonists across the Ocean refuse taxes they did not vote for and take up arms.",
             [("Support the rebels", [D(-2), PRE(2)]), ("Condemn them", [STAB(1)])], [S_REV, S_NATIVE]),
            ("mercantile_company", "A Royal Trading Company",
             "Ministers propose a privileged company to win colonial trade from rivals.",
             [("Charter it", [D(1), DIP(1)])], [S_LOST]),
            ("newspapers", "The Daily Paper",
             "Printed news appears every morning and ministers find their secrets in print.",
             [("License the press", [D(1)]), ("Censor it", [STAB(1), PRE(-1)])], [S_REV]),
            ("grain_riots", "Flour War",
             "High bread prices bring crowds into the streets to seize grain carts.",
             [("Set a fair price", [D(-2), STAB(1)]), ("Disperse them", [UNR(2)])], [S_UNREST]),
            ("naval_arms_race", "Ships of the Line",
             "Rivals race to build ever bigger ships of the line.",
             [("Build more", [D(-3), PRE(2)]), ("Economise", [])], [S_PIR]),
        ],
    ),
}

# Realm events: per Player Realm per Age, two entries:
#   (key, name, ruler, text, options, symbols)
REALM_EVENTS = {
    "FRA": {
        1: [("ordinance_companies", "The Ordinance Companies", "charles_vii",
             "The king turns the roaming companies into a paid standing army under royal captains.",
             [("Pay the companies", [D(-2), MAN(3)]), ("Disband the rest", [STAB(1)])], []),
            ("public_weal", "The League of the Public Weal", "louis_xi",
             "The great princes band together against a cunning king who trusts merchants more than dukes.",
             [("Divide them with bribes", [D(-3), STAB(1)]), ("Fight them", [MIL(-1), PRE(1)])], [S_VASS])],
        2: [("italian_wars", "Over the Alps", "charles_viii",
             "A young king leads his army over the Alps to claim a kingdom in Italy.",
             [("March on Naples", [CLAIM("naples_area"), MAN(-2)]), ("Stay at home", [STAB(1)])], []),
            ("cloth_of_gold", "The Field of the Cloth of Gold", "francis_i",
             "Two kings meet in a camp of golden tents and try to outshine each other.",
             [("Spare no expense", [D(-3), PRE(3)]), ("A modest show", [PRE(1)])], [])],
        3: [("edict_of_nantes", "An Edict of Toleration", "henry_iv_fra",
             "After decades of religious war a former heretic king grants his old comrades the right to worship.",
             [("Proclaim the edict", [STAB(2), PRE(-1)])], []),
            ("day_of_dupes", "The Day of the Dupes", "louis_xiii",
             "The queen mother demands the cardinal's dismissal; by evening it is she who falls.",
             [("Back the cardinal", [DIP(1), STAB(1)]), ("Back the queen mother", [PRE(1), STAB(-1)])], [S_POW])],
        4: [("versailles", "The Palace in the Marshes", "louis_xiv",
             "The king moves court and government to a hunting lodge turned into the most splendid palace in Europe.",
             [("Build on", [D(-4), PRE(3), STAB(1)])], []),
            ("law_system", "The Paper Money Scheme", "louis_xv",
             "A Scottish gambler promises to pay off the royal debt with paper notes and colonial shares.",
             [("Trust him", [D(5), STAB(-2)]), ("Send him away", [])], [S_REV])],
    },
    "ENG": {
        1: [("loss_of_normandy", "Normandy Slips Away", "henry_vi",
             "Truce turns to war and French guns batter down the walls of the English towns in France.",
             [("Send reinforcements", [D(-3), MAN(-1)]), ("Cut the losses", [PRE(-2), STAB(1)])], [S_VASS]),
            ("wars_of_roses", "Roses Red and White", "edward_iv",
             "Rival branches of the royal house fight for the throne and the nobility takes sides.",
             [("Crush the rival house", [MIL(-2), STAB(1)]), ("Seek a compromise", [DIP(-1)])], [S_POW, S_UNREST])],
        2: [("star_chamber", "The Star Chamber", "henry_vii",
             "A thrifty king fills the treasury and tames the nobles with fines and a court of his own.",
             [("Fine the barons", [D(4), STAB(-1)]), ("Rule by consent", [STAB(1)])], []),
            ("act_of_supremacy", "Head of the Church", "henry_viii",
             "The king breaks with Rome over his marriage and seizes the wealth of the monasteries.",
             [("Dissolve the monasteries", [D(5), STAB(-1)]), ("Make peace with Rome", [PRE(-1), STAB(1)])], [S_REL])],
        3: [("armada_defeated", "The Armada Defeated", "elizabeth_i",
             "Fireships, gales and English gunnery scatter a mighty invasion fleet.",
             [("Strike medals", [PRE(3)])], [S_LOST]),
            ("civil_war", "King against Parliament", "charles_i_eng",
             "King and Parliament raise rival armies; the kingdom splits county by county.",
             [("Raise the royal standard", [MIL(-2), MAN(2)]), ("Yield to Parliament", [STAB(1), PRE(-2)])], [S_UNREST, S_POW])],
        4: [("glorious_revolution", "A Glorious Revolution", "william_iii",
             "A Dutch prince lands with an army and the old king flees without a battle.",
             [("Accept a Bill of Rights", [STAB(1), PRE(1)])], [S_REV]),
            ("acts_of_union", "Acts of Union", "anne_gb",
             "Two kingdoms under one crown agree to a single Parliament.",
             [("Unite the realms", [PRE(2), STAB(1)])], [])],
    },
    "CAS": {
        1: [("alvaro_de_luna", "The Favourite Falls", "juan_ii",
             "The king's all-powerful favourite is arrested at last and led to the scaffold.",
             [("Rule in person", [ADM(1), STAB(-1)]), ("Pardon him", [PRE(-1)])], [S_POW]),
            ("catholic_monarchs", "The Catholic Monarchs", "isabella_i",
             "A queen of Castile marries the heir of Aragon; the crowns of Spain draw together.",
             [("Press on against Granada", [CLAIM("granada_area"), PRE(1)]), ("Reform the realm", [ADM(2)])], [])],
        2: [("comuneros", "The Revolt of the Comuneros", "charles_v",
             "Castilian cities rise against a young foreign-born king and his Flemish courtiers.",
             [("Crush the cities", [MIL(-1), STAB(1)]), ("Make concessions", [STAB(1), PRE(-1)])], [S_UNREST]),
            ("treasure_fleet", "The Treasure Fleet", "charles_v",
             "Galleons heavy with silver from the New World arrive at Seville.",
             [("Pay the bankers", [D(4)]), ("Fund the war", [MAN(2), D(1)])], [S_PIR, S_LOST])],
        3: [("bankruptcy", "The Crown Defaults", "philip_ii",
             "Despite the silver, the crown suspends payments to its Genoese bankers again.",
             [("Default", [STAB(-1), D(4)]), ("Squeeze the Cortes", [D(2), UNR(1)])], []),
            ("moriscos", "The Expulsion", "philip_iii",
             "A weak king bows to his ministers and expels the descendants of the Moors.",
             [("Expel them", [STAB(1), D(-2)]), ("Protect them", [PRE(-1)])], [S_UNREST])],
        4: [("last_habsburg", "The Bewitched King", "charles_ii_spa",
             "A sickly heirless king rules over a vast empire; all Europe waits for his will.",
             [("Summon the exorcists", [STAB(-1)]), ("Name an heir", [DIP(1), PRE(-1)])], [S_POW]),
            ("nueva_planta", "New Foundations", "philip_v",
             "A Bourbon king abolishes old regional charters and governs from Madrid.",
             [("Centralise", [ADM(2), UNR(1)])], [])],
    },
    "POR": {
        1: [("navigators", "The Navigators", "afonso_v",
             "A prince's captains push their caravels ever further down the African coast.",
             [("Fund the voyages", [D(-2), DIP(2)]), ("Take the profits", [D(2)])], [S_LOST]),
            ("cape_rounded", "Round the Cape", "joao_ii",
             "A captain rounds the stormy southern cape of Africa and returns to tell the tale.",
             [("Push on to India", [D(-2), PRE(2)])], [S_LOST])],
        2: [("road_to_india", "The Sea Road to India", "manuel_i",
             "A fleet reaches the pepper markets of India by sea and returns with a fortune.",
             [("Found trading forts", [D(3)]), ("Celebrate", [PRE(2)])], [S_NATIVE]),
            ("inquisition_portugal", "The Holy Office", "joao_iii",
             "A pious king invites the Inquisition into his kingdom.",
             [("Welcome it", [STAB(1), D(-1)]), ("Resist Rome", [PRE(-1)])], [S_REL])],
        3: [("alcacer_quibir", "The Desired King", "sebastian",
             "A young king dreams of crusade and leads his nobility into Morocco.",
             [("Cross to Africa", [MAN(-3), CB("MOR")]), ("Stay home", [PRE(-1)])], [S_ATTR]),
            ("restoration", "The Restoration", "joao_iv",
             "After sixty years under a foreign crown, nobles acclaim a duke as king.",
             [("Defend the crown", [MIL(-1), PRE(2)])], [S_POW])],
        4: [("methuen_treaty", "Wine for Wool", "pedro_ii",
             "A treaty swaps port wine for woollen cloth and binds the kingdom to an old ally.",
             [("Sign", [D(3), DIP(1)])], []),
            ("brazilian_gold", "Gold from the Mines", "joao_v",
             "Gold from inland mines pours into Lisbon and pays for gilded churches.",
             [("Gild the churches", [D(2), PRE(2)]), ("Save it", [D(4)])], [S_NATIVE])],
    },
    "HAB": {
        1: [("aeiou", "A.E.I.O.U.", "frederick_iii",
             "The emperor writes five vowels on everything he owns: Austria is destined to rule the world.",
             [("Be patient", [STAB(1), PRE(1)])], []),
            ("burgundian_match", "The Burgundian Match", "maximilian_i",
             "The emperor's son marries the heiress of Burgundy and her rich provinces.",
             [("Claim the inheritance", [CLAIM("low_countries"), DIP(1)])], [DNPR("BUR")])],
        2: [("siege_of_vienna", "Vienna Besieged", "ferdinand_i",
             "The Sultan's army surrounds Vienna; the walls and the autumn rains hold.",
             [("Hold the walls", [MAN(-2), PRE(2)])], [S_ATTR]),
            ("fortunate_marriages", "Let Others Wage War", "maximilian_i",
             "Through marriages, not battles, the dynasty gathers crowns across Europe.",
             [("Arrange the marriages", [DIP(2), PRE(1)])], [])],
        3: [("defenestration", "Out of the Window", "ferdinand_ii",
             "Protestant nobles throw the emperor's officials from a castle window in Prague.",
             [("Crush Bohemia", [MIL(-2), CLAIM("bohemia")]), ("Negotiate", [STAB(-1)])], [S_REL, S_UNREST]),
            ("rudolf_court", "The Emperor's Cabinet", "rudolf_ii",
             "A melancholy emperor collects alchemists, astronomers and curiosities in his castle.",
             [("Indulge him", [D(-2), ADM(1), PRE(1)]), ("Let his brother rule", [STAB(1)])], [S_POW])],
        4: [("great_turkish_war", "The Great Turkish War", "leopold_i",
             "The Ottomans are broken before Vienna and the armies roll down the Danube.",
             [("Reconquer Hungary", [MAN(-2), PRE(3)])], [DNPR("HUN")]),
            ("pragmatic_sanction", "The Pragmatic Sanction", "charles_vi",
             "An emperor without sons spends his reign begging Europe to accept his daughter.",
             [("Buy recognition", [D(-3), DIP(2)]), ("Build an army", [MIL(2)])], [S_POW])],
    },
    "TUR": {
        1: [("fall_of_constantinople", "The Queen of Cities", "mehmed_ii",
             "A young sultan drags ships overland and breaches the ancient walls with giant cannon.",
             [("Storm the city", [CB("BYZ"), MAN(-2), PRE(2)])], []),
            ("murad_abdicates", "The Sultan Retires", "murad_ii",
             "A weary sultan hands the throne to his young son, then returns when the crusaders march.",
             [("Return to command", [MIL(1), PRE(1)]), ("Trust the boy", [STAB(-1)])], [S_POW])],
        2: [("conquest_of_egypt", "South to Cairo", "selim_i",
             "A grim sultan crushes the Mamluks and becomes guardian of the holy cities.",
             [("March on Cairo", [CB("MAM"), PRE(2)])], [S_ATTR]),
            ("the_lawgiver", "The Lawgiver", "suleiman",
             "A magnificent sultan codifies the laws of the empire.",
             [("Issue the codes", [ADM(2), STAB(1)])], [])],
        3: [("lepanto", "Defeat at Sea", "selim_ii",
             "A Christian league smashes the fleet in a single afternoon; the shipyards rebuild it in a winter.",
             [("Rebuild the fleet", [D(-4), PRE(1)]), ("Accept the loss", [PRE(-2)])], [S_LOST]),
            ("murad_iron", "The Iron Sultan", "murad_iv",
             "A stern sultan bans coffee and tobacco and restores order with the executioner's sword.",
             [("Restore order", [STAB(2), PRE(-1)])], [S_POW])],
        4: [("koprulu", "The Koprulu Viziers", "mehmed_iv",
             "A family of grand viziers restores the finances and the army of the empire.",
             [("Grant them power", [ADM(2), MIL(1)])], [S_VASS]),
            ("tulip_period", "The Tulip Period", "ahmed_iii",
             "Gardens, pavilions and the first printing press bloom in the capital.",
             [("Enjoy the peace", [PRE(2), D(-2)]), ("Prepare for war", [MIL(1)])], [])],
    },
}


def events():
    out = []
    mort = 0
    for age in (1, 2, 3, 4):
        ev = AGE_EVENTS[age]
        assert len(ev["A"]) == 8 and len(ev["B"]) == 20, (age, len(ev["A"]), len(ev["B"]))
        for i, (key, name, text, options, symbols) in enumerate(ev["A"]):
            out.append(dict(id=f"a{age}_{key}", name=name, age=age, half=1 if i < 4 else 2, kind="A",
                            realm=None, text=text, options=_opts(options),
                            symbols=[("Mortality", mort % 6 + 1)] + list(symbols), ruler=None))
            mort += 1
        for i, (key, name, text, options, symbols) in enumerate(ev["B"]):
            out.append(dict(id=f"b{age}_{key}", name=name, age=age, half=1 if i < 10 else 2, kind="B",
                            realm=None, text=text, options=_opts(options), symbols=list(symbols), ruler=None))
        for realm in ("FRA", "ENG", "CAS", "POR", "HAB", "TUR"):
            entries = REALM_EVENTS[realm][age]
            assert len(entries) == 2
            for i, (key, name, ruler, text, options, symbols) in enumerate(entries):
                out.append(dict(id=f"r{age}_{realm.lower()}_{key}", name=name, age=age, half=i + 1,
                                kind="Realm", realm=realm, text=text, options=_opts(options),
                                symbols=list(symbols), ruler=ruler))
    return out


def _opts(options):
    return [dict(label=label, effects=list(effects)) for label, effects in options]


# ---------------------------------------------------------------------------
# Action cards: (key, name, cost, ducats, text, effects, character)
# ---------------------------------------------------------------------------
ACTION_CARDS = {
    "Adm": [
        ("tax_reform", "Tax Reform", 2, 0, "Royal assessors rewrite the tax rolls town by town.", [D(4)], "jacques_coeur"),
        ("royal_audit", "Royal Audit", 1, 0, "Clerks comb the accounts of crooked tax farmers.", [D(2)], "luca_pacioli"),
        ("codify_laws", "Codify the Laws", 2, 0, "Jurists gather the customs of the provinces into one code.", [STAB(1)], "thomas_cromwell"),
        ("sell_offices", "Sell Offices", 1, 0, "Judgeships and magistracies go to the highest bidder.", [D(4), PRE(-1)], "duke_of_sully"),
        ("grain_stores", "Royal Granaries", 2, 0, "Granaries are filled in good years to feed the army in bad ones.", [MAN(2)], "francisco_cisneros"),
        ("found_university", "Found a College", 3, 3, "A college is endowed to train lawyers and clerks for the crown.", [PRE(2), DIP(1)], "francisco_cisneros"),
        ("repay_bankers", "Repay the Bankers", 2, 3, "Paying the crown's creditors on time restores its good name.", [STAB(1), PRE(1)], "jakob_fugger"),
        ("suppress_brigands", "Suppress Brigands", 1, 0, "Mounted constables clear the highways of robbers.", [STAB(1), MAN(-1)], "sokollu_mehmed"),
        ("merchant_charter", "Merchant Charter", 2, 0, "A charter grants merchants privileges in return for loans and duties.", [D(3), DIP(1)], "jean_baptiste_colbert"),
        ("debase_coinage", "Debase the Coinage", 1, 0, "The mint adds a little more copper to every coin.", [D(5), STAB(-1)], "jakob_fugger"),
        ("centralise_treasury", "Centralise the Treasury", 3, 0, "Revenues flow into a single royal treasury under one minister.", [D(6)], "jean_baptiste_colbert"),
        ("public_works", "Public Works", 2, 4, "Bridges, roads and harbour walls are built at royal expense.", [PRE(1), STAB(1)], "sokollu_mehmed"),
        ("patronage", "Patronage of the Arts", 2, 5, "Painters, poets and architects sing the glory of the crown.", [PRE(3)], "jacques_coeur"),
        ("land_survey", "Land Survey", 1, 0, "Surveyors measure every field so that none escapes the tax.", [D(2), UNR(1), ADM(1)], "duke_of_sully"),
        ("reform_council", "Reform the Council", 2, 2, "The royal council is reorganised into departments with clear duties.", [ANY(2), STAB(1)], "thomas_cromwell"),
        # added for issue 6 (30+ per deck)
        ("royal_exchange", "Royal Exchange", 2, 0, "A great bourse opens where merchants of every nation trade bills under one roof.", [D(3), PRE(1)], "thomas_gresham"),
        ("restore_coinage", "Restore the Coinage", 2, 2, "Clipped and debased coins are called in and struck again at full weight.", [STAB(1), PRE(1)], "thomas_gresham"),
        ("secretary_of_state", "Secretary of State", 2, 0, "One tireless secretary reads every letter that reaches the sovereign.", [ANY(3)], "william_cecil"),
        ("poor_laws", "Poor Laws", 1, 2, "Each parish must feed its own poor, and idle vagrants are set to work.", [STAB(1)], "william_cecil"),
        ("great_cadastre", "The Great Register", 3, 0, "Every field, mill and fishpond of the realm is entered in one register.", [D(5), STAB(1), UNR(1)], "count_olivares"),
        ("union_of_arms", "Union of Arms", 3, 0, "Every kingdom of the crown must raise and pay its share of one common army.", [MAN(3), D(3), UNR(1)], "count_olivares"),
        ("fief_survey", "Survey of the Fiefs", 2, 0, "Military fiefs are surveyed anew and idle holders replaced with loyal men.", [MAN(2), D(2)], "rustem_pasha"),
        ("salt_excise", "Duty on Salt", 1, 0, "Every sack of salt pays a small duty at the town gate.", [D(3), UNR(1)], "rustem_pasha"),
        ("grand_vizier", "A Strong First Minister", 3, 0, "A capable minister takes the whole weight of government on his own shoulders.", [STAB(1), ANY(2)], "koprulu_mehmed"),
        ("chancellors_seal", "The Chancellor's Seal", 1, 0, "A shrewd chancellor turns a heap of petitions into grants that pay.", [PRE(1), D(1)], "nicolas_rolin"),
        ("found_hospital", "Found a Hospital", 3, 3, "A great hospital for the sick poor is endowed, and the founder's name is blessed.", [PRE(2), STAB(1)], "nicolas_rolin"),
        ("council_of_the_indies", "Council for the Colonies", 2, 0, "A council at home governs lands across the ocean from a desk in the capital.", [D(2), DIP(1), PRE(1)], "francisco_de_los_cobos"),
        ("paper_king", "The Paper King", 1, 0, "The sovereign reads and annotates every dispatch alone, far into the night.", [ANY(3), ILL], "francisco_de_los_cobos"),
        ("dissolve_monasteries", "Seize the Abbey Lands", 2, 0, "Rich abbeys are closed and their lands sold to eager gentry.", [D(6), UNR(1)], "thomas_cromwell"),
        ("six_books", "Six Books on the State", 1, 0, "A jurist argues that sovereignty cannot be divided, and the crown takes note.", [ADM(1), PRE(1)], "jean_bodin"),
        ("bankers_gold", "Bankers' Gold", 1, 0, "A banking house advances gold against the output of the royal mines.", [LOAN(1), D(3)], "jakob_fugger"),
    ],
    "Dip": [
        ("royal_marriage", "Royal Marriage", 2, 0, "A well-chosen match binds two houses together.", [PRE(1), STAB(1)], "thomas_wolsey"),
        ("send_envoys", "Send Envoys", 1, 0, "Ambassadors with rich gifts travel to foreign courts.", [PRE(1)], "ogier_de_busbecq"),
        ("trade_agreement", "Trade Agreement", 1, 0, "A treaty opens foreign markets to your merchants.", [D(3)], "hugo_grotius"),
        ("papal_dispensation", "Papal Dispensation", 2, 2, "A favour from Rome smooths a delicate matter at home.", [STAB(1), PRE(1)], "cardinal_richelieu"),
        ("subsidise_ally", "Subsidise an Ally", 1, 3, "Gold sent abroad buys a grateful friend.", [PRE(2)], "axel_oxenstierna"),
        ("foreign_loan", "Foreign Credit", 1, 0, "Foreign bankers advance money on the strength of your alliances.", [LOAN(1), D(2)], "niccolo_machiavelli"),
        ("mediation", "Mediation", 2, 0, "Your envoys end a quarrel between two neighbours and win their respect.", [PRE(2)], "wenzel_kaunitz"),
        ("colonial_charter", "Colonial Charter", 2, 2, "A charter licenses adventurers to settle distant shores.", [PRE(1), ADM(1)], "henry_the_navigator"),
        ("claim_italy", "Rights in Italy", 2, 0, "Old marriage contracts reveal a claim to the duchy of Milan.", [CLAIM("lombardy")], "niccolo_machiavelli"),
        ("claim_granada", "Reconquest", 2, 0, "Preachers call for the completion of the reconquest of Spain.", [CLAIM("granada_area")], "hugo_grotius"),
        ("claim_hungary", "The Crown of Saint Stephen", 2, 0, "An inheritance treaty names you heir to the Hungarian crown.", [CLAIM("hungary")], "ogier_de_busbecq"),
        ("claim_brittany", "Breton Succession", 2, 0, "The duke of Brittany has no son, and his daughter is a fine match.", [CLAIM("brittany")], "thomas_wolsey"),
        ("insult_venice", "Quarrel with Venice", 1, 0, "Your merchants are mistreated in Venetian ports.", [CB("VEN")], "cardinal_richelieu"),
        ("insult_milan", "Affront from Milan", 1, 0, "A Milanese envoy insults your crown before the whole court.", [CB("MLO")], "niccolo_machiavelli"),
        ("discovery_voyage", "A Voyage of Discovery", 2, 3, "A captain is commissioned to seek a new route across the ocean.", [PRE(1), DIP(1)], "henry_the_navigator"),
        # added for issue 6 (30+ per deck)
        ("bought_peace", "A Peace Bought with Gold", 1, 3, "An invading king is paid to go home, and both sides call it a treaty.", [PRE(1), STAB(1)], "philippe_de_commynes"),
        ("memoirs", "A Diplomat's Memoirs", 1, 0, "An old envoy's account of kings and their follies is read in every court.", [DIP(1), PRE(1)], "philippe_de_commynes"),
        ("claim_naples", "The Angevin Inheritance", 2, 0, "An old will leaves the crown of Naples to a house that has not held it for years.", [CLAIM("naples_area")], "philippe_de_commynes"),
        ("spymaster", "The Spymaster", 2, 0, "Intercepted letters expose a plot hatched across the northern border.", [STAB(1), CB("SCO")], "francis_walsingham"),
        ("secret_treaty", "A Secret Treaty", 2, 0, "Hidden clauses promise more than either sovereign means to keep.", [ANY(2), PRE(1)], "francis_walsingham"),
        ("congress_of_peace", "A Congress of Peace", 3, 0, "Envoys of half of Europe spend years in two small towns and settle a generation of wars.", [PRE(3), STAB(1)], "cardinal_mazarin"),
        ("league_of_the_rhine", "League of the Rhine", 1, 0, "German princes pledge to keep foreign armies out of their lands, with your blessing.", [PRE(1), DIP(1)], "cardinal_mazarin"),
        ("capitulations", "Trade Capitulations", 2, 0, "A sultan's grant lets your merchants trade freely in the ports of the Levant.", [D(4), PRE(1)], "ibrahim_pasha"),
        ("unholy_alliance", "An Unlikely Alliance", 1, 0, "A Christian king and the sultan discover that they share an enemy.", [DIP(2), PRE(-1)], "ibrahim_pasha"),
        ("triple_alliance", "Triple Alliance", 2, 0, "Three powers bind themselves by treaty to stop a fourth.", [PRE(2), DIP(1)], "william_temple"),
        ("life_annuities", "Life Annuities", 2, 0, "A mathematician-statesman prices annuities so well that the state borrows cheaply.", [LOAN(1), D(3), STAB(1)], "johan_de_witt"),
        ("papal_legate", "A Papal Legate", 2, 2, "A silver-tongued legate crosses the Alps with letters that open every door.", [PRE(2), DIP(1)], "enea_piccolomini"),
        ("insult_bohemia", "Heretics in Bohemia", 1, 0, "Preachers in Prague denounce your bishops from the pulpit.", [CB("BOH")], "enea_piccolomini"),
        ("claim_low_countries", "The Burgundian Dowry", 2, 0, "A duke's heiress brings the rich towns of the Low Countries as her dowry.", [CLAIM("low_countries")], "cardinal_granvelle"),
        ("insult_genoa", "Quarrel with Genoa", 1, 0, "Genoese bankers call in a royal debt at the worst possible moment.", [CB("GEN")], "cardinal_granvelle"),
        ("commercial_growth", "Commercial Growth", 2, 0, "Warehouses, a bourse and a crowded harbour make one market the meeting place of a whole region.", [EXPAND_ANY], "hugo_grotius"),
        ("claim_danubia", "Protector of the Principalities", 2, 0, "Boyars fleeing their prince beg for your protection and offer their homage.", [CLAIM("danubia")], "ogier_de_busbecq"),
        # "Man of the Church" cards of the Papal Curia (19.1): a cardinal for a Catholic realm
        ("man_of_the_church", "A Man of the Church", 2, 0, "A trusted bishop of your court is raised to the College of Cardinals.", [CARDINAL], "cardinal_granvelle"),
        ("red_hat", "The Red Hat", 2, 2, "Rich gifts to Rome win a cardinal's hat for the younger son of a loyal house.", [CARDINAL, PRE(1)], "cardinal_mazarin"),
        ("friends_in_conclave", "Friends in the Conclave", 1, 0, "A prelate in your pay speaks for your crown whenever the cardinals meet.", [CARDINAL], "enea_piccolomini"),
    ],
    "Mil": [
        ("raise_levies", "Raise Levies", 1, 0, "The feudal levy is called out from every shire.", [MAN(2)], "jean_de_dunois"),
        ("hire_mercenaries", "Hire Mercenaries", 1, 4, "A mercenary company signs on for a season's pay.", [MAN(3)], "andrea_doria"),
        ("fortify_border", "Fortify the Border", 2, 0, "Engineers build bastions along the frontier.", [STAB(1)], "sebastien_vauban"),
        ("drill_troops", "Drill the Troops", 2, 0, "Daily drill turns peasants into soldiers.", [PRE(1), MAN(1)], "maurice_of_nassau"),
        ("border_raid", "Border Raid", 1, 0, "Light horse burn and loot across the border.", [D(2), PRE(1)], "john_hunyadi"),
        ("military_reform", "Military Reform", 3, 3, "Regiments, ranks and pay are reorganised from top to bottom.", [MAN(3), STAB(1)], "marquis_de_louvois"),
        ("naval_buildup", "Naval Build-up", 2, 3, "New warships slide down the slipways.", [PRE(2)], "michiel_de_ruyter"),
        ("crush_rebels", "Crush the Rebels", 2, 0, "Troops restore order in a rebellious province.", [STAB(1)], "tilly"),
        ("conscription", "Conscription", 2, 0, "Every parish must send its quota of young men.", [MAN(4), UNR(1)], "wallenstein"),
        ("victory_parade", "Victory Parade", 1, 0, "Captured banners are paraded through the capital.", [PRE(2), D(-2)], "eugene_of_savoy"),
        ("artillery_train", "Artillery Train", 2, 2, "Bronze guns are cast and horses bought to haul them.", [MIL(1), MAN(1)], "jean_bureau"),
        ("punitive_expedition", "Punitive Expedition", 2, 0, "Corsair raids demand a reply against their home port.", [CB("TUN")], "hayreddin_barbarossa"),
        ("crusade_balkans", "Crusade in the Balkans", 3, 0, "Soldiers of the cross march to free the Balkan Christians.", [CLAIM("serbia_and_bosnia")], "skanderbeg"),
        ("veteran_captains", "Veteran Captains", 2, 0, "Seasoned captains train the next generation of officers.", [MIL(1), PRE(1)], "gonzalo_de_cordoba"),
        ("fortress_engineers", "Fortress Engineers", 1, 2, "Engineers in the new Italian style rebuild the old walls.", [STAB(1)], "francesco_di_giorgio"),
        # added for issue 6 (30+ per deck)
        ("ordinance_companies", "Companies of Ordinance", 2, 2, "The first permanent companies of paid men-at-arms ride under the royal banner.", [MAN(2), STAB(1)], "arthur_de_richemont"),
        ("longbowmen", "Longbowmen", 1, 0, "Yeomen who have practised at the butts every Sunday since boyhood.", [MAN(1), PRE(1)], "john_talbot"),
        ("seize_the_straits", "Seize the Straits", 3, 0, "A fortress at the mouth of a strait commands the trade of an ocean.", [D(4), PRE(2)], "afonso_de_albuquerque"),
        ("spanish_road", "The Road to Flanders", 2, 0, "A chain of friendly valleys carries the army from Italy to the North Sea.", [MAN(2), MIL(1)], "duke_of_alba"),
        ("corsair_admiral", "A Corsair Admiral", 2, 0, "A famous corsair enters your service with his ships, his men and his loot.", [D(3), MAN(1), PRE(1)], "turgut_reis"),
        ("victory_at_sea", "Victory off the Islands", 2, 0, "An enemy fleet is caught at anchor and scattered.", [PRE(2), D(2)], "piyale_pasha"),
        ("tercio_veterans", "Veterans of the Tercios", 3, 0, "Pikemen and musketeers who have marched across half of Europe.", [MAN(3), PRE(1)], "alexander_farnese"),
        ("rhine_campaign", "Campaign on the Rhine", 3, 0, "An army crosses from Flanders and takes the Palatinate in a single season.", [CLAIM("rhineland"), PRE(1)], "ambrogio_spinola"),
        ("charge_at_rocroi", "The Decisive Charge", 2, 0, "A young prince wheels his horse around the enemy and breaks the old infantry.", [PRE(3), MAN(-1)], "grand_conde"),
        ("new_model_army", "A New Model Army", 2, 2, "Godly troopers who pray before the charge and never break.", [MAN(2), STAB(1)], "oliver_cromwell"),
        ("generals_at_sea", "Generals at Sea", 2, 0, "A soldier given command of the fleet teaches it to fight in line.", [PRE(2), MIL(1)], "robert_blake"),
        ("grand_army", "The Grand Army Marches", 3, 2, "The largest army in living memory sets out in spring with siege guns and camels.", [MAN(4), PRE(1)], "kara_mustafa"),
        ("fortified_lines", "Lines No Army Can Pass", 2, 0, "Fieldworks stretch for a hundred miles along the frontier.", [STAB(1), MAN(1)], "marshal_villars"),
        ("armed_caravels", "Armed Caravels", 1, 0, "Small fast ships carry guns enough to hold off any coastal fleet.", [PRE(1), D(1)], "pedro_alvares_cabral"),
        ("military_frontier", "The Military Frontier", 2, 0, "Settlers on the border hold land in return for service against raiders.", [MAN(3)], "raimondo_montecuccoli"),
        ("against_the_khan", "Against the Khan", 1, 0, "Horsemen from the steppe burn the border villages once too often.", [CB("CRI")], "john_hunyadi"),
        ("war_of_granada", "The War of Granada", 2, 0, "Year after year the royal host lays waste the fertile valleys of the last emirate.", [CB("GRA"), MAN(1)], "gonzalo_de_cordoba"),
    ],
}


def action_cards():
    out = []
    for deck in ("Adm", "Dip", "Mil"):
        for key, name, cost, ducats, text, effects, char in ACTION_CARDS[deck]:
            out.append(dict(id=f"{deck.lower()}_{key}", name=name, deck=deck, cost=cost, ducats=ducats,
                            text=text, effects=list(effects), character=char))
    return out


# ---------------------------------------------------------------------------
# Ideas: (key, name, kind, basic, age, cost, text)
# ---------------------------------------------------------------------------
IDEAS = [
    ("adm_bureaucracy", "Bureaucracy", "Adm", True, 1, 3, "Salaried clerks keep records and collect taxes in the king's name."),
    ("adm_humanism", "Humanism", "Adm", False, 1, 4, "Learning from the ancients shapes a new class of educated officials."),
    ("adm_printing_press", "Printing Press", "Adm", False, 1, 4, "Pamphlets, edicts and almanacs carry the crown's word faster than any herald."),
    ("adm_centralisation", "Centralisation", "Adm", False, 2, 5, "Royal intendants take over the business of government from the provincial lords."),
    ("adm_public_banking", "Public Banking", "Adm", False, 2, 5, "A chartered bank lends to the crown against the revenues of the realm."),
    ("adm_mercantilism", "Mercantilism", "Adm", False, 2, 5, "The realm hoards bullion and protects its manufactures."),
    ("adm_absolutism", "Absolute Monarchy", "Adm", False, 3, 7, "The crown rules without estates, answerable to God alone."),
    ("adm_parliament", "Parliamentary Monarchy", "Adm", False, 3, 6, "The estates vote the taxes, and in return the crown's debts become the nation's."),
    ("adm_enlightenment", "Enlightened Despotism", "Adm", False, 4, 8, "Reason, statistics and reform guide the ministers of an all-powerful crown."),
    ("adm_revolutionary_regime", "Revolutionary Regime", "Adm", False, 4, 7, "The old order is swept away; committees and citizen soldiers govern in the name of the nation."),
    ("dip_diplomatic_corps", "Diplomatic Corps", "Dip", True, 1, 3, "Permanent embassies keep watch on every court."),
    ("dip_quest_for_the_new_world", "Quest for the New World", "Dip", False, 1, 4, "Captains who sail beyond the charts find coasts no European has seen, and claim them."),
    ("dip_exploration", "Exploration", "Dip", False, 1, 4, "Navigators and cartographers chart the way to distant shores."),
    ("dip_cabinet", "Cabinet", "Dip", False, 1, 5, "A small council of trusted ministers tends the crown's many friendships abroad."),
    ("dip_merchant_republic", "Merchant Republic", "Dip", False, 2, 6, "The great merchant houses sit in the council and steer the state by the ledger."),
    ("dip_colonial_ventures", "Colonial Ventures", "Dip", False, 2, 6, "Chartered settlers and traders plant the flag overseas."),
    ("dip_espionage", "Espionage", "Dip", False, 3, 6, "Paid informers in foreign courts learn which lords can be bought, and for how much."),
    ("dip_naval_power", "Naval Power", "Dip", False, 3, 6, "Great fleets protect trade and carry war to distant coasts."),
    ("dip_balance_of_power", "Balance of Power", "Dip", False, 4, 8, "Alliances shift to keep any one crown from dominating the rest."),
    ("mil_standing_army", "Standing Army", "Mil", True, 1, 3, "Permanent paid companies replace the feudal host."),
    ("mil_professional_officers", "Professional Officers", "Mil", False, 1, 5, "Officers learn their trade in schools rather than by birth."),
    ("mil_militia", "Provincial Militia", "Mil", False, 1, 4, "Every county keeps a muster roll of men trained to arms on feast days."),
    ("mil_military_revolution", "Military Revolution", "Mil", False, 2, 6, "Gunpowder, bastions and drill transform the art of war."),
    ("mil_naval_gunnery", "Naval Gunnery", "Mil", False, 2, 5, "Broadside guns on a stout hull turn a warship into a floating fortress."),
    ("mil_drill", "Linear Drill", "Mil", False, 3, 7, "Disciplined volleys from long thin lines dominate the battlefield."),
    ("mil_military_monarchy", "Military Monarchy", "Mil", False, 3, 7, "The sovereign rides at the head of the army and the nobility serves as its officers."),
    ("mil_mass_conscription", "Mass Conscription", "Mil", False, 4, 8, "The whole nation is called to arms."),
]


# What each Idea does (house-rule values: the cards' printed effects are not public; see
# docs/rules_notes.md, "Ideas"). Every Idea does something the engine applies.
IDEA_EFFECTS = {
    "adm_bureaucracy": [("Income", 2)],
    "adm_humanism": [("Skill", "Adm", 1)],
    "adm_printing_press": [("HandLimit", 1)],
    "adm_centralisation": [("StabilityCost", 1)],
    "adm_public_banking": [("Loans", 2)],
    "adm_mercantilism": [("Income", 3)],
    "adm_absolutism": [("StablePrestige", 1), ("StabilityCost", 1), ("Skill", "Adm", 1)],
    "adm_parliament": [("Income", 1), ("Loans", 2), ("Skill", "Dip", 1)],
    "adm_enlightenment": [("Skill", "Adm", 1), ("StablePrestige", 1), ("AdvisorCost", 1)],
    "adm_revolutionary_regime": [("Revolutionary",), ("Skill", "Mil", 1), ("Manpower", 3)],
    "dip_diplomatic_corps": [("Skill", "Dip", 1)],
    "dip_quest_for_the_new_world": [("QuestForTheNewWorld",)],
    "dip_exploration": [("ExploreRerolls", 1)],
    "dip_cabinet": [("Alliances", 1)],
    "dip_merchant_republic": [("TradeIncome", 2), ("Skill", "Dip", 1)],
    "dip_colonial_ventures": [("Income", 2)],
    "dip_espionage": [("Influence", 1)],
    "dip_naval_power": [("NavalDice", 1)],
    "dip_balance_of_power": [("Skill", "Dip", 1), ("StablePrestige", 1)],
    "mil_standing_army": [("Skill", "Mil", 1)],
    "mil_professional_officers": [("LeaderCost", 1)],
    "mil_militia": [("Manpower", 2)],
    "mil_military_revolution": [("Artillery",)],
    "mil_naval_gunnery": [("NavalDice", 1)],
    "mil_drill": [("Tercios",)],
    "mil_military_monarchy": [("Skill", "Mil", 1), ("Manpower", 2)],
    "mil_mass_conscription": [("Manpower", 3)],
}
# Government forms: a realm holds one at a time (researching another replaces it). Each adds
# 1 MP of income (FACTS 4 D: "some Government-form Ideas add more") and a trait of its own.
GOVERNMENT_IDEAS = {"adm_absolutism", "adm_parliament", "adm_enlightenment", "adm_revolutionary_regime",
                    "dip_merchant_republic",
                    "mil_military_monarchy"}
assert all(key in IDEA_EFFECTS for key, *_ in IDEAS), "every Idea must do something"


def ideas():
    return [dict(id=key, name=name, kind=kind, basic=basic, age=age, cost=cost, text=text,
                 government=key in GOVERNMENT_IDEAS, effects=IDEA_EFFECTS.get(key, []))
            for key, name, kind, basic, age, cost, text in IDEAS]


# ---------------------------------------------------------------------------
# Missions (17.2) and Milestones (17.3). Conditions use the `Condition` enum of
# src/rulesets/pop/content/schema.rs, written as tuples like the effects:
#   ("Province", p) ("ProvincesIn", area, n) ("WholeArea", area) ("Provinces", n) ("TaxIncome", n)
#   ("Towns", n) ("CoreTokens", n) ("Claims", n) ("ClaimOn", area) ("Alliances", n) ("Marriages", n)
#   ("AlliedWith", realm) ("Ideas", n) ("IdeasOf", "Adm", n) ("Stability", n) ("Treasury", n)
#   ("NoLoans",) ("Prestige", n) ("NoUnrest",) ("AtPeace",) ("WonWarAgainst", realm) ("WarsWon", n)
#   ("Army", n) ("Fleet", n) ("Discovered", continent) ("Religion", "Protestant") ("Advisors", n)
#   ("ProvincesInAreas", [areas...], n) ("AnyOf", [conditions...])
# Nothing here may hold at the start of the game (a test checks it). Rewards ask no choice.
# ---------------------------------------------------------------------------
def PROV(p): return ("Province", p)
def IN(area, n): return ("ProvincesIn", area, n)
def WHOLE(area): return ("WholeArea", area)
def CLAIM_ON(area): return ("ClaimOn", area)
def ALLIED(r): return ("AlliedWith", r)
def BEAT(r): return ("WonWarAgainst", r)
def DISC(c): return ("Discovered", c)
def ANY_OF(*conds): return ("AnyOf", list(conds))
def C(name, *args): return (name, *args)
NO_LOANS = ("NoLoans",)
NO_UNREST = ("NoUnrest",)
AT_PEACE = ("AtPeace",)

# (key, name, starting, requires, prestige, text, conditions, reward)
MISSIONS = {
    "FRA": [
        ("normandy", "Drive the English from Normandy", True, [], 6,
         "The leopards still fly over Rouen. Take the duchy back for the crown of France.",
         [WHOLE("normandy")], [STAB(1)]),
        ("guyenne", "Recover Guyenne", True, [], 6,
         "Bordeaux and its wine trade have served English kings for three centuries. End it.",
         [PROV("bordeaux")], [D(5)]),
        ("brittany", "Bind Brittany to the Crown", True, [], 4,
         "The dukes of Brittany play England against France. Bring them to heel, by treaty or by arms.",
         [ANY_OF(PROV("nantes"), ALLIED("BRI"))], [DIP(1)]),
        ("provence", "Inherit Provence", False, ["brittany"], 4,
         "The last of the Angevin line holds Provence and its harbour at Marseille.",
         [PROV("provence")], [ADM(1)]),
        ("burgundy", "Humble Burgundy", False, ["normandy", "guyenne"], 6,
         "The Valois dukes of Burgundy rule like kings. Show them who wears the crown.",
         [BEAT("BUR")], [MIL(2)]),
        ("rhine", "The Road to the Rhine", False, ["burgundy"], 6,
         "Franche-Comte, Luxembourg and Lorraine would make a shield for Champagne.",
         [IN("burgundy", 2)], [CLAIM("rhineland")]),
        ("italy", "The Italian Wars", False, ["provence", "burgundy"], 7,
         "Old Angevin and Orleans rights give France claims on Naples and Milan.",
         [ANY_OF(PROV("milan"), PROV("naples"))], [PRE(2)]),
        ("absolutism", "The King Rules Alone", False, [], 5,
         "Estates, parlements and princes of the blood must learn to obey one master.",
         [C("IdeasOf", "Adm", 2), C("Stability", 2)], [ADM(2)]),
    ],
    "ENG": [
        ("scotland", "Subdue the Scots", True, [], 5,
         "The auld alliance of Scotland and France threatens the north. Break it.",
         [ANY_OF(IN("scotland", 1), BEAT("SCO"))], [MIL(1)]),
        ("ireland", "The Lordship of Ireland", True, [], 4,
         "Beyond the Pale the Gaelic lords ignore the king's writ. Extend it.",
         [IN("ireland", 2)], [ADM(1)]),
        ("navy", "Ruler of the Narrow Seas", True, [], 4,
         "A royal navy of great ships will guard the Channel and the wool trade.",
         [C("Fleet", 6)], [D(3), EXPAND("channel")]),
        ("union", "Union of the Crowns", False, ["scotland"], 6,
         "One king from the Channel to the Orkneys.",
         [WHOLE("scotland")], [STAB(1)]),
        ("all_ireland", "The Kingdom of Ireland", False, ["ireland"], 5,
         "Munster and Ulster must answer to Dublin.",
         [WHOLE("ireland")], [MIL(1)]),
        ("paris", "The Dual Monarchy", False, [], 8,
         "Henry VI was crowned King of France in Paris. Make the crowning mean something.",
         [PROV("paris")], [PRE(2)]),
        ("reformation", "Supreme Head of the Church", False, [], 4,
         "Break with Rome, take the abbeys' lands and keep the realm calm while doing it.",
         [C("Religion", "Protestant"), C("Stability", 1)], [D(8)]),
        ("plantations", "Plantations in the New World", False, ["navy"], 4,
         "Chartered companies will plant English colonies on the far side of the ocean.",
         [ANY_OF(CLAIM_ON("new_england"), CLAIM_ON("chesapeake"), CLAIM_ON("canada"))], [DIP(2)]),
    ],
    "CAS": [
        ("granada", "Complete the Reconquista", True, [], 6,
         "Granada is the last Muslim kingdom in Iberia. Take the Alhambra.",
         [PROV("granada")], [STAB(1)]),
        ("aragon", "Union with Aragon", True, [], 4,
         "A marriage of crowns, or a war of succession: Aragon must stand with Castile.",
         [ANY_OF(ALLIED("ARA"), IN("aragon", 2))], [DIP(1)]),
        ("treasury", "The Treasury of Castile", True, [], 3,
         "The Mesta's wool and the fairs of Medina del Campo can fill the royal chests.",
         [C("Treasury", 25), NO_LOANS], [ADM(1)]),
        ("all_granada", "The Alpujarras", False, ["granada"], 5,
         "Malaga and Almeria still hold out in the mountains and along the coast.",
         [WHOLE("granada_area")], [MIL(1)]),
        ("navarre", "Upper Navarre", False, ["aragon"], 4,
         "The little kingdom astride the Pyrenees guards the road into Castile.",
         [PROV("navarre")], [ADM(1)]),
        ("indies", "The Indies", False, ["treasury", "granada"], 5,
         "A Genoese captain promises a western route to Asia. Back him, and claim what he finds.",
         [ANY_OF(CLAIM_ON("antilles"), CLAIM_ON("new_spain"), CLAIM_ON("spanish_main"))], [D(8)]),
        ("africa", "Presidios in Africa", False, ["granada"], 5,
         "Carry the crusade across the strait to the corsair ports of the Maghreb.",
         [ANY_OF(PROV("tangier"), IN("algeria", 1))], [MIL(1)]),
        ("italy", "Spanish Italy", False, ["aragon"], 6,
         "Through Aragon, Castile inherits old rights in Naples and Sicily.",
         [ANY_OF(PROV("naples"), PROV("sicily"))], [PRE(2)]),
    ],
    "POR": [
        ("africa", "Down the African Coast", True, [], 4,
         "Each voyage sails farther south, past Cape Bojador, towards the gold of Guinea.",
         [ANY_OF(CLAIM_ON("guinea"), CLAIM_ON("senegambia"), CLAIM_ON("kongo_area"))], [D(5)]),
        ("morocco", "Ceuta and Tangier", True, [], 5,
         "Ceuta was taken in 1415; Tangier would secure the strait.",
         [PROV("tangier")], [MIL(1)]),
        ("caravels", "A Fleet of Caravels", True, [], 3,
         "Light, handy ships that sail close to the wind will open the ocean.",
         [C("Fleet", 4)], [DIP(1)]),
        ("cape", "The Cape of Storms", False, ["africa"], 5,
         "Round the southern tip of Africa, and rename it the Cape of Good Hope.",
         [CLAIM_ON("cape_of_good_hope")], [DIP(1)]),
        ("india", "The Sea Route to India", False, ["cape"], 6,
         "Pepper and cinnamon from Calicut, without paying Venice or Cairo.",
         [DISC("india"), ANY_OF(CLAIM_ON("india_west"), CLAIM_ON("india_south"))], [D(10)]),
        ("brazil", "Land of the True Cross", False, ["caravels"], 4,
         "A fleet bound for India blown west finds a coast of dyewood forests.",
         [CLAIM_ON("brazil")], [ADM(1)]),
        ("spice", "The Spice Islands", False, ["india"], 6,
         "Malacca is the key to the cloves and nutmeg of the east.",
         [CLAIM_ON("east_indies")], [D(10)]),
        ("old_alliance", "The Oldest Alliance", False, [], 4,
         "The Treaty of Windsor binds Portugal and England in perpetual friendship.",
         [ALLIED("ENG")], [DIP(2)]),
    ],
    "HAB": [
        ("bohemia", "The Bohemian Crown", True, [], 4,
         "The crown of Saint Wenceslas has passed through Habsburg hands before.",
         [ANY_OF(IN("bohemia", 1), ALLIED("BOH"))], [ADM(1)]),
        ("hungary", "The Crown of Saint Stephen", True, [], 4,
         "Hungary stands between the empire and the Turk. It needs a strong king.",
         [ANY_OF(IN("hungary", 1), ALLIED("HUN"))], [MIL(1)]),
        ("marriages", "Let Others Wage War", True, [], 4,
         "Others fight wars; you, happy Austria, marry.",
         [C("Marriages", 2)], [DIP(2)]),
        ("bohemia_lands", "The Lands of Bohemia", False, ["bohemia"], 5,
         "Moravia and Silesia follow the Bohemian crown.",
         [IN("bohemia", 2)], [ADM(2)]),
        ("hungary_lands", "The Kingdom of Hungary", False, ["hungary"], 6,
         "From Buda to Transylvania, the Hungarian estates must acknowledge their king.",
         [IN("hungary", 3)], [MIL(2)]),
        ("vienna", "Bulwark of Christendom", False, ["hungary"], 6,
         "Meet the Sultan's army in the field and turn it back.",
         [BEAT("TUR")], [PRE(2)]),
        ("bavaria", "Bavarian Ambitions", False, [], 5,
         "Munich would join the Austrian lands to the heart of southern Germany.",
         [PROV("munich")], [ADM(1)]),
        ("danube", "The Danube Monarchy", False, ["bohemia_lands", "hungary_lands"], 6,
         "Austria, Bohemia and Hungary under one dynasty: a power to rival any crown.",
         [C("ProvincesInAreas", ["austria", "bohemia", "hungary"], 9)], [STAB(1)]),
    ],
    "TUR": [
        ("constantinople", "The Red Apple", True, [], 8,
         "The city of the Caesars, a thousand years old, stands alone behind its walls.",
         [PROV("constantinople")], [PRE(2)]),
        ("anatolia", "Unite Anatolia", True, [], 5,
         "The beys of Karaman still dispute the Ottoman house's rule over the Turks.",
         [PROV("konya")], [MIL(1)]),
        ("balkans", "Serbia and Bosnia", True, [], 5,
         "The despots and kings of the western Balkans pay tribute one year and rebel the next.",
         [IN("serbia_and_bosnia", 2)], [MIL(1)]),
        ("morea", "The Morea", False, ["constantinople"], 4,
         "The last Byzantine despots cling to the Peloponnese.",
         [WHOLE("greece")], [ADM(1)]),
        ("pontus", "The Black Sea Coast", False, ["anatolia"], 5,
         "Sinop and Trebizond would make the Black Sea an Ottoman lake.",
         [WHOLE("pontus")], [DIP(1)]),
        ("egypt", "The Mamluk Sultanate", False, ["anatolia"], 7,
         "Cairo, Damascus and the holy cities: the heartland of Islam awaits its protector.",
         [ANY_OF(PROV("cairo"), PROV("damascus"))], [D(10)]),
        ("rhodes", "The Knights of Rhodes", False, ["constantinople"], 5,
         "The Hospitallers' fortress raids Ottoman shipping from the Aegean.",
         [PROV("rhodes")], [MIL(1)]),
        ("hungary", "Beyond the Danube", False, ["balkans"], 6,
         "Break the Hungarian line on the Danube and ride for Buda.",
         [IN("hungary", 2)], [MIL(2)]),
    ],
    # Generic Missions: in every Player Realm's deck.
    "": [
        ("stable", "A Stable Realm", True, [], 2,
         "Good harvests, loyal nobles and quiet towns.",
         [C("Stability", 2), NO_UNREST], [ADM(1)]),
        ("web_of_alliances", "A Web of Alliances", True, [], 2,
         "Friends abroad make enemies think twice.",
         [C("Alliances", 2)], [DIP(1)]),
        ("learning", "Patron of Learning", True, [], 2,
         "Scholars, printers and engineers find a welcome at your court.",
         [C("Ideas", 3)], [ADM(1)]),
        ("coffers", "Full Coffers", False, [], 2,
         "A treasury that owes nothing to any banker.",
         [C("Treasury", 30), NO_LOANS], [MIL(1)]),
        ("standing_host", "A Standing Host", False, [], 2,
         "Ten regiments under arms, paid and ready.",
         [C("Army", 10)], [MIL(1)]),
        ("dynasty", "Dynastic Ties", False, [], 2,
         "Sons and daughters married into the great houses of Europe.",
         [C("Marriages", 2)], [DIP(1)]),
        ("integration", "One Realm, One Crown", False, [], 3,
         "Make newly won lands as loyal as the old heartland.",
         [C("CoreTokens", 2)], [STAB(1)]),
        ("victory", "A Glorious Victory", False, [], 2,
         "A war won and a peace dictated: songs will be written.",
         [C("WarsWon", 1)], [MIL(1)]),
        ("conqueror", "Seasoned Conqueror", False, ["victory"], 4,
         "Victory after victory makes a legend of the crown.",
         [C("WarsWon", 3)], [PRE(1)]),
        ("prosperity", "A Prosperous Realm", False, [], 3,
         "Busy markets, full granaries and honest tax farmers.",
         [C("TaxIncome", 18)], [D(5)]),
        ("navigators", "Patron of Navigators", False, [], 2,
         "Captains in your pay sail to the ends of the known world.",
         [ANY_OF(DISC("north_america"), DISC("south_america"), DISC("india"), DISC("east_indies"))], [DIP(1)]),
        ("order", "Peace and Order", False, [], 2,
         "No war abroad, no rebels at home and a contented people.",
         [AT_PEACE, NO_UNREST, C("Stability", 1)], [ADM(1)]),
        ("court", "A Talented Court", False, [], 2,
         "Able ministers in every office of state.",
         [C("Advisors", 3)], [D(4)]),
        ("reason", "The Age of Reason", False, ["learning"], 4,
         "Your academies lead the learned world.",
         [C("Ideas", 6)], [ADM(2)]),
        ("great_power", "A Great Power", False, ["web_of_alliances", "stable"], 4,
         "Envoys from every court wait in your antechambers.",
         [C("Alliances", 3), C("Prestige", 30)], [DIP(2)]),
    ],
}


def missions():
    out = []
    for realm, entries in MISSIONS.items():
        prefix = realm.lower() if realm else "gen"
        for key, name, starting, requires, prestige, text, conditions, reward in entries:
            out.append(dict(id=f"m_{prefix}_{key}", name=name, realms=[realm] if realm else [],
                            starting=starting, requires=[f"m_{prefix}_{r}" for r in requires],
                            prestige=prestige, text=text, conditions=list(conditions), reward=list(reward)))
    return out


# Milestones by Age and category: (key, name, text, conditions, reward). Rewards are monarch
# power or ducats; thresholds grow with the Ages.
MILESTONES = {
    1: {
        "Expansion": [
            ("pretenders", "Pretenders' Rights", "Lawyers find old titles to neighbouring lands.", [C("Claims", 2)], [DIP(1)]),
            ("crown_lands", "Crown Lands", "A province held long enough becomes part of the realm.", [C("CoreTokens", 1)], [ADM(1)]),
            ("beyond_the_ocean", "Beyond the Ocean", "Sailors return with tales of lands no map shows.",
             [ANY_OF(DISC("north_america"), DISC("south_america"), DISC("india"), DISC("east_indies"))], [DIP(1)]),
            ("growing_realm", "A Growing Realm", "New provinces swear fealty to the crown.", [C("Provinces", 14)], [MIL(1)]),
        ],
        "Politics": [
            ("friends_abroad", "Friends Abroad", "Two courts call you ally.", [C("Alliances", 2)], [DIP(1)]),
            ("royal_wedding", "A Royal Wedding", "Bells ring for a union of two houses.", [C("Marriages", 1)], [D(4)]),
            ("steady_throne", "A Steady Throne", "The nobles are loyal and the people quiet.", [C("Stability", 2)], [ADM(1)]),
            ("council", "The Royal Council", "Three able advisors sit at the king's table.", [C("Advisors", 3)], [D(4)]),
        ],
        "Warfare": [
            ("first_victory", "First Blood", "A war fought and won.", [C("WarsWon", 1)], [MIL(1)]),
            ("great_host", "A Great Host", "Eight regiments stand under your banners.", [C("Army", 8)], [MIL(1)]),
            ("war_fleet", "A War Fleet", "Four ships of war ride at anchor.", [C("Fleet", 4)], [DIP(1)]),
            ("new_tactics", "New Tactics", "Captains study the art of war.", [C("IdeasOf", "Mil", 1)], [MIL(1)]),
        ],
        "Economics": [
            ("silver_reserve", "A Silver Reserve", "Twenty-five ducats in the strongbox.", [C("Treasury", 25)], [ADM(1)]),
            ("rich_lands", "Rich Lands", "The tax rolls grow year by year.", [C("TaxIncome", 16)], [D(5)]),
            ("sound_credit", "Sound Credit", "No debts and twenty ducats to spare.", [NO_LOANS, C("Treasury", 20)], [ADM(1)]),
            ("clerks", "Clerks and Ledgers", "Administrators reform the realm's accounts.", [C("IdeasOf", "Adm", 1)], [D(4)]),
        ],
    },
    2: {
        "Expansion": [
            ("claims_abroad", "Claims Abroad", "Four claims give the crown reasons for war.", [C("Claims", 4)], [DIP(1)]),
            ("integrated", "Loyal Provinces", "Two areas are integrated into the realm.", [C("CoreTokens", 2)], [ADM(1)]),
            ("new_world", "The New World", "Both Americas are on your maps.", [DISC("north_america"), DISC("south_america")], [DIP(2)]),
            ("wide_realm", "A Wide Realm", "Seventeen provinces under one crown.", [C("Provinces", 17)], [MIL(2)]),
        ],
        "Politics": [
            ("grand_alliance", "A Grand Alliance", "Three allies stand with you.", [C("Alliances", 3)], [DIP(2)]),
            ("family_of_kings", "A Family of Kings", "Two royal marriages bind other houses to yours.", [C("Marriages", 2)], [D(6)]),
            ("golden_age", "A Golden Age", "Stability at its height.", [C("Stability", 3)], [ADM(2)]),
            ("renown", "Renown", "Your name is spoken with respect in every court.", [C("Prestige", 25)], [DIP(1)]),
        ],
        "Warfare": [
            ("victorious", "Victorious Arms", "Two wars won.", [C("WarsWon", 2)], [MIL(2)]),
            ("army_of_twelve", "The Army of the Realm", "Twelve regiments under arms.", [C("Army", 12)], [MIL(1)]),
            ("navy", "A Navy", "Six ships of war.", [C("Fleet", 6)], [DIP(1)]),
            ("military_school", "The Military School", "Two military Ideas.", [C("IdeasOf", "Mil", 2)], [MIL(2)]),
        ],
        "Economics": [
            ("treasure_house", "The Treasure House", "Thirty-five ducats in the treasury.", [C("Treasury", 35)], [ADM(2)]),
            ("flourishing_trade", "Flourishing Trade", "A tax income of eighteen.", [C("TaxIncome", 18)], [D(6)]),
            ("solvent_crown", "A Solvent Crown", "No loans and a contented people.", [NO_LOANS, C("Stability", 1)], [ADM(1)]),
            ("administration", "A Modern Administration", "Two administrative Ideas.", [C("IdeasOf", "Adm", 2)], [D(6)]),
        ],
    },
    3: {
        "Expansion": [
            ("empire", "An Empire", "Twenty provinces under one crown.", [C("Provinces", 20)], [MIL(2)]),
            ("heartlands", "The Heartlands", "Three areas integrated into the realm.", [C("CoreTokens", 3)], [ADM(2)]),
            ("towns", "A Land of Towns", "Sixteen towns on the board.", [C("Towns", 16)], [D(8)]),
            ("far_horizons", "Far Horizons", "India and the Spice Islands are on your maps.", [DISC("india"), DISC("east_indies")], [DIP(2)]),
        ],
        "Politics": [
            ("concert", "The Concert of Courts", "Three alliances and two marriages.", [C("Alliances", 3), C("Marriages", 2)], [DIP(2)]),
            ("diplomatic_service", "A Diplomatic Service", "Two diplomatic Ideas.", [C("IdeasOf", "Dip", 2)], [DIP(2)]),
            ("glory", "Glory", "Forty prestige.", [C("Prestige", 40)], [ADM(1)]),
            ("calm_realm", "A Calm Realm", "No unrest anywhere and stability of two.", [NO_UNREST, C("Stability", 2)], [ADM(2)]),
        ],
        "Warfare": [
            ("warlord", "Warlord", "Three wars won.", [C("WarsWon", 3)], [MIL(2)]),
            ("army_of_fifteen", "A Professional Army", "Fifteen regiments under arms.", [C("Army", 15)], [MIL(2)]),
            ("armada", "An Armada", "Eight ships of war.", [C("Fleet", 8)], [DIP(2)]),
            ("art_of_war", "The Art of War", "Three military Ideas.", [C("IdeasOf", "Mil", 3)], [MIL(2)]),
        ],
        "Economics": [
            ("bullion", "Bullion", "Forty-five ducats in the treasury.", [C("Treasury", 45)], [ADM(2)]),
            ("wealth_of_nations", "Wealth of the Realm", "A tax income of twenty-one.", [C("TaxIncome", 21)], [D(8)]),
            ("learned_realm", "A Learned Realm", "Five Ideas researched.", [C("Ideas", 5)], [ADM(2)]),
            ("debt_free", "Free of Debt", "No loans and forty ducats.", [NO_LOANS, C("Treasury", 40)], [D(6)]),
        ],
    },
    4: {
        "Expansion": [
            ("great_empire", "A Great Empire", "Twenty-four provinces under one crown.", [C("Provinces", 24)], [MIL(3)]),
            ("integrated_empire", "An Integrated Empire", "Four areas integrated into the realm.", [C("CoreTokens", 4)], [ADM(3)]),
            ("world_claims", "Claims the World Over", "Six claims.", [C("Claims", 6)], [DIP(2)]),
            ("known_world", "The Known World", "Every continent charted.",
             [DISC("north_america"), DISC("south_america"), DISC("india"), DISC("east_indies"), DISC("africa")], [DIP(3)]),
        ],
        "Politics": [
            ("balance", "The Balance of Europe", "Three alliances and three marriages.", [C("Alliances", 3), C("Marriages", 3)], [DIP(3)]),
            ("sun_king", "A Sun King", "Sixty prestige.", [C("Prestige", 60)], [ADM(2)]),
            ("enlightened", "An Enlightened Court", "Seven Ideas researched.", [C("Ideas", 7)], [ADM(3)]),
            ("perfect_order", "Perfect Order", "Stability of three, no unrest and at peace.", [C("Stability", 3), NO_UNREST, AT_PEACE], [D(10)]),
        ],
        "Warfare": [
            ("conqueror", "The Conqueror", "Four wars won.", [C("WarsWon", 4)], [MIL(3)]),
            ("mass_army", "A Mass Army", "Eighteen regiments under arms.", [C("Army", 18)], [MIL(2)]),
            ("ships_of_the_line", "Ships of the Line", "Ten ships of war.", [C("Fleet", 10)], [DIP(2)]),
            ("army_and_navy", "By Land and Sea", "Twelve regiments and six ships.", [C("Army", 12), C("Fleet", 6)], [MIL(2)]),
        ],
        "Economics": [
            ("great_treasury", "The Great Treasury", "Fifty ducats in the treasury.", [C("Treasury", 50)], [ADM(3)]),
            ("richest_realm", "The Richest Realm", "A tax income of twenty-four.", [C("TaxIncome", 24)], [D(10)]),
            ("public_credit", "Public Credit", "No loans and thirty ducats.", [NO_LOANS, C("Treasury", 30)], [ADM(2)]),
            ("economists", "The Economists", "Three administrative Ideas.", [C("IdeasOf", "Adm", 3)], [D(8)]),
        ],
    },
}


def milestones():
    out = []
    for age, decks in MILESTONES.items():
        for category, entries in decks.items():
            assert len(entries) >= 4, (age, category)
            for key, name, text, conditions, reward in entries:
                out.append(dict(id=f"ms{age}_{key}", name=name, category=category, age=age, text=text,
                                conditions=list(conditions), reward=list(reward)))
    return out


# ---------------------------------------------------------------------------
# Trade (rule book 12): nodes, protection slots, starting merchants, cards.
# Every name and grouping is this project's own reading of the period.
# ---------------------------------------------------------------------------
def _sea_node(id, name, seas, anchor):
    return dict(id=id, name=name, maritime=True, area=None, seas=list(seas), expanded=False, anchor=anchor)


def _land_node(id, name, area, anchor):
    return dict(id=id, name=name, maritime=False, area=area, seas=[], expanded=False, anchor=anchor)


# `anchor`: the province or sea zone whose site the client draws the node next to.
TRADE_NODES = [
    # maritime, Europe
    _sea_node("channel", "English Channel", ["english_channel"], "english_channel"),
    _sea_node("north_sea", "North Sea", ["north_sea"], "north_sea"),
    _sea_node("lubeck", "Lubeck", ["baltic_sea"], "lubeck"),
    _sea_node("bordeaux", "Bordeaux", ["bay_of_biscay"], "bordeaux"),
    _sea_node("lisbon", "Lisbon", ["portuguese_coast"], "lisbon"),
    _sea_node("sevilla", "Sevilla", ["portuguese_coast", "western_med"], "seville"),
    _sea_node("tunis", "Tunis", ["central_med"], "tunis"),
    _sea_node("genoa", "Genoa", ["gulf_of_lion", "tyrrhenian"], "genoa"),
    _sea_node("venice", "Venice", ["adriatic"], "venice"),
    _sea_node("ragusa", "Ragusa", ["adriatic", "ionian"], "ragusa"),
    _sea_node("alexandria", "Alexandria", ["levant"], "alexandria"),
    _sea_node("constantinople", "Constantinople", ["aegean", "black_sea"], "constantinople"),
    _sea_node("kaffa", "Kaffa", ["black_sea"], "kaffa"),
    # inland, Europe
    _land_node("champagne", "Champagne", "ile_de_france", "champagne"),
    _land_node("rheinland", "Rheinland", "rhineland", "cologne"),
    _land_node("leipzig", "Leipzig", "saxony", "meissen"),
    _land_node("wien", "Wien", "austria", "vienna"),
    _land_node("krakow", "Krakow", "poland", "krakow"),
    _land_node("novgorod", "Novgorod", "novgorod_area", "novgorod"),
    _land_node("kiev", "Kiev", "lithuania", "kiev"),
    _land_node("aleppo", "Aleppo", "syria", "aleppo"),
    # distant
    _sea_node("st_lawrence", "Saint Lawrence", ["grand_banks"], "grand_banks"),
    _sea_node("chesapeake", "Chesapeake", ["west_atlantic"], "virginia"),
    _sea_node("caribbean", "Caribbean", ["caribbean_sea"], "caribbean_sea"),
    _land_node("mexico", "Mexico", "new_spain", "mexico"),
    _sea_node("brazil", "Brazil", ["brazil_coast"], "bahia"),
    _sea_node("lima", "Lima", ["south_sea"], "lima"),
    _land_node("timbuktu", "Timbuktu", "senegambia", "mali"),
    _sea_node("ivory_coast", "Ivory Coast", ["gulf_of_guinea"], "gold_coast"),
    _sea_node("cape", "Cape of Good Hope", ["cape_sea"], "cape"),
    _sea_node("gujarat", "Gujarat", ["arabian_sea"], "gujarat"),
    _sea_node("coromandel", "Coromandel", ["bay_of_bengal"], "bay_of_bengal"),
    _sea_node("malacca", "Malacca", ["java_sea"], "malacca"),
]

# Trade Protection slots per sea zone (12.3); seas not listed have one.
TRADE_PROTECTION = {
    "english_channel": 2, "north_sea": 2, "baltic_sea": 2, "bay_of_biscay": 2, "portuguese_coast": 2,
    "western_med": 2, "gulf_of_lion": 2, "tyrrhenian": 2, "adriatic": 2, "aegean": 2, "levant": 2,
    "caribbean_sea": 2,
}

# Where each Player Realm's two merchants stand in 1444 (12.4).
# Cardinals on the Papal Curia track at the start (19.1; house rule: the printed setup is not
# public). The track fills left to right in the order of the realms, so France stands leftmost.
CARDINALS = {"FRA": 1, "CAS": 1, "HAB": 1}
# The Papal States and the province of Roma (19.1).
# The Holy Roman Empire (18.3): the areas inside its border and the Elector Areas. The book
# has four electorates on this map; South Germany is a fifth (house rule) so that Imperial
# Authority can reach 6 (18.1: at most 1 + the Elector Areas).
HRE_AREAS = ["low_countries", "rhineland", "north_germany", "brandenburg", "saxony",
             "south_germany", "austria", "alps", "bohemia"]
ELECTORS = ["rhineland", "saxony", "brandenburg", "bohemia", "south_germany"]

PAPAL_STATES = "PAP"
ROMA = "rome"

MERCHANTS = {
    "FRA": ["champagne", "bordeaux"],
    "ENG": ["channel", "north_sea"],
    "CAS": ["sevilla", "bordeaux"],
    "POR": ["lisbon", "sevilla"],
    "HAB": ["wien", "venice"],
    "TUR": ["constantinople", "ragusa"],
}

# Income rows (trade power needed, ducats, ducats when the node is expanded), best first.
LOW = [(4, 4, 6), (2, 3, 4), (1, 2, 3)]
MID = [(4, 5, 7), (2, 4, 5), (1, 2, 3)]
HIGH = [(5, 7, 9), (3, 5, 6), (1, 3, 4)]
RICH = [(5, 8, 11), (3, 6, 8), (1, 3, 5)]


def K(province, plus=0):
    return dict(province=province, plus=plus)


def N(node, keys=(), secondary=None, requirement=None):
    """A node on a Trade Card. `requirement` (12.1): "Holding" (a town or vassal of yours on one
    of the Key Provinces) or "OwnKey" (you own one of them); written only when set."""
    out = dict(node=node, keys=list(keys), secondary=secondary)
    if requirement:
        out["requirement"] = requirement
    return out


def _card(id, name, rows, nodes, continents=(), gold=False, slaves=False):
    return dict(id=id, name=name, nodes=nodes, rows=[dict(power=p, ducats=d, expanded=x) for p, d, x in rows],
                continents=list(continents), gold=gold, slaves=slaves)


def trade_cards():
    return [
        # the starting deck: Europe and the Levant
        _card("grain", "Grain", LOW, [
            N("krakow", [K("krakow"), K("mazovia", 1), K("poznan")]),
            N("lubeck", [K("danzig", 1), K("konigsberg"), K("pomerania")], secondary="north_sea"),
            N("kaffa", [K("kaffa"), K("crimea")])]),
        _card("wool", "Wool", MID, [
            N("channel", [K("london", 1), K("wessex"), K("york")]),
            N("north_sea", [K("flanders", 1), K("brabant"), K("holland")]),
            N("sevilla", [K("valladolid"), K("burgos"), K("cuenca")])]),
        _card("cloth", "Cloth", MID, [
            N("rheinland", [K("cologne", 1), K("hesse"), K("palatinate")], secondary="champagne"),
            N("north_sea", [K("flanders", 1), K("brabant")]),
            N("genoa", [K("florence", 1), K("milan"), K("genoa")])]),
        _card("wine", "Wine", MID, [
            N("bordeaux", [K("bordeaux", 1), K("gascony"), K("perigord")]),
            N("champagne", [K("champagne", 1), K("dijon"), K("franche_comte")]),
            N("lisbon", [K("porto", 1), K("coimbra")])]),
        _card("salt", "Salt", LOW, [
            N("lubeck", [K("brunswick", 1), K("lubeck")]),
            N("bordeaux", [K("nantes"), K("poitou")]),
            N("wien", [K("tyrol", 1), K("styria")])]),
        _card("fish", "Fish", LOW, [
            N("north_sea", [K("bergen", 1), K("holland"), K("jutland")]),
            N("lubeck", [K("scania", 1), K("zealand"), K("gotland")]),
            N("channel", [K("brest"), K("caen")])]),
        _card("naval_supplies", "Naval Supplies", MID, [
            N("lubeck", [K("riga", 1), K("reval"), K("danzig")]),
            N("novgorod", [K("novgorod", 1), K("pskov")]),
            N("north_sea", [K("oslo"), K("bergen")])]),
        _card("copper", "Copper", MID, [
            N("lubeck", [K("dalarna", 1), K("stockholm")]),
            N("krakow", [K("kosice", 1), K("lviv")]),
            N("leipzig", [K("thuringia"), K("meissen")])]),
        _card("iron", "Iron", LOW, [
            N("lubeck", [K("vastergotland"), K("dalarna")]),
            N("bordeaux", [K("vizcaya", 1), K("asturias")]),
            N("leipzig", [K("meissen"), K("silesia")])]),
        _card("furs", "Furs", MID, [
            N("novgorod", [K("novgorod", 1), K("pskov")]),
            N("kiev", [K("moscow"), K("tver"), K("kiev")]),
            N("lubeck", [K("riga"), K("reval")])]),
        _card("livestock", "Livestock", LOW, [
            N("wien", [K("buda", 1), K("transylvania")]),
            N("krakow", [K("lviv"), K("kiev")]),
            N("leipzig", [K("moravia"), K("silesia")])]),
        _card("alum", "Alum", LOW, [
            N("genoa", [K("rome", 1), K("genoa")]),
            N("constantinople", [K("smyrna", 1), K("bursa")])]),
        _card("olive_oil", "Olive Oil", LOW, [
            N("ragusa", [K("apulia", 1), K("calabria")]),
            N("tunis", [K("tunis"), K("tripoli")]),
            N("sevilla", [K("cordoba", 1), K("seville")])]),
        _card("silk", "Silk", HIGH, [
            N("constantinople", [K("bursa", 1), K("constantinople")]),
            N("aleppo", [K("aleppo", 1), K("damascus")]),
            N("venice", [K("venice"), K("verona")], secondary="ragusa")]),
        _card("spices", "Spices", HIGH, [
            N("alexandria", [K("alexandria", 1), K("cairo")], secondary="aleppo"),
            N("venice", [K("venice", 1), K("crete")]),
            N("genoa", [K("genoa"), K("corsica")])]),
        # distant cards: they join the deck with the first foothold on their continent
        _card("sugar", "Sugar", HIGH, [
            N("caribbean", [K("cuba", 1), K("hispaniola"), K("jamaica")], requirement="Holding"),
            N("brazil", [K("pernambuco", 1), K("bahia")], requirement="Holding"),
            N("lisbon", [K("lisbon")])], continents=["south_america"]),
        _card("tobacco", "Tobacco", MID, [
            N("chesapeake", [K("virginia", 1), K("carolina")], requirement="Holding"),
            N("caribbean", [K("cuba")]),
            N("sevilla", [K("seville")])], continents=["north_america"]),
        _card("beaver_pelts", "Beaver Pelts", MID, [
            N("st_lawrence", [K("quebec", 1), K("acadia"), K("newfoundland")]),
            N("chesapeake", [K("hudson"), K("massachusetts")]),
            N("north_sea", [K("holland")])], continents=["north_america"]),
        _card("cocoa", "Cocoa", MID, [
            N("mexico", [K("yucatan", 1), K("veracruz")]),
            N("caribbean", [K("caracas", 1), K("cartagena")])], continents=["north_america"]),
        _card("aztec_gold", "Gold", RICH, [
            N("mexico", [K("mexico", 1), K("veracruz")], requirement="OwnKey"),
            N("lima", [K("cusco", 2), K("lima")], requirement="OwnKey"),
            N("sevilla", [K("seville", 1)])], continents=["north_america", "south_america"], gold=True),
        _card("silver", "Silver", RICH, [
            N("lima", [K("cusco", 1), K("lima"), K("quito")], requirement="OwnKey"),
            N("brazil", [K("buenos_aires"), K("asuncion")]),
            N("sevilla", [K("seville")])], continents=["south_america"]),
        _card("african_gold", "Gold", HIGH, [
            N("timbuktu", [K("mali", 1), K("senegal")]),
            N("ivory_coast", [K("gold_coast", 1), K("sierra_leone")]),
            N("lisbon", [K("algarve")])], continents=["africa"], gold=True),
        _card("slaves", "Slaves", HIGH, [
            N("ivory_coast", [K("benin", 1), K("gold_coast")]),
            N("caribbean", [K("hispaniola")]),
            N("brazil", [K("bahia")])], continents=["africa"], slaves=True),
        _card("ivory", "Ivory", MID, [
            N("ivory_coast", [K("gold_coast"), K("sierra_leone")]),
            N("cape", [K("kongo", 1), K("luanda"), K("cape")])], continents=["africa"]),
        _card("pepper", "Pepper", RICH, [
            N("gujarat", [K("goa", 1), K("gujarat")], secondary="alexandria"),
            N("coromandel", [K("calicut", 1), K("ceylon")]),
            N("lisbon", [K("lisbon")])], continents=["india"]),
        _card("textiles", "Textiles", HIGH, [
            N("coromandel", [K("bengal", 1), K("orissa")]),
            N("gujarat", [K("gujarat", 1), K("bidar")])], continents=["india"]),
        _card("cloves", "Cloves", RICH, [
            N("malacca", [K("malacca", 1), K("java"), K("sumatra")], requirement="Holding"),
            N("coromandel", [K("ceylon")])], continents=["east_indies"]),
    ]


def trade_nodes():
    return [dict(n) for n in TRADE_NODES]


# ---------------------------------------------------------------------------
# Power Struggles (17.4, an advanced rule). The deck is kept in this order, the first on top:
# roughly the order in which these contests were fought. Each card: (key, name, text,
# battleground areas, criteria); a criterion is (text, realms (empty: every Player Realm),
# conditions, prestige if met, prestige if failed). Names and texts are this project's own.
# ---------------------------------------------------------------------------
POWER_STRUGGLES = [
    ("hundred_years_war", "The End of the Hundred Years' War",
     "The truce of Tours will not hold. Whoever holds the duchies of the west when the guns fall "
     "silent decides whether England keeps a foot in France.",
     ["normandy", "guyenne", "brittany"],
     [("England keeps a foothold in France", ["ENG"],
       [ANY_OF(IN("normandy", 1), IN("guyenne", 1))], 2, -2),
      ("The Valois recover the western duchies", ["FRA"],
       [IN("normandy", 1), IN("guyenne", 2)], 3, 0)]),
    ("fall_of_constantinople", "The Fall of Constantinople",
     "The last of the Roman emperors holds a city without an empire. Christendom talks of "
     "crusade while the Sultan casts his great guns.",
     ["thrace", "greece", "serbia_and_bosnia", "danubia"],
     [("The Queen of Cities falls to the Sultan", ["TUR"], [PROV("constantinople")], 3, -1),
      ("Christian princes bind themselves against the Turk", [],
       [ANY_OF(ALLIED("HUN"), ALLIED("VEN"), ALLIED("ALB"), C("MarriedTo", "HUN"))], 1, 0)]),
    ("reconquista", "The Last Emirate",
     "Granada stands alone behind its mountains, and across the strait the ports of Morocco "
     "tempt the crusading kings of Iberia.",
     ["granada_area", "morocco", "andalusia"],
     [("The crescent falls over the Alhambra", ["CAS"], [PROV("granada")], 3, -1),
      ("African footholds for the Avis", ["POR"], [IN("morocco", 1)], 2, 0)]),
    ("burgundian_inheritance", "The Burgundian Inheritance",
     "The Great Dukes of the West rule the richest cities north of the Alps. When their line "
     "fails, kings and emperors will fight over the heiress.",
     ["low_countries", "burgundy", "rhineland"],
     [("A Habsburg bridegroom for the heiress", ["HAB"],
       [ANY_OF(C("MarriedTo", "BUR"), IN("low_countries", 1))], 2, 0),
      ("The duchy returns to the French crown", ["FRA"], [IN("burgundy", 1)], 2, 0)]),
    ("italian_wars", "The Italian Wars",
     "Milan and Naples lie open to whoever brings the most lances over the Alps; the Pope "
     "changes sides as often as the weather.",
     ["lombardy", "naples_area", "tuscany", "papal_states"],
     [("A crown in Italy", ["FRA", "CAS", "HAB"],
       [C("ProvincesInAreas", ["lombardy", "naples_area"], 1)], 2, 0),
      ("The Holy League", [], [ALLIED("PAP")], 1, 0)]),
    ("danube_frontier", "The Danube Frontier",
     "The Hungarian crown is the shield of Christendom. After its king falls, Vienna and "
     "Constantinople will contest the plain for a century.",
     ["hungary", "austria", "serbia_and_bosnia", "danubia"],
     [("The Habsburgs take up the crown of Saint Stephen", ["HAB"], [IN("hungary", 1)], 3, -1),
      ("The Sultan's pashas sit in Buda", ["TUR"], [IN("hungary", 1)], 3, 0)]),
    ("new_world", "The Race for the Indies",
     "Gold, silver and sugar flow from lands the ancients never knew; every crown with ships "
     "wants its share before the line of demarcation closes.",
     ["antilles", "new_spain", "brazil", "peru"],
     [("An empire beyond the ocean", [], [C("DistantProvinces", 3)], 2, 0),
      ("Left behind in the race", ["CAS", "POR"], [C("DistantProvinces", 1)], 0, -2)]),
    ("spice_trade", "The Spice Islands",
     "Pepper, cloves and nutmeg are worth their weight in silver in Antwerp. Fleets fight over "
     "the harbours of Malabar and the straits of Malacca.",
     ["india_west", "india_south", "east_indies"],
     [("Masters of the Estado da India", ["POR"], [C("DistantProvinces", 3)], 2, -1),
      ("A fleet to hold the sea lanes", [], [C("Fleet", 6)], 1, 0)]),
    ("dutch_revolt", "The Revolt of the Netherlands",
     "Heavy taxes and the Inquisition drive the cities of the Low Countries to arms, and every "
     "rival of their lord sends money, ships or volunteers.",
     ["low_countries", "north_germany", "rhineland"],
     [("The rebel provinces are held down", ["CAS", "HAB"], [IN("low_countries", 2)], 2, -1),
      ("Friends of the Reformed cause", [], [C("Religion", "Protestant")], 1, 0)]),
    ("spanish_succession", "The Spanish Succession",
     "The last Spanish Habsburg dies childless. His will names a French prince, and half of "
     "Europe takes up arms to keep two crowns from one house.",
     ["aragon", "new_castile", "lombardy", "low_countries"],
     [("A Grand Alliance against the Bourbons", [], [C("Alliances", 3)], 1, 0),
      ("Peace at any price", [], [AT_PEACE], 0, -1)]),
]


def power_struggles():
    return [dict(id=f"ps_{key}", name=name, text=text, battlegrounds=list(areas),
                 criteria=[dict(text=t, realms=list(realms), conditions=list(conds), met=met, failed=failed)
                           for t, realms, conds, met, failed in criteria])
            for key, name, text, areas, criteria in POWER_STRUGGLES]

