/** A command line scrape-admin cannot run: told with a pointer to --help, exit status 2. */
export class UsageError extends Error {}
