// A small check set for issue 26 (round 23), written BEFORE the round's rules, in two halves: `ROUND23_SHAPES` to
// design on, `ROUND23_CHECK` (`--check`) only to check. Families: (1) a listed first name that is also an everyday
// word, in capitals or in mixed case, in a person's slot (called, asked for, the subject of a modal and a verb),
// everyday words in the same slots as traps; (2) a label before a town and its postcode ("Depot: Kaitaia 0410");
// (3) a tool or command named once before a modal ("Kubectl will print the status"), people as the other half;
// (4) general person shapes none of the rounds was written on: sign-offs, "Thanks X", "cc: X", speaker labels with
// and without a space, pronoun sets, titles, initials, apostrophes and hyphens, Māori, Pacific and Asian names with
// macrons and diacritics; traps in the same slots ("Regards, The Team", "cc: accounts", "Q:", "Dr Martens").
// `pii` must be gone, `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round23Shapes.mjs [--check]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND23_SHAPES = {
  everydayFirstNames: [
    { text: 'CALL MARIA', pii: ['MARIA'], keep: ['CALL'] },
    { text: 'MARIA WILL PICK YOU UP AT THE GATE', pii: ['MARIA'], keep: ['PICK', 'GATE'] },
    { text: 'Maria will pick you up at the gate.', pii: ['Maria'], keep: ['pick', 'gate'] },
    { text: 'PLEASE CALL MARIA BEFORE NOON', pii: ['MARIA'], keep: ['PLEASE', 'NOON'] },
    { text: 'Maria can sign for the parcel tomorrow.', pii: ['Maria'], keep: ['sign', 'parcel'] },
    // traps: everyday words in the same slots
    { text: 'HELP WILL ARRIVE SOON', pii: [], keep: ['HELP', 'ARRIVE'] },
    { text: 'CALL NOW', pii: [], keep: ['CALL', 'NOW'] },
    { text: 'PLEASE CALL RECEPTION BEFORE NOON', pii: [], keep: ['RECEPTION'] },
    { text: 'Parking will cost you ten dollars.', pii: [], keep: ['Parking', 'cost'] },
  ],
  labelBeforeTown: [
    { text: 'Depot: Kaitaia 0410', pii: ['0410'], keep: ['Depot'] },
    { text: 'Pickup point: Opononi 0473', pii: ['0473'], keep: ['Pickup', 'point'] },
    { text: 'Branch - Dargaville 0310', pii: ['0310'], keep: ['Branch'] },
    // traps: a label before a word and a count or a year
    { text: 'Version: Bookworm 2023', pii: [], keep: ['Version', '2023'] },
    { text: 'Model: Falcon 9000', pii: [], keep: ['Model', '9000'] },
  ],
  toolBeforeModal: [
    { text: 'Kubectl will print the pod status.', pii: [], keep: ['Kubectl', 'status'] },
    { text: 'Rsync can copy only the changed files.', pii: [], keep: ['Rsync', 'files'] },
    { text: 'Nginx will reload the config on SIGHUP.', pii: [], keep: ['Nginx', 'config'] },
    { text: 'Npm should install the missing packages.', pii: [], keep: ['Npm', 'packages'] },
    // the person half of the slot
    { text: 'Tamati will print the tickets at the door.', pii: ['Tamati'], keep: ['tickets', 'door'] },
    { text: 'Ngaire can copy the minutes for everyone.', pii: ['Ngaire'], keep: ['minutes'] },
  ],
  generalShapes: [
    { text: 'Thanks for the update.\n\nRegards,\nSione Tupou', pii: ['Sione', 'Tupou'], keep: ['update'] },
    { text: 'Cheers, Losana', pii: ['Losana'], keep: ['Cheers'] },
    { text: 'Thanks Mele, that works for me.', pii: ['Mele'], keep: ['works'] },
    { text: 'cc: Hēmi Pōtae, Aroha Te Whata', pii: ['Hēmi', 'Pōtae', 'Aroha', 'Whata'], keep: [] },
    { text: 'Tevita:Can you send me the file?', pii: ['Tevita'], keep: ['file'] },
    { text: 'Rāwiri Ngata (he/him) leads the project.', pii: ['Rāwiri', 'Ngata'], keep: ['project'] },
    { text: 'The form was signed by J. Okonkwo on Monday.', pii: ['J.', 'Okonkwo'], keep: ['form', 'Monday'] },
    { text: "Siobhan O'Brien will chair the meeting.", pii: ['Siobhan', "O'Brien"], keep: ['chair', 'meeting'] },
    { text: 'Dr Nguyễn Thị Hoa reviewed the scans.', pii: ['Nguyễn', 'Thị', 'Hoa'], keep: ['scans'] },
    { text: 'Jean-Luc Moreau-Tane joined the call late.', pii: ['Jean-Luc', 'Moreau-Tane'], keep: ['call'] },
    { text: 'Kind regards\nTāne Mahuta-Ruru', pii: ['Tāne', 'Mahuta-Ruru'], keep: ['Kind'] },
    { text: 'Speaker 2 (Malia Fifita): We start at nine.', pii: ['Malia', 'Fifita'], keep: ['Speaker', 'nine'] },
    // traps
    { text: 'Regards,\nThe Support Team', pii: [], keep: ['Support', 'Team'] },
    { text: 'Thanks Everyone, see you Monday.', pii: [], keep: ['Everyone'] },
    { text: 'cc: Accounts, Legal', pii: [], keep: ['Accounts', 'Legal'] },
    { text: 'Q: Can I return the boots?\nA: Yes, within 30 days.', pii: [], keep: ['boots', 'days'] },
    { text: 'Dr Martens boots are on sale.', pii: [], keep: ['Martens', 'boots'] },
    { text: 'Note:The office closes early.', pii: [], keep: ['Note', 'office'] },
    { text: 'Learn te reo Māori with us.', pii: [], keep: ['Māori'] },
  ],
};

