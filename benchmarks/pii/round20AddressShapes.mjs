// A fresh address check set for issue 26 (round 20), written BEFORE any rule of this round, in two halves:
// `ROUND20_ADDRESS_SHAPES` to design rules on, `ROUND20_ADDRESS_CHECK` (`--check`) only to check them (same families,
// other sentences, countries' values and towns). Families: postcodes outside an address block in several national
// formats (US ZIP+4, UK, Canada, Germany, France, Netherlands, Australia), lowercase and French-style street lines,
// unknown towns found by context (a postcode beside them, "University of X"), and ordinary-word traps for each
// (country clubs, a preposition + year + company, counted roads, prices, years, model numbers). `pii` must be gone,
// `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round20AddressShapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND20_ADDRESS_SHAPES = {
  postcodeInProse: [
    { text: 'my zip code is 94110 if you need it', pii: ['94110'], keep: ['need'] },
    { text: 'The form asks for a zip, mine is 60614-2231.', pii: ['60614-2231'], keep: ['form', 'asks'] },
    { text: 'Ship it to Austin, TX 78701-4412 please.', pii: ['78701-4412'], keep: ['Ship', 'please'] },
    { text: 'I moved to Denver 80202 last spring.', pii: ['80202'], keep: ['moved', 'spring'] },
    { text: 'our postcode is now sw1a 2aa after the move', pii: ['sw1a 2aa'], keep: ['move'] },
    { text: 'The parcel went to EC1A1BB by mistake.', pii: ['EC1A1BB'], keep: ['parcel', 'mistake'] },
    // traps
    { text: 'The invoice total was 94110 dollars.', pii: [], keep: ['invoice', 'total', '94110', 'dollars'] },
    { text: 'Order 60614-2231 shipped on time.', pii: [], keep: ['Order', 'shipped', 'time'] },
  ],
  europeanPostcodes: [
    { text: 'Wir wohnen jetzt in 10115 Berlin, ganz zentral.', pii: ['10115'], keep: ['wohnen', 'zentral'] },
    { text: 'Die Firma sitzt in 80331 München seit Jahren.', pii: ['80331'], keep: ['Firma', 'Jahren'] },
    { text: 'Notre bureau est au 75008 Paris depuis mai.', pii: ['75008'], keep: ['bureau', 'depuis'] },
    { text: 'The studio is at 3512 JE Oudewijk now.', pii: ['3512 JE', 'Oudewijk'], keep: ['studio', 'now'] },
    { text: 'Stuur het naar 7411 KT Deventerweide aub.', pii: ['7411 KT'], keep: ['Stuur'] },
    // traps
    { text: 'The 2000 BC pottery is in room 4.', pii: [], keep: ['2000', 'pottery'] },
    { text: 'We sold 12000 Units in March.', pii: [], keep: ['sold', '12000', 'Units', 'March'] },
  ],
  australian: [
    { text: 'Post it to Parramatta NSW 2150 thanks.', pii: ['2150'], keep: ['Post', 'thanks'] },
    { text: 'She is in Fitzroy VIC 3065 this week.', pii: ['3065'], keep: ['week'] },
    { text: 'Our depot: 14 Wharf St, Fremantle WA 6160.', pii: ['14 Wharf St', '6160'], keep: ['depot'] },
    // traps
    { text: 'The NSW 2023 budget was approved.', pii: [], keep: ['2023', 'budget', 'approved'] },
  ],
  streetLines: [
    { text: 'Le colis est au 12 rue des Lilas depuis hier.', pii: ['12 rue des Lilas'], keep: ['colis', 'hier'] },
    { text: 'Rendez-vous 5 avenue de la Gare à midi.', pii: ['5 avenue de la Gare'], keep: ['midi'] },
    { text: 'J’habite 8 bis boulevard Voltaire maintenant.', pii: ['8 bis boulevard Voltaire'], keep: ['maintenant'] },
    { text: 'Sie wohnt in der Lindenstraße 14 seit Mai.', pii: ['Lindenstraße 14'], keep: ['wohnt', 'Mai'] },
    { text: 'drop it off at 221 maple grove rd tonight', pii: ['221 maple grove rd'], keep: ['drop', 'tonight'] },
    // traps
    { text: 'Turn left after 2 way street signs.', pii: [], keep: ['Turn', 'way', 'street', 'signs'] },
    { text: 'There are 3 rue cafés on the corner.', pii: [], keep: ['cafés', 'corner'] },
    { text: 'In 2019 Parkway Holdings bought the firm.', pii: [], keep: ['2019', 'Parkway', 'Holdings', 'bought'] },
  ],
  placesByContext: [
    { text: 'She studied at the University of Tromsdal for years.', pii: ['Tromsdal'], keep: ['studied', 'years'] },
    { text: 'He grew up in Kellerby 48213 with his aunt.', pii: ['Kellerby', '48213'], keep: ['grew', 'aunt'] },
    // traps
    { text: 'We met at the Country Club on Friday.', pii: [], keep: ['Country', 'Club', 'Friday'] },
    { text: 'She studied at the University of Chicago Press office.', pii: [], keep: ['studied', 'Press'] },
    { text: 'Since 2015 Maple Systems has grown fast.', pii: [], keep: ['2015', 'Maple', 'Systems', 'grown'] },
  ],
};

