// A name set beside a noun for someone's role: "Our host (Tendai) showed us round", "the second reviewer, Anika
// Pfeiffer,", "a volunteer (Ó Súilleabháin)". The noun names a person, so the word set off after it does too.
// Issue 26, round 8. Roles that companies fill as often (client, customer, supplier, owner, provider, partner's
// firm) are left out: "our supplier, Bosch," names a company.
import type { Token } from './tokenizeText.js';

/** Nouns for a person's job or part in something (relatives and close people are in KINSHIP_NOUNS). */
export const PERSON_ROLE_NOUNS = new Set([
  'host',
  'hostess',
  'guide',
  'tutor',
  'teacher',
  'trainer',
  'instructor',
  'mentor',
  'supervisor',
  'advisor',
  'adviser',
  'doctor',
  'dentist',
  'nurse',
  'midwife',
  'surgeon',
  'therapist',
  'pharmacist',
  'lawyer',
  'solicitor',
  'attorney',
  'accountant',
  'plumber',
  'electrician',
  'builder',
  'carpenter',
  'mechanic',
  'driver',
  'chef',
  'waiter',
  'waitress',
  'landlord',
  'landlady',
  'tenant',
  'lodger',
  'nanny',
  'babysitter',
  'cleaner',
  'gardener',
  'caretaker',
  'janitor',
  'receptionist',
  'secretary',
  'intern',
  'volunteer',
  'reviewer',
  'editor',
  'translator',
  'interpreter',
  'photographer',
  'student',
  'pupil',
  'guest',
  'treasurer',
  'chairman',
  'chairwoman',
  'chairperson',
  'spokesman',
  'spokeswoman',
  'spokesperson',
  'witness',
  'priest',
  'vicar',
  'referee',
  'vet',
  'courier',
  'postman',
  'postwoman',
]);

/** Articles and possessives that open the noun phrase of the role ("our", "the second", "a"). */
const ROLE_DETERMINERS = new Set(['the', 'a', 'an', 'our', 'my', 'your', 'his', 'her', 'their']);

/**
 * The run starting at `first` follows a role noun, directly, after a comma or inside an opening parenthesis, and the
 * role noun opens with a determiner at most two lowercase words before it ("our new intern, Priyanka"). Token tests.
 */
export function afterRoleNoun(tokens: Token[], first: Token): boolean {
  let k = first.index - 1;
  const mark = tokens[k];
  if (first.lineStart || !mark) return false;
  if (mark.text === '(' || mark.text === ',') {
    if (mark.lineStart) return false;
    k--;
  } else if (first.gapBefore !== ' ') return false;
  const noun = tokens[k];
  if (noun?.kind !== 'word' || noun.cap || !PERSON_ROLE_NOUNS.has(noun.lower)) return false;
  // (the determiner may open the sentence, "Our host"; words between it and the noun are lowercase, "the second")
  for (let back = 1; back <= 3; back++) {
    const w = tokens[k - back];
    if (w?.kind !== 'word') return false;
    if (ROLE_DETERMINERS.has(w.lower)) return true;
    if (w.cap) return false;
  }
  return false;
}
