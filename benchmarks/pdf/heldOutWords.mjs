// Word lists of the generated test documents (benchmarks/pdf/heldOutTests.mjs): ordinary words of four languages,
// so text checks do not depend on one vocabulary. Data only.

export const WORDS = {
  en: [
    'river', 'garden', 'copper', 'lantern', 'meadow', 'harbour', 'signal', 'timber', 'velvet', 'orchard', 'marble',
    'winter', 'journey', 'pattern', 'circle', 'border', 'island', 'market', 'canvas', 'ribbon', 'pillar', 'window',
    'shadow', 'feather', 'compass', 'anchor', 'bridge', 'candle', 'silver', 'forest', 'valley', 'engine', 'letter',
    'thunder', 'crystal', 'ladder', 'pocket', 'saddle', 'tunnel', 'basket', 'blanket', 'button', 'castle', 'cotton',
    'fabric', 'gravel', 'kettle', 'needle', 'parcel', 'rocket', 'station', 'morning', 'account', 'payment', 'request',
  ],
  fr: [
    'rivière', 'jardin', 'cuivre', 'lanterne', 'prairie', 'port', 'signal', 'bois', 'velours', 'verger', 'marbre',
    'hiver', 'voyage', 'motif', 'cercle', 'frontière', 'île', 'marché', 'toile', 'ruban', 'pilier', 'fenêtre',
    'ombre', 'plume', 'boussole', 'ancre', 'pont', 'bougie', 'argent', 'forêt', 'vallée', 'moteur', 'lettre',
    'tonnerre', 'cristal', 'échelle', 'poche', 'selle', 'tunnel', 'panier', 'couverture', 'bouton', 'château', 'coton',
    'étoffe', 'gravier', 'bouilloire', 'aiguille', 'colis', 'fusée', 'gare', 'matin', 'compte', 'paiement', 'demande',
  ],
  de: [
    'Fluss', 'Garten', 'Kupfer', 'Laterne', 'Wiese', 'Hafen', 'Signal', 'Holz', 'Samt', 'Obstgarten', 'Marmor',
    'Winter', 'Reise', 'Muster', 'Kreis', 'Grenze', 'Insel', 'Markt', 'Leinwand', 'Band', 'Säule', 'Fenster',
    'Schatten', 'Feder', 'Kompass', 'Anker', 'Brücke', 'Kerze', 'Silber', 'Wald', 'Tal', 'Motor', 'Brief',
    'Donner', 'Kristall', 'Leiter', 'Tasche', 'Sattel', 'Tunnel', 'Korb', 'Decke', 'Knopf', 'Schloss', 'Baumwolle',
    'Stoff', 'Kies', 'Kessel', 'Nadel', 'Paket', 'Rakete', 'Bahnhof', 'Morgen', 'Konto', 'Zahlung', 'Anfrage',
  ],
  es: [
    'río', 'jardín', 'cobre', 'linterna', 'pradera', 'puerto', 'señal', 'madera', 'terciopelo', 'huerto', 'mármol',
    'invierno', 'viaje', 'patrón', 'círculo', 'frontera', 'isla', 'mercado', 'lienzo', 'cinta', 'pilar', 'ventana',
    'sombra', 'pluma', 'brújula', 'ancla', 'puente', 'vela', 'plata', 'bosque', 'valle', 'motor', 'carta',
    'trueno', 'cristal', 'escalera', 'bolsillo', 'silla', 'túnel', 'cesta', 'manta', 'botón', 'castillo', 'algodón',
    'tela', 'grava', 'tetera', 'aguja', 'paquete', 'cohete', 'estación', 'mañana', 'cuenta', 'pago', 'solicitud',
  ],
};

/** What a running head, stamp or footer says, by language. */
export const FURNITURE = {
  en: { stamps: ['RECEIVED', 'COPY', 'PAID', 'CONFIDENTIAL', 'DRAFT'], page: (n, t) => `Page ${n} of ${t}` },
  fr: { stamps: ['REÇU', 'COPIE', 'PAYÉ', 'CONFIDENTIEL', 'BROUILLON'], page: (n, t) => `Page ${n} sur ${t}` },
  de: { stamps: ['EINGEGANGEN', 'KOPIE', 'BEZAHLT', 'VERTRAULICH', 'ENTWURF'], page: (n, t) => `Seite ${n} von ${t}` },
  es: { stamps: ['RECIBIDO', 'COPIA', 'PAGADO', 'CONFIDENCIAL', 'BORRADOR'], page: (n, t) => `Página ${n} de ${t}` },
};

/** Firm names for letterheads and running heads. */
export const FIRMS = [
  'Northwind Legal LLP', 'Harrow & Finch Surveyors', 'Bellweather Mutual', 'Calder Engineering GmbH',
  'Maison Verdier SARL', 'Oakridge Dental Practice', 'Lumen Analytics Ltd', 'Ferreira & Hijos SA',
];
