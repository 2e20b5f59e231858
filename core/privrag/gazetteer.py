"""A small public gazetteer: the world's countries, their demonyms and a few cities.

Aliases of places must stay geographically coherent: if "Turkey" becomes
"Portugal", then "Ankara" must become "Lisbon" and "Turkish" "Portuguese",
or the generator sees a contradiction ("Lisbon, Turkey") and either
stumbles or guesses the truth. The first city of each country is its
capital, so a capital maps onto a capital. Unknown places fall back to the
alias generator.

:data:`COUNTRIES` is the alias pool (well-known countries with several
cities each, so a city can map onto a city of the same rank);
:data:`MORE_COUNTRIES` completes the world for *recognition* — "Bruneian",
"Paraguay", "Burkinabe" are found and aliased coherently, but an alias is
always drawn from the pool, so a reader never meets an obscure state the
original did not name.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

__all__ = ["Country", "COUNTRIES", "MORE_COUNTRIES", "ALL_COUNTRIES", "Place", "lookup", "normalize_place", "names"]


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


def _c(name: str, demonym: str, cities: str, alt: tuple[str, ...] = ()) -> Country:
    return Country(name, demonym, tuple(c.strip() for c in cities.split(";")), alt)


#: the rest of the world: recognised, never drawn as an alias (capital first)
MORE_COUNTRIES: tuple[Country, ...] = (
    # Europe
    _c("Albania", "Albanian", "Tirana; Durres"), _c("Andorra", "Andorran", "Andorra la Vella"),
    _c("Belarus", "Belarusian", "Minsk; Gomel"), _c("Liechtenstein", "Liechtensteiner", "Vaduz"),
    _c("Monaco", "Monegasque", "Monte Carlo"), _c("Montenegro", "Montenegrin", "Podgorica"),
    _c("North Macedonia", "Macedonian", "Skopje; Bitola",
       ("Macedonia", "former Yugoslav Republic of Macedonia", "Republic of North Macedonia")),
    _c("San Marino", "Sammarinese", "City of San Marino"), _c("Kosovo", "Kosovar", "Pristina"),
    _c("England", "English", "London; Birmingham"), _c("Scotland", "Scottish", "Edinburgh; Glasgow"),
    _c("Wales", "Welsh", "Cardiff; Swansea"),
    # Asia
    _c("Afghanistan", "Afghan", "Kabul; Kandahar; Herat"), _c("Bahrain", "Bahraini", "Manama"),
    _c("Bangladesh", "Bangladeshi", "Dhaka; Chittagong"), _c("Bhutan", "Bhutanese", "Thimphu"),
    _c("Brunei", "Bruneian", "Bandar Seri Begawan", ("Brunei Darussalam",)),
    _c("Cambodia", "Cambodian", "Phnom Penh"), _c("Iraq", "Iraqi", "Baghdad; Basra; Mosul"),
    _c("Jordan", "Jordanian", "Amman"), _c("Kazakhstan", "Kazakh", "Astana; Almaty"),
    _c("Kuwait", "Kuwaiti", "Kuwait City"), _c("Kyrgyzstan", "Kyrgyz", "Bishkek"),
    _c("Laos", "Laotian", "Vientiane"), _c("Lebanon", "Lebanese", "Beirut"),
    _c("Malaysia", "Malaysian", "Kuala Lumpur; Penang"), _c("Maldives", "Maldivian", "Malé"),
    _c("Mongolia", "Mongolian", "Ulaanbaatar"), _c("Myanmar", "Burmese", "Naypyidaw; Yangon", ("Burma",)),
    _c("Nepal", "Nepalese", "Kathmandu"), _c("North Korea", "North Korean", "Pyongyang"),
    _c("Oman", "Omani", "Muscat"), _c("Philippines", "Filipino", "Manila; Quezon City; Cebu"),
    _c("Singapore", "Singaporean", "Singapore"), _c("Sri Lanka", "Sri Lankan", "Colombo; Jaffna"),
    _c("Syria", "Syrian", "Damascus; Aleppo; Homs"), _c("Taiwan", "Taiwanese", "Taipei; Kaohsiung"),
    _c("Tajikistan", "Tajik", "Dushanbe"), _c("Timor-Leste", "Timorese", "Dili", ("East Timor",)),
    _c("Turkmenistan", "Turkmen", "Ashgabat"), _c("Uzbekistan", "Uzbek", "Tashkent; Samarkand"),
    _c("Yemen", "Yemeni", "Sanaa; Aden"), _c("Palestine", "Palestinian", "Ramallah; Gaza"),
    # Africa
    _c("Algeria", "Algerian", "Algiers; Oran"), _c("Angola", "Angolan", "Luanda"),
    _c("Benin", "Beninese", "Porto-Novo; Cotonou"), _c("Botswana", "Botswanan", "Gaborone"),
    _c("Burkina Faso", "Burkinabe", "Ouagadougou"), _c("Burundi", "Burundian", "Gitega; Bujumbura"),
    _c("Cameroon", "Cameroonian", "Yaounde; Douala"), _c("Cape Verde", "Cape Verdean", "Praia", ("Cabo Verde",)),
    _c("Central African Republic", "Central African", "Bangui"), _c("Chad", "Chadian", "N'Djamena"),
    _c("Comoros", "Comorian", "Moroni"),
    _c("Democratic Republic of the Congo", "Congolese", "Kinshasa; Lubumbashi", ("DR Congo", "DRC")),
    _c("Republic of the Congo", "Congolese", "Brazzaville", ("Congo",)),
    _c("Djibouti", "Djiboutian", "Djibouti City"), _c("Equatorial Guinea", "Equatoguinean", "Malabo"),
    _c("Eritrea", "Eritrean", "Asmara"), _c("Eswatini", "Swazi", "Mbabane", ("Swaziland",)),
    _c("Ethiopia", "Ethiopian", "Addis Ababa"), _c("Gabon", "Gabonese", "Libreville"),
    _c("Gambia", "Gambian", "Banjul", ("The Gambia",)), _c("Ghana", "Ghanaian", "Accra; Kumasi"),
    _c("Guinea", "Guinean", "Conakry"), _c("Guinea-Bissau", "Bissau-Guinean", "Bissau"),
    _c("Ivory Coast", "Ivorian", "Yamoussoukro; Abidjan", ("Côte d'Ivoire", "Cote d'Ivoire")),
    _c("Lesotho", "Basotho", "Maseru"), _c("Liberia", "Liberian", "Monrovia"),
    _c("Libya", "Libyan", "Tripoli; Benghazi"), _c("Madagascar", "Malagasy", "Antananarivo"),
    _c("Malawi", "Malawian", "Lilongwe; Blantyre"), _c("Mali", "Malian", "Bamako"),
    _c("Mauritania", "Mauritanian", "Nouakchott"), _c("Mauritius", "Mauritian", "Port Louis"),
    _c("Mozambique", "Mozambican", "Maputo"), _c("Namibia", "Namibian", "Windhoek"),
    _c("Niger", "Nigerien", "Niamey"), _c("Rwanda", "Rwandan", "Kigali"),
    _c("Sao Tome and Principe", "Santomean", "Sao Tome"), _c("Senegal", "Senegalese", "Dakar"),
    _c("Seychelles", "Seychellois", "Mahé"), _c("Sierra Leone", "Sierra Leonean", "Freetown"),
    _c("Somalia", "Somali", "Mogadishu; Hargeisa"), _c("South Sudan", "South Sudanese", "Juba"),
    _c("Sudan", "Sudanese", "Khartoum"), _c("Tanzania", "Tanzanian", "Dodoma; Dar es Salaam"),
    _c("Togo", "Togolese", "Lome"), _c("Tunisia", "Tunisian", "Tunis; Sfax"),
    _c("Uganda", "Ugandan", "Kampala"), _c("Zambia", "Zambian", "Lusaka"),
    _c("Zimbabwe", "Zimbabwean", "Harare; Bulawayo"),
    # the Americas
    _c("Antigua and Barbuda", "Antiguan", "Saint John's"), _c("Bahamas", "Bahamian", "Nassau"),
    _c("Barbados", "Barbadian", "Bridgetown"), _c("Belize", "Belizean", "Belmopan"),
    _c("Bolivia", "Bolivian", "Sucre; La Paz; Santa Cruz de la Sierra"),
    _c("Colombia", "Colombian", "Bogota; Medellin; Cali"), _c("Costa Rica", "Costa Rican", "San Jose"),
    _c("Cuba", "Cuban", "Havana"), _c("Dominica", "Dominican", "Roseau"),
    _c("Dominican Republic", "Dominican", "Santo Domingo"), _c("Ecuador", "Ecuadorian", "Quito; Guayaquil"),
    _c("El Salvador", "Salvadoran", "San Salvador"), _c("Grenada", "Grenadian", "Saint George's"),
    _c("Guatemala", "Guatemalan", "Guatemala City"), _c("Guyana", "Guyanese", "Georgetown"),
    _c("Haiti", "Haitian", "Port-au-Prince"), _c("Honduras", "Honduran", "Tegucigalpa"),
    _c("Jamaica", "Jamaican", "Kingston"), _c("Nicaragua", "Nicaraguan", "Managua"),
    _c("Panama", "Panamanian", "Panama City"), _c("Paraguay", "Paraguayan", "Asuncion"),
    _c("Peru", "Peruvian", "Lima; Cusco; Arequipa"), _c("Saint Kitts and Nevis", "Kittitian", "Basseterre"),
    _c("Saint Lucia", "Saint Lucian", "Castries"),
    _c("Saint Vincent and the Grenadines", "Vincentian", "Kingstown"),
    _c("Suriname", "Surinamese", "Paramaribo"), _c("Trinidad and Tobago", "Trinidadian", "Port of Spain"),
    _c("Uruguay", "Uruguayan", "Montevideo"), _c("Venezuela", "Venezuelan", "Caracas; Maracaibo"),
    _c("Greenland", "Greenlander", "Nuuk"), _c("Puerto Rico", "Puerto Rican", "San Juan"),
    # Oceania
    _c("Fiji", "Fijian", "Suva"), _c("Kiribati", "I-Kiribati", "Tarawa"),
    _c("Marshall Islands", "Marshallese", "Majuro"), _c("Micronesia", "Micronesian", "Palikir"),
    _c("Nauru", "Nauruan", "Yaren"), _c("Palau", "Palauan", "Ngerulmud"),
    _c("Papua New Guinea", "Papua New Guinean", "Port Moresby"), _c("Samoa", "Samoan", "Apia"),
    _c("Solomon Islands", "Solomon Islander", "Honiara"), _c("Tonga", "Tongan", "Nuku'alofa"),
    _c("Tuvalu", "Tuvaluan", "Funafuti"), _c("Vanuatu", "Ni-Vanuatu", "Port Vila"),
)
ALL_COUNTRIES: tuple[Country, ...] = COUNTRIES + MORE_COUNTRIES
#: country names that are far more often a person's name: found through their
#: demonym ("Jordanian") but never as a place by themselves
_NAMES_NOT_PLACES = frozenset({"jordan", "chad"})


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
    for c in ALL_COUNTRIES:
        for name in (c.name, *c.alt_names):
            if normalize_place(name) not in _NAMES_NOT_PLACES:
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


def names(kind: str) -> frozenset[str]:
    """Every normalized string of one kind ("country", "demonym", "city", "region")."""
    return frozenset(k for k, p in _index().items() if p.kind == kind)
