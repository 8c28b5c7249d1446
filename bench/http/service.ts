/**
 * The service exactly as `npm start` runs it (src/cli/start.ts), under a file name of the
 * benchmark's own, so that a process started here is told apart from services started otherwise
 * on a shared machine (and one looking for those leaves it alone).
 */
import '../../src/cli/start'
