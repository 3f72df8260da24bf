// A fresh check set for issue 26's general person rules (round 16), written BEFORE any rule of this round, in two
// halves: `PERSON_ROUND16_SHAPES` to design rules on, `PERSON_ROUND16_CHECK` only to check them (same families,
// other sentences and names). Families: a modal, "not" and a base verb after a word opening the sentence ("X could
// not come", "X will not attend"); a sentence adverb or a short opener before the name ("Apparently X was upset",
// "Last night X called"); name pairs where one half is a listed name ("X and Ashley were"). Each slot is also
// filled by a non-person (an everyday word, a product, a service, a department). Names come from Mongolian, Welsh,
// Khmer, Armenian, Lithuanian, Somali, Hausa, Samoan, Nepali, Inuit and other locales. `pii` must be gone, `keep`
// must stay (only a word's first occurrence is scored). Place names are not in `keep` (removed as LOCATION).
// Run: node benchmarks/pii/personRound16Shapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND16_SHAPES = {
  modalNot: [
    { text: 'Anjana could not come because of the strike.', pii: ['Anjana'], keep: ['strike'] },
    { text: 'Tsetseg will not attend the meeting on Monday.', pii: ['Tsetseg'], keep: ['attend', 'meeting'] },
    { text: 'Gwenllian cannot swim very well.', pii: ['Gwenllian'], keep: ['swim', 'well'] },
    { text: 'Bunthoeun would not eat his dinner.', pii: ['Bunthoeun'], keep: ['eat', 'dinner'] },
    { text: 'Hovhannes could not remember the code.', pii: ['Hovhannes'], keep: ['remember', 'code'] },
    { text: 'Ieva will never forgive them.', pii: ['Ieva'], keep: ['forgive'] },
    { text: "Abdirahman can't drive on Saturday.", pii: ['Abdirahman'], keep: ['drive', 'Saturday'] },
    // traps
    { text: 'Breakfast could not start on time.', pii: [], keep: ['Breakfast', 'start', 'time'] },
    { text: 'Docker will not start after the update.', pii: [], keep: ['start', 'update'] },
    { text: 'Nothing could not wait until Monday.', pii: [], keep: ['Nothing', 'wait'] },
    { text: 'Payroll cannot process the form.', pii: [], keep: ['Payroll', 'process', 'form'] },
    { text: 'Heating would not come on this morning.', pii: [], keep: ['Heating', 'come', 'morning'] },
  ],
  openers: [
    { text: 'Apparently Aminu was upset by the news.', pii: ['Aminu'], keep: ['Apparently', 'upset', 'news'] },
    { text: 'Luckily Tavita found the keys.', pii: ['Tavita'], keep: ['Luckily', 'found', 'keys'] },
    { text: 'Sadly, Pasang missed the last bus.', pii: ['Pasang'], keep: ['Sadly', 'missed', 'bus'] },
    { text: 'Yesterday Naja called twice.', pii: ['Naja'], keep: ['Yesterday', 'called'] },
    { text: 'Last night Bolormaa phoned from the airport.', pii: ['Bolormaa'], keep: ['night', 'phoned'] },
    { text: 'Honestly Siôn did a great job.', pii: ['Siôn'], keep: ['Honestly', 'great', 'job'] },
    { text: 'Unfortunately Sokha was sick on Friday.', pii: ['Sokha'], keep: ['Unfortunately', 'sick'] },
    // traps
    { text: 'Apparently Support was closed all day.', pii: [], keep: ['Apparently', 'Support', 'closed'] },
    { text: 'Luckily Parking was free.', pii: [], keep: ['Luckily', 'Parking', 'free'] },
    { text: 'Sadly, Breakfast was cold.', pii: [], keep: ['Sadly', 'Breakfast', 'cold'] },
    { text: 'Last night Traffic was awful.', pii: [], keep: ['Traffic', 'awful'] },
    { text: 'Unfortunately Delivery was late again.', pii: [], keep: ['Unfortunately', 'Delivery', 'late'] },
  ],
  pairs: [
    { text: 'Arnaq and Ashley were at the party.', pii: ['Arnaq', 'Ashley'], keep: ['party'] },
    { text: 'Rūta and Daniel have moved house.', pii: ['Rūta', 'Daniel'], keep: ['moved', 'house'] },
    { text: 'Emily and Tsegaye were both late.', pii: ['Emily', 'Tsegaye'], keep: ['both', 'late'] },
    { text: 'Maile and Georgia went fishing.', pii: ['Maile', 'Georgia'], keep: ['went', 'fishing'] },
    { text: 'Lusine and Thomas are getting married.', pii: ['Lusine', 'Thomas'], keep: ['getting', 'married'] },
    { text: 'We hear Olivia and Mosese were away.', pii: ['Olivia', 'Mosese'], keep: ['hear', 'away'] },
    // traps
    { text: 'Paris and Rome were the first stops.', pii: [], keep: ['first', 'stops'] },
    { text: 'Sales and Marketing were merged last year.', pii: [], keep: ['Sales', 'Marketing', 'merged'] },
    { text: 'Salt and Pepper were on the table.', pii: [], keep: ['Salt', 'Pepper', 'table'] },
  ],
};

