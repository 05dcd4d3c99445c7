/**
 * Builds one bench helper script for plain Node, in a process of its own:
 * `node --import tsx bench/lib/bundle-child.ts <script> <outDir>`. A process's peak RSS on Linux starts from its
 * parent's size when it was started, so the build's memory must not sit in the process that starts the measured ones.
 */
import { build } from 'vite';
import { nodeBundle } from '../../vite.cli.config';

const [script, outDir] = process.argv.slice(2);
if (script === undefined || outDir === undefined) throw new Error('usage: bench/lib/bundle-child.ts <script> <outDir>');
await build({ ...nodeBundle(script, outDir), configFile: false });
