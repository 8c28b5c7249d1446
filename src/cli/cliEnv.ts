// First import of every CLI script: their stdout is for results, so logs go to stderr.
process.env.LOG_DESTINATION ||= 'stderr'
process.env.LOG_LEVEL ||= 'warn'
