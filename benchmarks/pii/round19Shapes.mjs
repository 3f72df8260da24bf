// A fresh check set for issue 26 (round 19), written BEFORE any rule of this round, in two halves: `ROUND19_SHAPES`
// to design rules on, `ROUND19_CHECK` (`--check`) only to check them (same families, other sentences and names).
// Families, one per kind of PERSON miss left after round 18: a pair of names opening a clause where one half is in no
// list or is also a place or country ("Wiremu and Jamaica will judge", "Tane and Mereana will lead" — today the
// result depends on the order of the halves), a word in no list before a modal and any bare verb ("Hohepa can fix
// it"), and the same pairs written all in lowercase. Every slot is also filled by places, products, departments and
// everyday words so false positives show. `pii` must be gone, `keep` must stay (only a word's first occurrence is
// scored).
// Run: node benchmarks/pii/round19Shapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND19_SHAPES = {
  pairMixed: [
    { text: 'Tane and Mereana will lead the walk.', pii: ['Tane', 'Mereana'], keep: ['lead', 'walk'] },
    { text: 'Wiremu and Jamaica will judge the contest.', pii: ['Wiremu', 'Jamaica'], keep: ['judge', 'contest'] },
    { text: 'Israel and Ngaio are getting married.', pii: ['Israel', 'Ngaio'], keep: ['getting', 'married'] },
    { text: 'Chad and Wiremu will host the quiz.', pii: ['Chad', 'Wiremu'], keep: ['host', 'quiz'] },
    { text: 'Sierra and Kobina were married in June.', pii: ['Sierra', 'Kobina'], keep: ['married'] },
    { text: 'Yesterday Tane and Akosua painted the shed.', pii: ['Tane', 'Akosua'], keep: ['painted', 'shed'] },
    { text: 'Georgia and Hemi may arrive late.', pii: ['Georgia', 'Hemi'], keep: ['arrive', 'late'] },
    // traps
    { text: 'Kenya and Tanzania have signed a trade deal.', pii: [], keep: ['signed', 'trade', 'deal'] },
    { text: 'Grafana and Kibana will read the same index.', pii: [], keep: ['Grafana', 'Kibana', 'read', 'index'] },
    { text: 'Sales and Marketing will share the budget.', pii: [], keep: ['Sales', 'Marketing', 'share'] },
    { text: 'Florence and Pisa are an hour apart.', pii: [], keep: ['hour', 'apart'] },
    { text: 'Salt and Pepper were sold out.', pii: [], keep: ['Salt', 'Pepper', 'sold'] },
  ],
  modalUnknown: [
    { text: 'Hohepa can fix the fence on Sunday.', pii: ['Hohepa'], keep: ['fix', 'fence'] },
    { text: 'Yerlan may bring the drinks.', pii: ['Yerlan'], keep: ['bring', 'drinks'] },
    { text: 'Ihaia should mend the roof soon.', pii: ['Ihaia'], keep: ['mend', 'roof'] },
    { text: 'Nomvula will feed the cat while we are away.', pii: ['Nomvula'], keep: ['feed', 'cat'] },
    // traps
    { text: 'Zapier will send the email.', pii: [], keep: ['Zapier', 'send', 'email'] },
    { text: 'Kubernetes can restart the pod.', pii: [], keep: ['Kubernetes', 'restart', 'pod'] },
    { text: 'Clonezilla will let you copy the disk.', pii: [], keep: ['Clonezilla', 'copy', 'disk'] },
    { text: 'Freelancers can invoice monthly.', pii: [], keep: ['Freelancers', 'invoice', 'monthly'] },
  ],
  lowercasePair: [
    { text: 'tane and mereana are coming tonight', pii: ['tane', 'mereana'], keep: ['coming', 'tonight'] },
    { text: 'ok so wiremu and jordan will bring the chairs', pii: ['wiremu', 'jordan'], keep: ['bring', 'chairs'] },
    { text: 'sorry, kobina and sierra were stuck in traffic', pii: ['kobina', 'sierra'], keep: ['stuck', 'traffic'] },
    // traps
    { text: 'salt and pepper are on the table, help yourself', pii: [], keep: ['salt', 'pepper', 'table'] },
    { text: 'kenya and uganda have a long border we drove along', pii: [], keep: ['long', 'border', 'drove'] },
  ],
};

export const ROUND19_CHECK = {
  pairMixed: [
    { text: 'Aroha and Kwabena will run the stall.', pii: ['Aroha', 'Kwabena'], keep: ['run', 'stall'] },
    { text: 'Kwabena and Aroha will run the stall.', pii: ['Kwabena', 'Aroha'], keep: ['run', 'stall'] },
    { text: 'Dakota and Tiihu were on the same team.', pii: ['Dakota', 'Tiihu'], keep: ['same', 'team'] },
    { text: 'Amaru and Victoria have three kids.', pii: ['Amaru', 'Victoria'], keep: ['three', 'kids'] },
    { text: 'Lincoln and Oyibo can help with the move.', pii: ['Lincoln', 'Oyibo'], keep: ['help', 'move'] },
    { text: 'On Friday Kalea and India cooked for everyone.', pii: ['Kalea', 'India'], keep: ['cooked'] },
    { text: 'Mali and Tarni are best friends.', pii: ['Mali', 'Tarni'], keep: ['best', 'friends'] },
    // traps
    { text: 'Chile and Peru have agreed on the border.', pii: [], keep: ['agreed', 'border'] },
    { text: 'Jenkins and Sonarqube will check every build.', pii: [], keep: ['check', 'build'] },
    { text: 'Finance and Payroll will move floors.', pii: [], keep: ['Finance', 'Payroll', 'move'] },
    { text: 'Verona and Padua were lovely in spring.', pii: [], keep: ['lovely', 'spring'] },
    { text: 'Bread and Butter were both on the list.', pii: [], keep: ['Bread', 'Butter', 'list'] },
  ],
  modalUnknown: [
    { text: 'Tamatea can paint the gate tomorrow.', pii: ['Tamatea'], keep: ['paint', 'gate'] },
    { text: 'Bolat may fetch the kids at four.', pii: ['Bolat'], keep: ['fetch', 'kids'] },
    { text: 'Ruruhira should water the garden.', pii: ['Ruruhira'], keep: ['water', 'garden'] },
    { text: 'Ekow will carry the boxes upstairs.', pii: ['Ekow'], keep: ['carry', 'boxes'] },
    // traps
    { text: 'Airtable will sync the rows overnight.', pii: [], keep: ['Airtable', 'sync', 'rows'] },
    { text: 'Postgres can store the logs.', pii: [], keep: ['Postgres', 'store', 'logs'] },
    { text: 'Ventoy will let you boot several images.', pii: [], keep: ['Ventoy', 'boot', 'images'] },
    { text: 'Contractors must submit timesheets weekly.', pii: [], keep: ['Contractors', 'submit', 'weekly'] },
  ],
  lowercasePair: [
    { text: 'aroha and kwabena are running late again', pii: ['aroha', 'kwabena'], keep: ['running', 'late'] },
    { text: 'btw tiihu and dakota will bring dessert', pii: ['tiihu', 'dakota'], keep: ['bring', 'dessert'] },
    { text: 'lol oyibo and lincoln were asleep by nine', pii: ['oyibo', 'lincoln'], keep: ['asleep', 'nine'] },
    // traps
    { text: 'bread and butter are in the fridge if you want', pii: [], keep: ['bread', 'butter', 'fridge'] },
    { text: 'chile and peru have great food honestly', pii: [], keep: ['great', 'food'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND19_CHECK : ROUND19_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
