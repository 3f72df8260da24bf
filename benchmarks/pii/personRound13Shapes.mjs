// A fresh check set for the boundary between people and organisations (issue 26, round 13), written BEFORE any rule
// of this round: the same syntactic slots filled once by a person and once by a company — greetings, lists, "X said
// that", "says X" after a clause, "according to X", a possessive opening, a stated age, a sentence-opening subject
// and its verb, a workplace after "at" — and texts where the company shows itself elsewhere (a corporate suffix, "the
// firm", a company noun after its possessive) before or after the ambiguous mention. Names and brands are not those
// of the earlier sets. `pii` must be gone, `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/personRound13Shapes.mjs [--misses] [--after]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND13_SHAPES = {
  greetings: [
    { text: 'Good evening Marguerite, the parcel came.', pii: ['Marguerite'], keep: ['evening', 'parcel'] },
    { text: 'Morning Tobiah! Coffee is on the table.', pii: ['Tobiah'], keep: ['Morning', 'Coffee'] },
    { text: 'Hey Ilsabet, the car is fixed.', pii: ['Ilsabet'], keep: ['Hey', 'car'] },
    { text: 'Good afternoon Dariusz, your room is ready.', pii: ['Dariusz'], keep: ['afternoon', 'room'] },
    // traps
    { text: 'Good evening Vodafone, my signal is gone.', pii: [], keep: ['evening', 'Vodafone', 'signal'] },
    { text: 'Hey Airbnb, my refund is late.', pii: [], keep: ['Hey', 'Airbnb', 'refund'] },
    { text: 'Dear Zalando, the shoes are too small.', pii: [], keep: ['Zalando', 'shoes'] },
    { text: 'Hi Deliveroo, the order never came.', pii: [], keep: ['Deliveroo', 'order'] },
  ],
  lists: [
    { text: 'On the rota: Perpetua, Lorcan and Gunnhild.', pii: ['Perpetua', 'Lorcan', 'Gunnhild'], keep: ['rota'] },
    { text: 'She thanked Ximena, Bohdan and Yaw.', pii: ['Ximena', 'Bohdan', 'Yaw'], keep: ['thanked'] },
    // traps
    {
      text: 'We moved from Trello, Basecamp and Notion to one tool.',
      pii: [],
      keep: ['Trello', 'Basecamp', 'Notion', 'tool'],
    },
    { text: 'Pay with Klarna, Revolut or Venmo.', pii: [], keep: ['Klarna', 'Revolut', 'Venmo'] },
    { text: 'Partners: Deloitte, Accenture and Capgemini.', pii: [], keep: ['Deloitte', 'Accenture', 'Capgemini'] },
    {
      text: 'Stockists include Tesco, Asda and Morrisons.',
      pii: [],
      keep: ['Stockists', 'Tesco', 'Asda', 'Morrisons'],
    },
  ],
  saidThat: [
    { text: 'Evangelina said that the lift was broken.', pii: ['Evangelina'], keep: ['said', 'lift'] },
    { text: 'Rashida says the lift works now.', pii: ['Rashida'], keep: ['says', 'lift'] },
    { text: 'Torvald announced that he would retire.', pii: ['Torvald'], keep: ['announced', 'retire'] },
    // traps
    { text: 'Airbnb said that bookings rose.', pii: [], keep: ['Airbnb', 'said', 'bookings'] },
    { text: 'Vodafone says the outage is over.', pii: [], keep: ['Vodafone', 'says', 'outage'] },
    { text: 'Nvidia said revenue doubled.', pii: [], keep: ['Nvidia', 'said', 'revenue'] },
  ],
  saysAfterClause: [
    { text: 'The plan, says Philippa, is ready.', pii: ['Philippa'], keep: ['plan', 'says', 'ready'] },
    { text: 'Prices will rise, warns Dunstan.', pii: ['Dunstan'], keep: ['Prices', 'warns'] },
    // traps
    { text: 'The market, says Deloitte, will shrink.', pii: [], keep: ['market', 'says', 'Deloitte', 'shrink'] },
    { text: 'Prices will rise, warns Tesco.', pii: [], keep: ['Prices', 'warns', 'Tesco'] },
    { text: 'Growth is slowing, reports Statista.', pii: [], keep: ['Growth', 'reports', 'Statista'] },
  ],
  accordingTo: [
    { text: 'According to Cressida, the shop shut early.', pii: ['Cressida'], keep: ['According', 'shop'] },
    { text: 'According to Anatoly Brusilov, nothing changed.', pii: ['Anatoly Brusilov'], keep: ['According'] },
    // traps
    { text: 'According to Statista, sales doubled.', pii: [], keep: ['According', 'Statista', 'sales'] },
    { text: 'According to Accenture, costs fell.', pii: [], keep: ['According', 'Accenture', 'costs'] },
    { text: 'According to Ofcom, fewer people watch TV.', pii: [], keep: ['According', 'Ofcom', 'people'] },
  ],
  possessiveOpenings: [
    { text: "Beatriz's flight landed at noon.", pii: ['Beatriz'], keep: ['flight', 'landed'] },
    { text: "Osvaldo's bakery opened late.", pii: ['Osvaldo'], keep: ['bakery', 'opened'] },
    // traps
    { text: "Sainsbury's opened a new store.", pii: [], keep: ['Sainsbury', 'opened', 'store'] },
    { text: "Macy's closed early today.", pii: [], keep: ['Macy', 'closed', 'early'] },
    { text: "Nvidia's shares rose again.", pii: [], keep: ['Nvidia', 'shares', 'rose'] },
    { text: "Tesco's profits fell.", pii: [], keep: ['Tesco', 'profits', 'fell'] },
  ],
  ages: [
    { text: 'Gwendolyn is 41 years old.', pii: ['Gwendolyn'], keep: ['years', 'old'] },
    { text: 'Aurelio turned 60 in May.', pii: ['Aurelio'], keep: ['turned'] },
    // traps
    { text: 'Airbnb is 17 years old.', pii: [], keep: ['Airbnb', 'years', 'old'] },
    { text: 'Nintendo turned 135 this year.', pii: [], keep: ['Nintendo', 'turned'] },
    { text: 'Samsung is over 80 years old.', pii: [], keep: ['Samsung', 'years'] },
  ],
  openingSubjects: [
    { text: 'Idris opened the window.', pii: ['Idris'], keep: ['opened', 'window'] },
    { text: 'Henrike launched her podcast.', pii: ['Henrike'], keep: ['launched', 'podcast'] },
    { text: 'Sølvi recalled the summer.', pii: ['Sølvi'], keep: ['recalled', 'summer'] },
    // traps
    { text: 'Ikea opened a store in Riga.', pii: [], keep: ['Ikea', 'opened', 'store'] },
    { text: 'Hyundai recalled 4,000 cars.', pii: [], keep: ['Hyundai', 'recalled', 'cars'] },
    { text: 'Heineken hired a new brewer.', pii: [], keep: ['Heineken', 'hired', 'brewer'] },
  ],
  workplaces: [
    { text: 'Rosalind works at Vodafone.', pii: ['Rosalind'], keep: ['works', 'Vodafone'] },
    { text: 'My cousin Alaric left Accenture last year.', pii: ['Alaric'], keep: ['cousin', 'Accenture'] },
  ],
  evidenceElsewhere: [
    {
      text: 'Quillon said profits rose. Quillon Ltd makes doors in Hull.',
      pii: [],
      keep: ['Quillon', 'profits', 'doors'],
    },
    {
      text: 'Tavistra hired ten people. Tavistra, the software firm, is growing.',
      pii: [],
      keep: ['Tavistra', 'hired', 'software'],
    },
    {
      text: "Good morning Brenvik, my card is blocked. Brenvik's customer service is closed.",
      pii: [],
      keep: ['morning', 'Brenvik', 'card'],
    },
    {
      text: 'Norrvale Group bought a mill. Later Norrvale sold it.',
      pii: [],
      keep: ['Norrvale', 'mill', 'sold'],
    },
    // people in the same texts: a company of the text does not make its staff companies
    {
      text: 'Marisela works at Quillon Ltd. Marisela said the work is hard.',
      pii: ['Marisela'],
      keep: ['works', 'Quillon', 'hard'],
    },
    {
      text: 'Ewart Pellow founded Tavistra Inc. in 2009. Ewart said it was hard.',
      pii: ['Ewart Pellow'],
      keep: ['founded', 'Tavistra'],
    },
  ],
};

