// Word lists of benchmarks/pdf/defectFamilies.mjs: a vocabulary the other PDF generators never draw, so no rule can
// have been fitted to it. Data only.

export const WORDS = (
  'anvil basalt caravel dulcimer egret flint gorse halyard isthmus jib kelp lichen marram nautilus obelisk ' +
  'parapet quoin rivet sextant tundra urchin vellum windlass yawl zinnia auger bittern capstan delta ferrule ' +
  'gimbal hawser inlet keel larch moraine narwhal oakum pinnace quartz rudder shoal tiller usher vane wharf ' +
  'ashlar buttress corbel dovetail eave finial gusset hinge joist kerb lintel mullion newel purlin rafter sill'
).split(' ');

/** Running stamps and heads set in the body's own face, size and ink (a draft or circulation mark). */
export const RUNNING = [
  'Draft for comment only',
  'Internal circulation copy',
  'Working paper, not for citation',
  'Preliminary version subject to change',
  'Copy for the board of trustees',
  'Uncorrected proof',
];

/** One-page stamps set in the body's own face and size (issue 26, one-page margins). */
export const STAMPS = ['CONFIDENTIAL', 'Copy', 'FOR INTERNAL USE', 'Original', 'Not for distribution', 'DUPLICATE'];

/** Prefixes of reference codes printed in a page margin. */
export const CODES = ['Ref. QX', 'Doc KV', 'File no. TR', 'Our ref. MB', 'Form LZ'];

/** Page counts of a one-page document. */
export const PAGE_COUNTS = ['Page 1 of 1', '1 / 1', 'Page 1', '1 of 1'];
