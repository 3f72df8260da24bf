// The public face of @scrape/scraper: the v2 contract, the pipeline and createScraper() for in-process use.
export { ScrapeError, isScrapeError, errors } from './errors.js';
export { createScraper, type Scraper, type ScraperOptions, type ScrapeContext, type ScrapeDocument } from './createScraper.js';
