/** A proportion's confidence interval, both ends in [0, 1]. */
export interface ConfidenceInterval {
  low: number;
  high: number;
}

/**
 * The Wilson score interval for `successes` out of `trials`: unlike the normal approximation it
 * stays inside [0, 1] and is honest at 0/n and n/n, which scripted models produce.
 * @default z = 1.96 (95%)
 * @example wilsonInterval(9, 10) // { low: 0.596, high: 0.982 }
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): ConfidenceInterval {
  if (
    !Number.isInteger(trials) ||
    trials < 0 ||
    !Number.isInteger(successes) ||
    successes < 0 ||
    successes > trials
  )
    throw new RangeError('wilsonInterval: successes and trials must be whole numbers, successes <= trials.');
  if (trials === 0) return { low: 0, high: 1 };
  const proportion = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = (proportion + zSquared / (2 * trials)) / denominator;
  const half =
    (z * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials))) /
    denominator;
  // clamp away rounding noise such as -1e-17
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