export const ROUND23_CHECK = {
  everydayFirstNames: [
    { text: 'ASK FOR MARIA AT THE BAR', pii: ['MARIA'], keep: ['BAR'] },
    { text: 'Maria should bring the keys on Friday.', pii: ['Maria'], keep: ['keys', 'Friday'] },
    // traps
    { text: 'SECURITY WILL OPEN THE DOOR', pii: [], keep: ['SECURITY', 'DOOR'] },
    { text: 'Delivery should take three days.', pii: [], keep: ['Delivery'] },
  ],
  labelBeforeTown: [
    { text: 'Store: Kaikohe 0405', pii: ['0405'], keep: ['Store'] },
    // traps
    { text: 'Release: Jammy 2204', pii: [], keep: ['Release', '2204'] },
  ],
  toolBeforeModal: [
    { text: 'Systemctl will restart the service.', pii: [], keep: ['Systemctl', 'service'] },
    { text: 'Gcc can warn about unused variables.', pii: [], keep: ['Gcc', 'variables'] },
    // the person half
    { text: 'Wairimu will restart the session after lunch.', pii: ['Wairimu'], keep: ['session', 'lunch'] },
  ],
  generalShapes: [
    { text: 'Best wishes,\nFetu Aumua', pii: ['Fetu', 'Aumua'], keep: ['wishes'] },
    { text: 'cc: Pania Hōhaia', pii: ['Pania', 'Hōhaia'], keep: [] },
    { text: 'Thanks Siosaia!', pii: ['Siosaia'], keep: [] },
    { text: 'Ōtautahi lead: Mereana Tūhoe-Paki (she/her)', pii: ['Mereana', 'Tūhoe-Paki'], keep: ['lead'] },
    { text: "Notes taken by K. D'Souza.", pii: ['K.', "D'Souza"], keep: ['Notes'] },
    { text: 'Trần Văn Minh will present the results.', pii: ['Trần', 'Văn', 'Minh'], keep: ['results'] },
    // traps
    { text: 'Thanks Again for shopping with us.', pii: [], keep: ['Again', 'shopping'] },
    { text: 'cc: Finance Team', pii: [], keep: ['Finance', 'Team'] },
    { text: 'Tip:Press Enter to continue.', pii: [], keep: ['Tip', 'Enter'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND23_CHECK : ROUND23_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
