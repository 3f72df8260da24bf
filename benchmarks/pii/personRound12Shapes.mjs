// A fresh check set for PERSON recall (issue 26, round 12), written BEFORE any rule of this round, in sentence shapes
// the earlier sets lack: names after greetings and in sign-offs, in lists, in questions, after a passive "by", in
// reported speech ("X said that", "X told us"), names with particles, hyphens and apostrophes, given names of many
// languages, names on short heading-like lines, and names beside an email address. Every group carries traps of the
// same shape that must stay readable: brands after reporting verbs, thanks and "according to", a company's stated
// age, capitalised common nouns opening a sentence, product names (place names are LOCATION by design and are never
// a `keep` word). `pii` must be gone, `keep` must stay.
// Run: node benchmarks/pii/personRound12Shapes.mjs [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND12_SHAPES = {
  greetingsAndSignOffs: [
    { text: 'Hi Tamsin, the invoice is attached.', pii: ['Tamsin'], keep: ['invoice', 'attached'] },
    { text: 'Hello Obiageli, hope the move went well.', pii: ['Obiageli'], keep: ['hope', 'move'] },
    { text: 'Good morning Radek, the van is here.', pii: ['Radek'], keep: ['morning', 'van'] },
    { text: 'Kind regards,\nKaterina Vlahou', pii: ['Katerina Vlahou'], keep: ['regards'] },
    { text: 'Warm wishes,\nOndřej', pii: ['Ondřej'], keep: ['Warm', 'wishes'] },
    { text: 'All the best, Eilidh', pii: ['Eilidh'], keep: ['best'] },
    // traps
    { text: 'Hi Team, the build is green.', pii: [], keep: ['Team', 'build', 'green'] },
    { text: 'Dear Customer, your order has shipped.', pii: [], keep: ['Customer', 'order', 'shipped'] },
    { text: 'Kind regards,\nThe Support Team', pii: [], keep: ['regards', 'Support', 'Team'] },
    { text: 'Hello Everyone, welcome back.', pii: [], keep: ['Everyone', 'welcome'] },
    { text: 'Good morning Spotify, your app is down.', pii: [], keep: ['morning', 'Spotify', 'app'] },
  ],
  lists: [
    {
      text: 'Attendees: Ravindra Pillai, Sunniva Holm and Teodoro Ruiz.',
      pii: ['Ravindra Pillai', 'Sunniva Holm', 'Teodoro Ruiz'],
      keep: ['Attendees'],
    },
    { text: 'The winners were Amaru, Leilani and Zofia.', pii: ['Amaru', 'Leilani', 'Zofia'], keep: ['winners'] },
    {
      text: 'Invite Cosmin, Folasade, and Henrike to the call.',
      pii: ['Cosmin', 'Folasade', 'Henrike'],
      keep: ['call'],
    },
    // traps
    { text: 'Sponsors: Spotify, Netflix and Lidl.', pii: [], keep: ['Sponsors', 'Spotify', 'Netflix', 'Lidl'] },
    { text: 'We tried Slack, Asana and Jira.', pii: [], keep: ['Slack', 'Asana', 'Jira'] },
    { text: 'Bring Bread, Butter and Cheese.', pii: [], keep: ['Bread', 'Butter', 'Cheese'] },
  ],
  questions: [
    { text: 'Did Marisol call back?', pii: ['Marisol'], keep: ['call'] },
    { text: 'Has Tuomas seen the report?', pii: ['Tuomas'], keep: ['seen', 'report'] },
    { text: 'Where is Adaeze staying tonight?', pii: ['Adaeze'], keep: ['staying'] },
    { text: 'Why did Kofi Mensah leave early?', pii: ['Kofi Mensah'], keep: ['leave', 'early'] },
    { text: 'Is Wojciech coming to dinner?', pii: ['Wojciech'], keep: ['coming', 'dinner'] },
    // traps
    { text: 'Did Spotify change its prices?', pii: [], keep: ['Spotify', 'change', 'prices'] },
    { text: 'Has Shopify fixed the bug?', pii: [], keep: ['Shopify', 'fixed', 'bug'] },
    { text: 'Is Netflix worth it?', pii: [], keep: ['Netflix', 'worth'] },
    { text: 'Why did Dinner start late?', pii: [], keep: ['Dinner', 'start'] },
  ],
  passives: [
    { text: 'The report was written by Mireille Dufresne.', pii: ['Mireille Dufresne'], keep: ['report', 'written'] },
    { text: 'This photo was taken by Anselm.', pii: ['Anselm'], keep: ['photo', 'taken'] },
    { text: 'The song was composed by Yevgenia Orlova.', pii: ['Yevgenia Orlova'], keep: ['song', 'composed'] },
    { text: 'The bike was repaired by Thandiwe last week.', pii: ['Thandiwe'], keep: ['bike', 'repaired'] },
    // traps
    { text: 'The app was built by Stripe.', pii: [], keep: ['app', 'built', 'Stripe'] },
    { text: 'The game was published by Nintendo.', pii: [], keep: ['game', 'published', 'Nintendo'] },
    { text: 'The figures were provided by Eurostat.', pii: [], keep: ['figures', 'provided', 'Eurostat'] },
    { text: 'The survey was run by Ipsos.', pii: [], keep: ['survey', 'Ipsos'] },
  ],
  reportedSpeech: [
    { text: 'Radhika said that the train was late.', pii: ['Radhika'], keep: ['said', 'train', 'late'] },
    { text: 'According to Bartholomew, the meeting moved.', pii: ['Bartholomew'], keep: ['According', 'meeting'] },
    { text: 'Temitope told us she would come.', pii: ['Temitope'], keep: ['told', 'come'] },
    { text: 'Jovana mentioned the new rota.', pii: ['Jovana'], keep: ['mentioned', 'rota'] },
    { text: 'As Ulrike put it, nobody asked.', pii: ['Ulrike'], keep: ['put', 'nobody'] },
    // traps
    { text: 'According to Netflix, viewing rose.', pii: [], keep: ['According', 'Netflix', 'viewing'] },
    { text: 'Spotify said that streams doubled.', pii: [], keep: ['Spotify', 'said', 'streams'] },
    { text: 'Thanks to Duolingo, I can order coffee.', pii: [], keep: ['Thanks', 'Duolingo', 'coffee'] },
    { text: 'According to Gartner, spending will grow.', pii: [], keep: ['According', 'Gartner', 'spending'] },
    { text: 'Thanks to Shopify, we sell online.', pii: [], keep: ['Thanks', 'Shopify', 'sell'] },
    { text: 'As Reuters reported, shares fell.', pii: [], keep: ['Reuters', 'reported', 'shares'] },
  ],
  particlesAndMarks: [
    { text: 'Marieke van der Berg joined the board.', pii: ['Marieke van der Berg'], keep: ['joined', 'board'] },
    { text: 'Ask Jean-Baptiste Moreau about it.', pii: ['Jean-Baptiste Moreau'], keep: ['Ask'] },
    { text: 'Send the forms to Aoife D’Arcy.', pii: ['Aoife D’Arcy'], keep: ['Send', 'forms'] },
    { text: 'Luis de la Cruz Ortega signed it.', pii: ['Luis de la Cruz Ortega'], keep: ['signed'] },
    { text: 'We thanked Ahmad bin Rashid warmly.', pii: ['Ahmad bin Rashid'], keep: ['thanked', 'warmly'] },
    // traps
    { text: 'Coca-Cola raised prices again.', pii: [], keep: ['Coca', 'Cola', 'raised'] },
    { text: "McDonald's opened late.", pii: [], keep: ['McDonald', 'opened', 'late'] },
    { text: 'Rolls-Royce cut jobs.', pii: [], keep: ['Rolls', 'Royce', 'cut'] },
  ],
  givenNamesOfManyLanguages: [
    { text: 'Xochitl booked the hall.', pii: ['Xochitl'], keep: ['booked', 'hall'] },
    { text: 'Paulo emailed Nnamdi twice.', pii: ['Paulo', 'Nnamdi'], keep: ['emailed', 'twice'] },
    { text: 'Yesterday Aigerim and Batbayar left.', pii: ['Aigerim', 'Batbayar'], keep: ['Yesterday', 'left'] },
    { text: 'Our neighbour Thuy Linh waters the plants.', pii: ['Thuy Linh'], keep: ['neighbour', 'plants'] },
    { text: 'I owe Siosaia twenty pounds.', pii: ['Siosaia'], keep: ['owe', 'twenty'] },
    // traps
    { text: 'Gravel covered the path.', pii: [], keep: ['Gravel', 'covered', 'path'] },
    { text: 'Paperwork delayed the sale.', pii: [], keep: ['Paperwork', 'delayed', 'sale'] },
    { text: 'Frost killed the seedlings.', pii: [], keep: ['Frost', 'killed', 'seedlings'] },
    { text: 'Mortgages rose in spring.', pii: [], keep: ['Mortgages', 'rose', 'spring'] },
  ],
  headingLines: [
    { text: '## Ingrid Sørensen\nHead of Finance', pii: ['Ingrid Sørensen'], keep: ['Head', 'Finance'] },
    { text: 'Interview with Okonkwo Adeyemi', pii: ['Okonkwo Adeyemi'], keep: ['Interview'] },
    { text: 'In memory of Wilhelmina Brandt', pii: ['Wilhelmina Brandt'], keep: ['memory'] },
    { text: 'Photo: Dagny Solberg', pii: ['Dagny Solberg'], keep: ['Photo'] },
    // traps
    { text: '## Pricing\nPlans start at five euros.', pii: [], keep: ['Pricing', 'Plans', 'start'] },
    { text: 'Interview with the Mayor', pii: [], keep: ['Interview', 'Mayor'] },
    { text: 'In memory of the Flood Victims', pii: [], keep: ['memory', 'Flood', 'Victims'] },
    { text: 'Photo: Getty Images', pii: [], keep: ['Photo', 'Getty', 'Images'] },
  ],
  besideEmails: [
    { text: 'Write to Yusra Haddad (yusra.h@example.org).', pii: ['Yusra Haddad'], keep: ['Write'] },
    { text: 'Contact Benedikt at bene@example.com.', pii: ['Benedikt'], keep: ['Contact'] },
    { text: 'Lerato Mokoena <lerato@example.net>', pii: ['Lerato Mokoena'], keep: [] },
    { text: 'From: Ingeborg Lund <ilund@example.com>', pii: ['Ingeborg Lund'], keep: ['From'] },
    // traps
    { text: 'Write to Support (support@example.com).', pii: [], keep: ['Write', 'Support'] },
    { text: 'Contact Sales at sales@example.com.', pii: [], keep: ['Contact', 'Sales'] },
    { text: 'Billing Team <billing@example.net>', pii: [], keep: ['Billing', 'Team'] },
  ],
  brandsAndAges: [
    // traps only: companies and products that say, are thanked, or have an age
    { text: 'Netflix is 25 years old.', pii: [], keep: ['Netflix', 'years', 'old'] },
    { text: 'Zalando turned 15 last year.', pii: [], keep: ['Zalando', 'turned'] },
    { text: 'At 30 years old, Nokia still sells phones.', pii: [], keep: ['years', 'Nokia', 'phones'] },
    { text: 'Many thanks to Patreon for the grant.', pii: [], keep: ['thanks', 'Patreon', 'grant'] },
    { text: 'Photoshop crashed again.', pii: [], keep: ['Photoshop', 'crashed'] },
    { text: 'My Fitbit stopped syncing.', pii: [], keep: ['Fitbit', 'stopped', 'syncing'] },
    { text: 'Figma released an update.', pii: [], keep: ['Figma', 'released', 'update'] },
    { text: 'The Kindle Paperwhite arrived today.', pii: [], keep: ['Kindle', 'Paperwhite', 'arrived'] },
    { text: 'Instagram, says Meta, is growing.', pii: [], keep: ['Instagram', 'Meta', 'growing'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const r = await scoreShapeGroups(PERSON_ROUND12_SHAPES, redact);
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
