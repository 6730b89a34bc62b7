/**
 * `toolbound/approvals`: human approval of tool calls. A tool with `needsApproval` pauses
 * `runAgent` (`endedBy: 'awaiting_approval'`); `resumeAgent` continues it with a person's
 * decisions. See docs/approvals.md.
 */

export { type CallApproval, DEFAULT_APPROVAL_TTL_MS } from '../boundary/approval-gate.js';
export type { PendingApproval } from '../protocol.js';
export type { ApprovalCommand, ApprovalReply } from '../state/approval-records.js';
export { type ApprovalRequestToolOptions, approvalRequestTool } from '../tool/approval-request-tool.js';
export type { ApprovalCheck, ApprovalCheckContext, ToolApproval } from '../tool/define-tool.js';
export { AWAITING_APPROVAL_TEXT } from './pause-for-approval.js';
export {
  type ApprovalOptions,
  ApprovalStateError,
  type ApprovalStateErrorReason,
  type PausedRunState,
} from './paused-run.js';
export { type ApprovalDecision, type ResumeAgentOptions, resumeAgent } from './resume-agent.js';
