// A fresh check set for issue 26 (round 20), written BEFORE any rule of this round, in two halves: `ROUND20_SHAPES`
// to design rules on, `ROUND20_CHECK` (`--check`) only to check them (same families, other sentences and names).
// Families: the general rules of the cause list (2) — a name after a kinship noun, a speaker label with and
// without a space after the colon, "says X" / "X says", a pair of names, a surname as a modifier ("the X novel",
// "by X"), a lowercase name after "mr." / "name:", text all in lowercase, text ALL IN CAPITALS — and the shape left
// from round 19: a word in no list before a modal, with a person pronoun referring back or the same word in a person
// position elsewhere in the text. Names mix listed and unlisted ones (Māori, West African, Kazakh, Pacific). Every
// family has traps (brands, products, places, labels, everyday words) so false positives show. `pii` must be gone,
// `keep` must stay (only a word's first occurrence is scored).
// Run: node benchmarks/pii/round20Shapes.mjs [--check] [--misses]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const ROUND20_SHAPES = {
  kinship: [
    { text: 'I went fishing with my son Rawiri last weekend.', pii: ['Rawiri'], keep: ['fishing', 'weekend'] },
    { text: 'Her daughter Adjoa starts school in March.', pii: ['Adjoa'], keep: ['starts', 'school'] },
    { text: 'We stayed with our uncle Bolat in the summer.', pii: ['Bolat'], keep: ['stayed', 'summer'] },
    { text: 'His grandmother Mereana turned ninety today.', pii: ['Mereana'], keep: ['turned', 'ninety'] },
    { text: 'My cousin Kwame Mensah lent me his van.', pii: ['Kwame', 'Mensah'], keep: ['lent', 'van'] },
    // traps
    { text: 'My son Minecraft-obsessed as ever, begged for a new laptop.', pii: [], keep: ['begged', 'laptop'] },
    { text: 'Her brother Company runs the bakery.', pii: [], keep: ['runs', 'bakery'] },
  ],
  speakerLabel: [
    { text: 'Tamati: I can be there by six.\nAroha: Great, see you then.', pii: ['Tamati', 'Aroha'], keep: ['six'] },
    { text: 'Kofi:Thanks for the lift yesterday.', pii: ['Kofi'], keep: ['Thanks', 'lift'] },
    { text: 'Interviewer: When did you start?\nNgaire: In 1998, after school.', pii: ['Ngaire'], keep: ['start'] },
    // traps
    { text: 'Note: the office closes early on Friday.', pii: [], keep: ['Note', 'office', 'closes'] },
    { text: 'Update:the server was restarted at noon.', pii: [], keep: ['Update', 'server'] },
    { text: 'Warning: Contents are hot.', pii: [], keep: ['Warning', 'Contents', 'hot'] },
  ],
  says: [
    { text: '"It was a long night," says Hemi, still in his boots.', pii: ['Hemi'], keep: ['long', 'night'] },
    { text: 'The road will reopen next week, said Akosua Boateng.', pii: ['Akosua', 'Boateng'], keep: ['road'] },
    { text: 'Tiihu says the water is too cold for swimming.', pii: ['Tiihu'], keep: ['water', 'cold'] },
    // traps
    { text: 'Prices will rise again, says Reuters.', pii: [], keep: ['Prices', 'Reuters'] },
    { text: 'Google says the outage is fixed.', pii: [], keep: ['Google', 'outage'] },
    { text: 'The label says Organic but it is not.', pii: [], keep: ['label', 'Organic'] },
  ],
  pair: [
    { text: 'Hone and Ama were late for the bus.', pii: ['Hone', 'Ama'], keep: ['late', 'bus'] },
    { text: 'We saw Rangi and Esi at the market.', pii: ['Rangi', 'Esi'], keep: ['saw', 'market'] },
    { text: 'Aigerim, Kojo and Manaia went hiking.', pii: ['Aigerim', 'Kojo', 'Manaia'], keep: ['hiking'] },
    // traps
    { text: 'Docker and Podman were both installed.', pii: [], keep: ['Docker', 'Podman', 'installed'] },
    { text: 'We saw Paris and Lyon in one week.', pii: [], keep: ['saw', 'week'] },
  ],
  modifier: [
    { text: 'I finally read the Okonkwo novel you lent me.', pii: ['Okonkwo'], keep: ['read', 'novel'] },
    { text: 'The essay is by Ngata and runs to forty pages.', pii: ['Ngata'], keep: ['essay', 'forty'] },
    { text: 'They bought a Whitfield painting at auction.', pii: ['Whitfield'], keep: ['bought', 'painting'] },
    { text: 'A new book by Temirlan Abenov came out today.', pii: ['Temirlan', 'Abenov'], keep: ['book'] },
    // traps
    { text: 'The Linux kernel is patched by Friday.', pii: [], keep: ['Linux', 'kernel', 'patched', 'Friday'] },
    { text: 'The Nokia phone was made by Foxconn.', pii: [], keep: ['Nokia', 'phone', 'made'] },
  ],
  lowercaseAfterCue: [
    { text: 'Please ask for mr. tane at the front desk.', pii: ['tane'], keep: ['front', 'desk'] },
    { text: 'name: kobina asante\nage: 34', pii: ['kobina', 'asante'], keep: ['age'] },
    { text: 'Thanks to mrs. ruruhira for the flowers.', pii: ['ruruhira'], keep: ['flowers'] },
    // traps
    { text: 'name: value pairs are stored in the map.', pii: [], keep: ['value', 'pairs', 'stored', 'map'] },
    { text: 'Buy mr. clean spray at the shop.', pii: [], keep: ['spray', 'shop'] },
  ],
  allLowercase: [
    { text: 'my friend wiremu called me last night about the game', pii: ['wiremu'], keep: ['called', 'game'] },
    { text: 'i met akosua at the market and we had coffee', pii: ['akosua'], keep: ['met', 'market', 'coffee'] },
    { text: 'me and tane are going to the beach later', pii: ['tane'], keep: ['going', 'beach'] },
    // traps
    { text: 'i met sales at the office and we had coffee', pii: [], keep: ['sales', 'office', 'coffee'] },
    { text: 'me and python are not friends anymore lol', pii: [], keep: ['python', 'friends'] },
  ],
  allCaps: [
    { text: 'MEET KOBINA ASANTE AT THE GATE AT NOON', pii: ['KOBINA', 'ASANTE'], keep: ['MEET', 'GATE', 'NOON'] },
    { text: 'CALL MEREANA BEFORE FRIDAY ABOUT THE KEYS', pii: ['MEREANA'], keep: ['CALL', 'FRIDAY', 'KEYS'] },
    // traps
    { text: 'A WORD FROM OUR SPONSOR', pii: [], keep: ['WORD', 'SPONSOR'] },
    { text: 'SALE ENDS FRIDAY AT ALL STORES', pii: [], keep: ['SALE', 'ENDS', 'STORES'] },
  ],
  modalBackReference: [
    { text: 'Hohepa can fix the fence if he has time.', pii: ['Hohepa'], keep: ['fix', 'fence'] },
    { text: 'Yerlan will bring her guitar to the party.', pii: ['Yerlan'], keep: ['bring', 'guitar'] },
    { text: 'I asked Ihaia about the roof. Ihaia should mend it soon.', pii: ['Ihaia'], keep: ['roof', 'mend'] },
    // traps
    { text: 'Clonezilla will let you copy the disk; it is free.', pii: [], keep: ['Clonezilla', 'copy', 'disk'] },
    { text: 'Zapier can send his reports every morning.', pii: [], keep: ['Zapier', 'send', 'reports'] },
    { text: 'Kubernetes will restart the pod. Kubernetes is smart.', pii: [], keep: ['Kubernetes', 'restart'] },
  ],
};

