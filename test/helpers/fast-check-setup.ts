import fc from 'fast-check';

/**
 * How many cases each property test draws, and from which seed. CI sets `TOOLBOUND_FC_SEED` so
 * that a run can be repeated draw for draw, and a change lands or fails on what it changed, not
 * on the luck of the draw. `npm run test:soak` draws from fresh seeds and many more cases, to meet
 * the rare input first: `TOOLBOUND_FC_RUNS=2000`. Unset, fast-check's defaults apply (100 cases, a
 * new seed each run).
 */
const runs = Number(process.env.TOOLBOUND_FC_RUNS);
const seed = Number(process.env.TOOLBOUND_FC_SEED);
fc.configureGlobal({
  ...(Number.isInteger(runs) && runs > 0 ? { numRuns: runs } : {}),
  ...(process.env.TOOLBOUND_FC_SEED && Number.isInteger(seed) ? { seed } : {}),
});
