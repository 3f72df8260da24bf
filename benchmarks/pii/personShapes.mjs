// A check set for the general PERSON rules of issue 26 item 2 (round 5), one group per rule, written before the
// rules were tuned and in shapes neither the labelled set, heldOutShapes.mjs nor newShapes.mjs uses. Each group has
// traps that must stay. `pii` lists what must be gone, `keep` what must stay readable.
// Run: node benchmarks/pii/personShapes.mjs [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';

export const PERSON_SHAPES = {
  // A capitalised word in no dictionary, then a verb people do ("Oyelaran arrived").
  subjectVerb: [
    { text: 'Adaeze missed the last train home.', pii: ['Adaeze'], keep: ['missed', 'train'] },
    { text: 'After lunch Tancredi decided to stay.', pii: ['Tancredi'], keep: ['lunch', 'decided'] },
    { text: 'Wiremu believes the river will flood.', pii: ['Wiremu'], keep: ['believes', 'river'] },
    { text: 'Rasmus Ekdahl bought the old mill in 2019.', pii: ['Rasmus Ekdahl'], keep: ['bought', 'mill'] },
    { text: 'Yesenia promised to call back.', pii: ['Yesenia'], keep: ['promised', 'call'] },
    { text: 'Then Golnar laughed and left the room.', pii: ['Golnar'], keep: ['laughed', 'room'] },
    { text: 'Chidubem remembers the flood of 1988.', pii: ['Chidubem'], keep: ['remembers', 'flood'] },
    { text: 'Ailbhe hasn’t answered my message yet.', pii: ['Ailbhe'], keep: ['answered', 'message'] },
    // traps
    { text: 'Kubernetes schedules the pods on each node.', pii: [], keep: ['schedules', 'pods'] },
    { text: 'Covid changed how the office works.', pii: [], keep: ['changed', 'office'] },
    { text: 'Photosynthesis needs light and water.', pii: [], keep: ['Photosynthesis', 'needs'] },
    { text: 'Rust compiles to native code.', pii: [], keep: ['Rust', 'compiles'] },
  ],
  // "warned X", "the X biography", "a X painting": reporting verbs and surnames as modifiers.
  reportedAndModifier: [
    { text: 'The bridge is unsafe, insisted Leocadia Brandt.', pii: ['Leocadia Brandt'], keep: ['bridge', 'unsafe'] },
    { text: '"Not yet," answered Eudora.', pii: ['Eudora'], keep: ['Not', 'yet'] },
    { text: 'Her second Vasconcelos album won a prize.', pii: ['Vasconcelos'], keep: ['second', 'album', 'prize'] },
    { text: 'They bought an early Hockney painting.', pii: ['Hockney'], keep: ['bought', 'early', 'painting'] },
    { text: 'a poster of the Pankhurst era hung there', pii: ['Pankhurst'], keep: ['poster', 'era'] },
    { text: 'The essay, argued Olusegun, misses the point.', pii: ['Olusegun'], keep: ['essay', 'point'] },
    // traps
    { text: 'The Brexit report was delayed again.', pii: [], keep: ['report', 'delayed'] },
    { text: 'the Paris album sold well', pii: [], keep: ['album', 'sold'] },
  ],
  // Hyphenated given names, whose parts are names.
  hyphenated: [
    { text: 'Many thanks to Eva-Maria for the flowers.', pii: ['Eva-Maria'], keep: ['thanks', 'flowers'] },
    { text: 'Hans-Peter fixed the boiler on Sunday.', pii: ['Hans-Peter'], keep: ['fixed', 'boiler'] },
    { text: 'We met Ji-hoon and his sister at the station.', pii: ['Ji-hoon'], keep: ['sister', 'station'] },
    { text: 'Questions go to Marie-Thérèse Lacroix.', pii: ['Marie-Thérèse Lacroix'], keep: ['Questions'] },
    { text: 'Ask Jan-Erik whether the van is free.', pii: ['Jan-Erik'], keep: ['whether', 'van'] },
    { text: "Lise-Lotte's bike was stolen again.", pii: ['Lise-Lotte'], keep: ['bike', 'stolen'] },
    { text: 'We owe Per-Olof an apology.', pii: ['Per-Olof'], keep: ['owe', 'apology'] },
    { text: 'Min-seo Park’s talk starts at ten.', pii: ['Min-seo Park'], keep: ['talk', 'starts'] },
    // traps
    { text: 'The Mercedes-Benz dealer closes at six.', pii: [], keep: ['dealer', 'closes'] },
    { text: 'Coca-Cola sponsors the Anglo-Saxon exhibit.', pii: [], keep: ['sponsors', 'Anglo-Saxon', 'exhibit'] },
    { text: 'The Austro-Hungarian army retreated.', pii: [], keep: ['Austro-Hungarian', 'army'] },
  ],
  // Names written in capitals among everyday words in capitals.
  allCaps: [
    { text: 'SEND THE MINUTES TO HOPE NAKASHIMA BY NOON', pii: ['HOPE NAKASHIMA'], keep: ['MINUTES', 'NOON'] },
    { text: 'TO: GRACE ABERNATHY\nRE: PARKING PERMIT', pii: ['GRACE ABERNATHY'], keep: ['PARKING', 'PERMIT'] },
    { text: 'ATTENTION: FAITH WOODS, HEAD OF SALES', pii: ['FAITH WOODS'], keep: ['HEAD', 'SALES'] },
    { text: 'IN MEMORY OF MAY OKONKWO-HALE, 1931-2020', pii: ['MAY OKONKWO-HALE'], keep: ['MEMORY'] },
    // traps
    { text: 'THIS OFFER WILL EXPIRE IN MAY AND JUNE', pii: [], keep: ['OFFER', 'WILL', 'EXPIRE', 'MAY', 'JUNE'] },
    { text: 'HOPE YOU CAN JOIN US FOR DINNER', pii: [], keep: ['HOPE', 'JOIN', 'DINNER'] },
    { text: 'GRACE PERIOD ENDS ON THE FIRST', pii: [], keep: ['GRACE', 'PERIOD', 'ENDS'] },
    { text: 'BILL PAYMENT DUE: NET 30 DAYS', pii: [], keep: ['BILL', 'PAYMENT', 'DAYS'] },
  ],
  // "X and Y were": name words as a plural subject; first names that are everyday words, then a person verb.
  pairsAndWordNames: [
    { text: 'Yan and Faith have already paid the deposit.', pii: ['Yan', 'Faith'], keep: ['deposit'] },
    { text: 'On Friday Kofi and Autumn were married.', pii: ['Kofi', 'Autumn'], keep: ['Friday', 'married'] },
    { text: 'Sandy and Lior both volunteered.', pii: ['Sandy', 'Lior'], keep: ['volunteered'] },
    { text: 'Then Dawn thanked everyone and left.', pii: ['Dawn'], keep: ['thanked', 'everyone'] },
    { text: 'Afterwards Joy wrote a long letter.', pii: ['Joy'], keep: ['long', 'letter'] },
    // traps
    { text: 'Salt and Pepper were on the table.', pii: [], keep: ['Salt', 'Pepper', 'table'] },
    { text: 'Dawn broke over the hills.', pii: [], keep: ['Dawn', 'broke', 'hills'] },
    { text: 'Summer and Winter are both long here.', pii: [], keep: ['Summer', 'Winter'] },
  ],
  // Function words of other languages are no names; capitalised German nouns are no persons.
  foreignFunctionWords: [
    { text: 'Die Lieferung kommt morgen. Ihre Bestellung ist unterwegs.', pii: [], keep: ['Ihre', 'Bestellung'] },
    { text: 'Der Termin wurde verschoben.', pii: [], keep: ['Der', 'Termin', 'verschoben'] },
    { text: 'Das Angebot gilt bis Freitag.', pii: [], keep: ['Das', 'Angebot'] },
    { text: 'Les horaires changent en été.', pii: [], keep: ['Les', 'horaires'] },
    { text: 'Frau Schwarzkopf hat angerufen.', pii: ['Schwarzkopf'], keep: ['angerufen'] },
    { text: 'Ihr Ansprechpartner: Jörg Wendeler', pii: ['Jörg Wendeler'], keep: ['Ansprechpartner'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await scoreShapeGroups(PERSON_SHAPES, async (t) => {
    return (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  });
  printShapeGroups(r);
}
