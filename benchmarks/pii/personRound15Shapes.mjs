// A fresh check set for issue 26's general person rules (round 15), written BEFORE any rule of this round, in two
// halves: `PERSON_ROUND15_SHAPES` to design rules on, `PERSON_ROUND15_CHECK` only to check them (same families,
// other sentences and names). Families: a word in no list before an auxiliary and an adjective or participle ("X
// was late", "X has been ill", "X seems tired"), the object of "ask / tell / call / remind / thank" with a clause
// after it ("ask X if", "tell X to"), name pairs whose other half is a place or an everyday word, objects of verbs
// people are the objects of, and appositions. Each slot is also filled by a non-person (an everyday word, a
// product, a service, a department). Names come from Basque, Georgian, Quechua, Sámi, Amharic, Malagasy, Tamil,
// Kurdish, Vietnamese, Finnish and other locales. `pii` must be gone, `keep` must stay (only a word's first
// occurrence is scored). Place names are not in `keep` (the redactor removes them as LOCATION by design).
// Run: node benchmarks/pii/personRound15Shapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND15_SHAPES = {
  auxiliaryAdjective: [
    { text: 'Itziar was late again this morning.', pii: ['Itziar'], keep: ['late', 'morning'] },
    { text: 'Tamar is tired after the night shift.', pii: ['Tamar'], keep: ['tired', 'night', 'shift'] },
    { text: 'Nuutti has been ill since Tuesday.', pii: ['Nuutti'], keep: ['ill', 'since'] },
    { text: 'Rindra was promoted last spring.', pii: ['Rindra'], keep: ['promoted', 'spring'] },
    { text: 'Wubet seems happy with the new flat.', pii: ['Wubet'], keep: ['happy', 'flat'] },
    { text: 'I think Kusi is not sure about the date.', pii: ['Kusi'], keep: ['sure', 'date'] },
    // traps
    { text: 'Breakfast was late again this morning.', pii: [], keep: ['Breakfast', 'late'] },
    { text: 'Parking is free after six.', pii: [], keep: ['Parking', 'free', 'six'] },
    { text: 'Everything seems fine with the boiler.', pii: [], keep: ['Everything', 'fine', 'boiler'] },
  ],
  askTell: [
    { text: 'Can you ask Ainhoa if the van is free?', pii: ['Ainhoa'], keep: ['van', 'free'] },
    { text: 'Please tell Lasha to bring the ladder.', pii: ['Lasha'], keep: ['bring', 'ladder'] },
    { text: 'I will remind Thiruvalluvan about the invoice.', pii: ['Thiruvalluvan'], keep: ['remind', 'invoice'] },
    { text: 'We should call Rojda before noon.', pii: ['Rojda'], keep: ['noon'] },
    { text: 'Did anyone thank Biret for the soup?', pii: ['Biret'], keep: ['anyone', 'soup'] },
    // traps
    { text: 'Please ask Reception if the room is ready.', pii: [], keep: ['Reception', 'room', 'ready'] },
    { text: 'Tell Support to reset the password.', pii: [], keep: ['Support', 'reset', 'password'] },
    { text: 'Call Maintenance before noon.', pii: [], keep: ['Maintenance'] },
  ],
  pairs: [
    { text: 'Ekain and Lourdes were at the meeting.', pii: ['Ekain', 'Lourdes'], keep: ['meeting'] },
    { text: 'Tsiory and Madison will cook tonight.', pii: ['Tsiory', 'Madison'], keep: ['cook', 'tonight'] },
    { text: 'I met Nino and Kunal at the station.', pii: ['Nino', 'Kunal'], keep: ['met', 'station'] },
    // traps
    { text: 'Salt and Vinegar were the only flavours left.', pii: [], keep: ['Salt', 'Vinegar', 'flavours'] },
    { text: 'Lima and Quito are both high cities.', pii: [], keep: ['high', 'cities'] },
  ],
  objects: [
    { text: 'We visited Sipho last weekend.', pii: ['Sipho'], keep: ['visited', 'weekend'] },
    { text: 'I had lunch with Vuong yesterday.', pii: ['Vuong'], keep: ['lunch', 'yesterday'] },
    { text: 'The nurse helped Aynur into the chair.', pii: ['Aynur'], keep: ['nurse', 'helped', 'chair'] },
    { text: 'She hugged Maalaea at the gate.', pii: ['Maalaea'], keep: ['hugged', 'gate'] },
    // traps
    { text: 'We visited Harmony Gardens last weekend.', pii: [], keep: ['visited'] },
    { text: 'I had lunch with Accounting yesterday.', pii: [], keep: ['Accounting', 'lunch'] },
  ],
  appositions: [
    { text: 'Gorka, our plumber, fixed the leak.', pii: ['Gorka'], keep: ['plumber', 'leak'] },
    { text: 'The keys are with Xochitl, the caretaker.', pii: ['Xochitl'], keep: ['keys', 'caretaker'] },
    { text: 'Ask Mzia, who runs the bakery, for bread.', pii: ['Mzia'], keep: ['runs', 'bakery', 'bread'] },
    // traps
    { text: 'Slack, our chat tool, was down.', pii: [], keep: ['chat', 'tool', 'down'] },
  ],
  verbGroups: [
    { text: 'Anjana could not come because of the strike.', pii: ['Anjana'], keep: ['strike'] },
    { text: 'Aslak has already left for the airport.', pii: ['Aslak'], keep: ['already', 'airport'] },
    { text: 'Zerihun was very kind to us.', pii: ['Zerihun'], keep: ['kind'] },
    { text: 'Then Haizea got angry and left.', pii: ['Haizea'], keep: ['angry', 'left'] },
    // traps
    { text: 'Dinner was very kind to our budget.', pii: [], keep: ['Dinner', 'budget'] },
    { text: 'Then Traffic got worse.', pii: [], keep: ['Traffic', 'worse'] },
  ],
};

