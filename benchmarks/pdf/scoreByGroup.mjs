// The scoring loop the generated PDF suites share (families.mjs, heldOutTests.mjs): each document parsed once, its
// checks run against the markdown and counted per group (a family, a cause), and the Markdown table of the scores.

/**
 * Parses each document with `parse(pdf)` (answers markdown) and runs its `checks` with `runOne(check, md)`, counted
 * under `groupOf(doc)`. A document that cannot be parsed scores its checks as failed, its error kept on `doc.error`;
 * the markdown is kept on `doc.md` (for dumps). Failures carry the document's name, the check, the markdown and error.
 */
export async function scoreByGroup(docs, parse, groupOf, runOne) {
  const per = {};
  const failures = [];
  for (const doc of docs) {
    doc.md = await parsedOrEmpty(doc, parse);
    const group = groupOf(doc);
    per[group] ??= { passed: 0, total: 0 };
    const c = per[group];
    for (const check of doc.checks) {
      c.total++;
      if (runOne(check, doc.md)) c.passed++;
      else failures.push({ doc: doc.name, check, md: doc.md, error: doc.error });
    }
  }
  const passed = Object.values(per).reduce((n, c) => n + c.passed, 0);
  const total = Object.values(per).reduce((n, c) => n + c.total, 0);
  return { passed, total, per, failures };
}

async function parsedOrEmpty(doc, parse) {
  try {
    return await parse(doc.pdf);
  } catch (err) {
    doc.error = err?.details?.code ?? err?.message ?? String(err);
    return '';
  }
}

/**
 * The scores of `rows` ({mode, split, score}) as a Markdown table, a column per group (`per` of each score) and the
 * overall share last; `withCounts` adds "(passed/total)" to each group's share.
 */
export function groupTable(rows, per, withCounts = false) {
  const groups = [...new Set(rows.flatMap((r) => Object.keys(per(r.score))))];
  let out = `| mode | split | ${groups.join(' | ')} | all |\n|---|---|${groups.map(() => '---:').join('|')}|---:|\n`;
  for (const { mode, split, score } of rows) {
    const cell = (g) => {
      const s = per(score)[g];
      if (!s) return '–';
      return `${(s.passed / s.total).toFixed(2)}${withCounts ? ` (${s.passed}/${s.total})` : ''}`;
    };
    out += `| ${mode} | ${split} | ${groups.map(cell).join(' | ')} | ${(score.passed / score.total).toFixed(3)} |\n`;
  }
  return out;
}

/** One line per failed check (`--show-dev`; never for a held-out split). */
export function printFailures(mode, failures) {
  for (const f of failures)
    console.log(`FAIL [${mode}] ${f.doc} ${JSON.stringify(f.check)}${f.error ? ` (${f.error})` : ''}`);
}
