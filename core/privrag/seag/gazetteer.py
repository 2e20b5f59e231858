"""A small public gazetteer: countries, their demonyms and a few cities.

Aliases of places must stay geographically coherent: if "Turkey" becomes
"Portugal", then "Ankara" must become "Lisbon" and "Turkish" "Portuguese",
or the generator sees a contradiction ("Lisbon, Turkey") and either
stumbles or guesses the truth. The first city of each country is its
capital, so a capital maps onto a capital. Unknown places fall back to the
alias generator.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["Country", "COUNTRIES", "Place", "lookup", "normalize_place"]


@dataclass(frozen=True)
class Country:
    name: str
    demonym: str
    cities: tuple[str, ...]
    alt_names: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()


#: (name, demonym, cities — capital first, alternative names)
COUNTRIES: tuple[Country, ...] = (
    Country("Austria", "Austrian", ("Vienna", "Graz", "Linz", "Salzburg")),
    Country("Belgium", "Belgian", ("Brussels", "Antwerp", "Ghent", "Liège")),
    Country("Bosnia and Herzegovina", "Bosnian", ("Sarajevo", "Banja Luka", "Mostar"), ("Bosnia-Herzegovina", "Bosnia")),
    Country("Bulgaria", "Bulgarian", ("Sofia", "Plovdiv", "Varna")),
    Country("Croatia", "Croatian", ("Zagreb", "Split", "Rijeka")),
    Country("Cyprus", "Cypriot", ("Nicosia", "Limassol", "Larnaca")),
    Country("Czech Republic", "Czech", ("Prague", "Brno", "Ostrava"), ("Czechia",)),
    Country("Denmark", "Danish", ("Copenhagen", "Aarhus", "Odense")),
    Country("Estonia", "Estonian", ("Tallinn", "Tartu", "Narva")),
    Country("Finland", "Finnish", ("Helsinki", "Tampere", "Turku")),
    Country("France", "French", ("Paris", "Lyon", "Marseille", "Toulouse", "Strasbourg"), (),
            ("Brittany", "Normandy", "Provence", "Alsace")),
    Country("Germany", "German", ("Berlin", "Hamburg", "Munich", "Cologne", "Frankfurt"), (),
            ("Bavaria", "Saxony", "Hesse", "Brandenburg")),
    Country("Greece", "Greek", ("Athens", "Thessaloniki", "Patras")),
    Country("Hungary", "Hungarian", ("Budapest", "Debrecen", "Szeged")),
    Country("Iceland", "Icelandic", ("Reykjavik", "Akureyri", "Kopavogur")),
    Country("Ireland", "Irish", ("Dublin", "Cork", "Galway")),
    Country("Italy", "Italian", ("Rome", "Milan", "Naples", "Turin", "Florence"), (),
            ("Tuscany", "Sicily", "Lombardy", "Sardinia")),
    Country("Latvia", "Latvian", ("Riga", "Daugavpils", "Liepaja")),
    Country("Lithuania", "Lithuanian", ("Vilnius", "Kaunas", "Klaipeda")),
    Country("Luxembourg", "Luxembourgish", ("Luxembourg City", "Esch-sur-Alzette")),
    Country("Malta", "Maltese", ("Valletta", "Birkirkara", "Sliema")),
    Country("Moldova", "Moldovan", ("Chisinau", "Balti", "Tiraspol")),
    Country("Netherlands", "Dutch", ("Amsterdam", "Rotterdam", "Utrecht", "The Hague"), ("Holland",)),
    Country("Norway", "Norwegian", ("Oslo", "Bergen", "Trondheim")),
    Country("Poland", "Polish", ("Warsaw", "Krakow", "Gdansk", "Wroclaw", "Lodz")),
    Country("Portugal", "Portuguese", ("Lisbon", "Porto", "Braga", "Coimbra")),
    Country("Romania", "Romanian", ("Bucharest", "Cluj-Napoca", "Timisoara", "Iasi")),
    Country("Russia", "Russian", ("Moscow", "Saint Petersburg", "Novosibirsk", "Kazan"), ("Russian Federation",),
            ("Siberia", "Chechnya", "Dagestan", "Tatarstan")),
    Country("Serbia", "Serbian", ("Belgrade", "Novi Sad", "Nis")),
    Country("Slovakia", "Slovak", ("Bratislava", "Kosice", "Zilina")),
    Country("Slovenia", "Slovenian", ("Ljubljana", "Maribor", "Celje")),
    Country("Spain", "Spanish", ("Madrid", "Barcelona", "Valencia", "Seville", "Bilbao"), (),
            ("Catalonia", "Andalusia", "Galicia", "Castile")),
    Country("Sweden", "Swedish", ("Stockholm", "Gothenburg", "Malmo", "Uppsala")),
    Country("Switzerland", "Swiss", ("Bern", "Zurich", "Geneva", "Basel")),
    Country("Turkey", "Turkish", ("Ankara", "Istanbul", "Izmir", "Bursa", "Diyarbakır", "Antalya"), ("Türkiye",),
            ("Anatolia", "Thrace", "Cappadocia")),
    Country("Ukraine", "Ukrainian", ("Kyiv", "Kharkiv", "Odesa", "Lviv"), ("Kiev",)),
    Country("United Kingdom", "British", ("London", "Manchester", "Birmingham", "Glasgow", "Leeds"),
            ("UK", "U.K.", "Great Britain", "Britain", "United Kingdom of Great Britain",
             "United Kingdom of Great Britain and Northern Ireland"),
            ("England", "Scotland", "Wales", "Northern Ireland")),
    Country("Georgia", "Georgian", ("Tbilisi", "Batumi", "Kutaisi")),
    Country("Armenia", "Armenian", ("Yerevan", "Gyumri", "Vanadzor")),
    Country("Azerbaijan", "Azerbaijani", ("Baku", "Ganja", "Sumqayit")),
    Country("United States", "American", ("Washington", "New York", "Chicago", "Los Angeles", "Boston", "Houston"),
            ("USA", "U.S.", "US", "United States of America", "America"),
            ("California", "Texas", "Florida", "Ohio")),
    Country("Canada", "Canadian", ("Ottawa", "Toronto", "Montreal", "Vancouver")),
    Country("Mexico", "Mexican", ("Mexico City", "Guadalajara", "Monterrey")),
    Country("Brazil", "Brazilian", ("Brasilia", "Sao Paulo", "Rio de Janeiro")),
    Country("Argentina", "Argentinian", ("Buenos Aires", "Cordoba", "Rosario")),
    Country("Chile", "Chilean", ("Santiago", "Valparaiso", "Concepcion")),
    Country("Australia", "Australian", ("Canberra", "Sydney", "Melbourne", "Brisbane", "Perth")),
    Country("New Zealand", "New Zealander", ("Wellington", "Auckland", "Christchurch")),
    Country("Japan", "Japanese", ("Tokyo", "Osaka", "Kyoto", "Yokohama")),
    Country("China", "Chinese", ("Beijing", "Shanghai", "Guangzhou", "Shenzhen")),
    Country("India", "Indian", ("New Delhi", "Mumbai", "Bangalore", "Chennai")),
    Country("South Korea", "South Korean", ("Seoul", "Busan", "Incheon"), ("Korea",)),
    Country("Egypt", "Egyptian", ("Cairo", "Alexandria", "Giza")),
    Country("Morocco", "Moroccan", ("Rabat", "Casablanca", "Marrakesh")),
    Country("Nigeria", "Nigerian", ("Abuja", "Lagos", "Kano")),
    Country("South Africa", "South African", ("Pretoria", "Johannesburg", "Cape Town", "Durban")),
    Country("Kenya", "Kenyan", ("Nairobi", "Mombasa", "Kisumu")),
    Country("Saudi Arabia", "Saudi", ("Riyadh", "Jeddah", "Mecca", "Dammam")),
    Country("Qatar", "Qatari", ("Doha", "Al Rayyan", "Al Wakrah")),
    Country("United Arab Emirates", "Emirati", ("Abu Dhabi", "Dubai", "Sharjah"), ("UAE",)),
    Country("Israel", "Israeli", ("Jerusalem", "Tel Aviv", "Haifa")),
    Country("Iran", "Iranian", ("Tehran", "Mashhad", "Isfahan")),
    Country("Pakistan", "Pakistani", ("Islamabad", "Karachi", "Lahore")),
    Country("Indonesia", "Indonesian", ("Jakarta", "Surabaya", "Bandung")),
    Country("Thailand", "Thai", ("Bangkok", "Chiang Mai", "Pattaya")),
    Country("Vietnam", "Vietnamese", ("Hanoi", "Ho Chi Minh City", "Da Nang")),
)


@dataclass(frozen=True)
class Place:
    """What a place string is: a country, a demonym or a city (with rank)."""

    kind: str  # "country" | "demonym" | "city" | "region"
    country: Country
    rank: int = 0  # city index: 0 = capital


def normalize_place(text: str) -> str:
    t = re.sub(r"^(?:the)\s+", "", text.strip(), flags=re.I)
    return re.sub(r"\s+", " ", t).strip(" .,").lower()


@functools.lru_cache(maxsize=1)
def _index() -> dict[str, Place]:
    idx: dict[str, Place] = {}
    for c in COUNTRIES:
        for name in (c.name, *c.alt_names):
            idx.setdefault(normalize_place(name), Place("country", c))
        idx.setdefault(normalize_place(c.demonym), Place("demonym", c))
        idx.setdefault(normalize_place(c.demonym) + "s", Place("demonym", c))
        for i, city in enumerate(c.cities):
            idx.setdefault(normalize_place(city), Place("city", c, i))
        for i, region in enumerate(c.regions):
            idx.setdefault(normalize_place(region), Place("region", c, i))
    return idx


def lookup(text: str) -> Place | None:
    """The gazetteer entry for ``text`` ("the United Kingdom", "Ankara", "Turkish")."""
    return _index().get(normalize_place(text))