export const PERSON_ROUND15_CHECK = {
  auxiliaryAdjective: [
    { text: 'Josune was absent on Friday.', pii: ['Josune'], keep: ['absent', 'Friday'] },
    { text: 'Tornike is busy with the harvest.', pii: ['Tornike'], keep: ['busy', 'harvest'] },
    { text: 'Ailo has been sick all week.', pii: ['Ailo'], keep: ['sick', 'week'] },
    { text: 'Fanomezana was delighted with the gift.', pii: ['Fanomezana'], keep: ['delighted', 'gift'] },
    { text: 'Mesfin looks worried about the exam.', pii: ['Mesfin'], keep: ['worried', 'exam'] },
    { text: 'Apparently Sumaq was upset by the news.', pii: ['Sumaq'], keep: ['Apparently', 'upset', 'news'] },
    // traps
    { text: 'Lunch was cold again today.', pii: [], keep: ['Lunch', 'cold', 'today'] },
    { text: 'Delivery is free over twenty euros.', pii: [], keep: ['Delivery', 'free', 'twenty'] },
    { text: 'Nothing looks wrong with the engine.', pii: [], keep: ['Nothing', 'wrong', 'engine'] },
  ],
  askTell: [
    { text: 'Could you ask Eneko if the hall is booked?', pii: ['Eneko'], keep: ['hall', 'booked'] },
    { text: 'Tell Giorgi to lock the shed.', pii: ['Giorgi'], keep: ['lock', 'shed'] },
    { text: 'Remind Kalaivani about the dentist.', pii: ['Kalaivani'], keep: ['dentist'] },
    { text: 'I tried to call Berivan twice.', pii: ['Berivan'], keep: ['tried', 'twice'] },
    { text: 'Please thank Inga-Máret for the photos.', pii: ['Inga-Máret'], keep: ['photos'] },
    // traps
    { text: 'Ask Housekeeping if the towels are clean.', pii: [], keep: ['Housekeeping', 'towels', 'clean'] },
    { text: 'Tell Billing to cancel the order.', pii: [], keep: ['Billing', 'cancel', 'order'] },
  ],
  pairs: [
    { text: 'Ibai and Victoria were on holiday.', pii: ['Ibai', 'Victoria'], keep: ['holiday'] },
    { text: 'Hery and Austin have finished the roof.', pii: ['Hery', 'Austin'], keep: ['finished', 'roof'] },
    { text: 'We saw Tamta and Arjun at the concert.', pii: ['Tamta', 'Arjun'], keep: ['saw', 'concert'] },
    // traps
    { text: 'Bread and Butter were on the menu.', pii: [], keep: ['Bread', 'Butter', 'menu'] },
    { text: 'Oslo and Bergen are both rainy.', pii: [], keep: ['rainy'] },
  ],
  objects: [
    { text: 'We visited Lwazi in hospital.', pii: ['Lwazi'], keep: ['hospital'] },
    { text: 'I went swimming with Thuy on Sunday.', pii: ['Thuy'], keep: ['swimming', 'Sunday'] },
    { text: 'The teacher praised Dilan in class.', pii: ['Dilan'], keep: ['teacher', 'praised', 'class'] },
    { text: 'He drove Ninatubu to the clinic.', pii: ['Ninatubu'], keep: ['drove', 'clinic'] },
    // traps
    { text: 'We visited Sunset Park in hospital week.', pii: [], keep: ['Sunset', 'Park'] },
    { text: 'I went swimming with Marketing on Sunday.', pii: [], keep: ['Marketing'] },
  ],
  appositions: [
    { text: 'Unai, my landlord, raised the rent.', pii: ['Unai'], keep: ['landlord', 'rent'] },
    { text: 'Leave the parcel with Tekle, the porter.', pii: ['Tekle'], keep: ['parcel', 'porter'] },
    { text: 'Ask Nanuli, who keeps the bees, for honey.', pii: ['Nanuli'], keep: ['keeps', 'bees', 'honey'] },
    // traps
    { text: 'Zoom, our call tool, froze twice.', pii: [], keep: ['call', 'froze'] },
  ],
  verbGroups: [
    { text: 'Rakoto could not sleep after the storm.', pii: ['Rakoto'], keep: ['sleep', 'storm'] },
    { text: 'Mathivanan has just arrived at the office.', pii: ['Mathivanan'], keep: ['arrived', 'office'] },
    { text: 'Kibrom was really patient with me.', pii: ['Kibrom'], keep: ['really', 'patient'] },
    { text: 'Later Amaiur got bored and went home.', pii: ['Amaiur'], keep: ['bored', 'home'] },
    // traps
    { text: 'Weather was really patient with us.', pii: [], keep: ['Weather'] },
    { text: 'Later Business got slower.', pii: [], keep: ['Business', 'slower'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? PERSON_ROUND15_CHECK : PERSON_ROUND15_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
