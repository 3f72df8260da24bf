// Full run: every WCXB dev page. `node benchmarks/client-rendered/index.mjs`
import { listPages, print, run } from './lib.mjs';

const ids = listPages();
if (!ids) {
  console.log('client-rendered: ../shared/data/wcxb-dev is absent; skipping.');
  process.exit(0);
}
print(run(ids));
