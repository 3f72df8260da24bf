// Word lists of the street-address stages (detectAddresses.ts and the stages it runs): street types written after
// the name, before it and glued onto it, unit designators, and the few everyday words that decide whether a lowercase
// word still belongs to a street. Data only (issue 26, round 19): the control flow lives in the stage modules.

/**
 * Capitalised words that start a sentence or a greeting rather than continue an address ("... Main St. Please ...").
 */
export const SENTENCE_START_WORDS = new RegExp(
  String.raw`^(?:I|I'm|I'd|I'll|Please|Thanks|Thank|Is|Are|Can|Could|Would|Will|Do|Does|For|After|And|But|The` +
    String.raw`|This|That|It|In|If|When|We|You|He|She|They|My|Our)$`,
);

/** Unit designators before a number: "Suite 501", "Apt. 656", "Whg 3". */
export const UNIT_RE =
  /^(?:suite|ste|apt|apartment|unit|flat|room|rm|floor|fl|bldg|building|postbox|psc|cmr|pmb|lot|piso|apto|whg)$/i;
/** Street types written after the name, as abbreviations or in languages that write them apart. */
export const STREET_ABBREVIATIONS = new Set([
  'st',
  'rd',
  'ave',
  'av',
  'blvd',
  'bd',
  'ln',
  'dr',
  'ct',
  'pl',
  'sq',
  'ter',
  'terr',
  'hwy',
  'pkwy',
  'cres',
  'cl',
  'str',
  'u',
  'ul',
  'al',
  'cir',
  'crt',
  'pde',
  'esp',
  'gdns',
  'gr',
  'mt',
  'rte',
  'trl',
  'wy',
  'ctr',
  'plz',
  'xing',
  'fwy',
  'expy',
  'jct',
  'bvd',
  'vej',
  'gade',
  'gata',
  'gatan',
  'utca',
  'út',
  'útja',
  'tér',
  'körút',
  'iela',
  'tänav',
  'straße',
  'strasse',
  'weg',
  'gasse',
  'platz',
  'allee',
  'laan',
  'straat',
  'katu',
  'tie',
  'kuja',
  'vegur',
  'veien',
  'vegen',
  'terrasse',
  'gränd',
  'vägen',
  'stræti',
]);
/** Street types written before the name: "rue", "via", "ul.", "Λεωφόρος". */
export const STREET_PREFIXES = new Set([
  'rue',
  'avenue',
  'av',
  'avda',
  'avenida',
  'via',
  'viale',
  'vicolo',
  'calle',
  'paseo',
  'rua',
  'travessa',
  'praça',
  'piazza',
  'piazzale',
  'plaza',
  'plac',
  'ul',
  'ulica',
  'al',
  'aleja',
  'λεωφόρος',
  'οδός',
  'boulevard',
  'bd',
  'bld',
  'chemin',
  'carrer',
  'camino',
  'quadra',
  'strada',
  'corso',
  'largo',
  'rambla',
  'ronda',
  'carretera',
  'calzada',
  'impasse',
  'allée',
  'place',
  'quai',
  'cours',
  'ulitsa',
  'prospekt',
  'улица',
  'ул',
  'проспект',
  'pasaje',
  'estrada',
  'alameda',
  'rodovia',
]);
/** Street-type words written onto the name: Søndergade, Magasinsgatan, Kiannonkatu, Bundesstrasse, Þorsteinsgata. */
export const GLUED_STREET = new RegExp(
  String.raw`(?:straße|strasse|str|gasse|weg|platz|allee|ring|damm|ufer|gade|vej|gatan|gata|gränd|vägen|väg` +
    String.raw`|veien|vegen|vegur|stræti|braut|katu|tie|kuja|polku|laan|straat|gracht|plein|dijk|kade|singel` +
    String.raw`|utca|útja|körút|iela|gatvė|tänav|ulice|náměstí|třída|ulica|cesta|ulitsa|sokak|caddesi|bulvarı)$`,
  'i',
);
/** Everyday words that often make up a street's name ("fourth avenue", "old mill road"). */
export const STREET_NAME_WORDS = new RegExp(
  String.raw`^(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|north|south|east|west|old` +
    String.raw`|new|upper|lower|great|little|high|main|church|mill|park|lake|hill|market|station|school|bridge` +
    String.raw`|king|queen|green|long)$`,
);
/** Street types common enough in English text to mark a street without a house number ("on Marina Fort Street"). */
export const CORE_STREET_TYPES = new RegExp(
  String.raw`^(?:street|road|avenue|lane|boulevard|drive|way|square|place|crescent|terrace|court|close` +
    String.raw`|parkway|highway|st|rd|ave|blvd|ln)$`,
  'i',
);
/** Lowercase words that may sit inside an address ("Paseo del Atlántico", "Árpád fejedelem útja", "delmas, mp"). */
export const ADDRESS_LOWER_OK = new RegExp(
  String.raw`^(?:de|del|dei|degli|della|delle|des|du|da|do|dos|das|di|la|le|les|el|van|von|der|den|op|aan|y|i` +
    String.raw`|e|och|og|und|et|nan|u|ul|al|apt|suite|ste|st|rd|str|box)$`,
);

/** Words that can open a unit, post-box or military anchor: the specific checks run only for these. */
export const UNIT_ANCHOR_WORDS = new Set([
  'suite',
  'ste',
  'apt',
  'apartment',
  'unit',
  'flat',
  'room',
  'rm',
  'floor',
  'fl',
  'bldg',
  'building',
  'postbox',
  'psc',
  'cmr',
  'pmb',
  'lot',
  'piso',
  'apto',
  'whg',
  'p',
  'po',
  'box',
  'apo',
  'fpo',
  'dpo',
  'usns',
  'usnv',
  'uss',
  'uscgc',
]);
/** Street types that are everyday English words after a number: lowercase they open no street. */
export const ENGLISH_PREFIXES = new Set([
  'via',
  'place',
  'plaza',
  'al',
  'cours',
  'largo',
  'bd',
  'av',
  'ronda',
  'quadra',
]);
/** Words a lowercase street name never holds ("to 5 miles down the road" is no street). */
export const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'of',
  'on',
  'in',
  'to',
  'and',
  'or',
  'for',
  'with',
  'at',
  'by',
  'from',
  'my',
  'your',
  'our',
  'his',
  'her',
  'their',
  'its',
  'this',
  'that',
]);

/**
 * (round 20) Short French, German and Dutch words that open the writer's prose right after a street name ("5 avenue
 * de la Gare à midi", "rue du Moulin ce soir"): two letters or fewer are otherwise kept as a possible region code.
 */
export const PROSE_AFTER_STREET_WORDS = ['à', 'au', 'ce', 'en', 'et', 'je', 'tu', 'am', 'im', 'um', 'ab', 'zu', 'om'];

/**
 * (round 20) Region codes written between a town and its postcode in the United States, Canada and Australia
 * ("Austin TX 78701", "Fitzroy VIC 3065"): a closed list, since product lines share the shape ("Radeon RX 9070").
 */
export const REGION_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK ' +
    'OR PA PR RI SC SD TN TX UT VT VA WA WV WI WY AB BC MB NB NL NS NU NT ON PE QC SK YT NSW QLD SA TAS ACT VIC'
  ).split(' '),
);
