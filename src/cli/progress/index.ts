export { writeJsonLine } from './json-lines';
export { progressReporter, type ProgressChoice } from './progress-reporter';
export { exportSnapshot, syncSnapshot, type ProgressReporter, type ProgressSnapshot } from './progress-snapshot';
export { createTerminalBar, type TerminalStream } from './terminal-bar';
export { createPlainLines } from './plain-lines';
