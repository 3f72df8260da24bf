// The public face of @scrape/http (filled by the service issue).
export const PACKAGE = '@scrape/http';
