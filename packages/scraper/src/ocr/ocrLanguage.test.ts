import { describe, expect, it } from 'vitest';
import { detectOcrLanguages, type ReadWord } from './ocrLanguage.js';

const read = (text: string, confidence = 0.9): ReadWord[] => text.split(' ').map((w) => ({ text: w, confidence }));

describe('detectOcrLanguages', () => {
  it('names the language of a reading even when the wrong model dropped its accents', () => {
    // What the English and French models make of German and Spanish: umlauts, ñ and acute accents lost.
    expect(
      detectOcrLanguages(read('Die Kinder gingen uber die Brucke zum Bahnhof, weil der Zug um funf Uhr fahrt.'))[0],
    ).toBe('deu');
    expect(
      detectOcrLanguages(read('El senor de la tienda nos dijo que el tren a Cordoba sale manana por la tarde.'))[0],
    ).toBe('spa');
    expect(
      detectOcrLanguages(read('The children walked over the bridge to the station, as the train left at five.'))[0],
    ).toBe('eng');
    expect(
      detectOcrLanguages(
        read("Les enfants ont traversé le pont jusqu'à la gare, car le train partait à cinq heures."),
      )[0],
    ).toBe('fra');
  });

  it('among the bundled models, tells Italian, Portuguese and Dutch from Spanish and German without accents', () => {
    const bundled = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];
    // Readings by the English and French models: ì ò ù, ã õ and ë ï turned into plain letters. A single short
    // Portuguese sentence can still score as Spanish (franc's trigrams of the two are close); a page has more.
    const cases: [string, string][] = [
      ['Il falegname verra giovedi a riparare la porta della cantina, perche la serratura non funziona piu.', 'ita'],
      [
        'O carpinteiro vira na quinta-feira reparar a porta da cave, porque a fechadura ja nao funciona. Lembro que ' +
          'a caldeira foi verificada e que o custo da reparacao sera dividido pelos condominos.',
        'por',
      ],
      ['De timmerman komt donderdag de deur van de kelder herstellen, omdat het slot niet meer werkt.', 'nld'],
      ['El carpintero vendra el jueves a reparar la puerta del sotano, porque la cerradura ya no funciona.', 'spa'],
      ['Der Tischler kommt am Donnerstag, um die Kellertur zu reparieren, weil das Schloss nicht mehr geht.', 'deu'],
    ];
    for (const [text, code] of cases) expect(detectOcrLanguages(read(text), bundled)).toEqual([code]);
  });

  it('names two languages when a list of nouns fits both as well, so the page is read with each', () => {
    const bundled = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'nld'];
    // A Spanish inventory as the English and French models read it (no function words, accents lost).
    const list =
      'Inventario: camion, ventana, cocina, manzana, arbol, lampara, botella, cuchara, raton, pajaro, cancion, ' +
      'azucar, nino, cafe, mesa, silla, camisa, zapato, cuaderno, llave, puerta, cuchillo, reloj, telefono, montana';
    const codes = detectOcrLanguages(read(list), bundled);
    expect(codes).toHaveLength(2);
    expect(codes).toContain('spa');
  });

  it('names none for too few letters, and ignores words read with little confidence', () => {
    expect(detectOcrLanguages(read('Rechnung Nr. 12'))).toEqual([]);
    expect(
      detectOcrLanguages(read('El senor de la tienda nos dijo que el tren a Cordoba sale manana por la tarde.', 0.2)),
    ).toEqual([]);
  });
});
