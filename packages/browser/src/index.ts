// Filled by a later issue; the package builds so the workspace graph is complete.
export const PACKAGE = '@scrape/browser';
