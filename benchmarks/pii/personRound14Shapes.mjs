// A fresh check set for issue 26's general person rules (round 14), written BEFORE any rule of this round: a
// non-dictionary capitalised word opening a sentence before a verb, kinship nouns, speaker labels with and without a
// space, "says X", name pairs, surnames as modifiers ("the X novel", "by X"), lowercase names after "mr." or
// "name:", text all in lowercase or all in capitals, and names that are also ordinary words or places. Each slot is
// also filled by a non-person (a common word, a place, a product). Names come from several locales and are not those
// of the earlier sets. `pii` must be gone, `keep` must stay (only a word's first occurrence is scored). Place
// names are not in `keep`: the redactor removes them as LOCATION by design (first draft listed four; corrected).
// Run: node benchmarks/pii/personRound14Shapes.mjs [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND14_SHAPES = {
  openingVerb: [
    { text: 'Oyelaran fixed the gate yesterday.', pii: ['Oyelaran'], keep: ['fixed', 'gate'] },
    { text: 'Wiremu painted the shed blue.', pii: ['Wiremu'], keep: ['painted', 'shed'] },
    { text: 'Thandeka missed the last train.', pii: ['Thandeka'], keep: ['missed', 'train'] },
    { text: 'Radomir booked two seats.', pii: ['Radomir'], keep: ['booked', 'seats'] },
    // traps
    { text: 'Yesterday rain flooded the road.', pii: [], keep: ['Yesterday', 'rain', 'flooded'] },
    { text: 'Ibuprofen eased the pain.', pii: [], keep: ['Ibuprofen', 'eased', 'pain'] },
  ],
  kinship: [
    { text: 'My son Ikaika starts school in May.', pii: ['Ikaika'], keep: ['son', 'school'] },
    { text: 'our granddaughter Saoirse loves horses.', pii: ['Saoirse'], keep: ['granddaughter', 'horses'] },
    { text: 'His stepfather Benedykt drove us home.', pii: ['Benedykt'], keep: ['stepfather', 'drove'] },
    { text: 'My cousin Nkechi and I went fishing.', pii: ['Nkechi'], keep: ['cousin', 'fishing'] },
    // traps
    { text: 'My son Saturday mornings are busy.', pii: [], keep: ['son', 'Saturday', 'mornings'] },
  ],
  speakerLabels: [
    { text: 'Tomasz: are you coming tonight?', pii: ['Tomasz'], keep: ['coming', 'tonight'] },
    { text: 'Aroha:hello, is the room free?', pii: ['Aroha'], keep: ['hello', 'room'] },
    { text: 'Q: who called? Kwabena:the plumber did.', pii: ['Kwabena'], keep: ['called', 'plumber'] },
    // traps
    { text: 'Note: the room is free.', pii: [], keep: ['Note', 'room'] },
    { text: 'Warning:hot surface.', pii: [], keep: ['Warning', 'hot', 'surface'] },
  ],
  says: [
    { text: 'The roof leaks, says Ingeborg.', pii: ['Ingeborg'], keep: ['roof', 'says'] },
    { text: 'It is cheaper online, says Mthunzi Dube.', pii: ['Mthunzi Dube'], keep: ['cheaper', 'says'] },
    { text: 'says Cosmin, who runs the cafe.', pii: ['Cosmin'], keep: ['runs', 'cafe'] },
    // traps
    { text: 'The label says Organic.', pii: [], keep: ['label', 'says', 'Organic'] },
  ],
  pairs: [
    { text: 'Fenella and Guadalupe were late again.', pii: ['Fenella', 'Guadalupe'], keep: ['late'] },
    { text: 'Shoira and Teodor are moving to Leeds.', pii: ['Shoira', 'Teodor'], keep: ['moving'] },
    { text: 'I met Aurelio and Chidinma at the station.', pii: ['Aurelio', 'Chidinma'], keep: ['met', 'station'] },
    // traps
    { text: 'Salt and Pepper were on the table.', pii: [], keep: ['Salt', 'Pepper', 'table'] },
    { text: 'Oslo and Bergen were cold.', pii: [], keep: ['cold'] },
  ],
  surnameModifiers: [
    { text: 'I loved the Murakami novel you lent me.', pii: ['Murakami'], keep: ['loved', 'novel'] },
    { text: 'A sketch by Okonkwo hangs in the hall.', pii: ['Okonkwo'], keep: ['sketch', 'hall'] },
    { text: 'The Vasquez report was late.', pii: ['Vasquez'], keep: ['report', 'late'] },
    // traps
    { text: 'I loved the Paris museum.', pii: [], keep: ['loved', 'Paris', 'museum'] },
    { text: 'A sketch by hand hangs in the hall.', pii: [], keep: ['sketch', 'hand'] },
  ],
  lowercaseAfterCue: [
    { text: 'ask mr. haverford about the key.', pii: ['haverford'], keep: ['ask', 'key'] },
    { text: 'name: oluwaseun adeyemi', pii: ['oluwaseun adeyemi'], keep: [] },
    { text: 'Name: ingrid solberg, room 12', pii: ['ingrid solberg'], keep: ['room'] },
    { text: 'thanks to mrs. castellanos for the cake', pii: ['castellanos'], keep: ['thanks', 'cake'] },
    // traps
    { text: 'name: main office', pii: [], keep: ['main', 'office'] },
  ],
  allLowercase: [
    { text: 'i told katarzyna the bus was late', pii: ['katarzyna'], keep: ['told', 'bus', 'late'] },
    { text: 'we had lunch with tevita and ama yesterday', pii: ['tevita', 'ama'], keep: ['lunch', 'yesterday'] },
    { text: 'my brother lachlan lives in perth now', pii: ['lachlan'], keep: ['brother', 'lives', 'perth'] },
    { text: 'ask anneliese if the van is free', pii: ['anneliese'], keep: ['ask', 'van', 'free'] },
  ],
  allCapitals: [
    { text: 'CALL SVETLANA ABOUT THE INVOICE TODAY', pii: ['SVETLANA'], keep: ['CALL', 'INVOICE', 'TODAY'] },
    { text: 'MEETING WITH JOAQUIN FERREIRA AT NOON', pii: ['JOAQUIN FERREIRA'], keep: ['MEETING', 'NOON'] },
    { text: 'A WORD OF THANKS TO EVERYONE', pii: [], keep: ['WORD', 'THANKS', 'EVERYONE'] },
    { text: 'A NEW POLICY STARTS MONDAY', pii: [], keep: ['NEW', 'POLICY', 'STARTS', 'MONDAY'] },
    { text: 'DEAR PRIYANKA, YOUR ORDER SHIPPED', pii: ['PRIYANKA'], keep: ['ORDER', 'SHIPPED'] },
  ],
  ordinaryWordNames: [
    { text: 'Hope said the boat was ready.', pii: ['Hope'], keep: ['said', 'boat'] },
    { text: 'My niece Summer broke her arm.', pii: ['Summer'], keep: ['niece', 'arm'] },
    { text: 'Florence and Sydney were both at the wedding.', pii: ['Florence', 'Sydney'], keep: ['wedding'] },
    { text: 'Ask Jordan whether the printer works.', pii: ['Jordan'], keep: ['printer'] },
    // traps
    { text: 'Hope is what keeps us going.', pii: [], keep: ['Hope', 'keeps'] },
    { text: 'Summer was hot in Florence this year.', pii: [], keep: ['Summer', 'hot'] },
    { text: 'We flew over Jordan at dawn.', pii: [], keep: ['dawn'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const r = await scoreShapeGroups(PERSON_ROUND14_SHAPES, redact);
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
