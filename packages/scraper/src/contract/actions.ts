import { z } from 'zod';
import { SCREENSHOT_QUALITY_MAX, SCREENSHOT_QUALITY_MIN } from './limits.js';
import { viewportSchema } from './formats.js';

export const PDF_PAPER_FORMATS = [
  'A0',
  'A1',
  'A2',
  'A3',
  'A4',
  'A5',
  'A6',
  'Letter',
  'Legal',
  'Tabloid',
  'Ledger',
] as const;

const waitAction = z
  .strictObject({
    type: z.literal('wait'),
    milliseconds: z.number().int().min(1).optional(),
    selector: z.string().min(1).optional(),
  })
  .refine((a) => (a.milliseconds === undefined) !== (a.selector === undefined), {
    message: 'wait action requires exactly one of milliseconds or selector',
  })
  .describe('Waits a number of milliseconds, or until a CSS selector matches.');

/** Spec §2.3: the nine page actions, each strict (no extra properties). */
export const actionSchema = z.discriminatedUnion('type', [
  waitAction,
  z
    .strictObject({
      type: z.literal('screenshot'),
      fullPage: z.boolean().default(false),
      quality: z.number().int().min(SCREENSHOT_QUALITY_MIN).max(SCREENSHOT_QUALITY_MAX).optional(),
      viewport: viewportSchema.optional(),
    })
    .describe('Screenshot; its URL appears in `data.actions.screenshots`.'),
  z.strictObject({ type: z.literal('click'), selector: z.string().min(1), all: z.boolean().default(false) }),
  z.strictObject({ type: z.literal('write'), text: z.string() }),
  z.strictObject({ type: z.literal('press'), key: z.string().min(1) }),
  z.strictObject({
    type: z.literal('scroll'),
    direction: z.enum(['up', 'down']).default('down'),
    selector: z.string().min(1).optional(),
  }),
  z.strictObject({ type: z.literal('scrape') }).describe('Current url and html into `data.actions.scrapes`.'),
  z.strictObject({ type: z.literal('executeJavascript'), script: z.string() }),
  z.strictObject({
    type: z.literal('pdf'),
    format: z.enum(PDF_PAPER_FORMATS).default('Letter'),
    landscape: z.boolean().default(false),
    scale: z.number().positive().default(1),
  }),
]);
export type Action = z.output<typeof actionSchema>;
