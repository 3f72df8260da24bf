// A fresh check set for PERSON recall (issue 26, round 8), written BEFORE any rule of this round, in shapes the other
// sets (the labelled set, heldOutShapes.mjs, newShapes.mjs, weakSpotShapes.mjs, personShapes.mjs,
// personCheckShapes.mjs, personFreshShapes.mjs) do not use in these words: letter openings and closings, verbs of
// communication, cc lines, possessives, names in parentheses, apostrophes and hyphens, particles, given names of many
// languages alone as subjects, lists of three, academic and other titles, ALL-CAPS and lowercase text. Every group
// carries traps (capitalised common nouns, products, places) that must stay readable. `pii` must be gone, `keep`
// must stay. `PERSON_ROUND8_AFTER` is a second batch written after the rules and scored once (`--after`),
// `PERSON_ROUND8_THIRD` a third one after the last rule (`--third`).
// Run: node benchmarks/pii/personRound8Shapes.mjs [--misses] [--after | --third]
import { redactPII } from '@scrape/core';
import { printShapeGroups, scoreShapeGroups } from './scoreShapes.mjs';
import { totals } from './personCheckShapes.mjs';

export const PERSON_ROUND8_SHAPES = {
  greetings: [
    { text: 'Dear Dr Oyebanji,\n\nthank you for the referral.', pii: ['Oyebanji'], keep: ['referral'] },
    { text: 'Dear Prof. Halvorsen, please find my thesis attached.', pii: ['Halvorsen'], keep: ['thesis'] },
    { text: 'Hey Lucía — are we still on for lunch?', pii: ['Lucía'], keep: ['still', 'lunch'] },
    { text: 'Morning Bronagh! The parcel came.', pii: ['Bronagh'], keep: ['Morning', 'parcel'] },
    { text: 'Dear Ms. Achterberg and Mr. Vlahos,', pii: ['Achterberg', 'Vlahos'], keep: [] },
    // traps
    { text: 'Dear Customer, your order has shipped.', pii: [], keep: ['Customer', 'order'] },
    { text: 'Dear Hiring Manager, I am applying for the role.', pii: [], keep: ['Hiring', 'Manager', 'role'] },
    { text: 'Hey Siri, set a timer.', pii: [], keep: ['Siri', 'timer'] },
    { text: 'Hello World is the first program.', pii: [], keep: ['Hello', 'World', 'program'] },
  ],
  signOffs: [
    { text: 'Let me know what you think.\n\nBest,\nGiedrė', pii: ['Giedrė'], keep: ['think'] },
    { text: 'Talk soon.\nCheers, Hamish', pii: ['Hamish'], keep: ['Talk', 'soon'] },
    { text: 'Kind regards,\nDr. Benedikt Szabo\nClinic Manager', pii: ['Benedikt Szabo'], keep: ['Clinic'] },
    { text: 'Thanks!\n– Yusuf', pii: ['Yusuf'], keep: ['Thanks'] },
    { text: 'Best wishes, Anneke and Joost', pii: ['Anneke', 'Joost'], keep: ['wishes'] },
    // traps
    { text: 'Best,\nThe Billing Team', pii: [], keep: ['Billing', 'Team'] },
    { text: 'Cheers,\nAccounts Payable', pii: [], keep: ['Accounts', 'Payable'] },
    { text: 'Thanks!\n– Sent from my iPhone', pii: [], keep: ['Sent', 'iPhone'] },
  ],
  communication: [
    { text: 'I told Ignacio the meeting had moved.', pii: ['Ignacio'], keep: ['meeting', 'moved'] },
    { text: 'She asked Morwenna to check the figures.', pii: ['Morwenna'], keep: ['check', 'figures'] },
    { text: 'Please cc Dariusz Wróbel on the reply.', pii: ['Dariusz Wróbel'], keep: ['reply'] },
    { text: 'cc: Thandiwe Nkosi, Legal', pii: ['Thandiwe Nkosi'], keep: ['Legal'] },
    { text: 'Have you emailed Oisín about the invoice?', pii: ['Oisín'], keep: ['invoice'] },
    { text: 'I messaged Kaito last night but he is offline.', pii: ['Kaito'], keep: ['offline'] },
    { text: 'We should loop in Esperanza before Friday.', pii: ['Esperanza'], keep: ['loop', 'Friday'] },
    { text: 'He called Radomiła twice and left a voicemail.', pii: ['Radomiła'], keep: ['voicemail'] },
    // traps
    { text: 'I told Alexa to turn off the lights.', pii: [], keep: ['Alexa', 'lights'] },
    { text: 'She asked Google for directions.', pii: [], keep: ['Google', 'directions'] },
    { text: 'Please cc Finance on the reply.', pii: [], keep: ['Finance', 'reply'] },
    { text: 'We messaged Support twice.', pii: [], keep: ['Support', 'twice'] },
  ],
  possessives: [
    { text: 'We spent the weekend at Tamsin’s cottage.', pii: ['Tamsin'], keep: ['weekend', 'cottage'] },
    { text: "Leaving Rajesh's number here in case.", pii: ['Rajesh'], keep: ['number'] },
    { text: 'The photos are from Ingrid Halvorsen’s wedding.', pii: ['Ingrid Halvorsen'], keep: ['photos', 'wedding'] },
    { text: "Was it Dmitri's idea or yours?", pii: ['Dmitri'], keep: ['idea'] },
    // traps
    { text: "Amazon's delivery was late again.", pii: [], keep: ['Amazon', 'delivery'] },
    { text: 'London’s parks are busy in June.', pii: [], keep: ['London', 'parks'] },
    { text: "Mother's Day is on Sunday.", pii: [], keep: ['Mother', 'Day', 'Sunday'] },
  ],
  parentheses: [
    { text: 'The second reviewer (Anika Pfeiffer) asked for more data.', pii: ['Anika Pfeiffer'], keep: ['data'] },
    { text: 'Our host (Tendai) showed us round the farm.', pii: ['Tendai'], keep: ['host', 'farm'] },
    { text: 'Room bookings go through reception (ask for Mireille).', pii: ['Mireille'], keep: ['reception'] },
    { text: 'Transcribed by a volunteer (Ó Súilleabháin).', pii: ['Ó Súilleabháin'], keep: ['volunteer'] },
    // traps
    { text: 'The charger (USB-C) is sold separately.', pii: [], keep: ['charger', 'sold'] },
    { text: 'Meet at the station (Platform Nine) at noon.', pii: [], keep: ['Platform', 'Nine', 'noon'] },
    { text: 'The app (Android only) is free.', pii: [], keep: ['Android', 'free'] },
  ],
  apostrophesHyphens: [
    { text: 'Siobhan O’Neil chairs the board this year.', pii: ['Siobhan O’Neil'], keep: ['chairs', 'board'] },
    { text: "The award went to Darnell D'Souza.", pii: ["Darnell D'Souza"], keep: ['award'] },
    { text: 'Jean-Luc drove us to the airport.', pii: ['Jean-Luc'], keep: ['drove', 'airport'] },
    { text: 'Ask Anna-Lena Björk-Sørensen about the grant.', pii: ['Anna-Lena Björk-Sørensen'], keep: ['grant'] },
    { text: "Our guide was N'Golo, a retired teacher.", pii: ["N'Golo"], keep: ['guide', 'teacher'] },
    // traps
    { text: "McDonald's opened a branch on the corner.", pii: [], keep: ['branch', 'corner'] },
    { text: 'The Wi-Fi password is on the fridge.', pii: [], keep: ['Wi', 'Fi', 'password', 'fridge'] },
    { text: 'We ate at a Tex-Mex place near Baden-Baden.', pii: [], keep: ['Tex', 'Mex', 'place'] },
  ],
  particles: [
    { text: 'The report was written by Femke van der Linden.', pii: ['Femke van der Linden'], keep: ['report'] },
    { text: 'Invite Carmen de la Fuente to the call.', pii: ['Carmen de la Fuente'], keep: ['call'] },
    { text: 'Konstantin von Falkenhausen donated the land.', pii: ['Konstantin von Falkenhausen'], keep: ['land'] },
    { text: 'Yasmin al-Rashid leads the audit team.', pii: ['Yasmin al-Rashid'], keep: ['audit', 'team'] },
    { text: 'Notes from Luca di Stefano are attached.', pii: ['Luca di Stefano'], keep: ['Notes', 'attached'] },
    // traps
    { text: 'We walked along the Rio de la Plata.', pii: [], keep: ['walked'] },
    { text: 'The Musée du Louvre opens at nine.', pii: [], keep: ['opens', 'nine'] },
    { text: 'Take the train to Castel di Sangro.', pii: [], keep: ['train'] },
  ],
  givenNameSubjects: [
    { text: 'Nkechi forgot her passport at home.', pii: ['Nkechi'], keep: ['forgot', 'passport'] },
    { text: 'Tuesday morning Bjørn fixed the printer.', pii: ['Bjørn'], keep: ['Tuesday', 'printer'] },
    { text: 'Xiulan speaks four languages.', pii: ['Xiulan'], keep: ['speaks', 'languages'] },
    { text: 'In the end Mehmet paid for everyone.', pii: ['Mehmet'], keep: ['paid', 'everyone'] },
    { text: 'Anahera sings in the choir on Sundays.', pii: ['Anahera'], keep: ['sings', 'choir'] },
    { text: 'Today Paulo cooked dinner for us.', pii: ['Paulo'], keep: ['cooked', 'dinner'] },
    // traps
    { text: 'Shopify charges a monthly fee.', pii: [], keep: ['Shopify', 'monthly'] },
    { text: 'Tuesday morning Maintenance fixed the lift.', pii: [], keep: ['Maintenance', 'lift'] },
    { text: 'In the end Tesla paid the fine.', pii: [], keep: ['Tesla', 'fine'] },
    { text: 'Marketing sings the praises of the new logo.', pii: [], keep: ['Marketing', 'logo'] },
  ],
  listsOfThree: [
    { text: 'Gifts from Asha, Bilal and Corinna arrived.', pii: ['Asha', 'Bilal', 'Corinna'], keep: ['Gifts'] },
    {
      text: 'Winners: Zoltán Kiss, Ama Serwaa and Rhys Pritchard.',
      pii: ['Zoltán Kiss', 'Ama Serwaa', 'Rhys Pritchard'],
      keep: ['Winners'],
    },
    { text: 'I invited Priya, Kenji, and Amara to dinner.', pii: ['Priya', 'Kenji', 'Amara'], keep: ['dinner'] },
    // traps
    { text: 'We visited Rome, Florence and Venice.', pii: [], keep: ['visited'] },
    { text: 'Choose Basic, Plus or Premium.', pii: [], keep: ['Basic', 'Plus', 'Premium'] },
    { text: 'Works with Chrome, Safari and Edge.', pii: [], keep: ['Chrome', 'Safari', 'Edge'] },
  ],
  titles: [
    { text: 'Prof. Adeyinka will open the symposium.', pii: ['Adeyinka'], keep: ['symposium'] },
    { text: 'Sister Perpetua ran the school for years.', pii: ['Perpetua'], keep: ['school'] },
    { text: 'Coach Ramírez benched two players.', pii: ['Ramírez'], keep: ['benched', 'players'] },
    { text: 'Councillor Mbeki voted against the plan.', pii: ['Mbeki'], keep: ['voted', 'plan'] },
    { text: 'The talk by Assoc. Prof. Liesl Brandauer was cancelled.', pii: ['Liesl Brandauer'], keep: ['talk'] },
    // traps
    { text: 'Prof. Development Day is next week.', pii: [], keep: ['Development', 'Day'] },
    { text: 'Coach Class seats are narrow.', pii: [], keep: ['Class', 'seats'] },
    { text: 'Sister City programme with Kyoto.', pii: [], keep: ['City', 'programme'] },
  ],
  allCaps: [
    { text: 'DEAR MRS OKONJO, YOUR PARCEL IS READY', pii: ['OKONJO'], keep: ['PARCEL', 'READY'] },
    { text: 'CALL ME BACK - TOMASZ', pii: ['TOMASZ'], keep: ['CALL', 'BACK'] },
    { text: 'THANK YOU FRIEDERIKE FOR ALL YOUR HELP', pii: ['FRIEDERIKE'], keep: ['THANK', 'HELP'] },
    { text: 'FROM: HALIMA YUSUF\nSUBJECT: ROTA', pii: ['HALIMA YUSUF'], keep: ['SUBJECT', 'ROTA'] },
    // traps
    { text: 'DEAR VALUED CUSTOMER, THANK YOU', pii: [], keep: ['VALUED', 'CUSTOMER', 'THANK'] },
    { text: 'CALL NOW - OFFER ENDS SOON', pii: [], keep: ['CALL', 'OFFER', 'ENDS'] },
    { text: 'FROM: HEAD OFFICE\nSUBJECT: HOLIDAYS', pii: [], keep: ['HEAD', 'OFFICE', 'HOLIDAYS'] },
  ],
  lowercase: [
    { text: 'told femi the car is ready', pii: ['femi'], keep: ['car', 'ready'] },
    { text: 'cheers, hamza', pii: ['hamza'], keep: ['cheers'] },
    { text: 'asked dorota and wojtek, both said yes', pii: ['dorota', 'wojtek'], keep: ['asked', 'said'] },
    { text: 'hi mariana, the link is below', pii: ['mariana'], keep: ['link'] },
    { text: "at siddiqui's place till late", pii: ['siddiqui'], keep: ['place', 'late'] },
    // traps
    { text: 'told them the car is ready', pii: [], keep: ['told', 'car'] },
    { text: 'cheers, mate', pii: [], keep: ['cheers', 'mate'] },
    { text: 'hi team, the link is below', pii: [], keep: ['team', 'link'] },
  ],
};