export const ROUND20_CHECK = {
  kinship: [
    { text: 'Our nephew Tamatea plays rugby on Saturdays.', pii: ['Tamatea'], keep: ['plays', 'rugby'] },
    { text: 'I drove my mother Efua to the clinic.', pii: ['Efua'], keep: ['drove', 'clinic'] },
    { text: 'Their grandson Nurlan Seitkali won the prize.', pii: ['Nurlan', 'Seitkali'], keep: ['won', 'prize'] },
    { text: 'My sister Kahurangi moved to Perth.', pii: ['Kahurangi'], keep: ['moved'] },
    // traps
    { text: 'My brother Bluetooth speaker broke again.', pii: [], keep: ['speaker', 'broke'] },
    { text: 'Our aunt Marketing director left.', pii: [], keep: ['director', 'left'] },
  ],
  speakerLabel: [
    { text: 'Wiremu: Where are the keys?\nAbena: On the hook.', pii: ['Wiremu', 'Abena'], keep: ['keys', 'hook'] },
    { text: 'Yaw:Running late, sorry.', pii: ['Yaw'], keep: ['Running', 'late'] },
    // traps
    { text: 'Tip: store the batteries somewhere dry.', pii: [], keep: ['Tip', 'batteries'] },
    { text: 'Status:Delivered to the front door.', pii: [], keep: ['Status', 'Delivered', 'door'] },
  ],
  says: [
    { text: '"We will rebuild," said Kahu, looking at the hall.', pii: ['Kahu'], keep: ['rebuild', 'hall'] },
    { text: 'Nana Yeboah says the clinic opens at eight.', pii: ['Nana', 'Yeboah'], keep: ['clinic', 'opens'] },
    // traps
    { text: 'The sign says Closed on Mondays.', pii: [], keep: ['sign', 'Closed'] },
    { text: 'Microsoft says the patch is ready.', pii: [], keep: ['Microsoft', 'patch'] },
  ],
  pair: [
    { text: 'Tui and Kwesi are painting the fence.', pii: ['Tui', 'Kwesi'], keep: ['painting', 'fence'] },
    { text: 'I called Aliya and Moana this morning.', pii: ['Aliya', 'Moana'], keep: ['called', 'morning'] },
    // traps
    { text: 'Slack and Discord are both blocked here.', pii: [], keep: ['Slack', 'Discord', 'blocked'] },
    { text: 'Rome and Naples were hot in July.', pii: [], keep: ['hot'] },
  ],
  modifier: [
    { text: 'We watched the Mensah documentary last night.', pii: ['Mensah'], keep: ['watched', 'documentary'] },
    { text: 'This poem is by Hinemoa Tait and it is short.', pii: ['Hinemoa', 'Tait'], keep: ['poem', 'short'] },
    // traps
    { text: 'The Samsung fridge was fixed by Monday.', pii: [], keep: ['Samsung', 'fridge', 'fixed'] },
    { text: 'A report by Deloitte came out today.', pii: [], keep: ['report', 'Deloitte'] },
  ],
  lowercaseAfterCue: [
    { text: 'Send it to mr. kwabena by noon.', pii: ['kwabena'], keep: ['Send', 'noon'] },
    { text: 'name: aroha walker\nrole: volunteer', pii: ['aroha', 'walker'], keep: ['role', 'volunteer'] },
    // traps
    { text: 'The name: field must not be empty.', pii: [], keep: ['field', 'empty'] },
  ],
  allLowercase: [
    { text: 'my cousin kwesi is staying with us this week', pii: ['kwesi'], keep: ['staying', 'week'] },
    { text: 'me and moana are going to town', pii: ['moana'], keep: ['going', 'town'] },
    // traps
    { text: 'me and coffee are best friends honestly', pii: [], keep: ['coffee', 'best', 'friends'] },
  ],
  allCaps: [
    { text: 'ASK FOR TAMATI AT RECEPTION', pii: ['TAMATI'], keep: ['ASK', 'RECEPTION'] },
    // traps
    { text: 'A GUIDE TO BETTER SLEEP', pii: [], keep: ['GUIDE', 'BETTER', 'SLEEP'] },
  ],
  modalBackReference: [
    { text: 'Tamatea can paint the gate once he is back.', pii: ['Tamatea'], keep: ['paint', 'gate'] },
    { text: 'Ruruhira will water the garden while she waits.', pii: ['Ruruhira'], keep: ['water', 'garden'] },
    { text: 'We rang Ekow on Monday. Ekow may carry the boxes.', pii: ['Ekow'], keep: ['carry', 'boxes'] },
    // traps
    { text: 'Ventoy will let you boot several images; it is tiny.', pii: [], keep: ['Ventoy', 'boot', 'images'] },
    { text: 'Airtable can sync her rows overnight.', pii: [], keep: ['Airtable', 'sync', 'rows'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const set = process.argv.includes('--check') ? ROUND20_CHECK : ROUND20_SHAPES;
  const r = await scoreShapeGroups(set, redact);
  printShapeGroups(r);
  const s = totals(r);
  const kept = `kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`;
  console.log(`all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, ${kept}`);
}
