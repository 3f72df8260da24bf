// Round 22 person cue (issue 26): the one being called at a number. "Call Tamati on 021 555 1234", "ring Adjoa at
// 0800 ...": who is called on a number is a person or a service, and a service's name is mostly a company the lists
// know ("Vodafone"), an everyday word ("Call Reception on ...") or a coined word ("Healthline", "Ticketek"), which
// the callers veto. "call" alone takes functions and services too ("call Stripe's API"), so the number after the
// name is required. "Ask for Wiremu at the desk": who is asked for by name at a place is a person as well.
import type { Token } from './tokenizeText.js';

/** Verbs of calling someone at a number. */
export const CALL_VERBS = ['call', 'calling', 'called', 'ring', 'phone', 'text', 'whatsapp'];
/** Words between the name and the number ("on 021 ...", "at 0800 ...", "- 021 ..."). */
export const NUMBER_LEADS = ['on', 'at', 'via', 'tel', 'ph', ':', '-', '–', '('];
/** The verb before "for" when someone is asked for by name ("ask for", "asked for"). */
export const ASK_FOR_VERBS = ['ask', 'asks', 'asked'];
/** What follows a person asked for ("ask for Wiremu at reception", "ask for Wiremu."). */
export const ASK_FOR_ENDS = ['at', 'in', 'when', 'on', '.', ',', '!', ')'];

const CALL = new Set(CALL_VERBS);
const LEADS = new Set(NUMBER_LEADS);
const ASK = new Set(ASK_FOR_VERBS);
const ASK_ENDS = new Set(ASK_FOR_ENDS);

/** `first`..`last` follows a calling verb and is followed by a number (one lead word or mark between allowed). */
export function calledOnNumber(tokens: Token[], first: Token, last: Token): boolean {
  const prev = tokens[first.index - 1];
  if (first.lineStart || prev?.kind !== 'word' || !CALL.has(prev.lower)) return false;
  let k = last.index + 1;
  if (LEADS.has(tokens[k]?.lower ?? '')) k++;
  const n = tokens[k];
  return n?.kind === 'number' && !n.lineStart && n.text.length >= 2;
}

/** `first`..`last` is asked for by name ("ask for Wiremu at the desk"), then a place, a clause or the end. */
export function askedForByName(tokens: Token[], first: Token, last: Token): boolean {
  const f = tokens[first.index - 1];
  const a = tokens[first.index - 2];
  if (first.lineStart || f?.lower !== 'for' || a?.kind !== 'word' || !ASK.has(a.lower)) return false;
  const next = tokens[last.index + 1];
  return next === undefined || next.lineStart || ASK_ENDS.has(next.lower);
}

/**
 * (round 23) `first` right after a calling verb, with no number needed: "call Maria", "please ring Martin before
 * noon". Only asked of a first name that is a rarer everyday word, where the name list is the evidence.
 */
export function calledByName(tokens: Token[], first: Token): boolean {
  const prev = tokens[first.index - 1];
  return !first.lineStart && prev?.kind === 'word' && CALL.has(prev.lower);
}
