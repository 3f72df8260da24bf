// A small check set for issue 26 (round 21), written BEFORE the round's rule, in two halves: `ROUND21_SHAPES` to
// design on, `ROUND21_CHECK` (`--check`) only to check. Families: (1) an organisation after a speech verb ("says
// Reuters") where the text itself names the word's kind ("the Reuters news agency") or no list holds it at all;
// (2) text in capitals with "CALL X" / "ASK FOR X", with services and everyday words as traps. `pii` must be gone,
// `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round21Shapes.mjs [--check]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND21_SHAPES = {
  saysOrganization: [
    { text: 'Prices will rise, says Reuters. The Reuters news agency cited two sources.', pii: [], keep: ['Reuters'] },
    { text: 'Talks stalled, according to Kyodo, the Japanese news agency.', pii: [], keep: ['Kyodo'] },
    { text: 'The Norvanta company said on Monday that sales fell, said Norvanta.', pii: [], keep: ['Norvanta'] },
    { text: 'Prices will rise again, says Reuters.', pii: [], keep: ['Reuters'] },
    // people in the same slots
    { text: '"It was a long night," says Hemi, still in his boots.', pii: ['Hemi'], keep: ['long', 'night'] },
    { text: 'The road will reopen next week, said Akosua Boateng.', pii: ['Akosua', 'Boateng'], keep: ['road'] },
    { text: 'Tamati said the firm had grown. Tamati founded it.', pii: ['Tamati'], keep: ['firm'] },
  ],
  capsCallAsk: [
    { text: 'FOR BOOKINGS ASK FOR TAMATI AT RECEPTION', pii: ['TAMATI'], keep: ['BOOKINGS', 'RECEPTION'] },
    { text: 'PLEASE CALL MEREANA ON 021 555 1234 TODAY', pii: ['MEREANA'], keep: ['PLEASE', 'TODAY'] },
    { text: 'PLEASE CALL DAVID ON 021 555 1234 TODAY', pii: ['DAVID'], keep: ['PLEASE', 'TODAY'] },
    // traps
    { text: 'PLEASE CALL HEALTHLINE ON 0800 611 116 ANY TIME', pii: [], keep: ['HEALTHLINE', 'TIME'] },
    { text: 'ASK FOR DETAILS AT RECEPTION BEFORE NOON', pii: [], keep: ['DETAILS', 'RECEPTION'] },
  ],
};

export const ROUND21_CHECK = {
  saysOrganization: [
    { text: 'Rates held, said Bernama. A Bernama news agency report followed.', pii: [], keep: ['Bernama'] },
    { text: 'Output fell, according to Tavrel, the mining firm.', pii: [], keep: ['Tavrel'] },
    { text: 'Flights resumed, says the Skyvara airline. Skyvara said more would follow.', pii: [], keep: ['Skyvara'] },
    { text: 'Exports rose, says Yonhap.', pii: [], keep: ['Yonhap'] },
    // people in the same slots
    { text: '"We will rebuild," said Kahu, looking at the hall.', pii: ['Kahu'], keep: ['rebuild', 'hall'] },
    { text: 'Aroha Ngata says the company is hiring. Aroha runs it.', pii: ['Aroha', 'Ngata'], keep: ['company'] },
  ],
  capsCallAsk: [
    { text: 'AFTER HOURS ASK FOR RAWIRI AT THE GATE', pii: ['RAWIRI'], keep: ['HOURS', 'GATE'] },
    { text: 'TO BOOK CALL ADJOA ON 021 444 9876 TODAY', pii: ['ADJOA'], keep: ['BOOK', 'TODAY'] },
    // traps
    { text: 'TO BOOK CALL TICKETEK ON 132 849 TODAY', pii: [], keep: ['TICKETEK', 'TODAY'] },
    { text: 'ASK FOR HELP AT THE FRONT DESK NOW', pii: [], keep: ['HELP', 'DESK'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND21_CHECK : ROUND21_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
