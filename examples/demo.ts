/**
 * `npm start`: the same transcripts as `npx toolbound demo`, run from the sources with tsx. The
 * scenarios live in src/cli/demo/ so that the published package carries them.
 */
import { runDemo } from '../src/cli/demo/run-demo.js';

await runDemo((line) => console.log(line));
