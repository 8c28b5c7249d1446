/** Prints one plain closing line, `jest: N passed, N failed, N skipped`, after jest's own summary. */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numFailedTests, numPassedTests, numPendingTests, numRuntimeErrorTestSuites } = results
    const failed = numFailedTests + numRuntimeErrorTestSuites
    process.stdout.write(
      `\njest: ${numPassedTests} passed, ${failed} failed, ${numPendingTests} skipped\n`,
    )
  }
}
