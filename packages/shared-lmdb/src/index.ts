// @scrape/shared-lmdb: the one way the packages of this repository open an LMDB file (cache, jobs, the service's
// monitor and account stores). Not meant for use outside this repository.
export { openSharedLmdb, type SharedLmdb, type SharedLmdbOptions } from './openSharedLmdb.js';
