import { redactPII } from '@scrape/core';
for (const t of process.argv.slice(2)) { const r = await redactPII(t, { mode: 'accurate', replaceStyle: 'tag' }); console.log(r.text); }
