export { writeJsonLine } from './json-lines';
export { progressReporter } from './progress-reporter';
export { exportSnapshot, syncSnapshot, type ProgressReporter } from './progress-snapshot';
