// A vitest reporter that names every test which failed first and passed on its retry (the configs allow one retry on
// this shared 2-core machine), so a flaky test is seen in CI's output instead of passing silently. `.ci/run` adds
// the `retried:` lines up into its closing count.
import type { Reporter, TestCase } from 'vitest/node';

export class RetryReporter implements Reporter {
  private readonly retried: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (testCase.result().state === 'passed' && diagnostic?.flaky) {
      this.retried.push(`${testCase.module.relativeModuleId} > ${testCase.fullName}`);
    }
  }

  onTestRunEnd(): void {
    for (const name of this.retried) console.log(`retried: passed only on its retry: ${name}`);
    console.log(`retried: ${this.retried.length} passed only on a retry`);
  }
}
