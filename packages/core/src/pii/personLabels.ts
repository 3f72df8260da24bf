// Word lists (data) for person cues around lines and labels: field labels whose value is a person ("Patient: X",
// "Attendees: X, Y"), which are never a speaker's name themselves, and the closing words of a letter or mail, after
// which a name alone on the next line signs it ("Best,\nAoife").

/** Labels before a colon whose value names one or more people. */
export const PERSON_FIELD_LABELS = [
  'attn',
  'attention',
  'patient',
  'tenant',
  'landlord',
  'client',
  'customer',
  'guest',
  'guests',
  'applicant',
  'candidate',
  'student',
  'pupil',
  'employee',
  'member',
  'members',
  'contact',
  'contacts',
  'sender',
  'recipient',
  'recipients',
  'author',
  'authors',
  'owner',
  'holder',
  'cardholder',
  'passenger',
  'driver',
  'witness',
  'witnesses',
  'signatory',
  'attendee',
  'attendees',
  'participant',
  'participants',
  'present',
  'absent',
  'apologies',
  'speaker',
  'speakers',
  'chair',
  'host',
  'hosts',
  'organiser',
  'organizer',
  'reviewer',
  'reviewers',
  'assignee',
  'reporter',
  'cc',
  'bcc',
  'from',
  'to',
];

/** Closing words of a letter or mail: a name alone on the next line signs it. */
export const SIGN_OFF_LINES = [
  'best',
  'best wishes',
  'best regards',
  'all the best',
  'regards',
  'kind regards',
  'warm regards',
  'warmest regards',
  'many thanks',
  'thanks',
  'thank you',
  'thanks again',
  'cheers',
  'sincerely',
  'yours sincerely',
  'sincerely yours',
  'yours faithfully',
  'yours truly',
  'yours',
  'love',
  'with love',
  'take care',
  'cordially',
  'respectfully',
  'signed',
];

/** Greetings before a name and a comma or "!" ("hey ciarán, ...", "Happy birthday Oyelowo!", "Welcome Tavita!"). */
export const GREETING_WORDS = [
  'hey',
  'hi',
  'hello',
  'dear',
  'morning',
  // (round 13: "Good afternoon Leocadia," was missed where "Good morning" and "Good evening" were found)
  'afternoon',
  'evening',
  'thanks',
  'cheers',
  'birthday',
  'congratulations',
  'congrats',
  'welcome',
  'bye',
  'goodbye',
  'goodnight',
  // (other openings of a message: "Greetings Ekaterina,", "Hiya Fenella,", "Howdy Jo!")
  'greetings',
  'hiya',
  'howdy',
];

/** Terms of address after a greeting that name-lists also hold as first names ("hey buddy,", "cheers mate,"). */
export const ADDRESS_TERM_WORDS = [
  'all',
  'babe',
  'baby',
  'bro',
  'buddy',
  'darling',
  'dear',
  'dude',
  'everyone',
  'folks',
  'friend',
  'friends',
  'guys',
  'honey',
  'love',
  'man',
  'mate',
  'pal',
  'sir',
  'sunshine',
  'sweetheart',
  'sweetie',
  'team',
  'there',
];

/** Month names: "May", "June", "April" are first names too ("May Okonkwo-Hale"). */
export const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Words before a month that make it a date ("in May", "by June", "last April"), not a first name. */
export const DATE_PREPOSITION_WORDS = [
  'in',
  'on',
  'since',
  'until',
  'till',
  'by',
  'during',
  'from',
  'last',
  'next',
  'this',
  'early',
  'late',
  'mid',
  'before',
  'after',
  'through',
];

/**
 * Personal pronouns people write after their own name ("Aoife (she/her)", "Sam (they/them)"): a pronoun set in
 * parentheses is said only of a person, never of a company or a place.
 */
export const PRONOUN_SET_WORDS = [
  'she',
  'her',
  'hers',
  'he',
  'him',
  'his',
  'they',
  'them',
  'theirs',
  'xe',
  'xem',
  'ze',
];

/** Words that give a person's birth surname ("the bride (née Gallagher)"): only a person has one. */
export const BIRTH_NAME_WORDS = ['née', 'né', 'nee', 'geb', 'geborene'];

/** Days of the week: "On Tuesday Kayode signed ...", a date opening a sentence before its subject. */
export const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
