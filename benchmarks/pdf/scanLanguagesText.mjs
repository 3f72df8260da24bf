// Prose written for the scan-language benchmark (scanLanguages.mjs), one short letter per language: ordinary
// sentences with each language's accented letters, unrelated to the word lists of heldOutTests.mjs.
export const LETTERS = {
  en: [
    'Thank you for your letter of last week about the repairs to the old mill by the river.',
    'We visited the site on Tuesday with the builder, who thinks the roof can be saved if the work starts before winter.',
    'The cost of the timber has risen again, so we would like to agree on a price for the whole job now.',
    'Please let us know whether the committee will meet in March, and send us the minutes of the last meeting.',
    'The children of the village school would like to visit the mill once it is safe again.',
  ],
  fr: [
    'Nous avons bien reçu votre lettre de la semaine dernière concernant les travaux du vieux moulin près de la rivière.',
    "Nous sommes allés sur le chantier mardi avec l'entrepreneur, qui pense que la toiture peut être sauvée si les",
    "travaux commencent avant l'hiver. Le prix du bois a encore augmenté : nous préférerions fixer dès maintenant un",
    'prix pour l’ensemble. Pourriez-vous nous dire si le comité se réunira en mars et nous envoyer le procès-verbal?',
    'Les élèves de l’école du village aimeraient visiter le moulin dès qu’il sera de nouveau sûr.',
  ],
  de: [
    'Vielen Dank für Ihren Brief von letzter Woche über die Reparatur der alten Mühle am Fluss.',
    'Wir haben die Baustelle am Dienstag mit dem Bauunternehmer besichtigt, der glaubt, dass das Dach gerettet werden',
    'kann, wenn die Arbeiten vor dem Winter beginnen. Die Preise für Holz sind schon wieder gestiegen, deshalb möchten',
    'wir uns jetzt auf einen Gesamtpreis einigen. Bitte teilen Sie uns mit, ob der Ausschuss im März tagt, und schicken',
    'Sie uns das Protokoll der letzten Sitzung. Die Schüler der Dorfschule würden die Mühle gern besuchen, sobald sie',
    'wieder sicher ist. Mit freundlichen Grüßen aus Köln.',
  ],
  es: [
    'Le agradecemos su carta de la semana pasada sobre la reparación del viejo molino junto al río.',
    'Visitamos la obra el martes con el constructor, quien cree que el tejado podrá salvarse si los trabajos empiezan',
    'antes del invierno. El precio de la madera ha vuelto a subir, así que preferiríamos acordar ahora un precio para',
    'toda la obra. ¿Podría decirnos si el comité se reunirá en marzo y enviarnos el acta de la última reunión?',
    'Los niños de la escuela del pueblo quieren visitar el molino en cuanto vuelva a ser seguro. Un saludo desde León.',
  ],
  it: [
    'La ringraziamo per la sua lettera della settimana scorsa sulla riparazione del vecchio mulino vicino al fiume.',
    'Martedì abbiamo visitato il cantiere con il costruttore, il quale pensa che il tetto si possa salvare se i lavori',
    "cominciano prima dell'inverno. Il prezzo del legno è aumentato ancora, perciò vorremmo concordare subito un",
    'prezzo per tutta l’opera. Potrebbe dirci se il comitato si riunirà a marzo e mandarci il verbale della riunione?',
    'Gli alunni della scuola del paese vorrebbero visitare il mulino appena sarà di nuovo sicuro.',
  ],
  pt: [
    'Agradecemos a sua carta da semana passada sobre a reparação do velho moinho junto ao rio.',
    'Visitámos a obra na terça-feira com o construtor, que acha que o telhado poderá ser salvo se os trabalhos',
    'começarem antes do inverno. O preço da madeira voltou a subir, por isso preferíamos acordar já um preço para',
    'toda a obra. Poderia dizer-nos se a comissão se reunirá em março e enviar-nos a ata da última reunião?',
    'Os alunos da escola da aldeia gostariam de visitar o moinho logo que esteja de novo seguro.',
  ],

  // A second letter each for the languages whose models came later (Italian, Portuguese, Dutch), on another subject
  // and with more of each language's accented letters.
  'it-2': [
    'Gentile dottoressa, le scrivo a proposito dell’ordine di libri per la biblioteca comunale di Forlì.',
    'Purtroppo la consegna di venerdì è arrivata incompleta: mancano tre volumi di storia e un’enciclopedia.',
    'Il corriere dice che il pacco è rimasto in magazzino perché l’indirizzo non era leggibile. Può verificare',
    'se la fattura è già stata pagata? In caso contrario attenderemo la merce prima di saldarla, così non ci',
    'saranno errori. Resto a disposizione per qualsiasi chiarimento sulla quantità o sulla qualità dei volumi.',
  ],
  'pt-2': [
    'Exma. Senhora, escrevo-lhe a propósito da encomenda de livros para a biblioteca municipal de São João.',
    'Infelizmente, a entrega de sexta-feira chegou incompleta: faltam três volumes de história e uma enciclopédia.',
    'A transportadora diz que a caixa ficou no armazém porque o endereço não estava legível. Poderá confirmar se',
    'a fatura já foi paga? Caso contrário, aguardaremos a mercadoria antes de a pagar, para evitar confusões.',
    'Fico ao dispor para qualquer esclarecimento sobre a quantidade ou a condição dos livros. Até breve.',
  ],
  nl: [
    'Hartelijk dank voor uw brief van vorige week over de reparatie van de oude molen aan de rivier.',
    'Wij hebben dinsdag met de aannemer de bouwplaats bezocht; hij denkt dat het dak gered kan worden als het werk',
    'vóór de winter begint. De prijs van het hout is opnieuw gestegen, dus willen wij nu één prijs voor het geheel',
    'afspreken. Kunt u ons laten weten of de commissie in maart vergadert, en ons de notulen van de vorige reünie',
    'sturen? De kinderen van de dorpsschool zijn zeer geïnteresseerd en willen de molen graag bezoeken zodra hij',
    'weer veilig is. Hun ideeën voor een tentoonstelling sturen wij later. Met vriendelijke groeten uit Zeeland.',
  ],

  // Lists without function words (an inventory, an index): the language shows only in the nouns' letters.
  'es-list': [
    'Inventario: camión, ventana, cocina, manzana, árbol, lámpara, botella, cuchara, ratón, pájaro, canción, azúcar,',
    'niño, café, mesa, silla, camisa, zapato, cuaderno, llave, puerta, cuchillo, reloj, teléfono, periódico, montaña,',
    'isla, cielo, nube, estrella, invierno, verano, otoño, primavera, jabón, sartén, almohada, túnel, corazón, lápiz.',
  ],
  'de-list': [
    'Inventar: Lastwagen, Fenster, Küche, Apfel, Baum, Lampe, Flasche, Löffel, Maus, Vogel, Lied, Zucker, Kind,',
    'Kaffee, Tisch, Stuhl, Hemd, Schuh, Heft, Schlüssel, Tür, Messer, Uhr, Telefon, Zeitung, Berg, Insel, Himmel,',
    'Wolke, Stern, Winter, Sommer, Herbst, Frühling, Seife, Pfanne, Kissen, Tunnel, Herz, Bleistift, Mühle, Straße.',
  ],
  'it-list': [
    'Inventario: camion, finestra, cucina, mela, albero, lampada, bottiglia, cucchiaio, topo, uccello, canzone,',
    'zucchero, bambino, caffè, tavolo, sedia, camicia, scarpa, quaderno, chiave, porta, coltello, orologio, telefono,',
    'giornale, montagna, isola, cielo, nuvola, stella, inverno, estate, autunno, sapone, padella, cuscino, città, tè.',
  ],
  'pt-list': [
    'Inventário: camião, janela, cozinha, maçã, árvore, candeeiro, garrafa, colher, rato, pássaro, canção, açúcar,',
    'criança, café, mesa, cadeira, camisa, sapato, caderno, chave, porta, faca, relógio, telefone, jornal, montanha,',
    'ilha, céu, nuvem, estrela, inverno, verão, outono, primavera, sabão, frigideira, almofada, túnel, coração, lápis.',
  ],
  'nl-list': [
    'Inventaris: vrachtwagen, raam, keuken, appel, boom, lamp, fles, lepel, muis, vogel, lied, suiker, kind, koffie,',
    'tafel, stoel, hemd, schoen, schrift, sleutel, deur, mes, klok, telefoon, krant, berg, eiland, hemel, wolk, ster,',
    'zomer, herfst, lente, zeep, pan, kussen, tunnel, hart, potlood, ijzer, zuivel, kruiwagen, café, ideeën, reünie.',
  ],
};
