// Word lists (data) for the subject rule of the person detector: verbs whose subject is nearly always a person
// ("Adaeze missed the train", "Wiremu believes ...", "Ailbhe hasn't answered"). Generic verbs that things and
// organisations do as often ("changed", "needs", "uses", "runs", "offers") are left out on purpose.

/** Regular verbs, base form: the -s and -ed forms are derived (`personVerbForms`). */
const REGULAR = [
  'admit',
  'agree',
  'apologise',
  'apologize',
  'argue',
  'arrive',
  'ask',
  'bake',
  'believe',
  'complain',
  'decide',
  'enjoy',
  'explain',
  'finish',
  'graduate',
  'greet',
  'insist',
  'invite',
  'learn',
  'marry',
  'mutter',
  'pray',
  'prefer',
  'pretend',
  'refuse',
  'remember',
  'resign',
  'retire',
];

/** Regular verbs whose -s form is also a plural noun ("answers", "visits"): only the base and -ed forms count. */
const REGULAR_NOUN_LIKE = [
  'answer',
  'call',
  'cook',
  'cry',
  'dance',
  'dream',
  'email',
  'hate',
  'hope',
  'kiss',
  'laugh',
  'like',
  'live',
  'love',
  'mention',
  'murmur',
  'grumble',
  'giggle',
  'chuckle',
  'frown',
  'miss',
  'move',
  'paint',
  'phone',
  'play',
  'promise',
  'recall',
  'reply',
  'scream',
  'shout',
  'sigh',
  'smile',
  'sneeze',
  'study',
  'text',
  'thank',
  'visit',
  'walk',
  'want',
  'whisper',
  'wish',
  'wonder',
  'worry',
  'yell',
];

/**
 * Verbs whose forms the simple rule does not make: "base -s past [participle]" on each line; "-" where the -s form is
 * also a plural noun ("drinks", "wins").
 */
const IRREGULAR = [
  'bring brings brought',
  'buy - bought',
  'chat - chatted',
  'drink - drank drunk',
  'drive - drove driven',
  'eat - ate eaten',
  'feel feels felt',
  'forget forgets forgot forgotten',
  'give gives gave given',
  'go goes went gone',
  'grow grows grew grown',
  'hug - hugged',
  'shrug - shrugged',
  'know knows knew known',
  'leave - left',
  'lose loses lost',
  'meet - met',
  'pay - paid',
  'say says said',
  'send sends sent',
  'sing sings sang sung',
  'sit - sat',
  'sleep sleeps slept',
  'speak speaks spoke spoken',
  'spend spends spent',
  'stand - stood',
  'take - took taken',
  'teach teaches taught',
  'tell - told',
  'think thinks thought',
  'travel - travelled traveled',
  'wake - woke woken',
  'win - won',
  'write writes wrote written',
];

/** Auxiliaries and modals in their affirmative forms. */
const AFFIRMATIVE_AUXILIARIES = [
  'is',
  'was',
  'has',
  'had',
  'have',
  'will',
  'would',
  'can',
  'could',
  'should',
  'shall',
  'might',
  'must',
  'does',
  'did',
];

/** Auxiliaries and modals (and their negated stems, which the tokenizer splits from "n't"). */
export const AUXILIARIES = [
  ...AFFIRMATIVE_AUXILIARIES,
  'isn',
  'wasn',
  'hasn',
  'hadn',
  'won',
  'wouldn',
  'couldn',
  'shouldn',
  'doesn',
  'didn',
  'cannot',
  "'ll",
  '’ll',
  "'d",
  '’d',
];

/** Words that may sit between an auxiliary and its verb ("has never met", "will also bring"). */
export const AUXILIARY_GAP_WORDS = [
  'not',
  'never',
  'just',
  'already',
  'also',
  'always',
  'finally',
  'still',
  "n't",
  'n’t',
  "'t",
  '’t',
];

/** Base, -s and -ed forms of a regular verb ("worry" → "worries", "worried"; "kiss" → "kisses"). */
function regularForms(base: string): string[] {
  const consonantY = base.endsWith('y') && !'aeiou'.includes(base.at(-2) ?? 'a');
  const stem = consonantY ? base.slice(0, -1) : base;
  const sibilant = ['s', 'sh', 'ch', 'x', 'z'].some((e) => base.endsWith(e));
  const s = consonantY ? `${stem}ies` : sibilant ? `${base}es` : `${base}s`;
  const ed = consonantY ? `${stem}ied` : base.endsWith('e') ? `${base}d` : `${base}ed`;
  return [base, s, ed];
}

/** The person verbs' base forms ("has never met", "will bring") and finite forms ("met", "brings"). */
export function personVerbForms(): { base: string[]; finite: string[] } {
  const base: string[] = [];
  const finite: string[] = [];
  for (const verb of REGULAR) {
    const [b, ...rest] = regularForms(verb);
    base.push(b);
    finite.push(...rest);
  }
  for (const verb of REGULAR_NOUN_LIKE) {
    const [b, , ed] = regularForms(verb);
    base.push(b);
    finite.push(ed);
  }
  for (const line of IRREGULAR) {
    const [b, ...rest] = line.split(' ');
    base.push(b);
    finite.push(...rest.filter((f) => f !== '-'));
  }
  return { base, finite };
}

/** Auxiliaries that open a yes/no or wh-question with the subject right after them ("Did X ...?", "Why is X ...?"). */
export const QUESTION_AUXILIARIES = ['do', ...AFFIRMATIVE_AUXILIARIES];

/** Question words before such an auxiliary ("Why is X so quiet?"). */
export const WH_WORDS = ['why', 'where', 'when', 'how', 'what', 'who', 'whom', 'which'];
