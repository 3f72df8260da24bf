/** Google editors and the export format that carries their content (the editor page itself is a JavaScript app). */
const EXPORT_FORMATS: Record<string, string> = {
  document: 'pdf',
  spreadsheets: 'csv',
  presentation: 'pdf',
};
/** `/document/d/<id>/…`, also under an account index (`/document/u/0/d/<id>`). Published (`/d/e/…`) links are pages. */
const EDITOR_PATH = /^\/(document|spreadsheets|presentation)\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]{10,})(?:\/|$)/;

/**
 * The export URL of a Google Docs, Sheets or Slides link (PDF for documents and slides, CSV for a sheet, keeping the
 * tab named by `gid` in the query or the fragment), as the peer fetches them; undefined for every other URL.
 */
export function googleExportUrl(url: URL): URL | undefined {
  if (url.hostname !== 'docs.google.com') return undefined;
  const match = EDITOR_PATH.exec(url.pathname);
  if (!match) return undefined;
  const [, kind, id] = match as unknown as [string, string, string];
  if (url.pathname.includes(`/d/${id}/export`)) return undefined;
  const exportUrl = new URL(`https://docs.google.com/${kind}/d/${id}/export`);
  exportUrl.searchParams.set('format', EXPORT_FORMATS[kind]!);
  if (kind === 'spreadsheets') {
    const gid = url.searchParams.get('gid') ?? /(?:^|[#&])gid=(\d+)/.exec(url.hash)?.[1];
    if (gid && /^\d+$/.test(gid)) exportUrl.searchParams.set('gid', gid);
  }
  return exportUrl;
}