/**
 * A second batch, written AFTER round 8's rules and never tuned on: the same general shapes in other words, to
 * estimate how the rules generalise (scored once, base against new).
 */
export const PERSON_ROUND8_AFTER = {
  letters: [
    { text: 'Dear Mx. Okwuosa, your appointment is confirmed.', pii: ['Okwuosa'], keep: ['appointment'] },
    { text: 'Hi Radka — quick question about the rota.', pii: ['Radka'], keep: ['question', 'rota'] },
    { text: 'See you Thursday.\nWarm regards,\nIfeoluwa Balogun', pii: ['Ifeoluwa Balogun'], keep: ['Thursday'] },
    { text: 'Dear Valued Member, renew today.', pii: [], keep: ['Valued', 'Member', 'renew'] },
    { text: 'Regards,\nCustomer Care', pii: [], keep: ['Customer', 'Care'] },
  ],
  communication: [
    { text: 'Could you email Wojciech the slides tonight?', pii: ['Wojciech'], keep: ['slides', 'tonight'] },
    { text: 'I pinged Aroha on the team chat.', pii: ['Aroha'], keep: ['team', 'chat'] },
    { text: 'Please bcc Ngaire Tipene on the invite.', pii: ['Ngaire Tipene'], keep: ['invite'] },
    { text: 'He told Szymon nothing about it.', pii: ['Szymon'], keep: ['nothing'] },
    { text: 'Can you email Procurement the quote?', pii: [], keep: ['Procurement', 'quote'] },
    { text: 'We asked Spotify for a refund.', pii: [], keep: ['Spotify', 'refund'] },
  ],
  roles: [
    { text: 'Our driver (Kofi) waited outside the hotel.', pii: ['Kofi'], keep: ['driver', 'hotel'] },
    { text: 'The midwife, Oonagh, stayed all night.', pii: ['Oonagh'], keep: ['midwife', 'night'] },
    { text: 'My landlord (Mr Przybylski) never answers.', pii: ['Przybylski'], keep: ['landlord', 'answers'] },
    { text: 'The photographer, Ximena Quispe, sent the proofs.', pii: ['Ximena Quispe'], keep: ['proofs'] },
    { text: 'Our router (Netgear) keeps dropping out.', pii: [], keep: ['router', 'Netgear'] },
    { text: 'The venue (Tate Modern) is closed on Mondays.', pii: [], keep: ['venue', 'Mondays'] },
  ],
  particlesAndPrefixes: [
    { text: 'Omar el-Amin signed the lease.', pii: ['Omar el-Amin'], keep: ['signed', 'lease'] },
    { text: 'A letter came from Máire Ní Dhomhnaill.', pii: ['Máire Ní Dhomhnaill'], keep: ['letter'] },
    { text: 'Sander van den Broek chairs the jury.', pii: ['Sander van den Broek'], keep: ['chairs', 'jury'] },
    { text: 'We flew over the Costa del Sol.', pii: [], keep: ['flew'] },
  ],
  titles: [
    { text: 'Minister Fonseca opened the new bridge.', pii: ['Fonseca'], keep: ['opened', 'bridge'] },
    { text: 'Rabbi Edelstein led the service.', pii: ['Edelstein'], keep: ['led', 'service'] },
    { text: 'Dr. Registration Desk is on level two.', pii: [], keep: ['Registration', 'Desk'] },
    { text: 'Inspector Lestrade-Okoro took notes.', pii: ['Lestrade-Okoro'], keep: ['took', 'notes'] },
  ],
  lowercase: [
    { text: 'thanks, ayesha', pii: ['ayesha'], keep: ['thanks'] },
    { text: 'emailed tomasz the invoice already', pii: ['tomasz'], keep: ['invoice'] },
    { text: "crashing at bongani's place tonight", pii: ['bongani'], keep: ['place', 'tonight'] },
    { text: 'thanks, everyone', pii: [], keep: ['thanks', 'everyone'] },
  ],
  capitalsAndLists: [
    { text: 'CC: MARIANA OYELARAN', pii: ['MARIANA OYELARAN'], keep: [] },
    { text: 'Thanks to Ilse, Chinedu and Paavo for the help.', pii: ['Ilse', 'Chinedu', 'Paavo'], keep: ['help'] },
    { text: 'Available in Small, Regular and Family sizes.', pii: [], keep: ['Small', 'Regular', 'Family'] },
  ],
};

