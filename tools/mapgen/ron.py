"""Write the scenario as RON (ron 0.12 / serde) matching src/rulesets/pop/content/schema.rs, and a
small RON reader used by check_refs.py to make sure the text parses back.

Writer conventions: struct names are written (they must equal the Rust type
names), floats always carry a decimal point, strings are ASCII, rings are one
line each.
"""

import math
import re

IND = "    "

# field specs: (field, type). Types:
#   str int float bool ident opt_str opt_int list_str point bounds colour skills rings
#   effects symbols charkind  S:Name (struct) L:Name (list of structs, one per line block)
#   Li:Name (list of structs, all on one line)  Ll:Name (list of structs, one line each)
SPECS = {
    "Scenario": [("id", "str"), ("name", "str"), ("ruleset", "ident"), ("description", "str"),
                 ("start_year", "int"), ("options", "S:ScenarioOptions"), ("map", "S:MapDef"),
                 ("realms", "L:RealmDef"), ("characters", "Ll:CharacterDef"), ("events", "L:EventDef"),
                 ("action_cards", "L:ActionCardDef"), ("ideas", "L:IdeaDef"),
                 ("missions", "L:MissionDef"), ("milestones", "L:MilestoneDef"),
                 ("trade_nodes", "Ll:TradeNodeDef"), ("trade_cards", "L:TradeCardDef"),
                 ("power_struggles", "L:PowerStruggleDef")],
    "ScenarioOptions": [("first_age", "int"), ("last_age", "int"), ("religious_rebels", "bool"),
                        ("secret_negotiations", "bool"), ("power_struggles", "bool"),
                        ("shuffle_power_struggles", "bool"), ("starting_ducats", "int"), ("starting_mp", "int"),
                        ("emperor", "opt_str"), ("hre_areas", "list_str"),
                        ("electors", "list_str"), ("imperial_authority", "int"), ("merchants", "int"), ("papal_states", "opt_str"),
                        ("roma", "opt_str")],
    "MapDef": [("bounds", "bounds"), ("areas", "L:AreaDef"), ("provinces", "L:ProvinceDef"),
               ("sea_zones", "L:SeaZoneDef"), ("backdrop", "rings")],
    "AreaDef": [("id", "str"), ("name", "str"), ("continent", "str"), ("distant", "bool"),
                ("religion", "ident"), ("neighbours", "Li:BorderDef"), ("seas", "list_str"), ("explore", "int")],
    "BorderDef": [("area", "str"), ("mountain", "bool")],
    "ProvinceDef": [("id", "str"), ("name", "str"), ("area", "str"), ("size", "ident"), ("terrain", "ident"),
                    ("religion", "ident"), ("port", "opt_str"), ("large_port", "bool"), ("island", "bool"),
                    ("cores", "list_str"), ("owner", "opt_str"), ("holding", "ident"), ("shape", "rings"),
                    ("site", "point")],
    "SeaZoneDef": [("id", "str"), ("name", "str"), ("neighbours", "list_str"), ("galleys", "bool"),
                   ("distant", "bool"), ("trade_protection", "int"), ("shape", "rings"), ("site", "point")],
    "RealmDef": [("id", "str"), ("name", "str"), ("kind", "ident"), ("colour", "colour"), ("capital", "str"),
                 ("religion", "ident"), ("ruler", "opt_str"), ("advisors", "list_str"), ("stability", "int"),
                 ("prestige", "int"), ("dynamic", "bool"), ("discovered", "list_str"), ("merchants", "list_str"),
                 ("cardinals", "int")],
    "CharacterDef": [("id", "str"), ("name", "str"), ("kind", "charkind"), ("skills", "skills"), ("dice", "int"),
                     ("cost", "int"), ("mortality", "opt_int"), ("ill", "bool"), ("realm", "opt_str")],
    "EventDef": [("id", "str"), ("name", "str"), ("age", "int"), ("half", "int"), ("kind", "ident"),
                 ("realm", "opt_str"), ("text", "str"), ("options", "Li:EventOptionDef"), ("symbols", "symbols"),
                 ("ruler", "opt_str")],
    "EventOptionDef": [("label", "str"), ("effects", "effects")],
    "ActionCardDef": [("id", "str"), ("name", "str"), ("deck", "ident"), ("cost", "int"), ("ducats", "int"),
                      ("text", "str"), ("effects", "effects"), ("character", "opt_str")],
    "IdeaDef": [("id", "str"), ("name", "str"), ("kind", "ident"), ("basic", "bool"), ("age", "int"),
                ("cost", "int"), ("text", "str"), ("government", "bool"), ("effects", "effects")],
    "MissionDef": [("id", "str"), ("name", "str"), ("realms", "list_str"), ("starting", "bool"),
                   ("requires", "list_str"), ("prestige", "int"), ("text", "str"),
                   ("conditions", "conditions"), ("reward", "effects")],
    "TradeNodeDef": [("id", "str"), ("name", "str"), ("maritime", "bool"), ("area", "opt_str"),
                     ("seas", "list_str"), ("expanded", "bool"), ("site", "point")],
    "TradeKeyDef": [("province", "str"), ("plus", "int")],
    "TradeCardNodeDef": [("node", "str"), ("keys", "Li:TradeKeyDef"), ("secondary", "opt_str"),
                         ("requirement", "?ident")],
    "TradeRowDef": [("power", "int"), ("ducats", "int"), ("expanded", "int")],
    "TradeCardDef": [("id", "str"), ("name", "str"), ("nodes", "Ll:TradeCardNodeDef"), ("rows", "Li:TradeRowDef"),
                     ("continents", "list_str"), ("gold", "bool"), ("slaves", "bool")],
    "PowerStruggleDef": [("id", "str"), ("name", "str"), ("text", "str"), ("battlegrounds", "list_str"),
                         ("criteria", "Ll:StruggleCriterionDef")],
    "StruggleCriterionDef": [("text", "str"), ("realms", "list_str"), ("conditions", "conditions"),
                             ("met", "int"), ("failed", "int")],
    "MilestoneDef": [("id", "str"), ("name", "str"), ("category", "ident"), ("age", "int"), ("text", "str"),
                     ("conditions", "conditions"), ("reward", "effects")],
}