export const ROUND20_ADDRESS_CHECK = {
  postcodeInProse: [
    { text: 'zip code: 30309, phone on file', pii: ['30309'], keep: ['phone', 'file'] },
    { text: 'Her zip is 02139-4307 I think.', pii: ['02139-4307'], keep: ['think'] },
    { text: 'Mail it to Portland, OR 97205-2811 soon.', pii: ['97205-2811'], keep: ['Mail', 'soon'] },
    { text: 'They settled in Tucson 85701 in 2010.', pii: ['85701'], keep: ['settled'] },
    { text: 'send to m1 1ae before noon', pii: ['m1 1ae'], keep: ['send', 'noon'] },
    { text: 'Return address is W1A1AA for now.', pii: ['W1A1AA'], keep: ['Return', 'now'] },
    // traps
    { text: 'Flight 30309 departs at dawn.', pii: [], keep: ['Flight', 'departs', 'dawn'] },
    { text: 'Ticket 02139-4307 was closed.', pii: [], keep: ['Ticket', 'closed'] },
  ],
  europeanPostcodes: [
    { text: 'Er lebt in 50667 Köln und arbeitet dort.', pii: ['50667'], keep: ['lebt', 'arbeitet'] },
    { text: 'Le siège est à 69002 Lyon désormais.', pii: ['69002'], keep: ['siège', 'désormais'] },
    { text: 'We shipped to 6811 KL Arnhemstad yesterday.', pii: ['6811 KL'], keep: ['shipped', 'yesterday'] },
    { text: 'Het adres is 2312 BK Leidenhout voortaan.', pii: ['2312 BK', 'Leidenhout'], keep: ['adres'] },
    // traps
    { text: 'The 1500 AD manuscript was restored.', pii: [], keep: ['1500', 'manuscript', 'restored'] },
    { text: 'They printed 50000 Copies last year.', pii: [], keep: ['printed', '50000', 'Copies'] },
  ],
  australian: [
    { text: 'Send the forms to Toowong QLD 4066 today.', pii: ['4066'], keep: ['Send', 'today'] },
    { text: 'We live in Glenelg SA 5045 now.', pii: ['5045'], keep: ['live'] },
    { text: 'Office: 3 Beach Rd, Sandgate QLD 4017.', pii: ['3 Beach Rd', '4017'], keep: ['Office'] },
    // traps
    { text: 'The QLD 2032 games plan is set.', pii: [], keep: ['2032', 'games', 'plan'] },
  ],
  streetLines: [
    { text: 'On se voit au 17 rue du Moulin ce soir.', pii: ['17 rue du Moulin'], keep: ['voit', 'soir'] },
    { text: 'Livraison au 3 place de la Mairie demain.', pii: ['3 place de la Mairie'], keep: ['Livraison', 'demain'] },
    { text: 'Er wohnt in der Bahnhofstraße 7 seit Juni.', pii: ['Bahnhofstraße 7'], keep: ['wohnt', 'Juni'] },
    { text: 'the spare key is at 58 willow bend dr', pii: ['58 willow bend dr'], keep: ['spare', 'key'] },
    // traps
    { text: 'Take the 2 way road past the farm.', pii: [], keep: ['Take', 'way', 'road', 'farm'] },
    { text: 'At 2020 Lakeside Partners hired ten staff.', pii: [], keep: ['Lakeside', 'Partners', 'hired'] },
  ],
  placesByContext: [
    { text: 'He teaches at the University of Brackwater now.', pii: ['Brackwater'], keep: ['teaches', 'now'] },
    { text: 'We stayed in Dunmorrow 61734 for a month.', pii: ['Dunmorrow', '61734'], keep: ['stayed', 'month'] },
    // traps
    { text: 'Dinner at the Country Club was fine.', pii: [], keep: ['Dinner', 'Country', 'Club', 'fine'] },
    { text: 'By 2018 Harbor Foods had ten shops.', pii: [], keep: ['2018', 'Harbor', 'Foods', 'shops'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND20_ADDRESS_CHECK : ROUND20_ADDRESS_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
