// A fresh check set for PERSON recall (issue 26, round 10), written BEFORE any rule of this round, in shapes the
// earlier sets (the labelled set, heldOutShapes.mjs, newShapes.mjs, weakSpotShapes.mjs, personShapes.mjs,
// personCheckShapes.mjs, personFreshShapes.mjs, personRound8Shapes.mjs, personRound9Shapes.mjs) do not cover in these
// words: "per X" and "according to X's", names after dates and times, names in bullet lists and table rows, names in
// parentheses, apostrophes and hyphenated double surnames, names of other naming orders (Vietnamese, Nigerian, Indian,
// Arabic, Chinese family-name-first), a name opening a sentence before an uncommon verb, mail greetings and sign-offs
// in other wordings, "c/o", "attn:" and "FAO", titles without a period, ALL-CAPS and lowercase text, possessives as
// subjects, vocatives, and a reporting verb before a brand. Every group carries traps of the same shape (brands,
// places, capitalised everyday words) that must stay readable (place names are LOCATION by design and are
// never a `keep` word). `pii` must be gone, `keep` must stay.
// `PERSON_ROUND10_AFTER` is a second batch written after the rules and scored once (`--after`).
// Run: node benchmarks/pii/personRound10Shapes.mjs [--misses] [--after]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND10_SHAPES = {
  perAndAccordingTo: [
    { text: 'Per Olamide, the shipment left on time.', pii: ['Olamide'], keep: ['shipment', 'time'] },
    { text: 'According to Henrietta Vasquez’s notes, the fee was paid.', pii: ['Henrietta Vasquez'], keep: ['notes'] },
    { text: 'The form was filed per Dr Nwosu’s advice.', pii: ['Nwosu'], keep: ['filed', 'advice'] },
    { text: 'According to Thanh Huong, the shop is closed.', pii: ['Thanh Huong'], keep: ['shop', 'closed'] },
    { text: 'As Radoslav put it, nobody reads the manual.', pii: ['Radoslav'], keep: ['nobody', 'manual'] },
    // traps
    { text: 'Per Reuters, the talks stalled.', pii: [], keep: ['Reuters', 'talks'] },
    { text: 'According to Google’s data, usage fell.', pii: [], keep: ['Google', 'data', 'usage'] },
    { text: 'Prices rose 3 per cent, according to Eurostat.', pii: [], keep: ['Prices', 'Eurostat'] },
    { text: 'Per Diem rates are listed below.', pii: [], keep: ['Diem', 'rates'] },
    { text: 'As Spotify put it, music is for everyone.', pii: [], keep: ['Spotify', 'music'] },
  ],
  datesAndTimes: [
    { text: 'On 12 May Oluwadamilare signed the contract.', pii: ['Oluwadamilare'], keep: ['May', 'contract'] },
    { text: 'At 9:30 Thuy called about the leak.', pii: ['Thuy'], keep: ['called', 'leak'] },
    { text: '2023 – Ngozi Adichie-Bello joins the board', pii: ['Ngozi Adichie-Bello'], keep: ['joins', 'board'] },
    { text: 'Updated 3 March by Folasade Ajayi', pii: ['Folasade Ajayi'], keep: ['Updated', 'March'] },
    { text: '10:15 Kiran Bhattacharya presents the budget.', pii: ['Kiran Bhattacharya'], keep: ['presents'] },
    { text: 'Since Tuesday Eilidh has been off sick.', pii: ['Eilidh'], keep: ['Tuesday', 'sick'] },
    // traps
    { text: 'At 9:30 Zoom crashed for everyone.', pii: [], keep: ['Zoom', 'crashed'] },
    { text: 'On 12 May Amazon shipped the order.', pii: [], keep: ['Amazon', 'shipped'] },
    { text: '2023 – Annual Report published', pii: [], keep: ['Annual', 'Report', 'published'] },
    { text: 'Since Tuesday Parking has been free.', pii: [], keep: ['Parking', 'free'] },
  ],
  listsAndTables: [
    {
      text: 'Volunteers:\n- Chidinma Okoro\n- Lachlan Frew\n- Bùi Thị Hoa',
      pii: ['Chidinma Okoro', 'Lachlan Frew', 'Bùi Thị Hoa'],
      keep: ['Volunteers'],
    },
    { text: '1. Aarav Deshpande\n2. Mirela Popescu', pii: ['Aarav Deshpande', 'Mirela Popescu'], keep: [] },
    {
      text: '| # | Player | Club |\n|---|---|---|\n| 3 | Emeka Nwachukwu | Enugu Rangers |',
      pii: ['Emeka Nwachukwu'],
      keep: ['Player', 'Club'],
    },
    { text: 'Host\tSunday\tIngeborg Vik', pii: ['Ingeborg Vik'], keep: ['Host', 'Sunday'] },
    {
      text: '* Rota: Tarek Haddad (Mon), Signe Dahl (Tue)',
      pii: ['Tarek Haddad', 'Signe Dahl'],
      keep: ['Rota', 'Mon', 'Tue'],
    },
    // traps
    {
      text: 'Shopping:\n- Greek Yoghurt\n- Basmati Rice\n- Oat Milk',
      pii: [],
      keep: ['Greek', 'Yoghurt', 'Basmati', 'Rice', 'Oat', 'Milk'],
    },
    {
      text: '| # | City | Population |\n|---|---|---|\n| 2 | Port Harcourt | 1.9M |',
      pii: [],
      keep: ['City', 'Population'],
    },
    { text: '* Rota: Kitchen (Mon), Bathroom (Tue)', pii: [], keep: ['Kitchen', 'Bathroom'] },
    { text: '1. Preheat Oven\n2. Mix Flour', pii: [], keep: ['Preheat', 'Oven', 'Mix', 'Flour'] },
  ],
  parentheses: [
    { text: 'The founders (Bao and Linh) met at school.', pii: ['Bao', 'Linh'], keep: ['founders', 'school'] },
    { text: 'Ask the office (contact: Reinhold Auer) for a key.', pii: ['Reinhold Auer'], keep: ['office', 'key'] },
    { text: 'The bride (née Gallagher) wore blue.', pii: ['Gallagher'], keep: ['bride', 'blue'] },
    { text: 'Two runners (Wanjiku, Kipchoge) finished together.', pii: ['Wanjiku', 'Kipchoge'], keep: ['runners'] },
    // traps
    { text: 'The maker (Apple) denied it.', pii: [], keep: ['Apple', 'denied'] },
    { text: 'Two cities (Lagos, Accra) hosted the games.', pii: [], keep: ['cities', 'games'] },
    { text: 'Shares (NYSE: Nike) rose.', pii: [], keep: ['Shares', 'Nike'] },
  ],
  apostrophesAndHyphens: [
    { text: 'Declan O’Neill repaired the gate.', pii: ['Declan O’Neill'], keep: ['repaired', 'gate'] },
    { text: "Ask Gianluca D'Angelo about parking.", pii: ["Gianluca D'Angelo"], keep: ['parking'] },
    { text: 'Awa N’Diaye won the sprint.', pii: ['Awa N’Diaye'], keep: ['sprint'] },
    { text: 'The case was heard by Judge Lloyd-Okafor.', pii: ['Lloyd-Okafor'], keep: ['case', 'Judge'] },
    { text: 'Amélie Saint-Clair-Dubois sent flowers.', pii: ['Amélie Saint-Clair-Dubois'], keep: ['flowers'] },
    {
      text: "Caoimhe Mac an tSaoir and Ross O'Hara met.",
      pii: ['Caoimhe Mac an tSaoir', "Ross O'Hara"],
      keep: ['met'],
    },
    // traps
    { text: 'We landed at O’Hare Airport late.', pii: [], keep: ['Airport', 'late'] },
    { text: 'The Mercedes-Benz dealer closed.', pii: [], keep: ['dealer', 'closed'] },
    { text: "Try the Ben & Jerry's flavours.", pii: [], keep: ['flavours'] },
    { text: 'Our Wi-Fi and Bluetooth failed.', pii: [], keep: ['Bluetooth', 'failed'] },
  ],
  otherNamingOrders: [
    { text: 'Nguyễn Văn Thành bought the stall.', pii: ['Nguyễn Văn Thành'], keep: ['bought', 'stall'] },
    { text: 'The tutor is Zhang Xiuying.', pii: ['Zhang Xiuying'], keep: ['tutor'] },
    { text: 'Liu Yang and Chen Jiahao shared the award.', pii: ['Liu Yang', 'Chen Jiahao'], keep: ['award'] },
    { text: 'Adebayo Ogunlesi-Williams chairs the trust.', pii: ['Adebayo Ogunlesi-Williams'], keep: ['trust'] },
    { text: 'Venkataraman Subramanian retired in June.', pii: ['Venkataraman Subramanian'], keep: ['June'] },
    { text: 'Abdulrahman bin Saleh Al-Harbi will attend.', pii: ['Abdulrahman bin Saleh Al-Harbi'], keep: ['attend'] },
    { text: 'I met Chukwuebuka at the market.', pii: ['Chukwuebuka'], keep: ['met', 'market'] },
    { text: 'Trần Thị Mai teaches piano.', pii: ['Trần Thị Mai'], keep: ['teaches', 'piano'] },
    // traps
    { text: 'Da Nang and Hue are lovely in spring.', pii: [], keep: ['Hue', 'lovely', 'spring'] },
    { text: 'Huawei and Xiaomi shared the market.', pii: [], keep: ['Huawei', 'Xiaomi', 'market'] },
    { text: 'Tata Motors chairs the forum.', pii: [], keep: ['Tata', 'Motors', 'forum'] },
    { text: 'We met at Shenzhen North station.', pii: [], keep: ['North', 'station'] },
  ],
  uncommonVerbs: [
    { text: 'Thandeka repainted the fence on Saturday.', pii: ['Thandeka'], keep: ['repainted', 'fence'] },
    { text: 'Oyelaran kayaked across the lake.', pii: ['Oyelaran'], keep: ['kayaked', 'lake'] },
    { text: 'Dagny reshelved every book in the room.', pii: ['Dagny'], keep: ['reshelved', 'book'] },
    { text: 'Ifunanya babysits for the neighbours.', pii: ['Ifunanya'], keep: ['babysits', 'neighbours'] },
    { text: 'Torvald overslept again.', pii: ['Torvald'], keep: ['overslept'] },
    // traps
    { text: 'Compost enriched the soil.', pii: [], keep: ['Compost', 'enriched', 'soil'] },
    { text: 'Zoom throttled free calls.', pii: [], keep: ['Zoom', 'throttled'] },
    { text: 'Marketing reshuffled the team.', pii: [], keep: ['Marketing', 'reshuffled'] },
    { text: 'Frost blackened the leaves.', pii: [], keep: ['Frost', 'blackened', 'leaves'] },
  ],
  greetingsAndSignoffs: [
    { text: 'Good morning Dr Achebe,\nthe results are in.', pii: ['Achebe'], keep: ['Good', 'morning', 'results'] },
    { text: 'Hiya Fenella, long time!', pii: ['Fenella'], keep: ['Hiya', 'long'] },
    { text: 'Thanks again.\nYours sincerely,\nTadhg Ó Murchú', pii: ['Tadhg Ó Murchú'], keep: ['Yours', 'sincerely'] },
    { text: 'Many thanks,\nNnamdi (IT)', pii: ['Nnamdi'], keep: ['Many', 'IT'] },
    { text: 'Sent on behalf of Lwazi Mthembu', pii: ['Lwazi Mthembu'], keep: ['Sent', 'behalf'] },
    { text: 'See you then!\n— Aoife (she/her)', pii: ['Aoife'], keep: ['See'] },
    { text: 'Greetings Ekaterina, welcome aboard.', pii: ['Ekaterina'], keep: ['Greetings', 'welcome'] },
    // traps
    { text: 'Good morning Vietnam, the show begins.', pii: [], keep: ['Good', 'show'] },
    { text: 'Yours sincerely,\nThe Management', pii: [], keep: ['Yours', 'Management'] },
    { text: 'Sent on behalf of Payroll Services', pii: [], keep: ['Sent', 'Payroll', 'Services'] },
    { text: 'Many thanks,\nFront Desk', pii: [], keep: ['Many', 'Front', 'Desk'] },
  ],
  careOfAndAttention: [
    { text: 'c/o Adaeze Obi, 14 Mill Lane', pii: ['Adaeze Obi'], keep: [] },
    { text: 'Attn: Haruto Sato, Purchasing', pii: ['Haruto Sato'], keep: ['Attn', 'Purchasing'] },
    { text: 'ATTN: Mrs Ogunbanjo', pii: ['Ogunbanjo'], keep: ['ATTN'] },
    { text: 'FAO Siddharth Menon, Finance', pii: ['Siddharth Menon'], keep: ['FAO', 'Finance'] },
    { text: 'Attention: Ingrid Solberg', pii: ['Ingrid Solberg'], keep: ['Attention'] },
    // traps
    { text: 'c/o Reception, Grand Hotel', pii: [], keep: ['Reception', 'Grand', 'Hotel'] },
    { text: 'Attn: Billing Department', pii: [], keep: ['Attn', 'Billing', 'Department'] },
    { text: 'FAO Payroll, Head Office', pii: [], keep: ['FAO', 'Payroll', 'Head', 'Office'] },
    { text: 'Attention: Wet Floor', pii: [], keep: ['Attention', 'Wet', 'Floor'] },
  ],
  titlesWithoutPeriod: [
    { text: 'Dr Nkemelu will see you now.', pii: ['Nkemelu'], keep: ['see'] },
    { text: 'We thank Prof Wenzel-Brandt for the loan.', pii: ['Wenzel-Brandt'], keep: ['thank', 'loan'] },
    { text: 'Mr Dinh and Ms Tran are on leave.', pii: ['Dinh', 'Tran'], keep: ['leave'] },
    { text: 'Mrs Abiodun Fashola opened the fete.', pii: ['Abiodun Fashola'], keep: ['opened', 'fete'] },
    { text: 'Ask Dr Halvard Moe.', pii: ['Halvard Moe'], keep: ['Ask'] },
    // traps
    { text: 'I bought Dr Martens boots.', pii: [], keep: ['bought', 'boots'] },
    { text: 'A can of Dr Pepper, please.', pii: [], keep: ['can', 'please'] },
    { text: 'Mr Muscle cleans the oven.', pii: [], keep: ['cleans', 'oven'] },
  ],
  capsAndLowercase: [
    { text: 'MEETING WITH NGUYEN THI LAN AT 3PM', pii: ['NGUYEN THI LAN'], keep: ['MEETING'] },
    { text: 'PLEASE CALL ADEBAYO ABOUT THE KEYS', pii: ['ADEBAYO'], keep: ['PLEASE', 'KEYS'] },
    { text: 'NOTE FROM MAGDALENA: BINS GO OUT TONIGHT', pii: ['MAGDALENA'], keep: ['NOTE', 'BINS'] },
    { text: 'met with priyanka and rahul yesterday', pii: ['priyanka', 'rahul'], keep: ['met', 'yesterday'] },
    { text: "ask siobhan o'neill about the rota", pii: ["siobhan o'neill"], keep: ['ask', 'rota'] },
    { text: 'thanks so much, babajide!', pii: ['babajide'], keep: ['thanks', 'much'] },
    // traps
    { text: 'MEET AT THE LIBRARY AT 3PM', pii: [], keep: ['MEET', 'LIBRARY'] },
    { text: 'PLEASE CALL RECEPTION ABOUT THE KEYS', pii: [], keep: ['PLEASE', 'RECEPTION', 'KEYS'] },
    { text: 'NOTE FROM MANAGEMENT: BINS GO OUT TONIGHT', pii: [], keep: ['NOTE', 'MANAGEMENT', 'BINS'] },
    { text: 'met with marketing and sales yesterday', pii: [], keep: ['marketing', 'sales'] },
    { text: 'thanks so much, everybody!', pii: [], keep: ['thanks', 'everybody'] },
  ],
  possessives: [
    { text: 'Maria’s laptop broke on the train.', pii: ['Maria'], keep: ['laptop', 'train'] },
    { text: 'Chidubem’s sister runs a café.', pii: ['Chidubem'], keep: ['sister', 'café'] },
    { text: "We borrowed Thuy's bike.", pii: ['Thuy'], keep: ['borrowed', 'bike'] },
    { text: 'The car is Joaquín Ibarra’s.', pii: ['Joaquín Ibarra'], keep: ['car'] },
    // traps
    { text: 'McDonald’s raised its prices.', pii: [], keep: ['prices'] },
    { text: "We ate at Wendy's last night.", pii: [], keep: ['ate', 'night'] },
    { text: 'The Children’s Hospital opened a wing.', pii: [], keep: ['Hospital', 'wing'] },
    { text: 'Sainsbury’s stocks it.', pii: [], keep: ['stocks'] },
  ],
  vocatives: [
    { text: 'Thanks, Priya!', pii: ['Priya'], keep: ['Thanks'] },
    { text: 'Sorry, Ngozi, I forgot the cake.', pii: ['Ngozi'], keep: ['Sorry', 'forgot', 'cake'] },
    { text: 'Well done Kwame, that was brilliant.', pii: ['Kwame'], keep: ['Well', 'brilliant'] },
    { text: 'Happy birthday, Dervla!', pii: ['Dervla'], keep: ['Happy', 'birthday'] },
    { text: 'Good luck tomorrow, Bartholomew.', pii: ['Bartholomew'], keep: ['Good', 'luck'] },
    // traps
    { text: 'Thanks, Amazon!', pii: [], keep: ['Thanks', 'Amazon'] },
    { text: 'Sorry, folks, we are closed.', pii: [], keep: ['Sorry', 'folks', 'closed'] },
    { text: 'Happy birthday, Sweetheart!', pii: [], keep: ['Happy', 'Sweetheart'] },
    { text: 'Good luck tomorrow, Team.', pii: [], keep: ['Good', 'Team'] },
  ],
  reportingVerbs: [
    { text: '"That is untrue," countered Ndlovu.', pii: ['Ndlovu'], keep: ['untrue'] },
    { text: '“Fares will fall,” insisted Ramaswamy.', pii: ['Ramaswamy'], keep: ['Fares'] },
    { text: '"We disagree," replied Ó Briain.', pii: ['Ó Briain'], keep: ['disagree'] },
    // traps
    { text: '"Drivers are contractors," countered Uber.', pii: [], keep: ['Drivers', 'Uber'] },
    { text: '“Hosts set prices,” replied Airbnb.', pii: [], keep: ['Hosts', 'Airbnb'] },
    { text: '"No refunds," insisted Ryanair.', pii: [], keep: ['refunds', 'Ryanair'] },
    { text: '“It is safe,” maintained Boeing.', pii: [], keep: ['safe', 'Boeing'] },
  ],
};