# Condition variants (src/rulesets/pop/content/schema.rs `Condition`) whose first argument is an identifier
# (MpKind or Religion); every other string argument is quoted, lists are written as lists.
COND_IDENT_FIRST = {"IdeasOf", "MonarchPower", "Religion"}


def _cond(t):
    name, args = t[0], t[1:]
    _ident(name)
    if not args:
        return name
    parts = []
    for i, a in enumerate(args):
        if i == 0 and name in COND_IDENT_FIRST:
            parts.append(_ident(a))
        elif name == "AnyOf":
            parts.append("[" + ", ".join(_cond(c) for c in a) + "]")
        elif isinstance(a, list):
            parts.append("[" + ", ".join(_s(x) for x in a) + "]")
        elif isinstance(a, str):
            parts.append(_s(a))
        else:
            assert isinstance(a, int) and not isinstance(a, bool), (t, a)
            parts.append(str(a))
    return f"{name}({', '.join(parts)})"

IDENT_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# enum variants whose first argument is an identifier (MpKind), the rest numbers
MP_VARIANTS = {"Mp", "Skill"}
STRING_ARG_VARIANTS = {"Claim", "CasusBelli", "DnprExpansion", "ExpandNode"}
# enum variants with a string then an identifier (Faith(area, Religion))
STRING_IDENT_VARIANTS = {"Faith"}


def _s(v):
    assert isinstance(v, str), v
    assert all(32 <= ord(c) < 127 for c in v), f"non-ASCII or control character in {v!r}"
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _f(v):
    v = float(v)
    assert math.isfinite(v)
    t = f"{v:.1f}"
    return "0.0" if t == "-0.0" else t


