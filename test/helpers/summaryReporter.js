/**
 * Prints the ten slowest files, then one plain closing line, `jest: N passed, N failed, N skipped`,
 * after jest's own summary: where the suite's time goes, in every run's log.
 */
export default class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numFailedTests, numPassedTests, numPendingTests, numRuntimeErrorTestSuites } = results
    const slowest = results.testResults
      .map((file) => ({
        path: file.testFilePath.replace(`${process.cwd()}/`, ''),
        seconds: (file.perfStats.end - file.perfStats.start) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10)
    const failed = numFailedTests + numRuntimeErrorTestSuites
    process.stdout.write(
      `\nslowest files:\n${slowest.map((f) => `  ${f.seconds.toFixed(0).padStart(5)} s  ${f.path}`).join('\n')}\n` +
        `\njest: ${numPassedTests} passed, ${failed} failed, ${numPendingTests} skipped\n`,
    )
  }
}