/** A second batch, written after the rules of round 10 and scored once (`--after`). */
export const PERSON_ROUND10_AFTER = {
  markersAndSources: [
    { text: 'Questions go to Rowan Achterberg (he/him).', pii: ['Rowan Achterberg'], keep: ['Questions'] },
    { text: 'Ines Baptista (née Correia) hosted us.', pii: ['Ines Baptista', 'Correia'], keep: ['hosted'] },
    { text: 'According to Temitope, the bus was late.', pii: ['Temitope'], keep: ['bus', 'late'] },
    { text: 'per Wojciechowski’s memo, fees rise in May', pii: ['Wojciechowski'], keep: ['memo', 'fees'] },
    // traps
    { text: 'According to Statista, sales doubled.', pii: [], keep: ['Statista', 'sales'] },
    { text: 'Per Bloomberg, the deal is off.', pii: [], keep: ['Bloomberg', 'deal'] },
    { text: 'The form (he/she) is optional.', pii: [], keep: ['form', 'optional'] },
  ],
  openingsAndDates: [
    { text: 'Siddhartha wallpapered the hallway.', pii: ['Siddhartha'], keep: ['wallpapered', 'hallway'] },
    { text: 'On Friday Nokuthula photographed the eclipse.', pii: ['Nokuthula'], keep: ['Friday', 'eclipse'] },
    { text: '3 June – Kazimierz landed in Oslo.', pii: ['Kazimierz'], keep: ['June', 'landed'] },
    { text: 'Yesterday Anneliese vacuumed the car.', pii: ['Anneliese'], keep: ['vacuumed', 'car'] },
    // traps
    { text: 'Netflix cancelled the show.', pii: [], keep: ['Netflix', 'cancelled', 'show'] },
    { text: 'On 4 July Walmart reduced prices.', pii: [], keep: ['July', 'Walmart', 'prices'] },
    { text: 'Thunder rattled the windows.', pii: [], keep: ['Thunder', 'rattled', 'windows'] },
  ],
  greetingsTitlesAndLists: [
    { text: 'Howdy Ebenezer, the cows are out.', pii: ['Ebenezer'], keep: ['Howdy', 'cows'] },
    { text: 'Mr Okafor and Ms Nguyen signed.', pii: ['Okafor', 'Nguyen'], keep: ['signed'] },
    { text: 'Dr Sloan and Prof Kaur will chair.', pii: ['Sloan', 'Kaur'], keep: ['chair'] },
    // traps
    { text: 'Greetings from Lisbon and Porto!', pii: [], keep: ['Greetings'] },
    { text: 'Howdy Partner is a saloon.', pii: [], keep: ['saloon'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const r = await scoreShapeGroups(
    process.argv.includes('--after') ? PERSON_ROUND10_AFTER : PERSON_ROUND10_SHAPES,
    redact,
  );
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