def _ident(v):
    assert IDENT_RE.match(v), v
    return v


def _variant(t):
    name, args = t[0], t[1:]
    _ident(name)
    if not args:
        return name
    parts = []
    for i, a in enumerate(args):
        if name in MP_VARIANTS and i == 0:
            parts.append(_ident(a))
        elif name in STRING_IDENT_VARIANTS:
            parts.append(_s(a) if i == 0 else _ident(a))
        elif name in STRING_ARG_VARIANTS:
            parts.append(_s(a))
        else:
            assert isinstance(a, int) and not isinstance(a, bool), (t, a)
            parts.append(str(a))
    return f"{name}({', '.join(parts)})"


def _ring(ring):
    return "[" + ", ".join(f"({_f(x)}, {_f(y)})" for x, y in ring) + "]"


def _value(typ, v, depth):
    if typ == "str":
        return _s(v)
    if typ == "int":
        assert isinstance(v, int) and not isinstance(v, bool), v
        return str(v)
    if typ == "float":
        return _f(v)
    if typ == "bool":
        assert isinstance(v, bool), v
        return "true" if v else "false"
    if typ == "ident":
        return _ident(v)
    if typ == "opt_str":
        return "None" if v is None else f"Some({_s(v)})"
    if typ == "opt_int":
        return "None" if v is None else f"Some({int(v)})"
    if typ == "list_str":
        return "[" + ", ".join(_s(x) for x in v) + "]"
    if typ == "point":
        return f"({_f(v[0])}, {_f(v[1])})"
    if typ == "bounds":
        return "(" + ", ".join(_f(x) for x in v) + ")"
    if typ in ("colour", "skills"):
        assert all(isinstance(x, int) and 0 <= x <= 255 for x in v), v
        return "(" + ", ".join(str(x) for x in v) + ")"
    if typ == "charkind":
        if isinstance(v, str):
            return _ident(v)
        return f"{_ident(v[0])}({_ident(v[1])})"
    if typ in ("effects", "symbols"):
        return "[" + ", ".join(_variant(t) for t in v) + "]"
    if typ == "conditions":
        return "[" + ", ".join(_cond(t) for t in v) + "]"
    if typ == "rings":
        if not v:
            return "[]"
        pad = IND * (depth + 1)
        return "[\n" + "".join(f"{pad}{_ring(r)},\n" for r in v) + IND * depth + "]"
    if typ.startswith("S:"):
        return _struct(typ[2:], v, depth)
    if typ.startswith("Ll:"):
        if not v:
            return "[]"
        pad = IND * (depth + 1)
        return "[\n" + "".join(f"{pad}{_struct_inline(typ[3:], x)},\n" for x in v) + IND * depth + "]"
    if typ.startswith("Li:"):
        return "[" + ", ".join(_struct_inline(typ[3:], x) for x in v) + "]"
    if typ.startswith("L:"):
        if not v:
            return "[]"
        pad = IND * (depth + 1)
        return "[\n" + "".join(f"{pad}{_struct(typ[2:], x, depth + 1)},\n" for x in v) + IND * depth + "]"
    raise ValueError(typ)


def _struct(name, d, depth):
    pad = IND * (depth + 1)
    lines = [f"{name}("]
    for field, typ in SPECS[name]:
        lines.append(f"{pad}{field}: {_value(typ, d[field], depth + 1)},")
    lines.append(IND * depth + ")")
    return "\n".join(lines)


def _struct_inline(name, d):
    # A "?type" field is optional: written only when the dict has it (serde's default otherwise).
    parts = [f"{field}: {_value(typ.lstrip('?'), d[field], 0)}" for field, typ in SPECS[name]
             if not typ.startswith("?") or field in d]
    return f"{name}(" + ", ".join(parts) + ")"


