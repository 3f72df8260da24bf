// A fresh check set for PERSON recall (issue 26, round 9), written BEFORE any rule of this round, in shapes the other
// sets (the labelled set, heldOutShapes.mjs, newShapes.mjs, weakSpotShapes.mjs, personShapes.mjs,
// personCheckShapes.mjs, personFreshShapes.mjs, personRound8Shapes.mjs) do not cover: appositions on either side of a
// name, names as subjects of verbs people do in other tenses and forms, an age after a name, attributions after a
// quotation, bylines and credits, initials, double and hyphenated surnames, names in fields and tables, and given
// names that are everyday words or brands in clearly personal places. Every group carries traps of the same shape
// (brands, things, places, everyday words) that must stay readable. `pii` must be gone, `keep` must stay.
// `PERSON_ROUND9_AFTER` is a second batch written after the rules and scored once (`--after`).
// Run: node benchmarks/pii/personRound9Shapes.mjs [--misses] [--after]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND9_SHAPES = {
  appositions: [
    { text: 'Teodora, a retired nurse, said the clinic had closed.', pii: ['Teodora'], keep: ['retired', 'clinic'] },
    { text: 'My neighbour, Ximena, lent us a ladder.', pii: ['Ximena'], keep: ['neighbour', 'ladder'] },
    { text: 'The treasurer, Obiageli Nwankwo, resigned in March.', pii: ['Obiageli Nwankwo'], keep: ['treasurer'] },
    { text: 'Our landlady, Mrs Pettigrew, fixed the boiler.', pii: ['Pettigrew'], keep: ['landlady', 'boiler'] },
    { text: 'Radek Havlíček, the school’s caretaker, found the keys.', pii: ['Radek Havlíček'], keep: ['keys'] },
    { text: 'I asked my cousin, Leilani, to drive.', pii: ['Leilani'], keep: ['cousin', 'drive'] },
    // traps
    { text: 'Lisbon, a city of hills, was our first stop.', pii: [], keep: ['Lisbon', 'hills', 'stop'] },
    { text: 'Our favourite tool, Notion, crashed twice.', pii: [], keep: ['Notion', 'crashed'] },
    { text: 'The winner, Team Blue, gets a trophy.', pii: [], keep: ['Team', 'Blue', 'trophy'] },
    { text: 'Rust, a systems language, is popular.', pii: [], keep: ['Rust', 'systems', 'popular'] },
  ],
  personVerbs: [
    { text: 'Zdenka smiled and waved from the door.', pii: ['Zdenka'], keep: ['smiled', 'door'] },
    { text: 'Afolabi has written to me twice.', pii: ['Afolabi'], keep: ['written', 'twice'] },
    { text: 'Gwenllian was born in a small village.', pii: ['Gwenllian'], keep: ['born', 'village'] },
    { text: 'Yesterday Tarquin apologised for the mess.', pii: ['Tarquin'], keep: ['Yesterday', 'mess'] },
    { text: 'Mehmet is laughing at the photos.', pii: ['Mehmet'], keep: ['laughing', 'photos'] },
    { text: 'Eulalia will sing at the wedding.', pii: ['Eulalia'], keep: ['sing', 'wedding'] },
    { text: 'When Ruairí retired, he moved to the coast.', pii: ['Ruairí'], keep: ['retired', 'coast'] },
    { text: 'Sunniva had married young.', pii: ['Sunniva'], keep: ['married', 'young'] },
    // traps
    { text: 'Netflix wrote to me about the price rise.', pii: [], keep: ['Netflix', 'price'] },
    { text: 'Everyone smiled at the joke.', pii: [], keep: ['Everyone', 'joke'] },
    { text: 'Nobody was born here after 1990.', pii: [], keep: ['Nobody', 'born'] },
    { text: 'Fortune smiled on the brave.', pii: [], keep: ['Fortune', 'brave'] },
  ],
  ages: [
    { text: 'Marisol Quintero, 34, works nights at the depot.', pii: ['Marisol Quintero'], keep: ['works', 'depot'] },
    { text: 'Kwabena, 61, still runs every morning.', pii: ['Kwabena'], keep: ['runs', 'morning'] },
    { text: 'The victim, Ilkka Salonen, 29, was unhurt.', pii: ['Ilkka Salonen'], keep: ['victim', 'unhurt'] },
    { text: 'Aged 47, Desislava opened her own bakery.', pii: ['Desislava'], keep: ['Aged', 'bakery'] },
    // traps
    { text: 'Windows 11, 2023, brought new widgets.', pii: [], keep: ['Windows', 'widgets'] },
    { text: 'Apples, 12, and Pears, 8, were left.', pii: [], keep: ['Apples', 'Pears'] },
    { text: 'Chapter 7, 34, covers taxes.', pii: [], keep: ['Chapter', 'taxes'] },
  ],
  attributions: [
    { text: '“We will rebuild,” Chukwuemeka added.', pii: ['Chukwuemeka'], keep: ['rebuild'] },
    { text: '"It was a mistake," noted Ferreira-Lopes.', pii: ['Ferreira-Lopes'], keep: ['mistake'] },
    { text: '“Too late now,” Halloran muttered.', pii: ['Halloran'], keep: ['late'] },
    { text: '"Not this year," Ama Serwaa replied, shaking her head.', pii: ['Ama Serwaa'], keep: ['shaking'] },
    { text: '“Go on,” urged Priyamvada.', pii: ['Priyamvada'], keep: ['Go'] },
    // traps
    { text: '“Sold out,” the website noted.', pii: [], keep: ['Sold', 'website'] },
    { text: '"Update now," Microsoft added.', pii: [], keep: ['Update', 'Microsoft'] },
    { text: '“Closed,” read the Sign.', pii: [], keep: ['Closed', 'Sign'] },
  ],
  bylines: [
    { text: 'Photo: Amarachi Eze', pii: ['Amarachi Eze'], keep: ['Photo'] },
    { text: 'Reporting by Lisbet Aaland; editing by Tomasz Grek', pii: ['Lisbet Aaland', 'Tomasz Grek'], keep: [] },
    {
      text: 'Words by Saoirse Mac Giolla\nPhotography by Kenji Ōtani',
      pii: ['Saoirse Mac Giolla', 'Kenji Ōtani'],
      keep: [],
    },
    { text: 'Illustration: Bartek Nowicki for The Post', pii: ['Bartek Nowicki'], keep: ['Illustration', 'Post'] },
    { text: 'Written by hollis fairweather', pii: ['hollis fairweather'], keep: ['Written'] },
    // traps
    { text: 'Photo: Getty Images', pii: [], keep: ['Photo', 'Getty', 'Images'] },
    { text: 'Reporting by Reuters; editing by Staff', pii: [], keep: ['Reuters', 'Staff'] },
    { text: 'Image: Shutterstock', pii: [], keep: ['Image', 'Shutterstock'] },
    { text: 'Written by Hand, a studio in Oslo', pii: [], keep: ['Hand', 'studio'] },
  ],
  initials: [
    { text: 'The report was signed by J. R. Okonjo.', pii: ['J. R. Okonjo'], keep: ['report', 'signed'] },
    { text: 'A.K. Ramanujan taught there for years.', pii: ['A.K. Ramanujan'], keep: ['taught', 'years'] },
    { text: 'Ask M. Delacroix-Tuvalu at the desk.', pii: ['M. Delacroix-Tuvalu'], keep: ['desk'] },
    { text: 'Prof. K. V. Subrahmanyam will chair the panel.', pii: ['K. V. Subrahmanyam'], keep: ['chair', 'panel'] },
    { text: 'Contact: E. Lindqvist-Aho', pii: ['E. Lindqvist-Aho'], keep: ['Contact'] },
    // traps
    { text: 'The U.S. Army built the road.', pii: [], keep: ['Army', 'road'] },
    { text: 'P.S. Call me later.', pii: [], keep: ['Call', 'later'] },
    { text: 'See D.C. Comics for details.', pii: [], keep: ['Comics', 'details'] },
  ],
  doubleSurnames: [
    {
      text: 'María Fernanda Ochoa Villalobos won the prize.',
      pii: ['María Fernanda Ochoa Villalobos'],
      keep: ['prize'],
    },
    { text: 'Kwame Mensah-Bonsu leads the choir.', pii: ['Kwame Mensah-Bonsu'], keep: ['leads', 'choir'] },
    { text: 'The tenant is Inês Carvalho Pimentel.', pii: ['Inês Carvalho Pimentel'], keep: ['tenant'] },
    { text: 'Ask for Hollis Pryce-Jones at reception.', pii: ['Hollis Pryce-Jones'], keep: ['reception'] },
    // traps
    { text: 'The Rolls-Royce engine failed.', pii: [], keep: ['engine', 'failed'] },
    { text: 'Coca-Cola Hellenic raised prices.', pii: [], keep: ['Hellenic', 'prices'] },
    { text: 'Buenos Aires Province voted on Sunday.', pii: [], keep: ['Province', 'voted'] },
  ],
  fields: [
    { text: 'Name: yaw boateng\nPhone: ask at desk', pii: ['yaw boateng'], keep: ['Phone', 'desk'] },
    { text: 'Full name: Oriane Duchêne-Marsac', pii: ['Oriane Duchêne-Marsac'], keep: ['Full'] },
    { text: 'Contact person: Oluwaseun Bakare', pii: ['Oluwaseun Bakare'], keep: ['Contact'] },
    { text: '| Name | Role |\n|---|---|\n| Tiago Mendes | Chair |', pii: ['Tiago Mendes'], keep: ['Role', 'Chair'] },
    { text: 'Emergency contact - Farida Haddad (sister)', pii: ['Farida Haddad'], keep: ['Emergency', 'sister'] },
    // traps
    { text: 'Name: Premium Plan\nPrice: 12 EUR', pii: [], keep: ['Premium', 'Plan', 'Price'] },
    { text: 'Product name: Galaxy Note', pii: [], keep: ['Galaxy', 'Note'] },
    { text: '| Name | Type |\n|---|---|\n| Cedar Lodge | Cabin |', pii: [], keep: ['Type', 'Cabin'] },
  ],
  wordNames: [
    { text: 'Our nanny, Joy, starts on Monday.', pii: ['Joy'], keep: ['nanny', 'Monday'] },
    { text: 'I texted Hope about dinner.', pii: ['Hope'], keep: ['texted', 'dinner'] },
    { text: 'Mercedes called me back within an hour.', pii: ['Mercedes'], keep: ['called', 'hour'] },
    { text: 'My daughter Summer turns six next week.', pii: ['Summer'], keep: ['daughter', 'week'] },
    { text: 'Brooks, 52, coaches the under-tens.', pii: ['Brooks'], keep: ['coaches'] },
    { text: 'Grandad Rain tells the best stories.', pii: ['Rain'], keep: ['Grandad', 'stories'] },
    // traps
    { text: 'Hey Siri, what is the weather?', pii: [], keep: ['Siri', 'weather'] },
    { text: 'Tesla paid no dividend this year.', pii: [], keep: ['Tesla', 'dividend'] },
    { text: 'Hope is not a strategy.', pii: [], keep: ['Hope', 'strategy'] },
    { text: 'Joy spread through the crowd.', pii: [], keep: ['Joy', 'crowd'] },
    { text: 'Rain fell all night.', pii: [], keep: ['Rain', 'night'] },
  ],
};

