// A fresh check set for PERSON recall (issue 26, round 11), written BEFORE any rule of this round, in new words for
// the misses and false names round 10 left (brands after reporting verbs, "Per Diem"-like fixed phrases, brands
// thanked, tickers and sign labels, an adverb of time before a name, names before irregular verbs, a time phrase
// before a name and a perfect tense, possessives of names that are dictionary words, names in parentheses after a
// plural noun), and in shapes of its own: names after "with"/"for"/"by" in a passive, "X here" openings, a name in
// a signature with a role, "X and I", names after "named"/"called", a name after "from" in a message. Every group
// carries traps of the same shape (brands, capitalised everyday words) that must stay readable (place names are
// LOCATION by design and are never a `keep` word). `pii` must be gone, `keep` must stay.
// `PERSON_ROUND11_AFTER` is a second batch written after the rules and scored once (`--after`).
// Run: node benchmarks/pii/personRound11Shapes.mjs [--misses] [--after]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND11_SHAPES = {
  reportingVerbs: [
    { text: '"That was my idea," countered Wambui.', pii: ['Wambui'], keep: ['idea'] },
    { text: '“Not today,” replied Thorsteinsson.', pii: ['Thorsteinsson'], keep: ['today'] },
    { text: '"We will appeal," responded Nakagawa-Reid.', pii: ['Nakagawa-Reid'], keep: ['appeal'] },
    { text: '“The roof leaks,” complained Eudora Pike.', pii: ['Eudora Pike'], keep: ['roof', 'leaks'] },
    // traps
    { text: '"Rides are safe," countered Lyft.', pii: [], keep: ['Rides', 'Lyft'] },
    { text: '“Every seller was refunded,” replied Etsy.', pii: [], keep: ['seller', 'Etsy'] },
    { text: '"Fees are fair," responded Klarna.', pii: [], keep: ['Fees', 'Klarna'] },
    { text: '“Stock is back,” announced Decathlon.', pii: [], keep: ['Stock', 'Decathlon'] },
    { text: '"Delays are rare," claimed Vueling.', pii: [], keep: ['Delays', 'Vueling'] },
  ],
  fixedPhrases: [
    { text: 'Per Lindqvist signed the lease.', pii: ['Per Lindqvist'], keep: ['signed', 'lease'] },
    { text: 'Ask Per about the boat.', pii: ['Per'], keep: ['Ask', 'boat'] },
    // traps
    { text: 'The Per Diem allowance doubled.', pii: [], keep: ['Diem', 'allowance'] },
    { text: 'Per Annum fees apply.', pii: [], keep: ['Annum', 'fees'] },
    { text: 'The Ad Hoc Committee met.', pii: [], keep: ['Hoc', 'Committee'] },
    { text: 'Pro Bono work is welcome.', pii: [], keep: ['Pro', 'Bono', 'work'] },
    { text: 'Status Quo rules here.', pii: [], keep: ['Status', 'Quo', 'rules'] },
  ],
  thanksToBrands: [
    { text: 'Thank you, Oyinkansola!', pii: ['Oyinkansola'], keep: ['Thank'] },
    { text: 'Cheers, Gráinne, see you soon.', pii: ['Gráinne'], keep: ['Cheers', 'soon'] },
    { text: 'Thanks, Mbali, for the lift.', pii: ['Mbali'], keep: ['Thanks', 'lift'] },
    { text: 'Thanks a lot, Ignatius!', pii: ['Ignatius'], keep: ['Thanks', 'lot'] },
    // traps
    { text: 'Thank you, Spotify!', pii: [], keep: ['Thank', 'Spotify'] },
    { text: 'Cheers, Deliveroo, the food was cold.', pii: [], keep: ['Cheers', 'Deliveroo', 'food'] },
    { text: 'Thanks, Netflix, for nothing.', pii: [], keep: ['Thanks', 'Netflix', 'nothing'] },
    { text: 'Thanks a lot, Tesco!', pii: [], keep: ['Thanks', 'Tesco'] },
    { text: 'Thanks, Google!', pii: [], keep: ['Thanks', 'Google'] },
  ],
  labelsAndTickers: [
    { text: 'Contact: Ruairí Byrne', pii: ['Ruairí Byrne'], keep: ['Contact'] },
    { text: 'Warden: Halima Yusuf', pii: ['Halima Yusuf'], keep: ['Warden'] },
    { text: 'Reviewed by: Oskar Lindgren', pii: ['Oskar Lindgren'], keep: ['Reviewed'] },
    // traps
    { text: 'Shares (NASDAQ: Apple) fell.', pii: [], keep: ['Shares', 'Apple', 'fell'] },
    { text: 'Listed as LSE: Tesco since 1947.', pii: [], keep: ['Listed', 'Tesco'] },
    { text: 'Caution: Wet Paint', pii: [], keep: ['Caution', 'Wet', 'Paint'] },
    { text: 'Warning: Hot Surface', pii: [], keep: ['Warning', 'Hot', 'Surface'] },
    { text: 'Notice: Road Closed', pii: [], keep: ['Notice', 'Road', 'Closed'] },
    { text: 'Danger: High Voltage', pii: [], keep: ['Danger', 'High', 'Voltage'] },
    { text: 'Note: Grace Period ends Friday', pii: [], keep: ['Note', 'Grace', 'Period'] },
  ],
  adverbOpenings: [
    { text: 'Later Ottoline phoned the bank.', pii: ['Ottoline'], keep: ['Later', 'phoned', 'bank'] },
    { text: 'Today Wiremu drove to work.', pii: ['Wiremu'], keep: ['Today', 'drove', 'work'] },
    { text: 'Recently Dragomir moved house.', pii: ['Dragomir'], keep: ['Recently', 'moved', 'house'] },
    { text: 'Yesterday Saoirse painted the shed.', pii: ['Saoirse'], keep: ['Yesterday', 'painted', 'shed'] },
    { text: 'Tonight Kalani cooks for us.', pii: ['Kalani'], keep: ['Tonight', 'cooks'] },
    // traps
    { text: 'Yesterday Netflix raised prices.', pii: [], keep: ['Yesterday', 'Netflix', 'prices'] },
    { text: 'Today Parliament voted.', pii: [], keep: ['Today', 'Parliament', 'voted'] },
    { text: 'Later Amazon refunded us.', pii: [], keep: ['Later', 'Amazon', 'refunded'] },
    { text: 'Recently Heating failed twice.', pii: [], keep: ['Recently', 'Heating', 'failed'] },
  ],
  irregularVerbs: [
    { text: 'Ximena overslept on Monday.', pii: ['Ximena'], keep: ['overslept', 'Monday'] },
    { text: 'Bjarke undertook the repair.', pii: ['Bjarke'], keep: ['undertook', 'repair'] },
    { text: 'Ngaire forgot her keys.', pii: ['Ngaire'], keep: ['forgot', 'keys'] },
    { text: 'Ludovica swam across the bay.', pii: ['Ludovica'], keep: ['swam', 'bay'] },
    { text: 'Kwabena wrote to the council.', pii: ['Kwabena'], keep: ['wrote', 'council'] },
    { text: 'Eskil sold his boat.', pii: ['Eskil'], keep: ['sold', 'boat'] },
    { text: 'Oyelowo took the early train.', pii: ['Oyelowo'], keep: ['took', 'train'] },
    // traps
    { text: 'Unilever sold the brand.', pii: [], keep: ['Unilever', 'sold', 'brand'] },
    { text: 'Snow fell overnight.', pii: [], keep: ['Snow', 'fell'] },
    { text: 'Spotify lost money again.', pii: [], keep: ['Spotify', 'lost', 'money'] },
    { text: 'Nvidia overtook Intel.', pii: [], keep: ['Nvidia', 'overtook', 'Intel'] },
    { text: 'Fog hid the hills.', pii: [], keep: ['Fog', 'hid', 'hills'] },
  ],
  timePhrasePerfect: [
    { text: 'Since March Oluwaseun has worked nights.', pii: ['Oluwaseun'], keep: ['March', 'worked'] },
    { text: 'Since Monday Ruaridh has been away.', pii: ['Ruaridh'], keep: ['Monday', 'away'] },
    { text: 'By Friday Thandiwe will have left.', pii: ['Thandiwe'], keep: ['Friday', 'left'] },
    { text: 'Until June Fiammetta is staying with us.', pii: ['Fiammetta'], keep: ['June', 'staying'] },
    // traps
    { text: 'Since March Uber has raised fares.', pii: [], keep: ['March', 'Uber', 'fares'] },
    { text: 'By Friday Payroll will have closed.', pii: [], keep: ['Friday', 'Payroll', 'closed'] },
    { text: 'Until June Parking is free.', pii: [], keep: ['June', 'Parking', 'free'] },
    { text: 'Since Monday Zalando has been down.', pii: [], keep: ['Monday', 'Zalando', 'down'] },
  ],
  dictionaryWordPossessives: [
    { text: 'Carmen’s phone died.', pii: ['Carmen'], keep: ['phone', 'died'] },
    { text: 'Hope’s brother called twice.', pii: ['Hope'], keep: ['brother', 'called'] },
    { text: "Grace's car broke down.", pii: ['Grace'], keep: ['car', 'broke'] },
    { text: 'Rosa’s keys vanished.', pii: ['Rosa'], keep: ['keys', 'vanished'] },
    { text: "Olive's bag was stolen.", pii: ['Olive'], keep: ['bag', 'stolen'] },
    // traps
    { text: 'Nature’s way is slow.', pii: [], keep: ['Nature', 'way'] },
    { text: "Apple's stock fell.", pii: [], keep: ['Apple', 'stock'] },
    { text: 'Today’s menu changed.', pii: [], keep: ['Today', 'menu'] },
    { text: "Google's update broke my phone.", pii: [], keep: ['Google', 'update', 'phone'] },
  ],
  pluralNounParentheses: [
    {
      text: 'The winners (Ayodele, Brynjar and Chiamaka) get medals.',
      pii: ['Ayodele', 'Brynjar', 'Chiamaka'],
      keep: ['winners', 'medals'],
    },
    { text: 'Both nurses (Fenna and Grietje) were on shift.', pii: ['Fenna', 'Grietje'], keep: ['nurses', 'shift'] },
    { text: 'Three pupils (Tadhg, Niamh, Cillian) were absent.', pii: ['Tadhg', 'Niamh', 'Cillian'], keep: ['pupils'] },
    // traps
    { text: 'Two sponsors (Visa, Heineken) pulled out.', pii: [], keep: ['sponsors', 'Visa', 'Heineken'] },
    { text: 'Both rooms (Kitchen and Lounge) need paint.', pii: [], keep: ['rooms', 'Kitchen', 'Lounge'] },
    { text: 'Three apps (Slack, Zoom, Teams) crashed.', pii: [], keep: ['apps', 'Slack', 'Zoom', 'Teams'] },
  ],
  prepositionsAndPassives: [
    { text: 'I went hiking with Tomasz and his dog.', pii: ['Tomasz'], keep: ['hiking', 'dog'] },
    { text: 'The bill was paid by Sunniva.', pii: ['Sunniva'], keep: ['bill', 'paid'] },
    { text: 'I baked this for Aurelio.', pii: ['Aurelio'], keep: ['baked'] },
    { text: 'The flowers are from Ebele.', pii: ['Ebele'], keep: ['flowers'] },
    // traps
    { text: 'I paid with Klarna and regretted it.', pii: [], keep: ['Klarna', 'regretted'] },
    { text: 'The bill was paid by Visa.', pii: [], keep: ['bill', 'Visa'] },
    { text: 'I baked this for Instagram.', pii: [], keep: ['baked', 'Instagram'] },
    { text: 'The shoes are from Zalando.', pii: [], keep: ['shoes', 'Zalando'] },
  ],
  selfIntroductions: [
    { text: 'Hi, Ghislaine here.', pii: ['Ghislaine'], keep: ['Hi'] },
    { text: 'Hello all, this is Maëlle from accounts.', pii: ['Maëlle'], keep: ['Hello', 'accounts'] },
    { text: 'Lorcan and I went fishing.', pii: ['Lorcan'], keep: ['fishing'] },
    { text: 'Best,\nKofi Boateng | Head of Sales', pii: ['Kofi Boateng'], keep: ['Best', 'Head', 'Sales'] },
    // traps
    { text: 'Hi, Support here.', pii: [], keep: ['Hi', 'Support'] },
    { text: 'Hello all, this is Payroll from head office.', pii: [], keep: ['Hello', 'Payroll'] },
    { text: 'Best,\nCustomer Care | Returns', pii: [], keep: ['Best', 'Customer', 'Care', 'Returns'] },
  ],
  namedAndCalled: [
    { text: 'A boy named Chidera won the prize.', pii: ['Chidera'], keep: ['boy', 'prize'] },
    { text: 'I spoke to someone called Jolanta.', pii: ['Jolanta'], keep: ['spoke', 'someone'] },
    // traps
    { text: 'A café named Brew Lab opened.', pii: [], keep: ['café', 'Brew', 'Lab'] },
    { text: 'An app called Notion helps.', pii: [], keep: ['app', 'Notion', 'helps'] },
  ],
};