def scenario_to_ron(scn):
    head = (
        "// The default scenario: Europe in 1444.\n"
        "// GENERATED by tools/mapgen/mapgen.py from tools/mapgen/world_1444.py and content_1444.py;\n"
        "// edit those and re-run the tool rather than editing this file by hand.\n"
        "// Coastlines: Natural Earth (public domain), via world-atlas 2.0.2 (ISC).\n"
    )
    return head + _struct("Scenario", scn, 0) + "\n"


# ---------------------------------------------------------------------------
# A small RON reader (the subset written above), for round-trip checks.
# Returns plain Python: structs -> {"__struct__": name, fields...},
# enum variants with args -> ("Name", args...), bare identifiers -> Ident(str),
# tuples -> tuple, lists -> list, Some(x) -> x, None -> None.
# ---------------------------------------------------------------------------
class Ident(str):
    pass


class _Reader:
    TOKEN = re.compile(r'\s+|//[^\n]*|"(?:[^"\\]|\\.)*"|-?\d+\.\d+|-?\d+|[A-Za-z_][A-Za-z0-9_]*|[()\[\]:,]')

    def __init__(self, text):
        self.toks = []
        pos = 0
        while pos < len(text):
            m = self.TOKEN.match(text, pos)
            if not m:
                raise SyntaxError(f"bad character at {pos}: {text[pos:pos + 20]!r}")
            t = m.group(0)
            pos = m.end()
            if t.isspace() or t.startswith("//"):
                continue
            self.toks.append(t)
        self.i = 0

    def peek(self, k=0):
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self, expect=None):
        t = self.toks[self.i]
        if expect is not None and t != expect:
            raise SyntaxError(f"expected {expect!r}, got {t!r} at token {self.i}")
        self.i += 1
        return t

    def value(self):
        t = self.peek()
        if t == "[":
            self.take("[")
            out = []
            while self.peek() != "]":
                out.append(self.value())
                if self.peek() == ",":
                    self.take(",")
                elif self.peek() != "]":
                    raise SyntaxError(f"expected , or ] got {self.peek()!r}")
            self.take("]")
            return out
        if t == "(":
            return self._paren(None)
        if t.startswith('"'):
            self.take()
            return re.sub(r"\\(.)", r"\1", t[1:-1])
        if re.match(r"^-?\d+\.\d+$", t):
            self.take()
            return float(t)
        if re.match(r"^-?\d+$", t):
            self.take()
            return int(t)
        if t in ("true", "false"):
            self.take()
            return t == "true"
        if re.match(r"^[A-Za-z_]", t):
            self.take()
            if t == "Some" and self.peek() == "(":
                self.take("(")
                v = self.value()
                self.take(")")
                return v
            if t == "None" and self.peek() != "(":
                return None
            if self.peek() == "(":
                return self._paren(t)
            return Ident(t)
        raise SyntaxError(f"unexpected token {t!r}")

    def _paren(self, name):
        self.take("(")
        # named fields?
        if re.match(r"^[A-Za-z_]", self.peek() or "") and self.peek(1) == ":":
            out = {"__struct__": name}
            while self.peek() != ")":
                key = self.take()
                self.take(":")
                if key in out:
                    raise SyntaxError(f"duplicate field {key}")
                out[key] = self.value()
                if self.peek() == ",":
                    self.take(",")
                elif self.peek() != ")":
                    raise SyntaxError(f"expected , or ) got {self.peek()!r}")
            self.take(")")
            return out
        items = []
        while self.peek() != ")":
            items.append(self.value())
            if self.peek() == ",":
                self.take(",")
            elif self.peek() != ")":
                raise SyntaxError(f"expected , or ) got {self.peek()!r}")
        self.take(")")
        if name is None:
            return tuple(items)
        return (name, *items)


def parse(text):
    r = _Reader(text)
    v = r.value()
    if r.i != len(r.toks):
        raise SyntaxError("trailing tokens")
    return v
