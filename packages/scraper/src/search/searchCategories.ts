import type { SearchCategory } from './searchRequest.js';

/**
 * What each category narrows web search to. Data, not logic: `domains` restrict results to those sites (and their
 * subdomains); `queryTerms` are added to the query sent to the provider; `urlPattern` must match a kept result.
 */
export const CATEGORY_FILTERS: Record<
  SearchCategory,
  { domains?: string[]; queryTerms?: string; urlPattern?: RegExp }
> = {
  github: { domains: ['github.com'], queryTerms: 'site:github.com' },
  research: {
    domains: [
      'arxiv.org',
      'biorxiv.org',
      'medrxiv.org',
      'ncbi.nlm.nih.gov',
      'nature.com',
      'science.org',
      'sciencedirect.com',
      'springer.com',
      'link.springer.com',
      'ieee.org',
      'acm.org',
      'plos.org',
      'semanticscholar.org',
      'researchgate.net',
      'jstor.org',
      'wiley.com',
    ],
  },
  pdf: { queryTerms: 'filetype:pdf', urlPattern: /\.pdf(?:$|[?#])/i },
};

/** Google-style `tbs` time filters and the SearXNG `time_range` each maps to (SearXNG has no hour: a day it is). */
export const TBS_TIME_RANGES: Record<string, 'day' | 'week' | 'month' | 'year'> = {
  'qdr:h': 'day',
  'qdr:d': 'day',
  'qdr:w': 'week',
  'qdr:m': 'month',
  'qdr:y': 'year',
};

/** `host` is `domain` or one of its subdomains (`*.example.com` and `example.com` mean the same). */
export function hostMatches(host: string, domain: string): boolean {
  const d = domain.replace(/^\*\./, '').replace(/\.$/, '');
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === d || h.endsWith('.' + d);
}