// Written AFTER the round's rules, scored once before any further change: the same slots with companies and people
// no rule was tried on (`--after`).
export const PERSON_ROUND13_AFTER = {
  people: [
    { text: 'Good afternoon Ottoline, the taxi is outside.', pii: ['Ottoline'], keep: ['afternoon', 'taxi'] },
    { text: 'Evening Casimir! Dinner is at eight.', pii: ['Casimir'], keep: ['Evening', 'Dinner'] },
    { text: 'Present were Wenonah, Jasper and Ruairi.', pii: ['Wenonah', 'Jasper', 'Ruairi'], keep: ['Present'] },
    { text: 'Leontyne said that the bus was full.', pii: ['Leontyne'], keep: ['said', 'bus'] },
    { text: 'The rent, says Mathurin, went up.', pii: ['Mathurin'], keep: ['rent', 'says'] },
    { text: 'According to Zuleika, it snowed.', pii: ['Zuleika'], keep: ['According', 'snowed'] },
    { text: "Eudora's garden flooded.", pii: ['Eudora'], keep: ['garden', 'flooded'] },
    { text: 'Florentyna is 29 years old.', pii: ['Florentyna'], keep: ['years', 'old'] },
    { text: 'Ignacy repaired the fence.', pii: ['Ignacy'], keep: ['repaired', 'fence'] },
    { text: 'My aunt Philomène works at Siemens.', pii: ['Philomène'], keep: ['aunt', 'works'] },
    { text: 'Thorvald Ek announced his retirement.', pii: ['Thorvald Ek'], keep: ['announced', 'retirement'] },
  ],
  companies: [
    { text: 'Good afternoon Lufthansa, my bag is missing.', pii: [], keep: ['afternoon', 'Lufthansa', 'bag'] },
    { text: 'Hello Ryanair, the flight was cancelled.', pii: [], keep: ['Ryanair', 'flight'] },
    { text: 'Sponsored by Heineken, Carlsberg and Diageo.', pii: [], keep: ['Heineken', 'Carlsberg', 'Diageo'] },
    { text: 'Siemens said that orders fell.', pii: [], keep: ['Siemens', 'said', 'orders'] },
    { text: 'Jobs will go, says Unilever.', pii: [], keep: ['Jobs', 'says', 'Unilever'] },
    { text: 'According to Euromonitor, sales rose.', pii: [], keep: ['According', 'Euromonitor', 'sales'] },
    { text: 'Lufthansa is 70 years old.', pii: [], keep: ['Lufthansa', 'years'] },
    { text: 'Ericsson cut 800 jobs.', pii: [], keep: ['Ericsson', 'cut', 'jobs'] },
    { text: 'Velmora, the furniture retailer, closed ten shops. Velmora said sales fell.', pii: [], keep: ['Velmora'] },
    { text: 'Ostrana said costs rose. Ostrana AB makes valves.', pii: [], keep: ['Ostrana', 'costs'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--after') ? PERSON_ROUND13_AFTER : PERSON_ROUND13_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