/**
 * A third batch, written after the last rule of round 8 (several words no list knows as the object of a person's
 * verb, which the second batch showed missing) and scored once (`--third`).
 */
export const PERSON_ROUND8_THIRD = {
  unknownObjects: [
    { text: 'We hired Oyewale Adesanya last spring.', pii: ['Oyewale Adesanya'], keep: ['hired', 'spring'] },
    { text: 'Thank Kaimana Kealoha for the flowers.', pii: ['Kaimana Kealoha'], keep: ['flowers'] },
    { text: 'She warned Iolo Prydderch twice.', pii: ['Iolo Prydderch'], keep: ['warned', 'twice'] },
    { text: 'They interviewed Mpho Tau for the job.', pii: ['Mpho Tau'], keep: ['job'] },
    { text: 'I texted Chiamaka Obi-Nwosu the address.', pii: ['Chiamaka Obi-Nwosu'], keep: ['address'] },
    { text: 'Remind Tjaša Zupančič about the rent.', pii: ['Tjaša Zupančič'], keep: ['rent'] },
    // traps
    { text: 'They hired Wipro Infotech to build it.', pii: [], keep: ['Wipro', 'Infotech', 'build'] },
    { text: 'We thanked Kaiser Permanente for the grant.', pii: [], keep: ['Kaiser', 'Permanente', 'grant'] },
    { text: 'I texted Zelle Support about it.', pii: [], keep: ['Zelle', 'Support'] },
    { text: 'We invited Salesforce Trailhead users.', pii: [], keep: ['Salesforce', 'Trailhead', 'users'] },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const redact = async (t) => (await redactPII(t, { mode: 'accurate', replaceStyle: 'mask' })).text;
  const sets = process.argv.includes('--third')
    ? PERSON_ROUND8_THIRD
    : process.argv.includes('--after')
      ? PERSON_ROUND8_AFTER
      : PERSON_ROUND8_SHAPES;
  const r = await scoreShapeGroups(sets, redact);
  printShapeGroups(r);
  const s = totals(r);
  console.log(
    `all: recall ${s.found}/${s.total} = ${s.recall.toFixed(3)}, kept ${s.kept}/${s.keepTotal} = ${s.retention.toFixed(3)}`,
  );
}