/** A second batch, written after the rules of round 11 and scored once (`--after`). */
export const PERSON_ROUND11_AFTER = {
  partnersAndPossessives: [
    { text: 'Me and Oghenekaro fixed the roof.', pii: ['Oghenekaro'], keep: ['fixed', 'roof'] },
    { text: 'Sigrún and I are flying home.', pii: ['Sigrún'], keep: ['flying', 'home'] },
    { text: 'Is that Mahlet’s jacket?', pii: ['Mahlet'], keep: ['jacket'] },
    { text: "Ivy's grandmother is ninety.", pii: ['Ivy'], keep: ['grandmother', 'ninety'] },
    // traps
    { text: 'Ikea’s car park was full.', pii: [], keep: ['Ikea', 'car', 'park'] },
    { text: "Summer's heat is brutal.", pii: [], keep: ['Summer', 'heat'] },
    { text: 'Sales and I never agree.', pii: [], keep: ['Sales', 'agree'] },
  ],
  appositionsAndRelatives: [
    { text: 'Gebremedhin, our new landlord, called.', pii: ['Gebremedhin'], keep: ['landlord', 'called'] },
    { text: 'The prize went to Oyebanji, who trained for years.', pii: ['Oyebanji'], keep: ['prize', 'trained'] },
    { text: 'Nokwanda is 41 years old.', pii: ['Nokwanda'], keep: ['years', 'old'] },
    { text: 'We met the daughter of Adewale at the fair.', pii: ['Adewale'], keep: ['daughter', 'fair'] },
    // traps
    { text: 'Zendesk, our supplier, raised prices.', pii: [], keep: ['Zendesk', 'supplier', 'prices'] },
    { text: 'We use Trello, which is free.', pii: [], keep: ['Trello', 'free'] },
    { text: 'The capital of Wakanda is fictional.', pii: [], keep: ['capital', 'fictional'] },
  ],
  openingsAndThings: [
    { text: 'Earlier Sølvi had been waiting outside.', pii: ['Sølvi'], keep: ['Earlier', 'waiting'] },
    { text: 'Afterwards Chinonso was taken home.', pii: ['Chinonso'], keep: ['Afterwards', 'taken'] },
    { text: 'Ifeoluwa rarely complains.', pii: ['Ifeoluwa'], keep: ['rarely', 'complains'] },
    // traps
    { text: 'A band called Velvet Moth played.', pii: [], keep: ['band', 'Velvet', 'Moth'] },
    { text: 'The rate is set Pro Rata for part-timers.', pii: [], keep: ['Pro', 'Rata'] },
    { text: 'Afterwards Dropbox was restored.', pii: [], keep: ['Afterwards', 'Dropbox', 'restored'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const r = await scoreShapeGroups(
    process.argv.includes('--after') ? PERSON_ROUND11_AFTER : PERSON_ROUND11_SHAPES,
    redact,
  );
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
