// Word lists of benchmarks/pdf/families.mjs: a vocabulary the other PDF generators never draw (so no rule can have
// been fitted to it), in English and French; French posters need words that begin with or hold accented capitals
// (É, À, Ç, È, Ê), the letters tesseract was seen to miss. Data only.

export const WORDS = {
  en: (
    'bramble quarry lattice pewter thistle furrow beacon cinder hamlet juniper mantle nettle osprey ' +
    'pebble quiver rampart sorrel tallow umber vessel wicker yarrow zephyr alder bellows cobble dormer ' +
    'ember fennel gable heron ingot jetty kestrel ledger mallow nimbus oxbow plover rook skiff trellis ' +
    'upland vetch warren acorn barley cellar drover estuary flagon granary hearth'
  ).split(' '),
  fr: (
    'étage écluse école épice été élan énigme équipe étoile ébène âme àpreté château forêt fenêtre hôtel ' +
    'rivière prairie garçon leçon façade reçu maçon soupçon français délai mairie chêne grève récolte ' +
    'vallée côte verger moulin pêche tempête lumière carrière boulangère théâtre musée jardin pont marché ' +
    'chemin village colline ruisseau'
  ).split(' '),
};

/** Words for posters: French ones starting with an accented capital once upper-cased, or holding Ç / À / È. */
export const POSTER_WORDS = [
  'ÉTÉ',
  'ÉCOLE',
  'ÉTOILE',
  'ÉCLUSE',
  'ÉQUIPE',
  'À',
  'GARÇON',
  'FAÇADE',
  'LEÇON',
  'REÇU',
  'CHÂTEAU',
  'FORÊT',
  'RIVIÈRE',
  'LUMIÈRE',
  'THÉÂTRE',
  'MUSÉE',
  'VALLÉE',
  'FÊTE',
  'DÉLAI',
  'CÔTE',
];

/** Stamps a clerk adds in the body's own font ("Received 12.03.2024"), per language. */
export const STAMPS = {
  en: ['Received', 'Filed', 'Answered', 'Paid', 'Scanned'],
  fr: ['Reçu le', 'Classé le', 'Payé le', 'Répondu le', 'Numérisé le'],
};

/** Firm names for two-line running heads (different from heldOutWords.mjs's firms). */
export const FIRMS = [
  'Kestrel & Vane Architects',
  'Pemberton Shipping Co.',
  'Atelier Duval & Fils',
  'Greyhaven Housing Trust',
  'Société Lemaire Frères',
  'Thornbury Veterinary Clinic',
];
