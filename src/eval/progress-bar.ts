/** Where a progress bar draws: stderr, or a stand-in in tests. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** A one-line progress bar. */
export interface ProgressBar {
  update(completed: number, label?: string): void;
  /** Clears the line so that the table that follows starts clean. */
  done(): void;
}

/**
 * A progress bar that redraws one line on a terminal and stays silent otherwise, so CI logs
 * and redirected output get no carriage-return noise.
 */
export function createProgressBar(stream: ProgressStream, total: number): ProgressBar {
  if (stream.isTTY !== true) return { update() {}, done() {} };
  let drawn = false;
  return {
    update(completed, label = '') {
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - 50));
      const filled = total === 0 ? width : Math.round((completed / total) * width);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
      const text = `${bar} ${completed}/${total} ${label}`.slice(0, (stream.columns ?? 80) - 1);
      stream.write(`\r\u001b[2K${text}`);
      drawn = true;
    },
    done() {
      if (drawn) stream.write('\r\u001b[2K');
    },
  };
}
