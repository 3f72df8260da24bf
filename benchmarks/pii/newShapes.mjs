// Sentences written for this project in shapes the labelled set does not use, one rule each: kinship nouns, speaker
// labels without a space, "says X", name pairs, surnames as modifiers, lowercase and ALL-CAPS text, postcodes out of
// an address block, national phone groupings, and false-positive traps. `pii` lists what must be gone, `keep` what
// must stay. Scored like the labelled set: a value is recalled when none of its letters or digits stays readable.
import { scoreShapeRows } from './scoreShapes.mjs';

export const NEW_SHAPES = [
  { text: 'We stayed with my son Tobiah over the holidays.', pii: ['Tobiah'], keep: ['holidays'] },
  { text: 'Her grandmother Wilhelmina Oduya taught her to sew.', pii: ['Wilhelmina Oduya'], keep: ['taught', 'sew'] },
  { text: 'My cousin Radoslav sent a postcard from the coast.', pii: ['Radoslav'], keep: ['postcard', 'coast'] },
  {
    text: 'INTERVIEWER:Where did you grow up?\nBRANKO:Near the river, in a small flat.',
    pii: ['BRANKO'],
    keep: ['INTERVIEWER', 'river'],
  },
  {
    text: 'Moderator: thanks all.\nOlamide:I disagree with the budget.',
    pii: ['Olamide'],
    keep: ['Moderator', 'budget'],
  },
  {
    text: '"The harvest was late this year," says Thandeka, who runs the farm.',
    pii: ['Thandeka'],
    keep: ['harvest', 'farm'],
  },
  {
    text: 'The harvest was late, according to Ingrid Solvang of the cooperative.',
    pii: ['Ingrid Solvang'],
    keep: ['cooperative'],
  },
  { text: 'Kwabena and Yusra were the first to arrive at the meeting.', pii: ['Kwabena', 'Yusra'], keep: ['meeting'] },
  { text: 'The new Okonkwo novel sold out in a week.', pii: ['Okonkwo'], keep: ['novel', 'week'] },
  { text: 'A short essay by Pastorelli opens the collection.', pii: ['Pastorelli'], keep: ['essay', 'collection'] },
  { text: 'please forward this to mr. hargreaves before friday.', pii: ['hargreaves'], keep: ['forward', 'friday'] },
  { text: 'name: dagny lindqvist\nrole: volunteer', pii: ['dagny lindqvist'], keep: ['role', 'volunteer'] },
  { text: 'i told marisol that the keys were under the mat.', pii: ['marisol'], keep: ['keys', 'mat'] },
  {
    text: 'PLEASE CONTACT FERDINAND OKAFOR ABOUT THE INVOICE.',
    pii: ['FERDINAND OKAFOR'],
    keep: ['CONTACT', 'INVOICE'],
  },
  { text: 'THIS IS A WARNING TO ALL STAFF ABOUT THE FIRE DOOR.', pii: [], keep: ['WARNING', 'STAFF', 'FIRE', 'DOOR'] },
  { text: 'My zip code is 94107 and I moved last spring.', pii: ['94107'], keep: ['moved', 'spring'] },
  { text: 'The parcel went to Leeds LS6 2QT on Monday.', pii: ['LS6 2QT'], keep: ['parcel', 'Monday'] },
  { text: 'Reach the desk on 030 901820 or at +49 30 901820.', pii: ['030 901820', '+49 30 901820'], keep: ['desk'] },
  { text: 'Ring me on 06 12 34 56 78 after six.', pii: ['06 12 34 56 78'], keep: ['Ring', 'six'] },
  { text: 'Her number is 0412 345 678, call before noon.', pii: ['0412 345 678'], keep: ['noon'] },
  { text: 'They married at the Riverside Country Club in June.', pii: [], keep: ['Country', 'Club', 'June'] },
  { text: 'In 1998 Parker Industries opened a second plant.', pii: [], keep: ['1998', 'plant', 'opened'] },
  {
    text: 'Since 2004 Acme Logistics has shipped parcels across the region.',
    pii: [],
    keep: ['2004', 'shipped', 'region'],
  },
  {
    text: 'The committee met on Tuesday to review the annual budget and the new parking rules.',
    pii: [],
    keep: ['committee', 'Tuesday', 'budget', 'parking'],
  },
  { text: 'Dr Amadou Diallo will chair the panel on water policy.', pii: ['Amadou Diallo'], keep: ['panel', 'water'] },
  { text: 'Send it to 18 rue des Lilas, 69003 Lyon.', pii: ['18 rue des Lilas', '69003'], keep: ['Send'] },
];

/** Share of values gone, of PERSON-like values gone, and of kept words kept. */
export async function evaluateNewShapes(redact) {
  const r = await scoreShapeRows(NEW_SHAPES, redact);
  return { ...r, recall: r.found / r.total, retention: r.kept / r.keepTotal };
}
