// Word lists behind the round 11 person cues (personClauses.ts), one concept each.

/**
 * Time adverbs that open a sentence before its subject, as a date does ("Yesterday Anneliese vacuumed the car",
 * "Later Ottoline phoned the bank").
 */
export const TIME_ADVERB_OPENERS = [
  'yesterday',
  'today',
  'tonight',
  'tomorrow',
  'later',
  'earlier',
  'recently',
  'lately',
  'meanwhile',
  'afterwards',
  'afterward',
  'eventually',
  'finally',
  'suddenly',
  'then',
  'now',
  'once',
];

/**
 * Past tenses and participles of English irregular verbs (a closed class): after a lone word opening a sentence they
 * make it a subject as a regular "-ed" form does ("Torvald overslept", "Kazimierz undertook the repair").
 */
export const IRREGULAR_PAST_FORMS = (
  'arose arisen awoke awoken bore borne beat beaten became begun began bent bet bid bit bitten bled blew blown ' +
  'broke broken bred brought built burnt bought caught chose chosen clung came crept cut dealt dug dove did done ' +
  'drew drawn dreamt drank drunk drove driven ate eaten fell fallen fed felt fought found fled flung flew flown ' +
  'forbade forbidden forgot forgotten forgave forgiven froze frozen got gotten gave given went gone ground grew ' +
  'grown hung heard hid hidden hit held hurt kept knelt knew known laid led leant leapt learnt left lent lit lost ' +
  'made meant met mislaid misled mistook mistaken overcame overheard overslept overtook overtaken paid ' +
  'proved proven quit ran rang rung rode ridden rose risen said saw seen sought sold sent set sewn shook shaken ' +
  'shone shot showed shown shrank shrunk shut sang sung sank sunk sat slept slid slung smelt spoke spoken sped ' +
  'spent spilt spun spat split spread sprang sprung stood stole stolen stuck stung stank strode struck strung ' +
  'strove swore sworn swept swam swum swung took taken taught tore torn told thought threw thrown trod trodden ' +
  'understood undertook undertaken underwent upset woke woken wore worn wove woven wept won wound withdrew wrote ' +
  'written been'
).split(' ');

/**
 * Nouns a possessive gives only to a person: kin, body, life events, everyday belongings and personal records
 * ("Hope’s brother", "Grace's car", "Olive's bag", "Summer's email address"). A company has "stock", "prices",
 * "update"; a listed first name that is also a word is a person before one of these.
 */
export const PERSONAL_POSSESSIONS = [
  'boyfriend',
  'girlfriend',
  'fiancée',
  'kids',
  'children',
  'parents',
  'friend',
  'friends',
  'birthday',
  'wedding',
  'funeral',
  'retirement',
  'knee',
  'ankle',
  'leg',
  'arm',
  'wrist',
  'back',
  'hair',
  'eyes',
  'face',
  'health',
  'phone',
  'laptop',
  'car',
  'bike',
  'bicycle',
  'bag',
  'handbag',
  'wallet',
  'purse',
  'keys',
  'coat',
  'jacket',
  'shoes',
  'glasses',
  'passport',
  'flat',
  'apartment',
  'bedroom',
  'dog',
  'cat',
  'email',
  'address',
  'mobile',
  'salary',
  'signature',
  'resume',
  'appointment',
  'homework',
  'essay',
  'exam',
  'diary',
];

/**
 * Nouns for a person before "named"/"called" ("a boy named Chidera", "someone called Jolanta"); any other everyday
 * noun there names a thing ("a café named Brew Lab", "an app called Notion"). Kinship and role nouns count too.
 */
export const PERSON_NOUNS = [
  'boy',
  'girl',
  'man',
  'woman',
  'men',
  'women',
  'guy',
  'lady',
  'gentleman',
  'person',
  'someone',
  'somebody',
  'anyone',
  'kid',
  'child',
  'baby',
  'teenager',
  'student',
  'pupil',
  'teacher',
  'colleague',
  'coworker',
  'friend',
  'neighbour',
  'neighbor',
  'doctor',
  'nurse',
  'patient',
  'customer',
  'client',
  'user',
  'member',
  'lad',
  'chap',
  'fellow',
  'stranger',
  'writer',
  'author',
  'artist',
  'singer',
  'player',
  'boss',
  'manager',
];

/**
 * Fixed phrases borrowed from Latin and other languages, written capitalised in headings and rate tables: their
 * words are no names ("Per Diem", "Pro Bono", "Ad Hoc", "Status Quo").
 */
export const FIXED_FOREIGN_PHRASES = [
  'per diem',
  'per annum',
  'per capita',
  'per se',
  'pro bono',
  'pro rata',
  'pro forma',
  'ad hoc',
  'ad lib',
  'ad infinitum',
  'status quo',
  'bona fide',
  'de facto',
  'de jure',
  'alma mater',
  'carpe diem',
  'vice versa',
  'in situ',
  'in vitro',
  'in vivo',
  'quid pro quo',
  'mea culpa',
  'modus operandi',
  'terra firma',
  'habeas corpus',
  'magna cum laude',
  'summa cum laude',
  'cum laude',
  'persona non grata',
  'caveat emptor',
  'sine die',
  'pro tem',
  'et cetera',
  'anno domini',
  'curriculum vitae',
  'ex officio',
  'honoris causa',
  'post mortem',
  'prima facie',
  'sui generis',
  'tabula rasa',
  'vox populi',
  'bon appétit',
  'bon voyage',
  'de rigueur',
  'fait accompli',
  'faux pas',
  'joie de vivre',
  'raison d’être',
  'coup de grâce',
  'déjà vu',
  'hors d’oeuvre',
  'à la carte',
  'laissez faire',
];

/**
 * Adverbs that sit between a subject and its verb ("Tewodros usually drives", "Meseret never cooks"): the verb after
 * one still says what the subject does.
 */
export const SUBJECT_VERB_ADVERBS = [
  'never',
  'always',
  'often',
  'usually',
  'sometimes',
  'rarely',
  'seldom',
  'also',
  'still',
  'just',
  'already',
  'finally',
  'actually',
  'really',
  'probably',
  'normally',
  'recently',
  'occasionally',
  'then',
  'later',
  'soon',
];
