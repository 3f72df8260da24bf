// A small check set for issue 26 (round 22), written BEFORE the round's rules, in two halves: `ROUND22_SHAPES` to
// design on, `ROUND22_CHECK` (`--check`) only to check. Families: (1) a word in no list right before a modal and a
// verb, with no pronoun referring back ("Ngaio should sign here"), products and plurals as traps; (2) text in
// capitals: a name after "call" / "ask for", a listed first name that is also a dictionary word ("MARIA"), lines of
// fewer than four words, services and brands after "call" as traps; (3) "says X." at the end of a sentence, an
// organisation or a person, with nothing else in the text; (4) a four-digit postcode right after a town no list
// holds. `pii` must be gone, `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round22Shapes.mjs [--check]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND22_SHAPES = {
  modalNoPronoun: [
    { text: 'Ngaio should sign here before noon.', pii: ['Ngaio'], keep: ['sign', 'noon'] },
    { text: 'Thanks for waiting. Hohepa can fix the fence on Monday.', pii: ['Hohepa'], keep: ['fence', 'Monday'] },
    { text: 'Mereana must collect the keys from the office.', pii: ['Mereana'], keep: ['keys', 'office'] },
    { text: 'Your order is ready. Tamati will drop it off at six.', pii: ['Tamati'], keep: ['order', 'six'] },
    { text: 'Kobina may join us later for dinner.', pii: ['Kobina'], keep: ['join', 'dinner'] },
    // traps: products, plurals, abbreviations and everyday words before a modal
    { text: 'Clonezilla will let you copy the whole disk.', pii: [], keep: ['Clonezilla', 'disk'] },
    { text: 'Entrepreneurs can invest through the new fund.', pii: [], keep: ['Entrepreneurs', 'fund'] },
    { text: 'VASPs must collect the sender details.', pii: [], keep: ['VASPs', 'sender'] },
    { text: 'Kubectl will print the pod status.', pii: [], keep: ['Kubectl', 'status'] },
    { text: 'Homeowners should check the gutters twice a year.', pii: [], keep: ['Homeowners', 'gutters'] },
  ],
  capsNames: [
    { text: 'CALL TAMATI ON 021 555 1234 AFTER FIVE', pii: ['TAMATI'], keep: ['AFTER', 'FIVE'] },
    { text: 'MARIA WILL PICK YOU UP AT THE GATE', pii: ['MARIA'], keep: ['PICK', 'GATE'] },
    { text: 'CALL MARIA', pii: ['MARIA'], keep: ['CALL'] },
    { text: 'ASK FOR WIREMU', pii: ['WIREMU'], keep: ['ASK'] },
    // traps
    { text: 'TO BOOK CALL TICKETEK ON 132 849 TODAY', pii: [], keep: ['TICKETEK', 'TODAY'] },
    { text: 'CALL NOW ON 0800 123 456 FOR A QUOTE', pii: [], keep: ['NOW', 'QUOTE'] },
    { text: 'FREE PARKING', pii: [], keep: ['FREE', 'PARKING'] },
    { text: 'CALL HEALTHLINE ANY TIME', pii: [], keep: ['HEALTHLINE', 'TIME'] },
  ],
  saysAtEnd: [
    { text: 'The harvest was late this year, says Tamati.', pii: ['Tamati'], keep: ['harvest', 'year'] },
    { text: 'Nobody expected the result, said Akosua.', pii: ['Akosua'], keep: ['result'] },
    // traps: news agencies and companies in the same slot
    { text: 'Prices will rise again, says Reuters.', pii: [], keep: ['Reuters'] },
    { text: 'Sales fell in March, said Bloomberg.', pii: [], keep: ['Bloomberg'] },
  ],
  postcodeAfterTown: [
    { text: 'Our depot: Kaitaia 0410', pii: ['0410'], keep: ['depot'] },
    { text: 'Office hours in Dargaville 0310 are nine to five.', pii: ['0310'], keep: ['Office', 'hours'] },
    { text: 'We drove from Opononi 0473 to the coast.', pii: ['0473'], keep: ['drove', 'coast'] },
    // traps: a year or a count after a capitalised word
    { text: 'In Kaitaia 2019 was a dry year.', pii: [], keep: ['2019'] },
    { text: 'The Model 3000 ships in May.', pii: [], keep: ['Model', '3000'] },
  ],
};

export const ROUND22_CHECK = {
  modalNoPronoun: [
    { text: 'Ataahua should call the clinic first.', pii: ['Ataahua'], keep: ['clinic'] },
    { text: 'Please wait here. Kwabena will bring the forms.', pii: ['Kwabena'], keep: ['forms'] },
    { text: 'Rawinia can meet you at the station.', pii: ['Rawinia'], keep: ['station'] },
    // traps
    { text: 'Wireshark will show every packet.', pii: [], keep: ['Wireshark', 'packet'] },
    { text: 'Retailers must display the price.', pii: [], keep: ['Retailers', 'price'] },
    { text: 'Grafana can alert you by email.', pii: [], keep: ['Grafana', 'email'] },
  ],
  capsNames: [
    { text: 'FOR KEYS CALL HORI ON 027 333 4455', pii: ['HORI'], keep: ['KEYS'] },
    { text: 'ASK FOR ANNA', pii: ['ANNA'], keep: ['ASK'] },
    // traps
    { text: 'CALL TOLL FREE ON 0800 999 000', pii: [], keep: ['TOLL', 'FREE'] },
    { text: 'ASK FOR DETAILS', pii: [], keep: ['DETAILS'] },
  ],
  saysAtEnd: [
    { text: 'The river rose overnight, says Hemi.', pii: ['Hemi'], keep: ['river'] },
    // traps
    { text: 'Output fell sharply, said Xinhua.', pii: [], keep: ['Xinhua'] },
  ],
  postcodeAfterTown: [
    { text: 'Send the parcel to Ruatoria 4032 by Friday.', pii: ['4032'], keep: ['parcel', 'Friday'] },
    { text: 'Depot: Whatuwhiwhi 0483', pii: ['0483'], keep: ['Depot'] },
    // traps
    { text: 'By Tuesday 1200 people had signed.', pii: [], keep: ['1200', 'people'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND22_CHECK : ROUND22_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
