/**
 * What a leaking span is replaced with in data the model still reads. The rules never read it as
 * a leak, so that text redacted once reads clean on the last pass.
 */
export const REDACTED = '[redacted]';
