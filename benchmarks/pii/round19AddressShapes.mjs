// A fresh address check set for issue 26 (round 19), written BEFORE any rule of this round, in two halves:
// `ROUND19_ADDRESS_SHAPES` to design rules on, `ROUND19_ADDRESS_CHECK` (`--check`) only to check them (same families,
// other sentences and values). Families, one per address miss found by hand: a house number and a street written in
// lowercase everyday words whose first street-type word is not its last ("12 harbour view road"), a Dutch postcode
// with its letters after the city ("Rotterdam 3011 AB"), a Canadian postcode in lowercase ("m5v 2t6"); and traps for
// each (counted lanes and ways, model numbers, sizes and codes shaped like postcodes). `pii` must be gone, `keep` must
// stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round19AddressShapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND19_ADDRESS_SHAPES = {
  lowercaseStreet: [
    {
      text: 'Send the keys to 12 harbour view road tomorrow.',
      pii: ['12 harbour view road'],
      keep: ['keys', 'tomorrow'],
    },
    { text: 'We live at 5 old mill lane near the river.', pii: ['5 old mill lane'], keep: ['live', 'near', 'river'] },
    { text: 'deliver it to 14 church hill road, bath', pii: ['14 church hill road'], keep: ['deliver'] },
    { text: 'my new place is 33 forest park drive if you visit', pii: ['33 forest park drive'], keep: ['visit'] },
    { text: 'The shop moved to 8 meadow bank close last week.', pii: ['8 meadow bank close'], keep: ['shop', 'week'] },
    // traps
    { text: 'It is a 3 lane road with no lights.', pii: [], keep: ['lane', 'road', 'lights'] },
    { text: 'Turn left after 2 way street signs.', pii: [], keep: ['Turn', 'way', 'street', 'signs'] },
    { text: 'We drove 40 miles along the coast road.', pii: [], keep: ['drove', 'miles', 'coast', 'road'] },
  ],
  dutchAfterCity: [
    { text: 'Rotterdam 3011 AB is where the office is.', pii: ['Rotterdam', '3011 AB'], keep: ['where', 'office'] },
    { text: 'We are based in Rotterdam, 3011 AB, Netherlands.', pii: ['3011 AB'], keep: ['based'] },
    { text: 'Contact us in Eindhoven, 5611 AZ for details.', pii: ['5611 AZ'], keep: ['Contact', 'details'] },
    { text: 'Her studio is in Haarlem 2011 RD these days.', pii: ['2011 RD'], keep: ['studio', 'days'] },
    // traps
    { text: 'The Canon 5000 EX flash is on sale.', pii: [], keep: ['Canon', '5000', 'EX', 'flash', 'sale'] },
    { text: 'Paris 2024 was a great event.', pii: [], keep: ['2024', 'great', 'event'] },
  ],
  lowercaseCanadian: [
    { text: 'my postal code is m5v 2t6 thanks', pii: ['m5v 2t6'], keep: ['postal', 'thanks'] },
    { text: 'ship to 290 bremner blvd, toronto on m5v 3l9', pii: ['m5v 3l9'], keep: ['ship'] },
    { text: 'the cheque came back from h2x 1y4 again', pii: ['h2x 1y4'], keep: ['cheque', 'again'] },
    // traps
    { text: 'Use a size a4 3mm border on the print.', pii: [], keep: ['size', 'border', 'print'] },
    { text: 'the b2b 2fa setup is done', pii: [], keep: ['setup', 'done'] },
  ],
};

export const ROUND19_ADDRESS_CHECK = {
  lowercaseStreet: [
    { text: 'Please post it to 41 green acre way by friday.', pii: ['41 green acre way'], keep: ['post', 'friday'] },
    { text: 'She lives at 9 quarry hill lane now.', pii: ['9 quarry hill lane'], keep: ['lives', 'now'] },
    { text: 'drop the parcel at 27 river view terrace pls', pii: ['27 river view terrace'], keep: ['parcel'] },
    { text: 'Our club meets at 6 orchard park avenue.', pii: ['6 orchard park avenue'], keep: ['club', 'meets'] },
    // traps
    { text: 'The town has a 4 lane highway now.', pii: [], keep: ['lane', 'highway'] },
    { text: 'It was a 10 minute drive to the beach.', pii: [], keep: ['minute', 'drive', 'beach'] },
  ],
  dutchAfterCity: [
    { text: 'Our office is in Groningen, 9711 LM since May.', pii: ['9711 LM'], keep: ['office', 'since'] },
    { text: 'Utrecht 3511 AS has the main depot.', pii: ['Utrecht', '3511 AS'], keep: ['main', 'depot'] },
    { text: 'They opened a café in Delft 2611 HW last year.', pii: ['2611 HW'], keep: ['opened', 'café'] },
    // traps
    { text: 'The Mitsubishi 3000 GT is a classic.', pii: [], keep: ['3000', 'GT', 'classic'] },
    { text: 'London 2012 had great crowds.', pii: [], keep: ['2012', 'great', 'crowds'] },
  ],
  lowercaseCanadian: [
    { text: 'postal code: k1a 0b1 for the form', pii: ['k1a 0b1'], keep: ['postal', 'form'] },
    { text: 'we moved to v6b 4y8 in march', pii: ['v6b 4y8'], keep: ['moved', 'march'] },
    // traps
    { text: 'run the x5e 2d8 build again', pii: [], keep: ['run', 'build', 'again'] },
    { text: 'set gear b4k 1s to neutral', pii: [], keep: ['gear', 'neutral'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND19_ADDRESS_CHECK : ROUND19_ADDRESS_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