/** A second batch, written after the rules of round 9 and scored once (`--after`). */
export const PERSON_ROUND9_AFTER = {
  attributions: [
    { text: '“Not again,” sighed Wilhelmina.', pii: ['Wilhelmina'], keep: ['again'] },
    { text: '"Keep going," Oyelowo shouted from the bank.', pii: ['Oyelowo'], keep: ['going', 'bank'] },
    { text: '“It’s fine,” Brígida murmured.', pii: ['Brígida'], keep: ['fine'] },
    { text: '"We tried," conceded Haraldsen, looking tired.', pii: ['Haraldsen'], keep: ['tried', 'looking'] },
    // traps
    { text: '"Delayed," the board showed.', pii: [], keep: ['Delayed', 'board'] },
    { text: '“No comment,” Reuters reported.', pii: [], keep: ['comment', 'Reuters'] },
    { text: '"Buy now," Samsung urged.', pii: [], keep: ['Buy', 'Samsung'] },
  ],
  ages: [
    { text: 'Thulani Dube, 58, retired last year.', pii: ['Thulani Dube'], keep: ['retired'] },
    { text: 'Ivy, 7, drew the picture.', pii: ['Ivy'], keep: ['drew', 'picture'] },
    { text: 'Aged 19, Lorcan left home.', pii: ['Lorcan'], keep: ['Aged', 'home'] },
    // traps
    { text: 'Route 66, 1926, opened to traffic.', pii: [], keep: ['Route', 'traffic'] },
    { text: 'Milk, 2, and Eggs, 12, are on the list.', pii: [], keep: ['Milk', 'Eggs', 'list'] },
  ],
  initials: [
    { text: 'C.S. Adeyemi chaired the inquiry.', pii: ['C.S. Adeyemi'], keep: ['inquiry'] },
    { text: 'Letters to R.J. Whitcombe, please.', pii: ['R.J. Whitcombe'], keep: ['Letters'] },
    // traps
    { text: 'The U.N. Assembly met today.', pii: [], keep: ['Assembly', 'today'] },
    { text: 'Try the B.L.T. Sandwich.', pii: [], keep: ['Sandwich'] },
  ],
  fieldsAndTitles: [
    { text: 'Name: wanjiru kamau', pii: ['wanjiru kamau'], keep: [] },
    { text: 'Granny Esperanza baked bread.', pii: ['Esperanza'], keep: ['Granny', 'bread'] },
    { text: 'Speaker: Dr Anoushka Patil-Rao', pii: ['Anoushka Patil-Rao'], keep: ['Speaker'] },
    // traps
    { text: 'File name: Annual Report', pii: [], keep: ['Annual', 'Report'] },
    { text: 'Name: Standard Room\nRate: 90 EUR', pii: [], keep: ['Standard', 'Room', 'Rate'] },
    { text: 'Weight: 12 kg', pii: [], keep: ['Weight'] },
  ],
  appositionsAndCredits: [
    { text: 'Our plumber, Gethin, came at eight.', pii: ['Gethin'], keep: ['plumber', 'eight'] },
    { text: 'Photo: Yevgenia Sorokina / Studio Nord', pii: ['Yevgenia Sorokina'], keep: ['Photo', 'Studio'] },
    { text: 'Interview by Bongani Khumalo', pii: ['Bongani Khumalo'], keep: ['Interview'] },
    // traps
    { text: 'Our sponsor, Heineken, paid for drinks.', pii: [], keep: ['sponsor', 'Heineken', 'drinks'] },
    { text: 'Photo: Unsplash', pii: [], keep: ['Photo', 'Unsplash'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const r = await scoreShapeGroups(
    process.argv.includes('--after') ? PERSON_ROUND9_AFTER : PERSON_ROUND9_SHAPES,
    redact,
  );
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
