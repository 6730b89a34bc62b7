/**
 * A server process for the approval tests: runAgent and resumeAgent on a shared Redis store,
 * driven over the fork IPC channel. Its credit tool counts what it applies in Redis itself, so
 * the parent can count real side effects across processes.
 */
import { createClient } from 'redis';
import { z } from 'zod';
import { createRedisStore } from '../../src/adapters/redis/index.js';
import { createDispatcher } from '../../src/boundary/create-dispatcher.js';
import { ApprovalStateError } from '../../src/loop/paused-run.js';
import { type ApprovalDecision, resumeAgent } from '../../src/loop/resume-agent.js';
import { runAgent } from '../../src/loop/run-agent.js';
import { scriptedModel } from '../../src/loop/scripted-model.js';
import { silentLogger } from '../../src/observe/logger.js';
import { defineTool } from '../../src/tool/define-tool.js';

const client = await createClient({ url: process.env['REDIS_URL'] ?? '', disableOfflineQueue: true })
  .on('error', () => {})
  .connect();
const store = createRedisStore({ client, logger: silentLogger, operationTimeoutMs: 2_000 });
const applyCredit = defineTool({
  name: 'apply_credit',
  description: 'Applies a credit.',
  input: z.object({ customer: z.string(), amount: z.number() }),
  needsApproval: true,
  run: async ({ customer, amount }) => {
    await client.incr(`applied:${customer}`);
    return { status: 'applied', customer, amount };
  },
});
const dispatcher = createDispatcher({ tools: [applyCredit], store, logger: silentLogger });
const approvals = { secret: process.env['APPROVAL_SECRET'] ?? 'shared-secret' };

process.on('message', async (raw) => {
  const request = raw as
    | { id: number; op: 'pause'; customer: string }
    | { id: number; op: 'resume'; state: unknown; decisions: ApprovalDecision[] }
    | { id: number; op: 'exit' };
  if (request.op === 'pause') {
    const result = await runAgent({
      model: scriptedModel([
        { toolCalls: [{ name: 'apply_credit', arguments: { customer: request.customer, amount: 4_200 } }] },
      ]),
      dispatcher,
      messages: [{ role: 'user', content: 'Credit them.' }],
      approvals,
    });
    process.send?.({
      type: 'reply',
      id: request.id,
      value: { endedBy: result.endedBy, state: result.state, pending: result.pendingApprovals },
    });
  } else if (request.op === 'resume') {
    try {
      const result = await resumeAgent({
        model: scriptedModel([{ content: 'Done.' }]),
        dispatcher,
        state: request.state as never,
        decisions: request.decisions,
        approvals,
      });
      process.send?.({ type: 'reply', id: request.id, value: { endedBy: result.endedBy, pid: process.pid } });
    } catch (error) {
      process.send?.({
        type: 'reply',
        id: request.id,
        value: { error: ApprovalStateError.isInstance(error) ? error.reason : String(error) },
      });
    }
  } else {
    await client.quit().catch(() => {});
    process.exit(0);
  }
});
process.send?.({ type: 'ready' });
