import { createUrlResolver } from '../html/createUrlResolver.js';
import { readJsonLd } from './readJsonLd.js';
import { readMicrodata } from './readMicrodata.js';
import { readRdfa } from './readRdfa.js';
import type { SchemaNode } from './schemaNode.js';

/** The page's schema.org things by source, in the order of trust: JSON-LD is written for machines, markup less so. */
export interface SchemaSources {
  jsonLd: SchemaNode[];
  microdata: SchemaNode[];
  rdfa: SchemaNode[];
}

/** Reads all three syntaxes once; product and menu extraction share the result. `baseUrl` resolves URL values. */
export function readSchemaNodes(document: Document, baseUrl: string): SchemaSources {
  const resolve = createUrlResolver(baseUrl);
  return {
    jsonLd: readJsonLd(document),
    microdata: readMicrodata(document, resolve),
    rdfa: readRdfa(document, resolve),
  };
}

export function allSources(sources: SchemaSources): SchemaNode[][] {
  return [sources.jsonLd, sources.microdata, sources.rdfa];
}
