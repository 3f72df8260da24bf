import { describe, expect, it } from 'vitest';
import { detectOcrLanguage, type ReadWord } from './ocrLanguage.js';

const read = (text: string, confidence = 0.9): ReadWord[] => text.split(' ').map((w) => ({ text: w, confidence }));

describe('detectOcrLanguage', () => {
  it('names the language of a reading even when the wrong model dropped its accents', () => {
    // What the English and French models make of German and Spanish: umlauts, ñ and acute accents lost.
    expect(
      detectOcrLanguage(read('Die Kinder gingen uber die Brucke zum Bahnhof, weil der Zug um funf Uhr fahrt.')),
    ).toBe('deu');
    expect(
      detectOcrLanguage(read('El senor de la tienda nos dijo que el tren a Cordoba sale manana por la tarde.')),
    ).toBe('spa');
    expect(
      detectOcrLanguage(read('The children walked over the bridge to the station, as the train left at five.')),
    ).toBe('eng');
    expect(
      detectOcrLanguage(read("Les enfants ont traversé le pont jusqu'à la gare, car le train partait à cinq heures.")),
    ).toBe('fra');
  });

  it('names none for too few letters, and ignores words read with little confidence', () => {
    expect(detectOcrLanguage(read('Rechnung Nr. 12'))).toBeNull();
    expect(
      detectOcrLanguage(read('El senor de la tienda nos dijo que el tren a Cordoba sale manana por la tarde.', 0.2)),
    ).toBeNull();
  });
});
