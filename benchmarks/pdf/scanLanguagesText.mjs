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
};