export const PERSON_ROUND16_CHECK = {
  modalNot: [
    { text: 'Tomasz will not attend the wedding.', pii: ['Tomasz'], keep: ['attend', 'wedding'] },
    { text: 'Ariunaa could not sleep last night.', pii: ['Ariunaa'], keep: ['sleep', 'night'] },
    { text: 'Rhodri would not listen to the doctor.', pii: ['Rhodri'], keep: ['listen', 'doctor'] },
    { text: 'Sreymom cannot come to the party.', pii: ['Sreymom'], keep: ['come', 'party'] },
    { text: 'Anahit should not worry so much.', pii: ['Anahit'], keep: ['worry', 'much'] },
    { text: "Dovydas won't join us for lunch.", pii: ['Dovydas'], keep: ['join', 'lunch'] },
    { text: 'Hamza could not believe his luck.', pii: ['Hamza'], keep: ['believe', 'luck'] },
    // traps
    { text: 'Lunch could not start before noon.', pii: [], keep: ['Lunch', 'start', 'noon'] },
    { text: 'Grafana will not load the dashboard.', pii: [], keep: ['load', 'dashboard'] },
    { text: 'Printing cannot continue without paper.', pii: [], keep: ['Printing', 'continue', 'paper'] },
    { text: 'Everything should not change at once.', pii: [], keep: ['Everything', 'change', 'once'] },
    { text: 'Shipping will not resume until June.', pii: [], keep: ['Shipping', 'resume'] },
  ],
  openers: [
    { text: 'Apparently Sumaq was upset by the news.', pii: ['Sumaq'], keep: ['Apparently', 'upset', 'news'] },
    { text: 'Fortunately Lagi brought an umbrella.', pii: ['Lagi'], keep: ['Fortunately', 'brought', 'umbrella'] },
    { text: 'Sadly Nurlan could not come.', pii: ['Nurlan'], keep: ['Sadly', 'come'] },
    { text: 'This morning Iolo fixed the gate.', pii: ['Iolo'], keep: ['morning', 'fixed', 'gate'] },
    { text: 'Obviously, Chanthy was tired.', pii: ['Chanthy'], keep: ['Obviously', 'tired'] },
    { text: 'Yesterday Pemba lost his phone.', pii: ['Pemba'], keep: ['Yesterday', 'lost', 'phone'] },
    { text: 'Surprisingly Garegin won the race.', pii: ['Garegin'], keep: ['Surprisingly', 'won', 'race'] },
    // traps
    { text: 'Apparently Reception was busy.', pii: [], keep: ['Apparently', 'Reception', 'busy'] },
    { text: 'Fortunately Insurance covered the damage.', pii: [], keep: ['Fortunately', 'Insurance', 'covered'] },
    { text: 'Obviously, Dinner was late.', pii: [], keep: ['Obviously', 'Dinner', 'late'] },
    { text: 'This morning Traffic was slow.', pii: [], keep: ['morning', 'Traffic', 'slow'] },
    { text: 'Surprisingly Weather held up.', pii: [], keep: ['Surprisingly', 'Weather', 'held'] },
  ],
  pairs: [
    { text: 'Ikaika and Jessica were at the beach.', pii: ['Ikaika', 'Jessica'], keep: ['beach'] },
    { text: 'Michael and Hadiza have bought a car.', pii: ['Michael', 'Hadiza'], keep: ['bought', 'car'] },
    { text: 'Ulla and Sophia went hiking.', pii: ['Ulla', 'Sophia'], keep: ['went', 'hiking'] },
    { text: 'Andrew and Saule were both tired.', pii: ['Andrew', 'Saule'], keep: ['both', 'tired'] },
    { text: 'Eglė and Chloe are getting married.', pii: ['Eglė', 'Chloe'], keep: ['getting', 'married'] },
    { text: 'I heard Henry and Dawa were ill.', pii: ['Henry', 'Dawa'], keep: ['heard', 'ill'] },
    // traps
    { text: 'Vienna and Prague were lovely.', pii: [], keep: ['lovely'] },
    { text: 'Research and Development were merged.', pii: [], keep: ['Research', 'Development', 'merged'] },
    { text: 'Bread and Cheese were on the table.', pii: [], keep: ['Bread', 'Cheese', 'table'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? PERSON_ROUND16_CHECK : PERSON_ROUND16_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
