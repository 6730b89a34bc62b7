import { describe, expect, it } from 'vitest';
import type { ToolboundEvent } from '../observe/events.js';
import { renderDashboard } from './render-dashboard.js';
import { summarizeEvents } from './summarize-events.js';

const approval = (type: 'requested' | 'approved' | 'rejected' | 'expired', n: number): ToolboundEvent => ({
  type: `approval.${type}`,
  time: 1_800_000_000_000 + n,
  runId: 'r',
  tool: 'apply_credit',
  toolCallId: `c${n}`,
  approvalId: `a${n}`,
});

describe('the dashboard counts approvals', () => {
  it('counts each approval event by what happened, and shows the counts', () => {
    const events = [
      approval('requested', 1),
      approval('requested', 2),
      approval('requested', 3),
      approval('approved', 4),
      approval('rejected', 5),
      approval('expired', 6),
    ];
    const summary = summarizeEvents(events);
    expect(summary.approvals).toEqual({ requested: 3, approved: 1, rejected: 1, expired: 1 });
    expect(summary.totals.calls).toBe(0);
    const html = renderDashboard({ events: summary });
    expect(html).toContain('data-testid="approvals-requested">3<');
    expect(html).toContain('data-testid="approvals-approved">1<');
    expect(html).toContain('data-testid="approvals-rejected">1<');
    expect(html).toContain('data-testid="approvals-expired">1<');
  });
});
