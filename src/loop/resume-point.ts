import type { ToolMessage } from '../protocol.js';
import type { AgentMessage, ModelResponse, Usage } from './model.js';

/**
 * Where a resumed run picks up: the conversation with the decided turn's tool messages in it.
 * Made by `resumeAgent`; internal to the loop.
 */
export interface ResumePoint {
  runId: string;
  messages: AgentMessage[];
  steps: Array<{ index: number; response: ModelResponse; toolMessages: ToolMessage[] }>;
  toolMessages: ToolMessage[];
  usage: Usage;
  /** The step the loop goes on with. */
  nextIndex: number;
  /** Set when the decided turn already ends the run (a halt, or another pause). */
  endedBy?: 'halted' | 'repeated_failure' | 'aborted';
}
