// English country names with common aliases and demonyms, for the offline sensor's country entity.
// Each line: canonical English name | aliases and demonyms (matched case-insensitively, accent-folded).
// A leading "~" marks a word that is also an everyday English word or a first name ("Chad", "Turkey",
// "china", "Polish", "Jordan"): it only counts when written with a capital letter.

const TABLE = `
Afghanistan|Afghan
Albania|Albanian
Algeria|Algerian
Andorra|Andorran
Angola|Angolan
Antigua and Barbuda|Antiguan
Argentina|Argentinian|Argentine
Armenia|Armenian
Australia|Australian|Aussie
Austria|Austrian
Azerbaijan|Azerbaijani
Bahamas|The Bahamas|Bahamian
Bahrain|Bahraini
Bangladesh|Bangladeshi
Barbados|Barbadian
Belarus|Belarusian
Belgium|Belgian
Belize|Belizean
Benin|Beninese
Bhutan|Bhutanese
Bolivia|Bolivian
Bosnia and Herzegovina|Bosnia|Bosnian
Botswana|Botswanan
Brazil|Brazilian
Brunei|Bruneian
Bulgaria|Bulgarian
Burkina Faso|Burkinabe
Burundi|Burundian
Cambodia|Cambodian
Cameroon|Cameroonian
Canada|Canadian
Cape Verde|Cabo Verde|Cape Verdean
Central African Republic
~Chad|Chadian
Chile|Chilean
~China|Chinese|PRC
Colombia|Colombian
Comoros|Comorian
Congo|Republic of the Congo|Congolese
Democratic Republic of the Congo|DR Congo|DRC
Costa Rica|Costa Rican
Croatia|Croatian
Cuba|Cuban
Cyprus|Cypriot
Czechia|Czech Republic|Czech
Denmark|Danish|Dane
Djibouti|Djiboutian
Dominica
Dominican Republic|Dominican
East Timor|Timor-Leste
Ecuador|Ecuadorian
Egypt|Egyptian
El Salvador|Salvadoran
Equatorial Guinea
Eritrea|Eritrean
Estonia|Estonian
Eswatini|Swaziland
Ethiopia|Ethiopian
Fiji|Fijian
Finland|Finnish|~Finn
France|French
Gabon|Gabonese
Gambia|The Gambia|Gambian
~Georgia|Georgian
Germany|German|Deutschland
Ghana|Ghanaian
Greece|Greek
Grenada|Grenadian
Guatemala|Guatemalan
~Guinea|Guinean
Guinea-Bissau
Guyana|Guyanese
Haiti|Haitian
Honduras|Honduran
Hungary|Hungarian
Iceland|Icelandic|Icelander
India|Indian
Indonesia|Indonesian
Iran|Iranian
Iraq|Iraqi
Ireland|Irish|Eire
Israel|Israeli
Italy|Italian|Italia
Ivory Coast|Cote d'Ivoire|Ivorian
Jamaica|Jamaican
Japan|Japanese
~Jordan|Jordanian
Kazakhstan|Kazakh
Kenya|Kenyan
Kiribati
Kosovo|Kosovar
Kuwait|Kuwaiti
Kyrgyzstan|Kyrgyz
Laos|Lao|Laotian
Latvia|Latvian
Lebanon|Lebanese
Lesotho
Liberia|Liberian
Libya|Libyan
Liechtenstein
Lithuania|Lithuanian
Luxembourg|Luxembourgish
Madagascar|Malagasy
Malawi|Malawian
Malaysia|Malaysian
Maldives|Maldivian
~Mali|Malian
Malta|Maltese
Marshall Islands
Mauritania|Mauritanian
Mauritius|Mauritian
Mexico|Mexican
Micronesia
Moldova|Moldovan
Monaco|Monegasque
Mongolia|Mongolian
Montenegro|Montenegrin
Morocco|Moroccan
Mozambique|Mozambican
Myanmar|Burma|Burmese
Namibia|Namibian
Nauru
Nepal|Nepalese|Nepali
Netherlands|The Netherlands|Holland|Dutch
New Zealand|~Kiwi|New Zealander
Nicaragua|Nicaraguan
~Niger|Nigerien
Nigeria|Nigerian
North Korea|North Korean|DPRK
North Macedonia|Macedonia|Macedonian
Norway|Norwegian
Oman|Omani
Pakistan|Pakistani
Palau
Palestine|Palestinian
Panama|Panamanian
Papua New Guinea
Paraguay|Paraguayan
Peru|Peruvian
Philippines|The Philippines|Filipino
Poland|~Polish|~Pole
Portugal|Portuguese
Qatar|Qatari
Romania|Romanian
Russia|Russian|Russian Federation
Rwanda|Rwandan
Saint Kitts and Nevis
Saint Lucia
Saint Vincent and the Grenadines
Samoa|Samoan
San Marino
Sao Tome and Principe
Saudi Arabia|Saudi
Senegal|Senegalese
Serbia|Serbian
Seychelles
Sierra Leone
Singapore|Singaporean
Slovakia|Slovak
Slovenia|Slovenian|Slovene
Solomon Islands
Somalia|Somali
South Africa|South African
South Korea|Korea|South Korean|Korean
South Sudan
Spain|Spanish|Espana
Sri Lanka|Sri Lankan
Sudan|Sudanese
Suriname|Surinamese
Sweden|Swedish|Swede
Switzerland|Swiss
Syria|Syrian
Taiwan|Taiwanese
Tajikistan|Tajik
Tanzania|Tanzanian
Thailand|Thai
Togo|Togolese
Tonga|Tongan
Trinidad and Tobago|Trinidadian
Tunisia|Tunisian
~Turkey|Turkiye|Turkish
Turkmenistan|Turkmen
Tuvalu
Uganda|Ugandan
Ukraine|Ukrainian
United Arab Emirates|UAE|Emirati
United Kingdom|UK|U.K.|Britain|Great Britain|British|England|Scotland|Scottish|Wales|Welsh|Northern Ireland
United States|USA|U.S.A.|United States of America|America|American
Uruguay|Uruguayan
Uzbekistan|Uzbek
Vanuatu
Vatican City|Vatican|Holy See
Venezuela|Venezuelan
Vietnam|Viet Nam|Vietnamese
Yemen|Yemeni
Zambia|Zambian
Zimbabwe|Zimbabwean
`;

export interface CountryAlias {
  /** Folded words of the alias, joined by single spaces: "cote d ivoire". */
  phrase: string;
  country: string;
  /** Only counts when the original text writes it with a capital letter. */
  needsCapital: boolean;
}

function foldPhrase(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/'/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(" ");
}

function build(): CountryAlias[] {
  const aliases: CountryAlias[] = [];
  for (const line of TABLE.split("\n")) {
    if (!line.trim()) continue;
    const names = line.split("|");
    const country = (names[0] ?? "").replace(/^~/, "");
    for (const name of names) {
      const needsCapital = name.startsWith("~");
      const phrase = foldPhrase(name.replace(/^~/, ""));
      // "US" as a word is the pronoun far more often than the country; "U.S." and "USA" stay.
      if (phrase && name !== "US") aliases.push({ phrase, country, needsCapital });
    }
  }
  // Longest first: "papua new guinea" must win over "guinea", "south sudan" over "sudan".
  return aliases.sort((a, b) => b.phrase.length - a.phrase.length || a.phrase.localeCompare(b.phrase));
}

export const COUNTRY_ALIASES: readonly CountryAlias[] = build();
