// A small check set written for the round-4 weak-spot rules (issue 26), one group per rule, in shapes neither the
// labelled set nor heldOutShapes.mjs uses. Not tuned on beyond "does the rule generalise"; the frozen half stays
// the judge. `pii` lists what must be gone, `keep` what must stay readable.
// Run: node benchmarks/pii/weakSpotShapes.mjs [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';

export const WEAK_SPOT_SHAPES = {
  lowercaseUkPostcode: [
    { text: 'parcel goes to 14 elm row, leeds ls6 2ab by friday', pii: ['ls6 2ab'], keep: ['parcel', 'friday'] },
    { text: 'my postcode is sw1a 1aa if that helps', pii: ['sw1a 1aa'], keep: ['helps'] },
    { text: 'we moved to m14 5rq last spring', pii: ['m14 5rq'], keep: ['moved', 'spring'] },
    { text: 'drop it at b33 8th, round the back', pii: ['b33 8th'], keep: ['drop', 'back'] },
    { text: 'the depot (g2 3bz) shuts at six', pii: ['g2 3bz'], keep: ['depot', 'shuts', 'six'] },
    { text: 'postcode: eh1 1yz', pii: ['eh1 1yz'], keep: ['postcode'] },
    { text: 'lives near cf10 3nq with two cats', pii: ['cf10 3nq'], keep: ['lives', 'cats'] },
    { text: 'send the form to bs8 1tn asap', pii: ['bs8 1tn'], keep: ['form', 'asap'] },
    { text: 'ship to: 7 mill lane, norwich nr3 1hg', pii: ['nr3 1hg'], keep: ['ship'] },
    { text: 'is l1 8jq inside the delivery zone?', pii: ['l1 8jq'], keep: ['inside', 'delivery'] },
    { text: 'our office moved from ec2a 4bx to e1 6an', pii: ['ec2a 4bx', 'e1 6an'], keep: ['office'] },
    { text: 'flat 2, 9 hill st, ox1 2jd, uk', pii: ['ox1 2jd'], keep: [] },
    { text: 'the van was seen near pl4 8aa yesterday', pii: ['pl4 8aa'], keep: ['van', 'yesterday'] },
    { text: 'returns address ng7 2rd please', pii: ['ng7 2rd'], keep: ['returns', 'please'] },
    { text: 'cant find s10 2tn on the map', pii: ['s10 2tn'], keep: ['find', 'map'] },
    { text: 'i grew up in dd1 4hn then moved south', pii: ['dd1 4hn'], keep: ['grew', 'south'] },
    { text: 'delivery failed at co4 3sq, retry monday', pii: ['co4 3sq'], keep: ['delivery', 'monday'] },
    { text: 'code ab10 1xg is outside the free area', pii: ['ab10 1xg'], keep: ['outside', 'area'] },
    { text: 'yes it is bt7 1nn, northern ireland', pii: ['bt7 1nn'], keep: ['yes'] },
    { text: 'collection point: wr1 2es (the library)', pii: ['wr1 2es'], keep: ['collection', 'library'] },
    // traps: versions, sizes, model names, times
    { text: 'use v2 2x faster mode and a4 paper', pii: [], keep: ['faster', 'paper'] },
    { text: 'the m4 3in bolt and a 5g 2gb sim', pii: [], keep: ['bolt', 'sim'] },
  ],
  germanTypeFirstStreet: [
    { text: 'Die Praxis liegt Am Markt 12 in der Altstadt.', pii: ['Am Markt 12'], keep: ['Praxis', 'Altstadt'] },
    { text: 'Bitte schicken Sie es an: An der Kirche 3, 04109 Leipzig.', pii: ['An der Kirche 3'], keep: ['Bitte'] },
    { text: 'Wir wohnen jetzt Auf dem Berg 5a.', pii: ['Auf dem Berg 5a'], keep: ['wohnen'] },
    { text: 'Adresse: Im Winkel 14, 79098 Freiburg', pii: ['Im Winkel 14'], keep: ['Adresse'] },
    { text: 'The shop is at Zum Hafen 9 in Kiel.', pii: ['Zum Hafen 9'], keep: ['shop'] },
    {
      text: 'Lieferung an Hinter der Mauer 22 bis Montag.',
      pii: ['Hinter der Mauer 22'],
      keep: ['Lieferung', 'Montag'],
    },
    { text: 'Treffpunkt: Unter den Eichen 40', pii: ['Unter den Eichen 40'], keep: ['Treffpunkt'] },
    { text: 'Sie zog nach Am Anger 2, gleich neben der Schule.', pii: ['Am Anger 2'], keep: ['Schule'] },
    { text: 'Our new office: Am Stadtpark 101, 2nd floor.', pii: ['Am Stadtpark 101'], keep: ['office', 'floor'] },
    { text: 'Post bitte an Zur Linde 7.', pii: ['Zur Linde 7'], keep: ['Post'] },
    { text: 'Das Café Am Rathaus 4 hat neue Öffnungszeiten.', pii: ['Am Rathaus 4'], keep: ['Café', 'Öffnungszeiten'] },
    { text: 'Send it to Vor dem Tor 18 please.', pii: ['Vor dem Tor 18'], keep: ['Send', 'please'] },
    { text: 'Anschrift Im Grund 3b, 3000 Bern', pii: ['Im Grund 3b'], keep: ['Anschrift'] },
    { text: 'Neben dem Bahnhof 6 ist die Bäckerei.', pii: ['Neben dem Bahnhof 6'], keep: ['Bäckerei'] },
    { text: 'Kontakt: Am Hang 27, Tel. auf Anfrage', pii: ['Am Hang 27'], keep: ['Kontakt', 'Anfrage'] },
    { text: 'The clinic moved to Auf der Heide 31.', pii: ['Auf der Heide 31'], keep: ['clinic'] },
    { text: 'Bei Fragen: In den Wiesen 8, Zimmer 2.', pii: ['In den Wiesen 8'], keep: ['Fragen', 'Zimmer'] },
    { text: 'Abholung Am Bach 1 ab 9 Uhr.', pii: ['Am Bach 1'], keep: ['Abholung', 'Uhr'] },
    { text: 'Er wohnt Zum Steinbruch 15 seit Jahren.', pii: ['Zum Steinbruch 15'], keep: ['wohnt', 'Jahren'] },
    { text: 'Lager: An den Teichen 2-4', pii: ['An den Teichen 2-4'], keep: ['Lager'] },
    // traps: times, counts, dates, sections
    { text: 'Am Montag 3 Termine, Im Jahr 2020 viele.', pii: [], keep: ['Montag', 'Termine', 'Jahr'] },
    { text: 'In den Kapiteln 4 bis 6 steht mehr. Am Ende 2 Fragen.', pii: [], keep: ['Kapiteln', 'Ende', 'Fragen'] },
    { text: 'Am Anfang 10 Minuten warten.', pii: [], keep: ['Anfang', 'Minuten'] },
  ],
  lowercaseAddressEnd: [
    { text: 'ship to 4 rue de la paix 75002 paris thanks a lot', pii: ['75002'], keep: ['thanks', 'lot'] },
    { text: 'address is 12 baker st, london ok?', pii: ['12 baker st'], keep: ['ok'] },
    { text: 'send to 9 rue du port 44000 nantes cheers', pii: ['9 rue du port'], keep: ['cheers'] },
    { text: 'its 33 main street springfield btw', pii: ['33 main street'], keep: ['btw'] },
    { text: 'mail 8 oak avenue 10115 berlin tomorrow', pii: ['8 oak avenue'], keep: ['tomorrow'] },
    { text: 'deliver to 21 quai des chartrons 33000 bordeaux merci', pii: ['21 quai des chartrons'], keep: ['merci'] },
    { text: 'meet at 5 high road 2000 sydney later', pii: ['5 high road'], keep: ['later'] },
    { text: 'im at 70 river lane 90210 la asap', pii: ['70 river lane', '90210'], keep: ['asap'] },
    { text: 'my new place 3 chemin vert 69001 lyon yay', pii: ['3 chemin vert'], keep: ['yay'] },
    { text: 'post it to 14 church road, 3000 bern pls', pii: ['14 church road'], keep: ['pls'] },
    { text: 'pick up at 6 station road 1011 amsterdam tonight', pii: ['6 station road'], keep: ['tonight'] },
    { text: 'office: 2 canal street 20121 milano thx again', pii: ['2 canal street'], keep: ['thx', 'again'] },
    { text: 'send to 18 park lane 75008 paris before noon', pii: ['18 park lane'], keep: ['before', 'noon'] },
    { text: 'i live at 40 mill road 8001 zurich now', pii: ['40 mill road'], keep: ['now'] },
    { text: 'ship 11 avenue foch 06000 nice thank you', pii: ['11 avenue foch'], keep: ['thank', 'you'] },
    { text: 'the venue is 1 harbour way 4000 brisbane see you', pii: ['1 harbour way'], keep: ['see', 'you'] },
    { text: 'write to 55 rue royale 1000 brussels regards', pii: ['55 rue royale'], keep: ['regards'] },
    { text: 'its 7 green street 02139 cambridge lol', pii: ['7 green street'], keep: ['lol'] },
    { text: 'parcel for 27 rue de lille 59000 lille tomorrow morning', pii: ['27 rue de lille'], keep: ['morning'] },
    { text: 'stay at 9 beach road 6011 wellington next week', pii: ['9 beach road'], keep: ['next', 'week'] },
  ],
  productWordPlace: [
    { text: 'The Model 4000 XL Turbo ships in May.', pii: [], keep: ['Turbo', 'May'] },
    { text: 'Our Series 7 Pro Max costs less.', pii: [], keep: ['Pro', 'Max'] },
    { text: 'Try the AX 200 Ultra Compact edition.', pii: [], keep: ['Ultra', 'Compact'] },
    { text: 'The X5 Sport Plus has a bigger tank.', pii: [], keep: ['Sport', 'Plus'] },
    { text: 'Buy the Vortex 300 Eco Classic today.', pii: [], keep: ['Eco', 'Classic'] },
    { text: 'Version 12 Home Premium is end-of-life.', pii: [], keep: ['Home', 'Premium'] },
    { text: 'The GT 86 Liberty trim was dropped.', pii: [], keep: ['Liberty'] },
    { text: 'We stock the Mk 3 Royal Deluxe kettle.', pii: [], keep: ['Royal', 'Deluxe'] },
    { text: 'A Model 9 Summit Edition arrived.', pii: [], keep: ['Summit'] },
    { text: 'The R 1200 Adventure Touring is heavy.', pii: [], keep: ['Adventure', 'Touring'] },
    { text: 'Galaxy Tab 9 Lite and Note 20 Ultra are on sale.', pii: [], keep: ['Lite', 'Ultra'] },
    { text: 'The 5000 Series Paradise grill is back.', pii: [], keep: ['Paradise'] },
    { text: 'She drives a 2012 Civic Hybrid Sport.', pii: [], keep: ['Hybrid', 'Sport'] },
    { text: 'Order the Type 2 Victoria Classic now.', pii: [], keep: ['Victoria', 'Classic'] },
    { text: 'Canon EOS 90D Body Only, boxed.', pii: [], keep: ['Body', 'Only'] },
    { text: 'The Pro 14 Phoenix Edition laptop sold out.', pii: [], keep: ['Phoenix', 'Edition'] },
    { text: 'Fitted with the V8 Liberty Turbo engine.', pii: [], keep: ['Liberty', 'Turbo'] },
    { text: 'The 300 Series Orlando cabinet ships flat.', pii: [], keep: ['Orlando'] },
    { text: 'A 4K Vista Max projector is included.', pii: [], keep: ['Vista', 'Max'] },
    { text: 'Spare parts for the Mark 2 Dakota Sport.', pii: [], keep: ['Dakota', 'Sport'] },
    // must stay places
    { text: 'She moved to Turbo in Kenya last year.', pii: ['Turbo'], keep: ['moved', 'year'] },
    { text: 'He flew from Phoenix to Orlando on Monday.', pii: ['Phoenix', 'Orlando'], keep: ['flew', 'Monday'] },
  ],
};

/** Per group: share of values gone and of kept words still readable. */
export function evaluateWeakSpots(redact) {
  return scoreShapeGroups(WEAK_SPOT_SHAPES, redact);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await evaluateWeakSpots(async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text);
  printShapeGroups(r);
}
