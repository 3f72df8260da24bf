// Particles that join a street type written first to its name in French, Italian, Spanish and Portuguese
// ("place du Marché", "via del Corso", "cours de la Liberté"); read by detectAddresses.ts (issue 26, round 18).

/**
 * After a house number, a lowercase street type that is also an English word ("place", "via", "cours") opens no
 * street on its own ("2 place cards", "4 via email"); followed by one of these particles and a capitalised name it
 * does ("5 place du Tertre"): English puts no "du", "des" or "della" after "place" or "via".
 */
export const STREET_NAME_PARTICLES = [
  'de',
  'du',
  'des',
  'del',
  'della',
  'delle',
  'dei',
  'degli',
  'di',
  'da',
  'do',
  'dos',
  'das',
  'la',
  'le',
  'les',
];
